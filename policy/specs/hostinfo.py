"""Host inspectors and Windows commands agents run to look around: what the machine, its GPUs,
its batch queue and its processes are, on Linux, macOS and Windows (Git Bash / MSYS).

Looking is routine; each spec declares only the options that look, so every option that changes
something (`dmesg -c` clears the ring buffer, `nvidia-smi -pm 1` sets persistence mode, `wmic
process call create`) is either modelled as an effect or not declared, which asks naming it.
Windows programs take `/X` switches; in Git Bash they are written `//X` (MSYS turns a single
`/X` into a path), so their judges read both spellings, case-insensitively.
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs.system import named_kill_is_routine

_HELP = {"-h --help": "flag"}


def _info(name: str, version: str, flags: str = "", operands: str = "", **extra: str) -> Spec:
    """A program that only prints facts about the host: the listed flags, no operand unless said."""
    options: dict[str, str] = {"--help": "flag"} if " -h " in f" {flags} " else {**_HELP}
    if flags:
        options[flags] = "flag"
    options.update({k.replace("_", "-"): v for k, v in extra.items()})
    return Spec(name, version=version, options=options, operands=operands, examples={name: ""})


# --- Unix: facts about the machine and its users ------------------------------------------------

_INFO = [
    _info("hostid", "hostid (GNU coreutils 9.1)", "--version"),
    _info("logname", "logname (GNU coreutils 9.1)", "--version"),
    _info("tty", "tty (GNU coreutils 9.1)", "-s --silent --quiet --version"),
    _info("users", "users (GNU coreutils 9.1)", "--version", "read?"),
    _info("pinky", "pinky (GNU coreutils 9.1)", "-l -b -p -s -f -w -i -q --lookup --version", "text*"),
    _info("hostinfo", "hostinfo (macOS 14)"),
    _info("machine", "machine (macOS 14)"),
    _info("pagesize", "pagesize (macOS 14)"),
    _info("lsvfs", "lsvfs (macOS 14)", "", "text*"),
    _info("vm_stat", "vm_stat (macOS 14)", "", "text?"),
    _info("sw_vers", "sw_vers (macOS 14)", "-productName -productVersion -productVersionExtra -buildVersion"),
    _info("kextstat", "kextstat (macOS 14)", "-l -k -a", **{"-b": "val"}),
    _info(
        "ipcs",
        "ipcs (util-linux 2.38.1)",
        "-a --all -m --shmems -q --queues -s --semaphores -t --time -p --pid -c --creator -l --limits -u --summary"
        " -b --bytes --human -V --version",
        **{"-i --id": "val"},
    ),
    _info(
        "iostat",
        "iostat (sysstat 12.6.1, and BSD/macOS iostat)",
        "-c -d -h -k -m -N -s -t -V -x -y -z -C -I -K -o -T -U",
        "text*",  # interval and count, device names
        **{"-g -H -j -p --dec --human --pretty -w -n": "val"},
    ),
    _info(
        "uuidgen",
        "uuidgen (util-linux 2.38.1)",
        "-r --random -t --time -x --hex -m --md5 -s --sha1 -V --version",
        **{"-n --namespace -N --name -C --count": "val"},
    ),
    _info(
        "duf",
        "duf 0.8",
        "--all --inodes --json --warnings --version",
        "stat*",
        **{"--only --hide --only-fs --hide-fs --only-mp --hide-mp --output --sort --width --theme --style": "val"},
    ),
    _info(
        "nfsstat",
        "nfsstat (nfs-utils 2.6.2, and BSD/macOS nfsstat)",
        "-c -s -n -r -m -l -v -2 -3 -4 --all",
        **{"-w -o": "val"},
    ),
    _info(
        "lastcomm",
        "lastcomm (acct 6.6.4)",
        "--strict-match --user --command --tty --debug -V --version",
        "text*",
        **{"-f --file": "val:read"},
    ),
]
_SYSTEM_PROFILER = Spec(
    "system_profiler",
    version="system_profiler (macOS 14)",
    options={"-json -xml -listDataTypes -nospinner -usage": "flag", "-detailLevel -timeout": "val"},
    operands="text*",  # data type names
    single_dash=True,
    long_prefix=False,
    examples={"system_profiler SPHardwareDataType": "", "system_profiler -json -detailLevel mini": ""},
)

_IOREG = Spec(
    "ioreg",
    version="ioreg (macOS 14)",
    options={"-a -b -f -i -l -r -t -x -S -y": "flag", "-c -d -k -n -p -w -g": "val"},
    examples={"ioreg -l -w 0": "", "ioreg -r -c IOUSBHostDevice": ""},
)

_MDLS = Spec(
    "mdls",
    version="mdls (macOS 14)",
    options={"-raw -r": "flag", "-name -n -nullMarker": "val", "-plist": "val:write"},
    operands="stat+",  # Spotlight metadata: names, types, dates, not the content
    single_dash=True,
    long_prefix=False,
    examples={"mdls file.txt": "stat:file.txt", "mdls -plist ~/.bashrc x": "write:~/.bashrc stat:x"},
)

_MDFIND = Spec(
    "mdfind",
    version="mdfind (macOS 14)",
    options={"-0 -count -live -literal -interpret": "flag", "-name -s -attr": "val", "-onlyin": "val:stat"},
    operands="text*",  # the query
    single_dash=True,
    long_prefix=False,
    examples={"mdfind kMDItemKind == Application": "", "mdfind -onlyin ~/src -name x": "stat:~/src"},
)


def _scutil_judge(walk: Walk, argv: list[str]) -> None:
    if len(argv) == 1:
        walk.unknown.append("scutil without an option reads commands from standard input")


_SCUTIL = Spec(
    "scutil",
    version="scutil (macOS 14)",
    summary="scutil: --dns, --proxy, --nwi, -r and --get look; --set changes the host's names (privilege); bare scutil is an interactive session.",
    options={"--dns --proxy --nwi -w": "flag", "--get": "val", "-r": "flag", "--set": "val:privilege", "-t": "val"},
    operands="text*",
    long_prefix=False,
    judge=_scutil_judge,
    examples={
        "scutil --dns": "",
        "scutil --get ComputerName": "",
        "scutil --set HostName x": "privilege:HostName",
        "scutil": "unknown",
    },
)

# --- Linux: the kernel log, GPUs, the batch queue --------------------------------------------

_DMESG = Spec(
    "dmesg",
    version="dmesg (util-linux 2.38.1)",
    summary="dmesg: printing the ring buffer is routine; clearing it or changing the console level is privilege.",
    options={
        **_HELP,
        "-T --ctime -H --human -w --follow -W --follow-new -x --decode -k --kernel -u --userspace": "flag",
        "-t --notime -r --raw -S --syslog -J --json -P --nopager -e --reltime -d --show-delta": "flag",
        "-p --force-prefix -V --version --noescape": "flag",
        "-l --level -f --facility -s --buffer-size --time-format --since --until": "val",
        "-L --color": "opt",
        "-F --file -K --kmsg-file": "val:read",
        "-c --read-clear -C --clear -D --console-off -E --console-on": "flag:privilege",
        "-n --console-level": "val:privilege",
    },
    long_prefix=True,
    examples={"dmesg -T": "", "dmesg --level=err,warn": "", "dmesg -c": "privilege", "dmesg -F /tmp/k": "read:/tmp/k"},
)

_NVIDIA_SMI = Spec(
    "nvidia-smi",
    version="nvidia-smi 535 (NVIDIA driver)",
    summary="nvidia-smi: queries are routine; the options that set persistence, clocks, power, modes or reset a GPU are not declared (they ask).",
    options={
        **_HELP,
        "-L --list-gpus -B --list-excluded-gpus -q --query -x --xml-format -u --unit --dtd --debug-help": "flag",
        "-i --id -d --display --query-gpu --query-compute-apps --query-supported-clocks --query-retired-pages": "val",
        "--query-accounted-apps --query-remapped-rows --format": "val",
        "-l --loop --loop-ms": "opt",
        "-f --filename": "val:write",
    },
    long_prefix=False,
    examples={
        "nvidia-smi": "",
        "nvidia-smi --query-gpu=index,memory.used --format=csv,noheader": "",
        "nvidia-smi -q -f ~/.bashrc": "write:~/.bashrc",
        "nvidia-smi -pm 1": "unknown unknown",
    },
)

_SLURM_QUERY = {
    "--help --usage -V --version -v --verbose -h --noheader -l --long -a --all -r --array --me --json --yaml -s --steps": "flag",
    "-u --user -j --jobs -p --partition -t --states -o --format -O --Format -A --account -n --name": "val",
    "-w --nodelist -S --sort -i --iterate -M --clusters -q --qos -R --reservation -L --licenses": "val",
}
_SQUEUE = Spec(
    "squeue",
    version="squeue (Slurm 22.05)",
    options=_SLURM_QUERY,
    long_prefix=False,
    examples={"squeue -u me": "", "squeue --me -o '%i %j'": ""},
)
_SINFO = Spec(
    "sinfo",
    version="sinfo (Slurm 22.05)",
    options={
        "--help --usage -V --version -v --verbose -h --noheader -l --long -a --all --json --yaml -N --Node": "flag",
        "-e --exact -R --list-reasons -d --dead -T --reservation -s --summarize -r --responding": "flag",
        "-p --partition -t --states -o --format -O --Format -n --nodes -S --sort -i --iterate -M --clusters": "val",
    },
    long_prefix=False,
    examples={"sinfo -N -l": "", "sinfo -p gpu -o '%P %a'": ""},
)

# --- Windows (cmd.exe programs, as Git Bash and MSYS run them) ------------------------------


def _switches(argv: list[str]) -> list[tuple[str, str]]:
    """Windows `/X` (Git Bash: `//X`) switches, upper-cased, each with the word after it."""
    found = []
    words = argv[1:]
    for i, word in enumerate(words):
        if word.startswith("/") and len(word) > 1:
            name = "/" + word.lstrip("/").upper()
            found.append((name, words[i + 1] if i + 1 < len(words) else ""))
    return found


def _taskkill_judge(walk: Walk, argv: list[str]) -> None:
    """`taskkill /PID n` signals one process (like `kill n`); /IM, /FI and /T choose processes by name or tree.

    Each switch may repeat (`/IM a.exe /IM b.exe`): every /IM is judged. A /FI filter next to /IM only narrows
    the image's processes (taskkill ANDs them: `/FI "USERNAME eq x" /IM notepad.exe`); alone it chooses them."""
    pairs = _switches(argv)
    switches = dict(pairs)
    known = {"/F", "/PID", "/IM", "/T", "/FI", "/?"}
    for name in switches:
        if name not in known:
            walk.unknown.append(f"taskkill switch {name} is not modelled")  # /S /U /P: another machine
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    if "/?" in switches:
        return
    if not switches.keys() & {"/PID", "/IM", "/FI"}:
        if not walk.unknown and all(word.lstrip("/").upper() in ("F", "T") for word in argv[1:]):
            # "ERROR: Invalid syntax. Neither /FI nor /PID nor /IM were specified.": nothing ends.
            walk.effects.clear()
            walk.idle = True
            return
        walk.unknown.append("taskkill without /PID, /IM or /FI is not modelled")
    images = [value for name, value in pairs if name == "/IM"]
    for image in images:
        if "*" in image or image in ("", "."):
            walk.effects.append(Effect("destroy", image, "/IM", "ask"))
        # One program's image the agent started (`/IM uvicorn.exe`) ends like `/PID n`; python.exe, node.exe,
        # a shell or a system process (system.PROTECTED_PROCESSES) would reach the host, hookward or Windows.
        if not named_kill_is_routine([image], exact=True):
            walk.effects.append(Effect("signal", image, "processes chosen by image name"))
    if not images:
        for name, value in pairs:
            if name == "/FI":
                walk.effects.append(Effect("destroy", value, "/FI (processes chosen by a filter)", "ask"))
    if "/T" in switches:
        walk.effects.append(Effect("signal", "", "/T (the process and every child)"))
    for word in argv[1:]:
        if "$" in word or "`" in word:
            walk.unknown.append("taskkill gets a value known only at run time")


