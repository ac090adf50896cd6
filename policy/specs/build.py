"""Build and test runners, compilers, linters and formatters.

The project's own runner running the project's sources is routine (`make`, `cmake --build`,
`mvn test`, `pytest -q`, `dotnet build`): no effect here. What the spec reports is what chooses
other code or places: a makefile, init script, settings file or plugin named on the command line
(`load` / `script`), inline code (`make --eval`), a command the runner is told to run (`exec` /
`argv`: `cmake -E chdir D CMD`, `gcc -wrapper`, `meson test --wrapper`), outputs written
anywhere (`gcc -o`, `tsc --outDir`), publishing goals (`mvn deploy`, `gradle publish`) and the
goals that run arbitrary programs (`mvn exec:exec`).

Reference versions: GNU make 4.3, cmake 3.25.1, ninja 1.11.1, meson 1.0.1, Maven 3.8.7, Gradle 8.x,
rake 13.0.6, ant 1.10.13, bazel 7, gcc 12.2 (Debian bookworm), clang 14, GNU ld 2.40, dotnet 8,
OpenJDK 17, tsc 5.x, eslint 8/9, prettier 3, ruff 0.8, black 23.1, mypy 1.0, pytest 7.2,
tox 4, nox 2023, jest 29, vitest 2, mocha 10, turbo 2, nx 20.
"""

from __future__ import annotations

import os
import re

from hookward.policy.spec import Effect, Opt, Spec, Walk
from hookward.policy.specs._loads import code_places, manifests, outside

_H = {"-h --help": "flag"}


def _code(language: str) -> Opt:
    return Opt(True, f"code:{language}")


def _attached(spec: Spec, letters: str) -> Spec:
    """Single-dash programs that also glue a value to a one-letter option (`-DskipTests`, `-Wall`, `-ofile`)."""
    for letter in letters:
        spec.shorts[letter] = spec.options["-" + letter]
    return spec


_ANY_GOAL = Spec("<goal>")


class _Goals(dict):  # type: ignore[type-arg]
    """Maven goals and Gradle tasks: every word is one; a goal's effect sticks to the rest of the line."""

    def __init__(
        self, root: Spec, classify: object, carried: frozenset[str], cache: dict[frozenset[str], Spec]
    ) -> None:
        super().__init__({"<goal>": _ANY_GOAL})
        self.root, self.classify, self.carried, self.cache = root, classify, carried, cache

    def get(self, word: str, fallback: object = None) -> Spec:  # type: ignore[override]
        effects = self.carried | self.classify(word)  # type: ignore[operator]
        spec = self.cache.get(effects)
        if spec is None:
            spec = Spec(
                "<goal>",
                effects=" ".join(sorted(effects)),
                single_dash=self.root.single_dash,
                long_prefix=self.root.long_prefix,
                globals_anywhere=True,
                judge=self.root.judge,  # the root's options are read wherever the goals start
            )
            spec.parent = self.root
            spec.subcommands = _Goals(self.root, self.classify, effects, self.cache)
            self.cache[effects] = spec
        return spec


def _goals(root: Spec, classify: object) -> Spec:
    root.subcommands = _Goals(root, classify, frozenset(), {})
    return root


# --- make, cmake, ninja, meson --------------------------------------------------------------------


def _make(name: str) -> Spec:
    return Spec(
        name,
        version="GNU Make 4.3",
        summary="targets and VAR=value are text (SHELL= is a hijack floor); -f names a makefile whose recipes run",
        options={
            **_H,
            "-v --version -b -m -B --always-make -d -e --environment-overrides -i --ignore-errors": "flag",
            "-k --keep-going -S --no-keep-going --stop -L --check-symlink-times -n --just-print --dry-run": "flag",
            "--recon -p --print-data-base -q --question -r --no-builtin-rules -R --no-builtin-variables": "flag",
            "-s --silent --quiet --no-silent -t --touch --trace -w --print-directory --no-print-directory": "flag",
            "--warn-undefined-variables": "flag",
            "--debug -j --jobs -l --load-average --max-load -O --output-sync": "opt",
            "-C --directory": "val:cd",
            "-f --file --makefile": "val:script",
            "-I --include-dir": "val:load",
            "-E --eval": _code("make"),
            "-o --old-file --assume-old -W --what-if --new-file --assume-new": "val",
        },
        operands="text*",
        examples={
            "make": "",
            "make -j8 test": "",
            "make -C tool install": "cd:tool",
            "make -f /tmp/evil.mk": "script:/tmp/evil.mk",
            "make -E '$(shell,id)'": "code:make:$(shell,id)",
            "make --eval=x": "code:make:x",
        },
    )


# -D cache variables that name CMake code the configure step includes (a toolchain file, a project include, a
# rules override, module and package search paths): a load of the file or directory, except a system prefix.
_CMAKE_CODE_VARIABLE = re.compile(
    r"^(?:CMAKE_TOOLCHAIN_FILE|CMAKE_PROJECT_\w*INCLUDE\w*|CMAKE_USER_MAKE_RULES_OVERRIDE\w*|CMAKE_MODULE_PATH"
    r"|CMAKE_PREFIX_PATH|CMAKE_FIND_ROOT_PATH|\w+_DIR|\w+_ROOT)$"
)
_SYSTEM_PREFIXES = ("/usr/", "/bin/", "/lib/", "/opt/", "/Library/", "/Applications/", "/nix/store/")


def _cmake_variables(result: Walk, argv: list[str]) -> None:
    """`-DCMAKE_TOOLCHAIN_FILE=/tmp/t.cmake`, `-DCMAKE_PROJECT_INCLUDE=...`, `-DFoo_DIR=/tmp/x`: code the
    configure step runs; other variables (`-DCMAKE_BUILD_TYPE=Release`) are settings."""
    kept = []
    for effect in result.effects:
        if effect.kind != "text" or effect.origin != "-D":
            kept.append(effect)
            continue
        key, _, value = effect.value.partition("=")
        if _CMAKE_CODE_VARIABLE.match(key.split(":", 1)[0]):
            for path in value.split(";"):
                if path and not path.startswith(_SYSTEM_PREFIXES):
                    kept.append(Effect("load", path, f"-D{key.split(':', 1)[0]}"))
    result.effects[:] = kept


def _cmake() -> Spec:
    return _attached(
        Spec(
            "cmake",
            version="cmake 3.25.1",
            summary="-E runs one of cmake's tools (chdir and env run a command): not modelled; -P runs a script",
            options={
                **_H,
                "--version --fresh -N --system-information --trace --trace-expand --debug-output": "flag",
                "--warn-uninitialized --warn-unused-vars --no-warn-unused-cli --check-system-vars": "flag",
                "-L -LA -LH -LAH --list-presets --verbose --clean-first --install --open -Wdev -Wno-dev": "flag",
                "-S": "val:cd",
                "-B": "val",
                "--build": "val",
                "-U -G -T -A --preset --target -t --config --component --prefix --log-level -W": "val",
                "-D": "val:text",  # judged by _cmake_variables
                "-j --parallel": "opt",
                "-P": "val:script",
                "-C": "val:load",
                "--toolchain": "val:load",
                "--graphviz": "val:write",
                "-E": "flag>unknown*",
            },
            operands="stat?",
            single_dash=True,
            long_prefix=False,
            judge=manifests({"-S": "CMakeLists.txt", "operand": "CMakeLists.txt"}, then=_cmake_variables),
            examples={
                "cmake --build build": "",
                "cmake -S /tmp/evil -B build": "cd:/tmp/evil load:/tmp/evil/CMakeLists.txt",
                "cmake /tmp/evil": "stat:/tmp/evil load:/tmp/evil/CMakeLists.txt",
                "cmake -DCMAKE_TOOLCHAIN_FILE=/tmp/t.cmake -B build": "load:/tmp/t.cmake",
                "cmake -D CMAKE_PROJECT_INCLUDE=/tmp/x.cmake -B b": "load:/tmp/x.cmake",
                "cmake -DFoo_DIR=/tmp/foo -DCMAKE_PREFIX_PATH=/usr/local -B b": "load:/tmp/foo",
                "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release": "cd:.",
                "cmake --preset default": "",
                "cmake -P /tmp/x.cmake": "script:/tmp/x.cmake",
                "cmake -E chdir . sh -c id": "unknown unknown unknown unknown unknown",
                "cmake -C /tmp/cache.cmake ..": "load:/tmp/cache.cmake stat:.. load:../CMakeLists.txt",
            },
        ),
        "DUGTAWjCS",
    )


def _ninja() -> Spec:
    return Spec(
        "ninja",
        version="ninja 1.11.1",
        options={
            **_H,
            "--version -n -v --verbose --quiet": "flag",
            "-C": "val:cd",
            "-f": "val:script",
            "-j -k -l -d -w": "val",
            "-t": "val>text*",
        },
        operands="text*",
        examples={"ninja -C build": "cd:build", "ninja -f /tmp/x.ninja": "script:/tmp/x.ninja"},
    )


def _meson() -> Spec:
    common = {**_H, "-C": "val:cd", "-v --verbose": "flag", "-j --num-processes": "val"}
    return Spec(
        "meson",
        version="meson 1.0.1",
        options={**_H, "-v --version": "flag"},
        subcommands={
            "setup configure": Spec(
                "setup",
                operands="text?",
                options={
                    **_H,
                    "-D --prefix --buildtype --backend --default-library -b --werror --wrap-mode --libdir": "val",
                    "--cross-file --native-file": "val:load",
                    "--wipe --reconfigure --clearcache --fatal-meson-warnings": "flag",
                },
            ),
            "compile": Spec("compile", operands="text*", options={**common, "--clean --ninja-args": "flag"}),
            "test": Spec(
                "test",
                operands="text*",
                options={
                    **common,
                    "--suite --no-suite -t --timeout-multiplier --repeat --setup --test-args": "val",
                    "--wrapper": "val:exec",
                    "--gdb": "unknown",
                    "--list --no-rebuild --print-errorlogs --benchmark -q --quiet": "flag",
                },
            ),
            "install": Spec(
                "install",
                options={**common, "--destdir": "val:tree-write", "--dry-run -n --no-rebuild --only-changed": "flag"},
            ),
            "introspect dist init wrap subprojects rewrite": Spec("introspect", operands="text*", options=common),
            "devenv": Spec("devenv", operands="argv", options=common),
        },
        examples={
            "meson setup build": "",
            "meson compile -C build": "cd:build",
            "meson test --wrapper /tmp/x": "exec:/tmp/x",
            "meson devenv -C build sh": "cd:build runs:sh",
        },
    )


# --- Maven, Gradle, rake, ant, bazel -------------------------------------------------------------


# Goals that send the build's output elsewhere: repositories (deploy, deploy-file, sign-and-deploy-file), sites
# (site:deploy, site:stage-deploy), a server by wagon (upload, upload-single), images (dockerfile:push, docker:push),
# Maven Central (central-publishing:publish), a staging repository (release, nexus-staging:release).
_MAVEN_SHIPPING = frozenset(
    "deploy deploy-file sign-and-deploy-file perform release stage-deploy upload upload-single push publish".split()
)


def _maven_goal(word: str) -> frozenset[str]:
    parts = word.lower().split(":")
    if parts[-1] in _MAVEN_SHIPPING or word.lower() in ("deploy", "site-deploy"):
        return frozenset({"publish"})
    if parts[-2:] in (["jib", "build"], ["release", "prepare"], ["release", "branch"], ["scm", "checkin"]):
        return frozenset({"publish"})  # pushes an image to a registry; commits and pushes tags or branches
    if "exec" in parts[:-1] or "exec-maven-plugin" in parts or (len(parts) > 1 and parts[-2:] == ["antrun", "run"]):
        return frozenset({"script"})
    return frozenset()


# JVM options a build passes to the JVMs it starts (`-DargLine=...`, `-Dorg.gradle.jvmargs=...`): an agent or a
# boot class path is code loaded into them; `-agentlib:jdwp=...` opens a debugger port (its value is no file).
_JVM_CODE = re.compile(r"-(?:javaagent|agentpath):([^=\s]*)|-agentlib:(\S*)|-Xbootclasspath(?:/[ap])?:(\S+)")
# Properties whose value is code the build tool or the JVM it runs is loaded from.
_JVM_CODE_PROPERTIES = frozenset(
    {"maven.ext.class.path", "org.gradle.java.home", "java.home", "java.system.class.loader"}
)
_PROPERTY_OPTIONS = ("-D", "--define", "--system-prop", "-P", "--project-prop")


def _jvm_properties(result: Walk, argv: list[str]) -> None:
    """-D/-P properties that load code (`maven.ext.class.path`, a `-javaagent:` in any value) are loads."""
    kept: list[Effect] = []
    for effect in result.effects:
        if effect.kind != "text" or effect.origin not in _PROPERTY_OPTIONS:
            kept.append(effect)
            continue
        key, _, value = effect.value.partition("=")
        for match in _JVM_CODE.finditer(value):
            path = match.group(1) or match.group(3) or ""
            kept.append(Effect("load", path, f"{effect.origin} {key} (a JVM agent or boot class path)"))
        if key in _JVM_CODE_PROPERTIES:
            kept.extend(Effect("load", part, f"{effect.origin} {key}") for part in value.split(":") if part)
    result.effects[:] = kept


def _maven_judge(result: Walk, argv: list[str]) -> None:
    """`-f DIR` builds DIR/pom.xml; properties are judged by _jvm_properties."""
    for index, effect in enumerate(result.effects):
        if effect.kind == "script" and effect.origin in ("-f", "--file") and result.cwd:
            if os.path.isdir(os.path.join(result.cwd, os.path.expanduser(effect.value))):
                result.effects[index] = Effect("script", os.path.join(effect.value, "pom.xml"), effect.origin)
    _jvm_properties(result, argv)


def _maven(name: str) -> Spec:
    spec = Spec(
        name,
        version="Apache Maven 3.8.7",
        summary="goals are words; deploy publishes and exec:exec / exec:java run programs",
        options={
            **_H,
            "-v --version -V --show-version -q --quiet -X --debug -e --errors -B --batch-mode -o --offline": "flag",
            "-U --update-snapshots -N --non-recursive -am --also-make -amd --also-make-dependents": "flag",
            "-fae --fail-at-end -ff --fail-fast -fn --fail-never -ntp --no-transfer-progress -nsu": "flag",
            "-llr -npu -cpu -C --strict-checksums -c --lax-checksums --no-snapshot-updates": "flag",
            "-P --activate-profiles -pl --projects -rf --resume-from -T --threads -b --builder": "val",
            "-D --define": "val:text",  # judged by _jvm_properties
            "--color": "val",
            "-f --file": "val:script",
            "-s --settings -gs --global-settings -t --toolchains -gt --global-toolchains": "val:load",
            "-l --log-file": "val:write",
        },
        single_dash=True,
        long_prefix=False,
        globals_anywhere=True,
        judge=_maven_judge,
        examples={
            "mvn clean install": "",
            "mvn -Dmaven.ext.class.path=/tmp/x.jar test": "load:/tmp/x.jar",
            "mvn test -DargLine=-javaagent:/tmp/a.jar=x": "load:/tmp/a.jar",
            "mvn -DargLine=-agentlib:jdwp=transport=dt_socket,address=5005 test": "load",
            "mvn -f /tmp/pom.xml test": "script:/tmp/pom.xml",
            "mvn -DskipTests package": "",
            "mvn clean deploy": "publish",
            "mvn exec:exec": "script",
            "mvn org.codehaus.mojo:exec-maven-plugin:3.1.0:java": "script",
            "mvn -s /tmp/settings.xml test": "load:/tmp/settings.xml",
            "mvn -pl core -am test": "",
        },
    )
    return _attached(_goals(spec, _maven_goal), "DPTbfslqeXBUNo")


