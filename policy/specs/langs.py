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

import glob
import re

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import Judge, outside

_H = {"-h --help": "flag"}


def _switches(pattern: str, then: Judge | None = None) -> Judge:
    """A judge that understands options matching `pattern` (a compiler's -W/-f/-X families) as switches."""
    compiled = re.compile(pattern)

    def judge(walked: Walk, argv: list[str]) -> None:
        kept = []
        for why in walked.unknown:
            found = re.match(r"option (\S+) of .* is not modelled$", why)
            if found is None or not compiled.fullmatch(found.group(1)):
                kept.append(why)
        walked.unknown[:] = kept
        if then is not None:
            then(walked, argv)

    return judge


def _outside_sources(walked: Walk, argv: list[str]) -> None:
    """Sources a compiler reads from outside the command's directory: compile-time code (Template Haskell,
    macros, build scripts) in them runs, so each is judged as a load by its provenance. `@FILE` is a response
    file of more arguments (swiftc, kotlinc and ghc read one), a -load-plugin-library, -Xplugin or -pgmL among
    them: it is judged as code it loads, not as a source it reads."""
    for index, effect in enumerate(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and effect.value.startswith("@"):
            walked.effects[index] = Effect("load", effect.value[1:], "@FILE (a response file of more arguments)")
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and outside(walked, effect.value):
            walked.effects.append(
                Effect("load", effect.value, f"{effect.origin} (compiled with its compile-time code)")
            )


def _interactive(name: str, quiet: tuple[str, ...] = ()) -> Judge:
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
    "-r -pr -pa -pz --erl-config": "val:load",
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
            "-version --version -noshell -noinput -hidden -nostick -help": "flag",
            "-sname -name -setcookie -mode -connect_all -emu_type -emu_flavor": "val",
            "-eval": "val:code:erlang",
            "-pa -pz -config": "val:load",
            "-s -run -S -env -boot -args_file -extra -detached -remsh -man -kernel -stdlib": "unknown",
        },
        plus="unknown",
        judge=_interactive("erl", ("-version", "--version")),
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


_KOTLINC_REPL = _interactive("kotlinc", ("-version", "-help", "-h", "-X"))


def _kotlinc_judge(walked: Walk, argv: list[str]) -> None:
    """kotlinc with no source, script or expression starts its REPL."""
    _outside_sources(walked, argv)
    if not any(e.kind == "read" for e in walked.effects):
        _KOTLINC_REPL(walked, argv)


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
        judge=_switches(_KOTLINC_SWITCHES, _kotlinc_judge),
        examples={
            "kotlinc -version": "",
            "kotlinc": "unknown",
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
        judge=_xcodebuild_judge,
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
            "xcodebuild -project /tmp/x.xcodeproj build": "read:/tmp/x.xcodeproj load:/tmp/x.xcodeproj",
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
            "erase delete": Spec("erase", operands="text*", effects="destroy", needs=1),  # alone: its usage
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
            "simctl erase": "",
            "simctl spawn booted /bin/sh": "unknown unknown",
            "simctl io booted screenshot shot.png": "write:shot.png",
        },
    )


def _devicectl() -> Spec:
    return Spec(
        "devicectl",
        version="devicectl (Xcode 15.4; xcrun devicectl help)",
        summary="lists and inspects connected devices; installing, launching and changing a device are not modelled",
        long_prefix=False,
        options={**_H, "-q --quiet -v --verbose": "flag", "--timeout": "val"},
        subcommands={
            "list": Spec(
                "list",
                options={**_H, "--timeout --filter --columns": "val", "-j --json-output": "val:write"},
                operands="text*",
            ),
            "help": Spec("help", operands="text*"),
            "device manage diagnose": Spec("device", operands="unknown*", effects="unknown"),
        },
        examples={
            "devicectl list devices": "",
            "devicectl device install app --device X App.app": "unknown unknown unknown unknown unknown unknown",
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


def _xcodebuild_judge(walked: Walk, argv: list[str]) -> None:
    """Another directory's project or workspace runs its own build phases, scripts and package plugins: outside
    the command's directory it is a load, judged by its provenance."""
    _xcodebuild_actions(walked, argv)
    for effect in list(walked.effects):
        if effect.origin in ("-project", "-workspace") and effect.value and outside(walked, effect.value):
            walked.effects.append(Effect("load", effect.value, f"{effect.origin} (its build phases run)"))


def _eval_stdin(walked: Walk, argv: list[str]) -> None:
    """`crystal eval` with no code on the command line reads the code from standard input and runs it."""
    if any(e.kind.startswith("code") for e in walked.effects) or walked.unknown:
        return
    if not any(seen in ("-h", "--help") for seen in walked.seen):
        walked.unknown.append("crystal eval without code runs what it reads from standard input")


def _podfile_elsewhere(spec: Spec) -> Spec:
    """`pod install --project-directory DIR` evaluates DIR's Podfile (Ruby, with its hooks): outside the
    command's directory it is a load. Applied to the spec and every subcommand under it."""
    for sub in {id(s): s for s in spec.subcommands.values()}.values():
        _podfile_elsewhere(sub)
    own = spec.judge

    def judge(walked: Walk, argv: list[str]) -> None:
        if own is not None:
            own(walked, argv)
        for effect in list(walked.effects):
            if effect.kind == "cd" and effect.value and outside(walked, effect.value):
                podfile = effect.value.rstrip("/") + "/Podfile"
                walked.effects.append(Effect("load", podfile, f"{effect.origin} (its Podfile runs)"))

    spec.judge = judge
    return spec


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
                            "--subspec --platforms --swift-version --sources": "val",
                            "--test-specs --configuration": "val",
                            # More podspecs (Ruby, as the linted one is) it evaluates.
                            "--include-podspecs --external-podspecs": "val:load",
                        },
                        operands="read*",
                        effects="fetch",
                        # A podspec is Ruby it evaluates: one from outside the directory is code it loads.
                        judge=_outside_sources,
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
                    "add add-cdn remove lint": Spec("add", operands="unknown*", effects="config"),
                    "push": Spec("push", operands="unknown*", effects="publish"),
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
            "pod repo push private App.podspec": "unknown unknown publish",
            "pod install --project-directory /tmp/p": "cd:/tmp/p fetch load:/tmp/p/Podfile",
        },
    )


# --- R ---------------------------------------------------------------------------------------------------------
_R_CHECK_SWITCHES = r"--(?:no-|as-|use-|run-|install-|ignore-|timings|multiarch|force-multiarch|compact-vignettes|resave-data|log-dir|md5|keep-empty-dirs|output|library|install)[\w=-]*|--as-cran"


