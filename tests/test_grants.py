"""Grants a person resolves: an ask Codex cannot show is refused with a grant id, and a person's
approval lets exactly the next identical call through, once (issue 15)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hookward.adapters.hook import handle
from hookward.verdicts import grants, ledger
from hookward.verdicts.decision import Decision, Part, Verdict
from typer.testing import CliRunner

ASK_COMMAND = "python3 ./scripts/build.py"  # a script that is not known to be the person's: floor.runs-code asks
GRANT = re.compile(r"`hookward grant ([a-z0-9]{8})`")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "scripts" / "build.py").write_text("print('build')\n")
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [])  # per test, below, where it matters
    return root


def codex(project: Path, command: str = ASK_COMMAND, cwd: Path | None = None, session: str = "sess-1") -> dict:
    """One Codex PreToolUse through the real hook path; the answer as {decision, reason} (silent: {})."""
    payload = {
        "session_id": session,
        "turn_id": "1",
        "transcript_path": None,
        "cwd": str(cwd or project),
        "model": "gpt-5-codex",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "call_1",
    }
    wire = handle("codex", "PreToolUse", json.dumps(payload).encode())
    assert wire.exit_code == 0, wire.stderr
    if not wire.stdout:
        return {}
    out = json.loads(wire.stdout)["hookSpecificOutput"]
    return {"decision": out["permissionDecision"], "reason": out["permissionDecisionReason"]}


def refused_grant(answer: dict) -> str:
    assert answer.get("decision") == "deny", answer
    found = GRANT.search(answer["reason"])
    assert found, answer["reason"]
    return found.group(1)


def approve(grant_id: str, choice: str = "once", now: int | None = None) -> dict:
    return grants.resolve(grant_id, choice, by="tester", how="unit test", now=now)


def test_ask_level_call_on_codex_is_refused_with_a_grant_id(project: Path) -> None:
    answer = codex(project)
    grant_id = refused_grant(answer)
    assert grants.looks_like_id(grant_id)
    assert "floor.runs-code" in answer["reason"] and "add a user rule" not in answer["reason"]
    found = grants.find(grant_id)
    assert found is not None and found["state"] == "pending" and found["verdict"] == "ask"
    assert found["sent"] == "deny" and found["parts"][0]["rules"] == ["floor.runs-code"]


def test_the_ledger_keeps_a_keyed_hash_of_the_call_never_its_text(project: Path) -> None:
    secret = "ghp_" + "A1b2C3d4" * 5
    grant_id = refused_grant(codex(project, f"{ASK_COMMAND} --token {secret}"))
    state = Path(ledger.state_dir())
    blob = b"".join(p.read_bytes() for p in state.rglob("*") if p.is_file())
    assert secret.encode() not in blob
    found = grants.find(grant_id)
    assert found is not None and re.fullmatch("[0-9a-f]{64}", found["identity"])


def test_refused_grant_appears_in_audit_pending(project: Path) -> None:
    from hookward.app import app

    grant_id = refused_grant(codex(project))
    result = CliRunner().invoke(app, ["audit", "pending", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(r["grant"], r["status"], r["sent"], r["verdict"]) for r in rows] == [(grant_id, "pending", "deny", "ask")]
    shown = CliRunner().invoke(app, ["audit", "show", grant_id, "--json"])
    assert shown.exit_code == 0, shown.output
    assert [step["verdict"] for step in json.loads(shown.output)[0]["history"]] == ["opened"]


def test_approved_once_lets_exactly_the_next_identical_call_through(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    # Not the same call: another working directory, another argument, another session's host: refused.
    refused_grant(codex(project, cwd=project / "scripts"))
    refused_grant(codex(project, ASK_COMMAND + " --release"))
    assert grants.find(grant_id)["state"] == "approved"  # type: ignore[index]
    # The identical call passes (Codex: no opinion, since it rejects an explicit allow), once.
    assert codex(project) == {}
    used = grants.find(grant_id)
    assert used is not None and used["state"] == "used" and used["uses"] == 1
    refused_grant(codex(project))
    conn = ledger.open_ledger()
    try:
        steps = [s["verdict"] for s in ledger.grant_history(conn, grant_id)]
        allowed = [d for d in ledger.decisions(conn) if d["verdict"] == "allow"]
    finally:
        conn.close()
    assert steps == ["opened", "approved", "used"]
    assert [d["rules"] for d in allowed] == [[f"grant.{grant_id}"]]


def test_concurrent_calls_cannot_both_use_one_approval(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    key_hash = grants.find(grant_id)["identity"]  # type: ignore[index]
    approve(grant_id)
    results: list[object] = []
    barrier = threading.Barrier(8)

    def use() -> None:
        barrier.wait()
        results.append(grants.consume(key_hash, "sess-1"))

    threads = [threading.Thread(target=use) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(1 for r in results if r is not None) == 1
    assert grants.find(grant_id)["uses"] == 1  # type: ignore[index]


def test_concurrent_hook_processes_cannot_both_use_one_approval(project: Path, tmp_path: Path) -> None:
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    payload = json.dumps(
        {
            "session_id": "sess-1",
            "cwd": str(project),
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": ASK_COMMAND},
            "tool_use_id": "call_1",
        }
    ).encode()
    keep = ("PATH", "HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
    env = {k: v for k, v in os.environ.items() if k in keep}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "hookward", "hook", "codex", "PreToolUse"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for _ in range(6)
    ]
    outputs = [p.communicate(payload, timeout=60)[0] for p in procs]
    assert sorted(b"deny" in out for out in outputs) == [False] + [True] * 5
    assert grants.find(grant_id)["uses"] == 1  # type: ignore[index]


def test_an_approval_expires_unused_and_a_grant_expires_unresolved(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    found = grants.find(grant_id)
    assert found is not None
    late = found["expires_at"] + 1
    with pytest.raises(grants.GrantError, match="expired"):
        approve(grant_id, now=late)
    approved = approve(grant_id)
    assert grants.consume(found["identity"], "sess-1", now=approved["expires_at"] + 1) is None
    assert grants.status(grants.find(grant_id), now=approved["expires_at"] + 1) == "unused"  # type: ignore[arg-type]
    assert grants.consume(found["identity"], "sess-1") is not None


def test_approval_for_the_session_holds_only_in_that_session(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    approve(grant_id, "session")
    assert codex(project) == {}
    assert codex(project) == {}
    refused_grant(codex(project, session="another-session"))


def test_a_write_with_other_content_is_another_call() -> None:
    from hookward.policy.toolcall import ToolCall

    key = os.urandom(32)
    one = ToolCall("write", tool="Write", paths=["/p/a.txt"], cwd="/p", project_root="/p", host="x", content="a")
    two = ToolCall("write", tool="Write", paths=["/p/a.txt"], cwd="/p", project_root="/p", host="x", content="b")
    again = ToolCall("write", tool="Write", paths=["/p/a.txt"], cwd="/p", project_root="/p", host="x", content="a")
    other_host = ToolCall("write", tool="Write", paths=["/p/a.txt"], cwd="/p", project_root="/p", host="y", content="a")
    assert grants.identity(one, key) == grants.identity(again, key)
    assert len({grants.identity(c, key) for c in (one, two, other_host)}) == 3
    assert grants.identity(one, key) != grants.identity(one, os.urandom(32))


def _force_ask_grant() -> str:
    from hookward.policy.toolcall import ToolCall

    call = ToolCall(
        "shell", tool="Bash", command="aws ec2 terminate-instances --instance-ids i-1", cwd="/p", host="codex"
    )
    part = Part(call.command or "", "exec", Verdict.FORCE_ASK, ["floor.destroys"], ["terminates instances"])
    decision = Decision.from_parts([part])
    grant_id = grants.new_id()
    key_hash = grants.identity(call, grants.install_key())
    record = grants.grant_record(call, decision, grant_id, key_hash, "deny", 3600, [])
    ledger.record_decision(call, decision, "deny", None, record)
    return grant_id


def test_a_force_ask_grant_cannot_be_remembered(project: Path) -> None:
    grant_id = _force_ask_grant()
    found = grants.find(grant_id)
    assert found is not None and grants.offers(found) == ["once", "deny"]
    for choice in ("session", "project"):
        with pytest.raises(grants.GrantError, match="does not offer"):
            approve(grant_id, choice)
    assert approve(grant_id, "once")["scope"] == "once"


def test_a_never_loosened_floor_offers_only_deny(project: Path) -> None:
    record = {"verdict": "ask", "locked": True, "session": "s", "project": "/p", "project_exact": True, "parts": []}
    assert grants.offers(record) == ["deny"]


def test_always_in_this_project_writes_a_rule_that_allows_only_this_command_there(project: Path) -> None:
    from hookward.policy.loader import _compile_layer, user_policy_path

    grant_id = refused_grant(codex(project))
    found = grants.find(grant_id)
    assert found is not None and "project" in grants.offers(found)
    rule = grants.proposed_rule(found)
    assert rule is not None
    assert rule["projects"] == [str(project)] and rule["loosens"] == ["runs-code"]
    assert rule["commands"] == ["python3 ./scripts/build.py $"] and rule["match"] == [ASK_COMMAND]
    text = grants.rule_toml(rule).encode()
    _compile_layer("user", "policy.toml", text)  # loads, and its match example holds
    path = Path(user_policy_path())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    approve(grant_id, "project")
    assert codex(project) == {}  # the user rule allows it here, every time
    assert codex(project) == {}
    refused_grant(codex(project, ASK_COMMAND + " --release"))  # only this command


def _tty_env() -> dict:
    keep = ("PATH", "HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LANG")
    return {k: v for k, v in os.environ.items() if k in keep}


def test_resolving_without_a_terminal_fails_and_is_recorded(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    result = subprocess.run(
        [sys.executable, "-m", "hookward", "grant", grant_id],
        input=f"1\n{grant_id[-4:]}\n",
        capture_output=True,
        text=True,
        env=_tty_env(),
        timeout=60,
    )
    assert result.returncode == 1 and "needs a terminal" in result.stderr
    found = grants.find(grant_id)
    assert found is not None and found["state"] == "pending"
    conn = ledger.open_ledger()
    try:
        steps = [(s["verdict"], s["reasons"][0]) for s in ledger.grant_history(conn, grant_id)]
    finally:
        conn.close()
    assert steps[-1] == ("refused", "no terminal (stdin or stdout is not a terminal)")


def test_resolving_from_inside_the_host_process_tree_is_refused(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    me = grants.proc_stat(os.getpid())
    if me is None:
        pytest.skip("no /proc here")
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [[os.getpid(), me[2]]])  # this test is the host
    grant_id = refused_grant(codex(project))
    result = subprocess.run(
        [sys.executable, "-m", "hookward", "grant", grant_id],
        capture_output=True,
        text=True,
        env=_tty_env(),
        timeout=60,
    )
    assert result.returncode == 1 and "inside the agent host process" in result.stderr
    assert grants.find(grant_id)["state"] == "pending"  # type: ignore[index]


def test_the_gate_denies_hookward_grant_as_a_tool_call(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    for command in (f"hookward grant {grant_id}", f"script -qc 'hookward grant {grant_id}' /dev/null"):
        answer = codex(project, command)
        assert answer["decision"] == "deny" and "floor.self-protection" in answer["reason"], command
        assert GRANT.search(answer["reason"]) is None


# ---------------------------------------------------------------- the person, played in tmux


class Pane:
    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-S", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=10
        )
        return done.stdout

    def wait_for(self, pattern: str, rounds: int = 150) -> str:
        for _ in range(rounds):
            screen = self.tmux("capture-pane", "-p", "-t", "person")
            if re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared:\n{screen}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_person_approves_once_in_a_terminal_and_exactly_the_next_identical_call_passes(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = grants.proc_stat(os.getpid())
    if me is None:
        pytest.skip("no /proc here")
    # This test process plays the agent host: the person's terminal (a tmux server) is not under it.
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [[os.getpid(), me[2]]])
    grant_id = refused_grant(codex(project))
    pane = Pane(str(tmp_path / "tmux.sock"))
    env = " ".join(f"{k}={shlex_quote(v)}" for k, v in _tty_env().items())
    command = f"env -i {env} {shlex_quote(sys.executable)} -m hookward grant {grant_id}; sleep 30"
    pane.tmux("new-session", "-d", "-s", "person", "-x", "160", "-y", "50", command)
    try:
        screen = pane.wait_for(r"choose: $|choose:\s*$")
        assert ASK_COMMAND in screen and "[2] approve for this session" in screen
        pane.tmux("send-keys", "-t", "person", "1", "Enter")
        pane.wait_for(r"to confirm, type the last 4 characters")
        pane.tmux("send-keys", "-t", "person", "-l", grant_id[-4:])
        pane.tmux("send-keys", "-t", "person", "Enter")
        pane.wait_for(rf"grant {grant_id} approved \(once\)")
    finally:
        pane.tmux("kill-server")
    refused_grant(codex(project, cwd=project / "scripts"))
    assert codex(project) == {}
    refused_grant(codex(project))
    found = grants.find(grant_id)
    assert found is not None and found["state"] == "used" and found["resolved_by"]


def shlex_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


# ---------------------------------------------------------------- audit verify holds the grants table to the chain


def _direct(sql: str, *args: object) -> None:
    """A write to the grants table that goes around hookward (what an attacker with file access does)."""
    conn = ledger.sqlite3.connect(ledger.db_path(), isolation_level=None)
    try:
        conn.execute(sql, args)
    finally:
        conn.close()


def _verify() -> dict:
    conn = ledger.open_ledger()
    try:
        return ledger.verify(conn, ledger.state_dir())
    finally:
        conn.close()


def test_audit_verify_accepts_the_life_of_a_grant_the_chain_records(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    assert codex(project) == {}
    result = _verify()
    assert result["ok"] and result["grant_problems"] == [], result


def test_audit_verify_reports_a_grant_approved_by_a_direct_write(project: Path) -> None:
    from hookward.app import app

    grant_id = refused_grant(codex(project))
    _direct("UPDATE grants SET state = 'approved', scope = 'once' WHERE grant_id = ?", grant_id)
    result = _verify()
    assert not result["ok"] and result["first_broken"]["id"] is None
    assert result["grant_problems"] == [
        f"grant {grant_id} has state 'approved' (the chain says 'pending'): the grants table was written outside the chain"
    ]
    shown = CliRunner().invoke(app, ["audit", "verify"])
    assert shown.exit_code == 1 and f"grant {grant_id} has state 'approved'" in shown.output


def test_audit_verify_reports_a_grant_the_chain_never_opened(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    _direct(
        "INSERT INTO grants SELECT 'zzzzzzzz', decision_id, identity, record, verdict, host, session, opened_at, "
        "expires_at, 'approved', 'session', resolved_at, resolved_by, uses, used_at FROM grants WHERE grant_id = ?",
        grant_id,
    )
    assert _verify()["grant_problems"] == [
        "grant zzzzzzzz is in the grants table (approved), but the chain never opened it"
    ]


@pytest.mark.parametrize(
    ("sql", "problem"),
    [
        ("UPDATE grants SET identity = '" + "0" * 64 + "' WHERE grant_id = ?", "another call identity"),
        ("UPDATE grants SET record = replace(record, 'build.py', 'other.py') WHERE grant_id = ?", "a record"),
        ("UPDATE grants SET uses = 0 WHERE grant_id = ?", "0 use(s) (the chain records 1)"),
        ("UPDATE grants SET state = 'approved' WHERE grant_id = ?", "state 'approved' (the chain says 'used')"),
        ("UPDATE grants SET expires_at = expires_at + 86400000000 WHERE grant_id = ?", "expiry"),
    ],
)
def test_audit_verify_reports_a_used_grant_rewritten_in_the_table(project: Path, sql: str, problem: str) -> None:
    grant_id = refused_grant(codex(project))
    approve(grant_id)
    assert codex(project) == {}
    _direct(sql, grant_id)
    problems = _verify()["grant_problems"]
    assert len(problems) == 1 and problems[0].startswith(f"grant {grant_id} has ") and problem in problems[0], problems


def test_audit_verify_reports_a_grant_deleted_from_the_table(project: Path) -> None:
    grant_id = refused_grant(codex(project))
    _direct("DELETE FROM grants WHERE grant_id = ?", grant_id)
    assert _verify()["grant_problems"] == [f"the chain opened grant {grant_id}, but the grants table has no row for it"]


def _opencode(project: Path, command: str = ASK_COMMAND) -> dict:
    """The in-process plugin family: OpenCode's shim feeds `hookward hook opencode tool.execute.before`."""
    payload = {
        "hook_event_name": "tool.execute.before",
        "tool_name": "bash",
        "tool_input": {"command": command},
        "session_id": "ses_1",
        "tool_use_id": "call_1",
        "cwd": str(project),
    }
    wire = handle("opencode", "tool.execute.before", json.dumps(payload).encode())
    assert wire.exit_code == 0, wire.stderr
    return json.loads(wire.stdout) if wire.stdout else {}


