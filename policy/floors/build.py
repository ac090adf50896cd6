"""Build tools: make's shell, makefiles and command-line variables (what a variable does to the recipes it
overrides), and cmake told which program to run as a compiler, linker or launcher."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ASK, DENY, Command, Demand, Floor
from hookward.policy.knowledge import programs as kp
from hookward.policy.lazy import LazyRegex

# `make NAME=VALUE`: a command-line variable overrides the makefile's own and is exported to every recipe.
_MAKE_ASSIGN = LazyRegex(r"^([A-Za-z_.][A-Za-z0-9_.-]*)\s*(:::=|::=|:=|\+=|\?=|!=|=)(.*)$", re.S)
# Variables whose value is a program the recipes run (`$(CC) -o x x.c`, `$(CROSS_COMPILE)gcc`), by the
# names GNU make's built-in rules, autoconf and kbuild give them, or a name that says it holds a command.
_MAKE_PROGRAM_VAR = LazyRegex(
    r"^(?:[A-Z0-9]+_)?(CC|CXX|CPP|LD|AR|AS|FC|F77|NM|RANLIB|STRIP|OBJCOPY|OBJDUMP|READELF|MAKE|MAKEINFO|INSTALL|"
    r"M4|YACC|BISON|LEX|FLEX|LINK|CCLD|CXXLD|CROSS_COMPILE|PYTHON[0-9.]*|PERL|RUBY|NODE|NPM|CARGO|RUSTC|GO|"
    r"JAVA|JAVAC|PKG_CONFIG|SED|AWK|GREP|RM|CP|MV|LN|MKDIR|TAR|DOCKER|PROTOC|CMAKE|NINJA|SHELL|SH|BASH|"
    r"CMD|COMMAND|PROG|PROGRAM|BIN|EXE|WRAPPER|LAUNCHER|RUNNER|TOOL|COMPILER|LINKER|EDITOR|PAGER)$"
)
# What a recipe hands to its shell, or make expands, inside a value: command substitution, a second command.
_MAKE_VALUE_CODE = LazyRegex(r"[`;|&<>\n]|\$[({]")
_MAKE_PROJECT_TOOL = LazyRegex(r"^(\./)?(\.?venv|env|node_modules/\.bin)/(bin/)?[\w.+-]+$")
_MAKE_SAFE_DIRS = ("/usr/bin/", "/usr/local/bin/", "/bin/", "/usr/lib/ccache/", "/opt/homebrew/bin/")
# Compiler flags that load a program or plugin into the compiler or linker.
_LOADING_FLAG = LazyRegex(r"(^|\s)(-wrapper|-fplugin|-B|--?specs|-Xclang|-fpass-plugin|-fuse-ld=\S*/|@)|--plugin")


def make_assignment_demands(args: list[str]) -> list[Demand]:
    """`make CC=/tmp/x`, `make 'CFLAGS=$(shell id)'`, `make LD_PRELOAD=x.so`: what a make command-line
    variable does to the recipes it overrides (`make V=1`, `make PREFIX=/usr/local`, `make CC=clang` pass)."""
    from hookward.policy.knowledge import environment as kenv
    from hookward.policy.shell import HIJACK_VARS

    demands: list[Demand] = []
    for arg in args:
        if arg.startswith("-"):
            continue
        found = _MAKE_ASSIGN.match(arg)
        if found is None:
            continue
        name, op, value = found.groups()
        first = value.split()[0] if value.split() else ""
        if op == "!=":
            demands.append(Demand(Floor.RUNS_CODE, ASK, f"make runs {value[:80]!r} in a shell to set {name}"))
        elif _MAKE_VALUE_CODE.search(value):
            demands.append(
                Demand(
                    Floor.RUNS_CODE, ASK, f"make {name}={value[:80]!r}: recipes hand this value to a shell or expand it"
                )
            )
        elif name in ("MAKEFILES", "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKEOVERRIDES"):
            demands.append(
                Demand(Floor.HIJACK, ASK, f"make {name}= {kenv.REDIRECTS.get(name, 'changes what make reads')}")
            )
        elif _MAKE_PROGRAM_VAR.match(name) and (
            # `CC='sh -c ...'`: a runner of code handed its own command; `PYTHON=python3` alone is that program.
            first in kp.SHELLS | kp.INTERPRETERS | {"env", "eval", "exec", "sudo", "doas"}
            and (len(value.split()) > 1 or not name.startswith(("PYTHON", "PERL", "RUBY", "NODE", "BASH", "SH")))
            or "/" in first
            and ".." not in first.split("/")
            and not first.startswith(_MAKE_SAFE_DIRS)
            and not _MAKE_PROJECT_TOOL.match(first)
            or ".." in first.split("/")
        ):
            demands.append(Demand(Floor.HIJACK, ASK, f"make {name}={first[:80]}: the recipes run this program"))
        elif name.endswith("FLAGS") and _LOADING_FLAG.search(value):
            demands.append(
                Demand(Floor.HIJACK, ASK, f"make {name}: flags that load a program or plugin into the build")
            )
        elif HIJACK_VARS.match(name) and not _MAKE_PROGRAM_VAR.match(name) and not name.endswith("FLAGS"):
            demands.append(Demand(Floor.HIJACK, ASK, f"make exports {name} to every recipe it runs"))
    return demands


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    if program in ("make", "gmake") and any(a.startswith(("SHELL=", ".SHELLFLAGS=", "MAKESHELL=")) for a in args):
        found.append(Demand(Floor.HIJACK, DENY, "make is told to run recipes with another shell"))
    elif program in ("make", "gmake"):
        found.extend(make_assignment_demands(args))
    if program in ("make", "gmake") and any(
        a in ("-f", "--file", "--makefile") or a.startswith(("-f", "--file=", "--makefile=")) for a in args
    ):
        found.append(Demand(Floor.NOT_UNDERSTOOD, ASK, "make runs a makefile named on the command line"))
    if program == "cmake" and any(_cmake_runs_program(a) for a in _cmake_definitions(args)):
        found.append(
            Demand(Floor.RUNS_CODE, ASK, "cmake is told which program to run as a compiler, linker or launcher")
        )
    return found


# Variables whose value is a program the build runs: compilers, launchers, linkers and wrappers (CMAKE_LINKER
# and CMAKE_<LANG>_COMPILER_LAUNCHER too), the binutils cmake drives, the build tool and the emulator tests run in.
_CMAKE_PROGRAM_VARIABLE = LazyRegex(
    r"^\s*CMAKE_(?:\w*?(?:_LAUNCHER|_COMPILER|_LINKER|_WRAPPER)\w*|LINKER\w*|AR|NM|OBJCOPY|OBJDUMP|RANLIB|STRIP"
    r"|READELF|ADDR2LINE|DLLTOOL|MT|MAKE_PROGRAM|CROSSCOMPILING_EMULATOR)(:\w+)?=",
    re.S,
)
# A compiler by the bare name cmake itself looks up on PATH (gcc, g++, cc, c++, clang, clang++, gcc-12,
# clang++-15): naming it runs nothing cmake would not find anyway. A path, a list with arguments, or any other
# program still asks.
_CMAKE_PLAIN_COMPILER = LazyRegex(
    r"^\s*CMAKE_[A-Za-z0-9]+_COMPILER(:\w+)?=(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)(-\d+(\.\d+)*)?\Z"
)


def _cmake_definitions(args: list[str]) -> list[str]:
    """The NAME[:TYPE]=VALUE of every -D, attached (`-DX=1`) or the next word (`-D X=1`)."""
    found = []
    for index, arg in enumerate(args):
        if arg == "-D" and index + 1 < len(args):
            found.append(args[index + 1])
        elif arg.startswith("-D") and len(arg) > 2:
            found.append(arg[2:])
    return found


def _cmake_runs_program(definition: str) -> bool:
    return _CMAKE_PROGRAM_VARIABLE.match(definition) is not None and not _CMAKE_PLAIN_COMPILER.match(definition)
