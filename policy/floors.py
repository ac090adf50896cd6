"""Built-in floors: the threat classes every policy starts from.

A floor looks at one action (a simple command or a file target) and may
demand a minimum verdict. Floors are loosened only by an explicit user-level
rule that names them in `loosens`; `self-protection` never.

Floor ids: self-protection, credentials, credential-sweep, persistence,
egress, fetch-and-run, privilege, destructive, hijack, not-understood, budget
(the analysis ran past its counted work budget or its deadline: deny, never loosened).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from hookward.policy.knowledge import gitconfig
from hookward.policy.knowledge import programs as kp
from hookward.policy.lazy import LazyRegex
from hookward.verdicts.decision import Verdict

ALLOW, ASK, FORCE_ASK, DENY = Verdict.ALLOW, Verdict.ASK, Verdict.FORCE_ASK, Verdict.DENY

# Every floor a demand can name: what `loosens` in a user rule is checked against when the policy loads.
FLOOR_IDS: tuple[str, ...] = (
    "self-protection",
    "credentials",
    "credential-sweep",
    "persistence",
    "egress",
    "fetch-and-run",
    "privilege",
    "destructive",
    "hijack",
    "runs-code",
    "not-understood",
    "budget",
)
NEVER_LOOSENED = frozenset({"self-protection", "budget"})


def loosen_hint(floor: str, user_rule: str | None = None) -> str:
    """What would loosen this floor, said where a refusal or `check` names it."""
    if floor in NEVER_LOOSENED:
        return f"the {floor} floor can never be loosened"
    overrides = f"it overrides user rule {user_rule!r}; " if user_rule else ""
    return f'{overrides}a user rule that matches this with loosens = ["{floor}"] would loosen the {floor} floor'


class Demand:
    """A floor's demand: at least `verdict`, because `reason`."""

    __slots__ = ("floor", "verdict", "reason")

    def __init__(self, floor: str, verdict: Verdict, reason: str) -> None:
        self.floor = floor
        self.verdict = verdict
        self.reason = reason


# --- findings of the shell analysis -----------------------------------------

FINDING_FLOORS: dict[str, tuple[str, Verdict]] = {
    "not-understood": ("not-understood", ASK),
    "opaque": ("not-understood", ASK),
    "function": ("not-understood", ASK),
    "alias": ("not-understood", ASK),
    "pipe-to-interpreter": ("not-understood", ASK),
    "remote": ("egress", ASK),
    "fetch-and-run": ("fetch-and-run", DENY),
    "decoded-payload": ("fetch-and-run", DENY),
    "raw-socket": ("egress", DENY),
    "hijack": ("hijack", DENY),
    "secret-variable": ("credentials", ASK),
    "budget": ("budget", DENY),
}


def finding_demand(kind: str, detail: str) -> Demand:
    floor, verdict = FINDING_FLOORS.get(kind, ("not-understood", ASK))
    if kind == "hijack" and detail.startswith("changes PATH"):
        verdict = ASK
    return Demand(floor, verdict, detail)


# --- programs ---------------------------------------------------------------

PUBLISH = {
    ("npm", "publish"),
    ("yarn", "publish"),
    ("pnpm", "publish"),
    ("bun", "publish"),
    ("cargo", "publish"),
    ("gem", "push"),
    ("poetry", "publish"),
    ("twine", "upload"),
    ("docker", "push"),
    ("podman", "push"),
    ("flit", "publish"),
    ("hatch", "publish"),
    ("uv", "publish"),
    ("dotnet", "nuget"),
    ("mvn", "deploy"),
    ("gradle", "publish"),
    ("gradlew", "publish"),
    ("vsce", "publish"),
    ("ovsx", "publish"),
    ("helm", "push"),
}

CLOUD_CLIS = frozenset(
    {
        "aws",
        "gcloud",
        "gsutil",
        "az",
        "doctl",
        "linode-cli",
        "hcloud",
        "oci",
        "ibmcloud",
        "flyctl",
        "fly",
        "heroku",
        "vercel",
        "netlify",
        "firebase",
        "supabase",
        "railway",
        "wrangler",
        "pulumi",
        "eksctl",
        "scw",
        "exo",
        "vultr-cli",
        "aliyun",
    }
)
_DESTRUCTIVE_VERB = LazyRegex(
    r"^(delete|destroy|remove|rm|rb|terminate|purge|drop|deregister|disable|wipe|reset|revoke|detach|cancel|kill|stop|uninstall|prune|teardown|down|truncate|empty|del|erase|unset)",
    re.IGNORECASE,
)

# Cloud CLI verbs that only look (aws ec2 describe-instances, gcloud ... list).
_CLOUD_READ_VERB = LazyRegex(
    r"^(describe|list|get|show|ls|status|info|view|whoami|search|lookup|check|version|help|inspect|tail|logs|read|print|head)([-_].*)?$",
    re.IGNORECASE,
)
# ... unless what they read is a secret.
_CLOUD_SECRET = LazyRegex(
    r"secret|password|credential|token|key-value|get-parameter|access-key|login|sign|decrypt|export|print-access|print-identity|configure|keys|kms|vault|ssm",
    re.IGNORECASE,
)

DISK_TOOLS = frozenset(
    {
        "mkfs",
        "mke2fs",
        "mkswap",
        "wipefs",
        "fdisk",
        "sfdisk",
        "gdisk",
        "sgdisk",
        "parted",
        "cfdisk",
        "blkdiscard",
        "hdparm",
        "diskutil",
        "format",
        "zpool",
        "lvremove",
        "vgremove",
        "pvremove",
        "cryptsetup",
        "badblocks",
    }
)
POWER = frozenset({"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl"})


_DASHES = str.maketrans(
    {
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\ufe63": "-",
        "\uff0d": "-",
    }
)


def _flag_set(args: list[str]) -> set[str]:
    """Every short flag letter and long flag in args (`-rf` -> r, f)."""
    flags: set[str] = set()
    for arg in args:
        arg = arg.translate(_DASHES)
        if arg == "--":
            break
        if arg.startswith("--"):
            flags.add(arg.split("=", 1)[0])
        elif arg.startswith("-") and len(arg) > 1:
            flags.update("-" + ch for ch in arg[1:])
    return flags


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


_HOOKWARD_NAMES = ("hookward", "hookward.exe")
# Programs that run a file given as an operand: a shell or an interpreter runs a script, xargs a program.
_RUNS_ITS_OPERAND = frozenset(
    {"sh", "bash", "dash", "zsh", "ksh", "mksh", "fish", "busybox", "python", "pypy", "xargs", "parallel", "exec"}
)


