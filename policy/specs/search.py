"""Search: programs that find text in files, or files by name.

Reference: GNU grep 3.8, ripgrep 13.0.0, fd 8.6.0 (Debian `fdfind`), the silver searcher 2.2.0,
ack 3.6.0, plocate 1.1.18, as Debian bookworm packages them.

The first operand is a PATTERN (text, never a path: `grep -rn id_rsa .` reads `.`, not a key),
unless the pattern comes from `-e` or `-f`. Executors hidden in options are modelled:
`rg --pre CMD` runs CMD on every file searched, `fd -x CMD ...` / `fd -X CMD ...` run the rest of
the line, `ack --pager=CMD` pipes its output into CMD. `find` is not here: policy/shell.py peels
its `-exec` and the engine judges `-delete` and `-fprint`.
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Spec, Walk

_GREP = Spec(
    "grep",
    aliases=("egrep", "fgrep"),
    version="GNU grep 3.8",
    numeric=True,
    options={
        "--help -V --version": "flag",
        "-E --extended-regexp -F --fixed-strings -G --basic-regexp -P --perl-regexp": "flag",
        "-i --ignore-case --no-ignore-case -w --word-regexp -x --line-regexp -z --null-data": "flag",
        "-s --no-messages -v --invert-match -b --byte-offset -n --line-number --line-buffered": "flag",
        "-H --with-filename -h --no-filename -o --only-matching -q --quiet --silent": "flag",
        "-a --text -I -L --files-without-match -l --files-with-matches -c --count -T --initial-tab": "flag",
        "-Z --null --no-group-separator -U --binary -y": "flag",
        "-m --max-count --label --binary-files -d --directories -D --devices": "val",
        "--include --exclude --exclude-dir --group-separator -A --after-context -B --before-context": "val",
        "-C --context": "val",
        "--color --colour": "opt",
        "-r --recursive -R --dereference-recursive": "flag:recursive",
        "-e --regexp": "val>read*",
        "-f --file": "val>read*:read",
        "--exclude-from": "val:read",
    },
    operands="text read*",
    examples={
        "grep -rn id_rsa .": "recursive read:.",
        "grep -i error app.log": "read:app.log",
        "grep -e foo -e bar src/a.py": "read:src/a.py",
        "grep -f ~/.netrc x": "read:~/.netrc read:x",
        "grep -r --include=*.py -A3 TODO src": "recursive read:src",
        "egrep -c 'a|b' f": "read:f",
    },
)

_RG = Spec(
    "rg",
    version="ripgrep 13.0.0",
    long_prefix=False,
    options={
        "-h --help -V --version --pcre2-version --type-list": "flag",
        "--auto-hybrid-regex --no-auto-hybrid-regex --binary --no-binary --block-buffered": "flag",
        "--no-block-buffered -b --byte-offset --no-byte-offset -s --case-sensitive --column": "flag",
        "--no-column -c --count --count-matches --crlf --no-crlf --debug --trace -F --fixed-strings": "flag",
        "--no-fixed-strings -L --follow --no-follow --glob-case-insensitive --no-glob-case-insensitive": "flag",
        "--heading --no-heading --hidden --no-hidden --ignore-file-case-insensitive": "flag",
        "--no-ignore-file-case-insensitive -i --ignore-case --include-zero --no-include-zero": "flag",
        "-v --invert-match --no-invert-match --json --no-json --line-buffered --no-line-buffered": "flag",
        "-n --line-number -N --no-line-number -x --line-regexp --max-columns-preview": "flag",
        "--no-max-columns-preview --mmap --no-mmap -U --multiline --no-multiline --multiline-dotall": "flag",
        "--no-multiline-dotall --no-config --no-context-separator -I --no-filename --no-ignore": "flag",
        "--ignore --no-ignore-dot --ignore-dot --no-ignore-exclude --ignore-exclude --no-ignore-files": "flag",
        "--ignore-files --no-ignore-global --ignore-global --no-ignore-messages --ignore-messages": "flag",
        "--no-ignore-parent --ignore-parent --no-ignore-vcs --ignore-vcs --no-messages --messages": "flag",
        "--no-pcre2-unicode --pcre2-unicode --no-require-git --require-git --no-unicode --unicode": "flag",
        "-0 --null --null-data --one-file-system --no-one-file-system -o --only-matching --passthru": "flag",
        "-P --pcre2 --no-pcre2 -p --pretty -q --quiet --stats --no-stats -a --text --no-text": "flag",
        "--trim --no-trim -u --unrestricted --vimgrep -H --with-filename -w --word-regexp -S --smart-case": "flag",
        "-l --files-with-matches --files-without-match --no-pre --no-search-zip -j --threads": "flag",
        # Searching compressed files runs gzip, xz, ... on them: the decompressors, not a chosen program.
        "-z --search-zip": "flag",
        "-A --after-context -B --before-context -C --context --color --colors --context-separator": "val",
        "--dfa-size-limit -E --encoding --engine --field-context-separator --field-match-separator": "val",
        "-g --glob --iglob -M --max-columns -m --max-count --max-depth --max-filesize": "val",
        "--path-separator --pre-glob --regex-size-limit -r --replace --sort --sortr": "val",
        "-t --type --type-add --type-clear -T --type-not": "val",
        "-e --regexp": "val>read*",
        "-f --file": "val>read*:read",
        "--ignore-file": "val:read",
        # COMMAND runs on every file searched, with the file name as its argument.
        "--pre": "val:argv",
        # Lists the files it would search: names, not content.
        "--files": "flag>stat*",
    },
    operands="text read*",
    effects="recursive",
    examples={
        'rg "\\.pem" .': "recursive read:.",
        "rg -n TODO src tests": "recursive read:src read:tests",
        "rg --files ~/.ssh": "recursive stat:~/.ssh",
        "rg -f ~/.netrc .": "recursive read:~/.netrc read:.",
        "rg -uu secret ~/.aws": "recursive read:~/.aws",
    },
)


# fd's placeholders (the path, its basename, parent, without extension): each stands for a file found.
_FD_PLACEHOLDERS = ("{/.}", "{//}", "{/}", "{.}", "{}")


def _handed_files(result: Walk, roots: list[str], batch: bool, tests: tuple[str, ...] = ()) -> None:
    """CMD runs with the files found under ROOTS appended (or in its placeholders): it is `find ROOTS -exec CMD
    {} ;` (`+` for a batch), which the shell layer judges with {} standing for every file under the roots, so
    `fd -X rm` deletes the tree, as `find . -exec rm {} +` does, instead of being a bare `rm` that does nothing."""
    command = list(result.rest or [])
    if ";" in command:
        command = command[: command.index(";")]  # `fd -x CMD ; OTHER-FD-OPTIONS`
    if not command:
        return
    filled = False
    for index, word in enumerate(command):
        for mark in _FD_PLACEHOLDERS:
            if mark in word:
                word = word.replace(mark, "{}")
                filled = True
        command[index] = word
    if not filled:
        command.append("{}")
    result.rest = ["find", *roots, *tests, "-exec", *command, "+" if batch else ";"]


# fd patterns that match every name: with one of them (or none) fd hands on every file under the roots.
_FD_MATCH_ALL = frozenset({"", ".", "^", "$", ".*", "^.*", ".*$", "^.*$", ".+", "^.+", ".+$", "^.+$", "*", "**"})


def _fd_pattern(argv: list[str]) -> str:
    """fd's PATTERN operand ("" when none is given): the first word that is neither an option nor its value."""
    words = argv[1:]
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word in ("-x", "--exec", "-X", "--exec-batch"):
            return ""
        if word == "--":
            return words[i] if i < len(words) else ""
        if word.startswith("--"):
            opt = _FD.longs.get(word.split("=", 1)[0])
            i += 1 if opt is not None and opt.takes and "=" not in word else 0
        elif word.startswith("-") and len(word) > 1:
            for at, letter in enumerate(word[1:]):
                opt = _FD.shorts.get(letter)
                if opt is not None and opt.takes:
                    i += 1 if at == len(word) - 2 else 0  # `-e py` takes the next word, `-epy` its own rest
                    break
        else:
            return word
    return ""