# Tasks that ship the build elsewhere under other names than publish*/upload*: plugin portals, Artifactory,
# Bintray, image registries (jib, dockerPush), staging repositories, gh-pages, App Engine, release plugins.
_GRADLE_SHIPPING = (
    "publish publishPlugins publishToSonatype uploadArchives artifactoryPublish artifactoryDeploy bintrayUpload "
    "jib dockerPush dockerPushImage closeAndReleaseSonatypeStagingRepository releaseSonatypeStagingRepository "
    "gitPublishPush appengineDeploy githubRelease release deploy"
).split()


def _gradle_task(word: str) -> frozenset[str]:
    task = word.rsplit(":", 1)[-1]
    if not task or task.endswith("ToMavenLocal"):
        return frozenset()
    lower = task.lower()
    if any(part in lower for part in ("publish", "upload", "deploy", "push")) or task in _GRADLE_SHIPPING:
        return frozenset({"publish"})
    # Gradle runs the task a name abbreviates, each camel-case part a prefix (`pP` is publishPlugins, `pub` publish).
    segments = re.findall(r"[A-Z]?[a-z0-9]*", task)
    pattern = re.compile("".join(re.escape(seg) + "[a-z0-9]*" for seg in segments if seg) + "$")
    if any(pattern.match(name) for name in _GRADLE_SHIPPING):
        return frozenset({"publish"})
    return frozenset()


_GRADLE_PLACES = code_places(("--include-build",), then=_jvm_properties)


def _gradle_judge(result: Walk, argv: list[str]) -> None:
    """`-p DIR` runs DIR's build scripts: outside the command's directory, a load; an included build likewise."""
    for effect in list(result.effects):
        if effect.kind == "cd" and effect.origin in ("-p", "--project-dir") and outside(result, effect.value):
            result.effects.append(Effect("load", effect.value, f"{effect.origin} (its build scripts run)"))
    _GRADLE_PLACES(result, argv)


def _gradle(name: str) -> Spec:
    spec = Spec(
        name,
        version="Gradle 8.10",
        summary="tasks are words; publish* uploads; an init script, build file or settings file runs code",
        options={
            **_H,
            "-v --version -q --quiet -i --info -d --debug -w --warn -s --stacktrace -S --full-stacktrace": "flag",
            "--offline --daemon --no-daemon --parallel --no-parallel --continue --dry-run -m --refresh-dependencies": "flag",
            "--build-cache --no-build-cache --configuration-cache --no-configuration-cache --rerun-tasks": "flag",
            "--status --stop --profile --no-scan -a --no-rebuild --foreground --write-locks --continuous -t": "flag",
            "-x --exclude-task --console --warning-mode --max-workers": "val",
            "-D --system-prop -P --project-prop": "val:text",  # judged by _jvm_properties
            "--priority --dependency-verification -M --write-verification-metadata --update-locks": "val",
            "-I --init-script -b --build-file -c --settings-file --include-build": "val:load",
            "-g --gradle-user-home": "val:load",
            "-p --project-dir": "val:cd",
            "--project-cache-dir": "val",
            "--scan": "flag:upload",
            # built-in task options: a test filter, `tasks --all`, `dependencies --configuration NAME`, `--rerun`
            "--tests --configuration": "val",
            "--all --rerun": "flag",
        },
        long_prefix=False,
        globals_anywhere=True,
        judge=_gradle_judge,
        examples={
            "gradlew build": "",
            "gradle -p /tmp/evil build": "cd:/tmp/evil load:/tmp/evil",
            "gradle --project-dir=sub build": "cd:sub",
            "gradle --include-build ../../tmp/plugin build": "load:../../tmp/plugin",
            "gradle -Dorg.gradle.jvmargs=-javaagent:/tmp/a.jar build": "load:/tmp/a.jar",
            "gradle -Porg.gradle.java.home=/tmp/jdk build": "load:/tmp/jdk",
            "gradle -Pversion=1.2 -Dfile.encoding=UTF-8 build": "",
            "gradle -I /tmp/i.gradle build": "load:/tmp/i.gradle",
            "gradlew publish": "publish",
            "gradlew clean :lib:publishMavenPublicationToSonatypeRepository": "publish",
            "gradlew pP": "publish",
            "gradlew jib": "publish",
            "gradlew assembleRelease jibDockerBuild publishToMavenLocal": "",
            "gradle test --scan": "upload",
            "gradle -Dorg.gradle.debug=true test": "",
        },
    )
    return _goals(spec, _gradle_task)


# Rails' database tasks that drop, truncate or replace the data in the application's database (rake and
# rails take the same task names): the database is outside the working tree and git cannot bring it back, so a
# person confirms this very call (destroy at force_ask), through rake as through rails.
DB_DESTROYING_TASKS = frozenset(
    "db:drop db:drop:all db:reset db:purge db:purge:all db:rollback db:migrate:redo db:migrate:reset "
    "db:schema:load db:structure:load db:truncate_all db:seed:replant db:fixtures:load db:environment:set".split()
)


# `rake NAME=VALUE` sets ENV[NAME] for the tasks and the programs they start: these name code that is loaded.
_RAKE_CODE_VARIABLES = frozenset({"RUBYOPT", "RUBYLIB", "TESTOPTS", "SPEC_OPTS", "TEST_OPTS", "RUBY"})
_RAKE_TEST_FILES = frozenset({"TEST", "SPEC", "TEST_FILES"})


def _rake_tasks(result: Walk, argv: list[str]) -> None:
    for word in argv[1:]:  # task names are the words that are not options (a task takes `[args]`)
        if word.split("[", 1)[0] in DB_DESTROYING_TASKS:
            result.effects.append(Effect("destroy", word, "task", "force_ask"))
        name, equals, value = word.partition("=")
        if equals and name in _RAKE_CODE_VARIABLES:
            result.unknown.append(f"rake {name}= sets what the tasks' ruby processes load: not modelled")
        elif equals and name in _RAKE_TEST_FILES and outside(result, value):
            result.effects.append(Effect("load", value, f"{name}= (the test files the task runs)"))


def _rake() -> Spec:
    return Spec(
        "rake",
        version="rake 13.0.6",
        options={
            **_H,
            "-V --version -A --all -n --dry-run -N --no-search --nosearch -G --no-system --nosystem -g --system": "flag",
            "-q --quiet -s --silent -t --trace -v --verbose -w --warnings -X --no-deprecation-warnings": "flag",
            "-P --prereqs --rules --comments --backtrace --job-stats --suppress-backtrace": "flag",
            "-T --tasks -D --describe -W --where": "opt",
            "-j --jobs": "opt",
            "-C --directory": "val:cd",
            "-f --rakefile": "val:script",
            "-R --rakelibdir --rakelib -I --libdir": "val:load",
            "-r --require": "val:load",
            "-e --execute -E --execute-continue -p --execute-print": _code("ruby"),
        },
        operands="text*",
        judge=_rake_tasks,
        examples={
            "rake test": "",
            "rake db:migrate": "",
            "rake db:drop": "destroy:db:drop",
            "rake 'db:rollback[2]'": "destroy:db:rollback[2]",
            "rake -e 'system(1)'": "code:ruby:system(1)",
            "rake -f /tmp/Rakefile": "script:/tmp/Rakefile",
            "rake -r /tmp/x.rb spec": "load:/tmp/x.rb",
            "rake test TEST=test/models/user_test.rb": "",
            "rake test TEST=/tmp/evil_test.rb": "load:/tmp/evil_test.rb",
            "rake test TESTOPTS=-r/tmp/x.rb": "unknown",
            "rake spec RUBYOPT=-r/tmp/x": "unknown",
        },
    )


def _ant() -> Spec:
    return Spec(
        "ant",
        version="Apache Ant 1.10.13",
        options={
            **_H,
            "-help -version -diagnostics -quiet -q -silent -S -verbose -v -debug -d -emacs -e -noinput": "flag",
            "-keep-going -k -noclasspath -autoproxy": "flag",
            "-buildfile -file -f": "val:script",
            "-lib -propertyfile -logger -listener -inputhandler -main": "val:load",
            "-logfile -l": "val:write",
            "-D -nice -find -s": "val",
        },
        operands="text*",
        single_dash=True,
        long_prefix=False,
        examples={"ant test": "", "ant -f /tmp/build.xml": "script:/tmp/build.xml"},
    )


def _bazel(name: str) -> Spec:
    common = {
        **_H,
        "-c --compilation_mode --config --define --copt --cxxopt --linkopt --test_output --jobs -j --keep_going": "val",
        "-k --test_filter --test_arg --platforms --cpu --remote_cache --disk_cache --output_groups": "val",
        "--run_under": "val:exec",
        "--nocache_test_results --verbose_failures --subcommands -s --noshow_progress --sandbox_debug": "flag",
        "--check_visibility --nobuild --build_tests_only": "flag",
    }
    target = {"operands": "text*", "options": common}
    return Spec(
        name,
        version="bazel 7.4.1",
        options={**_H, "--version": "flag", "--bazelrc": "val:load", "--output_base --output_user_root": "val"},
        subcommands={
            "build test coverage query cquery aquery fetch sync info version clean shutdown help": Spec(
                "build", **target
            ),  # type: ignore[arg-type]
            "run": Spec("run", operands="text argv", options=common),
        },
        long_prefix=False,
        examples={
            "bazel test //...": "",
            "bazel --bazelrc=/tmp/rc build //x": "load:/tmp/rc",
            "bazel test --run_under=/tmp/x //t": "exec:/tmp/x",
            "bazel run //tools:fmt -- x": "runs:x",
        },
    )


# --- compilers -------------------------------------------------------------------------------------


_CC_LINKERS = frozenset({"bfd", "gold", "lld", "mold"})  # -fuse-ld= names gcc and clang map to ld.NAME


def _cc_args(result: Walk, argv: list[str]) -> None:
    """What a compiler driver hands on: `-fuse-ld=PATH` is the linker it runs; `-Wl,A,B` / `-Xlinker A` are
    linker arguments (judged by the ld spec: `-plugin x.so` loads code); `-Wp,A,B` / `-Xpreprocessor A` are
    preprocessor arguments (judged by this spec: `-include FILE` reads FILE into the output)."""
    from hookward.policy.spec import walk as walk_spec
    from hookward.policy.specs import lookup

    kept = []
    linker: list[str] = []
    preprocessor: list[str] = []
    for effect in result.effects:
        if effect.kind != "text" or effect.origin not in ("-f", "-W", "-Xlinker", "-Xpreprocessor"):
            kept.append(effect)
            continue
        value = effect.value
        if effect.origin == "-f" and value.startswith("use-ld="):
            if value[7:] not in _CC_LINKERS:
                kept.append(Effect("load", value[7:], "-fuse-ld (the linker it runs)"))
        elif effect.origin == "-Xlinker":
            linker.append(value)
        elif effect.origin == "-Xpreprocessor":
            preprocessor.append(value)
        elif effect.origin == "-W" and value.startswith("l,"):
            linker.extend(word for word in value[2:].split(",") if word)
        elif effect.origin == "-W" and value.startswith("p,"):
            preprocessor.extend(word for word in value[2:].split(",") if word)
    result.effects = kept
    for words, program in ((linker, "ld"), (preprocessor, argv[0])):
        if not words:
            continue
        spec = lookup(program)
        if spec is None:
            result.unknown.append(f"{program} arguments handed on by {argv[0]} are not modelled")
            continue
        inner = walk_spec(spec, [program, *words], result.cwd)
        result.effects.extend(inner.effects)
        result.unknown.extend(inner.unknown)


def _cc(name: str, version: str) -> Spec:
    spec = Spec(
        name,
        version=version,
        summary="operands are sources read; @FILE is a response file read for arguments (judged as a read)",
        options={
            "--help --version -v -### -c -S -E -w -s -shared -static -pthread -pipe -pie -no-pie -rdynamic": "flag",
            "-nostdlib -nostdinc -nodefaultlibs -nostartfiles -P -H -M -MM -MD -MMD -MP -ansi -pedantic": "flag",
            "-pedantic-errors -dumpversion -dumpmachine -dumpspecs -print-search-dirs -print-libgcc-file-name": "flag",
            "-print-multiarch -print-sysroot -print-multi-lib -print-multi-directory -C -static-libgcc": "flag",
            "-static-libstdc++ -symbolic -undef -trigraphs -traditional -Q -time -fsyntax-only": "flag",
            "-print-file-name -print-prog-name": "val",
            "-o": "val:write",
            "-MF": "val:write",
            "-MT -MQ -x -I -L -l -D -U -m -isystem -iquote -idirafter -isysroot --sysroot -std -z -e -u": "val",
            "-Xassembler -iprefix -iwithprefix -march -mtune -arch -target --target": "val",
            # Judged by _cc_args: -fuse-ld=PATH runs PATH as the linker; -Wl,WORDS and -Xlinker WORD are the
            # linker's own arguments (a -plugin it loads), -Wp,WORDS and -Xpreprocessor WORD the preprocessor's.
            "-f -W -Xlinker -Xpreprocessor": "val:text",
            "-fpass-plugin --ld-path": "val:load",
            "-Xclang -mllvm": "val:unknown",  # clang's cc1 and LLVM options (`-load x.so`): not modelled
            "-O -g -save-temps": "opt",
            "-include -imacros": "val:read",
            "-T": "val:load",
            "-B": "val:load",
            "-specs --specs": "val:load",
            "-fplugin": "val:load",
            "-wrapper": "val:exec",
        },
        operands="read*",
        single_dash=True,
        long_prefix=False,
        judge=_cc_args,
        examples={
            f"{name} -O2 -Wall -c x.c -o x.o": "read:x.c write:x.o",
            f"{name} -fuse-ld=/tmp/x x.c": "load:/tmp/x read:x.c",
            f"{name} -fuse-ld=lld -fPIC x.c": "read:x.c",
            f"{name} --ld-path=/tmp/x x.c": "load:/tmp/x read:x.c",
            f"{name} -fpass-plugin=/tmp/p.so x.c": "load:/tmp/p.so read:x.c",
            f"{name} -Wl,-plugin,/tmp/p.so x.c": "load:/tmp/p.so read:x.c",
            f"{name} -Wl,--plugin=/tmp/p.so x.c": "load:/tmp/p.so read:x.c",
            f"{name} -Xlinker -plugin -Xlinker /tmp/p.so x.c": "load:/tmp/p.so read:x.c",
            f"{name} -Wl,-rpath,/opt/lib -Wl,--as-needed x.c": "read:x.c",
            f"{name} -E -Wp,-include,~/.ssh/id_rsa x.c": "read:~/.ssh/id_rsa read:x.c",
            f"{name} -Xclang -load -Xclang /tmp/p.so x.c": "unknown unknown read:x.c",
            f"{name} -o ~/.local/bin/git x.c": "read:x.c write:~/.local/bin/git",
            f"{name} -wrapper /bin/sh x.c": "exec:/bin/sh read:x.c",
            f"{name} @~/.aws/credentials": "read:@~/.aws/credentials",
            f"{name} -fplugin=/tmp/p.so x.c": "load:/tmp/p.so read:x.c",
            f"{name} -specs=/tmp/x.specs x.c": "load:/tmp/x.specs read:x.c",
            f"{name} -Iinclude -DNDEBUG -lm x.c": "read:x.c",
            f"{name} --version": "",
        },
    )
    return _attached(spec, "oIlLDUWfmxBTOgezu")


