/**
 * `deno task demo`: builds a sample draft from the bundled demo media (three slides with
 * entrance animations, transitions and a keyframed zoom, background music with a fade-out,
 * keyword-highlighted captions), checks it with `draft validate` and
 * prints where it is. Uses the same command code as the CLI. Honours --drafts-dir,
 * DRAFTCLI_DRAFTS_DIR and the config like every command.
 */
import { fileURLToPath as fromFileUrl } from "node:url";
import { runApp } from "../src/cli/app.ts";

const media = (name: string) => new URL(`../test/fixtures/demo/${name}`, import.meta.url).href;
const globalArgs = Deno.args;

async function call(args: string[]): Promise<Record<string, unknown>> {
  let out = "";
  const code = await runApp([...args, ...globalArgs], {
    stdout: (t) => (out += t),
    stderr: (t) => Deno.stderr.writeSync(new TextEncoder().encode(t)),
    readStdin: () => Promise.resolve(""),
    env: Deno.env.toObject(),
  });
  if (code !== 0) Deno.exit(code);
  return JSON.parse(out);
}

const created = await call([
  "draft",
  "create",
  "--name",
  "draftcli demo",
  "--width",
  "1080",
  "--height",
  "1920",
]);
const id = String(created.draftId);
const slide = 2_000_000;
const images = await call([
  "images",
  "add",
  id,
  "--image-infos",
  JSON.stringify([1, 2, 3].map((n, i) => ({
    imageUrl: media(`slide${n}.jpg`),
    start: i * slide,
    end: (i + 1) * slide,
    inAnimation: i === 0 ? "渐显" : "轻微放大",
    transition: i < 2 ? "叠化" : undefined,
    transitionDuration: 400_000,
  }))),
]);
await call([
  "audios",
  "add",
  id,
  "--audio-infos",
  JSON.stringify([{
    audioUrl: media("bgm.mp3"),
    start: 0,
    end: 6_000_000,
    volume: 0.6,
    fadeOutDuration: 1_000_000,
  }]),
]);
await call([
  "captions",
  "add",
  id,
  "--captions",
  JSON.stringify([
    {
      text: "draftcli builds real drafts",
      start: 0,
      end: 2_000_000,
      keyword: "real drafts",
      keywordColor: "#ffde00",
    },
    {
      text: "每一项都可以编辑",
      start: 2_000_000,
      end: 4_000_000,
      keyword: "编辑",
      keywordColor: "#4fc3f7",
      inAnimation: "渐显",
    },
    {
      text: "Open it in JianYing or CapCut",
      start: 4_000_000,
      end: 6_000_000,
      highlights: [{ keyword: "JianYing", color: "#ff5252", bold: true }, {
        keyword: "CapCut",
        color: "#69f0ae",
        bold: true,
      }],
    },
  ]),
  "--font-size",
  "10",
  "--bold",
  "--border-color",
  "#000000",
]);
// A slow zoom on the first slide (keyframes are µs from the segment's own start).
const first = (images.items as { segmentId: string }[])[0].segmentId;
await call([
  "keyframes",
  "add",
  id,
  "--keyframes",
  JSON.stringify([
    { segmentId: first, property: "uniform_scale", offset: 0, value: 1 },
    { segmentId: first, property: "uniform_scale", offset: slide, value: 1.2 },
  ]),
]);
const info = await call(["draft", "info", id]);
const report = await call(["draft", "validate", id]);
console.log(
  JSON.stringify(
    {
      draftId: id,
      filePath: created.filePath,
      demoMedia: fromFileUrl(media("")),
      valid: report.ok,
      info,
    },
    null,
    2,
  ),
);
