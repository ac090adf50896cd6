"""Package managers: JavaScript (npm, npx, pnpm, yarn, bun), Python (pip, pipx, uv, poetry, pipenv, conda),
Ruby (gem, bundle), Rust (cargo, rustup), Go, and system package managers (brew, apt, apt-get, dpkg).

What a package manager does that the policy cares about:
- it runs the project's own runner (`npm test`, `cargo build`, `go test`): routine, no effect here;
  what provenance judges (who wrote the runner definition) is the engine's business, not the spec's;
- it runs another command (`uv run CMD`, `poetry run CMD`, `conda run CMD`, `bundle exec CMD`,
  `npm exec CMD`): `argv`, so the command is judged as if it had been typed;
- it fetches and installs code (`install`, `add`, `get`): `network`; the fetch-and-run floor
  (floors._install_demands, npx / dlx / uvx / pipx run) judges where it comes from;
- it publishes (`npm publish`, `cargo publish`, `gem push`, `uv publish`), changes persistent
  configuration (`npm config set`, `go env -w`, `pip config set`, `poetry config`), prints secrets
  (`npm token`, `cargo login` takes one) or the environment (`npm run env`);
- it loads code or configuration named on the command line (`cargo --config`, `apt -o`): `load`.

Reference versions: npm 9.2 (Debian bookworm) checked against npm 10 `npm help`; pnpm 9; yarn 1.22 and
berry 4; bun 1.1; pip 23.0.1, uv 0.5, poetry 1.8, pipenv 2023, conda 24, gem 3.3, bundler 2.3,
cargo 0.66 (Debian bookworm) / 1.8x, go 1.19 (Debian bookworm) / 1.22, rustup 1.27, apt 2.6, dpkg 1.21.
Options not listed below are not modelled and ask, naming the option; npm and pnpm accept any
`--key=value` as configuration, so an unknown option there is exactly what must ask.
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Opt, Spec, Walk
from hookward.policy.specs._loads import forwarded_loads, local_packages, outside

_H = {"-h --help": "flag"}


class _Scripts(dict):  # type: ignore[type-arg]
    """`npm run NAME`: every name is a package.json script except the ones listed (`env` prints the environment)."""

    def __init__(self, named: dict[str, Spec], default: Spec) -> None:
        super().__init__(named)
        self.default = default

    def get(self, word: str, fallback: object = None) -> Spec:  # type: ignore[override]
        found = super().get(word)
        return found if found is not None else self.default


def _runs_scripts(spec: Spec, *, env_names: tuple[str, ...] = ("env",)) -> Spec:
    """Give a `run` subcommand its script names: any name runs that script; `env` prints the environment."""
    script = Spec("<script>", operands="text*", globals_anywhere=True, judge=forwarded_loads)
    named = {name: Spec(name, operands="text*", effects="env", globals_anywhere=True) for name in env_names}
    script.parent = spec
    for sub in named.values():
        sub.parent = spec
    spec.subcommands = _Scripts(named, script)
    return spec


# --- npm ------------------------------------------------------------------------------------------

_NPM_GLOBAL = {
    **_H,
    "-v --version": "flag",
    "--prefix -C": "val:cd",
    "-w --workspace": "val",
    "--workspaces --include-workspace-root --no-workspaces": "flag",
    "-s --silent -q --quiet -d --verbose": "flag",
    "--loglevel --color --audit-level --include --omit --install-strategy --location --tag --access": "val",
    "--cache": "val",
    "-y --yes --no -f --force --json -l --long -p --parseable -g --global": "flag",
    "--no-color --no-progress --progress --unicode --no-audit --no-fund --fund --audit --dry-run": "flag",
    "--ignore-scripts --foreground-scripts --if-present --legacy-peer-deps --strict-peer-deps": "flag",
    "--prefer-offline --prefer-online --offline --package-lock-only --no-package-lock --install-links": "flag",
    "-D --save-dev -P --save-prod -S --save -E --save-exact -O --save-optional -B --save-bundle": "flag",
    "--save-peer --no-save --production --dev --no-optional --global-style --legacy-bundling --all": "flag",
    "--registry": "val:network",
    "--otp": "val",
    "--userconfig --globalconfig --script-shell --node-options": "val:load",
}
_NPM_VIEW = Spec("view", operands="text*", globals_anywhere=True)


def _npm() -> Spec:
    subs: dict[str, Spec] = {
        "install i in ins inst insta instal isnt isnta isntal isntall add": Spec(
            "install", operands="text*", effects="network", globals_anywhere=True
        ),
        "ci clean-install ic install-clean isntall-clean": Spec("ci", effects="network", globals_anywhere=True),
        "install-test it install-ci-test cit": Spec("install-test", effects="network", globals_anywhere=True),
        "run run-script rum urn": _runs_scripts(Spec("run", operands="text*", globals_anywhere=True)),
        "test tst t start stop restart": Spec("test", operands="text*", globals_anywhere=True, judge=forwarded_loads),
        "exec x": Spec(
            "exec", operands="argv", options={"-c --call": "val:exec", "-p --package": "val"}, globals_anywhere=True
        ),
        "explore": Spec("explore", operands="text argv", globals_anywhere=True),
        "publish": Spec("publish", operands="text?", effects="publish", globals_anywhere=True),
        "unpublish deprecate": Spec("unpublish", operands="text*", effects="publish", globals_anywhere=True),
        "dist-tag dist-tags owner author access team org hook star unstar": Spec(
            "dist-tag", operands="text*", effects="publish", globals_anywhere=True
        ),
        "config c": Spec(
            "config",
            subcommands={
                "set delete rm del edit fix": Spec("set", operands="text*", effects="config", globals_anywhere=True),
                "get": Spec("get", operands="text*", effects="secret@ask", globals_anywhere=True),
                "list ls": Spec("list", globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        "set-script": Spec("set-script", operands="text*", effects="config", globals_anywhere=True),
        "pkg": Spec(
            "pkg",
            subcommands={
                "get": Spec("get", operands="text*", globals_anywhere=True),
                "set delete fix": Spec("set", operands="text*", effects="config", globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        "login adduser add-user logout": Spec(
            "login", options={"--auth-type": "val", "--scope": "val"}, effects="secret", globals_anywhere=True
        ),
        "token profile": Spec("token", operands="text*", effects="secret", globals_anywhere=True),
        "whoami ping doctor fund prefix root bin help-search completion": Spec(
            "whoami", operands="text*", globals_anywhere=True
        ),
        "ls list la ll": Spec("ls", operands="text*", options={"--depth": "val"}, globals_anywhere=True),
        "view info show v": _NPM_VIEW,
        "outdated search find s se explain why query sbom": Spec(
            "outdated", operands="text*", options={"--sbom-format": "val"}, globals_anywhere=True
        ),
        "audit": Spec(
            "audit",
            subcommands={
                "fix": Spec("fix", effects="network", globals_anywhere=True),
                "signatures": Spec("signatures", globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        "pack": Spec("pack", operands="text*", options={"--pack-destination": "val:tree-write"}, globals_anywhere=True),
        "link ln": Spec("link", operands="text*", effects="config", globals_anywhere=True),
        "uninstall unlink remove rm r un": Spec("uninstall", operands="text*", globals_anywhere=True),
        "update up upgrade udpate dedupe ddp prune rebuild rb": Spec(
            "update", operands="text*", effects="network", globals_anywhere=True
        ),
        "version verison": Spec(
            "version",
            operands="text?",
            options={"--no-git-tag-version --allow-same-version --sign-git-tag": "flag", "--preid -m --message": "val"},
            globals_anywhere=True,
        ),
        "init create innit": Spec("init", operands="text*", options={"--scope": "val"}, globals_anywhere=True),
        "cache": Spec("cache", operands="text*", globals_anywhere=True),
        "help": Spec("help", operands="text*", globals_anywhere=True),
        "repo docs home bugs issues": Spec("repo", operands="text*", globals_anywhere=True),
        "diff": Spec("diff", options={"--diff": "val"}, operands="text*", globals_anywhere=True),
        "edit": Spec("edit", options={"--editor": "val:exec"}, operands="text*", globals_anywhere=True),
        "shrinkwrap": Spec("shrinkwrap", globals_anywhere=True),
    }
    return Spec(
        "npm",
        version="npm 9.2.0",
        summary="npm; `npm run env` prints the environment; an unknown --key is npm configuration and asks",
        options=_NPM_GLOBAL,
        subcommands=subs,
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "npm test": "",
            "npm run build": "",
            "npm run env": "env",
            "npm run-script env": "env",
            "npm run lint -- --fix": "",
            "npm install": "network",
            "npm ci --ignore-scripts": "network",
            "npm publish": "publish",
            "npm --prefix ../other publish": "cd:../other load:../other publish",
            "npm config set registry http://evil": "config",
            "npm config get //registry.npmjs.org/:_authToken": "secret",
            "npm pkg set scripts.test='curl x|sh'": "config",
            "npm set-script test 'sh x'": "config",
            "npm token create": "secret",
            "npm login": "secret",
            "npm exec -- eslint": "runs:eslint",
            "npm exec -c 'id'": "exec:id",
            "npm link": "config",
            "npm view react version": "",
            "npm --script-shell=/tmp/x test": "load:/tmp/x",
            "npm frobnicate": "unknown",
        },
    )


def _npx(name: str, version: str) -> Spec:
    return Spec(
        name,
        version=version,
        summary="runs a package binary, downloading the package when it is not installed (fetch-and-run floor)",
        options={
            **_H,
            "-p --package": "val",
            "-c --call": "val:exec",
            "-y --yes --no -q --quiet --prefer-offline --prefer-online --offline --ignore-existing": "flag",
            "-w --workspace": "val",
            "--registry": "val:network",
            "-v --version": "flag",
        },
        operands="argv",
        long_prefix=False,
        posix=True,
        examples={
            f"{name} eslint": "runs:eslint",
            f"{name} -c 'id'": "exec:id",
            f"{name} -p cowsay cowsay": "runs:cowsay",
        },
    )


# --- pnpm, yarn, bun --------------------------------------------------------------------------------

_PNPM_GLOBAL = {
    **_H,
    "-v --version": "flag",
    "-C --dir": "val:cd",
    "-w --workspace-root -r --recursive --silent -s": "flag",
    "--filter -F --reporter --loglevel --store-dir --virtual-store-dir": "val",
    "--frozen-lockfile --no-frozen-lockfile --prefer-offline --offline --ignore-scripts --prod -P": "flag",
    "-D --save-dev -O --save-optional -E --save-exact -g --global --color --no-color --aggregate-output": "flag",
    "--parallel --stream --if-present --shamefully-hoist --strict-peer-dependencies --json": "flag",
    "--registry": "val:network",
    "--workspace-concurrency": "val",
    "--script-shell --node-options --config.script-shell": "val:load",
}


_PNPM_VALUED = frozenset(
    word for spelled, kind in _PNPM_GLOBAL.items() if kind.startswith("val") for word in spelled.split()
)


def _manifest_scripts(directory: str, manifest: str = "package.json") -> dict | None:
    """The `scripts` of directory/MANIFEST (package.json, composer.json), {} when there is none, None when it
    cannot be read."""
    import json
    import os

    from hookward.policy.safeio import read_regular

    if not directory:
        return {}
    try:
        data = json.loads(read_regular(os.path.join(directory, manifest), 1 << 20))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return None
    scripts = data.get("scripts") if isinstance(data, dict) else None
    return scripts if isinstance(scripts, dict) else {}


def _pnpm_implicit(walk: Walk, argv: list[str]) -> None:
    """`pnpm NAME ARGS` for a NAME that is no pnpm command runs the package.json script NAME (as `pnpm run`,
    judged by the runner's provenance like every pnpm call); without one, pnpm runs NAME as a program (as
    `pnpm exec`), which is then judged as typed. A package.json that cannot be read is not modelled."""
    import os

    words = argv[1:]
    i = 0
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in _PNPM_VALUED else 1
    if i >= len(words):
        return
    name, rest = words[i], words[i + 1 :]
    directory = walk.cwd
    for effect in walk.effects:
        if effect.kind == "cd" and effect.value:
            directory = os.path.join(directory, effect.value) if directory else ""
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]
    scripts = _manifest_scripts(directory)
    if scripts is None:
        walk.unknown.append(f"pnpm {name}: package.json cannot be read to tell a script from a program")
    elif name not in scripts:
        walk.rest = [name, *rest]


def _pnpm() -> Spec:
    subs = {
        "install i add update up upgrade fetch rebuild rb import": Spec(
            "install", operands="text*", effects="network", globals_anywhere=True
        ),
        "run run-script": _runs_scripts(Spec("run", operands="text*", globals_anywhere=True)),
        "test t tst start": Spec("test", operands="text*", globals_anywhere=True, judge=forwarded_loads),
        "exec": Spec("exec", operands="argv", options={"-c --shell-mode": "flag"}, globals_anywhere=True),
        # Without a package `pnpm dlx` prints its help and `pnpm create` "Missing the template package name"
        # (pnpm's dlx.ts / create.ts): nothing is fetched. `--package` is a package, so it is not idle.
        "dlx": Spec("dlx", operands="argv", options={"--package": "val"}, globals_anywhere=True, needs=1),
        "create": Spec("create", operands="text*", effects="network", globals_anywhere=True, needs=1),
        "publish": Spec("publish", operands="text?", effects="publish", globals_anywhere=True),
        "config c": Spec(
            "config",
            subcommands={
                "set delete": Spec("set", operands="text*", effects="config", globals_anywhere=True),
                "get": Spec("get", operands="text*", effects="secret@ask", globals_anywhere=True),
                "list": Spec("list", globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        # `pnpm set` / `pnpm get` are pnpm's own short forms of `pnpm config set|get` (never a program `set`).
        "set": Spec("set", operands="text*", effects="config", globals_anywhere=True),
        "get": Spec("get", operands="text*", effects="secret@ask", globals_anywhere=True),
        # Commands pnpm hands on to npm: what they do to the registry account and its packages.
        "unpublish deprecate dist-tag owner access team org hook star unstar": Spec(
            "unpublish", operands="text*", effects="publish", globals_anywhere=True
        ),
        "login adduser logout token profile": Spec("login", operands="text*", effects="secret", globals_anywhere=True),
        "pkg set-script version edit": Spec("pkg", operands="text*", effects="unknown", globals_anywhere=True),
        "list ls ll why outdated audit licenses root bin store help": Spec(
            "list", operands="text*", options={"--depth": "val"}, globals_anywhere=True
        ),
        "remove rm uninstall un unlink prune": Spec("remove", operands="text*", globals_anywhere=True),
        "link ln": Spec("link", operands="text*", effects="config", globals_anywhere=True),
        "init pack": Spec("init", operands="text*", globals_anywhere=True),
        "env": Spec("env", operands="text*", effects="config", globals_anywhere=True),
        # pnpm 9 commands not modelled (a word here is never taken for a script name)
        "deploy patch patch-commit patch-remove install-test it server setup self-update doctor dedupe cat-file "
        "cat-index find-hash approve-builds ignored-builds recursive multi m sbom catalog licenses": Spec(
            "deploy", effects="unknown", globals_anywhere=True
        ),
        "*": Spec("<script or program>", operands="text*", globals_anywhere=True, judge=_pnpm_implicit),
    }
    return Spec(
        "pnpm",
        version="pnpm 9.15",
        options=_PNPM_GLOBAL,
        subcommands=subs,
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "pnpm install": "network",
            "pnpm build": "runs:build",  # no package.json here: pnpm runs the program `build`
            "pnpm run build": "",
            "pnpm run env": "env",
            "pnpm exec vitest": "runs:vitest",
            "pnpm dlx create-vite": "runs:create-vite",
            "pnpm dlx": "",
            "pnpm dlx --package cowsay": "",
            "pnpm create": "",
            "pnpm create vite": "network",
            "pnpm -C packages/app test": "cd:packages/app",
            "pnpm publish": "publish",
            "pnpm set registry http://evil": "config",
            "pnpm c set registry http://evil": "config",
            "pnpm dist-tag add x@1 latest": "publish",
        },
    )


def _yarn() -> Spec:
    glob = {
        **_H,
        "-v --version": "flag",
        "--cwd": "val:cd",
        "-s --silent --verbose --frozen-lockfile --immutable --pure-lockfile --offline --prefer-offline": "flag",
        "--ignore-scripts --production --prod -D --dev -E --exact -T --tilde -P --peer -O --optional": "flag",
        "--json --no-progress --non-interactive --check-files --ignore-engines --inline-builds -W": "flag",
        "--ignore-workspace-root-check": "flag",
        "--mode": "val",
        "--registry": "val:network",
        "--modules-folder --cache-folder --network-timeout": "val",
        "--use-yarnrc --yarn-path": "val:load",
    }
    subs = {
        "install add upgrade up remove": Spec("install", operands="text*", effects="network", globals_anywhere=True),
        "run": _runs_scripts(Spec("run", operands="text*", globals_anywhere=True)),
        "test start": Spec("test", operands="text*", globals_anywhere=True, judge=forwarded_loads),
        "exec": Spec("exec", operands="argv", globals_anywhere=True),
        "dlx": Spec("dlx", operands="argv", options={"-p --package": "val", "-q --quiet": "flag"}),
        "create": Spec("create", operands="text*", effects="network", globals_anywhere=True),
        "publish npm": Spec("publish", operands="text*", effects="publish", globals_anywhere=True),
        "config": Spec(
            "config",
            operands="text*",
            subcommands={
                "set unset delete": Spec("set", operands="text*", effects="config", globals_anywhere=True),
                "get": Spec("get", operands="text*", effects="secret@ask", globals_anywhere=True),
                "list": Spec("list", globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        "list info why outdated audit licenses workspaces bin cache help": Spec(
            "list", operands="text*", options={"--depth": "val"}, globals_anywhere=True
        ),
        "workspace": Spec("workspace", operands="text argv", globals_anywhere=True),
        "link unlink global": Spec("link", operands="text*", effects="config", globals_anywhere=True),
        "login logout": Spec("login", effects="secret", globals_anywhere=True),
        "init pack version": Spec("init", operands="text*", globals_anywhere=True),
        "set": Spec("set", operands="text*", effects="config", globals_anywhere=True),
        "env": Spec("env", effects="env", globals_anywhere=True),
    }
    return Spec(
        "yarn",
        version="yarn 1.22.19 / 4.5",
        summary="yarn classic and berry; a bare `yarn NAME` runs a script or a binary, so it is not modelled",
        options=glob,
        subcommands=subs,
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "yarn install --frozen-lockfile": "network",
            "yarn run build": "",
            "yarn run env": "env",
            "yarn exec /bin/sh": "runs:/bin/sh",
            "yarn --cwd /tmp/x install": "cd:/tmp/x load:/tmp/x network",
            "yarn dlx create-react-app": "runs:create-react-app",
            "yarn publish": "publish",
            "yarn config set npmRegistryServer http://x": "config",
        },
    )


# Source files bun runs itself (`bun run x.ts`); a bare name is a package.json script.
_BUN_SOURCE = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")
_BUN_VALUED = frozenset({"--cwd", "-r", "--preload", "--require", "--import", "--env-file", "--config", "-c"})


def _bun_run_judge(result: Walk, argv: list[str]) -> None:
    """`bun run /tmp/x.js` runs that file, not a package.json script: a script, judged by where it came from."""
    words = argv[argv.index("run") + 1 :] if "run" in argv else []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in _BUN_VALUED
            continue
        if "/" in word or word.endswith(_BUN_SOURCE):
            result.effects.append(Effect("script", word, "operand 1"))
        return


def _bun_test_paths(result: Walk, argv: list[str]) -> None:
    """`bun test` operands are filters over the project's test files, except a path (`./x`, `/x`: bun's own
    rule), which bun runs as a test file: one outside the directory it runs in is code from elsewhere."""
    kept = []
    for effect in result.effects:
        if effect.kind == "read" and effect.origin.startswith("operand"):
            if effect.value.startswith(("/", "./", "../", "~")) and outside(result, effect.value):
                kept.append(Effect("load", effect.value, f"{effect.origin} (a test file it runs)"))
            continue
        kept.append(effect)
    result.effects[:] = kept


def _bun_file_judge(result: Walk, argv: list[str]) -> None:
    """`bun ./x.ts` is `bun run ./x.ts`: the first word that is not a global option (or its value) is a script."""
    skip = False
    for word in argv[1:]:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in _BUN_VALUED
            continue
        result.effects.append(Effect("script", word, "operand 1"))
        return


class _BunCommands(dict):  # type: ignore[type-arg]
    """bun's subcommands; a word that names a source file or a path is `bun run FILE` (`bun ./src/index.ts`)."""

    def __init__(self, subcommands: dict[str, Spec], file: Spec) -> None:
        super().__init__(subcommands)
        self.default = file  # `default`: what _judging_directory visits besides the named subcommands

    def get(self, word: str, fallback: object = None) -> Spec | None:  # type: ignore[override]
        found = super().get(word)
        if found is None and ("/" in word or word.endswith(_BUN_SOURCE)):
            return self.default
        return found