def _ld() -> Spec:
    return _attached(
        Spec(
            "ld",
            version="GNU ld 2.40",
            options={
                "--help --version -v -s --strip-all -S --strip-debug -shared -static -pie --verbose -r -E": "flag",
                "--gc-sections --as-needed --no-as-needed -M --print-map": "flag",
                "--whole-archive --no-whole-archive -Bstatic -Bdynamic -Bsymbolic --start-group --end-group": "flag",
                "-O1 -O2 --no-undefined --export-dynamic --enable-new-dtags --disable-new-dtags -no-pie": "flag",
                "--build-id --hash-style": "opt",
                "--version-script": "val:read",
                "-o --output": "val:write",
                "-L --library-path -l --library -e --entry -m -z -soname -rpath -u --undefined": "val",
                "-T --script --dynamic-linker -plugin --plugin": "val:load",
                "-Map": "val:write",
            },
            operands="read*",
            single_dash=True,
            long_prefix=False,
            examples={"ld -o out a.o": "write:out read:a.o", "ld -plugin /tmp/p.so a.o": "load:/tmp/p.so read:a.o"},
        ),
        "oLlemzuT",
    )


# rustc's `-C KEY[=VALUE]` codegen options: what each key's value is. A key that names a program rustc runs
# (the linker, the archiver, dlltool) or words handed to the linker (which may name a plugin, `-fuse-ld=PATH` or
# `-B DIR`) loads code; a directory rustc fills is written; any key not listed here is not modelled.
_RUSTC_CODEGEN_TEXT = frozenset(
    (
        "opt-level debuginfo target-cpu target-feature codegen-units relocation-model code-model panic prefer-dynamic "
        "rpath lto embed-bitcode overflow-checks debug-assertions strip split-debuginfo force-frame-pointers "
        "force-unwind-tables instrument-coverage metadata extra-filename no-redzone no-stack-check no-vectorize-loops "
        "no-vectorize-slp soft-float inline-threshold jump-tables relro-level symbol-mangling-version "
        "collapse-macro-debuginfo default-linker-libraries link-dead-code control-flow-guard dwarf-version "
        "save-temps remark passes no-prepopulate-passes linker-flavor link-self-contained"
    ).split()
)
_RUSTC_CODEGEN_PROGRAM = frozenset({"linker", "ar", "dlltool", "link-arg", "link-args", "llvm-args"})
_RUSTC_CODEGEN_DIR = frozenset({"incremental", "profile-generate"})


def _rustc_args(result: Walk, argv: list[str]) -> None:
    """The values rustc's grammar cannot type: `-C KEY=VALUE`, `--emit KIND=PATH`, `--print KIND=PATH`,
    a `--target` that is a target-spec file (it names the linker to run), and `@FILE` (more arguments)."""
    kept = []
    for effect in result.effects:
        origin, value = effect.origin, effect.value
        if effect.kind == "text" and origin in ("-C", "--codegen"):
            key, equals, arg = value.partition("=")
            key = key.replace("_", "-")
            if key in _RUSTC_CODEGEN_PROGRAM:
                # The program (or the linker words) rustc runs: judged as code it loads.
                kept.append(Effect("load", arg if key in ("linker", "ar", "dlltool") else "", f"-C {key}"))
            elif key in _RUSTC_CODEGEN_DIR:
                if arg:
                    kept.append(Effect("tree-write", arg, f"-C {key}"))
            elif key == "profile-use" or key == "profile-sample-use":
                kept.append(Effect("read", arg, f"-C {key}"))
            elif key not in _RUSTC_CODEGEN_TEXT:
                result.unknown.append(f"rustc -C {key} is not modelled")
            continue
        if effect.kind == "text" and origin in ("--emit", "--print"):
            for item in value.split(","):
                _kind, equals, path = item.partition("=")
                if equals and path and path != "-":
                    kept.append(Effect("write", path, origin))
            continue
        if effect.kind == "text" and origin == "--target":
            if value.endswith(".json") or "/" in value:
                kept.append(Effect("load", value, "--target (a target-spec file names the linker it runs)"))
            continue
        if effect.kind == "text" and origin == "--extern":
            _name, equals, path = value.partition("=")
            if equals and path:
                kept.append(Effect("load", path, "--extern (a crate, maybe a proc-macro that runs inside rustc)"))
            continue
        if effect.kind == "read" and origin.startswith("operand") and value.startswith("@") and len(value) > 1:
            kept.append(Effect("load", value[1:], "@FILE (arguments read from a file)"))
            continue
        kept.append(effect)
    result.effects = kept


_RUSTC_OPTIONS = {
    "-h --help -V --version -v --verbose --test -g -O": "flag",
    "--cfg --check-cfg --crate-type --crate-name --edition --explain --cap-lints --error-format --json": "val",
    "--color --diagnostic-width --remap-path-prefix --env-set -l": "val",
    "-A --allow -W --warn --force-warn -D --deny -F --forbid": "val",
    "-L": "val:read",  # a library directory: its crates (proc-macros run inside rustc) are read from there
    "--extern": "val:text",  # NAME[=PATH]: the judge below
    "-o": "val:write",
    "--out-dir": "val:tree-write",
    "--emit --print --target": "val:text",
    "-C --codegen": "val:text",
    "--sysroot": "val:load",  # the standard library and codegen backends rustc loads
    "-Z": "val:unknown",  # nightly options: codegen backends and LLVM plugins are loaded from them
}


def _rustc() -> Spec:
    return Spec(
        "rustc",
        version="rustc 1.83.0 (rustc --help -v)",
        summary="operands are sources read; -C linker=/ar=/dlltool=/link-arg(s)=, --sysroot, --extern PATH, a "
        "target-spec file and -Z load code",
        options=_RUSTC_OPTIONS,
        operands="read*",
        judge=_rustc_args,
        examples={
            "rustc main.rs": "read:main.rs",
            "rustc --edition 2021 -O main.rs -o main": "read:main.rs write:main",
            "rustc -C opt-level=3 -C target-cpu=native main.rs": "read:main.rs",
            "rustc --version": "",
            "rustc -C linker=/tmp/x main.rs": "load:/tmp/x read:main.rs",
            "rustc -Clinker=/tmp/x main.rs": "load:/tmp/x read:main.rs",
            "rustc --codegen=linker=/tmp/x main.rs": "load:/tmp/x read:main.rs",
            "rustc -C link-arg=-fuse-ld=/tmp/x main.rs": "load read:main.rs",
            "rustc -C link_args=-B/tmp main.rs": "load read:main.rs",
            "rustc -Z unstable-options main.rs": "unknown read:main.rs",
            "rustc --target /tmp/t.json main.rs": "load:/tmp/t.json read:main.rs",
            "rustc --target x86_64-unknown-linux-gnu main.rs": "read:main.rs",
            "rustc --extern evil=/tmp/libevil.so main.rs": "load:/tmp/libevil.so read:main.rs",
            "rustc --emit=link,dep-info=~/.bashrc main.rs": "write:~/.bashrc read:main.rs",
            "rustc @/tmp/args": "load:/tmp/args",
            "rustc -C frobnicate=1 main.rs": "unknown read:main.rs",
            "rustc -C incremental=~/.cargo/bin main.rs": "tree-write:~/.cargo/bin read:main.rs",
        },
    )


# --- sbt ---------------------------------------------------------------------------------------------------
# sbt's operands are commands of its own shell, one per word (`sbt clean "testOnly a.B -- -oD"`), each chained
# with `;`, scoped (`core/Test/compile`, `it:test`), cross-built (`+test`, `++2.13.12 test`) or watched (`~test`).
# Tasks that build, test or run the project's own main are routine; commands that evaluate Scala given on the
# line or read commands from standard input (console, consoleQuick, consoleProject, eval, set, apply, the
# shell with no command) and runMain (any class on the classpath, a compiler's or an interpreter's included)
# run code; publishing commands publish; anything else is not modelled.
_SBT_ROUTINE = frozenset(
    (
        "compile test testOnly testQuick run bgRun clean cleanFiles package packageBin packageSrc packageDoc doc "
        "update updateClassifiers reload projects project show inspect about tasks settings help exit version "
        "scalaVersion sbtVersion name organization dependencyTree dependencyList dependencyBrowseTree whatDependsOn "
        "dependencyUpdates evicted coverage coverageOn coverageOff coverageReport coverageAggregate assembly stage "
        "dist scalafmt scalafmtAll scalafmtCheck scalafmtCheckAll scalafmtSbt scalafmtSbtCheck headerCheck "
        "headerCreate mimaReportBinaryIssues fullClasspath dependencyClasspath last lastGrep plugins bloopInstall "
        "testFull shutdown shutdownall products packagedArtifacts makePom"
    ).split()
)
_SBT_CODE = frozenset("console consoleQuick consoleProject eval set apply shell runMain bgRunMain".split())
_SBT_PUBLISH = frozenset(
    "publish publishSigned release sonatypeRelease sonatypeBundleRelease sonatypeBundleUpload ghpagesPushSite "
    "ci-release".split()
)
_SBT_LOCAL_PUBLISH = frozenset("publishLocal publishM2 publishLocalSigned".split())
_SBT_SYSTEM_PROPERTIES = frozenset(
    "sbt.log.noformat sbt.supershell sbt.color sbt.ci sbt.server.forcestart file.encoding sbt.task.timings "
    "sbt.watch.mode sbt.io.virtual".split()
)
_JVM_HARMLESS = re.compile(
    r"^-(?:Xm[sx]\d+[kmgKMG]?|Xss\d+[kmgKMG]?|XX:[+-]\w+|XX:(?:MaxMetaspaceSize|ReservedCodeCacheSize|"
    r"MaxRAMPercentage|InitialRAMPercentage|MaxInlineLevel)=[\w.%]+|Dfile\.encoding=[\w-]+)$"
)


def _sbt_command(text: str) -> list[tuple[str, str]]:
    """(task key, its arguments) for each command of one sbt operand, scope and cross/watch marks removed."""
    found = []
    for part in text.split(";"):
        words = re.sub(r"\s*/\s*", "/", part.strip()).split()
        while words and re.fullmatch(r"\+\+\S*|~|\+", words[0]):
            words = words[1:] if not (words[0] == "++" and len(words) > 1) else words[2:]
        if not words:
            continue
        head = words[0].lstrip("~+")
        if head.startswith("+") or not head:
            continue
        key = re.split(r"[/:]", head)[-1]
        found.append((key, " ".join(words[1:])))
    return found


_SBT_VALUED = frozenset(
    "-mem --mem -sbt-version --sbt-version -sbt-dir --sbt-dir -sbt-boot --sbt-boot -sbt-cache --sbt-cache -ivy --ivy "
    "-sbt-jar --sbt-jar -java-home --java-home -sbt-launch-dir --sbt-launch-dir -jvm-opts --jvm-opts -sbt-opts "
    "--sbt-opts -jvm-debug --jvm-debug -S -D -J".split()
)


def _sbt_operands(argv: list[str]) -> list[str]:
    """The command words: sbt's runner takes every dash word whole (no bundling, no prefixes), and the options
    in _SBT_VALUED take the next word when their value is not attached."""
    found = []
    skip = False
    for word in argv[1:]:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in _SBT_VALUED
        else:
            found.append(word)
    return found


def _sbt_judge(result: Walk, argv: list[str]) -> None:
    kept = []
    commands = 0
    for effect in result.effects:
        if effect.kind == "text" and effect.origin == "-D":
            if effect.value.split("=", 1)[0] not in _SBT_SYSTEM_PROPERTIES:
                result.unknown.append(f"sbt -D{effect.value.split('=', 1)[0]} is not modelled")
        elif effect.kind == "text" and effect.origin == "-J":
            if re.match(r"^-(?:javaagent|agentpath|agentlib|Xbootclasspath)", effect.value):
                kept.append(Effect("load", effect.value.partition(":")[2].split("=", 1)[0], "-J (a Java agent)"))
            elif not _JVM_HARMLESS.match(effect.value):
                result.unknown.append(f"sbt -J{effect.value} is not modelled")
        else:
            kept.append(effect)
    for operand in _sbt_operands(argv):
        for key, _args in _sbt_command(operand):
            commands += 1
            if key in _SBT_CODE:
                kept.append(Effect("load", "", f"sbt {key} (runs code given on the line or on stdin)"))
            elif key in _SBT_PUBLISH:
                kept.append(Effect("publish", "", f"sbt {key}"))
            elif key in _SBT_LOCAL_PUBLISH:
                kept.append(Effect("config", "", f"sbt {key} (into the local repository other builds use)"))
            elif key not in _SBT_ROUTINE:
                result.unknown.append(f"sbt command {key!r} is not modelled")
    result.effects = kept
    informational = {"-h", "--help", "-V", "--version", "--numeric-version", "--script-version"}
    if not commands and not informational & set(result.seen) and not result.unknown:
        # No command: the sbt shell, which runs what it reads from standard input.
        result.effects.append(Effect("load", "", "sbt without a command (its shell reads standard input)"))


