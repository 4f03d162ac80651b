/**
 * Test-only entry: what `draftcli mcp` does, over a toy registry (test/support/toy_specs.ts),
 * drafts in $DRAFTCLI_DRAFTS_DIR. Prints nothing itself: stdout belongs to the JSON-RPC stream.
 */
import { serveMcp, stdioIo } from "../../src/mcp/server.ts";
import { toyContext, toySpecs } from "./toy_specs.ts";

const dir = Deno.env.get("DRAFTCLI_DRAFTS_DIR");
if (!dir) throw new Error("set DRAFTCLI_DRAFTS_DIR");
const ctx = { ...toyContext(dir), warn: (m: string) => console.error(`warning: ${m}`) };
await serveMcp(toySpecs, () => ctx, stdioIo());
