"""Provenance: is this file still the person's?

A file is the person's when its content equals what it was at the HEAD of its
repository that hookward saw at the session's first call. Any change since
then, by whatever route (an edit, `git add`, a commit, a pull, a checkout, a
reset, a clone made in the session), makes it not the person's: only the
commit id recorded at the first call is trusted, and the file on disk is
hashed and compared with the blob that commit holds at its path.

Git's own files are read directly: HEAD, refs, packed-refs, the index, loose
objects (zlib) and pack files (.idx v2 + .pack, OFS and REF deltas). git
itself is never run: `git status` runs a repository's `core.fsmonitor`, and
any git command reads a config an agent can write. Every object read is
checked against its id (the hash of its content), so a planted object file
cannot pass for the recorded commit or its trees. The work is bounded (bytes
read, objects visited, delta depth); anything unexpected answers None, which
callers treat as "not the person's".

Without a session id (the CLI, a host that sends none) there is no baseline:
a file is then the person's only when it equals the blob of the *current*
HEAD and the index holds that same blob for the path (nothing staged on top).
That is weaker (a commit made by the agent counts), and it is the only
reading available without a session; hosts that send a session id get the
baseline.

The baseline store is one small JSON file per session under hookward's state
directory (`sessions/`), which the self-protection floor already guards:
{"v": 1, "repos": {"<work tree>": "<commit id>"}}; an empty map when the
project had no repository (or no commit) at the first call. Written once,
never changed.

Standard library only, imported lazily: it costs nothing until a script or a
runner's definition is actually judged (the per-call cost is one lstat of
the session's baseline file).
"""

from __future__ import annotations

import json
import os
import stat

TYPE_CHECKING = False
if TYPE_CHECKING:
    import mmap
    from collections.abc import Callable

MAX_OBJECT_BYTES = 8 << 20  # a commit, tree or blob larger than this (inflated) is not read
MAX_FILE_BYTES = 8 << 20  # a working file larger than this is not hashed
MAX_OBJECTS = 400  # objects (delta bases included) one question may visit
MAX_DELTA_DEPTH = 64
MAX_INDEX_BYTES = 64 << 20
MAX_PACKS = 64
MAX_UP = 64  # directory levels walked up to find a repository
MAX_SESSIONS_KEPT_DAYS = 30
SESSION_DIR = "sessions"

_TYPES = {1: "commit", 2: "tree", 3: "blob", 4: "tag"}


class _Unknown(Exception):
    """Something hookward does not read or did not expect: the answer is None."""


# ---------------------------------------------------------------- repositories


class Repo:
    __slots__ = ("worktree", "gitdir", "common")

    def __init__(self, worktree: str, gitdir: str, common: str) -> None:
        self.worktree = worktree
        self.gitdir = gitdir
        self.common = common  # objects, refs and packed-refs live here (a linked worktree's main .git)


def _small(path: str, limit: int = 1 << 16) -> bytes:
    from hookward.policy.safeio import read_regular

    return read_regular(path, limit)


def find_repo(start: str) -> Repo | None:
    """The git repository whose work tree holds `start` (a directory), or None."""
    current = start
    for _ in range(MAX_UP):
        dotgit = os.path.join(current, ".git")
        try:
            info = os.lstat(dotgit)
        except OSError:
            info = None
        if info is not None:
            try:
                if stat.S_ISDIR(info.st_mode):
                    gitdir = dotgit
                elif stat.S_ISREG(info.st_mode):
                    text = _small(dotgit, 4096).decode("utf-8", "strict").strip()
                    if not text.startswith("gitdir:"):
                        return None
                    gitdir = os.path.normpath(os.path.join(current, text[7:].strip()))
                else:
                    return None
                common = gitdir
                if os.path.isfile(os.path.join(gitdir, "commondir")):
                    text = _small(os.path.join(gitdir, "commondir"), 4096).decode("utf-8", "strict").strip()
                    common = os.path.normpath(os.path.join(gitdir, text))
            except (OSError, UnicodeDecodeError):
                return None
            return Repo(current, gitdir, common)
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
    return None


