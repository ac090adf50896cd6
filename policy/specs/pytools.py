"""Python developer tools for the web and for data: servers, task queues, migrations, notebooks, docs,
interpreter and environment managers, packaging and publishing, model hubs, database shells, dbt, ollama.

What these programs do, judged by effect:
- A dev server or worker that imports the project's application (`uvicorn app.main:app`, `gunicorn app:app`,
  `flask run`, `celery -A proj worker`) is the project's runner running the project's sources: routine. What
  is judged is what chooses what runs from elsewhere: an application directory or Python path outside the
  project (`--app-dir`, `--pythonpath`: `load`), a configuration file that is Python code or instantiates
  classes (`gunicorn -c`, `--log-config`: `load`), an environment file (`--env-file`: `read`), files written
  (pid files, logs, sockets), and a destination on the network (a broker URL, a load test's `--host`).
  A definition file the runner reads by itself (gunicorn.conf.py, alembic.ini and env.py, mkdocs.yml, Sphinx's
  conf.py, locustfile.py, pyproject.toml for pdm and hatch, dbt_project.yml) is judged by provenance in the
  engine (RUNNER_DEFINITIONS).
- A script a tool runs (`streamlit run app.py`, `marimo run nb.py`, `jupyter nbconvert --execute nb.ipynb`,
  `ipython x.py`, `locust -f file`) is a `script`: the person's unchanged file is routine, any other asks, as
  `python x.py` does. Inline code (`ipython -c`) is `code:python`.
- Interactive shells (flask shell, ipython, celery shell, database shells without a command, django's shell and
  dbshell) read what a person types: not modelled (`unknown`), so they ask.
- Destroying data: `alembic downgrade`, `stamp --purge`, `celery purge` (and `worker --purge`), `django-admin
  flush`, cache removals, `ollama rm`: `destroy`. Publishing: `twine upload`, `pdm publish`, `hatch publish`,
  `mkdocs gh-deploy`, `hf upload`, `hf repos create`, `ollama push`: `publish` (uploads carry `upload` too).
  Printing a secret: `hf auth token`, `jupyter server list` (its URLs carry the server's token), `django-admin
  diffsettings` (SECRET_KEY): `secret`. Storing a login or changing global configuration: `config`.
- Installing from a registry or building an interpreter (`pdm add`, `hatch env create`, `pyenv install`,
  `pip-sync`, `dbt deps`) reaches the network (`network`: the destination is not named, so egress asks). A
  lock or resolve (`pip-compile`, `pdm lock`) is routine as `uv lock` and `poetry lock` are; a download of
  data (`hf download`, `ollama pull`) is a `fetch` from the tool's public default.
- dbt: `run`, `build`, `seed`, `snapshot`, `run-operation` and `clone` change tables in the warehouse that
  profiles.yml names (not on the command line: `network`, egress asks); `compile`, `test`, `ls`, `parse`,
  `show`, `debug` and `docs generate` read (`debug` prints the connection's host, user and schema, never
  the password).
Unknown subcommands and options ask (floor.not-understood) naming them; a spec lists what the tool's --help
says, and marks as `unknown` what hookward does not model.

Reference versions (the --help read in a throwaway venv, unless noted): uvicorn 0.54.0, gunicorn 27.0.1,
Flask 3.1.3, celery 5.7.0, alembic 1.20.1, Django 5.2.19, IPython
9.18.1 (the common options; the traitlets `--Class.trait=` options ask), jupyter_core 5.7 / notebook 7 /
jupyterlab 4 / nbconvert 7 (from the documentation), tensorboard 2.18 (documentation), mkdocs 1.6.1, Sphinx
9.0.4, pyenv 2.4 (documentation), virtualenv 21.15.11, pdm 2.29.4, hatch 1.18.2, twine 7.0.0,
huggingface_hub 2.4.0 (`hf`; `huggingface-cli` is its older name, same commands where they exist), streamlit
1.40 (documentation), locust 2.47.0, marimo 0.25.2, pip-tools 7.6.2, DuckDB 1.1
(documentation), litecli 1.17.1, pgcli 4.7.1, mycli 2.30.1, dbt-core 1.8 (documentation), ollama 0.5
(documentation), mlflow 2.18 and wandb 0.18 (documentation; the subcommands not listed ask).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from hookward.policy.shell import HIJACK_VARS
from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import outside, outside_loads

_H = {"-h --help": "flag"}


def _drop_text(result: Walk) -> None:
    result.effects[:] = [e for e in result.effects if e.kind != "text"]


# --- web servers ------------------------------------------------------------------------------------------

_UVICORN_VALUED = (
    "--host --port --fd --reload-include --reload-exclude --reload-delay --workers --loop --http --ws --ws-max-size "
    "--ws-max-queue --ws-ping-interval --ws-ping-timeout --ws-per-message-deflate --lifespan --interface "
    "--log-level --forwarded-allow-ips --root-path --limit-concurrency --backlog --limit-max-requests "
    "--limit-max-requests-jitter --timeout-keep-alive --timeout-graceful-shutdown --timeout-worker-healthcheck "
    "--ssl-keyfile-password --ssl-version --ssl-cert-reqs --ssl-ciphers --header --h11-max-incomplete-event-size"
)
UVICORN = Spec(
    "uvicorn",
    version="uvicorn 0.54.0",
    summary="serves the project's ASGI application (APP is module:attribute, imported from the cwd or --app-dir)",
    options={
        "--help --version --reload --http2 --factory --reset-contextvars": "flag",
        "--access-log --no-access-log --use-colors --no-use-colors --proxy-headers --no-proxy-headers": "flag",
        "--server-header --no-server-header --date-header --no-date-header": "flag",
        _UVICORN_VALUED: "val",
        "--reload-dir": "val",  # watched for changes, not read into the program
        "--uds": "val:write",  # the socket file it creates
        "--env-file": "val:read",
        # logging.config.fileConfig / dictConfig instantiate the classes the file names (and eval its args).
        "--log-config": "val:load",
        "--ssl-keyfile --ssl-certfile --ssl-ca-certs": "val:read",
        "--app-dir": "val:load",  # put first on sys.path: the module imported is found there
    },
    operands="text?",
    long_prefix=False,
    examples={
        "uvicorn app.main:app --reload": "",
        "uvicorn main:app --host 0.0.0.0 --port 8000 --workers 4": "",
        "uvicorn app:app --env-file .env.local": "read:.env.local",
        "uvicorn x:app --app-dir /tmp/evil": "load:/tmp/evil",
        "uvicorn app:app --log-config /tmp/log.ini": "load:/tmp/log.ini",
        "uvicorn app:app --uds ~/.config/x.sock": "write:~/.config/x.sock",
        "uvicorn app:app --ssl-keyfile ~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
        "uvicorn app:app --loop uvloop --reload-dir src": "",
        "uvicorn --version": "",
    },
)

_GUNICORN_VALUED = (
    "-b --bind --backlog -w --workers -k --worker-class --threads --worker-connections --max-requests "
    "--max-requests-jitter -t --timeout --graceful-timeout --keep-alive --limit-request-line "
    "--limit-request-fields --limit-request-field_size --reload-engine --reload-extra-file "
    "-m --umask --forwarded-allow-ips --access-logformat --log-level --log-syslog-prefix --log-syslog-facility "
    "--dogstatsd-tags --statsd-prefix -n --name --proxy-allow-from --protocol --uwsgi-allow-from --ssl-version "
    "--cert-reqs --ciphers --http-protocols --http2-cleartext --http2-max-concurrent-streams "
    "--http2-initial-window-size --http2-max-frame-size --http2-max-header-list-size --forwarder-headers "
    "--header-map --asgi-loop --asgi-lifespan --asgi-disconnect-grace-period --websocket-max-message-size "
    "--http-parser --root-path --dirty-workers --dirty-timeout --dirty-threads --dirty-graceful-timeout "
    "--control-socket-mode --worker-tmp-dir"
)


def _gunicorn_env(walked: Walk, argv: list[str]) -> None:
    """`-e NAME=VALUE` is exported to the workers and every program the app starts (and a USR2 re-exec): a
    variable that loads code there (LD_PRELOAD, PYTHONPATH, GIT_SSH_COMMAND, ...: shell.HIJACK_VARS) is not
    modelled."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin in ("-e", "--env"):
            walked.effects.remove(effect)
            if HIJACK_VARS.match(effect.value.partition("=")[0].strip()):
                walked.unknown.append(f"gunicorn {effect.origin} {effect.value[:60]!r} sets a variable that loads code")


GUNICORN = Spec(
    "gunicorn",
    version="gunicorn 27.0.1",
    summary="serves the project's WSGI/ASGI application; -c names a Python configuration file that runs",
    options={
        **_H,
        "-v --version --reload --spew --check-config --print-config --preload --no-sendfile --reuse-port": "flag",
        "-D --daemon --initgroups --disable-redirect-access-to-syslog --capture-output --log-syslog": "flag",
        "-R --enable-stdio-inheritance --enable-backlog-metric --proxy-protocol --suppress-ragged-eofs": "flag",
        "--do-handshake-on-connect --permit-obsolete-folding --strip-header-spaces": "flag",
        "--permit-unconventional-http-method --permit-unconventional-http-version --casefold-http-method": "flag",
        "--no-control-socket": "flag",
        _GUNICORN_VALUED: "val",
        "-c --config": "val:load",  # a Python file (or python:module) executed at start-up
        "--chdir": "val:cd",
        "--pythonpath": "val:load",
        "--paste --paster --paste-global": "val:load",  # a PasteDeploy ini that names the application factory
        "-p --pid --control-socket": "val:write",
        "--access-logfile --error-logfile --log-file": "val:write",
        "--log-config": "val:load",
        "--log-config-json": "val:read",
        "--logger-class --dirty-app": "val:text",
        "-e --env": "val:text",  # NAME=VALUE set in os.environ: a variable that loads code asks (_gunicorn_env)
        "--log-syslog-to --statsd-host": "val:network",
        "--keyfile --certfile --ca-certs": "val:read",
        # Dropping to another account needs root: a gate that sees it asks.
        "-u --user -g --group": "val:privilege",
    },
    operands="text*",
    long_prefix=True,
    judge=_gunicorn_env,
    examples={
        "gunicorn app:app": "",
        "gunicorn -e DEBUG=1 app:app": "",
        "gunicorn -e LD_PRELOAD=/tmp/x.so app:app": "unknown",
        "gunicorn -w 4 -b 0.0.0.0:8000 app.wsgi:application": "",
        "gunicorn -k uvicorn.workers.UvicornWorker main:app --reload": "",
        "gunicorn -c /tmp/g.py app:app": "load:/tmp/g.py",
        "gunicorn --pythonpath /tmp/x app:app": "load:/tmp/x",
        "gunicorn --access-logfile ~/.bashrc app:app": "write:~/.bashrc",
        "gunicorn --chdir src app:app": "cd:src",
        "gunicorn --chdir /tmp/x app:app": "cd:/tmp/x load:/tmp/x",
        "gunicorn --statsd-host metrics.example.com:8125 app:app": "network:metrics.example.com:8125",
        "gunicorn -u nobody app:app": "privilege:nobody",
        "gunicorn --error-logfile - app:app": "write:-",
    },
)


# An env file sets FLASK_APP (the application that is imported and run): from outside the directory, a load.
_FLASK_ENV_FILE = outside_loads(("-e", "--env-file"))


def _flask_judge(result: Walk, argv: list[str]) -> None:
    """`--app` is a module (`app:create_app()`) or a file path (`/tmp/x.py`, `src/app.py:app`): a path runs a file."""
    _FLASK_ENV_FILE(result, argv)
    kept = []
    for effect in result.effects:
        if effect.kind == "text" and effect.origin in ("-A", "--app"):
            module = effect.value.split(":", 1)[0]
            if "/" in module or module.endswith(".py"):
                kept.append(Effect("script", module, effect.origin))
            continue
        kept.append(effect)
    result.effects[:] = kept


