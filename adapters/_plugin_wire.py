"""What the in-process plugin hosts share: the shim's payload and the answer it reads.

OpenCode, Kilo Code, OpenClaw, Pi and OMP run hookward through a JavaScript
shim loaded into the host process (adapters/plugins/<host>.js|.ts). The shim
turns the host's tool call into one JSON payload on stdin:

    {"hook_event_name", "tool_name", "tool_input", "session_id", "tool_use_id", "cwd"}

(post events add "tool_failed"; OpenClaw adds "tool_kind") and reads back one
JSON object on stdout:

    {"decision": "allow" | "deny" | "ask", "reason": "..."}

The shim blocks on anything else (no answer, garbage, a crash, a timeout), so
the wire here is the same for all five hosts; each host module only says which
tool names mean what. The leading underscore keeps this module from being
mistaken for a host by `adapters.hook.adapter_for`.
"""

from __future__ import annotations

import os
import re
import shlex

from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, dumps, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, ASK, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

# A tool's meaning on one host: the kind, and the input fields that carry what it touches.
SHELL = "shell"
PATCH = "patch"  # an apply_patch envelope: the touched files are named inside the text


class Tool:
    __slots__ = ("kind", "fields", "workdir", "env", "list_field")

    def __init__(
        self,
        kind: str,
        fields: tuple[str, ...] = (),
        *,
        workdir: str | None = None,
        env: str | None = None,
        list_field: str | None = None,
    ) -> None:
        self.kind = kind  # a ToolCall kind, or SHELL / PATCH
        self.fields = fields  # the command, path, url or patch text field, first present wins
        self.workdir = workdir  # a shell tool's own working-directory argument
        self.env = env  # a shell tool's own environment argument
        self.list_field = list_field  # a field holding more paths


# Compiled on first use (re caches it): a hook process pays only for what its call needs.
PATCH_FILE = r"(?m)^\*\*\* (Add|Update|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$"
SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")


def url_scheme(path: str) -> str | None:
    """The scheme of "<scheme>://...", else None (a file path)."""
    scheme, separator, _ = path.partition("://")
    if not separator or not scheme or not scheme[0].isalpha() or not set(scheme) <= SCHEME_CHARS:
        return None
    return scheme.lower()


def is_shell_name(name: str) -> bool:
    return name.isascii() and name.isidentifier()


def _common(payload: dict) -> tuple[str, dict, str, str, str]:
    tool_name = get_str(payload, "tool_name", required=True) or ""
    if not tool_name.strip():
        raise PayloadError("tool_name is empty")
    tool_input = get_dict(payload, "tool_input")
    cwd = get_str(payload, "cwd", required=True) or ""
    if not os.path.isabs(cwd):
        raise PayloadError(f"cwd must be an absolute path, not {cwd!r}")
    session_id = get_str(payload, "session_id", default="") or ""
    tool_use_id = get_str(payload, "tool_use_id", default="") or ""
    return tool_name, tool_input, cwd, session_id, tool_use_id


def _with_env(command: str, env: dict) -> str:
    """Spell the tool's own environment as assignments before the command, so the policy sees it."""
    assignments = []
    for name, value in env.items():
        if not is_shell_name(name):
            raise PayloadError(f"environment variable name {name!r} is not a shell name")
        if not isinstance(value, str):
            raise PayloadError(f"environment variable {name} must be a string, not {type(value).__name__}")
        assignments.append(f"{name}={shlex.quote(value)}")
    return " ".join([*assignments, command]) if assignments else command


def patch_targets(text: str) -> tuple[str, list[str]]:
    """The kind and the files an apply_patch envelope touches."""
    verbs: set[str] = set()
    paths: list[str] = []
    for match in re.finditer(PATCH_FILE, text):
        verb, path, moved_to = match.group(1), match.group(2), match.group(3)
        verbs.add(verb or "Move")
        paths.append(path or moved_to)
    if not paths:
        raise PayloadError("the patch names no file (no '*** Add/Update/Delete File:' line)")
    if "Delete" in verbs:
        return "delete", paths
    if verbs & {"Add", "Move"}:
        return "write", paths
    return "edit", paths


