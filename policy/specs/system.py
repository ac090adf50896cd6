"""Processes, system information, shell builtins that print state, and database clients.

References (Debian bookworm): procps-ng 4.0.2 (ps, top, pgrep, pkill, kill, free, uptime),
psmisc 23.6 (killall), util-linux 2.38.1 (kill), htop 3.2.2, lsof 4.95, iproute2 6.1 (ss),
net-tools 2.10 (netstat), coreutils 9.1 (uname, whoami, id), hostname 3.23, GNU bash 5.2
(declare, typeset, export, set), SQLite 3.40.1, PostgreSQL 15 (psql), MariaDB 10.11
(mysql), Redis 7.0 (redis-cli).

Signalling one process by its id is routine, and so is ending the processes of one literal
name the agent started (`pkill -f "python server.py"`, `killall uvicorn`) unless that name reaches
a protected process (an agent host or the runtime it runs in, hookward, a shell, init, sshd, a
session or system daemon: PROTECTED_PROCESSES); any other pattern is `signal` (ask), and a pattern
that matches nearly everything (`pkill -9 .`, `killall -r .`, `pkill -f ''`) or the pid
-1 is `destroy`. `ps e` (BSD style) and `declare -p` / `export -p` / a bare `set` print
the environment (`env`). A database file named to sqlite3 is read, or edited when the SQL
(or commands read from standard input) can change it; sqlite3's `.shell` / `.system`,
psql's `\\!` and mysql's `system` run shell commands (`exec`).
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Spec, Walk

_SAMPLE_NAMES = ("sshd", "bash", "python3", "node", "systemd", "hookward", "x", "a1")


def _broad(pattern: str, exact: bool = False) -> bool:
    """A process pattern that matches (nearly) every process."""
    if exact:
        return pattern in ("", "*")
    try:
        compiled = re.compile(pattern)
    except re.error:
        return True  # not a pattern hookward can read
    return sum(1 for name in _SAMPLE_NAMES if compiled.search(name)) >= len(_SAMPLE_NAMES) - 1


def _kill_judge(result: Walk, argv: list[str]) -> None:
    if len(argv) > 1 and re.fullmatch(r"-[A-Z][A-Z0-9+-]*", argv[1]):
        result.unknown[:] = [u for u in result.unknown if not re.match(r"option -[A-Z0-9+-] of kill", u)]
    words = argv[1:]
    if (
        words
        and re.fullmatch(r"-(\d+|[A-Z][A-Z0-9+-]*)", words[0])
        and words[0] != "-1"
        or words[:1] == ["-1"]
        and len(words) > 1
    ):
        words = words[1:]  # the signal
    targets = [w for w in words if w != "--" and not w.startswith(("-s", "-n", "--signal")) and not w.startswith("-l")]
    signal_zero = argv[1:2] == ["-0"] or argv[1:3] in (["-s", "0"], ["-n", "0"], ["--signal", "0"])
    if argv[1:2] in (["-s"], ["-n"], ["--signal"]) and len(targets) > 1:
        targets = targets[1:]  # `kill -n 1 PID`: the value is the signal, not a pid
    for target in targets:
        if target == "-1":
            result.effects.append(Effect("destroy", "", "pid -1 (every process)", "ask"))
        elif re.fullmatch(r"\+?0*1", target) and not signal_zero:
            # pid 1 is init (in a container, its main process): as root a signal to it stops or reboots the system.
            result.effects.append(Effect("destroy", "", "pid 1 (init)", "ask"))
        elif re.fullmatch(r"[+-]?0+", target) and not signal_zero:
            # pid 0 is the caller's own process group: a hook-run shell shares it with the agent host that
            # started it, so this ends the host (and hookward's in-flight hook) unless a person says so.
            result.effects.append(Effect("signal", target, "process group 0 (the caller's own)"))
        elif target.startswith("-") and target[1:].isdigit():
            result.effects.append(Effect("signal", target, "process group"))


KILL = Spec(
    "kill",
    version="procps-ng 4.0.2",
    numeric=True,
    options={"-l --list -L --table -q --queue --verbose --help -V --version": "flag", "-s --signal -n": "val"},
    operands="text*",
    judge=_kill_judge,
    examples={
        "kill 1234": "",
        "kill -9 1234": "",
        "kill -9 -1": "destroy",
        "kill -9 1": "destroy",
        "kill -0 1": "",
        "kill 11": "",
        "kill -s KILL 1": "destroy",
        "kill -n 1 1234": "",
        "kill -TERM -- -4321": "signal:-4321",
        "kill -9 0": "signal:0",
        "kill -0 0": "",
    },
)

# killall5 (sysvinit) signals every process outside its own session: the agent host, hookward, the desktop.
KILLALL5 = Spec(
    "killall5",
    version="sysvinit-utils 3.06",
    numeric=True,
    options={"-o": "val"},
    effects="destroy",
    examples={"killall5 -9": "destroy", "killall5 -15 -o 1234": "destroy"},
)


# Processes a name-chosen kill must not reach without a person: the agent hosts and the runtimes they (and
# hookward) run in, hookward, shells, terminals and multiplexers, and the system's init, session, login and
# security and audit daemons (an endpoint agent or auditd stopped leaves the machine unwatched; WSL's
# processes carry the Linux side an agent runs in). `pkill node` ends Claude Code; `taskkill /IM python.exe`
# every Python program, hookward's too.
PROTECTED_PROCESSES = frozenset(
    """
    claude codex gemini qwen kimi kiro opencode copilot cursor windsurf antigravity aider goose amp crush cline
    hookward node nodejs bun deno electron code npm npx pnpm pnpx yarn bunx python python2 python3 pythonw py pypy pypy3 uv uvx
    sh bash zsh dash ksh mksh fish ash busybox tcsh csh pwsh powershell cmd conhost openconsole windowsterminal
    tmux screen zellij terminal iterm2 alacritty kitty wezterm gnome-terminal konsole xterm login agetty getty
    init systemd launchd kernel_task sshd ssh ssh-agent gpg-agent mosh-server sudo su doas polkitd dbus-daemon
    cron crond atd rsyslogd syslogd journald udevd networkmanager wpa_supplicant xorg xwayland gdm sddm lightdm
    gnome-shell kwin plasmashell windowserver loginwindow finder dock systemuiserver explorer csrss lsass
    winlogon services svchost wininit smss dwm system idle dockerd containerd kubelet
    wsl wslhost wslservice vmmem vmcompute systemd-journald systemd-journal systemd-logind
    auditd audispd falcon-sensor falcond osqueryd wazuh-agentd ossec-agentd sysmon elastic-agent auditbeat
    msmpeng mssense senseir sentinelagent cbagentd santad xprotect endpointsecurity
    """.split()
)
_LITERAL_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _./:=@+-]{2,}")
# Options that choose processes by something other than the name, or invert the choice: never routine.
_OTHER_SELECTORS = {
    "pkill": frozenset(
        "-v --inverse -u -U --euid --uid -G --group -g --pgroup -s --session -t --terminal -P --parent -F --pidfile"
        " --ns --nslist --cgroup -O --older -r --runstates -A --ignore-ancestors".split()
    ),
    "killall": frozenset("-u --user -g --process-group -o --older-than -y --younger-than -Z --context -n --ns".split()),
}


def protected_process(name: str, exact: bool) -> bool:
    """Would a kill of processes named `name` reach one of PROTECTED_PROCESSES? Exact (killall, taskkill /IM):
    the name, without `.exe` and a version (`python3.11`); else pkill's unanchored search, `.` any character."""
    bare = name.lower().removesuffix(".exe")
    if exact:
        return bare in PROTECTED_PROCESSES or re.sub(r"[\d.]+$", "", bare) in PROTECTED_PROCESSES
    pattern = re.compile(re.escape(bare).replace("\\.", "."))
    return any(pattern.search(protected) for protected in PROTECTED_PROCESSES)


