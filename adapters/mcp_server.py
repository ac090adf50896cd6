"""hookward's MCP server: policy-gated actions for any host, the only gate on MCP-only hosts.

Antigravity (IDE) and Zed have no hooks, but every host speaks MCP. This
stdio server offers the model tools to act through (`run_command`,
`read_file`, `write_file`, `edit_file`) and a tool to ask first (`check`).
Each action becomes a `ToolCall`, the policy engine decides, and:

- allow: the action runs;
- deny: it does not run; the model gets the reason;
- ask / force_ask: the person is asked through MCP elicitation, where the
  client declared that capability, and the action runs only on an explicit
  approval; a client without elicitation gets a refusal with the reason and
  the id of the grant the ask opened (`hookward grant ID`, as on the hook path).

The pipeline is the hook path's, the one function in adapters/pipeline.py
(parse, evaluate, render, record), with elicitation standing in for the host's
prompt: the same grants, the same how-to-permit wording, the same ledger
record. Only the MCP protocol is written to stdout (the SDK diverts fd 1 to
stderr while serving); commands run with an empty stdin and captured output.

Elicitation and the client's roots go through the SDK's resolvers (`Resolve`
with `Elicit` / `ListRoots`), so both protocol eras work: a handshake-era
client (<= 2025-11-25) gets a server-to-client request mid-call, a 2026-era
client gets an `InputRequiredResult` and retries with the answer. Resolvers
may run once per round; the tool body, which records and acts, runs once.

No `from __future__ import annotations` here: the SDK reads the resolver
annotations at runtime.
"""

import os
import sys
import threading
import unicodedata
import urllib.parse
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import anyio
from hookward.adapters import mcp_actions, pipeline
from hookward.adapters.base import PostEvent
from hookward.adapters.mcp_clients import host_for_client
from hookward.compat.answer import ALLOW, ASK, DENY, FORCE_ASK, Answer, how_to_permit
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Decision, Verdict
from mcp.server.mcpserver import (
    AcceptedElicitation,
    CancelledElicitation,
    Context,
    DeclinedElicitation,
    Elicit,
    ElicitationResult,
    ListRoots,
    MCPServer,
    Resolve,
)
from mcp_types import CallToolResult, ListRootsResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

SERVER_NAME = "hookward"
EVENT = "tools/call"  # the ToolCall event for an action requested through this server
CHECK_EVENT = "check"  # ...and for a `check`, which never acts

# A person must see exactly what they approve: a command or path longer than
# this is refused rather than shown cut short. File contents are only previewed.
MAX_SHOWN_CHARS = 4000
PREVIEW_CHARS = 1500

GATED = (
    "Policy-gated: hookward checks this action against the user's security policy before anything happens. "
    "A denied action does not run. An action that needs a person's confirmation is shown to the person in a "
    "confirmation prompt (MCP elicitation) and runs only if they approve it; if this client cannot show such "
    "a prompt, the action is refused. A refusal says why; do not retry the same action by other means."
)

INSTRUCTIONS = (
    "hookward gates every action through the user's security policy. Use `check` to learn, without acting, "
    "whether a command or a file action would be allowed. Use `run_command`, `read_file`, `write_file` and "
    "`edit_file` to act: each runs only if the policy allows it, or a person approves it when asked. "
    "A refusal is final for that exact action: tell the person what was refused and why instead of working "
    "around it."
)


# ---------------------------------------------------------------------------
# Server state, shared by every request through the lifespan context


@dataclass
class ServerState:
    project: str | None  # from --project; None means: the client's roots, else the working directory
    session_id: str = field(default_factory=lambda: "mcp-" + uuid.uuid4().hex)


def _state(ctx: Context) -> ServerState:
    state = ctx.request_context.lifespan_context
    if not isinstance(state, ServerState):  # pragma: no cover - only if the server was built elsewhere
        raise RuntimeError("hookward MCP server state is missing")
    return state


def resolve_project_option(project: str | None) -> str | None:
    """The canonical --project directory; ValueError when it is not one."""
    if project is None:
        return None
    path = os.path.realpath(os.path.expanduser(project))
    if not os.path.isdir(path):
        raise ValueError(f"--project {project!r} is not a directory")
    return path


# ---------------------------------------------------------------------------
# Who is asking, and where