def _deletes_what_it_is_handed(command: list[str]) -> bool:
    """`rm`, `rm -f`, `rm -rf {}`: the command removes the files fd hands it and nothing else."""
    if not command or command[0] != "rm":
        return False
    return all(word.startswith("-") or word in _FD_PLACEHOLDERS for word in command[1:])


def _fd_judge(result: Walk, argv: list[str]) -> None:
    """`fd PATTERN PATH -x CMD`: CMD gets every file found under the search paths, so it reads those trees
    (`fd . /etc -x cat` is `find /etc -exec cat {} +`); what CMD itself does is analysed as a command."""
    extensions = [e.value for e in result.effects if e.kind == "text" and e.origin in ("-e", "--extension")]
    result.effects = [e for e in result.effects if e.kind != "text"]
    if result.rest is None:
        return
    roots = [e.value for e in result.effects if e.kind == "stat" and e.value] or ["."]
    result.effects.extend(Effect("tree-read", root, "-x") for root in roots)
    # One extension is find's `-name '*.EXT'` (the engine then knows the files are a selection, not the tree).
    tests: tuple[str, ...] = ("-name", f"*.{extensions[0]}") if len(extensions) == 1 else ()
    if len(extensions) > 1:
        tests = ("-regex", ".*\\.(" + "|".join(re.escape(e.lstrip(".")) for e in extensions) + ")$")
    pattern = _fd_pattern(argv)
    glob = bool({"-g", "--glob"} & set(result.seen))
    if pattern not in _FD_MATCH_ALL:
        # A pattern selects files by name (a regex, or a glob with -g): find's own test for it.
        tests = (*tests, "-name" if glob else "-regex", pattern)
    command = list(result.rest)
    if tests and _deletes_what_it_is_handed(command[: command.index(";")] if ";" in command else command):
        # `fd '\.pyc$' -x rm` removes the files that match, not the tree: find's `-delete` of a selection, which
        # the destructive floor asks about (a pattern that matches everything still hands on every file).
        result.rest = ["find", *roots, *tests, "-delete"]
        return
    _handed_files(result, roots, batch=bool({"-X", "--exec-batch"} & set(result.seen)), tests=tests)


