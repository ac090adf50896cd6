"""Codex PermissionRequest and Copilot CLI permissionRequest: the host is about to route a call to
its own approval, and hookward's answer settles it only for a call a spec understood, refuses it on
a deny, and otherwise leaves the host's own approval alone. A pre-tool event and the approval
event of one call are one decision with at most one grant."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from hookward.adapters import hook, installers, pipeline
from hookward.compat import registry
from hookward.verdicts import ledger
from hookward.verdicts.decision import Decision, Verdict

CODEX_APPROVAL = {
    "session_id": "s1",
    "turn_id": "t1",
    "transcript_path": None,
    "cwd": "/tmp",
    "hook_event_name": "PermissionRequest",
    "model": "gpt-5-codex",
    "permission_mode": "default",
    "tool_name": "Bash",
    "tool_input": {"command": "ls", "description": "list the folder"},
}
COPILOT_APPROVAL = {
    "hookName": "permissionRequest",
    "sessionId": "s1",
    "timestamp": 1796136324004,
    "cwd": "/tmp",
    "toolName": "bash",
    "toolInput": {"command": "ls"},
    "permissionSuggestions": [],
}


@pytest.fixture
def verdict(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(pipeline, "record_decision", lambda *args: None)

    def use(value: Verdict, understood: bool = True) -> None:
        decision = Decision(value, [f"fixed test verdict {value.label}"], ["test.fixed"], understood=understood)
        engine = ModuleType("hookward.policy.engine")
        engine.evaluate_call = lambda call: (decision, SimpleNamespace(trusted_grade="documented"))  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "hookward.policy.engine", engine)
        monkeypatch.setattr(pipeline, "grant_for", lambda call, decision, settings: (decision, None))

    return use


def codex(payload: dict = CODEX_APPROVAL):  # type: ignore[no-untyped-def]
    return hook.handle("codex", "PermissionRequest", json.dumps(payload).encode())


def copilot(payload: dict = COPILOT_APPROVAL):  # type: ignore[no-untyped-def]
    return hook.handle("copilot-cli", "permissionRequest", json.dumps(payload).encode())


def codex_decision(wire) -> dict:  # type: ignore[no-untyped-def]
    assert wire.exit_code == 0, wire.stderr
    sent = json.loads(wire.stdout)
    # Codex rejects unknown fields (additionalProperties: false) and fails closed on the reserved ones.
    assert set(sent) == {"hookSpecificOutput"}
    assert set(sent["hookSpecificOutput"]) == {"hookEventName", "decision"}
    assert sent["hookSpecificOutput"]["hookEventName"] == "PermissionRequest"
    return sent["hookSpecificOutput"]["decision"]


# ---------------------------------------------------------------- Codex PermissionRequest


def test_an_understood_allow_settles_codexs_approval(verdict):
    verdict(Verdict.ALLOW)
    assert codex_decision(codex()) == {"behavior": "allow"}


def test_an_allow_by_a_looser_rule_leaves_codexs_approval_to_codex(verdict):
    verdict(Verdict.ALLOW, understood=False)
    wire = codex()
    assert (wire.stdout, wire.exit_code) == ("", 0)


def test_a_deny_refuses_codexs_approval_with_the_rule(verdict):
    verdict(Verdict.DENY)
    decision = codex_decision(codex())
    assert decision["behavior"] == "deny" and "test.fixed" in decision["message"]
    assert set(decision) == {"behavior", "message"}  # never updatedInput / updatedPermissions / interrupt


def test_an_ask_at_codexs_approval_is_refused_since_who_answers_it_is_not_established(verdict):
    # The approval may go to Codex's automatic reviewer, not a person: the registry does not say it prompts.
    verdict(Verdict.ASK)
    decision = codex_decision(codex())
    assert decision["behavior"] == "deny" and "test.fixed" in decision["message"]
    assert "nobody has established" in decision["message"]


def test_the_codex_pre_tool_answer_keeps_its_own_shape(verdict):
    verdict(Verdict.DENY)
    payload = dict(CODEX_APPROVAL, hook_event_name="PreToolUse", tool_use_id="call_1")
    sent = json.loads(hook.handle("codex", "PreToolUse", json.dumps(payload).encode()).stdout)
    assert sent["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.parametrize(
    "raw",
    [
        b"{}",
        b"not json",
        json.dumps(dict(CODEX_APPROVAL, tool_input=None)).encode(),
        json.dumps({k: v for k, v in CODEX_APPROVAL.items() if k != "tool_input"}).encode(),
        json.dumps(dict(CODEX_APPROVAL, tool_name=["Bash"])).encode(),
    ],
)
def test_a_malformed_codex_approval_payload_is_refused_in_the_approvals_format(verdict, raw):
    verdict(Verdict.ALLOW)  # whatever the policy would say: a payload hookward cannot read is refused
    decision = codex_decision(hook.handle("codex", "PermissionRequest", raw))
    assert decision["behavior"] == "deny" and "failed closed" in decision["message"]


# ---------------------------------------------------------------- Copilot CLI permissionRequest


def test_an_understood_allow_settles_copilots_permission(verdict):
    verdict(Verdict.ALLOW)
    assert json.loads(copilot().stdout) == {"behavior": "allow"}


def test_an_allow_by_a_looser_rule_leaves_copilots_permission_to_copilot(verdict):
    verdict(Verdict.ALLOW, understood=False)
    wire = copilot()
    assert (wire.stdout, wire.exit_code) == ("", 0)


def test_a_deny_refuses_copilots_permission_with_the_rule(verdict):
    verdict(Verdict.DENY)
    sent = json.loads(copilot().stdout)
    assert sent["behavior"] == "deny" and "test.fixed" in sent["message"]
    assert "permissionDecision" not in sent


def test_an_ask_at_copilots_permission_is_copilots_own_prompt(verdict):
    verdict(Verdict.ASK)
    wire = copilot()
    assert (wire.stdout, wire.exit_code) == ("", 0)


def test_copilots_approval_reads_the_call_from_tool_input(verdict):
    from hookward.adapters import copilot_cli

    call = copilot_cli.parse("permissionRequest", COPILOT_APPROVAL)
    assert (call.kind, call.tool, call.command) == ("shell", "bash", "ls")


@pytest.mark.parametrize(
    "raw",
    [
        b"{}",
        b"[1]",
        json.dumps({k: v for k, v in COPILOT_APPROVAL.items() if k != "toolInput"}).encode(),
        json.dumps(dict(COPILOT_APPROVAL, toolInput="{not json")).encode(),
    ],
)
def test_a_malformed_copilot_approval_payload_is_refused_in_the_approvals_format(verdict, raw):
    verdict(Verdict.ALLOW)
    wire = hook.handle("copilot-cli", "permissionRequest", raw)
    sent = json.loads(wire.stdout)
    assert wire.exit_code == 0 and sent["behavior"] == "deny" and "failed closed" in sent["message"]


# ---------------------------------------------------------------- one call, one decision, one grant

ASK_COMMAND = "python3 ./scripts/build.py"  # a script not known to be the person's: floor.runs-code asks


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from hookward.verdicts import grants

    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    (tmp_path / "home").mkdir()
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "scripts" / "build.py").write_text("print('build')\n")
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [])
    return root


def grant_count() -> int:
    conn = ledger.open_ledger()
    try:
        return len(ledger.grant_rows(conn))
    finally:
        conn.close()


def test_codex_pre_tool_and_approval_of_one_call_open_one_grant(project):
    pre = dict(CODEX_APPROVAL, hook_event_name="PreToolUse", tool_use_id="call_1", cwd=str(project))
    pre["tool_input"] = {"command": ASK_COMMAND}
    wire = hook.handle("codex", "PreToolUse", json.dumps(pre).encode())
    refused = json.loads(wire.stdout)["hookSpecificOutput"]
    assert refused["permissionDecision"] == "deny" and "floor.runs-code" in refused["permissionDecisionReason"]
    assert grant_count() == 1
    approval = dict(CODEX_APPROVAL, cwd=str(project), tool_input={"command": ASK_COMMAND, "description": "build"})
    decision = codex_decision(codex(approval))
    assert decision["behavior"] == "deny" and "floor.runs-code" in decision["message"]
    assert grant_count() == 1  # the approval event is the same decision: no second grant


def test_copilot_pre_tool_and_approval_of_one_call_open_one_grant(project):
    pre = {
        "sessionId": "s1",
        "timestamp": 1,
        "cwd": str(project),
        "toolName": "bash",
        "toolArgs": {"command": ASK_COMMAND},
    }
    sent = json.loads(hook.handle("copilot-cli", "preToolUse", json.dumps(pre).encode()).stdout)
    assert (
        sent["permissionDecision"] == "ask" and "not known to be the person's code" in sent["permissionDecisionReason"]
    )
    assert grant_count() == 1
    approval = dict(COPILOT_APPROVAL, cwd=str(project), toolInput={"command": ASK_COMMAND})
    wire = copilot(approval)
    assert (wire.stdout, wire.exit_code) == ("", 0)  # Copilot CLI's own prompt is the ask
    assert grant_count() == 1


def test_the_approval_event_is_recorded_as_an_approval_answer(project):
    approval = dict(CODEX_APPROVAL, cwd=str(project), tool_input={"command": ASK_COMMAND, "description": "build"})
    codex(approval)
    conn = ledger.open_ledger()
    try:
        rows = ledger.decisions(conn)
    finally:
        conn.close()
    assert [(r["host"], r["verdict"], r["sent"]) for r in rows] == [("codex", "ask", "approval-deny")]


# ---------------------------------------------------------------- install: where the release has the event


@pytest.mark.parametrize(("host", "event"), [("codex", "PermissionRequest"), ("copilot-cli", "permissionRequest")])
def test_install_registers_the_approval_event_only_from_the_release_that_has_it(host, event):
    style = installers.STYLES[host]
    since = registry.load_host(host)["events"][event]["fires"]["since"]
    major, minor, patch = (int(x) for x in since.split("."))
    older = f"{major}.{minor}.{patch - 1}" if patch else f"{major}.{minor - 1}.99"
    assert (event, "approval") in installers.hook_events(host, style, since)
    notes: list[str] = []
    assert event not in dict(installers.hook_events(host, style, older, notes))
    assert event not in dict(installers.hook_events(host, style, None))  # a release nobody could read
    assert notes and since in notes[0] and "not registered" in notes[0]
    pre = {"codex": "PreToolUse", "copilot-cli": "preToolUse"}[host]
    assert (pre, "pre") in installers.hook_events(host, style, older)  # the pre-tool gate is always there


def codex_pre_tool(project: Path) -> dict:
    pre = dict(CODEX_APPROVAL, hook_event_name="PreToolUse", tool_use_id="call_1", cwd=str(project))
    pre["tool_input"] = {"command": ASK_COMMAND}
    wire = hook.handle("codex", "PreToolUse", json.dumps(pre).encode())
    return json.loads(wire.stdout)["hookSpecificOutput"] if wire.stdout else {}


def test_a_grant_the_codex_pre_tool_event_used_settles_that_calls_approval_without_a_second_use(project):
    from hookward.verdicts import grants

    refused = codex_pre_tool(project)
    grant_id = refused["permissionDecisionReason"].split("`hookward grant ")[1][:8]
    grants.resolve(grant_id, "once", by="tester", how="unit test")
    assert codex_pre_tool(project) == {}  # the grant is used; Codex rejects an allow, so no opinion
    approval = dict(CODEX_APPROVAL, cwd=str(project), tool_input={"command": ASK_COMMAND, "description": "build"})
    assert codex_decision(codex(approval)) == {"behavior": "allow"}  # one decision: the person's grant
    used = grants.find(grant_id)
    assert used is not None and used["state"] == "used" and used["uses"] == 1 and grant_count() == 1
    # The next identical call has no grant left: its pre-tool event refuses it again, with a new grant.
    assert codex_pre_tool(project)["permissionDecision"] == "deny"


def test_a_grant_used_long_before_does_not_settle_a_later_approval(project, monkeypatch):
    from hookward.verdicts import grants

    refused = codex_pre_tool(project)
    grant_id = refused["permissionDecisionReason"].split("`hookward grant ")[1][:8]
    grants.resolve(grant_id, "once", by="tester", how="unit test")
    assert codex_pre_tool(project) == {}
    later = ledger.now_us() + (pipeline.APPROVAL_AFTER_PRE_TOOL_S + 1) * 1_000_000
    monkeypatch.setattr(ledger, "now_us", lambda: later)
    approval = dict(CODEX_APPROVAL, cwd=str(project), tool_input={"command": ASK_COMMAND, "description": "build"})
    decision = codex_decision(codex(approval))
    assert decision["behavior"] == "deny" and "floor.runs-code" in decision["message"]
