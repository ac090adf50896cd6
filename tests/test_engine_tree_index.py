"""_holds (is a recursive target, or a directory holding, a protected or credential tree) finds the places by
bisection over sorted place names: it must answer exactly what testing every tree does."""

from __future__ import annotations

import random

from hookward.policy import engine
from hookward.policy.loader import load_policy
from hookward.policy.paths import Target
from hookward.policy.toolcall import ToolCall


def _holds_by_scan(tgt: Target, trees: list[list[str]], env: engine.Env) -> bool:
    for path in {tgt.path, tgt.real}:
        if path in ("/", env.home, "/home", "/Users") or env.home.startswith(path.rstrip("/") + "/"):
            return True
        inside = path.rstrip("/") + "/"
        owner = engine._home_of(path)
        for base, literal in trees:
            for home in {env.home, owner} if owner else {env.home}:
                place = (home + "/" + literal) if base == "home" else ("/" + literal)
                if place.startswith(inside) or (place.rstrip("/") + "/").startswith(inside):
                    return True
    return False


def test_tree_lookup_agrees_with_testing_every_tree(tmp_path, monkeypatch):
    home, project = tmp_path / "home", tmp_path / "home" / "project"
    project.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    policy = load_policy(str(project))
    env = engine.Env(ToolCall("shell", command="ls", cwd=str(project), project_root=str(project)))
    words = sorted(
        {
            part
            for trees in (policy.protected_trees, policy.credential_trees)
            for _base, literal in trees
            for part in literal.split("/")
        }
    )
    words += ["", "x", "bob", "tmp"]
    rng = random.Random(13)
    held = 0
    for _ in range(20_000):
        start = rng.choice(["/", env.home + "/", "/home/bob/", "/root/", "/etc/", "/tmp/"])
        path = start + "/".join(rng.choice(words) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.2:
            path += "/"
        real = rng.choice([path, "/" + rng.choice(words)])
        tgt = Target(path, path, real, "elsewhere")
        for trees in (policy.protected_trees, policy.credential_trees):
            expected = _holds_by_scan(tgt, trees, env)
            assert engine._holds(tgt, trees, env) == expected, (path, real)
            held += expected
    assert 1000 < held < 39_000  # both answers are common, so the agreement says something
