"""Cloud CLIs and infrastructure tools: what they read, change, destroy or print as secrets.

References: AWS CLI 2.x (`aws help`, global options of aws 2.15), Google Cloud SDK 460
(`gcloud`, `gsutil` 5.27), Azure CLI 2.56, Terraform 1.6 / OpenTofu 1.6, Pulumi 3.100,
Vault 1.15, 1Password CLI 2.24 (`op`), Doppler CLI 3.67.

Cloud CLIs have thousands of operations; they are modelled by the verb the operation starts
with, generically (spec subcommand keys such as `"describe-*"`), not one by one:

- describe / list / get / show / head / lookup / search / scan / query / wait ... only look;
- create / put / update / modify / set / attach / start / run / deploy ... change live
  resources: `destroy@ask` (the destructive floor at ask: nothing in the working tree can
  undo them);
- delete / terminate / remove / destroy / purge / deregister ... `destroy@force_ask`;
- operations that print credentials (`secretsmanager get-secret-value`, `kms decrypt`,
  `sts get-session-token`, `ecr get-login-password`, `gcloud auth print-access-token`,
  `az account get-access-token`, `terraform state pull`, `vault kv get`, `op read`) are
  `secret`. A verb the tables do not know asks.

An operation's own parameters (`--instance-ids`, `--bucket`) are data and never paths,
except a `file://` / `fileb://` value, which reads and sends a local file (`upload`).
"""

from __future__ import annotations

import re

from hookward.policy.spec import Effect, Spec, Walk

_READ = (
    "describe list get head lookup search scan query wait check test validate estimate preview simulate "
    "batch-get select show view read print-schema download-db-log-file-portion detect filter tail"
)
_CHANGE = (
    "create put update modify set attach associate add tag untag enable register start run invoke send publish "
    "import copy restore authorize apply replace reset reboot accept allocate assign batch-write batch-put "
    "change complete confirm continue deploy execute export initiate upload rotate promote reject respond "
    "resume retry revoke-security update-item upgrade write sign subscribe request import-key merge move "
    "provision purchase rebuild recover redeploy release renew share sync transfer unassign unlink unsubscribe"
)
_DESTROY = (
    "delete terminate remove destroy purge deregister disable detach disassociate drop stop cancel revoke "
    "release-address wipe empty abort unpublish deactivate decline discontinue erase reject-transit kill prune"
)
# Operations that print credentials or decrypted data, whatever service they belong to.
AWS_SECRET = frozenset(
    {
        "get-secret-value",
        "batch-get-secret-value",
        "decrypt",
        "generate-data-key",
        "get-session-token",
        "get-federation-token",
        "assume-role",
        "assume-role-with-saml",
        "assume-role-with-web-identity",
        "get-login-password",
        "get-authorization-token",
        "create-access-key",
        "get-role-credentials",
        "generate-db-auth-token",
        "get-token",
        "get-credentials-for-identity",
        "get-open-id-token",
        "create-login-profile",
        "get-password-data",
        "export-credentials",
        "get-cluster-credentials",
        "create-presigned-url",
        "create-presigned-domain-url",
        # Private keys and passwords in the response: Lightsail's SSH access details and key pairs, EC2 and IoT
        # key material, service-specific and database passwords, API key values, a Cognito client's secret.
        "get-instance-access-details",
        "download-default-key-pair",
        "create-key-pair",
        "create-keys-and-certificate",
        "create-service-specific-credential",
        "reset-service-specific-credential",
        "get-relational-database-master-user-password",
        "get-api-key",
        "get-api-keys",
        "list-api-keys",
        "describe-user-pool-client",
        "initiate-auth",
        "admin-initiate-auth",
        "respond-to-auth-challenge",
        "create-token",
        "get-connection",
        "get-connections",
    }
)
_DECRYPTING = frozenset({"get-parameter", "get-parameters", "get-parameters-by-path", "get-parameter-history"})
# Operations whose response holds a function's, task's or application's environment variables (where its
# secrets usually are) in plain text: asked, as `docker inspect` is.
AWS_ENV = frozenset(
    {
        ("lambda", "get-function"),
        ("lambda", "get-function-configuration"),
        ("lambda", "list-functions"),
        ("ecs", "describe-task-definition"),
        ("batch", "describe-job-definitions"),
        ("elasticbeanstalk", "describe-configuration-settings"),
        ("codebuild", "batch-get-projects"),
    }
)


def _file_values(argv: list[str]) -> list[Effect]:
    out = []
    for word in argv:
        value = word.split("=", 1)[1] if word.startswith("--") and "=" in word else word
        for scheme in ("fileb://", "file://"):
            if value.startswith(scheme):
                out.append(Effect("upload", value[len(scheme) :], "file:// parameter"))
                break
    return out


