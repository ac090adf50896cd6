"""Canonicalize and classify the paths a tool call touches."""

from __future__ import annotations

import os

from hookward.policy.knowledge.paths import HARMLESS_DEVICES, SCRATCH


def home_dir() -> str:
    return os.path.expanduser("~").rstrip("/") or "/"


class Target:
    """A path as the agent wrote it, where it really points, and where that is."""

    __slots__ = ("written", "path", "real", "scope")

    def __init__(self, written: str, path: str, real: str, scope: str) -> None:
        self.written = written
        self.path = path  # absolute, normalized, symlinks kept
        self.real = real  # symlinks that exist resolved
        self.scope = scope  # project, home, tmp, device, system, elsewhere, root, home-root, project-root


def canonical(written: str, cwd: str, home: str) -> tuple[str, str]:
    path = written
    if path == "~" or path.startswith("~/"):
        path = home + path[1:]
    if not os.path.isabs(path):
        path = os.path.join(cwd or "/", path)
    path = os.path.normpath(path)
    if path.startswith("//"):
        path = "/" + path.lstrip("/")
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        real = path
    return path, real


def _under(path: str, base: str | None) -> bool:
    if not base:
        return False
    base = base.rstrip("/") or "/"
    return path == base or path.startswith(base + "/") or base == "/"


def scope_of(path: str, home: str, project: str | None) -> str:
    if path == "/":
        return "root"
    if project and path == project.rstrip("/"):
        return "project-root"
    if project and _under(path, project):
        return "project"
    if path == home:
        return "home-root"
    if path in HARMLESS_DEVICES or path.startswith("/dev/fd/"):
        return "harmless-device"
    if path.startswith("/dev/") or path.startswith("/proc/") or path.startswith("/sys/"):
        return "device"
    if _under(path, home):
        return "home"
    for scratch in SCRATCH:
        if _under(path, scratch):
            return "tmp"
    if _not_on_this_machine(path):
        return "elsewhere"
    return "system"


# Top-level directories an operating system, boot loader or system package manager owns or mounts:
# where one is missing, a write there is still a system write (`/boot` in a container, `/lib64` on arm64).
_SYSTEM_TOP = frozenset(
    {
        "bin", "boot", "dev", "efi", "etc", "home", "lib", "lib32", "lib64", "libx32", "lost+found", "media",
        "mnt", "opt", "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var", "nix", "gnu", "snap",
        "Applications", "Library", "Network", "System", "Users", "Volumes", "cores", "private",
    }
)  # fmt: skip


def _not_on_this_machine(path: str) -> bool:
    """A place that is no directory of this machine and not a system one: `/d/AI/x` (a Windows drive as Git
    Bash spells it) or `/work/x` where this machine has no `/d` or `/work`, and `/home/u/x` or `/Users/u/x`
    where that home does not exist.

    Writing there can only create it, and it is no system file; it is still outside the project (ask).
    A missing top-level directory that a system owns or mounts (`/boot`, `/lib64`, `/nix`) stays `system`.
    """
    parts = path.split("/", 3)  # ["", top, second, rest]
    if len(parts) < 3 or not parts[2]:
        return False
    top = parts[1]
    if top in ("home", "Users"):
        return parts[2] not in (".", "..") and not os.path.lexists(f"/{top}/{parts[2]}")
    return top not in _SYSTEM_TOP and top not in (".", "..") and not os.path.lexists("/" + top)


def target(written: str, cwd: str, home: str, project: str | None) -> Target:
    path, real = canonical(written, cwd, home)
    scope = scope_of(path, home, project)
    real_scope = scope_of(real, home, project)
    # A symlink that leaves the project takes the stricter place of the two.
    if real != path and real_scope != scope and scope in ("project", "tmp"):
        scope = real_scope
    return Target(written, path, real, scope)
