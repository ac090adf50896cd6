"""The probe harness's own pieces, without running any host: fast and offline."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from hookward.compat.probes import drivers, fakemodel, harness
from hookward.compat.probes.drivers import CLAUDE_CODE, DRIVERS

REPO = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the fake model
@pytest.fixture
def model(tmp_path):
    script = fakemodel.Script("Bash", {"command": "touch m"})
    server = fakemodel.ProbeModelServer(0, script, tmp_path / "model.jsonl")
    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _post(url: str, body: dict, headers: dict | None = None) -> tuple[str, bytes]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json", **(headers or {})}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.headers.get("Content-Type", ""), response.read()


def _sse_payloads(raw: bytes) -> list[dict]:
    out = []
    for line in raw.decode().splitlines():
        if line.startswith("data: ") and line != "data: [DONE]":
            out.append(json.loads(line[6:]))
    return out


FIRST_REQUESTS = {
    "anthropic": (
        "/v1/messages",
        {"model": "m", "tools": [{"name": "Bash"}], "messages": [{"role": "user", "content": "go"}]},
    ),
    "gemini": (
        "/v1beta/models/g:generateContent",
        {
            "contents": [{"role": "user", "parts": [{"text": "go"}]}],
            "tools": [{"functionDeclarations": [{"name": "Bash"}]}],
        },
    ),
    "responses": ("/v1/responses", {"model": "m", "tools": [{"type": "function", "name": "Bash"}], "input": "go"}),
    "chat": (
        "/v1/chat/completions",
        {
            "model": "m",
            "tools": [{"type": "function", "function": {"name": "Bash"}}],
            "messages": [{"role": "user", "content": "go"}],
        },
    ),
}

RESULT_REQUESTS = {
    "anthropic": {
        "messages": [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "OUT-1"}]}]
    },
    "gemini": {
        "contents": [
            {"role": "user", "parts": [{"functionResponse": {"name": "Bash", "response": {"output": "OUT-1"}}}]}
        ]
    },
    "responses": {"input": [{"type": "function_call_output", "call_id": "c", "output": "OUT-1"}]},
    "chat": {"messages": [{"role": "tool", "tool_call_id": "c", "content": "OUT-1"}]},
}


def _tool_call_of(protocol: str, reply: dict) -> tuple[str, dict]:
    if protocol == "anthropic":
        block = reply["content"][0]
        return block["name"], block["input"]
    if protocol == "gemini":
        call = reply["candidates"][0]["content"]["parts"][0]["functionCall"]
        return call["name"], call["args"]
    if protocol == "responses":
        item = reply["output"][0]
        return item["name"], json.loads(item["arguments"])
    call = reply["choices"][0]["message"]["tool_calls"][0]["function"]
    return call["name"], json.loads(call["arguments"])


def _text_of(protocol: str, reply: dict) -> str:
    if protocol == "anthropic":
        return reply["content"][0]["text"]
    if protocol == "gemini":
        return reply["candidates"][0]["content"]["parts"][0]["text"]
    if protocol == "responses":
        return reply["output"][0]["content"][0]["text"]
    return reply["choices"][0]["message"]["content"]


@pytest.mark.parametrize("protocol", sorted(FIRST_REQUESTS))
def test_fake_model_asks_for_one_tool_call_then_ends_the_turn_with_the_result(model, protocol):
    server, base = model
    path, first = FIRST_REQUESTS[protocol]
    _, raw = _post(base + path, first)
    assert _tool_call_of(protocol, json.loads(raw)) == ("Bash", {"command": "touch m"})
    # a second tool-offering request gets text, not a second call: one call per probe
    _, raw = _post(base + path, first)
    assert _text_of(protocol, json.loads(raw)) == fakemodel.IDLE_TEXT
    _, raw = _post(base + path, RESULT_REQUESTS[protocol])
    assert _text_of(protocol, json.loads(raw)).startswith(fakemodel.DONE_PREFIX)
    assert "OUT-1" in _text_of(protocol, json.loads(raw))
    told = [r["tool_result"] for r in fakemodel.read_log(server.log_path) if r.get("tool_result")]
    assert told and "OUT-1" in told[0]


@pytest.mark.parametrize("protocol", sorted(FIRST_REQUESTS))
def test_fake_model_streams_the_tool_call_in_each_wire_format(model, protocol):
    _, base = model
    path, first = FIRST_REQUESTS[protocol]
    if protocol == "gemini":
        path = path.replace(":generateContent", ":streamGenerateContent") + "?alt=sse"
    content_type, raw = _post(base + path, dict(first, stream=True))
    assert content_type.startswith("text/event-stream")
    events = _sse_payloads(raw)
    text = json.dumps(events)
    assert "Bash" in text and "touch m" in text
    if protocol == "anthropic":
        assert [e["type"] for e in events][0] == "message_start" and events[-1]["type"] == "message_stop"
        assert events[-2]["delta"]["stop_reason"] == "tool_use"
    if protocol == "responses":
        assert events[-1]["type"] == "response.completed"
    if protocol == "chat":
        assert raw.rstrip().endswith(b"data: [DONE]")
        assert events[-1]["choices"][0]["finish_reason"] == "tool_calls"


def test_fake_model_log_never_keeps_the_api_key(model):
    server, base = model
    path, first = FIRST_REQUESTS["anthropic"]
    _post(base + path, first, {"x-api-key": "sk-secret-1", "Authorization": "Bearer sk-secret-2"})
    assert "sk-secret" not in server.log_path.read_text()


def test_fake_model_does_not_call_a_tool_the_host_did_not_offer_unless_forced():
    unforced = fakemodel.Script("Bash", {})
    assert not unforced.take_call(["Read"])
    forced = fakemodel.Script("Bash", {}, force=True)
    assert forced.take_call([]) and not forced.take_call([])


def test_fake_model_binds_loopback_only(model):
    server, _ = model
    assert server.server_address[0] == "127.0.0.1"


# ---------------------------------------------------------------- scenario matrix
@pytest.mark.parametrize("host", sorted(DRIVERS))
def test_matrix_covers_every_verdict_tool_and_posture_plus_failures_and_network(host):
    driver = DRIVERS[host]
    scenarios = harness.scenario_matrix(driver)
    names = [s.name for s in scenarios]
    assert len(names) == len(set(names))
    verdicts = {(s.hook, s.tool, s.posture) for s in scenarios if s.kind == "verdict"}
    for posture in driver.postures:
        for verdict in driver.narrow_postures.get(posture.name, harness.VERDICTS):
            for tool in driver.tools:
                assert (verdict, tool, posture.name) in verdicts
    failures = {(s.hook, s.tool) for s in scenarios if s.kind == "failure"}
    for failure in ("crash", "timeout", "empty_output", "malformed_output"):
        assert (failure, "shell") in failures and (failure, "read") in failures
    assert all(s.posture == driver.failure_posture for s in scenarios if s.kind == "failure")
    assert [s.name for s in scenarios if s.kind == "network"] == ["network-isolation"]


def test_every_failure_runs_again_with_the_hosts_fail_closed_switch_on():
    scenarios = harness.scenario_matrix(CLAUDE_CODE)
    switched = {(s.hook, s.tool) for s in scenarios if s.kind == "failure" and s.switched}
    bare = {(s.hook, s.tool) for s in scenarios if s.kind == "failure" and not s.switched}
    assert switched == bare and ("crash", "shell") in switched


def test_the_switch_goes_on_the_probe_hooks_entry_only(tmp_path):
    config = tmp_path / "settings.json"
    hook = {"type": "command", "command": "probe-hook", "timeout": 5}
    other = {"type": "command", "command": "someone-else"}
    config.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [hook, other]}]}}))
    harness.add_switch(config, "probe-hook", {"onFailure": "block"})
    written = json.loads(config.read_text())["hooks"]["PreToolUse"][0]["hooks"]
    assert written[0]["onFailure"] == "block" and "onFailure" not in written[1]


def test_two_runs_get_their_own_scratch_folders():
    first, second = harness.new_runs_dir(), harness.new_runs_dir()
    try:
        assert first != second and first.is_dir() and second.is_dir()
    finally:
        first.rmdir()
        second.rmdir()


def test_scenario_selection_takes_exact_names_and_prefixes():
    scenarios = harness.scenario_matrix(CLAUDE_CODE)
    assert [s.name for s in harness.select(scenarios, ["deny-shell-default"])] == ["deny-shell-default"]
    timeouts = harness.select(scenarios, ["timeout"])
    assert timeouts and all(s.hook == "timeout" for s in timeouts)
    assert harness.select(scenarios, ["no-such"]) == []


# ---------------------------------------------------------------- namespace command
def test_namespace_command_runs_the_probe_in_a_new_network_namespace_under_a_timeout(tmp_path):
    command = harness.namespace_command(tmp_path / "spec.json", python="/py", budget_s=42)
    assert command[:3] == ["timeout", "--kill-after=5", "42"]
    assert command[3:6] == ["unshare", "--net", "--"]
    assert command[6:] == ["/py", "-m", "hookward.compat.probes.harness", "inside", str(tmp_path / "spec.json")]


def test_namespace_process_gets_none_of_the_callers_environment(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-real-key")
    monkeypatch.setenv("HOME", "/root")
    env = harness.namespace_env()
    assert set(env) == {"PATH", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE"}


@pytest.mark.parametrize("host", sorted(DRIVERS))
def test_host_environment_is_built_from_scratch_with_a_fake_key_and_loopback_model(host, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-real-key")
    env = DRIVERS[host].env(tmp_path, drivers.MODEL_PORT)
    assert env["HOME"] == str(tmp_path)
    assert "sk-real-key" not in env.values()
    urls = [v for k, v in env.items() if "URL" in k]
    assert all(u.startswith("http://127.0.0.1:") for u in urls)


def test_only_loopback_is_read_from_the_kernel_for_this_namespace():
    # Outside a namespace the machine has more than lo; the check must see it, not a cached /sys view.
    names = harness.only_loopback()
    assert "lo" in names


# ---------------------------------------------------------------- preparing a run
def test_prepare_plants_the_secret_writes_the_hook_config_and_the_exact_answer(tmp_path):
    scenario = harness.Scenario("deny-read-default", "verdict", "deny", "read", "default")
    spec = harness.prepare(CLAUDE_CODE, scenario, Path("/bin/claude"), tmp_path / "run")
    run = tmp_path / "run"
    settings = json.loads((run / "home" / ".claude" / "settings.json").read_text())
    hook = settings["hooks"]["PreToolUse"][0]["hooks"][0]
    assert "testhook.py" in hook["command"] and hook["command"].endswith(" answer")
    assert hook["timeout"] == drivers.HOOK_TIMEOUT_S
    assert (run / "answer.txt").read_text() == spec["answer"]
    assert json.loads(spec["answer"])["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert spec["targets"]["secret_value"] in (run / "work" / "secret.txt").read_text()
    assert spec["tool_input"] == {"file_path": str(run / "work" / "secret.txt")}
    assert spec["argv"][:2] == ["/bin/claude", "-p"]


def test_prepare_failure_scenario_points_the_hook_at_the_failure_behaviour(tmp_path):
    scenario = harness.Scenario("timeout-shell-bypassPermissions", "failure", "timeout", "shell", "bypassPermissions")
    spec = harness.prepare(CLAUDE_CODE, scenario, Path("/bin/claude"), tmp_path / "run")
    settings = json.loads((tmp_path / "run" / "home" / ".claude" / "settings.json").read_text())
    assert settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"].endswith(" timeout")
    assert "20 s" in spec["answer"]


def test_shell_probe_token_is_computed_so_an_echoed_command_cannot_fake_a_run(tmp_path):
    targets = drivers.Targets(tmp_path, tmp_path / "m", tmp_path / "s", tmp_path / "w", 1234)
    assert targets.ran_token == "PROBE-RAN-41234"
    assert targets.ran_token not in targets.shell_command()


# ---------------------------------------------------------------- the test hook
def _hook(tmp_path: Path, behaviour: str, answer: str | None = None) -> subprocess.CompletedProcess:
    if answer is not None:
        (tmp_path / "answer.txt").write_text(answer)
    return subprocess.run(
        [sys.executable, str(REPO / "compat" / "probes" / "testhook.py"), str(tmp_path), behaviour],
        input=b'{"tool_name": "Bash"}',
        capture_output=True,
        env={"PATH": os.environ.get("PATH", ""), "PROBE_SECRET_ENV": "must-not-be-stored"},
        timeout=10,
    )


@pytest.mark.parametrize(
    "behaviour, code, stdout",
    [("crash", 1, b""), ("empty", 0, b""), ("malformed", 0, b"this is {not json\n"), ("exit2", 2, b"")],
)
def test_test_hook_fails_in_exactly_the_named_way(tmp_path, behaviour, code, stdout):
    done = _hook(tmp_path, behaviour)
    assert (done.returncode, done.stdout) == (code, stdout)


def test_test_hook_answers_the_exact_bytes_and_records_the_payload_not_the_environment(tmp_path):
    done = _hook(tmp_path, "answer", '{"decision":"deny"}')
    assert done.returncode == 0 and done.stdout == b'{"decision":"deny"}'
    stored = "".join(p.read_text() for p in tmp_path.rglob("*") if p.is_file())
    assert '"tool_name": "Bash"' in stored
    assert "must-not-be-stored" not in stored


# ---------------------------------------------------------------- classifying and recording
def _observed(**changes):
    base = {
        "tool_ran": False,
        "exit_code": 0,
        "timed_out": False,
        "model_told": "refused",
        "hook_fired": 1,
        "model_asked_for_tool": True,
        "model_requests": 2,
        "permission_mode_reported": "default",
        "duration_s": 1.0,
    }
    return dict(base, **changes)


@pytest.mark.parametrize(
    "kind, hook, observed, effect",
    [
        ("verdict", "deny", _observed(), "enforced"),
        ("verdict", "deny", _observed(tool_ran=True), "runs"),
        ("verdict", "ask", _observed(tool_ran=True), "runs"),
        ("verdict", "ask", _observed(), "refuses"),
        ("verdict", "ask", _observed(model_told=None), "ends_session"),
        ("verdict", "ask", _observed(timed_out=True, exit_code=None), "unknown"),
        ("verdict", "allow", _observed(tool_ran=True), "enforced"),
        ("verdict", "allow", _observed(), "refuses"),
        ("verdict", "deny", _observed(hook_fired=0), "unknown"),
        ("verdict", "deny", _observed(model_asked_for_tool=False), "unknown"),
        ("failure", "crash", _observed(tool_ran=True), "runs"),
        ("failure", "timeout", _observed(), "blocks"),
        ("failure", "timeout", _observed(model_told=None), "ends_session"),
        ("failure", "crash", _observed(error="no result"), "unknown"),
    ],
)
def test_effect_is_read_off_what_happened_and_unknown_when_the_probe_did_not_test_it(kind, hook, observed, effect):
    assert harness.classify(kind, hook, observed)[0] == effect


def test_network_probe_fails_if_any_outside_address_connected():
    failed = {"interfaces": ["lo"], "attempts": {"1.1.1.1:443": "failed: ENETUNREACH"}}
    assert harness.classify("network", "allow", _observed(netcheck=failed))[0] == "blocks"
    leaked = {"interfaces": ["lo"], "attempts": {"1.1.1.1:443": "connected"}}
    assert harness.classify("network", "allow", _observed(netcheck=leaked))[0] == "runs"
    tool_leaked = _observed(netcheck=failed, netcheck_from_tool='{"1.1.1.1:443": "connected"}')
    assert harness.classify("network", "allow", tool_leaked)[0] == "runs"
    not_isolated = {"interfaces": ["eth0", "lo"], "refused": "..."}
    assert harness.classify("network", "allow", _observed(netcheck=not_isolated))[0] == "unknown"


def test_outside_reachability_refuses_to_try_outside_an_isolated_namespace(monkeypatch):
    monkeypatch.setattr(harness, "only_loopback", lambda: ["eth0", "lo"])
    result = harness.outside_reachability()
    assert "attempts" not in result and "refused" in result


def _record(tmp_path, scenario, effect, hook="ask", kind="verdict", mode="default", host="claude-code"):
    record = {
        "host": host,
        "version": "9.9.9",
        "scenario": scenario,
        "kind": kind,
        "hook": hook,
        "mode": mode,
        "event": "PreToolUse",
        "answer": "{}",
        "observed": _observed(effect=effect),
        "date": "2026-11-30",
    }
    harness.write_record(record, tmp_path / "records")
    return record


def test_record_carries_the_keys_the_registry_schema_checks(tmp_path):
    scenario = harness.Scenario("deny-shell-default", "verdict", "deny", "shell", "default")
    spec = harness.prepare(CLAUDE_CODE, scenario, Path("/bin/claude"), tmp_path / "run")
    record = harness.make_record(CLAUDE_CODE, scenario, spec, _observed(), "2026-11-30")
    path = harness.write_record(record, tmp_path / "records")
    assert path == tmp_path / "records" / "claude-code" / CLAUDE_CODE.version / "deny-shell-default.json"
    saved = json.loads(path.read_text())
    for key in ("host", "version", "scenario", "answer", "observed", "date", "command"):
        assert key in saved
    assert saved["observed"]["effect"] == "enforced"
    assert saved["answer"] == spec["answer"]
    assert saved["command"] == "hookward compat probe claude-code --scenario deny-shell-default"
    assert '"env"' not in json.dumps(saved)
    assert all(value not in json.dumps(saved) for key, value in spec["env"].items() if "KEY" in key)


def test_a_fact_backed_by_several_probes_takes_the_effect_hookward_can_rely_on_least(tmp_path):
    _record(tmp_path, "ask-shell-default", "refuses")
    _record(tmp_path, "ask-read-default", "runs")
    facts = harness.probed_facts(harness.load_records("claude-code", "9.9.9", tmp_path / "records"))
    fact = facts[("verdicts", "PreToolUse", "ask", "default@headless")]
    assert fact["value"] == "runs" and fact["grade"] == "probed"
    assert fact["source"].endswith("ask-read-default.json")
    assert "ask-shell-default: refuses" in fact["note"]


def test_unknown_and_network_records_never_become_facts(tmp_path):
    _record(tmp_path, "deny-shell-default", "unknown", hook="deny")
    _record(tmp_path, "network-isolation", "blocks", hook="allow", kind="network")
    assert harness.probed_facts(harness.load_records("claude-code", "9.9.9", tmp_path / "records")) == {}


def test_registry_follows_the_probe_and_says_what_it_replaced_touching_only_probed_facts(tmp_path):
    hosts = tmp_path / "hosts"
    hosts.mkdir()
    original = (REPO / "compat" / "hosts" / "claude-code.json").read_text()
    (hosts / "claude-code.json").write_text(original)
    (tmp_path / "records").mkdir()
    facts = {
        ("verdicts", "PreToolUse", "ask", "default"): {
            "value": "refuses",
            "grade": "probed",
            "source": "r",
            "note": "n",
        },
        ("failures", "timeout"): {"value": "runs", "grade": "probed", "source": "r2", "note": "n2"},
        ("verdicts", "PreToolUse", "ask", "noSuchMode"): {"value": "runs", "grade": "probed", "source": "r3"},
    }
    data = json.loads(original)
    before_ask = data["verdicts"]["PreToolUse"]["ask"]["default"]
    changes = harness.apply_facts(data, facts)
    assert any("noSuchMode" in c and c.startswith("skipped") for c in changes)
    ask = data["verdicts"]["PreToolUse"]["ask"]["default"]
    assert ask["value"] == "refuses"
    if before_ask.get("grade") in ("documented", "read") and before_ask["value"] != "refuses":
        assert ask["note"].startswith(f"was {before_ask['grade']}: {before_ask['value']}; probe shows refuses")
    assert "noSuchMode" not in data["verdicts"]["PreToolUse"]["ask"]


def test_in_place_update_rewrites_only_the_changed_fact_and_keeps_the_authors_layout(tmp_path):
    text = '{\n  "a": {"value": 1, "grade": "unknown"},\n  "b": {\n    "x": {\n      "value": 2\n    }\n  }\n}\n'
    new = harness._set_in_text(text, ("a",), {"value": 3, "grade": "probed"})
    assert new == text.replace('{"value": 1, "grade": "unknown"}', '{"value": 3, "grade": "probed"}')
    added = harness._set_in_text(text, ("b", "y"), {"value": 4})
    assert json.loads(added) == {"a": {"value": 1, "grade": "unknown"}, "b": {"x": {"value": 2}, "y": {"value": 4}}}
    assert added.startswith('{\n  "a": {"value": 1, "grade": "unknown"},\n')


def test_update_registry_writes_a_host_file_that_still_parses_and_cites_records(tmp_path):
    hosts, records = tmp_path / "hosts", tmp_path / "records"
    hosts.mkdir()
    (hosts / "claude-code.json").write_text((REPO / "compat" / "hosts" / "claude-code.json").read_text())
    version = CLAUDE_CODE.version
    for name, hook, kind, effect in [
        ("deny-shell-default", "deny", "verdict", "enforced"),
        ("timeout-shell-bypassPermissions", "timeout", "failure", "runs"),
    ]:
        record = _record(tmp_path, name, effect, hook=hook, kind=kind)
        record["version"] = version
        harness.write_record(record, records)
    harness.update_registry("claude-code", hosts, records)
    data = json.loads((hosts / "claude-code.json").read_text())
    assert data["failures"]["timeout"]["grade"] == "probed"
    assert data["failures"]["timeout"]["source"].endswith("timeout-shell-bypassPermissions.json")
    assert data["verdicts"]["PreToolUse"]["deny"]["default@headless"]["value"] == "enforced"


def test_headless_probe_facts_never_overwrite_the_interactive_mode(tmp_path):
    hosts, records = tmp_path / "hosts", tmp_path / "records"
    hosts.mkdir()
    (hosts / "claude-code.json").write_text((REPO / "compat" / "hosts" / "claude-code.json").read_text())
    before = json.loads((hosts / "claude-code.json").read_text())["verdicts"]["PreToolUse"]["ask"]["default"]
    record = _record(tmp_path, "ask-shell-default", "refuses", hook="ask", kind="verdict")
    record["version"] = CLAUDE_CODE.version
    harness.write_record(record, records)
    harness.update_registry("claude-code", hosts, records)
    data = json.loads((hosts / "claude-code.json").read_text())["verdicts"]["PreToolUse"]["ask"]
    assert data["default"] == before
    assert data["default@headless"]["value"] == "refuses"


# ---------------------------------------------------------------- plugin hosts: the installed shim, HOOKWARD_BIN
PLUGIN_DRIVERS = [h for h in sorted(DRIVERS) if DRIVERS[h].hook_timeout_note == drivers.PLUGIN_TIMEOUT_NOTE]
INSTALLED_SHIM = {
    "opencode": ".config/opencode/plugins/hookward.js",
    "kilocode": ".config/kilo/plugins/hookward.js",
    "pi": ".pi/agent/extensions/hookward.ts",
    "omp": ".omp/agent/extensions/hookward.ts",
    "openclaw": ".openclaw/hookward/hookward.js",
}


def test_every_plugin_host_is_probed_through_the_shim_hookward_install_writes():
    assert set(PLUGIN_DRIVERS) == set(INSTALLED_SHIM)


@pytest.mark.parametrize("host", PLUGIN_DRIVERS)
def test_plugin_probe_installs_the_real_shim_and_points_its_hookward_bin_at_the_probe_hook(host, tmp_path, monkeypatch):
    monkeypatch.setattr(drivers, "node24", lambda: None)  # OpenClaw's runtime is not needed to lay out a run
    driver = DRIVERS[host]
    scenario = harness.Scenario(
        f"deny-shell-{driver.failure_posture}", "verdict", "deny", "shell", driver.failure_posture
    )
    spec = harness.prepare(driver, scenario, Path("/bin/host"), tmp_path / "run")
    home = tmp_path / "run" / "home"
    shim = (home / INSTALLED_SHIM[host]).read_text()
    assert "---- hookward shim core: begin" in shim and f'const HOST = "{host}"' in shim
    assert "__HOOKWARD_EXECUTABLE__" not in shim  # `hookward install` wrote the real path over the placeholder
    wrapper = Path(spec["env"]["HOOKWARD_BIN"])
    assert wrapper == home / drivers.PROBE_HOOKWARD_BIN and os.access(wrapper, os.X_OK)
    assert spec["env"]["HOOKWARD_TIMEOUT_MS"] == str(drivers.HOOK_TIMEOUT_S * 1000)
    assert json.loads(spec["answer"]) == {"decision": "deny", "reason": "hookward probe: deny"}
    assert "testhook.py" in wrapper.read_text()


def _shim_call(wrapper: Path, event: str, host: str = "opencode") -> subprocess.CompletedProcess:
    # exactly how the shims start hookward: `$HOOKWARD_BIN hook <host> <event>`, the payload on stdin
    return subprocess.run(
        [str(wrapper), "hook", host, event], input=b'{"tool_name": "bash"}', capture_output=True, timeout=20
    )


def test_hookward_bin_wrapper_runs_the_probe_hook_for_the_pre_event_only(tmp_path):
    home, run = tmp_path / "home", tmp_path / "run"
    run.mkdir()
    hook = f"{sys.executable} {REPO / 'compat' / 'probes' / 'testhook.py'} {run} crash"
    wrapper = drivers.install_plugin("opencode", "tool.execute.before", home, tmp_path, hook)
    crashed = _shim_call(wrapper, "tool.execute.before")
    assert crashed.returncode == 1 and b"crashed on purpose" in crashed.stderr
    post = _shim_call(wrapper, "tool.execute.after")
    assert (post.returncode, post.stdout) == (0, b"")
    assert len((run / "hook-fired.log").read_text().splitlines()) == 1  # the post event is not a hook firing


def test_plugin_probe_refuses_to_run_when_hookward_install_fails(tmp_path):
    with pytest.raises(drivers.InstallFailed, match="no-such-host"):
        drivers.install_plugin("no-such-host", "pre", tmp_path / "home", tmp_path, "true")


@pytest.mark.parametrize("host, sdk", [("opencode", "@opencode-ai/plugin"), ("kilocode", "@kilocode/plugin")])
def test_opencode_family_config_folder_already_lists_the_plugin_sdk_and_any_npm_fetch_stays_on_loopback(
    host, sdk, tmp_path
):
    driver = DRIVERS[host]
    home = tmp_path / "home"
    driver.write_config(home, tmp_path, "true")
    folder = home / ".config" / ("opencode" if host == "opencode" else "kilo")
    lock = json.loads((folder / "package-lock.json").read_text())
    assert sdk in lock["packages"][""]["dependencies"] and (folder / "node_modules").is_dir()
    assert (home / ".npmrc").read_text().strip() == f"registry=http://127.0.0.1:{drivers.UNSERVED_PORT}/"
    config = json.loads((folder / ("opencode.json" if host == "opencode" else "kilo.json")).read_text())
    assert config["provider"]["probe"]["options"]["baseURL"].startswith("http://127.0.0.1:")


def test_openclaw_config_keeps_hookwards_registration_and_adds_only_the_loopback_model(tmp_path, monkeypatch):
    monkeypatch.setattr(drivers, "node24", lambda: None)
    home = tmp_path / "home"
    drivers.OPENCLAW.write_config(home, tmp_path, "true")
    config = json.loads((home / ".openclaw" / "openclaw.json").read_text())
    assert config["plugins"]["entries"]["hookward"] == {"enabled": True}
    assert config["plugins"]["load"]["paths"] == [str(home / ".openclaw" / "hookward" / "hookward.js")]
    assert config["models"]["providers"]["probe"]["baseUrl"].startswith("http://127.0.0.1:")
    assert config["tools"]["deny"] == ["process", "sessions_spawn"]


def test_openclaw_agent_exec_and_local_postures_run_different_entry_points():
    local = drivers.OPENCLAW.argv(Path("/oc.mjs"), drivers.OPENCLAW.posture("local"), "go")
    exec_ = drivers.OPENCLAW.argv(Path("/oc.mjs"), drivers.OPENCLAW.posture("agent-exec"), "go")
    assert local[0] == str(drivers.NODE24_BIN / "node") and local[2:4] == ["agent", "--local"]
    assert exec_[2:5] == ["agent", "exec", "go"]


def test_copilot_cli_runs_against_the_loopback_model_without_github_sign_in(tmp_path):
    env = drivers.COPILOT_CLI.env(tmp_path, drivers.MODEL_PORT)
    assert env["COPILOT_PROVIDER_BASE_URL"] == f"http://127.0.0.1:{drivers.MODEL_PORT}/v1"
    assert env["COPILOT_OFFLINE"] == "1" and "GITHUB_TOKEN" not in env and "COPILOT_GITHUB_TOKEN" not in env
    config = drivers.COPILOT_CLI.write_config(tmp_path, tmp_path, "probe-hook")
    hooks = json.loads(config.read_text())
    assert hooks["version"] == 1
    assert hooks["hooks"]["preToolUse"] == [
        {"type": "command", "bash": "probe-hook", "timeoutSec": drivers.HOOK_TIMEOUT_S}
    ]
