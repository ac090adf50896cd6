"""The ledger's spool: records the database could not take now, kept until a merger takes them.

verdicts/ledger.py writes a record here when the database is locked, corrupt,
full or of a newer schema, and every routine record (deferred: a decision that
opens no grant, a post event, so that a routine hook call needs no SQLite), and
merges what is here (under the database's write lock) on its next write or
read. Nothing told "spooled" may be lost, so:

- **One shared file, written only under its lock.** `spool.records` is appended
  by a writer that holds its flock and has checked that the path still names the
  file it opened; a merger renames it aside (to `spool-claimed-*.records`) under
  the same flock, so no write can land in a file a merger is taking.
- **Else a file of the writer's own.** A writer that does not get the flock
  within LOCK_SECONDS never writes to the shared file: it creates
  `spool-w-<ns>-<pid>-<random>.tmp` (O_CREAT|O_EXCL, never followed), writes,
  fsyncs and closes it, and only then renames it `.ready`. Mergers take only
  `.ready` files, so none can unlink a file still being written; a `.tmp` is
  removed only when it is older than STALE_SECONDS (its writer died before it
  said anything).
- **Every write checked.** A short or failed `os.write` is a failure: the shared
  file is cut back to its size before the write (no torn frame is left for the
  next writer's record to run into), a writer's own file is removed, and the
  caller reports the record lost, never "spooled".
- **Framed records.** Each record is `\\x1e<length> <checksum> <json>\\n`; JSON
  never holds a raw \\x1e, so a torn frame (a crash mid-write) fails its length or
  checksum and is skipped, and the frame after it still reads. Lines written by
  older hookwards (plain JSON lines, `spool.jsonl`) are still merged.
- **Nothing unreadable is dropped.** What a merger cannot read as a record is
  written to a `quarantine-spool-*.bad` file (`quarantine`) before the file it
  came from is removed; if that fails, the file stays where it is.

Standard library only: imported by a hook process only when it spools or merges.
"""

from __future__ import annotations

import json
import os
import time

from hookward.policy.safeio import open_regular, read_regular

try:  # the builtin module: hashlib's OpenSSL import costs ~2 ms
    from _sha256 import sha256
except ImportError:  # pragma: no cover
    from hashlib import sha256

SHARED_NAME = "spool.records"
CLAIM_PREFIX = "spool-claimed-"  # the shared file renamed aside by a merger
OWN_PREFIX = "spool-w-"  # a writer's own file: .tmp while written, .ready once closed
READY = ".ready"
TMP = ".tmp"
LEGACY_SHARED = "spool.jsonl"  # older hookwards: plain JSON lines
LEGACY_SUFFIX = ".jsonl"

LOCK_SECONDS = 0.05
MAX_BYTES = 64 << 20  # a ledger broken for weeks must not fill the disk through its spool
STALE_SECONDS = 3600
SEPARATOR = b"\x1e"
CHECK_CHARS = 16
QUARANTINE_PREFIX = "quarantine-spool-"  # bytes a merger could not read, kept for a person (never merged)
QUARANTINE_SUFFIX = ".bad"

write_fd = os.write  # the one place records reach a descriptor (tests fake a short write here)


class SpoolError(OSError):
    """A record could not be spooled; it is lost (the caller says so)."""


def frame(record: dict) -> bytes:
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    return SEPARATOR + f"{len(body)} {sha256(body).hexdigest()[:CHECK_CHARS]} ".encode() + body + b"\n"


def parse(data: bytes) -> tuple[list[dict], int]:
    """The records in a spool file's bytes, and how many frames (or legacy lines) were torn or foreign."""
    records, bad = parse_kept(data)
    return records, len(bad)


def parse_kept(data: bytes) -> tuple[list[dict], list[bytes]]:
    """The records in a spool file's bytes, and the bytes of every frame (or legacy line) that is not one.

    The bad bytes are returned, never dropped: a merger keeps them in a quarantine file (`quarantine`).
    """
    chunks = data.split(SEPARATOR)
    records: list[dict] = []
    bad: list[bytes] = []
    for line in chunks[0].splitlines():  # before the first frame: legacy JSON lines, if any
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            bad.append(line)
            continue
        if isinstance(record, dict):
            records.append(record)
        else:
            bad.append(line)
    for chunk in chunks[1:]:
        record = _unframe(chunk)
        if record is None:
            bad.append(SEPARATOR + chunk)
        else:
            records.append(record)
    return records, bad