def _hookward_control(program: str, args: list[str]) -> str | None:
    """The hookward control a command runs, in any spelling: the launcher by name or path, `python -m
    hookward`, a `uv run` / `pipx run` / `uvx` wrapper, or a command string handed to another program
    (`script -qc 'hookward uninstall'`, `tmux send-keys`)."""
    from hookward.policy import protection

    program = program.lower()  # `HOOKWARD` runs hookward on a case-insensitive file system
    if program in _HOOKWARD_NAMES:
        return protection.control_named(args)
    runner = re.sub(r"[\d.]+$", "", program)
    if runner in _RUNS_ITS_OPERAND:
        # The launcher handed to a program that runs it (`python3 ~/.local/share/hookward/bin/hookward grant x`,
        # `sh LAUNCHER`), or to xargs, whose arguments arrive on its input (`echo uninstall | xargs hookward`).
        for i, arg in enumerate(args):
            if os.path.basename(arg).lower() in _HOOKWARD_NAMES:
                rest = args[i + 1 :]
                if runner in ("xargs", "parallel"):
                    return protection.control_named(rest) if rest else "(with arguments read from its input)"
                return protection.control_named(rest)
    if program == "alias":
        for arg in args:
            name, _eq, value = arg.partition("=")
            words = value.split()
            if _eq and words and os.path.basename(words[0]).lower() in _HOOKWARD_NAMES:
                return f"under a new name (alias {name})"  # what later runs as `{name} ...` is not judged as hookward
    if program in ("ln", "cp", "link", "install", "rsync"):
        operands = [a for a in args if not a.startswith("-")]
        for arg in operands[:-1]:
            path = os.path.expanduser(arg)
            if os.path.basename(path.rstrip("/")).lower() in _HOOKWARD_NAMES and (
                path.endswith("/bin/hookward") or (os.path.isabs(path) and os.path.isfile(path))
            ):
                return f"under a new name ({program} of its launcher {arg})"
    if re.sub(r"[\d.]+$", "", program) in ("python", "pypy") and "-m" in args:
        module_at = args.index("-m") + 1
        module = args[module_at] if module_at < len(args) else ""
        if module in ("hookward", "hookward.cli", "hookward.__main__"):
            return protection.control_named(args[module_at + 1 :])
        if module.split(".")[0] == "hookward":
            return module  # one of hookward's modules run directly
    if program in ("uvx", "pipx", "uv") and "hookward" in args:
        return protection.control_named(args[args.index("hookward") + 1 :])
    for arg in args:
        if "hookward" in arg.lower():
            found = protection.controls_in_text(arg)
            if found:
                return found
    return None


def local_package_binary(program: str, args: list[str]) -> str | None:
    """The binary an unversioned `npx` / `bunx` / `pnpm exec` / `yarn exec` / `npm exec --no` names.

    Only these forms may run a binary the project already has in node_modules/.bin without
    fetching; `npx pkg@version`, `npx -p`, `pnpm dlx` and `yarn dlx` always fetch.
    """
    if program in ("npx", "pnpx", "bunx"):
        rest = args
    elif program in ("pnpm", "yarn") and args[:1] == ["exec"]:
        rest = args[1:]
    elif program == "npm" and args[:1] in (["exec"], ["x"]) and "--no" in args:
        rest = args[1:]
    else:
        return None
    for arg in rest:
        if arg in ("--no", "--no-install", "--offline", "-q", "--quiet", "--"):
            continue
        if arg.startswith("-"):
            return None  # -p/--package, -c/--call, --yes, a registry: fetches or runs something else
        name = arg
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name):
            return None  # a scope, a version, a path or a URL
        return name
    return None


_PROTECTED_BRANCH = LazyRegex(
    r"^(main|master|trunk|develop|development|prod|production|stable|release([/_-].*)?|HEAD)$"
)


def _protected_branch(refspec: str) -> bool:
    destination = refspec.rsplit(":", 1)[-1].removeprefix("refs/heads/")
    return destination == "" or bool(_PROTECTED_BRANCH.match(destination))


# `make NAME=VALUE`: a command-line variable overrides the makefile's own and is exported to every recipe.
_MAKE_ASSIGN = LazyRegex(r"^([A-Za-z_.][A-Za-z0-9_.-]*)\s*(:::=|::=|:=|\+=|\?=|!=|=)(.*)$", re.S)
# Variables whose value is a program the recipes run (`$(CC) -o x x.c`, `$(CROSS_COMPILE)gcc`), by the
# names GNU make's built-in rules, autoconf and kbuild give them, or a name that says it holds a command.
_MAKE_PROGRAM_VAR = LazyRegex(
    r"^(?:[A-Z0-9]+_)?(CC|CXX|CPP|LD|AR|AS|FC|F77|NM|RANLIB|STRIP|OBJCOPY|OBJDUMP|READELF|MAKE|MAKEINFO|INSTALL|"
    r"M4|YACC|BISON|LEX|FLEX|LINK|CCLD|CXXLD|CROSS_COMPILE|PYTHON[0-9.]*|PERL|RUBY|NODE|NPM|CARGO|RUSTC|GO|"
    r"JAVA|JAVAC|PKG_CONFIG|SED|AWK|GREP|RM|CP|MV|LN|MKDIR|TAR|DOCKER|PROTOC|CMAKE|NINJA|SHELL|SH|BASH|"
    r"CMD|COMMAND|PROG|PROGRAM|BIN|EXE|WRAPPER|LAUNCHER|RUNNER|TOOL|COMPILER|LINKER|EDITOR|PAGER)$"
)
# What a recipe hands to its shell, or make expands, inside a value: command substitution, a second command.
_MAKE_VALUE_CODE = LazyRegex(r"[`;|&<>\n]|\$[({]")
_MAKE_PROJECT_TOOL = LazyRegex(r"^(\./)?(\.?venv|env|node_modules/\.bin)/(bin/)?[\w.+-]+$")
_MAKE_SAFE_DIRS = ("/usr/bin/", "/usr/local/bin/", "/bin/", "/usr/lib/ccache/", "/opt/homebrew/bin/")
# Compiler flags that load a program or plugin into the compiler or linker.
_LOADING_FLAG = LazyRegex(r"(^|\s)(-wrapper|-fplugin|-B|--?specs|-Xclang|-fpass-plugin|-fuse-ld=\S*/|@)|--plugin")


def make_assignment_demands(args: list[str]) -> list[Demand]:
    """`make CC=/tmp/x`, `make 'CFLAGS=$(shell id)'`, `make LD_PRELOAD=x.so`: what a make command-line
    variable does to the recipes it overrides (`make V=1`, `make PREFIX=/usr/local`, `make CC=clang` pass)."""
    from hookward.policy.knowledge import environment as kenv
    from hookward.policy.shell import HIJACK_VARS

    demands: list[Demand] = []
    for arg in args:
        if arg.startswith("-"):
            continue
        found = _MAKE_ASSIGN.match(arg)
        if found is None:
            continue
        name, op, value = found.groups()
        first = value.split()[0] if value.split() else ""
        if op == "!=":
            demands.append(Demand("runs-code", ASK, f"make runs {value[:80]!r} in a shell to set {name}"))
        elif _MAKE_VALUE_CODE.search(value):
            demands.append(
                Demand("runs-code", ASK, f"make {name}={value[:80]!r}: recipes hand this value to a shell or expand it")
            )
        elif name in ("MAKEFILES", "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKEOVERRIDES"):
            demands.append(Demand("hijack", ASK, f"make {name}= {kenv.REDIRECTS.get(name, 'changes what make reads')}"))
        elif _MAKE_PROGRAM_VAR.match(name) and (
            # `CC='sh -c ...'`: a runner of code handed its own command; `PYTHON=python3` alone is that program.
            first in kp.SHELLS | kp.INTERPRETERS | {"env", "eval", "exec", "sudo", "doas"}
            and (len(value.split()) > 1 or not name.startswith(("PYTHON", "PERL", "RUBY", "NODE", "BASH", "SH")))
            or "/" in first
            and ".." not in first.split("/")
            and not first.startswith(_MAKE_SAFE_DIRS)
            and not _MAKE_PROJECT_TOOL.match(first)
            or ".." in first.split("/")
        ):
            demands.append(Demand("hijack", ASK, f"make {name}={first[:80]}: the recipes run this program"))
        elif name.endswith("FLAGS") and _LOADING_FLAG.search(value):
            demands.append(Demand("hijack", ASK, f"make {name}: flags that load a program or plugin into the build"))
        elif HIJACK_VARS.match(name) and not _MAKE_PROGRAM_VAR.match(name) and not name.endswith("FLAGS"):
            demands.append(Demand("hijack", ASK, f"make exports {name} to every recipe it runs"))
    return demands


