"""What a sed script does, read the way GNU sed reads it: the files it reads and writes, and whether it runs commands.

`sed -e 1r/etc/shadow`, `sed '/x/r ~/.aws/credentials'`, `sed 's/a/b/w /home/u/.bashrc'` and
`sed --expression='1e id'` hide reads, writes and commands in the script; a pattern over the
script text cannot tell `s/x/write/` (a replacement) from `w file` (a write). This walks the
script command by command: addresses (numbers, `$`, `/re/`, `\\cREc`, `first~step`, ranges, `!`),
then the command letter and what it consumes. Anything it cannot walk is reported as not
understood, never guessed.
"""

from __future__ import annotations

_SIMPLE = frozenset("dDgGhHlnNpPqQxz=F")
_TEXT = frozenset("aic")
_FILE_READ = frozenset("rR")
_FILE_WRITE = frozenset("wW")
_LABEL = frozenset(":btT")


class SedEffects:
    __slots__ = ("reads", "writes", "runs", "understood")

    def __init__(self) -> None:
        self.reads: list[str] = []
        self.writes: list[str] = []
        self.runs = False
        self.understood = True


def _skip_regex(script: str, i: int, delim: str, brackets: bool = True) -> int:
    """Index just past the closing delimiter of a regex that starts after `delim` at i-1; -1 if unclosed.
    A replacement (brackets=False) has no bracket expressions."""
    n = len(script)
    while i < n:
        ch = script[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "\n":
            return -1
        if ch == delim:
            return i + 1
        if ch == "[" and delim != "[" and brackets:
            # a bracket expression may hold the delimiter: skip to its closing ]
            j = i + 1
            if j < n and script[j] == "^":
                j += 1
            if j < n and script[j] == "]":
                j += 1
            while j < n and script[j] != "]":
                j += 1
            i = j + 1 if j < n else j
            continue
        i += 1
    return -1


def _address(script: str, i: int) -> int:
    """Skip one address; -1 if malformed."""
    n = len(script)
    if i < n and script[i].isdigit():
        while i < n and (script[i].isdigit() or script[i] == "~"):
            i += 1
        return i
    if i < n and script[i] == "$":
        return i + 1
    if i < n and script[i] == "/":
        j = _skip_regex(script, i + 1, "/")
        if j < 0:
            return -1
        while j < n and script[j] in "IM":
            j += 1
        return j
    if i + 1 < n and script[i] == "\\":
        j = _skip_regex(script, i + 2, script[i + 1])
        if j < 0:
            return -1
        while j < n and script[j] in "IM":
            j += 1
        return j
    return i


def _rest_of_line(script: str, i: int) -> tuple[str, int]:
    end = script.find("\n", i)
    end = len(script) if end < 0 else end
    return script[i:end], end


def analyze(script: str, effects: SedEffects | None = None) -> SedEffects:
    out = effects or SedEffects()
    i, n = 0, len(script)
    while i < n:
        ch = script[i]
        if ch in " \t\n;}":
            i += 1
            continue
        if ch == "#":
            _text, i = _rest_of_line(script, i)
            continue
        start = i
        i = _address(script, i)
        if i < 0:
            out.understood = False
            return out
        if i < n and script[i] == ",":
            i += 1
            if i < n and script[i] in "+~":
                i += 1
            i = _address(script, i)
            if i < 0:
                out.understood = False
                return out
        while i < n and script[i] in " \t!":
            i += 1
        if i >= n:
            if i > start:
                out.understood = False  # an address without a command
            return out
        cmd = script[i]
        i += 1
        if cmd == "{":
            continue
        if cmd in _SIMPLE:
            while i < n and (script[i].isdigit() or script[i] in " \t"):
                i += 1  # q5, l 70
            continue
        if cmd in _TEXT:
            _text, i = _rest_of_line(script, i)
            # GNU one-liner `a text`; a backslash-newline continues the text onto following lines
            while _text.endswith("\\") and i < n:
                _text, i = _rest_of_line(script, i + 1)
            continue
        if cmd in _LABEL:
            while i < n and script[i] not in ";\n":
                i += 1
            continue
        if cmd in _FILE_READ or cmd in _FILE_WRITE:
            name, i = _rest_of_line(script, i)
            name = name.strip()
            if not name:
                out.understood = False
                return out
            (out.reads if cmd in _FILE_READ else out.writes).append(name)
            continue
        if cmd == "e":
            out.runs = True
            _text, i = _rest_of_line(script, i)
            continue
        if cmd == "v":
            while i < n and script[i] not in ";\n}":
                i += 1
            continue
        if cmd in "sy":
            if i >= n or script[i] in "\n\\":
                out.understood = False
                return out
            delim = script[i]
            j = _skip_regex(script, i + 1, delim)
            if j < 0:
                out.understood = False
                return out
            j = _skip_regex(script, j, delim, brackets=False)
            if j < 0:
                out.understood = False
                return out
            i = j
            if cmd == "s":
                while i < n and script[i] not in ";\n}":
                    flag = script[i]
                    if flag == "w":
                        name, i = _rest_of_line(script, i + 1)
                        if not name.strip():
                            out.understood = False
                            return out
                        out.writes.append(name.strip())
                        break
                    if flag == "e":
                        out.runs = True
                    elif not (flag.isdigit() or flag in "gpiImM \t"):
                        out.understood = False
                        return out
                    i += 1
            continue
        out.understood = False
        return out
    return out


def scripts_of(args: list[str]) -> tuple[list[str], list[str]]:
    """(inline scripts, script files) of a sed command line; the first operand is the script when no -e/-f."""
    scripts: list[str] = []
    files: list[str] = []
    operands: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            operands.extend(args[i + 1 :])
            break
        if arg.startswith("--"):
            name, eq, value = arg.partition("=")
            if len(name) > 3 and "--expression".startswith(name):
                if eq:
                    scripts.append(value)
                elif i + 1 < len(args):
                    scripts.append(args[i + 1])
                    i += 1
            elif len(name) > 3 and "--file".startswith(name):
                if eq:
                    files.append(value)
                elif i + 1 < len(args):
                    files.append(args[i + 1])
                    i += 1
            elif name in ("--line-length", "--l", "--li", "--lin", "--line") and not eq:
                i += 1
            i += 1
            continue
        if arg.startswith("-") and len(arg) > 1:
            j = 1
            while j < len(arg):
                letter = arg[j]
                if letter in "ef":
                    value = arg[j + 1 :]
                    if not value and i + 1 < len(args):
                        value = args[i + 1]
                        i += 1
                    (scripts if letter == "e" else files).append(value)
                    break
                if letter == "l":
                    if not arg[j + 1 :]:
                        i += 1
                    break
                if letter == "i":
                    break  # -i[SUFFIX]: the rest is the suffix
                j += 1
            i += 1
            continue
        operands.append(arg)
        i += 1
    if not scripts and not files and operands:
        scripts.append(operands[0])
        if operands[0] == "" and len(operands) > 1:
            scripts.append(operands[1])  # BSD `sed -i '' SCRIPT`: the empty word was the suffix
    return scripts, files


def effects_of(args: list[str]) -> SedEffects:
    """Everything the inline scripts of a sed command line do (script files are the spec's reads)."""
    effects = SedEffects()
    scripts, _files = scripts_of(args)
    for script in scripts:
        analyze(script, effects)
    return effects
