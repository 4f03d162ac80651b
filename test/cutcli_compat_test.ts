/**
 * Commands as cutcli's documentation and examples send them (xuliang2024/cutcli-cookbook; facts
 * re-typed here as test data, remote media served from 127.0.0.1) run unchanged, and print
 * cutcli's id lists beside draftcli's own fields.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fixture, runCli, tempWorld } from "./helpers/cli.ts";
import { addOutput } from "../src/schema/add_output.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("cutcli cookbook commands run unchanged against draftcli", async () => {
  const w = await tempWorld();
  const files: Record<string, Uint8Array<ArrayBuffer>> = {
    "/sunset.jpg": await Deno.readFile(fixture("image.jpg")),
    "/bgm.mp3": await Deno.readFile(fixture("audio.mp3")),
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const body = files[new URL(req.url).pathname];
    return body ? new Response(body) : new Response("not found", { status: 404 });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const run = async (args: string[]) => {
    const r = await runCli(args, { env: w.env });
    assertEquals(r.code, 0, `${args.slice(0, 2).join(" ")}: ${r.stderr}`);
    return r;
  };
  try {
    const created = await run([
      "draft",
      "create",
      "--width",
      "1080",
      "--height",
      "1920",
      "--name",
      "image-slideshow-bgm",
    ]);
    const id = (created.json as Json).draftId as string;
    assert(typeof id === "string" && id.length > 0);

    // Images with the cookbook's transitions and animations (推移 is in no catalog: mapped).
    const image = (start: number, extra: Json) => ({
      imageUrl: `${base}/sunset.jpg`,
      width: 80,
      height: 60,
      start,
      end: start + 3_000_000,
      ...extra,
    });
    const imgs = await run([
      "images",
      "add",
      id,
      "--image-infos",
      JSON.stringify([
        image(0, { inAnimation: "轻微放大", transition: "叠化", transitionDuration: 500_000 }),
        image(3_000_000, { inAnimation: "渐显", transition: "推移" }),
        image(6_000_000, { outAnimation: "渐隐" }),
      ]),
    ]);
    const ij = imgs.json as Json;
    addOutput("imageIds").parse(ij); // the shape --help documents
    assertEquals(ij.imageIds.length, 3);
    assertEquals(ij.segmentIds, ij.items.map((it: Json) => it.segmentId));
    assertEquals(ij.segmentInfos[1], { id: ij.segmentIds[1], start: 3_000_000, end: 6_000_000 });
    assert(/推移/.test(imgs.stderr), "the mapped name is reported on stderr");

    // Captions with a template comment and every caption animation name the cookbook uses.
    const caps = await run([
      "captions",
      "add",
      id,
      "--captions",
      JSON.stringify([
        {
          _comment: "bottom ticker",
          text: "cutcli 1.0",
          start: 0,
          end: 3_000_000,
          loopAnimation: "向左滚动",
        },
        {
          text: "hello",
          start: 3_000_000,
          end: 6_000_000,
          inAnimation: "向上滑入",
          outAnimation: "渐隐",
        },
        {
          text: "cutcli.com",
          keyword: "cutcli.com",
          keywordColor: "#FFD600",
          fontSize: 11,
          start: 6_000_000,
          end: 9_000_000,
          inAnimation: "弹入跳动",
          loopAnimation: "心跳",
        },
        {
          text: "wave",
          start: 9_000_000,
          end: 10_000_000,
          inAnimation: "渐显",
          loopAnimation: "波浪",
        },
      ]),
    ]);
    const cj = caps.json as Json;
    addOutput("textIds").parse(cj);
    assertEquals(cj.textIds.length, 4);
    assertEquals(cj.segmentIds.length, 4);
    assertEquals(typeof cj.trackId, "string");

    const audio = await run([
      "audios",
      "add",
      id,
      "--audio-infos",
      JSON.stringify([{ audioUrl: `${base}/bgm.mp3`, start: 0, end: 1_000_000 }]),
    ]);
    addOutput("audioIds").parse(audio.json);
    assertEquals((audio.json as Json).audioIds.length, 1);

    const fx = await run([
      "effects",
      "add",
      id,
      "--effect-infos",
      JSON.stringify([{ effectTitle: "模糊", start: 0, end: 2_000_000 }]),
    ]);
    addOutput("effectIds").parse(fx.json);
    assertEquals((fx.json as Json).effectIds.length, 1);

    const anims = await run(["query", "text-animations", "--type", "in", "--keyword", "渐显"]);
    assert((anims.json as Json).items.some((e: Json) => e.name === "渐显"));
    await run(["query", "image-animations"]);
    await run(["draft", "info", id, "--pretty"]);
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});
