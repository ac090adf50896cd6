"""evaluate(): a normalized tool call in, a Decision out.

Every tool call becomes a list of actions: for a shell call, each simple
command the analysis found plus every file it reads, writes or deletes; for a
file tool, its targets; for MCP and web calls, the call itself. Each action
gets the verdict of the policy's rules (user rules override built-in ones;
project rules only tighten unless trusted) raised to what the floors demand.
The call takes the strictest verdict of its actions.
"""

from __future__ import annotations

import contextvars
import os
import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from fnmatch import fnmatchcase as _fnmatchcase

from hookward.policy import budget, protection, provenance, specs
from hookward.policy import floors as fl
from hookward.policy.content import encrypted_at_rest, sniff_secret
from hookward.policy.floors import Floor
from hookward.policy.knowledge import environment as kenv
from hookward.policy.knowledge import paths as kpaths
from hookward.policy.knowledge import programs as kp
from hookward.policy.loader import CompiledPolicy, load_policy
from hookward.policy.paths import Target, home_dir, target
from hookward.policy.patterns import matches, matching_groups
from hookward.policy.shell import (
    HIJACK_VARS,
    SimpleCommand,
    analyze,
    brace_expand,
    expand_globs,
    find_selection,
    interpreter_family,
    literal_output,
    script_arg,
)
from hookward.policy.spec import Effect, Walk, walk
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Decision, Part, Verdict

FILE_KINDS = ("read", "write", "edit", "delete")

# --- precedence: which answer beats which -----------------------------------------------------------
#
# evaluate() is actions -> demands -> combine. Each action (a simple command, a file it touches, a file,
# MCP or web call) gets a verdict from the policy's rules, then every demand on it (the floors, the path
# rules and a spec's effects) is combined into that verdict; the call takes its strictest action.
#
# 1. Verdicts, strictest first: PRECEDENCE below. Combining keeps the stricter; at equal strictness every
#    rule id and reason that reached it is kept, in the order they came. A call is the strictest of its
#    actions (Decision.from_parts, in the same order).
# 2. Rules: the first rule layer with a match decides (a trusted project's, the user's, the managed
#    policy's, the built-in: CompiledPolicy.override_layers), and within it the strictest matching rule.
#    An untrusted project's rules and the managed policy's only tighten. No rule matches: the fallback
#    (`unknown_command`, `unknown_mcp`, or ask).
# 3. Demands only raise the rules' verdict, never lower it. A user rule's `loosens` lifts the demands of
#    the floors it names, for the words it matched, and only floors that can be loosened (floors.Floor):
#    self-protection, budget and the cloud metadata service stand against every rule.
PRECEDENCE: tuple[Verdict, ...] = (Verdict.DENY, Verdict.FORCE_ASK, Verdict.ASK, Verdict.ALLOW)
_STRICTNESS: dict[Verdict, int] = {verdict: len(PRECEDENCE) - rank for rank, verdict in enumerate(PRECEDENCE)}
# Verdict is an IntEnum ordered by strictness (Decision.from_parts takes the max): PRECEDENCE must be that order,
# so that comparing two verdicts is comparing their strictness, without hashing enum members on every demand.
if any((_STRICTNESS[a] > _STRICTNESS[b]) != (a > b) for a in PRECEDENCE for b in PRECEDENCE):
    raise RuntimeError("PRECEDENCE is not Verdict's order")


def stricter(verdict: Verdict, than: Verdict) -> bool:
    """Whether `verdict` beats `than` in PRECEDENCE."""
    return verdict > than


class Env:
    __slots__ = ("home", "cwd", "project", "command")

    def __init__(self, call: ToolCall) -> None:
        self.command = call.command  # the line the agent sent; nested values (`sh -c`, `--pre=`) are not it
        self.home = home_dir()
        self.cwd = os.path.normpath(call.cwd) if call.cwd else (call.project_root or os.getcwd())
        project = call.project_root or call.cwd
        # Never a system directory, the home directory or above (an agent started in ~ or / has no project
        # to confine it), or a repository that was not there at the session's first call (`git init ~`).
        self.project = provenance.project_root(project, self.home, call.session_id) if project else None


class Action:
    """One thing a call does, as the rules see it."""

    __slots__ = ("kind", "what", "cmd", "target", "recursive", "call")

    def __init__(
        self,
        kind: str,
        what: str,
        call: ToolCall,
        cmd: SimpleCommand | None = None,
        target: Target | None = None,
        recursive: bool = False,
    ) -> None:
        self.kind = kind  # shell (a simple command), read, write, edit, delete, mcp, web, other
        self.what = what
        self.call = call
        self.cmd = cmd
        self.target = target
        self.recursive = recursive


# --- rule matching ------------------------------------------------------------


def fnmatchcase(word: str, pattern: str) -> bool:
    """fnmatch, but a pattern without wildcards is a string comparison (fnmatch compiles a regex per pattern)."""
    if "*" not in pattern and "?" not in pattern and "[" not in pattern:
        return word == pattern
    return _fnmatchcase(word, pattern)


def _rule_matches(rule: dict, action: Action, env: Env) -> bool:
    kinds = rule.get("kinds")
    if kinds is not None and action.kind not in kinds:
        return False
    hosts = rule.get("hosts")
    if hosts is not None and action.call.host not in hosts:
        return False
    projects = rule.get("projects")
    if projects is not None and (env.project is None or env.project not in projects):
        return False
    tools = rule.get("tools")
    if tools is not None and not any(fnmatchcase(action.call.tool or "", p) for p in tools):
        return False
    if rule.get("programs") is not None or rule.get("commands") is not None or rule.get("args_any") is not None:
        cmd = action.cmd
        if cmd is None or action.kind != "shell":
            return False
        argv = _matchable_argv(cmd)
        # A person's rule that lets something through names a program by what would run, not by its last name.
        precise = rule["verdict"] < Verdict.DENY and not rule["id"].startswith("default.")
        if rule.get("programs") is not None:
            names = rule["programs"]
            if precise:
                if not any(_program_matches(name, cmd, env, True, family=True) for name in names):
                    return False
            else:
                names = _program_set(names)
                if argv[0] not in names and interpreter_family(argv[0]) not in names:
                    return False
        if rule.get("commands") is not None:
            # Only the patterns whose first token can name this program: a plain name names only itself.
            patterns = _commands_for(rule, cmd.program, argv) if env is not None else rule["commands"]
            if not any(_argv_matches(p, argv, cmd, env, precise) for p in patterns):
                return False
        if rule.get("args_any") is not None and not any(fnmatchcase(a, p) for a in argv[1:] for p in rule["args_any"]):
            return False
    if rule.get("paths") is not None or rule.get("scopes") is not None:
        tgt = action.target
        if tgt is None:
            return False
        if rule.get("scopes") is not None and tgt.scope not in rule["scopes"]:
            return False
        if rule.get("paths") is not None:
            compiled = rule["paths"]
            if not (
                matches(compiled, tgt.path, env.home, env.project) or matches(compiled, tgt.real, env.home, env.project)
            ):
                return False
    if rule.get("mcp") is not None:
        if action.kind != "mcp":
            return False
        name = f"{action.call.mcp_server or ''}/{action.call.mcp_tool or ''}"
        if not any(fnmatchcase(name, p) for p in rule["mcp"]):
            return False
    if rule.get("urls") is not None:
        if action.kind != "web" or not any(fnmatchcase(action.call.url or "", p) for p in rule["urls"]):
            return False
    return True


_HEADS: dict[int, tuple[dict, frozenset[str] | None]] = {}
_PROGRAM_SETS: dict[int, tuple[list[str], frozenset[str]]] = {}


def _program_set(names: list[str]) -> frozenset[str]:
    """A rule's `programs` list as a set, built once per list (the read-only tools rule names 164)."""
    found = _PROGRAM_SETS.get(id(names))
    if found is None or found[0] is not names or len(found[1]) > len(names):
        found = _PROGRAM_SETS[id(names)] = (names, frozenset(names))
    return found[1]


def _command_heads(rule: dict) -> frozenset[str] | None:
    """The program names a `commands` rule's patterns start with, when every one starts with a plain name
    (no slash, no wildcard): such a token matches only a command whose program is that name. None otherwise."""
    found = _HEADS.get(id(rule))
    if found is not None and found[0] is rule:
        return found[1]
    heads: set[str] | None = set()
    for pattern in rule["commands"]:
        tokens = pattern[:-1] if pattern and pattern[-1] == "$" else pattern
        first = tokens[0] if tokens else ""
        if not first or "/" in first or any(c in first for c in "*?["):
            heads = None
            break
        heads.add(first)  # type: ignore[union-attr]
    result = frozenset(heads) if heads is not None else None
    _HEADS[id(rule)] = (rule, result)
    return result


# id(rule) -> (the rule, its `commands` list, {(program, second word or None): [patterns]}, [the other patterns]).
_COMMANDS_BY_HEAD: dict[int, tuple[dict, list, dict[tuple[str, str | None], list[list[str]]], list[list[str]]]] = {}


def _plain(token: str) -> bool:
    return bool(token) and not any(c in token for c in "*?[")


def _commands_for(rule: dict, program: str, argv: list[str]) -> list[list[str]]:
    """The patterns of a `commands` rule that can match a command running `program` with these matchable
    words: `any()` over them is `any()` over the whole list (357 patterns for the runners rule, 42 for git's).
    A plain first token (no slash, no wildcard) matches only a command whose program is that name
    (_program_matches), and a plain later token only that very word (fnmatchcase), so the patterns are filed
    under their program and second token when those are plain; every other pattern is always tested."""
    commands = rule["commands"]
    found = _COMMANDS_BY_HEAD.get(id(rule))
    if found is None or found[0] is not rule or found[1] is not commands:
        by_head: dict[tuple[str, str | None], list[list[str]]] = {}
        rest: list[list[str]] = []
        for pattern in commands:
            tokens = pattern[:-1] if pattern and pattern[-1] == "$" else pattern
            first = tokens[0] if tokens else ""
            if not _plain(first) or "/" in first:
                rest.append(pattern)
            else:
                second = tokens[1] if len(tokens) > 1 and _plain(tokens[1]) else None
                by_head.setdefault((first, second), []).append(pattern)
        found = _COMMANDS_BY_HEAD[id(rule)] = (rule, commands, by_head, rest)
    table = found[2]
    own = table.get((program, None), [])
    if len(argv) > 1:
        own = own + table.get((program, argv[1]), [])
    return own + found[3] if found[3] else own


_MATCHABLE: dict[tuple[str, ...], list[str]] = {}


def _matchable_argv(cmd: SimpleCommand) -> list[str]:
    """The argv rules are matched against (a pure function of the words: remembered, since every rule of a
    layer asks for it). Callers read it and never change it."""
    key = tuple(cmd.argv)
    argv = _MATCHABLE.get(key)
    if argv is None:
        if len(_MATCHABLE) >= 4096:
            _MATCHABLE.clear()
        argv = [cmd.program] + cmd.args
        if cmd.program == "git":
            argv, _configs = fl.git_argv(argv)
        _MATCHABLE[key] = argv
    return argv


def _argv_matches(
    pattern: list[str], argv: list[str], cmd: SimpleCommand | None = None, env: Env | None = None, precise: bool = False
) -> bool:
    """Prefix match, token by token (fnmatch globs); a final `$` token means exactly.

    The first token names the program: a path (`./scripts/deploy.sh`) is that file, resolved against the
    project; a bare name is the program's name, and for `precise` rules the program PATH would run."""
    exact = bool(pattern) and pattern[-1] == "$"
    tokens = pattern[:-1] if exact else pattern
    if len(argv) < len(tokens) or (exact and len(argv) != len(tokens)):
        return False
    if tokens and cmd is not None and env is not None:
        if not _program_matches(tokens[0], cmd, env, precise):
            return False
        return all(fnmatchcase(word, token) for word, token in zip(argv[1:], tokens[1:], strict=False))
    return all(fnmatchcase(word, token) for word, token in zip(argv, tokens, strict=False))


