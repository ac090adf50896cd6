"""Self-protection: what an agent must never change, derived, never listed by hand.

Three sources, read when a call is judged (so XDG variables and config-dir
variables are resolved the way the running hook and host resolve them):

1. every host's config locations in the registry (`config_locations`:
   hook, plugin, permission and MCP-server configuration, `unknown` grade
   included), rebased under each `config_variables` entry that is set;
2. the directories hookward really uses: `loader.config_dir()`,
   `loader.cache_dir()`, `ledger.state_dir()` (and their XDG defaults);
3. hookward's own installation: its package folders, the launcher host
   configs call, the virtual environment it runs in, and in a source
   checkout the source tree's stage folders and pyproject.toml.

Plus the knowledge groups in `knowledge/paths.py` SELF_PROTECTION (hookward's
project-level file names, other gates' configuration).

What is judged (`demands`): a write, edit or delete of a protected place, or
of any directory that holds one (`mv .claude x`, `chmod 000 .claude`,
`rm -rf ~/.config`), is a hard deny under the floor `self-protection`. A file
that also holds harmless settings (its registry location lists
`harmless_keys`) is judged on its new content when the call carries it: only
a change to another key is refused. Setting a variable that moves a host's or
hookward's configuration in a shell startup file is refused too.

Location globs use `*`, `**` and `?`. `~/` anchors at the home directory, `/`
at the root; a project location matches at any depth (a host started in a
subdirectory loads that subdirectory's `.claude/`), a slash-less one names a
file or directory anywhere.
"""

from __future__ import annotations

import os
import re
import sys
from fnmatch import fnmatchcase

from hookward.policy.floors.common import Floor
from hookward.policy.lazy import LazyRegex
from hookward.verdicts.decision import Verdict

FLOOR = Floor.SELF_PROTECTION

# hookward's own CLI: every command path is one or the other (a test walks the
# typer app, so a new command cannot be forgotten). A control changes the
# gate's configuration, state or installation, or answers as the gate.
HOOKWARD_CONTROLS = frozenset(
    {
        ("install",),
        ("uninstall",),
        ("hook",),  # a crafted post-tool payload would resolve a pending grant
        ("grant",),  # a person resolves a grant; an agent must never
        ("pause",),  # a person pauses the gate; a tool call must never start or extend a pause
        ("mcp",),
        ("policy", "trust"),
        ("policy", "subscribe"),  # where the team's policy comes from
        ("policy", "update"),  # moves the pin
        ("policy", "import"),  # --write adds rules to the user's or the project's policy
        ("audit", "prune"),
        ("audit", "repair"),
        ("audit", "export"),  # --otlp sends the ledger off the machine, to the configured endpoint
        ("compat", "render"),
        ("compat", "probe"),
    }
)
HOOKWARD_READ_ONLY = frozenset(
    {
        ("check",),
        ("eval",),
        ("doctor",),
        ("policy", "validate"),
        ("policy", "show"),
        ("compat", "check"),
        ("compat", "show"),
        ("audit", "pending"),
        ("audit", "resolved"),
        ("audit", "tail"),
        ("audit", "show"),
        ("audit", "verify"),
        ("audit", "report"),
        ("replay",),  # judges transcripts; writes no ledger
    }
)
_GROUPS = frozenset(path[0] for path in HOOKWARD_CONTROLS | HOOKWARD_READ_ONLY if len(path) > 1)

# Variables that move hookward's own directories (the loader and the ledger read them).
HOOKWARD_VARIABLES = ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME")  # data: the launcher
# The stage packages and the source checkout's files hookward runs from.
STAGES = ("policy", "adapters", "verdicts", "compat", "hookward")
_MAX_SETTINGS_BYTES = 1 << 20


class Place:
    """One protected location: a glob at a base, or a resolved absolute tree."""

    __slots__ = ("label", "base", "glob", "_regex", "literal", "harmless")

    def __init__(self, label: str, base: str, glob: str, harmless: tuple[str, ...] | None = None) -> None:
        self.label = label
        self.base = base  # "abs" (glob is an absolute path), "home", "suffix" (matches at any depth), "name"
        self.glob = glob
        self._regex: re.Pattern[str] | None = None
        cut = min((i for i in (glob.find("*"), glob.find("?")) if i >= 0), default=-1)
        head = glob if cut < 0 else glob[:cut]
        # The literal directory part: every directory above it holds this place.
        self.literal = head if cut < 0 else head.rsplit("/", 1)[0] if "/" in head else ""
        self.harmless = harmless

    @property
    def regex(self) -> re.Pattern[str]:
        """Matched against the path (abs), the path below home (home), the path from / (suffix: any tail
        of it; name: any component and what is under it). Compiled only for places that need it."""
        if self._regex is None:
            body = _glob_regex(self.glob)
            source = {"suffix": f"(?:.*/)?{body}/?", "name": f"(?:.*/)?{body}(?:/.*)?"}.get(self.base, body + "/?")
            self._regex = re.compile(source, re.IGNORECASE)
        return self._regex

    def __repr__(self) -> str:
        return f"Place({self.base}:{self.glob})"


