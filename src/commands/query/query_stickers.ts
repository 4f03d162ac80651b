/**
 * `query stickers` (cutcli's name): no public list of the editors' sticker ids could be verified,
 * so it answers `no_catalog` with how to get an id from the editor. Not an MCP tool: an answer
 * that is always an error is not worth its bytes in tools/list (sticker_add's docs say where ids
 * come from).
 */
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";
import { catalogQuerySchemas } from "./query_catalog.ts";

/** `query stickers`. */
export const command = defineCommandFile({
  name: ["query", "stickers"],
  summary:
    "cutcli's sticker search: draftcli has no sticker catalog (the error says how to get an id)",
  description: "Fails with no_catalog (exit 7): no public list of sticker ids verifies. To get " +
    "one: add the sticker to any draft in the editor and save it, then run " +
    "'draftcli sticker list <that draft>': each item's stickerId is what 'sticker add " +
    "--sticker-id' takes.",
  examples: ["query stickers --action search --keyword 爱心"],
  mcp: false,
  schemas: catalogQuerySchemas,
  // deno-lint-ignore require-await
  async run() {
    throw new DraftcliError(
      "no_catalog",
      "draftcli has no sticker catalog: no public list of the editors' sticker ids could be " +
        "verified",
      {
        hint: "add the sticker to any draft in JianYing/CapCut and save it, then run " +
          "'draftcli sticker list <that draft>': each item's stickerId is the id for " +
          "'draftcli sticker add <draftId> --sticker-id <id> --start <µs> --end <µs>'",
      },
    );
  },
});
