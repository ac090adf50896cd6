"""The hook runs isolated, from an environment no project owns.

`hookward install` writes a launcher that starts the interpreter with -I -S and sets sys.path itself (the
standard library and the directories hookward and its dependencies were installed into); host configs call
that launcher. A project's own `policy/` or `hookward/` package in the working directory or on PYTHONPATH, a
hostile .pth file in a virtualenv, or an activated project virtualenv cannot replace the engine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from hookward.adapters import install

REPO = Path(__file__).resolve().parent.parent


def _payload(command: str, cwd: Path) -> bytes:
    return json.dumps(
        {
            "session_id": "isolation",
            "cwd": str(cwd),
            "hook_event_name": "PreToolUse",
            "permission_mode": "default",
            "tool_name": "Bash",
            "tool_input": {"command": command},
            "tool_use_id": "toolu_isolation",
        }
    ).encode()


def _dependency_dirs() -> list[str]:
    """Where the running interpreter finds hookward's dependencies (the tmp venv borrows them)."""
    names = ["bashlex", "pathspec", "pydantic", "typer", "mcp"]
    return sorted({os.path.realpath(str(metadata.distribution(name).locate_file(""))) for name in names})


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
    )
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """hookward built as users get it (a wheel from a clean copy of the sources)."""
    out = tmp_path_factory.mktemp("wheel")
    source = out / "src"
    ignore = shutil.ignore_patterns(".venv", "*.egg-info", "build", "__pycache__", "node_modules", ".git", "cache")
    shutil.copytree(REPO, source, ignore=ignore)
    shutil.rmtree(source / "tests", ignore_errors=True)
    for isolation in (["--no-build-isolation"], []):
        built = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *isolation, "-w", str(out), str(source)],
            capture_output=True,
            timeout=300,
        )
        found = list(out.glob("hookward-*.whl"))
        if built.returncode == 0 and found:
            return found[0]
    pytest.skip(f"cannot build a wheel here (no setuptools/wheel and no index): {built.stderr.decode()[-400:]}")


def _venv(where: Path, wheel: Path) -> Path:
    """A virtualenv holding a real (non-editable) hookward; its dependencies come through a .pth file."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True, timeout=120)
    python = where / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    (site,) = (where / "lib").glob("python3*/site-packages")
    (site / "borrowed-dependencies.pth").write_text("\n".join(_dependency_dirs()) + "\n")
    return where


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel) -> dict:
    """`hookward install claude-code` run from a tmp venv outside every repository, as the README says."""
    base = tmp_path_factory.mktemp("installed")
    venv = _venv(base / "hookward-venv", wheel)
    home = base / "home"
    home.mkdir()
    # The borrowed dependencies may sit in a repository's own .venv (a checkout under test): only then is
    # the refusal overridden; the hookward and the interpreter the launcher runs are the tmp venv's.
    borrowed_problem = install.environment_problem(_dependency_dirs(), None, cwd=str(home))
    flag = ["--allow-repository-env"] if borrowed_problem else []
    result = subprocess.run(
        [str(venv / "bin" / "hookward"), "install", "claude-code", *flag],
        cwd=home,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    settings = json.loads((home / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    return {"venv": venv, "home": home, "command": command, "base": base}


def _plant_hostile_packages(where: Path, marker: Path) -> None:
    """A repository's own `policy/` and `hookward/` packages: an ordinary project write."""
    code = f"open({str(marker)!r}, 'w').write('hostile code ran')\nimport sys\nprint('{{}}')\nsys.exit(0)\n"
    for name in ("policy", "hookward", "adapters", "verdicts"):
        (where / name).mkdir(parents=True, exist_ok=True)
        (where / name / "__init__.py").write_text(code)
    (where / "hookward" / "cli.py").write_text(code)


def test_installed_hook_command_runs_the_isolated_launcher(installed):
    home, venv = installed["home"], installed["venv"]
    expected = home / ".local" / "share" / "hookward" / "bin" / "hookward"
    assert installed["command"] == f"{expected} hook claude-code PreToolUse || exit 2"
    text = expected.read_text()
    assert text.splitlines()[0] == f"#!{venv / 'bin' / 'python'} -IS"
    assert install.LAUNCHER_SIGNATURE in text
    (site,) = (venv / "lib").glob("python3*/site-packages")
    assert repr(str(site.resolve())) in text  # hookward's own site-packages, set by the launcher itself
    assert os.stat(expected).st_mode & 0o777 == 0o755


