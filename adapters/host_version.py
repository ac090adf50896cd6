"""Which release of a host is installed on this machine, read off its files (never by running it).

The registry says where to look (`package`: the npm package, `binaries`: the
command names on PATH). A command found on PATH is followed through its
symlinks to the real file; the release is then the `version` of the host's
package.json above it (an npm install, including a platform package such as
`@anthropic-ai/claude-code-linux-x64`), or a path component that is a version
(a versioned install folder, e.g. `~/.local/share/claude/versions/2.1.332`).
"""

from __future__ import annotations

import json
import os
import re
import shutil

from hookward.compat import registry

VERSION = re.compile(r"^v?(\d+\.\d+(?:\.\d+)*)$")
MAX_PACKAGE_JSON = 1 << 20


def installed_version(host: str, path_env: str | None = None) -> tuple[str, str] | None:
    """(version, the real file it was read off) for the first of the host's commands on PATH, else None."""
    try:
        data = registry.load_host(host)
    except registry.UnknownHost:
        return None
    for name in data.get("binaries") or []:
        found = shutil.which(name, path=path_env)
        if not found:
            continue
        real = os.path.realpath(found)
        version = version_near(real, data.get("package"))
        if version:
            return version, real
    return None


def version_near(path: str, package: str | None) -> str | None:
    directory = os.path.dirname(path)
    if package:
        for _ in range(6):
            candidate = os.path.join(directory, "package.json")
            version = _package_version(candidate, package)
            if version:
                return version
            parent = os.path.dirname(directory)
            if parent == directory:
                break
            directory = parent
    for part in reversed(path.split(os.sep)):
        match = VERSION.match(part)
        if match:
            return match.group(1)
    return None


def _package_version(path: str, package: str) -> str | None:
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > MAX_PACKAGE_JSON:
            return None
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    name, version = data.get("name"), data.get("version")
    if not isinstance(name, str) or not isinstance(version, str):
        return None
    # the package itself, or one of its platform packages (@scope/name-linux-x64)
    if name == package or name.startswith(package + "-"):
        return version if VERSION.match(version) else None
    return None
