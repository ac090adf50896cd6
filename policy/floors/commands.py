"""One simple command's demands: every program family's floor, in the order they are judged."""

from __future__ import annotations

import re
from collections.abc import Callable

from hookward.policy.floors.build import make_assignment_demands
from hookward.policy.floors.cloud import _CLOUD_READ_VERB, _CLOUD_SECRET, _DESTRUCTIVE_VERB, CLOUD_CLIS, _cloud_help
from hookward.policy.floors.common import ASK, DENY, FORCE_ASK, Demand, Floor, ProjectFile, is_version_query
from hookward.policy.floors.containers import _container_demands
from hookward.policy.floors.network import _egress_demands
from hookward.policy.floors.packages import PUBLISH, _install_demands, _publishes, local_package_binary
from hookward.policy.floors.selfprotection import _HOOKWARD_NAMES, _hookward_control
from hookward.policy.floors.system import DISK_TOOLS, POWER
from hookward.policy.floors.vcs import _git_demands
from hookward.policy.knowledge import programs as kp


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
                Floor.PRIVILEGE,
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
                Floor.SELF_PROTECTION,
                DENY,
                f"runs `hookward {control}`, one of hookward's own controls: this is the gate itself, and only a "
                "person at a terminal may change it",
            )
        )
    if program in ("pip", "pip3", "pipx", "uv") and "uninstall" in args and any("hookward" in a for a in args):
        demands.append(
            Demand(Floor.SELF_PROTECTION, DENY, "uninstalls hookward; an agent must not remove its own gate")
        )
    if program in ("pkill", "killall", "kill") and any("hookward" in a for a in args):
        demands.append(Demand(Floor.SELF_PROTECTION, DENY, "stops hookward processes"))

    if program in ("chmod",) and any(
        re.search(r"(^|[ugoa,])[+=][rwx]*s|^[0-7]?[4-7][0-7]{3}$", a)
        for a in args
        if not a.startswith("-") or re.match(r"^-?[0-7]{4}$", a)
    ):
        demands.append(Demand(Floor.PRIVILEGE, DENY, "sets a setuid or setgid bit"))
    if program in ("chown", "chgrp") and any(a.startswith("root") for a in args):
        demands.append(Demand(Floor.PRIVILEGE, FORCE_ASK, "gives files to root"))
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
        demands.append(Demand(Floor.PRIVILEGE, FORCE_ASK, f"{program} changes accounts or privileges"))

    if program in kp.ENV_DUMPERS and (not args or args in (["-p"], ["-x"], ["-0"])):
        if (
            program in ("printenv", "env")
            or (program == "export" and args in ([], ["-p"]))
            or (program in ("set", "declare") and not args)
            or (program == "declare" and args in (["-p"], ["-x"]))
        ):
            demands.append(
                Demand(Floor.CREDENTIALS, ASK, "prints the environment, which holds API keys in agent sessions")
            )
    if (
        program == "gh"
        and args[:2] == ["auth", "token"]
        or program == "gh"
        and "--show-token" in args
        or program == "glab"
        and args[:2] == ["auth", "token"]
    ):
        demands.append(Demand(Floor.CREDENTIALS, DENY, f"{program} prints an access token"))
    if (
        program == "security"
        and args
        and re.match(
            r"^(find-(generic|internet)-password|dump-keychain|export|find-certificate|find-identity)$", args[0]
        )
    ):
        demands.append(Demand(Floor.CREDENTIALS, DENY, "reads secrets from the macOS keychain"))
    if program in ("gpg", "gpg2", "gpgsm") and any(
        # gpg takes unique prefixes of long options: `--export-secret-k` is `--export-secret-keys`; gpgsm's
        # `--export-secret-key-p12` / `-raw` start the same way.
        a.startswith("--export-secret")
        for a in args
    ):
        demands.append(Demand(Floor.CREDENTIALS, DENY, f"{program} prints secret key material"))
    if program == "kubectl" and args[:2] == ["config", "view"] and "--raw" in args:
        demands.append(Demand(Floor.CREDENTIALS, DENY, "prints cluster credentials"))
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
        demands.append(Demand(Floor.CREDENTIALS, FORCE_ASK, f"{program} reads from a secret store"))
    if program == "printenv" and args:
        demands.append(Demand(Floor.CREDENTIALS, ASK, "prints environment variables, which may hold API keys"))

    # --- destructive and irreversible ---
    family = program.split(".")[0]
    if family in DISK_TOOLS or program.startswith("mkfs"):
        demands.append(Demand(Floor.DESTRUCTIVE, DENY, f"{program} rewrites disks or filesystems"))
    if program == "dd" and any(
        a.startswith("of=/dev/") and not a.startswith(("of=/dev/null", "of=/dev/stdout", "of=/dev/stderr"))
        for a in args
    ):
        demands.append(Demand(Floor.DESTRUCTIVE, DENY, "dd writes straight onto a device"))
    if program in POWER and (
        program != "systemctl" or (args and args[0] in ("poweroff", "reboot", "halt", "kexec", "emergency", "rescue"))
    ):
        if program not in ("init", "telinit") or args:
            demands.append(Demand(Floor.DESTRUCTIVE, DENY, f"{program} stops or restarts the machine"))
    if program in ("kill", "pkill", "killall") and (
        "-1" in args or any(a in ("-9", "-KILL", "-SIGKILL") for a in args) and "-1" in args
    ):
        demands.append(Demand(Floor.DESTRUCTIVE, DENY, "kills every process the user owns"))
    if program == "crontab" and ("-r" in args or (args and not args[0].startswith("-")) or "-e" in args or "-" in args):
        demands.append(Demand(Floor.PERSISTENCE, DENY, "replaces or removes the crontab"))
    if program in ("launchctl",) and args and args[0] in ("load", "bootstrap", "submit", "enable"):
        demands.append(Demand(Floor.PERSISTENCE, DENY, "registers a launchd job"))
    if (
        program == "systemctl"
        and args
        and args[0] in ("enable", "link", "edit", "set-environment", "daemon-reload", "mask", "preset")
    ):
        demands.append(Demand(Floor.PERSISTENCE, DENY, "changes what systemd starts"))
    if program in ("at", "batch") and args:
        demands.append(Demand(Floor.PERSISTENCE, FORCE_ASK, "schedules a command to run later"))

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
        demands.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, "tar is told to run a command"))
    if program == "zip" and any(a in ("-TT", "--unzip-command") or a.startswith("--unzip-command") for a in args):
        demands.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, "zip is told to run a command"))
    if program == "rsync" and any(a in ("-e", "--rsh") or a.startswith(("--rsh=", "--rsync-path")) for a in args):
        demands.append(Demand(Floor.EGRESS, ASK, "rsync runs a remote shell command of its own"))
    if program == "man" and any(
        a in ("-P", "--pager", "-H", "--html") or a.startswith(("--pager=", "-P", "--html=")) for a in args
    ):
        demands.append(
            Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, "man is told to run another program as its pager or browser")
        )
    if program == "gh" and args[:2] in (
        ["gist", "create"],
        ["gist", "edit"],
        ["release", "upload"],
        ["release", "create"],
    ):
        demands.append(Demand(Floor.EGRESS, ASK, f"gh {args[0]} {args[1]} uploads files to GitHub"))
    if program in ("less", "more", "most") and any(a.startswith("+") and "!" in a for a in args):
        demands.append(Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, f"{program} is told to run a shell command"))
    if program in ("make", "gmake") and any(a.startswith(("SHELL=", ".SHELLFLAGS=", "MAKESHELL=")) for a in args):
        demands.append(Demand(Floor.HIJACK, DENY, "make is told to run recipes with another shell"))
    elif program in ("make", "gmake"):
        demands.extend(make_assignment_demands(args))
    if program in ("npm", "pnpm", "yarn") and any(
        a.startswith(("--script-shell", "--node-options", "--userconfig", "--globalconfig")) for a in args
    ):
        demands.append(
            Demand(Floor.HIJACK, DENY, f"{program} is told to run scripts through another program or config")
        )
    if program in ("jq", "yq", "gojq", "jaq") and (
        # jq's `env` / `$ENV`; Go yq's `env(X)`, `strenv(X)`, `envsubst`; not a field or key named env (`.env`)
        any(
            re.search(r"(?<![.\w$\"'])(str)?env\b(?!\s*:)|\$ENV|\binput_filename\b|\benvsubst\b", a)
            for a in args
            if not a.startswith("-")
        )
    ):
        demands.append(
            Demand(Floor.CREDENTIALS, ASK, f"{program} prints the environment, which holds API keys in agent sessions")
        )
    if program == "yq" and any(re.search(r"\bload(_str|_xml|_props|_base64|_yaml|_json)?\s*\(", a) for a in args):
        demands.append(Demand(Floor.CREDENTIALS, ASK, "yq reads a file named inside its expression (`load(...)`)"))
    if program == "uv" and args[:1] == ["run"] and any(a.startswith(("--with", "--from")) for a in args):
        demands.append(Demand(Floor.FETCH_AND_RUN, ASK, "uv run pulls extra packages and runs them"))
    if program == "go" and args[:1] == ["run"] and any("@" in a for a in args[1:]):
        demands.append(Demand(Floor.FETCH_AND_RUN, ASK, "go run downloads a module and runs it"))
    if program in ("make", "gmake") and any(
        a in ("-f", "--file", "--makefile") or a.startswith(("-f", "--file=", "--makefile=")) for a in args
    ):
        demands.append(Demand(Floor.NOT_UNDERSTOOD, ASK, "make runs a makefile named on the command line"))

    if (
        args
        and args[0] in ("publish", "deploy", "unpublish", "release")
        and (program, args[0]) not in PUBLISH
        and program not in ("gh", "glab")
    ):
        demands.append(
            Demand(
                Floor.DESTRUCTIVE, FORCE_ASK, f"{program} {args[0]} ships to the outside world, which cannot be undone"
            )
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
            demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "gh changes or deletes something on GitHub"))
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
            demands.append(Demand(Floor.EGRESS, ASK, "gh api sends data to GitHub"))
    if program in ("dig", "host") and any(a.lower() in ("axfr", "-taxfr", "ixfr") for a in args):
        demands.append(Demand(Floor.EGRESS, ASK, "asks a name server for a whole zone"))
    if args and args[0] in ("uninstall", "remove", "rm", "purge", "autoremove") and program in kp.PACKAGE_MANAGERS:
        demands.append(Demand(Floor.DESTRUCTIVE, ASK, f"{program} {args[0]} removes installed packages"))
    if args and (program, args[0]) in PUBLISH and _publishes([program, *args]):
        demands.append(
            Demand(Floor.DESTRUCTIVE, FORCE_ASK, f"{program} {args[0]} publishes to a registry, which cannot be undone")
        )
    if program in ("npm", "yarn", "pnpm") and args[:1] == ["unpublish"]:
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "removes a published package"))
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
        demands.append(Demand(Floor.DESTRUCTIVE, verdict, f"kubectl {args[0]} changes a live cluster"))
    if program == "helm" and args and args[0] in ("uninstall", "delete", "rollback", "upgrade", "install"):
        demands.append(
            Demand(
                Floor.DESTRUCTIVE,
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
        demands.append(Demand(Floor.DESTRUCTIVE, verdict, f"{program} {args[0]} changes real infrastructure"))
    if program in CLOUD_CLIS and not _cloud_help(args):
        verbs = [a for a in args if not a.startswith("-")][:4]
        if any(_DESTRUCTIVE_VERB.match(a) for a in verbs):
            demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, f"{program} deletes or stops cloud resources"))
        elif not any(_CLOUD_READ_VERB.match(a) for a in verbs) or any(_CLOUD_SECRET.search(a) for a in verbs):
            demands.append(Demand(Floor.EGRESS, ASK, f"{program} acts on a cloud account"))
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
        demands.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "drops or deletes database data"))

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
        demands.append(Demand(Floor.FETCH_AND_RUN, ASK, f"{program} may download and run a package"))
    if program in ("npm", "pnpm", "yarn", "bun") and (
        args[:1] == ["create"]
        or (program == "npm" and args[:1] in (["init"], ["create"]) and any(not a.startswith("-") for a in args[1:]))
    ):
        demands.append(Demand(Floor.FETCH_AND_RUN, ASK, f"{program} {args[0]} downloads a starter package and runs it"))
    if program == "cmake" and any(
        re.search(r"^-D\s*CMAKE_\w*(_LAUNCHER|_COMPILER|_LINKER|_WRAPPER)\w*(:\w+)?=", a) for a in args
    ):
        demands.append(
            Demand(Floor.RUNS_CODE, ASK, "cmake is told which program to run as a compiler, linker or launcher")
        )
    if program in ("uvx", "pipx") and (program == "uvx" or args[:1] == ["run"]):
        verdict = ASK
        demands.append(Demand(Floor.FETCH_AND_RUN, verdict, f"{program} downloads and runs a package"))
    if program in kp.PACKAGE_MANAGERS:
        demands.extend(_install_demands(program, args, project_file))

    # --- network egress ---
    if program in kp.EGRESS and program not in ("dig", "nslookup", "host"):
        demands.extend(_egress_demands(program, args))
    return demands
