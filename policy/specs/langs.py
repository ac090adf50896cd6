"""Language toolchains, their package tools, linters and analysers (session 7).

Elixir's iex and elixir, Erlang's erl, GHC (ghc, ghci, runghc), swiftc, kotlinc and kotlin, Xcode's
xcodebuild and xcrun (with simctl, notarytool and altool, which xcrun runs), CocoaPods, R, LuaRocks, Nim,
Crystal, golangci-lint, staticcheck, govulncheck, clang-tidy, cppcheck, valgrind, gcov, lcov, genhtml,
ccache, sccache, Conan, vcpkg, protoc and buf. mix and zig are in devcli.py, Rscript in interpreters.py.

Reference versions are named per spec (the upstream `--help` or manual of that version). Options of these
compilers' large warning and optimisation families (`-W...`, `-f...`, `-X...`, `-O...`) are switches; the
ones among them that load or run code (`-fplugin`, `-pgm...`, `-opt...`, `-Xplugin`, `-load-plugin...`)
are named and judged. Whatever a spec does not list asks.

How these run the project's code: a build or test of the project's sources is routine (the agent can edit
them anyway); a source, test or config outside the directory the command runs in is a `load`, judged by
its provenance; a build definition that is code (Podfile, build.zig, mix.exs, a Doxyfile, latexmkrc) is a
runner definition (engine RUNNER_DEFINITIONS), judged by provenance like a Makefile.
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import outside

_H = {"-h --help": "flag"}


def _switches(pattern: str, then: object = None) -> object:
    """A judge that understands options matching `pattern` (a compiler's -W/-f/-X families) as switches."""
    compiled = re.compile(pattern)

    def judge(walked: Walk, argv: list[str]) -> None:
        kept = []
        for why in walked.unknown:
            found = re.match(r"option (\S+) of .* is not modelled$", why)
            if found is None or not compiled.fullmatch(found.group(1)):
                kept.append(why)
        walked.unknown[:] = kept
        if callable(then):
            then(walked, argv)

    return judge


def _outside_sources(walked: Walk, argv: list[str]) -> None:
    """Sources a compiler reads from outside the command's directory: compile-time code (Template Haskell,
    macros, build scripts) in them runs, so each is judged as a load by its provenance."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and outside(walked, effect.value):
            walked.effects.append(
                Effect("load", effect.value, f"{effect.origin} (compiled with its compile-time code)")
            )


def _interactive(name: str, quiet: tuple[str, ...] = ()) -> object:
    """A judge for an interpreter whose call runs nothing named: it starts an interactive session (asks)."""

    def judge(walked: Walk, argv: list[str]) -> None:
        if walked.unknown or walked.rest:
            return
        if any(e.kind.startswith("code:") or e.kind in ("script", "load") for e in walked.effects):
            return
        if any(word in quiet for word in argv[1:]):
            return
        walked.unknown.append(f"an interactive {name} session is not modelled")

    return judge


# --- Elixir and Erlang -----------------------------------------------------------------------------------------
_ELIXIR_OPTIONS = {
    **_H,
    "-v --version --short-version --no-halt --werl --hidden --logger-otp-reports --logger-sasl-reports": "flag",
    "--app --sname --name --cookie": "val",
    "-e --eval": "val:code:elixir",
    "-r -pr -pa -pz": "val:load",
    # `-S NAME` finds NAME on the PATH and runs it with the words after it: `elixir -S mix test` is `mix test`.
    "-S": "flag:argv",
    "--erl --boot --boot-var --vm-args --pipe-to --rpc-eval": "unknown",
}


def _iex() -> Spec:
    return Spec(
        "iex",
        version="Elixir 1.15 (iex --help)",
        summary="iex -S mix runs the project (judged as mix); iex with nothing to run is an interactive shell (asks)",
        options={
            **_ELIXIR_OPTIONS,
            "--dot-iex": "val:load",
            # `--remsh NODE` opens a shell on another (possibly remote) running node.
            "--remsh": "val:network",
            "--no-pry": "flag",
        },
        operands="script text*",
        posix=True,
        long_prefix=False,
        bundling=False,
        single_dash=True,
        judge=_interactive("iex", ("-v", "--version", "-h", "--help", "--short-version")),
        examples={
            "iex -S mix": "runs:mix",
            "iex --version": "",
            "iex": "unknown",
            "iex -e 'IO.inspect(1)'": "code:elixir:IO.inspect(1)",
            "iex --dot-iex /tmp/x.exs -S mix": "load:/tmp/x.exs runs:mix",
            "iex --remsh app@prod.example.com": "network:app@prod.example.com unknown",
            "iex --erl '-kernel inet_dist_listen_min 9000'": "unknown unknown",
        },
    )


def _elixir() -> Spec:
    return Spec(
        "elixir",
        version="Elixir 1.15 (elixir --help)",
        summary="elixir runs a script file or -e code; -S NAME runs NAME (`elixir -S mix test` is mix test)",
        options=_ELIXIR_OPTIONS,
        operands="script text*",
        posix=True,
        long_prefix=False,
        bundling=False,
        single_dash=True,
        examples={
            "elixir --version": "",
            "elixir script.exs": "script:script.exs",
            "elixir -e 'IO.inspect(1)'": "code:elixir:IO.inspect(1)",
            "elixir -S mix": "runs:mix",
            "elixir -pa /tmp/ebin x.exs": "load:/tmp/ebin script:x.exs",
        },
    )


def _erl() -> Spec:
    return Spec(
        "erl",
        version="Erlang/OTP 25 erl (erl(1))",
        summary="erl -eval runs code, -s/-run call a function; the bare shell is interactive (asks)",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-version -noshell -noinput -hidden -nostick -help": "flag",
            "-sname -name -setcookie -mode -connect_all -emu_type -emu_flavor": "val",
            "-eval": "val:code:erlang",
            "-pa -pz -config": "val:load",
            "-s -run -S -env -boot -args_file -extra -detached -remsh -man -kernel -stdlib": "unknown",
        },
        plus="unknown",
        judge=_interactive("erl", ("-version",)),
        examples={
            "erl -version": "",
            "erl": "unknown",
            "erl -noshell -eval 'io:format(\"1\")'": 'code:erlang:io:format("1")',
            "erl -pa /tmp/ebin -noshell -s evil start": "load:/tmp/ebin unknown unknown",
        },
    )


# --- Haskell: GHC ----------------------------------------------------------------------------------------------
# Warning, language, optimisation, debug-dump and feature switches. `-fplugin*`, `-fexternal-interpreter` and the
# `-pgm*` / `-opt*` families run or load other programs and are declared below instead.
_GHC_SWITCHES = (
    r"-(?:W[\w=-]*|w|Werror[\w=-]*|X\w+|O\d?|f(?!plugin|external-interpreter|exec)[\w.=+-]*|fno-[\w.=+-]+"
    r"|d(?!ump)[\w=-]*|ddump-[\w-]+|g\d?|v\d?|j\d*|package(?:-id)?=?[\w.-]*|threaded|dynamic|static|rtsopts[\w=]*"
    r"|prof|debug|eventlog|shared|fPIC|no-link|no-hs-main|keep-[\w-]+|cpp|haddock|hide-all-packages"
    r"|split-sections|with-rtsopts=?.*|fdiagnostics[\w=-]*|msse\d?|march=\w+|static-libstdc\+\+)"
)


def _ghc_common() -> dict[str, str]:
    return {
        "--help -? --version --numeric-version --info --supported-extensions --supported-languages": "flag",
        "--print-libdir --make -c -S -E -C -M": "flag",
        "-o -ohi -dyno -dynohi": "val:write",
        "-odir -hidir -stubdir -dumpdir -hiedir -outputdir -tmpdir": "val:tree-write",
        "-x -main-is -osuf -hisuf -this-unit-id -package -package-id -hide-package -ignore-package -trust": "val",
        "-distrust -L -l -I -D -U -j -framework -framework-path -rtsopts": "val",
        "-package-db -package-env -ghci-script": "val:load",
        "-e": "val:code:haskell",
        "-i": "opt:load",  # an import path directory; `-i` alone clears it
        "-fplugin -fplugin-opt -fplugin-library -fexternal-interpreter -pgmL -pgmP -pgmc -pgmcxx -pgma": "unknown",
        "-pgml -pgmlm -pgmdll -pgmF -pgmwindres -pgmlibtool -pgmi -pgmar -pgmranlib -pgmlo -pgmlc -F": "unknown",
        "-optL -optP -optc -optcxx -opta -optl -optlm -optdll -optF -optwindres -opti -optlo -optlc": "unknown",
        "--interactive --frontend --abi-hash": "unknown",
    }


def _ghc_inputs(walked: Walk, argv: list[str]) -> None:
    """`-isrc:lib`: import directories under the command's directory are the project's; `-i` clears the path."""
    for effect in list(walked.effects):
        if effect.kind == "load" and effect.origin == "-i":
            walked.effects.remove(effect)
            for place in (effect.value or "").split(":"):
                if place and outside(walked, place):
                    walked.effects.append(Effect("load", place, "-i (a directory modules are imported from)"))
    _outside_sources(walked, argv)


def _ghc() -> Spec:
    spec = Spec(
        "ghc",
        version="GHC 9.2.5 (Debian bookworm ghc; ghc --show-options)",
        summary=(
            "ghc compiles its sources (Template Haskell in them runs at compile time: a source outside the "
            "directory is a load); plugins, preprocessors and -pgm/-opt programs are not modelled"
        ),
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options=_ghc_common(),
        operands="read*",
        judge=_switches(_GHC_SWITCHES, _ghc_inputs),
        examples={
            "ghc --version": "",
            "ghc Main.hs": "read:Main.hs",
            "ghc -O2 -Wall -o main Main.hs": "read:Main.hs write:main",
            "ghc -isrc -outputdir build Main.hs": "read:Main.hs tree-write:build",
            "ghc /tmp/Evil.hs": "read:/tmp/Evil.hs load:/tmp/Evil.hs",
            "ghc -i/tmp/mods Main.hs": "read:Main.hs load:/tmp/mods",
            "ghc -o ~/.local/bin/git Main.hs": "read:Main.hs write:~/.local/bin/git",
            "ghc -fplugin=Evil Main.hs": "read:Main.hs unknown",
            "ghc -pgmF /tmp/x -F Main.hs": "load:/tmp/x read:/tmp/x read:Main.hs unknown unknown",
            "ghc -e 'print(1)'": "code:haskell:print(1)",
        },
    )
    for letter in "iILlDUj":  # glued values: `-isrc`, `-Iinclude`, `-lfoo`, `-DDEBUG`, `-j4`
        spec.shorts[letter] = spec.options["-" + letter]
    return spec


def _ghci() -> Spec:
    return Spec(
        "ghci",
        version="GHC 9.2.5 ghci",
        summary="ghci is an interactive session (asks) unless it only prints its version or evaluates -e code",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "--help --version --numeric-version": "flag",
            "-e": "val:code:haskell",
            "-ghci-script -package-db -package-env": "val:load",
            "-package -package-id -hide-package -x": "val",
            "-fplugin -pgmL -pgmP -pgmF -F -fexternal-interpreter": "unknown",
        },
        operands="read*",
        judge=_switches(_GHC_SWITCHES, _interactive("ghci", ("--version", "--numeric-version", "--help"))),
        examples={
            "ghci --version": "",
            "ghci": "unknown",
            "ghci src/Main.hs": "read:src/Main.hs unknown",
            "ghci -e 'print(1)'": "code:haskell:print(1)",
        },
    )


def _runghc() -> Spec:
    return Spec(
        "runghc",
        version="GHC 9.2.5 runghc (runghc --help)",
        summary="runghc runs a Haskell source as a script; its words after the file are the script's",
        aliases=("runhaskell",),
        options={
            "--help --version": "flag",
            "--ghc-arg": "val:text",  # judged by _runghc_args
            "-f": "val:unknown",  # the ghc program it runs
        },
        operands="script text*",
        posix=True,
        long_prefix=False,
        judge=lambda walked, argv: _runghc_args(walked, argv),
        examples={
            "runghc Main.hs": "script:Main.hs",
            "runghc --version": "",
            "runghc Main.hs --port 80": "script:Main.hs",
            "runghc --ghc-arg=-fplugin=X Main.hs": "script:Main.hs unknown",
        },
    )


def _runghc_args(walked: Walk, argv: list[str]) -> None:
    """`--ghc-arg=ARG` hands ARG to ghc: a switch is fine, anything else (a plugin, a -pgm) is not modelled."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin == "--ghc-arg":
            walked.effects.remove(effect)
            if not re.fullmatch(_GHC_SWITCHES, effect.value):
                walked.unknown.append(f"runghc --ghc-arg={effect.value} is not modelled")


# --- Swift and Kotlin compilers --------------------------------------------------------------------------------
_SWIFTC_SWITCHES = r"-(?:O\w*|g\w*|j\d+|warnings-as-errors|suppress-warnings|enable-testing|enable-library-evolution|wmo|whole-module-optimization|no-whole-module-optimization|parse-as-library|static-stdlib|static-executable|emit-(?:executable|library|object|module|assembly|sil|silgen|ir|bc|dependencies)|typecheck|parse|dump-ast|dump-parse|print-ast|incremental|v|version|enable-bare-slash-regex|index-file|continue-building-after-errors|application-extension|disable-autolinking-runtime-compatibility[\w-]*|nostdimport|Onone|Osize|Ounchecked|profile-generate|profile-coverage-mapping|gline-tables-only|debug-info-format=\w+|color-diagnostics|no-color-diagnostics|static|no-static-stdlib)"


def _swiftc() -> Spec:
    spec = Spec(
        "swiftc",
        version="Swift 5.10 swiftc (swiftc -help)",
        summary=(
            "swiftc compiles its sources; macro and compiler plugins it loads, and arguments handed to clang or "
            "the linker, are not modelled"
        ),
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help --help -help-hidden --version": "flag",
            "-o -emit-module-path -emit-dependencies-path -emit-objc-header-path -emit-module-interface-path": "val:write",
            "-module-cache-path": "val:tree-write",
            "-module-name -sdk -target -swift-version -I -L -l -F -D -framework -num-threads -sanitize": "val",
            "-enable-upcoming-feature -enable-experimental-feature -strict-concurrency -target-variant -j": "val",
            "-import-objc-header": "val:read",
            "-working-directory": "val:cd",
            "-load-plugin-library -plugin-path -external-plugin-path": "val:load",
            "-load-plugin-executable -Xcc -Xlinker -Xfrontend -Xclang-linker -output-file-map -tools-directory": "unknown",
            "-use-ld -driver-mode -api-diff-data-file -vfsoverlay": "unknown",
        },
        operands="read*",
        judge=_switches(_SWIFTC_SWITCHES, _outside_sources),
        examples={
            "swiftc --version": "",
            "swiftc main.swift -o main": "read:main.swift write:main",
            "swiftc -O -emit-executable a.swift b.swift": "read:a.swift read:b.swift",
            "swiftc -load-plugin-library /tmp/libM.dylib main.swift": "load:/tmp/libM.dylib read:main.swift",
            "swiftc -Xlinker -x main.swift": "unknown unknown read:main.swift",
        },
    )
    for letter in "ILlFDj":
        spec.shorts[letter] = spec.options["-" + letter]
    return spec


