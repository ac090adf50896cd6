"""Developer tools of the long tail: jj, fuzzy finders, Android and Apple tools, image and plist
converters, rails, benchmark runners, and the system inspectors agents run to look around
(mount, findmnt, sysctl, route, ...).

The same mapping as the other families: reading is routine, a hidden writer or executor is an
effect (`fzf --bind 'x:execute(...)'`, `hyperfine CMD`, `magick -script`, `plutil -convert`
without `-o` rewrites its operands), and changing the system (mount, sysctl -w, route add,
networksetup -set*) is `privilege` or `config`. Subcommands follow the program's nesting; an
option or subcommand not declared here is not modelled and asks.
"""

from __future__ import annotations

import os
import posixpath
import re
import shlex

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs.build import DB_DESTROYING_TASKS
from hookward.policy.specs.saas import resource_cli

_HELP = {"-h --help": "flag"}


def _drop_text(walk: Walk, origins: tuple[str, ...]) -> dict[str, str]:
    """Remove the `text` effects the judge reads (option values), returning them by option."""
    seen: dict[str, str] = {}
    for effect in list(walk.effects):
        if effect.kind == "text" and effect.origin in origins:
            seen[effect.origin] = effect.value
            walk.effects.remove(effect)
    return seen


# --- jj (Jujutsu) ---------------------------------------------------------------------------

_JJ_GLOBAL = {
    "-h --help -V --version --ignore-working-copy --ignore-immutable --no-pager --quiet --debug": "flag",
    "-R --repository": "val:cd",
    "--at-op --at-operation --color": "val",
    "--config --config-toml": "val:unknown",  # `ui.pager=...`, `ui.diff.tool=...` run programs
    "--config-file": "val:load",
}
# Options shared by jj's history commands (revsets, messages, templates, formats): all text.
_JJ_COMMON = {
    "-r --revision --revisions -m --message -d --destination -o --onto -A --insert-after -B --insert-before": "val",
    "-s --source -b --branch --from --to --into -T --template -n --limit -c --change --context": "val",
    "-f --format --name": "val",
    "-i --interactive --git --stat --summary --name-only --types --color-words --no-graph --reversed -p --patch": "flag",
    "-w --ignore-all-space --ignore-space-change --list --keep-emptied --use-destination-message --all": "flag",
    "--allow-backwards --allow-new --deleted --conflicted --tracked --no-edit --edit --colocate --no-colocate": "flag",
    "--tool": "val:unknown",  # a diff or merge tool by name: runs that program
}


def _jj(name: str, effects: str = "", operands: str = "text*", options: dict[str, str] | None = None) -> Spec:
    return Spec(name, options={**_JJ_COMMON, **(options or {})}, operands=operands, effects=effects)


def _jj_group(name: str, verbs: dict[str, Spec]) -> Spec:
    group = Spec(name, subcommands=verbs, globals_anywhere=True)
    group.subcommand_required = True
    return group


_JJ_LOCAL = "new describe desc commit ci squash split rebase edit abandon undo redo restore duplicate resolve fix absorb backout revert unsquash simplify-parents parallelize next prev diffedit sign unsign"
_JJ_READ = "log diff show status st evolog obslog interdiff root version help files cat"
_JJ = Spec(
    "jj",
    version="Jujutsu 0.28 (jj help)",
    summary="Jujutsu: history edits stay in the repository (undoable with jj undo); git push publishes; config set/edit changes settings.",
    options=_JJ_GLOBAL,
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        **{word: _jj(word) for word in _JJ_READ.split()},
        **{word: _jj(word) for word in _JJ_LOCAL.split()},
        "workspace": _jj_group(
            "workspace",
            {
                "list": _jj("list"),
                "root": _jj("root"),
                "update-stale": _jj("update-stale"),
                "add": _jj("add", operands="tree-write"),
                "forget": _jj("forget"),
                "rename": _jj("rename"),
            },
        ),
        "bookmark b branch": _jj_group(
            "bookmark",
            {w: _jj(w) for w in "list l set s create c delete d forget f move m track t untrack rename r".split()},
        ),
        "tag": _jj_group("tag", {"list": _jj("list"), "l": _jj("l")}),
        "op operation": _jj_group(
            "op",
            {w: _jj(w) for w in "log show diff undo restore revert abandon".split()},
        ),
        "file": _jj_group(
            "file",
            {w: _jj(w) for w in "list show annotate track untrack chmod search".split()},
        ),
        "config": _jj_group(
            "config",
            {
                "get": _jj("get", options={"--user --repo": "flag"}),
                "list": _jj("list", options={"--user --repo --include-defaults --include-overridden": "flag"}),
                "path": _jj("path", options={"--user --repo": "flag"}),
                "set": _jj("set", effects="config", options={"--user --repo": "flag"}),
                "unset": _jj("unset", effects="config", options={"--user --repo": "flag"}),
                "edit": _jj("edit", effects="config", options={"--user --repo": "flag"}),
            },
        ),
        "git": _jj_group(
            "git",
            {
                "fetch": _jj("fetch", options={"--remote": "val", "--all-remotes": "flag"}),
                "import": _jj("import"),
                "export": _jj("export"),
                "init": _jj("init", operands="tree-write?"),
                "root": _jj("root"),
                "colocate": _jj("colocate"),
                "clone": _jj("clone", operands="text tree-write?", options={"--remote --depth": "val"}),
                "push": _jj(
                    "push",
                    effects="publish",
                    options={
                        "--remote --bookmark --named": "val",
                        "--allow-empty-description --allow-private --dry-run": "flag",
                    },
                ),
                "remote": _jj_group(
                    "remote",
                    {
                        "list": _jj("list"),
                        "add": _jj("add", effects="config"),
                        "remove": _jj("remove", effects="config"),
                        "rename": _jj("rename", effects="config"),
                        "set-url": _jj("set-url", effects="config"),
                    },
                ),
            },
        ),
        "util": _jj_group(
            "util",
            {
                "completion": _jj("completion"),
                "config-schema": _jj("config-schema"),
                "markdown-help": _jj("markdown-help"),
                "gc": _jj("gc"),
                "exec": Spec("exec", operands="argv"),
            },
        ),
    },
    examples={
        "jj log -r 'main..@' --no-graph": "",
        "jj diff --git": "",
        "jj squash": "",
        "jj bookmark move feature --to @": "",
        "jj git push --bookmark main": "publish",
        "jj config set --user user.name t": "config",
        "jj --config ui.pager=sh log": "unknown",
        "jj diff --tool evil": "unknown",
        "jj workspace add ../ws2": "tree-write:../ws2",
        "jj util exec -- ls": "runs:ls",
        "jj frobnicate": "unknown",
    },
)


# --- fuzzy finders --------------------------------------------------------------------------

# fzf --bind actions that only move, select or accept; anything else (execute, become, reload,
# transform, preview, change-preview-window, put, ...) runs a command or is not modelled.
_FZF_SAFE_ACTIONS = frozenset(
    (
        "abort accept accept-non-empty accept-or-print-query backward-char backward-delete-char backward-kill-word "
        "backward-word beginning-of-line cancel clear-query clear-selection clear-screen deselect deselect-all "
        "down end-of-line first forward-char forward-word half-page-down half-page-up ignore jump jump-accept "
        "kill-line kill-word last next-history next-selected page-down page-up prev-history prev-selected "
        "preview-down preview-up preview-page-down preview-page-up preview-top preview-bottom refresh-preview "
        "select select-all toggle toggle-all toggle-down toggle-up toggle-in toggle-out toggle-preview "
        "toggle-preview-wrap toggle-sort toggle-wrap toggle-search toggle-track toggle-header up yank "
        "disable-search enable-search hide-preview show-preview hide-header show-header offset-up offset-down"
    ).split()
)
_BIND_KEY = re.compile(r"^[A-Za-z0-9-]+[:=]")


def _bind_is_plain(value: str) -> bool:
    for binding in value.split(","):
        match = _BIND_KEY.match(binding)
        if match is None:
            return False
        for action in binding[match.end() :].split("+"):
            if action.strip().lower() not in _FZF_SAFE_ACTIONS:
                return False
    return True


def _finder_judge(walk: Walk, argv: list[str]) -> None:
    for value in _drop_text(walk, ("--bind",)).values():
        if not _bind_is_plain(value):
            walk.unknown.append(f"{argv[0]} --bind {value!r} runs a command or is not modelled")