def command_demands(
    argv: list[str],
    wrappers: list[str],
    program: str,
    local_bin: Callable[[str], bool] | None = None,
    project_file: ProjectFile | None = None,
) -> list[Demand]:
    """What one simple command demands by what it runs (file targets are judged separately).

    `local_bin(name)` says whether the project already has `name` in node_modules/.bin, from
    before this command line (the engine knows the cwd and the project).
    """
    demands: list[Demand] = []
    args = argv[1:]
    text = " ".join(argv)

    if set(wrappers) & kp.PRIVILEGE_WRAPPERS:
        demands.append(
            Demand(
                "privilege",
                FORCE_ASK,
                f"runs with raised privilege ({', '.join(w for w in wrappers if w in kp.PRIVILEGE_WRAPPERS)})",
            )
        )

    control = _hookward_control(program, args)
    if control is None and program.lower() in _HOOKWARD_NAMES and {"xargs", "parallel"} & set(wrappers):
        control = "(with arguments read from xargs' input)"  # `echo uninstall | xargs hookward`
    if control:
        demands.append(
            Demand(
                "self-protection",
                DENY,
                f"runs `hookward {control}`, one of hookward's own controls: this is the gate itself, and only a "
                "person at a terminal may change it",
            )
        )
    if program in ("pip", "pip3", "pipx", "uv") and "uninstall" in args and any("hookward" in a for a in args):
        demands.append(Demand("self-protection", DENY, "uninstalls hookward; an agent must not remove its own gate"))
    if program in ("pkill", "killall", "kill") and any("hookward" in a for a in args):
        demands.append(Demand("self-protection", DENY, "stops hookward processes"))

    if program in ("chmod",) and any(
        re.search(r"(^|[ugoa,])[+=][rwx]*s|^[0-7]?[4-7][0-7]{3}$", a)
        for a in args
        if not a.startswith("-") or re.match(r"^-?[0-7]{4}$", a)
    ):
        demands.append(Demand("privilege", DENY, "sets a setuid or setgid bit"))
    if program in ("chown", "chgrp") and any(a.startswith("root") for a in args):
        demands.append(Demand("privilege", FORCE_ASK, "gives files to root"))
    if program in (
        "visudo",
        "usermod",
        "useradd",
        "userdel",
        "passwd",
        "chpasswd",
        "groupadd",
        "adduser",
        "deluser",
        "setcap",
        "chattr",
    ):
        demands.append(Demand("privilege", FORCE_ASK, f"{program} changes accounts or privileges"))

    if program in kp.ENV_DUMPERS and (not args or args in (["-p"], ["-x"], ["-0"])):
        if (
            program in ("printenv", "env")
            or (program == "export" and args in ([], ["-p"]))
            or (program in ("set", "declare") and not args)
            or (program == "declare" and args in (["-p"], ["-x"]))
        ):
            demands.append(Demand("credentials", ASK, "prints the environment, which holds API keys in agent sessions"))
    if (
        program == "gh"
        and args[:2] == ["auth", "token"]
        or program == "gh"
        and "--show-token" in args
        or program == "glab"
        and args[:2] == ["auth", "token"]
    ):
        demands.append(Demand("credentials", DENY, f"{program} prints an access token"))
    if (
        program == "security"
        and args
        and re.match(
            r"^(find-(generic|internet)-password|dump-keychain|export|find-certificate|find-identity)$", args[0]
        )
    ):
        demands.append(Demand("credentials", DENY, "reads secrets from the macOS keychain"))
    if program in ("gpg", "gpg2", "gpgsm") and any(
        # gpg takes unique prefixes of long options: `--export-secret-k` is `--export-secret-keys`; gpgsm's
        # `--export-secret-key-p12` / `-raw` start the same way.
        a.startswith("--export-secret")
        for a in args
    ):
        demands.append(Demand("credentials", DENY, f"{program} prints secret key material"))
    if program == "kubectl" and args[:2] == ["config", "view"] and "--raw" in args:
        demands.append(Demand("credentials", DENY, "prints cluster credentials"))
    if (
        program
        in (
            "secret-tool",
            "pass",
            "gopass",
            "op",
            "bw",
            "lpass",
            "keepassxc-cli",
            "vault",
            "doppler",
            "chamber",
            "sops",
        )
        and args
        and not is_version_query(args)
        and not (program == "vault" and args == ["version"])
    ):
        demands.append(Demand("credentials", FORCE_ASK, f"{program} reads from a secret store"))
    if program == "printenv" and args:
        demands.append(Demand("credentials", ASK, "prints environment variables, which may hold API keys"))

    # --- destructive and irreversible ---
    family = program.split(".")[0]
    if family in DISK_TOOLS or program.startswith("mkfs"):
        demands.append(Demand("destructive", DENY, f"{program} rewrites disks or filesystems"))
    if program == "dd" and any(
        a.startswith("of=/dev/") and not a.startswith(("of=/dev/null", "of=/dev/stdout", "of=/dev/stderr"))
        for a in args
    ):
        demands.append(Demand("destructive", DENY, "dd writes straight onto a device"))
    if program in POWER and (
        program != "systemctl" or (args and args[0] in ("poweroff", "reboot", "halt", "kexec", "emergency", "rescue"))
    ):
        if program not in ("init", "telinit") or args:
            demands.append(Demand("destructive", DENY, f"{program} stops or restarts the machine"))
    if program in ("kill", "pkill", "killall") and (
        "-1" in args or any(a in ("-9", "-KILL", "-SIGKILL") for a in args) and "-1" in args
    ):
        demands.append(Demand("destructive", DENY, "kills every process the user owns"))
    if program == "crontab" and ("-r" in args or (args and not args[0].startswith("-")) or "-e" in args or "-" in args):
        demands.append(Demand("persistence", DENY, "replaces or removes the crontab"))
    if program in ("launchctl",) and args and args[0] in ("load", "bootstrap", "submit", "enable"):
        demands.append(Demand("persistence", DENY, "registers a launchd job"))
    if (
        program == "systemctl"
        and args
        and args[0] in ("enable", "link", "edit", "set-environment", "daemon-reload", "mask", "preset")
    ):
        demands.append(Demand("persistence", DENY, "changes what systemd starts"))
    if program in ("at", "batch") and args:
        demands.append(Demand("persistence", FORCE_ASK, "schedules a command to run later"))

    if program == "git":
        demands.extend(_git_demands(argv))
    if program in ("tar", "bsdtar", "gtar") and any(
        a.startswith(
            (
                "--checkpoint-action",
                "--to-command",
                "--use-compress-program",
                "--rsh-command",
                "--info-script",
                "--new-volume-script",
            )
        )
        or re.match(r"^-[A-Za-z]*[IF]", a) is not None  # `-I CMD`, `-Icmd`, bundled `-cI CMD`
        for a in args
    ):
        demands.append(Demand("not-understood", FORCE_ASK, "tar is told to run a command"))
    if program == "zip" and any(a in ("-TT", "--unzip-command") or a.startswith("--unzip-command") for a in args):
        demands.append(Demand("not-understood", FORCE_ASK, "zip is told to run a command"))
    if program == "rsync" and any(a in ("-e", "--rsh") or a.startswith(("--rsh=", "--rsync-path")) for a in args):
        demands.append(Demand("egress", ASK, "rsync runs a remote shell command of its own"))
    if program == "man" and any(
        a in ("-P", "--pager", "-H", "--html") or a.startswith(("--pager=", "-P", "--html=")) for a in args
    ):
        demands.append(
            Demand("not-understood", FORCE_ASK, "man is told to run another program as its pager or browser")
        )
    if program == "gh" and args[:2] in (
        ["gist", "create"],
        ["gist", "edit"],
        ["release", "upload"],
        ["release", "create"],
    ):
        demands.append(Demand("egress", ASK, f"gh {args[0]} {args[1]} uploads files to GitHub"))
    if program in ("less", "more", "most") and any(a.startswith("+") and "!" in a for a in args):
        demands.append(Demand("not-understood", FORCE_ASK, f"{program} is told to run a shell command"))
    if program in ("make", "gmake") and any(a.startswith(("SHELL=", ".SHELLFLAGS=", "MAKESHELL=")) for a in args):
        demands.append(Demand("hijack", DENY, "make is told to run recipes with another shell"))
    elif program in ("make", "gmake"):
        demands.extend(make_assignment_demands(args))
    if program in ("npm", "pnpm", "yarn") and any(
        a.startswith(("--script-shell", "--node-options", "--userconfig", "--globalconfig")) for a in args
    ):
        demands.append(Demand("hijack", DENY, f"{program} is told to run scripts through another program or config"))
    if program in ("jq", "yq", "gojq", "jaq") and (
        # jq's `env` / `$ENV`; Go yq's `env(X)`, `strenv(X)`, `envsubst`; not a field or key named env (`.env`)
        any(
            re.search(r"(?<![.\w$\"'])(str)?env\b(?!\s*:)|\$ENV|\binput_filename\b|\benvsubst\b", a)
            for a in args
            if not a.startswith("-")
        )
    ):
        demands.append(
            Demand("credentials", ASK, f"{program} prints the environment, which holds API keys in agent sessions")
        )
    if program == "yq" and any(re.search(r"\bload(_str|_xml|_props|_base64|_yaml|_json)?\s*\(", a) for a in args):
        demands.append(Demand("credentials", ASK, "yq reads a file named inside its expression (`load(...)`)"))
    if program == "uv" and args[:1] == ["run"] and any(a.startswith(("--with", "--from")) for a in args):
        demands.append(Demand("fetch-and-run", ASK, "uv run pulls extra packages and runs them"))
    if program == "go" and args[:1] == ["run"] and any("@" in a for a in args[1:]):
        demands.append(Demand("fetch-and-run", ASK, "go run downloads a module and runs it"))
    if program in ("make", "gmake") and any(
        a in ("-f", "--file", "--makefile") or a.startswith(("-f", "--file=", "--makefile=")) for a in args
    ):
        demands.append(Demand("not-understood", ASK, "make runs a makefile named on the command line"))

    if (
        args
        and args[0] in ("publish", "deploy", "unpublish", "release")
        and (program, args[0]) not in PUBLISH
        and program not in ("gh", "glab")
    ):
        demands.append(
            Demand("destructive", FORCE_ASK, f"{program} {args[0]} ships to the outside world, which cannot be undone")
        )
    if program == "gh" and args:
        if (
            any(
                (_DESTRUCTIVE_VERB.match(a) and not a.startswith("download"))  # `down` is not `download`
                or a in ("archive", "transfer", "rename", "visibility")
                for a in args[:3]
                if not a.startswith("-")
            )
            or re.search(r"(-X|--method)[ =]?(DELETE|PUT|PATCH)", " ".join(args), re.IGNORECASE)
        ):
            demands.append(Demand("destructive", FORCE_ASK, "gh changes or deletes something on GitHub"))
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
            demands.append(Demand("egress", ASK, "gh api sends data to GitHub"))
    if program in ("dig", "host") and any(a.lower() in ("axfr", "-taxfr", "ixfr") for a in args):
        demands.append(Demand("egress", ASK, "asks a name server for a whole zone"))
    if args and args[0] in ("uninstall", "remove", "rm", "purge", "autoremove") and program in kp.PACKAGE_MANAGERS:
        demands.append(Demand("destructive", ASK, f"{program} {args[0]} removes installed packages"))
    if args and (program, args[0]) in PUBLISH and _publishes([program, *args]):
        demands.append(
            Demand("destructive", FORCE_ASK, f"{program} {args[0]} publishes to a registry, which cannot be undone")
        )
    if program in ("npm", "yarn", "pnpm") and args[:1] == ["unpublish"]:
        demands.append(Demand("destructive", FORCE_ASK, "removes a published package"))
    if (
        program == "kubectl"
        and args
        and args[0]
        in (
            "delete",
            "drain",
            "replace",
            "scale",
            "patch",
            "apply",
            "edit",
            "cordon",
            "taint",
            "rollout",
            "exec",
            "cp",
            "port-forward",
            "run",
            "create",
            "set",
            "label",
            "annotate",
        )
    ):
        verdict = FORCE_ASK if args[0] in ("delete", "drain", "replace", "scale") else ASK
        demands.append(Demand("destructive", verdict, f"kubectl {args[0]} changes a live cluster"))
    if program == "helm" and args and args[0] in ("uninstall", "delete", "rollback", "upgrade", "install"):
        demands.append(
            Demand(
                "destructive",
                FORCE_ASK if args[0] in ("uninstall", "delete", "rollback") else ASK,
                f"helm {args[0]} changes a live cluster",
            )
        )
    if (
        program in ("terraform", "tofu", "terragrunt")
        and args
        and (
            args[0] in ("destroy", "apply", "import", "taint", "untaint", "force-unlock")
            or (args[0] == "state" and len(args) > 1 and args[1] in ("rm", "mv", "push", "replace-provider"))
            or "-destroy" in args
        )
    ):
        verdict = FORCE_ASK if args[0] in ("destroy", "apply", "state") or "-destroy" in args else ASK
        demands.append(Demand("destructive", verdict, f"{program} {args[0]} changes real infrastructure"))
    if program in CLOUD_CLIS and not _cloud_help(args):
        verbs = [a for a in args if not a.startswith("-")][:4]
        if any(_DESTRUCTIVE_VERB.match(a) for a in verbs):
            demands.append(Demand("destructive", FORCE_ASK, f"{program} deletes or stops cloud resources"))
        elif not any(_CLOUD_READ_VERB.match(a) for a in verbs) or any(_CLOUD_SECRET.search(a) for a in verbs):
            demands.append(Demand("egress", ASK, f"{program} acts on a cloud account"))
    if program in ("docker", "podman") and args:
        demands.extend(_container_demands(args))
    if program in (
        "psql",
        "mysql",
        "mariadb",
        "sqlite3",
        "mongo",
        "mongosh",
        "redis-cli",
        "cqlsh",
        "clickhouse-client",
    ) and re.search(
        r"\b(drop\s+(table|database|schema|collection)|truncate|delete\s+from|flushall|flushdb|dropDatabase)\b",
        text,
        re.IGNORECASE,
    ):
        demands.append(Demand("destructive", FORCE_ASK, "drops or deletes database data"))

    # --- fetch and run ---
    local = local_package_binary(program, args)
    if (
        (
            program in ("npx", "pnpx", "bunx")
            and args not in (["--version"], ["-v"], ["--help"], ["-h"])  # npm's own version or usage: no package
            or (program in ("pnpm", "yarn", "bun", "npm") and args[:1] in (["dlx"], ["x"], ["exec"]))
        )
        and not (local is not None and local_bin is not None and local_bin(local))
    ):
        demands.append(Demand("fetch-and-run", ASK, f"{program} may download and run a package"))
    if program in ("npm", "pnpm", "yarn", "bun") and (
        args[:1] == ["create"]
        or (program == "npm" and args[:1] in (["init"], ["create"]) and any(not a.startswith("-") for a in args[1:]))
    ):
        demands.append(Demand("fetch-and-run", ASK, f"{program} {args[0]} downloads a starter package and runs it"))
    if program == "cmake" and any(
        re.search(r"^-D\s*CMAKE_\w*(_LAUNCHER|_COMPILER|_LINKER|_WRAPPER)\w*(:\w+)?=", a) for a in args
    ):
        demands.append(Demand("runs-code", ASK, "cmake is told which program to run as a compiler, linker or launcher"))
    if program in ("uvx", "pipx") and (program == "uvx" or args[:1] == ["run"]):
        verdict = ASK
        demands.append(Demand("fetch-and-run", verdict, f"{program} downloads and runs a package"))
    if program in kp.PACKAGE_MANAGERS:
        demands.extend(_install_demands(program, args, project_file))

    # --- network egress ---
    if program in kp.EGRESS and program not in ("dig", "nslookup", "host"):
        demands.extend(_egress_demands(program, args))
    return demands