# Command lines of protected processes, for `pkill -f`: the hook hookward installs (the launcher runs as
# `python -IS`, and hosts that hook through a shell run `sh -c`), its MCP server, agent hosts.
_PROTECTED_COMMAND_LINES = (
    "/usr/bin/python3 /home/user/.local/bin/hookward hook claude-code PreToolUse",
    "/home/user/.venv/bin/python3.11 -IS /home/user/.local/share/hookward/bin/hookward hook codex PreToolUse",
    "/bin/sh -c /home/user/.local/share/hookward/bin/hookward-hook claude-code PreToolUse || exit 2",
    "python3 -m hookward mcp",
    "node /usr/local/lib/node_modules/@anthropic-ai/claude-code/cli.js --resume",
    "node /usr/local/bin/gemini",
    "/usr/local/bin/codex exec",
    "/usr/sbin/sshd -D",
    "/lib/systemd/systemd --user",
    "/sbin/init splash",
    "tmux new-session -s main",
    "-bash",
    "/bin/zsh -l",
)
_AGENT_SCRIPTS = frozenset("cli index main hook hookward gemini claude codex".split())  # agents' entry scripts
_SCRIPT_NAME = re.compile(r"[\w.-]+\.(py|js|mjs|cjs|ts|rb|php|jar|sh|exe)|[\w.-]+:[\w.-]+", re.IGNORECASE)


def named_kill_is_routine(names: list[str], exact: bool, full: bool = False) -> bool:
    """Ending the processes of a literal name the agent started (`killall uvicorn`, `pkill -f "vite dev"`) is
    routine, as `kill PID` is: every name a literal of three or more characters (no pattern syntax but `.`)
    that reaches no protected process. Matched against whole command lines (`pkill -f`), a name must also be
    a program with an argument or a script (`python server.py`, `server.js`, `main:app`), and miss the command
    lines of hookward's hook and the agent hosts. Anything else stays a `signal` (ask)."""
    for name in names:
        if _LITERAL_NAME.fullmatch(name) is None or protected_process(name.strip(), exact):
            return False
        if full:
            words = name.split()
            if " " not in name.strip() and _SCRIPT_NAME.fullmatch(name.strip()) is None:
                return False
            # An option word is how runtimes, shells and hooks are started (`python -IS`, `sh -c`, `node --x`):
            # a pattern holding one reaches processes by how they run, not by what the agent started.
            if any(word.startswith("-") for word in words):
                return False
            # A protected program's name first (`bun run`, `sshd: root`) reaches it unless a script of the
            # agent's own follows (`python server.py`).
            if protected_process(words[0].rstrip(":"), True) and not any(_SCRIPT_NAME.fullmatch(w) for w in words[1:]):
                return False
            # A script named after a protected program (Claude Code's cli.js is `node .../cli.js`) is theirs.
            if any(
                _SCRIPT_NAME.fullmatch(word)
                and (word.split(".")[0].lower() in _AGENT_SCRIPTS or protected_process(word.split(".")[0], True))
                for word in words
            ):
                return False
            pattern = re.compile(re.escape(name.lower()).replace("\\.", "."))
            if any(pattern.search(line.lower()) for line in _PROTECTED_COMMAND_LINES):
                return False
    return bool(names)


