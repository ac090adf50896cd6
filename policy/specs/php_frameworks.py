"""PHP's project CLIs, reached through `php`: Laravel's `php artisan` and Statamic's `php please`.

`artisan` / `please` is a PHP file at the project's root that boots the framework and runs one of
its console commands: the project's own runner, like `make` or `npm run`. The file is the runner's
definition and is judged by provenance like a Makefile (engine RUNNER_DEFINITIONS "artisan"); this
module says what each command does. Reading and cache-clearing commands, the test runner and the
`make:*` generators (which write new source files into the project) pass; commands that change the
database, the application's state or its key, serve it or open a REPL ask; a command not listed here
(a project's own command, a package's) asks, since hookward does not read what it runs.

Both CLIs are Symfony Console applications (Laravel 11 / Statamic 5): options may come anywhere
(before or after arguments), long options are never abbreviated, short flags bundle (`-vvv`), and a
value follows `=` or is the next word. Command names may be abbreviated by Symfony (`mi:f`): only
exact names are known here, an abbreviation asks.

`php -d KEY=VALUE` sets an INI directive: the keys below change limits or error display only; any
other key may load code or run commands (auto_prepend_file, extension, sendmail_path, opcache.preload,
include_path ...) and is judged as loading code, naming its value.

Reference versions: Laravel Framework 11.x (`php artisan list`), Statamic 5.x (`php please list`),
PHP 8.2.26 (`php --help`, php.ini directives).
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Spec, Walk

# INI directives that change limits, error reporting or formatting only (php.ini reference).
HARMLESS_INI = frozenset(
    """
    memory_limit max_execution_time max_input_time max_input_vars max_input_nesting_level
    display_errors display_startup_errors error_reporting html_errors log_errors report_memleaks
    ignore_repeated_errors ignore_repeated_source xmlrpc_errors docref_root docref_ext
    date.timezone default_charset precision serialize_precision short_open_tag output_buffering
    implicit_flush zend.assertions assert.active assert.exception assert.warning
    opcache.enable opcache.enable_cli opcache.jit opcache.jit_buffer_size opcache.validate_timestamps
    pcre.jit pcre.backtrack_limit pcre.recursion_limit realpath_cache_size realpath_cache_ttl
    post_max_size upload_max_filesize max_file_uploads default_socket_timeout
    variables_order request_order register_argc_argv auto_globals_jit zend.enable_gc
    phar.readonly xdebug.mode=off xdebug.mode=coverage mbstring.language mbstring.internal_encoding
    intl.default_locale
    """.split()
)
# Options of `php` that take a value (the script is the first word that is neither an option nor a value).
_PHP_VALUED = frozenset("-r -B -R -E -f -F -d -c -z -S -t --run --process-begin --process-code".split())
_PHP_VALUED |= frozenset(
    "--process-end --file --process-file --define --php-ini --zend-extension --server --docroot".split()
)
_PHP_VALUED |= frozenset(
    "--rf --rfunction --rc --rclass --re --rextension --rz --rzendextension --ri --rextinfo".split()
)
# Options after which php prints something about itself and exits without running code.
PHP_INFO = frozenset(
    "-v --version -h --help -m --modules --ini -l --syntax-check --rf --rfunction --rc --rclass --re --rextension "
    "--rz --rzendextension --ri --rextinfo".split()
)
PROJECT_CLIS = ("artisan", "please")


def ini_effect(setting: str) -> Effect | None:
    """What `-d setting` does: nothing for a listed harmless key, else loading code (the path if it names one)."""
    key, _, value = setting.partition("=")
    key = key.strip().lower()
    if key in HARMLESS_INI or f"{key}={value.strip().lower()}" in HARMLESS_INI:
        return None
    return Effect("load", value if value.startswith(("/", "~", ".")) else setting, "-d")


def script_index(argv: list[str]) -> int | None:
    """Where php's script operand is in argv (php is posix: options end at it), or None."""
    i = 1
    while i < len(argv):
        word = argv[i]
        if word == "--":
            return i + 1 if i + 1 < len(argv) else None
        if word == "-" or not word.startswith("-"):
            return i
        if word.startswith("--"):
            if "=" not in word and word in _PHP_VALUED:
                i += 1
        else:
            for j, letter in enumerate(word[1:], 2):
                if "-" + letter in _PHP_VALUED:
                    if j == len(word):
                        i += 1  # the value is the next word
                    break
        i += 1
    return None


def project_cli(argv: list[str]) -> tuple[str, int] | None:
    """(`artisan` or `please`, its index in argv) when php runs a framework's CLI file (`php artisan`,
    `php ../site/please`): the file is then a runner definition, judged by provenance where it is."""
    index = script_index(argv)
    if index is None:
        return None
    name = argv[index].rsplit("/", 1)[-1]
    return (name, index) if name in PROJECT_CLIS else None


