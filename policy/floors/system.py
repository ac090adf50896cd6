"""The machine and its accounts: raised privilege, setuid bits, accounts, secrets printed by the shell and the
secret stores, disks and filesystems, the power state, killing every process, and what runs later (cron,
launchd, systemd, at)."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ASK, DENY, FORCE_ASK, Command, Demand, Floor, is_version_query
from hookward.policy.floors.names import ACCOUNT_TOOLS, DISK_TOOLS, POWER, SECRET_STORES
from hookward.policy.knowledge import programs as kp

# What reads a keychain's secrets: passwords (find-*-password prints one with -w/-g, its attributes without), a dump
# (-d decrypts), an export (private keys). find-identity and find-certificate list certificates and identities by
# hash and name, public by design (they ask as an unmodelled security subcommand does).
_KEYCHAIN_READ = r"^(find-(generic|internet)-password|dump-keychain|export)$"


def _prints_a_secret_variable(args: list[str]) -> bool:
    """`printenv NAME...` prints those variables: a name that looks like a secret by the test `echo $NAME` gets
    (shell.SECRET_VARIABLE), or a word that is not a plain name (an option, a glob, an expansion), may print one."""
    from hookward.policy.shell import SECRET_VARIABLE

    return any(
        SECRET_VARIABLE.search(a) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", a)
        for a in args
        if a not in ("--help", "--version", "-0", "--null")
    )


def raised_privilege(cmd: Command) -> list[Demand]:
    """A command run through sudo, doas, su, pkexec or runuser, whatever the program."""
    raised = [w for w in cmd.wrappers if w in kp.PRIVILEGE_WRAPPERS]
    return [Demand(Floor.PRIVILEGE, FORCE_ASK, f"runs with raised privilege ({', '.join(raised)})")] if raised else []


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    # --- privilege ---
    if program in ("chmod",) and any(
        re.search(r"(^|[ugoa,])[+=][rwx]*s|^[0-7]?[4-7][0-7]{3}$", a)
        for a in args
        if not a.startswith("-") or re.match(r"^-?[0-7]{4}$", a)
    ):
        found.append(Demand(Floor.PRIVILEGE, DENY, "sets a setuid or setgid bit"))
    if program in ("chown", "chgrp") and any(a.startswith("root") for a in args):
        found.append(Demand(Floor.PRIVILEGE, FORCE_ASK, "gives files to root"))
    if program in ACCOUNT_TOOLS:
        found.append(Demand(Floor.PRIVILEGE, FORCE_ASK, f"{program} changes accounts or privileges"))

    # --- secrets: the environment, the keychain, gpg's secret keys, secret stores ---
    if program in kp.ENV_DUMPERS and (not args or args in (["-p"], ["-x"], ["-0"])):
        if (
            program in ("printenv", "env")
            or (program == "export" and args in ([], ["-p"]))
            or (program in ("set", "declare") and not args)
            or (program == "declare" and args in (["-p"], ["-x"]))
        ):
            found.append(
                Demand(Floor.CREDENTIALS, ASK, "prints the environment, which holds API keys in agent sessions")
            )
    if program == "security" and args and re.match(_KEYCHAIN_READ, args[0]):
        found.append(Demand(Floor.CREDENTIALS, DENY, "reads secrets from the macOS keychain"))
    if program in ("gpg", "gpg2", "gpgsm") and any(
        # gpg takes unique prefixes of long options: `--export-secret-k` is `--export-secret-keys`; gpgsm's
        # `--export-secret-key-p12` / `-raw` start the same way.
        a.startswith("--export-secret")
        for a in args
    ):
        found.append(Demand(Floor.CREDENTIALS, DENY, f"{program} prints secret key material"))
    if (
        program in SECRET_STORES
        and args
        and not is_version_query(args)
        and not (program == "vault" and args == ["version"])
    ):
        found.append(Demand(Floor.CREDENTIALS, FORCE_ASK, f"{program} reads from a secret store"))
    if program == "printenv" and args and _prints_a_secret_variable(args):
        found.append(Demand(Floor.CREDENTIALS, ASK, "prints environment variables, which may hold API keys"))

    # --- destructive and irreversible ---
    family = program.split(".")[0]
    if family in DISK_TOOLS or program.startswith("mkfs"):
        found.append(Demand(Floor.DESTRUCTIVE, DENY, f"{program} rewrites disks or filesystems"))
    if program == "dd" and any(
        a.startswith("of=/dev/") and not a.startswith(("of=/dev/null", "of=/dev/stdout", "of=/dev/stderr"))
        for a in args
    ):
        found.append(Demand(Floor.DESTRUCTIVE, DENY, "dd writes straight onto a device"))
    if program in POWER and (
        program != "systemctl" or (args and args[0] in ("poweroff", "reboot", "halt", "kexec", "emergency", "rescue"))
    ):
        if program not in ("init", "telinit") or args:
            found.append(Demand(Floor.DESTRUCTIVE, DENY, f"{program} stops or restarts the machine"))
    if program in ("kill", "pkill", "killall") and (
        "-1" in args or any(a in ("-9", "-KILL", "-SIGKILL") for a in args) and "-1" in args
    ):
        found.append(Demand(Floor.DESTRUCTIVE, DENY, "kills every process the user owns"))

    # --- what runs later ---
    if program == "crontab" and ("-r" in args or (args and not args[0].startswith("-")) or "-e" in args or "-" in args):
        found.append(Demand(Floor.PERSISTENCE, DENY, "replaces or removes the crontab"))
    if program in ("launchctl",) and args and args[0] in ("load", "bootstrap", "submit", "enable"):
        found.append(Demand(Floor.PERSISTENCE, DENY, "registers a launchd job"))
    if (
        program == "systemctl"
        and args
        and args[0] in ("enable", "link", "edit", "set-environment", "daemon-reload", "mask", "preset")
    ):
        found.append(Demand(Floor.PERSISTENCE, DENY, "changes what systemd starts"))
    if program in ("at", "batch") and args:
        found.append(Demand(Floor.PERSISTENCE, FORCE_ASK, "schedules a command to run later"))
    return found
