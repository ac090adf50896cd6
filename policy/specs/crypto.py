"""Checksums, certificates, tokens and Kerberos: BSD digests, GnuTLS tools, PKCS #11, krb5, IDNA.

Reference versions: FreeBSD 14 / macOS 14 md5(1) (md5, sha1, sha224, sha256, sha384, sha512,
sha512t256, rmd160 are one program), GnuTLS 3.7.9 (p11tool, danetool, ocsptool, tpmtool:
Debian bookworm gnutls-bin `--help`; tpmtool from the GnuTLS 3.7 manual), MIT krb5 1.20.1 klist
and krb5-config with Heimdal's klist long options (macOS ships Heimdal), GNU libidn 1.41 (idn),
libidn2 2.3.3 (idn2), GNU libtasn1 4.19 (asn1Decoding), and macOS tools (kcc, checkLocalKDC,
derq, cc_fips_test) from their man pages.

Listing tokens, tickets and certificates prints metadata and passes. What a token holds is
changed by `p11tool --write/--delete/--initialize*` and `tpmtool --generate-*/--delete`
(initialising a token erases it: destroy); a PKCS #11 provider is a library p11tool loads;
`klist -K` prints keytab keys (secret); `danetool --check` and `ocsptool --ask` reach the network.
"""

from __future__ import annotations

from hookward.policy.spec import Spec

_BSD_DIGEST = "FreeBSD 14 md5(1) (macOS 14)"


def _digest(name: str) -> Spec:
    return Spec(
        name,
        version=_BSD_DIGEST,
        options={
            "-h --help -V --version -b -p --passthrough -q --quiet -r --reverse -t --time-trial -x --self-test": "flag",
            "-c --check -s --string": "val",
        },
        operands="read*",
        examples={f"{name} file.txt": "read:file.txt", f"{name} -s hello": "", f"{name} -q -r a b": "read:a read:b"},
    )


_GNUTLS = "GnuTLS 3.7.9"
_GNUTLS_COMMON = {"-d --debug": "val", "-v --version": "opt", "-h --help -! --more-help": "flag"}

_P11TOOL = Spec(
    "p11tool",
    version=_GNUTLS,
    summary="listing and info pass; writing, deleting, relabelling, generating keys on a token change it; initialising erases it",
    options={
        **_GNUTLS_COMMON,
        "--list-tokens --list-token-urls --list-mechanisms --list-all --list-all-certs --list-certs": "flag",
        "--list-all-privkeys --list-privkeys --list-keys --list-all-trusted --info --detailed-url --only-urls": "flag",
        "--export-stapled --export-chain --export-pubkey --trusted --distrusted --batch --inder --inraw": "flag",
        "--outder --outraw -8 --pkcs8 --login --so-login --admin-login --test-sign": "flag",
        "--mark-wrap --mark-trusted --mark-distrusted --mark-decrypt --mark-sign --mark-ca --mark-private": "flag",
        "--ca --private --mark-always-authenticate": "flag",
        "--set-pin --set-so-pin --label --id --bits --curve --sec-param --sign-params --hash --secret-key": "val",
        "--generate-random": "val",
        # A PKCS #11 object exported by URL may be an extractable private or secret key.
        "--export": "flag:secret",
        "--initialize --initialize-pin --initialize-so-pin --delete": "flag:destroy",
        "--write": "flag:config",
        "--generate-privkey --set-id --set-label": "val:config",
        "--load-privkey --load-pubkey --load-certificate": "val:read",
        "--outfile": "val:write",
        "--provider": "val:load",
    },
    operands="text?",
    examples={
        "p11tool --list-tokens": "",
        "p11tool --list-all": "",
        "p11tool --info 'pkcs11:token=foo'": "",
        "p11tool --initialize 'pkcs11:token=foo'": "destroy",
        "p11tool --delete --batch 'pkcs11:token=foo;object=k'": "destroy",
        "p11tool --write --load-privkey key.pem 'pkcs11:token=foo'": "config read:key.pem",
        "p11tool --provider /tmp/evil.so --list-tokens": "load:/tmp/evil.so",
        "p11tool --export 'pkcs11:object=k' --outfile=k.pem": "secret write:k.pem",
    },
)

_TPMTOOL = Spec(
    "tpmtool",
    version=_GNUTLS + " (tpmtool manual)",
    options={
        **_GNUTLS_COMMON,
        "--list --user --system --signing --legacy --inder --outder --srk-well-known --test-sign": "flag",
        "--sec-param --bits": "val",
        "--generate-rsa --register": "flag:config",
        "--delete": "val:destroy",
        "--pubkey": "val",
        "--infile": "val:read",
        "--outfile": "val:write",
    },
    examples={
        "tpmtool --list": "",
        "tpmtool --generate-rsa --outfile key": "config write:key",
        "tpmtool --delete tpmkey:uuid=x": "destroy:tpmkey:uuid=x",
    },
)

_DANETOOL = Spec(
    "danetool",
    version=_GNUTLS,
    options={
        **_GNUTLS_COMMON,
        "-V --verbose --check-ee --check-ca --tlsa-rr --ca --x509 --local --domain --no-domain --local-dns": "flag",
        "--insecure --inder --inraw --print-raw --quiet": "flag",
        "--hash --host --proto --port --app-proto --starttls-proto": "val",
        "--check": "val:fetch",  # looks up HOST's TLSA records and certificate: a lookup, nothing of ours is sent
        "--load-pubkey --load-certificate --dlv": "val:read",
        "--outfile": "val:write",
    },
    examples={
        "danetool --check example.com": "fetch:example.com",
        "danetool --tlsa-rr --host example.com --load-certificate cert.pem": "read:cert.pem",
        "danetool --tlsa-rr --host h --load-pubkey k.pem --outfile ~/.bashrc": "read:k.pem write:~/.bashrc",
    },
)

