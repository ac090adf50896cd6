"""Document tools (session 7): pandoc, the TeX engines and latexmk, BibTeX and Biber, Graphviz, Doxygen, the
static site generators Hugo, Jekyll and Zola, Typst, mermaid-cli, PlantUML and ffprobe.

Reference versions are named per spec. What matters in them:
- pandoc writes `-o`; `--lua-filter` and `--filter` run code, `--extract-media` writes a directory, a URL
  input is fetched, a defaults file (`-d`) can name all of these, so one from elsewhere is a load;
- TeX engines run in their default restricted mode (TeX Live's shell_escape = p, openout_any = p): routine.
  `-shell-escape` lets the document run any command (runs-code, asks); `-cnf-line` can turn it back on;
- latexmk runs the project's latexmkrc (Perl: a runner definition), `-e` is Perl, `-r` a Perl file, and
  `-pdflatex=CMD` (and the other engine commands) are commands it runs;
- Doxygen reads a Doxyfile that chooses what it reads (INPUT), where it writes (OUTPUT_DIRECTORY) and which
  commands it runs (INPUT_FILTER, FILTER_PATTERNS): the project's Doxyfile is a runner definition, judged by
  provenance (engine RUNNER_DEFINITIONS "doxygen"), one named on the command line is a load;
- Hugo's configuration can allow it to run programs (security.exec.allow) and Jekyll loads the project's
  plugins: their configuration files are runner definitions; `hugo deploy` publishes.
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import outside

_H = {"-h --help": "flag"}
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)


# --- pandoc ----------------------------------------------------------------------------------------------------
def _pandoc_inputs(walked: Walk, argv: list[str]) -> None:
    """A URL input is downloaded (a GET); a file is read. Pandoc 3 (the version brew, conda and the release
    binaries ship) runs as a Lua interpreter when its first word is `lua` (`pandoc lua x.lua`, `pandoc lua -e`)
    and as an HTTP server when it is `server`: neither is a document it reads."""
    if len(argv) > 1 and argv[1] in ("lua", "server"):
        walked.unknown.append(f"pandoc {argv[1]} (pandoc 3: a Lua interpreter / an HTTP server) is not modelled")
        walked.effects[:] = [e for e in walked.effects if e.value != argv[1]]
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin == "--print-default-data-file":
            walked.effects.remove(effect)
            if effect.value.startswith(("/", "~")) or ".." in re.split(r"[/\\]", effect.value):
                walked.unknown.append(
                    f"pandoc --print-default-data-file {effect.value[:40]!r} leaves the data directory"
                )
    for effect in list(walked.effects):
        if (
            effect.kind == "read"
            and (effect.origin.startswith("operand") or effect.origin in ("-c", "--css"))
            and _URL.match(effect.value)
        ):
            walked.effects.remove(effect)
            if effect.value.lower().startswith(("http://", "https://")):
                walked.effects.append(Effect("fetch", effect.value, effect.origin))
            else:
                walked.unknown.append(f"pandoc input {effect.value!r} is not modelled")
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin in ("--pdf-engine",):
            walked.effects.remove(effect)
            if effect.value not in _PDF_ENGINES:
                walked.unknown.append(f"pandoc --pdf-engine={effect.value} (a program it runs) is not modelled")


_PDF_ENGINES = frozenset(
    "pdflatex lualatex xelatex latexmk tectonic wkhtmltopdf weasyprint pagedjs-cli prince context pdfroff typst".split()
)


def _pandoc() -> Spec:
    return Spec(
        "pandoc",
        version="pandoc 2.17.1.1 (Debian bookworm; pandoc --help)",
        summary="converts documents: inputs are read (URLs fetched), -o writes; filters run code; --pdf-engine runs a program",
        options={
            "-h --help -v --version -p -s --standalone --toc --table-of-contents -N --number-sections --file-scope": "flag",
            "--preserve-tabs --strip-comments --no-highlight --ascii --reference-links --atx-headers --listings": "flag",
            "-i --incremental --section-divs --html-q-tags --self-contained --embed-resources --citeproc -C": "flag",
            "--natbib --biblatex --mathml --gladtex --trace --dump-args --ignore-args --verbose --quiet": "flag",
            "--fail-if-warnings --bash-completion --list-input-formats --list-output-formats --sandbox": "flag",
            "--list-highlight-languages --list-highlight-styles --no-check-certificate --strip-empty-paragraphs": "flag",
            "--epub-title-page --link-images --list-tables": "opt",
            "-f -r --from --read -t -w --to --write -M --metadata -V --variable --toc-depth --number-offset": "val",
            "--top-level-division --shift-heading-level-by --base-header-level --indented-code-classes": "val",
            "--default-image-extension --tab-stop --track-changes --highlight-style --dpi --eol --columns": "val",
            "--wrap --reference-location --markdown-headings --slide-level --email-obfuscation --id-prefix": "val",
            "-T --title-prefix --request-header --epub-chapter-level --epub-subdirectory --ipynb-output": "val",
            # A stylesheet: with --embed-resources / --self-contained its content is copied into the output.
            "-c --css": "val:read",
            "--resource-path --html-math-method --chunk-template --split-level --list-extensions": "val",
            "--print-default-template -D --print-highlight-style": "val",
            # A data file's name under the data directory: `../../../.ssh/id_rsa` climbs out of it (judged).
            "--print-default-data-file": "val:text",
            "--webtex --mathjax --katex": "opt",
            "--pdf-engine": "val:text",  # judged: a program it runs (a known engine passes)
            "--template --metadata-file --abbreviations --syntax-definition -H --include-in-header": "val:read",
            "-B --include-before-body -A --include-after-body --reference-doc --epub-cover-image": "val:read",
            "--epub-metadata --epub-embed-font --bibliography --csl --citation-abbreviations": "val:read",
            "-o --output --log": "val:write",
            "--extract-media": "val:tree-write",
            "-L --lua-filter -F --filter": "val:script",
            "-d --defaults --data-dir": "val:load",
            "--pdf-engine-opt": "unknown",  # `-shell-escape` among them lets LaTeX run commands
        },
        operands="read*",
        judge=_pandoc_inputs,
        examples={
            "pandoc --version": "",
            "pandoc README.md -o README.html": "read:README.md write:README.html",
            "pandoc -s --embed-resources -c ~/.netrc README.md": "read:~/.netrc read:README.md",
            "pandoc -s -c https://example.com/style.css README.md": "fetch:https://example.com/style.css read:README.md",
            "pandoc -s input.md -o output.pdf --pdf-engine=xelatex": "read:input.md write:output.pdf",
            "pandoc -f markdown -t html doc.md": "read:doc.md",
            "pandoc doc.md -o ~/.bashrc": "read:doc.md write:~/.bashrc",
            "pandoc --lua-filter=/tmp/f.lua doc.md": "script:/tmp/f.lua read:doc.md",
            "pandoc -F /tmp/filter doc.md": "script:/tmp/filter read:doc.md",
            "pandoc --extract-media=media doc.docx -o doc.md": "tree-write:media read:doc.docx write:doc.md",
            "pandoc https://example.com/x.html -o x.md": "fetch:https://example.com/x.html write:x.md",
            "pandoc -d /tmp/defaults.yaml": "load:/tmp/defaults.yaml",
            "pandoc --pdf-engine=/tmp/x doc.md -o d.pdf": "read:doc.md write:d.pdf unknown",
            "pandoc --pdf-engine-opt=-shell-escape doc.md -o d.pdf": "unknown read:doc.md write:d.pdf",
            "pandoc -H ~/.ssh/id_rsa doc.md": "read:~/.ssh/id_rsa read:doc.md",
        },
    )


# --- TeX -------------------------------------------------------------------------------------------------------
_TEX_OPTIONS = {
    "-help --help -version --version -halt-on-error --halt-on-error -file-line-error --file-line-error": "flag",
    "-no-file-line-error --no-file-line-error -draftmode --draftmode -recorder --recorder -ini --ini": "flag",
    "-etex --etex -mltex --mltex -src-specials --src-specials -8bit --8bit -parse-first-line": "flag",
    "--parse-first-line -no-parse-first-line --no-parse-first-line -shell-restricted --shell-restricted": "flag",
    "-no-shell-escape --no-shell-escape -mktex --mktex -no-mktex --no-mktex -enc --enc -ipc --ipc": "flag",
    "-ipc-start --ipc-start -nosocket --nosocket -safer --safer -nodraftmode": "flag",
    "-interaction --interaction -jobname --jobname -output-format --output-format -synctex --synctex": "val",
    "-fmt --fmt -progname --progname -output-comment --output-comment -translate-file --translate-file": "val",
    "-kpathsea-debug --kpathsea-debug -papersize --papersize -default-translate-file --default-translate-file": "val",
    "-output-directory --output-directory -aux-directory --aux-directory": "val:tree-write",
    "-lua --lua": "val:load",
    # The document can then run any command (\\write18, \\ShellEscape, os.execute): code that runs.
    "-shell-escape --shell-escape -enable-write18 --enable-write18 -socket --socket": "flag:load@ask",
    # `-cnf-line=shell_escape=t` turns shell escape on through kpathsea's configuration.
    "-cnf-line --cnf-line": "unknown",
}


def _tex_operands(walked: Walk, argv: list[str]) -> None:
    """An operand that starts with a backslash is TeX code (`pdflatex '\\input x'`), not a file."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and effect.value.startswith(("\\", "&")):
            walked.effects.remove(effect)
            walked.unknown.append(f"TeX code on the command line ({effect.value[:40]!r}) is not modelled")


