"""git, and the GitHub / GitLab CLIs: git's global options, `-c` settings, and the subcommands that run commands
or throw work away; gh / glab printing tokens, uploading files, changing or deleting things on the forge."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ASK, DENY, FORCE_ASK, Command, Demand, Floor, _flag_set, _option_values
from hookward.policy.knowledge import gitconfig
from hookward.policy.lazy import LazyRegex


def git_argv(argv: list[str]) -> tuple[list[str], list[str]]:
    """git's argv without global options, and the `-c key=value` settings given."""
    out = [argv[0]]
    configs: list[str] = []
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in ("-C", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--super-prefix", "--config-env"):
            if arg == "--config-env" and i + 1 < len(argv):
                configs.append(argv[i + 1])
            i += 2
            continue
        if arg == "-c":
            if i + 1 < len(argv):
                configs.append(argv[i + 1])
            i += 2
            continue
        if arg.startswith("-C") and len(arg) > 2:
            i += 1
            continue
        if arg.startswith("-c") and len(arg) > 2:
            configs.append(arg[2:])
            i += 1
            continue
        if arg.startswith("--config-env="):
            configs.append(arg[len("--config-env=") :])
        if arg.startswith(("--git-dir=", "--work-tree=", "--namespace=", "--exec-path", "--config-env=")):
            i += 1
            continue
        if arg in (
            "--no-pager",
            "-p",
            "--paginate",
            "--bare",
            "--no-replace-objects",
            "--literal-pathspecs",
            "--no-optional-locks",
            "-P",
            "--glob-pathspecs",
            "--noglob-pathspecs",
            "--icase-pathspecs",
        ):
            i += 1
            continue
        break
    out.extend(argv[i:])
    return out, configs


# Branches where a push ships or skips review: the default and integration branches, release and hotfix lines,
# deployment branches, and the ones forges publish as a site (gh-pages, pages).
_PROTECTED_BRANCH = LazyRegex(
    r"^(main|master|trunk|develop|development|prod|production|stable|staging|live|deploy(ment)?|gh-pages|pages"
    r"|(release|hotfix|maintenance)([/_-].*)?|v?\d+\.(\d+|x)(\.x)?|HEAD)$"
)


def _protected_branch(refspec: str) -> bool:
    destination = refspec.rsplit(":", 1)[-1].removeprefix("refs/heads/")
    return destination == "" or bool(_PROTECTED_BRANCH.match(destination))


# What makes a push without a refspec (or with `HEAD`) push something other than the current branch to the
# same name: a push mode that picks the upstream or every matching branch, push refspecs of a remote, a config
# file hookward does not follow (includes), or variables that move the repository or its configuration.
# A key may follow its section header on the same line (`[push] default = matching`), a value may be quoted, and
# `mirror = true` makes a bare push force-push every ref: each is a push of something other than the branch.
_PUSH_PICKS_OTHERS = LazyRegex(
    r"(?im)^\s*\[\s*(include|includeif)\b|(^|\])\s*(default\s*=\s*\"?\s*(upstream|tracking|matching)|push\s*=|mirror\b)"
)
_PUSH_WIDENS = LazyRegex(r"--(all|branches|tags|follow-tags|recurse-submodules)(=|$)")
_GIT_PLACE_VARIABLES = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_COMMON_DIR",
    "GIT_CONFIG",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
)
_MAX_GIT_FILE = 1 << 16  # a HEAD or configuration file read whole; a bigger one is not known


def _git_file(path: str) -> str | None:
    """A git HEAD or configuration file, whole; None if missing, not a regular file, or too big to read whole."""
    from hookward.policy.content import head_text

    text = head_text(path, _MAX_GIT_FILE + 1)
    return text if text is not None and len(text) <= _MAX_GIT_FILE else None


def _pushes_a_branch_of_its_own(argv: list[str], words: list[str], cwd: str | None) -> bool:
    """`git push`, `git push origin`, `git push -u origin HEAD` while a branch that is not the default or a
    release branch is checked out: git pushes that branch to the same name."""
    if len(words) > 2 or (len(words) == 2 and words[1] != "HEAD"):
        return False
    if any(_PUSH_WIDENS.match(a) and a not in ("--recurse-submodules=no", "--recurse-submodules=check") for a in argv):
        return False  # `--all`, `--branches`, `--tags`, `--follow-tags`, submodules: more than that branch
    branch = current_branch(cwd, argv)
    return branch is not None and not _protected_branch(branch)


