"""Editors, pagers and terminal multiplexers.

Reference: less 590, util-linux 2.38.1 (more), most 5.1.0, man-db 2.11.2, vim 9.0, GNU nano 7.2,
GNU ed 1.19, tmux 3.3a, GNU screen 4.9.0 (Debian bookworm); GNU Emacs 28.2 and Neovim 0.7 for
the options that differ.

A pager reads its operands; an editor edits them. What makes these dangerous is what they
run: `vim -c CMD` / `+CMD` / `--cmd CMD` run Ex commands (`:!sh`), `vim -S FILE` sources a
script, `man -P CMD` / `-H` run a pager or a browser, `less -k FILE` loads key bindings, and a
multiplexer starts a command in a new window (`tmux new -d 'CMD'`, `screen -dmS w CMD ...`) or
types keys into one (`tmux send-keys`, `screen -X stuff`). `ed` and `ex` take their editing
commands from standard input, which can run shell commands and write any file: not modelled.
`nohup` and `setsid` are wrappers peeled by policy/shell.py.
"""

from __future__ import annotations

from collections.abc import Callable

from hookward.policy.spec import Effect, Spec, Walk

_LESS = Spec(
    "less",
    version="less 590",
    plus="text",  # +F, +G, +/pattern: less commands; `+!cmd` is a floor (floors.command_demands)
    options={
        "-? --help -V --version -a --search-skip-screen -A --SEARCH-SKIP-SCREEN -B --auto-buffers": "flag",
        "-c --clear-screen -C --CLEAR-SCREEN -d --dumb -e --quit-at-eof -E --QUIT-AT-EOF -f --force": "flag",
        "-F --quit-if-one-screen -g --hilite-search -G --HILITE-SEARCH -i --ignore-case": "flag",
        "-I --IGNORE-CASE -J --status-column -K --quit-on-intr -L --no-lessopen -m --long-prompt": "flag",
        "-M --LONG-PROMPT -n --line-numbers -N --LINE-NUMBERS -q --quiet --silent -Q --QUIET --SILENT": "flag",
        "-r --raw-control-chars -R --RAW-CONTROL-CHARS -s --squeeze-blank-lines -S --chop-long-lines": "flag",
        "-u --underline-special -U --UNDERLINE-SPECIAL -w --hilite-unread -W --HILITE-UNREAD": "flag",
        "-X --no-init -~ --tilde --file-size --follow-name --incsearch --mouse --no-keypad": "flag",
        "--no-histdups --save-marks --use-backslash --use-color": "flag",
        '-b --buffers -h --max-back-scroll -j --jump-target -p --pattern -P --prompt -t --tag -" --quotes': "val",
        "-x --tabs -y --max-forw-scroll -z --window -D --color -# --shift --line-num-width": "val",
        "--rscroll --status-col-width --wheel-lines": "val",
        # Key bindings can run shell commands.
        "-k --lesskey-file --lesskey-src": "val:load",
        "-o --log-file -O --LOG-FILE": "val:write",
        "-T --tag-file": "val:read",
    },
    operands="read*",
    examples={
        "less README.md": "read:README.md",
        "less +F app.log": "read:app.log",
        "less -o ~/.bashrc x": "write:~/.bashrc read:x",
        "less -k keys.bin x": "load:keys.bin read:x",
    },
)

_MORE = Spec(
    "more",
    version="util-linux 2.38.1",
    numeric=True,
    plus="text",
    options={
        "-h --help -V --version -d --silent -l --logical -f --no-pause -p --print-over -c --clean-print": "flag",
        "-s --squeeze -u --plain -e --exit-on-eof": "flag",
        "-n --lines": "val",
    },
    operands="read*",
    examples={"more -20 notes.txt": "read:notes.txt", "more +/error log": "read:log"},
)

_MOST = Spec(
    "most",
    version="most 5.1.0",
    plus="text",
    options={"-1 -b -C -c -d -k -M -s -t -u -v -w -z": "flag"},
    operands="read*",
    examples={"most f": "read:f"},
)