_FZF_FLAGS = (
    "-x --extended -e --exact -i --ignore-case --no-ignore-case --literal --no-sort -s --tac --disabled "
    "-m --multi --no-multi --no-mouse --cycle --keep-right --no-hscroll --filepath-word --ansi --no-bold "
    "--read0 --print0 --print-query --sync -1 --select-1 -0 --exit-0 --version --header-first --no-separator "
    "--no-scrollbar --inline-info --highlight-line --no-info --no-input --wrap --no-color --black --border "
    "--track --reverse --no-unicode --phony --info-inline"
)
_FZF_VALUES = (
    "-d --delimiter -n --nth --with-nth --tiebreak --scheme --height --min-height --layout --margin --padding "
    "--border-label --border-label-pos --info --prompt --pointer --marker --header --header-lines --ellipsis "
    "--tabstop --color --preview-window --preview-label --preview-label-pos --jump-labels --separator "
    "--scrollbar --scroll-off --hscroll-off --history-size --expect -q --query -f --filter --tmux --walker "
    "--walker-skip --tail --gap --style --gutter --ghost --border-style"
)
_FZF = Spec(
    "fzf",
    version="fzf 0.56 (fzf --man); Debian bookworm ships 0.38",
    summary="fzf: filtering and layout options are routine; --preview, --bind actions that run commands, --listen and --with-shell are not modelled.",
    options={
        **_HELP,
        _FZF_FLAGS: "flag",
        _FZF_VALUES: "val",
        "--bind": "val:text",
        "--history": "val:write",
        "--walker-root": "val:stat",
        "--preview --info-command --with-shell --listen --listen-unsafe --become": "val:unknown",
    },
    long_prefix=False,
    plus="text",
    judge=_finder_judge,
    examples={
        "fzf -m --height 40% --layout=reverse": "",
        "fzf --bind 'ctrl-a:select-all+accept,ctrl-j:toggle'": "",
        "fzf --bind 'ctrl-o:execute(vim {})'": "unknown",
        "fzf --preview 'cat {}'": "unknown",
        "fzf --listen 6266": "unknown",
        "fzf --history /tmp/h": "write:/tmp/h",
    },
)

_SK = Spec(
    "sk",
    version="skim 0.10 (sk --help)",
    summary="skim: like fzf; -c/--cmd, --preview and --bind run commands and are not modelled.",
    options={
        **_HELP,
        "-m --multi --no-multi --exact -e --regex --ansi --no-mouse --reverse --tac --no-sort --print0 --read0 --print-query --print-cmd -1 --select-1 -0 --exit-0 --sync -i --interactive --version -V --no-hscroll --keep-right --inline-info --layout": "flag",
        "-q --query -d --delimiter -n --nth --with-nth --height --min-height --margin --prompt --cmd-prompt --header --header-lines --color --tiebreak -t --algo --case --tabstop --skip-to-pattern --preview-window --expect --cmd-query --filter -f": "val",
        "--history --cmd-history": "val:write",
        "-c --cmd --preview --bind": "val:unknown",
    },
    long_prefix=False,
    examples={
        "sk --height 40% --ansi": "",
        "sk --history /tmp/sk-history": "write:/tmp/sk-history",
        "sk -c 'find .'": "unknown",
    },
)

# --- Android --------------------------------------------------------------------------------

# Device-side commands an agent runs to look at a device: (word, allowed next words or None for any).
_ADB_SHELL_READ: dict[str, frozenset[str] | None] = {
    "getprop": None,
    "id": None,
    "whoami": None,
    "uname": None,
    "df": None,
    "ps": None,
    "cat": None,
    "ls": None,
    "dumpsys": None,
    "date": None,
    "uptime": None,
    "pm": frozenset({"list", "path"}),
    "settings": frozenset({"get", "list"}),
    "wm": frozenset({"size", "density"}),
}


def _adb_shell(walk: Walk, argv: list[str]) -> None:
    rest = walk.rest
    walk.rest = None
    if not rest:
        walk.unknown.append("adb shell without a command (an interactive device shell) is not modelled")
        return
    try:
        words = shlex.split(" ".join(rest)) if len(rest) == 1 else rest
    except ValueError:
        words = []
    if not words or any(c in " ".join(words) for c in ";&|`$<>()"):
        walk.unknown.append("adb shell command is not modelled")
        return
    allowed = _ADB_SHELL_READ.get(words[0], ())
    if allowed == ():
        walk.unknown.append(f"adb shell {words[0]!r} is not modelled")
    elif allowed is not None and (len(words) < 2 or words[1] not in allowed):
        walk.unknown.append(f"adb shell {' '.join(words[:2])!r} is not modelled")
    elif words[0] == "wm" and len(words) > 2:
        walk.unknown.append("adb shell wm with arguments changes the display")
    elif words[0] == "settings" and words[1] == "get" and len(words) > 4:
        walk.unknown.append("adb shell settings get takes a namespace and a key")


def _adb_forward(walk: Walk, argv: list[str]) -> None:
    if "--list" not in argv:
        walk.effects.append(Effect("destroy", "", "forward", None))  # opens a port into or out of the device


def _adb_logcat(walk: Walk, argv: list[str]) -> None:
    if "-d" not in argv and "--dump" not in argv:
        walk.unknown.append("adb logcat without -d streams until stopped: not modelled")


_ADB = Spec(
    "adb",
    version="Android Debug Bridge 35.0 (adb help)",
    summary="adb: device listing, properties and dumped logs read; installing, pushing, rebooting and rooting change the device.",
    options={**_HELP, "-s -t -H -P -L --one-device": "val", "-d -e -a --version": "flag"},
    long_prefix=False,
    globals_anywhere=True,
    subcommand_required=True,
    subcommands={
        "devices": Spec("devices", options={"-l": "flag"}),
        "version": Spec("version"),
        "help": Spec("help"),
        "get-state": Spec("get-state"),
        "get-serialno": Spec("get-serialno"),
        "get-devpath": Spec("get-devpath"),
        "start-server": Spec("start-server"),
        "kill-server": Spec("kill-server", effects="destroy"),
        "wait-for-device": Spec("wait-for-device"),
        "forward reverse": Spec(
            "forward",
            options={"--list": "flag", "--remove --remove-all --no-rebind": "unknown"},
            operands="text*",
            judge=_adb_forward,
        ),
        "logcat": Spec(
            "logcat",
            options={
                "-d --dump -c --clear -g -S --statistics": "flag",
                "-v --format -b --buffer --pid -t -T -e --regex -s": "val",
            },
            operands="text*",
            judge=_adb_logcat,
        ),
        "shell": Spec("shell", options={"-n -T -t -x": "flag"}, operands="argv", judge=_adb_shell),
        "install install-multiple": Spec(
            "install",
            options={"-r -t -d -g -l -s --instant --no-streaming --streaming": "flag"},
            operands="read+",
            effects="destroy",
        ),
        "uninstall": Spec("uninstall", options={"-k": "flag"}, operands="text+", effects="destroy@force_ask"),
        "push": Spec("push", options={"--sync -n -z -Z": "flag"}, operands="upload+ text"),
        "pull": Spec("pull", options={"-a -z -Z": "flag"}, operands="text write"),
        "reboot": Spec("reboot", operands="text?", effects="destroy@force_ask"),
        "root unroot remount disable-verity enable-verity": Spec("root", effects="privilege"),
        "sideload": Spec("sideload", operands="read", effects="privilege"),
        "bugreport": Spec("bugreport", operands="write?"),
    },
    examples={
        "adb -s emulator-5554 shell getprop": "",
        "adb shell pm list packages": "",
        "adb shell settings get global airplane_mode_on": "",
        "adb shell rm /sdcard/file.txt": "unknown",
        "adb shell": "unknown",
        "adb logcat -d -v time": "",
        "adb logcat": "unknown",
        "adb install app.apk": "destroy read:app.apk",
        "adb push local.txt /sdcard/": "upload:local.txt",
        "adb pull /sdcard/file.txt .": "write:.",
        "adb root": "privilege",
    },
)

# --- ImageMagick ----------------------------------------------------------------------------

_MAGICK_TOOLS = {
    "convert": "convert",
    "composite": "convert",
    "montage": "convert",
    "stream": "convert",
    "combine": "convert",
    "compare": "convert",
    "identify": "read",
    "mogrify": "edit",
    "conjure": "script",
}
# Coders that run code or are not plain image files: `msl:` (a script), `mvg:` (drawing commands that
# read files), `ephemeral:` (deletes what it reads), `|cmd` and `@list` inputs.
_MAGICK_CODER = re.compile(r"^([A-Za-z0-9-]{2,}):")


def _magick_judge(walk: Walk, argv: list[str]) -> None:
    paths = [e for e in walk.effects if e.origin.startswith("operand")]
    tool = None
    if paths and paths[0].value in _MAGICK_TOOLS:
        tool = _MAGICK_TOOLS[paths[0].value]
        walk.effects.remove(paths[0])
        paths = paths[1:]
    elif paths and paths[0].value in ("display", "animate", "import"):
        walk.unknown.append(f"magick {paths[0].value} is not modelled (a window or a screen capture)")
        return
    if tool in ("read", "edit", "script"):
        for effect in paths:
            effect.kind = tool
    for effect in [e for e in walk.effects if e.kind in ("read", "write", "edit", "script")]:
        value = effect.value
        coder = _MAGICK_CODER.match(value)
        if value.startswith(("|", "@")) or value.lower().endswith((".msl", ".mvg")):
            walk.unknown.append(f"magick {value!r} runs code or reads a list of files: not modelled")
        elif coder is not None and coder.group(1).lower() not in ("png", "jpg", "jpeg", "gif", "webp", "tiff", "bmp"):
            walk.unknown.append(f"magick coder {coder.group(1)!r}: is not modelled")


