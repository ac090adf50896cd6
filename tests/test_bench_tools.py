"""The benchmark's own machinery: the offline wheel it falls back to, and how it reads -X importtime."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "bench"))

import hook_latency  # noqa: E402
import scratch_install  # noqa: E402


def test_offline_assembled_wheel_holds_every_module_and_data_file_under_hookward(tmp_path):
    source = scratch_install._clean_copy(str(tmp_path / "src"))
    wheel = scratch_install._assemble_wheel(source, str(tmp_path))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = set()
    for top in ("policy", "verdicts", "adapters", "compat", "hookward"):
        for root, dirs, files in os.walk(os.path.join(REPO, top)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "cache")]
            for name in files:
                if name.endswith((".py", ".json", ".toml", ".js", ".ts")):
                    relative = os.path.relpath(os.path.join(root, name), REPO).replace(os.sep, "/")
                    expected.add(relative if top == "hookward" else "hookward/" + relative)
    assert not sorted(expected - names)[:20]
    (entry_points,) = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
    assert "hookward = hookward.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_importtime_output_is_read_per_module_and_grouped():
    done = subprocess.run(
        [sys.executable, "-I", "-X", "importtime", "-c", "import json, fractions"], capture_output=True, text=True
    )
    modules = hook_latency.parse_importtime(done.stderr)
    assert "json.decoder" in modules and "fractions" in modules
    assert all(ms >= 0 for ms in modules.values())
    assert hook_latency.module_group("json.decoder") == "stdlib"
    assert hook_latency.module_group("hookward.policy.knowledge.programs") == "hookward.policy.knowledge"
    assert hook_latency.module_group("hookward.verdicts.ledger") == "hookward.verdicts"
    assert hook_latency.module_group("bashlex.parser") == "bashlex"
