"""The spec grammar's spellings: key=value operands, two-value options, option-started commands,
effect substitution, literal dash words, +CMD words, chain words and single-dash long options."""

from __future__ import annotations

import pytest
from hookward.policy.spec import Spec, SpecError, walk


def _effects(spec: Spec, *argv: str) -> list[tuple[str, str]]:
    return [(e.kind, e.value) for e in walk(spec, [spec.name, *argv]).effects]


def test_key_value_operands_take_the_effect_their_key_names() -> None:
    spec = Spec("dd", assign={"if": "read", "of": "write", "bs": "text"})
    assert _effects(spec, "if=a", "bs=1M", "of=~/.bashrc") == [("read", "a"), ("write", "~/.bashrc")]


def test_a_key_value_operand_the_spec_does_not_list_is_not_understood() -> None:
    walked = walk(Spec("dd", assign={"if": "read"}), ["dd", "xx=1"])
    assert walked.unknown


def test_a_two_value_option_puts_its_effect_on_the_second_value() -> None:
    spec = Spec("jq", options={"--rawfile": "val2:read", "-n": "flag"}, operands="text read*")
    assert _effects(spec, "--rawfile", "k", "~/.ssh/id_rsa", "-n", "$k") == [("read", "~/.ssh/id_rsa")]


def test_a_two_value_option_missing_its_second_value_is_not_understood() -> None:
    spec = Spec("jq", options={"--rawfile": "val2:read"}, operands="text read*")
    assert walk(spec, ["jq", "--rawfile", "k"]).unknown


def test_a_flag_that_starts_a_command_takes_every_word_after_it() -> None:
    spec = Spec("fd", options={"-x": "flag:argv", "-e": "val"}, operands="text stat*")
    walked = walk(spec, ["fd", "-e", "py", "pat", "src", "-x", "sh", "-c", "id"])
    assert walked.rest == ["sh", "-c", "id"]
    assert [(e.kind, e.value) for e in walked.effects] == [("stat", "src")]


def test_read_edit_substitution_holds_whatever_sets_the_pattern_later() -> None:
    spec = Spec("sed", options={"-i": "opt>read=edit", "-e": "val>read*"}, operands="text read*")
    assert _effects(spec, "-i", "-e", "s/a/b/", "f") == [("edit", "f")]
    assert _effects(spec, "-e", "s/a/b/", "-i", "f") == [("edit", "f")]
    assert _effects(spec, "s/a/b/", "f") == [("read", "f")]


def test_a_dash_word_that_is_not_all_known_options_is_printed_text() -> None:
    spec = Spec("echo", literal_dashes=True, posix=True, options={"-n -e": "flag"}, operands="text*")
    assert walk(spec, ["echo", "-n", "---", "-x"]).understood
    assert not walk(Spec("cat", options={"-n": "flag"}, operands="read*"), ["cat", "-x"]).understood


def test_plus_words_run_start_up_commands_and_plus_numbers_are_lines() -> None:
    spec = Spec("vim", plus="code:vim", operands="edit*")
    assert _effects(spec, "+10", "f") == [("edit", "f")]
    assert _effects(spec, "f", "+!id") == [("code:vim", "!id"), ("edit", "f")]


def test_a_chain_word_anywhere_is_not_understood() -> None:
    spec = Spec("tmux", chain=";", subcommands={"ls": Spec("ls")})
    assert walk(spec, ["tmux", "ls"]).understood
    assert not walk(spec, ["tmux", "ls", ";", "run", "x"]).understood


def test_a_declared_single_dash_long_option_wins_over_bundled_letters() -> None:
    spec = Spec("screen", options={"-ls": "flag", "-l": "flag", "-s": "val:argv"}, operands="argv")
    walked = walk(spec, ["screen", "-ls"])
    assert walked.understood and walked.rest is None


def test_an_unknown_substitution_effect_is_refused_when_the_spec_is_built() -> None:
    with pytest.raises(SpecError):
        Spec("x", options={"-i": "flag>read=frob"}).options  # noqa: B018 (options compile on first use)


def test_an_optional_operand_takes_at_most_one_word() -> None:
    spec = Spec("split", operands="read write?")
    assert walk(spec, ["split", "big", "part-"]).understood
    assert not walk(spec, ["split", "segments", "delete", "beta-users"]).understood


def test_a_missing_delete_operand_is_not_understood_unless_help_is_asked() -> None:
    spec = Spec("rm", options={"-r -f": "flag", "--help": "flag"}, operands="delete+")
    assert not walk(spec, ["rm", "-rf"]).understood
    assert walk(spec, ["rm", "--help"]).understood
    assert walk(Spec("mkdir", operands="write+"), ["mkdir"]).understood  # an error, not an effect
