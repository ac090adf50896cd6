"""The self-protection floor: a command that runs one of hookward's own controls, in any spelling."""

from __future__ import annotations

import os
import sys

from hookward.policy.floors.common import DENY, Command, Demand, Floor
from hookward.policy.lazy import LazyRegex

_HOOKWARD_NAMES = ("hookward", "hookward.exe")
_VERSION_SUFFIX = LazyRegex(r"[\d.]+$")  # python3.11 -> python: compiled once, not looked up per command
# Programs that run a file given as an operand: a shell or an interpreter runs a script, xargs a program.
_RUNS_ITS_OPERAND = frozenset(
    {"sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "busybox", "python", "pypy", "xargs", "parallel", "exec"}
)


def _hookward_control(program: str, args: list[str]) -> str | None:
    """The hookward control a command runs, in any spelling: the launcher by name or path, `python -m
    hookward`, a `uv run` / `pipx run` / `uvx` wrapper, or a command string handed to another program
    (`script -qc 'hookward uninstall'`, `tmux send-keys`)."""
    from hookward.policy import protection

    program = program.lower()  # `HOOKWARD` runs hookward on a case-insensitive file system
    if program in _HOOKWARD_NAMES:
        return protection.control_named(args)
    runner = _VERSION_SUFFIX.sub("", program)
    if runner in _RUNS_ITS_OPERAND:
        # The launcher handed to a program that runs it (`python3 ~/.local/share/hookward/bin/hookward grant x`,
        # `sh LAUNCHER`), or to xargs, whose arguments arrive on its input (`echo uninstall | xargs hookward`).
        for i, arg in enumerate(args):
            if os.path.basename(arg).lower() in _HOOKWARD_NAMES:
                rest = args[i + 1 :]
                if runner in ("xargs", "parallel"):
                    return protection.control_named(rest) if rest else "(with arguments read from its input)"
                return protection.control_named(rest)
    if program == "alias":
        for arg in args:
            name, _eq, value = arg.partition("=")
            words = value.split()
            if _eq and words and os.path.basename(words[0]).lower() in _HOOKWARD_NAMES:
                return f"under a new name (alias {name})"  # what later runs as `{name} ...` is not judged as hookward
    if program in ("ln", "cp", "link", "install", "rsync"):
        operands = [a for a in args if not a.startswith("-")]
        for arg in operands[:-1]:
            path = os.path.expanduser(arg)
            if os.path.basename(path.rstrip("/")).lower() in _HOOKWARD_NAMES and (
                path.endswith("/bin/hookward") or (os.path.isabs(path) and os.path.isfile(path))
            ):
                return f"under a new name ({program} of its launcher {arg})"
    if runner in ("python", "pypy") and "-m" in args:
        module_at = args.index("-m") + 1
        module = args[module_at] if module_at < len(args) else ""
        if module in ("hookward", "hookward.cli", "hookward.__main__"):
            return protection.control_named(args[module_at + 1 :])
        if module.split(".")[0] == "hookward":
            return module  # one of hookward's modules run directly
    if program in ("uvx", "pipx", "uv") and "hookward" in args:
        return protection.control_named(args[args.index("hookward") + 1 :])
    for arg in args:
        if "hookward" in arg.lower():
            found = protection.controls_in_text(arg)
            if found:
                return found
    return None


# Tool managers' subcommands that install over, reinstall, upgrade or add to an installed tool's environment.
_TOOL_CHANGES = {
    "pipx": frozenset({"install", "reinstall", "upgrade", "inject", "uninject", "runpip", "upgrade-shared"}),
    "uv tool": frozenset({"install", "upgrade"}),
}


def _replaces_hookward(program: str, args: list[str]) -> bool:
    """`uv tool install --force hookward==0.0.1`, `pipx reinstall hookward`, `pipx inject hookward x`."""
    if program == "uv" and "tool" in args:  # after global options: `uv --no-cache tool install ...`
        program, args = "uv tool", args[args.index("tool") + 1 :]
    changes = _TOOL_CHANGES.get(program)
    words = [a for a in args if not a.startswith("-")]
    if not changes or not words or words[0] not in changes:
        return False
    return any(a.lower().startswith("hookward") or "/hookward" in a.lower() for a in words[1:])


_PIP_CHANGES = frozenset({"install", "uninstall", "sync"})
# Options that name the environment or the directory an installer writes to (pip, uv pip).
_ENV_OPTIONS = ("--python", "-p", "--prefix", "--target", "-t", "--root")


def _installer_environments(program: str, argv: list[str]) -> list[str] | None:
    """The interpreters or directories a `pip install` / `uv pip install` / `python -m pip install` names to
    write into (`--python`, `--prefix`, `--target`, `--root`), as spelled, or None when it is no package change."""
    args = argv[1:]
    runner = _VERSION_SUFFIX.sub("", program)
    if runner == "pip":
        rest = args
    elif runner in ("python", "pypy") and args[:2] == ["-m", "pip"]:
        rest = args[2:]
    elif program == "uv" and "pip" in args:
        rest = args[args.index("pip") + 1 :]
    else:
        return None
    words = [a for a in rest if not a.startswith("-")]
    if not words or words[0] not in _PIP_CHANGES:
        return None
    found: list[str] = []
    for i, arg in enumerate(rest):
        for option in _ENV_OPTIONS:
            if arg == option and i + 1 < len(rest):
                found.append(rest[i + 1])
            elif option.startswith("--") and arg.startswith(option + "="):
                found.append(arg[len(option) + 1 :])
    return found


def _changes_hookwards_environment(program: str, argv: list[str]) -> str | None:
    """The spelling of hookward's own environment a package installer writes into, if it does.

    A package installed into the environment the gate runs in (its interpreter, its virtual environment, the
    directories the launcher imports from) replaces the gate's code or its dependencies' on the next call."""
    spelled = _installer_environments(program, argv)
    if not spelled:
        return None
    from hookward.policy import protection

    home = os.path.expanduser("~")
    for text in spelled:
        path = os.path.abspath(os.path.expanduser(text))
        if any(p.label == protection.INSTALL_LABEL for p in protection.protected(path, home)):
            return text
    return None


# Python's options before `-m` that take no value, and those that take one (`-W error`, `-X utf8`).
_PYTHON_FLAGS = frozenset({"-I", "-E", "-s", "-S", "-u", "-B", "-O", "-OO", "-q", "-b", "-bb", "-d", "-v", "-x", "-P"})
_PYTHON_VALUED = frozenset({"-W", "-X"})


def _python_module(args: list[str]) -> tuple[str, list[str]] | None:
    """(module, its arguments) of `python [flags] -m module ...`, `-mmodule` too; None when no module runs."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "-m":
            return (args[i + 1], args[i + 2 :]) if i + 1 < len(args) else None
        if arg.startswith("-m") and len(arg) > 2:
            return arg[2:], args[i + 1 :]
        if arg in _PYTHON_VALUED:
            i += 2
            continue
        if arg in _PYTHON_FLAGS or (arg[:2] in _PYTHON_VALUED and len(arg) > 2):
            i += 1
            continue
        return None  # a script, `-c`, or an option hookward does not read here
    return None


# Installers whose every run changes the packages of the environment they are installed in (pip-tools' pip-sync,
# setuptools' easy_install).
_CHANGES_ITS_ENVIRONMENT = frozenset({"pip-sync", "easy_install"})


def installed_program_demands(typed: str, args: list[str], cwd: str | None, home: str) -> list[Demand]:
    """A package installer run by its path from the gate's own installation (`<hookward's venv>/bin/pip install
    x`, `<its python> -m pip uninstall y`, `--force-reinstall`): pip writes into the environment it belongs to,
    which is the one the gate runs from. The engine hands the other floors the program's name; this one is the
    typed path, judged only for commands typed with a `/`."""
    program = _VERSION_SUFFIX.sub("", os.path.basename(typed).lower())
    if program in ("python", "pypy"):
        module = _python_module(args)
        if module is None or module[0] != "pip":
            return []
        argv = ["pip", *module[1]]
    elif program == "pip":
        argv = ["pip", *args]
    elif program in _CHANGES_ITS_ENVIRONMENT:
        argv = ["pip", "install"]  # every run installs or syncs into the environment it belongs to
    else:
        return []
    if _installer_environments("pip", argv) is None:
        return []  # pip list, pip show, pip download: no package change
    from hookward.policy import protection

    path = os.path.normpath(os.path.join(cwd or os.getcwd(), os.path.expanduser(typed)))
    # The directory resolved as the kernel would (a symlinked venv), the file itself not: a venv's python is a
    # link to its base interpreter, and it is the venv that pip writes into.
    spelled = {path, os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))}
    # A pip beside the interpreter the gate runs as installs into that interpreter's packages (a system-wide
    # install has no virtual environment to be inside of).
    beside = os.path.dirname(os.path.abspath(sys.executable))
    for candidate in spelled:
        if os.path.dirname(candidate) == beside or any(
            p.label == protection.INSTALL_LABEL for p in protection.protected(candidate, home)
        ):
            return [
                Demand(
                    Floor.SELF_PROTECTION,
                    DENY,
                    f"{typed} is the package installer of {protection.INSTALL_LABEL}: installing, upgrading or "
                    "removing packages with it replaces the gate's code. This is the gate itself; an agent must not "
                    "swap its own gate",
                )
            ]
    return []


def demands(cmd: Command) -> list[Demand]:
    """hookward's own controls run in any spelling, hookward uninstalled, its processes stopped."""
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    control = _hookward_control(program, args)
    if control is None and program.lower() in _HOOKWARD_NAMES and {"xargs", "parallel"} & set(cmd.wrappers):
        control = "(with arguments read from xargs' input)"  # `echo uninstall | xargs hookward`
    if control:
        found.append(
            Demand(
                Floor.SELF_PROTECTION,
                DENY,
                f"runs `hookward {control}`, one of hookward's own controls: this is the gate itself, and only a "
                "person at a terminal may change it",
            )
        )
    if program in ("pip", "pip3", "pipx", "uv") and "uninstall" in args and any("hookward" in a for a in args):
        found.append(Demand(Floor.SELF_PROTECTION, DENY, "uninstalls hookward; an agent must not remove its own gate"))
    if _replaces_hookward(program, args):
        found.append(
            Demand(
                Floor.SELF_PROTECTION,
                DENY,
                "replaces or changes hookward's own installed tool (another version, a reinstall, a package put in "
                "its environment); an agent must not swap its own gate",
            )
        )
    environment = _changes_hookwards_environment(program, cmd.argv)
    if environment:
        found.append(
            Demand(
                Floor.SELF_PROTECTION,
                DENY,
                f"installs or removes packages in {environment}, the environment hookward itself runs from: that "
                "replaces the gate's code. This is the gate itself; an agent must not swap its own gate",
            )
        )
    if program in ("pkill", "killall", "kill") and any("hookward" in a for a in args):
        found.append(Demand(Floor.SELF_PROTECTION, DENY, "stops hookward processes"))
    return found