def _valid_ref(name: str) -> bool:
    return name.startswith("refs/") and ".." not in name and "\\" not in name and not name.endswith("/")


def read_head(repo: Repo) -> str | None:
    """The commit id HEAD names now (following symbolic refs), or None."""
    try:
        text = _small(os.path.join(repo.gitdir, "HEAD"), 4096).decode("ascii").strip()
        for _ in range(5):
            if not text.startswith("ref:"):
                return text.lower() if _is_hex_id(text) else None
            name = text[4:].strip()
            if not _valid_ref(name):
                return None
            text = ""
            for base in (repo.gitdir, repo.common):
                path = os.path.join(base, name)
                if os.path.isfile(path):
                    text = _small(path, 4096).decode("ascii").strip()
                    break
            if not text:
                text = _packed_ref(repo, name) or ""
                if not text:
                    return None  # an unborn branch: no commit yet
        return None
    except (OSError, UnicodeDecodeError):
        return None


def _packed_ref(repo: Repo, name: str) -> str | None:
    path = os.path.join(repo.common, "packed-refs")
    if not os.path.isfile(path):
        return None
    data = _small(path, 16 << 20).decode("utf-8", "replace")
    for line in data.splitlines():
        if line.startswith(("#", "^")):
            continue
        oid, _, ref = line.partition(" ")
        if ref.strip() == name:
            return oid if _is_hex_id(oid) else None
    return None


def _is_hex_id(text: str) -> bool:
    return len(text) in (40, 64) and all(c in "0123456789abcdefABCDEF" for c in text)


# ---------------------------------------------------------------- objects


def _hasher(hex_len: int) -> Callable[[bytes], object]:
    if hex_len == 40:
        try:
            from _sha1 import sha1  # the builtin: hashlib's OpenSSL import costs milliseconds
        except ImportError:  # pragma: no cover
            from hashlib import sha1
        return sha1
    try:
        from _sha256 import sha256
    except ImportError:  # pragma: no cover
        from hashlib import sha256
    return sha256


class ObjectStore:
    """Loose and packed objects of one repository, each verified against its id."""

    def __init__(self, repo: Repo, hex_len: int) -> None:
        self.objects = os.path.join(repo.common, "objects")
        self.hex_len = hex_len
        self.raw_len = hex_len // 2
        self.hash = _hasher(hex_len)
        self.visited = 0
        self._packs: list[tuple[str, str]] | None = None

    def _count(self) -> None:
        self.visited += 1
        if self.visited > MAX_OBJECTS:
            raise _Unknown("too many objects")

    def read(self, oid: str) -> tuple[str, bytes]:
        """(type, content) of an object, verified; raises _Unknown."""
        kind, data = self._read_unverified(oid, 0)
        header = f"{kind} {len(data)}\0".encode()
        digest = self.hash(header + data).hexdigest()  # type: ignore[attr-defined]
        if digest != oid:
            raise _Unknown("object does not match its id")
        return kind, data

    def _read_unverified(self, oid: str, depth: int) -> tuple[str, bytes]:
        self._count()
        if depth > MAX_DELTA_DEPTH:
            raise _Unknown("delta chain too deep")
        loose = os.path.join(self.objects, oid[:2], oid[2:])
        if os.path.isfile(loose):
            return self._loose(loose)
        for idx, pack in self._pack_list():
            offset = _idx_lookup(idx, bytes.fromhex(oid), self.raw_len)
            if offset is not None:
                return self._packed(pack, offset, depth)
        raise _Unknown("object not found")

    def _loose(self, path: str) -> tuple[str, bytes]:
        import zlib

        raw = _small(path, MAX_OBJECT_BYTES)
        try:
            data = zlib.decompressobj().decompress(raw, MAX_OBJECT_BYTES + 64)
        except zlib.error as error:
            raise _Unknown("corrupt loose object") from error
        head, sep, body = data.partition(b"\0")
        if not sep:
            raise _Unknown("no header")
        kind, _, size = head.decode("ascii", "replace").partition(" ")
        if kind not in ("commit", "tree", "blob", "tag") or not size.isdigit() or int(size) != len(body):
            raise _Unknown("bad loose object header")
        return kind, body

    def _pack_list(self) -> list[tuple[str, str]]:
        if self._packs is None:
            directory = os.path.join(self.objects, "pack")
            try:
                names = sorted(n for n in os.listdir(directory) if n.endswith(".idx"))[:MAX_PACKS]
            except OSError:
                names = []
            self._packs = [
                (os.path.join(directory, n), os.path.join(directory, n[:-4] + ".pack"))
                for n in names
                if os.path.isfile(os.path.join(directory, n[:-4] + ".pack"))
            ]
        return self._packs

    def _packed(self, pack: str, offset: int, depth: int) -> tuple[str, bytes]:
        if depth > MAX_DELTA_DEPTH:
            raise _Unknown("delta chain too deep")
        fd = _open(pack)
        try:
            kind_no, size, data_at, base = _pack_entry(fd, offset, self.raw_len)
            if kind_no in _TYPES:
                return _TYPES[kind_no], _inflate(fd, data_at, size)
            delta = _inflate(fd, data_at, size)
        finally:
            os.close(fd)
        if kind_no == 6:
            assert isinstance(base, int)
            self._count()
            base_kind, base_data = self._packed(pack, base, depth + 1)
        else:
            assert isinstance(base, bytes)
            base_kind, base_data = self._read_unverified(base.hex(), depth + 1)
        return base_kind, _apply_delta(base_data, delta)


