"""Resource-management CLIs: SaaS services, feature flags, message brokers, backups, proxies.

These programs manage state that lives elsewhere (a feature-flag service, a CDN, a broker,
a backup repository, a running server). One verb table, chosen once for the family, says
what each subcommand does; a program is a few lines of data built by `resource_cli`:

- reading (get, list, ls, describe, show, status, view, info, inspect, version, help, search,
  diff, validate, check, lint, logs, ...): no effect;
- changing (create, update, set, apply, put, add, edit, import, upload, run, exec, trigger,
  start, stop, restart, enable, disable, sync, ...): `destroy` (ask, floor.destructive), the
  same reading as `kubectl apply` in the containers family;
- publishing (publish, deploy, release, promote, activate, push): `publish` (force_ask);
- deleting or discarding (delete, remove, rm, destroy, purge, drop, prune, forget, kill,
  terminate, wipe, reset, revoke, archive, clear, uninstall, unregister, roll, ...):
  `destroy@force_ask`;
- printing secrets (`mc alias list` shows access and secret keys, `algolia apikeys list`):
  `secret` (deny).
Backups: `restic backup` / `borg create` send the named trees to the repository (`upload`,
which may be remote); restoring writes the target tree; mounting a repository (`restic mount`,
`borg mount`) changes the system's mounts (`destroy`, ask) and its mount point is named only.
A verb or option the spec does not list is not modelled and asks. References are the
programs' own manuals and `--help` as published for the version named in each spec; every
option a spec does not declare asks, so a spec is complete for the shapes it allows.
"""

from __future__ import annotations

from hookward.policy.spec import Effect, Spec, Walk

READ = "get list ls describe show status view info inspect version help search diff validate check lint logs log whoami browse tail ping health healthcheck doctor stat cat head du find tree top history query current count print verify about"
CHANGE = "create update set apply put add edit import upload run exec trigger start stop restart reload enable disable sync install patch replace rename move copy cp mv tag untag label assign unassign link unlink login logout pub declare ack acknowledge resolve snooze merge open close mirror register config bench"
PUBLISH = "publish deploy release promote activate push"
DELETE = "delete del remove rm destroy purge drop prune forget kill terminate wipe reset revoke archive clear clean cleanup compact truncate flush roll rotate uninstall unregister rb rdelete"

_VERB_EFFECT: dict[str, str] = {}
for _words, _effect in ((READ, ""), (CHANGE, "destroy"), (PUBLISH, "publish"), (DELETE, "destroy@force_ask")):
    for _word in _words.split():
        _VERB_EFFECT[_word] = _effect

_HELP = {"-h --help": "flag"}


def verb_effect(verb: str) -> str | None:
    """The table's effect for a verb (`"destroy@force_ask"` for delete); None when the table does not know it."""
    if verb in _VERB_EFFECT:
        return _VERB_EFFECT[verb]
    for separator in ("-", "_"):
        head = verb.split(separator, 1)[0]
        if head != verb and head in _VERB_EFFECT:
            return _VERB_EFFECT[head]  # `remove-secret`, `delete_user`, `list_queues`
    return None


def _leaves(text: str, where: str, operands: str, leaf_options: dict[str, str] | None = None) -> dict[str, Spec]:
    """`"list get delete archive=destroy@force_ask"` -> verb specs. A leading `=EFFECT` token sets the
    effect of every plain word in the string (`"=none backups restores"` for noun leaves of a verb)."""
    found: dict[str, Spec] = {}
    default: str | None = None
    for token in text.split():
        if token.startswith("="):
            default = "" if token == "=none" else token[1:]
            continue
        word, equals, effect = token.partition("=")
        if equals:
            effect = "" if effect == "none" else effect
        elif default is not None:
            effect = default
        else:
            known = verb_effect(word)
            if known is None:
                raise ValueError(f"{where}: verb {word!r} is not in the table; give it an effect (word=effect)")
            effect = known
        found[word] = Spec(word, operands=operands, effects=effect.replace(",", " "), options=leaf_options)
    return found


def tree(
    node: dict[str, str | dict | Spec], where: str, operands: str = "text*", leaf_options: dict[str, str] | None = None
) -> dict[str, Spec]:
    """Subcommands from data: a key names one or more words (aliases, or `*` for any word); a string
    value is that group's verbs, a dict a nested group (its `""` key lists the group's own verbs, its
    `"."` key makes the group alone a command with that effect, "none" for none), a Spec is used as is."""
    found: dict[str, Spec] = {}
    for key, value in node.items():
        if key == "":
            assert isinstance(value, str)
            found.update(_leaves(value, where, operands, leaf_options))
            continue
        names = key.split()
        if isinstance(value, Spec):
            sub = value
        elif isinstance(value, str):
            leaves = _leaves(value, f"{where} {names[0]}", operands, leaf_options)
            sub = Spec(names[0], subcommands=leaves, globals_anywhere=True)
            sub.subcommand_required = True
        else:
            alone = value.get(".")  # the group alone is a command too, with these effects
            inner = {k: v for k, v in value.items() if k != "."}
            sub = Spec(
                names[0],
                subcommands=tree(inner, f"{where} {names[0]}", operands, leaf_options),
                globals_anywhere=True,
                effects="" if alone in (None, "none") else str(alone),
            )
            sub.subcommand_required = alone is None
        found[key] = sub
    return found


def resource_cli(
    name: str,
    version: str,
    groups: dict[str, str | dict | Spec],
    *,
    options: dict[str, str] | None = None,
    summary: str = "",
    examples: dict[str, str] | None = None,
    operands: str = "text*",
    long_prefix: bool = False,
    aliases: tuple[str, ...] = (),
    judge: object = None,
    leaf_options: dict[str, str] | None = None,
) -> Spec:
    """A CLI of `NAME [GROUP...] VERB [ARGS]`: global options anywhere, verbs judged by the table."""
    spec = Spec(
        name,
        version=version,
        summary=summary,
        options={**_HELP, **(options or {})},
        subcommands=tree(groups, name, operands, leaf_options),
        long_prefix=long_prefix,
        globals_anywhere=True,
        aliases=aliases,
        examples=examples,
        judge=judge,  # type: ignore[arg-type]
    )
    return spec


def _flag_cli(name: str, version: str, options: dict[str, str], **kwargs: object) -> Spec:
    return Spec(name, version=version, options={**_HELP, **options}, **kwargs)  # type: ignore[arg-type]


# --- feature flags ------------------------------------------------------------------------

_LDCLI = resource_cli(
    "ldcli",
    "ldcli 1.x (LaunchDarkly CLI manual)",
    {
        "flags projects environments segments metrics members teams": "list get create update delete archive",
        "": "help version",
        "config": Spec("config", effects="unknown"),  # `ldcli config --list` prints the access token
    },
    options={
        "--version": "flag",
        "--project --environment --name --key --data -o --output --base-uri --access-token": "val",
        "--json": "flag",
    },
    summary="LaunchDarkly: read verbs are routine, create/update ask, delete/archive force_ask.",
    examples={
        "ldcli flags list --project my-project": "",
        "ldcli flags create --name new-flag": "destroy",
        "ldcli flags delete my-flag --project my-project": "destroy",
        "ldcli flags archive my-flag": "destroy",
        "ldcli --version": "",
        "ldcli flags frobnicate": "unknown",
    },
)

_FLIPT = resource_cli(
    "flipt",
    "Flipt v1.x (flipt --help)",
    {
        "flag flags segment segments namespace namespaces rule rules variant variants constraint distribution": "list get create update delete",
        "": "help evaluate=none validate export=none server=destroy serve=destroy migrate=destroy",
        "config": "init=config edit=config",
    },
    options={
        "--version -v": "flag",
        "--namespace -n --key --name --flag --entity --id --description": "val",
        "--config": "val:load",
        "-o --output --address --token": "val",
    },
    summary="Flipt feature flags. `flipt server` starts a server; `flipt import` replaces flags.",
    examples={
        "flipt flag list --namespace default": "",
        "flipt flag delete my-flag --namespace default": "destroy",
        "flipt evaluate --flag my-flag --entity user-123": "",
        "flipt --config /tmp/x.yml validate": "load:/tmp/x.yml",
    },
)

