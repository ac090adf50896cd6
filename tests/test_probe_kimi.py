"""Kimi Code 2.1.0: the probe driver, the committed records, and what the adapter does with what they showed.

The default run checks the driver (config, environment, argv), that the
committed records cover the scenario matrix and that compat/hosts/kimi.json
follows them, and the adapter's handling of the Bash tool's own `cwd`
argument (Kimi runs `cd <cwd> && <command>`). The live tier
(`pytest -m probe`) runs the real host offline, as `hookward compat probe kimi`
does.
"""

from __future__ import annotations

import json
import os
import tomllib

import pytest
from hookward.adapters import hook, kimi
from hookward.adapters.base import PayloadError
from hookward.compat import registry
from hookward.compat.probes import harness, kimi_extra, toolchain
from hookward.compat.probes.drivers import DRIVERS, KIMI, MODEL_PORT, NODE24_BIN
from hookward.verdicts.decision import Verdict

SESSION = "session_e44446ab-b488-4dee-9839-a644eb582268"


def bash_payload(cwd: str, tool_input: dict) -> dict:
    """A PreToolUse payload shaped exactly as Kimi Code 2.1.0 sent it to the probe's hook."""
    return {
        "hook_event_name": "PreToolUse",
        "session_id": SESSION,
        "cwd": cwd,
        "client_type": "kimi_code_cli",
        "tool_name": "Bash",
        "tool_input": tool_input,
        "tool_call_id": "call_c1dffdac91ce431f9663",
    }


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".kimi-code").mkdir(parents=True)
    (home / ".aws").mkdir()
    (home / "proj").mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def decide(payload: dict):
    from hookward.policy.engine import evaluate_call

    return evaluate_call(kimi.parse("PreToolUse", payload))[0]


# ---------------------------------------------------------------- Bash's own cwd
def test_kimi_bash_cwd_into_kimis_config_folder_rewriting_its_hook_config_is_denied(home):
    payload = bash_payload(str(home / "proj"), {"command": "printf x > config.toml", "cwd": str(home / ".kimi-code")})
    decision = decide(payload)
    assert decision.verdict == Verdict.DENY
    assert "floor.self-protection" in decision.rule_ids


def test_kimi_bash_relative_cwd_reading_cloud_credentials_is_denied(home):
    payload = bash_payload(str(home / "proj"), {"command": "cat credentials", "cwd": "../.aws"})
    decision = decide(payload)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_kimi_bash_cwd_is_taken_against_the_session_folder_and_keeps_the_project(home):
    call = kimi.parse("PreToolUse", bash_payload(str(home / "proj"), {"command": "ls", "cwd": "sub"}))
    assert os.path.normpath(call.cwd) == str(home / "proj" / "sub")
    assert call.project_root == kimi.project_root_for(str(home / "proj"))
    absolute = kimi.parse("PreToolUse", bash_payload(str(home / "proj"), {"command": "ls", "cwd": "/etc"}))
    assert absolute.cwd == "/etc"


def test_kimi_bash_without_cwd_runs_in_the_session_folder(home):
    call = kimi.parse("PreToolUse", bash_payload(str(home / "proj"), {"command": "ls"}))
    assert call.cwd == str(home / "proj")


@pytest.mark.parametrize("bad", [5, ["/tmp"], {"path": "/tmp"}, True])
def test_kimi_bash_cwd_that_is_not_a_path_fails_closed(home, bad):
    payload = bash_payload(str(home / "proj"), {"command": "ls", "cwd": bad})
    with pytest.raises(PayloadError):
        kimi.parse("PreToolUse", payload)
    wire = hook.handle("kimi", "PreToolUse", json.dumps(payload).encode())
    assert wire.exit_code == 2 and wire.stdout == ""


# ---------------------------------------------------------------- Write's append mode
def write_payload(cwd: str, tool_input: dict) -> dict:
    return dict(bash_payload(cwd, tool_input), tool_name="Write")


def test_kimi_write_append_is_judged_without_taking_the_appended_text_for_the_whole_file(home):
    # Appended after a TOML [[hooks]] table, a top-level key lands inside it; the text alone says nothing of that.
    appended = kimi.parse(
        "PreToolUse",
        write_payload(str(home / "proj"), {"path": "a.toml", "content": 'theme = "x"\n', "mode": "append"}),
    )
    assert (appended.kind, appended.paths, appended.content) == ("write", ("a.toml",), None)
    whole = kimi.parse(
        "PreToolUse", write_payload(str(home / "proj"), {"path": "a.toml", "content": "x", "mode": "overwrite"})
    )
    assert whole.content == "x"


def test_kimi_write_append_into_kimis_hook_config_is_denied(home):
    config = home / ".kimi-code" / "config.toml"
    payload = write_payload(str(home / "proj"), {"path": str(config), "content": 'theme = "x"\n', "mode": "append"})
    decision = decide(payload)
    assert decision.verdict == Verdict.DENY
    assert "floor.self-protection" in decision.rule_ids


