"""The verdict order and the decision the engine hands to the renderers.

Kept free of pydantic and dataclasses: this module is on the hot path of
every hook call, and each import there is paid by every tool call.
"""

from __future__ import annotations

from enum import IntEnum


class Verdict(IntEnum):
    """Ordered by strictness: a compound action takes the strictest of its parts."""

    ALLOW = 0
    ASK = 1
    FORCE_ASK = 2
    DENY = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Verdict:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown verdict {text!r}; expected allow, ask, force_ask or deny") from None


class Part:
    """One sub-action of a tool call: a simple command, a file target, an MCP call."""

    __slots__ = ("what", "action", "verdict", "rule_ids", "reasons", "understood")

    def __init__(
        self,
        what: str,
        action: str,
        verdict: Verdict,
        rule_ids: list[str] | None = None,
        reasons: list[str] | None = None,
        understood: bool = True,
    ) -> None:
        self.what = what  # the text of the part: "rm -rf /tmp/x", "~/.ssh/id_rsa"
        self.action = action  # what it does: "exec", "read", "write", "network", ...
        self.verdict = verdict
        self.rule_ids = rule_ids or []
        self.reasons = reasons or []
        # Whether a spec (or the path rules of a file tool) accounted for every argument of this
        # part. An allow reached any other way (a rule that names a program) is no opinion on the
        # wire, so the host's own permission check still applies.
        self.understood = understood

    def to_dict(self) -> dict[str, object]:
        return {
            "what": self.what,
            "action": self.action,
            "verdict": self.verdict.label,
            "rules": list(self.rule_ids),
            "reasons": list(self.reasons),
            "understood": self.understood,
        }


class Decision:
    """The engine's answer for one tool call: the strictest verdict of its parts."""

    __slots__ = ("verdict", "reasons", "rule_ids", "parts", "_understood")

    def __init__(
        self,
        verdict: Verdict,
        reasons: list[str] | None = None,
        rule_ids: list[str] | None = None,
        parts: list[Part] | None = None,
        understood: bool | None = None,
    ) -> None:
        self.verdict = verdict
        self.reasons = reasons or []
        self.rule_ids = rule_ids or []
        self.parts = parts or []
        self._understood = understood  # None: derived from the parts

    @classmethod
    def from_parts(cls, parts: list[Part]) -> Decision:
        """The strictest part decides; its rules and reasons explain the call."""
        if not parts:
            return cls(Verdict.ASK, ["nothing in the call could be analyzed"], ["engine.empty"])
        verdict = max(part.verdict for part in parts)
        reasons: list[str] = []
        rule_ids: list[str] = []
        for part in parts:
            if part.verdict != verdict:
                continue
            for reason in part.reasons:
                if reason not in reasons:
                    reasons.append(reason)
            for rule_id in part.rule_ids:
                if rule_id not in rule_ids:
                    rule_ids.append(rule_id)
        return cls(verdict, reasons, rule_ids, parts)

    @property
    def understood(self) -> bool:
        """Every part was understood: only then may an allow skip the host's own prompt."""
        if self._understood is not None:
            return self._understood
        return bool(self.parts) and all(part.understood for part in self.parts)

    @classmethod
    def refusal(cls, reason: str, rule_id: str = "engine.error") -> Decision:
        """Fail closed: what any failure inside hookward becomes."""
        return cls(Verdict.DENY, [reason], [rule_id])

    @property
    def summary(self) -> str:
        return "; ".join(self.reasons) if self.reasons else self.verdict.label

    def to_dict(self) -> dict[str, object]:
        return {
            "verdict": self.verdict.label,
            "reasons": list(self.reasons),
            "rules": list(self.rule_ids),
            "understood": self.understood,
            "parts": [part.to_dict() for part in self.parts],
        }