def test_plugin_host_family_refuses_with_a_grant_and_an_approval_lets_exactly_the_next_identical_call_through(
    project: Path,
) -> None:
    answer = _opencode(project)
    assert answer.get("decision") == "deny", answer  # OpenCode cannot prompt for a plugin's ask (probed)
    found = GRANT.search(answer["reason"])
    assert found, answer
    approve(found.group(1), "once")
    assert _opencode(project).get("decision") != "deny"  # used once
    again = _opencode(project)
    assert again.get("decision") == "deny" and GRANT.search(again["reason"])  # and only once
    other = _opencode(project, ASK_COMMAND + " --other")
    assert other.get("decision") == "deny"


def test_a_call_with_no_approval_waiting_writes_nothing_to_look_for_one(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The look-up is a read: without an approved grant for this identity, no write transaction (no spool merge,
    # no head record), so an ask costs one write, not two.
    grant_id = refused_grant(codex(project))
    writes: list[str] = []
    real = ledger._in_write

    def counted(conn, directory, body, merge_cap=None):  # type: ignore[no-untyped-def]
        writes.append(directory)
        return real(conn, directory, body, merge_cap)

    monkeypatch.setattr(ledger, "_in_write", counted)
    assert grants.consume("no-such-identity", "sess-1") is None
    assert writes == []
    # ...and an approval is still found, and used in a write transaction.
    approve(grant_id, "once")
    writes.clear()
    assert codex(project) == {}
    assert len(writes) >= 1
