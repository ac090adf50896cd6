"""One simple command's demands: every program family's floor, in the order they are judged.

Each family module contributes one function, `demands(cmd)`, that reads a `Command` and returns what it
demands. `FAMILIES` lists them in the order their demands are combined, each with the programs it judges,
so a family's module is imported only when a program it names appears (`ls -la` loads self-protection
alone). The order matters only between demands of the same verdict (the first reason of a rule id is the
one shown), and it is the order the families' checks had when they were one function: self-protection before
the machine's own floors (`kill hookward` before `kill -1`), and the packages family's generic `publish` /
`deploy` before the cloud CLIs and the network clients that may also act on the same command.

A family's program names must cover every program its checks name: tests/test_floor_families.py reads each
family's source for the names it compares `program` with, and runs every family on every program it
names to check that the dispatch drops nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from hookward.policy.floors import names
from hookward.policy.floors.common import Command, Demand, ProjectFile
from hookward.policy.knowledge import programs as kp
from hookward.policy.knowledge.debuggers import ATTACHERS

TYPE_CHECKING = False  # not typing's: `typing` is not imported on the hook path
if TYPE_CHECKING:
    from hookward.policy.spec import Walk


class Family:
    """One family's floor: its function, and the commands it judges."""

    __slots__ = ("name", "module", "function", "programs", "also")

    def __init__(
        self,
        name: str,
        module: str,  # under hookward.policy.floors
        function: str,
        programs: frozenset[str] | None,  # the programs it judges; None: every command
        also: Callable[[Command], bool] | None = None,  # judged beyond its programs, by the command's shape
    ) -> None:
        self.name, self.module, self.function, self.programs, self.also = name, module, function, programs, also


_SHIPS = frozenset({"publish", "deploy", "unpublish", "release"})  # packages: any program's `X publish`

FAMILIES: tuple[Family, ...] = (
    # sudo, doas, su: whatever the program
    Family(
        "system", "system", "raised_privilege", frozenset(), lambda c: not kp.PRIVILEGE_WRAPPERS.isdisjoint(c.wrappers)
    ),
    Family("self-protection", "selfprotection", "demands", None),  # hookward's controls, in any program's words
    Family(
        "system",
        "system",
        "demands",
        frozenset(
            {"chmod", "chown", "chgrp", "security", "gpg", "gpg2", "gpgsm", "printenv", "dd", "kill", "pkill"}
            | {"killall", "crontab", "launchctl", "systemctl", "at", "batch"}
        )
        | names.ACCOUNT_TOOLS
        | names.SECRET_STORES
        | names.DISK_TOOLS
        | names.POWER
        | kp.ENV_DUMPERS,
        lambda c: c.program.startswith("mkfs") or c.program.split(".")[0] in names.DISK_TOOLS,  # mkfs.ext4
    ),
    Family("vcs", "vcs", "demands", frozenset({"git", "gh", "glab"})),
    Family(
        "text",
        "text",
        "demands",
        frozenset({"tar", "bsdtar", "gtar", "zip", "man", "less", "more", "most", "jq", "yq", "gojq", "jaq"}),
    ),
    Family("build", "build", "demands", frozenset({"make", "gmake", "cmake"})),
    Family(
        "packages",
        "packages",
        "demands",
        frozenset({"npm", "pnpm", "yarn", "bun", "uv", "go", "npx", "pnpx", "bunx", "uvx", "pipx", "bundle", "dotnet"})
        | {program for program, _sub in names.PUBLISH}
        | kp.PACKAGE_MANAGERS,
        lambda c: (
            bool(c.args)
            and c.args[0] in _SHIPS
            and not (c.program in names.DEPLOY_SERVICES and c.args[0] == "deploy" and len(c.args) > 1)
        ),
    ),
    Family("containers", "containers", "demands", frozenset({"kubectl", "helm", "docker", "podman"})),
    Family(
        "cloud",
        "cloud",
        "demands",
        frozenset({"terraform", "tofu", "terragrunt"}) | names.CLOUD_CLIS | names.DATABASE_CLIENTS,
    ),
    Family("network", "network", "demands", frozenset({"rsync", "dig", "host"}) | kp.EGRESS),
    # gdb -p, strace -p, py-spy --pid: a debugger attached to a running process (policy/knowledge/debuggers.py)
    Family("debuggers", "debuggers", "demands", frozenset(ATTACHERS)),
)

_LOADED: list[Callable[[Command], list[Demand]] | None] = [None] * len(FAMILIES)


def family_function(index: int) -> Callable[[Command], list[Demand]]:
    """FAMILIES[index]'s function, its module imported on first use."""
    found = _LOADED[index]
    if found is None:
        family = FAMILIES[index]
        module = importlib.import_module(f"hookward.policy.floors.{family.module}")
        found = _LOADED[index] = getattr(module, family.function)
    return found


def command_demands(
    argv: list[str],
    wrappers: list[str],
    program: str,
    local_bin: Callable[[str], bool] | None = None,
    project_file: ProjectFile | None = None,
    walked: Walk | None = None,
    cwd: str | None = None,
) -> list[Demand]:
    """What one simple command demands by what it runs (file targets are judged separately).

    `local_bin(name)` says whether the project already has `name` in node_modules/.bin, from
    before this command line (the engine knows the cwd and the project). `walked` is the engine's spec walk of
    argv, handed to the families that read the spec's effects so that the command is walked once.
    """
    cmd = Command(argv, program, wrappers, local_bin, project_file, walked, cwd)
    demands: list[Demand] = []
    for index, family in enumerate(FAMILIES):
        if family.programs is None or program in family.programs or (family.also is not None and family.also(cmd)):
            demands.extend(family_function(index)(cmd))
    return demands