# Set while a command line that assigns PATH is judged: a bare program name then says nothing about what runs.
_PATH_CHANGED: contextvars.ContextVar[bool] = contextvars.ContextVar("path_changed", default=False)
# Set while a rule's own examples are checked at load time: they must not depend on this machine's PATH.
EXAMPLE_PATH: contextvars.ContextVar[bool] = contextvars.ContextVar("example_path", default=False)
_TEMP_DIRS = ("/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "/private/var/tmp")


def _program_matches(token: str, cmd: SimpleCommand, env: Env, precise: bool, family: bool = False) -> bool:
    """Does a rule's program token name the program this command runs?

    A token with a slash is a file: `./x` and `x/y` relative to the project, `~/x` in the home, or absolute;
    it matches the command's program resolved the way the shell finds it. A bare token is a name; for a
    `precise` rule it matches only the program PATH would run, when nothing in the command line changes PATH
    and no relative or agent-writable PATH entry comes first (`deploy.sh` never matches `/tmp/evil/deploy.sh`)."""
    word = cmd.argv[0] if cmd.argv else ""
    if "/" in token:
        place = _rule_place(token, env)
        ran = _program_path(word, cmd, env)
        if place is None or ran is None:
            return False
        if fnmatchcase(ran, place):
            return True
        return not any(c in place for c in "*?[") and os.path.realpath(ran) == os.path.realpath(place)
    name = cmd.program
    if not (fnmatchcase(name, token) or (family and interpreter_family(name) == token)):
        return False
    if not precise:
        return True
    if _PATH_CHANGED.get() or any(assigned == "PATH" for assigned, _value in cmd.assigns):
        return False
    found, trusted = _which(name, cmd, env)
    if not trusted:
        return False
    if "/" in word:  # `/usr/bin/git` for a rule naming `git`: only the very program PATH would run
        ran = _program_path(word, cmd, env)
        return found is not None and ran is not None and os.path.realpath(ran) == os.path.realpath(found)
    return True


def _rule_place(token: str, env: Env) -> str | None:
    if token == "~" or token.startswith("~/"):
        return os.path.normpath(env.home + token[1:])
    if token.startswith("/"):
        return os.path.normpath(token)
    return os.path.normpath(os.path.join(env.project, token)) if env.project else None


def _program_path(word: str, cmd: SimpleCommand, env: Env) -> str | None:
    """Where the command's program is: its path as written (resolved against where it runs), or PATH's."""
    if "/" in word:
        if word == "~" or word.startswith("~/"):
            return os.path.normpath(env.home + word[1:])
        return os.path.normpath(os.path.join(cmd.cwd or env.cwd, word))
    if _PATH_CHANGED.get() or any(assigned == "PATH" for assigned, _value in cmd.assigns):
        return None
    found, trusted = _which(word, cmd, env)
    return found if trusted else None


def _which(name: str, cmd: SimpleCommand, env: Env) -> tuple[str | None, bool]:
    """(the file PATH finds for `name`, whether every PATH entry up to it is trusted). A relative entry, or one
    the agent can write (the project, the working directory, a temporary or world-writable directory), is not.
    Not found at all: trusted when nothing untrusted is on PATH (nothing planted could run instead)."""
    if EXAMPLE_PATH.get():
        return None, True
    cwd = cmd.cwd or env.cwd
    trusted = True
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        directory = os.path.normpath(os.path.join(cwd, entry or "."))
        if not entry.startswith("/") or _agent_writable(directory, env, cwd):
            trusted = False
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate, trusted
    return None, trusted


def _agent_writable(directory: str, env: Env, cwd: str) -> bool:
    for place in (env.project, cwd, *_TEMP_DIRS, os.environ.get("TMPDIR", "").rstrip("/") or None):
        if place and place.rstrip("/") and (directory == place or directory.startswith(place.rstrip("/") + "/")):
            return True
    try:
        return bool(os.stat(directory).st_mode & 0o002)
    except OSError:
        return False


class Verdicting:
    """Accumulates what rules and floors say about one action."""

    __slots__ = ("verdict", "rule_ids", "reasons", "loosens", "user_rule", "unscoped")

    def __init__(self) -> None:
        self.verdict = Verdict.ALLOW
        self.rule_ids: list[str] = []
        self.reasons: list[str] = []
        self.loosens: set[str] = set()
        self.user_rule: str | None = None  # the person's rule that decided, which a floor may override
        self.unscoped: set[str] = set()  # floors a rule loosens that the unmatched rest of the command raises

    def raise_to(self, verdict: Verdict, rule_id: str, reason: str) -> None:
        """Combine one more answer into this action's verdict (PRECEDENCE, at the top of this file)."""
        if verdict > self.verdict:
            self.verdict = verdict
            self.rule_ids = [rule_id]
            self.reasons = [reason]
        elif verdict == self.verdict and rule_id not in self.rule_ids:
            self.rule_ids.append(rule_id)
            self.reasons.append(reason)


# id(layer) -> (the layer, its length, kind -> [(rule, the program names it can match, or None for any)]).
# The last item: (kind, program name) -> the candidates, a pure function of the layer and that name, remembered
# (up to a bound) because every action of a kind and every command of a program asks again.
_LAYER_INDEX: dict[
    int,
    tuple[
        list[dict],
        int,
        dict[str | None, list[tuple[dict, frozenset[str] | None]]],
        dict[tuple[str, str | None], list[dict]],
    ],
] = {}


def _rule_programs(rule: dict) -> frozenset[str] | None:
    """The plain program names a rule can match a command by (its `programs`, else its `commands` heads), or
    None when it can match any command (no such key, or a token with a slash or a wildcard)."""
    names = rule.get("programs")
    if names is not None:
        # A rule that is not `precise` (_rule_matches) names programs by exact name, whatever characters a
        # name has (`[`, `[[`); a precise one matches a name with a wildcard or a slash otherwise.
        precise = rule["verdict"] < Verdict.DENY and not rule["id"].startswith("default.")
        if precise and any("/" in name or any(c in name for c in "*?[") for name in names):
            return None
        return frozenset(names)
    if rule.get("commands") is not None:
        return _command_heads(rule)
    return None


def _candidate_rules(layer: list[dict], action: Action) -> list[dict]:
    """The rules of a layer that can match this action, in the layer's order: the rest fail _rule_matches's
    first tests (a kind the rule does not list; a program the rule's `programs` or `commands` cannot name,
    judged by the command's program name and its interpreter family, as _rule_matches judges them).
    Callers read the list and never change it."""
    if len(layer) < 4:
        return layer
    found = _LAYER_INDEX.get(id(layer))
    if found is None or found[0] is not layer or found[1] != len(layer):
        kinds: set[str | None] = {None} | {kind for rule in layer for kind in (rule.get("kinds") or ())}
        table = {
            kind: [
                (rule, _rule_programs(rule))
                for rule in layer
                if rule.get("kinds") is None or kind is None or kind in rule["kinds"]
            ]
            for kind in kinds
        }
        found = _LAYER_INDEX[id(layer)] = (layer, len(layer), table, {})
    cmd = action.cmd
    program = cmd.program if action.kind == "shell" and cmd is not None else None
    remembered = found[3]
    candidates = remembered.get((action.kind, program))
    if candidates is not None:
        return candidates
    table = found[2]
    entries = table.get(action.kind)
    if entries is None:  # a kind no rule names: only the rules without `kinds` can match
        entries = [(rule, names) for rule, names in table[None] if rule.get("kinds") is None]
    if program is None:
        candidates = [rule for rule, _names in entries]
    else:
        family = interpreter_family(program)
        candidates = [rule for rule, names in entries if names is None or program in names or family in names]
    if len(remembered) >= 4096:
        remembered.clear()
    remembered[(action.kind, program)] = candidates
    return candidates


def _rules_verdict(
    policy: CompiledPolicy,
    action: Action,
    env: Env,
    fallback: Verdict | None,
    fallback_rule: tuple[str, str] | None = None,
) -> Verdicting:
    """User rules override built-in ones; untrusted project rules can only tighten."""
    result = Verdicting()
    decided = False
    for layer in policy.override_layers:
        if not layer:
            continue
        matched = [rule for rule in _candidate_rules(layer, action) if _rule_matches(rule, action, env)]
        if not matched:
            continue
        scoped: list[tuple[set[str], list[str]]] = []
        for rule in matched:
            result.raise_to(Verdict(rule["verdict"]), rule["id"], rule["reason"])
            if rule.get("user_level"):
                result.user_rule = result.user_rule or rule["id"]
                if rule.get("loosens") and not _NO_LOOSEN.get():
                    result.loosens.update(rule["loosens"])
                    remainder = _unmatched_argv(rule, action)
                    if remainder is not None:
                        scoped.append((set(rule["loosens"]), remainder))
        for floors, remainder in scoped:
            # `loosens` covers what the rule matched: a floor the rest of the argv raises on its own stands.
            if floors & result.loosens and action.cmd is not None:
                raised = floors & _floors_raised(remainder, action, policy, env)
                result.loosens -= raised
                result.unscoped |= raised
        # Within a layer the strictest matching rule wins; but an allow that
        # a stricter rule of the same layer contradicts has already lost.
        decided = True
        break
    if not decided and fallback is not None:
        rule_id, reason = fallback_rule or ("default.unknown", f"no rule knows {action.what!r}")
        result.raise_to(fallback, rule_id, reason)
    for rule in policy.tighten_only:
        if _rule_matches(rule, action, env) and stricter(Verdict(rule["verdict"]), result.verdict):
            result.raise_to(Verdict(rule["verdict"]), rule["id"], rule["reason"])
    return result


def _judge(
    action: Action, policy: CompiledPolicy, env: Env, fallback: Verdict | None, demands: Iterable[fl.Demand] = ()
) -> Verdicting:
    """One action: the rules' verdict, then every demand on it combined in (PRECEDENCE, at the top)."""
    result = _rules_verdict(policy, action, env, fallback)
    for demand in demands:
        _apply_floor(result, demand)
    return result


def _apply_floor(result: Verdicting, demand: fl.Demand) -> None:
    """Combine one demand into an action's verdict, unless a user rule loosens its (loosenable) floor."""
    raised = _RAISED.get()
    if raised is not None:
        raised.add(demand.floor)
    if demand.floor in result.loosens and demand.floor.loosenable:
        return
    reason = demand.reason
    if demand.floor in result.unscoped and stricter(demand.verdict, result.verdict):
        reason = (
            f"{reason} (user rule {result.user_rule!r} loosens {demand.floor} only for the words its `commands` "
            "pattern matched; the rest of this command raises it on its own)"
        )
    elif result.user_rule is not None and stricter(demand.verdict, result.verdict):
        reason = f"{reason} ({fl.loosen_hint(demand.floor, result.user_rule)})"
    result.raise_to(demand.verdict, demand.floor.rule_id, reason)


# While the unmatched rest of a command is judged (to scope a rule's `loosens`): no loosening, floors recorded.
_NO_LOOSEN: contextvars.ContextVar[bool] = contextvars.ContextVar("no_loosen", default=False)
_RAISED: contextvars.ContextVar[set[str] | None] = contextvars.ContextVar("raised", default=None)


def _unmatched_argv(rule: dict, action: Action) -> list[str] | None:
    """The command's argv without the words the rule's longest matching `commands` pattern matched, or None
    when the rule matched the whole command (a `programs` rule, a pattern ending in `$`, nothing left)."""
    cmd = action.cmd
    if cmd is None or not rule.get("commands"):
        return None
    matchable = _matchable_argv(cmd)
    lengths = [len(p) - (p[-1] == "$") for p in rule["commands"] if p and p[-1] != "$" and _argv_matches(p, matchable)]
    if not lengths:
        return None
    taken = matchable[1 : max(lengths)]
    rest: list[str] = []
    for word in cmd.argv[1:]:
        if taken and word == taken[0]:
            taken.pop(0)
        else:
            rest.append(word)  # git's global options stay: `git -c core.fsmonitor=... status` keeps its `-c`
    return [cmd.argv[0], *rest] if rest else None


def _floors_raised(argv: list[str], action: Action, policy: CompiledPolicy, env: Env) -> set[str]:
    """Every floor that judging `argv` as a command of its own raises (no rule loosening anything)."""
    from copy import copy

    assert action.cmd is not None
    if action.cmd.unresolved - {0}:
        return set(fl.FLOOR_IDS)  # a word only known at run time may be anything
    rest = copy(action.cmd)
    rest.argv = argv
    loosen, raised = _NO_LOOSEN.set(True), _RAISED.set(set())
    try:
        _command_parts(rest, action.call, policy, env, False)
        return _RAISED.get() or set()
    finally:
        _NO_LOOSEN.reset(loosen)
        _RAISED.reset(raised)


# --- file targets ---------------------------------------------------------------


def _file_demands(
    kind: str, tgt: Target, policy: CompiledPolicy, env: Env, recursive: bool, metadata_only: bool
) -> list[fl.Demand]:
    demands: list[fl.Demand] = []
    home, project = env.home, env.project
    writes = kind in ("write", "edit", "delete")
    for path in {tgt.path, tgt.real}:
        if writes:
            # Self-protection (hookward's own files, every host's config locations) is policy.protection's,
            # judged in _file_part, where the call's new content is known.
            # One index over every list of the table (patterns.matching_groups), not one lookup set per list.
            for group_id, label, _compiled in matching_groups(policy.persistence, path, home, project):
                verdict = (
                    Verdict.ASK
                    if group_id in ("ci", "project-config", "agent-config", "agent-commands", "path-dirs")
                    else Verdict.DENY
                )
                demands.append(
                    fl.Demand(
                        Floor.PERSISTENCE,
                        verdict,
                        f"{tgt.written} is one of the {label}: changing it makes code run later",
                    )
                )
        if not metadata_only:
            # Another user's home holds the same stores as one's own: judge it against the same list.
            owner_home = _home_of(path) or home
            found = False
            for group_id, label, _compiled in matching_groups(policy.credentials, path, owner_home, project):
                found = True
                if group_id == "dotenv" and tgt.scope in ("project", "tmp"):
                    if kind == "read" and encrypted_at_rest(tgt.real):
                        continue  # a sops / ansible-vault / git-crypt file: its text is ciphertext
                    # Reading project secrets exposes them to the model; writing one is routine setup.
                    verdict = Verdict.FORCE_ASK if kind == "read" else Verdict.ASK
                else:
                    verdict = Verdict.DENY
                demands.append(fl.Demand(Floor.CREDENTIALS, verdict, f"{tgt.written} holds {label}"))
            if not found:
                # A host told where to keep its files (CODEX_HOME, CLAUDE_CONFIG_DIR) keeps its sign-in there too.
                for host, variable, default in protection.moved_defaults(path, owner_home):
                    for group_id, label, _compiled in matching_groups(policy.credentials, default, owner_home, project):
                        if group_id == f"host-{host}":
                            found = True
                            demands.append(
                                fl.Demand(
                                    Floor.CREDENTIALS,
                                    Verdict.DENY,
                                    f"{tgt.written} holds {label} (${variable} keeps them in {path.rsplit('/', 1)[0]})",
                                )
                            )
            if (
                not found
                and kind == "read"
                and tgt.scope not in ("project", "project-root")
                and _unlisted_home_dotfile(path, owner_home, policy)
            ):
                demands.append(
                    fl.Demand(
                        Floor.CREDENTIALS,
                        Verdict.ASK,
                        f"{tgt.written} is a dot-file or application data in a home directory that is not known to be "
                        "harmless (credential stores hide there, and no list of them is complete)",
                    )
                )
            # A recursive reader handed one file (`tar czf - keys/deploy`, `grep -r . ~/.npmrc`) reads it too; a
            # directory is never sniffed (sniff_secret reads regular files only; the tree lists judge directories).
            if not found and kind == "read" and path == tgt.real:
                secret = sniff_secret(path, (os.path.basename(tgt.path.rstrip("/")),))
                if secret is not None:
                    inside = tgt.scope in ("project", "project-root", "tmp")
                    demands.append(
                        fl.Demand(
                            Floor.CREDENTIALS,
                            Verdict.ASK if inside else Verdict.DENY,
                            f"{tgt.written} holds {secret}",
                        )
                    )
    if recursive and kind in ("write", "edit", "delete") and _holds(tgt, policy.protected_trees, env):
        demands.append(
            fl.Demand(
                Floor.PERSISTENCE,
                Verdict.DENY,
                f"{tgt.written} is a tree that holds startup files, hook configs or hookward's own state; writing into it wholesale can replace them",
            )
        )
    if kind in ("write", "edit") and _holds_project_places(tgt, env, recursive):
        demands.append(
            fl.Demand(
                Floor.PERSISTENCE,
                Verdict.ASK,
                f"{tgt.written} holds or becomes a repository's hooks, config or agent settings "
                "(.git, .husky, .claude, ...): copying a tree there can plant code that runs later",
            )
        )
    if recursive and kind == "read" and not metadata_only and _holds(tgt, policy.credential_trees, env):
        demands.append(
            fl.Demand(
                Floor.CREDENTIAL_SWEEP,
                Verdict.DENY,
                f"{tgt.written} is a tree that holds credentials; sweeping it reads them all",
            )
        )
    if kind == "delete":
        scope = tgt.scope
        if scope in ("root", "home-root") or tgt.path in (
            "/home",
            "/Users",
            "/usr",
            "/etc",
            "/var",
            "/bin",
            "/lib",
            "/opt",
            "/boot",
            "/sbin",
            "/tmp",
            "/var/tmp",
            "/private/tmp",
            "/dev/shm",
        ):
            demands.append(
                fl.Demand(Floor.DESTRUCTIVE, Verdict.DENY, f"deletes {tgt.written}, which holds everything there")
            )
        elif scope == "project-root" and recursive:
            demands.append(fl.Demand(Floor.DESTRUCTIVE, Verdict.DENY, "deletes the whole project"))
        elif scope == "project" and re.search(r"(^|/)\.git(/|$)", tgt.path[len(project or "") :]):
            demands.append(fl.Demand(Floor.DESTRUCTIVE, Verdict.FORCE_ASK, "deletes git history"))
        elif scope in ("project", "tmp") and recursive and scope != "tmp" and not _regenerable_tree(tgt, env):
            demands.append(
                fl.Demand(Floor.DESTRUCTIVE, Verdict.ASK, f"recursively deletes {tgt.written}: a person should confirm")
            )
        elif scope == "elsewhere" and recursive:
            demands.append(
                fl.Demand(
                    Floor.DESTRUCTIVE,
                    Verdict.ASK,
                    f"recursively deletes {tgt.written}, outside the project, in a place this machine does not have",
                )
            )
        elif scope in ("home", "system") and recursive:
            demands.append(
                fl.Demand(Floor.DESTRUCTIVE, Verdict.DENY, f"recursively deletes {tgt.written}, outside the project")
            )
        elif scope == "device":
            demands.append(fl.Demand(Floor.DESTRUCTIVE, Verdict.DENY, f"deletes or wipes the device {tgt.written}"))
    if kind in ("write", "edit") and tgt.scope == "device":
        demands.append(fl.Demand(Floor.DESTRUCTIVE, Verdict.DENY, f"writes straight onto the device {tgt.written}"))
    return demands


def _regenerable_tree(tgt: Target, env: Env) -> bool:
    """A recursive delete inside the project that removes no tree of the person's work: the target is there and
    is no directory (nothing to recurse into: a plain delete), or it is a directory tools generate by name
    (kpaths.GENERATED_TREES: `dist`, `node_modules`, `.next`, `__pycache__`) in a repository whose index tracks no
    file under it. A target that is not there is judged as before (what the command names is all there is to go
    by, and the line or another call may create it); so is one outside any repository, and one an earlier command
    of the same line may have changed or filled (`mv src dist/ && rm -rf dist`)."""
    import stat

    try:
        info = os.lstat(tgt.path)
    except OSError:
        return False
    if _changed_earlier(tgt.real, env, inside=True) is not None:
        return False
    if stat.S_ISLNK(info.st_mode) and tgt.written.endswith("/"):
        return False  # `rm -rf link/` follows the link into the directory it names
    if not stat.S_ISDIR(info.st_mode):
        return True  # a file or a symlink: rm -r removes it alone
    name = os.path.basename(tgt.path)
    if name not in kpaths.GENERATED_TREES and not name.endswith(kpaths.GENERATED_SUFFIXES):
        return False
    if os.path.lexists(os.path.join(tgt.real, ".git")):
        return False  # a repository or worktree of its own (a gh-pages clone in `site/`): its history is work
    repo = provenance.find_repo(os.path.dirname(tgt.real))
    if repo is None:
        return False  # no index to tell a generated tree from one the person keeps there
    relative = os.path.relpath(tgt.real, os.path.realpath(repo.worktree))
    if relative.startswith(".."):
        return False
    head = provenance.read_head(repo)
    return provenance.index_tracks_under(repo, relative, len(head) // 2 if head else 20) is False


_DRIVE = re.compile(r"^([A-Za-z]):/")
_WINDOWS_PROFILE = re.compile(r"^(?:%USERPROFILE%|%HOMEDRIVE%%HOMEPATH%|%HOME%)(?=/|$)", re.IGNORECASE)


def _windows_spellings(word: str) -> list[str]:
    """The place a Windows spelling of a path names, judged beside the word as written: a Windows program
    started from WSL (`powershell.exe Get-Content C:\\Users\\u\\.aws\\credentials`, `cmd.exe /c type ...`) reads
    the Windows profile, which WSL mounts at /mnt/c and Git Bash at /c (both homes to _home_of); `%USERPROFILE%\\x`
    is the home. Elsewhere the extra spelling only adds a stricter reading of a name no Linux program would be
    handed on purpose (a write to a drive this machine does not have stays the ask it was)."""
    if "\\" not in word and ":" not in word[1:3] and "%" not in word:
        return []
    slashed = word.replace("\\", "/")
    drive = _DRIVE.match(slashed)
    if drive is not None:
        return [f"/{drive.group(1).lower()}/{slashed[3:]}"]  # as Git Bash spells it; /mnt/c is the same profile
    profile = _WINDOWS_PROFILE.match(slashed)
    if profile is not None:
        return ["~" + slashed[profile.end() :]]
    return [slashed] if slashed != word else []


# A Windows profile as WSL (/mnt/c), Git Bash and MSYS (/c) and Cygwin (/cygdrive/c) mount it is a home too.
_OTHER_HOME = re.compile(
    r"^(/home/[^/]+|/Users/[^/]+|/root|/var/root|(?:/mnt|/cygdrive)?/[A-Za-z]/(?i:users)/[^/]+)(?=/|$)"
)


def _home_of(path: str) -> str | None:
    match = _OTHER_HOME.match(path)
    return match.group(1) if match else None


def _unlisted_home_dotfile(path: str, home: str, policy: CompiledPolicy) -> bool:
    """A dot-file, or anything under a dot-directory or an application-data directory (macOS ~/Library/Application
    Support, Windows AppData: where the same stores live without a dot), of a home, that the harmless list does not
    name."""
    if not path.startswith(home.rstrip("/") + "/"):
        return False
    relative = path[len(home.rstrip("/")) + 1 :]
    folded = relative.lower() + "/"
    if not any(part.startswith(".") for part in relative.split("/")) and not folded.startswith(kpaths.HOME_APP_DATA):
        return False
    return not matches(policy.home_harmless, path, home, None)


# Directories that hold code-running configuration wherever a repository is (`.git/hooks`, `.husky`,
# `.claude/settings.json`, CI definitions): project-anchored, so the home- and root-anchored tree table misses them.
_PROJECT_PLACES = frozenset(
    {".git", ".husky", ".githooks", ".github", ".claude", ".cursor", ".vscode", ".gemini", ".codex"}
    | {".devcontainer", ".circleci", ".hookward", ".cargo", ".kiro", ".windsurf", ".qwen"}
)


def _holds_project_places(tgt: Target, env: Env, recursive: bool) -> bool:
    """A tree write into a project root or a directory holding `.git`/`.claude` (`cp -r /tmp/p/. .`), into such
    a directory itself (`cp -r /tmp/p/. .git/`), or a write that creates one (`mv /tmp/p/.git .`)."""
    for path in {tgt.path, tgt.real}:
        name = os.path.basename(path.rstrip("/"))
        if name in (".git", ".husky", ".githooks"):
            return True
        if not recursive:
            continue
        if name in _PROJECT_PLACES or (env.project is not None and path.rstrip("/") == env.project):
            return True
        if os.path.isdir(path) and any(os.path.lexists(os.path.join(path, place)) for place in (".git", ".claude")):
            return True
    return False


def _holds(tgt: Target, trees: list[list[str]], env: Env) -> bool:
    """A directory that is, or contains, one of these places (~ and / contain everything)."""
    for path in {tgt.path, tgt.real}:
        if path in ("/", env.home, "/home", "/Users") or env.home.startswith(path.rstrip("/") + "/"):
            return True
        inside = path.rstrip("/") + "/"
        # Another user's home holds the same places as one's own (`grep -r token /home/bob`).
        owner = _home_of(path)
        for home in {env.home, owner} if owner else {env.home}:
            places = _tree_places(trees, home)
            at = bisect_left(places, inside)
            if at < len(places) and places[at].startswith(inside):
                return True  # some place, as written or with one trailing slash, starts with `inside`
    return False


# (id(trees), home) -> (the trees, their number, every place of them spelled as written and with one trailing
# slash, sorted: the places that start with a prefix sit together, from the first one not below the prefix).
_TREE_PLACES: dict[tuple[int, str], tuple[list[list[str]], int, list[str]]] = {}


def _tree_places(trees: list[list[str]], home: str) -> list[str]:
    found = _TREE_PLACES.get((id(trees), home))
    if found is None or found[0] is not trees or found[1] != len(trees):
        if len(_TREE_PLACES) >= 256:
            _TREE_PLACES.clear()
        texts: set[str] = set()
        for base, literal in trees:
            place = (home + "/" + literal) if base == "home" else ("/" + literal)
            texts.add(place)
            texts.add(place.rstrip("/") + "/")
        found = _TREE_PLACES[(id(trees), home)] = (trees, len(trees), sorted(texts))
    return found[2]


# --- shell ----------------------------------------------------------------------

# Options that point a build or test runner at configuration or code elsewhere.
RUNNER_CONFIG_OPTIONS = (
    "-c",
    "--config",
    "--config-file",
    "--rootdir",
    "--confcutdir",
    "-C",
    "--directory",
    "-f",
    "--file",
    "--makefile",
    "--manifest-path",
    "--project",
    "--settings",
    "--rcfile",
    "--init-file",
    "-p",
)
FIND_FILTERS = frozenset(
    {
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-regex",
        "-iregex",
        "-type",
        "-mtime",
        "-mmin",
        "-newer",
        "-size",
        "-empty",
        "-user",
        "-perm",
        "-wholename",
    }
)
RECURSIVE_FLAGS = frozenset({"-r", "-R", "--recursive", "-a", "--archive", "--mirror"})
READ_RECURSIVE = frozenset(
    {
        "tar",
        "zip",
        "7z",
        "rar",
        "rsync",
        "cp",
        "scp",
        "grep",
        "egrep",
        "rg",
        "ag",
        "ack",
        "find",
        "du",
        "tree",
        "ls",
        "fd",
        "chmod",
        "chown",
        "gsutil",
        "rclone",
        "rm",
        "shred",
    }
)
DELETE_PROGRAMS = frozenset({"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "wipe"})
WRITE_LAST = frozenset({"cp", "mv", "install", "ln", "rsync", "scp"})
WRITE_ALL = frozenset({"touch", "mkdir", "tee", "truncate", "chmod", "chown", "chgrp", "setfacl", "chattr"})


def _path_args(cmd: SimpleCommand) -> list[tuple[int, str]]:
    out = []
    after_dd = False
    for i, arg in enumerate(cmd.args, start=1):
        if arg == "--":
            after_dd = True
            continue
        if arg.startswith("-") and not after_dd:
            if "=" in arg and arg.startswith("--"):
                value = arg.split("=", 1)[1]
                if value.startswith(("/", "~", ".")):
                    out.append((i, value))
            continue
        out.append((i, arg))
    return out


AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})


def _awk_files(cmd: SimpleCommand) -> list[tuple[str, str, bool]]:
    """Files an awk program names itself: `getline < "f"` reads f, `print > "f"` writes it."""
    effects: list[tuple[str, str, bool]] = []
    for code in (a for a in cmd.args if not a.startswith("-")):
        for quoted in re.findall(r'getline[^<;]*<\s*"([^"]+)"', code):
            effects.append(("read", quoted, False))
        for quoted in re.findall(r'print[f]?[^>;|]*>>?\s*"([^"]+)"', code):
            effects.append(("write", quoted, False))
    return effects


def _file_effects(cmd: SimpleCommand) -> list[tuple[str, str, bool]]:
    """(kind, written path, recursive) for what a command reads, writes and deletes."""
    program = cmd.program
    args = cmd.args
    flags = fl._flag_set(args)
    recursive = bool(flags & RECURSIVE_FLAGS) or program in ("tar", "zip", "7z", "rsync") or (program == "find")
    if program in ("grep", "egrep", "rg", "ag", "ack") and program != "grep":
        recursive = True
    effects: list[tuple[str, str, bool]] = []
    positional = _path_args(cmd)
    if program in ("mkfifo", "mknod", "sqlite3", "sqlite"):
        # What mkfifo / mknod name they create; sqlite3 may write the database it opens (the ledger is one).
        return [("write", arg, False) for _i, arg in positional if _is_pathish(arg)]
    if program == "dd":
        for arg in args:
            if arg.startswith("if="):
                effects.append(("read", arg[3:], False))
            elif arg.startswith("of="):
                effects.append(("write", arg[3:], False))
        return effects
    if program == "find":
        roots = []
        for arg in args:
            if arg.startswith(("-", "(", "!", ")")):
                break
            roots.append(arg)
        roots = roots or ["."]
        filtered = any(a in FIND_FILTERS for a in args)
        if "-delete" in args:
            for root in roots:
                # With a filter, -delete removes what matched inside the tree, not the tree itself.
                effects.append(("delete", root if not filtered else os.path.join(root, "(matching files)"), True))
        for root in roots:
            effects.append(("read", root, True))
        for i, arg in enumerate(args):
            if arg in ("-fprint", "-fprint0", "-fprintf", "-fls") and i + 1 < len(args):
                effects.append(("write", args[i + 1], False))
        return effects
    if program in DELETE_PROGRAMS and not positional:
        effects.append(("delete", "", recursive))
        return effects
    if program in DELETE_PROGRAMS or (program == "git" and len(args) > 0 and args[0] == "rm"):
        for i, arg in positional:
            if program == "git" and i == 1:
                continue
            effects.append(("delete", arg, recursive or program == "rmdir"))
        return effects
    if program in AWKS:
        effects += _awk_files(cmd)
    if program == "git":
        argv, _configs = fl.git_argv(cmd.argv)
        base = _option_value(cmd.argv[1:], ("-C",)) or _option_value(cmd.argv[1:], ("--work-tree",)) or ""
        sub = argv[1] if len(argv) > 1 else ""
        names = [a for a in argv[2:] if not a.startswith("-")]
        if sub == "add" and (any(a in ("-A", "--all", ".", ":/") for a in argv[2:]) or not names):
            effects.append(("read", base or ".", True))
        for name in names:
            path = name.split(":", 1)[1] if ":" in name and sub in ("show", "cat-file", "archive") else name
            if path and _is_pathish(path):
                effects.append(("read", os.path.join(base, path) if base else path, False))
        return effects
    if program in ("sed", "perl", "ruby") and any(
        a.startswith("-i") or a == "--in-place" or re.match(r"^-[a-zA-Z]*i", a) for a in args
    ):
        for _i, arg in positional[1:]:
            effects.append(("edit", arg, False))
        return effects
    target_dir = _option_value(args, ("-t", "--target-directory"))
    if program in WRITE_LAST and target_dir is not None:
        for _i, arg in positional:
            if arg != target_dir:
                effects.append(("delete" if program == "mv" else "read", arg, recursive))
                effects.append(("write", os.path.join(target_dir, os.path.basename(arg.rstrip("/"))), recursive))
        return effects
    if program == "tar":
        directory = _option_value(args, ("-C", "--directory"))
        extracting = any(
            a in ("-x", "--extract", "--get")
            or (
                not a.startswith("--")
                and a.lstrip("-").startswith(("x",))
                or (a.startswith("-") and not a.startswith("--") and "x" in a)
            )
            for a in args[:2]
        )
        archive = _option_value(args, ("-f", "--file"))
        if extracting:
            effects.append(("write", directory or ".", True))
            if archive:
                effects.append(("read", archive, False))
            return effects
        if directory:
            effects.append(("read", directory, True))
    if program == "unzip":
        directory = _option_value(args, ("-d",))
        effects.append(("write", directory or ".", True))
        return effects
    if program in ("sort",) and _option_value(args, ("-o", "--output")):
        effects.append(("write", _option_value(args, ("-o", "--output")) or "", False))
    if program == "uniq" and len(positional) == 2:
        effects.append(("read", positional[0][1], False))
        effects.append(("write", positional[1][1], False))
        return effects
    if program == "patch":
        for _i, arg in positional[:1]:
            effects.append(("edit", arg, False))
        directory = _option_value(args, ("-d", "--directory"))
        if directory:
            effects.append(("edit", directory, True))
        return effects
    if program == "truncate":
        size = _option_value(args, ("-s", "--size"))
        for _i, arg in positional:
            if arg != size:
                effects.append(("write", arg, False))
        return effects
    if program == "ln" and len(positional) >= 2:
        for _i, arg in positional[:-1]:
            effects.append(("read", arg, True))  # a link to a directory exposes the whole tree
        effects.append(("write", positional[-1][1], False))
        return effects
    if program in WRITE_LAST and len(positional) >= 2:
        destination = positional[-1][1]
        for _i, arg in positional[:-1]:
            # Into a directory, a copy creates destination/<name>: judge that file too.
            effects.append(("write", os.path.join(destination, os.path.basename(arg.rstrip("/"))), recursive))
        for _i, arg in positional[:-1]:
            effects.append(("delete" if program == "mv" else "read", arg, recursive))
            if program == "mv":
                effects.append(("read", arg, recursive))
        effects.append(("write", positional[-1][1], recursive))
        return effects
    if program in WRITE_ALL:
        skip_first = program in ("chmod", "chown", "chgrp", "setfacl", "truncate")
        for n, (_i, arg) in enumerate(positional):
            if skip_first and n == 0:
                continue
            effects.append(("write", arg, recursive))
        return effects
    if program in ("curl", "wget"):
        for i, arg in enumerate(args):
            if (
                arg in ("-o", "--output", "-O", "--output-document")
                and i + 1 < len(args)
                and not (program == "curl" and arg == "-O")
            ):
                effects.append(("write", args[i + 1], False))
            elif arg.startswith("@") and len(arg) > 1:
                effects.append(("read", arg[1:], False))
            elif "=@" in arg or arg.startswith(("-d@", "-F")) and "@" in arg:
                effects.append(("read", arg.split("@", 1)[1].split(";", 1)[0], False))
            elif arg in ("-T", "--upload-file", "--data-binary", "-d", "--data", "-F", "--form") and i + 1 < len(args):
                value = args[i + 1]
                if arg in ("-T", "--upload-file"):
                    effects.append(("read", value, False))
                elif "@" in value:
                    effects.append(("read", value.split("@", 1)[1].split(";", 1)[0], False))
            elif arg in ("-K", "--config", "--netrc-file", "--cert", "--key", "-E") and i + 1 < len(args):
                effects.append(("read", args[i + 1], False))
        return effects
    if program in ("tar",) and any(a.startswith("-") and "x" in a or a.startswith("x") for a in args[:1]):
        return effects  # extraction writes into cwd; judged by rules on tar
    # Any other program: every argument that could name a file is something it may read.
    if program in kp.NON_READING:
        return effects
    for _i, arg in positional:
        if _is_pathish(arg):
            effects.append(("read", arg, recursive and program in READ_RECURSIVE))
    return effects


def _option_value(args: list[str], names: tuple[str, ...]) -> str | None:
    """The value of an option given as `-t DIR`, `-tDIR`, `--target-directory=DIR` or `--target-directory DIR`."""
    for i, arg in enumerate(args):
        for name in names:
            if arg == name and i + 1 < len(args):
                return args[i + 1]
            if name.startswith("--") and arg.startswith(name + "="):
                return arg[len(name) + 1 :]
            if not name.startswith("--") and arg.startswith(name) and len(arg) > len(name) and not arg.startswith("--"):
                return arg[len(name) :]
    return None


def _is_pathish(arg: str) -> bool:
    """Could this argument name a file? Any plain word can (`cat credentials` in ~/.aws); URLs and text cannot."""
    if not arg or len(arg) > 4096 or "\n" in arg or " " in arg or "\t" in arg:
        return False
    return not re.match(r"^[a-z][a-z0-9+.-]*://", arg)


def _load_path_demand(detail: str, env: Env) -> fl.Demand | None:
    """`PYTHONPATH=/abs/dir` (NODE_PATH, PERL5LIB, RUBYLIB, LD_LIBRARY_PATH): directories a program loads code from.
    Inside the project they hold the project's code, as a relative entry does; anywhere else that code is not known
    to be the person's, as a script outside the project is not: ask."""
    name, _, value = detail.partition("=")
    if ";" in value:
        # Windows Python, node and perl split these lists at `;` (`'/proj/src;/tmp/x'`): the entries are not read.
        return fl.Demand(
            Floor.HIJACK, Verdict.ASK, f"{name} is a ';'-separated list whose entries hookward does not read"
        )
    for entry in value.split(":"):
        if entry.startswith("/") and target(entry, env.cwd, env.home, env.project).scope not in (
            "project",
            "project-root",
        ):
            return fl.Demand(
                Floor.HIJACK,
                Verdict.ASK,
                f"{name} adds {entry} to where programs load code from: outside the project, code hookward does "
                "not read",
            )
    return None


def _shell_parts(call: ToolCall, policy: CompiledPolicy, env: Env) -> list[Part]:
    command = call.command or ""
    analysis = analyze(command, env.cwd, env.home)
    parts: list[Part] = []
    # `source f` / `. f` with a literal name: the command part judges f by its provenance.
    sourced = {c.text for c in analysis.commands if c.program in ("source", ".") and c.args and not c.unresolved}
    for finding in analysis.findings:
        if finding.kind == "opaque" and finding.text in sourced and "runs a script file" in finding.detail:
            continue
        if finding.kind == "load-path":
            load = _load_path_demand(finding.detail, env)
            if load is None:
                continue
            parts.append(
                Part(finding.text or command[:200], "hijack", load.verdict, [load.floor.rule_id], [load.reason])
            )
            continue
        demand = fl.finding_demand(finding.kind, finding.detail)
        parts.append(
            Part(finding.text or command[:200], finding.kind, demand.verdict, [demand.floor.rule_id], [demand.reason])
        )
    egress_in_line = any(cmd.program in kp.EGRESS for cmd in analysis.commands)  # once per line, not per command
    changes_path = _PATH_CHANGED.set(
        _PATH_CHANGED.get()
        or any(f.kind == "hijack" and f.detail.startswith("changes PATH") for f in analysis.findings)
    )
    # A line nested in a command (`bundle exec rake`, `uv run npm test`, a person's script) runs after what ran
    # before that command: `echo x > Rakefile && bundle exec rake` runs the Rakefile the line wrote.
    outer = _EARLIER.get() or []
    try:
        for n, cmd in enumerate(analysis.commands):
            budget.check_deadline()
            line = _EARLIER.set(outer + analysis.commands[:n])  # what ran before it may have written what it runs
            try:
                parts.extend(_command_parts(cmd, call, policy, env, egress_in_line))
            finally:
                _EARLIER.reset(line)
    finally:
        _PATH_CHANGED.reset(changes_path)
    parts.extend(_download_then_run(analysis.commands, env))
    if not parts:
        parts.append(Part(command[:200], "noop", Verdict.ALLOW, ["default.empty"], ["an empty command does nothing"]))
    return parts


def _fed_from_outside(cmd: SimpleCommand, env: Env) -> bool:
    """`du -a ~ | xargs cat`: the names an xargs command gets come from a listing outside the project."""
    for source in cmd.piped_from:
        if source.program in ("locate", "plocate", "mlocate", "slocate"):
            return True  # names from the whole filesystem's index
        for _kind, written, _recursive in _file_effects(source):
            if written and target(written, source.cwd or env.cwd, env.home, env.project).scope not in (
                "project",
                "project-root",
                "tmp",
                "harmless-device",
            ):
                return True
    return False


def _cloned_directories(commands: list[SimpleCommand], env: Env) -> set[str]:
    places = set()
    for cmd in commands:
        if cmd.program == "git" and len(cmd.args) >= 2 and fl.git_argv(cmd.argv)[0][1:2] == ["clone"]:
            positional = [a for a in fl.git_argv(cmd.argv)[0][2:] if not a.startswith("-")]
            if not positional:
                continue
            directory = (
                positional[1]
                if len(positional) > 1
                else positional[0].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
            )
            places.add(target(directory, cmd.cwd or env.cwd, env.home, env.project).path)
    return places


def _download_then_run(commands: list[SimpleCommand], env: Env) -> list[Part]:
    """`curl -o x.sh URL && sh x.sh`: running what the same command line downloaded."""
    downloaded: set[str] = set()
    for cmd in commands:
        if cmd.program not in kp.EGRESS:
            continue
        for kind, written, _recursive in _file_effects(cmd):
            if kind == "write":
                downloaded.add(target(written, env.cwd, env.home, env.project).path)
        for redirect in cmd.redirects:
            if redirect.writes:
                downloaded.add(target(redirect.target, env.cwd, env.home, env.project).path)
        if cmd.program == "wget" and not any(a in ("-O", "--output-document") or a.startswith("-O") for a in cmd.args):
            for arg in cmd.args:
                if re.match(r"^[a-z]+://", arg):
                    name = arg.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
                    if name:
                        downloaded.add(target(name, env.cwd, env.home, env.project).path)
    cloned = _cloned_directories(commands, env)
    if not downloaded and not cloned:
        return []
    parts = []
    for cmd in commands:
        if (
            cloned
            and cmd.program not in ("git", "cd", "ls", "cat")
            and any((cmd.cwd or env.cwd) == place or (cmd.cwd or env.cwd).startswith(place + "/") for place in cloned)
        ):
            parts.append(
                Part(
                    " ".join(cmd.argv)[:300],
                    "exec",
                    Verdict.FORCE_ASK,
                    [Floor.FETCH_AND_RUN.rule_id],
                    ["runs code in a repository this same command line cloned"],
                )
            )
            continue
        if cmd.program in kp.EGRESS:
            continue
        runs = [cmd.argv[0]] if cmd.argv and "/" in cmd.argv[0] else []
        if interpreter_family(cmd.program) in kp.INTERPRETERS or cmd.program in ("source", ".", "chmod"):
            runs += [a for a in cmd.args if not a.startswith("-")][:2]
        for written in runs:
            if target(written, env.cwd, env.home, env.project).path in downloaded:
                parts.append(
                    Part(
                        " ".join(cmd.argv)[:300],
                        "exec",
                        Verdict.DENY,
                        [Floor.FETCH_AND_RUN.rule_id],
                        [f"runs {written}, which this same command line downloaded"],
                    )
                )
                break
    return parts


# --- provenance: scripts and runner definitions ------------------------------------

# The commands that ran before the one being judged, on the same line (set by _shell_parts).
_EARLIER: contextvars.ContextVar[list[SimpleCommand] | None] = contextvars.ContextVar("earlier", default=None)
# Depth of person's shell scripts being read (a script that sources a script that runs a script...).
_SCRIPT_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("script_depth", default=0)
MAX_SCRIPT_DEPTH = 3
MAX_SCRIPT_BYTES = 64 << 10  # a person's shell script longer than this is not read: it asks

# Flags an interpreter takes before its script that have no value (anything else: the script is not named).
_SCRIPT_FLAGS = {
    "python": frozenset({"-u", "-B", "-E", "-s", "-S", "-I", "-O", "-OO", "-b", "-bb", "-q", "-v", "-P"}),
    "node": frozenset({"--no-warnings", "--enable-source-maps", "--trace-warnings", "--no-deprecation"}),
    "ruby": frozenset({"-w", "-W"}),
    "perl": frozenset({"-w", "-W", "-T", "-t"}),
}
_SHELL_FLAGS = frozenset({"-e", "-u", "-x", "-v", "-eu", "-ex", "-eux", "-euo", "-n", "--norc", "--noprofile"})
# Options before the script that take a value (attached or the next word) and are judged by the program's
# spec, not by the script finder: `ruby -Itest -rjson test/x_test.rb` runs test/x_test.rb (the load path
# and the required library are the spec's `load` effects).
_SCRIPT_VALUE_FLAGS = {"ruby": ("-I", "-r")}


def _js_configs(name: str) -> tuple[str, ...]:
    """`NAME.config.js` in every extension node and the TypeScript loaders accept."""
    return tuple(f"{name}.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts"))


# What a runner reads to decide what it runs, relative to the directory it runs in and the project root.
RUNNER_DEFINITIONS: dict[str, tuple[str, ...]] = {
    "make": ("GNUmakefile", "makefile", "Makefile"),
    "gmake": ("GNUmakefile", "makefile", "Makefile"),
    "just": ("justfile", "Justfile", ".justfile"),
    "task": ("Taskfile.yml", "Taskfile.yaml"),
    "pytest": ("conftest.py", "pytest.ini", ".pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini"),
    "py.test": ("conftest.py", "pytest.ini", ".pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini"),
    "tox": ("tox.ini", "pyproject.toml", "setup.cfg", "setup.py"),
    "nox": ("noxfile.py",),
    "npm": ("package.json", ".npmrc"),
    "yarn": ("package.json", ".yarnrc.yml", ".yarnrc"),
    "pnpm": ("package.json", ".npmrc", "pnpm-workspace.yaml"),
    "bun": ("package.json", "bunfig.toml"),
    "cargo": (".cargo/config.toml", ".cargo/config", "build.rs", "rust-toolchain.toml", "rust-toolchain"),
    # sbt reads JVM and launcher options (-J-javaagent:...) from .sbtopts/.jvmopts and runs the build definition.
    "sbt": ("build.sbt", ".sbtopts", ".jvmopts", "project/plugins.sbt", "project/build.properties"),
    "compose": (
        "compose.yaml",
        "compose.yml",
        "docker-compose.yml",
        "docker-compose.yaml",
        # merged into the configuration whenever they exist, with their services, images and host mounts
        "compose.override.yaml",
        "compose.override.yml",
        "docker-compose.override.yml",
        "docker-compose.override.yaml",
    ),
    "build": ("pyproject.toml", "setup.py", "setup.cfg"),  # pip install ., python -m build, uv build
    "rake": ("Rakefile",),
    # gradle.properties sets the daemon's JVM arguments (org.gradle.jvmargs=-javaagent:...); the wrapper's
    # properties name the Gradle distribution gradlew downloads and runs.
    "gradle": ("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties"),
    "gradlew": (
        "build.gradle",
        "build.gradle.kts",
        "settings.gradle",
        "settings.gradle.kts",
        "gradle.properties",
        "gradle/wrapper/gradle-wrapper.properties",
    ),
    # `flutter build|run|test` runs the Android Gradle build and the packages' build hooks the pubspec names.
    "flutter": (
        "pubspec.yaml",
        "android/build.gradle",
        "android/build.gradle.kts",
        "android/app/build.gradle",
        "android/app/build.gradle.kts",
        "android/settings.gradle",
        "android/settings.gradle.kts",
        "hook/build.dart",
    ),
    "dart": ("pubspec.yaml", "hook/build.dart", "build.yaml"),
    "mvn": ("pom.xml", ".mvn/maven.config", ".mvn/jvm.config"),
    "mvnw": ("pom.xml", ".mvn/maven.config", ".mvn/jvm.config", ".mvn/wrapper/maven-wrapper.properties"),
    # Bundler evaluates the Gemfile (Ruby) on every `bundle install` and `bundle exec`.
    "bundle": ("Gemfile", "gems.rb", ".bundle/config"),
    "bundler": ("Gemfile", "gems.rb", ".bundle/config"),
    "deno": ("deno.json", "deno.jsonc"),  # its tasks are commands; its import map chooses what code loads
    # MSBuild imports these into every project below them (targets with Exec tasks run at build time).
    "dotnet": (
        "Directory.Build.props",
        "Directory.Build.targets",
        "Directory.Build.rsp",
        "global.json",
        "NuGet.Config",
        "nuget.config",
    ),
    # MSBuild run by name (routine7 family) imports the same files into every project below them; NuGet.exe
    # restore evaluates the project with MSBuild, and packages.config names the packages it fetches.
    "msbuild": ("Directory.Build.props", "Directory.Build.targets", "Directory.Build.rsp", "MSBuild.rsp"),
    "nuget": ("Directory.Build.props", "Directory.Build.targets", "NuGet.Config", "nuget.config", "packages.config"),
    "pipenv": ("Pipfile",),
    "poetry": ("pyproject.toml", "poetry.toml"),
    # Python web and data tools (policy/specs/pytools.py): gunicorn runs ./gunicorn.conf.py (Python) at start-up;
    # alembic runs the env.py its ini (or pyproject's [tool.alembic]) names; mkdocs.yml names hooks (Python files)
    # and plugins; locust runs ./locustfile.py without -f; pdm and hatch run the scripts and install what
    # pyproject.toml (pdm.lock, hatch.toml) says; dbt runs the project's models and macros against the warehouse
    # profiles.yml names; flask loads .flaskenv and .env into the environment (FLASK_APP chooses what it imports).
    "gunicorn": ("gunicorn.conf.py",),
    "alembic": ("alembic.ini", "alembic/env.py", "migrations/env.py", "pyproject.toml"),
    "mkdocs": ("mkdocs.yml", "mkdocs.yaml"),
    "locust": ("locustfile.py", "locust.conf"),
    "pdm": ("pyproject.toml", "pdm.lock", "pdm.toml"),
    "hatch": ("pyproject.toml", "hatch.toml"),
    "dbt": ("dbt_project.yml", "profiles.yml", "packages.yml"),
    "flask": (".flaskenv", ".env"),
    # Linters and coverage whose configuration loads code: mypy's plugins, pylint's init-hook and load-plugins,
    # flake8's local-plugins paths, coverage's plugins, eslint's and prettier's JavaScript configs (and the
    # parser or plugin paths their JSON/YAML configs may name), markdownlint's JavaScript config.
    "mypy": ("mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"),
    "pylint": (".pylintrc", "pylintrc", ".pylintrc.toml", "pyproject.toml", "setup.cfg", "tox.ini"),
    "flake8": (".flake8", "setup.cfg", "tox.ini"),
    "coverage": (".coveragerc", "setup.cfg", "tox.ini", "pyproject.toml"),
    "eslint": tuple(f"eslint.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts"))
    + tuple(f".eslintrc.{ext}" for ext in ("js", "cjs", "json", "yml", "yaml")),
    "prettier": tuple(f"prettier.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts"))
    + (".prettierrc",)
    + tuple(f".prettierrc.{ext}" for ext in ("js", "mjs", "cjs", "ts", "json", "json5", "yml", "yaml", "toml")),
    "markdownlint": (".markdownlint.js", ".markdownlint.cjs", ".markdownlint.mjs"),
    "markdownlint-cli": (".markdownlint.js", ".markdownlint.cjs", ".markdownlint.mjs"),
    "pre-commit": (".pre-commit-config.yaml",),
    "cmake": ("CMakeLists.txt",),
    "meson": ("meson.build",),
    # JavaScript runners whose configuration is code they load (`vite build` runs vite.config.ts).
    "vite": tuple(f"vite.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts")),
    "vitest": tuple(f"{name}.config.{ext}" for name in ("vitest", "vite") for ext in ("js", "mjs", "cjs", "ts", "mts")),
    "jest": tuple(f"jest.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "json")) + ("package.json",),
    "react-scripts": ("package.json", "src/setupTests.js", "src/setupTests.ts"),
    # Frameworks, bundlers, browser test runners and database toolkits of the JavaScript ecosystem
    # (specs/webdev.py): each runs its configuration file, which is code (prisma's schema names generator
    # programs, package.json its seed command; .parcelrc, angular.json and .changeset/config.json name plugins,
    # builders and changelog generators that may be local files).
    **{name: _js_configs(name.replace("-cli", "")) for name in ("next", "astro", "webpack", "webpack-cli", "rollup")},
    **{name: _js_configs("nuxt") + (".nuxtrc",) for name in ("nuxt", "nuxi")},
    "tsup": _js_configs("tsup") + ("tsup.config.json",),
    "playwright": _js_configs("playwright"),
    "cypress": _js_configs("cypress") + ("cypress.json",),
    "drizzle-kit": _js_configs("drizzle") + ("drizzle.config.json",),
    "knex": tuple(f"knexfile.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts")),
    "nodemon": ("nodemon.json", "package.json"),
    "prisma": ("prisma.config.ts", "prisma/schema.prisma", "schema.prisma", "package.json"),
    "parcel": (".parcelrc", "package.json"),
    "storybook": tuple(f".storybook/main.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts")),
    "ng": ("angular.json",),
    "expo": _js_configs("app") + _js_configs("metro"),
    "sequelize": (".sequelizerc",),
    "changeset": (".changeset/config.json",),
    "lerna": ("lerna.json", "package.json", "nx.json"),
    "vue-cli-service": ("vue.config.js", "vue.config.cjs", "vue.config.mjs", "vue.config.ts"),
    "svelte-kit": ("svelte.config.js", "svelte.config.mjs", "svelte.config.ts"),
    # tsconfig.json's "ts-node" section names modules ts-node requires, its compiler and its transpiler.
    "ts-node": ("tsconfig.json",),
    "ts-node-esm": ("tsconfig.json",),
    "svelte-check": ("svelte.config.js", "svelte.config.mjs", "svelte.config.ts"),
    # `php artisan` (Laravel), `php please` (Statamic): the framework's CLI file, and what registers commands.
    "artisan": ("artisan", "bootstrap/app.php", "routes/console.php", "app/Console/Kernel.php", "phpunit.xml"),
    "please": ("please", "artisan", "bootstrap/app.php", "routes/console.php", "app/Console/Kernel.php"),
    "swift": ("Package.swift",),  # SwiftPM's manifest is Swift code that runs at every build
    # Options files and configurations that name code the runner loads (`--require`, `bootstrap=`, scripts).
    "rspec": (".rspec", ".rspec-local"),
    "cucumber": ("cucumber.yml", ".config/cucumber.yml", "config/cucumber.yml"),
    "mocha": tuple(f".mocharc.{ext}" for ext in ("js", "cjs", "mjs", "yml", "yaml", "json", "jsonc")),
    "phpunit": ("phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml"),
    "composer": ("composer.json",),
    "cabal": ("cabal.project", "cabal.project.local", "Setup.hs"),
    # Elixir code every mix task evaluates (mix.exs aliases can redefine any task); iex -S mix / elixir -S mix
    # reach it as a nested `mix` command.
    "mix": (
        "mix.exs",
        "config/config.exs",
        "config/runtime.exs",
        "config/dev.exs",
        "config/test.exs",
        ".formatter.exs",
    ),
    "zig": ("build.zig", "build.zig.zon"),  # `zig build` compiles and runs build.zig
    "pod": ("Podfile",),  # Ruby that `pod install` evaluates, with its pre/post-install hooks
    # Custom linters the configuration enables are Go plugins (.so) golangci-lint loads.
    "golangci-lint": (".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"),
    "conan": ("conanfile.py", "conanfile.txt"),  # conanfile.py is Python every install/create/build runs
    "buf": ("buf.gen.yaml", "buf.yaml", "buf.work.yaml"),  # the plugins `buf generate` runs (or sends the module to)
    "nim": ("config.nims", "nim.cfg"),  # NimScript every nim command runs first
    "latexmk": ("latexmkrc", ".latexmkrc"),  # Perl latexmk runs before anything else
    # INPUT, OUTPUT_DIRECTORY and the INPUT_FILTER / FILTER_PATTERNS commands it runs.
    "doxygen": ("Doxyfile", "doxyfile"),
    # security.exec.allow chooses the programs Hugo may run (postcss, asciidoctor, pandoc, ...).
    "hugo": ("hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "config.yaml", "config.json"),
    "jekyll": ("_config.yml", "_config.yaml", "Gemfile"),  # the plugins it loads
    # Configurations that run code when they are read (red team, session 7): .tflint.hcl's plugin_dir names the
    # plugin binaries tflint runs; terragrunt.hcl's run_cmd() and hooks run at parse time; helmfile.yaml is a Go
    # template whose `exec` runs programs, and its hooks run; skaffold.yaml's render and build hooks run commands;
    # ansible.cfg names the vars and inventory plugin directories (Python) ansible-inventory / -config load;
    # vcpkg.json and vcpkg-configuration.json name the ports and registries whose CMake scripts run.
    "tflint": (".tflint.hcl",),
    # The scanners' own configuration in the directory can name a template that prints the environment, plugin or
    # module directories, external Python checks (checkov external-checks-dir): their specs judge one that is there
    # by provenance, and one written earlier on the same line is judged here.
    "trivy": ("trivy.yaml",),
    "grype": (".grype.yaml", ".grype.yml", ".grype/config.yaml"),
    "syft": (".syft.yaml", ".syft.yml", ".syft/config.yaml"),
    "checkov": (".checkov.yaml", ".checkov.yml"),
    "terragrunt": ("terragrunt.hcl", "root.hcl", "terragrunt.stack.hcl"),
    "helmfile": ("helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.gotmpl"),
    "skaffold": ("skaffold.yaml",),
    "ansible-inventory": ("ansible.cfg",),
    "ansible-config": ("ansible.cfg",),
    "vcpkg": ("vcpkg.json", "vcpkg-configuration.json"),
}


