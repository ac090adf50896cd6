"""macOS tools: directory services, tracing and process inspectors, Mach-O readers, packaging,
disk images, archives, plists, extended attributes, file flags, Xcode asset compilers.

Reference: the macOS 14 (Sonoma) manual pages of each program (`man dscacheutil`, ...; Xcode 15
for dwarfdump, llvm-otool, dyld_info, actool, ibtool, mig, xctest, genstrings, iconutil),
SwiftLint 0.54, Periphery 2.18, FreeBSD 14 mtree(8) and chflags(1) (macOS ships those).

Inspectors that print metadata pass: dscacheutil queries, dyld_info, dwarfdump, lsbom, vmmap,
nettop, taskinfo. What they change is named: flushing directory-service caches and
`hdiutil detach/eject` destroy state outside the project, `hdiutil attach` mounts, chflags,
`xattr -w/-d/-c`, `PlistBuddy -c Set/Add/Delete/...` and `mtree -U` change files, `mtree -r`
removes files, `mig -cc/-migcom` and `arch PROG`/`caffeinate PROG` run programs, `dltest`
and `xctest` load code, and outputs named on the line (`-o`, `--compile`, `-file`) are writes.
Anything the manual lists and the spec leaves out is not declared, so it asks.
"""

from __future__ import annotations

import shlex

from hookward.policy.spec import Effect, Spec, Walk

_MAC = "macOS 14 (Sonoma) man page"
_XCODE = "Xcode 15"


def _plistbuddy_judge(result: Walk, argv: list[str]) -> None:
    """`-c 'Print :k'` reads the plist; Set/Add/Delete/Clear/Copy/Merge/Import/Save change it; no -c is interactive."""
    commands = [e.value for e in result.effects if e.origin == "-c"]
    files = [e for e in result.effects if e.origin.startswith("operand")]
    rest = [e for e in result.effects if e.origin != "-c" and not e.origin.startswith("operand")]
    writes = False
    extra: list[Effect] = []
    for command in commands:
        try:
            words = shlex.split(command)
        except ValueError:
            result.unknown.append(f"PlistBuddy command {command!r} is not modelled")
            continue
        verb = words[0].lower() if words else ""
        if verb in ("print", "help", "exit"):
            continue
        if verb in ("set", "add", "delete", "clear", "copy", "save", "revert"):
            writes = True
        elif verb in ("merge", "import") and len(words) >= 2:
            writes = True
            extra.append(Effect("read", words[-1] if verb == "import" else words[1], f"PlistBuddy {verb}"))
        else:
            result.unknown.append(f"PlistBuddy command {verb!r} is not modelled")
    if not commands and "-h" not in argv:
        result.unknown.append("PlistBuddy without -c is an interactive session, not modelled")
    kind = "edit" if writes else "read"
    result.effects[:] = rest + [Effect(kind, e.value, e.origin) for e in files] + extra


def _letters(argv: list[str]) -> set[str]:
    """The one-letter options of an argv, bundled or not (strictest: a value's letters count too)."""
    return {c for w in argv[1:] if w.startswith("-") and not w.startswith("--") for c in w[1:]}


def _mtree_judge(result: Walk, argv: list[str]) -> None:
    """-U/-u change the tree's owners, modes and times to the spec's; -r removes what the spec does not list."""
    origins = {"-" + c for c in _letters(argv)}
    trees = [e.value for e in result.effects if e.origin == "-p"] or ["."]
    if origins & {"-U", "-u"}:
        result.effects.extend(Effect("tree-write", t, "-U") for t in trees)
    if "-r" in origins:
        result.effects.extend(Effect("tree-delete", t, "-r") for t in trees)


def _xar_judge(result: Walk, argv: list[str]) -> None:
    """-f names the archive: written by -c, read by -t and -x; -x unpacks into the cwd (or -C)."""
    origins = {"-" + c for c in _letters(argv)}
    effects = []
    for effect in result.effects:
        if effect.origin == "-f" and "-c" in origins:
            effects.append(Effect("write", effect.value, "-f"))
        elif effect.origin == "-f":
            effects.append(Effect("archive", effect.value, "-f"))
        elif effect.origin.startswith("operand") and "-c" not in origins:
            continue  # member names
        else:
            effects.append(effect)
    if "-x" in origins:
        effects.append(Effect("extract", "", "-x"))
    if not origins & {"-c", "-x", "-t"}:
        result.unknown.append("xar without -c, -x or -t is not modelled")
    result.effects[:] = effects


def _sub(name: str, options: dict[str, str] | None = None, operands: str = "", effects: str = "", **kw) -> Spec:  # type: ignore[no-untyped-def]
    options = dict(options or {})
    declared = {word for key in options for word in key.split()}
    base = " ".join(w for w in ("-h", "--help") if w not in declared)
    return Spec(name, options={**({base: "flag"} if base else {}), **options}, operands=operands, effects=effects, **kw)


