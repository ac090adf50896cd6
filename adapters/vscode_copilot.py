"""VS Code (GitHub Copilot agent hooks, Preview): Claude's answer shape, camelCase session id.

Payload (PreToolUse, PostToolUse): timestamp, cwd, sessionId, hookEventName,
transcript_path, tool_name, tool_input, tool_use_id; PostToolUse adds
tool_response. There is no permission mode. Tool names are VS Code's tool
ids; their arguments use camelCase paths (filePath). The answer is
`hookSpecificOutput.permissionDecision`, as documented. What VS Code does
with each answer lives in compat/hosts/vscode-copilot.json.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, get_dict, get_str, project_root_for
from hookward.adapters.render import SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "vscode-copilot"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"

PATHS = ("filePath", "file_path", "path", "files", "filePaths")

# VS Code tool ids -> (kind, argument fields): the names the VS Code hooks docs use in their
# examples (runTerminalCommand, editFiles, createFile, deleteFile) and the built-in tool ids
# (run_in_terminal, create_file, ...). An unlisted tool is "other".
TOOLS: dict[str, claude_family.ToolSpec] = {
    "runTerminalCommand": ("shell", ("command",)),
    "run_in_terminal": ("shell", ("command",)),
    "readFile": ("read", PATHS),
    "read_file": ("read", PATHS),
    "list_dir": ("search", ("path",)),
    "get_errors": ("search", PATHS),
    "editFiles": ("edit", PATHS),
    "replace_string_in_file": ("edit", PATHS),
    "multi_replace_string_in_file": ("edit", ("replacements",) + PATHS),
    "insert_edit_into_file": ("edit", PATHS),
    "edit_notebook_file": ("edit", PATHS),
    "createFile": ("write", PATHS),
    "create_file": ("write", PATHS),
    "create_directory": ("write", ("dirPath", "path")),
    "deleteFile": ("delete", PATHS),
    "delete_file": ("delete", PATHS),
    "apply_patch": ("patch", ("input", "patch")),
    "fetch_webpage": ("web", ("urls", "url")),
    "fetch": ("web", ("urls", "url")),
}


def parse(event: str, payload: dict) -> ToolCall:
    if event not in (PRE_TOOL_USE, POST_TOOL_USE):
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd),  # no project variable is documented: the git root above cwd
        session_id=get_str(payload, "sessionId", "session_id", default="") or "",
        tool_use_id=get_str(payload, "tool_use_id", default="") or "",
        permission_mode=None,  # VS Code sends none: the registry's default mode applies
    )
    tool_name = get_str(payload, "tool_name", required=True) or ""
    mcp = None
    if tool_name.startswith("mcp_") and not tool_name.startswith("mcp__"):
        # VS Code joins server and tool with single underscores; the server cannot be split off reliably.
        mcp = ("", tool_name[len("mcp_") :])
    return claude_family.tool_call(ctx, tool_name, get_dict(payload, "tool_input"), TOOLS, mcp=mcp)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event != POST_TOOL_USE:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    # The docs say PostToolUse fires after a successful call; no failure is reported.
    return PostEvent(parse(event, payload), failed=False)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        return WireAnswer()
    return claude_family.hook_specific_answer(HOST, answer, event)


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
