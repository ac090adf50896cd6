"""Archives, compressors and patch: judged by what they create, replace or remove.

References (Debian bookworm): GNU tar 1.34, bsdtar 3.6.2, UnZip 6.00, Zip 3.0,
p7zip 16.02 (7z, 7za, 7zr), GNU cpio 2.13, GNU binutils 2.40 (ar), unrar 6.21,
gzip 1.12, bzip2 1.0.8, xz-utils 5.4.1, zstd 1.5.4, lz4 1.9.4, brotli 1.0.9, GNU patch 2.7.6.

Unpacking is the `extract` effect; its destination is the `cd` directory (`-C`, `-d`,
`-o{dir}`) and the archive is the `archive` path. The engine reads the archive's listing
where it is bounded (policy/archives.py) and judges every member as a write under the
destination; where it cannot, the destination decides. An `extract` effect whose value is
`/` says members may land anywhere (`tar -P`, `unzip -:`, `cpio -i` without
`--no-absolute-filenames`). An in-place compressor replaces its operand: it reads it,
writes the compressed file and deletes the original, unless `-c` / `-k` (or, for zstd,
lz4 and brotli, unless `--rm`). `zip -m`, `tar --remove-files` and `7z a -sdel` delete
their inputs. Commands run by an archiver (`tar -I`, `--to-command`,
`--checkpoint-action=exec=`, `zip -TT`) are exec.
"""

from __future__ import annotations

import os
import re

from hookward.policy.spec import Effect, Spec, Walk, walk

_HELP = {"--help --version": "flag"}

# --- tar ----------------------------------------------------------------------------------

_TAR_FLAGS = (
    "-z --gzip --gunzip --ungzip -j --bzip2 -J --xz --lzip --lzma --lzop --zstd -Z --compress --uncompress "
    "-a --auto-compress --no-auto-compress -v --verbose -p --preserve-permissions --same-permissions "
    "--no-same-permissions --same-owner --no-same-owner --numeric-owner -k --keep-old-files --keep-newer-files "
    "--skip-old-files --overwrite --overwrite-dir --no-overwrite-dir -U --unlink-first --recursive-unlink "
    "-m --touch -h --dereference --hard-dereference -S --sparse -W --verify -w --interactive --confirmation "
    "-G --incremental --totals --exclude-vcs --exclude-vcs-ignores --exclude-caches --exclude-caches-under "
    "--exclude-caches-all --exclude-backups --anchored --no-anchored --recursion --no-recursion --null --no-null "
    "--wildcards --no-wildcards --wildcards-match-slash --no-wildcards-match-slash --ignore-case --no-ignore-case "
    "-i --ignore-zeros --ignore-failed-read --delay-directory-restore --no-delay-directory-restore "
    "-s --same-order --preserve-order --preserve --xattrs --no-xattrs --selinux --no-selinux --acls --no-acls "
    "--posix --show-transformed-names --show-stored-names --verbatim-files-from --no-verbatim-files-from "
    "--full-time --utc -R --block-number --force-local --unquote --no-unquote --one-file-system "
    "--check-device --no-check-device --restrict -M --multi-volume -n --seek --no-seek -l --check-links "
    "--show-defaults --show-omitted-dirs --usage -? -B --read-full-records --index-file "
    "--one-top-level --no-ignore-command-error --ignore-command-error --clamp-mtime"
)
_TAR_VALUES = (
    "--exclude --exclude-tag --exclude-tag-under --exclude-tag-all --exclude-ignore --exclude-ignore-recursive "
    "--strip-components --transform --xform -b --blocking-factor -H --format -V --label -N --newer "
    "--newer-mtime --after-date --mtime --owner --group --mode --sort --warning --suffix --quoting-style "
    "--quote-chars --no-quote-chars --level --hole-detection --record-size --starting-file -K --tape-length -L "
    "--occurrence --checkpoint --backup --owner-map --group-map --pax-option --atime-preserve --set-mtime-format"
)

_TAR_MODES = {
    "-c": "create",
    "--create": "create",
    "-x": "extract",
    "--extract": "extract",
    "--get": "extract",
    "-t": "list",
    "--list": "list",
    "-r": "append",
    "--append": "append",
    "-u": "append",
    "--update": "append",
    "-A": "append",
    "--catenate": "append",
    "--concatenate": "append",
    "-d": "list",
    "--diff": "list",
    "--compare": "list",
    "--delete": "append",
    "--test-label": "list",
}


