"""Infrastructure, Kubernetes-adjacent and supply-chain tools.

Local clusters (kind, minikube), manifest tools (kustomize, helmfile, kubeconform), cluster helpers
(kubectx, kubens, stern, k9s), configuration management (ansible and its companions), VMs (vagrant).

Reference versions: kind v0.24.0, minikube v1.34.0, kustomize v5.4, helmfile v0.169, kubeconform v0.6,
kubectx / kubens v0.9.5, stern v1.30, k9s v0.32 (their manuals and `--help` as the upstream docs print them;
not packaged by Debian), ansible-core 2.17.7 (`--help` of each program, read from the PyPI package), Vagrant
2.4 (its command reference). The Go/cobra programs never abbreviate long options (`long_prefix=False`);
ansible's argparse does (the default). Where a reference `--help` lists an option not declared here (the long
tail of `minikube start`'s driver options), it is not modelled and asks, naming it.

The mapping follows the containers family (kubectl, helm) for what acts on a cluster:
- reading a cluster or a tree of manifests: no effect;
- changing a cluster, reaching into it (ssh into a node, a service tunnel, a dashboard proxy) or changing a
  local VM or cluster's state (start, stop, load an image): `destroy` (ask); deleting one: `destroy` too,
  and `destroy@force_ask` where it deletes every cluster or purges the tool's state;
- writing the person's kubeconfig or the tool's own settings (kind export kubeconfig, kubectx NAME,
  minikube config set / profile NAME): `config`;
- printing credentials (kind get kubeconfig: a client key; ansible-vault view / decrypt): `secret`;
  printing an environment that points a client at a daemon (minikube docker-env): `env`.
Ansible runs the tasks of a playbook (or `ansible -m shell -a CMD`) on the hosts of its inventory, over ssh or
on this machine, also under `--check` (modules run to predict their changes): the playbook is code the program
loads (judged by its provenance), and reaching the hosts is `network` (egress asks). `--syntax-check`,
`--list-tasks`, `--list-hosts` and `--list-tags` run nothing on the hosts. An inventory file may be a script
(ansible runs an executable inventory), so `-i FILE` is a load; `-i host1,host2,` is a list of hosts.
Vagrant evaluates the Vagrantfile (Ruby) at every command that acts on a machine: that is a load of it.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from hookward.policy.spec import Effect, Spec, Walk
from hookward.policy.specs._loads import outside

Judge = Callable[[Walk, list[str]], None]

_HELP = {"-h --help": "flag"}


def _go(name: str, options: dict[str, str] | None = None, operands: str = "", **kwargs: object) -> Spec:
    """A cobra/pflag command: long options are never abbreviated."""
    return Spec(name, options={**_HELP, **(options or {})}, operands=operands, long_prefix=False, **kwargs)  # type: ignore[arg-type]


def _anywhere(spec: Spec) -> Spec:
    """cobra's persistent flags (`--context`, `-p PROFILE`) are accepted after every subcommand."""
    spec.globals_anywhere = True
    for sub in {id(s): s for s in [*spec.subcommands.values(), *(p[1] for p in spec.prefixes)]}.values():
        _anywhere(sub)
    return spec


def _versioned(spec: Spec, version: str) -> Spec:
    spec.version = version
    for sub in {id(s): s for s in [*spec.subcommands.values(), *(p[1] for p in spec.prefixes)]}.values():
        _versioned(sub, version)
    return spec


def config_in_cwd(names: tuple[str, ...], origins: tuple[str, ...], then: Judge | None = None) -> Judge:
    """A judge: the configuration file the program reads from the directory it runs in (unless an option names
    another) can set any of its options (an output path, a server, plugins, a password script): it is a load,
    judged by its provenance, as a runner definition is. `then` judges the walk afterwards."""

    def judge(walk: Walk, argv: list[str]) -> None:
        if then is not None:
            then(walk, argv)
        if walk.idle or any(e.origin in origins for e in walk.effects):
            return
        if any(s in ("-h", "--help", "--version") for s in walk.seen):
            return
        for name in names:
            if walk.cwd and os.path.isfile(os.path.join(walk.cwd, name)):
                walk.effects.append(Effect("load", name, f"the {name} of the directory"))
                return

    return judge


# --- kind ------------------------------------------------------------------------------------------------------

KIND_VERSION = "kind v0.24.0"
_KIND_NAME = {"-n --name": "val"}

