"""Claude Code: JSON on stdin, `hookSpecificOutput.permissionDecision` on stdout.

Payload (PreToolUse, PostToolUse, PostToolUseFailure): session_id, cwd,
permission_mode, tool_name, tool_input, tool_use_id. PermissionRequest (the
host is about to show its own permission dialog) carries tool_name and
tool_input but no tool_use_id, and is answered with
`hookSpecificOutput.decision.behavior`. Facts about what Claude Code does with
each answer live in compat/hosts/claude-code.json; this module only spells the
wire format.

Cursor loads Claude Code's hook files too: a payload with Cursor's own fields
(`cursor_version`, or `conversation_id` with `generation_id` and no
`session_id`) is Cursor calling, and `foreign_host` hands it to Cursor's
adapter, facts and wire format.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "claude-code"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"
POST_TOOL_USE_FAILURE = "PostToolUseFailure"
PERMISSION_REQUEST = "PermissionRequest"
EVENTS = (PRE_TOOL_USE, POST_TOOL_USE, POST_TOOL_USE_FAILURE, PERMISSION_REQUEST)

# Cursor's event for each Claude Code event its payload can arrive on.
CURSOR_EVENTS = {
    PRE_TOOL_USE: "preToolUse",
    POST_TOOL_USE: "postToolUse",
    POST_TOOL_USE_FAILURE: "postToolUseFailure",
}
CURSOR_MARKS = ("cursor_version",)

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


def foreign_host(payload: dict, event: str) -> tuple[str, str] | None:
    """(host, its event) when another host sent this payload to Claude Code's hook, else None."""
    cursor = any(mark in payload for mark in CURSOR_MARKS) or (
        "conversation_id" in payload and "generation_id" in payload and "session_id" not in payload
    )
    if not cursor:
        return None
    said = payload.get("hook_event_name")
    if isinstance(said, str) and said in CURSOR_EVENTS.values():
        return "cursor", said
    # An event Cursor has no counterpart for: its adapter refuses it in Cursor's format.
    return "cursor", CURSOR_EVENTS.get(event, event)


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
    if event == PERMISSION_REQUEST:
        return permission_request_answer(answer)
    return claude_family.hook_specific_answer(HOST, answer, event)


def permission_request_answer(answer: Answer) -> WireAnswer:
    """{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": ...}}}."""
    if answer.kind == ALLOW:
        decision: dict = {"behavior": "allow"}
    elif answer.kind == DENY:
        decision = {"behavior": "deny", "message": claude_family.reason_of(answer)}
    else:
        raise PayloadError(f"{HOST} has no {PERMISSION_REQUEST} answer for {answer.kind!r}")
    return WireAnswer(dumps({"hookSpecificOutput": {"hookEventName": PERMISSION_REQUEST, "decision": decision}}))


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
