// Pi: the shim as Pi's extension loader and emitToolCall run it.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";

import { HOSTS, shimFile, useFakeHookward } from "./hosts.mjs";
import { hostScenarios } from "./scenarios.mjs";

hostScenarios("pi");

test("pi: an ask answer is refused, since tool_call can only block", async () => {
  useFakeHookward("ask");
  const stand = await HOSTS.pi.load(shimFile("pi.ts"));
  const result = await stand.runTool("bash", { command: "python x.py" });
  assert.equal(result.ran, false);
  assert.match(result.reason, /a person must confirm/);
});

test("pi: the extension subscribes to tool_call and tool_result only", async () => {
  const stand = await HOSTS.pi.load(shimFile("pi.ts"));
  assert.deepEqual([...stand.handlers.keys()].sort(), ["tool_call", "tool_result"]);
});