_UNLEASH = resource_cli(
    "unleash",
    "unleash CLI (Unleash admin API client)",
    {
        "features feature projects project environments environment strategies strategy segments tags": "list get create update enable disable delete archive",
        "api-keys tokens": "list=secret create delete",
        "": "help version",
    },
    options={
        "--version": "flag",
        "--project --name --environment --url --api-key -o --output": "val",
        "--json": "flag",
    },
    summary="Unleash feature toggles; listing API keys prints them (secret).",
    examples={
        "unleash features list": "",
        "unleash features enable my-toggle": "destroy",
        "unleash features archive my-toggle": "destroy",
        "unleash api-keys list": "secret",
    },
)

# --- CDNs, gateways, API platforms --------------------------------------------------------

_FASTLY_RESOURCES = (
    "service domain backend vcl snippet dictionary dictionary-item acl acl-entry healthcheck "
    "condition header gzip settings purge-all tls-config tls-custom user kv-store kv-store-entry "
    "config-store config-store-entry secret-store ip-list pops token"
)
_FASTLY = resource_cli(
    "fastly",
    "Fastly CLI v10 (fastly --help)",
    {
        "service": {
            "": "list describe search create update delete",
            "version service-version": "list describe clone=destroy create update activate deactivate=destroy@force_ask lock=destroy stage=destroy unstage=destroy",
        },
        **{
            word: "list describe create update delete"
            for word in _FASTLY_RESOURCES.split()
            if word not in ("service", "purge-all", "token", "secret-store")
        },
        "purge": Spec("purge", operands="text*", effects="destroy@force_ask"),
        "logging": {
            kind: "list describe create update delete"
            for kind in "s3 bigquery gcs syslog splunk datadog elasticsearch https kafka loggly newrelic papertrail sumologic azureblob".split()
        },
        "compute": "build=none init=none serve=destroy validate publish deploy update delete pack=none",
        "profile": "list create delete switch=config token=secret update",
        "": "help version whoami",
    },
    options={
        "-v --version": "flag",
        "--service-id -s --service-name --name -n --key --id --acl-id --dictionary-id --comment": "val",
        "--token -t --profile -p --endpoint": "val",
        "--json -j --verbose --quiet -q --force --auto-yes -y --non-interactive -i": "flag",
    },
    leaf_options={"--version": "val"},
    summary="Fastly: describe/list read; activating a service version publishes; delete/purge force_ask.",
    examples={
        "fastly service describe --service-id abc123": "",
        "fastly service delete --force": "destroy",
        "fastly service version activate --version 5": "publish",
        "fastly logging s3 delete --name logs": "destroy",
        "fastly profile token": "secret",
        "fastly -v": "",
    },
)

_DECK = resource_cli(
    "deck",
    "decK v1.40 (Kong declarative config; deck --help)",
    {
        "": "version help ping validate diff convert=none dump=none sync=destroy@force_ask reset=destroy@force_ask",
        "gateway": "ping validate diff dump=none sync=destroy@force_ask apply=destroy reset=destroy@force_ask",
        "file": Spec(
            "file",
            effects="",
            subcommands={
                w: Spec(w, operands="read*")
                for w in "validate lint openapi2kong patch add-plugins add-tags list-tags remove-tags merge render namespace convert kong2kic kong2tf".split()
            },
            globals_anywhere=True,
        ),
    },
    options={
        "--version": "flag",
        "-o --output-file": "val:write",
        "-w --workspace --select-tag --kong-addr --headers --ca-cert": "val",
        "-s --state": "val:read",
        "--format --konnect-addr --konnect-token --konnect-control-plane-name --tls-server-name": "val",
        "--force -f --yes --skip-consumers --json-output --silence-events --verbose --no-color --parallelism": "flag",
    },
    summary="decK: dump writes the gateway's config to a file; sync/reset replace or wipe the gateway.",
    examples={
        "deck dump --output-file kong.yaml": "write:kong.yaml",
        "deck diff --state kong.yaml": "read:kong.yaml",
        "deck sync --select-tag production": "destroy",
        "deck gateway reset": "destroy",
        "deck file": "",
    },
)
# `deck dump` without -o writes kong.yaml in the working directory.
_DECK_DUMP_DEFAULT = "kong.yaml"


def _deck_dump(walk: Walk, argv: list[str]) -> None:
    if walk.spec.name == "dump" and not any(e.kind == "write" for e in walk.effects):
        walk.effects.append(Effect("write", _DECK_DUMP_DEFAULT, "dump (default output file)"))


_DECK.subcommands["dump"].judge = _deck_dump
_DECK.subcommands["gateway"].subcommands["dump"].judge = _deck_dump
_DECK.examples["deck dump"] = "write:kong.yaml"

_KONG = resource_cli(
    "kong",
    "Kong Gateway 3.x (kong --help)",
    {
        "": "version help health check=none start=destroy stop=destroy@force_ask quit=destroy@force_ask restart=destroy reload=destroy prepare=destroy",
        "config": "parse=none init=none db_import=destroy db_export=none",
        "migrations": "list bootstrap=destroy up=destroy finish=destroy reset=destroy@force_ask",
    },
    options={"-v --v -vv --vv --version --trace": "flag", "-c --conf -p --prefix": "val"},
    operands="read*",
    summary="Kong: health/check/config parse read; start/stop/migrations change the gateway.",
    examples={
        "kong check /etc/kong/kong.conf": "read:/etc/kong/kong.conf",
        "kong config init": "",
        "kong stop": "destroy",
        "kong migrations reset": "destroy",
    },
)

_APIGEECLI = resource_cli(
    "apigeecli",
    "apigeecli v2 (Apigee management API CLI)",
    {
        "apis products developers envs orgs apps keyvaluemaps targetservers sharedflows keystores references flowhooks apicategories": "list get create update delete import export=none",
        "": "help version",
    },
    options={
        "--name -n --email --developer --org -o --env -e --token -t --region -r": "val",
        "--file -f": "val:read",
        "--default-token --disable-check --no-output --print-output": "flag",
    },
    summary="Apigee: list/get read; create/import ask; delete force_ask.",
    examples={"apigeecli apis get --name my-api": "", "apigeecli envs delete --name prod": "destroy"},
)

# --- incident, observability, SaaS ----------------------------------------------------------

_PD = resource_cli(
    "pd",
    "PagerDuty CLI (pd) 0.1",
    {
        "service schedule escalation-policy user team ep incident log analytics field rest tag orchestration": "list get create update delete enable disable",
        "incident": "list get create ack acknowledge resolve assign snooze merge open notes=none update",
        "": "help version login=config",
        "auth": "add=config use=config list delete",
    },
    options={
        "--version --json -j --me": "flag",
        "--pipe --delimiter --keys -k --statuses --urgencies --teams": "val",
        "-i --ids --name -n --email --token -t": "val",
    },
    summary="PagerDuty: listing is routine; acknowledging, resolving, creating ask; delete force_ask.",
    examples={"pd incident list": "", "pd service delete P123": "destroy", "pd incident ack": "destroy"},
)

_DATADOG_CI = resource_cli(
    "datadog-ci",
    "datadog-ci v2",
    {
        "monitors dashboards": "list get create update delete",
        "synthetics": "run-tests=destroy upload-application=destroy",
        "sourcemaps dsyms flutter-symbols dif react-native unity-symbols pe-symbols elf-symbols sarif sbom junit coverage": "upload",
        "": "help version",
    },
    options={"--version": "flag", "--api-key --app-key --site --service --tags": "val", "--dry-run": "flag"},
    summary="Datadog CI: uploads send build artefacts (ask); monitor delete force_ask.",
    examples={"datadog-ci monitors get 123": "", "datadog-ci dashboards delete abc": "destroy"},
)

_NEWRELIC = resource_cli(
    "newrelic",
    "New Relic CLI v0.9",
    {
        "entity": "search get tags=none delete",
        "apm": {"application": "get list search delete", "deployment": "list create delete"},
        "workload": "get list create update duplicate=destroy delete",
        "synthetics": "list get create update delete",
        "nrql": "query history",
        "profile profiles": "list add=config default=config delete",
        "": "help version query",
    },
    options={
        "--name -n --guid -g --accountId -a --applicationId --profile -p --format -f": "val",
        "--plain --debug --trace": "flag",
    },
    summary="New Relic: queries and searches read; deletions force_ask.",
    examples={
        'newrelic query "SELECT count(*) FROM Transaction"': "",
        "newrelic apm application delete 123": "destroy",
        "newrelic entity search --name my-service": "",
    },
)