class Table:
    """The places, indexed: one combined regex per base, and every directory that holds a place."""

    def __init__(self, found: list[Place], home: str) -> None:
        self.places = found
        self.home = home.rstrip("/") or "/"
        # Most places are a literal file or a literal tree (`dir/**`): matched by string, no regex compiled.
        self.shapes: list[tuple[Place, str, str]] = []
        for place in found:
            glob = place.glob.lower()
            if not _wild(glob):
                self.shapes.append((place, "exact", glob))
            elif glob.endswith("/**") and not _wild(glob[:-3]):
                self.shapes.append((place, "tree", glob[:-3]))
            else:
                # The glob's longest literal run: an ASCII path without it cannot match, so its regex is
                # neither compiled nor run (a non-ASCII path always goes to the case-insensitive regex).
                needle = max(re.split(r"\*\*/|\*\*|\*|\?", glob), key=len)  # the pieces _glob_regex escapes
                self.shapes.append((place, "glob", needle if needle.isascii() else ""))
        # hits() looks the literal shapes up by the text a path can present for them instead of testing each:
        # exact and tree places by base (a tree under every directory prefix of the subject), suffix places by
        # their slash count (a run of that many path components), name places by one component. Indexes into
        # self.shapes, so hits() keeps the table's order.
        self._exact: dict[str, dict[str, list[int]]] = {"abs": {}, "home": {}}
        self._trees: dict[str, dict[str, list[int]]] = {"abs": {}, "home": {}}
        self._suffix_exact: dict[int, dict[str, list[int]]] = {}
        self._suffix_trees: dict[int, dict[str, list[int]]] = {}
        self._names: dict[str, list[int]] = {}
        self._globs: list[tuple[int, Place, str, str]] = []
        for index, (place, shape, text) in enumerate(self.shapes):
            if shape == "glob":
                self._globs.append((index, place, place.base, text))
            elif place.base == "name":
                self._names.setdefault(text, []).append(index)
            elif place.base == "suffix":
                by_slashes = self._suffix_trees if shape == "tree" else self._suffix_exact
                by_slashes.setdefault(text.count("/"), {}).setdefault(text, []).append(index)
            else:
                (self._trees if shape == "tree" else self._exact)[place.base].setdefault(text, []).append(index)
        self.holders: dict[str, Place] = {}  # an absolute directory -> a place under it
        self.tails: dict[str, Place] = {}  # `.claude`, `.github/hooks` -> a project place under it
        self.first_names: dict[str, Place] = {}
        for place in found:
            if place.base in ("abs", "home"):
                literal = place.literal if place.base == "abs" else os.path.join(self.home, place.literal)
                directory = literal.rstrip("/")
                while directory and directory != "/":
                    self.holders.setdefault(directory, place)
                    directory = os.path.dirname(directory)
            elif place.base == "suffix" and place.literal:
                pieces = place.literal.split("/")
                for n in range(1, len(pieces) + 1):
                    self.tails.setdefault("/".join(pieces[:n]).lower(), place)
                self.first_names.setdefault(pieces[0], place)

    def hits(self, path: str) -> list[Place]:
        """The places `path` is or is inside of, in the table's order.

        An abs or home place matches its subject (the lowered path, or the part below home) when it is the
        text, or for a tree when the text is the subject up to a slash; a suffix place when the text is the
        last components of the path (exact) or any run of them (tree); a name place when it is a component;
        a glob by its regex, tried only when the path holds the glob's longest literal run."""
        low = path.lower()
        home = self.home.lower()
        rel = low[len(home) + 1 :] if low.startswith(home + "/") else None
        tail = low.lstrip("/")
        components = tail.split("/")
        found: set[int] = set()
        for base, subject in (("abs", low), ("home", rel)):
            if subject is None:
                continue
            exact = self._exact[base].get(subject)
            if exact:
                found.update(exact)
            trees = self._trees[base]
            if trees:
                hit = trees.get(subject)
                if hit:
                    found.update(hit)
                at = subject.find("/")
                while at >= 0:
                    hit = trees.get(subject[:at])
                    if hit:
                        found.update(hit)
                    at = subject.find("/", at + 1)
        count = len(components)
        for slashes, table in self._suffix_exact.items():
            if slashes < count:
                hit = table.get("/".join(components[count - slashes - 1 :]))
                if hit:
                    found.update(hit)
        for slashes, table in self._suffix_trees.items():
            for start in range(count - slashes):
                hit = table.get("/".join(components[start : start + slashes + 1]))
                if hit:
                    found.update(hit)
        if self._names:
            for component in components:
                hit = self._names.get(component)
                if hit:
                    found.update(hit)
        ascii_path = low.isascii()
        for index, place, base, text in self._globs:
            subject = low if base == "abs" else rel if base == "home" else tail
            if subject is not None and (not ascii_path or text in subject) and place.regex.fullmatch(subject):
                found.add(index)
        shapes = self.shapes
        return [shapes[index][0] for index in sorted(found)]

    def _hits_by_scan(self, path: str) -> list[Place]:
        """hits() as a test of every shape in turn: the definition the index must agree with (the tests)."""
        low = path.lower()
        home = self.home.lower()
        rel = low[len(home) + 1 :] if low.startswith(home + "/") else None
        tail = low.lstrip("/")
        components = tail.split("/")
        found = []
        ascii_path = low.isascii()
        for place, shape, text in self.shapes:
            subject = {"abs": low, "home": rel, "suffix": tail, "name": tail}[place.base]
            if subject is None:
                continue
            if shape == "glob":
                hit = (not ascii_path or text in subject) and bool(place.regex.fullmatch(subject))
            elif place.base == "name":
                hit = text in components
            elif place.base == "suffix":
                wrapped = "/" + subject + "/"
                hit = ("/" + text + "/") in wrapped if shape == "tree" else wrapped.endswith("/" + text + "/")
            elif shape == "tree":
                hit = subject == text or subject.startswith(text + "/")
            else:
                hit = subject == text
            if hit:
                found.append(place)
        return found

    def holder(self, path: str, project: str | None) -> Place | None:
        """A place that the directory `path` holds, or None."""
        path = path.rstrip("/") or "/"
        if path == "/" or path in self.holders:
            return self.holders.get(path) or next(iter(self.holders.values()), None)
        parts = path.lower().split("/")
        for n in (1, 2, 3):
            found = self.tails.get("/".join(parts[-n:]))
            if found is not None:
                return found
        if project and (project.rstrip("/") + "/").startswith(path + "/"):
            return next(iter(self.first_names.values()), None)
        if os.path.isdir(path):
            lstat, prefix = os.lstat, path + "/"  # os.path.lexists(os.path.join(path, name)), without its frames
            for name, place in self.first_names.items():
                try:
                    lstat(prefix + name)
                except (OSError, ValueError):
                    continue
                return place
        return None