def _aws_operation(result: Walk, argv: list[str]) -> None:
    """An operation's parameters are its own: data, except `file://` values; secrets by operation name."""
    result.unknown[:] = [u for u in result.unknown if not (u.startswith("option --") or " takes 0 operand" in u)]
    words = [w for w in argv[1:] if not w.startswith("-")]
    result.effects.extend(_file_values(argv[1:]))
    if any(w in AWS_SECRET for w in words) or (any(w in _DECRYPTING for w in words) and "--with-decryption" in argv):
        result.effects.append(Effect("secret", "", "operation"))
    elif any((service, operation) in AWS_ENV for service in words for operation in words):
        result.effects.append(Effect("env", "", "operation"))
    if any(w.startswith("secretsmanager") for w in words) and not any(
        w.startswith(("list-", "describe-")) for w in words
    ):
        result.effects.append(Effect("secret", "", "secretsmanager"))


def _verbs(words: str, effects: str) -> dict[str, Spec]:
    spec = Spec(words.split()[0] + "-*", effects=effects, operands="", globals_anywhere=True)
    spec.judge = _aws_operation
    keys = " ".join(f"{w}-* {w}" for w in words.split())
    return {keys: spec}


def _service_help(result: Walk, argv: list[str]) -> None:
    """`aws apigateway --help`: the service's usage, printed from the CLI's own documentation."""
    if argv[-1] in ("--help", "help"):
        result.unknown[:] = [u for u in result.unknown if "without a subcommand" not in u]


_SERVICE = Spec(
    "<service>",
    globals_anywhere=True,
    options={"--help": "flag"},
    subcommands={
        **_verbs(_READ, ""),
        **_verbs(_CHANGE, "destroy@ask"),
        **_verbs(_DESTROY, "destroy@force_ask"),
        "help": Spec("help", operands="text*"),
    },
    subcommand_required=True,
    judge=_service_help,
)


def _s3_judge(result: Walk, argv: list[str]) -> None:
    """`aws s3 cp/mv/sync SRC DST`: local to s3 uploads, s3 to local writes; rm/rb destroy."""
    operands = [e.value for e in result.effects if e.origin.startswith("operand")]
    effects = [e for e in result.effects if not e.origin.startswith("operand")]
    kinds = {e.kind for e in effects}
    tree = "recursive" in kinds or result.spec.name == "sync"
    move = result.spec.name == "mv"
    delete = any(e.origin == "--delete" for e in effects)
    effects = [e for e in effects if e.origin != "--delete"]
    if len(operands) == 2:
        source, destination = operands
        remote_src, remote_dst = source.startswith("s3://"), destination.startswith("s3://")
        if not remote_src and source != "-":
            effects.append(Effect("upload", source, "source"))
            if tree:
                effects.append(Effect("tree-read", source, "source"))
            if move:
                effects.append(Effect("tree-delete" if tree else "delete", source, "mv"))
        if not remote_dst and destination != "-":
            effects.append(Effect("tree-dest" if tree else "dest", destination, "destination"))
            if delete:
                effects.append(Effect("tree-delete", destination, "--delete"))
        if remote_dst:
            effects.append(Effect("destroy", "", "writes objects", "ask"))
            if delete:
                effects.append(Effect("destroy", "", "--delete", "force_ask"))
        if remote_src and move:
            effects.append(Effect("destroy", "", "mv deletes the source objects", "force_ask"))
    elif operands and result.spec.name in ("cp", "mv", "sync"):
        result.unknown.append(f"aws s3 {result.spec.name} takes a source and a destination")
    result.effects[:] = effects


_S3_OPTIONS = {
    "--recursive": "flag:recursive",
    "--dryrun --quiet --only-show-errors --no-progress --follow-symlinks --no-follow-symlinks --no-guess-mime-type": "flag",
    "--size-only --exact-timestamps --force-glacier-transfer --ignore-glacier-warnings --human-readable": "flag",
    "--summarize --force --metadata-directive --copy-props --request-payer --no-overwrite": "flag",
    "--exclude --include --acl --sse --sse-c --sse-c-key --sse-kms-key-id --sse-c-copy-source --storage-class": "val",
    "--grants --website-redirect --content-type --cache-control --content-disposition --content-encoding": "val",
    "--content-language --expires --metadata --expected-size --page-size --source-region --checksum-algorithm": "val",
    "--sse-c-copy-source-key --expires-in --index-document --error-document --checksum-mode": "val",
    "--delete": "flag:text",
}


def _s3(name: str, operands: str, effects: str = "") -> Spec:
    spec = Spec(name, options=_S3_OPTIONS, operands=operands, effects=effects, globals_anywhere=True)
    if name in ("cp", "mv", "sync"):
        spec.judge = _s3_judge
    return spec


S3 = Spec(
    "s3",
    globals_anywhere=True,
    subcommands={
        "ls": _s3("ls", "text?"),
        "cp": _s3("cp", "network network"),
        "mv": _s3("mv", "network network"),
        "sync": _s3("sync", "network network"),
        "rm": _s3("rm", "text", "destroy@force_ask"),
        "rb": _s3("rb", "text", "destroy@force_ask"),
        "mb": _s3("mb", "text", "destroy@ask"),
        "presign": _s3("presign", "text", "secret@ask"),  # a URL that carries a signed credential
        "website": _s3("website", "text", "destroy@ask"),
    },
    subcommand_required=True,
)


