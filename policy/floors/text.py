"""sed: a script that runs commands or is not understood."""

from __future__ import annotations

from hookward.policy.floors.common import ASK, Demand, Floor
from hookward.policy.lazy import LazyRegex

_SED_EXEC = LazyRegex(r"(^|[;\n{}])\s*[0-9$,/\\^.*\[\]!]*\s*[ewWrR](\s|$)|/[gpiImM0-9]*[ew](\s|;|$|\})")


def sed_demand(args: list[str]) -> Demand | None:
    # The script is walked command by command (policy/sedscript.py); its r/R/w/W files are judged as paths.
    from hookward.policy import sedscript

    effects = sedscript.effects_of(args)
    if effects.runs:
        return Demand(Floor.NOT_UNDERSTOOD, ASK, "the sed script runs commands (the e command or the s///e flag)")
    if not effects.understood:
        return Demand(
            Floor.NOT_UNDERSTOOD,
            ASK,
            "the sed script is not understood, and sed scripts can run commands or write files",
        )
    return None
