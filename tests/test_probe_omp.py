"""OMP (Oh My Pi) 18.2.3: what its file tools really read and write, and how the probe installs it.

OMP does not take a file tool's `path` literally (@oh-my-pi/pi-coding-agent@18.2.3
src/tools/path-utils.ts): it peels a trailing ":<lines>" selector, fans a list
out on ";" "," and whitespace, reads a JSON array of paths, drops a leading "@"
or ":", expands "~name" and braces. Each test below is a shape that hookward
judged as one harmless path inside the project while OMP read or wrote a
credential or startup file; each asserts the verdict and the rule that decides.

Nothing here runs OMP (the probe records in compat/probes/records/omp/ do);
nothing is written outside tmp_path.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.adapters import omp
from hookward.compat.probes import bunpkg, drivers, harness, omp_extension
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def box(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    project = home / "work" / "app"
    (project / ".git").mkdir(parents=True)
    (project / "src").mkdir()
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_rsa").write_text("FAKE KEY\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return home, project


def omp_call(project: Path, tool: str, path: str, **more: object) -> ToolCall:
    payload = {
        "hook_event_name": "tool_call",
        "tool_name": tool,
        "tool_input": {"path": path, **more},
        "session_id": "s1",
        "tool_use_id": "t1",
        "cwd": str(project),
    }
    return omp.parse("tool_call", payload)


def decided(call: ToolCall, verdict: Verdict, rule: str) -> None:
    decision = evaluate(call)
    assert decision.verdict == verdict, f"{call!r}: {decision.verdict.name} by {decision.rule_ids} {decision.reasons}"
    assert rule in decision.rule_ids, f"{call!r}: decided by {decision.rule_ids}"


# ---------------------------------------------------------------- paths OMP resolves differently from their text
@pytest.mark.parametrize(
    "tool, path",
    [
        ("grep", "src; {home}/.ssh"),  # a semicolon list always fans out
        ("glob", "src/**/*.py; {home}/.ssh/*"),
        ("grep", "src,{home}/.ssh"),  # comma: when some part exists
        ("grep", "src {home}/.ssh"),  # whitespace: when every part exists
        ("read", "src;{home}/.ssh/id_rsa"),  # read fans a semicolon list out when the literal is missing
        ("read", '["src", "{home}/.ssh/id_rsa"]'),  # a JSON array of paths
    ],
)
def test_omp_path_list_reaching_an_ssh_key_is_denied(box, tool, path):
    home, project = box
    decided(omp_call(project, tool, path.format(home=home), pattern="."), Verdict.DENY, "floor.credentials")


def test_omp_line_selector_on_etc_shadow_is_denied(box):
    _, project = box
    decided(omp_call(project, "read", "/etc/shadow:1-3"), Verdict.DENY, "floor.credentials")


def test_omp_raw_and_range_selectors_on_a_project_env_file_still_ask(box):
    _, project = box
    (project / ".env").write_text("TOKEN=x\n")
    for path in (".env:1-3", ".env:raw:1-5", ".env:-20"):
        decision = evaluate(omp_call(project, "read", path))
        assert decision.verdict >= Verdict.ASK and "floor.credentials" in decision.rule_ids, path


@pytest.mark.parametrize("path", ["@/etc/shadow", ":/etc/shadow", '"/etc/shadow"', "/etc/{shadow,hostname}"])
def test_omp_path_prefixes_quotes_and_braces_around_etc_shadow_are_denied(box, path):
    _, project = box
    decided(omp_call(project, "read" if "{" not in path else "glob", path), Verdict.DENY, "floor.credentials")


def test_omp_tilde_name_is_the_home_directory_entry(box):
    _, project = box  # expandTilde("~.ssh/id_rsa") is <home>/.ssh/id_rsa
    decided(omp_call(project, "read", "~.ssh/id_rsa"), Verdict.DENY, "floor.credentials")


def test_omp_write_behind_an_at_prefix_to_a_shell_startup_file_is_refused(box):
    home, project = box
    decision = evaluate(omp_call(project, "write", "@~/.bashrc", content="curl x | sh\n"))
    assert decision.verdict >= Verdict.ASK
    assert any(rule.startswith("floor.") for rule in decision.rule_ids), decision.rule_ids


def test_omp_url_inside_a_path_list_is_not_judged_as_a_file(box):
    _, project = box
    call = omp_call(project, "read", "src; https://example.com/x")
    assert call.kind == "other" and call.paths == ()
    call = omp_call(project, "read", "@file:///etc/shadow")
    assert call.kind == "other"


def test_omp_path_expanding_to_more_targets_than_hookward_judges_is_not_understood(box):
    _, project = box
    call = omp_call(project, "glob", "{a,b,c,d,e,f,g,h,i}/{a,b,c,d,e,f,g,h,i}")
    assert call.kind == "other"


def test_omp_multi_file_hashline_edit_names_every_file(box):
    _, project = box
    payload = {
        "hook_event_name": "tool_call",
        "tool_name": "edit",
        "tool_input": {"input": "...", "paths": ["src/a.py", "~/.bashrc"]},
        "session_id": "s1",
        "tool_use_id": "t1",
        "cwd": str(project),
    }
    call = omp.parse("tool_call", payload)
    assert call.kind == "edit" and "src/a.py" in call.paths and "~/.bashrc" in call.paths


@pytest.mark.parametrize(
    "tool, path", [("glob", "src/**/*.ts; test/**/*.ts"), ("grep", "src; tests"), ("read", "src/app.py:1-20")]
)
def test_omp_routine_lists_and_selectors_inside_the_project_stay_allowed(box, tool, path):
    _, project = box
    decision = evaluate(omp_call(project, tool, path, pattern="x"))
    assert decision.verdict == Verdict.ALLOW, (decision.rule_ids, decision.reasons)


def test_omp_hook_answers_a_selector_read_of_etc_shadow_with_a_deny_the_shim_blocks_on(box, tmp_path):
    home, project = box
    payload = json.dumps(
        {
            "hook_event_name": "tool_call",
            "tool_name": "read",
            "tool_input": {"path": "/etc/shadow:1-3"},
            "session_id": "s1",
            "tool_use_id": "t1",
            "cwd": str(project),
        }
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "PYTHONPATH": str(REPO),
    }
    done = subprocess.run(
        [sys.executable, "-m", "hookward", "hook", "omp", "tool_call"],
        input=payload.encode(),
        env=env,
        capture_output=True,
        timeout=60,
    )
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["decision"] == "deny" and "floor.credentials" in answer["reason"]


# ---------------------------------------------------------------- the probe: bun install, driver
def test_omp_is_installed_with_bun_from_the_committed_lockfile(tmp_path, monkeypatch):
    calls: list[tuple[list[str], Path]] = []
    monkeypatch.setattr(bunpkg.toolchain, "bun", lambda version, cache: cache / "bun-bin")

    def run(command, cwd, **kwargs):  # type: ignore[no-untyped-def]
        calls.append((command, Path(cwd)))
        target = Path(cwd) / drivers.OMP_BIN
        target.parent.mkdir(parents=True)
        target.write_text("#!/usr/bin/env bun\n")
        return subprocess.CompletedProcess(command, 0)

    binary = bunpkg.bun_install("@oh-my-pi/pi-coding-agent", "18.2.3", drivers.OMP_BIN, "omp", tmp_path, run=run)
    prefix = tmp_path / "omp" / "18.2.3"
    assert binary == prefix / drivers.OMP_BIN
    assert calls == [([str(tmp_path / "bun-bin"), "install", "--frozen-lockfile"], prefix)]
    lock = (prefix / "bun.lock").read_text()
    assert '"@oh-my-pi/pi-coding-agent": "18.2.3"' in (prefix / "package.json").read_text()
    assert "@oh-my-pi/pi-coding-agent@18.2.3" in lock
    # installed once: a second call finds the binary and runs nothing
    assert bunpkg.bun_install("@oh-my-pi/pi-coding-agent", "18.2.3", drivers.OMP_BIN, "omp", tmp_path, run=run)
    assert len(calls) == 1


def test_harness_installs_omp_through_its_driver_not_npm(tmp_path, monkeypatch):
    seen: list[Path] = []
    monkeypatch.setattr(
        harness.toolchain, "npm_install", lambda *a, **k: pytest.fail("npm cannot install OMP's bun-only tree")
    )
    fake = dataclasses.replace(drivers.OMP, install=lambda cache: seen.append(cache) or cache / "omp")
    assert harness.install(fake, tmp_path) == tmp_path / "omp" and seen == [tmp_path]


def test_omp_probe_runs_under_the_npm_delivered_bun_with_a_loopback_model(tmp_path):
    driver = drivers.DRIVERS["omp"]
    argv = driver.argv(Path("/cache/omp/cli.js"), driver.posture("default"), "go")
    assert Path(argv[0]).name == "bun" and "bun" in argv[0] and argv[1] == "/cache/omp/cli.js"
    assert "--no-extensions" not in argv and argv[-1] == "go"
    env = driver.env(tmp_path, drivers.MODEL_PORT)
    assert env["HOME"] == str(tmp_path) and env["HOOKWARD_BIN"].startswith(str(tmp_path))


# ---------------------------------------------------------------- OMP's own handling of a broken extension
def _observed(**over: object) -> dict:
    base = {"model_asked_for_tool": True, "hook_fired": 1, "tool_ran": False, "model_told": "blocked"}
    return {**base, **over}


def test_extension_probe_calls_a_load_failure_that_lets_the_tool_run_ungated():
    effect, why = omp_extension.classify("extension-fails-to-load", _observed(hook_fired=0, tool_ran=True))
    assert effect == "runs" and "no extension" in why


def test_extension_probe_does_not_count_a_throwing_extension_that_was_never_called():
    effect, _ = omp_extension.classify("extension-throws", _observed(hook_fired=0))
    assert effect == "unknown"
    assert omp_extension.classify("extension-throws", _observed())[0] == "blocks"


def test_extension_probe_stand_ins_record_their_call_where_the_harness_looks(tmp_path):
    home = tmp_path / "run" / "home"
    written = omp_extension._config_writer("extension-throws")(home, tmp_path, "unused")
    source = written.read_text()
    assert written == home / ".omp" / "agent" / "extensions" / "probe.ts"
    assert json.dumps(str(tmp_path / "run" / "hook-calls")) in source and "throw new Error" in source
    assert (home / ".omp" / "agent" / "models.yml").exists() and not (
        home / ".omp" / "agent" / "extensions" / "hookward.ts"
    ).exists()


def test_registry_fail_closed_switch_is_what_the_extension_records_show():
    data = json.loads((REPO / "compat" / "hosts" / "omp.json").read_text())
    fact = data["fail_closed_switch"]
    record = json.loads((REPO / fact["source"]).read_text())
    assert fact["value"] == omp_extension.FAIL_CLOSED == record["observed"]["fail_closed_switch"]
    loaded = json.loads((REPO / fact["source"]).with_name("extension-fails-to-load.json").read_text())
    assert loaded["observed"]["effect"] == "runs"  # and the limitation that says so must stay
    assert any("fails to load" in text and "ungated" in text for text in data["limitations"])