def _sbt() -> Spec:
    return Spec(
        "sbt",
        version="sbt 1.10 (sbt --help of the runner script)",
        summary="operands are sbt commands; -D/-J are judged; console, eval, set, runMain and the bare shell run code",
        options={
            "-h --help -v --verbose -V --version --numeric-version --script-version -d --debug": "flag",
            "-debug-inc --debug-inc -no-colors --no-colors --traces -traces --timings -timings": "flag",
            "-sbt-create --sbt-create -no-share --no-share -no-global --no-global -batch --batch": "flag",
            "--client -client --server --jvm-client -allow-empty --allow-empty -q -quiet -warn -error": "flag",
            "--color --supershell": "opt",
            "-mem --mem -sbt-version --sbt-version": "val",
            # Global settings and plugins, the launcher, the JVM and the caches loaded from: code from there runs.
            "-sbt-dir --sbt-dir -sbt-boot --sbt-boot -sbt-cache --sbt-cache -ivy --ivy": "val:load",
            "-sbt-jar --sbt-jar -java-home --java-home -sbt-launch-dir --sbt-launch-dir": "val:load",
            "-jvm-opts --jvm-opts -sbt-opts --sbt-opts": "val:load",
            "-jvm-debug --jvm-debug": "val:unknown",  # a debug port: whoever connects runs code
            "-S": "val:unknown",  # scalac options (-Xplugin:PATH loads a compiler plugin)
            "-D -J": "val:text",
        },
        operands="text*",
        bundling=False,
        long_prefix=False,
        judge=_sbt_judge,
        examples={
            "sbt compile": "",
            "sbt clean test": "",
            'sbt "testOnly com.example.ApiSpec -- -oD"': "",
            "sbt ++2.13.12 test": "",
            "sbt core/Test/compile it:test ~compile": "",
            "sbt -Dsbt.log.noformat=true -J-Xmx2g test": "",
            "sbt --version": "",
            "sbt run": "",
            "sbt console": "load",
            "sbt consoleQuick": "load",
            'sbt "eval 1 + 1"': "load",
            "sbt eval 1": "load unknown",  # each word is a command: `1` is not one
            'sbt "runMain scala.tools.nsc.MainGenericRunner"': "load",
            "sbt 'set javaOptions += \"-javaagent:/tmp/a.jar\"' test": "load",
            "sbt ';clean;console'": "load",
            "sbt 'Test / console'": "load",
            "sbt": "load",
            "sbt publish": "publish",
            "sbt +publishSigned": "publish",
            "sbt publishLocal": "config",
            "sbt myCustomTask": "unknown",
            "sbt -J-javaagent:/tmp/a.jar test": "load:/tmp/a.jar",
            "sbt -J-XX:OnOutOfMemoryError=sh test": "unknown",
            "sbt -Dsbt.global.base=/tmp/g test": "unknown",
            "sbt --sbt-dir /tmp/g test": "load:/tmp/g",
            "sbt -jvm-debug 5005 test": "unknown",
        },
    )


# --- project runners that had no spec (allowed with any argument) ------------------------------------------
# Each runs the project's own recipes, hooks or checks; what the spec reports is what chooses other code:
# a command to run (`just --command`, `stack exec`), a program used in place of a tool (`just --shell`,
# `actionlint -shellcheck=`), a plugin, hook or config that loads code (`pylint --init-hook/--load-plugins`,
# `flake8 --append-config`, `markdownlint --rules`), a repository fetched and run (`pre-commit try-repo`),
# and what persists (`pre-commit install` writes a git hook that runs at every commit).


def _just() -> Spec:
    return Spec(
        "just",
        version="just 1.36",
        summary="operands are the justfile's recipes and their arguments (the justfile is project code)",
        options={
            **_H,
            "-V --version --changelog --check --choose --clear-shell-args -n --dry-run --dump --evaluate": "flag",
            "--fmt --highlight --no-highlight --init -l --list --man --no-aliases --no-deps --no-dotenv": "flag",
            "-q --quiet --summary -u --unsorted --unstable --variables -v --verbose --yes --timestamp": "flag",
            "--groups --explain --allow-missing --list-submodules --one -g --global-justfile": "flag",
            "--color --command-color --dump-format --list-heading --list-prefix -s --show --completions": "val",
            "--timestamp-format --alias-style --ceiling --tempdir": "val",
            "--set": "val2",
            "-f --justfile": "val:load",
            "--dotenv-filename -E --dotenv-path": "val:load",  # its variables (LD_PRELOAD=...) reach every recipe
            "-d --working-directory": "val:cd",
            "--shell": "val:load",  # the program every recipe line is handed to
            "--shell-arg": "val:unknown",
            "--chooser": "val:exec",
            "--shell-command": "flag",
            "-c --command": "flag:argv",  # runs the words after it (with the justfile's variables exported)
            "-e --edit": "unknown",  # opens $VISUAL / $EDITOR
        },
        operands="text*",
        long_prefix=False,
        examples={
            "just": "",
            "just build": "",
            "just test --verbose": "",
            "just --list": "",
            "just --command id": "runs:id",
            "just -c id": "runs:id",
            "just --shell /tmp/x build": "load:/tmp/x",
            "just --justfile /tmp/j build": "load:/tmp/j",
            "just -E /tmp/.env build": "load:/tmp/.env",
            "just --chooser fzf --choose": "exec:fzf",
        },
    )


_STACK_GLOBAL = {
    **_H,
    "--version --numeric-version --hpack-numeric-version --silent --verbose -v --system-ghc --no-system-ghc": "flag",
    "--install-ghc --no-install-ghc --skip-ghc-check --no-skip-ghc-check --skip-msys --no-nix --no-docker": "flag",
    "--allow-different-user --no-allow-different-user --dump-logs --no-dump-logs --no-terminal --terminal": "flag",
    "--interleaved-output --no-interleaved-output --no-modify-code-page --modify-code-page --color": "flag",
    "--verbosity --resolver --snapshot --compiler --arch -j --jobs --work-dir --lock-file --ghc-variant": "val",
    "--stack-yaml --stack-root --setup-info-yaml --with-gcc --with-hpack": "val:load",
    "--local-bin-path": "val:tree-write",
    "--ghc-options --ghc-build --nix --docker --extra-include-dirs --extra-lib-dirs": "unknown",
}
_STACK_BUILD = {
    "--fast --pedantic --test --bench --haddock --no-haddock --file-watch --file-watch-poll --copy-bins": "flag",
    "--only-dependencies --only-snapshot --only-configure --only-locals --dry-run --coverage --no-run-tests": "flag",
    "--no-run-benchmarks --keep-going --keep-tmp-files --force-dirty --reconfigure --profile --trace": "flag",
    "--library-profiling --executable-profiling --no-test --no-bench --prefetch --haddock-deps": "flag",
    "--flag --ta --test-arguments --ba --benchmark-arguments --skip --cabal-verbosity --cabal-verbose": "val",
    "--exec": "val:exec",  # a command run after a successful build
    "--copy-compiler-tool": "flag",
}


def _stack() -> Spec:
    build = {**_STACK_GLOBAL, **_STACK_BUILD}
    return Spec(
        "stack",
        version="stack 2.15",
        options=_STACK_GLOBAL,
        subcommands={
            "build test bench haddock": Spec("build", options=build, operands="text*"),
            # Copies the executables into ~/.local/bin (or --local-bin-path): programs on PATH in every later shell.
            "install": Spec("install", options=build, operands="text*", effects="config"),
            "run": Spec("run", options=build, operands="text*"),
            "exec": Spec("exec", options={**_STACK_GLOBAL, "--package --cwd": "val"}, operands="argv"),
            "ghci repl": Spec("ghci", options=build, operands="text*", effects="load"),
            "runghc runhaskell script": Spec("runghc", options=build, operands="script text*", posix=True),
            "eval": Spec("eval", options=_STACK_GLOBAL, operands="code:haskell"),
            "path ls list query ide dot templates hpc sdist clean purge uninstall": Spec(
                "path", options={**_STACK_GLOBAL, "--full": "flag"}, operands="text*"
            ),
            "setup update unpack": Spec("setup", options=_STACK_GLOBAL, operands="text*", effects="network"),
            "new": Spec("new", options=_STACK_GLOBAL, operands="text*", effects="network"),
            "init": Spec("init", options={**_STACK_GLOBAL, "--force --omit-packages": "flag"}, operands="text*"),
            "upload": Spec("upload", options=_STACK_GLOBAL, operands="text*", effects="publish"),
            "config": Spec("config", options=_STACK_GLOBAL, operands="text*", effects="config"),
        },
        long_prefix=False,
        examples={
            "stack build": "",
            "stack test --fast": "",
            "stack exec -- id": "runs:id",
            "stack exec my-app": "runs:my-app",
            "stack ghci": "load",
            "stack runghc /tmp/x.hs": "script:/tmp/x.hs",
            "stack build --exec ./notify": "exec:./notify",
            "stack --stack-yaml /tmp/s.yaml build": "load:/tmp/s.yaml",
            "stack build --ghc-options=-pgmF/tmp/x": "unknown",
            "stack upload .": "publish",
            "stack install": "config",
            "stack install --local-bin-path dist": "tree-write:dist config",
        },
    )


def _pylint() -> Spec:
    return Spec(
        "pylint",
        version="pylint 3.3 (pylint --long-help)",
        summary="operands are modules and files read; options that name checker settings are text",
        options={
            **_H,
            "--version --long-help -E --errors-only --exit-zero --recursive --verbose -v --persistent": "flag",
            "--suggestion-mode --clear-cache-post-run --list-msgs --list-msgs-enabled --list-groups": "flag",
            "--list-conf-levels --list-extensions --full-documentation --generate-rcfile --generate-toml-config": "flag",
            "--include-naming-hint --ignore-comments --ignore-docstrings --ignore-imports --ignore-signatures": "flag",
            "-d --disable -e --enable -j --jobs --fail-under --fail-on -s --score -r --reports --py-version": "val",
            "-f --output-format --msg-template --help-msg --ignore --ignore-patterns --ignore-paths": "val",
            "--ignored-modules --ignored-classes --generated-members --good-names --bad-names --source-roots": "val",
            "--max-line-length --max-args --max-positional-arguments --max-locals --max-returns --max-branches": "val",
            "--max-statements --max-attributes --max-public-methods --min-public-methods --max-module-lines": "val",
            "--max-nested-blocks --max-bool-expr --max-parents --min-similarity-lines --limit-inference-results": "val",
            "--notes --indent-string --additional-builtins --dummy-variables-rgx --docstring-min-length": "val",
            "--confidence --evaluation --logging-format-style": "val",
            "--output": "val:write",
            "--rcfile": "val:load",  # its init-hook is Python that runs
            "--init-hook": "val:code:python",
            "--load-plugins --extension-pkg-allow-list --extension-pkg-whitelist": "val:load",
            "--unsafe-load-any-extension": "flag:load",
        },
        operands="read*",
        judge=_pylint_output,
        examples={
            "pylint src": "read:src",
            "pylint --disable=C0114,C0116 --max-line-length=120 src tests": "read:src read:tests",
            "pylint --init-hook=pass src": "code:python:pass read:src",
            "pylint --load-plugins=evil src": "load:evil read:src",
            "pylint --rcfile=/tmp/x src": "load:/tmp/x read:src",
            "pylint --output ~/.bashrc src": "write:~/.bashrc read:src",
            "pylint -f json:~/.bashrc src": "write:~/.bashrc read:src",
        },
    )


def _pylint_output(result: Walk, argv: list[str]) -> None:
    """`--output-format=json:PATH,text` writes each `FORMAT:PATH` report to PATH."""
    for index, word in enumerate(argv):
        value = None
        if word.startswith(("--output-format=", "-f")) and word not in ("-f", "--output-format"):
            value = word.split("=", 1)[1] if word.startswith("--") else word[2:]
        elif word in ("-f", "--output-format") and index + 1 < len(argv):
            value = argv[index + 1]
        for item in (value or "").split(","):
            _format, colon, path = item.partition(":")
            if colon and path:
                result.effects.append(Effect("write", path, "--output-format FORMAT:PATH"))


def _actionlint() -> Spec:
    names = {
        "-color -debug -init-config -no-color -oneline -verbose -version -h -help": "flag",
        "-format -ignore -stdin-filename": "val",
        "-config-file": "val:read",
        "-pyflakes -shellcheck": "val:load",  # the program it runs on every `run:` script
    }
    options = dict(names)
    options.update({" ".join("-" + word for word in key.split()): value for key, value in names.items()})
    return Spec(
        "actionlint",
        version="actionlint 1.7",
        options=options,
        operands="read*",
        single_dash=True,
        long_prefix=False,
        examples={
            "actionlint": "",
            "actionlint -color .github/workflows/ci.yml": "read:.github/workflows/ci.yml",
            "actionlint -shellcheck=/tmp/x": "load:/tmp/x",
            "actionlint --pyflakes /tmp/x": "load:/tmp/x",
        },
    )


def _pre_commit() -> Spec:
    config = {"-c --config": "val:load", "--color": "val", **_H}
    return Spec(
        "pre-commit",
        version="pre-commit 3.8",
        options={**_H, "-V --version": "flag", "--color": "val"},
        subcommands={
            "run": Spec(
                "run",
                options={
                    **config,
                    "-a --all-files --show-diff-on-failure -v --verbose": "flag",
                    "--hook-stage --from-ref -s --source --to-ref -o --origin --remote-branch --local-branch": "val",
                    "--remote-name --remote-url --checkout-type --is-squash-merge --rewrite-command": "val",
                    "--commit-msg-filename --prepare-commit-message-source --commit-object-name": "val",
                    "--files": "flag",
                },
                operands="read*",  # a hook id, then (after --files) the files it checks
            ),
            # A hook in .git/hooks runs at every commit, in every later session.
            "install init-templatedir uninstall": Spec(
                "install",
                options={
                    **config,
                    "-f --overwrite --install-hooks --allow-missing-config": "flag",
                    "-t --hook-type": "val",
                },
                operands="text?",
                effects="config",
            ),
            "install-hooks gc clean": Spec("install-hooks", options=config, effects="network"),
            "autoupdate": Spec(
                "autoupdate",
                options={**config, "--bleeding-edge --freeze": "flag", "--repo -j --jobs": "val"},
                effects="network",
            ),
            "validate-config validate-manifest migrate-config sample-config help": Spec(
                "validate-config", options=config, operands="text*"
            ),
            # Clones REPO and runs its hooks: code from anywhere.
            "try-repo": Spec("try-repo", options={**config, "--ref --rev": "val"}, operands="text*", effects="load"),
        },
        long_prefix=True,
        examples={
            "pre-commit run --all-files": "",
            "pre-commit run ruff --files src/app.py": "read:ruff read:src/app.py",
            "pre-commit install": "config",
            "pre-commit try-repo https://github.com/x/y": "load",
            "pre-commit run -c /tmp/x.yaml": "load:/tmp/x.yaml",
            "pre-commit autoupdate": "network",
        },
    )


def _markdownlint() -> Spec:
    return Spec(
        "markdownlint",
        version="markdownlint-cli 0.42",
        options={
            **_H,
            "-V --version -j --json -s --stdin -d --dot -q --quiet": "flag",
            "-f --fix": "flag>read=edit",
            "-i --ignore --enable --disable": "val",
            "-p --ignore-path": "val:read",
            "-o --output": "val:write",
            "-c --config": "val:load",  # a .js / .cjs configuration is required as code
            "-r --rules": "val:load",  # custom rule modules run
        },
        operands="read*",
        aliases=("markdownlint-cli",),
        examples={
            "markdownlint README.md": "read:README.md",
            "markdownlint --fix docs": "edit:docs",
            "markdownlint --rules /tmp/x.js .": "load:/tmp/x.js read:.",
        },
    )


