"""The grant ledger: what agents asked to do, what hookward said, what happened.

One SQLite database (WAL) per user, at $XDG_STATE_HOME/hookward/ledger.db
(else ~/.local/state/hookward/ledger.db). It is an append-only log of events:

- a `decision` row for every pre-tool decision (whatever was sent);
- a `post` row for every post-tool event; at write time it is linked
  (`resolves`) to the decision it answers: same host, session and tool-call
  id, or, where the host sends no id, the same call fingerprint in the same
  session within MATCH_WINDOW;
- `prune` and `repair` rows, which say what maintenance did.

A decision that sent `ask` or `force_ask` is a grant. Its status is derived
when the ledger is read, never written back: `ran` or `failed` once a post row
resolves it, else `pending`, or `expired` once older than the expiry window
the reader asks for. Deriving keeps the log append-only (so every row stays
under the hash chain), needs no background process to flip states, and lets a
late post event still tell the truth (`ran`) about a grant once shown expired.

Tamper evidence: every row stores the SHA-256 of its own fields and of the
previous row's hash. Rows are chained inside one BEGIN IMMEDIATE transaction,
so concurrent writers cannot fork the chain. A chain alone cannot show rows
cut off its end, or a table emptied, or a ledger re-chained from scratch: so
the chain's head (last row id and hash) is also kept outside the database,
in `ledger.head` beside it, written by whoever appends rows while it holds
the write lock. A writer that finds the database no longer holds the row the
head names records that as a break in the head file before it goes on; `audit
verify` and `doctor` report breaks, and only `audit repair` (a person's
command) accepts them, into a chained repair row.

Faults never reach the verdict: the hook path waits at most BUSY_MS for the
write lock. A ledger that is locked, full, corrupt or of a newer schema gets
the record appended to a spool next to it (already redacted; verdicts/spool.py
says why no record told "spooled" can be lost); the next write that gets the
lock merges the spool first, in the order the rows were made. Trouble is
reported on stderr only. Stuck states heal on the next write: a `-wal` or
`-shm` left read-only, a dropped table (recreated; the head record reports the
loss). A ledger path that is a symlink, or another application's database, is
never written.

A routine record (a decision that opens no grant, a post event) does not wait
for the database at all: it is appended to the same spool, marked `deferred`
(`_defer`: no SQLite import, one framed append under the spool's flock), and
merged into the chain by whoever next needs the database: any database write,
every reader (`open_ledger`: audit, grants, export, pause; doctor's `health`),
and the deferring writer itself once the spool is over MERGE_AT_BYTES. Bytes
of the spool that are no record (a torn frame from a writer killed mid-write)
are never dropped: a merger keeps them in a `quarantine-spool-*.bad` file,
says so on stderr, and `audit verify` lists them.

Only redacted text is ever written (verdicts/redact.py): never file contents,
tool output, prompts or the environment.

Durability: `synchronous=OFF`. Every hook is a fresh process and so the last
connection to close, and SQLite checkpoints and fsyncs on that close. Measured
here (record_decision in process, 40 fresh processes, a quiet machine): NORMAL
2.7 ms median, 23 ms p90; OFF 0.9 ms median, 1.1 ms p90. A crashed process
still loses nothing (the data is with the OS); an OS crash or power loss may
lose the last rows or corrupt the file, which the hook then reports and spools
around, and `hookward audit repair` moves aside.

Imported by every hook process: standard library only, and cheap to import.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import time

from hookward.policy.safeio import kind_of, open_regular, read_regular
from hookward.verdicts.redact import flatten, redact

try:  # OpenSSL's hashlib costs ~2 ms to import on every hook call; the builtin sha256 is the same function.
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python builds without the builtin module
    from hashlib import sha256

TYPE_CHECKING = False  # typing itself costs ~2 ms per hook process; mypy reads this name as True
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

    from hookward.adapters.base import PostEvent, WireAnswer
    from hookward.policy.toolcall import ToolCall
    from hookward.verdicts.decision import Decision

SCHEMA_VERSION = 2  # v2 adds the grants table (a v1 ledger is migrated by its next writer)
DB_NAME = "ledger.db"
HEAD_NAME = "ledger.head"  # the chain's head, outside the database
# Until when an approval a person gave may still be used (microseconds, the latest expiry written so far).
# Written after each approval; an ask reads it before it opens the database to look for one, and almost every
# ask has none waiting. Missing means none: an approval whose note was lost is not used (the call asks again).
APPROVALS_NAME = "ledger.approvals"
HEAD_MAX_BYTES = 64 << 10
MAX_BREAKS = 32
SPOOL_NAME = "spool.records"  # verdicts/spool.py: the shared spool, appended under its flock
CLAIM_PREFIX = "spool-claimed-"  # a spool taken for merging: spool-claimed-<ns>-<pid>.records

SYNCHRONOUS = "OFF"  # see "Durability" at the top
BUSY_MS = 250  # the hook path's whole wait for the write lock; then it spools
CLI_BUSY_MS = 5000
HOOK_MERGE_CAP = 256  # spooled rows a hook call merges at most, so a backlog never stalls one call
MERGE_AT_BYTES = 48 << 10  # a deferring writer merges once the shared spool is this big (~60-100 records)
SPOOL_LOCK_SECONDS = 0.05
SPOOL_MAX_BYTES = 64 << 20  # a ledger broken for weeks must not fill the disk through its spool

DEFAULT_EXPIRY_SECONDS = 3600
MATCH_WINDOW_SECONDS = 3600  # how far back a post event without an id looks for its decision
GENESIS = "0" * 64

SUMMARY_LIMIT = 240
REASON_LIMIT = 300
MAX_REASONS = 8
MAX_RULES = 16
ID_LIMIT = 200

GRANT_KINDS = ("ask", "force_ask")
ROW_KINDS = ("decision", "post", "prune", "repair", "grant", "control")  # control: verdicts/controls.py

# Stored and hashed, in this order (plus id first and prev_hash last).
FIELDS = (
    "uid",
    "at",  # microseconds since the epoch, UTC
    "kind",
    "host",
    "session",
    "tool_use_id",
    "project",
    "tool_kind",
    "tool",
    "summary",  # redacted, one line
    "fingerprint",  # of the redacted call text: correlates post events that carry no id
    "verdict",
    "sent",
    "exit_code",
    "reasons",  # JSON array, redacted
    "rules",  # JSON array
    "failed",
    "resolves",
    "spooled",
)
TEXT_FIELDS = (
    "uid",
    "kind",
    "host",
    "session",
    "tool_use_id",
    "project",
    "tool_kind",
    "tool",
    "summary",
    "fingerprint",
)

SCHEMA = (
    """CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        host TEXT NOT NULL,
        session TEXT NOT NULL,
        tool_use_id TEXT NOT NULL,
        project TEXT NOT NULL,
        tool_kind TEXT NOT NULL,
        tool TEXT NOT NULL,
        summary TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        verdict TEXT,
        sent TEXT,
        exit_code INTEGER,
        reasons TEXT NOT NULL,
        rules TEXT NOT NULL,
        failed INTEGER,
        resolves INTEGER,
        spooled INTEGER NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
    )""",
    "CREATE INDEX events_call ON events(host, session, tool_use_id)",
    "CREATE INDEX events_fingerprint ON events(host, session, fingerprint)",
    "CREATE INDEX events_resolves ON events(resolves)",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)

# A grant's current state (verdicts/grants.py). Mutable, unlike `events`: every change to
# it is also appended to the chain as a `grant` row (opened, approved, denied, refused, used).
GRANT_SCHEMA = (
    """CREATE TABLE grants (
        grant_id TEXT PRIMARY KEY,
        decision_id INTEGER NOT NULL,
        identity TEXT NOT NULL,
        record TEXT NOT NULL,
        verdict TEXT NOT NULL,
        host TEXT NOT NULL,
        session TEXT NOT NULL,
        opened_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        state TEXT NOT NULL,
        scope TEXT,
        resolved_at INTEGER,
        resolved_by TEXT,
        uses INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER
    )""",
    "CREATE INDEX grants_identity ON grants(identity, state)",
    "CREATE INDEX grants_decision ON grants(decision_id)",
)


_SQLITE = None


def _sqlite():  # type: ignore[no-untyped-def]
    """The SQLite module, imported on first use: a routine allow is deferred to the spool and never needs it.

    The C module alone: `import sqlite3` adds datetime and adapters never used here (~2 ms).
    """
    global _SQLITE
    if _SQLITE is None:
        try:
            import _sqlite3 as module
        except ImportError:  # pragma: no cover
            import sqlite3 as module  # type: ignore[no-redef]
        _SQLITE = module
    return _SQLITE


def __getattr__(name: str):  # type: ignore[no-untyped-def]
    if name == "sqlite3":  # `ledger.sqlite3.Error` for the CLI and tests, without importing it for the hook
        return _sqlite()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class LedgerTrouble(Exception):
    """The ledger cannot take this write now (newer schema, backlog); the record is spooled."""


# ---------------------------------------------------------------- where


def state_dir() -> str:
    """$XDG_STATE_HOME/hookward, else ~/.local/state/hookward; always an absolute path.

    A relative XDG_STATE_HOME is invalid (the XDG spec): ignored. A relative or empty HOME would put
    the ledger under the working directory, that is inside the project an agent edits: it is never
    used; the home directory comes from the password database instead, and without an absolute one
    there, LedgerTrouble (nothing is recorded, and the hook says why on stderr).
    """
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(home_dir(), ".local", "state")
    return os.path.join(os.path.normpath(base), "hookward")


def home_dir() -> str:
    """HOME when it is an absolute path, else the password database's home directory."""
    home = os.environ.get("HOME", "")
    if os.path.isabs(home):
        return home
    try:
        import pwd

        entry = pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError):
        entry = ""
    if os.path.isabs(entry):
        return entry
    raise LedgerTrouble(
        f"has no place: HOME ({home!r}) is not an absolute path and the password database names no home "
        "directory; set HOME or XDG_STATE_HOME to an absolute path"
    )


