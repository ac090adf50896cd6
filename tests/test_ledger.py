"""The grant ledger, in process: recording, correlation, expiry, redaction, the hash chain, faults.

The end-to-end versions (real hook processes, 200 at once, a locked and a
corrupt database) are in test_ledger_hooks.py.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.policy.toolcall import ToolCall
from hookward.verdicts import ledger
from hookward.verdicts.decision import Decision, Verdict
from hookward.verdicts.redact import MARK, redact
from typer.testing import CliRunner

from hookward.app import app
from tests.ledger_support import merged_db

REPO = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------- helpers


@pytest.fixture
def state(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    base = tmp_path / "xdg-state"
    monkeypatch.setenv("XDG_STATE_HOME", str(base))
    return base / "hookward"


def shell(command: str, tool_use_id: str = "", session: str = "s1", host: str = "claude-code") -> ToolCall:
    return ToolCall(
        "shell",
        tool="Bash",
        command=command,
        cwd="/work/proj",
        project_root="/work/proj",
        host=host,
        event="PreToolUse",
        session_id=session,
        tool_use_id=tool_use_id,
    )


ASK = Decision(Verdict.ASK, ["python3 runs ./scripts/build.py, which hookward does not read"], ["program.unknown"])


def decide(call: ToolCall, sent: str = "ask", decision: Decision = ASK) -> None:
    ledger.record_decision(call, decision, sent, WireAnswer('{"x":1}', 0, ""))


def decide_stored(call: ToolCall, sent: str = "ask", decision: Decision = ASK) -> str:
    """A decision written to the database now (as one that opens a grant is), not deferred to the spool."""
    return ledger.write(ledger.decision_row(call, decision, sent, WireAnswer('{"x":1}', 0, "")))


def post(call: ToolCall, failed: bool = False) -> None:
    ledger.record_post(PostEvent(call, failed))


def rows(view: str = "all", **filters) -> list[dict]:  # type: ignore[no-untyped-def]
    conn = ledger.open_ledger()
    try:
        return ledger.decisions(conn, view, **filters)
    finally:
        conn.close()


def raw(directory: Path) -> list[dict]:
    conn = ledger.open_ledger(str(directory))
    try:
        return ledger.raw_rows(conn)
    finally:
        conn.close()


def verify(directory: Path) -> dict:
    conn = ledger.open_ledger(str(directory))
    try:
        return ledger.verify(conn)
    finally:
        conn.close()


def all_bytes(directory: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file())


# ---------------------------------------------------------------- redaction


PLANTED = {
    "bearer_header": (
        'curl -H "Authorization: Bearer sk-live-9fQ2xT7vLm4Kp8Zr3Wd" https://api.x.io',
        "9fQ2xT7vLm4Kp8Zr3Wd",
    ),
    "basic_header": ("curl -H 'authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l' https://x", "YWxhZGRpbjpvcGVuc2VzYW1l"),
    "api_key_header": ("curl -H 'X-Api-Key: kq83ns0dke' https://x", "kq83ns0dke"),
    "env_assignment": ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY aws s3 ls", "wJalrXUtnFEMI"),
    "export_quoted": ('export GITHUB_TOKEN="tok en with space"; gh pr list', "tok en with space"),
    "mysql_attached_password": ("mysql -u root -pHunter2secret app", "Hunter2secret"),
    "password_flag": ("deploy --password Correct-Horse-9 --yes", "Correct-Horse-9"),
    "password_flag_equals": ("deploy --db-password=Correct-Horse-9", "Correct-Horse-9"),
    "url_password": ("git clone https://deploy:Tr0ub4dor3@git.example.com/r.git", "Tr0ub4dor3"),
    "url_token_as_user": ("git clone https://ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8@github.com/o/r", "ghp_a1B2"),
    "url_query_token": ("curl 'https://x.io/api?access_token=qq81hf72ks&page=2'", "qq81hf72ks"),
    "curl_user_password": ("curl -u alice:w0nderland https://x.io", "w0nderland"),
    "sshpass": ("sshpass -p s3cretpass ssh host", "s3cretpass"),
    "json_password": ("""echo '{"password": "p4ss-w0rd"}' | api""", "p4ss-w0rd"),
    "nested_literal": ("kubectl create secret generic x --from-literal=password=Sup3rS3cret", "Sup3rS3cret"),
    "openai_key": ("echo sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8t", "Ab3dEf6hIj9kLm2nOp5qRs8t"),
    "aws_key_id": ("aws configure set x AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    "slack_token": ("post xoxb-123456789012-abcdefABCDEF", "xoxb-123456789012"),
    "jwt": ("curl -d eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N", "dozjgNryP4J3"),
    "random_blob": ("tool --seed Zq8vP2mX9rT4wL7nB3cJ5yH1", "Zq8vP2mX9rT4wL7nB3cJ5yH1"),
    "private_key": ("printf '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END", "b3BlbnNzaC1rZXk"),
    "heredoc_contents": ("cat > .env <<'EOF'\nSTRIPE=plainvalue123\nEOF", "plainvalue123"),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_planted_secret_is_redacted(name: str) -> None:
    command, secret = PLANTED[name]
    assert secret not in redact(command)
    assert MARK in redact(command) or "elided" in redact(command)


@pytest.mark.parametrize(
    "command",
    [
        "git status",
        "python3 ./scripts/build.py --verbose",
        "pytest tests/test_ledger.py::test_planted_secret_is_redacted -q",
        "git push -u origin main",
        'git commit --author "Jane Doe <j@x.org>" -m "fix the build"',
        "ls /tmp/pytest-of-root/pytest-12/test_x0/proj/scripts",
        "echo $GITHUB_TOKEN",
        "ssh://git@github.com/o/r",
        "docker run -p 8080:80 image:1.2",
    ],
)
def test_ordinary_command_stays_readable(command: str) -> None:
    assert redact(command) == command


def test_secret_past_the_scan_limit_is_never_kept(state: Path) -> None:
    # Text past redact's scan window is dropped, not stored unredacted.
    command = "x" * 5000 + " --token Zz9secretZz9"
    decide(shell(command, "t-long"))
    assert b"Zz9secretZz9" not in all_bytes(state)


# ---------------------------------------------------------------- recording and correlation


def test_every_decision_is_recorded_with_what_was_sent(state: Path) -> None:
    decide(shell("python3 ./scripts/build.py", "t1"))
    decide(shell("rm -rf ~", "t2"), "deny", Decision(Verdict.DENY, ["deletes home"], ["floor.home"]))
    decide(shell("git status", "t3"), "allow", Decision(Verdict.ALLOW, [], ["program.git"]))
    ledger.record_decision(shell("ls", "t4"), Decision(Verdict.ALLOW), "silent", None)  # the MCP server's call
    found = {row["tool_use_id"]: row for row in rows()}
    assert set(found) == {"t1", "t2", "t3", "t4"}
    first = found["t1"]
    assert first["host"] == "claude-code" and first["session"] == "s1" and first["project"] == "/work/proj"
    assert first["tool_kind"] == "shell" and first["summary"] == "python3 ./scripts/build.py"
    assert (first["verdict"], first["sent"], first["status"], first["exit_code"]) == ("ask", "ask", "pending", 0)
    assert first["rules"] == ["program.unknown"] and "does not read" in first["reasons"][0]
    assert found["t2"]["status"] == "refused" and found["t3"]["status"] == "allowed"
    assert found["t4"]["exit_code"] is None and found["t4"]["sent"] == "silent"
    assert [r["tool_use_id"] for r in rows("pending")] == ["t1"]  # only an ask opens a grant


def test_ask_downgraded_to_deny_opens_no_grant(state: Path) -> None:
    decide(shell("python3 x.py", "t1"), "deny")  # the host could not prompt: refused instead
    assert rows("pending") == [] and rows()[0]["status"] == "refused"


def test_post_event_resolves_the_grant_with_the_same_tool_use_id(state: Path) -> None:
    decide(shell("python3 a.py", "t1"))
    decide(shell("python3 a.py", "t2"))
    post(shell("python3 a.py", "t2"))
    assert [r["tool_use_id"] for r in rows("pending")] == ["t1"]
    (ran,) = rows("resolved")
    assert ran["tool_use_id"] == "t2" and ran["status"] == "ran" and ran["resolved_by"] is not None


def test_failed_post_event_marks_the_grant_failed(state: Path) -> None:
    decide(shell("make deploy", "t1"))
    post(shell("make deploy", "t1"), failed=True)
    assert rows("resolved")[0]["status"] == "failed"


def test_same_id_in_another_session_or_host_does_not_resolve(state: Path) -> None:
    decide(shell("python3 a.py", "t1", session="s1"))
    post(shell("python3 a.py", "t1", session="s2"))
    post(shell("python3 a.py", "t1", host="codex"))
    assert [r["tool_use_id"] for r in rows("pending")] == ["t1"]


def test_post_without_id_resolves_by_fingerprint_in_the_same_session(state: Path) -> None:
    decide(shell("python3 a.py"))
    decide(shell("python3 b.py"))
    post(shell("python3 b.py"))
    assert [r["summary"] for r in rows("pending")] == ["python3 a.py"]
    assert [r["summary"] for r in rows("resolved")] == ["python3 b.py"]


def test_one_post_resolves_one_grant_only(state: Path) -> None:
    decide(shell("python3 a.py"))
    decide(shell("python3 a.py"))
    post(shell("python3 a.py"))
    assert len(rows("pending")) == 1 and len(rows("resolved")) == 1


def test_post_without_id_outside_the_window_does_not_resolve(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real = ledger.now_us()
    monkeypatch.setattr(ledger, "now_us", lambda: real - (ledger.MATCH_WINDOW_SECONDS + 60) * 1_000_000)
    decide(shell("python3 a.py"))
    monkeypatch.setattr(ledger, "now_us", lambda: real)
    post(shell("python3 a.py"))
    assert rows("resolved") == []


def test_unresolved_grant_expires_when_read_and_a_late_post_still_tells_the_truth(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real = ledger.now_us()
    monkeypatch.setattr(ledger, "now_us", lambda: real - 7200 * 1_000_000)
    decide(shell("python3 slow.py", "t-old"))
    monkeypatch.setattr(ledger, "now_us", lambda: real)
    decide(shell("python3 fresh.py", "t-new"))
    assert [r["tool_use_id"] for r in rows("pending", expiry_seconds=3600)] == ["t-new"]
    assert [r["status"] for r in rows("expired", expiry_seconds=3600)] == ["expired"]
    assert [r["tool_use_id"] for r in rows("pending", expiry_seconds=3 * 3600)] == ["t-old", "t-new"]
    assert rows("resolved") == [] and [r["tool_use_id"] for r in rows("closed")] == ["t-old"]
    post(shell("python3 slow.py", "t-old"))  # the person approved long ago; it finally finished
    assert [r["status"] for r in rows("resolved")] == ["ran"]


def test_filters_by_host_session_and_project(state: Path) -> None:
    decide(shell("a", "t1", session="s1"))
    decide(shell("b", "t2", session="s2", host="codex"))
    assert [r["tool_use_id"] for r in rows(host="codex")] == ["t2"]
    assert [r["tool_use_id"] for r in rows(session="s1")] == ["t1"]
    assert len(rows(project="/work/proj")) == 2 and rows(project="/elsewhere") == []


# ---------------------------------------------------------------- tamper evidence


def test_untouched_chain_verifies(state: Path) -> None:
    for i in range(5):
        decide(shell(f"python3 s{i}.py", f"t{i}"))
    post(shell("python3 s1.py", "t1"))
    result = verify(state)
    assert result["ok"] and result["rows"] == 6 and result["first_broken"] is None


def test_editing_a_row_is_reported_at_that_row(state: Path) -> None:
    for i in range(5):
        decide(shell(f"python3 s{i}.py", f"t{i}"))
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("UPDATE events SET verdict = 'allow' WHERE id = 3")
    result = verify(state)
    assert not result["ok"] and result["first_broken"]["id"] == 3 and "edited" in result["first_broken"]["problem"]


def test_deleting_a_row_is_reported_at_the_next_one(state: Path) -> None:
    for i in range(5):
        decide(shell(f"python3 s{i}.py", f"t{i}"))
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("DELETE FROM events WHERE id = 3")
    assert verify(state)["first_broken"]["id"] == 4


def test_rehashing_an_edited_row_breaks_the_next_link(state: Path) -> None:
    for i in range(4):
        decide(shell(f"python3 s{i}.py", f"t{i}"))
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("UPDATE events SET summary = 'ls' WHERE id = 2")
        columns = ", ".join(("id", *ledger.FIELDS, "prev_hash"))
        row = conn.execute(f"SELECT {columns} FROM events WHERE id = 2").fetchone()
        forged = ledger.chain_hash(row[0], row[1:-1], row[-1])
        conn.execute("UPDATE events SET hash = ? WHERE id = 2", (forged,))
    assert verify(state)["first_broken"]["id"] == 3


def test_cutting_the_start_without_a_prune_is_detected(state: Path) -> None:
    for i in range(4):
        decide(shell(f"python3 s{i}.py", f"t{i}"))
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("DELETE FROM events WHERE id <= 2")
    assert verify(state)["first_broken"]["id"] == 3


def test_prune_removes_old_rows_and_the_chain_still_verifies(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    real = ledger.now_us()
    monkeypatch.setattr(ledger, "now_us", lambda: real - 40 * 86400 * 1_000_000)
    for i in range(3):
        decide(shell(f"python3 old{i}.py", f"old{i}"))
    monkeypatch.setattr(ledger, "now_us", lambda: real)
    decide(shell("python3 new.py", "new"))
    conn = ledger.open_ledger(str(state))
    try:
        result = ledger.prune(conn, real - 30 * 86400 * 1_000_000)
    finally:
        conn.close()
    assert result["deleted"] == 3
    assert [r["tool_use_id"] for r in rows()] == ["new"]
    assert verify(state)["ok"]
    decide(shell("python3 after.py", "after"))
    assert verify(state)["ok"]
    # Forging the anchor to hide more rows is caught: no prune row records it.
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("DELETE FROM events WHERE id = 4")
        conn.execute("UPDATE meta SET value = ? WHERE key = 'anchor'", (json.dumps({"id": 4, "hash": "f" * 64}),))
    assert not verify(state)["ok"]


def test_concurrent_writers_keep_one_unbroken_chain(state: Path) -> None:
    def writer(n: int) -> None:
        for i in range(15):
            decide(shell(f"python3 w{n}.py", f"w{n}-{i}"))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result = verify(state)
    assert result["ok"] and result["rows"] == 120
    assert len({r["tool_use_id"] for r in rows()}) == 120


# ---------------------------------------------------------------- faults: locked, corrupt, newer, spool


def hold_exclusive(path: Path, seconds: float) -> threading.Thread:
    """Another connection holding an exclusive transaction for a while."""
    ready = threading.Event()

    def hold() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
        conn.close()

    thread = threading.Thread(target=hold)
    thread.start()
    ready.wait(5)
    return thread


def test_locked_ledger_costs_at_most_the_bound_and_loses_nothing(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    decide(shell("python3 first.py", "t0"))
    holder = hold_exclusive(merged_db(state), 2.0)
    started = time.monotonic()
    decide_stored(shell("python3 during.py", "t1"))
    elapsed = time.monotonic() - started
    post(shell("python3 during.py", "t1"))
    holder.join()
    assert elapsed < ledger.BUSY_MS / 1000 + 0.2, f"a locked ledger held the verdict for {elapsed:.3f}s"
    captured = capsys.readouterr()
    assert captured.out == "" and "locked" in captured.err and "spooled" in captured.err
    assert (state / ledger.SPOOL_NAME).exists()
    decide(shell("python3 after.py", "t2"))  # the next writer merges the spool first, in order
    statuses = {r["tool_use_id"]: r["status"] for r in rows()}
    assert statuses == {"t0": "pending", "t1": "ran", "t2": "pending"}
    assert not (state / ledger.SPOOL_NAME).exists() and ledger.spool_files(str(state)) == []
    assert verify(state)["ok"]


def test_corrupt_ledger_spools_and_repair_keeps_the_old_file(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    decide(shell("python3 before.py", "t0"))
    merged_db(state).write_bytes(os.urandom(8192))
    started = time.monotonic()
    decide_stored(shell("python3 during.py", "t1"))
    assert time.monotonic() - started < ledger.BUSY_MS / 1000 + 0.2
    assert "corrupt" in capsys.readouterr().err
    with pytest.raises(sqlite3.DatabaseError):
        ledger.open_ledger(str(state))
    result = ledger.repair(str(state))
    assert result["repaired"] and result["merged"] == 1 and os.path.exists(result["moved_to"])
    assert [r["tool_use_id"] for r in rows()] == ["t1"]
    assert verify(state)["ok"]


def test_ledger_of_a_newer_schema_is_left_alone(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    decide(shell("a", "t0"))
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("PRAGMA user_version = 99")
    decide_stored(shell("b", "t1"))
    assert "newer" in capsys.readouterr().err
    assert ledger.spooled_count(str(state)) == 1
    with sqlite3.connect(state / "ledger.db") as conn:
        assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1


def test_spool_backlog_is_merged_in_order_a_capped_batch_at_a_time(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    decide(shell("seed", "seed"))
    merged_db(state)
    for i in range(10):
        ledger.spool(str(state), ledger.decision_row(shell("python3 x.py", f"t{i}"), ASK, "ask", None), "test")
    ledger.spool(str(state), ledger.post_row(PostEvent(shell("python3 x.py", "t7"), False)), "test")
    monkeypatch.setattr(ledger, "HOOK_MERGE_CAP", 4)
    monkeypatch.setattr(ledger, "MERGE_AT_BYTES", 0)  # every deferring writer merges (a capped batch)

    def stored() -> int:  # counted without the merge every reader does
        with sqlite3.connect(state / "ledger.db") as conn:
            return conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]

    post(shell("python3 x.py", "t8"))  # queues itself behind the rest, then merges 4
    assert stored() == 1 + 4 and ledger.spooled_count(str(state)) == 8
    post(shell("python3 other.py", "none"))
    assert stored() == 1 + 8
    conn = ledger.open_ledger(str(state))  # a reader merges everything left
    conn.close()
    assert sorted(r["tool_use_id"] for r in rows("resolved")) == ["t7", "t8"]
    assert len(rows("pending")) == 10 - 2 + 1
    assert ledger.spooled_count(str(state)) == 0
    assert verify(state)["ok"]


def test_torn_spool_lines_are_skipped_not_fatal(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    state.mkdir(parents=True)
    good = ledger.decision_row(shell("python3 x.py", "t1"), ASK, "ask", None)
    (state / ledger.SPOOL_NAME).write_text('{"uid": "half\n' + json.dumps(good) + "\n[1,2]\n")
    decide(shell("python3 y.py", "t2"))
    assert [r["tool_use_id"] for r in rows()] == ["t1", "t2"]
    assert "unreadable" in capsys.readouterr().err


def test_spool_merged_twice_is_not_recorded_twice(state: Path) -> None:
    decide(shell("seed", "seed"))
    row = ledger.decision_row(shell("python3 x.py", "t1"), ASK, "ask", None)
    ledger.spool(str(state), dict(row), "test")
    decide(shell("next", "t2"))
    # A merger that crashed after COMMIT but before removing its claimed file:
    (state / f"{ledger.CLAIM_PREFIX}00000000000000000001-1.jsonl").write_text(json.dumps(row) + "\n")
    decide(shell("again", "t3"))
    assert sorted(r["tool_use_id"] for r in rows()) == ["seed", "t1", "t2", "t3"]


def test_spool_held_by_an_appender_keeps_new_rows_queued_behind_it(state: Path) -> None:
    import fcntl

    decide(shell("seed", "seed"))
    merged_db(state)
    ledger.spool(str(state), ledger.decision_row(shell("python3 x.py", "t1"), ASK, "ask", None), "test")
    with open(state / ledger.SPOOL_NAME, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # an appender mid-write: the spool cannot be claimed now
        post(shell("python3 x.py", "t1"))  # must not be stored before the decision it answers
        with sqlite3.connect(state / "ledger.db") as conn:
            assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 1
    assert [r["status"] for r in rows() if r["tool_use_id"] == "t1"] == ["ran"]


def test_spool_is_bounded(state: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(ledger, "SPOOL_MAX_BYTES", 2000)
    row = ledger.decision_row(shell("python3 x.py", "t1"), ASK, "ask", None)
    for _ in range(10):
        ledger.spool(str(state), dict(row), "is locked")
    assert (state / ledger.SPOOL_NAME).stat().st_size <= 2000
    assert "lost" in capsys.readouterr().err


def test_health_reports_what_doctor_needs(state: Path) -> None:
    assert ledger.health(str(state))["state"] == "missing"
    decide(shell("a", "t1"))
    report = ledger.health(str(state))
    assert report["state"] == "ok" and report["spooled"] == 0 and report["path"] == str(state / "ledger.db")
    (state / "ledger.db").write_bytes(b"x" * 4096)
    decide(shell("b", "t2"))
    report = ledger.health(str(state))
    assert report["state"] != "ok" and report["spooled"] == 1


def test_unwritable_state_dir_loses_the_record_but_not_the_answer(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))
    decide(shell("python3 x.py", "t1"))  # must not raise
    err = capsys.readouterr().err
    assert "lost" in err


# ---------------------------------------------------------------- what is (not) stored, and where


def test_state_files_are_private_to_the_user(state: Path) -> None:
    decide(shell("a", "t1"))
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    assert stat.S_IMODE((state / ledger.SPOOL_NAME).stat().st_mode) == 0o600
    assert stat.S_IMODE(merged_db(state).stat().st_mode) == 0o600


def test_state_dir_follows_xdg_else_home(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "x"))
    assert ledger.state_dir() == str(tmp_path / "x" / "hookward")
    monkeypatch.setenv("XDG_STATE_HOME", "relative/path")  # invalid per the XDG spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert ledger.state_dir() == str(tmp_path / "home" / ".local" / "state" / "hookward")


def test_environment_is_never_stored(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ANTHROPIC_API_KEY", "envsecret-4f8a2b")
    decide(shell("python3 a.py", "t1"))
    post(shell("python3 a.py", "t1"))
    assert b"envsecret-4f8a2b" not in all_bytes(state)


def test_ledger_writes_nothing_to_stdout(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    decide(shell("a", "t1"))
    holder = hold_exclusive(state / "ledger.db", 1.0)
    decide(shell("b", "t2"))
    holder.join()
    assert capsys.readouterr().out == ""


def test_ledger_module_imports_only_the_standard_library() -> None:
    code = (
        "import sys; import verdicts.ledger; "
        "bad = [m for m in ('pydantic', 'typer', 'pathspec', 'typing', 'hashlib', 'sqlite3.dbapi2', 'datetime') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert out.strip() == "[]"


# ---------------------------------------------------------------- the CLI


def test_cli_json_has_the_documented_fields(state: Path) -> None:
    decide(shell("python3 a.py", "t1"))
    decide(shell("python3 b.py", "t2"))
    post(shell("python3 b.py", "t2"))
    runner = CliRunner()
    keys = {"id", "at", "host", "session", "tool_use_id", "verdict", "sent", "status", "summary", "rules"}
    for command, expected in (
        (["audit", "pending", "--json"], ["t1"]),
        (["audit", "resolved", "--json", "--since", "1d"], ["t2"]),
        (["audit", "tail", "--json"], ["t1", "t2"]),
        (["audit", "pending", "--json", "--host", "codex"], []),
        (["audit", "pending", "--json", "--session", "s1", "--project", "/work/proj"], ["t1"]),
    ):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output
        items = json.loads(result.stdout)
        assert [item["tool_use_id"] for item in items] == expected, command
        assert all(keys <= set(item) for item in items)
    shown = json.loads(runner.invoke(app, ["audit", "show", "1", "--json"]).stdout)
    assert shown[0]["id"] == 1 and keys <= set(shown[0])
    verified = runner.invoke(app, ["audit", "verify", "--json"])
    assert verified.exit_code == 0 and json.loads(verified.stdout)["ok"] is True
    exported = [json.loads(line) for line in runner.invoke(app, ["audit", "export"]).stdout.splitlines()]
    assert [row["kind"] for row in exported] == ["decision", "decision", "post"]
    assert all(row["hash"] and row["prev_hash"] for row in exported)


def test_cli_table_is_readable(state: Path) -> None:
    decide(shell("python3 a.py", "t1"))
    result = CliRunner().invoke(app, ["audit", "pending"])
    header, line = result.stdout.splitlines()[:2]
    assert header.split()[:8] == ["ID", "WHEN", "HOST", "SESSION", "VERDICT", "SENT", "STATUS", "RULES"]
    assert "python3 a.py" in line and "pending" in line


def test_cli_verify_fails_loudly_on_a_broken_chain(state: Path) -> None:
    for i in range(3):
        decide(shell(f"python3 s{i}.py", f"t{i}"))
    with sqlite3.connect(merged_db(state)) as conn:
        conn.execute("UPDATE events SET summary = 'ls' WHERE id = 2")
    result = CliRunner().invoke(app, ["audit", "verify"])
    assert result.exit_code == 1 and "row 2" in result.stdout


def test_cli_prune_and_bad_duration(state: Path) -> None:
    decide(shell("a", "t1"))
    runner = CliRunner()
    assert runner.invoke(app, ["audit", "prune", "--older-than", "soon"]).exit_code != 0
    result = runner.invoke(app, ["audit", "prune", "--older-than", "30d", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["deleted"] == 0


def test_cli_on_a_corrupt_ledger_exits_nonzero_and_says_how_to_repair(state: Path) -> None:
    decide(shell("a", "t1"))
    (state / "ledger.db").write_bytes(b"garbage" * 2000)
    runner = CliRunner()
    result = runner.invoke(app, ["audit", "pending", "--json"])
    assert result.exit_code == 1 and result.stdout == "" and "audit repair" in result.stderr
    assert runner.invoke(app, ["audit", "repair"]).exit_code == 0
    assert runner.invoke(app, ["audit", "verify"]).exit_code == 0