_TASKKILL = Spec(
    "taskkill",
    version="taskkill (Windows 10/11)",
    summary="taskkill: /PID n ends one process, like kill; /IM (by name), /FI (by filter) and /T (a tree) choose processes, like pkill; /S /U /P (another machine) are not modelled.",
    operands="text*",
    judge=_taskkill_judge,
    examples={
        "taskkill //F //PID 30600": "",
        "taskkill /PID 30600": "",
        "taskkill //F //IM uvicorn.exe": "",
        "taskkill /F /IM python.exe": "signal:python.exe",
        "taskkill /IM node.exe": "signal:node.exe",
        "taskkill /IM explorer.exe": "signal:explorer.exe",
        "taskkill /IM uvicorn.exe /T": "signal",
        "taskkill //F //IM *": "destroy:* signal:*",
        "taskkill //S host //PID 1": "unknown",
        "taskkill": "",
        "taskkill //F": "",
        "taskkill //F //FI 'PID ne 0' //IM uvicorn": "",
        "taskkill //F //FI 'PID ne 0' //IM node.exe": "signal:node.exe",
        "taskkill //IM python.exe //IM uvicorn.exe": "signal:python.exe",
        "taskkill //F //IM": "destroy signal",
    },
)


def _tasklist_judge(walk: Walk, argv: list[str]) -> None:
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    for name, _value in _switches(argv):
        if name not in ("/FI", "/FO", "/NH", "/V", "/SVC", "/M", "/APPS", "/?"):
            walk.unknown.append(f"tasklist switch {name} is not modelled")  # /S /U /P: another machine