@pytest.mark.parametrize("mode", ["prepend", 1, None])
def test_kimi_write_with_a_mode_kimi_does_not_have_fails_closed(home, mode):
    payload = write_payload(str(home / "proj"), {"path": "a.txt", "content": "x", "mode": mode})
    with pytest.raises(PayloadError):
        kimi.parse("PreToolUse", payload)


# ---------------------------------------------------------------- the driver
def test_kimi_probe_config_has_only_the_hook_keys_kimi_2_1_0_accepts(tmp_path, monkeypatch):
    monkeypatch.setattr("hookward.compat.probes.drivers.node24", lambda: NODE24_BIN / "node")
    command = "python3 '/x y/testhook.py' /run answer"
    config = KIMI.write_config(tmp_path, tmp_path / "work", command)
    assert config == tmp_path / ".kimi-code" / "config.toml"
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    # HookDefSchema in 2.1.0 is a strict object: any key but these four drops every hook.
    assert data == {"hooks": [{"event": "PreToolUse", "command": command, "timeout": 5}]}


def test_kimi_probe_runs_print_mode_on_node_24_with_no_mode_flag():
    posture = KIMI.posture("print")
    argv = KIMI.argv(KIMI_BIN, posture, "go")
    # `kimi -p` refuses --yolo, --auto and --plan (it forces auto mode itself).
    assert argv == [str(NODE24_BIN / "node"), str(KIMI_BIN), "-p", "go"]
    assert [p.name for p in KIMI.postures] == ["print"] and posture.mode == "*"


KIMI_BIN = toolchain.CACHE / "kimi" / "2.1.0" / KIMI.binary


def test_kimi_probe_model_is_the_loopback_fake_set_through_kimi_model_variables(tmp_path, monkeypatch):
    monkeypatch.setenv("KIMI_MODEL_API_KEY", "a-real-looking-key-that-must-not-leak")
    env = KIMI.env(tmp_path, MODEL_PORT)
    assert env["KIMI_MODEL_BASE_URL"] == f"http://127.0.0.1:{MODEL_PORT}/v1"
    assert env["KIMI_MODEL_API_KEY"] == "sk-probe-fake"
    assert env["KIMI_MODEL_PROVIDER_TYPE"] == "openai"
    assert env["HOME"] == str(tmp_path) and env["PATH"].startswith(str(NODE24_BIN))
    assert "kimi" in DRIVERS and DRIVERS["kimi"] is KIMI


# ---------------------------------------------------------------- the committed records
def committed() -> dict[str, dict]:
    return {record["scenario"]: record for _, record in harness.load_records("kimi")}


def test_every_kimi_scenario_with_a_wire_form_has_a_committed_record():
    expected = {s.name for s in harness.scenario_matrix(KIMI) if s.hook != "force_ask"}
    expected |= {extra.name for extra in kimi_extra.EXTRAS}
    records = committed()
    assert set(records) == expected
    for record in records.values():
        assert record["version"] == "2.1.0" and record["isolation"].startswith("unshare --net")
    assert records["network-isolation"]["observed"]["effect"] == "blocks"


def test_kimi_records_show_only_a_deny_or_exit_2_keeps_a_tool_from_running():
    records = committed()
    for name, record in records.items():
        if record["kind"] == "verdict" or record["kind"] == "failure":
            assert record["observed"]["hook_fired"] == 1, name
            stopped = record["hook"] in ("deny", "exit_2")
            assert record["observed"]["tool_ran"] is not stopped, name


def test_kimi_extra_record_shows_the_hook_judging_the_subagents_own_tool_call():
    record = committed()[kimi_extra.SUBAGENT]
    assert record["kind"] == "subagent"
    observed = record["observed"]
    # main agent: Agent call; subagent: Bash call; then each turn ends on its tool result
    assert observed["model_replies"] == ["tool_call", "tool_call", "text", "text"]
    assert observed["hook_fired"] == 1 and not observed["tool_ran"]
    assert observed["effect"] == "enforced"
    # a subagent record backs no verdict fact: those are about the main agent
    facts = harness.probed_facts(harness.load_records("kimi"))
    assert all(kimi_extra.SUBAGENT not in fact["note"] for fact in facts.values())


def test_subagent_script_asks_for_each_call_once_in_order():
    script = kimi_extra.Sequence([("Agent", {"prompt": "p"}), ("Bash", {"command": "c"})])
    assert script.take_call([]) and (script.tool_name, script.tool_input) == ("Agent", {"prompt": "p"})
    assert script.take_call(["Bash"]) and script.tool_name == "Bash"
    assert not script.take_call(["Bash"])


def test_subagent_probe_judges_only_bash_with_a_key_kimi_2_1_0_accepts(tmp_path, monkeypatch):
    monkeypatch.setattr("hookward.compat.probes.drivers.node24", lambda: NODE24_BIN / "node")
    config = KIMI.write_config(tmp_path, tmp_path / "work", "hook")
    kimi_extra.add_matcher(config)
    (table,) = tomllib.loads(config.read_text(encoding="utf-8"))["hooks"]
    assert table == {"event": "PreToolUse", "matcher": "^Bash$", "command": "hook", "timeout": 5}