def current_branch(cwd: str | None, argv: list[str]) -> str | None:
    """The branch that `git push [remote]` or `git push remote HEAD` pushes (to the same name), read from the
    repository's HEAD; None when it is not known or git could push something else (a detached HEAD, a linked
    worktree or submodule, `-C`/`--git-dir`, a push mode or refspec in any config file, an include)."""
    import os

    if not cwd or any(a.startswith(("-C", "-c", "--git-dir", "--work-tree", "--config-env")) for a in argv[1:]):
        return None
    if any(name in os.environ for name in _GIT_PLACE_VARIABLES):
        return None
    from hookward.policy.provenance import find_repo

    repo = find_repo(cwd)  # the repository git finds from cwd: the nearest .git
    gitdir = os.path.join(repo.worktree, ".git") if repo is not None else ""
    if repo is None or repo.gitdir != gitdir:
        return None  # a worktree's or submodule's `.git` file: its gitdir is somewhere else
    head = _git_file(os.path.join(gitdir, "HEAD"))
    if head is None or not head.startswith("ref: refs/heads/"):
        return None
    branch = head[len("ref: refs/heads/") :].strip()
    from hookward.policy.content import git_config_files

    for config in git_config_files(gitdir):
        if os.path.lexists(config):
            text = _git_file(config)
            if text is None or _PUSH_PICKS_OTHERS.search(text):
                return None
    return branch or None