_FLASK_GLOBAL = {
    "--help --version --debug --no-debug": "flag",
    "-e --env-file": "val:read",
    "-A --app": "val:text",
}
FLASK = Spec(
    "flask",
    version="Flask 3.1.3",
    summary="run, routes and shell load the project's app; other commands are the app's own (they ask)",
    options=_FLASK_GLOBAL,
    subcommands={
        "run": Spec(
            "run",
            options={
                "--help --debug --no-debug --reload --no-reload --debugger --no-debugger": "flag",
                "--with-threads --without-threads": "flag",
                "-h --host -p --port --extra-files --exclude-patterns": "val",
                "--cert --key": "val:read",
            },
            long_prefix=False,
            judge=_flask_judge,
        ),
        "routes": Spec(
            "routes",
            options={"--help --all-methods": "flag", "-s --sort": "val"},
            long_prefix=False,
            judge=_flask_judge,
        ),
        # A Python REPL in the application's context: what runs is typed later.
        "shell": Spec("shell", options={"--help": "flag"}, effects="unknown", long_prefix=False, judge=_flask_judge),
    },
    long_prefix=False,
    judge=_flask_judge,
    examples={
        "flask run": "",
        "flask --app app run --debug": "",
        "flask --app src/app.py run": "script:src/app.py",
        "flask --app /tmp/x.py:app run": "script:/tmp/x.py",
        "flask run --host 0.0.0.0 --port 5000": "",
        "flask --env-file .flaskenv run": "read:.flaskenv",
        "flask --env-file /tmp/e run": "read:/tmp/e load:/tmp/e",
        "flask routes": "",
        "flask shell": "unknown",
        "flask run --cert ~/.ssh/id_rsa": "read:~/.ssh/id_rsa",
    },
)


# --- celery -------------------------------------------------------------------------------------------------

_CELERY_DAEMON = {
    "--help": "flag",
    "-n --hostname -l --loglevel --umask": "val",
    "-f --logfile --pidfile": "val:write",
    "--uid --gid": "val:privilege",
    "--executable": "val:load",  # the Python executable the detached process runs
}
_CELERY_REMOTE = {"--help -j --json": "flag", "-t --timeout -d --destination": "val"}
# `celery inspect COMMAND`: the read-only inspections (objgraph, memdump and memsample make the workers write or
# allocate: not listed).
_INSPECT_READS = frozenset(
    "active active_queues clock conf ping query_task registered report reserved revoked scheduled stats".split()
)


def _inspect_judge(result: Walk, argv: list[str]) -> None:
    at = argv.index("inspect") if "inspect" in argv else len(argv)
    words, skip = [], False
    for word in argv[at + 1 :]:
        if skip:
            skip = False
        elif word in ("-t", "--timeout", "-d", "--destination"):
            skip = True
        elif not word.startswith("-"):
            words.append(word)
    if words and words[0] not in _INSPECT_READS and "--list" not in argv:
        result.effects.append(Effect("unknown", "", f"celery inspect {words[0]}"))


CELERY = Spec(
    "celery",
    version="celery 5.7.0",
    summary="worker and beat run the project's app; purge erases queued tasks; shells and remote control ask",
    options={
        "--help --version -C --no-color -q --quiet --skip-checks": "flag",
        "-A --app --loader --config": "val",  # a module of the project (or installed) that is imported
        "-b --broker --result-backend": "val:network",
        "--workdir": "val:cd",
    },
    subcommands={
        "worker": Spec(
            "worker",
            options={
                **_CELERY_DAEMON,
                "-D --detach -E --task-events --events --disable-prefetch --without-gossip --without-mingle": "flag",
                "--without-heartbeat -B --beat": "flag",
                "-O --optimization --prefetch-multiplier -c --concurrency -P --pool --time-limit --soft-time-limit": "val",
                "--max-tasks-per-child --pool-start-method --max-memory-per-child -Q --queues -X --exclude-queues": "val",
                "--heartbeat-interval --autoscale --scheduler": "val",
                "-I --include": "val",  # modules imported at start
                "-S --statedb -s --schedule-filename --schedule": "val:write",
                "--purge --discard": "flag:destroy",  # erases every queued task before starting
            },
            long_prefix=False,
        ),
        "beat": Spec(
            "beat",
            options={
                **_CELERY_DAEMON,
                "--detach --enable-remote-control --no-enable-remote-control": "flag",
                "-S --scheduler --max-interval": "val",
                "-s --schedule": "val:write",
            },
            long_prefix=False,
        ),
        "inspect": Spec(
            "inspect", options={**_CELERY_REMOTE, "--list": "flag"}, operands="text*", judge=_inspect_judge
        ),
        "status": Spec("status", options=_CELERY_REMOTE),
        "report": Spec("report", options={"--help": "flag"}),
        "result": Spec("result", options={"--help --traceback": "flag", "-t --task --backend": "val"}, operands="text"),
        "purge": Spec(
            "purge",
            options={"--help -f --force": "flag", "-Q --queues -X --exclude-queues": "val"},
            effects="destroy",
        ),
        # Remote control (shutdown, revoke, rate limits), sending tasks, moving tasks between brokers, starting
        # several workers, upgrading settings files and the shells: not modelled.
        "control call migrate multi upgrade shell amqp events graph list logtool": Spec(
            "control", operands="text*", effects="unknown"
        ),
    },
    globals_anywhere=True,
    long_prefix=False,
    examples={
        "celery -A proj worker -l info": "",
        "celery -A proj worker --loglevel=INFO -c 4 -Q default": "",
        "celery -A proj beat -l info": "",
        "celery -A proj worker -B": "",
        "celery -A proj inspect active": "",
        "celery -A proj status": "",
        "celery -A proj purge -f": "destroy",
        "celery -A proj worker --purge": "destroy",
        "celery -A proj inspect objgraph": "unknown",
        "celery -A proj control shutdown": "unknown",
        "celery -A proj shell": "unknown",
        "celery -b amqp://rabbit.example.com// -A proj worker": "network:amqp://rabbit.example.com//",
        "celery -A proj worker --logfile ~/.profile": "write:~/.profile",
        "celery --workdir /tmp/w -A proj worker": "cd:/tmp/w load:/tmp/w",
    },
)


# --- alembic ------------------------------------------------------------------------------------------------

_ALEMBIC_SQL = {"-h --help --sql": "flag", "--tag": "val"}
ALEMBIC = Spec(
    "alembic",
    version="alembic 1.20.1",
    summary="runs the project's env.py and migration scripts (engine RUNNER_DEFINITIONS); downgrade destroys data",
    options={
        "-h --help --version --raiseerr -q --quiet": "flag",
        "-c --config": "val:load",  # its script_location names the env.py that runs
        "-n --name -x": "val",
    },
    subcommands={
        "upgrade": Spec("upgrade", options=_ALEMBIC_SQL, operands="text", numeric=True),
        # Dropping what the migrations created: tables, columns and the data in them.
        "downgrade": Spec("downgrade", options=_ALEMBIC_SQL, operands="text", effects="destroy", numeric=True),
        "revision": Spec(
            "revision",
            options={
                "-h --help --autogenerate --sql --splice": "flag",
                "-m --message --head --branch-label --rev-id --depends-on": "val",
                "--version-path": "val:tree-write",
            },
        ),
        "merge": Spec(
            "merge",
            options={"-h --help --splice": "flag", "-m --message --branch-label --rev-id": "val"},
            operands="text*",
        ),
        "current": Spec("current", options={"-h --help -v --verbose --check-heads": "flag"}),
        "history": Spec(
            "history", options={"-h --help -v --verbose -i --indicate-current": "flag", "-r --rev-range": "val"}
        ),
        "heads": Spec("heads", options={"-h --help -v --verbose --resolve-dependencies": "flag"}),
        "branches": Spec("branches", options={"-h --help -v --verbose": "flag"}),
        "show": Spec("show", options={"-h --help": "flag"}, operands="text"),
        "check list_templates ensure_version": Spec("check", options={"-h --help --sql": "flag"}),
        # stamp rewrites which revision the database claims to be at, without migrating; --purge first
        # deletes the version table.
        "stamp": Spec(
            "stamp",
            options={**_ALEMBIC_SQL, "--purge": "flag:destroy"},
            operands="text+",
            effects="unknown",
        ),
        "init": Spec(
            "init",
            options={"-h --help --package": "flag", "-t --template": "val"},
            operands="tree-write",
        ),
        "edit": Spec("edit", options={"-h --help": "flag"}, operands="text", effects="unknown"),  # opens $EDITOR
    },
    examples={
        "alembic upgrade head": "",
        "alembic -x tenant=a upgrade +1": "",
        "alembic revision --autogenerate -m 'add users'": "",
        "alembic current": "",
        "alembic history --verbose": "",
        "alembic heads": "",
        "alembic check": "",
        "alembic downgrade -1": "destroy",
        "alembic downgrade base --sql": "destroy",
        "alembic stamp head": "unknown",
        "alembic stamp --purge head": "destroy unknown",
        "alembic -c /tmp/alembic.ini upgrade head": "load:/tmp/alembic.ini",
        "alembic init migrations": "tree-write:migrations",
        "alembic revision -m x --version-path ~/.config/x": "tree-write:~/.config/x",
    },
)


# --- django ---------------------------------------------------------------------------------------------------

_DJ = {
    "-h --help --version --traceback --no-color --force-color --skip-checks": "flag",
    "-v --verbosity": "val",
    "--settings": "val",  # a settings module of the project
    "--pythonpath": "val:load",
}
_DJ_DB = {**_DJ, "--database": "val", "--noinput --no-input": "flag"}


def _dj(name: str, options: dict[str, str] | None = None, operands: str = "", effects: str = "") -> Spec:
    return Spec(name, options={**_DJ_DB, **(options or {})}, operands=operands, effects=effects)