def _bun() -> Spec:
    glob = {
        **_H,
        "-v --version --revision --silent --bun --watch --hot --no-install --smol": "flag",
        "--cwd": "val:cd",
        "-r --preload --require --import": "val:load",
        "--env-file": "val:read",
        "--config -c": "val:load",
        "-e --eval -p --print": Opt(True, "code:node"),
    }
    subs = {
        "install i add a update remove rm": Spec(
            "install",
            operands="text*",
            effects="network",
            options={
                "-d --dev -D -g --global --frozen-lockfile --production -p --no-save --exact -E --optional": "flag",
                "--dry-run --force -f --ignore-scripts": "flag",
                "--registry": "val:network",
            },
            globals_anywhere=True,
        ),
        "run": Spec("run", operands="text text*", globals_anywhere=True, judge=_bun_run_judge),
        "test": Spec(
            "test",
            operands="read*",
            options={
                "--coverage --bail --watch --only --todo -u --update-snapshots --rerun-each --pass-with-no-tests": "flag",
                "-t --test-name-pattern --timeout --coverage-reporter --reporter": "val",
                "--coverage-dir --reporter-outfile": "val:write",
            },
            globals_anywhere=True,
            judge=_bun_test_paths,
        ),
        "x": Spec("x", operands="argv", globals_anywhere=True),
        "build": Spec(
            "build",
            operands="read*",
            options={
                "--outdir": "val:tree-write",
                "--outfile": "val:write",
                "--target --format --sourcemap --external -e --public-path --root --define --loader --entry-naming": "val",
                "--chunk-naming --asset-naming --env --conditions --packages": "val",
                "--minify --splitting --compile --production --no-bundle --minify-syntax --minify-whitespace": "flag",
                "--minify-identifiers --bytecode --watch --no-clear-screen --emit-dce-annotations": "flag",
            },
            globals_anywhere=True,
        ),
        # Compares the lockfile with the registry's latest versions: a registry read, nothing installed.
        "outdated": Spec(
            "outdated", operands="text*", effects="network", options={"-F --filter": "val"}, globals_anywhere=True
        ),
        "create init": Spec("create", operands="text*", effects="network", globals_anywhere=True),
        "publish": Spec("publish", operands="text*", effects="publish", globals_anywhere=True),
        "pm": Spec(
            "pm",
            subcommands={
                "ls bin hash hash-string hash-print version whoami untrusted default-trusted": Spec(
                    "ls", options={"--all -g --global": "flag"}, operands="text*", globals_anywhere=True
                ),
                "cache": Spec(
                    "cache",
                    subcommands={"rm": Spec("rm", effects="destroy", globals_anywhere=True)},
                    globals_anywhere=True,
                ),
                # Runs the lifecycle scripts of dependencies bun had blocked, and trusts them from then on.
                "trust": Spec("trust", options={"--all": "flag"}, operands="text*", effects="script config"),
                "pack": Spec("pack", options={"--dry-run": "flag", "--destination": "val:tree-write"}, operands=""),
                "migrate": Spec("migrate", effects="unknown"),
            },
            globals_anywhere=True,
        ),
        "link": Spec("link", operands="text*", effects="config", globals_anywhere=True),
        "upgrade": Spec("upgrade", effects="network", globals_anywhere=True),
    }
    spec = Spec(
        "bun",
        version="bun 1.1.38",
        summary="bun; `bun FILE` runs a script and `bun run NAME` a package.json script or a file",
        options=glob,
        subcommands=subs,
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "bun ./src/index.ts": "script:./src/index.ts",
            "bun --cwd app /tmp/x.js": "cd:app script:/tmp/x.js",
            "bun test ./test/a.test.ts auth": "",
            "bun test /tmp/x.test.ts": "load:/tmp/x.test.ts",
            "bun test --preload ./setup.ts": "load:./setup.ts",
            "bun pm ls": "",
            "bun pm cache rm": "destroy",
            "bun pm trust --all": "script config",
            "bun install": "network",
            "bun test": "",
            "bun run dev": "",
            "bun run /tmp/x.js": "script:/tmp/x.js",
            "bun run --cwd app ./src/index.ts": "cd:app script:./src/index.ts",
            "bun x vite": "runs:vite",
            "bun --preload /tmp/x.js test": "load:/tmp/x.js",
            "bun -e 'console.log(1)'": "code:node:console.log(1)",
            "bun build ./src/index.ts --outdir ~/.local/bin": "read:./src/index.ts tree-write:~/.local/bin",
            "bun publish": "publish",
        },
    )
    # A source file or a path where a subcommand goes is `bun run FILE`; bun passes the words after it to it.
    file = Spec("<file>", operands="text*", posix=True, literal_dashes=True, judge=_bun_file_judge)
    file.parent = spec
    spec.subcommands = _BunCommands(spec.subcommands, file)
    return spec


