"""composer, cabal and bun: the project's own install, build, test and scripts are routine; a working directory
outside the project (judged like npm --prefix), a package fetched and run, a global install, a configuration
change or a file from elsewhere asks. Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.fixture
def node_box(box: Sandbox) -> Sandbox:
    bin_dir = box.project / "node_modules" / ".bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "vite").write_text("#!/bin/sh\n")
    (bin_dir / "vite").chmod(0o755)
    return box


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("bun --cwd /tmp/evil run build", Verdict.ASK, "floor.runs-code"),
        ("bun --cwd=/tmp/evil test", Verdict.ASK, "floor.runs-code"),
        ("bun run --cwd /tmp/evil build", Verdict.ASK, "floor.runs-code"),
        ("bun --cwd /tmp/evil install", Verdict.ASK, "floor.runs-code"),
        ("bun x cowsay", Verdict.ASK, "floor.fetch-and-run"),
        ("bunx cowsay", Verdict.ASK, "floor.fetch-and-run"),
        ("bun x vite@5 build", Verdict.ASK, "floor.fetch-and-run"),
        ("bunx vite@5 build", Verdict.ASK, "floor.fetch-and-run"),
        ("bun run /tmp/x.js", Verdict.ASK, "floor.runs-code"),
        ("bun /tmp/x.js", Verdict.ASK, "floor.runs-code"),
        ("bun ../../../tmp/x.ts --port 1", Verdict.ASK, "floor.runs-code"),
        ("bun test /tmp/x.test.ts", Verdict.ASK, "floor.runs-code"),
        ("bun --preload /tmp/x.js test", Verdict.ASK, "floor.runs-code"),
        ('bun -e \'require("child_process").execSync("id")\'', Verdict.FORCE_ASK, "floor.not-understood"),
        ("bun pm cache rm", Verdict.ASK, "floor.destructive"),
        ("bun pm trust --all", Verdict.ASK, "floor.runs-code"),
    ],
)
def test_bun_beyond_the_project_asks(node_box: Sandbox, command: str, verdict: Verdict, rule: str) -> None:
    assert_decided(node_box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    "command",
    [
        "bun x vite build",
        "bunx vite",
        "bun run build",
        "bun test",
        "bun test ./src auth",
        "bun pm ls",
        "bun --cwd src run build",
    ],
)
def test_bun_routine_project_work_is_allowed(node_box: Sandbox, command: str) -> None:
    (node_box.project / "src").mkdir(exist_ok=True)
    assert node_box.decide(command).verdict == Verdict.ALLOW, node_box.decide(command).reasons


def test_bun_x_of_a_binary_the_project_does_not_have_is_fetch_and_run(box: Sandbox) -> None:
    assert_decided(box.decide("bun x vite build"), Verdict.ASK, "floor.fetch-and-run", "bun x vite build")
