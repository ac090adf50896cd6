"""One simple command's demands: every program family's floor, in the order they are judged.

Each family module contributes one function, `demands(cmd)`, that reads a `Command` and returns what it
demands; `FAMILIES` lists them in the order their demands are combined. The order matters only between
demands of the same verdict (the first reason of a rule id is the one shown), and it is the order the
families' checks had when they were one function: self-protection before the machine's own floors
(`kill hookward` before `kill -1`), and packages' generic `publish` / `deploy` before the cloud CLIs and the
network clients that may also act on the same command.
"""

from __future__ import annotations

from collections.abc import Callable

from hookward.policy.floors import (
    build,
    cloud,
    containers,
    network,
    packages,
    selfprotection,
    system,
    text,
    vcs,
)
from hookward.policy.floors.common import Command, Demand, ProjectFile

FAMILIES: tuple[tuple[str, Callable[[Command], list[Demand]]], ...] = (
    ("system", system.raised_privilege),  # sudo, doas, su: whatever the program
    ("self-protection", selfprotection.demands),
    ("system", system.demands),
    ("vcs", vcs.demands),
    ("text", text.demands),
    ("build", build.demands),
    ("packages", packages.demands),
    ("containers", containers.demands),
    ("cloud", cloud.demands),
    ("network", network.demands),
)


def command_demands(
    argv: list[str],
    wrappers: list[str],
    program: str,
    local_bin: Callable[[str], bool] | None = None,
    project_file: ProjectFile | None = None,
) -> list[Demand]:
    """What one simple command demands by what it runs (file targets are judged separately).

    `local_bin(name)` says whether the project already has `name` in node_modules/.bin, from
    before this command line (the engine knows the cwd and the project).
    """
    cmd = Command(argv, argv[1:], program, wrappers, local_bin, project_file)
    demands: list[Demand] = []
    for _family, family_demands in FAMILIES:
        demands.extend(family_demands(cmd))
    return demands
