"""Small utilities without a family of their own: shell loop control (`break`, `continue`),
uuencode and base64 file coders, `age` encryption, project scaffolders (degit,
create-next-app), PCRE grep and test tools, `rgrep`, and the safe-chains checker.

What matters here:
- `uudecode` and `b64decode` write the file whose name is inside the encoded data unless
  `-o` (or `-p`/`-r`) says where: that name is not on the command line, so it is not modelled;
- `age -o FILE` writes; a recipient of an age plugin (`age1NAME1...`) makes age run the program
  `age-plugin-NAME`: not modelled; identity files (`-i`) are read and judged as paths;
- degit fetches a repository snapshot (`fetch`, a download as `git clone` is) into a directory (`tree-write`, the current
  directory when none is named); create-next-app does too and then installs the template's
  packages, whose install scripts run: not modelled unless `--skip-install`;
- pcregrep is grep's grammar (`-f` reads patterns, `--file-list` names the files it reads: not
  modelled); pcretest reads INPUT and writes OUTPUT.

Reference: bash 5.2 builtins (`help break`), GNU sharutils 4.15.2, FreeBSD 14 b64encode(1) and
b64decode(1) (uuencode(1)), age 1.1.1, degit 2.8.4 (README and `degit --help`),
create-next-app 15.1 (`--help`), pcre 8.39 (pcregrep, pcretest: Debian bookworm),
GNU grep 3.8 (rgrep is `grep -r`), safe-chains 0.9 (`safe-chains --help`).
"""

from __future__ import annotations

import copy

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs import search


def _loop_level(walked: Walk, argv: list[str]) -> None:
    """`break [n]` / `continue [n]`: n is a positive integer; anything else is not the builtin's use."""
    for word in argv[1:]:
        if word.startswith("-"):
            continue  # an option: the builtin has none, and the walk reported it
        if not word.isdigit() or int(word) < 1:
            walked.unknown.append(f"{argv[0]} {word!r}: the level must be a positive number")


def _given(walked: Walk, options: tuple[str, ...]) -> bool:
    """Did the walk read one of these options? By the name each matched (`walked.seen`): bundled short flags
    split, unique prefixes of long options expanded, and a word taken as an option's value is not an option."""
    return not set(walked.seen).isdisjoint(options)


def _decode_target(outputs: tuple[str, ...]):  # type: ignore[no-untyped-def]
    def judge(walked: Walk, argv: list[str]) -> None:
        if _given(walked, ("-h", "--help", "-v", "--version", "-!", "--more-help", *outputs)):
            return
        walked.unknown.append(f"{argv[0]} writes the file named inside the encoded data (no -o): not modelled")

    return judge


def _age_judge(walked: Walk, argv: list[str]) -> None:
    """A plugin recipient `age1NAME1...` runs `age-plugin-NAME` (native keys have no second `1`)."""
    recipients = [e.value for e in walked.effects if e.kind == "text" and e.origin in ("-r", "--recipient")]
    walked.effects[:] = [e for e in walked.effects if not (e.kind == "text" and e.origin in ("-r", "--recipient"))]
    for value in recipients:
        if value.lower().startswith("age1") and "1" in value[4:]:
            walked.unknown.append(f"age recipient {value[:16]}... runs an age plugin program: not modelled")


def _degit_dest(walked: Walk, argv: list[str]) -> None:
    """Without a destination the snapshot is written into the current directory."""
    if _given(walked, ("-h", "--help")):
        return
    if not any(e.kind == "tree-write" for e in walked.effects):
        walked.effects.append(Effect("tree-write", ".", "default destination"))


def _next_app(walked: Walk, argv: list[str]) -> None:
    if _given(walked, ("-h", "--help", "-v", "--version")):
        return
    if not _given(walked, ("--skip-install",)):
        walked.unknown.append(
            "create-next-app installs the template's packages (their install scripts run): not modelled"
        )


def _safe_chains(walked: Walk, argv: list[str]) -> None:
    """Without a command or a listing option, safe-chains reads a hook event from stdin."""
    if len(argv) == 1:
        walked.unknown.append("safe-chains without a command reads a hook event from stdin: not modelled")


