"""A warm worker keeps one connection to the ledger for its calls (issue 13: CPU per ask).

Connecting is most of what an ask's write costs. `ledger.KEEP_CONNECTION` (set by the warm worker, never
by a one-shot hook) keeps the connection, and uses it again only for the same database file in the same
process: a database replaced, removed or turned into something else gets a new connection, and a write
that failed drops the kept one. Nothing is lost either way.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hookward.verdicts import ledger

from tests.test_grants import codex, project, refused_grant  # noqa: F401  (the fixture)


@pytest.fixture
def kept(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Keep connections as a warm worker does; the list counts the connections opened."""
    opened: list[str] = []
    real_connect = ledger.connect

    def counting(directory: str, busy_ms: int):  # type: ignore[no-untyped-def]
        opened.append(directory)
        return real_connect(directory, busy_ms)

    monkeypatch.setattr(ledger, "connect", counting)
    monkeypatch.setattr(ledger, "KEEP_CONNECTION", True)
    monkeypatch.setattr(ledger, "_KEPT", None)
    yield opened
    ledger.drop_kept()


def _asks_recorded() -> int:
    conn = ledger.open_ledger()
    try:
        return sum(1 for d in ledger.decisions(conn) if d["verdict"] == "ask")
    finally:
        conn.close()


def test_a_worker_writes_its_asks_through_one_connection(project: Path, kept: list[str]) -> None:  # noqa: F811
    for _ in range(3):
        refused_grant(codex(project))
    assert len(kept) == 1
    assert _asks_recorded() == 3


def test_without_the_worker_flag_every_write_connects(project: Path, kept: list[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    monkeypatch.setattr(ledger, "KEEP_CONNECTION", False)
    refused_grant(codex(project))
    refused_grant(codex(project))
    assert len(kept) == 2 and ledger._KEPT is None


def test_a_replaced_database_gets_a_new_connection(project: Path, kept: list[str]) -> None:  # noqa: F811
    refused_grant(codex(project))
    database = Path(ledger.db_path())
    for suffix in ("", "-wal", "-shm"):
        path = Path(str(database) + suffix)
        if path.exists():
            path.rename(str(path) + ".old")
    refused_grant(codex(project))
    assert len(kept) == 2
    assert _asks_recorded() == 1  # the new database has the second ask; the first one stayed in the old file


def test_a_kept_connection_of_another_process_is_not_used(
    project: Path,  # noqa: F811
    kept: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    refused_grant(codex(project))
    pid = os.getpid()
    monkeypatch.setattr(ledger.os, "getpid", lambda: pid + 1)  # a fork's child
    refused_grant(codex(project))
    assert len(kept) == 2
    assert _asks_recorded() == 2


def test_a_failed_write_drops_the_kept_connection(
    project: Path,  # noqa: F811
    kept: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    refused_grant(codex(project))
    first = ledger._KEPT
    real_append = ledger.append

    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ledger.LedgerTrouble("is broken for this test")

    monkeypatch.setattr(ledger, "append", failing)
    refused_grant(codex(project))  # the answer is unchanged; the record goes to the spool
    assert ledger._KEPT is None and first is not None
    monkeypatch.setattr(ledger, "append", real_append)
    refused_grant(codex(project))
    assert len(kept) == 2
    assert _asks_recorded() == 3  # the spooled record merged back in by the next write