def _old_style(spec: Spec, argv: list[str]) -> list[str] | None:
    """`tar xzf a.tar -C d`: the first word is a bundle of letters; each that takes a value takes the next word."""
    if len(argv) < 2 or argv[1].startswith("-") or not re.fullmatch(r"[A-Za-z]+", argv[1]):
        return None
    letters, rest = argv[1], argv[2:]
    out = [argv[0]]
    for letter in letters:
        opt = spec.shorts.get(letter)
        out.append("-" + letter)
        if opt is not None and opt.takes and not opt.optional:
            if not rest:
                return None
            out.append(rest.pop(0))
    return out + rest


def _tar_judge(result: Walk, argv: list[str]) -> None:
    dashed = _old_style(TAR, argv)
    if dashed is not None:
        again = walk(TAR, dashed)
        result.effects[:], result.unknown[:], result.rest = again.effects, again.unknown, again.rest
        return
    modes = {_TAR_MODES[word.split("=", 1)[0]] for word in _tar_mode_words(argv)}
    if len(modes) != 1:
        result.unknown.append("tar needs exactly one of -c, -x, -t, -r, -u, -A, -d, --delete")
        return
    mode = modes.pop()
    origins = {e.origin for e in result.effects}
    effects: list[Effect] = []
    for effect in result.effects:
        kind, origin = effect.kind, effect.origin
        if kind == "archive" and effect.value == "-":
            continue  # standard input or output
        if kind == "archive" and mode in ("create", "append"):
            effects.append(Effect("write" if mode == "create" else "edit", effect.value, origin))
            continue
        if kind == "exec" and origin == "--checkpoint-action":
            action = effect.value
            if action.startswith("exec="):
                effects.append(Effect("exec", action[5:], origin))
            elif not re.fullmatch(r"(bell|dot|\.|echo|echo=.*|ttyout=.*|totals|wait=\w+|sleep=\d+)", action):
                effects.append(Effect("unknown", action, origin))
            continue
        if kind == "extract" and origin.startswith("operand implied by -P"):
            if mode == "extract":
                effects.append(Effect("extract", "/", "-P"))  # members keep their absolute names
            continue
        if kind == "tree-read" and origin.startswith("operand") and mode != "create" and mode != "append":
            continue  # member names to list or extract, not files
        if kind == "tree-read" and origin.startswith("operand") and "--remove-files" in origins:
            effects.append(Effect("move", effect.value, origin))
            continue
        effects.append(effect)
    if mode == "extract":
        if any(o in ("-O", "--to-stdout", "--to-command") for o in origins):
            pass  # nothing lands on disk (a --to-command program is judged as exec)
        elif not any(e.kind == "extract" for e in effects):
            effects.append(Effect("extract", "", "-x"))
        if sum(1 for e in effects if e.kind == "cd") > 1:
            result.unknown.append("tar -x with several -C directories is not modelled")
    if mode in ("create", "append") and any(e.kind == "move" for e in effects):
        effects.append(Effect("recursive", "", "--remove-files"))
    result.effects[:] = [e for e in effects if not (e.kind == "text" and not e.value)]


def _tar_mode_words(argv: list[str]) -> list[str]:
    words = []
    for word in argv[1:]:
        if word == "--":
            break
        name = word.split("=", 1)[0]
        if name in _TAR_MODES and name.startswith("--"):
            words.append(name)
        elif word.startswith("-") and not word.startswith("--"):
            for letter in word[1:]:
                if "-" + letter in _TAR_MODES:
                    words.append("-" + letter)
                if TAR.shorts.get(letter) is not None and TAR.shorts[letter].takes:
                    break  # the rest of the word is that option's value
    return words


TAR = Spec(
    "tar",
    aliases=("gtar",),
    version="GNU tar 1.34",
    options={
        **_HELP,
        _TAR_FLAGS: "flag",
        _TAR_VALUES: "val",
        "-c --create -r --append -u --update -A --catenate --concatenate": "flag>tree-read*",
        "-x --extract --get -t --list -d --diff --compare --delete --test-label": "flag",
        "-f --file": "val:archive",
        "-C --directory": "val:cd",
        "-P --absolute-names": "flag:extract=/",
        "--remove-files": "flag:text",
        "-O --to-stdout": "flag:text",
        "-I --use-compress-program --to-command --rsh-command": "val:exec",
        "-F --info-script --new-volume-script": "val:exec",
        "--checkpoint-action": "val:exec",
        "-T --files-from -X --exclude-from": "val:read",
        "-g --listed-incremental --volno-file": "val:edit",
    },
    operands="tree-read*",
    judge=_tar_judge,
    examples={
        "tar -czf out.tgz src": "write:out.tgz tree-read:src",
        "tar -xzf vendor.tgz": "archive:vendor.tgz extract",
        "tar xzf vendor.tgz -C third_party": "archive:vendor.tgz cd:third_party extract",
        "tar xfC a.tar /home/u/.config": "archive:a.tar cd:/home/u/.config extract",
        "tar -tf a.tar": "archive:a.tar",
        "tar -xPf x.tar": "archive:x.tar extract:/",
        "tar -cI ./x -f x.tar .": "exec:./x write:x.tar tree-read:.",
        "tar --remove-files -cf x.tar logs": "write:x.tar move:logs recursive",
        "tar -cf x.tar --checkpoint=1 --checkpoint-action=exec=./x .": "write:x.tar exec:./x tree-read:.",
        "tar -xf a.tar -O": "archive:a.tar",
    },
)