def _configure_get(result: Walk, argv: list[str]) -> None:
    if any(re.search(r"secret|token|key", w, re.IGNORECASE) for w in argv[1:] if not w.startswith("-")):
        result.effects.append(Effect("secret", "", "configure get"))


_CONFIGURE_GET = Spec("get", operands="text", globals_anywhere=True)
_CONFIGURE_GET.judge = _configure_get
CONFIGURE = Spec(
    "configure",
    globals_anywhere=True,
    effects="",
    subcommands={
        "list list-profiles": Spec("list", globals_anywhere=True),
        "get": _CONFIGURE_GET,
        "set": Spec("set", operands="text text", effects="config", globals_anywhere=True),
        "import": Spec("import", options={"--csv": "val:read"}, effects="config", globals_anywhere=True),
        "export-credentials": Spec(
            "export-credentials", options={"--format": "val"}, effects="secret", globals_anywhere=True
        ),
        "sso sso-session": Spec("sso", effects="config", globals_anywhere=True),
        "add-model": Spec("add-model", effects="config", globals_anywhere=True),
    },
)

AWS = Spec(
    "aws",
    version="aws-cli 2.15",
    long_prefix=False,
    globals_anywhere=True,
    options={
        "--debug --no-verify-ssl --no-paginate --no-sign-request --no-cli-pager --cli-auto-prompt": "flag",
        "--no-cli-auto-prompt --version --generate-cli-skeleton": "flag",
        "--output --query --profile --region --color --cli-read-timeout --cli-connect-timeout": "val",
        "--cli-binary-format --cli-input-json --cli-input-yaml": "val",
        "--endpoint-url": "val:network",  # sends the request (and its signature) elsewhere
        "--ca-bundle": "val:read",
    },
    subcommands={"s3": S3, "configure": CONFIGURE, "*": _SERVICE},
    subcommand_required=True,
    examples={
        "aws s3 ls": "",
        "aws apigateway --help": "",
        "aws apigateway help": "",
        "aws ec2 describe-instances --region us-east-1": "",
        "aws --color off --output text --query info --region r ec2 terminate-instances --instance-ids i-1": ("destroy"),
        "aws ec2 run-instances --user-data file://boot.sh": "destroy upload:boot.sh",
        "aws secretsmanager get-secret-value --secret-id x": "secret secret",
        "aws ssm get-parameter --name x --with-decryption": "secret",
        "aws s3 cp ./dist s3://b/ --recursive": "recursive upload:./dist tree-read:./dist destroy",
        "aws s3 cp s3://b/k.json out.json": "dest:out.json",
        "aws s3 rm s3://b/k": "destroy",
        "aws configure export-credentials": "secret",
        "aws configure get aws_secret_access_key": "secret",
        "aws sts get-caller-identity": "",
        "aws ecr get-login-password --region r": "secret",
    },
)

# --- gcloud, gsutil, az: nested groups, judged by the verbs they name ------------------------

_GROUP_READ = frozenset(
    "list describe show get get-iam-policy get-value read tail logs status info version help "
    "get-credentials-status config-helper list-tags list-grantable-roles search lookup browse "
    "whoami account-info print-settings ls du hash cat exists url".split()
)
_GROUP_CHANGE = frozenset(
    "create update set deploy add-iam-policy-binding set-iam-policy add start restart resize run import "
    "enable submit apply patch attach associate assign move promote rollback rotate scale invoke call "
    "add-tags upload login activate-service-account configure init copy execute connect ssh scp".split()
)
_GROUP_DESTROY = frozenset(
    "delete remove remove-iam-policy-binding destroy purge stop disable detach terminate reset "
    "revoke undelete-? cancel deallocate wipe prune clear unset".split()
)
_GROUP_SECRET = (
    ("auth", "print-access-token"),
    ("auth", "print-identity-token"),
    ("auth", "print-refresh-token"),
    ("secrets", "versions", "access"),
    ("account", "get-access-token"),
    ("keyvault", "secret", "show"),
    ("keyvault", "secret", "download"),
    ("keyvault", "key", "download"),
    ("keys", "create"),
    ("credential", "reset"),
    ("storage", "account", "keys", "list"),
    ("list-keys",),
    ("get-credentials",),
    ("config", "config-helper"),
    ("sign-url",),
    ("signurl",),
    ("signblob",),
    # Azure's access keys, admin keys and connection strings (SharedAccessKey=...), and an app's publishing
    # passwords: `az cognitiveservices account keys list`, `az search admin-key show`, `az iot hub
    # connection-string show`, `az storage account show-connection-string`, `az signalr key list`.
    ("keys", "list"),
    ("key", "list"),
    ("admin-key",),
    ("query-key", "list"),
    ("connection-string", "show"),
    ("show-connection-string",),
    ("list-connection-strings",),
    ("list-publishing-profiles",),
    ("list-publishing-credentials",),
)
# Operations that print an application's settings or environment, where its secrets usually are (`az webapp
# config appsettings list`, `az webapp config connection-string list`, `gcloud run services describe`): asked.
_GROUP_ENV = (
    ("appsettings", "list"),
    ("connection-string", "list"),
)