def _pkill_judge(exact_names: bool) -> object:
    def judge(result: Walk, argv: list[str]) -> None:
        origins = {e.origin for e in result.effects}
        patterns = [e.value for e in result.effects if e.origin.startswith("operand")]
        regex = not exact_names or bool(origins & {"-r", "--regexp"})
        effects = [e for e in result.effects if not e.origin.startswith("operand") and e.kind != "text"]
        if result.spec.name == "pgrep" or origins & {"-l", "--list"}:
            result.effects[:] = effects
            return
        broad = (not patterns and bool(origins & {"-u", "-U", "--euid", "--uid", "-G", "--group", "-s"})) or any(
            _broad(p, exact=not regex) for p in patterns
        )
        if broad:
            effects.append(Effect("destroy", "", "a pattern that matches nearly every process", "ask"))
        exact = not regex or bool(origins & {"-x", "--exact"})
        seen = set(result.seen)  # the options as the walk read them: bundles split, long prefixes expanded
        full = result.spec.name == "pkill" and bool(seen & {"-f", "--full"})
        other = bool(seen & _OTHER_SELECTORS.get(result.spec.name, frozenset()))
        if broad or other or not named_kill_is_routine(patterns, exact, full):
            effects.append(Effect("signal", "", "processes chosen by name"))
        result.effects[:] = effects

    return judge


_PGREP_OPTIONS = {
    "-f --full -i --ignore-case -l --list-name -a --list-full -v --inverse": "flag",
    "-n --newest -o --oldest": "flag:text",  # a criterion by themselves: `pkill -n` ends the newest process
    "-w --lightweight -x --exact -c --count -e --echo -A --ignore-ancestors -L --logpidfile": "flag",
    "--help -h -V --version --env --require-handler -H": "flag",
    "-d --delimiter -F --pidfile -P --parent -t --terminal --signal -q --queue": "val",
    "-r --runstates --ns --nslist --cgroup": "val",
    "-g --pgroup -G --group -s --session -u --euid -U --uid -O --older": "val:text",
}
PKILL = Spec(
    "pkill",
    version="procps-ng 4.0.2",
    numeric=True,
    options=_PGREP_OPTIONS,
    operands="network*",  # patterns, recorded so the judge can weigh them
    needs=1,  # "no matching criteria specified": no pattern and no selecting option (-n, -u, -F...) ends nothing
    examples={
        "pkill -9 .": "destroy signal",
        "pkill -9": "",
        "pkill -f": "",
        "pkill -n": "signal",
        "pkill -o -9": "signal",
        "pkill -u me": "destroy signal",
        "pkill -F app.pid": "signal",
        "pkill -f ''": "destroy signal",
        "pkill -f 'vite dev'": "",
        "pkill -f 'python server.py'": "",
        "pkill -9 uvicorn": "",
        "pkill uvi": "",
        "pkill node": "signal",
        "pkill ode": "signal",
        "pkill -f node": "signal",
        "pkill -f uvicorn": "signal",
        "pkill -f 'hook claude-code'": "signal",
        "pkill -f cli.js": "signal",
        "pkill -f 'node cli.js'": "signal",
        "pkill -f 'python -IS'": "signal",
        "pkill -f 'sh -c'": "signal",
        "pkill -f 'IS /'": "signal",
        "pkill -f 'node app.js'": "",
        "pkill -f 'bun run'": "signal",
        "pkill -f 'sshd: root'": "signal",
        "pkill python3": "signal",
        "pkill -x bash": "signal",
        "pkill sshd": "signal",
        "pkill 'uvi.*'": "signal",
        "pkill -v uvicorn": "signal",
        "pkill -P 1 sleep": "signal",
        "pkill -t pts/1 vim": "signal",
        "pkill": "",
    },
)
PKILL.judge = _pkill_judge(False)  # type: ignore[assignment]
PGREP = Spec(
    "pgrep", version="procps-ng 4.0.2", options=_PGREP_OPTIONS, operands="text*", examples={"pgrep -af node": ""}
)
PGREP.judge = _pkill_judge(False)  # type: ignore[assignment]
PIDOF = Spec(
    "pidof",
    version="procps-ng 4.0.2",
    options={"-s -c -n -q -x -z -w": "flag", "-o -S": "val"},
    operands="text*",
    examples={"pidof nginx": ""},
)
KILLALL = Spec(
    "killall",
    version="psmisc 23.6",
    numeric=True,
    options={
        "-e --exact -I --ignore-case -g --process-group -i --interactive -l --list -q --quiet -r --regexp": "flag:text",
        "-v --verbose -V --version -w --wait -n --ns --help": "flag",
        "-s --signal -o --older-than -y --younger-than -Z --context": "val",
        "-u --user": "val:text",
    },
    operands="network*",
    examples={
        "killall -l": "",
        "killall -9 -r .": "destroy signal",
        "killall node": "signal",
        "killall uvicorn": "",
        "killall -9 gunicorn": "",
        "killall python3.11": "signal",
        "killall -g uvicorn": "signal",
        "killall Finder": "signal",
        "killall -u me": "destroy signal",
    },
)
KILLALL.judge = _pkill_judge(True)  # type: ignore[assignment]


