"""OMP (Oh My Pi): an extension (adapters/plugins/omp.ts) feeds `hookward hook omp`.

The wire is shared by every plugin host (adapters/_plugin_wire.py); this module
names OMP's tools.
"""

from __future__ import annotations

from hookward.adapters import _plugin_wire as wire
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "omp"

# OMP's built-in tools (@oh-my-pi/pi-coding-agent 18.3.4 src/tools/*.ts). bash
# takes its own cwd and env; read also takes URLs and internal URIs; an edit may
# carry derived `paths`. eval runs code, so it stays kind "other".
TOOLS: dict[str, wire.Tool] = {
    "bash": wire.Tool(wire.SHELL, ("command",), workdir="cwd", env="env"),
    "read": wire.Tool("read", ("path",)),
    "grep": wire.Tool("read", ("path",)),
    "glob": wire.Tool("read", ("path",)),
    "find": wire.Tool("read", ("path",)),
    "write": wire.Tool("write", ("path",)),
    "edit": wire.Tool("edit", ("path",), list_field="paths"),
}

MCP_PREFIX = "mcp__"


def mcp_name(tool_name: str) -> tuple[str, str] | None:
    """MCP tools are "mcp__<server>_<tool>" (src/mcp/tool-bridge.ts); the first "_" after the prefix splits.

    A server name that itself holds "_" is split too early; the registry's
    limitations say so.
    """
    if not tool_name.startswith(MCP_PREFIX):
        return None
    server, separator, tool = tool_name[len(MCP_PREFIX) :].partition("_")
    if not separator or not server or not tool:
        return None
    return server, tool.removeprefix("_")


def parse(event: str, payload: dict) -> ToolCall:
    return wire.tool_call(HOST, event, payload, tools=TOOLS, mcp_name=mcp_name)


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=False)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
