"""The fast path for simple lists and pipelines (`a | b`, `a && b`, `a; b`, wholly quoted words) builds exactly
the tree bashlex builds, and analysis through it gives exactly the commands and findings the bashlex path gives:
a parser differential is a way around the gate, so every line the fast path takes is checked against bashlex."""

from __future__ import annotations

import json
import random
from pathlib import Path

import bashlex
import pytest
from hookward.policy import budget, shell
from hookward.policy.shell import analyze, simple_list_tree

REPO = Path(__file__).resolve().parents[1]


def _corpus_commands() -> list[str]:
    files = sorted((REPO.parent / "shared" / "corpora").glob("*.jsonl")) + [
        REPO / "tests" / "corpora" / "routine.jsonl"
    ]
    commands = []
    for path in files:
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                command = json.loads(line).get("command")
                if isinstance(command, str):
                    commands.append(command)
    return commands


_WORDS = [
    "ls",
    "-la",
    "src/x.py",
    "git",
    "status",
    "grep",
    "-rn",
    "TODO",
    "sort",
    "head",
    "-20",
    "a=b",
    "%1",
    "x,y",
    "'x y'",
    '"p|q"',
    "'a;b'",
    '"~/x"',
    "'*.py'",
    '"(b) #1"',
    "'{}'",
    '"a&&b"',
    "if",
    "time",
    "then",
    "x=1",
    "'if'",
    "'a=b'",
    "''",
    "'a'b",
    "a'b'",
    '"é"',
    "~/x",
    "*.py",
    "$HOME",
    "a\\ b",
    "!x",
    "#c",
    "(a)",
    "{a}",
    "[a]",
    "cd",
    "..",
    "rm",
    "-rf",
    "build",
    "echo",
    "sh",
    "-c",
    "'ls | wc'",
    "xargs",
    "cat",
    "find",
    ".",
    "-name",
    "HEAD~1",
    "A=~/x",
    "_x=1",
    "1a=b",
    "a+=1",
    "A=b=c",
    "PATH=/tmp",
    "LD_PRELOAD=x.so",
    "a?b",
    "[ab]c",
    "[",
    "]",
    "]]",
    "a]]",
    "{a,b}",
    "x{1..3}",
    "{}",
    "+",
    "{",
    "}",
    "a{b",
    "a[",
    "*",
    "/tmp/*",
    "?(x)",
    "@(a)",
    "x[1]=y",
    "~",
    "~/",
    "~/.ssh/id_rsa",
    "~root/x",
    "~+",
    "~-/x",
    "~~/x",
    "~/a~b",
    "> ~/x",
    "'~/q'",
    "~/.a:~/b",
    "a~",
    "a:~/x",
    "x=~",
    "~~",
    '"it\'s"',
    "'say \"hi\"'",
    "\"a 'b' c\"",
    "'\"'",
    "> f",
    ">f",
    ">> log",
    "< in.txt",
    "2> /dev/null",
    "2>/dev/null",
    "2>&1",
    "1>&2",
    ">&2",
    "0<f",
    "9>f",
    "10>f",
    "2>&12",
    "> 'a b'",
    '>"o"',
    ">|f",
    "&>f",
    ">&f",
    "<>f",
    "<<EOF",
    "<<<x",
    ">(x)",
    "<(x)",
    ">",
    "2>",
    "a2>f",
    "x>y",
    "[[ a ]]",
    '"[[ a ]]"',
    "\"<<'E'\"",
]
_OPERATORS = [" | ", "|", " || ", "||", " && ", "&&", "; ", ";", " ; ", " |& ", " & ", ";;", " | | ", "\n", "\t"]


