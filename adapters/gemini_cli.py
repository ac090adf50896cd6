"""Gemini CLI: its own event names (BeforeTool, AfterTool) and a top-level `decision`.

Payload: session_id, transcript_path, cwd, hook_event_name, timestamp,
tool_name, tool_input and, for MCP tools, mcp_context {server_name,
tool_name, ...}; AfterTool adds tool_response {llmContent, returnDisplay,
error}. There is no permission mode and no tool-call id. The answer is
`{"decision": "deny", "reason": ...}` on stdout with exit 0. What Gemini CLI
does with each answer lives in compat/hosts/gemini-cli.json.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "gemini-cli"

BEFORE_TOOL = "BeforeTool"
AFTER_TOOL = "AfterTool"

# Gemini CLI exports the session's directory to hooks under this name.
PROJECT_ENV = ("GEMINI_PROJECT_DIR",)

# Built-in tool names (the *_TOOL_NAME constants in @google/gemini-cli's bundle) -> (kind, argument fields).
TOOLS: dict[str, claude_family.ToolSpec] = {
    "run_shell_command": ("shell", ("command",)),
    "read_file": ("read", ("file_path", "absolute_path")),
    "read_many_files": ("read", ("include", "paths")),
    "list_directory": ("search", ("dir_path", "path")),
    "glob": ("search", ("dir_path", "path")),
    "grep_search": ("search", ("dir_path", "path")),
    "search_file_content": ("search", ("dir_path", "path")),
    "write_file": ("write", ("file_path",)),
    "replace": ("edit", ("file_path",)),
    # web_fetch takes a prompt that contains the URL(s) to fetch.
    "web_fetch": ("web", ("url", "prompt")),
}

# The argument with which run_shell_command runs the command in another directory.
SHELL_DIR_FIELD = "dir_path"


def _mcp_context(payload: dict) -> tuple[str, str] | None:
    """Gemini names MCP tools mcp_<server>_<tool>, which cannot be split reliably; mcp_context tells."""
    context = payload.get("mcp_context")
    if context is None:
        return None
    if not isinstance(context, dict):
        raise PayloadError("field 'mcp_context' must be an object")
    server = get_str(context, "server_name", default="") or ""
    tool = get_str(context, "tool_name", default="") or ""
    return server, tool


def parse(event: str, payload: dict) -> ToolCall:
    if event not in (BEFORE_TOOL, AFTER_TOOL):
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd, PROJECT_ENV),
        session_id=get_str(payload, "session_id", default="") or "",
        tool_use_id="",  # Gemini CLI sends none
        permission_mode=None,  # Gemini CLI sends none: the registry's default mode applies
    )
    tool_name = get_str(payload, "tool_name", required=True) or ""
    mcp = _mcp_context(payload)
    if mcp is None and tool_name.startswith("mcp_") and not tool_name.startswith("mcp__"):
        # An MCP call without its context: the server is unknown, never a built-in tool.
        mcp = ("", tool_name[len("mcp_") :])
    return claude_family.tool_call(
        ctx, tool_name, get_dict(payload, "tool_input"), TOOLS, mcp=mcp, shell_cwd_field=SHELL_DIR_FIELD
    )


def parse_post(event: str, payload: dict) -> PostEvent:
    if event != AFTER_TOOL:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    call = parse(event, payload)
    response = payload.get("tool_response")
    failed = isinstance(response, dict) and response.get("error") not in (None, "", {})
    return PostEvent(call, failed=failed)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        return WireAnswer()
    decision = claude_family.decision_of(HOST, answer)
    return WireAnswer(dumps({"decision": decision, "reason": claude_family.reason_of(answer)}))


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