_MAN = Spec(
    "man",
    version="man-db 2.11.2",
    options={
        "-? --help --usage -V --version -d --debug -D --default -a --all -u --update --no-subpages": "flag",
        "-f --whatis -k --apropos -K --global-apropos -w --where --path --location": "flag",
        "-W --where-cat --location-cat -c --catman -Z --ditroff -t --troff -7 --ascii": "flag",
        "-i --ignore-case -I --match-case --regex --wildcard --names-only --nh --no-hyphenation": "flag",
        "--nj --no-justification -l --local-file": "flag",
        "-M --manpath -S -s --sections -e --extension -m --systems -L --locale -r --prompt": "val",
        "-E --encoding -R --recode -p --preprocessor": "val",
        "-T --troff-device -X --gxditview --warnings": "opt",
        # The configuration names the pagers, browsers and filters man runs.
        "-C --config-file": "val:load",
        "-P --pager": "val:exec",
        "-H --html": "opt:exec",
    },
    # Page names, or (with a `/`, or with -l) files it reads and prints: every operand is read
    # as a path, which for a page name is harmless (`man ls` reads ./ls, if there is one).
    operands="read*",
    examples={
        "man ls": "read:ls",
        "man 5 crontab": "read:5 read:crontab",
        "man ~/.aws/credentials": "read:~/.aws/credentials",
        "man -P ./pager ls": "exec:./pager read:ls",
        "man --html=./browser ls": "exec:./browser read:ls",
    },
)


def _vim(name: str, aliases: tuple[str, ...] = (), effects: str = "") -> Spec:
    extra = " unknown" if effects else ""
    return Spec(
        name,
        aliases=aliases,
        version="vim 9.0 / Neovim 0.7",
        # `+CMD` runs an Ex command at start-up (`+'!sh'`); `+N` is a line number.
        plus="code:vim",
        options={
            "-h --help --version -v -e -E -d -y -R -Z -m -M -b -C -N -D -n -r -L -A -H -F -x -X -f -g": "flag",
            "--nofork --noplugin --clean --not-a-term --ttyfail --literal -W": "flag",
            "--headless --embed --api-info": "flag",
            "-p -o -O": "opt",
            "-T -t": "val",
            "-q": "opt:read",
            "-V": "opt:write",
            "-c --cmd": "val:code:vim",
            # Normal-mode keystrokes from a file; in Ex mode -s means silent (strictest reading: a script).
            "-s -S": "val:script",
            "-l": "val:script",
            "-u -U": "val:load",
            "-i -w": "val:write",
            "--startuptime --log": "val:write",
            "--listen --servername": "val",
            # Client-server: sends keys or expressions to another running Vim.
            "--remote --remote-silent --remote-wait --remote-wait-silent --remote-tab --remote-send": "unknown",
            "--remote-expr --serverlist": "unknown",
        },
        operands="edit*",
        effects=effects,
        examples={
            f"{name} src/app.py": "edit:src/app.py" + extra,
            f"{name} +10 f": "edit:f" + extra,
            f"{name} -c ':!id' f": "code:vim::!id edit:f" + extra,
            f"{name} -S evil.vim": "script:evil.vim" + extra,
            f"{name} -u NONE f": "load:NONE edit:f" + extra,
        },
    )