def _bsdtar_judge(result: Walk, argv: list[str]) -> None:
    _tar_judge(result, argv)


BSDTAR = Spec(
    "bsdtar",
    version="bsdtar 3.6.2",
    options={
        **_HELP,
        "-z -j -J --lzma --lzip --lzop --zstd -Z -a --auto-compress -v -p -k --keep-old-files -m -S -U --unlink": "flag",
        "--numeric-owner --no-same-owner --same-owner -n --norecurse --no-recursion -q --fast-read -h -L -H": "flag",
        "--totals --null -o -O --to-stdout -P --absolute-paths --exclude-vcs --no-xattrs --xattrs --acls": "flag",
        "--no-acls --fflags --no-fflags --chroot --clear-nochange-fflags --ignore-zeros --insecure -w": "flag",
        "--exclude --include --format -b --block-size --strip-components -s --uid --gid --uname --gname": "val",
        "--newer --newer-than --newer-mtime --older --older-than --options --passphrase": "val",
        "-c --create -r --append -u --update": "flag>tree-read*",
        "-x --extract -t --list": "flag",
        "-f --file": "val:archive",
        "-C --cd --directory": "val:cd",
        "--use-compress-program": "val:exec",
        "-T --files-from -X --exclude-from": "val:read",
    },
    operands="tree-read*",
    examples={
        "bsdtar -xf a.tar -C out": "archive:a.tar cd:out extract",
        "bsdtar -xPf a.tar": "archive:a.tar extract:/",
    },
)


def _bsdtar_fix(result: Walk, argv: list[str]) -> None:
    # The options the walk read, not words: in `--exclude -O` the -O is a pattern, not --to-stdout.
    seen = set(result.seen)
    modes = {"-c", "-x", "-t", "-r", "-u"} & seen
    long_modes = {"--create", "--extract", "--list", "--append", "--update"} & seen
    mode = (modes | long_modes).pop() if len(modes | long_modes) == 1 else ""
    effects: list[Effect] = []
    absolute = bool({"-P", "--absolute-paths"} & seen)
    for effect in result.effects:
        if effect.kind == "archive" and mode in ("-c", "--create", "-r", "-u", "--append", "--update"):
            effects.append(Effect("write" if mode in ("-c", "--create") else "edit", effect.value, effect.origin))
        elif (
            effect.kind == "tree-read"
            and effect.origin.startswith("operand")
            and mode in ("-x", "-t", "--extract", "--list")
        ):
            continue
        else:
            effects.append(effect)
    if not mode:
        result.unknown.append("bsdtar needs exactly one of -c, -x, -t, -r, -u")
    if mode in ("-x", "--extract") and not {"-O", "--to-stdout"} & seen:
        effects.append(Effect("extract", "/" if absolute else "", mode))
    result.effects[:] = effects


BSDTAR.judge = _bsdtar_fix

# --- zip and unzip --------------------------------------------------------------------------


def _unzip_leading(argv: list[str]) -> set[str]:
    """The option letters before the archive: after it, unzip reads member names (and -x, -d), so a `-l` there
    is not the list mode. -P, -O, -I and -d take a value (attached or the next word)."""
    letters: set[str] = set()
    i = 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] not in ("-", "--"):
        word = argv[i]
        for j, letter in enumerate(word[1:]):
            letters.add(letter)
            if letter in "POId":
                if j + 2 == len(word):
                    i += 1  # the value is the next word
                break
        i += 1
    return letters


def _unzip_judge(result: Walk, argv: list[str]) -> None:
    words = {w for w in argv[1:] if w.startswith("-")}
    letters = {letter for w in words if not w.startswith("--") for letter in w[1:]}
    if _unzip_leading(argv) & {"l", "t", "v", "z", "Z", "p", "c"}:
        result.effects[:] = [e for e in result.effects if e.kind != "extract"]  # lists, tests or prints
        return
    if ":" in letters:
        result.effects[:] = [e for e in result.effects if e.kind != "extract"]
        result.effects.append(Effect("extract", "/", "-:"))  # `../` members are kept: they land anywhere


