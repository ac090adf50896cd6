"""The installed package carries every module and data file (a non-editable install is what users get)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _clean_copy(destination: str) -> str:
    """The sources alone: a build in the checkout would reuse the editable install's egg-info file list."""
    ignore = shutil.ignore_patterns(
        ".venv", "*.egg-info", "build", "__pycache__", "node_modules", ".git", "cache", "tests"
    )
    shutil.copytree(REPO, destination, ignore=ignore)
    return destination


def test_wheel_contains_every_module_and_data_file(tmp_path):
    source = _clean_copy(str(tmp_path / "src"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), source],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = [name for name in os.listdir(tmp_path) if name.endswith(".whl")]
    names = set(zipfile.ZipFile(tmp_path / wheel).namelist())
    expected = set()
    for top in ("policy", "verdicts", "adapters", "compat", "hookward"):
        for root, dirs, files in os.walk(os.path.join(REPO, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "cache")]
            for name in files:
                if name.endswith((".py", ".json", ".toml", ".js", ".ts")):
                    relative = os.path.relpath(os.path.join(root, name), REPO).replace(os.sep, "/")
                    expected.add(relative if top == "hookward" else "hookward/" + relative)
    missing = sorted(expected - names)
    assert not missing, f"not in the wheel: {missing[:20]}"
    # Installed, nothing but `hookward` is a top-level package: a project's own `policy/` or
    # `adapters/` on sys.path cannot stand in for a stage, and no other distribution's name is taken.
    tops = {name.split("/", 1)[0] for name in names if not name.split("/", 1)[0].endswith(".dist-info")}
    assert tops == {"hookward"}