KIND = Spec(
    "kind",
    summary="Kubernetes in Docker: local clusters whose nodes are privileged containers",
    options={"-q --quiet --version": "flag", "-v --verbosity --loglevel": "val", **_HELP},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "create": _go(
            "create",
            subcommand_required=True,
            subcommands={
                # The cluster's config can mount any host path into its privileged nodes (extraMounts): the
                # person's config is routine, another one asks; the new context is written to the kubeconfig.
                "cluster": _go(
                    "cluster",
                    {
                        **_KIND_NAME,
                        "--config": "val:load",
                        "--image --wait": "val",
                        "--kubeconfig": "val:write",
                        "--retain": "flag",
                    },
                    effects="config",
                ),
            },
        ),
        "delete": _go(
            "delete",
            subcommand_required=True,
            subcommands={
                "cluster": _go("cluster", {**_KIND_NAME, "--kubeconfig": "val:edit"}, effects="destroy"),
                "clusters": _go(
                    "clusters",
                    {"-A --all": "flag:destroy@force_ask", "--kubeconfig": "val:edit"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
        "export": _go(
            "export",
            subcommand_required=True,
            subcommands={
                "kubeconfig": _go(
                    "kubeconfig", {**_KIND_NAME, "--kubeconfig": "val:edit", "--internal": "flag"}, effects="config"
                ),
                # Logs go to the directory named (a fresh temporary directory when none is).
                "logs": _go("logs", _KIND_NAME, operands="tree-write?"),
            },
        ),
        "get": _go(
            "get",
            subcommand_required=True,
            subcommands={
                "clusters": _go("clusters"),
                "nodes": _go("nodes", {**_KIND_NAME, "-A --all-clusters": "flag"}),
                # The kubeconfig holds the cluster admin's client key.
                "kubeconfig": _go("kubeconfig", {**_KIND_NAME, "--internal": "flag"}, effects="secret@ask"),
            },
        ),
        "load": _go(
            "load",
            subcommand_required=True,
            subcommands={
                "docker-image": _go(
                    "docker-image", {**_KIND_NAME, "--nodes": "val"}, operands="text+", effects="destroy"
                ),
                "image-archive": _go(
                    "image-archive", {**_KIND_NAME, "--nodes": "val"}, operands="read+", effects="destroy"
                ),
            },
        ),
        "completion": _go("completion", operands="text?"),
        "version": _go("version"),
    },
    examples={
        "kind get clusters": "",
        "kind get nodes --name dev": "",
        "kind version": "",
        "kind create cluster --name dev": "config",
        "kind create cluster --config kind.yaml": "config load:kind.yaml",
        "kind create cluster --kubeconfig ~/.bashrc": "config write:~/.bashrc",
        "kind delete cluster --name dev": "destroy",
        "kind delete clusters --all": "destroy destroy",
        "kind export kubeconfig --name dev": "config",
        "kind export logs ./logs": "tree-write:./logs",
        "kind get kubeconfig --name dev": "secret",
        "kind load docker-image app:dev --name dev": "destroy",
        "kind load image-archive img.tar": "destroy read:img.tar",
        "kind build node-image": "unknown",
    },
)
_versioned(_anywhere(KIND), KIND_VERSION)


# --- minikube --------------------------------------------------------------------------------------------------

MINIKUBE_VERSION = "minikube v1.34.0"
_MK_GLOBAL = {
    "--add_dir_header --alsologtostderr --logtostderr --one_output --skip_headers --skip_log_headers": "flag",
    "--skip-audit --rootless": "flag",
    "-b --bootstrapper --log_backtrace_at --log_file_max_size -p --profile --stderrthreshold --user": "val",
    "-v --v --vmodule": "val",
    "--log_dir": "val:tree-write",
    "--log_file": "val:write",
    **_HELP,
}
_MK_NODE = {"-n --node": "val"}
_MK_OUTPUT = {"-o --output --format -f": "val"}


def _mk_mount(walk: Walk, argv: list[str]) -> None:
    """`minikube mount SRC:DST`, `start --mount-string SRC:DST`: the host directory SRC is shared, writable,
    with the cluster's node (judged like a bind mount)."""
    for effect in list(walk.effects):
        if effect.kind == "tree-write" and effect.origin in ("operand 1", "--mount-string"):
            walk.effects.remove(effect)
            source = effect.value.rsplit(":", 1)[0] if ":" in effect.value else effect.value
            if source:
                walk.effects.append(Effect("tree-read", source, effect.origin))
                walk.effects.append(Effect("tree-write", source, effect.origin))


def _mk_kubectl(walk: Walk, argv: list[str]) -> None:
    """`minikube kubectl -- ARGS` runs the matching kubectl with ARGS: judged as that kubectl command."""
    if walk.rest is not None:
        walk.rest = ["kubectl", *walk.rest]


def _node_side(word: str) -> bool:
    return ":" in word and not word.startswith(("/", ".", "~"))


def _mk_cp(walk: Walk, argv: list[str]) -> None:
    """`minikube cp SRC NODE:DST` reads SRC on this machine; `minikube cp NODE:SRC DST` writes DST here."""
    found = {e.origin: e for e in walk.effects if e.origin in ("operand 1", "operand 2")}
    source, dest = found.get("operand 1"), found.get("operand 2")
    if source is None or dest is None:
        return
    walk.effects.remove(source)
    walk.effects.remove(dest)
    if _node_side(dest.value) and not _node_side(source.value):
        walk.effects.append(source)
    elif _node_side(source.value) and not _node_side(dest.value):
        walk.effects.append(Effect("write", dest.value, dest.origin))
    else:
        walk.unknown.append("minikube cp without exactly one node: side is not modelled")


_MK_START = {
    "--addons --apiserver-ips --apiserver-name --apiserver-names --apiserver-port --base-image --cert-expiration": "val",
    "--cni --container-runtime --cpus --cri-socket --disk-size --dns-domain --docker-env --docker-opt": "val",
    "--driver --vm-driver --extra-config --extra-disks --feature-gates --gpus --image-mirror-country": "val",
    "--image-repository --insecure-registry --iso-url --kubernetes-version --memory --mount-9p-version": "val",
    "--mount-gid --mount-ip --mount-msize --mount-options --mount-port --mount-type --mount-uid --namespace": "val",
    "--network --network-plugin -n --nodes --registry-mirror --service-cluster-ip-range --static-ip --subnet": "val",
    "--wait --wait-timeout --binary-mirror --kvm-network --hyperv-virtual-switch --ssh-ip-address": "val",
    "--ssh-port --ssh-user --host-only-cidr --nat-nic-type --host-only-nic-type": "val",
    "--ssh-key": "val",  # an identity used to log in, not read into the output (as ssh -i)
    "--mount-string": "val:tree-write",
    "--auto-update-drivers --cache-images --delete-on-failure --disable-driver-mounts --disable-metrics": "flag",
    "--disable-optimizations --download-only --dry-run --embed-certs --force --force-systemd --ha": "flag",
    "--install-addons --interactive --keep-context --mount --native-ssh --no-kubernetes --no-vtx-check": "flag",
    "--preload --host-dns-resolver --dns-proxy --kvm-gpu --kvm-hidden": "flag",
    # Exposing the API server or node ports on other addresses of this machine is not modelled.
    "--listen-address --ports": "unknown",
}

MINIKUBE = Spec(
    "minikube",
    summary="local Kubernetes clusters in a VM or container",
    options=_MK_GLOBAL,
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "status": _go("status", {**_MK_OUTPUT, **_MK_NODE, "-l --layout": "val", "-w --watch": "opt"}),
        "ip": _go("ip", _MK_NODE),
        "version": _go("version", {**_MK_OUTPUT, "--components --short": "flag"}),
        "update-check": _go("update-check"),
        "options": _go("options"),
        "completion": _go("completion", operands="text?"),
        "ssh-key ssh-host": _go("ssh-key", {**_MK_NODE, "--append-known": "flag:edit=~/.ssh/known_hosts"}),
        "profile": _go(
            "profile",
            subcommands={
                "list": _go("list", {**_MK_OUTPUT, "-l --light": "flag"}),
                # `minikube profile NAME` makes NAME the default profile (minikube's config).
                "*": _go("set", effects="config"),
            },
        ),
        "logs": _go(
            "logs",
            {
                **_MK_NODE,
                "--file": "val:write",
                "-f --follow --problems --audit --last-start-only": "flag",
                "--length": "val",
            },
        ),
        "start": _go("start", _MK_START, effects="config destroy", judge=_mk_mount),
        "stop": _go(
            "stop",
            {
                **_MK_OUTPUT,
                "--all": "flag:destroy@force_ask",
                "--keep-context-active --cancel-scheduled": "flag",
                "--schedule": "val",
            },
            effects="destroy",
        ),
        "delete": _go(
            "delete",
            {**_MK_OUTPUT, "--all": "flag:destroy@force_ask", "--purge": "flag:destroy@force_ask"},
            effects="destroy",
        ),
        "pause unpause": _go(
            "pause", {**_MK_OUTPUT, "-A --all-namespaces": "flag", "-n --namespaces": "val"}, effects="destroy"
        ),
        # A tunnel routes LoadBalancer services to this machine (with root's routes); a service opens one.
        "tunnel": _go("tunnel", {"--bind-address": "val", "-c --cleanup": "flag"}, effects="destroy"),
        "service": _go(
            "service",
            {
                "--all --https --url": "flag",
                "--format --interval -n --namespace --wait": "val",
            },
            subcommands={
                "list": _go("list", {"-n --namespace": "val", "-o --output": "val"}),
                "*": _go("open", operands="text*", effects="destroy"),
            },
        ),
        "dashboard": _go("dashboard", {"--url": "flag", "--port": "val"}, effects="destroy"),
        # A shell (or the command after `--`) in the cluster's node.
        "ssh": _go("ssh", {**_MK_NODE, "--native-ssh": "flag"}, operands="text*", effects="destroy"),
        "cp": _go("cp", operands="read read", effects="destroy", judge=_mk_cp),
        "mount": _go(
            "mount",
            {"--9p-version --gid --uid --ip --msize --options --port --type --mode": "val", "--kill": "flag"},
            operands="tree-write",
            effects="destroy",
            judge=_mk_mount,
        ),
        # Prints DOCKER_HOST and the path of the client certificates that reach the node's daemon.
        "docker-env podman-env": _go(
            "docker-env",
            {"--shell -o --output": "val", "-u --unset --no-proxy --ssh-host": "flag", "--ssh-add": "flag:config"},
            effects="env",
        ),
        "update-context": _go("update-context", effects="config"),
        "kubectl": _go("kubectl", {**_MK_NODE, "--ssh": "flag"}, operands="argv", judge=_mk_kubectl),
        "addons": _go(
            "addons",
            subcommand_required=True,
            subcommands={
                "list": _go("list", {**_MK_OUTPUT, "-d --docs": "flag"}),
                "images": _go("images", _MK_OUTPUT, operands="text?"),
                "enable disable": _go(
                    "enable",
                    {"--images --registries": "val", "--refresh --force": "flag"},
                    operands="text",
                    effects="destroy",
                ),
                "open": _go(
                    "open",
                    {"--https --url": "flag", "--format --interval --wait": "val"},
                    operands="text",
                    effects="destroy",
                ),
                "configure": _go("configure", operands="text", effects="config"),
            },
        ),
        "config": _go(
            "config",
            subcommand_required=True,
            subcommands={
                "view": _go("view", {"--format -o --output": "val"}),
                "get": _go("get", operands="text"),
                "defaults": _go("defaults", {"-o --output": "val"}, operands="text?"),
                "set unset": _go("set", operands="text+", effects="config"),
            },
        ),
        "image": _go(
            "image",
            subcommand_required=True,
            subcommands={
                "ls list": _go("ls", {"--format": "val"}),
                "load": _go(
                    "load",
                    {"--daemon --overwrite --remote --pull": "flag"},
                    operands="read+",
                    effects="destroy",
                ),
                "build": _go(
                    "build",
                    {
                        "-f --file": "val:read",
                        "-t --tag --build-env --build-opt": "val",
                        **_MK_NODE,
                        "--all": "flag",
                        "--push": "flag:publish",
                    },
                    operands="tree-read?",
                    effects="destroy",
                ),
                "rm remove unload tag pull": _go("rm", operands="text+", effects="destroy"),
                "push": _go("push", operands="text+", effects="publish"),
            },
        ),
        "node": _go(
            "node",
            subcommand_required=True,
            subcommands={
                "list": _go("list"),
                "add start stop delete": _go(
                    "add", {"--control-plane --worker --delete-on-failure": "flag"}, operands="text?", effects="destroy"
                ),
            },
        ),
    },
    examples={
        "minikube status": "",
        "minikube -p dev status -o json": "",
        "minikube ip": "",
        "minikube profile list": "",
        "minikube profile dev": "config",
        "minikube version --short": "",
        "minikube addons list": "",
        "minikube service list": "",
        "minikube start": "config destroy",
        "minikube start --driver=docker --memory=4g --cpus 2": "config destroy",
        "minikube start --mount --mount-string ~/.ssh:/keys": "config destroy tree-read:~/.ssh tree-write:~/.ssh",
        "minikube start --listen-address=0.0.0.0": "config destroy unknown",
        "minikube stop": "destroy",
        "minikube delete": "destroy",
        "minikube delete --all --purge": "destroy destroy destroy",
        "minikube service web --url": "destroy",
        "minikube service --url web -n prod": "destroy",
        "minikube tunnel": "destroy",
        "minikube ssh": "destroy",
        "minikube ssh -- sudo cat /etc/shadow": "destroy",
        "minikube docker-env": "env",
        "minikube mount ./data:/data": "destroy tree-read:./data tree-write:./data",
        "minikube cp ~/.ssh/id_rsa minikube:/tmp/k": "destroy read:~/.ssh/id_rsa",
        "minikube logs --file=/tmp/mk.log": "write:/tmp/mk.log",
        "minikube log_file": "unknown",
        "minikube --log_file ~/.bashrc status": "write:~/.bashrc",
        "minikube addons enable ingress": "destroy",
        "minikube config set memory 8192": "config",
        "minikube config view": "",
        "minikube image ls": "",
        "minikube image build -t app .": "destroy tree-read:.",
        "minikube image push app": "publish",
        "minikube cache add alpine": "unknown",
    },
)
_versioned(_anywhere(MINIKUBE), MINIKUBE_VERSION)


# --- kustomize -------------------------------------------------------------------------------------------------

KUSTOMIZE_VERSION = "kustomize v5.4"


def _kustomize_build(walk: Walk, argv: list[str]) -> None:
    """`--load-restrictor LoadRestrictionsNone` lets the kustomization read (and print, in a generated Secret or
    ConfigMap) any file of this machine, not only those under its root: not modelled."""
    for i, word in enumerate(argv):
        value = word.partition("=")[2] if word.startswith("--load-restrictor=") else ""
        if word == "--load-restrictor" and i + 1 < len(argv):
            value = argv[i + 1]
        if value and value != "LoadRestrictionsRootOnly":
            walk.unknown.append(f"kustomize --load-restrictor {value} (files outside the root) is not modelled")


def _edits_kustomization(walk: Walk, argv: list[str]) -> None:
    """`kustomize edit ...` rewrites the kustomization file of the directory it runs in."""
    walk.effects.append(Effect("edit", "kustomization.yaml", "kustomize edit"))


def _creates_kustomization(walk: Walk, argv: list[str]) -> None:
    walk.effects.append(Effect("write", "kustomization.yaml", "kustomize create"))


_KUSTOMIZE_EDIT_ANY = _go(
    "edit-target",
    {
        "--from-file --from-literal --from-env-file --type --behavior --namespace --kind --group --version": "val",
        "--name --path --patch --disableNameSuffixHash --annotation --label --force": "unknown",
    },
    operands="text*",
    judge=_edits_kustomization,
)

KUSTOMIZE = Spec(
    "kustomize",
    summary="renders Kubernetes manifests from a kustomization tree",
    options={"--stack-trace": "flag", **_HELP},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "build": _go(
            "build",
            {
                "-o --output": "val:write",
                "--enable-helm": "flag:load",  # runs helm, which fetches and renders charts
                "--helm-command": "val:script",
                "--enable-alpha-plugins --enable-exec": "flag:load",  # exec and container KRM functions run
                "--load-restrictor --reorder -e --env --mount --network-name --helm-api-versions": "val",
                "--helm-kube-version": "val",
                "--network --as-current-user --enable-managedby-label --add-manage-by-label": "flag",
            },
            operands="tree-read?",
            judge=_kustomize_build,
        ),
        "edit": _go(
            "edit",
            subcommand_required=True,
            subcommands={
                "add set remove": _go("add", subcommands={"*": _KUSTOMIZE_EDIT_ANY}),
                "fix": _go("fix", {"--vars": "flag"}, judge=_edits_kustomization),
            },
        ),
        "create init": _go(
            "create",
            {
                "--autodetect --recursive": "flag",
                "--resources --namespace --nameprefix --namesuffix --labels --annotations": "val",
            },
            judge=_creates_kustomization,
        ),
        "version": _go("version", {"--short": "flag", "-o --output": "val"}),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "kustomize build overlays/prod": "tree-read:overlays/prod",
        "kustomize build": "",
        "kustomize build . -o out.yaml": "tree-read:. write:out.yaml",
        "kustomize build --enable-helm .": "load tree-read:.",
        "kustomize build --enable-alpha-plugins --enable-exec .": "load load tree-read:.",
        "kustomize build --helm-command /tmp/helm .": "script:/tmp/helm tree-read:.",
        "kustomize build --load-restrictor LoadRestrictionsNone .": "tree-read:. unknown",
        "kustomize build -o ~/.bashrc .": "tree-read:. write:~/.bashrc",
        "kustomize edit set image app=registry/app:1.2": "edit:kustomization.yaml",
        "kustomize edit add resource deploy.yaml": "edit:kustomization.yaml",
        "kustomize create --autodetect": "write:kustomization.yaml",
        "kustomize version": "",
        "kustomize fn run .": "unknown",
    },
)
_versioned(KUSTOMIZE, KUSTOMIZE_VERSION)


# --- helmfile --------------------------------------------------------------------------------------------------

HELMFILE_VERSION = "helmfile v0.169"
_HELMFILE_DEFAULTS = ("helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.d")


def _helmfile_state(walk: Walk, argv: list[str]) -> None:
    """A helmfile is a Go template rendered with `exec` and `readFile`: the default one in the directory the
    command runs in is code the program loads (judged by its provenance), as a `-f FILE` is."""
    if any(e.origin == "-f" or e.origin == "--file" for e in walk.effects):
        return
    if any(w in ("-h", "--help", "-v", "--version") for w in argv) or walk.spec.name in ("version", "completion"):
        return
    for name in _HELMFILE_DEFAULTS:
        if walk.cwd and os.path.exists(os.path.join(walk.cwd, name)):
            walk.effects.append(Effect("load", name, "the helmfile of the directory"))
            return


_HELMFILE_GLOBAL = {
    "-b --helm-binary": "val:script",
    "-e --environment --kube-context -n --namespace -l --selector --log-level -c --chart": "val",
    "--state-values-set --state-values-set-string": "val",
    "--state-values-file": "val:read",
    "-f --file": "val:load",
    "-k --kubeconfig": "val:load",
    "--allow-no-matching-release --color --no-color --debug --disable-force-update --enable-live-output": "flag",
    "-i --interactive -q --quiet --skip-deps --strip-args-values-on-exit-error -v --version": "flag",
    **_HELP,
}
_HELMFILE_RUN = {
    "--args --set --values --concurrency --context --output --wait-retries --kube-version --cascade": "val",
    "--api-versions --post-renderer-args --skip-schema-validation --timeout": "val",
    "--post-renderer": "val:exec",
    "--detailed-exitcode --suppress-secrets --skip-needs --include-needs --include-transitive-needs": "flag",
    "--skip-diff-on-install --skip-crds --skip-cleanup --skip-refresh --include-tests --reset-values": "flag",
    "--reuse-values --wait --wait-for-jobs --suppress-diff --no-hooks": "flag",
    "--validate --enable-dns --hide-notes --take-ownership --strip-trailing-cr": "flag",
    "--suppress-output-line-regex --sync-args --diff-args": "val",
    "--show-secrets": "flag:secret",
}


def _helmfile(name: str, effects: str = "", extra: dict[str, str] | None = None) -> Spec:
    return _go(name, {**_HELMFILE_RUN, **(extra or {})}, effects=effects, judge=_helmfile_state)


HELMFILE = Spec(
    "helmfile",
    summary="deploys a set of helm releases declared in a helmfile",
    options=_HELMFILE_GLOBAL,
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "diff template lint list status build show-dag write-values": _helmfile(
            "diff", extra={"--output-dir --output-file-template --output-dir-template": "val:tree-write"}
        ),
        "apply sync test": _helmfile("apply", "destroy"),
        "destroy delete": _helmfile("destroy", "destroy@force_ask", {"--purge": "flag"}),
        "deps repos fetch": _helmfile("deps", "network", {"--output-dir": "val:tree-write"}),
        "init": _helmfile("init", "network config", {"--force": "flag"}),
        "version": _go("version", {"-o --output": "val"}),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "helmfile diff": "",
        "helmfile -e prod diff --suppress-secrets": "",
        "helmfile template --output-dir out": "tree-write:out",
        "helmfile lint": "",
        "helmfile apply": "destroy",
        "helmfile -e prod sync": "destroy",
        "helmfile destroy": "destroy",
        "helmfile -f /tmp/evil.yaml diff": "load:/tmp/evil.yaml",
        "helmfile -b /tmp/helm diff": "script:/tmp/helm",
        "helmfile diff --show-secrets": "secret",
        "helmfile deps": "network",
        "helmfile version": "",
    },
)
_versioned(_anywhere(HELMFILE), HELMFILE_VERSION)


# --- kubectx, kubens, stern, k9s, kubeconform --------------------------------------------------------------------

KUBECTX_VERSION = "kubectx v0.9.5"


def _switches_context(walk: Walk, argv: list[str]) -> None:
    """Any operand switches (NAME, `-`), renames (NEW=OLD) or is deleted (-d): the kubeconfig changes."""
    if any(not w.startswith("-") or w == "-" for w in argv[1:]) and not walk.seen:
        walk.effects.append(Effect("config", "", "switches the kubeconfig's current context or namespace"))


KUBECTX = Spec(
    "kubectx",
    version=KUBECTX_VERSION,
    summary="lists or switches the kubeconfig's contexts",
    options={"-c --current -V --version": "flag", "-u --unset": "flag:config", "-d": "flag:config", **_HELP},
    operands="text*",
    long_prefix=False,
    judge=_switches_context,
    examples={
        "kubectx": "",
        "kubectx -c": "",
        "kubectx prod": "config",
        "kubectx -": "config",
        "kubectx dev=kind-dev": "config",
        "kubectx -d old": "config",
        "kubectx -u": "config",
    },
)
KUBENS = Spec(
    "kubens",
    version="kubens v0.9.5",
    summary="lists or switches the current context's namespace",
    options={"-c --current -V --version": "flag", "-f --force": "flag:config", "-u --unset": "flag:config", **_HELP},
    operands="text?",
    long_prefix=False,
    judge=_switches_context,
    examples={"kubens": "", "kubens -c": "", "kubens kube-system": "config", "kubens -": "config"},
)

STERN = Spec(
    "stern",
    version="stern v1.30",
    summary="tails the logs of pods matched by a query",
    options={
        "-A --all-namespaces --init-containers --ephemeral-containers --no-follow --only-log-lines": "flag",
        "-p --prompt --show-hidden-options -v --version --stdin --diff-container": "flag",
        "--timestamps": "opt",
        "--color --completion -c --container --container-state --context -e --exclude": "val",
        "-E --exclude-container --exclude-pod --field-selector -i --include --max-log-requests": "val",
        "-n --namespace --node -o --output -l --selector -s --since --tail --template --timezone": "val",
        "--verbosity --condition --highlight -H": "val",
        "--config -T --template-file": "val:read",
        "--kubeconfig": "val:load",
        **_HELP,
    },
    operands="text?",
    long_prefix=False,
    examples={
        "stern api -n prod --since 10m": "",
        "stern . -A --tail 50": "",
        "stern -l app=web -o json": "",
        "stern api --kubeconfig /tmp/kc": "load:/tmp/kc",
    },
)

K9S = Spec(
    "k9s",
    version="k9s v0.32",
    summary="a terminal UI with full read and write access to the cluster",
    options={
        "-A --all-namespaces --crumbsless --headless --logoless --splashless --insecure-skip-tls-verify": "flag",
        "--readonly --write": "flag",
        "--certificate-authority --client-certificate --client-key --cluster --context -c --command": "val",
        "-l --logLevel -n --namespace -r --refresh --request-timeout --token --user": "val",
        "--as --as-group": "val:privilege",
        "--kubeconfig": "val:load",
        "--logFile": "val:write",
        "--screen-dump-dir": "val:tree-write",
        **_HELP,
    },
    long_prefix=False,
    effects="destroy",
    subcommands={
        "version": _go("version", {"-s --short": "flag"}),
        "info": _go("info"),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "k9s": "destroy",
        "k9s -n prod --readonly": "destroy",
        "k9s version": "",
        "k9s info": "",
    },
)
for _sub in K9S.subcommands.values():
    _sub.version = K9S.version


