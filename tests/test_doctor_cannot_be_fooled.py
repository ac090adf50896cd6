"""Installs that look fine and are not: doctor fails on them, and project installs stay portable."""
# ruff: noqa: F811  (the sandbox fixture is imported from tests/test_install.py)

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hookward.adapters import doctor, install, installers
from hookward.compat import registry

from tests.test_install import FAKE_EXE, do, plan_for, sandbox, statuses  # noqa: F401  (sandbox is a fixture)


def stand_in_launcher(home: Path) -> str:
    exe = home / ".local" / "share" / "hookward" / "bin" / "hookward"
    exe.parent.mkdir(parents=True, exist_ok=True)
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    return str(exe)


def test_codex_project_install_in_an_untrusted_project_is_a_doctor_failure(sandbox: Path) -> None:
    plan = plan_for("codex", "project", sandbox)
    do(plan, install_it=True)
    report = doctor.diagnose("codex", scope="project", project_dir=str(sandbox / "project"), executable=FAKE_EXE)
    assert statuses(report, "project trusted") == [doctor.FAIL]
    config = Path(installers.expand(installers.trust_state("codex")["file"], None))
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[projects."{os.path.realpath(sandbox)}"]\ntrust_level = "trusted"\n')
    report = doctor.diagnose("codex", scope="project", project_dir=str(sandbox / "project"), executable=FAKE_EXE)
    assert statuses(report, "project trusted") == [doctor.OK]


def test_codex_trust_is_a_graded_registry_fact() -> None:
    data = registry.load_host("codex")
    for name in ("hooks_need_trust", "project_needs_trust"):
        assert data[name]["value"] is True and data[name]["grade"] == "documented"


def test_kiro_install_into_an_agent_config_no_plain_session_reads_is_a_doctor_failure(sandbox: Path) -> None:
    plan = plan_for("kiro", "user", sandbox)
    do(plan, install_it=True)
    report = doctor.diagnose("kiro", executable=FAKE_EXE)
    assert statuses(report, "read by a session") == [doctor.FAIL]
    assert registry.load_host("kiro")["session_reads_config"]["value"] is False


def test_project_install_whose_command_does_not_resolve_here_is_a_doctor_failure(sandbox: Path) -> None:
    plan = plan_for("claude-code", "project", sandbox)  # FAKE_EXE does not exist on this machine
    do(plan, install_it=True)
    report = doctor.diagnose("claude-code", scope="project", project_dir=str(sandbox / "project"), executable=FAKE_EXE)
    assert doctor.FAIL in statuses(report, "executable")


def test_project_install_names_the_launcher_from_home_not_this_machines_path(sandbox: Path) -> None:
    exe = stand_in_launcher(sandbox / "home")
    plan = plan_for("claude-code", "project", sandbox, exe=exe)
    do(plan, install_it=True)
    text = Path(plan.config_file).read_text()
    assert str(sandbox) not in text
    command = json.loads(text)["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    assert command.startswith('"$HOME/.local/share/hookward/bin/hookward" hook claude-code PreToolUse || ')
    report = doctor.diagnose("claude-code", scope="project", project_dir=str(sandbox / "project"), executable=exe)
    assert statuses(report, "executable")[:1] == [doctor.OK]


def test_project_install_on_a_host_without_an_established_shell_keeps_the_path_and_says_so(sandbox: Path) -> None:
    assert not installers.runs_hooks_through_shell("codex")
    plan = plan_for("codex", "project", sandbox, exe=stand_in_launcher(sandbox / "home"))
    assert any("this machine's path" in note for note in plan.notes)


def test_missing_launcher_blocks_the_call_and_says_how_to_install(tmp_path: Path) -> None:
    sh = shutil.which("sh")
    if sh is None:
        pytest.skip("no sh")
    command = install.anchored_hook_command("$HOME/.local/share/hookward/bin/hookward", "claude-code", "PreToolUse")
    done = subprocess.run(
        [sh, "-c", command], env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "hookward is not installed on this machine" in done.stderr
    assert "hookward install claude-code" in done.stderr


def test_install_antigravity_leaves_gemini_md_alone(sandbox: Path) -> None:
    plan = plan_for("antigravity", "user", sandbox)
    assert all(not reg.file.endswith("GEMINI.md") for reg in plan.registrations)
    do(plan, install_it=True)
    assert not (sandbox / "home" / ".gemini" / "GEMINI.md").exists()
