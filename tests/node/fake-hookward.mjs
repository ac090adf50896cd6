#!/usr/bin/env node
// A stand-in for `hookward hook <host> <event>`: behaves as FAKE_HOOKWARD_MODE says.
// FAKE_HOOKWARD_RECORD names a file that receives {argv, stdin} as JSON.
import { readFileSync, writeFileSync } from "node:fs";

const mode = process.env.FAKE_HOOKWARD_MODE || "allow";
let stdin = "";
try {
  stdin = readFileSync(0, "utf8");
} catch {
  stdin = "";
}
if (process.env.FAKE_HOOKWARD_RECORD) {
  writeFileSync(process.env.FAKE_HOOKWARD_RECORD, JSON.stringify({ argv: process.argv.slice(2), stdin, pid: process.pid }));
}
const say = (obj) => process.stdout.write(typeof obj === "string" ? obj : JSON.stringify(obj));
switch (mode) {
  case "allow":
    say({ decision: "allow", reason: "fake: fine" });
    break;
  case "deny":
    say({ decision: "deny", reason: "fake: no credentials" });
    break;
  case "ask":
    say({ decision: "ask", reason: "fake: a person must confirm python x.py" });
    break;
  case "garbage":
    say("this is not json {");
    break;
  case "empty":
    break;
  case "array":
    say([{ decision: "allow" }]);
    break;
  case "unknown-decision":
    say({ decision: "maybe", reason: "fake" });
    break;
  case "allow-then-crash":
    say({ decision: "allow", reason: "fake" });
    process.exitCode = 1;
    break;
  case "crash":
    process.stderr.write("Traceback: fake crash\n");
    process.exitCode = 1;
    break;
  case "exit2":
    process.stderr.write("fake: blocked by exit 2");
    process.exitCode = 2;
    break;
  case "huge":
    say(JSON.stringify({ decision: "allow", reason: "x".repeat(200000) }));
    break;
  case "hang":
    setInterval(() => {}, 1000);
    break;
  default:
    process.stderr.write(`fake-hookward: unknown mode ${mode}`);
    process.exitCode = 3;
}
