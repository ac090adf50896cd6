"""Edit agent hosts' config files so that exactly hookward's own entries come and go.

The contract (issue 3):
- install is idempotent: running it twice adds nothing twice;
- uninstall removes exactly what install added: on a config holding user
  content, install then uninstall leaves the file byte-for-byte as it was;
- nothing a user wrote is reformatted: JSON is edited as text at the spans a
  position-tracking parser found (key order, comments, indentation survive);
  TOML and Markdown get one block appended between marker comments and only
  that block is ever removed;
- a config that does not parse is refused, with the reason, and nothing is
  touched; every file changed is first copied to a timestamped backup.

hookward's own entries are recognized by their command string
(`<path>/hookward hook <host> <event>`), never by position.

This module knows no host. `adapters.installers` turns a host's registry facts
into the `Registration`s below; this module plans and applies them.
"""

from __future__ import annotations

import datetime
import difflib
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from json.decoder import scanstring

# ---------------------------------------------------------------------------
# errors


class ConfigError(Exception):
    """A config hookward refuses to edit: unparsable, or not the shape the host reads."""


# ---------------------------------------------------------------------------
# where things live


def state_dir() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(home_dir(), ".local", "state")
    return os.path.join(base, "hookward")


def home_dir() -> str:
    home = os.environ.get("HOME")
    if not home:
        raise ConfigError("HOME is not set; refusing to guess where the user's configs live")
    return home


_VAR = re.compile(
    r"\$\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}|\$(?P<bare>[A-Za-z_][A-Za-z0-9_]*)"
)


def expand_path(template: str, base: str | None = None) -> str:
    """A registry path: `~`, `$VAR`, `${VAR:-default}` expanded; a relative path joined to `base`.

    `${VAR:-default}` takes the default when VAR is unset or empty, as in sh.
    A bare `$VAR` that is unset makes the path unusable: ConfigError.
    """

    def substitute(match: re.Match[str]) -> str:
        name = match.group("braced") or match.group("bare")
        value = os.environ.get(name, "")
        if value:
            return value
        if match.group("default") is not None:
            return expand_home(match.group("default"))
        raise ConfigError(f"path {template!r} needs ${name}, which is not set")

    path = expand_home(_VAR.sub(substitute, template))
    if not os.path.isabs(path):
        if base is None:
            raise ConfigError(f"path {template!r} is relative and no project directory was given")
        path = os.path.join(base, path)
    return os.path.normpath(path)


def expand_home(path: str) -> str:
    if path == "~" or path.startswith("~/"):
        return home_dir() + path[1:]
    return path


# ---------------------------------------------------------------------------
# the hookward command written into configs


def hookward_executable() -> str:
    """The absolute path of the running hookward, so hosts with a reduced PATH still find it."""
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) in ("hookward", "hookward.exe") and os.path.isfile(argv0):
        return os.path.abspath(argv0)
    found = shutil.which("hookward")
    if found:
        return os.path.abspath(found)
    candidate = os.path.join(os.path.dirname(sys.executable), "hookward")
    if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
        return candidate
    raise ConfigError(
        "cannot find the hookward executable (not on PATH, not next to this Python); "
        "install hookward so that `hookward` runs, then install the host again"
    )


# ---------------------------------------------------------------------------
# the launcher: what host configs run, isolated from the project they run in


