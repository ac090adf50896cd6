"""Windows commands agents run: PowerShell cmdlets, cmd.exe's built-in file commands as Git Bash
hands them on, and `wsl`, which runs a command in the Linux side of the same machine.

PowerShell cmdlets name their parameters with one dash (`-Path`, `-Recurse`) and case does not
matter to them; a spelling the spec does not list (a prefix such as `-Rec`, or `-PATH`) asks. The
read-only ones (Get-ChildItem, Get-Content, Test-Path, Select-Object, ConvertTo-Json, Format-*,
Measure-Object, Out-String) read or list their path operands; Remove-Item deletes, Set-Content,
Add-Content and Out-File write, Copy-Item and Move-Item copy and move, all judged by the path rules
like rm, tee, cp and mv. A script block, sub-expression or variable in an argument (`{ ... }`,
`$(...)`, `@(...)`, `$env:X`) is code PowerShell would run or expand: it asks.

cmd.exe's `copy`, `del` / `erase` and `start` take `/X` switches (Git Bash spells them `//X`);
`start` with nothing to start opens an empty console for the person, `start PROGRAM ...` runs that
program. `wsl [--cd DIR] [-d DISTRO] [--] CMD ...` runs CMD (analysed as a command); its
management options (`--unregister`, `--import`, `--shutdown`, ...) and `-u USER` are not modelled.

Reference versions: PowerShell 7.4 cmdlet reference; cmd.exe and wsl.exe of Windows 11 (`/?`).
"""

from __future__ import annotations

import re

from hookward.policy.spec import PATH_EFFECTS, Effect, Spec, Walk

# PowerShell's common parameters: every cmdlet takes them.
_COMMON = {
    "-Verbose -Debug -WhatIf -Confirm": "flag",
    "-ErrorAction -WarningAction -InformationAction -ProgressAction -OutBuffer": "val",
    "-ErrorVariable -WarningVariable -InformationVariable -OutVariable -PipelineVariable": "val",
}
_REMOTE = "-Credential -FromSession -ToSession"  # another identity or machine: not modelled


# A path on a PowerShell provider drive that is not a file system (`env:`, `Env:\\X`, `Variable:`, `HKCU:`,
# `Cert:`) or provider-qualified (`Environment::X`, `Registry::HKEY_...`): one-letter drives are disks.
_PS_PROVIDER_PATH = re.compile(r"^(?:[\w.\\]+::|[A-Za-z][\w.]+:(?!//))")


def _ps_judge(walk: Walk, argv: list[str]) -> None:
    """A script block, sub-expression, array, hashtable or variable is code PowerShell runs or expands; a path on
    the environment drive prints the environment, and one on another provider (registry, certificates, variables)
    is not modelled."""
    for word in argv[1:]:
        if any(mark in word for mark in ("{", "}", "$", "`", "@(", "@{", "(", ")")):
            walk.unknown.append(f"{argv[0]} gets {word[:40]!r}, which PowerShell would run or expand")
            return
    for effect in list(walk.effects):
        if effect.kind in PATH_EFFECTS and _PS_PROVIDER_PATH.match(effect.value):
            if re.match(r"(?i)^(?:env:|(?:microsoft\.powershell\.core\\)?environment::)", effect.value):
                walk.effects.append(Effect("env", "", f"{effect.value[:40]} (the environment drive)"))
            else:
                walk.unknown.append(f"{argv[0]} path {effect.value[:40]!r} is on a PowerShell provider, not a disk")


def _spellings(options: dict[str, str]) -> dict[str, str]:
    """Each parameter as the reference spells it and in lower case (PowerShell ignores case)."""
    spelled: dict[str, str] = {}
    for names, effect in options.items():
        words = names.split()
        spelled[" ".join(dict.fromkeys(words + [w.lower() for w in words]))] = effect
    return spelled


def _cmdlet(name: str, options: dict[str, str], operands: str, examples: dict[str, str]) -> Spec:
    return Spec(
        name,
        aliases=(name.lower(),),
        version="PowerShell 7.4",
        options=_spellings({**_COMMON, _REMOTE: "unknown", **options}),
        operands=operands,
        single_dash=True,
        bundling=False,
        long_prefix=False,
        judge=_ps_judge,
        examples=examples,
    )


_FILTERS = {"-Filter -Include -Exclude": "val", "-Force": "flag", "-Stream": "unknown"}  # -Stream: NTFS data streams