_DSCACHEUTIL = Spec(
    "dscacheutil",
    version=_MAC,
    single_dash=True,
    options={
        "-h -statistics -configuration -cachedump -buckets": "flag",
        "-entries": "opt",
        "-q": "val",
        "-a": "val2",
        "-flushcache": "flag:destroy",
    },
    examples={
        "dscacheutil -q user -a name root": "",
        "dscacheutil -statistics": "",
        "dscacheutil -cachedump": "",
        "dscacheutil -flushcache": "destroy",
    },
)

_DSMEMBERUTIL = Spec(
    "dsmemberutil",
    version=_MAC,
    subcommands={
        "checkmembership getuuid getid getsid": _sub(
            "query", {"-u -U -s -x -g -G -S -X": "val"}, examples={"dsmemberutil getuuid -u 501": ""}
        ),
        "flushcache": _sub("flushcache", effects="destroy", examples={"dsmemberutil flushcache": "destroy"}),
    },
    examples={"dsmemberutil checkmembership -u 501 -G admin": ""},
)

_TRACER_OPTIONS = {
    "-h -e -w -b -j -J": "flag",
    "-f -t -S -E": "val",
    "-R": "val:read",
}

_DWARFDUMP = Spec(
    "dwarfdump",
    version=_XCODE + " (llvm-dwarfdump)",
    options={
        "-h --help --help-list --version -a --all --uuid --verify --statistics --show-form -c --show-children": "flag",
        "--debug-info --debug-line --debug-abbrev --debug-aranges --debug-frame --debug-loc --debug-str": "flag",
        "--debug-ranges --debug-pubnames --debug-names --debug-macro --eh-frame --apple-names --apple-types": "flag",
        "--apple-objc --apple-namespaces --debug-types --debug-addr --debug-rnglists --debug-loclists": "flag",
        "-i --ignore-case -r --recurse-depth -p --show-parents -v --verbose -u -V --summarize-types": "flag",
        "--diff --quiet --regex -x --lookup --name -n --find -f --arch --parent-recurse-depth": "val",
        "-o --out-file": "val:write",
    },
    operands="read*",
    examples={
        "dwarfdump --uuid binary": "read:binary",
        "dwarfdump --verify file.dSYM": "read:file.dSYM",
        "dwarfdump --help": "",
        "dwarfdump -o ~/.zshrc a.out": "read:a.out write:~/.zshrc",
    },
)

_OTOOL_FLAGS = "-a -S -f -h -l -L -D -t -d -o -r -T -M -R -I -H -G -C -P -v -V -X -c -x -j -m -B -q -Q --help --version"

_HDIUTIL_READ = {"-plist -quiet -verbose -debug -puppetstrings -srcimagekey -encryption -stdinpass": "flag"}

_HDIUTIL = Spec(
    "hdiutil",
    version=_MAC,
    summary="info/verify/imageinfo/checksum read; attach mounts; detach/eject unmount; create/convert write -o",
    subcommands={
        "info help plugins": _sub("info", {"-plist": "flag"}, examples={"hdiutil info": ""}),
        "verify imageinfo isencrypted checksum pmap": _sub(
            "verify",
            {**_HDIUTIL_READ, "-type -format -shadow": "val"},
            operands="read",
            single_dash=True,
            examples={"hdiutil verify image.dmg": "read:image.dmg"},
        ),
        "attach mount": _sub(
            "attach",
            {
                **_HDIUTIL_READ,
                "-readonly -nobrowse -noverify -noautoopen -autoopen": "flag",
                "-mountpoint": "val:write",
            },
            operands="read",
            effects="config",
            single_dash=True,
            examples={"hdiutil attach x.dmg": "config read:x.dmg"},
        ),
        "detach eject unmount": _sub(
            "detach",
            {"-force -quiet -verbose -debug": "flag"},
            operands="text",
            effects="destroy",
            single_dash=True,
            examples={"hdiutil detach /Volumes/X": "destroy"},
        ),
        "create convert": _sub(
            "create",
            {
                **_HDIUTIL_READ,
                "-format -size -fs -volname -type -layout -ov -megabytes -sectors -imagekey": "val",
                "-srcfolder -srcdevice": "val:tree-read",
                "-o": "val:write",
            },
            operands="read?",
            single_dash=True,
            examples={"hdiutil create -srcfolder app -o /tmp/a.dmg": "tree-read:app write:/tmp/a.dmg"},
        ),
    },
)

_AA_COMMON = {
    "-h -v -q": "flag",
    "-a -b -t -enable-dedup -enable-holes -include-path -exclude-path -include-name -exclude-name": "val",
    "-include-regex -exclude-regex -include-type -exclude-type -include-field -exclude-field": "val",
    "-exclude-path-list -include-path-list": "val:read",
}