def _ps_judge(result: Walk, argv: list[str]) -> None:
    """BSD-style words (no dash): `e` shows every process's environment (`ps auxeww`)."""
    effects = [e for e in result.effects if not e.origin.startswith("operand")]
    for effect in result.effects:
        if not effect.origin.startswith("operand"):
            continue
        word = effect.value
        if re.fullmatch(r"[A-Za-z]+", word):
            if "e" in word:
                effects.append(Effect("env", "", f"ps {word}"))
        elif not re.fullmatch(r"[\d,]+", word):
            result.unknown.append(f"ps operand {word!r} is not modelled")
    result.effects[:] = effects


PS = Spec(
    "ps",
    version="procps-ng 4.0.2",
    options={
        "-A -e -a -d -N --deselect -f -F -l -j -H -w -y -L -T -m -c -M -Z -P -V --version --help --forest": "flag",
        "--no-headers --headers --cumulative --info": "flag",
        "-o -O --format -p --pid --ppid -q --quick-pid -u --user -U -g -G --group -t --tty -C -s --sid -n": "val",
        "--sort --cols --columns --width --rows --lines": "val",
    },
    operands="network*",
    judge=_ps_judge,
    needs=0,  # ps reads its whole command line first: `ps -p` without its list prints its usage
    examples={
        "ps aux": "",
        "ps -ef": "",
        "ps auxeww": "env",
        "ps e": "env",
        "ps -o pid,cmd -p 12": "",
        "ps -fp": "",
        "ps -fp 12": "",
    },
)
TOP = Spec(
    "top",
    version="procps-ng 4.0.2",
    options={
        "-b -c -e -E -H -i -S -1 -h -v": "flag",
        "-d -n -o -O -p -u -U -w -l -s": "val",  # -l SAMPLES, -s DELAY: macOS top
    },
    examples={"top -b -n 1": "", "top -l 1 -n 10": ""},
)
HTOP = Spec(
    "htop",
    aliases=("pcp-htop",),  # htop built against Performance Co-Pilot: the same options
    version="htop 3.2.2",
    options={
        "-C --no-color --no-colour -H --highlight-changes -M --no-mouse -t --tree --readonly -h --help -V --version": "flag",
        "--no-unicode --no-meters": "flag",
        "-d --delay -F --filter -p --pid -s --sort-key -u --user": "val",
    },
    examples={"htop -t": ""},
)


def _lsof_judge(result: Walk, argv: list[str]) -> None:
    """`-i :3000`, `-i TCP:80`: the address selector is read as an operand; it is not a file."""
    result.effects[:] = [
        e for e in result.effects if not (e.kind == "stat" and re.match(r"^[:@]|^(TCP|UDP|tcp|udp)\b", e.value))
    ]


LSOF = Spec(
    "lsof",
    version="lsof 4.95",
    options={
        "-? -h -a -b -C -l -n -N -O -P -R -t -U -V -v -w -X -x -K -E": "flag",
        "-i -F -r -s -S -T -o -g": "opt",
        "-c -d -D -e -k -L -m -p -u -z -Z -A": "val",
    },
    judge=_lsof_judge,
    operands="stat*",  # `+D DIR` and `+d DIR` are read as operands: a directory whose open files are listed
    examples={"lsof -i :3000": "", "lsof -nP -iTCP -sTCP:LISTEN": "", "lsof app.log": "stat:app.log"},
)
SS = Spec(
    "ss",
    version="iproute2 6.1",
    options={
        "-h --help -V --version -H --no-header -n --numeric -r --resolve -a --all -l --listening -o --options": "flag",
        "-e --extended -m --memory -p --processes -i --info -s --summary -E --events -Z --context -z": "flag",
        "-b --bpf -4 --ipv4 -6 --ipv6 -0 --packet -t --tcp -u --udp -d --dccp -w --raw -x --unix -S --sctp": "flag",
        "--vsock --xdp --tipc --cgroup --tos --inet-sockopt -M --mptcp -O --oneline -T --threads": "flag",
        "-N --net -f --family -A --query --socket": "val",
        "-K --kill": "flag:destroy@ask",
        "-D --diag": "val:write",
        "-F --filter": "val:read",
    },
    operands="text*",
    examples={"ss -tulpn": "", "ss -K dst 10.0.0.1": "destroy"},
)
NETSTAT = Spec(
    "netstat",
    version="net-tools 2.10",
    options={
        "-a --all -t --tcp -u --udp -w --raw -x --unix -l --listening -p --program -n --numeric -r --route": "flag",
        "-i --interfaces -s --statistics -c --continuous -e --extend -o --timers -W --wide -g --groups": "flag",
        "-M --masquerade -v --verbose -N --symbolic -C -F -4 -6 --numeric-hosts --numeric-ports --numeric-users": "flag",
        "-h --help -V --version": "flag",
        "-A --protocol": "val",
    },
    examples={"netstat -tulpn": ""},
)
FREE = Spec(
    "free",
    version="procps-ng 4.0.2",
    options={
        "-b --bytes -k --kibi -m --mebi -g --gibi --tebi --pebi --kilo --mega --giga --tera --peta -h --human": "flag",
        "--si -l --lohi -t --total -v --committed -w --wide --help -V --version -L --line": "flag",
        "-s --seconds -c --count": "val",
    },
    examples={"free -h": ""},
)
UPTIME = Spec(
    "uptime",
    version="procps-ng 4.0.2",
    options={"-p --pretty -s --since -h --help -V --version": "flag"},
    examples={"uptime": ""},
)
UNAME = Spec(
    "uname",
    version="GNU coreutils 9.1",
    options={
        "-a --all -s --kernel-name -n --nodename -r --kernel-release -v --kernel-version -m --machine": "flag",
        "-p --processor -i --hardware-platform -o --operating-system --help --version": "flag",
    },
    examples={"uname -a": ""},
)
WHOAMI = Spec("whoami", version="GNU coreutils 9.1", options={"--help --version": "flag"}, examples={"whoami": ""})
ID = Spec(
    "id",
    version="GNU coreutils 9.1",
    options={"-a -Z --context -g --group -G --groups -n --name -r --real -u --user -z --zero --help --version": "flag"},
    operands="text*",
    examples={"id -u": "", "id someone": ""},
)
HOSTNAME = Spec(
    "hostname",
    version="hostname 3.23",
    options={
        "-a --alias -A --all-fqdns -d --domain -f --fqdn --long -i --ip-address -I --all-ip-addresses": "flag",
        "-s --short -y --yp --nis -h --help -V --version -v --verbose": "flag",
        "-b --boot": "flag:config",
        "-F --file": "val:read",
    },
    operands="text?",
    examples={"hostname -f": "", "hostname -F /etc/hostname": "read:/etc/hostname"},
)