SPECS = [
    _LESS,
    _MORE,
    _MOST,
    _MAN,
    _vim("vim", ("vi", "view", "vimdiff", "rvim", "rview", "gvim", "nvim", "vim.tiny", "vim.basic")),
    # Ex mode takes its editing commands from standard input: `!cmd`, `w /any/file`, `r /any/file`.
    _vim("ex", effects="unknown"),
    Spec(
        "ed",
        aliases=("red",),
        version="GNU ed 1.19",
        options={
            "-h --help -V --version -E --extended-regexp -G --traditional -l --loose-exit-status": "flag",
            "-q --quiet --silent -s --script -r --restricted -v --verbose --strip-trailing-cr": "flag",
            "-p --prompt": "val",
        },
        operands="edit?",
        effects="unknown",
        examples={"ed -s f": "unknown edit:f"},
    ),
    Spec(
        "nano",
        version="GNU nano 7.2",
        plus="text",
        options={
            "-A --smarthome -B --backup -D --boldtext -E --tabstospaces -F --multibuffer -G --locking": "flag",
            "-H --historylog -I --ignorercfiles -K --rawsequences -L --nonewlines -M --trimblanks": "flag",
            "-N --noconvert -O --bookstyle -P --positionlog -R --restricted -S --softwrap": "flag",
            "-U --quickblank -V --version -W --wordbounds -Z --zap -a --atblanks -b --breaklonglines": "flag",
            "-c --constantshow -d --rebinddelete -e --emptyline -g --showcursor -h --help": "flag",
            "-i --autoindent -j --jumpyscrolling -k --cutfromcursor -l --linenumbers -m --mouse": "flag",
            "-n --noread -p --preserve -q --indicator -t --saveonexit -u --unix -v --view -w --nowrap": "flag",
            "-x --nohelp -y --afterends -0 --zero -% --stateflags -_ --minibar": "flag",
            "-J --guidestripe -Q --quotestr -T --tabsize -X --wordchars -Y --syntax -o --operatingdir": "val",
            "-r --fill": "val",
            "-C --backupdir": "val:write",
            # An rcfile can bind keys to commands; the speller is a program nano runs.
            "-f --rcfile": "val:load",
            "-s --speller": "val:argv",
        },
        operands="edit*",
        examples={"nano +3 notes.md": "edit:notes.md", "nano -s ./evil f": "edit:f runs:./evil"},
    ),
    Spec(
        "emacs",
        aliases=("emacs-nox", "emacsclient"),
        version="GNU Emacs 28.2",
        single_dash=True,
        plus="text",
        options={
            "--help -help --version -version -nw --no-window-system -q --no-init-file -Q --quick": "flag",
            "--no-site-file --no-site-lisp --no-splash --no-desktop --no-x-resources -D --basic-display": "flag",
            "--debug-init -nl --no-shared-memory -batch --batch -iconic --iconic -t -c -n": "flag",
            "-d --display -fn --font -bg -fg -geometry --geometry -T --title --name -u --user": "val",
            "--chdir": "val:cd",
            "-l --load --script -x": "val:script",
            "-L --directory": "val:load",
            "--eval --execute -f --funcall": "val:code:elisp",
            "--daemon --bg-daemon --fg-daemon -a --alternate-editor -s --socket-name": "unknown",
        },
        operands="edit*",
        examples={"emacs -nw f.txt": "edit:f.txt", "emacs --batch --eval '(x)'": "code:elisp:(x)"},
    ),
]


def _tmux_command(
    name: str,
    flags: str = "",
    values: str = "",
    operands: str = "",
    examples: dict[str, str] | None = None,
    formats: bool = False,
) -> Spec:
    options: dict[str, str] = {}
    if flags:
        options[" ".join(f"-{c}" for c in flags)] = "flag"
    if values:
        options[" ".join(f"-{c}" for c in values)] = "val"
    if formats:
        options["-F"] = "val:unknown"
    spec = Spec(name, posix=True, options=options, operands=operands, examples=examples)
    return spec


def _tmux_runner(name: str, flags: str, values: str, examples: dict[str, str] | None = None) -> Spec:
    """A command that starts a program in a new session, window, pane or popup."""
    options = {" ".join(f"-{c}" for c in flags): "flag", " ".join(f"-{c}" for c in values): "val"}
    # -e VAR=value sets the environment of the command it starts (LD_PRELOAD, PATH, ...).
    options["-e"] = "val:unknown"
    # One word is a shell command; several are the program and its arguments.
    return Spec(name, posix=True, options=options, operands="argv", examples=examples)


def _tmux_nested(first: str) -> Callable[[Walk, list[str]], None]:
    """if-shell / confirm-before: operands from `first` on are tmux commands, judged as `tmux COMMAND`.

    if-shell's first operand is a shell command (exec); with -F it is a format, which runs `#(...)`."""

    def judge(walk: Walk, argv: list[str]) -> None:
        words = [e for e in walk.effects if e.origin.startswith("operand ") and e.origin[8:].isdigit()]
        formats = any(e.kind == "text" and e.value == "format" for e in walk.effects)
        walk.effects = [e for e in walk.effects if not e.origin.startswith("operand") and e.kind != "text"]
        for effect in words:
            index = int(effect.origin.split()[1])
            if first == "exec" and index == 1:
                if not formats:
                    walk.effects.append(Effect("exec", effect.value, "shell-command"))
                elif "#(" in effect.value:
                    walk.unknown.append("a #(...) format runs a shell command: not modelled")
            else:
                # tmux splits the command string with its own shell-like quoting, `;` included.
                walk.effects.append(Effect("exec", "tmux " + effect.value, "tmux command"))

    return judge