def _rgrep() -> Spec:
    grep = next(spec for spec in search.SPECS if spec.name == "grep")
    twin = copy.copy(grep)
    twin.name = "rgrep"
    twin.aliases = ()
    twin.version = grep.version + " (rgrep = grep -r)"
    twin.effects = [*grep.effects, "recursive"]
    twin.examples = {
        "rgrep pattern src/": "recursive read:src/",
        "rgrep --include '*.rs' pattern src/": "recursive read:src/",
        "rgrep -f ~/.netrc x": "recursive read:~/.netrc read:x",
    }
    return twin


SPECS = [
    Spec(
        "break",
        aliases=("continue",),
        version="bash 5.2 builtin",
        summary="leaves (or continues) the n-th enclosing loop",
        operands="text?",
        judge=_loop_level,
        examples={
            "break": "",
            "break 2": "",
            "continue 1": "",
            "break evil": "unknown",
            "break 1 2": "unknown",
            "break --help": "unknown",
            "break -1": "unknown",
        },
    ),
    Spec(
        "uuencode",
        version="GNU sharutils 4.15.2",
        options={
            "-m --base64 -e --encode-file-name -h --help -! --more-help --no-load-opts": "flag",
            "-v --version": "opt",
            "-R --save-opts": "unknown",  # writes an options file (default ~/.sharrc)
            "-r --load-opts": "val:read",
        },
        operands="read? text",
        examples={
            "uuencode file.bin file.bin": "read:file.bin",
            "uuencode -m file.bin file.bin": "read:file.bin",
            "uuencode ~/.ssh/id_rsa /dev/stdout": "read:~/.ssh/id_rsa",
        },
    ),
    Spec(
        "uudecode",
        version="GNU sharutils 4.15.2",
        options={
            "-c --ignore-chmod -h --help -! --more-help --no-load-opts": "flag",
            "-v --version": "opt",
            "-o --output-file": "val:write",
            "-R --save-opts": "unknown",
            "-r --load-opts": "val:read",
        },
        operands="read*",
        judge=_decode_target(("-o", "--output-file")),
        examples={
            "uudecode encoded.uu": "read:encoded.uu unknown",
            "uudecode -o out.bin encoded.uu": "write:out.bin read:encoded.uu",
            "uudecode -o ~/.bashrc x.uu": "write:~/.bashrc read:x.uu",
        },
    ),
    Spec(
        "b64encode",
        version="FreeBSD 14 b64encode(1)",
        options={"-m -r": "flag", "-o": "val:write"},
        operands="read? text",
        examples={
            "b64encode -o out.b64 raw.bin raw.bin": "write:out.b64 read:raw.bin",
            "b64encode raw.bin x": "read:raw.bin",
        },
    ),
    Spec(
        "b64decode",
        version="FreeBSD 14 b64decode(1)",
        options={"-c -i -m -p -r -s": "flag", "-o": "val:write"},
        operands="read*",
        judge=_decode_target(("-o", "-p", "-r")),
        examples={
            "b64decode -o out.bin in.b64": "write:out.bin read:in.b64",
            "b64decode in.b64": "read:in.b64 unknown",
            "b64decode -p in.b64": "read:in.b64",
        },
    ),
    Spec(
        "age",
        version="age 1.1.1",
        options={
            "-h --help --version -e --encrypt -a --armor -p --passphrase": "flag",
            # prints (or writes) the plaintext of what was encrypted to keep it secret, as sops -d and gpg -d do
            "-d --decrypt": "flag:secret@force_ask",
            "-r --recipient": "val:text",  # read by the judge: a plugin recipient runs a program
            "-R --recipients-file -i --identity": "val:read",
            "-o --output": "val:write",
            "-j": "unknown",  # plugin-only identities: runs age-plugin-NAME
        },
        operands="read?",
        judge=_age_judge,
        examples={
            "age -o ./out -e x": "write:./out read:x",
            "age -o /etc/evil -e x": "write:/etc/evil read:x",
            "age -d -i key.txt -o data.tar.gz data.tar.gz.age": "secret read:key.txt write:data.tar.gz read:data.tar.gz.age",
            "age -r age1yubikey1qqq -o x.age x": "write:x.age read:x unknown",
        },
    ),
    Spec(
        "degit",
        version="degit 2.8.4",
        summary="downloads a snapshot of a git repository into a directory (no hooks or scripts run)",
        options={"-h --help -f --force -c --cache -v --verbose": "flag", "--mode": "val"},
        operands="text tree-write?",
        effects="fetch",  # a download from GitHub, GitLab, Bitbucket or sourcehut, as `git clone` is
        judge=_degit_dest,
        examples={
            "degit user/repo my-app": "fetch tree-write:my-app",
            "degit user/repo": "fetch tree-write:.",
            "degit user/repo ~/.ssh/evil": "fetch tree-write:~/.ssh/evil",
        },
    ),
    Spec(
        "create-next-app",
        version="create-next-app 15.1",
        summary="downloads a Next.js template into a directory and installs its packages",
        long_prefix=False,
        options={
            "-h --help -v --version --ts --typescript --js --javascript --tailwind --no-tailwind --eslint --no-eslint": "flag",
            "--app --no-app --src-dir --no-src-dir --turbopack --no-turbopack --empty --api --use-npm --use-pnpm": "flag",
            "--use-yarn --use-bun --skip-install --yes --disable-git --no-import-alias": "flag",
            "--import-alias -e --example --example-path": "val",
            "--reset-preferences": "flag:config",
        },
        operands="tree-write?",
        effects="network",
        judge=_next_app,
        examples={
            "create-next-app my-app --typescript": "network tree-write:my-app unknown",
            "create-next-app my-app --skip-install": "network tree-write:my-app",
            "create-next-app ~/.ssh/evil --skip-install": "network tree-write:~/.ssh/evil",
        },
    ),
    Spec(
        "pcregrep",
        version="pcregrep 8.39",
        options={
            "--help -V --version -a --text -c --count -F --fixed-strings --file-offsets -H --with-filename": "flag",
            "-h --no-filename -I -i --ignore-case --no-jit -l --files-with-matches -L --files-without-match": "flag",
            "--line-buffered --line-offsets -M --multiline -n --line-number -q --quiet -s --no-messages": "flag",
            "-u --utf-8 -v --invert-match -w --word-regex --word-regexp -x --line-regex --line-regexp": "flag",
            "-A --after-context -B --before-context -C --context --binary-files --buffer-size": "val",
            "-D --devices -d --directories --label --locale --match-limit --recursion-limit -N --newline": "val",
            "--om-separator --exclude --include --exclude-dir --include-dir": "val",
            "--color --colour -o --only-matching": "opt",
            "-r --recursive": "flag:recursive",
            "-e --regex --regexp": "val>read*",
            "-f --file": "val>read*:read",
            "--exclude-from --include-from": "val:read",
            "--file-list": "val:unknown",  # the files it names are read
        },
        operands="text read*",
        examples={
            "pcregrep 'foo' file.txt": "read:file.txt",
            "pcregrep -r 'pattern' src/": "recursive read:src/",
            "pcregrep --file-list=list.txt x": "unknown",
        },
    ),
    Spec(
        "pcretest",
        version="pcretest 8.39",
        single_dash=True,
        options={"-b -d -dfa -help -i -jit -M -m -p -q -s -s+ -T -TM": "flag", "-C -t -tm": "opt", "-o -S": "val"},
        operands="read write?",  # none: stdin to stdout
        examples={
            "pcretest": "",
            "pcretest patterns.txt": "read:patterns.txt",
            "pcretest in.txt ~/.bashrc": "read:in.txt write:~/.bashrc",
        },
    ),
    _rgrep(),
    Spec(
        "safe-chains",
        version="safe-chains 0.9",
        summary="prints whether a command is safe by its rules (the command is analysed, not run)",
        long_prefix=False,
        options={
            "-h --help -V --version --list-commands --list-tools": "flag",
            "--level": "val",
            "--generate-book": "unknown",
        },
        operands="text?",
        judge=_safe_chains,
        examples={
            "safe-chains 'cargo test'": "",
            "safe-chains --level safe-read 'cargo test'": "",
            "safe-chains --list-commands": "",
            "safe-chains": "unknown",
            "safe-chains foo bar baz": "unknown",
            "safe-chains --generate-book": "unknown",
        },
    ),
]
