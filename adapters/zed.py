"""Zed: no hooks, so hookward's MCP server is the only gate (paradigm mcp-only).

Zed's agent tools (terminal, edit_file, read_file, ...) run under Zed's own
tool permissions; no hook reaches hookward before them. What hookward can do
is offer its policy-gated tools over MCP (`hookward mcp`) and ask the model to
act through them. There is no hook event: `parse`, `parse_post` and `spell`
refuse, and the hook runner then blocks whatever called it. See
compat/hosts/zed.json.
"""

from __future__ import annotations

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "zed"

SERVER_NAME = "hookward"

# A project rules file Zed reads (a lead, not checked against Zed's docs here); INSTRUCTIONS go there.
RULES_FILE = ".rules"

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
    """The value of `context_servers.hookward` in Zed's settings.json."""
    return {"source": "custom", "command": command, "args": ["mcp"], "env": {}}


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