# tmux options whose value is a command tmux runs (new windows' shell, the lock command) or renames commands.
_TMUX_COMMAND_OPTIONS = frozenset({"default-command", "default-shell", "lock-command", "command-alias"})


def _tmux_set_judge(walk: Walk, argv: list[str]) -> None:
    """set-option NAME VALUE: a value holding `#(...)` runs a shell command when shown; a few options name one."""
    words = [e.value for e in walk.effects if e.origin.startswith("operand")]
    walk.effects = [e for e in walk.effects if not e.origin.startswith("operand")]
    if words and words[0] in _TMUX_COMMAND_OPTIONS:
        walk.unknown.append(f"tmux option {words[0]!r} runs a command: not modelled")
    if any("#(" in word for word in words[1:]):
        walk.unknown.append("a #(...) format runs a shell command: not modelled")


def _tmux() -> Spec:
    routine = {
        # -F formats and display-message messages may hold `#(shell command)`: not modelled (asks).
        "list-sessions ls": _tmux_command("list-sessions", values="f", formats=True, examples={"tmux ls": ""}),
        "attach-session attach a": _tmux_command("attach-session", "dErx", "cft", examples={"tmux attach -t x": ""}),
        "detach-client detach": _tmux_command("detach-client", "aPr", "Estc"),
        "kill-session": _tmux_command("kill-session", "aC", "t", examples={"tmux kill-session -t x": ""}),
        "kill-server": _tmux_command("kill-server"),
        "kill-window killw": _tmux_command("kill-window", "a", "t"),
        "kill-pane killp": _tmux_command("kill-pane", "a", "t"),
        "has-session has": _tmux_command("has-session", values="t", examples={"tmux has-session -t x": ""}),
        "list-windows lsw": _tmux_command("list-windows", "a", "ft", formats=True),
        "list-panes lsp": _tmux_command("list-panes", "as", "ft", formats=True),
        "list-clients lsc": _tmux_command("list-clients", values="ft", formats=True),
        "list-buffers lsb": _tmux_command("list-buffers", values="f", formats=True),
        "list-keys lsk": _tmux_command("list-keys", "1aN", "PT", operands="text?"),
        "list-commands lscm": _tmux_command("list-commands", values="F", operands="text?"),
        "show-options show": _tmux_command("show-options", "AgHpqsvw", "t", operands="text?"),
        "show-window-options showw": _tmux_command("show-window-options", "gv", "t", operands="text?"),
        "show-messages showmsgs": _tmux_command("show-messages", "JT", "t"),
        "server-info info": _tmux_command("server-info"),
        "resize-window resizew": _tmux_command("resize-window", "aADLRU", "txy", operands="text?"),
        "swap-pane swapp": _tmux_command("swap-pane", "dDUZ", "st"),
        "swap-window swapw": _tmux_command("swap-window", "d", "st"),
        "display-message display": _tmux_command(
            "display-message",
            "aIlNpv",
            "cdt",
            operands="unknown?",
            formats=True,
            examples={"tmux display -p '#(id)'": "unknown", "tmux display-message": ""},
        ),
        "capture-pane capturep": _tmux_command("capture-pane", "aepPqCJN", "bESt", examples={"tmux capturep -p": ""}),
        "select-window selectw": _tmux_command("select-window", "lnpT", "t"),
        "select-pane selectp": _tmux_command("select-pane", "DdeLlMmRUZ", "Tt"),
        "rename-session rename": _tmux_command("rename-session", values="t", operands="text"),
        "rename-window renamew": _tmux_command("rename-window", values="t", operands="text"),
        "resize-pane resizep": _tmux_command("resize-pane", "DLMRTUZ", "txy", operands="text?"),
        "switch-client switchc": _tmux_command("switch-client", "ElnprZ", "ctT"),
        "wait-for wait": _tmux_command("wait-for", "LSU", operands="text"),
        "start-server start": _tmux_command("start-server"),
        "show-buffer showb": _tmux_command("show-buffer", values="b"),
        "clear-history clearhist": _tmux_command("clear-history", "H", "t"),
        "load-buffer loadb": _tmux_command("load-buffer", "w", "bt", operands="read"),
        "save-buffer saveb": _tmux_command("save-buffer", "a", "b", operands="write"),
    }
    runners = {
        "new-session new": _tmux_runner(
            "new-session",
            "AdDEPX",
            "cFfnstxy",
            examples={
                "tmux new-session -d -s dev": "",
                "tmux new -d ./dev.sh": "runs:./dev.sh",
                "tmux new-window -e LD_PRELOAD=x.so": "unknown",
            },
        ),
        "new-window neww": _tmux_runner("new-window", "abdkPS", "cFnt"),
        "split-window splitw": _tmux_runner("split-window", "bdfhIvPZ", "cFlpt"),
        "respawn-pane respawnp": _tmux_runner("respawn-pane", "k", "ct"),
        "respawn-window respawnw": _tmux_runner("respawn-window", "k", "ct"),
        "display-popup popup": _tmux_runner("display-popup", "BCE", "bcdhsSTtwxy"),
    }
    shells = {
        "run-shell run": Spec(
            "run-shell",
            posix=True,
            options={"-b": "flag", "-C": "unknown", "-c -d -t": "val"},
            operands="exec?",
            examples={"tmux run-shell ./evil.sh": "exec:./evil.sh"},
        ),
        "pipe-pane pipep": Spec("pipe-pane", posix=True, options={"-I -O -o": "flag", "-t": "val"}, operands="exec?"),
        # The keys are typed into the pane's program, usually a shell: each is judged as a command.
        "send-keys send": Spec(
            "send-keys",
            posix=True,
            options={"-F -H -l -M -R -X": "flag", "-N -t": "val"},
            operands="exec*",
            examples={"tmux send-keys -t dev ./evil.sh": "exec:./evil.sh"},
        ),
        "source-file source": Spec("source-file", posix=True, options={"-F -n -q -v": "flag"}, operands="script+"),
        # Prints the environment of the session, API keys included.
        "show-environment showenv": Spec(
            "show-environment", posix=True, options={"-g -h -s": "flag", "-t": "val"}, operands="text?", effects="env"
        ),
        # Runs the shell command; then one of the tmux commands (judged as `tmux COMMAND`).
        "if-shell if": Spec(
            "if-shell",
            posix=True,
            options={"-b": "flag", "-F": "flag:text=format", "-t": "val"},
            operands="network*",
            judge=_tmux_nested("exec"),
            examples={"tmux if-shell ./evil.sh": "exec:./evil.sh", "tmux if -F '#(id)'": "unknown"},
        ),
        "confirm-before confirm": Spec(
            "confirm-before",
            posix=True,
            options={"-b -y": "flag", "-c -p -t": "val"},
            operands="network?",
            judge=_tmux_nested("tmux"),
            examples={"tmux confirm-before": ""},
        ),
        # Sets an option of the running server (not a file): values may hold #(...) formats.
        "set-option set set-window-option setw": Spec(
            "set-option",
            posix=True,
            options={"-a -F -g -o -p -q -s -u -U -w": "flag", "-t": "val"},
            operands="network*",
            judge=_tmux_set_judge,
            examples={
                "tmux set-option -g mouse on": "",
                "tmux set -g status-right '#(curl -s x.invalid)'": "unknown",
                "tmux set -g default-command 'sh ./x'": "unknown",
            },
        ),
        # The environment of commands started later (LD_PRELOAD, PATH ...): not modelled unless it unsets.
        "set-environment setenv": Spec(
            "set-environment",
            posix=True,
            options={"-F -g -h": "flag", "-r -u": "flag>text*", "-t": "val"},
            operands="unknown text?",
            examples={"tmux setenv -u FOO": "", "tmux setenv LD_PRELOAD /tmp/x.so": "unknown"},
        ),
    }
    return Spec(
        "tmux",
        version="tmux 3.3a",
        long_prefix=False,
        chain=";",
        options={
            "-2 -C -D -l -N -u -v -V --help": "flag",  # --help: tmux prints its usage
            "-L -S -T": "val",
            # -c runs a command with the default shell; -f is a configuration of tmux commands.
            "-c": "val:exec",
            "-f": "val:load",
        },
        subcommands={**routine, **runners, **shells},
        examples={
            "tmux -c ./evil.sh": "exec:./evil.sh",
            "tmux kill-session -t a ; ls": "unknown unknown",
        },
    )