# --- Python -------------------------------------------------------------------------------------------

_PIP_GENERAL = {
    **_H,
    "-V --version -v --verbose -q --quiet --isolated --require-virtualenv": "flag",
    "--no-input --no-color --disable-pip-version-check --no-cache-dir": "flag",
    "--log --log-file": "val:write",
    "--proxy --retries --timeout --cert --client-cert --cache-dir --keyring-provider --exists-action": "val",
    "--trusted-host": "val:network",
    "--python": "val:script",
}
_PIP_INDEX = {
    "-i --index-url --extra-index-url -f --find-links": "val:network",
    "--no-index --pre --prefer-binary --no-deps --no-build-isolation --use-pep517 --no-use-pep517": "flag",
    "--only-binary --no-binary --platform --implementation --abi --progress-bar --python-version": "val",
    "--require-hashes --no-clean --check-build-dependencies --ignore-requires-python": "flag",
    "-r --requirement -c --constraint": "val:read",
    "-e --editable": "val:tree-read",
    "-C --config-settings --global-option --install-option --src": "val",
}


def _pip(name: str) -> Spec:
    install = Spec(
        "install",
        operands="text*",
        effects="network",
        options={
            **_PIP_INDEX,
            "-U --upgrade --force-reinstall -I --ignore-installed --user --break-system-packages": "flag",
            "--upgrade-strategy --no-warn-script-location --no-warn-conflicts --compile --no-compile": "flag",
            "--dry-run": "flag",
            "--report": "val:write",
            "-t --target --prefix --root": "val:tree-write",
            "--root-user-action": "val",
        },
        globals_anywhere=True,
        # Not `needs=1`: without a requirement on the line pip still installs what its configuration lists
        # (`[install] requirement = x.txt`), and one of the files it reads is the virtualenv's own pip.conf,
        # which the project (and so the agent) may write. A bare `pip install` is judged as an install.
    )
    download = Spec(
        "download",
        operands="text*",
        effects="network",
        options={**_PIP_INDEX, "-d --dest": "val:tree-write"},
        globals_anywhere=True,
    )
    wheel = Spec(
        "wheel",
        operands="text*",
        effects="network",
        options={**_PIP_INDEX, "-w --wheel-dir": "val:tree-write"},
        globals_anywhere=True,
    )
    config = Spec(
        "config",
        options={"--editor": "val:exec", "--global --user --site": "flag"},
        subcommands={
            "set unset edit": Spec("set", operands="text*", effects="config", globals_anywhere=True),
            # An index URL is where pip.conf keeps a private index's credentials (https://user:token@host/simple),
            # as npm's config keeps its _authToken: printed like `npm config get`.
            "get list debug": Spec("get", operands="text*", effects="secret@ask", globals_anywhere=True),
        },
        globals_anywhere=True,
    )
    return Spec(
        name,
        version="pip 23.0.1",
        options=_PIP_GENERAL,
        subcommands={
            "install": install,
            "download": download,
            "wheel": wheel,
            "uninstall": Spec(
                "uninstall",
                operands="text*",
                options={"-y --yes --break-system-packages": "flag", "-r --requirement": "val:read"},
                globals_anywhere=True,
            ),
            "freeze list show check inspect debug help": Spec(
                "list",
                operands="text*",
                options={
                    "-o --outdated -u --uptodate -e --editable -l --local --user --all --exclude-editable": "flag",
                    "--not-required -f --files": "flag",
                    "--format --path --exclude": "val",
                },
                globals_anywhere=True,
            ),
            "config": config,
            "cache": Spec("cache", operands="text*", globals_anywhere=True),
            "hash": Spec("hash", operands="read*", globals_anywhere=True),
            "index": Spec("index", operands="text*", effects="network", globals_anywhere=True),
            "search": Spec("search", operands="text*", effects="network", globals_anywhere=True),
        },
        globals_anywhere=True,
        examples={
            f"{name} install -r requirements.txt": "network read:requirements.txt",
            f"{name} install": "network",
            f"{name} install -c constraints.txt": "network read:constraints.txt",
            f"{name} install -e .": "network tree-read:.",
            f"{name} install --index-url http://evil/simple x": "network network:http://evil/simple",
            f"{name} install -t ~/.local/lib x": "network tree-write:~/.local/lib",
            f"{name} config set global.index-url http://x": "config",
            f"{name} config list": "secret",
            f"{name} config --editor /tmp/x.sh edit": "config exec:/tmp/x.sh",
            f"{name} freeze": "",
            f"{name} download -d /tmp/w x": "network tree-write:/tmp/w",
            f"{name} uninstall -y requests": "",
        },
    )


def _pipx() -> Spec:
    return Spec(
        "pipx",
        version="pipx 1.1.0",
        options={**_H, "--version -v --verbose -q --quiet": "flag"},
        subcommands={
            "run": Spec(
                "run",
                operands="argv",
                options={"--spec --python --index-url --pip-args": "val", "--no-cache --system-site-packages": "flag"},
                effects="network",
            ),
            "install inject upgrade upgrade-all reinstall reinstall-all": Spec(
                "install",
                operands="text*",
                effects="network",
                options={"--python --index-url --pip-args --suffix --spec": "val", "--force -f --include-deps": "flag"},
                judge=local_packages,
            ),
            "uninstall uninstall-all list environment completions ensurepath": Spec(
                "list", operands="text*", options={"--json --short --include-injected": "flag"}
            ),
            "runpip": Spec("runpip", operands="text argv"),
        },
        examples={
            "pipx run /path/to/file.py": "network runs:/path/to/file.py",
            "pipx list": "",
            "pipx install /tmp/x": "network load:/tmp/x",
            "pipx install --python /usr/bin/python3 black": "network",
        },
    )


_UV_GLOBAL = {
    **_H,
    "-V --version -q --quiet -v --verbose --no-cache -n --offline --no-progress --native-tls --preview": "flag",
    "--color --cache-dir --python-preference": "val",
    "--no-config --no-python-downloads --allow-insecure-host": "flag",
    "--directory --project": "val:cd",
    "--config-file": "val:load",
}
_UV_PROJECT = {
    "-p --python --extra --group --only-group --no-group --package --index-strategy --resolution": "val",
    "--all-extras --no-dev --dev --only-dev --frozen --locked --no-sync --all-packages --inexact --exact": "flag",
    "--no-install-project --no-install-workspace --no-editable --refresh --upgrade -U --isolated": "flag",
    "--index --default-index -i --index-url --extra-index-url -f --find-links": "val:network",
    "--env-file": "val:read",
    "--no-env-file --no-project --active --compile-bytecode --reinstall --no-build-isolation": "flag",
}


