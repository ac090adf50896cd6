"""The MCP server, driven by a real MCP client over stdio.

Each session spawns the installed `hookward mcp --project <tmp>` with the mcp
package's own client, a throwaway HOME and a throwaway XDG state directory.
Whether an action ran is proven by a marker file, never by the server's word.

Expected verdicts are the default policy's: until the real engine lands, the
placeholder engine answers ask for everything, and tests that need a real
allow or deny are skipped with that reason.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest
from hookward.adapters import mcp_actions, mcp_server
from hookward.adapters.mcp_clients import host_for_client
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Decision, Verdict
from mcp import Client, StdioServerParameters
from mcp_types import ElicitResult, Implementation, ListRootsResult, Root

REPO = Path(__file__).resolve().parent.parent
# The hookward of the environment running the tests (its bin folder), else the one on PATH.
HOOKWARD = Path(
    shutil.which("hookward", path=os.path.dirname(sys.executable)) or shutil.which("hookward") or "hookward"
)
ACTION_TOOLS = {"run_command", "read_file", "write_file", "edit_file"}


def _engine_not_ready() -> str:
    """Why the default-policy expectations cannot be tested yet, or "" once they can."""
    try:
        from hookward.policy.engine import evaluate_call

        decision, _ = evaluate_call(ToolCall("shell", command="echo hi", cwd="/tmp", project_root="/tmp"))
    except Exception as error:
        return f"the policy engine does not load yet ({type(error).__name__}: {error})"
    if "engine.stub" in decision.rule_ids:
        return "policy/engine.py is still the ask-everything stub"
    return ""


needs_real_engine = pytest.mark.skipif(
    bool(_engine_not_ready()), reason="needs the real policy engine: " + (_engine_not_ready() or "ready")
)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Sandbox:
    """A project directory, a throwaway HOME and state directory, and what the person answers."""

    def __init__(self, root: Path) -> None:
        self.project = root / "project"
        self.home = root / "home"
        self.state = root / "state"
        for directory in (self.project, self.home, self.state, root / "config"):
            directory.mkdir()
        self.env = {
            "PYTHONPATH": str(REPO),  # the server under test is this checkout's code
            "HOME": str(self.home),
            "XDG_STATE_HOME": str(self.state),
            "XDG_CONFIG_HOME": str(root / "config"),
        }
        self.questions: list[str] = []

    def answering(self, action: str, approve: bool = True):  # type: ignore[no-untyped-def]
        """An elicitation callback that records each question and gives one answer."""

        async def callback(context, params) -> ElicitResult:  # type: ignore[no-untyped-def]
            self.questions.append(params.message)
            content = {"approve": approve} if action == "accept" else None
            return ElicitResult(action=action, content=content)

        return callback

    @asynccontextmanager
    async def session(
        self,
        *,
        elicitation=None,  # type: ignore[no-untyped-def]
        roots: list[str] | None = None,
        client_name: str = "claude-code",
        mode: str = "legacy",
        project_option: bool = True,
    ) -> AsyncIterator[Client]:
        args = ["mcp", "--project", str(self.project)] if project_option else ["mcp"]
        params = StdioServerParameters(command=str(HOOKWARD), args=args, env=self.env, cwd=str(self.home))
        kwargs = {}
        if elicitation is not None:
            kwargs["elicitation_callback"] = elicitation
        if roots is not None:

            async def list_roots(context) -> ListRootsResult:  # type: ignore[no-untyped-def]
                return ListRootsResult(roots=[Root(uri=uri) for uri in roots])

            kwargs["list_roots_callback"] = list_roots
        info = Implementation(name=client_name, version="1.0")
        with anyio.fail_after(60):
            async with Client(params, mode=mode, client_info=info, **kwargs) as client:
                yield client


@pytest.fixture
def box(tmp_path: Path) -> Sandbox:
    return Sandbox(tmp_path)


def text_of(result) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(block.text for block in result.content if block.type == "text")


def marker_script(box: Sandbox) -> tuple[str, Path]:
    """A command the default policy asks about (`python3 script.py`) that leaves a marker when it runs."""
    marker = box.project / "script-ran"
    (box.project / "script.py").write_text(
        f"open({str(marker)!r}, 'w').write('x')\nprint('script output')\n", encoding="utf-8"
    )
    return "python3 script.py", marker


# ---------------------------------------------------------------------------
# The session and its tools


@pytest.mark.anyio
async def test_tools_are_listed_and_described_as_policy_gated(box: Sandbox) -> None:
    async with box.session() as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        server_info = client.server_info
    assert set(tools) == ACTION_TOOLS | {"check"}
    for name in ACTION_TOOLS:
        assert "Policy-gated" in (tools[name].description or ""), name
    assert "without doing anything" in (tools["check"].description or "")
    assert server_info is not None and server_info.name == "hookward"
    for tool in tools.values():  # Gemini-based hosts drop tools whose schema uses these keywords
        schema = json.dumps(tool.input_schema)
        assert '"const"' not in schema and '"additionalProperties"' not in schema, tool.name


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])  # handshake era, and the 2026 era via server/discover
async def test_ask_runs_only_after_the_person_approves(box: Sandbox, mode: str) -> None:
    command, marker = marker_script(box)
    async with box.session(elicitation=box.answering("accept"), mode=mode) as client:
        result = await client.call_tool("run_command", {"command": command})
    assert marker.exists(), text_of(result)
    assert "script output" in text_of(result)
    assert not result.is_error
    assert len(box.questions) == 1
    assert command in box.questions[0]
    assert "Policy verdict: ask" in box.questions[0]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("action", "approve", "why"),
    [
        ("decline", True, "declined"),
        ("cancel", True, "dismissed"),
        ("accept", False, "without ticking Approve"),
    ],
)
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_ask_does_not_run_unless_the_person_explicitly_approves(
    box: Sandbox, action: str, approve: bool, why: str, mode: str
) -> None:
    command, marker = marker_script(box)
    async with box.session(elicitation=box.answering(action, approve), mode=mode) as client:
        result = await client.call_tool("run_command", {"command": command})
    assert not marker.exists()
    assert result.is_error
    assert text_of(result).startswith("hookward refused")
    assert why in text_of(result)
    assert len(box.questions) == 1


@pytest.mark.anyio
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_client_without_elicitation_gets_a_refusal(box: Sandbox, mode: str) -> None:
    command, marker = marker_script(box)
    async with box.session(mode=mode) as client:
        result = await client.call_tool("run_command", {"command": command})
        checked = text_of(await client.call_tool("check", {"action": "run_command", "command": command}))
    assert not marker.exists()
    assert result.is_error
    assert "did not declare MCP elicitation" in text_of(result)
    assert "this client cannot ask a person" in checked


DANGEROUS = [
    # (command, what it would leave behind relative to the sandbox)
    ("echo pwned >> ~/.bashrc", "home/.bashrc"),
    ("cat ~/.ssh/id_rsa > leaked-key", "project/leaked-key"),
]


def _plant_key(box: Sandbox) -> None:
    (box.home / ".ssh").mkdir()
    (box.home / ".ssh" / "id_rsa").write_text("FAKE KEY\n", encoding="utf-8")


@pytest.mark.anyio
@pytest.mark.parametrize(("command", "leftover"), DANGEROUS)
async def test_dangerous_command_does_not_run_for_a_client_that_cannot_ask(
    box: Sandbox, command: str, leftover: str
) -> None:
    _plant_key(box)
    async with box.session() as client:
        result = await client.call_tool("run_command", {"command": command})
    assert result.is_error
    assert text_of(result).startswith("hookward refused")
    assert not (box.project.parent / leftover).exists()


@needs_real_engine
@pytest.mark.anyio
@pytest.mark.parametrize(("command", "leftover"), DANGEROUS)
async def test_dangerous_command_is_denied_even_for_a_person_who_approves_everything(
    box: Sandbox, command: str, leftover: str
) -> None:
    _plant_key(box)
    async with box.session(elicitation=box.answering("accept")) as client:
        checked = text_of(await client.call_tool("check", {"action": "run_command", "command": command}))
        result = await client.call_tool("run_command", {"command": command})
    assert "verdict: deny" in checked
    assert result.is_error
    assert text_of(result).startswith("hookward refused")
    assert not (box.project.parent / leftover).exists()
    assert box.questions == []  # a deny is never put to a person


@needs_real_engine
@pytest.mark.anyio
async def test_routine_command_runs_and_returns_its_output(box: Sandbox) -> None:
    (box.project / "listed-file").write_text("", encoding="utf-8")
    async with box.session() as client:  # no elicitation needed for an allow
        echoed = await client.call_tool("run_command", {"command": "echo hi"})
        listed = await client.call_tool("run_command", {"command": "ls"})
    assert not echoed.is_error
    assert "hi" in text_of(echoed).splitlines()
    assert "listed-file" in text_of(listed)
    assert "[exit code 0]" in text_of(listed)


@needs_real_engine
@pytest.mark.anyio
async def test_read_through_a_symlink_is_judged_at_its_target(box: Sandbox) -> None:
    _plant_key(box)
    (box.project / "innocent.txt").symlink_to(box.home / ".ssh" / "id_rsa")
    async with box.session(elicitation=box.answering("accept")) as client:
        result = await client.call_tool("read_file", {"path": "innocent.txt"})
    assert result.is_error
    assert "FAKE KEY" not in text_of(result)


# ---------------------------------------------------------------------------
# File tools, project root, host identity


@pytest.mark.anyio
async def test_file_tools_write_edit_and_read_once_approved(box: Sandbox) -> None:
    async with box.session(elicitation=box.answering("accept")) as client:
        wrote = await client.call_tool("write_file", {"path": "notes/a.txt", "content": "hello world\n"})
        edited = await client.call_tool(
            "edit_file", {"path": "notes/a.txt", "old_string": "world", "new_string": "there"}
        )
        read = await client.call_tool("read_file", {"path": "notes/a.txt"})
        ambiguous = await client.call_tool("edit_file", {"path": "notes/a.txt", "old_string": "e", "new_string": "E"})
    assert not wrote.is_error and not edited.is_error and not read.is_error
    assert (box.project / "notes" / "a.txt").read_text(encoding="utf-8") == "hello there\n"
    assert text_of(read) == "hello there\n"
    assert ambiguous.is_error and "occurs 3 times" in text_of(ambiguous)


@pytest.mark.anyio
async def test_write_outside_the_project_is_not_done_when_the_person_declines(box: Sandbox) -> None:
    # The default policy asks before a write in the home directory outside the project.
    target = box.home / "notes.txt"
    target.write_text("original\n", encoding="utf-8")
    async with box.session(elicitation=box.answering("decline")) as client:
        result = await client.call_tool("write_file", {"path": str(target), "content": "replaced\n"})
        edit = await client.call_tool("edit_file", {"path": str(target), "old_string": "original", "new_string": "x"})
    assert result.is_error and edit.is_error
    assert "declined" in text_of(result)
    assert target.read_text(encoding="utf-8") == "original\n"
    assert "replaced" in box.questions[0]  # the person saw the content they were asked about
    assert len(box.questions) == 2


@needs_real_engine
@pytest.mark.anyio
async def test_force_ask_is_put_to_the_person_and_says_no_earlier_approval_counts(box: Sandbox) -> None:
    secrets = box.project / ".env"
    secrets.write_text("TOKEN=not-a-real-one\n", encoding="utf-8")
    async with box.session(elicitation=box.answering("accept")) as client:
        checked = text_of(await client.call_tool("check", {"action": "read", "path": ".env"}))
        result = await client.call_tool("read_file", {"path": ".env"})
    assert "verdict: force_ask" in checked
    assert not result.is_error
    assert len(box.questions) == 1
    assert "no earlier approval counts" in box.questions[0]


@pytest.mark.anyio
async def test_project_root_comes_from_client_roots_without_the_option(box: Sandbox) -> None:
    command, marker = marker_script(box)
    async with box.session(
        elicitation=box.answering("accept"), roots=[box.project.as_uri()], project_option=False
    ) as client:
        checked = text_of(await client.call_tool("check", {"action": "read", "path": "script.py"}))
        result = await client.call_tool("run_command", {"command": command})
    assert f"project: {box.project.resolve()}" in checked
    assert marker.exists(), text_of(result)  # the relative script was found: cwd was the root


@pytest.mark.anyio
async def test_project_root_falls_back_to_the_working_directory(box: Sandbox) -> None:
    async with box.session(project_option=False) as client:
        checked = text_of(await client.call_tool("check", {"action": "read", "path": "x"}))
    assert f"project: {box.home.resolve()}" in checked  # the session starts the server in HOME


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("client_name", "host"),
    [("Zed", "zed"), ("antigravity-client", "antigravity"), ("some editor", "mcp:some_editor")],
)
async def test_host_is_identified_from_client_info(box: Sandbox, client_name: str, host: str) -> None:
    async with box.session(client_name=client_name) as client:
        checked = text_of(await client.call_tool("check", {"action": "read", "path": "x"}))
    assert f"host: {host}" in checked.splitlines()


@pytest.mark.parametrize(
    ("name", "host"),
    [
        ("claude-code", "claude-code"),
        ("gemini-cli-mcp-client", "gemini-cli"),
        ("qwen-cli-mcp-client-1234", "qwen-code"),
        ("qwen-code", "qwen-code"),
        ("zed", "zed"),
        ("agy", "antigravity-cli"),
        ("", "mcp:unknown"),
        (None, "mcp:unknown"),
        ("evil\x1b[2Kname", "mcp:evil_[2Kname"),
        ("x" * 500, "mcp:" + "x" * 64),
    ],
)
def test_client_names_map_to_registry_hosts(name: object, host: str) -> None:
    assert host_for_client(name) == host


# ---------------------------------------------------------------------------
# What a person is shown, and refusals that never reach a person


@pytest.mark.anyio
async def test_overlong_command_is_refused_rather_than_shown_cut_short(box: Sandbox) -> None:
    command = "echo " + "a" * (mcp_server.MAX_SHOWN_CHARS + 10) + " > long-ran"
    async with box.session(elicitation=box.answering("accept")) as client:
        result = await client.call_tool("run_command", {"command": command})
    assert result.is_error
    assert "too long to show" in text_of(result)
    assert box.questions == []
    assert not (box.project / "long-ran").exists()


def test_escape_sequences_and_bidi_overrides_are_shown_not_hidden() -> None:
    assert mcp_server.shown("rm -rf ~\x1b[2K\rls") == "rm -rf ~\\x1b[2K\\x0dls"
    assert mcp_server.shown("a\u202eb\u200bc") == "a\\u202eb\\u200bc"
    assert mcp_server.shown("line1\n\tline2") == "line1\n\tline2"


def test_engine_failure_is_a_refusal_recorded_as_the_hook_records_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import hookward.policy.engine

    def broken(call: ToolCall):  # type: ignore[no-untyped-def]
        raise RuntimeError("policy file unreadable")

    monkeypatch.setattr(hookward.policy.engine, "evaluate_call", broken)
    decision, settings = mcp_server.judge(ToolCall("shell", command="ls"))
    assert decision.verdict == Verdict.DENY
    assert decision.rule_ids == ["hookward.failed-closed"]  # what audit export flags as failed closed
    assert "policy file unreadable" in decision.summary and settings is None


@pytest.mark.parametrize("verdict", [Verdict.ASK, Verdict.FORCE_ASK])
def test_ask_without_an_approval_object_never_runs(verdict: Verdict) -> None:
    from mcp.server.mcpserver import AcceptedElicitation

    gate = mcp_server.Gate(ToolCall("shell", command="x"), Decision(verdict, ["r"], ["rule"]), None, "q")
    for consent in (
        AcceptedElicitation.model_construct(data=mcp_server.NotAsked("why")),
        AcceptedElicitation.model_construct(data={"approve": True}),  # a dict is not a validated approval
        AcceptedElicitation.model_construct(data=True),
        None,
    ):
        assert not mcp_server.settle(gate, consent).may_run
    approved = AcceptedElicitation(data=mcp_server.Approval(approve=True))
    assert mcp_server.settle(gate, approved).may_run


def test_deny_never_runs_even_with_an_approval() -> None:
    from mcp.server.mcpserver import AcceptedElicitation

    gate = mcp_server.Gate(ToolCall("shell", command="x"), Decision(Verdict.DENY, ["no"], ["rule"]), None, "q")
    settled = mcp_server.settle(gate, AcceptedElicitation(data=mcp_server.Approval(approve=True)))
    assert not settled.may_run
    assert settled.sent_kind == "deny"


# ---------------------------------------------------------------------------
# Bounds on what runs


@pytest.mark.anyio
async def test_command_and_its_children_are_killed_at_the_timeout(tmp_path: Path) -> None:
    marker = tmp_path / "child-survived"
    started = time.monotonic()
    result = await mcp_actions.run_shell(f"(sleep 2; touch {marker}) & sleep 30", str(tmp_path), timeout=1)
    assert time.monotonic() - started < 10
    assert result.timed_out and result.exit_code is None
    await anyio.sleep(2.5)
    assert not marker.exists()


@pytest.mark.anyio
async def test_command_output_is_capped(tmp_path: Path) -> None:
    result = await mcp_actions.run_shell("head -c 300000 /dev/zero | tr '\\0' a", str(tmp_path), timeout=30, cap=1000)
    assert result.truncated
    assert result.output_bytes == 300000
    assert result.output == "a" * 1000


@pytest.mark.anyio
async def test_command_reads_an_empty_stdin_not_the_protocol_stream(tmp_path: Path) -> None:
    result = await mcp_actions.run_shell("cat; echo done", str(tmp_path), timeout=10)
    assert result.output == "done\n"
    assert result.exit_code == 0


def test_fifo_is_neither_read_nor_written_so_the_server_cannot_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(mcp_actions.ActionError):
        mcp_actions.read_text(str(fifo))
    with pytest.raises(mcp_actions.ActionError):
        mcp_actions.write_text(str(fifo), "x")
    with pytest.raises(mcp_actions.ActionError):
        mcp_actions.edit_text(str(fifo), "a", "b")
    assert time.monotonic() - started < 5


def test_edit_needs_a_unique_old_string_unless_replace_all(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    target.write_text("a a a\n", encoding="utf-8")
    with pytest.raises(mcp_actions.ActionError, match="occurs 3 times"):
        mcp_actions.edit_text(str(target), "a", "b")
    with pytest.raises(mcp_actions.ActionError, match="not found"):
        mcp_actions.edit_text(str(target), "zzz", "b")
    assert target.read_text(encoding="utf-8") == "a a a\n"
    assert mcp_actions.edit_text(str(target), "a", "b", replace_all=True) == 3
    assert target.read_text(encoding="utf-8") == "b b b\n"


def test_stdout_carries_nothing_but_the_protocol(box: Sandbox) -> None:
    """Raw JSON-RPC over the pipe: every line the server writes must be a JSON-RPC message."""
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "run_command", "arguments": {"command": "echo LEAKED; echo LEAKED >&2"}},
        },
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "no_such_tool", "arguments": {}}},
        {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "read_file", "arguments": {"p": 1}}},
    ]
    stdin = "".join(json.dumps(message) + "\n" for message in messages)
    env = {"PATH": os.environ.get("PATH", ""), **box.env}
    process = subprocess.Popen(
        [str(HOOKWARD), "mcp", "--project", str(box.project)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    # Keep stdin open until every answer arrived (requests are served concurrently), then close it.
    assert process.stdin is not None and process.stdout is not None
    watchdog = threading.Timer(60, process.kill)
    watchdog.start()
    try:
        process.stdin.write(stdin)
        process.stdin.flush()
        lines: list[str] = []
        ids: set[object] = set()
        while not {1, 2, 3, 4, 5} <= ids:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
            message = json.loads(line)  # raises on anything that is not protocol
            assert message["jsonrpc"] == "2.0"
            ids.add(message.get("id"))
        process.stdin.close()
        process.wait(timeout=15)
    finally:
        watchdog.cancel()
    assert {1, 2, 3, 4, 5} <= ids, process.stderr.read() if process.stderr else ""
    answers = {json.loads(line).get("id"): json.loads(line) for line in lines}
    assert "result" in answers[3]  # ran or refused, its output travelled inside the protocol, if at all


# ---------------------------------------------------------------------------
# The ledger


def ledger_rows(box: Sandbox) -> dict[str, dict]:
    """The ledger's decisions in the sandbox's state directory, by summary (the redacted command or path)."""
    from hookward.verdicts import ledger

    connection = ledger.open_ledger(str(box.state / "hookward"))
    try:
        return {row["summary"]: row for row in ledger.decisions(connection)}
    finally:
        connection.close()


@pytest.mark.anyio
async def test_every_decision_is_in_the_ledger(box: Sandbox) -> None:
    command, _marker = marker_script(box)
    async with box.session(elicitation=box.answering("accept"), client_name="Zed") as client:
        await client.call_tool("run_command", {"command": command})
        await client.call_tool("check", {"action": "delete", "path": "script.py"})
    async with box.session(elicitation=box.answering("decline")) as client:
        await client.call_tool("run_command", {"command": command + " declined"})
    async with box.session() as client:
        await client.call_tool("run_command", {"command": command + " unasked"})
    rows = ledger_rows(box)

    approved = rows[command]
    assert (approved["host"], approved["tool"], approved["verdict"]) == ("zed", "run_command", "ask")
    assert (approved["sent"], approved["status"]) == ("ask", "ran")  # the grant, resolved by the run
    assert "approved by a person via MCP elicitation" in approved["reasons"]

    declined = rows[command + " declined"]
    assert (declined["host"], declined["verdict"], declined["sent"], declined["status"]) == (
        "claude-code",
        "ask",
        "deny",
        "denied",  # the grant it opened, denied by the person in the client's prompt
    )
    assert "the person declined it when asked" in declined["reasons"]

    unasked = rows[command + " unasked"]
    assert (unasked["sent"], unasked["status"]) == ("deny", "pending")  # a grant a person may resolve
    assert any("did not declare MCP elicitation" in reason for reason in unasked["reasons"])

    checked = rows[str(box.project / "script.py")]
    assert (checked["tool"], checked["tool_kind"], checked["sent"]) == ("check", "delete", "check")
    assert len(rows) == 4


def grant_history(box: Sandbox, grant_id: str) -> list[str]:
    from hookward.verdicts import ledger

    connection = ledger.open_ledger(str(box.state / "hookward"))
    try:
        return [step["verdict"] for step in ledger.grant_history(connection, grant_id)]
    finally:
        connection.close()


@pytest.mark.anyio
async def test_an_answer_in_the_clients_prompt_resolves_the_grant_the_ask_opened(box: Sandbox) -> None:
    command, _marker = marker_script(box)
    async with box.session(elicitation=box.answering("accept")) as client:
        await client.call_tool("run_command", {"command": command})
    async with box.session(elicitation=box.answering("decline")) as client:
        await client.call_tool("run_command", {"command": command + " declined"})
    rows = ledger_rows(box)
    approved, declined = rows[command]["grant"], rows[command + " declined"]["grant"]
    assert approved and declined
    assert grant_history(box, approved) == ["opened", "approved", "used"]
    assert grant_history(box, declined) == ["opened", "denied"]


@pytest.mark.anyio
async def test_without_elicitation_an_ask_is_refused_with_a_grant_a_person_resolves(box: Sandbox) -> None:
    import re

    from hookward.verdicts import grants

    command, marker = marker_script(box)
    async with box.session() as client:
        refused = text_of(await client.call_tool("run_command", {"command": command}))
    found = re.search(r"`hookward grant ([a-z0-9]{8})`", refused)
    assert found, refused
    assert not marker.exists()
    grants.resolve(found.group(1), "once", by="tester", how="unit test", directory=str(box.state / "hookward"))
    async with box.session() as client:
        ran = await client.call_tool("run_command", {"command": command})
        again = await client.call_tool("run_command", {"command": command})
    assert marker.exists() and not ran.is_error, text_of(ran)
    assert again.is_error and "`hookward grant " in text_of(again)  # once: the next identical call asks again
    assert grant_history(box, found.group(1)) == ["opened", "approved", "used"]


@needs_real_engine
@pytest.mark.anyio
async def test_allowed_and_denied_commands_are_in_the_ledger(box: Sandbox) -> None:
    _plant_key(box)
    async with box.session() as client:
        await client.call_tool("run_command", {"command": "echo hi"})
        await client.call_tool("run_command", {"command": "cat ~/.ssh/id_rsa"})
    rows = ledger_rows(box)
    assert (rows["echo hi"]["verdict"], rows["echo hi"]["sent"], rows["echo hi"]["status"]) == ("allow", "allow", "ran")
    denied = rows["cat ~/.ssh/id_rsa"]
    assert (denied["verdict"], denied["sent"], denied["status"]) == ("deny", "deny", "refused")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