def test_as_installed_a_crashing_hookward_blocks_on_kimi_but_a_hanging_one_does_not():
    records = committed()
    crash, timeout = records["installed-crash-shell-print"], records["installed-timeout-shell-print"]
    for record in (crash, timeout):
        assert record["kind"] == "installed" and record["switch"] == {"command_suffix": " || exit 2"}
        assert record["observed"]["hook_fired"] == 1
    assert crash["observed"]["effect"] == "blocks" and not crash["observed"]["tool_ran"]
    assert timeout["observed"]["effect"] == "runs" and timeout["observed"]["tool_ran"]
    # the bare host's failure facts stay the bare host's
    assert registry.load_host("kimi")["failures"]["crash"]["value"] == "runs"


def test_install_suffix_probe_appends_exactly_what_hookward_install_writes(tmp_path, monkeypatch):
    from hookward.adapters.install import hook_command

    monkeypatch.setattr("hookward.compat.probes.drivers.node24", lambda: NODE24_BIN / "node")
    config = KIMI.write_config(tmp_path, tmp_path / "work", "python3 hook.py 'a b' crash")
    command = kimi_extra.add_install_suffix(config, "python3 hook.py 'a b' crash")
    (table,) = tomllib.loads(config.read_text(encoding="utf-8"))["hooks"]
    assert table["command"] == command == "python3 hook.py 'a b' crash || exit 2"
    installed = hook_command("/h/hookward", "kimi", "PreToolUse", fail_closed_exit_2=True)
    assert installed.endswith(" || exit 2")


def test_kimi_registry_facts_follow_the_committed_records():
    data = registry.load_host("kimi")
    facts = harness.probed_facts(harness.load_records("kimi"))
    assert facts, "no probed facts from the committed records"
    for key, fact in facts.items():
        node = data
        for part in key:
            node = node[part]
        assert (node["value"], node["grade"], node["source"]) == (fact["value"], "probed", fact["source"]), key
    # Kimi reads no ask, so hookward must refuse it: nothing may claim a prompt reaches a person.
    for fact in data["verdicts"]["PreToolUse"]["ask"].values():
        assert fact["value"] != "prompts"


def test_kimi_ask_and_force_ask_are_refused_with_the_probed_registry():
    from hookward.compat.answer import DENY, choose
    from hookward.verdicts.decision import Decision

    caps = registry.Capabilities(registry.load_host("kimi"), "2.1.0")
    for verdict in (Verdict.ASK, Verdict.FORCE_ASK):
        answer = choose(Decision(verdict, ["needs a person"], ["test.ask"]), caps, "PreToolUse", None)
        assert answer.kind == DENY and answer.downgraded


# ---------------------------------------------------------------- live: the real host, offline

EXPECTED_LIVE = {
    "deny-shell-print": "enforced",
    "ask-read-print": "runs",  # Kimi ignores a hook's ask and -p approves everything
    "crash-shell-print": "runs",
    "exit_2-read-print": "blocks",
    "network-isolation": "blocks",
}


@pytest.mark.parametrize("scenario", sorted(EXPECTED_LIVE))
@pytest.mark.probe
@pytest.mark.skipif(
    not toolchain.provisionable(toolchain.probe_programs()), reason="needs unshare, ip and npm, or apt-get as root"
)
def test_kimi_live_probe_reproduces_the_committed_record(scenario, tmp_path):
    records = harness.probe_host("kimi", [scenario], jobs=1, progress=lambda _: None, records=tmp_path)
    assert [r["scenario"] for r in records] == [scenario]
    assert records[0]["observed"]["effect"] == EXPECTED_LIVE[scenario]


@pytest.mark.probe
@pytest.mark.skipif(
    not toolchain.provisionable(toolchain.probe_programs()), reason="needs unshare, ip and npm, or apt-get as root"
)
def test_kimi_live_hookwards_real_hook_leaves_a_plain_shell_call_to_kimi(tmp_path):
    (record,) = harness.probe_host("kimi", ["hookward-shell-touch"], jobs=1, progress=lambda _: None, records=tmp_path)
    assert record["observed"]["tool_ran"]
    assert harness.wire_verdict(record["observed"]["hookward_answered"]) == "silent"


@pytest.mark.probe
@pytest.mark.skipif(
    not toolchain.provisionable(toolchain.probe_programs()), reason="needs unshare, ip and npm, or apt-get as root"
)
def test_kimi_live_extra_scenarios_reproduce_the_committed_records(tmp_path):
    records = {r["scenario"]: r for r in kimi_extra.probe(records=tmp_path, progress=lambda _: None)}
    assert {name: r["observed"]["effect"] for name, r in records.items()} == {
        kimi_extra.SUBAGENT: "enforced",
        "installed-crash-shell-print": "blocks",
        "installed-timeout-shell-print": "runs",
    }