def judge_php(walk: Walk, argv: list[str]) -> None:
    """`-d` INI settings by their key; `php artisan ...` / `php please ...` by the framework command's spec."""
    kept: list[Effect] = []
    for effect in walk.effects:
        if effect.kind == "load" and effect.origin in ("-d", "--define"):
            judged = ini_effect(effect.value)
            if judged is not None:
                kept.append(judged)
            continue
        kept.append(effect)
    walk.effects = kept
    found = project_cli(argv)
    if found is None:
        return
    name, index = found
    walk.effects = [e for e in walk.effects if not (e.kind == "script" and e.origin == "operand 1")]
    from hookward.policy.spec import walk as walk_spec

    inner = walk_spec(ARTISAN if name == "artisan" else PLEASE, [name, *argv[index + 1 :]], walk.cwd)
    walk.spec = inner.spec
    walk.effects.extend(inner.effects)
    walk.unknown.extend(inner.unknown)
    walk.rest = inner.rest


# --- the commands ---------------------------------------------------------------------------------

_GLOBALS = {
    "-h --help -q --quiet --silent -V --version --ansi --no-ansi -n --no-interaction -v --verbose": "flag",
    "--env": "val",
}


def _cmd(name: str, options: dict[str, str] | None = None, operands: str = "", effects: str = "") -> Spec:
    return Spec(name, options=options or {}, operands=operands, effects=effects, long_prefix=False)


def _each(words: str, options: dict[str, str] | None = None, operands: str = "", effects: str = "") -> dict[str, Spec]:
    return {word: _cmd(word, options, operands, effects) for word in words.split()}


_JSON = {"--json": "flag"}
_DB = {"--database": "val", "--json": "flag"}
# Options of the make:* generators (Laravel 11 and Statamic 5): they write new files into the project.
_MAKE_OPTIONS = {
    "--force --test --pest --phpunit -m --migration -c --controller --factory -s --seed --policy -r --resource": "flag",
    "--api -R --requests -a --all -p --pivot --morph-pivot --invokable -i --singleton --creatable --queued": "flag",
    "--sync --unit -u --inline --enum --json --render --report --squash --class -f": "flag",
    "--model --parent --type --create --table --path --event --markdown --view --realpath --fullpath": "val",
}
# Laravel's `test` passes options it does not know to PHPUnit or Pest: the ones listed here are known.
_TEST_OPTIONS = {
    "--without-tty --compact --coverage -p --parallel --profile --recreate-databases --drop-databases": "flag",
    "--without-databases --stop-on-failure --stop-on-error --stop-on-defect --fail-on-warning --testdox": "flag",
    "--list-tests --list-groups --list-suites --no-coverage --do-not-cache-result --bail --ci --dirty": "flag",
    "--display-deprecations --display-warnings --display-notices --display-errors --display-incomplete": "flag",
    "--display-skipped --no-configuration --debug --random-order --todos": "flag",
    "--colors": "opt",
    "--filter --testsuite --group --exclude-group --covers --uses --min --processes --retry --random-order-seed --order-by": "val",
    "-c --configuration --bootstrap": "val:load",
    "--coverage-html --coverage-xml --coverage-php-dir --cache-directory": "val:tree-write",
    "--coverage-clover --coverage-cobertura --coverage-crap4j --coverage-php --log-junit --log-teamcity": "val:write",
    "--testdox-html --testdox-text --log-events-text": "val:write",
}

# Options of the commands that change the database or the application (they ask whatever the options say).
_STATE = {
    "--force --seed --step --pretend --graceful --isolated --realpath --drop-views --drop-types": "flag",
    "--database --path --seeder --class --schema-path --secret --render --redirect --retry --refresh": "val",
    "--show --cipher": "flag",
}


