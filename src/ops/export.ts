/**
 * `draft export`: the `build` spec of any plaintext draft. `exportSpec` is a pure function of the
 * loaded document; every segment becomes an item whose `ref` is its segment id, and what the spec
 * cannot express is listed under `unsupported` (kind, count, ids), never dropped silently.
 */
import { join } from "../path.ts";
import { pathToFileURL } from "node:url";
import type { CommandContext } from "./context.ts";
import type { DraftDocument, Segment, Track } from "../draft/document.ts";
import type { Json } from "../editions/profiles.ts";
import { readDraft } from "../store/load.ts";
import { readKeyframes } from "../draft/keyframes.ts";
import { maskForDisplay } from "../draft/masks.ts";
import { fromPlaceholder, isAbsoluteAnyOs } from "../transfer/paths.ts";
import { EASINGS, KEYFRAME_PROPERTIES } from "../draft/keyframes.ts";
import { exportTextTrack, textRuns } from "./export_text.ts";
import { type CatalogKind, findByResourceId } from "../catalogs/catalog.ts";
import type { Edition } from "../editions/profiles.ts";

/**
 * Something of the draft the spec cannot carry. `scope` "item": these segments are not in the
 * spec at all; "part": they are, without this aspect (e.g. a non-default shadow rebuilt as the
 * default one, a keyframe on a property `keyframes add` cannot set).
 */
export interface Unsupported {
  kind: string;
  scope: "item" | "part";
  count: number;
  ids: string[];
}

/** Records an unsupported aspect of a segment (or keyframe) by id. */
type Skip = (kind: string, id: string, scope?: "item" | "part") => void;

/**
 * A value the editor accepted that `build` would refuse, exported in a form build takes:
 * `path` is the spec field (e.g. `audios[2].fadeOutDuration`), `from` the draft's value, `to`
 * the exported one (`null`: left out, build uses its default).
 */
export interface Adjusted {
  path: string;
  from: unknown;
  to: unknown;
  why: string;
}

/** An exported draft: the spec, what it leaves out and what it had to change. */
export interface ExportedSpec {
  spec: Record<string, unknown>;
  unsupported: Unsupported[];
  adjusted: Adjusted[];
}

type Item = Record<string, unknown>;

/** Adjustments of an item, by field; turned into spec paths once the item has its place. */
const adjustments = new WeakMap<Item, (Omit<Adjusted, "path"> & { field: string })[]>();

/** Records that `field` of `item` was changed from `from` to `to` (undefined: left out). */
function adjust(item: Item, field: string, from: unknown, to: unknown, why: string): void {
  const list = adjustments.get(item) ?? [];
  list.push({ field, from, to: to ?? null, why });
  adjustments.set(item, list);
  if (to === undefined) delete item[field];
  else item[field] = to;
}

/** The adjustments recorded on the items of a spec, with their paths. */
function adjustedOf(spec: Record<string, unknown>): Adjusted[] {
  const out: Adjusted[] = [];
  const walk = (list: unknown, prefix: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      for (const a of adjustments.get(item) ?? []) {
        out.push({ path: `${prefix}[${i}].${a.field}`, from: a.from, to: a.to, why: a.why });
      }
    });
  };
  for (const [k, v] of Object.entries(spec)) {
    if (k === "captionTracks" && Array.isArray(v)) {
      v.forEach((t, i) => walk((t as Item).captions, `captionTracks[${i}].captions`));
    } else walk(v, k);
  }
  return out;
}

/**
 * Animation durations build refuses (not a positive whole number of µs) are left out, so build
 * uses the catalog's length; the change is recorded.
 */
function fixAnimationDurations(item: Item): Item {
  for (const key of ["in", "out", "loop"]) {
    const field = `${key}AnimationDuration`;
    const d = item[field];
    if (d === undefined) continue;
    if (typeof d !== "number" || !Number.isInteger(d) || d <= 0) {
      adjust(item, field, d, undefined, "not a positive µs length; build uses the catalog's");
    }
  }
  return item;
}

