"""The shipped bashlex tables and the parser-skipping fast path must not change what is parsed."""

from __future__ import annotations

import json

from hookward.policy import bashlex_fast
from hookward.policy.shell import _trivial_argv
from hypothesis import given, settings
from hypothesis import strategies as st


def test_shipped_tables_fit_the_installed_bashlex():
    with open(bashlex_fast.TABLES_FILE, encoding="utf-8") as handle:
        shipped = json.load(handle)
    assert shipped["key"] == bashlex_fast.grammar_key(), "bashlex changed: regenerate policy/data/bashlex_tables.json"
    fresh = bashlex_fast.build_tables()
    assert len(shipped["productions"]) == len(fresh["productions"])
    assert [p[0] for p in shipped["productions"]] == [p[0] for p in fresh["productions"]]


def test_fast_loaded_parser_parses_like_the_original():
    bashlex_fast.load()
    import bashlex

    tree = bashlex.parse("a=$(curl x) && cat <<EOF | sh\nrm -rf /\nEOF\n")
    dump = "\n".join(t.dump() for t in tree)
    assert "CommandsubstitutionNode" in dump and "HeredocNode" in dump and "PipelineNode" in dump


_trivial_words = st.text(alphabet="abcxyz019_./:=@%+,-", min_size=1, max_size=8)


@settings(max_examples=200, deadline=None)
@given(st.lists(_trivial_words, min_size=1, max_size=5))
def test_trivial_fast_path_splits_exactly_like_bashlex(words):
    command = " ".join(words)
    fast = _trivial_argv(command)
    if fast is None:
        return
    bashlex_fast.load()
    import bashlex

    try:
        (tree,) = bashlex.parse(command)
    except Exception:
        # bashlex refuses it: then the fast path must not have taken it either
        raise AssertionError(f"fast path took a command bashlex cannot parse: {command!r}") from None
    assert tree.kind == "command"
    assert [part.word for part in tree.parts if part.kind == "word"] == fast
