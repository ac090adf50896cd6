"""Message broker CLIs (Kafka's admin tools, RabbitMQ, NATS): reading a local cluster is routine; changing a
group's position, ACLs, configs or a topic's messages asks; a broker on another machine is egress.
Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided

B = "--bootstrap-server localhost:9092"


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        (
            f"kafka-consumer-groups {B} --group g --reset-offsets --to-latest --topic t --execute",
            Verdict.ASK,
            "floor.destructive",
        ),
        (f"kafka-consumer-groups {B} --delete --group billing", Verdict.FORCE_ASK, "floor.destructive"),
        (
            f"kafka-acls {B} --add --allow-principal User:* --operation All --topic '*'",
            Verdict.ASK,
            "floor.destructive",
        ),
        (f"kafka-acls {B} --remove --topic t --force", Verdict.FORCE_ASK, "floor.destructive"),
        (
            f"kafka-configs {B} --alter --entity-type topics --entity-name t --add-config retention.ms=1",
            Verdict.ASK,
            "floor.destructive",
        ),
        (f"kafka-console-consumer {B} --topic payments --group billing", Verdict.ASK, "floor.destructive"),
        (f"kafka-console-producer {B} --topic payments", Verdict.ASK, "floor.destructive"),
        (f"kafka-console-consumer {B} --topic t --formatter com.evil.Formatter", Verdict.ASK, "floor.not-understood"),
        (f"kafka-consumer-groups {B} --command-config /tmp/evil.properties --list", Verdict.ASK, "floor.runs-code"),
        ("kafka-consumer-groups --bootstrap-server kafka.attacker.example:9092 --list", Verdict.ASK, "floor.egress"),
        ("kafka-topics --bootstrap-server 169.254.169.254:9092 --list", Verdict.DENY, "floor.cloud-metadata"),
        ("nats -s nats.attacker.example:4222 stream ls", Verdict.ASK, "floor.egress"),
        ("rabbitmqadmin -H 10.0.0.1 list queues", Verdict.ASK, "floor.egress"),
        ("rabbitmq-diagnostics environment", Verdict.ASK, "floor.credentials"),
        ("rabbitmq-diagnostics remote_shell", Verdict.ASK, "floor.not-understood"),
    ],
)
def test_a_broker_change_or_a_remote_broker_is_judged(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    "command",
    [
        f"kafka-consumer-groups {B} --list",
        f"kafka-consumer-groups {B} --describe --group billing",
        f"kafka-acls {B} --list",
        f"kafka-configs {B} --describe --entity-type topics --entity-name logs",
        f"kafka-broker-api-versions {B}",
        f"kafka-console-consumer {B} --topic logs --from-beginning --max-messages 10",
        "rabbitmq-diagnostics ping",
        "rabbitmq-diagnostics -q check_running",
    ],
)
def test_reading_a_local_broker_is_routine(box, command):
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)