/** Fades that together outlast their item are shortened to fit it (fade-in first). */
function fixFades(item: Item): Item {
  const length = Number(item.end) - Number(item.start);
  const fadeIn = Number(item.fadeInDuration ?? 0);
  const fadeOut = Number(item.fadeOutDuration ?? 0);
  if (fadeIn + fadeOut <= length) return item;
  const why = "fades longer than the item; shortened to fit it";
  const newIn = Math.min(fadeIn, length);
  if (newIn !== fadeIn) adjust(item, "fadeInDuration", fadeIn, newIn || undefined, why);
  const newOut = Math.min(fadeOut, length - newIn);
  if (newOut !== fadeOut) adjust(item, "fadeOutDuration", fadeOut, newOut || undefined, why);
  return item;
}

const round = (n: number, d = 6) => Math.round(n * 10 ** d) / 10 ** d;

/** The clip fields of a segment that differ from the defaults. */
function clipOf(segment: Segment): Item {
  const clip = segment.clip as Json | null | undefined;
  if (!clip) return {};
  const out: Item = {};
  const t = (clip.transform ?? {}) as Json;
  const s = (clip.scale ?? {}) as Json;
  if (Number(t.x)) out.transformX = round(Number(t.x));
  if (Number(t.y)) out.transformY = round(Number(t.y));
  if (s.x !== undefined && Number(s.x) !== 1) out.scaleX = round(Number(s.x));
  if (s.y !== undefined && Number(s.y) !== 1) out.scaleY = round(Number(s.y));
  if (Number(clip.rotation)) out.rotation = round(Number(clip.rotation));
  if (clip.alpha !== undefined && Number(clip.alpha) !== 1) out.alpha = round(Number(clip.alpha));
  return out;
}