def _option_values(args: list[str], short: str, long: str) -> list[str]:
    """Every value given to `-x V`, `-xV`, `--long V` or `--long=V`, up to `--`."""
    values: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg in (short, long) and i + 1 < len(args):
            values.append(args[i + 1])
        elif arg.startswith(long + "="):
            values.append(arg[len(long) + 1 :])
        elif arg.startswith(short) and len(arg) > len(short) and not arg.startswith("--"):
            values.append(arg[len(short) :])
    return values


def _git_demands(argv: list[str]) -> list[Demand]:
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
            demands.append(Demand("hijack", DENY, f"git -c {key} makes git run another program ({why})"))
        elif kind == gitconfig.UNKNOWN_TEXT:
            demands.append(Demand("hijack", ASK, f"git -c {key}: {why}"))
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
        demands.append(Demand("not-understood", FORCE_ASK, f"git {sub} runs a command hookward does not analyze"))
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
            demands.append(Demand("persistence", DENY, f"git config {keys[0]} makes git run another program later"))
        elif not reading:
            demands.append(Demand("persistence", ASK, "changes git configuration"))
    if sub == "push":
        refs = [a for a in rest if not a.startswith("-")]
        if (
            any(f.startswith("--force") for f in flags)
            or flags & {"-f", "--mirror", "--delete", "-d", "--prune"}
            or any(r.startswith("+") or r.startswith(":") for r in refs[1:])
        ):
            demands.append(
                Demand("destructive", FORCE_ASK, "force-pushes or deletes remote history, which cannot be undone")
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
                demands.append(Demand("egress", ASK, "git push sends the project's history to a URL or path"))
            elif len(words) < 2 or any(_protected_branch(ref) for ref in words[1:]):
                demands.append(
                    Demand("egress", ASK, "git push to the default or a release branch (or to a branch not named)")
                )
    if sub == "remote" and rest[:1] and rest[0] in ("add", "set-url", "rename"):
        demands.append(Demand("egress", ASK, f"git remote {rest[0]} changes where the project's history is sent"))
    if sub == "reset" and flags & {"--hard", "--merge", "--keep"}:
        demands.append(Demand("destructive", FORCE_ASK, "git reset --hard throws away uncommitted work"))
    if sub == "clean" and (flags & {"-f", "--force"}) and not (flags & {"-n", "--dry-run"}):
        demands.append(Demand("destructive", FORCE_ASK, "git clean deletes untracked files for good"))
    checkout_paths = [a for a in rest if not a.startswith("-")]
    if sub == "checkout" and (
        "--" in rest
        or "." in rest
        or flags & {"-f", "--force"}
        or any(a.startswith("--pathspec-from-file") for a in rest)
        or (len(checkout_paths) >= 2 and not flags & {"-b", "-B", "--orphan"})
    ):
        demands.append(Demand("destructive", FORCE_ASK, "git checkout of paths throws away uncommitted changes"))
    if sub == "restore" and not (flags & {"--staged", "-S"}) or (sub == "restore" and flags & {"--worktree", "-W"}):
        demands.append(Demand("destructive", FORCE_ASK, "git restore throws away uncommitted changes"))
    if sub == "switch" and flags & {"--discard-changes", "-f", "--force"}:
        demands.append(Demand("destructive", FORCE_ASK, "switching with --discard-changes throws away work"))
    if sub == "stash" and rest[:1] in (["drop"], ["clear"]):
        demands.append(Demand("destructive", FORCE_ASK, "drops stashed work for good"))
    if sub == "branch" and ("-D" in flags or flags & {"--force", "-f", "-M", "-C"}):
        demands.append(Demand("destructive", FORCE_ASK, "force-deletes or overwrites a branch"))
    if sub == "worktree" and rest[:1] == ["remove"] and flags & {"--force", "-f"}:
        demands.append(Demand("destructive", FORCE_ASK, "force-removes a worktree with its changes"))
    if (
        sub in ("filter-branch", "filter-repo")
        or (sub == "reflog" and rest[:1] == ["expire"])
        or (sub == "update-ref" and "-d" in flags)
        or (sub == "gc" and any(a.startswith("--prune") for a in rest))
    ):
        demands.append(Demand("destructive", FORCE_ASK, f"git {sub} rewrites or discards history"))
    if sub == "rebase" or sub == "commit" and "--amend" in flags:
        pass  # local and recoverable through the reflog
    if sub in ("clone", "fetch", "pull", "ls-remote", "submodule", "remote") and sub != "remote":
        pass
    return demands


def _container_demands(args: list[str]) -> list[Demand]:
    demands: list[Demand] = []
    sub = args[0]
    text = " ".join(args)
    if sub in ("run", "create", "exec", "compose", "container"):
        if (
            "--privileged" in args
            or re.search(r"--cap-add[= ](ALL|SYS_ADMIN)", text)
            or re.search(r"--pid[= ]host|--net(work)?[= ]host.*--privileged", text)
        ):
            demands.append(Demand("privilege", DENY, "runs a privileged container, which owns the host"))
        for i, arg in enumerate(args):
            mount = None
            if arg in ("-v", "--volume", "--mount") and i + 1 < len(args):
                mount = args[i + 1]
            elif arg.startswith(("--volume=", "--mount=", "-v")) and len(arg) > 2:
                mount = arg.split("=", 1)[1] if "=" in arg and arg.startswith("--") else arg[2:]
            if mount is None:
                continue
            source = (
                mount.split(":", 1)[0]
                if not mount.startswith(("type=", "source=", "src="))
                else re.sub(r".*(?:source|src)=([^,]*).*", r"\1", mount)
            )
            home = os.path.expanduser("~").rstrip("/")
            if (
                source in ("/", "/etc", "/root", "/home", "/var", "/usr", "~", "$HOME")
                or "docker.sock" in source
                or source.rstrip("/") in ("", home)
                or (source.startswith("/") and home.startswith(source.rstrip("/") + "/"))
            ):
                demands.append(Demand("privilege", DENY, f"mounts {source} into a container, which hands it the host"))
        if sub == "run":
            demands.append(Demand("fetch-and-run", ASK, "runs a container image"))
    if sub in ("rm", "rmi", "system", "volume", "network", "image", "container", "kill", "stop") and (
        sub in ("rm", "rmi", "kill", "stop") or (len(args) > 1 and args[1] in ("prune", "rm"))
    ):
        demands.append(Demand("destructive", ASK, f"docker {sub} removes containers, images or data"))
    return demands


_REMOTE_SPEC = LazyRegex(r"^(git\+|https?://|ssh://|file://|hg\+|svn\+|bzr\+|[\w.-]+@[\w.-]+:)")


# A file the command names, as the engine finds it: (state, text). state is "persons" (unchanged since the
# session began), "changed", "unknown" (no baseline to compare with) or "missing"; text only for a small file.
ProjectFile = Callable[[str], tuple[str, str | None]]

# The project's own locked dependencies: (program, subcommand) -> the manifest and the lockfiles (any one).
LOCKED_INSTALLS: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("npm", "ci"): ("package.json", ("package-lock.json", "npm-shrinkwrap.json")),
    ("npm", "install"): ("package.json", ("package-lock.json", "npm-shrinkwrap.json")),
    ("npm", "i"): ("package.json", ("package-lock.json", "npm-shrinkwrap.json")),
    ("pnpm", "install"): ("package.json", ("pnpm-lock.yaml",)),
    ("pnpm", "i"): ("package.json", ("pnpm-lock.yaml",)),
    ("yarn", "install"): ("package.json", ("yarn.lock",)),
    ("bun", "install"): ("package.json", ("bun.lock", "bun.lockb")),
    ("uv", "sync"): ("pyproject.toml", ("uv.lock",)),
    ("poetry", "install"): ("pyproject.toml", ("poetry.lock",)),
    ("pipenv", "install"): ("Pipfile", ("Pipfile.lock",)),
    ("pipenv", "sync"): ("Pipfile", ("Pipfile.lock",)),
    ("bundle", "install"): ("Gemfile", ("Gemfile.lock",)),
    ("cargo", "build"): ("Cargo.toml", ("Cargo.lock",)),
    ("cargo", "fetch"): ("Cargo.toml", ("Cargo.lock",)),
}
_PINNED = LazyRegex(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9,._-]+\])?==[A-Za-z0-9.+!_-]+(\s*;[^#]*)?(\s+--hash=\S+)*$"
)


def _locked_demand(program: str, sub: str, project_file: ProjectFile) -> Demand | None:
    """`npm ci`, `uv sync`, `cargo build`: routine while the manifest and the lockfile are the person's."""
    manifest, locks = LOCKED_INSTALLS[(program, sub)]
    state = project_file(manifest)[0]
    if state == "missing":
        return None  # no manifest here: nothing of the project's is installed (the tool will say so)
    lock_states = [(lock, project_file(lock)[0]) for lock in locks]
    present = [(lock, st) for lock, st in lock_states if st != "missing"]
    # Without a lockfile the manifest alone says what is installed (the registry resolves its ranges).
    for name, st in [(manifest, state), *present[:1]]:
        if st == "changed":
            return Demand(
                "fetch-and-run",
                ASK,
                f"{program} {sub}: {name} changed since the session began, so what it installs is no longer the person's",
            )
    return None


def _requirements_demand(program: str, files: list[str], project_file: ProjectFile | None) -> Demand:
    """`pip install -r F`: routine when F is the person's and pins every requirement; otherwise it asks."""
    for name in files:
        state, text = project_file(name) if project_file is not None else ("unknown", None)
        if state != "persons":
            return Demand(
                "fetch-and-run", ASK, f"{program} installs what {name} lists, which is not the person's unchanged file"
            )
        if text is None or not requirements_pinned(text):
            return Demand(
                "fetch-and-run",
                ASK,
                f"{program} installs what {name} lists, and not every line pins a version (name==version)",
            )
    return Demand("fetch-and-run", ALLOW, f"{program} installs the project's own pinned requirements")


def requirements_pinned(text: str) -> bool:
    """Every requirement is `name==version` (hashes and markers allowed): no ranges, URLs, paths, -e, -r, indexes."""
    lines = text.replace("\\\n", " ").splitlines()
    found = False
    for line in lines:
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if not _PINNED.match(line):
            return False
        found = True
    return found


def _install_demands(program: str, args: list[str], project_file: ProjectFile | None = None) -> list[Demand]:
    if not args:
        if project_file is not None and (program, "install") in LOCKED_INSTALLS and program in ("yarn", "bundle"):
            locked = _locked_demand(program, "install", project_file)
            return [locked] if locked else []
        return []
    sub = args[0]
    flags_only = all(a.startswith("-") for a in args[1:])
    if project_file is not None and (program, sub) in LOCKED_INSTALLS and flags_only and not _index_override(args):
        locked = _locked_demand(program, sub, project_file)
        return [locked] if locked else []
    if program in ("uv", "poetry", "cargo", "pnpm", "yarn", "bun", "npm") and sub == "add":
        named = [a for a in args[1:] if not a.startswith("-")]
        if named and not _index_override(args) and not any(_REMOTE_SPEC.match(s) for s in named):
            return [Demand("fetch-and-run", ASK, f"{program} add {named[0]}: adds a package whose code runs here")]
    installs = {"install", "i", "add", "get", "global", "-S", "isntall", "update", "upgrade", "ci", "sync", "require"}
    if (
        sub not in installs
        and not (program == "uv" and sub == "pip" and args[1:2] == ["install"])
        and not (program == "go" and sub == "install")
        and not (program == "cargo" and sub == "install")
    ):
        return []
    specs = [a for a in args[1:] if not a.startswith("-")]
    if any(_REMOTE_SPEC.match(s) or s.endswith((".whl", ".tar.gz", ".tgz", ".zip")) for s in specs) or any(
        a.startswith(("--index-url", "-i", "--extra-index-url", "--trusted-host", "--registry", "-f", "--find-links"))
        for a in args
    ):
        return [
            Demand("fetch-and-run", FORCE_ASK, f"{program} installs code from an address outside the usual registry")
        ]
    if program in kp.SYSTEM_PACKAGE_MANAGERS:
        return [Demand("fetch-and-run", ASK, f"{program} installs system software")]
    if (
        program in ("go", "cargo")
        and sub == "install"
        or "-g" in args
        or "--global" in args
        or (program == "npm" and sub == "global")
        or "--user" in args
        or "--break-system-packages" in args
    ):
        return [Demand("fetch-and-run", ASK, f"{program} installs a package outside the project")]
    pip_args = args[2:] if program == "uv" and sub == "pip" else args[1:]
    if program in ("pip", "pip3") or (program == "uv" and sub == "pip"):
        files = [v for i, a in enumerate(pip_args) for v in _requirement_files(pip_args, i, a)]
        named = [
            a
            for i, a in enumerate(pip_args)
            if not a.startswith("-") and not (i and pip_args[i - 1] in ("-r", "--requirement", "-c", "--constraint"))
        ]
        if files and not named and not any(a in ("-e", "--editable") for a in pip_args):
            demand = _requirements_demand(program, files, project_file)
            return [] if demand.verdict == ALLOW else [demand]
        return [Demand("fetch-and-run", ASK, f"{program} {sub} downloads packages whose install scripts run here")]
    if specs and program not in ("uv", "poetry"):
        return [Demand("fetch-and-run", ASK, f"{program} {sub} downloads packages whose install scripts run here")]
    return []


def _requirement_files(args: list[str], i: int, arg: str) -> list[str]:
    if arg in ("-r", "--requirement") and i + 1 < len(args):
        return [args[i + 1]]
    if arg.startswith("--requirement="):
        return [arg.split("=", 1)[1]]
    if arg.startswith("-r") and len(arg) > 2:
        return [arg[2:]]
    return []


def _index_override(args: list[str]) -> bool:
    return any(
        a.startswith(("--index-url", "-i", "--extra-index-url", "--trusted-host", "--registry", "-f", "--find-links"))
        for a in args
    )


def _egress_demands(program: str, args: list[str]) -> list[Demand]:
    if program in ("curl", "wget", "http", "https"):
        from hookward.policy import urls
        from hookward.policy.specs.network import plain_get

        found = plain_get([program, *args])
        if found is not None:  # a plain download is the web tool's fetch: judged by the same URL rules
            from hookward.policy.content import holds_secret

            verdicts = {"ask": ASK, "deny": DENY}
            if any(holds_secret(arg) for arg in args):  # a literal token in a URL or header leaves with it
                return [Demand("credentials", ASK, f"{program} sends what looks like an access token")]
            return [
                Demand(floor, verdicts[verdict], f"{program}: {reason}")
                for url in found
                for floor, verdict, reason in urls.fetch_problems(url, shell=True)
            ]
    if program in ("ssh", "scp", "rsync", "rclone"):
        from hookward.policy.specs.network import connects

        if not connects([program, *args]):
            return []  # `ssh -V`, `ssh -G`, a local rsync: no other machine is reached
    upload_flags = kp.UPLOAD_FLAGS.get(program, frozenset())
    uploads = []
    for i, arg in enumerate(args):
        name = arg.split("=", 1)[0]
        if name in upload_flags or (program == "curl" and re.match(r"^-[a-zA-Z]*[dFT]$", arg)):
            value = (
                arg.split("=", 1)[1]
                if "=" in arg and arg.startswith("--")
                else (args[i + 1] if i + 1 < len(args) else "")
            )
            uploads.append(value)
        if (
            program == "curl"
            and name in ("-X", "--request")
            and i + 1 < len(args)
            and args[i + 1].upper() in ("POST", "PUT", "PATCH")
        ):
            uploads.append("")
    if program in ("http", "https", "xh") and any(re.match(r"^[\w-]+(:=@|=@|@)", a) for a in args):
        uploads.append("@file")
    if program in kp.REMOTE_COPY:
        from hookward.policy.specs.network import copies_out

        # The spec knows rclone's subcommand (`rclone ls remote:` lists, it does not copy) and `--dry-run`.
        positional = [a for a in args if not a.startswith("-")]
        out = copies_out([program, *args])
        if out:
            return [Demand("egress", DENY, f"{program} copies local files to another machine")]
        if out is None and (
            len(positional) >= 2
            and re.match(r"^[\w.@-]+:", positional[-1])
            and not re.match(r"^[\w.@-]+:", positional[0])
        ):
            return [Demand("egress", DENY, f"{program} copies local files to another machine")]
    if program in ("nc", "ncat", "netcat", "socat", "telnet"):
        if "-e" in args or "-c" in args or any("exec:" in a.lower() or "system:" in a.lower() for a in args):
            return [Demand("egress", DENY, f"{program} connects a program to the network (a reverse shell)")]
        return [Demand("egress", FORCE_ASK, f"{program} opens a raw network connection")]
    if (
        any(u.startswith(("@", "<")) or u == "-" or "=@" in u or "=<" in u for u in uploads)
        or (program == "wget" and any(a.startswith(("--post-file", "--body-file")) for a in args))
        or (program == "curl" and any(a.startswith(("-T", "--upload-file")) for a in args))
    ):
        return [Demand("egress", DENY, f"{program} uploads a file or piped data to the network")]
    if uploads:
        return [Demand("egress", ASK, f"{program} sends data to the network")]
    return [Demand("egress", ASK, f"{program} reaches the network")]


# --- inline code --------------------------------------------------------------

_DANGEROUS_CODE = LazyRegex(
    r"rmtree|os\.remove|os\.unlink|unlink\(|rmdir|rm_rf|rm -r|FileUtils\.rm|File\.delete|fs\.rm|rmSync|unlinkSync|"
    r"socket|/dev/tcp|urllib|urlopen|requests\.(post|put|get)|http\.client|httplib|fetch\(|XMLHttpRequest|"
    r"Net::HTTP|open-uri|IO::Socket|LWP|child_process|execSync|spawnSync|exec\(|system\(|popen|subprocess|"
    r"os\.exec|Runtime\.getRuntime|eval\(|__import__|compile\(|base64|b64decode|marshal\.loads|pickle\.loads|"
    r"`[^`]+`|%x\(|\bqx\b|chmod|setuid|/etc/(passwd|shadow|sudoers)|\.ssh|id_rsa|\.aws|credentials|\.env\b|"
    r"os\.environ|process\.env|ENV\[|getenv|keychain|shutil\.move|open\([^)]*['\"][wa]",
    re.IGNORECASE,
)
_SHELL_IN_CODE = LazyRegex(
    r"""(?:system|popen|exec(?:Sync)?|spawn(?:Sync)?|check_output|check_call|call|run|Popen)\(\s*(?:\[)?\s*(['"])(.+?)\1"""
)


def inline_code_demand(language: str, code: str) -> tuple[Demand, list[str]]:
    """Inline code is not understood; code that touches files, network or processes is worse.

    Returns the demand and any shell command strings found inside the code.
    """
    if re.search(r"hookward", code, re.IGNORECASE):
        # hookward's modules, its ledger, its policy: inline code that names them reaches for the gate itself.
        return Demand(
            "self-protection",
            DENY,
            f"inline {language} code names hookward (its modules, policy, ledger or grants): this is the gate itself",
        ), []
    embedded = [m.group(2) for m in _SHELL_IN_CODE.finditer(code)]
    embedded += re.findall(r"`([^`]+)`", code) if language in ("ruby", "perl", "php") else []
    hit = _DANGEROUS_CODE.search(code)
    if hit:
        return Demand("not-understood", FORCE_ASK, f"inline {language} code uses {hit.group(0)!r}"), embedded
    if _trivial_code(language, code):
        return Demand("not-understood", ALLOW, f"inline {language} code only prints literals"), embedded
    return Demand("not-understood", ASK, f"inline {language} code is not analyzed"), embedded


def python_imports(code: str) -> list[str]:
    """The top-level module names inline Python code imports (none if it does not parse)."""
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module.split(".")[0])
    return names


