"""The protection table finds a path's places through an index (Table.hits), not by testing every place:
the index must give exactly what testing every place gives (Table._hits_by_scan), in the table's order."""

from __future__ import annotations

import random

from hookward.policy import protection


def _table(home: str) -> protection.Table:
    places = [
        protection.Place("abs file", "abs", "/etc/hookward/policy.toml"),
        protection.Place("abs tree", "abs", "/etc/hookward/**"),
        protection.Place("home file", "home", ".claude/settings.json"),
        protection.Place("home tree", "home", ".config/hookward/**"),
        protection.Place("home glob", "home", ".claude/settings*.json"),
        protection.Place("suffix file", "suffix", ".git/hooks/pre-commit"),
        protection.Place("suffix tree", "suffix", ".git/hooks/**"),
        protection.Place("suffix one-word tree", "suffix", ".husky/**"),
        protection.Place("suffix glob", "suffix", "**/.github/hooks/*.json"),
        protection.Place("name", "name", ".hookward"),
        protection.Place("duplicate name", "name", ".hookward"),
    ]
    return protection.Table(places, home)


WORDS = [
    "",
    "etc",
    "hookward",
    "policy.toml",
    ".claude",
    "settings.json",
    "settings.local.json",
    ".config",
    ".git",
    "hooks",
    "pre-commit",
    ".husky",
    ".github",
    "x.json",
    ".hookward",
    ".HOOKWARD",
    "home",
    "u",
    "Ünï",
    "\u017fettings.json",
]


def test_the_index_agrees_with_testing_every_place_for_every_kind_of_place():
    random.seed(13)
    for home in ("/home/u", "/", "/home/u/"):
        table = _table(home)
        starts = ["/", "//", "", "/home/u/", "/home/u", "/w/p/"]
        hit = 0
        for _ in range(20_000):
            path = random.choice(starts) + "/".join(random.choice(WORDS) for _ in range(random.randint(0, 6)))
            if random.random() < 0.1:
                path += "/"
            found = table.hits(path)
            assert found == table._hits_by_scan(path), path
            hit += bool(found)
        assert hit > 1000  # the paths reach the places, so the agreement says something


def test_a_path_under_a_tree_and_a_file_of_it_returns_both_in_table_order():
    table = _table("/home/u")
    labels = [place.label for place in table.hits("/w/p/.git/hooks/pre-commit")]
    assert labels == ["suffix file", "suffix tree"]
    assert [place.label for place in table.hits("/w/.hookward/a/.hookward")] == ["name", "duplicate name"]
    assert [place.label for place in table.hits("/etc/hookward/policy.toml")] == ["abs file", "abs tree"]
    assert table.hits("/etc/hookwardx/policy.toml") == []


def test_the_shipped_table_agrees_with_testing_every_place(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    table = protection.places(str(tmp_path))
    words = sorted({piece.replace("*", "x") for place in table.places for piece in place.glob.split("/")})
    random.seed(14)
    for _ in range(20_000):
        start = random.choice(["/", str(tmp_path) + "/", "/w/p/"])
        path = start + "/".join(random.choice(words) for _ in range(random.randint(0, 5)))
        assert table.hits(path) == table._hits_by_scan(path), path
