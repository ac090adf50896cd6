"""`node -p "require('./package.json').version"` is a read of one JSON file, judged by the path rules.

It passes only when the code is exactly a print of a literal `.json` require by plain property names, and
only when node would surely parse that file as JSON: a regular file whose real path ends in `.json` (node
picks the loader by the real path's extension; a missing `x.json` becomes `x.json.js` or `x.json/index.js`),
and for `name/package.json` a package without `exports` (which may map the name to code). bun's inline code
gets the same judge as node's. Commands are only analysed, never run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import shell


@pytest.fixture
def app(project):  # type: ignore[no-untyped-def]
    root = Path(project)
    (root / "package.json").write_text(json.dumps({"name": "app", "version": "1.0.0"}))
    for name in ("react", "@types/node"):
        (root / "node_modules" / name).mkdir(parents=True)
        (root / "node_modules" / name / "package.json").write_text(json.dumps({"name": name, "version": "1"}))
    (root / "sub").mkdir()
    return project


@pytest.mark.parametrize(
    "command",
    [
        "node -e \"console.log(require('./package.json').version)\"",
        "node -p \"require('./package.json').version\"",
        "node -p \"require('react/package.json').version\"",
        "node -p 'require(\"@types/node/package.json\").version'",
        "node --print \"require('./package.json').name\"",
        "node -p \"require('./package.json')\"",
        "bun -p \"require('react/package.json').version\"",
        "bun -e \"console.log(require('./package.json').version)\"",
        "cd sub && node -p \"require('../package.json').version\"",
    ],
)
def test_printing_a_field_of_a_project_json_file_passes(app, command):
    assert shell(command, app).verdict == Verdict.ALLOW


@pytest.mark.parametrize(
    "command",
    ['bun -e "console.log(1+2)"', "bun --eval \"console.log('hi')\"", "bun -e 'console.log(process.version)'"],
)
def test_bun_inline_code_gets_the_node_judge(project, command):
    assert shell(command, project).verdict == Verdict.ALLOW
    assert shell(command.replace("bun", "node", 1), project).verdict == Verdict.ALLOW


def test_a_credential_json_file_required_is_the_credential_read_it_is(app):
    home = Path(app).parent
    (home / ".aws").mkdir()
    (home / ".aws" / "creds.json").write_text("{}")
    (Path(app) / "aws.json").symlink_to(home / ".aws" / "creds.json")
    for command in (
        f"node -p \"require('{home}/.aws/creds.json')\"",
        "node -p \"require('./aws.json').key\"",  # a project name for it: the real path is judged
        "bun -p \"require('./aws.json').key\"",
    ):
        decision = shell(command, app)
        assert decision.verdict == Verdict.DENY, command
        assert "floor.credentials" in decision.rule_ids, command


@pytest.mark.parametrize(
    "command",
    [
        # node loads these as code, not JSON.
        "node -p \"require('./dir.json')\"",  # a directory: dir.json/index.js runs
        "node -p \"require('./link.json').a\"",  # a symlink to a .js file: loaded by the real path's extension
        "node -p \"require('./missing.json').a\"",  # missing.json.js, missing.json.node, missing.json/ are tried
        "node -p \"require('exp/package.json').version\"",  # its `exports` maps the name to code
        "node -p \"require('app/package.json').version\"",  # the project's own name, through its `exports`
        "node -p \"require('nowhere/package.json').version\"",  # not installed: NODE_PATH, ~/.node_modules...
        # Anything but exactly such a print.
        "node -p \"require('./package.json').version.toString()\"",
        "node -p \"require('./package.json')['version']\"",
        "node -p \"require('./package.json').version; require('./x.js')\"",
        "node -p \"require('./pack' + 'age.json').version\"",
        "node -p \"require('react/index.json')\"",
        "node -p \"require('react/../package.json')\"",
        "bun --cwd=sub -p \"require('./package.json').version\"",
    ],
)
def test_a_require_node_may_not_parse_as_json_is_not_allowed(app, command):
    root = Path(app)
    (root / "dir.json").mkdir()
    (root / "dir.json" / "index.js").write_text("x")
    (root / "evil.js").write_text("x")
    (root / "link.json").symlink_to(root / "evil.js")
    (root / "node_modules" / "exp").mkdir()
    (root / "node_modules" / "exp" / "package.json").write_text(json.dumps({"exports": {"./package.json": "./e.js"}}))
    (root / "package.json").write_text(json.dumps({"name": "app", "exports": {"./package.json": "./e.js"}}))
    decision = shell(command, app)
    assert decision.verdict == Verdict.ASK, (command, decision.verdict, decision.reasons)
    assert "floor.not-understood" in decision.rule_ids


def test_where_the_printed_json_goes_is_still_judged(app):
    decision = shell("node -p \"require('./package.json').version\" > ~/.bashrc", app)
    assert decision.verdict == Verdict.DENY
    assert "floor.persistence" in decision.rule_ids