DJANGO_ADMIN = Spec(
    "django-admin",
    version="Django 5.2.19",
    summary="the project's management commands (settings from --settings or DJANGO_SETTINGS_MODULE)",
    options=_DJ,
    subcommands={
        "runserver": _dj(
            "runserver",
            {"--ipv6 -6 --nothreading --noreload --nostatic --insecure": "flag"},
            operands="text?",
        ),
        # A development server on a test database filled from the fixtures named.
        "testserver": _dj("testserver", {"--ipv6 -6": "flag", "--addrport": "val"}, "read*"),
        "check": _dj("check", {"--deploy --list-tags": "flag", "--fail-level --tag -t": "val"}, operands="text*"),
        "test": _dj(
            "test",
            {
                "--failfast --keepdb --reverse -r --debug-mode --debug-sql -d --timing -b --buffer": "flag",
                "--no-faulthandler": "flag",
                "--shuffle --parallel": "opt",
                "-k --tag --exclude-tag -t --top-level-directory --testrunner --durations -p --pattern": "val",
                "--pdb": "unknown",  # a debugger on standard input
            },
            operands="text*",
        ),
        "makemigrations optimizemigration squashmigrations": _dj(
            "makemigrations",
            {
                "--dry-run --merge --empty --check --scriptable --update --no-header --no-optimize": "flag",
                "-n --name --squashed-name": "val",
            },
            operands="text*",
        ),
        "migrate": _dj(
            "migrate", {"--fake --fake-initial --plan --run-syncdb --check --prune": "flag"}, operands="text*"
        ),
        "showmigrations sqlmigrate sqlsequencereset sqlflush inspectdb": _dj(
            "showmigrations",
            {"--list -l --plan -p --backwards --include-views --include-partitions": "flag"},
            operands="text*",
        ),
        "startproject startapp": _dj(
            "startproject",
            {"--template": "val:load", "-e --extension -n --name --exclude -x": "val"},
            operands="text tree-write?",
        ),
        "collectstatic": _dj(
            "collectstatic",
            {"--no-post-process -i --ignore --dry-run -n -l --link --no-default-ignore": "flag"},
            # --clear deletes everything in STATIC_ROOT first: where that is comes from the settings.
        ),
        "compilemessages makemessages createcachetable clearsessions": _dj(
            "compilemessages",
            {"-l --locale -x --exclude -d --domain -e --extension -i --ignore": "val", "-a --all": "flag"},
        ),
        # A Python REPL, the database's own client, interactive account changes: what runs is typed later.
        "shell dbshell createsuperuser changepassword": Spec(
            "shell", options={**_DJ_DB, "-c --command -i --interface": "unknown"}, operands="text*", effects="unknown"
        ),
        # Empties every table; loaddata overwrites rows; squash and optimize rewrite migrations.
        "flush": _dj("flush", effects="destroy"),
        "loaddata": _dj(
            "loaddata", {"-e --exclude --format --app": "val", "-i --ignorenonexistent": "flag"}, "read*", "destroy"
        ),
        "dumpdata": _dj(
            "dumpdata",
            {
                "--format --indent -e --exclude --pks": "val",
                "--natural-foreign --natural-primary -a --all": "flag",
                "-o --output": "val:write",
            },
            operands="text*",
        ),
        # Prints the settings, SECRET_KEY and database passwords included.
        "diffsettings": _dj("diffsettings", {"--all": "flag", "--default --output": "val"}, effects="secret"),
        "sendtestemail": _dj("sendtestemail", {"--managers --admins": "flag"}, operands="text*", effects="network"),
    },
    long_prefix=True,
    examples={
        "django-admin runserver": "",
        "django-admin startproject mysite": "",
        "django-admin startproject mysite ~/.config/x": "tree-write:~/.config/x",
        "django-admin makemigrations --settings=mysite.settings": "",
        "django-admin migrate": "",
        "django-admin check --deploy": "",
        "django-admin test --keepdb": "",
        "django-admin flush --no-input": "destroy",
        "django-admin shell": "unknown",
        "django-admin diffsettings": "secret",
        "django-admin --pythonpath /tmp/x migrate": "load:/tmp/x",
        "django-admin dumpdata -o ~/.bashrc": "write:~/.bashrc",
        "django-admin loaddata fixtures.json": "destroy read:fixtures.json",
    },
)


# --- ipython / jupyter ---------------------------------------------------------------------------------------


def _ipython_judge(result: Walk, argv: list[str]) -> None:
    """With no script and no -c, IPython reads what a person types (or standard input): an interactive session."""
    if any(e.kind in ("script", "code:python") for e in result.effects) or result.unknown:
        return
    if not any(w in ("-h", "--help", "--help-all", "--version", "-V") for w in argv[1:]):
        result.effects.append(Effect("unknown", "", "an interactive session"))


IPYTHON = Spec(
    "ipython",
    aliases=("ipython3",),
    version="IPython 9.18.1",
    summary="a script runs (script), -c is inline Python; with neither it is interactive (asks)",
    options={
        "-h --help --help-all --version -V --debug --quiet --no-banner --banner --pdb --no-pdb --pprint": "flag",
        "--no-pprint --color-info --no-color-info --nosep --autoedit-syntax --no-autoedit-syntax --simple-prompt": "flag",
        "--no-simple-prompt --confirm-exit --no-confirm-exit --term-title --no-term-title --automagic": "flag",
        "--no-automagic --autoindent --no-autoindent --classic --quick --no-tip": "flag",
        "--autocall --colors --log-level": "val",
        "--profile --profile-dir --ipython-dir --config --logappend --logfile --gui --pylab --ext": "val:unknown",
        "-i --autoreload --matplotlib": "unknown",
        "-m": "unknown",  # runs a module (`ipython -m mod`)
        "-c": "val:code:python",
    },
    operands="script text*",
    posix=True,
    long_prefix=False,
    judge=_ipython_judge,
    examples={
        "ipython scripts/analyse.py": "script:scripts/analyse.py",
        "ipython -c 'print(1+1)'": "code:python:print(1+1)",
        "ipython": "unknown",
        "ipython --version": "",
        "ipython --profile-dir /tmp/p": "unknown",
    },
)


_NBCONVERT_TEMPLATE = outside_loads(("--template-file",))


def _nbconvert_judge(result: Walk, argv: list[str]) -> None:
    """With --execute (or --to notebook --execute / --inplace --execute) the notebooks' cells run."""
    _NBCONVERT_TEMPLATE(result, argv)
    executes = "--execute" in argv or any(w.startswith("--ExecutePreprocessor.enabled=") for w in argv)
    if not executes:
        return
    result.effects[:] = [
        Effect("script", e.value, "nbconvert --execute") if e.kind == "read" and e.origin.startswith("operand") else e
        for e in result.effects
    ]


_SERVER = {
    "-h --help --no-browser --allow-root -y --answer-yes --debug --generate-config --autoreload": "flag",
    "--ip --port --port-retries --log-level --browser --sock-mode": "val",
    "--notebook-dir --ServerApp.root_dir --preferred-dir": "val:cd",
    "--config": "val:load",
    "--sock": "val:write",
    "--keyfile --certfile --client-ca": "val:read",
    # Turning off the token or password (or trusting other origins) opens a code-execution service to anyone.
    "--ServerApp.token --IdentityProvider.token --NotebookApp.token --ServerApp.password": "unknown",
    "--ServerApp.allow_origin --ServerApp.disable_check_xsrf": "unknown",
}
_SERVER_LIST = {"-h --help --json --jsonlist": "flag"}
JUPYTER = Spec(
    "jupyter",
    version="jupyter_core 5.7 / notebook 7 / jupyterlab 4 / nbconvert 7",
    summary="notebook/lab/server start a local server; nbconvert --execute and execute run notebooks",
    options={"-h --help --version --paths --config-dir --data-dir --runtime-dir --json --debug": "flag"},
    subcommands={
        "notebook lab server": Spec(
            "server",
            options=_SERVER,
            operands="text?",
            long_prefix=False,
            # `jupyter server list` prints each running server's URL with its token: a credential for code execution.
            subcommands={
                "list": Spec("list", options=_SERVER_LIST, effects="secret"),
                "stop": Spec("stop", options={"-h --help": "flag", "--port": "val"}, operands="text?"),
                "password": Spec("password", options={"-h --help": "flag"}, effects="config"),
                "build clean paths workspaces extension": Spec("build", operands="text*", effects="unknown"),
            },
        ),
        "nbconvert": Spec(
            "nbconvert",
            options={
                "-h --help --execute --allow-errors --stdout --inplace --clear-output --no-prompt --no-input": "flag",
                "--debug --generate-config -y --embed-images --sanitize-html": "flag",
                "--to --template --writer --post --log-level --ExecutePreprocessor.timeout": "val",
                # a Jinja template, rendered unsandboxed (Python reachable from it): from outside, a load
                "--template-file": "val:read",
                "--output": "val:write",  # the output file's name (a path; the format's extension is added)
                "--ExecutePreprocessor.kernel_name --ExecutePreprocessor.enabled": "val",
                "--output-dir --FilesWriter.build_directory": "val:tree-write",
                "--config": "val:load",
            },
            operands="read+",
            long_prefix=False,
            judge=_nbconvert_judge,
        ),
        "execute": Spec(
            "execute",
            options={"-h --help --inplace --allow-errors": "flag", "--kernel_name --timeout --startup_timeout": "val"},
            operands="script+",
            long_prefix=False,
        ),
        "kernelspec": Spec(
            "kernelspec",
            subcommands={
                "list": Spec("list", options={"-h --help --json --missing": "flag"}),
                # A kernelspec's kernel.json is the command a notebook later runs: persistent configuration.
                "install uninstall remove provisioners": Spec(
                    "install",
                    options={"-h --help --user --replace --sys-prefix -y -f": "flag", "--name --prefix": "val"},
                    operands="text*",
                    effects="config",
                ),
            },
        ),
        "trust": Spec("trust", options={"-h --help --reset": "flag"}, operands="text*", effects="config"),
        "console qtconsole run troubleshoot labextension serverextension nbextension bundlerextension": Spec(
            "console", operands="text*", effects="unknown"
        ),
    },
    long_prefix=False,
    examples={
        "jupyter lab": "",
        "jupyter notebook --no-browser --port 8888": "",
        "jupyter server --ip 127.0.0.1": "",
        "jupyter lab --ServerApp.token=''": "unknown",
        "jupyter server list": "secret",
        "jupyter notebook list": "secret",
        "jupyter nbconvert --to html report.ipynb": "read:report.ipynb",
        "jupyter nbconvert --to html --template-file /tmp/t.j2 a.ipynb": "read:/tmp/t.j2 load:/tmp/t.j2 read:a.ipynb",
        "jupyter nbconvert --to script --output ~/.config/x a.ipynb": "write:~/.config/x read:a.ipynb",
        "jupyter nbconvert --to notebook --execute nb.ipynb": "script:nb.ipynb",
        "jupyter nbconvert --output-dir ~/.config/x --to html a.ipynb": "read:a.ipynb tree-write:~/.config/x",
        "jupyter execute nb.ipynb": "script:nb.ipynb",
        "jupyter kernelspec list": "",
        "jupyter kernelspec install --user ./k": "config",
        "jupyter --version": "",
        "jupyter console": "unknown",
    },
)


TENSORBOARD = Spec(
    "tensorboard",
    version="tensorboard 2.18",
    summary="serves the event files under --logdir on a local port; `dev upload` (retired) sent them to tensorboard.dev",
    options={
        "-h --help --helpfull --version_tb --bind_all --reuse_port --inspect --load_fast --noload_fast": "flag",
        "--detect_file_replacement --reload_multifile --purge_orphaned_data": "flag",
        "--host --port --path_prefix --window_title --max_reload_threads --reload_interval --reload_task": "val",
        "--reload_multifile_inactive_secs --samples_per_plugin --tag --verbosity --generic_data": "val",
        "--logdir --logdir_spec --event_file": "val:tree-read",
        "--db --db_import --grpc_data_provider --extra_data_server_flags --grpc_creds_type": "val:unknown",
    },
    subcommands={"dev": Spec("dev", operands="text*", effects="unknown")},
    long_prefix=False,
    examples={
        "tensorboard --logdir runs": "tree-read:runs",
        "tensorboard --logdir=runs --port 6007 --bind_all": "tree-read:runs",
        "tensorboard dev upload --logdir runs": "unknown unknown",
    },
)


# --- docs ---------------------------------------------------------------------------------------------------

