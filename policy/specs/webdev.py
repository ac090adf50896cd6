"""The JavaScript / TypeScript ecosystem's project tools: frameworks' CLIs (next, nuxi, astro, ng, expo),
bundlers (webpack, rollup, esbuild, tsup, parcel), browser test runners (playwright, cypress), TypeScript
script runners (tsx, ts-node), watchers and process managers (nodemon, pm2), corepack, database toolkits
(prisma, drizzle-kit, knex, typeorm, sequelize), release tools (changeset, lerna) and Node version managers
(volta, fnm, nvm).

What they do that the policy cares about:
- a framework's dev server, build, test run or migration runs the PROJECT's code: its configuration file
  (next.config.js, playwright.config.ts, drizzle.config.ts, knexfile.js, ...) is code, judged by provenance
  as a runner definition (engine RUNNER_DEFINITIONS); a configuration named on the command line is a `load`;
- a script file run directly (`tsx x.ts`, `ts-node x.ts`, `nodemon x.js`, `pm2 start x.js`) is `script`,
  judged like `node FILE`; inline code (`tsx -e`, `ts-node -p`) is `code:node`; a command string they run
  (`nodemon --exec CMD`, `tsup --onSuccess CMD`, `rollup --watch.onEnd CMD`) is `exec`;
- installing packages, browsers or a package manager (`astro add`, `playwright install`, `expo install`,
  `ng add`, `corepack prepare`, `volta install`) is `network` (the registry is not named: egress asks);
  installing system packages through sudo / apt (`playwright install-deps`) is `privilege`;
- publishing (`changeset publish`, `lerna publish`, `ng deploy`, `eas submit`) is `publish`; a cloud build
  (`eas build`) uploads the project: `upload`;
- changing a database's schema (`prisma migrate dev`, `prisma db push`, `drizzle-kit push`, `knex migrate:latest`)
  is `network` (the database is reached, usually named by the project's environment); dropping its data
  (`prisma migrate reset`, `db push --force-reset`, `drizzle-kit drop`) is `destroy`;
- persistent configuration (`next telemetry disable`, `corepack enable`, `pm2 startup`, `pm2 save`,
  `fnm default`, `nvm alias default`) is `config`; stopping processes (`pm2 delete`) is `signal`;
  printing a managed process's environment (`pm2 env`, `pm2 show`, `pm2 jlist`) is `env`.

Reference versions: the help texts of next 16.4, nuxi 3.37, playwright 1.65, cypress 15.3, tsx 4.23, ts-node
10.9, nodemon 3.1, tsup 8.5, rollup 4.68, webpack-cli 7.3, esbuild 0.28, pm2 7.0, prisma 7.10 (top level; its
subcommands' help needs a download, so they follow prisma 6's documentation), drizzle-kit 0.31, changesets 2.31,
knex 3.3, typeorm 1.1 (npm, read with --help in a throwaway prefix); astro 5 (its CLI needs a newer node than
the one here), parcel 2, ng 19, expo 52, eas 14, storybook 8, lerna 8, corepack 0.31, volta 2, fnm 1.38, nvm 0.40,
@vue/cli-service 5 and @sveltejs/kit 2 from their documented command references.
Options not listed are not modelled and ask, naming the option.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable

from hookward.policy.spec import Effect, Opt, Spec, Walk, walk
from hookward.policy.specs._loads import code_places, forwarded_loads, module_file, outside, outside_loads

_H = {"-h --help": "flag"}
_HV = {"-h --help -v --version": "flag"}


def _code(language: str, operands: str | None = None) -> Opt:
    opt = Opt(True, f"code:{language}")
    if operands is not None:
        opt.operands = operands
    return opt


def _stdin_script(walked: Walk, argv: list[str]) -> None:
    """`tsx`, `ts-node` with no script and no inline code read the program from standard input (a REPL on a
    terminal, the piped text otherwise): a `script:-`, as `node -i` is, so `echo CODE | tsx` is not a no-op."""
    kinds = {e.kind for e in walked.effects}
    if walked.spec.parent is None and not ({"script", "code:node"} & kinds) and walked.understood:
        if not any(word in ("-v", "--version", "-h", "--help", "--showConfig") for word in argv[1:]):
            walked.effects.append(Effect("script", "-", "standard input (no script named)"))


def _modules(*origins: str) -> Callable[[Walk, list[str]], None]:
    """A judge: an option's value naming a JS module (`--reporter ./r.js`) is a load when it is a file."""

    def judge(walked: Walk, argv: list[str]) -> None:
        kept: list[Effect] = []
        for effect in walked.effects:
            if effect.kind == "text" and effect.origin in origins:
                found = module_file(walked, effect.value)
                if found is not None:
                    kept.append(Effect("load", found, effect.origin))
                continue
            kept.append(effect)
        walked.effects[:] = kept

    return judge


# --- frameworks ---------------------------------------------------------------------------------------------------
_NEXT_COMMON = {
    "--experimental-next-config-strip-types --experimental-cpu-prof --webpack --turbo --turbopack": "flag",
    "--internal-trace": "opt",
}
_NEXT_TRACE = {"--experimental-upload-trace": "val:network"}  # "a subset of the debugging trace ... sensitive data"
_NEXT_LINT = {  # next 15 `next lint` (removed in 16): eslint with next's defaults
    "--fix --strict --no-ignore --quiet --no-inline-config --no-cache --error-on-unmatched-pattern": "flag",
    "-d --dir --file --ext --fix-type --max-warnings --report-unused-disable-directives-severity": "val",
    "--cache-strategy": "val",
    "--cache-location": "val:write",  # the cache file (or directory) eslint writes
    "-c --config --resolve-plugins-relative-to --rulesdir": "val:load",
    "--ignore-path": "val:read",
    "-o --output-file": "val:write",
    "-f --format": "val:text",
}