_STRIPE_RESOURCES = (
    "customers products prices payments payment_intents charges refunds invoices subscriptions coupons "
    "webhook_endpoints events balance payouts accounts checkout sessions plans tax_rates promotion_codes"
)
_STRIPE = resource_cli(
    "stripe",
    "Stripe CLI v1.21",
    {
        **{
            word: "list retrieve=none create update delete capture=destroy cancel=destroy@force_ask confirm=destroy"
            for word in _STRIPE_RESOURCES.split()
        },
        "api_keys": "roll list=secret",
        "logs": "tail",
        "": "help version listen=none trigger login=config logout=config get post=destroy delete status samples=none open=none fixtures=destroy",
        "config": Spec("config", effects="unknown"),
    },
    options={
        "--api-key --project-name -p --forward-to -f --events -e --stripe-account --color --log-level -d --data": "val",
        "--live --skip-verify --format --load-from-webhooks-api": "flag",
        "--print-secret": "flag:secret",
        "--version -v": "flag",
    },
    summary="Stripe: resources are `stripe RESOURCE VERB`; `--live` acts on live data; `listen --print-secret` prints the webhook secret.",
    examples={
        "stripe customers list": "",
        "stripe customers delete cus_123": "destroy",
        "stripe api_keys roll": "destroy",
        "stripe logs tail": "",
        "stripe listen": "",
    },
)
_STRIPE.examples["stripe listen --print-secret"] = "secret"

_ALGOLIA = resource_cli(
    "algolia",
    "Algolia CLI v1.6",
    {
        "indices index": "list browse=none config=none copy move delete clear analyze=none",
        "objects": "browse=none import operations=destroy update delete",
        "rules synonyms": "browse=none import delete",
        "settings": "get set import",
        "apikeys": "list=secret get=secret create delete",
        "profile": "list add=config remove=config setdefault=config",
        "": "help version search",
    },
    options={
        "--application-id --api-key --admin-api-key -p --profile --query --output -o": "val",
        "--confirm -y": "flag",
    },
    summary="Algolia: browsing and searching read; listing API keys prints them; clear/delete force_ask.",
    examples={
        "algolia search products query": "",
        "algolia indices clear products": "destroy",
        "algolia apikeys list": "secret",
    },
)

_SQUARE = resource_cli(
    "square",
    "Square CLI (square)",
    {"catalog customers locations orders payments invoices": "list get create update delete", "": "help version"},
    options={"--version": "flag", "--profile --environment": "val"},
    examples={"square catalog list": "", "square catalog delete obj_123": "destroy"},
)

_CIRCLECI = resource_cli(
    "circleci",
    "CircleCI CLI v0.1.30",
    {
        "context": "list show create delete store-secret=destroy remove-secret",
        "orb": "list info source=none validate process=none pack=none publish create=destroy init=destroy delete",
        "namespace": "list create delete",
        "pipeline": "list run trigger delete",
        "project": "list create secret=secret",
        "config": "validate process=none pack=none",
        "policy": "status diff decide=none eval=none fetch=none logs push settings=destroy test=none",
        "local": "execute=script",
        "runner": "resource-class=destroy instance=none token=secret",
        "": "help version diagnostic=none info=none setup=config update=destroy follow=destroy open=none",
    },
    options={
        "--host --token --org-slug --org-id -o --output": "val",
        "--skip-update-check --debug --integration-testing": "flag",
    },
    operands="text*",
    summary="CircleCI: `local execute` runs a job in a local container (exec); secrets are stored and removed via context.",
    examples={
        "circleci config validate .circleci/config.yml": "",
        "circleci context remove-secret org/my-org context/prod AWS_ACCESS_KEY_ID": "destroy",
        "circleci pipeline delete 123456": "destroy",
        "circleci local execute": "script",
    },
)

_GITLAB_RUNNER = resource_cli(
    "gitlab-runner",
    "GitLab Runner 17 (gitlab-runner --help)",
    {
        "": "help list=secret status verify=none register=config unregister run=destroy run-single=destroy exec=destroy start stop restart install uninstall reset-token=destroy@force_ask artifacts-downloader=destroy artifacts-uploader=upload cache-archiver=destroy cache-extractor=destroy",
    },
    options={
        "--url --token -t --name -n --working-directory -d --user -u --service": "val",
        "--config -c": "val:load",
        "--all-runners --debug --version -v --non-interactive": "flag",
        "--delete": "flag:destroy@force_ask",
    },
    summary="GitLab Runner: `list` prints every runner's token from config.toml; unregister force_ask.",
    examples={
        "gitlab-runner status": "",
        "gitlab-runner unregister --all-runners": "destroy",
        "gitlab-runner list": "secret",
    },
)

# --- brokers ------------------------------------------------------------------------------

_NATS = resource_cli(
    "nats",
    "NATS CLI v0.1.5 (nats --help-long)",
    {
        "stream str": "list ls info report=none view=none get=none add create edit update copy=destroy backup=none restore=destroy seal=destroy@force_ask cluster=destroy find=none rm delete purge rmm=destroy@force_ask",
        "consumer con": "list ls info report=none next=destroy sub=none add create edit copy=destroy rm delete pause=destroy resume=destroy",
        "kv": "list ls info get history watch=none status add create put update edit=destroy compact del rm purge revert=destroy",
        "object obj": "list ls info get=none put add seal=destroy@force_ask watch=none del delete rm",
        "bucket": "list ls info delete",
        "server": "list ls info ping check report=none request=none run=destroy",
        "account": "info report=none backup=none restore=destroy delete",
        "context ctx": "ls list info=none show=none add=config edit=config select=config rm=config save=config",
        "": "help version pub publish=destroy sub=none request=destroy req=destroy reply=destroy bench=destroy events=none latency=none rtt=none schema=none trace=none",
    },
    options={
        "-s --server": "val:network",
        "--user --password --context --timeout --js-domain --inbox-prefix --count": "val",
        "--creds --nkey --tlscert --tlskey --tlsca": "val:read",
        "--json -j --force -f --trace --no-context --help-long --version": "flag",
        "--purge": "flag:destroy@force_ask",
    },
    summary="NATS: stream/consumer/kv info is routine; publishing messages and adding streams ask; rm/purge/del force_ask.",
    examples={
        "nats stream info ORDERS": "",
        "nats stream rm ORDERS": "destroy",
        "nats kv del CONFIG api-key --purge": "destroy",
        "nats pub subject msg": "destroy",
        "nats sub subject": "",
    },
)
_NATS.examples["nats kv del CONFIG api-key --purge"] = "destroy destroy"

_RABBITMQCTL = resource_cli(
    "rabbitmqctl",
    "RabbitMQ 3.13 rabbitmqctl",
    {
        "": " ".join(
            [
                "list_users list_vhosts list_queues list_exchanges list_bindings list_connections list_channels list_consumers",
                "list_permissions list_policies list_parameters list_user_permissions list_topic_permissions list_global_parameters",
                "status cluster_status=none report=none node_health_check=none ping version help await_startup=none",
                "environment=env eval=code:erlang",
                "add_user=destroy add_vhost=destroy set_permissions=destroy set_policy=destroy set_parameter=destroy set_user_tags=destroy change_password=destroy",
                "start_app=destroy stop_app=destroy@force_ask stop=destroy@force_ask shutdown=destroy@force_ask",
                "delete_user delete_vhost clear_permissions clear_policy clear_parameter clear_password forget_cluster_node reset force_reset=destroy@force_ask purge_queue close_connection=destroy@force_ask close_all_connections=destroy@force_ask",
                "join_cluster=destroy@force_ask rotate_logs=destroy",
            ]
        ),
    },
    options={
        "-n --node -p --vhost -t --timeout --formatter": "val",
        "-q --quiet -s --silent -l --longnames --no-table-headers": "flag",
    },
    summary="rabbitmqctl: list_* and status read; environment prints the node's settings; delete/clear/reset force_ask.",
    examples={
        "rabbitmqctl list_queues name messages": "",
        "rabbitmqctl delete_vhost /prod": "destroy",
        "rabbitmqctl -n rabbit@node2 force_reset": "destroy",
    },
)

