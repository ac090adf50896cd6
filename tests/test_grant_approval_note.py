"""An ask looks for a person's approval only when one can be waiting: the approval note.

Almost every ask has no approval waiting, and opening the ledger to say so cost an ask a SQLite
connection and two queries (issue 13: CPU per call). A person's approval now also writes the latest
expiry it may be used until (`ledger.approvals`); an ask reads that note first. A note that is missing
means no approval is used (the call asks again: stricter, never looser); a note that cannot be read
sends the ask to the database, as before.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hookward.verdicts import grants, ledger

from tests.test_grants import approve, codex, project, refused_grant  # noqa: F401  (the fixture)


def _note() -> Path:
    return Path(ledger.state_dir()) / ledger.APPROVALS_NAME


def test_an_approval_notes_until_when_it_may_be_used(project: Path) -> None:  # noqa: F811
    grant_id = refused_grant(codex(project))
    assert not _note().exists()  # asks alone write no note
    approved = approve(grant_id)
    assert int(_note().read_text()) == approved["expires_at"]
    assert os.stat(_note()).st_mode & 0o077 == 0  # owner-only, like the ledger


def test_an_approval_is_used_through_its_note(project: Path) -> None:  # noqa: F811
    approve(refused_grant(codex(project)))
    assert codex(project) == {}  # Codex: the approved call passes as no opinion


def test_an_approval_whose_note_was_lost_is_not_used(project: Path) -> None:  # noqa: F811
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    _note().unlink()
    refused_grant(codex(project))  # asked again: a lost note never loosens anything
    assert grants.find(grant_id)["state"] == "approved"  # type: ignore[index]


def test_an_expired_note_skips_the_database(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    _note().write_text(str(ledger.now_us() - 1))  # every approval noted has expired

    opened: list[object] = []
    real_connect = ledger.connect
    monkeypatch.setattr(ledger, "connect", lambda *a, **k: opened.append(a) or real_connect(*a, **k))
    assert grants.consume("0" * 64, "sess-1") is None
    assert opened == []  # consume would catch an exception raised here: count the openings instead
    _note().write_text(str(ledger.now_us() + 60_000_000))
    assert grants.consume("0" * 64, "sess-1") is None
    assert len(opened) == 1  # a live note: the database is asked


@pytest.mark.parametrize("garbled", [b"not a number", b"\xff\xfe"])
def test_a_note_that_cannot_be_read_sends_the_ask_to_the_database(project: Path, garbled: bytes) -> None:  # noqa: F811
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    _note().write_bytes(garbled)
    assert codex(project) == {}
    assert grants.find(grant_id)["state"] == "used"  # type: ignore[index]


def test_a_later_approval_keeps_the_latest_expiry(project: Path) -> None:  # noqa: F811
    first = approve(refused_grant(codex(project)))
    second = approve(refused_grant(codex(project, "python3 ./scripts/build.py --fast")), "session")
    assert int(_note().read_text()) == max(first["expires_at"], second["expires_at"]) == second["expires_at"]