_AA = Spec(
    "aa",
    version=_MAC + " (Apple Archive aa)",
    single_dash=True,
    options={"-h": "flag"},
    subcommands={
        "list": _sub(
            "list",
            {**_AA_COMMON, "-i": "val:archive"},
            single_dash=True,
            examples={"aa list -i a.aar": "archive:a.aar"},
        ),
        "archive": _sub(
            "archive",
            {**_AA_COMMON, "-d": "val:tree-read", "-o": "val:write"},
            single_dash=True,
            examples={"aa archive -d src -o out.aar": "tree-read:src write:out.aar"},
        ),
        "extract": _sub(
            "extract",
            {**_AA_COMMON, "-i": "val:archive", "-d": "val:cd"},
            effects="extract",
            single_dash=True,
            examples={"aa extract -i a.aar -d out": "archive:a.aar cd:out extract"},
        ),
    },
    examples={"aa list": ""},
)

_AEA = Spec(
    "aea",
    version=_MAC + " (Apple Encrypted Archive aea)",
    subcommands={
        "id": _sub("id", {"-i": "val:read", "-v": "flag"}, single_dash=True, examples={"aea id": ""}),
        "encrypt decrypt": _sub(
            "encrypt",
            {"-v -profile": "flag", "-i": "val:read", "-o": "val:write", "-key -recipient-pub -sign-priv": "val:read"},
            single_dash=True,
            examples={"aea decrypt -i a.aea -o a.aar -key k.bin": "read:a.aea write:a.aar read:k.bin"},
        ),
    },
)

_LSAPPINFO = Spec(
    "lsappinfo",
    version=_MAC,
    subcommands={
        "list info front find visibleProcessList processList metainfo sharedmemory": _sub(
            "list", {"-all -only -app -long -pid": "flag"}, operands="text*", single_dash=True
        ),
    },
    examples={"lsappinfo list": "", "lsappinfo info -only name Finder": "", "lsappinfo launch x": "unknown"},
)

_SWIFTLINT_COMMON = {
    "-h --help --quiet --strict --lenient --no-cache --enable-all-rules --use-alternative-excluding --progress": "flag",
    "--reporter --cache-path --working-directory --compile-commands": "val",
    "--config": "val:read",
    "--use-script-input-files --force-exclude --in-process-sourcekit": "flag",
    "--output": "val:write",
    "--baseline": "val:read",
    "--write-baseline": "val:write",
}

