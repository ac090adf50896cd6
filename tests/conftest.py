"""Shared test isolation: no test reads or writes the real user's hookward state."""

from __future__ import annotations

import pytest

# The spec red-team tests share one throwaway home and project (the `project` fixture there); a test file
# that defines its own `project` fixture keeps it.
pytest_plugins = ["tests.spec_redteam_support"]


@pytest.fixture(autouse=True)
def _isolated_xdg(tmp_path_factory, monkeypatch):  # type: ignore[no-untyped-def]
    # A launcher's hook calls would start a warm server per test home (hookward/warm.py): tests run the
    # hook in process unless they test the warm path (tests/test_warm.py), which switches this back on.
    monkeypatch.setenv("HOOKWARD_WARM", "0")
    base = tmp_path_factory.mktemp("xdg")
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        (base / name).mkdir()
        monkeypatch.setenv(name, str(base / name))
