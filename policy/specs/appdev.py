"""App SDK and platform CLIs agents run in app projects: Flutter and Dart, and the Shopify CLI.

What matters here:
- analysing, testing, building and running the project (`flutter analyze|test|build|run`, `dart analyze|test`)
  is the project's own runner: routine, no effect here; what provenance judges (pubspec.yaml, the Gradle
  files and the build hooks the build runs) is the engine's business, as for gradle and cargo;
- `pub get|upgrade|add|outdated|deps` fetch packages from the registry pub.dev (`fetch`: Dart packages have
  no install scripts; their build hooks run when the project builds, judged there); `pub publish` publishes,
  `pub token` handles the registry's secrets, `pub global activate|run` and `pub run` run packages' code;
- `dart format` and `dart fix --apply` rewrite the files they are given (`edit`), `dart compile -o` writes;
- `flutter channel NAME`, `flutter config`, `flutter upgrade|downgrade` change the SDK for every project
  (`config`); long-running servers and device tools (`daemon`, `attach`, `drive`, `install`, `devtools`)
  are not modelled;
- Shopify CLI (`shopify version|help|app info|theme list|...`): reading the account and the project is
  routine; everything that pushes, deploys, publishes or deletes is judged by its verb; other commands ask.
Options not listed are not modelled and ask, naming the option.

Reference versions: Flutter 3.24 and Dart 3.5 (`flutter -h`, `flutter <cmd> -h`, `dart <cmd> -h`),
Shopify CLI 3.66 (`shopify help`, shopify.dev CLI reference).
"""

from __future__ import annotations

from hookward.policy.spec import Spec

_H = {"-h --help": "flag"}
_V = {"-v --verbose": "flag"}
_DEFINES = {"--dart-define --dart-define-from-file -t --target --flavor": "val"}
_DEVICE = {"-d --device-id": "val"}


def _sub(
    name: str,
    options: dict[str, str] | None = None,
    operands: str = "",
    effects: str = "",
    subcommands: dict[str, Spec] | None = None,
) -> Spec:
    return Spec(
        name,
        options={**_H, **(options or {})},
        operands=operands,
        effects=effects,
        subcommands=subcommands,
        globals_anywhere=True,
        subcommand_required=subcommands is not None,
    )


def _pub(program: str) -> Spec:
    fetch = {"--offline --dry-run -n --precompile --no-precompile --enforce-lockfile --example --no-example": "flag"}
    fetch_dir = {"-C --directory": "val:tree-write"}  # pub writes pubspec.lock and .dart_tool/ there
    return Spec(
        "pub",
        options={**_H, **fetch_dir},
        globals_anywhere=True,
        subcommand_required=True,
        subcommands={
            "get upgrade downgrade": _sub(
                "get", {**fetch, "--major-versions --tighten --unlock-transitive": "flag"}, "text*", "fetch"
            ),
            "add": _sub(
                "add",
                {**fetch, "--dev -d": "flag", "--path --git-url --git-ref --git-path --hosted-url": "val"},
                "text+",
                "fetch",
            ),
            "remove": _sub("remove", fetch, "text+"),
            "outdated": _sub(
                "outdated",
                {"--json --up-to-date --no-up-to-date --dev-dependencies --no-dev-dependencies --transitive": "flag"},
                effects="fetch",
            ),
            "deps": _sub("deps", {"-s --style": "val", "--dev --no-dev --executables --json": "flag"}),
            "cache": _sub("cache", {}, "text*", "unknown"),
            "global": _sub("global", {}, "text*", "unknown"),  # activate installs executables, run runs them
            "run": _sub("run", {}, "text*", "unknown"),
            "publish lish": _sub("publish", {"-n --dry-run -f --force": "flag"}, effects="publish"),
            "token": _sub("token", {}, "text*", "secret@ask"),
            "login logout": _sub("login", {}, effects="secret@ask"),
            "upload uploader": _sub("upload", {}, "text*", "publish"),
        },
        examples={
            f"{program} pub get": "fetch",
            f"{program} pub outdated": "fetch",
            f"{program} pub deps": "",
            f"{program} pub publish --dry-run": "publish",
            f"{program} pub global activate devtools": "unknown",
        },
    )