_KOTLINC_SWITCHES = r"-(?:nowarn|Werror|verbose|no-stdlib|no-reflect|include-runtime|java-parameters|progressive|Xno-[\w-]+|Xjsr305=[\w:@.-]+|Xjvm-default=\w+|Xopt-in=[\w.]+|Xcontext-receivers|Xsuppress-version-warnings|Xskip-prerelease-check|Xlint(?:=\w+)?)"


def _kotlinc() -> Spec:
    return Spec(
        "kotlinc",
        version="kotlinc-jvm 1.9.22 (kotlinc -help, -X)",
        summary="kotlinc compiles sources; -script runs a .kts script; compiler plugins (-Xplugin, -P) are not modelled",
        aliases=("kotlinc-jvm",),
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help -h -version -X": "flag",
            "-d": "val:write",
            "-cp -classpath -jvm-target -language-version -api-version -module-name -opt-in -jdk-release": "val",
            "-kotlin-home -jdk-home": "val:load",
            "-expression -e": "val:code:kotlin",
            "-script": "flag>read=script",
            "-P -Xplugin -Xcompiler-plugin -Xbuild-file -Xjava-source-roots -Xfriend-paths -J": "unknown",
        },
        operands="read*",
        judge=_switches(_KOTLINC_SWITCHES, _outside_sources),
        examples={
            "kotlinc -version": "",
            "kotlinc src/main.kt -include-runtime -d main.jar": "read:src/main.kt write:main.jar",
            "kotlinc -script build.main.kts": "script:build.main.kts",
            "kotlinc -Xplugin=/tmp/p.jar a.kt": "unknown read:a.kt",
            "kotlinc -d ~/.local/bin/x.jar a.kt": "read:a.kt write:~/.local/bin/x.jar",
        },
    )


