"""Variables that name where a program loads code from (PYTHONPATH, NODE_PATH, PERL5LIB, RUBYLIB, PERLLIB,
LD_LIBRARY_PATH), given an absolute directory.

A relative entry inside the project was already the project's code. An absolute one was denied as a hijack
whatever it named, so `PYTHONPATH=/home/me/proj/src python -m pytest`, a routine spelling, was refused.
Now an absolute entry inside the project is the project's code, and one anywhere else asks (floor.hijack):
the code there is not known to be the person's, as a script outside the project is not. Spellings the
analysis cannot pin down (`..`, `~`, an unresolved substitution) and the variables that always inject
code (LD_PRELOAD, PYTHONSTARTUP, ...) stay denied. Commands are only analysed, never run.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, assert_routine, box  # noqa: F401 (the fixture)


@pytest.mark.parametrize(
    "template",
    [
        "PYTHONPATH={p}/src python -m pytest",
        "PYTHONPATH={p}/src:{p}/lib pytest -q",
        "PYTHONPATH={p} python3 -m pytest tests",
        "env PYTHONPATH={p}/src python -m pytest",
        "NODE_PATH={p}/node_modules npm test",
        "export PYTHONPATH={p}/src; pytest",
    ],
)
def test_an_absolute_load_path_inside_the_project_is_the_projects_code(box: Sandbox, template: str) -> None:  # noqa: F811
    command = template.format(p=box.project)
    assert_routine(box.decide(command), command)


@pytest.mark.parametrize(
    "command",
    [
        "PYTHONPATH=/Users/someone/pipeline python -m pytest",
        "env PYTHONPATH=/opt/elsewhere python -m pytest",
        "PYTHONPATH=/tmp/mods pytest",
        "export PYTHONPATH=/tmp/mods; pytest",
        "LD_LIBRARY_PATH=/tmp/libs make test",
        "PERL5LIB=/tmp/perl prove -l t",
        "RUBYLIB=/tmp/rb rake test",
    ],
)
def test_an_absolute_load_path_elsewhere_asks_as_code_from_outside(box: Sandbox, command: str) -> None:  # noqa: F811
    assert_decided(box.decide(command), Verdict.ASK, "floor.hijack", command)


def test_one_entry_outside_is_enough(box: Sandbox) -> None:  # noqa: F811
    command = f"PYTHONPATH={box.project}/src:/tmp/mods python -m pytest"
    assert_decided(box.decide(command), Verdict.ASK, "floor.hijack", command)


@pytest.mark.parametrize(
    "template",
    [
        "PYTHONPATH={p}/../other python -m pytest",  # `..` climbs out of the project
        "PYTHONPATH=~/mods python -m pytest",
        "PYTHONPATH=$(cat /tmp/where) python -m pytest",
        "LD_PRELOAD={p}/build/x.so ls",  # injects code into every program, wherever it lives
        "PYTHONSTARTUP={p}/x.py python",
    ],
)
def test_spellings_not_pinned_down_and_injecting_variables_stay_denied(box: Sandbox, template: str) -> None:  # noqa: F811
    command = template.format(p=box.project)
    assert_decided(box.decide(command), Verdict.DENY, "floor.hijack", command)


def test_a_module_shadowed_through_an_absolute_project_path_still_asks(box: Sandbox) -> None:  # noqa: F811
    (box.project / "lib").mkdir()
    (box.project / "lib" / "json.py").write_text("import os\n")
    command = f"PYTHONPATH={box.project}/lib python3 -c 'import json; print(json.dumps(1))'"
    assert_decided(box.decide(command), Verdict.ASK, "floor.not-understood", command)
