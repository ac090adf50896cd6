"""The ledger loses nothing: the spool under contention, torn and short writes, decisions that
used to go unrecorded, and stuck states that heal (or are repaired) without moving healthy data aside.

The end-to-end hook-process tests are in test_ledger_hooks.py; the basics in test_ledger.py.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from hookward.adapters import hook
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.policy.toolcall import ToolCall
from hookward.verdicts import ledger, spool
from hookward.verdicts.decision import Decision, Verdict
from typer.testing import CliRunner

from hookward.app import app


@pytest.fixture
def state(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    base = tmp_path / "xdg-state"
    monkeypatch.setenv("XDG_STATE_HOME", str(base))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return base / "hookward"


def shell(command: str, tool_use_id: str = "", session: str = "s1") -> ToolCall:
    return ToolCall(
        "shell",
        tool="Bash",
        command=command,
        cwd="/work/proj",
        project_root="/work/proj",
        host="claude-code",
        event="PreToolUse",
        session_id=session,
        tool_use_id=tool_use_id,
    )


ASK = Decision(Verdict.ASK, ["python3 runs ./scripts/build.py, which hookward does not read"], ["program.unknown"])


def row(tool_use_id: str, command: str = "python3 x.py") -> dict:
    return ledger.decision_row(shell(command, tool_use_id), ASK, "ask", WireAnswer("{}", 0, ""))


def stored(directory: Path) -> list[dict]:
    """Every row, after the merge every reader does."""
    conn = ledger.open_ledger(str(directory))
    try:
        return ledger.raw_rows(conn)
    finally:
        conn.close()


def stored_without_merge(directory: Path) -> list[str]:
    with sqlite3.connect(directory / ledger.DB_NAME) as conn:
        return [r[0] for r in conn.execute("SELECT tool_use_id FROM events ORDER BY id")]


def verified(directory: Path) -> dict:
    conn = ledger.open_ledger(str(directory))
    try:
        return ledger.verify(conn, str(directory))
    finally:
        conn.close()


def spool_names(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("spool"))


# ---------------------------------------------------------------- 200 writers at once


WRITERS = 200
ROWS_EACH = 10


def _locker(path: Path, stop: Path) -> None:
    """Another process taking the database's write lock on and off, so writers spool and merge at once."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    while not stop.exists():
        conn.execute("BEGIN EXCLUSIVE")
        time.sleep(0.03)
        conn.execute("ROLLBACK")
        time.sleep(0.01)
    conn.close()


def _fork(body) -> int:  # type: ignore[no-untyped-def]
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 70
        try:
            import sys

            sys.stderr = open(os.devnull, "w")  # each spooled row says so on stderr: 2,000 lines of noise
            code = body()
        finally:
            os._exit(code)
    return pid


