"""Host releases: facts know their version, switches know their first release, and one host's
payload on another host's hook is answered as the host that sent it."""

from __future__ import annotations

import json
import os
import sys
from types import ModuleType, SimpleNamespace

import pytest
from hookward.adapters import hook, host_version, installers, pipeline
from hookward.compat import registry
from hookward.verdicts.decision import Decision, Verdict

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


@pytest.fixture(autouse=True)
def no_ledger(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(pipeline, "record_decision", lambda *args: None)
    monkeypatch.setattr(pipeline, "record_post", lambda *args: None)


@pytest.fixture
def verdict(monkeypatch):  # type: ignore[no-untyped-def]
    def use(value: Verdict, understood: bool = True) -> None:
        decision = Decision(value, [f"fixed test verdict {value.label}"], ["test.fixed"], understood=understood)
        engine = ModuleType("hookward.policy.engine")
        engine.evaluate_call = lambda call: (decision, SimpleNamespace(trusted_grade="documented"))  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "hookward.policy.engine", engine)
        # ask-level calls open a grant in the pre-tool path: none here
        monkeypatch.setattr(pipeline, "grant_for", lambda call, decision, settings: (decision, None))

    return use


def cursor_fixture(name: str) -> bytes:
    with open(os.path.join(FIXTURES, "cursor", name), "rb") as handle:
        return handle.read()


# ---------------------------------------------------------------- the version rule


def test_a_probed_fact_counts_as_documented_on_a_later_release():
    fact = {"value": "enforced", "grade": "probed", "source": "compat/probes/records/claude-code/2.1.197/x.json"}
    assert registry.grade_on(fact, "2.1.197", 3) == "probed"
    assert registry.grade_on(fact, "2.1.332", 3) == "documented"
    assert registry.grade_on(fact, None, 3) == "probed"  # a release nobody can read changes nothing


def test_release_components_decide_what_counts_as_the_same_release():
    fact = {"value": "runs", "grade": "read", "source": "@openai/codex@0.171.0 (binary): symbol"}
    assert registry.grade_on(fact, "0.171.5", 2) == "read"
    assert registry.grade_on(fact, "0.172.0", 2) == "documented"


def test_a_switch_before_its_first_release_is_unknown():
    fact = {
        "value": 'onFailure: "block"',
        "grade": "read",
        "source": "@a/b@2.1.332 (bin): onFailure",
        "since": "2.1.295",
    }
    assert registry.grade_on(fact, "2.1.294", 3) == "unknown"
    assert registry.grade_on(fact, "2.1.332", 3) == "read"


def test_capabilities_lower_an_effect_on_a_newer_release():
    examined = registry.Capabilities.of("claude-code", "2.1.332").headless_effect("PreToolUse", "deny", "default")
    assert examined is not None and examined["grade"] == "probed"
    newer = registry.Capabilities.of("claude-code", "2.1.400").headless_effect("PreToolUse", "deny", "default")
    assert newer is not None and newer["grade"] == "documented"


# ---------------------------------------------------------------- install writes the switch by release


def test_claude_code_switch_is_written_only_from_its_first_release():
    assert installers.fail_closed_fields("claude-code", "2.1.332") == {"onFailure": "block"}
    assert installers.fail_closed_fields("claude-code", "2.1.295") == {"onFailure": "block"}
    assert installers.fail_closed_fields("claude-code", "2.1.294") == {}
    assert installers.fail_closed_fields("claude-code", None) == {}


def test_install_targets_the_release_it_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.setattr(host_version, "installed_version", lambda host, path_env=None: None)
    plan = installers.plan_for("claude-code", executable="/opt/hookward", host_version="2.1.332")
    entries = plan.registrations[0].entries
    assert entries["PreToolUse"]["onFailure"] == "block"
    assert "onFailure" not in entries["PostToolUse"]
    old = installers.plan_for("claude-code", executable="/opt/hookward", host_version="2.1.200")
    assert "onFailure" not in old.registrations[0].entries["PreToolUse"]
    assert any("predates its fail-closed switch" in note for note in old.notes)
    unknown = installers.plan_for("claude-code", executable="/opt/hookward")
    assert any("could not be read" in note for note in unknown.notes)


def test_installed_release_is_read_off_the_npm_package_a_command_links_to(tmp_path):
    package = tmp_path / "lib" / "node_modules" / "@anthropic-ai" / "claude-code"
    (package / "bin").mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "@anthropic-ai/claude-code", "version": "2.1.332"}))
    binary = package / "bin" / "claude.exe"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "claude").symlink_to(binary)
    assert host_version.installed_version("claude-code", path_env=str(bindir)) == ("2.1.332", str(binary))


def test_installed_release_is_read_off_a_versioned_install_folder(tmp_path):
    versions = tmp_path / "share" / "claude" / "versions"
    versions.mkdir(parents=True)
    binary = versions / "2.1.300"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "claude").symlink_to(binary)
    assert host_version.installed_version("claude-code", path_env=str(bindir))[0] == "2.1.300"


# ---------------------------------------------------------------- approval events