_RABBITMQADMIN = resource_cli(
    "rabbitmqadmin",
    "rabbitmqadmin 3.13 (management plugin CLI)",
    {
        "list show": "=none users vhosts connections exchanges bindings permissions channels consumers queues policies nodes parameters operator_policies vhost_limits overview user vhost connection exchange binding permission channel consumer queue policy node parameter",
        "declare": "=destroy exchange queue binding vhost user permission parameter policy operator_policy vhost_limit",
        "delete": "=destroy@force_ask exchange queue binding vhost user permission parameter policy operator_policy vhost_limit",
        "purge": "=destroy@force_ask queue",
        "close": "=destroy@force_ask connection",
        "": "help publish=destroy get=destroy export=none import=destroy",
    },
    options={
        "-H --host -U --base-uri": "val:network",
        "-P --port -V --vhost -u --username -p --password -N --node -f --format -d --depth": "val",
        "-c --config": "val:read",
        "-q --quiet -s --ssl --bash-completion": "flag",
    },
    summary="rabbitmqadmin: `get` takes messages off a queue (ask); delete/purge/close force_ask.",
    examples={
        "rabbitmqadmin show queue name=jobs": "",
        "rabbitmqadmin purge queue name=jobs": "destroy",
        "rabbitmqadmin delete exchange name=events": "destroy",
    },
)


_KAFKA_ACTIONS = ("--list", "--describe", "--create", "--alter", "--delete", "--version", "--help", "-h")


def _kafka_judge(walk: Walk, argv: list[str]) -> None:
    if not any(word in _KAFKA_ACTIONS for word in argv[1:]):
        walk.unknown.append("kafka-topics without --list/--describe/--create/--alter/--delete is not modelled")


_KAFKA_TOPICS = _flag_cli(
    "kafka-topics",
    "Apache Kafka 3.7 kafka-topics",
    {
        "--bootstrap-server --zookeeper": "val:network",
        "--topic --partitions --replication-factor --replica-assignment --config --delete-config --topic-id": "val",
        "--command-config": "val:load",
        "--list --describe --version --exclude-internal --if-exists --if-not-exists --topics-with-overrides --unavailable-partitions --under-replicated-partitions --under-min-isr-partitions --at-min-isr-partitions": "flag",
        "--create --alter": "flag:destroy",
        "--delete": "flag:destroy@force_ask",
    },
    aliases=("kafka-topics.sh",),
    judge=_kafka_judge,
    examples={
        "kafka-topics --bootstrap-server localhost:9092 --describe --topic orders": "network:localhost:9092",
        "kafka-topics --bootstrap-server kafka.prod:9092 --list": "network:kafka.prod:9092",
        "kafka-topics --bootstrap-server localhost:9092 --delete --topic payments": "network:localhost:9092 destroy",
        "kafka-topics --bootstrap-server localhost:9092 --create --topic t --partitions 3": "network:localhost:9092 destroy",
        "kafka-topics --bootstrap-server localhost:9092": "network:localhost:9092 unknown",
    },
)


def _kafka_action(name: str, actions: tuple[str, ...]) -> object:
    def judge(walk: Walk, argv: list[str]) -> None:
        if not any(word.split("=", 1)[0] in actions for word in argv[1:]):
            walk.unknown.append(f"{name} without {'/'.join(actions)} is not modelled")

    return judge


# Every Kafka admin tool reaches its brokers (`--bootstrap-server`, `--bootstrap-controller`, `--zookeeper`:
# `network`, judged by the egress floor), and `--command-config` / `--consumer.config` / `--producer.config`
# name a client properties file that can load classes (`load`). Reading the cluster is routine.
_KAFKA_CLIENT = {
    "--bootstrap-server --bootstrap-controller --zookeeper --broker-list": "val:network",
    "--command-config --admin.config": "val:load",
    "--version": "flag",
}
_KAFKA_CONSUMER_GROUPS = _flag_cli(
    "kafka-consumer-groups",
    "Apache Kafka 3.7 kafka-consumer-groups",
    {
        **_KAFKA_CLIENT,
        "--list --describe --members --offsets --state --verbose --all-groups --all-topics --dry-run --export": "flag",
        "--group --topic --timeout --type --to-offset --to-datetime --by-duration --shift-by": "val",
        "--to-earliest --to-latest --to-current": "flag",
        "--from-file": "val:read",
        "--reset-offsets --execute": "flag:destroy",  # moves a group's position: its consumers skip or replay
        "--delete --delete-offsets": "flag:destroy@force_ask",
    },
    aliases=("kafka-consumer-groups.sh",),
    judge=_kafka_action(
        "kafka-consumer-groups",
        ("--list", "--describe", "--reset-offsets", "--delete", "--delete-offsets", "--version"),
    ),
    examples={
        "kafka-consumer-groups --bootstrap-server localhost:9092 --list": "network:localhost:9092",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --describe --group billing": "network:localhost:9092",
        "kafka-consumer-groups --bootstrap-server kafka.prod:9092 --list": "network:kafka.prod:9092",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --group g --reset-offsets --to-earliest --topic t"
        " --execute": "network:localhost:9092 destroy destroy",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --delete --group g": "network:localhost:9092 destroy",
        "kafka-consumer-groups --bootstrap-server localhost:9092 --command-config x.properties --list": (
            "network:localhost:9092 load:x.properties"
        ),
        "kafka-consumer-groups --bootstrap-server localhost:9092": "network:localhost:9092 unknown",
    },
)
_KAFKA_ACLS = _flag_cli(
    "kafka-acls",
    "Apache Kafka 3.7 kafka-acls",
    {
        **_KAFKA_CLIENT,
        "--authorizer-properties --authorizer": "unknown",
        "--list --producer --consumer --idempotent --force --cluster": "flag",
        "--topic --group --transactional-id --delegation-token --user-principal --resource-pattern-type": "val",
        "--allow-principal --deny-principal --allow-host --deny-host --operation --principal": "val",
        "--add": "flag:destroy",  # grants access
        "--remove": "flag:destroy@force_ask",
    },
    aliases=("kafka-acls.sh",),
    judge=_kafka_action("kafka-acls", ("--list", "--add", "--remove", "--version")),
    examples={
        "kafka-acls --bootstrap-server localhost:9092 --list": "network:localhost:9092",
        "kafka-acls --bootstrap-server localhost:9092 --add --allow-principal User:x --operation All --topic t": (
            "network:localhost:9092 destroy"
        ),
        "kafka-acls --bootstrap-server localhost:9092 --remove --topic t --force": "network:localhost:9092 destroy",
    },
)
_KAFKA_CONFIGS = _flag_cli(
    "kafka-configs",
    "Apache Kafka 3.7 kafka-configs",
    {
        **_KAFKA_CLIENT,
        "--describe --all --entity-default --force": "flag",
        "--entity-type --entity-name --broker --broker-logger --topic --client --user --ip --client-metrics": "val",
        "--delete-config --add-config": "val",
        "--add-config-file": "val:read",
        "--alter": "flag:destroy",
    },
    aliases=("kafka-configs.sh",),
    judge=_kafka_action("kafka-configs", ("--describe", "--alter", "--version")),
    examples={
        "kafka-configs --bootstrap-server localhost:9092 --describe --entity-type topics --entity-name logs": (
            "network:localhost:9092"
        ),
        "kafka-configs --bootstrap-server localhost:9092 --alter --entity-type topics --entity-name t"
        " --add-config retention.ms=1": "network:localhost:9092 destroy",
    },
)
_KAFKA_BROKER_API_VERSIONS = _flag_cli(
    "kafka-broker-api-versions",
    "Apache Kafka 3.7 kafka-broker-api-versions",
    dict(_KAFKA_CLIENT),
    aliases=("kafka-broker-api-versions.sh",),
    examples={"kafka-broker-api-versions --bootstrap-server localhost:9092": "network:localhost:9092"},
)
_KAFKA_CONSOLE_CONSUMER = _flag_cli(
    "kafka-console-consumer",
    "Apache Kafka 3.7 kafka-console-consumer",
    {
        **_KAFKA_CLIENT,
        "--consumer.config": "val:load",
        "--formatter --formatter-config --property --consumer-property --key-deserializer --value-deserializer": (
            "val:unknown"  # class names and their settings: code on the class path, chosen here
        ),
        "--topic --include --whitelist --partition --offset --max-messages --timeout-ms --isolation-level": "val",
        "--from-beginning --skip-message-on-error --enable-systest-events": "flag",
        # In a named group the reads commit offsets: the group's own consumers then skip what was read here.
        "--group": "val:destroy",
    },
    aliases=("kafka-console-consumer.sh",),
    examples={
        "kafka-console-consumer --bootstrap-server localhost:9092 --topic logs": "network:localhost:9092",
        "kafka-console-consumer --bootstrap-server localhost:9092 --topic logs --from-beginning --max-messages 10": (
            "network:localhost:9092"
        ),
        "kafka-console-consumer --bootstrap-server localhost:9092 --topic t --group billing": (
            "network:localhost:9092 destroy:billing"
        ),
    },
)
_KAFKA_CONSOLE_PRODUCER = _flag_cli(
    "kafka-console-producer",
    "Apache Kafka 3.7 kafka-console-producer",
    {
        **_KAFKA_CLIENT,
        "--producer.config": "val:load",
        "--property --producer-property --reader-config --line-reader": "val:unknown",
        "--topic --batch-size --compression-codec --max-block-ms --max-memory-bytes --max-partition-memory-bytes": (
            "val"
        ),
        "--message-send-max-retries --metadata-expiry-ms --request-required-acks --request-timeout-ms": "val",
        "--retry-backoff-ms --socket-buffer-size --timeout --sync": "val",
    },
    aliases=("kafka-console-producer.sh",),
    effects="destroy",  # writes messages every consumer of the topic will read
    examples={
        "kafka-console-producer --bootstrap-server localhost:9092 --topic logs": "network:localhost:9092 destroy"
    },
)

