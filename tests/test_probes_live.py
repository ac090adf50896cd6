"""Real hosts, driven offline: the probe tier (`pytest -m probe`), excluded from the default run.

Each test installs the pinned host CLI from the npm registry (cached in
compat/probes/cache/), runs one scenario inside a loopback-only network
namespace, and checks the record it leaves. The expectations are what the
probes established for these versions; a new host version that behaves
differently fails here first.
"""

from __future__ import annotations

import pytest
from hookward.compat.probes import harness, toolchain
from hookward.compat.probes.drivers import DRIVERS

pytestmark = [
    pytest.mark.probe,
    # The probe tier installs what is missing (compat/probes/toolchain.py); it skips only where it cannot.
    pytest.mark.skipif(
        not toolchain.provisionable(toolchain.probe_programs()), reason="needs unshare, ip and npm, or apt-get as root"
    ),
]


def _probe(host: str, scenario: str, tmp_path) -> dict:
    records = harness.probe_host(host, [scenario], jobs=1, progress=lambda _: None, records=tmp_path)
    assert [r["scenario"] for r in records] == [scenario]
    return records[0]


@pytest.mark.parametrize("host", sorted(DRIVERS))
def test_host_cannot_reach_any_outside_address_from_the_probe_namespace(host, tmp_path):
    record = _probe(host, "network-isolation", tmp_path)
    assert record["observed"]["tool_ran"]  # the host really ran the connect attempts
    assert record["observed"]["effect"] == "blocks"
    assert "connected" not in record["observed"].get("netcheck_from_tool", "")


@pytest.mark.parametrize("host", sorted(DRIVERS))
def test_deny_stops_a_shell_call(host, tmp_path):
    posture = DRIVERS[host].failure_posture
    record = _probe(host, f"deny-shell-{posture}", tmp_path)
    assert record["observed"]["hook_fired"] and not record["observed"]["tool_ran"]
    assert record["observed"]["effect"] == "enforced"


# What a crashing hook does: command hooks fail open; the plugin shims and Copilot CLI fail closed.
EXPECTED_CRASH = {host: "runs" for host in ("claude-code", "gemini-cli", "codex", "qwen-code")} | {
    host: "blocks" for host in ("opencode", "kilocode", "pi", "omp", "openclaw", "copilot-cli")
}


@pytest.mark.parametrize("host", sorted(EXPECTED_CRASH))
def test_what_a_crashing_hook_does(host, tmp_path):
    posture = DRIVERS[host].failure_posture
    record = _probe(host, f"crash-shell-{posture}", tmp_path)
    assert record["observed"]["effect"] == EXPECTED_CRASH[host]


EXPECTED_ASK = {
    "claude-code": "refuses",
    "gemini-cli": "ends_session",
    "codex": "runs",  # Codex runs a tool whose hook answered ask
    "qwen-code": "refuses",
    "opencode": "refuses",
    "kilocode": "refuses",
    "pi": "refuses",
    "openclaw": "refuses",
    "copilot-cli": "refuses",
}


@pytest.mark.parametrize("host", sorted(EXPECTED_ASK))
def test_what_each_host_does_with_ask_in_its_permissive_posture(host, tmp_path):
    posture = DRIVERS[host].failure_posture
    record = _probe(host, f"ask-read-{posture}", tmp_path)
    assert record["observed"]["effect"] == EXPECTED_ASK[host]


def test_hookwards_real_hook_keeps_claude_code_off_a_planted_ssh_key(tmp_path):
    record = _probe("claude-code", "hookward-read-ssh-key", tmp_path)
    assert not record["observed"]["tool_ran"]
    assert harness.wire_verdict(record["observed"]["hookward_answered"]) == "deny"