def _double(options: dict[str, str]) -> dict[str, str]:
    """Go's flag package reads `-flag` and `--flag` alike."""
    return {" ".join(f"{w} -{w}" for w in names.split()): effect for names, effect in options.items()}


KUBECONFORM = Spec(
    "kubeconform",
    version="kubeconform v0.6",
    summary="validates Kubernetes manifests against JSON schemas (fetched from GitHub by default)",
    options=_double(
        {
            "-debug -exit-on-error -h -ignore-missing-schemas -insecure-skip-tls-verify -strict -summary": "flag",
            "-v -verbose": "flag",
            "-ignore-filename-pattern -kubernetes-version -n -output -reject -skip": "val",
            "-schema-location": "val:fetch",
            "-cache": "val:tree-write",
        }
    ),
    single_dash=True,
    long_prefix=False,
    bundling=False,
    operands="tree-read*",
    effects="fetch",
    examples={
        "kubeconform -strict -summary manifests/": "fetch tree-read:manifests/",
        "kubeconform --strict deploy.yaml": "fetch tree-read:deploy.yaml",
        "kubeconform -cache /tmp/kc -output json k8s": "fetch tree-write:/tmp/kc tree-read:k8s",
        "kubeconform -schema-location https://example.com/{{.ResourceKind}}.json x.yaml": (
            "fetch fetch:https://example.com/{{.ResourceKind}}.json tree-read:x.yaml"
        ),
    },
)


KUBEVAL = Spec(
    "kubeval",
    version="kubeval v0.16.1",
    summary="validates Kubernetes manifests against schemas it downloads (deprecated upstream)",
    options={
        "--exit-on-error --force-color --ignore-missing-schemas --insecure-skip-tls-verify --openshift": "flag",
        "--quiet --strict --version": "flag",
        "-f --filename -i --ignored-filename-patterns -v --kubernetes-version -o --output --skip-kinds": "val",
        "--schema-location --additional-schema-locations": "val:fetch",
        "-d --directories": "val:tree-read",
        **_HELP,
    },
    operands="read*",
    long_prefix=False,
    effects="fetch",
    examples={
        "kubeval --strict deploy.yaml": "fetch read:deploy.yaml",
        "kubeval -d k8s --ignore-missing-schemas": "fetch tree-read:k8s",
    },
)

KUBESEAL = Spec(
    "kubeseal",
    version="kubeseal v0.27",
    summary="encrypts a Secret with the cluster's sealed-secrets certificate (which it fetches from the cluster)",
    options={
        "--allow-empty-data --fetch-cert --insecure-skip-tls-verify --raw --re-encrypt --validate --version": "flag",
        "--certificate-authority --client-certificate --client-key --cluster --context --controller-name": "val",
        "--controller-namespace -o --format --name -n --namespace --password --request-timeout --scope": "val",
        "--tls-server-name --token --user --username -v --v --vmodule --log-flush-frequency": "val",
        "--as --as-group": "val:privilege",
        "--kubeconfig": "val:load",
        "-s --server": "val:network",
        # A certificate file or URL, and the input Secret.
        "--cert": "val:read",
        "-f --secret-file --from-file": "val:read",
        "-w --sealed-secret-file": "val:write",
        "--merge-into": "val:edit",
        # Decrypts sealed secrets with the controller's private keys and prints the plaintext Secrets.
        "--recovery-unseal": "flag:secret",
        "--recovery-private-key": "val:read",
        **_HELP,
    },
    long_prefix=False,
    examples={
        "kubeseal -f secret.yaml -w sealed.yaml": "read:secret.yaml write:sealed.yaml",
        "kubeseal --fetch-cert": "",
        "kubeseal --format yaml --cert pub.pem": "read:pub.pem",
        "kubeseal --recovery-unseal --recovery-private-key key.pem -f sealed.yaml": (
            "secret read:key.pem read:sealed.yaml"
        ),
        "kubeseal --merge-into ~/.bashrc": "edit:~/.bashrc",
    },
)

# --- ansible ---------------------------------------------------------------------------------------------------

ANSIBLE_VERSION = "ansible-core 2.17.7"


def _inventory(walk: Walk, argv: list[str]) -> None:
    """`-i host1,host2,` lists hosts (a comma says so); any other value is a file or directory that may be an
    executable inventory script, which ansible runs."""
    for effect in list(walk.effects):
        if effect.kind == "load" and effect.origin in ("-i", "--inventory", "--inventory-file") and "," in effect.value:
            walk.effects.remove(effect)
        elif effect.kind == "text" and effect.origin in ("-e", "--extra-vars"):
            # `-e @FILE` reads variables from FILE (and hands them to the tasks on the hosts).
            walk.effects.remove(effect)
            if effect.value.startswith("@"):
                walk.effects.append(Effect("read", effect.value[1:], effect.origin))


def _inventory_prints(walk: Walk, argv: list[str]) -> None:
    """ansible-inventory prints every host's variables; given a vault password it prints them decrypted."""
    _inventory(walk, argv)
    if any(s in _VAULT_PASSWORDS for s in walk.seen):
        walk.effects.append(Effect("secret", "", "prints the inventory's vaulted variables decrypted"))


_VAULT_PASSWORDS = (
    "--vault-id",
    "-J",
    "--ask-vault-password",
    "--ask-vault-pass",
    "--vault-password-file",
    "--vault-pass-file",
)


def _playbook_runs(walk: Walk, argv: list[str]) -> None:
    """Tasks run on the inventory's hosts (also under --check, whose modules run to predict), unless the call
    only lists or checks the syntax."""
    _inventory(walk, argv)
    if walk.idle or any(s in ("--syntax-check", "--list-tasks", "--list-hosts", "--list-tags") for s in walk.seen):
        return
    if any(s in ("-h", "--help", "--version") for s in walk.seen):
        return
    walk.effects.append(Effect("network", "", "runs the tasks on the inventory's hosts"))


def _ansible_cfg(then: Judge) -> Judge:
    """ansible.cfg of the directory sets the inventory (a script), plugin paths and a vault password script."""
    return config_in_cwd(("ansible.cfg",), (), then)


_ANSIBLE_VAULT = {
    "--vault-id": "val",
    "-J --ask-vault-password --ask-vault-pass": "flag",
    # A vault password file that is executable is run to get the password.
    "--vault-password-file --vault-pass-file": "val:load",
}
_ANSIBLE_COMMON = {
    "--version -v --verbose": "flag",
    **_HELP,
    "-i --inventory --inventory-file": "val:load",
    "-l --limit": "val",
    "-e --extra-vars": "val:text",
    "--playbook-dir": "val",
    "-M --module-path": "val:load",
    **_ANSIBLE_VAULT,
}
_ANSIBLE_RUN = {
    **_ANSIBLE_COMMON,
    "--private-key --key-file": "val",  # an identity used to log in, not printed (as ssh -i)
    "-u --user -c --connection -T --timeout -f --forks": "val",
    # Extra arguments handed to ssh / scp / sftp (`-o ProxyCommand=...` runs a command here).
    "--ssh-common-args --sftp-extra-args --scp-extra-args --ssh-extra-args": "unknown",
    "-k --ask-pass -K --ask-become-pass -C --check -D --diff --list-hosts": "flag",
    "--connection-password-file --conn-pass-file --become-password-file --become-pass-file": "val:read",
    "-b --become": "flag:privilege",
    "--become-method --become-user": "val:privilege",
}

ANSIBLE_PLAYBOOK = Spec(
    "ansible-playbook",
    version=ANSIBLE_VERSION,
    summary="runs the tasks of playbooks on the hosts of an inventory",
    options={
        **_ANSIBLE_RUN,
        "--flush-cache --force-handlers --list-tags --list-tasks --step --syntax-check": "flag",
        "-t --tags --skip-tags --start-at-task": "val",
    },
    operands="load+",
    needs=1,
    judge=_ansible_cfg(_playbook_runs),
    examples={
        "ansible-playbook site.yml --syntax-check": "load:site.yml",
        "ansible-playbook -i inventory.ini site.yml --list-tasks": "load:inventory.ini load:site.yml",
        "ansible-playbook -i localhost, site.yml --list-hosts": "load:site.yml",
        "ansible-playbook site.yml": "load:site.yml network",
        "ansible-playbook -i hosts site.yml --check --diff": "load:hosts load:site.yml network",
        "ansible-playbook /tmp/x.yml": "load:/tmp/x.yml network",
        "ansible-playbook -b site.yml": "load:site.yml network privilege",
        "ansible-playbook site.yml --ssh-common-args='-o ProxyCommand=sh'": "load:site.yml network unknown",
        "ansible-playbook --private-key ~/.ssh/id_rsa site.yml": "load:site.yml network",
        "ansible-playbook --vault-password-file /tmp/pw site.yml": "load:/tmp/pw load:site.yml network",
        "ansible-playbook --version": "",
        "ansible-playbook -e @/home/u/.aws/credentials site.yml --syntax-check": "read:/home/u/.aws/credentials load:site.yml",
        "ansible-playbook -e env=prod site.yml --syntax-check": "load:site.yml",
    },
)


def _ad_hoc(walk: Walk, argv: list[str]) -> None:
    """`ansible HOSTS -m MODULE -a ARGS`: the module runs on the hosts (the default module is `command`)."""
    _inventory(walk, argv)
    if walk.idle or any(s in ("-h", "--help", "--version", "--list-hosts") for s in walk.seen):
        return
    walk.effects.append(Effect("network", "", "runs a module on the pattern's hosts"))
    module = ""
    for i, word in enumerate(argv):
        if word in ("-m", "--module-name") and i + 1 < len(argv):
            module = argv[i + 1]
        elif word.startswith("--module-name="):
            module = word.partition("=")[2]
        elif word.startswith("-m") and len(word) > 2 and not word.startswith("--"):
            module = word[2:]
    if module.rsplit(".", 1)[-1] in ("ping", "setup", "gather_facts", "debug"):
        return
    walk.effects.append(Effect("load", "", f"the module {module or 'command'} runs what -a gives it", "ask"))


ANSIBLE = Spec(
    "ansible",
    version=ANSIBLE_VERSION,
    summary="runs one module (a command by default) on the hosts that match a pattern",
    options={
        **_ANSIBLE_RUN,
        "-a --args -m --module-name -P --poll -B --background --task-timeout": "val",
        "-t --tree": "val:tree-write",
        "-o --one-line": "flag",
    },
    operands="text",
    needs=1,
    judge=_ansible_cfg(_ad_hoc),
    examples={
        "ansible all -m ping": "network",
        "ansible all -i hosts -m ping": "load:hosts network",
        "ansible all -m shell -a 'rm -rf /var/www'": "network load",
        "ansible web -a uptime": "network load",
        "ansible localhost -m ansible.builtin.setup": "network",
        "ansible all --list-hosts": "",
        "ansible --version": "",
    },
)

ANSIBLE_INVENTORY = Spec(
    "ansible-inventory",
    version=ANSIBLE_VERSION,
    summary="prints the inventory (its variables included, vaulted ones decrypted)",
    options={
        **_ANSIBLE_COMMON,
        "--list --graph -y --yaml --toml --vars --export": "flag",
        "--host": "val",
        "--output": "val:write",
    },
    operands="text?",
    judge=_ansible_cfg(_inventory_prints),
    examples={
        "ansible-inventory --list": "",
        "ansible-inventory -i inventory/ --graph": "load:inventory/",
        "ansible-inventory -i a,b, --list -y": "",
        "ansible-inventory --list --output ~/.bashrc": "write:~/.bashrc",
        "ansible-inventory --list --vault-password-file .vault_pass": "load:.vault_pass secret",
    },
)


def _vault(name: str, options: dict[str, str], operands: str, effects: str = "") -> Spec:
    return Spec(
        name,
        version=ANSIBLE_VERSION,
        options={**_HELP, "-v --verbose": "flag", **_ANSIBLE_VAULT, **options},
        operands=operands,
        effects=effects,
    )


_ENCRYPT = {"--encrypt-vault-id": "val"}
ANSIBLE_VAULT = Spec(
    "ansible-vault",
    version=ANSIBLE_VERSION,
    summary="encrypts, decrypts and prints vault files",
    options={**_HELP, "--version -v --verbose": "flag"},
    subcommand_required=True,
    subcommands={
        "view": _vault("view", {}, "read+", "secret"),
        # Decrypts in place (the plaintext stays on disk for anything to read) or to --output (`-`: printed).
        "decrypt": _vault("decrypt", {"--output": "val:write"}, "edit*", "secret"),
        "encrypt": _vault("encrypt", {**_ENCRYPT, "--output": "val:write"}, "edit*"),
        "encrypt_string": _vault(
            "encrypt_string",
            {
                **_ENCRYPT,
                "--output": "val:write",
                "-p --prompt --show-input": "flag",
                "-n --name --stdin-name": "val",
            },
            "text*",
        ),
        # Both open $EDITOR on the plaintext (create on the new file): an editor session, not modelled.
        "create": _vault("create", {**_ENCRYPT, "--skip-tty-check": "flag"}, "write+", "unknown"),
        "edit": _vault("edit", _ENCRYPT, "edit+", "unknown"),
        "rekey": _vault(
            "rekey",
            {**_ENCRYPT, "--new-vault-password-file": "val:load", "--new-vault-id": "val"},
            "edit+",
        ),
    },
    examples={
        "ansible-vault view secrets.yml": "secret read:secrets.yml",
        "ansible-vault decrypt group_vars/all/vault.yml": "secret edit:group_vars/all/vault.yml",
        "ansible-vault decrypt --output - vault.yml": "secret write:- edit:vault.yml",
        "ansible-vault encrypt vars.yml": "edit:vars.yml",
        "ansible-vault encrypt_string --stdin-name db_password": "",
        "ansible-vault create new.yml": "write:new.yml unknown",
        "ansible-vault rekey --new-vault-password-file /tmp/p v.yml": "load:/tmp/p edit:v.yml",
    },
)