def _kotlin() -> Spec:
    return Spec(
        "kotlin",
        version="kotlin 1.9.22 (kotlin -help)",
        summary="kotlin runs a jar, a class from its classpath, a .kts script or -e code",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help -h -version -no-reflect -no-stdlib": "flag",
            "-cp -classpath": "val:load",
            "-howtorun -D": "val",
            "-expression -e": "val:code:kotlin",
            "-J -Xplugin -X": "unknown",
        },
        operands="script text*",
        posix=True,
        judge=_interactive("kotlin", ("-version", "-help", "-h")),
        examples={
            "kotlin -version": "",
            "kotlin": "unknown",
            "kotlin app.jar": "script:app.jar",
            "kotlin -e 'println(1)'": "code:kotlin:println(1)",
            "kotlin -cp /tmp/x.jar MainKt": "load:/tmp/x.jar script:MainKt",
        },
    )


# --- Xcode -----------------------------------------------------------------------------------------------------
_XCODE_ACTIONS = frozenset("build build-for-testing analyze test test-without-building clean archive docbuild".split())
# Build settings given on the command line that only switch signing, architectures and warnings; any other
# `NAME=VALUE` may name a compiler, a script or a search path the build runs or loads (`CC=/tmp/x`).
_XCODE_SETTINGS = frozenset(
    "CODE_SIGNING_ALLOWED CODE_SIGNING_REQUIRED CODE_SIGN_IDENTITY CODE_SIGN_STYLE DEVELOPMENT_TEAM "
    "PROVISIONING_PROFILE_SPECIFIER ONLY_ACTIVE_ARCH ARCHS EXCLUDED_ARCHS VALID_ARCHS SWIFT_VERSION "
    "GCC_TREAT_WARNINGS_AS_ERRORS SWIFT_TREAT_WARNINGS_AS_ERRORS COMPILER_INDEX_STORE_ENABLE ENABLE_BITCODE "
    "DEBUG_INFORMATION_FORMAT SWIFT_OPTIMIZATION_LEVEL GCC_OPTIMIZATION_LEVEL ENABLE_TESTABILITY "
    "IPHONEOS_DEPLOYMENT_TARGET MACOSX_DEPLOYMENT_TARGET SWIFT_ACTIVE_COMPILATION_CONDITIONS "
    "GCC_PREPROCESSOR_DEFINITIONS SKIP_INSTALL BUILD_LIBRARY_FOR_DISTRIBUTION "
    "ENABLE_USER_SCRIPT_SANDBOXING CURRENT_PROJECT_VERSION MARKETING_VERSION".split()
)


