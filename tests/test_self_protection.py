"""The gate protects itself: what it protects is derived, and every way to rewrite it is a hard deny.

Each attack of issue 10 ("The gate can be rewritten through calls it allows")
runs through `evaluate` with HOME and the XDG directories under tmp_path, and
asserts DENY and the rule id `floor.self-protection`.
"""

from __future__ import annotations

import json
import os
import sys

import hookward.policy as policy_package
import pytest
from hookward.policy import protection
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

SELF = "floor.self-protection"


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "proj").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for name in protection.redirect_variables():
        monkeypatch.delenv(name, raising=False)
    return str(home)


@pytest.fixture
def project(home):
    return os.path.join(home, "proj")


def shell(command: str, project: str):
    return evaluate(ToolCall("shell", command=command, cwd=project, project_root=project, host="claude-code"))


def file_call(kind: str, path: str, project: str, content: str | None = None):
    return evaluate(
        ToolCall(kind, paths=[path], cwd=project, project_root=project, host="claude-code", content=content)
    )


def assert_gate_denies(decision) -> None:
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert SELF in decision.rule_ids, decision.to_dict()


def assert_not_self_protection(decision) -> None:
    assert SELF not in decision.rule_ids, decision.to_dict()


# --- derived, never listed by hand ----------------------------------------------------

# SELF_PROTECTION in policy/knowledge/paths.py at 4df5f33, the hand list this derivation replaces.
HAND_LIST_AT_4DF5F33 = [
    "~/.config/hookward/**", "~/.local/state/hookward/**", "~/.cache/hookward/**", ".hookward.toml", ".hookward/**",
    "hookward.toml", ".rippy", ".rippy.toml", "~/.rippy/**", ".dcg.toml", "~/.config/dcg/**", ".safety-net.json",
    "~/.cc-safety-net/**", ".claude/safety-net*", "~/.claude/settings*.json", "~/.claude/hooks/**",
    "~/.claude/plugins/**", ".claude/settings*.json", ".claude/hooks/**", "~/.qwen/settings.json",
    ".qwen/settings.json", "~/.gemini/settings.json", ".gemini/settings.json", "~/.gemini/extensions/**",
    ".github/hooks/**", "~/.copilot/**", ".copilot/**", ".vscode/settings.json", "~/.config/Code/User/settings.json",
    "~/Library/Application Support/Code/User/settings.json", "~/.config/github-copilot/**",
    "~/.config/JetBrains/**/github-copilot*", ".idea/github-copilot*", "~/.cursor/hooks.json", ".cursor/hooks.json",
    "~/.cursor/mcp.json", ".cursor/mcp.json", ".cursor/rules/**", "~/.config/opencode/**", ".opencode/**",
    "opencode.json", "opencode.jsonc", "~/.config/kilo/**", ".kilocode/**", "kilo.json", "kilo.jsonc", ".kilo/**",
    "~/.openclaw/**", ".openclaw/**", "~/.codex/config.toml", "~/.codex/hooks.json", ".codex/**", "~/.kimi/**",
    ".kimi/**", "~/.gemini/antigravity/**", ".agent/**", ".agents/**", "~/.antigravity/**", ".antigravity/**",
    "~/.kiro/**", ".kiro/**", "~/.aws/amazonq/**", ".amazonq/**", "~/.config/zed/settings.json",
    ".zed/settings.json", "~/.pi/**", ".pi/**", "~/.omp/**", ".omp/**",
]  # fmt: skip
# Issue 10: "Other files in those directories (Kiro's specs and steering files, Cursor rules) are ordinary
# project files." The only places the derivation gives up on purpose.
ORDINARY_NOW = (".cursor/rules/", ".kiro/specs/", ".kiro/steering/")


def _samples(pattern: str, home: str, project: str) -> list[str]:
    if pattern.startswith("~/"):
        base, rest = home, pattern[2:]
    elif pattern.startswith("/"):
        base, rest = "", pattern[1:]
    else:
        base, rest = project, pattern
    rests = [rest.replace("**", "deep/er").replace("*", "x").replace("?", "x")]
    if rest.startswith(".kiro/"):
        rests = [".kiro/agents/a.json", ".kiro/hooks/h.json", ".kiro/settings/mcp.json"]
    return [os.path.join(base, r) if base else "/" + r for r in rests]


def test_derived_protection_keeps_everything_the_hand_list_protected(home, project):
    lost = []
    for pattern in HAND_LIST_AT_4DF5F33:
        for path in _samples(pattern, home, project):
            if any(mark in path for mark in ORDINARY_NOW):
                continue
            found = protection.demands("write", path, path, path, home, project, False, None, "echo x > f")
            if not any(verdict == Verdict.DENY for _floor, verdict, _ in found):
                lost.append((pattern, path))
    assert not lost


