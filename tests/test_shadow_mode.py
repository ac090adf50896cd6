"""Shadow mode: hookward records what it would have done and answers no opinion, so a person can try it
on real work first; self-protection and failing closed stay on, and only the user's own policy turns it on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hookward.policy.loader import config_dir, user_policy_path
from typer.testing import CliRunner

from tests.codex_hook_support import codex, decisions

ASK_COMMAND = "python3 ./scripts/build.py"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home" / ".ssh").mkdir(parents=True)
    (tmp_path / "home" / ".ssh" / "id_rsa").write_text("FAKE\n")
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "scripts" / "build.py").write_text("print('build')\n")
    return root


def shadow_on() -> None:
    path = Path(user_policy_path())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[settings]\nshadow = true\n")


def test_shadow_mode_records_the_refusal_and_answers_no_opinion(project: Path) -> None:
    shadow_on()
    assert codex(project, ASK_COMMAND) == {}
    assert codex(project, "cat ~/.ssh/id_rsa") == {}
    rows = decisions()
    assert [(r["verdict"], r["sent"], r["status"], r["grant"]) for r in rows] == [
        ("ask", "shadow-deny", "shadow", None),
        ("deny", "shadow-deny", "shadow", None),
    ]
    assert rows[0]["rules"] == ["floor.runs-code"] and "floor.credentials" in rows[1]["rules"]


def test_self_protection_stays_on_in_shadow_mode(project: Path) -> None:
    shadow_on()
    answer = codex(project, f"rm -rf {config_dir()}")
    assert answer["decision"] == "deny" and "floor.self-protection" in answer["reason"]
    assert decisions()[-1]["sent"] == "deny"


def test_failing_closed_stays_on_in_shadow_mode(project: Path) -> None:
    shadow_on()
    answer = codex(project, "", raw=b'{"tool_name": "Bash", "tool_input": ')
    assert answer["decision"] == "deny" and answer["reason"].startswith("hookward failed closed")


@pytest.mark.parametrize("trusted", [False, True])
def test_a_project_file_cannot_turn_shadow_mode_on(project: Path, trusted: bool) -> None:
    policy = project / ".hookward.toml"
    policy.write_text("[settings]\nshadow = true\n")
    if trusted:
        import hashlib

        trust = Path(config_dir()) / "trusted.json"
        trust.parent.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(policy.read_bytes()).hexdigest()
        trust.write_text(json.dumps({"trusted": [{"path": str(policy), "sha256": digest}]}))
    answer = codex(project, ASK_COMMAND)
    assert answer["decision"] == "deny" and "floor.runs-code" in answer["reason"]
    assert decisions()[-1]["sent"] == "deny"


def test_audit_report_counts_would_be_asks_and_denies_by_rule_program_and_host(project: Path) -> None:
    from hookward.app import app

    shadow_on()
    for command in (ASK_COMMAND, ASK_COMMAND, "cat ~/.ssh/id_rsa", "ls"):
        codex(project, command)
    result = CliRunner().invoke(app, ["audit", "report", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["decisions"] == 4
    assert report["would_send"] == {"deny": 3, "silent": 1}
    assert dict((name, c["ask"]) for name, c in report["by_rule"])["floor.runs-code"] == 2
    assert dict((name, c["deny"]) for name, c in report["by_rule"])["floor.credentials"] == 1
    assert dict((name, (c["ask"], c["deny"])) for name, c in report["by_program"]) == {"python3": (2, 0), "cat": (0, 1)}
    assert report["by_host"] == [["codex", {"ask": 2, "deny": 1}]]