_TASKLIST = Spec(
    "tasklist",
    version="tasklist (Windows 10/11)",
    summary="tasklist lists processes; /S /U /P (another machine, its password) are not modelled.",
    operands="text*",
    judge=_tasklist_judge,
    examples={
        "tasklist //FI 'PID eq 3932' //FO CSV //NH": "",
        "tasklist": "",
        "tasklist //S h //U u //P p": "unknown unknown unknown",
    },
)


def _where_judge(walk: Walk, argv: list[str]) -> None:
    """`where name` finds programs on PATH; `where /r DIR pattern` searches DIR's tree for file names."""
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    words = argv[1:]
    i = 0
    while i < len(words):
        word = words[i]
        name = "/" + word.lstrip("/").upper() if word.startswith("/") and len(word) > 1 else ""
        if name == "/R" and i + 1 < len(words):
            walk.effects.append(Effect("stat", words[i + 1], "/R"))
            i += 2
            continue
        if name and name not in ("/Q", "/F", "/T", "/?"):
            walk.unknown.append(f"where switch {name} is not modelled")
        i += 1


_WHERE = Spec(
    "where",
    version="where (Windows 10/11; zsh's `where` builtin takes only names)",
    operands="text*",
    judge=_where_judge,
    examples={"where python": "", "where link.exe": "", "where //r C:/src *.csproj": "stat:C:/src"},
)


