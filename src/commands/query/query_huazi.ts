/**
 * `query huazi` (cutcli's name): no public list of the editors' 花字 (text effect) ids could be
 * verified, so it answers `no_catalog` with how to reuse a 花字 made in the editor. Not an MCP
 * tool (an answer that is always an error is not worth its bytes in tools/list).
 */
import { defineCommandFile } from "../spec.ts";
import { DraftcliError } from "../../errors.ts";
import { catalogQuerySchemas } from "./query_catalog.ts";

/** `query huazi`. */
export const command = defineCommandFile({
  name: ["query", "huazi"],
  summary: "cutcli's 花字 (styled text preset) search: draftcli has no 花字 catalog (the error " +
    "says what to do instead)",
  description: "Fails with no_catalog (exit 7): no public list of 花字 ids verifies, and " +
    "captions cannot take one. To use a 花字: style a caption with it in the editor and save " +
    "the draft, then reuse that draft with 'draftcli draft fill <that draft> --texts …' (the " +
    "copy keeps the 花字 with the new text).",
  examples: ["query huazi --action list"],
  mcp: false,
  schemas: catalogQuerySchemas,
  // deno-lint-ignore require-await
  async run() {
    throw new DraftcliError(
      "no_catalog",
      "draftcli has no 花字 (text effect) catalog: no public list of the editors' 花字 ids " +
        "could be verified, and captions cannot take one",
      {
        hint: "style a caption with the 花字 in the editor and save the draft, then run " +
          "'draftcli draft fill <that draft> --texts '{\"old text\":\"new text\"}'': the " +
          "copy keeps the 花字",
      },
    );
  },
});
