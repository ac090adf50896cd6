"""The payload limit: 1 MiB by default, raised only by the user's own policy, never past a hard maximum."""

from __future__ import annotations

import json
import os

from hookward.adapters import hook


def _write_payload(project: str, size: int) -> bytes:
    return json.dumps(
        {
            "session_id": "s",
            "cwd": project,
            "hook_event_name": "PreToolUse",
            "tool_name": "Write",
            "tool_input": {"file_path": os.path.join(project, "big.txt"), "content": "x" * size},
        }
    ).encode()


def test_a_payload_over_the_default_limit_is_refused_with_the_limit_named(tmp_path) -> None:
    wire = hook.handle("claude-code", "PreToolUse", _write_payload(str(tmp_path), 1_500_000))
    assert '"permissionDecision":"deny"' in wire.stdout
    assert "over the 1048576-byte limit" in wire.stdout
    assert "1048577" not in wire.stdout and "1500" not in wire.stdout


def test_the_user_can_raise_the_limit_for_a_large_write_in_the_project(tmp_path, monkeypatch) -> None:
    config = tmp_path / "config"
    (config / "hookward").mkdir(parents=True)
    (config / "hookward" / "policy.toml").write_text("[settings]\nmax_payload_bytes = 4194304\n")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    project = tmp_path / "home" / "app"
    (project / ".git").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    wire = hook.handle("claude-code", "PreToolUse", _write_payload(str(project), 1_500_000))
    assert "byte limit" not in wire.stdout + wire.stderr
    assert '"permissionDecision":"deny"' not in wire.stdout


def test_a_project_policy_cannot_raise_the_limit(tmp_path, monkeypatch) -> None:
    project = tmp_path / "home" / "app"
    (project / ".git").mkdir(parents=True)
    (project / ".hookward.toml").write_text("[settings]\nmax_payload_bytes = 4194304\n")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(project)
    wire = hook.handle("claude-code", "PreToolUse", _write_payload(str(project), 1_500_000))
    assert "over the 1048576-byte limit" in wire.stdout


def test_nothing_past_the_hard_maximum_is_ever_accepted() -> None:
    assert hook.HARD_MAX_PAYLOAD_BYTES == 16 << 20
    assert hook.payload_limit() <= hook.HARD_MAX_PAYLOAD_BYTES