SPECS = [
    _DSCACHEUTIL,
    _DSMEMBERUTIL,
    Spec(
        "dyld_usage",
        version=_MAC,
        options=_TRACER_OPTIONS,
        operands="text*",
        examples={"dyld_usage": "", "dyld_usage -j": "", "dyld_usage -R raw.trace": "read:raw.trace"},
    ),
    Spec(
        "fs_usage",
        version=_MAC,
        options=_TRACER_OPTIONS,
        operands="text*",
        examples={"fs_usage": "", "fs_usage -w -f filesys Finder": ""},
    ),
    Spec("hpmdiagnose", version=_MAC, examples={"hpmdiagnose": ""}),
    Spec("tbtdiagnose", version=_MAC, examples={"tbtdiagnose": ""}),
    Spec(
        "viewdiagnostic",
        version=_MAC,
        operands="read",
        examples={"viewdiagnostic /tmp/crash.ips": "read:/tmp/crash.ips"},
    ),
    Spec(
        "path_helper",
        version=_MAC,
        options={"-c -s -d": "flag"},
        examples={"path_helper -s": "", "path_helper -c": ""},
    ),
    Spec("pcsstatus", version=_MAC, examples={"pcsstatus": ""}),
    Spec(
        "cmpdylib",
        version=_XCODE,
        operands="read read",
        examples={"cmpdylib old.dylib new.dylib": "read:old.dylib read:new.dylib"},
    ),
    Spec(
        "dyld_info",
        version=_XCODE,
        single_dash=True,
        options={
            "-help --help -platform -segments -dependents -inits -exports -imports -objc -fixups -fixup_chains": "flag",
            "-fixup_chain_details -symbolic_fixups -opcodes -function_starts -linked_dylibs -validate_only": "flag",
            "-disassemble -all_sections -all_sections_raw -uuid -symbols": "flag",
            "-arch": "val",
            "-section": "val2",
        },
        operands="read*",
        examples={
            "dyld_info --help": "",
            "dyld_info -segments /usr/lib/libSystem.B.dylib": "read:/usr/lib/libSystem.B.dylib",
        },
    ),
    _DWARFDUMP,
    Spec(
        "llvm-otool",
        version=_XCODE + " (llvm-otool)",
        options={_OTOOL_FLAGS: "flag", "-p -arch": "val", "-s": "val2"},
        operands="read*",
        examples={"llvm-otool --help": "", "llvm-otool -L a.out": "read:a.out"},
    ),
    Spec(
        "pagestuff",
        version=_XCODE,
        options={"-a -p": "flag", "-arch": "val"},
        operands="read text*",
        examples={"pagestuff binary -a": "read:binary"},
    ),
    Spec(
        "unwinddump",
        version=_XCODE,
        options={"-arch": "val"},
        operands="read",
        examples={"unwinddump binary": "read:binary"},
    ),
    Spec(
        "lorder",
        version=_XCODE + " (BSD lorder)",
        operands="read+",
        examples={"lorder a.o b.o c.o": "read:a.o read:b.o read:c.o"},
    ),
    Spec(
        "dltest",
        version=_MAC,
        summary="dlopen()s the library (its initialisers run) and looks up the symbol",
        operands="load text*",
        examples={"dltest /usr/lib/libc.dylib printf": "load:/usr/lib/libc.dylib"},
    ),
    Spec(
        "lldb",
        version=_XCODE + " (lldb-1500)",
        summary="--version and --help print; a target program, -p/-n attaching and -o/-s commands are debugging, not modelled",
        options={"-v --version -h --help": "flag"},
        operands="unknown*",
        examples={"lldb --version": "", "lldb --help": "", "lldb /usr/bin/echo": "unknown"},
    ),
    Spec(
        "pkgbuild",
        version=_MAC,
        options={
            "--analyze --quiet --preserve-xattr --large-payload": "flag",
            "--identifier --version --install-location --sign --timestamp --filter --ownership": "val",
            "--min-os-version --compression --cert": "val",
            "--root --scripts": "val:tree-read",
            "--component --component-plist --info --keychain --prior": "val:read",
        },
        operands="write",
        examples={
            "pkgbuild --component App.app --identifier com.example MyApp.pkg": "read:App.app write:MyApp.pkg",
            "pkgbuild --root build --identifier x ~/Library/x.pkg": "tree-read:build write:~/Library/x.pkg",
        },
    ),
    Spec(
        "productbuild",
        version=_MAC,
        options={
            "--synthesize --quiet --timestamp": "flag",
            "--identifier --version --sign --cert": "val",
            "--distribution --package --product --keychain": "val:read",
            "--resources --scripts --plugins": "val:tree-read",
            "--component": "val:read",
        },
        operands="write",
        examples={"productbuild --synthesize --package MyApp.pkg dist.xml": "read:MyApp.pkg write:dist.xml"},
    ),
    Spec(
        "afscexpand",
        version=_MAC,
        summary="decompresses HFS+/APFS-compressed files in place",
        options={"-v": "flag"},
        operands="edit+",
        examples={"afscexpand file.txt": "edit:file.txt"},
    ),
    Spec(
        "chflags",
        version="FreeBSD 14 chflags(1) (macOS 14)",
        options={"-f -h -v -x -H -L -P": "flag", "-R": "flag:recursive"},
        posix=True,
        operands="text edit+",
        examples={"chflags uchg secret.txt": "edit:secret.txt", "chflags -R nouchg ~/.ssh": "recursive edit:~/.ssh"},
    ),
    Spec(
        "mtree",
        version="FreeBSD 14 mtree(8) (macOS 14)",
        options={
            "-b -C -c -D -d -e -i -j -L -l -M -n -P -q -S -t -w -x": "flag",
            "-U -u -r": "flag",
            "-F -K -k -R -s -E -I": "val",
            "-f -X": "val:read",
            "-p": "val:tree-read",
            "-N": "val:tree-read",
        },
        judge=_mtree_judge,
        examples={
            "mtree -p /tmp": "tree-read:/tmp",
            "mtree -c -p src": "tree-read:src",
            "mtree -U -f spec -p ~/.config": "read:spec tree-read:~/.config tree-write:~/.config",
            "mtree -r -f spec -p /tmp/x": "read:spec tree-read:/tmp/x tree-delete:/tmp/x",
        },
    ),
    Spec(
        "xattr",
        version=_MAC,
        summary="lists or prints attributes; -w writes, -d deletes and -c clears them",
        options={
            "-h -l -s -v -x": "flag",
            "-r": "flag:recursive",
            "-p": "flag>text,read+",
            "-w": "flag>text,text,edit+",
            "-d": "flag>text,edit+",
            "-c": "flag>edit+",
        },
        operands="read+",
        examples={
            "xattr file.txt": "read:file.txt",
            "xattr -p com.apple.quarantine a.app": "read:a.app",
            "xattr -d com.apple.quarantine a.app": "edit:a.app",
            "xattr -w com.x v ~/.zshrc": "edit:~/.zshrc",
            "xattr -cr ~/Library": "recursive edit:~/Library",
        },
    ),
    Spec(
        "drutil",
        version=_MAC,
        subcommands={
            "info status list discinfo trackinfo cdtext subchannel getconfig filename poll version help": _sub(
                "info", {"-drive -xml": "flag"}, operands="text*", single_dash=True
            ),
            "erase bulkerase": _sub("erase", operands="text*", effects="destroy"),
        },
        examples={"drutil info": "", "drutil erase quick": "destroy", "drutil burn x": "unknown"},
    ),
    Spec(
        "lsbom",
        version=_MAC,
        options={"-b -c -d -f -l -m -s -x": "flag", "-p --arch": "val"},
        operands="read+",
        examples={"lsbom Receipt.bom": "read:Receipt.bom"},
    ),
    Spec(
        "DeRez",
        version=_XCODE + " (DeRez)",
        single_dash=True,
        options={
            "-p -e -rd -m -s -useDF -noResolve -h": "flag",
            "-only -skip -d -u -maxstringsize": "val",
            "-i -isysroot": "val:tree-read",
        },
        operands="read+",
        examples={"DeRez resource.rsrc": "read:resource.rsrc"},
    ),
    Spec(
        "PlistBuddy",
        version=_MAC + " (/usr/libexec/PlistBuddy)",
        options={"-x -h": "flag", "-c": "val:text"},
        operands="read",
        judge=_plistbuddy_judge,
        examples={
            "PlistBuddy -c 'Print :Foo' /tmp/info.plist": "read:/tmp/info.plist",
            "PlistBuddy -c 'Set :K v' ~/Library/Preferences/x.plist": "edit:~/Library/Preferences/x.plist",
            "PlistBuddy -c 'Delete :K' a.plist": "edit:a.plist",
            "PlistBuddy -c 'Merge /tmp/o.plist' a.plist": "edit:a.plist read:/tmp/o.plist",
            "PlistBuddy a.plist": "read:a.plist unknown",
        },
    ),
    _HDIUTIL,
    Spec(
        "smbutil",
        version=_MAC,
        subcommands={
            "lookup status view identity statshares multichannel": _sub(
                "lookup", {"-N -A -a -m -f -e -v -w": "flag", "-g -W -t": "val"}, operands="text*", effects="network"
            ),
        },
        examples={"smbutil lookup server": "network", "smbutil login //u@s": "unknown"},
    ),
    Spec(
        "shazam",
        version="shazam (macOS 14 ShazamKit CLI)",
        subcommands={
            "signature": _sub(
                "signature",
                {"-i --input": "val:read", "-o --output": "val:write"},
                examples={
                    "shazam signature --input audio.m4a --output sig.shazamsignature": "read:audio.m4a write:sig.shazamsignature"
                },
            ),
        },
    ),
    Spec(
        "osacompile",
        version=_MAC,
        summary="compiles (does not run) AppleScript; -o names the output",
        options={"-l -e -r -t -c -d": "val", "-x -s -u": "flag", "-o": "val:write"},
        operands="read*",
        examples={
            "osacompile -e 'beep' -o beep.scpt": "write:beep.scpt",
            "osacompile -o ~/Library/LaunchAgents/x.app s.applescript": "write:~/Library/LaunchAgents/x.app read:s.applescript",
        },
    ),
    Spec("osalang", version=_MAC, options={"-d -l -L": "flag"}, examples={"osalang -l": ""}),
    Spec(
        "uttype",
        version="uttype (macOS 15)",
        options={"--all --help -h": "flag"},
        operands="text*",
        examples={"uttype --all": ""},
    ),
    Spec(
        "wdutil",
        version=_MAC,
        subcommands={"info": _sub("info", examples={"wdutil info": ""})},
        examples={"wdutil log +wifi": "unknown"},
    ),
    Spec(
        "assetutil",
        version=_XCODE,
        options={
            "-I --info -h --help": "flag",
            "-i --idiom -s --scale -p --display-gamut -M --graphicsclass -g": "val",
            "-o --output": "val:write",
        },
        operands="read",
        examples={
            "assetutil -I Assets.car": "read:Assets.car",
            "assetutil -i phone -s 2 -o /tmp/t.car Assets.car": "write:/tmp/t.car read:Assets.car",
        },
    ),
    Spec(
        "xip",
        version=_MAC,
        options={
            "--expand": "flag>archive+:extract",
            "--keychain": "val:read",
            "--sign --timestamp": "val",
            "-h --help": "flag",
        },
        operands="read+ write",
        examples={
            "xip --expand archive.xip": "archive:archive.xip extract",
            "xip --sign Dev in.app out.xip": "read:in.app write:out.xip",
        },
    ),
    _AA,
    _AEA,
    Spec(
        "xar",
        version=_MAC + " (xar 1.8)",
        options={
            "-c -x -t -v -h --help --version -P -p --link-same --keep-existing --keep-setuid --no-compress": "flag",
            "-n --compression --toc-cksum --file-cksum -s --exclude --prop-include --prop-exclude": "val",
            "-f": "val:read",
            "-C": "val:cd",
        },
        operands="tree-read*",
        judge=_xar_judge,
        examples={
            "xar -x -f file.xar": "archive:file.xar extract",
            "xar -t -f a.xar": "archive:a.xar",
            "xar -c -f out.xar src": "write:out.xar tree-read:src",
            "xar -x -f a.xar -C ~/Library": "archive:a.xar cd:~/Library extract",
        },
    ),
    Spec(
        "ditto",
        version=_MAC,
        options={
            "-v -V -X -z -j -k --keepParent --rsrc --norsrc --extattr --noextattr --acl --noacl --qtn --noqtn": "flag",
            "--sequesterRsrc --nocache --hfsCompression --nohfsCompression --preserveHFSCompression": "flag",
            "--nopreserveHFSCompression --clone --noclone -h": "flag",
            "--zlibCompressionLevel --arch": "val",
            "--bom": "val:read",
            "-c": "flag>tree-read+,write",
            "-x": "flag>archive+,cd:extract",
        },
        operands="tree-read+ tree-dest",
        examples={
            "ditto src/ dest/": "tree-read:src/ tree-dest:dest/",
            "ditto -c -k --keepParent App.app App.zip": "tree-read:App.app write:App.zip",
            "ditto -x -k a.zip ~/Library": "archive:a.zip cd:~/Library extract",
        },
    ),
    Spec(
        "vmmap",
        version=_MAC,
        single_dash=True,
        options={
            "-h -w -wide -v -verbose -resident -dirty -swapped -purge -summary -interleaved -submap -allSplitLibs": "flag",
            "-noCoalesce -pages -stacks -sortBySize -forkCorpse -noMalloc -gcroots": "flag",
        },
        operands="text*",
        examples={"vmmap -h": "", "vmmap -summary 123": ""},
    ),
    Spec("klist_cdhashes", version=_MAC, examples={"klist_cdhashes": ""}),
    Spec(
        "nettop",
        version=_MAC,
        options={"-P -c -d -n -x -h -a -e": "flag", "-L -l -J -j -m -t -s -p": "val"},
        examples={"nettop": "", "nettop -P -L 1": ""},
    ),
    Spec(
        "lskq",
        version=_MAC,
        options={"-a -h -v -e -r": "flag", "-p": "val"},
        operands="text?",
        examples={"lskq -a": ""},
    ),
    Spec(
        "lsmp", version=_MAC, options={"-a -h -v -j": "flag", "-p": "val"}, operands="text?", examples={"lsmp -a": ""}
    ),
    Spec(
        "taskinfo",
        version=_MAC,
        options={"--threads --dq --boosts --threadcounts -h --help": "flag"},
        operands="text?",
        examples={"taskinfo": "", "taskinfo --threads 123": ""},
    ),
    Spec(
        "caffeinate",
        version=_MAC,
        summary="keeps the machine awake; a UTILITY operand is a command it runs",
        options={"-d -i -m -s -u": "flag", "-t -w": "val"},
        posix=True,
        operands="argv",
        examples={"caffeinate": "", "caffeinate -i make": "runs:make"},
    ),
    _LSAPPINFO,
    Spec(
        "spindump",
        version=_MAC,
        single_dash=True,
        options={
            "-h -help -reveal -noFile -stdout -wait -onlyRunnable -noProcessingWhileSampling -timeline -heavy": "flag",
            "-i -indexRange -microstackshots -proc -pid": "val",
            "-file -o": "val:write",
        },
        operands="text*",
        examples={"spindump": "", "spindump Finder 5 -file /tmp/s.txt": "write:/tmp/s.txt"},
    ),
    Spec(
        "trace",
        version=_MAC + " (trace, ktrace's front end)",
        subcommands={"plans help": _sub("plans", examples={"trace plans": ""})},
    ),
    Spec(
        "ktrace",
        version=_MAC,
        subcommands={"info help": _sub("info", examples={"ktrace info": ""})},
        examples={"ktrace trace -S": "unknown"},
    ),
    Spec(
        "sample",
        version=_MAC,
        single_dash=True,
        summary="samples a process's stacks; -file names the report it writes",
        options={
            "-wait -mayDie -fullPaths -e -h": "flag",
            "-allMaxThreadCount -maxThreadCount": "val",
            "-file -f": "val:write",
        },
        operands="text text text?",
        examples={
            "sample 48066": "",
            "sample 48066 5 100": "",
            "sample 48066 -allMaxThreadCount 8": "",
            "sample 48066 -file ~/.zshrc": "write:~/.zshrc",
        },
    ),
    Spec(
        "actool",
        version=_XCODE,
        options={
            "--version --print-contents --notices --warnings --errors --enable-on-demand-resources": "flag",
            "--include-all-app-icons --compress-pngs --enable-incremental-distill": "flag",
            "--platform --minimum-deployment-target --app-icon --accent-color --output-format --target-device": "val",
            "--development-region --standalone-icon-behavior --launch-image --product-type --filter-for-device-model": "val",
            "--compile": "val:tree-write",
            "--output-partial-info-plist --export-dependency-info": "val:write",
        },
        operands="tree-read+",
        examples={
            "actool --compile Build/ Assets.xcassets --platform iphoneos --minimum-deployment-target 16.0": "tree-write:Build/ tree-read:Assets.xcassets",
        },
    ),
    Spec(
        "ibtool",
        version=_XCODE,
        options={
            "--errors --warnings --notices --flatten --upgrade --update-frames --auto-activate-custom-fonts": "flag",
            "--print-objects --print-hierarchy --print-connections --version": "flag",
            "--output-format --module --target-device --minimum-deployment-target": "val",
            "--compile --write --strip --export-strings-file --output-partial-info-plist --link": "val:write",
            "--import-strings-file": "val:read",
        },
        operands="read+",
        examples={"ibtool --compile out.nib Main.storyboard": "write:out.nib read:Main.storyboard"},
    ),
    Spec(
        "iconutil",
        version=_MAC,
        options={"-c --convert": "val", "-o --output": "val:write", "-h --help": "flag"},
        operands="read",
        examples={
            "iconutil --convert icns MyIcon.iconset": "read:MyIcon.iconset",
            "iconutil --convert iconset -o My.iconset MyIcon.icns": "write:My.iconset read:MyIcon.icns",
        },
    ),
    Spec(
        "layerutil",
        version=_XCODE,
        options={"-c -h": "flag", "-o": "val:write"},
        operands="read",
        examples={"layerutil -c -o out.lcr Image.psd": "write:out.lcr read:Image.psd"},
    ),
    Spec(
        "genstrings",
        version=_XCODE,
        single_dash=True,
        options={
            "-a -q -u -macRoman -bigEndian -littleEndian -skipTable -noPositionalParameters -SwiftUI": "flag",
            "-s -encoding": "val",
            "-o": "val:tree-write",
        },
        operands="read+",
        examples={"genstrings -o Localizations Main.swift": "tree-write:Localizations read:Main.swift"},
    ),
    Spec(
        "gen_bridge_metadata",
        version=_MAC + " (BridgeSupport)",
        options={
            "--64-bit -d --debug -h --help -v --version -p --private": "flag",
            "-F --format -c --cflags": "val",
            "-f --framework": "val:tree-read",
            "-e --exception": "val:read",
            "-o --output": "val:write",
        },
        operands="read*",
        examples={
            "gen_bridge_metadata -F /System/Library/Frameworks/Foundation.framework -o foundation.bridgesupport": "write:foundation.bridgesupport",
            "gen_bridge_metadata -f /tmp/X.framework -o ~/.zshrc": "tree-read:/tmp/X.framework write:~/.zshrc",
        },
    ),
    Spec(
        "mig",
        version=_XCODE,
        single_dash=True,
        summary="-cc and -migcom name programs that mig runs",
        options={
            "-q -Q -v -V -L -S -split -novouchers": "flag",
            "-arch -maxonstack -isysroot": "val",
            "-user -server -header -sheader -iheader -dheader": "val:write",
            "-cc -migcom": "val:script",
        },
        operands="read",
        examples={
            "mig -user user.c -server server.c -header user.h spec.defs": "write:user.c write:server.c write:user.h read:spec.defs",
            "mig -cc /tmp/evil spec.defs": "script:/tmp/evil read:spec.defs",
        },
    ),
    Spec(
        "xctest",
        version=_XCODE,
        summary="loads the test bundle's code into the process and runs it",
        single_dash=True,
        options={"-XCTest": "val"},
        operands="load",
        examples={"xctest /tmp/MyTests.xctest": "load:/tmp/MyTests.xctest"},
    ),
    Spec(
        "swiftlint",
        version="SwiftLint 0.54",
        subcommands={
            "lint": _sub("lint", {**_SWIFTLINT_COMMON, "--fix --autocorrect --format": "flag>edit*"}, operands="read*"),
            "analyze": _sub(
                "analyze",
                {**_SWIFTLINT_COMMON, "--compiler-log-path": "val:read", "--fix --autocorrect --format": "flag>edit*"},
                operands="read*",
            ),
            "rules version reporters": _sub(
                "rules", {"--config": "val:read", "-e --enabled -d --disabled -v --verbose": "flag"}, operands="text*"
            ),
        },
        examples={
            "swiftlint lint": "",
            "swiftlint analyze --compiler-log-path build.log": "read:build.log",
            "swiftlint lint --fix ~/.zshrc": "edit:~/.zshrc",
            "swiftlint version": "",
        },
    ),
    Spec(
        "periphery",
        version="Periphery 2.18",
        subcommands={
            "scan": _sub(
                "scan",
                {
                    "--setup --skip-build --skip-schemes-validation --clean-build --strict --quiet --verbose --disable-update-check": "flag",
                    "--retain-public --retain-objc-accessible --retain-unused-protocol-func-params --relative-results": "flag",
                    "--workspace --project --schemes --targets --format --index-exclude --report-exclude --index-store-path": "val",
                    "--config": "val:read",
                },
                examples={"periphery scan": ""},
            ),
            "version": _sub("version"),
        },
    ),
    Spec(
        "arch",
        version=_MAC + " (and GNU coreutils 9.1 `arch`)",
        summary="prints the architecture; with PROG, runs PROG under the named architecture",
        single_dash=True,
        options={
            "-32 -64 -arm64 -arm64e -x86_64 -x86_64h -i386 -c -h --help --version": "flag",
            "-arch -d": "val",
            "-e": "val:unknown",
        },
        posix=True,
        operands="argv",
        examples={
            "arch": "",
            "arch -x86_64 make": "runs:make",
            "arch -e DYLD_INSERT_LIBRARIES=/tmp/x.dylib ls": "runs:ls unknown",
        },
    ),
]

