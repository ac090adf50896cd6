"""A recursive delete inside the project asks a person, unless it removes no tree of the person's work.

`rm -rf dist node_modules .next` is among the commands developers routinely let agents run, and every one
asked. Now a recursive delete inside the project passes when its target is not a directory (rm -r removes a
file or a link alone), does not exist, or is a directory tools generate by name (kpaths.GENERATED_TREES)
in which git tracks no file. A generated name that holds tracked files (a committed `build/`), any other
directory, the project itself, `.git`, a link followed with a trailing slash, and a tree an earlier command
of the line may have filled (`mv src dist && rm -rf dist`) are decided as before. Commands are only
analysed, never run; the repositories are built with git under tmp_path.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, assert_routine, box  # noqa: F401 (the fixture)

GIT = shutil.which("git")
pytestmark = pytest.mark.skipif(GIT is None, reason="git is not installed")


@pytest.fixture
def repo(box: Sandbox) -> Sandbox:  # noqa: F811
    project = box.project
    shutil.rmtree(project / ".git", ignore_errors=True)
    env = {"HOME": str(box.home), "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run([GIT, "init", "-q", str(project)], check=True, env=env)
    for directory in ("src/pkg", "build", "dist", "node_modules/left-pad", ".next/cache", "pkg.egg-info"):
        (project / directory).mkdir(parents=True, exist_ok=True)
    (project / "src" / "pkg" / "mod.py").write_text("x = 1\n")
    (project / "build" / "release-notes.md").write_text("committed on purpose\n")
    (project / "dist" / "app.js").write_text("built\n")
    (project / "node_modules" / "left-pad" / "index.js").write_text("module.exports = 1\n")
    (project / ".gitignore").write_text("dist/\nnode_modules/\n.next/\n")
    (project / "package-lock.json").write_text("{}\n")
    subprocess.run([GIT, "-C", str(project), "add", "src", "build", ".gitignore"], check=True, env=env)
    return box


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf dist",
        "rm -rf node_modules",
        "rm -rf .next",
        "rm -r dist/",
        "rm -rf dist node_modules .next",
        "rm -rf pkg.egg-info",
        "rm -rf .gitignore",  # a file: -r changes nothing
        "rm -rf node_modules package-lock.json",
    ],
)
def test_deleting_generated_trees_is_routine(repo: Sandbox, command: str) -> None:
    assert_routine(repo.decide(command), command)


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf src",  # the person's sources
        "rm -rf src/pkg",
        "rm -rf build",  # a generated name, but git tracks a file in it
        "rm -rf dist src",
        "mv src dist && rm -rf dist",  # the line moves the person's work into a generated name first
        "mv src node_modules/x && rm -rf node_modules",  # into it, not onto it
        "mv src/pkg dist/ && rm -rf dist",
    ],
)
def test_deleting_the_persons_trees_still_asks(repo: Sandbox, command: str) -> None:
    assert_decided(repo.decide(command), Verdict.ASK, "floor.destructive", command)


def test_a_link_followed_with_a_trailing_slash_still_asks(repo: Sandbox) -> None:
    (repo.project / "dist-link").symlink_to(repo.project / "src")
    assert_decided(repo.decide("rm -rf dist-link/"), Verdict.ASK, "floor.destructive", "rm -rf dist-link/")


def test_the_project_and_its_history_keep_their_floors(repo: Sandbox) -> None:
    assert_decided(repo.decide("rm -rf .git"), Verdict.FORCE_ASK, "floor.destructive", "rm -rf .git")
    assert_decided(repo.decide("rm -rf ."), Verdict.DENY, "floor.destructive", "rm -rf .")


@pytest.mark.parametrize("command", ["rm -rf coverage", "rm -rf src/gone", "rm -rf build/missing"])
def test_a_target_that_is_not_there_is_judged_as_before(repo: Sandbox, command: str) -> None:
    # What the command names is all there is to go by: the line or another call may create it first.
    assert_decided(repo.decide(command), Verdict.ASK, "floor.destructive", command)


def test_outside_any_repository_a_generated_name_is_not_enough(box: Sandbox) -> None:  # noqa: F811
    shutil.rmtree(box.project / ".git", ignore_errors=True)
    (box.project / "dist").mkdir()
    (box.project / "dist" / "a.js").write_text("1\n")
    assert_decided(box.decide("rm -rf dist"), Verdict.ASK, "floor.destructive", "rm -rf dist")
