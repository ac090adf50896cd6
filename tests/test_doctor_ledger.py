"""doctor reports ledger trouble (never the hook's stdout)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hookward.app import app


def test_doctor_reports_a_corrupt_ledger(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", str(tmp_path))
    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    (state / "hookward").mkdir(parents=True)
    (state / "hookward" / "ledger.db").write_bytes(b"this is not a database" * 100)
    result = CliRunner().invoke(app, ["doctor", "--json"])
    report = json.loads(result.stdout)
    assert report["ledger"]["state"] == "corrupt"


def test_mcp_check_rows_read_as_checked_not_allowed():
    from hookward.verdicts import ledger

    assert ledger.status_of("check", None, None, 0, 0, 3600) == "checked"
    assert ledger.status_of("deny", None, None, 0, 0, 3600) == "refused"