def _chcp_judge(walk: Walk, argv: list[str]) -> None:
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    if len(argv) > 2 or (len(argv) == 2 and not argv[1].isdigit()):
        walk.unknown.append("chcp takes at most one code page number")


_CHCP = Spec(
    "chcp",
    version="chcp (Windows 10/11)",
    summary="chcp prints, or sets for this console only, the code page.",
    operands="text*",
    judge=_chcp_judge,
    examples={"chcp": "", "chcp 65001": "", "chcp x y": "unknown"},
)

_WMIC_ALIASES = frozenset(
    "process os cpu computersystem logicaldisk diskdrive memorychip bios baseboard nic nicconfig service "
    "startup qfe product volume partition path".split()
)


def _wmic_judge(walk: Walk, argv: list[str]) -> None:
    """`wmic ALIAS [where COND] [get PROPS | list [FORMAT]]` looks; call, set, delete and /node: do not."""
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    words = argv[1:]
    if not words or words[0].lower() not in _WMIC_ALIASES:
        walk.unknown.append("wmic without a known alias (or with a /switch) is not modelled")
        return
    rest = words[1:]
    if rest and rest[0].lower() == "where":
        rest = rest[2:]
    if rest and rest[0].lower() not in ("get", "list"):
        walk.unknown.append(f"wmic verb {rest[0]!r} is not modelled")
    if any(w.lower().startswith(("/node", "/user", "/password", "/output", "/append", "/record")) for w in words):
        walk.unknown.append("wmic global switches (another machine, output files) are not modelled")


_WMIC = Spec(
    "wmic",
    version="wmic (Windows 10/11)",
    operands="text*",
    judge=_wmic_judge,
    examples={
        "wmic process": "",
        "wmic process where name='node.exe' get ProcessId,CommandLine": "",
        "wmic process call create calc.exe": "unknown",
        "wmic process where name='x' delete": "unknown",
    },
)

SPECS = [
    *_INFO,
    _SYSTEM_PROFILER,
    _IOREG,
    _MDLS,
    _MDFIND,
    _SCUTIL,
    _DMESG,
    _NVIDIA_SMI,
    _SQUEUE,
    _SINFO,
    _TASKKILL,
    _TASKLIST,
    _WHERE,
    _CHCP,
    _WMIC,
]