_OCSPTOOL = Spec(
    "ocsptool",
    version=_GNUTLS,
    options={
        **_GNUTLS_COMMON,
        "-V --verbose -e --verify-response -i --request-info -j --response-info -q --generate-request --nonce": "flag",
        "--no-nonce --inder --outder --outpem --ignore-errors --verify-allow-broken": "flag",
        "--ask": "opt:network",
        "--infile --load-chain --load-issuer --load-cert --load-trust --load-signer": "val:read",
        "-Q --load-request -S --load-response": "val:read",
        "--outfile": "val:write",
    },
    operands="read?",
    examples={
        "ocsptool --request-info --load-request req.der": "read:req.der",
        "ocsptool --ask --load-cert c.pem --load-issuer i.pem": "network read:c.pem read:i.pem",
        "ocsptool -e --load-response r.der --outfile ~/.zshrc": "read:r.der write:~/.zshrc",
    },
)

_KLIST = Spec(
    "klist",
    version="klist (MIT krb5 1.20.1; Heimdal long options as on macOS)",
    summary="lists tickets and keytab entries (names, times, flags); -K prints keytab keys",
    options={
        "-e -V -l -A -d -f -s -a -n -k -i -t -C -5 -T -v": "flag",
        "--help --list-caches --test --tokens --v5 --verbose --version --all-content --hidden --json": "flag",
        "-c --cache": "val",
        "-K": "flag:secret",
    },
    operands="text?",
    examples={
        "klist": "",
        "klist --list-caches": "",
        "klist -s": "",
        "klist -k -t /etc/krb5.keytab": "",
        "klist -k -K /etc/krb5.keytab": "secret",
    },
)

SPECS = [
    *(_digest(n) for n in "md5 sha1 sha224 sha256 sha384 sha512 sha512t256 rmd160".split()),
    _P11TOOL,
    _TPMTOOL,
    _DANETOOL,
    _OCSPTOOL,
    _KLIST,
    Spec(
        "krb5-config",
        version="krb5-config (MIT krb5 1.20.1)",
        options={
            "--help --all --version --vendor --prefix --exec-prefix --defccname --defktname --defcktname": "flag",
            "--cflags --deps --libs": "flag",
        },
        operands="text*",
        examples={"krb5-config --libs": "", "krb5-config --cflags krb5": ""},
    ),
    Spec(
        "kcc",
        version="kcc (Heimdal, macOS 14)",
        summary="Heimdal's credential-cache multi-tool: only --help and --version are modelled",
        options={"--help -h --version": "flag"},
        examples={"kcc --help": "", "kcc kdestroy": "unknown"},
        operands="unknown*",
    ),
    Spec(
        "checkLocalKDC",
        version="checkLocalKDC (macOS 14)",
        summary="reports whether the local KDC is set up; options are not modelled",
        examples={"checkLocalKDC": ""},
    ),
    Spec(
        "idn",
        version="GNU libidn 1.41",
        options={
            "-h --help -V --version -s --stringprep -d --punycode-decode -e --punycode-encode": "flag",
            "-a --idna-to-ascii -u --idna-to-unicode --allow-unassigned --usestd3asciirules --no-tld": "flag",
            "-n --nfkc --debug --quiet": "flag",
            "-p --profile": "val",
        },
        operands="text*",
        examples={"idn --idna-to-ascii example.com": "", "idn --punycode-decode xn--mnchen-3ya": ""},
    ),
    Spec(
        "idn2",
        version="libidn2 2.3.3",
        options={
            "-h --help -V --version -d --decode -l --lookup -r --register -T --tr46t -N --tr46nt --no-tr46": "flag",
            "--usestd3asciirules --no-alabelroundtrip --debug --quiet": "flag",
        },
        operands="text*",
        examples={"idn2 --lookup example.com": ""},
    ),
    Spec(
        "asn1Decoding",
        version="GNU libtasn1 4.19",
        options={"-b --benchmark -s --strict -t --no-time-strict -h --help -v --version": "flag"},
        operands="read read text",
        examples={"asn1Decoding pkix.asn cert.der Certificate": "read:pkix.asn read:cert.der"},
    ),
    Spec(
        "derq",
        version="derq (macOS 14 CoreEntitlements query tool)",
        summary="queries DER entitlement blobs; only `query` with -f/-i input and -o output is modelled",
        subcommands={
            "query": Spec(
                "query",
                options={"--pretty --raw --xml -h --help": "flag", "-f -i": "val:read", "-o": "val:write"},
                operands="text*",
                examples={
                    "derq query -f cert.der": "read:cert.der",
                    "derq query -i e.der -o ~/.profile": "read:e.der write:~/.profile",
                },
            ),
        },
        options={"-h --help": "flag"},
        examples={"derq macho /bin/ls": "unknown"},
    ),
    Spec(
        "cc_fips_test",
        version="cc_fips_test (macOS 14 corecrypto)",
        summary="runs corecrypto's FIPS self-tests; options are not modelled",
        examples={"cc_fips_test": ""},
    ),
]