def _tex(name: str, aliases: tuple[str, ...]) -> Spec:
    return Spec(
        name,
        aliases=aliases,
        version="TeX Live 2022 (Debian bookworm texlive-binaries; pdftex --help, luatex --help, xetex --help)",
        summary="typesets the file it is given in TeX Live's restricted default; -shell-escape lets it run commands",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options=_TEX_OPTIONS,
        operands="read*",
        judge=_tex_operands,
        examples={
            f"{name} --version": "",
            f"{name} main.tex": "read:main.tex",
            f"{name} -interaction=nonstopmode -halt-on-error main.tex": "read:main.tex",
            f"{name} -output-directory=build main.tex": "tree-write:build read:main.tex",
            f"{name} -shell-escape main.tex": "load read:main.tex",
            f"{name} --shell-escape main.tex": "load read:main.tex",
            f"{name} -cnf-line=shell_escape=t main.tex": "unknown read:main.tex",
            f"{name} '\\input{{main}}'": "unknown",
        },
    )


def _latexmk() -> Spec:
    return Spec(
        "latexmk",
        version="Latexmk 4.79 (Debian bookworm; latexmk -help)",
        summary=(
            "runs the TeX engine and BibTeX/Biber until the document settles; latexmkrc files are Perl (the "
            "project's is a runner definition), -e is Perl, -r a Perl file, -pdflatex=CMD a command it runs"
        ),
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-h -help --help -v -version --version -showextraoptions -commands": "flag",
            "-pdf -pdfdvi -pdfps -pdflua -pdfxe -lualatex -xelatex -dvi -ps -dvilua -nodvi -nopdf -nops": "flag",
            "-c -C -CA -g -gg -f -f- -pv -pvc -pvctest -silent -quiet -verbose -halt-on-error -file-line-error": "flag",
            "-recorder -norecorder -bibtex -nobibtex -bibtex- -bibtex-cond -bibtex-cond1 -bibfudge -nobibfudge": "flag",
            "-time -notime -norc -M -MP -deps -nodeps -rules -norules -use-make -use-make- -cd -cd- -l -l-": "flag",
            "-emulate-aux-dir -noemulate-aux-dir -new-viewer -new-viewer- -logfilewarninglist -dF": "flag",
            "-shell-restricted -no-shell-escape -usepretex -nodraftmode -dir-report -dir-report-only -gt": "flag",
            "-interaction -jobname -synctex -view": "val",
            # TeX code run before the document (`-pretex='\\input{FILE}'`), as TeX code on pdflatex's command line.
            "-pretex": "val:unknown",
            "-outdir -output-directory -auxdir -aux-directory": "val:tree-write",
            "-MF -deps-out": "val:write",
            "-r": "val:load",
            "-e": "val:code:perl",
            "-latex -pdflatex -dvipdf -bibtex-cmd -biber -makeindex": "val:exec",
            "-print -p -ps2pdf- -dvips -lpr": "unknown",
            "-shell-escape --shell-escape": "flag:load@ask",
        },
        operands="read*",
        judge=_tex_operands,
        examples={
            "latexmk -pdf main.tex": "read:main.tex",
            "latexmk -C": "",
            "latexmk -usepretex -pretex='\\input{x}' main.tex": "unknown read:main.tex",
            "latexmk -pdf -outdir=build main.tex": "tree-write:build read:main.tex",
            "latexmk -shell-escape -pdf main.tex": "load read:main.tex",
            "latexmk -e '$pdf_mode=1' main.tex": "code:perl:$pdf_mode=1 read:main.tex",
            "latexmk -r /tmp/rc main.tex": "load:/tmp/rc read:main.tex",
            "latexmk -pdflatex=id main.tex": "exec:id read:main.tex",
        },
    )


