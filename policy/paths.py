"""Canonicalize and classify the paths a tool call touches."""

from __future__ import annotations

import os
import stat

from hookward.policy.knowledge.paths import HARMLESS_DEVICES, SCRATCH


def home_dir() -> str:
    home = os.environ.get("HOME")  # what expanduser("~") returns when HOME is set, read once
    if home is None:
        return os.path.expanduser("~").rstrip("/") or "/"
    return home.rstrip("/") or "/"


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
    resolved = _kernel_resolve(path)
    if resolved is not None and not case_insensitive(path, resolved[0]):
        return path, resolved[1]
    folds = case_insensitive(path)
    if folds:
        path = true_case(path)
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        real = path
    if folds and real != path:
        real = true_case(real)
    return path, real


# --- the kernel's resolution ----------------------------------------------------------------------
#
# os.path.realpath walks a path in Python, one lstat per component; on Linux the kernel resolves the part that
# exists in one open (O_PATH: no read, no side effect, a FIFO or device is not opened) and names it in
# /proc/self/fd. The result is realpath's exactly, or the slow path is taken: the part that does not exist is
# appended as written only when its first component is absent outright (not a dangling symlink, not unreadable),
# which is what realpath does with it too; any other failure falls back to realpath.

_O_PATH = getattr(os, "O_PATH", 0)
_KERNEL = {"checked": False, "works": False}
MAX_MISSING = 64  # components looked for above a missing path before the slow path takes over


def _kernel_resolve(path: str) -> tuple[str, str] | None:
    """(the nearest existing directory at or above `path`, as _existing_dir names it; realpath(path)), or None."""
    if not _KERNEL["works"]:
        if _KERNEL["checked"]:
            return None
        _KERNEL["checked"] = True
        _KERNEL["works"] = bool(_O_PATH) and os.path.isdir("/proc/self/fd") and _resolve("/") == ("/", "/")
        if not _KERNEL["works"]:
            return None
    return _resolve(path)


def _resolve(path: str) -> tuple[str, str] | None:
    if not path.startswith("/") or "\x00" in path:
        return None
    missing: list[str] = []
    existing, real, mode = path, "", 0
    while True:
        try:
            fd = os.open(existing, _O_PATH | os.O_CLOEXEC)
        except FileNotFoundError:
            if existing == "/" or len(missing) >= MAX_MISSING:
                return None
            existing, name = existing.rsplit("/", 1)
            existing = existing or "/"
            missing.append(name)
            continue
        except (OSError, ValueError):
            return None  # not a directory, no permission, a loop, too long: realpath decides
        try:
            mode = os.fstat(fd).st_mode
            real = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return None
        finally:
            os.close(fd)
        break
    if not real.startswith("/") or real.endswith(" (deleted)"):
        return None
    if missing:
        first = existing.rstrip("/") + "/" + missing[-1]
        try:
            os.lstat(first)
            return None  # there after all (a dangling symlink, a race): realpath decides
        except FileNotFoundError:
            pass
        except (OSError, ValueError):
            return None
        if not stat.S_ISDIR(mode):
            return None  # a file with a path below it: realpath decides
        real = real.rstrip("/") + "/" + "/".join(reversed(missing))
        return existing, real
    return (existing if stat.S_ISDIR(mode) else os.path.dirname(existing) or "/"), real


# --- case-insensitive volumes ------------------------------------------------------------------
#
# On a volume that folds case (macOS APFS and HFS+ by default, NTFS, FAT, ext4 directories with +F),
# `/Users/bob/.AWS/credentials` and `/users/bob/.aws/credentials` are one file, and names are also
# compared Unicode-normalized (APFS). The protection tables already match case-insensitively, but
# the home and project directories are compared as text: so on such a volume a path is first spelled
# the way the directory entries that exist are spelled (its "true case"), component by component.

# directory -> does it fold case (per directory: ext4 folds per directory with +F; APFS per volume)
_FOLDING: dict[str, bool] = {}
MAX_TRUE_CASE_ENTRIES = 20_000  # directory entries read to spell one path; past it, the rest stays as written


def _fold(name: str) -> str:
    import unicodedata  # only on a volume that folds case

    return unicodedata.normalize("NFC", name).casefold()


def _existing_dir(path: str) -> str:
    """The nearest existing directory at or above `path`. One stat per step; an existing file's directory is
    its parent, which the path resolved through (not stat'ed again)."""
    directory = path
    while directory != "/":
        try:
            mode = os.stat(directory).st_mode
        except (OSError, ValueError):
            directory = os.path.dirname(directory) or "/"
            continue
        if stat.S_ISDIR(mode):
            return directory
        return os.path.dirname(directory) or "/"
    return directory


def case_insensitive(path: str, directory: str | None = None) -> bool:
    """Does the volume holding `path` (its nearest existing directory) treat names differing in case as one?

    Probed once per directory and process: an entry of that directory (or the directory in its parent, on the same device)
    is looked up with its case swapped; the same inode means the volume folds case. `directory`: that nearest
    existing directory, when the caller already knows it.
    """
    if directory is None:
        directory = _existing_dir(path)
    found = _FOLDING.get(directory)
    if found is None:
        try:
            device = os.stat(directory).st_dev
        except OSError:
            return False
        if len(_FOLDING) > 4096:
            _FOLDING.clear()
        found = _FOLDING[directory] = _probe_folding(directory, device)
    return found


def _probe_folding(directory: str, device: int) -> bool:
    candidates: list[tuple[str, str]] = []
    try:
        with os.scandir(directory) as entries:
            for n, entry in enumerate(entries):
                if n >= 64:
                    break
                candidates.append((directory, entry.name))
    except OSError:
        pass
    parent = os.path.dirname(directory)
    if parent != directory:
        candidates.append((parent, os.path.basename(directory)))
    for where, name in candidates:
        swapped = name.swapcase()
        if swapped == name:
            continue
        try:
            mine = os.lstat(os.path.join(where, name))
            if mine.st_dev != device and where == parent:
                continue  # the directory is a mount point: its name lives on another volume
            other = os.lstat(os.path.join(where, swapped))
        except FileNotFoundError:
            return False
        except OSError:
            continue
        return (other.st_dev, other.st_ino) == (mine.st_dev, mine.st_ino)
    return False


def true_case(path: str) -> str:
    """`path` spelled as the existing directory entries are (case-folded, NFC-normalized comparison);
    the part that does not exist yet keeps its spelling, NFC-normalized."""
    parts = [p for p in path.split("/") if p]
    out = "/"
    budget = MAX_TRUE_CASE_ENTRIES
    for index, part in enumerate(parts):
        wanted = _fold(part)
        match = None
        try:
            with os.scandir(out) as entries:
                for entry in entries:
                    budget -= 1
                    if budget < 0:
                        break
                    if entry.name == part:
                        match = part
                        break
                    if match is None and _fold(entry.name) == wanted:
                        match = entry.name
        except OSError:
            match = None
        if match is None:
            import unicodedata

            rest = [unicodedata.normalize("NFC", p) for p in parts[index:]]
            return os.path.join(out, *rest)
        out = os.path.join(out, match)
    return out


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