_TRIVIAL_PY = LazyRegex(r"""^\s*(print\((['"][^'"\\]*['"]|\d+(\s*[-+*/]\s*\d+)*)?\)\s*;?\s*)+$""")


# Python inline code passes only when its syntax tree holds nothing but these nodes and calls.
_PY_NODES = (
    "Module Expr Constant Name Load Store Call BinOp UnaryOp BoolOp Compare IfExp Tuple List Set Dict "
    "Add Sub Mult Div FloorDiv Mod Pow USub UAdd Not And Or Eq NotEq Lt LtE Gt GtE Is IsNot In NotIn "
    "keyword JoinedStr FormattedValue Subscript Slice Assign comprehension ListComp SetComp GeneratorExp "
    "DictComp Attribute"
).split()
_PY_CALLS = frozenset(
    "print len str int float bool sorted sum min max abs round range list tuple dict set repr chr ord "
    "hex oct bin divmod enumerate zip reversed any all format upper lower strip split join".split()
)
_PY_NAMES_FORBIDDEN = frozenset(
    "open eval exec compile getattr setattr delattr __import__ globals locals vars input breakpoint "
    "exit quit help memoryview type object super".split()
)
_LITERAL_PRINT = {
    "node": LazyRegex(r"""\s*(console\.log\((['"][^'"\\`]*['"]|[\d\s+*/().-]+)\);?\s*)+"""),
    # Double-quoted strings may hold the escapes \n and \t (nothing else: no interpolation, no `\N{..}`).
    "ruby": LazyRegex(r"""\s*((puts|p|print)[ (]('[^'\\#`]*'|"([^"\\#`]|\\[nt])*"|[\d\s+*/().-]+)\)?;?\s*)+"""),
    "perl": LazyRegex(r"""\s*((print|say)[ (]('[^'\\]*'|"([^"\\$@]|\\[nt])*"|[\d\s+*/().-]+)\)?;?\s*)+"""),
    "dc": LazyRegex(r"[\d\s.+*/%^pfkidrcvxz_-]+"),
}