def _verb_judge(label: str) -> object:
    def judge(result: Walk, argv: list[str]) -> None:
        """The words that are not options: the strictest verb among them decides; none known asks."""
        result.unknown[:] = [u for u in result.unknown if not u.startswith("option --")]
        if argv[-1] in ("--help", "-h"):
            # The usage of the group or command, printed locally: an option before it that wants a value
            # takes `--help` and the CLI stops with an error; nothing runs either way.
            result.effects[:] = []
            return
        words = [w for w in argv[1:] if not w.startswith("-") and "=" not in w]
        result.effects[:] = [e for e in result.effects if not e.origin.startswith("operand")]
        result.effects.extend(_file_values(argv[1:]))
        joined = " " + " ".join(words) + " "
        if any(" " + " ".join(chain) + " " in joined for chain in _GROUP_SECRET):
            result.effects.append(Effect("secret", "", label))
            return
        if any(" " + " ".join(chain) + " " in joined for chain in _GROUP_ENV):
            result.effects.append(Effect("env", "", label))
        # The first word names a group (`gcloud run services list`, `gcloud deploy releases list`), never the
        # operation, even when the group is named like a verb: it is not a verb unless it is alone.
        words = words[1:] if len(words) > 1 else words
        if any(w in _GROUP_DESTROY or w.startswith(("delete-", "remove-")) for w in words):
            result.effects.append(Effect("destroy", "", label, "force_ask"))
        elif any(w in _GROUP_CHANGE or w.startswith(("create-", "update-", "set-", "add-")) for w in words):
            result.effects.append(Effect("destroy", "", label, "ask"))
        elif not any(w in _GROUP_READ or w.startswith(("list-", "describe-", "get-")) for w in words):
            result.unknown.append(f"{label}: no verb hookward knows in {' '.join(words[:6])!r}")

    return judge


GCLOUD = Spec(
    "gcloud",
    version="Google Cloud SDK 460",
    long_prefix=False,
    options={
        "--account --billing-project --configuration --flags-file --flatten --format --project --region --zone": "val",
        "--impersonate-service-account --verbosity --filter --limit --page-size --sort-by --uri --quiet -q": "val",
        "--log-http --no-user-output-enabled --user-output-enabled --help -h --version": "flag",
        "--access-token-file": "val:read",
    },
    operands="network*",
    examples={
        "gcloud compute instances list --project p": "",
        "gcloud storage ls gs://bucket": "",
        "gcloud storage cat gs://bucket/file": "",
        "gcloud apigee --help": "",
        "gcloud compute instances delete vm-1 --zone z": "destroy",
        "gcloud auth print-access-token": "secret",
        "gcloud run deploy api --source .": "destroy",
        "gcloud secrets versions access latest --secret x": "secret",
    },
)
GCLOUD.judge = _verb_judge("gcloud")  # type: ignore[assignment]

AZ = Spec(
    "az",
    version="azure-cli 2.56",
    long_prefix=False,
    options={
        "--subscription --output -o --query --resource-group -g --name -n --location -l": "val",
        "-c": "val",  # --container-name (storage), --cluster-name: a name
        "--debug --verbose --only-show-errors --help -h --yes -y --version": "flag",
    },
    operands="network*",
    examples={
        "az vm list -o table": "",
        "az storage blob list -c mycontainer": "",
        "az storage blob show -c mycontainer -n myblob": "",
        "az storage blob exists -c mycontainer -n myblob": "",
        "az storage blob delete -c mycontainer -n myblob": "destroy",
        "az account get-access-token": "secret",
        "az group delete -n rg --yes": "destroy",
        "az keyvault secret show --vault-name v -n s": "secret",
    },
)
AZ.judge = _verb_judge("az")  # type: ignore[assignment]