/** The media URL of a material path (draft-folder placeholders resolve to the folder). */
function urlOf(doc: DraftDocument, path: string): string {
  const rel = fromPlaceholder(path);
  const abs = rel !== undefined ? join(doc.dir, rel) : path;
  if (/^https?:\/\//i.test(abs)) return abs;
  if (/^[A-Za-z]:[\\/]/.test(abs)) {
    // A Windows path read on any OS: file:///C:/… (pathToFileURL would resolve it locally).
    return `file:///${abs.replaceAll("\\", "/").split("/").map(encodeURIComponent).join("/")}`
      .replace(/^file:\/\/\/([A-Za-z])%3A/, "file:///$1:");
  }
  return isAbsoluteAnyOs(abs) ? pathToFileURL(abs).href : pathToFileURL(join(doc.dir, abs)).href;
}

/** The materials a segment references (its own and its extra refs), by list. */
function refsOf(doc: DraftDocument, segment: Segment): { list: string; material: Json }[] {
  const out: { list: string; material: Json }[] = [];
  for (const id of (segment.extra_material_refs ?? []) as string[]) {
    const found = doc.findMaterial(id);
    if (found) out.push(found);
  }
  return out;
}

/**
 * The catalog name of a material (looked up by its resource id, so a draft saved in another UI
 * language exports names `build` resolves), else the name the draft stores.
 */
export function catalogName(edition: Edition, kind: CatalogKind, material: Json): string {
  for (const id of [material.resource_id, material.effect_id, material.id]) {
    if (typeof id !== "string" || !id) continue;
    const hit = findByResourceId(edition, kind, id);
    if (hit) return hit.name;
  }
  return String(material.name);
}

/** Animation fields from a segment's material_animations. */
function animationsOf(
  edition: Edition,
  refs: { list: string; material: Json }[],
  target: "visual" | "text" = "visual",
): Item {
  const out: Item = {};
  for (const r of refs) {
    if (r.list !== "material_animations") continue;
    for (const a of (r.material.animations ?? []) as Json[]) {
      const key = a.type === "in" ? "in" : a.type === "out" ? "out" : "loop";
      const kind = (target === "text"
        ? { in: "text_intro", out: "text_outro", loop: "text_loop" }
        : { in: "video_intro", out: "video_outro", loop: "video_group" })[key] as CatalogKind;
      out[`${key}Animation`] = catalogName(edition, kind, a);
      out[`${key}AnimationDuration`] = Number(a.duration);
    }
  }
  return out;
}

/**
 * Whether `build` would lay these segments out on the same tracks: it puts each item, in start
 * order, on the first track of its kind where it overlaps nothing.
 */
function packsTheSame(tracks: Track[]): boolean {
  const source = tracks.map((t) => t.segments).filter((l) => l.length);
  const all = source.flat().sort((a, b) => a.target_timerange.start - b.target_timerange.start);
  const packed: Segment[][] = [];
  const end = (s: Segment) => s.target_timerange.start + s.target_timerange.duration;
  for (const seg of all) {
    const fits = packed.find((l) =>
      l.every((o) => end(o) <= seg.target_timerange.start || end(seg) <= o.target_timerange.start)
    );
    if (fits) fits.push(seg);
    else packed.push([seg]);
  }
  const ids = (l: Segment[][]) =>
    JSON.stringify(
      l.map((t) =>
        [...t].sort((a, b) => a.target_timerange.start - b.target_timerange.start).map((s) => s.id)
      ),
    );
  return ids(packed) === ids(source);
}

/** The audio effect of a segment (the spec takes one; more are listed as unsupported). */
function audioEffectOf(
  edition: Edition,
  refs: { list: string; material: Json }[],
  id: string,
  skip: Skip,
): Item {
  const effects = refs.filter((r) => r.list === "audio_effects");
  if (effects.length > 1) skip("audio segment with several audio effects", id, "part");
  return effects.length
    ? { audioEffect: catalogName(edition, "audio_effects", effects[0].material) }
    : {};
}

/** Video/photo segment settings the spec has no field for (flip, crop, reverse, speed curve…). */
function unexpressedVisual(
  segment: Segment,
  material: Json,
  refs: { list: string; material: Json }[],
  skip: Skip,
) {
  const flip = ((segment.clip as Json | null)?.flip ?? {}) as Json;
  if (flip.horizontal === true || flip.vertical === true) {
    skip("flipped video or image", segment.id, "part");
  }
  if (segment.reverse === true) skip("reversed video", segment.id, "part");
  const crop = (material.crop ?? {}) as Json;
  const corners = [crop.upper_left_x, crop.upper_left_y, crop.lower_right_x, crop.lower_right_y];
  if (corners.some((v, i) => v !== undefined && Number(v) !== [0, 0, 1, 1][i])) {
    skip("cropped video or image", segment.id, "part");
  }
  for (const r of refs) {
    if (r.list === "speeds" && r.material.curve_speed) skip("speed curve", segment.id, "part");
    if (
      r.list === "canvases" &&
      (r.material.type !== "canvas_color" || r.material.color || Number(r.material.blur ?? 0))
    ) {
      skip("background canvas (colour, blur or image)", segment.id, "part");
    }
    if (r.list === "mix_modes") skip("blend mode", segment.id, "part");
    if (r.list === "chromas") skip("chroma key", segment.id, "part");
  }
}

/** The `build` spec of a draft (pure: reads only the document). */
export function exportSpec(doc: DraftDocument): ExportedSpec {
  const spec: Record<string, Item[] | Item> = {};
  const push = (key: string, item: Item) => ((spec[key] ??= []) as Item[]).push(item);
  const unsupported = new Map<string, Unsupported>();
  const skip: Skip = (kind, id, scope = "item") => {
    const key = `${scope}:${kind}`;
    const u = unsupported.get(key) ?? { kind, scope, count: 0, ids: [] };
    if (!u.ids.includes(id)) u.ids.push(id);
    u.count = u.ids.length;
    unsupported.set(key, u);
  };
  spec.draft = {
    ...(doc.meta.draft_name ? { name: String(doc.meta.draft_name) } : {}),
    width: doc.canvas.width,
    height: doc.canvas.height,
    fps: doc.fps,
    editor: doc.edition,
  };
  let textTracks = 0;
  for (const track of doc.tracks) {
    if (track.type === "text") {
      exportTextSegments(doc, track, ++textTracks, skip, spec as Record<string, Item>, push);
      continue;
    }
    for (const segment of track.segments) {
      exportSegment(doc, track, segment, push, skip);
    }
  }
  for (const type of ["audio", "effect", "filter", "sticker"]) {
    const tracks = doc.tracks.filter((t) => t.type === type);
    if (!packsTheSame(tracks)) {
      for (const t of tracks) {
        for (const seg of t.segments) {
          skip(`${type} track layout (build puts ${type}s on the fewest tracks)`, seg.id, "part");
        }
      }
    }
  }
  return {
    spec,
    unsupported: [...unsupported.values()],
    adjusted: adjustedOf(spec),
  };
}

/**
 * Is this segment a compound clip: a nested draft (`materials.drafts`, type `combination`), or a
 * video material with no file of its own (its path is the draft folder)?
 */
function isCompound(
  list: string,
  material: Json,
  refs: { list: string; material: Json }[],
): boolean {
  if (list === "drafts" || material.type === "combination") return true;
  if (refs.some((r) => r.list === "drafts")) return true;
  if (list !== "videos") return false;
  const path = String(material.path ?? "");
  const rel = fromPlaceholder(path);
  return path.trim() === "" || (rel !== undefined && rel.replace(/[\\/]+/g, "") === "");
}

function exportSegment(
  doc: DraftDocument,
  track: Track,
  segment: Segment,
  push: (key: string, item: Item) => void,
  skip: Skip,
) {
  const found = doc.findMaterial(segment.material_id);
  const tr = segment.target_timerange;
  const time = { start: tr.start, end: tr.start + tr.duration };
  const ref = segment.id;
  if (!found) return skip(`${track.type} segment without a known material`, segment.id);
  const { list, material } = found;
  const refs = refsOf(doc, segment);
  if (isCompound(list, material, refs)) {
    return skip("compound clip (a nested draft; its content is not in the spec)", segment.id);
  }
  switch (track.type) {
    case "video": {
      if (list !== "videos" || (material.type !== "photo" && material.type !== "video")) {
        return skip(`video track ${list}/${material.type ?? "?"}`, segment.id);
      }
      unexpressedVisual(segment, material, refs, skip);
      const transition = refs.find((r) => r.list === "transitions")?.material;
      const common: Item = {
        ref,
        ...time,
        ...animationsOf(doc.edition, refs),
        ...(transition
          ? {
            transition: catalogName(doc.edition, "transitions", transition),
            transitionDuration: transition.duration,
          }
          : {}),
        ...clipOf(segment),
      };
      if (material.type === "photo") {
        push(
          "images",
          fixAnimationDurations({ imageUrl: urlOf(doc, String(material.path)), ...common }),
        );
      } else {
        const source = segment.source_timerange;
        const speed = Number(segment.speed ?? 1);
        push(
          "videos",
          fixAnimationDurations({
            videoUrl: urlOf(doc, String(material.path)),
            ...common,
            ...(source?.start ? { sourceStart: source.start } : {}),
            ...(speed !== 1 ? { speed } : {}),
            ...(segment.volume !== undefined && Number(segment.volume) !== 1
              ? { volume: round(Number(segment.volume)) }
              : {}),
          }),
        );
      }
      for (const r of refs) {
        if (r.list === "effects" && r.material.type === "filter") {
          push("filters", {
            filterTitle: catalogName(doc.edition, "filters", r.material),
            segmentRef: ref,
            intensity: round(Number(r.material.value ?? 1) * 100, 2),
          });
        } else if (r.list === "video_effects") {
          push("effects", {
            effectTitle: catalogName(doc.edition, "video_effects", r.material),
            segmentRef: ref,
          });
        } else if (r.list === "masks") {
          const m = maskForDisplay(r.material) as Item;
          const { name, ...geometry } = m;
          const keep = ["centerX", "centerY", "width", "height", "feather", "rotation"];
          const mask: Item = { segmentRef: ref, name };
          for (const k of keep) if (typeof geometry[k] === "number") mask[k] = geometry[k];
          if (typeof geometry.roundCorner === "number") mask.roundCorner = geometry.roundCorner;
          if (geometry.invert === true) mask.invert = true;
          push("masks", mask);
        }
      }
      break;
    }
    case "audio": {
      if (list !== "audios") return skip(`audio track ${list}`, segment.id);
      const source = segment.source_timerange;
      const speed = Number(segment.speed ?? 1);
      const fade = refs.find((r) => r.list === "audio_fades")?.material;
      push(
        "audios",
        fixFades({
          ref,
          audioUrl: urlOf(doc, String(material.path)),
          ...time,
          ...(source?.start ? { sourceStart: source.start } : {}),
          ...(speed !== 1 ? { speed } : {}),
          ...(segment.volume !== undefined && Number(segment.volume) !== 1
            ? { volume: round(Number(segment.volume)) }
            : {}),
          ...(fade?.fade_in_duration ? { fadeInDuration: fade.fade_in_duration } : {}),
          ...(fade?.fade_out_duration ? { fadeOutDuration: fade.fade_out_duration } : {}),
          ...audioEffectOf(doc.edition, refs, segment.id, skip),
        }),
      );
      break;
    }
    case "sticker": {
      if (list !== "stickers" || !/^\d+$/.test(String(material.resource_id ?? ""))) {
        return skip(`sticker ${list}`, segment.id);
      }
      const clip = clipOf(segment);
      push("stickers", {
        ref,
        stickerId: String(material.resource_id),
        ...time,
        ...(clip.scaleX !== undefined ? { scale: clip.scaleX } : {}),
        ...(clip.transformX !== undefined ? { transformX: clip.transformX } : {}),
        ...(clip.transformY !== undefined ? { transformY: clip.transformY } : {}),
        ...(clip.rotation !== undefined ? { rotation: clip.rotation } : {}),
      });
      break;
    }
    case "effect": {
      if (list !== "video_effects") return skip(`effect track ${list}`, segment.id);
      push("effects", {
        ref,
        effectTitle: catalogName(doc.edition, "video_effects", material),
        ...time,
      });
      break;
    }
    case "filter": {
      if (list !== "effects" || material.type !== "filter") {
        return skip(`filter track ${list}/${material.type ?? "?"}`, segment.id);
      }
      push("filters", {
        ref,
        filterTitle: catalogName(doc.edition, "filters", material),
        ...time,
        intensity: round(Number(material.value ?? 1) * 100, 2),
      });
      break;
    }
    default:
      return skip(`${track.type} track`, segment.id);
  }
  exportKeyframes(segment, push, skip);
}

/** The keyframes of a segment (properties `keyframes add` cannot set are listed). */
function exportKeyframes(
  segment: Segment,
  push: (key: string, item: Item) => void,
  skip: Skip,
) {
  const ref = segment.id;
  for (const k of readKeyframes(segment)) {
    if (!(KEYFRAME_PROPERTIES as readonly string[]).includes(k.property)) {
      skip(`keyframe ${k.propertyType}`, k.keyframeId, "part");
      continue;
    }
    push("keyframes", {
      segmentRef: ref,
      property: k.property,
      offset: k.offset,
      value: round(k.value),
      ...(k.easing !== "linear" && k.easing in EASINGS ? { easing: k.easing } : {}),
    });
  }
}

/**
 * One text track as one `captions add` call (the first is `captions`, each further one a
 * `captionTracks` entry); see export_text.ts for the style inversion.
 */
function exportTextSegments(
  doc: DraftDocument,
  track: Track,
  textTrack: number,
  skip: Skip,
  options: Record<string, Item>,
  push: (key: string, item: Item) => void,
) {
  const kept: { segment: Segment; material: Json; refs: { list: string; material: Json }[] }[] = [];
  for (const segment of track.segments) {
    const found = doc.findMaterial(segment.material_id);
    if (!found) {
      skip("text segment without a known material", segment.id);
      continue;
    }
    if (found.list !== "texts" || found.material.type === "text_template") {
      skip(`text track ${found.list}/${found.material.type ?? "?"}`, segment.id);
      continue;
    }
    if (!textRuns(found.material).text) {
      skip("empty text", segment.id);
      continue;
    }
    const refs = refsOf(doc, segment);
    for (const r of refs) {
      if (r.list === "effects" || r.list === "text_templates" || r.list === "video_effects") {
        skip(`text ${r.list}/${r.material.type ?? "?"}`, segment.id, "part");
      }
    }
    kept.push({ segment, material: found.material, refs });
  }
  if (!kept.length) return;
  const out = exportTextTrack(doc.edition, kept, (k, id) => skip(k, id, "part"));
  out.captions.forEach((c, i) =>
    fixAnimationDurations(Object.assign(c, animationsOf(doc.edition, kept[i].refs, "text")))
  );
  if (textTrack === 1 && !options.captions) {
    options.captions = out.captions as unknown as Item;
    options.captionOptions = out.captionOptions;
  } else {
    ((options.captionTracks ??= [] as unknown as Item) as unknown as Item[]).push({
      captions: out.captions,
      captionOptions: out.captionOptions,
    });
  }
  for (const k of kept) exportKeyframes(k.segment, push, skip);
}

/**
 * Runs `draft export`: the spec as `build` takes it, with `_export: {draftId, unsupported,
 * adjusted}` (a key build ignores), so `draft export ID > s.json; build @s.json` works.
 */
export async function exportDraft(ctx: CommandContext, draftId: string) {
  const doc = await readDraft(await ctx.searchRoots(), draftId);
  const { spec, unsupported, adjusted } = exportSpec(doc);
  return { ...spec, _export: { draftId, unsupported, adjusted } };
}