_CMDLETS = [
    _cmdlet(
        "Get-ChildItem",
        {
            **_FILTERS,
            "-Path -LiteralPath": "val:stat",
            "-Recurse": "flag",
            "-Depth -Attributes": "val",
            "-Name -Directory -File -Hidden -ReadOnly -System -FollowSymlink": "flag",
        },
        "stat text?",
        {
            "Get-ChildItem": "",
            "Get-ChildItem -Path src -Recurse -Force": "stat:src",
            "Get-ChildItem src *.py": "stat:src",
            "Get-ChildItem -Path ~ -Filter { calc }": "stat:~ stat:calc unknown",
        },
    ),
    _cmdlet(
        "Get-Content",
        {
            **_FILTERS,
            "-Path -LiteralPath": "val:read",
            "-ReadCount -TotalCount -Head -First -Tail -Last -Delimiter -Encoding": "val",
            "-Raw -Wait -AsByteStream": "flag",
        },
        "read*",
        {
            "Get-Content README.md -TotalCount 20": "read:README.md",
            "Get-Content -Path ~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
            "Get-Content $env:USERPROFILE/x": "read:$env:USERPROFILE/x unknown",
        },
    ),
    _cmdlet(
        "Test-Path",
        {
            **_FILTERS,
            "-Path -LiteralPath": "val:stat",
            "-PathType -OlderThan -NewerThan": "val",
            "-IsValid": "flag",
        },
        "stat*",
        {"Test-Path package.json": "stat:package.json", "Test-Path -Path .venv -PathType Container": "stat:.venv"},
    ),
    _cmdlet(
        "Select-Object",
        {
            "-Property -ExcludeProperty -ExpandProperty -First -Last -Skip -SkipLast -Index -SkipIndex": "val",
            "-InputObject": "val",
            "-Unique -CaseInsensitive -Wait": "flag",
        },
        "text?",
        {"Select-Object -First 50": "", "Select-Object -Property @{n='x';e={iex 1}}": "unknown"},
    ),
    _cmdlet(
        "ConvertTo-Json",
        {"-Depth -EscapeHandling -InputObject": "val", "-Compress -EnumsAsStrings -AsArray": "flag"},
        "text?",
        {"ConvertTo-Json -Depth 100": "", "ConvertTo-Json -Compress": ""},
    ),
    _cmdlet(
        "ConvertFrom-Json",
        {"-Depth -InputObject -DateKind": "val", "-AsHashtable -NoEnumerate": "flag"},
        "text?",
        {"ConvertFrom-Json -AsHashtable": ""},
    ),
    _cmdlet(
        "Format-Table",
        {
            "-Property -GroupBy -View -Expand -InputObject": "val",
            "-AutoSize -Wrap -HideTableHeaders -Force -DisplayError -ShowError -RepeatHeader": "flag",
        },
        "text*",
        {"Format-Table -AutoSize": "", "Format-Table Name,Length": ""},
    ),
    _cmdlet(
        "Format-List",
        {"-Property -GroupBy -View -Expand -InputObject": "val", "-Force -DisplayError -ShowError": "flag"},
        "text*",
        {"Format-List *": ""},
    ),
    _cmdlet(
        "Measure-Object",
        {
            "-Property -InputObject": "val",
            "-Sum -Average -Maximum -Minimum -Line -Word -Character -IgnoreWhiteSpace -StandardDeviation": "flag",
            "-AllStats": "flag",
        },
        "text*",
        {"Measure-Object -Line": ""},
    ),
    _cmdlet(
        "Out-String",
        {"-Width -InputObject": "val", "-Stream -NoNewline": "flag"},
        "",
        {"Out-String -Width 200": ""},
    ),
    _cmdlet("Get-Location", {"-PSProvider -PSDrive -StackName": "val", "-Stack": "flag"}, "", {"Get-Location": ""}),
    _cmdlet(
        "Remove-Item",
        {**_FILTERS, "-Path -LiteralPath": "val:delete", "-Recurse": "flag:recursive"},
        "delete+",
        {
            "Remove-Item run_tests.ps1 -Force": "delete:run_tests.ps1",
            "Remove-Item -Recurse -Force build": "recursive delete:build",
            "Remove-Item ~/.bashrc": "delete:~/.bashrc",
        },
    ),
    _cmdlet(
        "Set-Content",
        {
            **_FILTERS,
            "-Path -LiteralPath": "val:write",
            "-Value -Encoding": "val",
            "-PassThru -NoNewline -AsByteStream": "flag",
        },
        "write text*",
        {"Set-Content out.txt hello": "write:out.txt", "Set-Content -Path ~/.bashrc -Value x": "write:~/.bashrc"},
    ),
    _cmdlet(
        "Add-Content",
        {
            **_FILTERS,
            "-Path -LiteralPath": "val:write",
            "-Value -Encoding": "val",
            "-PassThru -NoNewline -AsByteStream": "flag",
        },
        "write text*",
        {"Add-Content -Path ~/.profile -Value x": "write:~/.profile"},
    ),
    _cmdlet(
        "Out-File",
        {
            "-FilePath -LiteralPath": "val:write",
            "-Encoding -Width -InputObject": "val",
            "-Append -Force -NoClobber -NoNewline": "flag",
        },
        "write text?",
        {"Out-File -FilePath log.txt -Append": "write:log.txt", "Out-File ~/.bashrc": "write:~/.bashrc"},
    ),
    _cmdlet(
        "Copy-Item",
        {
            **_FILTERS,
            "-Path -LiteralPath": "val:read",
            "-Destination": "val:dest",
            "-Recurse": "flag:recursive",
            "-Container -PassThru": "flag",
        },
        "read dest?",
        {
            "Copy-Item a.txt b.txt": "read:a.txt dest:b.txt",
            "Copy-Item x -Destination ~/.bashrc": "read:x dest:~/.bashrc",
        },
    ),
    _cmdlet(
        "Move-Item",
        {**_FILTERS, "-Path -LiteralPath": "val:move", "-Destination": "val:dest", "-PassThru": "flag"},
        "move dest?",
        {"Move-Item a.txt old/": "move:a.txt dest:old/"},
    ),
]


