"""Ruby project tools: linters and formatters, security scanners, type checkers, documentation
generators, debuggers, profilers, i18n and packaging tools, usually run as `bundle exec TOOL`
(bundle exec is peeled by the packages family and the tool is judged here).

What these tools do that the policy cares about:
- analysers that only read the project (brakeman, reek, flay, flog, fasterer, debride, rubycritic
  --no-browser, steep check, srb tc, rbs validate, stree check, packwerk check) have no effect;
- formatters and auto-correctors edit their operands in place (`standardrb --fix`, `haml-lint -a`,
  `erb_lint -a`, `stree write`, `rufo FILE`, `srb tc -a`); tools with a fixed output place write it
  (`yardoc` -> `doc/` and `.yardoc`, `asciidoctor README.adoc` -> `README.html`,
  `i18n-tasks normalize` -> `config/locales`, `brakeman --rake` -> `lib/tasks/brakeman.rake`);
- options that load Ruby code are `load` (`-r/--require`, `--add-checks-path`, `--plugin`,
  template directories); debuggers and REPLs run code (`byebug script.rb` is a script,
  a bare `pry` is an interactive session fed from stdin: not modelled);
- `appraisal NAME CMD...` runs CMD (argv) under another Gemfile; when NAME is not an appraisal,
  appraisal runs `NAME CMD...` itself, so a NAME that is a program is not modelled;
- fetching code or data is `network` (`rbs collection install`, `bundle-audit update`,
  `appraisal install`, `fpm -s gem`), sending project text to a translation API is `upload`
  (`i18n-tasks translate-missing`).
Project configuration these tools evaluate (a Steepfile, `.yardopts`, `config/i18n-tasks.yml.erb`)
is the project's own code, like a Rakefile; hookward's persistence floor judges who edits it.

Reference versions: Debian bookworm `--help` where Debian packages the tool (yard 0.9.28,
rdoc 6.4 from ruby 3.1, asciidoctor 2.0.18, ruby-kramdown 2.4.0, cucumber 2.4.0, byebug 11.1.3,
stackprof 0.2.21, appraisal 2.5 as read from thoughtbot/appraisal's Thor CLI); otherwise the
upstream option parser or README of the version named in each spec (the gems are not in Debian
and rubygems.org is out of reach here). Options those references list but are not modelled
are declared "unknown" or left out: either way they ask, naming the option.
"""

from __future__ import annotations

import os
import shutil

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import code_places

_HV = {"-h --help -v --version": "flag"}


def _given(walked: Walk, options: tuple[str, ...]) -> bool:
    """Did the walk read one of these options? By the name each matched (`walked.seen`): bundled short flags
    split, unique prefixes of long options expanded, and a word taken as an option's value is not an option."""
    return not set(walked.seen).isdisjoint(options)


def _taken(walked: Walk, options: tuple[str, ...]) -> list[str]:
    """The values the walk gave these options (declared `val:text`), removed from its effects: they are not paths."""
    values = [e.value for e in walked.effects if e.kind == "text" and e.origin in options]
    walked.effects[:] = [e for e in walked.effects if not (e.kind == "text" and e.origin in options)]
    return values


_INFO = ("-h", "--help", "-v", "--version")


def _default_output(kind: str, path: str, unless: tuple[str, ...] = (), idle: tuple[str, ...] = _INFO):  # type: ignore[no-untyped-def]
    """A judge: the tool writes `path` (its fixed output place) unless one of `unless` is given, or an `idle`
    option (its help or version: only those the spec declares so) makes it print and exit."""

    def judge(walked: Walk, argv: list[str]) -> None:
        if _given(walked, idle) or _given(walked, unless):
            return
        walked.effects.append(Effect(kind, path, "default output"))

    return judge


# ---------------------------------------------------------------- linters and formatters

# RuboCop options that standardrb forwards (rubocop 1.x `--help`), the common ones.
_RUBOCOP_FORWARDED = {
    "-f --format": "val",
    "-o --out": "val:write",
    "-r --require": "val:load",
    "--parallel --no-parallel -D --display-cop-names -E --extra-details -S --display-style-guide": "flag",
    "--display-only-fail-level-offenses --fail-fast -F --force-exclusion --only-recognized-file-types": "flag",
    "--no-color --color -s --stdin --cache --cache-root --only --except --fail-level -L --list-target-files": "unknown",
}

STANDARDRB = Spec(
    "standardrb",
    version="standard 1.40 (standardrb --help)",
    summary="Ruby linter (RuboCop configured): --fix edits its operands",
    options={
        "-h --help -v --version -V --verbose-version --no-fix": "flag",
        "--fix --fix-unsafely": "flag>edit*",
        "--generate-todo": "flag:write=.standard_todo.yml",
        "--lsp": "unknown",  # a language server on stdin
        **_RUBOCOP_FORWARDED,
    },
    operands="read*",
    examples={
        "standardrb app/models/foo.rb": "read:app/models/foo.rb",
        "standardrb --fix app/models/foo.rb": "edit:app/models/foo.rb",
        "standardrb --fix ~/.bashrc": "edit:~/.bashrc",
        "standardrb -o ~/.profile": "write:~/.profile",
        "standardrb -r ./evil.rb": "load:./evil.rb",
    },
)

HAML_LINT = Spec(
    "haml-lint",
    version="haml_lint 0.58 (haml-lint --help)",
    options={
        "-h --help -v --version -V --verbose-version --show-linters --show-reporters": "flag",
        "--fail-fast --no-fail-fast -p --parallel --summary --no-summary --color --no-color": "flag",
        "-e --exclude -i --include-linter -x --exclude-linter -r --reporter --fail-level": "val",
        "--auto-gen-exclude-limit": "val",
        "-c --config": "val:read",
        "-a --auto-correct -A --auto-correct-all": "flag>edit*",
        "--auto-gen-config": "flag:write=.haml-lint_todo.yml",
        "--stdin": "val",  # the file name reported for stdin
    },
    operands="read*",
    effects="recursive",
    examples={
        "haml-lint app/views/": "recursive read:app/views/",
        "haml-lint --auto-correct app/views/": "recursive edit:app/views/",
        "haml-lint --xyzzy": "recursive unknown",
    },
)

