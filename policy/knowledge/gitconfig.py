"""Git configuration keys given on the command line: harmless, dangerous, or not known.

A key reaches git from the command line by `git -c key=value`, `git --config-env=key=VAR`,
`git clone -c key=value` / `--config key=value` (written into the new repository's config),
and `git config key value` (written into a config file). A list of dangerous keys can never
be complete, so the default is inverted: a key on the short HARMLESS list passes, a key on the
DANGEROUS list is denied (it makes git run a program, load code or config, send data elsewhere,
or write files), and every other key asks.

Patterns are matched case-insensitively (git's section and variable names are), with `*`
standing for any run of characters, dots included (subsections such as `url.<base>.insteadOf`
may hold dots). DANGEROUS is checked first, so `diff.*` is harmless but `diff.external` is not.
"""

from __future__ import annotations

from fnmatch import fnmatchcase

# Keys that make git run a program, load code or configuration, redirect where it talks to,
# or write files. Each entry: pattern -> what it does.
DANGEROUS: dict[str, str] = {
    "core.pager": "runs a command as the pager",
    "core.editor": "runs a command as the editor",
    "core.sshcommand": "runs a command instead of ssh",
    "core.gitproxy": "runs a command to connect to git:// remotes",
    "core.askpass": "runs a command to ask for passwords",
    "core.fsmonitor": "runs a command on every status, diff and commit",
    "core.hookspath": "runs hooks from another directory",
    "core.alternaterefscommand": "runs a command to list alternate refs",
    "core.attributesfile": "loads attributes that pick filter and diff drivers",
    "core.excludesfile": "loads an exclude file from elsewhere",
    "sequence.editor": "runs a command as the rebase todo editor",
    "pager.*": "runs a command as the pager of one subcommand",
    "alias.*": "defines a command, `!` aliases run a shell",
    "credential.*": "runs a credential helper, which sees passwords and tokens",
    "diff.external": "runs a command to produce every diff",
    "diff.*.command": "runs a command as a diff driver",
    "diff.*.textconv": "runs a command to convert files before diffing",
    "interactive.difffilter": "runs a command on every interactive diff",
    "filter.*": "runs clean and smudge commands on checkout and add",
    "merge.*.driver": "runs a command as a merge driver",
    "difftool.*": "runs a command as a diff tool",
    "mergetool.*": "runs a command as a merge tool",
    "man.viewer": "runs a program to show manual pages",
    "man.*.cmd": "runs a command to show manual pages",
    "man.*.path": "runs the program at that path to show manual pages",
    "web.browser": "runs a program as the browser",
    "browser.*": "runs a command as the browser",
    "instaweb.*": "runs a web server program",
    "gpg.program": "runs a program to sign and verify",
    "gpg.*.program": "runs a program to sign and verify",
    "gpg.ssh.defaultkeycommand": "runs a command to pick the signing key",
    "gpg.ssh.allowedsignersfile": "loads the list of trusted signers from elsewhere",
    "sendemail.*": "runs a program as the mail server, or sends mail",
    "imap.*": "runs a tunnel command, or sends mail",
    "protocol.allow": "allows transports such as ext::, which run commands",
    "protocol.*.allow": "allows transports such as ext::, which run commands",
    "url.*": "rewrites remote addresses (to another host, or to ext::)",
    "remote.*.uploadpack": "runs a command as upload-pack",
    "remote.*.receivepack": "runs a command as receive-pack",
    "remote.*.vcs": "runs a remote helper program",
    "remote.*.proxy": "sends traffic through a proxy",
    "http.proxy": "sends traffic through a proxy",
    "http.*.proxy": "sends traffic through a proxy",
    "http.*proxy*": "sends traffic through a proxy",
    "uploadpack.*": "runs a pack-objects hook when serving fetches",
    "receive.*": "changes what a push into this repository runs and accepts",
    "include.path": "loads configuration from another file",
    "includeif.*": "loads configuration from another file",
    "init.templatedir": "copies hooks from a template directory into new repositories",
    "submodule.*.update": "a `!command` update runs a shell",
    "trace2.*": "writes trace files (with command-line text) to any path",
}

