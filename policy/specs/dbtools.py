"""Database utilities: PostgreSQL checkers and WAL readers, FreeTDS clients, unixODBC tools.

Reference versions: PostgreSQL 15 (Debian bookworm `--help` of pg_amcheck, pg_verifybackup,
pg_waldump, pg_test_timing, oid2name) with the PostgreSQL 17 additions (pg_walsummary,
`pg_verifybackup --format/--progress`, `pg_waldump --save-fullpage`), FreeTDS 1.3.17 (tsql,
bsqldb: `-h` and man pages), unixODBC 2.3.11 (odbcinst, odbc_config).

Checking, verifying and decoding read: a backup directory is read as a tree, WAL segments as
files. What changes things is named: `pg_amcheck --install-missing` creates the amcheck
extension in the databases (config), `pg_waldump --save-fullpage DIR` writes page images,
`odbcinst -i/-u` registers or removes drivers and data sources in the system's odbcinst.ini /
odbc.ini (config), and an output file (`bsqldb -o`). Connecting to a server is `network` (as
for psql); a password given on the command line is text.
"""

from __future__ import annotations

from hookward.policy.spec import Spec

_PG = "PostgreSQL 15 (bookworm)"
_PG_CONNECT = {
    "-h --host": "val:network",
    "-p --port -U --username": "val",
    "-w --no-password -W --password": "flag",
}
_PG_INFO = {"-V --version -? --help": "flag"}

# pg_dump / pg_dumpall print a database (or write it with -f); what they reach is the server (-h), and a
# dump of another machine's database is data leaving it toward here, judged as that connection.
_PG_DUMP_COMMON = {
    **_PG_INFO,
    **_PG_CONNECT,
    "-f --file": "val:write",
    "-a --data-only -s --schema-only -c --clean --if-exists -C --create -O --no-owner -x --no-privileges": "flag",
    "--inserts --column-inserts --rows-per-insert --quote-all-identifiers --no-comments --no-publications": "flag",
    "--no-subscriptions --no-security-labels --no-tablespaces --no-toast-compression --no-unlogged-table-data": "flag",
    "--disable-triggers --disable-dollar-quoting --use-set-session-authorization --binary-upgrade": "flag",
    "--load-via-partition-root --on-conflict-do-nothing --no-sync -v --verbose": "flag",
    "-E --encoding --lock-wait-timeout --extra-float-digits --role -S --superuser": "val",
    "-l --database": "val",
}
_PG_DUMP = Spec(
    "pg_dump",
    version=_PG,
    options={
        **_PG_DUMP_COMMON,
        "-F --format -j --jobs -n --schema -N --exclude-schema -t --table -T --exclude-table -Z --compress": "val",
        "--exclude-table-data --exclude-table-and-children --table-and-children --section --snapshot": "val",
        "-b --large-objects --blobs -B --no-large-objects --no-blobs --enable-row-security --serializable-deferrable": "flag",
        "--strict-names --no-synchronized-snapshots -d --dbname": "val",
        "--filter": "val:read",
    },
    operands="text?",  # a database name (or a connection string: `host=` is not modelled)
    judge=lambda walk, argv: walk.unknown.extend(  # type: ignore[func-returns-value]
        f"pg_dump connection string {w!r} is not modelled" for w in argv[1:] if "=" in w and not w.startswith("-")
    ),
    examples={
        "pg_dump production": "",
        "pg_dump -Fc -f backup.dump app": "write:backup.dump",
        "pg_dump -h db.prod.example -U app app": "network:db.prod.example",
        "pg_dump -f ~/.bashrc app": "write:~/.bashrc",
        "pg_dump 'host=db.example dbname=app'": "unknown",
    },
)
_PG_DUMPALL = Spec(
    "pg_dumpall",
    version=_PG,
    options={
        **_PG_DUMP_COMMON,
        "-g --globals-only -r --roles-only -t --tablespaces-only --no-role-passwords": "flag",
        "--exclude-database -d --dbname": "val",
    },
    effects="secret@ask",  # role definitions carry their password hashes (unless --no-role-passwords)
    examples={"pg_dumpall -g": "secret", "pg_dumpall -f all.sql": "write:all.sql secret"},
)

