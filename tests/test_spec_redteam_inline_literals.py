"""Inline code whose syntax tree only prints literals is judged by that tree, not by words inside its strings:
`print('rm -rf /')` prints text. Code that calls, imports or evaluates anything beyond the listed harmless
reads keeps its floor. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided


@pytest.mark.parametrize(
    "command",
    [
        """python -c "print('rm -rf /')" """,
        """python3 -c "print('see ~/.ssh/id_rsa and os.environ')" """,
        """node -e "console.log('child_process')" """,
        """python3 -c "import sys; print(sys.version)" """,
    ],
)
def test_printing_a_literal_that_names_something_dangerous_is_routine(box, command):
    decision = box.decide(command.strip())
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("""python -c "import os; os.system('rm -rf /')" """, Verdict.DENY, "floor.destructive"),
        ("""python -c "print(open('/etc/shadow').read())" """, Verdict.FORCE_ASK, "floor.not-understood"),
        ("""python -c "print(__import__('os').system('id'))" """, Verdict.FORCE_ASK, "floor.not-understood"),
        ("""python -c "print(eval('1+1'))" """, Verdict.FORCE_ASK, "floor.not-understood"),
        ("""python -c "print(getattr(__builtins__, 'ev'+'al'))" """, Verdict.ASK, "floor.not-understood"),
        (
            """node -e "console.log(require('child_process').execSync('id'))" """,
            Verdict.FORCE_ASK,
            "floor.not-understood",
        ),
        ("""python -c "print('hookward')" """, Verdict.DENY, "floor.self-protection"),
    ],
)
def test_code_beyond_a_literal_print_keeps_its_floor(box, command, verdict, rule):
    assert_decided(box.decide(command.strip()), verdict, rule, command)
