"""Inline Python that only calls pure module functions (json, math) passes; reaching past them does not."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import shell


@pytest.mark.parametrize(
    "code",
    ["import json; print(json.dumps({'a': 1}))", "import math; print(math.sqrt(2) * math.pi)"],
)
def test_pure_module_functions_in_inline_python_pass(project, code):
    assert shell(f'python3 -c "{code}"', project).verdict == Verdict.ALLOW


@pytest.mark.parametrize(
    "code",
    [
        "import json; print(json.load(open('data.json')))",  # open
        "import json as j; j.dumps(1)",  # an alias hides what the name is
        "import json; json.dumps.__globals__",  # dunder reach into the module's globals
        "import json; json.decoder.scanstring('x', 0)",  # not a listed function
        "import math; math = __import__('os'); math.system('id')",
    ],
)
def test_inline_python_reaching_past_pure_functions_is_not_allowed(project, code):
    decision = shell(f'python3 -c "{code}"', project)
    assert decision.verdict >= Verdict.ASK
    assert "floor.not-understood" in decision.rule_ids


def test_an_import_a_project_file_would_replace_asks(project):
    # `python3 -c` imports from the directory it runs in first: a json.py there runs instead of the stdlib's.
    (__import__("pathlib").Path(project) / "json.py").write_text("import os\n")
    decision = shell('python3 -c "import json; print(json.dumps(1))"', project)
    assert decision.verdict == Verdict.ASK
    assert "floor.not-understood" in decision.rule_ids


def test_an_import_written_earlier_on_the_line_asks(project):
    decision = shell('cp /tmp/x.py math.py && python3 -c "import math; print(math.pi)"', project)
    assert decision.verdict >= Verdict.ASK
    assert "floor.not-understood" in decision.rule_ids
