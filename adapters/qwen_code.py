"""Qwen Code: Claude Code's hook protocol with Qwen's own tool ids.

Payload (PreToolUse, PostToolUse, PostToolUseFailure): session_id, cwd,
permission_mode (default | plan | auto-edit | yolo; the docs spell it auto_edit), tool_name (the runtime
tool id, e.g. run_shell_command), tool_input, tool_use_id, tool_call_id.
The answer is Claude's `hookSpecificOutput.permissionDecision`, which Qwen's
docs call required together with permissionDecisionReason. What Qwen does
with each answer lives in compat/hosts/qwen-code.json.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, get_dict, get_str, project_root_for
from hookward.adapters.render import SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "qwen-code"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"
POST_TOOL_USE_FAILURE = "PostToolUseFailure"
EVENTS = (PRE_TOOL_USE, POST_TOOL_USE, POST_TOOL_USE_FAILURE)

# Qwen exports the session's directory to hooks under this name (and Claude's and Gemini's).
PROJECT_ENV = ("QWEN_PROJECT_DIR",)

# Runtime tool ids (ToolNames in @qwen-code/qwen-code cli.js) -> (kind, argument fields).
# Older releases named the read path `absolute_path`; both are read.
TOOLS: dict[str, claude_family.ToolSpec] = {
    "run_shell_command": ("shell", ("command",)),
    "read_file": ("read", ("file_path", "absolute_path", "path")),
    "read_many_files": ("read", ("paths", "include")),
    "list_directory": ("search", ("path",)),
    "glob": ("search", ("path",)),
    "grep_search": ("search", ("path",)),
    "lsp": ("search", ("file_path", "path")),
    "write_file": ("write", ("file_path", "absolute_path")),
    "edit": ("edit", ("file_path", "absolute_path")),
    "web_fetch": ("web", ("url", "prompt")),
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
        session_id=get_str(payload, "session_id", default="") or "",
        tool_use_id=get_str(payload, "tool_use_id", "tool_call_id", default="") or "",
        permission_mode=get_str(payload, "permission_mode"),
    )
    tool_name = get_str(payload, "tool_name", required=True) or ""
    return claude_family.tool_call(ctx, tool_name, get_dict(payload, "tool_input"), TOOLS)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event not in (POST_TOOL_USE, POST_TOOL_USE_FAILURE):
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    # PostToolUse fires only after a successful call; failures have their own event.
    return PostEvent(parse(event, payload), failed=event == POST_TOOL_USE_FAILURE)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        return WireAnswer()
    return claude_family.hook_specific_answer(HOST, answer, event)


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