def test_every_registry_location_is_protected_unknown_grade_included(home, project):
    from hookward.compat import registry

    checked = 0
    for host in registry.host_ids():
        for entry in registry.load_host(host)["config_locations"]:
            for path in _samples(entry["path"], home, project):
                assert protection.protected(path, home), (host, entry["path"])
                checked += 1
    assert checked > 100


def test_kiro_steering_and_cursor_rules_are_ordinary_project_files(home, project):
    assert_not_self_protection(file_call("write", os.path.join(project, ".kiro/steering/style.md"), project, "x"))
    assert_not_self_protection(file_call("write", os.path.join(project, ".cursor/rules/a.mdc"), project, "x"))


# --- the attacks: hookward's own policy, cache and installation ---------------------------


def test_7z_extraction_into_config_dir_is_denied(home, project):
    assert_gate_denies(shell(f"7z e x.7z -o{home}/.config/hookward -y", project))


def test_tar_extraction_with_absolute_members_is_denied(home, project):
    assert_gate_denies(shell("tar -xPf x.tar", project))


def test_unzip_with_absolute_members_is_denied(home, project):
    assert_gate_denies(shell("unzip -: x.zip", project))


def test_7z_extraction_onto_the_root_is_denied(home, project):
    assert_gate_denies(shell("7z x -o/ x.7z -y", project))


def test_tar_extraction_into_the_config_dir_is_denied(home, project):
    assert_gate_denies(shell(f"tar -xf x.tar -C {home}/.config", project))


def test_writing_the_user_policy_is_denied(home, project):
    assert_gate_denies(file_call("write", f"{home}/.config/hookward/policy.toml", project, "[settings]\n"))


def test_editing_the_compiled_policy_cache_is_denied(home, project):
    assert_gate_denies(shell(f"sed -i s/deny/allow/ {home}/.cache/hookward/policy-0123.json", project))


def test_overwriting_the_launcher_hosts_call_is_denied(home, project, monkeypatch):
    launcher = os.path.join(project, ".venv", "bin", "hookward")
    os.makedirs(os.path.dirname(launcher))
    with open(launcher, "w", encoding="utf-8") as handle:
        handle.write("#!/bin/sh\n")
    os.chmod(launcher, 0o755)
    monkeypatch.setenv("PATH", os.path.dirname(launcher) + os.pathsep + os.environ.get("PATH", ""))
    assert_gate_denies(shell("printf 'exit 0' > .venv/bin/hookward", project))


def test_overwriting_the_running_environment_is_denied(home, project):
    if sys.prefix == sys.base_prefix:
        pytest.skip("not running in a virtual environment")
    assert_gate_denies(shell(f"printf 'exit 0' > {sys.prefix}/bin/hookward", project))


def test_sed_on_the_installed_default_policy_is_denied(home, project):
    default = os.path.join(os.path.dirname(policy_package.__file__), "data", "default.toml")
    assert_gate_denies(shell(f"sed -i s/deny/allow/ {default}", project))


def test_editing_the_floors_source_is_denied(home, project):
    floors = os.path.join(os.path.dirname(policy_package.__file__), "floors", "commands.py")
    decision = file_call("edit", floors, project)
    assert_gate_denies(decision)
    assert "gate itself" in " ".join(decision.reasons)


def test_moving_the_installed_package_away_is_denied(home, project):
    import hookward

    assert_gate_denies(shell(f"mv {os.path.dirname(hookward.__file__)} /tmp/off", project))


# --- XDG resolved as the loader and the ledger resolve it ---------------------------------


