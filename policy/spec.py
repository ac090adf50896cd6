"""Command specs: what every argument of a known program does.

A spec is readable data (one module per program family under
`policy/specs/`). It names the program's subcommands, its options and their
arity, the spellings the program accepts, and for each option and operand its
**effect**. `walk(spec, argv)` reads an argv with the program's own grammar and
returns the effects, plus everything it did not understand; the engine judges
the effects (floors, path rules), never the program's name.

An option is written as a short string, so a spec reads like a manual page:

    "flag"                 takes no value, does nothing the policy cares about
    "val"                  takes a value that is not a path (a count, a pattern, a format)
    "val2:read"            takes two values; the effect is on the second (`jq --rawfile NAME FILE`)
    "val:write"            takes a value, and the value is a path it writes
    "opt:edit"             takes an *optional* value, attached only (`-i.bak`, `--in-place=.bak`)
    "flag:publish"         takes no value; the command as a whole publishes
    "flag>edit"            takes no value; from now on operands are files edited in place
    "opt>read=edit"        operands that would be read are edited instead, whatever else sets the
                           pattern (`sed -i` with `-e`, in either order; `gawk -i inplace`)
    "flag:argv"            takes no value; the words after it are a command that runs (`fd -x CMD...`)
    "val:destroy@force_ask" an effect may carry the verdict it needs
    "flag:tree-read=."     takes no value; acts as if the operand `.` were given (`git add -A`)
    "unknown"              listed in the program's manual, not modelled: asks

A word `+CMD` is a command the program runs at start-up where the spec says so
(`plus="code:vim"`: `vim +'!sh' f`); `+NUM` and a lone `+` are line numbers. A spec
with `chain=";"` names the word that chains a second command (`tmux new ';' run x`):
chained commands are not modelled. A single-dash long option (`screen -ls`) is
found before the word is read as bundled letters.

A spec with `needs=N` says the program reads its whole command line before it acts
and acts only on what it is given: with fewer than N operands, and no option that
names what to act on (one that takes a value or has an effect, even `recursive`),
or with an option missing its value and no operand, it prints its usage and exits.
Such a walk is `idle`: no effects, nothing unknown (`rm`, `pkill`, `ssh`, `ps -p`).
The engine still asks when words it cannot see may be appended (`xargs rm`). Not
for a program whose configuration can name what it acts on (pip's `requirement =`).

A subcommand key ending in `*` matches every subcommand that starts with it, the longest
prefix first (`"describe-* list-* get-*"` for a cloud CLI's thousands of read-only
operations); `"*"` alone matches any word. An exact key wins over a prefix.

Operands are a space-separated pattern of effects, one per position; one of
them may repeat (`*` zero or more, `+` one or more): `"text read*"` (grep),
`"read+ write"` (cp). Programs that take `key=value` operands (`dd if=a of=b`)
name the effect of each key's value in `assign={"if": "read", "of": "write"}`;
a `key=` the spec does not list is judged by the operand pattern. Effects:

    read write edit delete move    a path (move = read and delete the source)
    stat                           a path whose metadata (name, type, size, times), not content, is read (`ls`, `du`)
    tree-read tree-write tree-delete  a directory and everything under it
    archive                        an archive file that is read to be unpacked
    extract                        the command unpacks its archive(s) (into the `cd` directory, else the cwd)
    cd                             a directory the program works in: its operands are relative to it
    dest tree-dest                 a destination: a file, or a directory the sources (read/move operands) go into
    upload                         a path whose content leaves the machine
    exec                           a shell command string, analysed as one
    argv                           the rest of the words are a command that runs
    script                         a file of code that runs
    code:LANG                      inline code in LANG (python, node, ruby, perl, shell, ...)
    load                           a library, plugin or init file that runs inside the program
    network publish config secret env destroy privilege signal  the command's effect on the world
                                   (a `network` value is the destination: `psql -h HOST`; none = not named)
    fetch                          downloads from a destination (a GET, a name lookup: it sends no more than
                                   the names on the command line); a value is the destination, none = the
                                   program's own public default (degit's GitHub, whois's registry servers)
    recursive                      the command's path operands cover whole trees (`cp -r`, `rm -r`, `grep -r`)
    link                           the command hard-links its read operands: they are judged as written too
    text                           free text, patterns, refs, names, URLs: never a path
    object                         a git object name: `REV:PATH` reads PATH (as stored), a plain word is read as a path
    unknown                        not modelled: asks, naming it
"""

