"""A registry fact is not documentation only: changing it changes what the hook sends.

Each test edits one fact in a copy of Claude Code's registry data (never the
file on disk), then asks adapters.render.choose and the Claude Code adapter
what goes on the wire. If an adapter or the renderer hard-coded a host fact,
the wire answer would not move with the data and these tests would fail.
"""

from __future__ import annotations

import copy
import json
import sys
from types import ModuleType, SimpleNamespace

import pytest
from hookward.adapters import claude_code, hook, pipeline
from hookward.compat import registry
from hookward.compat.answer import ASK, DENY, FORCE_ASK, SILENT, choose
from hookward.verdicts.decision import Decision, Verdict

EVENT = "PreToolUse"
DOCS = {"grade": "documented", "source": "https://docs.example.com/hooks", "date": "2026-11-29"}


@pytest.fixture
def data() -> dict:
    return copy.deepcopy(registry.load_host("claude-code"))


def fact(value: object, **evidence: str) -> dict:
    return {"value": value, **(evidence or DOCS)}


def wire(data: dict, verdict: Verdict, mode: str | None, trusted_grade: str = "documented") -> tuple[str, dict]:
    """(the answer kind chosen, the JSON Claude Code receives) for one verdict."""
    answer = choose(
        Decision(verdict, ["test"], ["test.rule"], understood=True),
        registry.Capabilities(data),
        EVENT,
        mode,
        trusted_grade,
    )
    if answer.kind == FORCE_ASK:
        return answer.kind, {}  # Claude Code has no force_ask on the wire; see the hook-path test below
    out = claude_code.spell(answer, EVENT)
    return answer.kind, json.loads(out.stdout) if out.stdout else {}


def permission_decision(sent: dict) -> str | None:
    return sent.get("hookSpecificOutput", {}).get("permissionDecision")


# ---------------------------------------------------------------- ask effect, per mode


def test_ask_is_sent_where_the_registry_says_the_host_prompts(data):
    kind, sent = wire(data, Verdict.ASK, "default")
    assert (kind, permission_decision(sent)) == (ASK, "ask")


def test_ask_becomes_deny_when_the_registry_says_the_host_runs_the_tool_on_ask(data):
    data["verdicts"][EVENT]["ask"]["default"] = fact("runs")
    kind, sent = wire(data, Verdict.ASK, "default")
    assert (kind, permission_decision(sent)) == (DENY, "deny")
    assert "runs the tool anyway when a hook asks" in sent["hookSpecificOutput"]["permissionDecisionReason"]


def test_ask_fact_changes_only_the_mode_it_is_about(data):
    data["verdicts"][EVENT]["ask"]["plan"] = {"value": "unknown", "grade": "unknown"}
    data["verdicts"][EVENT]["ask"]["dontAsk"] = {"value": "unknown", "grade": "unknown"}
    assert permission_decision(wire(data, Verdict.ASK, "plan")[1]) == "deny"
    data["verdicts"][EVENT]["ask"]["plan"] = fact("prompts")
    assert permission_decision(wire(data, Verdict.ASK, "plan")[1]) == "ask"
    assert permission_decision(wire(data, Verdict.ASK, "dontAsk")[1]) == "deny"
    data["verdicts"][EVENT]["ask"]["acceptEdits"] = fact("ends_session")
    assert permission_decision(wire(data, Verdict.ASK, "acceptEdits")[1]) == "deny"
    assert permission_decision(wire(data, Verdict.ASK, "default")[1]) == "ask"


def test_ask_for_every_mode_entry_applies_where_no_mode_has_its_own(data):
    data["verdicts"][EVENT]["ask"] = {"*": fact("prompts"), "bypassPermissions": fact("runs")}
    assert permission_decision(wire(data, Verdict.ASK, "dontAsk")[1]) == "ask"
    assert permission_decision(wire(data, Verdict.ASK, "bypassPermissions")[1]) == "deny"


def test_ask_fact_graded_below_the_trusted_grade_is_not_relied_on(data):
    data["verdicts"][EVENT]["ask"]["default"] = fact("prompts")  # documented only
    assert permission_decision(wire(data, Verdict.ASK, "default", trusted_grade="read")[1]) == "deny"
    data["verdicts"][EVENT]["ask"]["default"] = fact(
        "prompts", grade="read", source="@anthropic-ai/claude-code@2.1.197 cli.js"
    )
    assert permission_decision(wire(data, Verdict.ASK, "default", trusted_grade="read")[1]) == "ask"


