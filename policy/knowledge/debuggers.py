"""Debuggers and tracers that attach to a running process: how each is told which process.

Attached to a process, they read its memory (the API keys an agent session holds) and most can run code inside it
(`gdb -p N -batch -ex 'call system("...")'`, `memray attach`, `jattach N load`, `frida`): attached to hookward's
warm server, to a hook process or to the host agent that runs the hooks, that is code inside the gate. Every
attach is a privilege a person confirms (floor.privilege, force_ask); one aimed at the gate is self-protection.

Each entry: program -> (options whose value is a process id, options whose value is a process name, options whose
value is a core file or, when all digits, a process id, options whose value is debugger commands that may
`attach N`, whether an all-digit operand is a process id, the word that must come first for any of it to count
(`node inspect -p PID`; `node -p` prints), and how options are spelled: "getopt" (short options bundle, long ones
shorten to a unique prefix: strace -fp N, --att=N), "long_only" (gdb's getopt_long_only: -pid and --pid, either
shortened, never bundled) or "plain" (short options bundle, long ones are whole)).
"""

Attacher = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...], bool, str | None, str]


def _attacher(
    pid: tuple[str, ...] = (),
    name: tuple[str, ...] = (),
    core: tuple[str, ...] = (),
    commands: tuple[str, ...] = (),
    operands: bool = False,
    after: str | None = None,
    style: str = "plain",
) -> Attacher:
    return pid, name, core, commands, operands, after, style


_GDB = _attacher(
    pid=("-p", "--pid", "-pid"),
    core=("-c", "--core", "-core"),  # gdb attaches when the core file argument is a number
    commands=("-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command"),
    operands=True,  # gdb PROGRAM PID
    style="long_only",  # -pid, --pi
)
_LLDB = _attacher(
    pid=("-p", "--attach-pid"),
    name=("-n", "--attach-name"),
    commands=("-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"),
)
_FRIDA = _attacher(pid=("-p", "--attach-pid"), name=("-n", "--attach-name", "-N", "--attach-identifier"))
_BY_OPERAND = _attacher(operands=True)
_BY_PID_OPTION = _attacher(pid=("-p", "--pid"))

ATTACHERS: dict[str, Attacher] = {
    "gdb": _GDB,
    "gdb-multiarch": _GDB,
    "rust-gdb": _GDB,
    "cgdb": _GDB,
    "lldb": _LLDB,
    "rust-lldb": _LLDB,
    "gdbserver": _attacher(operands=True),  # gdbserver --attach COMM PID
    "strace": _attacher(pid=("-p", "--attach"), style="getopt"),
    "ltrace": _attacher(pid=("-p", "--pid"), style="getopt"),
    "perf": _attacher(pid=("-p", "--pid", "-t", "--tid"), style="getopt"),
    "bpftrace": _attacher(pid=("-p",)),
    "dtrace": _attacher(pid=("-p",)),
    "dtruss": _attacher(pid=("-p",)),
    "eu-stack": _attacher(pid=("-p", "--pid")),
    "py-spy": _BY_PID_OPTION,  # py-spy dump|record|top --pid N
    "austin": _BY_PID_OPTION,
    "pyrasite": _BY_OPERAND,  # pyrasite PID payload.py: runs the payload inside the process
    "pyrasite-shell": _BY_OPERAND,
    "memray": _attacher(operands=True, after="attach"),  # memray attach PID: injects into the process
    "pystack": _attacher(operands=True, after="remote"),
    "gcore": _BY_OPERAND,  # writes the whole memory of the process to a file
    "pstack": _BY_OPERAND,
    "gstack": _BY_OPERAND,
    "frida": _FRIDA,
    "frida-trace": _FRIDA,
    "jattach": _BY_OPERAND,  # jattach PID load ...: loads an agent into the JVM
    "jcmd": _BY_OPERAND,
    "jmap": _BY_OPERAND,
    "jstack": _BY_OPERAND,
    "jinfo": _BY_OPERAND,
    "node": _attacher(pid=("-p",), after="inspect"),  # node inspect -p PID: the inspector runs code in it
}

# Words after which the rest of the line is the debugged program's own arguments (gdb --args PROG ARGS).
STOP_WORDS = frozenset({"--args", "-args"})