from __future__ import annotations

from collections.abc import Callable

EFFECTS = frozenset(
    {
        "read",
        "stat",
        "write",
        "edit",
        "delete",
        "move",
        "tree-read",
        "tree-write",
        "tree-delete",
        "extract",
        "archive",
        "dest",
        "tree-dest",
        "cd",
        "upload",
        "exec",
        "argv",
        "script",
        "load",
        "network",
        "fetch",
        "publish",
        "config",
        "secret",
        "env",
        "destroy",
        "privilege",
        "signal",
        "recursive",
        "link",
        "text",
        "code",  # code:LANG (`_base` of it)
        "object",
        "unknown",
    }
)
PATH_EFFECTS = frozenset(
    {
        "read",
        "stat",
        "write",
        "edit",
        "delete",
        "move",
        "tree-read",
        "tree-write",
        "tree-delete",
        "archive",
        "dest",
        "tree-dest",
        "upload",
        "script",
        "load",
    }
)
VERDICT_NAMES = ("allow", "ask", "force_ask", "deny")


class SpecError(ValueError):
    """A spec that does not say what it means: raised when the spec is built, never on the hook path."""


class Opt:
    """One option: does it take a value, and what does it (or its value) do."""

    __slots__ = ("takes", "effect", "verdict", "operands", "optional", "when", "values", "fixed", "subst")

    def __init__(
        self,
        takes: bool,
        effect: str | None = None,
        verdict: str | None = None,
        operands: str | None = None,
        optional: bool = False,
        when: str | None = None,
        values: int = 1,
    ) -> None:
        self.takes = takes
        self.values = values  # how many words the option takes; the effect is on the last
        self.effect = effect  # on the value when it takes one, else on the command
        self.verdict = verdict
        self.operands = operands  # a new operand pattern from here on (`sed -i`, `grep -e`)
        self.optional = optional
        self.when = when  # the effect applies only when the value is one of these ("public|internal")
        self.subst: tuple[str, str] | None = None  # operands with effect [0] get effect [1] instead
        self.fixed: str | None = None  # a flag that stands for an operand (`git add -A` = `.`)

    @classmethod
    def parse(cls, text: str, where: str) -> Opt:
        head, _, rest = text.partition(":")
        operands = None
        if ">" in head:
            head, operands = head.split(">", 1)
            operands = operands.replace(",", " ")
        if head not in ("flag", "val", "val2", "opt", "unknown"):
            raise SpecError(f"{where}: {text!r} must start with flag, val, val2, opt or unknown")
        if head == "unknown":
            return cls(False, "unknown")
        effect = rest or None
        verdict = None
        when = None
        if effect and "?" in effect:
            effect, when = effect.split("?", 1)
        if effect and "@" in effect:
            effect, verdict = effect.split("@", 1)
            if verdict not in VERDICT_NAMES:
                raise SpecError(f"{where}: unknown verdict {verdict!r} in {text!r}")
        fixed = None
        if effect and "=" in effect:
            effect, fixed = effect.split("=", 1)
        if effect is not None and _base(effect) not in EFFECTS:
            raise SpecError(f"{where}: unknown effect {effect!r} in {text!r}")
        subst = None
        if operands is not None and "=" in operands:
            old, new = operands.split("=", 1)
            if _base(old) not in EFFECTS or _base(new) not in EFFECTS:
                raise SpecError(f"{where}: unknown operand effect in {text!r}")
            subst, operands = (old, new), None
        if operands is not None:
            _pattern(operands, where)
        values = 2 if head == "val2" else 1
        opt = cls(head != "flag", effect, verdict, operands, optional=head == "opt", when=when, values=values)
        opt.subst = subst
        opt.fixed = fixed
        return opt


