"""Network diagnostics: DNS (delv, unbound-host, dns-sd), reachability and time (fping, sntp),
SNMP (net-snmp), LDAP (OpenLDAP clients), printers (CUPS ipptool, ippfind) and ip2cc.

Every program here that sends a packet has the `network` effect, which the egress floor
judges: these tools are read-only diagnostics, but what they ask (a host name, an LDAP filter,
an SNMP community) leaves the machine, and the policy does not tell a lab host from an outside
one. A DNS lookup (delv, unbound-host, ip2cc resolving a name) and sntp's time query are `fetch`
instead: like dig, what they send is the name typed on the command line, which the policy sees. Files
whose content is *sent* (an LDAP password file, ldapsearch `-f` operations, ipptool
test files that attach documents) are `upload`; files they write are `write`. `snmptranslate`
and `ldapurl` only compute locally.

Reference versions (Debian bookworm `--help` / `-h` of each): bind9-dnsutils 9.18 (delv),
fping 5.1, sntp 4.2.8p15 (ntpdig-style usage), unbound-host 1.17.1, net-snmp 5.9.3,
OpenLDAP 2.5.13 (ldap-utils; `-h host` / `-p port` of OpenLDAP 2.4, as macOS ships it, are also
declared), CUPS 2.4.2 (ipptool, ippfind, cupstestppd is in media.py). dns-sd is Apple's
mDNSResponder client (macOS `dns-sd -h`, mDNSResponder-1790); ip2cc is IP::Country 2.28.
"""

from __future__ import annotations

import ipaddress

from hookward.policy.spec import Effect, Spec, Walk

# ---------------------------------------------------------------- DNS

DELV = Spec(
    "delv",
    version="bind9-dnsutils 9.18.19 (delv)",
    summary="validating DNS lookup: `@server`, name, type and class are sent to a resolver",
    options={
        "-4 -6 -h -i -m -v": "flag",
        "-b -c -d -p -q -t -x": "val",
        "-a": "val:read",  # a trust-anchor file; parse errors quote its lines
    },
    plus="text",  # `+[no]keyword[=value]` display and trace options
    operands="text*",
    effects="fetch",  # a DNS lookup, as dig: the name and type typed here are all it sends
    examples={
        "delv": "fetch",
        "delv example.com": "fetch",
        "delv -t AAAA example.com +short": "fetch",
        "delv -a ~/.ssh/id_rsa example.com": "fetch read:~/.ssh/id_rsa",
    },
)

UNBOUND_HOST = Spec(
    "unbound-host",
    version="unbound-host 1.17.1",
    options={
        "-D -r -v -d -4 -6 -h": "flag",
        "-t -c -y": "val",
        "-f -F -C": "val:read",  # trust anchors and an unbound.conf: read (errors quote them)
    },
    operands="text",
    effects="fetch",  # a DNS lookup
    examples={
        "unbound-host example.com": "fetch",
        "unbound-host -v -t MX example.com": "fetch",
        "unbound-host -C ~/.ssh/config x": "fetch read:~/.ssh/config",
    },
)


def _dns_sd_mode(walked: Walk, argv: list[str]) -> None:
    """dns-sd without a mode prints its usage and with two modes uses the last: ask for both."""
    modes = [w for w in argv[1:] if w in _DNS_SD_MODES]
    if not modes and not any(w in ("-h", "-V") for w in argv[1:]):
        walked.unknown.append("dns-sd without a mode (-B -L -q ...) is not modelled")


_DNS_SD_MODES = frozenset("-E -F -R -P -B -Z -L -Q -q -G -X -S -H -A -U -N -T -M -I".split())

DNS_SD = Spec(
    "dns-sd",
    version="mDNSResponder-1790 dns-sd (macOS)",
    summary="multicast DNS: browse and look up on the local link (network); -R/-P advertise a service, -X maps a router port",
    bundling=False,
    posix=True,
    options={
        "-h -V": "flag",
        "-B -L -Z -q -Q -G -E -F": "flag:network",
        "-R -P": "flag:publish@ask",  # registers (advertises) a service on the network until killed
        "-X": "flag:publish@ask",  # NAT-PMP: opens a port on the router
        "-S -H -A -U -N -T -M -I": "unknown",  # test and proxy modes
        "-i -lo -p2p -includep2p -tc -t1 -unicast -timeout -autoTrigger -includeAWDL -intermediates": "unknown",
    },
    operands="text*",
    judge=_dns_sd_mode,
    examples={
        "dns-sd -B _http._tcp": "network",
        "dns-sd -L MyService _http._tcp local.": "network",
        "dns-sd -q example.com": "network",
        "dns-sd -R MyService _http._tcp local 8080": "publish",
        "dns-sd": "unknown",
    },
)


