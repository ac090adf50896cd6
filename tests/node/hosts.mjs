// Stand-ins for the five plugin hosts: each loads a hookward shim the way the
// host's loader does (read in the shipped packages, see compat/hosts/<host>.json)
// and runs one tool call through the host's pre-tool hook.
//
// A stand-in's runTool(name, input) answers {ran, reason, approval?}: ran is
// true only when the host would execute the tool.
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, "..", "..");
export const PLUGINS = path.join(REPO, "adapters", "plugins");
export const FAKE_HOOKWARD = path.join(HERE, "fake-hookward.mjs");
export const WORKSPACE = "/work/projects/demo";

// Every directory made here goes when the test process ends: a run left one per tool call in /tmp.
const made = [];
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = "hookward-node-") {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

// The real hookward of this checkout: the Python test runner passes it; else the venv's.
export function realHookward() {
  const candidate = process.env.HOOKWARD_REAL_BIN || path.join(REPO, ".venv", "bin", "hookward");
  if (!existsSync(candidate)) throw new Error(`real hookward not found at ${candidate}`);
  return candidate;
}

export function useFakeHookward(mode, extraEnv = {}) {
  chmodSync(FAKE_HOOKWARD, 0o755);
  process.env.HOOKWARD_BIN = FAKE_HOOKWARD;
  process.env.FAKE_HOOKWARD_MODE = mode;
  delete process.env.FAKE_HOOKWARD_RECORD;
  delete process.env.HOOKWARD_TIMEOUT_MS;
  Object.assign(process.env, extraEnv);
}

let loadCounter = 0;

// Import a module file fresh (each test gets its own module instance).
async function importFresh(file) {
  loadCounter += 1;
  return import(pathToFileURL(file).href + `?load=${loadCounter}`);
}

// Pi and OMP load .ts with jiti / Bun; the shims are plain JavaScript that is
// also valid TypeScript, so a .mjs copy stands in for the type-stripping step.
function asModuleFile(file) {
  if (!file.endsWith(".ts")) return file;
  const copy = path.join(tempDir(), path.basename(file, ".ts") + ".mjs");
  copyFileSync(file, copy);
  return copy;
}

// The shim as `hookward install` writes it: the host's file with the shared core in place of
// its include line (adapters/installers.py read_shim does the same).
const CORE_INCLUDE = "// ---- hookward shim core: included here from adapters/plugins/shim_core.js at install ----";
const CORE_BEGIN = "// ---- hookward shim core: begin";

export function assembledText(shim) {
  const text = readFileSync(path.join(PLUGINS, shim), "utf8");
  const coreFile = readFileSync(path.join(PLUGINS, "shim_core.js"), "utf8");
  const core = coreFile.slice(coreFile.indexOf(CORE_BEGIN)).replace(/\n+$/, "");
  if (text.split(CORE_INCLUDE).length !== 2) throw new Error(`${shim} does not include the shim core exactly once`);
  return text.replace(CORE_INCLUDE, () => core);
}

// A file holding the assembled shim, named like the original (the host loaders look at the extension).
export function shimFile(shim) {
  const dest = path.join(tempDir(), shim);
  writeFileSync(dest, assembledText(shim));
  return dest;
}

// `hookward install` writes the absolute hookward path over the placeholder.
export function installedCopy(shim, executable, name) {
  const text = assembledText(shim);
  const dest = path.join(tempDir(), name);
  writeFileSync(dest, text.replaceAll("__HOOKWARD_EXECUTABLE__", executable));
  return dest;
}

// ---------------------------------------------------------------- OpenCode / Kilo
// Plugin.state (legacy loader): every export must be a function or {server};
// each is called with the PluginInput and returns hooks. Plugin.trigger awaits
// every hook; a rejection fails the tool call before it executes. No timeout.
export async function openCodeLike(file, { hostName = "opencode" } = {}) {
  const mod = await importFresh(file);
  const seen = new Set();
  const hooks = [];
  const input = { client: {}, project: { id: "p1" }, directory: WORKSPACE, worktree: WORKSPACE, serverUrl: new URL("http://localhost:4096") };
  for (const value of Object.values(mod)) {
    if (seen.has(value)) continue;
    seen.add(value);
    const plugin = typeof value === "function" ? value : value && typeof value.server === "function" ? value.server : null;
    if (!plugin) throw new TypeError(`${hostName}: Plugin export is not a function`);
    hooks.push(await plugin(input, {}));
  }
  const trigger = async (name, hookInput, output) => {
    for (const hook of hooks) {
      const fn = hook[name];
      if (fn) await fn(hookInput, output);
    }
    return output;
  };
  let calls = 0;
  return {
    exportCount: seen.size,
    async runTool(tool, args) {
      calls += 1;
      const hookInput = { tool, sessionID: "ses_1", callID: `call_${calls}` };
      try {
        await trigger("tool.execute.before", hookInput, { args });
      } catch (error) {
        return { ran: false, reason: error instanceof Error ? error.message : String(error) };
      }
      await trigger("tool.execute.after", { ...hookInput, args }, { title: "", output: "ok", metadata: {} });
      return { ran: true, reason: "" };
    },
  };
}

// ---------------------------------------------------------------- OpenClaw
// resolvePluginModuleExport: the default export's register(api), called
// synchronously. runBeforeToolCall: handlers by priority (higher first), each
// bounded by 15 s; before_tool_call fails closed; block is terminal;
// requireApproval goes to an approval route (here: `approve`), which blocks on
// deny, timeout or no route.
export async function openClaw(file, { approve = null } = {}) {
  const mod = await importFresh(file);
  let definition = mod.default;
  while (definition && typeof definition === "object" && "default" in definition && typeof definition.register !== "function") {
    definition = definition.default;
  }
  const register = typeof definition === "function" ? definition : definition?.register;
  if (typeof register !== "function") throw new Error("openclaw: missing register/activate export");
  const handlers = [];
  const api = {
    id: definition?.id,
    config: { agents: {} },
    runtime: { agent: { resolveAgentWorkspaceDir: (_cfg, agentId) => `${WORKSPACE}/${agentId}` } },
    on(hookName, handler, opts = {}) {
      handlers.push({ hookName, handler, priority: opts.priority ?? 0, timeoutMs: opts.timeoutMs });
    },
  };
  const returned = register(api);
  if (returned && typeof returned.then === "function") throw new Error("openclaw: register() must be synchronous");
  const HOOK_TIMEOUT_MS = 15000;
  const withTimeout = (promise, ms) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms}ms`)), ms);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  let calls = 0;
  return {
    pluginId: definition?.id,
    handlers,
    async runTool(toolName, params, extra = {}) {
      calls += 1;
      const event = { toolName, params, toolCallId: `tc_${calls}`, runId: "run_1", ...extra };
      const ctx = { agentId: "main", sessionId: "sess_1", sessionKey: "agent:main", toolName, toolCallId: event.toolCallId };
      let result;
      try {
        for (const h of handlers.filter((h) => h.hookName === "before_tool_call").sort((a, b) => b.priority - a.priority)) {
          const next = await withTimeout(Promise.resolve(h.handler(structuredClone(event), ctx)), h.timeoutMs ?? HOOK_TIMEOUT_MS);
          if (next === undefined || next === null) continue;
          result = { ...result, ...next };
          if (result.block === true) break;
        }
      } catch {
        return { ran: false, reason: "Tool call blocked because before_tool_call hook failed" };
      }
      if (result?.block) return { ran: false, reason: result.blockReason || "Tool call blocked by plugin hook" };
      if (result?.requireApproval) {
        const request = result.requireApproval;
        const decision = approve ? await approve(request) : "no-route";
        const allowed = (request.allowedDecisions ?? ["allow-once", "allow-always", "deny"]).includes(decision);
        if (!allowed || !(decision === "allow-once" || decision === "allow-always")) {
          return { ran: false, reason: `approval: ${decision}`, approval: request };
        }
        return { ran: true, reason: "", approval: request };
      }
      for (const h of handlers.filter((h) => h.hookName === "after_tool_call")) {
        h.handler({ ...event, result: "ok" }, ctx);
      }
      return { ran: true, reason: "" };
    },
  };
}

// ---------------------------------------------------------------- Pi / OMP
// The default export is the extension factory, called with the API. Pi's
// emitToolCall awaits handlers with no timeout and a thrown error becomes an
// error tool result (blocked); OMP bounds each handler by 30 s and turns a
// failure or timeout into {block: true}.
export async function piLike(file, { handlerTimeoutMs = null } = {}) {
  const mod = await importFresh(asModuleFile(file));
  const factory = typeof mod === "function" ? mod : mod.default;
  if (typeof factory !== "function") throw new Error("Extension does not export a valid factory function");
  const handlers = new Map();
  const pi = {
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(handler);
    },
  };
  await factory(pi);
  const ctx = { cwd: WORKSPACE, hasUI: false, sessionManager: { getSessionId: () => "pi-session-1" } };
  const bounded = (promise) =>
    handlerTimeoutMs === null
      ? promise
      : new Promise((resolve) => {
          const timer = setTimeout(() => resolve({ block: true, reason: `Extension timed out after ${handlerTimeoutMs}ms` }), handlerTimeoutMs);
          promise.then(
            (value) => {
              clearTimeout(timer);
              resolve(value);
            },
            (error) => {
              clearTimeout(timer);
              resolve({ block: true, reason: `Extension failed: ${error?.message ?? error}` });
            },
          );
        });
  let calls = 0;
  return {
    handlers,
    async runTool(toolName, input) {
      calls += 1;
      const event = { type: "tool_call", toolName, toolCallId: `toolu_${calls}`, input };
      try {
        for (const handler of handlers.get("tool_call") ?? []) {
          const result = await bounded(Promise.resolve(handler(event, ctx)));
          if (result?.block) return { ran: false, reason: result.reason || "Tool execution was blocked" };
        }
      } catch (error) {
        return { ran: false, reason: error instanceof Error ? error.message : String(error) };
      }
      for (const handler of handlers.get("tool_result") ?? []) {
        await handler({ type: "tool_result", toolName, toolCallId: event.toolCallId, input, content: [], isError: false }, ctx);
      }
      return { ran: true, reason: "" };
    },
  };
}

// The five hosts as the tests drive them: shim file, event names, a shell call.
export const HOSTS = {
  opencode: {
    shim: "opencode.js",
    installedName: "hookward.js",
    pre: "tool.execute.before",
    post: "tool.execute.after",
    load: (file, opts) => openCodeLike(file, { hostName: "opencode", ...opts }),
    shell: (command) => ["bash", { command, description: "run" }],
    expectedCwd: WORKSPACE,
    expectedSession: "ses_1",
  },
  kilocode: {
    shim: "kilocode.js",
    installedName: "hookward.js",
    pre: "tool.execute.before",
    post: "tool.execute.after",
    load: (file, opts) => openCodeLike(file, { hostName: "kilocode", ...opts }),
    shell: (command) => ["bash", { command, description: "run" }],
    expectedCwd: WORKSPACE,
    expectedSession: "ses_1",
  },
  openclaw: {
    shim: "openclaw.js",
    installedName: "hookward.js",
    pre: "before_tool_call",
    post: "after_tool_call",
    load: (file, opts) => openClaw(file, opts),
    shell: (command) => ["exec", { command }],
    expectedCwd: `${WORKSPACE}/main`,
    expectedSession: "sess_1",
  },
  pi: {
    shim: "pi.ts",
    installedName: "hookward.ts",
    pre: "tool_call",
    post: "tool_result",
    load: (file, opts) => piLike(file, opts),
    shell: (command) => ["bash", { command }],
    expectedCwd: WORKSPACE,
    expectedSession: "pi-session-1",
  },
  omp: {
    shim: "omp.ts",
    installedName: "hookward.ts",
    pre: "tool_call",
    post: "tool_result",
    load: (file, opts) => piLike(file, { handlerTimeoutMs: 30000, ...opts }),
    shell: (command) => ["bash", { command }],
    expectedCwd: WORKSPACE,
    expectedSession: "pi-session-1",
  },
};
