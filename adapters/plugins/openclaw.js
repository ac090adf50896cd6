// hookward plugin for OpenClaw: each tool call is put to `hookward hook openclaw before_tool_call`
// before it runs. allow lets it run; deny returns {block: true, blockReason}; ask returns
// {requireApproval} (allow-once or deny only), which OpenClaw routes to a person or blocks.
//
// Installed as a standalone file named in openclaw.json `plugins.load.paths` (the plugin id is
// the file name, "hookward"), or as ~/.openclaw/extensions/hookward/index.js beside an
// openclaw.plugin.json manifest. Self-contained on purpose: the installed copy imports nothing
// of hookward's.

// ---- hookward shim core: begin (identical in every shim; tests/test_plugin_hosts.py checks) ----
import { spawn } from "node:child_process";

// `hookward install` writes the absolute hookward path over this placeholder.
const INSTALLED_HOOKWARD = "__HOOKWARD_EXECUTABLE__";
const PLACEHOLDER = "__HOOKWARD_" + "EXECUTABLE__";
// Below every host's own hook timeout (OpenClaw 15 s, OMP 30 s), so the block
// reason is hookward's, not the host's.
const DEFAULT_TIMEOUT_MS = 10000;
const MAX_TIMEOUT_MS = 60000;
const MAX_ANSWER_BYTES = 65536;
const MAX_REASON_CHARS = 2000;

function hookwardExecutable() {
  const fromEnv = process.env.HOOKWARD_BIN;
  if (typeof fromEnv === "string" && fromEnv.length > 0) return fromEnv;
  if (INSTALLED_HOOKWARD !== PLACEHOLDER) return INSTALLED_HOOKWARD;
  return "hookward";
}

