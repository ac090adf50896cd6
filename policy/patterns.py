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

# (base, regex, include): base is "home", "root" or "project"
Compiled = list[tuple[str, str, bool]]


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
        if base == "project" and not anchored:
            base = "anywhere"
        compiled.append((base, regex, bool(include)))
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


def matches(compiled: Compiled, path: str, home: str, project: str | None) -> bool:
    """Last matching pattern wins, as in .gitignore."""
    result = False
    for base, regex, include in compiled:
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
        # A path may be a directory: `.ssh` is matched by `.ssh/**` too.
        compiled_regex = _regex(regex)
        if compiled_regex.match(rel) or compiled_regex.match(rel + "/"):
            result = include
    return result
