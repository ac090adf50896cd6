"""Path patterns: the string tests that replace most regular expressions say exactly what the regex says."""

from __future__ import annotations

import re

import pytest
from hookward.policy.knowledge import paths as kpaths
from hookward.policy.patterns import _fast_match, compile_patterns, fast_form, matches

HOME = "/home/u"
PROJECT = "/home/u/work/app"

SAMPLES = [
    "/home/u/.aws",
    "/home/u/.aws/credentials",
    "/home/u/.AWS/Credentials",
    "/home/u/.ssh/id_rsa",
    "/home/u/.ssh/id_rsa.pub",
    "/home/u/.ssh/known_hosts",
    "/home/u/work/app/.env",
    "/home/u/work/app/.env.example",
    "/home/u/work/app/.env.local",
    "/home/u/work/app/config/prod.env",
    "/home/u/work/app/certs/server.pem",
    "/home/u/work/app/certs/server.pem/inner",
    "/home/u/work/app/src/main.py",
    "/home/u/work/app/.git/hooks/pre-commit",
    "/home/u/work/app/.git/config",
    "/home/u/.cache/huggingface/token",
    "/home/u/.cache/pip/x",
    "/home/u/.config/google-chrome/Default/Login Data",
    "/home/u/.my.cnf",
    "/home/u/.my.cnfx",
    "/etc/shadow",
    "/etc/shadowx",
    "/etc/ssh/ssh_host_rsa_key",
    "/proc/1/environ",
    "/tmp/id_rsa",
    "/tmp/x.PEM",
    "/tmp/service-account-prod.json",
    "/opt/pem",
    "/home/u/.bashrc",
    "/home/u/.config/fish/config.fish",
]


def _regex_only(compiled, path: str) -> bool:
    result = False
    for base, regex, include, _fast in compiled:
        rel = {
            "home": path[len(HOME) + 1 :] if path.startswith(HOME + "/") else None,
            "root": path.lstrip("/"),
            "project": path[len(PROJECT) + 1 :] if path.startswith(PROJECT + "/") else None,
            "anywhere": path.lstrip("/"),
        }[base]
        if not rel:
            continue
        if re.match(regex, rel) or re.match(regex, rel + "/"):
            result = include
    return result


TABLES = {
    "credentials": kpaths.CREDENTIALS,
    "persistence": kpaths.PERSISTENCE,
    "home-harmless": [("harmless", "harmless", kpaths.HOME_HARMLESS)],
}


@pytest.mark.parametrize("table", sorted(TABLES))
def test_fast_path_tests_agree_with_the_gitignore_regex_on_every_builtin_pattern(table) -> None:
    for _gid, _label, lines in TABLES[table]:
        for folded in (False, True):
            compiled = [
                (base, ("(?i)" if folded else "") + regex, include, fast)
                for base, regex, include, fast in compile_patterns(lines)
            ]
            for path in SAMPLES:
                assert matches(compiled, path, HOME, PROJECT) == _regex_only(compiled, path), (lines, path, folded)


def test_most_builtin_patterns_need_no_regular_expression() -> None:
    compiled = [entry for _g, _l, lines in kpaths.CREDENTIALS + kpaths.PERSISTENCE for entry in compile_patterns(lines)]
    fast = sum(1 for entry in compiled if entry[3] is not None)
    assert fast / len(compiled) > 0.8, f"{fast} of {len(compiled)}"


@pytest.mark.parametrize(
    ("body", "anchored", "form"),
    [
        (".aws/**", True, ["under", ".aws"]),
        ("etc/shadow", True, ["under", "etc/shadow"]),
        ("id_rsa", False, ["name", "id_rsa"]),
        ("*.pem", False, ["suffix", ".pem"]),
        (".env.*", False, ["prefix", ".env."]),
        ("service-account*.json", False, None),
        ("proc/*/environ", True, None),
        ("build/", False, None),
    ],
)
def test_fast_forms_are_only_taken_for_plain_shapes(body, anchored, form) -> None:
    assert fast_form(body, anchored) == form


def test_a_suffix_test_looks_at_every_path_component() -> None:
    assert _fast_match(["suffix", ".pem"], "certs/server.pem/inner", False)
    assert not _fast_match(["suffix", ".pem"], "certs/pem", False)