_GALAXY_API = {
    "-s --server --timeout": "val",
    "--token --api-key": "val",
    "-c --ignore-certs -v --verbose": "flag",
    **_HELP,
}
_GALAXY_INSTALL = {
    **_GALAXY_API,
    "-f --force -i --ignore-errors -n --no-deps --force-with-deps --pre -U --upgrade --offline": "flag",
    "--clear-response-cache --no-cache --disable-gpg-verify -g --keep-scm-meta": "flag",
    "-p --collections-path --roles-path": "val:tree-write",
    "-r --requirements-file --role-file": "val:read",
    "--keyring --signature --required-valid-signature-count": "val",
    "--ignore-signature-status-code --ignore-signature-status-codes": "val",
}


def _galaxy(name: str, options: dict[str, str], operands: str = "text*", effects: str = "") -> Spec:
    return Spec(name, version=ANSIBLE_VERSION, options={**_GALAXY_API, **options}, operands=operands, effects=effects)


# Installing fetches roles and collections (code the next playbook runs): `network`, as pip's install is.
_GALAXY_INSTALL_SPEC = _galaxy("install", _GALAXY_INSTALL, effects="network")
_GALAXY_LIST = _galaxy("list", {"-p --collections-path --roles-path": "val", "--format": "val"}, operands="text?")
_GALAXY_INIT = _galaxy(
    "init",
    {
        "-f --force --offline": "flag",
        "--init-path": "val:tree-write",
        "--collection-skeleton --role-skeleton": "val:tree-read",
        "--type -e --extra-vars": "val",
    },
    operands="text",
)
ANSIBLE_GALAXY = Spec(
    "ansible-galaxy",
    version=ANSIBLE_VERSION,
    summary="installs, builds and publishes roles and collections",
    options={**_HELP, "--version -v --verbose": "flag"},
    subcommand_required=True,
    subcommands={
        "collection": Spec(
            "collection",
            version=ANSIBLE_VERSION,
            options=_HELP,
            subcommand_required=True,
            subcommands={
                "install": _GALAXY_INSTALL_SPEC,
                "download": _galaxy(
                    "download",
                    {
                        "--clear-response-cache --no-cache -n --no-deps --pre": "flag",
                        "-p --download-path": "val:tree-write",
                        "-r --requirements-file": "val:read",
                    },
                    effects="network",
                ),
                "list": _GALAXY_LIST,
                "init": _GALAXY_INIT,
                "build": _galaxy(
                    "build", {"-f --force": "flag", "--output-path": "val:tree-write"}, operands="tree-read?"
                ),
                "publish": _galaxy(
                    "publish", {"--no-wait": "flag", "--import-timeout": "val"}, operands="upload", effects="publish"
                ),
                "verify": _galaxy(
                    "verify",
                    {
                        "-p --collections-path --keyring --signature --required-valid-signature-count": "val",
                        "--ignore-signature-status-code --ignore-signature-status-codes": "val",
                        "-i --ignore-errors --offline": "flag",
                        "-r --requirements-file": "val:read",
                    },
                    effects="fetch",
                ),
            },
        ),
        "role": Spec(
            "role",
            version=ANSIBLE_VERSION,
            options=_HELP,
            subcommand_required=True,
            subcommands={
                "install": _GALAXY_INSTALL_SPEC,
                "list": _GALAXY_LIST,
                "init": _GALAXY_INIT,
                "info": _galaxy("info", {"--offline": "flag", "-p --roles-path": "val"}, effects="fetch"),
                "search": _galaxy("search", {"--platforms --galaxy-tags --author": "val"}, effects="fetch"),
                "remove": _galaxy("remove", {"-p --roles-path": "val"}, effects="destroy"),
                "import": _galaxy(
                    "import",
                    {"--no-wait --status": "flag", "--branch --role-name": "val"},
                    effects="publish",
                ),
                "delete": _galaxy("delete", {}, effects="destroy@force_ask"),
            },
        ),
        # The role commands without `role` (ansible-galaxy keeps them for compatibility).
        "install": _GALAXY_INSTALL_SPEC,
        "list": _GALAXY_LIST,
        "init": _GALAXY_INIT,
    },
    examples={
        "ansible-galaxy install -r requirements.yml": "network read:requirements.yml",
        "ansible-galaxy collection install community.general": "network",
        "ansible-galaxy collection install -r requirements.yml -p ./collections": (
            "network read:requirements.yml tree-write:./collections"
        ),
        "ansible-galaxy collection list": "",
        "ansible-galaxy role list": "",
        "ansible-galaxy role init myrole": "",
        "ansible-galaxy collection build": "",
        "ansible-galaxy collection publish ns-coll-1.0.0.tar.gz --token T": "publish upload:ns-coll-1.0.0.tar.gz",
        "ansible-galaxy role import user repo": "publish",
        "ansible-galaxy role remove old.role": "destroy",
    },
)

ANSIBLE_CONFIG = Spec(
    "ansible-config",
    version=ANSIBLE_VERSION,
    summary="prints ansible's configuration",
    options={**_HELP, "--version -v --verbose": "flag"},
    subcommand_required=True,
    subcommands={
        "list dump view": Spec(
            "list",
            version=ANSIBLE_VERSION,
            options={
                **_HELP,
                "-v --verbose --only-changed --changed-only": "flag",
                "-c --config": "val:read",
                "-t --type -f --format": "val",
            },
        ),
        "init": Spec(
            "init",
            version=ANSIBLE_VERSION,
            options={
                **_HELP,
                "-v --verbose --disabled": "flag",
                "-c --config": "val:read",
                "-t --type -f --format": "val",
            },
        ),
    },
    examples={"ansible-config dump --only-changed": "", "ansible-config list": ""},
)

ANSIBLE_DOC = Spec(
    "ansible-doc",
    version=ANSIBLE_VERSION,
    summary="prints the documentation of plugins and modules",
    options={
        **_HELP,
        "--version -v --verbose -F --list_files -j --json -l --list -s --snippet": "flag",
        "--metadata-dump --no-fail-on-errors": "flag",
        "-t --type -e --entry-point": "val",
        "-M --module-path -r --roles-path --playbook-dir": "val:load",
    },
    operands="text*",
    examples={"ansible-doc -t module ansible.builtin.copy": "", "ansible-doc -l": ""},
)


# --- vagrant ---------------------------------------------------------------------------------------------------

VAGRANT_VERSION = "Vagrant 2.4"


def _loads_vagrantfile(walk: Walk, argv: list[str]) -> None:
    """Every command that acts on a machine evaluates the Vagrantfile (Ruby) of the directory it runs in."""
    if any(s in ("-h", "--help") for s in walk.seen):
        return
    walk.effects.append(Effect("load", "Vagrantfile", "the Vagrantfile every machine command evaluates"))


def _vg(name: str, options: dict[str, str] | None = None, operands: str = "text?", effects: str = "") -> Spec:
    return Spec(
        name,
        version=VAGRANT_VERSION,
        options={**_HELP, **(options or {})},
        operands=operands,
        effects=effects,
        judge=_loads_vagrantfile,
    )


def _writes_vagrantfile(walk: Walk, argv: list[str]) -> None:
    """`vagrant init` writes a Vagrantfile in the directory it runs in, unless --output names another file."""
    if not any(e.origin == "--output" for e in walk.effects):
        walk.effects.append(Effect("write", "Vagrantfile", "vagrant init"))


