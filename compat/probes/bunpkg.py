"""Hosts that install with bun, not npm: OMP (@oh-my-pi/pi-coding-agent) declares `engines: {bun}` only.

The host goes into the probe cache like every npm-installed host
(compat/probes/cache/<host>/<version>/), installed by `bun install` run by a
bun that itself came from the npm registry (toolchain.bun). A committed
lockfile (compat/probes/locks/<host>/<version>/bun.lock with its package.json)
pins every transitive package, so a re-probe runs the very tree the records
were made with; `--frozen-lockfile` refuses to drift from it. Without a
committed lock, `bun add --exact` resolves afresh (and the lock it writes can
be committed).

bun's own download cache goes under the probe cache, never the user's HOME.
The registry is the npm registry, reached through bun as an ordinary client.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

from hookward.compat.probes import toolchain

LOCKS = Path(__file__).resolve().parent / "locks"
BUN_VERSION = "1.4.5"  # >= 1.3.14, what @oh-my-pi/pi-coding-agent 18.x asks for
INSTALL_TIMEOUT_S = toolchain.INSTALL_TIMEOUT_S


def lock_dir(name: str, version: str, locks: Path = LOCKS) -> Path:
    return locks / name / version


def bun_install(
    package: str,
    version: str,
    binary: str,
    name: str,
    cache: Path = toolchain.CACHE,
    locks: Path = LOCKS,
    bun_version: str = BUN_VERSION,
    run: toolchain.Runner = subprocess.run,
) -> Path:
    """`binary` (relative to the prefix) of package@version, bun-installed into the probe cache if not there yet."""
    prefix = toolchain.npm_prefix(name, version, cache)
    target = prefix / binary
    if target.exists():
        return target
    bun = toolchain.bun(bun_version, cache)
    prefix.mkdir(parents=True, exist_ok=True)
    locked = lock_dir(name, version, locks)
    env = dict(os.environ, BUN_INSTALL_CACHE_DIR=str(cache / "bun-install-cache"), DO_NOT_TRACK="1")
    if (locked / "bun.lock").exists() and (locked / "package.json").exists():
        shutil.copyfile(locked / "package.json", prefix / "package.json")
        shutil.copyfile(locked / "bun.lock", prefix / "bun.lock")
        command = [str(bun), "install", "--frozen-lockfile"]
    else:
        (prefix / "package.json").write_text(json.dumps({"name": f"probe-{name}", "private": True}) + "\n")
        command = [str(bun), "add", "--exact", f"{package}@{version}"]
    run(
        command,
        cwd=prefix,
        env=env,
        check=True,
        timeout=INSTALL_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    if not target.exists():
        raise toolchain.ToolchainError(f"{package}@{version} installed with bun but {target} is missing")
    return target
