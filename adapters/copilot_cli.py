"""GitHub Copilot CLI: camelCase events and payloads, a top-level permissionDecision.

hookward registers the camelCase events (preToolUse, postToolUse,
postToolUseFailure), whose payload is {sessionId, timestamp, cwd, toolName,
toolArgs}; toolArgs may arrive as a JSON-encoded string. A hook registered
under the PascalCase names gets VS Code's snake_case payload instead, so both
spellings are read. There is no permission mode and no tool-call id. The
answer is {permissionDecision, permissionDecisionReason} at the top level.
What Copilot CLI does with each answer lives in compat/hosts/copilot-cli.json.

permissionRequest (Copilot CLI is about to ask for a tool permission) sends
{hookName, sessionId, timestamp, cwd, toolName, toolInput,
permissionSuggestions}: the arguments are `toolInput` there, and there is no
tool-call id. It is answered with {behavior: allow | deny, message} at the
top level; no output leaves the permission to Copilot CLI's own flow.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "copilot-cli"

PRE_TOOL_USE = "preToolUse"
POST_TOOL_USE = "postToolUse"
POST_TOOL_USE_FAILURE = "postToolUseFailure"
PERMISSION_REQUEST = "permissionRequest"
EVENTS = (PRE_TOOL_USE, POST_TOOL_USE, POST_TOOL_USE_FAILURE, PERMISSION_REQUEST)

# Runtime tool names (docs: "Tool names for hook matching"), plus the Claude names the
# PascalCase payloads report, so a hook registered either way is understood.
TOOLS: dict[str, claude_family.ToolSpec] = {
    "bash": ("shell", ("command",)),
    "powershell": ("shell", ("command",)),
    "view": ("read", ("path", "file_path")),
    "glob": ("search", ("path",)),
    "grep": ("search", ("path",)),
    "rg": ("search", ("path",)),
    "create": ("write", ("path", "file_path")),
    "edit": ("edit", ("path", "file_path")),
    "str_replace_editor": ("edit", ("path", "file_path")),
    "apply_patch": ("patch", ("input", "patch", "command")),
    "web_fetch": ("web", ("url",)),
    "Bash": ("shell", ("command",)),
    "Read": ("read", ("path", "file_path")),
    "Write": ("write", ("path", "file_path")),
    "Edit": ("edit", ("path", "file_path")),
    "Grep": ("search", ("path",)),
    "Glob": ("search", ("path",)),
    "WebFetch": ("web", ("url",)),
}


def parse(event: str, payload: dict) -> ToolCall:
    if event not in EVENTS:
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd),  # no project variable is documented: the git root above cwd
        session_id=get_str(payload, "sessionId", "session_id", default="") or "",
        tool_use_id="",  # Copilot CLI sends none
        permission_mode=None,  # Copilot CLI sends none: the registry's default mode applies
    )
    tool_name = get_str(payload, "toolName", "tool_name", required=True) or ""
    # permissionRequest names the arguments toolInput; the tool events toolArgs (tool_input: the PascalCase payloads).
    fields = ("toolInput", "tool_input") if event == PERMISSION_REQUEST else ("toolArgs", "tool_input")
    arguments = get_dict(payload, *fields, required=event == PERMISSION_REQUEST)
    return claude_family.tool_call(ctx, tool_name, arguments, TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event not in (POST_TOOL_USE, POST_TOOL_USE_FAILURE):
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    call = parse(event, payload)
    result = payload.get("toolResult", payload.get("tool_result"))
    result_type = None
    if isinstance(result, dict):
        result_type = result.get("resultType", result.get("result_type"))
    failed = event == POST_TOOL_USE_FAILURE or result_type in ("failure", "denied", "error")
    return PostEvent(call, failed=failed)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        return WireAnswer()
    if event == PERMISSION_REQUEST:
        return permission_request_answer(answer)
    return claude_family.flat_answer(HOST, answer)


def permission_request_answer(answer: Answer) -> WireAnswer:
    """{"behavior": "allow"} or {"behavior": "deny", "message": ...} at the top level."""
    if answer.kind == ALLOW:
        return WireAnswer(dumps({"behavior": "allow"}))
    if answer.kind == DENY:
        return WireAnswer(dumps({"behavior": "deny", "message": claude_family.reason_of(answer)}))
    raise PayloadError(f"{HOST} has no {PERMISSION_REQUEST} answer for {answer.kind!r}")


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