# Wrappers that run their command with the shell's own standard input and never feed it one.
_STDIN_KEEPING_WRAPPERS = frozenset({"timeout", "nice", "nohup", "time", "command", "env", "ionice", "stdbuf"})


def _reads_only_host_stdin(cmd: SimpleCommand, call: ToolCall, env: Env) -> bool:
    """A bare interpreter (`python3`, `node`, `bash`, `pwsh`) alone on its line runs nothing the agent wrote.

    With no script, no inline code, no argument at all and no standard input supplied by the line, it reads
    the host's standard input, which is the host's and not the agent's. Anything that could feed it is
    excluded by shape, not by guess: a pipe into it, any redirect (`<`, `<&3`, `0>/dev/tcp/...`), a here-doc
    or here-string, arguments appended by xargs or find -exec, a remote host, an environment assignment
    (`PYTHONSTARTUP=`), a wrapper other than the plain ones, and any other command on the line (`exec < f;
    python3`, `{ python3; } < f`, `bash -c python3 < f`, a compound's redirect), which a re-read of the line
    must show is not there.
    """
    if cmd.args or cmd.assigns or cmd.redirects or cmd.piped_from or cmd.stdin_literal is not None:
        return False
    if cmd.unknown_args or cmd.remote or cmd.fed_paths or cmd.unresolved or set(cmd.wrappers) - _STDIN_KEEPING_WRAPPERS:
        return False
    command = call.command or ""
    if command != env.command:
        return False  # a value another program runs (`rg --pre=sh`, `sort --compress-program=sh`): fed by it
    if "<" in command or "0>" in command or "&0" in command:
        return False
    line = analyze(command, env.cwd, env.home)
    return not line.findings and len(line.commands) == 1 and line.commands[0].argv == cmd.argv


