"""Kiro CLI: JSON on stdin, the exit code is the whole answer.

Kiro sends `preToolUse` {hook_event_name, cwd, tool_name, tool_input} (no
session or tool-call id) and reads no decision from stdout: exit 0 lets the
tool run, exit 2 blocks it and hands stderr to the model. See
compat/hosts/kiro.json; this module only spells the wire format.
"""

from __future__ import annotations

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "kiro"

# Agent-config hooks spell the events lowerCamel; the CLI v3 hook files spell the trigger PascalCase.
PRE_EVENTS = ("preToolUse", "PreToolUse")
POST_EVENTS = ("postToolUse", "PostToolUse")

SHELL_TOOLS = ("execute_bash", "shell")
READ_TOOLS = ("fs_read", "read")
WRITE_TOOLS = ("fs_write", "write")
SEARCH_TOOLS = ("glob", "grep")
# fs_write's `command`: create (or overwrite) writes a file; the rest change one in place.
WRITE_COMMANDS = ("create",)


def _read_paths(tool_input: dict) -> list[str]:
    """fs_read takes a list of operations, each {mode, path} (Image mode: image_paths); older builds took one path."""
    paths: list[str] = []
    operations = tool_input.get("operations")
    if operations is not None:
        if not isinstance(operations, list):
            raise PayloadError("field 'operations' must be a list")
        for operation in operations:
            if not isinstance(operation, dict):
                raise PayloadError("each read operation must be an object")
            path = get_str(operation, "path")
            if path:
                paths.append(path)
            images = operation.get("image_paths")
            if images is not None:
                if not isinstance(images, list) or not all(isinstance(item, str) for item in images):
                    raise PayloadError("field 'image_paths' must be a list of strings")
                paths.extend(item for item in images if item)
    single = get_str(tool_input, "path")
    if single:
        paths.append(single)
    return paths


def _call(event: str, payload: dict) -> ToolCall:
    tool_name = get_str(payload, "tool_name", required=True) or ""
    tool_input = get_dict(payload, "tool_input")
    cwd = get_str(payload, "cwd")
    common = dict(
        tool=tool_name,
        cwd=cwd,
        project_root=project_root_for(cwd),
        host=HOST,
        event=event,
        # The CLI sends no session id; the IDE 1.x payload is reported to carry one.
        session_id=get_str(payload, "session_id", default="") or "",
        tool_use_id="",
        permission_mode=None,
    )
    if tool_name.startswith("@"):
        # MCP tools are @<server>/<tool>.
        server, _, tool = tool_name[1:].partition("/")
        return ToolCall("mcp", mcp_server=server, mcp_tool=tool, arguments=tool_input, **common)  # type: ignore[arg-type]
    if tool_name in SHELL_TOOLS:
        return ToolCall("shell", command=get_str(tool_input, "command", required=True), **common)  # type: ignore[arg-type]
    if tool_name in READ_TOOLS:
        return ToolCall("read", paths=_read_paths(tool_input) or [cwd or "."], **common)  # type: ignore[arg-type]
    if tool_name in SEARCH_TOOLS:
        path = get_str(tool_input, "path")
        return ToolCall("read", paths=[cwd or "." if path is None else path], **common)  # type: ignore[arg-type]
    if tool_name in WRITE_TOOLS or tool_name == "str_replace":
        path = get_str(tool_input, "path", required=True) or ""
        command = get_str(tool_input, "command", default="create")
        kind = "write" if tool_name in WRITE_TOOLS and command in WRITE_COMMANDS else "edit"
        return ToolCall(kind, paths=[path], **common)  # type: ignore[arg-type]
    # use_aws / aws, knowledge, thinking, delegate, todo_list, introspect, ...
    return ToolCall("other", **common)  # type: ignore[arg-type]


def _refuse_blank(call: ToolCall) -> ToolCall:
    """A shell call without a command or a file call without a path is junk, not a call to judge."""
    if call.kind == "shell" and not (call.command or "").strip():
        raise PayloadError("empty shell command")
    if call.kind in ("write", "edit", "delete", "read") and not all(path.strip() for path in call.paths):
        raise PayloadError(f"empty path in a {call.kind} call")
    return call


def parse(event: str, payload: dict) -> ToolCall:
    if event not in PRE_EVENTS:
        raise PayloadError(f"{HOST} has no pre-tool event {event!r}")
    return _refuse_blank(_call(event, payload))


def parse_post(event: str, payload: dict) -> PostEvent:
    if event not in POST_EVENTS:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    if "hook_events" in payload and "tool_name" not in payload:
        # A deferred hook (only_when_turn_complete) batches a whole turn: not one call to resolve.
        raise PayloadError("a deferred postToolUse batch cannot resolve a single tool call")
    response = payload.get("tool_response")
    failed = isinstance(response, dict) and response.get("success") is False
    return PostEvent(_refuse_blank(_call(event, payload)), failed)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == DENY:
        return WireAnswer("", 2, answer.reason)
    if answer.kind in (ALLOW, SILENT):
        return WireAnswer()
    raise PayloadError(f"{HOST} has no wire form for {answer.kind!r}")


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