def _screen() -> Spec:
    return Spec(
        "screen",
        version="GNU screen 4.9.0",
        posix=True,
        options={
            "-4 -6 -a -A -q -Q -U -O -i -f -fn -fa -l -ln -L -v": "flag",
            # Reattach or detach a session by name (`screen -r dev`); -m starts the command that follows.
            "-d -D -r -R -RR -x": "flag>text?",
            "-m": "flag>argv",
            "-ls -list -wipe": "flag",
            "-e -h -p -S -t -T": "val",
            "-c": "val:load",
            "-Logfile": "val:write",
            "-s": "val:argv",
            # -X sends a screen command to a running session (`stuff` types keys, `exec` runs a program).
            "-X": "flag>text,exec*",
        },
        operands="argv",
        examples={
            "screen -ls": "",
            "screen -r dev": "",
            "screen -dmS w ./evil.sh": "runs:./evil.sh",
            "screen -S w -X stuff ./evil.sh": "exec:./evil.sh",
            "screen -S w -X quit": "",
        },
    )


SPECS += [_tmux(), _screen()]

# --- VS Code's launcher -------------------------------------------------------------------------
# `code FILE` opens an editor window for the person: nothing is printed to the agent. What is not that:
# `code tunnel` / `code serve-web` open this machine to a remote session (a shell through the tunnel),
# extensions run code in the editor's extension host, `--add-mcp` adds an MCP server (a command) to the
# profile, and another data or extensions directory loads settings and extensions from there.
_CODE_OPTIONS = {
    "-d --diff -m --merge -a --add -g --goto -n --new-window -r --reuse-window -w --wait": "flag",
    "-h --help -v --version -s --status --verbose --list-extensions --show-versions --pre-release": "flag",
    "--disable-extensions --disable-gpu --disable-chromium-sandbox --disable-lcd-text --prof-startup": "flag",
    "--telemetry --transient --update-extensions --locate-shell-integration-path": "flag",
    "--locale --profile --category --log --sync --disable-extension --remove": "val",
    "--install-extension": "val:load@ask",  # from the marketplace or a .vsix: code the extension host runs
    "--uninstall-extension": "val:destroy@ask",
    "--extensions-dir --user-data-dir": "val:load@ask",
    "--add-mcp": "val:config",
    "--inspect-extensions --inspect-brk-extensions --enable-proposed-api --crash-reporter-directory": "unknown",
}