def _uv() -> Spec:
    pip = Spec(
        "pip",
        subcommands={
            "install sync": Spec(
                "install",
                operands="text*",
                effects="network",
                options={
                    **_UV_PROJECT,
                    "-r --requirements -c --constraints --overrides": "val:read",
                    "-e --editable": "val:tree-read",
                    "--system --break-system-packages --user --no-deps": "flag",
                    "-t --target --prefix": "val:tree-write",
                },
                globals_anywhere=True,
            ),
            "compile": Spec(
                "compile",
                operands="read*",
                options={**_UV_PROJECT, "-o --output-file": "val:write", "--universal --generate-hashes": "flag"},
                globals_anywhere=True,
            ),
            "uninstall list freeze show tree check": Spec(
                "list",
                operands="text*",
                options={"--system --outdated --strict --format": "flag", "-r --requirements": "val:read"},
                globals_anywhere=True,
            ),
        },
        globals_anywhere=True,
    )
    tool = Spec(
        "tool",
        subcommands={
            "run": Spec(
                "run",
                operands="argv",
                effects="network",
                options={**_UV_PROJECT, "--from --with": "val"},
                globals_anywhere=True,
            ),
            "install upgrade": Spec(
                "install",
                operands="text*",
                effects="network",
                options={**_UV_PROJECT, "--with --from --with-editable": "val", "--force": "flag"},
                globals_anywhere=True,
                judge=local_packages,
            ),
            "list uninstall dir update-shell": Spec("list", operands="text*", globals_anywhere=True),
        },
        globals_anywhere=True,
    )
    subs = {
        "run": Spec(
            "run",
            operands="argv",
            options={**_UV_PROJECT, "--with --with-editable --with-requirements --from": "val", "-m --module": "flag"},
            globals_anywhere=True,
        ),
        "sync lock": Spec("sync", options={**_UV_PROJECT, "--check --dry-run": "flag"}, globals_anywhere=True),
        "add remove": Spec(
            "add",
            operands="text*",
            effects="network",
            options={**_UV_PROJECT, "--optional --branch --tag --rev --bounds": "val", "--raw --editable": "flag"},
            globals_anywhere=True,
        ),
        "tree export": Spec(
            "tree",
            options={**_UV_PROJECT, "-o --output-file": "val:write", "--depth -d --format": "val"},
            globals_anywhere=True,
        ),
        "init": Spec(
            "init",
            operands="text?",
            options={**_UV_PROJECT, "--lib --app --bare --no-readme --script --no-workspace": "flag", "--name": "val"},
            globals_anywhere=True,
        ),
        "venv": Spec(
            "venv",
            operands="tree-write?",
            options={**_UV_PROJECT, "--seed --system-site-packages --clear": "flag", "--prompt": "val"},
            globals_anywhere=True,
        ),
        "build": Spec(
            "build",
            operands="text?",
            options={**_UV_PROJECT, "-o --out-dir": "val:tree-write", "--sdist --wheel": "flag"},
            globals_anywhere=True,
            judge=local_packages,
        ),
        "publish": Spec(
            "publish",
            operands="read*",
            effects="publish",
            options={"--token -t --password": "val:secret", "-u --username --publish-url --index": "val"},
            globals_anywhere=True,
        ),
        "python": Spec(
            "python",
            subcommands={
                "install": Spec("install", operands="text*", effects="network", globals_anywhere=True),
                "list find dir": Spec("list", operands="text*", globals_anywhere=True),
                # Removes managed interpreters, maybe the one a tool's environment (hookward's own) runs on.
                "uninstall": Spec(
                    "uninstall", operands="text*", options={"--all": "flag"}, effects="destroy", globals_anywhere=True
                ),
                "pin": Spec("pin", operands="text?", globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        "pip": pip,
        "tool": tool,
        "version": Spec("version", operands="text?", options={"--bump": "val"}, globals_anywhere=True),
        "cache": Spec(
            "cache",
            subcommands={
                "dir": Spec("dir", globals_anywhere=True),
                "clean prune": Spec("clean", operands="text*", options={"--ci": "flag"}, effects="destroy"),
            },
            globals_anywhere=True,
        ),
        "self": Spec("self", operands="text*", effects="network", globals_anywhere=True),
        "help": Spec("help", operands="text*", globals_anywhere=True),
    }
    return Spec(
        "uv",
        version="uv 0.5.11",
        options=_UV_GLOBAL,
        subcommands=subs,
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "uv run pytest": "runs:pytest",
            "uv run -- sh": "runs:sh",
            "uv sync": "",
            "uv tool install /tmp/x": "network load:/tmp/x",
            "uv tool install --from ../../tmp/x tool": "network load:../../tmp/x",
            "uv tool install ruff": "network",
            "uv build /tmp/x": "load:/tmp/x",
            "uv build": "",
            "uv python uninstall 3.11": "destroy",
            "uv python list": "",
            "uv cache clean": "destroy",
            "uv cache dir": "",
            "uv add requests": "network",
            "uv pip install -r requirements.txt": "network read:requirements.txt",
            "uv tool run ruff": "network runs:ruff",
            "uv publish": "publish",
            "uv --directory /tmp/x run make": "cd:/tmp/x load:/tmp/x runs:make",
            "uv run --env-file ~/.env python": "read:~/.env runs:python",
        },
    )


def _uvx() -> Spec:
    return Spec(
        "uvx",
        version="uv 0.5.11",
        summary="uv tool run: downloads a tool and runs it (fetch-and-run floor)",
        options={**_UV_GLOBAL, **_UV_PROJECT, "--from --with": "val"},
        operands="argv",
        effects="network",
        long_prefix=False,
        posix=True,
        examples={"uvx ruff": "network runs:ruff"},
    )


def _poetry() -> Spec:
    glob = {
        **_H,
        "-V --version -q --quiet -v -vv -vvv --verbose -n --no-interaction --ansi --no-ansi --no-plugins": "flag",
        "--no-cache": "flag",
        "-C --directory -P --project": "val:cd",
    }
    deps = {
        "--with --without --only -E --extras": "val",
        "--no-root --sync --all-extras --only-root --dry-run --compile --no-directory --lock": "flag",
    }
    return Spec(
        "poetry",
        version="poetry 1.8.3",
        options=glob,
        subcommands={
            "run": Spec("run", operands="argv", globals_anywhere=True),
            "install": Spec("install", options=deps, effects="network", globals_anywhere=True),
            "add remove update": Spec(
                "add",
                operands="text*",
                effects="network",
                options={**deps, "-G --group --source --python --platform": "val", "-D --dev --editable -e": "flag"},
                globals_anywhere=True,
            ),
            "lock check show search version about init new export": Spec(
                "lock",
                operands="text*",
                options={
                    **deps,
                    "--tree --latest -l --outdated --top-level --no-update --check --regenerate": "flag",
                    "-o --output": "val:write",
                    "-f --format --name": "val",
                },
                globals_anywhere=True,
            ),
            "build": Spec("build", options={"-f --format": "val"}, globals_anywhere=True),
            "publish": Spec(
                "publish",
                effects="publish",
                options={"-r --repository -u --username": "val", "-p --password": "val:secret", "--build": "flag"},
                globals_anywhere=True,
            ),
            "config": Spec(
                "config",
                operands="text*",
                effects="config",
                options={"--list --unset --local": "flag"},
                globals_anywhere=True,
            ),
            "env": Spec(
                "env",
                subcommands={
                    "info list": Spec("info", options={"-p --path --full-path -e --executable": "flag"}),
                    "use remove": Spec("use", operands="text*"),
                },
                globals_anywhere=True,
            ),
            "shell": Spec("shell", effects="unknown", globals_anywhere=True),
            "source": Spec("source", operands="text*", effects="config", globals_anywhere=True),
            "self": Spec("self", operands="text*", effects="network", globals_anywhere=True),
            "cache": Spec("cache", operands="text*", globals_anywhere=True),
        },
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "poetry run pytest": "runs:pytest",
            "poetry run bash": "runs:bash",
            "poetry install --no-root": "network",
            "poetry publish --build": "publish",
            "poetry config repositories.x http://x": "config",
        },
    )


def _pipenv() -> Spec:
    return Spec(
        "pipenv",
        version="pipenv 2023.12",
        options={
            **_H,
            "--version --where --venv --py --envs --rm --bare --clear -q --quiet -v --verbose --site-packages": "flag",
            "--python --pypi-mirror": "val",
        },
        subcommands={
            "run": Spec("run", operands="argv", globals_anywhere=True),
            "install sync update upgrade uninstall": Spec(
                "install",
                operands="text*",
                effects="network",
                options={
                    "-d --dev --deploy --system --skip-lock --ignore-pipfile --selective-upgrade": "flag",
                    "-r --requirements": "val:read",
                    "-i --index": "val:network",
                    "--categories": "val",
                },
                globals_anywhere=True,
            ),
            "lock graph check clean requirements verify scripts": Spec(
                "lock", operands="text*", options={"--dev -d --json --reverse": "flag"}, globals_anywhere=True
            ),
            "shell": Spec("shell", effects="unknown", globals_anywhere=True),
            "open": Spec("open", operands="text", effects="unknown", globals_anywhere=True),
        },
        globals_anywhere=True,
        examples={"pipenv run pytest": "runs:pytest", "pipenv install": "network"},
    )


def _conda(name: str) -> Spec:
    env_opts = {
        "-n --name": "val",
        "-p --prefix": "val:tree-write",
        "-y --yes -q --quiet --json -v --verbose --dry-run -d --offline --all --no-deps --force": "flag",
        "-c --channel": "val:network",
        "--override-channels --use-local --no-pin --solver --freeze-installed": "flag",
        "--file": "val:read",
    }
    _no_file = {k: v for k, v in env_opts.items() if k != "--file"}
    run = Spec(
        "run",
        operands="argv",
        options={
            "-n --name": "val",
            "-p --prefix": "val",
            "--cwd": "val:cd",
            "--live-stream --no-capture-output --dev -v --verbose": "flag",
        },
        posix=True,
    )
    return Spec(
        name,
        version="conda 24.9",
        options={**_H, "-V --version": "flag"},
        subcommands={
            "run": run,
            "install create update upgrade remove uninstall": Spec(
                "install", operands="text*", effects="network", options=env_opts
            ),
            "list info search doctor compare notices": Spec(
                "list", operands="text*", options={**env_opts, "-e --export --envs --explicit": "flag"}
            ),
            "env": Spec(
                "env",
                subcommands={
                    "list export": Spec(
                        "list", options={**_no_file, "-f --file": "val:write", "--from-history": "flag"}
                    ),
                    "create update remove": Spec(
                        "create", effects="network", options={**_no_file, "-f --file": "val:read"}
                    ),
                },
            ),
            "activate deactivate": Spec("activate", operands="text?"),
            "config": Spec(
                "config", operands="text*", effects="config", options={"--show --get --set --add --remove": "flag"}
            ),
            "clean": Spec("clean", options={"-a --all -y --yes -i --index-cache -p --packages -t --tarballs": "flag"}),
            "init": Spec("init", operands="text*", effects="config"),
        },
        examples={
            f"{name} run -n base sh": "runs:sh",
            f"{name} run -n env --cwd /tmp/w python": "cd:/tmp/w runs:python",
            f"{name} env list": "",
            f"{name} install -y numpy": "network",
            f"{name} config --set channels x": "config",
        },
    )


# --- Ruby ---------------------------------------------------------------------------------------------


def _gem() -> Spec:
    return Spec(
        "gem",
        version="gem 3.3.15",
        options={
            **_H,
            "-v --version -V --verbose -q --quiet --backtrace --debug --norc": "flag",
            "--config-file": "val:load",
        },
        subcommands={
            "install update": Spec(
                "install",
                operands="text*",
                effects="network",
                options={
                    "-v --version --platform --source -s": "val",
                    "-n --bindir -i --install-dir": "val:tree-write",
                    "--user-install --no-document -N --no-user-install --pre --prerelease --force -f --local -l": "flag",
                    "-g --file": "val:script",
                    "--remote -r --conservative --minimal-deps --no-ri --no-rdoc --development": "flag",
                },
            ),
            "push yank owner": Spec(
                "push", operands="read*", effects="publish", options={"-k --key --host --otp": "val"}
            ),
            "build": Spec("build", operands="script", options={"--force --strict": "flag", "-o --output": "val:write"}),
            "open": Spec("open", operands="text", options={"-e --editor": "val:exec", "-v --version": "val"}),
            "list search info contents which spec dependency environment env outdated query help": Spec(
                "list",
                operands="text*",
                options={"-r --remote -l --local -a --all -d --details -i --installed": "flag"},
            ),
            "uninstall cleanup": Spec("uninstall", operands="text*", options={"-a --all -x --executables -I": "flag"}),
            "sources": Spec(
                "sources", options={"-a --add -r --remove": "val", "-l --list -c --clear-all": "flag"}, effects="config"
            ),
            "signin signout": Spec("signin", effects="secret"),
        },
        examples={
            "gem install rails": "network",
            "gem push x.gem": "publish read:x.gem",
            "gem build x.gemspec": "script:x.gemspec",
            "gem open -e /bin/sh rdoc": "exec:/bin/sh",
            "gem install --file /tmp/x": "network script:/tmp/x",
        },
    )


def _bundle(name: str) -> Spec:
    return Spec(
        name,
        version="bundler 2.3.26",
        options={**_H, "-v --version -V --verbose --no-color -r --retry": "flag"},
        subcommands={
            "exec": Spec(
                "exec",
                operands="argv",
                options={"--keep-file-descriptors": "flag", "--gemfile": "val:script"},
                posix=True,
            ),
            "install update": Spec(
                "install",
                operands="text*",
                effects="network",
                options={
                    "--deployment --frozen --local --prefer-local --quiet --redownload --all --conservative": "flag",
                    "--clean --no-cache --full-index --force --system --verbose --no-prune --trust-policy": "flag",
                    "--gemfile": "val:script",
                    "--path --jobs -j --without --with --binstubs --standalone --retry": "val",
                },
            ),
            "check list show outdated info platform lock help version doctor licenses": Spec(
                "check", operands="text*", options={"--paths --dry-run --name-only": "flag", "--gemfile": "val:script"}
            ),
            "console": Spec("console", effects="unknown"),
            # `bundle config [list|get K|set K V|unset K]` and the old `bundle config K [V]`: a gem server's
            # setting (`gems.example.com`) holds its credentials; a list prints them all.
            "config": Spec(
                "config",
                operands="network*",
                options={"--global --local": "flag", "--delete": "flag:config", "-h --help": "flag:text=help"},
                judge=_bundle_config,
            ),
            "add remove": Spec("add", operands="text*", effects="network", options={"-v --version --group -g": "val"}),
            "init binstubs package cache clean pristine": Spec("init", operands="text*"),
        },
        examples={
            "bundle exec rspec": "runs:rspec",
            "bundle exec /bin/sh": "runs:/bin/sh",
            "bundle install": "network",
            "bundle config get path": "",
            "bundle config path": "",
            "bundle config set --local path vendor": "config",
            "bundle config --delete path": "config",
            "bundle config gems.example.com": "unknown",
            "bundle config": "unknown",
            "bundle config set --help": "",
            "bundle install --clean --quiet": "network",
        },
    )


# --- Rust -----------------------------------------------------------------------------------------------

_CARGO_GLOBAL = {
    **_H,
    "-V --version --list -q --quiet -v -vv --verbose --frozen --locked --offline": "flag",
    "--color --explain": "val",
    "-Z": "val",
    "-C": "val:cd",
    "--manifest-path": "val:cd",
    "--config": "val:load",
}
_CARGO_BUILD = {
    "-r --release --all-features --no-default-features --workspace --all --lib --bins --examples --tests": "flag",
    "--benches --all-targets --keep-going --ignore-rust-version --unit-graph --future-incompat-report": "flag",
    "--profile -F --features -p --package --exclude --bin --example --test --bench --target": "val",
    "-j --jobs --message-format": "val",
    "--timings": "opt",
    "--target-dir --out-dir --artifact-dir": "val:tree-write",
}


_MSRV_OPTIONS = {
    "--path --manifest-path --log-level --log-target --output-format": "val",
    "--no-log --no-user-output": "flag",
}


def _bundle_config(walk: Walk, argv: list[str]) -> None:
    words = [e.value for e in walk.effects if e.origin.startswith("operand ") and e.origin[8:].isdigit()]
    helped = any(e.kind == "text" and e.value == "help" for e in walk.effects)
    walk.effects = [e for e in walk.effects if not e.origin.startswith("operand")]
    if helped:
        walk.effects = []
        return
    verb, rest = (words[0], words[1:]) if words and words[0] in ("list", "get", "set", "unset") else ("", words)
    if verb in ("set", "unset") or (not verb and len(rest) > 1):
        walk.effects.append(Effect("config", "", "bundle config"))
    elif verb == "list" or not rest:
        walk.unknown.append("bundle config lists every setting, gem servers' credentials included: not modelled")
    elif "." in rest[0] or "__" in rest[0] or "/" in rest[0]:
        walk.unknown.append(f"bundle config {rest[0]!r}: a gem server's setting holds its credentials")


def _msrv_set(walk: Walk, argv: list[str]) -> None:
    walk.effects.append(Effect("edit", "Cargo.toml", "cargo msrv set"))


def _cargo_config_get(walk: Walk, argv: list[str]) -> None:
    """A key that is not a registry's or a credential's prints configuration only."""
    keys = [e.value for e in walk.effects if e.origin.startswith("operand")]
    walk.effects = [e for e in walk.effects if not e.origin.startswith("operand")]
    if not keys or any(re.search(r"token|registr|credential|secret|auth|^http|^net", k, re.I) for k in keys):
        walk.unknown.append("cargo config get of every setting, or of a registry's, is not modelled")


def _publish_dry_run(walk: Walk, argv: list[str]) -> None:
    """`cargo publish --dry-run` packages and verifies the crate (a build) and uploads nothing."""
    marks = [e for e in walk.effects if e.kind == "text" and e.value == "dry-run"]
    if marks:
        walk.effects = [e for e in walk.effects if e not in marks and e.kind != "publish"]


def publishes(argv: list[str]) -> bool:
    """Does this publish command publish? False only where its spec reads a dry run (`cargo publish -n`)."""
    from hookward.policy import specs
    from hookward.policy.spec import walk

    spec = specs.lookup(argv[0]) if argv else None
    if spec is None or spec.name != "cargo":
        return True
    walked = walk(spec, argv)
    return not walked.understood or any(e.kind == "publish" for e in walked.effects)


def _cargo_compiler_args(walk: Walk, argv: list[str]) -> None:
    """`cargo rustc -- ARGS` hands ARGS to rustc: they are judged by the rustc spec (a linker, a sysroot, a
    target-spec file run or load code). rustdoc's own arguments (`--test-runtool PROG`) are not modelled."""
    if "--" not in argv:
        return
    rest = argv[argv.index("--") + 1 :]
    if not rest:
        return
    if "rustdoc" in argv[: argv.index("--")]:
        walk.unknown.append("cargo rustdoc: the arguments after -- (rustdoc's own) are not modelled")
        return
    from hookward.policy.spec import walk as walk_spec
    from hookward.policy.specs import lookup

    rustc = lookup("rustc")
    if rustc is None:
        walk.unknown.append("cargo rustc: the arguments after -- are not modelled")
        return
    inner = walk_spec(rustc, ["rustc", *rest], walk.cwd)
    walk.effects.extend(inner.effects)
    walk.unknown.extend(inner.unknown)


def _cargo_subs() -> dict[str, Spec]:
    build = dict(_CARGO_BUILD)
    return {
        "build b check c": Spec("build", options=build, globals_anywhere=True),
        "test t bench": Spec(
            "test",
            operands="text*",
            options={**build, "--no-run --no-fail-fast --doc": "flag"},
            globals_anywhere=True,
        ),
        "run r": Spec("run", operands="text*", options=build, globals_anywhere=True),
        "clippy": Spec(
            "clippy",
            operands="text*",
            options={**build, "--fix --allow-dirty --allow-staged --no-deps": "flag"},
            globals_anywhere=True,
        ),
        "fmt": Spec(
            "fmt", operands="text*", options={"--all --check": "flag", "-p --package": "val"}, globals_anywhere=True
        ),
        "doc d": Spec(
            "doc",
            operands="text*",
            options={**build, "--open --no-deps --document-private-items": "flag"},
            globals_anywhere=True,
        ),
        # The words after `--` are rustc's (rustdoc's) own arguments: `-C linker=PROG` runs PROG.
        "rustc rustdoc": Spec(
            "rustc",
            operands="text*",
            options={
                **build,
                "--open --no-deps --document-private-items": "flag",
                "--crate-type --print": "val",
            },
            globals_anywhere=True,
            judge=_cargo_compiler_args,
        ),
        "fix": Spec(
            "fix",
            options={**build, "--edition --allow-dirty --allow-staged --edition-idioms --broken-code": "flag"},
            globals_anywhere=True,
        ),
        "clean": Spec(
            "clean",
            options={
                "-p --package --profile --target": "val",
                "--target-dir": "val:tree-delete",
                "-r --release --doc -n --dry-run --workspace": "flag",
            },
            globals_anywhere=True,
        ),
        "add remove rm update fetch generate-lockfile vendor": Spec(
            "add",
            operands="text*",
            effects="network",
            options={
                "-p --package -F --features --rename --git --branch --tag --rev --path --registry": "val",
                "--dev --build --optional --no-default-features --dry-run -n --aggressive -w --workspace": "flag",
                "--versioned-dirs --no-delete --respect-source-config --locked --offline --frozen": "flag",  # vendor
                "-s --sync": "val:read",  # vendor: more manifests
            },
            globals_anywhere=True,
        ),
        "install": Spec(
            "install",
            operands="text*",
            effects="network",
            options={
                **build,
                "--git --branch --tag --rev --path --root --index --registry --version": "val",
                "-f --force --list --debug": "flag",
            },
            globals_anywhere=True,
        ),
        "uninstall": Spec("uninstall", operands="text*", options={"--root -p --package": "val"}, globals_anywhere=True),
        "publish": Spec(
            "publish",
            effects="publish",
            judge=_publish_dry_run,
            options={
                **build,
                "--token": "val:secret",
                "--registry --index": "val",
                "--dry-run -n": "flag:text=dry-run",  # packages and builds it; uploads nothing
                "--no-verify --allow-dirty": "flag",
            },
            globals_anywhere=True,
        ),
        "yank owner": Spec(
            "yank",
            operands="text*",
            effects="publish",
            options={"--token": "val:secret", "--vers --version -a --add -r --remove": "val", "--undo": "flag"},
            globals_anywhere=True,
        ),
        "login": Spec(
            "login", operands="text?", effects="secret", options={"--registry": "val"}, globals_anywhere=True
        ),
        "logout": Spec("logout", options={"--registry": "val"}, effects="config", globals_anywhere=True),
        "search tree metadata pkgid locate-project read-manifest verify-project report version help info": Spec(
            "tree",
            operands="text*",
            options={
                "--limit --format-version --depth -e --edges -i --invert --format -p --package --target --id": "val",
                "--no-deps --all-features -d --duplicates --workspace --plain": "flag",
                "--message-format": "val",
            },
            globals_anywhere=True,
        ),
        "new init": Spec(
            "new",
            operands="text?",
            options={"--lib --bin": "flag", "--vcs --name --edition": "val"},
            globals_anywhere=True,
        ),
        "package": Spec(
            "package", options={**build, "--list -l --no-verify --allow-dirty": "flag"}, globals_anywhere=True
        ),
        "nextest": Spec(
            "nextest", operands="text*", options={**build, "--no-fail-fast": "flag"}, globals_anywhere=True
        ),
        # Plugins (cargo-udeps 0.1, cargo-msrv 0.16, cargo-vet 0.10, cargo-public-api 0.38, cargo-geiger 0.11,
        # cargo-criterion 1.1, cargo-cyclonedx 0.5): each builds or inspects the project like `cargo check`.
        # Options they list that are not declared here ask. `cargo msrv find/verify` install toolchains (unknown);
        # `cargo vet check/suggest` fetch audit imports (data, like `cargo fetch`): network.
        # msrv's `-- CMD` (a custom check) is not
        # declared, so it asks.
        "udeps": Spec("udeps", options={**build, "--backend": "val"}, globals_anywhere=True),
        "geiger": Spec(
            "geiger",
            options={**build, "--all-dependencies": "flag", "--output-format": "val"},
            globals_anywhere=True,
        ),
        "public-api": Spec(
            "public-api", options={**build, "-s --simplified": "flag", "--omit": "val"}, globals_anywhere=True
        ),
        "criterion": Spec("criterion", operands="text*", options=build, globals_anywhere=True),
        "cyclonedx": Spec(
            "cyclonedx",
            options={
                "-a --all --all-features --no-default-features --top-level -q --quiet": "flag",
                "-f --format --spec-version": "val",
            },
            globals_anywhere=True,
        ),
        "msrv": Spec(
            "msrv",
            options=_MSRV_OPTIONS,
            subcommands={
                "list show": Spec("list", options={"--variant --output-format --path": "unknown"}),
                # They install Rust toolchains with rustup (like `rustup toolchain install`: network) and build
                # the crate with each; `-- CMD` is a custom check command that runs.
                "find verify": Spec(
                    "find",
                    effects="network",
                    options={
                        **_MSRV_OPTIONS,
                        "--rust-version --min --max --release-source --target --features --component": "val",
                        "--bisect --linear --include-all-patch-releases --no-check-feedback --ignore-lockfile": "flag",
                        "--all-features --no-default-features": "flag",
                        "--write-msrv": "flag:edit=Cargo.toml",
                    },
                    operands="argv",
                ),
                # Writes the rust-version into the crate's Cargo.toml.
                "set": Spec("set", operands="text", options=_MSRV_OPTIONS, judge=_msrv_set),
            },
        ),
        # `cargo config get [KEY]` (unstable): prints configuration; with no key, every setting, where a
        # registry token may be kept.
        "config": Spec(
            "config",
            options={"-Z": "val"},
            subcommands={
                "get": Spec(
                    "get",
                    operands="network?",
                    options={"--format --merged": "val", "--show-origin": "flag", "-Z": "val"},
                    judge=_cargo_config_get,
                    globals_anywhere=True,
                ),
            },
            globals_anywhere=True,
        ),
        # cargo-about 0.6: a license listing rendered from a handlebars template.
        "about": Spec(
            "about",
            subcommands={
                "generate": Spec(
                    "generate",
                    operands="read*",
                    options={
                        "--format --features --threshold --target -n --name": "val",
                        "-o --output-file": "val:write",
                        "-c --config": "val:read",
                        "--all-features --no-default-features --workspace --fail --frozen --locked --offline": "flag",
                        "-m --manifest-path": "val:read",
                    },
                    globals_anywhere=True,
                ),
                "init": Spec("init", options={"--overwrite --no-handlebars": "flag"}, globals_anywhere=True),
            },
            globals_anywhere=True,
        ),
        "vet": Spec(
            "vet",
            subcommands={
                "dump-graph explain-audit": Spec("dump-graph", operands="text*", options={"--depth": "val"}),
                "check suggest": Spec("check", effects="network", options={"--locked --frozen": "flag"}),
            },
        ),
    }


def _cargo() -> Spec:
    subs = _cargo_subs()
    for toolchain in ("+stable", "+beta", "+nightly"):
        subs[toolchain] = Spec(toolchain, subcommands=_cargo_subs(), globals_anywhere=True)
    return Spec(
        "cargo",
        version="cargo 1.83.0",
        summary="cargo; any --config is treated as loading code (build.rustc-wrapper, target.*.runner run programs)",
        options=_CARGO_GLOBAL,
        subcommands=subs,
        globals_anywhere=True,
        long_prefix=False,
        bundling=True,
        examples={
            "cargo test": "",
            "cargo build --release": "",
            "cargo +nightly fmt --all": "",
            "cargo publish": "publish",
            "cargo login": "secret",
            "cargo --config 'build.rustc-wrapper=\"/tmp/x\"' build": 'load:build.rustc-wrapper="/tmp/x"',
            "cargo --manifest-path ../other/Cargo.toml build": "cd:../other/Cargo.toml",
            "cargo install ripgrep": "network",
            "cargo build --target-dir ~/.local/bin": "tree-write:~/.local/bin",
            "cargo test -- --nocapture": "",
            "cargo frobnicate": "unknown",
            "cargo udeps --all-features --workspace": "",
            "cargo msrv list": "",
            "cargo msrv find": "network",
            "cargo msrv verify -- ./check.sh": "network runs:./check.sh",
            "cargo msrv find --write-msrv": "network edit:Cargo.toml",
            "cargo publish --dry-run": "",
            "cargo publish -n --registry x": "",
            "cargo config get build.target": "",
            "cargo config get": "unknown",
            "cargo config get registries.crates-io.token": "unknown",
            "cargo about generate -o licenses.html about.hbs": "write:licenses.html read:about.hbs",
            "cargo clean --workspace --release": "",
            "cargo msrv set 1.70": "edit:Cargo.toml",
            "cargo vet dump-graph --depth full": "",
            "cargo vet check": "network",
            "cargo rustc --release -- -C linker=/tmp/x": "load:/tmp/x",
            "cargo rustc -- -C opt-level=3": "",
            "cargo rustc --lib -- --sysroot /tmp/s": "load:/tmp/s",
            "cargo rustdoc -- --test-runtool /tmp/x": "unknown",
            "cargo rustdoc --open": "",
        },
    )


def _rustup() -> Spec:
    return Spec(
        "rustup",
        version="rustup 1.27.1",
        options={**_H, "-V --version -v --verbose -q --quiet": "flag"},
        subcommands={
            "show": Spec("show", operands="text*"),
            "update upgrade install check": Spec(
                "update",
                operands="text*",
                effects="network",
                options={"--no-self-update --force": "flag", "--profile": "val"},
            ),
            "toolchain": Spec(
                "toolchain",
                subcommands={
                    "list": Spec("list", options={"-v --verbose": "flag"}),
                    "install uninstall": Spec(
                        "install",
                        operands="text*",
                        effects="network",
                        options={"--profile -c --component -t --target": "val", "--no-self-update --force": "flag"},
                    ),
                    "link": Spec("link", operands="text load", effects="config"),
                },
            ),
            "default set": Spec("default", operands="text*", effects="config"),
            "override": Spec("override", operands="text*", effects="config", options={"--path": "val"}),
            "target component": Spec(
                "target",
                subcommands={
                    "add remove": Spec("add", operands="text*", effects="network", options={"--toolchain": "val"}),
                    "list": Spec("list", options={"--installed": "flag", "--toolchain": "val"}),
                },
            ),
            "run": Spec("run", operands="text argv", options={"--install": "flag"}),
            "which doc completions help": Spec(
                "which", operands="text*", options={"--toolchain": "val", "--path --std --book": "flag"}
            ),
            "self": Spec("self", operands="text*", effects="network"),
        },
        examples={
            "rustup --version": "",
            "rustup target add wasm32-unknown-unknown": "network",
            "rustup run x sh": "runs:sh",
            "rustup toolchain link x /tmp/t": "config load:/tmp/t",
        },
    )


# --- Go -------------------------------------------------------------------------------------------------


def _go_flags(flags: dict[str, str]) -> dict[str, str]:
    """Go's flag package accepts -name and --name alike."""
    return {" ".join(w for word in key.split() for w in (word, "-" + word)): value for key, value in flags.items()}


_GO_BUILD = {
    "-a -n -race -msan -asan -cover -v -work -x -linkshared -modcacherw -trimpath -json -i": "flag",
    "-p -coverpkg -covermode -asmflags -buildmode -buildvcs -compiler -gcflags -installsuffix": "val",
    "-mod -tags": "val",
    "-pgo": "val:read",
    # A go.mod (its replace lines), an overlay of source files and a directory of compiled packages choose the
    # code that is built and run.
    "-modfile -overlay -pkgdir": "val:load",
    "-toolexec": "val:exec",
    "-ldflags -gccgoflags": "val:text",  # judged by _go_link_flags
}
# Linker flags that name a program the go linker runs (the external linker, its archiver) or hand words on to
# it (which may name a plugin, `-fuse-ld=PATH`, `-B DIR`).
_GO_LINKER_PROGRAM = re.compile(r"^--?(extld|extar|extldflags)(=|$)")


def _go_link_flags(result: Walk, argv: list[str]) -> None:
    """`-ldflags='[pattern=]-s -w -X main.v=1'` is routine; `-extld=PROG`, `-extar`, `-extldflags` run or
    configure another program; `-gccgoflags` are gccgo's (gcc's) own options, not modelled."""
    kept = []
    for effect in result.effects:
        if effect.kind != "text" or effect.origin.lstrip("-") not in ("ldflags", "gccgoflags"):
            kept.append(effect)
            continue
        value = effect.value
        if re.match(r"^[^\s=-][^\s=]*=", value):
            value = value.split("=", 1)[1]  # `all=-N`, `./cmd/...=-s`: the package pattern the flags apply to
        words = value.replace("'", " ").replace('"', " ").split()
        if effect.origin.lstrip("-") == "gccgoflags" and words:
            result.unknown.append("go -gccgoflags (gccgo's own options) are not modelled")
        for index, word in enumerate(words):
            if _GO_LINKER_PROGRAM.match(word):
                program = word.split("=", 1)[1] if "=" in word else (words[index + 1] if index + 1 < len(words) else "")
                kept.append(Effect("load", "" if "extldflags" in word else program, f"-ldflags {word.split('=')[0]}"))
    result.effects = kept


def _go_test_packages(result: Walk, argv: list[str]) -> None:
    """`go test` builds and runs the tests of the packages it is given: a directory pattern or .go file outside
    the directory it runs in (`go test /tmp/x_test.go`, `go test ../../tmp/evil/...`) is code from elsewhere
    (a load); import paths (`example.com/x/...`) are modules the go command fetches or has. The patterns are
    not files read, so they are no effect of their own."""
    kept = []
    for effect in result.effects:
        if effect.kind == "read" and effect.origin.startswith("operand"):
            value = effect.value
            local = value.startswith((".", "/", "~")) or value.endswith(".go")
            if local and outside(result, value.removesuffix("/...").removesuffix("...") or "."):
                kept.append(Effect("load", value, f"{effect.origin} (a package it builds and runs)"))
            continue
        kept.append(effect)
    result.effects[:] = kept
    _go_link_flags(result, argv)


def _go_run_files(result: Walk, argv: list[str]) -> None:
    """`go run main.go x.go ARGS`: the .go files before the program's arguments are built and run: scripts,
    judged by their provenance (a file the same line wrote, `cat > main.go ...; go run main.go`, asks)."""
    words = argv[argv.index("run") + 1 :] if "run" in argv else []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            name = word.split("=", 1)[0].lstrip("-")
            opt = result.spec.longs.get("-" + name)
            skip = opt is not None and opt.takes and "=" not in word
            continue
        if not word.endswith(".go"):
            break
        result.effects.append(Effect("script", word, "a .go file it builds and runs"))
    _go_link_flags(result, argv)


def _judging_go(spec: Spec) -> Spec:
    """Every go subcommand that takes the build flags judges its -ldflags (none of them had a judge)."""
    for node in spec.subcommands.values():
        if any("-ldflags" in key.split() for key in node._raw_options):
            assert node.judge is None, node.name
            node.judge = {"test": _go_test_packages, "run": _go_run_files}.get(node.name, _go_link_flags)
    return spec


def _go() -> Spec:
    build_opts = _go_flags({**_GO_BUILD, "-o": "val:write"})
    test_opts = _go_flags(
        {
            **_GO_BUILD,
            "-o": "val:write",
            "-exec": "val:exec",
            "-vettool": "val:exec",
            "-run -bench -benchtime -count -cpu -list -parallel -skip -timeout -shuffle -fuzz -fuzztime -fuzzminimizetime": "val",
            "-vet": "val",
            "-benchmem -failfast -short -c -fullpath": "flag",
            "-coverprofile -cpuprofile -memprofile -blockprofile -mutexprofile -trace": "val:write",
            "-memprofilerate -blockprofilerate -mutexprofilefraction": "val",
            "-outputdir": "val:tree-write",
            "-args": "flag>text*",
        }
    )
    return Spec(
        "go",
        version="go 1.19.8",
        summary="go; `go generate` runs the //go:generate commands of the sources (a script)",
        options=_go_flags({"-C": "val:cd"}),
        single_dash=True,
        long_prefix=False,
        subcommands={
            "build": Spec("build", operands="text*", options=build_opts, single_dash=True, long_prefix=False),
            "install": Spec(
                "install", operands="text*", effects="network", options=build_opts, single_dash=True, long_prefix=False
            ),
            "test": Spec("test", operands="read*", options=test_opts, single_dash=True, long_prefix=False),
            "run": Spec(
                "run",
                operands="text*",
                options=_go_flags({**_GO_BUILD, "-exec": "val:exec"}),
                single_dash=True,
                long_prefix=False,
                posix=True,  # the words after the package or files are the program's own arguments
            ),
            "vet": Spec(
                "vet",
                operands="text*",
                options=_go_flags({**_GO_BUILD, "-vettool": "val:exec"}),
                single_dash=True,
                long_prefix=False,
            ),
            "fmt": Spec(
                "fmt", operands="text*", options=_go_flags({"-n -x -mod": "flag"}), single_dash=True, long_prefix=False
            ),
            "generate": Spec(
                "generate",
                operands="text*",
                effects="script",
                options=_go_flags({**_GO_BUILD, "-run -skip": "val"}),
                single_dash=True,
                long_prefix=False,
            ),
            "get": Spec(
                "get",
                operands="text*",
                effects="network",
                options=_go_flags({**_GO_BUILD, "-d -t -u": "flag"}),
                single_dash=True,
                long_prefix=False,
            ),
            "mod": Spec(
                "mod",
                subcommands={
                    "download tidy vendor verify graph why init": Spec(
                        "download",
                        operands="text*",
                        options=_go_flags({"-x -v -json -e -m -vendor -diff": "flag", "-go -compat -o -reuse": "val"}),
                        single_dash=True,
                        long_prefix=False,
                    ),
                    "edit": Spec(
                        "edit",
                        operands="edit?",
                        options=_go_flags(
                            {
                                "-fmt -print -json": "flag",
                                "-module -go -toolchain -require -droprequire -exclude -dropexclude -replace -dropreplace -retract -dropretract": "val",
                            }
                        ),
                        single_dash=True,
                        long_prefix=False,
                    ),
                },
            ),
            "env": Spec(
                "env",
                operands="text*",
                options=_go_flags({"-json -changed": "flag", "-w -u": "flag:config"}),
                single_dash=True,
                long_prefix=False,
            ),
            "list": Spec(
                "list",
                operands="text*",
                options=_go_flags(
                    {
                        **_GO_BUILD,
                        "-m -u -versions -retracted -deps -test -e -export -find -compiled": "flag",
                        "-f -reuse": "val",
                    }
                ),
                single_dash=True,
                long_prefix=False,
            ),
            "version doc help bug": Spec(
                "version",
                operands="text*",
                options=_go_flags({"-m -v -all -c -cmd -short -src -u": "flag"}),
                single_dash=True,
                long_prefix=False,
            ),
            "clean": Spec(
                "clean",
                operands="text*",
                options=_go_flags({"-i -n -r -x -cache -testcache -modcache -fuzzcache": "flag"}),
                single_dash=True,
                long_prefix=False,
            ),
            "tool": Spec(
                "tool", operands="text*", options=_go_flags({"-n": "flag"}), single_dash=True, long_prefix=False
            ),
            "work": Spec("work", operands="text*", single_dash=True, long_prefix=False),
            "fix": Spec("fix", operands="text*", single_dash=True, long_prefix=False),
        },
        examples={
            "go test ./...": "",
            "go build -o bin/app ./cmd/app": "write:bin/app",
            "go build -o ~/.local/bin/git .": "write:~/.local/bin/git",
            "go test -exec /tmp/x ./...": "exec:/tmp/x",
            "go test /tmp/x_test.go": "load:/tmp/x_test.go",
            "go run main.go util.go -port 1": "script:main.go script:util.go",
            "go run -race main.go": "script:main.go",
            "go run -tags dev ./cmd/api": "",
            "go test ../../tmp/evil/...": "load:../../tmp/evil/...",
            "go test example.com/x/... ./internal/...": "",
            "go build -toolexec /tmp/x .": "exec:/tmp/x",
            "go env -w GOPROXY=http://evil": "config",
            "go env GOPATH": "",
            "go generate ./...": "script",
            "go -C /tmp/x build": "cd:/tmp/x",
            "go test -run TestX -count=1 ./pkg/...": "",
            "go test -coverprofile cover.out ./...": "write:cover.out",
            "go get example.com/x@v1": "network",
            "go build -ldflags=-extld=/tmp/x .": "load:/tmp/x",
            "go build -ldflags 'all=-extld /tmp/x' .": "load:/tmp/x",
            "go build -ldflags '-s -w' .": "",
            "go test -ldflags=-extldflags=-static ./...": "load",
            "go build -overlay /tmp/o.json .": "load:/tmp/o.json",
            "go build -gccgoflags=-O2 .": "unknown",
        },
    )


# --- system package managers -------------------------------------------------------------------------


def _apt(name: str) -> Spec:
    opts = {
        **_H,
        "-v --version -y --yes --assume-yes -q --quiet -s --simulate --dry-run --no-install-recommends": "flag",
        "--install-recommends -f --fix-broken --reinstall --allow-downgrades --only-upgrade --no-upgrade -d": "flag",
        "--download-only --purge --autoremove --auto-remove -m --fix-missing --print-uris --list-cleanup": "flag",
        "-t --target-release -a --host-architecture": "val",
        "-o --option -c --config-file": "val:load",
    }
    return Spec(
        name,
        version="apt 2.6.1",
        summary="system installs are privileged (judged by sudo); -o can set Pre-Invoke hooks that run commands",
        options=opts,
        subcommands={
            "install reinstall update upgrade full-upgrade dist-upgrade build-dep source download satisfy": Spec(
                "install", operands="text*", effects="network", globals_anywhere=True
            ),
            "remove purge autoremove autopurge clean autoclean": Spec(
                "remove", operands="text*", globals_anywhere=True
            ),
            "search show list policy depends rdepends showsrc madison changelog check moo": Spec(
                "show",
                operands="text*",
                options={"--installed --upgradable -a --all-versions --names-only --full": "flag"},
                globals_anywhere=True,
            ),
            "edit-sources": Spec("edit-sources", effects="config", globals_anywhere=True),
        },
        globals_anywhere=True,
        examples={
            "apt-get install -y curl": "network",
            "apt list --installed": "",
            "apt-get -o APT::Update::Pre-Invoke::=/bin/sh update": "load:APT::Update::Pre-Invoke::=/bin/sh network",
        },
    )


def _dpkg() -> Spec:
    return Spec(
        "dpkg",
        version="dpkg 1.21.22",
        options={
            **_H,
            "--version --print-architecture --print-foreign-architectures --force-all --no-act --dry-run": "flag",
            "-l --list -L --listfiles -s --status -S --search -p --print-avail --get-selections": "flag>text*",
            "-c --contents -I --info -f --field": "flag>archive,text*",
            "-i --install --unpack": "flag>archive*:script",
            "-r --remove -P --purge": "flag>text*:destroy",
            "--configure": "flag>text*:script",
            "-x --extract -X --vextract": "flag>archive,tree-dest",
            "--pre-invoke --post-invoke": "val:exec",
            "--root --admindir --instdir": "val:tree-write",
            "--force-depends --force-overwrite --force-confnew --force-confold --force-confdef -R --recursive": "flag",
            "--log": "val:write",
            "--add-architecture --remove-architecture --set-selections": "flag>text*",
        },
        examples={
            "dpkg -l": "",
            "dpkg -i x.deb": "archive:x.deb script",
            "dpkg -x x.deb ~/.config": "archive:x.deb tree-dest:~/.config",
            "dpkg --pre-invoke=id -l": "exec:id",
        },
    )


def _brew() -> Spec:
    """Homebrew. Installing, upgrading, reinstalling, tapping and `bundle` fetch formulae (Ruby code brew
    evaluates) and run their install steps: `network`, which the fetch-and-run floor judges; a Brewfile is Ruby
    too. Removing is `destroy`; `services` registers launchd / systemd units (persistence)."""
    install_flags = (
        "--cask --formula -f --force -s --build-from-source --HEAD --fetch-HEAD -q --quiet -v --verbose -d --debug"
        " --no-quarantine --overwrite -n --dry-run --ignore-dependencies --only-dependencies --display-times"
        " --keep-tmp --skip-cask-deps --require-sha --adopt --greedy -g --git -i --interactive"
    )
    return Spec(
        "brew",
        version="Homebrew 4.4 (brew help, brew COMMAND --help)",
        summary="subcommands not listed here (edit, sh, ruby, irb, developer commands) are not modelled and ask",
        options={
            **_H,
            "-v --version --verbose -d --debug -q --quiet": "flag",
            "--prefix --cellar --repository --cache --caskroom --env": "flag>text*",
        },
        subcommands={
            "install reinstall upgrade update fetch": Spec(
                "install",
                operands="text*",
                effects="network",
                options={**_H, install_flags: "flag"},
            ),
            "tap": Spec(
                "tap",
                operands="text*",
                effects="network",
                options={**_H, "--force -f --custom-remote --repair --eval-all -q --quiet -v --verbose": "flag"},
            ),
            "bundle": Spec(
                "bundle",
                operands="text*",
                effects="network",
                options={
                    **_H,
                    "--global --force -f --no-upgrade --cleanup --zap --all --formula --cask --describe": "flag",
                    "-q --quiet -v --verbose --no-lock --install --no-vscode --no-restart": "flag",
                    "--file": "val:load",  # the Brewfile: Ruby that brew evaluates
                },
            ),
            "uninstall remove rm untap cleanup autoremove": Spec(
                "uninstall",
                operands="text*",
                effects="destroy",
                options={
                    **_H,
                    "-f --force --zap --cask --formula --ignore-dependencies -n --dry-run -s": "flag",
                    "--prune": "opt",
                },
            ),
            "list ls info search outdated deps uses leaves doctor dr config commands desc home shellenv": Spec(
                "list",
                operands="text*",
                options={
                    **_H,
                    "--cask --formula --versions --installed -1 -l -r -t --tree --multiple --pinned": "flag",
                    "--json": "opt",
                    "--greedy --quiet -q --verbose -v --desc --eval-all --full-name --direct --include-build": "flag",
                    "--include-test --skip-recommended --include-optional --union --recursive --topological": "flag",
                    "--fetch-HEAD --analytics --github --github-packages-downloads --search --all": "flag",
                    "--sort-by-size --no-simulate": "flag",
                },
            ),
            "link unlink pin unpin": Spec(
                "link",
                operands="text*",
                effects="config",
                options={**_H, "--overwrite -f --force -n --dry-run": "flag"},
            ),
            "services": Spec(
                "services",
                options=_H,
                subcommands={
                    "list info": Spec("list", operands="text*", options={**_H, "--json --all": "flag"}),
                    "start stop restart run kill cleanup": Spec(
                        "start",
                        operands="text*",
                        effects="config",
                        options={
                            **_H,
                            "--all --keep --no-wait": "flag",
                            "--file --max-wait --sudo-service-user": "val",
                        },
                    ),
                },
            ),
        },
        examples={
            "brew install jq": "network",
            "brew upgrade": "network",
            "brew reinstall node": "network",
            "brew tap evil/tap": "network",
            "brew bundle": "network",
            "brew bundle --file /tmp/Brewfile": "network load:/tmp/Brewfile",
            "brew uninstall jq": "destroy",
            "brew services start postgresql": "config",
            "brew services list": "",
            "brew list": "",
            "brew info --json=v2 jq": "",
            "brew cleanup --prune=all": "destroy",
            "brew --version": "",
            "brew doctor": "",
            "brew outdated": "",
            "brew search ripgrep": "",
            "brew edit jq": "unknown",
        },
    )


# --- composer (PHP) and cabal (Haskell) -------------------------------------------------------------------------

_COMPOSER_GLOBAL = {
    **_H,
    "-q --quiet -V --version --ansi --no-ansi -n --no-interaction --profile --no-plugins --no-scripts": "flag",
    "-v -vv -vvv --verbose --no-cache": "flag",
    "-d --working-dir": "val:cd",
}
_COMPOSER_INSTALL = {
    "--prefer-source --prefer-dist --dry-run --download-only --dev --no-dev --no-suggest --no-progress": "flag",
    "--no-autoloader --no-install --no-update --no-audit --audit -o --optimize-autoloader": "flag",
    "-a --classmap-authoritative --apcu-autoloader --ignore-platform-reqs --update-no-dev --strict-psr": "flag",
    "-w --with-dependencies --update-with-dependencies -W --with-all-dependencies": "flag",
    "--update-with-all-dependencies --lock --root-reqs --prefer-stable --prefer-lowest --minimal-changes": "flag",
    "-m --patch-only -i --interactive --bump-after-update --fixed --sort-packages --unused": "flag",
    "--prefer-install --audit-format --ignore-platform-req --apcu-autoloader-prefix --with": "val",
}
_COMPOSER_VALUED = frozenset({"-d", "--working-dir"})


def _composer_directory(walk: Walk) -> str:
    import os

    directory = walk.cwd
    for effect in walk.effects:
        if effect.kind == "cd" and effect.value:
            directory = os.path.join(directory, os.path.expanduser(effect.value)) if directory else ""
    return directory


def _composer_script(walk: Walk, argv: list[str]) -> None:
    """`composer NAME` for a NAME that is no composer command runs composer.json's script NAME (project code,
    as `composer run-script NAME`); a NAME the project does not define is a plugin's command or a typo:
    not modelled. A composer.json that cannot be read is not modelled either."""
    words = argv[1:]
    i = 0
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in _COMPOSER_VALUED else 1
    name = words[i] if i < len(words) else ""
    scripts = _manifest_scripts(_composer_directory(walk), "composer.json")
    if scripts is None or name not in scripts:
        walk.unknown.append(f"composer {name}: not a composer command or a script of the project's composer.json")


def _composer_packages(argv: list[str]) -> list[str]:
    """The package names after composer's command word (global options and option values skipped)."""
    valued = _COMPOSER_VALUED | {k for key, v in _COMPOSER_INSTALL.items() if v == "val" for k in key.split()}
    words, skip, command = [], False, False
    for word in argv[1:]:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in valued and "=" not in word
        elif not command:
            command = True
        else:
            words.append(word)
    return words


def _composer_installs(walk: Walk, argv: list[str]) -> None:
    """`composer require/update/remove PKG` in any spelling (`r`, `u`, `req`, `rem`: Symfony takes an unambiguous
    abbreviation, which the name-based floors do not know): named packages are fetched and their plugins and
    scripts run here (runs-code, as the floor's fetch-and-run); removing them destroys the installed copies."""
    names = _composer_packages(argv)
    if not names:
        return
    if walk.spec.name == "remove":
        walk.effects.append(Effect("destroy", "", f"composer remove {names[0]} (removes installed packages)"))
    else:
        walk.effects.append(Effect("script", "", f"composer {walk.spec.name} {names[0]} (its plugins and scripts run)"))


def _composer_config(walk: Walk, argv: list[str]) -> None:
    """`composer config` lists (-l) or gets a setting, which may be a token (auth.json's github-oauth, http-basic,
    bearer are part of the configuration it prints): a secret print; a key and a value, --unset, or a repository
    change write the configuration; --editor opens it in an editor (not modelled)."""
    words = argv[argv.index("config") + 1 :] if "config" in argv else []
    operands, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in ("-f", "--file", "-d", "--working-dir")
        else:
            operands.append(word)
    if "-e" in walk.seen or "--editor" in walk.seen:
        walk.unknown.append("composer config --editor opens the configuration in an editor: not modelled")
    elif len(operands) >= 2 or "--unset" in walk.seen:
        walk.effects.append(Effect("config", "", "composer config KEY VALUE"))
    else:
        walk.effects.append(Effect("secret", "", "composer config (prints settings, tokens included)", "ask"))


class _ComposerCommands(dict):  # type: ignore[type-arg]
    """composer's commands by name or by an unambiguous abbreviation (Symfony Console: `composer dump`,
    `composer req`); any other word is a composer.json script (`composer test`), judged by `_composer_script`."""

    def __init__(self, commands: dict[str, Spec], script: Spec) -> None:
        super().__init__(commands)
        self.default = script

    def get(self, word: str, fallback: object = None) -> Spec | None:  # type: ignore[override]
        found = super().get(word)
        if found is not None:
            return found
        matches = {id(spec): spec for name, spec in self.items() if name.startswith(word)} if word else {}
        if len(matches) == 1:
            return next(iter(matches.values()))
        return self.default if word[:1].isalnum() else None


def _composer() -> Spec:
    install = Spec(
        "install",
        options=_COMPOSER_INSTALL,
        operands="text*",
        effects="network",
        globals_anywhere=True,
        judge=_composer_installs,
    )
    read = Spec(
        "show",
        options={
            "--all -a --installed -i --locked --platform -p --available --self -s --name-only -N --path -P": "flag",
            "--tree -t --latest -l --outdated -o --direct -D --strict --major-only -M --minor-only --patch-only": "flag",
            "--no-dev --recursive -r --sort-by-age -A --only-name -O": "flag",
            "--ignore --format -f": "val",
            "--ignore-platform-reqs --no-audit --abandoned --audit": "flag",
            "--ignore-platform-req --audit-format": "val",
        },
        operands="text*",
        globals_anywhere=True,
    )
    commands = {
        "install i update u upgrade require r reinstall": install,
        "remove rm uninstall": Spec(
            "remove",
            options=_COMPOSER_INSTALL,
            operands="text*",
            effects="network",
            globals_anywhere=True,
            judge=_composer_installs,
        ),
        "show info depends why prohibits why-not licenses outdated search suggests fund status about": read,
        "validate check-platform-reqs diagnose audit list help": read,
        "dump-autoload dumpautoload bump": Spec(
            "dump-autoload",
            options={
                "-o --optimize -a --classmap-authoritative --apcu --dev --no-dev --dry-run --strict-psr": "flag",
                "--strict-ambiguous --dev-only --no-dev-only": "flag",
                "--apcu-prefix --ignore-platform-req --ignore-platform-reqs": "val",
            },
            operands="text*",
            globals_anywhere=True,
        ),
        "run-script run": Spec(
            "run-script",
            options={"--timeout": "val", "--dev --no-dev -l --list": "flag"},
            operands="text*",
            globals_anywhere=True,
        ),
        "exec": Spec("exec", options={"-l --list": "flag"}, operands="argv", globals_anywhere=True, posix=True),
        "config": Spec(
            "config",
            options={
                "-g --global -l --list --absolute -j --json -m --merge --append --source --unset": "flag",
                "-a --auth -e --editor": "flag",
                "-f --file": "val:edit",
            },
            operands="text*",
            globals_anywhere=True,
            judge=_composer_config,
        ),
        # Installs and changes packages in COMPOSER_HOME, which every project on the machine shares.
        "global": Spec("global", operands="text*", effects="network config"),
        "create-project": Spec("create-project", operands="text*", effects="network script"),
        "clear-cache clearcache cc": Spec("clear-cache", options={"--gc": "flag"}, effects="destroy"),
        "self-update selfupdate": Spec("self-update", operands="text?", effects="network config"),
        "archive": Spec(
            "archive",
            options={"-f --format --file --ignore-filters": "val", "--dir": "val:tree-write"},
            operands="text*",
        ),
        "init": Spec("init", options={"-n": "flag"}, operands="", effects="unknown"),
        "browse home": Spec("browse", operands="text*", effects="unknown"),
    }
    spec = Spec(
        "composer",
        version="Composer 2.5.5 (Debian bookworm)",
        summary=(
            "composer; the project's installs, autoload dumps and scripts are routine; composer NAME runs a "
            "composer.json script; -d/--working-dir elsewhere runs that directory's scripts and plugins"
        ),
        options=_COMPOSER_GLOBAL,
        subcommands=commands,
        globals_anywhere=True,
        long_prefix=False,
        examples={
            "composer install --no-interaction --no-progress": "network",
            "composer dump-autoload -o": "",
            "composer dump -o": "",
            "composer validate --strict": "",
            "composer show --latest": "",
            "composer depends monolog/monolog": "",
            "composer run-script test": "",
            "composer require monolog/monolog": "network script",
            "composer req --dev phpunit/phpunit": "network script",
            "composer r monolog/monolog": "network script",
            "composer update": "network",
            "composer u monolog/monolog": "network script",
            "composer remove monolog/monolog": "network destroy",
            "composer rem monolog/monolog": "network destroy",
            "composer exec phpunit": "runs:phpunit",
            "composer config --list": "secret",
            "composer config github-oauth.github.com": "secret",
            "composer config minimum-stability dev": "config",
            "composer config --global --unset repos.packagist": "config",
            "composer global require friendsofphp/php-cs-fixer": "network config",
            "composer -d /tmp/evil install": "cd:/tmp/evil load:/tmp/evil network",
            "composer --working-dir=packages/api install": "cd:packages/api network",
            "composer create-project laravel/laravel app": "network script",
            "composer clear-cache": "destroy",
            "composer test": "unknown",
        },
    )
    script = Spec("<script>", operands="text*", globals_anywhere=True, judge=_composer_script)
    script.parent = spec
    spec.subcommands = _ComposerCommands(spec.subcommands, script)
    return spec


_CABAL_BUILD = {
    "-j --jobs -O --optimization -f --flags --constraint --allow-newer": "opt",
    "--ghc-options --ghcjs-options": "opt:text",  # judged by _cabal_ghc_options
    "--test-show-details --test-options --test-option --benchmark-options --benchmark-option --test-log": "opt",
    "--test-wrapper": "unknown",  # a program cabal runs each test suite under
    "--allow-older --index-state --reorder-goals --max-backjumps --preference --enable-coverage": "opt",
    "--enable-tests --disable-tests --enable-benchmarks --disable-benchmarks --enable-profiling": "flag",
    "--disable-profiling --disable-optimization --enable-documentation --disable-documentation": "flag",
    "--only-dependencies --dependencies-only --dry-run --only-download --disable-coverage": "flag",
    "--minimize-conflict-set --keep-going --offline --semaphore --enable-executable-dynamic": "flag",
    "-v --verbose": "opt",
    "--builddir": "val:tree-write",
    "--project-dir": "val:cd",
    "--project-file --config-file": "val:load",
    # A compiler or another program cabal runs in place of its own (`--with-compiler=/tmp/ghc`).
    "-w --with-compiler --with-hc-pkg --with-ghc --with-gcc --with-ld --with-PROG --PROG-options": "unknown",
}


# GHC options that run another program or load a plugin: `-pgmF /tmp/x`, `-F`, `-fplugin=M`, `-pgmL`.
_GHC_RUNS = re.compile(r"(?:^|\s)-(?:pgm\w*|F|fplugin\S*|plugin-package\S*|fexternal-interpreter|ghcversion-file)")


def _cabal_ghc_options(walk: Walk, argv: list[str]) -> None:
    for effect in walk.effects:
        if effect.kind == "text" and effect.origin in ("--ghc-options", "--ghcjs-options"):
            if _GHC_RUNS.search(effect.value or ""):
                walk.unknown.append(f"{effect.origin} {effect.value[:60]!r} runs a program or loads a plugin")
    walk.effects[:] = [e for e in walk.effects if e.kind != "text"]


_CABAL_VALUED = frozenset(k for key, v in _CABAL_BUILD.items() if v.startswith("val") for k in key.split())


def _cabal_run(walk: Walk, argv: list[str]) -> None:
    """`cabal run script.hs` runs a script file; a target name is one of the project's executables."""
    words = argv[argv.index("run") + 1 :] if "run" in argv else argv[2:]
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "--":
            break
        elif word.startswith("-"):
            skip = word in _CABAL_VALUED
        else:
            if word.endswith((".hs", ".lhs")):
                walk.effects.append(Effect("script", word, "operand 1 (a script)"))
            break
    _cabal_ghc_options(walk, argv)


def _cabal() -> Spec:
    def build(name: str, effects: str = "", operands: str = "text*", **extra: str) -> Spec:
        return Spec(
            name,
            options={**_CABAL_BUILD, **extra},
            operands=operands,
            effects=effects,
            globals_anywhere=True,
            judge=_cabal_ghc_options,
        )

    commands = {
        "build v2-build new-build test v2-test new-test bench v2-bench new-bench haddock v2-haddock": build("build"),
        "check list info path list-bin outdated target gen-bounds": build(
            "list", **{"--installed --simple-output --exact-match --freeze-file --v2-freeze-file": "flag"}
        ),
        "clean v2-clean new-clean": build("clean", **{"-s --save-config": "flag"}),
        "configure v2-configure new-configure freeze v2-freeze new-freeze": build("configure"),
        "update v2-update new-update fetch": build("update", effects="network"),
        "get unpack": build(
            "get", effects="network", **{"-d --destdir": "val:tree-write", "-s --source-repository": "opt"}
        ),
        "run v2-run new-run": Spec(
            "run",
            options=_CABAL_BUILD,
            operands="text text*",
            globals_anywhere=True,
            judge=_cabal_run,
        ),
        "exec v2-exec new-exec": Spec("exec", options=_CABAL_BUILD, operands="argv", globals_anywhere=True),
        # Copies executables into ~/.cabal/bin (or --installdir): programs on the PATH of every later shell.
        "install v2-install new-install": build(
            "install",
            effects="network config",
            **{"--installdir": "val:tree-write", "--install-method --overwrite-policy --lib --package-env": "val"},
        ),
        "sdist v2-sdist new-sdist": build("sdist", **{"-o --output-directory --output-dir": "val:tree-write"}),
        "upload": build("upload", effects="publish", **{"--publish -d --documentation": "flag", "-u -p": "val"}),
        "report": build("report", effects="upload"),
        "user-config": build("user-config", effects="config", operands="text*"),
        "repl v2-repl new-repl": build("repl", effects="unknown"),
        "init": build("init", effects="unknown"),
    }
    return Spec(
        "cabal",
        version="cabal-install 3.4.1.0 (Debian bookworm)",
        summary="cabal; building and testing the project is routine; install copies programs onto the PATH",
        options={
            **_H,
            "-V --version --numeric-version --ignore-expiry --enable-nix --disable-nix": "flag",
            "--config-file": "val:load",
            "--http-transport --active-repositories --store-dir --logs-dir": "val",
        },
        subcommands=commands,
        long_prefix=False,
        examples={
            "cabal --version": "",
            "cabal build": "",
            "cabal build all --enable-tests": "",
            "cabal test --test-show-details=direct": "",
            "cabal build --ghc-options=-O2": "",
            "cabal build --ghc-options=-pgmF/tmp/x": "unknown",
            "cabal build '--ghc-options=-fplugin=Evil'": "unknown",
            "cabal test": "",
            "cabal run myapp -- --port 3000": "",
            "cabal run /tmp/x.hs": "script:/tmp/x.hs",
            "cabal exec -- ghc": "runs:ghc",
            "cabal update": "network",
            "cabal install": "network config",
            "cabal install --installdir ~/.local/bin": "network config tree-write:~/.local/bin",
            "cabal build --project-dir /tmp/evil": "cd:/tmp/evil load:/tmp/evil",
            "cabal build --with-compiler=/tmp/ghc": "unknown",
            "cabal upload dist/x.tar.gz": "publish",
            "cabal repl": "unknown",
        },
    )


def _outside(path: str) -> bool:
    """A directory that may lie outside the directory the command runs in: absolute, in HOME, or up with `..`."""
    return path.startswith(("/", "~")) or ".." in path.replace("\\", "/").split("/")


def _judging_directory(spec: Spec) -> Spec:
    """A package manager told to work in another directory (`npm --prefix DIR test`, `yarn --cwd DIR`, `uv
    --directory DIR run`) runs that directory's scripts, hooks and build backends: a directory that may lie
    outside the one the command runs in is code it loads. Every subcommand judges (the deepest one reached)."""
    seen: set[int] = set()

    def visit(node: Spec) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        previous = node.judge

        def judge(walk: Walk, argv: list[str]) -> None:
            for effect in list(walk.effects):
                if (
                    effect.kind == "cd"
                    and effect.value
                    and effect.origin != "--manifest-path"
                    and _outside(effect.value)
                ):
                    walk.effects.append(Effect("load", effect.value, f"{effect.origin} (that directory's code runs)"))
            if previous is not None:
                previous(walk, argv)

        node.judge = judge
        children = list(node.subcommands.values()) + [sub for _prefix, sub in node.prefixes]
        default = getattr(node.subcommands, "default", None)
        if isinstance(default, Spec):
            children.append(default)
        for child in children:
            visit(child)

    visit(spec)
    return spec


SPECS = [
    _judging_directory(_npm()),
    _npx("npx", "npm 9.2.0"),
    _npx("pnpx", "pnpm 9.15"),
    _npx("bunx", "bun 1.1.38"),
    _judging_directory(_pnpm()),
    _judging_directory(_yarn()),
    _judging_directory(_bun()),
    _judging_directory(_composer()),
    _judging_directory(_cabal()),
    _pip("pip"),
    _pip("pip3"),
    _pipx(),
    _judging_directory(_uv()),
    _uvx(),
    _judging_directory(_poetry()),
    _pipenv(),
    _conda("conda"),
    _conda("mamba"),
    _conda("micromamba"),
    _gem(),
    _bundle("bundle"),
    _bundle("bundler"),
    _cargo(),
    _rustup(),
    _judging_go(_go()),
    _apt("apt"),
    _apt("apt-get"),
    _dpkg(),
    _brew(),
]
