"""Code generators: autotools, libtool, parser and scanner generators, indent, ctags.

Reference versions (Debian bookworm, `--help` and man pages): GNU Autoconf 2.71 (autoreconf,
autoheader, autom4te, autoscan, autoupdate), GNU Automake 1.16.5 (aclocal), GNU gettext 0.21
(autopoint, gettextize), GNU libtool 2.4.7 (libtool, libtoolize; Homebrew names them glibtool,
glibtoolize on macOS), GNU Bison 3.8.2, byacc 2.0.20221106, flex 2.6.4, GNU gperf 3.1, re2c 3.0
(re2go and re2rust are re2c with another default language), GNU indent 2.2.12, Universal Ctags
5.9.0, Parse::Yapp 1.21 (yapp) and Parse::Eyapp 1.21 (eyapp).

Like `make`, the project's own generator run on the project's sources is routine: autoreconf
runs the m4 (and through `m4_esyscmd`, shell) of the project's configure.ac and writes
configure, Makefile.in and config.h.in next to it, bison writes `x.tab.c` in the working
directory. What is reported is what chooses other code or places: an output named on the
command line (`-o`, `--output-file`), an m4 include or skeleton directory (read as a tree; an m4
skeleton handed to bison runs m4, so it is `load`), a diff command (`aclocal --diff=CMD`), the
command libtool runs (`libtool --mode=execute CMD...`), `autoreconf -m` running ./configure, and
editors in place: **indent formats its operands in place** unless `-o` or `-st` is given,
`autoupdate` rewrites its templates, `bison -u` rewrites its grammar.
"""

from __future__ import annotations

import re

from hookward.policy.spec import Spec, Walk

_H = {"-h --help -V --version": "flag"}
_AC = "GNU Autoconf 2.71"
_AC_DIRS = {"-B --prepend-include -I --include": "val:tree-read", "-W --warnings": "val"}
_AC_COMMON = {**_H, "-v --verbose -d --debug": "flag", **_AC_DIRS}


def _indent_judge(result: Walk, argv: list[str]) -> None:
    """`-bli0`, `-ts8`, `--line-length80`: indent's numeric options glue their number to the name."""
    for word in argv[1:]:
        if _INDENT_NUMERIC.fullmatch(word):
            name = word if word.startswith("--") else word[:2]
            message = f"option {name.split('=', 1)[0]} of indent is not modelled"
            if message in result.unknown:
                result.unknown.remove(message)


_INDENT_NUMERIC_NAMES = (
    "bli brace-indent cbi case-brace-indentation cd declaration-comment-column ci continuation-indentation"
    " cli case-indentation c comment-indentation cp else-endif-column di declaration-indentation d"
    " line-comments-indentation il indent-label i indent-level ip parameter-indentation lc comment-line-length"
    " l line-length pi paren-indentation ppi preprocessor-indentation sbi struct-brace-indentation ts tab-size"
).split()
_INDENT_NUMERIC = re.compile(
    r"-(?:" + "|".join(re.escape(n) for n in _INDENT_NUMERIC_NAMES if len(n) <= 3) + r")\d+"
    r"|--(?:" + "|".join(re.escape(n) for n in _INDENT_NUMERIC_NAMES if len(n) > 3) + r")=?\d+"
)