PERMISSION_REQUEST = {
    "session_id": "s1",
    "transcript_path": "/tmp/t.jsonl",
    "cwd": "/tmp",
    "permission_mode": "default",
    "hook_event_name": "PermissionRequest",
    "tool_name": "Bash",
    "tool_input": {"command": "ls"},
    "permission_suggestions": [],
}


def answer(wire) -> dict:  # type: ignore[no-untyped-def]
    return json.loads(wire.stdout)["hookSpecificOutput"]["decision"] if wire.stdout else {}


def test_an_understood_allow_settles_claude_codes_permission_dialog(verdict):
    verdict(Verdict.ALLOW)
    wire = hook.handle("claude-code", "PermissionRequest", json.dumps(PERMISSION_REQUEST).encode())
    assert answer(wire) == {"behavior": "allow"}


def test_an_allow_by_a_looser_rule_leaves_the_dialog_to_the_person(verdict):
    verdict(Verdict.ALLOW, understood=False)
    wire = hook.handle("claude-code", "PermissionRequest", json.dumps(PERMISSION_REQUEST).encode())
    assert wire.stdout == "" and wire.exit_code == 0


def test_a_deny_refuses_the_permission_dialog_with_the_rule(verdict):
    verdict(Verdict.DENY)
    wire = hook.handle("claude-code", "PermissionRequest", json.dumps(PERMISSION_REQUEST).encode())
    decision = answer(wire)
    assert decision["behavior"] == "deny" and "test.fixed" in decision["message"]


def test_an_ask_at_the_dialog_is_the_dialog_itself_and_opens_no_grant(verdict, monkeypatch):
    verdict(Verdict.ASK)
    opened = []
    monkeypatch.setattr(pipeline, "grant_for", lambda *args: opened.append(args) or (args[1], None))
    wire = hook.handle("claude-code", "PermissionRequest", json.dumps(PERMISSION_REQUEST).encode())
    assert wire.stdout == "" and wire.exit_code == 0
    assert opened == []  # the pre-tool event opened the call's one grant; the dialog opens none


def test_an_ask_at_the_dialog_in_auto_mode_is_refused(verdict):
    verdict(Verdict.ASK)
    payload = dict(PERMISSION_REQUEST, permission_mode="auto")
    decision = answer(hook.handle("claude-code", "PermissionRequest", json.dumps(payload).encode()))
    assert decision["behavior"] == "deny" and "test.fixed" in decision["message"]


def test_junk_at_the_dialog_is_refused_in_the_dialogs_format():
    wire = hook.handle("claude-code", "PermissionRequest", b"{}")
    assert answer(wire)["behavior"] == "deny"


# ---------------------------------------------------------------- Cursor on Claude Code's hook


def test_cursor_payload_on_claude_codes_hook_is_denied_in_cursors_format(verdict):
    verdict(Verdict.DENY)
    wire = hook.handle("claude-code", "PreToolUse", cursor_fixture("preToolUse-delete.json"))
    sent = json.loads(wire.stdout)
    assert sent["permission"] == "deny" and "test.fixed" in sent["user_message"]
    assert "hookSpecificOutput" not in sent


def test_cursor_payload_on_claude_codes_hook_is_judged_with_cursors_facts(verdict):
    # Cursor's preToolUse ignores an ask (registry): hookward refuses instead, naming Cursor.
    verdict(Verdict.ASK)
    wire = hook.handle("claude-code", "PreToolUse", cursor_fixture("preToolUse-delete.json"))
    sent = json.loads(wire.stdout)
    assert sent["permission"] == "deny" and "Cursor" in sent["user_message"]


def test_cursor_payload_on_claude_codes_post_hook_gets_cursors_answer():
    wire = hook.handle("claude-code", "PostToolUse", cursor_fixture("postToolUse.json"))
    assert wire.stdout == "{}" and wire.exit_code == 0


def test_a_claude_code_payload_is_still_answered_as_claude_code(verdict):
    verdict(Verdict.DENY)
    payload = {"session_id": "s", "cwd": "/tmp", "tool_name": "Bash", "tool_input": {"command": "ls"}}
    wire = hook.handle("claude-code", "PreToolUse", json.dumps(payload).encode())
    assert json.loads(wire.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_doctor_says_when_the_installed_host_is_newer_than_the_release_examined(monkeypatch):
    from hookward.adapters import doctor

    report = doctor.HostReport("claude-code", "user", "")
    monkeypatch.setattr(host_version, "installed_version", lambda host, path_env=None: ("2.1.400", "/x/claude"))
    doctor._check_release(report, "claude-code")
    assert [(c.status, c.name) for c in report.checks] == [(doctor.WARN, "release")]
    assert "newer than 2.1.332" in report.checks[0].detail
    report = doctor.HostReport("claude-code", "user", "")
    monkeypatch.setattr(host_version, "installed_version", lambda host, path_env=None: ("2.1.332", "/x/claude"))
    doctor._check_release(report, "claude-code")
    assert [(c.status, c.name) for c in report.checks] == [(doctor.OK, "release")]