# Python's options that take no value, and the ones that take one, before `-m MODULE`.
_PYTHON_FLAGS = frozenset({"-b", "-bb", "-B", "-d", "-E", "-I", "-O", "-OO", "-P", "-q", "-s", "-S", "-u", "-v", "-x"})
_PYTHON_VALUED = frozenset({"-W", "-X", "--check-hash-based-pycs"})


def _python_module(cmd: SimpleCommand) -> tuple[int, str] | None:
    """(argv index of the module name, module) of `python3 [-u -B ...] -m MODULE ...`; None for any other shape."""
    args = cmd.args
    i = 0
    while i < len(args) and args[i] != "-m":
        if args[i] in _PYTHON_VALUED:
            i += 2
        elif args[i] in _PYTHON_FLAGS:
            i += 1
        else:
            return None
    if i + 1 >= len(args) or any(n <= i + 2 for n in cmd.unresolved if n):
        return None
    return i + 2, args[i + 1]


def _module_command(cmd: SimpleCommand, index: int, *program: str) -> SimpleCommand:
    """`python3 -m pip ARGS` as the command `pip ARGS`: `program` and the words after argv[index], where it runs."""
    rest = cmd.argv[index + 1 :]
    moved = SimpleCommand([*program, *rest], cmd.text)
    moved.unresolved = {n - index - 1 + len(program) for n in cmd.unresolved if n > index}
    moved.assigns, moved.wrappers, moved.cwd, moved.remote = cmd.assigns, cmd.wrappers, cmd.cwd, cmd.remote
    moved.unknown_args, moved.fed_by = cmd.unknown_args, cmd.fed_by
    return moved


def _importable(suffix: str) -> bool:
    """A file name's ending after a module's name that python imports the module from."""
    return suffix in (".py", ".pyw", ".pyc") or suffix.endswith((".so", ".pyd"))


def _module_shadowed(module: str, cwd: str, env: Env) -> bool:
    """`python -m MODULE` in `cwd` may import a file there instead (`pip.py`, `pip.pyc`, `pip.*.so`, `pip/`):
    one is there now, or an earlier command of the line may write one."""
    import glob

    base = os.path.join(cwd, module)
    # What the import finder takes for MODULE: a directory, or MODULE plus a source, bytecode or extension
    # suffix (.py, .pyw, .pyc, .cpython-311-x86_64-linux-gnu.so, .abi3.so, .pyd): not mkdocs.yml or pytest.ini.
    if os.path.lexists(base) or any(_importable(found[len(base) :]) for found in glob.glob(glob.escape(base) + ".*")):
        return True
    if _changed_earlier(target(base, cwd, env.home, env.project).real, env) is not None:
        return True
    for cmd in _EARLIER.get() or []:
        for written, _tree in _writes_of(cmd):
            place = target(written, cmd.cwd or env.cwd, env.home, env.project).real
            if place.startswith((base + ".", base + "/")):
                return True
    return False


_COMPILED_SUFFIXES = (".so", ".pyd", ".pyc", ".pyo")


def _project_module_files(cmd: SimpleCommand, module: str, env: Env) -> list[str] | None:
    """The files `python -m MODULE` runs from the directory it runs in, when MODULE resolves there to source files
    only (`app.main` -> app/__init__.py, app/main.py; a package -> its __init__.py and __main__.py), so they are
    judged as `python app/main.py` is; None for any other module (installed, the standard library, `-I`/`-P`/
    PYTHONSAFEPATH that leave the cwd off sys.path, a cwd outside the project) or when what would import is not
    plainly one .py file per name (a
    compiled `.so`/`.pyc` beside it, a package directory and a module of one name, something written earlier
    on the line): those stay judged as today."""
    import glob

    options = cmd.args[: cmd.args.index("-m")] if "-m" in cmd.args else []
    if {"-I", "-P"} & set(options) or not all(part.isidentifier() for part in module.split(".")):
        return None
    if os.environ.get("PYTHONSAFEPATH") or any(name == "PYTHONSAFEPATH" for name, _ in cmd.assigns):
        return None  # the cwd is not on sys.path: an installed module of that name runs
    cwd = cmd.cwd or env.cwd
    project = os.path.realpath(env.project) if env.project else ""
    here = os.path.realpath(cwd)
    if not project or (here != project and not here.startswith(project + "/")):
        return None  # a module outside the project stays judged as today
    files: list[str] = []
    place = ""
    parts = module.split(".")
    for n, part in enumerate(parts):
        base = os.path.join(place, part) if place else part
        full = os.path.join(cwd, base)
        is_dir, is_file = os.path.isdir(full), os.path.isfile(full + ".py")
        # What else python would import under this name: compiled modules (the finder takes an extension first).
        others = [g for g in glob.glob(glob.escape(full) + ".*") if g.endswith(_COMPILED_SUFFIXES)]
        package = is_dir and os.path.isfile(os.path.join(full, "__init__.py"))
        if package:
            # A regular package wins over a module of its name; its __init__ must be plain source too.
            is_file = False
            others += [
                g for g in glob.glob(os.path.join(glob.escape(full), "__init__.*")) if g.endswith(_COMPILED_SUFFIXES)
            ]
        for earlier in _EARLIER.get() or []:
            for written, _tree in _writes_of(earlier):
                real = target(written, earlier.cwd or env.cwd, env.home, env.project).real
                if real.startswith((os.path.realpath(full) + ".", os.path.realpath(full) + "/")):
                    return None  # written (or replaced) earlier on the line: not what is there now
        if others or is_dir == is_file or os.path.islink(full) or os.path.islink(full + ".py"):
            return None
        last = n == len(parts) - 1
        if is_file:
            if not last:
                return None  # `app.py` holds no submodules
            files.append(base + ".py")
            return files
        init = os.path.join(base, "__init__.py")
        if os.path.lexists(os.path.join(cwd, init)):
            files.append(init)
        if last:
            main = os.path.join(base, "__main__.py")
            if not os.path.isfile(os.path.join(cwd, main)):
                return None
            files.append(main)
            return files
        place = base
    return None


def _python_path_dirs(cmd: SimpleCommand, env: Env) -> list[str]:
    """Where python looks for a module before the standard library: the directory it runs in (for `-c` and `-m`),
    then each PYTHONPATH entry the line sets for it, exports earlier, or the environment holds."""
    cwd = cmd.cwd or env.cwd
    values = [os.environ.get("PYTHONPATH", "")] + [v for name, v in cmd.assigns if name == "PYTHONPATH"]
    for earlier in _EARLIER.get() or []:
        values += [v for name, v in earlier.assigns if name == "PYTHONPATH"]
        values += [a.split("=", 1)[1] for a in earlier.args if a.startswith("PYTHONPATH=")]
    entries = [entry for value in values for entry in value.split(":") if entry]
    return [cwd] + [os.path.join(cwd, os.path.expanduser(entry)) for entry in entries]


