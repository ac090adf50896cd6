"""Interpreters: the code they run comes from an argument (`code:LANG`), a script file (`script`),
a module or library they load (`load`), or standard input.

These specs agree with the shell analysis (policy/shell.py `_inline_code`, which also catches
code piped in) and with floors.interpreter_demand (scripts, `python -m` and its allow-list of
modules, stdin): inline code goes to floors.inline_code_demand, which passes only code whose
syntax tree is plainly harmless. Options end at the script or module name (everything after it
is the program's own argv), so the specs are posix.

Reference versions: Python 3.11.2, Node.js 18.19 / 22, Deno 2.1, Ruby 3.1.2, Perl 5.36.0,
PHP 8.2.26, Lua 5.4.4, R 4.2.2, Julia 1.10, jshell 17, GNU dc/bc 1.07.1, Expect 5.45.4,
osascript (macOS 14), PowerShell 7.4 (Debian bookworm versions where Debian packages them).
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Opt, Spec, Walk

_H = {"-h --help": "flag"}


def _code(language: str, operands: str | None = None) -> Opt:
    return Opt(True, f"code:{language}", operands=operands)


# `python -m MODULE FILE...` for the listed modules that hookward lets run (floors.SAFE_PYTHON_MODULES): what
# they do with their file operands. json.tool prints its input and writes its second operand; the others print
# or compile what they read; pydoc imports (runs) a file it is handed to document it.
_MODULE_READS = frozenset({"json.tool", "tokenize", "dis", "ast", "tabnanny", "pyclbr", "pickletools"})


# `python -m TOOL ARGS` is the tool run with ARGS (`python -m pytest --basetemp=DIR` empties DIR as `pytest` does):
# a module that is also a program with a spec of its own is judged by that spec, as the command it is.
_MODULE_PROGRAMS = frozenset(
    {
        "pytest",
        "mypy",
        "black",
        "ruff",
        "isort",
        "flake8",
        "pylint",
        "coverage",
        "tox",
        "nox",
        "pyright",
        "pip",
        "pip3",
        "uv",
        "pipx",
        "poetry",
        "pre_commit",
        "twine",
        "virtualenv",
        "pdm",
        "hatch",
        "flit",
        "jupyter",
        "mkdocs",
        "sphinx",
        "nbconvert",
        # Python web and data tools (policy/specs/pytools.py).
        "uvicorn",
        "gunicorn",
        "flask",
        "celery",
        "alembic",
        "streamlit",
        "locust",
        "django",
        "IPython",
    }
)
# A module whose program has another name: `python -m django` is django-admin, `python -m sphinx` sphinx-build.
_MODULE_PROGRAM_NAMES = {"django": "django-admin", "IPython": "ipython", "sphinx": "sphinx-build"}


def _django_manage(result: Walk, argv: list[str]) -> None:
    """`python manage.py CMD ARGS` is Django's management command CMD, as `django-admin CMD ARGS` (with the
    project's settings): the django-admin spec judges it (flush destroys, diffsettings prints the secret key, a
    shell is interactive), while the script's provenance still judges manage.py itself."""
    script = next((e for e in result.effects if e.kind == "script" and e.origin == "operand 1"), None)
    if script is None or script.value.rsplit("/", 1)[-1] != "manage.py":
        return
    at = next((i for i, word in enumerate(argv) if i and word == script.value), None)
    if at is not None:
        result.rest = ["django-admin", *argv[at + 1 :]]


