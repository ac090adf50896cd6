"""What the hosts that copy Claude Code's hook protocol share.

Claude Code, Qwen Code, Gemini CLI, Codex, Copilot CLI, VS Code and JetBrains
all send one JSON object per tool call with a tool name and its arguments,
and read a permission decision back. They differ in field spellings, tool
names and the exact answer shape; those differences live in each host's
adapter module as data (a tool table, field names) and in
compat/hosts/<host>.json. This module holds only the mechanics: turning a
tool name and its arguments into a ToolCall, and printing a decision.

Nothing here decides a verdict or reads a registry fact.
"""

from __future__ import annotations

import os
import re

from hookward.adapters.base import PayloadError, WireAnswer, dumps
from hookward.adapters.render import ALLOW, ASK, DENY, Answer
from hookward.policy.lazy import LazyRegex
from hookward.policy.toolcall import ToolCall

# How a tool table describes one tool: (kind, the argument fields that carry its
# command, paths or url, in order of preference). Kinds are ToolCall kinds plus
# "search" (a read whose path is optional: a search or listing without one works
# in the session's directory) and "patch" (a Codex-style patch whose text names
# the files it touches).
ToolSpec = tuple[str, tuple[str, ...]]

# Inside list-valued arguments (VS Code's multi-file edits) each item names its file here.
ITEM_PATH_FIELDS = ("filePath", "file_path", "path")

# The file headers of the patch format Codex's apply_patch takes (and VS Code's apply_patch copies).
# Compiled on first use (policy/lazy.py): most hook calls carry no patch and no URL.
# Codex's parser trims a hunk's header line before it reads the marker (codex-rs/apply-patch parser.rs
# parse_one_hunk: "tolerant of ... extra padding around marker strings"): an indented header is a file too.
PATCH_FILE = LazyRegex(r"^[^\S\n]*\*\*\* (Add|Update|Delete) File: (.+?)\s*$", re.MULTILINE)
PATCH_MOVE = LazyRegex(r"^[^\S\n]*\*\*\* Move to: (.+?)\s*$", re.MULTILINE)
URL = LazyRegex(r"https?://[^\s\"'<>)]+")


class CallContext:
    """The fields of a hook payload that every ToolCall of one event carries."""

    __slots__ = ("common",)

    def __init__(
        self,
        *,
        host: str,
        event: str,
        cwd: str | None,
        project_root: str | None,
        session_id: str,
        tool_use_id: str,
        permission_mode: str | None,
    ) -> None:
        self.common = dict(
            cwd=cwd,
            project_root=project_root,
            host=host,
            event=event,
            session_id=session_id,
            tool_use_id=tool_use_id,
            permission_mode=permission_mode,
        )


def split_mcp_name(tool_name: str, prefix: str = "mcp__", separator: str = "__") -> tuple[str, str] | None:
    """(server, tool) for a name like mcp__server__tool, or None when it is not that shape."""
    if not tool_name.startswith(prefix):
        return None
    rest = tool_name[len(prefix) :]
    server, found, tool = rest.partition(separator)
    if not found:
        return server, ""
    return server, tool


def command_text(arguments: dict, fields: tuple[str, ...]) -> str:
    """The command of a shell tool: a string, or an argv list (Codex's older shell tool) joined for the shell."""
    for name in fields:
        value = arguments.get(name)
        if value is None:
            continue
        if isinstance(value, str) and value.strip():
            return value
        if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            import shlex  # a list-valued command only (VS Code): not imported by every hook call

            return shlex.join(value)
        if isinstance(value, (str, list)):
            raise PayloadError(f"argument {name!r} of a shell tool is blank")
        raise PayloadError(f"argument {name!r} of a shell tool must be a string or a list of strings")
    raise PayloadError(f"a shell tool call without {' or '.join(repr(f) for f in fields)}")


def paths_in(arguments: dict, fields: tuple[str, ...]) -> list[str]:
    """Every path the named arguments carry: strings, lists of strings, or lists of {filePath: ...}."""
    found: list[str] = []
    for name in fields:
        value = arguments.get(name)
        if value is None:
            continue
        if isinstance(value, str):
            if not value.strip():
                raise PayloadError(f"argument {name!r} is a blank path")
            found.append(value)
            continue
        if isinstance(value, list):
            for item in value:
                if isinstance(item, str):
                    if not item.strip():
                        raise PayloadError(f"argument {name!r} lists a blank path")
                    found.append(item)
                elif isinstance(item, dict):
                    for key in ITEM_PATH_FIELDS:
                        path = item.get(key)
                        if isinstance(path, str) and path:
                            found.append(path)
                            break
                    else:
                        raise PayloadError(f"an item of argument {name!r} names no file")
                else:
                    raise PayloadError(f"argument {name!r} must list paths, not {type(item).__name__}")
            continue
        raise PayloadError(f"argument {name!r} must be a path, not {type(value).__name__}")
    return found


