"""A person's controls over the gate, chained in the ledger: a pause, a trusted project policy.

A control is something only a person does from a terminal (hookward/cli_grant.py's proof: a
controlling terminal, a confirmation typed back, not a descendant of a host process the hook
recorded), and the gate denies it to every tool call (policy/protection.py HOOKWARD_CONTROLS).
Each use, and each refused attempt, is a chained `control` row in the ledger.

**A pause** (`hookward pause --for 15m`) is `pause.json` in hookward's state directory: when it
started and when it ends (at most MAX_PAUSE_SECONDS apart), who started it and the uid of its
chained row, under an HMAC with the per-install grant key (verdicts/grants.py). While it holds,
the hook answers no opinion and records `paused-<kind>`, as shadow mode does: self-protection
and failing closed stay on, so no tool call can extend it (the gate denies `hookward pause` and
writes to the state directory). A file that does not verify (edited, expired, over the bound,
another install's key) is no pause: the gate enforces.

The hook path reads only `paused()`: one failed open() when there is no pause; standard library only.
"""

from __future__ import annotations

import json
import os

from hookward.policy.safeio import open_regular, read_regular
from hookward.verdicts import ledger
from hookward.verdicts.redact import flatten, redact

PAUSE_NAME = "pause.json"
MAX_PAUSE_SECONDS = 8 * 3600
PAUSE_FORMAT = "hookward-pause 1"
KIND = "control"


def pause_path(directory: str | None = None) -> str:
    return os.path.join(directory or ledger.state_dir(), PAUSE_NAME)


# ---------------------------------------------------------------- the chained record


def record(action: str, summary: str, notes: list[str], *, by: str, how: str, directory: str | None = None) -> str:
    """Append a chained `control` row (action: pause, pause-off, trust, or <action>-refused); its uid.

    Raises when the ledger cannot take it: a control that cannot be recorded is not used.
    """
    directory = directory or ledger.state_dir()
    reasons = [flatten(redact(n), ledger.REASON_LIMIT) for n in notes][: ledger.MAX_REASONS - 2]
    row = ledger.note_row(KIND, summary, [*reasons, f"by {ledger.clean(by)}", ledger.clean(how)], [f"control:{action}"])
    row["verdict"] = ledger.clean(action, 32)
    conn = ledger.open_ledger(directory)
    try:
        ledger._in_write(conn, directory, lambda: ledger.insert(conn, row))
    finally:
        conn.close()
    return str(row["uid"])


def record_refusal(action: str, why: str, *, by: str, how: str, directory: str | None = None) -> None:
    """A refused attempt at a control goes into the chain too (never raises)."""
    try:
        record(f"{action}-refused", f"{action} refused: {why}", [why], by=by, how=how, directory=directory)
    except Exception as error:
        ledger.warn(f"the refused attempt could not be recorded ({ledger.describe(error)})")


# ---------------------------------------------------------------- the pause


def _pause_mac(key: bytes, data: dict) -> str:
    from hookward.verdicts import grants

    fields = [PAUSE_FORMAT, data["started_at"], data["until"], data["row"], data["by"]]
    return grants.mac(key, ledger.dumps(fields).encode("utf-8", "surrogatepass"))


def start_pause(seconds: int, *, by: str, how: str, directory: str | None = None, now: int | None = None) -> dict:
    """Record the pause in the ledger, then write the pause file; ValueError beyond the bound."""
    from hookward.verdicts import grants

    if not 0 < seconds <= MAX_PAUSE_SECONDS:
        raise ValueError(f"a pause lasts more than 0 s and at most {MAX_PAUSE_SECONDS // 3600} h, not {seconds} s")
    directory = directory or ledger.state_dir()
    started = ledger.now_us() if now is None else now
    until = started + seconds * 1_000_000
    uid = record(
        "pause",
        f"paused until {ledger.iso(until)}",
        [f"for {seconds} s: the hook answers no opinion; self-protection and failing closed stay on"],
        by=by,
        how=how,
        directory=directory,
    )
    data = {"started_at": started, "until": until, "row": uid, "by": ledger.clean(by)}
    data["mac"] = _pause_mac(grants.install_key(directory), data)
    path = pause_path(directory)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.unlink(temporary)
    except FileNotFoundError:
        pass
    fd = open_regular(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600, nofollow=True)
    try:
        os.write(fd, ledger.dumps(data).encode())
    finally:
        os.close(fd)
    os.replace(temporary, path)
    return data


def end_pause(*, by: str, how: str, directory: str | None = None) -> dict | None:
    """End the pause (remove its file, record it); the pause that was active, or None."""
    directory = directory or ledger.state_dir()
    active = paused(directory)
    try:
        os.unlink(pause_path(directory))
    except FileNotFoundError:
        return None
    if active is not None:
        record(
            "pause-off", "pause ended", [f"it would have lasted until {ledger.iso(active['until'])}"], by=by, how=how
        )
    return active


def paused(directory: str | None = None, now: int | None = None) -> dict | None:
    """The pause in force now, or None: absent, expired, over the bound or not verifiable. Never raises."""
    try:
        path = pause_path(directory)
        raw = read_regular(path, 4096, nofollow=True)
    except FileNotFoundError:
        return None
    except Exception:
        return None
    try:
        from hookward.verdicts import grants

        data = json.loads(raw)
        started, until = data["started_at"], data["until"]
        if not (isinstance(started, int) and isinstance(until, int) and isinstance(data["mac"], str)):
            raise ValueError("fields")
        if not 0 < until - started <= MAX_PAUSE_SECONDS * 1_000_000:
            raise ValueError("over the bound")
        from _operator import _compare_digest

        if not _compare_digest(_pause_mac(grants.install_key(directory), data), data["mac"]):
            raise ValueError("the MAC does not match")
    except Exception:
        ledger.warn(f"{PAUSE_NAME} does not verify; hookward is not paused")
        return None
    now = ledger.now_us() if now is None else now
    return data if started <= now < until else None