def _generated(count: int) -> list[str]:
    rng = random.Random(13)
    lines = []
    for _ in range(count):
        parts = []
        for index in range(rng.randint(1, 4)):
            if index:
                parts.append(rng.choice(_OPERATORS))
            parts.append(" ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 4))))
        line = "".join(parts)
        line = rng.choice(["", " ", "  "]) + line + rng.choice(["", " ", ";", " ;", " |", " &&"])
        lines.append(line)
    return lines


def _same_tree(ours, theirs, line: str) -> None:  # type: ignore[no-untyped-def]
    assert ours.kind == theirs.kind, (line, ours, theirs.dump())
    assert tuple(ours.pos) == tuple(theirs.pos), (line, ours, theirs.dump())
    if ours.kind in ("word", "assignment"):
        assert ours.word == theirs.word, (line, ours, theirs.dump())
        theirs_parts = getattr(theirs, "parts", None) or []
        assert len(ours.parts) == len(theirs_parts), (line, ours, theirs.dump())
        for mine, other in zip(ours.parts, theirs_parts, strict=True):
            assert (mine.kind, tuple(mine.pos), mine.value) == ("tilde", tuple(other.pos), other.value), line
            assert other.kind == "tilde", (line, theirs.dump())
    elif ours.kind == "operator":
        assert ours.op == theirs.op, (line, ours, theirs.dump())
    elif ours.kind == "pipe":
        assert ours.pipe == theirs.pipe, (line, ours, theirs.dump())
    elif ours.kind == "redirect":
        assert ours.type == theirs.type, (line, ours, theirs.dump())
        assert ours.input == getattr(theirs, "input", None), (line, ours, theirs.dump())
        assert not getattr(theirs, "heredoc", None), (line, theirs.dump())
        if isinstance(ours.output, int):
            assert ours.output == theirs.output, (line, ours, theirs.dump())
        else:
            assert not isinstance(theirs.output, int), (line, ours, theirs.dump())
            _same_tree(ours.output, theirs.output, line)
    else:
        assert len(ours.parts) == len(theirs.parts), (line, ours, theirs.dump())
        for mine, other in zip(ours.parts, theirs.parts, strict=True):
            _same_tree(mine, other, line)


def _check_against_bashlex(line: str) -> bool:
    """True when the fast path takes the line (and then its tree is bashlex's)."""
    tree = simple_list_tree(line)
    if tree is None:
        return False
    trees = bashlex.parse(line)  # a line the fast path takes must parse: raising here fails the test
    assert len(trees) == 1, line
    _same_tree(tree, trees[0], line)
    return True


def test_every_corpus_line_the_fast_path_takes_gets_bashlex_s_tree() -> None:
    taken = sum(_check_against_bashlex(line) for line in _corpus_commands())
    assert taken >= 50  # the corpora do hold pipelines, lists and quoted words (about 600 in all)


def test_every_generated_line_the_fast_path_takes_gets_bashlex_s_tree() -> None:
    taken = sum(_check_against_bashlex(line) for line in _generated(8000))
    assert taken >= 300


def _account(line: str, cwd: str, home: str) -> list:  # type: ignore[type-arg]
    analysis = analyze(line, cwd, home)
    commands = [
        (
            c.argv,
            sorted(c.unresolved),
            c.assigns,
            c.wrappers,
            [(r.op, r.target, r.resolved) for r in c.redirects],
            [p.argv for p in c.piped_from],
            c.text,
            c.remote,
            c.unknown_args,
            c.inline_code,
            c.stdin_literal,
            sorted(c.fed_by),
            c.cwd,
            c.fed_paths,
        )
        for c in analysis.commands
    ]
    return [commands, [(f.kind, f.detail, f.text) for f in analysis.findings]]


def test_analysis_through_the_fast_path_equals_analysis_through_bashlex(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    home, project = str(tmp_path / "home"), str(tmp_path / "project")
    lines = [line for line in _corpus_commands() + _generated(3000) if simple_list_tree(line) is not None]
    fast = [_account(line, project, home) for line in lines]
    monkeypatch.setattr(shell, "simple_list_tree", lambda _line: None)
    slow = [_account(line, project, home) for line in lines]
    for line, mine, theirs in zip(lines, fast, slow, strict=True):
        assert mine == theirs, line
    assert len(lines) >= 300
    # Redirects to files and between descriptors are among them, in the generated lines alone (the shared
    # corpora beside the repository are not there in every checkout, e.g. CI's clean clone).
    generated = [line for line in _generated(3000) if simple_list_tree(line) is not None]
    assert sum(_has_redirect(simple_list_tree(line)) for line in generated) >= 80


def _has_redirect(node) -> bool:  # type: ignore[no-untyped-def]
    return node.kind == "redirect" or any(_has_redirect(part) for part in node.parts)


def _tokens_charged(line: str) -> int:
    meter = budget.Budget(max_tokens=10**9)
    analyze(line, "/nonexistent/project", "/nonexistent/home", meter=meter)
    return meter.tokens


def test_the_fast_path_charges_the_tokens_bashlex_reads(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    lines = [
        line
        for line in _corpus_commands() + _generated(3000)
        if simple_list_tree(line) is not None and shell._trivial_argv(line) is None
    ]
    fast = [_tokens_charged(line) for line in lines]
    monkeypatch.setattr(shell, "simple_list_tree", lambda _line: None)
    slow = [_tokens_charged(line) for line in lines]
    for line, mine, theirs in zip(lines, fast, slow, strict=True):
        assert mine == theirs, line
    generated = set(_generated(3000))  # counted without the shared corpora, which a clean clone lacks
    assert sum(_has_redirect(simple_list_tree(line)) for line in lines if line in generated) >= 80


@pytest.mark.parametrize(
    "line",
    [
        "a &",  # background: not a list this path reads
        "a | ",  # bash reads on for the rest of the pipeline
        "a && ",
        "; a",
        "a ;; b",  # a case terminator outside case: a syntax error
        "a | | b",
        "a |& b",
        "time a | b",  # times the whole pipeline
        "if true; then a; fi",
        "x=1",  # assignments alone
        "a=1 b=2",
        "> f x=1 a",  # bashlex reads a word after a redirect
        "x+=1 a",
        "echo { x=1",  # bashlex: an assignment after a bare brace
        "echo } x=1",
        "a 'b'c",  # part quoted, part bare
        "a ''",
        "a $(b) | c",
        "a &> f; b",
        "a >& f",
        "a >| f",
        "a 2>",
        "a > | b",
        "a > > f",
        "> f",  # redirects alone
        "2>&1",
        "a x>f",
        "a <<EOF",
        "a <<< x",
        "a > >(b)",
        "a 2>&1 &",
        "echo '[[ x ]]'",
        "a \"<<'E'\"",
        "a\nb",
        "a\tb",
        "a 'é'",
        'a "$HOME" | b',
        "a 'x\\y'",
    ],
)
def test_lines_with_anything_else_go_to_bashlex(line: str) -> None:
    assert simple_list_tree(line) is None