def _open(path: str) -> int:
    from hookward.policy.safeio import open_regular

    return open_regular(path)


def _pread(fd: int, length: int, offset: int) -> bytes:
    data = os.pread(fd, length, offset)
    if len(data) != length:
        raise _Unknown("short read")
    return data


def _idx_lookup(idx_path: str, raw: bytes, raw_len: int) -> int | None:
    """The pack offset of an object from a version-2 .idx (binary search, a few small reads)."""
    fd = _open(idx_path)
    try:
        header = _pread(fd, 8 + 256 * 4, 0)
        if header[:4] != b"\377tOc" or int.from_bytes(header[4:8], "big") != 2:
            raise _Unknown("pack index is not version 2")
        fan = header[8:]
        first = raw[0]
        low = int.from_bytes(fan[(first - 1) * 4 : first * 4], "big") if first else 0
        high = int.from_bytes(fan[first * 4 : first * 4 + 4], "big")
        total = int.from_bytes(fan[255 * 4 :], "big")
        if not low <= high <= total or total > 1 << 31:
            raise _Unknown("bad fanout")
        names_at = 8 + 256 * 4
        while low < high:
            mid = (low + high) // 2
            name = _pread(fd, raw_len, names_at + mid * raw_len)
            if name == raw:
                offsets_at = names_at + total * raw_len + total * 4
                value = int.from_bytes(_pread(fd, 4, offsets_at + mid * 4), "big")
                if value & 0x80000000:
                    large_at = offsets_at + total * 4
                    value = int.from_bytes(_pread(fd, 8, large_at + (value & 0x7FFFFFFF) * 8), "big")
                return value
            if name < raw:
                low = mid + 1
            else:
                high = mid
        return None
    finally:
        os.close(fd)


