"""A cloud CLI's `deploy` is a service (Google Cloud Deploy, AWS CodeDeploy), not a verb: its reads are reads, and
its verbs are judged as every cloud verb is (a change asks, a deletion force-asks), where any other program's
`deploy` ships and is force-asked. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, box  # noqa: F401


@pytest.mark.parametrize("command", ["gcloud deploy releases list", "aws deploy list-applications"])
def test_listing_a_deploy_service_is_a_read(box: Sandbox, command: str) -> None:  # noqa: F811
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)


@pytest.mark.parametrize(
    "command, verdict, rule",
    [
        ("gcloud deploy releases promote --release=r1 --delivery-pipeline=p", Verdict.ASK, "floor.egress"),
        ("aws deploy create-deployment --application-name a", Verdict.ASK, "floor.egress"),
        ("gcloud deploy delivery-pipelines delete p", Verdict.FORCE_ASK, "floor.destructive"),
        ("aws deploy delete-application --application-name a", Verdict.FORCE_ASK, "floor.destructive"),
        ("mytool deploy", Verdict.FORCE_ASK, "floor.destructive"),  # any other program's deploy ships
        ("netlify deploy --prod", Verdict.FORCE_ASK, "floor.destructive"),  # a cloud CLI's deploy verb too
        ("firebase deploy --only hosting", Verdict.FORCE_ASK, "floor.destructive"),
        ("vercel deploy --prod", Verdict.FORCE_ASK, "floor.destructive"),
        ("flyctl deploy --remote-only", Verdict.FORCE_ASK, "floor.destructive"),
        ("gcloud deploy", Verdict.FORCE_ASK, "floor.destructive"),
    ],
)
def test_a_deploy_services_changes_keep_their_floor(
    box: Sandbox,  # noqa: F811
    command: str,
    verdict: Verdict,
    rule: str,
) -> None:
    assert_decided(box.decide(command), verdict, rule, command)
