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
        self.scope = scope  # project, home, tmp, device, system, root, home-root, project-root


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
    return "system"


def target(written: str, cwd: str, home: str, project: str | None) -> Target:
    path, real = canonical(written, cwd, home)
    scope = scope_of(path, home, project)
    real_scope = scope_of(real, home, project)
    # A symlink that leaves the project takes the stricter place of the two.
    if real != path and real_scope != scope and scope in ("project", "tmp"):
        scope = real_scope
    return Target(written, path, real, scope)