_ANALYZE = {"--fatal-infos --no-fatal-infos --fatal-warnings --no-fatal-warnings --watch --pub --no-pub": "flag"}
_TEST = {
    "--coverage --merge-coverage --update-goldens --no-pub --machine --start-paused --run-skipped": "flag",
    "--name --plain-name -r --reporter --file-reporter --platform -j --concurrency -t --tags -x --exclude-tags": "val",
    "--test-randomize-ordering-seed --total-shards --shard-index --timeout --coverage-path": "val",
    "--dart-define --dart-define-from-file --flavor": "val",
    **_DEVICE,
}
_BUILD_TARGETS = "apk appbundle aar ios ipa ios-framework macos linux windows web bundle"
_BUILD = {
    "--release --debug --profile --no-pub --pub --no-tree-shake-icons --tree-shake-icons --split-debug-info": "flag",
    "--obfuscate --no-codesign --codesign --split-per-abi --analyze-size --wasm": "flag",
    "--build-name --build-number --target-platform --base-href --web-renderer": "val",
    **_DEFINES,
}

FLUTTER = Spec(
    "flutter",
    version="Flutter 3.24",
    summary="Flutter SDK: analyze/test/build/run are the project's runner; pub fetches; channel/config/upgrade change the SDK",
    options={**_H, **_V, "--version": "flag", "--suppress-analytics --no-version-check": "flag"},
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "analyze": _sub("analyze", {**_ANALYZE, "--no-current-package --current-package": "flag"}, "read*"),
        "test": _sub("test", _TEST, "read*"),
        "build": _sub(
            "build",
            {},
            subcommands={target: _sub(target, _BUILD, "read?") for target in _BUILD_TARGETS.split()},
        ),
        "run": _sub(
            "run",
            {**_BUILD, **_DEVICE, "--hot --no-hot --machine": "flag", "--web-port --web-hostname --route": "val"},
            "read?",
        ),
        "clean": _sub("clean"),
        "doctor": _sub("doctor", {"-v --verbose --android-licenses": "flag"}),
        "devices": _sub("devices", {"--machine --device-timeout": "flag"}),
        "emulators": _sub("emulators", {"--launch --create --name --cold": "unknown"}),
        "create": _sub(
            "create",
            {
                "--org --project-name -t --template -i --ios-language -a --android-language --platforms": "val",
                "-e --empty --offline --pub --no-pub --overwrite": "flag",
            },
            "tree-write",
            "fetch",
        ),
        "pub": _pub("flutter"),
        "gen-l10n": _sub("gen-l10n", {"--arb-dir --output-dir --template-arb-file --output-localization-file": "val"}),
        "precache": _sub(
            "precache", {"--all-platforms --android --ios --web --linux --macos --windows": "flag"}, effects="fetch"
        ),
        "logs": _sub("logs", {**_DEVICE, "-c --clear": "flag"}),
        "channel": _sub("channel", {"--all": "flag"}, "text?"),
        "config": _sub(
            "config",
            {
                "--list --clear-features --enable-web --no-enable-web --enable-analytics --no-analytics": "flag",
                "--enable-linux-desktop --enable-macos-desktop --enable-windows-desktop --enable-android": "flag",
                "--android-sdk --android-studio-dir --jdk-dir --build-dir": "val",
            },
            effects="config",
        ),
        "upgrade downgrade": _sub("upgrade", {"--force --verify-only": "flag"}, effects="config"),
        "screenshot": _sub("screenshot", {**_DEVICE, "-o --out": "val:write", "--type": "val"}),
        "help": _sub("help", {}, "text*"),
        "attach daemon debug-adapter drive install assemble symbolize custom-devices bash-completion": _sub(
            "attach", {}, "text*", "unknown"
        ),
    },
    examples={
        "flutter --version": "",
        "flutter analyze": "",
        "flutter analyze lib/main.dart": "read:lib/main.dart",
        "flutter test": "",
        "flutter test test/widget_test.dart --coverage": "read:test/widget_test.dart",
        "flutter build apk --release": "",
        "flutter build web": "",
        "flutter run -d chrome": "",
        "flutter pub get": "fetch",
        "flutter doctor -v": "",
        "flutter devices": "",
        "flutter clean": "",
        "flutter create my_app": "tree-write:my_app fetch",
        "flutter config --enable-web": "config",
        "flutter upgrade": "config",
        "flutter channel": "",
        "flutter daemon": "unknown",
        "flutter screenshot -o ~/.bashrc": "write:~/.bashrc",
    },
)


def _flutter_channel(walk, argv):  # type: ignore[no-untyped-def]
    """`flutter channel` lists the channels; `flutter channel NAME` switches the SDK for every project."""
    from hookward.policy.spec import Effect

    if any(not word.startswith("-") for word in argv[argv.index("channel") + 1 :]):
        walk.effects.append(Effect("config", "", "flutter channel NAME"))


FLUTTER.subcommands["channel"].judge = _flutter_channel
FLUTTER.examples["flutter channel beta"] = "config"

