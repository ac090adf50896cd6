"""One pipeline: the hook, the MCP server's `check` tool and `hookward check` judge a call alike.

The same shell command in the same project goes through the three front ends, in this process,
with a throwaway HOME and XDG directories and a real SQLite ledger in tmp_path. Each must give
the same decision (verdict, rule ids, reasons) and write one ledger record of the same shape;
only what was sent differs (the hook's answer; `check` for the two that never act), and only
the hook's ask opens a grant.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from hookward.adapters import hook, mcp_server
from hookward.verdicts import ledger
from mcp import Client
from mcp_types import Implementation
from typer.testing import CliRunner

from hookward.app import app

HOST = "claude-code"

# command -> (verdict, rule ids): an allow, a credential read, an unknown program, a forced push
CASES = {
    "git status": ("allow", ["default.git-read"]),
    "cat ~/.ssh/id_rsa": ("deny", ["floor.credentials"]),
    "frobnicate --x": ("ask", ["default.unknown"]),
    "git push --force": ("force_ask", ["floor.destructive"]),
}

# What a decision record holds about the call and its judgement; `sent` is the front end's own.
SAME = ("kind", "host", "project", "tool_kind", "summary", "verdict", "rules", "reasons")


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    home = tmp_path / "home"
    project = tmp_path / "project"
    for directory in (home / ".ssh", project):
        directory.mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("FAKE\n")
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)  # the hook's project is the payload's cwd
    monkeypatch.chdir(project)
    return {"project": str(project), "state": tmp_path / "xdg_state_home" / "hookward"}


def through_the_hook(project: str, command: str) -> dict:
    payload = {
        "session_id": "s-pipeline",
        "cwd": project,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "tu-1",
    }
    wire = hook.handle(HOST, "PreToolUse", json.dumps(payload).encode())
    assert wire.exit_code == 0, wire
    return json.loads(wire.stdout)["hookSpecificOutput"] if wire.stdout else {}


def through_mcp_check(project: str, command: str) -> str:
    async def ask() -> str:
        server = mcp_server.build_server(project)
        async with Client(server, client_info=Implementation(name=HOST, version="1.0")) as client:
            result = await client.call_tool("check", {"action": "run_command", "command": command})
        assert not result.is_error
        return result.content[0].text

    return anyio.run(ask)


def through_hookward_check(project: str, command: str) -> dict:
    result = CliRunner().invoke(app, ["check", "--host", HOST, "--json", "--cwd", project, "--", command])
    assert result.exit_code in (0, 2, 3), result.output
    return json.loads(result.stdout)


def decision_rows(state: Path) -> list[dict]:
    conn = ledger.open_ledger(str(state))
    try:
        return [row for row in ledger.raw_rows(conn) if row["kind"] == "decision"]
    finally:
        conn.close()


@pytest.mark.parametrize("command", sorted(CASES))
def test_hook_mcp_check_and_hookward_check_decide_and_record_alike(world: dict, command: str) -> None:
    verdict, rules = CASES[command]
    project = world["project"]

    hook_said = through_the_hook(project, command)
    mcp_said = through_mcp_check(project, command)
    cli_said = through_hookward_check(project, command)

    # the same decision, from each front end's own output
    assert (cli_said["verdict"], cli_said["rules"]) == (verdict, rules)
    assert f"verdict: {verdict}\n" in mcp_said and f"rules: {', '.join(rules)}\n" in mcp_said
    hook_row, mcp_row, cli_row = decision_rows(world["state"])
    # ...and the same record of it
    for row in (hook_row, mcp_row, cli_row):
        assert row.keys() == hook_row.keys()
        assert {name: row[name] for name in SAME} == {name: hook_row[name] for name in SAME}
    assert (hook_row["verdict"], hook_row["rules"]) == (verdict, rules)
    assert hook_row["reasons"] == cli_said["reasons"]
    assert hook_row["project"] == project and hook_row["host"] == HOST
    # what was sent: the hook's answer is what `hookward check --host` says the host would be sent
    assert hook_row["sent"] == cli_said["sent"]["answer"]
    assert hook_said.get("permissionDecision", "") == {"allow": "allow", "ask": "ask", "deny": "deny"}.get(
        hook_row["sent"], ""
    )
    assert (mcp_row["sent"], cli_row["sent"]) == ("check", "check")


def test_only_the_hooks_ask_opens_a_grant(world: dict) -> None:
    project = world["project"]
    command = "frobnicate --x"
    through_the_hook(project, command)
    through_mcp_check(project, command)
    through_hookward_check(project, command)
    conn = ledger.open_ledger(str(world["state"]))
    try:
        rows = ledger.decisions(conn)
    finally:
        conn.close()
    assert [(row["sent"], row["status"]) for row in rows] == [
        ("ask", "pending"),
        ("check", "checked"),
        ("check", "checked"),
    ]


# ---------------------------------------------------------------- what the MCP server's own copies got wrong


def mcp_run_command(project: str, command: str) -> tuple[str, bool]:
    """run_command through the in-process server, from a client that cannot ask a person (no elicitation)."""

    async def ask() -> tuple[str, bool]:
        server = mcp_server.build_server(project)
        async with Client(server, client_info=Implementation(name=HOST, version="1.0")) as client:
            result = await client.call_tool("run_command", {"command": command})
        return result.content[0].text, bool(result.is_error)

    return anyio.run(ask)


def test_an_mcp_refusal_by_self_protection_does_not_tell_the_model_a_rule_can_lift_it(world: dict) -> None:
    policy = Path(world["project"]).parent / "home" / ".config" / "hookward" / "policy.toml"
    text, refused = mcp_run_command(world["project"], f"touch {policy}")
    assert refused and not policy.exists()
    assert "floor.self-protection" in text
    assert "no rule and no grant can switch this protection off" in text and "add a user rule" not in text
    (row,) = decision_rows(world["state"])
    assert (row["verdict"], row["sent"], row["rules"]) == ("deny", "deny", ["floor.self-protection"])


def test_a_grant_the_mcp_server_opens_lasts_as_long_as_the_users_grant_expiry_minutes(world: dict) -> None:
    config = Path(world["state"]).parent.parent / "xdg_config_home" / "hookward"
    config.mkdir(parents=True)
    (config / "policy.toml").write_text("[settings]\ngrant_expiry_minutes = 5\n")
    text, refused = mcp_run_command(world["project"], "frobnicate --x")
    assert refused and "default.unknown" in text
    grant_id = text.split("hookward grant ", 1)[1].split("`", 1)[0]
    conn = ledger.open_ledger(str(world["state"]))
    try:
        grant = ledger.grant_by_id(conn, grant_id)
    finally:
        conn.close()
    assert grant is not None and grant["state"] == "pending"
    assert grant["window"] == 5 * 60  # the hook's window; the server's own copy was a fixed hour