# Standard-library names a project may hold that neither json nor platform imports (CPython's own test package).
_NEVER_IMPORTED = frozenset({"test", "idlelib", "turtledemo", "this", "antigravity", "__main__"})


def _inline_python_shadowed(modules: list[str], cmd: SimpleCommand, env: Env) -> str | None:
    """The module `python -c` code would import from a file ahead of the standard library (`_python_path_dirs`):
    one it names, or, for a module that imports others (`json` imports `_json`, `re`, `enum`), any file there named
    as a standard-library module is (sys, os and math import nothing not loaded at start)."""
    if not modules:
        return None
    import sys

    places = _python_path_dirs(cmd, env)
    for place in places:
        named = next((m for m in modules if _module_shadowed(m, place, env)), None)
        if named is not None:
            return named
    if not set(modules) - {"sys", "os", "math"}:
        return None
    stdlib = frozenset(getattr(sys, "stdlib_module_names", ())) - _NEVER_IMPORTED
    for place in places:
        try:
            entries = os.listdir(place)[:4096]
        except OSError:
            entries = []
        for entry in entries:
            stem = entry.split(".")[0]
            if stem in stdlib and (entry != stem or os.path.isfile(os.path.join(place, entry, "__init__.py"))):
                return f"{modules[0]} (through {stem}, at {os.path.join(place, entry)})"
    for earlier in _EARLIER.get() or []:
        for written, _tree in _writes_of(earlier):
            where = target(written, earlier.cwd or env.cwd, env.home, env.project).real
            if os.path.dirname(where) in places and os.path.basename(where).split(".")[0] in stdlib:
                return f"{modules[0]} (through {os.path.basename(where)}, written earlier on the line)"
    return None


def _interpreted_script(family: str, args: list[str]) -> str | None:
    """The script an interpreter runs, when it is named plainly: `python3 -u x.py args`, `bash -e x.sh`."""
    flags = _SHELL_FLAGS if family in kp.SHELLS else _SCRIPT_FLAGS.get(family)
    if flags is None:
        return None
    valued = _SCRIPT_VALUE_FLAGS.get(family, ())
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in flags:
            continue
        if arg in valued:
            skip = True
            continue
        if valued and arg.startswith(valued):
            continue
        return None if arg.startswith("-") or not arg else arg
    return None


def _is_shell_script(content: bytes, path: str) -> bool:
    first = content[:256].split(b"\n", 1)[0]
    if first.startswith(b"#!"):
        words = first[2:].decode("utf-8", "replace").split()
        if words and os.path.basename(words[0]) == "env":
            words = [w for w in words[1:] if not w.startswith("-")]
        return bool(words) and os.path.basename(words[0]) in kp.SHELLS
    return path.endswith((".sh", ".bash")) and b"\0" not in content[:1024]


def _script_demand(
    written: str,
    cmd: SimpleCommand,
    call: ToolCall,
    policy: CompiledPolicy,
    env: Env,
    out: list[Part],
    shell: bool | None,
) -> fl.Demand | None:
    """None when the script is the person's (a shell script's own parts go to `out`); else what it demands.

    `shell`: True (run by a shell), False (another interpreter), None (run directly: its #! line decides).
    """
    cwd = cmd.cwd or env.cwd
    path = env.home + written[1:] if written.startswith("~/") else os.path.join(cwd, written)
    changed = _changed_earlier(os.path.realpath(path), env)
    if changed is not None:
        return fl.Demand(Floor.RUNS_CODE, Verdict.ASK, f"runs {written}, and {changed}")
    persons, why, content = provenance.judge_content(path, env.project, call.session_id)
    if not persons or content is None:
        return fl.Demand(
            Floor.RUNS_CODE,
            Verdict.ASK,
            f"runs {written}, which is not known to be the person's code: {why} "
            "(a person's script is one unchanged since the HEAD seen at the session's first call)",
        )
    if shell is None:
        shell = _is_shell_script(content, path)
    if not shell:
        return None
    depth = _SCRIPT_DEPTH.get()
    if depth >= MAX_SCRIPT_DEPTH:
        return fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, f"{written} runs scripts nested deeper than hookward reads")
    if len(content) > MAX_SCRIPT_BYTES or b"\0" in content:
        return fl.Demand(
            Floor.NOT_UNDERSTOOD,
            Verdict.ASK,
            f"{written} is the person's, but too long or not text for hookward to read",
        )
    token = _SCRIPT_DEPTH.set(depth + 1)
    try:
        inner = _shell_parts(_with_command(call, content.decode("utf-8", "replace")), policy, env)
    finally:
        _SCRIPT_DEPTH.reset(token)
    for part in inner:
        if Floor.BUDGET.rule_id in part.rule_ids:
            # The budget refuses commands an agent writes; a person's script past it is asked about instead.
            part.verdict, part.rule_ids = Verdict.ASK, [Floor.NOT_UNDERSTOOD.rule_id]
            part.reasons = [f"{written} is longer or more complex than hookward analyses"]
        part.what = f"({written}) {part.what}"[:300]
    out.extend(inner)
    return None


_STDIN_FILES = ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")
# tar's old-style first word (`tar cfT out.tar -`): its letters that take a value, in the order the values follow.
_TAR_VALUE_LETTERS = frozenset("bCfFgHKLNTVX")


# PowerShell cmdlets that emit path objects (FileInfo, PathInfo) and those that read the files such objects name
# when piped (`Get-ChildItem ~/.ssh | Select-String KEY`, `Resolve-Path ~/.ssh/* | Get-Content`): by property, not text.
_PS_PATH_EMITTERS = frozenset({"get-childitem", "gci", "dir", "ls", "get-item", "gi", "resolve-path", "rvpa"})
_PS_PATH_READERS = frozenset(
    {"select-string", "sls", "get-content", "gc", "format-hex", "fhx", "import-csv", "ipcsv", "compress-archive"}
    | {"copy-item", "cpi", "move-item", "mi"}  # piped items are copied or moved out: their content leaves with them
)
# ... and the cmdlets that pass those objects on unchanged, filtered or reordered (`| Where-Object Name -Like id* |`)
_PS_PASS_THROUGH = frozenset(
    {"where-object", "where", "?", "sort-object", "sort", "select-object", "select", "get-unique", "gu", "tee-object"}
)


def _paths_piped(piped_from: list[SimpleCommand]) -> bool:
    """Is the pipeline before a reader a lister of paths (`ls`, Get-ChildItem, Resolve-Path) whose objects or lines
    reach it unchanged or only filtered?"""
    return (
        bool(piped_from)
        and piped_from[0].program.lower() in _PS_PATH_EMITTERS
        and all(later.program.lower() in _PS_PASS_THROUGH for later in piped_from[1:])
    )


def _name_lists(program: str, args: list[str], piped_from: list[SimpleCommand] | None = None) -> list[str]:
    """Where a program reads the names of the files it reads (archives, copies): `-` for standard input (`cpio -o`
    / `-p`, `zip -@`, `tar -T -`, `rsync --files-from=-`, a PowerShell reader fed path objects), else each list
    file (`tar -T list`, `tar cfT x.tar list`, `rsync --files-from=list`, `7z a x.7z @list` or `-i@list`)."""
    if program.lower() in _PS_PATH_READERS:
        return ["-"] if _paths_piped(piped_from or []) else []
    if program == "cpio":
        letters = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
        reads = bool({"o", "p"} & set(letters)) or any(a in ("--create", "--pass-through") for a in args)
        return ["-"] if reads else []
    if program == "zip":
        return ["-"] if any(a.startswith("-") and not a.startswith("--") and "@" in a for a in args) else []
    values: list[str] = []
    if program in ("7z", "7za", "7zr", "7zz"):
        values = [a[1:] for a in args if a.startswith("@")]
        values += [a.split("@", 1)[1] for a in args if re.match(r"-ir?[-0]?@", a)]
    elif program in ("tar", "bsdtar", "gtar", "rsync"):
        for i, arg in enumerate(args):
            value = args[i + 1] if i + 1 < len(args) else ""
            if arg.startswith("--files-from="):
                values.append(arg[len("--files-from=") :])
            elif arg == "--files-from" or (program != "rsync" and re.fullmatch(r"-[A-Za-z]*T", arg)):
                values.append(value)
            elif program != "rsync" and arg.startswith("-T") and len(arg) > 2:
                values.append(arg[2:])
        if program != "rsync" and args and re.fullmatch(r"[A-Za-z]*T[A-Za-z]*", args[0]):
            at = [c for c in args[0] if c in _TAR_VALUE_LETTERS].index("T") + 1
            values += args[at : at + 1]
    return ["-" if value in _STDIN_FILES else value for value in values if value]


def _names_fed(
    cmd: SimpleCommand, walked: Walk | None, env: Env, lists: list[str]
) -> tuple[list[tuple[str, str, bool]], str | None]:
    """(what the names a program reads from `lists` make it read, why they cannot be known or None).

    `echo ~/.ssh/id_rsa | cpio -o`, a here-string, `< list` or `tar -T list`: each name of that text or small
    file (one a line, or a word), from where the program works (`cpio -D dir`, `tar -C dir`); `find DIR ... |`:
    what the find selects, or DIR's tree; `ls X |` what is under X; `git ls-files |` the repository's files. Names
    from anything else (`cat list |`, `| sort |`, a variable, a list written earlier on the line) cannot be known."""
    cwd = cmd.cwd or env.cwd
    texts: list[str] = []
    effects: list[tuple[str, str, bool]] = []
    files: list[str] = []
    for listed in lists:
        if listed != "-":
            files.append(listed)
        elif cmd.piped_from:
            fed = literal_output(cmd.piped_from)
            source = cmd.piped_from[0]
            if fed is not None:
                texts.append(fed)
            elif len(cmd.piped_from) == 1 and source.program == "find":
                roots, selected = find_selection(source.argv)
                for path, tree in [(p, False) for p in selected] or [(root, True) for root in roots]:
                    if path and not path.startswith(("/", "~")):
                        path = os.path.join(source.cwd or env.cwd, path)
                    effects.append(("read", path, tree))
            elif _paths_piped(cmd.piped_from) and not (source.unresolved - {0}):
                # `ls | cpio -o`, `ls -d dir/*`: names under what ls is given, the directory it runs in by default
                paths = [a for a in source.args if not a.startswith("-")] or ["."]
                if source.program != "ls":  # PowerShell: `Resolve-Path src,~/.ssh/*` is an array of two paths
                    paths = [os.path.expanduser(p) for a in paths for p in a.split(",") if p]
                for path in paths:
                    effects.append(("read", os.path.join(source.cwd or env.cwd, path), True))
            elif len(cmd.piped_from) == 1 and source.argv[:2] == ["git", "ls-files"] and not source.unresolved:
                # the tracked files under where git runs (a dotfiles repository in the home tracks credentials too)
                effects.append(("read", source.cwd or env.cwd, True))
            else:
                return effects, f"{source.program} feeds it the names of the files it reads"
        elif cmd.stdin_literal is not None:
            texts.append(cmd.stdin_literal)
        else:
            files += [r.target if r.resolved else "" for r in cmd.redirects if r.reads]
    for listed in files:
        place = target(listed, cwd, env.home, env.project).real if listed else ""
        if not listed or listed.startswith(("/dev/", "/proc/")) or _changed_earlier(place, env) is not None:
            return effects, f"it reads the names of the files it reads from {listed or 'a place'} hookward cannot read"
        from hookward.policy.safeio import read_regular

        try:
            texts.append(read_regular(place, XARGS_FILE_LIMIT).decode("utf-8", "replace"))
        except (OSError, ValueError):
            return effects, f"it reads the names of the files it reads from {listed}, which hookward cannot read"
    names = {n.strip() for text in texts for n in re.split(r"[\n\0]", text) + text.split() if n.strip()}
    if len(names) > XARGS_WORD_LIMIT:
        return effects, "it is given more file names than hookward judges"
    if any(name.startswith("-") for name in names):
        # tar obeys `-C DIR` (and GNU tar other options) inside a list: the names after it are read from DIR
        return effects, "its list of file names holds an option, which may move where the names are read from"
    bases = _cd_bases(walked) if walked is not None else []  # resolved as the spec's operands are
    for name in sorted(names):
        effects.append(("read", name, False))
        if not name.startswith(("/", "~")):
            effects += [("read", os.path.join(base, name), False) for base in bases]
    return effects, None


def _cd_bases(walked: Walk) -> list[str]:
    """Where a program works, after each of its directory options: `-C a -C b` is a, then a/b (git, tar and
    make read each one relative to the last; an absolute one starts again)."""
    bases: list[str] = []
    for effect in walked.effects:
        if effect.kind == "cd" and effect.value:
            bases.append(os.path.join(bases[-1], effect.value) if bases else effect.value)
    return bases


def _writes_of(cmd: SimpleCommand) -> list[tuple[str, bool]]:
    """(written path, whole tree) for what one command writes, edits, deletes, moves or unpacks."""
    out: list[tuple[str, bool]] = []
    spec = specs.lookup(cmd.program)
    walked = walk(spec, [cmd.program, *cmd.args]) if spec is not None else None
    if walked is not None:
        bases = _cd_bases(walked)
        base = bases[-1] if bases else ""
        for effect in walked.effects:
            if effect.kind in ("write", "edit", "delete", "dest", "move", "link") and effect.value:
                out.append((effect.value, False))
            elif effect.kind in ("tree-write", "tree-delete", "tree-dest") and effect.value:
                out.append((effect.value, True))
            elif effect.kind == "extract":
                out.append((base or ".", True))
    else:
        for kind, written, recursive in _file_effects(cmd):
            if kind in ("write", "edit", "delete") and written:
                out.append((written, recursive))
    out.extend((r.target, False) for r in cmd.redirects if r.writes)
    return out


def _changed_earlier(path: str, env: Env, inside: bool = False) -> str | None:
    """Why an earlier command of the same line may have written, patched, extracted or cloned `path`; with
    `inside`, also anything under the directory `path` (`mv src dist/ && rm -rf dist`)."""
    earlier = _EARLIER.get() or []
    for cmd in earlier:
        if cmd.program == "git":
            argv, _configs = fl.git_argv(cmd.argv)
            sub = argv[1] if len(argv) > 1 else ""
            if sub and sub not in kp.GIT_READ_ONLY:
                return f"`git {sub}` earlier in the same command can change it"
        cwd = cmd.cwd or env.cwd
        for written, tree in _writes_of(cmd):
            place = target(written, cwd, env.home, env.project).real
            if path == place or ((tree or os.path.isdir(place)) and path.startswith(place.rstrip("/") + "/")):
                return f"{cmd.program} earlier in the same command writes it"
            if inside and place.startswith(path.rstrip("/") + "/"):
                return f"{cmd.program} earlier in the same command writes into it"
    for place in _cloned_directories(earlier, env):
        if path == place or path.startswith(place.rstrip("/") + "/"):
            return "it is in a repository cloned earlier in the same command"
    return None


def _runner(cmd: SimpleCommand) -> tuple[str, str] | None:
    """(definitions key, the directory it runs in, as written) for a runner that reads a definition."""
    program, args = cmd.program, cmd.args
    if interpreter_family(program) == "python" and "-m" in args:
        module = args[args.index("-m") + 1] if args.index("-m") + 1 < len(args) else ""
        program, args = module, args[args.index("-m") + 2 :]
    if interpreter_family(program) == "php":
        from hookward.policy.specs.php_frameworks import project_cli

        cli = project_cli([program, *args])
        return (cli[0], os.path.dirname(args[cli[1] - 1])) if cli is not None else None
    if program in ("docker", "podman") and args[:1] == ["compose"] or program in ("docker-compose", "podman-compose"):
        return "compose", _option_value(args, ("--project-directory",)) or ""
    if program in ("pip", "pip3", "uv") and args[:1] in (["install"], ["build"], ["sync"], ["pip"]):
        local = [a for a in args[1:] if a in (".", "-e") or a.startswith(("./", "/"))]
        return ("build", "") if local or args[:1] != ["install"] else None
    if program == "build":
        return "build", ""
    if program not in RUNNER_DEFINITIONS:
        return None
    if program in ("make", "gmake", "just"):
        return program, _option_value(args, ("-C", "--directory", "--working-directory")) or ""
    if program in ("npm", "pnpm", "yarn", "bun"):
        return program, _option_value(args, ("--prefix", "--dir", "--cwd", "-C")) or ""
    if program == "cargo":
        manifest = _option_value(args, ("--manifest-path",))
        return program, os.path.dirname(manifest) if manifest else ""
    return program, ""


def _runner_demands(cmd: SimpleCommand, env: Env, call: ToolCall) -> list[fl.Demand]:
    """A runner whose definition is not the person's (or was written earlier on the line) runs unknown code."""
    cwd = cmd.cwd or env.cwd
    for arg in _runner_targets(cmd)[0]:
        # `pytest /tmp/test_x.py`, `coverage run /tmp/t.py`: code outside the project, whether or not it
        # exists yet (an earlier command of the line, or an earlier call, may write it).
        if arg.startswith("-o "):
            return [fl.Demand(Floor.RUNS_CODE, Verdict.ASK, f"{cmd.program} {arg} (an ini override)")]
        if arg.startswith("-p "):
            return [
                fl.Demand(Floor.RUNS_CODE, Verdict.ASK, f"{cmd.program} loads the plugin module {arg[3:]!r} (`{arg}`)")
            ]
        where = target(arg.split("::", 1)[0], cwd, env.home, env.project)
        if where.scope not in ("project", "project-root"):
            return [fl.Demand(Floor.RUNS_CODE, Verdict.ASK, f"{cmd.program} runs {arg}, outside the project")]
    found = _runner(cmd)
    if found is None:
        return []
    key, directory = found
    base = os.path.join(cwd, directory) if directory else cwd
    places = {os.path.realpath(base)}
    if env.project:
        places.add(os.path.realpath(env.project))
    names = [os.path.join(place, name) for place in sorted(places) for name in RUNNER_DEFINITIONS[key]]
    for option in ("-f", "--file", "--makefile", "-c", "--config-file"):
        value = _option_value(cmd.args, (option,))
        if value and key in ("make", "gmake", "compose", "pytest", "py.test"):
            names.append(os.path.realpath(os.path.join(cwd, value)))
    demands: list[fl.Demand] = []
    label = cmd.program if key not in ("compose", "build") else f"{cmd.program} ({key})"
    for path in names:
        changed = _changed_earlier(path, env)
        if changed is None and not os.path.lexists(path):
            continue
        if changed is None:
            persons, why = provenance.judge(path, env.project, call.session_id)
            if persons or why in provenance.NO_HISTORY:
                continue  # no history at all (no repository, no commit): the project's runner is accepted
            changed = f"which is not known to be the person's: {why}"
        shown = os.path.relpath(path, env.project) if env.project and path.startswith(env.project + "/") else path
        demands.append(fl.Demand(Floor.RUNS_CODE, Verdict.ASK, f"{label} runs what {shown} defines, {changed}"))
        break  # one is enough to ask
    return demands


# coverage's options that take a value (coverage 7): the value is never the program it runs.
_COVERAGE_VALUED = frozenset(
    {"--rcfile", "--data-file", "--include", "--omit", "--source", "--context", "--concurrency", "--debug"}
)