def _wild(glob: str) -> bool:
    return "*" in glob or "?" in glob


def _glob_regex(glob: str) -> str:
    out = []
    i = 0
    while i < len(glob):
        if glob.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif glob[i] == "*":
            out.append("[^/]*")
            i += 1
        elif glob[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(glob[i]))
            i += 1
    return "".join(out)


# --- deriving the table ------------------------------------------------------------

_static: list[tuple[str, str, str, tuple[str, ...] | None, str]] | None = None
_variables: list[tuple[str, str, str]] | None = None


# The registry-derived part never changes at run time, so it ships precomputed (reading all 18 host files
# costs ~10 ms a process): `python -m hookward.policy.protection` writes it, a test keeps it fresh, and a
# copy whose host files no longer have the sizes it was written from is not used (derived instead: slower,
# never a different answer).
PRECOMPUTED = os.path.join(os.path.dirname(__file__), "data", "protection_registry.json")


def _registry() -> tuple[list[tuple[str, str, str, tuple[str, ...] | None, str]], list[tuple[str, str, str]]]:
    """(label, scope, glob, harmless keys, host) per location and (host, variable, replaces) per variable."""
    global _static, _variables
    if _static is None or _variables is None:
        _static, _variables = _precomputed() or derive_registry()
    return _static, _variables


def derive_registry() -> tuple[list[tuple[str, str, str, tuple[str, ...] | None, str]], list[tuple[str, str, str]]]:
    """_registry() read from every host file of compat/hosts/."""
    from hookward.compat import registry

    locations = []
    variables = []
    for host in registry.host_ids():
        data = registry.load_host(host)
        name = data.get("name", host)
        for entry in data.get("config_locations", []):
            harmless = entry.get("harmless_keys")
            label = f"{name}'s {' and '.join(entry.get('purpose', ['hook']))} configuration"
            locations.append(
                (label, entry["scope"], entry["path"], tuple(harmless) if harmless is not None else None, host)
            )
        for entry in data.get("config_variables", []):
            variables.append((host, entry["name"], entry["replaces"]))
    return locations, variables


def registry_inputs() -> list[list[str | int]]:
    """[host file, size] of every host file: what the precomputed part was written from."""
    from hookward.compat import registry

    return registry.host_file_sizes()


def precompute() -> dict:
    """What `python -m hookward.policy.protection` writes to PRECOMPUTED."""
    locations, variables = derive_registry()
    return {
        "inputs": registry_inputs(),
        "locations": [
            [label, scope, glob, list(harmless) if harmless is not None else None, host]
            for label, scope, glob, harmless, host in locations
        ],
        "variables": [list(entry) for entry in variables],
    }


