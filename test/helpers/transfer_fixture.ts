/**
 * A small but real draft folder for transfer tests, written file by file: a timeline with one
 * photo outside the draft, one audio inside `resources/`, one media path that does not exist,
 * a CapCut-style Timelines/ copy, draftcli state and the junk a zip must leave out.
 */
import { join } from "node:path";

/** Paths and ids of a fixture draft. */
export interface FixtureDraft {
  root: string;
  draftId: string;
  dir: string;
  photo: string;
  photoBytes: Uint8Array<ArrayBuffer>;
  audio: string;
  audioBytes: Uint8Array<ArrayBuffer>;
  missingPath: string;
}

/** Random bytes (the content of fake media files). */
export function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, i + 65536));
  return out;
}

/** Builds the fixture draft under `base` (drafts root `base/drafts`, media in `base/media`). */
export async function makeFixtureDraft(base: string): Promise<FixtureDraft> {
  const root = join(base, "drafts");
  const draftId = "0A1B2C3D-1111-4222-8333-444455556666";
  const dir = join(root, draftId);
  await Deno.mkdir(join(dir, "resources"), { recursive: true });
  await Deno.mkdir(join(dir, ".draftcli"), { recursive: true });
  await Deno.mkdir(join(dir, "Timelines", "T1"), { recursive: true });
  await Deno.mkdir(join(base, "media"), { recursive: true });
  const photo = join(base, "media", "Holiday Photo.PNG");
  const photoBytes = randomBytes(200_000);
  await Deno.writeFile(photo, photoBytes);
  const audio = join(dir, "resources", "voice.mp3");
  const audioBytes = randomBytes(50_000);
  await Deno.writeFile(audio, audioBytes);
  const missingPath = join(base, "media", "gone.mp4");
  const content = {
    id: "C0FFEE00-0000-4000-8000-000000000001",
    duration: 5_000_000,
    fps: 30,
    canvas_config: { width: 1080, height: 1920, ratio: "original" },
    platform: { app_source: "cc", app_version: "8.1.1", os: "windows" },
    materials: {
      videos: [
        { id: "V1", type: "photo", path: photo, local_material_id: "p1", material_name: "x" },
        { id: "V2", type: "video", path: missingPath, local_material_id: "", material_name: "g" },
      ],
      audios: [{ id: "A1", type: "extract_music", path: audio, local_material_id: "a1" }],
      texts: [{ id: "T1", content: "{}" }],
      stickers: [{ id: "S1", path: "" }],
    },
    tracks: [],
  };
  const meta = {
    draft_id: draftId,
    draft_name: "Fixture draft",
    draft_fold_path: dir,
    draft_root_path: root,
    tm_draft_create: 1,
    tm_draft_modified: 2,
    draft_materials: [
      {
        type: 0,
        value: [
          { id: "p1", file_Path: photo, metetype: "photo" },
          { id: "a1", file_Path: audio, metetype: "music" },
        ],
      },
      { type: 1, value: [] },
    ],
  };
  const text = JSON.stringify(content);
  await Deno.writeTextFile(join(dir, "draft_content.json"), text);
  await Deno.writeTextFile(join(dir, "draft_info.json"), text);
  await Deno.writeTextFile(join(dir, "template-2.tmp"), text);
  await Deno.writeTextFile(join(dir, "Timelines", "T1", "draft_info.json"), text);
  await Deno.writeTextFile(
    join(dir, "Timelines", "project.json"),
    JSON.stringify({ main_timeline_id: "T1" }),
  );
  await Deno.writeTextFile(join(dir, "draft_meta_info.json"), JSON.stringify(meta));
  await Deno.writeTextFile(
    join(dir, "draft_settings"),
    "[General]\ndraft_create_time=1\ndraft_last_edit_time=2\n",
  );
  await Deno.writeTextFile(
    join(dir, ".draftcli", "state.json"),
    JSON.stringify({ edition: "capcut", profile: "capcut-9", createdBy: "draftcli" }),
  );
  await Deno.writeTextFile(join(dir, ".draftcli", "lock"), "{}");
  await Deno.writeTextFile(join(dir, "draft_content.json.1234.draftcli-tmp"), "partial");
  await Deno.writeTextFile(join(dir, "draft_content.json.bak"), "old");
  return { root, draftId, dir, photo, photoBytes, audio, audioBytes, missingPath };
}

/** Every file under `dir` with its bytes (to prove a folder was left untouched). */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string, prefix: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = join(d, e.name);
      const rel = prefix + e.name;
      if (e.isDirectory) await walk(p, rel + "/");
      else {
        const bytes = await Deno.readFile(p);
        const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        const st = await Deno.stat(p);
        out.set(rel, `${Array.from(hash).join(",")}:${st.mtime?.getTime()}`);
      }
    }
  };
  await walk(dir, "");
  return out;
}
