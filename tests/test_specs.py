"""Command specs: every example of every spec walks to exactly the effects it names.

A spec's examples are its unit tests (Codex execpolicy's `match` / `not_match`
idea): `{"shuf -e X -o ~/.bashrc": "write:~/.bashrc"}` says that argv has that
one effect. Tokens are `kind:value`, `kind` for an effect without a value, and
`unknown` for each thing the spec does not model (which asks).
"""

from __future__ import annotations

import shlex

import pytest
from hookward.policy import specs
from hookward.policy.spec import EFFECTS, Spec, SpecError, walk


def _all_specs() -> list[Spec]:
    seen: dict[int, Spec] = {}
    for spec in specs.index().values():
        seen[id(spec)] = spec
    return list(seen.values())


def _tokens(spec: Spec, command: str) -> list[str]:
    walked = walk(spec, shlex.split(command))
    tokens = [f"{e.kind}:{e.value}" if e.value else e.kind for e in walked.effects]
    tokens += ["unknown"] * len(walked.unknown)
    if walked.rest:
        tokens.append("runs:" + shlex.join(walked.rest))
    return sorted(tokens)


def _examples() -> list[tuple[str, str, str]]:
    cases = []

    def visit(spec: Spec, root: Spec) -> None:
        for command, expected in spec.examples.items():
            cases.append((root.name, command, expected))
        for sub in spec.subcommands.values():
            visit(sub, root)

    for spec in _all_specs():
        visit(spec, spec)
    return cases


EXAMPLES = _examples()


@pytest.mark.parametrize(("program", "command", "expected"), EXAMPLES, ids=[c for _, c, _ in EXAMPLES])
def test_spec_example_walks_to_its_effects(program: str, command: str, expected: str) -> None:
    spec = specs.lookup(shlex.split(command)[0])
    assert spec is not None, f"{command}: no spec for its program"
    assert _tokens(spec, command) == sorted(expected.split()), command


def test_every_spec_names_its_reference_version_and_has_examples() -> None:
    for spec in _all_specs():
        assert spec.version, f"{spec.name}: a spec names the version it describes"
        count = len(spec.examples) + sum(len(s.examples) for s in spec.subcommands.values())
        assert count >= 1, f"{spec.name}: a spec carries examples of its effects"


def test_an_option_the_spec_does_not_know_is_reported_by_name() -> None:
    walked = walk(specs.lookup("cat"), ["cat", "--frobnicate", "x"])  # type: ignore[arg-type]
    assert walked.unknown == ["option --frobnicate of cat is not modelled"]
    assert not walked.understood


def test_unique_prefixes_of_long_options_are_the_option_they_abbreviate() -> None:
    walked = walk(specs.lookup("cp"), ["cp", "--target=/etc", "a"])  # type: ignore[arg-type]
    assert [(e.kind, e.value) for e in walked.effects] == [("dest", "/etc"), ("read", "a")]


def test_an_ambiguous_prefix_between_options_that_do_different_things_is_not_understood() -> None:
    spec = Spec("x", version="test", options={"--output": "val:write", "--outline": "flag"})
    walked = walk(spec, ["x", "--out", "f"])
    assert walked.unknown and not walked.understood


def test_an_ambiguous_prefix_between_options_with_the_same_effect_is_harmless_either_way() -> None:
    """`cat --show x`: the program refuses it, and every option it could mean only changes output."""
    walked = walk(specs.lookup("cat"), ["cat", "--show", "x"])  # type: ignore[arg-type]
    assert [(e.kind, e.value) for e in walked.effects] == [("read", "x")]


def test_bundled_short_options_take_the_rest_of_the_word_as_a_value() -> None:
    walked = walk(specs.lookup("shuf"), ["shuf", "-zo~/.bashrc", "x"])  # type: ignore[arg-type]
    assert ("write", "~/.bashrc") in [(e.kind, e.value) for e in walked.effects]


def test_a_spec_with_an_unknown_effect_is_refused_when_built() -> None:
    with pytest.raises(SpecError, match="unknown effect"):
        Spec("x", options={"-o": "val:frobnicate"}).options  # noqa: B018 (compiling is the test)
    with pytest.raises(SpecError, match="declared twice"):
        Spec("x", options={"-o": "flag", "-o --out": "val"}).options  # noqa: B018 (compiling is the test)


def test_effects_are_a_closed_vocabulary() -> None:
    assert {"read", "write", "exec", "argv", "publish", "secret", "unknown"} <= EFFECTS


def test_walking_is_linear_in_the_number_of_words() -> None:
    """Counted, not timed: a 20,000-word argv produces one effect per operand and no more."""
    argv = ["cat", *(f"f{i}" for i in range(20_000))]
    walked = walk(specs.lookup("cat"), argv)  # type: ignore[arg-type]
    assert len(walked.effects) == 20_000


def test_every_spec_and_subcommand_compiles_its_options() -> None:
    """Options compile on first use (the hook walks one subcommand); every one must compile cleanly."""

    def visit(spec: Spec) -> int:
        count = len(spec.options)
        for sub in spec.subcommands.values():
            if sub.parent is spec:
                count += visit(sub)
        return count

    assert sum(visit(spec) for spec in _all_specs()) > 1000


def test_the_shipped_program_index_is_the_one_the_family_files_give() -> None:
    """The hook imports one family through policy/specs/_index.py; `python -m hookward.policy.specs` rewrites it."""
    from hookward.policy.specs import _index

    assert [tuple(item) for item in _index.FILES] == specs._family_files(), "run `python -m hookward.policy.specs`"
    assert _index.FAMILY_OF == specs.full_index()[1]
