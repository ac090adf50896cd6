"""Text: filters that print, transform, compare and encode what they read.

Reference: GNU coreutils 9.1, GNU diffutils 3.8, GNU sed 4.9, GNU gawk 5.2.1, mawk 1.3.4,
jq 1.6, yq 3.1.0 (the Python yq Debian packages), xxd 2022-01-14 (vim 9.0), util-linux 2.38.1
(hexdump, column, rev), GNU binutils 2.40 (strings), glibc 2.36 (iconv), gettext 0.21 (envsubst),
all as Debian bookworm packages them.

Many "read-only" filters hide a writer in an option (`sort -o`, `iconv -o`, `xxd IN OUT`,
`uniq IN OUT`, `sed -i`, `yq -i`, `gawk -i inplace`) or an executor (`sort --compress-program`,
`split --filter`): those are modelled, so a rule that allows the program cannot hide them.
The programs of sed and awk are text here; what they run or write is judged by the floors
(`floors.sed_demand`, `floors.interpreter_demand`).
"""

from __future__ import annotations

from hookward.policy.spec import Spec

_COMMON = {"--help --version": "flag"}
_CU = "GNU coreutils 9.1"
_UL = "util-linux 2.38.1"


def _digest(name: str, extra: dict[str, str] | None = None) -> Spec:
    return Spec(
        name,
        version=_CU,
        options={
            **_COMMON,
            "-b --binary -c --check --tag -t --text -z --zero --ignore-missing --quiet --status": "flag",
            "--strict -w --warn": "flag",
            **(extra or {}),
        },
        operands="read*",
        examples={f"{name} dist/app.tar.gz": "read:dist/app.tar.gz", f"{name} -c SUMS": "read:SUMS"},
    )


def _filter(name: str, options: dict[str, str], version: str = _CU, example: str = "") -> Spec:
    """A filter that prints what it reads from its operands (or standard input)."""
    return Spec(
        name,
        version=version,
        options={**_COMMON, **options},
        operands="read*",
        examples={example or f"{name} in.txt": "read:in.txt"},
    )


_JQ_OPTIONS = {
    "-h --help -V --version": "flag",
    "-c --compact-output -n --null-input -e --exit-status -s --slurp -r --raw-output -j --join-output": "flag",
    "-a --ascii-output -R --raw-input -C --color-output -M --monochrome-output -S --sort-keys": "flag",
    "--tab --seq --stream --unbuffered --debug-dump-disasm --debug-trace": "flag",
    "--indent": "val",
    "--arg --argjson": "val2",
    # The file's content becomes a variable the filter can print: a read.
    "--slurpfile --rawfile --argfile": "val2:read",
    "--args --jsonargs": "flag>text*",
    "-f --from-file": "val>read*:read",
    # Modules imported by the filter are jq code loaded from these directories.
    "-L": "val:load",
    "--run-tests": "unknown",
}

