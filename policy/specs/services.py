"""Services and schedulers: what they start, stop, change for later, or print.

References (Debian bookworm): systemd 252 (systemctl, journalctl), init-system-helpers 1.65
(service), cron 3.0pl1 (crontab), at 3.2.5 (at, batch, atq, atrm), macOS launchctl (13.x).

Starting, stopping or restarting a service changes what runs now (`destroy@ask`);
enabling, linking, masking, editing units, `daemon-reload` and environment changes
change what runs later (`config@deny`, as the persistence floor says); installing or
removing a crontab and registering a launchd job likewise; scheduling with at/batch is
`config@force_ask`. Power actions are `destroy@force_ask`. Status, listing and logs
only look (`systemctl show-environment` and `at -c` print the environment: `env`).
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Spec, Walk

_SYSTEMCTL_OPTIONS = {
    "-h --help --version --system --user --global --no-pager --no-legend --no-ask-password --no-block": "flag",
    "--no-wall --no-reload --no-warn --now --force -f --runtime -q --quiet -a --all -l --full -r --recursive": "flag",
    "--show-types --job-mode --failed --plain --reverse --after --before --with-dependencies --firmware-setup": "flag",
    "-i --ignore-inhibitors --dry-run --wait --read-only --mkdir --marked --check-inhibitors": "flag",
    "-t --type --state -p --property -P --value -o --output -n --lines --kill-whom --signal -s": "val",
    "--what --timestamp --message --preset-mode --root --image --boot-loader-entry --boot-loader-menu": "val",
    "--reboot-argument --kill-value --drop-in --legend --when": "val",
    "-H --host -M --machine": "val:network",
}


def _systemctl(name: str, effects: str = "") -> Spec:
    return Spec(name, options=_SYSTEMCTL_OPTIONS, operands="text*", effects=effects, globals_anywhere=True)


SYSTEMCTL = Spec(
    "systemctl",
    version="systemd 252",
    options=_SYSTEMCTL_OPTIONS,
    globals_anywhere=True,
    subcommands={
        "status show cat list-units list-unit-files list-timers list-sockets list-jobs list-automounts": _systemctl(
            "status"
        ),
        "list-dependencies list-machines list-paths is-active is-enabled is-failed is-system-running": _systemctl(
            "is-active"
        ),
        "get-default help whoami": _systemctl("get-default"),
        "show-environment": _systemctl("show-environment", "env"),
        "start stop restart reload try-restart reload-or-restart try-reload-or-restart condrestart": _systemctl(
            "start", "destroy@ask"
        ),
        "kill clean freeze thaw reset-failed isolate bind mount-image": _systemctl("kill", "destroy@ask"),
        "enable reenable link edit mask preset preset-all set-property set-environment import-environment": (
            _systemctl("enable", "config@deny")
        ),
        "daemon-reload daemon-reexec add-wants add-requires set-default revert": _systemctl(
            "daemon-reload", "config@deny"
        ),
        "disable unmask unset-environment": _systemctl("disable", "config"),
        "poweroff reboot halt kexec suspend hibernate hybrid-sleep suspend-then-hibernate rescue emergency default": (
            _systemctl("poweroff", "destroy@force_ask")
        ),
        "exit switch-root soft-reboot": _systemctl("exit", "destroy@force_ask"),
    },
    examples={
        "systemctl status nginx": "",
        "systemctl --user enable --now x.service": "config",
        "systemctl restart nginx": "destroy",
        "systemctl show-environment": "env",
        "systemctl -H host reboot": "network:host destroy",
    },
)


def _service_judge(result: Walk, argv: list[str]) -> None:
    words = [w for w in argv[1:] if not w.startswith("-")]
    if "--status-all" in argv or (len(words) >= 2 and words[1] in ("status",)):
        return
    if len(words) >= 2 and words[1] in ("start", "stop", "restart", "reload", "force-reload", "try-restart"):
        result.effects.append(Effect("destroy", "", f"service {words[1]}", "ask"))
    elif words:
        result.unknown.append(f"service action {' '.join(words[1:2])!r} is not modelled")


SERVICE = Spec(
    "service",
    version="init-system-helpers 1.65",
    options={"--status-all --help -h --version --full-restart": "flag"},
    operands="text*",
    judge=_service_judge,
    examples={"service nginx status": "", "service nginx restart": "destroy", "service --status-all": ""},
)

JOURNALCTL = Spec(
    "journalctl",
    version="systemd 252",
    options={
        "-h --help --version --no-pager -f --follow -e --pager-end -r --reverse -x --catalog -q --quiet": "flag",
        "-k --dmesg -a --all --utc --no-hostname --no-full -l --full -m --merge --user --system --show-cursor": "flag",
        "--list-boots --disk-usage --header --verify --flush --sync --relinquish-var --smart-relinquish-var": "flag",
        "-N --fields --list-catalog --dump-catalog --new-id128 --no-tail --list-namespaces": "flag",
        "-u --unit --user-unit -n --lines -S --since -U --until -p --priority -o --output --output-fields": "val",
        "-g --grep -t --identifier --facility -M --machine --cursor --after-cursor --cursor-file -F --field": "val",
        "--namespace --case-sensitive --image --root --verify-key -T --exclude-identifier": "val",
        "-b --boot": "opt",
        "--file -i": "val:read",
        "-D --directory": "val:tree-read",
        "--vacuum-size --vacuum-time --vacuum-files": "val:destroy@ask",
        "--rotate": "flag:destroy@ask",
        "--setup-keys --update-catalog": "unknown",
    },
    examples={"journalctl -u nginx -n 50 --no-pager": "", "journalctl --vacuum-time=1s": "destroy:1s"},
)


def _crontab_judge(result: Walk, argv: list[str]) -> None:
    origins = {e.origin for e in result.effects}
    listing = "-l" in origins
    installs = any(e.origin.startswith("operand") for e in result.effects) or "-" in argv[1:]
    if not listing and (installs or "-e" in origins or "-r" in origins):
        result.effects.append(Effect("config", "", "crontab", "deny"))
    result.effects[:] = [e for e in result.effects if not (e.kind == "text" and not e.value)]


CRONTAB = Spec(
    "crontab",
    version="cron 3.0pl1",
    options={"-l -e -r": "flag:text", "-i -n": "flag", "-u": "val"},
    operands="read?",
    judge=_crontab_judge,
    examples={"crontab -l": "", "crontab jobs.txt": "read:jobs.txt config", "crontab -r": "config"},
)


def _at_judge(result: Walk, argv: list[str]) -> None:
    origins = {e.origin for e in result.effects}
    effects = [e for e in result.effects if not (e.kind == "text" and not e.value)]
    if origins & {"-l"}:
        pass
    elif origins & {"-r", "-d"}:
        pass  # removes a job of one's own
    elif "-c" in origins:
        effects.append(Effect("env", "", "at -c"))  # a job carries the environment it was queued with
    else:
        effects.append(Effect("config", "", "schedules a command to run later", "force_ask"))
    result.effects[:] = effects


_AT_OPTIONS = {
    "-V -m -M -v -b": "flag",
    "-l -r -d -c": "flag:text",
    "-q -t": "val",
    "-f": "val:script",
}
AT = Spec(
    "at",
    version="at 3.2.5",
    options=_AT_OPTIONS,
    operands="text*",
    judge=_at_judge,
    examples={"at now + 1 minute": "config", "at -l": "", "at -c 3": "env"},
)
BATCH = Spec(
    "batch", version="at 3.2.5", options=_AT_OPTIONS, operands="text*", judge=_at_judge, examples={"batch": "config"}
)
ATQ = Spec("atq", version="at 3.2.5", options={"-V -q": "flag"}, examples={"atq": ""})
ATRM = Spec("atrm", version="at 3.2.5", options={"-V": "flag"}, operands="text*", examples={"atrm 3": ""})

LAUNCHCTL = Spec(
    "launchctl",
    version="launchctl (macOS 13)",
    subcommands={
        "list print print-cache print-disabled blame version help procinfo hostinfo managerpid manageruid": Spec(
            "list", operands="text*"
        ),
        "getenv": Spec("getenv", operands="text*", effects="env"),
        "load bootstrap submit enable setenv unsetenv config asuser bsexec": Spec(
            "load", options={"-w -F -S -D": "flag"}, operands="text*", effects="config@deny"
        ),
        "unload bootout disable remove kill kickstart stop start": Spec(
            "unload", options={"-w -k -p -s": "flag"}, operands="text*", effects="destroy@ask"
        ),
    },
    subcommand_required=True,
    examples={
        "launchctl list": "",
        "launchctl load -w x.plist": "config",
        "launchctl kickstart -k gui/501/x": "destroy",
    },
)

SPECS = [SYSTEMCTL, SERVICE, JOURNALCTL, CRONTAB, AT, BATCH, ATQ, ATRM, LAUNCHCTL]
