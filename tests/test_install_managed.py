"""`hookward install HOST --managed`: the hook in the host's administrator settings, as far as the registry knows them.

Every test writes under a temporary root (`--root`), never the real /etc, with HOME and the XDG
directories under tmp_path. The hosts' managed locations and what a user can still do about the
managed hook are registry facts (`managed` in compat/hosts/<host>.json); the tests read them from there.
"""

from __future__ import annotations

import json
import os

import pytest
from hookward.adapters import install, managed_install
from hookward.compat import registry
from hookward.policy import managed as managed_policy
from hookward.policy import protection
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict
from typer.testing import CliRunner

from hookward.app import app

SELF = "floor.self-protection"
CLAUDE_MANAGED = "/etc/claude-code/managed-settings.json"
GEMINI_SYSTEM = "/etc/gemini-cli/settings.json"


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A fake HOME and XDG tree, and an empty system root; the running environment counts as root's."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    for name in protection.redirect_variables():
        if not name.startswith("XDG_"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", raising=False)
    # The tests' interpreter belongs to whoever runs them; the ownership rule itself is tested below.
    monkeypatch.setattr(managed_policy, "OWNER_UID", os.getuid())
    root = tmp_path / "root"
    root.mkdir()
    return home, root


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def managed(*args: str):
    command, host, root = args[0], args[1], args[2]
    extra = ["--allow-repository-env"] if command == "install" else []
    return run(command, host, "--managed", "--root", root, *extra, *args[3:])


def tree(root) -> set[str]:
    return {os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files}


def test_claude_code_managed_install_merges_and_uninstall_restores_the_file_exactly(world):
    home, root = world
    target = root / CLAUDE_MANAGED.lstrip("/")
    target.parent.mkdir(parents=True)
    original = '{\n  "permissions": {"deny": ["Bash(curl:*)"]},\n  "model": "claude-x",\n  "env": {"A": "1"}\n}\n'
    target.write_text(original)

    result = managed("install", "claude-code", str(root))
    assert result.exit_code == 0, result.output
    data = json.loads(target.read_text())
    assert (
        data["permissions"] == {"deny": ["Bash(curl:*)"]} and data["model"] == "claude-x" and data["env"] == {"A": "1"}
    )
    assert data["allowManagedHooksOnly"] is True
    commands = [hook["command"] for group in data["hooks"]["PreToolUse"] for hook in group["hooks"]]
    assert commands and all(c.startswith(managed_policy.SYSTEM_LAUNCHER + " hook claude-code") for c in commands)
    launcher = root / managed_policy.SYSTEM_LAUNCHER.lstrip("/")
    assert install.is_launcher(str(launcher))
    assert not (home / ".claude").exists(), "a managed install writes no user config"

    result = managed("uninstall", "claude-code", str(root))
    assert result.exit_code == 0, result.output
    assert target.read_text() == original
    assert not launcher.exists()


def test_gemini_cli_managed_install_creates_the_system_file_and_uninstall_removes_it(world):
    _, root = world
    result = managed("install", "gemini-cli", str(root))
    assert result.exit_code == 0, result.output
    target = root / GEMINI_SYSTEM.lstrip("/")
    data = json.loads(target.read_text())
    assert data["hooksConfig"] == {"enabled": True}
    (group,) = data["hooks"]["BeforeTool"]
    assert group["hooks"][0]["name"] == "hookward"
    assert group["hooks"][0]["command"].startswith(managed_policy.SYSTEM_LAUNCHER + " hook gemini-cli BeforeTool")

    assert managed("uninstall", "gemini-cli", str(root)).exit_code == 0
    assert not target.exists()
    assert not (root / "etc" / "gemini-cli").exists(), "the directory install made goes with the file"


def test_install_twice_changes_nothing_the_second_time(world):
    _, root = world
    assert managed("install", "claude-code", str(root)).exit_code == 0
    target = root / CLAUDE_MANAGED.lstrip("/")
    first = target.read_text()
    again = managed("install", "claude-code", str(root))
    assert again.exit_code == 0 and "already installed" in again.output
    assert target.read_text() == first


def test_an_administrators_own_false_switch_is_refused_not_flipped(world):
    _, root = world
    target = root / CLAUDE_MANAGED.lstrip("/")
    target.parent.mkdir(parents=True)
    original = '{"allowManagedHooksOnly": false, "model": "m"}\n'
    target.write_text(original)
    result = managed("install", "claude-code", str(root))
    assert result.exit_code == 1
    assert "allowManagedHooksOnly is false" in result.output and "nothing was changed" in result.output
    assert target.read_text() == original
    assert not (root / managed_policy.SYSTEM_LAUNCHER.lstrip("/")).exists()


def test_an_administrators_own_true_switch_survives_uninstall(world):
    _, root = world
    target = root / CLAUDE_MANAGED.lstrip("/")
    target.parent.mkdir(parents=True)
    original = '{"allowManagedHooksOnly": true}\n'
    target.write_text(original)
    assert managed("install", "claude-code", str(root)).exit_code == 0
    assert managed("uninstall", "claude-code", str(root)).exit_code == 0
    assert target.read_text() == original


@pytest.mark.parametrize("host", ["codex", "copilot-cli", "kimi", "opencode"])
def test_a_host_without_managed_evidence_is_refused_with_exit_2(world, host):
    _, root = world
    result = managed("install", host, str(root))
    assert result.exit_code == 2, result.output
    assert "refused, nothing was changed" in result.output
    assert tree(root) == set()


def test_the_refusal_names_what_is_missing(world):
    _, root = world
    assert "no evidence of administrator-controlled settings" in managed("install", "kimi", str(root)).output
    codex = managed("install", "codex", str(root)).output
    assert "requirements.toml" in codex and "not established" in codex


def test_no_write_access_to_the_system_location_is_refused(world):
    _, root = world
    (root / "etc").write_text("not a directory")  # nothing can be created under it, root or not
    result = managed("install", "claude-code", str(root))
    assert result.exit_code == 1
    assert "needs write access" in result.output and "root" in result.output
    assert tree(root) == {"etc"}


def test_an_environment_a_user_can_change_cannot_serve_managed_hooks(world, tmp_path, monkeypatch):
    shared = tmp_path / "shared-site"
    shared.mkdir()
    os.chmod(shared, 0o777)  # writable by everyone, no sticky bit
    monkeypatch.setattr(install, "import_roots", lambda: [str(shared)])
    with pytest.raises(install.ConfigError, match="writable by its group or by others"):
        managed_install.prepare_launcher(root=str(world[1]), allow_repository_env=True)


def test_the_managed_command_never_names_the_users_launcher(world):
    home, root = world
    plan = managed_install.plan_for("claude-code", root=str(root), host_version="2.1.332")
    entries = plan.registrations[0].entries  # type: ignore[union-attr]
    assert all(str(home) not in entry["command"] for entry in entries.values())
    assert entries["PreToolUse"]["onFailure"] == "block", "the fail-closed switch of the release is written too"


def test_the_gemini_variable_moves_the_managed_file_and_says_so(world):
    _, root = world
    plan = managed_install.plan_for(
        "gemini-cli", root=str(root), env={"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "/opt/corp/gemini.json"}
    )
    assert plan.shown == "/opt/corp/gemini.json"
    assert plan.file == str(root / "opt" / "corp" / "gemini.json")
    assert any("GEMINI_CLI_SYSTEM_SETTINGS_PATH" in note for note in plan.notes)


def test_macos_locations_come_from_the_registry(world):
    plan = managed_install.plan_for("claude-code", platform="macos", host_version="2.1.332")
    assert plan.shown == "/Library/Application Support/ClaudeCode/managed-settings.json"


def _override_fact(host: str) -> dict:
    return registry.load_host(host)["managed"]["user_override"]


def test_doctor_says_per_host_whether_a_user_config_can_override_the_managed_hook(world):
    _, root = world
    assert managed("install", "claude-code", str(root)).exit_code == 0
    result = run("doctor", "--managed", "--root", str(root), "--json")
    assert result.exit_code == 0, result.output
    reports = {report["host"]: report for report in json.loads(result.output)["hosts"]}
    assert set(reports) == set(managed_install.hosts_with_evidence()) >= {"claude-code", "gemini-cli", "cursor"}

    def override(host: str) -> dict:
        (check,) = [c for c in reports[host]["checks"] if c["check"] == "user override"]
        return check

    assert _override_fact("claude-code")["value"] is False
    assert override("claude-code")["status"] == "ok" and "cannot override" in override("claude-code")["detail"]
    assert _override_fact("gemini-cli")["value"] is True
    assert override("gemini-cli")["status"] == "warn" and "CAN override" in override("gemini-cli")["detail"]
    assert _override_fact("cursor")["grade"] == "unknown"
    assert "not established" in override("cursor")["detail"]
    installed = {c["check"]: c["status"] for c in reports["claude-code"]["checks"]}
    assert installed["installed"] == installed["exclusive switch"] == installed["system launcher"] == "ok"


def test_doctor_fails_a_managed_host_that_is_not_installed(world):
    _, root = world
    result = run("doctor", "claude-code", "--managed", "--root", str(root))
    assert result.exit_code == 1 and "FAIL  installed" in result.output


def test_doctor_fails_a_managed_file_a_user_could_edit(world):
    _, root = world
    assert managed("install", "claude-code", str(root)).exit_code == 0
    os.chmod(root / CLAUDE_MANAGED.lstrip("/"), 0o666)
    result = run("doctor", "claude-code", "--managed", "--root", str(root))
    assert result.exit_code == 1 and "FAIL  ownership" in result.output


def test_every_managed_location_is_self_protected_as_that_hosts_configuration(world):
    home, _ = world
    checked = 0
    for host in registry.host_ids():
        data = registry.load_host(host)
        for location in (data.get("managed") or {}).get("locations", []):
            labels = [place.label for place in protection.protected(location["path"], str(home))]
            assert any(label.startswith(data["name"] + "'s") for label in labels), (host, location["path"], labels)
            checked += 1
    assert checked >= 6


def _write(path: str, home: str):
    return evaluate(ToolCall("write", paths=[path], cwd=home, project_root=home, host="claude-code", content="{}"))


@pytest.mark.parametrize(
    "path",
    [
        CLAUDE_MANAGED,
        "/etc/claude-code/managed-settings.d/zz-off.json",
        "/Library/Application Support/ClaudeCode/managed-settings.json",
        GEMINI_SYSTEM,
        "/etc/cursor/hooks.json",
        managed_policy.SYSTEM_LAUNCHER,
    ],
)
def test_an_agents_write_to_a_managed_file_is_denied_by_self_protection(world, path):
    home, _ = world
    decision = _write(path, str(home))
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert SELF in decision.rule_ids, decision.to_dict()


def test_an_agents_shell_edit_of_the_managed_settings_is_denied_by_self_protection(world):
    home, _ = world
    command = f"sed -i 's/allowManagedHooksOnly\": true/allowManagedHooksOnly\": false/' {CLAUDE_MANAGED}"
    decision = evaluate(ToolCall("shell", command=command, cwd=str(home), project_root=str(home), host="claude-code"))
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert SELF in decision.rule_ids, decision.to_dict()


def test_an_agent_cannot_run_the_managed_install_itself(world):
    home, _ = world
    command = "hookward uninstall claude-code --managed"
    decision = evaluate(ToolCall("shell", command=command, cwd=str(home), project_root=str(home), host="claude-code"))
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert SELF in decision.rule_ids, decision.to_dict()


def test_the_readme_never_runs_a_managed_install_against_the_real_system():
    from pathlib import Path

    from tests.test_readme import hookward_invocations

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "hookward install claude-code --managed" in readme, "the for-teams section names the command"
    for argv in hookward_invocations(readme):
        assert "--managed" not in argv or "--root" in argv, argv


def test_a_managed_install_is_found_in_the_managed_file_and_gone_after_uninstall(world):
    _, root = world
    assert managed_install.installed_here("claude-code", root=str(root)) is None
    assert managed("install", "claude-code", str(root)).exit_code == 0
    assert managed_install.installed_here("claude-code", root=str(root)) == CLAUDE_MANAGED
    assert managed_install.installed_here("gemini-cli", root=str(root)) is None
    assert managed("uninstall", "claude-code", str(root)).exit_code == 0
    assert managed_install.installed_here("claude-code", root=str(root)) is None


def test_a_dry_run_writes_nothing_and_shows_the_diff(world):
    _, root = world
    result = managed("install", "claude-code", str(root), "--dry-run")
    assert result.exit_code == 0, result.output
    assert "+++ " + str(root / CLAUDE_MANAGED.lstrip("/")) in result.output and "allowManagedHooksOnly" in result.output
    assert tree(root) == set()