SLIM_LINT = Spec(
    "slim-lint",
    version="slim_lint 0.27 (slim-lint --help)",
    options={
        "-h --help -v --version -V --verbose-version --show-linters --show-reporters": "flag",
        "-e --exclude -i --include-linter -x --exclude-linter -r --reporter --stdin-file-path": "val",
        "-c --config": "val:read",
    },
    operands="read*",
    effects="recursive",
    examples={"slim-lint app/views/": "recursive read:app/views/"},
)

ERB_LINT = Spec(
    "erb_lint",
    aliases=("erblint",),
    version="erb_lint 0.6 (erb_lint --help)",
    options={
        "-h --help --version --lint-all --enable-all-linters --allow-no-files --cache --clear-cache": "flag",
        "--show-linter-names": "flag",
        "--enable-linters --format --fail-level --stdin --cache-dir": "val",
        "--config": "val:read",
        "-a --autocorrect": "flag>edit*",
    },
    operands="read*",
    examples={
        "erb_lint app/views/foo.html.erb": "read:app/views/foo.html.erb",
        "erb_lint -a app/views/foo.html.erb": "edit:app/views/foo.html.erb",
    },
)

HERB = Spec(
    "herb",
    version="herb 0.7 (herb help)",
    summary="HTML+ERB parser tools: lint reads, format edits its files unless --check",
    options=_HV,
    subcommand_required=True,
    subcommands={
        "lint analyze parse lex ruby html prism": Spec("lint", options={"-h --help": "flag"}, operands="read*"),
        "format": Spec(
            "format",
            options={"-h --help": "flag", "--check": "flag>read*"},
            operands="edit*",
            examples={
                "herb format --check app/views/foo.html.erb": "read:app/views/foo.html.erb",
                "herb format app/views/foo.html.erb": "edit:app/views/foo.html.erb",
            },
        ),
        "version help": Spec("version"),
        "playground": Spec("playground", effects="unknown"),
    },
    examples={"herb lint app/views/foo.html.erb": "read:app/views/foo.html.erb"},
)

STREE = Spec(
    "stree",
    version="syntax_tree 6.2 (lib/syntax_tree/cli.rb)",
    summary="Syntax Tree: reads Ruby files (glob patterns); `write` formats them in place",
    options={
        "--print-width --ignore-files --target-ruby-version": "val",
        "-e": "val",  # an inline Ruby string: parsed and printed, never run
        # `require "syntax_tree/#{plugin}"`: a plugin name is a path under the load path (`../../x`).
        "--plugins": "val:load",
    },
    globals_anywhere=True,
    long_prefix=True,
    subcommand_required=True,
    subcommands={
        "a ast c check debug doc e expr f format j json m match ctags": Spec("check", operands="read*"),
        # The query is read from a file when one by that name is readable.
        "s search": Spec("search", operands="read read*"),
        "w write": Spec("write", operands="edit*", examples={"stree write lib/foo.rb": "edit:lib/foo.rb"}),
        "help version": Spec("help", operands="text?"),
        "lsp": Spec("lsp", effects="unknown"),  # a language server
    },
    examples={
        "stree check lib/": "read:lib/",
        "stree format lib/foo.rb": "read:lib/foo.rb",
        "stree lsp": "unknown",
        "stree ctags lib/": "read:lib/",
        "stree search ~/.ssh/id_rsa lib/a.rb": "read:~/.ssh/id_rsa read:lib/a.rb",
        "stree w --plugins=../../../tmp/evil x.rb": "load:../../../tmp/evil edit:x.rb",
    },
)

RUFO = Spec(
    "rufo",
    version="rufo 0.18 (rufo --help)",
    summary="Ruby formatter: formats its files and directories in place unless --check",
    options={
        "-h --help -v --version -x --simple-exit": "flag",
        "-c --check": "flag>read*",
        "--filename --loglevel": "val",
    },
    operands="edit*",
    effects="recursive",
    examples={
        "rufo --check lib/": "recursive read:lib/",
        "rufo lib/": "recursive edit:lib/",
        "rufo ~/.irbrc": "recursive edit:~/.irbrc",
    },
)

# ---------------------------------------------------------------- analysers and scanners

BRAKEMAN = Spec(
    "brakeman",
    version="brakeman 6.2 (lib/brakeman/options.rb)",
    summary="static security scanner of a Rails application",
    options={
        "-h --help -v --version -n --no-threads --progress --no-progress -q --quiet --no-quiet": "flag",
        "-z --exit-on-warn --no-exit-on-warn --exit-on-error --no-exit-on-error -3 --rails3 -4 --rails4": "flag",
        "-5 --rails5 -A --run-all-checks -a --assume-routes --no-assume-routes -e --escape-html --faster": "flag",
        "--ignore-model-output --ignore-protected --index-libs --no-index-libs --interprocedural": "flag",
        "--no-branching -r --report-direct --skip-libs -d --debug -l --combine-locations": "flag",
        "--no-combine-locations --highlights --no-highlights --color --no-color -m --routes": "flag",
        "--separate-models --no-separate-models --summary --no-summary --absolute-paths": "flag",
        "-k --checks --optional-checks --force-scan": "flag",
        "--branch-limit -s --safe-methods --url-safe-methods --skip-files --only-files": "val",
        "--add-libs-path --add-engines-path -t --test -x --except -f --format": "val",
        "--message-limit --table-width --github-repo -w --confidence-level": "val",
        "--ensure-latest": "flag:network",  # asks rubygems.org for the latest version
        "-p --path": "val:tree-read",
        "--add-checks-path": "val:load",  # Ruby check classes, loaded
        "--css-file -i --ignore-config --compare -c --config-file": "val:read",
        "-o --output": "val:write",
        "-C --create-config": "val:write",  # [FILE]: OptionParser takes the next word
        "-I --interactive-ignore": "unknown",  # prompts, then writes the ignore file
        "--rake": "flag:write=lib/tasks/brakeman.rake",
    },
    operands="tree-read?",
    examples={
        "brakeman": "",
        "brakeman -q --no-pager": "unknown",
        "brakeman -A -q -o brakeman.html": "write:brakeman.html",
        "brakeman --add-checks-path /tmp/evil": "load:/tmp/evil",
        "brakeman -o ~/.bashrc": "write:~/.bashrc",
    },
)

