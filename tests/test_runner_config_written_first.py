"""A build whose definition or launcher options were written earlier on the line runs that code: sbt reads
-J options (a Java agent) from .sbtopts/.jvmopts and runs build.sbt and project/*.sbt; cargo runs the
toolchain that rust-toolchain.toml names by path. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.mark.parametrize(
    "command",
    [
        "echo '-J-javaagent:/tmp/a.jar' > .sbtopts && sbt test",
        "echo '-javaagent:/tmp/a.jar' > .jvmopts; sbt compile",
        'echo \'addSbtPlugin("x" % "y" % "1")\' >> project/plugins.sbt && sbt test',
        "printf '[toolchain]\\npath = \"/tmp/t\"\\n' > rust-toolchain.toml && cargo build",
    ],
)
def test_a_build_run_after_its_definition_was_written_asks(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)


@pytest.mark.parametrize("command", ["sbt test", "cargo build"])
def test_the_build_alone_stays_routine(box: Sandbox, command: str) -> None:
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, decision.reasons
