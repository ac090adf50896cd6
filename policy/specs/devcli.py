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


_MLR = Spec(
    "mlr",
    version="Miller 6.6.0",
    summary="one read-only verb per call; put/filter/tee/split, -I and then-chains are not modelled",
    chain="then",
    options={
        _MLR_FLAGS: "flag",
        "--ifs --ofs --fs --ips --ops --ps --irs --ors --rs --ofmt --fflatsep --tz --nr-progress-mod --records-per-batch": "val",
        "--from --load --mload": "val:read",
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
    },
    subcommand_required=True,
    examples={
        "mlr --csv head -n 10 data.csv": "read:data.csv",
        "mlr --tsv cut -f name,age data.tsv": "read:data.tsv",
        "mlr": "unknown",
        "mlr --csv put '$x = system(\"id\")' a.csv": "unknown",
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
    _info("zig", "zig 0.11"),
    _info("mix", "Elixir mix 1.15"),
    _info("xsv", "xsv 0.13"),
    _info("qsv", "qsv 0.118"),
]