REEK = Spec(
    "reek",
    version="reek 6.3 (reek --help)",
    options={
        "-h --help -v --version -n --no-line-numbers --line-numbers -s --single-line": "flag",
        "-U --documentation --no-documentation --color --no-color --empty-headings --no-empty-headings": "flag",
        "--wiki-links --no-wiki-links --progress --no-progress --force-exclusion --show-configuration-path": "flag",
        "-l --list --smell -f --format --sort-by --stdin-filename": "val",
        "-c --config": "val:read",
        "-t --todo": "flag:write=.reek.yml",
    },
    operands="read*",
    examples={"reek lib/": "read:lib/", "reek --todo lib/": "read:lib/ write:.reek.yml"},
)

FLAY = Spec(
    "flay",
    version="flay 2.13 (flay --help)",
    options={
        "-h --help -V --version -l --liberal -v --verbose -d --diff -s --summary -#": "flag",
        "-f --fuzzy": "opt",
        "-m --mass -t --timeout": "val",
    },
    operands="read*",
    examples={"flay lib/": "read:lib/"},
)

FLOG = Spec(
    "flog",
    version="flog 4.8 (flog --help)",
    options={
        "-h --help -a --all -b --blame -c --continue -d --details -g --group -m --methods-only": "flag",
        "-q --quiet -s --score -v --verbose -e --extended": "flag",
        "-t --threshold": "val",
        "-I": "val:load",
    },
    operands="read*",
    examples={"flog -s lib/": "read:lib/"},
)

FASTERER = Spec(
    "fasterer",
    version="fasterer 0.11 (README)",
    options={"-h --help -v --version": "flag"},
    operands="read*",
    examples={"fasterer": "", "fasterer app/": "read:app/"},
)

DEBRIDE = Spec(
    "debride",
    version="debride 1.12 (debride --help)",
    options={
        "-h --help -v --verbose -r --rails --legacy": "flag",
        "-e --exclude -f --focus -m --minimum": "val",
        "-w --whitelist": "val:read",
    },
    operands="read*",
    examples={"debride lib/": "read:lib/"},
)


def _rubycritic(walked: Walk, argv: list[str]) -> None:
    """The report goes to tmp/rubycritic (or -p) and is opened in a browser unless --no-browser."""
    if _given(walked, ("-h", "--help", "-v", "--version")):
        return
    if not _given(walked, ("-p", "--path")):
        walked.effects.append(Effect("tree-write", "tmp/rubycritic", "default output"))
    if not _given(walked, ("--no-browser", "-f", "--format", "--mode-ci")):
        walked.unknown.append("rubycritic opens its report in a browser (use --no-browser)")


RUBYCRITIC = Spec(
    "rubycritic",
    version="rubycritic 4.9 (rubycritic --help)",
    summary="code quality report: writes tmp/rubycritic and opens it in a browser unless --no-browser",
    options={
        "-h --help -v --version --deduplicate-symlinks --suppress-ratings --no-browser": "flag",
        "-f --format -s --minimum-score -b --branch -t --maximum-decrease": "val",
        "--mode-ci": "val",
        "--coverage-path": "val:read",
        "-p --path": "val:tree-write",
    },
    operands="read*",
    judge=_rubycritic,
    examples={
        "rubycritic --no-browser": "tree-write:tmp/rubycritic",
        "rubycritic": "tree-write:tmp/rubycritic unknown",
        "rubycritic --no-browser -p ~/.config/autostart app": "read:app tree-write:~/.config/autostart",
    },
)

BUNDLER_AUDIT = Spec(
    "bundler-audit",
    aliases=("bundle-audit",),
    version="bundler-audit 0.9.2 (bundle-audit help)",
    summary="checks Gemfile.lock against the ruby-advisory-db; --update and `update` fetch the database",
    options={"-h --help": "flag"},
    subcommands={
        "check": Spec(
            "check",
            options={
                "-q --quiet -v --verbose": "flag",
                "-i --ignore -F --format": "val",
                "-u --update": "flag:network",
                "-D --database": "val:tree-read",
                "-c --config --gemfile-lock": "val:read",
                "-o --output": "val:write",
            },
            operands="tree-read?",
            examples={
                "bundle-audit check": "",
                "bundler-audit check --update": "network",
                "bundle-audit check -o ~/.bashrc": "write:~/.bashrc",
            },
        ),
        "update download": Spec(
            "update",
            options={"-q --quiet": "flag"},
            operands="tree-write?",
            effects="network",
            examples={"bundle-audit update": "network"},
        ),
        "stats version help": Spec("stats", operands="text?"),
    },
    examples={"bundler-audit version": ""},
)

RUBY_AUDIT = Spec(
    "ruby-audit",
    version="ruby_audit 2.3 (ruby-audit help)",
    summary="checks the Ruby and RubyGems versions against the ruby-advisory-db",
    options={"-h --help": "flag"},
    subcommands={
        "check": Spec(
            "check",
            options={"-i --ignore": "val", "-n --no-update": "flag", "-u --update": "flag:network"},
            examples={"ruby-audit check": "", "ruby-audit check -u": "network"},
        ),
        "update": Spec("update", effects="network"),
        "version help": Spec("version", operands="text?"),
    },
    examples={"ruby-audit version": ""},
)

DAWN = Spec(
    "dawn",
    version="dawnscanner 2.2 (dawn help)",
    summary="security scanner of Rails, Sinatra and Padrino applications",
    options={"-h --help -v --version": "flag"},
    subcommands={
        "scan": Spec(
            "scan",
            options={"-h --help -D --debug -z --exit-on-warn -j --json -a --ascii-tabular-report": "flag"},
            operands="tree-read",
            examples={"dawn scan app/": "tree-read:app/"},
        ),
        "kb": Spec("kb", effects="unknown"),  # knowledge-base maintenance (status, lint, find, update)
        "version help": Spec("version", operands="text?"),
    },
    examples={"dawn version": ""},
)

PACKWERK = Spec(
    "packwerk",
    version="packwerk 3.2 (packwerk help)",
    summary="package boundary checker; boots the application like `rails runner` to find its load paths",
    options={"-h --help -v --version": "flag"},
    subcommand_required=True,
    subcommands={
        "check validate": Spec(
            "check",
            options={"--offenses-formatter --packages": "val", "--parallel --no-parallel": "flag"},
            operands="read*",
        ),
        # Rewrites every package's package_todo.yml in the project (YAML lists of references, nothing else).
        "update-todo update": Spec("update-todo", judge=_default_output("edit", ".")),
        "init": Spec("init", judge=_default_output("write", "packwerk.yml")),
        "help version": Spec("help", operands="text?"),
    },
    examples={"packwerk check": "", "packwerk update-todo": "edit:.", "packwerk init": "write:packwerk.yml"},
)