def _laravel() -> dict[str, Spec]:
    """Laravel's commands (fresh objects for each CLI: a spec knows its one parent)."""
    return {
        **_each("about", {"--only": "val", "--json": "flag"}),
        **_each("list", {"--raw --short": "flag", "--format": "val"}, "text?"),
        **_each("help", {"--raw": "flag", "--format": "val"}, "text?"),
        **_each("completion", {"--debug": "flag"}, "text?"),
        **_each("env inspire channel:list clear-compiled package:discover"),
        **_each("config:clear route:clear view:clear event:clear optimize:clear schedule:clear-cache"),
        **_each("config:cache route:cache view:cache event:cache optimize"),
        **_each("cache:clear", {"--tags --store": "val"}, "text?"),
        **_each("config:show", {}, "text"),
        **_each(
            "route:list",
            {
                "--json -r --reverse --except-vendor --only-vendor": "flag",
                "--method --action --name --domain --path --except-path --sort": "val",
            },
        ),
        **_each("event:list", {"--event": "val", "--json": "flag"}),
        **_each("schedule:list", {"--timezone": "val", "--next --json": "flag"}),
        **_each("queue:failed queue:monitor", {"--max": "val"}, "text?"),
        **_each("db:show", {**_DB, "--counts --views --types": "flag"}),
        **_each("db:table", _DB, "text?"),
        **_each("db:monitor", {"--databases --max": "val"}),
        **_each("migrate:status", {"--database --path": "val", "--pending --realpath": "flag"}),
        **_each("model:show", _DB, "text"),
        "make:*": _cmd("make:*", _MAKE_OPTIONS, "text text?"),
        "test": _cmd("test", _TEST_OPTIONS, "script*"),
        # The database, the application's state and its key: a person should confirm.
        **_each("migrate migrate:rollback migrate:install db:seed down up key:generate", _STATE, "text*", "destroy"),
        **_each("migrate:fresh migrate:refresh migrate:reset db:wipe", _STATE, "text*", "destroy@force_ask"),
        **_each(
            "queue:clear queue:flush queue:forget queue:prune-failed queue:prune-batches model:prune",
            {},
            "text*",
            "destroy",
        ),
        **_each("cache:forget cache:prune-stale-tags storage:unlink schema:dump", {}, "text*", "destroy"),
        "tinker": Spec(
            "tinker", options={"--execute": "val:code:php"}, operands="text*", effects="unknown", long_prefix=False
        ),
        # Serving the application, running queued or scheduled jobs, a database shell: not modelled.
        **_each(
            "serve db queue:work queue:listen queue:retry schedule:run schedule:work schedule:test",
            {},
            "text*",
            "unknown",
        ),
    }


_STATAMIC: dict[str, Spec] = {
    **_each("addons:discover assets:clear-cache glide:clear stache:clear stache:doctor stache:refresh stache:warm"),
    **_each("static:clear flat:camp nocache:migration"),
    **_each("assets:generate-presets", {"--excluded-containers": "val", "--queue": "flag"}),
    **_each("assets:meta", {}, "text?"),
    **_each("assets:meta-clean", {"--dry-run": "flag"}, "text?"),
    **_each("auth:migration", {"--path": "val"}),
    **_each("search:insert", {}, "text?"),
    **_each("search:update", {"--all": "flag"}, "text?"),
    **_each("setup-cp-vite", {"--only-necessary": "flag"}),
    # Writes the starter kit's files to the directory named; --clear empties it first.
    **_each("starter-kit:export", {"--clear": "flag>tree-delete"}, "tree-write"),
    **_each("starter-kit:init", {"--name": "val", "--updatable --force": "flag"}, "text?"),
    **_each("static:recache-token", {"--raw": "flag"}),
    # Requests every page of the site (its own URLs) to fill the static cache.
    **_each(
        "static:warm",
        {"--queue --uncached --insecure": "flag", "--max-depth --max-requests --include --exclude": "val"},
    ),
    **_each("support:details", {"--json": "flag", "--only": "val"}),
    **_each("support:zip-blueprint", {}, "text"),
    **_each("updates:run multisite", {}, "text*", "destroy"),
}

ARTISAN = Spec(
    "php artisan",
    version="Laravel Framework 11.x (php artisan list)",
    options=_GLOBALS,
    subcommands=_laravel(),
    globals_anywhere=True,
    long_prefix=False,
)
PLEASE = Spec(
    "php please",
    version="Statamic 5.x (php please list)",
    options=_GLOBALS,
    subcommands={**_laravel(), **_STATAMIC},
    globals_anywhere=True,
    long_prefix=False,
)


def interpreter_reason(args: list[str]) -> str | None:
    """Why `php ARGS` runs code its spec does not show (standard input, a REPL, a server); None when the
    spec's effects say what runs (a script, inline code, the project's CLI) or php only describes itself."""
    from hookward.policy import specs
    from hookward.policy.spec import walk as walk_spec

    spec = specs.lookup("php")
    if spec is None:
        return "php runs a program hookward does not read"
    walked = walk_spec(spec, ["php", *args])
    kinds = {effect.kind for effect in walked.effects}
    if "network" in kinds:
        return "php -S serves the directory and runs its PHP files on every request"
    if walked.spec is not spec or kinds & {"script", "code:php", "env"}:
        return None
    if any(arg in PHP_INFO or arg.split("=", 1)[0] in PHP_INFO for arg in args):
        return None
    return "php runs a program from standard input or interactively"