def db_path(directory: str | None = None) -> str:
    return os.path.join(directory or state_dir(), DB_NAME)


def head_path(directory: str | None = None) -> str:
    return os.path.join(directory or state_dir(), HEAD_NAME)


# ---------------------------------------------------------------- the hook path


def record_decision(
    call: ToolCall, decision: Decision, sent: str, wire: WireAnswer | None, grant: dict | None = None
) -> None:
    """Record one pre-tool decision (and the grant it opens). Never raises; waits at most BUSY_MS."""
    try:
        row = decision_row(call, decision, sent, wire)
        if grant is not None:
            row["grant"] = grant
    except Exception as error:
        warn(f"ledger: could not build a record ({type(error).__name__}); nothing was written")
        return
    write(row, defer=grant is None)


def record_post(post: PostEvent) -> None:
    """Record a post-tool event; it resolves the pending grant it answers, if any."""
    try:
        row = post_row(post)
    except Exception as error:
        warn(f"ledger: could not build a record ({type(error).__name__}); nothing was written")
        return
    write(row, defer=True)


FAILED_CLOSED_RULE = "hookward.failed-closed"


def record_failure(host: str, event: str, call: ToolCall | None, reason: str, wire: WireAnswer | None) -> str:
    """Record a refusal that came from a failure (the host got its block answer): a `decision` row,
    verdict and sent `deny`, rule hookward.failed-closed, the reason redacted. `call` is None when the
    payload could not be read or parsed. Never raises."""
    try:
        try:
            row = _call_fields(call) if call is not None else None
        except Exception:
            row = None  # the call itself may be what broke: record what is known
        if row is None:
            row = note_row("decision", f"{clean(event, 64)}: the call could not be read", [], [])
            row["host"] = clean(host)
        row.update(
            kind="decision",
            verdict="deny",
            sent="deny",
            exit_code=wire.exit_code if wire is not None and isinstance(wire.exit_code, int) else None,
            reasons=dumps([flatten(redact(str(reason)), REASON_LIMIT)]),
            rules=dumps([FAILED_CLOSED_RULE]),
            failed=None,
            resolves=None,
            spooled=0,
        )
    except Exception as error:
        warn(f"ledger: could not build a record ({type(error).__name__}); nothing was written")
        return "lost"
    return write(row)


def write(row: dict, directory: str | None = None, defer: bool = False) -> str:
    """Store the row, else spool it; "stored", "deferred", "spooled" or "lost" (said on stderr). Never raises.

    `defer`: a record nothing reads before the next merge (a decision that opens no grant, a post
    event) is appended to the spool instead (`defer`); else it goes to the database now.
    """
    try:
        directory = directory or state_dir()
    except LedgerTrouble as error:
        warn(f"the ledger {error}; this record is lost")
        return "lost"
    if defer and _defer(directory, row):
        return "deferred"
    try:
        conn, kept = _writer(directory)
        try:
            append(conn, directory, row, merge_cap=HOOK_MERGE_CAP)
        except BaseException:
            if kept:
                drop_kept()
            raise
        finally:
            if not kept:
                conn.close()
        return "stored"
    except Exception as error:
        problem = describe(error)
    return spool(directory, row, problem)


# A warm worker (hookward/warm.py) serves many calls one after another: it keeps its connection to the
# ledger between them instead of opening the database for every ask (connecting is most of a write's cost).
# Only there: a one-shot hook process writes once. The connection is this process's own (a fork's child
# opens its own), and is used again only for the same database file: same path, same inode.
KEEP_CONNECTION = False
_KEPT: tuple[int, str, int, int, sqlite3.Connection] | None = None


def _writer(directory: str) -> tuple[sqlite3.Connection, bool]:
    """A connection for one write, and whether it is the kept one (not to be closed)."""
    global _KEPT
    if not KEEP_CONNECTION:
        return connect(directory, BUSY_MS), False
    path = os.path.join(directory, DB_NAME)
    kept = _KEPT
    if kept is not None and kept[0] == os.getpid() and kept[1] == path:
        try:
            info = os.lstat(path)
        except OSError:
            info = None
        if info is not None and (info.st_dev, info.st_ino) == kept[2:4] and check_files(path) is False:
            return kept[4], True  # the same regular, non-empty database file, its companions checked
    drop_kept()
    conn = connect(directory, BUSY_MS)
    try:
        info = os.lstat(path)
    except OSError:
        return conn, False
    _KEPT = (os.getpid(), path, info.st_dev, info.st_ino, conn)
    return conn, True


def drop_kept() -> None:
    """Close the kept connection (a write failed with it, or the database file changed)."""
    global _KEPT
    kept, _KEPT = _KEPT, None
    if kept is not None and kept[0] == os.getpid():
        try:
            kept[4].close()
        except Exception:
            pass


def _defer(directory: str, row: dict) -> bool:
    """Append a routine record to the spool: no SQLite, one framed append under the spool's flock.

    The record is made and redacted exactly as a stored row, marked `deferred` (merged with spooled = 0:
    it came through the spool by design, not because the ledger was in trouble). Whoever next needs the
    database merges it into the chain, in the order the rows were made: any database write (an ask, a
    grant, a failure), every ledger read (`open_ledger`: audit, grants, export, doctor) and, so that a
    spool never grows unseen, this writer itself once the shared spool is over MERGE_AT_BYTES (or when
    it had to write a file of its own). False when the spool cannot take it: the caller writes the
    database instead.
    """
    from hookward.verdicts import spool as spoolfiles

    record = {name: row[name] for name in FIELDS}
    record["deferred"] = 1
    try:
        path = spoolfiles.append(directory, record, SPOOL_MAX_BYTES, SPOOL_LOCK_SECONDS)
        due = not path.endswith(os.sep + SPOOL_NAME) or os.stat(path).st_size >= MERGE_AT_BYTES
    except Exception as error:
        # Nothing is lost (the database takes the record), but a spool that cannot take one (a FIFO or a
        # device planted at its path, a full disk) also cannot keep records when the database is in trouble.
        why = (error.strerror or str(error)) if isinstance(error, OSError) else type(error).__name__
        warn(f"the spool cannot take a routine record ({why}); it is written to the database instead")
        return False
    if due:
        merge_now(directory)
    return True


def merge_now(directory: str, busy_ms: int = BUSY_MS, everything: bool = False) -> int:
    """Merge what is spooled (at most HOOK_MERGE_CAP rows, unless `everything`); returns rows merged. Never raises.

    A locked ledger is no news (another process is merging or writing); other trouble is said on
    stderr, and the records stay in the spool for the next merger.
    """
    try:
        conn = connect(directory, busy_ms)
        try:
            return append(conn, directory, None, merge_cap=None if everything else HOOK_MERGE_CAP)
        finally:
            conn.close()
    except Exception as error:
        problem = describe(error)
        if not problem.startswith("is locked"):
            warn(f"the ledger {problem}; its records wait in the spool and will be merged later")
        return 0


# ---------------------------------------------------------------- building rows (redaction happens here)


def now_us() -> int:
    return time.time_ns() // 1000


def clean(value: object, limit: int = ID_LIMIT) -> str:
    """An identifier from a payload: a string, printable, bounded."""
    text = value if isinstance(value, str) else ("" if value is None else str(value))
    if not text.isprintable():
        text = "".join(c if c.isprintable() else "?" for c in text)
    return text[:limit]


def call_text(call: ToolCall) -> str:
    """What the call does, as text: the command, the paths, the URL. Never contents."""
    if call.kind == "shell":
        return call.command or ""
    if call.kind in ("read", "write", "edit", "delete"):
        return " ".join(call.paths)
    if call.kind == "web":
        return call.url or ""
    if call.kind == "mcp":
        return f"{call.mcp_server or ''}.{call.mcp_tool or ''}"
    return call.tool or ""


