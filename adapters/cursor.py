"""Cursor: JSON on stdin, a `permission` object on stdout, one event per kind of action.

Cursor fires a generic `preToolUse` for every tool and, besides it, dedicated
events: `beforeShellExecution` {command}, `beforeMCPExecution` {tool_name,
tool_input, url | command} and `beforeReadFile` {file_path, content}. The
event names are Cursor's own lowerCamel spelling (`preToolUse` is not Claude's
`PreToolUse`). What Cursor does with each answer on each event (ask is only
enforced on the shell and MCP events) lives in compat/hosts/cursor.json; this
module only spells the wire format (https://cursor.com/docs/agent/hooks).
"""

from __future__ import annotations

import json
import os

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, ASK, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "cursor"

PRE_TOOL_USE = "preToolUse"
BEFORE_SHELL = "beforeShellExecution"
BEFORE_MCP = "beforeMCPExecution"
BEFORE_READ = "beforeReadFile"
POST_TOOL_USE = "postToolUse"
POST_TOOL_USE_FAILURE = "postToolUseFailure"
AFTER_SHELL = "afterShellExecution"
AFTER_MCP = "afterMCPExecution"

# Events whose documented permission values include "ask".
ASK_EVENTS = (BEFORE_SHELL, BEFORE_MCP)

# Cursor's tool_input names a file under different keys depending on the tool and the release.
PATH_FIELDS = ("file_path", "path", "target_file", "relative_path", "filePath")

# preToolUse tool name -> (kind, the tool_input fields that carry its path, command or url)
TOOLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Shell": ("shell", ("command",)),
    "Read": ("read", PATH_FIELDS),
    "TabRead": ("read", PATH_FIELDS),
    "Grep": ("read", ("path",)),
    "Glob": ("read", ("path", "target_directory")),
    "LS": ("read", ("path", "target_directory")),
    "Write": ("write", PATH_FIELDS),
    "TabWrite": ("write", PATH_FIELDS),
    "Edit": ("edit", PATH_FIELDS),
    "StrReplace": ("edit", PATH_FIELDS),
    "MultiEdit": ("edit", PATH_FIELDS),
    "Delete": ("delete", PATH_FIELDS),
    "WebFetch": ("web", ("url",)),
    "mcp_web_fetch": ("web", ("url",)),
}

MCP_PREFIX = "MCP:"


def _string_list(payload: dict, name: str) -> list[str]:
    value = payload.get(name)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PayloadError(f"field {name!r} must be a list of strings")
    return [item for item in value if item]


def _project_root(workspace_roots: list[str], cwd: str | None) -> str | None:
    """The workspace root that holds cwd (multi-root workspaces send several), else the first one."""
    if cwd:
        here = os.path.abspath(cwd)
        for root in workspace_roots:
            top = os.path.abspath(root)
            if here == top or here.startswith(top.rstrip(os.sep) + os.sep):
                return root
    if workspace_roots:
        return workspace_roots[0]
    return project_root_for(cwd, ("CURSOR_PROJECT_DIR",))


class _Context:
    """The fields every Cursor hook payload carries, read once."""

    def __init__(self, event: str, payload: dict, tool_input: dict | None = None) -> None:
        roots = _string_list(payload, "workspace_roots")
        cwd = get_str(payload, "cwd")
        if cwd is None and tool_input is not None:
            cwd = get_str(tool_input, "working_directory")
        if cwd is None and roots:
            cwd = roots[0]
        self.common = dict(
            cwd=cwd,
            project_root=_project_root(roots, cwd),
            host=HOST,
            event=event,
            # A conversation spans many turns; generation_id changes with every user message.
            session_id=get_str(payload, "conversation_id", "session_id", "generation_id", default="") or "",
            tool_use_id=get_str(payload, "tool_use_id", default="") or "",
            permission_mode=None,  # Cursor sends none: the registry's default mode applies
        )
        self.cwd = cwd


def _mcp_call(ctx: _Context, tool_name: str, server: str, arguments: object = None) -> ToolCall:
    tool = tool_name[len(MCP_PREFIX) :] if tool_name.startswith(MCP_PREFIX) else tool_name
    if isinstance(arguments, str):  # beforeMCPExecution sends the arguments as JSON text
        try:
            arguments = json.loads(arguments)
        except ValueError:
            arguments = None
    args = arguments if isinstance(arguments, dict) else None
    return ToolCall("mcp", tool=tool_name, mcp_server=server, mcp_tool=tool, arguments=args, **ctx.common)  # type: ignore[arg-type]


def _tool_call(event: str, payload: dict) -> ToolCall:
    """A preToolUse / postToolUse payload: {tool_name, tool_input, ...}."""
    tool_name = get_str(payload, "tool_name", required=True) or ""
    tool_input = get_dict(payload, "tool_input")
    ctx = _Context(event, payload, tool_input)
    common = dict(tool=tool_name, **ctx.common)
    if tool_name.startswith(MCP_PREFIX):
        # preToolUse names MCP tools without their server; beforeMCPExecution tells it.
        return _mcp_call(ctx, tool_name, "", tool_input)
    kind, fields = TOOLS.get(tool_name, ("other", ()))
    if kind == "shell":
        return ToolCall("shell", command=get_str(tool_input, *fields, required=True), **common)  # type: ignore[arg-type]
    if kind == "web":
        return ToolCall("web", url=get_str(tool_input, *fields, default=""), **common)  # type: ignore[arg-type]
    if kind in ("read", "write", "edit", "delete"):
        path = get_str(tool_input, *fields, required=kind != "read")
        if path is None:
            # A search or listing without a path works in the working directory.
            path = ctx.cwd or "."
        return ToolCall(kind, paths=[path], **common)  # type: ignore[arg-type]
    return ToolCall("other", **common)  # type: ignore[arg-type]


