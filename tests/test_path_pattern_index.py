"""The index a long-lived process builds for a path-pattern list answers exactly what the plain scan answers."""

from __future__ import annotations

import pytest
from hookward.policy import patterns
from hookward.policy.knowledge import paths as kpaths
from hookward.policy.patterns import _Index, _scan, compile_patterns, matches

HOME = "/home/u"
PROJECT = "/home/u/work/app"

TABLES = {
    "credentials": kpaths.CREDENTIALS,
    "persistence": kpaths.PERSISTENCE,
    "home-harmless": [("harmless", "harmless", kpaths.HOME_HARMLESS)],
}


def _paths_for(compiled) -> list[str]:  # type: ignore[no-untyped-def]
    """For every entry: paths its literal names, under each base, nested, case-changed, and near misses."""
    out = {"/", HOME, PROJECT, "/etc/passwd", "/tmp/x"}
    for entry in compiled:
        fast = entry[3] if len(entry) > 3 else None
        literal = fast[1] if fast else "x"
        for variant in {literal, literal.upper(), literal.capitalize(), literal + "x", literal[:-1] or "y"}:
            for base in (HOME, PROJECT, "", "/home/bob", "/tmp"):
                out.add(f"{base}/{variant}")
                out.add(f"{base}/{variant}/inner")
                out.add(f"{base}/dir/{variant}")
                out.add(f"{base}/dir/pre{variant}")
                out.add(f"{base}/dir/{variant}post/z")
    return sorted(out)


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("folded", [False, True])
def test_the_index_finds_the_same_last_matching_pattern_as_the_scan_for_every_builtin_list(table, folded) -> None:  # type: ignore[no-untyped-def]
    for _gid, _label, lines in TABLES[table]:
        compiled = [
            (base, ("(?i)" if folded else "") + regex, include, fast)
            for base, regex, include, fast in compile_patterns(lines)
        ]
        index = _Index(compiled)
        for path in _paths_for(compiled):
            assert index.matches(path, HOME, PROJECT) == _scan(compiled, path, HOME, PROJECT), (lines, path, folded)


def test_a_negation_after_a_match_wins_through_the_index_as_in_gitignore() -> None:
    compiled = compile_patterns([".ssh/**", "!.ssh/known_hosts", "*.pem", "!public.pem", "~/.aws/**"])
    index = _Index(compiled)
    cases = {
        f"{PROJECT}/.ssh/id_rsa": True,
        f"{PROJECT}/.ssh/known_hosts": False,
        f"{PROJECT}/certs/server.pem": True,
        f"{PROJECT}/certs/public.pem": False,
        f"{HOME}/.aws/credentials": True,
        f"{HOME}/.awsx/credentials": False,
    }
    for path, expected in cases.items():
        assert index.matches(path, HOME, PROJECT) is expected, path
        assert _scan(compiled, path, HOME, PROJECT) is expected, path


def test_matches_indexes_a_list_only_after_it_was_used_a_few_times(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(patterns, "_INDEXES", {})
    compiled = compile_patterns(["id_rsa", "*.pem"])
    for _ in range(patterns._INDEX_AFTER_USES):
        assert matches(compiled, "/tmp/id_rsa", HOME, PROJECT)
        assert patterns._INDEXES[id(compiled)][1] is None
    assert matches(compiled, "/tmp/a.pem", HOME, PROJECT)
    assert isinstance(patterns._INDEXES[id(compiled)][1], _Index)
    assert not matches(compiled, "/tmp/a.txt", HOME, PROJECT)