# Keys known to change only output, defaults or identity. Each entry: pattern -> why it is harmless.
HARMLESS: dict[str, str] = {
    "color.*": "output colours only",
    "column.*": "output layout only",
    "advice.*": "turns hints on or off",
    "core.quotepath": "how file names are quoted in output",
    "core.autocrlf": "line-ending conversion of the repository's own files",
    "core.safecrlf": "warns about line-ending conversion",
    "core.eol": "line ending of checked-out text files",
    "core.filemode": "whether the executable bit is tracked",
    "core.ignorecase": "case-insensitive file names",
    "core.precomposeunicode": "Unicode normalisation of file names",
    "core.abbrev": "length of abbreviated object names",
    "core.commentchar": "the comment character of commit messages",
    "core.whitespace": "which whitespace errors diff and apply report",
    "core.untrackedcache": "a cache of untracked files",
    "core.preloadindex": "parallel index loading",
    "core.longpaths": "long paths on Windows",
    "core.logallrefupdates": "whether reflogs are kept",
    "core.compression": "compression level",
    "core.bigfilethreshold": "size above which files are not delta-compressed",
    "user.name": "the author name recorded in commits",
    "user.email": "the author e-mail recorded in commits",
    "user.useconfigonly": "refuses to guess an identity",
    "author.name": "the author name recorded in commits",
    "author.email": "the author e-mail recorded in commits",
    "committer.name": "the committer name recorded in commits",
    "committer.email": "the committer e-mail recorded in commits",
    "init.defaultbranch": "the name of the first branch",
    "pull.rebase": "rebase or merge on pull",
    "pull.ff": "fast-forward policy on pull",
    "push.default": "which branch a bare push sends",
    "push.autosetupremote": "sets the upstream on first push",
    "fetch.prune": "prunes deleted remote branches on fetch",
    "fetch.prunetags": "prunes deleted remote tags on fetch",
    "fetch.parallel": "number of parallel fetches",
    "log.*": "log output format and defaults",
    "diff.*": "diff output format and algorithm (drivers that run commands are DANGEROUS)",
    "merge.*": "merge defaults and conflict style (merge drivers are DANGEROUS)",
    "rebase.*": "rebase defaults (autosquash, autostash, update-refs)",
    "rerere.*": "reuse of recorded conflict resolutions",
    "status.*": "status output",
    "branch.autosetupmerge": "whether new branches track their start point",
    "branch.autosetuprebase": "whether new branches rebase on pull",
    "branch.sort": "branch list order",
    "tag.sort": "tag list order",
    "commit.verbose": "shows the diff in the commit message editor",
    "commit.cleanup": "how commit messages are cleaned up",
    "commit.gpgsign": "signs commits with the configured (not a command-line) program",
    "tag.gpgsign": "signs tags with the configured (not a command-line) program",
    "grep.linenumber": "grep output",
    "grep.column": "grep output",
    "grep.patterntype": "grep pattern syntax",
    "grep.extendedregexp": "grep pattern syntax",
    "grep.fullname": "grep output",
    "blame.coloring": "blame output",
    "blame.date": "blame output",
    "blame.showemail": "blame output",
    "blame.blankboundary": "blame output",
    "blame.showroot": "blame output",
    "gc.auto": "when automatic housekeeping runs",
    "gc.autodetach": "whether automatic housekeeping runs in the background",
    "maintenance.auto": "whether automatic maintenance runs",
    "protocol.version": "the wire protocol version",
    "checkout.defaultremote": "which remote a guessed branch tracks",
    "checkout.workers": "parallel checkout",
    "feature.manyfiles": "index settings for large repositories",
    "index.version": "index file format",
    "index.threads": "parallel index loading",
    "pack.threads": "parallel packing",
    "http.postbuffer": "buffer size of HTTP pushes",
    "http.version": "HTTP protocol version",
    "http.lowspeedlimit": "when a slow transfer is aborted",
    "http.lowspeedtime": "when a slow transfer is aborted",
    "transfer.fsckobjects": "checks received objects",
    "fetch.fsckobjects": "checks fetched objects",
    "submodule.recurse": "whether commands recurse into submodules",
    "interactive.singlekey": "one-key answers in interactive commands",
    "format.pretty": "log output format",
    "notes.displayref": "which notes log shows",
    "versionsort.suffix": "tag sort order",
}

# Keys that are dangerous because they name a program to run: set to one of these values they
# run nothing, or a program that only copies its input (`git -c core.pager=cat log`,
# `-c credential.helper=` disables the helpers, `-c core.fsmonitor=false` turns the monitor off).
PROGRAM_KEYS = (
    "core.pager",
    "pager.*",
    "core.editor",
    "sequence.editor",
    "core.askpass",
    "credential.helper",
    "core.fsmonitor",
    "interactive.difffilter",
)
INERT_VALUES = frozenset({"", "cat", "true", "false", "0", "no", "off"})

HARMLESS_TEXT = "harmless"
DANGEROUS_TEXT = "dangerous"
UNKNOWN_TEXT = "unknown"


def classify(key: str, value: str | None = None) -> tuple[str, str]:
    """('dangerous' | 'harmless' | 'unknown', why) for one configuration key, and its value when known."""
    name = key.strip().lower()
    if value is not None and value.strip().lower() in INERT_VALUES:
        if any(fnmatchcase(name, pattern) for pattern in PROGRAM_KEYS):
            return HARMLESS_TEXT, f"set to {value.strip()!r}, it runs nothing"
    for pattern, why in DANGEROUS.items():
        if fnmatchcase(name, pattern):
            return DANGEROUS_TEXT, why
    for pattern, why in HARMLESS.items():
        if fnmatchcase(name, pattern):
            return HARMLESS_TEXT, why
    return UNKNOWN_TEXT, "not a setting known to be harmless"


def setting_key(setting: str) -> str:
    """The key of `key=value` (or of a bare `key`, which git reads as true)."""
    return setting.split("=", 1)[0]


def setting_value(setting: str) -> str | None:
    """The value of `key=value`; None for a bare `key` (true) and for `--config-env` (read from a variable)."""
    key, equals, value = setting.partition("=")
    return value if equals else None