function hookwardTimeoutMs() {
  const value = Number(process.env.HOOKWARD_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? Math.min(value, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
}

function refusal(what) {
  return { decision: "deny", reason: `hookward: ${what}; refusing the tool call (fail closed)` };
}

function clip(text) {
  return text.length > MAX_REASON_CHARS ? text.slice(0, MAX_REASON_CHARS) + "..." : text;
}

// The answer of `hookward hook`: {"decision": "allow" | "deny" | "ask", "reason": "..."}.
function readAnswer(stdout) {
  let answer;
  try {
    answer = JSON.parse(stdout);
  } catch {
    return refusal(stdout.trim() ? "unreadable answer from hookward" : "hookward printed no answer");
  }
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
    return refusal("hookward's answer is not a JSON object");
  }
  const reason = typeof answer.reason === "string" ? clip(answer.reason) : "";
  if (answer.decision === "allow") return { decision: "allow", reason };
  if (answer.decision === "deny") return { decision: "deny", reason: reason || "hookward: denied" };
  if (answer.decision === "ask") return { decision: "ask", reason: reason || "hookward: a person must confirm this" };
  return refusal("hookward's answer has no known decision");
}

// The payload every shim sends: the host's tool call, nothing else.
function toolCallPayload(event, toolName, toolInput, sessionId, toolUseId, cwd) {
  return {
    hook_event_name: event,
    tool_name: toolName,
    tool_input: toolInput,
    session_id: sessionId,
    tool_use_id: toolUseId,
    cwd,
  };
}

// Run `hookward hook <host> <event>` with the payload on stdin. Never throws,
// never rejects: anything but a well-formed answer is a refusal.
function askHookward(host, event, payload) {
  return new Promise((resolve) => {
    let settled = false;
    let timer = null;
    const finish = (answer) => {
      if (settled) return;
      settled = true;
      if (timer !== null) clearTimeout(timer);
      resolve(answer);
    };
    let input;
    try {
      input = JSON.stringify(payload);
    } catch {
      finish(refusal("the tool call could not be encoded as JSON"));
      return;
    }
    let child;
    try {
      child = spawn(hookwardExecutable(), ["hook", host, event], { stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    } catch (error) {
      finish(refusal(`hookward could not be started (${(error && error.code) || "spawn failed"})`));
      return;
    }
    const timeoutMs = hookwardTimeoutMs();
    timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(refusal(`hookward gave no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const stdout = [];
    const stderr = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    let overflow = false;
    child.stdout.on("data", (chunk) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_ANSWER_BYTES) {
        overflow = true;
        child.kill("SIGKILL");
      } else {
        stdout.push(chunk);
      }
    });
    child.stderr.on("data", (chunk) => {
      if (stderrBytes < MAX_ANSWER_BYTES) stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    child.on("error", (error) => finish(refusal(`hookward could not be started (${(error && error.code) || "error"})`)));
    child.on("close", (code, signal) => {
      if (overflow) return finish(refusal("hookward's answer is over the size limit"));
      if (signal) return finish(refusal(`hookward was killed by ${signal}`));
      const errorText = clip(Buffer.concat(stderr).toString("utf8").trim());
      if (code === 2) return finish({ decision: "deny", reason: errorText || "hookward: blocked (exit 2)" });
      if (code !== 0) return finish(refusal(`hookward exited with code ${code}${errorText ? ": " + errorText : ""}`));
      finish(readAnswer(Buffer.concat(stdout).toString("utf8")));
    });
    // A hookward that exits before reading stdin breaks the pipe; its exit status decides.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}

// A post-tool event only resolves the ledger: sent, never awaited, never blocking.
function tellHookward(host, event, payload) {
  askHookward(host, event, payload).catch(() => {});
}
// ---- hookward shim core: end ----

const HOST = "openclaw";
const PRE_EVENT = "before_tool_call";
const POST_EVENT = "after_tool_call";
// OpenClaw caps an approval title at 80 characters and a description at 512.
const APPROVAL_TITLE = "hookward: confirm this tool call";
const MAX_APPROVAL_DESCRIPTION = 512;

// Tools run in the agent's workspace, not in the gateway's working directory.
function workspaceOf(api, ctx) {
  try {
    const resolve = api?.runtime?.agent?.resolveAgentWorkspaceDir;
    if (typeof resolve === "function" && typeof ctx?.agentId === "string") {
      const dir = resolve(api.config, ctx.agentId);
      if (typeof dir === "string" && dir.length > 0) return dir;
    }
  } catch {
    // fall through: the gateway's directory is the best remaining guess
  }
  return process.cwd();
}

function openclawPayload(event, hookEvent, ctx, api) {
  const payload = toolCallPayload(
    event,
    hookEvent?.toolName,
    hookEvent?.params,
    ctx?.sessionId ?? ctx?.sessionKey ?? "",
    hookEvent?.toolCallId ?? ctx?.toolCallId ?? "",
    workspaceOf(api, ctx),
  );
  // Outer Code Mode calls share the name "exec" with the shell tool; this tells them apart.
  const toolKind = hookEvent?.toolKind ?? ctx?.toolKind;
  if (typeof toolKind === "string") payload.tool_kind = toolKind;
  return payload;
}

export default {
  id: "hookward",
  name: "hookward",
  description: "Puts every tool call to hookward's policy before it runs.",
  register(api) {
    api.on(
      PRE_EVENT,
      async (hookEvent, ctx) => {
        const answer = await askHookward(HOST, PRE_EVENT, openclawPayload(PRE_EVENT, hookEvent, ctx, api));
        if (answer.decision === "allow") return undefined;
        if (answer.decision === "ask") {
          return {
            requireApproval: {
              title: APPROVAL_TITLE,
              description: answer.reason.slice(0, MAX_APPROVAL_DESCRIPTION),
              severity: "warning",
              // "allow-always" would let a later call through unseen: offer only this call.
              allowedDecisions: ["allow-once", "deny"],
            },
          };
        }
        return { block: true, blockReason: answer.reason };
      },
      // Higher runs first; a block ends the chain.
      { priority: 1000 },
    );
    api.on(POST_EVENT, async (hookEvent, ctx) => {
      const payload = openclawPayload(POST_EVENT, hookEvent, ctx, api);
      payload.tool_failed = typeof hookEvent?.error === "string" && hookEvent.error.length > 0;
      tellHookward(HOST, POST_EVENT, payload);
    });
  },
};