def _python_module_files(result: Walk, argv: list[str]) -> None:
    if "-m" not in argv[1:]:
        _django_manage(result, argv)
        return
    at = argv.index("-m", 1)
    module, rest = (argv[at + 1] if at + 1 < len(argv) else ""), argv[at + 2 :]
    files = [word for word in rest if not word.startswith("-")]
    if module in _MODULE_PROGRAMS:
        from hookward.policy import specs

        program = _MODULE_PROGRAM_NAMES.get(module, module.replace("_", "-"))
        if specs.lookup(program) is not None:
            result.rest = [program, *rest]
        return
    if module in ("py_compile", "compileall"):
        # A syntax error prints the offending line of the file it compiles: what they compile is read.
        valued = {"-d", "-e", "-i", "-j", "-o", "-p", "-r", "-s", "-x", "--invalidation-mode"}
        for i, word in enumerate(rest):
            if not word.startswith("-") and not (i and rest[i - 1] in valued) and word != "-":
                result.effects.append(Effect("tree-read", word, f"python -m {module} compiles it"))
        return
    if module == "zipapp":
        # zipapp SOURCE -o TARGET: the archive (a runnable program with a #! line, -p) is written at TARGET.
        for i, word in enumerate(rest):
            if word in ("-o", "--output") and i + 1 < len(rest):
                result.effects.append(Effect("write", rest[i + 1], "python -m zipapp -o"))
            elif word.startswith("--output="):
                result.effects.append(Effect("write", word.split("=", 1)[1], "python -m zipapp --output"))
            elif not word.startswith("-") and not (
                i and rest[i - 1] in ("-o", "--output", "-p", "--python", "-m", "--main")
            ):
                result.effects.append(Effect("tree-read", word, "python -m zipapp source"))
        return
    if module == "ensurepip":
        # pip is installed under --root DIR, or with --user into ~/.local (its bin/ comes first on PATH).
        for i, word in enumerate(rest):
            if word == "--root" and i + 1 < len(rest):
                result.effects.append(Effect("tree-write", rest[i + 1], "python -m ensurepip --root"))
            elif word.startswith("--root="):
                result.effects.append(Effect("tree-write", word.split("=", 1)[1], "python -m ensurepip --root"))
            elif word == "--user":
                result.effects.append(Effect("config", "", "python -m ensurepip --user installs pip into ~/.local"))
        return
    if module in _MODULE_READS:
        for n, name in enumerate(files):
            kind = "write" if module == "json.tool" and n == 1 else "read"
            result.effects.append(Effect(kind, name, f"python -m {module} operand"))
    elif module == "pydoc":
        for name in files:
            if "/" in name or name.endswith(".py"):
                result.effects.append(Effect("script", name, "python -m pydoc imports the file to document it"))
        if any(word in ("-p", "-b", "-w") or word.startswith("-p") for word in rest):
            result.effects.append(Effect("unknown", "", "python -m pydoc -p/-b/-w (a server, or files written)"))
    elif module == "venv":
        # Each DIR is created (bin/python, bin/activate, bin/pip: ~/.local as DIR puts them first on PATH);
        # --clear first deletes everything already in it.
        clearing = "--clear" in rest
        for name in files:
            result.effects.append(Effect("tree-write", name, "python -m venv"))
            if clearing:
                result.effects.append(Effect("tree-delete", name, "python -m venv --clear"))
    elif module == "unittest":
        # unittest imports (runs) the test files it is handed, and every test module under a discovery start
        # or top-level directory: a file is judged as a script, a directory that may lie elsewhere as code loaded.
        valued = {"-s", "--start-directory", "-t", "--top-level-directory", "-p", "--pattern", "-k"}
        directories = [rest[i + 1] for i, word in enumerate(rest[:-1]) if word in ("-s", "--start-directory", "-t")]
        directories += [rest[i + 1] for i, word in enumerate(rest[:-1]) if word == "--top-level-directory"]
        directories += [
            w.split("=", 1)[1] for w in rest if w.startswith(("--start-directory=", "--top-level-directory="))
        ]
        positional = [w for i, w in enumerate(rest) if not w.startswith("-") and (i == 0 or rest[i - 1] not in valued)]
        if positional[:1] == ["discover"]:
            directories += positional[1:2] + positional[3:4]  # discover [START [PATTERN [TOP]]]
        else:
            for name in positional:
                if name.endswith(".py") or "/" in name:
                    result.effects.append(Effect("script", name, "python -m unittest imports the test file"))
        for directory in directories:
            if directory.startswith(("/", "~")) or ".." in directory.split("/"):
                result.effects.append(Effect("load", directory, "python -m unittest imports the tests under it"))


