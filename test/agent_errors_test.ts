/**
 * What an agent meets after an error: the output of a committed change that cannot be printed
 * says the change was saved; a file of the wrong kind names the command that takes it; closed
 * choices (fps, editor) list their values; numbers say their bound.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runApp } from "../src/cli/app.ts";
import { fileUrl, fixture, tempWorld } from "./helpers/cli.ts";

type Json = Record<string, unknown>;

async function world() {
  const w = await tempWorld();
  const run = async (argv: string[], stdout?: (t: string) => void) => {
    let out = "";
    let err = "";
    const code = await runApp(argv, {
      stdout: stdout ?? ((t) => void (out += t)),
      stderr: (t) => void (err += t),
      readStdin: () => Promise.resolve(""),
      env: { ...w.env },
      stderrIsTerminal: false,
    });
    const last = err.trim().split("\n").at(-1) ?? "";
    return { code, out, error: last ? JSON.parse(last).error as Json : undefined };
  };
  const created = await run(["draft", "create"]);
  const { draftId } = JSON.parse(created.out);
  return { w, run, draftId: draftId as string };
}

Deno.test("output lost after the commit: the error says the change was saved", async () => {
  const { w, run, draftId } = await world();
  try {
    const png = fileUrl(fixture("image.png"));
    const r = await run(
      [
        "images",
        "add",
        draftId,
        "--image-infos",
        JSON.stringify([{ imageUrl: png, start: 0, end: 1_000_000 }]),
      ],
      () => {
        throw new Deno.errors.BrokenPipe("Broken pipe (os error 32)");
      },
    );
    assertEquals(r.code, 10);
    assertEquals(r.error?.code, "stdout_closed");
    assert(/the change was saved/.test(String(r.error?.message)), JSON.stringify(r.error));
    assert(/do not run the same command again/.test(String(r.error?.hint)));
    const list = await run(["images", "list", draftId]);
    assertEquals((JSON.parse(list.out) as unknown[]).length, 1, "the image is in the draft");
  } finally {
    await w.cleanup();
  }
});

Deno.test("an mp3 given to images add is sent to audios add; a video to videos add", async () => {
  const { w, run, draftId } = await world();
  try {
    for (const [file, command] of [["audio.mp3", "audios add"], ["video.mp4", "videos add"]]) {
      const url = fileUrl(fixture(file));
      const r = await run([
        "images",
        "add",
        draftId,
        "--image-infos",
        `[{"imageUrl":"${url}","start":0,"end":1000000}]`,
      ]);
      assertEquals(r.code, 5, JSON.stringify(r.error));
      assert(String(r.error?.hint).includes(`use '${command}'`), JSON.stringify(r.error));
    }
    const png = fileUrl(fixture("image.png"));
    const v = await run([
      "videos",
      "add",
      draftId,
      "--video-infos",
      `[{"videoUrl":"${png}","start":0,"end":1000000}]`,
    ]);
    assert(String(v.error?.hint).includes("use 'images add'"), JSON.stringify(v.error));
  } finally {
    await w.cleanup();
  }
});

Deno.test("closed choices list their values; numbers say their bound", async () => {
  const { w, run } = await world();
  try {
    const fps = await run(["draft", "create", "--fps", "27"]);
    assertEquals(fps.code, 2);
    assert(/expected one of 24, 25, 30, 50, 60/.test(String(fps.error?.message)));
    assertEquals(fps.error?.hint, "allowed values: 24, 25, 30, 50, 60");
    const editor = await run(["draft", "create", "--editor", "imovie"]);
    assertEquals(editor.error?.hint, "allowed values: jianying, capcut");
    const width = await run(["draft", "create", "--width", "3"]);
    assertEquals(width.error?.hint, "use a number >= 16");
  } finally {
    await w.cleanup();
  }
});

Deno.test("--request-id: a retried add is a no-op returning the first result", async () => {
  const { w, run, draftId } = await world();
  try {
    const png = fileUrl(fixture("image.png"));
    const items = JSON.stringify([{ imageUrl: png, start: 0, end: 1_000_000 }]);
    const argv = ["images", "add", draftId, "--image-infos", items, "--request-id", "job-42"];
    // The first try commits, then loses its output (a closed pipe): the agent retries.
    const lost = await run(argv, () => {
      throw new Deno.errors.BrokenPipe("Broken pipe (os error 32)");
    });
    assertEquals(lost.code, 10);
    const retry = await run(argv);
    assertEquals(retry.code, 0, JSON.stringify(retry.error));
    const again = await run(argv);
    assertEquals(again.out, retry.out, "the same (first) result each time");
    const list = await run(["images", "list", draftId]);
    assertEquals((JSON.parse(list.out) as unknown[]).length, 1, "added once");
    // The same id for another change is refused; a new id applies.
    const other = JSON.stringify([{ imageUrl: png, start: 1_000_000, end: 2_000_000 }]);
    const reused = await run([
      "images",
      "add",
      draftId,
      "--image-infos",
      other,
      "--request-id",
      "job-42",
    ]);
    assertEquals(reused.code, 2);
    assertEquals(reused.error?.path, "requestId");
    const fresh = await run([
      "images",
      "add",
      draftId,
      "--image-infos",
      other,
      "--request-id",
      "job-43",
    ]);
    assertEquals(fresh.code, 0, JSON.stringify(fresh.error));
    const list2 = await run(["images", "list", draftId]);
    assertEquals((JSON.parse(list2.out) as unknown[]).length, 2);
  } finally {
    await w.cleanup();
  }
});