_MAGICK_VALUES = (
    "-resize -quality -crop -gravity -extent -background -rotate -density -colorspace -format -thumbnail "
    "-sharpen -blur -alpha -fill -font -pointsize -depth -type -border -bordercolor -compose -geometry "
    "-interlace -sampling-factor -units -channel -layers -delay -loop -dither -colors -level -modulate "
    "-unsharp -shave -chop -scale -sample -adaptive-resize -filter -list -metric -fuzz -tile -frame -size "
    "-transparent -opaque -compress -page -label -title -trim-box -strip-box -quantize -posterize -gamma "
    "-brightness-contrast -evaluate -threshold -white-threshold -black-threshold -colorize -tint -monitor-x"
)
_MAGICK_FLAGS = (
    "-version -help -auto-orient -strip -flatten -trim -negate -flip -flop -append -coalesce -normalize "
    "-separate -combine -monochrome -grayscale-x -verbose -monitor -ping -quiet -regard-warnings -despeckle "
    "-enhance -equalize -auto-level -auto-gamma -repage -identify -print-x -mosaic -deskew-x"
)
_MAGICK = Spec(
    "magick",
    aliases=("convert",),  # ImageMagick 6's convert: the same grammar without a tool word
    version="ImageMagick 7.1 (magick -help; the most used settings and operators)",
    summary=(
        "ImageMagick: inputs are read, the last image is written; identify reads, mogrify edits in place, "
        "-script / conjure / .msl run ImageMagick scripts; display/animate/import, `|cmd`, `@list` and "
        "coders other than plain image formats are not modelled."
    ),
    options={
        "--help --version": "flag",
        _MAGICK_FLAGS: "flag",
        _MAGICK_VALUES: "val",
        "-set -annotate": "val2",
        "-write": "val:write",
        "-script": "val:script",
        "-define -draw -fx -process": "val:unknown",
    },
    operands="read* write",
    bundling=False,
    single_dash=True,
    plus="text",
    judge=_magick_judge,
    examples={
        "magick in.png -resize 1200x out.png": "read:in.png write:out.png",
        "magick convert in.png out.png": "read:in.png write:out.png",
        "magick identify photo.jpg": "read:photo.jpg",
        "magick mogrify -resize 50% photo.jpg": "edit:photo.jpg",
        "magick -list font": "",
        "magick in.png -script attack.msl out.png": "read:in.png script:attack.msl unknown write:out.png",
        "magick 'msl:x' out.png": "read:msl:x unknown write:out.png",
        "magick display photo.jpg": "read:display unknown write:photo.jpg",
        "magick in.png -write ~/.bashrc out.png": "read:in.png write:~/.bashrc write:out.png",
        "convert in.png -resize 50% out.png": "read:in.png write:out.png",
    },
)

# --- Apple tools ----------------------------------------------------------------------------

_PLUTIL_FORMATS = frozenset({"xml1", "binary1", "json", "swift"})
_PLUTIL_EXTRACT = frozenset({"xml1", "binary1", "json", "raw", "swift"})


def _plutil_judge(walk: Walk, argv: list[str]) -> None:
    values = _drop_text(walk, ("-convert", "-extract", "-o"))
    helping = any(word in ("-h", "--help", "-help") for word in argv[1:])
    if "-convert" in values and values["-convert"] not in _PLUTIL_FORMATS and not helping:
        walk.unknown.append(f"plutil -convert {values['-convert']!r} is not modelled")
    if "-extract" in values and values["-extract"] not in _PLUTIL_EXTRACT and not helping:
        walk.unknown.append(f"plutil -extract format {values['-extract']!r} is not modelled")
    output = values.get("-o")
    files = [e for e in walk.effects if e.kind == "read" and e.origin.startswith("operand")]
    if output is not None:
        if output != "-":
            walk.effects.append(Effect("write", output, "-o"))
    elif "-convert" in values:
        for effect in files:
            effect.kind = "edit"  # converted in place
    if not helping and ("-convert" in values or "-extract" in values) and not files and output != "-":
        walk.unknown.append("plutil without a file is not modelled")


_PLUTIL = Spec(
    "plutil",
    version="plutil (macOS 15; plutil -help)",
    summary="plutil: -p/-lint/-extract read; -convert rewrites its files in place unless -o names an output.",
    options={
        "-help -h --help -p -lint -r -s": "flag",
        "-convert -o": "val:text",
        "-extract": "val2:text",
        "-e -insert -replace -remove -type -create": "val:unknown",
    },
    operands="read*",
    single_dash=True,
    bundling=False,
    judge=_plutil_judge,
    examples={
        "plutil -convert xml1 -o - /tmp/foo.plist": "read:/tmp/foo.plist",
        "plutil -convert xml1 /tmp/foo.plist": "edit:/tmp/foo.plist",
        "plutil -convert json Info.plist -o out.json": "read:Info.plist write:out.json",
        "plutil -extract CFBundleVersion raw Info.plist": "read:Info.plist",
        "plutil -convert objc -o - x.plist": "read:x.plist unknown",
        "plutil -convert --help": "",
    },
)


def _apple(
    name: str, version: str, groups: dict[str, str | dict | Spec], options: dict[str, str], examples: dict[str, str]
) -> Spec:
    return resource_cli(name, version, groups, options=options, examples=examples, long_prefix=False)


_XCTRACE = _apple(
    "xctrace",
    "xctrace 16 (xcrun xctrace help)",
    {
        "list": "=none devices templates instruments",
        "": "version help export=none import=none symbolicate=none record=unknown remodel=unknown",
    },
    {
        "--input": "val:read",
        "--output": "val:write",
        "--har --toc --quiet": "flag",
        "--xpath --dsym --template --device --launch": "val",
    },
    {
        "xctrace list devices": "",
        "xctrace export --input Run.trace --output trace.har --har": "read:Run.trace write:trace.har",
        "xctrace record --launch /usr/bin/yes": "unknown",
    },
)
_XCRESULTTOOL = _apple(
    "xcresulttool",
    "xcresulttool 23 (xcrun xcresulttool help)",
    {
        "": "get=none graph=none formatDescription=none version help export=none merge=unknown",
        "metadata": "get=none addExternalLocation=unknown",
    },
    {"--path": "val:read", "--id --format --type --output-path": "val", "--legacy": "flag"},
    {
        "xcresulttool get --path Run.xcresult --id abc": "read:Run.xcresult",
        "xcresulttool metadata addExternalLocation --path R": "unknown read:R",
    },
)
_XCCOV = _apple(
    "xccov",
    "xccov (xcrun xccov help)",
    {"": "view=none diff=none help merge=unknown"},
    {"--json --report --archive --only-targets --files-for-target --functions-for-file --file-list": "flag"},
    {"xccov view --json Coverage.xccovreport": "", "xccov merge a b": "unknown"},
)
_STAPLER = Spec(
    "stapler",
    version="stapler (macOS; man stapler)",
    options={"-q -v": "flag"},
    subcommand_required=True,
    subcommands={
        "validate": Spec("validate", options={"-q -v": "flag"}, operands="read"),
        "staple": Spec("staple", options={"-q -v": "flag"}, operands="edit"),
    },
    examples={
        "stapler validate -q App.app": "read:App.app",
        "stapler staple App.app": "edit:App.app",
        "stapler validate": "",
    },
)
_IPCONFIG = _apple(
    "ipconfig",
    "ipconfig (macOS; man ipconfig)",
    {
        "": "getifaddr=none getsummary=none ifcount=none getiflist=none getoption=none getpacket=none getv6packet=none set=config setverbose=config waitall=none"
    },
    {},
    {"ipconfig getifaddr en0": "", "ipconfig set en0 DHCP": "config"},
)


def _textutil_judge(result: Walk, argv: list[str]) -> None:
    """-convert FMT writes each input's converted file next to it (its name with the new extension, after
    -prefix), unless -output or -stdout names where; -cat FMT without -output writes out.FMT in the cwd."""
    values = {e.origin: e.value for e in result.effects if e.kind == "text"}
    if any(e.origin == "-output" for e in result.effects) or "-stdout" in result.seen:  # `-font -stdout`: a font
        return
    if "-cat" in values:
        result.effects.append(Effect("write", f"out.{values['-cat']}", "-cat"))
    if "-convert" not in values:
        return
    extension = values.get("-extension", values["-convert"])
    for effect in list(result.effects):
        if effect.kind == "read" and effect.origin.startswith("operand"):
            folder, name = posixpath.split(effect.value)
            converted = values.get("-prefix", "") + posixpath.splitext(name)[0] + "." + extension
            result.effects.append(Effect("write", posixpath.join(folder, converted), "-convert"))


