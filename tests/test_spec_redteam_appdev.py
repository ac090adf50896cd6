"""Flutter, Dart and the Shopify CLI: the project's own analyse/test/build is routine; what writes outside the
project, changes the SDK, publishes, prints the app's secret or runs a package's code asks or is refused.
Commands are only analysed, never run."""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("flutter screenshot -o ~/.bashrc", Verdict.DENY, "floor.persistence"),
        ("dart format ~/.zshrc", Verdict.DENY, "floor.persistence"),
        ("dart fix --apply ~/.claude", Verdict.DENY, "floor.self-protection"),
        ("dart compile exe bin/main.dart -o ~/.local/bin/git", Verdict.ASK, "floor.persistence"),
        ("flutter pub publish --force", Verdict.FORCE_ASK, "floor.destructive"),
        ("dart pub token add https://pub.dev", Verdict.ASK, "floor.credentials"),
        ("dart pub global activate devtools", Verdict.ASK, "floor.not-understood"),
        ("flutter config --enable-web", Verdict.ASK, "floor.persistence"),
        ("flutter channel master", Verdict.ASK, "floor.persistence"),
        ("flutter upgrade", Verdict.ASK, "floor.persistence"),
        ("flutter daemon", Verdict.ASK, "floor.not-understood"),
        ("flutter test --unknown-flag", Verdict.ASK, "floor.not-understood"),
        ("shopify app deploy", Verdict.FORCE_ASK, "floor.destructive"),
        ("shopify theme push --store my-store", Verdict.FORCE_ASK, "floor.destructive"),
        ("shopify theme delete -t 123", Verdict.FORCE_ASK, "floor.destructive"),
        ("shopify app env show", Verdict.ASK, "floor.credentials"),
        ("shopify app dev", Verdict.ASK, "floor.not-understood"),
        ("flutter pub get --directory ~/.config/autostart", Verdict.DENY, "floor.persistence"),
    ],
)
def test_an_app_sdk_command_beyond_the_project_is_judged(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    "command",
    [
        "flutter analyze",
        "flutter test",
        "flutter test test/widget_test.dart",
        "flutter build apk --release",
        "flutter pub get",
        "flutter doctor -v",
        "flutter --version",
        "dart analyze",
        "dart test",
        "dart format lib",
        "dart pub get",
        "shopify version",
        "shopify help",
        "shopify app info",
        "shopify theme list",
    ],
)
def test_the_projects_own_app_work_is_routine(box, command):
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)


def test_flutter_build_after_writing_the_gradle_build_it_runs_asks(box):
    (box.project / "android" / "app").mkdir(parents=True)
    command = "echo 'exec(\"id\")' > android/app/build.gradle && flutter build apk"
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)