_MKDOCS_COMMON = {
    "-h --help -q --quiet -v --verbose -s --strict --no-strict --use-directory-urls --no-directory-urls": "flag",
    "-f --config-file": "val:load",  # mkdocs.yml names hooks (Python files) and plugins that run
    "-t --theme": "val",
}
MKDOCS = Spec(
    "mkdocs",
    version="mkdocs 1.6.1",
    summary="build and serve run the project's mkdocs.yml (its hooks and plugins); gh-deploy publishes",
    options={"-h --help -V --version": "flag"},
    subcommands={
        "build": Spec(
            "build",
            options={**_MKDOCS_COMMON, "-c --clean --dirty": "flag", "-d --site-dir": "val:tree-write"},
        ),
        "serve": Spec(
            "serve",
            options={
                **_MKDOCS_COMMON,
                "-o --open --no-livereload --livereload --dirty -c --clean --watch-theme": "flag",
                "-a --dev-addr -w --watch": "val",
            },
        ),
        # Builds the site and pushes it to the gh-pages branch of the remote: the site goes public.
        "gh-deploy": Spec(
            "gh-deploy",
            options={
                **_MKDOCS_COMMON,
                "-c --clean --dirty --force --no-history --ignore-version --shell": "flag",
                "-m --message -b --remote-branch -r --remote-name": "val",
                "-d --site-dir": "val:tree-write",
            },
            effects="publish",
        ),
        "new": Spec("new", options={"-h --help -q --quiet -v --verbose": "flag"}, operands="tree-write"),
        "get-deps": Spec(
            "get-deps",
            options={"-h --help -v --verbose": "flag", "-f --config-file": "val:read", "-p --projects-file": "val"},
        ),
    },
    examples={
        "mkdocs build": "",
        "mkdocs build --strict -d site": "tree-write:site",
        "mkdocs serve -a 127.0.0.1:8001": "",
        "mkdocs gh-deploy --force": "publish",
        "mkdocs build -f /tmp/mkdocs.yml": "load:/tmp/mkdocs.yml",
        "mkdocs build -d ~/.config/autostart": "tree-write:~/.config/autostart",
        "mkdocs new docs-site": "tree-write:docs-site",
        "mkdocs --version": "",
    },
)


def _sphinx_judge(result: Walk, argv: list[str]) -> None:
    """conf.py is Python code that runs: in -c DIR, else in SOURCEDIR (none with -C); -D extensions= loads modules."""
    operands = [e for e in result.effects if e.origin.startswith("operand")]
    confdir = next((e.value for e in result.effects if e.kind == "text" and e.origin in ("-c", "--conf-dir")), None)
    _drop_text(result)
    no_conf = "-C" in argv or "--isolated" in argv
    source = next((e.value for e in operands if e.kind == "tree-read"), None)
    where = confdir or source
    if not no_conf and where:
        result.effects.append(Effect("load", f"{where.rstrip('/')}/conf.py", "conf.py"))
    for i, word in enumerate(argv):
        value = argv[i + 1] if word in ("-D", "--define") and i + 1 < len(argv) else word
        value = value.removeprefix("-D").removeprefix("--define=")
        if value.startswith("extensions=") and (value is not word or word.startswith(("-D", "--define="))):
            result.effects.append(Effect("unknown", "", f"-D {value} (loads modules)"))


SPHINX_BUILD = Spec(
    "sphinx-build",
    version="Sphinx 9.0.4",
    summary="builds SOURCEDIR into OUTPUTDIR; SOURCEDIR/conf.py (or -c DIR/conf.py) is Python code that runs",
    options={
        "-h --help --version -a --write-all -E --fresh-env -C --isolated -n --nitpicky -v --verbose -q --quiet": "flag",
        "-Q --silent -W --fail-on-warning --keep-going -T --show-traceback -N --no-color --color": "flag",
        "--exception-on-warning": "flag",
        "-M -b --builder -j --jobs -t --tag -A --html-define -D --define": "val",
        "-c --conf-dir": "val:text",
        "-d --doctree-dir": "val:tree-write",
        "-w --warning-file": "val:write",
        "-P --pdb": "unknown",  # a debugger on standard input
    },
    operands="tree-read tree-write read*",
    needs=2,
    judge=_sphinx_judge,
    examples={
        "sphinx-build -b html docs docs/_build/html": "tree-read:docs tree-write:docs/_build/html load:docs/conf.py",
        "sphinx-build -M html docs/source docs/build": (
            "tree-read:docs/source tree-write:docs/build load:docs/source/conf.py"
        ),
        "sphinx-build -c /tmp/c docs out": "tree-read:docs tree-write:out load:/tmp/c/conf.py",
        "sphinx-build -C docs out": "tree-read:docs tree-write:out",
        "sphinx-build docs ~/.config/x": "tree-read:docs tree-write:~/.config/x load:docs/conf.py",
        "sphinx-build -D extensions=evil docs out": "tree-read:docs tree-write:out load:docs/conf.py unknown",
        "sphinx-build --version": "",
    },
)


# --- interpreter and environment managers -------------------------------------------------------------------


def _pyenv_versions(argv: list[str], sub: str) -> list[str]:
    at = argv.index(sub) if sub in argv else len(argv)
    return [w for w in argv[at + 1 :] if not w.startswith("-")]


def _pyenv_global(result: Walk, argv: list[str]) -> None:
    """With versions, `pyenv global` writes ~/.pyenv/version: the python of every shell; without, it prints it."""
    if _pyenv_versions(argv, "global"):
        result.effects.append(Effect("config", "", "pyenv global writes ~/.pyenv/version"))


def _pyenv_local(result: Walk, argv: list[str]) -> None:
    """With versions (or --unset), `pyenv local` writes (or deletes) .python-version in the cwd."""
    if _pyenv_versions(argv, "local"):
        result.effects.append(Effect("write", ".python-version", "pyenv local"))
    elif "--unset" in argv:
        result.effects.append(Effect("delete", ".python-version", "pyenv local --unset"))


PYENV = Spec(
    "pyenv",
    version="pyenv 2.4",
    summary="versions/version/which are reads; install builds a downloaded CPython; global/local change config",
    options={"-h --help -v --version": "flag"},
    subcommands={
        "versions": Spec("versions", options={"--bare --skip-aliases --skip-envs --executables": "flag"}),
        "version version-name version-file version-origin root prefix commands help completions --version": Spec(
            "version", operands="text*", options={"--bare": "flag"}
        ),
        "which whence": Spec("which", options={"--path --nosystem --skip-advice": "flag"}, operands="text"),
        "init": Spec("init", options={"--path --no-push-path --no-rehash": "flag"}, operands="text*"),
        "rehash shell": Spec("rehash", operands="text*", options={"--unset": "flag"}),
        # Downloads a source tarball and runs its configure and make: fetched code that runs here.
        "install": Spec(
            "install",
            options={
                "-l --list -f --force -s --skip-existing -k --keep -v --verbose -g --debug -p --patch": "flag",
                "--version -r --ivy": "flag",
            },
            operands="text*",
            effects="network",
        ),
        "uninstall": Spec("uninstall", options={"-f --force": "flag"}, operands="text+", effects="destroy"),
        # global writes ~/.pyenv/version (every shell's python); local writes .python-version here.
        "global": Spec("global", operands="text*", judge=_pyenv_global),
        "local": Spec(
            "local",
            options={"--unset": "flag"},
            operands="text*",
            judge=_pyenv_local,
        ),
        "exec": Spec("exec", operands="argv", posix=True),
    },
    examples={
        "pyenv versions": "",
        "pyenv version": "",
        "pyenv which python": "",
        "pyenv install 3.12.7": "network",
        "pyenv install --list": "network",
        "pyenv global 3.12.7": "config",
        "pyenv global": "",
        "pyenv local 3.11": "write:.python-version",
        "pyenv uninstall -f 3.10.0": "destroy",
        "pyenv exec python": "runs:python",
        "pyenv init -": "",
    },
)


VIRTUALENV = Spec(
    "virtualenv",
    version="virtualenv 21.15.11",
    summary="creates an environment at DEST (seeded from bundled wheels unless --download)",
    options={
        **_H,
        "--version --with-traceback --read-only-app-data --reset-app-data -v --verbose -q --quiet --clear": "flag",
        "--no-vcs-ignore --venv-redirect --no-venv-redirect --system-site-packages --symlinks --copies": "flag",
        "--no-seed --without-pip --no-download --never-download --no-pip --no-setuptools --no-wheel": "flag",
        "--no-periodic-update --symlink-app-data --always-copy": "flag",
        "--discovery --creator --seeder --activators --prompt --pip --setuptools --wheel": "val",
        "-p --python": "val:text",  # an interpreter name or path that is run to create the environment
        "--try-first-with": "val:load",
        "--app-data": "val:tree-write",
        "--extra-search-dir": "val:load",  # wheels installed into the environment
        "--download --upgrade-embed-wheels": "flag:network",
    },
    operands="tree-write",
    long_prefix=True,
    examples={
        "virtualenv .venv": "tree-write:.venv",
        "virtualenv -p python3.11 venv": "tree-write:venv",
        "virtualenv --download .venv": "network tree-write:.venv",
        "virtualenv ~/.local": "tree-write:~/.local",
        "virtualenv --extra-search-dir /tmp/w .venv": "load:/tmp/w tree-write:.venv",
        "virtualenv -p /tmp/x/python venv": "load:/tmp/x/python tree-write:venv",
        "virtualenv -p /usr/bin/python3.11 venv": "tree-write:venv",
    },
)


# --- pdm / hatch / twine -----------------------------------------------------------------------------------------