SPECS = [
    Spec(
        "echo",
        version="GNU bash 5.2 builtin / " + _CU,
        literal_dashes=True,
        posix=True,
        options={"-n -e -E --help --version": "flag"},
        operands="text*",
        examples={"echo hello": "", "echo -n --- done ---": "", "echo -e 'a\\tb'": ""},
    ),
    Spec(
        "printf",
        version=_CU,
        posix=True,
        options=_COMMON,
        operands="text*",
        examples={"printf '%s\\n' -x": ""},
    ),
    Spec(
        "sort",
        version=_CU,
        options={
            **_COMMON,
            "-b --ignore-leading-blanks -d --dictionary-order -f --ignore-case -g --general-numeric-sort": "flag",
            "-i --ignore-nonprinting -M --month-sort -h --human-numeric-sort -n --numeric-sort": "flag",
            "-R --random-sort -r --reverse -V --version-sort -c -C --debug -m --merge -s --stable": "flag",
            "-u --unique -z --zero-terminated": "flag",
            "--check": "opt",
            "--sort -k --key -t --field-separator --batch-size -S --buffer-size --parallel": "val",
            "--random-source": "val:read",
            "-o --output": "val:write",
            "-T --temporary-directory": "val:write",
            # PROG is run (no shell) to compress temporaries: a program of the caller's choosing.
            "--compress-program": "val:argv",
            # Reads file NAMES from F, then prints those files: names hookward cannot see.
            "--files0-from": "unknown",
        },
        operands="read*",
        examples={
            "sort -u names.txt": "read:names.txt",
            "sort -o ~/.bashrc x": "write:~/.bashrc read:x",
            "sort --compress-program=sh big": "read:big runs:sh",
            "sort -S 1G -T /tmp big": "write:/tmp read:big",
        },
    ),
    Spec(
        "uniq",
        version=_CU,
        options={
            **_COMMON,
            "-c --count -d --repeated -D -i --ignore-case -u --unique -z --zero-terminated": "flag",
            "--all-repeated --group": "opt",
            "-f --skip-fields -s --skip-chars -w --check-chars": "val",
        },
        # uniq INPUT OUTPUT: the second operand is written.
        operands="read write?",
        examples={"uniq -c sorted.txt": "read:sorted.txt", "uniq in ~/.profile": "read:in write:~/.profile"},
    ),
    _filter(
        "cut",
        {
            "-b --bytes -c --characters -d --delimiter -f --fields --output-delimiter": "val",
            "--complement -n -s --only-delimited -z --zero-terminated": "flag",
        },
        example="cut -d: -f1 in.txt",
    ),
    Spec(
        "tr",
        version=_CU,
        options={**_COMMON, "-c -C --complement -d --delete -s --squeeze-repeats -t --truncate-set1": "flag"},
        operands="text*",
        examples={"tr a-z A-Z": "", "tr -d '\\r'": ""},
    ),
    _filter("paste", {"-d --delimiters": "val", "-s --serial -z --zero-terminated": "flag"}),
    Spec(
        "join",
        version=_CU,
        options={
            **_COMMON,
            "-a -e -j -o -t -v -1 -2": "val",
            "-i --ignore-case --check-order --nocheck-order --header -z --zero-terminated": "flag",
        },
        operands="read*",
        examples={"join -t, a.csv b.csv": "read:a.csv read:b.csv"},
    ),
    Spec(
        "comm",
        version=_CU,
        options={
            **_COMMON,
            "-1 -2 -3 --check-order --nocheck-order --total -z --zero-terminated": "flag",
            "--output-delimiter": "val",
        },
        operands="read*",
        examples={"comm -12 a b": "read:a read:b"},
    ),
    Spec(
        "diff",
        version="GNU diffutils 3.8",
        options={
            **_COMMON,
            "--normal -q --brief -s --report-identical-files -c -u -e --ed -n --rcs -y --side-by-side": "flag",
            "--left-column --suppress-common-lines -p --show-c-function -t --expand-tabs -T --initial-tab": "flag",
            "--suppress-blank-empty -l --paginate -N --new-file --unidirectional-new-file": "flag",
            "--ignore-file-name-case --no-ignore-file-name-case -i --ignore-case -E --ignore-tab-expansion": "flag",
            "-Z --ignore-trailing-space -b --ignore-space-change -w --ignore-all-space": "flag",
            "-B --ignore-blank-lines --strip-trailing-cr -a --text -d --minimal --speed-large-files": "flag",
            "--no-dereference -v": "flag",
            "-C -U -W --width --tabsize -F --show-function-line --label -x --exclude -S --starting-file": "val",
            "-I --ignore-matching-lines -D --ifdef --horizon-lines --line-format --palette": "val",
            "--old-group-format --new-group-format --changed-group-format --unchanged-group-format": "val",
            "--old-line-format --new-line-format --unchanged-line-format": "val",
            "--context --unified --color": "opt",
            "-r --recursive": "flag:recursive",
            "-X --exclude-from --from-file --to-file": "val:read",
        },
        operands="read*",
        examples={
            "diff -u a.py b.py": "read:a.py read:b.py",
            "diff -r src ~/.ssh": "recursive read:src read:~/.ssh",
            "diff --to-file=~/.aws/credentials x": "read:~/.aws/credentials read:x",
        },
    ),
    Spec(
        "cmp",
        version="GNU diffutils 3.8",
        options={
            **_COMMON,
            "-b --print-bytes -l --verbose -s --quiet --silent -v": "flag",
            "-i --ignore-initial -n --bytes": "val",
        },
        operands="read*",
        examples={"cmp a b": "read:a read:b"},
    ),
    _filter(
        "nl",
        {
            "-b --body-numbering -d --section-delimiter -f --footer-numbering -h --header-numbering": "val",
            "-i --line-increment -l --join-blank-lines -n --number-format -s --number-separator": "val",
            "-v --starting-line-number -w --number-width": "val",
            "-p --no-renumber": "flag",
        },
    ),
    _filter("fold", {"-b --bytes -s --spaces": "flag", "-w --width": "val"}),
    Spec(
        "fmt",
        version=_CU,
        numeric=True,
        options={
            **_COMMON,
            "-c --crown-margin -s --split-only -t --tagged-paragraph -u --uniform-spacing": "flag",
            "-p --prefix -w --width -g --goal": "val",
        },
        operands="read*",
        examples={"fmt -72 notes.txt": "read:notes.txt"},
    ),
    _filter(
        "column",
        {
            "-h -V -t --table -d --table-noheadings -e --table-header-repeat": "flag",
            "-L --keep-empty-lines -J --json -x --fillrows": "flag",
            "-n --table-name -O --table-order -N --table-columns -l --table-columns-limit": "val",
            "-E --table-noextreme -H --table-hide -R --table-right -T --table-truncate -W --table-wrap": "val",
            "-r --tree -i --tree-id -p --tree-parent -c --output-width -o --output-separator -s --separator": "val",
        },
        version=_UL,
        example="column -t -s, in.txt",
    ),
    _filter("rev", {"-h -V": "flag"}, version=_UL),
    _filter("tac", {"-b --before -r --regex": "flag", "-s --separator": "val"}),
    _filter("expand", {"-i --initial": "flag", "-t --tabs": "val"}),
    _filter("unexpand", {"-a --all --first-only": "flag", "-t --tabs": "val"}),
    Spec(
        "base64",
        version=_CU,
        options={**_COMMON, "-d --decode -i --ignore-garbage": "flag", "-w --wrap": "val"},
        operands="read?",
        examples={"base64 -d blob.txt": "read:blob.txt", "base64 -w0 ~/.ssh/id_rsa": "read:~/.ssh/id_rsa"},
    ),
    Spec(
        "base32",
        version=_CU,
        options={**_COMMON, "-d --decode -i --ignore-garbage": "flag", "-w --wrap": "val"},
        operands="read?",
        examples={"base32 f": "read:f"},
    ),
    Spec(
        "basenc",
        version=_CU,
        options={
            **_COMMON,
            "--base64 --base64url --base32 --base32hex --base16 --base2msbf --base2lsbf --z85": "flag",
            "-d --decode -i --ignore-garbage": "flag",
            "-w --wrap": "val",
        },
        operands="read?",
        examples={"basenc --base16 f": "read:f"},
    ),
    Spec(
        "xxd",
        version="xxd 2022-01-14 (vim 9.0)",
        # xxd reads its own options: one dash, long spellings (`-ps`, `-cols`), values attached or
        # not (`-c16`), no bundling.
        bundling=False,
        options={
            "-a -autoskip -b -bits -C -capitalize -d -E -EBCDIC -e -h -help -i -include": "flag",
            "-p -ps -postscript -plain -u -uppercase -v -version -r -revert": "flag",
            "-c -cols -g -groupsize -l -len -n -name -o -s -seek -R": "val",
        },
        # xxd INFILE OUTFILE writes OUTFILE (the dump, or with -r the binary).
        operands="read write?",
        examples={
            "xxd -l 64 a.bin": "read:a.bin",
            "xxd -r -p - ~/.profile": "read:- write:~/.profile",
            "xxd -ps in out.hex": "read:in write:out.hex",
            "xxd -c16 -g1 f": "read:f",
            "xxd -cols 8 -revert a b": "read:a write:b",
        },
    ),
    _filter(
        "od",
        {
            "-A --address-radix -j --skip-bytes -N --read-bytes -t --format --endian": "val",
            "-S": "val",
            "--strings -w --width": "opt",
            "-v --output-duplicates --traditional -a -b -c -d -f -i -l -o -s -x": "flag",
        },
        example="od -c in.txt",
    ),
    _filter(
        "hexdump",
        {
            "-b --one-byte-octal -X --one-byte-hex -c --one-byte-char -C --canonical": "flag",
            "-d --two-bytes-decimal -o --two-bytes-octal -x --two-bytes-hex -v --no-squeezing -h -V": "flag",
            "-e --format -n --length -s --skip": "val",
            "-L --color": "opt",
            # Format errors echo the file's lines.
            "-f --format-file": "val:read",
        },
        version=_UL,
        example="hexdump -C in.txt",
    ),
    Spec(
        "strings",
        version="GNU binutils 2.40",
        numeric=True,
        options={
            "-a --all -d --data -f --print-file-name -w --include-all-whitespace -h --help": "flag",
            "-v -V --version": "flag",
            "-n --bytes -t --radix -e --encoding -T --target -s --output-separator -U --unicode": "val",
            "-o": "flag",
        },
        operands="read*",
        examples={"strings -n 8 a.out": "read:a.out"},
    ),
    Spec(
        "iconv",
        version="glibc 2.36",
        options={
            "-? --help --usage -V --version -l --list -c -s --silent --verbose": "flag",
            "-f --from-code -t --to-code": "val",
            "-o --output": "val:write",
        },
        operands="read*",
        examples={
            "iconv -f latin1 -t utf-8 in.txt": "read:in.txt",
            "iconv -f utf-8 -t utf-8 -o ~/.zshrc payload": "write:~/.zshrc read:payload",
        },
    ),
    _digest("md5sum"),
    _digest("sha1sum"),
    _digest("sha224sum"),
    _digest("sha256sum"),
    _digest("sha384sum"),
    _digest("sha512sum"),
    _digest("b2sum", {"-l --length": "val"}),
    Spec(
        "cksum",
        version=_CU,
        options={
            **_COMMON,
            "-c --check --tag --untagged -z --zero --ignore-missing --quiet --status --strict -w --warn": "flag",
            "--debug --base64 --raw": "flag",
            "-a --algorithm -l --length": "val",
        },
        operands="read*",
        examples={"cksum -a sha256 f": "read:f"},
    ),
    Spec(
        "sum",
        version=_CU,
        options={**_COMMON, "-r -s --sysv": "flag"},
        operands="read*",
        examples={"sum f": "read:f"},
    ),
    Spec(
        "jq",
        version="jq 1.6",
        long_prefix=False,
        options=_JQ_OPTIONS,
        operands="text read*",
        examples={
            "jq '.key' file.json": "read:file.json",
            "jq -r .version package.json": "read:package.json",
            "jq --rawfile k ~/.ssh/id_rsa -n '$k'": "read:~/.ssh/id_rsa",
            "jq -n -f prog.jq": "read:prog.jq",
            "jq -L ./mods 'import \"x\" as x; .'": "load:./mods",
            "jq --args '$ARGS' a b": "",
        },
    ),
    Spec(
        "yq",
        version="yq 3.1.0 (Python, jq-based)",
        long_prefix=False,
        options={
            **{k: v for k, v in _JQ_OPTIONS.items() if "-s --slurp" not in k},
            "-c --compact-output -n --null-input -e --exit-status -r --raw-output -j --join-output": "flag",
            "--slurp": "flag",
            # Python yq: slurp. Go yq (mikefarah): `-s EXPR` splits into files it writes.
            "-s": "unknown",
            "-y --yaml-output --yml-output -Y --yaml-roundtrip --yml-roundtrip": "flag",
            "--indentless-lists --indentless": "flag",
            "--yaml-output-grammar-version --yml-out-ver -w --width": "val",
            "-i --in-place": "flag>read=edit",
        },
        operands="text read*",
        examples={
            "yq -y .a config.yaml": "read:config.yaml",
            "yq -i 'del(.hooks)' .claude/settings.json": "edit:.claude/settings.json",
            "yq --in-place -y . a.yml b.yml": "edit:a.yml edit:b.yml",
        },
    ),
    Spec(
        "sed",
        version="GNU sed 4.9",
        options={
            **_COMMON,
            "-n --quiet --silent --debug --posix -E -r --regexp-extended -s --separate --sandbox": "flag",
            "-u --unbuffered -z --null-data --follow-symlinks": "flag",
            "-l --line-length": "val",
            "-e --expression": "val>read*",
            "-f --file": "val>read*:read",
            # GNU: an attached suffix only; BSD `-i ''` takes the next word: either way operands are edited.
            "-i --in-place": "opt>read=edit",
        },
        operands="text read*",
        examples={
            "sed -n 1,5p a.txt": "read:a.txt",
            "sed -i 's/a/b/' f.txt": "edit:f.txt",
            "sed --in-place=.bak s/x/y/ ~/.claude/settings.json": "edit:~/.claude/settings.json",
            "sed -e s/a/b/ -i x y": "edit:x edit:y",
            "sed -i -e s/a/b/ x": "edit:x",
            "sed -f script.sed in": "read:script.sed read:in",
            "sed -i '' s/a/b/ f": "edit:s/a/b/ edit:f",
        },
    ),
    Spec(
        "gawk",
        aliases=("awk", "nawk"),
        version="GNU Awk 5.2.1",
        options={
            **_COMMON,
            "-b --characters-as-bytes -c --traditional -C --copyright -g --gen-pot -h -I --trace": "flag",
            "-M --bignum -N --use-lc-numeric -n --non-decimal-data -O --optimize -P --posix": "flag",
            "-r --re-interval -s --no-optimize -S --sandbox -t --lint-old -V": "flag",
            "-F --field-separator -v --assign": "val",
            "-L --lint": "opt",
            "-d --dump-variables -o --pretty-print -p --profile": "opt:write",
            "-e --source": "val>read*:code:awk",
            "-f --file": "val>read*:script",
            "-E --exec": "val>read*:script",
            # An included awk library runs inside the program; `-i inplace` edits every input file.
            "-i --include": "val>read=edit:load",
            "-l --load": "val:load",
            "-D --debug": "unknown",
        },
        # The program is awk code, judged by awk's floor (commands, environment, files it names).
        operands="code:awk read*",
        examples={
            "awk '{print$1}' access.log": "code:awk:{print$1} read:access.log",
            "awk -F: -v OFS=, NR==1 /etc/passwd": "code:awk:NR==1 read:/etc/passwd",
            "awk -F , -e 'BEGIN{system(1)}' x": "code:awk:BEGIN{system(1)} read:x",
            "gawk -i inplace '{print}' ~/.bashrc": "load:inplace code:awk:{print} edit:~/.bashrc",
            "awk -f prog.awk data": "script:prog.awk read:data",
        },
    ),
    Spec(
        "mawk",
        version="mawk 1.3.4",
        options={
            "--help --version": "flag",
            "-F -v": "val",
            "-f": "val>read*:script",
            "-e": "val>read*:code:awk",
            # -W exec FILE runs FILE as the program; -W sprintf/interactive/... are harmless.
            "-W": "unknown",
        },
        operands="code:awk read*",
        examples={"mawk 'NR==1' f": "code:awk:NR==1 read:f"},
    ),
    Spec(
        "envsubst",
        version="GNU gettext 0.21",
        options={**_COMMON, "-h -V -v --variables": "flag"},
        operands="text?",
        # It prints the values of environment variables named in its input.
        effects="env",
        examples={"envsubst '$HOME'": "env"},
    ),
    Spec(
        "seq",
        version=_CU,
        literal_dashes=True,
        options={**_COMMON, "-w --equal-width": "flag", "-f --format -s --separator": "val"},
        operands="text*",
        examples={"seq 1 10": "", "seq -5 5": ""},
    ),
    Spec("yes", version=_CU, options=_COMMON, operands="text*", examples={"yes n": ""}),
    Spec(
        "numfmt",
        version=_CU,
        options={
            **_COMMON,
            "--debug --grouping -z --zero-terminated": "flag",
            "-d --delimiter --field --format --from --from-unit --invalid --padding --round --suffix": "val",
            "--to --to-unit": "val",
            "--header": "opt",
        },
        operands="text*",
        examples={"numfmt --to=iec 1048576": ""},
    ),
    Spec("tsort", version=_CU, options=_COMMON, operands="read?", examples={"tsort deps": "read:deps"}),
]