# --- open / xdg-open: hand a file or URL to the desktop -----------------------------------------
# Opening a document shows it to the person; opening something the desktop *runs* is a program started:
# an application bundle, a Terminal script (`.command`, `.tool`, `.terminal`), an Automator workflow,
# an installer, a `.desktop` launcher, or any file handed to a terminal application with `-a Terminal`.
_LAUNCHED = (
    ".app",
    ".command",
    ".tool",
    ".terminal",
    ".workflow",
    ".action",
    ".pkg",
    ".mpkg",
    ".scpt",
    ".applescript",
    ".scptd",
    ".jar",
    ".desktop",
    ".sh",
    ".bash",
    ".zsh",
    ".py",
    ".rb",
    ".pl",
    ".exe",
    ".bat",
    ".cmd",
    ".ps1",
    ".appimage",
)
_TERMINALS = (
    "terminal",
    "iterm",
    "iterm2",
    "warp",
    "alacritty",
    "kitty",
    "wezterm",
    "ghostty",
    "hyper",
    "script editor",
)


def _open_judge(result: Walk, argv: list[str]) -> None:
    apps = [e.value.lower().rsplit("/", 1)[-1].removesuffix(".app") for e in result.effects if e.origin in ("-a",)]
    terminal = any(app in _TERMINALS for app in apps)
    effects = []
    for effect in result.effects:
        if effect.origin in ("-a", "-b"):
            if effect.origin == "-a" and "/" in effect.value:
                effects.append(Effect("script", effect.value, "-a"))  # an application named by its path runs
            continue
        if effect.origin.startswith("operand") and effect.kind == "read":
            target = effect.value.rstrip("/").lower()
            if "://" in target or target.startswith(("mailto:", "tel:")):
                continue  # a URL: the browser fetches it
            if terminal or target.endswith(_LAUNCHED):
                effects.append(Effect("script", effect.value, effect.origin))
                continue
        effects.append(effect)
    result.effects[:] = effects


