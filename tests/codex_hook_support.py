"""Driving the Codex adapter in process, and reading back what the ledger recorded (shared by test files)."""

from __future__ import annotations

import json
from pathlib import Path

from hookward.adapters.hook import handle
from hookward.verdicts import ledger


def codex(project: Path, command: str, raw: bytes | None = None) -> dict:
    """A Codex PreToolUse for a shell command, answered by the hook: {} when it sent nothing."""
    payload = {
        "session_id": "sess-1",
        "cwd": str(project),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "call_1",
    }
    wire = handle("codex", "PreToolUse", raw if raw is not None else json.dumps(payload).encode())
    assert wire.exit_code == 0, wire.stderr
    if not wire.stdout:
        return {}
    out = json.loads(wire.stdout)["hookSpecificOutput"]
    return {"decision": out["permissionDecision"], "reason": out["permissionDecisionReason"]}


def decisions() -> list[dict]:
    conn = ledger.open_ledger()
    try:
        return ledger.decisions(conn)
    finally:
        conn.close()