def operand_words(spec: Spec, argv: list[str]) -> list[str]:
    """The words of a single-dash program's argv that are not options or their values."""
    words, i = [], 1
    while i < len(argv):
        word = argv[i]
        i += 1
        if word.startswith("-") and len(word) > 1:
            opt = spec.options.get(word.split("=", 1)[0])
            if opt is not None and opt.takes and "=" not in word:
                i += opt.values
            continue
        words.append(word)
    return words


def _xcodebuild_actions(walked: Walk, argv: list[str]) -> None:
    for word in operand_words(walked.spec, argv):
        name, equals, _value = word.partition("=")
        if equals:
            if name not in _XCODE_SETTINGS:
                walked.unknown.append(f"xcodebuild build setting {name}= is not modelled")
        elif word not in _XCODE_ACTIONS:
            walked.unknown.append(f"xcodebuild action {word!r} is not modelled")


def _xcodebuild() -> Spec:
    return Spec(
        "xcodebuild",
        version="xcodebuild (Xcode 15.4; xcodebuild -help)",
        summary=(
            "builds, tests, analyses and archives the project (its Run Script phases are the project's code); "
            "-exportArchive and the result, archive and derived-data paths write where they say; install, "
            "installsrc, build settings other than signing and architecture ones, and account changes ask"
        ),
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help -usage -version -list -showsdks -showBuildSettings -showdestinations -showTestPlans -json": "flag",
            "-quiet -verbose -alltargets -parallelizeTargets -dry-run -n -hideShellScriptEnvironment": "flag",
            "-skipUnavailableActions -showBuildTimingSummary -exportArchive -retry-tests-on-failure -run-tests-until-failure": "flag",
            "-disableAutomaticPackageResolution -onlyUsePackageVersionsFromResolvedFile -checkFirstLaunchStatus": "flag",
            "-showComponent -enableAddressSanitizer -enableThreadSanitizer": "val",
            "-target -scheme -destination -destination-timeout -configuration -arch -sdk -toolchain -jobs": "val",
            "-testPlan -only-testing -skip-testing -only-test-configuration -skip-test-configuration": "val",
            "-enableCodeCoverage -parallel-testing-enabled -parallel-testing-worker-count -test-iterations": "val",
            "-maximum-concurrent-test-simulator-destinations -maximum-concurrent-test-device-destinations": "val",
            "-test-timeouts-enabled -default-test-execution-time-allowance -maximum-test-execution-time-allowance": "val",
            "-scmProvider -testLanguage -testRegion -enableUndefinedBehaviorSanitizer -collect-test-diagnostics": "val",
            "-project -workspace": "val:read",
            "-xctestrun -exportOptionsPlist": "val:read",
            # An xcconfig sets build settings (a compiler, a search path, a script phase's inputs).
            "-xcconfig": "val:load",
            "-derivedDataPath -resultBundlePath -archivePath -exportPath -testProductsPath": "val:tree-write",
            "-clonedSourcePackagesDirPath -packageCachePath -localizationPath": "val:tree-write",
            "-resultStreamPath": "val:write",
            "-resolvePackageDependencies": "flag:fetch",
            # Registers devices and creates certificates and profiles in the developer account.
            "-allowProvisioningUpdates -allowProvisioningDeviceRegistration": "flag:config",
            "-skipPackagePluginValidation -skipMacroValidation -create-xcframework -exportLocalizations": "unknown",
            "-importLocalizations -downloadPlatform -downloadAllPlatforms -runFirstLaunch -license": "unknown",
            "-find-executable -find-library -exportNotarizedApp -authenticationKeyPath -authenticationKeyID": "unknown",
            "-authenticationKeyIssuerID -importPlatform -exportPlatform": "unknown",
        },
        operands="text*",
        judge=_xcodebuild_actions,
        examples={
            "xcodebuild -list": "",
            "xcodebuild -showBuildSettings": "",
            "xcodebuild -scheme App build": "",
            "xcodebuild -workspace App.xcworkspace -scheme App test": "read:App.xcworkspace",
            "xcodebuild clean build CODE_SIGNING_ALLOWED=NO": "",
            "xcodebuild build CC=/tmp/evil": "unknown",
            "xcodebuild install": "unknown",
            "xcodebuild -scheme App archive -archivePath build/App.xcarchive": "tree-write:build/App.xcarchive",
            "xcodebuild -exportArchive -archivePath a.xcarchive -exportPath ~/Desktop/x -exportOptionsPlist o.plist": (
                "tree-write:a.xcarchive tree-write:~/Desktop/x read:o.plist"
            ),
            "xcodebuild test -resultBundlePath ~/.ssh/r": "tree-write:~/.ssh/r",
            "xcodebuild -xcconfig /tmp/evil.xcconfig build": "load:/tmp/evil.xcconfig",
            "xcodebuild -allowProvisioningUpdates build": "config",
        },
    )


