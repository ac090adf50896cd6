"""Red team of the allow paths session 6 added, read like an attacker who has the source: each case is one way
past the new allow (a bare git push judged by HEAD, file names fed on stdin, MCP file tools' path arguments,
inline Python judged by its syntax tree, inline node printing a JSON file), with routine controls beside it.
Commands are only analysed, never run; every file is written under tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest
from hookward.policy.floors import vcs
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, make_sandbox

ALLOW, ASK, DENY = Verdict.ALLOW, Verdict.ASK, Verdict.DENY


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    sandbox = make_sandbox(tmp_path, monkeypatch)
    (sandbox.home / ".bashrc").write_text("# rc\n")
    (sandbox.project / "package.json").write_text('{"name": "app", "version": "1.0.0"}\n')
    return sandbox


# --- git push with no branch named ---------------------------------------------------------------------


@pytest.fixture
def repo(box: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    monkeypatch.setattr(vcs, "SYSTEM_GITCONFIG", str(tmp_path / "etc-gitconfig"))
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL"):
        monkeypatch.delenv(name, raising=False)
    (box.project / ".git" / "HEAD").write_text("ref: refs/heads/feature/login\n")
    (box.project / ".git" / "config").write_text('[remote "origin"]\n\turl = https://github.com/me/app.git\n')
    return box


def test_bare_git_push_of_a_feature_branch_stays_routine(repo: Sandbox) -> None:
    decision = repo.decide("git push")
    assert decision.verdict == ALLOW, (decision.rule_ids, decision.reasons)


@pytest.mark.parametrize(
    "text",
    [
        # A mirror remote: a bare push force-pushes every ref (main, tags) and deletes the remote's others.
        '[remote "origin"]\n\turl = https://github.com/me/app.git\n\tmirror = true\n',
        # A key on the section header's line, and a quoted value, are git config as much as the plain spelling.
        '[remote "origin"]\n\turl = https://github.com/me/app.git\n[push] default = matching\n',
        '[remote "origin"]\n\turl = https://github.com/me/app.git\n[push]\n\tdefault = "matching"\n',
        '[remote "origin"] push = refs/heads/*:refs/heads/*\n\turl = https://github.com/me/app.git\n',
    ],
)
def test_git_push_config_pushing_other_branches_in_spellings_the_reader_missed_asks(repo: Sandbox, text: str) -> None:
    (repo.project / ".git" / "config").write_text(text)
    assert_decided(repo.decide("git push"), ASK, "floor.egress", f"git push with {text!r}")