def _flake8() -> Spec:
    return Spec(
        "flake8",
        version="flake8 7.1",
        options={
            **_H,
            "--version -v --verbose -q --quiet --count --statistics --show-source --no-show-source --tee": "flag",
            "--exit-zero --benchmark --bug-report --isolated --disable-noqa --hang-closing --doctests": "flag",
            "--select --ignore --extend-select --extend-ignore --max-line-length --max-doc-length": "val",
            "--max-complexity --exclude --extend-exclude --filename --per-file-ignores --format -j --jobs": "val",
            "--indent-size --color --stdin-display-name --builtins --enable-extensions --require-plugins": "val",
            "--output-file": "val:write",
            "--config --append-config": "val:load",  # a config's [flake8:local-plugins] imports code from paths
        },
        operands="read*",
        examples={
            "flake8 src": "read:src",
            "flake8 --max-line-length 120 --extend-ignore E203 .": "read:.",
            "flake8 --append-config=/tmp/x src": "load:/tmp/x read:src",
            "flake8 --output-file ~/.bashrc src": "write:~/.bashrc read:src",
        },
    )


def _task() -> Spec:
    return Spec(
        "task",
        version="task 3.40 (go-task)",
        summary="operands are the Taskfile's tasks and VAR=value (the Taskfile is project code)",
        options={
            **_H,
            "--version -n --dry -x --exit-code -f --force -g --global --init -j --json -l --list -a --list-all": "flag",
            "--no-status -p --parallel -s --silent --status --summary -v --verbose -w --watch -y --yes": "flag",
            "--offline --download --clear-cache --insecure": "flag",
            "-c --color -C --concurrency -i --interval -o --output --output-group-begin --output-group-end": "val",
            "--output-group-error-only --sort --timeout": "val",
            "-d --dir": "val:cd",
            "-t --taskfile": "val:load",
        },
        operands="text*",
        long_prefix=False,
        examples={
            "task build": "",
            "task test -- -run TestX": "",
            "task -t /tmp/x.yml build": "load:/tmp/x.yml",
        },
    )


# MSBuild switches `dotnet build|test|msbuild|...` hand on: a logger is an assembly loaded into the build
# (`-logger:[Class,]Assembly.dll[;params]`, `-distributedLogger:`), as is a property naming a targets file.
_MSBUILD_LOGGER = re.compile(r"^[-/](?:logger|l|distributedlogger|dl|fileloggerparameters\d?)[:=](.+)$", re.IGNORECASE)
_MSBUILD_TARGETS_PROPERTY = re.compile(
    r"^[-/](?:p|property|restoreproperty|rp)[:=].*(Targets|Props|Tasks?Assembly|ToolPath|ToolExe)\w*=", re.IGNORECASE
)


def _msbuild_switches(result: Walk, argv: list[str]) -> None:
    for word in argv[1:]:
        logger = _MSBUILD_LOGGER.match(word)
        if logger is not None:
            assembly = logger.group(1).split(";", 1)[0].split(",")[-1].strip()
            if assembly.lower().endswith(".dll") or "/" in assembly or "\\" in assembly:
                result.effects.append(Effect("load", assembly, "an MSBuild logger assembly"))
        elif _MSBUILD_TARGETS_PROPERTY.match(word):
            result.effects.append(Effect("unknown", "", f"MSBuild property {word[:60]!r} names code the build runs"))


_DOTNET_VALUED = frozenset(
    "-c --configuration -f --framework -r --runtime -v --verbosity --arch -a --os --version-suffix -o --output "
    "-p --property --filter --logger -l --settings -s --collect --launch-profile --project --source".split()
)


def _dotnet_project(result: Walk, argv: list[str]) -> None:
    """`dotnet build /tmp/x.csproj`: MSBuild evaluates the project (its targets run `Exec` tasks): a project,
    solution or directory outside the command's directory is a load; then the MSBuild switches are judged."""
    words = argv[2:]
    skip = False
    for index, word in enumerate(words):
        if skip:
            skip = False
        elif word == "--":
            break
        elif word.startswith("-") or re.match(r"^/[A-Za-z][\w-]*:", word):  # `/p:X=1`, `/logger:...`: switches
            skip = word in _DOTNET_VALUED
            if word == "--project" and index + 1 < len(words) and outside(result, words[index + 1]):
                result.effects.append(Effect("load", words[index + 1], "--project (its targets run)"))
        else:
            if outside(result, word):
                result.effects.append(Effect("load", word, "operand 1 (the project, whose targets run)"))
            break
    _msbuild_switches(result, argv)


def _dotnet() -> Spec:
    build = {
        **_H,
        "-c --configuration -f --framework -r --runtime -v --verbosity --arch -a --os --version-suffix": "val",
        "--no-restore --no-build --no-dependencies --nologo --force --sc --self-contained --no-self-contained": "flag",
        "--interactive --tl --no-incremental --ucr --use-current-runtime --no-launch-profile --blame": "flag",
        "-o --output": "val:tree-write",
        "-p --property --filter --logger -l --settings -s --collect --launch-profile --project": "val",
        "--source": "val:network",
    }
    sub = {"operands": "text*", "options": build}
    return Spec(
        "dotnet",
        version="dotnet 8.0.404",
        summary="`dotnet publish` builds a deployable folder, it uploads nothing; `dotnet nuget push` publishes",
        options={**_H, "--version --info --list-sdks --list-runtimes -d --diagnostics": "flag"},
        subcommands={
            "build test run restore clean pack publish format msbuild watch": Spec(
                "build",
                judge=_dotnet_project,
                **sub,  # type: ignore[arg-type]
            ),
            "new sln list add remove workload": Spec("new", operands="text*", options={**build, "-n --name": "val"}),
            "nuget": Spec(
                "nuget",
                subcommands={
                    "push delete": Spec(
                        "push",
                        operands="read?",
                        effects="publish",
                        options={"-s --source": "val", "-k --api-key": "val:secret", "--skip-duplicate": "flag"},
                    ),
                    "locals list add remove": Spec("locals", operands="text*", effects="config"),
                },
            ),
            "tool": Spec(
                "tool",
                subcommands={
                    "install update": Spec(
                        "install",
                        operands="text*",
                        effects="network",
                        options={"-g --global --local --prerelease": "flag", "--version --tool-path": "val"},
                    ),
                    "run": Spec("run", operands="argv"),
                    "list uninstall restore search": Spec("list", operands="text*", options={"-g --global": "flag"}),
                },
            ),
            "fsi": Spec("fsi", operands="script?", effects="unknown"),
        },
        long_prefix=False,
        examples={
            "dotnet build": "",
            "dotnet build -logger:/tmp/x.dll": "load:/tmp/x.dll",
            "dotnet msbuild /logger:Evil,/tmp/x.dll;verbose": "load:/tmp/x.dll",
            "dotnet build -p:Configuration=Release": "",
            "dotnet build /tmp/x.csproj": "load:/tmp/x.csproj",
            "dotnet test src/App.Tests": "",
            "dotnet run --project ../../tmp/x": "load:../../tmp/x",
            "dotnet test --no-build -c Release": "",
            "dotnet publish -c Release -o out": "tree-write:out",
            "dotnet nuget push x.nupkg": "publish read:x.nupkg",
            "dotnet tool install -g dotnet-ef": "network",
        },
    )


def _javac() -> Spec:
    return Spec(
        "javac",
        version="OpenJDK 17.0.13",
        options={
            "-help --help -version --version -g -nowarn -verbose -deprecation -Werror -parameters -Xlint": "flag",
            "-cp -classpath --class-path -sourcepath --source-path -source --source -target --target --release": "val",
            "-encoding -p --module-path --module -m -implicit -proc --add-modules -A": "val",
            "-d -s -h": "val:tree-write",
            "-processorpath --processor-path -processor --processor-module-path -Xplugin": "val:load",
        },
        operands="read*",
        single_dash=True,
        long_prefix=False,
        examples={"javac -d out Main.java": "tree-write:out read:Main.java"},
    )


def _java_jar(walk: Walk, argv: list[str]) -> None:
    """`java [options] -jar FILE ARGS...`: the words after FILE are the program's own arguments, not java's."""
    if not any(e.kind == "script" and e.origin == "-jar" for e in walk.effects):
        return
    from hookward.policy.spec import walk as walk_spec

    plain = _java(judged=False)
    for end in range(2, min(len(argv), 256) + 1):
        prefix = walk_spec(plain, argv[:end], walk.cwd)
        if any(e.kind == "script" and e.origin == "-jar" for e in prefix.effects):
            walk.effects, walk.unknown = prefix.effects, prefix.unknown
            return


def _java(judged: bool = True) -> Spec:
    spec = Spec(
        "java",
        version="OpenJDK 17.0.13",
        summary="a class name runs the project's classpath; -jar FILE and a source file run that file",
        options={
            "-version --version -showversion --show-version -help --help -h -? --help-extra -verbose": "flag",
            "-server -client -ea -enableassertions -da -disableassertions -esa -dsa --dry-run": "flag",
            "-cp -classpath --class-path -p --module-path --add-modules --add-opens --add-exports -splash": "val",
            "-D": "val",
            "-X": "opt",
            "-jar": "val:script",
            "-javaagent -agentlib -agentpath": "val:load",
            "--source": "val",
            "-m --module": "val",
        },
        operands="script text*",
        single_dash=True,
        long_prefix=False,
        posix=True,  # options end at the main class; after -jar FILE (the judge) too
        judge=_java_jar if judged else None,
        examples={
            "java -version": "",
            "java -jar tools/cli.jar -s http://ci.local/ list-jobs": "script:tools/cli.jar",
            "java -cp build Main -s x": "script:Main",
            "java -jar /tmp/x.jar": "script:/tmp/x.jar",
            "java -javaagent:/tmp/a.jar -cp build Main": "unknown script:Main",
            "java -Dfoo=bar -Xmx2g -cp out com.example.Main": "script:com.example.Main",
        },
    )
    return _attached(spec, "DX")


# --- linters, formatters, type checkers, test runners ----------------------------------------------


def _tsc_project(result: Walk, argv: list[str]) -> None:
    """`tsc -p DIR` compiles DIR/tsconfig.json (`tsc -p .`): the file that is loaded is judged."""
    for index, effect in enumerate(result.effects):
        if effect.kind == "load" and effect.origin in ("-p", "--project"):
            value = effect.value
            if (
                value in (".", "./")
                or value.endswith("/")
                or (result.cwd and os.path.isdir(os.path.join(result.cwd, os.path.expanduser(value))))
            ):
                result.effects[index] = Effect("load", os.path.join(value, "tsconfig.json"), effect.origin)


def _tsc() -> Spec:
    return Spec(
        "tsc",
        version="TypeScript 5.7",
        options={
            **_H,
            "-v --version --noEmit --strict --watch -w --pretty --listFiles --listEmittedFiles --all --init": "flag",
            "--build -b --clean --force --verbose --incremental --declaration -d --sourceMap --skipLibCheck": "flag",
            "--noEmitOnError --esModuleInterop --allowJs --checkJs --composite --showConfig --extendedDiagnostics": "flag",
            "-t --target -m --module --lib --jsx --moduleResolution --types --typeRoots --locale": "val",
            "-p --project": "val:load",  # a tsconfig decides what is compiled and where it is written (outDir)
            "--outDir --declarationDir --rootDir": "val:tree-write",
            "--outFile --tsBuildInfoFile --generateTrace": "val:write",
            "--plugins": "val:load",
        },
        operands="read*",
        long_prefix=False,
        judge=_tsc_project,
        examples={
            "tsc --noEmit": "",
            "tsc -p .": "load:./tsconfig.json",
            "tsc -p tsconfig.json": "load:tsconfig.json",
            "tsc -p /tmp/tsconfig.json": "load:/tmp/tsconfig.json",
            "tsc x.ts --outFile ~/.bashrc": "read:x.ts write:~/.bashrc",
        },
    )


def _eslint() -> Spec:
    return Spec(
        "eslint",
        version="ESLint 9.17",
        options={
            **_H,
            "-v --version --fix-dry-run --cache --quiet --no-eslintrc --no-config-lookup --debug --init": "flag",
            "--fix": "flag>read=edit",  # fixes the files it lints, in place
            "--no-ignore --no-inline-config --report-unused-disable-directives --color --no-color --stdin": "flag",
            "--no-warn-ignored --pass-on-no-patterns --no-error-on-unmatched-pattern --print-config": "flag",
            "--ext --max-warnings --fix-type --env --global --rule --ignore-pattern --parser-options": "val",
            "-f --format --parser --plugin": "val:text",  # a module: a file is a load (_loads.module_file)
            "--cache-location --stdin-filename --cache-strategy": "val",
            "-c --config --resolve-plugins-relative-to --rulesdir": "val:load",
            "--ignore-path": "val:read",
            "-o --output-file": "val:write",
        },
        operands="read*",
        long_prefix=False,
        judge=code_places(
            ("--rulesdir", "--resolve-plugins-relative-to"), modules=("-f", "--format", "--parser", "--plugin")
        ),
        examples={
            "eslint .": "read:.",
            "eslint --parser /tmp/p.js src": "load:/tmp/p.js read:src",
            "eslint -f ./formatter.js --plugin react --parser @typescript-eslint/parser src": "load:./formatter.js read:src",
            "eslint --rulesdir rules src": "read:src",
            "eslint --fix src": "edit:src",
            "eslint --fix ~": "edit:~",
            "eslint --fix-dry-run src": "read:src",
            "eslint --rulesdir /tmp/rules src": "load:/tmp/rules read:src",
            "eslint -c /tmp/eslint.config.js src": "load:/tmp/eslint.config.js read:src",
        },
    )


def _prettier() -> Spec:
    return Spec(
        "prettier",
        version="prettier 3.4",
        options={
            **_H,
            "-v --version -c --check -l --list-different -u --ignore-unknown --no-config --no-editorconfig": "flag",
            "--no-semi --single-quote --jsx-single-quote --no-bracket-spacing --cache --no-color --debug-check": "flag",
            "--use-tabs --bracket-same-line --single-attribute-per-line --no-error-on-unmatched-pattern": "flag",
            "--print-width --tab-width --trailing-comma --parser --end-of-line --arrow-parens": "val",
            "--prose-wrap --quote-props --log-level --stdin-filepath --cache-location --cache-strategy": "val",
            "--config": "val:load",
            "--plugin": "val:text",  # a module: a file is a load (_loads.module_file)
            "--ignore-path": "val:read",
            "-w --write": "flag>edit*",
        },
        operands="read*",
        long_prefix=False,
        judge=code_places(modules=("--plugin",)),
        examples={
            "prettier --use-tabs -w ~/.bashrc": "edit:~/.bashrc",
            "prettier --check .": "read:.",
            "prettier --write src": "edit:src",
            "prettier -w ~/.bashrc": "edit:~/.bashrc",
            "prettier --plugin=prettier-plugin-tailwindcss --check .": "read:.",
            "prettier --plugin /tmp/p.js --check .": "load:/tmp/p.js read:.",
        },
    )


def _python_tool(
    name: str, version: str, extra: dict[str, str], examples: dict[str, str], operands: str = "read*"
) -> Spec:
    return Spec(
        name,
        version=version,
        options={**_H, "--version -V -q --quiet -v --verbose": "flag", **extra},
        operands=operands,
        examples=examples,
    )