def test_200_forked_writers_at_once_lose_no_row(state: Path, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The hook path's write (ledger.write) from 200 processes released together, while another process
    takes the write lock on and off: every row told "stored" or "spooled" is in the ledger, exactly once."""
    assert ledger.write(row("seed")) == "stored"
    # Short waits: far more rows spool (and far more writers fall back to their own spool file) than at the
    # real bounds, so the spool's writers and its mergers overlap all the time.
    monkeypatch.setattr(ledger, "BUSY_MS", 20)
    monkeypatch.setattr(ledger, "SPOOL_LOCK_SECONDS", 0.002)
    results = tmp_path / "results"
    results.mkdir()
    stop = tmp_path / "stop"
    locker = _fork(lambda: _locker(state / ledger.DB_NAME, stop) or 0)  # before the gate: it must not hold it open
    gate_read, gate_write = os.pipe()

    def writer(n: int):  # type: ignore[no-untyped-def]
        def body() -> int:
            os.close(gate_write)
            select.select([gate_read], [], [])  # released together when the parent closes the pipe
            outcomes = [ledger.write(row(f"w{n}-{i}")) for i in range(ROWS_EACH)]
            (results / f"{n}.json").write_text(json.dumps(outcomes))
            return 0

        return body

    children = [_fork(writer(n)) for n in range(WRITERS)]
    os.close(gate_read)
    os.close(gate_write)
    deadline = time.monotonic() + 120
    waiting = set(children)
    failed = []
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                waiting.discard(pid)
                if os.waitstatus_to_exitcode(status) != 0:
                    failed.append(pid)
        time.sleep(0.02)
    stop.write_text("")
    for pid in waiting:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.waitpid(locker, 0)
    assert not waiting, f"{len(waiting)} writers did not finish within 120 s"
    assert not failed, f"{len(failed)} writers crashed"
    outcomes = [o for p in results.iterdir() for o in json.loads(p.read_text())]
    assert len(outcomes) == WRITERS * ROWS_EACH
    assert outcomes.count("lost") == 0
    assert outcomes.count("spooled") > 0, "the test did not exercise the spool"
    ids = [r["tool_use_id"] for r in stored(state)]
    expected = {f"w{n}-{i}" for n in range(WRITERS) for i in range(ROWS_EACH)} | {"seed"}
    assert len(ids) == len(expected) and set(ids) == expected
    assert ledger.spooled_count(str(state)) == 0
    assert [n for n in spool_names(state) if not n.endswith(".tmp")] in ([], [ledger.SPOOL_NAME])
    assert verified(state)["ok"]


# ---------------------------------------------------------------- the spool's races, deterministically


def test_writer_whose_lock_wait_times_out_never_writes_into_the_shared_spool(state: Path) -> None:
    """The old bug: append_line wrote after its flock wait timed out, into a file a merger was taking."""
    import fcntl

    assert ledger.write(row("seed")) == "stored"
    shared = state / ledger.SPOOL_NAME
    with open(shared, "ab") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # a merger in the middle of claiming it
        assert ledger.spool(str(state), row("t1"), "is locked") == "spooled"
        assert shared.stat().st_size == 0
        ready = [n for n in spool_names(state) if n.endswith(spool.READY)]
        assert len(ready) == 1 and ready[0].startswith(spool.OWN_PREFIX)
        ledger.write(row("t2"))  # a merger that cannot claim the shared file still takes the ready one
    assert [r["tool_use_id"] for r in stored(state)] == ["seed", "t1", "t2"]
    assert ledger.spooled_count(str(state)) == 0


def test_merger_running_between_a_writers_open_and_its_write_loses_nothing(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert ledger.write(row("seed")) == "stored"
    assert ledger.spool(str(state), row("t1"), "is locked") == "spooled"
    real = spool.write_fd
    calls = []

    def merge_first(fd: int, data: bytes) -> int:
        if not calls:
            calls.append(1)
            ledger.open_ledger(str(state)).close()  # a whole merge, while this writer holds the spool's lock
        return real(fd, data)

    monkeypatch.setattr(spool, "write_fd", merge_first)
    assert ledger.spool(str(state), row("t2"), "is locked") == "spooled"
    monkeypatch.setattr(spool, "write_fd", real)
    assert calls and stored_without_merge(state) == ["seed"]  # the merger could not take the held spool
    assert [r["tool_use_id"] for r in stored(state)] == ["seed", "t1", "t2"]


def test_short_write_to_the_shared_spool_is_reported_lost_and_leaves_no_torn_frame(
    state: Path, monkeypatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    assert ledger.write(row("seed")) == "stored"
    assert ledger.spool(str(state), row("t1"), "is locked") == "spooled"
    size = (state / ledger.SPOOL_NAME).stat().st_size
    real = spool.write_fd

    def short(fd: int, data: bytes) -> int:  # a nearly full disk: half the frame reaches the file
        return real(fd, data[: len(data) // 2])

    monkeypatch.setattr(spool, "write_fd", short)
    assert ledger.spool(str(state), row("t2"), "is locked") == "lost"
    assert "lost" in capsys.readouterr().err
    assert (state / ledger.SPOOL_NAME).stat().st_size == size  # cut back: the next record is not glued to it
    monkeypatch.setattr(spool, "write_fd", real)
    assert ledger.spool(str(state), row("t3"), "is locked") == "spooled"
    assert [r["tool_use_id"] for r in stored(state)] == ["seed", "t1", "t3"]
    assert "unreadable" not in capsys.readouterr().err


def test_short_write_to_a_writers_own_spool_file_is_reported_lost_and_leaves_nothing(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert ledger.write(row("seed")) == "stored"
    monkeypatch.setattr(spool, "_lock", lambda fd, seconds: False)  # the shared file is never free
    real = spool.write_fd
    monkeypatch.setattr(spool, "write_fd", lambda fd, data: real(fd, data[:10]))
    assert ledger.spool(str(state), row("t1"), "is locked") == "lost"
    assert [n for n in spool_names(state) if n.startswith(spool.OWN_PREFIX)] == []


def test_torn_frame_is_skipped_and_the_record_after_it_still_merges(state: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert ledger.write(row("seed")) == "stored"
    first, second = spool.frame(row("t1")), spool.frame(row("t2"))
    # A writer that crashed mid-frame, then another writer's whole frame right after it.
    (state / ledger.SPOOL_NAME).write_bytes(first[: len(first) - 7] + second)
    assert [r["tool_use_id"] for r in stored(state)] == ["seed", "t2"]
    err = capsys.readouterr().err
    assert "1 unreadable spool record(s)" in err and "kept in" in err
    kept = ledger.quarantined(str(state))  # the torn bytes are kept for a person, never dropped
    assert len(kept) == 1 and first[: len(first) - 7] in Path(kept[0]).read_bytes()


def test_frame_with_a_changed_byte_is_rejected() -> None:
    framed = spool.frame(row("t1"))
    assert spool.parse(framed) == ([json.loads(framed.split(b" ", 2)[2])], 0)
    assert spool.parse(framed.replace(b"python3", b"python4")) == ([], 1)


def test_spool_files_of_older_hookwards_are_still_merged(state: Path) -> None:
    state.mkdir(parents=True)
    legacy = {name: row("old1")[name] for name in ledger.FIELDS}
    (state / spool.LEGACY_SHARED).write_text(json.dumps(legacy) + "\n")
    assert ledger.write(row("new")) == "stored"
    assert [r["tool_use_id"] for r in stored(state)] == ["old1", "new"]
    assert spool_names(state) == []


def test_capped_merge_keeps_the_rest_in_order_across_shared_and_own_files(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert ledger.write(row("seed")) == "stored"
    for i in range(3):
        ledger.spool(str(state), row(f"a{i}"), "is locked")
    monkeypatch.setattr(spool, "_lock", lambda fd, seconds: False)
    for i in range(3):
        ledger.spool(str(state), row(f"b{i}"), "is locked")
    monkeypatch.undo()
    monkeypatch.setenv("XDG_STATE_HOME", str(state.parent))
    monkeypatch.setattr(ledger, "HOOK_MERGE_CAP", 4)
    assert ledger.write(row("late")) == "spooled"  # 4 merged; it queues behind the other 2
    assert stored_without_merge(state) == ["seed", "a0", "a1", "a2", "b0"]
    assert [r["tool_use_id"] for r in stored(state)] == ["seed", "a0", "a1", "a2", "b0", "b1", "b2", "late"]


# ---------------------------------------------------------------- decisions that went unrecorded


def test_command_with_a_lone_surrogate_is_recorded_escaped(state: Path) -> None:
    ledger.record_decision(shell("echo \ud800 done", "t1"), ASK, "ask", None)
    ledger.record_post(PostEvent(shell("echo \ud800 done", ""), False))  # no id: found by its fingerprint
    rows = stored(state)
    assert [r["kind"] for r in rows] == ["decision", "post"]
    assert rows[0]["summary"] == "echo \\ud800 done"
    assert rows[1]["resolves"] == rows[0]["id"]


def test_command_with_a_lone_surrogate_is_recorded_through_the_spool(state: Path) -> None:
    assert ledger.write(row("seed")) == "stored"
    assert ledger.spool(str(state), row("t1", "printf '\udfff'"), "is locked") == "spooled"
    assert [r["summary"] for r in stored(state)][-1] == "printf '\\udfff'"


def _decisions(directory: Path) -> list[dict]:
    conn = ledger.open_ledger(str(directory))
    try:
        return ledger.decisions(conn)
    finally:
        conn.close()


def test_refusal_for_an_unreadable_payload_is_recorded_with_its_reason(state: Path) -> None:
    wire = hook.handle("claude-code", "PreToolUse", b"{not json")
    assert json.loads(wire.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"
    [only] = _decisions(state)
    assert (only["verdict"], only["sent"], only["rules"]) == ("deny", "deny", [ledger.FAILED_CLOSED_RULE])
    assert only["host"] == "claude-code" and "not JSON" in only["reasons"][0]
    assert only["reasons"][0].startswith(hook.FAILED_CLOSED)


def test_refusal_for_an_unknown_event_is_recorded(state: Path) -> None:
    hook.handle("claude-code", "NoSuchEvent", b"{}")
    [only] = _decisions(state)
    assert only["rules"] == [ledger.FAILED_CLOSED_RULE] and "NoSuchEvent" in only["reasons"][0]


def test_refusal_when_the_engine_breaks_is_recorded_with_the_call_and_the_reason(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from hookward.policy import engine

    def broken(call):  # type: ignore[no-untyped-def]
        raise RuntimeError("the engine broke on purpose")

    monkeypatch.setattr(engine, "evaluate_call", broken)
    body = {
        "session_id": "s9",
        "cwd": "/tmp",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "mysql -pHunter2 app"},
        "tool_use_id": "t9",
    }
    wire = hook.handle("claude-code", "PreToolUse", json.dumps(body).encode())
    assert json.loads(wire.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"
    [only] = _decisions(state)
    assert (only["tool_use_id"], only["session"], only["sent"]) == ("t9", "s9", "deny")
    assert only["rules"] == [ledger.FAILED_CLOSED_RULE] and "RuntimeError" in only["reasons"][0]
    assert "Hunter2" not in only["summary"]


def test_post_event_failure_is_not_recorded_as_a_decision(state: Path) -> None:
    hook.handle("claude-code", "PostToolUse", b"[1]")
    assert not (state / ledger.DB_NAME).exists() or _decisions(state) == []


# ---------------------------------------------------------------- stuck states


def test_wal_and_shm_left_read_only_after_a_read_only_spell_are_made_writable_again(state: Path) -> None:
    assert ledger.write(row("t1")) == "stored"
    keeper = sqlite3.connect(state / ledger.DB_NAME)  # keeps -wal and -shm in place
    keeper.execute("SELECT COUNT(*) FROM events").fetchone()
    for suffix in ("-wal", "-shm"):
        os.chmod(str(state / ledger.DB_NAME) + suffix, 0o444)  # what SQLite left after the database was 0444
    try:
        assert ledger.write(row("t2")) == "stored"
        for suffix in ("-wal", "-shm"):
            assert stat.S_IMODE(os.stat(str(state / ledger.DB_NAME) + suffix).st_mode) & stat.S_IWUSR
    finally:
        keeper.close()
    assert [r["tool_use_id"] for r in stored(state)] == ["t1", "t2"]


def test_shm_is_left_alone_while_the_database_itself_is_read_only(state: Path) -> None:
    assert ledger.write(row("t1")) == "stored"
    keeper = sqlite3.connect(state / ledger.DB_NAME)
    keeper.execute("SELECT COUNT(*) FROM events").fetchone()
    shm = str(state / ledger.DB_NAME) + "-shm"
    os.chmod(state / ledger.DB_NAME, 0o444)
    os.chmod(shm, 0o444)
    try:
        ledger.check_files(str(state / ledger.DB_NAME))
        assert stat.S_IMODE(os.stat(shm).st_mode) == 0o444  # the spell is not over: not ours to undo
    finally:
        os.chmod(state / ledger.DB_NAME, 0o600)
        keeper.close()


def test_repair_never_moves_a_database_aside_that_is_not_corrupt(state: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert ledger.write(row("t1")) == "stored"
    real = ledger.connect

    def read_only(directory: str, busy_ms: int):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(ledger, "connect", read_only)
    with pytest.raises(sqlite3.OperationalError):
        ledger.repair(str(state))
    monkeypatch.setattr(ledger, "connect", real)
    assert [p.name for p in state.iterdir() if ".corrupt-" in p.name] == []
    assert [r["tool_use_id"] for r in stored(state)] == ["t1"]
    assert "read-only" in ledger.describe(sqlite3.OperationalError("attempt to write a readonly database"))


def test_dropped_events_table_is_recreated_reported_and_repaired(state: Path) -> None:
    for i in range(3):
        assert ledger.write(row(f"t{i}")) == "stored"
    with sqlite3.connect(state / ledger.DB_NAME) as conn:
        conn.execute("DROP TABLE events")
    report = ledger.health(str(state))
    assert report["state"] == "damaged" and "events" in report["detail"]
    runner = CliRunner()
    for command in (["tail"], ["pending"], ["export"], ["verify"]):
        result = runner.invoke(app, ["audit", *command])
        assert result.exception is None or isinstance(result.exception, SystemExit), command
        assert "Traceback" not in result.output
    assert ledger.write(row("after")) == "stored"  # healed by the next writer: no spool file per call
    assert ledger.write(row("after2")) == "stored"
    assert spool_names(state) == []
    result = verified(state)
    assert not result["ok"] and "deleted" in result["first_broken"]["problem"]
    assert ledger.health(str(state))["state"] == "tampered"
    repaired = ledger.repair(str(state))
    assert not repaired["repaired"] and repaired["accepted_breaks"]  # nothing moved aside, the loss recorded
    assert verified(state)["ok"] and ledger.health(str(state))["state"] == "ok"
    assert [r["tool_use_id"] for r in stored(state) if r["kind"] == "decision"] == ["after", "after2"]


def _other_apps_database(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('keep me')")


def _tables(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]


def test_symlinked_ledger_is_never_followed_into_another_apps_database(state: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "other-app.db"
    _other_apps_database(other)
    state.mkdir(parents=True)
    (state / ledger.DB_NAME).symlink_to(other)
    assert ledger.write(row("t1")) == "spooled"
    assert "symlink" in capsys.readouterr().err
    assert _tables(other) == ["notes"]
    assert not (tmp_path / "other-app.db-wal").exists()
    assert ledger.health(str(state))["state"] == "unsafe"
    result = CliRunner().invoke(app, ["audit", "tail"])
    assert result.exit_code == 1 and "symlink" in result.output + str(result.stderr_bytes or b"")
    assert _tables(other) == ["notes"]


def test_symlinked_wal_is_never_followed(state: Path, tmp_path: Path) -> None:
    assert ledger.write(row("t1")) == "stored"
    target = tmp_path / "elsewhere"
    target.write_bytes(b"")
    wal = Path(str(state / ledger.DB_NAME) + "-wal")
    if wal.exists():
        wal.unlink()
    wal.symlink_to(target)
    assert ledger.write(row("t2")) == "spooled"
    assert target.read_bytes() == b""


def test_dangling_symlink_at_the_ledger_path_creates_nothing_at_its_target(state: Path, tmp_path: Path) -> None:
    state.mkdir(parents=True)
    target = tmp_path / "created-through-the-link.db"
    (state / ledger.DB_NAME).symlink_to(target)
    assert ledger.write(row("t1")) == "spooled"
    assert not target.exists()


def test_another_apps_database_at_the_ledger_path_gets_no_tables(state: Path) -> None:
    state.mkdir(parents=True)
    _other_apps_database(state / ledger.DB_NAME)
    assert ledger.write(row("t1")) == "spooled"
    assert _tables(state / ledger.DB_NAME) == ["notes"]


def test_relative_home_never_puts_the_ledger_under_the_working_directory(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pwd

    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", "home")  # relative: would be <cwd>/home/.local/state
    real_home = tmp_path / "passwd-home"
    entry = pwd.getpwuid(os.getuid())

    class Entry:
        pw_dir = str(real_home)

    monkeypatch.setattr(pwd, "getpwuid", lambda uid: Entry if uid == entry.pw_uid else entry)
    assert ledger.state_dir() == str(real_home / ".local" / "state" / "hookward")
    assert ledger.write(row("t1")) == "stored"
    assert list(project.iterdir()) == []


def test_no_absolute_home_anywhere_refuses_to_record_and_says_why(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import pwd

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", "")

    class Entry:
        pw_dir = "relative"

    monkeypatch.setattr(pwd, "getpwuid", lambda uid: Entry)
    with pytest.raises(ledger.LedgerTrouble):
        ledger.state_dir()
    assert ledger.write(row("t1")) == "lost"
    assert "absolute path" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- doctor's self-tests


def test_doctor_self_tests_run_against_a_throwaway_state_directory(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from hookward.adapters import doctor

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "users-state"))
    seen: list[dict] = []

    def fake_run(argv, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs.get("env") or dict(os.environ))
        raise OSError(2, "not run in this test")

    monkeypatch.setattr(doctor.subprocess, "run", fake_run)
    monkeypatch.setattr(doctor.subprocess, "Popen", fake_run)
    report = doctor.HostReport("claude-code", "user", "settings.json")
    doctor._self_test(report, "claude-code", "PreToolUse", "hookward hook claude-code PreToolUse")
    doctor._mcp_self_test(report, "hookward")
    assert len(seen) == 3
    for env in seen:
        assert env["XDG_STATE_HOME"] != str(tmp_path / "users-state")
        assert not env["XDG_STATE_HOME"].startswith(str(tmp_path / "users-state"))
    assert not (tmp_path / "users-state").exists()