_PARSED: dict[str, Opt] = {}


def _parsed(text: str, name: str, spelled: str) -> Opt:
    """Opt.parse, once per distinct text: specs repeat "flag" and "val" thousands of times, and an Opt is never changed."""
    opt = _PARSED.get(text)
    if opt is None:
        opt = _PARSED[text] = Opt.parse(text, f"{name} {spelled}")
    return opt


def _base(effect: str) -> str:
    return effect.split(":", 1)[0] if effect.startswith("code:") else effect


def _pattern(text: str, where: str) -> tuple[list[str], str | None, str, list[str]]:
    """`"text read*"` -> (fixed head, repeated effect, repeat kind, fixed tail)."""
    head: list[str] = []
    tail: list[str] = []
    repeated: str | None = None
    kind = ""
    for token in text.split():
        mark = token[-1] if token[-1] in "*+?" else ""
        effect = token[:-1] if mark else token
        if _base(effect) not in EFFECTS:
            raise SpecError(f"{where}: unknown operand effect {effect!r} in {text!r}")
        if mark:
            if repeated is not None:
                raise SpecError(f"{where}: only one operand may repeat in {text!r}")
            repeated, kind = effect, mark
        elif repeated is None:
            head.append(effect)
        else:
            tail.append(effect)
    return head, repeated, kind, tail


class Spec:
    """A program (or one of its subcommands) and its grammar."""

    __slots__ = (
        "name",
        "version",
        "_raw_options",
        "_options",
        "_shorts",
        "_longs",
        "operands",
        "subcommands",
        "prefixes",
        "effects",
        "long_prefix",
        "bundling",
        "single_dash",
        "posix",
        "numeric",
        "globals_anywhere",
        "parent",
        "aliases",
        "summary",
        "examples",
        "subcommand_required",
        "assign",
        "literal_dashes",
        "plus",
        "chain",
        "judge",
        "needs",
        "_pattern",
    )

    def __init__(
        self,
        name: str,
        *,
        version: str = "",
        summary: str = "",
        options: dict[str, str | Opt] | None = None,
        operands: str = "",
        subcommands: dict[str, Spec] | None = None,
        effects: str = "",
        long_prefix: bool = True,
        bundling: bool = True,
        single_dash: bool = False,
        posix: bool = False,
        numeric: bool = False,
        globals_anywhere: bool = False,
        aliases: tuple[str, ...] = (),
        subcommand_required: bool = False,
        assign: dict[str, str] | None = None,
        literal_dashes: bool = False,
        plus: str = "",
        chain: str = "",
        examples: dict[str, str] | None = None,
        judge: Callable[[Walk, list[str]], None] | None = None,
        needs: int | None = None,
    ) -> None:
        self.name = name
        self.version = version
        self.summary = summary
        # Options are compiled on first use: a family module builds hundreds of subcommands,
        # and a hook call walks one of them.
        self._raw_options = options or {}
        self._options: dict[str, Opt] | None = None
        self._shorts: dict[str, Opt] = {}
        self._longs: dict[str, Opt] = {}
        self.operands = operands
        self._pattern = _pattern(operands, name) if operands else ([], None, "", [])
        self.subcommands: dict[str, Spec] = {}
        self.prefixes: list[tuple[str, Spec]] = []  # `"describe-*"` keys: longest prefix first
        for sub_name, sub in (subcommands or {}).items():
            sub.parent = self
            for word in sub_name.split():
                if word.endswith("*"):
                    self.prefixes.append((word[:-1], sub))
                else:
                    self.subcommands[word] = sub
        self.prefixes.sort(key=lambda item: -len(item[0]))
        for effect in effects.split():
            if _base(effect.split("@", 1)[0]) not in EFFECTS:
                raise SpecError(f"{name}: unknown command effect {effect!r}")
        self.effects = effects.split()
        self.long_prefix = long_prefix
        self.bundling = bundling
        self.single_dash = single_dash
        self.posix = posix  # options end at the first operand (`timeout`, `xargs`, `env`)
        self.numeric = numeric  # `-5` is a count (`head -5`, `kill -9`)
        self.globals_anywhere = globals_anywhere  # the parent's options are accepted after a subcommand
        self.parent: Spec | None = None
        self.aliases = aliases
        self.subcommand_required = subcommand_required
        if plus and _base(plus) not in EFFECTS:
            raise SpecError(f"{name}: unknown effect {plus!r} for +CMD words")
        self.plus = plus  # the effect of a `+CMD` word (`vim +cmd`, `less +F`)
        self.chain = chain  # the word that chains another command (`tmux ... \; ...`)
        self.literal_dashes = literal_dashes  # a dash word that is not all known options is an operand (`echo -x`)
        self.assign = assign or {}  # `key=value` operands: the effect of each key's value (`dd of=`)
        for key, effect in self.assign.items():
            if _base(effect) not in EFFECTS:
                raise SpecError(f"{name}: unknown effect {effect!r} for operand {key}=")
        self.examples = examples or {}
        # What the grammar cannot say (`kubectl get secret -o yaml` prints secrets, `get pods -o yaml`
        # does not): a function of the finished walk and the argv that adds effects to the walk.
        self.judge = judge
        # The operands the program needs to act (None: not said); with fewer it prints its usage and exits.
        self.needs = needs

    def _compile(self) -> dict[str, Opt]:
        options: dict[str, Opt] = {}
        shorts: dict[str, Opt] = {}
        longs: dict[str, Opt] = {}
        name = self.name
        for spelled, value in self._raw_options.items():
            opt = value if isinstance(value, Opt) else _parsed(value, name, spelled)
            for word in spelled.split():
                if not word.startswith("-") or word in ("-", "--"):
                    raise SpecError(f"{name}: option {word!r} must start with a dash")
                if word in options:
                    raise SpecError(f"{name}: option {word} declared twice")
                options[word] = opt
                if word.startswith("--") or self.single_dash:
                    longs[word] = opt
                elif len(word) == 2:
                    shorts[word[1]] = opt
                else:
                    longs[word] = opt  # a single-dash long option (`-exec`, `-wrapper`)
        self._shorts, self._longs = shorts, longs
        self._options = options
        return options

    @property
    def options(self) -> dict[str, Opt]:
        return self._options if self._options is not None else self._compile()

    @property
    def shorts(self) -> dict[str, Opt]:
        if self._options is None:
            self._compile()
        return self._shorts

    @property
    def longs(self) -> dict[str, Opt]:
        if self._options is None:
            self._compile()
        return self._longs

    def path(self) -> str:
        names = []
        spec: Spec | None = self
        while spec is not None:
            names.append(spec.name)
            spec = spec.parent
        return " ".join(reversed(names))