def _gsutil_judge(result: Walk, argv: list[str]) -> None:
    words = [w for w in argv[1:] if not w.startswith("-")]
    result.unknown[:] = [u for u in result.unknown if not u.startswith("option -")]
    result.effects[:] = [e for e in result.effects if not e.origin.startswith("operand")]
    command = words[0] if words else ""
    rest = words[1:]
    if command in ("ls", "du", "cat", "stat", "hash", "version", "help", "acl", "iam", "signurl") and not (
        command in ("acl", "iam") and rest[:1] in (["set"], ["ch"])
    ):
        if command == "signurl":
            result.effects.append(Effect("secret", "", "gsutil signurl"))
        if command == "hash":
            result.effects.extend(Effect("read", w, "operand") for w in rest if not w.startswith("gs://"))
        return
    if command in ("cp", "mv", "rsync") and len(rest) >= 2:
        *sources, destination = rest
        tree = any(f in argv for f in ("-r", "-R")) or command == "rsync"
        for source in sources:
            if not source.startswith("gs://"):
                result.effects.append(Effect("upload", source, "source"))
                if command == "mv":
                    result.effects.append(Effect("tree-delete" if tree else "delete", source, "mv"))
        if destination.startswith("gs://"):
            result.effects.append(Effect("destroy", "", "writes objects", "ask"))
            if "-d" in argv:
                result.effects.append(Effect("destroy", "", "rsync -d", "force_ask"))
        else:
            result.effects.append(Effect("tree-dest" if tree else "dest", destination, "destination"))
        return
    if command in ("rm", "rb"):
        result.effects.append(Effect("destroy", "", f"gsutil {command}", "force_ask"))
        return
    if command in ("mb", "setmeta", "acl", "iam", "defacl", "label", "lifecycle", "versioning", "web", "cors"):
        result.effects.append(Effect("destroy", "", f"gsutil {command}", "ask"))
        return
    result.unknown.append(f"gsutil {command!r} is not modelled")


GSUTIL = Spec(
    "gsutil",
    version="gsutil 5.27",
    options={"-m -q -D -DD -u -i": "flag", "-o -h": "val"},
    operands="network*",
    examples={
        "gsutil ls gs://b": "",
        "gsutil cp dist/app.js gs://b/": "upload:dist/app.js destroy",
        "gsutil rm gs://b/x": "destroy",
    },
)
GSUTIL.judge = _gsutil_judge

# --- terraform / tofu -------------------------------------------------------------------------

_TF_OPTIONS = {
    "-auto-approve -input -lock -no-color -json -refresh -upgrade -reconfigure -migrate-state -force-copy": "opt",
    "-compact-warnings -detailed-exitcode -refresh-only -get -backend -check -diff -write -list -recursive": "opt",
    "-lock-timeout -parallelism -target -replace -var -test-directory -filter -verify-plugins": "val",
    "-lockfile -ignore-remote-version -allow-missing -platform -state-out": "val",
    # init: provider binaries from a directory run as the providers; a module fetched from a source is code the
    # next plan or apply runs.
    "-plugin-dir": "val:load",
    "-from-module": "val:load",
    "-var-file -backend-config -state -backup": "val:read",
    "-out": "val:write",
    "-destroy": "flag:destroy@force_ask",
    "-raw": "flag:secret",
    "-h -help": "flag",
}


def _outside(path: str) -> bool:
    """A directory that may lie outside the directory the command runs in: absolute, in HOME, or up with `..`."""
    return path.startswith(("/", "~")) or ".." in path.replace("\\", "/").split("/")


def _tf_chdir(result: Walk, argv: list[str]) -> None:
    """`-chdir=DIR` runs DIR's configuration with the providers and modules installed there (DIR/.terraform):
    a directory that may lie outside the one it runs in is code the command loads."""
    for effect in list(result.effects):
        if effect.kind == "cd" and effect.origin == "-chdir" and _outside(effect.value):
            result.effects.append(Effect("load", effect.value, "-chdir (its providers and modules run)"))


def _tf(name: str, effects: str = "", operands: str = "text*") -> Spec:
    return Spec(
        name,
        single_dash=True,
        long_prefix=False,
        options=_TF_OPTIONS,
        operands=operands,
        effects=effects,
        judge=_tf_chdir,
    )


def _tf_output(result: Walk, argv: list[str]) -> None:
    _tf_chdir(result, argv)
    if "-json" in argv or any(w.startswith("-json=") for w in argv):
        result.effects.append(Effect("secret", "", "output -json"))  # sensitive values in plain text


def _tf_show(result: Walk, argv: list[str]) -> None:
    _tf_chdir(result, argv)
    if "-json" in argv:
        result.effects.append(Effect("secret", "", "show -json"))


_TF_OUTPUT = _tf("output")
_TF_OUTPUT.judge = _tf_output
_TF_SHOW = _tf("show", operands="read?")
_TF_SHOW.judge = _tf_show


