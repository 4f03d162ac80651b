/**
 * The `<group> list` commands' help names every field they print, and says what `duration`
 * means (the segment's length for photos and captions, the file's for audio and video).
 */
import { ok as assert } from "node:assert/strict";
import { runCli, runOk, tempWorld } from "./helpers/cli.ts";
import { everyKindSpec } from "./helpers/build_spec.ts";

Deno.test("list commands: the help names every field of the output", async () => {
  const w = await tempWorld();
  try {
    const { draftId } = await runOk(w, ["build", JSON.stringify(everyKindSpec())]);
    for (const group of ["images", "audios", "videos", "captions"]) {
      const items = await runOk(w, [group, "list", draftId]) as unknown as Record<
        string,
        unknown
      >[];
      assert(items.length > 0, `${group}: the draft has some`);
      const help = (await runCli([group, "list", "--help"], { env: w.env })).stdout;
      for (const key of new Set(items.flatMap((it) => Object.keys(it)))) {
        assert(new RegExp(`\\b${key}\\b`).test(help), `${group} list --help names '${key}'`);
      }
      const fileLength = group === "audios" || group === "videos";
      assert(
        help.includes(fileLength ? "duration (the" : "duration (end − start)"),
        `${group} list --help says what duration is`,
      );
    }
  } finally {
    await w.cleanup();
  }
});
