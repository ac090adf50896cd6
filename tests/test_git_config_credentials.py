"""Listing git's configuration prints credentials only where the configuration holds them, and then it is a
credential read: actions/checkout leaves `http.<url>.extraheader = AUTHORIZATION: basic <token>` in CI
checkouts, and a remote URL may carry `user:token@`. Judged by content (bounded reads of the repository's
config, as git finds it, and the global ones); where no such setting exists, listing stays routine.
Commands are only analysed, never run.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided

EXTRAHEADER = '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46ZmFrZQ==\n'
URL_WITH_TOKEN = '[remote "origin"]\n\turl = https://x-access-token:fake-token-value@github.com/o/r.git\n'
PLAIN = '[core]\n\tbare = false\n[remote "origin"]\n\turl = https://github.com/o/r.git\n\tfetch = +refs/*:refs/*\n'


def configure(box: Sandbox, text: str) -> None:
    (box.project / ".git" / "config").write_text(PLAIN + text)


LISTINGS = [
    "git config --list",
    "git config -l",
    "git config --list --show-origin",
    "git config --get-regexp http",
    "git config --get-regexp '.*'",
    "git config --get-urlmatch http https://github.com",
    "git config --get http.https://github.com/.extraheader",
    "git --no-pager config --list",
    "cat .git/config",
]


@pytest.mark.parametrize("command", LISTINGS)
def test_listing_a_config_that_holds_an_extraheader_is_a_credential_read(box, command):
    configure(box, EXTRAHEADER)
    assert_decided(box.decide(command), Verdict.ASK, "floor.credentials", command)


@pytest.mark.parametrize(
    "command", ["git config --list", "git remote -v", "git remote get-url origin", "git config --get remote.origin.url"]
)
def test_printing_a_remote_url_with_a_token_is_a_credential_read(box, command):
    configure(box, URL_WITH_TOKEN)
    assert_decided(box.decide(command), Verdict.ASK, "floor.credentials", command)


@pytest.mark.parametrize(
    "command", [*LISTINGS, "git remote -v", "git config --get remote.origin.url", "git config user.name"]
)
def test_listing_a_config_without_credentials_stays_routine(box, command):
    configure(box, "[user]\n\tname = A\n")
    assert box.decide(command).verdict == Verdict.ALLOW


@pytest.mark.parametrize(
    "command", ["git remote -v", "git config user.name", "git config --get remote.origin.url", "git status"]
)
def test_what_does_not_print_the_extraheader_stays_routine(box, command):
    configure(box, EXTRAHEADER)
    assert box.decide(command).verdict == Verdict.ALLOW


def test_a_worktree_checkout_is_judged_by_the_config_its_gitdir_shares(box):
    configure(box, EXTRAHEADER)
    gitdir = box.project / ".git" / "worktrees" / "wt"
    gitdir.mkdir(parents=True)
    (gitdir / "commondir").write_text("../..\n")
    worktree = box.project.parent / "wt"
    worktree.mkdir()
    (worktree / ".git").write_text(f"gitdir: {gitdir}\n")
    sandbox = Sandbox(box.home, worktree, box.config)
    assert_decided(sandbox.decide("git config --list"), Verdict.ASK, "floor.credentials", "worktree")


def test_another_repository_named_by_dash_c_is_the_one_judged(box):
    configure(box, EXTRAHEADER)
    elsewhere = box.home / "clean"
    (elsewhere / ".git").mkdir(parents=True)
    sandbox = Sandbox(box.home, elsewhere, box.config)
    assert sandbox.decide("git config --list").verdict == Verdict.ALLOW
    command = f"git -C {box.project} config --list"
    assert_decided(sandbox.decide(command), Verdict.ASK, "floor.credentials", command)


def test_a_global_config_with_a_url_token_is_a_credential_read(box):
    (box.home / ".gitconfig").write_text('[remote "x"]\n\turl = https://u:secret@example.com/r\n')
    assert_decided(box.decide("git config --list"), Verdict.ASK, "floor.credentials", "global")


def test_a_token_in_a_file_the_config_includes_is_a_credential_read(box):
    # actions/checkout v6 keeps its extraheader in a separate file that the repository's config includes.
    runner_temp = box.home / "_temp"
    runner_temp.mkdir()
    (runner_temp / "git-credentials-1.config").write_text(EXTRAHEADER)
    configure(box, f'[includeIf "gitdir:{box.project}/.git"]\n\tpath = {runner_temp}/git-credentials-1.config\n')
    assert_decided(box.decide("git config --list"), Verdict.ASK, "floor.credentials", "includeIf")
    configure(box, "[include]\n\tpath = ../../../_temp/git-credentials-1.config\n")  # relative to .git/
    assert_decided(box.decide("git config --list"), Verdict.ASK, "floor.credentials", "include")
    configure(box, "[include]\n\tpath = ../../../_temp/missing.config\n")
    assert box.decide("git config --list").verdict == Verdict.ALLOW
