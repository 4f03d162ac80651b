import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { profileForAppVersion } from "../editions/profiles.ts";
import { DraftDocument } from "./document.ts";
import { dropUnusedPoolEntries, filesOf, mediaUses, remainingReferences } from "./template_fill.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const nested = (id: string, path: string, inner: Json[] = []): Json => ({
  id,
  type: "combination",
  draft: {
    materials: { videos: [{ id: `${id}-v`, path, material_name: "x" }], drafts: inner },
    tracks: [],
  },
});

function doc(): DraftDocument {
  return new DraftDocument({
    dir: "/d",
    draftId: "d",
    edition: "capcut",
    profile: profileForAppVersion("capcut", "6.9.0"),
    content: {
      materials: {
        videos: [
          { id: "a", path: "C:\\media\\clip.mp4", material_name: "clip.mp4" },
          { id: "b", path: "C:/media/other.mp4", material_name: "other.mp4" },
        ],
        audios: [{ id: "c", path: "c:/media/clip.mp4", name: "extracted" }],
        drafts: [nested("n1", "c:/media/clip.mp4", [nested("n2", "C:\\media\\clip.mp4")])],
      },
      tracks: [],
    },
    meta: {
      draft_materials: [{
        type: 0,
        value: [
          { id: "p1", file_Path: "C:/media/clip.mp4" },
          { id: "p2", file_Path: "C:/media/other.mp4" },
        ],
      }, {
        type: 6,
        value: [{ id: "p3", file_Path: "./f.heic", extra_info: '{"src":"C:/media/clip.mp4"}' }],
      }],
    },
  });
}

Deno.test("mediaUses: every material playing the named file, at any nesting level, however spelt", () => {
  const d = doc();
  assertEquals(mediaUses(d, "clip.mp4").map((s) => s.material.id), ["a", "c", "n1-v", "n2-v"]);
  assertEquals(mediaUses(d, "b").map((s) => s.material.id), ["b"]);
});

Deno.test("dropUnusedPoolEntries and remainingReferences: the pool entries of a file nobody plays", () => {
  const d = doc();
  const old = filesOf(mediaUses(d, "clip.mp4"));
  assertEquals(remainingReferences(d, old).length, 6);
  for (const s of mediaUses(d, "clip.mp4")) s.material.path = "/new/clip.mp4";
  assertEquals(dropUnusedPoolEntries(d, old).map((e) => e.id), ["p1", "p3"]);
  assertEquals(remainingReferences(d, old), []);
  assertEquals(d.meta.draft_materials?.[0].value?.map((v) => v.id), ["p2"]);
});
