"""Tool installers put a registry package's programs on the PATH, outside the project, as `npm install -g`,
`cargo install` and `go install` do: `uv tool install`, `pipx install`, `poetry self add`, `dotnet tool install`
ask (floor.fetch-and-run), and `uv tool run` is uvx under another name. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, box  # noqa: F401

FETCHES = [
    "uv tool install ruff",
    "uv tool upgrade ruff",
    "uv --quiet tool install ruff",
    "pipx install black",
    "pipx install --python /usr/bin/python3 black",
    "pipx upgrade-all",
    "pipx reinstall black",
    "pipx inject black black-plugin",
    "poetry self add poetry-plugin-export",
    "poetry self update",
    "dotnet tool install -g dotnet-ef",
    "dotnet tool update --global dotnet-ef",
    "uv tool run ruff",
    "uv tool run --from httpie http",
    "uv -q tool run black .",
]


@pytest.mark.parametrize("command", FETCHES)
def test_a_tool_from_a_registry_installed_or_run_asks(box: Sandbox, command: str) -> None:  # noqa: F811
    assert_decided(box.decide(command), Verdict.ASK, "floor.fetch-and-run", command)


@pytest.mark.parametrize("command", ["uv tool list", "pipx list", "uv tool dir", "dotnet tool list", "npm ls -g"])
def test_listing_installed_tools_stays_routine(box: Sandbox, command: str) -> None:  # noqa: F811
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)
