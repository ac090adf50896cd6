"""Red team round 3 on gate integrity: each hole found, named after the attack, through `evaluate`.

HOME (and XDG_DATA_HOME where a test sets it) live under tmp_path; nothing here runs a command.
Every hostile case asserts DENY and the rule id `floor.self-protection`.
"""

from __future__ import annotations

import os

import pytest
from hookward.adapters import install
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


def assert_gate_denies(decision) -> None:
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert SELF in decision.rule_ids, decision.to_dict()


# --- the launcher `hookward install` writes (adapters.install.launcher_path) --------------


@pytest.mark.parametrize(
    "template",
    [
        "printf 'exit 0' > {launcher}",
        "rm -f {launcher}",
        "ln -sf /tmp/evil {launcher}",
        "chmod 000 {launcher}",
        "cp /tmp/evil {launcher}",
    ],
)
def test_rewriting_the_installed_launcher_is_denied(home, project, template):
    launcher = install.launcher_path()
    assert launcher.startswith(home)
    assert_gate_denies(shell(template.format(launcher=launcher), project))


def test_write_tool_replacing_the_launcher_is_denied(home, project):
    call = ToolCall(
        "write", paths=[install.launcher_path()], cwd=project, project_root=project, host="claude-code", content="x"
    )
    assert_gate_denies(evaluate(call))


def test_launcher_under_xdg_data_home_is_denied(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    launcher = install.launcher_path()
    assert launcher.startswith(str(tmp_path / "data"))
    assert_gate_denies(shell(f"echo x > {launcher}", project))


# --- hookward's controls in spellings round 2 missed ---------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "python3 {launcher} uninstall",
        "sh {launcher} grant 7f3a9c",
        "bash {launcher} pause --for 8h",
    ],
)
def test_launcher_run_as_a_script_is_a_control(home, project, command):
    assert_gate_denies(shell(command.format(launcher=install.launcher_path()), project))


@pytest.mark.parametrize(
    "command", ["echo uninstall | xargs hookward", "xargs hookward <<< uninstall", "xargs -0 hookward < args"]
)
def test_xargs_feeding_hookward_its_arguments_is_a_control(home, project, command):
    assert_gate_denies(shell(command, project))


def test_alias_for_hookward_defined_on_the_line_is_a_control(home, project):
    assert_gate_denies(shell("alias h=hookward; h uninstall", project))


@pytest.mark.parametrize("verb", ["ln -s", "ln", "cp"])
def test_new_name_for_the_launcher_made_earlier_on_the_line_is_a_control(home, project, verb):
    launcher = install.launcher_path()
    assert_gate_denies(shell(f"{verb} {launcher} /tmp/h && /tmp/h uninstall", project))


def test_upper_case_hookward_on_a_case_insensitive_file_system_is_a_control(home, project):
    assert_gate_denies(shell("HOOKWARD uninstall", project))


# --- redirecting hookward's directories for a later hook -----------------------------------


def test_xdg_config_home_in_systemd_environment_d_is_denied(home, project):
    decision = shell("echo XDG_CONFIG_HOME=/tmp/x > ~/.config/environment.d/hw.conf", project)
    assert_gate_denies(decision)


# --- neighbours that must stay ordinary ------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    ["ls hookward", "grep -rn hookward .", "xargs grep hookward", "git log -- hookward", "cp -r hookward /tmp/x"],
)
def test_naming_the_hookward_folder_is_not_a_control(home, project, command):
    assert SELF not in shell(command, project).rule_ids


# --- a hard link already in the project is the protected file under another name -------------


def _linked(home: str, project: str, protected: str, body: str, name: str) -> str:
    os.makedirs(os.path.dirname(protected), exist_ok=True)
    with open(protected, "w") as handle:
        handle.write(body)
    link = os.path.join(project, name)
    os.link(protected, link)
    return link


