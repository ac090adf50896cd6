"""The managed layer: an administrator's policy that the user's and the project's can only tighten."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hookward.policy import loader, managed
from hookward.policy.engine import evaluate
from hookward.policy.schema import PolicyError
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict
from typer.testing import CliRunner

from hookward.app import app

NO_PUSH = """
[[rules]]
id = "no-push"
verdict = "deny"
reason = "agents do not push in this company"
commands = ["git push"]
match = ["git push origin main"]
"""

USER_PUSH = """
[[rules]]
id = "push-ok"
verdict = "allow"
reason = "I push my own branches"
commands = ["git push"]
loosens = ["egress"]
"""

TEAM_API = """
[[rules]]
id = "team-api"
verdict = "allow"
reason = "our team's API"
commands = ["curl -X POST https://api.example.com/*"]
loosens = ["egress"]
"""


@pytest.fixture(autouse=True)
def admin(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    """Where the managed policy lives in these tests (owned by whoever runs them, who stands in for root)."""
    monkeypatch.setattr(loader, "_memo", {})
    monkeypatch.setattr(loader, "_builtin_memo", {})
    path = tmp_path / "etc" / "hookward" / "policy.toml"
    path.parent.mkdir(parents=True)
    monkeypatch.setattr(managed, "MANAGED_POLICY", str(path))
    monkeypatch.setattr(managed, "OWNER_UID", os.getuid())
    return path


def write_managed(admin: Path, text: str) -> None:
    admin.write_text(text, encoding="utf-8")
    admin.chmod(0o644)


def write_user(text: str) -> None:
    os.makedirs(loader.config_dir(), exist_ok=True)
    Path(loader.user_policy_path()).write_text(text, encoding="utf-8")


def verdict(command: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    project = tmp_path / "proj"
    project.mkdir(exist_ok=True)
    return evaluate(ToolCall("shell", command=command, cwd=str(project), project_root=str(project)))


def test_a_managed_deny_stays_in_force_when_a_user_rule_allows_and_loosens(admin, tmp_path) -> None:
    write_managed(admin, NO_PUSH)
    write_user(USER_PUSH)
    decision = verdict("git push origin main", tmp_path)
    assert decision.verdict == Verdict.DENY and "managed.no-push" in decision.rule_ids


def test_without_the_managed_rule_the_same_user_rule_decides(admin, tmp_path) -> None:
    write_user(USER_PUSH)
    decision = verdict("git push origin main", tmp_path)
    assert decision.verdict != Verdict.DENY and "managed.no-push" not in decision.rule_ids


def test_a_trusted_project_rule_cannot_loosen_a_managed_deny_either(admin, tmp_path) -> None:
    write_managed(admin, NO_PUSH)
    project = tmp_path / "proj"
    project.mkdir()
    (project / ".hookward.toml").write_text(USER_PUSH.replace("loosens", "# loosens"), encoding="utf-8")
    decision = verdict("git push origin main", tmp_path)
    assert decision.verdict == Verdict.DENY and "managed.no-push" in decision.rule_ids


def test_a_user_rule_may_tighten_what_the_managed_layer_allows(admin, tmp_path) -> None:
    write_managed(admin, '[[rules]]\nid = "ls"\nverdict = "allow"\nreason = "x"\nprograms = ["ls"]\n')
    write_user('[[rules]]\nid = "no-ls"\nverdict = "deny"\nreason = "mine"\nprograms = ["ls"]\n')
    decision = verdict("ls", tmp_path)
    assert decision.verdict == Verdict.DENY and decision.rule_ids == ["user.no-ls"]


def test_a_managed_setting_is_only_tightened_by_the_user(admin, tmp_path) -> None:
    write_managed(admin, '[settings]\nunknown_command = "deny"\n')
    write_user('[settings]\nunknown_command = "allow"\n')
    decision = verdict("frobnicate --now", tmp_path)
    assert decision.verdict == Verdict.DENY and decision.rule_ids == ["default.unknown"]
    assert loader.load_policy(None).settings["managed"]["fixed"] == ["unknown_command"]


def test_allow_shadow_false_keeps_a_users_shadow_mode_off(admin) -> None:
    write_managed(admin, "[managed]\nallow_shadow = false\n")
    write_user("[settings]\nshadow = true\n")
    settings = loader.load_policy(None).settings
    assert settings["shadow"] is False and settings["managed"]["allow_shadow"] is False


def test_without_a_managed_policy_a_user_may_turn_shadow_on(admin) -> None:
    admin.unlink(missing_ok=True)
    write_user("[settings]\nshadow = true\n")
    settings = loader.load_policy(None).settings
    assert settings["shadow"] is True and settings["managed"] == dict(managed.MANAGED_DEFAULTS, fixed=[])


def test_loosenable_floors_drops_a_user_rules_other_loosens(admin, tmp_path) -> None:
    write_user(TEAM_API)
    assert verdict("curl -X POST https://api.example.com/health", tmp_path).rule_ids == ["user.team-api"]
    write_managed(admin, "[managed]\nloosenable_floors = []\n")
    decision = verdict("curl -X POST https://api.example.com/health", tmp_path)
    assert decision.verdict != Verdict.ALLOW and "floor.egress" in decision.rule_ids
    user_rules = loader.load_policy(None).override_layers[1]
    assert user_rules[0]["loosens"] == [] and user_rules[0]["loosens_refused"] == ["egress"]


def test_allow_grants_is_readable_by_the_grant_code(admin) -> None:
    write_managed(admin, '[managed]\nallow_grants = "once"\n')
    settings = loader.load_policy(None).settings
    assert managed.grants_allowed(settings, "once") and not managed.grants_allowed(settings, "session")
    write_managed(admin, '[managed]\nallow_grants = "none"\n')
    assert not managed.grants_allowed(loader.load_policy(None).settings, "once")


def test_a_managed_file_not_owned_by_root_is_refused_and_nothing_loads(admin, monkeypatch) -> None:
    write_managed(admin, NO_PUSH)
    monkeypatch.setattr(managed, "OWNER_UID", os.getuid() + 1)
    with pytest.raises(PolicyError, match="the managed policy is refused.*not root"):
        loader.load_policy(None)


def test_a_group_writable_managed_file_is_refused(admin) -> None:
    write_managed(admin, NO_PUSH)
    admin.chmod(0o664)
    with pytest.raises(PolicyError, match="writable by its group or by others"):
        loader.load_policy(None)


def test_a_world_writable_directory_above_the_managed_file_is_refused(admin) -> None:
    write_managed(admin, NO_PUSH)
    admin.parent.chmod(0o777)
    try:
        with pytest.raises(PolicyError, match="writable by its group or by others"):
            loader.load_policy(None)
    finally:
        admin.parent.chmod(0o755)


def test_check_fails_closed_with_the_reason_when_the_managed_file_is_refused(admin, monkeypatch) -> None:
    write_managed(admin, NO_PUSH)
    admin.chmod(0o666)
    result = CliRunner().invoke(app, ["check", "--", "ls"])
    assert result.exit_code != 0 and "managed policy is refused" in result.output, result.output


def test_a_managed_table_in_a_users_policy_is_an_error(admin) -> None:
    write_user('[managed]\nallow_grants = "any"\n')
    with pytest.raises(PolicyError, match="valid only in"):
        loader.load_policy(None)


def test_policy_show_says_the_managed_layer_decided(admin, tmp_path, monkeypatch) -> None:
    write_managed(admin, NO_PUSH)
    write_user(USER_PUSH)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["policy", "show", "--", "git", "push", "origin", "main"])
    assert result.exit_code == 0, result.output
    assert f"decided by managed.no-push in the managed layer ({admin})" in result.output
    assert "managed (overrides built-in; later layers may only tighten it) rules:" in result.output


def test_writing_the_managed_policy_is_denied_by_self_protection_whatever_the_user_allows(admin, tmp_path) -> None:
    write_user('[[rules]]\nid = "etc"\nverdict = "allow"\nreason = "x"\npaths = ["/etc/**"]\n')
    for command in (f"tee {admin}", "rm -rf /etc/hookward", f"chmod 666 {admin}", "echo x > /etc/hookward/policy.toml"):
        decision = verdict(command, tmp_path)
        assert decision.verdict == Verdict.DENY and "floor.self-protection" in decision.rule_ids, command
