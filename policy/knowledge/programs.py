"""Programs: wrappers to peel, interpreters, egress, and routine read-only tools."""

# Wrappers run another command: peel them to find what really runs.
# value: options that take an argument (so the command starts after them).
WRAPPERS: dict[str, frozenset[str]] = {
    "sudo": frozenset({"-u", "-g", "-p", "-C", "-D", "-h", "-r", "-t", "-U", "-T", "--user", "--group", "--prompt"}),
    "doas": frozenset({"-u", "-C"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "nohup": frozenset(),
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "stdbuf": frozenset({"-i", "-o", "-e", "--input", "--output", "--error"}),
    "time": frozenset({"-f", "--format", "-o", "--output"}),
    "command": frozenset(),
    "builtin": frozenset(),
    "exec": frozenset({"-a"}),
    "watch": frozenset({"-n", "--interval", "-d", "--differences"}),
    "ionice": frozenset({"-c", "-n", "-p", "--class", "--classdata"}),
    "chrt": frozenset(),
    "taskset": frozenset(),
    "setsid": frozenset(),
    "unbuffer": frozenset(),
    "caffeinate": frozenset(),
    "chronic": frozenset(),
    "pkexec": frozenset({"--user"}),
    "runuser": frozenset({"-u", "-g", "--user", "--group"}),
    "firejail": frozenset(),
    "proxychains": frozenset({"-f"}),
    "proxychains4": frozenset({"-f"}),
    "torsocks": frozenset(),
    "flock": frozenset({"-w", "--timeout", "-E", "--conflict-exit-code"}),
    "rtk": frozenset(),
    "dotenv": frozenset({"-f", "-e"}),
}
# Wrappers whose first positional argument is not the command (timeout 10 cmd).
WRAPPER_SKIP_POSITIONALS: dict[str, int] = {"timeout": 1, "chrt": 1, "taskset": 1, "flock": 1}

# Peeled wrappers that raise privilege.
PRIVILEGE_WRAPPERS = frozenset({"sudo", "doas", "pkexec", "runuser", "su"})

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "ash", "busybox", "tcsh", "csh"})

# Interpreters that run code from an argument, a file, or stdin.
INTERPRETERS = frozenset(
    {
        "python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "perl", "ruby",
        "php", "lua", "luajit", "tclsh", "wish", "Rscript", "R", "osascript", "pwsh", "powershell",
        "julia", "groovy", "scala", "kotlin", "jshell", "irb", "ghci", "runghc", "elixir", "erl", "awk",
        "gawk", "mawk", "nawk", "jq", "expect", "ts-node", "tsx", "swift", "dotnet", "java",
    }
) | SHELLS
# Interpreter flags that take inline code.
INLINE_CODE_FLAGS: dict[str, frozenset[str]] = {
    "python": frozenset({"-c"}),
    "node": frozenset({"-e", "--eval", "-p", "--print"}),
    "deno": frozenset({"eval"}),
    "bun": frozenset({"-e", "--eval"}),
    "perl": frozenset({"-e", "-E"}),
    "ruby": frozenset({"-e"}),
    "php": frozenset({"-r"}),
    "lua": frozenset({"-e"}),
    "pwsh": frozenset({"-c", "-command", "-Command", "-EncodedCommand", "-e", "-enc"}),
    "osascript": frozenset({"-e"}),
    "Rscript": frozenset({"-e"}),
    "julia": frozenset({"-e", "--eval"}),
    "elixir": frozenset({"-e", "--eval"}),
}

# Programs that decode or unpack data: piped into an interpreter they hide code.
DECODERS = frozenset({"base64", "base32", "xxd", "openssl", "gunzip", "zcat", "bzcat", "xzcat", "uudecode", "rev", "tr"})

# Programs that reach the network.
EGRESS = frozenset(
    {
        "curl", "wget", "nc", "ncat", "netcat", "socat", "scp", "sftp", "rsync", "ssh", "telnet", "ftp",
        "tftp", "aria2c", "http", "https", "xh", "httpie", "lftp", "smbclient", "mosh", "rclone", "s3cmd",
        "sshpass", "openssl", "nslookup", "dig", "host", "ping", "git-remote-http",
    }
)
# Egress flags that send data (a request body, an upload).
UPLOAD_FLAGS: dict[str, frozenset[str]] = {
    "curl": frozenset(
        {
            "-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "--data-ascii", "-F", "--form",
            "--form-string", "-T", "--upload-file", "--json",
        }
    ),
    "wget": frozenset({"--post-data", "--post-file", "--body-data", "--body-file"}),
    "http": frozenset(),
    "xh": frozenset(),
}
# Egress programs whose destination is remote when an argument looks like host:path.
REMOTE_COPY = frozenset({"scp", "rsync", "sftp", "rclone"})