def data_dir() -> str:
    """$XDG_DATA_HOME/hookward, else ~/.local/share/hookward (a relative XDG path is invalid: ignored)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(home_dir(), ".local", "share")
    return os.path.join(base, "hookward")


def launcher_path() -> str:
    """The launcher every host config calls (part of hookward's own installation: self-protection covers it)."""
    return os.path.join(data_dir(), "bin", "hookward")


HOME_ANCHOR = "$HOME"


def home_anchored(path: str) -> str | None:
    """`path` spelled from `$HOME` ("$HOME/.local/share/hookward/bin/hookward"), or None when it is not under it.

    A project config is committed and read on other machines: it names the launcher from the home
    directory of whoever runs the host, never this machine's absolute path.
    """
    home = os.path.realpath(home_dir())
    real = os.path.realpath(path)
    if real == home or not real.startswith(home.rstrip(os.sep) + os.sep):
        return None
    return HOME_ANCHOR + "/" + os.path.relpath(real, home)


def expand_home_anchor(program: str) -> str:
    """The path a `$HOME/...` program names on this machine (other programs unchanged)."""
    if program.startswith(HOME_ANCHOR + "/"):
        return os.path.join(home_dir(), program[len(HOME_ANCHOR) + 1 :])
    return program


LAUNCHER_SIGNATURE = "# hookward launcher, written by `hookward install`"

# The interpreter runs with -I (no PYTHONPATH, no working directory or script directory on sys.path, no user
# site-packages) and -S (no site: not one .pth file runs, and -I alone would still run them). sys.path is then
# the standard library the interpreter found for itself plus, set here, the directories hookward and its
# dependencies were installed into: nothing a project, a repository or the environment can add.
_LAUNCHER_BODY = """{signature} ({python}); do not edit: hookward protects it.
import sys

sys.path[:] = [entry for entry in sys.path if entry.startswith("/")] + {site_dirs!r}
sys.argv[0] = {launcher!r}
if sys.argv[1:2] == ["hook"]:
    from hookward.warm_client import hook_client

    hook_client()  # a warm server's fork answers and this exits; else the call runs here
from hookward.cli import main

main()
"""

# Linux reads at most 127 bytes of a #! line before 5.1, and splits none of it: a short, space-free
# interpreter path is started directly with `-IS`; any other is started by sh, which execs it.
_POLYGLOT_HEAD = """#!/bin/sh
''''exec {python} -I -S "$0" "$@" # '''
"""


def launcher_text(python: str, site_dirs: list[str], launcher: str) -> str:
    body = _LAUNCHER_BODY.format(signature=LAUNCHER_SIGNATURE, python=python, site_dirs=site_dirs, launcher=launcher)
    if len(python) <= 120 and not re.search(r"\s", python):
        return f"#!{python} -IS\n" + body
    return _POLYGLOT_HEAD.format(python=shlex.quote(python)) + body


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def import_roots() -> list[str]:
    """The sys.path directories hookward and every distribution it requires import from, in sys.path order."""
    from importlib import metadata

    import hookward

    found: set[str] = {os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(hookward.__file__))))}
    seen: set[str] = set()
    stack = ["hookward"]
    while stack:
        name = _normalized(stack.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement for another Python or platform
        found.add(os.path.realpath(str(dist.locate_file(""))))
        for requirement in dist.requires or []:
            if "extra ==" in requirement.partition(";")[2]:
                continue
            stack.append(re.split(r"[\s;\[<>=!~(@]", requirement.strip(), maxsplit=1)[0])
    ordered = [os.path.realpath(entry) for entry in sys.path if entry and os.path.isabs(entry)]
    roots = [entry for entry in dict.fromkeys(ordered) if entry in found]
    return roots + sorted(found - set(roots))


def _inside_repository(path: str) -> str | None:
    """The repository (a directory holding .git) that `path` is in, if any."""
    current = os.path.realpath(path)
    while True:
        if os.path.lexists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _within(path: str, directory: str) -> bool:
    path, directory = os.path.realpath(path), os.path.realpath(directory)
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def environment_problem(paths: list[str], project_dir: str | None, cwd: str | None = None) -> str | None:
    """Why an environment is no place to run the hook from: a project or repository owns it; else None.

    A project can rewrite anything inside it (an agent's ordinary write), so the interpreter, hookward and
    its dependencies must live outside every repository, outside the project being installed into, and
    outside the working directory (unless that is the home directory or an ancestor of it).
    """
    cwd = os.getcwd() if cwd is None else cwd
    home = os.path.realpath(home_dir())
    projects = [project_dir] if project_dir else []
    if not _within(home, cwd):
        projects.append(cwd)
    for path in paths:
        repository = _inside_repository(path)
        if repository is not None:
            return f"{path} is inside the repository {repository}"
        for project in projects:
            if _within(path, project):
                return f"{path} is inside the project {project}"
    return None


ISOLATION_ADVICE = (
    "a hook run from a project's own environment runs whatever that project puts there. "
    "Install hookward into an environment of its own, e.g. "
    "`python3 -m venv ~/.local/share/hookward/venv && ~/.local/share/hookward/venv/bin/pip install hookward` "
    "(or pipx / uv tool), and run `hookward install` from there"
)


@dataclass
class Launcher:
    path: str
    text: str

    @property
    def current(self) -> bool:
        return read_text(self.path) == self.text

    def write(self) -> None:
        if not self.current:
            write_atomic(self.path, self.text, mode=0o755)


def prepare_launcher(*, project_dir: str | None, allow_repository_env: bool = False) -> Launcher:
    """The launcher for the running environment, once that environment is checked to be no project's.

    `allow_repository_env` accepts an environment inside a repository or project (a source checkout under
    test); the launcher still starts isolated. Nothing is written here: `Launcher.write` does.
    """
    python = sys.executable
    if not python or not os.path.isabs(python):
        raise ConfigError("cannot tell which Python runs hookward (sys.executable is empty)")
    roots = import_roots()
    if not allow_repository_env:
        problem = environment_problem([os.path.abspath(sys.prefix), python, *roots], project_dir)
        if problem is not None:
            raise ConfigError(f"refusing to run hooks from this environment: {problem}; {ISOLATION_ADVICE}")
    path = launcher_path()
    return Launcher(path, launcher_text(python, roots, path))


def is_launcher(path: str) -> bool:
    """Whether `path` is a launcher `hookward install` wrote (isolated: -I -S, sys.path set by itself)."""
    text = read_text(path) if os.path.isfile(path) else None
    return text is not None and LAUNCHER_SIGNATURE in text.partition("\nimport sys")[0]


# Exit 127 (command not found), 126 (not executable), 1 (a Python traceback)
# would each let the tool run on an exit-2 host; `|| exit 2` turns every
# non-zero exit into the block, while exit 0 (an answer on stdout, deny
# included) passes through untouched. A host that runs the command without a
# shell passes `|| exit 2` as extra arguments, which `hookward hook` ignores.
FAIL_CLOSED_SUFFIX = " || exit 2"


def hook_command(executable: str, host: str, event: str, *, fail_closed_exit_2: bool) -> str:
    if executable.startswith(HOME_ANCHOR + "/"):
        return anchored_hook_command(executable, host, event)
    command = f"{shlex.quote(executable)} hook {host} {shlex.quote(event)}"
    return command + FAIL_CLOSED_SUFFIX if fail_closed_exit_2 else command


def anchored_hook_command(executable: str, host: str, event: str) -> str:
    """A project hook that runs through the host's shell: the launcher named from `$HOME`, and when it is
    missing (exit 127) a refusal that says how to install hookward; every other failure exits 2 as well."""
    quoted = '"' + executable + '"'  # double quotes: the shell expands $HOME, nothing else is special here
    missing = (
        f"hookward is not installed on this machine ({executable} is missing), so this call is blocked: "
        f"install hookward in an environment of its own (the README's quick start), then run hookward install {host}"
    )
    return (
        f"{quoted} hook {host} {shlex.quote(event)} || "
        f"{{ s=$?; [ $s -eq 127 ] && echo {shlex.quote(missing)} >&2; exit 2; }}"
    )


def is_hookward_command(command: object, host: str, event: str | None = None) -> bool:
    """Whether a command string is hookward's hook for `host` (and `event`, when given).

    The program (first shell word, any directory) must be `hookward`, followed
    by `hook <host>`: `echo hookward hook ...` or `myhookward hook ...` are not ours.
    """
    if not isinstance(command, str):
        return False
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    if len(words) < 4 or os.path.basename(words[0]) not in ("hookward", "hookward.exe"):
        return False
    if words[1] != "hook" or words[2] != host:
        return False
    return event is None or words[3] == event


def command_executable(command: str) -> str | None:
    """The program a hook command starts (its first shell word), or None if it does not split."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    return words[0] if words else None


# ---------------------------------------------------------------------------
# JSON (and JSONC) with source spans


class Node:
    """A JSON value and where it sits in the text: [start, end)."""

    __slots__ = ("kind", "start", "end", "value", "children")

    def __init__(self, kind: str, start: int, end: int, value: object, children: list | None = None) -> None:
        self.kind = kind  # "object" | "array" | "scalar"
        self.start = start
        self.end = end
        self.value = value
        self.children = children if children is not None else []  # Member list or Node list


class Member:
    """One `"key": value` of an object: [start, end) runs from the key to the end of the value."""

    __slots__ = ("key", "start", "end", "node")

    def __init__(self, key: str, start: int, node: Node) -> None:
        self.key = key
        self.start = start
        self.end = node.end
        self.node = node


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
MAX_DEPTH = 200


class _JsonParser:
    def __init__(self, text: str, comments: bool, where: str) -> None:
        self.text = text
        self.comments = comments
        self.where = where
        self.pos = 0

    def fail(self, message: str, pos: int | None = None) -> ConfigError:
        pos = self.pos if pos is None else pos
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return ConfigError(f"{self.where}: not valid JSON{'C' if self.comments else ''} ({message} at {line}:{column})")

    def skip(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n":
                self.pos += 1
            elif self.comments and text.startswith("//", self.pos):
                newline = text.find("\n", self.pos)
                self.pos = len(text) if newline < 0 else newline
            elif self.comments and text.startswith("/*", self.pos):
                close = text.find("*/", self.pos + 2)
                if close < 0:
                    raise self.fail("unterminated comment")
                self.pos = close + 2
            else:
                return

    def document(self) -> Node:
        self.skip()
        node = self.value(0)
        self.skip()
        if self.pos != len(self.text):
            raise self.fail("extra data after the document")
        return node

    def value(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise self.fail("nested too deeply")
        if self.pos >= len(self.text):
            raise self.fail("unexpected end of file")
        char = self.text[self.pos]
        if char == "{":
            return self.object(depth)
        if char == "[":
            return self.array(depth)
        if char == '"':
            start = self.pos
            string = self.string()
            return Node("scalar", start, self.pos, string)
        for literal, meaning in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(literal, self.pos):
                start = self.pos
                self.pos += len(literal)
                return Node("scalar", start, self.pos, meaning)
        match = _NUMBER.match(self.text, self.pos)
        if match and match.end() > self.pos:
            self.pos = match.end()
            number = json.loads(match.group())
            return Node("scalar", match.start(), self.pos, number)
        raise self.fail(f"unexpected {char!r}")

    def string(self) -> str:
        try:
            string, end = scanstring(self.text, self.pos + 1, True)
        except ValueError as error:
            raise self.fail(f"bad string: {error}") from None
        self.pos = end
        return string

    def object(self, depth: int) -> Node:
        start = self.pos
        self.pos += 1
        members: list[Member] = []
        value: dict[str, object] = {}
        self.skip()
        while True:
            if self.pos < len(self.text) and self.text[self.pos] == "}":
                self.pos += 1
                return Node("object", start, self.pos, value, members)
            if self.pos >= len(self.text) or self.text[self.pos] != '"':
                raise self.fail("expected a string key or '}'")
            key_start = self.pos
            key = self.string()
            self.skip()
            if self.pos >= len(self.text) or self.text[self.pos] != ":":
                raise self.fail("expected ':'")
            self.pos += 1
            self.skip()
            node = self.value(depth + 1)
            members.append(Member(key, key_start, node))
            value[key] = node.value
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == ",":
                self.pos += 1
                self.skip()
                if self.pos < len(self.text) and self.text[self.pos] == "}" and not self.comments:
                    raise self.fail("trailing comma")
                continue
            if self.pos < len(self.text) and self.text[self.pos] == "}":
                continue
            raise self.fail("expected ',' or '}'")

    def array(self, depth: int) -> Node:
        start = self.pos
        self.pos += 1
        items: list[Node] = []
        self.skip()
        while True:
            if self.pos < len(self.text) and self.text[self.pos] == "]":
                self.pos += 1
                return Node("array", start, self.pos, [item.value for item in items], items)
            node = self.value(depth + 1)
            items.append(node)
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == ",":
                self.pos += 1
                self.skip()
                if self.pos < len(self.text) and self.text[self.pos] == "]" and not self.comments:
                    raise self.fail("trailing comma")
                continue
            if self.pos < len(self.text) and self.text[self.pos] == "]":
                continue
            raise self.fail("expected ',' or ']'")


def parse_json(text: str, *, comments: bool = False, where: str = "config") -> Node:
    """Parse JSON (JSONC when `comments`: // and /* */ comments, trailing commas) keeping spans."""
    return _JsonParser(text, comments, where).document()


def find(root: Node, path: tuple[str | int, ...]) -> Node | None:
    """The node at `path` (object keys and array indices), or None. A repeated key: the last wins, as in JSON."""
    node: Node | None = root
    for step in path:
        if node is None:
            return None
        if isinstance(step, str):
            if node.kind != "object":
                return None
            hits = [member for member in node.children if member.key == step]
            node = hits[-1].node if hits else None
        else:
            if node.kind != "array" or step >= len(node.children):
                return None
            node = node.children[step]
    return node


def _line_indent(text: str, pos: int) -> str:
    line_start = text.rfind("\n", 0, pos) + 1
    match = re.match(r"[ \t]*", text[line_start:])
    return match.group() if match else ""


def _indent_unit(text: str, root: Node) -> str:
    """The file's indentation step, read off its first indented child; two spaces if none."""
    for child in root.children:
        start = child.start
        if "\n" in text[root.start : start]:
            step = _line_indent(text, start)[len(_line_indent(text, root.start)) :]
            if step:
                return step
        break
    return "  "


def _render(value: object, unit: str, base: str, multiline: bool, newline: str = "\n") -> str:
    if not multiline:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return json.dumps(value, ensure_ascii=False, indent=unit).replace("\n", newline + base)


class JsonEdit:
    """Text edits on one JSON document. Every edit re-parses, so spans are always fresh."""

    def __init__(self, text: str, *, comments: bool, where: str) -> None:
        self.comments = comments
        self.where = where
        self.text = text
        self.root = parse_json(text, comments=comments, where=where)
        self.newline = "\r\n" if "\r\n" in text else "\n"  # write line ends the way the file does

    def _set(self, text: str) -> None:
        self.text = text
        self.root = parse_json(text, comments=self.comments, where=self.where)

    @property
    def value(self) -> object:
        return self.root.value

    def find(self, path: tuple[str | int, ...]) -> Node | None:
        return find(self.root, path)

    def _insert_child(self, container: Node, piece: Callable[[str, str, bool], str]) -> None:
        """Add a child after the last one, in the style (one line or indented lines) the container uses."""
        text = self.text
        unit = _indent_unit(text, self.root)
        kids = container.children
        if kids:
            between = text[container.start + 1 : kids[0].start]
            if "\n" in between:
                indent = _line_indent(text, kids[0].start)
                addition = "," + self.newline + indent + piece(unit, indent, True)
            else:
                addition = ", " + piece(unit, "", False)
            at = kids[-1].end
            self._set(text[:at] + addition + text[at:])
            return
        inside = text[container.start + 1 : container.end - 1]
        multiline = "\n" in text[self.root.start : self.root.end] or container is self.root
        if multiline:
            outer = _line_indent(text, container.start)
            indent = outer + unit
            addition = self.newline + indent + piece(unit, indent, True)
            # `{}` / `{  }`: lay it out on lines, keeping what was inside before the closing brace;
            # an inside that already spans lines (or holds comments) stays as it was, after our child
            new_inside = addition + (inside if "\n" in inside else self.newline + outer + inside)
        else:
            new_inside = piece(unit, "", False) + inside
        self._set(text[: container.start + 1] + new_inside + text[container.end - 1 :])

    def _remove_child(self, container: Node, index: int) -> None:
        text = self.text
        kids = container.children
        child = kids[index]
        if len(kids) == 1:
            head = text[container.start + 1 : child.start]
            rest = text[child.end : container.end - 1]
            if rest.lstrip(" \t\r\n").startswith(","):  # JSONC trailing comma after the only child
                rest = rest.replace(",", "", 1)
            laid_out = self.newline + _line_indent(text, container.start)
            if rest.startswith(laid_out) and "\n" not in rest[len(laid_out) :]:
                rest = rest[len(laid_out) :]  # undo the layout an empty `{}` got when its first child came
            inside = head + rest if head.strip(" \t\r\n") else rest
            self._set(text[: container.start + 1] + inside + text[container.end - 1 :])
        elif index == len(kids) - 1:
            self._set(text[: kids[index - 1].end] + text[child.end :])
        else:
            self._set(text[: child.start] + text[kids[index + 1].start :])

    def place(self, path: tuple[str, ...], item: object, *, into_array: bool) -> list[tuple[str, ...]]:
        """Append `item` to the array at `path` (into_array), or make it the member at `path`.

        Every container on `path` but the last must be an object. Missing
        containers are inserted whole, in one edit, with `item` already inside:
        hookward never fills an empty container of its own making, so removing
        the item and pruning what it created restores the text exactly.
        Returns the paths created.
        """
        depth = 0
        while depth < len(path):
            node = self.find(path[: depth + 1])
            if node is None:
                break
            last = depth == len(path) - 1
            want = ("array" if into_array else None) if last else "object"
            if want is not None and node.kind != want:
                where = ".".join(path[: depth + 1])
                raise ConfigError(f"{self.where}: {where} is {_kind_name(node)}, hookward expected an {want}")
            depth += 1
        if depth == len(path):
            if not into_array:
                raise ConfigError(f"{self.where}: {'.'.join(path)} already exists")
            self.append(path, item)
            return []
        value: object = [item] if into_array else item
        for key in reversed(path[depth + 1 :]):
            value = {key: value}
        self.add_member(path[:depth], path[depth], value)
        return [path[: level + 1] for level in range(depth, len(path) - (0 if into_array else 1))]

    def add_member(self, object_path: tuple[str | int, ...], key: str, value: object) -> None:
        container = self.find(object_path) if object_path else self.root
        if container is None or container.kind != "object":
            raise ConfigError(f"{self.where}: {'.'.join(map(str, object_path)) or 'the document'} is not an object")
        colon = ": "
        if container.children:
            first = container.children[0]
            gap = self.text[first.start : first.node.start]
            key_text = json.dumps(first.key, ensure_ascii=False)
            if gap.startswith(key_text) and gap[len(key_text) :].strip() == ":":
                colon = gap[len(key_text) :]

        def piece(unit: str, indent: str, multiline: bool) -> str:
            return json.dumps(key, ensure_ascii=False) + colon + _render(value, unit, indent, multiline, self.newline)

        self._insert_child(container, piece)

    def append(self, array_path: tuple[str | int, ...], value: object) -> None:
        container = self.find(array_path)
        if container is None or container.kind != "array":
            raise ConfigError(f"{self.where}: {'.'.join(map(str, array_path))} is not an array")
        self._insert_child(
            container, lambda unit, indent, multiline: _render(value, unit, indent, multiline, self.newline)
        )

    def replace(self, path: tuple[str | int, ...], value: object) -> None:
        node = self.find(path)
        if node is None:
            raise ConfigError(f"{self.where}: nothing at {'.'.join(map(str, path))}")
        unit = _indent_unit(self.text, self.root)
        multiline = "\n" in self.text[node.start : node.end] or (
            node.kind != "scalar" and "\n" in self.text[self.root.start : self.root.end]
        )
        rendered = _render(value, unit, _line_indent(self.text, node.start), multiline, self.newline)
        self._set(self.text[: node.start] + rendered + self.text[node.end :])

    def remove(self, path: tuple[str | int, ...]) -> None:
        """Remove the member or element at `path`, with exactly one separating comma."""
        parent = self.find(path[:-1]) if len(path) > 1 else self.root
        if parent is None:
            return
        last = path[-1]
        if isinstance(last, str):
            indices = [i for i, member in enumerate(parent.children) if member.key == last]
            if not indices:
                return
            self._remove_child(parent, indices[-1])
        else:
            self._remove_child(parent, last)

    def prune(self, path: tuple[str, ...], allowed: set[tuple[str, ...]] | None) -> None:
        """Remove the emptied containers along `path`, deepest first, where `allowed` permits it."""
        for depth in range(len(path), 0, -1):
            prefix = path[:depth]
            node = self.find(prefix)
            if node is None or node.kind == "scalar" or node.children:
                return
            if allowed is not None and prefix not in allowed:
                return
            self.remove(prefix)


def _kind_name(node: Node) -> str:
    if node.kind != "scalar":
        return "an " + node.kind if node.kind == "object" else "an array"
    return "a " + type(node.value).__name__


# ---------------------------------------------------------------------------
# text blocks between marker comments (TOML, Markdown)


@dataclass(frozen=True)
class Markers:
    begin: str
    end: str


def toml_markers(host: str) -> Markers:
    return Markers(
        f"# >>> hookward {host}: managed by `hookward install {host}`, removed by `hookward uninstall {host}` >>>",
        f"# <<< hookward {host} <<<",
    )


def markdown_markers(host: str) -> Markers:
    return Markers(
        f"<!-- >>> hookward {host}: managed by `hookward install {host}`, "
        f"removed by `hookward uninstall {host}` >>> -->",
        f"<!-- <<< hookward {host} <<< -->",
    )


def find_block(text: str, markers: Markers) -> tuple[int, int] | None:
    """[start, end) of the marked block: from its begin line to the end of its end line."""
    begin = _find_line(text, markers.begin, 0)
    if begin < 0:
        return None
    end = _find_line(text, markers.end, begin)
    if end < 0:
        raise ConfigError(f"found hookward's begin marker but not its end marker ({markers.end!r}); fix it by hand")
    newline = text.find("\n", end)
    return begin, len(text) if newline < 0 else newline + 1


def _find_line(text: str, line: str, start: int) -> int:
    pos = start
    while True:
        pos = text.find(line, pos)
        if pos < 0:
            return -1
        if (pos == 0 or text[pos - 1] == "\n") and (pos + len(line) == len(text) or text[pos + len(line)] in "\r\n"):
            return pos
        pos += 1


def put_block(text: str, markers: Markers, body: str) -> str:
    """The text with our block holding `body`: replaced in place if present, else appended.

    Appending adds one newline before the block when the text is not empty (it
    ends the user's last line, or leaves one blank line), and removing the
    block takes exactly that newline back, so the round trip is byte-exact.
    """
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = [markers.begin, *body.rstrip("\n").split("\n"), markers.end]
    block = newline.join(lines) + newline
    span = find_block(text, markers)
    if span is not None:
        return text[: span[0]] + block + text[span[1] :]
    return text + (newline if text else "") + block


def drop_block(text: str, markers: Markers) -> str:
    span = find_block(text, markers)
    if span is None:
        return text
    start, end = span
    if text[:start].endswith("\r\n"):
        start -= 2
    elif text[:start].endswith("\n"):
        start -= 1
    return text[:start] + text[end:]


def toml_string(value: str) -> str:
    """A TOML basic string (JSON's escapes are a subset TOML accepts for these characters)."""
    return json.dumps(value, ensure_ascii=False)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    raise ConfigError(f"hookward cannot spell {value!r} in TOML")


def parse_toml(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{where}: not valid TOML ({error})") from None


# ---------------------------------------------------------------------------
# what to register: the data adapters.installers builds per host


@dataclass
class HookEntries:
    """Hook commands in a JSON config, one per event, under `events_at` (e.g. ("hooks",)).

    nested: `<events_at>.<Event>` is a list of matcher groups, each with a
    `hooks` list of command objects (Claude Code's shape); flat: the list
    holds the command objects themselves.
    """

    file: str
    host: str
    entries: dict[str, dict]  # event -> the command object to register
    command_field: str = "command"
    nested: bool = True
    group: dict = field(default_factory=dict)  # nested only: the group's other fields, e.g. {"matcher": "*"}
    events_at: tuple[str, ...] = ("hooks",)
    skeleton: dict = field(default_factory=dict)  # a brand-new file's content besides the hooks
    comments: bool = False  # the host reads JSONC


@dataclass
class TomlHookTables:
    """`[[hooks]]` array tables in a TOML config, inside one marked block."""

    file: str
    host: str
    tables: list[dict]  # each: event, command, ... in the order the host documents
    array: str = "hooks"
    command_field: str = "command"


@dataclass
class JsonMember:
    """One named member of an object in a JSON config (an MCP server entry, a plugin switch)."""

    file: str
    host: str
    object_at: tuple[str, ...]
    key: str
    value: dict
    comments: bool = False
    skeleton: dict = field(default_factory=dict)
    owned_by_key: bool = False  # the key alone names hookward (a plugin id), whatever the value


@dataclass
class JsonArrayItem:
    """One string in a JSON array (a plugin list entry)."""

    file: str
    host: str
    array_at: tuple[str, ...]
    item: str
    comments: bool = False
    skeleton: dict = field(default_factory=dict)
    only_if_present: bool = False  # add to the array only when the user keeps one (an allowlist)


@dataclass
class OwnedFile:
    """A whole file hookward owns (a plugin shim). Never overwrites a file hookward did not write."""

    file: str
    host: str
    content: str
    signature: tuple[str, ...]  # texts that together identify the file as hookward's


@dataclass
class MarkedText:
    """A block of text between marker comments (instructions for MCP-only hosts, TOML tables)."""

    file: str
    host: str
    body: str
    markdown: bool = True


@dataclass
class JsonSetting:
    """One scalar setting at `at` in a JSON config (a managed file's `allowManagedHooksOnly: true`).

    Install sets it only where it is absent; a different value already there is the administrator's
    choice and is refused, never flipped. Uninstall removes it only when install created it.
    """

    file: str
    host: str
    at: tuple[str, ...]
    value: object
    comments: bool = False
    skeleton: dict = field(default_factory=dict)


Registration = HookEntries | TomlHookTables | JsonMember | JsonArrayItem | OwnedFile | MarkedText | JsonSetting


# ---------------------------------------------------------------------------
# planning: from registrations to the exact new text of each file


@dataclass
class FileChange:
    path: str
    before: str | None  # None: the file does not exist
    after: str | None  # None: delete the file
    created_paths: list[tuple[str, ...]] = field(default_factory=list)  # JSON containers install created

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def diff(self) -> str:
        before = [] if self.before is None else self.before.splitlines(keepends=True)
        after = [] if self.after is None else self.after.splitlines(keepends=True)
        lines = difflib.unified_diff(
            before,
            after,
            fromfile="/dev/null" if self.before is None else self.path,
            tofile="/dev/null" if self.after is None else self.path,
        )
        out = []
        for line in lines:
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
        return "".join(out)


class _Workspace:
    """The planned text of every file touched, so several registrations can edit one file."""

    def __init__(self) -> None:
        self.changes: dict[str, FileChange] = {}

    def get(self, path: str) -> FileChange:
        real = os.path.realpath(path)
        if real not in self.changes:
            self.changes[real] = FileChange(real, read_text(real), read_text(real))
        return self.changes[real]


def read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text; refusing to edit it") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, expected a config file") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read ({error.strerror})") from None


def _json_for(change: FileChange, comments: bool, skeleton: dict) -> tuple[JsonEdit, bool]:
    """The JSON editor for a planned file; a missing or blank file starts as the skeleton."""
    text = change.after
    fresh = text is None or not text.strip()
    if fresh:
        text = json.dumps(skeleton, indent=2, ensure_ascii=False) + "\n"
    edit = JsonEdit(text, comments=comments, where=change.path)  # type: ignore[arg-type]
    if edit.root.kind != "object":
        raise ConfigError(f"{change.path}: the document is {_kind_name(edit.root)}, the host expects an object")
    return edit, fresh


def _is_ours_entry(entry: object, reg: HookEntries, event: str | None) -> bool:
    return isinstance(entry, dict) and is_hookward_command(entry.get(reg.command_field), reg.host, event)


def _remove_hook_entries(edit: JsonEdit, reg: HookEntries, event: str, only_event: str | None) -> int:
    """Remove hookward's command objects for this host from one event list; the number removed."""
    removed = 0
    at = reg.events_at + (event,)
    node = edit.find(at)
    if node is None or node.kind != "array":
        return 0
    index = len(node.children) - 1
    while index >= 0:
        item = edit.find(at + (index,))
        if item is None:
            break
        if reg.nested:
            hooks = find(item, ("hooks",))
            if hooks is not None and hooks.kind == "array":
                mine = [j for j, hook in enumerate(hooks.value) if _is_ours_entry(hook, reg, only_event)]  # type: ignore[arg-type]
                if mine and len(mine) == len(hooks.children):
                    edit.remove(at + (index,))  # the whole group is ours
                    removed += len(mine)
                else:
                    for j in reversed(mine):  # ours inside a user's group: take only ours
                        edit.remove(at + (index, "hooks", j))
                        removed += 1
        elif _is_ours_entry(item.value, reg, only_event):
            edit.remove(at + (index,))
            removed += 1
        index -= 1
    return removed


def _plan_hook_entries(ws: _Workspace, reg: HookEntries, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    if not install and change.after is None:
        return
    edit, fresh = _json_for(change, reg.comments, reg.skeleton)
    created: list[tuple[str, ...]] = []
    events_node = edit.find(reg.events_at)
    events_present = list(events_node.value) if events_node is not None and events_node.kind == "object" else []
    if events_node is not None and events_node.kind != "object":
        raise ConfigError(f"{change.path}: {'.'.join(reg.events_at)} is {_kind_name(events_node)}, expected an object")
    allowed = record.created_paths(change.path)
    if install:
        for event, entry in reg.entries.items():
            desired: dict = {**reg.group, "hooks": [entry]} if reg.nested else entry
            at = reg.events_at + (event,)
            current = edit.find(at)
            if current is not None and current.kind == "array":
                mine = [i for i, item in enumerate(current.value) if _holds_ours(item, reg, event)]  # type: ignore[arg-type]
                if len(mine) == 1 and current.value[mine[0]] == desired:  # type: ignore[index]
                    continue  # already installed exactly so
                if len(mine) == 1 and _only_ours(current.value[mine[0]], reg):  # type: ignore[index]
                    edit.replace(at + (mine[0],), desired)  # update in place (a new path, a new timeout)
                    continue
                _remove_hook_entries(edit, reg, event, event)
            created += edit.place(at, desired, into_array=True)
        # an event hookward no longer registers (renamed in the registry) must not linger
        for event in events_present:
            if event not in reg.entries:
                if _remove_hook_entries(edit, reg, event, None):
                    edit.prune(reg.events_at + (event,), allowed)
    else:
        for event in events_present:
            if _remove_hook_entries(edit, reg, event, None):
                edit.prune(reg.events_at + (event,), allowed)
    _finish_json(change, edit, fresh, created, reg.skeleton, install, record)


def _holds_ours(item: object, reg: HookEntries, event: str) -> bool:
    if reg.nested:
        hooks = item.get("hooks") if isinstance(item, dict) else None
        return isinstance(hooks, list) and any(_is_ours_entry(hook, reg, event) for hook in hooks)
    return _is_ours_entry(item, reg, event)


def _only_ours(item: object, reg: HookEntries) -> bool:
    if not reg.nested:
        return True
    hooks = item.get("hooks") if isinstance(item, dict) else None
    return isinstance(hooks, list) and all(_is_ours_entry(hook, reg, None) for hook in hooks)


def _finish_json(
    change: FileChange,
    edit: JsonEdit,
    fresh: bool,
    created: list[tuple[str, ...]],
    skeleton: dict,
    install: bool,
    record: InstallRecord,
) -> None:
    if install:
        if fresh and change.before is None:
            change.created_paths.append(())  # the whole file
        change.created_paths += created
        change.after = edit.text
        return
    if edit.value == skeleton and record.created_file(change.path):
        change.after = None  # hookward created this file; leave no empty husk
    else:
        change.after = edit.text if not fresh else change.after


def _plan_json_member(ws: _Workspace, reg: JsonMember, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    if not install and change.after is None:
        return
    edit, fresh = _json_for(change, reg.comments, reg.skeleton)
    at = reg.object_at + (reg.key,)
    current = edit.find(at)
    created: list[tuple[str, ...]] = []
    if install:
        if current is not None and current.value == reg.value:
            pass
        elif current is not None:
            if not _member_is_ours(current.value, reg):
                raise ConfigError(
                    f"{change.path}: {'.'.join(at)} exists and is not hookward's; rename it or remove it first"
                )
            edit.replace(at, reg.value)
        else:
            created = edit.place(at, reg.value, into_array=False)
    elif current is not None and _member_is_ours(current.value, reg):
        edit.remove(at)
        edit.prune(reg.object_at, record.created_paths(change.path))
    _finish_json(change, edit, fresh, created, reg.skeleton, install, record)


def _member_is_ours(value: object, reg: JsonMember) -> bool:
    """An entry is hookward's when it starts the hookward executable (the key alone proves nothing,
    unless the key is an id only hookward's plugin answers to)."""
    if reg.owned_by_key:
        return True
    if not isinstance(value, dict):
        return False
    words: list[str] = []
    for name in ("command", "path"):
        part = value.get(name)
        if isinstance(part, str):
            words.append(part)
        elif isinstance(part, dict) and isinstance(part.get("path"), str):
            words.append(part["path"])
    return any(os.path.basename(word) in ("hookward", "hookward.exe") for word in words)


def _plan_json_array_item(ws: _Workspace, reg: JsonArrayItem, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    if not install and change.after is None:
        return
    edit, fresh = _json_for(change, reg.comments, reg.skeleton)
    node = edit.find(reg.array_at)
    created: list[tuple[str, ...]] = []
    if node is not None and node.kind != "array":
        raise ConfigError(f"{change.path}: {'.'.join(reg.array_at)} is {_kind_name(node)}, expected an array")
    items = node.value if node is not None else []
    if install:
        if node is None and reg.only_if_present:
            pass  # no allowlist: everything is allowed, hookward included
        elif reg.item not in items:  # type: ignore[operator]
            created = edit.place(reg.array_at, reg.item, into_array=True)
    elif node is not None:
        for index in reversed(range(len(items))):  # type: ignore[arg-type]
            if items[index] == reg.item:  # type: ignore[index]
                edit.remove(reg.array_at + (index,))
        edit.prune(reg.array_at, record.created_paths(change.path))
    _finish_json(change, edit, fresh, created, reg.skeleton, install, record)


def _plan_json_setting(ws: _Workspace, reg: JsonSetting, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    if not install and change.after is None:
        return
    edit, fresh = _json_for(change, reg.comments, reg.skeleton)
    current = edit.find(reg.at)
    created: list[tuple[str, ...]] = []
    where = ".".join(reg.at)
    if install:
        if current is None:
            created = edit.place(reg.at, reg.value, into_array=False) + [reg.at]
        elif current.value != reg.value:
            raise ConfigError(
                f"{change.path}: {where} is {json.dumps(current.value)} there, an administrator's setting; "
                f"hookward would set it to {json.dumps(reg.value)}. Change it yourself, then install again"
            )
    elif current is not None and current.value == reg.value and reg.at in record.created_paths(change.path):
        edit.remove(reg.at)
        edit.prune(reg.at[:-1], record.created_paths(change.path))
    _finish_json(change, edit, fresh, created, reg.skeleton, install, record)


def _plan_toml(ws: _Workspace, reg: TomlHookTables, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    text = change.after or ""
    if change.after is None and not install:
        return
    before = parse_toml(text, change.path)
    existing = before.get(reg.array)
    if existing is not None and not isinstance(existing, list):
        raise ConfigError(f"{change.path}: `{reg.array}` is a table, not an array of [[{reg.array}]] tables")
    markers = toml_markers(reg.host)
    if install:
        body = "\n".join(
            f"[[{reg.array}]]\n" + "".join(f"{key} = {toml_value(value)}\n" for key, value in table.items())
            for table in reg.tables
        )
        new_text = put_block(text, markers, body)
        after = parse_toml(new_text, change.path + " (after hookward's edit)")
        if any(table not in after.get(reg.array, []) for table in reg.tables):
            raise ConfigError(f"{change.path}: hookward's [[{reg.array}]] tables did not read back as written")
        if change.before is None:
            change.created_paths.append(())
        change.after = new_text
    else:
        new_text = drop_block(text, markers)
        parse_toml(new_text, change.path + " (after removing hookward's block)")
        change.after = None if not new_text and record.created_file(change.path) else new_text


def _plan_marked_text(ws: _Workspace, reg: MarkedText, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    if change.after is None and not install:
        return
    markers = markdown_markers(reg.host) if reg.markdown else toml_markers(reg.host)
    text = change.after or ""
    if install:
        if change.before is None:
            change.created_paths.append(())
        change.after = put_block(text, markers, reg.body)
    else:
        new_text = drop_block(text, markers)
        change.after = None if not new_text and record.created_file(change.path) else new_text


def _plan_owned_file(ws: _Workspace, reg: OwnedFile, install: bool, record: InstallRecord) -> None:
    change = ws.get(reg.file)
    ours = change.after is not None and all(part in change.after for part in reg.signature)
    if install:
        if change.after is not None and not ours:
            raise ConfigError(f"{change.path} exists and was not written by hookward; move it away first")
        if change.before is None:
            change.created_paths.append(())
        change.after = reg.content
    elif ours:
        change.after = None


_PLANNERS = {
    HookEntries: _plan_hook_entries,
    TomlHookTables: _plan_toml,
    JsonMember: _plan_json_member,
    JsonArrayItem: _plan_json_array_item,
    OwnedFile: _plan_owned_file,
    MarkedText: _plan_marked_text,
    JsonSetting: _plan_json_setting,
}


def plan(registrations: list[Registration], *, install: bool, record: InstallRecord | None = None) -> list[FileChange]:
    """The changes that install (or uninstall) would make. Raises ConfigError before anything is written."""
    record = record if record is not None else InstallRecord.load()
    ws = _Workspace()
    for reg in registrations:
        _PLANNERS[type(reg)](ws, reg, install, record)  # type: ignore[operator]
    return [change for change in ws.changes.values() if change.changed]


# ---------------------------------------------------------------------------
# applying: backups, atomic writes, the record of what install created


class InstallRecord:
    """What hookward itself created (files, JSON containers), so uninstall removes exactly that.

    Without this record an uninstall cannot tell a user's empty `"hooks": {}`
    from the one install added. When the record is missing (an older install,
    a wiped state directory) uninstall leaves emptied containers in place and
    keeps the file: it never removes more than it can prove it added.
    """

    def __init__(self, data: dict) -> None:
        self.data = data

    @staticmethod
    def path() -> str:
        return os.path.join(state_dir(), "installed.json")

    @classmethod
    def load(cls) -> InstallRecord:
        try:
            with open(cls.path(), encoding="utf-8") as handle:
                data = json.load(handle)
            return cls(data if isinstance(data, dict) else {})
        except (OSError, ValueError):
            return cls({})

    def created_paths(self, file: str) -> set[tuple[str, ...]]:
        entry = self.data.get(os.path.realpath(file), {})
        return {tuple(path) for path in entry.get("created", []) if isinstance(path, list)}

    def created_file(self, file: str) -> bool:
        return () in self.created_paths(file)

    def created_dirs(self, file: str) -> list[str]:
        """The directories install made for this file, deepest first."""
        dirs = self.data.get(os.path.realpath(file), {}).get("dirs", [])
        return sorted((d for d in dirs if isinstance(d, str)), key=len, reverse=True)

    def note(self, change: FileChange, host: str, new_dirs: list[str]) -> None:
        key = os.path.realpath(change.path)
        if change.after is None:
            self.data.pop(key, None)
            return
        entry = self.data.setdefault(key, {"hosts": [], "created": [], "dirs": []})
        entry.setdefault("dirs", [])
        entry["dirs"] += [d for d in new_dirs if d not in entry["dirs"]]
        if host not in entry["hosts"]:
            entry["hosts"].append(host)
        for path in change.created_paths:
            if list(path) not in entry["created"]:
                entry["created"].append(list(path))

    def forget(self, change: FileChange, host: str) -> None:
        key = os.path.realpath(change.path)
        entry = self.data.get(key)
        if entry is None:
            return
        if change.after is None:
            self.data.pop(key, None)
            return
        if host in entry.get("hosts", []):
            entry["hosts"].remove(host)
        if not entry.get("hosts"):
            self.data.pop(key, None)

    def save(self) -> None:
        write_atomic(self.path(), json.dumps(self.data, indent=2, sort_keys=True) + "\n")


def backup_path(path: str, stamp: str, backup_dir: str | None = None) -> str:
    base = backup_dir if backup_dir is not None else os.path.join(state_dir(), "backups")
    return os.path.join(base, stamp, os.path.realpath(path).lstrip(os.sep))


def write_atomic(path: str, text: str, mode: int | None = None) -> None:
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    if mode is None:
        try:
            mode = os.stat(path).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
    handle, temp = tempfile.mkstemp(prefix=".hookward-", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise


@dataclass
class Applied:
    changes: list[FileChange]
    backups: dict[str, str]  # file -> its backup


def apply(
    changes: list[FileChange],
    host: str,
    *,
    install: bool,
    record: InstallRecord | None = None,
    backup_dir: str | None = None,
) -> Applied:
    """Write the planned changes: back up every existing file first, then write each atomically.

    `backup_dir`: where the backups go (default: the user's state directory; a managed install keeps
    the administrator's files' backups in a system location)."""
    record = record if record is not None else InstallRecord.load()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    backups: dict[str, str] = {}
    for change in changes:
        if change.before is not None:
            target = backup_path(change.path, stamp, backup_dir)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(change.path, target)
            backups[change.path] = target
    emptied: list[str] = []
    for change in changes:
        new_dirs: list[str] = []
        if change.after is None:
            emptied += record.created_dirs(change.path)
            os.unlink(change.path)
        else:
            if change.before is None:
                new_dirs = _missing_dirs(os.path.dirname(change.path))
            write_atomic(change.path, change.after)
        if install:
            record.note(change, host, new_dirs)
        else:
            record.forget(change, host)
    for directory in sorted(set(emptied), key=len, reverse=True):
        try:
            os.rmdir(directory)  # only if empty: something else may live there by now
        except OSError:
            pass
    record.save()
    return Applied(changes, backups)


def _missing_dirs(directory: str) -> list[str]:
    missing = []
    while directory and not os.path.isdir(directory):
        missing.append(directory)
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    return missing
