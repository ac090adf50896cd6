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
    return _regex_matches(regex, rel)


def _regex_matches(regex: str, rel: str) -> bool:
    # A path may be a directory: `.ssh` is matched by `.ssh/**` too.
    if not _may_match(regex, rel):
        return False
    compiled_regex = _regex(regex)
    return bool(compiled_regex.match(rel) or compiled_regex.match(rel + "/"))


# regex text -> the literal every match contains ("" when none is sure), lower-cased for a (?i) regex.
_LITERALS: dict[str, str] = {}


def _may_match(regex: str, rel: str) -> bool:
    """False only when the regex cannot match `rel` or `rel/`: it needs a literal that is not there. No regex
    is compiled for that (compiling the ~40 regex-only patterns cost a hook call milliseconds, and most paths
    name none of their literals). Only for an ASCII path: (?i) matching folds some other letters into ASCII
    ones (the long s into s), which lower() does not."""
    literal = _LITERALS.get(regex)
    if literal is None:
        literal = _LITERALS[regex] = required_literal(regex)
    if not literal or not rel.isascii():
        return True
    if regex.startswith("(?i)"):
        rel = rel.lower()
    return literal in rel + "/"


def required_literal(regex: str) -> str:
    """The longest run of plain characters that every string `regex` matches contains, or "" when none is sure.

    Read from the regex text pathspec writes: outside any group, a letter, digit, `_` or `/`, or an escaped
    non-alphanumeric character (`\\.`, `\\-`), is itself, unless a quantifier follows it; anything else (a
    class, `.`, a group, an anchor) ends a run. A `|` outside a group makes nothing sure. Only ASCII; lower-cased
    for a (?i) regex."""
    folded = regex.startswith("(?i)")
    text = regex[4:] if folded else regex
    runs: list[str] = []
    run: list[str] = []
    depth = 0
    i = 0
    while i < len(text):
        char = text[i]
        literal: str | None = None
        width = 1
        if char == "\\":
            if i + 1 >= len(text):
                return ""
            width = 2
            escaped = text[i + 1]
            if escaped.isascii() and not escaped.isalnum():
                literal = escaped  # `\\d`, `\\A`, `\\b` are classes and anchors
        elif char.isascii() and (char.isalnum() or char in "_/"):
            literal = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return ""
        elif char == "|" and depth == 0:
            return ""
        elif char == "[":
            # a class: skip to its closing bracket (a `]` first, or after `^`, is a member)
            j = i + 1
            if j < len(text) and text[j] == "^":
                j += 1
            if j < len(text) and text[j] == "]":
                j += 1
            while j < len(text) and text[j] != "]":
                j += 2 if text[j] == "\\" else 1
            if j >= len(text):
                return ""
            width = j + 1 - i
        quantified = i + width < len(text) and text[i + width] in "?*+{"
        if literal is not None and depth == 0 and not quantified:
            run.append(literal)
        elif run:
            runs.append("".join(run))
            run = []
        i += width
    if depth != 0:
        return ""
    if run:
        runs.append("".join(run))
    best = max(runs, key=len, default="")
    return best.lower() if folded else best


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


def matching_groups(groups: list[tuple], path: str, home: str, project: str | None) -> list[tuple]:
    """The groups whose compiled list (each group's last item: `(id, label, compiled)` as in a compiled
    policy's `credentials` and `persistence`) matches the path, in their order: exactly
    `[g for g in groups if matches(g[-1], path, home, project)]`.

    Used more than a couple of times in a process, the groups get one index (_GroupIndex) for all their
    lists: each of the path's relative forms is computed once, and one set of dictionary lookups finds the
    candidates of every list, instead of a lookup set per list."""
    found = _GROUP_INDEXES.get(id(groups))
    if found is not None and found[0] is groups and found[1] is not None and found[2] == len(groups):
        return found[1].matching(path, home, project)
    uses = 1 if found is None or found[0] is not groups else found[3] + 1
    if uses > _INDEX_AFTER_USES:
        index = _GroupIndex(groups)
        _GROUP_INDEXES[id(groups)] = (groups, index, len(groups), uses)
        return index.matching(path, home, project)
    _GROUP_INDEXES[id(groups)] = (groups, None, len(groups), uses)
    return [group for group in groups if _scan(group[-1], path, home, project)]