def test_hostile_policy_package_in_cwd_pythonpath_and_pth_files_cannot_replace_the_engine(installed):
    base, home, venv = installed["base"], installed["home"], installed["venv"]
    project = base / "project"
    marker = base / "hostile-ran"
    _plant_hostile_packages(project, marker)
    (project / ".git").mkdir(exist_ok=True)
    hostile_path = base / "on-pythonpath"
    _plant_hostile_packages(hostile_path, marker)
    # A .pth in hookward's own environment and one in the project's activated virtualenv: -I alone runs both.
    pth = f"import os; open({str(marker)!r}, 'w').write('pth ran')\n"
    (site,) = (venv / "lib").glob("python3*/site-packages")
    (site / "zz-hostile.pth").write_text(pth)
    project_venv = project / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(project_venv)], check=True, timeout=120)
    (project_site,) = (project_venv / "lib").glob("python3*/site-packages")
    (project_site / "zz-hostile.pth").write_text(pth)
    try:
        env = _env(
            home,
            PYTHONPATH=os.pathsep.join([".", "", str(hostile_path)]),
            PYTHONSTARTUP=str(project / "policy" / "__init__.py"),
            PYTHONHOME=str(project),
            VIRTUAL_ENV=str(project_venv),
            PATH=f"{project_venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        )
        result = subprocess.run(
            ["sh", "-c", installed["command"]],
            input=_payload("cat ~/.ssh/id_rsa", project),
            cwd=project,
            env=env,
            capture_output=True,
            timeout=60,
        )
    finally:
        (site / "zz-hostile.pth").unlink()
    assert not marker.exists(), marker.read_text()
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny"
    assert "floor.credentials" in answer["permissionDecisionReason"]


def test_install_refuses_an_interpreter_inside_a_repository(tmp_path, wheel):
    repository = tmp_path / "checkout"
    (repository / ".git").mkdir(parents=True)
    venv = _venv(repository / ".venv", wheel)
    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run(
        [str(venv / "bin" / "hookward"), "install", "claude-code"],
        cwd=home,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "refusing to run hooks from this environment" in result.stderr
    assert f"inside the repository {repository.resolve()}" in result.stderr
    assert not (home / ".claude").exists()
    assert not (home / ".local" / "share" / "hookward").exists()


def test_environment_inside_the_project_being_installed_into_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    project = tmp_path / "project"
    (project / ".venv" / "bin").mkdir(parents=True)
    problem = install.environment_problem([str(project / ".venv")], str(project), cwd=str(tmp_path / "home"))
    assert problem == f"{project / '.venv'} is inside the project {project}"
    # The working directory is the project when nothing else says so (but never the home directory itself).
    problem = install.environment_problem([str(project / ".venv")], None, cwd=str(project))
    assert problem is not None and "inside the project" in problem
    assert install.environment_problem([str(tmp_path / "home" / ".venv")], None, cwd=str(tmp_path / "home")) is None


def test_launcher_for_an_interpreter_path_with_a_space_starts_through_sh_and_still_isolates(tmp_path):
    spaced = tmp_path / "my tools"
    spaced.mkdir()
    python = spaced / "python3"
    python.symlink_to(sys.executable)
    launcher = tmp_path / "hookward"
    launcher.write_text(install.launcher_text(str(python), install.import_roots(), str(launcher)))
    launcher.chmod(0o755)
    assert launcher.read_text().startswith("#!/bin/sh\n")
    project = tmp_path / "project"
    marker = tmp_path / "hostile-ran"
    _plant_hostile_packages(project, marker)
    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run(
        [str(launcher), "hook", "claude-code", "PreToolUse"],
        input=_payload("cat ~/.ssh/id_rsa", project),
        cwd=project,
        env=_env(home, PYTHONPATH="."),
        capture_output=True,
        timeout=60,
    )
    assert not marker.exists()
    answer = json.loads(result.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny"
    assert "floor.credentials" in answer["permissionDecisionReason"]


def test_doctor_warns_when_a_host_runs_hookward_without_the_launcher(tmp_path, monkeypatch):
    from hookward.adapters import doctor

    script = tmp_path / "bin" / "hookward"
    script.parent.mkdir()
    script.write_text("#!/usr/bin/python3\nfrom hookward.cli import main\nmain()\n")
    script.chmod(0o755)
    report = doctor.HostReport("claude-code", "user", "")
    doctor._check_isolation(report, str(script))
    assert [(c.status, c.name) for c in report.checks] == [(doctor.WARN, "isolation")]
    launcher = tmp_path / "launcher" / "hookward"
    launcher.parent.mkdir()
    launcher.write_text(install.launcher_text(sys.executable, install.import_roots(), str(launcher)))
    report = doctor.HostReport("claude-code", "user", "")
    doctor._check_isolation(report, str(launcher))
    assert [(c.status, c.name) for c in report.checks] == [(doctor.OK, "isolation")]