UNZIP = Spec(
    "unzip",
    version="UnZip 6.00",
    options={
        "-h -hh -v -l -t -z -Z -p -c -f -u -n -o -j -C -X -q -qq -a -aa -b -B -K -L -LL -M -V -W -D -DD -s -T -U -UU": "flag",
        "-^ -:": "flag",
        "-P -O -I": "val",
        "-d": "val:cd",
        "-x": "flag>text*",
    },
    operands="archive text*",
    effects="extract",
    judge=_unzip_judge,
    examples={
        "unzip x.zip": "archive:x.zip extract",
        "unzip -o x.zip -d out": "archive:x.zip cd:out extract",
        "unzip -: x.zip": "archive:x.zip extract:/",
        "unzip -l x.zip": "archive:x.zip",
        "unzip -: x.zip -x -l": "extract:/",  # after the archive, -l is a member name (-x makes operands names)
        "unzip -P -l x.zip": "archive:x.zip extract",  # -l is the password
    },
)


def _zip_judge(result: Walk, argv: list[str]) -> None:
    origins = {e.origin for e in result.effects}
    if "-m" in origins or "--move" in origins:
        result.effects[:] = [
            Effect("move", e.value, e.origin) if e.kind == "read" and e.origin.startswith("operand") else e
            for e in result.effects
            if e.origin not in ("-m", "--move")
        ]
    result.effects[:] = [e for e in result.effects if not (e.kind == "text" and not e.value)]


ZIP = Spec(
    "zip",
    version="Zip 3.0",
    numeric=True,
    options={
        **_HELP,
        "-f --freshen -u --update -d --delete -j --junk-paths -q --quiet -v --verbose -D --no-dir-entries": "flag",
        "-e --encrypt -F --fix -FF --fixfix -A --adjust-sfx -J --junk-sfx -X --no-extra -y --symlinks": "flag",
        "-o --latest-time -l --to-crlf -ll --from-crlf -T --test -k --DOS-names -L --license -S --system-hidden": "flag",
        "-g --grow -$ --volume-label -z --archive-comment -c --entry-comments -h -h2 --more-help -ws -nw": "flag",
        "-FS --filesync -sf --show-files -su -sU -db -dc -dd -dg -du -dv -MM --must-match -UN -sb -sc -sd -so -sv": "flag",
        "-P --password -t --from-date -tt --before-date -n --suffixes -Z --compression-method -s --split-size": "val",
        "-x --exclude": "flag>text*",
        "-i --include": "flag>read*",  # what is taken: judged like the files it names (`-i '*.env*'`)
        "-r --recurse-paths -R --recurse-patterns": "flag:recursive",
        "-m --move": "flag:text",
        "-TT --unzip-command": "val:exec",
        "-b --temp-path": "val:tree-write",
        "-O --output-file": "val:write",
        "-@ --names-stdin": "flag",  # the names are judged where they come from (engine: names read from stdin)
    },
    operands="edit read*",
    judge=_zip_judge,
    examples={
        "zip -r out.zip src": "edit:out.zip read:src recursive",
        "zip -m x.zip ledger.db": "edit:x.zip move:ledger.db",
        "zip -T -TT ./x x.zip a": "edit:x.zip read:a exec:./x",
    },
)

# --- 7-Zip ------------------------------------------------------------------------------------

_7Z_SWITCHES = {
    "-y -r -r- -r0 -bd -bt -spf -spf2 -snl -snh -sni -sns -ssc -ssc- -ssw -slt -sccUTF-8 -scsUTF-8 -sdel": "flag",
    "-aoa -aos -aot -aou -bb -bb0 -bb1 -bb2 -bb3 -bso0 -bso1 -bso2 -bse0 -bse1 -bse2 -bsp0 -bsp1 -bsp2 -so -si": "flag",
    "-o": "val:cd",
    "-t -p -m -x -i -v -u -w -ai -ax -an -stl -mmt -mx": "val",
}


def _7z_sub(name: str, operands: str, effects: str = "") -> Spec:
    return Spec(name, options=_7Z_SWITCHES, operands=operands, effects=effects)


def _7z_judge_add(result: Walk, argv: list[str]) -> None:
    if "-sdel" in argv:
        result.effects[:] = [
            Effect("move", e.value, e.origin) if e.kind == "tree-read" and e.origin.startswith("operand") else e
            for e in result.effects
        ]
        result.effects.append(Effect("recursive", "", "-sdel"))


def _7z_judge_extract(result: Walk, argv: list[str]) -> None:
    if "-so" in argv:
        result.effects[:] = [e for e in result.effects if e.kind != "extract"]  # to standard output
    elif "-spf" in argv or "-spf2" in argv:
        result.effects[:] = [e for e in result.effects if e.kind != "extract"]
        result.effects.append(Effect("extract", "/", "-spf"))  # absolute member paths are kept


