"""OpenClaw: a gateway plugin (adapters/plugins/openclaw.js) feeds `hookward hook openclaw`.

The wire is shared by every plugin host (adapters/_plugin_wire.py). OpenClaw is
the one plugin host with an ask channel: the shim turns an "ask" answer into
`requireApproval`, which the renderer sends only because
compat/hosts/openclaw.json says a prompt reaches a person.
"""

from __future__ import annotations

from hookward.adapters import _plugin_wire as wire
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "openclaw"

# OpenClaw's core tools (openclaw 2026.9.6 docs/tools/*.md, dist/tools-*.mjs).
TOOLS: dict[str, wire.Tool] = {
    "exec": wire.Tool(wire.SHELL, ("command",), workdir="workdir", env="env"),
    "read": wire.Tool("read", ("path", "file_path")),
    "write": wire.Tool("write", ("path", "file_path")),
    "edit": wire.Tool("edit", ("path", "file_path")),
    "apply_patch": wire.Tool(wire.PATCH, ("input",)),
    "web_fetch": wire.Tool("web", ("url",)),
}

# `toolKind` values that give a shared tool name another meaning: an outer Code
# Mode call is named "exec" but carries JavaScript, not a shell command.
OTHER_KINDS = {"code_mode_exec": "other"}


def mcp_name(tool_name: str) -> tuple[str, str] | None:
    """Bundled MCP tools are "<server>__<tool>" (dist/agent-bundle-mcp-names-*.mjs)."""
    server, separator, tool = tool_name.partition("__")
    if not separator or not server or not tool:
        return None
    return server, tool


def parse(event: str, payload: dict) -> ToolCall:
    return wire.tool_call(HOST, event, payload, tools=TOOLS, mcp_name=mcp_name, other_kinds=OTHER_KINDS)


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=True)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