def _call_fields(call: ToolCall) -> dict:
    text = call_text(call)
    redacted = redact(text)
    fingerprint = sha256(
        f"{call.kind}\0{call.tool}\0{redacted}\0{len(text)}".encode("utf-8", "surrogatepass")
    ).hexdigest()[:32]
    return {
        "uid": os.urandom(16).hex(),
        "at": now_us(),
        "host": clean(call.host),
        "session": clean(call.session_id),
        "tool_use_id": clean(call.tool_use_id),
        "project": flatten(redact(call.project_root or call.cwd or ""), 500),
        "tool_kind": clean(call.kind),
        "tool": clean(call.tool),
        "summary": flatten(redacted, SUMMARY_LIMIT),
        "fingerprint": fingerprint,
    }


def decision_row(call: ToolCall, decision: Decision, sent: str, wire: WireAnswer | None) -> dict:
    row = _call_fields(call)
    row.update(
        kind="decision",
        verdict=decision.verdict.label,
        sent=clean(sent, 32),
        exit_code=wire.exit_code if wire is not None and isinstance(wire.exit_code, int) else None,
        reasons=dumps([flatten(redact(str(r)), REASON_LIMIT) for r in decision.reasons[:MAX_REASONS]]),
        rules=dumps([clean(r, 100) for r in decision.rule_ids[:MAX_RULES]]),
        failed=None,
        resolves=None,
        spooled=0,
    )
    return row


def post_row(post: PostEvent) -> dict:
    row = _call_fields(post.call)
    row.update(
        kind="post",
        verdict=None,
        sent=None,
        exit_code=None,
        reasons="[]",
        rules="[]",
        failed=1 if post.failed else 0,
        resolves=None,
        spooled=0,
    )
    return row


def note_row(kind: str, summary: str, reasons: list[str], rules: list[str]) -> dict:
    return {
        "uid": os.urandom(16).hex(),
        "at": now_us(),
        "kind": kind,
        "host": "",
        "session": "",
        "tool_use_id": "",
        "project": "",
        "tool_kind": "",
        "tool": "",
        "summary": flatten(redact(summary), SUMMARY_LIMIT),
        "fingerprint": "",
        "verdict": None,
        "sent": None,
        "exit_code": None,
        "reasons": dumps(reasons),
        "rules": dumps(rules),
        "failed": None,
        "resolves": None,
        "spooled": 0,
    }


def dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- the database


def connect(directory: str, busy_ms: int) -> sqlite3.Connection:
    """A connection whose every lock wait is bounded by busy_ms."""
    os.makedirs(directory, mode=0o700, exist_ok=True)
    path = os.path.join(directory, DB_NAME)
    new = check_files(path)
    if new is None:
        # Created owner-only first: SQLite gives the -wal and -shm files the same mode. Never through a symlink.
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            os.close(os.open(path, flags, 0o600))
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise LedgerTrouble(unsafe_path(path, "a symlink")) from None
            raise
        new = True
    started = time.monotonic()
    conn = _sqlite().connect(path, timeout=busy_ms / 1000, isolation_level=None, check_same_thread=False)
    try:
        if new:
            conn.execute("PRAGMA journal_mode=WAL")  # persistent: set once, when the file is created
            # Both waits together stay within busy_ms: what is left goes to the write lock.
            left = max(1, busy_ms - int((time.monotonic() - started) * 1000))
            conn.execute(f"PRAGMA busy_timeout = {left}")
        conn.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
    except BaseException:
        conn.close()
        raise
    return conn


def unsafe_path(path: str, what: str) -> str:
    return (
        f"is unsafe: {path} is {what}; hookward never opens its ledger through one (another application's "
        "data may be there): remove it, and the next hook call starts a new ledger"
    )


def check_files(path: str) -> bool | None:
    """The database and its companions: regular files, never symlinks (LedgerTrouble otherwise).

    A `-wal` or `-shm` of ours left without its owner's write bit (SQLite gives them the database's
    mode, so a read-only spell leaves them 0444) is given it back once the database is writable again:
    the ledger heals instead of staying unwritable. Returns whether the database is new (empty), or
    None when it does not exist.
    """
    new: bool | None = None
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            info = os.lstat(path + suffix)
        except FileNotFoundError:
            continue
        if not stat.S_ISREG(info.st_mode):
            raise LedgerTrouble(unsafe_path(path + suffix, kind_of(info.st_mode)))
        if not suffix:
            new = info.st_size == 0
            database = info
        elif (
            new is not None
            and not info.st_mode & stat.S_IWUSR
            and info.st_uid == os.geteuid()
            and database.st_uid == info.st_uid
            and database.st_mode & stat.S_IWUSR
        ):
            os.chmod(path + suffix, stat.S_IMODE(info.st_mode) | stat.S_IRUSR | stat.S_IWUSR)
            warn(f"ledger: {os.path.basename(path + suffix)} was left read-only; made writable again")
    return new


# Every table and index the current schema has, by name: a ledger missing one (`drop table events`) gets it
# back from its next writer, inside the write transaction; the head record then reports what was lost.
def _schema_objects() -> dict[str, str]:
    objects = {}
    for statement in (*SCHEMA, *GRANT_SCHEMA):
        words = statement.split()
        if words[0] == "CREATE":
            objects[words[2]] = statement
    return objects


def _missing_objects(conn: sqlite3.Connection) -> list[str]:
    present = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")}
    return [name for name in _schema_objects() if name not in present]


def heal_schema(conn: sqlite3.Connection) -> list[str]:
    """Recreate tables and indexes of the current schema that are missing; returns their names."""
    missing = _missing_objects(conn)
    for name in missing:
        conn.execute(_schema_objects()[name])
    if missing:
        warn(f"ledger: recreated missing {', '.join(missing)} (the rows they held are gone; audit verify reports it)")
    return missing