def client_host(ctx: Context) -> str:
    params = ctx.session.client_params
    info = params.client_info if params is not None else None
    return host_for_client(info.name if info is not None else None)


def client_can_ask_person(ctx: Context) -> bool:
    """Whether the client declared form elicitation (a bare `elicitation: {}` means form)."""
    caps = ctx.client_capabilities
    elicitation = caps.elicitation if caps is not None else None
    if elicitation is None:
        return False
    return elicitation.form is not None or elicitation.url is None


def root_from_roots(result: ListRootsResult) -> str | None:
    """The first of the client's roots that is a local directory."""
    for root in result.roots:
        parsed = urllib.parse.urlparse(str(root.uri))
        if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
            continue
        path = os.path.realpath(urllib.parse.unquote(parsed.path))
        if os.path.isdir(path):
            return path
    return None


def project_root(ctx: Context) -> Any:
    """Resolver: --project, else the client's roots (asked for), else the working directory."""
    state = _state(ctx)
    if state.project is not None:
        return state.project
    caps = ctx.client_capabilities
    if caps is not None and caps.roots is not None:
        return ListRoots()
    return os.path.realpath(os.getcwd())


def _root_path(outcome: Any) -> str:
    if isinstance(outcome, ListRootsResult):
        return root_from_roots(outcome) or os.path.realpath(os.getcwd())
    return str(outcome)


# ---------------------------------------------------------------------------
# The gate: one proposed action and its decision


class Approval(BaseModel):
    """What the person is asked to fill in: an explicit tick, then accept."""

    approve: bool = Field(
        title="Approve",
        description="Tick to let this one action run. Leave it unticked, or decline, to refuse it.",
    )


@dataclass
class NotAsked:
    """A confirmation resolver's answer when no person was asked, and why."""

    reason: str


@dataclass
class Gate:
    call: ToolCall
    decision: Decision
    target: str | None  # the canonical path a file action operates on
    question: str  # what the person would be shown
    settings: Any = None  # the policy settings the decision was made under (None: no policy was read)


_engine_lock = threading.Lock()  # the engine's caches are not promised to be thread-safe


FAILED_CLOSED_RULE = "hookward.failed-closed"  # the rule verdicts.ledger records a failure under


def judge(call: ToolCall) -> tuple[Decision, Any]:
    """The pipeline's evaluate stage: the decision and the settings; any failure is a refusal (fail closed).

    A failure is recorded as the hook records one: a deny under rule hookward.failed-closed.
    """
    try:
        with _engine_lock:
            decision, settings = pipeline.evaluate(call)
        if not isinstance(decision, Decision) or not isinstance(decision.verdict, Verdict):
            raise TypeError(f"the engine answered {type(decision).__name__}, not a Decision")
        return decision, settings
    except Exception as error:
        reason = f"hookward failed closed: {type(error).__name__}: {error}"[:2000]
        return Decision.refusal(reason, FAILED_CLOSED_RULE), None


def shown(text: str) -> str:
    """Text as a person can read it: control, format and bidi characters escaped, never hidden."""
    out = []
    for ch in text:
        if ch in "\n\t":
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _preview(text: str) -> str:
    text = shown(text)
    if len(text) <= PREVIEW_CHARS:
        return text
    return text[:PREVIEW_CHARS] + f"\n... ({len(text)} characters in all; only the start is shown)"


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.split("\n"))


def _paths(path: str, root: str) -> tuple[tuple[str, ...], str]:
    """The paths the policy judges (as written, and as resolved through symlinks) and the one acted on."""
    joined = os.path.join(root, os.path.expanduser(path))
    written = os.path.abspath(joined)
    resolved = os.path.realpath(joined)
    return ((written,) if written == resolved else (written, resolved)), resolved


