"""Network clients: downloads, uploads, raw sockets, remote copies and remote shells, zone transfers."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ASK, DENY, FORCE_ASK, Command, Demand, Floor
from hookward.policy.knowledge import programs as kp

TYPE_CHECKING = False  # not typing's: `typing` is not imported on the hook path
if TYPE_CHECKING:
    from hookward.policy.spec import Walk


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    if program == "rsync" and any(a in ("-e", "--rsh") or a.startswith(("--rsh=", "--rsync-path")) for a in args):
        found.append(Demand(Floor.EGRESS, ASK, "rsync runs a remote shell command of its own"))
    if program in ("dig", "host") and any(a.lower() in ("axfr", "-taxfr", "ixfr") for a in args):
        found.append(Demand(Floor.EGRESS, ASK, "asks a name server for a whole zone"))
    if program in kp.EGRESS and program not in ("dig", "nslookup", "host"):
        found.extend(_egress_demands(program, args, cmd.walked))
    return found


def _egress_demands(program: str, args: list[str], walked: Walk | None = None) -> list[Demand]:
    """What a network client demands: the metadata service denied in any form of the call (a header or an
    option does not make it a different request), then what the client sends and where."""
    from hookward.policy.urls import names_metadata_service

    demands: list[Demand] = []
    if any(names_metadata_service(arg) for arg in args):
        reason = f"{program} reaches the cloud metadata service, which hands out credentials"
        demands.append(Demand(Floor.CLOUD_METADATA, DENY, reason))
    return demands + _client_demands(program, args, walked)


def _client_demands(program: str, args: list[str], walked: Walk | None) -> list[Demand]:
    # `walked`: the engine's spec walk of the command, handed on so the spec helpers do not walk it again
    if program in ("curl", "wget", "http", "https"):
        from hookward.policy import urls
        from hookward.policy.specs.network import plain_get

        found = plain_get([program, *args], walked)
        if found is not None:  # a plain download is the web tool's fetch: judged by the same URL rules
            from hookward.policy.content import holds_secret

            verdicts = {"ask": ASK, "deny": DENY}
            if any(holds_secret(arg) for arg in args):  # a literal token in a URL or header leaves with it
                return [Demand(Floor.CREDENTIALS, ASK, f"{program} sends what looks like an access token")]
            return [
                Demand(floor, verdicts[verdict], f"{program}: {reason}")
                for url in found
                for floor, verdict, reason in urls.fetch_problems(url, shell=True)
            ]
    if program in ("ssh", "scp", "rsync", "rclone"):
        from hookward.policy.specs.network import connects

        if not connects([program, *args], walked):
            return []  # `ssh -V`, `ssh -G`, a local rsync: no other machine is reached
    upload_flags = kp.UPLOAD_FLAGS.get(program, frozenset())
    uploads = []
    for i, arg in enumerate(args):
        name = arg.split("=", 1)[0]
        if name in upload_flags or (program == "curl" and re.match(r"^-[a-zA-Z]*[dFT]$", arg)):
            value = (
                arg.split("=", 1)[1]
                if "=" in arg and arg.startswith("--")
                else (args[i + 1] if i + 1 < len(args) else "")
            )
            uploads.append(value)
        if (
            program == "curl"
            and name in ("-X", "--request")
            and i + 1 < len(args)
            and args[i + 1].upper() in ("POST", "PUT", "PATCH")
        ):
            uploads.append("")
    if program in ("http", "https", "xh") and any(re.match(r"^[\w-]+(:=@|=@|@)", a) for a in args):
        uploads.append("@file")
    if program in kp.REMOTE_COPY:
        from hookward.policy.specs.network import copies_out

        # The spec knows rclone's subcommand (`rclone ls remote:` lists, it does not copy) and `--dry-run`.
        positional = [a for a in args if not a.startswith("-")]
        out = copies_out([program, *args], walked)
        if out:
            return [Demand(Floor.EGRESS, DENY, f"{program} copies local files to another machine")]
        if out is None and (
            len(positional) >= 2
            and re.match(r"^[\w.@-]+:", positional[-1])
            and not re.match(r"^[\w.@-]+:", positional[0])
        ):
            return [Demand(Floor.EGRESS, DENY, f"{program} copies local files to another machine")]
    if program in ("nc", "ncat", "netcat", "socat", "telnet"):
        if "-e" in args or "-c" in args or any("exec:" in a.lower() or "system:" in a.lower() for a in args):
            return [Demand(Floor.EGRESS, DENY, f"{program} connects a program to the network (a reverse shell)")]
        return [Demand(Floor.EGRESS, FORCE_ASK, f"{program} opens a raw network connection")]
    if (
        any(u.startswith(("@", "<")) or u == "-" or "=@" in u or "=<" in u for u in uploads)
        or (program == "wget" and any(a.startswith(("--post-file", "--body-file")) for a in args))
        or (program == "curl" and any(a.startswith(("-T", "--upload-file")) for a in args))
    ):
        return [Demand(Floor.EGRESS, DENY, f"{program} uploads a file or piped data to the network")]
    if uploads:
        return [Demand(Floor.EGRESS, ASK, f"{program} sends data to the network")]
    return [Demand(Floor.EGRESS, ASK, f"{program} reaches the network")]