# GNU indent 2.2.12 (man page, "OPTIONS SUMMARY"): every layout option only changes the formatting.
_INDENT_FLAGS = (
    "-as --align-with-spaces -bad --blank-lines-after-declarations -bap --blank-lines-after-procedures"
    " -bbb --blank-lines-before-block-comments -bbo --break-before-boolean-operator -bc --blank-lines-after-commas"
    " -bl --braces-after-if-line -blf --braces-after-func-def-line -bls --braces-after-struct-decl-line"
    " -br --braces-on-if-line -brf --braces-on-func-def-line -brs --braces-on-struct-decl-line -bs --Bill-Shannon"
    " --blank-before-sizeof -cdb --comment-delimiters-on-blank-lines -cdw --cuddle-do-while -ce --cuddle-else"
    " -cs --space-after-cast -bfda --break-function-decl-args -bfde --break-function-decl-args-end"
    " -dj --left-justify-declarations -fc1 --format-first-column-comments -fca --format-all-comments"
    " -fnc --fix-nested-comments -gnu --gnu-style -gts --gettext-strings -hnl --honour-newlines"
    " -kr --k-and-r-style -linux --linux-style -lp --continue-at-parentheses -lps --leave-preprocessor-space"
    " -nbad --no-blank-lines-after-declarations -nbap --no-blank-lines-after-procedures"
    " -nbbo --break-after-boolean-operator -nbc --no-blank-lines-after-commas -nbfda --dont-break-function-decl-args"
    " -nbfde --dont-break-function-decl-args-end -ncdb --no-comment-delimiters-on-blank-lines"
    " -ncdw --dont-cuddle-do-while -nce --dont-cuddle-else -ncs --no-space-after-casts"
    " -ndj --dont-left-justify-declarations -nfc1 --dont-format-first-column-comments -nfca --dont-format-comments"
    " -ngts --no-gettext-strings -nhnl --ignore-newlines -nip --no-parameter-indentation"
    " -nlp --dont-line-up-parentheses -npcs --no-space-after-function-call-names -npro --ignore-profile"
    " -nprs --no-space-after-parentheses -npsl --dont-break-procedure-type -nsaf --no-space-after-for"
    " -nsai --no-space-after-if -nsaw --no-space-after-while -nsc --dont-star-comments"
    " -nsob --leave-optional-blank-lines -nss --dont-space-special-semicolon -ntac --dont-tab-align-comments"
    " -nut --no-tabs -nv --no-verbosity -orig --original -pal --pointer-align-left -par --pointer-align-right"
    " -pcs --space-after-procedure-calls -pmt --preserve-mtime -prs --space-after-parentheses"
    " -psl --procnames-start-lines -saf --space-after-for -sai --space-after-if -sar --spaces-around-initializers"
    " -saw --space-after-while -sc --start-left-side-of-comments -slc --single-line-conditionals"
    " -sob --swallow-optional-blank-lines -ss --space-special-semicolon -ut --use-tabs -v --verbose"
    " -ip -nbs -version --version"
)
_INDENT_OPTIONS: dict[str, str] = {
    " ".join(dict.fromkeys(_INDENT_FLAGS.split())): "flag",
    "-h --help": "flag",
    # Numeric options (`-i4`) are read by the judge; their one-letter forms also take a separate value.
    "-i -l -c -d -T": "val",
    "-o --output-file": "val>read*:write",
    "-st --standard-output": "flag>read*",
}


def _flex_judge(result: Walk, argv: list[str]) -> None:
    """`--noyywrap`, `--nounput`: --noFUNCTION leaves one generated function out."""
    result.unknown[:] = [
        u for u in result.unknown if not re.fullmatch(r"option --no[a-z_]+ of flex is not modelled", u)
    ]


_BISON = Spec(
    "bison",
    version="GNU Bison 3.8.2",
    options={
        **_H,
        "--print-localedir --print-datadir -t --debug --locations -l --no-lines -k --token-table -y --yacc": "flag",
        "-d -v --verbose": "flag",
        "-u --update": "flag>edit",
        "-f --feature -W --warnings --color": "opt",
        "--style": "val:read",
        "-L --language -D --define -F --force-define -p --name-prefix -r --report -M --file-prefix-map": "val",
        # Skeletons are m4 programs that bison runs through m4 (m4_esyscmd runs shell).
        "-S --skeleton": "val:load",
        "-H --header --defines -g --graph --html -x --xml": "opt:write",
        "--report-file -o --output": "val:write",
        # Output files are PREFIX.tab.c, PREFIX.output...: a prefix that is a path writes there.
        "-b --file-prefix": "val:write",
    },
    operands="read",
    aliases=("yacc",),
    examples={
        "bison grammar.y": "read:grammar.y",
        "bison -d -o parser.c grammar.y": "read:grammar.y write:parser.c",
        "yacc grammar.y": "read:grammar.y",
        "bison --output=/home/u/.bashrc g.y": "read:g.y write:/home/u/.bashrc",
        "bison -u grammar.y": "edit:grammar.y",
        "bison -S /tmp/evil.m4 g.y": "load:/tmp/evil.m4 read:g.y",
    },
)

