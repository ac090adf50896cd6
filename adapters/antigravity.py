"""Antigravity (the IDE): no hooks, so hookward's MCP server is the only gate (paradigm mcp-only).

The IDE agent's own tools run without any hook reaching hookward; what
hookward can do is offer its policy-gated tools over MCP (`hookward mcp`) and
ask the model to act through them. There is no hook event: `parse`,
`parse_post` and `spell` refuse, and the hook runner then blocks whatever
called it. (The CLI, `agy`, has hooks: see adapters/antigravity_cli.py.) See
compat/hosts/antigravity.json.
"""

from __future__ import annotations

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "antigravity"

SERVER_NAME = "hookward"

# A third-party lead (context-mode), not vendor documentation: Antigravity reads GEMINI.md instructions.
RULES_FILE = "GEMINI.md"

INSTRUCTIONS = """\
## hookward

Act through the hookward MCP server's tools: run shell commands with its
`run_command` tool, read files with `read_file`, and change files with
`write_file` or `edit_file`, instead of the built-in terminal and file tools.
Use `check` to ask whether an action would be allowed before planning around it.
hookward applies the project's security policy; when it refuses an action,
tell the user why and do not retry the action another way.
"""


def mcp_server_entry(command: str = "hookward") -> dict:
    """The value of `mcpServers.hookward` in the IDE's mcp_config.json (path: a third-party lead)."""
    return {"command": command, "args": ["mcp"]}


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