def test_ask_effect_graded_unknown_is_refused_even_if_it_says_prompts(data):
    # The schema forbids this file, but the hot path must not trust it either.
    data["verdicts"][EVENT]["ask"]["default"] = {"value": "prompts", "grade": "unknown"}
    assert permission_decision(wire(data, Verdict.ASK, "default")[1]) == "deny"


# ---------------------------------------------------------------- allow effect


def test_allow_is_explicit_where_the_registry_says_the_host_enforces_it(data):
    kind, sent = wire(data, Verdict.ALLOW, "default")
    assert (kind, permission_decision(sent)) == ("allow", "allow")


def test_allow_becomes_no_answer_when_the_registry_says_an_explicit_allow_is_not_enforced(data):
    data["verdicts"][EVENT]["allow"] = {"*": fact("rejected")}
    kind, sent = wire(data, Verdict.ALLOW, "default")
    assert (kind, sent) == (SILENT, {})


def test_allow_in_one_mode_only_follows_that_modes_fact(data):
    data["verdicts"][EVENT]["allow"] = {"*": fact("enforced"), "plan": {"value": "unknown", "grade": "unknown"}}
    assert permission_decision(wire(data, Verdict.ALLOW, "default")[1]) == "allow"
    assert wire(data, Verdict.ALLOW, "plan") == (SILENT, {})


# ---------------------------------------------------------------- force_ask effect and ask_satisfiable_silently


def test_force_ask_is_refused_while_it_is_unknown_whether_the_prompt_can_be_satisfied_silently(data):
    data["modes"]["default"]["ask_satisfiable_silently"] = {"value": None, "grade": "unknown"}
    assert permission_decision(wire(data, Verdict.FORCE_ASK, "default")[1]) == "deny"


def test_force_ask_becomes_ask_where_the_registry_says_the_prompt_cannot_be_satisfied_silently(data):
    data["modes"]["default"]["ask_satisfiable_silently"] = fact(False)
    kind, sent = wire(data, Verdict.FORCE_ASK, "default")
    assert (kind, permission_decision(sent)) == (ASK, "ask")
    # ...but not in a mode whose own fact says a remembered rule can answer the prompt.
    data["modes"]["acceptEdits"]["ask_satisfiable_silently"] = fact(True)
    assert permission_decision(wire(data, Verdict.FORCE_ASK, "acceptEdits")[1]) == "deny"


def test_ask_satisfiable_silently_does_not_turn_a_non_prompting_ask_into_an_ask(data):
    data["modes"]["plan"]["ask_satisfiable_silently"] = fact(False)
    assert permission_decision(wire(data, Verdict.FORCE_ASK, "plan")[1]) == "deny"  # ask in plan is unknown


def test_native_force_ask_in_the_registry_selects_force_ask(data):
    data["verdicts"][EVENT]["force_ask"] = {"*": fact("prompts")}
    assert wire(data, Verdict.FORCE_ASK, "default")[0] == FORCE_ASK


def test_native_force_ask_the_adapter_cannot_spell_fails_closed_on_the_hook_path(data, monkeypatch):
    # A registry claiming a native force_ask Claude Code does not have must not open the gate:
    # the adapter refuses to spell it and the hook path turns that into Claude Code's deny.
    data["verdicts"][EVENT]["force_ask"] = {"*": fact("prompts")}
    sent = run_hook(data, Verdict.FORCE_ASK, "default", monkeypatch)
    assert permission_decision(sent) == "deny"
    assert "no wire form for 'force_ask'" in sent["hookSpecificOutput"]["permissionDecisionReason"]


# ---------------------------------------------------------------- unknown permission mode


def test_a_mode_the_registry_never_saw_refuses_ask(data):
    assert permission_decision(wire(data, Verdict.ASK, "neverSeenMode")[1]) == "deny"
    assert wire(data, Verdict.ALLOW, "neverSeenMode") == (SILENT, {})