def _pack_entry(fd: int, offset: int, raw_len: int) -> tuple[int, int, int, int | bytes | None]:
    """(type number, inflated size, where the zlib data starts, delta base: offset or id or None)."""
    head = os.pread(fd, 32 + raw_len, offset)
    if not head:
        raise _Unknown("offset past the pack")
    byte = head[0]
    kind = (byte >> 4) & 7
    size = byte & 15
    shift, i = 4, 1
    while byte & 0x80:
        if i >= len(head) or shift > 60:
            raise _Unknown("bad pack entry size")
        byte = head[i]
        size |= (byte & 0x7F) << shift
        shift += 7
        i += 1
    if size > MAX_OBJECT_BYTES:
        raise _Unknown("object too large")
    if kind == 6:
        byte = head[i]
        i += 1
        back = byte & 0x7F
        while byte & 0x80:
            if i >= len(head):
                raise _Unknown("bad offset delta")
            byte = head[i]
            i += 1
            back = ((back + 1) << 7) | (byte & 0x7F)
        if back <= 0 or back > offset:
            raise _Unknown("bad offset delta")
        return kind, size, offset + i, offset - back
    if kind == 7:
        base = head[i : i + raw_len]
        if len(base) != raw_len:
            raise _Unknown("short ref delta")
        return kind, size, offset + i + raw_len, base
    if kind not in _TYPES:
        raise _Unknown("unknown pack entry type")
    return kind, size, offset + i, None


def _inflate(fd: int, at: int, size: int) -> bytes:
    import zlib

    inflater = zlib.decompressobj()
    out: list[bytes] = []
    total = 0
    position = at
    read = 0
    while not inflater.eof:
        chunk = os.pread(fd, 65536, position)
        if not chunk:
            raise _Unknown("truncated pack data")
        position += len(chunk)
        read += len(chunk)
        if read > MAX_OBJECT_BYTES * 2:
            raise _Unknown("pack data too long")
        try:
            piece = inflater.decompress(chunk, size + 1 - total)
        except zlib.error as error:
            raise _Unknown("corrupt pack data") from error
        out.append(piece)
        total += len(piece)
        if total > size:
            raise _Unknown("pack entry larger than it says")
        while inflater.unconsumed_tail and not inflater.eof:
            try:
                piece = inflater.decompress(inflater.unconsumed_tail, size + 1 - total)
            except zlib.error as error:
                raise _Unknown("corrupt pack data") from error
            if not piece:
                raise _Unknown("pack entry larger than it says")
            out.append(piece)
            total += len(piece)
            if total > size:
                raise _Unknown("pack entry larger than it says")
    data = b"".join(out)
    if len(data) != size:
        raise _Unknown("pack entry size mismatch")
    return data


def _varint(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data) or shift > 60:
            raise _Unknown("bad delta header")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def _apply_delta(base: bytes, delta: bytes) -> bytes:
    source_size, i = _varint(delta, 0)
    target_size, i = _varint(delta, i)
    if source_size != len(base) or target_size > MAX_OBJECT_BYTES:
        raise _Unknown("delta does not fit its base")
    out = bytearray()
    n = len(delta)
    while i < n:
        op = delta[i]
        i += 1
        if op & 0x80:
            offset = size = 0
            for bit in range(4):
                if op & (1 << bit):
                    offset |= delta[i] << (8 * bit)
                    i += 1
            for bit in range(3):
                if op & (0x10 << bit):
                    size |= delta[i] << (8 * bit)
                    i += 1
            size = size or 0x10000
            if offset + size > len(base):
                raise _Unknown("delta copies past its base")
            out += base[offset : offset + size]
        elif op:
            if i + op > n:
                raise _Unknown("delta insert past its end")
            out += delta[i : i + op]
            i += op
        else:
            raise _Unknown("delta opcode 0")
        if len(out) > target_size:
            raise _Unknown("delta larger than it says")
    if len(out) != target_size:
        raise _Unknown("delta size mismatch")
    return bytes(out)


def blob_at(store: ObjectStore, commit: str, relative: str) -> str | None:
    """The blob id of a regular file at `relative` in a commit's tree; None when absent or not a file."""
    kind, data = store.read(commit)
    if kind != "commit" or not data.startswith(b"tree "):
        raise _Unknown("not a commit")
    tree = data[5 : 5 + store.hex_len].decode("ascii")
    parts = relative.split("/")
    for n, name in enumerate(parts):
        kind, data = store.read(tree)
        if kind != "tree":
            raise _Unknown("not a tree")
        entry = _tree_entry(data, name.encode("utf-8", "surrogateescape"), store.raw_len)
        if entry is None:
            return None
        mode, oid = entry
        last = n == len(parts) - 1
        if last:
            return oid if mode in (b"100644", b"100755") else None
        if mode != b"40000":
            return None
        tree = oid
    return None


