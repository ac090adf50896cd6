"""Replay: recorded agent sessions judged without running anything; the report's counts are exact, secrets
never reach it, and nothing is written into the ledger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hookward.verdicts import ledger
from typer.testing import CliRunner

SECRET = "ghp_" + "Z9y8X7w6" * 5


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("FAKE\n")
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "scripts").mkdir()
    (project / "scripts" / "build.py").write_text("print('build')\n")
    (project / "src").mkdir()
    (project / "src" / "app.py").write_text("print('a')\n")
    return {"home": home, "project": project, "dir": tmp_path / "transcripts"}


def tool_use(cwd: Path, name: str, tool_input: dict, n: int) -> dict:
    return {
        "type": "assistant",
        "sessionId": "4f35e220",
        "cwd": str(cwd),
        "uuid": f"u{n}",
        "message": {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "I will run a tool."},
                {"type": "tool_use", "id": f"toolu_{n}", "name": name, "input": tool_input},
            ],
        },
    }


def claude_transcript(box: dict) -> Path:
    project, home = box["project"], box["home"]
    calls = [
        ("Bash", {"command": "ls -la"}),
        ("Bash", {"command": "git status"}),
        ("Read", {"file_path": str(project / "src" / "app.py")}),
        ("Bash", {"command": "python3 ./scripts/build.py"}),
        ("Bash", {"command": "python3 ./scripts/build.py --release"}),
        ("Read", {"file_path": str(home / ".ssh" / "id_rsa")}),
        ("Bash", {"command": f"cat ~/.ssh/id_rsa; echo {SECRET}"}),
    ]
    lines: list[object] = [
        {"type": "summary", "summary": "a session", "leafUuid": "x"},
        {"type": "user", "cwd": str(project), "message": {"role": "user", "content": f"token {SECRET}"}},
    ]
    lines += [tool_use(project, name, tool_input, n) for n, (name, tool_input) in enumerate(calls)]
    lines.append({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "content": "ok"}]}})
    path = box["dir"] / "-proj" / "4f35e220.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n{not json\n")
    return path


def codex_rollout(box: dict) -> Path:
    project = box["project"]
    lines = [
        {"type": "session_meta", "payload": {"id": "s", "cwd": str(project)}},
        {
            "type": "response_item",
            "payload": {
                "type": "function_call",
                "name": "shell",
                "arguments": json.dumps({"command": ["bash", "-lc", "python3 ./scripts/build.py"]}),
            },
        },
        {"type": "response_item", "payload": {"type": "message", "role": "assistant", "content": []}},
    ]
    path = box["dir"] / "codex" / "rollout-2025-01-01.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return path


def test_replaying_a_claude_code_transcript_counts_every_verdict(box: dict) -> None:
    from hookward.cli_replay import replay_report

    report = replay_report([str(claude_transcript(box))])
    assert report["files"] == 1 and report["calls"] == 7
    assert report["verdicts"] == {"allow": 3, "ask": 2, "force_ask": 0, "deny": 2, "error": 0}
    assert report["asking_rules"] == [("floor.runs-code", 2)]
    assert report["asking_programs"] == [("python3", 2)]
    assert [(d["tool"], d["rules"]) for d in report["denied"]] == [
        ("Read", ["floor.credentials"]),
        ("Bash", ["floor.credentials"]),
    ]


def test_replay_reads_a_directory_of_transcripts_of_both_formats(box: dict) -> None:
    from hookward.cli_replay import replay_report

    claude_transcript(box)
    codex_rollout(box)
    report = replay_report([str(box["dir"])])
    assert report["files"] == 2 and report["calls"] == 8
    assert report["verdicts"]["ask"] == 3 and report["asking_programs"] == [("python3", 3)]


def test_replay_output_never_shows_a_secret_and_the_ledger_is_not_written(box: dict) -> None:
    from hookward.app import app

    path = claude_transcript(box)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "7 tool calls in 1 transcript(s): allow 3, ask 2, force_ask 0, deny 2" in result.output
    assert "floor.runs-code" in result.output and "would be denied (2)" in result.output
    assert SECRET not in result.output and SECRET[:12] not in result.output
    state = Path(ledger.state_dir())
    assert not Path(ledger.db_path()).exists() and not list(state.glob("spool*")) and not (state / "sessions").exists()