_RE2C_OPTIONS = {
    "-? -h --help -v --version -V --vernum --verbose": "flag",
    "--api --input --empty-class --encoding-policy --input-encoding --lang --location-format": "val",
    "--dfa-minimization --posix-closure --posix-prectable --fixed-tags": "val",
    "-b --bit-vectors --case-insensitive --case-inverted --case-ranges -g --computed-gotos": "flag",
    "-c --conditions --start-conditions -e --ebcdic --ecb -F --flex-syntax --loop-switch -s --nested-ifs": "flag",
    "-i --no-debug-info --no-generation-date --no-version --no-unsafe -P --posix-captures -r --reusable": "flag",
    "-S --skeleton -f --storable-state -T --tags -w --ucs2 --wide-chars -8 --utf8 --utf-8 -x --utf16 --utf-16": "flag",
    "-u --utf32 --unicode -1 --single-pass -d --debug-output -D --emit-dot --eager-skip --no-lookahead": "flag",
    "--dump-adfa --dump-cfg --dump-closure-stats --dump-dfa-det --dump-dfa-min --dump-dfa-tagopt": "flag",
    "--dump-dfa-tree --dump-dfa-raw --dump-interf --dump-nfa --no-optimize-tags --stadfa": "flag",
    "-W": "opt",
    "-o --output --depfile -t --header --type-header": "val:write",
    "-I": "val:tree-read",
}


def _re2c(name: str, language: str) -> Spec:
    return Spec(
        name,
        version=f"re2c 3.0 ({name}: {language})",
        options=_RE2C_OPTIONS,
        operands="read",
        examples={
            f"{name} -o scan.out scan.re": "read:scan.re write:scan.out",
            f"{name} -W --header ~/.profile scan.re": "read:scan.re write:~/.profile",
        },
    )


def _ctags_judge(result: Walk, argv: list[str]) -> None:
    """Options named after a language (`--regex-C=...`, `--kinds-python=...`) only shape the tags."""
    per_language = re.compile(
        r"--(?:input-encoding|alias|map|extras|fields|kinds|roles|kinddef|mline-regex|regex|param)-[A-Za-z0-9+#]+"
        r"(?:\.[^=]*)?[=:].*"
    )
    # A regex parser is text: it cannot run anything in Universal Ctags 5.9.
    known = {w.split("=", 1)[0].split(":", 1)[0] for w in argv[1:] if per_language.fullmatch(w)}
    result.unknown[:] = [u for u in result.unknown if not any(f"option {k} " in u for k in known)]


_CTAGS = Spec(
    "ctags",
    version="Universal Ctags 5.9.0 (Debian bookworm universal-ctags)",
    summary="writes ./tags by default; -f/-o name another file; --options files are loaded (they may name -f)",
    options={
        "--help -? --help-full --license --version -V --print-language --list-excludes --list-features": "flag",
        "--list-mline-regex-flags --list-pseudo-tags --list-regex-flags --put-field-prefix": "flag",
        "--guess-language-eagerly -G -B -F -e -x -u -n -N -D -I": "flag",
        "--exclude --exclude-exception --filter-terminator --maxdepth --format --output-format --sort": "val",
        "--etags-include --input-encoding --output-encoding --language-force --languages --langmap": "val",
        "--excmd --extras --fields --pattern-length-limit --pseudo-tags --tag-relative --langdef": "val",
        "--filter --links --recurse --append --if0 --line-directives --machinable --with-list-header": "opt",
        "--quiet --totals --verbose --list-aliases --list-extras --list-fields --list-kinds": "opt",
        "--list-kinds-full --list-languages --list-map-extensions --list-map-patterns --list-maps": "opt",
        "--list-params --list-roles --list-subparsers": "opt",
        "-a": "flag",
        "-R": "flag:recursive",
        "-L": "val:read",
        "-f -o": "val:write",
        "--options --options-maybe": "val:load",
        "--optlib-dir": "val:tree-read",
    },
    operands="read*",
    judge=_ctags_judge,
    examples={
        "ctags -R .": "recursive read:.",
        "ctags a.c b.c": "read:a.c read:b.c",
        "ctags -f ~/.bashrc a.c": "read:a.c write:~/.bashrc",
        "ctags --regex-C=/x/y/ --kinds-C=+p a.c": "read:a.c",
        "ctags --options=/tmp/evil.ctags -R": "load:/tmp/evil.ctags recursive",
    },
)