# Read-only inspection: they read what they are given and change nothing.
READ_ONLY = frozenset(
    {
        "ls", "cat", "head", "tail", "less", "more", "wc", "grep", "egrep", "fgrep", "rg", "ag", "ack",
        "echo", "printf", "pwd", "which", "whereis", "type", "whoami", "id", "date", "cal", "uname",
        "hostname", "tree", "file", "stat", "du", "df", "diff", "cmp", "comm", "sort", "uniq", "cut",
        "paste", "join", "column", "fold", "fmt", "nl", "tac", "expand", "unexpand", "basename", "dirname",
        "realpath", "readlink", "true", "false", "test", "[", "[[", "sleep", "seq", "yes", "jq", "yq",
        "md5sum", "sha1sum", "sha256sum", "sha512sum", "shasum", "cksum", "b2sum", "strings", "od",
        "hexdump", "xxd", "bat", "batcat", "fd", "fdfind", "locate", "lsof", "ps", "pgrep", "top", "htop",
        "free", "uptime", "w", "who", "last", "groups", "nproc", "lscpu", "lsblk", "getconf", "locale",
        "tput", "clear", "man", "info", "help", "apropos", "whatis", "cd", "pushd", "popd", "dirs", "exit",
        "return", "set", "shopt", "wait", "jobs", "bg", "fg", "disown", "hash", "ulimit", "umask", "read",
        "shift", "getopts", "local", "declare", "typeset", "readonly", "unset", "let", "iconv", "look",
        "tsort", "numfmt", "expr", "factor", "bc", "dc", "units", "colordiff", "delta", "difft", "zdiff",
        "zgrep", "zless", "jless", "gron", "xmllint", "tldr", "cloc", "tokei", "scc", "wc", "envsubst",
        "sha224sum", "sha384sum", "base32", "base64", "rev", "tr", "pr", "shuf",
        "ldd", "nm", "objdump", "readelf", "size", "otool", "lipo", "dig", "nslookup", "host",
    }
)
# Programs that only look at names and metadata, never contents.
METADATA_ONLY = frozenset({"ls", "stat", "test", "[", "[[", "du", "tree", "file", "realpath", "readlink", "basename", "dirname", "fd", "fdfind", "locate", "cd", "pushd", "which"})

# Programs that print the environment (which holds API keys in agent sessions).
ENV_DUMPERS = frozenset({"printenv", "env", "export", "set", "declare"})

