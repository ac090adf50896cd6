"""`hookward policy import`: the permission rules people already have, as a hookward policy that loads."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.policy import loader
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "import"


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(loader, "_memo", {})
    monkeypatch.setattr(loader, "_builtin_memo", {})


def _setup(tmp_path: Path, host: str) -> tuple[Path, Path]:
    """The host's fixture home and project, copied where the test may write (the project is a git repo)."""
    home = tmp_path / "home"
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / host / "home", home)
    shutil.copytree(FIXTURES / host / "project", project)
    (project / ".git").mkdir()
    (home / ".config").mkdir(exist_ok=True)
    return home, project


def run_import(home: Path, project: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "CODEX_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), XDG_CACHE_HOME=str(home / ".cache"))
    env["XDG_STATE_HOME"] = str(home / ".state")
    return subprocess.run(
        [sys.executable, "-m", "hookward", "policy", "import", *argv, "--json", "--cwd", str(project)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def imported(home: Path, project: Path, *argv: str) -> dict:
    result = run_import(home, project, *argv)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def by_reason(out: dict, original: str) -> dict:
    (rule,) = [r for r in out["rules"] if r["reason"].endswith(": " + original)]
    return rule


def skipped(out: dict) -> dict[str, str]:
    return {item["rule"]: item["why"] for item in out["not_translated"]}


def _load_as(layer_file: Path, text: str, monkeypatch, home: Path):
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    layer_file.parent.mkdir(parents=True, exist_ok=True)
    layer_file.write_text(text, encoding="utf-8")


# --- Claude Code ------------------------------------------------------------------------------------


def test_claude_code_permissions_become_rules_with_examples(tmp_path):
    home, project = _setup(tmp_path, "claude-code")
    out = imported(home, project, "claude-code")
    assert out["layer"] == "user"
    assert by_reason(out, "Bash(npm run test:*)")["commands"] == ["npm run test"]
    assert by_reason(out, "Bash(npm run lint)")["commands"] == ["npm run lint $"]
    secrets = by_reason(out, "Read(./secrets/**)")
    assert secrets["verdict"] == "deny" and secrets["paths"] == ["secrets/**"] and secrets["match"]
    assert by_reason(out, "Bash(git push:*)")["verdict"] == "ask"
    assert by_reason(out, "mcp__filesystem")["mcp"] == ["filesystem/*"]
    assert all(rule.get("match") or rule.get("kinds") for rule in out["rules"])


def test_claude_code_untranslatable_rules_are_listed_with_why(tmp_path):
    home, project = _setup(tmp_path, "claude-code")
    why = skipped(imported(home, project, "claude-code"))
    assert "whole shell line" in why["Bash(ls && pwd)"]
    assert "search query" in why["WebSearch"]
    assert "Glob" in why and "permissions.defaultMode" in why


def test_claude_code_import_loads_as_the_user_policy_and_decides(tmp_path, monkeypatch):
    home, project = _setup(tmp_path, "claude-code")
    out = imported(home, project, "claude-code")
    _load_as(home / ".config" / "hookward" / "policy.toml", out["policy"], monkeypatch, home)
    (project / "secrets").mkdir()
    call = ToolCall("read", paths=[str(project / "secrets" / "api.txt")], cwd=str(project), project_root=str(project))
    decision = evaluate(call)
    assert decision.verdict.label == "deny"
    assert any(rule.startswith("user.claude-deny-read-secrets") for rule in decision.rule_ids)
    shell = ToolCall("shell", command="curl https://example.com", cwd=str(project), project_root=str(project))
    assert any(r.startswith("user.claude-deny-bash-curl") for r in evaluate(shell).rule_ids)


def test_claude_code_project_settings_go_to_the_project_layer_and_only_tighten(tmp_path, monkeypatch):
    home, project = _setup(tmp_path, "claude-code")
    out = imported(home, project, "claude-code", "--project")
    assert out["layer"] == "project" and out["target"] == str(project / ".hookward.toml")
    assert {rule["verdict"] for rule in out["rules"]} <= {"ask", "force_ask", "deny"}
    why = skipped(out)
    assert "may only tighten" in why["Bash(make deploy:*)"] and "may only tighten" in why["Bash(npm run build)"]
    assert by_reason(out, "Edit(//etc/hosts)")["paths"] == ["/etc/hosts"]  # settings.local.json too
    assert by_reason(out, "Write(/migrations/**)")["paths"] == ["migrations/**"]
    _load_as(project / ".hookward.toml", out["policy"], monkeypatch, home)
    policy = loader.load_policy(str(project))
    assert [s["layer"] for s in policy.sources] == ["builtin", "project"]
    assert policy.tighten_only and not policy.override_layers[1]  # nothing in the user's layer


def test_project_import_with_write_never_touches_the_user_policy(tmp_path):
    home, project = _setup(tmp_path, "claude-code")
    env_home = home / ".config" / "hookward" / "policy.toml"
    result = run_import(home, project, "claude-code", "--project", "--write")
    assert result.returncode == 0, result.stderr
    assert (project / ".hookward.toml").is_file() and not env_home.exists()
    assert "terraform apply" in (project / ".hookward.toml").read_text()


# --- Gemini CLI -------------------------------------------------------------------------------------


def test_gemini_cli_settings_and_policy_files_are_imported(tmp_path):
    home, project = _setup(tmp_path, "gemini-cli")
    out = imported(home, project, "gemini-cli")
    assert len(out["sources"]) == 2
    assert by_reason(out, "run_shell_command(git status)")["commands"] == ["git status"]
    assert by_reason(out, "run_shell_command(rm -rf)")["verdict"] == "deny"
    asks = by_reason(out, "rule[1]")
    assert asks["verdict"] == "ask" and asks["commands"] == ["docker push", "kubectl delete"]
    assert by_reason(out, "rule[4]")["mcp"] == ["dangerous-server/*"]
    why = skipped(out)
    assert "regular expression" in why["rule[2]"] and "approval modes" in why["rule[3]"]
    assert "google_web_search" in why


def test_gemini_cli_project_excludes_tighten_and_allows_are_listed(tmp_path):
    home, project = _setup(tmp_path, "gemini-cli")
    out = imported(home, project, "gemini-cli", "--project")
    assert [r["commands"] for r in out["rules"]] == [["npm publish"]]
    assert "may only tighten" in skipped(out)["run_shell_command(./scripts/release.sh)"]


# --- Codex ------------------------------------------------------------------------------------------


def test_codex_prefix_rules_with_alternatives_and_examples(tmp_path):
    home, project = _setup(tmp_path, "codex")
    out = imported(home, project, "codex")
    (allow,) = [r for r in out["rules"] if r["verdict"] == "allow"]
    assert allow["commands"] == ["git status", "git diff", "git log"]
    assert "git diff --stat" in allow["match"] and allow["not_match"] == ["git push"]
    (forbidden,) = [r for r in out["rules"] if r["verdict"] == "deny"]
    assert forbidden["commands"] == ["npm publish"] and "publish from CI" in forbidden["reason"]
    why = skipped(out)
    assert any("'sometimes'" in w for w in why.values())
    assert any(rule.startswith("line 25: host_executable") for rule in why)


def test_codex_project_rules_go_to_the_project_layer(tmp_path):
    home, project = _setup(tmp_path, "codex")
    out = imported(home, project, "codex", "--project")
    assert out["layer"] == "project" and [r["commands"] for r in out["rules"]] == [["cargo publish"]]
    assert any("may only tighten" in why for why in skipped(out).values())


def test_codex_forbidden_rule_denies_after_import(tmp_path, monkeypatch):
    home, project = _setup(tmp_path, "codex")
    out = imported(home, project, "codex")
    _load_as(home / ".config" / "hookward" / "policy.toml", out["policy"], monkeypatch, home)
    call = ToolCall("shell", command="npm publish --access public", cwd=str(project), project_root=str(project))
    decision = evaluate(call)
    assert decision.verdict.label == "deny" and any(r.startswith("user.codex-deny") for r in decision.rule_ids)


def test_an_unknown_host_is_an_error(tmp_path):
    home, project = _setup(tmp_path, "codex")
    result = run_import(home, project, "cursor")
    assert result.returncode == 1 and "no importer" in result.stderr
