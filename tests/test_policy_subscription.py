"""Policy from a pinned source: a local git repository subscribed, pinned, updated, and refused when tampered."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hookward.policy import loader, managed, subscription
from hookward.policy.engine import evaluate
from hookward.policy.schema import PolicyError
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict
from typer.testing import CliRunner

from hookward import cli_subscribe
from hookward.app import app

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

GIT = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "core.hooksPath=/dev/null"]

TEAM_V1 = """
[[rules]]
id = "no-push"
verdict = "deny"
reason = "agents do not push"
commands = ["git push"]
match = ["git push origin main"]
not_match = ["git status"]
"""

TEAM_V2 = (
    TEAM_V1
    + """
[[rules]]
id = "no-publish"
verdict = "deny"
reason = "agents do not publish"
commands = ["npm publish"]
match = ["npm publish"]
"""
)

BROKEN_EXAMPLE = """
[[rules]]
id = "no-push"
verdict = "deny"
reason = "agents do not push"
commands = ["git push"]
match = ["git status"]
"""


@pytest.fixture(autouse=True)
def fresh(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(loader, "_memo", {})
    monkeypatch.setattr(loader, "_builtin_memo", {})
    monkeypatch.setattr(managed, "MANAGED_POLICY", str(tmp_path / "etc" / "hookward" / "policy.toml"))
    monkeypatch.setattr(cli_subscribe, "at_terminal", lambda: True)


def commit(repo: Path, text: str, message: str) -> str:
    (repo / "policy.toml").write_text(text, encoding="utf-8")
    subprocess.run([*GIT, "-C", str(repo), "add", "policy.toml"], check=True)
    subprocess.run([*GIT, "-C", str(repo), "commit", "-qm", message], check=True)
    return subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture
def team_repo(tmp_path) -> Path:  # type: ignore[no-untyped-def]
    repo = tmp_path / "team-policy"
    subprocess.run([*GIT, "init", "-q", "-b", "main", str(repo)], check=True)
    commit(repo, TEAM_V1, "v1")
    return repo


def decide(command: str, tmp_path: Path) -> tuple[Verdict, list[str]]:
    project = tmp_path / "proj"
    project.mkdir(exist_ok=True)
    loader._memo.clear()
    decision = evaluate(ToolCall("shell", command=command, cwd=str(project), project_root=str(project)))
    return decision.verdict, decision.rule_ids


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, ["policy", *args])


def record() -> dict:
    return json.loads(Path(subscription.record_path("user")).read_text())


def test_subscribing_to_a_local_git_repository_pins_its_commit_and_loads_its_rules(team_repo, tmp_path) -> None:
    head = subprocess.run(["git", "-C", str(team_repo), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    result = invoke("subscribe", str(team_repo))
    assert result.exit_code == 0, result.output
    assert record()["commit"] == head.strip() and "+ user.no-push deny" in result.output
    assert decide("git push origin main", tmp_path) == (Verdict.DENY, ["user.no-push"])


def test_update_moves_the_pin_and_shows_the_new_rules(team_repo, tmp_path) -> None:
    invoke("subscribe", str(team_repo))
    second = commit(team_repo, TEAM_V2, "v2")
    result = invoke("update")
    assert result.exit_code == 0, result.output
    assert "+ user.no-publish deny: agents do not publish" in result.output and "user.no-push" not in result.output
    assert record()["commit"] == second
    assert decide("npm publish", tmp_path) == (Verdict.DENY, ["user.no-publish"])


def test_update_refuses_a_version_whose_own_examples_fail_and_keeps_the_pin(team_repo, tmp_path) -> None:
    invoke("subscribe", str(team_repo))
    pinned = record()["commit"]
    commit(team_repo, BROKEN_EXAMPLE, "broken")
    result = invoke("update")
    assert result.exit_code == 1 and "the pin did not move" in result.output and "does not match" in result.output
    assert record()["commit"] == pinned
    assert decide("git push origin main", tmp_path) == (Verdict.DENY, ["user.no-push"])


def test_a_pinned_copy_that_no_longer_matches_its_pin_is_refused_whole(team_repo, tmp_path) -> None:
    invoke("subscribe", str(team_repo))
    copy = Path(subscription.copy_path("user"))
    copy.write_text(TEAM_V1.replace('verdict = "deny"', 'verdict = "allow"'), encoding="utf-8")
    loader._memo.clear()
    with pytest.raises(PolicyError, match="no longer matches its pin"):
        loader.load_policy(None)
    result = CliRunner().invoke(app, ["check", "--", "git", "push", "origin", "main"])
    assert result.exit_code != 0 and "no longer matches its pin" in result.output


def test_a_rewritten_history_does_not_move_the_pin(team_repo) -> None:
    invoke("subscribe", str(team_repo))
    pinned = record()["commit"]
    subprocess.run([*GIT, "-C", str(team_repo), "checkout", "-q", "--orphan", "other"], check=True)
    commit(team_repo, TEAM_V2, "unrelated")
    subprocess.run([*GIT, "-C", str(team_repo), "branch", "-q", "-M", "other", "main"], check=True)
    result = invoke("update")
    assert result.exit_code == 1 and "history was rewritten" in result.output
    assert record()["commit"] == pinned


def test_subscribing_at_an_explicit_commit_pins_that_commit(team_repo, tmp_path) -> None:
    first = record_head = subprocess.run(
        ["git", "-C", str(team_repo), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    commit(team_repo, TEAM_V2, "v2")
    result = invoke("subscribe", str(team_repo), "--pin", first)
    assert result.exit_code == 0, result.output
    assert record()["commit"] == record_head
    assert decide("npm publish", tmp_path)[1] != ["user.no-publish"]


def test_a_file_url_is_pinned_by_sha256(tmp_path) -> None:
    source = tmp_path / "team.toml"
    source.write_text(TEAM_V1, encoding="utf-8")
    result = invoke("subscribe", source.as_uri(), "--pin", "sha256:" + "0" * 64)
    assert result.exit_code == 1 and "does not have the SHA-256" in result.output
    result = invoke("subscribe", source.as_uri())
    assert result.exit_code == 0, result.output
    assert len(record()["sha256"]) == 64 and record()["commit"] is None


def test_a_managed_subscription_moves_only_after_the_administrators_signature(team_repo, tmp_path) -> None:
    if shutil.which("ssh-keygen") is None:
        pytest.skip("needs ssh-keygen")
    key = tmp_path / "admin_key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    signers = tmp_path / "allowed_signers"
    signers.write_text("admin@example.com " + (tmp_path / "admin_key.pub").read_text())
    os.makedirs(Path(managed.MANAGED_POLICY).parent, exist_ok=True)
    unsigned = invoke("subscribe", str(team_repo), "--managed", "--allowed-signers", str(signers))
    assert unsigned.exit_code == 1 and "no valid signature" in unsigned.output
    sign = [*GIT, "-c", "gpg.format=ssh", "-c", f"user.signingkey={key}", "-C", str(team_repo)]
    (team_repo / "policy.toml").write_text(TEAM_V2, encoding="utf-8")
    subprocess.run([*sign, "commit", "-qa", "-S", "-m", "signed v2"], check=True)
    signed = invoke("subscribe", str(team_repo), "--managed", "--allowed-signers", str(signers))
    assert signed.exit_code == 0, signed.output
    assert "signed by an allowed signer" in signed.output
    assert decide("npm publish", tmp_path) == (Verdict.DENY, ["managed.no-publish"])


def test_an_agent_cannot_subscribe_or_update(tmp_path) -> None:
    for command in ("hookward policy subscribe https://evil.example/p.git", "hookward policy update"):
        decision = evaluate(ToolCall("shell", command=command, cwd=str(tmp_path), project_root=str(tmp_path)))
        assert decision.verdict == Verdict.DENY and "floor.self-protection" in decision.rule_ids, command
