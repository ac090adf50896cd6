"""A regular (non-editable) install of this checkout in a throwaway venv, built offline.

Users get hookward from `pipx install` / `uv tool install` / `pip install .`:
a wheel unpacked into site-packages, bytecode compiled, a console script in
bin/. An editable install resolves every `hookward.*` import through a finder
and measures something users never run, so the benchmarks build the real thing:

1. copy the sources (no .venv, egg-info, caches, tests) and build a wheel with
   pip: first without build isolation (no network), else with it (pip's cache
   or PyPI), else assemble the wheel's layout by hand from pyproject.toml's
   package map (offline, always works);
2. create a venv from the same base interpreter and install the wheel into it
   with `pip --python ... install --no-deps --no-index` (bytecode compiled);
3. copy hookward's dependencies, by their installed file lists (RECORD), from
   the environment running this script: no download, the same versions.

    python bench/scratch_install.py DIR [GIT-REF]   # build into DIR (from the work tree, or a commit)
"""

from __future__ import annotations

import compileall
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = "hookward"
MARKER = "hookward-bench-scratch.txt"


class Scratch:
    """Where the scratch install lives."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.venv = os.path.join(root, "venv")
        self.python = os.path.join(self.venv, "bin", "python")
        self.hookward = os.path.join(self.venv, "bin", "hookward")
        self.how = ""

    def exists(self) -> bool:
        return os.path.isfile(self.hookward) and os.path.isfile(os.path.join(self.root, MARKER))

    def describe(self) -> str:
        try:
            with open(os.path.join(self.root, MARKER), encoding="utf-8") as handle:
                return handle.read().strip()
        except OSError:
            return "(no marker)"


def _run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    return subprocess.run(argv, capture_output=True, text=True, timeout=600, **kwargs)


def _clean_copy(destination: str) -> str:
    ignore = shutil.ignore_patterns(
        ".venv", "*.egg-info", "build", "dist", "__pycache__", "node_modules", ".git", "cache", "tests", "bench"
    )
    shutil.copytree(REPO, destination, ignore=ignore)
    return destination


def _archive(ref: str, destination: str) -> str:
    """The sources as committed at ref (others' uncommitted work left out)."""
    os.makedirs(destination)
    archive = subprocess.run(["git", "-C", REPO, "archive", "--format=tar", ref], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", destination], input=archive.stdout, check=True)
    for name in ("tests", "bench"):
        shutil.rmtree(os.path.join(destination, name), ignore_errors=True)
    return destination


def _git_head() -> str:
    try:
        out = _run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"])
        dirty = _run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"])
        return out.stdout.strip() + (" + uncommitted changes" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _build_wheel(source: str, out_dir: str) -> tuple[str, str]:
    attempts = [
        ("pip wheel --no-build-isolation", ["--no-build-isolation"]),
        ("pip wheel (isolated build)", []),
    ]
    errors = []
    for how, extra in attempts:
        result = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", *extra, "-w", out_dir, source])
        wheels = [name for name in os.listdir(out_dir) if name.endswith(".whl")]
        if result.returncode == 0 and wheels:
            return os.path.join(out_dir, wheels[0]), how
        errors.append(f"{how}: {(result.stderr or result.stdout).strip().splitlines()[-1:]}")
    return _assemble_wheel(source, out_dir), "assembled from pyproject.toml (no build backend offline: " + (
        "; ".join(errors)
    ) + ")"


def _assemble_wheel(source: str, out_dir: str) -> str:
    """The wheel setuptools would build, from the package map in pyproject.toml (pure Python, no build)."""
    import base64
    import fnmatch
    import hashlib
    import zipfile

    with open(os.path.join(source, "pyproject.toml"), "rb") as handle:
        project = tomllib.load(handle)
    meta, tool = project["project"], project["tool"]["setuptools"]
    package_dir: dict[str, str] = tool.get("package-dir", {})
    package_data: dict[str, list[str]] = tool.get("package-data", {})
    name, version = meta["name"], meta["version"]
    files: dict[str, bytes] = {}
    for package in tool["packages"]:
        parts = package.split(".")
        folder = None
        for i in range(len(parts), 0, -1):
            if ".".join(parts[:i]) in package_dir:
                folder = os.path.join(package_dir[".".join(parts[:i])], *parts[i:])
                break
        folder = os.path.join(source, folder or os.path.join(*parts))
        globs = package_data.get(package, [])
        for root, dirs, names in os.walk(folder):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            relative_root = os.path.relpath(root, folder)
            is_subpackage = relative_root != "." and os.path.isfile(os.path.join(root, "__init__.py"))
            if is_subpackage:
                dirs[:] = []
                continue
            for file_name in names:
                relative = os.path.normpath(os.path.join(relative_root, file_name)).replace(os.sep, "/")
                wanted = (relative_root == "." and file_name.endswith(".py")) or any(
                    fnmatch.fnmatch(relative, pattern) or fnmatch.fnmatch(file_name, pattern) for pattern in globs
                )
                if wanted:
                    with open(os.path.join(root, file_name), "rb") as handle:
                        files["/".join(parts) + "/" + relative] = handle.read()
    info = f"{name}-{version}.dist-info"
    requires = "".join(f"Requires-Dist: {dep}\n" for dep in meta.get("dependencies", []))
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n{requires}".encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: hookward-bench\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    scripts = "".join(f"{key} = {value}\n" for key, value in meta.get("scripts", {}).items())
    files[f"{info}/entry_points.txt"] = f"[console_scripts]\n{scripts}".encode()
    files[f"{info}/top_level.txt"] = b"hookward\n"
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = os.path.join(out_dir, f"{name}-{version}-py3-none-any.whl")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return wheel


def _requirement_tools():  # type: ignore[no-untyped-def]
    try:
        from packaging.requirements import Requirement
        from packaging.utils import canonicalize_name
    except ImportError:  # pip always vendors it
        from pip._vendor.packaging.requirements import Requirement  # type: ignore[no-redef]
        from pip._vendor.packaging.utils import canonicalize_name  # type: ignore[no-redef]
    return Requirement, canonicalize_name


def dependency_closure(dist_name: str = DIST) -> list:  # type: ignore[type-arg]
    """Every installed distribution hookward needs at run time (no extras), found in this environment."""
    import importlib.metadata as metadata

    Requirement, canonicalize_name = _requirement_tools()
    seen: dict[str, metadata.Distribution] = {}
    queue = list(metadata.distribution(dist_name).requires or [])
    missing = []
    while queue:
        requirement = Requirement(queue.pop())
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(requirement.name)
        if key in seen:
            continue
        try:
            dist = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            missing.append(str(requirement))
            continue
        seen[key] = dist
        queue.extend(dist.requires or [])
    if missing:
        raise SystemExit(f"hookward's dependencies are not installed here: {', '.join(sorted(missing))}")
    return sorted(seen.values(), key=lambda dist: dist.metadata["Name"].lower())


def _site_packages(python: str) -> str:
    out = _run([python, "-I", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], check=True)
    return out.stdout.strip()


def _copy_distribution(dist, site: str) -> int:  # type: ignore[no-untyped-def]
    copied = 0
    for file in dist.files or []:
        relative = str(file)
        if relative.startswith("..") or os.path.isabs(relative):
            continue  # console scripts of dependencies: not on hookward's path
        source = str(dist.locate_file(file))
        if not os.path.isfile(source):
            continue
        destination = os.path.join(site, relative)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        shutil.copy2(source, destination)
        copied += 1
    return copied


REFRESH_INDEX = """
import json, sys
from hookward.policy import specs
from hookward.policy.specs import _index
fresh = [tuple(item) for item in _index.FILES]
stale = [family for family, size in specs._family_files() if (family, size) not in fresh]
if stale and "--check" not in sys.argv:
    specs.write_index()
print(json.dumps(stale))
"""


REFRESH_BUILTIN = """
import json, sys
from hookward.policy import loader, protection
stale = []
with open(loader.BUILTIN_POLICY, encoding="utf-8") as handle:
    if json.load(handle).get("key") != loader.builtin_key(open(loader.DEFAULT_POLICY, "rb").read()):
        loader.write_builtin()
        stale.append("policy/data/builtin_policy.json")
if getattr(protection, "_precomputed", None) is not None and protection._precomputed() is None:
    protection.write_precomputed()
    stale.append("policy/data/protection_registry.json")
print(json.dumps(stale))
"""


def _refresh_builtin(python: str) -> list[str]:
    """The shipped precomputed files that are stale in this source, each rewritten in the install."""
    done = _run([python, "-I", "-c", REFRESH_BUILTIN])
    if done.returncode != 0:
        return []
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def _refresh_spec_index(python: str) -> list[str]:
    """The spec families the installed program -> family index is stale for; the index rewritten when any."""
    done = _run([python, "-I", "-c", REFRESH_INDEX])
    if done.returncode != 0:
        return []  # a checkout without the index: nothing to refresh
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


def build(root: str | None = None, ref: str | None = None, log=print) -> Scratch:  # type: ignore[no-untyped-def]
    """Build the scratch install under root (a new temp dir when None) from the work tree, or from a git ref."""
    scratch = Scratch(root or tempfile.mkdtemp(prefix="hookward-bench-install-"))
    os.makedirs(scratch.root, exist_ok=True)
    work = tempfile.mkdtemp(prefix="build-", dir=scratch.root)
    try:
        source = _archive(ref, os.path.join(work, "src")) if ref else _clean_copy(os.path.join(work, "src"))
        wheel, how = _build_wheel(source, work)
        base = getattr(sys, "_base_executable", sys.executable)
        _run([base, "-m", "venv", "--without-pip", scratch.venv], check=True)
        result = _run(
            [sys.executable, "-m", "pip", "--python", scratch.python, "install", "-q", "--no-deps", "--no-index", wheel]
        )
        if result.returncode != 0:  # an old pip without --python: give the venv its own pip (ensurepip, offline)
            _run([scratch.python, "-m", "ensurepip", "-q"], check=True)
            _run([scratch.python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel], check=True)
        site = _site_packages(scratch.python)
        dists = dependency_closure()
        count = sum(_copy_distribution(dist, site) for dist in dists)
        costs = {
            "policy/data/builtin_policy.json": "compile the built-in policy (pydantic imported, ~0.2 s)",
            "policy/data/protection_registry.json": "read all 18 host files for self-protection (~10 ms)",
        }
        for what in _refresh_builtin(scratch.python):
            log(
                f"NOTE: {what} in this source is stale (its inputs changed since it was written), so a hook call "
                f"would {costs.get(what, 'rebuild it')}; regenerated in the scratch install only, as tests/ "
                "require before it ships"
            )
        stale = _refresh_spec_index(scratch.python)
        if stale:
            log(
                f"NOTE: policy/specs/_index.py in this source is stale ({', '.join(stale)} changed since it was "
                "written), so every hook call would import all 18 spec families (~100 ms); regenerated in the "
                "scratch install only, as tests/ require before it ships (`python -m hookward.policy.specs`)"
            )
        compileall.compile_dir(site, quiet=1, workers=0)  # what pip does for every file it installs
        scratch.how = how
        with open(os.path.join(scratch.root, MARKER), "w", encoding="utf-8") as handle:
            handle.write(
                (f"git ref {ref}" if ref else f"work tree at {_git_head()}")
                + f"; wheel: {how}; {len(dists)} dependencies ({count} files) "
                f"copied from {sys.prefix}\n"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    check = _run([scratch.python, "-I", "-c", "import hookward.policy.engine as e, sys; print(e.__file__)"])
    engine_file = check.stdout.strip()
    if check.returncode != 0 or not engine_file.startswith(scratch.venv):
        raise SystemExit(f"the scratch install does not import its own hookward: {check.stderr.strip()[-500:]}")
    log(f"scratch install: {scratch.venv} ({scratch.describe()})")
    return scratch


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    build(os.path.abspath(sys.argv[1]), sys.argv[2] if len(sys.argv) == 3 else None)