_VG_PROVISION = {
    "--provision --no-provision --parallel --no-parallel --destroy-on-error --no-destroy-on-error": "flag",
    "--install-provider --no-install-provider": "flag",
    "--provision-with --provider": "val",
}
VAGRANT = Spec(
    "vagrant",
    version=VAGRANT_VERSION,
    summary="creates and provisions development VMs from a Vagrantfile",
    options={
        **_HELP,
        "-v --version --color --no-color --machine-readable --debug --timestamp --debug-timestamp --no-tty": "flag",
    },
    subcommand_required=True,
    subcommands={
        "status": _vg("status", operands="text*"),
        "global-status": Spec("global-status", version=VAGRANT_VERSION, options={**_HELP, "--prune": "flag"}),
        "version": Spec("version", version=VAGRANT_VERSION, options=_HELP),
        "validate": _vg("validate", {"-p --ignore-provider": "flag"}),
        "ssh-config": _vg("ssh-config", {"--host": "val"}),
        "port": _vg("port", {"--guest": "val", "--machine-readable": "flag"}),
        "up": _vg("up", _VG_PROVISION, "text*", "destroy"),
        "provision": _vg("provision", {"--provision-with": "val"}, "text*", "destroy"),
        "reload": _vg("reload", _VG_PROVISION, "text*", "destroy"),
        "halt suspend resume": _vg("halt", {"-f --force": "flag", **_VG_PROVISION}, "text*", "destroy"),
        "destroy": _vg(
            "destroy", {"-f --force -g --graceful --no-graceful --parallel --no-parallel": "flag"}, "text*", "destroy"
        ),
        # A shell in the machine, or `-c CMD` run there.
        "ssh": _vg("ssh", {"-c --command": "val", "-p --plain -t --tty": "flag"}, "text*", "destroy"),
        "upload": _vg(
            "upload", {"-t --temporary -c --compress": "flag", "-C --compression-type": "val"}, "read text* ", "destroy"
        ),
        "snapshot": Spec(
            "snapshot",
            version=VAGRANT_VERSION,
            options=_HELP,
            subcommand_required=True,
            subcommands={
                "list": _vg("list"),
                "save push restore pop delete": _vg(
                    "save", {"-f --force --no-provision --provision --no-delete --no-start": "flag"}, "text*", "destroy"
                ),
            },
        ),
        "init": Spec(
            "init",
            version=VAGRANT_VERSION,
            options={
                **_HELP,
                "-f --force -m --minimal": "flag",
                "--box-version": "val",
                "--output": "val:write",
                "--template": "val:load",
            },
            operands="text*",
            judge=_writes_vagrantfile,
        ),
        "box": Spec(
            "box",
            version=VAGRANT_VERSION,
            options=_HELP,
            subcommand_required=True,
            subcommands={
                "list": Spec("list", version=VAGRANT_VERSION, options={**_HELP, "-i --box-info": "flag"}),
                "outdated": Spec(
                    "outdated",
                    version=VAGRANT_VERSION,
                    options={**_HELP, "--global --insecure": "flag"},
                    effects="fetch",
                ),
                "add update": Spec(
                    "add",
                    version=VAGRANT_VERSION,
                    options={
                        **_HELP,
                        "-c --clean -f --force --insecure --location-trusted": "flag",
                        "--box-version --provider --name --checksum --checksum-type --architecture": "val",
                        "--cacert --capath --cert": "val:read",
                    },
                    operands="text*",
                    effects="network",
                ),
                "remove prune": Spec(
                    "remove",
                    version=VAGRANT_VERSION,
                    options={
                        **_HELP,
                        "-f --force --all -n --dry-run --keep-active-boxes": "flag",
                        "--box-version --provider --architecture --name": "val",
                    },
                    operands="text?",
                    effects="destroy",
                ),
            },
        ),
        "plugin": Spec(
            "plugin",
            version=VAGRANT_VERSION,
            options=_HELP,
            subcommand_required=True,
            subcommands={
                "list": Spec("list", version=VAGRANT_VERSION, options={**_HELP, "--local": "flag"}),
                # A plugin is a gem: Ruby code every vagrant command loads.
                "install update": Spec(
                    "install",
                    version=VAGRANT_VERSION,
                    options={
                        **_HELP,
                        "--local --plugin-clean-sources --verbose": "flag",
                        "--entry-point --plugin-version --plugin-source": "val",
                    },
                    operands="text*",
                    effects="network load@ask",
                ),
                "uninstall expunge": Spec(
                    "uninstall",
                    version=VAGRANT_VERSION,
                    options={**_HELP, "--local --force --reinstall": "flag"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
    },
    examples={
        "vagrant status": "load:Vagrantfile",
        "vagrant global-status": "",
        "vagrant version": "",
        "vagrant validate": "load:Vagrantfile",
        "vagrant up": "destroy load:Vagrantfile",
        "vagrant up --provision": "destroy load:Vagrantfile",
        "vagrant provision web": "destroy load:Vagrantfile",
        "vagrant destroy -f": "destroy load:Vagrantfile",
        "vagrant ssh -c 'cat /etc/hosts'": "destroy load:Vagrantfile",
        "vagrant ssh-config": "load:Vagrantfile",
        "vagrant box list": "",
        "vagrant box add hashicorp/bionic64": "network",
        "vagrant plugin install vagrant-vbguest": "network load",
        "vagrant init hashicorp/bionic64": "write:Vagrantfile",
        "vagrant upload ~/.ssh/id_rsa /tmp/k": "destroy read:~/.ssh/id_rsa load:Vagrantfile",
        "vagrant share": "unknown",
    },
)


# --- supply chain: trivy, grype, syft, cosign ------------------------------------------------------------------
# Scanners read what they scan and fetch their vulnerability databases from their publishers' registries (a
# `fetch` of the program's own default). Reference versions: trivy v0.56, grype v0.82, syft v1.14, cosign v2.4
# (their manuals); options of their `--help` not declared here ask.

TRIVY_VERSION = "trivy v0.56"
_TRIVY_GLOBAL = {
    "--cache-dir": "val:tree-write",
    "-c --config": "val:load",
    "-d --debug --insecure -q --quiet -v --version --generate-default-config": "flag",
    "--timeout": "val",
    **_HELP,
}
_TRIVY_SCAN = {
    "--cache-backend --cache-ttl --compliance --db-repository --java-db-repository --checks-bundle-repository": "val",
    "--detection-priority --distro --exit-code --file-patterns -f --format --image-config-scanners": "val",
    "--image-src --license-confidence-level --misconfig-scanners --parallel --pkg-types --pkg-relationships": "val",
    "--platform --report --sbom-sources --scanners -s --severity --skip-dirs --skip-files --username": "val",
    "--password --registry-token --token --token-header --custom-headers --vex --enable-modules": "val",
    "--output-plugin-arg --helm-set --helm-set-file --helm-set-string --helm-api-versions --helm-kube-version": "val",
    "--k8s-version --redis-ca --redis-cert --redis-key": "val",
    "--tf-exclude-downloaded-modules --list-all-pkgs --include-non-failures": "flag",
    "--clear-cache --dependency-tree --disable-telemetry --download-db-only --download-java-db-only": "flag",
    "--exit-on-eol --ignore-unfixed --include-dev-deps --license-full --no-progress --offline-scan": "flag",
    "--removed-pkgs --reset-checks-bundle --show-suppressed --skip-check-update --skip-db-update": "flag",
    "--skip-java-db-update --skip-policy-update --skip-version-check --skip-vex-repo-update": "flag",
    "--ignore-status": "val",
    "-o --output": "val:write",
    # A template may be `@FILE`.
    "-t --template": "val:env",  # sprig templates read environment variables (`env`, `expandenv`)
    "--config-check --config-data --ignore-policy --ignorefile --secret-config --tf-vars --helm-values": "val:read",
    "--config-policy --policy": "val:read",
    "--input": "val:read",
    # WebAssembly modules run inside the scanner; a client sends what it analysed to its server.
    "--module-dir": "val:load",
    "--server": "val:network",
    "--docker-host --podman-host": "unknown",
}
_TRIVY_TEMPLATE_FILE = "--template"


def _trivy_template(walk: Walk, argv: list[str]) -> None:
    """`--template @FILE` reads the template from FILE."""
    for i, word in enumerate(argv):
        value = ""
        if word in ("-t", "--template") and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--template="):
            value = word.partition("=")[2]
        if value.startswith("@"):
            walk.effects.append(Effect("read", value[1:], _TRIVY_TEMPLATE_FILE))


_TRIVY_JUDGE = config_in_cwd(("trivy.yaml",), ("-c", "--config"), _trivy_template)


def _trivy(name: str, operands: str, effects: str = "fetch") -> Spec:
    return _go(name, _TRIVY_SCAN, operands=operands, effects=effects, judge=_TRIVY_JUDGE)


TRIVY = Spec(
    "trivy",
    summary="scans images, trees, repositories and manifests for vulnerabilities, misconfigurations and secrets",
    options=_TRIVY_GLOBAL,
    long_prefix=False,
    subcommands={
        "image i": _trivy("image", "text?"),
        "filesystem fs rootfs config conf": _trivy("fs", "tree-read?"),
        "repository repo": _trivy("repo", "text?"),
        "sbom": _trivy("sbom", "read"),
        # A VM image file is read (its files scanned, secrets among them); `ebs:ID` / `ami:ID` read as a file name.
        "vm": _trivy("vm", "read"),
        "convert": _go("convert", _TRIVY_SCAN, operands="read", judge=_TRIVY_JUDGE),
        # Reads the cluster (its secrets included, for secret scanning).
        "kubernetes k8s": _trivy("k8s", "text?"),
        "clean": _go(
            "clean",
            {"--all -a --scan-cache --vuln-db --java-db --checks-bundle --vex-repo": "flag"},
            effects="destroy",
        ),
        "version": _go("version", {"-f --format": "val"}),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "trivy image alpine:3.19": "fetch",
        "trivy fs .": "fetch tree-read:.",
        "trivy fs --scanners vuln,secret --severity HIGH,CRITICAL .": "fetch tree-read:.",
        "trivy config ./infra": "fetch tree-read:./infra",
        "trivy image -f json -o report.json app:dev": "fetch write:report.json",
        "trivy fs -o ~/.bashrc .": "fetch write:~/.bashrc tree-read:.",
        "trivy image --template @/home/u/.ssh/id_rsa -f template x": "fetch read:/home/u/.ssh/id_rsa env:@/home/u/.ssh/id_rsa",
        "trivy image --server http://scanner.example:4954 app": "fetch network:http://scanner.example:4954",
        "trivy fs --module-dir /tmp/m .": "fetch load:/tmp/m tree-read:.",
        "trivy --version": "",
        "trivy server": "unknown",
        "trivy plugin install x": "unknown",
    },
)
_versioned(_anywhere(TRIVY), TRIVY_VERSION)

GRYPE_VERSION = "grype v0.82"


def _scheme_source(walk: Walk, argv: list[str]) -> None:
    """An anchore source `dir:PATH`, `file:PATH`, `sbom:PATH`, `oci-dir:PATH`, `oci-archive:PATH`,
    `docker-archive:PATH`, `singularity:PATH` reads PATH; a path (`.`, `./x`, `/x`) reads that tree; an image
    reference (`alpine:3.19`, `registry:x`, `docker:x`) is fetched or read from the daemon."""
    for effect in list(walk.effects):
        if effect.kind != "text" or not effect.origin.startswith("operand"):
            continue
        walk.effects.remove(effect)
    for word in _operand_words(walk, argv):
        scheme, colon, rest = word.partition(":")
        if colon and scheme in ("dir", "file", "sbom", "oci-dir", "oci-archive", "docker-archive", "singularity"):
            walk.effects.append(Effect("tree-read", rest, "source"))
        elif word.startswith((".", "/", "~")):
            walk.effects.append(Effect("tree-read", word, "source"))


def _operand_words(walk: Walk, argv: list[str]) -> list[str]:
    """The words after the subcommand that are not options or their values (the specs here name them `text`)."""
    words: list[str] = []
    skip = False
    spec = walk.spec
    for word in argv[1:]:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            name = word.partition("=")[0]
            opt = None
            for scope in (spec, spec.parent):
                if scope is not None and name in scope.options:
                    opt = scope.options[name]
                    break
            skip = bool(opt is not None and opt.takes and "=" not in word)
            continue
        if word == spec.name and not words:
            continue
        words.append(word)
    return words


_GRYPE = {
    "--add-cpes-if-none --by-cve --only-fixed --only-notfixed -q --quiet --show-suppressed -v --verbose": "flag",
    "--distro --exclude --fail-on -f -o --output --platform --profile --scope -s --sort-by --ignore-states": "val",
    "--name": "val",
    "-c --config": "val:load",
    "--file": "val:write",
    "--vex": "val:read",
    "-t --template": "val:read",
    "--version": "flag",
    **_HELP,
}


def _template_env(walk: Walk) -> None:
    """A Go template with sprig's functions (`env`, `expandenv`) prints environment variables."""
    if any(s in ("-t", "--template") for s in walk.seen):
        walk.effects.append(Effect("env", "", "--template (sprig's env)"))


def _grype(walk: Walk, argv: list[str]) -> None:
    """`grype SOURCE` scans; `grype db ...`, `grype version`, `grype completion` are grype's own commands (a
    source named `db` is written `dir:db`)."""
    _template_env(walk)
    words = _operand_words(walk, argv)
    first = words[0] if words else ""
    walk.effects[:] = [e for e in walk.effects if not e.origin.startswith("operand")]
    if first in ("version", "completion"):
        return
    if first == "db":
        verb = words[1] if len(words) > 1 else ""
        if verb in ("status", "check", "list", "update"):
            walk.effects.append(Effect("fetch", "", "grype db"))
        elif verb == "import":
            walk.effects.extend(Effect("read", w, "grype db import") for w in words[2:3])
        elif verb == "delete":
            walk.effects.append(Effect("destroy", "", "grype db delete"))
        else:
            walk.unknown.append(f"grype db {verb!r} is not modelled")
        return
    if first in ("explain", "config"):
        walk.unknown.append(f"grype {first} is not modelled")
        return
    if len(words) > 1:
        walk.unknown.append(f"grype takes one source; {words[1]!r} is not modelled")
        return
    walk.effects.append(Effect("fetch", "", "its vulnerability database"))
    _scheme_source(walk, argv)


_GRYPE_JUDGE = config_in_cwd((".grype.yaml", ".grype.yml", ".grype/config.yaml"), ("-c", "--config"), _grype)
GRYPE = Spec(
    "grype",
    version=GRYPE_VERSION,
    summary="scans an image, a directory or an SBOM for known vulnerabilities",
    options=_GRYPE,
    operands="text*",
    long_prefix=False,
    judge=_GRYPE_JUDGE,
    examples={
        "grype alpine:3.19": "fetch",
        "grype dir:.": "fetch tree-read:.",
        "grype sbom:./sbom.json -o json": "fetch tree-read:./sbom.json",
        "grype . --fail-on high": "fetch tree-read:.",
        "grype alpine --file ~/.bashrc": "fetch write:~/.bashrc",
        "grype db status": "fetch",
        "grype db delete": "destroy",
        "grype version": "",
        "grype alpine -o template -t t.tmpl": "fetch read:t.tmpl env",
        "grype explain": "unknown",
    },
)

SYFT_VERSION = "syft v1.14"


def _syft_outputs(walk: Walk, argv: list[str], source: bool = True) -> None:
    """`-o FORMAT=FILE` writes that format to FILE."""
    if source:
        _scheme_source(walk, argv)
    for i, word in enumerate(argv):
        value = ""
        if word in ("-o", "--output") and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--output="):
            value = word.partition("=")[2]
        elif word.startswith("-o") and len(word) > 2 and not word.startswith("--"):
            value = word[2:]
        if "=" in value:
            walk.effects.append(Effect("write", value.partition("=")[2], "-o FORMAT=FILE"))


_SYFT = {
    "-t --template": "val:read",
    "-o --output --exclude --platform --from -s --scope --source-name --source-version --base-path": "val",
    "--select-catalogers --override-default-catalogers --enrich --profile": "val",
    "-c --config": "val:load",
    "--file": "val:write",
    "-q --quiet -v --verbose --version": "flag",
    **_HELP,
}


def _syft(walk: Walk, argv: list[str]) -> None:
    """`syft SOURCE` and `syft scan SOURCE` catalogue a source; `attest` signs an SBOM and pushes it to the
    image's registry, `login` stores registry credentials, `convert FILE` reads an SBOM."""
    _template_env(walk)
    words = _operand_words(walk, argv)
    first = words[0] if words else ""
    if first in ("version", "completion"):
        return
    if first == "cataloger" and words[1:2] == ["list"]:
        return
    if first == "attest":
        walk.effects.append(Effect("publish", "", "syft attest"))
        return
    if first == "login":
        walk.effects.append(Effect("config", "", "syft login"))
        return
    if first == "convert":
        walk.effects.extend(Effect("read", w, "syft convert") for w in words[1:2])
        _syft_outputs(walk, argv, source=False)
        return
    if first == "scan":
        words = words[1:]
    if len(words) > 1:
        walk.unknown.append(f"syft takes one source; {words[1]!r} is not modelled")
        return
    _syft_outputs(walk, argv)


_SYFT_JUDGE = config_in_cwd((".syft.yaml", ".syft.yml", ".syft/config.yaml"), ("-c", "--config"), _syft)
SYFT = Spec(
    "syft",
    version=SYFT_VERSION,
    summary="generates an SBOM of an image or a directory",
    options={**_SYFT, "-u --username -p --password": "val", "--password-stdin": "flag", "--key": "val"},
    operands="text*",
    long_prefix=False,
    judge=_SYFT_JUDGE,
    examples={
        "syft .": "tree-read:.",
        "syft dir:. -o spdx-json": "tree-read:.",
        "syft scan alpine:3.19 -o cyclonedx-json=sbom.json": "write:sbom.json",
        "syft alpine -o json=~/.bashrc": "write:~/.bashrc",
        "syft . --file /tmp/sbom.txt": "tree-read:. write:/tmp/sbom.txt",
        "syft scan .": "tree-read:.",
        "syft attest --key cosign.key app:1": "publish",
        "syft convert sbom.json -o spdx-json=out.json": "read:sbom.json write:out.json",
        "syft version": "",
    },
)

COSIGN_VERSION = "cosign v2.4"
_COSIGN_COMMON = {
    "--allow-http-registry --allow-insecure-registry -y --yes --k8s-keychain": "flag",
    "--attachment-tag-prefix --registry-password --registry-token --registry-username --timeout -t": "val",
    "--rekor-url --fulcio-url --oidc-issuer --oidc-client-id --oidc-provider --identity-token --oidc-client-secret-file": "val",
    "--output -o --platform --sk --slot --type --predicate-type --payload --certificate-chain": "val",
    "--certificate-identity --certificate-identity-regexp --certificate-oidc-issuer": "val",
    "--certificate-oidc-issuer-regexp --certificate-github-workflow-name --certificate-github-workflow-ref": "val",
    "--certificate-github-workflow-repository --certificate-github-workflow-sha --certificate-github-workflow-trigger": "val",
    "--insecure-ignore-tlog --insecure-ignore-sct --check-claims --offline --private-infrastructure": "flag",
    "--local-image --tlog-upload --recursive -r --no-tlog-upload --use-signed-timestamps": "flag",
    "-a --annotations --signature-digest-algorithm --max-workers --trusted-root --bundle": "val",
    "--certificate --signature --attachment --ca-roots --ca-intermediates --new-bundle-format": "val",
    # A key reference: a file, or a KMS / k8s:// URI.
    "--key": "val",  # signs with it or verifies against it; the key is not printed
    "--output-signature --output-certificate --output-attestation --output-payload --output-file": "val:write",
    "--predicate": "val:read",
    **_HELP,
    "-d --verbose": "flag",
}


def _cosign(name: str, operands: str = "text*", effects: str = "") -> Spec:
    return _go(name, _COSIGN_COMMON, operands=operands, effects=effects)


COSIGN = Spec(
    "cosign",
    summary="signs and verifies container images and blobs (signatures live in the registry and a public log)",
    options={"-d --verbose": "flag", "-t --timeout --output-file": "val", **_HELP},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "verify verify-attestation triangulate tree": _cosign("verify", effects="fetch"),
        "verify-blob verify-blob-attestation": _cosign("verify-blob", "read", "fetch"),
        "download": _go(
            "download",
            subcommand_required=True,
            subcommands={"signature attestation sbom": _cosign("signature", effects="fetch")},
        ),
        # Signing pushes the signature to the image's registry and records it in the public transparency log.
        "sign attest attach upload copy": _cosign("sign", effects="publish"),
        "sign-blob attest-blob": _cosign("sign-blob", "read", "publish"),
        "generate-key-pair": _go(
            "generate-key-pair", {"--output-key-prefix": "val", "--kms": "val"}, effects="unknown"
        ),
        "public-key": _go("public-key", {"--key --sk --slot": "val", "--outfile": "val:write"}),
        "login": _go(
            "login",
            {"-u --username -p --password": "val", "--password-stdin": "flag"},
            operands="text",
            effects="config",
        ),
        "clean": _cosign("clean", effects="destroy@force_ask"),
        "initialize": _go("initialize", {"--mirror --root --root-checksum": "val"}, effects="fetch config"),
        "env": _go("env", {"--show-descriptions --show-sensitive-values": "flag"}, effects="env"),
        "version": _go("version", {"--json": "flag"}),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "cosign verify --key cosign.pub ghcr.io/o/app:1": "fetch",
        "cosign verify --certificate-identity x --certificate-oidc-issuer y img": "fetch",
        "cosign verify-blob --key k.pub --signature a.sig a.tgz": "fetch read:a.tgz",
        "cosign sign --key cosign.key ghcr.io/o/app:1": "publish",
        "cosign sign-blob --key cosign.key --output-signature a.sig a.tgz": "publish write:a.sig read:a.tgz",
        "cosign attest --predicate sbom.json --key k img": "publish read:sbom.json",
        "cosign generate-key-pair": "unknown",
        "cosign public-key --key cosign.key": "",
        "cosign env": "env",
        "cosign version": "",
    },
)
_versioned(_anywhere(COSIGN), COSIGN_VERSION)


# --- terraform linters: tflint, tfsec, checkov -----------------------------------------------------------------


def _tflint_plugins(walk: Walk, argv: list[str]) -> None:
    """tflint runs the plugins its configuration names (binaries under ~/.tflint.d): the default .tflint.hcl of
    the directory is a load judged by its provenance; `--init` downloads them."""
    if any(e.origin in ("-c", "--config") for e in walk.effects) or any(
        s in ("-v", "--version", "-h", "--help") for s in walk.seen
    ):
        return
    if walk.cwd and os.path.exists(os.path.join(walk.cwd, ".tflint.hcl")):
        walk.effects.append(Effect("load", ".tflint.hcl", "the plugins .tflint.hcl names"))
    # `--chdir DIR` reads DIR's .tflint.hcl instead (its plugin_dir can name any binary): outside, a load.
    for effect in [e for e in walk.effects if e.kind == "cd" and e.value and outside(walk, e.value)]:
        walk.effects.append(Effect("load", os.path.join(effect.value, ".tflint.hcl"), "the plugins it names"))


TFLINT = Spec(
    "tflint",
    version="TFLint v0.53",
    summary="lints Terraform configurations with rule plugins",
    options={
        "--init": "flag:network",
        "--langserver": "unknown",
        "-f --format --ignore-module --enable-rule --disable-rule --only --enable-plugin --var --call-module-type": "val",
        "--filter --minimum-failure-severity --max-workers": "val",
        "--var-file": "val:read",
        "-c --config": "val:load",
        "--chdir": "val:cd",
        "--recursive --force --color --no-color --no-parallel-runners --no-module --module -v --version": "flag",
        "--fix": "flag:edit=.",
        **_HELP,
    },
    operands="read*",
    long_prefix=False,
    judge=_tflint_plugins,
    examples={
        "tflint": "",
        "tflint --recursive -f compact": "",
        "tflint --init": "network",
        "tflint --chdir infra": "cd:infra",
        "tflint --chdir /tmp/x": "cd:/tmp/x load:/tmp/x/.tflint.hcl",
        "tflint -c /tmp/evil.hcl": "load:/tmp/evil.hcl",
        "tflint --fix": "edit:.",
    },
)

TFSEC = Spec(
    "tfsec",
    version="tfsec v1.28",
    summary="scans Terraform for misconfigurations",
    options={
        "--code-theme -e --exclude --exclude-path --filter-results -f --format -m --minimum-severity": "val",
        "--custom-check-dir --config-file --rego-policy-dir --tfvars-file": "val:read",
        "--config-file-url --custom-check-url": "val:fetch",
        "-O --out": "val:write",
        "--concise-output --debug --disable-grouping --exclude-downloaded-modules -E --exclude-ignores": "flag",
        "--force-all-dirs --ignore-hcl-errors --include-ignored --include-passed --no-code --no-color": "flag",
        "--no-colour --no-ignores --no-module-downloads --print-rego-input --rego-only --run-statistics": "flag",
        "-s --soft-fail --single-thread --verbose -v --version --allow-checks-to-panic": "flag",
        # Replaces its own binary with a downloaded one.
        "--update": "unknown",
        **_HELP,
    },
    operands="tree-read?",
    long_prefix=False,
    examples={
        "tfsec .": "tree-read:.",
        "tfsec infra --soft-fail -f json -O tfsec.json": "tree-read:infra write:tfsec.json",
        "tfsec --update": "unknown",
    },
)

_CHECKOV_JUDGE = config_in_cwd((".checkov.yaml", ".checkov.yml"), ("--config-file",))
CHECKOV = Spec(
    "checkov",
    version="checkov 3.2",
    summary="scans infrastructure code for misconfigurations (Python; custom checks are Python code it imports)",
    judge=_CHECKOV_JUDGE,
    options={
        "-d --directory": "val:tree-read",
        "-f --file --var-file --ca-certificate": "val:read",
        # Python checks imported from a directory or a cloned git repository.
        "--external-checks-dir": "val:load",
        "--external-checks-git": "val:load@ask",
        "--config-file": "val:load",
        "--create-config": "val:write",
        "--output-file-path --external-modules-download-path": "val:tree-write",
        "-c --check --skip-check --framework --skip-framework -o --output --repo-id -b --branch --skip-path": "val",
        "--hard-fail-on --soft-fail-on --summary-position --secrets-scan-file-type --policy-metadata-filter": "val",
        "--docker-image --image --dockerfile-path --evaluate-variables --block-list-secret-scan --mask": "val",
        "--custom-tool-name --secrets-history-timeout --repo-root-for-plan-enrichment --skip-cve-package": "val",
        "--download-external-modules": "val",
        "--quiet --compact -s --soft-fail --no-guide --skip-download --show-config -v --version --list": "flag",
        "--support --enable-secret-scan-all-files --deep-analysis --no-cert-verify --skip-results-upload": "flag",
        "--use-enforcement-rules --include-all-checkov-policies --run-all-external-checks": "flag",
        "--skip-resources-without-violations --add-check": "flag",
        # With a platform key the results (and the scanned code) go to the Prisma Cloud / Bridgecrew platform.
        "--bc-api-key --prisma-api-url --openai-api-key": "val:network",
        **_HELP,
    },
    examples={
        "checkov -d .": "tree-read:.",
        "checkov -d infra --framework terraform --compact --quiet": "tree-read:infra",
        "checkov -f main.tf -o json": "read:main.tf",
        "checkov -d . --external-checks-dir /tmp/checks": "tree-read:. load:/tmp/checks",
        "checkov -d . --bc-api-key KEY": "tree-read:. network:KEY",
        "checkov -d . --output-file-path ~/": "tree-read:. tree-write:~/",
    },
)


# --- packer, terragrunt ----------------------------------------------------------------------------------------

PACKER_VERSION = "Packer v1.11"
_PACKER = {
    "-var -only -except -on-error -parallel-builds -color -timestamp-ui": "val",
    "-var-file": "val:read",
    "-force -debug -machine-readable -warn-on-undeclared-var -no-warn-undeclared-var -evaluate-datasources": "flag",
    "-syntax-only -upgrade -check -diff -write -recursive -h -help": "flag",
}


def _pk(name: str, operands: str, effects: str = "") -> Spec:
    return Spec(
        name,
        version=PACKER_VERSION,
        options=_PACKER,
        single_dash=True,
        long_prefix=False,
        operands=operands,
        effects=effects,
    )


PACKER = Spec(
    "packer",
    version=PACKER_VERSION,
    summary="builds machine images: creates cloud instances and runs provisioners (shell-local runs here)",
    options={"-h -help -v -version --version --help -machine-readable": "flag"},
    single_dash=True,
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "validate inspect": _pk("validate", "read?"),
        # An HCL evaluator reading expressions from standard input: `file("~/.aws/credentials")` prints any file,
        # as `terraform console` does.
        "console": _pk("console", "read?", "load"),
        "fmt": _pk("fmt", "edit*"),
        "version": _pk("version", ""),
        # Downloads the plugins the template requires (binaries every later build runs).
        "init": _pk("init", "read?", "network"),
        "build": _pk("build", "load?", "destroy network"),
        "plugins": Spec(
            "plugins",
            version=PACKER_VERSION,
            subcommand_required=True,
            subcommands={
                "installed required": _pk("installed", "read?"),
                "install": _pk("install", "text*", "network"),
                "remove": _pk("remove", "text*", "destroy"),
            },
        ),
        "hcl2_upgrade": _pk("hcl2_upgrade", "read", "unknown"),
    },
    examples={
        "packer validate .": "read:.",
        "packer console": "load",
        "packer fmt -check .": "edit:.",
        "packer inspect image.pkr.hcl": "read:image.pkr.hcl",
        "packer init .": "network read:.",
        "packer build image.pkr.hcl": "destroy network load:image.pkr.hcl",
        "packer build -var-file=prod.pkrvars.hcl .": "destroy network read:prod.pkrvars.hcl load:.",
        "packer version": "",
    },
)


# --- argocd, flux, istioctl ------------------------------------------------------------------------------------

ARGOCD_VERSION = "argocd v2.12"
_ARGOCD_GLOBAL = {
    "--auth-token --controller-name --grpc-web-root-path -H --header --http-retry-max --kube-context": "val",
    "--logformat --loglevel --port-forward-namespace --redis-compress --redis-haproxy-name --redis-name": "val",
    "--repo-server-name --server-name": "val",
    "--client-crt --client-crt-key --server-crt": "val:read",
    "--config": "val:read",
    "--server": "val:network",
    "--core --grpc-web --insecure --plaintext --port-forward": "flag",
    **_HELP,
}
_ARGO_READ = {
    "-o --output -l --selector -p --project -r --repo --cluster -N --app-namespace --revision --source": "val",
    "--revisions --source-positions --source-names --local-repo-root --local-include": "val",
    "-c --container --group --kind --name --namespace --since-seconds --tail --until-time --filter": "val",
    "--resource --timeout": "val",
    "--hard-refresh --refresh --show-operation --show-params --exit-code -f --follow --previous --match-case": "flag",
    "--server-side-generate --health --sync --operation --suspended --degraded": "flag",
    "--local": "val:tree-read",
}
_ARGO_CHANGE = {
    **_ARGO_READ,
    "--dry-run --async --force --apply-out-of-sync-only --assumeYes --preview-changes --server-side --replace": "flag",
    "--retry-limit --retry-backoff-duration --retry-backoff-factor --retry-backoff-max-duration --strategy": "val",
    "--label --info --sync-option --sync-policy --values --helm-set": "val",
    "--self-heal --auto-prune --allow-empty": "flag",
    "--prune": "flag:destroy@force_ask",
    "--cascade --propagation-policy": "val",
    "--wait -y --yes": "flag",
}


def _argo(name: str, options: dict[str, str], operands: str = "text*", effects: str = "") -> Spec:
    return _go(name, options, operands=operands, effects=effects)


ARGOCD = Spec(
    "argocd",
    summary="Argo CD's CLI: reads and syncs applications of a GitOps controller",
    options=_ARGOCD_GLOBAL,
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "app": _go(
            "app",
            subcommand_required=True,
            subcommands={
                "list get diff history manifests logs resources wait": _argo("list", _ARGO_READ),
                "sync rollback set unset patch patch-resource create edit terminate-op": _argo(
                    "sync", _ARGO_CHANGE, effects="destroy"
                ),
                "delete delete-resource": _argo("delete", _ARGO_CHANGE, effects="destroy@force_ask"),
            },
        ),
        "appset": _go(
            "appset",
            subcommand_required=True,
            subcommands={
                "list get": _argo("list", {"-o --output -p --project --selector -l": "val"}),
                "create": _argo("create", {"--upsert --dry-run": "flag", "-o --output": "val"}, "read*", "destroy"),
                "delete": _argo("delete", {"-y --yes": "flag"}, effects="destroy@force_ask"),
            },
        ),
        "proj repo cluster cert gpg": _go(
            "proj",
            subcommand_required=True,
            subcommands={
                "list get": _argo("list", {"-o --output --refresh": "val"}),
                "*": _argo("change", {}, effects="unknown"),
            },
        ),
        "account": _go(
            "account",
            subcommand_required=True,
            subcommands={
                "get-user-info list get can-i": _argo("list", {"-o --output -a --account": "val"}),
                "generate-token": _argo(
                    "generate-token", {"-a --account -e --expires-in --id": "val"}, effects="secret"
                ),
                "update-password delete-token": _argo(
                    "update-password", {"--account --current-password --new-password": "val"}, effects="config"
                ),
            },
        ),
        # Writes the session token to ~/.config/argocd/config.
        "login": _argo(
            "login",
            {"--username --password --name --sso-port": "val", "--sso --sso-launch-browser --skip-test-tls": "flag"},
            "text?",
            "config",
        ),
        "logout relogin": _argo("logout", {"--password --sso-port": "val", "--sso": "flag"}, "text?", "config"),
        "context": _argo("context", {"--delete": "flag:config"}, "text?"),
        "version": _argo("version", {"--client --short": "flag", "-o --output": "val"}),
        "completion": _argo("completion", {}, "text?"),
    },
    examples={
        "argocd app list": "",
        "argocd app get web --refresh": "",
        "argocd app diff web --local ./k8s": "tree-read:./k8s",
        "argocd app logs web -f": "",
        "argocd app sync web": "destroy",
        "argocd app sync web --prune": "destroy destroy",
        "argocd app rollback web 3": "destroy",
        "argocd app delete web -y": "destroy",
        "argocd login cd.example.com --sso": "config",
        "argocd account generate-token": "secret",
        "argocd version --client": "",
        "argocd admin settings": "unknown",
    },
)
_versioned(_anywhere(ARGOCD), ARGOCD_VERSION)


def _context_change(walk: Walk, argv: list[str]) -> None:
    """`argocd context NAME` switches the CLI's current server; with no operand it lists them."""
    after = argv[argv.index("context") + 1 :] if "context" in argv else []
    if any(not w.startswith("-") for w in after):
        walk.effects.append(Effect("config", "", "switches the current Argo CD context"))


ARGOCD.subcommands["context"].judge = _context_change

FLUX_VERSION = "flux v2.4"
_FLUX_GLOBAL = {
    "--cache-dir --certificate-authority --client-certificate --client-key --cluster --context": "val",
    "--kube-api-burst --kube-api-qps -n --namespace --timeout --tls-server-name --token --user": "val",
    "--as --as-group --as-uid": "val:privilege",
    "--kubeconfig": "val:load",
    "--server": "val:network",
    "--disable-compression --insecure-skip-tls-verify --verbose": "flag",
    **_HELP,
}
_FLUX_READ = {
    "-A --all-namespaces --no-header -w --watch --watch-all -f --follow --pre --flux-namespace": "flag",
    "--status-selector -l --label-selector --tail --level --kind --name --since --components --for": "val",
    "--components-extra --poll-interval --api-version -o --output --types": "val",
    "--path --kustomization-file --ignore-paths": "val:tree-read",
    "--progress-bar --strict-substitute --recursive --local-sources --dry-run --in-memory-build": "flag",
}
_FLUX_CHANGE = {
    **_FLUX_READ,
    "--with-source --reset --all --silent -s --force --wait --export": "flag",
    "--source --interval --depends-on --target-namespace --health-check --prune --chart --values --url": "val",
    "--branch --tag --semver --secret-ref --sa-name --service-account --decryption-provider --version": "val",
}


def _flux_kinds(name: str, options: dict[str, str], effects: str = "") -> Spec:
    """`flux VERB KIND NAME` (kinds: source git, kustomization, helmrelease, all, ...)."""
    return _go(
        name, options, subcommands={"*": _go("kind", options, operands="text*", effects=effects)}, effects=effects
    )


def _flux_export(walk: Walk, argv: list[str]) -> None:
    """`flux create ... --export` prints the object instead of creating it."""
    if "--export" in argv:
        walk.effects[:] = [e for e in walk.effects if e.kind != "destroy"]


FLUX = Spec(
    "flux",
    summary="Flux's CLI: reads and drives GitOps reconciliation in a cluster",
    options=_FLUX_GLOBAL,
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "get tree trace export stats": _flux_kinds("get", _FLUX_READ),
        "check version logs events": _go("check", {**_FLUX_READ, "--client": "flag"}, operands="text*"),
        "diff build": _flux_kinds("diff", _FLUX_READ),
        "reconcile suspend resume": _flux_kinds("reconcile", _FLUX_CHANGE, "destroy"),
        "create": _flux_kinds("create", _FLUX_CHANGE, "destroy"),
        "delete": _flux_kinds("delete", _FLUX_CHANGE, "destroy@force_ask"),
        "install": _go(
            "install",
            {
                **_FLUX_CHANGE,
                "--registry --image-pull-secret --network-policy --watch-all-namespaces --toleration-keys --cluster-domain --log-level": "val",
            },
            effects="destroy",
        ),
        "uninstall": _go("uninstall", {"--dry-run --keep-namespace -s --silent": "flag"}, effects="destroy@force_ask"),
        # Installs Flux and pushes its manifests (and a deploy key) to the Git repository it creates or uses.
        "bootstrap": _flux_kinds(
            "bootstrap",
            {
                **_FLUX_CHANGE,
                "--owner --repository --hostname --read-write-key": "val",
                "--personal --private --token-auth": "flag",
            },
            "destroy publish",
        ),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "flux get kustomizations -A": "",
        "flux get sources git": "",
        "flux check --pre": "",
        "flux version --client": "",
        "flux logs --kind=Kustomization --name=apps": "",
        "flux diff kustomization apps --path ./clusters/prod": "tree-read:./clusters/prod",
        "flux reconcile kustomization apps --with-source": "destroy",
        "flux suspend kustomization apps": "destroy",
        "flux delete kustomization apps -s": "destroy",
        "flux bootstrap github --owner o --repository r": "destroy publish",
        "flux install": "destroy",
        "flux uninstall": "destroy",
    },
)
_versioned(_anywhere(FLUX), FLUX_VERSION)
FLUX.subcommands["create"].judge = _flux_export
FLUX.subcommands["create"].prefixes[0][1].judge = _flux_export