# xmllint prints what it parses; the document itself can name more files to read: with --noent its external
# entities (`<!ENTITY x SYSTEM "file:///home/u/.ssh/id_rsa">`, XXE) are substituted into the output, --xinclude
# pulls in the files its xi:include elements name, and --loaddtd/--valid/--dtdattr fetch the DTD it names. Which
# files those are is in the document, not on the command line: they ask.
_XML_DOCUMENT_READS = "unknown"
SPECS += [
    Spec(
        "xmllint",
        version="libxml2 2.9.14",
        options={
            "--version --debug --debugent --copy --recover --huge --noout --nonet --nocompact --htmlout": "flag",
            "--nowrap --html --xmlout --nodefdtd --push --pushsmall --memory --nowarning --noblanks": "flag",
            "--nocdata --format --dropdtd --c14n --c14n11 --exc-c14n --nsclean --testIO --nocatalogs": "flag",
            "--auto --noxincludenode --nofixup-base-uris --stream --walker --sax1 --sax --chkregister": "flag",
            "--timing --repeat --insert --compress --oldxml10 --quiet --load-trailing --noenc --nodict": "flag",
            "--maxmem --encode --pretty --xpath --dtdvalidfpi --path": "val",
            "--noent --xinclude --loaddtd --dtdattr --valid --postvalid --catalogs --shell": _XML_DOCUMENT_READS,
            "--dtdvalid --relaxng --schema --schematron": "val:read",
            "--output -o": "val:write",
        },
        operands="read*",
        examples={
            "xmllint --noout pom.xml": "read:pom.xml",
            "xmllint --format a.xml -o b.xml": "read:a.xml write:b.xml",
            "xmllint --noent a.xml": "read:a.xml unknown",
            "xmllint --xinclude a.xml": "read:a.xml unknown",
            "xmllint --schema s.xsd a.xml": "read:s.xsd read:a.xml",
        },
    )
]


