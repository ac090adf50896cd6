"""`fd PATTERN -x rm` removes the files whose names match, not the tree: a destructive ask, as `find . -name
'*.pyc' -delete` is; only a pattern that matches every name (or none) hands rm every file under the roots.
Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.mark.parametrize(
    "command",
    [
        "fd '\\.pyc$' -x rm",
        "fd pattern -X rm",
        "fd -e pyc -x rm {}",
        "fd -e pyc -e pyo -X rm -f",
        "fd -g '*.log' -x rm",
        "fd -H -I '^node_modules$' -t d -X rm -rf",
        "fd -e pyc -x rm -- {}",
        "fdfind -epyc -x rm",
    ],
)
def test_fd_deleting_the_files_a_pattern_selects_asks(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.ASK, "floor.destructive", command)


@pytest.mark.parametrize("command", ["fd -x rm", "fd . -x rm", "fd -H . -X rm -rf", "fd -g '*' -x rm", "fd '^' -x rm"])
def test_fd_deleting_every_file_it_finds_is_refused(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.DENY, "floor.destructive", command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("fd pyc -x rm {} /etc/passwd", Verdict.DENY, "floor.persistence"),  # rm also gets a file of its own
        ("fd -e pyc . ~ -x rm", Verdict.DENY, "floor.destructive"),  # matching files across the home
    ],
)
def test_fd_rm_beyond_what_it_selects_in_the_project_is_judged_by_where(
    box: Sandbox, command: str, verdict: Verdict, rule: str
) -> None:
    assert_decided(box.decide(command), verdict, rule, command)


def test_fd_handing_files_to_a_reader_stays_routine(box: Sandbox) -> None:
    assert box.decide("fd -e log -x cat").verdict == Verdict.ALLOW