def _rg_judge(result: Walk, argv: list[str]) -> None:
    """`rg --pre CMD PATTERN PATH`: CMD runs with each file searched as its argument."""
    if result.rest is None:
        return
    roots = [e.value for e in result.effects if e.kind == "read" and e.origin.startswith("operand")] or ["."]
    _handed_files(result, roots, batch=False)


_RG.judge = _rg_judge


_FD = Spec(
    "fdfind",
    aliases=("fd",),
    version="fd 8.6.0",
    long_prefix=False,
    options={
        "-h --help -V --version -H --hidden -I --no-ignore --no-ignore-vcs --no-ignore-parent": "flag",
        "-u --unrestricted -s --case-sensitive -i --ignore-case -g --glob --regex -F --fixed-strings": "flag",
        "-a --absolute-path -l --list-details -L --follow -p --full-path -0 --print0 --prune -1": "flag",
        "-q --quiet --show-errors --strip-cwd-prefix --one-file-system": "flag",
        "-d --max-depth --min-depth --exact-depth -E --exclude -t --type -S --size": "val",
        "-e --extension": "val:text",  # judged by _fd_judge
        "--changed-within --changed-before --changed-after --change-newer-than --change-older-than": "val",
        "--newer --older -o --owner --path-separator -j --threads --batch-size --max-results -c --color": "val",
        "--and": "val",
        "--ignore-file": "val:read",
        "--search-path": "val:stat",
        "--base-directory": "val:cd",
        # The rest of the line, up to `;`, is a command run for each result (or once for all).
        "-x --exec -X --exec-batch": "flag:argv",
    },
    operands="text stat*",
    effects="recursive",
    judge=_fd_judge,
    examples={
        "fd -e py . src": "recursive stat:src",
        "fdfind config ~": "recursive stat:~",
        "fd --search-path ~/.ssh id": "recursive stat:~/.ssh",
    },
)