_TEXTUTIL = Spec(
    "textutil",
    version="textutil (macOS; man textutil)",
    summary="textutil: -info reads; -convert writes the converted file next to the input unless -output names one.",
    options={
        "-help -info -stdin -stdout -noload -nostore -strip": "flag",
        "-convert -cat -extension -prefix": "val:text",
        "-inputencoding -encoding -format -font -fontsize": "val",
        "-output": "val:write",
    },
    operands="read*",
    single_dash=True,
    bundling=False,
    judge=_textutil_judge,
    examples={
        "textutil -info ./doc.txt": "read:./doc.txt",
        "textutil -convert html a.txt -output /etc/x.html": "text:html read:a.txt write:/etc/x.html",
        "textutil -convert html /etc/x.txt": "text:html read:/etc/x.txt write:/etc/x.html",
        "textutil -convert txt -extension md doc.rtf": "text:txt text:md read:doc.rtf write:doc.md",
        "textutil -convert html -stdout a.txt": "text:html read:a.txt",
    },
)
_NETWORKSETUP_READ = re.compile(r"^-(list|get|show|print|version|help|is|detect)")
_NETWORKSETUP_CHANGE = re.compile(
    r"^-(set|add|remove|delete|create|rename|order|switch|import|export|connect|disconnect)"
)


def _networksetup_judge(walk: Walk, argv: list[str]) -> None:
    if len(argv) < 2:
        walk.unknown.append("networksetup without a command is not modelled")
        return
    verb = argv[1]
    if _NETWORKSETUP_READ.match(verb):
        return
    if _NETWORKSETUP_CHANGE.match(verb):
        walk.effects.append(Effect("privilege", verb, verb, None))
        return
    walk.unknown.append(f"networksetup {verb!r} is not modelled")


_NETWORKSETUP = Spec(
    "networksetup",
    version="networksetup (macOS; networksetup -help)",
    summary="networksetup: -list*/-get*/-show* read; -set*/-add*/-remove*/... change network settings (privilege).",
    operands="text*",
    literal_dashes=True,
    judge=_networksetup_judge,
    examples={
        "networksetup -getinfo Wi-Fi": "",
        "networksetup -setdnsservers Wi-Fi 8.8.8.8": "privilege:-setdnsservers",
        "networksetup": "unknown",
    },
)

# --- rails ----------------------------------------------------------------------------------


def _rails_test_files(walked: Walk, argv: list[str]) -> None:
    """`rails test /tmp/evil_test.rb`: minitest loads the test files it is given; one outside the directory the
    command runs in is code from elsewhere (a load, judged by provenance). `FILE:LINE` names FILE."""
    from hookward.policy.specs._loads import outside

    skip = False
    for word in argv[2:]:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in ("-n", "--name", "--exclude", "--seed", "-e", "--environment", "-g", "--grep")
            continue
        path = re.sub(r":\d+(?:-\d+)?$", "", word)
        if ("/" in path or path.endswith(".rb")) and outside(walked, path):
            walked.effects.append(Effect("load", path, "a test file it runs"))


_RAILS_READ = "about routes stats notes middleware initializers version db:version db:migrate:status test test:all test:system test:models test:controllers zeitwerk:check time:zones time:zones:all time:zones:local time:zones:us assets:reveal assets:reveal:full log:clear tmp:clear cache:clear assets:precompile assets:clobber assets:clean db:create db:migrate db:seed db:prepare db:setup db:test:prepare db:schema:dump db:schema:cache:dump generate g secret restart"
_RAILS = Spec(
    "rails",
    version="Rails 8.0 (rails --help, bin/rails -T)",
    summary=(
        "Rails: commands run the project's own application code (like rake); database drops and resets destroy "
        "data (force_ask); runner runs inline Ruby; console, server, dbconsole and credentials are not modelled."
    ),
    options={**_HELP, "-v --version -V": "flag"},
    subcommand_required=False,
    subcommands={
        **{
            word: Spec(
                word,
                options={
                    "-g --grep -c --controller -e --environment": "val",
                    "-E --expanded --unused --force -f --skip -s --pretend -p": "flag",
                    # rails notes -a TAG...; rails test's minitest options
                    "-a --annotations -v --verbose --fail-fast -b --backtrace -w --warnings --profile -d": "flag",
                    "--seed -n --name --exclude": "val",
                },
                operands="text*",
                judge=_rails_test_files if word.startswith("test") else None,
            )
            for word in _RAILS_READ.split()
        },
        **{
            word: Spec(word, options={"-e --environment": "val"}, operands="text*", effects="destroy@force_ask")
            for word in sorted(DB_DESTROYING_TASKS)  # the same list rake's tasks are judged by
        },
        "destroy d": Spec("destroy", options={"-p --pretend -f --force": "flag"}, operands="text*", effects="destroy"),
        "runner r": Spec("runner", options={"-e --environment": "val"}, operands="code:ruby text*"),
        "credentials:show": Spec("credentials:show", operands="text*", effects="secret"),
        "console c server s dbconsole db new credentials:edit encrypted:edit encrypted:show dev:cache app:update": Spec(
            "console", effects="unknown", operands="text*"
        ),
    },
    examples={
        "rails routes -g users": "",
        "rails notes --annotations FIXME RELEASE": "",
        "rails test -n /user/ --seed 1234 --fail-fast": "",
        "rails time:zones:all": "",
        "rails db:migrate": "",
        "rails test test/models/user_test.rb": "",
        "rails db:drop": "destroy",
        "rails runner 'User.delete_all'": "code:ruby:User.delete_all",
        "rails credentials:show": "secret",
        "rails console": "unknown",
    },
)

# --- text tools -----------------------------------------------------------------------------


def _callout_judge(walk: Walk, argv: list[str]) -> None:
    # A pattern callout `(?C"...")` runs a program in pcre2grep builds that support it.
    if any("(?C" in word for word in argv[1:]):
        walk.unknown.append("pcre2grep pattern callouts (?C...) may run programs: not modelled")


_PCRE2GREP = Spec(
    "pcre2grep",
    version="pcre2grep 10.42 (Debian bookworm pcre2-utils)",
    options={
        "--help -a --text -c --count -F --fixed-strings --file-offsets -H --with-filename -h --no-filename -I -i --ignore-case": "flag",
        "-l --files-with-matches -L --files-without-match --line-buffered --line-offsets -M --multiline -n --line-number --no-jit": "flag",
        "-q --quiet -s --no-messages -t --total-count -u --utf -U --utf-allow-invalid -V --version -v --invert-match": "flag",
        "-w --word-regex --word-regexp -x --line-regex --line-regexp --allow-lookaround-bsk -Z --null": "flag",
        "-A --after-context -B --before-context -C --context --binary-files --buffer-size --max-buffer-size --color --colour": "val",
        "-D --devices -d --directories --label --locale --heap-limit --match-limit --depth-limit --recursion-limit": "val",
        "-m --max-count -N --newline -O --output --om-separator --om-capture --exclude --include --exclude-dir --include-dir": "val",
        "-e --regex --regexp": "val>read*",
        "-f --file": "val>read*:read",
        "--file-list --exclude-from --include-from": "val:read",
        "-o --only-matching": "opt",
        "-r --recursive": "flag:recursive",
    },
    operands="text read*",
    judge=_callout_judge,
    examples={
        "pcre2grep -r --exclude-dir node_modules pattern src/": "read:src/ recursive",
        "pcre2grep -o1 '(\\w+)' file": "read:file",
        "pcre2grep -f patterns.txt file": "read:patterns.txt read:file",
        "pcre2grep '(?C\"/bin/sh\")' f": "read:f unknown",
    },
)

_PCRE2TEST_C = frozenset(
    "backslash-C bsr ebcdic ebcdic-nl jit linksize newline pcre2-8 pcre2-16 pcre2-32 unicode".split()
)


def _pcre2test_judge(walk: Walk, argv: list[str]) -> None:
    if "-C" in argv:
        # `-C [ARG]`: shows a compile-time option and exits; ARG is a name, not a file.
        walk.effects[:] = [e for e in walk.effects if not (e.origin.startswith("operand") and e.value in _PCRE2TEST_C)]


_PCRE2TEST = Spec(
    "pcre2test",
    version="pcre2test 10.42 (Debian bookworm pcre2-utils; pcre2test -help)",
    summary="pcre2test: the input file is a script (`#save FILE` writes, `#load FILE` reads); the second operand is written.",
    options={
        "-8 -16 -32 -ac -AC -b -C -d -dfa -help --help -i -jit -jitfast -jitverify -LM -LP -LS -q -T -TM -version --version": "flag",
        "-error -pattern -subject -S": "val",
        "-t -tm": "flag",
    },
    operands="script write",
    single_dash=True,
    bundling=False,
    numeric=True,
    judge=_pcre2test_judge,
    examples={
        "pcre2test -C jit": "",
        "pcre2test -jit patterns.txt": "script:patterns.txt",
        "pcre2test patterns.txt output.txt": "script:patterns.txt write:output.txt",
        "pcre2test --evil": "unknown",
    },
)