# ---------------------------------------------------------------- type checkers

SRB = Spec(
    "srb",
    version="sorbet 0.5.11 (srb help, srb tc --help)",
    summary="Sorbet: `tc` type-checks (-a applies autocorrects to the project's files); init and rbi run the code",
    options={"-h --help --version": "flag"},
    subcommands={
        "tc typecheck": Spec(
            "tc",
            long_prefix=False,
            options={
                "-h --help --version -q --quiet -v --verbose --no-config --censor-for-snapshot-tests": "flag",
                "--no-error-count --no-stdlib --suggest-typed --stop-after": "flag",
                "-e --typed --ignore --dir --file --max-threads --print --isolate-error-code": "val",
                "--suppress-error-code --error-url-base --sorbet-version": "val",
                "--cache-dir": "val:tree-write",
                "--metrics-file --web-trace-file": "val:write",
                # Autocorrects edit the Ruby files checked in place (those sorbet/config names, under
                # the project): an edit of the project, not a tree copy that could plant hooks.
                "-a --autocorrect --suggest-unsafe": "flag:edit=.",
                "--lsp": "unknown",
            },
            operands="read*",
            examples={"srb tc": "", "srb tc -a": "edit:.", "srb tc --metrics-file ~/.bashrc": "write:~/.bashrc"},
        ),
        "init rbi": Spec("init", operands="text*", effects="unknown"),  # require every file of the project: runs it
        "help": Spec("help", operands="text?"),
    },
    examples={"srb --version": "", "srb init": "unknown", "srb rbi gems": "unknown"},
)

STEEP = Spec(
    "steep",
    version="steep 1.9 (steep --help)",
    summary="RBS type checker; reads the Steepfile (project Ruby code)",
    options={"-h --help --version": "flag"},
    subcommand_required=True,
    subcommands={
        "check checkfile validate stats annotations project": Spec(
            "check",
            options={
                "-h --help --with-expectations --no-progress --validate": "flag",
                "-j --jobs --log-level --severity-level --format --group": "val",
                "--steepfile": "val:read",
                "--log-output": "val:write",
                "--save-expectations": "val:write",  # [PATH]: OptionParser takes the next word
            },
            operands="read*",
            examples={
                "steep check": "",
                "steep stats": "",
                "steep check --log-output ~/.bashrc": "write:~/.bashrc",
            },
        ),
        "init": Spec("init", judge=_default_output("write", "Steepfile")),
        "binstub": Spec("binstub", judge=_default_output("write", "bin/steep")),
        "version help": Spec("version", operands="text?"),
        "watch langserver worker": Spec("watch", effects="unknown"),  # long-running servers
    },
    examples={"steep watch": "unknown", "steep init": "write:Steepfile"},
)

_RBS_SIG = Spec(
    "validate",
    options={"--silent --exit-error-on-syntax-error": "flag", "--format": "val"},
    operands="text*",
)

RBS = Spec(
    "rbs",
    version="rbs 3.6 (rbs --help)",
    summary="RBS signatures: most commands print; collection install/update fetch gems' signatures",
    options={
        "-h --help --version --no-stdlib --no-collection": "flag",
        "-r --log-level --repo -I": "val",  # RBS libraries and signature directories (data, not code)
        "--collection": "val:read",
        "--log-output": "val:write",
    },
    globals_anywhere=True,
    subcommand_required=True,
    subcommands={
        "ast list ancestors methods method validate constant paths parse diff": Spec(
            "list",
            options={
                "--class --module --interface --instance --singleton --silent --exit-error-on-syntax-error": "flag",
                "--format -e --type --method-type --sort --before --after --detail --context": "val",
            },
            operands="text*",
        ),
        "collection": Spec(
            "collection",
            subcommand_required=True,
            subcommands={
                "install update": Spec(
                    "install",
                    options={"--frozen": "flag"},
                    effects="network",
                    judge=_default_output("tree-write", ".gem_rbs_collection"),
                ),
                "init": Spec("init", judge=_default_output("write", "rbs_collection.yaml")),
                "clean": Spec("clean", judge=_default_output("tree-delete", ".gem_rbs_collection")),
                "help": Spec("help"),
            },
        ),
        "prototype": Spec("prototype", effects="unknown"),  # `prototype runtime` requires and runs the code
        "test": Spec("test", effects="unknown"),  # runs a test command with runtime type checks
        "vendor annotate subtract": Spec("vendor", effects="unknown"),  # write signature files
        "help version": Spec("help", operands="text?"),
    },
    examples={
        "rbs validate": "",
        "rbs list --class": "",
        "rbs collection install": "network tree-write:.gem_rbs_collection",
        "rbs test": "unknown",
        "rbs --log-output ~/.bashrc list": "write:~/.bashrc",
    },
)

TYPEPROF = Spec(
    "typeprof",
    version="typeprof 0.21 (typeprof --help)",
    summary="infers RBS signatures by abstract interpretation (the code is not run)",
    options={
        "-h --help --version -q --quiet -v --verbose --show-errors --show-untyped --show-source-locations": "flag",
        "--show-indicator --no-show-indicator --debug": "flag",
        "-I --exclude-dir --include-dir --type-depth-limit --union-width-limit -r --repo": "val",
        "-o": "val:write",
        "--lsp --stackprof": "unknown",
    },
    operands="read*",
    examples={
        "typeprof app.rb": "read:app.rb",
        "typeprof -o sig/app.rbs app.rb": "read:app.rb write:sig/app.rbs",
    },
)

# ---------------------------------------------------------------- documentation

_YARDOC_OPTIONS = {
    "-h --help -v --version -q --quiet --verbose --debug --backtrace --legacy --safe": "flag",
    "--single-db --no-single-db -n --no-output --no-cache --no-yardopts --document --no-document": "flag",
    "--no-save --fail-on-warning --one-file --list --no-public --protected --private --no-private": "flag",
    "--embed-mixins --no-highlight --hide-void-return --no-stats --no-progress": "flag",
    "--exclude --api --no-api --hide-api --embed-mixin --default-return --query --title -m --markup": "val",
    "--charset -t --template -f --format --locale --tag --type-tag --type-name-tag --name-tag": "val",
    "--title-tag --hide-tag --transitive-tag --non-transitive-tag": "val",
    "-b --db": "val:tree-write",
    "-c --use-cache --yardopts": "val:read",  # [FILE]: OptionParser takes the next word
    "-r --readme --main --files --asset --po-dir": "val:read",
    "-o --output-dir": "val:tree-write",
    "-e --load --plugin -M --markup-provider": "val:load",
    "-p --template-path": "val:load",  # templates are ERB: Ruby code
}


