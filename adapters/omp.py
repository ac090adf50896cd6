"""OMP (Oh My Pi): an extension (adapters/plugins/omp.ts) feeds `hookward hook omp`.

The wire is shared by every plugin host (adapters/_plugin_wire.py); this module
names OMP's tools.
"""

from __future__ import annotations

import json
import re

from hookward.adapters import _path_text
from hookward.adapters import _plugin_wire as wire
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "omp"

# OMP's built-in tools (@oh-my-pi/pi-coding-agent 18.3.4 src/tools/*.ts). bash
# takes its own cwd and env; read also takes URLs and internal URIs; an edit may
# carry derived `paths`. eval runs code, so it stays kind "other".
TOOLS: dict[str, wire.Tool] = {
    "bash": wire.Tool(wire.SHELL, ("command",), workdir="cwd", env="env"),
    "read": wire.Tool("read", ("path",)),
    "grep": wire.Tool("read", ("path",)),
    "glob": wire.Tool("read", ("path",)),
    "find": wire.Tool("read", ("path",)),
    "write": wire.Tool("write", ("path",)),
    "edit": wire.Tool("edit", ("path",), list_field="paths"),
}

MCP_PREFIX = "mcp__"


def mcp_name(tool_name: str) -> tuple[str, str] | None:
    """MCP tools are "mcp__<server>_<tool>" (src/mcp/tool-bridge.ts); the first "_" after the prefix splits.

    A server name that itself holds "_" is split too early; the registry's
    limitations say so.
    """
    if not tool_name.startswith(MCP_PREFIX):
        return None
    server, separator, tool = tool_name[len(MCP_PREFIX) :].partition("_")
    if not separator or not server or not tool:
        return None
    return server, tool.removeprefix("_")


# ---------------------------------------------------------------- what a file tool's path names
# OMP does not take a file tool's `path` literally (@oh-my-pi/pi-coding-agent@18.2.3 src/tools/path-utils.ts):
# expandPath drops a leading "@" or ":" before a path, strips a file:// URL, turns Unicode spaces into
# spaces and expands "~" and "~name" (as <home>/name); normalizePathLikeInput trims and drops outer double
# quotes; resolveReadPath also tries the path with shell escapes removed; splitPathAndSel peels a trailing
# ":<lines>" / ":raw" selector (read "/etc/shadow:1-3" reads /etc/shadow); splitDelimitedPathEntry fans
# a read, grep or glob path out on ";" (always), "," and whitespace (outside braces), and a JSON array of
# strings is a list of paths; glob and grep patterns expand braces. The policy judges every path OMP may
# resolve the text to: a superset only adds parts, and the strictest part decides. A missing read path is
# also tried in the macOS variants Pi's resolveReadPath tries (adapters/_path_text.py, shared with Pi).
MAX_TARGETS = _path_text.MAX_TARGETS
_SELECTOR = re.compile(r":([^:/\\]*)$")  # a trailing ":chunk" with no separator in it
_UNICODE_SPACES = _path_text.UNICODE_SPACES
_SHELL_ESCAPE = re.compile(r"\\([ \t\"'(){}\[\]])")
_FILE_KINDS = _path_text.FILE_KINDS


def _split_top_level(text: str) -> list[str]:
    """`text` cut at every ";", "," and whitespace outside braces (a backslash escapes one character)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif depth == 0 and (ch in ";," or ch.isspace()):
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [part for part in parts if part.strip()]


def _spellings(text: str) -> list[str]:
    """The paths one list entry may resolve to, the text itself first."""
    out = [text]
    cleaned = re.sub(_UNICODE_SPACES, " ", text.strip())
    if len(cleaned) > 1 and cleaned.startswith('"') and cleaned.endswith('"'):
        cleaned = cleaned[1:-1]
    out.append(cleaned)
    for prefix in ("@", ":"):
        if cleaned.startswith(prefix):
            out.append(cleaned[len(prefix) :])
    for form in list(out):
        if form.startswith("~") and not form.startswith(("~/", "~\\")) and form != "~":
            out.append("~/" + form[1:])  # expandTilde: "~name" is <home>/name
        if "\\" in form:
            out.append(_SHELL_ESCAPE.sub(r"\1", form))
            out.append(form.replace("\\", "/"))
    for form in list(out):
        peeled = form
        for _ in range(2):  # path:1-50:raw carries two selector chunks
            match = _SELECTOR.search(peeled)
            if match is None or match.start() == 0:
                break
            peeled = peeled[: match.start()]
            out.append(peeled)
    return out


def targets(path: str) -> list[str]:
    """Every path OMP may resolve a file tool's `path` text to; raises TooMany past MAX_TARGETS."""
    entries = [path]
    stripped = path.strip()
    if stripped.startswith("[") and stripped.endswith("]"):
        try:
            listed = json.loads(stripped)
        except ValueError:
            listed = None
        if isinstance(listed, list) and all(isinstance(item, str) for item in listed):
            entries += listed
    parts = [part for entry in list(entries) for part in _split_top_level(entry)]
    found: list[str] = []
    for entry in entries + parts:
        for form in _spellings(entry):
            for expanded in _brace_expand(form):
                if expanded and expanded not in found:
                    found.append(expanded)
                    if len(found) > MAX_TARGETS:
                        raise _path_text.TooMany(path)
    return found


def _brace_expand(form: str) -> list[str]:
    if "{" not in form:
        return [form]
    from hookward.policy.shell import brace_expand  # only a path with a brace pays for it

    expanded = brace_expand(form, limit=MAX_TARGETS + 1)
    if len(expanded) > MAX_TARGETS:
        raise _path_text.TooMany(form)
    return [form, *expanded]


def _edit_with_path(payload: dict) -> dict:
    """A hashline edit of several files carries `paths` and no `path` (tool-event-input.ts): name the first."""
    tool_input = payload.get("tool_input")
    if payload.get("tool_name") != "edit" or not isinstance(tool_input, dict) or tool_input.get("path"):
        return payload
    listed = tool_input.get("paths")
    if not isinstance(listed, list) or not listed or not all(isinstance(item, str) and item for item in listed):
        return payload
    return dict(payload, tool_input=dict(tool_input, path=listed[0]))


def parse(event: str, payload: dict) -> ToolCall:
    call = wire.tool_call(HOST, event, _edit_with_path(payload), tools=TOOLS, mcp_name=mcp_name)
    if call.kind not in _FILE_KINDS or call.tool not in TOOLS:
        return call
    if call.tool == "read":
        return _path_text.fan_out(call, _read_targets, url_is_not_a_file=True)
    return _path_text.fan_out(call, targets, url_is_not_a_file=True)


def _read_targets(path: str) -> list[str]:
    return [variant for form in targets(path) for variant in _path_text.read_fallbacks(form)]


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=False)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
