"""A routine record is a framed append to the spool (no SQLite); whoever next needs the database merges it.

verdicts/ledger.py `_defer`: nothing is lost (a torn or foreign spool frame is kept in a quarantine file
and reported), rows are chained in the order they were made, and the chain verifies.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.policy.toolcall import ToolCall
from hookward.verdicts import ledger, spool
from hookward.verdicts.decision import Decision, Verdict
from typer.testing import CliRunner

from hookward.app import app

ALLOW = Decision(Verdict.ALLOW, ["read-only inspection"], ["builtin.read-only"])
ASK = Decision(Verdict.ASK, ["python3 runs ./build.py, which hookward does not read"], ["program.unknown"])


@pytest.fixture
def state(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    base = tmp_path / "xdg-state"
    monkeypatch.setenv("XDG_STATE_HOME", str(base))
    return base / "hookward"


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


def allow(tool_use_id: str, command: str = "ls") -> None:
    ledger.record_decision(shell(command, tool_use_id), ALLOW, "allow", WireAnswer("{}", 0, ""))


def chain(state: Path) -> list[dict]:
    conn = ledger.open_ledger(str(state))
    try:
        return ledger.raw_rows(conn)
    finally:
        conn.close()


def verified(state: Path) -> dict:
    conn = ledger.open_ledger(str(state))
    try:
        return ledger.verify(conn, str(state))
    finally:
        conn.close()


def test_routine_allow_is_appended_to_the_spool_without_touching_the_database(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    for i in range(3):
        allow(f"t{i}")
    assert not (state / ledger.DB_NAME).exists()
    records, torn = spool.parse((state / ledger.SPOOL_NAME).read_bytes())
    assert [r["tool_use_id"] for r in records] == ["t0", "t1", "t2"] and torn == 0
    assert all(r["deferred"] == 1 for r in records)
    assert capsys.readouterr().err == ""  # deferring is no trouble: nothing said


def test_a_database_write_merges_deferred_rows_first_in_the_order_they_were_made(state: Path) -> None:
    allow("t0")
    allow("t1")
    grant = {"grant_id": "g1", "identity": "k" * 64, "opened_at": 1, "expires_at": 2**62, "verdict": "ask"}
    grant.update(host="claude-code", session="s1", parts=[])
    ledger.record_decision(shell("python3 build.py", "t2"), ASK, "ask", None, grant)  # opens a grant: stored now
    conn = ledger._sqlite().connect(str(state / ledger.DB_NAME))  # read without any merge
    try:
        stored = [r[0] for r in conn.execute("SELECT tool_use_id FROM events WHERE kind = 'decision' ORDER BY id")]
    finally:
        conn.close()
    assert stored == ["t0", "t1", "t2"]
    assert not (state / ledger.SPOOL_NAME).exists()
    rows = chain(state)
    assert [r["spooled"] for r in rows if r["kind"] == "decision"] == [False, False, False]  # deferred is not trouble
    assert verified(state)["ok"]


def test_a_deferred_post_resolves_the_deferred_decision_it_answers(state: Path) -> None:
    ledger.record_decision(shell("python3 build.py", "t1"), ASK, "ask", None)
    ledger.record_post(PostEvent(shell("python3 build.py", "t1"), False))
    conn = ledger.open_ledger(str(state))
    try:
        statuses = [r["status"] for r in ledger.decisions(conn)]
    finally:
        conn.close()
    assert statuses == ["ran"]


def test_the_deferring_writer_merges_once_the_spool_is_big(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    allow("t0")
    size = (state / ledger.SPOOL_NAME).stat().st_size
    monkeypatch.setattr(ledger, "MERGE_AT_BYTES", 3 * size)
    allow("t1")
    assert not (state / ledger.DB_NAME).exists()
    allow("t2")  # the spool reached MERGE_AT_BYTES: this writer merges it
    assert not (state / ledger.SPOOL_NAME).exists() and (state / ledger.DB_NAME).exists()
    assert [r["tool_use_id"] for r in chain(state)] == ["t0", "t1", "t2"]


def test_a_crash_mid_append_loses_no_other_record_and_keeps_the_torn_bytes(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    allow("t0")
    torn = spool.frame({name: "x" for name in ledger.FIELDS})[:-9]  # a writer killed mid-frame
    with open(state / ledger.SPOOL_NAME, "ab") as handle:
        handle.write(torn)
    allow("t1")  # the next writer's frame starts right after the torn one
    allow("t2")
    assert [r["tool_use_id"] for r in chain(state)] == ["t0", "t1", "t2"]
    err = capsys.readouterr().err
    assert "1 unreadable spool record(s)" in err
    kept = ledger.quarantined(str(state))
    assert len(kept) == 1 and torn in Path(kept[0]).read_bytes()
    assert verified(state)["ok"]
    # Kept files are never merged: another merge leaves them and adds nothing.
    allow("t3")
    assert [r["tool_use_id"] for r in chain(state)] == ["t0", "t1", "t2", "t3"]
    assert ledger.quarantined(str(state)) == kept


def test_a_spool_line_that_is_not_a_record_is_reported_by_audit_verify(state: Path) -> None:
    allow("t0")
    stranger = {"kind": "decision", "note": "not a ledger row"}  # parses, but is no row: kept, not merged
    with open(state / ledger.SPOOL_NAME, "ab") as handle:
        handle.write(spool.frame(stranger))
    result = CliRunner().invoke(app, ["audit", "verify"])
    assert result.exit_code == 0 and "ledger intact: 1 rows chained" in result.stdout
    assert "could not be merged" in result.stdout and "quarantine-spool-" in result.stdout
    as_json = json.loads(CliRunner().invoke(app, ["audit", "verify", "--json"]).stdout)
    (kept,) = as_json["quarantined"]
    assert b"not a ledger row" in Path(kept).read_bytes()


def test_unkept_unreadable_bytes_leave_the_spool_file_in_place(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    allow("t0")
    with open(state / ledger.SPOOL_NAME, "ab") as handle:
        handle.write(b"\x1e12 torn")

    def no_room(directory: str, chunks: list[bytes]) -> str:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(spool, "quarantine", no_room)
    assert [r["tool_use_id"] for r in chain(state)] == ["t0"]
    waiting = ledger.spool_files(str(state))
    assert len(waiting) == 1 and b"\x1e12 torn" in Path(waiting[0]).read_bytes()
    monkeypatch.undo()


def test_doctor_health_merges_deferred_records_and_reports_none_waiting(state: Path) -> None:
    allow("t0")
    report = ledger.health(str(state))
    assert report["state"] == "ok" and report["spooled"] == 0 and report["quarantined"] == []


def test_a_routine_allow_through_the_hook_imports_no_sqlite(tmp_path: Path) -> None:
    code = (
        "import io, json, sys\n"
        "from hookward.adapters import hook\n"
        "payload = {'session_id': 's', 'cwd': sys.argv[1], 'hook_event_name': 'PreToolUse', 'tool_name': 'Read',\n"
        "           'tool_input': {'file_path': sys.argv[1] + '/README.md'}, 'tool_use_id': 't1'}\n"
        "wire = hook.handle('claude-code', 'PreToolUse', json.dumps(payload).encode())\n"
        "print(json.dumps([wire.stdout, [m for m in ('_sqlite3', 'sqlite3') if m in sys.modules]]))\n"
    )
    project = tmp_path / "project"
    project.mkdir()
    (project / "README.md").write_text("# x\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    # A busy machine must not end the call at the deadline (a fail-closed refusal is recorded in the database).
    (tmp_path / "config" / "hookward").mkdir(parents=True)
    (tmp_path / "config" / "hookward" / "policy.toml").write_text("[settings]\ndeadline_seconds = 20\n")
    done = subprocess.run([sys.executable, "-c", code, str(project)], capture_output=True, text=True, env=env)
    stdout, imported = json.loads(done.stdout)
    assert json.loads(stdout)["hookSpecificOutput"]["permissionDecision"] == "allow", done.stderr
    assert imported == []
    assert (tmp_path / "state" / "hookward" / ledger.SPOOL_NAME).exists()