OPEN = Spec(
    "open",
    version=_MAC,
    options={
        "-e -t -f -F -W -R -n -g -j -h -H -D -C --fresh --background --hide --new --reveal --wait-apps": "flag",
        "-a -b": "val:text",  # the application that opens the files: the judge reads it
        "-s -u --url": "val",
        "--env": "unknown",  # an environment variable set for the launched application (DYLD_INSERT_LIBRARIES)
        "--args": "unknown",  # the rest are the application's own arguments
        "-i --stdin": "val:read",
        "-o --stdout --stderr": "val:write",
    },
    operands="read*",
    judge=_open_judge,
    examples={
        "open .": "read:.",
        "open README.md": "read:README.md",
        "open https://example.com": "",
        "open /tmp/x.command": "script:/tmp/x.command",
        "open -a Terminal /tmp/x.sh": "script:/tmp/x.sh",
        "open -a /tmp/Evil.app": "script:/tmp/Evil.app",
        "open -a Preview report.pdf": "read:report.pdf",
        "open /Applications/Calculator.app": "script:/Applications/Calculator.app",
    },
)
XDG_OPEN = Spec(
    "xdg-open",
    version="xdg-utils 1.1.3",
    options={"--help --manual --version": "flag"},
    operands="read",
    judge=_open_judge,
    examples={
        "xdg-open .": "read:.",
        "xdg-open https://example.com": "",
        "xdg-open /tmp/x.desktop": "script:/tmp/x.desktop",
    },
)
SPECS += [OPEN, XDG_OPEN]