SPECS = [
    Spec(
        "aclocal",
        version="aclocal (GNU automake) 1.16.5",
        options={
            "--help --version --dry-run --force --print-ac-dir --verbose --install": "flag",
            "--automake-acdir --system-acdir -I": "val:tree-read",
            "--diff": "opt:exec",
            "--output": "val:write",
            "-W --warnings": "val",
        },
        examples={
            "aclocal": "",
            "aclocal --install -I m4": "tree-read:m4",
            "aclocal --output=/home/u/.profile": "write:/home/u/.profile",
            "aclocal --diff=id": "exec:id",
        },
    ),
    Spec(
        "autoreconf",
        version=_AC,
        summary="runs autoconf, autoheader, aclocal, automake, libtoolize and autopoint on the project; -m runs ./configure and make",
        options={
            **_AC_COMMON,
            "-f --force -i --install --no-recursive -s --symlink": "flag",
            "-m --make": "flag:script=configure",
        },
        operands="tree-write*",
        examples={
            "autoreconf -fvi": "",
            "autoreconf -i /tmp/other": "tree-write:/tmp/other",
            "autoreconf -fim": "script:configure",
        },
    ),
    Spec(
        "autoheader",
        version=_AC,
        options={**_AC_COMMON, "-f --force": "flag"},
        operands="read?",
        examples={"autoheader": "", "autoheader configure.ac": "read:configure.ac"},
    ),
    Spec(
        "autom4te",
        version=_AC,
        options={
            **_AC_COMMON,
            "-f --force --no-cache -M --melt -F --freeze": "flag",
            "-o --output": "val:write",
            "-l --language -m --mode -t --trace -p --preselect": "val",
            "-C --cache": "val:tree-write",
        },
        operands="read*",
        examples={
            "autom4te --help": "",
            "autom4te -l autoconf -o configure configure.ac": "read:configure.ac write:configure",
        },
    ),
    Spec(
        "autoscan",
        version=_AC,
        summary="reads the source tree and writes configure.scan and autoscan.log in the working directory",
        options=_AC_COMMON,
        operands="tree-read?",
        examples={"autoscan": "", "autoscan src": "tree-read:src"},
    ),
    Spec(
        "autoupdate",
        version=_AC,
        summary="rewrites each template in place (configure.ac when none is named)",
        options={**_AC_COMMON, "-f --force": "flag"},
        operands="edit*",
        examples={"autoupdate": "", "autoupdate ~/.bashrc": "edit:~/.bashrc"},
    ),
    Spec(
        "autopoint",
        version="GNU gettext-tools 0.21",
        options={"--help --version -f --force -n --dry-run": "flag"},
        examples={"autopoint --force": ""},
    ),
    Spec(
        "gettextize",
        version="GNU gettext-tools 0.21",
        options={"--help --version -f --force --no-changelog --symlink -n --dry-run": "flag", "--po-dir": "val"},
        operands="tree-write?",
        examples={"gettextize --dry-run": "", "gettextize /tmp/pkg": "tree-write:/tmp/pkg"},
    ),
    Spec(
        "libtoolize",
        version="libtoolize (GNU libtool) 2.4.7",
        aliases=("glibtoolize",),
        options={
            "-h --help --version -c --copy --debug -n --dry-run -f --force -i --install --no-warnings": "flag",
            "--nonrecursive -q --quiet --recursive --subproject -v --verbose": "flag",
            "--ltdl": "opt:tree-write",
            "-W --warnings": "val",
        },
        examples={
            "libtoolize --install --force": "",
            "glibtoolize --install": "",
            "libtoolize --ltdl=/tmp/x": "tree-write:/tmp/x",
        },
    ),
    Spec(
        "libtool",
        version="libtool (GNU libtool) 2.4.7 (Apple's libtool on macOS takes -static/-o: not modelled)",
        aliases=("glibtool",),
        summary="MODE-ARGS are a command that libtool runs (the compiler, the linker, install, rm, the program)",
        options={
            "-h --help --help-all --version --config --debug -n --dry-run --features --finish": "flag",
            "--no-warnings --preserve-dup-deps --quiet --silent --no-quiet --no-silent -v --verbose --no-verbose": "flag",
            "--mode --tag -W --warnings": "val",
        },
        posix=True,
        operands="argv",
        examples={
            "libtool --help": "",
            "glibtool --help": "",
            "libtool --mode=link gcc": "runs:gcc",
            "libtool --mode=execute ./prog": "runs:./prog",
        },
    ),
    _BISON,
    Spec(
        "byacc",
        version="byacc 2.0.20221106",
        options={
            "-h -V --help --version -B -d -i -g -l -L -P -r -s -t -v --graph --no-lines": "flag",
            "-p --name-prefix": "val",
            "-b --file-prefix -H --defines -o --output": "val:write",
        },
        operands="read",
        examples={"byacc -d grammar.y": "read:grammar.y", "byacc -o ~/.bashrc g.y": "read:g.y write:~/.bashrc"},
    ),
    Spec(
        "flex",
        version="flex 2.6.4",
        aliases=("lex",),
        options={
            "-Ca -Ce -Cf -CF -Cm -Cr -Cem": "flag",
            "--align --ecs --meta-ecs --read -f --full -F --fast -d --debug -p --perf-report": "flag",
            "-s --nodefault -T --trace -w --nowarn -v --verbose --hex -t --stdout -7 --7bit -8 --8bit": "flag",
            "-B --batch -i --case-insensitive -l --lex-compat -X --posix-compat -I --interactive --yylineno": "flag",
            "-+ --c++ -L --noline -R --reentrant --bison-bridge --bison-locations --stdinit --nounistd": "flag",
            "-c -n -? -h --help -V --version": "flag",
            "-b --backup": "flag",
            "--yyclass -P --prefix -D -C": "val",
            "-o --outfile --header-file --backup-file": "val:write",
            "--tables-file": "opt:write",
            "-S --skel": "val:read",
        },
        operands="read*",
        judge=_flex_judge,
        examples={
            "flex scanner.l": "read:scanner.l",
            "flex -o scanner.c scanner.l": "read:scanner.l write:scanner.c",
            "flex --header-file=/etc/x.h s.l": "read:s.l write:/etc/x.h",
            "flex --noyywrap s.l": "read:s.l",
        },
    ),
    Spec(
        "gperf",
        version="GNU gperf 3.1",
        options={
            "-h --help -v --version -d --debug -t --struct-type --ignore-case -7 --seven-bit": "flag",
            "-l --compare-lengths -c --compare-strncmp -C --readonly-tables -E --enum -I --includes": "flag",
            "-G --global-table -P --pic --null-strings -T --omit-struct-type -D --duplicates -r --random": "flag",
            "-n --no-strlen": "flag",
            "-e --delimiters -L --language -K --slot-name -F --initializer-suffix -H --hash-function-name": "val",
            "-N --lookup-function-name -Z --class-name -Q --string-pool-name --constants-prefix": "val",
            "-W --word-array-name --length-table-name -S --switch -k --key-positions -m --multiple-iterations": "val",
            "-i --initial-asso -j --jump -s --size-multiple": "val",
            "--output-file": "val:write",
        },
        operands="read?",
        examples={
            "gperf keywords.gperf": "read:keywords.gperf",
            "gperf --output-file=hash.c keywords.gperf": "read:keywords.gperf write:hash.c",
        },
    ),
    _re2c("re2c", "C"),
    _re2c("re2go", "Go"),
    _re2c("re2rust", "Rust"),
    Spec(
        "indent",
        version="GNU indent 2.2.12",
        summary="formats its operands IN PLACE (keeping FILE~) unless -o FILE or -st is given",
        options=_INDENT_OPTIONS,
        operands="edit*",
        judge=_indent_judge,
        examples={
            "indent file.c": "edit:file.c",
            "indent -kr -i4 a.c b.c": "edit:a.c edit:b.c",
            "indent -st a.c": "read:a.c",
            "indent a.c -o out.c": "read:a.c write:out.c",
            "indent --line-length80 ~/.bashrc": "edit:~/.bashrc",
        },
    ),
    _CTAGS,
    Spec(
        "yapp",
        version="Parse::Yapp 1.21 (yapp)",
        options={"-v -s -n -V -h": "flag", "-m": "val", "-o": "val:write", "-t": "val:read", "-b": "val"},
        operands="read",
        examples={"yapp grammar.yp": "read:grammar.yp", "yapp -o ~/.bashrc g.yp": "read:g.yp write:~/.bashrc"},
    ),
    Spec(
        "eyapp",
        version="Parse::Eyapp 1.21 (eyapp)",
        summary="options other than -v -s -n -m -o -b -V -h are not modelled",
        options={"-v -s -n -V -h": "flag", "-m": "val", "-o": "val:write", "-b": "val"},
        operands="read",
        examples={"eyapp grammar.eyp": "read:grammar.eyp", "eyapp -o /tmp/x.pm g.eyp": "read:g.eyp write:/tmp/x.pm"},
    ),
]
