"""CLI conventions: --version, documented exit codes, --json everywhere it reports, clear usage errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path: Path) -> Path:
    for name in (".config", ".cache", ".local/state", ".local/share"):
        (tmp_path / name).mkdir(parents=True)
    return tmp_path


def run(home: Path, *argv: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
    )
    return subprocess.run(
        [sys.executable, "-m", "hookward", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd or home,
        env=env,
        timeout=120,
    )


def test_version_prints_the_package_version(home):
    from importlib.metadata import version

    result = run(home, "--version")
    assert result.returncode == 0 and result.stdout.strip() == f"hookward {version('hookward')}"


@pytest.mark.parametrize(
    ("command", "code", "label"),
    [
        ("ls", 0, "allow"),
        ("git push --force", 3, "force_ask"),
        ("cat ~/.ssh/id_rsa", 2, "deny"),
    ],
)
def test_check_exit_status_is_the_verdict(home, command, code, label):
    result = run(home, "check", "--", command)
    assert result.stdout.startswith(f"verdict: {label}"), result.stdout
    assert result.returncode == code


def test_check_exit_status_for_a_plain_ask_is_3(home):
    project = home / "proj"
    (project / ".git").mkdir(parents=True)
    (project / "src").mkdir()  # a tree of the person's (a generated one, `build`, with nothing tracked passes)
    result = run(home, "check", "--json", "--", "rm -rf src", cwd=project)
    assert json.loads(result.stdout)["verdict"] == "ask" and result.returncode == 3


def test_check_with_a_broken_policy_exits_1(home):
    (home / ".config" / "hookward").mkdir()
    (home / ".config" / "hookward" / "policy.toml").write_text("[[rules]]\nid = 'x'\n")
    result = run(home, "check", "--", "ls")
    assert result.returncode == 1 and "broken policy" in result.stderr and "Traceback" not in result.stderr


def test_check_documents_its_exit_codes(home):
    result = run(home, "check", "--help")
    assert "0 allow, 3 ask or force_ask, 2 deny, 1 error" in " ".join(result.stdout.split())
    assert "**0** allow, **3** ask or force_ask,\n**2** deny, **1** an error" in (REPO / "README.md").read_text()


def test_check_read_and_a_command_are_two_calls_and_an_error(home):
    result = run(home, "check", "--read", "README.md", "--", "ls")
    assert result.returncode == 1 and "different tool calls" in result.stderr


def test_check_host_without_hook_events_errors_clearly(home):
    result = run(home, "check", "--host", "zed", "--", "ls")
    assert result.returncode == 1 and "no pre-tool hook event" in result.stderr and "deny on" not in result.stdout


def test_check_host_picks_its_pre_tool_event(home):
    result = run(home, "check", "--host", "claude-code", "--json", "--", "cat ~/.ssh/id_rsa")
    assert json.loads(result.stdout)["sent"]["event"] == "PreToolUse"


def test_check_host_with_an_unknown_event_errors(home):
    result = run(home, "check", "--host", "claude-code", "--event", "Nope", "--", "ls")
    assert result.returncode == 1 and "PreToolUse" in result.stderr


CORPUS = (
    '{"command": "ls", "expected": "allow"}\n'
    '{"command": "echo hi", "expected": "deny", "source": "a wrong label"}\n'
    '{"command": "cat ~/.ssh/id_rsa", "expected": "deny"}\n'
)


def test_eval_fail_on_miss_exits_non_zero_when_a_deny_label_is_allowed(home):
    (home / "c.jsonl").write_text(CORPUS)
    assert run(home, "eval", str(home / "c.jsonl")).returncode == 0
    result = run(home, "eval", "--fail-on-miss", str(home / "c.jsonl"))
    assert result.returncode == 3 and "MISSED  'echo hi'" in result.stdout


def test_eval_prints_label_counts_as_text(home):
    (home / "c.jsonl").write_text(CORPUS)
    result = run(home, "eval", str(home / "c.jsonl"))
    assert "labels: 1 allow, 2 deny" in result.stdout and "{" not in result.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["policy", "validate", "--json"],
        ["policy", "show", "--json"],
        ["compat", "show", "codex", "--json"],
        ["compat", "show", "--json"],
        ["install", "claude-code", "--dry-run", "--json", "--allow-repository-env"],
        ["uninstall", "claude-code", "--dry-run", "--json"],
        ["doctor", "--json"],
        ["check", "--json", "--", "ls"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_every_reporting_command_speaks_json(home, argv):
    result = run(home, *argv)
    json.loads(result.stdout)  # the whole of stdout is one JSON document


def test_eval_speaks_json(home):
    (home / "c.jsonl").write_text(CORPUS)
    out = json.loads(run(home, "eval", "--json", str(home / "c.jsonl")).stdout)
    assert out["summary"]["labels"] == {"allow": 1, "deny": 2}


def test_compat_show_without_a_host_lists_hosts(home):
    result = run(home, "compat", "show")
    assert result.returncode == 0 and "claude-code" in result.stdout and "codex" in result.stdout


def test_hook_help_prints_usage_not_unknown_host(home):
    result = run(home, "hook", "--help")
    assert result.returncode == 0 and result.stdout.startswith("Usage: hookward hook HOST EVENT")
    assert "unknown host '--help'" not in result.stdout + result.stderr


def test_hook_with_an_unknown_host_still_refuses(home):
    result = run(home, "hook", "nohost", "PreToolUse", stdin="{}")
    assert result.returncode != 0 or "deny" in result.stdout


def test_maintainer_commands_need_a_source_checkout(monkeypatch, tmp_path):
    from hookward.compat import document, schema
    from typer.testing import CliRunner

    from hookward import cli_compat

    installed = tmp_path / "lib" / "python3.11" / "site-packages" / "hookward"
    installed.mkdir(parents=True)
    monkeypatch.setattr(schema, "REPO_ROOT", str(installed))
    written: list[str] = []
    monkeypatch.setattr(document, "write", lambda *a, **k: written.append("write") or "")
    for command in ("render", "check"):
        result = CliRunner().invoke(cli_compat.compat_app, [command])
        assert result.exit_code == 1 and "needs a source checkout" in result.output, result.output
    assert written == [] and list(installed.iterdir()) == []


def test_maintainer_commands_run_in_this_checkout():
    from hookward import cli_compat

    assert cli_compat.source_checkout() == str(REPO)