def _simctl() -> Spec:
    return Spec(
        "simctl",
        version="simctl (Xcode 15.4; xcrun simctl help)",
        summary="the iOS simulators: listing, booting, installing and launching apps are routine; erase and delete destroy a simulator",
        long_prefix=False,
        subcommand_required=True,
        subcommands={
            "list": Spec("list", options={"-j --json -v --verbose -e": "flag"}, operands="text*"),
            "boot shutdown bootstatus": Spec("boot", options={"-b -d --arch": "flag"}, operands="text*"),
            "install uninstall launch terminate openurl get_app_container listapps appinfo": Spec(
                "install",
                options={**_H, "-w --console --console-pty --stdout --stderr --terminate-running-process": "flag"},
                operands="text read*",
            ),
            "io": Spec(
                "io",
                operands="text text write",
                options={"--type --display --mask --codec": "val", "-f --force": "flag"},
            ),
            "create": Spec("create", operands="text*"),
            "erase delete": Spec("erase", operands="text*", effects="destroy"),
            "help": Spec("help", operands="text*"),
            "status_bar ui privacy push keychain spawn getenv pbcopy pbpaste addmedia diagnose clone rename pair": Spec(
                "other", operands="unknown*"
            ),
        },
        examples={
            "simctl list devices": "",
            "simctl boot 'iPhone 15'": "",
            "simctl install booted build/App.app": "read:build/App.app",
            "simctl erase all": "destroy",
            "simctl spawn booted /bin/sh": "unknown unknown",
            "simctl io booted screenshot shot.png": "write:shot.png",
        },
    )


