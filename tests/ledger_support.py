"""Reading ledger.db directly in tests: routine records are deferred to the spool (verdicts/ledger.py `_defer`),
so a test that opens the database with sqlite3 merges the spool first, as every ledger reader does."""

from __future__ import annotations

from pathlib import Path

from hookward.verdicts import ledger


def merged_db(state: Path | str) -> Path:
    """The ledger database of this state directory, with everything spooled merged into the chain first."""
    ledger.merge_now(str(state), busy_ms=ledger.CLI_BUSY_MS, everything=True)
    return Path(state) / ledger.DB_NAME
