// hookward plugin for OpenCode: each tool call is put to `hookward hook opencode tool.execute.before`
// before it runs, and refused (a thrown Error) unless hookward answers allow.
//
// Installed as ~/.config/opencode/plugins/hookward.js or <project>/.opencode/plugins/hookward.js.
// OpenCode calls every export of a plugin file as a plugin, so this file exports one function only.
// Self-contained on purpose: the installed copy has no neighbours to import.

// ---- hookward shim core: included here from adapters/plugins/shim_core.js at install ----

const HOST = "opencode";
const PRE_EVENT = "tool.execute.before";
const POST_EVENT = "tool.execute.after";

export const HookwardPlugin = async (ctx) => {
  const cwd = typeof ctx?.directory === "string" ? ctx.directory : process.cwd();
  return {
    [PRE_EVENT]: async (input, output) => {
      const payload = toolCallPayload(PRE_EVENT, input?.tool, output?.args, input?.sessionID, input?.callID, cwd);
      const answer = await askHookward(HOST, PRE_EVENT, payload);
      // A plugin cannot ask a person here: anything but allow is a refusal.
      if (answer.decision !== "allow") throw new Error(answer.reason);
    },
    [POST_EVENT]: async (input) => {
      tellHookward(HOST, POST_EVENT, toolCallPayload(POST_EVENT, input?.tool, input?.args, input?.sessionID, input?.callID, cwd));
    },
  };
};