class Effect:
    """One thing an argv does: `write ~/.bashrc (from -o)`."""

    __slots__ = ("kind", "value", "origin", "verdict")

    def __init__(self, kind: str, value: str, origin: str, verdict: str | None = None) -> None:
        self.kind = kind
        self.value = value
        self.origin = origin
        self.verdict = verdict

    def __repr__(self) -> str:
        return f"Effect({self.kind!r}, {self.value!r}, {self.origin!r})"


class Walk:
    """What a spec made of one argv."""

    __slots__ = ("spec", "effects", "unknown", "rest", "cwd", "seen", "idle")

    def __init__(self, spec: Spec, cwd: str = "") -> None:
        self.cwd = cwd  # where the command runs: a judge that reads a file (a patch) resolves it here
        self.spec = spec  # the deepest subcommand reached
        self.seen: list[str] = []  # the options read, by the name they matched (`-l`, `--output`): for judges
        self.effects: list[Effect] = []
        self.unknown: list[str] = []  # what the spec does not know, in words
        self.rest: list[str] | None = None  # words of a command run by `argv`
        self.idle = False  # the program prints its usage and exits (`Spec.needs`): it does nothing

    @property
    def understood(self) -> bool:
        return not self.unknown and not any(e.kind == "unknown" for e in self.effects)


