"""Data, speech, image and language CLIs: jc, Miller, espeak-ng, ImageMagick identify, Kotlin
linters, hexo render, and the help/version shapes of zig, mix, xsv and qsv.

Reference versions: jc 1.22.5 and Miller 6.6.0 and espeak-ng 1.51 (Debian bookworm `--help`),
ImageMagick 6.9.11 identify (man page), ktlint 1.0, detekt 1.23, hexo 7 (`hexo help render`),
zig 0.11, Elixir mix 1.15, xsv 0.13, qsv 0.118.

jc's "magic syntax" (`jc dig example.com`) runs the command it names (argv); `-B`/`-Z` only
print completions. Miller is modelled for one read-only verb at a time: `put`/`filter` (a DSL that
can run commands and write files), `tee`, `split`, `-I` (in place) and `then` chains are not
modelled. espeak-ng `-w`/`--phonout` write files and `--compile*` rewrite its voice data (config).
identify reads its operands; ImageMagick file names that start with `|` run a command and
`coder:` prefixes (msl:, text:@file, url:) reach other files or the network, so they are not
modelled. ktlint `-F` and detekt `--auto-correct` edit sources; detekt `--plugins` loads jars.
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import outside

# jc 1.22.5 parsers (`jc -a`): each selects how stdin is parsed.
_JC_PARSERS = (
    "--acpi --airport --airport-s --arp --asciitable --asciitable-m --blkid --cbt --cef --cef-s --chage "
    "--cksum --clf --clf-s --crontab --crontab-u --csv --csv-s --date --datetime-iso --df --dig --dir "
    "--dmidecode --dpkg-l --du --email-address --env --file --findmnt --finger --free --fstab --git-log "
    "--git-log-s --git-ls-remote --gpg --group --gshadow --hash --hashsum --hciconfig --history --hosts "
    "--id --ifconfig --ini --ini-dup --iostat --iostat-s --ip-address --iptables --iso-datetime "
    "--iw-scan --iwconfig --jar-manifest --jobs --jwt --kv --last --ls --ls-s --lsblk --lsmod --lsof "
    "--lspci --lsusb --m3u --mdadm --mount --mpstat --mpstat-s --netstat --nmcli --ntpq --openvpn "
    "--os-prober --passwd --pci-ids --pgpass --pidstat --pidstat-s --ping --ping-s --pip-list --pip-show "
    "--plist --postconf --proc --proc-buddyinfo --proc-consoles --proc-cpuinfo --proc-crypto "
    "--proc-devices --proc-diskstats --proc-driver-rtc --proc-filesystems --proc-interrupts --proc-iomem "
    "--proc-ioports --proc-loadavg --proc-locks --proc-meminfo --proc-modules --proc-mtrr --proc-net-arp "
    "--proc-net-dev --proc-net-dev-mcast --proc-net-if-inet6 --proc-net-igmp --proc-net-igmp6 "
    "--proc-net-ipv6-route --proc-net-netlink --proc-net-netstat --proc-net-packet --proc-net-protocols "
    "--proc-net-route --proc-net-unix --proc-pagetypeinfo --proc-partitions --proc-pid-fdinfo "
    "--proc-pid-io --proc-pid-maps --proc-pid-mountinfo --proc-pid-numa-maps --proc-pid-smaps "
    "--proc-pid-stat --proc-pid-statm --proc-pid-status --proc-slabinfo --proc-softirqs --proc-stat "
    "--proc-swaps --proc-uptime --proc-version --proc-vmallocinfo --proc-vmstat --proc-zoneinfo --ps "
    "--route --rpm-qi --rsync --rsync-s --semver --sfdisk --shadow --ss --sshd-conf --stat --stat-s "
    "--sysctl --syslog --syslog-bsd --syslog-bsd-s --syslog-s --systemctl --systemctl-lj --systemctl-ls "
    "--systemctl-luf --systeminfo --time --timedatectl --timestamp --toml --top --top-s --tracepath "
    "--traceroute --udevadm --ufw --ufw-appinfo --uname --update-alt-gs --update-alt-q --upower --uptime "
    "--url --vmstat --vmstat-s --w --wc --who --x509-cert --xml --xrandr --yaml --zipinfo"
)


def _identify_judge(result: Walk, argv: list[str]) -> None:
    for effect in result.effects:
        if effect.origin.startswith("operand") and (
            effect.value.startswith("|") or re.match(r"[A-Za-z0-9-]{2,}:", effect.value)
        ):
            result.unknown.append(
                f"identify file name {effect.value!r} (a command or an ImageMagick coder) is not modelled"
            )


def _detekt_judge(result: Walk, argv: list[str]) -> None:
    """--auto-correct rewrites the sources it analyses: the -i inputs, else the working directory."""
    if not any(e.origin in ("-ac", "--auto-correct") for e in result.effects):
        return
    inputs = [e.value for e in result.effects if e.origin in ("-i", "--input")]
    result.effects[:] = [e for e in result.effects if e.origin not in ("-ac", "--auto-correct")]
    result.effects.extend(Effect("tree-write", value, "--auto-correct") for value in inputs or ["."])


def _info(name: str, version: str) -> Spec:
    return Spec(
        name,
        version=version,
        summary="only --help and --version are modelled",
        options={"-h --help -V --version": "flag"},
        examples={f"{name} --version": "", f"{name} build": "unknown"},
        operands="unknown*",
    )


_MLR_FLAGS = (
    "--csv --tsv --json --jsonl --nidx --xtab --pprint --markdown --dkvp --icsv --ocsv --itsv --otsv --ijson --ojson"
    " --ijsonl --ojsonl --inidx --onidx --ixtab --oxtab --ipprint --opprint --omd --c2j --c2t --c2p --c2m --c2n --c2d"
    " --t2c --t2j --t2p --t2m --j2c --j2t --j2p --implicit-csv-header --headerless-csv-output --allow-ragged-csv-input"
    " --csvlite --tsvlite -n --barred --right --no-color -M -C --no-auto-flatten"
    " --no-auto-unflatten --ho --hi -S -A --version --help -h"
)
_MLR_VERB_VALUES = "-g -f -nf -nr -tf -tr -e -j -b -d -t --values --fill-with --lo --hi --nbins"
_MLR_VERB_FLAGS = "-h --help -N -a -c -i -u -r -x -o -v -p --only-if-blank -k -S -F"


# Miller DSL that runs a command (system, exec), sends output to a file or a pipe (tee/emit/print/dump with
# > >> |), or reads the environment (ENV): not modelled. Any other put/filter expression only computes fields.
_MLR_DSL_EFFECTS = re.compile(
    r"\b(system|exec|os_type|hostname)\s*\(|\bENV\b"
    r"|\b(tee|emit1|emitp|emitf|emit|print|printn|eprint|eprintn|dump|edump)\s*(>|\|)"
)


def _mlr_dsl(walked: Walk, argv: list[str]) -> None:
    """put / filter: the expression (the first operand, unless -f or -e gives it) is judged; the rest are read."""
    given = [e for e in walked.effects if e.origin == "-e"]
    operands = [e for e in walked.effects if e.origin.startswith("operand")]
    walked.effects[:] = [e for e in walked.effects if e not in given]
    expressions = [e.value for e in given]
    if not any(seen in ("-f", "-e") for seen in walked.seen) and operands:
        expressions.append(operands[0].value)
        walked.effects.remove(operands[0])
    if any(_MLR_DSL_EFFECTS.search(expression) for expression in expressions):
        walked.unknown.append(
            "Miller DSL that runs commands, redirects output or reads the environment is not modelled"
        )


_MLR = Spec(
    "mlr",
    version="Miller 6.6.0",
    summary="one verb per call; put/filter are judged by their DSL (system, exec, ENV and redirects ask); -I edits "
    "the files in place; tee/split and then-chains are not modelled",
    chain="then",
    options={
        _MLR_FLAGS: "flag",
        "--ifs --ofs --fs --ips --ops --ps --irs --ors --rs --ofmt --fflatsep --tz --nr-progress-mod --records-per-batch": "val",
        "--from": "val:read",
        "--load --mload": "val:load",  # DSL files run before the main expression: system(), exec(), tee > ...
        "-I": "flag>read=edit",
    },
    subcommands={
        " ".join(
            "cat cut sort uniq count count-distinct count-similar label rename reorder regularize"
            " sort-within-records stats1 summary group-by group-like decimate fill-down fill-empty json-parse"
            " json-stringify flatten unflatten nest sec2gmt sec2gmtdate top histogram fraction step merge-fields"
            " having-fields template unsparsify grep sparsify utf8-to-latin1 latin1-to-utf8 gap altkv bar"
            " shuffle".split()
        ): Spec("verb", options={_MLR_VERB_FLAGS + " -n": "flag", _MLR_VERB_VALUES: "val"}, operands="read*"),
        "head tail top decimate sample bootstrap": Spec(
            "verb", options={_MLR_VERB_FLAGS: "flag", _MLR_VERB_VALUES + " -n": "val"}, operands="read*"
        ),
        "put filter": Spec(
            "put",
            options={"-h --help -q -S -F -x": "flag", "-s": "val", "-f": "val>read*:load", "-e": "val>read*:text"},
            operands="read+",
            judge=_mlr_dsl,
        ),
    },
    subcommand_required=True,
    examples={
        "mlr --csv head -n 10 data.csv": "read:data.csv",
        "mlr --tsv cut -f name,age data.tsv": "read:data.tsv",
        "mlr": "unknown",
        "mlr --csv put '$x = system(\"id\")' a.csv": "read:a.csv unknown",
        "mlr --load /tmp/lib.mlr --csv cat a.csv": "load:/tmp/lib.mlr read:a.csv",
        "mlr --icsv --ojson put '$z = $x . $y' a.csv": "read:a.csv",
        "mlr --icsv filter '$x > 5' a.csv": "read:a.csv",
        "mlr -n put 'end { tee > \"/tmp/x\", $* }'": "unknown",
        "mlr --csv put -q 'print | \"sh\", $cmd' a.csv": "read:a.csv unknown",
        "mlr --csv put '$k = ENV[\"AWS_SECRET_ACCESS_KEY\"]' a.csv": "read:a.csv unknown",
        "mlr --csv put -f /tmp/x.mlr a.csv": "load:/tmp/x.mlr read:a.csv",
        "mlr -I --csv sort -f name data.csv": "edit:data.csv",
    },
)


# --- Elixir's mix (session 7) ----------------------------------------------------------------------------------
# Every mix task runs the project's mix.exs (Elixir code, also its `aliases`, which can redefine any task) and its
# config/*.exs: a project runner whose definitions are judged by provenance (engine RUNNER_DEFINITIONS "mix").
# Tasks a dependency brings (phx.*, ecto.*, credo, dialyzer, docs) run the project's code too. Reference: Elixir
# 1.15 `mix help TASK`, Phoenix 1.7, Ecto SQL 3.10, Credo 1.7, Dialyxir 1.4, ExDoc 0.30, Hex 2.0.


def _mix_test_files(walked: Walk, argv: list[str]) -> None:
    """`mix test test/x_test.exs:12`: a test file is code the runner runs; one outside the project is a load."""
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand"):
            path = re.sub(r"(:\d+)+$", "", effect.value)
            effect.value = path
            if outside(walked, path):
                walked.effects.append(Effect("load", path, f"{effect.origin} (a test file it runs)"))


_MIX_COMMON = {
    "-h --help": "flag",
    "--no-archives-check --no-deps-check --no-elixir-version-check --no-compile --no-optional-deps": "flag",
    "--force --all-warnings --warnings-as-errors --verbose": "flag",
}
_MIX_REPO = {
    **_MIX_COMMON,
    "-r --repo --prefix --pool-size --log-level": "val",
    "--quiet --log-migrations-sql --log-migrator-sql --strict-version-order --all": "flag",
    "-n --step --to --to-exclusive": "val",
    # Migrations in another directory are code the task runs.
    "--migrations-path": "val:load",
}


def _mix_task(name: str, options: dict[str, str] | None = None, operands: str = "text*", **kw: object) -> Spec:
    return Spec(name, options={**_MIX_COMMON, **(options or {})}, operands=operands, long_prefix=False, **kw)  # type: ignore[arg-type]


def _mix() -> Spec:
    return Spec(
        "mix",
        version="Elixir mix 1.15 (mix help TASK)",
        summary=(
            "mix runs the project's mix.exs and config (judged as runner definitions); fetching dependencies is "
            "routine, dropping or rolling back a database force-asks, publishing to Hex is publish; a task the "
            "spec does not list (the project's own, a dependency's) asks"
        ),
        options={"-h --help -v --version": "flag"},
        long_prefix=False,
        subcommands={
            "test": _mix_task(
                "test",
                {
                    "--breakpoints --color --no-color --cover --failed --listen-on-stdin --preload-modules": "flag",
                    "--raise --stale --trace --dry-run --no-start": "flag",
                    "--exclude --include --only --formatter --max-cases --max-failures --max-requires --seed": "val",
                    "--partitions --profile-require --repeat-until-failure --slowest --slowest-modules --timeout": "val",
                    "--exit-status": "val",
                    "--export-coverage": "val",
                },
                "read*",
                judge=_mix_test_files,
            ),
            "compile compile.elixir compile.erlang compile.app compile.protocols": _mix_task(
                "compile",
                {
                    "--no-prune-code-paths --no-protocol-consolidation --return-errors --list --no-app-loading": "flag",
                    "--no-validate-compile-env": "flag",
                    "--profile --long-compilation-threshold --purge-consolidation-path-if-stale": "val",
                    "--erl-config": "val:load",
                },
            ),
            "format": _mix_task(
                "format",
                {
                    "--check-formatted --dry-run --migrate --no-exit --check-equivalent": "flag",
                    "--stdin-filename": "val",
                    # A .formatter.exs elsewhere is Elixir code (with plugins) the task evaluates.
                    "--dot-formatter": "val:load",
                },
                "edit*",
            ),
            "deps": _mix_task("deps", {"--all": "flag"}),
            "deps.get": _mix_task("deps.get", {"--only": "val", "--check-locked": "flag"}, effects="fetch"),
            "deps.update": _mix_task("deps.update", {"--all": "flag", "--only --target": "val"}, effects="fetch"),
            "deps.tree": _mix_task(
                "deps.tree", {"--only --target --exclude --format": "val", "--umbrella-only": "flag"}
            ),
            "deps.compile": _mix_task(
                "deps.compile", {"--include-children --skip-umbrella-children --skip-local-deps": "flag"}
            ),
            "deps.clean": _mix_task("deps.clean", {"--all --unused --unlock --build": "flag", "--only": "val"}),
            "deps.unlock": _mix_task("deps.unlock", {"--all --unused --check-unused": "flag"}),
            "deps.loadpaths": _mix_task("deps.loadpaths"),
            "clean": _mix_task("clean", {"--deps": "flag", "--only": "val"}),
            "help": _mix_task("help", {"--search --names": "flag"}),
            "run": _mix_task(
                "run",
                {
                    "-e --eval": "val:code:elixir",
                    "-r --require -c --config": "val:load",
                    "-p --parallel --no-halt --no-mix-exs --no-start --preload-modules": "flag",
                },
                "script text*",
                posix=True,
            ),
            "phx.server": _mix_task("phx.server", {"--open --no-halt --no-start": "flag"}, ""),
            "phx.routes": _mix_task("phx.routes", {"--info --method": "val"}),
            "phx.digest": _mix_task("phx.digest", {"-o --output": "val:tree-write", "--no-vsn": "flag"}, "read?"),
            "phx.digest.clean": _mix_task("phx.digest.clean", {"--all": "flag", "--age --keep -o --output": "val"}),
            "phx.gen.* ecto.gen.*": _mix_task(
                "generator",
                {
                    "--no-context --no-schema --binary-id --merge-with-existing-context --live --no-live": "flag",
                    "--web --table --context-app --change": "val",
                },
            ),
            "ecto.migrate": Spec("ecto.migrate", options=_MIX_REPO, long_prefix=False),
            "ecto.migrations": Spec("ecto.migrations", options=_MIX_REPO, long_prefix=False),
            "ecto.create": Spec("ecto.create", options=_MIX_REPO, long_prefix=False),
            "ecto.setup": Spec("ecto.setup", options=_MIX_REPO, long_prefix=False),
            # The database is outside the working tree: dropping, resetting or rolling back loses data git cannot
            # bring back (rails db:drop/db:rollback are judged alike).
            "ecto.drop ecto.reset ecto.rollback": Spec(
                "ecto.drop", options=_MIX_REPO, long_prefix=False, effects="destroy@force_ask"
            ),
            "credo": _mix_task(
                "credo",
                {
                    "--strict -a --all -A --all-priorities --mute-exit-status --read-from-stdin": "flag",
                    "--format --only --ignore --checks -i --ignore-checks --checks-with-tag --checks-without-tag": "val",
                    "--min-priority --config-name --enable-disabled-checks -C": "val",
                    # .credo.exs elsewhere is Elixir code it evaluates.
                    "--config-file": "val:load",
                },
                "read*",
            ),
            "dialyzer": _mix_task(
                "dialyzer",
                {
                    "--no-check --plt --ignore-exit-status --quiet --list-unused-filters --force-check": "flag",
                    "--format": "val",
                },
            ),
            "docs": _mix_task(
                "docs",
                {
                    "--open": "flag",
                    "-f --formatter --canonical --language --proglang": "val",
                    "-o --output": "val:tree-write",
                },
            ),
            "xref": _mix_task(
                "xref",
                {
                    "--label --format --sink --source --min-cycle-size --exclude --group --fail-above": "val",
                    "--only-nodes --include-siblings --only-direct": "flag",
                },
            ),
            "hex.info hex.outdated hex.audit hex.search hex.docs": _mix_task(
                "hex.info", {"--all": "flag"}, effects="fetch"
            ),
            "hex.build": _mix_task("hex.build", {"--unpack": "flag", "-o --output": "val:write"}),
            "hex.publish": _mix_task(
                "hex.publish",
                {"--dry-run --revert --replace --yes": "flag", "--organization": "val"},
                effects="publish",
            ),
            "escript.build": _mix_task("escript.build"),
            "release": _mix_task(
                "release", {"--overwrite --quiet": "flag", "--version": "val", "--path": "val:tree-write"}
            ),
            # Installing Hex, rebar or an archive puts code into ~/.mix that every later mix call runs.
            "local.hex local.rebar archive.install": _mix_task(
                "local.hex",
                {"--if-missing --submodules": "flag", "--sha512 --app --organization --repo": "val"},
                effects="fetch config",
            ),
            "new phx.new": _mix_task(
                "new",
                {
                    "--app --module --database --adapter": "val",
                    "--sup --umbrella --no-ecto --no-html --no-assets --no-live --no-dashboard --no-mailer --binary-id": "flag",
                },
                "tree-write text*",
            ),
        },
        examples={
            "mix test": "",
            "mix test test/my_test.exs:12 --trace": "read:test/my_test.exs",
            "mix test /tmp/evil_test.exs": "read:/tmp/evil_test.exs load:/tmp/evil_test.exs",
            "mix compile --warnings-as-errors": "",
            "mix format --check-formatted": "",
            "mix format --dot-formatter /tmp/f.exs": "load:/tmp/f.exs",
            "mix format ~/.bashrc": "edit:~/.bashrc",
            "mix deps.get": "fetch",
            "mix phx.server": "",
            "mix ecto.migrate": "",
            "mix ecto.drop": "destroy",
            "mix ecto.rollback --step 2": "destroy",
            "mix hex.publish": "publish",
            "mix run -e 'IO.inspect(1)'": "code:elixir:IO.inspect(1)",
            "mix run priv/repo/seeds.exs": "script:priv/repo/seeds.exs",
            "mix credo --config-file /tmp/c.exs": "load:/tmp/c.exs",
            "mix local.hex --force": "fetch config",
            "mix my.custom.task": "unknown",
            "mix": "",  # the default task, `mix run`: the project's application
        },
    )


# --- zig (session 7) -------------------------------------------------------------------------------------------
# `zig build` compiles and runs the project's build.zig (a runner definition, engine RUNNER_DEFINITIONS "zig");
# `zig run FILE` runs FILE; `zig test FILE` runs FILE's tests (outside the project: a load); `zig cc` is clang.
# Reference: zig 0.13 (`zig --help`, `zig build --help`, `zig fmt --help`).


def _zig_emit(walked: Walk, argv: list[str]) -> None:
    """`-femit-bin=PATH` (and -femit-h/-docs/-asm/-llvm-ir=PATH) writes PATH; other -f words are switches."""
    for effect in list(walked.effects):
        if effect.kind == "text" and effect.origin == "-f":
            walked.effects.remove(effect)
            name, equals, value = effect.value.partition("=")
            if name.startswith("emit-") and equals and value:
                walked.effects.append(Effect("write", value, "-f" + name))
    for effect in list(walked.effects):
        if effect.kind == "read" and effect.origin.startswith("operand") and outside(walked, effect.value):
            if walked.spec.name == "test":
                walked.effects.append(Effect("load", effect.value, f"{effect.origin} (the tests it runs)"))


def _zig_fetch(walked: Walk, argv: list[str]) -> None:
    """`zig fetch URL` downloads a package into the global cache (`--save` records it in build.zig.zon)."""
    walked.effects.extend(
        Effect("fetch", e.value, e.origin) for e in list(walked.effects) if e.origin.startswith("operand")
    )


def _zig_cc(walked: Walk, argv: list[str]) -> None:
    """`zig cc ARGS` is clang with zig's libc: judged by the clang spec."""
    from hookward.policy.spec import walk as walk_spec
    from hookward.policy.specs import lookup

    at = next((n for n, word in enumerate(argv) if word in ("cc", "c++")), None)
    spec = lookup("clang")
    if at is None or spec is None:
        walked.unknown.append("zig cc arguments are not modelled")
        return
    inner = walk_spec(spec, ["clang", *argv[at + 1 :]], walked.cwd)
    walked.effects.extend(inner.effects)
    walked.unknown.extend(inner.unknown)
    if inner.rest:
        walked.unknown.append("zig cc runs a command")


