"""Verdicts, decisions and the grant ledger: what was decided, never how."""

from hookward.verdicts.decision import Decision, Part, Verdict

__all__ = ["Decision", "Part", "Verdict"]