def _git_demands(argv: list[str], cwd: str | None = None) -> list[Demand]:
    from hookward.policy.specs.vcs import canonical_argv  # abbreviated options spelled out (`--h` = `--hard`)

    demands: list[Demand] = []
    full = canonical_argv(argv)
    argv, configs = git_argv(full)
    if len(argv) >= 2 and argv[1] == "clone":
        configs = configs + _option_values(argv[2:], "-c", "--config")
    from_env = set(_option_values(full, "--config-env", "--config-env"))  # the value is in a variable
    for setting in configs:
        key = gitconfig.setting_key(setting)
        kind, why = gitconfig.classify(key, None if setting in from_env else gitconfig.setting_value(setting))
        if kind == gitconfig.DANGEROUS_TEXT:
            demands.append(Demand(Floor.HIJACK, DENY, f"git -c {key} makes git run another program ({why})"))
        elif kind == gitconfig.UNKNOWN_TEXT:
            demands.append(Demand(Floor.HIJACK, ASK, f"git -c {key}: {why}"))
    if len(argv) < 2:
        return demands
    sub, rest = argv[1], argv[2:]
    flags = _flag_set(rest)
    runs_command = (
        (sub == "rebase" and (flags & {"--exec", "-x"} or any(a.startswith("--exec=") for a in rest)))
        or (sub == "submodule" and "foreach" in rest)
        or (sub == "bisect" and rest[:1] == ["run"])
        or (
            sub in ("difftool", "mergetool")
            and (flags & {"-x", "--extcmd", "--tool-help"} or any(a.startswith(("--extcmd=", "-x")) for a in rest))
        )
        or any(a.startswith(("--upload-pack", "--receive-pack", "--exec=", "--exec")) for a in rest)
        or (sub in ("clone", "fetch", "pull", "ls-remote", "archive") and "-u" in rest)
        or (
            sub == "grep"
            and (flags & {"-O", "--open-files-in-pager"} or any(a.startswith("--open-files-in-pager") for a in rest))
        )
        or (sub == "filter-branch")
    )
    if runs_command:
        demands.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, f"git {sub} runs a command hookward does not analyze"))
    if sub == "config":
        valued = {"-f", "--file", "--blob", "-t", "--type", "--default"}
        keys = [a for i, a in enumerate(rest) if not a.startswith("-") and not (i and rest[i - 1] in valued)]
        reading = (
            bool(flags & {"--get", "--get-all", "--get-regexp", "--list", "-l", "--show-origin", "--get-urlmatch"})
            or len(keys) <= 1
            and not (
                flags
                & {
                    "--unset",
                    "--unset-all",
                    "--add",
                    "--replace-all",
                    "--remove-section",
                    "--rename-section",
                    "-e",
                    "--edit",
                }
            )
        )
        value = keys[1] if len(keys) > 1 else None
        if keys and gitconfig.classify(keys[0], value)[0] == gitconfig.DANGEROUS_TEXT and not reading:
            demands.append(Demand(Floor.PERSISTENCE, DENY, f"git config {keys[0]} makes git run another program later"))
        elif not reading:
            demands.append(Demand(Floor.PERSISTENCE, ASK, "changes git configuration"))
    if sub == "push":
        refs = [a for a in rest if not a.startswith("-")]
        if (
            any(f.startswith("--force") for f in flags)
            or flags & {"-f", "--mirror", "--delete", "-d", "--prune"}
            or any(r.startswith("+") or r.startswith(":") for r in refs[1:])
        ):
            demands.append(
                Demand(Floor.DESTRUCTIVE, FORCE_ASK, "force-pushes or deletes remote history, which cannot be undone")
            )
        else:
            # Pushing to a remote the repository already names is the person's own workflow; a URL or a
            # path, or --repo, is a destination nobody chose. Pointing a remote somewhere else asks (below).
            # The default and release branches are where review happens: a direct push there, or a push
            # whose branch is only known at run time (bare `git push`, HEAD), still asks.
            words = [a for a in rest if not a.startswith("-")]
            target = words[0] if words else ""
            repo = any(f == "--repo" or f.startswith("--repo=") for f in rest)
            if repo or (target and not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", target)):
                demands.append(Demand(Floor.EGRESS, ASK, "git push sends the project's history to a URL or path"))
            elif (
                len(words) < 2 or words[1:] == ["HEAD"] or any(_protected_branch(ref) for ref in words[1:])
            ) and not _pushes_a_branch_of_its_own(full, words, cwd):
                demands.append(
                    Demand(Floor.EGRESS, ASK, "git push to the default or a release branch (or to a branch not named)")
                )
    if sub == "remote" and rest[:1] and rest[0] in ("add", "set-url", "rename"):
        demands.append(Demand(Floor.EGRESS, ASK, f"git remote {rest[0]} changes where the project's history is sent"))
    if sub == "reset" and flags & {"--hard", "--merge", "--keep"}:
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "git reset --hard throws away uncommitted work"))
    if sub == "clean" and (flags & {"-f", "--force"}) and not (flags & {"-n", "--dry-run"}):
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "git clean deletes untracked files for good"))
    checkout_paths = [a for a in rest if not a.startswith("-")]
    if sub == "checkout" and (
        "--" in rest
        or "." in rest
        or flags & {"-f", "--force"}
        or any(a.startswith("--pathspec-from-file") for a in rest)
        or (len(checkout_paths) >= 2 and not flags & {"-b", "-B", "--orphan"})
    ):
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "git checkout of paths throws away uncommitted changes"))
    if sub == "restore" and not (flags & {"--staged", "-S"}) or (sub == "restore" and flags & {"--worktree", "-W"}):
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "git restore throws away uncommitted changes"))
    if sub == "switch" and flags & {"--discard-changes", "-f", "--force"}:
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "switching with --discard-changes throws away work"))
    if sub == "stash" and rest[:1] in (["drop"], ["clear"]):
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "drops stashed work for good"))
    if sub == "branch" and ("-D" in flags or flags & {"--force", "-f", "-M", "-C"}):
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "force-deletes or overwrites a branch"))
    if sub == "worktree" and rest[:1] == ["remove"] and flags & {"--force", "-f"}:
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "force-removes a worktree with its changes"))
    if (
        sub in ("filter-branch", "filter-repo")
        or (sub == "reflog" and rest[:1] == ["expire"])
        or (sub == "update-ref" and "-d" in flags)
        or (sub == "gc" and any(a.startswith("--prune") for a in rest))
    ):
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, f"git {sub} rewrites or discards history"))
    if sub == "rebase" or sub == "commit" and "--amend" in flags:
        pass  # local and recoverable through the reflog
    if sub in ("clone", "fetch", "pull", "ls-remote", "submodule", "remote") and sub != "remote":
        pass
    return demands


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    if (
        program == "gh"
        and args[:2] == ["auth", "token"]
        or program == "gh"
        and "--show-token" in args
        or program == "glab"
        and args[:2] == ["auth", "token"]
    ):
        found.append(Demand(Floor.CREDENTIALS, DENY, f"{program} prints an access token"))
    if program == "git":
        found.extend(_git_demands(cmd.argv, cmd.cwd))
        found.extend(config_listing_demands(cmd.argv, cmd.cwd))
    if program == "gh" and args[:2] in (
        ["gist", "create"],
        ["gist", "edit"],
        ["release", "upload"],
        ["release", "create"],
    ):
        found.append(Demand(Floor.EGRESS, ASK, f"gh {args[0]} {args[1]} uploads files to GitHub"))
    if program == "gh" and args:
        from hookward.policy.floors.cloud import _DESTRUCTIVE_VERB

        if (
            any(
                (_DESTRUCTIVE_VERB.match(a) and not a.startswith("download"))  # `down` is not `download`
                or a in ("archive", "transfer", "rename", "visibility")
                for a in args[:3]
                if not a.startswith("-")
            )
            or re.search(r"(-X|--method)[ =]?(DELETE|PUT|PATCH)", " ".join(args), re.IGNORECASE)
        ):
            found.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "gh changes or deletes something on GitHub"))
        elif (
            args[0] == "api"
            and re.search(
                r"(-X|--method)[ =]?POST|(^| )(-f|-F|--field|--raw-field|--input)( |=)", " ".join(args), re.IGNORECASE
            )
            and not re.search(r"(-X|--method)[ =]?(GET|HEAD)\b", " ".join(args), re.IGNORECASE)
            and not (
                args[1:2] == ["graphql"] and "mutation" not in " ".join(args).lower() and "@" not in " ".join(args)
            )
        ):
            found.append(Demand(Floor.EGRESS, ASK, "gh api sends data to GitHub"))
    return found