def _pdm_use(walked: Walk, argv: list[str]) -> None:
    """`pdm use 3.12` names a version; `pdm use /tmp/x/python` a program pdm starts to query it."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand"):
            if "/" in effect.value and outside(walked, effect.value):
                effect.kind = "script"
            else:
                walked.effects.remove(effect)  # a version, or the project's own interpreter


# An env file's variables reach the command run (PYTHONPATH, LD_PRELOAD...); a lockfile names what is installed.
_PDM_ENV_FILE = outside_loads(("--env-file",))
_PDM_LOCK = outside_loads(("-L", "--lockfile"))

_PDM_GLOBAL = {
    "-h --help -V --version -v --verbose -q --quiet --no-cache -I --ignore-python --pep582 -n --non-interactive": "flag",
    "-c --config": "val:load",
    "-p --project": "val:cd",
    "-g --global": "unknown",  # the user-wide project in ~/.pdm
}
_PDM_DEPS = {
    "-G --group --with --without --python": "val",
    "-L --lockfile": "val:read",  # a lockfile from elsewhere names any package URL to install (_PDM_LOCK)
    "-d --dev --prod --production --no-default --frozen-lockfile --no-lock --no-self --no-editable --dry-run": "flag",
    "--no-isolation --fail-fast -x --check --plugins --no-cross-platform --stable --save-safe-compatible": "flag",
    "-k --skip --venv -C --config-setting --exclude-newer-override": "val",
    "--override": "val:read",  # a constraints file
}
PDM = Spec(
    "pdm",
    version="pdm 2.29.4",
    summary="run runs a command; add/update/remove fetch from the index; install/sync install the lockfile",
    options=_PDM_GLOBAL,
    subcommands={
        "run": Spec(
            "run",
            options={
                "-l --list -s --site-packages --recreate --json -j": "flag",
                "--venv -k --skip --env": "val",
                "--env-file": "val:read",
                "--working-dir": "val:cd",
            },
            operands="argv",
            judge=_PDM_ENV_FILE,
            posix=True,
        ),
        "install sync": Spec("install", options=_PDM_DEPS, judge=_PDM_LOCK),
        "add update remove": Spec(
            "add",
            options={
                **_PDM_DEPS,
                "-e --editable -u --unconstrained -t --top --save-compatible --save-wildcard --save-exact": "flag",
                "--save-minimum --update-reuse --update-eager --update-all --pre --prerelease --outdated": "flag",
                "--update-reuse-installed --no-sync": "flag",
            },
            operands="text*",
            effects="network",
        ),
        "lock": Spec(
            "lock",
            options={
                **_PDM_DEPS,
                "--refresh --update-reuse --update-eager --static-urls --no-static-urls --exclude-newer": "flag",
                "--strategy -S --platform --implementation --append --groups": "val",
                "--update-reuse-installed": "flag",
            },
        ),
        "list show info search outdated fix completion": Spec(
            "list",
            options={
                "--tree --graph --json --csv --markdown --freeze --reverse -r --include --exclude --fields": "flag",
                "--venv": "val",
                "--sort --resolve --env --where --packages --python --version --keywords --name": "flag",
            },
            operands="text*",
        ),
        "build": Spec(
            "build",
            options={
                "--no-sdist --no-wheel --no-clean --no-isolation": "flag",
                "-k --skip": "val",
                "-C --config-setting": "val",
                "-d --dest": "val:tree-write",
            },
        ),
        "export": Spec(
            "export",
            options={
                **_PDM_DEPS,
                "-f --format --without-hashes --editable-self --self --expandvars --pyproject": "flag",
                "--no-extras --no-hashes --no-markers": "flag",
                "-o --output": "val:write",
            },
        ),
        "init new": Spec(
            "init",
            operands="text*",
            options={
                "--lib --dist -n": "flag",
                "--backend": "val",
                # the template's generation hooks (cookiecutter) and tasks (copier) run here
                "--copier --cookiecutter": "flag:unknown",
            },
        ),
        # `pdm use PATH` runs the interpreter named to ask its version: a program from elsewhere is a script.
        "use": Spec(
            "use",
            operands="read?",
            options={"-f --first -i --ignore-remembered --venv --auto-install-min": "flag"},
            judge=_pdm_use,
        ),
        "publish": Spec(
            "publish",
            options={
                "-r --repository -u --username --ca-certs --comment -i --identity -k --skip": "val",
                "-d --dest": "val:upload",
                "-P --password": "val:secret",
                "--no-build --skip-existing --sign -S --no-verify-ssl --no-very-ssl": "flag",
            },
            effects="publish",
        ),
        "config": Spec(
            "config", operands="text*", options={"-l --local -d --delete -e --edit": "flag"}, effects="config"
        ),
        "cache": Spec(
            "cache",
            subcommands={
                "info list": Spec("info", operands="text*"),
                "clear remove": Spec("clear", operands="text*", effects="destroy"),
            },
        ),
        "python py": Spec(
            "python",
            subcommands={
                "list": Spec("list"),
                "install": Spec("install", operands="text*", options={"--list -l": "flag"}, effects="network"),
                "remove": Spec("remove", operands="text*", effects="destroy"),
            },
        ),
        "self plugin import venv": Spec("self", operands="text*", effects="unknown"),
    },
    globals_anywhere=True,
    long_prefix=False,
    examples={
        "pdm run pytest": "runs:pytest",
        "pdm run --env-file /tmp/e pytest": "read:/tmp/e load:/tmp/e runs:pytest",
        "pdm install -L /tmp/x.lock": "read:/tmp/x.lock load:/tmp/x.lock",
        "pdm init --cookiecutter gh:x/y": "unknown",
        "pdm install": "",
        "pdm use 3.12": "",
        "pdm use /tmp/x/bin/python": "script:/tmp/x/bin/python",
        "pdm sync --prod": "",
        "pdm add requests": "network",
        "pdm update": "network",
        "pdm lock": "",
        "pdm list --tree": "",
        "pdm build": "",
        "pdm publish": "publish",
        "pdm config pypi.url http://x": "config",
        "pdm export -o requirements.txt": "write:requirements.txt",
        "pdm -p /tmp/x install": "cd:/tmp/x load:/tmp/x",
        "pdm -p /tmp/x run test": "cd:/tmp/x load:/tmp/x runs:test",
    },
)


HATCH = Spec(
    "hatch",
    version="hatch 1.18.2",
    summary="run/test/fmt/build are the project's work; env create installs from the index; publish publishes",
    options={
        "-h --help --version -v --verbose -q --quiet --color --no-color --interactive --no-interactive": "flag",
        "-e --env": "val",
        # a project name from the user's configuration: another directory whose environments and scripts run
        "-p --project": "val:unknown",
        "--data-dir --cache-dir": "val:tree-write",
        "--config": "val:load",
    },
    subcommands={
        "run": Spec("run", operands="argv", posix=True),
        "test": Spec(
            "test",
            options={
                "-h --help -r --randomize -p --parallel -c --cover --cover-quiet -a --all --cover-xml": "flag",
                "--cover-xml-output": "val:write",
                "-py --python": "val",
                "-s --show -i --include -x --exclude --retries --retry-delay": "val",
            },
            operands="text*",
        ),
        "fmt check": Spec(
            "fmt",
            options={"-h --help --check --linter -l --formatter -f --sync --preview --no-preview": "flag"},
            operands="text*",
        ),
        "build": Spec(
            "build",
            options={
                "-h --help -c --clean --hooks-only --no-hooks --ext --clean-hooks-after -a --all": "flag",
                "-t --target": "val",
            },
            operands="tree-write?",
        ),
        "clean": Spec("clean", options={"-h --help -t --target --hooks-only --no-hooks --ext": "flag"}),
        "version": Spec("version", options={"-h --help --force -f": "flag"}, operands="text?"),
        "status project dep": Spec("status", operands="text*", options={"-h --help": "flag"}),
        "lock": Spec(
            "lock", options={"-h --help --upgrade -U --check --export --export-all": "flag"}, operands="text*"
        ),
        "env": Spec(
            "env",
            subcommands={
                "show find": Spec("show", operands="text*", options={"-h --help --ascii --json -i --internal": "flag"}),
                "create": Spec("create", operands="text?", effects="network"),
                "remove prune": Spec("remove", operands="text?"),
                "run": Spec("run", operands="argv", options={"-e --env -i --include -x --exclude": "val"}, posix=True),
            },
        ),
        "new": Spec("new", options={"-h --help -i --interactive --cli --init": "flag"}, operands="text tree-write?"),
        "publish": Spec(
            "publish",
            options={
                "-h --help -n --no-prompt -y --yes --initialize-auth": "flag",
                "-r --repo -u --user -o --option -p --publisher": "val",
                "--ca-cert --client-cert --client-key": "val:read",
                "-a --auth": "val:secret",
            },
            operands="upload*",
            effects="publish",
        ),
        "config": Spec("config", operands="text*", effects="config"),
        "python": Spec(
            "python",
            subcommands={
                "show find": Spec("show", operands="text*"),
                "install update": Spec(
                    "install", operands="text*", options={"-d --dir --private -f --force": "flag"}, effects="network"
                ),
                "remove": Spec("remove", operands="text*", effects="destroy"),
            },
        ),
        "shell": Spec("shell", operands="text*", effects="unknown"),
        "self": Spec("self", operands="text*", effects="unknown"),
    },
    long_prefix=False,
    examples={
        "hatch run test": "runs:test",
        "hatch -p other run test": "unknown runs:test",
        "hatch run pytest": "runs:pytest",
        "hatch test": "",
        "hatch fmt --check": "",
        "hatch build": "",
        "hatch build ~/.config/x": "tree-write:~/.config/x",
        "hatch env create": "network",
        "hatch env show": "",
        "hatch version": "",
        "hatch publish": "publish",
        "hatch shell": "unknown",
        "hatch config set dirs.env.virtual .venv": "config",
    },
)


_TWINE_UPLOAD = {
    "-h --help --attestations -s --sign --non-interactive --skip-existing --verbose --disable-progress-bar": "flag",
    "-r --repository -u --username -c --comment -i --identity": "val",
    "--repository-url": "val:network",
    "-p --password": "val:secret",
    "--sign-with": "val:exec",
    "--config-file": "val:read",
    "--cert --client-cert": "val:read",
}
TWINE = Spec(
    "twine",
    version="twine 7.0.0",
    summary="upload and register publish (each file's content leaves the machine); check reads",
    options={"-h --help -v --version --no-color": "flag"},
    subcommands={
        "upload": Spec("upload", options=_TWINE_UPLOAD, operands="upload+", effects="publish"),
        "register": Spec("register", options=_TWINE_UPLOAD, operands="upload", effects="publish"),
        "check": Spec("check", options={"-h --help --strict": "flag"}, operands="read+"),
    },
    examples={
        "twine check dist/*": "read:dist/*",
        "twine upload dist/*": "publish upload:dist/*",
        "twine upload -r testpypi dist/pkg-1.0.tar.gz": "publish upload:dist/pkg-1.0.tar.gz",
        "twine upload --repository-url https://upload.example.com dist/x.whl": (
            "network:https://upload.example.com publish upload:dist/x.whl"
        ),
        "twine upload ~/.ssh/id_rsa": "publish upload:~/.ssh/id_rsa",
        "twine --version": "",
    },
)


# --- Hugging Face Hub -----------------------------------------------------------------------------------------

_HF_OUT = {"-h --help --json -q --quiet --no-truncate": "flag", "--format": "val"}
_HF_REPO = {"--type --repo-type --revision": "val", "--token": "val:secret"}


def _hf() -> dict[str, Spec]:
    return {
        "download": Spec(
            "download",
            options={
                **_HF_OUT,
                **_HF_REPO,
                "--include --exclude --max-workers": "val",
                "--force-download --no-force-download --dry-run --no-dry-run --resume-download": "flag",
                "--cache-dir --local-dir": "val:tree-write",
            },
            operands="text text*",
            effects="fetch",
        ),
        "upload upload-large-folder": Spec(
            "upload",
            options={
                **_HF_OUT,
                **_HF_REPO,
                "--private --no-private --create-pr --no-create-pr": "flag",
                "--include --exclude --delete --commit-message --commit-description --every --num-workers": "val",
            },
            operands="text upload*",  # REPO_ID [LOCAL_PATH [PATH_IN_REPO]]: both read strictly as uploads
            effects="publish",
        ),
        "auth": Spec(
            "auth",
            subcommands={
                # The token is stored in the cache directory (and, with --add-to-git-credential, git's helper).
                "login": Spec(
                    "login",
                    options={
                        **_HF_OUT,
                        "--token": "val:secret",
                        "--add-to-git-credential --no-add-to-git-credential --force --no-force": "flag",
                    },
                    effects="config",
                ),
                "logout switch": Spec("logout", options={**_HF_OUT, "--token-name": "val"}, effects="config"),
                "whoami list": Spec("whoami", options=_HF_OUT, effects="fetch"),
                "token": Spec("token", options=_HF_OUT, effects="secret"),
            },
        ),
        "cache": Spec(
            "cache",
            subcommands={
                "ls scan verify": Spec(
                    "ls",
                    options={
                        **_HF_OUT,
                        "--revisions --no-revisions --show-warnings --no-show-warnings": "flag",
                        "-f --filter --sort --limit": "val",
                        "--cache-dir --dir": "val",
                    },
                    operands="text*",
                ),
                "rm delete prune": Spec(
                    "rm",
                    options={**_HF_OUT, "-y --yes --dry-run --no-dry-run": "flag", "--cache-dir --dir": "val"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
        "repos repo": Spec(
            "repos",
            subcommands={
                # create_repo is public unless --private: a new public repository is publishing.
                "create": Spec(
                    "create",
                    options={**_HF_OUT, **_HF_REPO, "--private --no-private --exist-ok --no-exist-ok": "flag"},
                    operands="text",
                    effects="publish",
                ),
                "delete": Spec(
                    "delete",
                    options={**_HF_OUT, **_HF_REPO, "--missing-ok -y --yes": "flag"},
                    operands="text",
                    effects="destroy@force_ask",
                ),
            },
        ),
        "env version": Spec("env", options=_HF_OUT),
        # huggingface-cli (huggingface_hub 0.2x) spelled these at the top level.
        "login": Spec(
            "login",
            options={**_HF_OUT, "--token": "val:secret", "--add-to-git-credential": "flag"},
            effects="config",
        ),
        "logout": Spec("logout", options={**_HF_OUT, "--token-name": "val"}, effects="config"),
        "whoami": Spec("whoami", options=_HF_OUT, effects="fetch"),
        "scan-cache": Spec("scan-cache", options={**_HF_OUT, "--dir": "val", "-v --verbose": "flag"}),
        "delete-cache": Spec(
            "delete-cache", options={**_HF_OUT, "--dir": "val", "--disable-tui": "flag"}, effects="destroy"
        ),
        "models datasets spaces papers": Spec(
            "models",
            subcommands={
                "ls list info": Spec(
                    "ls",
                    options={
                        **_HF_OUT,
                        "--search --author --filter --sort --limit --expand": "val",
                        "--token": "val:secret",
                    },
                    operands="text*",
                    effects="fetch",
                ),
            },
        ),
    }


HF = Spec(
    "hf",
    aliases=("huggingface-cli",),
    version="huggingface_hub 2.4.0",
    summary="download fetches; upload and repos create publish; auth token prints the token; login stores it",
    options={"-h --help --version": "flag"},
    subcommands=_hf(),
    long_prefix=False,
    examples={
        "hf download gpt2": "fetch",
        "hf download meta-llama/Llama-3.2-1B --local-dir models/llama": "fetch tree-write:models/llama",
        "hf download gpt2 --local-dir ~/.config/x": "fetch tree-write:~/.config/x",
        "hf upload me/model . .": "publish upload:. upload:.",
        "hf upload me/model ~/.ssh/id_rsa": "publish upload:~/.ssh/id_rsa",
        "hf auth login": "config",
        "hf auth whoami": "fetch",
        "hf auth token": "secret",
        "hf cache ls": "",
        "hf cache rm model/gpt2 -y": "destroy",
        "hf repos create me/leak": "publish",
        "hf env": "",
        "huggingface-cli download gpt2": "fetch",
        "huggingface-cli login --token x": "config secret:x",
        "huggingface-cli scan-cache": "",
        "huggingface-cli delete-cache": "destroy",
        "hf jobs run python:3.12 python -c 'print(1)'": "unknown",
    },
)


# --- streamlit / locust / marimo ---------------------------------------------------------------------------------

# `streamlit run app.py --server.port 8501`: the configuration options that only set where and how it serves.
_STREAMLIT_CONFIG = frozenset(
    """--server.port --server.address --server.headless --server.runOnSave --server.fileWatcherType
    --server.baseUrlPath --server.maxUploadSize --browser.gatherUsageStats --browser.serverAddress
    --browser.serverPort --theme.base --theme.primaryColor --logger.level --client.toolbarMode
    --client.showErrorDetails --global.developmentMode --runner.magicEnabled""".split()
)


def _streamlit_judge(result: Walk, argv: list[str]) -> None:
    """Options after the script are the app's own argv, except the config ones streamlit reads before them."""
    for word in argv[2:]:
        name = word.split("=", 1)[0]
        if name.startswith("--") and "." in name and name not in _STREAMLIT_CONFIG:
            result.effects.append(Effect("unknown", "", f"the configuration option {name}"))