def _hostname_judge(result: Walk, argv: list[str]) -> None:
    if any(w for w in argv[1:] if not w.startswith("-")) or any(e.origin in ("-F", "--file") for e in result.effects):
        result.effects.append(Effect("config", "", "sets the host name", "force_ask"))


HOSTNAME.judge = _hostname_judge
HOSTNAME.examples["hostname -F /etc/hostname"] = "read:/etc/hostname config"
HOSTNAME.examples["hostname newname"] = "config"

# --- builtins that print variables ------------------------------------------------------------


def _declare_judge(result: Walk, argv: list[str]) -> None:
    """`declare -p` / `typeset -p` / `export -p` / `declare -x` without names print variables (and values)."""
    words = [w for w in argv[1:] if not w.startswith(("-", "+"))]
    letters = {letter for w in argv[1:] if w.startswith("-") for letter in w[1:]}
    prints = not words and (not letters or letters <= set("pxaAgilnrtuI") and not (letters & {"f", "F"}))
    if argv[0] == "export":
        prints = not words and (not letters or "p" in letters)
    if prints:
        result.effects.append(Effect("env", "", f"{argv[0]} prints variables"))
    elif "p" in letters and words:
        result.effects.append(Effect("env", "", f"{argv[0]} -p prints the named variables"))


DECLARE = Spec(
    "declare",
    aliases=("typeset",),
    version="GNU bash 5.2",
    options={"-a -A -f -F -g -i -I -l -n -p -r -t -u -x": "flag"},
    operands="text*",
    judge=_declare_judge,
    examples={"declare -px": "env", "declare -a arr": "", "declare -f": "", "declare": "env", "declare -p HOME": "env"},
)
EXPORT = Spec(
    "export",
    version="GNU bash 5.2",
    options={"-f -n -p": "flag"},
    operands="text*",
    judge=_declare_judge,
    examples={"export -p": "env", "export FOO=bar": "", "export": "env"},
)


def _set_judge(result: Walk, argv: list[str]) -> None:
    if len(argv) == 1:
        result.effects.append(Effect("env", "", "set prints every variable"))


SET = Spec(
    "set",
    version="GNU bash 5.2",
    literal_dashes=True,
    options={
        "-a -b -e -f -h -k -m -n -p -t -u -v -x -B -C -E -H -P -T": "flag",
        "-o": "opt",
    },
    operands="text*",
    judge=_set_judge,
    examples={"set -euo pipefail": "", "set": "env", "set -- a b": ""},
)

# --- database clients -----------------------------------------------------------------------

_SQL_WRITES = re.compile(
    r"\b(insert|update|delete|drop|create|alter|replace|vacuum|attach|detach|reindex|truncate|upsert|analyze)\b"
    r"|\bpragma\s+\w+\s*=",
    re.IGNORECASE,
)
_SQLITE_DOT_WRITE = ("output", "once", "save", "backup", "excel", "clone", "dump")


def _sql_file(kind: str, rest: str, origin: str) -> Effect:
    """The file an ATTACH or VACUUM INTO names: a plain string literal ('x' or "x", which SQLite takes for a
    string there); a bare word, a concatenation, a function or a URI is not read here and asks."""
    literal = re.match(r"""('([^']*)'|"([^"]*)")(?=\s+as\b|\s*$|\s*;)""", rest, re.IGNORECASE)
    if literal is None:
        return Effect("unknown", rest[:60], f"{origin} of a file named by an expression")
    path = literal.group(2) if literal.group(2) is not None else literal.group(3)
    if path.lower().startswith("file:"):
        return Effect("unknown", path[:60], f"{origin} of a URI")
    return Effect(kind, path, origin)