def ensure_schema(conn: sqlite3.Connection) -> None:
    """Inside a write transaction: create the schema (or what is missing of it), or refuse a newer one."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        heal_schema(conn)
        return
    if version > SCHEMA_VERSION:
        raise LedgerTrouble(f"has schema v{version}, newer than this hookward's v{SCHEMA_VERSION}")
    if version == 0 and conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is not None:
        # Tables but no hookward version: another application's database. Never create tables in it.
        raise LedgerTrouble("holds tables that are not hookward's (another application's database?); left alone")
    if version == 0:
        for statement in SCHEMA:
            conn.execute(statement)
    if version in (0, 1):
        for statement in GRANT_SCHEMA:
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return
    raise LedgerTrouble(f"has schema v{version}, which this hookward cannot migrate")  # pragma: no cover


def storable(value: object) -> object:
    """A lone surrogate (`\\ud800` from a JSON payload) cannot be encoded, stored or hashed: escaped, never dropped."""
    if isinstance(value, str) and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def chain_hash(row_id: int, values: tuple | list, prev_hash: str) -> str:
    return sha256(dumps([row_id, *values, prev_hash]).encode()).hexdigest()


def head(conn: sqlite3.Connection) -> tuple[int, str]:
    """The id and hash the next row chains to (after a prune, the anchor if nothing is left)."""
    last = conn.execute("SELECT id, hash FROM events ORDER BY id DESC LIMIT 1").fetchone()
    if last is not None:
        return last[0], last[1]
    anchor = read_anchor(conn)
    return anchor if anchor is not None else (0, GENESIS)


def insert(conn: sqlite3.Connection, row: dict) -> int:
    """Append one row to the chain; the caller holds the write lock (BEGIN IMMEDIATE)."""
    if row["kind"] == "post":
        row["resolves"] = correlate(conn, row)
    last_id, last_hash = head(conn)
    row_id = last_id + 1
    values = tuple(storable(row[name]) for name in FIELDS)
    digest = chain_hash(row_id, values, last_hash)
    columns = ", ".join(("id", *FIELDS, "prev_hash", "hash"))
    marks = ", ".join("?" * (len(FIELDS) + 3))
    conn.execute(f"INSERT INTO events ({columns}) VALUES ({marks})", (row_id, *values, last_hash, digest))
    return row_id


UNRESOLVED = "d.kind = 'decision' AND NOT EXISTS (SELECT 1 FROM events p WHERE p.resolves = d.id)"


def correlate(conn: sqlite3.Connection, post: dict) -> int | None:
    """The decision a post event answers: by tool-call id, else by fingerprint within the window."""
    key = (post["host"], post["session"])
    if post["tool_use_id"]:
        found = conn.execute(
            f"SELECT d.id FROM events d WHERE d.host = ? AND d.session = ? AND d.tool_use_id = ? AND {UNRESOLVED} "
            "ORDER BY d.id DESC LIMIT 1",
            (*key, post["tool_use_id"]),
        ).fetchone()
        if found is not None:
            return found[0]
    window = (post["at"] - MATCH_WINDOW_SECONDS * 1_000_000, post["at"] + 5_000_000)
    # A post with an id only falls back to decisions that had none (a host that sends ids late).
    id_clause = "AND d.tool_use_id = '' " if post["tool_use_id"] else ""
    found = conn.execute(
        f"SELECT d.id FROM events d WHERE d.host = ? AND d.session = ? AND d.fingerprint = ? {id_clause}"
        f"AND d.at BETWEEN ? AND ? AND {UNRESOLVED} ORDER BY d.at DESC, d.id DESC LIMIT 1",
        (*key, post["fingerprint"], *window),
    ).fetchone()
    return found[0] if found is not None else None


def append(conn: sqlite3.Connection, directory: str, row: dict | None, merge_cap: int | None) -> int:
    """In one write transaction: merge the spool (in order), then append `row`. Returns rows merged.

    Raises LedgerTrouble, after committing what it merged, when spooled rows are
    left over: `row` must then queue behind them, or it would be resolved
    before the decision it answers.
    """
    conn.execute("BEGIN IMMEDIATE")
    advanced = False
    record = None
    try:
        ensure_schema(conn)
        record = read_head(directory)
        problem = head_problem(conn, record)
        merged, backlog, after_commit = merge_spool(conn, directory, merge_cap)
        inserted = False
        if row is not None and not backlog:
            row_id = insert(conn, row)
            if row.get("grant"):
                insert_grant(conn, row["grant"], row_id, row)
            inserted = True
        if merged or inserted or problem:
            advanced = True
            advance_head(conn, directory, record, problem)
        conn.execute("COMMIT")
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except _sqlite().Error:
            pass
        if advanced:
            _restore_head(directory, record)  # the rows it now names did not commit
        raise
    after(after_commit)
    if row is not None and backlog:
        raise LedgerTrouble("has a spool backlog still being merged")
    return merged


# ---------------------------------------------------------------- the spool


def warn(message: str) -> None:
    try:
        sys.stderr.write(f"hookward: {message}\n")
    except Exception:
        pass


def is_corrupt(error: BaseException) -> bool:
    text = str(error).lower()
    return "not a database" in text or "malformed" in text or "corrupt" in text


def describe(error: BaseException) -> str:
    text = str(error)
    if isinstance(error, LedgerTrouble):
        return text
    if isinstance(error, _sqlite().Error):
        if "locked" in text or "busy" in text:
            return f"is locked by another process (waited {BUSY_MS} ms)"
        if "readonly" in text or "read-only" in text:
            return "is read-only (check the permissions of ledger.db and its -wal and -shm files)"
        if "not a database" in text or "malformed" in text or "corrupt" in text:
            return "is corrupt (run `hookward audit repair`)"
        if "full" in text:
            return "is full"
        return f"failed ({text})"
    if isinstance(error, OSError):
        return f"is not writable ({error.strerror or type(error).__name__})"
    return f"failed ({type(error).__name__})"


def spool(directory: str, row: dict, problem: str) -> str:
    """Spool the (already redacted) row (verdicts/spool.py); say so on stderr. Returns "spooled" or "lost"."""
    from hookward.verdicts import spool as spoolfiles

    record = {name: row[name] for name in FIELDS}
    if row.get("grant"):
        record["grant"] = row["grant"]  # redacted already, plus the keyed hash: merged with its decision
    try:
        path = spoolfiles.append(directory, record, SPOOL_MAX_BYTES, SPOOL_LOCK_SECONDS)
    except Exception as error:  # OSError, or a record that cannot be encoded: never "spooled" unless it is
        why = (error.strerror or str(error)) if isinstance(error, OSError) else type(error).__name__
        warn(f"the ledger {problem}, and the spool is not writable either ({why}); this record is lost")
        return "lost"
    warn(f"the ledger {problem}; the record was spooled to {path} and will be merged later")
    return "spooled"


def spool_files(directory: str) -> list[str]:
    """Spool files taken by a merger or written by a writer of its own, waiting to be merged (oldest first)."""
    from hookward.verdicts import spool as spoolfiles

    return spoolfiles.waiting(directory)


def valid_spooled(record: object) -> dict | None:
    """A spool line as a row, or None if it is not one (a torn write, a stranger's line)."""
    if not isinstance(record, dict) or any(name not in record for name in FIELDS):
        return None
    if record["kind"] not in ("decision", "post") or not isinstance(record["at"], int):
        return None
    if any(not isinstance(record[name], str) for name in TEXT_FIELDS):
        return None
    for name in ("verdict", "sent"):
        if record[name] is not None and not isinstance(record[name], str):
            return None
    for name in ("exit_code", "failed"):
        if record[name] is not None and not isinstance(record[name], int):
            return None
    if not isinstance(record["reasons"], str) or not isinstance(record["rules"], str):
        return None
    row = {name: record[name] for name in FIELDS}
    row["resolves"] = None
    row["spooled"] = 0 if record.get("deferred") == 1 else 1  # deferred by design, or spooled around trouble
    return row


def merge_spool(conn: sqlite3.Connection, directory: str, cap: int | None) -> tuple[int, bool, list]:
    """Insert spooled rows in the order they were made (`at`), skipping any already merged (by uid).

    Returns (rows merged, whether a backlog is left, file actions to run after COMMIT).
    Files are removed or trimmed only after the commit; a crash in between
    leaves rows that the uid check skips next time. Only files no writer can
    still be writing are taken (verdicts/spool.py).
    """
    try:
        names = os.listdir(directory)
    except OSError:
        return 0, False, []
    if not any(name.startswith("spool") for name in names):
        return 0, False, []  # the hook path's usual case: no import, no reads
    from hookward.verdicts import spool as spoolfiles

    files, left_in_place, problems = spoolfiles.take(directory, names)
    for problem in problems:
        warn(f"ledger: {problem}")
    if left_in_place:
        # An appender holds the shared spool: its records may be older than any file here, so none is merged
        # now (a post event must never be chained before the decision it answers). The next merger takes them.
        return 0, True, []
    contents: list[list[dict]] = []
    order: list[tuple[int, int, int]] = []
    unreadable: list[bytes] = []  # kept in a quarantine file after COMMIT, never dropped
    readable: list[bool] = []
    for index, path in enumerate(files):
        try:
            found = spoolfiles.read_kept(path)
        except OSError as error:
            warn(f"ledger: cannot read the spool file {path}: {error}; it is left in place")
            found = None
        readable.append(found is not None)
        records, bad = found if found is not None else ([], [])
        unreadable += bad
        contents.append(records)
        for position, record in enumerate(records):
            at = record.get("at")
            order.append((at if isinstance(at, int) else 0, index, position))
    order.sort()
    merged = 0
    backlog = False
    taken: set[tuple[int, int]] = set()
    for _at, index, position in order:
        if cap is not None and merged >= cap:
            backlog = True
            break
        taken.add((index, position))
        record = contents[index][position]
        row = valid_spooled(record)
        if row is None:
            try:
                unreadable.append(spoolfiles.frame(record))
            except Exception:
                unreadable.append(repr(record).encode("utf-8", "backslashreplace"))
            continue
        if conn.execute("SELECT 1 FROM events WHERE uid = ?", (row["uid"],)).fetchone() is not None:
            continue
        row_id = insert(conn, row)
        grant = valid_spooled_grant(record.get("grant"))
        if grant is not None and row["kind"] == "decision":
            insert_grant(conn, grant, row_id, row)
        merged += 1
    actions: list = []
    if unreadable:
        # First, so that a file is removed only once what could not be read of it is kept.
        actions.append(lambda bad=unreadable: _quarantine(directory, bad))
    for index, path in enumerate(files):
        if not readable[index]:
            continue  # unreadable now (or gone): never removed by a merger that could not read it
        rest = [record for position, record in enumerate(contents[index]) if (index, position) not in taken]
        if rest:
            actions.append(lambda p=path, r=rest: _file_action(spoolfiles.rewrite, p, r))
        else:
            actions.append(lambda p=path: _file_action(spoolfiles.unlink, p))
    return merged, backlog or left_in_place, actions


class _KeepSpool(Exception):
    """The unreadable part of the spool could not be kept: the files it came from are not removed."""


def _quarantine(directory: str, chunks: list[bytes]) -> None:
    from hookward.verdicts import spool as spoolfiles

    try:
        path = spoolfiles.quarantine(directory, chunks)
    except OSError as error:
        warn(
            f"ledger: {len(chunks)} unreadable spool record(s) could not be set aside "
            f"({error.strerror or error}); the spool files stay in place"
        )
        raise _KeepSpool from None
    warn(
        f"ledger: {len(chunks)} unreadable spool record(s) (a torn write, or not a ledger record) were not merged; "
        f"kept in {path} (`hookward audit verify` reports them)"
    )


def after(actions: list) -> None:
    """Run merge_spool's file actions after COMMIT; stop (files stay) if the unreadable part could not be kept."""
    for action in actions:
        try:
            action()
        except _KeepSpool:
            return


def _file_action(action, *args) -> None:  # type: ignore[no-untyped-def]
    """After COMMIT: a spool file that cannot be trimmed now is trimmed next time (the uid check skips)."""
    try:
        action(*args)
    except OSError as error:
        warn(f"ledger: could not tidy the spool ({error.strerror or error}); merged rows are skipped next time")


def quarantined(directory: str | None = None) -> list[str]:
    """Quarantine files: spool bytes a merger could not read (kept for a person, never merged)."""
    from hookward.verdicts import spool as spoolfiles

    return spoolfiles.quarantined(directory or state_dir())


def spooled_count(directory: str | None = None) -> int:
    from hookward.verdicts import spool as spoolfiles

    return spoolfiles.count(directory or state_dir())


# ---------------------------------------------------------------- reading (the CLI, doctor, the MCP server)


def open_ledger(directory: str | None = None, busy_ms: int = CLI_BUSY_MS) -> sqlite3.Connection:
    """A connection for reading, after merging the whole spool (if the write lock comes within busy_ms).

    Raises sqlite3.DatabaseError for a corrupt ledger and LedgerTrouble for a newer schema.
    """
    directory = directory or state_dir()
    conn = connect(directory, busy_ms)
    try:
        try:
            append(conn, directory, None, merge_cap=None)
        except _sqlite().OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                raise LedgerTrouble("is locked by another process and cannot be read yet") from None
            warn(f"the ledger is locked; showing it without the {spooled_count(directory)} spooled record(s)")
        conn.row_factory = _sqlite().Row
    except BaseException:
        conn.close()
        raise
    return conn


def status_of(
    sent: str | None,
    post_id: int | None,
    post_failed: int | None,
    at: int,
    now: int,
    expiry: int,
    grant_state: str | None = None,
    grant_expires: int | None = None,
) -> str:
    """pending / ran / failed / expired for a grant (or approved / denied / used / unused once a
    person resolved it); allowed / refused (or ran / failed) for the rest; shadow for shadow mode."""
    if post_id is not None:
        return "failed" if post_failed else "ran"
    if grant_state in ("approved", "denied", "used"):
        if grant_state == "approved" and grant_expires is not None and grant_expires < now:
            return "unused"
        return grant_state
    if sent in GRANT_KINDS or grant_state == "pending":
        return "pending" if at >= now - expiry else "expired"
    if sent and sent.startswith("shadow-"):
        return "shadow"  # shadow mode: what would have been sent is recorded, no opinion was
    if sent and sent.startswith("paused-"):
        return "paused"  # a person's pause (verdicts/controls.py): recorded as shadow mode is
    if sent == "check":
        return "checked"  # an MCP `check`: evaluated, nothing was run
    return "refused" if sent == "deny" else "allowed"


# A grant: a decision that sent an ask, or one whose ask was refused and opened a grant row.
IS_GRANT = "(d.sent IN ('ask', 'force_ask') OR g.grant_id IS NOT NULL)"
OPEN = "p.id IS NULL AND COALESCE(g.state, 'pending') = 'pending'"
BY_PERSON = "g.state IN ('approved', 'denied', 'used')"
VIEWS = {
    "pending": f"{IS_GRANT} AND {OPEN} AND d.at >= :expired_before",
    "expired": f"{IS_GRANT} AND {OPEN} AND d.at < :expired_before",
    "resolved": f"{IS_GRANT} AND (p.id IS NOT NULL OR {BY_PERSON})",
    "closed": f"{IS_GRANT} AND (p.id IS NOT NULL OR {BY_PERSON} OR d.at < :expired_before)",
    "shadow": "d.sent LIKE 'shadow-%'",
    "paused": "d.sent LIKE 'paused-%'",
    "all": "1",
}


def decisions(
    conn: sqlite3.Connection,
    view: str = "all",
    *,
    host: str | None = None,
    session: str | None = None,
    project: str | None = None,
    since_us: int | None = None,
    ids: list[int] | None = None,
    after_id: int | None = None,
    last: int | None = None,
    expiry_seconds: int = DEFAULT_EXPIRY_SECONDS,
    now: int | None = None,
) -> list[dict]:
    """Decision rows with their derived status, oldest first, as plain dicts for output."""
    now = now_us() if now is None else now
    expiry = expiry_seconds * 1_000_000
    params: dict[str, object] = {"expired_before": now - expiry, "expiry": expiry}
    where = ["d.kind = 'decision'", VIEWS[view]]
    for name, value in (("host", host), ("session", session), ("project", project)):
        if value is not None:
            where.append(f"d.{name} = :{name}")
            params[name] = value
    if since_us is not None:
        params["since"] = since_us
        # When a closed grant closed: its post event, or the moment it expired.
        when = {
            "resolved": "COALESCE(p.at, g.resolved_at)",
            "expired": "d.at + :expiry",
            "closed": "COALESCE(p.at, g.resolved_at, d.at + :expiry)",
        }.get(view, "d.at")
        where.append(f"{when} >= :since")
    if ids is not None:
        where.append(f"d.id IN ({', '.join(str(int(i)) for i in ids) or 'NULL'})")
    if after_id is not None:
        where.append("d.id > :after_id")
        params["after_id"] = after_id
    sql = (
        "SELECT d.*, p.id AS post_id, p.at AS post_at, p.failed AS post_failed, "
        "g.grant_id AS grant_id, g.state AS grant_state, g.scope AS grant_scope, g.resolved_at AS grant_at, "
        "g.expires_at AS grant_expires "
        "FROM events d LEFT JOIN events p ON p.resolves = d.id AND p.kind = 'post' "
        "LEFT JOIN grants g ON g.decision_id = d.id "
        f"WHERE {' AND '.join(where)} ORDER BY d.id"
    )
    if last is not None:
        sql = f"SELECT * FROM ({sql} DESC LIMIT {int(last)}) ORDER BY id"
    return [public(row, now, expiry) for row in conn.execute(sql, params)]


def iso(at_us: int | None) -> str | None:
    if at_us is None:
        return None
    seconds, micros = divmod(int(at_us), 1_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{micros // 1000:03d}Z"


def public(row: sqlite3.Row, now: int, expiry: int) -> dict:
    return {
        "id": row["id"],
        "at": iso(row["at"]),
        "host": row["host"],
        "session": row["session"],
        "tool_use_id": row["tool_use_id"],
        "project": row["project"],
        "tool_kind": row["tool_kind"],
        "tool": row["tool"],
        "verdict": row["verdict"],
        "sent": row["sent"],
        "exit_code": row["exit_code"],
        "status": status_of(
            row["sent"],
            row["post_id"],
            row["post_failed"],
            row["at"],
            now,
            expiry,
            row["grant_state"],
            row["grant_expires"],
        ),
        "grant": row["grant_id"],
        "grant_scope": row["grant_scope"],
        "summary": row["summary"],
        "reasons": json.loads(row["reasons"]),
        "rules": json.loads(row["rules"]),
        "resolved_at": iso(row["post_at"] if row["post_at"] is not None else row["grant_at"]),
        "resolved_by": row["post_id"],
        "spooled": bool(row["spooled"]),
    }


def raw_rows(
    conn: sqlite3.Connection,
    *,
    host: str | None = None,
    session: str | None = None,
    project: str | None = None,
    since_us: int | None = None,
    row_id: int | None = None,
) -> list[dict]:
    """Every stored row (all kinds, chain fields included), in chain order: for export and show."""
    where: list[str] = ["1"]
    params: dict[str, object] = {}
    for name, value in (("host", host), ("session", session), ("project", project)):
        if value is not None:
            where.append(f"{name} = :{name}")
            params[name] = value
    if since_us is not None:
        where.append("at >= :since")
        params["since"] = since_us
    if row_id is not None:
        where.append("id = :id")
        params["id"] = row_id
    out = []
    for row in conn.execute(f"SELECT * FROM events WHERE {' AND '.join(where)} ORDER BY id", params):
        item = {key: row[key] for key in row.keys()}
        item["at"] = iso(row["at"])
        item["reasons"] = json.loads(row["reasons"])
        item["rules"] = json.loads(row["rules"])
        item["spooled"] = bool(row["spooled"])
        out.append(item)
    return out


# ---------------------------------------------------------------- grants (verdicts/grants.py decides what they mean)

GRANT_RECORD_KEYS = ("grant_id", "identity", "opened_at", "expires_at", "verdict", "host", "session", "parts")


def valid_spooled_grant(record: object) -> dict | None:
    if not isinstance(record, dict) or any(name not in record for name in GRANT_RECORD_KEYS):
        return None
    if not all(isinstance(record[name], str) for name in ("grant_id", "identity", "verdict", "host", "session")):
        return None
    if not isinstance(record["opened_at"], int) or not isinstance(record["expires_at"], int):
        return None
    return record


def grant_row(record: dict, step: str, note: str, by: str = "", how: str = "") -> dict:
    """A chained `grant` row: one step of a grant's life (opened, approved, denied, refused, used)."""
    row = note_row("grant", f"grant {record['grant_id']} {step}: {record.get('summary', '')}", [], [])
    row.update(
        host=clean(record.get("host", "")),
        session=clean(record.get("session", "")),
        project=flatten(str(record.get("project", "")), 500),
        tool_kind=clean(record.get("tool_kind", "")),
        tool=clean(record.get("tool", "")),
        fingerprint=clean(record.get("identity", ""), 64),  # the keyed hash: audit verify holds the table to it
        verdict=clean(step, 32),
        sent=clean(record.get("scope") or "", 32) or None,
        reasons=dumps(
            [flatten(redact(note), REASON_LIMIT)] + ([f"by {clean(by)}"] if by else []) + ([clean(how)] if how else [])
        ),
        rules=dumps([f"grant:{record['grant_id']}"]),
    )
    return row


def insert_grant(conn: sqlite3.Connection, record: dict, decision_id: int, decision: dict) -> None:
    """Inside the write transaction that inserted its decision: the grant, and its `opened` row."""
    record = dict(record)
    record.setdefault("decision_uid", decision.get("uid"))
    conn.execute(
        "INSERT OR IGNORE INTO grants (grant_id, decision_id, identity, record, verdict, host, session, "
        "opened_at, expires_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')",
        (
            record["grant_id"],
            decision_id,
            record["identity"],
            dumps({k: v for k, v in record.items() if k != "identity"}),
            record["verdict"],
            record["host"],
            record["session"],
            record["opened_at"],
            record["expires_at"],
        ),
    )
    opened = grant_row(record, "opened", f"for decision row {decision_id}, sent {record.get('sent')}")
    stored = dumps({k: v for k, v in record.items() if k != "identity"})
    opened["reasons"] = dumps([*json.loads(opened["reasons"]), f"{RECORD_DIGEST}{sha256(stored.encode()).hexdigest()}"])
    insert(conn, opened)


RECORD_DIGEST = "record sha256 "  # in a grant's `opened` row: the digest of the record the grants table keeps


def _grant_dict(row: tuple) -> dict:
    grant_id, decision_id, record, state, scope, resolved_at, resolved_by, uses, used_at, expires_at, key_hash = row
    data = json.loads(record)
    data.update(
        identity=key_hash,
        grant_id=grant_id,
        decision_id=decision_id,
        state=state,
        scope=scope,
        resolved_at=resolved_at,
        resolved_by=resolved_by,
        uses=uses,
        used_at=used_at,
        expires_at=expires_at,
    )
    return data


GRANT_COLUMNS = (
    "grant_id, decision_id, record, state, scope, resolved_at, resolved_by, uses, used_at, expires_at, identity"
)


def grant_by_id(conn: sqlite3.Connection, grant_id: str) -> dict | None:
    found = conn.execute(f"SELECT {GRANT_COLUMNS} FROM grants WHERE grant_id = ?", (grant_id,)).fetchone()
    return _grant_dict(tuple(found)) if found is not None else None


def grant_history(conn: sqlite3.Connection, grant_id: str) -> list[dict]:
    """The chained rows of one grant's life, oldest first."""
    rows = []
    for row in conn.execute(
        "SELECT * FROM events WHERE kind = 'grant' AND rules = ? ORDER BY id", (dumps([f"grant:{grant_id}"]),)
    ):
        item = {key: row[key] for key in row.keys()}  # open_ledger's connections give sqlite3.Row
        item["at"] = iso(row["at"])
        item["reasons"] = json.loads(row["reasons"])
        item["rules"] = json.loads(row["rules"])
        rows.append(item)
    return rows


def grant_event(
    conn: sqlite3.Connection, directory: str, grant_id: str, step: str, note: str, by: str = "", how: str = ""
) -> None:
    """Append one step of a grant's life (also for an unknown id: a refused attempt is still recorded)."""
    record = grant_by_id(conn, grant_id) or {"grant_id": clean(grant_id, 40)}
    _in_write(conn, directory, lambda: insert(conn, grant_row(record, step, note, by, how)))


def _in_write(conn: sqlite3.Connection, directory: str, body, merge_cap: int | None = None):  # type: ignore[no-untyped-def]
    """Run `body` in a write transaction that also advances the head record, after merging the spool
    (deferred records first: the chain keeps the order things happened in)."""
    conn.execute("BEGIN IMMEDIATE")
    record = None
    advanced = False
    try:
        ensure_schema(conn)
        record = read_head(directory)
        problem = head_problem(conn, record)
        _merged, _backlog, after_commit = merge_spool(conn, directory, merge_cap)
        result = body()
        advanced = True
        advance_head(conn, directory, record, problem)
        conn.execute("COMMIT")
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except _sqlite().Error:
            pass
        if advanced:
            _restore_head(directory, record)
        raise
    after(after_commit)
    return result


def resolve_grant(
    conn: sqlite3.Connection,
    directory: str,
    grant_id: str,
    choice: str,
    by: str,
    how: str,
    now: int,
    offers: Callable[[dict], list[str]],
) -> dict:
    """A person's choice for a pending grant, checked against what it offers; one transaction."""
    from hookward.verdicts.grants import SESSION_SECONDS, GrantError

    def body() -> dict:
        grant = grant_by_id(conn, grant_id)
        if grant is None:
            raise GrantError(f"no grant {grant_id!r}")
        if grant["state"] != "pending":
            raise GrantError(f"grant {grant_id} is already {grant['state']}")
        if grant["expires_at"] < now:
            raise GrantError(f"grant {grant_id} expired unresolved")
        if choice not in offers(grant):
            raise GrantError(f"grant {grant_id} does not offer {choice!r} (it offers {', '.join(offers(grant))})")
        state = "denied" if choice == "deny" else "approved"
        window = int(grant.get("window") or DEFAULT_EXPIRY_SECONDS) * 1_000_000
        expires = now + (max(window, SESSION_SECONDS * 1_000_000) if choice == "session" else window)
        changed = conn.execute(
            "UPDATE grants SET state = ?, scope = ?, resolved_at = ?, resolved_by = ?, expires_at = ? "
            "WHERE grant_id = ? AND state = 'pending'",
            (state, None if choice == "deny" else choice, now, clean(by), expires, grant_id),
        ).rowcount
        if changed != 1:
            raise GrantError(f"grant {grant_id} was resolved meanwhile")
        grant.update(state=state, scope=None if choice == "deny" else choice, resolved_at=now, expires_at=expires)
        insert(conn, grant_row(grant, state, f"{choice} (until {iso(expires)})", by, how))
        return grant

    grant = _in_write(conn, directory, body)
    if grant["state"] == "approved":
        note_approval(directory, int(grant["expires_at"]))
    return grant


def approvals_path(directory: str) -> str:
    return os.path.join(directory, APPROVALS_NAME)


def approvals_until(directory: str) -> int | None:
    """The latest expiry of an approval (None: no approval was ever noted). A note that cannot be read or
    is not a number says nothing, so the database is asked (the largest value)."""
    try:
        raw = read_regular(approvals_path(directory), 64, nofollow=True)
    except FileNotFoundError:
        return None
    except OSError:
        return 1 << 62
    try:
        return int(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        return 1 << 62


def note_approval(directory: str, expires_at: int) -> None:
    """After an approval: keep the latest expiry in the note (replaced atomically). Never raises: a note not
    written means the approval is not used, and the call asks again."""
    try:
        if expires_at <= (approvals_until(directory) or 0):
            return
        path = approvals_path(directory)
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        fd = open_regular(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600, nofollow=True)
        try:
            os.write(fd, str(expires_at).encode())
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except OSError as error:
        warn(f"ledger: cannot note the approval in {APPROVALS_NAME}: {describe(error)}; it will not be used")


def consume_grant(conn: sqlite3.Connection, directory: str, key_hash: str, session: str, now: int) -> dict | None:
    """Use an approval for this call identity: once (uses = 0, atomically) or for its session."""

    def body() -> dict | None:
        found = conn.execute(
            f"SELECT {GRANT_COLUMNS} FROM grants WHERE identity = ? AND state = 'approved' AND expires_at >= ? "
            "AND ((scope = 'once' AND uses = 0) OR (scope = 'session' AND session = ? AND session != '')) "
            "ORDER BY resolved_at LIMIT 1",
            (key_hash, now, session),
        ).fetchone()
        if found is None:
            return None
        grant = _grant_dict(tuple(found))
        changed = conn.execute(
            "UPDATE grants SET uses = uses + 1, used_at = ?, "
            "state = CASE scope WHEN 'once' THEN 'used' ELSE state END "
            "WHERE grant_id = ? AND state = 'approved' AND (scope != 'once' OR uses = 0)",
            (now, grant["grant_id"]),
        ).rowcount
        if changed != 1:
            return None
        insert(conn, grant_row(grant, "used", f"use {grant['uses'] + 1} ({grant['scope']})"))
        return grant

    if conn.execute("PRAGMA user_version").fetchone()[0] < 2:
        return None  # no grants table yet: nothing was ever approved
    # Almost every call has no approval waiting: a read (WAL readers take no lock) says so without the write
    # transaction, the spool merge and the head record a use needs. One approved meanwhile is used next time.
    waiting = conn.execute(
        "SELECT 1 FROM grants WHERE identity = ? AND state = 'approved' AND expires_at >= ? LIMIT 1",
        (key_hash, now),
    ).fetchone()
    if waiting is None:
        return None
    return _in_write(conn, directory, body, HOOK_MERGE_CAP)


def grant_used_since(conn: sqlite3.Connection, key_hash: str, session: str, since_us: int) -> dict | None:
    """The grant a call with this identity used at or after `since_us` (read only: nothing is used here).

    The approval event of a call asks this of the grant its pre-tool event used: one decision.
    """
    if conn.execute("PRAGMA user_version").fetchone()[0] < 2:
        return None
    found = conn.execute(
        f"SELECT {GRANT_COLUMNS} FROM grants WHERE identity = ? AND uses > 0 AND used_at >= ? "
        "ORDER BY used_at DESC LIMIT 1",
        (key_hash, since_us),
    ).fetchone()
    if found is None:
        return None
    grant = _grant_dict(tuple(found))
    if grant.get("scope") == "session" and grant.get("session") != session:
        return None
    return grant


def grant_rows(conn: sqlite3.Connection) -> list[dict]:
    return [_grant_dict(tuple(row)) for row in conn.execute(f"SELECT {GRANT_COLUMNS} FROM grants ORDER BY opened_at")]


# ---------------------------------------------------------------- tamper evidence and maintenance


def read_anchor(conn: sqlite3.Connection) -> tuple[int, str] | None:
    found = conn.execute("SELECT value FROM meta WHERE key = 'anchor'").fetchone()
    if found is None:
        return None
    anchor = json.loads(found[0])
    return int(anchor["id"]), str(anchor["hash"])


def read_head(directory: str) -> dict | None:
    """The head record ({"id", "hash", "breaks"}), None if there is none, or one marked `unreadable`."""
    try:
        raw = read_regular(head_path(directory), HEAD_MAX_BYTES, nofollow=True)
    except FileNotFoundError:
        return None
    except OSError as error:
        return {"id": 0, "hash": GENESIS, "breaks": [], "unreadable": str(error.strerror or error)}
    try:
        data = json.loads(raw)
        breaks = data.get("breaks", [])
        if not isinstance(breaks, list):
            raise TypeError("breaks")
        return {"id": int(data["id"]), "hash": str(data["hash"]), "breaks": breaks}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {"id": 0, "hash": GENESIS, "breaks": [], "unreadable": "it is not a head record"}


def write_head(directory: str, record: dict) -> None:
    """Replace the head record atomically (a fixed per-process temporary name: no tempfile import)."""
    path = head_path(directory)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.unlink(temporary)
    except FileNotFoundError:
        pass
    fd = open_regular(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600, nofollow=True)
    try:
        os.write(fd, dumps({key: record[key] for key in ("id", "hash", "breaks")}).encode())
    finally:
        os.close(fd)
    os.replace(temporary, path)


def _restore_head(directory: str, record: dict | None) -> None:
    try:
        if record is None:
            os.unlink(head_path(directory))
        elif not record.get("unreadable"):
            write_head(directory, record)
    except OSError:
        pass


def head_problem(conn: sqlite3.Connection, record: dict | None) -> str | None:
    """Why the database no longer holds the row its head record names; None while it does."""
    if record is None:
        if conn.execute("SELECT 1 FROM meta WHERE key = 'head'").fetchone() is not None:
            return f"the head record {HEAD_NAME} was deleted"
        return None  # a new ledger, or one from before head records: the first writer starts one
    if record.get("unreadable"):
        return f"the head record {HEAD_NAME} is unreadable: {record['unreadable']}"
    head_id, head_hash = record["id"], record["hash"]
    if head_id == 0:
        return None
    found = conn.execute("SELECT hash FROM events WHERE id = ?", (head_id,)).fetchone()
    if found is not None:
        if found[0] == head_hash:
            return None
        return f"row {head_id} is not the row the head record names (another hash): the chain was rewritten"
    anchor = read_anchor(conn)
    if anchor is not None and head_id <= anchor[0]:
        return None  # pruned on purpose; verify checks that a prune row records the cut
    last = conn.execute("SELECT MAX(id) FROM events").fetchone()[0]
    if last is None:
        return f"the ledger holds no rows, but its head record names row {head_id}: the events were deleted"
    if last < head_id:
        return f"the ledger ends at row {last}, but its head record names row {head_id}: rows were cut off its end"
    return f"row {head_id}, which the head record names, is missing"


def advance_head(conn: sqlite3.Connection, directory: str, record: dict | None, problem: str | None) -> None:
    """Inside the write transaction: point the head record at the chain's head, keeping any break found."""
    breaks = list(record.get("breaks", [])) if record else []
    if problem:
        expected = {"id": record["id"], "hash": record["hash"]} if record and not record.get("unreadable") else None
        breaks.append({"at": iso(now_us()), "problem": problem, "expected": expected})
        breaks = breaks[-MAX_BREAKS:]
    last_id, last_hash = head(conn)
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('head', ?)", (HEAD_NAME,))
    try:
        write_head(directory, {"id": last_id, "hash": last_hash, "breaks": breaks})
    except OSError as error:
        # The rows still go in (a head that cannot be written must not divert every record to the spool);
        # verify and doctor report the head record as unreadable or stale from now on.
        warn(f"ledger: cannot write the head record {HEAD_NAME}: {describe(error)}")


def check_head(conn: sqlite3.Connection, directory: str) -> dict:
    """The head record against the database: state ok / none / broken, the breaks it holds, the problem now."""
    record = read_head(directory)
    problem = head_problem(conn, record)
    breaks = list(record.get("breaks", [])) if record else []
    state = "broken" if problem or breaks else ("none" if record is None else "ok")
    return {"state": state, "problem": problem, "breaks": breaks, "path": head_path(directory)}


def verify(conn: sqlite3.Connection, directory: str | None = None) -> dict:
    """Walk the chain; report the first broken link. With `directory`, also hold the chain against the
    head record kept outside the database: emptied tables, cut tails and re-chained ledgers show there."""
    result = _verify_chain(conn)
    result["grant_problems"] = verify_grants(conn)
    if result["ok"] and result["grant_problems"]:
        more = len(result["grant_problems"]) - 1
        problem = result["grant_problems"][0] + (f" (and {more} more)" if more else "")
        result.update(ok=False, head=None, first_broken={"id": None, "problem": problem})
    if directory is None:
        return result
    anchor = check_head(conn, directory)
    result["head_record"] = anchor
    if result["ok"] and anchor["state"] == "broken":
        problem = anchor["problem"] or anchor["breaks"][-1]["problem"]
        if not anchor["problem"] and len(anchor["breaks"]) > 1:
            problem += f" (and {len(anchor['breaks']) - 1} earlier break(s))"
        result.update(ok=False, head=None, first_broken={"id": None, "problem": problem})
    return result


def _verify_chain(conn: sqlite3.Connection) -> dict:
    anchor = read_anchor(conn)
    prev_id, prev_hash = anchor if anchor is not None else (0, GENESIS)
    count = 0
    columns = ", ".join(("id", *FIELDS, "prev_hash", "hash"))
    prune_anchors: set[str] = set()
    for record in conn.execute(f"SELECT {columns} FROM events ORDER BY id"):
        row_id, values, stored_prev, stored_hash = record[0], record[1:-2], record[-2], record[-1]
        count += 1
        if stored_prev != prev_hash:
            where = f"row {prev_id}" if prev_id else "the start of the ledger"
            return broken(row_id, count, f"its link to {where} does not match: rows were removed, inserted or edited")
        if chain_hash(row_id, values, stored_prev) != stored_hash:
            return broken(row_id, count, "its contents do not match its hash: the row was edited")
        if values[FIELDS.index("kind")] == "prune":
            prune_anchors.update(json.loads(values[FIELDS.index("reasons")]))
        prev_id, prev_hash = row_id, stored_hash
    if anchor is not None and f"anchor {anchor[0]} {anchor[1]}" not in prune_anchors:
        return broken(anchor[0] + 1, 0, f"the ledger starts after row {anchor[0]} but no prune row records that cut")
    return {"ok": True, "rows": count, "head": prev_hash, "first_broken": None}


def verify_grants(conn: sqlite3.Connection, now: int | None = None) -> list[str]:
    """The grants table against its chained `grant` rows: every grant opened in the chain, and its
    state, scope, uses, keyed hash, record and expiry what the chained steps say. A row the chain
    does not explain (a direct write to the table) is reported. Only grants whose whole history a
    prune cut away go unchecked, and those only while they can no longer be used."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grants'").fetchone() is None:
        return []
    now = now_us() if now is None else now
    told: dict[str, dict] = {}
    for row in conn.execute(
        "SELECT verdict, sent, fingerprint, reasons, rules FROM events WHERE kind = 'grant' ORDER BY id"
    ):
        step, scope, identity, reasons, rules = row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4])
        if not rules or not str(rules[0]).startswith("grant:"):
            continue
        grant = told.setdefault(str(rules[0])[len("grant:") :], {"opened": False, "state": None, "uses": 0})
        if step == "opened":
            grant.update(opened=True, state="pending", identity=identity or None)
            grant["digest"] = next((r[len(RECORD_DIGEST) :] for r in reasons if r.startswith(RECORD_DIGEST)), None)
        elif step in ("approved", "denied"):
            grant.update(state=step, scope=scope if step == "approved" else None)
            until = reasons[0].rpartition("(until ")[2].rstrip(")") if reasons else ""
            grant["until"] = until or None
        elif step == "used":
            grant["uses"] += 1
            if grant.get("scope") == "once":
                grant["state"] = "used"
    anchor = read_anchor(conn)
    problems = []
    for found in conn.execute(f"SELECT {GRANT_COLUMNS}, record FROM grants ORDER BY opened_at"):
        grant_id, decision_id, state, scope, uses, expires_at, key_hash, stored = (
            found[0],
            found[1],
            found[3],
            found[4],
            found[7],
            found[9],
            found[10],
            found[11],
        )
        chain = told.get(grant_id)
        if chain is None or not chain["opened"]:
            if anchor is not None and decision_id <= anchor[0] and (expires_at < now or state in ("denied", "used")):
                continue  # its history was pruned, and it can no longer let anything through
            problems.append(f"grant {grant_id} is in the grants table ({state}), but the chain never opened it")
            continue
        wrong = []
        if chain["state"] != state:
            wrong.append(f"state {state!r} (the chain says {chain['state']!r})")
        if chain["state"] == "approved" and chain.get("scope") != scope:
            wrong.append(f"scope {scope!r} (the chain says {chain.get('scope')!r})")
        if chain["uses"] != uses:
            wrong.append(f"{uses} use(s) (the chain records {chain['uses']})")
        if chain.get("identity") and chain["identity"] != key_hash:
            wrong.append("another call identity than the one it was opened for")
        if chain.get("digest") and chain["digest"] != sha256(str(stored).encode()).hexdigest():
            wrong.append("a record (call, parts, rules) other than the one it was opened with")
        if chain["state"] == "pending" and json.loads(stored).get("expires_at") != expires_at:
            wrong.append(f"expiry {iso(expires_at)} (it was opened to expire at another time)")
        if chain["state"] in ("approved", "used") and chain.get("until") and iso(expires_at) != chain["until"]:
            wrong.append(f"expiry {iso(expires_at)} (the chain says {chain['until']})")
        if wrong:
            problems.append(f"grant {grant_id} has {'; '.join(wrong)}: the grants table was written outside the chain")
    present = {row[0] for row in conn.execute("SELECT grant_id FROM grants")}
    for grant_id, chain in told.items():
        if chain["opened"] and grant_id not in present:
            problems.append(f"the chain opened grant {grant_id}, but the grants table has no row for it")
    return problems


def broken(row_id: int, count: int, problem: str) -> dict:
    return {"ok": False, "rows": count, "head": None, "first_broken": {"id": row_id, "problem": problem}}


def prune(conn: sqlite3.Connection, older_than_us: int, directory: str | None = None) -> dict:
    """Delete the oldest rows, in chain order, whose time is before the cutoff; keep the chain verifiable.

    Only a prefix of the chain can go (a row in the middle cannot be removed
    without breaking the links), so a late-merged old row after a newer one stays.
    The cut is recorded in meta (the anchor) and in a prune row chained after it.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        ensure_schema(conn)
        first_kept = conn.execute("SELECT MIN(id) FROM events WHERE at >= ?", (older_than_us,)).fetchone()[0]
        limit = first_kept if first_kept is not None else head(conn)[0] + 1
        cut = conn.execute("SELECT id, hash FROM events WHERE id < ? ORDER BY id DESC LIMIT 1", (limit,)).fetchone()
        if cut is None:
            conn.execute("COMMIT")
            return {"deleted": 0, "anchor": None}
        deleted = conn.execute("DELETE FROM events WHERE id < ?", (limit,)).rowcount
        anchor = {"id": cut[0], "hash": cut[1]}
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('anchor', ?)", (dumps(anchor),))
        summary = f"pruned {deleted} rows up to id {cut[0]} (older than {iso(older_than_us)})"
        insert(conn, note_row("prune", summary, [f"anchor {cut[0]} {cut[1]}"], ["ledger.prune"]))
        if directory is not None:
            record = read_head(directory)
            advance_head(conn, directory, record, head_problem(conn, record))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return {"deleted": deleted, "anchor": anchor}


def health(directory: str | None = None) -> dict:
    """For `doctor`: is the ledger writable, and how much is waiting in the spool."""
    directory = directory or state_dir()
    path = db_path(directory)
    if spooled_count(directory):
        merge_now(directory, everything=True)  # deferred records are no trouble: only what cannot be merged now is
    report: dict[str, object] = {
        "path": path,
        "state": "ok",
        "detail": "",
        "spooled": spooled_count(directory),
        "quarantined": quarantined(directory),
    }
    try:
        check_files(path)
    except LedgerTrouble as error:
        report.update(state="unsafe", detail=f"the ledger {error}")
        return report
    if not os.path.exists(path):
        record = read_head(directory)
        if record is not None and (record.get("unreadable") or record["id"] or record.get("breaks")):
            named = f"row {record['id']}" if not record.get("unreadable") else "rows"
            report.update(
                state="tampered",
                detail=f"the ledger is gone, but its head record ({HEAD_NAME}) names {named}: it was deleted; "
                "`hookward audit repair` accepts that",
            )
            return report
        report.update(state="missing", detail="no ledger yet (created on the first hook call)")
        return report
    try:
        conn = _sqlite().connect(path, timeout=BUSY_MS / 1000, isolation_level=None)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                report.update(state="newer-schema", detail=f"schema v{version}; this hookward writes v{SCHEMA_VERSION}")
            elif conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                report.update(state="corrupt", detail="quick_check failed; run `hookward audit repair`")
            elif version == SCHEMA_VERSION and (missing := _missing_objects(conn)):
                report.update(
                    state="damaged",
                    detail=f"{', '.join(missing)} missing from the ledger; the next hook call recreates them, "
                    "`hookward audit repair` does it now and records what was lost",
                )
            elif not os.access(path, os.W_OK):
                report.update(state="read-only", detail="the ledger is not writable; hooks spool what they record")
            elif version == SCHEMA_VERSION:
                anchor = check_head(conn, directory)
                if anchor["state"] == "broken":
                    problems = ([anchor["problem"]] if anchor["problem"] else []) + [
                        str(b.get("problem")) for b in anchor["breaks"] if isinstance(b, dict)
                    ]
                    report.update(
                        state="tampered",
                        detail=f"{problems[0]}"
                        + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
                        + "; `hookward audit verify` shows it, `hookward audit repair` accepts it",
                    )
        finally:
            conn.close()
    except _sqlite().Error as error:
        text = str(error).lower()
        corrupt = "not a database" in text or "malformed" in text
        report.update(
            state="corrupt" if corrupt else "error",
            detail=describe(error) + ("; run `hookward audit repair`" if corrupt else ""),
        )
    return report


def repair(directory: str | None = None) -> dict:
    """Move an unreadable ledger aside (kept, never deleted), start a new chain, merge the spool."""
    directory = directory or state_dir()
    path = db_path(directory)
    problem = ""
    try:
        conn = connect(directory, CLI_BUSY_MS)
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                ensure_schema(conn)
                if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                    problem = "quick_check failed"
            finally:
                conn.execute("ROLLBACK")
        finally:
            conn.close()
    except _sqlite().DatabaseError as error:
        if not is_corrupt(error):
            raise  # locked, read-only, a full disk: the database is not what is broken; nothing is moved aside
        problem = str(error)
    moved = None
    if problem:
        moved = f"{path}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.replace(path + suffix, moved + suffix)
    conn = connect(directory, CLI_BUSY_MS)
    accepted: list[str] = []
    try:
        record = read_head(directory)
        conn.execute("BEGIN IMMEDIATE")
        try:
            ensure_schema(conn)
            found = head_problem(conn, record)
            accepted = [str(b.get("problem")) for b in (record or {}).get("breaks", []) if isinstance(b, dict)]
            accepted += [found] if found else []
            if moved or accepted:
                # A person's command: the breaks go into the chain (kept there), and the head starts again.
                if moved:
                    note = (
                        f"new chain: the previous ledger was unreadable ({problem}); kept as {os.path.basename(moved)}"
                    )
                else:
                    note = f"accepted {len(accepted)} break(s) of the head record; the chain's head is its last row"
                insert(conn, note_row("repair", note, accepted[-MAX_REASONS:], ["ledger.repair"]))
                advance_head(conn, directory, None, None)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        merged = append(conn, directory, None, merge_cap=None)
    finally:
        conn.close()
    return {
        "repaired": bool(moved),
        "problem": problem or None,
        "moved_to": moved,
        "merged": merged,
        "accepted_breaks": accepted,
    }