_MANDOC = Spec(
    "mandoc",
    version="mandoc 1.14.6 (Debian bookworm)",
    options={"-a -c -h -l -k -f -w -mdoc -man -mandoc": "flag", "-I -K -O -T -W -S -s -M -m": "val"},
    operands="read*",
    bundling=False,
    examples={
        "mandoc -T html /usr/share/man/man1/ls.1": "read:/usr/share/man/man1/ls.1",
        "mandoc -mdoc x.1": "read:x.1",
    },
)

_TABS_LIST = re.compile(r"^\d+(,\+?\d+)*$")


def _tabs_judge(walk: Walk, argv: list[str]) -> None:
    words = argv[1:]
    for index, word in enumerate(words):
        if word.startswith("-") or (index and words[index - 1] == "-T"):
            continue
        if not _TABS_LIST.match(word):
            walk.unknown.append(f"tabs operand {word!r} is not a tabstop list")


_TABS = Spec(
    "tabs",
    version="tabs (ncurses 6.4, Debian bookworm)",
    options={"-0 -8 -a -a2 -c -c2 -c3 -d -f -n -p -s -u -V": "flag", "-T": "val"},
    operands="text?",
    single_dash=True,
    bundling=False,
    numeric=True,
    judge=_tabs_judge,
    examples={
        "tabs -8": "",
        "tabs 1,5,9,13": "",
        "tabs 1,5 9,13": "unknown",
        "tabs foo": "unknown",
        "tabs -T xterm": "",
    },
)

# --- Java and git tools ---------------------------------------------------------------------


def _jar_judge(walk: Walk, argv: list[str]) -> None:
    mode = argv[1] if len(argv) > 1 else ""
    letters = mode.lstrip("-") if not mode.startswith("--") else ""
    listing = mode in ("--list", "-t") or (letters and set(letters) <= set("tvf") and "t" in letters)
    info = mode in ("--version", "--help", "-h", "-?", "--help-extra")
    if not (listing or info):
        walk.unknown.append("jar modes other than listing (t) are not modelled")
        return
    if listing and letters and letters.count("f") and len(argv) > 2:
        walk.effects.append(Effect("read", argv[2], "f"))


_JAR = Spec(
    "jar",
    version="jar (OpenJDK 17, Debian bookworm)",
    summary="jar: listing an archive (`jar tf x.jar`, `--list`) reads it; creating, updating and extracting are not modelled.",
    options={"--list --version --help -h -? --help-extra": "flag"},
    operands="text*",
    bundling=False,
    judge=_jar_judge,
    literal_dashes=True,
    examples={
        "jar tf app.jar": "read:app.jar",
        "jar -tvf app.jar": "read:app.jar",
        "jar --version": "",
        "jar xf app.jar": "unknown",
    },
)

_SCALAR = Spec(
    "scalar",
    version="scalar (git 2.39, Debian bookworm)",
    options={"-h --help --version": "flag", "-C": "val:cd", "-c": "val:unknown"},
    posix=True,
    subcommand_required=False,
    subcommands={
        "list": Spec("list"),
        "diagnose": Spec("diagnose", operands="tree-read?", effects=""),
        "version": Spec("version"),
        "help": Spec("help", operands="text?"),
        "clone": Spec("clone", effects="unknown", operands="text*"),
        "register unregister reconfigure run delete": Spec("register", effects="unknown", operands="text*"),
    },
    examples={
        "scalar list": "",
        "scalar --version": "",
        "scalar diagnose /repo": "tree-read:/repo",
        "scalar delete /repo": "unknown",
    },
)

_GIT_LFS = Spec(
    "git-lfs",
    version="git-lfs 3.3 (Debian bookworm)",
    options={"-h --help --version": "flag"},
    subcommand_required=False,
    subcommands={
        "env": Spec("env"),
        "version": Spec("version"),
        "ls-files": Spec(
            "ls-files",
            options={
                "-l --long -s --size -d --debug -a --all --deleted -n --name-only --json": "flag",
                "-I --include -X --exclude": "val",
            },
            operands="text*",
        ),
        "status": Spec("status", options={"-p --porcelain -j --json": "flag"}),
        "locks": Spec(
            "locks",
            options={"-r --remote -i --id -p --path -l --limit": "val", "--local --cached --verify -j --json": "flag"},
        ),
        "track": Spec(
            "track",
            options={
                "-l --lockable --not-lockable --dry-run -v --verbose --json --no-excluded --filename --no-modify-attrs": "flag"
            },
            operands="text*",
        ),
        "fetch pull": Spec(
            "fetch",
            options={"-I --include -X --exclude -r --recent": "val", "-a --all --prune -p": "flag"},
            operands="text*",
        ),
        "push": Spec(
            "push", options={"--dry-run --all --object-id --stdin": "flag"}, operands="text*", effects="publish"
        ),
        "install uninstall update": Spec(
            "install",
            effects="config",
            options={"--local --system --worktree --force -f --skip-smudge --skip-repo --manual": "flag"},
        ),
        "prune": Spec(
            "prune",
            options={"-d --dry-run -v --verbose --verify-remote -c --recent -f --force": "flag"},
            effects="destroy@force_ask",
        ),
    },
    examples={
        "git-lfs ls-files --long": "",
        "git-lfs locks --json": "",
        "git-lfs push origin main": "publish",
        "git-lfs prune": "destroy",
    },
)

# --- benchmarks and environment managers ----------------------------------------------------

_HYPERFINE = Spec(
    "hyperfine",
    version="hyperfine 1.15.0 (Debian bookworm)",
    summary="hyperfine: every benchmarked command and every --setup/--prepare/--cleanup command runs (exec); exports are written.",
    options={
        "-h --help -V --version -N -i --ignore-failure --show-output": "flag",
        "-w --warmup -m --min-runs -M --max-runs -r --runs -D --parameter-step-size --style -u --time-unit -n --command-name --output": "val",
        "-s --setup -p --prepare -c --cleanup": "val:exec",
        "-S --shell": "val:unknown",
        "-P --parameter-scan": "unknown",
        "-L --parameter-list": "val2:unknown",
        "--export-asciidoc --export-csv --export-json --export-markdown --export-orgmode": "val:write",
    },
    operands="exec+",
    long_prefix=False,
    examples={
        "hyperfine --warmup 3 ls": "exec:ls",
        "hyperfine --prepare ./p.sh ./b.sh": "exec:./p.sh exec:./b.sh",
        "hyperfine --export-json out.json ls": "write:out.json exec:ls",
    },
)

_MISE = resource_cli(
    "mise",
    "mise 2025.1 (mise --help)",
    {
        "": "version help doctor current ls list where=none which=none env=env activate=none install=destroy use=config set=config unset=config trust=config prune upgrade=destroy uninstall",
        "exec x": Spec("exec", options={"-C --cd": "val:cd", "-j --jobs": "val", "--raw": "flag"}, operands="text*"),
        "run r": Spec("run", effects="unknown", operands="text*"),
    },
    options={
        "--shims --quiet -q --verbose -v --yes -y --json -J --no-config": "flag",
        "-C --cd": "val:cd",
        "-E --env -P --profile": "val",
    },
    examples={
        "mise activate zsh": "",
        "mise exec -- make": "runs:make",
        "mise use node@22": "config",
        "mise env": "env",
    },
)


def _mise_exec(walk: Walk, argv: list[str]) -> None:
    # `mise exec TOOL@VER... -- CMD ...`: the command starts after `--`.
    if walk.spec.name != "exec":
        return
    if "--" in argv:
        walk.rest = argv[argv.index("--") + 1 :] or None
    else:
        walk.unknown.append("mise exec without `--` before the command is not modelled")


_MISE.subcommands["exec"].judge = _mise_exec

# --- tilt (Ruby template CLI and Tilt.dev share the name) -----------------------------------

_TILT_TEMPLATE = re.compile(
    r"^[\w./-]+\.(erb|haml|slim|liquid|md|markdown|mustache|builder|str|rhtml|coffee|sass|scss|less|rdoc|textile|wiki|creole|mediawiki|asciidoc|adoc|rst|org|csv|yajl|nokogiri|prawn|babel|etn|etanni|radius|plain|html)$"
)


def _tilt_template(walk: Walk, argv: list[str]) -> None:
    """`tilt FILE`: the Ruby tilt CLI renders FILE; template engines (ERB, Haml, ...) run its code."""
    values = {e.value for e in walk.effects if e.kind == "text"}
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    if walk.spec.name != "render":
        return
    files = [w for w in argv[1:] if not w.startswith("-") and w not in values]
    if len(files) != 1 or not _TILT_TEMPLATE.match(files[0]) or files[0].startswith(("/", "..")):
        walk.unknown.append("tilt template operand is not modelled")
        return
    walk.effects.append(Effect("script", files[0], "template"))


def _tilt_root(walk: Walk, argv: list[str]) -> None:
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]  # template options read by `_tilt_template`