# id(groups) -> (the groups, their index or None, their number when indexed, uses so far).
_GROUP_INDEXES: dict[int, tuple[list[tuple], _GroupIndex | None, int, int]] = {}


class _GroupIndex:
    """_Index over several lists at once: the candidates of every list, from one pass over the path.

    A regex-only entry is a candidate unless the literal it needs (required_literal) is missing from an
    ASCII path: the same test _regex_matches makes first, so the candidates stay a superset of the matches.
    Each list's candidates are then tested last first with _entry_matches, as _Index.matches does."""

    __slots__ = ("groups", "plan")

    def __init__(self, groups: list[tuple]) -> None:
        self.groups = groups
        # (base, folded) -> ({kind: {literal or its length: [(group, entry)]}}, [(literal, group, entry)] of the
        # regex-only entries)
        plan: dict[tuple[str, bool], tuple[dict[str, dict], list[tuple[str, int, int]]]] = {}
        for group_number, group in enumerate(groups):
            for number, entry in enumerate(group[-1]):
                fast = entry[3] if len(entry) > 3 else None
                folded = entry[1].startswith("(?i)")
                tables, regexes = plan.setdefault((entry[0], folded), ({}, []))
                if fast is None:
                    regexes.append((required_literal(entry[1]), group_number, number))
                    continue
                kind, literal = fast
                key = literal.lower() if folded else literal
                table = tables.setdefault(kind, {})
                if kind in ("suffix", "prefix"):
                    table.setdefault(len(key), {}).setdefault(key, []).append((group_number, number))
                else:
                    table.setdefault(key, []).append((group_number, number))
        # A suffix or prefix table comes with all its literals as a tuple: str.endswith / startswith test them
        # all at once, and only a part that has one is looked up length by length.
        self.plan = [
            (
                base,
                folded,
                [
                    (kind, table, tuple(key for literals in table.values() for key in literals))
                    if kind in ("suffix", "prefix")
                    else (kind, table, ())
                    for kind, table in tables.items()
                ],
                regexes,
            )
            for (base, folded), (tables, regexes) in plan.items()
        ]

    def matching(self, path: str, home: str, project: str | None) -> list[tuple]:
        found: list[tuple[int, int]] = []
        for base, folded, tables, regexes in self.plan:
            rel = _entry_rel(base, path, home, project)
            if not rel:
                continue
            text = rel.lower() if folded else rel
            parts = text.split("/")
            for kind, table, affixes in tables:
                if kind == "name":
                    for part in parts:
                        hit = table.get(part)
                        if hit:
                            found.extend(hit)
                elif kind == "under":
                    hit = table.get(text)
                    if hit:
                        found.extend(hit)
                    at = text.find("/")
                    while at != -1:
                        hit = table.get(text[:at])
                        if hit:
                            found.extend(hit)
                        at = text.find("/", at + 1)
                elif kind == "suffix":
                    for part in parts:
                        if part.endswith(affixes):
                            for length, literals in table.items():
                                if len(part) >= length:
                                    hit = literals.get(part[len(part) - length :])
                                    if hit:
                                        found.extend(hit)
                else:  # prefix
                    for part in parts:
                        if part.startswith(affixes):
                            for length, literals in table.items():
                                hit = literals.get(part[:length])
                                if hit:
                                    found.extend(hit)
            if regexes:
                if rel.isascii():  # as _may_match: the literal test only for an ASCII path
                    slashed = text + "/"
                    found.extend((group, number) for literal, group, number in regexes if literal in slashed)
                else:
                    found.extend((group, number) for _literal, group, number in regexes)
        if not found:
            return []
        decided: set[int] = set()
        matched: list[int] = []
        for group_number, number in sorted(set(found), reverse=True):
            if group_number in decided:
                continue
            entry = self.groups[group_number][-1][number]
            rel = _entry_rel(entry[0], path, home, project)
            if rel and _entry_matches(entry, rel):
                decided.add(group_number)
                if entry[2]:
                    matched.append(group_number)
        return [self.groups[number] for number in sorted(matched)]


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
        if _regex_matches(regex, rel):
            result = include
    return result
