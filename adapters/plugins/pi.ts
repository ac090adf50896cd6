// hookward extension for Pi (pi-coding-agent): each tool call is put to `hookward hook pi tool_call`
// before it runs, and blocked ({block: true, reason}) unless hookward answers allow.
//
// Installed as ~/.pi/agent/extensions/hookward.ts or <project>/.pi/extensions/hookward.ts.
// Plain JavaScript (valid TypeScript) so the same file loads under jiti, Bun and Node.
// Self-contained on purpose: the installed copy has no neighbours to import.

// ---- hookward shim core: included here from adapters/plugins/shim_core.js at install ----

const HOST = "pi";
const PRE_EVENT = "tool_call";
const POST_EVENT = "tool_result";

function sessionIdOf(ctx) {
  try {
    const id = ctx?.sessionManager?.getSessionId?.();
    return typeof id === "string" ? id : "";
  } catch {
    return "";
  }
}

function cwdOf(ctx) {
  return typeof ctx?.cwd === "string" ? ctx.cwd : process.cwd();
}

export default function hookward(pi) {
  pi.on(PRE_EVENT, async (event, ctx) => {
    const payload = toolCallPayload(PRE_EVENT, event?.toolName, event?.input, sessionIdOf(ctx), event?.toolCallId, cwdOf(ctx));
    const answer = await askHookward(HOST, PRE_EVENT, payload);
    // The extension API has no ask answer: anything but allow is a refusal.
    if (answer.decision !== "allow") return { block: true, reason: answer.reason };
    return undefined;
  });
  pi.on(POST_EVENT, async (event, ctx) => {
    const payload = toolCallPayload(POST_EVENT, event?.toolName, event?.input, sessionIdOf(ctx), event?.toolCallId, cwdOf(ctx));
    payload.tool_failed = event?.isError === true;
    tellHookward(HOST, POST_EVENT, payload);
  });
}