# delta (git-delta) renders a diff read on standard input, or diffs two files it is given (it runs `git diff
# --no-index` on them). Its configuration is git's: --config names a gitconfig whose [delta] section may set
# `pager`, a command delta runs, so that file is code loaded; --pager is that command.
DELTA = Spec(
    "delta",
    version="delta 0.18.2 (delta --help)",
    summary="a pager for git and diff output; options not listed here are not modelled and ask",
    long_prefix=False,
    options={
        "-h --help -V --version --color-only --dark --light --detect-dark-light --diff-highlight": "flag",
        "--diff-so-fancy --hyperlinks --keep-plus-minus-markers --list-languages --list-syntax-themes": "flag",
        "--navigate --no-gitconfig --parse-ansi --raw --relative-paths --show-colors --show-config": "flag",
        "--show-syntax-themes --show-themes -s --side-by-side -n --line-numbers --true-color --24-bit-color": "flag",
        "--debug-hyperlinks": "flag",
        "--blame-code-style --blame-format --blame-palette --blame-separator-format --blame-separator-style": "val",
        "--blame-timestamp-format --blame-timestamp-output-format --commit-decoration-style --commit-regex": "val",
        "--commit-style --default-language --diff-stat-align-width --features --file-added-label": "val",
        "--file-copied-label --file-decoration-style --file-modified-label --file-removed-label": "val",
        "--file-renamed-label --file-style --file-transformation --generate-completion": "val",
        "--grep-context-line-style --grep-file-style --grep-header-decoration-style --grep-header-file-style": "val",
        "--grep-line-number-style --grep-match-line-style --grep-match-word-style --grep-output-type": "val",
        "--grep-separator-symbol --hunk-header-decoration-style --hunk-header-file-style": "val",
        "--hunk-header-line-number-style --hunk-header-style --hunk-label --hyperlinks-commit-link-format": "val",
        "--hyperlinks-file-link-format --inline-hint-style --inspect-raw-lines --line-buffer-size": "val",
        "--line-fill-method --line-numbers-left-format --line-numbers-left-style --line-numbers-minus-style": "val",
        "--line-numbers-plus-style --line-numbers-right-format --line-numbers-right-style": "val",
        "--line-numbers-zero-style --map-styles --max-line-distance --max-line-length": "val",
        "--merge-conflict-begin-symbol --merge-conflict-end-symbol": "val",
        "--merge-conflict-ours-diff-header-decoration-style --merge-conflict-ours-diff-header-style": "val",
        "--merge-conflict-theirs-diff-header-decoration-style --merge-conflict-theirs-diff-header-style": "val",
        "--minus-emph-style --minus-empty-line-marker-style --minus-non-emph-style --minus-style": "val",
        "--navigate-regex --paging --plus-emph-style --plus-empty-line-marker-style --plus-non-emph-style": "val",
        "--plus-style --right-arrow --syntax-theme --tabs -w --width --whitespace-error-style": "val",
        "--word-diff-regex --wrap-left-symbol --wrap-max-lines --wrap-right-percent": "val",
        "--wrap-right-prefix-symbol --wrap-right-symbol --zero-style": "val",
        "--config": "val:load",
        "--pager": "val:exec",
    },
    operands="read*",
    examples={
        "delta": "",
        "delta a.txt b.txt": "read:a.txt read:b.txt",
        "delta --side-by-side -n old.py new.py": "read:old.py read:new.py",
        "delta /dev/null ~/.ssh/id_rsa": "read:/dev/null read:~/.ssh/id_rsa",
        "delta --pager=./evil": "exec:./evil",
        "delta --config /tmp/gitconfig": "load:/tmp/gitconfig",
        "delta --show-config": "",
    },
)
SPECS += [DELTA]
