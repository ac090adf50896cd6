"""nerdctl: containerd's Docker-compatible CLI, judged as docker where it mirrors it.

Reference: nerdctl v2.0 (its command reference). Its commands and their options are Docker's (the
containers family's docker spec, Docker CLI 28.2.2, is copied here, so a container is given of the host what
`docker run` would give it: bind mounts, privilege, host namespaces); its global options are its own:
`--namespace`, `--snapshotter`, `--data-root`, `--cni-path` (a directory of CNI plugin binaries nerdctl runs:
a load), and `-a/--address/-H/--host` (another containerd, not modelled, as `docker -H`). `nerdctl compose`
is not modelled (docker's compose file is judged as a runner definition, which nerdctl's is not wired to).
A Docker option or subcommand nerdctl lacks is still declared (it fails there, harmlessly); one nerdctl adds asks, naming it.
This family is its own module so the copy is made only when nerdctl is called.
"""

from __future__ import annotations

import copy

from hookward.policy.spec import Spec
from hookward.policy.specs.containers import DOCKER


def _without_examples(spec: Spec) -> None:
    """The copies' examples are docker's own (checked under docker)."""
    spec.examples = {}
    for sub in {id(s): s for s in [*spec.subcommands.values(), *(p[1] for p in spec.prefixes)]}.values():
        _without_examples(sub)


NERDCTL = copy.deepcopy(DOCKER)
_without_examples(NERDCTL)
NERDCTL.name = "nerdctl"
NERDCTL.aliases = ()
NERDCTL.version = "nerdctl v2.0 (Docker CLI 28.2.2's commands)"
NERDCTL.summary = "containerd's Docker-compatible CLI"
NERDCTL._raw_options = {
    "-n --namespace --snapshotter --storage-driver --cgroup-manager --insecure-registry --host-gateway-ip": "val",
    "--bridge-ip --data-root --cni-netconfpath": "val",
    "--hosts-dir": "val:read",
    "--cni-path": "val:load",
    "-a --address -H --host": "val:unknown",
    "--debug --debug-full --experimental --kube-hide-dupe -v --version -h --help": "flag",
}
NERDCTL._options = None
# `docker compose up` judges the compose file it reads by its provenance (a runner definition, engine
# RUNNER_DEFINITIONS, for docker and podman); nerdctl's compose is not wired there, so it is not modelled.
del NERDCTL.subcommands["compose"]
NERDCTL.examples = {
    "nerdctl ps -a": "",
    "nerdctl -n k8s.io images": "",
    "nerdctl run -v /:/h alpine": "tree-read:/ tree-write:/ privilege:/",
    "nerdctl --cni-path /tmp/cni run alpine": "load:/tmp/cni",
    "nerdctl -H unix:///run/containerd.sock ps": "unknown",
    "nerdctl compose up -d": "unknown",
}

SPECS = [NERDCTL]
