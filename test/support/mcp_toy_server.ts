/**
 * Test-only entry: what `draftcli mcp` will do once main.ts wires the registry — runs the `mcp`
 * command (from makeMcpCommands) over a toy registry that also contains it, drafts in
 * $DRAFTCLI_DRAFTS_DIR. Prints nothing itself: stdout belongs to the JSON-RPC stream.
 */
import { makeMcpCommands } from "../../src/cli/mcp.ts";
import type { AnyCommandSpec } from "../../src/cli/spec.ts";
import { validate } from "../../src/schema/validate.ts";
import { toyContext, toySpecs } from "./toy_specs.ts";

const dir = Deno.env.get("DRAFTCLI_DRAFTS_DIR");
if (!dir) throw new Error("set DRAFTCLI_DRAFTS_DIR");
const registry: AnyCommandSpec[] = [...toySpecs, ...makeMcpCommands(() => registry)];
const mcp = registry.find((s) => s.name.join(" ") === "mcp")!;
const result = await mcp.run(validate(mcp.input, {}), {
  ...toyContext(dir),
  warn: (m: string) => console.error(`warning: ${m}`),
});
if (result !== undefined) throw new Error("mcp must resolve to undefined");
