/**
 * A small, independent consistency checker for draft folders, used by the reliability tests
 * (concurrency, crash safety, hostile input). It reads the files as they are on disk and lists
 * every problem it finds; an empty list means the draft is consistent.
 */

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** What the checker found, plus a few counts for the callers' own assertions. */
export interface DraftCheck {
  problems: string[];
  /** Parsed draft_content.json (undefined when unreadable). */
  content?: Json;
  /** Parsed draft_meta_info.json (undefined when unreadable). */
  meta?: Json;
  /** Segments per track type. */
  segments: Record<string, number>;
  /** Leftover files of draftcli's own machinery (temps, journal, lock, staging folders). */
  leftovers: string[];
}

const TIMELINE_NAMES = ["draft_content.json", "draft_info.json", "template-2.tmp"];

async function readText(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}

async function walk(dir: string, rel = "", out: string[] = []): Promise<string[]> {
  for await (const e of Deno.readDir(dir)) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    out.push(e.isDirectory ? `${r}/` : r);
    if (e.isDirectory) await walk(`${dir}/${e.name}`, r, out);
  }
  return out;
}

/**
 * Checks a draft folder: every timeline copy identical, meta duration = timeline duration =
 * latest segment end, every material reference resolves, ids unique, no overlaps on a track,
 * every local media path registered in the meta pool, no leftovers (unless `allowLock`).
 */
export async function checkDraft(
  dir: string,
  opts: { allowLock?: boolean } = {},
): Promise<DraftCheck> {
  const problems: string[] = [];
  const segments: Record<string, number> = {};
  const leftovers: string[] = [];

  const texts = new Map<string, string>();
  for (const n of TIMELINE_NAMES) {
    const t = await readText(`${dir}/${n}`);
    if (t !== undefined) texts.set(n, t);
  }
  if (!texts.has("draft_content.json")) problems.push("draft_content.json missing");
  const first = texts.get("draft_content.json") ?? [...texts.values()][0];
  for (const [n, t] of texts) {
    if (t !== first) problems.push(`${n} differs from the other timeline copies`);
  }
  let content: Json | undefined;
  try {
    content = first === undefined ? undefined : JSON.parse(first);
  } catch (err) {
    problems.push(`timeline is not JSON: ${err}`);
  }
  let meta: Json | undefined;
  try {
    meta = JSON.parse((await readText(`${dir}/draft_meta_info.json`)) ?? "null") ?? undefined;
    if (!meta) problems.push("draft_meta_info.json missing");
  } catch (err) {
    problems.push(`draft_meta_info.json is not JSON: ${err}`);
  }

  if (content) {
    const materialIds = new Map<string, string>();
    for (const [list, items] of Object.entries(content.materials ?? {})) {
      if (!Array.isArray(items)) continue;
      for (const m of items as Json[]) {
        if (typeof m?.id !== "string") continue;
        if (materialIds.has(m.id)) problems.push(`material id ${m.id} appears twice`);
        materialIds.set(m.id, list);
      }
    }
    const segmentIds = new Set<string>();
    const trackIds = new Set<string>();
    let end = 0;
    for (const track of (content.tracks ?? []) as Json[]) {
      if (trackIds.has(track.id)) problems.push(`track id ${track.id} appears twice`);
      trackIds.add(track.id);
      const segs = (track.segments ?? []) as Json[];
      segments[track.type] = (segments[track.type] ?? 0) + segs.length;
      const ranges = segs.map((s) => s.target_timerange as { start: number; duration: number })
        .sort((a, b) => a.start - b.start);
      for (let i = 1; i < ranges.length; i++) {
        if (ranges[i].start < ranges[i - 1].start + ranges[i - 1].duration) {
          problems.push(`track ${track.id}: segments overlap at ${ranges[i].start}`);
        }
      }
      for (const s of segs) {
        if (segmentIds.has(s.id)) problems.push(`segment id ${s.id} appears twice`);
        segmentIds.add(s.id);
        if (!materialIds.has(s.material_id)) {
          problems.push(`segment ${s.id}: material ${s.material_id} not found`);
        }
        for (const ref of s.extra_material_refs ?? []) {
          if (!materialIds.has(ref)) problems.push(`segment ${s.id}: extra ref ${ref} not found`);
        }
        const r = s.target_timerange;
        if (!Number.isSafeInteger(r?.start) || !Number.isSafeInteger(r?.duration)) {
          problems.push(`segment ${s.id}: bad target_timerange ${JSON.stringify(r)}`);
        } else end = Math.max(end, r.start + r.duration);
      }
    }
    if (content.duration !== end) {
      problems.push(`timeline duration ${content.duration} ≠ latest segment end ${end}`);
    }
    if (meta && meta.tm_duration !== content.duration) {
      problems.push(`meta tm_duration ${meta.tm_duration} ≠ timeline duration ${content.duration}`);
    }
    if (meta) {
      const pool = new Set<string>();
      for (const g of (meta.draft_materials ?? []) as Json[]) {
        for (const v of (g.value ?? []) as Json[]) {
          pool.add(v.file_Path);
          // in-draft media (resources/…) are registered by absolute path, which a copied folder
          // keeps from its original place; the timeline names them relative to the draft
          const inDraft = /[\\/](resources[\\/].+)$/.exec(String(v.file_Path ?? ""));
          if (inDraft) pool.add(inDraft[1].replaceAll("\\", "/"));
        }
      }
      const media = [...(content.materials?.videos ?? []), ...(content.materials?.audios ?? [])];
      for (const m of media as Json[]) {
        // in-draft media: the timeline uses the draft-folder form, the pool the absolute path
        const path = typeof m.path === "string"
          ? m.path.replace(/^##_draftpath_placeholder_[0-9A-F-]+_##[\\/]/, "")
          : m.path;
        if (path && !pool.has(path)) problems.push(`${m.path} not in the meta media pool`);
      }
    }
  }

  for (const p of await walk(dir)) {
    const name = p.replace(/\/$/, "").split("/").pop()!;
    if (
      name.endsWith(".draftcli-tmp") || p === ".draftcli/journal.json" ||
      (p === ".draftcli/lock" && !opts.allowLock) || p === ".draftcli/lock.break" ||
      /^\.draftcli\/staging\/[^/]+\/$/.test(p) || name.endsWith(".part")
    ) {
      leftovers.push(p);
    }
  }
  return { problems, content, meta, segments, leftovers };
}