def _tree_entry(data: bytes, name: bytes, raw_len: int) -> tuple[bytes, str] | None:
    i, n = 0, len(data)
    while i < n:
        space = data.find(b" ", i)
        nul = data.find(b"\0", space + 1)
        if space < 0 or nul < 0 or nul + 1 + raw_len > n:
            raise _Unknown("bad tree")
        if data[space + 1 : nul] == name:
            return data[i:space], data[nul + 1 : nul + 1 + raw_len].hex()
        i = nul + 1 + raw_len
    return None


def _file_content(path: str) -> bytes:
    from hookward.policy.safeio import read_regular

    return read_regular(path, MAX_FILE_BYTES)


def _blob_id(content: bytes, hex_len: int) -> str:
    digest = _hasher(hex_len)(f"blob {len(content)}\0".encode() + content)
    return digest.hexdigest()  # type: ignore[attr-defined,no-any-return]


def index_blob(repo: Repo, relative: str, raw_len: int) -> str | None:
    """The stage-0 blob id the index (v2/v3) holds for a path; None when absent, v4, or unclear."""
    import mmap

    from hookward.policy.safeio import check_regular, open_regular

    path = os.path.join(repo.gitdir, "index")
    fd = open_regular(path)
    try:
        if check_regular(fd, path, MAX_INDEX_BYTES).st_size < 12:
            return None
        data = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)  # searched in place: no copy of a large index
    finally:
        os.close(fd)
    try:
        return _index_lookup(data, relative, raw_len)
    finally:
        data.close()


def _index_lookup(data: mmap.mmap, relative: str, raw_len: int) -> str | None:
    if data[:4] != b"DIRC" or int.from_bytes(data[4:8], "big") not in (2, 3):
        return None
    name = relative.encode("utf-8", "surrogateescape") + b"\0"
    start = 12
    found: str | None = None
    while True:
        pos = data.find(name, start)
        if pos < 0:
            return found
        start = pos + 1
        for extended in (False, True):
            flags_at = pos - (4 if extended else 2)
            entry_at = flags_at - 40 - raw_len
            if entry_at < 12:
                continue
            flags = int.from_bytes(data[flags_at : flags_at + 2], "big")
            if bool(flags & 0x4000) != extended or (flags & 0xFFF) != min(len(name) - 1, 0xFFF):
                continue
            if (flags >> 12) & 3:
                return None  # a merge conflict: not clean
            candidate = data[entry_at + 40 : entry_at + 40 + raw_len].hex()
            if found is not None and found != candidate:
                return None
            found = candidate


def index_tracks_under(repo: Repo, relative: str, raw_len: int) -> bool | None:
    """Whether the index (v2/v3) holds a path under the directory `relative` (of the work tree); None when the
    index cannot say (missing, v4, too large, not an index)."""
    import mmap

    from hookward.policy.safeio import check_regular, open_regular

    path = os.path.join(repo.gitdir, "index")
    try:
        fd = open_regular(path)
    except FileNotFoundError:
        return False  # no index: nothing was ever added
    except OSError:
        return None
    try:
        if check_regular(fd, path, MAX_INDEX_BYTES).st_size < 12:
            return False
        data = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        if data[:4] != b"DIRC" or int.from_bytes(data[4:8], "big") not in (2, 3):
            return None
        prefix = relative.rstrip("/").encode("utf-8", "surrogateescape") + b"/"
        start = 12
        while True:
            pos = data.find(prefix, start)
            if pos < 0:
                return False
            start = pos + 1
            end = data.find(b"\0", pos)
            if end < 0:
                return None
            length = min(end - pos, 0xFFF)
            for extended in (False, True):
                flags_at = pos - (4 if extended else 2)
                if flags_at - 40 - raw_len < 12:
                    continue
                flags = int.from_bytes(data[flags_at : flags_at + 2], "big")
                if bool(flags & 0x4000) == extended and (flags & 0xFFF) == length:
                    return True  # the name of an entry starts here: a tracked file under the directory
    finally:
        data.close()