def _isort() -> Spec:
    return Spec(
        "isort",
        version="isort 5.6.4 (Debian bookworm)",
        summary="sorts the imports of its operands in place; --check-only/--diff/--stdout only report",
        options={
            **_H,
            "-V --version --vn --version-number -v --verbose -q --quiet --show-config --show-files": "flag",
            "-c --check-only --check --df --diff -d --stdout": "flag>edit=read",
            "--ws --ignore-whitespace --ac --atomic --interactive --filter-files --gitignore --skip-gitignore": "flag",
            "--dont-follow-links --allow-root --append --append-only --af --force-adds --float-to-top": "flag",
            "--dont-float-to-top --ca --combine-as --cs --combine-star -e --balanced --ff --from-first": "flag",
            "--fss --force-sort-within-sections --ls --length-sort --lss --length-sort-straight --ot": "flag",
            "--order-by-type --dt --dont-order-by-type --rr --reverse-relative --reverse-sort --sl": "flag",
            "--force-single-line-imports --tc --trailing-comma --up --use-parentheses --case-sensitive": "flag",
            "--remove-redundant-aliases --honor-noqa --treat-all-comment-as-code --star-first --fas": "flag",
            "--force-alphabetical-sort --fass --force-alphabetical-sort-within-sections --ds --no-sections": "flag",
            "-n --ensure-newline-before-comments --only-modified --dedup-headings --overwrite-in-place": "flag",
            "--resolve-all-configs --old-finders --profile -j --jobs -s --skip --extend-skip --sg": "val",
            "--skip-glob --extend-skip-glob --ext --extension --supported-extension --blocked-extension": "val",
            "--filename -a --add-import --rm --remove-import --fgw --force-grid-wrap -i --indent --lai": "val",
            "--lines-after-imports --lbt --lines-between-types --le --line-ending -m --multi-line": "val",
            "--sort-order --nsl --single-line-exclusions -l -w --line-length --line-width --wl --wrap-length": "val",
            "--treat-comment-as-code -f --future -o --thirdparty -p --project --known-local-folder --py": "val",
            "--python-version -b --builtin --extra-builtin --sd --section-default --only-sections -t --top": "val",
            "--color --format-error --format-success": "val",
            "--sp --settings-path --settings-file --settings --cr --config-root": "val:read",
            "--src --src-path --virtual-env --conda-env": "val:read",
            "--formatter": "val:load",  # a formatting plugin (an installed module's code)
        },
        operands="edit*",
        examples={
            "isort .": "edit:.",
            "isort ~": "edit:~",
            "isort --check-only --diff src": "read:src",
            "isort --profile black -l 100 src tests": "edit:src edit:tests",
        },
    )


def _ruff() -> Spec:
    common = {
        **_H,
        "--fix --no-fix --unsafe-fixes --show-fixes --diff --watch -w --exit-zero --exit-non-zero-on-fix": "flag",
        "--preview --no-preview --no-cache --quiet -q --verbose -v --silent -s --statistics --check": "flag",
        "--isolated --show-files --show-settings --force-exclude --no-force-exclude -e": "flag",
        "--select --ignore --extend-select --extend-ignore --per-file-ignores --exclude --extend-exclude": "val",
        "--line-length --target-version --output-format --fixable --unfixable --stdin-filename --cache-dir": "val",
        "--config": "val:load",
        "-o --output-file": "val:write",
    }
    check = _words(common, {"--fix": "flag>read=edit"})  # `--fix`: the files it checks are fixed in place
    fmt = _words(common, {"--check --diff": "flag>edit=read"})  # `--check`/`--diff`: nothing is written
    return Spec(
        "ruff",
        version="ruff 0.8.4",
        options={**_H, "-V --version": "flag"},
        subcommands={
            "check": Spec("check", operands="read*", options=check),
            "format": Spec("format", operands="edit*", options=fmt),
            "rule linter version clean config analyze server": Spec("rule", operands="text*", options=common),
        },
        examples={
            "ruff check .": "read:.",
            "ruff check --fix ~": "edit:~",
            "ruff check --fix --no-fix .": "edit:.",
            "ruff format src": "edit:src",
            "ruff format --check src": "read:src",
            "ruff check --config /tmp/r.toml .": "load:/tmp/r.toml read:.",
        },
    )


def _pytest(name: str) -> Spec:
    return Spec(
        name,
        version="pytest 7.2.1",
        summary="runs the project's tests; -c/--rootdir/--confcutdir outside the project are judged by the engine",
        options={
            **_H,
            "--version -V -q --quiet -v --verbose -x --exitfirst -s -l --showlocals --lf --last-failed --ff": "flag",
            "--failed-first --nf --new-first --sw --stepwise --sw-skip --co --collect-only --pdb --trace": "flag",
            "--strict-markers --strict-config --runxfail --cache-show --cache-clear --noconftest --full-trace": "flag",
            "--disable-warnings --disable-pytest-warnings --no-header --no-summary --setup-only --setup-show": "flag",
            "--setup-plan --markers --fixtures --funcargs --fixtures-per-test": "flag",
            "--import-mode --color --code-highlight": "val",
            "--doctest-modules --doctest-continue-on-collection-errors --keep-duplicates --debug": "flag",
            "-k -m --maxfail --tb -r --durations --durations-min --capture --deselect --ignore --ignore-glob": "val",
            "--log-level --log-cli-level --log-format -W --pythonwarnings": "val",
            "--basetemp": "val:tree-delete",  # "this directory is removed if it exists" (pytest --help)
            "-o --override-ini": "val:text",  # judged by _pytest_override
            "-n --numprocesses --dist --timeout --reruns --cov --cov-fail-under --junit-prefix": "val",
            "--cov-report": "val:text",  # TYPE:PATH writes the report there (_pytest_override)
            "-p": "val",
            "-c --config-file --confcutdir": "val:load",  # an ini's addopts may name any plugin; conftests above
            "--rootdir": "val:read",
            "--junitxml --junit-xml --resultlog --log-file --report-log": "val:write",
        },
        operands="read*",
        long_prefix=True,
        examples={
            "pytest -q": "",
            "pytest -q tests/test_x.py": "read:tests/test_x.py",
            "pytest -p no:cacheprovider -x": "",
            "pytest /tmp/test_x.py": "read:/tmp/test_x.py",
            "pytest --junitxml ~/.bashrc": "write:~/.bashrc",
            "pytest -o addopts=-p/tmp/x": "unknown",
            "pytest -o log_cli=true -q": "",
            "pytest -o log_file=~/.bashrc": "write:~/.bashrc",
            "pytest -o some_plugin_option=1": "unknown",
            "pytest --cov=src --cov-report=xml:~/.bashrc": "write:~/.bashrc",
            "pytest --cov=src --cov-report=term-missing:skip-covered --cov-report=html": "",
            "pytest --basetemp=~": "tree-delete:~",
            "pytest -c /tmp/pytest.ini": "load:/tmp/pytest.ini",
            "pytest --confcutdir=/ tests": "load:/ read:tests",
            "pytest --import-mode=importlib --color=yes": "",
        },
        judge=code_places(("--confcutdir",), then=_pytest_override),
    )


# ini options an override (`-o NAME=VALUE`) sets that load code: addopts carries `-p PLUGIN` and every
# other option, pythonpath puts a directory first on sys.path, required_plugins/plugins name plugins,
# testpaths collects (imports) tests from elsewhere.
_PYTEST_CODE_INI = frozenset({"addopts", "pythonpath", "required_plugins", "plugins", "testpaths"})
# ini options that name a file or directory pytest writes: log_file, and cache_dir (which --cache-clear empties).
_PYTEST_PATH_INI = {"log_file": "write", "cache_dir": "tree-write"}
# ini options that only select, name or format: patterns of test names, markers, warnings filters, log levels
# and formats, report names, time-outs. Any other (a plugin's, whose meaning pytest does not know) asks.
_PYTEST_PLAIN_INI = frozenset(
    "log_cli log_cli_level log_cli_format log_cli_date_format log_level log_format log_date_format log_file_level "
    "log_file_format log_file_date_format log_auto_indent python_files python_classes python_functions markers "
    "filterwarnings xfail_strict junit_family junit_suite_name junit_logging junit_log_passing_tests "
    "junit_duration_report console_output_style asyncio_mode asyncio_default_fixture_loop_scope timeout "
    "timeout_method empty_parameter_set_mark norecursedirs minversion doctest_optionflags doctest_encoding "
    "usefixtures faulthandler_timeout verbosity_assertions verbosity_test_cases tmp_path_retention_count "
    "tmp_path_retention_policy strict strict_markers enable_assertion_pass_hook truncation_limit_lines "
    "truncation_limit_chars consider_namespace_packages collect_imported_tests".split()
)
# pytest-cov's `--cov-report TYPE:PATH`: a directory for html and annotate, a file for the others.
_COV_REPORT_PATHS = {"html": "tree-write", "annotate": "tree-write", "xml": "write", "json": "write", "lcov": "write"}
_COV_REPORT_PATHS |= {"markdown": "write", "markdown-append": "write"}


def _pytest_override(result: Walk, argv: list[str]) -> None:
    for effect in list(result.effects):
        if effect.kind == "text" and effect.origin in ("-o", "--override-ini"):
            name, _, value = effect.value.partition("=")
            name = name.strip().lower()
            if name in _PYTEST_CODE_INI:
                result.effects.append(Effect("unknown", "", f"-o {name} loads code"))
            elif name in _PYTEST_PATH_INI:
                result.effects.append(Effect(_PYTEST_PATH_INI[name], value, f"-o {name}"))
            elif name not in _PYTEST_PLAIN_INI:
                result.effects.append(Effect("unknown", "", f"-o {name}, an ini option hookward does not know"))
        elif effect.kind == "text" and effect.origin == "--cov-report":
            kind, _, path = effect.value.partition(":")
            if path and kind in _COV_REPORT_PATHS:
                result.effects.append(Effect(_COV_REPORT_PATHS[kind], path, "--cov-report"))
    result.effects[:] = [e for e in result.effects if e.kind != "text"]


def _simple_runner(
    name: str, version: str, options: dict[str, str], examples: dict[str, str], operands: str = "text*"
) -> Spec:
    return Spec(
        name, version=version, options={**_H, **options}, operands=operands, long_prefix=False, examples=examples
    )


def _words(*tables: dict[str, str]) -> dict[str, str]:
    """Option tables merged spelling by spelling: a later table's meaning of `-u` replaces an earlier one's."""
    merged: dict[str, str] = {}
    for table in tables:
        for key, value in table.items():
            merged.update(dict.fromkeys(key.split(), value))
    return merged


# What jest, vitest and mocha share; each adds its own below. A JS module an option names (`val:text` listed in
# the runner's `modules`) is a load when it is a file, not when it is a package or built-in name (_loads); a
# directory or glob of tests (`--rootDir`, `--dir`, `--spec`) is the project's while it stays in the cwd.
_JS_TEST = {
    "-v --version --watch --watchAll --ci --coverage --runInBand -i --bail -b --silent --verbose -u": "flag",
    "--updateSnapshot --passWithNoTests --detectOpenHandles --forceExit --listTests --onlyChanged -o --run": "flag",
    "-t --testNamePattern --testPathPattern --maxWorkers -w --shard --project": "val",
    "--testTimeout --timeout --grep -g --exclude --mode": "val",
    "-c --config": "val:load",
    "--reporter --reporters --environment --pool --setupFiles --globalSetup --import --require": "val:text",
    "--dir --spec": "val:load",
    "--outputFile --json-output": "val:write",
}
_JS_MODULES = ("--reporter", "--reporters", "--environment", "--pool", "--setupFiles", "--globalSetup", "--import")
_JS_PLACES = ("--dir", "--spec")
_JEST = _words(
    _JS_TEST,
    {
        "--json --colors --noStackTrace --clearCache --showConfig --no-cache --cache --logHeapUsage --lastCommit": "flag",
        "--findRelatedTests --errorOnDeprecated --no-watchman --watchman --randomize --injectGlobals": "flag",
        "--changedSince --seed --selectProjects --testPathIgnorePatterns --collectCoverageFrom --testMatch": "val",
        "--testRegex --coverageReporters --coverageProvider": "val",
        "--env --testEnvironment --testRunner --runner --testSequencer --testResultsProcessor --resolver": "val:text",
        "--snapshotResolver --preset --filter --watchPlugins --setupFilesAfterEnv --globalTeardown": "val:text",
        "--rootDir --roots": "val:load",
        "--coverageDirectory": "val:tree-write",
        "--transform --moduleNameMapper --globals --haste --testEnvironmentOptions --moduleDirectories": "unknown",
        "--modulePaths --require --import --pool --reporter --environment --spec --dir": "unknown",
    },
)
_JEST_MODULES = (
    *_JS_MODULES,
    *"--env --testEnvironment --testRunner --runner --testSequencer --testResultsProcessor --resolver".split(),
    *"--snapshotResolver --preset --filter --watchPlugins --setupFilesAfterEnv --globalTeardown".split(),
)
_JEST_JUDGE = code_places(("--rootDir", "--roots", *_JS_PLACES), modules=_JEST_MODULES)
_VITEST = _words(
    _JS_TEST,
    {
        "-r --root --dir": "val:load",
        "--workspace": "val:load",
        "--changed --related --standalone --typecheck --no-isolate --isolate --sequence.shuffle --logHeapUsage": "flag",
        "--ui --api --open --browser --inspect --inspect-brk": "unknown",
        "--require": "unknown",
    },
)
_VITEST_JUDGE = code_places(("-r", "--root", *_JS_PLACES), modules=_JS_MODULES)
_MOCHA = _words(
    _JS_TEST,
    {
        "-w --watch -c --color --colors -C --no-color -p --parallel -R": "flag",
        "--recursive --sort --exit --no-exit --check-leaks --delay --forbid-only --forbid-pending --full-trace": "flag",
        "--inline-diffs --allow-uncaught -A --async-only --diff --no-diff --list-interfaces --list-reporters": "flag",
        "--dry-run --fail-zero --invert --no-config --no-package --no-opts": "flag",
        "-j --jobs --retries -s --slow -f --fgrep --extension --ignore --watch-files --watch-ignore": "val",
        "-O --reporter-option --reporter-options": "val",
        "-u --ui -R --reporter -r --require": "val:text",
        "--file --config --package": "val:load",
        "-n --node-option --loader --experimental-loader": "unknown",
    },
)
_MOCHA["-R"] = "val:text"
_MOCHA_JUDGE = code_places(_JS_PLACES, operands=True, modules=(*_JS_MODULES, "-u", "--ui", "-R", "-r", "--require"))


# `react-scripts test --watchAll=false`: jest's boolean options take an attached true/false.
_REACT_TEST = {**_H, **_JEST, "--watchAll": "opt", "--coverage": "opt", "--ci": "opt"}
_VITE = {
    "--open --force --strictPort --cors --clearScreen --debug -d --emptyOutDir --watch -w --minify --ssr": "flag",
    "--host --port --mode -m --base --logLevel -l --filter -f --sourcemap --target --assetsDir": "opt",
    "-c --config": "val:load",
    "--configLoader": "val",
    "--outDir": "val:tree-write",
}


