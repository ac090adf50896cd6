"""The hook path: one guarded run from host payload to wire answer.

Everything here fails closed. Any exception, an unreadable or oversized
payload, an unknown host or event, or a broken policy becomes the host's block
answer with a reason. Nothing but the answer is written to stdout; the
environment is never read for logging (hosts pass API keys to hooks there).
"""

from __future__ import annotations

import importlib
import json
import os
import sys

from hookward.adapters.base import PayloadError, WireAnswer
from hookward.adapters.render import DENY, Answer, choose
from hookward.compat.registry import HOSTS_DIR, Capabilities, UnknownHost
from hookward.verdicts.decision import Decision, Verdict

MAX_PAYLOAD_BYTES = 1 << 20  # 1 MiB: a tool call larger than this is refused unread

# How a refusal that comes from a failure (not from the policy) begins; doctor tells them apart by these.
FAILED_CLOSED = "hookward failed closed"
UNKNOWN_HOST = "hookward: unknown host"
UNKNOWN_EVENT = "hookward: unknown event"
BOM = b"\xef\xbb\xbf"


def adapter_for(host: str):  # type: ignore[no-untyped-def]
    """The adapter module of a host the registry knows (never any other module under adapters/)."""
    if not host.replace("-", "").isalnum() or not os.path.exists(os.path.join(HOSTS_DIR, host + ".json")):
        raise UnknownHost(host)
    try:
        return importlib.import_module("hookward.adapters." + host.replace("-", "_"))
    except ModuleNotFoundError:
        raise UnknownHost(host) from None


def decode_payload(raw: bytes) -> dict:
    if len(raw) > MAX_PAYLOAD_BYTES:
        raise PayloadError(f"payload of {len(raw)} bytes is over the {MAX_PAYLOAD_BYTES}-byte limit")
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


def handle(host: str, event: str, raw: bytes) -> WireAnswer:
    """Pure function of (host, event, payload bytes) plus the policy files on disk."""
    try:
        adapter = adapter_for(host)
    except Exception:
        return universal_block(f"{UNKNOWN_HOST} {host!r}; refusing")
    try:
        caps = Capabilities.of(adapter.HOST)
        role = caps.event_role(event)
        if role is None:
            return block_answer(adapter, event, f"{UNKNOWN_EVENT} {event!r} for {host}; refusing")
        payload = decode_payload(raw)
        if role == "post":
            post = adapter.parse_post(event, payload)
            _record_post(post)
            return adapter.spell_post(event)
        call = adapter.parse(event, payload)
        from hookward.policy.engine import evaluate_call

        decision, settings = evaluate_call(call)
        answer = choose(decision, caps, event, call.permission_mode, settings.trusted_grade)
        wire = adapter.spell(answer, event)
        _record_pre(call, decision, answer, wire)
        return wire
    except Exception as error:  # fail closed, whatever broke
        reason = f"{FAILED_CLOSED}: {type(error).__name__}: {error}"
        return block_answer(adapter, event, reason[:2000])


def _record_pre(call, decision: Decision, answer: Answer, wire: WireAnswer) -> None:  # type: ignore[no-untyped-def]
    """Ledger write; bounded and never able to change the answer."""
    try:
        from hookward.verdicts import ledger
    except ImportError:
        return
    try:
        ledger.record_decision(call, decision, answer.kind, wire)
    except Exception as error:
        sys.stderr.write(f"hookward: ledger write failed: {type(error).__name__}\n")


def _record_post(post) -> None:  # type: ignore[no-untyped-def]
    try:
        from hookward.verdicts import ledger
    except ImportError:
        return
    try:
        ledger.record_post(post)
    except Exception as error:
        sys.stderr.write(f"hookward: ledger write failed: {type(error).__name__}\n")


def main(host: str, event: str) -> int:
    try:
        raw = sys.stdin.buffer.read(MAX_PAYLOAD_BYTES + 1)
    except Exception:
        raw = b""
    wire = handle(host, event, raw)
    if wire.stdout:
        sys.stdout.write(wire.stdout)
        sys.stdout.flush()
    if wire.stderr:
        sys.stderr.write(wire.stderr + "\n")
    return wire.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(*sys.argv[1:3]))