def _terraform(name: str, version: str) -> Spec:
    return Spec(
        name,
        version=version,
        single_dash=True,
        long_prefix=False,
        options={"-chdir": "val:cd", "-version -v -help -h": "flag"},
        subcommands={
            "init": _tf("init", operands="text?"),
            "plan": _tf("plan", operands="text?"),
            "validate": _tf("validate", operands="text?"),
            "fmt": _tf("fmt", operands="text*"),
            "show": _TF_SHOW,
            "output": _TF_OUTPUT,
            "apply": _tf("apply", "destroy@ask", "read?"),
            "import": _tf("import", "destroy@ask", "text text"),
            "refresh taint untaint force-unlock": _tf("refresh", "destroy@ask"),
            "destroy": _tf("destroy", "destroy@force_ask", ""),
            "console": _tf("console", "load"),
            "graph version get test metadata modules": _tf("graph"),
            "providers": Spec(
                "providers",
                options=_TF_OPTIONS,
                single_dash=True,
                long_prefix=False,
                judge=_tf_chdir,
                subcommands={
                    "schema": _tf("schema", operands=""),
                    # lock fetches provider checksums and rewrites .terraform.lock.hcl (like init -upgrade).
                    "lock": _tf("lock", operands="text*"),
                    "mirror": _tf("mirror", "network", "tree-write"),
                },
            ),
            "login": _tf("login", "config"),
            "logout": _tf("logout", "config"),
            "workspace": Spec(
                "workspace",
                subcommands={
                    "list show": _tf("list"),
                    "select new": _tf("select"),
                    "delete": _tf("delete", "destroy@force_ask"),
                },
            ),
            "state": Spec(
                "state",
                subcommands={
                    "list": _tf("list"),
                    "show pull": _tf("show", "secret"),
                    "rm mv push replace-provider": _tf("rm", "destroy@force_ask"),
                },
            ),
        },
        subcommand_required=True,
        examples={
            "terraform plan": "",
            f"{name} -chdir=infra destroy": "cd:infra destroy",
            f"{name} apply -auto-approve": "destroy",
            f"{name} apply -destroy": "destroy destroy",
            f"{name} state pull": "secret",
            f"{name} output -json": "secret",
            f"{name} output": "",
            f"{name} plan -out=tf.plan -var-file=prod.tfvars": "write:tf.plan read:prod.tfvars",
            f"{name} init -plugin-dir=/tmp/x": "load:/tmp/x",
            f"{name} init -plugin-dir /tmp/x -upgrade": "load:/tmp/x",
            f"{name} init -from-module=git::https://example.com/m": "load:git::https://example.com/m",
            f"{name} -chdir=/tmp/x plan": "cd:/tmp/x load:/tmp/x",
            f"{name} -chdir=../other apply": "cd:../other load:../other destroy",
            f"{name} -chdir=infra plan": "cd:infra",
            f"{name} console": "load",
            f"{name} providers": "",
            f"{name} providers mirror /tmp/m": "network tree-write:/tmp/m",
            f"{name} providers lock -platform=linux_amd64": "",
        },
    )


TERRAFORM = _terraform("terraform", "Terraform 1.6")
TOFU = _terraform("tofu", "OpenTofu 1.6")

# --- pulumi, vault, op, doppler -------------------------------------------------------------

_PULUMI_OPTIONS = {
    "--stack -s --cwd -C --color --config-file --parallel -p --target -t --message -m --exec-kind": "val",
    "--yes -y --skip-preview -f --non-interactive --diff --json -j --refresh -r --suppress-outputs": "flag",
    "--show-secrets": "flag:secret",
    "--help -h --verbose -v --logtostderr --emoji --debug": "flag",
}


def _pulumi(name: str, effects: str = "", operands: str = "text*") -> Spec:
    return Spec(name, options=_PULUMI_OPTIONS, operands=operands, effects=effects, globals_anywhere=True)


PULUMI = Spec(
    "pulumi",
    version="Pulumi 3.100",
    long_prefix=False,
    options={"--cwd -C --color": "val", "--help -h --version --non-interactive": "flag"},
    subcommands={
        "preview pre": _pulumi("preview"),
        "up update": _pulumi("up", "destroy@ask"),
        "refresh import cancel": _pulumi("refresh", "destroy@ask"),
        "destroy down": _pulumi("destroy", "destroy@force_ask"),
        "whoami version about logout": _pulumi("whoami"),
        "login": _pulumi("login", "config"),
        "stack": Spec(
            "stack",
            globals_anywhere=True,
            subcommands={
                "ls select output history graph tag": _pulumi("ls"),
                "export": _pulumi("export"),
                "init": _pulumi("init", "destroy@ask"),
                "rm": _pulumi("rm", "destroy@force_ask"),
                "import": _pulumi("import", "destroy@ask"),
            },
        ),
        "config": Spec(
            "config",
            globals_anywhere=True,
            options=_PULUMI_OPTIONS,
            # `config get KEY` prints a secret config value decrypted.
            subcommands={"get": _pulumi("get", "secret@ask"), "set set-all rm refresh cp": _pulumi("set", "config")},
        ),
    },
    subcommand_required=True,
    examples={
        "pulumi preview": "",
        "pulumi up --yes": "destroy",
        "pulumi destroy -y": "destroy",
        "pulumi stack output --show-secrets": "secret",
        "pulumi config get dbPassword": "secret",
    },
)

_VAULT_OPTIONS = {
    "-address -namespace -format -field -mount -ca-cert -ca-path -client-cert -client-key -method -path": "val",
    "-tls-server-name -wrap-ttl -policy -ttl -version -versions -output-curl-string -output-policy": "val",
    "-tls-skip-verify -non-interactive -no-print -detailed -h -help": "flag",
}


