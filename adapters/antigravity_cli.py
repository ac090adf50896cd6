"""Antigravity CLI (agy): JSON on stdin, `{"decision": ..., "reason": ...}` on stdout.

No vendor documentation of agy's hooks was found (see
compat/hosts/antigravity-cli.json: every fact is unknown). The shapes here are
the ones third parties report from agy 1.0.5-1.2.3: a camelCase payload
{conversationId, stepIdx, toolCall: {name, args}, workspacePaths, ...} with
PascalCase tool arguments, and decisions allow | deny | ask | force_ask. A
Claude-shaped payload {session_id, cwd, tool_name, tool_input} is accepted
too. Because nothing is established, the renderer sends agy only its deny and
otherwise stays silent; the ask and force_ask spellings wait for a probe.
"""

from __future__ import annotations

import os

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, ASK, DENY, FORCE_ASK, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "antigravity-cli"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"

PATH_ARGS = ("AbsolutePath", "TargetFile", "DirectoryPath", "SearchPath", "FilePath", "path", "file_path")

# tool name -> (kind, the argument names that carry its path, command or url)
TOOLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "run_command": ("shell", ("CommandLine", "command", "Command")),
    "view_file": ("read", PATH_ARGS),
    "view_file_outline": ("read", PATH_ARGS),
    "list_dir": ("read", PATH_ARGS),
    "grep_search": ("read", PATH_ARGS),
    "find_by_name": ("read", PATH_ARGS),
    "codebase_search": ("read", PATH_ARGS),
    "write_to_file": ("write", PATH_ARGS),
    "edit_file": ("edit", PATH_ARGS),
    "replace_file_content": ("edit", PATH_ARGS),
    "multi_replace_file_content": ("edit", PATH_ARGS),
    "read_url_content": ("web", ("Url", "url")),
    "web_fetch": ("web", ("Url", "url")),
}


def _string_list(payload: dict, name: str) -> list[str]:
    value = payload.get(name)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PayloadError(f"field {name!r} must be a list of strings")
    return [item for item in value if item]


def _root_holding(roots: list[str], cwd: str | None) -> str | None:
    """The workspace root that holds cwd, if any."""
    if not cwd:
        return None
    here = os.path.abspath(cwd)
    for root in roots:
        top = os.path.abspath(root)
        if here == top or here.startswith(top.rstrip(os.sep) + os.sep):
            return root
    return None


def _tool(payload: dict) -> tuple[str, dict]:
    """(tool name, arguments) from either the camelCase or the Claude-shaped payload."""
    if payload.get("toolCall") is not None:
        tool_call = get_dict(payload, "toolCall")
        return get_str(tool_call, "name", required=True) or "", get_dict(tool_call, "args", "arguments")
    return get_str(payload, "tool_name", required=True) or "", get_dict(payload, "tool_input")


def _call(event: str, payload: dict) -> ToolCall:
    tool_name, args = _tool(payload)
    roots = _string_list(payload, "workspacePaths")
    workspace = get_dict(payload, "workspace")
    # agy runs hooks from ~/.gemini/config, so the process cwd says nothing about the project.
    cwd = get_str(workspace, "current_dir") or get_str(payload, "cwd") or (roots[0] if roots else None)
    project_root = _root_holding(roots, cwd)
    step = payload.get("stepIdx")
    if step is not None and (isinstance(step, bool) or not isinstance(step, (int, str))):
        raise PayloadError("field 'stepIdx' must be a number or a string")
    common = dict(
        tool=tool_name,
        cwd=cwd,
        project_root=project_root or (roots[0] if roots else project_root_for(cwd)),
        host=HOST,
        event=event,
        session_id=get_str(payload, "conversationId", "session_id", default="") or "",
        tool_use_id="" if step is None else str(step),
        permission_mode=None,
    )
    if "/" in tool_name:
        # MCP tools are reported as <server>/<tool>.
        server, _, tool = tool_name.partition("/")
        return ToolCall("mcp", mcp_server=server, mcp_tool=tool, arguments=args, **common)  # type: ignore[arg-type]
    kind, fields = TOOLS.get(tool_name, ("other", ()))
    if kind == "shell":
        return ToolCall("shell", command=get_str(args, *fields, required=True), **common)  # type: ignore[arg-type]
    if kind == "web":
        return ToolCall("web", url=get_str(args, *fields, default=""), **common)  # type: ignore[arg-type]
    if kind in ("read", "write", "edit"):
        path = get_str(args, *fields, required=kind != "read")
        if path is None:
            # A search or listing without a path works in the working directory.
            path = cwd or "."
        return ToolCall(kind, paths=[path], **common)  # type: ignore[arg-type]
    return ToolCall("other", **common)  # type: ignore[arg-type]


def _refuse_blank(call: ToolCall) -> ToolCall:
    """A shell call without a command or a file call without a path is junk, not a call to judge."""
    if call.kind == "shell" and not (call.command or "").strip():
        raise PayloadError("empty shell command")
    if call.kind in ("write", "edit", "delete", "read") and not all(path.strip() for path in call.paths):
        raise PayloadError(f"empty path in a {call.kind} call")
    return call


def parse(event: str, payload: dict) -> ToolCall:
    if event != PRE_TOOL_USE:
        raise PayloadError(f"{HOST} has no pre-tool event {event!r}")
    return _refuse_blank(_call(event, payload))


def parse_post(event: str, payload: dict) -> PostEvent:
    if event != POST_TOOL_USE:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    failed = bool(payload.get("error"))
    if payload.get("toolCall") is None and "tool_name" not in payload:
        # Reported: PostToolUse may carry toolCall: null. Nothing identifies the call.
        raise PayloadError("PostToolUse without a tool call")
    return PostEvent(_refuse_blank(_call(event, payload)), failed)


DECISIONS = {ALLOW: "allow", ASK: "ask", FORCE_ASK: "force_ask", DENY: "deny"}


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == SILENT:
        # Reported: empty output leaves the call to agy's own review (agy 1.2.3; older builds deny).
        return WireAnswer()
    decision = DECISIONS.get(answer.kind)
    if decision is None:
        raise PayloadError(f"{HOST} has no wire form for {answer.kind!r}")
    body = {"decision": decision}
    if answer.kind != ALLOW:
        body["reason"] = answer.reason
    return WireAnswer(dumps(body))


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
