"""A host told by a variable where to keep its files (CODEX_HOME, CLAUDE_CONFIG_DIR, GEMINI_CLI_HOME, ...) keeps its
sign-in there too: the host's credential files are judged where the variable puts them, as they are at the
default place. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided, assert_routine, make_sandbox


@pytest.fixture
def box(tmp_path, monkeypatch):
    sandbox = make_sandbox(tmp_path, monkeypatch)
    for variable in ("CODEX_HOME", "CLAUDE_CONFIG_DIR", "GEMINI_CLI_HOME", "COPILOT_HOME"):
        monkeypatch.delenv(variable, raising=False)
    return sandbox


@pytest.mark.parametrize(
    ("variable", "relative"),
    [
        ("CODEX_HOME", "auth.json"),
        ("CLAUDE_CONFIG_DIR", ".credentials.json"),
        ("GEMINI_CLI_HOME", ".gemini/oauth_creds.json"),  # replaces the whole home: ~/.gemini moves under it
        ("COPILOT_HOME", "session-state/token.json"),  # a tree: everything under ~/.copilot
    ],
)
def test_a_hosts_sign_in_kept_where_its_variable_points_is_a_credential_read(
    box, tmp_path, monkeypatch, variable, relative
):
    moved = tmp_path / "elsewhere" / variable.lower()
    (moved / relative).parent.mkdir(parents=True, exist_ok=True)
    (moved / relative).write_text("{}")
    monkeypatch.setenv(variable, str(moved))
    command = f"cat {moved / relative}"
    decision = box.decide(command)
    assert_decided(decision, Verdict.DENY, "floor.credentials", command)
    assert any(f"${variable}" in reason for reason in decision.reasons), decision.reasons


def test_a_read_tool_call_of_the_moved_file_is_denied_too(box, tmp_path, monkeypatch):
    moved = tmp_path / "codex-home"
    moved.mkdir()
    (moved / "auth.json").write_text("{}")
    monkeypatch.setenv("CODEX_HOME", str(moved))
    call = ToolCall("read", paths=[str(moved / "auth.json")], cwd=str(box.project), project_root=str(box.project))
    assert_decided(evaluate(call), Verdict.DENY, "floor.credentials", "Read auth.json")


def test_without_the_variable_the_same_file_is_an_ordinary_file(box, tmp_path):
    # Control: nothing says this directory is Codex's, so it is a plain file in a scratch place.
    elsewhere = tmp_path / "codex-home"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("x")
    assert_routine(box.decide(f"cat {elsewhere / 'notes.txt'}"), "cat notes.txt")


def test_other_files_in_the_moved_directory_are_not_credentials(box, tmp_path, monkeypatch):
    moved = tmp_path / "codex-home"
    moved.mkdir()
    (moved / "history.txt").write_text("x")
    monkeypatch.setenv("CODEX_HOME", str(moved))
    decision = box.decide(f"cat {moved / 'history.txt'}")
    assert "floor.credentials" not in decision.rule_ids, decision.reasons
