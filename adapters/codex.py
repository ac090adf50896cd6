"""Codex CLI: Claude Code's hook shape, with Codex's tools and a strict output schema.

Payload (PreToolUse, PostToolUse): session_id, turn_id, transcript_path, cwd,
hook_event_name, model, permission_mode, tool_name, tool_input, tool_use_id;
PostToolUse adds tool_response. Shell tools arrive as tool_name "Bash" with
tool_input.command; file edits as "apply_patch" with the raw patch text in
tool_input.command; MCP tools as mcp__<server>__<tool>. Codex rejects output
with unknown fields and a deny without a reason, so the answer carries
exactly hookEventName, permissionDecision and a non-empty
permissionDecisionReason. Which answers Codex honours (not ask, not a bare
allow) lives in compat/hosts/codex.json; the renderer reads it there.

PermissionRequest (Codex is about to route a call to its own approval: the
person, or its automatic reviewer) carries session_id, turn_id,
transcript_path, cwd, hook_event_name, model, permission_mode, tool_name
("Bash" for shell, exec and network approvals) and tool_input ({command,
description}), and no tool_use_id. It is answered with
hookSpecificOutput.decision {behavior: allow | deny, message}; Codex fails
closed on the reserved fields (updatedInput, updatedPermissions, interrupt),
so the answer never carries them. No output, or output Codex cannot read,
leaves the call to Codex's own approval.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "codex"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"
PERMISSION_REQUEST = "PermissionRequest"
EVENTS = (PRE_TOOL_USE, POST_TOOL_USE, PERMISSION_REQUEST)

SHELL = ("shell", ("command", "cmd"))
PATCH = ("patch", ("command", "input", "patch"))

# Hook-facing tool names -> (kind, argument fields). Current releases send "Bash" for every
# shell-like tool; the older spellings are kept so a renamed shell is never judged as "other".
TOOLS: dict[str, claude_family.ToolSpec] = {
    "Bash": SHELL,
    "shell": SHELL,
    "local_shell": SHELL,
    "shell_command": SHELL,
    "exec_command": SHELL,
    "unified_exec": SHELL,
    "container.exec": SHELL,
    "apply_patch": PATCH,
}


def parse(event: str, payload: dict) -> ToolCall:
    if event not in EVENTS:
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd),  # Codex exports no project variable: the git root above cwd
        session_id=get_str(payload, "session_id", default="") or "",
        tool_use_id=get_str(payload, "tool_use_id", default="") or "",
        permission_mode=get_str(payload, "permission_mode"),
    )
    tool_name = get_str(payload, "tool_name", required=True) or ""
    # The approval event always names the call's input: without it there is nothing to judge.
    arguments = get_dict(payload, "tool_input", required=event == PERMISSION_REQUEST)
    return claude_family.tool_call(ctx, tool_name, arguments, TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event != POST_TOOL_USE:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    call = parse(event, payload)
    response = payload.get("tool_response")
    failed = isinstance(response, dict) and (
        response.get("success") is False
        or response.get("is_error") is True
        or (isinstance(response.get("exit_code"), int) and response.get("exit_code") != 0)
    )
    return PostEvent(call, failed=failed)


def spell(answer: Answer, event: str) -> WireAnswer:
    # An explicit allow is rejected by Codex; whether to send it at all is the renderer's call (registry).
    if answer.kind == SILENT:
        return WireAnswer()
    if event == PERMISSION_REQUEST:
        return permission_request_answer(answer)
    return claude_family.hook_specific_answer(HOST, answer, event)


def permission_request_answer(answer: Answer) -> WireAnswer:
    """{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": ...}}}: nothing more."""
    if answer.kind == ALLOW:
        decision: dict = {"behavior": "allow"}
    elif answer.kind == DENY:
        decision = {"behavior": "deny", "message": claude_family.reason_of(answer)}
    else:
        raise PayloadError(f"{HOST} has no {PERMISSION_REQUEST} answer for {answer.kind!r}")
    return WireAnswer(dumps({"hookSpecificOutput": {"hookEventName": PERMISSION_REQUEST, "decision": decision}}))


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
