"""Debuggers and tracers attached to a running process (policy/knowledge/debuggers.py says how each is told which).

Attached, they read the process's memory and can run code inside it: a privilege a person confirms for every call
(force_ask), and self-protection when the process is the gate: one of hookward's processes (the warm server and its
workers, a hook, the MCP server) or a host agent that runs hookward's hooks (the registry's binaries and packages).
Only the processes the command names are read (/proc/PID/cmdline), and only when an attach is judged.
"""

from __future__ import annotations

import os
import re

from hookward.policy.floors.common import DENY, FORCE_ASK, Command, Demand, Floor
from hookward.policy.knowledge.debuggers import ATTACHERS, STOP_WORDS, Attacher

_HOOKWARD_WORDS = ("hookward", "warm-serve")
_ATTACH_IN_TEXT = re.compile(r"\battach\b((?:\s+\S+){0,2})")
_PIDS = re.compile(r"[\s,]+")


def _option(arg: str, names: tuple[str, ...], style: str) -> tuple[bool, str | None]:
    """(whether `arg` is one of `names`, its value when it carries one: --pid=N, -pN, -fpN)."""
    option, eq, value = arg.partition("=")
    if option in names:
        return True, value if eq else None
    long_form = option.startswith("--") or style == "long_only"
    stem = option.lstrip("-")
    if long_form and style != "plain" and len(stem) >= 2:
        if any(len(n.lstrip("-")) > 2 and n.lstrip("-").startswith(stem) for n in names):
            return True, value if eq else None  # a unique prefix of a long option: --att=N, gdb's -pi N
    if option.startswith("--") or len(arg) < 2:
        return False, None
    letters = arg[1:]
    for at, letter in enumerate(letters):
        if f"-{letter}" in names:
            rest = letters[at + 1 :]
            if at and rest and not rest.isdigit():
                break  # -eprocess: `e` took the rest as its value, hookward does not know which letters take one
            return True, rest or None  # -p123, or bundled after flags: strace -fp 123, -fp123
        if style == "long_only" or not letter.isalpha():
            break  # getopt_long_only (gdb) reads -batch as one word, never as bundled letters
    return False, None


def targets(entry: Attacher, args: list[str]) -> list[tuple[str, str]]:
    """("pid" | "name", as written) of every process the command attaches to."""
    pid_options, name_options, core_options, command_options, operands, after, style = entry
    if after is not None:
        words = [a for a in args if not a.startswith("-")]
        if not words or words[0] != after:
            return []
    found: list[tuple[str, str]] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in STOP_WORDS or arg == "--":
            break  # the rest is the debugged program's own argv
        if arg.startswith("-") and len(arg) > 1:
            for kind, names in (("pid", pid_options), ("name", name_options), ("core", core_options)):
                hit, value = _option(arg, names, style)
                if hit:
                    if value is None and i + 1 < len(args):
                        i += 1
                        value = args[i]
                    if value is not None and (kind != "core" or value.isdigit()):
                        kind = "pid" if kind == "core" else kind
                        found += [(kind, v) for v in _PIDS.split(value) if v] if kind == "pid" else [(kind, value)]
                    break
            else:
                hit, value = _option(arg, command_options, style)
                if hit:
                    if value is None and i + 1 < len(args):
                        i += 1
                        value = args[i]
                    found += _attached_in_text(value or "")
        elif operands and arg.isdigit():
            found.append(("pid", arg))
        i += 1
    return found


def _attached_in_text(text: str) -> list[tuple[str, str]]:
    """The processes a debugger's own commands attach to (`attach 123`, `process attach --pid 123`, `-n name`)."""
    found: list[tuple[str, str]] = []
    for match in _ATTACH_IN_TEXT.finditer(text):
        words = match.group(1).split()
        if words[:1] in (["--pid"], ["-p"]) and len(words) > 1:
            found.append(("pid", words[1]))
        elif words[:1] in (["--name"], ["-n"]) and len(words) > 1:
            found.append(("name", words[1]))
        else:
            found.append(("pid", words[0] if words else "(a process the debugger picks)"))
    return found


def _cmdline(pid: str) -> list[str] | None:
    try:
        with open(f"/proc/{int(pid)}/cmdline", "rb") as handle:
            data = handle.read(1 << 16)
    except (OSError, ValueError):
        return None
    return [os.fsdecode(word) for word in data.split(b"\0") if word]


_HOST_PROGRAMS: tuple[frozenset[str], tuple[str, ...]] | None = None


def _host_programs() -> tuple[frozenset[str], tuple[str, ...]]:
    """(program names, npm package paths) of the hosts that run hookward's hooks, from the registry."""
    global _HOST_PROGRAMS
    if _HOST_PROGRAMS is None:
        from hookward.compat import registry

        names: set[str] = set()
        packages: list[str] = []
        for host in registry.host_ids():
            data = registry.load_host(host)
            names.update(data.get("binaries") or [])
            if data.get("package"):
                packages.append(f"/{data['package']}/")
        _HOST_PROGRAMS = (frozenset(names), tuple(packages))
    return _HOST_PROGRAMS


def gates_process(kind: str, value: str) -> str | None:
    """What of the gate the process is (hookward's, or a host agent's), or None."""
    if any(word in value.lower() for word in _HOOKWARD_WORDS):
        return f"a hookward process ({value})"  # lldb -n hookward, gdb -p $(pgrep -f warm-serve)
    if kind != "pid" or not value.isdigit():
        return None
    argv = _cmdline(value)
    if not argv:
        return None
    if any(os.path.basename(word).lower() in ("hookward", "hookward.exe", "warm-serve") for word in argv) or any(
        word.startswith("hookward") and argv[i - 1] == "-m" for i, word in enumerate(argv) if i
    ):
        return f"hookward's own process {value} (its warm server, a worker, a hook or its MCP server)"
    names, packages = _host_programs()
    if any(os.path.basename(word) in names or any(p in word for p in packages) for word in argv):
        return f"process {value}, a host agent that runs hookward's hooks"
    return None


def demands(cmd: Command) -> list[Demand]:
    entry = ATTACHERS.get(cmd.program)
    if entry is None:
        return []
    found = targets(entry, cmd.args)
    if not found:
        return []
    for kind, value in found:
        gate = gates_process(kind, value)
        if gate is not None:
            return [
                Demand(
                    Floor.SELF_PROTECTION,
                    DENY,
                    f"{cmd.program} attaches to {gate}: it would read the gate's memory and could run code inside "
                    "it. This is the gate itself; an agent must not change it",
                )
            ]
    shown = ", ".join(value for _kind, value in found[:3])
    return [
        Demand(
            Floor.PRIVILEGE,
            FORCE_ASK,
            f"{cmd.program} attaches to a running process ({shown}): it reads that process's memory, secrets "
            "included, and can run code inside it",
        )
    ]