# ---------------------------------------------------------------- the session's baseline


def _state_dir() -> str:
    from hookward.verdicts.ledger import state_dir

    return state_dir()


def baseline_path(session_id: str, directory: str | None = None) -> str:
    from hookward.verdicts.ledger import sha256

    name = sha256(session_id.encode("utf-8", "surrogateescape")).hexdigest()[:40]
    return os.path.join(directory or _state_dir(), SESSION_DIR, name + ".json")


def note_session(session_id: str, project: str | None, directory: str | None = None) -> None:
    """On every call: the first call of a session records the HEAD of the project's repository. Never raises."""
    if not session_id:
        return
    try:
        path = baseline_path(session_id, directory)
        if os.path.lexists(path):
            return
        repos: dict[str, str] = {}
        repo = find_repo(os.path.realpath(project)) if project else None
        if repo is not None:
            # "" when the branch had no commit yet: the repository was there, nothing in it is the person's.
            repos[os.path.realpath(repo.worktree)] = read_head(repo) or ""
        folder = os.path.dirname(path)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(fd, json.dumps({"v": 1, "repos": repos}, sort_keys=True).encode())
        finally:
            os.close(fd)
        try:
            os.link(temporary, path)  # never replaces a baseline another hook of the session wrote first
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
        _prune(folder)
    except Exception:  # a baseline that cannot be written leaves nothing the person's: safe
        return


def _prune(folder: str) -> None:
    import time

    cutoff = time.time() - MAX_SESSIONS_KEPT_DAYS * 86400
    try:
        names = os.listdir(folder)[:10_000]
    except OSError:
        return
    for name in names:
        path = os.path.join(folder, name)
        try:
            if os.lstat(path).st_mtime < cutoff:
                os.unlink(path)
        except OSError:
            continue


def baseline(session_id: str, directory: str | None = None) -> dict[str, str] | None:
    """{work tree: commit id} recorded at the session's first call, or None when there is none."""
    if not session_id:
        return None
    try:
        data = json.loads(_small(baseline_path(session_id, directory), 1 << 20))
    except (OSError, ValueError):
        return None
    repos = data.get("repos") if isinstance(data, dict) and data.get("v") == 1 else None
    if not isinstance(repos, dict):
        return None
    return {k: v for k, v in repos.items() if isinstance(k, str) and isinstance(v, str) and (not v or _is_hex_id(v))}


# ---------------------------------------------------------------- the project root

# Never a project: the tree of the operating system, whatever repository someone made in it.
SYSTEM_TREES = (
    "/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/boot", "/dev", "/proc", "/sys",
    "/run", "/snap", "/nix/store", "/var/lib", "/var/log", "/var/cache", "/var/spool", "/var/mail", "/var/db",
    "/System", "/Library", "/private/etc", "/private/var/db", "/Applications",
)  # fmt: skip
# Never a project themselves (a project may sit below them).
SYSTEM_DIRS = frozenset(
    {"/", "/home", "/Users", "/opt", "/srv", "/var", "/tmp", "/var/tmp", "/mnt", "/media", "/private",
     "/private/var", "/private/tmp", "/Volumes", "/root", "/dev/shm"}
)  # fmt: skip


_SYSTEM_TREE_SET = frozenset(SYSTEM_TREES)


def _in_system_tree(path: str) -> bool:
    """`path` is one of SYSTEM_TREES or under one: the path and each directory above it looked up, not every
    tree tested (this runs for every tool call)."""
    while path:
        if path in _SYSTEM_TREE_SET:
            return True
        cut = path.rfind("/")
        if cut <= 0:
            return False
        path = path[:cut]
    return False