def make_gate(
    ctx: Context,
    root: str,
    kind: str,
    tool: str,
    *,
    command: str | None = None,
    path: str | None = None,
    event: str = EVENT,
    describe: str = "",
) -> Gate:
    host = client_host(ctx)
    state = _state(ctx)
    common = dict(
        tool=tool,
        cwd=root,
        project_root=root,
        host=host,
        event=event,
        session_id=state.session_id,
        tool_use_id=uuid.uuid4().hex,
    )
    target = None
    problem = ""
    if command is not None:
        call = ToolCall(kind, command=command, **common)
        if not command.strip():
            problem = "the command is empty"
        elif "\x00" in command:
            problem = "the command contains a NUL byte"
        elif len(shown(command)) > MAX_SHOWN_CHARS:
            problem = f"the command is longer than {MAX_SHOWN_CHARS} characters, too long to show a person in full"
        subject = f"run a shell command in {shown(root)}:\n\n{_indent(shown(command))}"
    else:
        assert path is not None
        if not path or "\x00" in path:
            call = ToolCall(kind, **common)
            problem = "the path is empty or contains a NUL byte"
        else:
            paths, target = _paths(path, root)
            call = ToolCall(kind, paths=paths, **common)
            if len(shown(" ".join(paths))) > MAX_SHOWN_CHARS:
                problem = f"the path is longer than {MAX_SHOWN_CHARS} characters, too long to show a person in full"
        subject = f"{kind} the file {shown(target or path or '')}"
        if target is not None and call.paths[0] != target:
            subject += f" (written as {shown(call.paths[0])})"
    if problem:
        decision, settings = Decision.refusal(f"hookward refuses: {problem}", "mcp.input"), None
    else:
        decision, settings = judge(call)
    return Gate(call, decision, target, _question(host, subject + describe, decision), settings)


def _question(host: str, subject: str, decision: Decision) -> str:
    lines = [f"hookward: the agent in {host} asks to {subject}", ""]
    lines.append(f"Policy verdict: {decision.verdict.label}. {shown(decision.summary)}")
    if decision.rule_ids:
        lines.append(f"Rules: {', '.join(decision.rule_ids)}")
    if decision.verdict == Verdict.FORCE_ASK:
        lines.append("This action needs your confirmation every time; no earlier approval counts for it.")
    lines += ["", 'Tick "Approve" and accept to let it run this once. Decline to refuse it.']
    return "\n".join(lines)


def _confirmation(gate: Gate, ctx: Context) -> Any:
    """Ask the person, where the verdict calls for it and the client can; else say why not."""
    if gate.decision.verdict not in (Verdict.ASK, Verdict.FORCE_ASK):
        return NotAsked("no confirmation needed")
    if not client_can_ask_person(ctx):
        return NotAsked(
            f"a person must confirm this, but this client ({client_host(ctx)}) did not declare MCP "
            "elicitation, so hookward cannot ask anyone"
        )
    return Elicit(gate.question, Approval)


# The resolvers, one set per tool: the SDK binds resolver parameters to the tool's arguments by name.


def gate_run_command(command: str, ctx: Context, root: Annotated[Any, Resolve(project_root)]) -> Gate:
    return make_gate(ctx, _root_path(root), "shell", "run_command", command=command)


def gate_read_file(path: str, ctx: Context, root: Annotated[Any, Resolve(project_root)]) -> Gate:
    return make_gate(ctx, _root_path(root), "read", "read_file", path=path)


def gate_write_file(path: str, content: str, ctx: Context, root: Annotated[Any, Resolve(project_root)]) -> Gate:
    size = len(content.encode("utf-8", errors="replace"))
    describe = f"\n\nNew content ({size} bytes):\n{_indent(_preview(content))}"
    return make_gate(ctx, _root_path(root), "write", "write_file", path=path, describe=describe)


def gate_edit_file(
    path: str,
    old_string: str,
    new_string: str,
    replace_all: bool,
    ctx: Context,
    root: Annotated[Any, Resolve(project_root)],
) -> Gate:
    every = " (every occurrence)" if replace_all else ""
    describe = f"\n\nReplace{every}:\n{_indent(_preview(old_string))}\nwith:\n{_indent(_preview(new_string))}"
    return make_gate(ctx, _root_path(root), "edit", "edit_file", path=path, describe=describe)


def confirm_run_command(gate: Annotated[Gate, Resolve(gate_run_command)], ctx: Context) -> Any:
    return _confirmation(gate, ctx)


def confirm_read_file(gate: Annotated[Gate, Resolve(gate_read_file)], ctx: Context) -> Any:
    return _confirmation(gate, ctx)


def confirm_write_file(gate: Annotated[Gate, Resolve(gate_write_file)], ctx: Context) -> Any:
    return _confirmation(gate, ctx)


