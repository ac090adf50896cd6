// OpenCode: the shim as OpenCode's plugin loader and Plugin.trigger run it.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";

import { HOSTS, shimFile, useFakeHookward } from "./hosts.mjs";
import { hostScenarios } from "./scenarios.mjs";

hostScenarios("opencode");

test("opencode: the plugin file exports exactly one plugin function (the loader calls every export)", async () => {
  const stand = await HOSTS.opencode.load(shimFile("opencode.js"));
  assert.equal(stand.exportCount, 1);
});

test("opencode: an ask answer is refused, since a plugin cannot prompt", async () => {
  useFakeHookward("ask");
  const stand = await HOSTS.opencode.load(shimFile("opencode.js"));
  const result = await stand.runTool("bash", { command: "python x.py" });
  assert.equal(result.ran, false);
  assert.match(result.reason, /a person must confirm/);
});