def project_root(candidate: str, home: str, session_id: str = "", directory: str | None = None) -> str | None:
    """The candidate as the project root, or None: never a system directory, never the home directory or
    above, never a repository that was not there at the session's first call (`git init ~`)."""
    path = os.path.normpath(candidate)
    if path in SYSTEM_DIRS or _in_system_tree(path):
        return None
    home = os.path.normpath(home)
    if path == home or home.startswith(path.rstrip("/") + "/"):
        return None
    if session_id:
        recorded = baseline(session_id, directory)
        if recorded is not None:
            repo = find_repo(os.path.realpath(path))
            if repo is not None and os.path.realpath(repo.worktree) not in recorded:
                return None  # a repository created (or entered) after the session began
    return path


# ---------------------------------------------------------------- the question

NOT_IN_GIT = "it is not in a git repository, so where it came from is not known"
NO_COMMIT = "its repository had no commit when the session began"
# Reasons that say there is no history to compare with at all (not that something changed): a runner
# whose definition has no history keeps the old reading (the project's runner is accepted), a script asks.
NO_HISTORY = frozenset({NOT_IN_GIT, NO_COMMIT})


def judge(path: str, project: str | None, session_id: str, directory: str | None = None) -> tuple[bool | None, str]:
    """(True, why) when the file is the person's; (False, why) when it changed or is new; (None, why) unknown.

    Only True means the person's: callers treat False and None alike.
    """
    verdict, why, _content = judge_content(path, project, session_id, directory)
    return verdict, why


def judge_content(
    path: str, project: str | None, session_id: str, directory: str | None = None
) -> tuple[bool | None, str, bytes | None]:
    """judge(), and the bytes that were hashed when the file is the person's (so they are read once)."""
    if not project:
        return None, "there is no project to compare it with", None
    real = os.path.realpath(path)
    root = os.path.realpath(project)
    if not real.startswith(root.rstrip("/") + "/"):
        return None, "it is outside the project", None
    try:
        info = os.stat(real)
        if not stat.S_ISREG(info.st_mode):
            return None, "it is not a regular file", None
        repo = find_repo(os.path.dirname(real))
        if repo is None:
            return None, NOT_IN_GIT, None
        worktree = os.path.realpath(repo.worktree)
        relative = os.path.relpath(real, worktree)
        if relative.startswith("..") or "/.git/" in "/" + relative + "/":
            return None, "it is not in its repository's work tree", None
        if session_id:
            recorded = baseline(session_id, directory)
            if recorded is None:
                return None, "no baseline was recorded at the session's first call", None
            commit = recorded.get(worktree)
            if commit is None:
                return None, "its repository was not there when the session began", None
            if not commit:
                return None, NO_COMMIT, None
        else:
            commit = read_head(repo)
            if commit is None:
                return None, NO_COMMIT, None
        store = ObjectStore(repo, len(commit))
        expected = blob_at(store, commit, relative)
        if expected is None:
            when = "when the session began" if session_id else "at HEAD"
            return False, f"it was not in the repository {when}", None
        if not session_id and index_blob(repo, relative, store.raw_len) != expected:
            return False, "it is staged with changes, or not in the index", None
        content = _file_content(real)
        if _blob_id(content, len(commit)) != expected:
            since = "since the session began" if session_id else "since the last commit"
            return False, f"it changed {since}", None
        return True, "unchanged since the session began" if session_id else "unchanged since the last commit", content
    except (_Unknown, OSError, ValueError, IndexError, UnicodeDecodeError):
        return None, "hookward could not read where it came from in git's files", None


def persons(path: str, project: str | None, session_id: str) -> bool | None:
    """Is this file the person's (unchanged since the HEAD seen at the session's first call)? None: unknown."""
    return judge(path, project, session_id)[0]
