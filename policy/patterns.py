"""Gitignore-style path patterns: compiled with pathspec, matched with `re`.

Compiling needs pathspec (slow to import); matching runs on every hook call.
So patterns are turned into regular expressions once, when a policy is
compiled, and the compiled form (plain strings) is cached with the policy.

A pattern is anchored by its prefix: `~/` at the home directory, `/` at the
filesystem root, anything else at the project root — except that a pattern
with no slash matches at any depth (as in .gitignore), which for paths
outside the project means: any file of that name, anywhere.
"""

from __future__ import annotations

import re

# (base, regex, include[, fast]): base is "home", "root", "project" or "anywhere". `fast`, when
# present, is the same test without a regular expression: most patterns are a literal place, a
# file name or a suffix, and compiling ~300 expressions in every hook process costs more than
# the whole rest of a call. The regex stays the definition; a test checks the two agree.
Compiled = list[tuple]

_GLOB = frozenset("*?[]\\!")


def fast_form(body: str, anchored: bool) -> list[str] | None:
    """`.aws/**` -> ["under", ".aws"]; `id_rsa` -> ["name", "id_rsa"]; `*.pem` -> ["suffix", ".pem"]; else None."""
    if anchored:
        literal = body[:-3] if body.endswith("/**") else body
        literal = literal.rstrip("/")
        if literal and not _GLOB & set(literal) and "//" not in literal:
            return ["under", literal]
        return None
    if "/" in body.rstrip("/"):
        return None
    name = body.rstrip("/")
    if body.endswith("/"):
        return None  # a directory-only pattern: keep the exact regex
    if name and not _GLOB & set(name):
        return ["name", name]
    if name.startswith("*") and len(name) > 1 and not _GLOB & set(name[1:]):
        return ["suffix", name[1:]]
    if name.endswith("*") and len(name) > 1 and not _GLOB & set(name[:-1]):
        return ["prefix", name[:-1]]
    return None


def compile_patterns(lines: list[str]) -> Compiled:
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

    compiled: Compiled = []
    for line in lines:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        negate = text.startswith("!")
        body = text[1:] if negate else text
        if body.startswith("~/"):
            base, body = "home", body[2:]
            anchored = True
        elif body.startswith("/"):
            base, body = "root", body[1:]
            anchored = True
        else:
            base = "project"
            anchored = "/" in body.rstrip("/")
        pattern_text = ("/" + body) if anchored else body
        regex, include = GitIgnoreSpecPattern.pattern_to_regex(("!" if negate else "") + pattern_text)
        if regex is None:
            continue
        if base == "project" and (not anchored or body.startswith("**/")):
            base = "anywhere"  # `**/.git/hooks/**`: every repository's, not only this project's
        compiled.append((base, regex, bool(include), fast_form(body, anchored)))
    return compiled


_regex_cache: dict[str, re.Pattern[str]] = {}


def _regex(text: str) -> re.Pattern[str]:
    pattern = _regex_cache.get(text)
    if pattern is None:
        pattern = _regex_cache[text] = re.compile(text)
    return pattern


def _relative(path: str, base_dir: str) -> str | None:
    if not base_dir:
        return None
    base_dir = base_dir.rstrip("/")
    if path == base_dir:
        return ""
    if path.startswith(base_dir + "/"):
        return path[len(base_dir) + 1 :]
    return None


def _fast_match(fast: list[str], rel: str, folded: bool) -> bool:
    kind, literal = fast
    if folded:
        rel, literal = rel.lower(), literal.lower()
    if kind == "under":
        return rel == literal or rel.startswith(literal + "/")
    parts = rel.split("/")
    if kind == "name":
        return literal in parts
    if kind == "suffix":
        return any(part.endswith(literal) for part in parts)
    return any(part.startswith(literal) for part in parts)  # prefix


def matches(compiled: Compiled, path: str, home: str, project: str | None) -> bool:
    """Last matching pattern wins, as in .gitignore.

    A list matched more than a couple of times in a process (a long-lived server, `hookward eval`) gets an
    index (_Index): the entries a path could match are found by dictionary lookups, and only those are
    tested, last first, with the same per-entry test as the plain scan below.
    """
    found = _INDEXES.get(id(compiled))
    if found is not None and found[0] is compiled and found[1] is not None and found[2] == len(compiled):
        return found[1].matches(path, home, project)
    uses = 1 if found is None or found[0] is not compiled else found[3] + 1
    if uses > _INDEX_AFTER_USES:
        index = _Index(compiled)
        _INDEXES[id(compiled)] = (compiled, index, len(compiled), uses)
        return index.matches(path, home, project)
    _INDEXES[id(compiled)] = (compiled, None, len(compiled), uses)
    return _scan(compiled, path, home, project)


