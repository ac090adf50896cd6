"""The precedence at the top of policy/engine.py, as evaluate() applies it: deny > force_ask > ask > allow,
rules first (the first layer with a match decides), demands only raise, `loosens` lifts only loosenable floors."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest
from hookward.policy import engine, loader
from hookward.policy.engine import PRECEDENCE, Verdicting, evaluate, stricter
from hookward.policy.floors import Demand, Floor
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Decision, Part, Verdict

PAIRS = list(itertools.product(Verdict, repeat=2))


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(loader, "_memo", {})
    monkeypatch.setattr(loader, "_builtin_memo", {})


def _user_policy(text: str) -> None:
    os.makedirs(loader.config_dir(), exist_ok=True)
    Path(loader.user_policy_path()).write_text(text, encoding="utf-8")


def _shell(command: str, project: Path) -> Decision:
    return evaluate(ToolCall("shell", command=command, cwd=str(project), project_root=str(project)))


def test_precedence_is_deny_then_force_ask_then_ask_then_allow():
    assert PRECEDENCE == (Verdict.DENY, Verdict.FORCE_ASK, Verdict.ASK, Verdict.ALLOW)
    assert set(PRECEDENCE) == set(Verdict)


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=lambda v: v.label)
def test_combining_two_answers_keeps_the_stricter_whichever_came_first(first, second):
    result = Verdicting()
    result.raise_to(first, "rule.first", "first")
    result.raise_to(second, "rule.second", "second")
    winner = min(first, second, key=PRECEDENCE.index)
    assert result.verdict == winner
    if first == second:
        assert result.rule_ids == ["rule.first", "rule.second"]
    else:
        assert result.rule_ids == ["rule.first" if winner == first else "rule.second"]


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=lambda v: v.label)
def test_a_call_takes_its_strictest_action_in_the_same_order(first, second):
    decision = Decision.from_parts([Part("a", "exec", first, ["rule.a"]), Part("b", "exec", second, ["rule.b"])])
    assert decision.verdict == min(first, second, key=PRECEDENCE.index)
    assert not stricter(first, decision.verdict) and not stricter(second, decision.verdict)


def test_a_demand_never_lowers_what_a_rule_decided():
    result = Verdicting()
    result.raise_to(Verdict.DENY, "user.no-curl", "the person denies curl")
    engine._apply_floor(result, Demand(Floor.EGRESS, Verdict.ASK, "reaches the network"))
    assert result.verdict == Verdict.DENY and result.rule_ids == ["user.no-curl"]


def test_a_user_deny_rule_beats_the_builtin_allow_of_the_same_command(tmp_path):
    _user_policy('[[rules]]\nid = "no-ls"\nverdict = "deny"\nreason = "x"\nprograms = ["ls"]\n')
    decision = _shell("ls", tmp_path)
    assert decision.verdict == Verdict.DENY and decision.rule_ids == ["user.no-ls"]


def test_a_floor_raises_a_user_allow_rule_and_says_what_would_loosen_it(tmp_path):
    _user_policy('[[rules]]\nid = "git-any"\nverdict = "allow"\nreason = "x"\nprograms = ["git"]\n')
    decision = _shell("git push --force origin main", tmp_path)
    assert decision.verdict == Verdict.FORCE_ASK and decision.rule_ids == ["floor.destructive"]
    assert 'loosens = ["destructive"]' in " ".join(decision.reasons)


def test_a_user_rule_that_loosens_the_floor_lets_its_command_through(tmp_path):
    _user_policy(
        '[[rules]]\nid = "git-any"\nverdict = "allow"\nreason = "x"\nprograms = ["git"]\nloosens = ["destructive"]\n'
    )
    decision = _shell("git push --force origin main", tmp_path)
    assert decision.verdict == Verdict.ALLOW and decision.rule_ids == ["user.git-any"]


def test_an_untrusted_project_rule_only_tightens(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".hookward.toml").write_text(
        '[[rules]]\nid = "loose"\nverdict = "allow"\nreason = "x"\nprograms = ["frobnicate"]\n'
        '[[rules]]\nid = "strict"\nverdict = "deny"\nreason = "x"\nprograms = ["ls"]\n',
        encoding="utf-8",
    )
    assert _shell("ls", tmp_path).rule_ids == ["project.strict"]
    unknown = _shell("frobnicate --all", tmp_path)  # a program no built-in rule knows: the fallback asks
    assert unknown.verdict == Verdict.ASK and unknown.rule_ids == ["default.unknown"]