# Builds, tests, linters and formatters: routine project work (they run the
# project's own code, which the agent can already edit).
PROJECT_RUNNERS: dict[str, frozenset[str] | None] = {
    # program: allowed first subcommands (None = any)
    "make": None, "cmake": None, "ninja": None, "meson": None, "just": None, "task": None,
    "pytest": None, "py.test": None, "tox": None, "nox": None, "ruff": None, "mypy": None, "pyright": None,
    "black": None, "isort": None, "flake8": None, "pylint": None, "coverage": None, "pre-commit": None,
    "tsc": None, "eslint": None, "prettier": None, "jest": None, "vitest": None, "mocha": None,
    "biome": None, "rustfmt": None, "gofmt": None, "goimports": None, "clang-format": None,
    "shellcheck": None, "shfmt": None, "hadolint": None, "actionlint": None, "yamllint": None,
    "markdownlint": None, "mvn": None, "gradle": None, "gradlew": None, "ant": None, "sbt": None,
    "gcc": None, "g++": None, "cc": None, "c++": None, "clang": None, "clang++": None, "rustc": None,
    "javac": None, "ld": None, "ar": None,
    "cargo": frozenset({"build", "check", "test", "run", "fmt", "clippy", "doc", "bench", "tree", "metadata", "clean", "nextest", "--version", "version", "search"}),
    "go": frozenset({"build", "test", "vet", "fmt", "run", "mod", "list", "env", "version", "doc", "generate", "tool", "work", "clean"}),
    "npm": frozenset({"test", "t", "run", "run-script", "ls", "list", "view", "info", "outdated", "audit", "version", "--version", "-v", "help", "config", "start", "build", "pack", "explain", "why", "doctor", "prefix", "root", "bin", "fund", "ci", "install", "i", "uninstall", "update", "dedupe", "prune", "init", "exec", "x"}),
    "yarn": frozenset({"test", "run", "build", "lint", "list", "info", "why", "outdated", "--version", "install", "add", "remove", "start", "dev", "format", "typecheck", "workspaces"}),
    "pnpm": frozenset({"test", "run", "build", "lint", "list", "ls", "why", "outdated", "--version", "install", "i", "add", "remove", "start", "dev", "format", "exec", "typecheck"}),
    "bun": frozenset({"test", "run", "build", "install", "add", "remove", "--version", "x"}),
    "deno": frozenset({"test", "check", "fmt", "lint", "task", "info", "doc", "bench", "--version"}),
    "pip": frozenset({"list", "show", "freeze", "check", "--version", "install", "download", "wheel", "index", "inspect", "config", "debug", "cache", "hash", "help", "uninstall"}),
    "pip3": frozenset({"list", "show", "freeze", "check", "--version", "install", "download", "wheel", "index", "inspect", "config", "debug", "cache", "hash", "help", "uninstall"}),
    "uv": frozenset({"run", "sync", "lock", "pip", "add", "remove", "tree", "venv", "build", "version", "--version", "python", "export"}),
    "poetry": frozenset({"install", "run", "build", "check", "lock", "show", "add", "remove", "update", "env", "version", "--version"}),
    "dotnet": frozenset({"build", "test", "run", "restore", "format", "--version", "--info", "list", "add", "clean", "pack"}),
    "swift": frozenset({"build", "test", "run", "package", "--version"}),
    "bundle": frozenset({"install", "exec", "check", "list", "show", "update"}),
    "rake": None, "rspec": None, "gem": frozenset({"list", "search", "info", "env", "--version", "install", "contents", "which", "spec"}),
    "composer": frozenset({"install", "update", "test", "validate", "show", "dump-autoload", "require", "run-script", "--version"}),
    "mix": frozenset({"test", "compile", "format", "deps.get", "run", "credo"}),
    "stack": frozenset({"build", "test", "run", "exec", "ghci", "--version"}),
    "cabal": frozenset({"build", "test", "run", "update", "--version"}),
    "zig": frozenset({"build", "test", "run", "fmt", "version"}),
    "terraform": frozenset({"fmt", "validate", "plan", "init", "version", "show", "output", "providers", "graph", "state"}),
    "kubectl": frozenset({"get", "describe", "logs", "explain", "version", "api-resources", "api-versions", "config", "top", "diff", "cluster-info", "auth"}),
    "helm": frozenset({"list", "ls", "status", "get", "show", "template", "lint", "version", "search", "history", "dependency", "repo"}),
    "docker": frozenset({"ps", "images", "logs", "inspect", "version", "info", "build", "pull", "compose", "stats", "top", "port", "diff", "history", "search", "tag", "network", "volume", "context", "buildx", "system"}),
    "gh": frozenset({"pr", "issue", "repo", "run", "workflow", "release", "api", "status", "browse", "search", "label", "auth", "gist", "help", "--version"}),
    "node": None, "python": None, "python3": None,  # handled as interpreters first
}

# git subcommands that only read.
GIT_READ_ONLY = frozenset(
    {
        "status", "log", "diff", "show", "blame", "ls-files", "ls-tree", "rev-parse", "rev-list", "describe",
        "shortlog", "grep", "cat-file", "reflog", "whatchanged", "name-rev", "merge-base", "for-each-ref",
        "show-ref", "show-branch", "count-objects", "fsck", "verify-commit", "verify-tag", "help", "version",
        "--version", "check-ignore", "check-attr", "diff-tree", "diff-index", "diff-files", "var", "bugreport",
        "range-diff", "cherry", "ls-remote", "archive", "annotate", "instaweb", "get-tar-commit-id",
    }
)
# git subcommands that change only the local working state in recoverable ways.
GIT_ROUTINE = frozenset(
    {
        "add", "commit", "checkout", "switch", "branch", "tag", "stash", "fetch", "pull", "merge", "rebase",
        "cherry-pick", "revert", "init", "clone", "mv", "rm", "restore", "worktree", "notes", "am", "apply",
        "format-patch", "bisect", "submodule", "sparse-checkout", "remote", "gc", "prune", "maintenance",
        "lfs", "push", "config", "reset", "clean", "commit-tree", "update-index", "mergetool", "difftool",
    }
)
