"""Cloud and infrastructure: cloud CLIs (which verbs destroy, which only read, and which read a secret),
terraform and its kin changing real infrastructure, and database clients dropping data."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ASK, FORCE_ASK, Command, Demand, Floor, is_version_query
from hookward.policy.floors.names import CLOUD_CLIS, DATABASE_CLIENTS
from hookward.policy.lazy import LazyRegex

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


_DROPS_DATA = LazyRegex(
    r"\b(drop\s+(table|database|schema|collection)|truncate|delete\s+from|flushall|flushdb|dropDatabase)\b",
    re.IGNORECASE,
)


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    if (
        program in ("terraform", "tofu", "terragrunt")
        and args
        and (
            args[0] in ("destroy", "apply", "import", "taint", "untaint", "force-unlock")
            or (args[0] == "state" and len(args) > 1 and args[1] in ("rm", "mv", "push", "replace-provider"))
            or "-destroy" in args
        )
    ):
        verdict = FORCE_ASK if args[0] in ("destroy", "apply", "state") or "-destroy" in args else ASK
        found.append(Demand(Floor.DESTRUCTIVE, verdict, f"{program} {args[0]} changes real infrastructure"))
    if program in CLOUD_CLIS and not _cloud_help(args):
        verbs = [a for a in args if not a.startswith("-")][:4]
        if any(_DESTRUCTIVE_VERB.match(a) for a in verbs):
            found.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, f"{program} deletes or stops cloud resources"))
        elif not any(_CLOUD_READ_VERB.match(a) for a in verbs) or any(_CLOUD_SECRET.search(a) for a in verbs):
            found.append(Demand(Floor.EGRESS, ASK, f"{program} acts on a cloud account"))
    if program in DATABASE_CLIENTS and _DROPS_DATA.search(" ".join(cmd.argv)):
        found.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "drops or deletes database data"))
    return found
