"""What every host adapter provides: the typed boundary between a host's wire format and the pipeline.

An adapter is a module listed in `adapters.ADAPTERS`. The hook path never
imports this file (typing costs milliseconds per hook process); mypy and the
conformance suite (tests/test_host_conformance.py) check each adapter module
against it.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall


@runtime_checkable
class HostAdapter(Protocol):
    HOST: str  # the host id, as on the command line and in compat/hosts/

    def parse(self, event: str, payload: dict) -> ToolCall:
        """A pre-tool (or approval) event's payload as a ToolCall; PayloadError when it is not understood."""
        ...

    def parse_post(self, event: str, payload: dict) -> PostEvent:
        """A post-tool event's payload: what resolves a pending grant."""
        ...

    def spell(self, answer: Answer, event: str) -> WireAnswer:
        """An answer from adapters.render in the host's wire format (stdout, exit code, stderr)."""
        ...

    def spell_post(self, event: str) -> WireAnswer:
        """What to print after a post-tool event."""
        ...
