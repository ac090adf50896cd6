"""The managed layer: an administrator's policy, between the built-in one and the user's.

Sources, weakest first: built-in, managed, user, project. The managed file
(MANAGED_POLICY, /etc/hookward/policy.toml) is read only when it and every
directory above it are owned by root (OWNER_UID) and writable by nobody else
(a sticky directory such as /tmp aside): a file a user could edit is no
administrator's policy. One that fails the check is refused and the policy
does not load (the hook fails closed, saying why); it is never skipped, which
would silently drop the administrator's rules.

What the managed layer means (policy/loader.py `_assemble`, policy/engine.py):

- its rules override the built-in ones, and are also a minimum for every later
  layer: a user or trusted-project rule may tighten what a managed rule
  decided, never loosen it (`managed.<id>` stays in force);
- settings it sets may only be tightened by later layers (unknown_command,
  unknown_mcp, trusted_grade, a shorter grant expiry); the rest it fixes;
- `[managed]` says what users may do; the compiled policy exposes it as
  `policy.settings["managed"]` (MANAGED_DEFAULTS when there is no managed file):

      allow_shadow       bool: may the user's policy turn shadow mode on
                         (when false, `shadow` is forced off)
      allow_grants       "none" | "once" | "any": may a person grant a refused
                         call never, only once, or in any scope (read by the
                         grant commands; see `grants_allowed`)
      loosenable_floors  list of floor ids a user rule may loosen, or None for
                         every floor that can be loosened; a user rule's
                         `loosens` outside it is dropped (the floor stands)

The location is a constant, not an environment variable: a variable an agent can
set in its own environment must not move the administrator's policy. Tests
monkeypatch MANAGED_POLICY and OWNER_UID.
"""

from __future__ import annotations

import os
import stat

MANAGED_DIR = "/etc/hookward"
MANAGED_POLICY = os.path.join(MANAGED_DIR, "policy.toml")
# The launcher the hooks of `hookward install HOST --managed` call: a system location, like the managed files.
SYSTEM_DATA_DIR = "/usr/local/lib/hookward"
SYSTEM_LAUNCHER = os.path.join(SYSTEM_DATA_DIR, "bin", "hookward")
OWNER_UID = 0

MANAGED_DEFAULTS: dict = {"allow_shadow": True, "allow_grants": "any", "loosenable_floors": None}
GRANT_LEVELS = ("none", "once", "any")


def managed_policy_path() -> str:
    return MANAGED_POLICY


def ownership_problem(path: str) -> str | None:
    """Why `path` cannot be an administrator's file, or None: it and every directory above it must be
    owned by root and writable by no group or other user (a sticky directory excepted)."""
    try:
        info = os.lstat(path)
    except OSError as error:
        return f"cannot be examined ({error.strerror})"
    if stat.S_ISLNK(info.st_mode):
        real = os.path.realpath(path)
        problem = _owned(os.lstat(path), path, False) or ownership_problem(real)
        return problem
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    problem = _owned(info, path, False)
    if problem:
        return problem
    directory = os.path.dirname(os.path.abspath(path))
    while True:
        try:
            info = os.stat(directory)
        except OSError as error:
            return f"its directory {directory} cannot be examined ({error.strerror})"
        problem = _owned(info, directory, True)
        if problem:
            return problem
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _owned(info: os.stat_result, path: str, is_dir: bool) -> str | None:
    owners = (0, OWNER_UID) if is_dir else (OWNER_UID,)
    if info.st_uid not in owners:
        return f"{path} is owned by uid {info.st_uid}, not root: a user could change it"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not (is_dir and info.st_mode & stat.S_ISVTX):
        return f"{path} is writable by its group or by others (mode {stat.S_IMODE(info.st_mode):o})"
    return None


def read_managed(path: str | None = None) -> bytes | None:
    """The managed policy's bytes, None when there is none; PolicyError when it is there but not safe."""
    path = path or managed_policy_path()
    if not os.path.lexists(path):
        return None  # the usual case: nothing more imported (pydantic is ~0.25 s)
    from hookward.policy.safeio import read_regular
    from hookward.policy.schema import PolicyError

    problem = ownership_problem(path)
    if problem:
        raise PolicyError(
            f"{path}: the managed policy is refused, so no policy loads and hookward refuses every call: {problem}. "
            f"An administrator fixes it with: chown root:root {path} && chmod 644 {path}"
        )
    try:
        return read_regular(path)
    except (OSError, ValueError) as error:
        raise PolicyError(f"{path}: the managed policy cannot be read: {error}") from None


def grants_allowed(settings: dict, scope: str) -> bool:
    """May a person give a grant of this scope ("once", "session", "project", ...) under the managed policy?"""
    level = (settings.get("managed") or MANAGED_DEFAULTS).get("allow_grants", "any")
    if level == "none":
        return False
    if level == "once":
        return scope == "once"
    return True