def _ip2cc_judge(walked: Walk, argv: list[str]) -> None:
    """An IP address is looked up in the local database; a host name is resolved first (DNS)."""
    for word in argv[1:]:
        if word.startswith("-"):
            continue
        try:
            ipaddress.ip_address(word)
        except ValueError:
            walked.effects.append(Effect("fetch", "", f"host name {word}"))  # resolved by DNS


IP2CC = Spec(
    "ip2cc",
    version="IP::Country 2.28 (ip2cc)",
    summary="country of an IP address from a database shipped with the module",
    options={"-h --help": "flag"},
    operands="text?",
    judge=_ip2cc_judge,
    examples={"ip2cc": "", "ip2cc 8.8.8.8": "", "ip2cc example.com": "fetch"},
)

# ---------------------------------------------------------------- reachability and time

FPING = Spec(
    "fping",
    version="fping 5.1",
    options={
        "-h --help -v --version": "flag",
        "-4 --ipv4 -6 --ipv6 -g --generate -l --loop -m --all -M --dontfrag -R --random": "flag",
        "-a --alive -A --addr -d --rdns -D --timestamp -e --elapsed -n --name -N --netdata": "flag",
        "-o --outage -q --quiet -s --stats -u --unreach": "flag",
        "-b --size -B --backoff -c --count -H --ttl -I --iface -O --tos -p --period -r --retry": "val",
        "-S --src -t --timeout -C --vcount -i --interval -Q --squiet -x --reachable": "val",
        "-f --file": "val:read",  # targets from a file: unresolvable lines are echoed in errors
    },
    operands="text*",
    effects="network",
    examples={
        "fping -c 5 example.com": "network",
        "fping -a -x 1 example.com": "network",
        "fping -f ~/.ssh/id_rsa": "network read:~/.ssh/id_rsa",
    },
)

SNTP = Spec(
    "sntp",
    aliases=("ntpdig",),
    version="sntp 4.2.8p15",
    options={
        "-4 --ipv4 -6 --ipv6 -d --debug -j --json -V --version -h --help": "flag",
        "-a --authentication -c --concurrent -D --set-debug-level -g --gap -p --samples -t --timeout": "val",
        "-l --logfile": "val:write",
        "-k --keyfile": "val:read",
        "-S --step -s --slew": "flag:privilege",  # sets the system clock
    },
    operands="text*",
    effects="fetch",  # asks a time server for the time: a request that carries nothing of this machine's
    examples={
        "sntp pool.ntp.org": "fetch",
        "sntp --concurrent pool.ntp.org": "fetch",
        "sntp -S pool.ntp.org": "fetch privilege",
        "sntp -l ~/.bashrc pool.ntp.org": "fetch write:~/.bashrc",
    },
)

# ---------------------------------------------------------------- SNMP

_SNMP_COMMON = {
    "-h --help -H -V --version -d": "flag",
    "-D": "opt",
    "-m": "val:read",  # MIB names or MIB files: parse errors quote a file's lines
    "-M": "val:stat",
    "-P -O -I": "val",
    "-L": "val:unknown",  # `-Lf FILE` logs to a file
}
_SNMP_AGENT = {
    **_SNMP_COMMON,
    "-v -c -a -A -e -E -l -n -u -x -X -Z -r -t -C": "val",
}


def _snmp(name: str, operands: str, example: str) -> Spec:
    return Spec(
        name,
        version="net-snmp 5.9.3",
        summary="asks an SNMP agent (the first operand) for OIDs: network",
        options=_SNMP_AGENT,
        operands=operands,
        effects="network",
        examples={example: "network", example.replace(name, name + " -Lf ~/.bashrc", 1): "network unknown"}
        if operands.endswith("+")
        else {example: "network"},
    )


SNMPTRANSLATE = Spec(
    "snmptranslate",
    version="net-snmp 5.9.3",
    summary="translates OIDs with the local MIB files: no network",
    options={**_SNMP_COMMON, "-w -T": "val"},
    operands="text+",
    examples={
        "snmptranslate 1.3.6.1.2.1.1.1.0": "",
        "snmptranslate -m ~/.ssh/id_rsa 1.3": "read:~/.ssh/id_rsa",
    },
)

# ---------------------------------------------------------------- LDAP

_LDAP_COMMON = {
    "-I -n -N -Q -v -V -W -x -Z -M": "flag",
    "-d -D -e -H -O -o -R -U -w -X -Y -P": "val",
    "-h -p": "val",  # OpenLDAP 2.4 host and port (macOS)
    "-y": "val:upload",  # the bind password file is read and sent to the server
}


def _ldap(name: str, **kw: object) -> Spec:
    return Spec(name, version="OpenLDAP 2.5.13 (ldap-utils)", effects="network", **kw)  # type: ignore[arg-type]


