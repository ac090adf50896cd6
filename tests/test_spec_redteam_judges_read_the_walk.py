"""Judges of the perl, ruby and utilities specs read the options the spec walk read (`Walk.seen`), not argv.

Their hand parsers of argv took an option's value for an option (`pod2readme -t -c x.pm ~/.bashrc`: `-c` is
the target's value, not --stdout, so the README still goes to operand 2), missed bundled short flags
(`scandeps.pl -Bx` runs the script) and unique prefixes of long options (`pod2readme --std`), and took
`h2ph -h` (hints) for a help request. Each case asserts the verdict and the rule that decides it.
Commands are only analysed, never run.
"""

from __future__ import annotations

import shlex

import pytest
from hookward.policy import specs
from hookward.policy.spec import walk
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        # perl.py: an option's value is not an option
        ("pod2readme -t -c x.pm ~/.bashrc", Verdict.DENY, "floor.persistence"),
        ("pod2readme --target -o x.pm ~/.zshrc", Verdict.DENY, "floor.persistence"),
        # perl.py: a bundled -x runs the script it scans
        ("scandeps.pl -Bx script.pl", Verdict.ASK, "floor.runs-code"),
        ("scandeps.pl -Vc script.pl", Verdict.ASK, "floor.runs-code"),
        # perl.py: h2ph's -h puts hints in the .ph files; it still installs into perl's site library
        ("h2ph -h stdio.h", Verdict.DENY, "default.write-system"),
        # ruby.py: `-a --safe` sets an attribute named --safe; the unsafe mode's include:: reads any file
        ("asciidoctor -a --safe doc.adoc", Verdict.ASK, "floor.runs-code"),
        ("asciidoctor -a -S -a safe doc.adoc", Verdict.ASK, "floor.runs-code"),
        ("asciidoctor --safe-m unsafe doc.adoc", Verdict.ASK, "floor.runs-code"),  # a unique prefix
        ("asciidoctor -S safe -S unsafe doc.adoc", Verdict.ASK, "floor.runs-code"),  # the unsafe mode is taken
        # ruby.py: `-b -f` is the branch `-f`: the report still opens in a browser
        ("rubycritic -b -f app/", Verdict.ASK, "floor.not-understood"),
        # ruby.py: `-I -v` is a load path named -v, not --version: an interactive session reads stdin
        ("pry -I -v", Verdict.ASK, "floor.not-understood"),
        # utilities.py: `-e --skip-install` is the example's name: the template's packages are installed
        ("create-next-app my-app -e --skip-install", Verdict.ASK, "floor.not-understood"),
        # utilities.py: `-r -o` loads options from a file named -o: the output name comes from the data
        ("uudecode -r -o payload.uu", Verdict.ASK, "floor.not-understood"),
        ("uudecode -r -h payload.uu", Verdict.ASK, "floor.not-understood"),
    ],
)
def test_a_judge_is_not_fooled_by_how_argv_spells_options(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


def _effects(command: str) -> list[str]:
    argv = shlex.split(command)
    spec = specs.lookup(argv[0])
    assert spec is not None
    walked = walk(spec, argv)
    return sorted(f"{e.kind}:{e.value}" for e in walked.effects) + ["unknown"] * len(walked.unknown)


@pytest.mark.parametrize(
    ("command", "effects"),
    [
        ("pod2readme --std x.pm", ["read:x.pm"]),  # --stdout by a unique prefix: no README is written
        ("pod2readme -Fc x.pm", ["read:x.pm"]),  # -F -c bundled
        ("uudecode --out=out.bin payload.uu", ["read:payload.uu", "write:out.bin"]),  # --output-file's prefix
        ("rubycritic --no-b app/", ["read:app/", "tree-write:tmp/rubycritic"]),  # --no-browser's prefix
        ("asciidoctor --safe-mode=secure README.adoc", ["read:README.adoc", "write:README.html"]),
        ("age -r age1yubikey1qqq -o x.age x", ["read:x", "write:x.age", "unknown"]),  # a plugin runs
        ("age --recipient=age1abc -o x.age x", ["read:x", "write:x.age"]),  # a native key
    ],
)
def test_the_spellings_the_program_accepts_are_read_as_the_option(command, effects):
    assert _effects(command) == effects


def test_i18n_tasks_value_option_is_not_its_version():
    # `-v` of a writing subcommand is --value: the locales are still rewritten
    assert _effects("i18n-tasks add-missing -v TRME") == ["tree-write:config/locales"]


def test_asciidoctor_backend_by_a_long_prefix_names_the_output():
    assert _effects("asciidoctor --back docbook5 --safe docs/a.adoc") == ["read:docs/a.adoc", "write:docs/a.xml"]