def confirm_edit_file(gate: Annotated[Gate, Resolve(gate_edit_file)], ctx: Context) -> Any:
    return _confirmation(gate, ctx)


# ---------------------------------------------------------------------------
# Settling a gate: may the action run, and what goes to the ledger


def _with_reason(decision: Decision, reason: str) -> Decision:
    return Decision(
        decision.verdict, [*decision.reasons, reason], decision.rule_ids, decision.parts, decision.understood
    )


@dataclass
class Settlement:
    may_run: bool
    sent_kind: str  # what hookward answered, as compat.answer names it
    decision: Decision  # as recorded: the engine's, plus what happened at the prompt
    refusal: str = ""


def settle(gate: Gate, consent: Any, decision: Decision | None = None, grant_id: str | None = None) -> Settlement:
    """Run only on allow, or on ask / force_ask with an explicit approval from a person. Anything else refuses.

    `decision`: the gate's, unless the pipeline replaced it (a person's grant used: allow); `grant_id`:
    the grant a refused ask opened, named in the refusal for a person to resolve from a terminal.
    """
    decision = gate.decision if decision is None else decision
    verdict = decision.verdict
    if verdict == Verdict.ALLOW:
        return Settlement(True, ALLOW, decision)
    if verdict in (Verdict.ASK, Verdict.FORCE_ASK):
        data = consent.data if isinstance(consent, AcceptedElicitation) else None
        if isinstance(data, Approval) and data.approve is True:
            kind = ASK if verdict == Verdict.ASK else FORCE_ASK
            return Settlement(True, kind, _with_reason(decision, "approved by a person via MCP elicitation"))
        if isinstance(consent, DeclinedElicitation):
            why = "the person declined it when asked"
        elif isinstance(consent, CancelledElicitation):
            why = "the person dismissed the question without approving"
        elif isinstance(data, Approval):
            why = "the person answered without ticking Approve"
        elif isinstance(data, NotAsked):
            why = data.reason
        else:
            why = "no approval was received"
        recorded = _with_reason(decision, why)
        reason = f"hookward refused: {shown(decision.summary)}. {why} ({how_to_permit(decision, grant_id)})"
        return Settlement(False, DENY, recorded, reason)
    reason = f"hookward refused: {shown(decision.summary)} ({how_to_permit(decision)})"
    return Settlement(False, DENY, decision, reason)


async def record_outcome(call: ToolCall, failed: bool) -> None:
    await anyio.to_thread.run_sync(pipeline.record_post, PostEvent(call, failed))


def _text(text: str, is_error: bool = False) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=is_error)


def asked_a_person(consent: Any) -> bool:
    """Whether a person answered the client's prompt (approved, declined or dismissed it)."""
    if isinstance(consent, AcceptedElicitation):
        return not isinstance(consent.data, NotAsked)
    return isinstance(consent, (DeclinedElicitation, CancelledElicitation))


def through_pipeline(gate: Gate, consent: Any) -> tuple[Settlement, dict | None]:
    """The gate's call through the one pipeline (adapters/pipeline.py): the hook's grants, then the settlement.

    An approval a person gave with `hookward grant` for exactly this call is used (atomically) and the
    action runs. Otherwise an ask opens a grant: an answer given through elicitation resolves it (the
    caller closes it, `_resolve_in_prompt`); a call no person was asked about is refused with the
    grant's id, for a person to resolve from a terminal. Returns the settlement and the grant opened.
    """
    asked = asked_a_person(consent)
    settled: list[Settlement] = []

    def render(decision: Decision, _settings: Any, grant_id: str | None) -> tuple[Answer, Decision]:
        settlement = settle(gate, consent, decision, None if asked else grant_id)
        settled.append(settlement)
        return Answer(settlement.sent_kind, settlement.refusal, decision.verdict), settlement.decision

    outcome = pipeline.run(gate.call, pipeline.PRE, render, judged=(gate.decision, gate.settings))
    return settled[-1], outcome.grant


def _resolve_in_prompt(grant: dict, choice: str, host: str) -> None:
    """The person's answer in the client's prompt closes the grant this call opened; ledger trouble only warns."""
    from hookward.verdicts import grants

    try:
        grants.resolve(grant["grant_id"], choice, by="the person at the client", how=f"MCP elicitation in {host}")
        if choice == grants.ONCE:
            grants.consume(grant["identity"], grant.get("session") or "")
    except Exception as error:
        sys.stderr.write(f"hookward: the grant could not be resolved ({type(error).__name__})\n")


