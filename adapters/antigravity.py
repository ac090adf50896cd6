"""Antigravity (the IDE): no hooks, so hookward's MCP server is the only gate (paradigm mcp-only).

The IDE agent's own tools run without any hook reaching hookward; what
hookward can do is offer its policy-gated tools over MCP (`hookward mcp`) and
ask the model to act through them. There is no hook event: `parse`,
`parse_post` and `spell` refuse, and the hook runner then blocks whatever
called it. (The CLI, `agy`, has hooks: see adapters/antigravity_cli.py.) See
compat/hosts/antigravity.json.

Where hookward's MCP server entry goes, how it is spelled and which instruction
file (if any) is told to route through it are registry facts
(compat/hosts/antigravity.json `install`, `config_locations`), which
adapters/installers.py reads; this module holds no path of its own.
"""

from __future__ import annotations

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "antigravity"


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
