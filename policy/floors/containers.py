"""Containers and Kubernetes: docker and podman (privileged containers, host mounts, removals), kubectl and
helm changing a live cluster, and cluster credentials printed."""

from __future__ import annotations

import os
import re

from hookward.policy.floors.common import ASK, DENY, FORCE_ASK, Command, Demand, Floor

_KUBECTL_CHANGES = frozenset(
    {
        "delete",
        "drain",
        "replace",
        "scale",
        "patch",
        "apply",
        "edit",
        "cordon",
        "taint",
        "rollout",
        "exec",
        "cp",
        "port-forward",
        "run",
        "create",
        "set",
        "label",
        "annotate",
    }
)


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, cmd.args
    found: list[Demand] = []
    if program == "kubectl" and args[:2] == ["config", "view"] and "--raw" in args:
        found.append(Demand(Floor.CREDENTIALS, DENY, "prints cluster credentials"))
    if program == "kubectl" and args and args[0] in _KUBECTL_CHANGES:
        verdict = FORCE_ASK if args[0] in ("delete", "drain", "replace", "scale") else ASK
        found.append(Demand(Floor.DESTRUCTIVE, verdict, f"kubectl {args[0]} changes a live cluster"))
    if program == "helm" and args and args[0] in ("uninstall", "delete", "rollback", "upgrade", "install"):
        found.append(
            Demand(
                Floor.DESTRUCTIVE,
                FORCE_ASK if args[0] in ("uninstall", "delete", "rollback") else ASK,
                f"helm {args[0]} changes a live cluster",
            )
        )
    if program in ("docker", "podman") and args:
        found.extend(_container_demands(_after_globals(args)))
    return found


# docker's and podman's global options that take a value: `docker --context prod run ...` still runs `run`.
_GLOBAL_VALUED = frozenset(
    "-c --context -H --host -l --log-level --config --tlscacert --tlscert --tlskey --connection --url --identity "
    "--root --runroot --storage-driver --storage-opt --cgroup-manager --events-backend --network-cmd-path "
    "--runtime --tmpdir --module --cni-config-dir --conmon --hooks-dir --imagestore --network-config-dir "
    "--volumepath --ssh".split()
)


def _after_globals(args: list[str]) -> list[str]:
    """The words from the subcommand on, past the global options before it."""
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "-":
        i += 2 if args[i] in _GLOBAL_VALUED else 1
    return args[i:] or args


def _container_demands(args: list[str]) -> list[Demand]:
    demands: list[Demand] = []
    sub = args[0]
    text = " ".join(args)
    if sub in ("run", "create", "exec", "compose", "container"):
        if (
            "--privileged" in args
            or re.search(r"--cap-add[= ](ALL|SYS_ADMIN)", text)
            or re.search(r"--pid[= ]host|--net(work)?[= ]host.*--privileged", text)
        ):
            demands.append(Demand(Floor.PRIVILEGE, DENY, "runs a privileged container, which owns the host"))
        for i, arg in enumerate(args):
            mount = None
            if arg in ("-v", "--volume", "--mount") and i + 1 < len(args):
                mount = args[i + 1]
            elif arg.startswith(("--volume=", "--mount=", "-v")) and len(arg) > 2:
                mount = arg.split("=", 1)[1] if "=" in arg and arg.startswith("--") else arg[2:]
            if mount is None:
                continue
            source = (
                mount.split(":", 1)[0]
                if not mount.startswith(("type=", "source=", "src="))
                else re.sub(r".*(?:source|src)=([^,]*).*", r"\1", mount)
            )
            home = os.path.expanduser("~").rstrip("/")
            if (
                source in ("/", "/etc", "/root", "/home", "/var", "/usr", "~", "$HOME")
                or "docker.sock" in source
                or source.rstrip("/") in ("", home)
                or (source.startswith("/") and home.startswith(source.rstrip("/") + "/"))
            ):
                demands.append(
                    Demand(Floor.PRIVILEGE, DENY, f"mounts {source} into a container, which hands it the host")
                )
        if sub == "run":
            demands.append(Demand(Floor.FETCH_AND_RUN, ASK, "runs a container image"))
    if sub in ("rm", "rmi", "system", "volume", "network", "image", "container", "kill", "stop") and (
        sub in ("rm", "rmi", "kill", "stop") or (len(args) > 1 and args[1] in ("prune", "rm"))
    ):
        demands.append(Demand(Floor.DESTRUCTIVE, ASK, f"docker {sub} removes containers, images or data"))
    return demands