_ZIG_COMPILE = {
    "-h --help --verbose -lc -lc++ -static -dynamic -rdynamic --strip -fstrip --show-builtin --watch": "flag",
    "--test-no-exec": "flag",
    "-O -target -mcpu --name -I -L -l -D --test-filter --test-name-prefix --color -j": "val",
    "--dep --mod -M --sysroot": "val",
    "-f": "val:text",  # judged by _zig_emit: -femit-bin=PATH writes PATH
    "--cache-dir --global-cache-dir": "val:tree-write",
    "--zig-lib-dir": "val:load",
    "--libc": "val:read",
    "--test-cmd --test-runner": "val:unknown",  # a program that runs the tests, a test runner's code
}


def _zig() -> Spec:
    return Spec(
        "zig",
        version="zig 0.13 (zig --help, zig build --help)",
        summary="zig build runs build.zig (a runner definition); run/test compile and run a file; cc is clang",
        options={"-h --help -V --version": "flag"},
        long_prefix=False,
        subcommands={
            "build": Spec(
                "build",
                options={
                    "-h --help -l --list-steps --verbose --fetch --watch -fincremental -fno-incremental": "flag",
                    "--skip-oom-steps --prominent-compile-errors --verbose-link --verbose-cc --verbose-air": "flag",
                    "--verbose-llvm-ir --verbose-cimport --verbose-llvm-cpu-features": "flag",
                    "-D -j --release --sysroot --search-prefix --system --seed --debug-log --color": "val",
                    "--summary --maxrss --debounce -f": "val",
                    "-p --prefix --prefix-lib-dir --prefix-exe-dir --prefix-include-dir": "val:tree-write",
                    "--cache-dir --global-cache-dir": "val:tree-write",
                    "--libc": "val:read",
                    "--build-file --build-runner --zig-lib-dir": "val:load",
                },
                operands="text*",
                long_prefix=False,
            ),
            "test": Spec("test", options=_ZIG_COMPILE, operands="read+", long_prefix=False, judge=_zig_emit),
            "run": Spec("run", options=_ZIG_COMPILE, operands="script text*", long_prefix=False, judge=_zig_emit),
            "build-exe build-lib build-obj": Spec(
                "build-exe", options=_ZIG_COMPILE, operands="read+", long_prefix=False, judge=_zig_emit
            ),
            "fmt": Spec(
                "fmt",
                options={
                    "-h --help --stdin --ast-check": "flag",
                    "--check": "flag>edit=read",
                    "--color --exclude": "val",
                },
                operands="edit*",
                long_prefix=False,
            ),
            "ast-check translate-c": Spec("ast-check", options={"-h --help -t": "flag"}, operands="read*"),
            "cc c++": Spec("cc", operands="text*", literal_dashes=True, judge=_zig_cc),
            "version env targets zen libc help": Spec("version", operands=""),
            "init init-exe init-lib": Spec("init", options={"-h --help": "flag"}),
            "fetch": Spec(
                "fetch",
                options={"-h --help --debug-hash": "flag", "--save": "opt", "--global-cache-dir": "val:tree-write"},
                operands="text",
                judge=_zig_fetch,
            ),
        },
        examples={
            "zig build": "",
            "zig build test -Doptimize=ReleaseFast": "",
            "zig build run -- --port 8080": "",
            "zig build --build-file /tmp/build.zig": "load:/tmp/build.zig",
            "zig build -p ~/.local": "tree-write:~/.local",
            "zig test src/main.zig": "read:src/main.zig",
            "zig test /tmp/x.zig": "read:/tmp/x.zig load:/tmp/x.zig",
            "zig run src/main.zig": "script:src/main.zig",
            "zig build-exe main.zig -femit-bin=/home/u/.local/bin/git": "read:main.zig write:/home/u/.local/bin/git",
            "zig fmt src": "edit:src",
            "zig fmt --check src": "read:src",
            "zig cc -o main main.c": "read:main.c write:main",
            "zig version": "",
            "zig ar rcs x.a y.o": "unknown",
        },
    )


