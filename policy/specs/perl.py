"""Perl's own utilities: POD converters and checkers, module and core-list tools, the TAP test
runner, XS and header converters, JSON pretty printers, and PAR packagers.

What matters here:
- converters that write a file derived from their input (`pod2man a.pm a.1`, `pod2readme` ->
  README, `pl2pm x.pl` -> x.pm, `xgettext.pl` -> messages.po, `h2xs -X My::Mod` -> My-Mod/,
  `pod2html` -> its cache file) report those writes;
- tools that install into perl's own library (`h2ph` without -d, `config_data --set_*`,
  `libnetcfg` without -o, `enc2xs -C`) change the installation: `config` or a write outside
  the project, which ask;
- options that run code: `json_xs -e CODE` (inline Perl), `prove --exec CMD` (the command each
  test runs under), `-M/-I/-P` module loads, `scandeps.pl -x/-c` and `pp -x/-c` run the script
  they scan, `pp -r` runs what it built, `par.pl` runs the script inside an archive;
- readers (`podchecker`, `pod2text`, `corelist`, `encguess`, `json_pp`) have no effect.

Reference: perl 5.36.0 (Debian bookworm `--help` / POD of each utility); libpar-packer-perl
1.057, libmodule-scandeps-perl 1.31, libmodule-build-perl 0.4232 (config_data),
libpod-readme-perl 1.2.3, liblocale-maketext-lexicon-perl 1.00 (xgettext.pl), libjson-xs-perl
4.03, libfile-find-rule-perl 0.34 (findrule), libhtml-tree-perl 5.07 (htmltree).
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Spec, Walk

_PERL = "perl 5.36.0"


def _given(walked: Walk, options: tuple[str, ...]) -> bool:
    """Did the walk read one of these options? By the name each matched (`walked.seen`): bundled short flags
    split, unique prefixes of long options expanded, and a word taken as an option's value is not an option."""
    return not set(walked.seen).isdisjoint(options)


def _operand_words(argv: list[str], valued: tuple[str, ...]) -> list[str]:
    """The operands of argv, skipping the values of the options in `valued`."""
    words: list[str] = []
    skip = False
    for word in argv[1:]:
        if skip:
            skip = False
        elif word in valued:
            skip = True
        elif not word.startswith("-") or word == "-":
            words.append(word)
    return words


def _writes(kind: str, path: str, unless: tuple[str, ...] = (), idle: tuple[str, ...] = ("-h", "--help")):  # type: ignore[no-untyped-def]
    """A judge: the tool writes `path` unless one of `unless` says where, or an `idle` option (its help) is given."""

    def judge(walked: Walk, argv: list[str]) -> None:
        if _given(walked, idle) or _given(walked, unless):
            return
        walked.effects.append(Effect(kind, path, "default output"))

    return judge


def _pair_spec(name: str, options: dict[str, str], examples: dict[str, str]) -> Spec:
    return Spec(
        name,
        version=_PERL + " (podlators 4.14)",
        options=options,
        operands="text*",
        judge=_pod_pairs,
        examples=examples,
    )


def _pod_pairs(walked: Walk, argv: list[str]) -> None:
    """Operands alternate INPUT OUTPUT; `-` is stdin or stdout."""
    spec = walked.spec
    words: list[str] = []
    i = 1
    options = spec.options
    while i < len(argv):
        word = argv[i]
        i += 1
        if word == "--":
            words.extend(argv[i:])
            break
        if word.startswith("-") and word != "-":
            name = word.split("=", 1)[0]
            opt = options.get(name) or (options.get(name[:2]) if not name.startswith("--") else None)
            if (
                opt is not None
                and opt.takes
                and "=" not in word
                and len(name) == len(word)
                and not (len(word) > 2 and not word.startswith("--"))
            ):
                i += 1
            continue
        words.append(word)
    for index, word in enumerate(words):
        if word == "-":
            continue
        walked.effects.append(Effect("read" if index % 2 == 0 else "write", word, f"operand {index + 1}"))


