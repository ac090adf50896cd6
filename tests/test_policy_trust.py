"""`hookward policy trust` takes the same proof as `hookward grant`: a pseudo-terminal that an agent
drives from inside its host no longer passes, a code the command shows must be typed back, and the
trust is chained in the ledger (issue 15)."""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.adapters.hook import handle
from hookward.policy.loader import trust_path
from hookward.verdicts import grants, ledger

from tests.test_pause import Pane, control_rows


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "scripts" / "build.py").write_text("print('build')\n")
    (root / ".hookward.toml").write_text(
        '[[rules]]\nid = "p"\nverdict = "allow"\nreason = "r"\ncommands = ["make test"]\n'
    )
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [])
    return root


def _env() -> dict:
    keep = ("PATH", "HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LANG")
    return {k: v for k, v in os.environ.items() if k in keep}


def trusted() -> list:
    path = Path(trust_path())
    return json.loads(path.read_text())["trusted"] if path.exists() else []


def in_pty(project: Path, answer_after: str | None, early: str = "") -> tuple[int, str]:
    """Run `hookward policy trust` on a pseudo-terminal this process drives, as an agent's program could."""
    import pty

    master, slave = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "hookward", "policy", "trust", str(project / ".hookward.toml")],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=_env(),
        cwd=project,
        start_new_session=True,
    )
    os.close(slave)
    if early:
        os.write(master, early.encode())  # typed ahead, before the question: must not answer it
    screen = b""
    answered = False
    for _ in range(300):
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
        if answer_after and not answered and re.search(answer_after.encode(), screen):
            os.write(master, b"zzzz\n")  # not the code shown
            answered = True
        if child.poll() is not None and not ready:
            break
    if child.poll() is None:
        child.kill()  # still waiting for an answer: the test fails on the exit code below
    code = child.wait(timeout=30)
    os.close(master)
    return code, screen.decode("utf-8", "replace")


def test_trusting_without_a_terminal_fails_and_is_recorded(project: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hookward", "policy", "trust", str(project / ".hookward.toml")],
        input="abcd\n",
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
    )
    assert result.returncode == 1 and "needs a terminal" in result.stderr
    assert trusted() == []
    step, reasons = control_rows()[-1]
    assert step == "trust-refused" and reasons[0].startswith("no terminal")


def test_a_pseudo_terminal_driven_from_inside_the_host_cannot_trust(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    me = grants.proc_stat(os.getpid())
    if me is None:
        pytest.skip("no /proc here")
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [[os.getpid(), me[2]]])  # this test is the host
    payload = {
        "session_id": "s",
        "cwd": str(project),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "python3 ./scripts/build.py"},
        "tool_use_id": "c",
    }
    handle("codex", "PreToolUse", json.dumps(payload).encode())  # the hook records its host with the grant
    code, screen = in_pty(project, None)
    assert code == 1 and "inside the agent host process tree" in screen, screen
    assert trusted() == []
    assert control_rows()[-1][0] == "trust-refused"


def test_typed_ahead_input_and_a_wrong_code_do_not_trust(project: Path) -> None:
    code, screen = in_pty(project, r"to trust it, type [a-z0-9]{4}:", early="y\nabcd\n")
    assert code == 1 and "the confirmation did not match" in screen, screen
    assert trusted() == []
    step, reasons = control_rows()[-1]
    assert step == "trust-refused" and reasons[0].startswith("the confirmation did not match")


def test_the_gate_denies_policy_trust_as_a_tool_call(project: Path) -> None:
    payload = {
        "session_id": "s",
        "cwd": str(project),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "script -qc 'hookward policy trust' /dev/null"},
        "tool_use_id": "c",
    }
    out = json.loads(handle("codex", "PreToolUse", json.dumps(payload).encode()).stdout)["hookSpecificOutput"]
    assert out["permissionDecision"] == "deny" and "floor.self-protection" in out["permissionDecisionReason"]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_person_trusts_from_a_terminal_by_typing_the_code_shown(project: Path, tmp_path: Path) -> None:
    pane = Pane(str(tmp_path / "tmux.sock"))
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in _env().items())
    command = f"cd {shlex.quote(str(project))} && env -i {env} {shlex.quote(sys.executable)} -m hookward policy trust; sleep 30"
    pane.tmux("new-session", "-d", "-s", "person", "-x", "160", "-y", "50", command)
    try:
        code = pane.wait_for(r"to trust it, type ([a-z0-9]{4}):").group(1)
        pane.tmux("send-keys", "-t", "person", "-l", code)
        pane.tmux("send-keys", "-t", "person", "Enter")
        pane.wait_for(r"recorded in the ledger by")
    finally:
        pane.tmux("kill-server")
    assert [entry["path"] for entry in trusted()] == [str((project / ".hookward.toml").resolve())]
    step, reasons = control_rows()[-1]
    assert step == "trust" and reasons[0].startswith("sha256 ")
    assert ledger.verify(ledger.open_ledger())["ok"]
