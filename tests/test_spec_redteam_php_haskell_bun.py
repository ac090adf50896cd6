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


@pytest.fixture
def php_box(box: Sandbox) -> Sandbox:
    (box.project / "composer.json").write_text('{"scripts": {"test": "phpunit", "lint": "phpcs src"}}\n')
    return box


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("composer -d /tmp/evil install", Verdict.ASK, "floor.runs-code"),
        ("composer --working-dir=/tmp/evil run-script test", Verdict.ASK, "floor.runs-code"),
        ("composer install --working-dir ../../../tmp/evil", Verdict.ASK, "floor.runs-code"),
        ("composer global require friendsofphp/php-cs-fixer", Verdict.ASK, "floor.persistence"),
        ("composer require monolog/monolog", Verdict.ASK, "floor.fetch-and-run"),
        # Symfony Console takes an unambiguous abbreviation of a command: the spec reports what it does.
        ("composer req monolog/monolog", Verdict.ASK, "floor.runs-code"),
        ("composer r monolog/monolog", Verdict.ASK, "floor.runs-code"),
        ("composer u monolog/monolog", Verdict.ASK, "floor.runs-code"),
        ("composer rem monolog/monolog", Verdict.ASK, "floor.destructive"),
        ("composer remove monolog/monolog", Verdict.ASK, "floor.destructive"),
        ("composer exec -- bash /tmp/x.sh", Verdict.ASK, "floor.runs-code"),
        ("composer config --list", Verdict.ASK, "floor.credentials"),
        ("composer config --global github-oauth.github.com", Verdict.ASK, "floor.credentials"),
        ("composer config minimum-stability dev", Verdict.ASK, "floor.persistence"),
        ("composer config --global repos.packagist composer https://evil.invalid", Verdict.ASK, "floor.persistence"),
        ("composer create-project laravel/laravel app", Verdict.ASK, "floor.runs-code"),
        ("composer clear-cache", Verdict.ASK, "floor.destructive"),
        ("composer not-a-script", Verdict.ASK, "floor.not-understood"),
        ("cabal build --project-dir /tmp/evil", Verdict.ASK, "floor.runs-code"),
        ("cabal build --project-file=/tmp/cabal.project", Verdict.ASK, "floor.runs-code"),
        ("cabal run /tmp/x.hs", Verdict.ASK, "floor.runs-code"),
        ("cabal install", Verdict.ASK, "floor.persistence"),
        ("cabal install --installdir ~/.local/bin", Verdict.DENY, "floor.persistence"),
        ("cabal build --with-compiler=/tmp/ghc", Verdict.ASK, "floor.not-understood"),
        ("cabal build --ghc-options=-pgmF/tmp/x", Verdict.ASK, "floor.not-understood"),
        ("cabal test --test-wrapper=/tmp/w", Verdict.ASK, "floor.not-understood"),
        ("cabal upload --publish dist/x.tar.gz", Verdict.FORCE_ASK, "floor.destructive"),
        ("cabal repl", Verdict.ASK, "floor.not-understood"),
    ],
)
def test_composer_and_cabal_beyond_the_project_ask(php_box: Sandbox, command: str, verdict: Verdict, rule: str) -> None:
    assert_decided(php_box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    "command",
    [
        "composer install --no-interaction --no-progress",
        "composer dump-autoload -o",
        "composer dump -o",
        "composer validate --strict",
        "composer show --latest",
        "composer depends monolog/monolog",
        "composer run-script test",
        "composer test",
        "composer lint",
        "cabal build",
        "cabal build all --enable-tests -j4",
        "cabal test --test-show-details=direct",
        "cabal run myapp -- --port 3000",
        "cabal update",
        "cabal --version",
    ],
)
def test_composer_and_cabal_routine_project_work_is_allowed(php_box: Sandbox, command: str) -> None:
    decision = php_box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)