def tool_call(
    host: str,
    event: str,
    payload: dict,
    *,
    tools: dict[str, Tool],
    mcp_name: object = None,
    other_kinds: dict[str, str] | None = None,
) -> ToolCall:
    """Normalize a shim payload; `mcp_name(tool_name)` splits an MCP tool name into (server, tool) or None."""
    tool_name, tool_input, cwd, session_id, tool_use_id = _common(payload)
    common: dict = dict(
        tool=tool_name,
        cwd=cwd,
        project_root=project_root_for(cwd),
        host=host,
        event=event,
        session_id=session_id,
        tool_use_id=tool_use_id,
        permission_mode=None,
    )
    # A host-authoritative discriminator can say a familiar name means something else.
    tool_kind = get_str(payload, "tool_kind")
    if tool_kind is not None and other_kinds and tool_kind in other_kinds:
        common["tool"] = tool_kind  # what the call really is, for rules that match tool names
        return ToolCall(other_kinds[tool_kind], **common)

    spec = tools.get(tool_name)
    if spec is None:
        split = mcp_name(tool_name) if callable(mcp_name) else None
        if split is not None:
            server, tool = split
            return ToolCall("mcp", mcp_server=server, mcp_tool=tool, arguments=tool_input, **common)
        return ToolCall("other", **common)

    if spec.kind == SHELL:
        command = get_str(tool_input, *spec.fields, required=True) or ""
        if spec.workdir is not None:
            workdir = get_str(tool_input, spec.workdir)
            if workdir:
                common["cwd"] = os.path.normpath(os.path.join(cwd, workdir))
                common["project_root"] = project_root_for(common["cwd"])
        if spec.env is not None:
            command = _with_env(command, get_dict(tool_input, spec.env))
        return ToolCall("shell", command=command, **common)
    if spec.kind == PATCH:
        kind, paths = patch_targets(get_str(tool_input, *spec.fields, required=True) or "")
        return ToolCall(kind, paths=paths, **common)
    if spec.kind == "web":
        url = get_str(tool_input, *spec.fields, required=True) or ""
        return ToolCall("web", url=url, **common)
    if spec.kind in ("read", "write", "edit", "delete"):
        path = get_str(tool_input, *spec.fields, required=spec.kind != "read")
        # Some file tools also take URLs and internal URIs (OMP's read: "path, internal URI, or URL").
        scheme = url_scheme(path or "")
        if scheme is not None:
            if scheme in ("http", "https") and spec.kind == "read":
                return ToolCall("web", url=path, **common)
            return ToolCall("other", **common)
        paths = [path or cwd]  # a search without a path searches the working directory
        if spec.list_field is not None:
            more = tool_input.get(spec.list_field)
            if more is not None:
                if not isinstance(more, list) or not all(isinstance(item, str) for item in more):
                    raise PayloadError(f"field {spec.list_field!r} must be a list of paths")
                paths.extend(item for item in more if item not in paths)
        return ToolCall(spec.kind, paths=paths, **common)
    return ToolCall(spec.kind, **common)


def post_event(call: ToolCall, payload: dict) -> PostEvent:
    return PostEvent(call, payload.get("tool_failed") is True)


def spell(host: str, answer: Answer, *, can_ask: bool) -> WireAnswer:
    """The one JSON line every shim reads; exit 0 (the shim blocks on any other exit)."""
    if answer.kind in (ALLOW, SILENT):
        decision = "allow"  # a plugin cannot pre-approve: allow only means "do not block"
    elif answer.kind == DENY:
        decision = "deny"
    elif answer.kind == ASK and can_ask:
        decision = "ask"
    else:
        raise PayloadError(f"{host} has no wire form for {answer.kind!r}")
    return WireAnswer(dumps({"decision": decision, "reason": answer.reason}))


def spell_post() -> WireAnswer:
    return WireAnswer()
