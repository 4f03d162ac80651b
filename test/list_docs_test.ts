/**
 * The `<group> list` commands' help names every field they print, and says what `duration`
 * means (the segment's length for photos and captions, the file's for audio and video);
 * `segments list` names every key it prints. In-process (runInProcess).
 */
import { ok as assert } from "node:assert/strict";
import { runInProcess, runOk, tempWorld } from "./helpers/cli.ts";
import { everyKindSpec } from "./helpers/build_spec.ts";

Deno.test("list commands: the help names every field of the output", async () => {
  const w = await tempWorld();
  try {
    const { draftId } = await runOk(w, ["build", JSON.stringify(everyKindSpec())], runInProcess);
    for (const group of ["images", "audios", "videos", "captions"]) {
      const items = await runOk(w, [group, "list", draftId], runInProcess) as unknown as Record<
        string,
        unknown
      >[];
      assert(items.length > 0, `${group}: the draft has some`);
      const help = (await runInProcess([group, "list", "--help"], { env: w.env })).stdout;
      for (const key of new Set(items.flatMap((it) => Object.keys(it)))) {
        assert(new RegExp(`\\b${key}\\b`).test(help), `${group} list --help names '${key}'`);
      }
      const fileLength = group === "audios" || group === "videos";
      assert(
        help.includes(fileLength ? "duration (the" : "duration (end − start)"),
        `${group} list --help says what duration is`,
      );
    }
    // segments list: every key of a segment and of its attached map, which lists only what is there.
    const { segments } = await runOk(w, ["segments", "list", draftId], runInProcess);
    const help = (await runInProcess(["segments", "list", "--help"], { env: w.env })).stdout;
    const keys = new Set<string>();
    for (const seg of segments as Record<string, Record<string, unknown>>[]) {
      Object.keys(seg).forEach((k) => keys.add(k));
      Object.keys(seg.attached).forEach((k) => keys.add(k));
      for (const kind of Object.keys(seg.attached)) {
        assert((seg.attached[kind] as unknown[]).length > 0, `attached.${kind} is not empty`);
      }
    }
    for (const key of keys) {
      assert(new RegExp(`\\b${key}\\b`).test(help), `segments list --help names '${key}'`);
    }
    assert(/only the kinds the segment has/.test(help), help);
  } finally {
    await w.cleanup();
  }
});
