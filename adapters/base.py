"""What every adapter shares: the wire answer, post-tool events, payload access.

An adapter module (one per host, listed in `adapters.ADAPTERS`; typed in adapters/protocol.py) provides:

    HOST: str                                   # the host id, as on the command line
    parse(event, payload) -> ToolCall           # a pre-tool event
    parse_post(event, payload) -> PostEvent     # a post-tool event
    spell(answer, event) -> WireAnswer          # an Answer from adapters.render
    spell_post(event) -> WireAnswer             # what to print after a post-tool event

Payload errors raise PayloadError; the hook runner turns any exception into
the host's block answer.
"""

from __future__ import annotations

import json
import os

from hookward.policy.toolcall import ToolCall


class PayloadError(ValueError):
    """The host's payload is not what this adapter understands: refuse."""


class WireAnswer:
    __slots__ = ("stdout", "exit_code", "stderr")

    def __init__(self, stdout: str = "", exit_code: int = 0, stderr: str = "") -> None:
        self.stdout = stdout
        self.exit_code = exit_code
        self.stderr = stderr

    def to_dict(self) -> dict[str, object]:
        return {"stdout": self.stdout, "exit_code": self.exit_code, "stderr": self.stderr}

    def __repr__(self) -> str:
        return f"WireAnswer(stdout={self.stdout!r}, exit_code={self.exit_code}, stderr={self.stderr!r})"


class PostEvent:
    """A post-tool event: what resolves a pending grant in the ledger."""

    __slots__ = ("call", "failed")

    def __init__(self, call: ToolCall, failed: bool) -> None:
        self.call = call
        self.failed = failed


def dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def get_str(payload: dict, *names: str, default: str | None = None, required: bool = False) -> str | None:
    """The first present field among `names`; it must be a string."""
    for name in names:
        if name in payload and payload[name] is not None:
            value = payload[name]
            if not isinstance(value, str):
                raise PayloadError(f"field {name!r} must be a string, not {type(value).__name__}")
            return value
    if required:
        raise PayloadError(f"missing field {' or '.join(repr(n) for n in names)}")
    return default


def get_dict(payload: dict, *names: str, required: bool = False) -> dict:
    for name in names:
        if name in payload and payload[name] is not None:
            value = payload[name]
            if isinstance(value, str):
                # Some hosts send tool arguments as a JSON string.
                try:
                    value = json.loads(value)
                except ValueError:
                    raise PayloadError(f"field {name!r} is a string that is not JSON") from None
            if not isinstance(value, dict):
                raise PayloadError(f"field {name!r} must be an object, not {type(value).__name__}")
            return value
    if required:
        raise PayloadError(f"missing field {' or '.join(repr(n) for n in names)}")
    return {}


def project_root_for(cwd: str | None, env_names: tuple[str, ...] = ()) -> str | None:
    """The project root: a host-provided project variable, else the nearest git root above cwd, else cwd."""
    for name in env_names:
        value = os.environ.get(name)
        if value:
            return value
    if not cwd:
        return None
    current = os.path.abspath(cwd)
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return os.path.abspath(cwd)
        current = parent
