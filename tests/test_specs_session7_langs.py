"""Session 7 specs for language toolchains, linters and document tools: mix, iex, elixir, erl, GHC, swiftc, kotlinc,
Xcode (xcodebuild, xcrun and the tools it runs), CocoaPods, R, LuaRocks, zig and the rest of policy/specs/langs.py
and policy/specs/docs.py.

Routine rows assert an allow with no floor taking part; hostile rows assert the verdict and the floor that decides.
Commands are only analysed, never run; nothing is written outside tmp_path.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided, assert_routine

ROUTINE_TOOLCHAINS = [
    "mix test",
    "mix test test/my_test.exs:12 --trace",
    "mix test --cover --warnings-as-errors",
    "mix compile --warnings-as-errors",
    "mix format",
    "mix format --check-formatted",
    "mix deps.get",
    "mix deps.tree",
    "mix phx.server",
    "mix ecto.migrate",
    "mix credo --strict",
    "mix dialyzer",
    "mix --version",
    "MIX_ENV=test mix test",
    "iex -S mix",
    "iex -S mix phx.server",
    "iex --version",
    "elixir --version",
    "ghc --version",
    "ghc -O2 -Wall -o main Main.hs",
    "ghci --version",
    "swiftc main.swift -o main",
    "kotlinc -version",
    "kotlinc src/main.kt -include-runtime -d main.jar",
    "kotlin -version",
    "xcodebuild -list",
    "xcodebuild -showBuildSettings",
    "xcodebuild -scheme App build",
    "xcodebuild -scheme App -destination 'platform=iOS Simulator,name=iPhone 15' test",
    "xcodebuild clean build -project App.xcodeproj -scheme App CODE_SIGNING_ALLOWED=NO",
    "xcrun simctl list devices",
    "xcrun simctl boot 'iPhone 15'",
    "xcrun --find clang",
    "xcrun --show-sdk-path",
    "pod install",
    "pod update Alamofire",
    "pod lib lint",
    "R --version",
    "R CMD check .",
    "luarocks list",
    "luarocks --version",
    "zig build",
    "zig build test -Doptimize=ReleaseFast",
    "zig test src/main.zig",
    "zig fmt src",
    "zig version",
    "zig cc -o main main.c",
]


@pytest.mark.parametrize("command", ROUTINE_TOOLCHAINS)
def test_routine_toolchain_work_on_the_project_is_allowed(box, command):
    assert_routine(box.decide(command), command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        # a database outside the working tree, dropped or rolled back
        ("mix ecto.drop", Verdict.FORCE_ASK, "floor.destructive"),
        ("mix ecto.reset", Verdict.FORCE_ASK, "floor.destructive"),
        ("mix ecto.rollback --step 3", Verdict.FORCE_ASK, "floor.destructive"),
        ("iex -S mix ecto.drop", Verdict.FORCE_ASK, "floor.destructive"),
        # publishing
        ("mix hex.publish --yes", Verdict.FORCE_ASK, "floor.destructive"),
        ("elixir -S mix hex.publish", Verdict.FORCE_ASK, "floor.destructive"),
        ("pod trunk push App.podspec", Verdict.FORCE_ASK, "floor.destructive"),
        ("luarocks upload x-1.0-1.rockspec", Verdict.FORCE_ASK, "floor.destructive"),
        ("xcrun altool --upload-app -f App.ipa -t ios", Verdict.FORCE_ASK, "floor.destructive"),
        # uploads
        ("xcrun notarytool submit App.zip --keychain-profile AC --wait", Verdict.ASK, "floor.egress"),
        ("iex --remsh app@prod.example.com", Verdict.ASK, "floor.egress"),
        # writers hidden in options and formatters pointed at startup files
        ("mix format ~/.bashrc", Verdict.DENY, "floor.persistence"),
        ("zig fmt ~/.bashrc", Verdict.DENY, "floor.persistence"),
        ("ghc -o ~/.bashrc Main.hs", Verdict.DENY, "floor.persistence"),
        ("zig build-exe main.zig -femit-bin=$HOME/.bashrc", Verdict.DENY, "floor.persistence"),
        ("kotlinc -d ~/.profile a.kt", Verdict.DENY, "floor.persistence"),
        ("xcodebuild test -resultBundlePath ~/.ssh/r", Verdict.DENY, "floor.credentials"),
        ("zig build -p ~/.claude", Verdict.DENY, "floor.self-protection"),
        # code from outside the project: tests, configs, build files, plugins, build settings
        ("mix test /tmp/evil_test.exs", Verdict.ASK, "floor.runs-code"),
        ("mix credo --config-file /tmp/c.exs", Verdict.ASK, "floor.runs-code"),
        ("iex --dot-iex /tmp/x.exs -S mix", Verdict.ASK, "floor.runs-code"),
        ("zig build --build-file /tmp/b.zig", Verdict.ASK, "floor.runs-code"),
        ("zig test /tmp/x.zig", Verdict.ASK, "floor.runs-code"),
        ("ghc /tmp/Evil.hs", Verdict.ASK, "floor.runs-code"),
        ("ghc -i/tmp/mods Main.hs", Verdict.ASK, "floor.runs-code"),
        ("swiftc -load-plugin-library /tmp/libM.dylib main.swift", Verdict.ASK, "floor.runs-code"),
        ("xcodebuild -xcconfig /tmp/e.xcconfig build", Verdict.ASK, "floor.runs-code"),
        ("R CMD check /tmp/evilpkg", Verdict.ASK, "floor.runs-code"),
        ("ghc -fplugin=Evil Main.hs", Verdict.ASK, "floor.not-understood"),
        ("ghc -pgmF /tmp/x -F Main.hs", Verdict.ASK, "floor.not-understood"),
        ("runghc --ghc-arg=-fplugin=X Main.hs", Verdict.ASK, "floor.not-understood"),
        ("kotlinc -Xplugin=/tmp/p.jar a.kt", Verdict.ASK, "floor.not-understood"),
        ("xcodebuild build CC=/tmp/evil", Verdict.ASK, "floor.not-understood"),
        ("xcodebuild install", Verdict.ASK, "floor.not-understood"),
        ("zig ar rcs x.a y.o", Verdict.ASK, "floor.not-understood"),
        # inline code and interactive sessions
        ('mix run -e \'System.cmd("sh", ["-c", "id"])\'', Verdict.ASK, "floor.not-understood"),
        ("R -e 'system(\"id\")'", Verdict.FORCE_ASK, "floor.not-understood"),
        ("erl -noshell -eval 'os:cmd(\"id\")'", Verdict.ASK, "floor.not-understood"),
        ("erl -noshell -s evil start", Verdict.ASK, "floor.not-understood"),
        ("iex", Verdict.ASK, "floor.not-understood"),
        ("ghci", Verdict.ASK, "floor.not-understood"),
        ("kotlin", Verdict.ASK, "floor.not-understood"),
        ("erl", Verdict.ASK, "floor.not-understood"),
        ("R", Verdict.ASK, "floor.not-understood"),
        # configuration that outlives the call, tasks nobody modelled
        ("mix local.hex --force", Verdict.ASK, "floor.persistence"),
        ("mix archive.install hex phx_new", Verdict.ASK, "floor.persistence"),
        ("luarocks config variables.LUA /tmp/evil", Verdict.ASK, "floor.persistence"),
        ("pod repo add evil https://example.com/specs.git", Verdict.ASK, "floor.persistence"),
        ("xcodebuild -allowProvisioningUpdates build", Verdict.ASK, "floor.persistence"),
        ("mix my.custom.task", Verdict.ASK, "floor.not-understood"),
        ("R CMD INSTALL .", Verdict.ASK, "floor.not-understood"),
        ("xcrun simctl spawn booted /bin/sh", Verdict.ASK, "floor.not-understood"),
        ("xcrun simctl erase all", Verdict.ASK, "floor.destructive"),
        # xcrun runs the tool it names: judged as that tool
        ("xcrun sh -c 'cat ~/.ssh/id_rsa'", Verdict.DENY, "floor.credentials"),
        ("luarocks install busted", Verdict.ASK, "floor.fetch-and-run"),
    ],
)
def test_a_toolchain_effect_is_judged_by_the_floor_it_reaches(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    ("definition", "command"),
    [
        ("mix.exs", "mix test"),
        ("config/config.exs", "mix compile"),
        ("mix.exs", "iex -S mix"),
        ("build.zig", "zig build"),
        ("Podfile", "pod install"),
    ],
)
def test_a_build_definition_written_on_the_line_makes_its_runner_ask(box, definition, command):
    line = f"echo 'x' > {definition}; {command}"
    assert_decided(box.decide(line), Verdict.ASK, "floor.runs-code", line)


def test_a_rule_that_allows_mix_cannot_hide_a_database_drop_or_a_publish(box):
    box.allow_programs("mix", "pod", "xcrun")
    assert_decided(box.decide("mix ecto.drop"), Verdict.FORCE_ASK, "floor.destructive", "mix ecto.drop")
    assert_decided(box.decide("mix hex.publish"), Verdict.FORCE_ASK, "floor.destructive", "mix hex.publish")
    assert_decided(box.decide("pod trunk push"), Verdict.FORCE_ASK, "floor.destructive", "pod trunk push")
