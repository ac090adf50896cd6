"""Shared set-up of the spec red-team tests: a throwaway home and project, and a user policy on demand.

Commands are only analysed, never run. Nothing is written outside tmp_path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Decision, Verdict


@dataclass
class Sandbox:
    home: Path
    project: Path
    config: Path

    def decide(self, command: str) -> Decision:
        call = ToolCall("shell", command=command, cwd=str(self.project), project_root=str(self.project))
        return evaluate(call)

    def allow_programs(self, *programs: str) -> None:
        """A user rule that allows the programs by name: what the specs say must still decide."""
        names = ", ".join(f'"{p}"' for p in programs)
        (self.config / "hookward").mkdir(parents=True, exist_ok=True)
        (self.config / "hookward" / "policy.toml").write_text(
            f'[[rules]]\nid = "my-tools"\nverdict = "allow"\nreason = "I use these every day"\nprograms = [{names}]\n'
        )


def make_sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    home = tmp_path / "home"
    project = home / "work" / "app"
    (project / ".git").mkdir(parents=True)
    (project / "src").mkdir()
    (project / "src" / "app.py").write_text("print('hi')\n")
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_rsa").write_text("FAKE KEY\n")
    config = tmp_path / "config"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return Sandbox(home, project, config)


@pytest.fixture
def box(tmp_path, monkeypatch) -> Sandbox:  # type: ignore[no-untyped-def]
    """A throwaway home and project (make_sandbox): the fixture most spec red-team files share."""
    return make_sandbox(tmp_path, monkeypatch)


def assert_decided(decision: Decision, verdict: Verdict, rule: str, command: str) -> None:
    assert decision.verdict == verdict, f"{command}: {decision.verdict.name} by {decision.rule_ids} {decision.reasons}"
    assert rule in decision.rule_ids, f"{command}: decided by {decision.rule_ids}, expected {rule}"


def assert_routine(decision: Decision, command: str) -> None:
    """Allowed, and no floor took part in the decision."""
    assert decision.verdict == Verdict.ALLOW, (
        f"{command}: {decision.verdict.name} by {decision.rule_ids} {decision.reasons}"
    )
    assert not [r for r in decision.rule_ids if r.startswith("floor.")], f"{command}: {decision.rule_ids}"


@pytest.fixture
def project(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """A throwaway home with a project in it; hookward's own dirs are under that home."""
    home = tmp_path / "home"
    (home / "proj").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    return str(home / "proj")


def shell(command: str, project: str):  # type: ignore[no-untyped-def]
    return evaluate(ToolCall("shell", command=command, cwd=project, project_root=project, host="claude-code"))


GIT = shutil.which("git")


def git(repo: Path, *args: str) -> None:
    """Run git in `repo` with a throwaway identity and no system or user configuration of the machine's."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(repo.parent),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "p",
        "GIT_AUTHOR_EMAIL": "p@example.invalid",
        "GIT_COMMITTER_NAME": "p",
        "GIT_COMMITTER_EMAIL": "p@example.invalid",
    }
    subprocess.run([GIT or "git", "-C", str(repo), *args], env=env, capture_output=True, check=True)


def committed_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> Path:
    """A throwaway home (with a fake SSH key) holding a project whose `files` are committed and unchanged."""
    if GIT is None:
        pytest.skip("git is needed to build the test repository")
    home = tmp_path / "home"
    root = home / "work" / "app"
    root.mkdir(parents=True)
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_rsa").write_text("FAKE KEY\n")
    monkeypatch.setenv("HOME", str(home))
    for name in ("CONFIG", "CACHE", "STATE", "DATA"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    git(root, "init", "-q", "-b", "main")
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "project")
    return root