_RABBITMQ_DIAGNOSTICS_READS = (
    "ping status cluster_status alarms listeners memory_breakdown runtime_thread_stats server_version erlang_version"
    " log_location log_tail log_tail_stream check_alarms check_local_alarms check_port_connectivity"
    " check_port_listener check_protocol_listener check_running check_virtual_hosts check_certificate_expiration"
    " certificates cipher_suites is_booting is_running maybe_stuck tls_versions command_line_arguments"
    " consume_event_stream discover_peers schema_info help version"
)
_RABBITMQ_DIAGNOSTICS = resource_cli(
    "rabbitmq-diagnostics",
    "RabbitMQ 3.13 rabbitmq-diagnostics",
    {
        "": " ".join(
            [f"{verb}=none" for verb in _RABBITMQ_DIAGNOSTICS_READS.split()]
            + [
                "environment=env os_env=env erlang_cookie_sources=secret@ask reset_node_metrics=destroy",
                "observer=unknown remote_shell=unknown",
            ]
        ),
    },
    options={
        "-n --node -t --timeout --formatter": "val",
        "-q --quiet -s --silent -l --longnames --no-table-headers": "flag",
    },
    summary="rabbitmq-diagnostics: health checks and status read the node; environment and os_env print settings.",
    examples={
        "rabbitmq-diagnostics ping": "",
        "rabbitmq-diagnostics -q check_running": "",
        "rabbitmq-diagnostics environment": "env",
        "rabbitmq-diagnostics remote_shell": "unknown",
    },
)

# --- backups --------------------------------------------------------------------------------

_RESTIC_GLOBAL = {
    "-r --repo": "val",
    "--repository-file --password-file --cacert --tls-client-cert": "val:read",
    "--password-command": "val:exec",
    "--cache-dir": "val:write",
    "-o --option": "val:unknown",  # `sftp.command=...` runs a program
    "--json -q --quiet -v --verbose --no-cache --no-lock --cleanup-cache --insecure-tls --no-extra-verify": "flag",
    "--limit-download --limit-upload --compression --pack-size --key-hint --retry-lock": "val",
}
_SNAPSHOT_FILTER = {"--host --tag --path": "val"}


def _restic_sub(name: str, options: dict[str, str], operands: str = "text*", effects: str = "") -> Spec:
    return Spec(name, options={**_SNAPSHOT_FILTER, **options}, operands=operands, effects=effects)


_RESTIC = Spec(
    "restic",
    version="restic 0.14.0 (Debian bookworm)",
    summary="restic: backup sends files to the repository (upload); forget/prune/key remove destroy snapshots.",
    options={**_HELP, **_RESTIC_GLOBAL},
    globals_anywhere=True,
    subcommands={
        "snapshots": _restic_sub("snapshots", {"-c --compact": "flag", "--latest -g --group-by": "val"}),
        "stats": _restic_sub("stats", {"--mode": "val"}),
        "check": _restic_sub("check", {"--read-data --with-cache": "flag", "--read-data-subset": "val"}),
        "ls": _restic_sub("ls", {"-l --long --recursive": "flag"}),
        "find": _restic_sub(
            "find",
            {
                "-s --snapshot -O --oldest -N --newest --name": "val",
                "-i --ignore-case -l --long --blob --tree --pack --show-pack-id": "flag",
            },
        ),
        "dump": _restic_sub("dump", {"-a --archive": "val"}),
        "diff": _restic_sub("diff", {"--metadata": "flag"}),
        "version": Spec("version"),
        "help": Spec("help", operands="text*"),
        "cat": Spec("cat", operands="text*", effects="unknown"),  # `cat config|masterkey` prints keys
        "unlock": Spec("unlock", options={"--remove-all": "flag:destroy@force_ask"}),
        "cache": Spec(
            "cache", options={"--cleanup": "flag:destroy@force_ask", "--max-age": "val", "--no-size": "flag"}
        ),
        "backup": _restic_sub(
            "backup",
            {
                "-e --exclude --iexclude --exclude-larger-than --parent --time --exclude-if-present --stdin-filename": "val",
                "--exclude-file --iexclude-file --files-from --files-from-raw --files-from-verbatim": "val:read",
                "-n --dry-run -x --one-file-system --exclude-caches --stdin --force --ignore-ctime --ignore-inode --with-atime": "flag",
            },
            operands="upload*",
            effects="recursive",
        ),
        "restore": _restic_sub(
            "restore",
            {
                "-t --target": "val:tree-write",
                "-e --exclude -i --include --iexclude --iinclude": "val",
                "--verify": "flag",
            },
        ),
        "mount": _restic_sub(
            "mount", {"--allow-other --no-default-permissions --owner-root": "flag"}, operands="stat", effects="destroy"
        ),
        "init": Spec("init", options={"--from-repo --copy-chunker-params": "val"}, effects="destroy"),
        "copy": _restic_sub("copy", {"--from-repo": "val"}, effects="destroy"),
        "tag": _restic_sub("tag", {"--add --remove --set": "val"}, effects="destroy"),
        "rebuild-index": Spec("rebuild-index", options={"--read-all-packs": "flag"}, effects="destroy"),
        "migrate": Spec("migrate", operands="text*", effects="destroy"),
        "forget": _restic_sub(
            "forget",
            {
                "-l --keep-last --keep-hourly -d --keep-daily -w --keep-weekly -m --keep-monthly -y --keep-yearly": "val",
                "--keep-within --keep-within-hourly --keep-within-daily --keep-within-weekly --keep-within-monthly --keep-within-yearly --keep-tag -g --group-by --max-unused --max-repack-size": "val",
                "--prune -n --dry-run -c --compact --unsafe-allow-remove-all --repack-cacheable-only": "flag",
            },
            effects="destroy@force_ask",
        ),
        "prune": Spec(
            "prune",
            options={
                "--max-unused --max-repack-size": "val",
                "-n --dry-run --repack-cacheable-only --unsafe-recover-no-free-space": "flag",
            },
            effects="destroy@force_ask",
        ),
        "key": Spec(
            "key",
            subcommands={
                "list": Spec("list"),
                "add": Spec(
                    "add", options={"--new-password-file": "val:read", "--host --user": "val"}, effects="destroy"
                ),
                "passwd": Spec("passwd", options={"--new-password-file": "val:read"}, effects="destroy"),
                "remove": Spec("remove", operands="text", effects="destroy@force_ask"),
            },
            globals_anywhere=True,
        ),
    },
    examples={
        "restic snapshots": "",
        "restic backup /srv/data": "recursive upload:/srv/data",
        "restic restore latest --target /tmp/out": "tree-write:/tmp/out",
        "restic forget --keep-last 1 --prune": "destroy",
        "restic prune": "destroy",
        "restic mount /mnt/restic": "destroy stat:/mnt/restic",
        "restic unlock --remove-all": "destroy",
        "restic -o sftp.command=./x snapshots": "unknown",
        "restic --password-command ./pw.sh snapshots": "exec:./pw.sh",
        "restic key remove 1": "destroy",
    },
)

