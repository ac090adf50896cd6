"""Program names the floors judge by, shared by the family modules and the dispatch in commands.py.

They live here, apart from the checks that read them, so that commands.py can tell which family judges a
program without importing the family's module: a family is imported only when a program it names appears.
"""

from __future__ import annotations

DISK_TOOLS = frozenset(
    {
        "mkfs",
        "mke2fs",
        "mkswap",
        "wipefs",
        "fdisk",
        "sfdisk",
        "gdisk",
        "sgdisk",
        "parted",
        "cfdisk",
        "blkdiscard",
        "hdparm",
        "diskutil",
        "format",
        "zpool",
        "lvremove",
        "vgremove",
        "pvremove",
        "cryptsetup",
        "badblocks",
    }
)
POWER = frozenset({"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl"})
ACCOUNT_TOOLS = frozenset(
    {
        "visudo",
        "usermod",
        "useradd",
        "userdel",
        "passwd",
        "chpasswd",
        "groupadd",
        "adduser",
        "deluser",
        "setcap",
        "chattr",
    }
)
SECRET_STORES = frozenset(
    {"secret-tool", "pass", "gopass", "op", "bw", "lpass", "keepassxc-cli", "vault", "doppler", "chamber", "sops"}
)
# CLIs whose `deploy` is a service (Google Cloud Deploy, AWS CodeDeploy) with its own verbs, which the cloud floor
# judges (`gcloud deploy releases list` reads): the packages family's "any program's deploy ships" is not theirs.
# Any other program's `deploy` ships (`netlify deploy --prod`, `fly deploy`).
DEPLOY_SERVICES = frozenset({"gcloud", "aws"})

CLOUD_CLIS = frozenset(
    {
        "aws",
        "gcloud",
        "gsutil",
        "az",
        "doctl",
        "linode-cli",
        "hcloud",
        "oci",
        "ibmcloud",
        "flyctl",
        "fly",
        "heroku",
        "vercel",
        "netlify",
        "firebase",
        "supabase",
        "railway",
        "wrangler",
        "pulumi",
        "eksctl",
        "scw",
        "exo",
        "vultr-cli",
        "aliyun",
    }
)
DATABASE_CLIENTS = frozenset(
    {"psql", "mysql", "mariadb", "sqlite3", "mongo", "mongosh", "redis-cli", "cqlsh", "clickhouse-client"}
)
# (program, subcommand) that publishes to a registry.
PUBLISH = frozenset(
    {
        ("npm", "publish"),
        ("yarn", "publish"),
        ("pnpm", "publish"),
        ("bun", "publish"),
        ("cargo", "publish"),
        ("gem", "push"),
        ("poetry", "publish"),
        ("twine", "upload"),
        ("docker", "push"),
        ("podman", "push"),
        ("flit", "publish"),
        ("hatch", "publish"),
        ("uv", "publish"),
        ("dotnet", "nuget"),
        ("mvn", "deploy"),
        ("gradle", "publish"),
        ("gradlew", "publish"),
        ("vsce", "publish"),
        ("ovsx", "publish"),
        ("helm", "push"),
    }
)
