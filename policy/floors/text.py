"""Files and text: archivers and pagers told to run a command, jq / yq reading the environment or a file,
and sed scripts that run commands or are not understood."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ASK, FORCE_ASK, Command, Demand, Floor
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


_TAR_RUNS = (
    "--checkpoint-action",
    "--to-command",
    "--use-compress-program",
    "--rsh-command",
    "--info-script",
    "--new-volume-script",
)


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    if program in ("tar", "bsdtar", "gtar") and any(
        a.startswith(_TAR_RUNS) or re.match(r"^-[A-Za-z]*[IF]", a) is not None  # `-I CMD`, `-Icmd`, bundled `-cI CMD`
        for a in args
    ):
        found.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, "tar is told to run a command"))
    if program == "zip" and any(a in ("-TT", "--unzip-command") or a.startswith("--unzip-command") for a in args):
        found.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, "zip is told to run a command"))
    if program == "man" and any(
        a in ("-P", "--pager", "-H", "--html") or a.startswith(("--pager=", "-P", "--html=")) for a in args
    ):
        found.append(
            Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, "man is told to run another program as its pager or browser")
        )
    if program in ("less", "more", "most") and any(a.startswith("+") and "!" in a for a in args):
        found.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, f"{program} is told to run a shell command"))
    if program in ("jq", "yq", "gojq", "jaq") and (
        # jq's `env` / `$ENV`; Go yq's `env(X)`, `strenv(X)`, `envsubst`; not a field or key named env (`.env`)
        any(
            re.search(r"(?<![.\w$\"'])(str)?env\b(?!\s*:)|\$ENV|\binput_filename\b|\benvsubst\b", a)
            for a in args
            if not a.startswith("-")
        )
    ):
        found.append(
            Demand(Floor.CREDENTIALS, ASK, f"{program} prints the environment, which holds API keys in agent sessions")
        )
    if program == "yq" and any(re.search(r"\bload(_str|_xml|_props|_base64|_yaml|_json)?\s*\(", a) for a in args):
        found.append(Demand(Floor.CREDENTIALS, ASK, "yq reads a file named inside its expression (`load(...)`)"))
    return found