def _python() -> Spec:
    return Spec(
        "python",
        version="Python 3.11.2",
        aliases=(
            "python3",
            "python2",
            "python2.7",
            *(f"python3.{minor}" for minor in range(6, 15)),
            "pypy",
            "pypy3",
        ),
        summary="-m runs a module (floors.SAFE_PYTHON_MODULES lists the ones that are routine)",
        options={
            **_H,
            "-V --version -b -B -d -E -I -O -P -q -s -S -u -v -x --help-env --help-xoptions --help-all": "flag",
            # -i: after -c CODE or the script, statements are read from standard input and run.
            "-i": "flag:script=-",
            "-W -X --check-hash-based-pycs": "val",
            "-c": _code("python", "text*"),
            "-m": "flag>text*",
        },
        operands="script text*",
        posix=True,
        needs=0,  # `python -c` without its code: "Argument expected for the -c option", and nothing runs
        judge=_python_module_files,
        examples={
            "python3 -c 'print(1+1)'": "code:python:print(1+1)",
            "python3 -m json.tool ~/.docker/config.json": "read:~/.docker/config.json",
            "python3 -m json.tool in.json ~/.bashrc": "read:in.json write:~/.bashrc",
            "python3 -m pydoc /tmp/evil.py": "script:/tmp/evil.py",
            "python3 -m pytest": "runs:pytest",
            "python3 -m mypy": "runs:mypy",
            "python3 -m pre_commit": "runs:pre-commit",
            "python3 -m py_compile ~/.ssh/id_rsa": "tree-read:~/.ssh/id_rsa",
            "python3 -m compileall -q src": "tree-read:src",
            "python3 -m zipapp src -o ~/.local/bin/git": "tree-read:src write:~/.local/bin/git",
            "python3 -m ensurepip --root /tmp/r": "tree-write:/tmp/r",
            "python3 -m ensurepip --user": "config",
            "python3 -m timeit -s 'import os' 'os.system(1)'": "",
            "python3 -i -c 'print(1)'": "script:- code:python:print(1)",
            "python3 x.py --flag": "script:x.py",
            "python3 -I -u /tmp/x.py": "script:/tmp/x.py",
            "python3 --version": "",
            "python3 -c": "",
            "python3 -W": "",
            "python3 x.py -c": "script:x.py",
            "python3.11 -m http.server": "",
            "python3 manage.py": "script:manage.py runs:django-admin",
        },
    )


def _node(name: str) -> Spec:
    return Spec(
        name,
        version="Node.js 18.19.0",
        aliases=("nodejs",) if name == "node" else (),
        options={
            **_H,
            "-v --version -c --check --test --watch --no-warnings --enable-source-maps": "flag",
            # -i: the REPL reads standard input and runs it, also after -e CODE.
            "-i --interactive": "flag:script=-",
            "--trace-warnings --no-deprecation --experimental-vm-modules --experimental-strip-types": "flag",
            "--test-only --abort-on-uncaught-exception --preserve-symlinks --pending-deprecation": "flag",
            "--max-old-space-size --stack-trace-limit --title --input-type -C --conditions": "val",
            "--test-reporter --test-name-pattern --test-reporter-destination --unhandled-rejections": "val",
            "-e --eval -p --print": _code("node", "text*"),
            "-r --require --import --loader --experimental-loader": "val:load",
            "--env-file": "val:read",
            "--inspect --inspect-brk --inspect-wait": "unknown",
        },
        operands="script text*",
        posix=True,
        long_prefix=False,
        examples={
            "node app.js": "script:app.js",
            "node --require=/tmp/x.js app.js": "load:/tmp/x.js script:app.js",
            "node -e 'console.log(1)'": "code:node:console.log(1)",
            "node -i -e 'console.log(1)'": "script:- code:node:console.log(1)",
            "node --env-file=.env server.js": "read:.env script:server.js",
            "node --test": "",
            "node -v": "",
        },
    )