def _unframe(chunk: bytes) -> dict | None:
    try:
        length_text, check, rest = chunk.split(b" ", 2)
        length = int(length_text)
    except ValueError:
        return None
    body = rest[:length]
    if len(body) != length or rest[length:] != b"\n":
        return None
    if sha256(body).hexdigest()[:CHECK_CHARS].encode() != check:
        return None
    try:
        record = json.loads(body.decode("utf-8", "surrogatepass"))
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def _write_all(fd: int, data: bytes) -> None:
    written = write_fd(fd, data)
    if written != len(data):
        raise SpoolError(0, f"short write ({written} of {len(data)} bytes; the disk may be full)")


def _lock(fd: int, seconds: float) -> bool:
    import fcntl

    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.001)


def append(directory: str, record: dict, max_bytes: int = MAX_BYTES, lock_seconds: float = LOCK_SECONDS) -> str:
    """Spool one record; returns the file it is in. Raises OSError when it was not spooled."""
    data = frame(record)
    os.makedirs(directory, mode=0o700, exist_ok=True)
    shared = os.path.join(directory, SHARED_NAME)
    for _attempt in range(5):
        # A FIFO or device planted at the spool path must not block the hook (policy/safeio.py).
        fd = open_regular(shared, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600, nofollow=True)
        try:
            if not _lock(fd, lock_seconds):
                break  # never write without the lock: a merger may be taking this file
            try:
                current = os.stat(shared).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                current = False
            if not current:
                continue  # a merger renamed it between our open and our lock: open the new one
            size = os.fstat(fd).st_size
            if size + len(data) > max_bytes:
                raise SpoolError(0, f"the spool is over {max_bytes >> 20} MiB")
            try:
                _write_all(fd, data)
            except OSError:
                try:
                    os.ftruncate(fd, size)  # still under the lock: no torn frame stays behind
                except OSError:
                    pass
                raise
            return shared
        finally:
            os.close(fd)  # closing releases the flock
    return _append_own(directory, data)


def _append_own(directory: str, data: bytes) -> str:
    """The record in a file of this writer's own, visible to mergers only once complete."""
    name = f"{OWN_PREFIX}{time.time_ns():020d}-{os.getpid()}-{os.urandom(4).hex()}"
    temporary = os.path.join(directory, name + TMP)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(temporary, flags, 0o600)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        ready = os.path.join(directory, name + READY)
        os.rename(temporary, ready)
    except BaseException:
        _unlink(temporary)
        raise
    return ready


def _names(directory: str) -> list[str]:
    try:
        return os.listdir(directory)
    except (FileNotFoundError, NotADirectoryError):
        return []


def waiting(directory: str, names: list[str] | None = None) -> list[str]:
    """Files a merger may take now, oldest first (the shared file itself excluded)."""
    names = _names(directory) if names is None else names
    out = []
    for name in names:
        if name.startswith(CLAIM_PREFIX) and name.endswith((".records", LEGACY_SUFFIX)):
            out.append(name)
        elif name.startswith(OWN_PREFIX) and name.endswith(READY):
            out.append(name)
    return [os.path.join(directory, name) for name in sorted(out, key=_order)]


def _order(name: str) -> str:
    for prefix in (CLAIM_PREFIX, OWN_PREFIX):
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