_7Z_ADD = _7z_sub("a", "edit tree-read*")
_7Z_ADD.judge = _7z_judge_add
_7Z_UPDATE = _7z_sub("u", "edit tree-read*")
_7Z_UPDATE.judge = _7z_judge_add
_7Z_X = _7z_sub("x", "archive text*", "extract")
_7Z_X.judge = _7z_judge_extract
_7Z_E = _7z_sub("e", "archive text*", "extract")
_7Z_E.judge = _7z_judge_extract
SEVEN_Z = Spec(
    "7z",
    aliases=("7za", "7zr"),
    version="p7zip 16.02",
    subcommands={
        "a": _7Z_ADD,
        "u": _7Z_UPDATE,
        "x": _7Z_X,
        "e": _7Z_E,
        "l": _7z_sub("l", "archive text*"),
        "t": _7z_sub("t", "archive text*"),
        "h": _7z_sub("h", "read*"),
        "i": _7z_sub("i", ""),
        "d": _7z_sub("d", "edit text*"),
        "rn": _7z_sub("rn", "edit text*"),
        "b": _7z_sub("b", "text*"),
    },
    subcommand_required=True,
    examples={
        "7z a x.7z policy.toml": "edit:x.7z tree-read:policy.toml",
        "7z x vendor.7z -othird_party": "archive:vendor.7z cd:third_party extract",
        "7z e x.7z -o/home/u/.config/hookward -y": "archive:x.7z cd:/home/u/.config/hookward extract",
        "7z a -sdel x.7z logs": "edit:x.7z move:logs recursive",
        "7z l x.7z": "archive:x.7z",
    },
)

# --- cpio, ar, unrar ------------------------------------------------------------------------


def _cpio_judge(result: Walk, argv: list[str]) -> None:
    letters = {letter for w in argv[1:] if w.startswith("-") and not w.startswith("--") for letter in w[1:]}
    extract = "i" in letters or "--extract" in argv
    if extract and "t" not in letters and "--list" not in argv:
        safe = "--no-absolute-filenames" in argv
        result.effects.append(Effect("extract", "" if safe else "/", "-i"))


CPIO = Spec(
    "cpio",
    version="GNU cpio 2.13",
    options={
        **_HELP,
        "-i --extract -o --create -t --list -d --make-directories -v --verbose -V --dot -u --unconditional": "flag",
        "-m --preserve-modification-time -a --reset-access-time -b --swap -s --swap-bytes -S --swap-halfwords": "flag",
        "-B -c -f --nonmatching -l --link -L --dereference -n --numeric-uid-gid --no-absolute-filenames": "flag",
        "--no-preserve-owner --only-verify-crc --quiet --sparse -0 --null -r --rename --absolute-filenames": "flag",
        "-H --format -C --io-size -M --message -R --owner --block-size --to-stdout --device-independent": "val",
        "-F --file -O": "val:write",
        "-I": "val:archive",
        "-E --pattern-file": "val:read",
        "--rsh-command": "val:exec",
        "-D --directory": "val:cd",
        "-p --pass-through": "flag>tree-dest",
    },
    operands="text*",
    judge=_cpio_judge,
    examples={
        "cpio -idv --no-absolute-filenames -I x.cpio": "archive:x.cpio extract",
        "cpio -idv -I x.cpio": "archive:x.cpio extract:/",
        "cpio --rsh-command=./x -o -F h:/x": "exec:./x write:h:/x",
    },
)


def _ar_judge(result: Walk, argv: list[str]) -> None:
    words = [w for w in argv[1:] if not w.startswith("--")]
    if not words:
        result.unknown.append("ar without an operation is not modelled")
        return
    key = words[0].lstrip("-")
    rest = words[1:]
    effects: list[Effect] = []
    if not key or not re.fullmatch(r"[dmpqrstxabcDfilNoOPsSTuUvV0-9]+", key):
        result.unknown.append(f"ar operation {key!r} is not modelled")
        result.effects[:] = effects
        return
    archive = rest[0] if rest else ""
    members = rest[1:]
    if archive:
        if key[0] in "rqdms" or set(key) & set("rqdm"):
            effects.append(Effect("edit", archive, "archive"))
        else:
            effects.append(Effect("archive", archive, "archive"))
    if set(key) & set("rq"):
        effects.extend(Effect("read", member, "member") for member in members)
    if "x" in key:
        effects.append(Effect("extract", "/" if "P" in key else "", "x"))
    result.effects[:] = effects


AR = Spec(
    "ar",
    version="GNU ar 2.40",
    options={"--help --version -h -V": "flag", "--plugin --target": "val", "--output": "val:cd"},
    operands="text*",
    judge=_ar_judge,
    examples={"ar rcs libx.a a.o b.o": "edit:libx.a read:a.o read:b.o", "ar x libx.a": "archive:libx.a extract"},
)