@pytest.mark.parametrize("command", ["echo x > notes.toml", "printf '[[rules]]' >> notes.toml"])
def test_shell_write_through_a_hard_link_to_the_user_policy_is_denied(home, project, command):
    from hookward.policy import loader

    _linked(home, project, loader.user_policy_path(), "# mine\n", "notes.toml")
    assert_gate_denies(shell(command, project))


@pytest.mark.parametrize("kind", ["write", "edit"])
def test_write_tool_through_a_hard_link_to_the_user_policy_is_denied(home, project, kind):
    from hookward.policy import loader

    link = _linked(home, project, loader.user_policy_path(), "# mine\n", "notes.toml")
    call = ToolCall(kind, paths=[link], cwd=project, project_root=project, host="claude-code", content="x")
    decision = evaluate(call)
    assert_gate_denies(decision)
    assert "hard link" in " ".join(decision.reasons)


def test_hard_link_to_claude_settings_is_judged_on_its_content(home, project):
    settings = os.path.join(home, ".claude", "settings.json")
    link = _linked(home, project, settings, '{"hooks": {"PreToolUse": []}}', "cs.json")

    def write(content: str):
        return evaluate(
            ToolCall("write", paths=[link], cwd=project, project_root=project, host="claude-code", content=content)
        )

    assert_gate_denies(write("{}"))
    assert SELF not in write('{"hooks": {"PreToolUse": []}, "theme": "dark"}').rule_ids


def test_hard_link_to_an_ordinary_file_stays_ordinary(home, project, tmp_path):
    other = tmp_path / "other.txt"
    other.write_text("x")
    os.link(other, os.path.join(project, "o.txt"))
    call = ToolCall(
        "write", paths=[os.path.join(project, "o.txt")], cwd=project, project_root=project, host="claude-code"
    )
    assert SELF not in evaluate(call).rule_ids


# --- hookward's own keys are protected against reads, also wholesale ----------------------------


def _keys(home: str) -> list[str]:
    paths = protection.secret_files()
    for path in paths:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write("k")
    return paths


@pytest.mark.parametrize(
    "command",
    [
        "zip -r s.zip ~/.local/state/hookward",
        "tar czf /tmp/s.tgz ~/.local/state/hookward",
        "cp -r ~/.local/state/hookward st",
        "grep -r . ~/.local/state",
    ],
)
def test_archiving_or_sweeping_the_tree_holding_the_grant_key_is_denied(home, project, command):
    _keys(home)
    assert_gate_denies(shell(command, project))


@pytest.mark.parametrize("which", [0, 1])
def test_read_tool_on_a_hookward_key_is_self_protection(home, project, which):
    secret = _keys(home)[which]
    call = ToolCall("read", paths=[secret], cwd=project, project_root=project, host="claude-code")
    assert_gate_denies(evaluate(call))


def test_cache_secret_under_xdg_state_home_is_protected_against_reads(home, project, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    secret = _keys(home)[0]
    assert secret.startswith(str(tmp_path / "state"))
    assert_gate_denies(shell(f"base64 {secret}", project))


def test_listing_hookward_state_is_not_a_read_of_its_keys(home, project):
    _keys(home)
    assert SELF not in shell("ls -la ~/.local/state/hookward", project).rule_ids


def test_a_hard_link_whose_other_names_were_not_all_searched_asks(home, project, tmp_path, monkeypatch):
    # The search for a hard link's other names is bounded; when the budget runs out before every protected
    # place was looked at, the file may be the gate's own under another name: fail closed, an ask.
    monkeypatch.setattr(protection, "_LINK_WALK_BUDGET", 1)
    other = tmp_path / "other.txt"
    other.write_text("x")
    os.link(other, os.path.join(project, "o.txt"))
    call = ToolCall(
        "write", paths=[os.path.join(project, "o.txt")], cwd=project, project_root=project, host="claude-code"
    )
    decision = evaluate(call)
    assert decision.verdict == Verdict.ASK
    assert SELF in decision.rule_ids
    assert "hard link" in " ".join(decision.reasons)