SPECS = [
    Spec(
        "jc",
        version="jc 1.22.5",
        summary="parses stdin; with a command after the options (magic syntax) it runs that command",
        options={
            "-a --about -C --force-color -d --debug -h --help -m --monochrome -M --meta-out -p --pretty -q --quiet": "flag",
            "-r --raw -u --unbuffer -v --version -y --yaml-out -B --bash-comp -Z --zsh-comp -s --slurp": "flag",
            _JC_PARSERS: "flag",
        },
        long_prefix=False,
        posix=True,
        operands="argv",
        examples={"jc --about": "", "jc --pretty --dig": "", "jc -p uptime": "runs:uptime"},
    ),
    _MLR,
    Spec(
        "espeak-ng",
        version="espeak-ng 1.51",
        options={
            "-h --help --version --stdin --ipa --pho --stdout -b -m -q -x -X -z": "flag",
            "-a -d -g -k -l -p -s -v --punct --sep --split --tie --path": "val",
            "--voices": "opt",
            "-f": "val:read",
            "-w --phonout": "val:write",
            "--compile --compile-debug --compile-mbrola --compile-phonemes": "opt:config",
            "--compile-intonations": "flag:config",
            "--load": "unknown",
        },
        operands="text*",
        examples={
            "espeak-ng --ipa -v en-us hello": "",
            "espeak-ng --voices": "",
            "espeak-ng -q --ipa -v en-us -- -Zephyr": "",
            "espeak-ng -w ~/.bashrc hi": "write:~/.bashrc",
            "espeak-ng --compile=en": "config:en",
        },
    ),
    Spec(
        "identify",
        version="ImageMagick 6.9.11 identify",
        single_dash=True,
        options={
            "-verbose -ping -quiet -regard-warnings -moments -unique -features -version -help -strip -monitor": "flag",
            "-antialias -clip -negate -grayscale -auto-orient": "flag",
            "-format -density -depth -define -precision -size -colorspace -channel -endian -interlace -limit": "val",
            "-list -sampling-factor -seed -set -units -virtual-pixel -interpolate -alpha -crop -fuzz -gamma -log": "val",
        },
        operands="read+",
        judge=_identify_judge,
        examples={
            "identify image.png": "read:image.png",
            "identify -verbose photo.jpg": "read:photo.jpg",
            "identify '|id'": "read:|id unknown",
            "identify msl:/tmp/x.msl": "read:msl:/tmp/x.msl unknown",
        },
    ),
    Spec(
        "ktlint",
        version="ktlint 1.0",
        options={
            "-h --help -V --version --relative --color --verbose --debug --trace --limit --disabled_rules": "flag",
            "--reporter --editorconfig-default": "val",
            "--editorconfig --baseline": "val:read",
            "-F --format": "flag>edit*",
            "--stdin": "flag",
        },
        operands="read*",
        examples={"ktlint src/": "read:src/", "ktlint -F ~/.gradle/init.gradle.kts": "edit:~/.gradle/init.gradle.kts"},
    ),
    Spec(
        "detekt",
        version="detekt-cli 1.23",
        options={
            "-h --help --version --build-upon-default-config --all-rules --debug --parallel --disable-default-rulesets": "flag",
            "--create-baseline": "flag",
            "-i --input": "val:tree-read",
            "-c --config --baseline": "val:read",
            "-r --report": "val",
            "-ex --excludes -in --includes --language-version --jvm-target --classpath --base-path": "val",
            "-ac --auto-correct": "flag:tree-write=.",
            "-p --plugins": "val:load",
        },
        examples={
            "detekt": "",
            "detekt --auto-correct": "tree-write:.",
            "detekt -p /tmp/evil.jar": "load:/tmp/evil.jar",
        },
    ),
    Spec(
        "hexo",
        version="hexo 7",
        subcommands={
            "render": Spec(
                "render",
                options={"-h --help --engine --pretty": "flag", "-o --output": "val:write"},
                operands="read+",
                examples={
                    "hexo render src/foo.md": "read:src/foo.md",
                    "hexo render src/foo.md -o out.html": "read:src/foo.md write:out.html",
                },
            ),
            "version": Spec("version", examples={"hexo version": ""}),
        },
        examples={"hexo deploy": "unknown"},
    ),
    _zig(),
    _mix(),
]