SPECS = [
    _make("make"),
    _make("gmake"),
    _cmake(),
    _ninja(),
    _meson(),
    _maven("mvn"),
    _maven("mvnw"),
    _gradle("gradle"),
    _gradle("gradlew"),
    _rake(),
    _ant(),
    _bazel("bazel"),
    _bazel("bazelisk"),
    _cc("gcc", "gcc 12.2.0"),
    _cc("cc", "gcc 12.2.0"),
    _cc("g++", "gcc 12.2.0"),
    _cc("c++", "gcc 12.2.0"),
    _cc("clang", "clang 14.0.6"),
    _cc("clang++", "clang 14.0.6"),
    _ld(),
    _rustc(),
    _sbt(),
    _just(),
    _stack(),
    _pylint(),
    _actionlint(),
    _pre_commit(),
    _markdownlint(),
    _flake8(),
    _task(),
    _dotnet(),
    _javac(),
    _java(),
    _tsc(),
    _eslint(),
    _prettier(),
    _ruff(),
    _python_tool(
        "black",
        "black 23.1.0",
        {
            "--check --diff": "flag>edit=read",  # report only: nothing is written
            "--color --no-color --fast --safe --preview -S --skip-string-normalization": "flag",
            "-C --skip-magic-trailing-comma --ipynb --pyi": "flag",
            "-W --workers": "val",
            "-l --line-length -t --target-version --include --exclude --extend-exclude --force-exclude": "val",
            "--config": "val:load",
            "-c --code": "val",
        },
        {
            "black .": "edit:.",
            "black ~": "edit:~",
            "black --check src": "read:src",
            "black --diff -q x.py": "read:x.py",
        },
        operands="edit*",
    ),
    _isort(),
    _python_tool(
        "mypy",
        "mypy 1.0.1",
        {
            "--strict --ignore-missing-imports --no-incremental --show-error-codes --pretty --no-error-summary": "flag",
            "--check-untyped-defs --disallow-untyped-defs --warn-unused-ignores --install-types --non-interactive": "flag",
            "--python-version --follow-imports --exclude -m --module -p --package --cache-dir": "val",
            "--config-file": "val:load",
            "--junit-xml --html-report --txt-report --xml-report --linecount-report": "val:write",
        },
        {"mypy policy": "read:policy", "mypy x --junit-xml ~/.bashrc": "read:x write:~/.bashrc"},
    ),
    _pytest("pytest"),
    _pytest("py.test"),
    _simple_runner(
        "tox",
        "tox 4.11",
        {
            "--version -r --recreate -p --parallel -q -v --notest --skip-missing-interpreters": "flag",
            "-e -f": "val",
            "-x --override": "val:unknown",  # KEY=VALUE replaces any setting, `testenv.commands` among them
            "-c --conf": "val:load",
        },
        {"tox -e py311": "", "tox -c /tmp/tox.ini": "load:/tmp/tox.ini", "tox -x testenv.commands=id": "unknown"},
    ),
    _simple_runner(
        "nox",
        "nox 2023.4.22",
        {
            "--version -l --list -r --reuse-existing-virtualenvs -R --no-venv --no-install": "flag",
            "-s --session -k -t --tags -p --python": "val",
            "-f --noxfile": "val:load",
        },
        {"nox -s tests": "", "nox -f /tmp/noxfile.py": "load:/tmp/noxfile.py"},
    ),
    Spec(
        "jest",
        version="jest 29.7",
        summary="operands are regexes over test paths; options naming a module load it when it is a file",
        options={**_H, **_JEST},
        operands="text*",
        long_prefix=False,
        judge=_JEST_JUDGE,
        examples={
            "jest --ci": "",
            "jest --reporters=default --reporters=jest-junit": "",
            "jest --env=jsdom src/app": "",
            "jest --setupFiles /tmp/x.js": "load:/tmp/x.js",
            "jest --setupFilesAfterEnv ./jest.setup.js": "load:./jest.setup.js",
            "jest --testRunner=/tmp/runner.js": "load:/tmp/runner.js",
            "jest --reporters /tmp/r.js": "load:/tmp/r.js",
            "jest --testEnvironment ../../tmp/env": "load:../../tmp/env",
            "jest --config /tmp/jest.config.js": "load:/tmp/jest.config.js",
            "jest --rootDir /tmp/x": "load:/tmp/x",
            "jest --transform '{}'": "unknown",
        },
    ),
    Spec(
        "vitest",
        version="vitest 2.1",
        summary="operands are filters over test paths; options naming a module load it when it is a file",
        options={**_H, **_VITEST},
        operands="text*",
        long_prefix=False,
        judge=_VITEST_JUDGE,
        examples={
            "vitest run": "",
            "vitest run --reporter=verbose --environment jsdom": "",
            "vitest --config /tmp/v.ts": "load:/tmp/v.ts",
            "vitest --globalSetup /tmp/g.ts": "load:/tmp/g.ts",
            "vitest --setupFiles=./setup.ts": "load:./setup.ts",
            "vitest --pool ./pool.js": "load:./pool.js",
            "vitest -r /tmp/proj": "load:/tmp/proj",
            "vitest --root packages/web": "",
            "vitest --workspace /tmp/w.ts": "load:/tmp/w.ts",
        },
    ),
    Spec(
        "mocha",
        version="mocha 10.8",
        summary="operands are test files (outside the cwd: loads); --require, --ui, --reporter load a file they name",
        options={**_H, **_MOCHA},
        operands="read*",
        long_prefix=False,
        judge=_MOCHA_JUDGE,
        examples={
            "mocha test": "read:test",
            "mocha -r ts-node/register 'test/**/*.spec.ts'": "load:ts-node/register read:test/**/*.spec.ts",
            "mocha --require @babel/register -R dot test": "read:test",
            "mocha --require /tmp/x.js": "load:/tmp/x.js",
            "mocha -u /tmp/ui.js test": "load:/tmp/ui.js read:test",
            "mocha --ui tdd test": "read:test",
            "mocha --reporter ./r.js": "load:./r.js",
            "mocha --file /tmp/setup.js": "load:/tmp/setup.js",
            "mocha --config /tmp/.mocharc.js": "load:/tmp/.mocharc.js",
            "mocha --spec /tmp/evil.spec.js": "load:/tmp/evil.spec.js",
            "mocha /tmp/evil.spec.js": "read:/tmp/evil.spec.js load:/tmp/evil.spec.js",
            "mocha -w -c test": "read:test",
            "mocha --node-option require=/tmp/x.js": "unknown read:require=/tmp/x.js",
        },
    ),
    Spec(
        "vite",
        version="vite 6.0",
        summary="vite runs the project's dev server or build (its vite.config is project code, like jest's)",
        options={**_H, **_VITE},
        subcommands={w: Spec(w, options=_VITE, operands="tree-read?") for w in ("dev", "serve", "build", "preview")},
        operands="tree-read?",
        long_prefix=False,
        examples={
            "vite": "",
            "vite build": "",
            "vite build --outDir ~/.config/x": "tree-write:~/.config/x",
            "vite --config /tmp/v.js": "load:/tmp/v.js",
        },
    ),
    Spec(
        "react-scripts",
        version="react-scripts 5.0",
        summary="start, build and test run the project; eject rewrites it and is not modelled",
        subcommands={
            "start": Spec("start"),
            "build": Spec("build", options={"--stats --profile": "flag"}),
            "test": Spec("test", options=_REACT_TEST, operands="text*", long_prefix=False, judge=_JEST_JUDGE),
        },
        subcommand_required=True,
        examples={
            "react-scripts test --watchAll=false": "",
            "react-scripts build": "",
            "react-scripts eject": "unknown",
        },
    ),
    _simple_runner(
        "ctest",
        "ctest 3.25",
        {
            "--version -V --verbose -VV --extra-verbose --output-on-failure -N --show-only --rerun-failed": "flag",
            "--stop-on-failure --schedule-random --no-tests=error --no-tests=ignore -Q --quiet --progress": "flag",
            "-R --tests-regex -E --exclude-regex -L --label-regex -LE --label-exclude -j --parallel": "val",
            "-C --build-config --preset --timeout --repeat -I --tests-information --no-tests": "val",
            "--test-dir": "val:cd",
            "-O --output-log --output-junit": "val:write",
        },
        {"ctest --test-dir build --output-on-failure": "cd:build", "ctest -S /tmp/x.cmake": "unknown unknown"},
        operands="",
    ),
    _simple_runner(
        "turbo",
        "turbo 2.3",
        {
            "--version --parallel --continue --dry-run --force --no-cache --graph": "flag",
            "--filter -F --concurrency --output-logs --cache-dir": "val",
        },
        {"turbo run build": "", "turbo test --filter web": ""},
    ),
    _simple_runner(
        "nx",
        "nx 20.2",
        {
            "--version --parallel --skip-nx-cache --verbose --all --dry-run": "flag",
            "-p --projects -t --targets --base --head --configuration -c": "val",
        },
        {"nx build web": "", "nx run-many -t test": ""},
    ),
]


# php.ini settings a `-d KEY=VALUE` may change without loading code or lifting a restriction.
_PHP_INI_ROUTINE = frozenset(
    "memory_limit display_errors display_startup_errors error_reporting date.timezone max_execution_time "
    "xdebug.mode pcov.enabled pcov.directory zend.assertions assert.exception html_errors log_errors".split()
)


def _phpunit_ini(result: Walk, argv: list[str]) -> None:
    """`-d KEY=VALUE` sets a php.ini value: `auto_prepend_file=/tmp/x.php`, `extension=`, `include_path=` load
    code, `disable_functions=` lifts a restriction: only listed settings are routine."""
    for effect in result.effects:
        if effect.kind == "text" and effect.origin == "-d":
            key = effect.value.split("=", 1)[0].strip()
            if key not in _PHP_INI_ROUTINE:
                result.unknown.append(f"phpunit -d {key} (a php.ini setting) is not modelled")
    result.effects[:] = [e for e in result.effects if e.kind != "text"]


def _phpunit() -> Spec:
    return Spec(
        "phpunit",
        version="PHPUnit 9.6.7 (Debian bookworm)",
        summary=(
            "runs the project's tests; --bootstrap, --prepend, -c/--configuration, --include-path, --extensions "
            "and test files outside the directory it runs in load code from elsewhere; -d sets php.ini"
        ),
        options={
            **_H,
            "--version --atleast-version --check-version --list-suites --list-groups --list-tests": "flag",
            "--warm-coverage-cache --path-coverage --disable-coverage-ignore --no-coverage --reverse-list": "flag",
            "--dont-report-useless-tests --strict-coverage --strict-global-state --disallow-test-output": "flag",
            "--disallow-resource-usage --enforce-time-limit --disallow-todo-tests --process-isolation": "flag",
            "--globals-backup --static-backup --stderr --stop-on-defect --stop-on-error --stop-on-failure": "flag",
            "--stop-on-warning --stop-on-risky --stop-on-skipped --stop-on-incomplete --fail-on-incomplete": "flag",
            "--fail-on-risky --fail-on-skipped --fail-on-warning -v --verbose --debug --teamcity --testdox": "flag",
            "--no-interaction --cache-result --do-not-cache-result --no-configuration --no-extensions": "flag",
            "--no-logging --no-output --no-progress --no-results --display-deprecations --display-warnings": "flag",
            "--colors": "opt",
            "--filter --test-suffix --testsuite --group --exclude-group --covers --uses --default-time-limit": "val",
            "--columns --repeat --testdox-group --testdox-exclude-group --order-by --random-order-seed": "val",
            "--coverage-text": "opt:write",
            "--coverage-clover --coverage-cobertura --coverage-crap4j --coverage-php --log-junit": "val:write",
            "--log-teamcity --testdox-html --testdox-text --testdox-xml --list-tests-xml --cache-result-file": "val:write",
            "--coverage-html --coverage-xml --coverage-cache": "val:tree-write",
            "--coverage-filter": "val:read",
            "--bootstrap --prepend -c --configuration --include-path --extensions": "val:load",
            "--printer --loader": "val:unknown",  # a class from the include path or a file it requires
            "-d": "val:text",  # judged by _phpunit_ini
            "--generate-configuration --migrate-configuration": "unknown",
        },
        operands="read*",
        judge=code_places(("--include-path",), operands=True, then=_phpunit_ini),
        examples={
            "phpunit": "",
            "phpunit --filter UserTest --colors=auto": "",
            "phpunit --testsuite Unit tests/Unit": "read:tests/Unit",
            "phpunit -c phpunit.xml": "load:phpunit.xml",
            "phpunit --bootstrap /tmp/b.php": "load:/tmp/b.php",
            "phpunit --prepend=/tmp/p.php tests": "load:/tmp/p.php read:tests",
            "phpunit /tmp/EvilTest.php": "read:/tmp/EvilTest.php load:/tmp/EvilTest.php",
            "phpunit -d memory_limit=-1": "",
            "phpunit -d auto_prepend_file=/tmp/x.php": "unknown",
            "phpunit --log-junit ~/.bashrc": "write:~/.bashrc",
        },
    )


def _swift_root(walk: Walk, argv: list[str]) -> None:
    """`swift` with no subcommand is the REPL (or `swift -` a script from stdin); only its version or help pass."""
    if argv[1:] not in (["--version"], ["-version"], ["--help"], ["-h"]):
        walk.unknown.append("swift without a subcommand (the REPL, or a script) is not modelled")


_PACKAGE_PATH = manifests({"--package-path": "Package.swift"})