def _next() -> Spec:
    server = {"-p --port -H --hostname": "val", "--inspect": "unknown"}
    return Spec(
        "next",
        version="next 16.4 (and next 15 lint, next 13 export)",
        summary="dev / build / start run the project (next.config is a runner definition)",
        options=_HV,
        subcommands={
            "build": Spec(
                "build",
                options={
                    **_H,
                    **_NEXT_COMMON,
                    **_NEXT_TRACE,
                    "--analyze -d --debug --debug-prerender --no-mangling --profile --experimental-app-only": "flag",
                    "--experimental-debug-memory-usage --no-lint": "flag",
                    "--experimental-build-mode --debug-build-paths": "val",
                },
                operands="tree-read?",
            ),
            "dev": Spec(
                "dev",
                options={
                    **_H,
                    **_NEXT_COMMON,
                    **_NEXT_TRACE,
                    **server,
                    "--disable-source-maps --experimental-https --no-server-fast-refresh": "flag",
                    "--experimental-https-key --experimental-https-cert --experimental-https-ca": "val:read",
                },
                operands="tree-read?",
            ),
            "start": Spec(
                "start",
                options={**_H, **_NEXT_COMMON, **server, "--keepAliveTimeout": "val"},
                operands="tree-read?",
            ),
            "lint": Spec("lint", options={**_H, **_NEXT_LINT}, operands="tree-read?", judge=_modules("-f", "--format")),
            "info": Spec("info", options={**_H, "--verbose": "flag"}),
            "typegen": Spec("typegen", options={**_H, "--webpack": "flag"}, operands="tree-read?"),
            # Installs the new next, react and react-dom from the registry and runs codemods on the project.
            "upgrade": Spec(
                "upgrade",
                options={**_H, "--revision": "val", "--verbose": "flag", "--agent": "unknown"},
                operands="tree-read?",
                effects="network",
            ),
            "telemetry": Spec(
                "telemetry",
                options={**_H, "--enable --disable": "flag:config"},
                subcommands={
                    "status": Spec("status"),
                    "enable disable": Spec("enable", effects="config"),
                },
            ),
            "export": Spec(  # next 13: `next export` (removed in 14 for `output: 'export'`)
                "export",
                options={**_H, "-o --outdir": "val:tree-write", "-s --silent": "flag", "--threads": "val"},
                operands="tree-read?",
            ),
            "analyze experimental-test experimental-request-insights internal": Spec("analyze", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "next build": "",
            "next dev -p 3001": "",
            "next dev --turbopack": "",
            "next start -p 8080 -H 0.0.0.0": "",
            "next lint --fix": "",
            "next lint -o ~/.bashrc": "write:~/.bashrc",
            "next lint --cache-location ~/.bashrc": "write:~/.bashrc",
            "next build --experimental-upload-trace https://x.example/t": "network:https://x.example/t",
            "next export -o ~/.config/out": "tree-write:~/.config/out",
            "next telemetry disable": "config",
            "next telemetry --disable": "config",
            "next telemetry status": "",
            "next telemetry": "",
            "next upgrade": "network",
            "next dev --inspect": "unknown",
            "next build ../other-app": "tree-read:../other-app load:../other-app",
            "next dev /tmp/app": "tree-read:/tmp/app load:/tmp/app",
        },
    )


_NUXT_COMMON = {
    "--cwd": "val:cd",
    "--logLevel --envName --profile": "val",
    "--dotenv": "val:read",
    # A layer may be a remote source (`github:org/layer`, a package), fetched and run with the app.
    "-e --extends": "unknown",
}
_NUXT_SERVER = {
    "-p --port --publicURL --host": "val",
    "--clear -f --fork --no-f --no-fork --clipboard -o --open --https --qr --public": "flag",
    "--https.cert --https.key --https.pfx --sslCert --sslKey": "val:read",
    "--https.passphrase --https.validityDays --https.domains": "val",
    "--tunnel": "flag:network",  # a public tunnel to the local dev server
    "-h": "flag",
}


def _nuxi(name: str) -> Spec:
    build = Spec(
        "build", options={"--help": "flag", **_NUXT_COMMON, "--prerender": "flag", "--preset": "val"}, operands="cd?"
    )
    return Spec(
        name,
        version="nuxi 3.37",
        summary="dev / build / generate run the project (nuxt.config is a runner definition)",
        options={"-h --help -v --version": "flag", "--cwd": "val:cd"},
        subcommands={
            "dev": Spec("dev", options={"--help": "flag", **_NUXT_COMMON, **_NUXT_SERVER}, operands="cd?"),
            "build generate analyze": build,
            "preview start": Spec(
                "preview", options={"--help": "flag", **_NUXT_COMMON, "-p --port": "val"}, operands="cd?"
            ),
            "prepare typecheck info cleanup": Spec(
                "prepare", options={"-h --help": "flag", **_NUXT_COMMON}, operands="cd?"
            ),
            "test": Spec("test", options={"-h --help --dev --watch": "flag", **_NUXT_COMMON}, operands="cd?"),
            "add-template": Spec(
                "add-template", options={"-h --help --force": "flag", "--cwd": "val:cd"}, operands="text text"
            ),
            # `nuxi module add x` (alias `nuxi add`) installs a module from the registry and edits nuxt.config.
            "module": Spec(
                "module",
                subcommands={
                    "add": Spec(
                        "add",
                        options={"-h --help --skipInstall --skipConfig": "flag"},
                        operands="text+",
                        effects="network",
                    ),
                    "search": Spec(
                        "search",
                        options={"-h --help": "flag", "--nuxtVersion": "val"},
                        operands="text*",
                        effects="fetch",
                    ),
                },
                subcommand_required=True,
            ),
            "add": Spec(
                "add", options={"-h --help --skipInstall --skipConfig": "flag"}, operands="text+", effects="network"
            ),
            "init upgrade devtools": Spec("init", effects="unknown"),
        },
        long_prefix=False,
        examples={
            f"{name} dev": "",
            f"{name} dev --port 3001": "",
            f"{name} build": "",
            f"{name} generate": "",
            f"{name} typecheck": "",
            f"{name} dev --tunnel": "network",
            f"{name} module add @nuxt/ui": "network",
            f"{name} build --dotenv ~/.aws/credentials": "read:~/.aws/credentials",
            f"{name} dev --extends=github:x/layer": "unknown",
            f"{name} dev --cwd /tmp/app": "cd:/tmp/app load:/tmp/app",
        },
    )


_ASTRO_GLOBAL = {
    "--config": "val:load",
    "--root": "val:cd",
    "--site --base": "val",
    "--verbose --silent --version --help -h --open": "flag",
}
_ASTRO_SERVER = {"--port --allowed-hosts": "val", "--host": "opt", "--force": "flag"}


def _astro() -> Spec:
    def sub(name: str, options: dict[str, str] | None = None, **kw: object) -> Spec:
        return Spec(name, options={**_ASTRO_GLOBAL, **(options or {})}, long_prefix=False, **kw)  # type: ignore[arg-type]

    return Spec(
        "astro",
        version="astro 5",
        summary="dev / build / preview / check run the project (astro.config is a runner definition)",
        options=_ASTRO_GLOBAL,
        subcommands={
            "dev": sub("dev", _ASTRO_SERVER, operands="text?"),
            "preview": sub("preview", _ASTRO_SERVER, operands="text?"),
            "build": sub("build", {"--outDir": "val:tree-write", "--devOutput --force": "flag"}),
            "check": sub(
                "check",
                {
                    "--watch --preserveWatchOutput --noSync": "flag",
                    "--tsconfig": "val:read",
                    "--minimumSeverity --minimumFailingSeverity": "val",
                },
            ),
            "sync info docs": sub("sync"),
            # Installs the integration's packages from the registry and edits astro.config.
            "add": sub("add", {"-y --yes": "flag"}, operands="text+", effects="network"),
            "telemetry": sub(
                "telemetry",
                subcommands={"enable disable reset": Spec("enable", effects="config")},
                subcommand_required=True,
            ),
            "preferences": sub(
                "preferences",
                {"--global --json": "flag"},
                subcommands={
                    "list get": Spec("list", options={"--global --json": "flag"}, operands="text?"),
                    "set enable disable reset": Spec(
                        "set", options={"--global --json": "flag"}, operands="text*", effects="config"
                    ),
                },
                subcommand_required=True,
            ),
            "db login logout link create-key": sub("db", operands="text*", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "astro dev": "",
            "astro dev --host": "",
            "astro dev --port 4322": "",
            "astro build": "",
            "astro preview": "",
            "astro check": "",
            "astro sync": "",
            "astro add react": "network",
            "astro add tailwind -y": "network",
            "astro telemetry disable": "config",
            "astro preferences set devToolbar.enabled false": "config",
            "astro build --config /tmp/a.mjs": "load:/tmp/a.mjs",
            "astro build --outDir ~/.config/x": "tree-write:~/.config/x",
            "astro db push": "unknown",
            "astro dev --root /tmp/app": "cd:/tmp/app load:/tmp/app",
        },
    )


# --- bundlers -----------------------------------------------------------------------------------------------------
_WEBPACK_BUILD = {
    "-c --config -e --extends": "val:load",
    "--config-name --env --node-env --define-process-env-node-env --mode --name -t --target -d --devtool": "val",
    "--color --no-color": "flag",
    "--config-node-env": "val",
    "-m --merge --disable-interpret --fail-on-warnings --no-devtool --no-target -w --watch --no-watch": "flag",
    "--watch-options-stdin --no-watch-options-stdin --no-stats --analyze": "flag",
    "--progress --stats": "opt",
    "-j --json": "opt:write",
    "--entry": "val:read",
    "-o --output-path": "val:tree-write",
}


def _webpack(name: str) -> Spec:
    build = Spec("build", options={**_H, **_WEBPACK_BUILD}, operands="read*", long_prefix=False)
    return Spec(
        name,
        version="webpack-cli 7.3",
        summary="bundles the project (webpack.config is a runner definition); webpack's hundreds of schema flags are not modelled",
        options={**_HV, **_WEBPACK_BUILD},
        subcommands={
            "build bundle b": build,
            "watch w": build,
            # webpack-dev-server: serves the project, its own flags are not modelled beyond these.
            "serve server s": Spec(
                "serve",
                options={**_H, **_WEBPACK_BUILD, "--port --host": "val", "--hot --no-hot --open --no-open": "flag"},
                operands="read*",
                long_prefix=False,
            ),
            "info i": Spec("info", options={**_H, "-o --output": "val", "-a --additional-package": "val"}),
            "configtest t": Spec("configtest", operands="load?"),
            "version v help h": Spec("version", operands="text*"),
            "init create new c n loader l plugin p migrate m": Spec("init", effects="unknown"),
        },
        operands="read*",
        long_prefix=False,
        examples={
            f"{name}": "",
            f"{name} --mode production": "",
            f"{name} build --config webpack.prod.js": "load:webpack.prod.js",
            f"{name} --config /tmp/w.js": "load:/tmp/w.js",
            f"{name} -o ~/.local/bin": "tree-write:~/.local/bin",
            f"{name} serve --port 8080": "",
            f"{name} init": "unknown",
        },
    )


def _rollup_config(walked: Walk, argv: list[str]) -> None:
    """`rollup -c FILE`: -c takes its file as the next word when that word is no option (rollup.config.mjs when
    absent); that file is code rollup runs, so the operand is a load, not an input it reads."""
    for index, word in enumerate(argv[1:-1], 1):
        if word in ("-c", "--config") and not argv[index + 1].startswith("-"):
            value = argv[index + 1]
            if value.startswith("node:"):
                continue  # a config package (`-c node:my-config`): resolved from node_modules
            for effect in walked.effects:
                if effect.kind == "read" and effect.value == value and effect.origin.startswith("operand"):
                    effect.kind, effect.origin = "load", "-c"
                    break


_ROLLUP_MODULES = _modules("-p", "--plugin", "--configPlugin")


def _rollup_judge(walked: Walk, argv: list[str]) -> None:
    _rollup_config(walked, argv)
    _ROLLUP_MODULES(walked, argv)


_ROLLUP_TEXT = (
    "-e --external -f --format -g --globals -n --name --amd.basePath --amd.define --amd.id --assetFileNames "
    "--banner --chunkFileNames --context --entryFileNames --environment --exports --filterLogs --footer "
    "--generatedCode --hashCharacters --importAttributesKey --interop --intro --logLevel --maxParallelFileOps "
    "--outro --sourcemapBaseUrl --sourcemapFileNames --treeshake --treeshake.manualPureFunctions --jsx "
    "--jsx.mode --jsx.factory --jsx.fragment --jsx.importSource --jsx.jsxImportSource --watch.buildDelay "
    "--watch.exclude --watch.include --watch.chokidar --experimentalLogSideEffects --stdin --watch.clearScreen "
    "--preserveModulesRoot --virtualDirname --sourcemapPathTransform"
)
_ROLLUP_FLAGS = (
    "-m --sourcemap -w --watch --amd.autoId --amd.forceJsExtensionForImports --compact --no-dynamicImportInCjs "
    "--no-esModule --extend --no-externalImportAttributes --no-externalLiveBindings --failAfterWarnings "
    "--forceExit --no-freeze --generatedCode.arrowFunctions --generatedCode.constBindings "
    "--generatedCode.objectShorthand --no-generatedCode.reservedNamesAsProps --generatedCode.symbols "
    "--no-hoistTransitiveImports --no-indent --inlineDynamicImports --no-makeAbsoluteExternalsRelative "
    "--minifyInternalExports --noConflict --perf --no-preserveEntrySignatures --preserveModules "
    "--preserveSymlinks --no-reexportProtoFromExternal --no-sanitizeFileName --shimMissingExports --silent "
    "--sourcemapDebugIds --sourcemapExcludeSources --no-stdin --no-strict --strictDeprecations "
    "--no-systemNullSetters --no-treeshake --no-treeshake.annotations --treeshake.correctVarValueBeforeDeclaration "
    "--no-treeshake.moduleSideEffects --no-treeshake.propertyReadSideEffects --no-treeshake.tryCatchDeoptimization "
    "--no-treeshake.unknownGlobalSideEffects --validate --waitForBundleInput --watch.allowInputInsideOutputPath "
    "--no-watch.clearScreen --watch.skipWrite --no-watch.skipWrite --bundleConfigAsCjs --no-watch"
)


def _rollup() -> Spec:
    return Spec(
        "rollup",
        version="rollup 4.68",
        summary="bundles the project; -c runs rollup.config (a runner definition) or the file it names",
        options={
            **_HV,
            _ROLLUP_FLAGS: "flag",
            _ROLLUP_TEXT: "val",
            "-c --config": "flag",  # its file, when given, is the next word (_rollup_config)
            "-d --dir": "val:tree-write",
            "-o --file --sourcemapFile": "val:write",
            "-i --input": "val:read",
            "-p --plugin --configPlugin": "val:text",
            # Shell commands rollup runs in watch mode.
            "--watch.onStart --watch.onBundleStart --watch.onBundleEnd --watch.onEnd --watch.onError": "val:exec",
        },
        operands="read*",
        long_prefix=False,
        judge=_rollup_judge,
        examples={
            "rollup -c": "",
            "rollup -c rollup.config.mjs": "load:rollup.config.mjs",
            "rollup -c /tmp/evil.mjs": "load:/tmp/evil.mjs",
            "rollup src/main.js -o dist/bundle.js -f es": "read:src/main.js write:dist/bundle.js",
            "rollup -c -w": "",
            "rollup -c --watch.onEnd ./notify.sh": "exec:./notify.sh",
            "rollup -c -p ./plugins/evil.js": "load:./plugins/evil.js",
            "rollup -c -p @rollup/plugin-node-resolve": "",
            "rollup -o ~/.bashrc src/a.js": "write:~/.bashrc read:src/a.js",
        },
    )


# esbuild spells every valued option `--name=value` and keyed ones `--name:key=value`.
_ESBUILD_KEYED: tuple[str, ...] = (
    "--define:",
    "--loader:",
    "--external:",
    "--alias:",
    "--banner:",
    "--footer:",
    "--out-extension:",
)
_ESBUILD_KEYED += ("--pure:", "--supported:", "--log-override:", "--global-name:", "--packages:", "--drop:")


def _esbuild_keyed(walked: Walk, argv: list[str]) -> None:
    """`--define:K=V`, `--loader:.js=jsx`, `--external:pkg` are text; `--inject:FILE` reads FILE into the bundle."""
    keyed = [w for w in argv[1:] if w.startswith(_ESBUILD_KEYED) or w.startswith("--inject:")]
    if not keyed:
        return
    names = {w.split("=", 1)[0] for w in keyed}
    walked.unknown[:] = [u for u in walked.unknown if not any(u.startswith(f"option {n} of ") for n in names)]
    for word in keyed:
        if word.startswith("--inject:"):
            walked.effects.append(Effect("read", word[len("--inject:") :], "--inject"))


def _esbuild() -> Spec:
    return Spec(
        "esbuild",
        version="esbuild 0.28",
        summary="bundles and transforms; it runs no project code (plugins need its JavaScript API)",
        options={
            **_H,
            "--version --bundle --minify --minify-whitespace --minify-identifiers --minify-syntax --splitting": "flag",
            "--watch --keep-names --allow-overwrite --preserve-symlinks --analyze --ignore-annotations": "opt",
            "--jsx-dev --jsx-side-effects --log-limit --color --sourcemap --sources-content --tree-shaking": "opt",
            "--legal-comments --line-limit --metafile-format --charset --main-fields --conditions --tsconfig-raw": "opt",
            "--format --platform --target --jsx --jsx-factory --jsx-fragment --jsx-import-source --log-level": "opt",
            "--mangle-props --reserve-props --mangle-quoted --public-path --resolve-extensions --asset-names": "opt",
            "--chunk-names --entry-names --outbase --source-root --sourcefile --loader --global-name --drop-labels": "opt",
            "--servedir": "opt:tree-read",
            "--serve-fallback": "opt:read",
            "--abs-paths --cors-origin --watch-delay": "opt",
            "--serve": "opt",
            "--outfile --metafile --mangle-cache": "opt:write",
            "--outdir": "opt:tree-write",
            "--tsconfig --keyfile --certfile": "opt:read",
            "--packages --drop --inject": "opt",
        },
        operands="read*",
        long_prefix=False,
        judge=_esbuild_keyed,
        examples={
            "esbuild src/index.ts --bundle --outfile=dist/out.js": "read:src/index.ts write:dist/out.js",
            "esbuild src/app.tsx --bundle --minify --sourcemap --outdir=dist": "read:src/app.tsx tree-write:dist",
            'esbuild src/a.ts --define:process.env.NODE_ENV=\\"production\\" --loader:.js=jsx': "read:src/a.ts",
            "esbuild src/a.ts --outfile=/home/u/.bashrc": "read:src/a.ts write:/home/u/.bashrc",
            "esbuild src/a.ts --bundle --inject:/tmp/x.js": "read:src/a.ts read:/tmp/x.js",
            "esbuild --version": "",
        },
    )


def _tsup() -> Spec:
    return Spec(
        "tsup",
        version="tsup 8.5",
        summary="bundles with esbuild; its config (tsup.config) is a runner definition; --onSuccess runs a command",
        options={
            **_HV,
            "--minify-whitespace --minify-identifiers --minify-syntax --keep-names --legacy-output --dts-resolve": "flag",
            "--dts-only --replaceNodeEnv --no-splitting --splitting --clean --silent --metafile --no-config": "flag",
            "--shims --inject-style --cjsInterop --bundle --no-bundle": "flag",
            "--format --target --external --global-name --jsxFactory --jsxFragment --pure --platform": "val",
            "--loader --killSignal --ignore-watch": "val",
            "--minify --dts --experimental-dts --sourcemap --watch --treeshake": "opt",
            "-d --out-dir --outDir": "val:tree-write",
            "--publicDir --public-dir": "opt:tree-read",
            "--inject --tsconfig": "val:read",
            "--config": "val:load",
            "--onSuccess --on-success": "val:exec",
        },
        operands="read*",
        long_prefix=False,
        judge=lambda w, a: _keyed_dots(w, a, ("--entry.", "--env.", "--define.")),
        examples={
            "tsup": "",
            "tsup src/index.ts --format cjs,esm --dts": "read:src/index.ts",
            "tsup --watch": "",
            "tsup --onSuccess ./post-build.sh": "exec:./post-build.sh",
            "tsup --config /tmp/t.ts": "load:/tmp/t.ts",
            "tsup -d ~/.local/bin": "tree-write:~/.local/bin",
            "tsup --env.NODE_ENV production": "",
            "tsup --entry.main src/a.ts": "read:src/a.ts",
        },
    )


def _keyed_dots(walked: Walk, argv: list[str], prefixes: tuple[str, ...]) -> None:
    """cac's dotted options (`--env.NAME value`, `--entry.main src/a.ts`): each takes a value; an entry is read."""
    dotted = [i for i, w in enumerate(argv) if i and w.startswith(prefixes)]
    if not dotted:
        return
    names = {argv[i].split("=", 1)[0] for i in dotted}
    walked.unknown[:] = [u for u in walked.unknown if not any(u.startswith(f"option {n} of ") for n in names)]
    for i in dotted:
        word = argv[i]
        name, equals, value = word.partition("=")
        if not equals and i + 1 < len(argv):
            value = argv[i + 1]
            # The value word was taken for an operand (an entry it reads): it is the option's value.
            for index, effect in enumerate(walked.effects):
                if effect.origin.startswith("operand") and effect.value == value:
                    del walked.effects[index]
                    break
        if name.startswith("--entry.") and value:
            walked.effects.append(Effect("read", value, name))


_PARCEL = {
    "--no-cache --no-source-maps --no-autoinstall --no-content-hash --no-optimize --no-scope-hoist --profile": "flag",
    "--trace --lazy --no-hmr --https --open --watch-for-stdin -V --version": "opt",
    "--reporter": "val:text",
    "--public-url --target --log-level -p --port --host --hmr-port --hmr-host --lazy-exclude": "val",
    "--detailed-report --feature-flag --watch-dir --watch-backend": "val",
    "--dist-dir --cache-dir": "val:tree-write",
    "--config": "val:load",
    "--cert --key": "val:read",
}


_PARCEL_MODULES = _modules("--reporter")


def _parcel_judge(walked: Walk, argv: list[str]) -> None:
    """`parcel [serve|watch|build] ENTRIES`: the command word has the entries' place (`parcel src/index.html`
    serves), and the three commands take the same options; the word is the command, not an entry read."""
    first = next((e for e in walked.effects if e.origin.startswith("operand")), None)
    if first is not None and first.value in ("serve", "watch", "build") and first.kind == "read":
        walked.effects.remove(first)
    _PARCEL_MODULES(walked, argv)


def _parcel() -> Spec:
    return Spec(
        "parcel",
        version="parcel 2",
        summary="serve / watch / build the project's entries (.parcelrc names plugins from node_modules)",
        options={**_H, **_PARCEL},
        operands="read*",
        long_prefix=False,
        judge=_parcel_judge,
        examples={
            "parcel src/index.html": "read:src/index.html",
            "parcel build src/index.html --dist-dir dist": "read:src/index.html tree-write:dist",
            "parcel build src/index.html --config /tmp/parcelrc": "read:src/index.html load:/tmp/parcelrc",
            "parcel build src/a.html --reporter ./r.js": "read:src/a.html load:./r.js",
        },
    )


# --- browser test runners -----------------------------------------------------------------------------------------
_PW_BROWSER = {
    "-b --browser --channel --color-scheme --device --geolocation --lang --proxy-server --proxy-bypass": "val",
    "--timezone --timeout --user-agent --viewport-size --save-har-glob --target --test-id-attribute": "val",
    "--block-service-workers --ignore-https-errors": "flag",
    # `user:password` for HTTP authentication: free text, not a path.
    "--http-credentials": "val",
    "--load-storage": "val:read",
    "--save-storage --save-har -o --output": "val:write",
    # A browser profile holds its cookies and saved passwords: a profile outside the project is judged as read.
    "--user-data-dir": "val:tree-read",
}


def _playwright() -> Spec:
    test = {
        "--debug --fail-on-flaky-tests --forbid-only --fully-parallel --headed --ignore-snapshots --last-failed": "flag",
        "--list --no-deps --pass-with-no-tests --quiet -x": "flag",
        "--browser -g --grep -G --grep-invert --global-timeout -j --workers --max-failures --project": "val",
        "--repeat-each --retries --shard --timeout --trace --update-source-method --run-agents": "val",
        "--only-changed --shuffle -u --update-snapshots": "opt",
        "-c --config": "val:load",
        "--output": "val:tree-write",
        "--tsconfig --last-failed-file --test-list --test-list-invert": "val:read",
        "--reporter --add-reporter": "val:text",
        "--ui": "flag",
        "--ui-host --ui-port": "val",
    }
    return Spec(
        "playwright",
        version="playwright 1.65",
        summary="test runs the project's tests (playwright.config is a runner definition); install downloads browsers",
        options={"-V --version -h --help": "flag"},
        subcommands={
            "test": Spec(
                "test",
                options={**_H, **test},
                operands="text*",
                long_prefix=False,
                # a tsconfig from elsewhere maps the tests' imports (`paths`, `baseUrl`) to code outside
                judge=code_places(
                    ("-c", "--config"), modules=("--reporter", "--add-reporter"), then=outside_loads(("--tsconfig",))
                ),
            ),
            "show-report": Spec("show-report", options={**_H, "--host --port": "val"}, operands="tree-read?"),
            "show-trace": Spec(
                "show-trace",
                options={**_H, "--host --port": "val", "--stdin": "flag", "-b --browser": "val"},
                operands="read?",
            ),
            "merge-reports": Spec(
                "merge-reports",
                options={**_H, "-c --config": "val:load", "--reporter": "val:text"},
                operands="tree-read?",
                judge=_modules("--reporter"),
            ),
            "clear-cache": Spec("clear-cache", options={**_H, "-c --config": "val:load"}),
            # An interactive browser the person drives; the page named is loaded (a GET).
            "codegen open cr ff wk": Spec("codegen", options={**_H, **_PW_BROWSER}, operands="network?"),
            "screenshot pdf": Spec(
                "screenshot",
                options={**_H, **_PW_BROWSER, "--wait-for-selector --wait-for-timeout": "val", "--full-page": "flag"},
                operands="network write",
            ),
            # Downloads browser builds (programs that later run) from Playwright's CDN.
            "install": Spec(
                "install",
                options={
                    **_H,
                    "--dry-run --list --force --only-shell --no-shell --no-progress --no-remove": "flag",
                    "--with-deps": "flag:privilege",  # runs apt-get through sudo for the system libraries
                },
                operands="text*",
                effects="network",
            ),
            "install-deps": Spec(
                "install-deps", options={**_H, "--dry-run": "flag"}, operands="text*", effects="privilege"
            ),
            "uninstall": Spec("uninstall", options={**_H, "--all": "flag"}, effects="destroy"),
            "trace cli mcp init-agents init-skills": Spec("trace", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "playwright test": "",
            "playwright test tests/login.spec.ts --project=chromium": "",
            "playwright test --headed -g login": "",
            "playwright test --tsconfig /tmp/t.json": "read:/tmp/t.json load:/tmp/t.json",
            "playwright test --tsconfig tsconfig.e2e.json": "read:tsconfig.e2e.json",
            "playwright test --reporter=list": "",
            "playwright test --reporter=/tmp/r.js": "load:/tmp/r.js",
            "playwright test -c /tmp/evil.config.ts": "load:/tmp/evil.config.ts",
            "playwright show-report": "",
            "playwright codegen http://localhost:3000": "network:http://localhost:3000",
            "playwright codegen --save-storage ~/.bashrc": "write:~/.bashrc",
            "playwright install": "network",
            "playwright install chromium": "network",
            "playwright install --with-deps chromium": "privilege network",
            "playwright install-deps": "privilege",
            "playwright uninstall --all": "destroy",
        },
    )


# Configuration keys of `cypress run -c k=v,...` that name no file and run no code.
_CYPRESS_PLAIN_KEYS = frozenset(
    "baseUrl viewportWidth viewportHeight video videoCompression screenshotOnRunFailure trashAssetsBeforeRuns "
    "defaultCommandTimeout requestTimeout responseTimeout pageLoadTimeout execTimeout taskTimeout retries "
    "watchForFileChanges numTestsKeptInMemory waitForAnimations animationDistanceThreshold chromeWebSecurity "
    "blockHosts experimentalStudio experimentalMemoryManagement testIsolation includeShadowDom scrollBehavior "
    "defaultBrowser port reporter".split()
)


# Reporter option keys that name a file or directory the reporter writes (mocha-junit-reporter's mochaFile,
# mochawesome's reportDir / reportFilename, output=, outputDir=, jsonDir=, ...).
_CYPRESS_REPORTER_PATH = re.compile(r"(?i)file|dir|output|path|folder")


def _cypress_browser(walked: Walk, argv: list[str]) -> None:
    """`cypress run -b PATH`: a browser named by path is a program cypress starts; a family name is not.
    `-c k=v,...`: a key that names files (supportFile, specPattern, fixturesFolder, ...) or code is not modelled,
    nor is a JSON value."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin in ("-c", "--config"):
            keys = [part.split("=", 1)[0].strip() for part in effect.value.split(",") if part.strip()]
            if effect.value.lstrip().startswith("{") or not all(key in _CYPRESS_PLAIN_KEYS for key in keys):
                walked.unknown.append(f"cypress configuration {effect.value[:80]!r} names files or code")
            walked.effects.remove(effect)
        if effect.kind == "text" and effect.origin in ("-o", "--reporter-options"):
            # The reporter's own options: `mochaFile=PATH`, `reportDir=PATH`, `output=PATH` are files it writes;
            # a JSON value is not read here.
            walked.effects.remove(effect)
            if effect.value.lstrip().startswith("{"):
                walked.unknown.append(f"cypress reporter options {effect.value[:80]!r} are not modelled")
                continue
            for part in effect.value.split(","):
                key, _, value = part.partition("=")
                if value and _CYPRESS_REPORTER_PATH.search(key):
                    walked.effects.append(Effect("write", value.strip(), f"{effect.origin} {key.strip()}"))
    for effect in walked.effects:
        if effect.kind == "text" and effect.origin in ("-b", "--browser"):
            effect.kind = "script" if "/" in effect.value else "text"
    walked.effects[:] = [e for e in walked.effects if not (e.kind == "text" and e.origin in ("-b", "--browser"))]


def _cypress() -> Spec:
    common = {
        "-b --browser": "val:text",  # a name, or a path to a browser program (_cypress_browser)
        "--component --e2e": "flag",
        "-e --env -p --port --testing-type": "val",
        # `k=v,k=v` configuration: keys that name files (supportFile, specPattern, ...) are code it loads.
        "-c --config": "val:text",
        "-C --config-file": "val:load",
        "-P --project": "val:cd",
    }
    run = {
        **common,
        "--auto-cancel-after-failures --ci-build-id --group -t --tag": "val",
        "-o --reporter-options": "val:text",  # `k=v,...`: keys naming files are writes (_cypress_browser)
        # the record key is a secret on the command line, not a path
        "-k --key": "val",
        "--headed --headless --no-exit --parallel -q --quiet --runner-ui --no-runner-ui --dev": "flag",
        # Records the run (videos, screenshots, results) to Cypress Cloud.
        "--record": "opt:network",
        "-r --reporter": "val:text",
        "-s --spec": "val:load",
    }
    return Spec(
        "cypress",
        version="cypress 15.3",
        summary="run / open run the project's tests (cypress.config is a runner definition); install downloads the app",
        options=_HV,
        subcommands={
            "run": Spec(
                "run",
                options={**_H, **run},
                long_prefix=False,
                judge=code_places(("-s", "--spec"), modules=("-r", "--reporter"), then=_cypress_browser),
            ),
            "open": Spec(
                "open",
                options={**_H, **common, "-d --detached": "opt", "--global --dev": "flag"},
                long_prefix=False,
                judge=_cypress_browser,
            ),
            "install": Spec("install", options={**_H, "-f --force": "flag"}, effects="network"),
            "verify version help": Spec("verify", options={**_H, "--dev --component": "flag"}),
            # info prints the CYPRESS_* environment variables (CYPRESS_RECORD_KEY among them).
            "info": Spec("info", options={**_H, "--dev": "flag"}, effects="env"),
            "cache": Spec(
                "cache",
                subcommands={
                    "path list size": Spec("path", options={**_H, "--size": "flag"}),
                    "clear prune": Spec("clear", effects="destroy"),
                },
                subcommand_required=True,
            ),
        },
        long_prefix=False,
        examples={
            "cypress run": "",
            "cypress run --spec cypress/e2e/login.cy.ts": "",
            "cypress run --browser chrome --headless": "",
            "cypress open --e2e": "",
            "cypress verify": "",
            "cypress run --record --key abc": "network",
            "cypress run -C /tmp/c.config.js": "load:/tmp/c.config.js",
            "cypress run -b /tmp/evil": "script:/tmp/evil",
            "cypress run --spec /tmp/x.cy.js": "load:/tmp/x.cy.js",
            "cypress run -c baseUrl=http://localhost:3000,video=false": "",
            "cypress run -c supportFile=/tmp/evil.js": "unknown",
            "cypress run --reporter junit --reporter-options mochaFile=~/.bashrc,toConsole=true": "write:~/.bashrc",
            "cypress install": "network",
            "cypress cache clear": "destroy",
        },
    )


# --- TypeScript script runners, watchers, process managers ---------------------------------------------------------
_TSX_WATCH: dict[str, str | Opt] = {**_HV}


def _tsx_watch(walked: Walk, argv: list[str]) -> None:
    """`tsx watch [flags] FILE`: tsx's one subcommand has the same place as the script (`tsx FILE` runs FILE), so
    a first operand `watch` is read again as the command it is, with watch's flags; else as `tsx FILE`."""
    first = next((e for e in walked.effects if e.kind == "script" and e.origin.startswith("operand")), None)
    if first is not None and first.value == "watch" and "watch" in argv:
        again = walk(_WATCH_SPEC, [argv[0], *argv[argv.index("watch") + 1 :]], walked.cwd)
        kept = [e for e in walked.effects if e is not first and not e.origin.startswith("operand")]
        walked.effects[:] = kept + again.effects
        walked.unknown.extend(again.unknown)
    _stdin_script(walked, argv)


_TSX_SETTINGS = outside_loads(("--tsconfig", "--env-file"))


def _tsx_judge(walked: Walk, argv: list[str]) -> None:
    """`tsx [watch]`, then its settings files: an env file's NODE_OPTIONS (`--require X`) reaches node, a
    tsconfig's `paths` map imports; from outside the directory they are loads."""
    _tsx_watch(walked, argv)
    _TSX_SETTINGS(walked, argv)


def _tsx() -> Spec:
    node = {
        "--no-cache --no-clear-screen -i --interactive --test --no-warnings": "flag",
        "--clear-screen": "opt",
        "--enable-source-maps --experimental-vm-modules --trace-warnings": "flag",
        "--tsconfig --env-file": "val:read",
        "-e --eval -p --print": _code("node", "text*"),
        "-r --require --import --loader": "val:load",
        "--input-type -C --conditions --max-old-space-size": "val",
        "--inspect --inspect-brk": "unknown",
    }
    _TSX_WATCH.update(node)
    _TSX_WATCH.update({"--include --exclude --ignore": "val"})
    return Spec(
        "tsx",
        version="tsx 4.23",
        summary="runs a TypeScript file with node: the script is judged as `node FILE`",
        options={**_HV, **node},
        operands="script text*",
        posix=True,
        long_prefix=False,
        judge=_tsx_judge,
        examples={
            "tsx --tsconfig /tmp/t.json src/a.ts": "read:/tmp/t.json load:/tmp/t.json script:src/a.ts",
            "tsx --env-file=/tmp/x.env src/a.ts": "read:/tmp/x.env load:/tmp/x.env script:src/a.ts",
            "tsx --env-file=.env src/a.ts": "read:.env script:src/a.ts",
            "tsx src/index.ts": "script:src/index.ts",
            "tsx watch src/server.ts": "script:src/server.ts",
            "tsx /tmp/evil.ts": "script:/tmp/evil.ts",
            "tsx -e 'console.log(1)'": "code:node:console.log(1)",
            "tsx --require /tmp/x.js src/a.ts": "load:/tmp/x.js script:src/a.ts",
            "tsx": "script:-",
            "tsx --version": "",
        },
    )


def _ts_node(name: str) -> Spec:
    return Spec(
        name,
        version="ts-node 10.9",
        summary="runs a TypeScript file: the script is judged as `node FILE`",
        options={
            **_HV,
            "-e --eval -p --print": _code("node", "text*"),
            "-i --interactive": "flag:script=-",
            "-r --require": "val:load",
            "--esm --swc --showConfig -T --transpileOnly --transpile-only -H --compilerHost --files --pretty": "flag",
            "--cwdMode --skipProject --skipIgnore --emit --scope --preferTsExts --logError": "flag",
            "--noExperimentalReplAwait --no-experimental-repl-await --script-mode --cwd-mode": "flag",
            "--experimental-specifier-resolution": "val",
            "-I --ignore -D --ignoreDiagnostics -O --compilerOptions --experimentalSpecifierResolution": "val",
            # a tsconfig's "ts-node" section names modules to require, a compiler and a transpiler: code it loads
            "-P --project": "val:load",
            "-C --compiler --transpiler": "val:text",
            "--cwd --scopeDir": "val:cd",
        },
        operands="script text*",
        posix=True,
        long_prefix=False,
        judge=_ts_node_judge,
        examples={
            "ts-node src/index.ts": "script:src/index.ts",
            "ts-node -T scripts/seed.ts": "script:scripts/seed.ts",
            "ts-node /tmp/x.ts": "script:/tmp/x.ts",
            "ts-node -e 'console.log(1)'": "code:node:console.log(1)",
            "ts-node -r tsconfig-paths/register src/a.ts": "load:tsconfig-paths/register script:src/a.ts",
            "ts-node -C /tmp/compiler.js src/a.ts": "load:/tmp/compiler.js script:src/a.ts",
            "ts-node": "script:-",
        },
    )


_TS_NODE_MODULES = _modules("-C", "--compiler", "--transpiler")


def _ts_node_judge(walked: Walk, argv: list[str]) -> None:
    _TS_NODE_MODULES(walked, argv)
    _stdin_script(walked, argv)


def _nodemon_exec(walked: Walk, argv: list[str]) -> None:
    """`nodemon --exec CMD script args`: nodemon runs `CMD script args`, so the command judged is that whole line
    (`--exec ts-node src/a.ts` runs ts-node on the project's file), and the script is no longer run by node."""
    execs = [e for e in walked.effects if e.kind == "exec"]
    if not execs:
        return
    scripts = [e for e in walked.effects if e.kind == "script"]
    rest = argv[argv.index(scripts[0].value) :] if scripts and scripts[0].value in argv else []
    line = " ".join([execs[-1].value, *(shlex.quote(w) for w in rest if w != "--")])
    walked.effects[:] = [e for e in walked.effects if e.kind not in ("exec", "script")]
    walked.effects.append(Effect("exec", line, "--exec"))


def _nodemon() -> Spec:
    return Spec(
        "nodemon",
        version="nodemon 3.1",
        summary="restarts a script on changes: the script is judged as `node FILE`, --exec as the command it runs",
        options={
            **_HV,
            "-x --exec": "val:exec",
            "--config": "val:load",  # nodemon.json: its `events` run commands
            "-e --ext -w --watch -i --ignore -d --delay --signal -P --polling-interval": "val",
            "-V --verbose -q --quiet -C --on-change-only -I --no-stdin -L --legacy-watch --no-colors --dump": "flag",
            "--spawn": "flag",  # `--spawn .... force nodemon to use spawn (over fork)`: takes no value
            "--no-update-notifier --exitcrash": "flag",
            "--cwd": "val:cd",
        },
        operands="script text*",
        posix=True,
        long_prefix=False,
        judge=_nodemon_exec,
        examples={
            "nodemon": "",
            "nodemon src/server.js": "script:src/server.js",
            "nodemon -w src --ext ts --exec ./run.sh": "exec:./run.sh",
            "nodemon /tmp/x.js": "script:/tmp/x.js",
            "nodemon --config /tmp/n.json": "load:/tmp/n.json",
            "nodemon --spawn /tmp/x.js": "script:/tmp/x.js",
            # --cwd DIR: DIR's nodemon.json (its exec and events) and package.json main or start script run.
            "nodemon --cwd /tmp/x": "cd:/tmp/x load:/tmp/x",
        },
    )


def _pm2_start(walked: Walk, argv: list[str]) -> None:
    """`pm2 start X`: a file of code is a script (judged as `node FILE`), an ecosystem file names the scripts
    (a load), a command string (`pm2 start "npm run dev"`) is a command that runs."""
    for effect in walked.effects:
        if effect.kind != "script" or not effect.origin.startswith("operand"):
            continue
        value = effect.value
        if "/" not in value and "." not in value and " " not in value:
            # `pm2 start npm -- run dev`: a program found on the PATH, run with the words after `--`.
            rest = argv[argv.index("--") + 1 :] if "--" in argv else []
            effect.kind, effect.value = "exec", " ".join(shlex.quote(w) for w in [value, *rest])
        elif " " in value:
            effect.kind = "exec"
        elif value.endswith((".json", ".yml", ".yaml", ".config.js", ".config.cjs", ".config.mjs")) or value.startswith(
            "ecosystem"
        ):
            effect.kind = "load"


_PM2_START = {
    "-n --name -i --instances --cron --cron-restart --env --max-memory-restart --restart-delay": "val",
    "--exp-backoff-restart-delay --log-date-format --listen-timeout --kill-timeout --ignore-watch": "val",
    "--namespace --max-restarts --min-uptime --log-type": "val",
    "--watch": "opt",
    "-x --no-autorestart --time --no-daemon -f --force --update-env --merge-logs --wait-ready": "flag",
    "--no-pmx --shutdown-with-message --no-treekill --attach --disable-logs -s --silent": "flag",
    "-l --log -o --output -e --error --pid": "val:write",
    "--cwd": "val:cd",
    # The program that runs the script (`--interpreter bash`, `--node-args=--require ./x`): not modelled.
    "--interpreter --interpreter-args --node-args": "unknown",
}


def _pm2() -> Spec:
    read = Spec("list", options={**_H, "-m --mini-list --sort": "opt", "--json --raw": "flag"}, operands="text*")
    return Spec(
        "pm2",
        version="pm2 7.0",
        summary="a process manager: lists and logs are reads; start runs a script; stop/delete signal processes",
        options={"-v --version -V -h --help -s --silent": "flag"},
        subcommands={
            "list ls l ps status id pid ping slist sysinfos get examples": read,
            "logs log": Spec(
                "logs",
                options={
                    **_H,
                    "--lines": "val",
                    "--nostream --raw --err --out --json --format --timestamp --highlight": "opt",
                },
                operands="text?",
            ),
            "monit dash dashboard": Spec("monit"),
            # describe/show print the process's "divergent env variables"; env, jlist and prettylist print it all.
            "show describe desc info env jlist prettylist report": Spec("show", operands="text*", effects="env"),
            "start startOrRestart startOrReload startOrGracefulReload": Spec(
                "start", options={**_H, **_PM2_START}, operands="script text*", long_prefix=False, judge=_pm2_start
            ),
            "ecosystem init create": Spec("ecosystem", operands="text?"),
            "restart reload gracefulReload scale sendSignal delete del stop kill update updatePM updatePM2 reset": Spec(
                "stop", options={**_H, "--update-env --watch -s --silent": "flag"}, operands="text*", effects="signal"
            ),
            "flush reloadLogs": Spec("flush", operands="text*", effects="destroy"),
            "startup unstartup save dump cleardump set multiset unset conf config logrotate": Spec(
                "startup",
                options={**_H, "-u --user --hp --service-name": "val", "--force": "flag"},
                operands="text*",
                effects="config",
            ),
            "resurrect": Spec("resurrect", effects="unknown"),
            "install module:install uninstall module:uninstall module:update deepUpdate autoinstall": Spec(
                "install", operands="text*", effects="network"
            ),
            "deploy package publish module:publish": Spec("deploy", operands="text*", effects="publish"),
            "serve expose link unlink plus register login logout monitor unmonitor open trigger inspect send attach": Spec(
                "serve", effects="unknown"
            ),
            "profile:cpu profile:mem module:generate pull forward backward imonit": Spec("profile", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "pm2 list": "",
            "pm2 ls": "",
            "pm2 status": "",
            "pm2 logs api --lines 100 --nostream": "",
            "pm2 start server.js --name api": "script:server.js",
            "pm2 start ecosystem.config.js": "load:ecosystem.config.js",
            "pm2 start /tmp/x.js": "script:/tmp/x.js",
            "pm2 start npm": "exec:npm",
            "pm2 restart api": "signal",
            "pm2 delete all": "signal",
            "pm2 kill": "signal",
            "pm2 startup": "config",
            "pm2 save": "config",
            "pm2 env 0": "env",
            "pm2 jlist": "env",
            "pm2 install pm2-logrotate": "network",
            "pm2 start app.js --interpreter bash": "script:app.js unknown",
        },
    )


_COREPACK_MANAGERS = ("npm", "pnpm", "yarn", "pnpx", "yarnpkg", "npx")


def _corepack_run(walked: Walk, argv: list[str]) -> None:
    """`corepack pnpm install`: the package manager's own command line, judged as if typed (`pnpm install`)."""
    index = next((i for i, w in enumerate(argv) if i and w in _COREPACK_MANAGERS), None)
    if index is None:
        return
    walked.unknown.clear()
    walked.effects[:] = [e for e in walked.effects if e.kind != "text"]
    walked.rest = argv[index:]


def _corepack() -> Spec:
    shim = {**_H, "--install-directory": "val:tree-write"}
    return Spec(
        "corepack",
        version="corepack 0.31",
        summary="enable/disable write shims next to node (config); prepare/install/use fetch a package manager",
        options={"-h --help -v --version": "flag"},
        subcommands={
            "enable disable": Spec("enable", options=shim, operands="text*", effects="config"),
            "prepare install pack up": Spec(
                "install",
                # pack's -o names the archive it writes (read as a flag, the path became an operand)
                options={**_H, "-g --global --all --activate --json": "flag", "-o --output": "val:write"},
                operands="text*",
                effects="network",
            ),
            "use": Spec("use", options=_H, operands="text", effects="network"),
            "cache": Spec("cache", subcommands={"clean clear": Spec("clean")}, subcommand_required=True),
            # `corepack pnpm install`: fetches the pinned package manager, then runs it with the rest.
            "npm pnpm yarn pnpx yarnpkg npx": Spec(
                "pnpm", effects="network", operands="text*", posix=True, judge=_corepack_run
            ),
        },
        long_prefix=False,
        examples={
            "corepack enable": "config",
            "corepack enable pnpm": "config",
            "corepack pack -o ~/.bashrc pnpm@9": "network write:~/.bashrc",
            "corepack prepare pnpm@9 --activate": "network",
            "corepack use pnpm@9": "network",
            "corepack --version": "",
            "corepack yarn": "network runs:yarn",
        },
    )


# --- database toolkits --------------------------------------------------------------------------------------------
_PRISMA_SCHEMA = {"--schema": "val:load", "--config": "val:load", "-h --help": "flag"}


def _prisma() -> Spec:
    def sub(name: str, options: dict[str, str] | None = None, effects: str = "", operands: str = "") -> Spec:
        return Spec(
            name, options={**_PRISMA_SCHEMA, **(options or {})}, effects=effects, operands=operands, long_prefix=False
        )

    return Spec(
        "prisma",
        version="prisma 7.10 (top level; subcommands as prisma 6 documents them)",
        summary=(
            "generate/validate/format are project work (the schema's generators are programs prisma runs: a schema "
            "outside the project is a load); migrate and db reach the database the environment names"
        ),
        options={"-h --help -v --version --preview-feature": "flag"},
        subcommands={
            "generate": sub(
                "generate",
                {
                    "--watch --no-engine --no-hints --allow-no-models --sql --data-proxy --accelerate": "flag",
                    "--generator": "val",
                },
            ),
            "validate": sub("validate"),
            "format": sub("format", {"--check": "flag"}),
            "version -v": sub("version", {"--json": "flag"}),
            "debug": sub("debug", effects="env"),  # prints the PRISMA_* and proxy environment variables
            "init": sub(
                "init",
                {
                    "--datasource-provider --generator-provider --url --output --preview-feature": "val",
                    "--with-model": "flag",
                    "--db --prompt --vibe": "unknown",
                },
            ),
            "studio": sub("studio", {"-p --port -b --browser -n --hostname": "val"}, effects="network"),
            "migrate": Spec(
                "migrate",
                subcommands={
                    "dev": sub(
                        "dev",
                        {"-n --name": "val", "--create-only --skip-generate --skip-seed": "flag"},
                        effects="network",
                    ),
                    "deploy status": sub("deploy", effects="network"),
                    "resolve": sub("resolve", {"--applied --rolled-back": "val"}, effects="network"),
                    "reset": sub(
                        "reset", {"-f --force --skip-generate --skip-seed": "flag"}, effects="network destroy"
                    ),
                    "diff": sub("diff", effects="unknown"),
                },
                subcommand_required=True,
            ),
            "db": Spec(
                "db",
                subcommands={
                    "push": sub(
                        "push",
                        {"--skip-generate": "flag", "--accept-data-loss --force-reset": "flag:destroy"},
                        effects="network",
                    ),
                    "pull": sub(
                        "pull", {"--force --print": "flag", "--composite-type-depth": "val"}, effects="network"
                    ),
                    # The seed command package.json / prisma.config names: the project's code.
                    "seed": sub("seed", effects="network", operands="text*"),
                    # Runs the SQL it is given against the database.
                    "execute": sub(
                        "execute",
                        {"--file": "val:read", "--stdin": "flag", "--url": "val:network"},
                        effects="network destroy",
                    ),
                },
                subcommand_required=True,
            ),
            "dev bootstrap platform postgres mcp complete": Spec("dev", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "prisma generate": "",
            "prisma validate": "",
            "prisma format": "",
            "prisma --version": "",
            "prisma generate --schema /tmp/evil.prisma": "load:/tmp/evil.prisma",
            "prisma migrate dev --name init": "network",
            "prisma db push": "network",
            "prisma migrate reset --force": "network destroy",
            "prisma db push --force-reset": "network destroy",
            "prisma db push --accept-data-loss": "network destroy",
            "prisma studio": "network",
            "prisma migrate status": "network",
        },
    )


_DRIZZLE_DB = {
    "--config": "val:load",
    "--dialect --casing --tablesFilter --schemaFilters --extensionsFilters --driver --ssl": "val",
    "--user --password --database --auth-token --tlsSecurity --port": "val",
    "--url --host": "val:network",
    "--verbose --strict": "flag",
    "--force": "flag:destroy",  # "Auto-approve all data loss statements"
}


def _drizzle() -> Spec:
    gen = {
        "--config": "val:load",
        "--dialect --driver --casing --name --prefix": "val",
        # the schema files (a file, directory or glob) are TypeScript drizzle-kit imports: code it runs
        "--schema": "val:load",
        "--out": "val:tree-write",
        "--breakpoints --custom": "flag",
    }
    return Spec(
        "drizzle-kit",
        version="drizzle-kit 0.31",
        summary="generate/check/up write the project's migration files; push/migrate/pull/studio reach the database",
        options=_HV,
        subcommands={
            "generate": Spec("generate", options={**_H, **gen}, long_prefix=False, judge=code_places(("--schema",))),
            "check up export": Spec(
                "check", options={**_H, **gen, "--sql": "flag"}, long_prefix=False, judge=code_places(("--schema",))
            ),
            "push": Spec(
                "push",
                options={**_H, **_DRIZZLE_DB, "--schema": "val:load"},
                effects="network",
                long_prefix=False,
                judge=code_places(("--schema",)),
            ),
            "migrate": Spec("migrate", options={**_H, "--config": "val:load"}, effects="network", long_prefix=False),
            "pull introspect": Spec(
                "pull",
                options={
                    **_H,
                    **_DRIZZLE_DB,
                    "--schema": "val",
                    "--out": "val:tree-write",
                    "--breakpoints": "flag",
                    "--introspect-casing": "val",
                },
                effects="network",
                long_prefix=False,
            ),
            "studio": Spec(
                "studio",
                options={**_H, "--config": "val:load", "--port --host": "val", "--verbose": "flag"},
                effects="network",
                long_prefix=False,
            ),
            # Deletes a migration the person picks from the project's migrations folder.
            "drop": Spec("drop", options={**_H, "--config": "val:load", "--out": "val:tree-write"}, long_prefix=False),
        },
        long_prefix=False,
        examples={
            "drizzle-kit generate": "",
            "drizzle-kit check": "",
            "drizzle-kit push": "network",
            "drizzle-kit push --force": "network destroy",
            "drizzle-kit migrate": "network",
            "drizzle-kit generate --config /tmp/d.ts": "load:/tmp/d.ts",
            "drizzle-kit generate --dialect sqlite --schema /tmp/s.ts": "load:/tmp/s.ts",
            "drizzle-kit push --schema=/tmp/s.ts": "network load:/tmp/s.ts",
        },
    )


def _knex() -> Spec:
    common = {
        **_HV,
        "--debug --verbose --esm --timestamp-filename-prefix": "flag",
        "--knexfile --knexpath --migrations-directory --seeds-directory": "val:load",
        "--cwd": "val:cd",
        "--env --specific --client --migrations-table-name --stub -x": "val",
        "--connection": "val:network",
    }
    migrate = Spec("migrate", options=common, effects="network", operands="text?", long_prefix=False)
    return Spec(
        "knex",
        version="knex 3.3",
        summary="migrations and seeds run the project's knexfile and scripts against its database",
        options=common,
        subcommands={
            "migrate:latest migrate:up migrate:down migrate:status migrate:list migrate:currentVersion": migrate,
            "migrate:unlock seed:run": migrate,
            "migrate:rollback": Spec(
                # --all rolls back every batch, as sequelize db:migrate:undo:all: the schema and its data go.
                "migrate:rollback",
                options={**common, "--all": "flag:destroy"},
                effects="network",
                long_prefix=False,
            ),
            "migrate:make seed:make init": Spec("migrate:make", options=common, operands="text?", long_prefix=False),
        },
        long_prefix=False,
        examples={
            "knex migrate:latest": "network",
            "knex migrate:make add_users": "",
            "knex seed:run": "network",
            "knex migrate:rollback --all": "destroy network",
            "knex migrate:latest --knexfile /tmp/k.js": "network load:/tmp/k.js",
        },
    )


def _sequelize() -> Spec:
    common = {
        **_HV,
        "--env --name --to --from --seed": "val",
        "--url": "val:network",
        # Migrations, seeders and models are code it runs; the options file is JavaScript.
        "--options-path --models-path --seeders-path --migrations-path": "val:load",
        "--config": "val:load",
        "--debug --force --underscored": "flag",
    }
    db = Spec("db:migrate", options=common, effects="network", long_prefix=False)
    return Spec(
        "sequelize",
        version="sequelize-cli 6",
        aliases=("sequelize-cli",),
        summary="db:migrate and db:seed run the project's migration scripts against its database",
        options=common,
        subcommands={
            "db:migrate db:migrate:status db:migrate:undo db:seed db:seed:all db:seed:undo db:create": db,
            "db:migrate:undo:all db:seed:undo:all db:drop": Spec(
                "db:drop", options=common, effects="network destroy", long_prefix=False
            ),
            "init init:config init:migrations init:models init:seeders migration:generate migration:create": Spec(
                "init", options={**common, "--attributes": "val"}, long_prefix=False
            ),
            "model:generate model:create seed:generate seed:create": Spec(
                "model:generate", options={**common, "--attributes": "val"}, long_prefix=False
            ),
        },
        long_prefix=False,
        examples={
            "sequelize db:migrate": "network",
            "sequelize db:migrate:undo:all": "network destroy",
            "sequelize model:generate --name User --attributes name:string": "",
        },
    )


def _typeorm() -> Spec:
    ds = {**_H, "-d --dataSource": "val:load"}
    return Spec(
        "typeorm",
        version="typeorm 1.1",
        aliases=("typeorm-ts-node-commonjs", "typeorm-ts-node-esm"),
        summary="migrations run the project's data source and migration files against its database",
        options=_HV,
        subcommands={
            "migration:run migration:revert migration:show schema:log": Spec(
                "migration:run",
                options={**ds, "-t --transaction --fake -f": "opt"},
                operands="text?",
                effects="network",
                long_prefix=False,
            ),
            "schema:sync": Spec("schema:sync", options=ds, effects="network", long_prefix=False),
            # schema:drop drops every table; query runs the SQL it is given.
            "schema:drop cache:clear query": Spec(
                "schema:drop", options=ds, operands="text?", effects="network destroy", long_prefix=False
            ),
            "migration:generate": Spec(
                "migration:generate",
                options={
                    **ds,
                    "-p --pretty --dr --dryrun --ch --check -o --outputJs --esm": "flag",
                    "-t --timestamp": "val",
                },
                operands="write",
                effects="network",
                long_prefix=False,
            ),
            "migration:create entity:create subscriber:create": Spec(
                "migration:create",
                options={**_H, "-o --outputJs --esm": "flag", "-t --timestamp": "val"},
                operands="write",
                long_prefix=False,
            ),
            "init version": Spec("init", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "typeorm migration:run -d src/data-source.ts": "load:src/data-source.ts network",
            "typeorm migration:create src/migrations/Init": "write:src/migrations/Init",
            "typeorm schema:drop -d src/ds.ts": "load:src/ds.ts network destroy",
        },
    )


# --- release tools ------------------------------------------------------------------------------------------------
def _changeset() -> Spec:
    return Spec(
        "changeset",
        version="@changesets/cli 2.31",
        summary="add/version/status edit the project's files; publish publishes every changed package",
        options=_HV,
        subcommands={
            "init tag": Spec("init"),
            "add": Spec("add", options={"--empty --open": "flag", "--since --message -m": "val"}),
            "version": Spec(
                "version",
                options={"--ignore --snapshot-prerelease-template": "val", "--snapshot": "opt"},
            ),
            "status": Spec("status", options={"--since": "val", "--verbose": "flag", "--output": "val:write"}),
            "pre": Spec("pre", operands="text text?"),
            "publish": Spec("publish", options={"--tag --otp": "val", "--no-git-tag": "flag"}, effects="publish"),
        },
        long_prefix=False,
        examples={
            "changeset": "",
            "changeset add --empty": "",
            "changeset status --verbose": "",
            "changeset version": "",
            "changeset publish": "publish",
            "changeset status --output ~/.bashrc": "write:~/.bashrc",
        },
    )


def _lerna() -> Spec:
    filters = {
        "--scope --ignore --since --concurrency --loglevel": "val",
        "--no-bail --include-dependents --include-dependencies --no-private --reject-cycles": "flag",
        "--stream --parallel --no-prefix --profile --skip-nx-cache --verbose": "flag",
    }
    return Spec(
        "lerna",
        version="lerna 8",
        summary="run executes the packages' scripts (package.json is a runner definition); version/publish ship",
        options={**_HV, "--loglevel": "val"},
        subcommands={
            # The words after `--` reach each package script's program (`-- --require /tmp/x.js`).
            "run": Spec("run", options={**_H, **filters}, operands="text+", judge=forwarded_loads),
            "list ls la ll info changed diff": Spec(
                "list",
                options={
                    **_H,
                    **filters,
                    "--json --ndjson -a --all -l --long -p --parseable --graph --toposort": "flag",
                },
                operands="text*",
            ),
            # `lerna exec -- CMD` runs CMD in every package.
            "exec": Spec("exec", options={**_H, **filters}, operands="argv"),
            # `lerna version` bumps, commits, tags and pushes (and may create a GitHub release).
            "version": Spec(
                "version",
                options={**_H, "--yes -y --no-push --no-git-tag-version": "flag"},
                operands="text?",
                effects="publish",
            ),
            "publish": Spec(
                "publish", options={**_H, "--yes -y --dist-tag --canary": "flag"}, operands="text?", effects="publish"
            ),
            "init bootstrap add clean create import link repair watch add-caching": Spec("init", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "lerna run build": "",
            "lerna run test --scope @app/web --stream": "",
            "lerna list": "",
            "lerna changed": "",
            "lerna publish": "publish",
            "lerna version patch --yes": "publish",
            "lerna exec -- make": "runs:make",
            "lerna run test -- --require /tmp/x.js": "load:/tmp/x.js",
        },
    )


# --- storybook, Angular, Expo --------------------------------------------------------------------------------------
_SB_COMMON = {
    "-c --config-dir": "val:load",
    "--quiet --debug-webpack --docs --disable-telemetry --enable-crash-reports --test --preview-only": "flag",
    "--force-build-preview --smoke-test --ci --no-open --exact-port --https --no-version-updates": "flag",
    "--loglevel --preview-url --initial-path -p --port -h --host": "val",
    "--webpack-stats-json --stats-json": "opt:write",
    "--ssl-ca --ssl-cert --ssl-key": "val:read",
}


def _storybook() -> Spec:
    judge = code_places(("-c", "--config-dir"))
    return Spec(
        "storybook",
        version="storybook 8",
        aliases=("sb",),
        summary="dev / build run the project's stories and .storybook/main (a runner definition)",
        options={"--help -V --version": "flag"},
        subcommands={
            "dev": Spec("dev", options={"--help": "flag", **_SB_COMMON}, long_prefix=False, judge=judge),
            "build": Spec(
                "build",
                options={"--help": "flag", **_SB_COMMON, "-o --output-dir": "val:tree-write"},
                long_prefix=False,
                judge=judge,
            ),
            "info doctor": Spec("info"),
            # init / add / upgrade / sandbox install packages from the registry and edit the project.
            "init add upgrade sandbox remove": Spec(
                "init", options={"-y --yes --skip-install": "flag"}, operands="text*", effects="network"
            ),
            "migrate automigrate": Spec("migrate", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "storybook dev -p 6006": "",
            "storybook dev -p 6006 --no-open": "",
            "storybook build": "",
            "storybook build -o ~/.config/sb": "tree-write:~/.config/sb",
            "storybook dev -c /tmp/sb": "load:/tmp/sb",
            "storybook add @storybook/addon-a11y": "network",
        },
    )


def _ng() -> Spec:
    cfg = {"-c --configuration --project": "val", "--help": "flag"}
    build_opts = {
        **cfg,
        "--aot --source-map --watch --verbose --progress --named-chunks --optimization --stats-json --poll": "opt",
        "--base-href --deploy-url --output-hashing --localize --i18n-missing-translation --delete-output-path": "opt",
        "--output-path --outputPath": "val:tree-write",
    }
    serve_opts = {
        **cfg,
        "--port --host --public-host --allowed-hosts --serve-path": "val",
        "--proxy-config --proxyConfig": "val:load",  # a proxy.conf.js is code
        "--open -o --hmr --live-reload --ssl --watch --verbose --disable-host-check --poll": "opt",
        "--ssl-cert --ssl-key": "val:read",
    }
    test_opts = {
        **cfg,
        "--watch --code-coverage --browsers --include --progress --source-map": "opt",
        "--karma-config --karmaConfig": "val:load",  # karma.conf.js is code
    }
    return Spec(
        "ng",
        version="@angular/cli 19",
        summary="serve / build / test / lint run the project's builders (angular.json is a runner definition)",
        options={"--help --version -v": "flag"},
        subcommands={
            "build b": Spec("build", options=build_opts, operands="text?", long_prefix=False),
            "serve s dev": Spec("serve", options=serve_opts, operands="text?", long_prefix=False),
            "test t e2e e": Spec("test", options=test_opts, operands="text?", long_prefix=False),
            "lint": Spec(
                "lint", options={**cfg, "--fix --force": "opt", "--format": "val"}, operands="text?", long_prefix=False
            ),
            "version v": Spec("version", options={"--help": "flag"}),
            # config edits angular.json (or, with -g, the global configuration); the rest are not modelled.
            "extract-i18n analytics cache completion config doc": Spec(
                "version",
                options={"--help --global -g": "flag"},
                operands="text*",
                effects="unknown",
            ),
            "generate g": Spec(
                "generate",
                options={
                    **cfg,
                    "--dry-run -d --force -f --skip-tests --standalone --inline-style --inline-template": "flag",
                    "--defaults --interactive --skip-import --flat --export": "flag",
                    "--style --change-detection --prefix --path --type --selector": "val",
                },
                operands="text text*",
                long_prefix=False,
            ),
            # `ng add` / `ng update` install packages and run their schematics; `ng new` installs a workspace.
            "add update new n": Spec(
                "add",
                options={
                    **cfg,
                    "--skip-confirmation --defaults --interactive --force --all --dry-run": "flag",
                    "--registry": "val:network",
                },
                operands="text*",
                effects="network",
            ),
            "deploy": Spec("deploy", options=cfg, operands="text?", effects="publish"),
            "run": Spec("run", options=cfg, operands="text", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "ng build": "",
            "ng build --configuration production": "",
            "ng serve --port 4300": "",
            "ng test --watch=false": "",
            "ng lint": "",
            "ng generate component user-list": "",
            "ng add @angular/material": "network",
            "ng update @angular/core": "network",
            "ng deploy": "publish",
            "ng version": "",
            "ng config -g cli.analytics false": "unknown",
            "ng build --output-path ~/.local/share/x": "tree-write:~/.local/share/x",
        },
    )


def _expo() -> Spec:
    start = {
        "-c --clear --dev-client --go -a --android -i --ios -w --web -d --dev --no-dev --minify --https --offline": "flag",
        "--max-workers -p --port --scheme": "val",
        "--tunnel": "flag:network",  # exposes the dev server through ngrok
    }
    start["--lan"] = start["--localhost"] = "flag"
    start["--private-key-path"] = "val:read"
    return Spec(
        "expo",
        version="expo 52",
        summary="start is a dev server; install adds packages from the registry; prebuild rewrites native folders",
        options={"-h --help -v --version": "flag"},
        subcommands={
            "start": Spec("start", options={**_H, **start}, operands="cd?", long_prefix=False),
            "run:android run:ios": Spec(
                "run:android",
                options={
                    **_H,
                    "-d --device -p --port --variant --configuration --scheme": "val",
                    "--no-build-cache --no-install --no-bundler": "flag",
                },
                operands="cd?",
                long_prefix=False,
            ),
            "export": Spec(
                "export",
                options={
                    **_H,
                    "--output-dir": "val:tree-write",
                    "-p --platform": "val",
                    "--dev --clear -c --no-minify --dump-sourcemap --source-maps": "flag",
                },
                operands="cd?",
                long_prefix=False,
            ),
            "lint": Spec("lint", options={**_H, "--fix": "flag"}, operands="text*", long_prefix=False),
            "config": Spec(
                "config", options={**_H, "--type -t --json --full": "opt"}, operands="cd?", long_prefix=False
            ),
            "prebuild": Spec(
                "prebuild",
                options={
                    **_H,
                    "--clean --no-install --skip-dependency-update": "flag",
                    "-p --platform --template --npm": "val",
                },
                operands="cd?",
                long_prefix=False,
            ),
            "install add": Spec(
                "install",
                options={**_H, "--check --fix --npm --yarn --pnpm --bun": "flag"},
                operands="text*",
                effects="network",
            ),
            "login logout whoami register upload customize doctor": Spec("login", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "expo start": "",
            "expo start --clear": "",
            "expo start --tunnel": "network",
            "expo install react-native-screens": "network",
            "expo export --output-dir dist": "tree-write:dist",
            "expo run:ios": "",
            "expo start ../other": "cd:../other load:../other",
        },
    )


def _eas() -> Spec:
    return Spec(
        "eas",
        version="eas-cli 14",
        aliases=("eas-cli",),
        summary="build uploads the project to Expo's cloud; submit sends a build to the app stores; update publishes",
        options={"-h --help -v --version": "flag"},
        subcommands={
            "build": Spec(
                "build",
                options={
                    "-p --platform -e --profile --message": "val",
                    "--local --non-interactive --no-wait --json --clear-cache": "flag",
                    "--auto-submit": "flag:publish",
                },
                effects="upload",
                long_prefix=False,
            ),
            "submit update deploy": Spec(
                "submit",
                options={
                    "-p --platform -e --profile --id --path --url --branch --channel --message": "val",
                    "--latest --non-interactive --no-wait --wait --auto --json": "flag",
                },
                effects="publish",
            ),
            "build:list build:view whoami project:info": Spec("build:list", effects="network"),
            # It writes eas.json and links the project to an Expo account.
            "build:configure init": Spec("build:configure", options={"-p --platform": "val"}, effects="network"),
        },
        long_prefix=False,
        examples={
            "eas build -p ios": "upload",
            "eas submit -p ios": "publish",
            "eas update": "publish",
            "eas build:configure": "network",
            "eas credentials": "unknown",
        },
    )


def _vue_cli_service() -> Spec:
    common = {**_H, "--mode --skip-plugins": "val"}
    return Spec(
        "vue-cli-service",
        version="@vue/cli-service 5",
        summary="serve / build / lint run the project (vue.config.js is a runner definition)",
        options=_H,
        subcommands={
            "serve": Spec(
                "serve",
                options={**common, "--open --copy --https": "flag", "--host --port --public": "val"},
                operands="read?",
                long_prefix=False,
            ),
            "build": Spec(
                "build",
                options={
                    **common,
                    "--modern --no-module --inline-vue --no-clean --report --report-json --watch": "flag",
                    "--target --formats --name --filename": "val",
                    "--dest": "val:tree-write",
                },
                operands="read?",
                long_prefix=False,
            ),
            "lint": Spec(
                "lint",
                options={
                    **common,
                    "--no-fix --fix-warnings": "flag",
                    "--max-errors --max-warnings": "val",
                    "--format": "val:text",
                },
                operands="tree-read*",
                long_prefix=False,
                judge=_modules("--format"),
            ),
            "inspect": Spec(
                "inspect",
                options={**common, "--rule --plugin": "val", "--rules --plugins --verbose": "flag"},
                operands="text*",
                long_prefix=False,
            ),
            # test:unit, test:e2e and the other commands are the installed plugins' own: not modelled.
            "test:unit test:e2e help": Spec("test:unit", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "vue-cli-service serve": "",
            "vue-cli-service build --mode production": "",
            "vue-cli-service build --dest ~/.config/x": "tree-write:~/.config/x",
            "vue-cli-service lint": "",
        },
    )


def _svelte_kit() -> Spec:
    return Spec(
        "svelte-kit",
        version="@sveltejs/kit 2",
        summary="sync writes the generated types of the project (svelte.config.js runs)",
        options=_HV,
        subcommands={"sync": Spec("sync", options={**_H, "--mode": "val"})},
        examples={"svelte-kit sync": ""},
    )


def _svelte_check() -> Spec:
    return Spec(
        "svelte-check",
        version="svelte-check 4",
        summary="type-checks the project (svelte.config.js, which it loads, is a runner definition)",
        options={
            **_HV,
            "--workspace": "val:cd",
            "--tsconfig": "val:read",
            "--output --ignore --threshold --compiler-warnings --diagnostic-sources --watch-debounce": "val",
            "--no-tsconfig --watch --preserveWatchOutput --fail-on-warnings --color --no-color": "flag",
        },
        long_prefix=False,
        examples={
            "svelte-check": "",
            "svelte-check --tsconfig ./tsconfig.json --threshold error": "read:./tsconfig.json",
            "svelte-check --workspace /tmp/x": "cd:/tmp/x load:/tmp/x",
        },
    )


# --- Node version managers ---------------------------------------------------------------------------------------
def _volta() -> Spec:
    return Spec(
        "volta",
        version="volta 2",
        summary="list/which are reads; install/fetch download tools; pin edits package.json; setup edits the shell rc",
        options={"-h --help -v --version --verbose --quiet": "flag"},
        subcommands={
            "list ls which help": Spec("list", options={"-c --current -d --default --format": "opt"}, operands="text*"),
            "install fetch": Spec("install", operands="text+", effects="network"),
            "pin": Spec("pin", operands="text+", effects="network"),
            "uninstall": Spec("uninstall", operands="text+", effects="destroy"),
            "setup": Spec("setup", effects="config"),
            "run": Spec(
                "run",
                options={
                    "--node --npm --yarn --pnpm": "val",
                    "--bundled-npm --no-yarn --no-pnpm": "flag",
                    "--env": "val",
                },
                operands="argv",
                posix=True,
            ),
            "completions": Spec(
                "completions", options={"-o --output": "val:write", "-f --force": "flag"}, operands="text"
            ),
        },
        long_prefix=False,
        examples={
            "volta list": "",
            "volta install node@20": "network",
            "volta setup": "config",
            "volta run --node 20 make": "runs:make",
        },
    )


def _fnm() -> Spec:
    return Spec(
        "fnm",
        version="fnm 1.38",
        summary="list/current are reads; use changes only the current shell; install downloads; default and alias persist",
        options={
            "-h --help -V --version": "flag",
            "--node-dist-mirror": "val:network",
            "--fnm-dir": "val:tree-write",
            "--log-level --arch --version-file-strategy --resolve-engines --corepack-enabled": "opt",
        },
        subcommands={
            "list ls list-remote ls-remote current": Spec(
                "list", options={"--filter --lts --sort --latest": "opt"}, operands="text?"
            ),
            "use": Spec(
                "use",
                options={"--install-if-missing": "flag:network", "--silent-if-unchanged": "flag"},
                operands="text?",
            ),
            "install i": Spec(
                "install", options={"--lts --latest --progress --use": "opt"}, operands="text?", effects="network"
            ),
            "uninstall uni": Spec("uninstall", operands="text", effects="destroy"),
            "default alias unalias": Spec("default", operands="text text?", effects="config"),
            # `fnm env` prints shell code that is meant for `eval`: the line around it is judged, not this.
            "env": Spec(
                "env", options={"--shell --use-on-cd --json --version-file-strategy --corepack-enabled": "opt"}
            ),
            "exec": Spec("exec", options={"--using": "val"}, operands="argv", posix=True),
            "completions": Spec("completions", options={"--shell": "val"}),
        },
        long_prefix=False,
        examples={
            "fnm list": "",
            "fnm use 20": "",
            "fnm install 20": "network",
            "fnm default 20": "config",
            "fnm exec --using 20 make": "runs:make",
        },
    )


def _nvm() -> Spec:
    return Spec(
        "nvm",
        version="nvm 0.40",
        summary="a shell function: ls/current/which are reads; use changes the current shell only; install downloads",
        options={"-h --help --version --no-colors --silent": "flag"},
        subcommands={
            "ls list ls-remote list-remote current which version version-remote": Spec(
                "ls", options={"--lts --no-alias --no-colors": "opt"}, operands="text?"
            ),
            "use": Spec("use", options={"--silent --lts --delete-prefix": "opt"}, operands="text?"),
            "install i reinstall-packages": Spec(
                "install",
                options={"-s -b --lts --latest-npm --default --no-progress --reinstall-packages-from": "opt"},
                operands="text?",
                effects="network",
            ),
            "uninstall deactivate unload cache": Spec("uninstall", operands="text*", effects="destroy"),
            "alias unalias": Spec("alias", operands="text*", effects="config"),
            "exec run": Spec("exec", options={"--silent": "flag"}, operands="text argv"),
        },
        long_prefix=False,
        examples={
            "nvm use 20": "",
            "nvm ls": "",
            "nvm current": "",
            "nvm install 20": "network",
            "nvm alias default 20": "config",
        },
    )


def _configs(name: str) -> tuple[str, ...]:
    return tuple(f"{name}.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts"))


# The configuration file (code) a framework runs from its app directory: what the engine's RUNNER_DEFINITIONS
# judges in the command's own directory, here for a directory the command names.
_APP_CONFIGS = {
    "next": _configs("next"),
    "nuxi": (*_configs("nuxt"), ".nuxtrc"),
    "nuxt": (*_configs("nuxt"), ".nuxtrc"),
    "astro": _configs("astro"),
    "expo": (*_configs("app"), *_configs("metro")),
    "cypress": (*_configs("cypress"), "cypress.json"),
    "knex": tuple(f"knexfile.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts")),
}


def _app_places(walked: Walk, argv: list[str]) -> None:
    """A framework's app directory (`next build DIR`, `nuxi dev DIR`, `--cwd DIR`, `astro --root DIR`, `cypress
    -P DIR`): the app there, its configuration first, is code the command runs. Outside the command's directory
    it is a `load`, judged by its provenance; inside it (a monorepo's `next build apps/web`), its configuration
    file is, as the engine judges the one in the command's own directory."""
    program = walked.spec.path().split(" ", 1)[0]
    for effect in list(walked.effects):
        if effect.kind not in ("cd", "tree-read", "stat") or not effect.value:
            continue
        if outside(walked, effect.value):
            # (an origin the engine does not re-base on the `cd` operand it names: the value is already the place)
            walked.effects.append(Effect("load", effect.value, f"the app in {effect.origin} runs"))
            continue
        if not walked.cwd:
            continue
        for name in _APP_CONFIGS.get(program, ()):
            place = os.path.join(effect.value, name)
            if os.path.lexists(os.path.join(walked.cwd, place)):
                walked.effects.append(Effect("load", place, f"the {name} of {effect.origin} runs"))


def _runs_app(spec: Spec) -> Spec:
    """Judge the app directories of a spec and of every subcommand under it (after their own judges)."""
    for sub in {id(s): s for s in spec.subcommands.values()}.values():
        _runs_app(sub)
    own = spec.judge

    def judge(walked: Walk, argv: list[str]) -> None:
        if own is not None:
            own(walked, argv)
        _app_places(walked, argv)

    spec.judge = judge
    return spec


_WATCH_SPEC = Spec("watch", options=_TSX_WATCH, operands="script text*", posix=True, long_prefix=False)

SPECS = [
    _runs_app(_next()),
    _runs_app(_nuxi("nuxi")),
    _runs_app(_nuxi("nuxt")),
    _runs_app(_astro()),
    _webpack("webpack"),
    _webpack("webpack-cli"),
    _rollup(),
    _esbuild(),
    _tsup(),
    _parcel(),
    _playwright(),
    _runs_app(_cypress()),
    _tsx(),
    _ts_node("ts-node"),
    _ts_node("ts-node-esm"),
    _runs_app(_nodemon()),
    _pm2(),
    _corepack(),
    _prisma(),
    _drizzle(),
    _runs_app(_knex()),
    _sequelize(),
    _typeorm(),
    _changeset(),
    _lerna(),
    _storybook(),
    _ng(),
    _runs_app(_expo()),
    _eas(),
    _vue_cli_service(),
    _svelte_kit(),
    _runs_app(_svelte_check()),
    _volta(),
    _fnm(),
    _nvm(),
]