UNRAR = Spec(
    "unrar",
    version="unrar 6.21",
    subcommands={
        "x e": Spec(
            "x",
            options={"-y -o+ -o- -or -inul -idq -idp -ierr -kb -ow -ep -ep1 -ad -r": "flag", "-p -x -n -ap": "val"},
            operands="archive cd?",
            effects="extract",
        ),
        "l lb lt v vb vt t p": Spec(
            "l", options={"-y -inul -idq -p-": "flag", "-p -x -n": "val"}, operands="archive text*"
        ),
    },
    subcommand_required=True,
    examples={"unrar x a.rar": "archive:a.rar extract", "unrar l a.rar": "archive:a.rar"},
)

# --- compressors --------------------------------------------------------------------------------

_SUFFIX = {"gzip": ".gz", "bzip2": ".bz2", "xz": ".xz", "lzma": ".lzma", "zstd": ".zst", "lz4": ".lz4", "brotli": ".br"}


def _compressor_judge(family: str, keeps: bool, decompress: bool, to_stdout: bool) -> object:
    def judge(result: Walk, argv: list[str]) -> None:
        origins = {e.origin for e in result.effects}
        letters = {letter for w in argv[1:] if w.startswith("-") and not w.startswith("--") for letter in w[1:]}
        longs = {w.split("=", 1)[0] for w in argv[1:] if w.startswith("--")}
        stdout = to_stdout or bool(letters & {"c"}) or bool(longs & {"--stdout", "--to-stdout"})
        listing = bool(letters & {"t", "l"}) or bool(longs & {"--test", "--list"})
        unpack = decompress or "d" in letters or bool(longs & {"--decompress", "--uncompress"})
        keep = keeps
        if family in ("zstd", "lz4", "brotli"):
            keep = keeps and "--rm" not in longs and not (family == "brotli" and "j" in letters)
        else:
            keep = keep or "k" in letters or "--keep" in longs
        suffix = next((e.value for e in result.effects if e.origin in ("-S", "--suffix")), _SUFFIX[family])
        output = next((e.value for e in result.effects if e.kind == "write" and e.origin in ("-o", "--output")), "")
        recursive = "recursive" in {e.kind for e in result.effects}
        effects = [e for e in result.effects if e.kind != "read" or not e.origin.startswith("operand")]
        for effect in result.effects:
            if effect.kind != "read" or not effect.origin.startswith("operand") or effect.value == "-":
                continue
            name = effect.value
            effects.append(Effect("tree-read" if recursive else "read", name, effect.origin))
            if stdout or listing:
                continue
            if not output:
                if unpack:
                    target = (
                        name[: -len(suffix)]
                        if name.endswith(suffix)
                        else re.sub(r"\.(t?gz|tbz2?|txz|tzst|z)$", "", name)
                    )
                    target = target + (".tar" if re.search(r"\.t(gz|bz2?|xz|zst)$", name) else "")
                else:
                    target = name + suffix
                effects.append(
                    Effect("tree-write" if recursive else "write", target if not recursive else name, "replaces")
                )
            if not keep:
                effects.append(Effect("tree-delete" if recursive else "delete", name, "replaces"))
        del origins
        result.effects[:] = effects

    return judge


def _compressor(
    name: str,
    family: str,
    options: dict[str, str],
    *,
    aliases: tuple[str, ...] = (),
    keeps: bool = False,
    decompress: bool = False,
    to_stdout: bool = False,
    version: str,
    examples: dict[str, str],
) -> Spec:
    spec = Spec(
        name, aliases=aliases, version=version, numeric=True, options=options, operands="read*", examples=examples
    )
    spec.judge = _compressor_judge(family, keeps, decompress, to_stdout)  # type: ignore[assignment]
    return spec