_GO_VALUED = frozenset(
    "-C -o -p -tags -ldflags -gcflags -asmflags -gccgoflags -exec -toolexec -mod -modfile -overlay -pgo "
    "-installsuffix -pkgdir -buildmode -compiler -covermode -coverpkg".split()
)


def _runner_targets(cmd: SimpleCommand) -> tuple[list[str], str | None]:
    """What a test runner is told to run: pytest's operands (also under `coverage run -m pytest`), and the
    script `coverage run SCRIPT` runs the way `python3 SCRIPT` does (judged like it, by its provenance)."""
    program, args = cmd.program, cmd.args
    if interpreter_family(program) == "python" and "-m" in args:
        at = args.index("-m")
        program, args = (args[at + 1] if at + 1 < len(args) else ""), args[at + 2 :]
    if program == "coverage":
        if args[:1] != ["run"]:
            return [], None
        rest, i = args[1:], 0
        while i < len(rest) and rest[i].startswith("-") and rest[i] != "-m":
            i += 2 if rest[i] in _COVERAGE_VALUED else 1
        if i >= len(rest):
            return [], None
        if rest[i] == "-m":
            program, args = (rest[i + 1] if i + 1 < len(rest) else ""), rest[i + 2 :]
        else:
            return [], rest[i]  # its own arguments are the script's
    if program == "go" and args[:1] == ["run"]:
        # `go run /tmp/x.go`, `go run ../x`: the package or files it builds and runs, judged like a target
        # outside the project (`go run .`, `go run ./cmd/api` stay the project's); its own arguments follow.
        rest, i = args[1:], 0
        while i < len(rest) and rest[i].startswith("-"):
            i += 2 if rest[i] in _GO_VALUED and "=" not in rest[i] else 1
        files: list[str] = []
        for word in rest[i:]:
            if files and not word.endswith(".go"):
                break
            files.append(word)
            if not word.endswith(".go"):
                break
        return [f for f in files if "@" not in f and not re.match(r"^[\w.-]+\.[a-z]{2,}/", f)], None
    if program not in ("pytest", "py.test"):
        return [], None
    # `-p NAME` imports the module NAME as a plugin (a file of that name beside the tests runs first):
    # judged like a target outside the project; `-p no:NAME` only switches one off.
    plugins = [
        f"-p {value}"
        for n, word in enumerate(args)
        for value in ([args[n + 1]] if word == "-p" and n + 1 < len(args) else [word[2:]] if word[:2] == "-p" else [])
        if value and not value.startswith("no:")
    ]
    spec = specs.lookup("pytest")
    walked = walk(spec, ["pytest", *args]) if spec is not None else None
    if walked is None:
        return [a for a in args if not a.startswith("-")] + plugins, None
    operands = [e.value for e in walked.effects if e.kind == "read" and e.origin.startswith("operand") and e.value]
    # `-o addopts=-pX`, `-o pythonpath=/tmp`: an ini override the spec found to load code (also under python -m).
    overrides = [e.origin for e in walked.effects if e.kind == "unknown" and e.origin.startswith("-o ")]
    return operands + plugins + overrides, None


# --- effects of a command with a spec -----------------------------------------------

# What an effect on the world demands (effects on paths are judged as file targets below).
_WORLD_EFFECTS: dict[str, tuple[fl.Floor, Verdict, str]] = {
    "publish": (Floor.DESTRUCTIVE, Verdict.FORCE_ASK, "publishes to the outside world, which cannot be undone"),
    "config": (Floor.PERSISTENCE, Verdict.ASK, "changes persistent configuration"),
    "secret": (Floor.CREDENTIALS, Verdict.DENY, "prints secrets or access tokens"),
    "env": (Floor.CREDENTIALS, Verdict.ASK, "prints the environment, which holds API keys in agent sessions"),
    "destroy": (Floor.DESTRUCTIVE, Verdict.ASK, "destroys something outside the working tree"),
    "privilege": (Floor.PRIVILEGE, Verdict.FORCE_ASK, "changes privileges or runs as another user"),
    "signal": (Floor.DESTRUCTIVE, Verdict.ASK, "signals processes chosen by a pattern"),
    "script": (Floor.RUNS_CODE, Verdict.ASK, "runs a script file"),
    "load": (Floor.RUNS_CODE, Verdict.ASK, "loads code into the program"),
    "upload": (Floor.EGRESS, Verdict.ASK, "sends a file's content off this machine"),
}
_PATH_KIND = {
    "read": "read",
    "stat": "stat",
    "write": "write",
    "edit": "edit",
    "delete": "delete",
    "tree-read": "read",
    "tree-write": "write",
    "tree-delete": "delete",
    "archive": "read",
    "upload": "read",
    "script": "read",
    "load": "read",
    "dest": "write",
    "tree-dest": "write",
}


def _node_json_read(language: str, code: str, cmd: SimpleCommand, env: Env) -> str | None:
    """The JSON file inline node (or bun) code only prints, when it is exactly such a print (floors judge the code)."""
    if language not in ("node", "bun") or "require" not in code or any(a.startswith("--cwd") for a in cmd.args):
        return None  # (`bun --cwd DIR` resolves the path from DIR)
    from hookward.policy.floors.interpreters import node_json_read

    return node_json_read(code, cmd.cwd or env.cwd)


def _spec_demands(
    walked: Walk,
    cmd: SimpleCommand,
    call: ToolCall,
    policy: CompiledPolicy,
    env: Env,
    result: Verdicting,
    nested: list[Part],
) -> list[tuple[str, str, bool]]:
    """Floors for what a spec says the argv does; returns its file effects for the path rules."""
    program = walked.spec.path()
    for why in walked.unknown:
        _apply_floor(result, fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, why))
    if walked.spec.name == "ln" and any(e.kind == "tree-read" for e in walked.effects):
        _symlink_targets(walked, cmd, call, policy, env, nested)
    kinds = {effect.kind for effect in walked.effects}
    recursive = "recursive" in kinds
    bases = _cd_bases(walked)
    base = bases[-1] if bases else ""
    file_effects: list[tuple[str, str, bool]] = []
    sources: list[str] = []
    for effect in walked.effects:
        kind, value = effect.kind, effect.value
        if kind == "read" and value.startswith("@") and len(value) > 1 and cmd.program in _RESPONSE_FILES:
            # `gcc @file` reads file for arguments, which may be `-wrapper /tmp/x` or `-fplugin=x.so`: the file
            # decides what runs, so it is judged as code the program loads.
            kind, value = "load", value[1:]
        if base and effect.origin.startswith("operand") and value and not value.startswith(("/", "~")):
            if kind in _PATH_KIND and len(bases) > 1:
                # `tar -C / -C etc shadow`: each -C moves on from the last; an operand may be read from any of
                # them (tar applies each to the names after it), so each place is judged.
                for earlier in bases[:-1]:
                    file_effects.append((_PATH_KIND[kind], os.path.join(earlier, value), recursive))
            value = os.path.join(base, value)
        world = _WORLD_EFFECTS.get(kind)
        if world is not None and value and (kind == "script" or (kind == "load" and not effect.verdict)):
            # A script file, or a file of code the program loads (`rspec -r f`, `jest --setupFiles f`): the
            # person's runs as routine (a shell script is read; a loaded file is never run by a shell); any other asks.
            demand = _script_demand(value, cmd, call, policy, env, nested, None if kind == "script" else False)
            if demand is None:
                world = None
            else:
                world = (world[0], world[1], f"{world[2]}: {demand.reason}")
        if world is not None:
            floor, verdict, reason = world
            if effect.verdict:
                verdict = Verdict.parse(effect.verdict)
            where = f" ({effect.origin}{' ' + value if value and kind not in _PATH_KIND else ''})"
            _apply_floor(result, fl.Demand(floor, verdict, f"{program}: {reason}{where}"))
        if kind in _PATH_KIND:
            if not value:
                continue
            tree = recursive or kind.startswith("tree-")
            file_effects.append((_PATH_KIND[kind], value, tree))
            if kind in ("read", "tree-read", "link"):
                sources.append(value)
        elif kind == "move":
            file_effects.append(("read", value, recursive))
            file_effects.append(("delete", value, recursive))
            sources.append(value)
        elif kind == "exec" and value:
            nested.extend(_shell_parts(_with_command(call, value), policy, env))
        elif kind in ("network", "fetch"):
            _network_demands(program, effect, result)
        elif kind == "code:awk":
            # An awk program is judged by awk's floor, on the program text the spec found (after `-F ,`).
            awk = fl.interpreter_demand(walked.spec.name, "awk", [value])
            if awk is not None:
                _apply_floor(result, awk)
        elif kind.startswith("code:"):
            demand, embedded = fl.inline_code_demand(kind[5:], value)
            json_read = _node_json_read(kind[5:], value, cmd, env) if demand.verdict != Verdict.ALLOW else None
            if json_read is not None and not bases:
                demand = fl.Demand(demand.floor, Verdict.ALLOW, f"inline node code only prints {json_read}")
                file_effects.append(("read", json_read, False))
            _apply_floor(result, fl.Demand(demand.floor, demand.verdict, f"{program}: {demand.reason}"))
            for inner in embedded[:8]:
                nested.extend(_shell_parts(_with_command(call, inner), policy, env))
        elif kind == "extract":
            _extract_demands(walked, program, value == "/", base or ".", cmd, env, result, file_effects)
        elif kind == "unknown":
            _apply_floor(
                result, fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, f"{program}: {effect.origin} is not modelled")
            )
    # Into a directory, a copy or a move creates destination/<name>: judge those files too.
    for kind, value, tree in list(file_effects):
        if kind == "write" and sources and (value.endswith("/") or _is_directory(value, cmd.cwd or env.cwd, env)):
            for source in sources:
                file_effects.append(("write", os.path.join(value, os.path.basename(source.rstrip("/"))), tree))
    if "link" in kinds:
        # A hard link is a second name for its source: writing through it writes the source.
        file_effects.extend(("write", source, False) for source in sources)
    if walked.rest:
        # One word is a command string the program hands to a shell (`tmux new 'a | b'`, `screen -dm 'x'`).
        command = walked.rest[0] if len(walked.rest) == 1 else _shell_join(walked.rest)
        nested.extend(_shell_parts(_with_command(call, command), policy, env))
    return file_effects


# Programs whose floors judge where they connect: the egress floor's own network clients read every argument
# (a plain GET, a copy out, a raw socket), and the fetch-and-run floor judges a package manager's fetch from its
# registry (`npm install`, a locked install); a destination named on their command line is still judged below.
_FLOOR_JUDGED_CLIENTS = kp.EGRESS
_FLOOR_JUDGED_FETCHERS = kp.PACKAGE_MANAGERS | {"bundle", "bundler", "pipx", "rustup"}


def _network_demands(program: str, effect: Effect, result: Verdicting) -> None:
    """A spec's `network` effect is judged by the egress floor like a program the floor names: its destination
    (the value where the spec says which word it is, `psql -h HOST`) must be this machine, else egress asks;
    a destination the argv does not name asks too, so a program with a spec never reaches the network unseen."""
    from hookward.policy import urls

    name = program.split(" ", 1)[0]
    if name in _FLOOR_JUDGED_CLIENTS or (name in _FLOOR_JUDGED_FETCHERS and not effect.value):
        return
    where = f"{effect.origin} {effect.value}" if effect.value else effect.origin
    judge = urls.fetch_destination_problems if effect.kind == "fetch" else urls.destination_problems
    for floor, verdict, reason in judge(effect.value):
        demand_verdict = Verdict.parse(verdict)
        if effect.verdict:  # `val:network@force_ask`: a spec may ask for more, never for less
            demand_verdict = max(demand_verdict, Verdict.parse(effect.verdict))
        _apply_floor(result, fl.Demand(floor, demand_verdict, f"{program}: {reason} ({where[:120]})"))


def _symlink_targets(
    walked: Walk, cmd: SimpleCommand, call: ToolCall, policy: CompiledPolicy, env: Env, nested: list[Part]
) -> None:
    """`ln -s T L`: a relative T is relative to L's directory, not the cwd (`ln -s ../../.aws src/cfg`); and
    a new name for one of the gate's own files has no routine use (a write through it writes the gate)."""
    cwd = cmd.cwd or env.cwd
    dests = [e.value for e in walked.effects if e.kind in ("dest", "tree-dest") and e.value]
    links = [e for e in walked.effects if e.kind == "tree-read" and e.value]
    relative = bool({"-r", "--relative"} & set(cmd.args)) or any(
        a.startswith("-") and not a.startswith("--") and "r" in a for a in cmd.args
    )
    for index, effect in enumerate(walked.effects):
        if effect not in links or relative or effect.value.startswith(("/", "~")):
            continue
        dest = dests[0] if dests else os.path.basename(effect.value.rstrip("/"))
        into = len(links) > 1 or dest.endswith("/") or _is_directory(dest, cwd, env)
        base = dest if into else os.path.dirname(dest)
        walked.effects[index] = Effect(effect.kind, os.path.join(base, effect.value), effect.origin, effect.verdict)
    for effect in walked.effects:
        if effect.kind != "tree-read" or not effect.value:
            continue
        value = effect.value
        path = env.home + value[1:] if value == "~" or value.startswith("~/") else os.path.join(cwd, value)
        part = _file_part("write", path, call, policy, env)
        if Floor.SELF_PROTECTION.rule_id in part.rule_ids and part.verdict == Verdict.DENY:
            part.what = f"(a symbolic link to) {part.what}"
            nested.append(part)


def _created_earlier(path: str, env: Env) -> str | None:
    """Why `path` is not knowable yet: it goes through a link, a copy, a move or a clone an earlier command
    of the same line creates (what it will point to is decided when that command runs), or it is itself a
    symbolic link made there. A directory from mkdir, or a file a redirect writes, is knowable: not these."""
    earlier = _EARLIER.get() or []
    if not earlier:
        return None
    real = os.path.realpath(path)
    for cmd in earlier:
        if cmd.program in ("mkdir", "touch", ":", "echo", "printf", "cd"):
            continue
        spec = specs.lookup(cmd.program)
        walked = walk(spec, [cmd.program, *cmd.args], cmd.cwd or env.cwd) if spec is not None else None
        if walked is None:
            continue
        cwd = cmd.cwd or env.cwd
        sources = [e.value for e in walked.effects if e.kind in ("read", "tree-read", "move", "write") and e.value]
        linking = cmd.program == "ln"
        for effect in walked.effects:
            if effect.kind not in ("dest", "tree-dest", "tree-write") or not effect.value:
                continue
            value = effect.value
            names = [value]
            if effect.kind != "tree-write" and (value.endswith("/") or _is_directory(value, cwd, env)):
                names = [os.path.join(value, os.path.basename(src.rstrip("/"))) for src in sources] or [value]
            for name in names:
                place = os.path.realpath(env.home + name[1:] if name.startswith("~/") else os.path.join(cwd, name))
                if real.startswith(place.rstrip("/") + "/"):
                    return f"{place}, which {cmd.program} earlier in the same command creates"
                if real == place and linking:
                    return f"the link {place}, which ln earlier in the same command creates"
    for place in _cloned_directories(earlier, env):
        if real.startswith(os.path.realpath(place).rstrip("/") + "/"):
            return f"{place}, a repository cloned earlier in the same command"
    return None


def _extract_demands(
    walked: Walk,
    program: str,
    anywhere: bool,
    destination: str,
    cmd: SimpleCommand,
    env: Env,
    result: Verdicting,
    file_effects: list[tuple[str, str, bool]],
) -> None:
    """Unpacking is judged by its members where the archive's listing is bounded, else by its destination."""
    from hookward.policy import archives

    sources = [e.value for e in walked.effects if e.kind == "archive"]
    members = archives.members_of(sources, cmd.cwd or env.cwd, env.home)
    if members is None:
        # Members may land anywhere (`tar -P`, `unzip -:`): the destination is the whole file system.
        file_effects.append(("write", "/" if anywhere else destination, True))
        _apply_floor(
            result,
            fl.Demand(
                Floor.NOT_UNDERSTOOD,
                Verdict.ASK,
                f"{program} unpacks an archive into {destination}: what it creates is not known before it runs",
            ),
        )
        return
    for member in members:
        if archives.escapes(member) and not (anywhere and member.kind not in ("symlink", "hardlink")):
            _apply_floor(
                result,
                fl.Demand(
                    Floor.PERSISTENCE,
                    Verdict.DENY,
                    f"{program}: the member {member.name[:120]!r} lands outside {destination}",
                ),
            )
            continue
        name = member.name if member.name.startswith("/") else os.path.join(destination, member.name)
        file_effects.append(("write", name, False))


XARGS_FILE_LIMIT = 64 * 1024
XARGS_WORD_LIMIT = 256


def _file_words(written: str, cwd: str, env: Env) -> list[str] | None:
    """The words of a small regular file (what xargs would append), or None if it cannot be read in bounds."""
    from hookward.policy.safeio import read_regular

    path = env.home + written[1:] if written == "~" or written.startswith("~/") else os.path.join(cwd, written)
    try:
        words = read_regular(path, XARGS_FILE_LIMIT).decode("utf-8", "replace").split()
    except (OSError, ValueError):
        return None
    return words if len(words) <= XARGS_WORD_LIMIT else None


_SYSTEM_BIN = ("/usr/", "/bin/", "/sbin/", "/opt/", "/nix/store/", "/snap/", "/System/", "/Library/", "/Applications/")
# A project's own virtualenv or node_modules runs the tool it installed: judged by the tool's name (a
# residual risk the README states: an agent that replaces .venv/bin/python runs what it wrote).
_PROJECT_TOOL = re.compile(r"(^|/)(\.?venv|env|\.tox/[^/]+)/(bin|Scripts)/[^/]+$|(^|/)node_modules/\.bin/[^/]+$")


def _installed_program(written: str, cwd: str, env: Env) -> bool:
    """A program named by its path that is an installed program: under a system directory, in a PATH
    directory outside the project and scratch space, or a project tool from its virtualenv or node_modules."""
    tgt = target(written, cwd, env.home, env.project)
    if tgt.scope in ("project", "project-root") and _PROJECT_TOOL.search(tgt.path):
        return True
    if tgt.scope in ("project", "project-root", "tmp"):
        return False
    if tgt.real.startswith(_SYSTEM_BIN) and tgt.path.startswith(_SYSTEM_BIN):
        return True
    directory = os.path.dirname(tgt.path)
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if entry.startswith("/") and os.path.normpath(entry) == directory:
            return target(entry, "/", env.home, env.project).scope not in ("project", "project-root", "tmp")
    return False


# Build wrappers a project ships to run its own runner: accepted like the runner's definition files.
_PROJECT_WRAPPERS = frozenset({"gradlew", "mvnw", "gradlew.bat", "mvnw.cmd"})


def _historyless_project_file(written: str, cwd: str, env: Env, call: ToolCall) -> bool:
    """A project file in a project with no history at all (`./gradlew` where there is no git repository):
    accepted like the project's runner definitions are (see _runner_demands), unless written on this line."""
    tgt = target(written, cwd, env.home, env.project)
    if tgt.scope not in ("project", "project-root") or _changed_earlier(tgt.real, env) is not None:
        return False
    if not os.path.lexists(tgt.real):
        return True  # nothing there to run, and nothing on this line creates it
    if os.path.basename(tgt.path) not in _PROJECT_WRAPPERS:
        return False  # `bin/cat` in a project with no history: nothing says who wrote it
    _persons, why = provenance.judge(tgt.real, env.project, call.session_id)
    return why in provenance.NO_HISTORY


