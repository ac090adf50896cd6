"""Zed: no hooks, so hookward's MCP server is the only gate (paradigm mcp-only).

Zed's agent tools (terminal, edit_file, read_file, ...) run under Zed's own
tool permissions; no hook reaches hookward before them. What hookward can do
is offer its policy-gated tools over MCP (`hookward mcp`) and ask the model to
act through them. There is no hook event: `parse`, `parse_post` and `spell`
refuse, and the hook runner then blocks whatever called it. See
compat/hosts/zed.json.

Where hookward's MCP server entry goes, how it is spelled and which instruction
file (if any) is told to route through it are registry facts
(compat/hosts/zed.json `install`, `config_locations`), which
adapters/installers.py reads; this module holds no path of its own.
"""

from __future__ import annotations

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "zed"


def _no_hooks(what: str) -> PayloadError:
    return PayloadError(f"{HOST} has no hook events ({what}); only hookward's MCP server gates calls there")


def parse(event: str, payload: dict) -> ToolCall:
    raise _no_hooks(f"pre-tool event {event!r}")


def parse_post(event: str, payload: dict) -> PostEvent:
    raise _no_hooks(f"post-tool event {event!r}")


def spell(answer: Answer, event: str) -> WireAnswer:
    raise _no_hooks(f"answer to {event!r}")


def spell_post(event: str) -> WireAnswer:
    raise _no_hooks(f"answer to {event!r}")