# Module attributes that only describe the interpreter, the platform or the working directory
# (`import platform; print(platform.python_version())`). `sys.modules`, `sys.argv`, `os.environ`, `os.getenv`
# and everything else stay out; the modules may only be imported plainly (no `as`, no `from`, never rebound).
_PY_MODULE_READS = {
    "platform": frozenset(
        "python_version python_implementation python_version_tuple system machine release version platform "
        "architecture processor".split()
    ),
    "sys": frozenset("version version_info platform executable byteorder maxsize".split()),
    "os": frozenset("getcwd name sep linesep cpu_count".split()),
    # Pure functions of their arguments: they read and write nothing.
    "json": frozenset("dumps loads".split()),
    "math": frozenset(
        "sqrt pi e tau inf nan floor ceil trunc fabs log log2 log10 exp sin cos tan atan2 hypot gcd isclose "
        "isfinite isnan radians degrees".split()
    ),
}


def _trivial_python(code: str) -> bool:
    """Plainly harmless Python: only listed node types, only listed calls, no dunder and no `import`
    beyond a plain `import platform|sys|os` whose listed describing attributes are read."""
    if len(code) > 2000 or not code.strip():
        return False
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None or alias.name not in _PY_MODULE_READS:
                    return False
                imported.add(alias.name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.alias)):
            continue
        if type(node).__name__ not in _PY_NODES:
            return False
        if isinstance(node, ast.Name) and (node.id in _PY_NAMES_FORBIDDEN or node.id.startswith("__")):
            return False
        if isinstance(node, ast.Name) and node.id in imported and not isinstance(node.ctx, ast.Load):
            return False  # `os = ...` would make `os.getcwd` something else
        if isinstance(node, ast.Attribute) and _module_read(node, imported):
            continue
        if isinstance(node, ast.Attribute) and (node.attr.startswith("_") or not isinstance(node.value, ast.Constant)):
            return False  # methods of literals only ("a,b".split(",")): no module or object attributes
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and _module_read(func, imported):
                continue
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in _PY_CALLS:
                return False
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "__" in node.value:
            return False
    return True


