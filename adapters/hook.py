"""The hook path: one guarded run from host payload to wire answer.

Everything here fails closed. Any exception, an unreadable or oversized
payload, an unknown host or event, or a broken policy becomes the host's block
answer with a reason. Nothing but the answer is written to stdout; the
environment is never read for logging (hosts pass API keys to hooks there).
"""

from __future__ import annotations

import json
import os
import sys

from hookward.adapters import ADAPTERS
from hookward.adapters import adapter_for as adapters_for
from hookward.adapters.base import PayloadError, WireAnswer
from hookward.adapters.pipeline import APPROVAL, PRE, record_failure, record_post, run
from hookward.compat.answer import DENY, Answer, choose, choose_approval
from hookward.compat.registry import HOSTS_DIR, Capabilities, UnknownHost
from hookward.policy import budget
from hookward.policy.budget import BudgetExceeded, DeadlineExceeded
from hookward.verdicts.decision import Decision, Verdict

MAX_PAYLOAD_BYTES = 1 << 20  # 1 MiB: a tool call larger than this is refused unread, unless the user raised it
HARD_MAX_PAYLOAD_BYTES = 16 << 20  # what the user's `max_payload_bytes` may raise it to, and what is ever read

# How a refusal that comes from a failure (not from the policy) begins; doctor tells them apart by these.
FAILED_CLOSED = "hookward failed closed"
UNKNOWN_HOST = "hookward: unknown host"
UNKNOWN_EVENT = "hookward: unknown event"
BOM = b"\xef\xbb\xbf"


def adapter_for(host: str):  # type: ignore[no-untyped-def]
    """The adapter of a host that adapters.ADAPTERS and the registry both know (never another module)."""
    if host not in ADAPTERS or not os.path.exists(os.path.join(HOSTS_DIR, host + ".json")):
        raise UnknownHost(host)
    return adapters_for(host)


def payload_limit() -> int:
    """The user's `max_payload_bytes` (their own policy only), read only when a payload is over the default."""
    try:
        from hookward.policy.loader import load_policy

        limit = int(load_policy(None).settings.get("max_payload_bytes", MAX_PAYLOAD_BYTES))
    except Exception:
        return MAX_PAYLOAD_BYTES
    return max(MAX_PAYLOAD_BYTES, min(limit, HARD_MAX_PAYLOAD_BYTES))