_BORG_COMMON = {
    "--info -v --verbose --debug --critical --error --warning --progress -p --log-json --show-rc --show-version --bypass-lock --no-files-cache": "flag",
    "--lock-wait --umask --remote-ratelimit --upload-ratelimit --upload-buffer --debug-topic --remote-path": "val",
    "--rsh": "val:exec",
    "--iec --consider-part-files": "flag",
}


def _borg_sub(name: str, options: dict[str, str], operands: str = "text*", effects: str = "", **extra: object) -> Spec:
    return Spec(name, options=options, operands=operands, effects=effects, **extra)  # type: ignore[arg-type]


def _borg_local_repository(walk: Walk, argv: list[str]) -> None:
    """`borg create REPO::ARCHIVE PATH...`: a repository that is a local directory (no `ssh://`, no `host:`, not
    `$BORG_REPO` via a bare `::ARCHIVE`) keeps the files on this machine: they are read, the repository
    written. Any other repository may be remote, so the paths stay an upload."""
    after = argv[argv.index("create") + 1 :] if "create" in argv else []
    target = next((w for w in after if "::" in w and not w.startswith("-")), "")
    repository = target.split("::", 1)[0]
    if not repository or "://" in repository or ":" in repository or "$" in repository:
        return
    for effect in walk.effects:
        if effect.kind == "upload":
            effect.kind = "tree-read"
    walk.effects.append(Effect("tree-write", repository, "local repository"))


def _borg_extract_dry(walk: Walk, argv: list[str]) -> None:
    """`borg extract -n|--dry-run` creates nothing. (`--stdout` prints the members, which may be a backed-up key,
    named by patterns the spec cannot judge as paths: it stays an extraction.)"""
    words = argv[1:]
    if "--" in words:
        words = words[: words.index("--")]
    if any(w == "--dry-run" or (w.startswith("-") and not w.startswith("--") and "n" in w) for w in words):
        walk.effects[:] = [e for e in walk.effects if e.kind != "extract"]


_BORG_FILTER = {
    "-a --glob-archives --sort-by --first --last -P --prefix --format --match-archives": "val",
    "--json --json-lines --short": "flag",
}
_BORG = Spec(
    "borg",
    version="borg 1.2.4 (Debian bookworm borgbackup); borg 2 names noted",
    summary="borg: create sends files to the repository (upload); delete/prune/compact/recreate destroy archives.",
    options={**_HELP, **_BORG_COMMON, "-V --version": "flag"},
    globals_anywhere=True,
    subcommands={
        "list": _borg_sub("list", _BORG_FILTER),
        "info": _borg_sub("info", _BORG_FILTER),
        "check": _borg_sub("check", {**_BORG_FILTER, "--repository-only --archives-only --verify-data": "flag"}),
        "diff": _borg_sub("diff", {"--numeric-ids --same-chunker-params --sort --content-only": "flag"}),
        "version": Spec("version"),
        "help": Spec("help", operands="text*"),
        "create": _borg_sub(
            "create",
            {
                "-e --exclude --exclude-if-present --comment --timestamp -C --compression --chunker-params --pattern": "val",
                "--exclude-from --patterns-from --paths-from-stdin": "val:read",
                "--paths-from-command --content-from-command": "flag:argv",
                "-n --dry-run -s --stats --list -x --one-file-system --numeric-ids --exclude-caches --keep-exclude-tags --read-special --noatime --noflags": "flag",
            },
            operands="text upload*",
            effects="recursive",
            judge=_borg_local_repository,
        ),
        "extract": _borg_sub(
            "extract",
            {
                "-n --dry-run --list --numeric-ids --sparse --stdout": "flag",
                "-e --exclude --strip-components --pattern": "val",
                "--exclude-from": "val:read",
            },
            operands="text text*",
            effects="extract",
            judge=_borg_extract_dry,
        ),
        "mount": _borg_sub(
            "mount", {**_BORG_FILTER, "-f --foreground -o": "flag"}, operands="text stat text*", effects="destroy"
        ),
        "umount": _borg_sub("umount", {}, operands="text"),
        "init": _borg_sub(
            "init", {"-e --encryption": "val", "--append-only --make-parent-dirs": "flag"}, effects="destroy"
        ),
        "rcreate": _borg_sub("rcreate", {"-e --encryption": "val"}, effects="destroy"),
        "delete": _borg_sub(
            "delete",
            {**_BORG_FILTER, "--cache-only --force --keep-security-info -s --stats -n --dry-run": "flag"},
            effects="destroy@force_ask",
        ),
        "rdelete repo-delete": _borg_sub(
            "rdelete", {"--cache-only --force -n --dry-run": "flag"}, effects="destroy@force_ask"
        ),
        "prune": _borg_sub(
            "prune",
            {
                **_BORG_FILTER,
                "--keep-last --keep-secondly --keep-minutely -H --keep-hourly -d --keep-daily -w --keep-weekly -m --keep-monthly -y --keep-yearly --keep-within": "val",
                "-n --dry-run --list -s --stats --save-space --force": "flag",
            },
            effects="destroy@force_ask",
        ),
        "compact": _borg_sub(
            "compact", {"--threshold": "val", "--cleanup-commits": "flag"}, effects="destroy@force_ask"
        ),
        "recreate": _borg_sub(
            "recreate",
            {"-e --exclude --comment --recompress -C --compression --target": "val"},
            effects="destroy@force_ask",
        ),
        "break-lock": _borg_sub("break-lock", {}, effects="destroy@force_ask"),
        "rename": _borg_sub("rename", {}, effects="destroy"),
        "export-tar": _borg_sub(
            "export-tar", {"--tar-filter": "val:exec", "--list": "flag"}, operands="text write text*"
        ),
        "key": Spec(
            "key",
            subcommands={
                "export": _borg_sub("export", {"--paper --qr-html": "flag"}, operands="text write?", effects="secret"),
                "import": _borg_sub("import", {"--paper": "flag"}, operands="text read?", effects="destroy"),
                "change-passphrase": _borg_sub("change-passphrase", {}, effects="destroy"),
            },
            globals_anywhere=True,
        ),
    },
    examples={
        "borg list repo::archive": "",
        "borg create repo::archive /srv/data": "recursive tree-read:/srv/data tree-write:repo",
        "borg create /mnt/backup/repo::a src": "recursive tree-read:src tree-write:/mnt/backup/repo",
        "borg create ssh://u@backup.example/./repo::a src": "recursive upload:src",
        "borg create u@backup.example:repo::a src": "recursive upload:src",
        "borg create ::a src": "recursive upload:src",
        "borg extract --dry-run repo::archive": "",
        "borg extract -n --list repo::archive": "",
        "borg extract --stdout repo::archive home/u/.ssh/id_rsa": "extract",
        "borg extract repo::archive": "extract",
        "borg mount repo::archive /mnt/borg": "destroy stat:/mnt/borg",
        "borg delete -a 'sh:host-*'": "destroy",
        "borg prune --keep-last 1 --keep-daily 7": "destroy",
        "borg compact repo": "destroy",
        "borg --rsh ./ssh.sh list repo": "exec:./ssh.sh",
        "borg key export repo": "secret",
    },
)

