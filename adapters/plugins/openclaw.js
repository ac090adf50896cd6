// hookward plugin for OpenClaw: each tool call is put to `hookward hook openclaw before_tool_call`
// before it runs. allow lets it run; deny returns {block: true, blockReason}; ask returns
// {requireApproval} (allow-once or deny only), which OpenClaw routes to a person or blocks.
//
// Installed as a standalone file named in openclaw.json `plugins.load.paths` (the plugin id is
// the file name, "hookward"), or as ~/.openclaw/extensions/hookward/index.js beside an
// openclaw.plugin.json manifest. Self-contained on purpose: the installed copy imports nothing
// of hookward's.

// ---- hookward shim core: included here from adapters/plugins/shim_core.js at install ----

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