def _vault(name: str, effects: str = "", operands: str = "text*") -> Spec:
    return Spec(name, single_dash=True, long_prefix=False, options=_VAULT_OPTIONS, operands=operands, effects=effects)


VAULT = Spec(
    "vault",
    version="Vault 1.15",
    single_dash=True,
    long_prefix=False,
    options={"-version -v -h -help": "flag"},
    subcommands={
        "status version path-help print": _vault("status"),
        "read": _vault("read", "secret"),
        "login": _vault("login", "secret"),
        "write": _vault("write", "destroy@ask"),
        "delete": _vault("delete", "destroy@force_ask"),
        "list": _vault("list"),
        "token": Spec(
            "token",
            subcommands={
                "lookup capabilities": _vault("lookup"),
                "create renew": _vault("create", "secret"),
                "revoke": _vault("revoke", "destroy@ask"),
            },
        ),
        "kv": Spec(
            "kv",
            subcommands={
                "list metadata": _vault("list"),
                "get": _vault("get", "secret"),
                "put patch rollback undelete enable-versioning": _vault("put", "destroy@ask"),
                "delete destroy": _vault("delete", "destroy@force_ask"),
            },
        ),
        "secrets auth policy audit": Spec(
            "secrets",
            subcommands={
                "list read": _vault("list"),
                "enable tune move write fmt": _vault("enable", "destroy@ask"),
                "disable delete": _vault("disable", "destroy@force_ask"),
            },
        ),
    },
    subcommand_required=True,
    examples={"vault kv get secret/app": "secret", "vault status": "", "vault kv destroy -versions=1 x": "destroy"},
)

_OP_OPTIONS = {
    "--account --vault --format --fields --cache --encoding --session --config --categories --tags --title": "val",
    "--no-newline -n --reveal --otp --iso-timestamps --debug --help -h --no-color --force": "flag",
}


def _op(name: str, effects: str = "", operands: str = "text*") -> Spec:
    return Spec(name, options=_OP_OPTIONS, operands=operands, effects=effects, globals_anywhere=True)


OP = Spec(
    "op",
    version="1Password CLI 2.24",
    long_prefix=False,
    options={"--account --config --session --format --encoding --cache": "val", "--help -h --version": "flag"},
    subcommands={
        "read inject signin": _op("read", "secret"),
        "whoami": _op("whoami"),
        "run": Spec("run", options={**_OP_OPTIONS, "--env-file": "val:read"}, operands="argv", effects="secret@ask"),
        "item document": Spec(
            "item",
            globals_anywhere=True,
            subcommands={
                "list template": _op("list"),
                "get": _op("get", "secret"),
                "create edit move share": _op("create", "destroy@ask"),
                "delete": _op("delete", "destroy@force_ask"),
            },
        ),
        "vault account user group": Spec(
            "vault",
            globals_anywhere=True,
            subcommands={
                "list get": _op("list"),
                "create edit": _op("create", "destroy@ask"),
                "delete": _op("delete", "destroy@force_ask"),
            },
        ),
    },
    subcommand_required=True,
    examples={"op read op://v/i/password": "secret", "op item list": "", "op run -- make": "secret runs:make"},
)

_DOPPLER_OPTIONS = {
    "--project -p --config -c --token -t --scope --json --only-names --raw --plain --no-check-version": "val",
    "--help -h --silent --debug --yes -y": "flag",
}
DOPPLER = Spec(
    "doppler",
    version="Doppler CLI 3.67",
    long_prefix=False,
    options={"--help -h --version -v": "flag"},
    subcommands={
        "secrets": Spec(
            "secrets",
            options=_DOPPLER_OPTIONS,
            effects="secret",
            operands="text*",
            subcommands={
                "get download": Spec("get", options=_DOPPLER_OPTIONS, operands="text*", effects="secret"),
                "set upload": Spec("set", options=_DOPPLER_OPTIONS, operands="text*", effects="destroy@ask"),
                "delete": Spec("delete", options=_DOPPLER_OPTIONS, operands="text*", effects="destroy@force_ask"),
            },
        ),
        "run": Spec("run", options=_DOPPLER_OPTIONS, operands="argv", effects="secret@ask"),
        "me projects configs environments activity": Spec("me", options=_DOPPLER_OPTIONS, operands="text*"),
        "login setup configure": Spec("login", options=_DOPPLER_OPTIONS, operands="text*", effects="config"),
    },
    subcommand_required=True,
    examples={"doppler secrets": "secret", "doppler run -- make": "secret runs:make"},
)

# --- azcopy ----------------------------------------------------------------------------------------