def _notarytool() -> Spec:
    return Spec(
        "notarytool",
        version="notarytool (Xcode 15.4; xcrun notarytool --help)",
        summary="submit uploads the file to Apple's notary service; store-credentials saves credentials in the keychain",
        long_prefix=False,
        subcommand_required=True,
        subcommands={
            "submit": Spec(
                "submit",
                options={
                    **_H,
                    "--wait --no-wait --verbose --no-s3-acceleration --force": "flag",
                    "--apple-id --team-id --password -p --keychain-profile --keychain --key-id --issuer": "val",
                    "--timeout --output-format --webhook": "val",
                    "--key": "val:read",
                },
                operands="upload",
                effects="network",
            ),
            "store-credentials": Spec("store-credentials", operands="unknown*", effects="config"),
            "history info log wait": Spec("history", operands="unknown*"),
        },
        examples={
            "notarytool submit App.zip --keychain-profile AC --wait": "upload:App.zip network",
            "notarytool store-credentials AC": "config unknown",
        },
    )


def _altool() -> Spec:
    return Spec(
        "altool",
        version="altool (Xcode 15.4; xcrun altool --help)",
        summary="--upload-app / --upload-package publish a build to App Store Connect; --validate-app uploads it for checks",
        long_prefix=False,
        options={
            "-h --help --version -v --verbose --output-format --list-apps": "flag",
            "-t --type -u --username -p --password --apiKey --apiIssuer --asc-provider --team-id --bundle-id": "val",
            "-f --file": "val:upload",
            "--upload-app --upload-package": "flag:publish",
            "--validate-app": "flag:network",
            "--notarize-app --notarization-info --notarization-history --store-password-in-keychain-item": "unknown",
            "--list-providers --upload-hosted-content": "unknown",
        },
        examples={
            "altool --upload-app -f App.ipa -t ios -u me@x.com -p @keychain:AC": "upload:App.ipa publish",
            "altool --validate-app -f App.ipa -t ios": "upload:App.ipa network",
        },
    )


def _xcrun() -> Spec:
    return Spec(
        "xcrun",
        version="xcrun (Xcode 15.4; xcrun --help)",
        summary="xcrun finds a developer tool and runs it with the words after it (judged as that tool)",
        options={
            "-h --help --version -v --verbose -l --log -n --no-cache -k --kill-cache -r --run": "flag",
            "--show-sdk-path --show-sdk-version --show-sdk-build-version --show-sdk-platform-path": "flag",
            "--show-sdk-platform-version --show-toolchain-path": "flag",
            "--sdk --toolchain -f --find": "val",
        },
        posix=True,
        long_prefix=False,
        operands="argv",
        examples={
            "xcrun --find clang": "",
            "xcrun --show-sdk-path": "",
            "xcrun simctl": "runs:simctl",
            "xcrun --sdk iphoneos clang": "runs:clang",
        },
    )


# --- CocoaPods -------------------------------------------------------------------------------------------------
# The Podfile is Ruby that `pod install` evaluates (with its hooks): a runner definition (engine
# RUNNER_DEFINITIONS "pod"). Installing fetches the specs repository and the pods' sources.
_POD_GLOBAL = {"--silent --verbose --no-ansi --help --allow-root --version": "flag"}


