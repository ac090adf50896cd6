"""Audit export: the ledger shipped as OTLP log records to a real OTLP/HTTP endpoint on loopback.

The receiver is a small http.server on 127.0.0.1 that decodes ExportLogsServiceRequest with
opentelemetry-proto, as a collector would. Nothing here waits on a clock: the receiver counts
requests, and a crash is a receiver that stops answering.
"""

from __future__ import annotations

import http.server
import json
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("opentelemetry.exporter.otlp.proto.http._log_exporter")
logs_service = pytest.importorskip("opentelemetry.proto.collector.logs.v1.logs_service_pb2")

from hookward.adapters.base import WireAnswer  # noqa: E402
from hookward.policy.toolcall import ToolCall  # noqa: E402
from hookward.verdicts import export, grants, ledger  # noqa: E402
from hookward.verdicts.decision import Decision, Verdict  # noqa: E402

from hookward.app import app  # noqa: E402

SECRET_TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
HEADER_SECRET = "Bearer collector-secret-5f1e2d3c"


# ---------------------------------------------------------------- the receiver


class Receiver:
    """An OTLP/HTTP logs endpoint. `crash_on`: the request number (1-based) after whose body is read the
    receiver dies: that request and every later one get no answer (the connection is dropped)."""

    def __init__(self, port: int = 0, crash_on: int | None = None) -> None:
        self.requests = 0
        self.records: list[dict] = []  # every record received, duplicates included
        self.headers: list[dict] = []
        self.crash_on = crash_on
        self.crashed = False
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                receiver.requests += 1
                if receiver.crashed:
                    self.close_connection = True
                    return  # dead: no answer at all
                receiver.headers.append({k.lower(): v for k, v in self.headers.items()})
                receiver.take(body, self.path)
                if receiver.crash_on is not None and receiver.requests >= receiver.crash_on:
                    receiver.crashed = True  # received and kept, but never acknowledged
                    self.close_connection = True
                    return
                reply = logs_service.ExportLogsServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("content-type", "application/x-protobuf")
                self.send_header("content-length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args) -> None:  # type: ignore[no-untyped-def]
                pass

        http.server.HTTPServer.allow_reuse_address = True
        self.server = http.server.HTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def take(self, body: bytes, path: str) -> None:
        request = logs_service.ExportLogsServiceRequest.FromString(body)
        for resource_logs in request.resource_logs:
            resource = {a.key: a.value.string_value for a in resource_logs.resource.attributes}
            for scope_logs in resource_logs.scope_logs:
                for record in scope_logs.log_records:
                    self.records.append(
                        {
                            "path": path,
                            "event_name": record.event_name,
                            "body": record.body.string_value,
                            "time": record.time_unix_nano,
                            "attributes": {a.key: _value(a.value) for a in record.attributes},
                            "resource": resource,
                            "scope": scope_logs.scope.name,
                            "raw": body,
                        }
                    )

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1/logs"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def _value(value):  # type: ignore[no-untyped-def]
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [_value(v) for v in value.array_value.values]
    return getattr(value, kind) if kind else None


@pytest.fixture
def receiver():  # type: ignore[no-untyped-def]
    started: list[Receiver] = []

    def start(**kwargs) -> Receiver:  # type: ignore[no-untyped-def]
        found = Receiver(**kwargs)
        started.append(found)
        return found

    yield start
    for found in started:
        found.stop()


# ---------------------------------------------------------------- the ledger


@pytest.fixture
def state(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "state" / "hookward"


def shell(command: str, tool_use_id: str) -> ToolCall:
    return ToolCall(
        "shell",
        tool="Bash",
        command=command,
        cwd="/work/proj",
        project_root="/work/proj",
        host="claude-code",
        event="PreToolUse",
        session_id="s1",
        tool_use_id=tool_use_id,
    )


def fill(count: int) -> None:
    """`count` decisions; the first carries a token on its command line, the second opens a grant."""
    for i in range(count):
        command = f"curl -H 'Authorization: token {SECRET_TOKEN}' https://api.github.com" if i == 0 else f"ls {i}"
        decision = Decision(Verdict.ASK, [f"because {i}"], ["program.unknown"])
        call = shell(command, f"t{i}")
        grant = None
        if i == 1:
            grant = grants.grant_record(call, decision, "g-test-1", "k" * 64, "deny", 3600, [])
        ledger.record_decision(call, decision, "deny", WireAnswer("{}", 2, ""), grant=grant)


def stored() -> list[dict]:
    conn = ledger.open_ledger()
    try:
        return ledger.raw_rows(conn)
    finally:
        conn.close()


def target(endpoint: str, batch_size: int = 3) -> export.Target:
    return export.Target(endpoint, {"authorization": HEADER_SECRET}, 0.5, batch_size)


def run(endpoint: str, batch_size: int = 3) -> export.Outcome:
    conn = ledger.open_ledger()
    try:
        return export.export(conn, target(endpoint, batch_size))
    finally:
        conn.close()


# ---------------------------------------------------------------- tests


def test_every_ledger_event_arrives_as_a_log_record_with_its_row_hash_as_event_id(state, receiver) -> None:
    fill(4)
    ledger.record_failure("claude-code", "PreToolUse", None, "the payload was not JSON", None)
    rows = stored()
    kinds = [r["kind"] for r in rows]
    assert "grant" in kinds and kinds.count("decision") == 5
    sink = receiver()
    outcome = run(sink.endpoint)
    assert outcome.error is None and outcome.sent == len(rows) and outcome.remaining == 0
    got = {r["attributes"]["hookward.event.id"]: r for r in sink.records}
    assert list(got) == [r["hash"] for r in rows]
    first = got[rows[0]["hash"]]
    assert first["event_name"] == "hookward.decision"
    assert first["attributes"]["hookward.host"] == "claude-code"
    assert first["attributes"]["hookward.session"] == "s1"
    assert first["attributes"]["hookward.project"] == "/work/proj"
    assert first["attributes"]["hookward.verdict"] == "ask"
    assert first["attributes"]["hookward.sent"] == "deny"
    assert first["attributes"]["hookward.rule_ids"] == ["program.unknown"]
    assert first["attributes"]["hookward.failed_closed"] is False
    assert first["attributes"]["hookward.evidence.grade"] in ("unknown", "documented", "read", "probed")
    assert first["resource"]["service.name"] == "hookward" and first["scope"] == "hookward.audit"
    assert (
        first["time"]
        == int(
            ledger.sqlite3.connect(str(state / "ledger.db"))
            .execute("SELECT at FROM events WHERE id = ?", (rows[0]["id"],))
            .fetchone()[0]
        )
        * 1000
    )
    opened = next(r for r in sink.records if r["event_name"] == "hookward.grant.opened")
    assert opened["attributes"]["hookward.grant.id"] == "g-test-1"
    assert opened["attributes"]["hookward.grant.step"] == "opened"
    decision_with_grant = got[rows[[r["tool_use_id"] for r in rows].index("t1")]["hash"]]
    assert decision_with_grant["attributes"]["hookward.grant.id"] == "g-test-1"
    refusal = got[rows[-1]["hash"]]
    assert refusal["attributes"]["hookward.failed_closed"] is True
    assert refusal["attributes"]["hookward.rule_ids"] == ["hookward.failed-closed"]
    assert sink.headers[0]["authorization"] == HEADER_SECRET  # the configured header reaches the collector


def test_a_token_on_a_command_line_never_leaves_the_machine(state, receiver) -> None:
    fill(2)
    sink = receiver()
    assert run(sink.endpoint).error is None
    assert sink.records and all(SECRET_TOKEN.encode() not in r["raw"] for r in sink.records)
    assert "[REDACTED]" in sink.records[0]["body"]


def test_receiver_restart_mid_stream_loses_nothing_and_duplicates_keep_their_event_id(state, receiver) -> None:
    fill(10)
    rows = stored()
    hashes = [r["hash"] for r in rows]
    first = receiver(crash_on=2)  # acknowledges batch 1, keeps batch 2 without answering, then is dead
    outcome = run(first.endpoint)
    assert outcome.error is not None and outcome.sent == 3 and outcome.remaining == len(rows) - 3
    port = first.port
    first.stop()
    second = receiver(port=port)  # the collector comes back where it was
    outcome = run(second.endpoint)
    assert outcome.error is None and outcome.remaining == 0
    received = [r["attributes"]["hookward.event.id"] for r in first.records + second.records]
    assert set(received) == set(hashes)  # nothing lost
    duplicates = {event_id for event_id in received if received.count(event_id) > 1}
    assert duplicates == set(hashes[3:6])  # batch 2: received by the crashed receiver and sent again
    by_id: dict[str, list[dict]] = {}
    for record in first.records + second.records:
        by_id.setdefault(record["attributes"]["hookward.event.id"], []).append(record["attributes"])
    for event_id in duplicates:
        copies = by_id[event_id]
        assert all(copy == copies[0] for copy in copies)  # a duplicate is the same event, id included
    assert run(second.endpoint).sent == 0  # the cursor is at the end


def test_a_collector_that_is_down_moves_no_cursor(state, receiver) -> None:
    fill(3)
    sink = receiver()
    endpoint = sink.endpoint
    sink.stop()
    outcome = run(endpoint)
    assert outcome.error is not None and outcome.sent == 0 and outcome.remaining == len(stored())
    assert export.read_cursor(export.cursor_path(target(endpoint))) is None
    assert HEADER_SECRET not in outcome.error


def test_a_ledger_replaced_since_the_cursor_is_exported_again_from_its_start(state, receiver) -> None:
    fill(2)
    sink = receiver()
    run(sink.endpoint)
    cursor = export.cursor_path(target(sink.endpoint))
    Path(cursor).write_text(json.dumps({"id": 2, "hash": "f" * 64}))  # not the row the ledger holds
    outcome = run(sink.endpoint)
    assert outcome.sent == len(stored())


def _write_user_policy(state: Path, text: str) -> None:
    config = state.parent.parent / "config" / "hookward"
    config.mkdir(parents=True, exist_ok=True)
    (config / "policy.toml").write_text(text)


def test_export_command_reads_the_endpoint_from_the_user_policy_and_never_prints_headers(state, receiver) -> None:
    fill(2)
    sink = receiver()
    _write_user_policy(
        state,
        f'[audit_export]\nendpoint = "{sink.endpoint}"\nheaders = {{ authorization = "{HEADER_SECRET}" }}\n',
    )
    result = CliRunner().invoke(app, ["audit", "export", "--otlp"])
    assert result.exit_code == 0, result.output
    assert HEADER_SECRET not in result.output and "authorization=[REDACTED]" in result.output
    assert len(sink.records) == len(stored())
    shown = CliRunner().invoke(app, ["policy", "show", "--json"])
    assert HEADER_SECRET not in shown.output


def test_a_projects_policy_cannot_aim_the_audit_stream(state, receiver, tmp_path, monkeypatch) -> None:
    fill(1)
    sink = receiver()
    project = tmp_path / "repo"
    project.mkdir()
    (project / ".hookward.toml").write_text(f'[audit_export]\nendpoint = "{sink.endpoint}"\n')
    monkeypatch.chdir(project)
    result = CliRunner().invoke(app, ["audit", "export", "--otlp"])
    assert result.exit_code == 1 and "no [audit_export] endpoint is configured" in result.output
    assert sink.requests == 0


@pytest.mark.parametrize(
    "endpoint",
    ["http://collector.example:4318/v1/logs", "https://user:pw@collector.example/v1/logs", "ftp://127.0.0.1/x"],
)
def test_an_endpoint_that_is_not_https_or_loopback_is_refused(state, endpoint) -> None:
    _write_user_policy(state, f'[audit_export]\nendpoint = "{endpoint}"\n')
    result = CliRunner().invoke(app, ["audit", "export", "--otlp"])
    assert result.exit_code == 1 and "endpoint" in result.output


def test_an_agent_running_audit_export_is_denied_by_self_protection(state, tmp_path) -> None:
    from hookward.policy.engine import evaluate

    project = str(tmp_path)
    call = ToolCall("shell", command="hookward audit export --otlp", cwd=project, project_root=project)
    decision = evaluate(call)
    assert decision.verdict == Verdict.DENY and "floor.self-protection" in decision.rule_ids
