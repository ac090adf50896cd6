"""OpenCode: an in-process plugin (adapters/plugins/opencode.js) feeds `hookward hook opencode`.

The shim and the wire are shared by every plugin host (adapters/_plugin_wire.py);
this module names OpenCode's tools. Facts about what OpenCode does with a
thrown Error, a hung plugin and so on live in compat/hosts/opencode.json.
"""

from __future__ import annotations

from hookward.adapters import _plugin_wire as wire
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "opencode"

# OpenCode's built-in tool ids and their argument names (opencode-ai 1.18.33).
# MCP tools arrive as "<server>_<tool>", which no name rule can tell from a
# built-in or plugin tool, so an unknown name is kind "other".
TOOLS: dict[str, wire.Tool] = {
    "bash": wire.Tool(wire.SHELL, ("command",), workdir="workdir"),
    "read": wire.Tool("read", ("filePath",)),
    "glob": wire.Tool("read", ("path",)),
    "grep": wire.Tool("read", ("path",)),
    "list": wire.Tool("read", ("path",)),
    "lsp": wire.Tool("read", ("filePath",)),
    "write": wire.Tool("write", ("filePath",)),
    "edit": wire.Tool("edit", ("filePath",)),
    "multiedit": wire.Tool("edit", ("filePath",)),
    "apply_patch": wire.Tool(wire.PATCH, ("patchText",)),
    "patch": wire.Tool(wire.PATCH, ("patchText",)),
    "webfetch": wire.Tool("web", ("url",)),
}


def parse(event: str, payload: dict) -> ToolCall:
    return wire.tool_call(HOST, event, payload, tools=TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=False)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