ISTIO_VERSION = "istioctl 1.23"
_ISTIO_GLOBAL = {
    "--context -i --istioNamespace -n --namespace --vklog": "val",
    "-c --kubeconfig": "val:load",
    **_HELP,
}
_ISTIO_READ = {
    "-A --all-namespaces -L --list-analyzers -R --recursive --use-kube -v --verbose --ignore-unknown --color": "flag",
    "--failure-threshold --output-threshold -o --output --revision -r -S --suppress --timeout --proxy-admin-port": "val",
    "--file -f": "val:read",
    "--meshConfigFile": "val:read",
    "--remote --short": "flag",
}
_ISTIO_INSTALL = {
    "--set -s --revision -r --readiness-timeout": "val",
    "-f --filename": "val:read",
    "-d --manifests": "val:tree-read",
    "-y --skip-confirmation --dry-run --verify --purge --force": "flag",
}
ISTIOCTL = Spec(
    "istioctl",
    summary="Istio's CLI: analyses, installs and inspects a service mesh",
    options=_ISTIO_GLOBAL,
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "analyze": _go("analyze", _ISTIO_READ, operands="read*"),
        "proxy-status ps version precheck verify-install": _go("proxy-status", _ISTIO_READ, operands="text*"),
        "proxy-config pc": _go(
            "proxy-config",
            subcommand_required=True,
            subcommands={
                "all bootstrap cluster ecds endpoint listener rootca-compare route secret": _go(
                    "cluster",
                    {
                        **_ISTIO_READ,
                        "--address --direction --fqdn --port --subset --name --type --cluster --status": "val",
                    },
                    operands="text*",
                ),
                # Changes the proxy's log levels.
                "log": _go("log", {"--level --reset -r": "val"}, operands="text*", effects="destroy"),
            },
        ),
        "install upgrade": _go("install", _ISTIO_INSTALL, effects="destroy"),
        "uninstall": _go("uninstall", _ISTIO_INSTALL, effects="destroy@force_ask"),
        "manifest": _go(
            "manifest",
            subcommand_required=True,
            subcommands={
                "generate translate": _go(
                    "generate",
                    {**_ISTIO_INSTALL, "-o --output": "val:tree-write", "--component --cluster-specific": "val"},
                ),
            },
        ),
        "kube-inject": _go(
            "kube-inject",
            {
                "-f --filename --injectConfigFile --meshConfigFile --valuesFile": "val:read",
                "-o --output": "val:write",
                "--injectConfigMapName --meshConfigMapName --revision": "val",
            },
        ),
        # A port-forward to the mesh's dashboards.
        "dashboard dash d": _go(
            "dashboard",
            {"-p --port --address": "val", "--browser": "flag"},
            subcommands={
                "*": _go(
                    "ui",
                    {"-p --port --address -l --selector": "val", "--browser": "flag"},
                    operands="text*",
                    effects="destroy",
                )
            },
            effects="destroy",
        ),
        # Prints a kubeconfig with a service account token of this cluster.
        "create-remote-secret": _go(
            "create-remote-secret",
            {"--name --secret-name --server --type --auth-type --auth-plugin-name --service-account": "val"},
            effects="secret",
        ),
        "tag": _go(
            "tag",
            subcommand_required=True,
            subcommands={
                "list": _go("list", {"-o --output": "val"}),
                "set generate remove": _go(
                    "set",
                    {"--revision -r --webhook-name": "val", "--overwrite --skip-confirmation -y": "flag"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "istioctl analyze -A": "",
        "istioctl analyze k8s/vs.yaml": "read:k8s/vs.yaml",
        "istioctl proxy-status": "",
        "istioctl pc cluster deploy/web -n prod": "",
        "istioctl version": "",
        "istioctl install --set profile=demo -y": "destroy",
        "istioctl uninstall --purge -y": "destroy",
        "istioctl manifest generate -f op.yaml -o out": "read:op.yaml tree-write:out",
        "istioctl kube-inject -f d.yaml -o ~/.bashrc": "read:d.yaml write:~/.bashrc",
        "istioctl dashboard kiali": "destroy",
        "istioctl create-remote-secret --name c1": "secret",
        "istioctl x precheck": "unknown",
    },
)
_versioned(_anywhere(ISTIOCTL), ISTIO_VERSION)


# --- act, skaffold, k3d, colima, limactl ----------------------------------------------------------------------------

ACT_VERSION = "act v0.2.68"
_ACT_NO_RUN = (
    "-l",
    "--list",
    "-g",
    "--graph",
    "-n",
    "--dryrun",
    "--validate",
    "--version",
    "-h",
    "--help",
    "--man-page",
    "--bug-report",
)


def _act_runs(walk: Walk, argv: list[str]) -> None:
    """act runs the workflows' steps (the project's, and actions fetched from GitHub) in containers that mount
    the working tree: code runs, whoever wrote the workflow, unless the call only lists or validates them."""
    if any(s in _ACT_NO_RUN for s in walk.seen):
        return
    workflows = [e.value for e in walk.effects if e.origin in ("-W", "--workflows")]
    walk.effects.append(
        Effect("load", "", f"runs the steps of {workflows[0] if workflows else '.github/workflows'}", "ask")
    )


ACT = Spec(
    "act",
    version=ACT_VERSION,
    summary="runs GitHub Actions workflows locally in containers",
    options={
        "-a --actor --artifact-server-addr --artifact-server-port --cache-server-addr --cache-server-port": "val",
        "--cache-server-external-url --concurrent-jobs --container-architecture --container-cap-drop": "val",
        "--defaultbranch --env --github-instance --input -j --job --matrix --network -P --platform": "val",
        "--remote-name --replace-ghe-action-token-with-github-com --replace-ghe-action-with-github-com": "val",
        "--userns --var --log-prefix-job-id": "val",
        "--action-cache-path --artifact-server-path --cache-server-path": "val:tree-write",
        "--container-cap-add": "val:privilege",
        "--privileged": "flag:privilege",
        # docker run options for the job containers (`-v /:/host`), and another daemon's socket.
        "--container-options --container-daemon-socket": "unknown",
        "-C --directory": "val:cd",
        "--env-file --input-file --var-file --secret-file -e --eventpath": "val:read",
        # A secret named alone is taken from the environment and handed to the workflow.
        "-s --secret": "val:env",
        "--insecure-secrets": "flag:secret",
        "-W --workflows": "val:read",
        "--action-offline-mode -b --bind --detect-event -n --dryrun -g --graph --json -l --list --man-page": "flag",
        "--no-cache-server --no-recurse --no-skip-checkout -p --pull -r --reuse --rebuild --rm --use-gitignore": "flag",
        "--use-new-action-cache -v --verbose -q --quiet --version -w --watch --validate --strict --bug-report": "flag",
        "--list-options": "flag",
        **_HELP,
    },
    operands="text?",
    long_prefix=False,
    judge=_act_runs,
    examples={
        "act -l": "",
        "act --list": "",
        "act -n": "",
        "act push": "load",
        "act -j test": "load",
        "act pull_request -W .github/workflows/ci.yml": "read:.github/workflows/ci.yml load",
        "act -s GITHUB_TOKEN": "env:GITHUB_TOKEN load",
        "act --secret-file .secrets": "read:.secrets load",
        "act --privileged": "privilege load",
        "act --container-options '-v /:/host'": "unknown unknown load",
    },
)

SKAFFOLD_VERSION = "skaffold v2.13"
_SKAFFOLD = {
    "-f --filename": "val:load",
    "-p --profile -m --module --kube-context -n --namespace -d --default-repo --tag -t": "val",
    "--kubeconfig": "val:load",
    "--build-concurrency --cache-file --trigger -l --label --insecure-registry --hydrated-manifests": "val",
    "--port-forward --status-check --wait-for-deletions --timestamps --cache-artifacts --cleanup --tail": "opt",
    "--platform --digest-source --remote-cache-dir --cloud-run-project --cloud-run-location": "val",
    "-o --output --event-log-file": "val:write",
    "--force --no-prune --no-prune-children --toot --auto-build": "flag",
    "--auto-deploy --auto-sync --detect-minikube --skip-tests": "flag",
    "--offline --loud --assume-yes --keep-running-on-failure": "flag",
    "-v --verbosity": "val",
    "--interactive": "flag",
    **_HELP,
}


def _skaffold_config(walk: Walk, argv: list[str]) -> None:
    """skaffold runs the build and hook commands skaffold.yaml names (custom builders, lifecycle hooks): the
    default skaffold.yaml of the directory is a load judged by its provenance."""
    if any(e.origin in ("-f", "--filename") for e in walk.effects) or any(s in ("-h", "--help") for s in walk.seen):
        return
    if walk.cwd and os.path.exists(os.path.join(walk.cwd, "skaffold.yaml")):
        walk.effects.append(Effect("load", "skaffold.yaml", "the build and hooks skaffold.yaml names"))


def _sk(name: str, operands: str = "", effects: str = "") -> Spec:
    return _go(name, _SKAFFOLD, operands=operands, effects=effects, judge=_skaffold_config)


SKAFFOLD = Spec(
    "skaffold",
    summary="builds images and deploys them to a cluster from skaffold.yaml",
    options={**_HELP, "-v --verbosity": "val", "--interactive --update-check": "flag"},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "diagnose inspect": _sk("diagnose", "text*"),
        "render": _sk("render"),
        "build": _sk("build", "", "destroy"),
        "dev run debug deploy apply verify": _sk("dev", "read*", "destroy"),
        "delete": _sk("delete", "", "destroy@force_ask"),
        "version": _go("version", {"-o --output": "val"}),
        "completion": _go("completion", operands="text?"),
        "config": _go(
            "config",
            subcommand_required=True,
            subcommands={
                "list": _go("list", {"-a --all -k --kube-context -c --config": "val"}),
                "set unset": _go(
                    "set", {"-g --global -k --kube-context -c --config": "val"}, operands="text*", effects="config"
                ),
            },
        ),
    },
    examples={
        "skaffold diagnose": "",
        "skaffold render -o out.yaml": "write:out.yaml",
        "skaffold render -f /tmp/s.yaml": "load:/tmp/s.yaml",
        "skaffold dev": "destroy",
        "skaffold run -p prod": "destroy",
        "skaffold delete": "destroy",
        "skaffold version": "",
    },
)
_versioned(_anywhere(SKAFFOLD), SKAFFOLD_VERSION)

K3D_VERSION = "k3d v5.7"
_K3D_NAME = {
    "--timeout --image -i --servers -s --agents -a --api-port --k3s-arg --network --token --registry-use": "val"
}
K3D = Spec(
    "k3d",
    summary="k3s clusters in Docker containers",
    options={"--verbose --trace --timestamps --version": "flag", **_HELP},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "cluster": _go(
            "cluster",
            subcommand_required=True,
            subcommands={
                "list ls get": _go("list", {"-o --output": "val", "--no-headers --token": "flag"}, operands="text*"),
                # Host directories mounted into the nodes (`-v SRC:DST`) and exposed ports are not modelled.
                "create": _go(
                    "create",
                    {
                        **_K3D_NAME,
                        "-c --config": "val:load",
                        "--wait --no-lb --no-rollback --kubeconfig-update-default --kubeconfig-switch-context": "flag",
                        "-v --volume -p --port --env -e --host-alias --gpus --registry-create --registry-config": "unknown",
                    },
                    operands="text?",
                    effects="config",
                ),
                "start stop edit": _go(
                    "start", {"--all -a --wait": "flag", "--timeout": "val"}, operands="text*", effects="destroy"
                ),
                "delete rm": _go(
                    "delete",
                    {"-a --all": "flag:destroy@force_ask", "-c --config": "val:read"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
        "kubeconfig": _go(
            "kubeconfig",
            subcommand_required=True,
            subcommands={
                "get": _go("get", {"-a --all": "flag"}, operands="text*", effects="secret@ask"),
                "merge write": _go(
                    "merge",
                    {
                        "-a --all -d --kubeconfig-merge-default -s --kubeconfig-switch-context --overwrite -u --update": "flag",
                        "-o --output": "val:write",
                    },
                    operands="text*",
                    effects="config",
                ),
            },
        ),
        "node": _go(
            "node",
            subcommand_required=True,
            subcommands={
                "list ls get": _go("list", {"-o --output": "val", "--no-headers": "flag"}, operands="text*"),
                "create start stop edit delete rm": _go(
                    "create",
                    {"-c --cluster --role --image --replicas --memory --timeout": "val", "--wait -a --all": "flag"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
        "image": _go(
            "image",
            subcommands={
                "import load": _go(
                    "import",
                    {"-c --cluster -m --mode": "val", "-k --keep-tarball -t --keep-tools": "flag"},
                    operands="text+",
                    effects="destroy",
                )
            },
        ),
        "registry": _go(
            "registry",
            subcommand_required=True,
            subcommands={
                "list ls get": _go("list", {"-o --output": "val", "--no-headers": "flag"}, operands="text*"),
                "create delete rm": _go(
                    "create",
                    {"-p --port -i --image --default-network": "val", "-a --all": "flag"},
                    operands="text*",
                    effects="destroy",
                ),
            },
        ),
        "version": _go("version", {"-o --output": "val"}, operands="text?"),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "k3d cluster list": "",
        "k3d cluster create dev --agents 2": "config",
        "k3d cluster create dev -v /:/host@all": "config unknown unknown",
        "k3d cluster delete dev": "destroy",
        "k3d cluster delete --all": "destroy destroy",
        "k3d kubeconfig get dev": "secret",
        "k3d kubeconfig merge dev -d -s": "config",
        "k3d image import app:dev -c dev": "destroy",
        "k3d version": "",
    },
)
_versioned(_anywhere(K3D), K3D_VERSION)

COLIMA_VERSION = "colima v0.7"
_COLIMA_START = {
    "-a --arch -c --cpu -d --disk -m --memory -r --runtime -t --vm-type --dns --dns-host": "val",
    "--kubernetes-version --k3s-arg --mount-type --cpu-type --hostname --vz-rosetta --save-config": "val",
    "-e --edit -k --kubernetes --network-address --foreground -f --activate --ssh-agent -s --binfmt --nested-virtualization": "flag",
    # Host directories shared with the VM, writable.
    "-V --mount": "unknown",
    "--env": "val",
}
COLIMA = Spec(
    "colima",
    summary="container runtimes (Docker, containerd) in a local VM",
    options={"-p --profile": "val", "-v --verbose --very-verbose": "flag", **_HELP},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "status": _go("status", {"-e --extended -j --json": "flag"}, operands="text?"),
        "list ls": _go("list", {"-j --json": "flag"}),
        "version": _go("version", operands="text?"),
        "start": _go("start", _COLIMA_START, operands="text?", effects="destroy config"),
        "stop restart": _go("stop", {"-f --force": "flag"}, operands="text?", effects="destroy"),
        "delete": _go("delete", {"-f --force --data": "flag"}, operands="text?", effects="destroy"),
        # A shell (or the command after `--`) in the VM.
        "ssh": _go("ssh", operands="text*", effects="destroy"),
        "ssh-config": _go("ssh-config", operands="text?"),
        "nerdctl": _go("nerdctl", {"-f --force": "flag"}, operands="text*", effects="unknown"),
        "kubernetes": _go(
            "kubernetes", subcommands={"start stop delete reset": _go("start", operands="text?", effects="destroy")}
        ),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "colima status": "",
        "colima list": "",
        "colima start --cpu 4 --memory 8": "destroy config",
        "colima start --mount ~/.ssh:w": "destroy config unknown",
        "colima stop": "destroy",
        "colima ssh": "destroy",
    },
)
_versioned(_anywhere(COLIMA), COLIMA_VERSION)

LIMA_VERSION = "limactl v1.0"


def _lima_template(walk: Walk, argv: list[str]) -> None:
    """`limactl start FILE.yaml` (or a template URL) creates a VM from that template, whose mounts and provision
    scripts decide what of this machine it may change and run: a load; a bare word is an instance's name."""
    for word in _operand_words(walk, argv):
        if word.endswith((".yaml", ".yml")) or "/" in word or ":" in word:
            walk.effects.append(Effect("load", word, "template"))


LIMACTL = Spec(
    "limactl",
    summary="Linux VMs (Lima) with shared host directories",
    options={"--debug --tty -v --version": "flag", "--log-level --log-format": "val", **_HELP},
    long_prefix=False,
    subcommand_required=True,
    subcommands={
        "list ls": _go("list", {"-f --format": "val", "--json -q --quiet --all-fields": "flag"}, operands="text*"),
        "info": _go("info"),
        "validate": _go("validate", {"--fill": "flag"}, operands="read+"),
        # A template's mounts and provision scripts decide what of this machine the VM may change and run.
        "start create": _go(
            "start",
            {
                "--name --set --arch --cpus --memory --disk --vm-type --mount-type --network --timeout --containerd": "val",
                "--tty --plain --foreground --mount-writable --rosetta --video": "flag",
                "--mount": "unknown",
            },
            operands="text?",
            effects="destroy",
            judge=_lima_template,
        ),
        "stop": _go("stop", {"-f --force": "flag"}, operands="text?", effects="destroy"),
        "delete rm remove": _go("delete", {"-f --force": "flag"}, operands="text+", effects="destroy"),
        "shell": _go(
            "shell",
            {"--workdir --shell": "val", "--preserve-env": "flag"},
            operands="text*",
            effects="destroy",
            posix=True,
        ),
        "copy cp": _go(
            "copy", {"-r --recursive -v --verbose": "flag", "--backend": "val"}, operands="text+", effects="unknown"
        ),
        "edit": _go(
            "edit",
            {
                "--set --cpus --memory --disk --mount-type": "val",
                "--tty --mount-writable": "flag",
                "--mount": "unknown",
            },
            operands="text?",
            effects="destroy",
        ),
        "completion": _go("completion", operands="text?"),
    },
    examples={
        "limactl list": "",
        "limactl info": "",
        "limactl start": "destroy",
        "limactl start ./vm.yaml": "destroy load:./vm.yaml",
        "limactl shell default uname -a": "destroy",
        "limactl delete default": "destroy",
        "limactl copy ~/.ssh/id_rsa default:/tmp/": "unknown",
    },
)
_versioned(_anywhere(LIMACTL), LIMA_VERSION)


# --- terragrunt ------------------------------------------------------------------------------------------------
# Terragrunt wraps terraform: every command first evaluates terragrunt.hcl, whose `run_cmd()` runs commands and
# whose hooks run around terraform's, then hands terraform the rest of the words. Its judgment is terraform's
# (the cloud family): plan reads, apply changes infrastructure, destroy and state surgery destroy, `output -json`
# and `state pull` print secrets; `run-all` does it for every module under the directory. Reference: Terragrunt
# v0.67 (its CLI reference); the `--terragrunt-*` options the reference lists and are not declared here ask.

TERRAGRUNT_VERSION = "Terragrunt v0.67"
_TG_OPTIONS = {
    # terraform's own options, passed through
    "-auto-approve -input -lock -no-color -json -refresh -upgrade -reconfigure -migrate-state -force-copy": "opt",
    "-compact-warnings -detailed-exitcode -refresh-only -get -backend -check -diff -write -list -recursive": "opt",
    "-lock-timeout -parallelism -target -replace -var -test-directory -filter -lockfile -platform": "val",
    "-var-file -backend-config -state -backup": "val:read",
    "-out": "val:write",
    "-plugin-dir -from-module": "val:load",
    "-destroy": "flag:destroy@force_ask",
    "-raw": "flag:secret",
    "-h -help --help": "flag",
    # terragrunt's
    "--terragrunt-config": "val:load",
    "--terragrunt-check --terragrunt-diff": "flag",
    "--terragrunt-hclfmt-file": "val:edit",
    "--terragrunt-working-dir": "val:cd",
    "--terragrunt-tfpath": "val:script",
    "--terragrunt-source": "val:load",
    "--terragrunt-download-dir --terragrunt-json-out-dir --terragrunt-out-dir": "val:tree-write",
    "--terragrunt-iam-role --terragrunt-iam-assume-role-session-name": "val:privilege",
    "--terragrunt-non-interactive --terragrunt-source-update --terragrunt-ignore-dependency-errors": "flag",
    "--terragrunt-ignore-dependency-order --terragrunt-ignore-external-dependencies --terragrunt-debug": "flag",
    "--terragrunt-include-external-dependencies --terragrunt-strict-include --terragrunt-no-auto-init": "flag",
    "--terragrunt-no-auto-retry --terragrunt-no-auto-approve --terragrunt-log-disable --terragrunt-no-color": "flag",
    "--terragrunt-forward-tf-stdout --terragrunt-fetch-dependency-output-from-state --terragrunt-use-partial-parse-config-cache": "flag",
    "--terragrunt-log-level --terragrunt-log-format --terragrunt-parallelism --terragrunt-include-dir": "val",
    "--terragrunt-exclude-dir --terragrunt-modules-that-include --terragrunt-iam-assume-role-duration": "val",
}


def _terragrunt_config(walk: Walk, argv: list[str]) -> None:
    """terragrunt.hcl of the directory (`run_cmd()`, hooks) is code the command loads, judged by provenance."""
    if any(e.origin == "--terragrunt-config" for e in walk.effects) or any(
        s in ("-h", "-help", "--help") for s in walk.seen
    ):
        return
    if any(e.kind == "cd" for e in walk.effects):
        for effect in list(walk.effects):
            if effect.kind == "cd":
                walk.effects.append(
                    Effect("load", os.path.join(effect.value, "terragrunt.hcl"), "--terragrunt-working-dir")
                )
        return
    if walk.cwd and os.path.exists(os.path.join(walk.cwd, "terragrunt.hcl")):
        walk.effects.append(Effect("load", "terragrunt.hcl", "the terragrunt.hcl of the directory"))


def _tg_output(walk: Walk, argv: list[str]) -> None:
    _terragrunt_config(walk, argv)
    if "-json" in argv or any(w.startswith("-json=") for w in argv):
        walk.effects.append(Effect("secret", "", "output -json"))


def _tg_show(walk: Walk, argv: list[str]) -> None:
    """`show -json` prints the state or plan with its sensitive values in plain text, as `terraform show -json`."""
    _terragrunt_config(walk, argv)
    if "-json" in argv or "--json" in argv:
        walk.effects.append(Effect("secret", "", "show -json"))


def _tg(name: str, effects: str = "", operands: str = "text*", judge: object = None) -> Spec:
    return Spec(
        name,
        version=TERRAGRUNT_VERSION,
        options=_TG_OPTIONS,
        single_dash=True,
        long_prefix=False,
        operands=operands,
        effects=effects,
        judge=judge or _terragrunt_config,  # type: ignore[arg-type]
    )


def _tg_hclfmt(walk: Walk, argv: list[str]) -> None:
    """`terragrunt hclfmt` rewrites every .hcl file of the tree."""
    _terragrunt_config(walk, argv)
    if "--terragrunt-check" in argv or any(e.origin == "--terragrunt-hclfmt-file" for e in walk.effects):
        return
    walk.effects.append(Effect("edit", ".", "hclfmt rewrites the tree's .hcl files"))


def _tg_commands(everywhere: bool) -> dict[str, Spec]:
    """terraform's commands under terragrunt; with run-all each one runs in every module below."""
    change = "destroy@force_ask" if everywhere else "destroy@ask"
    return {
        "init plan validate fmt graph version get test providers": _tg("plan"),
        "show": _tg("show", operands="read?", judge=_tg_show),
        "output": _tg("output", judge=_tg_output),
        "apply": _tg("apply", change, "read?"),
        "import refresh taint untaint force-unlock": _tg("import", change),
        "destroy": _tg("destroy", "destroy@force_ask", ""),
        "console": _tg("console", "load"),
        "state": Spec(
            "state",
            version=TERRAGRUNT_VERSION,
            subcommands={
                "list": _tg("list"),
                "show pull": _tg("show", "secret"),
                "rm mv push replace-provider": _tg("rm", "destroy@force_ask"),
            },
        ),
    }


TERRAGRUNT = Spec(
    "terragrunt",
    version=TERRAGRUNT_VERSION,
    summary="runs terraform for one module or (run-all) every module of a tree, after evaluating terragrunt.hcl",
    options=_TG_OPTIONS,
    single_dash=True,
    long_prefix=False,
    globals_anywhere=True,
    subcommand_required=True,
    subcommands={
        **_tg_commands(False),
        "run-all": Spec(
            "run-all",
            version=TERRAGRUNT_VERSION,
            options=_TG_OPTIONS,
            single_dash=True,
            long_prefix=False,
            subcommands=_tg_commands(True),
            subcommand_required=True,
        ),
        "hclfmt": _tg("hclfmt", "", "", judge=_tg_hclfmt),
        "render-json": _tg("render-json", "", ""),
        "terragrunt-info graph-dependencies output-module-groups validate-inputs hclvalidate": _tg(
            "terragrunt-info", "", ""
        ),
    },
    examples={
        "terragrunt plan": "",
        "terragrunt run-all plan": "",
        "terragrunt plan -out=tf.plan": "write:tf.plan",
        "terragrunt apply": "destroy",
        "terragrunt run-all apply --terragrunt-non-interactive": "destroy",
        "terragrunt destroy": "destroy",
        "terragrunt run-all destroy": "destroy",
        "terragrunt output -json": "secret",
        "terragrunt show -json": "secret",
        "terragrunt run-all show -json": "secret",
        "terragrunt state pull": "secret",
        "terragrunt --terragrunt-working-dir /tmp/x plan": "cd:/tmp/x load:/tmp/x/terragrunt.hcl",
        "terragrunt plan --terragrunt-config /tmp/t.hcl": "load:/tmp/t.hcl",
        "terragrunt plan --terragrunt-tfpath /tmp/tf": "script:/tmp/tf",
        "terragrunt hclfmt": "edit:.",
        "terragrunt hclfmt --terragrunt-check": "",
        "terragrunt terragrunt-info": "",
        "terragrunt catalog": "unknown",
    },
)

SPECS = [
    KIND,
    MINIKUBE,
    KUSTOMIZE,
    HELMFILE,
    KUBECTX,
    KUBENS,
    STERN,
    K9S,
    KUBECONFORM,
    KUBESEAL,
    KUBEVAL,
    ANSIBLE,
    ANSIBLE_PLAYBOOK,
    ANSIBLE_INVENTORY,
    ANSIBLE_VAULT,
    ANSIBLE_GALAXY,
    ANSIBLE_CONFIG,
    ANSIBLE_DOC,
    VAGRANT,
    TRIVY,
    GRYPE,
    SYFT,
    COSIGN,
    TFLINT,
    TFSEC,
    CHECKOV,
    PACKER,
    ARGOCD,
    FLUX,
    ISTIOCTL,
    ACT,
    SKAFFOLD,
    K3D,
    COLIMA,
    LIMACTL,
    TERRAGRUNT,
]
