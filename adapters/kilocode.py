"""Kilo Code (the OpenCode fork): adapters/plugins/kilocode.js feeds `hookward hook kilocode`.

The shim and the wire are shared by every plugin host (adapters/_plugin_wire.py);
this module names Kilo's tools (those of OpenCode). Facts about what Kilo does with a
thrown Error, a hung plugin and so on live in compat/hosts/kilocode.json.
"""

from __future__ import annotations

from hookward.adapters import _plugin_wire as wire
from hookward.adapters import opencode
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "kilocode"

# Kilo keeps OpenCode's tool ids and argument names (@kilocode/cli-linux-x64 7.7.9)
# and adds its own; notebook_execute runs code, so it stays kind "other".
TOOLS: dict[str, wire.Tool] = {
    **opencode.TOOLS,
    "notebook_read": wire.Tool("read", ("path",)),
    "notebook_edit": wire.Tool("edit", ("path",)),
}


def parse(event: str, payload: dict) -> ToolCall:
    return wire.tool_call(HOST, event, payload, tools=TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=False)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
