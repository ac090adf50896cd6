"""Pi (pi-coding-agent): an extension (adapters/plugins/pi.ts) feeds `hookward hook pi`.

The wire is shared by every plugin host (adapters/_plugin_wire.py); this module
names Pi's tools. Pi has no native MCP, so there is no MCP name rule.
"""

from __future__ import annotations

from hookward.adapters import _plugin_wire as wire
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "pi"

# Pi's built-in tools (@mariozechner/pi-coding-agent 0.73.1 dist/core/tools/*.js).
TOOLS: dict[str, wire.Tool] = {
    "bash": wire.Tool(wire.SHELL, ("command",)),
    "read": wire.Tool("read", ("path",)),
    "grep": wire.Tool("read", ("path",)),
    "find": wire.Tool("read", ("path",)),
    "ls": wire.Tool("read", ("path",)),
    "write": wire.Tool("write", ("path",)),
    "edit": wire.Tool("edit", ("path",)),
}


def parse(event: str, payload: dict) -> ToolCall:
    return wire.tool_call(HOST, event, payload, tools=TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=False)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