def config_listing_demands(argv: list[str], cwd: str | None) -> list[Demand]:
    """`git config --list` / `--get-regexp` / any read of git's configuration, and `git remote -v` / `get-url` /
    `show`, where that configuration really holds a credential (an `http.<url>.extraheader`, which
    actions/checkout leaves in CI checkouts, or a remote URL with a password): printing it is a credential read.
    Everywhere else (no such setting, the common case) listing the configuration is routine and passes."""
    from hookward.policy.specs.vcs import canonical_argv

    full = canonical_argv(argv)
    words, _ = git_argv(full)
    if len(words) < 2 or not cwd:
        return []
    sub, rest = words[1], words[2:]
    urls_only = sub == "remote"  # `git remote -v` prints the URLs, not the extraheaders
    if sub == "remote":
        shown = bool(_flag_set(rest) & {"-v", "--verbose"}) or any(w in ("get-url", "show") for w in rest[:2])
        if not shown:
            return []
    elif sub != "config":
        return []
    elif not _flag_set(rest) & {"-l", "--list", "--get-regexp", "--get-urlmatch"}:
        # One key read (`git config user.name`, `--get remote.origin.url`) prints that key only.
        valued = {"-f", "--file", "--blob", "-t", "--type", "--default"}
        keys = [a for i, a in enumerate(rest) if not a.startswith("-") and not (i and rest[i - 1] in valued)]
        key = keys[0].lower() if keys else ""
        if not (re.fullmatch(r"http\..*extraheader|url\..*|.*\.(url|pushurl)", key) and len(keys) == 1):
            return []
        urls_only = not key.endswith("extraheader")
    chdirs: list[str] = []
    git_dir: str | None = None
    globals_ = full[1 : len(full) - len(words) + 1]
    for i, arg in enumerate(globals_):
        value = globals_[i + 1] if i + 1 < len(globals_) else ""
        if arg == "-C":
            chdirs.append(value)
        elif arg.startswith("-C") and not arg.startswith("-C="):
            chdirs.append(arg[2:])
        elif arg == "--git-dir":
            git_dir = value
        elif arg.startswith("--git-dir="):
            git_dir = arg[len("--git-dir=") :]
    from hookward.policy.content import git_config_secret

    why = git_config_secret(cwd, chdirs, git_dir, urls_only)
    if why is None:
        return []
    return [Demand(Floor.CREDENTIALS, ASK, f"git {sub} prints git's configuration, and {why}")]
