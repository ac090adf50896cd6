"""Grants a person resolves: the identity of a call, opening, resolving and consuming a grant.

An ask, a force_ask or an ask that had to be refused opens a grant (verdicts/ledger.py
stores it, in the `grants` table, and chains every step of its life as a `grant` row).
A person resolves it with `hookward grant ID`: approve once, for this session, always
in this project (a user rule; hookward/cli_grant.py writes it), or deny.

- **Identity.** A grant approves exactly one call: the HMAC-SHA256, under a per-install
  secret key (`grant.key` in hookward's state directory, created 0600), of the
  unredacted normalized call: kind, tool, command or paths, URL, MCP tool, a digest
  of the new content of a write or edit, the project, the working directory and the
  host. The ledger stores the keyed hash, never the parts: a secret on a command line
  cannot be recovered from it by trying candidates without the key.
- **Consumption.** An approve-once grant is used by a single `UPDATE ... WHERE
  state = 'approved' AND uses = 0` inside the write transaction (BEGIN IMMEDIATE),
  before the hook sends its answer; the row count says whether this call got it, so
  two concurrent calls cannot both use it.
- **Who may resolve.** The hook records its own ancestry up to the host process
  (pid and start time, so a reused pid never matches); `hookward grant` refuses to
  run as a descendant of it, and refuses without a terminal. The real barrier is the
  gate, which denies tool calls that run hookward's controls or write its state.

Imported on the hook path only for ask-level calls: standard library only.
"""

from __future__ import annotations

import json
import os

from hookward.policy.safeio import open_regular, read_regular
from hookward.verdicts import ledger
from hookward.verdicts.redact import flatten, redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookward.policy.toolcall import ToolCall
    from hookward.verdicts.decision import Decision

KEY_NAME = "grant.key"
KEY_BYTES = 32
# Ids: a letter, then 7 of an alphabet without look-alikes (~39 bits): short to type, never all digits
# (so `audit show` tells a grant id from a row id), and not guessable within an expiry window.
FIRST = "abcdefghjkmnpqrstuvwxyz"
REST = "abcdefghjkmnpqrstuvwxyz23456789"
ID_LENGTH = 8
CONFIRM_CHARS = 4  # the confirmation a person types: the id's last characters