def _deno() -> Spec:
    perms = {
        "-A --allow-all --no-prompt -q --quiet --unstable --watch --check --no-check --reload -r": "flag",
        "--allow-read --allow-write --allow-net --allow-env --allow-run --allow-ffi --allow-sys": "opt",
        "--allow-import --allow-hrtime --deny-read --deny-write --deny-net --deny-env --deny-run": "opt",
        "--config -c --import-map --env-file": "val:load",
        "--location --seed --v8-flags --lock": "val",
    }
    return Spec(
        "deno",
        version="deno 2.1.4",
        options={**_H, "-V --version": "flag"},
        subcommands={
            "run": Spec("run", operands="script text*", options=perms, posix=True),
            "eval": Spec("eval", operands="text text*", options={**perms, "-p --print": "flag"}, effects="unknown"),
            "test bench check fmt lint doc info task cache coverage types": Spec(
                "test", operands="text*", options={**perms, "--doc --coverage --parallel --fail-fast": "flag"}
            ),
            "compile install add remove upgrade outdated": Spec(
                "compile",
                operands="text*",
                effects="network",
                options={**perms, "-o --output": "val:write", "-g --global": "flag"},
            ),
            "serve": Spec("serve", operands="script text*", options={**perms, "--port --host": "val"}),
            "repl jupyter": Spec("repl", effects="unknown", options=perms),
            "init": Spec("init", operands="text?"),
        },
        long_prefix=False,
        examples={
            "deno test": "",
            "deno run -A /tmp/x.ts": "script:/tmp/x.ts",
            "deno eval 'Deno.exit()'": "unknown",
            "deno fmt --check": "",
        },
    )


def _ruby_loads(walked: Walk, argv: list[str]) -> None:
    """`-I DIR` puts DIR (each of `-Ilib:test`) first on the load path: a directory that stays under the one
    ruby runs in is the project's own (the script it runs is judged by its provenance), one elsewhere is code
    from elsewhere (`load`, which asks). `-r NAME` loads a path as written, or the first `DIR/NAME.rb` on an
    -I directory; a name on none of them is an installed gem or the standard library (`-rjson`)."""
    import os

    from hookward.policy.specs._loads import outside

    includes: list[str] = []
    kept: list[Effect] = []
    for effect in walked.effects:
        if effect.kind == "load" and effect.origin == "-I":
            for directory in effect.value.split(":"):
                includes.append(directory)
                if outside(walked, directory) or not walked.cwd:
                    kept.append(Effect("load", directory, "-I"))
            continue
        kept.append(effect)
    walked.effects[:] = []
    for effect in kept:
        if effect.kind == "load" and effect.origin == "-r" and effect.value.startswith(("/", "~", "./", "../")):
            value = effect.value
            if walked.cwd and not value.endswith((".rb", ".so")):
                if os.path.isfile(os.path.join(walked.cwd, os.path.expanduser(value) + ".rb")):
                    effect = Effect("load", value + ".rb", "-r")  # `-r./lib/a` requires ./lib/a.rb
        elif effect.kind == "load" and effect.origin == "-r":
            name = effect.value if effect.value.endswith((".rb", ".so")) else effect.value + ".rb"
            found = next(
                (
                    os.path.join(directory, name)
                    for directory in includes
                    if walked.cwd and os.path.isfile(os.path.join(walked.cwd, os.path.expanduser(directory), name))
                ),
                None,
            )
            if found is None:
                continue  # a gem or the standard library
            effect = Effect("load", found, "-r")
        walked.effects.append(effect)


def _ruby() -> Spec:
    return Spec(
        "ruby",
        version="ruby 3.1.2",
        aliases=("ruby3.1",),
        options={
            **_H,
            "-v --version -w -n -p -a -l -c -s -S -d --debug --verbose -y --yydebug --jit --yjit": "flag",
            "-W -x -0": "opt",
            "-E --encoding -F -T --disable --enable --dump": "val",
            "-C": "val:cd",
            "-r -I": "val:load",
            "-e": _code("ruby"),
            "-i": "opt>edit*",
        },
        operands="script text*",
        posix=True,
        judge=_ruby_loads,
        examples={
            "ruby -e 'puts(1)'": "code:ruby:puts(1)",
            "ruby -rsocket x.rb": "script:x.rb",
            "ruby -r./evil x.rb": "load:./evil script:x.rb",
            "ruby -r/tmp/evil.rb x.rb": "load:/tmp/evil.rb script:x.rb",
            "ruby -I /tmp -Ilib:~/x test/a_test.rb": "load:/tmp load:lib load:~/x script:test/a_test.rb",
            "ruby x.rb": "script:x.rb",
            "ruby -v": "",
        },
    )