def _swift() -> Spec:
    """SwiftPM through the `swift` driver: the package's manifest (Package.swift) is Swift code the build runs,
    judged as a runner definition (engine RUNNER_DEFINITIONS); `swift run` runs the package's own product."""
    build = {
        **_H,
        "-v --verbose --very-verbose --vv -q --quiet --show-bin-path --build-tests --static-swift-stdlib": "flag",
        "--skip-update --disable-automatic-resolution --only-use-versions-from-resolved-file": "flag",
        "--force-resolved-versions --enable-code-coverage --disable-index-store --enable-index-store": "flag",
        "-c --configuration --product --target -j --jobs --arch --triple --sdk --toolchain --swift-sdk": "val",
        "--sanitize": "val",
        "--build-path --scratch-path --cache-path": "val:tree-write",
        "--package-path": "val:cd",
        # Flags passed to the compilers and linker may load plugins; the plugin sandbox keeps build plugins in.
        "-Xswiftc -Xcc -Xcxx -Xlinker -Xbuild-tools-swiftc --disable-sandbox": "unknown",
    }
    test = {
        **build,
        "--filter --skip --num-workers --xunit-output": "val",
        "--parallel -l --list-tests --enable-swift-testing --disable-swift-testing --enable-xctest": "flag",
        "--disable-xctest": "flag",
    }
    return Spec(
        "swift",
        version="Swift 5.10 (swift build --help, swift test --help)",
        summary="swift build/test/run are SwiftPM; a script file or the REPL is not modelled (asks)",
        options={**_H, "--version -version": "flag"},
        subcommands={
            "build": Spec("build", options=build, long_prefix=False, single_dash=False, judge=_PACKAGE_PATH),
            "test": Spec("test", options=test, operands="text*", long_prefix=False, judge=_PACKAGE_PATH),
            "run": Spec("run", options=build, operands="text*", posix=True, long_prefix=False, judge=_PACKAGE_PATH),
            "package": Spec(
                "package",
                options=build,
                long_prefix=False,
                subcommands={
                    "describe dump-package show-dependencies compute-checksum": Spec("describe", operands="text*"),
                    "clean reset purge-cache": Spec("clean", operands="text*"),
                    "resolve update": Spec("resolve", operands="text*", effects="network"),
                    "init": Spec("init", operands="text*", options={"--type --name": "val"}),
                },
            ),
        },
        judge=_swift_root,
        long_prefix=False,
        examples={
            "swift build": "",
            "swift": "unknown",
            "swift test --filter MyTests": "",
            "swift build -c release --build-path ~/.local/bin": "tree-write:~/.local/bin",
            "swift build --disable-sandbox": "unknown",
            "swift x.swift": "unknown",
            "swift --version": "",
            "swift build --package-path /tmp/p": "cd:/tmp/p load:/tmp/p/Package.swift",
        },
    )


SPECS += [_swift(), _phpunit()]


# --- formatters agents run on the files they touch (session 6) ---------------------------------------------------
# A formatter that rewrites its operands makes them `edit` paths, judged by the path rules: `clang-format -i
# ~/.bashrc` or `shfmt -w ~/.profile` changes a startup file, inside the project it is routine.


def _clang_format_judge(walked: Walk, argv: list[str]) -> None:
    """`-style=file:PATH` reads PATH as YAML, whose parse errors quote its lines; `@FILE` is a response file of
    more options and files (LLVM's command-line library reads it), which hookward does not see."""
    kept = []
    for effect in walked.effects:
        if effect.kind == "text" and effect.origin in ("-style", "--style") and effect.value.startswith("file:"):
            kept.append(Effect("read", effect.value[5:], effect.origin))
            continue
        if effect.kind == "text" and effect.origin in ("-style", "--style"):
            continue
        if effect.kind in ("read", "edit") and effect.origin.startswith("operand") and effect.value.startswith("@"):
            walked.unknown.append(f"{effect.value}: a response file of options and files hookward does not read")
            continue
        kept.append(effect)
    walked.effects[:] = kept


def _clang_format() -> Spec:
    return Spec(
        "clang-format",
        aliases=tuple(f"clang-format-{n}" for n in range(11, 20)),
        version="clang-format 14.0.6 (Debian bookworm clang-format-14)",
        summary="formats C, C++, Java, JavaScript, JSON, Objective-C, protobuf and C# files; -i rewrites them",
        # LLVM's option parser: one or two dashes, `-opt=value` or `-opt value`, no bundling, no abbreviations.
        single_dash=True,
        bundling=False,
        long_prefix=False,
        options={
            "-help --help -help-list --help-list -help-hidden --help-hidden": "flag",
            "-help-list-hidden --help-list-hidden -version --version": "flag",
            "-Werror --Werror -dry-run --dry-run -n -dump-config --dump-config -verbose --verbose": "flag",
            "-output-replacements-xml --output-replacements-xml": "flag",
            "-sort-includes --sort-includes -Wno-error --Wno-error": "opt",
            "-assume-filename --assume-filename -cursor --cursor -fallback-style --fallback-style": "val",
            "-ferror-limit --ferror-limit -length --length -lines --lines -offset --offset": "val",
            "-qualifier-alignment --qualifier-alignment": "val",
            "-style --style": "val:text",  # judged by _clang_format_judge (file:PATH reads PATH)
            "-i": "flag>read=edit",  # the files are rewritten in place
            # A file that lists the files to format (or rewrite, with -i): names hookward cannot see.
            "-files --files": "unknown",
        },
        operands="read*",
        judge=_clang_format_judge,
        examples={
            "clang-format -i src/main.cpp": "edit:src/main.cpp",
            "clang-format src/a.c src/b.h": "read:src/a.c read:src/b.h",
            "clang-format -i ~/.bashrc": "edit:~/.bashrc",
            "clang-format ~/.bashrc -i": "edit:~/.bashrc",
            "clang-format --dry-run --Werror -style=file src/x.cc": "read:src/x.cc",
            "clang-format -style=file:/home/u/.ssh/id_rsa x.c": "read:/home/u/.ssh/id_rsa read:x.c",
            "clang-format -i @/tmp/list": "unknown",
            "clang-format --files=/tmp/list -i": "unknown",
            "clang-format --dump-config": "",
            "clang-format --version": "",
        },
    )


def _biome_judge(walked: Walk, argv: list[str]) -> None:
    """`biome init` writes biome.json(c) in the directory it runs in, `biome migrate --write` rewrites the
    configuration; `format/check/lint --write` with no paths rewrites what the configuration includes (the
    project's files)."""
    sub = walked.spec.name
    seen = set(walked.seen)
    writes = bool(seen & {"--write", "--fix", "--apply", "--apply-unsafe"})
    if sub == "init":
        walked.effects.append(Effect("write", "biome.jsonc" if "--jsonc" in seen else "biome.json", "biome init"))
    elif sub == "migrate" and writes:
        walked.effects.append(Effect("edit", "biome.json", "biome migrate --write"))
    elif sub in ("format", "check", "lint") and writes and not any(e.kind == "edit" for e in walked.effects):
        if not seen & {"--stdin-file-path"}:
            walked.effects.append(Effect("edit", ".", f"biome {sub} --write with no paths: the project's files"))


# Options of biome 1.9.4 (`biome COMMAND --help`): formatter, linter and file-selection settings take a value
# that is a setting, not a path.
_BIOME_COMMON = {
    "-h --help": "flag",
    "--use-server --verbose --skip-errors --no-errors-on-unmatched --error-on-warnings": "flag",
    "--colors --max-diagnostics --reporter --log-level --log-kind --diagnostic-level": "val",
    "--config-path": "val:read",  # biome.json(c), or the directory holding it
}
_BIOME_FILES = {
    "--vcs-enabled --vcs-client-kind --vcs-use-ignore-file --vcs-default-branch": "val",
    "--files-max-size --files-ignore-unknown": "val",
    "--vcs-root": "val:read",  # where the VCS ignore files are read
    "--stdin-file-path": "val:text",  # the name code on stdin is formatted as
    "--staged --changed": "flag",
    "--since": "val",
}
_BIOME_FORMAT = {
    "--use-editorconfig --indent-style --indent-size --indent-width --line-ending --line-width": "val",
    "--attribute-position --bracket-spacing --jsx-quote-style --quote-properties --trailing-comma": "val",
    "--trailing-commas --semicolons --arrow-parentheses --bracket-same-line --quote-style": "val",
    "--javascript-formatter-enabled --javascript-formatter-indent-style --javascript-formatter-indent-size": "val",
    "--javascript-formatter-indent-width --javascript-formatter-line-ending --javascript-formatter-line-width": "val",
    "--javascript-attribute-position --json-formatter-enabled --json-formatter-indent-style": "val",
    "--json-formatter-indent-width --json-formatter-indent-size --json-formatter-line-ending": "val",
    "--json-formatter-line-width --json-formatter-trailing-commas --css-formatter-enabled": "val",
    "--css-formatter-indent-style --css-formatter-indent-width --css-formatter-line-ending": "val",
    "--css-formatter-line-width --css-formatter-quote-style --graphql-formatter-enabled": "val",
    "--graphql-formatter-indent-style --graphql-formatter-indent-width --graphql-formatter-line-ending": "val",
    "--graphql-formatter-line-width --graphql-formatter-quote-style": "val",
}
_BIOME_LINT = {
    "--javascript-linter-enabled --javascript-assists-enabled --json-linter-enabled --json-assists-enabled": "val",
    "--css-linter-enabled --css-assists-enabled --graphql-linter-enabled --assists-enabled": "val",
    "--formatter-enabled --linter-enabled --organize-imports-enabled": "val",
}
_BIOME_WRITE = {"--write --fix --apply --apply-unsafe": "flag>read=edit", "--unsafe": "flag"}


def _biome() -> Spec:
    files = {**_BIOME_COMMON, **_BIOME_FILES}
    return Spec(
        "biome",
        version="biome 1.9.4 (biome COMMAND --help)",
        summary="formats and lints JS/TS/JSON/CSS; --write (--fix, --apply, --apply-unsafe) rewrites the files",
        long_prefix=False,
        options={"-h --help -V --version": "flag"},
        subcommands={
            "format": Spec(
                "format",
                options={**files, **_BIOME_FORMAT, "--write --fix": "flag>read=edit"},
                operands="read*",
                long_prefix=False,
                judge=_biome_judge,
            ),
            "check": Spec(
                "check",
                options={**files, **_BIOME_FORMAT, **_BIOME_LINT, **_BIOME_WRITE},
                operands="read*",
                long_prefix=False,
                judge=_biome_judge,
            ),
            "lint": Spec(
                "lint",
                options={
                    **files,
                    **_BIOME_WRITE,
                    "--javascript-linter-enabled --json-linter-enabled --css-linter-enabled": "val",
                    "--graphql-linter-enabled --only --skip": "val",
                },
                operands="read*",
                long_prefix=False,
                judge=_biome_judge,
            ),
            "ci": Spec(
                "ci",
                options={**files, **_BIOME_FORMAT, **_BIOME_LINT},
                operands="read*",
                long_prefix=False,
            ),
            "search": Spec("search", options=files, operands="text read*", long_prefix=False),
            "init": Spec("init", options={"-h --help --jsonc": "flag"}, judge=_biome_judge),
            "migrate": Spec(
                "migrate",
                options={**_BIOME_COMMON, "--write --fix": "flag"},
                operands="text?",  # `migrate prettier` / `migrate eslint`: the tool whose settings are read
                long_prefix=False,
                judge=_biome_judge,
            ),
            "rage": Spec("rage", options={**_BIOME_COMMON, "--daemon-logs --formatter --linter": "flag"}),
            "start lsp-proxy": Spec(
                "start",
                options={"-h --help": "flag", "--log-prefix-name": "val", "--log-path": "val:tree-write"},
                long_prefix=False,
            ),
            "stop clean version": Spec("stop", options={"-h --help": "flag"}),
            "explain": Spec("explain", options={"-h --help": "flag"}, operands="text"),
        },
        examples={
            "biome format src": "read:src",
            "biome format --write src": "edit:src",
            "biome format --write ~/.config/app.json": "edit:~/.config/app.json",
            "biome check --write .": "edit:.",
            "biome check --apply src/a.ts": "edit:src/a.ts",
            "biome check --apply-unsafe src": "edit:src",
            "biome check src": "read:src",
            "biome lint src": "read:src",
            "biome lint --write": "edit:.",
            "biome ci .": "read:.",
            "biome init": "write:biome.json",
            "biome migrate --write": "edit:biome.json",
            "biome check --config-path ~/.ssh/id_rsa src": "read:~/.ssh/id_rsa read:src",
            "biome --version": "",
            "biome format --indent-style=space --line-width 100 src": "read:src",
        },
    )


def _rustfmt() -> Spec:
    return Spec(
        "rustfmt",
        version="rustfmt 1.9.0-stable (rustfmt --help)",
        summary="formats Rust files in place (and the modules they declare); --check only reports",
        long_prefix=False,
        options={
            "-h --help": "opt",  # `--help=config`
            "-V --version -v --verbose -q --quiet -l --files-with-diff --backup": "flag",
            "--check": "flag>edit=read",  # prints a diff, writes nothing
            # `--emit stdout` prints instead of writing; the strictest reading keeps the operands edited.
            "--emit --edition --style-edition --color --config": "val",
            "--config-path": "val:read",  # rustfmt.toml, whose parse errors quote it
            "--print-config": "val2:write",  # `default|minimal PATH`: the config is written to PATH
        },
        operands="edit*",
        examples={
            "rustfmt src/main.rs": "edit:src/main.rs",
            "rustfmt --check src/lib.rs": "read:src/lib.rs",
            "rustfmt --edition 2021 ~/.bashrc": "edit:~/.bashrc",
            "rustfmt --config-path /home/u/.netrc x.rs": "read:/home/u/.netrc edit:x.rs",
            "rustfmt --print-config default ~/.profile": "write:~/.profile",
            "rustfmt --version": "",
        },
    )


def _shfmt() -> Spec:
    return Spec(
        "shfmt",
        version="shfmt 3.6.0 (Debian bookworm)",
        summary="formats shell scripts (a directory: every shell script under it); -w rewrites them",
        # Go's flag package: one or two dashes, no bundling, no abbreviations, options end at the first operand.
        single_dash=True,
        bundling=False,
        long_prefix=False,
        posix=True,
        options={
            "-h -help --help -version --version": "flag",
            "-l --list -d --diff -s --simplify -mn --minify -p --posix -bn --binary-next-line": "flag",
            "-ci --case-indent -sr --space-redirects -kp --keep-padding -fn --func-next-line": "flag",
            "--to-json --from-json -f --find": "flag",
            "-ln --language-dialect -i --indent --filename": "val",
            "-w --write": "flag>edit*",
        },
        operands="tree-read*",
        examples={
            "shfmt -d scripts": "tree-read:scripts",
            "shfmt -l -w .": "edit:.",
            "shfmt -w ~/.profile": "edit:~/.profile",
            "shfmt -i 2 -ci -w deploy.sh": "edit:deploy.sh",
            "shfmt --diff x.sh": "tree-read:x.sh",
            "shfmt -f .": "tree-read:.",
        },
    )


SPECS += [_clang_format(), _biome(), _rustfmt(), _shfmt()]


# pyright runs the interpreter it is given (--pythonpath, or the one in --venvpath's environment) to learn its
# search paths: an interpreter outside the project is a program that runs. Operands are files it reads.
def _pyright() -> Spec:
    return Spec(
        "pyright",
        version="pyright 1.1.380 (pyright --help)",
        options={
            **_H,
            "--version --outputjson --dependencies --ignoreexternal --skipunannotated --stats --verbose": "flag",
            "-w --watch --warnings --writebaseline": "flag",
            "--level --pythonplatform --pythonversion --threads --verifytypes": "val",
            "--createstub": "val",  # writes typings/<module> stubs in the project
            "-p --project": "val:read",
            "-t --typeshedpath": "val:read",
            "--baselinefile": "val:read",
            "--pythonpath": "val:load",
            "--venvpath": "val:load",
        },
        operands="read*",
        long_prefix=False,
        examples={
            "pyright": "",
            "pyright --outputjson src": "read:src",
            "pyright --pythonpath /tmp/python": "load:/tmp/python",
            "pyright --venvpath /tmp/v": "load:/tmp/v",
        },
    )


SPECS += [_pyright()]
