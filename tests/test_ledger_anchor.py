"""Ledger tamper evidence survives deletion: the chain's head is anchored outside the database.

A hash chain alone verifies after its table is emptied ("intact, 0 rows") or its tail is cut; the head
record (ledger.head, beside the database, written by whoever appends rows) is what shows that. Real SQLite
databases in tmp, XDG_STATE_HOME pointed there.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
from pathlib import Path

import pytest
from hookward.verdicts import ledger
from typer.testing import CliRunner

from hookward.app import app


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    directory = Path(ledger.state_dir())
    assert str(directory).startswith(str(tmp_path))
    return directory


def _record(directory: Path, count: int, label: str = "row") -> None:
    """What hook calls leave: decision rows, written (or spooled when locked) as the hook path writes them."""
    for index in range(count):
        row = ledger.note_row("decision", f"{label} {index}", [], ["test.row"])
        row.update(verdict="allow", sent="allow", host="claude-code", session="s", tool_kind="shell", tool="Bash")
        ledger.write(row, str(directory))


def _sql(directory: Path, statement: str) -> None:
    conn = sqlite3.connect(directory / ledger.DB_NAME, isolation_level=None)
    try:
        conn.execute(statement)
    finally:
        conn.close()


def _verify_cli() -> tuple[int, str]:
    result = CliRunner().invoke(app, ["audit", "verify"])
    return result.exit_code, result.output


def _doctor_ledger() -> dict:
    result = CliRunner().invoke(app, ["doctor", "--json"])
    return json.loads(result.output)["ledger"]


def test_intact_ledger_matches_its_head_record(state):
    _record(state, 5)
    head = json.loads((state / ledger.HEAD_NAME).read_text())
    conn = sqlite3.connect(state / ledger.DB_NAME)
    assert (head["id"], head["hash"]) == conn.execute("SELECT id, hash FROM events ORDER BY id DESC").fetchone()
    conn.close()
    code, output = _verify_cli()
    assert code == 0 and "5 rows chained" in output and "matches its head record" in output
    assert _doctor_ledger()["state"] == "ok"


def test_deleting_every_event_is_reported_by_verify_and_doctor(state):
    """Before: `sqlite3 ledger.db 'delete from events'` verified as "intact, 0 rows"."""
    _record(state, 5)
    _sql(state, "DELETE FROM events")
    health = _doctor_ledger()
    assert health["state"] == "tampered"
    assert "holds no rows, but its head record names row 5: the events were deleted" in health["detail"]
    code, output = _verify_cli()
    assert code == 1
    assert "ledger BROKEN" in output and "the events were deleted" in output


def test_cutting_the_last_rows_is_reported_by_verify_and_doctor(state):
    _record(state, 6)
    _sql(state, "DELETE FROM events WHERE id > 3")
    health = _doctor_ledger()
    assert health["state"] == "tampered"
    assert "ends at row 3, but its head record names row 6: rows were cut off its end" in health["detail"]
    code, output = _verify_cli()
    assert code == 1 and "rows were cut off its end" in output


def test_the_break_survives_the_next_hooks_writing_a_new_chain(state):
    """An emptied table that the next hook calls refill still shows the deletion."""
    _record(state, 4)
    _sql(state, "DELETE FROM events")
    _record(state, 6, "after")  # the new chain now has a row 4 again, with another hash
    code, output = _verify_cli()
    assert code == 1 and "the events were deleted" in output
    record = json.loads((state / ledger.HEAD_NAME).read_text())
    assert [b["expected"]["id"] for b in record["breaks"]] == [4]
    assert _doctor_ledger()["state"] == "tampered"


def test_a_rechained_ledger_is_reported(state):
    """Rewriting every row with recomputed hashes passes the chain walk; the head record does not match."""
    _record(state, 3)
    conn = sqlite3.connect(state / ledger.DB_NAME, isolation_level=None)
    columns = ", ".join(("id", *ledger.FIELDS))
    rows = conn.execute(f"SELECT {columns} FROM events ORDER BY id").fetchall()
    conn.execute("DELETE FROM events")
    prev = ledger.GENESIS
    for row in rows:
        values = list(row[1:])
        values[ledger.FIELDS.index("summary")] = "nothing to see"
        digest = ledger.chain_hash(row[0], values, prev)
        marks = ", ".join("?" * (len(ledger.FIELDS) + 3))
        conn.execute(
            f"INSERT INTO events ({columns}, prev_hash, hash) VALUES ({marks})", (row[0], *values, prev, digest)
        )
        prev = digest
    conn.close()
    assert ledger._verify_chain(sqlite3.connect(state / ledger.DB_NAME))["ok"] is True
    code, output = _verify_cli()
    assert code == 1 and "the chain was rewritten" in output


def test_a_deleted_ledger_database_is_reported_by_doctor(state):
    _record(state, 3)
    for suffix in ("", "-wal", "-shm"):
        if (state / (ledger.DB_NAME + suffix)).exists():
            (state / (ledger.DB_NAME + suffix)).unlink()
    health = _doctor_ledger()
    assert health["state"] == "tampered" and "the ledger is gone" in health["detail"]
    code, output = _verify_cli()
    assert code == 1 and "the events were deleted" in output


def test_a_deleted_head_record_is_reported(state):
    _record(state, 3)
    (state / ledger.HEAD_NAME).unlink()
    assert _doctor_ledger()["state"] == "tampered"
    code, output = _verify_cli()
    assert code == 1 and f"the head record {ledger.HEAD_NAME} was deleted" in output


def test_pruning_keeps_verify_passing(state):
    _record(state, 5)
    result = CliRunner().invoke(app, ["audit", "prune", "--older-than", "0s"])
    assert result.exit_code == 0, result.output
    code, output = _verify_cli()
    assert code == 0, output
    assert _doctor_ledger()["state"] == "ok"


def test_repair_accepts_the_breaks_into_a_chained_repair_row(state):
    _record(state, 4)
    _sql(state, "DELETE FROM events WHERE id > 2")
    result = CliRunner().invoke(app, ["audit", "repair"])
    assert result.exit_code == 0 and "accepted 1 break(s)" in result.output
    code, output = _verify_cli()
    assert code == 0, output
    conn = sqlite3.connect(state / ledger.DB_NAME)
    reasons = conn.execute("SELECT reasons FROM events WHERE kind = 'repair' ORDER BY id DESC").fetchone()[0]
    conn.close()
    assert "rows were cut off its end" in reasons


def test_a_head_record_that_is_a_fifo_neither_blocks_nor_diverts_writes(state):
    _record(state, 1)
    (state / ledger.HEAD_NAME).unlink()
    os.mkfifo(state / ledger.HEAD_NAME)
    _record(state, 2)
    conn = sqlite3.connect(state / ledger.DB_NAME)
    assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 3
    conn.close()
    assert ledger.spooled_count(str(state)) == 0
    assert _doctor_ledger()["state"] == "tampered"


def _writer(directory: str, count: int) -> None:
    _record(Path(directory), count, f"pid {os.getpid()}")


def test_concurrent_writers_leave_the_head_record_at_the_chains_head(state):
    state.mkdir(parents=True)
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_writer, args=(str(state), 20)) for _ in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert all(worker.exitcode == 0 for worker in workers)
    code, output = _verify_cli()
    assert code == 0 and "120 rows chained" in output and "matches its head record" in output