def _bibtex() -> Spec:
    return Spec(
        "bibtex",
        aliases=("bibtex8", "bibtexu"),
        version="BibTeX 0.99d (TeX Live 2022; bibtex --help)",
        summary="reads the .aux file it is named by and the .bst and .bib files it lists; writes .bbl and .blg beside it",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={"-help --help -version --version -terse --terse": "flag", "-min-crossrefs --min-crossrefs": "val"},
        operands="read+",
        examples={"bibtex main": "read:main", "bibtex build/main.aux": "read:build/main.aux"},
    )


def _biber() -> Spec:
    return Spec(
        "biber",
        version="biber 2.17 (Debian bookworm; biber --help)",
        summary="reads the .bcf control file and the data sources it names (a URL is fetched); writes .bbl and .blg",
        options={
            "-h --help -v --version -q --quiet -D --debug -T --trace --tool --cache --clrmacros --dieondatamodel": "flag",
            "--fixinits --glob-datasources --no-bblxml-schema --no-bltxml-schema --no-default-datamodel --noconf": "flag",
            "--nodieonerror --nolog --noskipduplicates --nostdmacros --noremove-tmp-dir --noxname --onlylog": "flag",
            "--output-align --output-all-macrodefs --output-legacy-dates --output-no-macrodefs --output-resolve": "flag",
            "--output-resolve-xdata --output-resolve-crossrefs --output-resolve-sets --output-safechars": "flag",
            "--output-xname --show-tmp-dir --sortdebug --ssl-nointernalca --ssl-noverify-host --strip-comments": "flag",
            "--tool-noremove-missing-dependants --validate-bblxml --validate-bltxml --validate-config": "flag",
            "--validate-control -V --validate-datamodel -W --winunicode -w --wraplines --convert-control": "flag",
            "--isbn10 --isbn13 --isbn-normalise -u -U --noinit --fastsort --nosort": "flag",
            "--annotation-marker -c --collate-options --decodecharsset --dot-include -e --input-encoding": "val",
            "--input-format --listsep -m --mincrossrefs --named-annotation-marker --namesep --others-string": "val",
            "--output-annotation-marker --output-named-annotation-marker -E --output-encoding --output-fieldcase": "val",
            "--output-field-order --output-field-replace --output-format --output-indent --output-listsep": "val",
            "--output-namesep --output-safecharsset --output-xdatamarker --output-xdatasep --output-xnamesep": "val",
            "--sortcase -l --sortlocale --sortupper --xdatamarker --xdatasep --xnamesep --xsvsep --bblencoding": "val",
            "--input-directory": "val:read",
            "--output-directory": "val:tree-write",
            "-O --output-file --outfile --logfile": "val:write",
            "-g --configfile --recodedata --tool-config": "val:read",
        },
        operands="read+",
        examples={
            "biber main": "read:main",
            "biber --output-directory build main": "tree-write:build read:main",
            "biber --logfile ~/.bashrc main": "write:~/.bashrc read:main",
            "biber --isbn13 main": "read:main",
        },
    )


