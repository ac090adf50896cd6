"""What every floor shares: the floor ids, a demand, the shell analysis' findings and argv helpers."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from hookward.verdicts.decision import Verdict

TYPE_CHECKING = False  # not typing's: `typing` is not imported on the hook path (mypy reads this name)
if TYPE_CHECKING:
    from hookward.policy.spec import Walk

ALLOW, ASK, FORCE_ASK, DENY = Verdict.ALLOW, Verdict.ASK, Verdict.FORCE_ASK, Verdict.DENY


class Floor(StrEnum):
    """Every floor a demand can name, declared once, and whether a user rule's `loosens` may lift it.

    A member is its id as policies and rule ids spell it (`Floor.EGRESS == "egress"`, rule id
    `floor.egress`); `loosens` in a policy is checked against this when the policy loads.
    """

    loosenable: bool

    def __new__(cls, value: str, loosenable: bool = True) -> Floor:
        member = str.__new__(cls, value)
        member._value_ = value
        member.loosenable = loosenable
        return member

    @property
    def rule_id(self) -> str:
        return "floor." + self.value

    # The gate itself: its launcher, policy, ledger and grants (only a person at a terminal changes them).
    SELF_PROTECTION = "self-protection", False
    CREDENTIALS = "credentials"  # secrets read, printed or sent: key files, tokens, the environment
    CREDENTIAL_SWEEP = "credential-sweep"  # a recursive read of a tree that holds credential stores
    PERSISTENCE = "persistence"  # what runs later: crontab, launchd, systemd, git config, shell profiles
    EGRESS = "egress"  # data or a connection leaving this machine
    FETCH_AND_RUN = "fetch-and-run"  # code downloaded and run: packages, images, piped installers
    PRIVILEGE = "privilege"  # sudo, setuid bits, accounts, privileged containers, host mounts
    DESTRUCTIVE = "destructive"  # what cannot be undone: deletions, force-pushes, live infrastructure
    HIJACK = "hijack"  # changing what another program runs or loads (PATH, LD_PRELOAD, make SHELL=)
    RUNS_CODE = "runs-code"  # a value a program hands to a shell or runs as a program
    NOT_UNDERSTOOD = "not-understood"  # what the analysis cannot read: scripts, opaque input, unknown forms
    # The analysis ran past its counted work budget or its deadline: deny, never loosened.
    BUDGET = "budget", False
    # The cloud metadata service (169.254.169.254 and its other spellings) hands out the machine's own
    # credentials: no rule that lets a client or the web tool reach the network lets it reach this.
    CLOUD_METADATA = "cloud-metadata", False


# The ids as strings, in declaration order, and the ones no rule may loosen.
FLOOR_IDS: tuple[str, ...] = tuple(floor.value for floor in Floor)
NEVER_LOOSENED = frozenset(floor.value for floor in Floor if not floor.loosenable)


def loosen_hint(floor: str, user_rule: str | None = None) -> str:
    """What would loosen this floor, said where a refusal or `check` names it."""
    if floor in NEVER_LOOSENED:
        return f"the {floor} floor can never be loosened"
    overrides = f"it overrides user rule {user_rule!r}; " if user_rule else ""
    return f'{overrides}a user rule that matches this with loosens = ["{floor}"] would loosen the {floor} floor'


class Demand:
    """A floor's demand: at least `verdict`, because `reason`."""

    __slots__ = ("floor", "verdict", "reason")

    def __init__(self, floor: Floor | str, verdict: Verdict, reason: str) -> None:
        # An id from outside the floors (a URL or path check, a spec effect) is checked here: one no floor
        # declares raises, and an engine error is refused, never allowed.
        self.floor: Floor = floor if type(floor) is Floor else Floor(floor)
        self.verdict = verdict
        self.reason = reason


# --- findings of the shell analysis -----------------------------------------

FINDING_FLOORS: dict[str, tuple[Floor, Verdict]] = {
    "not-understood": (Floor.NOT_UNDERSTOOD, ASK),
    "opaque": (Floor.NOT_UNDERSTOOD, ASK),
    "function": (Floor.NOT_UNDERSTOOD, ASK),
    "alias": (Floor.NOT_UNDERSTOOD, ASK),
    "pipe-to-interpreter": (Floor.NOT_UNDERSTOOD, ASK),
    "remote": (Floor.EGRESS, ASK),
    "fetch-and-run": (Floor.FETCH_AND_RUN, DENY),
    "decoded-payload": (Floor.FETCH_AND_RUN, DENY),
    "raw-socket": (Floor.EGRESS, DENY),
    "hijack": (Floor.HIJACK, DENY),
    "redirect": (Floor.HIJACK, ASK),  # an exported variable that points later commands elsewhere
    "secret-variable": (Floor.CREDENTIALS, ASK),
    "budget": (Floor.BUDGET, DENY),
}


def finding_demand(kind: str, detail: str) -> Demand:
    floor, verdict = FINDING_FLOORS.get(kind, (Floor.NOT_UNDERSTOOD, ASK))
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


class Command:
    """One simple command as a family's floor reads it (file targets are judged separately).

    `local_bin(name)` says whether the project already has `name` in node_modules/.bin from before this
    command line; `project_file(name)` is how the engine finds a file the command names (see ProjectFile).
    (A plain class, not a NamedTuple: `typing` is not imported on the hook path.)
    """

    __slots__ = ("argv", "args", "program", "wrappers", "local_bin", "project_file", "walked", "cwd")

    def __init__(
        self,
        argv: list[str],
        program: str,
        wrappers: list[str],
        local_bin: Callable[[str], bool] | None = None,
        project_file: ProjectFile | None = None,
        walked: Walk | None = None,
        cwd: str | None = None,
    ) -> None:
        self.argv = argv
        self.args = argv[1:]
        self.program = program
        self.wrappers = wrappers
        self.local_bin = local_bin
        self.project_file = project_file
        self.walked = walked  # the engine's spec walk of argv, if the program has a spec: walked once
        self.cwd = cwd  # the directory it runs in, after any earlier `cd` on the line (None: not known)


def is_version_query(args: list[str]) -> bool:
    return args in (["--version"], ["-V"], ["-v"], ["version"], ["--help"], ["-h"], ["-VV"])
