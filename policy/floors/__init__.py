"""Built-in floors: the threat classes every policy starts from.

A floor looks at one action (a simple command or a file target) and may
demand a minimum verdict. Floors are loosened only by an explicit user-level
rule that names them in `loosens`, and only the floors that can be loosened:
`Floor` in common.py declares every floor id once, with whether it can
(self-protection, budget and the cloud metadata service never).

The floors live one program family to a module; this package re-exports the
names the engine and the loader use, so `from hookward.policy import floors`
reads as one module:

- common: `Floor`, `Demand`, `Command`, the shell analysis' findings, argv helpers
- names: the program names the families judge by
- commands: `command_demands`, which runs every family's `demands(cmd)` for one simple
  command, in the order of its `FAMILIES` table, importing a family's module only when
  a program it names appears (so are the family names re-exported here: on first use)
- selfprotection, system (privilege, secrets, disks, power, cron / launchd / systemd),
  vcs (git, gh, glab), text (archivers, pagers, jq / yq, sed), build (make, cmake),
  packages (publish, fetch-and-run, installs), containers (docker, kubectl, helm),
  cloud (cloud CLIs, terraform, databases), network (clients), interpreters (inline
  code and scripts, judged by the engine)
"""

from hookward.policy.floors.commands import command_demands
from hookward.policy.floors.common import (
    ALLOW,
    ASK,
    DENY,
    FINDING_FLOORS,
    FLOOR_IDS,
    FORCE_ASK,
    NEVER_LOOSENED,
    Demand,
    Floor,
    ProjectFile,
    _flag_set,
    finding_demand,
    is_version_query,
    loosen_hint,
)
from hookward.policy.floors.names import CLOUD_CLIS, DISK_TOOLS, POWER, PUBLISH

# (Not typing.TYPE_CHECKING: `typing` is not imported on the hook path; mypy reads any `TYPE_CHECKING` so.)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookward.policy.floors.build import make_assignment_demands
    from hookward.policy.floors.interpreters import (
        SAFE_PYTHON_MODULES,
        SPEC_JUDGED_RUNTIMES,
        inline_code_demand,
        interpreter_demand,
        python_imports,
    )
    from hookward.policy.floors.packages import (
        LOCKED_INSTALLS,
        _install_demands,
        local_package_binary,
        requirements_pinned,
    )
    from hookward.policy.floors.text import sed_demand
    from hookward.policy.floors.vcs import _git_demands, git_argv

# The family modules' names, imported on first use (a hook call imports only the families its command needs).
_LAZY = {
    "make_assignment_demands": "build",
    "SAFE_PYTHON_MODULES": "interpreters",
    "SPEC_JUDGED_RUNTIMES": "interpreters",
    "inline_code_demand": "interpreters",
    "interpreter_demand": "interpreters",
    "python_imports": "interpreters",
    "LOCKED_INSTALLS": "packages",
    "_install_demands": "packages",
    "local_package_binary": "packages",
    "requirements_pinned": "packages",
    "sed_demand": "text",
    "_git_demands": "vcs",
    "git_argv": "vcs",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "ALLOW",
    "ASK",
    "CLOUD_CLIS",
    "DENY",
    "DISK_TOOLS",
    "FINDING_FLOORS",
    "FLOOR_IDS",
    "FORCE_ASK",
    "LOCKED_INSTALLS",
    "NEVER_LOOSENED",
    "POWER",
    "PUBLISH",
    "SAFE_PYTHON_MODULES",
    "SPEC_JUDGED_RUNTIMES",
    "Demand",
    "Floor",
    "ProjectFile",
    "_flag_set",
    "_git_demands",
    "_install_demands",
    "command_demands",
    "finding_demand",
    "git_argv",
    "inline_code_demand",
    "interpreter_demand",
    "is_version_query",
    "local_package_binary",
    "loosen_hint",
    "make_assignment_demands",
    "python_imports",
    "requirements_pinned",
    "sed_demand",
]