def _environment_demand(name: str, program: str) -> fl.Demand | None:
    """A variable set for one command: harmless, a redirect of configuration, or unknown to a program that reads it.

    Variables that load code are hijacks the shell analysis already reported.
    """
    if name in kenv.HARMLESS or HIJACK_VARS.match(name) or name == "PATH":
        return None
    redirect = kenv.REDIRECTS.get(name)
    if redirect is not None:
        return fl.Demand(Floor.HIJACK, Verdict.ASK, f"{name} points {program} at {redirect}")
    if specs.family_of(program) in kenv.ENV_CONFIG_FAMILIES:
        return fl.Demand(
            Floor.HIJACK,
            Verdict.ASK,
            f"{name} is not a variable hookward knows to be harmless, and {program} reads its configuration "
            "from the environment",
        )
    return None


def _project_package_binary(name: str, cmd: SimpleCommand, env: Env) -> bool:
    """`name` is in the project's node_modules/.bin from before this line: running it fetches nothing.

    Not when an earlier command of the same line installs packages or writes there (it may create the binary).
    """
    if env.project is None or any(
        other.program in kp.PACKAGE_MANAGERS or other.program in ("npx", "pnpx", "bunx")
        for other in _EARLIER.get() or []
    ):
        return False
    project = env.project.rstrip("/")
    directory = cmd.cwd or env.cwd
    while directory == project or directory.startswith(project + "/"):
        candidate = os.path.join(directory, "node_modules", ".bin", name)
        if os.path.lexists(candidate):
            real = os.path.realpath(candidate)
            inside = real.startswith(project + "/") and os.path.isfile(real)
            return inside and _changed_earlier(real, env) is None
        directory = os.path.dirname(directory)
    return False


# Programs that read `@FILE` operands as response files of further arguments (and echo them in errors).
_RESPONSE_FILES = frozenset({"gcc", "cc", "g++", "c++", "clang", "clang++", "ld", "javac", "java", "dotnet"})


def _project_file(name: str, cmd: SimpleCommand, call: ToolCall, env: Env) -> tuple[str, str | None]:
    """A manifest, lockfile or requirements file a package manager reads, as floors.ProjectFile describes it."""
    cwd = cmd.cwd or env.cwd
    path = env.home + name[1:] if name.startswith("~/") else os.path.join(cwd, name)
    if not os.path.lexists(path):
        return "missing", None
    changed = _changed_earlier(os.path.realpath(path), env)
    if changed is not None:
        return "changed", None  # written earlier on the same line
    persons, _why, content = provenance.judge_content(path, env.project, call.session_id)
    state = "persons" if persons else "changed" if persons is False else "unknown"
    text = content.decode("utf-8", "replace") if persons and content is not None and len(content) < 1 << 18 else None
    return state, text


def _is_directory(written: str, cwd: str, env: Env) -> bool:
    path = env.home + written[1:] if written == "~" or written.startswith("~/") else os.path.join(cwd, written)
    return os.path.isdir(path)


_PROGRAM_VARIABLE = re.compile(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?")
MAX_PROGRAM_SPELLINGS = 16


def _program_spellings(word: str, line: str) -> list[str]:
    """`h=hookward; $h uninstall`, `x=hook; ${x}ward`: the names a program word held in variables can take,
    from every literal assignment to those variables on the line (any of them may be the one in force)."""
    names = _PROGRAM_VARIABLE.findall(word)
    if not names or len(names) > 4 or not re.fullmatch(r"[\w./+-]*", _PROGRAM_VARIABLE.sub("", word)):
        return []
    spellings = [word]
    for name in dict.fromkeys(names):
        values: list[str] = []
        for found in re.finditer(
            rf"(?:^|[\s;&|(`]|\b(?:export|local|declare|typeset|readonly)\s+){re.escape(name)}="
            r"(?:'([^']*)'|\"([^\"$`\\]*)\"|([^\s;&|()<>'\"`$\\]*))",
            line,
        ):
            values.append(next(v for v in found.groups() if v is not None))
        if not values:
            return []  # a variable with no literal value on the line: only known at run time
        spellings = [
            re.sub(
                rf"\$\{{{re.escape(name)}\}}|\${re.escape(name)}(?![A-Za-z0-9_])", value.replace("\\", "\\\\"), spelled
            )
            for spelled in spellings
            for value in dict.fromkeys(values)
        ][:MAX_PROGRAM_SPELLINGS]
    return [s for s in spellings if s and "$" not in s]


# Programs that are another program's subcommand under an older name: judged as that subcommand.
_RESPELLED = {"docker-compose": ("docker", "compose"), "podman-compose": ("podman", "compose")}


def _piped_kill_demands(cmd: SimpleCommand, result: Verdicting) -> None:
    """`pgrep -f node | xargs kill`, `pidof node | xargs kill -9`, `ps aux | grep node | awk '{print $2}' |
    xargs kill`: the pids xargs appends are the processes the pipeline chose by name, so the kill is judged
    as `pkill` / `killall` with the producer's arguments (a grep over `ps` as `pkill -f PATTERN`; a `ps`
    listing no positive grep narrows is every process)."""
    from hookward.policy.spec import Spec
    from hookward.policy.specs.system import KILLALL, PKILL

    programs = {producer.program for producer in cmd.piped_from}
    checks: list[tuple[Spec, list[str]]] = []
    for producer in cmd.piped_from:
        if producer.program == "pgrep":
            checks.append((PKILL, list(producer.args)))
        elif producer.program == "pidof":
            checks.append((KILLALL, [a for a in producer.args if not a.startswith("-")]))
    if "ps" in programs:
        patterns = [
            producer.args[-1]
            for producer in cmd.piped_from
            if producer.program in ("grep", "egrep", "fgrep", "rg")
            and producer.args
            and not any(
                a == "--invert-match" or (a.startswith("-") and not a.startswith("--") and "v" in a)
                for a in producer.args[:-1]
            )
        ]
        checks.append((PKILL, ["-f", *patterns[-1:]]) if patterns else (PKILL, ["-f", ""]))
    for spec, args in checks:
        walked = walk(spec, [spec.name, *args])
        if walked.unknown or any(e.kind in ("signal", "destroy", "unknown") for e in walked.effects):
            _apply_floor(
                result,
                fl.Demand(
                    Floor.DESTRUCTIVE,
                    Verdict.ASK,
                    f"kill ends the processes the pipeline chose by name, as {spec.name} would",
                ),
            )
            return


# Builtins that change what later commands on the line are given: an exported PIP_REQUIREMENT is `pip install -r`.
_SETS_ENVIRONMENT = frozenset({"export", "declare", "typeset", "readonly", "set", "source", ".", "eval", "alias"})


def _nothing_appended(cmd: SimpleCommand) -> bool:
    """Does the program get exactly the words on the line, and no settings set for it on the line? Then a call
    its spec reads as idle (`Spec.needs`: its usage, nothing done) is idle."""
    if cmd.unknown_args or cmd.unresolved or cmd.fed_paths or cmd.remote or cmd.assigns or cmd.fed_by:
        return False
    return not any(other.program in _SETS_ENVIRONMENT for other in _EARLIER.get() or [])


def _command_parts(
    cmd: SimpleCommand, call: ToolCall, policy: CompiledPolicy, env: Env, egress_in_line: bool
) -> list[Part]:
    if cmd.argv[0] in _RESPELLED and 0 not in cmd.unresolved:
        # `docker-compose up` (Compose v1) is `docker compose up`: the compose spec and floors judge it.
        cmd = _module_command(cmd, 0, *_RESPELLED[cmd.argv[0]])
    program = cmd.program  # argv is not changed below: the name is read once
    text = " ".join(cmd.argv)[:300]
    if cmd.remote:
        text = f"(on {cmd.remote}) {text}"
    action = Action("shell", text, call, cmd=cmd)
    unknown = Verdict.parse(policy.settings["unknown_command"])
    spec = specs.lookup(program)
    walked = walk(spec, [program, *cmd.args], cmd.cwd or env.cwd) if spec is not None else None
    if walked is not None:
        # A program with a spec is judged by what its arguments do: the floors and path rules
        # below decide; knowing the program is not by itself a reason to ask.
        result = _rules_verdict(
            policy, action, env, Verdict.ALLOW, ("spec." + spec.name, f"{walked.spec.path()}: every argument is known")
        )
    else:
        result = _rules_verdict(policy, action, env, unknown)
    idle = walked is not None and walked.idle
    if idle and not _nothing_appended(cmd):
        # The spec says the program prints its usage when it gets nothing to act on, but what it gets may come
        # from where hookward cannot see it (`xargs rm`, `"${a[@]}"`, `export PIP_REQUIREMENT=x; pip install`).
        idle = False
        _apply_floor(
            result,
            fl.Demand(
                Floor.NOT_UNDERSTOOD,
                Verdict.ASK,
                f"{program} without operands does nothing, but it may get operands or settings hookward cannot see",
            ),
        )
    script_parts: list[Part] = []
    persons_program = False
    direct_path = "/" in cmd.argv[0] and cmd.argv[0][:1] != "-" and 0 not in cmd.unresolved
    if direct_path and (walked is not None or result.rule_ids != ["default.unknown"]):
        # `bin/cat`, `/tmp/x/git`: a file that only borrows a known program's name is not that program.
        if not _installed_program(cmd.argv[0], cmd.cwd or env.cwd, env) and not _historyless_project_file(
            cmd.argv[0], cmd.cwd or env.cwd, env, call
        ):
            direct = _script_demand(cmd.argv[0], cmd, call, policy, env, script_parts, None)
            if direct is not None:
                _apply_floor(result, direct)
    if walked is None and direct_path and result.rule_ids == ["default.unknown"]:
        # `./scripts/test.sh`, `bin/tool`: a program run by its path is judged by where it came from.
        direct = _script_demand(cmd.argv[0], cmd, call, policy, env, script_parts, None)
        if direct is None:
            persons_program = True
            result = _rules_verdict(
                policy,
                action,
                env,
                Verdict.ALLOW,
                ("provenance.persons-script", f"{cmd.argv[0]} is the person's: unchanged since the session began"),
            )
        else:
            _apply_floor(result, direct)
    if program in ("source", ".") and cmd.args and not cmd.unresolved:
        sourced = _script_demand(cmd.args[0], cmd, call, policy, env, script_parts, True)
        if sourced is not None:
            _apply_floor(result, sourced)
    local_bin = lambda name: _project_package_binary(name, cmd, env)  # noqa: E731
    project_file = lambda name: _project_file(name, cmd, call, env)  # noqa: E731
    for demand in fl.command_demands(
        [program] + cmd.args, cmd.wrappers, program, local_bin, project_file, walked, cmd.cwd or env.cwd
    ):  # the spec's walk is handed on: the network floor reads it instead of walking the command again
        if demand.floor == Floor.FETCH_AND_RUN and program == "npx" and _reads_only_host_stdin(cmd, call, env):
            continue  # bare `npx` names no package: npm opens its script shell on the host's standard input
        if idle and demand.floor not in (Floor.PRIVILEGE, Floor.SELF_PROTECTION):
            continue  # `pip install`, `pkill`, `ssh` alone print their usage: the name's floors judge an effect
        _apply_floor(result, demand)
    if direct_path:  # the floors above saw the program's name; the gate's own pip is known by its path
        from hookward.policy.floors.selfprotection import installed_program_demands

        for demand in installed_program_demands(cmd.argv[0], cmd.args, cmd.cwd or env.cwd, env.home):
            _apply_floor(result, demand)
    if program == "git" and not cmd.unresolved:  # a checkout writes the hook configs of the commit it moves to
        from hookward.policy.gittree import hook_config_writes

        for path, what in hook_config_writes(cmd.argv, cmd.cwd or env.cwd, env.home, call.session_id):
            reason = (
                f"puts {path}, {what}, into the working tree or the index from git objects that came into the "
                "repository during this session (built with git's plumbing or fetched) or by hand: this is the "
                "gate itself"
            )
            _apply_floor(result, fl.Demand(Floor.SELF_PROTECTION, Verdict.DENY, reason))
    for name, _value in cmd.assigns:
        demand = _environment_demand(name, program)
        if demand is not None:
            _apply_floor(result, demand)
    if cmd.unresolved - {0} and program not in (
        "echo",
        "printf",
        "true",
        "false",
        ":",
        "test",
        "[",
        "[[",
        "sleep",
        "exit",
        "return",
        "export",
        "local",
        "declare",
        "read",
        "set",
        "shift",
        "unset",
        "cd",
    ):
        _apply_floor(
            result,
            fl.Demand(
                Floor.NOT_UNDERSTOOD,
                Verdict.ASK,
                f"{program} gets an argument whose value is only known at run time",
            ),
        )
    if cmd.unknown_args and program == "kill":
        _piped_kill_demands(cmd, result)
    if cmd.unknown_args and program not in kp.NON_READING and _fed_from_outside(cmd, env):
        _apply_floor(
            result,
            fl.Demand(Floor.CREDENTIALS, Verdict.ASK, f"{program} gets file names listed outside the project"),
        )
    if cmd.unknown_args and program in DELETE_PROGRAMS | WRITE_LAST | WRITE_ALL | {
        "sh",
        "bash",
        "zsh",
        "chmod",
        "chown",
        "dd",
        "shred",
    }:
        _apply_floor(
            result,
            fl.Demand(
                Floor.NOT_UNDERSTOOD,
                Verdict.ASK,
                f"{program} gets arguments hookward cannot see ({', '.join(cmd.wrappers)})",
            ),
        )
    inline_reads: list[str] = []
    if cmd.inline_code is not None and cmd.inline_code[0] != "shell":
        language, code = cmd.inline_code
        demand, embedded = fl.inline_code_demand(language, code)
        json_read = _node_json_read(language, code, cmd, env) if demand.verdict != Verdict.ALLOW else None
        if json_read is not None:
            # `node -p "require('./package.json').version"` reads one JSON file: the path rules judge it below.
            demand = fl.Demand(demand.floor, Verdict.ALLOW, f"inline {language} code only prints {json_read}")
            inline_reads.append(json_read)
        if language == "python" and demand.verdict == Verdict.ALLOW:
            # `python3 -c` puts the directory it runs in first on the import path: `import json` there may
            # import a json.py the agent wrote instead of the standard library's.
            shadowed = _inline_python_shadowed(fl.python_imports(code), cmd, env)
            # `-Werror::pkg.Warning` imports pkg to find the category: an installed module, or one on PYTHONPATH.
            options = cmd.args[: cmd.args.index(code)] if code in cmd.args else cmd.args
            warned = [a for a in options if a.startswith("-W") and "." in "".join(a[2:].split(":")[2:3])]
            if shadowed is not None:
                demand = fl.Demand(
                    Floor.NOT_UNDERSTOOD,
                    Verdict.ASK,
                    f"inline python code imports {shadowed}, which a file ahead of the standard library would replace",
                )
            elif warned:
                demand = fl.Demand(
                    Floor.NOT_UNDERSTOOD,
                    Verdict.ASK,
                    f"{program} {warned[0]} imports the module the warning category names, which hookward does not read",
                )
        _apply_floor(result, demand)
        for inner in embedded[:8]:
            inner_parts = _shell_parts(_with_command(call, inner), policy, env)
            worst = max((p.verdict for p in inner_parts), default=Verdict.ALLOW)
            if worst >= Verdict.FORCE_ASK:
                _apply_floor(
                    result, fl.Demand(Floor.NOT_UNDERSTOOD, worst, f"inline {language} code runs {inner[:80]!r}")
                )
    family = interpreter_family(program)
    fed_shell = (
        kp.SHELLS & {program} and (cmd.piped_from or cmd.stdin_literal is not None) and script_arg(cmd) in (None, "-")
    )
    if family in kp.INTERPRETERS and cmd.inline_code is None and not fed_shell and not idle:
        # A shell fed by a pipe or a here-document runs that text: the pipe's findings and the text's own
        # analysis (as nested commands) judge it, not "runs a program from standard input".
        script_demand = fl.interpreter_demand(program, family, cmd.args)
        if script_demand is not None and _reads_only_host_stdin(cmd, call, env):
            script_demand = None  # `python3`, `node`, `bash` alone: nothing on the line to run
        module = _python_module(cmd) if family == "python" else None
        project_module = _project_module_files(cmd, module[1], env) if module is not None else None
        if project_module is not None:
            # `python3 -m app.main` runs app/__init__.py and app/main.py from the directory it runs in: the
            # person's files run as `python3 app/main.py` does, any other asks as that script would.
            script_demand = next(
                (d for f in project_module if (d := _script_demand(f, cmd, call, policy, env, script_parts, False))),
                None,
            )
        elif module is not None and any(
            _module_shadowed(module[1].split(".")[0], place, env) for place in _python_path_dirs(cmd, env)
        ):
            script_demand = fl.Demand(
                Floor.NOT_UNDERSTOOD,
                Verdict.ASK,
                f"{program} -m {module[1]} would import a {module[1].split('.')[0]} module from the directory "
                "it runs in (there, or written earlier on the line), which hookward does not read",
            )
        elif module is not None and module[1] == "pip":
            # `python3 -m pip list` is pip: judged by the pip spec and the package floors as `pip list` is.
            script_demand = None
            script_parts.extend(_command_parts(_module_command(cmd, *module), call, policy, env, egress_in_line))
        script = _interpreted_script(family, cmd.args) if script_demand is not None else None
        if script is not None:
            # `python3 scripts/x.py`, `bash scripts/x.sh`: the person's script is routine, a shell one is read.
            script_demand = _script_demand(script, cmd, call, policy, env, script_parts, family in kp.SHELLS)
        if script_demand is not None:
            _apply_floor(result, script_demand)
    if program == "sed":
        sed_demand = fl.sed_demand(cmd.args)
        if sed_demand is not None:
            _apply_floor(result, sed_demand)
    for demand in _runner_demands(cmd, env, call):
        _apply_floor(result, demand)
    coverage_script = _runner_targets(cmd)[1]
    if coverage_script is not None:
        # `coverage run x.py` is `python3 x.py` under a tracer: the same provenance judges the script.
        demand = _script_demand(coverage_script, cmd, call, policy, env, script_parts, False)
        if demand is not None:
            _apply_floor(result, demand)
    if program in kp.PROJECT_RUNNERS:
        config = _option_value(cmd.args, RUNNER_CONFIG_OPTIONS)
        if config is not None:
            where = target(config, cmd.cwd or env.cwd, env.home, env.project).scope
            if where not in ("project", "project-root"):
                _apply_floor(
                    result,
                    fl.Demand(
                        Floor.NOT_UNDERSTOOD,
                        Verdict.ASK,
                        f"{program} loads its configuration or code from {config}, outside the project",
                    ),
                )
    if cmd.remote:
        _apply_floor(result, fl.Demand(Floor.EGRESS, Verdict.ASK, f"runs on another machine ({cmd.remote})"))
    nested: list[Part] = []
    if walked is not None:
        effects = _spec_demands(walked, cmd, call, policy, env, result, nested)
        if program in AWKS:
            effects += _awk_files(cmd)  # the program text is a spec's `text`; the files it names are not
    else:
        effects = _file_effects(cmd)
    effects += [("read", path, False) for path in inline_reads]
    if program == "sed":
        # `sed -e 1r/etc/shadow`, `sed 's/a/b/w ~/.bashrc'`: the files the script itself reads and writes.
        from hookward.policy import sedscript

        sed = sedscript.effects_of(cmd.args)
        for demand in _sed_script_files(sedscript, cmd, env, sed):
            _apply_floor(result, demand)
        effects += [("read", name, False) for name in sed.reads] + [("write", name, False) for name in sed.writes]
    parts = [
        Part(
            text,
            "exec",
            result.verdict,
            result.rule_ids,
            result.reasons,
            understood=(persons_program or walked is not None and walked.understood) and not (cmd.unresolved - {0}),
        )
    ]
    parts.extend(nested)
    parts.extend(script_parts)
    if 0 in cmd.unresolved and cmd.argv and _SCRIPT_DEPTH.get() < MAX_SCRIPT_DEPTH:
        # The program comes from a variable: judge it as each literal value the line gives that variable
        # (`h=hookward; $h uninstall` is `hookward uninstall`); the not-understood ask stays either way.
        if "hookward" in re.sub(r"[\\'\"]", "", call.command or "").lower():
            # `for h in ls hookward; do $h uninstall; done`: a program only known at run time, on a line that
            # names the gate, may be the gate; its controls have no routine use through a variable.
            parts[0].verdict = Verdict.DENY
            parts[0].rule_ids = [*parts[0].rule_ids, Floor.SELF_PROTECTION.rule_id]
            parts[0].reasons = [
                *parts[0].reasons,
                f"the program {cmd.argv[0]!r} is known only at run time, on a line that names hookward: it may "
                "be one of hookward's own controls. This is the gate itself",
            ]
        token = _SCRIPT_DEPTH.set(_SCRIPT_DEPTH.get() + 1)
        try:
            for spelled in _program_spellings(cmd.argv[0], call.command or ""):
                inner = _shell_parts(_with_command(call, _shell_join([spelled, *cmd.args])), policy, env)
                for part in inner:
                    part.what = f"({cmd.argv[0]} = {spelled}) {part.what}"[:300]
                parts.extend(inner)
        finally:
            _SCRIPT_DEPTH.reset(token)

    if cmd.unknown_args and program not in kp.NON_READING:
        # `echo ~/.ssh/id_rsa | xargs cat`, `xargs cat <<< ~/.ssh/id_rsa`: the names xargs appends are the
        # literal it is fed; `find ~/.ssh | xargs cat`, `find ~/x -exec cat {} +`: what the find selects.
        fed_kind = "delete" if program in DELETE_PROGRAMS else "read"
        fed_recursive = fed_kind == "delete" and bool(fl._flag_set(cmd.args) & (RECURSIVE_FLAGS | {"--rec"}))
        fed = literal_output(cmd.piped_from) if cmd.piped_from else cmd.stdin_literal
        effects += [(fed_kind, word, fed_recursive) for word in (fed or "").split()]
        fed_paths = list(cmd.fed_paths)
        if len(cmd.piped_from) == 1 and cmd.piped_from[0].program == "find":
            roots, selected = find_selection(cmd.piped_from[0].argv)
            fed_paths += [(p, False) for p in selected] or [(root, True) for root in roots]
        for path, recursive in fed_paths:
            if path and not path.startswith("/") and cmd.piped_from:
                path = os.path.join(cmd.piped_from[0].cwd or env.cwd, path)
            effects.append((fed_kind, path, recursive or fed_recursive))
        if "xargs" in cmd.wrappers and not cmd.piped_from:
            # `xargs -a list cat`, `xargs cat < list`: the names are the words of that file.
            for redirect in cmd.redirects:
                if not (redirect.reads and redirect.resolved):
                    continue
                words = _file_words(redirect.target, cmd.cwd or env.cwd, env)
                if words is None:
                    _apply_floor(
                        result,
                        fl.Demand(
                            Floor.NOT_UNDERSTOOD,
                            Verdict.ASK,
                            f"{program} gets names from {redirect.target}, which hookward cannot read",
                        ),
                    )
                    parts[0].verdict = result.verdict
                    parts[0].rule_ids, parts[0].reasons = result.rule_ids, result.reasons
                else:
                    effects += [(fed_kind, word, fed_recursive) for word in words]
    name_lists = _name_lists(program, cmd.args, cmd.piped_from)
    if name_lists:
        fed_effects, unknown_names = _names_fed(cmd, walked, env, name_lists)
        effects += fed_effects
        if unknown_names is not None:
            _apply_floor(result, fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, f"{program}: {unknown_names}"))
            parts[0].verdict = result.verdict
            parts[0].rule_ids, parts[0].reasons = result.rule_ids, result.reasons
    for redirect in cmd.redirects:
        if redirect.writes:
            effects.append(("write", redirect.target, False))
        elif redirect.reads:
            effects.append(("read", redirect.target, False))
        if not redirect.resolved:
            _apply_floor(
                result,
                fl.Demand(
                    Floor.NOT_UNDERSTOOD, Verdict.ASK, f"redirect target {redirect.target!r} is only known at run time"
                ),
            )
            parts[0].verdict = result.verdict
            parts[0].rule_ids, parts[0].reasons = result.rule_ids, result.reasons
    # A spec says per path whether only metadata is read (`stat`); without one, the program's name does.
    metadata_only = walked is None and program in kp.METADATA_ONLY
    cwd = cmd.cwd or env.cwd
    for kind, written, recursive in effects:
        stat_only = metadata_only or kind == "stat"
        kind = "read" if kind == "stat" else kind
        for expanded in [*brace_expand(written), *_windows_spellings(written)]:
            if expanded == "~" or expanded.startswith("~/"):
                expanded = env.home + expanded[1:]
            elif expanded and not expanded.startswith("/"):
                expanded = os.path.join(cwd, expanded)
            for path in expand_globs(expanded, hidden=program in ("zip", "tar", "7z", "rsync", "rg", "fd")):
                through = None if cmd.remote else _created_earlier(path, env)
                if through is not None:
                    parts.append(
                        Part(
                            path,
                            kind,
                            Verdict.ASK,
                            [Floor.NOT_UNDERSTOOD.rule_id],
                            [f"{path} goes through {through}: where it leads is not knowable before it runs"],
                        )
                    )
                part = _file_part(kind, path, call, policy, env, recursive, stat_only, cmd.remote)
                if egress_in_line and kind == "read" and part.verdict < Verdict.DENY and _is_sensitive_read(part):
                    part.verdict = Verdict.DENY
                parts.append(part)
    return parts