async def _gated(gate: Gate, consent: Any) -> CallToolResult | None:
    """Record the decision (and the grant an ask opens); a refusal result, or None when the action may run."""
    from hookward.verdicts import grants

    settlement, grant = await anyio.to_thread.run_sync(through_pipeline, gate, consent)
    if grant is not None and asked_a_person(consent):
        choice = grants.ONCE if settlement.may_run else grants.DENY
        await anyio.to_thread.run_sync(_resolve_in_prompt, grant, choice, gate.call.host or "")
    if not settlement.may_run:
        return _text(settlement.refusal, is_error=True)
    return None


async def _act(gate: Gate, action: Any, *args: Any) -> tuple[Any, str]:
    """Run a file action in a thread; its result, or the error the model should read."""
    try:
        result = await anyio.to_thread.run_sync(action, *args)
    except mcp_actions.ActionError as error:
        await record_outcome(gate.call, failed=True)
        return None, str(error)
    await record_outcome(gate.call, failed=False)
    return result, ""


# ---------------------------------------------------------------------------
# The tools

PathArg = Annotated[str, Field(description="A file path, relative to the project directory or absolute.")]
CommandArg = Annotated[str, Field(description="The shell command, run with `bash -c` in the project directory.")]
ActionArg = Annotated[
    Literal["run_command", "read", "write", "edit", "delete"],
    Field(description="What would be done: run_command (give `command`), or read/write/edit/delete (give `path`)."),
]

CONFIRMED = "Confirmed."


def _record_check(gate: Gate) -> None:
    """A `check` goes through the pipeline too: recorded as `check` (nothing acts), no grant."""
    pipeline.run(
        gate.call, pipeline.CHECK, lambda decision, _s, _g: (None, decision), judged=(gate.decision, gate.settings)
    )


async def check(
    action: ActionArg,
    ctx: Context,
    root: Annotated[Any, Resolve(project_root)],
    command: Annotated[str, Field(description="The shell command, for action run_command.")] = "",
    path: Annotated[str, Field(description="The path, for read/write/edit/delete.")] = "",
) -> CallToolResult:
    directory = _root_path(root)
    if action == "run_command":
        gate = make_gate(ctx, directory, "shell", "check", command=command, event=CHECK_EVENT)
    else:
        gate = make_gate(ctx, directory, action, "check", path=path, event=CHECK_EVENT)
    decision = gate.decision
    verdict = decision.verdict
    if verdict == Verdict.ALLOW:
        here = "would run"
    elif verdict == Verdict.DENY:
        here = "would be refused"
    elif client_can_ask_person(ctx):
        here = "would run only if a person approves it when asked"
    else:
        here = "would be refused: this client cannot ask a person (no MCP elicitation)"
    await anyio.to_thread.run_sync(_record_check, gate)
    lines = [
        f"verdict: {verdict.label}",
        f"through this server: {here}",
        f"reasons: {shown(decision.summary)}",
        f"rules: {', '.join(decision.rule_ids) or '-'}",
    ]
    for part in decision.parts:
        rules = ", ".join(part.rule_ids) or "-"
        lines.append(f"  part: {shown(part.what)} [{part.action}] -> {part.verdict.label} ({rules})")
    lines += [f"host: {gate.call.host}", f"project: {shown(directory)}"]
    return _text("\n".join(lines))


async def run_command(
    command: CommandArg,
    ctx: Context,
    gate: Annotated[Gate, Resolve(gate_run_command)],
    consent: Annotated[ElicitationResult[Approval], Resolve(confirm_run_command)],
    timeout_seconds: Annotated[
        int, Field(description="Kill the command after this many seconds (1 to 600).", ge=1, le=600)
    ] = mcp_actions.DEFAULT_TIMEOUT_SECONDS,
) -> CallToolResult:
    refused = await _gated(gate, consent)
    if refused is not None:
        return refused
    timeout = mcp_actions.clamp_timeout(timeout_seconds)
    try:
        result = await mcp_actions.run_shell(command, gate.call.cwd or os.getcwd(), timeout)
    except OSError as error:
        await record_outcome(gate.call, failed=True)
        return _text(f"the command could not be started: {error.strerror}", is_error=True)
    failed = result.timed_out or result.exit_code != 0
    await record_outcome(gate.call, failed=failed)
    return _text(result.render(timeout), is_error=failed)


