"""The interactive (tmux) probe runner's pure pieces: screens, answers, records, registry facts.

Fast and offline; the one live test (marked `probe`) drives Claude Code's real TUI.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hookward.compat.probes import harness, interactive, toolchain
from hookward.compat.probes.drivers import CLAUDE_CODE
from hookward.compat.probes.interactive import CLAUDE_TUI

REPO = Path(__file__).resolve().parents[1]
PROMPT = "Run the one tool call you were scripted to make."

# A dialog as Claude Code 2.1.197 drew it in tmux (captured by the runner, paths shortened).
CLAUDE_DIALOG_SCREEN = """\
 ▐▛███▜▌   Claude Code v2.1.197
▝▜█████▛▘  Opus 4.8 (1M context) · API Usage Billing
  ▘▘ ▝▝    /tmp/run/work

❯ Run the one tool call you were scripted to make.

● Bash(touch /tmp/run/work/probe-marker; printf 'PROBE-RAN-%s\\n' 48135)
  ⎿  Waiting…

────────────────────────────────────────────────────────────────────────────────
 Bash command

   touch /tmp/run/work/probe-marker; printf 'PROBE-RAN-%s\\n' 48135
   probe

 Hook PreToolUse:Bash requires confirmation for this command:
 hookward probe: ask [settings]
 settings.json to update hooks

 Do you want to proceed?
 ❯ 1. Yes
   2. No

 Esc to cancel · Tab to amend · ctrl+e to explain