LDAPSEARCH = _ldap(
    "ldapsearch",
    summary="searches an LDAP directory",
    options={
        **_LDAP_COMMON,
        "-A -c -L -u": "flag",
        "-a -b -E -F -l -s -S -z": "val",
        "-f": "val:upload",  # operations read from the file are sent to the server
        "-t": "flag:tree-write=/tmp",  # writes values to files in /tmp (or -T)
        "-T": "val:tree-write",
    },
    operands="text*",
    examples={
        "ldapsearch -x -h ldap.example.com -b dc=example,dc=com": "network",
        "ldapsearch -x -LLL -b dc=example,dc=com '(uid=joe)'": "network",
        "ldapsearch -x -y ~/.aws/credentials -b dc=x": "network upload:~/.aws/credentials",
        "ldapsearch -x -tt -T ~/.config/autostart": "network tree-write:/tmp tree-write:/tmp tree-write:~/.config/autostart",
    },
)
LDAPWHOAMI = _ldap(
    "ldapwhoami",
    options=_LDAP_COMMON,
    examples={"ldapwhoami -x -h ldap.example.com": "network"},
)
LDAPCOMPARE = _ldap(
    "ldapcompare",
    options={**_LDAP_COMMON, "-E": "val", "-z": "flag"},
    operands="text+",  # DN attr:value
    examples={"ldapcompare -x ldap.example.com 'cn=joe,dc=example,dc=com' 'uid:joe'": "network"},
)
LDAPURL = Spec(
    "ldapurl",
    version="OpenLDAP 2.5.13 (ldap-utils)",
    summary="composes or decomposes an LDAP URL locally: no network",
    options={"-a -b -E -f -h -p -s -S -H": "val"},
    examples={"ldapurl -H ldaps://ldap.example.com": "", "ldapurl -h x -b dc=x": ""},
)

# ---------------------------------------------------------------- printers (IPP)

IPPTOOL = Spec(
    "ipptool",
    version="CUPS 2.4.2 (ipptool)",
    summary="sends the IPP requests of test files to a printer URI; test files may attach documents",
    options={
        "--version --stop-after-include-error -4 -6 -C -E -I -L -R -S -X -c -h -l -q -t -v": "flag",
        "-T -V -i -n": "val",
        "-d": "val",  # name=value variables
        "-f": "val:upload",  # the default document sent with print requests
        "-P --ippserver": "val:write",
    },
    operands="text upload+",
    bundling=True,
    effects="network",
    examples={
        "ipptool -tv ipp://printer.local/ test.test": "network upload:test.test",
        "ipptool -P out.plist -tv ipp://x/ test.test": "network upload:test.test write:out.plist",
        "ipptool -f ~/.ssh/id_rsa ipp://x/ print-job.test": "network upload:~/.ssh/id_rsa upload:print-job.test",
    },
)

IPPFIND = Spec(
    "ippfind",
    version="CUPS 2.4.2 (ippfind)",
    summary="browses the local link for IPP printers (mDNS): network; --exec runs a program per printer",
    long_prefix=False,
    bundling=False,
    options={
        "--help --version -4 -6 -l --ls -p --print -q --quiet -r --remote -s --print-name": "flag",
        "--local --false --true --not --and --or": "flag",
        "-T -V -P --port -d --domain -h --host -n --name -N --literal-name -t --txt -u --uri --path": "val",
        # The program's arguments are substituted from what printers on the network announce
        # ({service_name}, {txt_*}): not modelled.
        "-x --exec": "unknown",
    },
    operands="text*",
    effects="network",
    examples={
        "ippfind": "network",
        "ippfind --local --print": "network",
        "ippfind --exec /bin/echo {} ;": "network unknown",
    },
)

SPECS = [
    DELV,
    UNBOUND_HOST,
    DNS_SD,
    IP2CC,
    FPING,
    SNTP,
    _snmp("snmpget", "text text+", "snmpget -v 2c -c public host.example.com 1.3.6.1.2.1.1.1.0"),
    _snmp("snmpwalk", "text text?", "snmpwalk -v 2c -c public host.example.com 1.3.6.1.2.1.2.2"),
    _snmp("snmpbulkget", "text text+", "snmpbulkget -v 2c -c public host 1.3.6.1.2.1.2"),
    _snmp("snmpbulkwalk", "text text?", "snmpbulkwalk -v 2c -c public host 1.3"),
    _snmp("snmpgetnext", "text text+", "snmpgetnext -v 2c -c public host 1.3"),
    _snmp("snmpstatus", "text", "snmpstatus -v 2c -c public host"),
    _snmp("snmptable", "text text", "snmptable -v 2c -c public host IF-MIB::ifTable"),
    SNMPTRANSLATE,
    LDAPSEARCH,
    LDAPWHOAMI,
    LDAPCOMPARE,
    LDAPURL,
    IPPTOOL,
    IPPFIND,
]