def _code_judge(result: Walk, argv: list[str]) -> None:
    """`code tunnel`, `code serve-web`, `code chat` are subcommands only as the first operand; any other is a file."""
    words = iter(argv[1:])
    first = ""
    for word in words:
        if word == "--":
            first = next(words, "")
            break
        if not word.startswith("-"):
            first = word
            break
        opt = _CODE.options.get(word)
        if opt is not None and opt.takes:
            next(words, "")
    if first in ("tunnel", "serve-web", "chat"):
        result.effects[:] = [e for e in result.effects if not (e.kind == "read" and e.value == first)]
    if first in ("tunnel", "serve-web"):
        # A tunnel lets anyone signed in to the account run a shell on this machine from vscode.dev.
        result.effects.append(Effect("privilege", "", f"code {first} opens this machine to a remote session"))
        result.effects.append(Effect("network", "", f"code {first}"))
    elif first == "chat":
        result.effects.append(Effect("unknown", "", "code chat runs an agent session in the editor"))


_CODE = Spec(
    "code",
    aliases=("code-insiders", "codium"),
    version="Visual Studio Code 1.95",
    options=_CODE_OPTIONS,
    operands="read*",  # a file opened in the editor is read into it (its extensions and assistants see it)
    judge=_code_judge,
    examples={
        "code .": "read:.",
        "code src/app.py": "read:src/app.py",
        "code -g src/app.py:10": "read:src/app.py:10",
        "code --diff a b": "read:a read:b",
        "code --list-extensions": "",
        "code tunnel": "privilege network",
        "code serve-web": "privilege network",
        "code --install-extension evil.ext": "load:evil.ext",
        "code --add-mcp x.json": "config:x.json",
    },
)

SPECS += [_CODE]