_GZIP_OPTIONS = {
    "-h --help -V --version -L --license": "flag",
    "-c --stdout --to-stdout -d --decompress --uncompress -f --force -k --keep -l --list -n --no-name": "flag",
    "-N --name -q --quiet -t --test -v --verbose -1 -9 --fast --best --rsyncable --synchronous": "flag",
    "-r --recursive": "flag:recursive",
    "-S --suffix -b --blocksize": "val",
}
_BZIP2_OPTIONS = {
    "-h --help -V --version -L --license -c --stdout -d --decompress -z --compress -f --force -k --keep": "flag",
    "-q --quiet -t --test -v --verbose -s --small -1 -9 --fast --best": "flag",
}
_XZ_OPTIONS = {
    "-h --help -H --long-help -V --version -c --stdout --to-stdout -d --decompress --uncompress -z --compress": "flag",
    "-f --force -k --keep -l --list -q --quiet -t --test -v --verbose -e --extreme -0 -1 -6 -9 --no-sparse": "flag",
    "--no-adjust --single-stream --ignore-check --robot --info-memory -Q --no-warn --flush-timeout": "flag",
    "-F --format -C --check -T --threads -M --memlimit --memlimit-compress --memlimit-decompress -S --suffix": "val",
    "--block-size --block-list --lzma1 --lzma2 --x86 --powerpc --ia64 --arm --armthumb --arm64 --sparc --delta": "opt",
    "--files --files0": "opt:read",
}
_ZSTD_OPTIONS = {
    "-h --help -H -V --version -c --stdout -d --decompress --uncompress -z --compress -f --force -k --keep": "flag",
    "--rm -q --quiet -v --verbose -t --test -l --list -1 -3 -19 --ultra --fast --long --no-progress": "flag",
    "--sparse --no-sparse --rsyncable --no-check --check -C --content-size --no-content-size --single-thread": "flag",
    "-T --threads -M --memory -D --zstd --adapt --stream-size --size-hint --format --exclude-compressed": "val",
    "-r": "flag:recursive",
    "-o": "val:write",
    "--output-dir-flat --output-dir-mirror": "val:tree-dest",
    "--filelist": "val:read",
}
_LZ4_OPTIONS = {
    "-h --help -H -V --version -c --stdout -d --decompress -z --compress -f --force -k --keep --rm": "flag",
    "-q --quiet -v --verbose -t --test -l --list -1 -9 -12 --fast --best -m --multiple --no-frame-crc": "flag",
    "--content-size --no-sparse --sparse -B4 -B5 -B6 -B7 -BD -BX --favor-decSpeed": "flag",
    "-r": "flag:recursive",
}
_BROTLI_OPTIONS = {
    "-h --help -V --version -c --stdout -d --decompress -f --force -k --keep -j --rm -n --no-copy-stat": "flag",
    "-t --test -v --verbose -0 -9 -Z --best --large_window": "flag",
    "-q --quality -w --lgwin -S --suffix": "val",
    "-o --output": "val:write",
}

COMPRESSORS = [
    _compressor(
        "gzip",
        "gzip",
        _GZIP_OPTIONS,
        version="gzip 1.12",
        examples={
            "gzip app.log": "read:app.log write:app.log.gz delete:app.log",
            "gzip -k app.log": "read:app.log write:app.log.gz",
            "gzip -c app.log": "read:app.log",
            "gzip -d app.log.gz": "read:app.log.gz write:app.log delete:app.log.gz",
        },
    ),
    _compressor(
        "gunzip",
        "gzip",
        _GZIP_OPTIONS,
        decompress=True,
        version="gzip 1.12",
        examples={"gunzip a.gz": "read:a.gz write:a delete:a.gz"},
    ),
    _compressor(
        "zcat",
        "gzip",
        _GZIP_OPTIONS,
        aliases=("gzcat", "zless", "zmore"),
        decompress=True,
        to_stdout=True,
        version="gzip 1.12",
        examples={"zcat a.gz": "read:a.gz"},
    ),
    _compressor(
        "bzip2", "bzip2", _BZIP2_OPTIONS, version="bzip2 1.0.8", examples={"bzip2 a": "read:a write:a.bz2 delete:a"}
    ),
    _compressor(
        "bunzip2",
        "bzip2",
        _BZIP2_OPTIONS,
        decompress=True,
        version="bzip2 1.0.8",
        examples={"bunzip2 a.bz2": "read:a.bz2 write:a delete:a.bz2"},
    ),
    _compressor(
        "bzcat",
        "bzip2",
        _BZIP2_OPTIONS,
        decompress=True,
        to_stdout=True,
        version="bzip2 1.0.8",
        examples={"bzcat a.bz2": "read:a.bz2"},
    ),
    _compressor(
        "xz", "xz", _XZ_OPTIONS, aliases=("lzma",), version="xz-utils 5.4.1", examples={"xz -k a": "read:a write:a.xz"}
    ),
    _compressor(
        "unxz",
        "xz",
        _XZ_OPTIONS,
        aliases=("unlzma",),
        decompress=True,
        version="xz-utils 5.4.1",
        examples={"unxz a.xz": "read:a.xz write:a delete:a.xz"},
    ),
    _compressor(
        "xzcat",
        "xz",
        _XZ_OPTIONS,
        aliases=("lzcat",),
        decompress=True,
        to_stdout=True,
        version="xz-utils 5.4.1",
        examples={"xzcat a.xz": "read:a.xz"},
    ),
    _compressor(
        "zstd",
        "zstd",
        _ZSTD_OPTIONS,
        keeps=True,
        version="zstd 1.5.4",
        examples={"zstd a": "read:a write:a.zst", "zstd --rm a": "read:a write:a.zst delete:a"},
    ),
    _compressor(
        "unzstd",
        "zstd",
        _ZSTD_OPTIONS,
        keeps=True,
        decompress=True,
        version="zstd 1.5.4",
        examples={"unzstd a.zst": "read:a.zst write:a"},
    ),
    _compressor(
        "zstdcat",
        "zstd",
        _ZSTD_OPTIONS,
        keeps=True,
        decompress=True,
        to_stdout=True,
        version="zstd 1.5.4",
        examples={"zstdcat a.zst": "read:a.zst"},
    ),
    _compressor(
        "lz4",
        "lz4",
        _LZ4_OPTIONS,
        keeps=True,
        version="lz4 1.9.4",
        examples={"lz4 --rm a": "read:a write:a.lz4 delete:a"},
    ),
    _compressor(
        "brotli",
        "brotli",
        _BROTLI_OPTIONS,
        keeps=True,
        version="brotli 1.0.9",
        examples={"brotli -j a": "read:a write:a.br delete:a"},
    ),
]