SPECS = [
    _GREP,
    _RG,
    _FD,
    Spec(
        "ag",
        version="the silver searcher 2.2.0",
        options={
            "-h --help -V --version --ackmate -c --count --break --nobreak --color --nocolor": "flag",
            "--color-line-number --color-match --color-path --column --filename --nofilename": "flag",
            "-H --heading --noheading --group --nogroup -l --files-with-matches -L --files-without-matches": "flag",
            "--print-all-files --numbers --nonumbers -o --only-matching --print-long-lines --passthrough": "flag",
            "--passthru --silent --stats --stats-only --vimgrep -0 --null --print0 -a --all-types": "flag",
            "-D --debug -f --follow -F --fixed-strings -Q --literal -i --ignore-case --one-device": "flag",
            "--hidden -s --case-sensitive -S --smart-case --search-binary -t --all-text -u --unrestricted": "flag",
            "-U --skip-vcs-ignores -v --invert-match -w --word-regexp -z --search-zip -r --recurse": "flag",
            "-n --norecurse": "flag",
            "-A -B -C -G --file-search-regex --depth --ignore --ignore-dir -m --max-count -W --width": "val",
            "--after --before --context": "opt",
            "-p --path-to-ignore": "val:read",
            # With -g the operand is a file-name pattern and the rest are paths listed by name.
            "-g --filename-pattern": "val>stat*",
        },
        operands="text read*",
        effects="recursive",
        examples={"ag -i todo src": "recursive read:src", "ag -g '\\.py$' .": "recursive stat:."},
    ),
    Spec(
        "ack",
        version="ack 3.6.0",
        options={
            "--help --help-types --help-colors --help-rgb-colors --man --version --thpppt --bar --cathy": "flag",
            "-i --ignore-case -I --no-ignore-case -S --smart-case --no-smart-case -v --invert-match": "flag",
            "-w --word-regexp -Q --literal -l --files-with-matches -L --files-without-matches": "flag",
            "-c --count -H --with-filename -h --no-filename --print0 --column --nocolumn": "flag",
            "--heading --noheading --break --nobreak --group --nogroup --color --nocolor --colour --nocolour": "flag",
            "--flush --nopager --filter --nofilter --underline --nounderline -f -k --known-types": "flag",
            "--sort-files --show-types -r -R --recurse -n --no-recurse --follow --nofollow -s -1": "flag",
            "--env --noenv --ignore-ack-defaults --dump --create-ackrc -x -o --passthru --nosmart-case": "flag",
            "-m --max-count -A --after-context -B --before-context -p --proximate -P": "val",
            "--color-filename --color-match --color-colno --color-lineno --range-start --range-end": "val",
            "--ignore-dir --noignore-dir --ignore-directory --noignore-directory --ignore-file": "val",
            "-t --type -T --type-set --type-add --type-del --match -g": "val",
            "-C --context": "opt",
            "--ackrc": "val:load",
            "--pager": "val:exec",
            # Prints the evaluation of EXPR for each match (Perl-style interpolation): not modelled.
            "--output": "unknown",
            # Reads file NAMES from FILE, then prints matching lines from them: names hookward cannot see.
            "--files-from": "unknown",
            "--proximate-zero": "flag",
        },
        operands="text read*",
        effects="recursive",
        examples={
            "ack -i todo lib": "recursive read:lib",
            "ack --pager=./evil x": "recursive exec:./evil",
        },
    ),
    Spec(
        "locate",
        aliases=("plocate", "mlocate"),
        version="plocate 1.1.18",
        options={
            "-h --help -V --version -b --basename -c --count -i --ignore-case -N --literal -0 --null": "flag",
            "-r --regexp --regex -w --wholename -e --existing -A --all -q --quiet": "flag",
            "-l -n --limit": "val",
            "-d --database": "val:read",
        },
        operands="text*",
        examples={"locate -i settings.json": "", "locate -d ~/.netrc x": "read:~/.netrc"},
    ),
]