_POD2MAN = {
    "-h --help -l --lax --nourls -u --utf8 --stderr --guesswork -v --verbose": "flag",
    "-c --center -d --date --errors --fixed --fixedbold --fixeditalic --fixedbolditalic -n --name": "val",
    "--language --lquote --rquote -q --quotes -r --release -s --section -e --encoding": "val",
}
_POD2TEXT = {
    "-h --help -a --alt --code -c --color -l --loose -n --nourls -o --overstrike -s --sentence": "flag",
    "--stderr -t --termcap -u --utf8": "flag",
    "--errors -i --indent -m --left-margin --margin -q --quotes -w --width -e --encoding": "val",
}


def _pl2pm(walked: Walk, argv: list[str]) -> None:
    """Each FILE.pl is rewritten as FILE.pm next to it."""
    for effect in list(walked.effects):
        if effect.kind == "read":
            stem = effect.value[:-3] if effect.value.endswith(".pl") else effect.value
            walked.effects.append(Effect("write", stem + ".pm", "output of " + effect.value))


def _h2xs(walked: Walk, argv: list[str]) -> None:
    """The module skeleton is written to NAME-WITH-DASHES/ in the current directory."""
    if _given(walked, ("-h", "--help", "-?")):
        return
    name = ""
    for i, word in enumerate(argv):
        if word in ("-n", "--name") and i + 1 < len(argv):
            name = argv[i + 1]
        elif word.startswith("--name="):
            name = word.split("=", 1)[1]
    if not name:
        operands = _operand_words(
            argv,
            (
                "-b",
                "--compat-version",
                "-F",
                "--cpp-flags",
                "-M",
                "--func-mask",
                "-o",
                "--opaque-re",
                "-p",
                "--remove-prefix",
                "-s",
                "--const-subs",
                "-t",
                "--default-type",
                "-v",
                "--version",
            ),
        )
        name = operands[0].rsplit("/", 1)[-1].removesuffix(".h") if operands else ""
    if not name:
        walked.unknown.append("h2xs without a module name is not modelled")
        return
    walked.effects.append(Effect("tree-write", name.replace("::", "-"), "module directory"))


def _pod2readme(walked: Walk, argv: list[str]) -> None:
    """Without -c/--stdout, -o or an OUTPUT operand the README is written in the current directory."""
    if _given(walked, ("-h", "--help", "-c", "--stdout", "-o", "--output")):
        return
    words = _operand_words(argv, ("-t", "--target", "-f", "--format"))
    if len(words) >= 2:
        walked.effects.append(Effect("write", words[1], "operand 2"))
        return
    fmt = "text"
    for i, word in enumerate(argv):
        if word in ("-f", "--format") and i + 1 < len(argv):
            fmt = argv[i + 1]
        elif word.startswith("--format="):
            fmt = word.split("=", 1)[1]
    suffix = {"text": "", "pod": ".pod", "markdown": ".md", "md": ".md", "html": ".html", "rtf": ".rtf"}.get(fmt)
    if suffix is None:
        walked.unknown.append(f"pod2readme output format {fmt!r} is not modelled")
        return
    walked.effects.append(Effect("write", "README" + suffix, "default output"))


def _scandeps(walked: Walk, argv: list[str]) -> None:
    """-x and -c run (or compile, which runs BEGIN blocks) what is scanned: with -e that is inline Perl."""
    if not _given(walked, ("-x", "-c")):
        return
    if _given(walked, ("-e",)):
        walked.unknown.append("scandeps.pl -x/-c -e runs its inline Perl: not modelled")
    walked.effects[:] = [Effect("script", e.value, e.origin) if e.kind == "read" else e for e in walked.effects]


def _cap_mkdb(walked: Walk, argv: list[str]) -> None:
    target = ""
    for i, word in enumerate(argv):
        if word == "-f" and i + 1 < len(argv):
            target = argv[i + 1]
        elif word.startswith("-f") and len(word) > 2:
            target = word[2:]
    if not target:
        sources = [e.value for e in walked.effects if e.kind == "read"]
        target = sources[0] if sources else ""
    if target:
        walked.effects.append(Effect("write", target + ".db", "database"))


def _headerdoc2html(walked: Walk, argv: list[str]) -> None:
    if not _given(walked, ("-o", "-h")):
        walked.unknown.append("headerdoc2html without -o writes next to each input: not modelled")