def _perl() -> Spec:
    return Spec(
        "perl",
        version="perl 5.36.0",
        options={
            **_H,
            "-v -V -w -W -X -c -s -S -T -t -U -u -a -n -p -f -g": "flag",
            "--version": "flag",  # perl reads --version and --help itself (perl.c), and exits
            "-l -0 -x -D -C": "opt",
            # -d runs the program under the debugger, which reads commands (perl code) from standard input
            # when there is no terminal; -d:MOD loads Devel::MOD.
            "-d": "opt:script=-",
            "-F": "val",
            "-M -m -I": "val:load",
            "-e -E": _code("perl"),
            "-i": "opt>edit*",
        },
        operands="script text*",
        posix=True,
        examples={
            "perl -e 'print(1)'": "code:perl:print(1)",
            "perl -d -e 1": "script:- code:perl:1",
            "perl -MIO::Socket x.pl": "load:IO::Socket script:x.pl",
            "perl -pi -e s/a/b/ ~/.bashrc": "code:perl:s/a/b/ edit:~/.bashrc",
            "perl -ne print /etc/passwd": "code:perl:print script:/etc/passwd",
        },
    )


def _php() -> Spec:
    from hookward.policy.specs.php_frameworks import judge_php

    return Spec(
        "php",
        version="PHP 8.2.26",
        summary=(
            "`php artisan` / `php please` run the project's framework CLI (policy/specs/php_frameworks.py); "
            "-d sets an INI directive, judged by its key; -i prints phpinfo(), which lists the environment"
        ),
        options={
            **_H,
            "-v --version -m --modules -n --no-php-ini -q --no-header -e -H --ini": "flag",
            "-i --info": "flag:env",
            "-l --syntax-check -s --syntax-highlight --syntax-highlighting -w --strip": "flag>read*",
            "-r --run -B --process-begin -R --process-code -E --process-end": _code("php", "text*"),
            "-f --file -F --process-file": "val:script",
            "-d --define -c --php-ini -z --zend-extension": "val:load",
            "--rf --rfunction --rc --rclass --re --rextension --rz --rzendextension --ri --rextinfo": "val",
            "-S --server": "val:network",
            "-t --docroot": "val:tree-read",
            "-a --interactive": "unknown",
        },
        operands="script text*",
        posix=True,
        judge=judge_php,
        examples={
            "php -r 'echo(1);'": "code:php:echo(1);",
            "php x.php": "script:x.php",
            "php -l src/a.php src/b.php": "read:src/a.php read:src/b.php",
            "php -i": "env",
            "php -d auto_prepend_file=/tmp/x.php x.php": "load:/tmp/x.php script:x.php",
            "php -d memory_limit=512M -d display_errors=1 x.php": "script:x.php",
            "php -d extension=evil.so --version": "load:extension=evil.so",
            "php artisan route:list --json": "",
            "php -d memory_limit=512M artisan view:clear": "",
            "php artisan test --filter UserTest": "",
            "php artisan make:model Post -m --force": "",
            "php artisan cache:clear --store": "unknown",
            "php artisan cache:clear file array": "unknown",
            "php artisan migrate --force": "destroy",
            "php artisan migrate:fresh --seed": "destroy",
            "php artisan tinker --execute='User::truncate()'": "code:php:User::truncate() unknown",
            "php artisan app:sync-users": "unknown",
            "php artisan test -c /tmp/phpunit.xml": "load:/tmp/phpunit.xml",
            "php please stache:clear": "",
            "php please starter-kit:export ../kit --clear": "tree-delete:../kit",
            "php ../site/artisan list": "",
            "php artisan.php list": "script:artisan.php",
        },
    )


def _simple(
    name: str,
    version: str,
    language: str,
    code_flags: str,
    extra: dict[str, str | Opt],
    examples: dict[str, str],
    aliases: tuple[str, ...] = (),
) -> Spec:
    return Spec(
        name,
        version=version,
        aliases=aliases,
        options={**_H, code_flags: _code(language, "text*"), **extra},
        operands="script text*",
        posix=True,
        examples=examples,
    )