ONCE, SESSION, PROJECT, DENY = "once", "session", "project", "deny"
CHOICES = (ONCE, SESSION, PROJECT, DENY)
SESSION_SECONDS = 12 * 3600  # how long an approval for a session lasts at most
SHELLS = frozenset(
    {"sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "env", "timeout", "nice", "nohup", "stdbuf", "setsid"}
)
MAX_ANCESTRY = 64

# The hook process whose host lineage a grant records: this process, or the client a warm server's
# fork serves (hookward/warm.py sets it there, from the kernel's peer credentials of the connection).
HOOK_PID: int | None = None
# policy/floors/common.py `Floor` members that cannot be loosened, as rule ids (a test keeps the two equal).
NEVER_LOOSENED_RULES = ("floor.self-protection", "floor.budget", "floor.cloud-metadata")


class GrantError(Exception):
    """A grant cannot be resolved as asked: unknown, closed, or a choice it does not offer."""


# ---------------------------------------------------------------- identity


def key_path(directory: str | None = None) -> str:
    return os.path.join(directory or ledger.state_dir(), KEY_NAME)


def install_key(directory: str | None = None) -> bytes:
    """The per-install secret; created (0600, never replacing one another process made) on first use."""
    path = key_path(directory)
    try:
        raw = read_regular(path, 4096, nofollow=True)
        key = bytes.fromhex(raw.decode("ascii").strip())
        if len(key) == KEY_BYTES:
            return key
        raise ValueError("short key")
    except FileNotFoundError:
        pass
    except (ValueError, UnicodeDecodeError):
        raise OSError(0, f"{path} is not a grant key; move it aside to start a new one") from None
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.unlink(temporary)
    except FileNotFoundError:
        pass
    fd = open_regular(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600, nofollow=True)
    try:
        os.write(fd, os.urandom(KEY_BYTES).hex().encode())
    finally:
        os.close(fd)
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass  # another hook process made it first: use theirs
    finally:
        os.unlink(temporary)
    return install_key(directory)


def mac(key: bytes, data: bytes) -> str:
    """HMAC-SHA256 (RFC 2104) on the builtin sha256 (the hmac module imports OpenSSL: ~2 ms per hook)."""
    padded = key.ljust(64, b"\0")
    inner = ledger.sha256(bytes(b ^ 0x36 for b in padded) + data).digest()
    return ledger.sha256(bytes(b ^ 0x5C for b in padded) + inner).hexdigest()


def call_parts(call: ToolCall) -> list:
    """What makes two calls the same call, unredacted (hashed under the key, never stored)."""
    content = getattr(call, "content", None)
    digest = ledger.sha256(content.encode("utf-8", "surrogatepass")).hexdigest() if isinstance(content, str) else None
    project = call.project_root or call.cwd or ""
    return [
        "hookward-grant 1",
        call.kind,
        call.tool or "",
        call.command if call.kind == "shell" else None,
        list(call.paths),
        call.url,
        call.mcp_server,
        call.mcp_tool,
        digest,
        os.path.normpath(project) if project else "",
        os.path.normpath(call.cwd) if call.cwd else "",
        call.host or "",
    ] + _mcp_arguments(call)


def _mcp_arguments(call: ToolCall) -> list:
    """An MCP call's arguments are part of what it is: a grant for one write_file is not one for every path."""
    arguments = getattr(call, "arguments", None)
    if call.kind != "mcp" or not isinstance(arguments, dict):
        return []  # other calls keep the identity they always had
    text = ledger.dumps(arguments)
    return [ledger.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()]


def identity(call: ToolCall, key: bytes) -> str:
    return mac(key, ledger.dumps(call_parts(call)).encode("utf-8", "surrogatepass"))


def new_id() -> str:
    raw = os.urandom(ID_LENGTH)
    return FIRST[raw[0] % len(FIRST)] + "".join(REST[b % len(REST)] for b in raw[1:])


def looks_like_id(text: str) -> bool:
    return len(text) == ID_LENGTH and text[0] in FIRST and all(c in REST for c in text)


# ---------------------------------------------------------------- ancestry (who may resolve)


def proc_stat(pid: int) -> tuple[str, int, int] | None:
    """(command name, parent pid, start time in clock ticks) from /proc, or None."""
    try:
        raw = read_regular(f"/proc/{pid}/stat", 4096).decode("utf-8", "replace")
    except (OSError, ValueError):
        return None
    head, _, rest = raw.rpartition(")")
    name = head.partition("(")[2]
    fields = rest.split()
    try:
        return name, int(fields[1]), int(fields[19])
    except (IndexError, ValueError):
        return None


def host_lineage(pid: int | None = None) -> list[list[int]]:
    """The hook's ancestors up to and including the first that is not a shell: the host process.

    [[pid, start time], ...]. Only up to the host: a terminal emulator or multiplexer
    above it is also the ancestor of the person's own shell.
    """
    current = (HOOK_PID or os.getpid()) if pid is None else pid
    me = proc_stat(current)
    if me is None:
        return []
    chain: list[list[int]] = []
    parent = me[1]
    for _step in range(MAX_ANCESTRY):
        if parent <= 1:
            break
        found = proc_stat(parent)
        if found is None:
            break
        name, grandparent, started = found
        chain.append([parent, started])
        if name not in SHELLS:
            break
        parent = grandparent
    return chain


def descends_from(recorded: list, pid: int | None = None) -> bool:
    """Whether `pid` (this process) runs under one of the recorded processes (same pid and start time)."""
    marks = {(int(p), int(s)) for p, s in recorded if isinstance(p, int) and isinstance(s, int)}
    if not marks:
        return False
    current = os.getpid() if pid is None else pid
    for _step in range(4 * MAX_ANCESTRY):
        found = proc_stat(current)
        if found is None:
            return False
        _name, parent, started = found
        if (current, started) in marks:
            return True
        if parent <= 1:
            return False
        current = parent
    return False


def recorded_lineages(directory: str | None = None, since_us: int | None = None) -> list[list[int]]:
    """The host processes the hook recorded with the grants opened lately (by default, within
    SESSION_SECONDS): a control with no grant of its own refuses to run under any of them."""
    directory = directory or ledger.state_dir()
    since = ledger.now_us() - SESSION_SECONDS * 1_000_000 if since_us is None else since_us
    conn = ledger.open_ledger(directory)
    try:
        rows = conn.execute(
            "SELECT record FROM grants WHERE opened_at >= ? ORDER BY opened_at DESC LIMIT 2000", (since,)
        ).fetchall()
    finally:
        conn.close()
    found: list[list[int]] = []
    for row in rows:
        try:
            lineage = json.loads(row[0]).get("lineage") or []
        except (ValueError, AttributeError):
            continue
        found.extend(pair for pair in lineage if isinstance(pair, list) and len(pair) == 2)
    return found


# ---------------------------------------------------------------- opening (the hook path)


def never_loosened(rule_ids: list[str]) -> bool:
    return any(rule in NEVER_LOOSENED_RULES for rule in rule_ids)


def grant_record(
    call: ToolCall,
    decision: Decision,
    grant_id: str,
    key_hash: str,
    sent: str,
    window_seconds: int,
    lineage: list[list[int]],
) -> dict:
    """What the ledger keeps about an opened grant: redacted, plus the keyed hash."""
    now = ledger.now_us()
    project = call.project_root or call.cwd or ""
    parts = []
    for part in decision.parts[:32]:
        text = str(part.what)
        shown = redact(text)
        parts.append(
            {
                "what": flatten(shown, 500),
                "exact": shown == text and len(text) <= 500,  # the text is the call's own: a rule may name it
                "action": part.action,
                "verdict": part.verdict.label,
                "rules": [ledger.clean(r, 100) for r in part.rule_ids[: ledger.MAX_RULES]],
                "reasons": [flatten(redact(str(r)), ledger.REASON_LIMIT) for r in part.reasons[:4]],
            }
        )
    return {
        "grant_id": grant_id,
        "identity": key_hash,
        "opened_at": now,
        "window": int(window_seconds),
        "expires_at": now + int(window_seconds) * 1_000_000,
        "verdict": decision.verdict.label,
        "sent": ledger.clean(sent, 32),
        "host": ledger.clean(call.host),
        "session": ledger.clean(call.session_id),
        "tool_kind": ledger.clean(call.kind),
        "tool": ledger.clean(call.tool),
        "summary": flatten(redact(ledger.call_text(call)), ledger.SUMMARY_LIMIT),
        "project": flatten(redact(project), 500),
        "project_exact": redact(project) == project,
        "cwd": flatten(redact(call.cwd or ""), 500),
        "parts": parts,
        "lineage": [[int(p), int(s)] for p, s in lineage][:MAX_ANCESTRY],
        "locked": never_loosened(list(decision.rule_ids)) or any(never_loosened(p["rules"]) for p in parts),
    }


def consume(key_hash: str, session: str, directory: str | None = None, now: int | None = None) -> dict | None:
    """Use an approved grant for this call, atomically; None when there is none (or the ledger cannot say).

    Bounded by the ledger's BUSY_MS. Never raises: a ledger in trouble means no grant.
    """
    directory = directory or ledger.state_dir()
    now = ledger.now_us() if now is None else now
    until = ledger.approvals_until(directory)
    if until is None or until < now:
        return None  # no approval was noted, or every one noted has expired: the database is not opened
    if not os.path.exists(ledger.db_path(directory)):
        return None
    try:
        conn = ledger.connect(directory, ledger.BUSY_MS)
    except Exception:
        return None
    try:
        return ledger.consume_grant(conn, directory, key_hash, session, now)
    except Exception as error:
        ledger.warn(f"grants: could not look up an approval ({ledger.describe(error)}); none was used")
        return None
    finally:
        conn.close()


# ---------------------------------------------------------------- resolving (a person's command)


def offers(grant: dict) -> list[str]:
    """What a person may choose for this grant, strictest last."""
    if grant.get("locked"):
        return [DENY]  # a floor that can never be loosened decided: no approval of any kind
    choices = [ONCE]
    if grant["verdict"] == "ask":
        if grant.get("session"):
            choices.append(SESSION)
        if grant.get("project") and grant.get("project_exact") and proposed_rule(grant) is not None:
            choices.append(PROJECT)
    choices.append(DENY)
    return choices


def status(grant: dict, now: int | None = None) -> str:
    now = ledger.now_us() if now is None else now
    state = grant["state"]
    if state in ("pending", "approved") and grant["expires_at"] < now:
        return "expired" if state == "pending" else "unused"
    return state


def resolve(
    grant_id: str,
    choice: str,
    *,
    by: str,
    how: str,
    directory: str | None = None,
    now: int | None = None,
) -> dict:
    """Record a person's choice for a pending grant; raises GrantError if it cannot be made."""
    directory = directory or ledger.state_dir()
    now = ledger.now_us() if now is None else now
    conn = ledger.open_ledger(directory)
    try:
        return ledger.resolve_grant(conn, directory, grant_id, choice, by, how, now, offers)
    finally:
        conn.close()


def record_attempt(grant_id: str, why: str, *, by: str, how: str, directory: str | None = None) -> None:
    """A refused attempt to resolve a grant goes into the chain too."""
    directory = directory or ledger.state_dir()
    try:
        conn = ledger.open_ledger(directory)
    except Exception as error:
        ledger.warn(f"grants: the refused attempt could not be recorded ({ledger.describe(error)})")
        return
    try:
        ledger.grant_event(conn, directory, grant_id, "refused", why, by, how)
    finally:
        conn.close()


def find(grant_id: str, directory: str | None = None) -> dict | None:
    conn = ledger.open_ledger(directory)
    try:
        return ledger.grant_by_id(conn, grant_id)
    finally:
        conn.close()


# ---------------------------------------------------------------- "always in this project": the user rule


def _pattern_word(word: str) -> str:
    """A literal word as a `commands` token (fnmatch): globbing characters only match themselves."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in word)


def proposed_rule(grant: dict) -> dict | None:
    """The user rule that allows exactly the judged parts of this call in its project, or None.

    Only the parts that asked are named, each by its exact text; only the floors that
    asked are loosened. None when a part's text was redacted (a secret would land in
    the policy file), or a part is of a kind a rule cannot name exactly.
    """
    import shlex

    if grant.get("locked") or grant["verdict"] != "ask" or not grant.get("project_exact"):
        return None
    asked = [p for p in grant["parts"] if p["verdict"] == "ask"]
    if not asked or any(not p.get("exact") for p in asked):
        return None
    rule: dict = {
        "id": f"grant-{grant['grant_id']}",
        "verdict": "allow",
        "reason": f"a person approved this in this project (grant {grant['grant_id']})",
        "projects": [grant["project"]],
    }
    loosens = sorted({r[len("floor.") :] for p in asked for r in p["rules"] if r.startswith("floor.")})
    kinds = {p["action"] for p in asked}
    shell = grant.get("tool_kind", "shell") == "shell"
    if shell:
        commands = []
        for part in asked:
            try:
                words = shlex.split(part["what"])
            except ValueError:
                return None
            if not words:
                return None
            commands.append(" ".join(shlex.quote(_pattern_word(w)) for w in words) + " $")
        rule["commands"] = commands
        rule["match"] = [p["what"] for p in asked]
    elif kinds <= {"read", "write", "edit", "delete"}:
        paths = [p["what"] for p in asked]
        if any(not os.path.isabs(p) or any(c in p for c in "*?[!\\#") for p in paths):
            return None
        rule["kinds"] = sorted(kinds)
        rule["paths"] = paths
        rule["match"] = [f"{p['action']} {p['what']}" for p in asked]
    else:
        return None
    if loosens:
        rule["loosens"] = loosens
    return rule


def rule_toml(rule: dict) -> str:
    """One [[rules]] table, in the order a person reads it."""
    lines = ["[[rules]]"]
    for name in ("id", "verdict", "reason", "projects", "kinds", "commands", "paths", "loosens", "match"):
        if name in rule:
            lines.append(f"{name} = {json.dumps(rule[name], ensure_ascii=False)}")
    return "\n".join(lines) + "\n"