def _azcopy_judge(result: Walk, argv: list[str]) -> None:
    """Where each operand is: a URL is Azure storage (`fetch` when it is only read), anything else a local path."""
    operands = [e for e in result.effects if e.origin.startswith("operand")]
    result.effects[:] = [e for e in result.effects if not e.origin.startswith("operand")]
    command = result.spec.name
    remote = [e.value for e in operands if "://" in e.value]
    local = [e.value for e in operands if "://" not in e.value]
    if command == "list":
        result.effects.extend(Effect("fetch", url, "listed container") for url in remote)
        if local:
            result.unknown.append("azcopy list takes a container URL")
    elif command in ("copy", "sync"):
        if len(operands) != 2:
            result.unknown.append(f"azcopy {command} takes a source and a destination")
            return
        source, destination = operands[0].value, operands[1].value
        if "://" in destination:
            result.effects.append(Effect("destroy", "", "writes objects", "ask"))
            if "://" not in source:
                result.effects.append(Effect("upload", source, "source"))
        else:
            result.effects.append(Effect("tree-dest", destination, "destination"))
            if "://" in source:
                result.effects.append(Effect("fetch", source, "source"))
            else:
                result.effects.append(Effect("tree-read", source, "source"))
        if command == "sync" and any(w.split("=", 1)[0] == "--delete-destination" for w in argv[1:]):
            value = next((w.split("=", 1)[1] for w in argv[1:] if w.startswith("--delete-destination=")), None)
            if value is None:
                i = argv.index("--delete-destination") if "--delete-destination" in argv else -1
                value = argv[i + 1] if 0 <= i < len(argv) - 1 else ""
            if value.lower() != "false":
                result.effects.append(Effect("destroy", "", "--delete-destination", "force_ask"))


_AZCOPY_COMMON = {
    "-h --help": "flag",
    "--log-level --output-type --output-level --cap-mbps --trusted-microsoft-suffixes --skip-version-check": "val",
}
_AZCOPY_TRANSFER = {
    **_AZCOPY_COMMON,
    "--recursive --dry-run --put-md5 --as-subdir --preserve-smb-permissions --preserve-smb-info": "flag",
    "--from-to --include-pattern --exclude-pattern --include-path --exclude-path --overwrite --check-md5": "val",
    "--block-size-mb --blob-type --block-blob-tier --include-after --include-before --compare-hash": "val",
    "--delete-destination": "val",
    "--list-of-files --include-regex --exclude-regex": "unknown",
}
AZCOPY = Spec(
    "azcopy",
    version="AzCopy 10.26",
    summary="azcopy: list reads a container; copy/sync to a URL uploads (and writes objects), from a URL fetches; remove, make, set-properties change storage",
    options={**_AZCOPY_COMMON, "-v --version": "flag"},
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "list": Spec(
            "list",
            options={**_AZCOPY_COMMON, "--machine-readable --mega-units --running-tally --properties": "flag"},
            operands="network*",  # recorded for the judge, which places each
            judge=_azcopy_judge,
        ),
        "copy cp": Spec("copy", options=_AZCOPY_TRANSFER, operands="network*", judge=_azcopy_judge),
        "sync": Spec("sync", options=_AZCOPY_TRANSFER, operands="network*", judge=_azcopy_judge),
        "remove rm": Spec("remove", options=_AZCOPY_TRANSFER, operands="text*", effects="destroy@force_ask"),
        "make set-properties": Spec("make", options=_AZCOPY_COMMON, operands="text*", effects="destroy"),
        "jobs": Spec(
            "jobs",
            options=_AZCOPY_COMMON,
            subcommand_required=True,
            subcommands={
                "list ls show": Spec("list", options={**_AZCOPY_COMMON, "--with-status": "val"}, operands="text?"),
                "remove rm clean": Spec("remove", options=_AZCOPY_COMMON, operands="text?", effects="destroy"),
                "resume": Spec("resume", options=_AZCOPY_COMMON, operands="text*", effects="unknown"),
            },
        ),
        "env": Spec("env", options={**_AZCOPY_COMMON, "--show-sensitive": "flag:secret"}),
        "login logout": Spec("login", options=_AZCOPY_COMMON, operands="text*", effects="config"),
        "doc completion": Spec("doc", options=_AZCOPY_COMMON, operands="text*"),
        "bench benchmark load": Spec("bench", options=_AZCOPY_COMMON, operands="text*", effects="unknown"),
    },
    examples={
        "azcopy --version": "",
        "azcopy list https://account.blob.core.windows.net/": "fetch:https://account.blob.core.windows.net/",
        "azcopy jobs list": "",
        "azcopy jobs show jobid": "",
        "azcopy env": "",
        "azcopy env --show-sensitive": "secret",
        "azcopy copy ./local https://account.blob.core.windows.net/c": "destroy upload:./local",
        "azcopy copy https://account.blob.core.windows.net/c/x ./out": "tree-dest:./out fetch:https://account.blob.core.windows.net/c/x",
        "azcopy sync ./local https://a.blob.core.windows.net/c --delete-destination true": "destroy upload:./local destroy",
        "azcopy remove https://a.blob.core.windows.net/c/b": "destroy",
        "azcopy login": "config",
    },
)

SPECS = [AWS, GCLOUD, GSUTIL, AZ, TERRAFORM, TOFU, PULUMI, VAULT, OP, DOPPLER, AZCOPY]