STREAMLIT = Spec(
    "streamlit",
    version="streamlit 1.40",
    summary="run SCRIPT serves the project's app (the script runs); hello runs a bundled demo",
    options={"-h --help --version --log_level": "flag"},
    subcommands={
        "run": Spec(
            "run",
            options={"-h --help": "flag"},
            operands="script text*",
            posix=True,
            judge=_streamlit_judge,
        ),
        "hello version docs": Spec("hello", options={"-h --help": "flag"}),
        "config": Spec("config", subcommands={"show": Spec("show")}),
        "cache": Spec("cache", subcommands={"clear": Spec("clear")}),
        "init": Spec("init", operands="tree-write?"),
        "activate": Spec("activate", subcommands={"reset": Spec("reset")}, effects="config"),
    },
    examples={
        "streamlit run app.py": "script:app.py",
        "streamlit run app.py --server.port 8502 --server.headless true": "script:app.py",
        "streamlit run /tmp/x.py": "script:/tmp/x.py",
        "streamlit run app.py --server.enableCORS=false": "script:app.py unknown",
        "streamlit hello": "",
        "streamlit cache clear": "",
    },
)


def _locust_judge(result: Walk, argv: list[str]) -> None:
    """Without --host the target is whatever the locustfile's `host` says: not on the command line."""
    if any(e.origin in ("-H", "--host") for e in result.effects):
        return
    if any(w in ("-h", "--help", "-V", "--version", "-l", "--list", "--show-task-ratio") for w in argv[1:]):
        return
    result.effects.append(Effect("network", "", "the host the locustfile names"))


LOCUST = Spec(
    "locust",
    version="locust 2.47.0",
    summary="a load test: sends its users' requests to --host; -f (default locustfile.py) is the script that runs",
    options={
        "-h --help -V --version -l --list --show-task-ratio --show-task-ratio-json --headless --autostart": "flag",
        "--only-summary --print-stats --reset-stats --skip-log-setup --web-login --csv-full-history": "flag",
        "--autoquit --exit-code-on-error --expect-workers-max-wait": "val",  # <seconds>, <int>, <int> (locust --help)
        "--json --equal-weights --skip-log --otel": "flag",
        "--profile -s": "val",
        "--config-users": "val:unknown",
        "--master --worker --enable-rebalancing --class-picker --modern-ui --legacy-ui": "flag",
        "-u --users -r --spawn-rate -t --run-time -i --iterations --stop-timeout --loglevel -L --tags -T": "val",
        "-E --exclude-tags --expect-workers --web-port -P --web-host --web-base-path --master-bind-host": "val",
        "--master-bind-port --master-port --processes": "val",
        "-f --locustfile": "val:script",
        "-H --host": "val:network",
        "--master-host": "val:network",
        "--csv --html --json-file --logfile": "val:write",
        "--config": "val:load",
        "--tls-cert --tls-key": "val:read",
        "--web-auth": "val:secret",
    },
    operands="text*",  # user classes to run
    long_prefix=True,
    judge=_locust_judge,
    examples={
        "locust -f locustfile.py --headless -u 10 -r 2 -t 30s --host http://localhost:8000": (
            "network:http://localhost:8000 script:locustfile.py"
        ),
        "locust --headless -u 5 -H http://127.0.0.1:8080": "network:http://127.0.0.1:8080",
        "locust -H https://victim.example.com -u 1000": "network:https://victim.example.com",
        "locust --headless -u 10": "network",
        "locust -f /tmp/x.py -H http://localhost": "network:http://localhost script:/tmp/x.py",
        "locust --csv-full-history -f /tmp/x.py -H http://localhost": "network:http://localhost script:/tmp/x.py",
        "locust --html ~/.bashrc -H http://localhost": "network:http://localhost write:~/.bashrc",
        "locust --version": "",
    },
)

_MARIMO_SERVE = {
    "-h --help --headless --watch --skip-update-check --include-code --no-include-code -y --yes --no-sandbox": "flag",
    "--skew-protection --no-skew-protection --trusted --untrusted --check --no-check --token": "flag",
    "--show-tracebacks --no-show-tracebacks --redirect-console-to-browser": "flag",
    "-p --port --host --base-url --proxy --allow-origins --session-ttl --timeout --arg": "val",
    "--token-password": "val:secret",
    "--token-password-file": "val:read",
    # A notebook server with no token runs code for anyone who reaches the port.
    "--no-token --execute-opengraph-generators": "unknown",
    "--sandbox": "flag:network",  # installs the notebook's inline dependencies
}
MARIMO = Spec(
    "marimo",
    version="marimo 0.25.2",
    summary="edit and run serve a notebook (a Python file that runs); export runs it too",
    options={"-h --help --version -d --development-mode -q --quiet -y --yes": "flag", "-l --log-level": "val"},
    subcommands={
        "edit run": Spec("edit", options=_MARIMO_SERVE, operands="script?"),
        "new tutorial env": Spec("new", options=_MARIMO_SERVE, operands="text*"),
        "export": Spec(
            "export",
            subcommands={
                "html html-wasm script md ipynb": Spec(
                    "html",
                    options={
                        "-h --help --watch --no-watch --include-code --no-include-code --sandbox -f --force": "flag",
                        "--mode": "val",
                        "-o --output": "val:write",
                    },
                    operands="script",
                )
            },
        ),
        "convert": Spec("convert", options={"-h --help": "flag", "-o --output": "val:write"}, operands="read"),
        "config": Spec("config", subcommands={"show describe": Spec("show")}),
    },
    examples={
        "marimo edit notebook.py": "script:notebook.py",
        "marimo run app.py --headless --port 2718": "script:app.py",
        "marimo edit": "",
        "marimo run app.py --sandbox": "network script:app.py",
        "marimo export html nb.py -o out.html": "script:nb.py write:out.html",
        "marimo convert nb.ipynb -o nb.py": "read:nb.ipynb write:nb.py",
    },
)


# --- pip-tools --------------------------------------------------------------------------------------------------

_PIP_INDEX = {
    "-i --index-url --extra-index-url": "val:network",
    # A find-links page or directory is where packages come from, as an index is: their builds run here.
    "-f --find-links": "val:network",
    "--trusted-host": "val",
    "--cert --client-cert": "val:read",  # a client certificate (with its key) is sent to the index
    "--no-index": "flag",
    "--pip-args": "unknown",  # arguments passed on to pip: anything pip accepts
}


def _pip_compile_sources(walked: Walk, argv: list[str]) -> None:
    """A source from outside the directory is code or options not judged here: setup.py / pyproject.toml are
    built (their backend runs) to read the metadata, a requirements file can carry `-e PATH`, `-i URL`,
    `-f URL`; a --config file sets any option (output-file, pip-args). Each is a load, judged by provenance."""
    for effect in list(walked.effects):
        if effect.kind != "read" or not (effect.origin.startswith("operand") or effect.origin == "--config"):
            continue
        if outside(walked, effect.value):
            walked.effects.append(Effect("load", effect.value, f"{effect.origin} (its build or options run here)"))


PIP_COMPILE = Spec(
    "pip-compile",
    version="pip-tools 7.6.2",
    summary="resolves the requirements it reads into a pinned file (a lock, as uv lock and poetry lock are)",
    options={
        **_H,
        **_PIP_INDEX,
        "--version --color --no-color -v --verbose -q --quiet -n --dry-run -p --pre -r --rebuild --all-extras": "flag",
        "--header --no-header --emit-trusted-host --no-emit-trusted-host --annotate --no-annotate": "flag",
        "-U --upgrade --no-upgrade --allow-unsafe --no-allow-unsafe --strip-extras --no-strip-extras": "flag",
        "--generate-hashes --reuse-hashes --no-reuse-hashes --build-isolation --no-build-isolation": "flag",
        "--emit-find-links --no-emit-find-links --emit-index-url --no-emit-index-url --emit-options": "flag",
        "--no-emit-options --no-config --all-build-deps --only-build-deps": "flag",
        "--extra -P --upgrade-package --uploaded-prior-to --annotation-style --newline --max-rounds": "val",
        "--resolver --unsafe-package --build-deps-for": "val",
        "-o --output-file": "val:write",
        "--cache-dir": "val:tree-write",
        "-c --constraint": "val:read",
        "--config": "val:read",
    },
    operands="read*",
    judge=_pip_compile_sources,
    examples={
        "pip-compile requirements.in": "read:requirements.in",
        "pip-compile /tmp/x/setup.py": "read:/tmp/x/setup.py load:/tmp/x/setup.py",
        "pip-compile --config /tmp/x.toml": "read:/tmp/x.toml load:/tmp/x.toml",
        "pip-compile -o requirements.txt pyproject.toml": "read:pyproject.toml write:requirements.txt",
        "pip-compile --generate-hashes --upgrade": "",
        "pip-compile -f https://x.example.com/wheels requirements.in": (
            "network:https://x.example.com/wheels read:requirements.in"
        ),
        "pip-compile --client-cert ~/.ssh/id_rsa requirements.in": "read:~/.ssh/id_rsa read:requirements.in",
        "pip-compile -i https://pypi.internal.example/simple req.in": (
            "network:https://pypi.internal.example/simple read:req.in"
        ),
        "pip-compile -o ~/.bashrc req.in": "read:req.in write:~/.bashrc",
    },
)
PIP_SYNC = Spec(
    "pip-sync",
    version="pip-tools 7.6.2",
    summary="installs exactly what the files pin, and uninstalls everything else: an install from the index",
    options={
        **_H,
        **_PIP_INDEX,
        "--version -a --ask -n --dry-run --force -v --verbose -q --quiet --no-config": "flag",
        "--user": "flag:config",
        "--python-executable": "val",
        "--config": "val:read",
    },
    operands="read*",
    effects="network",
    examples={
        "pip-sync requirements.txt": "network read:requirements.txt",
        "pip-sync": "network",
        "pip-sync --user requirements.txt": "config network read:requirements.txt",
    },
)