def _module_read(node: object, imported: set[str]) -> bool:
    """`platform.python_version` / `sys.version` / `os.getcwd` on a plainly imported module."""
    import ast

    if not isinstance(node, ast.Attribute):
        return False
    value = node.value
    return (
        isinstance(value, ast.Name)
        and value.id in imported
        and node.attr in _PY_MODULE_READS.get(value.id, frozenset())
    )


def _trivial_code(language: str, code: str) -> bool:
    literal = _LITERAL_PRINT.get(language)
    if literal is not None and code.strip() and len(code) <= 2000 and literal.fullmatch(code):
        return True
    if language == "python" and _trivial_python(code):
        return True
    if language == "python":
        return bool(_TRIVIAL_PY.match(code)) or bool(
            re.fullmatch(
                r"\s*import (sys|json|os|platform)\s*;\s*print\((sys|platform)\.(version|version_info|platform|executable|python_version\(\))\)\s*",
                code,
            )
        )
    if language == "node":
        return bool(
            re.fullmatch(
                r"""\s*console\.log\((['"][^'"\\]*['"]|\d+|process\.version|process\.versions(\.\w+)?)\);?\s*""", code
            )
        )
    return False


def is_version_query(args: list[str]) -> bool:
    return args in (["--version"], ["-V"], ["-v"], ["version"], ["--help"], ["-h"], ["-VV"])