def test_adding_a_mode_to_the_registry_makes_its_facts_count(data):
    data["modes"]["neverSeenMode"] = {"description": "classifier decides", "ask_satisfiable_silently": fact(True)}
    data["verdicts"][EVENT]["ask"]["neverSeenMode"] = fact("prompts")
    assert permission_decision(wire(data, Verdict.ASK, "neverSeenMode")[1]) == "ask"
    assert permission_decision(wire(data, Verdict.ALLOW, "neverSeenMode")[1]) == "allow"
    assert permission_decision(wire(data, Verdict.FORCE_ASK, "neverSeenMode")[1]) == "deny"  # satisfiable silently


# ---------------------------------------------------------------- through the real hook path


def run_hook(data: dict, verdict: Verdict, mode: str, monkeypatch) -> dict:
    """hookward hook claude-code PreToolUse, with this registry data and a fixed policy verdict."""
    monkeypatch.setitem(registry._cache, "claude-code", data)
    decision = Decision(verdict, ["test"], ["test.rule"], understood=True)
    # A stand-in policy engine with a fixed verdict: this test is about the registry, not the policy.
    engine = ModuleType("hookward.policy.engine")
    engine.evaluate_call = lambda call: (decision, SimpleNamespace(trusted_grade="documented"))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "hookward.policy.engine", engine)
    monkeypatch.setattr(pipeline, "record_decision", lambda *args: None)  # keep the test off the user's ledger
    payload = {
        "session_id": "s",
        "cwd": "/tmp",
        "permission_mode": mode,
        "hook_event_name": EVENT,
        "tool_name": "Bash",
        "tool_input": {"command": "python script.py"},
        "tool_use_id": "t",
    }
    out = hook.handle("claude-code", EVENT, json.dumps(payload).encode())
    assert out.exit_code == 0
    return json.loads(out.stdout) if out.stdout else {}


def test_hook_path_reads_the_ask_fact_for_the_payloads_permission_mode(data, monkeypatch):
    assert permission_decision(run_hook(data, Verdict.ASK, "plan", monkeypatch)) == "deny"
    data["verdicts"][EVENT]["ask"]["plan"] = fact("prompts")
    assert permission_decision(run_hook(data, Verdict.ASK, "plan", monkeypatch)) == "ask"


# ---------------------------------------------------------------- headless variant of a mode


def test_ask_is_sent_where_headless_runs_of_the_mode_refuse_too(data):
    data["verdicts"][EVENT]["ask"]["default"] = fact("prompts")
    data["verdicts"][EVENT]["ask"]["default@headless"] = fact("refuses")
    kind, sent = wire(data, Verdict.ASK, "default")
    assert (kind, permission_decision(sent)) == (ASK, "ask")


def test_ask_becomes_deny_where_headless_runs_of_the_mode_run_the_tool(data):
    data["verdicts"][EVENT]["ask"]["default"] = fact("prompts")
    data["verdicts"][EVENT]["ask"]["default@headless"] = fact("runs")
    kind, sent = wire(data, Verdict.ASK, "default")
    assert (kind, permission_decision(sent)) == (DENY, "deny")
    assert "headless" in sent["hookSpecificOutput"]["permissionDecisionReason"]


def test_headless_fact_of_another_mode_does_not_apply(data):
    data["verdicts"][EVENT]["ask"]["default"] = fact("prompts")
    data["verdicts"][EVENT]["ask"]["acceptEdits@headless"] = fact("runs")
    kind, _sent = wire(data, Verdict.ASK, "default")
    assert kind == ASK


def test_an_allow_no_spec_understood_is_sent_as_no_opinion_so_the_hosts_own_check_applies() -> None:
    """An explicit allow skips the host's prompt: only a call every spec understood earns one."""
    caps = registry.Capabilities(registry.load_host("claude-code"))
    mode = caps.data["default_mode"]
    understood = choose(Decision(Verdict.ALLOW, ["x"], ["spec.cat"], understood=True), caps, "PreToolUse", mode)
    guessed = choose(
        Decision(Verdict.ALLOW, ["x"], ["default.read-only-tools"], understood=False), caps, "PreToolUse", mode
    )
    assert understood.kind == "allow"
    assert guessed.kind == "silent"