def _pod() -> Spec:
    install = {
        **_POD_GLOBAL,
        "--repo-update --no-repo-update --deployment --clean-install --no-integrate": "flag",
        "--project-directory": "val:cd",
    }
    return Spec(
        "pod",
        version="CocoaPods 1.15 (pod --help, pod COMMAND --help)",
        summary="install/update/outdated fetch specs and sources; trunk push publishes; repo add and setup change configuration",
        options=_POD_GLOBAL,
        long_prefix=False,
        subcommands={
            "install": Spec("install", options=install, effects="fetch"),
            "update": Spec(
                "update",
                options={**install, "--sources --exclude-pods": "val"},
                operands="text*",
                effects="fetch",
            ),
            "outdated": Spec("outdated", options={**install, "--ignore-prerelease": "flag"}, effects="fetch"),
            "init deintegrate env": Spec("init", options=_POD_GLOBAL, operands="read?"),
            "search": Spec(
                "search",
                options={**_POD_GLOBAL, "--regex --simple --stats --web --ios --osx": "flag"},
                operands="text+",
                effects="fetch",
            ),
            "lib spec": Spec(
                "lib",
                subcommands={
                    "lint": Spec(
                        "lint",
                        options={
                            **_POD_GLOBAL,
                            "--quick --allow-warnings --no-clean --fail-fast --use-libraries --use-modular-headers": "flag",
                            "--skip-import-validation --skip-tests --analyze --no-subspecs --use-static-frameworks": "flag",
                            "--subspec --platforms --swift-version --sources --include-podspecs --external-podspecs": "val",
                            "--test-specs --configuration": "val",
                        },
                        operands="read*",
                        effects="fetch",
                    ),
                    "create": Spec("create", options=_POD_GLOBAL, operands="tree-write"),
                    "cat which": Spec("cat", options=_POD_GLOBAL, operands="text"),
                },
            ),
            "repo": Spec(
                "repo",
                subcommands={
                    "update": Spec("update", options=_POD_GLOBAL, operands="text?", effects="fetch"),
                    "list": Spec("list", options={**_POD_GLOBAL, "--count-only": "flag"}),
                    "add add-cdn remove push lint": Spec("add", operands="unknown*", effects="config"),
                },
            ),
            "cache": Spec(
                "cache",
                subcommands={
                    "list": Spec("list", options={**_POD_GLOBAL, "--short": "flag"}, operands="text?"),
                    "clean": Spec(
                        "clean", options={**_POD_GLOBAL, "--all": "flag"}, operands="text?", effects="destroy"
                    ),
                },
            ),
            "trunk": Spec(
                "trunk",
                subcommands={
                    "push": Spec(
                        "push",
                        options={
                            **_POD_GLOBAL,
                            "--allow-warnings --use-libraries --skip-import-validation --skip-tests --synchronous": "flag",
                        },
                        operands="read?",
                        effects="publish",
                    ),
                    "info": Spec("info", options=_POD_GLOBAL, operands="text", effects="fetch"),
                    "me register add-owner remove-owner deprecate delete": Spec("me", operands="unknown*"),
                },
            ),
            "setup": Spec("setup", effects="config"),
            "plugins ipc": Spec("plugins", operands="unknown*"),
        },
        examples={
            "pod install": "fetch",
            "pod install --repo-update": "fetch",
            "pod update Alamofire": "fetch",
            "pod --version": "",
            "pod lib lint": "fetch",
            "pod trunk push App.podspec": "read:App.podspec publish",
            "pod repo add evil https://example.com/specs.git": "config unknown unknown",
            "pod cache clean --all": "destroy",
            "pod install --project-directory /tmp/p": "cd:/tmp/p fetch",
        },
    )


# --- R ---------------------------------------------------------------------------------------------------------
_R_CHECK_SWITCHES = r"--(?:no-|as-|use-|run-|install-|ignore-|timings|multiarch|force-multiarch|compact-vignettes|resave-data|log-dir|md5|keep-empty-dirs|output|library|install)[\w=-]*|--as-cran"


