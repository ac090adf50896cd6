"""The git, docker and kubectl specs declare every option their reference version's help lists.

Runs `git <command> -h`, `docker <command> --help` and `kubectl <command> --help` of the installed
programs (only help output; nothing else is run) when the installed version is the spec's reference
version, parses the option names, and fails on an option the spec does not declare.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hookward.policy.spec import Spec
from hookward.policy.specs import containers, vcs


def _help(argv: list[str], cwd: Path, home: Path) -> str:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1"}
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL)
    return done.stdout + done.stderr


def _version(argv: list[str]) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL)
    return done.stdout + done.stderr


_GIT_OPTION = re.compile(r"^    (?:(-[A-Za-z0-9]),? ?)?(--[A-Za-z0-9][\w-]*)?")
_COBRA_OPTION = re.compile(r"^\s{2,}(?:(-\w), )?(--[\w-]+)")
_KUBECTL_OPTION = re.compile(r"^\s+(?:(-\w), )?(--[a-z0-9-]+)=")


def _listed(text: str, pattern: re.Pattern[str]) -> set[str]:
    found: set[str] = set()
    for line in text.splitlines():
        if "-NUM" in line:
            continue  # `-NUM`: a count (`git grep -3`), declared as numeric
        match = pattern.match(line)
        if match:
            found.update(word for word in match.groups() if word)
    return found


def _missing(spec: Spec, listed: set[str]) -> list[str]:
    return sorted(word for word in listed if word not in spec.options and word not in ("-h", "--help"))


GIT_COMMANDS = sorted({name for name, sub in vcs.GIT.subcommands.items() if sub.name == name and not sub.subcommands})


@pytest.fixture(scope="module")
def git_place(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if "git version 2.39.5" not in _version(["git", "--version"]):
        pytest.skip("the installed git is not the spec's reference version (2.39.5)")
    home = tmp_path_factory.mktemp("home")
    repo = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", str(repo)], env={"PATH": os.environ["PATH"], "HOME": str(home)}, check=True)
    return repo, home


@pytest.mark.parametrize("command", GIT_COMMANDS)
def test_git_spec_declares_every_option_git_help_lists(git_place: tuple[Path, Path], command: str) -> None:
    repo, home = git_place
    text = _help(["git", command, "-h"], repo, home)
    if command in ("diff", "diff-tree", "diff-index", "diff-files"):
        text = _help(["git", "diff", "-h"], home, home)  # outside a repository: the full diff option list
    listed = _listed(text, _GIT_OPTION)
    assert not _missing(vcs.GIT.subcommands[command], listed), (
        f"git {command}: {_missing(vcs.GIT.subcommands[command], listed)}"
    )


DOCKER_COMMANDS = [
    name
    for name, sub in containers.DOCKER.subcommands.items()
    if sub.name == name and not sub.subcommands and name not in ("compose", "buildx", "build")
]


@pytest.fixture(scope="module")
def docker_place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("docker") is None:
        pytest.skip("docker is not installed")
    if "Docker version 28.2.2" not in _version(["docker", "--version"]):
        pytest.skip("the installed docker CLI is not the spec's reference version (28.2.2)")
    return tmp_path_factory.mktemp("home")


@pytest.mark.parametrize("command", DOCKER_COMMANDS)
def test_docker_spec_declares_every_option_docker_help_lists(docker_place: Path, command: str) -> None:
    text = _help(["docker", command, "--help"], docker_place, docker_place)
    listed = _listed(text.split("Global Options:")[0], _COBRA_OPTION)
    spec = containers.DOCKER.subcommands[command]
    assert not _missing(spec, listed), f"docker {command}: {_missing(spec, listed)}"


KUBECTL_COMMANDS = [
    name for name, sub in containers.KUBECTL.subcommands.items() if sub.name == name and not sub.subcommands
]


@pytest.fixture(scope="module")
def kubectl_place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("kubectl") is None:
        pytest.skip("kubectl is not installed")
    if "v1.32.4" not in _version(["kubectl", "version", "--client"]):
        pytest.skip("the installed kubectl is not the spec's reference version (v1.32.4)")
    return tmp_path_factory.mktemp("home")


@pytest.mark.parametrize("command", KUBECTL_COMMANDS)
def test_kubectl_spec_declares_every_option_kubectl_help_lists(kubectl_place: Path, command: str) -> None:
    text = _help(["kubectl", command, "--help"], kubectl_place, kubectl_place)
    listed = _listed(text, _KUBECTL_OPTION)
    spec = containers.KUBECTL.subcommands[command]
    assert not _missing(spec, listed), f"kubectl {command}: {_missing(spec, listed)}"


def test_kubectl_spec_declares_every_global_option(kubectl_place: Path) -> None:
    listed = _listed(_help(["kubectl", "options"], kubectl_place, kubectl_place), _KUBECTL_OPTION)
    assert not _missing(containers.KUBECTL, listed), _missing(containers.KUBECTL, listed)
