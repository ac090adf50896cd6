// OpenClaw: the shim as OpenClaw's plugin loader and hook runner run it.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";

import { HOSTS, shimFile, useFakeHookward } from "./hosts.mjs";
import { hostScenarios } from "./scenarios.mjs";

hostScenarios("openclaw");

const SHIM = shimFile("openclaw.js");

test("openclaw: the plugin registers as 'hookward', synchronously, before_tool_call first in priority", async () => {
  const stand = await HOSTS.openclaw.load(SHIM);
  assert.equal(stand.pluginId, "hookward");
  const pre = stand.handlers.filter((h) => h.hookName === "before_tool_call");
  assert.equal(pre.length, 1);
  assert.ok(pre[0].priority > 0);
  assert.deepEqual(stand.handlers.map((h) => h.hookName).sort(), ["after_tool_call", "before_tool_call"]);
});

test("openclaw: an ask answer becomes requireApproval offering only allow-once and deny", async () => {
  useFakeHookward("ask");
  let request;
  const stand = await HOSTS.openclaw.load(SHIM, {
    approve: async (req) => {
      request = req;
      return "allow-once";
    },
  });
  const result = await stand.runTool("exec", { command: "python x.py" });
  assert.equal(result.ran, true);
  assert.deepEqual(request.allowedDecisions, ["allow-once", "deny"]);
  assert.ok(request.title.length <= 80);
  assert.ok(request.description.length <= 512);
  assert.match(request.description, /a person must confirm python x.py/);
});

test("openclaw: a person denying the approval blocks the tool", async () => {
  useFakeHookward("ask");
  const stand = await HOSTS.openclaw.load(SHIM, { approve: async () => "deny" });
  assert.equal((await stand.runTool("exec", { command: "python x.py" })).ran, false);
});

test("openclaw: an approval with no route to a person blocks the tool", async () => {
  useFakeHookward("ask");
  const stand = await HOSTS.openclaw.load(SHIM);
  assert.equal((await stand.runTool("exec", { command: "python x.py" })).ran, false);
});

test("openclaw: 'allow always' is not on offer, so it cannot be chosen", async () => {
  useFakeHookward("ask");
  const stand = await HOSTS.openclaw.load(SHIM, { approve: async () => "allow-always" });
  assert.equal((await stand.runTool("exec", { command: "python x.py" })).ran, false);
});

test("openclaw: an outer Code Mode exec call carries its tool kind to hookward", async () => {
  const { tempDir } = await import("./hosts.mjs");
  const record = path.join(tempDir(), "record.json");
  useFakeHookward("deny", { FAKE_HOOKWARD_RECORD: record });
  const stand = await HOSTS.openclaw.load(SHIM);
  const result = await stand.runTool("exec", { code: "await tools.read({path: 'x'})" }, { toolKind: "code_mode_exec" });
  assert.equal(result.ran, false);
  const { readFileSync } = await import("node:fs");
  const payload = JSON.parse(JSON.parse(readFileSync(record, "utf8")).stdin);
  assert.equal(payload.tool_kind, "code_mode_exec");
});