# --- Graphviz --------------------------------------------------------------------------------------------------
def _graphviz_outputs(walked: Walk, argv: list[str]) -> None:
    """`-O` writes each output next to its input (`g.dot` -> `g.dot.png`)."""
    if not any(e.origin == "-O" for e in walked.effects):
        return
    formats = [w[2:].split(":", 1)[0] for w in argv[1:] if w.startswith("-T") and len(w) > 2] or ["dot"]
    inputs = [e.value for e in walked.effects if e.kind == "read" and e.origin.startswith("operand")]
    walked.effects[:] = [e for e in walked.effects if e.origin != "-O"]
    walked.effects.extend(Effect("write", f"{name}.{fmt}", "-O") for name in inputs for fmt in formats)
    if not inputs:
        walked.effects.append(Effect("write", "noname.gv." + formats[0], "-O"))


def _graphviz() -> Spec:
    return Spec(
        "dot",
        aliases=("neato", "fdp", "sfdp", "twopi", "circo", "osage", "patchwork"),
        version="Graphviz 2.42.2 (Debian bookworm; dot -?)",
        summary="lays out graphs: inputs are read, -o writes, -O writes beside each input; -c rewrites the plugin configuration",
        options={
            "-V -v -n -q -s -y -x -? -P -m": "flag",
            "-T": "val",
            "-K -G -N -E -L": "val",
            "-o": "val:write",
            "-O": "flag:text",
            "-l": "val:read",  # a PostScript library copied into the output
            "-c": "unknown",  # writes the plugin configuration of the installation
        },
        operands="read*",
        judge=_graphviz_outputs,
        examples={
            "dot -V": "",
            "dot -Tpng graph.dot -o graph.png": "read:graph.dot write:graph.png",
            "dot -Tsvg -O graph.dot": "read:graph.dot write:graph.dot.svg",
            "neato -Tpng g.dot -o g.png": "read:g.dot write:g.png",
            "dot -Tpng -o ~/.bashrc g.dot": "write:~/.bashrc read:g.dot",
            "dot -c": "unknown",
        },
    )