def _sqlite_judge(result: Walk, argv: list[str]) -> None:
    db = next((e for e in result.effects if e.origin == "operand 1"), None)
    texts = [e.value for e in result.effects if e.origin.startswith("operand") and e is not db]
    texts += [e.value for e in result.effects if e.origin == "-cmd"]
    effects = [
        e for e in result.effects if e.origin.startswith("operand 1") or not e.origin.startswith(("operand", "-cmd"))
    ]
    readonly = any(e.origin in ("-readonly",) for e in result.effects)
    safe = any(e.origin == "-safe" for e in result.effects)
    writes = not texts  # commands come from standard input: anything
    if not texts and not safe:
        # Dot-commands read from standard input (a pipe, a redirect, a here-document) run programs (.shell),
        # write files (.output, .once) and load libraries (.load): what they are is not on the command line.
        effects.append(Effect("unknown", "", "commands read from standard input"))
    for text in texts:
        for line in re.split(r"[\n;]", text):
            stripped = line.strip()
            if stripped.startswith("."):
                command, _, rest = stripped[1:].partition(" ")
                rest = rest.strip().strip("'\"")
                if command in ("shell", "system") and not safe:
                    # A shell escape from a database tool: analysed, and a person confirms it.
                    effects.append(Effect("exec", rest, f".{command}"))
                    effects.append(Effect("unknown", "", f"the .{command} shell escape"))
                elif command == "load" and not safe:
                    effects.append(Effect("load", rest.split()[0] if rest else "", ".load"))
                elif command == "read":
                    effects.append(Effect("script", rest, ".read"))
                elif command in _SQLITE_DOT_WRITE and rest and not rest.startswith("-") and command != "dump":
                    effects.append(Effect("write", rest.split()[-1].strip("'\""), f".{command}"))
                elif command == "import" and rest:
                    effects.append(Effect("read", rest.split()[-2] if len(rest.split()) > 1 else rest, ".import"))
                elif command in ("open", "restore", "archive", "ar", "recover"):
                    writes = True
                    effects.append(Effect("unknown", stripped, f".{command}"))
            elif _SQL_WRITES.search(stripped):
                writes = True
            # Both are statements: they start one (statements are split at `;` and new lines above), after any
            # comments (`/**/ATTACH ...`).
            statement = re.sub(r"^(\s*/\*.*?\*/)+\s*", "", stripped, flags=re.DOTALL)
            for vacuumed in re.finditer(r"^vacuum\b(?:\s+\w+)?\s+into\s*", statement, re.IGNORECASE):
                # VACUUM INTO 'path' writes a copy of the database wherever the path points.
                effects.append(_sql_file("write", statement[vacuumed.end() :], "VACUUM INTO"))
            for attached in re.finditer(r"^attach\b\s*(?:database\b\s*)?", statement, re.IGNORECASE):
                # ATTACH 'path' opens (creates) another database file wherever the path points: it is edited.
                effects.append(_sql_file("edit", statement[attached.end() :], "ATTACH"))
            if re.search(r"\b(load_extension|writefile|readfile|edit)\s*\(", stripped, re.IGNORECASE):
                effects.append(Effect("unknown", stripped[:60], "file function"))
    if db is not None and db.value not in (":memory:", "") and writes and not readonly:
        effects = [Effect("edit", db.value, db.origin) if e is db else e for e in effects]
    result.effects[:] = [e for e in effects if not (e.kind == "text" and not e.value)]


SQLITE3 = Spec(
    "sqlite3",
    version="SQLite 3.40.1",
    single_dash=True,
    long_prefix=False,
    options={
        "-append -ascii -bail -batch -box -column -csv -deserialize -echo -header -noheader -html -interactive": "flag",
        "-json -line -list -markdown -memtrace -nofollow -quote -stats -table -tabs -version -help -zip": "flag",
        "-readonly -safe": "flag:text",
        "-lookaside -maxsize -mmap -newline -nullvalue -pagecache -separator -vfs -heap": "val",
        "-cmd": "val:text",
        "-init": "val:script",
        "-A": "unknown",
    },
    operands="read network*",
    judge=_sqlite_judge,
    examples={
        "sqlite3 app.db .tables": "read:app.db",
        "sqlite3 app.db 'select * from t'": "read:app.db",
        "sqlite3 x.db 'delete from events'": "edit:x.db",
        "sqlite3 x.db '.shell id'": "read:x.db exec:id unknown",
        "sqlite3 x.db": "edit:x.db unknown",
        "sqlite3 -readonly x.db": "read:x.db unknown",
        "sqlite3 -safe x.db": "edit:x.db",
        "sqlite3 x.db \"VACUUM INTO '/home/u/.bashrc'\"": "edit:x.db write:/home/u/.bashrc",
    },
)


