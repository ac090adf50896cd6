"""Claude Code: JSON on stdin, `hookSpecificOutput.permissionDecision` on stdout.

Facts about what Claude Code does with each answer live in
compat/hosts/claude-code.json; this module only spells the wire format.
"""

from __future__ import annotations

from adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from adapters.render import ALLOW, ASK, DENY, SILENT, Answer
from policy.toolcall import ToolCall

HOST = "claude-code"

# tool name -> (kind, the tool_input fields that carry its path or command)
TOOLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Bash": ("shell", ("command",)),
    "Read": ("read", ("file_path",)),
    "Glob": ("read", ("path",)),
    "Grep": ("read", ("path",)),
    "LS": ("read", ("path",)),
    "NotebookRead": ("read", ("notebook_path",)),
    "Write": ("write", ("file_path",)),
    "Edit": ("edit", ("file_path",)),
    "MultiEdit": ("edit", ("file_path",)),
    "NotebookEdit": ("edit", ("notebook_path",)),
    "WebFetch": ("web", ("url",)),
    "WebSearch": ("other", ()),
}


def tool_call_from(
    host: str,
    event: str,
    tool_name: str,
    tool_input: dict,
    *,
    tools: dict[str, tuple[str, tuple[str, ...]]],
    cwd: str | None,
    session_id: str,
    tool_use_id: str,
    permission_mode: str | None,
    project_env: tuple[str, ...] = (),
    mcp_separator: str = "__",
) -> ToolCall:
    """Normalize a Claude-shaped tool call (shared by the hosts that copy Claude's format)."""
    project_root = project_root_for(cwd, project_env)
    common = dict(
        tool=tool_name,
        cwd=cwd,
        project_root=project_root,
        host=host,
        event=event,
        session_id=session_id,
        tool_use_id=tool_use_id,
        permission_mode=permission_mode,
    )
    if tool_name.startswith("mcp" + mcp_separator):
        pieces = tool_name.split(mcp_separator, 2)
        server = pieces[1] if len(pieces) > 1 else ""
        tool = pieces[2] if len(pieces) > 2 else ""
        return ToolCall("mcp", mcp_server=server, mcp_tool=tool, **common)  # type: ignore[arg-type]
    kind, fields = tools.get(tool_name, ("other", ()))
    if kind == "shell":
        command = get_str(tool_input, *fields, required=True)
        return ToolCall("shell", command=command, **common)  # type: ignore[arg-type]
    if kind == "web":
        return ToolCall("web", url=get_str(tool_input, *fields, default=""), **common)  # type: ignore[arg-type]
    if kind in ("read", "write", "edit", "delete"):
        path = get_str(tool_input, *fields, required=kind != "read")
        # A search tool without a path searches the working directory.
        return ToolCall(kind, paths=[path or cwd or "."], **common)  # type: ignore[arg-type]
    return ToolCall("other", **common)  # type: ignore[arg-type]


def _common(payload: dict) -> tuple[str, dict, str | None, str, str, str | None]:
    tool_name = get_str(payload, "tool_name", required=True) or ""
    tool_input = get_dict(payload, "tool_input")
    cwd = get_str(payload, "cwd")
    session_id = get_str(payload, "session_id", default="") or ""
    tool_use_id = get_str(payload, "tool_use_id", default="") or ""
    mode = get_str(payload, "permission_mode")
    return tool_name, tool_input, cwd, session_id, tool_use_id, mode


def parse(event: str, payload: dict) -> ToolCall:
    tool_name, tool_input, cwd, session_id, tool_use_id, mode = _common(payload)
    return tool_call_from(
        HOST,
        event,
        tool_name,
        tool_input,
        tools=TOOLS,
        cwd=cwd,
        session_id=session_id,
        tool_use_id=tool_use_id,
        permission_mode=mode,
        project_env=("CLAUDE_PROJECT_DIR",),
    )


def parse_post(event: str, payload: dict) -> PostEvent:
    call = parse(event, payload)
    response = payload.get("tool_response")
    failed = isinstance(response, dict) and (response.get("is_error") is True or response.get("success") is False)
    return PostEvent(call, failed)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        return WireAnswer()
    decision = {ALLOW: "allow", ASK: "ask", DENY: "deny"}.get(answer.kind)
    if decision is None:
        raise PayloadError(f"{HOST} has no wire form for {answer.kind!r}")
    return WireAnswer(
        dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": event,
                    "permissionDecision": decision,
                    "permissionDecisionReason": answer.reason,
                }
            }
        )
    )


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