MAX_SED_SCRIPT_BYTES = 64 << 10


def _sed_script_files(sedscript, cmd: SimpleCommand, env: Env, sed) -> list[fl.Demand]:  # type: ignore[no-untyped-def]
    """`sed -f s.sed`: the script file is read (bounded) and walked like an inline script, its r/w files
    added to `sed`; one that cannot be read now (missing, written earlier on the line, stdin, a FIFO) asks."""
    demands: list[fl.Demand] = []
    from hookward.policy.safeio import read_regular

    for name in sedscript.scripts_of(cmd.args)[1]:
        path = env.home + name[1:] if name.startswith("~/") else os.path.join(cmd.cwd or env.cwd, name)
        why = None if name not in ("", "-") else "standard input"
        if why is None and _changed_earlier(os.path.realpath(path), env) is not None:
            why = "a file an earlier command of the same line writes"
        text = None
        if why is None:
            try:
                text = read_regular(path, MAX_SED_SCRIPT_BYTES).decode("utf-8", "replace")
            except (OSError, ValueError):
                why = "a file hookward cannot read (missing, not a regular file, or too long)"
        if text is None:
            demands.append(fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, f"sed runs the script {name!r}, {why}"))
            continue
        found = sedscript.analyze(text)
        sed.reads += found.reads
        sed.writes += found.writes
        if found.runs:
            demands.append(fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, f"the sed script {name} runs commands"))
        elif not found.understood:
            demands.append(fl.Demand(Floor.NOT_UNDERSTOOD, Verdict.ASK, f"the sed script {name} is not understood"))
    return demands


def _is_sensitive_read(part: Part) -> bool:
    return any(rule in (Floor.CREDENTIALS.rule_id, Floor.CREDENTIAL_SWEEP.rule_id) for rule in part.rule_ids)


def _shell_join(words: list[str]) -> str:
    """shlex.join, imported when a call needs it (most never do: ~3M instructions per hook process)."""
    import shlex

    return shlex.join(words)


def _with_command(call: ToolCall, command: str) -> ToolCall:
    return ToolCall(
        "shell",
        command=command,
        cwd=call.cwd,
        project_root=call.project_root,
        host=call.host,
        tool=call.tool,
        session_id=call.session_id,
    )


def _file_part(
    kind: str,
    written: str,
    call: ToolCall,
    policy: CompiledPolicy,
    env: Env,
    recursive: bool = False,
    metadata_only: bool = False,
    remote: str = "",
) -> Part:
    if not written:
        return Part(
            "(no operand)",
            kind,
            Verdict.ASK,
            [Floor.NOT_UNDERSTOOD.rule_id],
            ["a file command with no operand: what it acts on comes from elsewhere"],
        )
    tgt = target(written, env.cwd, env.home, env.project)
    what = tgt.path if tgt.path == tgt.real else f"{tgt.path} (-> {tgt.real})"
    if remote:
        what = f"(on {remote}) {what}"
    action = Action(kind, what, call, target=tgt, recursive=recursive)
    demands = _target_demands(kind, written, tgt, call, policy, env, recursive, metadata_only, remote)
    result = _judge(action, policy, env, Verdict.ASK, demands)
    return Part(what, kind, result.verdict, result.rule_ids, result.reasons)


def _target_demands(
    kind: str,
    written: str,
    tgt: Target,
    call: ToolCall,
    policy: CompiledPolicy,
    env: Env,
    recursive: bool,
    metadata_only: bool,
    remote: str,
) -> Iterator[fl.Demand]:
    """What one file target demands: the path floors, secret files, hookward's own files, an unseen wildcard."""
    yield from _file_demands(kind, tgt, policy, env, recursive, metadata_only)
    if not remote and kind == "read" and not metadata_only:
        for floor, verdict, reason in protection.secret_demands(tgt.path, tgt.real, tgt.written, recursive):
            yield fl.Demand(floor, verdict, reason)
    if not remote:
        own = call.kind in FILE_KINDS and written in call.paths
        content, command = (call.content, None) if own else (None, call.command)
        for floor, verdict, reason in protection.demands(
            kind, tgt.path, tgt.real, tgt.written, env.home, env.project, recursive, content, command
        ):
            yield fl.Demand(floor, verdict, reason)
    if any(ch in written for ch in "*?[") and tgt.scope not in ("project", "project-root", "tmp") and not metadata_only:
        yield fl.Demand(
            Floor.CREDENTIALS,
            Verdict.ASK,
            f"the wildcard {written} outside the project matched nothing hookward can see",
        )


# --- entry points ---------------------------------------------------------------------


def evaluate(call: ToolCall, policy: CompiledPolicy | None = None, env: Env | None = None) -> Decision:
    """actions -> demands -> combine (the precedence at the top of this file): each action the call takes
    is judged by the rules and raised by its demands, and the call takes the strictest of them."""
    if env is None:
        env = Env(call)
    if policy is None:
        policy = load_policy(env.project)
    parts = _shell_parts(call, policy, env) if call.kind == "shell" else _tool_parts(call, policy, env)
    return Decision.from_parts(parts)


def _tool_parts(call: ToolCall, policy: CompiledPolicy, env: Env) -> list[Part]:
    """A file, MCP, web or other tool call's actions, each judged (a shell call's are _shell_parts)."""
    if call.kind in FILE_KINDS:
        parts: list[Part] = []
        if not call.paths:
            parts.append(
                Part(
                    call.tool or call.kind,
                    call.kind,
                    Verdict.ASK,
                    ["engine.no-path"],
                    ["a file tool call without a path"],
                )
            )
        for written in call.paths:
            # A read or search of a directory (Grep, Glob, LS) covers the whole tree under it.
            path = os.path.join(env.cwd, os.path.expanduser(written))
            part = _file_part(call.kind, written, call, policy, env, recursive=os.path.isdir(path))
            special = _special_file(path)
            if special is not None and part.verdict < Verdict.DENY:
                # The host's own tool would block on it or read forever: refused, as a line too long to judge is.
                part.verdict = Verdict.DENY
                part.rule_ids = [Floor.BUDGET.rule_id]
                part.reasons = [f"{written} is {special}, not a regular file: the host's tool would block or never end"]
            parts.append(part)
        return parts
    if call.kind == "mcp":
        return _mcp_parts(call, policy, env)
    if call.kind == "web":
        return [_web_part(call, policy, env)]
    action = Action("other", call.tool or "other", call)
    result = _judge(action, policy, env, Verdict.ASK)
    return [Part(action.what, "other", result.verdict, result.rule_ids, result.reasons)]


def _mcp_parts(call: ToolCall, policy: CompiledPolicy, env: Env) -> list[Part]:
    """An MCP call is judged by the rules; a well-known file tool's path arguments (policy/knowledge/mcp.py) are
    also the file actions they are, judged as the host's own Read, Write or Edit of that path would be."""
    action = Action("mcp", f"{call.mcp_server}/{call.mcp_tool}", call)
    files, understood = _mcp_file_calls(call)
    parts = [part for sub in files for part in _tool_parts(sub, policy, env)]
    understood = understood and not _mcp_base_unknown(call, policy, env)
    unknown = Verdict.parse(policy.settings["unknown_mcp"])
    if files and understood and unknown <= Verdict.ASK:  # a person's stricter unknown_mcp still holds
        # Every argument is accounted for: its file actions decide, and the call itself is what a rule says of it.
        what = f"{call.mcp_tool} is a file tool, judged by the files it names"
        result = _rules_verdict(policy, action, env, Verdict.ALLOW, ("engine.mcp-file-tool", what))
        # Allowed only by what its arguments name, never by a rule of its own: no opinion on the wire, so the
        # host's own prompt for the server still applies (the server may not be the local filesystem).
        understood_part = result.rule_ids != ["engine.mcp-file-tool"]
        parts.append(Part(action.what, "mcp", result.verdict, result.rule_ids, result.reasons, understood_part))
        return parts
    result = _judge(action, policy, env, unknown)
    parts.append(Part(action.what, "mcp", result.verdict, result.rule_ids, result.reasons))
    return parts


# Path arguments relative to the server's own project (Serena's active project, which activate_project moves;
# the IDE's open project for JetBrains), not to the host's working directory.
_MCP_SERVER_RELATIVE = ("relative_path", "pathInProject")


def _mcp_base_unknown(call: ToolCall, policy: CompiledPolicy, env: Env) -> bool:
    """Would a server-relative path argument be a floor's place were the server's project the home (`.bashrc`,
    `.ssh/authorized_keys`)? Then where it lands is not known here, and the call keeps its own answer."""
    arguments = call.arguments or {}
    for key in _MCP_SERVER_RELATIVE:
        value = arguments.get(key)
        for path in [value] if isinstance(value, str) else value if isinstance(value, list) else []:
            if not isinstance(path, str) or not path.strip() or path.startswith(("/", "~")):
                continue
            probe = ToolCall(
                "write",
                tool=call.tool,
                paths=[os.path.join(env.home, path)],
                cwd=call.cwd,
                project_root=call.project_root,
                host=call.host,
                session_id=call.session_id,
            )
            for part in _tool_parts(probe, policy, env):
                if part.verdict >= Verdict.ASK and any(rule.startswith("floor.") for rule in part.rule_ids):
                    return True
    return False


def _mcp_spelled_path(path: str) -> str | None:
    """None for a plain path; else the path a `file:` URL names ('' when it names no other): a URL (of any
    scheme, or a drive letter), outer white space, a control character, `$`, `%` or a backslash are spellings a
    server may expand, trim or decode into another place."""
    if re.match(r"(?i)file:", path):
        from urllib.parse import unquote, urlsplit

        return unquote(urlsplit(path).path) or ""
    if path != path.strip() or re.match(r"[A-Za-z][\w+.-]*:", path) or re.search(r"[$%\\\x00-\x1f\x7f]", path):
        return ""
    return None


def _mcp_file_calls(call: ToolCall) -> tuple[list[ToolCall], bool]:
    """(the file calls a well-known MCP file tool's arguments make, whether every argument was understood)."""
    arguments = call.arguments
    if arguments is None or not call.mcp_tool:
        return [], False
    from hookward.policy.knowledge.mcp import FILE_TOOLS

    known = FILE_TOOLS.get(call.mcp_tool) or FILE_TOOLS.get(call.mcp_tool.lower())
    if known is None:
        return [], False
    path_keys, other_keys, content_key = known
    understood = True
    effects: list[tuple[str, str]] = []
    for key, value in arguments.items():
        effect = path_keys.get(key)
        if effect is None:
            understood = understood and key in other_keys
            continue
        values = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        if not values or not all(isinstance(v, str) and v.strip() for v in values):
            understood = False  # a blank or non-text path: the server refuses it or reads it some other way
            continue
        for path in values:
            assert isinstance(path, str)
            spelled = _mcp_spelled_path(path)
            if spelled is not None:
                # `file:///home/me/.bashrc`, `$HOME/x`, ` x`, `C:\\x`: the server may place it where the text does
                # not say; the place it may mean is judged too, and the call keeps its own answer.
                understood = False
                if spelled:
                    effects.extend((kind, spelled) for kind in (("read", "delete") if effect == "move" else (effect,)))
            effects.extend((kind, path) for kind in (("read", "delete") if effect == "move" else (effect,)))
    content = arguments.get(content_key) if content_key else None
    writes = [path for kind, path in effects if kind == "write"]
    whole = arguments.get("mode") in (None, "rewrite") and len(writes) == 1  # "append" adds to the file
    calls = [
        ToolCall(
            kind,
            tool=call.tool,
            paths=[path],
            content=content if kind == "write" and whole and isinstance(content, str) else None,
            cwd=call.cwd,
            project_root=call.project_root,
            host=call.host,
            event=call.event,
            session_id=call.session_id,
            tool_use_id=call.tool_use_id,
            permission_mode=call.permission_mode,
        )
        for kind, path in effects
    ]
    return calls, understood


def _special_file(path: str) -> str | None:
    """'a FIFO', 'a socket' or 'a device' when a file tool's target is one (through symlinks), else None. Only
    /dev/null, which ends at once and takes anything, is an ordinary target for a host's file tool: /dev/zero and
    /dev/urandom (harmless in a shell pipeline that takes a few bytes) never end when a tool reads them whole."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if os.path.realpath(path) == "/dev/null":
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def _web_part(call: ToolCall, policy: CompiledPolicy, env: Env) -> Part:
    from hookward.policy import urls

    url = call.url or ""
    action = Action("web", url, call)
    demands = (  # shared with plain shell downloads
        fl.Demand(floor, Verdict.parse(verdict), reason) for floor, verdict, reason in urls.fetch_problems(url)
    )
    result = _judge(action, policy, env, Verdict.ASK, demands)
    return Part(url[:300], "web", result.verdict, result.rule_ids, result.reasons)


class Settings:
    """The settings the renderer needs, read from the compiled policy."""

    __slots__ = ("trusted_grade", "grant_expiry_minutes", "shadow")

    def __init__(self, data: dict) -> None:
        self.trusted_grade = data.get("trusted_grade", "documented")
        self.grant_expiry_minutes = data.get("grant_expiry_minutes", 60)
        self.shadow = data.get("shadow", False) is True  # user policy only (loader.USER_ONLY_SETTINGS)


def evaluate_call(call: ToolCall) -> tuple[Decision, Settings]:
    # The session's first call records the HEAD that later calls measure "the person's code" against.
    candidate = call.project_root or call.cwd
    provenance.note_session(call.session_id, provenance.project_root(candidate, home_dir()) if candidate else None)
    env = Env(call)
    policy = load_policy(env.project)
    budget.apply_settings(policy.settings)  # the user's deadline, if the hook started one
    return evaluate(call, policy, env), Settings(policy.settings)