def write_precomputed() -> str:
    import json

    data = precompute()
    lines = ["{"]
    for n, key in enumerate(("inputs", "locations", "variables")):
        lines.append(f'  "{key}": [')
        lines.append(",\n".join("    " + json.dumps(entry) for entry in data[key]))
        lines.append("  ]" + ("," if n < 2 else ""))
    lines.append("}")
    with open(PRECOMPUTED, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return PRECOMPUTED


def _precomputed() -> tuple[list[tuple[str, str, str, tuple[str, ...] | None, str]], list[tuple[str, str, str]]] | None:
    """The shipped registry-derived part, or None when it is missing or stale."""
    import json

    try:
        with open(PRECOMPUTED, encoding="utf-8") as handle:
            data = json.load(handle)
        if data["inputs"] != registry_inputs():
            return None
        locations = [
            (str(label), str(scope), str(glob), tuple(harmless) if harmless is not None else None, str(host))
            for label, scope, glob, harmless, host in data["locations"]
        ]
        variables = [(str(host), str(name), str(replaces)) for host, name, replaces in data["variables"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return locations, variables


# (the registry's variables, their names sorted, the names as os.environ stores them): built once per read.
_redirect_names: tuple[object, list[str], tuple[bytes, ...]] | None = None


def _redirect_names_now() -> tuple[object, list[str], tuple[bytes, ...]]:
    global _redirect_names
    _locations, variables = _registry()
    if _redirect_names is None or _redirect_names[0] is not variables:
        names = sorted({name for _host, name, _replaces in variables} | set(HOOKWARD_VARIABLES))
        _redirect_names = (variables, names, tuple(os.fsencode(name) for name in names))
    return _redirect_names


def redirect_variables() -> list[str]:
    """Every variable that moves a host's or hookward's configuration."""
    return list(_redirect_names_now()[1])


_redirected_by: tuple[object, dict[str, list[str]]] | None = None


def redirected_hosts(name: str) -> list[str]:
    """The hosts (and "hookward") whose configuration, hooks included, the variable `name` moves, from the
    registry's config_variables: set on a command line, the agent that command starts runs without the gate."""
    global _redirected_by
    _locations, variables = _registry()
    if _redirected_by is None or _redirected_by[0] is not variables:
        table: dict[str, list[str]] = {variable: ["hookward"] for variable in HOOKWARD_VARIABLES}
        for host, variable, _replaces in variables:
            table.setdefault(variable, []).append(host)
        _redirected_by = (variables, table)
    return _redirected_by[1].get(name, [])


def _environment_key() -> tuple:
    """The values of redirect_variables() and PATH, as a memo key. POSIX os.environ keeps its values as bytes
    (os.environ._data): read there, 14 variables cost dictionary lookups instead of 14 decoding get()s."""
    _variables, names, encoded = _redirect_names_now()
    data = getattr(os.environ, "_data", None)
    if os.name != "posix" or not isinstance(data, dict):
        return (tuple(os.environ.get(name, "") for name in names), os.environ.get("PATH", ""))
    return (tuple(data.get(name, b"") for name in encoded), data.get(b"PATH", b""))


def _env_dir(name: str) -> str | None:
    value = os.environ.get(name, "")
    if not value:
        return None
    value = os.path.expanduser(value)
    return os.path.normpath(value) if os.path.isabs(value) else None


_moves: dict[tuple, list[tuple[str, str, str, str]]] = {}


def moved_defaults(path: str, home: str) -> list[tuple[str, str, str]]:
    """(host, variable, `path` spelled at the host's default location) for each host whose `config_variables`
    entry, set now, moves its files into a directory that holds `path` (`CODEX_HOME=/srv/codex`:
    /srv/codex/auth.json is ~/.codex/auth.json). The host's credential files are judged at both spellings."""
    key = _environment_key()
    moves = _moves.get(key)
    if moves is None:
        moves = []
        for host, name, replaces in _registry()[1]:
            target = _env_dir(name)
            if target is not None and (replaces == "~" or replaces.startswith("~/")):
                moves.append((host, name, target.rstrip("/") or "/", replaces[2:].rstrip("/")))
        if len(_moves) > 64:
            _moves.clear()
        _moves[key] = moves
    found = []
    for host, name, target, default in moves:
        if path == target or path.startswith(target + "/"):
            rest = path[len(target) :].lstrip("/")
            found.append((host, name, "/".join(part for part in (home.rstrip("/"), default, rest) if part)))
    return found


_memo: dict[tuple, Table] = {}


def places(home: str) -> Table:
    """The protected places as this process sees them now (memoized on what they are derived from)."""
    key = (home, _environment_key())
    table = _memo.get(key)
    if table is None:
        table = _memo[key] = Table(_derive(home), home)
    return table


def _derive(home: str) -> list[Place]:
    from hookward.policy.knowledge.paths import SELF_PROTECTION

    found: list[Place] = []
    locations, variables = _registry()
    moved: dict[str, list[tuple[str, str]]] = {}
    for host, name, replaces in variables:
        target = _env_dir(name)
        if target is not None:
            moved.setdefault(host, []).append((replaces, target))
    for label, scope, glob, harmless, host in locations:
        found.append(_place(label, scope, glob, harmless))
        if scope != "user":
            continue
        for replaces, target in moved.get(host, []):
            if glob == replaces or glob.startswith(replaces.rstrip("/") + "/"):
                rest = glob[len(replaces) :].lstrip("/")
                found.append(Place(label, "abs", _escape(target) + ("/" + rest if rest else ""), harmless))
    for _gid, label, lines in SELF_PROTECTION:
        for line in lines:
            if line.startswith("!"):
                continue
            scope = "user" if line.startswith("~/") else "system" if line.startswith("/") else "project"
            found.append(_place(label, scope, line, None))
    for label, path in hookward_places(home):
        found.append(Place(label, "abs", _escape(path) + "/**"))
        found.append(Place(label, "abs", _escape(path)))
    # The standard library's modules, by pattern (a pattern is not walked to find a hard link's other name:
    # the tree is far larger than that budget).
    stdlib = _escape(os.path.dirname(os.path.abspath(os.__file__)))
    for glob in ("*.py", "*/*.py", "*/*/*.py", "lib-dynload/*"):
        found.append(Place("hookward's own installation", "abs", f"{stdlib}/{glob}"))
    return found


def _escape(path: str) -> str:
    # A resolved directory is literal: a * or ? in it is no glob.
    return path.replace("*", "?").rstrip("/") or "/"


def _place(label: str, scope: str, glob: str, harmless: tuple[str, ...] | None) -> Place:
    if scope == "user":
        return Place(label, "home", glob[2:] if glob.startswith("~/") else "", harmless)
    if scope == "system":
        return Place(label, "abs", glob, harmless)
    return Place(label, "suffix" if "/" in glob.rstrip("/") else "name", glob.rstrip("/"), harmless)


INSTALL_LABEL = "hookward's own installation"


def hookward_places(home: str) -> list[tuple[str, str]]:
    """(label, absolute path) of hookward's own directories and installation."""
    from hookward.policy import loader
    from hookward.verdicts import ledger

    state = "hookward's policy, trust file, ledger, grants and cache"
    out = [(state, loader.config_dir()), (state, loader.cache_dir()), (state, ledger.state_dir())]
    # The launcher every host config calls, and the environment `install` may manage, live in hookward's data
    # directory (adapters.install.data_dir(): $XDG_DATA_HOME/hookward, else ~/.local/share/hookward).
    data_home = _env_dir("XDG_DATA_HOME")
    if data_home is not None:
        out.append(("hookward's launcher", os.path.join(data_home, "hookward")))
    out.append(("hookward's launcher", os.path.join(home, ".local", "share", "hookward")))
    for default in (".config/hookward", ".cache/hookward", ".local/state/hookward"):
        out.append((state, os.path.join(home, default)))
    from hookward.policy import managed

    admin = "the administrator's managed hookward policy"
    out += [(admin, managed.MANAGED_DIR), (admin, os.path.dirname(managed.managed_policy_path()))]
    out.append(("hookward's system-wide launcher", managed.SYSTEM_DATA_DIR))
    install = INSTALL_LABEL
    import hookward

    package_dirs = {os.path.dirname(os.path.abspath(hookward.__file__ or ""))}
    package_dirs.update(os.path.abspath(p) for p in getattr(hookward, "__path__", []))
    package_dirs.add(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the policy stage
    for directory in sorted(package_dirs):
        if os.path.isfile(os.path.join(directory, "pyproject.toml")) or os.path.isdir(
            os.path.join(directory, "policy")
        ):
            # A source checkout's root (on the package path): its stage folders and build file.
            for stage in STAGES:
                out.append((install, os.path.join(directory, stage)))
            out.append((install, os.path.join(directory, "pyproject.toml")))
        else:
            out.append((install, directory))
        parent = os.path.dirname(directory)
        if os.path.isfile(os.path.join(parent, "pyproject.toml")) and os.path.isfile(
            os.path.join(parent, "policy", "engine.py")
        ):
            for stage in STAGES:
                out.append((install, os.path.join(parent, stage)))
            out.append((install, os.path.join(parent, "pyproject.toml")))
    launchers = []
    found = _which("hookward")
    if found:
        launchers.append(found)
    launchers.append(os.path.join(os.path.dirname(sys.executable), "hookward"))
    if sys.argv and os.path.basename(sys.argv[0]) in ("hookward", "hookward.exe"):
        launchers.append(sys.argv[0])
    for launcher in launchers:
        out.append((install, os.path.abspath(launcher)))
        out.append((install, os.path.realpath(launcher)))
    if sys.prefix != sys.base_prefix:
        out.append((install, os.path.abspath(sys.prefix)))  # the virtual environment hookward runs in
    out.append((install, os.path.abspath(sys.executable)))
    # A virtual environment's python is a link to its base interpreter, which imports its standard library
    # (encodings, codecs, os) at every start, before -I -S can help: both are the gate's code as much as the
    # package is (a uv-, pyenv- or conda-managed interpreter lives in the home directory, writable without root).
    out.append((install, os.path.realpath(sys.executable)))
    return [(label, os.path.normpath(path)) for label, path in out if path]


def _which(name: str) -> str | None:
    """shutil.which(name) for a bare name on POSIX, without importing shutil (which imports bz2, lzma, zlib)."""
    path = os.environ.get("PATH", None)
    if path is None:
        try:
            path = os.confstr("CS_PATH")
        except (AttributeError, ValueError):
            path = os.defpath
    if not path:
        return None
    seen = set()
    for directory in path.split(os.pathsep):
        if directory in seen:
            continue
        seen.add(directory)
        candidate = os.path.join(directory, name)
        if os.path.exists(candidate) and os.access(candidate, os.X_OK) and not os.path.isdir(candidate):
            return candidate
    return None


# --- matching ----------------------------------------------------------------------


def protected(path: str, home: str) -> list[Place]:
    """The places `path` is, or is inside of."""
    return places(home).hits(path)


def demands(
    kind: str,
    path: str,
    real: str,
    written: str,
    home: str,
    project: str | None,
    recursive: bool,
    content: str | None,
    command: str | None,
) -> list[tuple[str, Verdict, str]]:
    """(floor, verdict, reason) for a write, edit or delete of `path` (and `real`, where a symlink points).

    A hard deny is the floor `self-protection`; a change to only the harmless keys of a host's settings
    file is an ask (`persistence`): the agent is still changing its own host's configuration.
    """
    if kind not in ("write", "edit", "delete"):
        return []
    table = places(home)
    out: list[tuple[str, Verdict, str]] = []
    for candidate in dict.fromkeys((path, real, *_other_spellings(path), *_other_spellings(real))):
        hits = table.hits(candidate)
        if not hits and kind != "delete":  # removing one name of a hard link leaves the other
            linked = _hard_link_to(candidate, table, project)
            if linked is _UNSEARCHED:
                out.append(
                    (
                        FLOOR,
                        Verdict.ASK,
                        f"{written} is one of several names of the same file (a hard link), and hookward could not "
                        "look at every protected place for its other names within its budget: it may be one of them",
                    )
                )
                continue
            if linked is not None:
                hits, written = table.hits(linked), f"{written} (a hard link to {_shown_path(linked, home)})"
        if hits:
            reason = _judge_file(kind, candidate, written, hits, content)
            if reason:
                out.append((FLOOR, Verdict.DENY, reason))
            else:
                labels = ", ".join(dict.fromkeys(place.label for place in hits))
                out.append(("persistence", Verdict.ASK, f"{written} is {labels}; this changes only harmless settings"))
            continue
        holder = _holder(kind, candidate, table, home, project, recursive, command)
        if holder is not None:
            verb = {"delete": "deleting, moving or renaming", "write": "changing", "edit": "changing"}[kind]
            out.append(
                (
                    FLOOR,
                    Verdict.DENY,
                    f"{written} holds {holder.label} ({_shown(holder, home)}): {verb} it disables what it holds. "
                    "This is the gate itself; an agent must not switch off the thing watching it",
                )
            )
    text = content if content is not None else command
    if text and kind in ("write", "edit") and _is_startup_file(path, home):
        named = [name for name in redirect_variables() if re.search(r"\b" + name + r"\b", text)]
        if named:
            out.append(
                (
                    FLOOR,
                    Verdict.DENY,
                    f"{written} is a shell startup file, and this sets {', '.join(named)}, which moves where an agent "
                    "or hookward reads its configuration: that switches the gate off. This is the gate itself",
                )
            )
    return out


def _other_spellings(path: str) -> list[str]:
    """The names a file system or a C API may really open for `path`, when they differ from it.

    A C `open()` stops at a NUL byte (`settings.json\\0.bak` is `settings.json`), and Windows file systems (Git
    Bash, WSL on /mnt/c) drop a name's trailing dots and spaces (`settings.json.` and `settings.json ` are
    `settings.json`): a protected file must not be reachable through a spelling that only the match sees as new.
    """
    if "\0" not in path and not _TRAILING_DOT_OR_SPACE.search(path):
        return []
    cut = path.split("\0", 1)[0]
    parts = [part if part in (".", "..") else part.rstrip(". ") or part for part in cut.split("/")]
    return [name for name in dict.fromkeys((cut, "/".join(parts))) if name and name != path]


_TRAILING_DOT_OR_SPACE = re.compile(r"[^/.][. ]+(/|$)")


_secret_files: dict[tuple[str | None, str | None], list[str]] = {}


def secret_files() -> list[str]:
    """hookward's own secrets: the key that seals the policy cache and the key that MACs grants and pauses.
    Whoever reads one can forge what it seals, so a read of one, or of a tree holding one, is the gate itself.
    Both paths are functions of XDG_STATE_HOME and HOME: remembered per pair of values (every read asks)."""
    key = (os.environ.get("XDG_STATE_HOME"), os.environ.get("HOME"))
    found = _secret_files.get(key)
    if found is None:
        from hookward.policy import loader
        from hookward.verdicts import grants

        if len(_secret_files) > 64:
            _secret_files.clear()
        found = _secret_files[key] = [loader.cache_secret_path(), grants.key_path()]
    return list(found)


def secret_demands(path: str, real: str, written: str, recursive: bool) -> list[tuple[str, Verdict, str]]:
    """(floor, verdict, reason) for a read of `path` (and `real`): a deny when it is, or holds, one of hookward's
    secrets (a tree is read wholesale only when `recursive`)."""
    out: list[tuple[str, Verdict, str]] = []
    for candidate in dict.fromkeys((path, real)):
        low = candidate.rstrip("/").lower() or "/"
        for secret in secret_files():
            secret_low = secret.lower()
            inside = recursive and (low == "/" or secret_low.startswith(low + "/"))
            if secret_low == low or inside:
                out.append(
                    (
                        FLOOR,
                        Verdict.DENY,
                        f"{written} {'holds' if inside else 'is'} {secret}, one of hookward's own keys: whoever reads "
                        "it can forge the policy cache or a person's grant. This is the gate itself",
                    )
                )
                return out
    return out


_LINK_WALK_BUDGET = 50_000  # directory entries looked at to find a hard link's other name (about 50 ms)
_UNSEARCHED = "<not every protected place was searched>"  # the budget ran out first: fail closed (ask)


def _hard_link_to(path: str, table: Table, project: str | None) -> str | None:
    """The protected file `path` is a second name of, None, or _UNSEARCHED when the budget ran out first.

    A hard link is the same file under an ordinary name (an archive's link member, `cp -al`, a link made where
    the gate did not look): writing through it writes the protected file. Only a regular file with more than
    one link is looked up, by device and inode, among the concrete files of the protected places (hookward's
    own trees first, then literal host config files), within a fixed budget of directory entries.
    """
    try:
        st = os.lstat(path)
    except (OSError, ValueError):
        return None
    if st.st_nlink < 2 or not (st.st_mode & 0o170000 == 0o100000):
        return None
    wanted = (st.st_dev, st.st_ino)
    budget = [_LINK_WALK_BUDGET]
    literal: list[str] = []
    trees: list[str] = []
    for place in table.places:
        glob = place.glob
        if place.base == "home":
            glob = os.path.join(table.home, glob)
        elif place.base == "suffix" and project:
            glob = os.path.join(project, glob)
        elif place.base != "abs":
            continue
        if glob.endswith("/**") and not _wild(glob[:-3]):
            trees.append(glob[:-3])
        elif not _wild(glob):
            literal.append(glob)
    for candidate in dict.fromkeys(literal):
        try:
            other = os.lstat(candidate)
        except (OSError, ValueError):
            continue
        if (other.st_dev, other.st_ino) == wanted:
            return candidate
    # Small trees (hookward's config, state, cache and data, in the home) before large ones (an environment it
    # runs in, a source checkout): a large tree must not spend the budget the likeliest places need.
    home = table.home.rstrip(os.sep) + os.sep

    def order(tree: str) -> tuple[bool, bool, int]:
        return (not tree.startswith(home), "site-packages" in tree or tree == sys.prefix, len(tree))

    for root in sorted(dict.fromkeys(trees), key=order):
        found = _walk_for(root, wanted, budget)
        if found is not None:
            return found
        if budget[0] <= 0:
            return _UNSEARCHED
    return None


def _walk_for(root: str, wanted: tuple[int, int], budget: list[int]) -> str | None:
    stack = [root]
    while stack and budget[0] > 0:
        directory = stack.pop()
        try:
            with os.scandir(directory) as entries:
                for entry in entries:
                    budget[0] -= 1
                    if budget[0] <= 0:
                        return None
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            stack.append(entry.path)
                        elif entry.is_file(follow_symlinks=False):
                            info = entry.stat(follow_symlinks=False)
                            if (info.st_dev, info.st_ino) == wanted:
                                return entry.path
                    except OSError:
                        continue
        except (OSError, ValueError):
            continue
    return None


def _shown_path(path: str, home: str) -> str:
    return "~" + path[len(home) :] if home and path.startswith(home.rstrip("/") + "/") else path


def _is_real_directory(path: str) -> bool:
    """An existing directory that is not a symlink: writing a file "to" it creates a file inside it."""
    try:
        return os.path.isdir(path) and not os.path.islink(path.rstrip("/") or "/")
    except (OSError, ValueError):
        return False


# Programs whose file operands are changed themselves (mode, owner, ACL, attributes), never written into:
# `chmod 000 .claude` locks the host out of the hook config the directory holds.
_CHANGES_ITS_OPERAND = LazyRegex(r"(?:^|[\s;&|(`!])(?:\S*/)?(?:chmod|chown|chgrp|chattr|chflags|setfacl)(?=\s)")


def _holder(
    kind: str, path: str, table: Table, home: str, project: str | None, recursive: bool, command: str | None = None
) -> Place | None:
    if (
        kind in ("write", "edit")
        and not recursive
        and (
            path in (home, project, "/")
            or (_is_real_directory(path) and not _CHANGES_ITS_OPERAND.search(command or ""))
        )
    ):
        return None  # copying a file into a directory (~, the project, /tmp/): the file it creates is judged on its own
    if kind in ("write", "edit") and recursive and project and path == project.rstrip("/"):
        return None  # unpacking into the project: what it creates is judged by the archive's listing (or asks)
    return table.holder(path, project)


def _shown(place: Place, home: str) -> str:
    if place.base == "home":
        return "~/" + place.glob
    return place.glob


def _judge_file(kind: str, path: str, written: str, hits: list[Place], content: str | None) -> str:
    labels = ", ".join(dict.fromkeys(place.label for place in hits))
    gate = f"{written} is {labels}; an agent must not change the thing watching it. This is the gate itself"
    harmless_lists = [place.harmless for place in hits]
    if kind == "delete" or any(h is None for h in harmless_lists):
        return gate
    # A settings file that also holds harmless keys: judged on its new content.
    if content is None:
        return (
            gate + " (this file also holds harmless settings: a Write of the whole new file is judged on what "
            "it changes; an edit or a shell write is not)"
        )
    harmless = set().union(*(set(h or ()) for h in harmless_lists))
    # Every list must call a key harmless for it to pass.
    allowed = [key for key in harmless if all(key in (h or ()) for h in harmless_lists)]
    new = _parse(path, content)
    if not isinstance(new, dict):
        return gate + " (its new content does not parse as a settings object, which can switch every hook off)"
    old = _parse(path, _read_bounded(path))
    old = old if isinstance(old, dict) else {}
    missing = object()
    changed = sorted(
        key
        for key in set(old) | set(new)
        if old.get(key, missing) != new.get(key, missing) and not any(fnmatchcase(key, glob) for glob in allowed)
    )
    if changed:
        return gate + f" (the change touches {', '.join(repr(k) for k in changed[:5])})"
    return ""


def _read_bounded(path: str) -> str | None:
    """A regular file's text, at most 1 MiB; never blocks on a FIFO or a device (policy.safeio does the checks)."""
    from hookward.policy.safeio import read_regular

    try:
        return read_regular(os.path.realpath(path), _MAX_SETTINGS_BYTES).decode("utf-8", "replace")
    except OSError:
        return None


def _parse(path: str, text: str | None) -> object:
    if text is None:
        return None
    if path.endswith(".toml"):
        import tomllib

        try:
            return tomllib.loads(text)
        except (tomllib.TOMLDecodeError, ValueError):
            return None
    import json

    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return json.loads(_strip_jsonc(text))
    except ValueError:
        return None


def _strip_jsonc(text: str) -> str:
    """JSON with comments and trailing commas (VS Code and Zed settings) as plain JSON."""
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(ch)
            i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


_STARTUP: dict[str, Table] = {}


def _is_startup_file(path: str, home: str) -> bool:
    table = _STARTUP.get(home)
    if table is None:
        from hookward.policy.knowledge.paths import PERSISTENCE

        lines = [line for gid, _label, group in PERSISTENCE if gid == "shell-rc" for line in group]
        table = _STARTUP[home] = Table(
            [
                _place(
                    "shell startup file",
                    "user" if x.startswith("~/") else "system" if x.startswith("/") else "project",
                    x,
                    None,
                )
                for x in lines
                if not x.startswith("!")
            ],
            home,
        )
    return bool(table.hits(path))


# --- hookward's own controls ------------------------------------------------------


def control_named(args: list[str]) -> str | None:
    """The state-changing hookward command `args` (what follows `hookward`) runs, or None when read-only."""
    words = [a for a in args if a]
    if not words or words[0] in ("--help", "-h", "--version"):
        return None
    first = words[0]
    if (first,) in HOOKWARD_READ_ONLY:
        return None
    if first in _GROUPS:
        second = next((w for w in words[1:] if not w.startswith("-")), None)
        if second is None or (first, second) in HOOKWARD_READ_ONLY:
            return None
        return f"{first} {second}"
    return first  # a control, or a command hookward does not know yet: refused either way


_WORD = re.compile(r"[^\s;&|()<>'\"`]+")


def controls_in_text(text: str) -> str | None:
    """A hookward control run from inside a string (`script -qc 'hookward uninstall'`, `tmux send-keys`)."""
    if "hookward" not in text.lower():
        return None
    words = _WORD.findall(text)
    for i, word in enumerate(words):
        name = os.path.basename(word).lower()
        if name in ("hookward", "hookward.exe"):
            control = control_named(words[i + 1 : i + 4])
            if control:
                return control
        if word == "-m" and i + 1 < len(words) and words[i + 1].split(".")[0] == "hookward":
            control = (
                control_named(words[i + 2 : i + 5]) if words[i + 1] in ("hookward", "hookward.cli") else words[i + 1]
            )
            if control:
                return control
    return None


if __name__ == "__main__":
    print(write_precomputed())