def _pwsh() -> Spec:
    return Spec(
        "pwsh",
        version="PowerShell 7.4.6",
        aliases=("powershell",),
        options={
            "-Help -help -h -? -Version -version -v -NoProfile -noprofile -nop -NoLogo -nologo -NonInteractive": "flag",
            "-noninteractive -NoExit -noexit -Login -l -Interactive -i -MTA -STA": "flag",
            "-ExecutionPolicy -executionpolicy -ep -InputFormat -OutputFormat -of -WindowStyle -w -WorkingDirectory": "val",
            "-Command -command -c -EncodedCommand -encodedcommand -e -ec -enc": _code("pwsh", "text*"),
            "-File -file -f": Opt(True, "script", operands="text*"),
            "-ConfigurationFile -SettingsFile -settingsfile": "val:load",
        },
        operands="script text*",
        single_dash=True,
        long_prefix=False,
        posix=True,
        examples={"pwsh -c 'Get-Date'": "code:pwsh:Get-Date", "pwsh -File x.ps1": "script:x.ps1", "pwsh -Version": ""},
    )


SPECS = [
    _python(),
    _node("node"),
    _deno(),
    _ruby(),
    _perl(),
    _php(),
    _simple(
        "lua",
        "Lua 5.4.4",
        "lua",
        "-e",
        {"-v -i -E -W": "flag", "-l": "val:load"},
        {"lua -e 'print(1)'": "code:lua:print(1)", "lua x.lua": "script:x.lua"},
        aliases=("lua5.4", "lua5.3", "luajit"),
    ),
    _simple(
        "Rscript",
        "R 4.2.2",
        "R",
        "-e",
        {
            "--version --vanilla --no-save --no-restore --no-environ --no-site-file --no-init-file --verbose": "flag",
            "--default-packages": "val",
        },
        {"Rscript -e 'print(1)'": "code:R:print(1)", "Rscript x.R": "script:x.R"},
    ),
    _simple(
        "julia",
        "julia 1.10.7",
        "julia",
        "-e --eval -E --print",
        {
            "-v --version -q --quiet -i --banner --color --history-file --compile --check-bounds --math-mode": "flag",
            "-p --procs -t --threads --startup-file -O --optimize -g --sysimage -J": "val",
            "--project": "opt",
            "-L --load": "val:load",
        },
        {"julia -e 'println(1)'": "code:julia:println(1)", "julia --project=. x.jl": "script:x.jl"},
    ),
    Spec(
        "jshell",
        version="jshell 17.0.13",
        options={
            **_H,
            "--version -q -s -v -n --no-startup --show-version": "flag",
            "--class-path --module-path --add-modules --add-exports --feedback --execution -R -J -C": "val",
            "--startup": "val:load",
        },
        operands="script*",
        examples={"jshell x.jsh": "script:x.jsh", "jshell --startup /tmp/s.jsh": "load:/tmp/s.jsh"},
    ),
    Spec(
        "dc",
        version="GNU dc 1.07.1",
        summary="`!cmd` in dc code runs a shell command; code piped in is judged by the shell analysis",
        options={**_H, "-V --version": "flag", "-e --expression": _code("dc"), "-f --file": "val:script"},
        operands="script*",
        examples={"dc -e 2p": "code:dc:2p", "dc -e '!/bin/sh'": "code:dc:!/bin/sh", "dc x.dc": "script:x.dc"},
    ),
    Spec(
        "bc",
        version="GNU bc 1.07.1",
        summary="bc cannot run commands; a file operand is read (and echoed in error messages)",
        options={**_H, "-v --version -l --mathlib -q --quiet -s --standard -w --warn -i --interactive": "flag"},
        operands="read*",
        examples={"bc -l": "", "bc -s x.bc": "read:x.bc"},
    ),
    Spec(
        "expect",
        version="Expect 5.45.4",
        options={
            **_H,
            "-v -d -D -i -n -N": "flag",
            "-c": _code("expect"),
            "-f -b": "val:script",
        },
        operands="script text*",
        posix=True,
        examples={"expect -c interact": "code:expect:interact", "expect x.exp": "script:x.exp"},
    ),
    Spec(
        "osascript",
        version="osascript (macOS 14)",
        options={"-e": _code("applescript"), "-l -s": "val", "-i": "flag"},
        operands="script text*",
        posix=True,
        examples={"osascript -e 'beep'": "code:applescript:beep", "osascript x.scpt": "script:x.scpt"},
    ),
    _pwsh(),
]