def _r_cmd(walked: Walk, argv: list[str]) -> None:
    """`R CMD check|build DIR-or-TARBALL`: runs the package's tests, examples and vignettes (the project's code)."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and outside(walked, effect.value):
            walked.effects.append(Effect("load", effect.value, f"{effect.origin} (a package whose code it runs)"))


def _r() -> Spec:
    check = Spec("check", options={**_H}, operands="read*", judge=_switches(_R_CHECK_SWITCHES, _r_cmd))
    return Spec(
        "R",
        version="R 4.2.2 (Debian bookworm r-base-core; R --help, R CMD --help)",
        summary="R -e runs inline code, -f a script, R CMD check/build the package's code; the bare R shell asks",
        options={
            **_H,
            "--version --save --no-save --no-environ --no-site-file --no-init-file --restore --no-restore": "flag",
            "--no-restore-data --no-restore-history --vanilla -q --quiet --silent --no-echo --slave --verbose": "flag",
            "--interactive --no-readline": "flag",
            "--min-vsize --max-vsize --min-nsize --max-nsize --max-ppsize --max-connections --encoding -g --gui": "val",
            "-e": "val:code:R",
            "-f --file": "val:script",
            "--args": "flag:argv",
            "-d --debugger --debugger-args": "unknown",
        },
        long_prefix=False,
        subcommands={
            "CMD": Spec(
                "CMD",
                subcommands={
                    "check build": check,
                    "BATCH": Spec(
                        "BATCH", options={"--no-timing --vanilla --no-save": "flag"}, operands="script write?"
                    ),
                    "Rd2txt Rdconv Rd2pdf Stangle Sweave Rdiff config": Spec("Rd2txt", operands="unknown*"),
                    "INSTALL REMOVE SHLIB COMPILE LINK javareconf Rprof rtags": Spec("INSTALL", operands="unknown*"),
                },
                subcommand_required=True,
            ),
        },
        judge=_interactive("R", ("--version", "-h", "--help")),
        examples={
            "R --version": "",
            "R": "unknown",
            "R -e 'print(1)'": "code:R:print(1)",
            "R --vanilla -f analysis.R": "script:analysis.R",
            "R CMD check .": "read:.",
            "R CMD check --as-cran --no-manual pkg_1.0.tar.gz": "read:pkg_1.0.tar.gz",
            "R CMD check /tmp/evilpkg": "read:/tmp/evilpkg load:/tmp/evilpkg",
            "R CMD INSTALL .": "unknown",
        },
    )


# --- LuaRocks --------------------------------------------------------------------------------------------------
def _luarocks() -> Spec:
    common = {
        **_H,
        "--dev --local --no-project --force-lock --verbose --global": "flag",
        "--only-server --only-sources --namespace --lua-dir --lua-version --timeout --deps-mode --server": "val",
        "--tree --project-tree": "val:tree-write",
    }
    return Spec(
        "luarocks",
        version="LuaRocks 3.9.2 (Debian bookworm luarocks; luarocks help)",
        summary="install/download/search fetch rocks; build/make/test run the project's rockspec; upload publishes",
        options={**common, "--version": "flag"},
        long_prefix=False,
        globals_anywhere=True,
        subcommands={
            "install download unpack": Spec(
                "install",
                options={
                    "--keep --force --force-fast --only-deps --no-doc --pin --no-manifest --check-lua-versions": "flag",
                    "--deps-only --pack-binary-rock --sign": "flag",
                    "--branch": "val",
                },
                operands="text*",
                effects="fetch",
            ),
            "search": Spec(
                "search", options={"--source --binary --all --porcelain": "flag"}, operands="text*", effects="fetch"
            ),
            "list show which path doc": Spec(
                "list",
                options={
                    "--outdated --porcelain --mversion --rock-tree --rock-dir --rock-license --home": "flag",
                    "--lr-path --lr-cpath --lr-bin --append --no-bin --bin --full --modules --deps --rockspec": "flag",
                },
                operands="text*",
            ),
            "build make test lint pack init new_version write_rockspec": Spec(
                "build",
                options={
                    "--keep --force --force-fast --only-deps --no-doc --pin --no-install --sign --pack-binary-rock": "flag",
                    "--test-type --tag --homepage --license --summary --detailed --rockspec-format --output": "val",
                },
                operands="read*",
            ),
            "remove": Spec("remove", options={"--force --force-fast": "flag"}, operands="text*"),
            "purge": Spec("purge", options={"--old-versions --force": "flag"}, effects="destroy"),
            "config": Spec(
                "config",
                options={"--scope": "val", "--json --unset": "flag"},
                operands="text*",
                judge=_luarocks_config,
            ),
            "upload": Spec(
                "upload",
                options={"--skip-pack --force --sign --debug --api-key --temp-key": "unknown"},
                operands="upload",
                effects="publish",
            ),
            "help": Spec("help", operands="text*"),
        },
        examples={
            "luarocks --version": "",
            "luarocks list": "",
            "luarocks install busted": "fetch",
            "luarocks install --local busted": "fetch",
            "luarocks install --tree ~/.local busted": "tree-write:~/.local fetch",
            "luarocks make": "",
            "luarocks upload x-1.0-1.rockspec": "upload:x-1.0-1.rockspec publish",
            "luarocks config variables.LUA /tmp/evil": "config",
            "luarocks config lua_version": "",
        },
    )


def _luarocks_config(walked: Walk, argv: list[str]) -> None:
    """`luarocks config KEY VALUE` (or `--unset KEY`) writes the configuration file; `config KEY` reads it."""
    words = [w for w in argv[argv.index("config") + 1 :] if not w.startswith("-")]
    if len(words) >= 2 or "--unset" in argv:
        walked.effects.append(Effect("config", "", "config KEY VALUE"))


SPECS = [
    _iex(),
    _elixir(),
    _erl(),
    _ghc(),
    _ghci(),
    _runghc(),
    _swiftc(),
    _kotlinc(),
    _kotlin(),
    _xcodebuild(),
    _xcrun(),
    _simctl(),
    _notarytool(),
    _altool(),
    _pod(),
    _r(),
    _luarocks(),
]