def decode_payload(raw: bytes) -> dict:
    if len(raw) > MAX_PAYLOAD_BYTES:
        limit = payload_limit()
        if len(raw) > limit:
            raise PayloadError(
                f"the payload is over the {limit}-byte limit (a user can raise it with "
                f"`max_payload_bytes` in their own policy, up to {HARD_MAX_PAYLOAD_BYTES})"
            )
    if raw.startswith(BOM):
        raw = raw[len(BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PayloadError(f"payload is not valid UTF-8 (byte {error.start})") from None
    if not text.strip():
        raise PayloadError("empty payload")
    try:
        payload = json.loads(text)
    except ValueError as error:
        raise PayloadError(f"payload is not JSON ({error.msg} at {error.lineno}:{error.colno})") from None
    except RecursionError:  # nested deeper than the parser's stack: no host sends that, refused like broken JSON
        raise PayloadError("payload is nested too deeply to read") from None
    if not isinstance(payload, dict):
        raise PayloadError(f"payload must be a JSON object, not {type(payload).__name__}")
    return payload


def universal_block(reason: str) -> WireAnswer:
    """Exit 2 with the reason on stderr: the block answer of most stdio hosts."""
    return WireAnswer("", 2, reason)


def block_answer(adapter, event: str, reason: str) -> WireAnswer:  # type: ignore[no-untyped-def]
    try:
        return adapter.spell(Answer(DENY, reason, Verdict.DENY), event)
    except Exception:
        return universal_block(reason)


def handle(host: str, event: str, raw: bytes, unreadable: str | None = None) -> WireAnswer:
    """Pure function of (host, event, payload bytes) plus the policy files on disk.

    `unreadable` says why stdin gave no payload (a silent or endless stdin): the answer is the block.
    """
    call = role = None
    try:
        adapter = adapter_for(host)
    except Exception:
        reason = f"{UNKNOWN_HOST} {host!r}; refusing"
        return record_failure(host, event, None, universal_block(reason), reason)
    try:
        caps = Capabilities.of(adapter.HOST)
        role = caps.event_role(event)
        if role is None:
            reason = f"{UNKNOWN_EVENT} {event!r} for {host}; refusing"
            return record_failure(host, event, None, block_answer(adapter, event, reason), reason)
        if unreadable is not None:
            raise PayloadError(unreadable)
        payload = decode_payload(raw)
        adapter, caps, event = _payload_host(adapter, caps, event, payload)
        role = caps.event_role(event)
        if role is None:
            return block_answer(adapter, event, f"{UNKNOWN_EVENT} {event!r} for {adapter.HOST}; refusing")
        if role == "post":
            record_post(adapter.parse_post(event, payload))
            return adapter.spell_post(event)
        call = adapter.parse(event, payload)
        return _judge(adapter, caps, event, call, role)
    except BudgetExceeded as exceeded:  # the deadline: a refusal with its own reason, not a crash
        reason = f"{FAILED_CLOSED}: {exceeded.reason}"[:2000]
        wire = block_answer(adapter, event, reason)
        return wire if role == "post" else record_failure(host, event, call, wire, reason)
    except BaseException as error:  # fail closed, whatever broke (a Rust extension's panic is not an Exception)
        reason = f"{FAILED_CLOSED}: {type(error).__name__}: {error}"
        wire = block_answer(adapter, event, reason[:2000])
        return wire if role == "post" else record_failure(host, event, call, wire, reason)


def _payload_host(adapter, caps: Capabilities, event: str, payload: dict):  # type: ignore[no-untyped-def]
    """The adapter, facts and event name of the host that really sent this payload, and the release it names.

    A host that loads another host's hook files (Cursor runs Claude Code's) calls the other
    host's hook with its own payload; the adapter recognises that (`foreign_host`) and the
    answer is spelled and judged with the sender's own facts.
    """
    recognise = getattr(adapter, "foreign_host", None)
    other = recognise(payload, event) if recognise is not None else None
    if other is not None:
        host, event = other
        adapter = adapter_for(host)
        caps = Capabilities.of(adapter.HOST)
    read_version = getattr(adapter, "host_version", None)
    version = read_version(payload) if read_version is not None else None
    if version:
        caps = Capabilities(caps.data, version)
    return adapter, caps, event


def _judge(adapter, caps: Capabilities, event: str, call, role: str) -> WireAnswer:  # type: ignore[no-untyped-def]
    """A pre-tool or approval event through the one pipeline (adapters/pipeline.py), spelled by this host's adapter.

    An approval event settles the host's prompt by the rules of an explicit allow (compat.answer.choose_approval)
    and never opens a second grant; a grant its pre-tool event used is honoured there (read, not used again).
    """
    mode = call.permission_mode
    if role == "approval":

        def render(decision: Decision, settings, grant_id: str | None):  # type: ignore[no-untyped-def]
            return choose_approval(decision, caps, event, mode, settings.trusted_grade), decision

    else:

        def render(decision: Decision, settings, grant_id: str | None):  # type: ignore[no-untyped-def]
            return choose(decision, caps, event, mode, settings.trusted_grade, grant_id), decision

    outcome = run(
        call, APPROVAL if role == "approval" else PRE, render, lambda answer: adapter.spell(answer, event), quiet=True
    )
    return outcome.wire


class StdinTimeout(Exception):
    pass


def _first_value_end(buffer: bytes) -> int | None:
    """Where the first complete JSON value in `buffer` ends, or None while it is incomplete (or not JSON)."""
    start = len(BOM) if buffer.startswith(BOM) else 0
    try:
        text = buffer[start:].decode("utf-8")
    except UnicodeDecodeError as error:
        if error.end < len(buffer) - start:
            return len(buffer)  # invalid UTF-8 before the end: the payload is broken; decode_payload says how
        return None  # a character cut in half by the read: wait for the rest
    index = len(text) - len(text.lstrip())
    if index == len(text):
        return None
    try:
        _value, end = json.JSONDecoder().raw_decode(text, index)
    except ValueError:
        return None  # incomplete, or malformed: read on until EOF, the limit or the deadline
    except RecursionError:
        return len(buffer)  # nested too deeply to ever parse: stop reading; decode_payload refuses it
    return start + len(text[:end].encode("utf-8"))


def read_payload(fd: int, deadline: budget.Deadline, limit: int = HARD_MAX_PAYLOAD_BYTES) -> bytes:
    """The bytes of the first complete JSON value on `fd`, without waiting for end of file.

    A host that never closes stdin, or never writes to it, must not hang the hook:
    reads wait only until the deadline (select), stop at the first complete value,
    and stop at `limit` bytes. Raises StdinTimeout when the deadline passes first.
    """
    import select

    buffer = bytearray()
    while True:
        remaining = deadline.remaining()
        # What is already waiting is read even past the deadline (a hook starved of CPU on a busy machine
        # still answers for the payload it was given); only waiting for more is bounded by it.
        ready, _, _ = select.select([fd], [], [], max(remaining, 0))
        if not ready:
            if deadline.remaining() <= 0:
                raise StdinTimeout(
                    f"stdin sent no complete JSON payload within the {deadline.seconds:g} s deadline "
                    f"({len(buffer)} bytes read)"
                )
            continue  # the loop re-checks the deadline (and a fake clock in tests moves on)
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return bytes(buffer)  # end of file: whatever came is the payload
        buffer += chunk
        if len(buffer) > limit:
            return bytes(buffer)  # decode_payload refuses it by its size
        pending, _, _ = select.select([fd], [], [], 0)
        if pending or b"}" not in chunk:
            continue  # more is already waiting, or the object cannot have ended: no decode attempt yet
        end = _first_value_end(bytes(buffer))
        if end is not None:
            return bytes(buffer[:end])


def _stdin_payload(deadline: budget.Deadline) -> tuple[bytes, str | None]:
    stream = sys.stdin.buffer
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None  # an in-memory stdin (tests): it has an end
    if fd is None:
        try:
            return stream.read(HARD_MAX_PAYLOAD_BYTES + 1), None
        except Exception:
            return b"", None
    try:
        return read_payload(fd, deadline), None
    except StdinTimeout as error:
        return b"", str(error)
    except BudgetExceeded:
        return b"", f"stdin sent no complete JSON payload within the {deadline.seconds:g} s deadline"
    except OSError as error:
        return b"", f"stdin could not be read ({error.strerror or type(error).__name__})"


# The alarm comes this long after the deadline, so that the cooperative checks (which give a
# precise reason) answer first; it only catches what blocks where no check runs.
ALARM_GRACE_SECONDS = 0.25


def _raise_deadline(_signum: int, _frame: object) -> None:
    raise DeadlineExceeded("hookward ran out of time before it could judge this call (deadline alarm)")


def _arm_alarm(deadline: budget.Deadline) -> bool:
    """The last backstop: a SIGALRM at the deadline interrupts whatever still blocks (main thread only)."""
    import _signal as signal  # the C module: signal.py's enum wrappers are not needed here

    if not hasattr(signal, "setitimer"):
        return False

    def arm() -> None:
        signal.setitimer(signal.ITIMER_REAL, max(deadline.remaining(), 0) + ALARM_GRACE_SECONDS)

    try:
        signal.signal(signal.SIGALRM, _raise_deadline)
    except ValueError:  # not the main thread (threading is not imported just to ask)
        return False
    arm()
    deadline.on_change = arm
    return True


def _disarm_alarm() -> None:
    import _signal as signal

    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)


def main(host: str, event: str, clock=None) -> int:  # type: ignore[no-untyped-def]
    # The deadline runs from here, the first thing the hook does (interpreter start-up,
    # ~0.05 s, comes before it and is part of the margin below the host's timeout).
    deadline = budget.start_deadline(clock=clock)
    armed = clock is None and _arm_alarm(deadline)
    try:
        try:
            raw, unreadable = _stdin_payload(deadline)
            wire = handle(host, event, raw, unreadable)
        except DeadlineExceeded as exceeded:  # the alarm fired outside handle's own guard
            wire = universal_block(f"{FAILED_CLOSED}: {exceeded.reason}")
        except BaseException as error:  # nothing may end the hook without its block answer
            wire = universal_block(f"{FAILED_CLOSED}: {type(error).__name__}")
    finally:
        if armed:
            _disarm_alarm()
        budget.clear_deadline()
    if wire.stdout:
        sys.stdout.write(wire.stdout)
        sys.stdout.flush()
    if wire.stderr:
        sys.stderr.write(wire.stderr + "\n")
    return wire.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(*sys.argv[1:3]))
