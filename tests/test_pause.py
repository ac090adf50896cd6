"""`hookward pause --for 15m`: a person's way out that is not a policy edit. The same proof as
`hookward grant`, recorded in the ledger, bounded, never started or extended by a tool call; while
paused the hook answers no opinion and records `paused-<kind>`, self-protection and failing closed stay on."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hookward.policy.loader import config_dir
from hookward.verdicts import controls, grants, ledger
from typer.testing import CliRunner

from tests.codex_hook_support import codex, decisions

ASK_COMMAND = "python3 ./scripts/build.py"  # floor.runs-code asks; Codex cannot show an ask: refused


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home" / ".ssh").mkdir(parents=True)
    (tmp_path / "home" / ".ssh" / "id_rsa").write_text("FAKE\n")
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "scripts" / "build.py").write_text("print('build')\n")
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [])
    return root


def control_rows() -> list[tuple[str, list[str]]]:
    conn = ledger.open_ledger()
    try:
        return [(r["verdict"], r["reasons"]) for r in ledger.raw_rows(conn) if r["kind"] == "control"]
    finally:
        conn.close()


def pause(seconds: int = 900, now: int | None = None) -> dict:
    return controls.start_pause(seconds, by="tester", how="unit test", now=now)


def _tty_env() -> dict:
    keep = ("PATH", "HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LANG")
    return {k: v for k, v in os.environ.items() if k in keep}


def test_while_paused_the_hook_answers_no_opinion_and_records_paused(project: Path) -> None:
    pause()
    assert codex(project, ASK_COMMAND) == {}
    assert codex(project, "cat ~/.ssh/id_rsa") == {}
    rows = decisions()
    assert [(r["verdict"], r["sent"], r["status"], r["grant"]) for r in rows] == [
        ("ask", "paused-deny", "paused", None),
        ("deny", "paused-deny", "paused", None),
    ]
    assert rows[0]["rules"] == ["floor.runs-code"] and "floor.credentials" in rows[1]["rules"]
    assert [step for step, _ in control_rows()] == ["pause"]


def test_self_protection_stays_on_while_paused(project: Path) -> None:
    pause()
    answer = codex(project, f"rm -rf {config_dir()}")
    assert answer["decision"] == "deny" and "floor.self-protection" in answer["reason"]
    assert decisions()[-1]["sent"] == "deny"


def test_failing_closed_stays_on_while_paused(project: Path) -> None:
    pause()
    answer = codex(project, "", raw=b'{"tool_name": "Bash", "tool_input": ')
    assert answer["decision"] == "deny" and answer["reason"].startswith("hookward failed closed")


@pytest.mark.parametrize(
    "command",
    [
        "hookward pause --for 8h",
        "python3 -m hookward pause --for 8h",
        "script -qc 'hookward pause --for 8h' /dev/null",
        "hookward pause --off",
    ],
)
def test_a_tool_call_cannot_start_or_extend_a_pause(project: Path, command: str) -> None:
    pause()
    answer = codex(project, command)
    assert answer["decision"] == "deny" and "floor.self-protection" in answer["reason"], command


def test_a_tool_call_cannot_write_the_pause_file(project: Path) -> None:
    started = pause()
    forged = dict(started, until=started["until"] + 3600 * 1_000_000)
    answer = codex(project, f"echo {shlex.quote(json.dumps(forged))} > {controls.pause_path()}")
    assert answer["decision"] == "deny" and "floor.self-protection" in answer["reason"]


def test_an_edited_pause_file_is_no_pause(project: Path) -> None:
    started = pause()
    path = Path(controls.pause_path())
    path.write_text(json.dumps(dict(started, until=started["until"] + 60 * 1_000_000)))
    assert controls.paused() is None
    answer = codex(project, ASK_COMMAND)
    assert answer["decision"] == "deny" and "floor.runs-code" in answer["reason"]


def test_a_pause_ends_at_its_time(project: Path) -> None:
    started = pause(60, now=ledger.now_us() - 61 * 1_000_000)
    assert controls.paused(now=started["until"] - 1) is not None
    assert controls.paused(now=started["until"]) is None
    answer = codex(project, ASK_COMMAND)
    assert answer["decision"] == "deny" and "floor.runs-code" in answer["reason"]


def test_a_pause_is_bounded_to_eight_hours(project: Path) -> None:
    from hookward.app import app

    with pytest.raises(ValueError):
        pause(8 * 3600 + 1)
    result = CliRunner().invoke(app, ["pause", "--for", "9h"])
    assert result.exit_code == 1 and "at most 8h" in result.output
    assert controls.paused() is None


def test_pause_off_ends_it_and_is_recorded(project: Path) -> None:
    from hookward.app import app

    pause()
    result = CliRunner().invoke(app, ["pause", "--off"])
    assert result.exit_code == 0 and "hookward enforces again" in result.output
    assert controls.paused() is None
    answer = codex(project, ASK_COMMAND)
    assert answer["decision"] == "deny" and "floor.runs-code" in answer["reason"]
    assert [step for step, _ in control_rows()] == ["pause", "pause-off"]


def test_pausing_without_a_terminal_fails_and_is_recorded(project: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "hookward", "pause", "--for", "15m"],
        input="abcd\n",
        capture_output=True,
        text=True,
        env=_tty_env(),
        timeout=60,
    )
    assert result.returncode == 1 and "needs a terminal" in result.stderr
    assert controls.paused() is None
    step, reasons = control_rows()[-1]
    assert step == "pause-refused" and reasons[0] == "no terminal (stdin or stdout is not a terminal)"


def test_pausing_from_inside_the_host_process_tree_is_refused(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    me = grants.proc_stat(os.getpid())
    if me is None:
        pytest.skip("no /proc here")
    monkeypatch.setattr(grants, "host_lineage", lambda pid=None: [[os.getpid(), me[2]]])  # this test is the host
    codex(project, ASK_COMMAND)  # the hook records its host with the grant it opens
    result = subprocess.run(
        [sys.executable, "-m", "hookward", "pause", "--for", "15m"],
        capture_output=True,
        text=True,
        env=_tty_env(),
        timeout=60,
    )
    assert result.returncode == 1 and "inside the agent host process tree" in result.stderr
    assert controls.paused() is None
    assert control_rows()[-1][0] == "pause-refused"


class Pane:
    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-S", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=10
        )
        return done.stdout

    def wait_for(self, pattern: str, rounds: int = 150) -> re.Match:
        screen = ""
        for _ in range(rounds):
            screen = self.tmux("capture-pane", "-p", "-t", "person")
            found = re.search(pattern, screen)
            if found:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared:\n{screen}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_person_pauses_from_a_terminal_by_typing_the_code_shown(project: Path, tmp_path: Path) -> None:
    pane = Pane(str(tmp_path / "tmux.sock"))
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in _tty_env().items())
    command = f"env -i {env} {shlex.quote(sys.executable)} -m hookward pause --for 15m; sleep 30"
    pane.tmux("new-session", "-d", "-s", "person", "-x", "160", "-y", "50", command)
    try:
        code = pane.wait_for(r"to confirm, type ([a-z0-9]{4}):").group(1)
        pane.tmux("send-keys", "-t", "person", "-l", code)
        pane.tmux("send-keys", "-t", "person", "Enter")
        pane.wait_for(r"hookward is paused until")
    finally:
        pane.tmux("kill-server")
    active = controls.paused()
    assert active is not None and 14 * 60 <= (active["until"] - active["started_at"]) // 1_000_000 <= 15 * 60
    assert codex(project, ASK_COMMAND) == {}
    assert [step for step, _ in control_rows()] == ["pause"]