# SQL that makes the server run a program or touch its own files (as the database's account, on its machine:
# here, for a server on this one): COPY ... TO/FROM PROGRAM, COPY to or from a server path, the file functions.
_PG_SERVER_SIDE = re.compile(
    r"\bprogram\b|\bcopy\b[^;]*\b(to|from)\s+'|\bpg_(read_file|read_binary_file|ls_dir|stat_file|file_write)\b|"
    r"\blo_(import|export|from_bytea)\b|\bdblink|\bcreate\s+(extension|function|language)\b|\bpostgres_fdw\b",
    re.IGNORECASE,
)


def _pg_destinations(text: str) -> list[str]:
    """The hosts a libpq connection string names: `postgresql://u@h1,h2:5432/db`, `host=h dbname=x`
    (`hostaddr=` too); a socket directory (`host=/run/postgresql`) is this machine and names none."""
    hosts: list[str] = []
    uri = re.match(r"postgres(?:ql)?://(?:[^@/?#]*@)?([^/?#]*)", text, re.IGNORECASE)
    if uri:
        for host in uri.group(1).split(","):
            host = re.sub(r":\d*$", "", host)
            if host.startswith("[") and host.endswith("]"):
                host = host[1:-1]
            hosts.append(host or "localhost")
        query = re.search(r"[?&]host(?:addr)?=([^&]+)", text, re.IGNORECASE)
        if query:
            hosts += query.group(1).split(",")
    elif "=" in text:
        for match in re.finditer(r"\bhost(?:addr)?\s*=\s*('([^']*)'|[^\s]+)", text, re.IGNORECASE):
            hosts += (match.group(2) if match.group(2) is not None else match.group(1)).split(",")
        if re.search(r"\bservice\s*=", text, re.IGNORECASE):
            hosts.append("")  # the service file names the host: not read here
    return [h for h in hosts if not h.startswith("/") and not h.startswith("@")]


def _psql_judge(result: Walk, argv: list[str]) -> None:
    # The operands (dbname, user) are recorded as `network` only so this judge can read them.
    connection = [e for e in result.effects if e.origin.startswith("operand") or e.origin in ("-d", "--dbname")]
    result.effects[:] = [e for e in result.effects if e not in connection]
    for effect in connection:
        for host in _pg_destinations(effect.value):
            result.effects.append(Effect("network", host, "the connection string's host"))
    for effect in list(result.effects):
        if effect.kind == "text" and effect.origin in ("-c", "--command") and _PG_SERVER_SIDE.search(effect.value):
            result.effects.append(Effect("unknown", "", "SQL that runs a program or touches files on the server"))
        if effect.kind == "text" and effect.origin in ("-c", "--command"):
            for match in re.finditer(r"\\!\s*([^\\\n]*)", effect.value):
                result.effects.append(Effect("exec", match.group(1).strip(), "\\!"))
                result.effects.append(Effect("unknown", "", "the \\! shell escape"))
            if re.search(r"\\(o|out|w|write|g|gx|copy|i|include|ir|include_relative|s)\b", effect.value):
                result.effects.append(Effect("unknown", effect.value[:60], "a meta-command that reads or writes files"))
    result.effects[:] = [e for e in result.effects if e.kind != "text"]


PSQL = Spec(
    "psql",
    version="PostgreSQL 15",
    options={
        "-a --echo-all -A --no-align -b --echo-errors -e --echo-queries -E --echo-hidden -H --html -l --list": "flag",
        "-n --no-readline -q --quiet -s --single-step -S --single-line -t --tuples-only -w --no-password": "flag",
        "-W --password -x --expanded -X --no-psqlrc -z --field-separator-zero -0 --record-separator-zero": "flag",
        "-1 --single-transaction --csv -V --version -? --help": "flag",
        "-d --dbname": "val:text",
        "-p --port -U --username -v --set --variable -P --pset -F --field-separator": "val",
        "-R --record-separator -T --table-attr": "val",
        "-c --command": "val:text",
        "-h --host": "val:network",
        "-f --file": "val:script",  # a file of SQL and meta-commands (`\\!` runs a program, `\\o` writes a file)
        "-o --output -L --log-file": "val:write",
    },
    operands="network*",  # dbname and user: the judge reads a connection string's host from them
    judge=_psql_judge,
    examples={
        "psql -h db -U app -c 'select 1'": "network:db",
        "psql -c '\\! id'": "exec:id unknown",
        "psql -f schema.sql": "script:schema.sql",
        "psql postgresql://u@evil.example:5432/db": "network:evil.example",
        "psql -d 'host=evil.example dbname=x'": "network:evil.example",
        "psql 'dbname=x host=/run/postgresql'": "",
        "psql -c \"COPY (SELECT 1) TO PROGRAM 'id'\"": "unknown",
        "psql -c 'select count(*) from users'": "",
    },
)


def _mysql_judge(result: Walk, argv: list[str]) -> None:
    for effect in list(result.effects):
        if effect.kind == "text" and effect.origin in ("-e", "--execute", "--init-command"):
            for match in re.finditer(r"(?:\\!|\bsystem\b)\s*([^;\n]*)", effect.value, re.IGNORECASE):
                result.effects.append(Effect("exec", match.group(1).strip(), "system"))
                result.effects.append(Effect("unknown", "", "the system shell escape"))
            if re.search(
                r"(\\\.|\bsource\b|\\T|\btee\b|\binto\s+(out|dump)file\b|\bload\s+data\b|\bload_file\s*\(|\bsys_(exec|eval)\b)",
                effect.value,
                re.IGNORECASE,
            ):
                result.effects.append(Effect("unknown", effect.value[:60], "a command that reads or writes files"))
    result.effects[:] = [e for e in result.effects if e.kind != "text"]