SPECS = [
    Spec(
        "corelist",
        version=_PERL + " (Module::CoreList 5.20230423)",
        options={
            "-a -d -v -r -? -help -man --utils --feature -f --upstream -u --da": "flag",
            "--diff": "flag",
        },
        operands="text*",
        examples={
            "corelist Module::CoreList": "",
            "corelist --diff 5.20.0 5.22.0": "",
            "corelist --utils": "",
        },
    ),
    Spec(
        "encguess",
        version=_PERL + " (Encode 3.17)",
        options={"-h -S -u": "flag", "-s": "val"},
        operands="read*",
        examples={"encguess input.txt": "read:input.txt", "encguess -S": ""},
    ),
    Spec(
        "findrule",
        version="File::Find::Rule 0.34 (findrule)",
        summary="find with File::Find::Rule: prints the names of matching files",
        single_dash=True,
        options={
            "-file -directory -readable -writable -executable -exists -empty -not -or -prune -discard": "flag",
            "-relative -canonpath -symlink -socket -pipe -fifo": "flag",
            "-name -iname -maxdepth -mindepth -size -mtime -atime -ctime -uid -gid -nouser -nogroup -extras": "val",
            "-exec -grep": "val:unknown",  # rule arguments are Perl code or a content search
        },
        operands="stat*",
        effects="recursive",
        examples={
            "findrule": "recursive",
            "findrule . -name '*.pm'": "recursive stat:.",
            "findrule ~ -exec 1": "recursive stat:~ unknown",
        },
    ),
    Spec(
        "htmltree",
        version="HTML::Tree 5.07 (htmltree)",
        options={"-D -w -h --help": "flag"},
        operands="read*",
        examples={"htmltree page.html": "read:page.html"},
    ),
    Spec(
        "json_pp",
        version=_PERL + " (JSON::PP 4.07)",
        summary="reads JSON on stdin, prints it",
        single_dash=True,
        bundling=False,
        options={"-V": "flag", "-f -t -json_opt": "val"},
        examples={"json_pp": "", "json_pp -json_opt indent": "", "json_pp -f json -t dumper": ""},
    ),
    Spec(
        "json_xs",
        version="JSON::XS 4.03 (json_xs)",
        summary="reads JSON on stdin, prints it; -e runs Perl code on the data",
        bundling=False,
        options={"-v": "flag", "-f -t": "val", "-e": "val:code:perl"},
        examples={"json_xs": "", "json_xs -t json-pretty": "", "json_xs -e 'die'": "code:perl:die"},
    ),
    Spec(
        "scandeps.pl",
        aliases=("scandeps",),
        version="Module::ScanDeps 1.31 (scandeps.pl)",
        summary="lists the modules a script uses; -x runs it and -c compiles it (BEGIN blocks run)",
        options={"-B -V -R -h --help -x -c": "flag", "-e": "val", "-C": "val:write", "-xargs --xargs": "val"},
        operands="read*",
        judge=_scandeps,
        examples={
            "scandeps.pl script.pl": "read:script.pl",
            "scandeps.pl -x script.pl": "script:script.pl",
            "scandeps.pl -c -e 'system 1'": "unknown",
        },
    ),
    Spec(
        "config_data",
        version="Module::Build 0.4232 (config_data)",
        summary="prints a module's build-time configuration; --set_* rewrite the installed ConfigData module",
        options={
            "--help": "flag",
            "--module --feature --config": "val",
            "--set_feature --set_config": "val:config",
            "--eval": "unknown",  # values are evaluated as Perl
        },
        examples={
            "config_data --module Foo::Bar --feature opt": "",
            "config_data --module Foo::Bar --set_feature opt=1": "config:opt=1",
        },
    ),
    Spec(
        "instmodsh",
        version=_PERL + " (ExtUtils::Installed)",
        summary="interactive listing of installed modules (commands from stdin)",
        examples={"instmodsh": ""},
    ),
    Spec(
        "prove",
        version=_PERL + " (Test::Harness 3.44)",
        summary="runs the project's TAP tests; --exec sets the command each test runs under",
        options={
            "-v --verbose -l --lib -b --blib -s --shuffle -c --color --nocolor --count --nocount -D --dry": "flag",
            "-f --failures -o --comments --ignore-exit -m --merge -r --recurse --reverse -q --quiet": "flag",
            "-Q --QUIET -p --parse --directives --timer --trap --normalize -T -t -W -w -h --help -? -V": "flag",
            "--version -H --man --norc": "flag",
            "--ext -j --jobs --state --rules": "val",
            "-I -P -M --harness --formatter --source": "val:load",
            "-e --exec": "val:exec",
            "-a --archive --statefile": "val:write",
            "--rc": "val:load",  # an options file: it can hold --exec and -M
        },
        operands="read*",
        examples={
            "prove t/": "read:t/",
            "prove -lr t": "read:t",
            "prove --archive results.tgz t/": "write:results.tgz read:t/",
            "prove --exec ./evil t/": "exec:./evil read:t/",
            "prove -MEvil t/": "load:Evil read:t/",
        },
    ),
    Spec(
        "enc2xs",
        version=_PERL + " (Encode 3.17 enc2xs)",
        summary="compiles encoding tables to XS; -M writes a module skeleton, -C updates Encode::ConfigLocal",
        options={
            "-Q -q -O -S -v": "flag",
            "-o": "val:write",
            "-f": "val:read",
            "-M": "flag:tree-write=.",
            "-C": "unknown",
        },
        operands="read*",
        examples={"enc2xs -f input.ucm -o out/": "read:input.ucm write:out/", "enc2xs -C": "unknown"},
    ),
    Spec(
        "h2ph",
        version=_PERL + " (h2ph)",
        summary="converts C headers to .ph files in perl's site library (or -d DIR)",
        options={"-a -l -h -r -D -Q -e": "flag", "-d": "val:tree-write"},
        operands="read*",
        # -h puts hints in the .ph files (h2ph has no help option): the site library is still written
        judge=_writes("tree-write", "/usr/local/lib/x86_64-linux-gnu/perl/5.36.0", ("-d",), idle=()),
        examples={
            "h2ph stdio.h": "read:stdio.h tree-write:/usr/local/lib/x86_64-linux-gnu/perl/5.36.0",
            "h2ph -d build/ph stdio.h": "read:stdio.h tree-write:build/ph",
        },
    ),
    Spec(
        "h2xs",
        version=_PERL + " (h2xs 1.23)",
        summary="writes a module skeleton directory (Name-Of-Module/) in the current directory",
        options={
            "-A --omit-autoload -B --beta-version -C --omit-changes -O --overwrite-ok -P --omit-pod": "flag",
            "-X --omit-XS -a --gen-accessors -c --omit-constant -d --debugging -e --omit-enums -f --force": "flag",
            "-g --global -h -? --help -k --omit-const-func -m --gen-tied-var -x --autogen-xsubs": "flag",
            "--use-new-tests --use-old-tests --skip-exporter --skip-ppport --skip-autoloader": "flag",
            "--skip-strict --skip-warnings --use-xsloader": "flag",
            "-b --compat-version -F --cpp-flags -M --func-mask -n --name -o --opaque-re -p --remove-prefix": "val",
            "-s --const-subs -t --default-type -v --version": "val",
        },
        operands="text*",  # header files (read by C::Scan only with -x) and extra libraries
        judge=_h2xs,
        examples={"h2xs -X My::Module": "tree-write:My-Module", "h2xs -X -n Foo::Bar": "tree-write:Foo-Bar"},
    ),
    Spec(
        "libnetcfg",
        version=_PERL + " (libnet 3.14 libnetcfg)",
        summary="interactive libnet configuration: writes Net/libnet.cfg in perl's library unless -o",
        options={"-h -d -v": "flag", "-o": "val:write"},
        judge=_writes("config", "", ("-o",)),
        examples={"libnetcfg": "config", "libnetcfg -o libnet.cfg": "write:libnet.cfg"},
    ),
    Spec(
        "pp",
        version="PAR::Packer 1.057 (pp)",
        summary="packs a script and its modules into an executable; -x/-c run the script, -r runs the result",
        options={
            "-B --bundle -C --clean -d --dependent -g --gui -h --help -m --multiarch -n --noscan": "flag",
            "-p --par -P --perlscript --reusable -S --save -T --tempcache -u --unicode -V --version": "flag",
            "-v --verbose -z --compress -N --namespace -X --exclude": "opt",
            "-a --addfile -A --addlist": "val:read",
            "-cd --cachedeps -L --log -o --output": "val:write",
            "-e --eval -E --evalfeature": "val",  # packed, run only by -x, -c or -r
            "-x --execute -c --compile": "flag:unknown",  # runs the script while packing
            "-r --run": "flag:unknown",  # runs the packed result
            "--xargs": "val",
            "-f --filter -F --modfilter -M --module -I --lib -l --link": "val:load",
            "-s --sign": "unknown",
        },
        single_dash=False,
        bundling=False,
        operands="read*",
        examples={
            "pp -o myapp script.pl": "write:myapp read:script.pl",
            "pp -x -o a script.pl": "unknown write:a read:script.pl",
            "pp -o ~/.local/bin/git script.pl": "write:~/.local/bin/git read:script.pl",
        },
    ),
    Spec(
        "par.pl",
        aliases=("parl",),
        version="PAR::Packer 1.057 (par.pl, parl)",
        summary="runs a script (or the named script inside a .par archive) with PAR's loader",
        bundling=False,
        options={
            "-h -s -v -V -b -B": "flag",
            "-A -I -M": "val:load",
            "-O": "val:write",
            "-i": "val:unknown",  # installs a .par or cpan:// distribution into perl's library
        },
        operands="script text*",
        posix=True,
        examples={
            "par.pl -A app.par MAIN": "load:app.par script:MAIN",
            "parl -A app.par MAIN": "load:app.par script:MAIN",
            "par.pl -i cpan://Module": "unknown",
        },
    ),
    Spec(
        "pl2pm",
        version=_PERL + " (pl2pm)",
        summary="rewrites Perl 4 libraries FILE.pl as modules FILE.pm",
        operands="read+",
        judge=_pl2pm,
        examples={
            "pl2pm ./mod.pl": "read:./mod.pl write:./mod.pm",
            "pl2pm ~/.ssh/x.pl": "read:~/.ssh/x.pl write:~/.ssh/x.pm",
        },
    ),
    Spec(
        "pod2html",
        version=_PERL + " (Pod::Html 1.33)",
        summary="POD to HTML on stdout (or --outfile); keeps a link cache file in --cachedir (default .)",
        options={
            "--help --backlink --nobacklink --header --noheader --index --noindex --quiet --noquiet": "flag",
            "--recurse --norecurse --verbose --noverbose --poderrors --nopoderrors": "flag",
            "--css --htmldir --htmlroot --title --podpath --podroot": "val",
            "--infile": "val:read",
            "--outfile": "val:write",
            "--cachedir": "val:tree-write",
            "--flush": "flag:delete=pod2htmd.tmp",
        },
        operands="read?",
        judge=_writes("write", "pod2htmd.tmp", ("--cachedir",)),
        examples={
            "pod2html --infile Module.pm --outfile Module.html": "read:Module.pm write:Module.html write:pod2htmd.tmp",
            "pod2html --infile x.pm --outfile ~/.bashrc": "read:x.pm write:~/.bashrc write:pod2htmd.tmp",
        },
    ),
    _pair_spec(
        "pod2man",
        _POD2MAN,
        {
            "pod2man Module.pm Module.1": "read:Module.pm write:Module.1",
            "pod2man -s 3 x.pm ~/.bashrc": "read:x.pm write:~/.bashrc",
        },
    ),
    _pair_spec(
        "pod2text",
        _POD2TEXT,
        {"pod2text Module.pm": "read:Module.pm", "pod2text -w 72 a.pm out.txt": "read:a.pm write:out.txt"},
    ),
    Spec(
        "pod2usage",
        version=_PERL + " (Pod::Usage 2.03)",
        single_dash=True,
        options={
            "-help -man -utf8": "flag",
            "-exit -verbose -pathlist": "val",
            "-output": "val:write",
            "-formatter": "val:load",
        },
        operands="read",
        examples={
            "pod2usage Module.pm": "read:Module.pm",
            "pod2usage -output ~/.bashrc x.pm": "write:~/.bashrc read:x.pm",
        },
    ),
    Spec(
        "pod2readme",
        version="Pod::Readme 1.2.3 (pod2readme)",
        options={
            "-h --help -c --stdout -b --backup --no-backup -F --force --no-force": "flag",
            "-t --target -f --format": "val",
            "-o --output": "val:write",
        },
        operands="read text*",
        judge=_pod2readme,
        examples={
            "pod2readme Module.pm": "read:Module.pm write:README",
            "pod2readme -f markdown lib/A.pm": "read:lib/A.pm write:README.md",
            "pod2readme -c x.pm": "read:x.pm",
        },
    ),
    Spec(
        "podchecker",
        version=_PERL + " (Pod::Checker 1.75)",
        single_dash=True,
        options={"-help -man -warnings -nowarnings -quiet -noquiet": "flag"},
        operands="read*",
        examples={"podchecker Module.pm": "read:Module.pm"},
    ),
    Spec(
        "xgettext.pl",
        version="Locale::Maketext::Lexicon 1.00 (xgettext.pl)",
        summary="extracts translatable strings into messages.po (or -o) in the current directory (or -p)",
        options={
            "-u -g -W -w -h --help": "flag",
            "-o": "val:write",
            "-p": "val:tree-write",
            "-f": "val:read",
            "-D": "val:tree-read",
            "-P": "val:load",
        },
        operands="read*",
        judge=_writes("write", "messages.po", ("-o", "-p")),
        examples={
            "xgettext.pl -o messages.po lib/Foo.pm": "write:messages.po read:lib/Foo.pm",
            "xgettext.pl lib/Foo.pm": "read:lib/Foo.pm write:messages.po",
        },
    ),
    Spec(
        "xsubpp",
        version=_PERL + " (ExtUtils::ParseXS 3.45)",
        summary="compiles XS to C on stdout (or -output); typemap sections are Perl code that it evaluates",
        single_dash=True,
        options={
            "-v -except -prototypes -noprototypes -noversioncheck -nolinenumbers -nooptimize -inout -noinout": "flag",
            "-argtypes -noargtypes -hiertype -C++ -die_on_error": "flag",
            "-s -csuffix": "val",
            "-output": "val:write",
            "-typemap": "val:load",
        },
        operands="read",
        examples={
            "xsubpp Module.xs": "read:Module.xs",
            "xsubpp -typemap /tmp/t Module.xs": "load:/tmp/t read:Module.xs",
        },
    ),
    Spec(
        "headerdoc2html",
        version="HeaderDoc 8.9 (headerdoc2html, macOS)",
        summary="writes HTML documentation of C headers into -o DIR",
        bundling=False,
        options={"-h -H -X -q -u -v -j -p -t -x": "flag", "-o": "val:tree-write", "-c": "val:read"},
        operands="read+",
        judge=_headerdoc2html,
        examples={
            "headerdoc2html -o docs/ Header.h": "tree-write:docs/ read:Header.h",
            "headerdoc2html Header.h": "read:Header.h unknown",
        },
    ),
    Spec(
        "gatherheaderdoc",
        version="HeaderDoc 8.9 (gatherheaderdoc, macOS)",
        summary="links the pages in a HeaderDoc output directory: writes masterTOC.html and edits pages there",
        bundling=False,
        options={"-d -n -N -w -h": "flag", "-c": "val:read"},
        operands="tree-write text?",
        examples={"gatherheaderdoc docs/": "tree-write:docs/"},
    ),
    Spec(
        "cap_mkdb",
        version="FreeBSD 14 cap_mkdb(1)",
        summary="builds FILE.db (or -f NAME.db) from capability files",
        options={"-b -l -v": "flag", "-f": "val"},
        operands="read+",
        judge=_cap_mkdb,
        examples={
            "cap_mkdb ./caps": "read:./caps write:./caps.db",
            "cap_mkdb /etc/evil": "read:/etc/evil write:/etc/evil.db",
        },
    ),
]
