"""JetBrains IDEs (GitHub Copilot plugin): a host whose hook contract nobody has established.

GitHub documents no JetBrains hook contract; the plugin is moving its agent
to the Copilot CLI harness. hookward registers the PascalCase events
(PreToolUse, PostToolUse) that both candidate harnesses read: VS Code's, and
Copilot CLI's, which answers PascalCase names with VS Code's snake_case
payload. The parser therefore accepts either payload spelling. The only
answer spelled is the block both harnesses document, exit 2 with the reason
on stderr; compat/hosts/jetbrains-copilot.json grades everything unknown, so
the renderer never asks this adapter for an allow or an ask.
"""

from __future__ import annotations

from hookward.adapters import claude_family, copilot_cli, vscode_copilot
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, get_dict, get_str, project_root_for
from hookward.adapters.render import DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "jetbrains-copilot"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"

# Whichever harness runs the session, its tool names are one of these two tables.
TOOLS: dict[str, claude_family.ToolSpec] = {**copilot_cli.TOOLS, **vscode_copilot.TOOLS}


def parse(event: str, payload: dict) -> ToolCall:
    if event not in (PRE_TOOL_USE, POST_TOOL_USE):
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd),
        session_id=get_str(payload, "sessionId", "session_id", default="") or "",
        tool_use_id=get_str(payload, "tool_use_id", default="") or "",
        permission_mode=None,
    )
    tool_name = get_str(payload, "tool_name", "toolName", required=True) or ""
    arguments = get_dict(payload, "tool_input", "toolArgs")
    return claude_family.tool_call(ctx, tool_name, arguments, TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event != POST_TOOL_USE:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    return PostEvent(parse(event, payload), failed=False)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == DENY:
        return WireAnswer("", 2, claude_family.reason_of(answer))
    if answer.kind == SILENT:
        return WireAnswer()
    raise PayloadError(f"{HOST} has no established wire form for {answer.kind!r}")


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