def _yard_outputs(doc: bool):  # type: ignore[no-untyped-def]
    """yard parses into `.yardoc` (unless --no-save or -b) and `doc` writes ./doc (unless -o, -n, --list)."""

    def judge(walked: Walk, argv: list[str]) -> None:
        if _given(walked, ("-h", "--help", "-v", "--version")):
            return
        if not _given(walked, ("--no-save", "-b", "--db")):
            walked.effects.append(Effect("tree-write", ".yardoc", "default output"))
        if doc and not _given(walked, ("-o", "--output-dir", "-n", "--no-output", "--list")):
            walked.effects.append(Effect("tree-write", "doc", "default output"))

    return judge


_YARD_DOC = Spec(
    "doc",
    options=_YARDOC_OPTIONS,
    operands="read*",
    judge=_yard_outputs(True),
    examples={"yard doc lib": "read:lib tree-write:.yardoc tree-write:doc"},
)

YARD = Spec(
    "yard",
    version="yard 0.9.28",
    summary="documentation tool: doc/list/stats parse into .yardoc; server listens; config edits ~/.yard/config",
    options={"-h --help -v --version": "flag"},
    subcommand_required=True,
    subcommands={
        "doc": _YARD_DOC,
        "list stats": Spec(
            "stats",
            options={**_YARDOC_OPTIONS, "--list-undoc --compact": "flag"},
            operands="read*",
            judge=_yard_outputs(False),
        ),
        "display ri markups help": Spec("display", options={"-h --help": "flag"}, operands="text*"),
        "diff": Spec("diff", effects="network", operands="text*"),  # fetches the gems it compares
        "config": Spec("config", effects="config", operands="text*"),
        "graph i18n gems server": Spec("server", effects="unknown"),
    },
    examples={
        "yard list": "tree-write:.yardoc",
        "yard stats": "tree-write:.yardoc",
        "yard stats --no-save": "",
        "yard doc -e /tmp/evil.rb": "load:/tmp/evil.rb tree-write:.yardoc tree-write:doc",
        "yard server": "unknown",
        "yard config load_plugins true": "config",
    },
)

YARDOC = Spec(
    "yardoc",
    version="yard 0.9.28 (yardoc --help)",
    options=_YARDOC_OPTIONS,
    operands="read*",
    judge=_yard_outputs(True),
    examples={
        "yardoc": "tree-write:.yardoc tree-write:doc",
        "yardoc -o ~/.config/autostart lib": "read:lib tree-write:.yardoc tree-write:~/.config/autostart",
    },
)

RDOC = Spec(
    "rdoc",
    version="rdoc 6.4.0 (ruby 3.1)",
    summary="documentation generator: writes ./doc (or -o), -r/-R write ri data into ~/.rdoc or the site dir",
    options={
        "-h --help -v --version -a --all -U --force-update --no-force-update -p --pipe -O --force-output": "flag",
        "--coverage-report --no-coverage-report --dcov --no-dcov -A --hyperlink-all -N --line-numbers": "flag",
        "--no-line-numbers -H --show-hash --dry-run --no-dry-run -D --debug --no-debug --ignore-invalid": "flag",
        "--no-ignore-invalid -q --quiet -V --verbose -d": "flag",
        "-e --encoding --locale -x --exclude -E --extension -w --tab-width --visibility --markup -f --fmt": "val",
        "--format -c --charset -m --main -t --title -W --webcvs": "val",
        "-C": "opt",
        "--locale-data-dir --root --page-dir -i --include --template-stylesheets --copy-files": "val:read",
        "-T --template": "val:load",  # a template is Ruby (ERB) found by name
        "-o --output --op": "val:tree-write",
        "-r --ri": "flag:tree-write=~/.rdoc",
        "-R --ri-site": "unknown",  # the system-wide ri directory
        "--write-options": "flag:write=.rdoc_options",
        # Listed by `rdoc --help` as discontinued: accepted and ignored, or refused; not modelled.
        "--accessor --diagram --help-output --image-format --inline-source --merge --one-file": "unknown",
        "--op-name --opname --promiscuous --ri-system": "unknown",
    },
    operands="read*",
    judge=_default_output(
        "tree-write",
        "doc",
        (
            "-o",
            "--output",
            "--op",
            "-r",
            "--ri",
            "-R",
            "--ri-site",
            "-C",
            "--coverage-report",
            "--dcov",
            "--dry-run",
            "-p",
            "--pipe",
        ),
    ),
    examples={
        "rdoc lib": "read:lib tree-write:doc",
        "rdoc -o ~/.ssh lib": "read:lib tree-write:~/.ssh",
        "rdoc -C lib": "read:lib",
    },
)


def _asciidoctor_safe(walked: Walk) -> bool:
    """Is the safe mode one that keeps include:: inside the document's directory (safe, server, secure)?"""
    modes = _taken(walked, ("-S", "--safe-mode"))  # the strictest reading: any unsafe mode given is the mode
    safe = all(mode.lower() in ("safe", "server", "secure") for mode in modes)
    return safe and (bool(modes) or _given(walked, ("--safe",)))


def _asciidoctor_outputs(walked: Walk, argv: list[str]) -> None:
    """Without -o each input FILE.adoc is converted to FILE.html (docbook: FILE.xml) next to it or in -D.

    The command line's default safe mode is UNSAFE: the document's include:: directives read any
    file into the output, so the document decides what is read, like a script (judged by who wrote
    it). `--safe` / `-S safe|server|secure` keep includes inside the document's directory.
    """
    backends = _taken(walked, ("-b", "--backend"))
    if not _asciidoctor_safe(walked):
        walked.effects[:] = [
            Effect("script", e.value, e.origin)
            if e.kind == "read" and e.origin.startswith("operand") and e.value != "-"
            else e
            for e in walked.effects
        ]
    if _given(walked, ("-o", "--out-file", "-h", "--help", "-V", "--version")):
        return
    if _given(walked, ("-D", "--destination-dir")):
        return  # -D is its own tree-write effect
    backend = backends[-1] if backends else "html5"
    suffix = {
        "html5": ".html",
        "html": ".html",
        "xhtml5": ".html",
        "xhtml": ".html",
        "docbook5": ".xml",
        "docbook": ".xml",
    }
    for effect in list(walked.effects):
        if effect.kind not in ("read", "script") or not effect.origin.startswith("operand") or effect.value == "-":
            continue
        source = effect.value
        if backend in suffix:
            stem = source.rsplit(".", 1)[0] if "." in source.rsplit("/", 1)[-1] else source
            walked.effects.append(Effect("write", stem + suffix[backend], "output of " + source))
        else:
            folder = source.rsplit("/", 1)[0] if "/" in source else "."
            walked.effects.append(Effect("tree-write", folder, "output of " + source))


