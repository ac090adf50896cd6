"""Programs the session-7 routine corpus ran that no spec knew: PowerShell's Select-String, Sort-Object and
Resolve-Path (with Where-Object, Get-Command, Write-Output, Write-Host, Start-Sleep, Join-Path, Split-Path,
Get-Process and Stop-Process, the cmdlets agents pipe them through), cmd.exe's findstr, MSBuild and the NuGet
command line.

Select-String searches text: its first positional word is the pattern, the next ones are files it reads;
once `-Pattern` is named, every positional word is a file. PowerShell takes an array for `-Path` as
`a.txt,b.txt`: a path with a comma asks, since the files it stands for are not one path. Sort-Object sorts
its input by properties; Resolve-Path resolves path names (metadata only); Where-Object filters by a
comparison (`Where-Object Name -eq x`; a script block asks); Join-Path and Split-Path compute names; Get-Process
lists processes; Stop-Process signals the processes a name or id chooses (asks, as pkill does). The PowerShell rules of the
windows family hold: one-dash parameters spelled as the reference spells them or in lower case, and a
script block, sub-expression or variable in an argument asks.

findstr is cmd.exe's grep: `/X` or `//X` switches (Git Bash spells them doubled), the first operand is the
search string unless `/C:` or `/G:` gave it, the rest are files read (`/S`: in every subdirectory too).
`/G:FILE` reads the strings from FILE; `/F:FILE` reads the names of the files to search from FILE, which
is not known before it runs: it asks, as do `-X` words (findstr's own switch character is `/`).

MSBuild runs the project's targets (their Exec tasks run commands): like `dotnet build` it is a project
runner, judged by the provenance of what it imports (Directory.Build.props/.targets/.rsp). A project named
outside the command's directory is a load; a logger assembly is a load; `@FILE` reads more switches from
FILE and asks; a property that names code or tools the build runs (`-p:PostBuildEvent=...`,
`*Targets=`, `*ToolPath=`) asks; an output-directory property (`-p:OutDir=...`) writes there; other
properties pass only when they are plain build settings (Configuration, Platform, TargetFramework, ...).
Switches start with `-`, `/` or `--` and take their value after `:`.

nuget (NuGet.exe) restores the packages a project or packages.config names, from the feeds its NuGet.Config
names: routine project work, as `dotnet restore` is. `install` and `update` fetch packages by name (network,
asks), `list` / `search` query a feed (network), `push` and `delete` publish, `setapikey`, `sources add`
and `trusted-signers` change persistent configuration, `locals -clear` destroys the caches, `update -self`
replaces nuget.exe by a download; `config`, `sign` and `client-certs` are not modelled.

specify (GitHub Spec Kit) checks the agent tools installed (`check`) and prints its version; `init`, which
downloads a template and writes agent command files and scripts into the project, and the extension, preset
and integration commands that install more of them, ask.

Reference versions: PowerShell 7.4 cmdlet reference; findstr of Windows 11 (`findstr /?`); MSBuild 17.11
(`msbuild -help`); NuGet.exe 6.11 (`nuget help`, `nuget help COMMAND`); Spec Kit 0.12 (its CLI reference).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.spec import walk as walk_spec
from hookward.policy.specs._loads import outside
from hookward.policy.specs.windows import _COMMON, _REMOTE, _ps_judge, _spellings

# --- PowerShell cmdlets ----------------------------------------------------------------------------


def _cmdlet(
    name: str,
    options: dict[str, str],
    operands: str,
    judge: Callable[[Walk, list[str]], None] | None = _ps_judge,
    examples: dict[str, str] | None = None,
    effects: str = "",
) -> Spec:
    return Spec(
        name,
        aliases=(name.lower(),),
        effects=effects,
        version="PowerShell 7.4",
        options=_spellings({**_COMMON, _REMOTE: "unknown", **options}),
        operands=operands,
        single_dash=True,
        bundling=False,
        long_prefix=False,
        judge=judge,
        examples=examples or {},
    )


_SELECT_STRING_OPTIONS = {
    "-Pattern -InputObject -Include -Exclude -Encoding -Context -Culture": "val",
    "-Path -LiteralPath": "val:read",
    "-SimpleMatch -CaseSensitive -Quiet -List -NoEmphasis -Raw -NotMatch -AllMatches": "flag",
}
# With -Pattern named, the positional words bind to -Path: all of them are files read.
_SELECT_STRING_NAMED = _cmdlet("Select-String", _SELECT_STRING_OPTIONS, "read*", judge=None)


def _select_string_judge(walk: Walk, argv: list[str]) -> None:
    if any(word.lower() == "-pattern" for word in argv[1:]):
        again = walk_spec(_SELECT_STRING_NAMED, argv, walk.cwd)
        walk.effects, walk.unknown = again.effects, again.unknown
    _ps_judge(walk, argv)
    for effect in walk.effects:
        if effect.kind == "read" and "," in effect.value:
            walk.unknown.append(f"{argv[0]} reads {effect.value[:40]!r}, a PowerShell array of paths")
            return


_CMDLETS = [
    _cmdlet(
        "Select-String",
        _SELECT_STRING_OPTIONS,
        "text read*",
        judge=_select_string_judge,
        examples={
            "Select-String": "",
            "Select-String -Pattern TODO -Path src/app.py": "read:src/app.py",
            "Select-String TODO src/app.py README.md": "read:src/app.py read:README.md",
            "Select-String -Pattern error -Context 0,2": "",
            "Select-String -Pattern key ~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
            "Select-String -Path a.txt,~/.ssh/id_rsa -Pattern x": "read:a.txt,~/.ssh/id_rsa unknown",
            "Select-String -Pattern (Get-Content x)": "read:x) unknown",
        },
    ),
    _cmdlet(
        "Sort-Object",
        {
            "-Property -Top -Bottom -Culture -InputObject": "val",
            "-Descending -Unique -CaseSensitive -Stable": "flag",
        },
        "text?",
        examples={
            "Sort-Object FullName": "",
            "Sort-Object -Property Length -Descending -Unique": "",
            "Sort-Object { $_.Length }": "unknown unknown",
        },
    ),
    _cmdlet(
        "Where-Object",
        {
            "-Property -Value -InputObject -FilterScript": "val",
            (
                "-EQ -CEQ -NE -CNE -GT -CGT -LT -CLT -GE -CGE -LE -CLE -Like -CLike -NotLike -CNotLike -Match -CMatch "
                "-NotMatch -CNotMatch -Contains -CContains -NotContains -CNotContains -In -CIn -NotIn -CNotIn -Is "
                "-IsNot -Not"
            ): "flag",
        },
        "text*",
        examples={
            "Where-Object Name -eq app.py": "",
            "Where-Object -Property Length -GT -Value 100": "",
            "Where-Object { $_.Length -gt 100 }": "unknown",
        },
    ),
    _cmdlet(
        "Get-Command",
        {
            "-Name -Module -FullyQualifiedModule -CommandType -TotalCount -Noun -Verb -ParameterName": "val",
            "-ParameterType -FuzzyMinimumDistance": "val",
            "-Syntax -All -ListImported -ShowCommandInfo -UseFuzzyMatching -UseAbbreviationExpansion": "flag",
            "-ArgumentList": "unknown",
        },
        "text*",
        examples={"Get-Command quarto -ErrorAction SilentlyContinue": "", "Get-Command -Syntax Get-ChildItem": ""},
    ),
    _cmdlet(
        "Write-Output",
        {"-InputObject": "val", "-NoEnumerate": "flag"},
        "text*",
        examples={"Write-Output done": "", "Write-Output $env:GITHUB_TOKEN": "unknown"},
    ),
    _cmdlet(
        "Write-Host",
        {"-Object -Separator -ForegroundColor -BackgroundColor": "val", "-NoNewline": "flag"},
        "text*",
        examples={"Write-Host Build finished -ForegroundColor Green": ""},
    ),
    _cmdlet(
        "Start-Sleep",
        {"-Seconds -Milliseconds -Duration": "val"},
        "text?",
        examples={"Start-Sleep -Seconds 5": "", "Start-Sleep 2": ""},
    ),
    _cmdlet(
        "Join-Path",
        {"-Path -ChildPath -AdditionalChildPath": "val", "-Resolve": "flag"},
        "text*",
        examples={"Join-Path src app.py": "", "Join-Path -Path $HOME -ChildPath x": "unknown"},
    ),
    _cmdlet(
        "Split-Path",
        {
            "-Path -LiteralPath": "val",
            "-Parent -Leaf -LeafBase -Extension -Qualifier -NoQualifier -IsAbsolute -Resolve": "flag",
        },
        "text?",
        examples={"Split-Path src/app.py -Leaf": "", "Split-Path -Parent src/app.py": ""},
    ),
    _cmdlet(
        "Get-Process",
        {"-Name -Id -InputObject": "val", "-Module -FileVersionInfo -IncludeUserName": "flag"},
        "text*",
        examples={
            "Get-Process": "",
            "Get-Process -Name node": "",
            "Get-Process node -ErrorAction SilentlyContinue": "",
        },
    ),
    # Stopping processes by name or id: a pattern or number chooses what dies, as pkill and kill do.
    _cmdlet(
        "Stop-Process",
        {"-Name -Id -InputObject": "val", "-Force -PassThru": "flag"},
        "text*",
        examples={"Stop-Process -Name node -Force": "signal", "Stop-Process -Id 4242": "signal"},
        effects="signal",
    ),
    _cmdlet(
        "Resolve-Path",
        {"-Path -LiteralPath -RelativeBasePath": "val:stat", "-Relative": "flag"},
        "stat*",
        examples={"Resolve-Path": "", "Resolve-Path src -Relative": "stat:src"},
    ),
]


# --- findstr ---------------------------------------------------------------------------------------

_FINDSTR_SWITCH = re.compile(r"^//?([A-Za-z]+|\?)(?::(.*))?$", re.DOTALL)
_FINDSTR_FLAGS = frozenset("B E L R S I X V N M O P OFF OFFLINE ?".split())


def _findstr_judge(walk: Walk, argv: list[str]) -> None:
    """`findstr [/switches] [/C:string | /G:file] [strings] [files...]`, switches anywhere before the strings."""
    walk.effects.clear()
    strings_given = False
    operands: list[str] = []
    recursive = False
    for word in argv[1:]:
        switch = _FINDSTR_SWITCH.match(word) if not operands else None
        if switch is None and word.startswith("-") and len(word) > 1:
            walk.unknown.append(f"findstr word {word[:40]!r}: its switches are /X")
            return
        if switch is None:
            operands.append(word)
            continue
        name, value = switch.group(1).upper(), switch.group(2)
        if value is None and name in _FINDSTR_FLAGS:
            recursive = recursive or name == "S"
        elif name == "C" and value is not None:
            strings_given = True
        elif name == "G" and value:
            strings_given = True
            walk.effects.append(Effect("read", value, "/G: (the search strings)"))
        elif name == "D" and value:
            walk.effects.extend(Effect("tree-read", part, "/D:") for part in value.split(",") if part)
        elif name == "A" and value is not None:
            pass  # colour attributes
        else:  # /F:FILE names the files to search from FILE; an unlisted switch (or a path like /tmp) asks
            walk.unknown.append(f"findstr {word[:40]!r} is not modelled")
            return
    files = operands if strings_given else operands[1:]
    walk.effects.extend(Effect("read", name, "a file searched") for name in files)
    if recursive and files:
        walk.effects.append(Effect("recursive", "", "/S"))


_FINDSTR = Spec(
    "findstr",
    aliases=("findstr.exe", "FINDSTR"),
    version="findstr (Windows 11)",
    summary="findstr searches files (or its input) for strings; /S searches every subdirectory too.",
    operands="text*",
    literal_dashes=True,
    judge=_findstr_judge,
    examples={
        "findstr": "",
        "findstr //i error build.log": "read:build.log",
        "findstr /n TODO src/app.py": "read:src/app.py",
        "findstr //s //i foo *.cs": "read:*.cs recursive",
        "findstr //c:password ~/.aws/credentials": "read:~/.aws/credentials",
        "findstr //g:patterns.txt src/app.py": "read:patterns.txt read:src/app.py",
        "findstr //f:list.txt x": "unknown",
        "findstr -i x ~/.netrc": "unknown",
    },
)


# --- MSBuild ---------------------------------------------------------------------------------------

_MSB_SWITCH = re.compile(r"^(?:--|-|/)([A-Za-z?][\w?]*)(?::(.*))?$", re.DOTALL)
_MSB_FLAGS = frozenset(
    (
        "help h ? version ver nologo noautoresponse noautorsp restore r noconsolelogger noconlog "
        "filelogger fl filelogger1 fl1 filelogger2 fl2 filelogger3 fl3 filelogger4 fl4 filelogger5 fl5 "
        "filelogger6 fl6 filelogger7 fl7 filelogger8 fl8 filelogger9 fl9 distributedfilelogger dfl "
        "graphbuild graph isolateprojects isolate interactive lowpriority low question q detailedsummary ds "
        "maxcpucount m warnaserror err terminallogger tl"
    ).split()
)
_MSB_VALUED = frozenset(
    (
        "target t maxcpucount m verbosity v consoleloggerparameters clp terminallogger tl "
        "terminalloggerparameters tlp warnaserror err warnnotaserror noerr warnasmessage nowarn toolsversion "
        "tv ignoreprojectextensions ignore nodereuse nr getproperty getitem gettargetresult graphbuild graph "
        "isolateprojects isolate interactive lowpriority low question q detailedsummary ds restore r"
    ).split()
)
_MSB_WRITES = frozenset(
    "preprocess pp binarylogger bl profileevaluation prof outputresultscache orc targets ts getresultoutputfile".split()
)
_MSB_LOGGERS = frozenset("logger l distributedlogger dl".split())
_MSB_FILE_LOGGER_PARAMETERS = re.compile(r"^(?:fileloggerparameters|flp)[1-9]?$")
_MSB_PROPERTIES = frozenset("property p restoreproperty rp".split())
# Plain build settings: they choose among the project's own configurations, never a file or a command.
_MSB_PLAIN_PROPERTIES = frozenset(
    (
        "configuration platform targetframework targetframeworks runtimeidentifier version versionprefix "
        "versionsuffix assemblyversion fileversion informationalversion packageversion treatwarningsaserrors "
        "warninglevel nowarn deterministic continuousintegrationbuild selfcontained publishsinglefile "
        "publishtrimmed publishreadytorun optimize debugtype debugsymbols langversion nullable "
        "generatedocumentationfile runanalyzers enablenetanalyzers buildprojectreferences usesharedcompilation "
        "restorelockedmode restorenocache restoreforce"
    ).split()
)
_MSB_OUTPUT_PROPERTIES = frozenset(
    "outdir outputpath baseoutputpath intermediateoutputpath baseintermediateoutputpath publishdir "
    "packageoutputpath".split()
)


def _msbuild_property(walk: Walk, word: str, value: str) -> None:
    for assignment in re.split(r"[;,]", value):
        name, equals, setting = assignment.partition("=")
        key = name.strip().lower()
        if not key or not equals:
            continue
        if key in _MSB_OUTPUT_PROPERTIES:
            walk.effects.append(Effect("tree-write", setting, f"{word[:30]} ({name.strip()})"))
        elif key not in _MSB_PLAIN_PROPERTIES:
            walk.unknown.append(f"MSBuild property {name.strip()!r} may name code or tools the build runs")


def _msbuild_judge(walk: Walk, argv: list[str]) -> None:
    """`msbuild [switches] [project]`: every word is read here (switches are case-insensitive)."""
    walk.effects.clear()
    projects: list[str] = []
    for word in argv[1:]:
        if word.startswith("@"):
            walk.unknown.append(f"msbuild {word[:40]!r} reads more switches from a file")
            continue
        switch = _MSB_SWITCH.match(word) if word[:1] in "-/" else None
        if switch is None:
            projects.append(word)
            continue
        name, value = switch.group(1).lower(), switch.group(2)
        if value is None and name in _MSB_FLAGS:
            continue
        if value is not None and name in _MSB_VALUED:
            continue
        if name in _MSB_WRITES:
            # `-bl:LogFile=PATH;ProjectImports=None` names its file as a parameter, as the file loggers do.
            for part in (value or "").split(";"):
                if not part:
                    continue
                key, equals, setting = part.partition("=")
                if not equals or key.strip().lower() == "logfile":
                    if setting or not equals:
                        walk.effects.append(Effect("write", setting if equals else part, word.split(":", 1)[0]))
                    break
        elif name in _MSB_LOGGERS and value:
            assembly = value.split(";", 1)[0].split(",")[-1].strip()
            if assembly.lower().endswith(".dll") or "/" in assembly or "\\" in assembly:
                walk.effects.append(Effect("load", assembly, "an MSBuild logger assembly"))
            # `-logger:FileLogger,Microsoft.Build;LogFile=PATH`: the logger's parameters name where it writes.
            for part in value.split(";")[1:]:
                key, _, setting = part.partition("=")
                if key.strip().lower() == "logfile" and setting:
                    walk.effects.append(Effect("write", setting, word.split(":", 1)[0]))
        elif _MSB_FILE_LOGGER_PARAMETERS.match(name) and value is not None:
            for part in value.split(";"):
                key, _, setting = part.partition("=")
                if key.strip().lower() == "logfile" and setting:
                    walk.effects.append(Effect("write", setting, word.split(":", 1)[0]))
        elif name in _MSB_PROPERTIES and value:
            _msbuild_property(walk, word, value)
        elif name in ("validate", "val") and value:
            walk.effects.append(Effect("read", value, "-validate (a schema)"))
        elif name in ("validate", "val"):
            continue
        elif name in ("inputresultscaches", "irc") and value:
            walk.effects.extend(Effect("read", part, "-irc") for part in value.split(";") if part)
        else:
            walk.unknown.append(f"msbuild switch {word[:40]!r} is not modelled")
    if len(projects) > 1:
        walk.unknown.append("msbuild takes one project: more operands are not modelled")
    for project in projects[:1]:
        if outside(walk, project):
            walk.effects.append(Effect("load", project, "the project (its targets run)"))


_MSBUILD = Spec(
    "msbuild",
    aliases=("MSBuild", "MSBuild.exe", "msbuild.exe"),
    version="MSBuild 17.11",
    summary="msbuild builds the project in its directory (or the one named): the project's targets run.",
    operands="text*",
    literal_dashes=True,
    judge=_msbuild_judge,
    examples={
        "msbuild": "",
        "msbuild App.sln -t:Rebuild -p:Configuration=Release -m -nologo": "",
        "msbuild /t:Build /p:Configuration=Debug;Platform=x64 /v:m": "",
        "msbuild -restore": "",
        "msbuild /tmp/evil.proj": "load:/tmp/evil.proj",
        "msbuild -logger:Evil,/tmp/x.dll": "load:/tmp/x.dll",
        "msbuild -p:PostBuildEvent=calc": "unknown",
        "msbuild -p:OutDir=/home/u/.local/bin/": "tree-write:/home/u/.local/bin/",
        "msbuild -flp:logfile=/home/u/.bashrc": "write:/home/u/.bashrc",
        "msbuild -bl:build.binlog": "write:build.binlog",
        "msbuild @/tmp/switches.rsp": "unknown",
    },
)


# --- NuGet.exe -------------------------------------------------------------------------------------

_NUGET_COMMON = {
    "-Verbosity": "val",
    "-NonInteractive -ForceEnglishOutput -Help -?": "flag",
    # A NuGet.Config chooses the feeds packages come from (their build targets run in the next build), the folder
    # they are extracted into and the credentials sent: one that is not the person's is judged as code it loads.
    "-ConfigFile": "val:load",
}
_NUGET_FETCH = {
    "-Source -FallbackSource": "val:network",
    "-NoCache -NoHttpCache -DirectDownload -DisableParallelProcessing": "flag",
    "-PackageSaveMode": "val",
}


def _nuget(name: str, options: dict[str, str], operands: str = "", effects: str = "") -> Spec:
    return Spec(
        name,
        options=_spellings({**_NUGET_COMMON, **options}),
        operands=operands,
        effects=effects,
        single_dash=True,
        bundling=False,
        long_prefix=False,
    )


def _nuget_restore_judge(walk: Walk, argv: list[str]) -> None:
    """`nuget restore PROJECT`: a project or solution outside the command's directory is evaluated (a load)."""
    for effect in list(walk.effects):
        if effect.kind == "stat" and effect.origin.startswith("operand") and outside(walk, effect.value):
            walk.effects.append(Effect("load", effect.value, "the project restored (MSBuild evaluates it)"))