def claim(directory: str, name: str = SHARED_NAME) -> tuple[str | None, bool]:
    """Rename a shared spool aside so appends go to a fresh one. The caller holds the database write lock.

    Returns (the claimed file or None, whether a non-empty spool had to be left in place).
    """
    path = os.path.join(directory, name)
    try:
        fd = open_regular(path, nofollow=True)
    except FileNotFoundError:
        return None, False
    except OSError as error:  # a FIFO, a device or a symlink there is no spool: never wait on it
        raise SpoolError(0, f"the spool {error}") from None
    try:
        if os.fstat(fd).st_size == 0:
            return None, False
        if not _lock(fd, LOCK_SECONDS):
            return None, True
        suffix = LEGACY_SUFFIX if name == LEGACY_SHARED else ".records"
        claimed = os.path.join(directory, f"{CLAIM_PREFIX}{time.time_ns():020d}-{os.getpid()}{suffix}")
        os.rename(path, claimed)
        return claimed, False
    finally:
        os.close(fd)


def take(directory: str, names: list[str]) -> tuple[list[str], bool, list[str]]:
    """Everything to merge now: (files oldest first, whether a shared spool was left in place, warnings)."""
    left = False
    problems: list[str] = []
    for shared in (LEGACY_SHARED, SHARED_NAME):
        if shared in names:
            try:
                _claimed, held = claim(directory, shared)
            except OSError as error:
                problems.append(str(error))
                continue
            left = left or held
    remove_stale(directory, names)
    return waiting(directory), left, problems


def remove_stale(directory: str, names: list[str]) -> None:
    """A writer's .tmp older than STALE_SECONDS: the writer died before it reported the record spooled."""
    cutoff = time.time() - STALE_SECONDS
    for name in names:
        if name.startswith(OWN_PREFIX) and name.endswith(TMP):
            path = os.path.join(directory, name)
            try:
                if os.lstat(path).st_mtime < cutoff:
                    os.unlink(path)
            except OSError:
                pass


def read(path: str) -> tuple[list[dict], int] | None:
    """The records of one spool file, or None if it is gone (another merger finished it)."""
    found = read_kept(path)
    return None if found is None else (found[0], len(found[1]))


def read_kept(path: str) -> tuple[list[dict], list[bytes]] | None:
    """The records of one spool file and the bytes that are none, or None if it is gone."""
    try:
        return parse_kept(read_regular(path, MAX_BYTES, nofollow=True))
    except FileNotFoundError:
        return None


def quarantine(directory: str, chunks: list[bytes]) -> str:
    """Keep spool bytes that could not be merged (torn frames, foreign lines) in a file of their own.

    Named `quarantine-spool-*.bad`: never taken by a merger (the name does not start with "spool"),
    counted by `quarantined` for doctor and audit verify. Returns its path; raises OSError.
    """
    name = f"{QUARANTINE_PREFIX}{time.time_ns():020d}-{os.getpid()}-{os.urandom(4).hex()}{QUARANTINE_SUFFIX}"
    path = os.path.join(directory, name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, 0o600)
    try:
        _write_all(fd, b"".join(chunk if chunk.endswith(b"\n") else chunk + b"\n" for chunk in chunks))
    except BaseException:
        os.close(fd)
        _unlink(path)
        raise
    os.close(fd)
    return path


def quarantined(directory: str) -> list[str]:
    """Quarantine files (spool bytes no merger could read), oldest first."""
    names = [n for n in _names(directory) if n.startswith(QUARANTINE_PREFIX) and n.endswith(QUARANTINE_SUFFIX)]
    return [os.path.join(directory, name) for name in sorted(names)]


def rewrite(path: str, records: list[dict]) -> None:
    """Replace a taken file with the records a capped merge left (only mergers ever touch it)."""
    temporary = f"{path}.{os.getpid()}{TMP}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(temporary, flags, 0o600)
    try:
        _write_all(fd, b"".join(frame(record) for record in records))
    finally:
        os.close(fd)
    os.replace(temporary, path)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def unlink(path: str) -> None:
    _unlink(path)


def count(directory: str) -> int:
    """Records waiting (shared file, claimed and ready files), for doctor and audit."""
    names = _names(directory)
    paths = waiting(directory, names) + [os.path.join(directory, n) for n in (LEGACY_SHARED, SHARED_NAME) if n in names]
    total = 0
    for path in paths:
        try:
            found = read(path)
        except OSError:
            continue
        if found is not None:
            total += len(found[0])
    return total
