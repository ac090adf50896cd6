"""Files: coreutils and friends that list, copy, move, link, remove and change files.

Reference: GNU coreutils 9.1 (Debian bookworm), `--help` of each program; tree 2.1.0,
file 5.44, debianutils 5.7 (`which`), util-linux 2.38.1 (`whereis`), GNU time 1.9.

Listing a directory or asking for a file's type, size or times reads its metadata,
not its content: those operands are `stat`. A list file that the program reads and
echoes (`file -f LIST`, `tree --fromfile`, `date -f`) is a `read`: its content comes
back in the output or in the error messages.
"""

from __future__ import annotations

from hookward.policy.spec import Spec, Walk

_COMMON = {"--help --version": "flag"}
_CU = "GNU coreutils 9.1"


def _truncate_judge(result: Walk, argv: list[str]) -> None:
    """truncate refuses to run without a size or a reference: such a call is not what it looks like."""
    if not any(e.origin in ("-s", "--size", "-r", "--reference") for e in result.effects):
        result.unknown.append("truncate needs -s SIZE or -r FILE: it refuses to run without one")


SPECS = [
    Spec(
        "cat",
        version=_CU,
        options={
            **_COMMON,
            "-A --show-all -b --number-nonblank -e -E --show-ends -n --number -s --squeeze-blank": "flag",
            "-t -T --show-tabs -u -v --show-nonprinting": "flag",
        },
        operands="read*",
        examples={"cat README.md": "read:README.md", "cat -n a b": "read:a read:b"},
    ),
    Spec(
        "shuf",
        version=_CU,
        options={
            **_COMMON,
            "-e --echo": "flag>text*",
            "-i --input-range -n --head-count": "val",
            "-o --output": "val:write",
            "--random-source": "val:read",
            "-r --repeat -z --zero-terminated": "flag",
        },
        operands="read?",
        examples={
            "shuf -e X -o ~/.bashrc": "write:~/.bashrc",
            "shuf -n 3 list.txt": "read:list.txt",
            "shuf -e X --out=/etc/profile": "write:/etc/profile",
        },
    ),
    Spec(
        "cp",
        version=_CU,
        options={
            **_COMMON,
            "-a --archive": "flag:recursive",
            "-r -R --recursive": "flag:recursive",
            "--attributes-only -b -d -f --force -i --interactive -H -L --dereference -n --no-clobber": "flag",
            "-P --no-dereference -p -s --symbolic-link -u -v --verbose -x --one-file-system": "flag",
            "--backup --preserve --no-preserve --reflink --sparse --update": "opt",
            "--copy-contents --debug --parents --remove-destination --strip-trailing-slashes -T --no-target-directory": "flag",
            "-S --suffix": "val",
            "-l --link": "flag:link",
            "-t --target-directory": "val>read+:dest",
            "-Z --context": "opt",
        },
        operands="read+ dest",
        examples={"cp a b": "read:a dest:b", "cp -r src ~/.config": "recursive read:src dest:~/.config"},
    ),
    Spec(
        "ls",
        aliases=("dir", "vdir"),
        version=_CU,
        options={
            **_COMMON,
            "-a --all -A --almost-all --author -b --escape -B --ignore-backups -c -C -d --directory": "flag",
            "-D --dired -f --file-type --full-time -g --group-directories-first -G --no-group": "flag",
            "-h --human-readable --si -H --dereference-command-line": "flag",
            "--dereference-command-line-symlink-to-dir -i --inode -k --kibibytes -l -L --dereference": "flag",
            "-m -n --numeric-uid-gid -N --literal -o -p -q --hide-control-chars --show-control-chars": "flag",
            "-Q --quote-name -r --reverse -s --size -S -t -u -U -v -x -X -Z --context --zero -1": "flag",
            "-R --recursive": "flag:recursive",
            "--block-size --format --hide -I --ignore --indicator-style --quoting-style --sort": "val",
            "--time --time-style -T --tabsize -w --width": "val",
            "--color --colour -F --classify --hyperlink": "opt",
        },
        operands="stat*",
        examples={"ls -la": "", "ls -R src": "recursive stat:src", "ls ~/.ssh": "stat:~/.ssh"},
    ),
    Spec(
        "head",
        version=_CU,
        numeric=True,
        options={
            **_COMMON,
            "-c --bytes -n --lines": "val",
            "-q --quiet --silent -v --verbose -z --zero-terminated": "flag",
        },
        operands="read*",
        examples={"head -20 log.txt": "read:log.txt", "head -n 5 a b": "read:a read:b"},
    ),
    Spec(
        "tail",
        version=_CU,
        numeric=True,
        options={
            **_COMMON,
            "-c --bytes -n --lines --max-unchanged-stats --pid -s --sleep-interval": "val",
            "-f --follow": "opt",
            "-F -q --quiet --silent --retry -v --verbose -z --zero-terminated": "flag",
        },
        operands="read*",
        examples={"tail -f app.log": "read:app.log", "tail -n +3 x": "read:x"},
    ),
    Spec(
        "wc",
        version=_CU,
        options={
            **_COMMON,
            "-c --bytes -m --chars -l --lines -L --max-line-length -w --words": "flag",
            "--files0-from": "val:read",
            "--total": "val",
        },
        operands="read*",
        examples={"wc -l src/a.py": "read:src/a.py"},
    ),
    Spec(
        "stat",
        version=_CU,
        options={
            **_COMMON,
            "-L --dereference -f --file-system -t --terse": "flag",
            "--cached -c --format --printf": "val",
        },
        operands="stat*",
        examples={"stat -c %s f": "stat:f"},
    ),
    Spec(
        "du",
        version=_CU,
        options={
            **_COMMON,
            "-0 --null -a --all --apparent-size -b --bytes -c --total -D --dereference-args -H": "flag",
            "-h --human-readable --inodes -k -L --dereference -l --count-links -m -P --no-dereference": "flag",
            "-S --separate-dirs --si -s --summarize -x --one-file-system": "flag",
            "-B --block-size -d --max-depth -t --threshold --time-style --exclude": "val",
            "--time": "opt",
            "--files0-from -X --exclude-from": "val:stat",
        },
        operands="stat*",
        examples={"du -sh .": "recursive stat:.", "du -sh ~": "recursive stat:~"},
        effects="recursive",
    ),
    Spec(
        "df",
        version=_CU,
        options={
            **_COMMON,
            "-a --all -h --human-readable -H --si -i --inodes -k -l --local --no-sync": "flag",
            "-P --portability --sync --total -T --print-type -v": "flag",
            "-B --block-size -t --type -x --exclude-type": "val",
            "--output": "opt",
        },
        operands="text*",
        examples={"df -h .": ""},
    ),
    Spec(
        "touch",
        version=_CU,
        options={
            **_COMMON,
            "-a -c --no-create -f -h --no-dereference -m": "flag",
            "-d --date -t --time": "val",
            "-r --reference": "val:stat",
        },
        operands="write+",
        examples={
            "touch a.txt": "write:a.txt",
            "touch -r ~/.ssh/id_rsa ~/.bashrc": "stat:~/.ssh/id_rsa write:~/.bashrc",
        },
    ),
    Spec(
        "mkfifo",
        version=_CU,
        options={**_COMMON, "-m --mode": "val", "-Z": "flag", "--context": "opt"},
        # A FIFO where a file is expected blocks whoever opens it (a spool, a policy file).
        operands="write+",
        examples={"mkfifo /tmp/pipe": "write:/tmp/pipe", "mkfifo -m 600 ~/.bashrc": "write:~/.bashrc"},
    ),
    Spec(
        "mknod",
        version=_CU,
        options={**_COMMON, "-m --mode": "val", "-Z": "flag", "--context": "opt"},
        operands="write text*",
        examples={"mknod /tmp/p p": "write:/tmp/p", "mknod ~/.profile c 1 3": "write:~/.profile"},
    ),
    Spec(
        "mkdir",
        version=_CU,
        options={
            **_COMMON,
            "-m --mode": "val",
            "-p --parents -v --verbose -Z": "flag",
            "--context": "opt",
        },
        operands="write+",
        examples={"mkdir -p build/out": "write:build/out"},
    ),
    Spec(
        "rm",
        version=_CU,
        options={
            **_COMMON,
            "-f --force -i -I --one-file-system --no-preserve-root -d --dir -v --verbose": "flag",
            "--interactive --preserve-root": "opt",
            "-r -R --recursive": "flag:recursive",
        },
        operands="delete+",
        # `rm` alone: "missing operand"; nothing is removed. A recursive rm with nothing visible to remove
        # (`echo yes | rm -rf`) still asks: its target was lost somewhere on the way, and -r is no mere flag.
        needs=1,
        examples={
            "rm -rf build": "recursive delete:build",
            "rm a b": "delete:a delete:b",
            "rm": "",
            "rm -f": "",
            "rm -rf": "recursive unknown",
            "rm -i": "",
        },
    ),
    Spec(
        "rmdir",
        version=_CU,
        options={**_COMMON, "--ignore-fail-on-non-empty -p --parents -v --verbose": "flag"},
        operands="delete+",
        needs=1,  # `rmdir` alone: "missing operand"
        examples={"rmdir empty": "delete:empty", "rmdir -p": ""},
    ),
    Spec(
        "mv",
        version=_CU,
        options={
            **_COMMON,
            "--backup --update": "opt",
            "-b -f --force -i --interactive -n --no-clobber --strip-trailing-slashes": "flag",
            "-T --no-target-directory -u -v --verbose -Z --context": "flag",
            "-S --suffix": "val",
            "-t --target-directory": "val>move+:dest",
        },
        operands="move+ dest",
        examples={
            "mv a b": "move:a dest:b",
            "mv -t ~/.config/autostart x.desktop": "dest:~/.config/autostart move:x.desktop",
        },
    ),
    Spec(
        "ln",
        version=_CU,
        options={
            **_COMMON,
            "--backup": "opt",
            "-b -d -F --directory -f --force -i --interactive -L --logical -n --no-dereference": "flag",
            "-P --physical -r --relative -T --no-target-directory -v --verbose": "flag",
            "-S --suffix": "val",
            # A symbolic link points into its target: what is behind it is exposed, not written.
            "-s --symbolic": "flag>tree-read+,dest",
            # A hard link is a second name for the same file: writing through it writes the source.
            "-t --target-directory": "val>write+:dest",
        },
        operands="write+ dest",
        examples={
            "ln a b": "write:a dest:b",
            "ln -s ~/.ssh exposed": "tree-read:~/.ssh dest:exposed",
            "ln -sf ../lib/x.py x.py": "tree-read:../lib/x.py dest:x.py",
        },
    ),
    Spec(
        "chmod",
        version=_CU,
        options={
            **_COMMON,
            "-c --changes -f --silent --quiet -v --verbose --no-preserve-root --preserve-root": "flag",
            "-R --recursive": "flag:recursive",
            "--reference": "val>write+:stat",
            # `chmod -w f`: GNU takes a mode that starts with a dash; the operands are then all files.
            "-r -w -x -X -s -t": "flag>write+",
        },
        operands="text write+",
        examples={
            "chmod +x run.sh": "write:run.sh",
            "chmod -R 755 dist": "recursive write:dist",
            "chmod -w ~/.bashrc": "write:~/.bashrc",
        },
    ),
    Spec(
        "chown",
        version=_CU,
        options={
            **_COMMON,
            "-c --changes -f --silent --quiet -v --verbose --dereference -h --no-dereference": "flag",
            "--no-preserve-root --preserve-root -H -L -P": "flag",
            "--from": "val",
            "-R --recursive": "flag:recursive",
            "--reference": "val>write+:stat",
        },
        operands="text write+",
        examples={"chown -R me:me build": "recursive write:build"},
    ),
    Spec(
        "chgrp",
        version=_CU,
        options={
            **_COMMON,
            "-c --changes -f --silent --quiet -v --verbose --dereference -h --no-dereference": "flag",
            "--no-preserve-root --preserve-root -H -L -P": "flag",
            "-R --recursive": "flag:recursive",
            "--reference": "val>write+:stat",
        },
        operands="text write+",
        examples={"chgrp staff f": "write:f"},
    ),
    Spec(
        "install",
        version=_CU,
        options={
            **_COMMON,
            "--backup --context": "opt",
            "-b -c -C --compare -D -p --preserve-timestamps -s --strip -T --no-target-directory": "flag",
            "-v --verbose --preserve-context -Z": "flag",
            "-g --group -m --mode -o --owner -S --suffix": "val",
            "-d --directory": "flag>write+",
            "--strip-program": "val:argv",
            "-t --target-directory": "val>read+:dest",
        },
        operands="read+ dest",
        examples={
            "install -m 755 bin/x ~/.local/bin/x": "read:bin/x dest:~/.local/bin/x",
            "install -d out": "write:out",
            "install -s --strip-program=./evil a b": "read:a dest:b runs:./evil",
        },
    ),
    Spec(
        "dd",
        version=_CU,
        options=_COMMON,
        assign={
            "if": "read",
            "of": "write",
            **dict.fromkeys(
                ("bs", "cbs", "conv", "count", "ibs", "iflag", "obs", "oflag", "seek", "oseek", "skip", "iseek"),
                "text",
            ),
            "status": "text",
        },
        examples={
            "dd if=/dev/zero of=out.bin bs=1M count=1": "read:/dev/zero write:out.bin",
            "dd if=~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
            "dd of=~/.bashrc conv=notrunc oflag=append": "write:~/.bashrc",
            "dd foo": "unknown",
        },
    ),
    Spec(
        "truncate",
        version=_CU,
        options={
            **_COMMON,
            "-c --no-create -o --io-blocks": "flag",
            "-s --size": "val:text",
            "-r --reference": "val:stat",
        },
        operands="write+",
        judge=_truncate_judge,
        examples={
            "truncate -s 0 log.txt": "text:0 write:log.txt",
            "truncate --size=1M a b": "text:1M write:a write:b",
            "truncate -r ref.bin out.bin": "stat:ref.bin write:out.bin",
            "truncate table orders": "write:table write:orders unknown",  # truncate refuses it: SQL typed in a shell
        },
    ),
    Spec(
        "realpath",
        version=_CU,
        options={
            **_COMMON,
            "-e --canonicalize-existing -m --canonicalize-missing -L --logical -P --physical": "flag",
            "-q --quiet -s --strip --no-symlinks -z --zero": "flag",
            "--relative-to --relative-base": "val:stat",
        },
        operands="stat+",
        examples={"realpath ../x": "stat:../x"},
    ),
    Spec(
        "readlink",
        version=_CU,
        options={
            **_COMMON,
            "-f --canonicalize -e --canonicalize-existing -m --canonicalize-missing -n --no-newline": "flag",
            "-q --quiet -s --silent -v --verbose -z --zero": "flag",
        },
        operands="stat+",
        examples={"readlink -f link": "stat:link"},
    ),
    Spec(
        "basename",
        version=_CU,
        options={**_COMMON, "-a --multiple -z --zero": "flag", "-s --suffix": "val"},
        operands="text+",
        examples={"basename /a/b.txt .txt": ""},
    ),
    Spec(
        "dirname",
        version=_CU,
        options={**_COMMON, "-z --zero": "flag"},
        operands="text+",
        examples={"dirname /a/b": ""},
    ),
    Spec(
        "pwd",
        version=_CU,
        options={**_COMMON, "-L --logical -P --physical": "flag"},
        examples={"pwd": "", "pwd -P": ""},
    ),
    Spec(
        "tree",
        version="tree 2.1.0",
        long_prefix=False,
        options={
            "--help --version": "flag",
            "-a -d -l -f -x -q -N -Q -p -u -g -s -h -D -F -v -t -c -U -r -i -A -S -n -C -X -J": "flag",
            "--gitignore --ignore-case --matchdirs --metafirst --prune --info --noreport --si --du": "flag",
            "--inodes --device --dirsfirst --filesfirst --nolinks --fflinks": "flag",
            "-L -P -I --charset --filelimit --timefmt --sort -H -T": "val",
            "--gitfile --infofile --hintro --houtro": "val:read",
            "-o": "val:write",
            # -R reruns tree in every directory with `-o 00Tree.html`: it writes into the tree.
            "-R": "flag>tree-write*",
            # The operands are files whose lines are printed as a tree: their content comes out.
            "--fromfile": "flag>read*",
        },
        operands="stat*",
        effects="recursive",
        examples={
            "tree -L 2 src": "recursive stat:src",
            "tree --fromfile ~/.netrc": "recursive read:~/.netrc",
            "tree -o ~/.bashrc": "recursive write:~/.bashrc",
            "tree -H . --hintro ~/.aws/credentials": "recursive read:~/.aws/credentials",
        },
    ),
    Spec(
        "file",
        version="file 5.44",
        options={
            **_COMMON,
            "--apple --extension --mime-encoding --mime-type -b --brief -c --checking-printout": "flag",
            "-C --compile -d --debug -E -h --no-dereference -i --mime -k --keep-going -l --list": "flag",
            "-L --dereference -N --no-pad -n --no-buffer -0 --print0 -p --preserve-date -r --raw": "flag",
            "-s --special-files -S --no-sandbox -z --uncompress -Z --uncompress-noreport -v": "flag",
            "-e --exclude --exclude-quiet -F --separator -P --parameter": "val",
            # A list of names whose lines come back in the output ("x: cannot open `LINE'").
            "-f --files-from": "val:read",
            "-m --magic-file": "val:read",
        },
        operands="stat*",
        examples={
            "file a.bin": "stat:a.bin",
            "file -f ~/.netrc": "read:~/.netrc",
            "file -m ~/.aws/credentials x": "read:~/.aws/credentials stat:x",
        },
    ),
    Spec(
        "mktemp",
        version=_CU,
        options={
            **_COMMON,
            "-d --directory -u --dry-run -q --quiet -t": "flag",
            "--suffix": "val",
            "-p": "val:write",
            "--tmpdir": "opt:write",
        },
        operands="write?",
        examples={"mktemp": "", "mktemp -d": "", "mktemp /tmp/x.XXXX": "write:/tmp/x.XXXX"},
    ),
    Spec(
        "split",
        version=_CU,
        options={
            **_COMMON,
            "-a --suffix-length --additional-suffix -b --bytes -C --line-bytes -l --lines": "val",
            "-n --number -t --separator": "val",
            "-d -x -e --elide-empty-files -u --unbuffered --verbose": "flag",
            "--numeric-suffixes --hex-suffixes": "opt",
            "--filter": "val:exec",
        },
        # INPUT and the PREFIX of the files written (PREFIXaa, PREFIXab, ...).
        operands="read write?",
        examples={
            "split -l 100 big.txt part-": "read:big.txt write:part-",
            "split --filter=./evil.sh big.txt": "exec:./evil.sh read:big.txt",
        },
    ),
    Spec(
        "csplit",
        version=_CU,
        options={
            **_COMMON,
            "-b --suffix-format -n --digits": "val",
            "-f --prefix": "val:write",
            "-k --keep-files --suppress-matched -s --quiet --silent -z --elide-empty-files": "flag",
        },
        operands="read text+",
        examples={"csplit -f ~/.bashrc in.txt /x/": "write:~/.bashrc read:in.txt"},
    ),
    Spec(
        "tee",
        version=_CU,
        options={**_COMMON, "-a --append -i --ignore-interrupts -p": "flag", "--output-error": "opt"},
        operands="write*",
        examples={"tee out.log": "write:out.log", "tee -a ~/.bashrc": "write:~/.bashrc"},
    ),
    Spec(
        "date",
        version=_CU,
        options={
            **_COMMON,
            "-d --date --rfc-3339": "val",
            "--debug --resolution -R --rfc-email -u --utc --universal": "flag",
            "-I --iso-8601": "opt",
            # Each line of the file is parsed and echoed back on error: `date: invalid date 'LINE'`.
            "-f --file": "val:read",
            "-r --reference": "val:stat",
            "-s --set": "val:privilege",
        },
        operands="text?",
        examples={
            "date +%Y-%m-%d": "",
            "date -u -d @0": "",
            "date -f ~/.aws/credentials": "read:~/.aws/credentials",
            "date --set=2020-01-01": "privilege:2020-01-01",
        },
    ),
    Spec(
        "sync",
        version=_CU,
        options={**_COMMON, "-d --data -f --file-system": "flag"},
        operands="stat*",
        examples={"sync": ""},
    ),
    Spec(
        "which",
        version="debianutils 5.7",
        long_prefix=False,
        options={"-a -s": "flag"},
        operands="text+",
        examples={"which -a python3": ""},
    ),
    Spec(
        "whereis",
        version="util-linux 2.38.1",
        options={**_COMMON, "-h -V -b -m -s -u -l -B -M -S -f": "flag"},
        operands="text*",
        examples={"whereis ls": ""},
    ),
    Spec(
        "time",
        version="GNU time 1.9",
        posix=True,
        options={
            **_COMMON,
            "-a --append -p --portability -q --quiet -v --verbose -h -V": "flag",
            "-f --format": "val",
            "-o --output": "val:write",
        },
        operands="argv",
        examples={
            "time -v make": "runs:make",
            "time -a -o ~/.bashrc ls": "write:~/.bashrc runs:ls",
        },
    ),
]