def _entry_rel(base: str, path: str, home: str, project: str | None) -> str | None:
    if base == "home":
        return _relative(path, home)
    if base == "project":
        return _relative(path, project or "")
    return path.lstrip("/")  # root, and anywhere (a slash-less pattern, tested against the path from /)


def _entry_matches(entry: tuple, rel: str) -> bool:
    """One entry against the path relative to its base (never None or empty)."""
    regex = entry[1]
    fast = entry[3] if len(entry) > 3 else None
    if fast is not None:
        return _fast_match(fast, rel, regex.startswith("(?i)"))
    # A path may be a directory: `.ssh` is matched by `.ssh/**` too.
    compiled_regex = _regex(regex)
    return bool(compiled_regex.match(rel) or compiled_regex.match(rel + "/"))


# id(list) -> (the list, its index or None, its length when indexed, uses so far). A hook process
# matches each list once or twice: building an index there would cost more than it saves.
_INDEXES: dict[int, tuple[Compiled, _Index | None, int, int]] = {}
_INDEX_AFTER_USES = 2


class _Index:
    """Which entries of a compiled list can match a path, by exact dictionary lookups.

    The candidates are a superset of the entries that match (each lookup is the entry's own test
    turned around: a name is one of the path's parts, a suffix is the end of one, a place is a
    prefix of the path ending at a slash or at its end, each in the entry's own case folding), so
    testing them with _entry_matches, last first, gives exactly what the plain scan gives.
    """

    __slots__ = ("compiled", "rest", "lookups")

    def __init__(self, compiled: Compiled) -> None:
        self.compiled = compiled
        self.rest: list[int] = []  # regular expressions: always candidates
        # (base, kind, folded) -> {literal or its length: [entry indices]}
        self.lookups: dict[tuple[str, str, bool], dict] = {}
        for number, entry in enumerate(compiled):
            fast = entry[3] if len(entry) > 3 else None
            if fast is None:
                self.rest.append(number)
                continue
            kind, literal = fast
            folded = entry[1].startswith("(?i)")
            key = literal.lower() if folded else literal
            table = self.lookups.setdefault((entry[0], kind, folded), {})
            if kind in ("suffix", "prefix"):
                table.setdefault(len(key), {}).setdefault(key, []).append(number)
            else:
                table.setdefault(key, []).append(number)

    def candidates(self, path: str, home: str, project: str | None) -> set[int]:
        found = set(self.rest)
        rels: dict[tuple[str, bool], tuple[str, list[str]] | None] = {}
        for (base, kind, folded), table in self.lookups.items():
            if (base, folded) not in rels:
                rel = _entry_rel(base, path, home, project)
                text = (rel.lower() if folded else rel) if rel else ""
                rels[(base, folded)] = (text, text.split("/")) if text else None
            got = rels[(base, folded)]
            if got is None:
                continue
            text, parts = got
            if kind == "name":
                for part in parts:
                    found.update(table.get(part, ()))
            elif kind == "under":
                found.update(table.get(text, ()))
                at = text.find("/")
                while at != -1:
                    found.update(table.get(text[:at], ()))
                    at = text.find("/", at + 1)
            elif kind == "suffix":
                for length, literals in table.items():
                    for part in parts:
                        if len(part) >= length:
                            found.update(literals.get(part[len(part) - length :], ()))
            else:  # prefix
                for length, literals in table.items():
                    for part in parts:
                        found.update(literals.get(part[:length], ()))
        return found

    def matches(self, path: str, home: str, project: str | None) -> bool:
        compiled = self.compiled
        for number in sorted(self.candidates(path, home, project), reverse=True):
            entry = compiled[number]
            rel = _entry_rel(entry[0], path, home, project)
            if rel and _entry_matches(entry, rel):
                return bool(entry[2])
        return False


def _scan(compiled: Compiled, path: str, home: str, project: str | None) -> bool:
    result = False
    for entry in compiled:
        base, regex, include = entry[0], entry[1], entry[2]
        if base == "home":
            rel = _relative(path, home)
        elif base == "root":
            rel = path.lstrip("/")
        elif base == "project":
            rel = _relative(path, project or "")
        else:  # anywhere: a slash-less pattern, tested against the path from /
            rel = path.lstrip("/")
        if rel is None or rel == "":
            continue
        fast = entry[3] if len(entry) > 3 else None
        if fast is not None:
            if _fast_match(fast, rel, regex.startswith("(?i)")):
                result = include
            continue
        # A path may be a directory: `.ssh` is matched by `.ssh/**` too.
        compiled_regex = _regex(regex)
        if compiled_regex.match(rel) or compiled_regex.match(rel + "/"):
            result = include
    return result