# --- cmd.exe built-ins, as Git Bash hands them on -------------------------------------------------


def _switches_judge(allowed: set[str]):  # type: ignore[no-untyped-def]
    """Read `/X` and `//X` words as cmd.exe switches (case-insensitive): listed ones pass, others ask."""

    def judge(walk: Walk, argv: list[str]) -> None:
        for word in argv[1:]:
            if word.startswith("/") and 1 < len(word) <= 4 and word.lstrip("/")[:1].isalpha():
                name = "/" + word.lstrip("/").upper()
                if name not in allowed:
                    walk.unknown.append(f"{argv[0]} switch {name} is not modelled")
        walk.effects[:] = [e for e in walk.effects if not _is_switch(e.value)]

    return judge


def _is_switch(value: str) -> bool:
    return value.startswith("/") and 1 < len(value) <= 4 and value.lstrip("/")[:1].isalpha()


def _del_judge(walk: Walk, argv: list[str]) -> None:
    _switches_judge({"/F", "/Q", "/P", "/A", "/S"})(walk, argv)
    if any(w.upper().lstrip("/") == "S" for w in argv[1:] if w.startswith("/")):
        walk.unknown.append("del /S deletes matching files in every subdirectory: not modelled")


_DEL = Spec(
    "del",
    aliases=("erase",),
    version="cmd.exe del (Windows 11)",
    summary="del deletes the files it names; /S (every subdirectory) and unknown switches ask.",
    operands="delete*",
    judge=_del_judge,
    examples={
        "del parse.py extract.py": "delete:parse.py delete:extract.py",
        "del //F //Q old.log": "delete:old.log",
        "del //S *.tmp": "delete:*.tmp unknown",
        "del": "",
    },
)

_COPY = Spec(
    "copy",
    version="cmd.exe copy (Windows 11)",
    summary="copy SRC [DST]: reads SRC, writes DST (the current directory when it is left out).",
    operands="read* dest",
    judge=_switches_judge({"/Y", "/-Y", "/V", "/N", "/Z", "/L", "/A", "/B", "/D"}),
    examples={
        "copy": "",
        "copy a.txt b.txt": "read:a.txt dest:b.txt",
        "copy //Y x.env ~/.bashrc": "read:x.env dest:~/.bashrc",
    },
)


def _start_judge(walk: Walk, argv: list[str]) -> None:
    if len(argv) > 1:
        walk.unknown.append("start runs a program, a document's handler or a URL in a new window: not modelled")


_START = Spec(
    "start",
    version="cmd.exe start (Windows 11), Git Bash's /usr/bin/start",
    summary="start with nothing to start opens an empty console window for the person; start X runs or opens X.",
    operands="text*",
    judge=_start_judge,
    examples={"start": "", "start calc.exe": "unknown", "start https://example.com": "unknown"},
)


# --- cmd /c ---------------------------------------------------------------------------------------