SPECS = [
    _PG_DUMP,
    _PG_DUMPALL,
    Spec(
        "pg_amcheck",
        version=_PG,
        options={
            **_PG_INFO,
            **_PG_CONNECT,
            "-a --all --no-dependent-indexes --no-dependent-toast --no-strict-names --exclude-toast-pointers": "flag",
            "--on-error-stop --heapallindexed --parent-check --rootdescend --checkunique -e --echo -P --progress": "flag",
            "-v --verbose": "flag",
            "-d --database -D --exclude-database -i --index -I --exclude-index -r --relation": "val",
            "-R --exclude-relation -s --schema -S --exclude-schema -t --table -T --exclude-table": "val",
            "--skip --startblock --endblock --maintenance-db -j --jobs": "val",
            "--install-missing": "opt:config",
        },
        operands="text?",
        examples={
            "pg_amcheck --all": "",
            "pg_amcheck -h db.internal -d app": "network:db.internal",
            "pg_amcheck --install-missing --all": "config",
        },
    ),
    Spec(
        "pg_verifybackup",
        version=_PG + " and 17 (--format, --progress)",
        options={
            **_PG_INFO,
            "-e --exit-on-error -n --no-parse-wal -q --quiet -s --skip-checksums -P --progress": "flag",
            "-i --ignore -F --format": "val",
            "-m --manifest-path": "val:read",
            "-w --wal-directory": "val:tree-read",
        },
        operands="tree-read",
        examples={"pg_verifybackup /backup": "tree-read:/backup"},
    ),
    Spec(
        "pg_waldump",
        version=_PG + " and 16 (--save-fullpage)",
        options={
            **_PG_INFO,
            "-b --bkp-details -f --follow -q --quiet -w --fullpage": "flag",
            "-B --block -e --end -F --fork -n --limit -r --rmgr -R --relation -s --start -t --timeline": "val",
            "-x --xid": "val",
            "-z --stats": "opt",
            "-p --path": "val:tree-read",
            "--save-fullpage": "val:tree-write",
        },
        operands="read*",
        examples={
            "pg_waldump 000000010000000000000001": "read:000000010000000000000001",
            "pg_waldump --save-fullpage=/tmp/pages -p wal": "tree-write:/tmp/pages tree-read:wal",
        },
    ),
    Spec(
        "pg_walsummary",
        version="PostgreSQL 17",
        options={**_PG_INFO, "-i --individual -q --quiet": "flag"},
        operands="read+",
        examples={"pg_walsummary summary.bin": "read:summary.bin"},
    ),
    Spec(
        "pg_test_timing",
        version=_PG,
        options={**_PG_INFO, "-d --duration": "val"},
        examples={"pg_test_timing": "", "pg_test_timing -d 1": ""},
    ),
    Spec(
        "oid2name",
        version=_PG + " (postgresql-contrib)",
        options={
            **_PG_INFO,
            "-i --indexes -q --quiet -s --tablespaces -S --system-objects -x --extended": "flag",
            "-f --filenode -o --oid -t --table -d --dbname -p --port -U --username": "val",
            "-h --host -H": "val:network",
        },
        examples={"oid2name": "", "oid2name -d app -t users": ""},
    ),
    Spec(
        "tsql",
        version="FreeTDS 1.3.17 tsql",
        summary="an interactive SQL session like psql (statements come from stdin); -C prints the build configuration",
        bundling=False,
        options={
            "-C -L -v -q": "flag",
            "-a -p -U -P -D -J -o -t -r": "val",
            "-S -H": "val:network",
            "-I": "val:read",
        },
        examples={
            "tsql -C": "",
            "tsql -S prod -U sa -P x": "network:prod",
            "tsql -I /tmp/interfaces -S x": "read:/tmp/interfaces network:x",
        },
    ),
    Spec(
        "bsqldb",
        version="FreeTDS 1.3.17 bsqldb",
        summary="runs the SQL batches of its input file (or stdin) on a server, like psql -f",
        bundling=False,
        options={
            "-h -q -v": "flag",
            "-U -P -D -t -R": "val",
            "-S -H": "val:network",
            "-i": "val:read",
            "-o -e": "val:write",
        },
        examples={
            "bsqldb -h": "",
            "bsqldb -S db -i q.sql -o out.txt": "network:db read:q.sql write:out.txt",
        },
    ),
    Spec(
        "odbcinst",
        version="unixODBC 2.3.11 odbcinst",
        summary="-q and -j query; -i/-u change the system's driver and data-source registry; -c/-m open setup dialogs",
        options={
            "-q -j -d -s -r -v -l -h --version": "flag",
            "-i -u": "flag:config",
            "-c -m": "unknown",
            "-n": "val",
            "-f": "val:read",
        },
        examples={
            "odbcinst -q -s": "",
            "odbcinst -q -d": "",
            "odbcinst -j": "",
            "odbcinst -i -d -f drivers.ini": "config read:drivers.ini",
            "odbcinst -u -s -n mydsn": "config",
        },
    ),
    Spec(
        "odbc_config",
        version="unixODBC 2.3.11 odbc_config",
        options={
            "--prefix --exec-prefix --include-prefix --lib-prefix --bin-prefix --version --libs --static-libs": "flag",
            "--libtool-libs --cflags --odbcversion --longodbcversion --odbcini --odbcinstini --header --ulen": "flag",
        },
        examples={"odbc_config --libs": "", "odbc_config --cflags": ""},
    ),
]
