// The fail-closed core every plugin shim shares. `hookward install` (adapters/installers.py
// read_shim) puts it in place of the include line of each host's shim, so the installed file
// stays self-contained; this is the one copy in the repository.
// ---- hookward shim core: begin (from adapters/plugins/shim_core.js) ----
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
