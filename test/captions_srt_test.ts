/** `captions add --srt`: an SRT file's cues as captions, with the style flags, by any path form. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, runCli, runInProcess, runOk, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const SRT = "1\r\n00:00:00,000 --> 00:00:01,500\r\nHello\r\n\r\n" +
  "2\r\n00:00:01,500 --> 00:00:03,000\r\n世界\r\nline two\r\n";

Deno.test("captions add --srt: cues become captions with the call's style; relative, ~/ and file:// paths", async () => {
  const w = await tempWorld();
  try {
    await Deno.writeTextFile(`${w.root}/subs.srt`, SRT);
    await Deno.writeTextFile(`${w.home}/home.srt`, SRT);
    const { draftId } = await runOk(w, ["draft", "create", "--name", "srt"]);
    const r = await runCli(
      ["captions", "add", draftId, "--srt", "./subs.srt", "--font-size", "12", "--bold"],
      { env: w.env, cwd: w.root },
    );
    assertEquals(r.code, 0, r.stderr);
    const items = (r.json as Json).items as Json[];
    assertEquals(items.map((i) => [i.text, i.start, i.end]), [
      ["Hello", 0, 1_500_000],
      ["世界\nline two", 1_500_000, 3_000_000],
    ]);
    const listed = await runOk(w, ["captions", "list", draftId]) as unknown as Json[];
    assertEquals(listed.length, 2);
    for (const path of ["~/home.srt", fileUrl(`${w.root}/subs.srt`)]) {
      const again = await runCli(["captions", "add", draftId, "--srt", path], { env: w.env });
      assertEquals(again.code, 0, `${path}: ${again.stderr}`);
      assertEquals(((again.json as Json).items as Json[]).length, 2);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("captions add: --srt and --captions together, neither, or a bad SRT: exit 2, nothing written", async () => {
  const w = await tempWorld();
  try {
    await Deno.writeTextFile(`${w.root}/bad.srt`, "1\n00:00:00,000 -> 00:00:01,000\nx\n");
    await Deno.writeTextFile(`${w.root}/ok.srt`, SRT);
    const { draftId } = await runOk(w, ["draft", "create", "--name", "srt"], runInProcess);
    const before = await snapshotDir(w.draftsDir);
    const cases: [string[], RegExp][] = [
      [["--srt", `${w.root}/ok.srt`, "--captions", '[{"text":"a","start":0,"end":1}]'], /not both/],
      [[], /--captions or --srt/],
      [["--srt", `${w.root}/bad.srt`], /SRT line 2/],
      [["--srt", `${w.root}/missing.srt`], /cannot read/],
    ];
    for (const [args, message] of cases) {
      const r = await runInProcess(["captions", "add", draftId, ...args], { env: w.env });
      assertEquals(r.code, 2, r.stderr);
      assertEquals(r.stdout, "");
      assert(message.test(r.error!.message), r.error!.message);
    }
    assertEquals(await snapshotDir(w.draftsDir), before);
  } finally {
    await w.cleanup();
  }
});
