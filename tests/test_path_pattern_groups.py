"""One index for a policy's whole credential (or persistence) table answers what matching each list answers,
and a regex-only pattern is skipped only when the path lacks a literal every match of it contains."""

from __future__ import annotations

import re

import pytest
from hookward.policy import patterns
from hookward.policy.knowledge import paths as kpaths
from hookward.policy.patterns import _GroupIndex, _scan, compile_patterns, matching_groups, required_literal

HOME = "/home/u"
PROJECT = "/home/u/work/app"

TABLES = {"credentials": kpaths.CREDENTIALS, "persistence": kpaths.PERSISTENCE}


def _groups(table: str, folded: bool) -> list[tuple]:
    return [
        (
            group_id,
            label,
            [
                (base, ("(?i)" if folded and not regex.startswith("(?i)") else "") + regex, include, fast)
                for base, regex, include, fast in compile_patterns(lines)
            ],
        )
        for group_id, label, lines in TABLES[table]
    ]


def _literal_of(entry: tuple) -> str:
    fast = entry[3] if len(entry) > 3 else None
    if fast:
        return fast[1]
    return required_literal(entry[1]) or "x"


def _paths_for(groups: list[tuple]) -> list[str]:
    """For every entry: paths its literal names, under each base, nested, case-changed, near misses, and the
    same with a letter that (?i) matching folds into ASCII (the long s, the Kelvin sign)."""
    out = {"/", HOME, PROJECT, "/etc/passwd", "/tmp/x", f"{HOME}/.ssh/id_rsa.pub", "/proc/1/environ"}
    for _gid, _label, compiled in groups:
        for entry in compiled:
            literal = _literal_of(entry).strip("/") or "x"
            variants = {literal, literal.upper(), literal.capitalize(), literal + "x", literal[:-1] or "y"}
            variants |= {literal.replace("s", "\u017f", 1), literal.replace("k", "\u212a", 1)}
            for variant in variants:
                for base in (HOME, PROJECT, "", "/home/bob", "/tmp"):
                    out.add(f"{base}/{variant}")
                    out.add(f"{base}/{variant}/inner")
                    out.add(f"{base}/{variant}/a.json")
                    out.add(f"{base}/dir/{variant}")
                    out.add(f"{base}/dir/pre{variant}")
                    out.add(f"{base}/dir/{variant}post/z")
    return sorted(out)


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("folded", [False, True])
def test_the_group_index_finds_the_same_groups_as_matching_each_list_for_every_builtin_table(table, folded) -> None:  # type: ignore[no-untyped-def]
    groups = _groups(table, folded)
    index = _GroupIndex(groups)
    for path in _paths_for(groups):
        expected = [group for group in groups if _scan(group[-1], path, HOME, PROJECT)]
        assert index.matching(path, HOME, PROJECT) == expected, (table, path, folded)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_regex_only_pattern_always_contains_its_required_literal_where_it_matches(table) -> None:  # type: ignore[no-untyped-def]
    groups = _groups(table, True)
    paths = _paths_for(groups)
    checked = 0
    for _gid, _label, compiled in groups:
        for entry in compiled:
            if entry[3] is not None:
                continue
            literal = required_literal(entry[1])
            regex = re.compile(entry[1])
            for path in paths:
                rel = path.lstrip("/") if entry[0] in ("root", "anywhere") else None
                if entry[0] == "home" and path.startswith(HOME + "/"):
                    rel = path[len(HOME) + 1 :]
                if entry[0] == "project" and path.startswith(PROJECT + "/"):
                    rel = path[len(PROJECT) + 1 :]
                if not rel or not (regex.match(rel) or regex.match(rel + "/")):
                    continue
                checked += 1
                if rel.isascii():
                    assert literal in rel.lower() + "/", (entry[1], literal, rel)
                else:  # the long s matches s under (?i): no literal test may skip the regex there
                    assert patterns._may_match(entry[1], rel), (entry[1], rel)
    assert checked > 20  # the generated paths do reach the regex-only patterns


def test_the_required_literal_is_only_what_every_match_contains() -> None:
    assert required_literal(r"(?i)^(?:.+/)?\.cargo/config(?:(?P<ps_d>/)|$)") == ".cargo/config"
    assert required_literal(r"(?i)^\.m2/settings[^/]*\.xml(?:(?P<ps_d>/)|$)") == ".m2/settings"
    assert required_literal(r"^abc/Def") == "abc/Def"  # not folded: the case stays
    assert required_literal(r"^ab?cdef") == "cdef"  # a quantified character is not sure
    assert required_literal(r"^abcd|^efgh") == ""  # either side may match
    assert required_literal(r"^(?:abcd|efgh)x") == "x"  # inside a group nothing is sure
    assert required_literal(r"^a\dbc") == "bc"  # \d is a class, not the letter d
    assert required_literal(r"^ab[c\]d]efg") == "efg"  # a class, with an escaped bracket inside, is skipped
    assert required_literal(r"^abc[") == ""  # not a regex pathspec writes: nothing is assumed


def test_a_credential_path_spelled_with_the_long_s_is_still_tested_by_the_regex() -> None:
    base, regex, include, fast = compile_patterns(["~/.ssh/*.pub"])[0]
    assert fast is None  # a regex-only pattern
    groups = [("ssh", "SSH keys", [(base, "(?i)" + regex, include, fast)])]  # folded, as the loader compiles it
    path = f"{HOME}/.\u017fsh/id_rsa.pub"  # (?i) matches the long s as s
    assert _scan(groups[0][2], path, HOME, PROJECT)
    assert _GroupIndex(groups).matching(path, HOME, PROJECT) == groups


def test_matching_groups_indexes_a_table_only_after_it_was_used_a_few_times(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(patterns, "_GROUP_INDEXES", {})
    groups = [("keys", "keys", compile_patterns(["id_rsa", "*.pem"])), ("env", "env files", compile_patterns([".env"]))]
    for _ in range(patterns._INDEX_AFTER_USES):
        assert matching_groups(groups, "/tmp/id_rsa", HOME, PROJECT) == [groups[0]]
        assert patterns._GROUP_INDEXES[id(groups)][1] is None
    assert matching_groups(groups, f"{PROJECT}/.env", HOME, PROJECT) == [groups[1]]
    assert isinstance(patterns._GROUP_INDEXES[id(groups)][1], _GroupIndex)
    assert matching_groups(groups, "/tmp/a.pem", HOME, PROJECT) == [groups[0]]
    assert matching_groups(groups, "/tmp/a.txt", HOME, PROJECT) == []