ASCIIDOCTOR = Spec(
    "asciidoctor",
    version="asciidoctor 2.0.18",
    summary="converts AsciiDoc: FILE.adoc -> FILE.html unless -o; in the default unsafe mode include:: reads any file",
    options={
        "-V --version -e --embedded --safe -s --no-header-footer -n --section-numbers -q --quiet": "flag",
        "--trace -v --verbose -w --warnings -t --timings": "flag",
        "-h --help": "opt",
        "-d --doctype --eruby -a --attribute --failure-level": "val",
        "-b --backend -S --safe-mode": "val:text",  # read by the judge (the output's suffix, the safe mode)
        "-o --out-file": "val:write",
        "-B --base-dir -R --source-dir": "val:tree-read",
        "-D --destination-dir": "val:tree-write",
        "-T --template-dir -I --load-path -r --require -E --template-engine": "val:load",
    },
    operands="read+",
    judge=_asciidoctor_outputs,
    examples={
        "asciidoctor README.adoc": "script:README.adoc write:README.html",
        "asciidoctor --safe README.adoc": "read:README.adoc write:README.html",
        "asciidoctor -S secure README.adoc": "read:README.adoc write:README.html",
        "asciidoctor -S safe -o - README.adoc": "read:README.adoc write:-",
        "asciidoctor -b docbook5 --safe docs/a.adoc": "read:docs/a.adoc write:docs/a.xml",
        "asciidoctor -r ./evil.rb README.adoc": "load:./evil.rb script:README.adoc write:README.html",
        "asciidoctor -o ~/.bashrc x.adoc": "script:x.adoc write:~/.bashrc",
    },
)

KRAMDOWN = Spec(
    "kramdown",
    version="kramdown 2.4.0",
    summary="converts Markdown to stdout; -x loads converter extensions, --template renders ERB (Ruby)",
    options={
        "-h --help -v --version": "flag",
        "-i --input -o --output": "val",  # parser and converter names, not files
        "-x --extension --template": "val:load",
        # Every kramdown option is also a --long-option (`kramdown --help` lists ~60): not modelled.
    },
    operands="read*",
    examples={
        "kramdown README.md": "read:README.md",
        "kramdown -o latex README.md": "read:README.md",
        "kramdown --template /tmp/x.erb README.md": "load:/tmp/x.erb read:README.md",
        "kramdown --auto-ids README.md": "read:README.md unknown",
    },
)

# ---------------------------------------------------------------- i18n

_I18N_READ = Spec(
    "missing",
    options={
        "-h --help -a --all-locales --keep-order": "flag",
        "-l --locales -b --base-locale -f --format -t --types -p --pattern -n --nostdin -v --value": "val",
        "-c --config": "val:read",
    },
    operands="text*",
)


def _i18n_writes(verb: str, extra: str = "") -> Spec:
    return Spec(
        verb,
        options={**_I18N_READ._raw_options, "-y --confirm --pattern_router": "flag", "--from --backend": "val"},
        operands="text*",
        effects=extra,
        # -v is --value here (i18n-tasks' own -v, its version, comes before the subcommand)
        judge=_default_output("tree-write", "config/locales", idle=("-h", "--help", "--version")),
    )


I18N_TASKS = Spec(
    "i18n-tasks",
    version="i18n-tasks 1.0 (i18n-tasks --help)",
    summary="i18n key checks: missing/unused/health read; normalize, add-missing, remove-unused, mv, rm edit config/locales",
    options={"-h --help -v --version": "flag"},
    subcommand_required=True,
    subcommands={
        "missing unused health find data eq-base check-normalized check-consistent-interpolations": _I18N_READ,
        "config gem-path tree-translate tree-merge tree-filter tree-rename-key tree-subtract tree-set-value": _I18N_READ,
        "tree-convert tree-mv tree-rm data-merge-base": _I18N_READ,
        "normalize add-missing remove-unused mv rm cp data-normalize data-remove data-merge data-write": _i18n_writes(
            "normalize"
        ),
        # Sends the base locale's texts to Google Translate, DeepL, Yandex or OpenAI.
        "translate-missing": _i18n_writes("translate-missing", "upload network"),
        "xlsx-report": Spec("xlsx-report", effects="unknown"),
        "irb": Spec("irb", effects="unknown"),
    },
    examples={
        "i18n-tasks missing": "",
        "i18n-tasks health": "",
        "i18n-tasks normalize": "tree-write:config/locales",
        "i18n-tasks remove-unused": "tree-write:config/locales",
        "i18n-tasks translate-missing": "upload network tree-write:config/locales",
        "i18n-tasks irb": "unknown",
    },
)

# ---------------------------------------------------------------- runners, debuggers, profilers, packaging

# rspec-core puts these on $LOAD_PATH before it requires anything (its `--default-path` and `-I lib`).
_RSPEC_LOAD_PATH = ("spec", "lib")


def _ruby_feature(walked: Walk, value: str, dirs: list[str]) -> str | None:
    """The file `require VALUE` loads: a path as written (`./x`, `/tmp/x.rb`, `~/x`), else the first
    `DIR/VALUE[.rb]` that exists on the load path; None for a name found on none of them (a gem or the
    standard library: `-r json`, `-r pry`, code that is installed, not written by the command line)."""
    if value.startswith(("/", "~", "./", "../")):
        return value
    name = value if value.endswith((".rb", ".so")) else value + ".rb"
    for directory in dirs:
        candidate = os.path.join(directory, name)
        if walked.cwd and os.path.isfile(os.path.join(walked.cwd, os.path.expanduser(candidate))):
            return candidate
    return None