"""

ROUND_ONE_ENDED_ROUND_TWO_TYPED = """\
❯ Run the one tool call you were scripted to make.
● PROBE-DONE: PROBE-RAN-48135
❯ Run the one tool call you were scripted to make. (round 2)
✻ Thinking…
"""


# ---------------------------------------------------------------- screens
def test_the_dialog_is_cut_out_with_the_tool_call_and_the_hook_reason_but_not_the_banner():
    text = interactive.dialog_text(CLAUDE_TUI, CLAUDE_DIALOG_SCREEN)
    assert text.startswith(" Bash command")
    assert "hookward probe: ask" in text and "Do you want to proceed?" in text and "2. No" in text
    assert "Claude Code v2.1.197" not in text and "Waiting" not in text
    assert not text.endswith("\n") and "\n\n\n" not in text


def test_a_screen_without_a_dialog_yields_no_dialog_text():
    assert interactive.dialog_text(CLAUDE_TUI, ROUND_ONE_ENDED_ROUND_TWO_TYPED) == ""


def test_an_earlier_rounds_end_of_turn_is_not_mistaken_for_this_rounds():
    second = interactive.round_prompt(PROMPT, 1)
    assert second != PROMPT
    this_round = interactive.after_prompt(ROUND_ONE_ENDED_ROUND_TWO_TYPED, second)
    assert not interactive.screen_matches(CLAUDE_TUI.done, this_round)
    assert interactive.screen_matches(CLAUDE_TUI.done, ROUND_ONE_ENDED_ROUND_TWO_TYPED)


def test_nothing_counts_for_a_round_until_its_prompt_is_echoed():
    not_yet = ROUND_ONE_ENDED_ROUND_TWO_TYPED.replace(" (round 2)", "")
    assert interactive.after_prompt(not_yet, interactive.round_prompt(PROMPT, 1)) == ""


def test_qwen_always_allow_options_count_as_remembered_approvals():
    line = "  │   2. Always allow run 'touch *' commands in this project           │"
    assert interactive.remembered_option(interactive.QWEN_TUI, line) == (
        "2. Always allow run 'touch *' commands in this project"
    )


def test_a_yes_once_no_dialog_offers_no_remembered_approval():
    assert interactive.remembered_option(CLAUDE_TUI, interactive.dialog_text(CLAUDE_TUI, CLAUDE_DIALOG_SCREEN)) is None


def test_a_dont_ask_again_option_is_found_and_named():
    dialog = CLAUDE_DIALOG_SCREEN.replace(
        "   2. No", "   2. Yes, and don't ask again for touch commands in /tmp/run/work\n   3. No"
    )
    option = interactive.remembered_option(CLAUDE_TUI, interactive.dialog_text(CLAUDE_TUI, dialog))
    assert option == "2. Yes, and don't ask again for touch commands in /tmp/run/work"


def test_the_reason_counts_as_shown_even_when_the_tui_wraps_it():
    assert interactive.reason_shown("hookward probe: ask", CLAUDE_DIALOG_SCREEN)
    assert interactive.reason_shown("hookward probe:\n ask", "│ hookward probe:\n│ ask │")
    assert not interactive.reason_shown("hookward probe: deny", CLAUDE_DIALOG_SCREEN)


def test_first_run_screens_are_recognised_and_the_ready_input_box_is_not_one():
    assert interactive.startup_step(CLAUDE_TUI, "Do you trust the files in this folder?").name == "trust"
    ready = "❯ \n  ? for shortcuts · ← for agents"
    assert interactive.startup_step(CLAUDE_TUI, ready) is None
    assert interactive.screen_matches(CLAUDE_TUI.ready, ready)


# ---------------------------------------------------------------- answering
def test_a_reject_scenario_never_sends_the_approve_keys():
    keys, answered = interactive.keys_for(CLAUDE_TUI, "reject", 0, offered_remember=True)
    assert (keys, answered) == (CLAUDE_TUI.reject, "reject") and keys != CLAUDE_TUI.approve


def test_remember_picks_the_remembered_option_only_when_offered_and_refuses_a_second_dialog():
    assert interactive.keys_for(CLAUDE_TUI, "remember", 0, True) == (CLAUDE_TUI.remember_keys, "remember")
    assert interactive.keys_for(CLAUDE_TUI, "remember", 0, False) == (CLAUDE_TUI.approve, "approve")
    assert interactive.keys_for(CLAUDE_TUI, "remember", 1, True) == (CLAUDE_TUI.reject, "reject")


# ---------------------------------------------------------------- classifying
def _observed(answered="approve", prompted=True, ran=True, before=False, rounds=None, **changes):
    first = {"dialog": prompted, "tool_ran": ran, "tool_ran_before_answer": before, "hook_before_dialog": prompted}
    if prompted:
        first["answered"] = answered
    base = {
        "tool_ran": ran,
        "hook_fired": 1,
        "model_asked_for_tool": True,
        "prompted": prompted,
        "reason_shown": prompted,
        "tool_ran_before_answer": before,
        "hook_before_dialog": prompted,
        "remembered_option": None,
        "rounds": rounds if rounds is not None else [first],
        "model_told": "x",
        "exit_code": None,
        "timed_out": False,
        "duration_s": 3.0,
    }
    return dict(base, **changes)


@pytest.mark.parametrize(
    "answer, observed, effect",
    [
        ("approve", _observed(), "prompts"),
        ("reject", _observed("reject", ran=False), "prompts"),
        ("reject", _observed("reject", ran=True), "runs"),  # the person said no and it ran anyway
        ("approve", _observed(before=True), "runs"),  # ran before anyone answered
        ("approve", _observed(prompted=False, ran=True), "runs"),  # no dialog, ran: the ask was ignored
        ("approve", _observed(prompted=False, ran=False), "refuses"),
        ("approve", _observed(ran=False), "unknown"),  # approved but nothing ran: the probe showed nothing
        ("approve", _observed(hook_fired=0), "unknown"),
        ("approve", _observed(model_asked_for_tool=False), "unknown"),
        ("approve", _observed(error="the TUI never became ready for a prompt"), "unknown"),
        # the host's own dialog came first and the hook ran only after the person approved it
        ("approve", _observed(ran=False, hook_before_dialog=False), "refuses"),
        ("approve", _observed(ran=True, hook_before_dialog=False), "runs"),
    ],
)
def test_prompts_only_when_a_dialog_appeared_and_the_tool_ran_only_on_approval(answer, observed, effect):
    assert interactive.classify(answer, observed)[0] == effect


def _round(dialog, ran, hook_first=None):
    return {"dialog": dialog, "tool_ran": ran, "hook_before_dialog": dialog if hook_first is None else hook_first}


def test_a_second_identical_ask_that_prompts_again_is_not_satisfiable_silently():
    again = [_round(True, True), _round(True, False)]
    assert interactive.satisfiable_silently("remember", _observed(rounds=again)) is False
    silently = [_round(True, True), _round(False, True)]
    assert interactive.satisfiable_silently("remember", _observed(rounds=silently)) is True


def test_the_hosts_own_dialog_before_the_hook_says_nothing_about_the_asks_silence():
    hosts_own = [_round(True, False, hook_first=False), _round(False, False)]
    assert interactive.satisfiable_silently("remember", _observed(rounds=hosts_own)) is None
    rule_missed = [_round(True, True, hook_first=False)]
    assert interactive.satisfiable_silently("allowrule", _observed(rounds=rule_missed)) is None


def test_a_dialog_counts_as_the_hooks_only_when_the_hook_ran_anew_before_it_was_seen():
    rounds = [{"dialog": True, "seen_at": 10.0}, {"dialog": True, "seen_at": 20.0}, {"dialog": True, "seen_at": 30.0}]
    # the hook ran at 9 (before dialog 1) and at 21 (after dialog 2 was seen, before dialog 3)
    assert interactive.hooks_before_dialogs(rounds, [9.0, 21.0]) == [True, False, True]
    assert interactive.hooks_before_dialogs([{"dialog": False, "seen_at": 5.0}], [1.0]) == [False]


def test_an_allow_rule_that_answers_the_ask_makes_it_satisfiable_silently():
    assert interactive.satisfiable_silently("allowrule", _observed(prompted=False, ran=True)) is True
    assert interactive.satisfiable_silently("allowrule", _observed()) is False
    assert interactive.satisfiable_silently("allowrule", _observed(prompted=False, ran=False)) is None
    assert interactive.satisfiable_silently("approve", _observed()) is None


# ---------------------------------------------------------------- records
def _scenario(answer="reject", posture="default"):
    return interactive.InteractiveScenario(f"interactive-ask-shell-{posture}-{answer}", "shell", posture, answer)


def test_prepare_keeps_the_harness_layout_and_seeds_first_run_answers_and_the_allow_rule(tmp_path):
    spec = interactive.prepare(CLAUDE_TUI, CLAUDE_CODE, _scenario("allowrule"), Path("/bin/claude"), tmp_path / "r")
    assert "-p" not in spec["argv"] and spec["argv"][-2:] == ["--permission-mode", "default"]
    assert spec["env"]["TERM"] == "xterm-256color" and spec["reason"] == "hookward probe: ask"
    settings = json.loads((tmp_path / "r" / "home" / ".claude" / "settings.json").read_text())
    assert settings["permissions"] == {"allow": ["Bash"]} and "PreToolUse" in settings["hooks"]
    seeded = json.loads((tmp_path / "r" / "home" / ".claude.json").read_text())
    assert seeded["projects"][str(tmp_path / "r" / "work")]["hasTrustDialogAccepted"] is True


def test_the_tui_runs_in_a_fresh_network_namespace_under_a_timeout(tmp_path):
    command = interactive.namespace_command(tmp_path / "spec.json")
    assert command[:3] == ["timeout", "--kill-after=5", str(interactive.NAMESPACE_BUDGET_S)]
    assert command[3:6] == ["unshare", "--net", "--"]


def test_record_is_interactive_keeps_the_screen_and_never_the_environment(tmp_path):
    scenario = _scenario("reject")
    spec = interactive.prepare(CLAUDE_TUI, CLAUDE_CODE, scenario, Path("/bin/claude"), tmp_path / "r")
    spec["screen"] = interactive.dialog_text(CLAUDE_TUI, CLAUDE_DIALOG_SCREEN)
    record = interactive.make_record(
        CLAUDE_TUI, CLAUDE_CODE, scenario, spec, _observed("reject", ran=False), "2026-11-30"
    )
    assert record["interactive"] is True and record["kind"] == "interactive"
    assert record["answered"] == "reject" and "Do you want to proceed?" in record["screen"]
    assert record["observed"]["effect"] == "prompts"
    for key in ("host", "version", "scenario", "answer", "observed", "date", "command"):
        assert key in record
    text = json.dumps(record)
    assert all(value not in text for name, value in spec["env"].items() if "KEY" in name)


def _write(tmp_path, answer, effect, mode="default", silently=None, scenario=None):
    record = {
        "host": "claude-code",
        "version": CLAUDE_CODE.version,
        "scenario": scenario or f"interactive-ask-shell-{mode}-{answer}",
        "tool_kind": "shell",
        "kind": "interactive",
        "interactive": True,
        "hook": "ask",
        "mode": mode,
        "event": "PreToolUse",
        "answer": "{}",
        "answered": answer,
        "scenario_answer": answer,
        "screen": "Do you want to proceed?",
        "observed": dict(_observed(), effect=effect, why=f"saw {effect}", remembered_option=None),
        "date": "2026-11-30",
    }
    if silently is not None:
        record["observed"]["ask_satisfiable_silently"] = silently
    harness.write_record(record, tmp_path / "records")
    return record


def _facts(tmp_path):
    return interactive.interactive_facts(interactive.interactive_records("claude-code", records=tmp_path / "records"))


def test_interactive_records_back_the_plain_mode_never_the_headless_one(tmp_path):
    _write(tmp_path, "approve", "prompts")
    _write(tmp_path, "reject", "prompts")
    facts = _facts(tmp_path)
    assert facts[("verdicts", "PreToolUse", "ask", "default")]["value"] == "prompts"
    assert not any(key[-1].endswith("@headless") for key in facts)
    # and the headless fact builder ignores them altogether
    assert harness.probed_facts(harness.load_records("claude-code", records=tmp_path / "records")) == {}


def test_one_reject_that_still_ran_makes_the_mode_runs_not_prompts(tmp_path):
    _write(tmp_path, "approve", "prompts")
    _write(tmp_path, "reject", "runs")
    fact = _facts(tmp_path)[("verdicts", "PreToolUse", "ask", "default")]
    assert fact["value"] == "runs" and fact["source"].endswith("interactive-ask-shell-default-reject.json")


def test_not_satisfiable_silently_needs_both_a_second_ask_and_an_allow_rule_tried(tmp_path):
    _write(tmp_path, "remember", "prompts", silently=False)
    assert ("modes", "default", "ask_satisfiable_silently") not in _facts(tmp_path)
    _write(tmp_path, "allowrule", "prompts", silently=False)
    fact = _facts(tmp_path)[("modes", "default", "ask_satisfiable_silently")]
    assert fact["value"] is False and fact["grade"] == "probed"


def test_one_silent_approval_makes_the_mode_satisfiable_silently(tmp_path):
    _write(tmp_path, "remember", "prompts", silently=False)
    _write(tmp_path, "allowrule", "runs", silently=True)
    fact = _facts(tmp_path)[("modes", "default", "ask_satisfiable_silently")]
    assert fact["value"] is True and fact["source"].endswith("-allowrule.json")


def test_an_interactive_fact_refuses_to_land_on_a_headless_mode():
    with pytest.raises(ValueError):
        interactive.apply_interactive_facts({}, {("verdicts", "PreToolUse", "ask", "default@headless"): {}})


def test_registry_update_touches_only_the_interactive_facts_and_still_validates(tmp_path):
    hosts = tmp_path / "hosts"
    hosts.mkdir()
    original = (REPO / "compat" / "hosts" / "claude-code.json").read_text()
    (hosts / "claude-code.json").write_text(original)
    for answer, silently in (("approve", None), ("reject", None), ("remember", False), ("allowrule", False)):
        _write(tmp_path, answer, "prompts", mode="acceptEdits", silently=silently)
    interactive.update_registry("claude-code", hosts, tmp_path / "records")
    before, after = json.loads(original), json.loads((hosts / "claude-code.json").read_text())
    ask = after["verdicts"]["PreToolUse"]["ask"]
    assert ask["acceptEdits"]["grade"] == "probed" and ask["acceptEdits"]["value"] == "prompts"
    assert ask["acceptEdits@headless"] == before["verdicts"]["PreToolUse"]["ask"]["acceptEdits@headless"]
    assert after["modes"]["acceptEdits"]["ask_satisfiable_silently"]["value"] is False
    after["verdicts"]["PreToolUse"]["ask"]["acceptEdits"] = before["verdicts"]["PreToolUse"]["ask"]["acceptEdits"]
    after["modes"]["acceptEdits"] = before["modes"]["acceptEdits"]
    assert after == before


# ---------------------------------------------------------------- live
@pytest.mark.probe
def test_live_claude_code_tui_shows_hookwards_ask_and_runs_the_tool_only_on_approval(tmp_path):
    if not toolchain.provisionable(toolchain.probe_programs(interactive=True)):
        pytest.skip("needs tmux, unshare, ip and npm, or apt-get as root to install them")
    records = tmp_path / "records"
    done = interactive.probe_host(
        "claude-code",
        ["interactive-ask-shell-default-ap", "interactive-ask-shell-default-rej"],
        progress=lambda _: None,
        records=records,
    )
    by_answer = {r["answered"]: r for r in done}
    assert set(by_answer) == {"approve", "reject"}
    for record in done:
        assert record["observed"]["prompted"] and record["observed"]["reason_shown"]
        assert record["observed"]["effect"] == "prompts", record["observed"]["why"]
    assert by_answer["approve"]["observed"]["tool_ran"] is True
    assert by_answer["reject"]["observed"]["tool_ran"] is False


CLAUDE_WRITE_DIALOG = """\
 Do you want to create probe-written.txt?
 ❯ 1. Yes
   2. Yes, allow all edits during this session (shift+tab)
   3. No

 Esc to cancel · Tab to amend"""


def test_no_is_picked_by_its_label_not_its_position_which_differs_between_dialogs():
    bash_dialog = interactive.dialog_text(CLAUDE_TUI, CLAUDE_DIALOG_SCREEN)
    assert interactive.answer_keys(CLAUDE_TUI, "reject", bash_dialog) == ("2",)
    assert interactive.answer_keys(CLAUDE_TUI, "reject", CLAUDE_WRITE_DIALOG) == ("3",)
    assert interactive.answer_keys(CLAUDE_TUI, "approve", CLAUDE_WRITE_DIALOG) == ("1",)


def test_a_session_wide_edit_approval_is_a_remembered_option_and_is_picked_by_number():
    assert interactive.remembered_option(CLAUDE_TUI, CLAUDE_WRITE_DIALOG).startswith("2. Yes, allow all edits")
    assert interactive.answer_keys(CLAUDE_TUI, "remember", CLAUDE_WRITE_DIALOG) == ("2",)
    assert (
        interactive.answer_keys(CLAUDE_TUI, "remember", interactive.dialog_text(CLAUDE_TUI, CLAUDE_DIALOG_SCREEN))
        is None
    )


CLAUDE_332_WRITE_DIALOG = """\
 Do you want to create probe-written.txt?
 ❯ 1. Yes
   2. Yes, and switch to accept edits (auto-approve file edits and common file commands) for this session (shift+tab)
   3. No

 Esc to cancel · Tab to amend"""


def test_claude_code_2_1_332s_switch_to_accept_edits_is_the_remembered_option_of_its_write_dialog():
    # 2.1.332 renamed "allow all edits during this session": the driver must still find and pick it.
    assert interactive.remembered_option(CLAUDE_TUI, CLAUDE_332_WRITE_DIALOG).startswith("2. Yes, and switch to accept")
    assert interactive.answer_keys(CLAUDE_TUI, "remember", CLAUDE_332_WRITE_DIALOG) == ("2",)
    assert interactive.answer_keys(CLAUDE_TUI, "reject", CLAUDE_332_WRITE_DIALOG) == ("3",)
    assert interactive.answer_keys(CLAUDE_TUI, "approve", CLAUDE_332_WRITE_DIALOG) == ("1",)


def test_claude_code_2_1_332s_refused_write_ends_the_turn():
    screen = "● Write(probe-written.txt)\n  ⎿  Rejected write to probe-written.txt\n      1 probe wrote this\n❯ \n"
    assert interactive.screen_matches(CLAUDE_TUI.done, screen)
    assert not interactive.screen_matches(CLAUDE_TUI.done, "● Write(probe-written.txt)\n Do you want to create it?")


def test_options_are_read_with_their_numbers_through_box_borders():
    boxed = "  │ › 1. Yes, allow once        │\n  │   4. No, suggest changes (esc) │"
    assert interactive.dialog_options(boxed) == {"1": "Yes, allow once", "4": "No, suggest changes (esc)"}