def _tiltfile(walk: Walk, argv: list[str]) -> None:
    """`tilt up` / `tilt ci` without -f run the Tiltfile of the directory."""
    if walk.cwd and not any(e.origin in ("-f", "--file") for e in walk.effects):
        if os.path.isfile(os.path.join(walk.cwd, "Tiltfile")):
            walk.effects.append(Effect("load", "Tiltfile", "the Tiltfile tilt runs"))


_TILT_K8S = {"-n --namespace -o --output --port --host --context": "val", "-A --all-namespaces --watch -w": "flag"}
_TILT = Spec(
    "tilt",
    version="Tilt v0.33 (tilt --help) and the Ruby tilt 2.4 template CLI",
    summary=(
        "Two programs share the name: Tilt.dev (get/describe read the dev cluster; up/down/ci/apply run the "
        "Tiltfile and change it) and Ruby's tilt, which renders a template (running its embedded code)."
    ),
    options={
        **_HELP,
        "-v -V --version -l --list": "flag",
        "-t --type -y --layout -D --define --vars": "val:text",
        "-d --define-file": "val:read",
    },
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "version": Spec("version", options=_HELP),
        "doctor": Spec("doctor", options=_HELP),
        "verify-install": Spec("verify-install", options=_HELP),
        "completion": Spec("completion", operands="text"),
        "help": Spec("help", operands="text?"),
        "get describe explain api-resources": Spec("get", options=_TILT_K8S, operands="text*"),
        # Tilt.dev runs the Tiltfile (Starlark: local() and local_resource commands run here) and deploys what
        # it names to the dev cluster: the Tiltfile is judged by its provenance, the deploy is a cluster change.
        "up ci": Spec(
            "up",
            options={"-f --file": "val:script", "--port --host --context": "val", "--stream --legacy --watch": "flag"},
            operands="text*",
            effects="destroy",
            judge=_tiltfile,
        ),
        "down": Spec(
            "down", options={"-f --file": "val:script", "--delete-namespaces": "flag"}, effects="destroy@force_ask"
        ),
        "apply edit patch trigger enable disable wait args": Spec("apply", operands="text*", effects="unknown"),
        "delete": Spec("delete", operands="text*", effects="destroy@force_ask"),
        "logs dump alpha snapshot docker": Spec("logs", operands="text*", effects="unknown"),
        "*": Spec("render", judge=_tilt_template, operands="text*"),
    },
    judge=_tilt_root,
    examples={
        "tilt --version": "",
        "tilt get pod -n default": "",
        "tilt describe pod my-pod -n prod": "",
        "tilt -t erb template.erb": "script:template.erb",
        "tilt down": "destroy",
        "tilt up": "destroy",
        "tilt ci -f /tmp/Tiltfile": "destroy script:/tmp/Tiltfile",
        "tilt /etc/page.erb": "unknown",
    },
)


# --- system inspectors ----------------------------------------------------------------------

_FINDMNT = Spec(
    "findmnt",
    version="findmnt from util-linux 2.38.1",
    options={
        **_HELP,
        "-s --fstab -m --mtab -k --kernel -A --all -a --ascii -b --bytes -C --nocanonicalize -c --canonicalize -D --df": "flag",
        "-e --evaluate -f --first-only -i --invert -J --json -l --list -n --noheadings --output-all -P --pairs --pseudo": "flag",
        "--shadowed -R --submounts -r --raw --real --tree -U --uniq -u --notruncate -v --nofsroot -y --shell -x --verify": "flag",
        "--verbose --vfs-all -V --version": "flag",
        "-w --timeout -d --direction -N --task -O --options -o --output -S --source -T --target -M --mountpoint -t --types": "val",
        "-F --tab-file": "val:read",
        "-p --poll": "opt",
    },
    operands="text*",
    examples={"findmnt --json -t tmpfs": "", "findmnt /tmp": "", "findmnt -F /etc/fstab": "read:/etc/fstab"},
)

_MOUNT_LIST_OK = {"-l", "--show-labels", "-t", "--types", "-h", "--help", "-V", "--version", "-v", "--verbose"}


def _mount_judge(walk: Walk, argv: list[str]) -> None:
    """Listing (no operands, no -a/-o/-B...) is routine; anything that mounts changes the system."""
    words = argv[1:]
    listing = True
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("-t", "--types"):
            i += 2
            continue
        if word.startswith("--types=") or word in _MOUNT_LIST_OK:
            i += 1
            continue
        listing = False
        break
    if not listing:
        walk.effects.append(Effect("privilege", "", "mount", None))


_MOUNT = Spec(
    "mount",
    version="mount from util-linux 2.38.1",
    summary="mount: listing mounts is routine; mounting, remounting and binding change the system (privilege).",
    options={
        **_HELP,
        "-a --all -c --no-canonicalize -f --fake -F --fork -i --internal-only -l --show-labels -n --no-mtab": "flag",
        "--options-source-force -r --read-only -v --verbose -w --rw --read-write -V --version -B --bind -M --move -R --rbind": "flag",
        "--make-shared --make-slave --make-private --make-unbindable --make-rshared --make-rslave --make-rprivate --make-runbindable": "flag",
        "--options-mode --options-source -o --options -O --test-opts -t --types --source --target --target-prefix -N --namespace -L --label -U --uuid": "val",
        "-T --fstab": "val:read",
        "-m --mkdir": "opt",
    },
    operands="text*",
    judge=_mount_judge,
    examples={
        "mount": "",
        "mount -t tmpfs": "",
        "mount -l": "",
        "mount /dev/sda1 /mnt": "privilege",
        "mount --bind /a /b": "privilege",
    },
)

_MOUNTPOINT = Spec(
    "mountpoint",
    version="mountpoint from util-linux 2.38.1",
    options={**_HELP, "-q --quiet --nofollow -d --fs-devno -x --devno -V --version --show": "flag"},
    operands="stat",
    examples={"mountpoint -q /tmp": "stat:/tmp"},
)

_MANPATH = Spec(
    "manpath",
    version="manpath (man-db 2.11.2)",
    options={
        "-c --catpath -d --debug -g --global -q --quiet -? --help --usage -V --version -L": "flag",
        "-m --systems": "val",
        "-C --config-file": "val:read",
    },
    examples={"manpath -q": "", "manpath -C /tmp/m.conf": "read:/tmp/m.conf"},
)


def _sysctl_judge(walk: Walk, argv: list[str]) -> None:
    if len(argv) == 1:
        walk.unknown.append("sysctl without a name or -a is not modelled")
    if any("=" in word and not word.startswith("-") for word in argv[1:]):
        walk.effects.append(Effect("privilege", "", "NAME=VALUE", None))


_SYSCTL = Spec(
    "sysctl",
    version="sysctl from procps-ng 4.0.2 (and BSD/macOS sysctl -a/-n/-N/-B)",
    summary="sysctl: reading names is routine; NAME=VALUE, -w, -p/--load and --system change the kernel (privilege).",
    options={
        **_HELP,
        "-a --all -A -X --deprecated -b --binary -e --ignore -N --names -n --values -q --quiet -o -x -d -V --version": "flag",
        "--dry-run": "flag",
        "-r --pattern -B": "val",
        "-w --write --system": "flag:privilege",
        "-p --load -f": "opt:privilege",
    },
    operands="text*",
    judge=_sysctl_judge,
    examples={
        "sysctl -n kern.ostype": "",
        "sysctl -a": "",
        "sysctl kern.maxproc=2048": "privilege",
        "sysctl -w x=1": "privilege privilege",
        "sysctl": "unknown",
    },
)

_ROUTE_CHANGE = frozenset({"add", "del", "delete", "change", "flush", "replace", "-F"})
_ROUTE_READ = frozenset({"print", "get", "show", "monitor"})


def _route_judge(walk: Walk, argv: list[str]) -> None:
    operands = [w for w in argv[1:] if not w.startswith("-")]
    if not operands:
        return
    if operands[0] in _ROUTE_CHANGE:
        walk.effects.append(Effect("privilege", operands[0], "route", None))
    elif (
        operands[0] not in _ROUTE_READ
        or (operands[0] != "get" and len(operands) > 1)
        or (operands[0] == "get" and len(operands) != 2)
    ):
        walk.unknown.append(f"route {operands[0]!r} is not modelled")


_ROUTE = Spec(
    "route",
    version="route (net-tools 2.10, Debian bookworm) and BSD/macOS route",
    summary="route: printing the table (and BSD `route get HOST`) is routine; add/del/change/flush change routing (privilege).",
    options={
        **_HELP,
        "-v --verbose -n --numeric -e --extend -F --fib -C --cache -4 -6 --inet --inet6 -V --version": "flag",
        "-A": "val",
    },
    operands="text*",
    judge=_route_judge,
    examples={
        "route -n": "",
        "route -n get 8.8.8.8": "",
        "route add default 192.168.1.1": "privilege:add",
        "route monitor": "",
    },
)

