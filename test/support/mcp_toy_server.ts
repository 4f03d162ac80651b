/**
 * Test-only entry: serves the toy specs over stdio MCP, drafts in $DRAFTCLI_DRAFTS_DIR.
 * Stands in for `draftcli mcp` until main.ts wires the real registry.
 */
import { serveMcp } from "../../src/mcp/server.ts";
import { toyContext, toySpecs } from "./toy_specs.ts";

const dir = Deno.env.get("DRAFTCLI_DRAFTS_DIR");
if (!dir) throw new Error("set DRAFTCLI_DRAFTS_DIR");
await serveMcp(toySpecs, () => ({
  ...toyContext(dir),
  warn: (m: string) => console.error(`warning: ${m}`),
}));
