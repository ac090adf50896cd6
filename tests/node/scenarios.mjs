// The behaviour every shim must show inside its host, driven through a stand-in
// of that host (hosts.mjs) against a fake hookward (fake-hookward.mjs) and,
// once, the real one. Each <host>.test.mjs runs these for its host.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import { FAKE_HOOKWARD, HOSTS, installedCopy, realHookward, shimFile, tempDir, useFakeHookward } from "./hosts.mjs";

const SAVED_ENV = { ...process.env };
const PAYLOAD_KEYS = ["cwd", "hook_event_name", "session_id", "tool_input", "tool_name", "tool_use_id"];

function restoreEnv() {
  for (const key of Object.keys(process.env)) if (!(key in SAVED_ENV)) delete process.env[key];
  Object.assign(process.env, SAVED_ENV);
}

async function waitFor(file, ms = 15000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const text = readFileSync(file, "utf8");
      if (text) return JSON.parse(text);
    }
    await sleep(20);
  }
  throw new Error(`nothing was recorded at ${file}`);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function hostScenarios(hostId) {
  const host = HOSTS[hostId];
  const shimPath = shimFile(host.shim);
  const load = (opts) => host.load(shimPath, opts);
  const [shellTool, shellInput] = host.shell("cat ~/.ssh/id_rsa");

  afterEach(restoreEnv);

  test(`${hostId}: an allow answer lets the tool run`, async () => {
    useFakeHookward("allow");
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, true);
  });

  test(`${hostId}: a deny answer blocks the tool with hookward's reason`, async () => {
    useFakeHookward("deny");
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.equal(result.reason, "fake: no credentials");
  });

  for (const [mode, expected] of [
    ["garbage", /unreadable answer/],
    ["empty", /printed no answer/],
    ["array", /not a JSON object/],
    ["unknown-decision", /no known decision/],
    ["crash", /exited with code 1: Traceback: fake crash/],
    ["allow-then-crash", /exited with code 1/],
    ["huge", /over the size limit/],
  ]) {
    test(`${hostId}: hookward answering ${mode} fails closed`, async () => {
      useFakeHookward(mode);
      const result = await (await load()).runTool(shellTool, shellInput);
      assert.equal(result.ran, false);
      assert.match(result.reason, expected);
    });
  }

  test(`${hostId}: exit 2 blocks with hookward's stderr as the reason`, async () => {
    useFakeHookward("exit2");
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.equal(result.reason, "fake: blocked by exit 2");
  });

  test(`${hostId}: a hookward that cannot start blocks the tool`, async () => {
    useFakeHookward("allow", { HOOKWARD_BIN: path.join(tempDir(), "no-such-hookward") });
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.match(result.reason, /could not be started \(ENOENT\)/);
  });

  test(`${hostId}: a hung hookward is killed at the timeout and the tool is blocked`, async () => {
    const record = path.join(tempDir(), "record.json");
    useFakeHookward("hang", { HOOKWARD_TIMEOUT_MS: "400", FAKE_HOOKWARD_RECORD: record });
    const started = Date.now();
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.match(result.reason, /no answer within 400 ms/);
    assert.ok(Date.now() - started < 5000, "the shim waited far past its timeout");
    const { pid } = await waitFor(record);
    const deadline = Date.now() + 5000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(50);
    assert.equal(isAlive(pid), false, "the hung hookward is still running");
  });

  test(`${hostId}: hookward gets the tool call on stdin and nothing of the environment`, async () => {
    const record = path.join(tempDir(), "record.json");
    useFakeHookward("allow", { FAKE_HOOKWARD_RECORD: record, SECRET_API_KEY_FOR_TEST: "sk-do-not-leak-1234" });
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, true);
    const { argv, stdin } = await waitFor(record);
    assert.deepEqual(argv.slice(0, 3), ["hook", hostId, host.pre]);
    assert.ok(!stdin.includes("sk-do-not-leak-1234"), "the environment leaked into the payload");
    const payload = JSON.parse(stdin);
    assert.deepEqual(Object.keys(payload).sort(), PAYLOAD_KEYS);
    assert.equal(payload.hook_event_name, host.pre);
    assert.equal(payload.tool_name, shellTool);
    assert.deepEqual(payload.tool_input, shellInput);
    assert.equal(payload.cwd, host.expectedCwd);
    assert.equal(payload.session_id, host.expectedSession);
    assert.ok(typeof payload.tool_use_id === "string" && payload.tool_use_id.length > 0);
  });

  test(`${hostId}: the post-tool event reaches hookward without blocking the tool`, async () => {
    const record = path.join(tempDir(), "post.json");
    useFakeHookward("allow");
    const stand = await load();
    process.env.FAKE_HOOKWARD_RECORD = record;
    const result = await stand.runTool(shellTool, shellInput);
    assert.equal(result.ran, true);
    // The pre call wrote first; the post call overwrites it once it runs.
    const deadline = Date.now() + 15000;
    let seen;
    while (Date.now() < deadline) {
      seen = existsSync(record) ? JSON.parse(readFileSync(record, "utf8") || "{}") : {};
      if (seen.argv?.[2] === host.post) break;
      await sleep(20);
    }
    assert.deepEqual(seen.argv.slice(0, 3), ["hook", hostId, host.post]);
    assert.equal(JSON.parse(seen.stdin).hook_event_name, host.post);
  });

  test(`${hostId}: an installed copy finds hookward at the path written over the placeholder`, async () => {
    useFakeHookward("deny");
    delete process.env.HOOKWARD_BIN;
    const installed = installedCopy(host.shim, FAKE_HOOKWARD, host.installedName);
    const result = await (await host.load(installed)).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.equal(result.reason, "fake: no credentials");
  });

  test(`${hostId}: the shim without an installed path and without HOOKWARD_BIN looks for hookward on PATH`, async () => {
    useFakeHookward("allow");
    delete process.env.HOOKWARD_BIN;
    process.env.PATH = tempDir(); // an empty directory: no hookward anywhere
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.match(result.reason, /could not be started \(ENOENT\)/);
  });

  // The real engine (policy floor.credentials): reading an SSH key is denied.
  test(`${hostId}: the real hookward denies cat ~/.ssh/id_rsa`, async () => {
    useFakeHookward("allow", { HOOKWARD_BIN: realHookward(), HOME: tempDir(), HOOKWARD_TIMEOUT_MS: "30000" });
    delete process.env.XDG_CONFIG_HOME;
    delete process.env.XDG_STATE_HOME;
    const result = await (await load()).runTool(shellTool, shellInput);
    assert.equal(result.ran, false);
    assert.match(result.reason, /\.ssh\/id_rsa/);
    assert.doesNotMatch(result.reason, /fail(ed)? closed/, "refused by a failure, not by the policy");
  });

  test(`${hostId}: the real hookward lets git status run`, async () => {
    useFakeHookward("allow", { HOOKWARD_BIN: realHookward(), HOME: tempDir(), HOOKWARD_TIMEOUT_MS: "30000" });
    delete process.env.XDG_CONFIG_HOME;
    delete process.env.XDG_STATE_HOME;
    const [tool, input] = host.shell("git status");
    const result = await (await load()).runTool(tool, input);
    assert.equal(result.ran, true, result.reason);
  });
}