_LPSTAT = Spec(
    "lpstat",
    version="lpstat (CUPS 2.4)",
    options={"-E -H -R -d -e -l -r -s -t": "flag", "-W -h -U": "val", "-a -c -o -p -u -v": "opt"},
    operands="text*",
    examples={"lpstat -t": "", "lpstat -W completed": "", "lpstat -h cups.example.com:631 -t": ""},
)
_LPQ = Spec(
    "lpq",
    version="lpq (CUPS 2.4)",
    options={"-E -a -l": "flag", "-P -U -h": "val"},
    operands="text*",
    numeric=True,
    examples={"lpq -a": "", "lpq -P HP_LaserJet": ""},
)

SPECS = [
    _JJ,
    _FZF,
    _SK,
    _ADB,
    _MAGICK,
    _PLUTIL,
    _XCTRACE,
    _XCRESULTTOOL,
    _XCCOV,
    _STAPLER,
    _IPCONFIG,
    _TEXTUTIL,
    _NETWORKSETUP,
    _RAILS,
    _PCRE2GREP,
    _PCRE2TEST,
    _MANDOC,
    _TABS,
    _JAR,
    _SCALAR,
    _GIT_LFS,
    _HYPERFINE,
    _MISE,
    _TILT,
    _FINDMNT,
    _MOUNT,
    _MOUNTPOINT,
    _MANPATH,
    _SYSCTL,
    _ROUTE,
    _LPSTAT,
    _LPQ,
]

# gofmt prints its files reformatted; -w rewrites them in place (a directory: every .go file under it), so
# `gofmt -w ~` edits files well outside the project.
GOFMT = Spec(
    "gofmt",
    version="Go 1.19 (Debian bookworm golang-1.19)",
    single_dash=True,
    long_prefix=False,
    options={
        "-d -e -l -s": "flag",
        "-r": "val",
        "-w": "flag>edit*",  # the files, and every .go file under a directory, rewritten in place
        "-cpuprofile": "val:write",
        "-h -help --help": "flag",
    },
    operands="tree-read*",
    examples={
        "gofmt -l .": "tree-read:.",
        "gofmt -d main.go": "tree-read:main.go",
        "gofmt -w ~": "edit:~",
        "gofmt -s -w ./cmd": "edit:./cmd",
    },
)
# goimports (golang.org/x/tools/cmd/goimports) is gofmt that also fixes imports: the same -w.
GOIMPORTS = Spec(
    "goimports",
    version="golang.org/x/tools/cmd/goimports v0.24 (goimports -h)",
    single_dash=True,
    long_prefix=False,
    options={
        "-d -e -l -v -format-only": "flag",
        "-local -srcdir": "val",
        "-w": "flag>edit*",
        "-cpuprofile -memprofile -trace": "val:write",
        "-memrate": "val",
        "-h -help --help": "flag",
    },
    operands="tree-read*",
    examples={"goimports -l .": "tree-read:.", "goimports -w ~": "edit:~", "goimports -w -local x ./cmd": "edit:./cmd"},
)
SPECS += [GOFMT, GOIMPORTS]


def _response_files(result: Walk, argv: list[str]) -> None:
    """`@FILE` reads more options from FILE (binutils): the file is read."""
    for index, effect in enumerate(result.effects):
        if effect.origin.startswith("operand") and effect.kind == "read" and effect.value.startswith("@"):
            result.effects[index] = Effect("read", effect.value[1:], "@FILE (options read from it)")


_BINUTILS = "GNU Binutils 2.40"
# nm lists symbols; --plugin loads a shared object (an LTO plugin) into nm.
NM = Spec(
    "nm",
    version=_BINUTILS,
    options={
        "-a --debug-syms -A --print-file-name -B --no-demangle --recurse-limit --no-recurse-limit": "flag",
        "-D --dynamic -e -g --extern-only -j --just-symbols -l --line-numbers -n --numeric-sort -o": "flag",
        "-p --no-sort -P --portability -r --reverse-sort -S --print-size -s --print-armap --quiet": "flag",
        "--size-sort --special-syms --synthetic -u --undefined-only -U --defined-only -W --no-weak": "flag",
        "--with-symbol-versions -h --help -V --version": "flag",
        "-C --demangle": "opt",
        "-f --format --ifunc-chars -t --radix --target --unicode -X": "val",
        "--plugin": "val:load@ask",
    },
    operands="read*",
    judge=_response_files,
    examples={
        "nm a.out": "read:a.out",
        "nm -C --defined-only lib.a": "read:lib.a",
        "nm --plugin /tmp/x.so a.o": "load:/tmp/x.so read:a.o",
        "nm @/tmp/opts": "read:/tmp/opts",
    },
)
SIZE = Spec(
    "size",
    version=_BINUTILS,
    options={
        "-A -B -G -o -d -x -t --totals -f --common -h -H -? --help -v -V --version": "flag",
        "--format --radix --target": "val",
    },
    operands="read*",
    judge=_response_files,
    examples={"size a.out": "read:a.out", "size @/home/u/.aws/credentials": "read:/home/u/.aws/credentials"},
)

# GNU info prints a manual; -o writes the nodes it finds to a file, -f reads the file named as an Info file.
INFO = Spec(
    "info",
    version="GNU texinfo 7.0.2",
    options={
        "-a --all --apropos -k --index-search -n --node --init-file -v --variable": "val",
        "-d --directory": "val:load",  # Info directories searched: a manual there is read and printed
        "-f --file": "val:read",
        "-o --output": "val:write",
        "--dribble": "val:write",
        "--restore": "val:script",  # keystrokes read from the file and replayed (the `!` command runs a shell)
        "-O --show-options --usage --raw-escapes --no-raw-escapes --vi-keys --strict-node-location": "flag",
        "-w --where --location --debug -x --help -h --version": "flag",
    },
    operands="text*",
    examples={
        "info ls": "",
        "info coreutils 'ls invocation'": "",
        "info -o ~/.bashrc ls": "write:~/.bashrc",
        "info -f ~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
    },
)


def _bat_cache(result: Walk, argv: list[str]) -> None:
    """`bat cache --build|--clear` rebuilds bat's own syntax cache: the word `cache` is no file."""
    if argv[1:2] == ["cache"]:
        result.effects[:] = [e for e in result.effects if not (e.origin == "operand 1" and e.value == "cache")]


# bat prints files; --pager names the program it pipes them to (a command string it runs), and
# --generate-config-file writes its config, where `--pager=...` is then read at every later run.
BAT = Spec(
    "bat",
    aliases=("batcat",),
    version="bat 0.22.1",
    options={
        "-A --show-all -p --plain -d --diff -n --number -S --chop-long-lines -f --force-colorization": "flag",
        "-L --list-languages --list-themes -u --unbuffered --diagnostic --acknowledgements": "flag",
        "--set-terminal-title --config-file --config-dir --cache-dir -h --help -V --version": "flag",
        "--build --clear --blank": "flag",  # of `bat cache`
        "-l --language -H --highlight-line --file-name --diff-context --tabs --wrap --terminal-width": "val",
        "--color --italic-text --decorations --paging -m --map-syntax --ignored-suffix --theme --style": "val",
        "-r --line-range --nonprintable-notation --binary": "val",
        "--pager": "val:exec",
        "--generate-config-file": "flag:config",
        "--source --target": "unknown",  # of `bat cache`: themes and syntaxes built from / into a directory
    },
    operands="read*",
    judge=_bat_cache,
    examples={
        "bat README.md": "read:README.md",
        "bat -n --style=plain src/app.py": "read:src/app.py",
        "bat --pager less x": "exec:less read:x",
        "bat cache --build": "",
        "bat --generate-config-file": "config",
    },
)
SPECS += [NM, SIZE, INFO, BAT]

# ldd runs the program's own ELF interpreter (PT_INTERP) to list what it loads: a crafted binary names any
# program there, so a binary that is not the person's is code run, as ldd(1) warns.
LDD = Spec(
    "ldd",
    version="GNU libc 2.36",
    options={"--help --version -d --data-relocs -r --function-relocs -u --unused -v --verbose": "flag"},
    operands="script*",
    examples={"ldd --version": "", "ldd /tmp/x": "script:/tmp/x", "ldd -v build/app": "script:build/app"},
)
SPECS += [LDD]


# objdump prints what an object file holds; -S/--source also prints the source files the binary's debug
# information names (any path the binary's builder wrote there, with -I/--prefix to find them), which the
# command line does not show: not modelled, so it asks. `@FILE` reads more options from FILE.
def _objdump_judge(result: Walk, argv: list[str]) -> None:
    _response_files(result, argv)
    for name in ("-S", "--source", "--source-comment"):
        if name in result.seen:
            result.unknown.append(
                f"objdump {name} prints the source files named inside the binary's debug information: "
                "paths hookward cannot see"
            )
            break


