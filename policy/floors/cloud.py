"""Cloud CLIs: which verbs destroy, which only read, and which read a secret."""

from __future__ import annotations

import re

from hookward.policy.floors.common import is_version_query
from hookward.policy.lazy import LazyRegex

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
# A verb is a whole word or the head of one (`delete-bucket`, `terminate_instances`, `DeleteInstance`): it ends
# the word or meets `-`, `_`, `.`, `:` or a capital, so `download` is not `down` and `stopwatch` is not `stop`.
_DESTRUCTIVE_VERB = LazyRegex(
    r"^(delete|destroy|remove|rm|rb|terminate|purge|drop|deregister|disable|wipe|reset|revoke|detach|cancel|kill|stop|uninstall|prune|teardown|down|truncate|empty|del|erase|unset)"
    r"(?=$|[-_.:]|(?-i:[A-Z]))",
    re.IGNORECASE,
)

# Cloud CLI verbs that only look (aws ec2 describe-instances, gcloud ... list), metadata included
# (`az storage blob exists`, `gsutil stat|du|hash`) and a URL computed locally (`az storage blob url`).
_CLOUD_READ_VERB = LazyRegex(
    r"^(describe|list|get|show|ls|status|info|view|whoami|search|lookup|check|version|help|inspect|tail|logs|read|print|head|exists|url|stat|du|hash|test-dns-answer)([-_].*)?$",
    re.IGNORECASE,
)
# ... unless what they read is a secret.
_CLOUD_SECRET = LazyRegex(
    r"secret|password|credential|token|key-value|get-parameter|access-key|login|sign|decrypt|export|print-access|print-identity|configure|keys|kms|vault|ssm",
    re.IGNORECASE,
)


def _cloud_help(args: list[str]) -> bool:
    """`aws s3 --help`, `gcloud apigee help`, `wrangler -v`: usage or version text, printed locally, runs nothing.

    Only a trailing --help/-h (an option before it that wants a value takes it and the CLI stops with an
    error, running nothing), a `help` that is the second word at most, or a lone version option."""
    if is_version_query(args) or args == ["version"]:
        return True
    if args and args[-1] in ("--help", "-h"):
        return True
    words = [a for a in args if not a.startswith("-")]
    return bool(args) and args[-1] == "help" and len(words) <= 2