# --- database shells ----------------------------------------------------------------------------------------

# mycli / litecli / pgcli special commands spelled as words: `tee FILE` writes every result to FILE, `source FILE`
# runs a file of commands, `pager CMD` / `edit` / `watch` run programs or loop.
_SPECIAL_COMMAND = re.compile(r"(?:^|[;\n])\s*(?:tee|notee|source|pager|edit|watch|once)\b", re.IGNORECASE)

_SQL_CHANGES = re.compile(
    r"\b(insert|update|delete|drop|create|alter|replace|vacuum|attach|detach|reindex|truncate|upsert|analyze"
    r"|copy|export|import|install|load|pragma|set|checkpoint|grant|revoke|call|execute|merge|rename)\b",
    re.IGNORECASE,
)
# Functions and statements that read or write files or reach the network from SQL (DuckDB's readers and COPY, file
# functions of SQLite extensions, MySQL's LOAD DATA / INTO OUTFILE, PostgreSQL's server-side COPY and lo_*).
_SQL_FILES = re.compile(
    r"\b(read_\w+|write_\w+|copy|attach|install|load|export|import|glob|outfile|dumpfile|load_file|infile"
    r"|pg_read_\w+|lo_\w+|program|system|shell|getenv|sniff_csv|parquet_\w+|httpfs|from\s+'[^']*'|"
    r"duckdb_secrets|which_secret|current_setting|"
    r"from\s+\"[^\"]*\")\b|'[^']*(://|/)[^']*'",
    re.IGNORECASE,
)


def _sql_judge(
    db_origin: tuple[str, ...],
    sql_origin: tuple[str, ...],
    info_words: str,
    sql_operands: bool = False,
    init_origin: tuple[str, ...] = (),
) -> Callable[[Walk, list[str]], None]:
    """A database shell: SQL on the command line that only reads passes (the database file is read); SQL that
    changes data edits it; SQL that touches files, the network, extensions or secrets, or runs programs, is not
    modelled; meta-commands (`.shell`, `\\!`, `system`) too. Without SQL to run and exit (init SQL, `-cmd`, runs
    before the session) it is interactive, or reads SQL from standard input: not modelled."""

    def judge(result: Walk, argv: list[str]) -> None:
        def is_sql(e: Effect) -> bool:
            return (e.kind == "text" and e.origin in sql_origin + init_origin) or (
                sql_operands and e.kind == "network" and e.origin.startswith("operand")
            )

        sql = [e.value for e in result.effects if is_sql(e)]
        runs_and_exits = any(is_sql(e) and e.origin not in init_origin for e in result.effects)
        dbs = [e for e in result.effects if e.origin in db_origin]
        other = [e for e in result.effects if e not in dbs and not is_sql(e)]
        info = any(w in info_words.split() for w in argv[1:])  # prints something and exits
        effects: list[Effect] = [e for e in other if e.kind != "text"]
        changes = False
        for text in sql:
            if re.search(r"^\s*[.\\]|[;\n]\s*[.\\]|\bsystem\b|\\!", text) or _SPECIAL_COMMAND.search(text):
                effects.append(Effect("unknown", "", f"the meta-command in {text[:60]!r}"))
            elif _SQL_FILES.search(text):
                effects.append(
                    Effect("unknown", "", f"SQL that reads or writes files, or loads extensions ({text[:60]!r})")
                )
            elif _SQL_CHANGES.search(text):
                changes = True
        if not runs_and_exits and not info:
            effects.append(Effect("unknown", "", "an interactive session (or SQL from standard input)"))
            changes = True
        for db in dbs:
            if db.kind in ("read", "edit") and db.value not in ("", ":memory:"):
                effects.append(Effect("edit" if changes else "read", db.value, db.origin))
            elif db.kind not in ("read", "edit", "text"):
                effects.append(db)
        result.effects[:] = effects

    return judge


DUCKDB = Spec(
    "duckdb",
    version="DuckDB 1.1",
    single_dash=True,
    long_prefix=False,
    summary="a database shell: -c / SQL operands that only read pass; files, extensions and dot-commands ask",
    options={
        "-append -ascii -bail -batch -box -column -csv -echo -header -noheader -html -interactive -json -line": "flag",
        "-list -markdown -no-stdin -nullvalue -quote -table -version -help -safe": "flag",
        "-readonly": "flag",
        "-unsigned": "unknown",  # loads extensions without a signature check
        "-newline -separator": "val",
        "-c -s -cmd": "val:text",
        "-init": "val:script",
    },
    operands="read network*",  # the SQL after the database: recorded only so the judge can read it
    judge=_sql_judge(("operand 1",), ("-c", "-s"), "-help -version", sql_operands=True, init_origin=("-cmd",)),
    examples={
        "duckdb analytics.db -c 'select count(*) from events'": "read:analytics.db",
        "duckdb -c 'select 42'": "",
        "duckdb x.db 'delete from t'": "edit:x.db",
        "duckdb x.db": "edit:x.db unknown",
        "duckdb -c \"copy (select 1) to '/home/u/.bashrc'\"": "unknown",
        "duckdb -c \"select * from read_csv('~/.aws/credentials')\"": "unknown",
        "duckdb -c '.shell id'": "unknown",
        'duckdb -c "install httpfs"': "unknown",
        "duckdb -init /tmp/i.sql": "script:/tmp/i.sql unknown",
        "duckdb -version": "",
    },
)

LITECLI = Spec(
    "litecli",
    version="litecli 1.17.1",
    summary="an interactive SQLite shell; -e SQL that only reads passes",
    options={
        "--help -V --version --auto-vertical-output -t --table --csv --warn --no-warn": "flag",
        "-R --prompt": "val",
        "-D --database": "val:read",
        "-l --logfile": "val:write",
        "--liteclirc": "val:load",  # its configuration can name startup commands
        "-e --execute": "val:text",
    },
    operands="read?",
    judge=_sql_judge(("operand 1", "-D", "--database"), ("-e", "--execute"), "--help -V --version"),
    long_prefix=False,
    examples={
        "litecli app.db -e 'select * from users limit 5'": "read:app.db",
        "litecli app.db": "edit:app.db unknown",
        "litecli app.db -e 'drop table users'": "edit:app.db",
        "litecli app.db -e 'tee ~/.bashrc'": "read:app.db unknown",
        "litecli -l ~/.bashrc app.db -e 'select 1'": "write:~/.bashrc read:app.db",
    },
)


def _pgcli_hosts(result: Walk, argv: list[str]) -> None:
    from hookward.policy.specs.system import _pg_destinations

    connection = [
        e
        for e in result.effects
        if (e.kind == "network" and e.origin.startswith("operand"))
        or (e.kind == "text" and e.origin in ("-d", "--dbname"))
    ]
    result.effects[:] = [e for e in result.effects if e not in connection]
    for effect in connection:
        for host in _pg_destinations(effect.value):
            result.effects.append(Effect("network", host, "the connection string's host"))
    _sql_judge(
        (), ("-c", "--command"), "--help -v --version --list-dsn -l --list --ping", init_origin=("--init-command",)
    )(result, argv)


PGCLI = Spec(
    "pgcli",
    version="pgcli 4.7.1",
    summary="an interactive PostgreSQL shell; -c SQL that only reads passes; -h is where it connects",
    options={
        "--help -W --password -w --no-password --single-connection -v --version --list-dsn --less-chatty": "flag",
        "-t --tuples-only -l --list --ping --auto-vertical-output -y --yes": "flag",
        "-p --port -U --username -u --user --timeout --row-limit --application-name --prompt --prompt-dsn": "val",
        "--warn -D --dsn": "val",
        "-h --host": "val:network",
        "-d --dbname": "val:text",
        "--pgclirc": "val:load",
        "--ssh-tunnel": "val:network",
        "--log-file": "val:write",
        "--init-command -c --command": "val:text",
        "-f --file": "val:script",
    },
    operands="network*",  # dbname and user: the judge reads a connection string's host from them
    long_prefix=False,
    judge=_pgcli_hosts,
    examples={
        "pgcli -h localhost -U app -c 'select 1'": "network:localhost",
        "pgcli -h db.example.com -c 'select 1'": "network:db.example.com",
        "pgcli postgresql://u@evil.example:5432/db -c 'select 1'": "network:evil.example",
        "pgcli -h localhost app": "network:localhost unknown",
        "pgcli -c '\\! id'": "unknown",
        "pgcli -f /tmp/x.sql": "script:/tmp/x.sql unknown",
    },
)

MYCLI = Spec(
    "mycli",
    version="mycli 2.30.1",
    summary="an interactive MySQL shell; -e SQL that only reads passes; -h is where it connects",
    options={
        "--help --ssl-verify-server-cert -v --verbose -q --quiet --list-dsn --completions --resume": "flag",
        "--auto-vertical-output --show-warnings --no-show-warnings -t --table --csv --warn --no-warn": "flag",
        "--warn-batch --unbuffered --progress --use-keyring --checkup -V --version": "flag",
        "-P --port -u --user --username --ssl-mode --ssl-cipher --tls-version -D --database -d --dsn -R --prompt": "val",
        "-p --pass --password --charset --character-set": "val",
        "--toolbar --checkpoint --local-infile -g --login-path --format --throttle": "val",
        "--keepalive-ticks": "val",
        "-h --host --hostname": "val:network",
        "-S --socket": "val",
        "--password-file": "val:read",
        "--ssl-ca --ssl-cert --ssl-key --ssl-capath": "val:read",
        "-l --logfile": "val:write",
        "--myclirc": "val:load",
        "-e --execute --init-command": "val:text",
        "--batch": "val:script",
        "--vault-address --vault-mount --vault-secret --vault-password-field --vault-username-field": "unknown",
        "--ssh-jump --ssh-options --kubectl-resource --kubectl-options --boundary-id": "unknown",
    },
    operands="text?",
    long_prefix=False,
    judge=_sql_judge(
        (), ("-e", "--execute"), "--help -V --version --list-dsn --checkup", init_origin=("--init-command",)
    ),
    examples={
        "mycli -h localhost -u root -e 'show databases'": "network:localhost",
        "mycli -h db.example.com -e 'select 1'": "network:db.example.com",
        "mycli -e 'select load_file(\"/etc/passwd\")'": "unknown",
        "mycli -e 'system id'": "unknown",
        "mycli": "unknown",
    },
)


# --- dbt / ollama / mlflow / wandb -----------------------------------------------------------------------------

