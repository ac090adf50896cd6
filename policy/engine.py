"""Placeholder: replaced by the real engine in the next commit."""

from __future__ import annotations

from policy.toolcall import ToolCall
from verdicts.decision import Decision, Verdict


class Settings:
    trusted_grade = "documented"


def evaluate_call(call: ToolCall) -> tuple[Decision, Settings]:
    return Decision(Verdict.ASK, ["engine not built yet"], ["engine.stub"]), Settings()