# cmd.exe built-ins whose meaning is not the program of the same name a shell analysis would judge
# (`type FILE` prints FILE, `set` prints the environment, `dir`, `mklink`, `rd /s`, `for /f`): a /c
# string starting with one asks, except those this family gives cmd's own meaning and harmless ones.
_CMD_BUILTINS = frozenset(
    "assoc break call cd chdir cls color date dir endlocal exit for ftype goto if md mkdir mklink move "
    "path pause popd prompt pushd rd rem ren rename rmdir set setlocal shift time title type verify vol".split()
)
_CMD_SPECIAL = frozenset("%!^&|<>()\"'`$\\")  # expansion, escape, chaining, redirection, grouping, quoting


def _cmd_judge(walk: Walk, argv: list[str]) -> None:
    """`cmd //c "where rustc"`: the string after /c (or /k) is one command with nothing cmd treats specially."""
    words = argv[1:]
    for i, word in enumerate(words):
        switch = "/" + word.lstrip("/").upper() if word.startswith("/") and len(word) > 1 else ""
        if switch in ("/C", "/K"):
            line = " ".join(words[i + 1 :])
            first = line.split()[0].lower() if line.split() else ""
            if not line or _CMD_SPECIAL & set(line) or first in _CMD_BUILTINS:
                walk.unknown.append(
                    f"cmd /c {line[:60]!r}: cmd.exe syntax (expansion, quoting, built-ins) is not modelled"
                )
            else:
                walk.effects.append(Effect("exec", line, "/c"))
            return
        if switch not in ("/D", "/Q", "/S"):
            walk.unknown.append(f"cmd switch {word} is not modelled")
            return
    walk.unknown.append("cmd without /c opens an interactive cmd.exe: not modelled")


_CMD = Spec(
    "cmd",
    version="cmd.exe (Windows 11)",
    summary="cmd /c LINE runs LINE: a plain one (no %, quotes, ^, &, |, <, >, parentheses) is analysed as a command.",
    operands="text*",
    judge=_cmd_judge,
    examples={
        "cmd //c hostname": "exec:hostname",
        "cmd //c type x": "unknown",
        "cmd //c echo %PATH%": "unknown",
        "cmd": "unknown",
    },
)


# --- wsl ------------------------------------------------------------------------------------------

_WSL = Spec(
    "wsl",
    version="wsl.exe (Windows 11, WSL 2.3)",
    summary="wsl [--cd DIR] [-d DISTRO] [--] CMD...: runs CMD in the Linux side; management options ask.",
    options={
        "--help": "flag",
        "--cd": "val:cd",
        "-d --distribution": "val",
        "-e --exec": "flag:argv",
        "-u --user --shell-type --system": "unknown",
        "--install --uninstall --update --shutdown -t --terminate --unregister --import --import-in-place": "unknown",
        "--export --mount --unmount --set-default -s --set-version --set-default-version --manage": "unknown",
        "-l --list --status --version -v --debug-shell": "flag",
    },
    operands="argv",
    posix=True,
    long_prefix=False,
    bundling=False,
    examples={
        "wsl -- ps": "runs:ps",
        "wsl --cd /mnt/d/app ls": "cd:/mnt/d/app runs:ls",
        "wsl -l -v": "",
        "wsl --unregister": "unknown",
        "wsl --shutdown": "unknown",
    },
)

# --- reg ------------------------------------------------------------------------------------------


def _reg_query_judge(walk: Walk, argv: list[str]) -> None:
    """`reg query KEY [/v NAME] [/s] [/f DATA]` prints registry values, where programs keep saved passwords
    (Winlogon's DefaultPassword, PuTTY and VNC sessions): it asks, as a secret may be printed."""
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    if len(argv) > 2:
        walk.effects.append(Effect("secret", argv[2], "reg query (registry values hold saved passwords)", "ask"))


_REG = Spec(
    "reg",
    version="reg.exe (Windows 10/11)",
    summary="reg query KEY prints registry values (asks: saved passwords live there); reg without a key, or "
    "`reg query` alone, prints 'Invalid syntax'; ADD, DELETE, IMPORT, LOAD, SAVE and the rest are not modelled.",
    subcommands={
        # "ERROR: Invalid syntax." without a key: nothing is read.
        "query QUERY Query": Spec("query", operands="text*", needs=1, judge=_reg_query_judge),
    },
    subcommand_required=True,
    examples={
        "reg query": "",
        "reg QUERY": "",
        "reg query 'HKLM\\Software\\Winlogon' //v DefaultPassword": "secret:HKLM\\Software\\Winlogon",
        "reg add HKCU\\x": "unknown",
        "reg": "unknown",
    },
)

SPECS = [*_CMDLETS, _DEL, _COPY, _START, _CMD, _WSL, _REG]