def _rspec_loads(walked: Walk, argv: list[str]) -> None:
    """`-r NAME` loads the file the load path resolves NAME to (the -I directories first, then spec/ and lib/);
    -I, --default-path and absolute --pattern globs put code from elsewhere on it (see `_loads.code_places`)."""
    includes = [e.value for e in walked.effects if e.kind == "load" and e.origin in ("-I", "--default-path")]
    kept: list[Effect] = []
    for effect in walked.effects:
        if effect.kind == "load" and effect.origin in ("-r", "--require"):
            found = _ruby_feature(walked, effect.value, [*includes, *_RSPEC_LOAD_PATH])
            if found is not None:
                kept.append(Effect("load", found, effect.origin))
            continue
        if effect.kind == "text" and effect.origin in ("-P", "--pattern", "--exclude-pattern"):
            if effect.value.startswith(("/", "~")) or ".." in effect.value.split("/"):
                kept.append(Effect("load", effect.value, effect.origin))  # a glob of spec files elsewhere
            continue
        kept.append(effect)
    walked.effects[:] = kept


RSPEC = Spec(
    "rspec",
    version="rspec-core 3.13 (rspec --help)",
    summary=(
        "runs the project's spec files; -r/--require, -I, -O/--options, --default-path and spec files outside "
        "the directory it runs in load code from elsewhere (load); -o writes its report; --drb is not modelled"
    ),
    options={
        **_HV,
        "--init --dry-run -b --backtrace -w --warnings --only-failures --next-failure --no-drb": "flag",
        "-c --color --colour --force-color --force-colour --no-color --no-colour": "flag",
        "--fail-fast --no-fail-fast --bisect -p --profile --no-profile": "opt",
        "--order --seed --failure-exit-code --error-exit-code --drb-port -e --example -E --example-matches": "val",
        "-t --tag -f --format": "val",
        "-P --pattern --exclude-pattern": "val:text",
        "-I --default-path": "val:load",
        "-r --require -O --options": "val:load",
        "-o --out --deprecation-out": "val:write",
        "-X --drb": "unknown",  # runs the examples in a DRb server, which may be another process's code
    },
    operands="read*",
    judge=code_places(("-I", "--default-path"), operands=True, then=_rspec_loads),
    examples={
        "rspec": "",
        "rspec spec/models/user_spec.rb:12": "read:spec/models/user_spec.rb:12",
        "rspec --tag focus -f documentation spec/": "read:spec/",
        "rspec --require spec_helper": "",
        "rspec -r /tmp/evil.rb": "load:/tmp/evil.rb",
        "rspec --require=./evil.rb": "load:./evil.rb",
        "rspec -r~/x.rb": "load:~/x.rb",
        "rspec -I /tmp -r evil": "load:/tmp",
        "rspec -I lib spec": "read:spec",
        "rspec -O /tmp/opts": "load:/tmp/opts",
        "rspec --default-path /tmp/specs": "load:/tmp/specs",
        "rspec -P '/tmp/**/*_spec.rb'": "load:/tmp/**/*_spec.rb",
        "rspec /tmp/evil_spec.rb": "read:/tmp/evil_spec.rb load:/tmp/evil_spec.rb",
        "rspec -f json -o ~/.bashrc": "write:~/.bashrc",
        "rspec --drb": "unknown",
    },
)


CUCUMBER = Spec(
    "cucumber",
    version="cucumber 2.4.0",
    summary="runs the project's features and step definitions (project code, like rspec)",
    options={
        "-h --help --version --fail-fast --init -P --no-profile -c --color --no-color -d --dry-run": "flag",
        "-m --no-multiline -s --no-source -i --no-snippets -q --quiet --no-duration -b --backtrace": "flag",
        "-S --strict -w --wip -v --verbose -g --guess -x --expand": "flag",
        "--i18n -f --format -t --tags -n --name -e --exclude -p --profile --retry -I --snippet-type": "val",
        "-l --lines --order": "val",
        "-r --require": "val:load",
        "-o --out": "val:write",
    },
    operands="read*",
    # `-r DIR` requires every Ruby file under DIR, and a feature file's directory holds the step definitions
    # cucumber loads with it: the project's when they stay in the command's directory.
    judge=code_places(("-r", "--require"), operands=True),
    examples={
        "cucumber": "",
        "cucumber features/login.feature": "read:features/login.feature",
        "cucumber -r features": "",
        "cucumber -r /tmp/steps.rb": "load:/tmp/steps.rb",
        "cucumber -r ../../tmp/steps": "load:../../tmp/steps",
        "cucumber /tmp/evil/x.feature": "read:/tmp/evil/x.feature load:/tmp/evil/x.feature",
        "cucumber -f html -o ~/.bashrc": "write:~/.bashrc",
    },
)


def _pry_session(walked: Walk, argv: list[str]) -> None:
    """Without a script, -e or an info option, pry is an interactive session fed from stdin."""
    if any(e.kind in ("script", "code:ruby") for e in walked.effects) or _given(
        walked, ("-h", "--help", "-v", "--version")
    ):
        return
    walked.unknown.append("an interactive pry session runs whatever stdin holds: not modelled")


PRY = Spec(
    "pry",
    version="pry 0.14 (pry --help)",
    summary="Ruby REPL: a session reads code from stdin (not modelled); a file operand is a script",
    options={
        "-h --help -v --version -f --no-pager --no-history --no-color --simple-prompt --noprompt": "flag",
        "-e --exec": "val:code:ruby",
        "-r --require -I": "val:load",
        "-c --context": "unknown",
        "-s --select-plugin -d --disable-plugin --plugins --installed-plugins": "unknown",
    },
    operands="script text*",
    posix=True,
    judge=_pry_session,
    examples={
        "pry --version": "",
        "pry script.rb": "script:script.rb",
        "pry": "unknown",
        "pry -r ./evil.rb": "load:./evil.rb unknown",
    },
)

BYEBUG = Spec(
    "byebug",
    version="byebug 11.1.3",
    summary="Ruby debugger: runs the script operand (and debugger commands from stdin)",
    options={
        "-h --help -v --version -d --debug -m --post-mortem --no-post-mortem -q --quit --no-quit": "flag",
        "-s --stop --no-stop -t --trace --no-trace": "flag",
        "-x --rc --no-rc": "flag",  # ./.byebugrc is read as debugger commands
        "-I --include -r --require": "val:load",
        "-R --remote": "val:unknown",  # a remote-debug server on a port
    },
    operands="script text*",
    posix=True,
    examples={
        "byebug --version": "",
        "byebug script.rb": "script:script.rb",
        "byebug -R 8989 x.rb": "unknown script:x.rb",
    },
)