# --- Doxygen ---------------------------------------------------------------------------------------------------
def _doxygen_judge(walked: Walk, argv: list[str]) -> None:
    """`doxygen -` reads its configuration from standard input, which hookward does not see; the project's
    Doxyfile is judged as a runner definition (by provenance), any other configuration file as a load."""
    if "-" in argv[1:]:
        walked.unknown.append("doxygen - (a configuration from standard input) is not modelled")
        walked.effects[:] = [e for e in walked.effects if e.value != "-"]
    # `doxygen Doxyfile` names the file a bare `doxygen` reads: judged as that runner definition is.
    walked.effects[:] = [e for e in walked.effects if not (e.kind == "load" and e.value in ("Doxyfile", "./Doxyfile"))]


def _doxygen() -> Spec:
    return Spec(
        "doxygen",
        version="Doxygen 1.9.4 (Debian bookworm; doxygen --help)",
        summary=(
            "doxygen [Doxyfile] runs what the configuration says (inputs, output directory, filters): the "
            "project's Doxyfile is a runner definition, another one is a load; -g/-u/-l/-w/-e write templates"
        ),
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-h -? --help -v --version -V --Version -s -b -x_noenv -d -q": "flag",
            "-g -l": "flag>write?",
            "-u": "flag>edit?",
            "-x": "flag>read?",
            "-w": "flag>text write*",
            "-e": "flag>text write",
        },
        operands="load?",
        judge=_doxygen_judge,
        examples={
            "doxygen": "",
            "doxygen Doxyfile": "",
            "doxygen docs/Doxyfile": "load:docs/Doxyfile",
            "doxygen -g": "",
            "doxygen -g ~/.bashrc": "write:~/.bashrc",
            "doxygen /tmp/Doxyfile": "load:/tmp/Doxyfile",
            "doxygen -": "unknown",
            "doxygen -w html header.html footer.html style.css": "write:header.html write:footer.html write:style.css",
        },
    )


# --- static site generators ------------------------------------------------------------------------------------
def _site_source(spec: Spec) -> Spec:
    """`hugo -s DIR`, `jekyll build -s DIR`: the site there is built with its own configuration (Hugo's can allow
    it to run programs) and plugins (Jekyll's _plugins are Ruby): a source outside the command's directory is a
    load, judged by its provenance. Applied to the spec and every subcommand under it."""
    for sub in {id(s): s for s in spec.subcommands.values()}.values():
        _site_source(sub)
    own = spec.judge

    def judge(walked: Walk, argv: list[str]) -> None:
        if own is not None:
            own(walked, argv)
        for effect in list(walked.effects):
            if effect.kind == "cd" and effect.value and outside(walked, effect.value):
                walked.effects.append(Effect("load", effect.value, f"{effect.origin} (the site's configuration runs)"))

    spec.judge = judge
    return spec


def _hugo_build_options() -> dict[str, str]:
    return {
        **_H,
        "-D --buildDrafts -E --buildExpired -F --buildFuture --cleanDestinationDir --minify --gc -w --watch": "flag",
        "--ignoreCache --noChmod --noTimes --panicOnWarning --printI18nWarnings --printMemoryUsage --poll": "flag",
        "--printPathWarnings --printUnusedTemplates --quiet --renderToMemory --templateMetrics": "flag",
        "--templateMetricsHints -v --verbose --enableGitInfo --forceSyncStatic --ignoreVendorPaths --debug": "flag",
        "--logLevel -e --environment -b --baseURL -t --theme --disableKinds --renderSegments --clock": "val",
        "-l --layoutDir --i18n-warnings --log": "val",
        # The content it renders and publishes into the destination (page resources are copied with it).
        "-c --contentDir": "val:tree-read",
        "--noBuildLock --verboseLog": "flag",
        "--logFile": "val:write",
        "-s --source": "val:cd",
        "-d --destination --cacheDir": "val:tree-write",
        "--config --configDir --themesDir": "val:load",
        "--trace": "val:write",
    }