def _lookup_long(spec: Spec, word: str) -> tuple[str, Opt] | None:
    """An exact long option, or (where the program accepts them) a unique prefix of one."""
    opt = spec.longs.get(word)
    if opt is not None:
        return word, opt
    if not spec.long_prefix or not word.startswith("--"):
        return None
    found = [name for name in spec.longs if name.startswith(word) and name.startswith("--")]
    if len(found) == 1:
        return found[0], spec.longs[found[0]]
    if found and len({id(spec.longs[name]) for name in found}) == 1:
        return found[0], spec.longs[found[0]]
    return None


def _option_scopes(spec: Spec) -> list[Spec]:
    scopes = [spec]
    parent = spec.parent
    child = spec
    while parent is not None and parent.globals_anywhere:
        scopes.append(parent)
        child = parent
        parent = child.parent
    return scopes


def _find_long(scopes: list[Spec], word: str) -> tuple[str, Opt] | None:
    for scope in scopes:
        found = _lookup_long(scope, word)
        if found is not None:
            return found
    return None


def _find_short(scopes: list[Spec], letter: str) -> Opt | None:
    for scope in scopes:
        opt = scope.shorts.get(letter)
        if opt is not None:
            return opt
    return None


def _apply(walk: Walk, opt: Opt, name: str, value: str | None, state: dict[str, object]) -> None:
    walk.seen.append(name)
    if opt.takes or opt.effect is not None or opt.operands is not None or opt.subst:
        state["named"] = True  # it may name what the program acts on (`pip install -r f`, `pkill -n`, `rm -r`)
    if name in ("--help", "--version"):
        state["info"] = True  # prints help or its version and exits: operands are not needed
    if opt.operands is not None:
        state["pattern"] = _pattern(opt.operands, name)
    if opt.subst is not None:
        state["subst"] = (*state.get("subst", ()), opt.subst)  # type: ignore[misc]
    if opt.effect is None:
        return
    if opt.effect == "unknown":
        walk.unknown.append(f"option {name} is not modelled")
        return
    if opt.when is not None and (value is None or value.lower() not in opt.when.split("|")):
        return
    if opt.effect == "argv" and value is not None:
        walk.rest = [value]
        return
    if opt.effect == "argv":
        state["argv_next"] = True  # the next word starts the command this option runs
        return
    if opt.fixed is not None:
        # Judged like the operand it stands for (relative to the program's `cd` directory).
        walk.effects.append(Effect(opt.effect, opt.fixed, f"operand implied by {name}", opt.verdict))
        return
    walk.effects.append(Effect(opt.effect, value if value is not None else "", name, opt.verdict))


