"""Kimi Code CLI: Claude-shaped JSON on stdin; only a deny is ever read back.

Kimi Code (the TypeScript CLI, `@moonshot-ai/kimi-code`) sends `PreToolUse`
{session_id, cwd, tool_name, tool_input, tool_call_id} and blocks on exit 2
(stderr is the reason) or on `hookSpecificOutput.permissionDecision: "deny"`.
Allow, ask and updated input are ignored; see compat/hosts/kimi.json (probed
on 2.1.0: compat/probes/records/kimi/). Two tool arguments change what a call
does and are read here: Bash's `cwd` (the command runs there) and Write's
`mode` ("append" adds the content, so it is not the whole new file). This
module only spells the wire format.
"""

from __future__ import annotations

from hookward.adapters import claude_family
from hookward.adapters.base import PayloadError, PostEvent, WireAnswer, get_dict, get_str, project_root_for
from hookward.adapters.render import ALLOW, DENY, SILENT, Answer
from hookward.policy.toolcall import ToolCall

HOST = "kimi"

PRE_TOOL_USE = "PreToolUse"
POST_TOOL_USE = "PostToolUse"
POST_TOOL_USE_FAILURE = "PostToolUseFailure"

# tool name -> (kind, the tool_input fields that carry its path, command or url)
TOOLS: dict[str, claude_family.ToolSpec] = {
    # Kimi Code 2.x (read in @moonshot-ai/kimi-code@2.1.0)
    "Bash": ("shell", ("command",)),
    "Read": ("read", ("path",)),
    "ReadMediaFile": ("read", ("path",)),
    "Glob": ("search", ("path",)),
    "Grep": ("search", ("path",)),
    "Write": ("write", ("path",)),
    "Edit": ("edit", ("path",)),
    "FetchURL": ("web", ("url",)),
    # The older Python kimi-cli names, kept so a renamed tool is not judged as "other".
    "Shell": ("shell", ("command",)),
    "ReadFile": ("read", ("path", "file_path")),
    "WriteFile": ("write", ("path", "file_path")),
    "StrReplaceFile": ("edit", ("path", "file_path")),
}


# Kimi's Bash runs `cd <cwd> && <command>` (BashTool.execution: view.resolve(args.cwd ?? workDir), read in
# @moonshot-ai/kimi-code@2.1.0): the command is judged in the directory it really runs in, which may lie
# outside the session's (a relative cwd is taken against the session's).
BASH_CWD_FIELD = "cwd"
# Kimi's Write takes mode "overwrite" (the default) or "append" (WriteInputSchema in 2.1.0).
WRITE_MODES = ("overwrite", "append")


def _refuse_blank(call: ToolCall) -> ToolCall:
    """A shell call without a command or a file call without a path is junk, not a call to judge."""
    if call.kind == "shell" and not (call.command or "").strip():
        raise PayloadError("empty shell command")
    if call.kind in ("write", "edit", "delete", "read") and not all(path.strip() for path in call.paths):
        raise PayloadError(f"empty path in a {call.kind} call")
    return call


def parse(event: str, payload: dict) -> ToolCall:
    if event not in (PRE_TOOL_USE, POST_TOOL_USE, POST_TOOL_USE_FAILURE):
        raise PayloadError(f"{HOST} has no tool event {event!r}")
    cwd = get_str(payload, "cwd")
    ctx = claude_family.CallContext(
        host=HOST,
        event=event,
        cwd=cwd,
        project_root=project_root_for(cwd),
        session_id=get_str(payload, "session_id", default="") or "",
        tool_use_id=get_str(payload, "tool_call_id", "tool_use_id", default="") or "",
        permission_mode=None,  # Kimi sends none: the registry's default mode applies
    )
    tool_name = get_str(payload, "tool_name", required=True) or ""
    arguments = get_dict(payload, "tool_input")
    if tool_name in ("Bash", "Shell") and "cwd" in arguments and not isinstance(arguments["cwd"], str):
        raise PayloadError("the cwd of a Bash call must be a path")
    call = claude_family.tool_call(ctx, tool_name, arguments, TOOLS, shell_cwd_field=BASH_CWD_FIELD)
    if tool_name == "Write" and "mode" in arguments:
        if arguments["mode"] not in WRITE_MODES:
            raise PayloadError(f"a Write mode must be one of {', '.join(WRITE_MODES)}")
        if arguments["mode"] == "append":
            # The content is added to the end, not the whole new file: what it means depends on what it follows
            # (after a TOML [[hooks]] table, a top-level key lands inside it). Judge the write without it.
            call.content = None
    return _refuse_blank(call)


def parse_post(event: str, payload: dict) -> PostEvent:
    if event not in (POST_TOOL_USE, POST_TOOL_USE_FAILURE):
        raise PayloadError(f"{HOST} has no post-tool event {event!r}")
    return PostEvent(parse(event, payload), failed=event == POST_TOOL_USE_FAILURE)


def spell(answer: Answer, event: str) -> WireAnswer:
    if answer.kind == DENY:
        # Exit 2 blocks in every Kimi build examined and documented; stderr is the reason.
        return WireAnswer("", 2, answer.reason)
    if answer.kind in (ALLOW, SILENT):
        # Kimi has no allow answer: exit 0 with nothing leaves the call to Kimi's own permission check.
        return WireAnswer()
    raise PayloadError(f"{HOST} has no wire form for {answer.kind!r}")


def spell_post(event: str) -> WireAnswer:
    return WireAnswer()