def _r_cmd(walked: Walk, argv: list[str]) -> None:
    """`R CMD check|build DIR-or-TARBALL`: runs the package's tests, examples and vignettes (the project's code)."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and outside(walked, effect.value):
            walked.effects.append(Effect("load", effect.value, f"{effect.origin} (a package whose code it runs)"))


_R_INTERACTIVE = _interactive("R", ("--version", "-h", "--help"))


def _r_judge(walked: Walk, argv: list[str]) -> None:
    """`--args` ends R's options: the words after it are the script's (commandArgs()), not a command."""
    if walked.rest is not None and "--args" in argv:
        walked.rest = None
    _R_INTERACTIVE(walked, argv)


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
            "--args": "flag:argv",  # the words after it are the script's own arguments (_r_judge)
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
        judge=_r_judge,
        examples={
            "R --version": "",
            "R": "unknown",
            "R -e 'print(1)'": "code:R:print(1)",
            "R --vanilla -f analysis.R": "script:analysis.R",
            "R -f analysis.R --args in.csv": "script:analysis.R",
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
        "--namespace --lua-dir --lua-version --timeout --deps-mode": "val",
        # Another rocks server: where it fetches from (and, for upload, where it publishes).
        "--server --only-server --only-sources": "val:fetch",
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
                    "--deps-only --pack-binary-rock --sign --verify --all --source --rockspec": "flag",
                    "--branch --arch": "val",
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
                    "--check-lua-versions --deps-only --no-manifest --verify": "flag",
                    "--branch": "val",
                    "--test-type --tag --homepage --license --summary --detailed --rockspec-format --output": "val",
                },
                operands="read*",
                judge=_luarocks_build,
            ),
            "remove": Spec("remove", options={"--force --force-fast": "flag"}, operands="text*"),
            "purge": Spec("purge", options={"--old-versions --force --force-fast": "flag"}, effects="destroy"),
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
            "luarocks install --server=https://rocks.example.com x": "fetch:https://rocks.example.com fetch",
            "luarocks install --tree ~/.local busted": "tree-write:~/.local fetch",
            "luarocks make": "",
            "luarocks upload x-1.0-1.rockspec": "upload:x-1.0-1.rockspec publish",
            "luarocks config variables.LUA /tmp/evil": "config",
            "luarocks config lua_version": "",
        },
    )


def _luarocks_build(walked: Walk, argv: list[str]) -> None:
    """A rockspec's build commands run (build type `command`, `make`, `cmake`): one outside the directory is code it
    loads. `luarocks build NAME` fetches NAME's rockspec from the rocks server and runs its build, as an install
    does; `luarocks test` hands its other words to the test runner (busted `--helper FILE`, `-r RUN`)."""
    sub = next((w for w in argv[1:] if not w.startswith("-")), "")
    rockspecs = (".rockspec", ".rock")
    for effect in list(walked.effects):
        if effect.kind != "read" or not effect.origin.startswith("operand"):
            continue
        if sub == "test" and effect.origin != "operand 1":
            walked.effects.remove(effect)
            walked.unknown.append(f"luarocks test hands {effect.value[:40]!r} to the test runner: not modelled")
        elif sub == "build" and not effect.value.endswith(rockspecs):
            walked.effects.remove(effect)
            walked.unknown.append(f"luarocks build {effect.value[:40]!r} fetches a rock and runs its build")
    if sub == "test" and "--" in argv:
        walked.unknown.append("luarocks test: the words after -- go to the test runner: not modelled")
    if sub in ("make", "build", "test"):
        for effect in list(walked.effects):
            if effect.kind == "read" and effect.origin.startswith("operand") and effect.value.endswith(rockspecs):
                walked.effects.append(Effect("load", effect.value, "the rockspec (its build commands run)"))
    else:
        _outside_sources(walked, argv)
    if sub in ("make", "test") and walked.cwd and not any(e.kind == "read" for e in walked.effects):
        # With no rockspec named, the one in the directory is built: judged by its provenance, as a Makefile is.
        for name in sorted(glob.glob("*.rockspec", root_dir=walked.cwd))[:1]:
            walked.effects.append(Effect("load", name, "the rockspec of the directory (its build commands run)"))


def _luarocks_config(walked: Walk, argv: list[str]) -> None:
    """`luarocks config KEY VALUE` (or `--unset KEY`) writes the configuration file; `config KEY` reads it."""
    words = [w for w in argv[argv.index("config") + 1 :] if not w.startswith("-")]
    if len(words) >= 2 or "--unset" in argv:
        walked.effects.append(Effect("config", "", "config KEY VALUE"))


# --- Go linters ------------------------------------------------------------------------------------------------
# golangci-lint's configuration can enable custom linters built as Go plugins (.so files it loads): the
# project's .golangci.yml is a runner definition (engine RUNNER_DEFINITIONS), one named elsewhere is a load.
def _golangci_lint() -> Spec:
    run = {
        **_H,
        "--no-config --fix --enable-all --disable-all --fast --print-issued-lines --print-linter-name": "flag",
        "--sort-results --tests --skip-dirs-use-default --exclude-use-default --new --whole-files": "flag",
        "--uniq-by-line --allow-parallel-runners --allow-serial-runners --show-stats -v --verbose": "flag",
        "--exclude-case-sensitive --exclude-generated-strict --exclude-dirs-use-default": "flag",
        "-E --enable -D --disable -p --presets --timeout -j --concurrency --out-format --path-prefix": "val",
        "--issues-exit-code --build-tags --modules-download-mode --skip-dirs --skip-files -e --exclude": "val",
        "--max-issues-per-linter --max-same-issues --new-from-rev --color --exclude-dirs --exclude-files": "val",
        "--sort-order --go --output.formats --exclude-generated": "val",
        "-c --config": "val:load",
        "--new-from-patch": "val:read",
        "--cpu-profile-path --mem-profile-path --trace-path": "val:write",
    }
    return Spec(
        "golangci-lint",
        version="golangci-lint 1.55 (golangci-lint run --help)",
        summary="lints the project's packages; --fix rewrites them; a config file from elsewhere can load linter plugins",
        long_prefix=False,
        options={**_H, "--version": "flag"},
        subcommands={
            "run": Spec("run", options=run, operands="text*", long_prefix=False, judge=_golangci_fix),
            "linters": Spec(
                "linters", options={k: v for k, v in run.items() if "val:write" not in v}, long_prefix=False
            ),
            "version": Spec("version", options={**_H, "--format --debug": "flag"}),
            "help": Spec("help", operands="text*"),
            "cache": Spec("cache", subcommands={"status": Spec("status"), "clean": Spec("clean")}),
            "config": Spec(
                "config",
                subcommands={
                    "path": Spec("path", options={"-c --config": "val:load"}),
                    "verify": Spec("verify", options={"-c --config": "val:load", "--schema": "val"}),
                },
            ),
            "custom completion": Spec("custom", operands="text*", effects="unknown"),
        },
        examples={
            "golangci-lint run": "",
            "golangci-lint run ./... --timeout 5m": "",
            "golangci-lint run --fix": "edit:.",
            "golangci-lint run --fix ~/.config/...": "edit:~/.config",
            "golangci-lint run -c /tmp/evil.yml": "load:/tmp/evil.yml",
            "golangci-lint version": "",
            "golangci-lint custom": "unknown",
        },
    )


def _golangci_fix(walked: Walk, argv: list[str]) -> None:
    """--fix rewrites the packages it lints: the operands (`./...`, a directory), else the working directory."""
    if "--fix" not in argv[1:]:
        return
    at = argv.index("run") if "run" in argv else 1
    places = [w.removesuffix("...").removesuffix("/") or "." for w in operand_words(walked.spec, argv[at:])]
    walked.effects.extend(Effect("edit", place, "--fix") for place in places or ["."])


def _staticcheck() -> Spec:
    return Spec(
        "staticcheck",
        version="staticcheck 2023.1.6 (staticcheck -h)",
        summary="reads the packages it checks; the -debug.* profiles write files",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-h -help -version -list-checks -merge -show-ignored -tests -debug.version -debug.no-compile-errors": "flag",
            "-checks -explain -f -fail -go -matrix -tags -debug.repeat-analyzers": "val",
            "-debug.cpuprofile -debug.memprofile -debug.trace -debug.measure-analyzers -debug.unused-graph": "val:write",
        },
        operands="text*",
        examples={
            "staticcheck ./...": "",
            "staticcheck -checks all ./...": "",
            "staticcheck -debug.cpuprofile ~/.bashrc ./...": "write:~/.bashrc",
        },
    )


def _govulncheck() -> Spec:
    return Spec(
        "govulncheck",
        version="govulncheck 1.0 (govulncheck -h)",
        summary="fetches the Go vulnerability database (vuln.go.dev, or -db) and reads the packages or binary it checks",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-h -help -version -test -json": "flag",
            "-format -mode -scan -show -tags": "val",
            "-C": "val:cd",
            "-db": "val:fetch",
        },
        operands="text*",
        effects="fetch",
        examples={
            "govulncheck ./...": "fetch",
            "govulncheck -db https://evil.example.com ./...": "fetch:https://evil.example.com fetch",
            "govulncheck -C /tmp/x ./...": "cd:/tmp/x fetch",
        },
    )


# --- C and C++ analysers, coverage and caches ------------------------------------------------------------------
_COMPILER_PLUGIN = re.compile(r"-(?:Xclang|fplugin|load|mllvm|wrapper|B|specs|fpass-plugin|fuse-ld|Xlinker|Wl,)")


def _clang_tidy_judge(walked: Walk, argv: list[str]) -> None:
    """The words after `--` are the compiler's arguments (judged by the clang spec), not files; -extra-arg values
    are compiler arguments too; `@FILE` is a response file of more options, judged as code it loads."""
    from hookward.policy.spec import walk as walk_spec
    from hookward.policy.specs import lookup

    compiler: list[str] = []
    if "--" in argv:
        compiler = argv[argv.index("--") + 1 :]
        after = set(compiler)
        walked.effects[:] = [e for e in walked.effects if not (e.origin.startswith("operand") and e.value in after)]
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin.lstrip("-") in ("extra-arg", "extra-arg-before"):
            walked.effects.remove(effect)
            compiler.append(effect.value)
        elif effect.kind in ("read", "edit") and effect.origin.startswith("operand") and effect.value.startswith("@"):
            walked.effects.remove(effect)
            walked.effects.append(Effect("load", effect.value[1:], "@FILE (a response file of options)"))
    if compiler:
        spec = lookup("clang")
        if spec is None or any(_COMPILER_PLUGIN.match(word) for word in compiler):
            walked.unknown.append("compiler arguments that load plugins or run programs are not modelled")
            return
        inner = walk_spec(spec, ["clang", *compiler], walked.cwd)
        walked.effects.extend(e for e in inner.effects if not e.origin.startswith("operand"))
        walked.unknown.extend(inner.unknown)


def _clang_tidy() -> Spec:
    return Spec(
        "clang-tidy",
        aliases=tuple(f"clang-tidy-{n}" for n in range(11, 20)),
        version="clang-tidy 14.0.6 (Debian bookworm clang-tidy-14; clang-tidy --help)",
        summary="reads its sources; -fix rewrites them, -export-fixes writes a YAML file, -load loads a plugin",
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help --help -help-list --help-list -version --version -dump-config --dump-config": "flag",
            "-enable-check-profile --enable-check-profile -explain-config --explain-config": "flag",
            "-list-checks --list-checks -quiet --quiet -system-headers --system-headers -use-color --use-color": "flag",
            "-checks --checks -config --config -format-style --format-style -header-filter --header-filter": "val",
            "-line-filter --line-filter -warnings-as-errors --warnings-as-errors": "val",
            "-extra-arg --extra-arg -extra-arg-before --extra-arg-before": "val:text",
            "-config-file --config-file -p --p -vfsoverlay --vfsoverlay": "val:read",
            "-export-fixes --export-fixes -store-check-profile --store-check-profile": "val:write",
            "-fix --fix -fix-errors --fix-errors -fix-notes --fix-notes": "flag>read=edit",
            "-load --load": "val:load",
        },
        operands="read*",
        judge=_clang_tidy_judge,
        examples={
            "clang-tidy src/main.cpp": "read:src/main.cpp",
            "clang-tidy -p build src/main.cpp": "read:build read:src/main.cpp",
            "clang-tidy src/main.cpp -- -std=c++17 -Iinclude": "read:src/main.cpp",
            "clang-tidy -fix src/a.cpp": "edit:src/a.cpp",
            "clang-tidy -fix ~/.bashrc": "edit:~/.bashrc",
            "clang-tidy -export-fixes=~/.bashrc a.cpp": "write:~/.bashrc read:a.cpp",
            "clang-tidy -load=/tmp/libEvil.so a.cpp": "load:/tmp/libEvil.so read:a.cpp",
            "clang-tidy a.cpp -- -Xclang -load -Xclang /tmp/x.so": "read:a.cpp unknown",
            "clang-tidy @/tmp/args": "load:/tmp/args",
        },
    )


def _cppcheck_project(walked: Walk, argv: list[str]) -> None:
    """A `.cppcheck` project (the GUI's) lists the addons to run, Python scripts among them: it is code it loads."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin == "--project" and effect.value.endswith(".cppcheck"):
            walked.effects.append(Effect("load", effect.value, "--project (a .cppcheck project names addons)"))


def _cppcheck() -> Spec:
    return Spec(
        "cppcheck",
        version="Cppcheck 2.10 (Debian bookworm; cppcheck --help)",
        summary="reads the files and trees it checks; --addon runs a Python addon, --output-file and --dump write",
        options={
            "-h --help --version --doc --errorlist -q --quiet -v --verbose --force --inline-suppr --xml": "flag",
            "--check-config --check-library --inconclusive --report-progress --debug-warnings --dump": "flag",
            "--no-check-unused-templates --check-unused-templates -E -f": "flag",
            "--relative-paths -rp": "opt",
            "--includes-file --suppress-xml": "val:read",
            "--enable --std --suppress --error-exitcode --xml-version --template --template-location --platform": "val",
            "--language -x --max-configs --max-ctu-depth --showtime --file-filter --config-exclude -D -U -j -l": "val",
            "--premium --disable --project-configuration -i --rule --check-level": "val",
            "-I --include --suppressions-list --library --project --file-list --rule-file --exitcode-suppressions": "val:read",
            "--config-excludes-file": "val:read",
            "--output-file --checkers-report": "val:write",
            "--cppcheck-build-dir --plist-output": "val:tree-write",
            "--addon": "val:load",
            "--addon-python --clang": "unknown",
        },
        operands="tree-read*",
        judge=_cppcheck_project,
        examples={
            "cppcheck --enable=all src/": "tree-read:src/",
            "cppcheck --project=/tmp/x.cppcheck": "read:/tmp/x.cppcheck load:/tmp/x.cppcheck",
            "cppcheck --output-file=~/.bashrc src": "write:~/.bashrc tree-read:src",
            "cppcheck --addon=/tmp/evil.py src": "load:/tmp/evil.py tree-read:src",
            "cppcheck --addon-python=/tmp/py src": "unknown tree-read:src",
        },
    )


def _valgrind() -> Spec:
    out = "--log-file --xml-file --massif-out-file --callgrind-out-file --cachegrind-out-file --dhat-out-file"
    return Spec(
        "valgrind",
        version="Valgrind 3.19 (Debian bookworm; valgrind --help)",
        summary="runs the program after its options under a tool (judged as that program); log files write",
        posix=True,
        long_prefix=False,
        options={
            "-h --help --help-debug --version -q --quiet -v --verbose": "flag",
            "--tool --leak-check --show-leak-kinds --track-origins --trace-children --trace-children-skip": "val",
            "--num-callers --error-exitcode --gen-suppressions --vgdb --vgdb-error --log-fd": "val",
            "--child-silent-after-fork --time-stamp --fullpath-after --main-stacksize --max-stackframe": "val",
            "--smc-check --read-var-info --read-inline-info --show-reachable --errors-for-leak-kinds --malloc-fill": "val",
            "--free-fill --sim-hints --soname-synonyms --fair-sched --xml --default-suppressions --keep-debuginfo": "val",
            "--demangle --error-limit --show-error-list --track-fds --leak-resolution --undef-value-errors": "val",
            "--expensive-definedness-checks --show-mismatched-frees --partial-loads-ok --keep-stacktraces": "val",
            "--freelist-vol --exit-on-first-error --alignment --allow-mismatched-debuginfo --aspace-minaddr": "val",
            "--avg-transtab-entry-size --dsymutil --error-markers --freelist-big-blocks --ignore-range-below-sp": "val",
            "--ignore-ranges --input-fd --kernel-variant --leak-check-heuristics --max-threads": "val",
            "--merge-recursive-frames --num-transtab-sectors --redzone-size --require-text-symbol --resync-filter": "val",
            "--show-below-main --show-emwarns --show-possibly-lost --sigill-diagnostics --trace-children-skip-by-arg": "val",
            "--unw-stack-scan-frames --unw-stack-scan-thresh --valgrind-stacksize --vgdb-poll": "val",
            "--vgdb-shadow-registers --vgdb-stop-at --workaround-gcc296-bugs --xml-fd --xml-user-comment": "val",
            "--xtree-leak --xtree-memory": "val",
            "-s --help-dyn-options": "flag",
            "--xtree-leak-file --xtree-memory-file --vgdb-prefix": "val:write",
            "--debuginfo-server": "val:network",
            "--suppressions --extra-debuginfo-path": "val:read",
            out: "val:write",
            "--log-socket --xml-socket": "val:network",
            "--db-attach --db-command --vex-iropt-register-updates --run-libc-freeres --run-cxx-freeres": "unknown",
        },
        operands="argv",
        examples={
            "valgrind ./main": "runs:./main",
            "valgrind --leak-check=full ./build/app": "runs:./build/app",
            "valgrind --log-file=~/.bashrc ./a": "write:~/.bashrc runs:./a",
            "valgrind --log-socket=10.0.0.1:1500 ./a": "network:10.0.0.1:1500 runs:./a",
        },
    )


def _gcov() -> Spec:
    return Spec(
        "gcov",
        version="gcov (GCC) 12.2.0 (gcov --help)",
        summary="reads coverage data and sources; writes .gcov files in the working directory",
        options={
            "-h --help -v --version -a --all-blocks -b --branch-probabilities -c --branch-counts -d": "flag",
            "--display-progress -f --function-summaries -H --human-readable -i --json-format -j -k": "flag",
            "--use-colors -l --long-file-names -m --demangled-names -n --no-output -p --preserve-paths": "flag",
            "-q --use-hotness-colors -r --relative-only -t --stdout -u --unconditional-branches -x": "flag",
            "--hash-filenames -w --verbose --conditions -D --debug": "flag",
            "-s --source-prefix": "val",
            "-o --object-directory --object-file": "val:read",
        },
        operands="read*",
        examples={"gcov main.c": "read:main.c", "gcov -o build src/a.c": "read:build read:src/a.c"},
    )


def _lcov_rc(walked: Walk, argv: list[str]) -> None:
    """`--rc geninfo_gcov_tool=PROG` (and the other *_tool keys) names a program lcov runs."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin == "--rc":
            walked.effects.remove(effect)
            key = effect.value.split("=", 1)[0]
            if "tool" in key or "exec" in key or "script" in key:
                walked.unknown.append(f"--rc {effect.value}: a program it runs is not modelled")


def _lcov() -> Spec:
    return Spec(
        "lcov",
        version="lcov 1.16 (Debian bookworm; lcov --help)",
        summary="captures coverage data into a tracefile; --gcov-tool and *_tool rc keys run programs (not modelled)",
        options={
            "-h --help -v --version -q --quiet -c --capture -l --list --summary -z --zerocounters -i --initial": "flag",
            "--no-external --external --compat-libtool --no-compat-libtool --no-checksum --checksum": "flag",
            "--no-recursion --no-markers --derive-func-data --list-full-path -f --follow --all": "flag",
            "--fail-under-lines": "val",
            "-t --test-name --ignore-errors --compat --convert-filenames --strip --path -k --kernel-directory": "val",
            "--exclude --include --filter": "val",
            "-d --directory -b --base-directory -a --add-tracefile -e --extract -r --remove --from-package": "val:read",
            "--config-file": "val:load",
            "-o --output-file": "val:write",
            "--to-package": "val:tree-write",
            "--rc": "val:text",
            "--gcov-tool --diff": "unknown",
        },
        operands="text*",
        judge=_lcov_rc,
        examples={
            "lcov --capture --directory . --output-file coverage.info": "read:. write:coverage.info",
            "lcov -r coverage.info '/usr/*' -o coverage.info": "read:coverage.info write:coverage.info",
            "lcov --rc lcov_branch_coverage=1 -c -d . -o c.info": "read:. write:c.info",
            "lcov --rc geninfo_gcov_tool=/tmp/x -c -d .": "read:. unknown",
            "lcov -o ~/.bashrc -c -d .": "write:~/.bashrc read:.",
        },
    )


def _genhtml() -> Spec:
    return Spec(
        "genhtml",
        version="genhtml 1.16 (Debian bookworm lcov; genhtml --help)",
        summary="reads tracefiles and the sources they name; writes an HTML report into --output-directory",
        options={
            "-h --help -v --version -q --quiet -s --show-details -f --frames --no-prefix --legend --html-gzip": "flag",
            "--sort --no-sort --function-coverage --no-function-coverage --branch-coverage --no-branch-coverage": "flag",
            "--demangle-cpp --no-source --missed --dark-mode -k --keep-descriptions --highlight": "flag",
            "--footer --header-title": "val",
            "-t --title -p --prefix --num-spaces --html-extension --precision --ignore-errors": "val",
            "-b --baseline-file --html-prolog --html-epilog --css-file -c --description-file -d": "val:read",
            # An lcovrc can name programs genhtml runs (genhtml_demangle_cpp_tool).
            "--config-file": "val:load",
            "--rc": "val:text",
            "-o --output-directory": "val:tree-write",
        },
        operands="read+",
        judge=_lcov_rc,
        examples={
            "genhtml coverage.info --output-directory out": "read:coverage.info tree-write:out",
            "genhtml --rc genhtml_demangle_cpp_tool=/tmp/x c.info": "read:c.info unknown",
            "genhtml -o ~/.config/autostart c.info": "tree-write:~/.config/autostart read:c.info",
        },
    )


def _compiler_cache(name: str, version: str, options: dict[str, str], examples: dict[str, str]) -> Spec:
    return Spec(
        name,
        version=version,
        summary=f"{name} with a compiler command after it runs that command (judged as it); --clear empties the cache",
        options=options,
        posix=True,
        long_prefix=False,
        operands="argv",
        examples=examples,
    )


def _ccache() -> Spec:
    return _compiler_cache(
        "ccache",
        "ccache 4.8 (Debian bookworm; ccache --help)",
        {
            "-h --help -V --version -c --cleanup -s --show-stats -v --verbose -x --show-compression": "flag",
            "-p --show-config --show-log-stats --print-stats --print-version -z --zero-stats": "flag",
            "-k --get-config --evict-namespace --evict-older-than --recompress-threads --format": "val",
            "-d --dir --config-path --checksum-file --extract-result --hash-file --inspect": "val:read",
            # Emptying the cache loses every compiled object (a rebuild from scratch).
            "-C --clear": "flag:destroy",
            "-F --max-files -M --max-size -o --set-config -X --recompress": "val:config",
            "--trim-dir --trim-max-size --trim-method --trim-recompress --trim-recompress-threads": "unknown",
        },
        {
            "ccache -s": "",
            "ccache --show-stats": "",
            "ccache -z": "",
            "ccache -C": "destroy",
            "ccache -M 5G": "config:5G",
            "ccache gcc": "runs:gcc",
        },
    )


def _sccache() -> Spec:
    return _compiler_cache(
        "sccache",
        "sccache 0.7 (sccache --help)",
        {
            "-h --help -V --version -s --show-stats --show-adv-stats -z --zero-stats --start-server": "flag",
            "--stop-server --dist-status": "flag",
            "--stats-format": "val",
            "--dist-auth --package-toolchain": "unknown",
        },
        {"sccache --show-stats": "", "sccache rustc": "runs:rustc", "sccache --dist-auth": "unknown"},
    )


# --- C and C++ package managers --------------------------------------------------------------------------------
# conanfile.py is Python that every conan install/create/build runs (a runner definition, engine
# RUNNER_DEFINITIONS "conan"); vcpkg's ports are CMake scripts fetched from its registry and built (fetch).
_CONAN_COMMON = {
    **_H,
    "-v -vquiet -verror -vwarning -vnotice -vstatus -vverbose -vdebug -vtrace --logger -cc --core-conf": "opt",
    "-f --format": "val",
    "--out-file": "val:write",
}
_CONAN_GRAPH = {
    **_CONAN_COMMON,
    # A profile is a Jinja template rendered with Python's `os` module in reach: one named by path is judged as code
    # it loads (`_conan_profiles`); a plain name is one of the person's profiles in the conan home.
    "-pr --profile -pr:b --profile:build -pr:h --profile:host -pr:a --profile:all": "val:text",
    "-s --settings -o --options -s:b -s:h -s:a -o:b -o:h -o:a -b --build -r --remote -g --generator --name": "val",
    # A conf can name the compilers and tools the build runs (tools.build:compiler_executables), a CMake toolchain
    # it includes, or let the system package manager install with sudo (tools.system.package_manager:mode).
    "-c --conf -c:b -c:h -c:a": "val:unknown",
    "--version --user --channel --lockfile-partial --lockfile-clean --envs-generation": "val",
    # A package named on the command line: its recipe (Python) comes from the remote and runs here, as
    # `pip install NAME` (the project's own conanfile.py is a runner definition).
    "--requires --tool-requires": "val:unknown",
    "-nr --no-remote -u --update --lockfile-packages --build-require": "flag",
    "--lockfile --lockfile-out": "val:read",
    "-of --output-folder --build-folder": "val:tree-write",
    # A deployer is Python code it runs (a name of a built-in one, or a file).
    "-d --deployer --deployer-folder --deployer-package": "unknown",
}


def _conan_profiles(walked: Walk, argv: list[str]) -> None:
    """A profile given as a path is a template of code it renders; a recipe outside the directory is code it runs."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin.startswith(("-pr", "--profile")):
            walked.effects.remove(effect)
            if "/" in effect.value:
                walked.effects.append(Effect("load", effect.value, f"{effect.origin} (a Jinja profile)"))
    _outside_sources(walked, argv)


def _conan() -> Spec:
    graph = Spec(
        "install",
        options=_CONAN_GRAPH,
        operands="read?",
        effects="fetch",
        long_prefix=False,
        judge=_conan_profiles,
    )
    return Spec(
        "conan",
        version="Conan 2.0 (conan -h, conan COMMAND -h)",
        summary="install/create/build run the recipe (conanfile.py) and fetch packages; upload publishes; remote/profile/config change configuration",
        options={**_H, "--version": "flag"},
        long_prefix=False,
        subcommands={
            "install create build export export-pkg source test": graph,
            "graph": Spec("graph", subcommands={"info explain outdated build-order": graph}),
            "list search inspect": Spec(
                "list",
                options={**_CONAN_COMMON, "-r --remote -p --package-query -fs --filter-settings": "val"},
                operands="text*",
                effects="fetch",
                long_prefix=False,
            ),
            "version": Spec("version", options=_CONAN_COMMON),
            "new": Spec("new", options={**_CONAN_COMMON, "-d --define": "val", "--force": "flag"}, operands="text"),
            "cache": Spec(
                "cache",
                subcommands={
                    "path": Spec("path", options=_CONAN_COMMON, operands="text"),
                    "clean remove": Spec("clean", operands="text*", options=_CONAN_COMMON, effects="destroy"),
                },
            ),
            "remove": Spec("remove", operands="unknown*", effects="destroy"),
            "upload": Spec("upload", operands="unknown*", effects="publish"),
            "profile": Spec(
                "profile",
                subcommands={
                    "list path show": Spec("show", options=_CONAN_GRAPH, operands="text?", long_prefix=False),
                    "detect": Spec(
                        "detect", options={**_CONAN_COMMON, "--name --force --exist-ok": "flag"}, effects="config"
                    ),
                },
            ),
            "remote config editable lock download": Spec("remote", operands="unknown*"),
        },
        examples={
            "conan --version": "",
            "conan install .": "read:. fetch",
            "conan install . --build=missing -of build": "read:. tree-write:build fetch",
            "conan create . -pr default": "read:. fetch",
            "conan upload 'pkg/*' -r center": "unknown unknown unknown publish",
            "conan profile detect": "config",
            "conan remote add evil https://example.com": "unknown unknown unknown",
            "conan install . --deployer=/tmp/d.py": "read:. unknown fetch",
            "conan install --requires=zlib/1.3": "unknown fetch",
        },
    )


def _vcpkg() -> Spec:
    common = {
        **_H,
        "--triplet --host-triplet --vcpkg-root --x-manifest-root --feature-flags --downloads-root --x-buildtrees-root": "val",
        "--x-packages-root --x-wait-for-lock --debug --dry-run --recurse --keep-going --editable --clean-after-build": "flag",
        "--only-downloads --no-print-usage --x-no-default-features --x-feature --classic --head --no-dry-run": "flag",
        "--x-install-root": "val:tree-write",
        # Ports and triplets from another directory are CMake scripts the build runs.
        "--overlay-ports --overlay-triplets": "val:load",
        # Binary caching and asset sources can upload built packages (write to an http, azure or nuget source).
        "--binarysource --x-asset-sources --x-binarycaching": "unknown",
    }
    return Spec(
        "vcpkg",
        version="vcpkg 2024.01 (vcpkg help)",
        summary="install fetches and builds ports (the manifest's, or named); integrate and binary caching change configuration",
        options={**common, "--version": "flag"},
        long_prefix=False,
        globals_anywhere=True,
        subcommands={
            "install": Spec("install", operands="text*", effects="fetch"),
            "list search depend-info owns version help hash": Spec("list", operands="text*"),
            "update upgrade": Spec("update", operands="text*", effects="fetch"),
            "remove": Spec("remove", options={"--outdated --purge": "flag"}, operands="text*"),
            "new add": Spec("new", options={"--application --name --version": "flag"}, operands="text*"),
            "format-manifest": Spec("format-manifest", options={"--all": "flag"}, operands="edit*"),
            "integrate": Spec("integrate", operands="text*", effects="config"),
            # Not modelled even with no operand: `vcpkg env` opens a shell, `vcpkg edit` an editor, `x-ci-clean`
            # deletes the installed tree, `x-set-installed` installs.
            "export env create edit contact x-*": Spec("export", operands="unknown*", effects="unknown"),
        },
        examples={
            "vcpkg install": "fetch",
            "vcpkg install fmt:x64-linux": "fetch",
            "vcpkg list": "",
            "vcpkg integrate install": "config",
            "vcpkg install --overlay-ports=/tmp/ports": "load:/tmp/ports fetch",
            "vcpkg install --binarysource=http,https://x.example.com,readwrite": "unknown fetch",
        },
    )


# --- Protocol Buffers ------------------------------------------------------------------------------------------
_PROTOC_OUT = re.compile(r"--(\w+)_(out|opt)(?:=(.*))?$")


def _protoc_judge(walked: Walk, argv: list[str]) -> None:
    """`--X_out=DIR` writes generated code into DIR (`--X_out=OPTS:DIR` too); for a language protoc lacks it runs
    the protoc-gen-X plugin found on the PATH. `--X_opt=` are that generator's options. `@FILE` reads more
    arguments from FILE (a --plugin among them), so it is judged as code the program loads."""
    handled = set()
    for word in argv[1:]:
        found = _PROTOC_OUT.match(word)
        if found is None:
            continue
        handled.add(word.split("=", 1)[0])
        if found.group(3) is None:
            walked.unknown.append(f"protoc {word} without =DIR is not modelled")
        elif found.group(2) == "out":
            place = found.group(3).rsplit(":", 1)[-1] or "."
            # Into the directory it runs in, the generated files are named after the .proto files (which are the
            # project's): a write there, not a write of the whole tree with its .git.
            kind = "write" if place in (".", "./") else "tree-write"
            walked.effects.append(Effect(kind, place, f"--{found.group(1)}_out"))
    walked.unknown[:] = [
        why for why in walked.unknown if not any(why.startswith(f"option {name} of") for name in handled)
    ]
    walked.effects[:] = [e for e in walked.effects if not (e.kind == "text" and _PROTOC_OUT.match(e.origin))]
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and effect.value.startswith("@"):
            walked.effects.remove(effect)
            walked.effects.append(Effect("load", effect.value[1:], "@FILE (more arguments, a --plugin among them)"))


def _protoc() -> Spec:
    return Spec(
        "protoc",
        version="libprotoc 3.21.12 (Debian bookworm protobuf-compiler; protoc --help)",
        summary="reads .proto files; --X_out=DIR writes generated code; --plugin runs the program it names",
        options={
            "-h --help --version --include_imports --include_source_info --retain_options --decode_raw": "flag",
            "--deterministic_output --fatal_warnings --print_free_field_numbers --experimental_allow_proto3_optional": "flag",
            "--experimental_editions --notices": "flag",
            "--encode --decode --error_format --direct_dependencies --direct_dependencies_violation_msg": "val",
            # The built-in generators; any other --NAME_out runs protoc-gen-NAME. Judged by _protoc_judge.
            "--cpp_out --csharp_out --java_out --kotlin_out --objc_out --php_out --pyi_out --python_out": "val:text",
            "--ruby_out": "val:text",
            "-I --proto_path --descriptor_set_in": "val:read",
            "-o --descriptor_set_out --dependency_out --edition_defaults_out": "val:write",
            # `--plugin=protoc-gen-NAME=PATH` or `--plugin=PATH`: PATH is a program protoc runs.
            "--plugin": "val:load",
        },
        long_prefix=False,
        bundling=False,
        operands="read*",
        judge=lambda walked, argv: _protoc_judge(_plugin_path(walked), argv),
        examples={
            "protoc --version": "",
            "protoc --go_out=. --go_opt=paths=source_relative api.proto": "write:. read:api.proto",
            "protoc -I proto --python_out=gen proto/a.proto": "read:proto tree-write:gen read:proto/a.proto",
            "protoc --cpp_out=dllexport_decl=X:out a.proto": "tree-write:out read:a.proto",
            "protoc --python_out=$HOME/.config/autostart a.proto": "tree-write:$HOME/.config/autostart read:a.proto",
            "protoc --plugin=protoc-gen-x=/tmp/x --x_out=. a.proto": "load:/tmp/x write:. read:a.proto",
            "protoc @/tmp/args": "load:/tmp/args",
            "protoc --go_out . a.proto": "unknown read:. read:a.proto",
        },
    )


def _plugin_path(walked: Walk) -> Walk:
    """`--plugin=protoc-gen-NAME=PATH`: the program is PATH."""
    for effect in walked.effects:
        if effect.kind == "load" and effect.origin == "--plugin" and "=" in effect.value:
            effect.value = effect.value.split("=", 1)[1]
    return walked


def _buf() -> Spec:
    common = {"--debug -v --verbose": "flag", "--timeout --log-format": "val", "-h --help": "flag"}
    inputs = {
        **common,
        "--path --exclude-path --error-format --type --types --against-config": "val",
        "--disable-symlinks --exclude-imports --exclude-source-info --as-file-descriptor-set": "flag",
        "--config": "val:read",
    }
    return Spec(
        "buf",
        version="buf 1.28 (buf --help, buf COMMAND --help)",
        summary=(
            "lint/format/build/breaking read the module; generate runs the plugins buf.gen.yaml names (a runner "
            "definition; remote plugins send the module to the Buf Schema Registry); push publishes"
        ),
        options={**common, "--version": "flag"},
        long_prefix=False,
        globals_anywhere=True,
        subcommands={
            "lint": Spec("lint", options=inputs, operands="text?", long_prefix=False),
            "build": Spec("build", options={**inputs, "-o --output": "val:write"}, operands="text?", long_prefix=False),
            "breaking": Spec(
                "breaking",
                options={**inputs, "--against": "val", "--limit-to-input-files": "flag"},
                operands="text?",
                long_prefix=False,
            ),
            "format": Spec(
                "format",
                options={
                    **inputs,
                    "-d --diff --exit-code": "flag",
                    "-w --write": "flag:edit=.",
                    "-o --output": "val:write",
                },
                operands="text?",
                long_prefix=False,
            ),
            "generate": Spec(
                "generate",
                options={
                    **inputs,
                    "--include-imports --include-wkt": "flag",
                    "-o --output": "val:tree-write",
                    "--template": "val:load",
                },
                operands="text?",
                long_prefix=False,
            ),
            "ls-files": Spec("ls-files", options=inputs, operands="text?", long_prefix=False),
            "dep mod": Spec(
                "dep",
                subcommands={
                    "update prune": Spec("update", options=common, operands="text?", effects="fetch"),
                    "ls-lint-rules ls-breaking-rules init": Spec("ls", operands="text*"),
                },
            ),
            "config": Spec(
                "config", subcommands={"init ls-lint-rules ls-breaking-rules migrate": Spec("init", operands="text*")}
            ),
            "push": Spec(
                "push",
                operands="text?",
                options={**common, "-t --tag --label --source-control-url": "val"},
                effects="publish",
            ),
            "registry curl beta alpha convert export": Spec("other", operands="unknown*", effects="unknown"),
        },
        examples={
            "buf lint": "",
            "buf build -o image.binpb": "write:image.binpb",
            "buf format -w": "edit:.",
            "buf generate": "",
            "buf generate --template /tmp/buf.gen.yaml": "load:/tmp/buf.gen.yaml",
            "buf breaking --against '.git#branch=main'": "",
            "buf push": "publish",
            "buf registry login": "unknown unknown",
            "buf dep update": "fetch",
        },
    )


# --- Nim and Crystal -------------------------------------------------------------------------------------------
# Both run code at compile time (Nim's staticExec and macros, Crystal's macro `system` and `run`): compiling the
# project's sources is routine, a source from elsewhere is a load. Nim spells values `--name:value`.
_NIM_OPTIONS = {
    "-d --define -u --undef --hint --hints --warning --warnings --verbosity --opt --mm --gc --threads --app --cpu": "text",
    "--os -b --backend --debugger --stackTrace --lineTrace --checks --assertions --experimental --styleCheck": "text",
    "--colors --listCmd --parallelBuild --skipParentCfg --skipUserCfg --skipProjCfg --panics --excessiveStackTrace": "text",
    "--version -v --help -h --fullhelp --forceBuild -f --run -r --debuginfo --profiler --stdout --hint:all": "text",
    "--errorMax --maxLoopIterationsVM --define:release -x --objChecks --rangeChecks --boundChecks --overflowChecks": "text",
    "--noNimblePath": "text",
    # The standard library (and the nimble packages) it compiles from: their macros run at compile time.
    "--lib --nimblePath": "load",
    "-o --out": "write",
    "--outdir --nimcache": "tree-write",
    "-p --path --import --include": "load",
    "--eval": "code:nim",
    "--passC --passL --cc --clang.exe --gcc.exe --clang.linkerexe --gcc.linkerexe --cincludes --clibdir --putenv": "unknown",
    "--compileOnly -c --noLinking --noMain --dynlibOverride --dynlibOverrideAll --NimblePath": "text",
    "-a -x --fullhelp --help -h": "text",
}
_NIM_TABLE = {name: effect for names, effect in _NIM_OPTIONS.items() for name in names.split()}
_NIM_COMMANDS = frozenset(
    "c compile cc cpp compileToCpp objc js r check doc doc2 jsondoc ctags buildIndex dump".split()
)


def _nim_judge(walked: Walk, argv: list[str]) -> None:
    """Nim's own option syntax: `--name:value` or `--name=value`, then a command and its file."""
    walked.effects.clear()  # the walk knows the names, not nim's `--name:value` spelling: read argv again
    walked.unknown.clear()
    files: list[str] = []
    command = None
    for word in argv[1:]:
        if word.startswith("-") and len(word) > 1:
            name, _sep, value = word.replace("=", ":", 1).partition(":")
            effect = _NIM_TABLE.get(name)
            if effect is None:
                walked.unknown.append(f"nim option {name} is not modelled")
            elif effect == "unknown":
                walked.unknown.append(f"nim {name} (hands words to the C compiler or runs one) is not modelled")
            elif effect != "text" and value:
                walked.effects.append(Effect(effect, value, name))
            continue
        if command is None:
            command = word
            if word not in _NIM_COMMANDS and word not in ("e", "secret", "--version"):
                walked.unknown.append(f"nim command {word!r} is not modelled")
            continue
        files.append(word)
        break  # the words after the file are the program's arguments (with -r)
    for name in files:
        kind = "script" if command == "e" else "read"
        walked.effects.append(Effect(kind, name, "operand 1"))
        if kind == "read" and outside(walked, name):
            walked.effects.append(Effect("load", name, "operand 1 (compiled with its compile-time code)"))
    if command == "secret":
        walked.unknown.append("nim secret (the interactive NimScript shell) is not modelled")


def _nim() -> Spec:
    return Spec(
        "nim",
        version="Nim 1.6.10 (Debian bookworm nim; nim --fullhelp)",
        summary="nim compiles (and with -r runs) a Nim file; `nim e` runs NimScript; --passC/--passL/--cc are not modelled",
        operands="text*",
        literal_dashes=True,
        options={name: "flag" for name in _NIM_TABLE},  # named for the --help check; _nim_judge reads argv
        judge=_nim_judge,
        examples={
            "nim --version": "",
            "nim c -r main.nim": "read:main.nim",
            "nim c -d:release --out:bin/app src/app.nim": "write:bin/app read:src/app.nim",
            "nim c /tmp/evil.nim": "read:/tmp/evil.nim load:/tmp/evil.nim",
            "nim e build.nims": "script:build.nims",
            "nim c --passL:-Wl,-plugin=/tmp/x.so a.nim": "unknown read:a.nim",
            "nim c -o:~/.bashrc a.nim": "write:~/.bashrc read:a.nim",
        },
    )


def _crystal() -> Spec:
    build = {
        **_H,
        "--release --no-debug --static --cross-compile --progress --stats --time --error-trace --single-module": "flag",
        "--verbose -s -p -t --no-color --error-on-warnings --no-codegen --debug -d": "flag",
        "-D --define --target --threads --emit --mcpu --mattr --mcmodel --warnings --exclude-warnings": "val",
        "-o --output": "val:write",
        "--prelude": "val:load",
        "--link-flags": "unknown",
    }
    return Spec(
        "crystal",
        version="Crystal 1.10 (crystal help, crystal build --help)",
        summary="build/run/spec compile the project's code (its macros run at compile time); eval runs inline code",
        options={**_H, "-v --version": "flag"},
        long_prefix=False,
        subcommands={
            "build": Spec("build", options=build, operands="read+", long_prefix=False, judge=_outside_sources),
            "run": Spec("run", options=build, operands="script text*", posix=True, long_prefix=False),
            "spec": Spec(
                "spec",
                options={
                    **build,
                    "--order --tag --example -e --line -l": "val",
                    "--junit_output": "val:write",
                    "--fail-fast": "flag",
                },
                operands="read*",
                long_prefix=False,
                judge=_outside_sources,
            ),
            "eval": Spec("eval", options=build, operands="code:crystal", long_prefix=False, judge=_eval_stdin),
            "tool": Spec(
                "tool",
                subcommands={
                    "format": Spec(
                        "format",
                        options={
                            **_H,
                            "--check": "flag>edit=read",
                            "--no-color --show-backtrace": "flag",
                            "-i --include -e --exclude": "val",
                        },
                        operands="edit*",
                        long_prefix=False,
                    ),
                    "hierarchy context expand implementations types unreachable dependencies": Spec(
                        "tool", operands="unknown*"
                    ),
                },
            ),
            "init": Spec("init", options={**_H, "-f --force -s --skip-existing": "flag"}, operands="text tree-write"),
            "docs": Spec(
                "docs",
                options={
                    **_H,
                    "--project-name --project-version --source-refname --source-url-pattern --canonical-base-url --format --sitemap-base-url --sitemap-priority --sitemap-changefreq": "val",
                    "-o --output": "val:tree-write",
                    "--json-config-url": "val",
                },
                operands="read*",
            ),
            # `crystal deps` is shards: it fetches the shards and runs their postinstall commands.
            "deps": Spec("deps", operands="text*", effects="fetch unknown"),
            "env version": Spec("env", operands="text*"),
            # `crystal i` runs the code it reads (standard input, a file); `crystal play` serves a page that
            # compiles and runs whatever code it is sent: neither is modelled.
            "play i interactive": Spec("play", operands="unknown*", effects="unknown"),
        },
        examples={
            "crystal --version": "",
            "crystal build src/main.cr": "read:src/main.cr",
            "crystal build /tmp/x.cr -o app": "read:/tmp/x.cr load:/tmp/x.cr write:app",
            "crystal spec": "",
            "crystal run src/main.cr": "script:src/main.cr",
            "crystal eval 'puts(1)'": "code:crystal:puts(1)",
            "crystal eval": "unknown",
            "crystal tool format --check": "",
            "crystal tool format ~/.bashrc": "edit:~/.bashrc",
            "crystal build --link-flags=-Wl,-x a.cr": "unknown read:a.cr",
        },
    )


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
    _devicectl(),
    _notarytool(),
    _altool(),
    _podfile_elsewhere(_pod()),
    _r(),
    _luarocks(),
    _golangci_lint(),
    _staticcheck(),
    _govulncheck(),
    _clang_tidy(),
    _cppcheck(),
    _valgrind(),
    _gcov(),
    _lcov(),
    _genhtml(),
    _ccache(),
    _sccache(),
    _conan(),
    _vcpkg(),
    _protoc(),
    _buf(),
    _nim(),
    _crystal(),
]