async def read_file(
    path: PathArg,
    ctx: Context,
    gate: Annotated[Gate, Resolve(gate_read_file)],
    consent: Annotated[ElicitationResult[Approval], Resolve(confirm_read_file)],
) -> CallToolResult:
    refused = await _gated(gate, consent)
    if refused is not None:
        return refused
    result, error = await _act(gate, mcp_actions.read_text, gate.target)
    if error:
        return _text(error, is_error=True)
    text, size, truncated = result
    if truncated:
        text += f"\n[truncated: showing {mcp_actions.READ_CAP_BYTES} of {size} bytes]"
    return _text(text)


async def write_file(
    path: PathArg,
    content: Annotated[str, Field(description="The complete new content of the file (UTF-8 text).")],
    ctx: Context,
    gate: Annotated[Gate, Resolve(gate_write_file)],
    consent: Annotated[ElicitationResult[Approval], Resolve(confirm_write_file)],
) -> CallToolResult:
    refused = await _gated(gate, consent)
    if refused is not None:
        return refused
    written, error = await _act(gate, mcp_actions.write_text, gate.target, content)
    if error:
        return _text(error, is_error=True)
    return _text(f"wrote {written} bytes to {gate.target}")


async def edit_file(
    path: PathArg,
    old_string: Annotated[str, Field(description="The exact text to replace.")],
    new_string: Annotated[str, Field(description="The text to put in its place.")],
    ctx: Context,
    gate: Annotated[Gate, Resolve(gate_edit_file)],
    consent: Annotated[ElicitationResult[Approval], Resolve(confirm_edit_file)],
    replace_all: Annotated[bool, Field(description="Replace every occurrence instead of exactly one.")] = False,
) -> CallToolResult:
    refused = await _gated(gate, consent)
    if refused is not None:
        return refused
    count, error = await _act(gate, mcp_actions.edit_text, gate.target, old_string, new_string, replace_all)
    if error:
        return _text(error, is_error=True)
    return _text(f"replaced {count} occurrence{'s' if count != 1 else ''} in {gate.target}")


TOOLS = (
    (
        check,
        "Ask hookward, without doing anything, what the user's security policy says about an action: running "
        "a shell command, or reading, writing, editing or deleting a path. Returns the verdict (allow, ask, "
        "force_ask, deny), the reasons and rules, and what this server would do with the action.",
        ToolAnnotations(read_only_hint=True),
    ),
    (
        run_command,
        "Run a shell command (bash -c) in the project directory and return its exit code and output (stdout "
        f"and stderr merged, capped at {mcp_actions.OUTPUT_CAP_BYTES} bytes; stdin is empty; killed at its "
        f"timeout, default {mcp_actions.DEFAULT_TIMEOUT_SECONDS} s). " + GATED,
        None,
    ),
    (
        read_file,
        f"Read a text file (at most {mcp_actions.READ_CAP_BYTES} bytes are returned). " + GATED,
        ToolAnnotations(read_only_hint=True),
    ),
    (
        write_file,
        "Create or overwrite a file with the given UTF-8 text; missing parent directories are created. " + GATED,
        None,
    ),
    (
        edit_file,
        "Replace old_string with new_string in a text file; old_string must occur exactly once unless "
        "replace_all is true. " + GATED,
        None,
    ),
)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hookward")
    except PackageNotFoundError:
        return "0"


def build_server(project: str | None = None) -> MCPServer:
    """The server, for `hookward mcp`; `project` is the --project option (None: roots, else cwd)."""
    state = ServerState(resolve_project_option(project))

    @asynccontextmanager
    async def lifespan(_server: MCPServer) -> AsyncIterator[ServerState]:
        yield state

    server: MCPServer = MCPServer(
        SERVER_NAME,
        title="hookward policy gate",
        instructions=INSTRUCTIONS,
        version=_version(),
        lifespan=lifespan,
        log_level="WARNING",
    )
    for function, description, annotations in TOOLS:
        server.add_tool(function, description=description, annotations=annotations, structured_output=False)
    return server