def walk(spec: Spec, argv: list[str], cwd: str = "") -> Walk:
    """Read argv[1:] with the spec's grammar. Linear in len(argv)."""
    result = Walk(spec, cwd)
    current = spec
    state: dict[str, object] = {"pattern": current._pattern}
    operands: list[str] = []
    missing: list[str] = []  # "missing its value" reasons: getopt would stop there with its usage
    options_done = False
    i = 1
    n = len(argv)
    if spec.chain and spec.chain in argv[1:]:
        result.unknown.append(f"{spec.name} commands chained with {spec.chain!r} are not modelled")
    while i < n:
        word = argv[i]
        i += 1
        if state.get("argv_next"):
            result.rest = argv[i - 1 :]
            break
        if current.plus and not options_done and word.startswith("+"):
            if word != "+" and not word[1:].isdigit() and current.plus != "text":
                result.effects.append(Effect(current.plus, word[1:], "+CMD"))
            continue
        literal = current.literal_dashes and not options_done and word.startswith("-")
        if literal and not _all_options(current, word):
            options_done = current.posix  # `echo -x -n` prints both words
        else:
            literal = False
        if literal or options_done or word == "-" or not word.startswith("-") or len(word) == 1:
            if not operands and (current.subcommands or current.prefixes) and not options_done:
                sub = _subcommand(current, word)
                if sub is not None:
                    current = sub
                    result.spec = sub
                    state["pattern"] = sub._pattern
                    continue
                result.unknown.append(f"subcommand {current.path()} {word!r} is not modelled")
                return result
            pattern = state["pattern"]
            assert isinstance(pattern, tuple)
            if _position(pattern, len(operands)) == "argv":
                # The first word of a command the program runs: everything from here on is its argv.
                result.rest = argv[i - 1 :]
                break
            key, equals, assigned = word.partition("=")
            if equals and key in current.assign:
                if current.assign[key] == "unknown":
                    result.unknown.append(f"operand {key}= of {current.path()} is not modelled")
                elif current.assign[key] != "text":
                    result.effects.append(Effect(current.assign[key], assigned, f"operand {key}="))
                continue
            operands.append(word)
            if current.posix and not current.subcommands:
                options_done = True
            continue
        if word == "--":
            options_done = True
            continue
        scopes = _option_scopes(current)
        if word.startswith("--") or current.single_dash or _single_dash_long(scopes, word):
            name, has_value, value = word.partition("=")
            found = _find_long(scopes, name)
            if found is None and current.single_dash and not word.startswith("--"):
                # `-opt` spelled with a single dash in a single-dash program; also try bundled shorts.
                found = None
            if found is None:
                if current.numeric and word[1:].isdigit():
                    continue
                if current.single_dash and word[1:2] and _find_short(scopes, word[1]) is not None:
                    pass  # fall through to short handling below
                else:
                    result.unknown.append(f"option {word.split('=', 1)[0]} of {current.path()} is not modelled")
                    continue
            else:
                canonical, opt = found
                if opt.takes:
                    if has_value:
                        pass
                    elif opt.optional:
                        value = None  # type: ignore[assignment]
                    elif i < n:
                        value = argv[i]
                        i += 1
                    else:
                        result.unknown.append(f"option {canonical} of {current.path()} is missing its value")
                        missing.append(result.unknown[-1])
                        continue
                    if opt.values == 2:
                        if i >= n:
                            result.unknown.append(f"option {canonical} of {current.path()} is missing its value")
                            missing.append(result.unknown[-1])
                            continue
                        value = argv[i]
                        i += 1
                elif has_value:
                    result.unknown.append(f"option {canonical} of {current.path()} takes no value")
                    continue
                _apply(result, opt, canonical, value if opt.takes else None, state)
                continue
        # Short options, bundled where the program bundles them: `-rf`, `-ofile`, `-n5`.
        if current.numeric and word[1:].isdigit():
            continue
        letters = word[1:]
        j = 0
        while j < len(letters):
            letter = letters[j]
            j += 1
            opt = _find_short(scopes, letter)  # type: ignore[assignment]
            if opt is None:
                if current.numeric and letter.isdigit():
                    continue
                result.unknown.append(f"option -{letter} of {current.path()} is not modelled")
                break
            value: str | None = None  # type: ignore[no-redef]
            if opt.takes:
                if j < len(letters):
                    value = letters[j:]  # getopt keeps a leading '=': `-o=x` writes the file '=x'
                    j = len(letters)
                elif opt.optional:
                    value = None  # type: ignore[assignment]
                elif i < n:
                    value = argv[i]
                    i += 1
                else:
                    result.unknown.append(f"option -{letter} of {current.path()} is missing its value")
                    missing.append(result.unknown[-1])
                    break
                if opt.values == 2:
                    if i >= n:
                        result.unknown.append(f"option -{letter} of {current.path()} is missing its value")
                        missing.append(result.unknown[-1])
                        break
                    value = argv[i]
                    i += 1
            _apply(result, opt, "-" + letter, value, state)
            if not current.bundling:
                if j < len(letters):
                    result.unknown.append(f"option {word} of {current.path()} is not modelled")
                break
    if current.needs is not None and result.rest is None and all(why in missing for why in result.unknown):
        # A missing value idles only a call that names nothing to act on (`ps -p`, not `pnpm create x --registry`,
        # since a lenient parser such as npm's nopt takes the missing value as empty and goes on).
        if (missing and len(operands) < max(current.needs, 1)) or (
            len(operands) < current.needs and not state.get("named")
        ):
            # `rm`, `pip install`, `ps -p`: the program prints its usage and exits; nothing happens.
            result.idle = True
            result.unknown.clear()
            result.effects.clear()
            return result
    if current.subcommands and current.subcommand_required and current is result.spec and not operands:
        if result.rest is None:
            result.unknown.append(f"{current.path()} without a subcommand is not modelled")
    for effect in current.effects:
        kind, _, verdict = effect.partition("@")
        result.effects.append(Effect(kind, "", current.path(), verdict or None))
    pattern = state["pattern"]
    assert isinstance(pattern, tuple)
    for old, new in state.get("subst", ()):  # type: ignore[attr-defined]
        head, repeated, kind, tail = pattern
        swap = {old: new}
        pattern = (
            [swap.get(e, e) for e in head],
            swap.get(repeated, repeated) if repeated else repeated,
            kind,
            [swap.get(e, e) for e in tail],
        )
    _operand_effects(result, pattern, operands, current, bool(state.get("info")))
    if current.judge is not None:
        current.judge(result, argv)
    return result