def _shell_call(event: str, payload: dict) -> ToolCall:
    command = get_str(payload, "command", required=True)
    ctx = _Context(event, payload)
    return ToolCall("shell", tool="Shell", command=command, **ctx.common)  # type: ignore[arg-type]


def _mcp_event_call(event: str, payload: dict) -> ToolCall:
    tool_name = get_str(payload, "tool_name", required=True) or ""
    arguments = payload.get("tool_input")
    if arguments is not None and not isinstance(arguments, (str, dict)):
        raise PayloadError("field 'tool_input' must be a JSON string or an object")
    # The server is known by its url (remote) or the command that starts it (stdio).
    server = get_str(payload, "url", "command", default="") or ""
    return _mcp_call(_Context(event, payload), tool_name, server, arguments)


def _read_call(event: str, payload: dict) -> ToolCall:
    # `content` (the whole file) is deliberately never read into the call.
    path = get_str(payload, "file_path", required=True) or ""
    paths = [path]
    attachments = payload.get("attachments")
    if attachments is not None:
        if not isinstance(attachments, list):
            raise PayloadError("field 'attachments' must be a list")
        for attachment in attachments:
            if not isinstance(attachment, dict):
                raise PayloadError("each attachment must be an object")
            # Files attached to the prompt reach the model too: judge them with the read.
            attached = get_str(attachment, "file_path", "filePath")
            if attached and attached not in paths:
                paths.append(attached)
    ctx = _Context(event, payload)
    return ToolCall("read", tool="Read", paths=paths, **ctx.common)  # type: ignore[arg-type]


def _refuse_blank(call: ToolCall) -> ToolCall:
    """A shell call without a command or a file call without a path is junk, not a call to judge."""
    if call.kind == "shell" and not (call.command or "").strip():
        raise PayloadError("empty shell command")
    if call.kind in ("write", "edit", "delete", "read") and not all(path.strip() for path in call.paths):
        raise PayloadError(f"empty path in a {call.kind} call")
    return call


PARSERS = {
    PRE_TOOL_USE: _tool_call,
    BEFORE_SHELL: _shell_call,
    BEFORE_MCP: _mcp_event_call,
    BEFORE_READ: _read_call,
}

POST_PARSERS = {
    POST_TOOL_USE: _tool_call,
    POST_TOOL_USE_FAILURE: _tool_call,
    AFTER_SHELL: _shell_call,
    AFTER_MCP: _mcp_event_call,
}


def host_version(payload: dict) -> str | None:
    """The Cursor release the payload names (compat/registry.py `grade_on` weighs facts by it)."""
    value = payload.get("cursor_version")
    return value if isinstance(value, str) and value.strip() else None


def parse(event: str, payload: dict) -> ToolCall:
    parser = PARSERS.get(event)
    if parser is None:
        raise PayloadError(f"{HOST} has no pre-tool event {event!r}")
    return _refuse_blank(parser(event, payload))


def parse_post(event: str, payload: dict) -> PostEvent:
    parser = POST_PARSERS.get(event)
    if parser is None:
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    return PostEvent(_refuse_blank(parser(event, payload)), failed=event == POST_TOOL_USE_FAILURE)


def spell(answer: Answer, event: str) -> WireAnswer:
    if event not in PARSERS:
        raise PayloadError(f"{HOST} has no pre-tool event {event!r}")
    if answer.kind == DENY:
        if event == BEFORE_READ:
            # beforeReadFile documents only permission and user_message.
            return WireAnswer(dumps({"permission": "deny", "user_message": answer.reason}))
        body = {"permission": "deny", "user_message": answer.reason, "agent_message": answer.reason}
        if event == PRE_TOOL_USE:
            # An older revision of the hooks page spelled preToolUse's answer {decision, reason}:
            # carrying both spellings keeps this a deny for either reader.
            body.update({"decision": "deny", "reason": answer.reason})
        return WireAnswer(dumps(body))
    if answer.kind == ALLOW:
        return WireAnswer(dumps({"permission": "allow"}))
    if answer.kind == ASK and event in ASK_EVENTS:
        return WireAnswer(dumps({"permission": "ask", "user_message": answer.reason, "agent_message": answer.reason}))
    if answer.kind == SILENT:
        # Valid JSON with no decision: Cursor's own approval flow applies.
        return WireAnswer("{}")
    raise PayloadError(f"{HOST} has no wire form for {answer.kind!r} on {event}")


def spell_post(event: str) -> WireAnswer:
    # Cursor treats an empty stdout as no valid response; an empty object asks for nothing.
    return WireAnswer("{}")