_NUGET_RESTORE = Spec(
    "restore",
    options=_spellings(
        {
            **_NUGET_COMMON,
            **_NUGET_FETCH,
            "-PackagesDirectory -OutputDirectory": "val:tree-write",
            "-SolutionDirectory": "val:stat",
            "-MSBuildPath": "val:load",
            "-MSBuildVersion -Project2ProjectTimeOut": "val",
            "-Force -Recursive -RequireConsent -UseLockFile -LockedMode -ForceEvaluate": "flag",
            "-LockFilePath": "val:write",
        }
    ),
    operands="stat?",
    single_dash=True,
    bundling=False,
    long_prefix=False,
    judge=_nuget_restore_judge,
)

_NUGET = Spec(
    "nuget",
    aliases=("nuget.exe", "NuGet.exe", "NuGet"),
    version="NuGet.exe 6.11",
    summary="nuget restore brings the packages the project names from its feeds; install/update fetch by name.",
    options=_spellings({"-Help -?": "flag"}),
    single_dash=True,
    bundling=False,
    long_prefix=False,
    subcommands={
        "restore": _NUGET_RESTORE,
        "help": _nuget("help", {"-All -Markdown": "flag"}, "text?"),
        "install": _nuget(
            "install",
            {
                **_NUGET_FETCH,
                "-OutputDirectory": "val:tree-write",
                "-SolutionDirectory": "val:stat",
                "-Version -Framework -DependencyVersion": "val",
                "-ExcludeVersion -x -Prerelease -RequireConsent": "flag",
            },
            "text?",
            "network",
        ),
        "update": _nuget(
            "update",
            {
                **_NUGET_FETCH,
                "-Id -Version -FileConflictAction -MSBuildVersion": "val",
                "-RepositoryPath": "val:tree-write",
                "-MSBuildPath": "val:load",
                "-Safe -Prerelease": "flag",
                "-Self": "unknown",
            },
            "read?",
            "network",
        ),
        "list search": _nuget(
            "list",
            {
                "-Source": "val:network",
                "-AllVersions -IncludeDelisted -Prerelease -Verbose": "flag",
                "-Take": "val",
            },
            "text*",
            "network",
        ),
        "push delete": _nuget(
            "push",
            {
                "-Source -SymbolSource": "val",
                "-ApiKey -SymbolApiKey -Timeout": "val",
                "-DisableBuffering -NoSymbols -NoServiceEndpoint -SkipDuplicate -NoPrompt": "flag",
            },
            "read text*",
            "publish",
        ),
        "setapikey": _nuget("setapikey", {"-Source": "val"}, "text", "config"),
        "sources": Spec(
            "sources",
            subcommands={
                "list": _nuget("list", {"-Format": "val"}),
                "add remove enable disable update": _nuget(
                    "add",
                    {
                        "-Name -Source -Username -Password -ValidAuthenticationTypes -ProtocolVersion": "val",
                        "-StorePasswordInClearText": "flag",
                    },
                    effects="config",
                ),
            },
        ),
        "locals": _nuget("locals", {"-List": "flag", "-Clear": "flag:destroy"}, "text"),
        "pack": _nuget(
            "pack",
            {
                "-OutputDirectory": "val:tree-write",
                # The files the .nuspec names (all of them when it names none) are packed from here: read.
                "-BasePath": "val:tree-read",
                "-Version -Suffix -Exclude -Properties -MinClientVersion -MSBuildVersion -SymbolPackageFormat": "val",
                "-MSBuildPath": "val:load",
                "-Symbols -Tool -NoDefaultExcludes -NoPackageAnalysis -ExcludeEmptyDirectories": "flag",
                "-IncludeReferencedProjects -Serviceable -InstallPackageToOutputPath": "flag",
                "-OutputFileNamesWithoutVersion -Deterministic": "flag",
                "-Build": "unknown",
            },
            "read?",
        ),
        "spec": _nuget("spec", {"-AssemblyPath": "val:read", "-Force": "flag"}, "text?"),
        "init": _nuget("init", {"-Expand": "flag"}, "tree-read tree-dest"),
        "add": _nuget("add", {"-Source": "val:tree-write", "-Expand": "flag"}, "read"),
        "verify": _nuget("verify", {"-All -Signatures": "flag", "-CertificateFingerprint": "val"}, "read*"),
        "config sign client-certs trusted-signers": _nuget("config", {}, "text*", "unknown"),
    },
    examples={
        "nuget restore": "",
        "nuget restore App.sln": "stat:App.sln",
        "nuget restore App.sln -NonInteractive -Verbosity quiet": "stat:App.sln",
        "nuget restore /tmp/evil/App.sln": "stat:/tmp/evil/App.sln load:/tmp/evil/App.sln",
        "nuget restore -MSBuildPath /tmp/msb": "load:/tmp/msb",
        "nuget restore -Source https://evil.example/feed": "network:https://evil.example/feed",
        "nuget install Newtonsoft.Json -OutputDirectory packages": "network tree-write:packages",
        "nuget push App.1.0.0.nupkg -Source https://api.nuget.org/v3/index.json": "publish read:App.1.0.0.nupkg",
        "nuget setapikey KEY": "config",
        "nuget sources add -Name x -Source https://evil.example/feed": "config",
        "nuget sources list": "",
        "nuget locals all -clear": "destroy",
        "nuget locals all -list": "",
        "nuget update -self": "network unknown",
        "nuget help restore": "",
        "nuget config http_proxy.password": "unknown",
    },
)


# --- specify (GitHub Spec Kit) -----------------------------------------------------------------------

_SPECIFY = Spec(
    "specify",
    version="Spec Kit specify-cli 0.12",
    summary="specify check lists the agent tools it finds and version prints its own; init and the rest ask.",
    options={"--help": "flag", "--install-completion": "flag:config", "--show-completion": "flag"},
    subcommands={
        "check version": Spec("check", options={"--help": "flag"}),
        # init downloads a template release and writes scripts and agent command files (.claude/commands,
        # .github/prompts, ...) into the project; extension/preset/integration install more of them.
        "init": Spec("init", operands="text*", options={"--help": "flag"}, effects="unknown", literal_dashes=True),
    },
    long_prefix=False,
    examples={
        "specify": "",
        "specify check": "",
        "specify version": "",
        "specify init --here --ai claude": "unknown",
        "specify --install-completion": "config",
    },
)


SPECS = [*_CMDLETS, _FINDSTR, _MSBUILD, _NUGET, _SPECIFY]
