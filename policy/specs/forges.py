"""Forges: the GitHub CLI (gh) and the GitLab CLI (glab).

References: gh 2.23.0 (Debian bookworm) and the gh manual for the commands added since that
agents use (`gh pr checks --watch`, `gh run watch`, `gh repo edit --visibility`); glab 1.36
(its manual; lighter: the commands agents use, everything else asks). Both are cobra programs:
long options are never abbreviated (`long_prefix=False`), flags are accepted anywhere after the
command (`-R/--repo OWNER/REPO` before or after it), and values are `--opt=v` or `--opt v`.

The mapping, chosen once for the family:
- reading (view, list, diff, checks, status, search, run view / watch, api GET): no effect;
- text that leaves the machine from a file (`--body-file`, `--notes-file`, `gh api --input`,
  `-F key=@file`, release and gist files): `upload` (egress ask; the file is judged as read, so
  `--body-file ~/.ssh/id_rsa` is a credential read);
- changing something on the forge (edit, merge, close, comment-free state changes, secrets,
  variables, labels, re-running CI, `gh api` with a method other than GET): `destroy` (ask), or
  `publish@ask` for `gh api` writes;
- irreversible or public (delete, archive, transfer, rename, making a repository public,
  creating a public repository or pushing a local one, releases, public gists, running a
  workflow, which may deploy): `publish` or `destroy@force_ask` (force_ask);
- printing a token (`gh auth token`, `gh auth status -t`): `secret` (deny);
- adding a key that grants access to the account (`gh ssh-key add`, `repo deploy-key add`): `privilege`;
- installing an extension (a program fetched from GitHub that gh then runs): `load@force_ask`;
- changing gh's own configuration (auth login/logout, config set, alias set): `config`.
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Spec, Walk

GH_VERSION = "gh 2.23.0"
GLAB_VERSION = "glab 1.36"

_CHANGE = "destroy"
_GONE = "destroy@force_ask"


def _words(*tables: dict[str, str]) -> dict[str, str]:
    """One entry per option word; a later table overrides an earlier one."""
    words: dict[str, str] = {}
    for table in tables:
        for spelled, kind in table.items():
            for word in spelled.split():
                words[word] = kind
    return words


_HELP = {"--help": "flag"}
_OUT = {"--json -q --jq -t --template": "val", "-w --web": "flag"}


def _gh(name: str, options: dict[str, str] | None = None, operands: str = "text*", **kwargs: object) -> Spec:
    return Spec(
        name,
        version=GH_VERSION,
        options=_words(_HELP, options or {}),
        operands=operands,
        long_prefix=False,
        **kwargs,  # type: ignore[arg-type]
    )


def _clone_git_flags(walk: Walk, argv: list[str]) -> None:
    """`gh repo clone R [DIR] -- <git clone flags>`: what follows `--` is handed to `git clone`, where
    `--upload-pack=CMD` / `-u CMD` run a command and `-c core.fsmonitor=...` configures one: not modelled."""
    if "--" not in argv:
        return
    handed = argv[argv.index("--") + 1 :]
    flags = {word for word in handed if word.startswith("-")}
    # A flag taken for the directory operand (no DIR given) is a git flag, not a place written.
    walk.effects[:] = [
        Effect("unknown", "", f"git clone flag {e.value!r}")
        if e.origin.startswith("operand") and e.value in flags
        else e
        for e in walk.effects
    ]


def _api(walk: Walk, argv: list[str]) -> None:
    """`gh api`: a method other than GET (explicit, or POST implied by fields) changes something;
    `-F key=@file` and `--input file` send the file."""
    method = ""
    fields = False
    writes_graph = False  # a GraphQL mutation, or a query read from a file (not known)
    kept: list[Effect] = []
    for effect in walk.effects:
        if effect.kind != "text":
            kept.append(effect)
            continue
        if effect.origin in ("-X", "--method"):
            method = effect.value.upper()
        elif effect.origin in ("-f", "--raw-field", "-F", "--field"):
            fields = True
            key, equals, value = effect.value.partition("=")
            if key == "query" and (value.startswith("@") or "mutation" in value.lower()):
                writes_graph = True
            if effect.origin in ("-F", "--field") and equals and value.startswith("@") and len(value) > 1:
                kept.append(Effect("upload", value[1:], f"{effect.origin} {key}=@"))
        elif effect.origin == "--input":
            fields = True
            if effect.value != "-":
                kept.append(Effect("upload", effect.value, effect.origin))
    graphql = "graphql" in argv[2:]
    if not method and graphql and not writes_graph:
        method = "GET"  # a GraphQL query is sent by POST but only reads
    if not method:
        method = "POST" if fields else "GET"
    if method not in ("GET", "HEAD"):
        kept.append(Effect("publish", method, "method", "ask"))
    walk.effects[:] = kept


_BODY = {"-b --body": "val", "-F --body-file": "val:upload", "-e --editor": "flag"}


def _posts_elsewhere(walk: Walk, argv: list[str]) -> None:
    """Text posted with `-R/--repo OWNER/REPO` goes to whatever repository the command names, which may be
    anyone's (a public one the agent was steered to): that is egress, where the project's own repository,
    the default, is routine work."""
    if {"-R", "--repo"} & set(walk.seen):
        walk.effects.append(Effect("network", "", "-R/--repo (a repository the command names)"))


_PR_SELECT = {"-R --repo": "val"}

_PR = _gh(
    "pr",
    subcommands={
        "view": _gh(
            "view",
            {**_OUT, "-c --comments": "flag"},
            examples={"gh pr view 12": "", "gh pr view --json title,body": ""},
        ),
        "list ls": _gh(
            "list",
            {
                **_OUT,
                "-s --state -L --limit -B --base -H --head -l --label -A --author -a --assignee -S --search": "val",
                "--app": "val",
                "-d --draft": "flag",
            },
            examples={"gh pr list --state open --limit 20": ""},
        ),
        "diff": _gh(
            "diff",
            {"--color": "val", "--patch --name-only -w --web": "flag"},
            examples={"gh pr diff 12 --name-only": ""},
        ),
        "checks": _gh(
            "checks",
            {**_OUT, "--watch --fail-fast --required": "flag", "-i --interval": "val"},
            examples={"gh pr checks 12 --watch": ""},
        ),
        "status": _gh("status", {**_OUT, "-c --conflict-status": "flag"}, examples={"gh pr status": ""}),
        "create new": _gh(
            "create",
            {
                **_BODY,
                "-t --title -B --base -H --head -l --label -a --assignee -r --reviewer -m --milestone -p --project": "val",
                "-T --template --recover": "val",
                "-d --draft -f --fill --fill-first --fill-verbose -w --web --no-maintainer-edit --dry-run": "flag",
            },
            judge=_posts_elsewhere,
            examples={"gh pr create --title x --body y": "", "gh pr create -F ~/.ssh/id_rsa": "upload:~/.ssh/id_rsa"},
        ),
        "merge": _gh(
            "merge",
            {
                **_BODY,
                "-m --merge -s --squash -r --rebase -d --delete-branch --auto --disable-auto": "flag",
                "--admin": "flag:privilege",
                "-t --subject -A --author-email --match-head-commit": "val",
            },
            effects=_CHANGE,
            examples={"gh pr merge 12 --squash": "destroy", "gh pr merge 12 --admin": "destroy privilege"},
        ),
        "checkout co": _gh(
            "checkout",
            {"-b --branch": "val", "-f --force": "flag:destroy@force_ask", "--detach --recurse-submodules": "flag"},
            examples={"gh pr checkout 12": ""},
        ),
        "comment": _gh(
            "comment",
            {**_BODY, "-w --web --edit-last --delete-last --yes --create-if-none": "flag"},
            judge=_posts_elsewhere,
            examples={"gh pr comment 12 --body LGTM": ""},
        ),
        "review": _gh(
            "review",
            # An approval is the person's sign-off that branch protection counts toward a merge: given with their
            # token it stands in for the review a person was asked to do.
            {**_BODY, "-r --request-changes -c --comment": "flag", "-a --approve": "flag:destroy@ask"},
            judge=_posts_elsewhere,
            examples={"gh pr review 12 --approve": "destroy", "gh pr review 12 --comment -b ok": ""},
        ),
        "close": _gh("close", {"-c --comment": "val", "-d --delete-branch": "flag"}, effects=_CHANGE),
        "reopen": _gh("reopen", {"-c --comment": "val"}, effects=_CHANGE),
        "edit": _gh(
            "edit",
            {
                **_BODY,
                "-t --title -B --base --add-label --remove-label --add-assignee --remove-assignee": "val",
                "--add-reviewer --remove-reviewer --add-project --remove-project -m --milestone": "val",
                "--remove-milestone": "flag",
            },
            effects=_CHANGE,
        ),
        "ready": _gh("ready", {"--undo": "flag"}, effects=_CHANGE),
        "lock unlock": _gh("lock", {"-r --reason": "val"}, effects=_CHANGE),
        "update-branch": _gh("update-branch", {"--rebase": "flag"}, effects=_CHANGE),
        "revert": _gh("revert", {**_BODY, "-t --title -d --draft": "val"}, effects=_CHANGE),
    },
    examples={"gh pr view 12 --comments": ""},
)

_ISSUE = _gh(
    "issue",
    subcommands={
        "view": _gh("view", {**_OUT, "-c --comments": "flag"}, examples={"gh issue view 7": ""}),
        "list ls": _gh(
            "list",
            {
                **_OUT,
                "-s --state -L --limit -l --label -A --author -a --assignee -S --search -m --milestone": "val",
                "--mention --app": "val",
            },
            examples={"gh issue list --label bug": ""},
        ),
        "status": _gh("status", {**_OUT}),
        "create new": _gh(
            "create",
            {
                **_BODY,
                "-t --title -l --label -a --assignee -m --milestone -p --project -T --template --recover": "val",
                "-w --web": "flag",
            },
            judge=_posts_elsewhere,
            examples={
                "gh issue create --title bug --body x": "",
                "gh issue create -R other/repo --body-file src/app.py": "upload:src/app.py network",
                "gh issue create -R other/repo --title x --body y": "network",
            },
        ),
        "comment": _gh(
            "comment",
            {**_BODY, "-w --web --edit-last --delete-last --yes --create-if-none": "flag"},
            judge=_posts_elsewhere,
        ),
        "close": _gh("close", {"-c --comment -r --reason": "val"}, effects=_CHANGE),
        "reopen": _gh("reopen", {"-c --comment": "val"}, effects=_CHANGE),
        "edit": _gh(
            "edit",
            {
                **_BODY,
                "-t --title --add-label --remove-label --add-assignee --remove-assignee": "val",
                "--add-project --remove-project -m --milestone": "val",
                "--remove-milestone": "flag",
            },
            effects=_CHANGE,
        ),
        "lock unlock pin unpin": _gh("lock", {"-r --reason": "val"}, effects=_CHANGE),
        "develop": _gh(
            "develop", {"-b --base -n --name --branch-repo": "val", "-c --checkout -l --list": "flag"}, effects=_CHANGE
        ),
        "delete": _gh("delete", {"--yes": "flag"}, effects=_GONE, examples={"gh issue delete 7 --yes": "destroy"}),
        "transfer": _gh("transfer", {}, effects=_GONE),
    },
    examples={"gh issue list": ""},
)

_RUN = _gh(
    "run",
    subcommands={
        "list ls": _gh(
            "list",
            {
                **_OUT,
                "-L --limit -b --branch -u --user -w --workflow -s --status -e --event -c --commit --created": "val",
                "-a --all": "flag",
            },
            examples={"gh run list --limit 5": ""},
        ),
        "view": _gh(
            "view",
            {**_OUT, "--log --log-failed -v --verbose --exit-status": "flag", "-j --job -a --attempt": "val"},
            examples={"gh run view 123 --log-failed": ""},
        ),
        "watch": _gh(
            "watch", {"--exit-status --compact": "flag", "-i --interval": "val"}, examples={"gh run watch 123": ""}
        ),
        "rerun": _gh(
            "rerun",
            {"--failed -d --debug": "flag", "-j --job": "val"},
            effects=_CHANGE,
            examples={"gh run rerun 123 --failed": "destroy"},
        ),
        "download": _gh(
            "download",
            {"-D --dir": "val:tree-write", "-n --name -p --pattern": "val"},
            examples={"gh run download 123 -D /tmp/art": "tree-write:/tmp/art"},
        ),
        "cancel": _gh("cancel", {}, effects=_CHANGE),
        "delete": _gh("delete", {}, effects=_GONE),
    },
)

# Running a workflow runs whatever it does, releases and deployments included.
_WORKFLOW = _gh(
    "workflow",
    subcommands={
        "list ls": _gh("list", {**_OUT, "-L --limit": "val", "-a --all": "flag"}),
        "view": _gh("view", {**_OUT, "-r --ref": "val", "-y --yaml": "flag"}, examples={"gh workflow view ci.yml": ""}),
        "run": _gh(
            "run",
            {"-r --ref -f --raw-field -F --field": "val", "--json": "flag"},
            effects="publish",
            examples={"gh workflow run release.yml": "publish"},
        ),
        "enable disable": _gh("enable", {}, effects=_CHANGE),
    },
)

_RELEASE_ASSETS = "text upload*"
_RELEASE = _gh(
    "release",
    subcommands={
        "list ls": _gh("list", {**_OUT, "-L --limit": "val", "--exclude-drafts --exclude-pre-releases": "flag"}),
        "view": _gh("view", {**_OUT}, examples={"gh release view v1.0": ""}),
        "create new": _gh(
            "create",
            {
                "-n --notes -t --title --target --notes-start-tag --latest --discussion-category": "val",
                "-F --notes-file": "val:upload",
                "-d --draft -p --prerelease --generate-notes --verify-tag --notes-from-tag --fail-on-no-commits": "flag",
            },
            operands=_RELEASE_ASSETS,
            effects="publish",
            examples={"gh release create v1.0 dist/app.tgz": "publish upload:dist/app.tgz"},
        ),
        "upload": _gh(
            "upload",
            {"--clobber": "flag:destroy"},
            operands=_RELEASE_ASSETS,
            effects="publish",
            examples={"gh release upload v1.0 dist/app.tgz": "publish upload:dist/app.tgz"},
        ),
        "download": _gh(
            "download",
            {
                "-D --dir": "val:tree-write",
                "-O --output": "val:write",
                "-p --pattern -A --archive": "val",
                "--clobber --skip-existing": "flag",
            },
            examples={"gh release download v1.0 -D /tmp/r": "tree-write:/tmp/r"},
        ),
        "edit": _gh(
            "edit",
            {
                "-n --notes -t --title --target --tag --latest --discussion-category": "val",
                "-F --notes-file": "val:upload",
                "--draft --prerelease --verify-tag": "flag",
            },
            effects=_CHANGE,
        ),
        "delete": _gh(
            "delete", {"--cleanup-tag -y --yes": "flag"}, effects=_GONE, examples={"gh release delete v1 -y": "destroy"}
        ),
        "delete-asset": _gh("delete-asset", {"-y --yes": "flag"}, effects=_GONE),
    },
)

_GIST = _gh(
    "gist",
    subcommands={
        "create new": _gh(
            "create",
            {"-d --desc -f --filename": "val", "-p --public": "flag:publish", "-w --web": "flag"},
            operands="upload*",
            examples={"gh gist create notes.md": "upload:notes.md", "gh gist create -p .env": "publish upload:.env"},
        ),
        "edit": _gh("edit", {"-a --add": "val:upload", "-d --desc -f --filename -r --remove": "val"}, effects=_CHANGE),
        "list ls": _gh("list", {"-L --limit": "val", "--public --secret": "flag"}),
        "view": _gh("view", {"-r --raw -w --web --files": "flag", "-f --filename": "val"}),
        "clone": _gh("clone", {}, operands="text tree-write*", judge=_clone_git_flags),
        "rename": _gh("rename", {}, effects=_CHANGE),
        "delete": _gh("delete", {}, effects=_GONE),
    },
)

_REPO = _gh(
    "repo",
    subcommands={
        "view": _gh(
            "view",
            {**_OUT, "-b --branch": "val"},
            examples={"gh repo view --json name": "", "gh repo view cli/cli": ""},
        ),
        "list ls": _gh(
            "list",
            {
                **_OUT,
                "-L --limit --visibility -l --language --topic": "val",
                "--source --fork --archived --no-archived": "flag",
            },
            examples={"gh repo list --limit 10": ""},
        ),
        # `gh repo clone R DIR -- <git clone flags>`: flags handed to git are not modelled.
        "clone": _gh(
            "clone",
            {"-u --upstream-remote-name": "val", "--no-upstream": "flag"},
            operands="text tree-write unknown*",
            judge=_clone_git_flags,
            examples={
                "gh repo clone cli/cli /tmp/cli": "tree-write:/tmp/cli",
                "gh repo clone a/b d -- -u x": "tree-write:d unknown unknown",
                "gh repo clone a/b -- --upload-pack=x": "unknown",
                "gh repo clone a/b -- --depth=1": "unknown",
            },
        ),
        "create new": _gh(
            "create",
            {
                "--public --push": "flag:publish",
                "-s --source": "val:publish",
                "--private --internal -c --clone --disable-issues --disable-wiki --include-all-branches --add-readme": "flag",
                "-d --description -h --homepage -t --team -p --template -r --remote -g --gitignore -l --license": "val",
            },
            examples={
                "gh repo create leak --public --source=. --push": "publish publish publish:.",
                "gh repo create scratch --private": "",
            },
        ),
        "fork": _gh(
            "fork",
            {"--clone --remote --default-branch-only": "flag", "--remote-name --org --fork-name": "val"},
            examples={"gh repo fork --clone": ""},
        ),
        "edit": _gh(
            "edit",
            {
                "--visibility": "val:publish?public",
                "--accept-visibility-change-consequences --allow-forking --allow-update-branch": "flag",
                "--delete-branch-on-merge --enable-auto-merge --enable-discussions --enable-issues": "flag",
                "--enable-merge-commit --enable-projects --enable-rebase-merge --enable-squash-merge": "flag",
                "--enable-wiki --template": "flag",
                "--add-topic --remove-topic --default-branch -d --description -h --homepage": "val",
            },
            effects=_CHANGE,
            examples={"gh repo edit --visibility public": "destroy publish:public", "gh repo edit -d x": "destroy"},
        ),
        "delete": _gh(
            "delete", {"--yes --confirm": "flag"}, effects=_GONE, examples={"gh repo delete a/b --yes": "destroy"}
        ),
        "archive unarchive": _gh("archive", {"-y --yes --confirm": "flag"}, effects=_GONE),
        "rename": _gh("rename", {"-y --yes --confirm": "flag"}, effects=_GONE),
        "sync": _gh("sync", {"-b --branch -s --source": "val", "--force": "flag:destroy@force_ask"}, effects=_CHANGE),
        "set-default": _gh("set-default", {"-u --unset -v --view": "flag"}, effects="config"),
        "deploy-key": _gh(
            "deploy-key",
            subcommands={
                "list ls": _gh("list", {**_OUT}),
                "add": _gh(
                    "add", {"-t --title": "val", "-w --allow-write": "flag"}, operands="read", effects="privilege"
                ),
                "delete": _gh("delete", {}, effects=_GONE),
            },
        ),
        "gitignore license": _gh("gitignore", {}, subcommands={"list view": _gh("list", {})}),
    },
)

_AUTH = _gh(
    "auth",
    subcommands={
        "status": _gh(
            "status",
            {"-t --show-token": "flag:secret", "-h --hostname": "val", "-a --active": "flag"},
            examples={"gh auth status": "", "gh auth status -t": "secret"},
        ),
        "token": _gh(
            "token",
            {"-h --hostname -u --user": "val"},
            operands="",
            effects="secret",
            examples={"gh auth token": "secret"},
        ),
        "login": _gh(
            "login",
            {
                "-h --hostname -p --git-protocol -s --scopes": "val",
                "--with-token -w --web --insecure-storage --skip-ssh-key -c --clipboard": "flag",
            },
            operands="",
            effects="config",
        ),
        "logout switch": _gh("logout", {"-h --hostname -u --user": "val"}, operands="", effects="config"),
        "refresh": _gh(
            "refresh",
            {
                "-h --hostname -s --scopes -r --remove-scopes": "val",
                "--reset-scopes --insecure-storage -c --clipboard": "flag",
            },
            operands="",
            effects="config",
        ),
        "setup-git": _gh("setup-git", {"-h --hostname": "val", "-f --force": "flag"}, operands="", effects="config"),
    },
)

_SECRET_LIKE = {
    "list ls": _gh("list", {**_OUT, "-e --env -o --org -u --user -a --app": "val"}),
    "get": _gh("get", {**_OUT, "-e --env -o --org": "val"}),
    "set": _gh(
        "set",
        {
            "-b --body -e --env -o --org -v --visibility -r --repos -a --app": "val",
            "-f --env-file": "val:upload",
            "-u --user --no-store": "flag",
        },
        effects=_CHANGE,
        examples={"gh secret set TOKEN -b x": "destroy"},
    ),
    "delete remove": _gh("delete", {"-e --env -o --org -a --app": "val", "-u --user": "flag"}, effects=_GONE),
}

_KEYS = _gh(
    "ssh-key",
    subcommands={
        "list ls": _gh("list", {}),
        "add": _gh(
            "add",
            {"-t --title --type": "val"},
            operands="read?",
            effects="privilege",
            examples={"gh ssh-key add ~/.ssh/id_ed25519.pub": "privilege read:~/.ssh/id_ed25519.pub"},
        ),
        "delete": _gh("delete", {"-y --yes": "flag"}, effects=_GONE),
    },
)

# An extension is a program downloaded from GitHub that gh runs as `gh <name>`.
_EXTENSION = _gh(
    "extension",
    subcommands={
        "install": _gh(
            "install",
            {"--pin": "val", "--force": "flag"},
            effects="load@force_ask",
            examples={"gh extension install owner/gh-x": "load"},
        ),
        "upgrade": _gh("upgrade", {"--all --force --dry-run": "flag"}, effects="load@force_ask"),
        "list ls search browse": _gh("list", {**_OUT, "-L --limit --license --order --owner --sort": "val"}),
        "remove": _gh("remove", {}, effects="config"),
        "exec": _gh("exec", {}, operands="text*", effects="load"),
        "create": _gh("create", {"--precompiled": "val"}, operands="tree-write?"),
    },
)

_SEARCH_FLAGS = {
    **_OUT,
    "-L --limit --sort --order --owner --language --license --topic --visibility --created --updated": "val",
    "--author --assignee --label --state --repo --match --extension --filename --size --stars --forks": "val",
    "--archived --include-forks --checks --base --head --merged --draft --review --app --mentions": "val",
    "--committer --hash --parent --tree --author-date --committer-date --involves --commenter": "val",
    "--comments --interactions --reactions --milestone --no-assignee --no-label --no-milestone": "flag",
    "--no-project --locked --include-prs": "flag",
}

_LABEL = _gh(
    "label",
    subcommands={
        "list ls": _gh("list", {**_OUT, "-L --limit -S --search --sort --order": "val"}),
        "create edit clone": _gh(
            "create", {"-c --color -d --description -n --name": "val", "-f --force": "flag"}, effects=_CHANGE
        ),
        "delete": _gh("delete", {"--yes": "flag"}, effects=_GONE),
    },
)

_CACHE = _gh(
    "cache",
    subcommands={
        "list ls": _gh("list", {**_OUT, "-L --limit -S --sort -O --order -k --key -r --ref": "val"}),
        "delete": _gh("delete", {"-a --all": "flag"}, effects=_CHANGE, examples={"gh cache delete --all": "destroy"}),
    },
)


def _config_get_token(walk: Walk, argv: list[str]) -> None:
    """`gh config get -h github.com oauth_token` prints the token where gh keeps it in hosts.yml (no keyring)."""
    if any(word.lower() in ("oauth_token", "token") for word in argv[3:]):
        walk.effects.append(Effect("secret", "", "gh config get oauth_token"))


_CONFIG = _gh(
    "config",
    subcommands={
        "get": _gh(
            "get",
            {"-h --host": "val"},
            judge=_config_get_token,
            examples={"gh config get git_protocol": "", "gh config get -h github.com oauth_token": "secret"},
        ),
        "list": _gh("list", {"-h --host": "val"}),
        "set": _gh("set", {"-h --host": "val"}, effects="config"),
        "clear-cache": _gh("clear-cache", {}),
    },
)

# An alias set with --shell (or starting with `!`) runs a shell command whenever it is used.
_ALIAS = _gh(
    "alias",
    subcommands={
        "list ls": _gh("list", {}),
        "set": _gh(
            "set",
            {"-s --shell --clobber": "flag"},
            effects="config",
            examples={"gh alias set co 'pr checkout'": "config"},
        ),
        "delete": _gh("delete", {"--all": "flag"}, effects="config"),
        "import": _gh("import", {"--clobber": "flag"}, operands="read?", effects="config"),
    },
)

_GH_GLOBAL = {"-R --repo --hostname": "val", "--help -h --version": "flag"}

GH = Spec(
    "gh",
    version=GH_VERSION,
    options=_words(_GH_GLOBAL),
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "pr": _PR,
        "issue": _ISSUE,
        "run": _RUN,
        "workflow": _WORKFLOW,
        "release": _RELEASE,
        "gist": _GIST,
        "repo": _REPO,
        "auth": _AUTH,
        "secret": _gh("secret", subcommands=dict(_SECRET_LIKE)),
        "variable": _gh(
            "variable",
            subcommands={
                "list ls": _gh("list", {**_OUT, "-e --env -o --org": "val"}),
                "get": _gh("get", {**_OUT, "-e --env -o --org": "val"}),
                "set": _gh(
                    "set",
                    {"-b --body -e --env -o --org -v --visibility -r --repos": "val", "-f --env-file": "val:upload"},
                    effects=_CHANGE,
                ),
                "delete remove": _gh("delete", {"-e --env -o --org": "val"}, effects=_GONE),
            },
        ),
        "api": _gh(
            "api",
            {
                "-X --method -f --raw-field -F --field --input": "val:text",
                "-H --header -p --preview -q --jq -t --template --cache --hostname": "val",
                "--paginate --slurp -i --include --silent --verbose": "flag",
            },
            operands="text",
            judge=_api,
            examples={
                "gh api repos/o/r/pulls": "",
                "gh api -X POST repos/o/r/issues": "publish:POST",
                "gh api graphql -f query={viewer{login}}": "",
                "gh api graphql -f query=mutation{x}": "publish:POST",
                "gh api graphql -F query=@q.graphql": "publish:POST upload:q.graphql",
                "gh api -X GET search/issues -f q=x": "",
                "gh api repos/o/r/contents/x -X PUT -F content=@src/app.py": "publish:PUT upload:src/app.py",
                "gh api -X DELETE repos/o/r": "publish:DELETE",
                "gh api --input ~/.netrc repos/o/r/issues": "publish:POST upload:~/.netrc",
            },
        ),
        "ssh-key gpg-key": _KEYS,
        "extension ext extensions": _EXTENSION,
        "search": _gh(
            "search",
            subcommands={"repos issues prs commits code": _gh("repos", _SEARCH_FLAGS)},
            examples={"gh search issues --repo o/r bug": ""},
        ),
        "browse": _gh(
            "browse",
            {
                "-n --no-browser -c --commit -p --projects -r --releases -s --settings -w --wiki": "flag",
                "-b --branch": "val",
            },
            examples={"gh browse -n": ""},
        ),
        "label": _LABEL,
        "cache": _CACHE,
        "config": _CONFIG,
        "alias": _ALIAS,
        "status": _gh("status", {"-e --exclude -o --org": "val"}, examples={"gh status": ""}),
        "org": _gh("org", subcommands={"list ls": _gh("list", {"-L --limit": "val"})}),
        "ruleset rs": _gh(
            "ruleset",
            subcommands={
                "list ls view check": _gh("list", {**_OUT, "-L --limit -o --org": "val", "-p --parents": "flag"})
            },
        ),
        "project": _gh(
            "project",
            subcommands={
                "list ls view field-list item-list": _gh(
                    "list", {**_OUT, "-L --limit --owner --format": "val", "--closed": "flag"}
                ),
            },
        ),
        "codespace cs": _gh(
            "codespace",
            subcommands={"list ls view": _gh("list", {**_OUT, "-L --limit -o --org -u --user -c --codespace": "val"})},
        ),
        "attestation at": _gh(
            "attestation",
            subcommands={
                "verify": _gh(
                    "verify",
                    {
                        **_OUT,
                        "-o --owner -R --repo --cert-identity --cert-identity-regex --cert-oidc-issuer": "val",
                        "--signer-repo --signer-workflow --signer-digest --source-ref --source-digest": "val",
                        "--predicate-type --digest-alg --format -L --limit --hostname": "val",
                        "-b --bundle --custom-trusted-root": "val:read",
                        "--deny-self-hosted-runners --no-public-good --bundle-from-oci": "flag",
                    },
                    operands="read",
                    examples={"gh attestation verify artifact.tgz -o o": "read:artifact.tgz"},
                ),
                "download": _gh(
                    "download",
                    {"-o --owner -R --repo --digest-alg --predicate-type -L --limit": "val"},
                    operands="read",
                ),
                "trusted-root": _gh(
                    "trusted-root", {"--tuf-url --tuf-root --hostname": "val", "--verify-only": "flag"}
                ),
            },
        ),
        "completion": _gh("completion", {"-s --shell": "val"}),
        "version help": _gh("version", {}),
    },
    examples={
        "gh -R other/repo issue list": "",
        "gh issue list -R other/repo": "",
        "gh --repo o/r repo delete --yes": "destroy",
    },
)

# --- glab ------------------------------------------------------------------------------------

_GLAB_OUT = {"-F --output -P --per-page -p --page": "val", "-w --web": "flag"}


def _glab(name: str, options: dict[str, str] | None = None, operands: str = "text*", **kwargs: object) -> Spec:
    return Spec(
        name,
        version=GLAB_VERSION,
        options=_words(_HELP, options or {}),
        operands=operands,
        long_prefix=False,
        **kwargs,  # type: ignore[arg-type]
    )


_GLAB_API = _glab(
    "api",
    {
        "-X --method -f --raw-field -F --field --input": "val:text",
        "-H --header --hostname": "val",
        "--paginate -i --include --silent": "flag",
    },
    operands="text",
    judge=_api,
    examples={"glab api projects/1/issues": "", "glab api -X POST projects/1/issues": "publish:POST"},
)

GLAB = Spec(
    "glab",
    version=GLAB_VERSION,
    options=_words({"-R --repo": "val", "--help -h --version -v": "flag"}),
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "mr": _glab(
            "mr",
            subcommands={
                "view show": _glab(
                    "view", {**_GLAB_OUT, "-c --comments -s --system-logs": "flag"}, examples={"glab mr view 3": ""}
                ),
                "list ls": _glab(
                    "list",
                    {
                        **_GLAB_OUT,
                        "-l --label -a --assignee --author -s --source-branch -t --target-branch -m --milestone --search --state": "val",
                        "-A --all -c --closed -M --merged -d --draft --mine": "flag",
                    },
                    examples={"glab mr list --mine": ""},
                ),
                "diff": _glab("diff", {"--color": "val", "--raw": "flag"}),
                "checkout": _glab("checkout", {"-b --branch": "val", "-t --track": "flag"}),
                "create new": _glab(
                    "create",
                    {
                        "-t --title -d --description -b --target-branch -s --source-branch -l --label -a --assignee -m --milestone": "val",
                        "--reviewer": "val",
                        "-f --fill --draft --wip -y --yes --remove-source-branch --squash-before-merge --no-editor": "flag",
                    },
                ),
                "note comment": _glab("note", {"-m --message": "val", "--unique": "flag"}),
                "approve revoke": _glab("approve", {"-s --sha": "val"}, effects=_CHANGE),
                "merge accept": _glab(
                    "merge",
                    {
                        "-m --message --squash-message -s --sha": "val",
                        "-d --remove-source-branch -r --rebase --squash --when-pipeline-succeeds --auto-merge -y --yes": "flag",
                    },
                    effects=_CHANGE,
                    examples={"glab mr merge 3": "destroy"},
                ),
                "close reopen update rebase": _glab(
                    "close",
                    {"-t --title -d --description -l --label": "val", "--draft --ready": "flag"},
                    effects=_CHANGE,
                ),
                "delete del": _glab("delete", {}, effects=_GONE),
            },
        ),
        "issue": _glab(
            "issue",
            subcommands={
                "view show": _glab("view", {**_GLAB_OUT, "-c --comments -s --system-logs": "flag"}),
                "list ls": _glab(
                    "list",
                    {
                        **_GLAB_OUT,
                        "-l --label -a --assignee --author -m --milestone --search --state": "val",
                        "-A --all -c --closed --mine -C --confidential": "flag",
                    },
                ),
                "create new": _glab(
                    "create",
                    {
                        "-t --title -d --description -l --label -a --assignee -m --milestone": "val",
                        "-c --confidential -y --yes --no-editor": "flag",
                    },
                ),
                "note comment": _glab("note", {"-m --message": "val"}),
                "close reopen update": _glab(
                    "close", {"-t --title -d --description -l --label": "val"}, effects=_CHANGE
                ),
                "delete del": _glab("delete", {}, effects=_GONE),
            },
            examples={"glab issue list": ""},
        ),
        "ci pipeline": _glab(
            "ci",
            subcommands={
                "status list ls view get trace lint": _glab(
                    "status", {**_GLAB_OUT, "-b --branch -s --status": "val", "-c --compact --live": "flag"}
                ),
                "retry": _glab("retry", {}, effects=_CHANGE),
                "run": _glab(
                    "run",
                    {"-b --branch --variables --variables-file": "val"},
                    effects="publish",
                    examples={"glab ci run -b main": "publish"},
                ),
                "cancel": _glab("cancel", {}, effects=_CHANGE),
                "delete": _glab("delete", {}, effects=_GONE),
            },
            examples={"glab ci status": ""},
        ),
        "repo project": _glab(
            "repo",
            subcommands={
                "view": _glab("view", {"-b --branch": "val", "-w --web": "flag"}),
                "list ls search": _glab(
                    "list", {**_GLAB_OUT, "-g --group -s --search": "val", "-a --all --mine --member": "flag"}
                ),
                "clone": _glab(
                    "clone",
                    {"-g --group": "val", "--preserve-namespace --archived": "flag"},
                    operands="text tree-write*",
                    judge=_clone_git_flags,
                ),
                "fork": _glab("fork", {"-n --name -p --path": "val", "-c --clone --remote": "flag"}),
                "create new": _glab(
                    "create",
                    {
                        "--public": "flag:publish",
                        "--internal --private --readme": "flag",
                        "-n --name -d --description -g --group": "val",
                    },
                ),
                "delete": _glab("delete", {"-y --yes": "flag"}, effects=_GONE),
                "archive": _glab("archive", {"-f --format": "val"}, operands="text tree-write?"),
            },
        ),
        "release": _glab(
            "release",
            subcommands={
                "list ls view": _glab("list", {}),
                "create new": _glab(
                    "create",
                    {"-n --name -N --notes -r --ref --milestone": "val", "-F --notes-file": "val:upload"},
                    operands="text upload*",
                    effects="publish",
                ),
                "upload": _glab("upload", {}, operands="text upload*", effects="publish"),
                "download": _glab("download", {"-n --asset-name": "val", "-D --dir": "val:tree-write"}),
                "delete": _glab("delete", {"-y --yes --with-tag": "flag"}, effects=_GONE),
            },
        ),
        "variable var": _glab(
            "variable",
            subcommands={
                "list ls": _glab("list", {"-g --group": "val"}),
                # A CI/CD variable's value (masked ones included: tokens, deploy keys): printed in plain text.
                "get export": _glab(
                    "get",
                    {"-g --group -s --scope -F --output -p --page -P --per-page": "val"},
                    effects="secret",
                    examples={"glab variable get DEPLOY_TOKEN": "secret", "glab variable export -g grp": "secret"},
                ),
                "set update": _glab(
                    "set",
                    {
                        "-v --value -t --type -s --scope -g --group": "val",
                        "-m --masked -p --protected -r --raw": "flag",
                    },
                    effects=_CHANGE,
                ),
                "delete": _glab("delete", {"-g --group -s --scope": "val"}, effects=_GONE),
            },
        ),
        "auth": _glab(
            "auth",
            subcommands={
                "status": _glab(
                    "status",
                    {"-t --show-token": "flag:secret", "--hostname": "val"},
                    examples={"glab auth status -t": "secret"},
                ),
                "login logout": _glab(
                    "login",
                    {"--hostname -t --token --api-host --api-protocol --git-protocol": "val", "--stdin": "flag"},
                    operands="",
                    effects="config",
                ),
            },
        ),
        "snippet": _glab(
            "snippet",
            subcommands={
                "create new": _glab(
                    "create", {"-t --title -d --description -f --filename -v --visibility": "val"}, operands="upload*"
                ),
                "list ls view": _glab("list", {**_GLAB_OUT}),
            },
        ),
        "api": _GLAB_API,
        "label": _glab(
            "label",
            subcommands={
                "list ls": _glab("list", {**_GLAB_OUT}),
                "create new": _glab("create", {"-n --name -c --color -d --description": "val"}, effects=_CHANGE),
                "delete": _glab("delete", {}, effects=_GONE),
            },
        ),
        "milestone": _glab(
            "milestone",
            subcommands={
                "list ls get": _glab("list", {**_GLAB_OUT, "--state --search --title": "val"}),
                "create edit": _glab(
                    "create", {"--title --description --due-date --start-date --state": "val"}, effects=_CHANGE
                ),
                "delete": _glab("delete", {}, effects=_GONE),
            },
        ),
        "version help completion check-update": _glab("version", {}),
    },
    examples={"glab -R g/p mr list": ""},
)


def _anywhere(spec: Spec) -> Spec:
    """The root's options (`-R OWNER/REPO`) are accepted after every command and subcommand."""
    spec.globals_anywhere = True
    for sub in spec.subcommands.values():
        _anywhere(sub)
    return spec


SPECS = [_anywhere(GH), _anywhere(GLAB)]