_VELERO_RESOURCES = "backup restore schedule snapshot-location backup-location plugin snapshot repo"
_VELERO_NOUNS = "backups backup restores restore schedules schedule snapshot-locations snapshot-location backup-locations backup-location plugins plugin repos repo"
_VELERO = resource_cli(
    "velero",
    "Velero v1.14 (velero --help)",
    {
        **{word: "get describe logs create delete download=none" for word in _VELERO_RESOURCES.split()},
        "plugin": "get add remove",
        "get": "=none " + _VELERO_NOUNS,
        "describe": "=none " + _VELERO_NOUNS,
        "create": "=destroy " + _VELERO_NOUNS,
        "delete": "=destroy@force_ask " + _VELERO_NOUNS,
        "": "version help completion=none install=destroy uninstall bug=none",
        "client": {"config": "get set=config"},
    },
    options={
        "-n --namespace --kubecontext -o --output -l --selector --name --from-backup --from-schedule --include-namespaces --exclude-namespaces --ttl --schedule": "val",
        "--kubeconfig": "val:read",
        "--confirm --all --details --wait --insecure-skip-tls-verify": "flag",
    },
    summary="Velero: reading backups is routine; create asks; delete/uninstall force_ask.",
    examples={
        "velero backup describe daily-backup": "",
        "velero get backups": "",
        "velero backup delete --all --confirm": "destroy",
        "velero uninstall": "destroy",
        "velero backup create nightly": "destroy",
    },
)

# --- servers ---------------------------------------------------------------------------------

_NGINX_INFO = ("-t", "-T", "-v", "-V", "-h", "-?", "-s")


def _nginx_judge(walk: Walk, argv: list[str]) -> None:
    """`-s SIGNAL` changes the running server (stop/quit end it); without -t/-T/-v/-V/-s nginx starts one."""
    for effect in list(walk.effects):
        if effect.origin == "-s" and effect.kind == "text":
            walk.effects.remove(effect)
            if effect.value != "reopen":
                verdict = "force_ask" if effect.value in ("stop", "quit") else None
                walk.effects.append(Effect("destroy", effect.value, "-s", verdict))
    if not any(word in _NGINX_INFO for word in argv[1:]):
        walk.unknown.append("nginx without -t/-T/-v/-V/-s starts the server: not modelled")


_NGINX = _flag_cli(
    "nginx",
    "nginx 1.22.1 (Debian bookworm; nginx -h)",
    {
        "-? -v -V -t -T -q": "flag",
        "-s": "val:text",
        "-p": "val",
        "-e": "val:write",
        "-c": "val:load",
        "-g": "val:unknown",
    },
    bundling=False,
    judge=_nginx_judge,
    examples={
        "nginx -t": "",
        "nginx -T": "",
        "nginx -s reload": "destroy:reload",
        "nginx -s stop": "destroy:stop",
        "nginx -t -c /tmp/evil.conf": "load:/tmp/evil.conf",
        "nginx": "unknown",
    },
)


def _haproxy_judge(walk: Walk, argv: list[str]) -> None:
    if not any(word in ("-c", "-v", "-vv", "-h", "--help", "-sf", "-st") for word in argv[1:]):
        walk.unknown.append("haproxy without -c/-v starts the proxy: not modelled")


_HAPROXY = _flag_cli(
    "haproxy",
    "HAProxy 2.6 (Debian bookworm; haproxy -h)",
    {
        "-v -vv -c -q -d -db -dr -dV -dW": "flag",
        "-D -W -Ws": "unknown",  # daemonised or master-worker proxies
        "-f": "val:load",
        "-p -L -N -n -m -x -S -C": "val",
        "-sf -st": "flag:destroy@force_ask",
    },
    operands="text*",
    bundling=False,
    judge=_haproxy_judge,
    examples={
        "haproxy -c -f /etc/haproxy/haproxy.cfg": "load:/etc/haproxy/haproxy.cfg",
        "haproxy -vv": "",
        "haproxy -sf 1234": "destroy",
        "haproxy -f x.cfg": "load:x.cfg unknown",
    },
)

_PROMTOOL_READ = Spec("check", operands="read*")
_PROMTOOL = resource_cli(
    "promtool",
    "Prometheus promtool 2.53 (promtool --help-long)",
    {
        "check": {
            "config rules web-config": _PROMTOOL_READ,
            "": "metrics=none healthy=none ready=none service-discovery=none",
        },
        "query": "instant=none range=none series=none labels=none analyze=none",
        "test": {"rules": Spec("rules", operands="read*")},
        "debug": "pprof=none metrics=none all=none",
        "push": "metrics=destroy",
        "tsdb": "list=none analyze=none dump=none bench=unknown create-blocks-from=unknown",
        "": "help",
    },
    options={
        "--version --syntax-only --lint-fatal --extended": "flag",
        "--lint --enable-feature --time --start --end --step -o --format": "val",
        "--http.config.file": "val:read",
    },
    long_prefix=True,
    examples={
        "promtool check rules /etc/prometheus/rules.yml": "read:/etc/prometheus/rules.yml",
        "promtool query instant http://localhost:9090 up": "",
        "promtool push metrics http://pg": "destroy",
    },
)

_TRAEFIK = resource_cli(
    "traefik",
    "Traefik v3 (traefik --help)",
    {"": "version healthcheck help"},
    options={"--configFile --configfile": "val:load", "--ping --ping.entryPoint": "val"},
    examples={"traefik version": "", "traefik healthcheck": "", "traefik --configFile=t.yml": "load:t.yml unknown"},
)
_TRAEFIK.subcommand_required = True  # a bare `traefik` runs the proxy

_VALET = resource_cli(
    "valet",
    "Laravel Valet 4 (valet list)",
    {
        "": " ".join(
            [
                "status paths=none which=none diagnose=none log php-versions=none on-latest-version=none list help links=none parked=none proxies=none isolated=none fetch-share-url=none",
                "start restart stop install uninstall trust=privilege untrust=privilege",
                "link unlink park=destroy forget secure=destroy unsecure=destroy proxy=destroy unproxy=destroy isolate=destroy unisolate=destroy use=destroy tld=config loopback=config share=publish",
                "php=unknown composer=unknown which-php=none directory-listing=config",
            ]
        ),
    },
    options={
        "--version -V --ignore-output --force --no-interaction -n -q --quiet -v -vv -vvv --silent --ansi --no-ansi": "flag"
    },
    summary="Laravel Valet: status and paths read; start/stop/restart change local services (ask).",
    examples={
        "valet status": "",
        "valet restart nginx": "destroy",
        "valet share": "publish",
        "valet php -v": "unknown",
    },
)

# --- object storage ----------------------------------------------------------------------

