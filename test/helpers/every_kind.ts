/**
 * Builds, through the CLI, a draft with every item kind draftcli writes (photos with animations,
 * a video clip with a mask and a transition, an animated GIF, audio with fades and an audio
 * effect, captions with a highlighted keyword and animations, a video effect, a filter, a
 * sticker, automatic transitions and keyframes) for one editor profile. Shared by the clean-draft
 * proof test and scripts/key_diff.ts.
 */
import { fileUrl, fixture, runCli } from "./cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** Every profile: edition and an `--editor-version` inside its range. */
export const EVERY_PROFILE: readonly { edition: "jianying" | "capcut"; version: string }[] = [
  { edition: "jianying", version: "5.9" },
  { edition: "jianying", version: "8.7" },
  { edition: "jianying", version: "10.8" },
  { edition: "capcut", version: "4" },
  { edition: "capcut", version: "6.5" },
  { edition: "capcut", version: "8.1" },
  { edition: "capcut", version: "9.1" },
  { edition: "capcut", version: "10" },
];

/** What the caller gave: every text a built draft may carry besides ids and derived values. */
export const CALLER_TEXTS = ["Hello 世界 😀", "世界", "Every Kind"];

/** A built draft: id, folder, and the parsed timeline and meta. */
export interface EveryKindDraft {
  draftId: string;
  dir: string;
  content: Json;
  meta: Json;
}

async function ok(
  args: string[],
  env: Record<string, string>,
  run: typeof runCli,
): Promise<Json> {
  const r = await run(args, { env });
  if (r.code !== 0) throw new Error(`${args.slice(0, 2).join(" ")} failed: ${r.stderr}`);
  return r.json as Json;
}

/**
 * Builds the draft for `edition`/`version` in the world of `env`; extra args go to every add.
 * Commands run as child processes, or through `run` (e.g. runInProcess).
 */
export async function buildEveryKind(
  env: Record<string, string>,
  edition: "jianying" | "capcut",
  version: string,
  addArgs: string[] = [],
  run: typeof runCli = runCli,
): Promise<EveryKindDraft> {
  const created = await ok(
    [
      "draft",
      "create",
      "--editor",
      edition,
      "--editor-version",
      version,
      "--name",
      "Every Kind",
    ],
    env,
    run,
  );
  const draftId = created.draftId as string;
  const names = edition === "capcut"
    ? { audioEffect: "Big House", loop: "Wave", effect: "Blur", filter: "BW 2" }
    : { audioEffect: "回音", loop: "上弧", effect: "模糊", filter: "1980" };
  const img = await ok(
    [
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000, inAnimation: "fade" },
        {
          imageUrl: fileUrl(fixture("image.jpg")),
          start: 2_000_000,
          end: 4_000_000,
          outAnimation: "fade",
        },
        { imageUrl: fileUrl(fixture("anim.gif")), start: 4_000_000, end: 4_800_000 },
      ]),
      ...addArgs,
    ],
    env,
    run,
  );
  await ok(
    [
      "videos",
      "add",
      draftId,
      "--video-infos",
      JSON.stringify([{
        videoUrl: fileUrl(fixture("video.mp4")),
        start: 4_800_000,
        end: 5_800_000,
        mask: "circle",
        transition: "fade",
      }]),
      ...addArgs,
    ],
    env,
    run,
  );
  const aud = await ok(
    [
      "audios",
      "add",
      draftId,
      "--audio-infos",
      JSON.stringify([{
        audioUrl: fileUrl(fixture("audio.mp3")),
        start: 0,
        end: 1_000_000,
        fadeInDuration: 200_000,
        fadeOutDuration: 200_000,
        audioEffect: names.audioEffect,
      }]),
      ...addArgs,
    ],
    env,
    run,
  );
  const cap = await ok(
    [
      "captions",
      "add",
      draftId,
      "--captions",
      JSON.stringify([{
        text: CALLER_TEXTS[0],
        start: 0,
        end: 2_000_000,
        highlights: [{ keyword: CALLER_TEXTS[1], color: "#ffde00", bold: true }],
        inAnimation: "fade",
        outAnimation: "fade",
        loopAnimation: names.loop,
      }]),
      "--border-color",
      "#000000",
      "--shadow",
    ],
    env,
    run,
  );
  await ok(
    [
      "effects",
      "add",
      draftId,
      "--effect-infos",
      JSON.stringify([{ effectTitle: names.effect, start: 0, end: 1_000_000 }]),
    ],
    env,
    run,
  );
  await ok(
    [
      "filters",
      "add",
      draftId,
      "--filter-infos",
      JSON.stringify([{ filterTitle: names.filter, start: 0, end: 1_000_000, intensity: 80 }]),
    ],
    env,
    run,
  );
  await ok(["transitions", "add", draftId, "--auto", "fade"], env, run);
  await ok(
    [
      "keyframes",
      "add",
      draftId,
      "--keyframes",
      JSON.stringify([
        { segmentId: img.items[0].segmentId, property: "position_x", offset: 0, value: -0.5 },
        { segmentId: img.items[0].segmentId, property: "opacity", offset: 1_000_000, value: 0.5 },
        { segmentId: img.items[1].segmentId, property: "scale_x", offset: 0, value: 1.5 },
        { segmentId: aud.items[0].segmentId, property: "volume", offset: 0, value: 0.2 },
        { segmentId: cap.items[0].segmentId, property: "position_y", offset: 0, value: -0.5 },
      ]),
    ],
    env,
    run,
  );
  const dir = created.filePath as string;
  return {
    draftId,
    dir,
    content: JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`)),
    meta: JSON.parse(await Deno.readTextFile(`${dir}/draft_meta_info.json`)),
  };
}

/** One object per kind (segment kinds by track type, material kinds by list and type). */
export function objectsByKind(content: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const t of (content.tracks ?? []) as Json[]) {
    out[`track_${t.type}`] ??= t;
    for (const s of (t.segments ?? []) as Json[]) out[`segment_${t.type}`] ??= s;
  }
  for (const [list, items] of Object.entries((content.materials ?? {}) as Record<string, Json[]>)) {
    if (!Array.isArray(items)) continue;
    for (const m of items) {
      const kind = list === "videos" ? `videos_${m.type}` : list;
      out[kind] ??= m;
    }
  }
  const top: Json = {};
  for (const [k, v] of Object.entries(content)) {
    if (k !== "tracks" && k !== "materials") top[k] = v;
  }
  out.draft_content = top;
  return out;
}