def _hugo() -> Spec:
    build = _hugo_build_options()
    server = {
        **build,
        "--bind -p --port --liveReloadPort --appendPort --meminterval --memstats": "val",
        "--disableFastRender --disableLiveReload --navigateToChanged -O --openBrowser --renderStaticToDisk": "flag",
        "--disableBrowserError --noHTTPCache --renderToDisk": "flag",
    }
    return Spec(
        "hugo",
        version="hugo v0.120 (hugo --help, hugo server --help)",
        summary=(
            "builds or serves the site (its configuration, which can allow Hugo to run programs, is a runner "
            "definition); hugo deploy publishes; mod get fetches modules"
        ),
        options={**build, "--version": "flag"},
        long_prefix=False,
        globals_anywhere=True,
        subcommands={
            "server serve": Spec("server", options=server, long_prefix=False),
            "version env": Spec("version"),
            "config": Spec("config", subcommands={"mounts": Spec("mounts")}, options={"--format --lang": "val"}),
            "list": Spec("list", subcommands={"all drafts expired future published": Spec("all")}),
            "new": Spec(
                "new",
                options={"-k --kind --editor -f --format": "val", "--force": "flag"},
                operands="tree-write",
                subcommands={
                    "site theme": Spec(
                        "site", options={"-f --format": "val", "--force": "flag"}, operands="tree-write"
                    ),
                    "content": Spec(
                        "content", options={"-k --kind --editor": "val", "--force": "flag"}, operands="write"
                    ),
                },
            ),
            "mod": Spec(
                "mod",
                subcommands={
                    "get tidy vendor verify download": Spec(
                        "get", options={"-u -x --clean": "flag"}, operands="text*", effects="fetch"
                    ),
                    "graph init npm clean": Spec("graph", options={"--all --pattern": "flag"}, operands="text*"),
                },
            ),
            "deploy": Spec("deploy", operands="unknown*", effects="publish"),
            "gen import convert completion": Spec("gen", operands="unknown*", effects="unknown"),
        },
        examples={
            "hugo": "",
            "hugo --minify": "",
            "hugo server -D": "",
            "hugo version": "",
            "hugo -d ~/.config/autostart": "tree-write:~/.config/autostart",
            "hugo --config /tmp/hugo.toml": "load:/tmp/hugo.toml",
            "hugo -s /tmp/site": "cd:/tmp/site load:/tmp/site",
            "hugo server --source ../other": "cd:../other load:../other",
            "hugo deploy --target production": "unknown unknown publish",
            "hugo new content posts/first.md": "write:posts/first.md",
            "hugo mod get -u": "fetch",
        },
    )


def _jekyll() -> Spec:
    common = {
        **_H,
        "--safe -w --watch --no-watch -D --drafts --future --unpublished --lsi -I --incremental --profile": "flag",
        "--strict_front_matter -V --verbose -q --quiet -t --trace --disable-disk-cache --skip-initial-build": "flag",
        "-l --livereload -B --detach -o --open-url": "flag",
        "-b --baseurl --limit_posts --livereload-port --livereload-min-delay --livereload-max-delay": "val",
        "--livereload-ignore -H --host -P --port --layouts": "val",
        "-s --source": "val:cd",
        "-d --destination": "val:tree-write",
        "-p --plugins --config": "val:load",
        "--ssl-cert --ssl-key": "val:read",
    }
    return Spec(
        "jekyll",
        version="Jekyll 4.3 (jekyll help build, jekyll help serve)",
        summary="builds or serves the site, loading the project's plugins (its _config.yml and Gemfile are runner definitions)",
        options={**_H, "-v --version": "flag"},
        long_prefix=False,
        subcommands={
            "build b": Spec("build", options=common, long_prefix=False),
            "serve s server": Spec("serve", options=common, long_prefix=False),
            "clean doctor hyde": Spec("clean", options=common, long_prefix=False),
            "new new-theme": Spec(
                "new", options={**_H, "--force --blank --skip-bundle": "flag"}, operands="tree-write"
            ),
            "help": Spec("help", operands="text?"),
        },
        examples={
            "jekyll build": "",
            "jekyll serve --livereload": "",
            "jekyll build -d ~/.config/autostart": "tree-write:~/.config/autostart",
            "jekyll build --plugins /tmp/plugins": "load:/tmp/plugins",
            "jekyll build -s /tmp/site": "cd:/tmp/site load:/tmp/site",
        },
    )