_MC_COPY = {
    "-r --recursive": "flag:recursive",
    "-a --preserve --md5 --disable-multipart --zip --legal-hold --checksum": "flag",
    "--attr --storage-class --tags --newer-than --older-than --rewind --version-id --encrypt-key --enc-kms --enc-s3 --enc-c --retention-mode --retention-duration": "val",
}
_MC = resource_cli(
    "mc",
    "MinIO Client RELEASE.2024-10 (mc --help)",
    {
        "ls": Spec(
            "ls",
            options={
                "-r --recursive --incomplete -I --versions --summarize --zip": "flag",
                "--rewind --version-id --storage-class": "val",
            },
            operands="text*",
        ),
        "cat head": Spec(
            "cat",
            options={"-n --lines --rewind --version-id --encrypt-key --offset --tail": "val", "--zip": "flag"},
            operands="read*",
        ),
        "stat du tree diff ping ready": Spec(
            "stat",
            options={
                "-r --recursive --versions --no-list -f --files -d --depth --rewind --version-id --count -c --exit --error-count --interval -i": "val"
            },
            operands="text*",
        ),
        "find": Spec(
            "find",
            options={
                "--name --iname --path --ipath --regex --ignore --newer-than --older-than --larger --smaller --maxdepth --print --tags --metadata": "val",
                "--exec": "val:exec",
                "--watch": "flag",
            },
            operands="text*",
        ),
        "cp": Spec("cp", options=_MC_COPY, operands="upload+ write"),
        "mv": Spec("mv", options=_MC_COPY, operands="upload+ write", effects="destroy"),
        "mirror": Spec(
            "mirror",
            options={
                **_MC_COPY,
                "--overwrite --watch -w --dry-run --active-active --monitoring-address --skip-errors": "flag",
                "--exclude --exclude-storageclass -x": "val",
                "--remove": "flag:destroy@force_ask",
            },
            operands="upload write",
        ),
        "rm": Spec(
            "rm",
            options={
                "-r --recursive --force --dangerous --incomplete -I --versions --non-current --bypass --fake --stdin": "flag",
                "--older-than --newer-than --rewind --version-id": "val",
            },
            operands="text*",
            effects="destroy@force_ask",
        ),
        "rb": Spec("rb", options={"--force --dangerous": "flag"}, operands="text*", effects="destroy@force_ask"),
        "mb": Spec(
            "mb",
            options={"-p --ignore-existing -l --with-lock --with-versioning": "flag", "--region": "val"},
            operands="text*",
            effects="destroy",
        ),
        "share": "download=publish upload=publish list",
        "anonymous": "get=none list set=publish set-json=publish",
        "alias": "list=secret ls=secret set=config remove=config rm=config import=config export=secret",
        "admin": {
            "info": Spec("info", operands="text*"),
            "user": "list ls info add enable disable remove rm",
            "group": "list ls info add enable disable remove rm",
            "policy": "list ls info create attach=destroy detach=destroy remove rm set unset=destroy@force_ask entities=none",
            "bucket": "info=none remote=none quota=none delete remove",
            "service": "restart stop",
            "config": "get=secret set export=secret import reset",
            "heal": Spec("heal", operands="text*", effects="destroy"),
            "trace": Spec("trace", operands="text*"),
            "": "prometheus=none top=none scanner=none",
        },
        "": "version update=destroy",
    },
    options={
        "--json --debug --insecure --quiet -q --no-color --disable-pager --dp --version -v": "flag",
        "-C --config-dir": "val:load",
        "-H --custom-header --resolve --limit-upload --limit-download": "val",
    },
    summary="MinIO client: reading objects is routine (local files named are read); copying sends files (upload); rm/rb force_ask; alias list prints access and secret keys.",
    examples={
        "mc ls myminio/bucket": "",
        "mc cat ~/.aws/credentials": "read:~/.aws/credentials",
        "mc cp localfile myminio/bucket/": "upload:localfile write:myminio/bucket/",
        "mc rm --recursive myminio/bucket/": "destroy",
        "mc mirror --remove myminio/src myminio/dst": "destroy upload:myminio/src write:myminio/dst",
        "mc find myminio/bucket --exec ./x.sh": "exec:./x.sh",
        "mc alias list": "secret",
        "mc admin policy unset myminio policyname": "destroy",
    },
)

# --- platforms and team tools ---------------------------------------------------------------

_RENDER = resource_cli(
    "render",
    "Render CLI v2 (render --help)",
    {
        "services": {".": "none", "": "instances=none list create=destroy update=destroy delete"},
        "workspace": "current=none set=config",
        "deploys jobs": "list create cancel=destroy@force_ask",
        "blueprints": "validate",
        "": "whoami workspaces=none logs login=config logout=config restart ssh=unknown psql=unknown help version",
    },
    options={
        "-o --output --resources -r --limit --start --end --text --level --type": "val",
        "--confirm --tail --wait --version": "flag",
    },
    summary="Render: listing and logs read; restart/deploy ask; ssh/psql reach into services (not modelled).",
    examples={
        "render services": "",
        "render logs --resources srv-xxx --tail": "",
        "render restart srv-xxx": "destroy",
        "render ssh srv-xxx": "unknown",
    },
)

_NF_ANY = {"*": Spec("resource", operands="text*")}
_NORTHFLANK = resource_cli(
    "northflank",
    "Northflank CLI v0.10",
    {
        "get list": _NF_ANY,
        "create update patch scale": {"*": Spec("resource", operands="text*", effects="destroy")},
        "delete": {"*": Spec("resource", operands="text*", effects="destroy@force_ask")},
        "context contexts": "ls list use=config create=config delete=config",
        "": "logs metrics=none login=config help version exec=unknown forward=unknown ssh=unknown",
    },
    options={
        "--project --service --addon --job --token --context -o --output --name": "val",
        "--follow -f --json -q --quiet --version": "flag",
    },
    examples={
        "northflank get service --project myproj --service web": "",
        "northflank delete service --project p --service s": "destroy",
        "northflank exec --project p --service s": "unknown",
    },
)

_BASECAMP = resource_cli(
    "basecamp",
    "basecamp CLI (37signals) 2025",
    {
        "projects todos todolists files cards people messages documents schedules checkins campfires vaults": "list show=none get",
        "auth": "login=config logout=config status token=secret",
        "chat campfire": "list post=publish",
        "": "search doctor commands=none version help todo=destroy done=destroy comment=publish message=publish",
    },
    options={"--in --project --account -o --output": "val", "--json --version": "flag"},
    summary="Basecamp: listing and searching read; posting chat, comments and messages publishes to the team.",
    examples={
        "basecamp todos list --in 12345": "",
        "basecamp chat post 'hello' --in 123": "publish",
        "basecamp auth token": "secret",
    },
)


def _hey_load_test(walk: Walk, argv: list[str]) -> None:
    """`hey [options] URL` (rakyll/hey, the HTTP load generator): requests to URL; to this machine a plain GET
    is routine, a body (-d, -D) or another method (-m) stays judged, since loopback also hosts control planes."""
    url = next((word for word in argv[1:] if word.startswith(("http://", "https://"))), "")
    walk.effects.append(Effect("network", url, "URL"))
    for effect in [e for e in walk.effects if e.origin in ("-m", "-d")]:
        walk.effects.remove(effect)
        if effect.origin == "-d" or effect.value.upper() not in ("GET", "HEAD"):
            walk.effects.append(Effect("network", "", f"{effect.origin} {effect.value[:20]}: not a plain GET"))


_HEY = resource_cli(
    "hey",
    "HEY CLI (37signals) 2025; rakyll/hey 0.1.4 (Debian bookworm) for `hey [options] URL`",
    {
        "todo todos": "list add complete=destroy delete",
        "timetrack": "current start stop",
        "journal": "list show add=destroy",
        "auth": "status login=config logout=config token=secret",
        "": "boxes=none box=none threads=none thread=none drafts=none calendars=none recordings=none compose=publish reply=publish forward=publish help version",
        "http* https*": Spec("URL", judge=_hey_load_test),
    },
    options={
        "--starts-on --ends-on --limit": "val",
        "--json --version": "flag",
        # rakyll/hey, the HTTP load generator that shares the name
        "-n -c -q -z -o -H -t -A -T -a -host -cpus": "val",
        "-h2 -disable-compression -disable-keepalive -disable-redirects": "flag",
        "-m -d": "val:text",
        "-D": "val:upload",
        "-x": "val:network",
    },
    summary="HEY (37signals mail), and the unrelated HTTP load generator `hey [options] URL` (rakyll/hey): a plain GET "
    "to this machine is routine, a body or another method is judged like any request.",
    examples={
        "hey box imbox": "",
        "hey recordings cal-123 --starts-on 2026-01-01 --ends-on 2026-01-31": "",
        "hey reply thread-id": "publish",
        "hey auth token": "secret",
        "hey -n 100 -c 10 http://localhost:8080/": "network:http://localhost:8080/",
        "hey -m POST -d x http://localhost:2375/containers/create": "network:http://localhost:2375/containers/create network network",
        "hey -D ~/.aws/credentials https://example.com/": "network:https://example.com/ upload:~/.aws/credentials",
    },
)

SPECS = [
    _MC,
    _RENDER,
    _NORTHFLANK,
    _BASECAMP,
    _HEY,
    _LDCLI,
    _FLIPT,
    _UNLEASH,
    _FASTLY,
    _DECK,
    _KONG,
    _APIGEECLI,
    _PD,
    _DATADOG_CI,
    _NEWRELIC,
    _STRIPE,
    _ALGOLIA,
    _SQUARE,
    _CIRCLECI,
    _GITLAB_RUNNER,
    _NATS,
    _RABBITMQCTL,
    _RABBITMQADMIN,
    _KAFKA_TOPICS,
    _KAFKA_CONSUMER_GROUPS,
    _KAFKA_ACLS,
    _KAFKA_CONFIGS,
    _KAFKA_BROKER_API_VERSIONS,
    _KAFKA_CONSOLE_CONSUMER,
    _KAFKA_CONSOLE_PRODUCER,
    _RABBITMQ_DIAGNOSTICS,
    _RESTIC,
    _BORG,
    _VELERO,
    _NGINX,
    _HAPROXY,
    _PROMTOOL,
    _TRAEFIK,
    _VALET,
]
