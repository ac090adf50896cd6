"""Audit export: every ledger event, shipped afterwards as an OpenTelemetry log record.

`hookward audit export` (run by a person, or by a timer the person installs)
reads the ledger from where the last export stopped and sends each row to an
OTLP/HTTP logs endpoint with the SDK's OTLP exporter (`pip install
'hookward[otel]'`). The hook path never imports this module and never waits on
the network: the ledger is the source of truth, and a collector that is down
loses nothing, since the cursor moves only past rows the collector accepted.

Delivery is at least once. A batch the collector received but did not
acknowledge (a crash, a timeout, a 503) is sent again; every record carries
the row's chain hash as `hookward.event.id`, so a receiver drops duplicates by
that id. The cursor (a file in the state directory, one per endpoint) names the
last exported row by id and hash; a ledger that no longer holds that row with
that hash (repaired, replaced) is exported again from its start.

Where it goes comes only from the managed or the user policy (`[audit_export]`),
never from a project's file, which could aim the audit stream at an attacker; the
endpoint is https, or http only to this machine; the headers are secrets: they
are never stored, printed or put in an error (see `Target.scrub`). The SDK's
own OTEL_EXPORTER_OTLP_* variables are ignored, so the configuration is the
whole truth about where records go.

Stable attribute names (a record's body is the row's one-line summary):

    hookward.event.id        the row's chain hash (the deduplication key)
    hookward.event.kind      decision, post, grant, prune, repair
    hookward.event.row       the row id in the ledger
    hookward.event.prev_hash the previous row's hash (a receiver can check the chain)
    hookward.host            the agent host (claude-code, codex, ...)
    hookward.session         the host's session id
    hookward.project         the project root (redacted)
    hookward.tool.kind       shell, read, write, edit, delete, mcp, web, other
    hookward.tool.name       the host's tool name
    hookward.tool_use.id     the host's tool-call id
    hookward.verdict         decision: allow, ask, force_ask, deny; grant: the step
    hookward.sent            what the host was sent (allow, silent, ask, force_ask, deny, shadow-...)
    hookward.rule_ids        the rules and floors that decided (string array)
    hookward.reasons         the reasons (redacted, string array)
    hookward.grant.id        the grant a decision opened, or the grant a grant row is a step of
    hookward.grant.step      grant rows: opened, approved, denied, refused, used
    hookward.failed_closed   true for a refusal that came from a failure (rule hookward.failed-closed)
    hookward.exit_code       the exit code the hook answered with, if any
    hookward.post.failed     post rows: the tool call failed
    hookward.post.resolves   post rows: the decision row it resolves
    hookward.spooled         the row came through the spool
    hookward.evidence.grade  the registry grade of the host fact behind the answer sent (see evidence_grade)

Resource: service.name=hookward, service.version, host.name (this machine).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from hookward.verdicts import ledger
from hookward.verdicts.redact import MARK, flatten, redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookward.policy.schema import AuditExport

SCOPE = "hookward.audit"
CURSOR_PREFIX = "export-"
CURSOR_SUFFIX = ".cursor"
FAILED_CLOSED_RULE = "hookward.failed-closed"
GRANT_RULE_PREFIX = "grant:"


class ExportUnavailable(Exception):
    """The otel extra is not installed, or no endpoint is configured: said plainly, nothing sent."""


class Target:
    """Where records go. Header values are secrets: held here, never in a repr, a file or a message."""

    __slots__ = ("endpoint", "_headers", "timeout", "batch_size", "origin")

    def __init__(
        self, endpoint: str, headers: dict[str, str], timeout: float, batch_size: int, origin: str = ""
    ) -> None:
        from hookward.policy.urls import export_endpoint_problem

        problem = export_endpoint_problem(endpoint)
        if problem:
            raise ExportUnavailable(f"{origin or 'the audit export'}: {problem}")
        self.endpoint = endpoint
        self._headers = dict(headers)
        self.timeout = timeout
        self.batch_size = batch_size
        self.origin = origin

    @classmethod
    def from_config(cls, config: AuditExport, origin: str) -> Target:
        headers = {name: value.get_secret_value() for name, value in config.headers.items()}
        return cls(config.endpoint, headers, config.timeout_seconds, config.batch_size, origin)

    def headers(self) -> dict[str, str]:
        return dict(self._headers)

    def described(self) -> str:
        names = ", ".join(f"{name}={MARK}" for name in sorted(self._headers))
        return f"{self.endpoint}" + (f" (headers: {names})" if names else "")

    def scrub(self, text: str) -> str:
        """Any text that might quote a header value (an SDK log line, an error), with every value masked."""
        for value in sorted(self._headers.values(), key=len, reverse=True):
            if value:
                text = text.replace(value, MARK)
        return redact(text)

    def __repr__(self) -> str:
        return f"Target({self.described()!r})"


def configured_target() -> Target:
    """The managed policy's `[audit_export]`, else the user's; never a project's file."""
    from hookward.policy import loader, managed
    from hookward.policy.schema import parse_policy_text

    for layer, path in (("managed", managed.managed_policy_path()), ("user", loader.user_policy_path())):
        raw = loader._read_policy(path) if layer == "user" else managed.read_managed(path)
        if raw is None:
            continue
        parsed = parse_policy_text(raw.decode("utf-8"), path)
        if parsed.audit_export is not None:
            return Target.from_config(parsed.audit_export, f"{layer} policy {path}")
    raise ExportUnavailable(
        f"no [audit_export] endpoint is configured; add one to your policy ({loader.user_policy_path()}):\n"
        '  [audit_export]\n  endpoint = "https://collector.example:4318/v1/logs"\n'
        '  headers = { authorization = "Bearer ..." }'
    )


