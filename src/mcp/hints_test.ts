import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { loadAllSpecs } from "../commands/registry.ts";
import { mcpText } from "./hints.ts";
import { segmentIdsHint } from "../draft/segment_list.ts";

Deno.test("MCP hints name tools and arguments, never CLI flags or --help", async () => {
  const COMMANDS = await loadAllSpecs();
  const t = (s: string) => mcpText(s, COMMANDS);
  assertEquals(
    t("run 'draftcli draft list' to see drafts, or pass --drafts-dir"),
    "call draft_list {} to see drafts, or pass the drafts folder in the server's env " +
      "(DRAFTCLI_DRAFTS_DIR)",
  );
  assertEquals(t("see 'draftcli images add --help'"), 'call docs {"topic":"images_add"}');
  assertEquals(
    t(
      "list capcut names with: draftcli query filters --editor capcut --action search " +
        "--keyword <part of a name>",
    ),
    "list capcut names with: call query_filters " +
      '{"editor":"capcut","action":"search","keyword":"<part of a name>"}',
  );
  assertEquals(
    t("e.g. 'draftcli config set maxDownloadBytes 536870912' (512 MiB)"),
    'e.g. call config_set {"key":"maxDownloadBytes","value":"536870912"} (512 MiB)',
  );
  assertEquals(
    t("add --yes to confirm: draftcli draft delete ABC --yes"),
    'add argument \'yes\' to confirm: call draft_delete {"draftId":"ABC","yes":true}',
  );
  assertEquals(t("--image-infos must be a list"), "argument 'imageInfos' must be a list");
  assertEquals(t("a hint without CLI words"), "a hint without CLI words");
  assertEquals(
    t(segmentIdsHint("ABC-1")),
    'list the segment ids with: call segments_list {"draftId":"ABC-1"}',
  );
  // The failing tool's own page, so the agent gets the field list in one call.
  assertEquals(
    mcpText("expected number; see --help for each field's type", COMMANDS, "segments_update"),
    'expected number; see the docs tool (docs {"topic":"segments_update"}) for each field\'s type',
  );
  assertEquals(
    t("see --help for the accepted fields"),
    "see the docs tool for the accepted fields",
  );
});