_DBT_COMMON = {
    "-h --help --debug -d --no-debug --fail-fast -x --no-fail-fast --full-refresh -f --no-version-check": "flag",
    "--warn-error --no-warn-error --use-colors --no-use-colors --quiet -q --no-quiet --log-cache-events": "flag",
    "--no-partial-parse --partial-parse --introspect --no-introspect --empty --no-empty --store-failures": "flag",
    "--indirect-selection --defer --no-defer --favor-state --no-favor-state --static-parser --no-static-parser": "flag",
    "--write-json --no-write-json --print --no-print --populate-cache --no-populate-cache --cache-selected-only": "flag",
    "-s --select -m --models --exclude --selector --resource-type --resource-types --exclude-resource-type": "val",
    "-t --target --vars --threads --profile --log-level --log-level-file --log-format --log-format-file": "val",
    # --output: ls's format; source freshness's report path (_dbt_source_output)
    "--warn-error-options --event-time-start --event-time-end --sample --output -o --output-keys": "val",
    "--project-dir": "val:cd",
    # profiles.yml holds the warehouse's credentials and chooses where every query goes.
    "--profiles-dir": "val:load",
    "--target-path --log-path": "val:tree-write",
    "--state --defer-state": "val:tree-read",
}


def _dbt_source_output(walked: Walk, argv: list[str]) -> None:
    """`dbt source freshness -o PATH` writes its JSON report at PATH (it queries the warehouse to make it)."""
    for index, word in enumerate(argv):
        name, equals, value = word.partition("=")
        if name in ("-o", "--output") and not equals and index + 1 < len(argv):
            value = argv[index + 1]
        elif word.startswith("-o") and len(word) > 2 and not word.startswith("--"):
            name, value = "-o", word[2:]
        if name in ("-o", "--output") and value:
            walked.effects.append(Effect("write", value, name))


def _dbt(name: str, effects: str = "", operands: str = "") -> Spec:
    return Spec(name, options=_DBT_COMMON, effects=effects, operands=operands, long_prefix=False)


DBT = Spec(
    "dbt",
    version="dbt-core 1.8",
    summary="run/build/seed/snapshot change the warehouse profiles.yml names; compile/test/ls/debug read",
    options={"-h --help --version": "flag"},
    subcommands={
        "run build seed snapshot run-operation retry clone": _dbt("run", "network", "text*"),
        "compile test ls list parse show debug": _dbt("compile", "", "text*"),
        "source": Spec(
            "source",
            options=_DBT_COMMON,
            effects="network",
            operands="text*",
            long_prefix=False,
            judge=_dbt_source_output,
        ),
        "docs": Spec(
            "docs",
            subcommands={
                "generate": _dbt("generate"),
                "serve": Spec("serve", options={**_DBT_COMMON, "--port --host --browser --no-browser": "flag"}),
            },
        ),
        "deps": _dbt("deps", "network"),  # packages are macros and models that run in later commands
        "clean": _dbt("clean"),
        "init": Spec(
            "init", options={**_DBT_COMMON, "--skip-profile-setup": "flag"}, operands="text?", effects="config"
        ),
    },
    globals_anywhere=True,
    long_prefix=False,
    examples={
        "dbt compile": "",
        "dbt compile --project-dir /tmp/p": "cd:/tmp/p load:/tmp/p",
        "dbt ls --select tag:nightly": "",
        "dbt test -s my_model": "",
        "dbt debug": "",
        "dbt parse": "",
        "dbt docs generate": "",
        "dbt run": "network",
        "dbt build --full-refresh": "network",
        "dbt run --profiles-dir /tmp/p": "load:/tmp/p network",
        "dbt deps": "network",
        "dbt ls -o json": "",
        "dbt source freshness -o ~/.bashrc": "network write:~/.bashrc",
        "dbt run-operation drop_schema": "network",
    },
)

OLLAMA = Spec(
    "ollama",
    version="ollama 0.5",
    summary="list/ps/show read the local server; run and pull fetch a model; rm deletes; push publishes",
    options={"-h --help -v --version": "flag"},
    subcommands={
        "list ls ps": Spec("list", options=_H, operands="text?"),
        "show": Spec(
            "show",
            options={**_H, "--license --modelfile --parameters --system --template -v --verbose": "flag"},
            operands="text",
        ),
        "run": Spec(
            "run",
            options={
                **_H,
                "--verbose --nowordwrap --insecure --hidethinking --think": "flag",
                "--format --keepalive": "val",
            },
            operands="text text*",
            effects="fetch",
        ),
        "pull": Spec("pull", options={**_H, "--insecure": "flag"}, operands="text", effects="fetch"),
        "push": Spec("push", options={**_H, "--insecure": "flag"}, operands="text", effects="publish"),
        "rm": Spec("rm", options=_H, operands="text+", effects="destroy"),
        "stop cp": Spec("stop", options=_H, operands="text+"),
        "serve": Spec("serve", options=_H),
        "create": Spec("create", options={**_H, "-q --quantize": "val", "-f --file": "val:read"}, operands="text"),
        "signin signout": Spec("signin", options=_H, effects="config"),
    },
    examples={
        "ollama list": "",
        "ollama ps": "",
        "ollama show llama3.2": "",
        "ollama run llama3.2 'hello'": "fetch",
        "ollama pull qwen2.5-coder:7b": "fetch",
        "ollama rm llama3.2": "destroy",
        "ollama push me/model": "publish",
        "ollama serve": "",
        "ollama create m -f Modelfile": "read:Modelfile",
        "ollama --version": "",
    },
)


def _mlflow_stores(walked: Walk, argv: list[str]) -> None:
    """A store given as a local path (`./mlruns`, `file:///x`, `sqlite:///x.db`) is a directory or database file
    the server writes (clients' uploads land in the artifact root); a remote URI (s3://, postgresql://) is not."""
    for effect in walked.effects:
        if effect.kind != "text":
            continue
        value = effect.value
        if value.startswith("sqlite:///"):
            effect.kind, effect.value = "write", value[len("sqlite:///") :]
        elif value.startswith("file://"):
            effect.kind, effect.value = "tree-write", value[len("file://") :]
        elif "://" not in value and ":" not in value.split("/")[0]:
            effect.kind = "tree-write"
    walked.effects[:] = [e for e in walked.effects if e.kind != "text"]


def _mlflow_doctor(walked: Walk, argv: list[str]) -> None:
    """`mlflow doctor --mask-envs` prints the variables' names with their values masked."""
    if "--mask-envs" in argv:
        walked.effects[:] = [e for e in walked.effects if e.kind != "env"]


MLFLOW = Spec(
    "mlflow",
    version="mlflow 2.18",
    summary="ui and server start a local tracking server; the rest is not modelled (asks)",
    options={"--help --version": "flag"},
    subcommands={
        "ui server": Spec(
            "ui",
            options={
                "--help --dev --serve-artifacts --no-serve-artifacts --artifacts-only --expose-prometheus": "flag",
                "-h --host -p --port -w --workers --app-name --static-prefix": "val",
                # where runs, models and uploaded artifacts are stored: a local path is written (_mlflow_stores)
                "--default-artifact-root --artifacts-destination --registry-store-uri --backend-store-uri": "val:text",
                "--gunicorn-opts --waitress-opts --uvicorn-opts": "val:unknown",
            },
            long_prefix=False,
            judge=_mlflow_stores,
        ),
        # Prints the MLFLOW_* variables with their values (MLFLOW_TRACKING_TOKEN, _PASSWORD) unless --mask-envs.
        "doctor": Spec("doctor", options={"--help --mask-envs": "flag"}, effects="env", judge=_mlflow_doctor),
    },
    examples={
        "mlflow ui": "",
        "mlflow server --default-artifact-root ~/.config/autostart": "tree-write:~/.config/autostart",
        "mlflow server --default-artifact-root s3://bucket/x": "",
        "mlflow doctor": "env",
        "mlflow doctor --mask-envs": "",
        "mlflow server --host 127.0.0.1 --port 5000 --backend-store-uri sqlite:///mlflow.db": "write:mlflow.db",
        "mlflow ui --gunicorn-opts '--config /tmp/x.py'": "unknown",
        "mlflow models serve -m runs:/x/model": "unknown",
    },
)

WANDB = Spec(
    "wandb",
    version="wandb 0.18",
    summary="login stores an API key; sync uploads runs; offline/online change settings; the rest asks",
    options={"--help --version": "flag"},
    subcommands={
        # The key is written to ~/.netrc.
        "login": Spec(
            "login",
            options={"--help --cloud --relogin --anonymously --verify --no-verify": "flag", "--host": "val:network"},
            operands="text?",  # an API key given here is stored, not printed
            effects="config",
        ),
        "logout": Spec("logout", options={"--help": "flag"}, effects="config"),
        "sync": Spec(
            "sync",
            options={
                "--help --sync-all --clean --clean-force --include-offline --include-online --include-synced": "flag",
                "--mark-synced --no-mark-synced --sync-tensorboard --no-sync-tensorboard --append --skip-console": "flag",
                "--view --verbose": "flag",  # flags: read as valued, they hid the next path uploaded
                "--clean-old-hours -p --project -e --entity --id --job_type": "val",
                "--exclude-globs --include-globs": "val",
            },
            operands="upload*",
            effects="publish",
        ),
        "offline online disabled enabled init": Spec("offline", options={"--help": "flag"}, effects="config"),
        "status": Spec("status", options={"--help --settings": "flag"}),
        "verify": Spec("verify", options={"--help": "flag", "--host": "val:network"}),
    },
    examples={
        "wandb login": "config",
        "wandb status": "",
        "wandb offline": "config",
        "wandb sync wandb/offline-run-x": "publish upload:wandb/offline-run-x",
        "wandb sync --verbose ~/.ssh": "publish upload:~/.ssh",
        "wandb agent me/proj/sweep": "unknown",
    },
)


# The system's and Homebrew's interpreters: a path there is the installed Python, as `python3` on the PATH is.
_SYSTEM_BIN = ("/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/opt/homebrew/opt/", "/usr/local/opt/")


def _interpreter_path(walked: Walk, argv: list[str]) -> None:
    """`virtualenv -p PATH` runs PATH to learn what it is (and builds the environment from it): an interpreter
    named by a path outside the command's directory is a load; a name (`python3.11`) is found on the PATH."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin in ("-p", "--python"):
            walked.effects.remove(effect)
            system = effect.value.startswith(_SYSTEM_BIN) and ".." not in effect.value.split("/")
            if "/" in effect.value and outside(walked, effect.value) and not system:
                walked.effects.append(Effect("load", effect.value, f"{effect.origin} (the interpreter it runs)"))


VIRTUALENV.judge = _interpreter_path


def _app_dir_loads(spec: Spec) -> Spec:
    """`gunicorn --chdir DIR`, `celery --workdir DIR`, `pdm -p DIR`: the app imported there (or the project whose
    scripts run) is code the command runs; a directory outside the command's directory is a load, judged by its
    provenance. Applied to the spec and every subcommand under it, after their own judges."""
    for sub in {id(s): s for s in spec.subcommands.values()}.values():
        _app_dir_loads(sub)
    own = spec.judge

    def judge(walked: Walk, argv: list[str]) -> None:
        if own is not None:
            own(walked, argv)
        for effect in list(walked.effects):
            if effect.kind == "cd" and effect.value and outside(walked, effect.value):
                walked.effects.append(Effect("load", effect.value, f"{effect.origin} (the code there runs)"))

    spec.judge = judge
    return spec


for _spec in (GUNICORN, CELERY, PDM, DBT):
    _app_dir_loads(_spec)

SPECS = [
    UVICORN,
    GUNICORN,
    FLASK,
    CELERY,
    ALEMBIC,
    DJANGO_ADMIN,
    IPYTHON,
    JUPYTER,
    TENSORBOARD,
    MKDOCS,
    SPHINX_BUILD,
    PYENV,
    VIRTUALENV,
    PDM,
    HATCH,
    TWINE,
    HF,
    STREAMLIT,
    LOCUST,
    MARIMO,
    PIP_COMPILE,
    PIP_SYNC,
    DUCKDB,
    LITECLI,
    PGCLI,
    MYCLI,
    DBT,
    OLLAMA,
    MLFLOW,
    WANDB,
]