STACKPROF = Spec(
    "stackprof",
    version="stackprof 0.2.21",
    summary="prints reports of profile dumps; --flamegraph-viewer opens a browser",
    options={
        "-h --help --text --json --files --sort-total --walk --callgrind --graphviz --stackcollapse": "flag",
        "--timeline-flamegraph --alphabetical-flamegraph --flamegraph --d3-flamegraph --dump --debug": "flag",
        "--limit --method --file --node-fraction": "val",  # optional values: OptionParser takes the next word
        "--select-files --reject-files --select-names --reject-names": "val",
        "--flamegraph-viewer": "unknown",
    },
    operands="read+",
    examples={
        "stackprof tmp/profile.dump": "read:tmp/profile.dump",
        "stackprof --text --limit 5 a.dump": "read:a.dump",
    },
)


def _appraisal_name(walked: Walk, argv: list[str]) -> None:
    """`appraisal NAME CMD...`: a NAME that is not an appraisal makes appraisal run `NAME CMD...` itself."""
    words = [w for w in argv[1:] if not w.startswith("-")]
    name = words[0] if words else ""
    if not walked.rest:
        walked.unknown.append(f"appraisal {name} without a command is not modelled")
        return
    from hookward.policy.specs import lookup

    if "/" in name or not any(c.isdigit() for c in name) or lookup(name) is not None or shutil.which(name) is not None:
        walked.unknown.append(f"appraisal {name!r} may be a program rather than an appraisal name: not modelled")


def _default_install(walked: Walk, argv: list[str]) -> None:
    """A bare `appraisal` is `appraisal install`: not modelled as such, so it asks."""
    if not _given(walked, ("-h", "--help", "-v", "--version")):
        walked.unknown.append("appraisal without a command (= install) is not modelled")


APPRAISAL = Spec(
    "appraisal",
    version="appraisal 2.5.0 (lib/appraisal/cli.rb)",
    summary="runs a command under each appraisal's Gemfile; install/update resolve gems from the network",
    options={"-h --help -v --version": "flag"},
    long_prefix=False,
    judge=_default_install,
    subcommands={
        "install": Spec(
            "install",
            options={"-j --jobs --retry --without --path": "val", "--full-index": "flag"},
            effects="network",
            judge=_default_output("tree-write", "gemfiles"),
        ),
        "update": Spec("update", operands="text*", effects="network", judge=_default_output("tree-write", "gemfiles")),
        "generate": Spec("generate", options={"--travis": "flag"}, judge=_default_output("tree-write", "gemfiles")),
        "clean": Spec("clean", judge=_default_output("tree-delete", "gemfiles")),
        "list version": Spec("list"),
        "help": Spec("help", operands="text?"),
        "*": Spec("NAME", operands="argv", judge=_appraisal_name),
    },
    examples={
        "appraisal list": "",
        "appraisal --help": "",
        "appraisal": "unknown",
        "appraisal list foo": "unknown",
        "appraisal install": "network tree-write:gemfiles",
        "appraisal rails-7-1 rspec": "runs:rspec",
        "appraisal rails-7-1": "unknown",
        "appraisal rm README.md": "runs:README.md unknown",
        "appraisal python3 x.py": "runs:x.py unknown",
    },
)


def _fpm_installer(walked: Walk, argv: list[str]) -> None:
    """fpm -s gem/npm/python/cpan installs the package with that ecosystem's installer: its build scripts run."""
    for effect in walked.effects:
        if effect.kind == "network" and effect.origin in ("-s", "--input-type"):
            walked.unknown.append(
                f"fpm -s {effect.value} runs the {effect.value} installer (build scripts run): not modelled"
            )


FPM = Spec(
    "fpm",
    version="fpm 1.15 (fpm --help)",
    summary="builds packages from files; -s gem/npm/python/cpan fetch the source package from the network",
    options={
        "-h --help --verbose --debug --debug-workspace -f --force": "flag",
        "--log": "val",
        "-v --version -t --output-type -n --name --iteration --epoch --license --vendor --category": "val",
        "-d --depends --no-depends --no-auto-depends --provides --conflicts --replaces --config-files": "val",
        "--directories -a --architecture -m --maintainer -x --exclude --description --url --prefix": "val",
        "--source-date-epoch-from-changelog --source-date-epoch-default --fpm-options-file": "unknown",
        "-s --input-type": "val:network?gem|npm|python|virtualenv|cpan|pear|pleaserun",
        "-p --package": "val:write",
        "-C --chdir": "val:cd",
        "--inputs --exclude-file": "val:read",
        "--workdir": "val:tree-write",
        # Scripts packed into the package (run later, on the machine that installs it):
        "--after-install --before-install --after-remove --before-remove --after-upgrade --before-upgrade": "val:read",
        "--template-scripts --template-value": "unknown",  # scripts rendered as ERB: Ruby runs now
        "-e --edit": "unknown",  # opens $EDITOR on the spec
    },
    operands="read*",
    judge=_fpm_installer,
    examples={
        "fpm -s dir -t deb -n mypkg lib/": "read:lib/",
        "fpm -s gem -t deb rails": "network:gem read:rails unknown",
        "fpm -s dir -t deb -n x -p ~/.local/bin/x lib/": "write:~/.local/bin/x read:lib/",
    },
)

SPECS = [
    STANDARDRB,
    HAML_LINT,
    SLIM_LINT,
    ERB_LINT,
    HERB,
    STREE,
    RUFO,
    BRAKEMAN,
    REEK,
    FLAY,
    FLOG,
    FASTERER,
    DEBRIDE,
    RUBYCRITIC,
    BUNDLER_AUDIT,
    RUBY_AUDIT,
    DAWN,
    PACKWERK,
    SRB,
    STEEP,
    RBS,
    TYPEPROF,
    YARD,
    YARDOC,
    RDOC,
    ASCIIDOCTOR,
    KRAMDOWN,
    I18N_TASKS,
    RSPEC,
    CUCUMBER,
    PRY,
    BYEBUG,
    STACKPROF,
    APPRAISAL,
    FPM,
]
