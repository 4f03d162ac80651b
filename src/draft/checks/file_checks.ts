/** Checks of the draft's files: meta in sync, timeline copies equal, media present. */
import { join, normalize, resolve } from "../../path.ts";
import type { DraftDocument } from "../document.ts";
import { type Context, listOf, PLACEHOLDER } from "./check_context.ts";
import { jsonEqual } from "../structure.ts";

/** See the module doc. */
export function checkMeta(c: Context, hasMeta: boolean): void {
  const { doc, out } = c;
  if (!hasMeta) {
    out.add(
      "missing_meta",
      "draft_meta_info.json is missing: some editors do not list the draft",
      "draft_meta_info.json",
    );
    return;
  }
  const m = doc.meta;
  if ("tm_duration" in m && Number(m.tm_duration) !== Number(doc.content.duration)) {
    out.add(
      "meta_out_of_sync",
      `tm_duration is ${m.tm_duration} µs but the timeline's duration is ${doc.content.duration} µs`,
      "draft_meta_info.json#tm_duration",
    );
  }
  const fold = m.draft_fold_path;
  if (typeof fold === "string" && fold !== "" && !samePath(fold, doc.dir)) {
    out.add(
      "meta_out_of_sync",
      `draft_fold_path is ${fold} but the draft is in ${doc.dir} (moved from another place?)`,
      "draft_meta_info.json#draft_fold_path",
    );
  }
}

function samePath(a: string, b: string): boolean {
  const n = (p: string) => p.replaceAll("\\", "/").replace(/\/+$/, "");
  return n(a) === n(b);
}

/** See the module doc. */
export async function checkTimelineCopies(c: Context): Promise<void> {
  const { doc, out } = c;
  const names = ["draft_content.json", "draft_info.json", "template-2.tmp"];
  const files: string[] = [...names];
  const projectText = await c.files.readText(join(doc.dir, "Timelines", "project.json"));
  if (projectText !== undefined) {
    try {
      const main = JSON.parse(projectText).main_timeline_id;
      if (typeof main === "string" && /^[\w-]+$/.test(main)) {
        files.push(...names.map((n) => `Timelines/${main}/${n}`));
      }
    } catch { /* not ours to judge */ }
  }
  for (const rel of files) {
    const text = await c.files.readText(join(doc.dir, rel));
    if (text === undefined) continue;
    c.stats.timelineCopies++;
    const isTemplate = rel.endsWith("template-2.tmp");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined && jsonEqual(parsed, doc.content)) continue;
    const why = parsed === undefined
      ? "is not plain JSON"
      : "differs from the timeline draftcli reads";
    out.add(
      isTemplate ? "template_copy_differs" : "timeline_copies_differ",
      `${rel} ${why}${
        isTemplate
          ? " (the editor rewrites it on save)"
          : "; editors on other systems read a different timeline"
      }`,
      rel,
    );
  }
}

/** Where a material path points: inside the draft folder, elsewhere on disk, or nowhere. */
function mediaLocation(doc: DraftDocument, path: string): { file: string; inside: boolean } {
  const m = PLACEHOLDER.exec(path);
  if (m) return { file: join(doc.dir, path.slice(m[0].length)), inside: true };
  const windows = /^[A-Za-z]:[\\/]/.test(path);
  if (!windows && !path.startsWith("/") && !path.startsWith("\\")) {
    return { file: resolve(doc.dir, path), inside: true }; // relative: inside the draft
  }
  // A Windows path cannot be on this machine unless this is Windows (and vice versa).
  if (windows !== (Deno.build.os === "windows")) return { file: path, inside: false };
  const file = normalize(path);
  const dir = normalize(doc.dir);
  const inside = file.startsWith(dir + "/") || file.startsWith(dir + "\\");
  return { file, inside };
}

/** See the module doc. */
export async function checkMedia(c: Context): Promise<void> {
  const { doc, out } = c;
  for (const list of ["videos", "audios"]) {
    const items = listOf(doc, list);
    for (let i = 0; i < items.length; i++) {
      const m = items[i];
      const path = m.path;
      if (typeof path !== "string" || path === "") continue;
      c.stats.mediaFiles++;
      const loc = mediaLocation(doc, path);
      if (await c.files.isFile(loc.file)) {
        if (c.importedExternal.has(path)) {
          out.add(
            "imported_external_media",
            `${list} material ${m.id}: ${path} lies outside the draft, named by the zip it was imported from; draftcli does not read or pack it`,
            `materials.${list}[${i}].path`,
          );
        }
        continue;
      }
      if (loc.inside) {
        out.add(
          "missing_draft_file",
          `${list} material ${m.id}: ${path} is missing from the draft folder`,
          `materials.${list}[${i}].path`,
        );
      } else {
        out.add(
          "missing_media",
          `${list} material ${m.id}: ${path} is not on this machine (draft made elsewhere?); the editor asks to relink it`,
          `materials.${list}[${i}].path`,
        );
      }
    }
  }
}