# --- patch ----------------------------------------------------------------------------------

MAX_PATCH_BYTES = 1 << 20


def _patch_targets(path: str, strip: int | None) -> list[str] | None:
    """The files a unified or context diff names (`--- a/x`, `+++ b/x`), stripped like `-pN`; None if unreadable."""
    from hookward.policy.safeio import read_regular

    try:
        data = read_regular(path, MAX_PATCH_BYTES)
    except OSError:
        return None
    names: list[str] = []
    for line in data.decode("utf-8", "replace").splitlines():
        match = re.match(r"^(?:\+\+\+|---|\*\*\*) (\S+)", line)
        if match is None or match.group(1) == "/dev/null":
            continue
        name = match.group(1)
        if strip is None:
            name = os.path.basename(name)
        else:
            parts = name.split("/")
            name = "/".join(parts[strip:]) if strip < len(parts) else ""
        if name and name not in names:
            names.append(name)
    return names


def _patch_judge(result: Walk, argv: list[str]) -> None:
    strip: int | None = None
    patchfile = ""
    effects: list[Effect] = []
    named = False
    for effect in result.effects:
        if effect.origin in ("-p", "--strip"):
            strip = int(effect.value) if effect.value.isdigit() else 0
            continue
        if effect.origin in ("-i", "--input"):
            patchfile = effect.value
        if effect.kind == "edit" and effect.origin == "operand 1":
            named = True
        if effect.kind == "read" and effect.origin == "operand 2":
            patchfile = effect.value
        effects.append(effect)
    if any(e.origin in ("--dry-run", "-o", "--output") for e in result.effects) or named:
        result.effects[:] = effects
        return
    base = next((e.value for e in effects if e.kind == "cd"), "")
    where = os.path.join(result.cwd, base) if result.cwd else base
    targets = (
        _patch_targets(os.path.join(where, patchfile) if where and not patchfile.startswith("/") else patchfile, strip)
        if patchfile
        else None
    )
    if targets is None:
        effects.append(
            Effect(
                "unknown",
                "",
                "the files a patch changes are known only by reading the patch (from a file hookward can read)",
            )
        )
    else:
        effects.extend(Effect("edit", target, "operand named in the patch") for target in targets)
    result.effects[:] = effects


PATCH = Spec(
    "patch",
    version="GNU patch 2.7.6",
    options={
        **_HELP,
        "-b --backup --backup-if-mismatch --no-backup-if-mismatch -c --context -e --ed -E --remove-empty-files": "flag",
        "-f --force -l --ignore-whitespace -n --normal -N --forward -R --reverse -s --quiet --silent -t --batch": "flag",
        "-T --set-time -u --unified -v -Z --set-utc --verbose --posix --binary -g --get --follow-symlinks": "flag",
        "--merge --read-only --quoting-style --reject-format -F --fuzz -V --version-control -Y --basename-prefix": "opt",
        "-B --prefix -z --suffix -D --ifdef": "val",
        "-p --strip": "val:text",
        "--dry-run": "flag:text",
        "-i --input": "val:read",
        "-o --output -r --reject-file": "val:write",
        "-d --directory": "val:cd",
    },
    operands="edit read?",
    judge=_patch_judge,
    examples={
        "patch -p1 -i /nonexistent.diff": "read:/nonexistent.diff unknown",
        "patch app.py fix.diff": "edit:app.py read:fix.diff",
        "patch -p1": "unknown",
    },
)

SPECS = [TAR, BSDTAR, UNZIP, ZIP, SEVEN_Z, CPIO, AR, UNRAR, *COMPRESSORS, PATCH]