def test_policy_under_xdg_config_home_is_denied(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    assert_gate_denies(file_call("write", str(tmp_path / "xdg-config/hookward/policy.toml"), project, ""))
    assert_gate_denies(shell(f"echo '{{}}' > {tmp_path}/xdg-config/hookward/trusted.json", project))


def test_removing_the_ledger_under_xdg_state_home_is_denied(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    assert_gate_denies(shell(f"rm {tmp_path}/xdg-state/hookward/ledger.db", project))


def test_cache_under_xdg_cache_home_is_denied(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    assert_gate_denies(shell(f"rm -rf {tmp_path}/xdg-cache/hookward", project))


# --- host configs from the registry ------------------------------------------------------


def test_kimi_config_is_denied(home, project):
    assert_gate_denies(shell("echo '' > ~/.kimi-code/config.toml", project))


def test_kimi_config_under_kimi_code_home_is_denied(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("KIMI_CODE_HOME", str(tmp_path / "kimi"))
    assert_gate_denies(shell(f"echo '' > {tmp_path}/kimi/config.toml", project))


def test_claude_settings_under_claude_config_dir_is_denied(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    assert_gate_denies(shell(f"echo '{{}}' > {tmp_path}/claude/settings.json", project))


def test_antigravity_cli_hooks_are_denied(home, project):
    assert_gate_denies(file_call("write", f"{home}/.gemini/config/hooks.json", project, "{}"))


def test_project_mcp_json_is_denied(home, project):
    assert_gate_denies(file_call("write", os.path.join(project, ".mcp.json"), project, '{"mcpServers": {}}'))


def test_vscode_mcp_json_is_denied(home, project):
    assert_gate_denies(shell("echo '{}' > .vscode/mcp.json", project))


def test_cursor_mcp_json_is_denied(home, project):
    assert_gate_denies(shell("echo '{}' > .cursor/mcp.json", project))


def test_claude_user_mcp_servers_are_denied(home, project):
    assert_gate_denies(shell("echo '{}' > ~/.claude.json", project))


def test_gemini_settings_mcp_servers_are_denied(home, project):
    content = json.dumps({"mcpServers": {"x": {"command": "sh"}}})
    assert_gate_denies(file_call("write", f"{home}/.gemini/settings.json", project, content))


def test_moving_the_claude_dir_aside_is_denied(home, project):
    assert_gate_denies(shell("mv .claude .claude.off", project))


def test_chmod_000_on_the_claude_dir_is_denied(home, project):
    assert_gate_denies(shell("chmod 000 .claude", project))


def test_moving_the_github_dir_away_is_denied(home, project):
    assert_gate_denies(shell("mv .github /tmp", project))


def test_removing_the_config_dir_is_denied(home, project):
    assert_gate_denies(shell("rm -rf ~/.config", project))


def test_creating_a_subfolder_of_claude_is_ordinary(home, project):
    assert_not_self_protection(shell("mkdir -p .claude/commands", project))
    assert_not_self_protection(shell("echo hi > notes.txt", project))


# --- mixed-purpose settings files: judged on their new content ------------------------------


def test_changing_only_the_theme_in_claude_settings_is_not_the_gate(home, project):
    settings = os.path.join(home, ".claude", "settings.json")
    os.makedirs(os.path.dirname(settings))
    with open(settings, "w") as handle:
        json.dump({"theme": "dark", "hooks": {"PreToolUse": []}}, handle)
    content = json.dumps({"theme": "light", "hooks": {"PreToolUse": []}})
    decision = file_call("write", settings, project, content)
    assert_not_self_protection(decision)
    assert decision.verdict == Verdict.ASK and "floor.persistence" in decision.rule_ids


def test_dropping_hooks_from_claude_settings_is_denied(home, project):
    settings = os.path.join(home, ".claude", "settings.json")
    os.makedirs(os.path.dirname(settings))
    with open(settings, "w") as handle:
        json.dump({"theme": "dark", "hooks": {"PreToolUse": []}}, handle)
    assert_gate_denies(file_call("write", settings, project, json.dumps({"theme": "dark"})))


def test_disable_all_hooks_in_project_settings_is_denied(home, project):
    content = json.dumps({"disableAllHooks": True})
    assert_gate_denies(file_call("write", os.path.join(project, ".claude/settings.local.json"), project, content))


def test_vscode_settings_font_size_is_not_the_gate_but_auto_approve_is(home, project):
    path = os.path.join(project, ".vscode", "settings.json")
    assert_not_self_protection(file_call("write", path, project, '{\n  // comment\n  "editor.fontSize": 14,\n}'))
    assert_gate_denies(file_call("write", path, project, '{"chat.tools.autoApprove": true}'))


def test_an_edit_or_a_shell_write_of_a_mixed_settings_file_is_denied(home, project):
    path = os.path.join(project, ".vscode", "settings.json")
    assert_gate_denies(file_call("edit", path, project))
    assert_gate_denies(shell("echo '{}' > .vscode/settings.json", project))


def test_settings_that_do_not_parse_are_denied(home, project):
    assert_gate_denies(file_call("write", os.path.join(project, ".claude/settings.json"), project, "{not json"))


# --- redirecting variables in shell startup files -------------------------------------------


def test_setting_xdg_config_home_in_bashrc_is_denied(home, project):
    assert_gate_denies(shell("echo 'export XDG_CONFIG_HOME=/tmp/x' >> ~/.bashrc", project))


def test_setting_claude_config_dir_in_zshrc_by_write_is_denied(home, project):
    decision = file_call("write", f"{home}/.zshrc", project, "export CLAUDE_CONFIG_DIR=/tmp/c\n")
    assert_gate_denies(decision)


# --- the ledger and the grant store ---------------------------------------------------------


def ledger_db(home: str) -> str:
    return os.path.join(home, ".local", "state", "hookward", "ledger.db")


def test_removing_the_ledger_is_denied(home, project):
    assert_gate_denies(shell(f"rm -f {ledger_db(home)}", project))


def test_gzip_of_the_ledger_is_denied(home, project):
    assert_gate_denies(shell(f"gzip {ledger_db(home)}", project))


def test_zip_move_of_the_ledger_is_denied(home, project):
    assert_gate_denies(shell(f"zip -m /tmp/l.zip {ledger_db(home)}", project))


def test_tar_remove_files_of_the_ledger_is_denied(home, project):
    assert_gate_denies(shell(f"tar --remove-files -cf /tmp/l.tar {ledger_db(home)}", project))


def test_sqlite3_delete_from_the_ledger_is_denied(home, project):
    assert_gate_denies(shell(f"sqlite3 {ledger_db(home)} 'delete from events'", project))


def test_inline_python_deleting_the_ledger_is_denied(home, project):
    assert_gate_denies(shell(f"python3 -c \"import os; os.remove('{ledger_db(home)}')\"", project))


def test_mkfifo_at_the_spool_path_is_denied(home, project):
    assert_gate_denies(shell(f"mkfifo {home}/.local/state/hookward/spool.jsonl", project))


# --- hookward's own controls ----------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "hookward uninstall claude-code",
        "hookward install claude-code",
        "hookward policy trust .hookward.toml",
        "hookward audit prune --keep 0",
        "python -m hookward uninstall claude-code",
        "python3.11 -m hookward.cli policy trust",
        "/opt/tools/bin/hookward uninstall claude-code",
        "script -qc 'hookward uninstall claude-code' /dev/null",
        "uvx hookward uninstall claude-code",
        "python3 -c 'from hookward.adapters import install; install.uninstall(\"claude-code\")'",
        "echo '{}' | hookward hook claude-code PostToolUse",
    ],
)
def test_hookward_controls_are_denied_in_any_spelling(home, project, command):
    assert_gate_denies(shell(command, project))


@pytest.mark.parametrize("command", ["hookward check -- ls", "hookward audit verify", "hookward policy show"])
def test_hookward_read_only_commands_are_not_the_gate(home, project, command):
    assert_not_self_protection(shell(command, project))


def _cli_paths() -> set[tuple[str, ...]]:
    from hookward.app import app

    found: set[tuple[str, ...]] = set()

    def walk(typer_app, prefix: tuple[str, ...]) -> None:
        for command in typer_app.registered_commands:
            found.add(prefix + (command.name or command.callback.__name__.replace("_", "-"),))
        for group in typer_app.registered_groups:
            walk(group.typer_instance, prefix + (group.name,))

    walk(app, ())
    return found


def test_every_cli_command_is_classified_as_a_control_or_read_only():
    commands = _cli_paths()
    assert protection.HOOKWARD_CONTROLS.isdisjoint(protection.HOOKWARD_READ_ONLY)
    unclassified = commands - protection.HOOKWARD_CONTROLS - protection.HOOKWARD_READ_ONLY
    assert not unclassified, f"classify these in policy/protection.py: {sorted(unclassified)}"
    stale = (protection.HOOKWARD_CONTROLS | protection.HOOKWARD_READ_ONLY) - commands
    assert not stale, f"no longer commands: {sorted(stale)}"


def test_every_cli_control_is_denied_when_a_tool_call_runs_it(home, project):
    for path in sorted(protection.HOOKWARD_CONTROLS):
        assert_gate_denies(shell("hookward " + " ".join(path), project))


def test_copying_a_file_into_an_ancestor_of_the_project_is_not_replacing_it(tmp_path, monkeypatch):
    # `cp f /tmp/` with the project at /tmp/p creates /tmp/f: the directory that holds the project's host
    # configs is not replaced, so the gate's ancestor rule does not decide; the created file is judged alone.
    from hookward.policy import protection

    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    assert protection.demands("write", str(tmp_path), str(tmp_path), str(tmp_path) + "/", str(home), str(project),
                              False, None, "cp f /tmp/") == []  # fmt: skip
    denied = protection.demands("write", str(tmp_path), str(tmp_path), str(tmp_path) + "/", str(home), str(project),
                                True, None, "cp -r d /tmp/")  # fmt: skip
    assert denied and denied[0][0] == "self-protection"
