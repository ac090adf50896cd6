"""Sensitive places, as gitignore-style patterns.

A pattern starting with `~/` is anchored at the home directory, one starting
with `/` at the filesystem root; any other pattern matches at any depth, the
way a `.gitignore` line without a slash does. `!` re-includes, last match wins.
Each group is (id, what it is, patterns).
"""

CREDENTIALS: list[tuple[str, str, list[str]]] = [
    ("ssh", "SSH keys and agent config", ["~/.ssh/**", "!~/.ssh/known_hosts", "!~/.ssh/*.pub", "/etc/ssh/*_key", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_rsa.*", "!id_*.pub"]),
    ("cloud", "cloud provider credentials", ["~/.aws/**", "~/.azure/**", "~/.config/gcloud/**", "~/.oci/**", "~/.config/doctl/**", "~/.aliyun/**", "~/.config/hcloud/**", "~/.linode-cli", "~/.boto", "~/.s3cfg", "application_default_credentials.json", "credentials.json", "service-account*.json", "*-sa-key.json"]),
    ("kube", "Kubernetes and container credentials", ["~/.kube/**", "kubeconfig", "*.kubeconfig", "~/.docker/config.json", "~/.config/containers/auth.json", "~/.minikube/**", "~/.helm/**"]),
    ("tokens", "tool and registry tokens", ["~/.config/gh/hosts.yml", "~/.config/hub", "~/.npmrc", ".npmrc", "~/.yarnrc*", "~/.pypirc", ".pypirc", "~/.netrc", ".netrc", "~/.git-credentials", ".git-credentials", "~/.config/git/credentials", "~/.gem/credentials", "~/.cargo/credentials*", "~/.terraform.d/credentials*", "~/.terraformrc", "~/.vault-token", "~/.config/op/**", "~/.composer/auth.json", "~/.m2/settings*.xml", "~/.gradle/gradle.properties", "~/.nuget/NuGet/NuGet.Config", "~/.config/heroku/**", "~/.netlify/**", "~/.vercel/**", "~/.config/stripe/**", "~/.wrangler/**", "~/.config/claude/**", "~/.claude/.credentials.json", "~/.codex/auth.json", "~/.gemini/oauth_creds.json", "~/.config/github-copilot/**", "~/.qwen/oauth_creds.json", "~/.local/share/keyrings/**", "~/.password-store/**", "~/.gnupg/**", ".htpasswd"]),
    ("dotenv", "environment files holding secrets", [".env", ".env.*", "*.env", ".envrc", "!.env.example", "!.env.sample", "!.env.template", "!.env.dist", "!.env.defaults", "!*.env.example", "!.env.*.example", "secrets.yml", "secrets.yaml", "secrets.json", "secret.json", ".secrets", ".secrets/**", "master.key", "credentials.yml.enc"]),
    ("keys", "private keys and certificates", ["*.pem", "*.key", "*.p12", "*.pfx", "*.jks", "*.keystore", "*.ppk", "*.asc", "*.gpg", "*.kdbx", "*.ovpn", "!*.pub"]),
    ("keychain", "OS keychains and browser credential stores", ["~/Library/Keychains/**", "/Library/Keychains/**", "~/.local/share/kwalletd/**", "~/Library/Application Support/Google/Chrome/**/Login Data", "~/.config/google-chrome/**/Login Data", "~/.config/chromium/**/Login Data", "~/.mozilla/firefox/**/logins.json", "~/.mozilla/firefox/**/key4.db", "~/Library/Cookies/**", "Cookies"]),
    ("history", "shell and tool history", [".bash_history", ".zsh_history", ".zhistory", ".history", ".sh_history", ".python_history", ".node_repl_history", ".psql_history", ".mysql_history", ".sqlite_history", ".lesshst", ".rediscli_history", "~/.local/share/fish/fish_history"]),
    ("system", "system credential databases", ["/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/sudoers", "/etc/sudoers.d/**", "/etc/master.passwd", "/private/etc/master.passwd", "/etc/ssl/private/**", "/var/lib/sss/**", "/proc/*/environ", "/proc/self/environ", "/proc/*/mem"]),
]

# Files that run code later, at login, on a schedule, or on a git action.
PERSISTENCE: list[tuple[str, str, list[str]]] = [
    ("shell-rc", "shell startup files", ["~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.profile", "~/.bash_logout", "~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.zlogout", "~/.config/fish/**", "~/.kshrc", "~/.cshrc", "~/.tcshrc", "~/.inputrc", "/etc/profile", "/etc/profile.d/**", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshrc", "/etc/zsh/**", "/etc/environment", "~/.pam_environment", "~/.xprofile", "~/.xinitrc", "~/.xsession"]),
    ("scheduler", "cron, systemd, launchd and autostart", ["/etc/cron*/**", "/etc/crontab", "/var/spool/cron/**", "/etc/systemd/**", "/lib/systemd/**", "/usr/lib/systemd/**", "~/.config/systemd/**", "~/Library/LaunchAgents/**", "/Library/LaunchAgents/**", "/Library/LaunchDaemons/**", "/System/Library/LaunchDaemons/**", "~/.config/autostart/**", "/etc/init.d/**", "/etc/rc.local", "/etc/xdg/autostart/**", "/etc/ld.so.preload", "/etc/ld.so.conf*"]),
    ("git-hooks", "git hooks and git config that runs programs", [".git/hooks/**", ".git/config", ".husky/**", "~/.gitconfig", "~/.config/git/config", ".gitmodules"]),
    ("tool-startup", "interpreter and tool startup files", ["~/.pythonrc*", "sitecustomize.py", "usercustomize.py", "*.pth", "~/.npmrc", "~/.config/pip/pip.conf", "~/.pip/pip.conf", "~/.pydistutils.cfg", "~/.vimrc", "~/.config/nvim/**", "~/.emacs", "~/.emacs.d/init.el", "~/.tmux.conf", "~/.ssh/config", "~/.ssh/authorized_keys", "~/.ssh/rc", "~/.curlrc", "~/.wgetrc", "~/.irbrc", "~/.pryrc", "~/.perldb", "~/.Rprofile", ".Rprofile", "~/.gemrc", "/etc/sudoers", "/etc/sudoers.d/**", "/etc/hosts", "/etc/passwd", "/etc/group", "/etc/pam.d/**", "/etc/security/**", "~/.config/direnv/**", ".envrc"]),
    ("ci", "CI and editor task definitions that run commands", [".github/workflows/**", ".gitlab-ci.yml", ".circleci/**", ".vscode/tasks.json", ".vscode/launch.json", ".idea/workspace.xml", ".devcontainer/**"]),
]

# hookward's own policy and state, and every supported agent's hook config:
# an agent must not edit away the thing watching it. Never loosened.
SELF_PROTECTION: list[tuple[str, str, list[str]]] = [
    ("hookward", "hookward's policy, state and cache", ["~/.config/hookward/**", "~/.local/state/hookward/**", "~/.cache/hookward/**", ".hookward.toml", ".hookward/**", "hookward.toml"]),
    ("other-gates", "another command gate's configuration", [".rippy", ".rippy.toml", "~/.rippy/**", ".dcg.toml", "~/.config/dcg/**", ".safety-net.json", "~/.cc-safety-net/**", ".claude/safety-net*"]),
    ("agent-hooks", "agent hook and permission configuration", [
        "~/.claude/settings*.json", "~/.claude/hooks/**", "~/.claude/plugins/**", ".claude/settings*.json", ".claude/hooks/**",
        "~/.qwen/settings.json", ".qwen/settings.json",
        "~/.gemini/settings.json", ".gemini/settings.json", "~/.gemini/extensions/**",
        ".github/hooks/**", "~/.copilot/**", ".copilot/**", ".vscode/settings.json", "~/.config/Code/User/settings.json", "~/Library/Application Support/Code/User/settings.json",
        "~/.config/github-copilot/**", "~/.config/JetBrains/**/github-copilot*", ".idea/github-copilot*",
        "~/.cursor/hooks.json", ".cursor/hooks.json", "~/.cursor/mcp.json", ".cursor/mcp.json", ".cursor/rules/**",
        "~/.config/opencode/**", ".opencode/**", "opencode.json", "opencode.jsonc",
        "~/.config/kilo/**", ".kilocode/**", "kilo.json", "kilo.jsonc", ".kilo/**",
        "~/.openclaw/**", ".openclaw/**",
        "~/.codex/config.toml", "~/.codex/hooks.json", ".codex/**",
        "~/.kimi/**", ".kimi/**",
        "~/.gemini/antigravity/**", ".agent/**", ".agents/**", "~/.antigravity/**", ".antigravity/**",
        "~/.kiro/**", ".kiro/**", "~/.aws/amazonq/**", ".amazonq/**",
        "~/.config/zed/settings.json", ".zed/settings.json",
        "~/.pi/**", ".pi/**", "~/.omp/**", ".omp/**",
    ]),
]
# Device paths that are harmless to read or write.
HARMLESS_DEVICES = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/fd/0", "/dev/fd/1", "/dev/fd/2"})

# Scratch space: writing and deleting here is routine.
SCRATCH = ("/tmp", "/var/tmp", "/private/tmp", "/dev/shm")
