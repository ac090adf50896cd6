"""Claude Code: JSON on stdin, `hookSpecificOutput.permissionDecision` on stdout.

Payload (PreToolUse, PostToolUse, PostToolUseFailure): session_id, cwd,
permission_mode, tool_name, tool_input, tool_use_id. Facts about what Claude
Code does with each answer live in compat/hosts/claude-code.json; this module
only spells the wire format.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, get_dict, get_str, project_root_for
from hookward.adapters.render import SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "claude-code"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"
POST_TOOL_USE_FAILURE = "PostToolUseFailure"
EVENTS = (PRE_TOOL_USE, POST_TOOL_USE, POST_TOOL_USE_FAILURE)

# The project directory Claude Code exports to hooks.
PROJECT_ENV = ("CLAUDE_PROJECT_DIR",)

# tool name -> (kind, the tool_input fields that carry its command, path or url)
TOOLS: dict[str, claude_family.ToolSpec] = {
    "Bash": ("shell", ("command",)),
    "PowerShell": ("shell", ("command",)),
    "Read": ("read", ("file_path",)),
    "Glob": ("search", ("path",)),
    "Grep": ("search", ("path",)),
    "LS": ("search", ("path",)),
    "NotebookRead": ("read", ("notebook_path",)),
    "Write": ("write", ("file_path",)),
    "Edit": ("edit", ("file_path",)),
    "MultiEdit": ("edit", ("file_path",)),
    "NotebookEdit": ("edit", ("notebook_path",)),
    "WebFetch": ("web", ("url",)),
    "WebSearch": ("other", ()),
}


def parse(event: str, payload: dict) -> ToolCall:
    if event not in EVENTS:
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd, PROJECT_ENV),
        # VS Code runs the hooks in ~/.claude/settings.json with its own camelCase sessionId.
        session_id=get_str(payload, "session_id", "sessionId", default="") or "",
        tool_use_id=get_str(payload, "tool_use_id", default="") or "",
        permission_mode=get_str(payload, "permission_mode"),
    )
    tool_name = get_str(payload, "tool_name", required=True) or ""
    return claude_family.tool_call(ctx, tool_name, get_dict(payload, "tool_input"), TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event not in (POST_TOOL_USE, POST_TOOL_USE_FAILURE):
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    call = parse(event, payload)
    response = payload.get("tool_response")
    reported_failure = isinstance(response, dict) and (
        response.get("is_error") is True or response.get("success") is False
    )
    return PostEvent(call, failed=event == POST_TOOL_USE_FAILURE or reported_failure)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        return WireAnswer()
    return claude_family.hook_specific_answer(HOST, answer, event)


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