def _zola() -> Spec:
    site = {"-u --base-url": "val", "-o --output-dir": "val:tree-write", "-f --force --drafts": "flag", **_H}
    return Spec(
        "zola",
        version="zola 0.17 (zola --help)",
        summary="builds or serves the site (Tera templates run no programs); -o writes the output directory",
        options={**_H, "-V --version": "flag", "-r --root": "val:cd", "-c --config": "val:read"},
        long_prefix=False,
        globals_anywhere=True,
        subcommands={
            "build": Spec("build", options=site, long_prefix=False),
            "serve": Spec(
                "serve",
                options={**site, "-i --interface -p --port": "val", "-O --open --fast --no-port-append": "flag"},
                long_prefix=False,
            ),
            "check": Spec("check", options={**_H, "--drafts --skip-external-links": "flag"}),
            "init": Spec("init", options={**_H, "-f --force": "flag"}, operands="tree-write?"),
            "help": Spec("help", operands="text?"),
        },
        examples={"zola build": "", "zola serve": "", "zola build -o ~/.ssh/site": "tree-write:~/.ssh/site"},
    )


# --- Typst, mermaid-cli, PlantUML ------------------------------------------------------------------------------
def _typst() -> Spec:
    compile_options = {
        **_H,
        "--input --diagnostic-format -f --format --ppi --pages --creation-timestamp -j --jobs --pdf-standard": "val",
        "--color": "val",
        "--root --font-path": "val:tree-read",
        "--package-path --package-cache-path": "val:tree-write",
        "--timings": "opt:write",
        "--cert": "val:read",
        "--open": "opt:unknown",  # the viewer it starts
    }
    return Spec(
        "typst",
        version="typst 0.11 (typst --help, typst compile --help)",
        summary="compiles a document (reading files under --root, fetching @preview packages) into the output it names",
        options={**_H, "-V --version": "flag", "--color --cert": "val"},
        long_prefix=False,
        subcommands={
            "compile c watch w": Spec("compile", options=compile_options, operands="read write?", long_prefix=False),
            "query": Spec(
                "query",
                options={**compile_options, "--field --one --pretty": "flag"},
                operands="read text",
                long_prefix=False,
            ),
            "fonts": Spec("fonts", options={**_H, "--variants": "flag", "--font-path": "val:tree-read"}),
            "init": Spec("init", operands="text tree-write?", effects="fetch"),
            "update": Spec("update", operands="unknown*", effects="unknown"),
            "help": Spec("help", operands="text*"),
        },
        examples={
            "typst compile main.typ": "read:main.typ",
            "typst watch main.typ out.pdf": "read:main.typ write:out.pdf",
            "typst compile main.typ ~/.bashrc": "read:main.typ write:~/.bashrc",
            "typst compile --root / main.typ": "tree-read:/ read:main.typ",
            "typst update": "unknown",
        },
    )


def _mmdc() -> Spec:
    return Spec(
        "mmdc",
        version="mermaid-cli 10.6 (mmdc --help)",
        summary="renders a Mermaid diagram in headless Chromium: -i is read, -o written; a puppeteer config can name the browser it runs",
        options={
            "-h --help -V --version -q --quiet -f --pdfFit": "flag",
            "-t --theme -w --width -H --height -b --backgroundColor -s --scale -e --outputFormat -I --svgId": "val",
            "-i --input -c --configFile -C --cssFile": "val:read",
            "-o --output": "val:write",
            "-a --artefacts": "val:tree-write",
            "-p --puppeteerConfigFile": "val:load",
        },
        long_prefix=False,
        examples={
            "mmdc -i diagram.mmd -o diagram.svg": "read:diagram.mmd write:diagram.svg",
            "mmdc -i d.mmd -o ~/.bashrc": "read:d.mmd write:~/.bashrc",
            "mmdc -i d.mmd -p /tmp/p.json": "read:d.mmd load:/tmp/p.json",
        },
    )


def _plantuml() -> Spec:
    return Spec(
        "plantuml",
        version="PlantUML 1.2020.2 (Debian bookworm plantuml; plantuml -help)",
        summary="renders diagrams next to their sources (or into -o DIR); servers, GUIs and another dot program are not modelled",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help -h -version -v -verbose -quiet -checkonly -failfast -failfast2 -syntax -pipe -stdrpt -metadata": "flag",
            "-progress -duration -nometadata -printfonts -testdot -author -overwrite -splash -noerror -checkmetadata": "flag",
            "-tpng -tsvg -teps -tpdf -tvdx -txmi -tscxml -thtml -ttxt -tutxt -tlatex -tlatex:nopreamble -tbraille": "flag",
            "-charset -nbthread -x -exclude -language -timeout -D -P -S -encodesprite -computeurl -decodeurl": "val",
            "-config -I": "val:read",
            "-o -output": "val:tree-write",
            "-gui -picoweb -ftp -graphvizdot -checkversion -pipemap -pipedelimitor -pipeNoStderr": "unknown",
        },
        operands="tree-read*",
        examples={
            "plantuml diagram.puml": "tree-read:diagram.puml",
            "plantuml -tsvg -o out docs/": "tree-write:out tree-read:docs/",
            "plantuml -graphvizdot /tmp/x a.puml": "unknown tree-read:/tmp/x tree-read:a.puml",
        },
    )


