/**
 * The `add`/`list` command handlers (and `preview`) run without loading zod: each is
 * called in one child process (test/helpers/hot_handler.ts, which reports after every call
 * whether zod is loaded) on input validated here by the command's own schema, against a real
 * draft. Their results match what the CLI prints (run in-process here).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { fileUrl, fixture, hermeticEnv, runInProcess, runOk, tempWorld } from "./helpers/cli.ts";
import { loadAllSpecs } from "../src/commands/registry.ts";
import { handlerName } from "../src/commands/flag_names.ts";
import { validate } from "../src/schema/parse_input.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const CHILD = fileURLToPath(new URL("./helpers/hot_handler.ts", import.meta.url));

/** Reads `stream` line by line. */
async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    pending += chunk;
    let end;
    while ((end = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
    }
  }
}

Deno.test("add/list handlers and preview run without loading zod, and list like the CLI", async () => {
  const specs = await loadAllSpecs();
  const w = await tempWorld();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CHILD],
    env: hermeticEnv(w.env),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const answers = lines(child.stdout);
  const stderr = new Response(child.stderr).text();
  try {
    /** Validates `raw` with the command's schema, then runs its handler in the child. */
    const hot = async (command: string, raw: Json): Promise<Json> => {
      const spec = specs.find((s) => s.name.join(" ") === command);
      assert(spec, command);
      const input = validate(spec.input, raw);
      const handler = handlerName(command.split(" "));
      await writer.write(new TextEncoder().encode(JSON.stringify({ handler, input }) + "\n"));
      const answer = await answers.next();
      if (answer.done) throw new Error(`${command}: the child ended: ${await stderr}`);
      const { result, zodLoaded, error } = JSON.parse(answer.value);
      assertEquals(error, undefined, `${command}: ${error}`);
      assertEquals(zodLoaded, false, `${command} loaded zod`);
      return result;
    };

    const { draftId } = await runOk(w, ["draft", "create"], runInProcess);
    const images = await hot("images add", {
      draftId,
      imageInfos: [
        { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000 },
        { imageUrl: fileUrl(fixture("image.jpg")), start: 2_000_000, end: 4_000_000 },
      ],
    });
    assertEquals(images.segmentIds.length, 2);
    const [photo] = images.segmentIds as string[];
    const video = await hot("videos add", {
      draftId,
      videoInfos: [{ videoUrl: fileUrl(fixture("video.mp4")), start: 0, end: 1_000_000 }],
      alpha: 0.8,
    });
    const [clip] = video.segmentIds as string[];
    assertEquals(
      (await hot("audios add", {
        draftId,
        audioInfos: [{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000 }],
      })).audioIds.length,
      1,
    );
    assertEquals(
      (await hot("captions add", {
        draftId,
        captions: [{ text: "Hello 世界", start: 0, end: 1_000_000 }],
        fontSize: 10,
      })).textIds.length,
      1,
    );
    await hot("keyframes add", {
      draftId,
      keyframes: [{ segmentId: photo, property: "position_x", offset: 0, value: -0.5 }],
    });
    await hot("transitions add", { draftId, auto: "fade" });
    await hot("effects add", {
      draftId,
      effectInfos: [{ effectTitle: "70s", start: 0, end: 1_000_000 }],
    });
    await hot("filters add", {
      draftId,
      filterInfos: [{ filterTitle: "ABG", start: 0, end: 1_000_000 }],
    });
    await hot("sticker add", {
      draftId,
      stickerId: "7213186475432824123",
      start: 0,
      end: 1_000_000,
    });
    await hot("masks add", { draftId, segmentIds: clip, name: "circle" });

    // Each list: the command, its input, and how many entries the adds above made.
    const lists: [string, Json, number][] = [
      ["images list", { draftId }, 2],
      ["videos list", { draftId }, 1],
      ["audios list", { draftId }, 1],
      ["captions list", { draftId }, 1],
      ["keyframes list", { draftId, segmentId: photo }, 1],
      ["transitions list", { draftId }, 1],
      ["effects list", { draftId }, 1],
      ["filters list", { draftId }, 1],
      ["sticker list", { draftId }, 1],
      ["masks list", { draftId }, 1],
    ];
    for (const [command, raw, count] of lists) {
      const flags = raw.segmentId ? ["--segment-id", raw.segmentId] : [];
      const viaCli = await runOk(w, [...command.split(" "), draftId, ...flags], runInProcess);
      const listed = await hot(command, raw);
      assertEquals(listed, viaCli, command);
      assertEquals((Array.isArray(listed) ? listed : listed.keyframes).length, count, command);
    }

    const frame = await hot("preview", { draftId, at: 500_000, height: 90, out: `${w.root}/pv` });
    assert((await Deno.stat(frame.frame)).isFile, "preview --at writes its frame");
    await writer.close();
    assertEquals((await child.status).code, 0, await stderr);
  } finally {
    await writer.close().catch(() => {});
    try {
      child.kill();
    } catch { /* already ended */ }
    await child.status;
    await stderr;
    await w.cleanup();
  }
});
