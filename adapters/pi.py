"""Pi (pi-coding-agent): an extension (adapters/plugins/pi.ts) feeds `hookward hook pi`.

The wire is shared by every plugin host (adapters/_plugin_wire.py); this module
names Pi's tools. Pi has no native MCP, so there is no MCP name rule.
"""

from __future__ import annotations

from hookward.adapters import _path_text
from hookward.adapters import _plugin_wire as wire
from hookward.adapters.base import PostEvent, WireAnswer
from hookward.adapters.render import Answer
from hookward.policy.toolcall import ToolCall

HOST = "pi"

# Pi's built-in tools (@mariozechner/pi-coding-agent 0.73.1 dist/core/tools/*.js).
TOOLS: dict[str, wire.Tool] = {
    "bash": wire.Tool(wire.SHELL, ("command",)),
    "read": wire.Tool("read", ("path",)),
    "grep": wire.Tool("read", ("path",)),
    "find": wire.Tool("read", ("path",)),
    "ls": wire.Tool("read", ("path",)),
    "write": wire.Tool("write", ("path",)),
    "edit": wire.Tool("edit", ("path",)),
}


# Pi does not open a file tool's `path` as written (@mariozechner/pi-coding-agent@0.73.1
# dist/core/tools/path-utils.js): expandPath drops one leading "@" (read "@/etc/shadow" reads /etc/shadow),
# turns Unicode spaces into spaces, then expands "~" and "~/" (not "~name"); read's resolveReadPath also
# tries macOS variants of a missing file. No selectors, lists or braces: find's pattern and grep's glob
# only filter below the searched path. The policy judges every spelling (adapters/_path_text.py).
def targets(path: str) -> list[str]:
    """Every path Pi's write, edit, grep, find or ls may resolve its `path` text to, the text first."""
    return _path_text.expand_path_forms(path)


def read_targets(path: str) -> list[str]:
    """Every file Pi's read may open for its `path` text."""
    return [variant for form in targets(path) for variant in _path_text.read_fallbacks(form)]


def parse(event: str, payload: dict) -> ToolCall:
    call = wire.tool_call(HOST, event, payload, tools=TOOLS)
    spec = TOOLS.get(call.tool)
    if spec is None or spec.kind not in _path_text.FILE_KINDS:
        return call
    if call.kind != spec.kind:
        # The wire read "<scheme>://..." as a URL, but Pi's file tools fetch none: resolveToCwd makes
        # "http://../../etc/shadow" <cwd>/http:/../../etc/shadow, a file path like any other.
        call = _path_text.as_kind(call, spec.kind, [payload["tool_input"]["path"]])
    return _path_text.fan_out(call, read_targets if call.tool == "read" else targets)


def parse_post(event: str, payload: dict) -> PostEvent:
    return wire.post_event(parse(event, payload), payload)


def spell(answer: Answer, event: str) -> WireAnswer:
    return wire.spell(HOST, answer, can_ask=False)


def spell_post(event: str) -> WireAnswer:
    return wire.spell_post()
