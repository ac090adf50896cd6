"""What every floor shares: the floor ids, a demand, the shell analysis' findings and argv helpers."""

from __future__ import annotations

from collections.abc import Callable

from hookward.verdicts.decision import Verdict

ALLOW, ASK, FORCE_ASK, DENY = Verdict.ALLOW, Verdict.ASK, Verdict.FORCE_ASK, Verdict.DENY

# Every floor a demand can name: what `loosens` in a user rule is checked against when the policy loads.
FLOOR_IDS: tuple[str, ...] = (
    "self-protection",
    "credentials",
    "credential-sweep",
    "persistence",
    "egress",
    "fetch-and-run",
    "privilege",
    "destructive",
    "hijack",
    "runs-code",
    "not-understood",
    "budget",
)
NEVER_LOOSENED = frozenset({"self-protection", "budget"})


def loosen_hint(floor: str, user_rule: str | None = None) -> str:
    """What would loosen this floor, said where a refusal or `check` names it."""
    if floor in NEVER_LOOSENED:
        return f"the {floor} floor can never be loosened"
    overrides = f"it overrides user rule {user_rule!r}; " if user_rule else ""
    return f'{overrides}a user rule that matches this with loosens = ["{floor}"] would loosen the {floor} floor'


class Demand:
    """A floor's demand: at least `verdict`, because `reason`."""

    __slots__ = ("floor", "verdict", "reason")

    def __init__(self, floor: str, verdict: Verdict, reason: str) -> None:
        self.floor = floor
        self.verdict = verdict
        self.reason = reason


# --- findings of the shell analysis -----------------------------------------

FINDING_FLOORS: dict[str, tuple[str, Verdict]] = {
    "not-understood": ("not-understood", ASK),
    "opaque": ("not-understood", ASK),
    "function": ("not-understood", ASK),
    "alias": ("not-understood", ASK),
    "pipe-to-interpreter": ("not-understood", ASK),
    "remote": ("egress", ASK),
    "fetch-and-run": ("fetch-and-run", DENY),
    "decoded-payload": ("fetch-and-run", DENY),
    "raw-socket": ("egress", DENY),
    "hijack": ("hijack", DENY),
    "secret-variable": ("credentials", ASK),
    "budget": ("budget", DENY),
}


def finding_demand(kind: str, detail: str) -> Demand:
    floor, verdict = FINDING_FLOORS.get(kind, ("not-understood", ASK))
    if kind == "hijack" and detail.startswith("changes PATH"):
        verdict = ASK
    return Demand(floor, verdict, detail)


_DASHES = str.maketrans(
    {
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\ufe63": "-",
        "\uff0d": "-",
    }
)


def _flag_set(args: list[str]) -> set[str]:
    """Every short flag letter and long flag in args (`-rf` -> r, f)."""
    flags: set[str] = set()
    for arg in args:
        arg = arg.translate(_DASHES)
        if arg == "--":
            break
        if arg.startswith("--"):
            flags.add(arg.split("=", 1)[0])
        elif arg.startswith("-") and len(arg) > 1:
            flags.update("-" + ch for ch in arg[1:])
    return flags


def _option_values(args: list[str], short: str, long: str) -> list[str]:
    """Every value given to `-x V`, `-xV`, `--long V` or `--long=V`, up to `--`."""
    values: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg in (short, long) and i + 1 < len(args):
            values.append(args[i + 1])
        elif arg.startswith(long + "="):
            values.append(arg[len(long) + 1 :])
        elif arg.startswith(short) and len(arg) > len(short) and not arg.startswith("--"):
            values.append(arg[len(short) :])
    return values


# A file the command names, as the engine finds it: (state, text). state is "persons" (unchanged since the
# session began), "changed", "unknown" (no baseline to compare with) or "missing"; text only for a small file.
ProjectFile = Callable[[str], tuple[str, str | None]]


def is_version_query(args: list[str]) -> bool:
    return args in (["--version"], ["-V"], ["-v"], ["version"], ["--help"], ["-h"], ["-VV"])