def _single_dash_long(scopes: list[Spec], word: str) -> bool:
    """`-ls`, `-Logfile`: a long option spelled with one dash, declared as such."""
    name = word.partition("=")[0]
    return len(name) > 2 and any(name in scope.longs for scope in scopes)


def _subcommand(spec: Spec, word: str) -> Spec | None:
    """The subcommand `word` names: an exact key, else the longest `prefix*` key it starts with."""
    sub = spec.subcommands.get(word)
    if sub is not None:
        return sub
    for prefix, candidate in spec.prefixes:
        if word.startswith(prefix) and (prefix or word[:1].isalnum()):
            return candidate
    return None


def _all_options(spec: Spec, word: str) -> bool:
    """Is the dash word made only of options the spec knows (`-ne` for echo), so it is not printed?"""
    if word in spec.longs:
        return True
    return not word.startswith("--") and all(letter in spec.shorts for letter in word[1:])


def _position(pattern: tuple, index: int) -> str | None:  # type: ignore[type-arg]
    """The effect of the operand at `index` as far as it is known before the last operand is seen."""
    head, repeated, _kind, _tail = pattern
    if index < len(head):
        return head[index]
    return repeated


def _operand_effects(result: Walk, pattern: tuple, operands: list[str], spec: Spec, info: bool = False) -> None:  # type: ignore[type-arg]
    head, repeated, kind, tail = pattern
    count = len(operands)
    fixed = len(head) + len(tail)
    if count > fixed and repeated is None:
        extra = operands[fixed:] if not tail else operands[len(head) : count - len(tail)]
        if extra:
            result.unknown.append(f"{spec.path()} takes {fixed} operand(s); {extra[0]!r} is not modelled")
    elif kind == "?" and count > fixed + 1:
        # `x?` is at most one: `split segments delete beta-users` is not coreutils split.
        extra_word = operands[fixed + 1]
        result.unknown.append(f"{spec.path()} takes at most {fixed + 1} operand(s); {extra_word!r} is not modelled")
    elif kind == "+" and repeated in ("delete", "tree-delete", "move") and count <= fixed and not info:
        # What `rm -rf` with nothing visible to remove removes is not known (a wrapper may append it).
        result.unknown.append(f"{spec.path()} without its {repeated} operand is not modelled")
    tail_start = max(len(head), count - len(tail)) if tail else count
    for index, word in enumerate(operands):
        if index < len(head):
            effect = head[index]
        elif index >= tail_start and tail:
            effect = tail[index - tail_start] if index - tail_start < len(tail) else "unknown"
        elif repeated is not None:
            effect = repeated
        else:
            continue
        if effect == "text":
            continue
        if effect == "unknown":
            result.unknown.append(f"operand {word!r} of {spec.path()} is not modelled")
            continue
        if effect == "object":
            # `REV:PATH` and `:PATH` name PATH as stored in git; `:/text` searches commit messages.
            _revision, colon, path = word.partition(":")
            if word.startswith(":/") or (colon and not path):
                continue
            effect, word = "read", path if colon else word
        result.effects.append(Effect(effect, word, f"operand {index + 1}"))