def patch_targets(text: str) -> tuple[str, list[str]]:
    """(kind, paths) of a patch: every file it adds, updates, deletes or moves to.

    A patch can touch several files in different ways; the call takes the most
    destructive kind among them (delete, then write, then edit) so the policy
    judges the worst thing it does to every file it names.
    """
    actions = PATCH_FILE.findall(text)
    paths = [path for _, path in actions] + PATCH_MOVE.findall(text)
    if not paths:
        raise PayloadError("a patch that names no file (no '*** Add/Update/Delete File:' header)")
    verbs = {verb for verb, _ in actions}
    kind = "delete" if "Delete" in verbs else "write" if "Add" in verbs or PATCH_MOVE.search(text) else "edit"
    return kind, paths


def first_url(arguments: dict, fields: tuple[str, ...]) -> str:
    """The url of a web tool: a url field, a list of urls, or the first url inside a prompt text."""
    for name in fields:
        value = arguments.get(name)
        if value is None:
            continue
        if isinstance(value, list):
            value = next((item for item in value if isinstance(item, str) and item), "")
        if not isinstance(value, str):
            raise PayloadError(f"argument {name!r} of a web tool must be text")
        match = URL.search(value)
        return match.group(0) if match else value
    return ""


def tool_call(
    ctx: CallContext,
    tool_name: str,
    arguments: dict,
    tools: dict[str, ToolSpec],
    *,
    mcp: tuple[str, str] | None = None,
    shell_cwd_field: str | None = None,
) -> ToolCall:
    """Normalize one tool call. `mcp` is (server, tool) when the host already said it is an MCP call."""
    if not tool_name.strip():
        raise PayloadError("a tool call without a tool name")
    common = dict(ctx.common, tool=tool_name)
    if mcp is None:
        mcp = split_mcp_name(tool_name)
    if mcp is not None:
        return ToolCall("mcp", mcp_server=mcp[0], mcp_tool=mcp[1], arguments=arguments, **common)  # type: ignore[arg-type]
    kind, fields = tools.get(tool_name, ("other", ()))
    if kind == "shell":
        command = command_text(arguments, fields)
        if shell_cwd_field and isinstance(arguments.get(shell_cwd_field), str) and arguments[shell_cwd_field]:
            # The shell runs in the directory the model asked for, which may lie outside the session's.
            base = common["cwd"] or "."
            common["cwd"] = _join(base, arguments[shell_cwd_field])
        return ToolCall("shell", command=command, **common)  # type: ignore[arg-type]
    if kind == "web":
        return ToolCall("web", url=first_url(arguments, fields), **common)  # type: ignore[arg-type]
    if kind == "patch":
        patch = next((arguments[name] for name in fields if isinstance(arguments.get(name), str)), None)
        if patch is None:
            raise PayloadError(f"a patch tool call without {' or '.join(repr(f) for f in fields)}")
        patch_kind, paths = patch_targets(patch)
        return ToolCall(patch_kind, paths=paths, **common)  # type: ignore[arg-type]
    if kind in ("read", "search", "write", "edit", "delete"):
        paths = paths_in(arguments, fields)
        if not paths:
            if kind != "search":
                raise PayloadError(f"a {kind} tool call that names no file")
            # A search or listing without a path works in the session's directory.
            paths = [common["cwd"] or "."]
        # A write that carries the whole new file: mixed-purpose settings files are judged on it.
        content = arguments.get("content") if kind == "write" and len(paths) == 1 else None
        return ToolCall(
            "read" if kind == "search" else kind,
            paths=paths,
            content=content if isinstance(content, str) else None,
            **common,  # type: ignore[arg-type]
        )
    return ToolCall("other", **common)  # type: ignore[arg-type]


def _join(base: str, path: str) -> str:
    if path.startswith("~"):
        return path
    return os.path.join(base, path)  # an absolute path replaces the base


# ---------------------------------------------------------------- answers

DECISIONS = {ALLOW: "allow", ASK: "ask", DENY: "deny"}


def reason_of(answer: Answer) -> str:
    """Never empty: some hosts (Codex) ignore a deny whose reason is blank."""
    return answer.reason.strip() or f"hookward: {answer.verdict.label}"


def decision_of(host: str, answer: Answer) -> str:
    decision = DECISIONS.get(answer.kind)
    if decision is None:
        raise PayloadError(f"{host} has no wire form for {answer.kind!r}")
    return decision


def hook_specific_answer(host: str, answer: Answer, event: str) -> WireAnswer:
    """Claude Code's shape: {"hookSpecificOutput": {hookEventName, permissionDecision, permissionDecisionReason}}."""
    return WireAnswer(
        dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": event,
                    "permissionDecision": decision_of(host, answer),
                    "permissionDecisionReason": reason_of(answer),
                }
            }
        )
    )


def flat_answer(host: str, answer: Answer) -> WireAnswer:
    """Copilot CLI's shape: {permissionDecision, permissionDecisionReason} at the top level."""
    return WireAnswer(
        dumps({"permissionDecision": decision_of(host, answer), "permissionDecisionReason": reason_of(answer)})
    )
