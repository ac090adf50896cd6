"""Round-5 findings in the build and packages families: formatters and fixers rewrite their operands (`black ~`,
`ruff check --fix ~`, `eslint --fix ~`, `isort ~`), tool managers can swap the gate's own installation
(`uv tool install --force hookward==0.0.1`, `pipx reinstall hookward`), uv removes interpreters and caches,
and a package script hands `--require FILE` on to its program (`npm test -- --require /tmp/x.js`).
Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("black ~", Verdict.ASK, "default.write-in-home"),
        ("black ~/.claude/hooks", Verdict.DENY, "floor.self-protection"),
        ("ruff check --fix ~", Verdict.ASK, "default.write-in-home"),
        ("ruff check --fix ~/.claude", Verdict.DENY, "floor.self-protection"),
        ("eslint --fix ~", Verdict.ASK, "default.write-in-home"),
        ("isort ~", Verdict.ASK, "default.write-in-home"),
        ("python3 -m isort ~", Verdict.ASK, "default.write-in-home"),
        ("isort --formatter /tmp/f.py src", Verdict.ASK, "floor.runs-code"),
        ("uv tool install --force hookward==0.0.1", Verdict.DENY, "floor.self-protection"),
        ("uv --no-cache tool install --force hookward", Verdict.DENY, "floor.self-protection"),
        ("uv tool upgrade hookward", Verdict.DENY, "floor.self-protection"),
        ("pipx reinstall hookward", Verdict.DENY, "floor.self-protection"),
        ("pipx install --force hookward==0.0.1", Verdict.DENY, "floor.self-protection"),
        ("pipx inject hookward evil-package", Verdict.DENY, "floor.self-protection"),
        ("pipx runpip hookward install evil", Verdict.DENY, "floor.self-protection"),
        ("uv python uninstall 3.11", Verdict.ASK, "floor.destructive"),
        ("uv python uninstall --all", Verdict.ASK, "floor.destructive"),
        ("uv cache clean", Verdict.ASK, "floor.destructive"),
        ("npm test -- --require /tmp/x.js", Verdict.ASK, "floor.runs-code"),
        ("npm run test -- --setupFiles=/tmp/s.js", Verdict.ASK, "floor.runs-code"),
        ("pnpm test -- -r /tmp/x.js", Verdict.ASK, "floor.runs-code"),
        ("yarn test -- --config /tmp/jest.config.js", Verdict.ASK, "floor.runs-code"),
        # a local source tree elsewhere: its build backend (setup.py, a PEP 517 hook) runs
        ("pipx install /tmp/x", Verdict.ASK, "floor.runs-code"),
        ("uv tool install /tmp/x", Verdict.ASK, "floor.runs-code"),
        ("uv tool install --from=/tmp/x tool", Verdict.ASK, "floor.runs-code"),
        ("uv build ../../../tmp/x", Verdict.ASK, "floor.runs-code"),
    ],
)
def test_a_tool_that_rewrites_or_swaps_beyond_the_project_is_judged(
    box: Sandbox, command: str, verdict: Verdict, rule: str
) -> None:
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    "command",
    [
        "black .",
        "black --check src",
        "ruff check .",
        "ruff check --fix src",
        "ruff format --check .",
        "eslint --fix src",
        "isort src",
        "isort --check-only --diff .",
        "uv build",
        "uv python list",
        "uv cache dir",
        "npm test -- --watch",
        "npm test -- --require=@babel/register",
    ],
)
def test_the_projects_own_formatting_and_tools_stay_routine(box: Sandbox, command: str) -> None:
    (box.project / "src").mkdir(exist_ok=True)
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)