# --- ffprobe ---------------------------------------------------------------------------------------------------
_FFPROBE_FLAGS = frozenset(
    """hide_banner show_format show_streams show_packets show_frames show_error show_data show_data_hash
    show_private_data show_programs show_chapters show_versions show_library_versions show_pixel_formats
    show_program_version count_frames count_packets pretty sexagesimal unit prefix byte_binary_prefix
    bitexact version buildconf formats muxers demuxers devices codecs decoders encoders bsfs protocols
    filters pix_fmts layouts sample_fmts colors L h help show_log find_stream_info""".split()
)
_FFPROBE_VALUES = frozenset(
    """v loglevel show_entries of print_format select_streams read_intervals f analyzeduration probesize
    fflags threads show_optional_fields sections""".split()
)


def _ffprobe_judge(walked: Walk, argv: list[str]) -> None:
    """ffprobe's grammar: single-dash options, one input (an operand or -i); -o writes its report."""
    effects: list[Effect] = []
    unknown: list[str] = []
    inputs: list[str] = []
    fmt = ""
    i = 1
    while i < len(argv):
        word = argv[i]
        i += 1
        if word == "-" or not word.startswith("-"):
            inputs.append(word)
            continue
        name = word[1:].split(":", 1)[0]
        if name in _FFPROBE_FLAGS:
            if name in ("h", "help") and i < len(argv) and not argv[i].startswith("-"):
                i += 1
            continue
        if i >= len(argv):
            unknown.append(f"option {word} of ffprobe is missing its value")
            break
        value = argv[i]
        i += 1
        if name == "i":
            inputs.append(value)
        elif name == "o":
            effects.append(Effect("write", value, "-o"))
        elif name == "f":
            fmt = value
        elif name in _FFPROBE_VALUES:
            continue
        else:
            unknown.append(f"option {word} of ffprobe is not modelled")
            i -= 1
    for value in inputs:
        if fmt in ("lavfi", "concat"):
            unknown.append(f"ffprobe -f {fmt} input {value!r} is not modelled (it names other files)")
        elif value.lower().startswith(("http://", "https://")):
            effects.append(Effect("fetch", value, "input"))
        elif _URL.match(value):
            effects.append(Effect("network", value, "input"))
        elif value.startswith("file:"):
            effects.append(Effect("read", value[5:], "input"))
        elif re.match(r"^[^/]*:", value) and not value.startswith("pipe:"):
            unknown.append(f"ffprobe input protocol {value.split(':', 1)[0]!r} is not modelled")
        elif value != "-" and not value.startswith("pipe:"):
            effects.append(Effect("read", value, "input"))
    walked.effects[:] = effects
    walked.unknown[:] = unknown


def _ffprobe() -> Spec:
    return Spec(
        "ffprobe",
        version="ffprobe 5.1.4 (Debian bookworm ffmpeg; ffprobe -h long)",
        summary="reads one media input (a URL is fetched) and prints what it finds; -o writes the report",
        single_dash=True,
        judge=_ffprobe_judge,
        examples={
            "ffprobe video.mp4": "read:video.mp4",
            "ffprobe -v error -show_format -show_streams -of json video.mp4": "read:video.mp4",
            "ffprobe -i https://example.com/a.mp4": "fetch:https://example.com/a.mp4",
            "ffprobe rtsp://10.0.0.5/stream": "network:rtsp://10.0.0.5/stream",
            "ffprobe -o ~/.bashrc a.mp4": "write:~/.bashrc read:a.mp4",
            "ffprobe -f lavfi movie=/etc/shadow": "unknown",
            "ffprobe ~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
        },
    )


SPECS = [
    _pandoc(),
    _tex("pdflatex", ("pdftex", "latex", "tex", "etex")),
    _tex("xelatex", ("xetex",)),
    _tex("lualatex", ("luatex", "lualatex-dev")),
    _latexmk(),
    _bibtex(),
    _biber(),
    _graphviz(),
    _doxygen(),
    _site_source(_hugo()),
    _site_source(_jekyll()),
    _zola(),
    _typst(),
    _mmdc(),
    _plantuml(),
    _ffprobe(),
]