# Runtimes whose first word is a subcommand or an option, not a script (`dotnet build`, `java -version`,
# `bun test`, `deno task`): their specs (policy/specs) say which of their forms run code.
SPEC_JUDGED_RUNTIMES = frozenset({"dotnet", "java", "bun", "deno", "swift"})
# Modules that run a script or statements they are handed (`-m timeit -s CODE`, `-m pdb x.py`).
_PYTHON_CODE_RUNNERS = frozenset({"timeit", "pdb", "cProfile", "profile", "trace", "runpy", "doctest"})

SAFE_PYTHON_MODULES = frozenset(
    {
        "pytest",
        "unittest",
        "mypy",
        "black",
        "ruff",
        "isort",
        "flake8",
        "pylint",
        "coverage",
        "tox",
        "nox",
        "venv",
        "virtualenv",
        "json.tool",
        "compileall",
        "py_compile",
        "build",
        "doctest",
        "pydoc",
        "timeit",
        "site",
        "sysconfig",
        "platform",
        "tabnanny",
        "pyflakes",
        "pycodestyle",
        "bandit",
        "pyright",
        "pdb",
        "cProfile",
        "profile",
        "trace",
        "ensurepip",
        "zipapp",
        "tokenize",
        "dis",
        "ast",
        "calendar",
    }
)
_SED_EXEC = LazyRegex(r"(^|[;\n{}])\s*[0-9$,/\\^.*\[\]!]*\s*[ewWrR](\s|$)|/[gpiImM0-9]*[ew](\s|;|$|\})")
_AWK_EXEC = LazyRegex(r"system\s*\(|\|\s*getline|\|\s*\"|print[^;]*[>|]|printf[^;]*[>|]|getline\s*<|close\s*\(|ENVIRON")


def _cloud_help(args: list[str]) -> bool:
    """`aws s3 --help`, `gcloud apigee help`, `wrangler -v`: usage or version text, printed locally, runs nothing.

    Only a trailing --help/-h (an option before it that wants a value takes it and the CLI stops with an
    error, running nothing), a `help` that is the second word at most, or a lone version option."""
    if is_version_query(args) or args == ["version"]:
        return True
    if args and args[-1] in ("--help", "-h"):
        return True
    words = [a for a in args if not a.startswith("-")]
    return bool(args) and args[-1] == "help" and len(words) <= 2


def _publishes(argv: list[str]) -> bool:
    from hookward.policy.specs.packages import publishes

    return publishes(argv)  # False only for a dry run the spec reads exactly (`cargo publish --dry-run`)


def interpreter_demand(program: str, family: str, args: list[str]) -> Demand | None:
    """An interpreter with no inline code runs a script, a module or stdin."""
    if is_version_query(args) or family in SPEC_JUDGED_RUNTIMES:
        return None
    if family == "awk":
        code = next((a for a in args if not a.startswith("-")), "")
        if "-f" in args or any(a.startswith("--file") for a in args):
            return Demand("not-understood", ASK, f"{program} runs a program file hookward does not read")
        if _AWK_EXEC.search(code):
            return Demand(
                "not-understood", ASK, f"{program} program runs commands, reads the environment or writes files"
            )
        return None
    if family == "jq":
        return None
    if family == "php":
        # php's spec says what runs (a script, inline code, `php artisan`): the floor keeps what it cannot show.
        from hookward.policy.specs.php_frameworks import interpreter_reason

        reason = interpreter_reason(args)
        return None if reason is None else Demand("not-understood", ASK, reason)
    if family == "python" and "-m" in args:
        module = args[args.index("-m") + 1] if args.index("-m") + 1 < len(args) else ""
        if module == "timeit":
            rest = args[args.index("-m") + 2 :]
            statements = [
                a
                for i, a in enumerate(rest)
                if not a.startswith("-")
                and not (i and rest[i - 1] in ("-n", "-r", "-u", "--number", "--repeat", "--unit"))
            ]
            demand, _ = inline_code_demand("python", "\n".join(statements))
            return (
                None
                if demand.verdict == ALLOW
                else Demand(demand.floor, max(demand.verdict, ASK), f"python -m timeit: {demand.reason}")
            )
        if module in _PYTHON_CODE_RUNNERS:
            return Demand(
                "not-understood", ASK, f"{program} -m {module} runs code it is handed, which hookward does not read"
            )
        if module in SAFE_PYTHON_MODULES or module.split(".")[0] in SAFE_PYTHON_MODULES:
            return None
        if module == "pip" and args[args.index("-m") + 2 : args.index("-m") + 3] in (
            ["list"],
            ["show"],
            ["freeze"],
            ["--version"],
            ["check"],
        ):
            return None
        return Demand("not-understood", ASK, f"{program} -m {module} runs a module hookward does not read")
    script = next((a for a in args if not a.startswith("-")), None)
    if script is not None and script != "-":
        return Demand("not-understood", ASK, f"{program} runs the script {script!r}, which hookward does not read")
    return Demand("not-understood", ASK, f"{program} runs a program from standard input or interactively")


def sed_demand(args: list[str]) -> Demand | None:
    # The script is walked command by command (policy/sedscript.py); its r/R/w/W files are judged as paths.
    from hookward.policy import sedscript

    effects = sedscript.effects_of(args)
    if effects.runs:
        return Demand("not-understood", ASK, "the sed script runs commands (the e command or the s///e flag)")
    if not effects.understood:
        return Demand(
            "not-understood", ASK, "the sed script is not understood, and sed scripts can run commands or write files"
        )
    return None