# ---------------------------------------------------------------- the cursor


def cursor_path(target: Target, directory: str | None = None) -> str:
    digest = ledger.sha256(target.endpoint.encode()).hexdigest()[:16]
    return os.path.join(directory or ledger.state_dir(), f"{CURSOR_PREFIX}{digest}{CURSOR_SUFFIX}")


def read_cursor(path: str) -> tuple[int, str] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        return int(data["id"]), str(data["hash"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no cursor, or a broken one: start from the beginning (duplicates, never a loss)


def write_cursor(path: str, row_id: int, row_hash: str, endpoint: str) -> None:
    import tempfile

    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".export-cursor-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump({"id": row_id, "hash": row_hash, "endpoint": endpoint}, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def start_after(conn: ledger.sqlite3.Connection, cursor: tuple[int, str] | None) -> int:
    """The row id to export after: the cursor's, if the ledger still holds that row with that hash."""
    if cursor is None:
        return 0
    row_id, row_hash = cursor
    found = conn.execute("SELECT hash FROM events WHERE id = ?", (row_id,)).fetchone()
    if found is not None:
        return row_id if found[0] == row_hash else 0
    anchor = ledger.read_anchor(conn)
    if anchor is not None and anchor[0] >= row_id:
        return row_id  # pruned since: everything after it is still there
    return 0  # the ledger was replaced: export it again (receivers drop what they have by event id)


# ---------------------------------------------------------------- rows to records


def rows_after(conn: ledger.sqlite3.Connection, after: int, limit: int) -> list[dict]:
    columns = ", ".join(("id", *ledger.FIELDS, "prev_hash", "hash"))
    cursor = conn.execute(f"SELECT {columns} FROM events WHERE id > ? ORDER BY id LIMIT ?", (after, limit))
    names = ("id", *ledger.FIELDS, "prev_hash", "hash")
    return [dict(zip(names, tuple(row), strict=True)) for row in cursor]


def grants_by_decision(conn: ledger.sqlite3.Connection, ids: list[int]) -> dict[int, str]:
    if not ids:
        return {}
    try:
        marks = ", ".join("?" for _ in ids)
        found = conn.execute(f"SELECT decision_id, grant_id FROM grants WHERE decision_id IN ({marks})", ids)
        return {int(decision_id): str(grant_id) for decision_id, grant_id in found}
    except ledger.sqlite3.OperationalError:
        return {}  # a ledger without grants


def _texts(raw: str) -> list[str]:
    try:
        values = json.loads(raw)
    except ValueError:
        return []
    return [flatten(redact(str(v)), ledger.REASON_LIMIT) for v in values] if isinstance(values, list) else []


def attributes(row: dict, grant_id: str | None, grade: str | None) -> dict:
    """The record's attributes. Rows are redacted when written; text fields go through redact again here,
    so a row spooled by an older version, or a grant's project, cannot carry a secret out."""
    rules = [str(r) for r in json.loads(row["rules"] or "[]")]
    out: dict = {
        "hookward.event.id": row["hash"],
        "hookward.event.kind": row["kind"],
        "hookward.event.row": int(row["id"]),
        "hookward.event.prev_hash": row["prev_hash"],
        "hookward.host": row["host"],
        "hookward.session": row["session"],
        "hookward.project": flatten(redact(row["project"] or ""), 500),
        "hookward.tool.kind": row["tool_kind"],
        "hookward.tool.name": row["tool"],
        "hookward.tool_use.id": row["tool_use_id"],
        "hookward.rule_ids": rules,
        "hookward.reasons": _texts(row["reasons"]),
        "hookward.spooled": bool(row["spooled"]),
    }
    for name, value in (("hookward.verdict", row["verdict"]), ("hookward.sent", row["sent"])):
        if value is not None:
            out[name] = value
    if row["exit_code"] is not None:
        out["hookward.exit_code"] = int(row["exit_code"])
    if row["kind"] == "decision":
        out["hookward.failed_closed"] = FAILED_CLOSED_RULE in rules
    if row["kind"] == "post":
        out["hookward.post.failed"] = bool(row["failed"])
        if row["resolves"] is not None:
            out["hookward.post.resolves"] = int(row["resolves"])
    if row["kind"] == "grant":
        grant_id = next((r[len(GRANT_RULE_PREFIX) :] for r in rules if r.startswith(GRANT_RULE_PREFIX)), grant_id)
        if row["verdict"]:
            out["hookward.grant.step"] = row["verdict"]
    if grant_id:
        out["hookward.grant.id"] = grant_id
    if grade is not None:
        out["hookward.evidence.grade"] = grade
    return out


def event_name(row: dict) -> str:
    if row["kind"] == "grant" and row["verdict"]:
        return f"hookward.grant.{row['verdict']}"
    return f"hookward.{row['kind']}"


_grades: dict[tuple[str, str], str] = {}


def evidence_grade(host: str, sent: str | None) -> str | None:
    """The registry's grade of the fact that made `sent` the answer on this host's pre-tool event, in the
    host's default mode (the ledger keeps neither the event nor the mode): a refusal or a silent answer
    rests on the host enforcing `deny` or its own flow, an ask on its prompt. `unknown` where the registry
    has no graded fact; None for a row that sent nothing."""
    if not host or not sent:
        return None
    answer = sent.removeprefix("shadow-")
    key = (host, answer)
    if key not in _grades:
        try:
            from hookward.compat.registry import Capabilities

            caps = Capabilities.of(host)
            pre = next((n for n, ev in caps.data.get("events", {}).items() if ev.get("role") == "pre"), "")
            fact = caps.effect(pre, "deny" if answer == "silent" else answer, None) if pre else {}
            _grades[key] = str(fact.get("grade") or "unknown")
        except Exception:  # an unknown host, a registry file that does not load
            _grades[key] = "unknown"
    return _grades[key]


def to_records(rows: list[dict], grants: dict[int, str], resource, scope) -> list:  # type: ignore[no-untyped-def]
    from opentelemetry._logs import LogRecord, SeverityNumber
    from opentelemetry.sdk._logs import ReadableLogRecord

    records = []
    for row in rows:
        refused = row["kind"] == "decision" and (row["sent"] or "").removeprefix("shadow-") == "deny"
        severity = SeverityNumber.WARN if refused else SeverityNumber.INFO
        record = LogRecord(
            timestamp=int(row["at"]) * 1000,
            observed_timestamp=int(row["at"]) * 1000,
            severity_number=severity,
            severity_text=severity.name,
            body=flatten(redact(row["summary"] or ""), ledger.SUMMARY_LIMIT),
            attributes=attributes(row, grants.get(int(row["id"])), evidence_grade(row["host"], row["sent"])),
            event_name=event_name(row),
        )
        records.append(ReadableLogRecord(record, resource, scope))
    return records


# ---------------------------------------------------------------- sending


class Outcome:
    __slots__ = ("sent", "batches", "last_id", "error", "remaining")

    def __init__(self) -> None:
        self.sent = 0
        self.batches = 0
        self.last_id = 0
        self.error: str | None = None
        self.remaining = 0


@contextmanager
def _no_otel_environment() -> Iterator[None]:
    """The SDK reads OTEL_EXPORTER_OTLP_* (endpoint, headers, certificates) and OTEL_RESOURCE_ATTRIBUTES;
    only the configuration decides where records go, so they are hidden while the exporter is built."""
    saved = {name: os.environ.pop(name) for name in list(os.environ) if name.startswith("OTEL_")}
    try:
        yield
    finally:
        os.environ.update(saved)


def otlp_exporter(target: Target):  # type: ignore[no-untyped-def]
    try:
        from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
    except ImportError:
        raise ExportUnavailable(
            "audit export needs the otel extra: pip install 'hookward[otel]' "
            "(opentelemetry-sdk, opentelemetry-exporter-otlp-proto-http)"
        ) from None
    with _no_otel_environment():
        return OTLPLogExporter(endpoint=target.endpoint, headers=target.headers(), timeout=target.timeout)


def export(
    conn: ledger.sqlite3.Connection,
    target: Target,
    directory: str | None = None,
    exporter_factory: Callable[[Target], object] = otlp_exporter,
    max_batches: int | None = None,
) -> Outcome:
    """Send every row after the cursor, batch by batch; the cursor moves only past an acknowledged batch."""
    import socket

    __version__ = _version()
    exporter = exporter_factory(target)
    with _no_otel_environment():
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.util.instrumentation import InstrumentationScope

        resource = Resource(
            {"service.name": "hookward", "service.version": __version__, "host.name": socket.gethostname()}
        )
    scope = InstrumentationScope(SCOPE, __version__)
    path = cursor_path(target, directory)
    after = start_after(conn, read_cursor(path))
    outcome = Outcome()
    outcome.last_id = after
    said = _Capture(target)
    otel_logger = logging.getLogger("opentelemetry")
    otel_logger.addHandler(said)
    propagate, otel_logger.propagate = otel_logger.propagate, False  # the SDK's lines are scrubbed, then shown
    try:
        while max_batches is None or outcome.batches < max_batches:
            rows = rows_after(conn, after, target.batch_size)
            if not rows:
                break
            records = to_records(rows, grants_by_decision(conn, [int(r["id"]) for r in rows]), resource, scope)
            result = exporter.export(records)  # type: ignore[attr-defined]
            if getattr(result, "name", str(result)) != "SUCCESS":
                outcome.error = said.last() or (
                    f"the collector at {target.endpoint} did not acknowledge the batch (down, unreachable or refusing)"
                )
                break
            after = int(rows[-1]["id"])
            write_cursor(path, after, str(rows[-1]["hash"]), target.endpoint)
            outcome.sent += len(rows)
            outcome.batches += 1
            outcome.last_id = after
    finally:
        otel_logger.removeHandler(said)
        otel_logger.propagate = propagate
        shutdown = getattr(exporter, "shutdown", None)
        if shutdown is not None:
            shutdown()
    outcome.remaining = int(conn.execute("SELECT COUNT(*) FROM events WHERE id > ?", (after,)).fetchone()[0])
    return outcome


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hookward")
    except PackageNotFoundError:
        return "0"


class _Capture(logging.Handler):
    """A logging handler for the SDK's messages: kept scrubbed of header values, the last one reported."""

    def __init__(self, target: Target) -> None:
        super().__init__()
        self.target = target
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.target.scrub(record.getMessage())[:500])
        except Exception:
            self.lines.append("the exporter failed")

    def last(self) -> str | None:
        return self.lines[-1] if self.lines else None


def exported_ids(records: Sequence) -> list[str]:  # type: ignore[type-arg]
    """The event ids of records (for tests and tooling)."""
    return [r.log_record.attributes["hookward.event.id"] for r in records]