DART = Spec(
    "dart",
    version="Dart 3.5",
    summary="Dart SDK: analyze/test are the project's runner; format and fix --apply edit; pub fetches",
    options={**_H, **_V, "--version": "flag", "--suppress-analytics --disable-analytics --enable-analytics": "flag"},
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "analyze": _sub("analyze", _ANALYZE, "read*"),
        "test": _sub("test", _TEST, "read*"),
        "format": _sub(
            "format",
            {
                "-o --output --summary --show --language-version -l --line-length": "val",
                "--set-exit-if-changed --fix": "flag",
            },
            "edit*",
        ),
        "fix": _sub("fix", {"-n --dry-run": "flag", "--apply": "flag>read=edit", "--code": "val"}, "read*"),
        "info": _sub("info"),
        "pub": _pub("dart"),
        "compile": _sub("compile", {"-o --output": "val:write", **_DEFINES, "--verbosity": "val"}, "text read"),
        "doc": _sub("doc", {"-o --output": "val:tree-write", "--dry-run --validate-links": "flag"}, "read?"),
        "create": _sub("create", {"-t --template": "val", "--pub --no-pub --force": "flag"}, "tree-write", "fetch"),
        "run devtools": _sub("run", {}, "text*", "unknown"),
        "help": _sub("help", {}, "text*"),
    },
    examples={
        "dart --version": "",
        "dart analyze": "",
        "dart test": "",
        "dart pub get": "fetch",
        "dart format lib": "edit:lib",
        "dart format -o none --set-exit-if-changed .": "edit:.",
        "dart fix --dry-run": "",
        "dart fix --apply lib": "edit:lib",
        "dart compile exe bin/main.dart -o ~/.local/bin/git": "write:~/.local/bin/git read:bin/main.dart",
        "dart run bin/main.dart": "unknown",
    },
)

# --- Shopify CLI -----------------------------------------------------------------------------------

_SHOPIFY_FLAGS = {
    **_H,
    "--verbose --no-color --json -j": "flag",
    "--path": "val:cd",
    "-s --store --environment -e --client-id --config -c -t --theme": "val",
}


def _shopify(
    name: str,
    operands: str = "",
    effects: str = "",
    options: dict[str, str] | None = None,
    subcommands: dict[str, Spec] | None = None,
) -> Spec:
    return Spec(
        name,
        options={**_SHOPIFY_FLAGS, **(options or {})},
        operands=operands,
        effects=effects,
        subcommands=subcommands,
        long_prefix=False,
        globals_anywhere=True,
        subcommand_required=subcommands is not None,
    )


SHOPIFY = Spec(
    "shopify",
    version="Shopify CLI 3.66",
    summary="Shopify CLI: version, help, app info/env show, theme list/info/check read; push, deploy, publish, delete change the store",
    options={**_SHOPIFY_FLAGS, "-v --version": "flag"},
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "version": _shopify("version"),
        "help": _shopify("help", "text*"),
        "app": _shopify(
            "app",
            subcommands={
                "info": _shopify("info", options={"--web-env": "flag"}),
                "build": _shopify("build", options={"--skip-dependencies-installation": "flag"}),
                "dev": _shopify("dev", effects="unknown"),  # tunnels the local app to the store
                "deploy release": _shopify("deploy", effects="publish"),
                "env": _shopify("env", "text*", "secret@ask"),  # `env show|pull` prints the app's API secret
                "generate config versions function logs webhook import-extensions init": _shopify(
                    "generate", "text*", "unknown"
                ),
            },
        ),
        "theme": _shopify(
            "theme",
            subcommands={
                "list info check language-server": _shopify("list", "text*"),
                "package": _shopify("package", "text*"),
                "pull": _shopify("pull", "text*", "unknown"),  # writes the theme's files where --path says
                "push publish share": _shopify("push", "text*", "publish"),
                "delete rename duplicate": _shopify("delete", "text*", "destroy@force_ask"),
                "dev console init open profile metafields": _shopify("dev", "text*", "unknown"),
            },
        ),
        "auth logout login": _shopify("auth", "text*", "unknown"),
        "hydrogen search upgrade plugins commands config webhook": _shopify("hydrogen", "text*", "unknown"),
    },
    examples={
        "shopify version": "",
        "shopify help": "",
        "shopify app info": "",
        "shopify theme list --store my-store": "",
        "shopify theme check": "",
        "shopify app deploy": "publish",
        "shopify theme push --store my-store": "publish",
        "shopify theme delete -t 123": "destroy",
        "shopify app env show": "secret",
        "shopify app dev": "unknown",
    },
)

SPECS = [FLUTTER, DART, SHOPIFY]