OBJDUMP = Spec(
    "objdump",
    version=_BINUTILS,
    options={
        "-a --archive-headers -f --file-headers -p --private-headers -h --section-headers --headers": "flag",
        "-x --all-headers -d -D --disassemble-all -s --full-contents -g --debugging -e --debugging-tags": "flag",
        "-G --stabs -L --process-links -t --syms -T --dynamic-syms -r --reloc -R --dynamic-reloc": "flag",
        "-v --version -i --info -H --help -l --line-numbers -F --file-offsets -w --wide": "flag",
        "-z --disassemble-zeroes --recurse-limit --no-recurse-limit --no-addresses --prefix-addresses": "flag",
        "--show-raw-insn --no-show-raw-insn --show-all-symbols --special-syms --inlines --dwarf-check": "flag",
        "--file-start-context -EB -EL -Wk -WK -WN --noshow-raw-insn": "flag",
        "-S --source": "flag",  # judged by _objdump_judge
        "--source-comment": "opt",  # implies -S
        "--disassemble -C --demangle -W --dwarf --ctf --sframe --visualize-jumps -U": "opt",
        "-P --private -b --target -m --architecture -j --section -M --disassembler-options --endian": "val",
        "--unicode --start-address --stop-address --adjust-vma --insn-width --dwarf-depth --dwarf-start": "val",
        "--ctf-parent --disassembler-color --prefix --prefix-strip": "val",
        "-I --include": "val:stat",  # where -S looks for the source files
    },
    operands="read*",
    judge=_objdump_judge,
    examples={
        "objdump -d a.out": "read:a.out",
        "objdump -h build/lib.so": "read:build/lib.so",
        "objdump -t -C x.o": "read:x.o",
        "objdump -S a.out": "read:a.out unknown",
        "objdump --source -l a.out": "read:a.out unknown",
        "objdump -dS a.out": "read:a.out unknown",
        "objdump -d @/home/u/.aws/credentials": "read:/home/u/.aws/credentials",
        "objdump -M intel -d --start-address=0x1000 bin": "read:bin",
    },
)
SPECS += [OBJDUMP]


# --- code counters: cloc, scc, tokei (they read trees and print counts) ---------------------------------------


def _cloc_judge(result: Walk, argv: list[str]) -> None:
    """`--vcs=git|svn|auto` lists files with that tool; any other value is a command cloc runs for the list.
    `--print-filter-stages` prints the code it counts, so with a list of names hookward cannot see (a list
    file, a VCS's list, an options file) it prints files nobody named."""
    for index, effect in enumerate(result.effects):
        if effect.kind == "text" and effect.origin == "--vcs":
            if effect.value in ("git", "svn", "auto"):
                result.effects[index] = Effect("text", "", "--vcs")
            else:
                result.effects[index] = Effect("exec", effect.value, "--vcs (a command that lists the files)")
    result.effects[:] = [e for e in result.effects if not (e.kind == "text" and not e.value)]
    hidden = {"--list-file", "--diff-list-file", "--diff-list-files", "--vcs", "--config", "--git"}
    if "--print-filter-stages" in result.seen and hidden & set(result.seen):
        result.unknown.append("cloc --print-filter-stages prints files from a list hookward cannot see")


CLOC = Spec(
    "cloc",
    version="cloc 1.96 (Debian bookworm)",
    summary="counts lines of code in files, directories and archives; options may be abbreviated (Getopt::Long)",
    options={
        "--help --version --quiet --json --csv --md --xml --yaml --hide-rate --sum-one --sql-append": "flag",
        "--unicode --autoconf --by-file --by-file-by-lang --count-and-diff --diff --ignore-case": "flag",
        "--ignore-whitespace --docstring-as-code --follow-links --git --git-diff-rel --git-diff-all": "flag",
        "--no-recurse --read-binary-files --skip-uniqueness --stat --sum-reports --unix --windows": "flag",
        "--use-sloccount --fullpath --skip-win-hidden --print-filter-stages --show-os --diff-list-files": "flag",
        "--strip-str-comments --ignore-case-ext": "flag",
        "-v --verbose --show-ext --show-lang --no-autogen": "opt",
        "--diff-timeout --force-lang --lang-no-ext --max-file-size --script-lang --skip-leading": "val",
        "--stdin-name --timeout --processes --exclude-content --exclude-dir --exclude-ext --exclude-lang": "val",
        "--include-ext --include-lang --match-d --not-match-d --match-f --not-match-f --skip-archive": "val",
        "--explain --by-percent --csv-delimiter --file-encoding --progress-rate --summary-cutoff": "val",
        "--sql-project --sql-style --xsl": "val",
        "--vcs": "val:text",  # judged by _cloc_judge
        "--extract-with": "val:exec",  # a command that unpacks each archive (>FILE< is the archive)
        "--config": "val:load",  # more switches, one a line (an --extract-with among them)
        "--list-file --diff-list-file --exclude-list-file --read-lang-def --force-lang-def": "val:read",
        "--out --report-file --sql --categorized --counted --found --ignored --diff-alignment": "val:write",
        "--write-lang-def --write-lang-def-incl-dup": "val:write",
        "--sdir": "val:tree-write",  # scratch files, left there
        # Writes a stripped copy of every file counted into the directory cloc runs in (or, with
        # --original-dir, next to each original: anywhere the operands are).
        "--strip-comments": "val:text",
        "--original-dir": "unknown",
    },
    operands="read*",
    effects="recursive",
    judge=_cloc_judge,
    examples={
        "cloc .": "recursive read:.",
        "cloc src tests --exclude-dir=node_modules": "recursive read:src read:tests",
        "cloc --vcs=git": "recursive",
        "cloc --vcs=./list-files": "recursive exec:./list-files",
        "cloc --extract-with=/tmp/x x.tgz": "recursive exec:/tmp/x read:x.tgz",
        "cloc --report-file ~/.bashrc .": "recursive write:~/.bashrc read:.",
        "cloc --by-file --json --out=/tmp/c.json src": "recursive write:/tmp/c.json read:src",
        "cloc --config /tmp/opts .": "recursive load:/tmp/opts read:.",
        "cloc --list-file=/tmp/l --print-filter-stages": "recursive read:/tmp/l unknown",
        "cloc --diff v1 v2": "recursive read:v1 read:v2",
    },
)


def _scc_outputs(result: Walk, argv: list[str]) -> None:
    """`--format-multi 'tabular:stdout,html:out.html'`: each `FORMAT:FILE` but stdout is a file written."""
    for effect in list(result.effects):
        if effect.kind == "text" and effect.origin == "--format-multi":
            result.effects.remove(effect)
            for item in effect.value.split(","):
                target = item.split(":", 1)[1] if ":" in item else ""
                if target and target != "stdout":
                    result.effects.append(Effect("write", target, "--format-multi"))


SCC = Spec(
    "scc",
    version="scc 3.4.0 (scc --help)",
    summary="counts lines, code and complexity in the trees it is given",
    long_prefix=False,
    options={
        "-h --help --version -v --verbose --binary --by-file --ci --debug --trace -a --dryness": "flag",
        "--include-symlinks -l --languages --min --gen --no-cocomo -c --no-complexity -d --no-duplicates": "flag",
        "--no-gen --no-gitignore --no-gitmodule --no-hborder --no-ignore --no-large --no-min --no-min-gen": "flag",
        "--no-scc-ignore --no-size --overhead --percent --uloc -w --wide --count-ignore": "flag",
        "--avg-wage --cocomo-project-type --count-as --currency-symbol --directory-walker-job-workers --eaf": "val",
        "--exclude-dir -x --exclude-ext --exclude-file --file-gc-count --file-list-queue-size": "val",
        "--file-process-job-workers --file-summary-job-queue-size -f --format --generated-markers": "val",
        "-i --include-ext --large-byte-count --large-line-count --min-gen-line-length -M --not-match": "val",
        "--remap-all --remap-unknown --size-unit --sloccount-format -s --sort --sql-project": "val",
        "-o --output": "val:write",
        "--format-multi": "val:text",  # judged by _scc_outputs
    },
    operands="read*",
    effects="recursive",
    judge=_scc_outputs,
    examples={
        "scc": "recursive",
        "scc src": "recursive read:src",
        "scc --by-file -f json -o ~/.bashrc .": "recursive write:~/.bashrc read:.",
        "scc --format-multi 'tabular:stdout,html:/tmp/r.html'": "recursive write:/tmp/r.html",
    },
)

TOKEI = Spec(
    "tokei",
    version="tokei 12.1.2 (tokei --help)",
    summary="counts lines of code; -o is an output format (json, yaml, cbor), printed, not a file",
    long_prefix=False,
    options={
        "-h --help -V --version -f --files --hidden -l --languages --no-ignore --no-ignore-dot": "flag",
        "--no-ignore-parent --no-ignore-vcs -C --compact -v --verbose -r --rsort": "flag",
        "-c --columns -e --exclude -o --output -s --sort -t --type -n --num-format --streaming": "val",
        "-i --input": "val:read",  # statistics of an earlier run, from a file (or `stdin`)
    },
    operands="read*",
    effects="recursive",
    examples={
        "tokei": "recursive",
        "tokei . -o json": "recursive read:.",
        "tokei --exclude node_modules src": "recursive read:src",
        "tokei -i /tmp/stats.json": "recursive read:/tmp/stats.json",
    },
)
SPECS += [CLOC, SCC, TOKEI]