MYSQL = Spec(
    "mysql",
    aliases=("mariadb",),
    version="MariaDB 10.11",
    options={
        "-B --batch -N --skip-column-names -s --silent -t --table -v --verbose -E --vertical -f --force": "flag",
        "-n --unbuffered -r --raw -X --xml -H --html -q --quick -A --no-auto-rehash --ssl --skip-ssl": "flag",
        "-? --help -V --version --safe-updates -U --i-am-a-dummy --compress -C --no-defaults --print-defaults": "flag",
        "-u --user -P --port -D --database --protocol -S --socket --default-character-set --connect-timeout": "val",
        "--ssl-ca --ssl-cert --ssl-key --ssl-capath --ssl-cipher --max-allowed-packet --net-buffer-length": "val",
        "-p --password": "opt",
        "-e --execute --init-command": "val:text",
        "-h --host": "val:network",
        "--defaults-file --defaults-extra-file": "val:load",
        "--tee": "val:write",
        "--local-infile": "opt",
    },
    operands="text?",
    judge=_mysql_judge,
    examples={
        "mysql -h db -u app -e 'select 1'": "network:db",
        "mysql -e 'system id'": "exec:id unknown",
        "mysql --defaults-file=/tmp/x.cnf": "load:/tmp/x.cnf",
    },
)

_REDIS_DESTROY = frozenset({"FLUSHALL", "FLUSHDB", "DEL", "UNLINK", "SHUTDOWN", "SWAPDB", "RESTORE", "MIGRATE"})
_REDIS_CONFIG = frozenset({"CONFIG", "MODULE", "SLAVEOF", "REPLICAOF", "DEBUG", "ACL", "SCRIPT", "FUNCTION"})


def _redis_secret(pattern: str) -> bool:
    """A CONFIG GET parameter (a glob) that names or may match requirepass, masterauth or masteruser."""
    return bool(re.search(r"[*?\[]|pass|auth|masteruser", pattern, re.IGNORECASE))


def _redis_judge(result: Walk, argv: list[str]) -> None:
    words = [e.value for e in result.effects if e.origin.startswith("operand")]
    effects = [e for e in result.effects if not e.origin.startswith("operand")]
    command = words[0].upper() if words else ""
    if command in _REDIS_DESTROY:
        effects.append(Effect("destroy", "", f"redis {command}", "ask"))
    elif command == "CONFIG" and words[1:2] and words[1].upper() == "GET" and any(_redis_secret(w) for w in words[2:]):
        # CONFIG GET requirepass / masterauth (or a glob that matches them) prints the server's passwords.
        effects.append(Effect("secret", "", "redis CONFIG GET of a password parameter"))
    elif command in _REDIS_CONFIG and (words[1:2] and words[1].upper() not in ("GET", "LIST", "INFO", "HELP")):
        effects.append(Effect("config", "", f"redis {command}"))
    elif command in ("EVAL", "EVALSHA", "FCALL"):
        effects.append(Effect("unknown", "", f"redis {command} runs a script on the server"))
    result.effects[:] = effects


REDIS_CLI = Spec(
    "redis-cli",
    version="Redis 7.0",
    options={
        "-c -e --raw --no-raw --csv --json --quoted-json --scan --bigkeys --memkeys --hotkeys --stat --latency": "flag",
        "--latency-history --latency-dist --intrinsic-latency --no-auth-warning --tls --insecure --verbose -x": "flag",
        "--help --version -3 -2 --replica --functions-rdb --count-keys --cluster": "flag",
        "--pipe": "unknown",  # raw protocol commands read from standard input
        "-p -s -a --user --pass --askpass -n -r -i -d -D --pattern --count --quoted-pattern --memkeys-samples": "val",
        "--cacert --cacertdir --cert --key --sni --tls-ciphers --tls-ciphersuites --pipe-timeout --i": "val",
        "-h -u": "val:network",
        "--rdb": "val:write",
        "--eval": "val:unknown",
    },
    operands="network*",
    judge=_redis_judge,
    examples={
        "redis-cli -h cache ping": "network:cache",
        "redis-cli flushall": "destroy",
        "redis-cli config set dir /x": "config",
        "redis-cli CONFIG GET requirepass": "secret",
        "redis-cli config get '*'": "secret",
        "redis-cli config get maxmemory": "",
    },
)

# `hash -p PATH NAME` makes NAME run PATH for the rest of the shell, whatever PATH says: a program swapped in.
HASH = Spec(
    "hash",
    version="GNU bash 5.2",
    posix=True,
    options={"-d -l -r -t": "flag", "-p": "val:load@ask"},
    operands="text*",
    examples={"hash": "", "hash -r": "", "hash -t git": "", "hash -p /tmp/x git": "load:/tmp/x"},
)

SPECS = [KILL, PKILL, PGREP, PIDOF, KILLALL, PS, TOP, HTOP, LSOF, SS, NETSTAT, FREE, UPTIME, UNAME, WHOAMI, ID]
SPECS += [KILLALL5]
SPECS += [HOSTNAME, DECLARE, EXPORT, SET, SQLITE3, PSQL, MYSQL, REDIS_CLI, HASH]
