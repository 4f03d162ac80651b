/**
 * `draft export`: the `build` spec of any plaintext draft. `exportSpec` is a pure function of the
 * loaded document; every segment becomes an item whose `ref` is its segment id, and what the spec
 * cannot express is listed under `unsupported` (kind, count, ids), never dropped silently.
 */
import { join } from "../path.ts";
import { pathToFileURL } from "node:url";
import type { CommandContext } from "./context.ts";
import type { DraftDocument } from "../draft/document.ts";
import type {
  AnimationsMaterial,
  Material,
  Segment,
  TextMaterial,
  Track,
  VideoMaterial,
} from "../draft/model.ts";
import { readDraft } from "../store/load.ts";
import { readKeyframes } from "../draft/keyframe_reading.ts";
import { maskForDisplay } from "../draft/mask_materials.ts";
import { fromPlaceholder, isAbsoluteAnyOs } from "../transfer/draft_media_paths.ts";
import { EASINGS, KEYFRAME_PROPERTIES } from "../draft/keyframe_properties.ts";
import { exportTextTrack, textRuns } from "./export_text.ts";
import { type CatalogKind, findByResourceId } from "../catalogs/catalog.ts";
import { resolveName } from "../catalogs/name_resolve.ts";
import { onFrameGrid, toFrameGrid } from "../draft/time.ts";
import type { Edition } from "../editions/profiles.ts";
import { AUDIO_TYPES, TRACK_TYPES } from "../draft/kinds.ts";
import { readMarkers } from "../draft/markers.ts";

/** Canvas ratios build takes (draft.ratio). */
const CANVAS_RATIO = /^(original|custom|\d{1,3}(\.\d{1,3})?:\d{1,3}(\.\d{1,3})?)$/;

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

/** A material a segment references, with the list it is in. */
type MaterialRef = { list: string; material: Material };

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
  for (const a of adjustments.get(spec.draft as Item) ?? []) {
    out.push({ path: `draft.${a.field}`, from: a.from, to: a.to, why: a.why });
  }
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
function fixFades(item: Item, fps: number): Item {
  if (item.fadeInDuration === undefined && item.fadeOutDuration === undefined) return item;
  const length = onFrameGrid(Number(item.end), fps) - onFrameGrid(Number(item.start), fps);
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
  const clip = segment.clip;
  if (!clip) return {};
  const out: Item = {};
  const t = clip.transform ?? {};
  const s = clip.scale ?? {};
  const set = (key: string, value: unknown, none: number) => {
    const v = round(Number(value));
    if (value !== undefined && value !== null && Number.isFinite(v) && v !== none) out[key] = v;
  };
  set("transformX", t.x, 0);
  set("transformY", t.y, 0);
  set("scaleX", s.x, 1);
  set("scaleY", s.y, 1);
  set("rotation", clip.rotation, 0);
  set("alpha", clip.alpha, 1);
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
function refsOf(doc: DraftDocument, segment: Segment): MaterialRef[] {
  const out: MaterialRef[] = [];
  for (const id of segment.extra_material_refs ?? []) {
    const found = doc.findMaterial(id);
    if (found) out.push(found);
  }
  return out;
}

/**
 * The catalog name of a material (looked up by its resource id, so a draft saved in another UI
 * language exports names `build` resolves), else the name the draft stores.
 */
export function catalogName(edition: Edition, kind: CatalogKind, material: Material): string {
  for (const id of [material.resource_id, material.effect_id, material.id]) {
    if (typeof id !== "string" || !id) continue;
    const hit = findByResourceId(edition, kind, id);
    if (hit) return hit.name;
  }
  return String(material.name);
}

/** The audio fades of a video or audio segment (fadeInDuration, fadeOutDuration). */
function fadesOf(refs: MaterialRef[]): Item {
  const fade = refs.find((r) => r.list === "audio_fades")?.material;
  const fadeIn = Number(fade?.fade_in_duration ?? 0);
  const fadeOut = Number(fade?.fade_out_duration ?? 0);
  return {
    ...(fadeIn ? { fadeInDuration: fadeIn } : {}),
    ...(fadeOut ? { fadeOutDuration: fadeOut } : {}),
  };
}

/** Animation fields from a segment's material_animations. */
function animationsOf(
  edition: Edition,
  refs: MaterialRef[],
  target: "visual" | "text" = "visual",
): Item {
  const out: Item = {};
  for (const r of refs) {
    if (r.list !== "material_animations") continue;
    for (const a of (r.material as AnimationsMaterial).animations ?? []) {
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

/** The audio effect of a segment (the spec takes one; more are listed as unsupported). */
function audioEffectOf(
  edition: Edition,
  refs: MaterialRef[],
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
  material: VideoMaterial,
  refs: MaterialRef[],
  skip: Skip,
) {
  const flip = segment.clip?.flip ?? {};
  if (flip.horizontal === true || flip.vertical === true) {
    skip("flipped video or image", segment.id, "part");
  }
  if (segment.reverse === true) skip("reversed video", segment.id, "part");
  const crop = material.crop ?? {};
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

/** Name fields of spec items and the catalog each is resolved in, per list. */
const NAME_FIELDS: Record<string, [string, CatalogKind, string?][]> = {
  visual: [
    ["transition", "transitions", "transitionDuration"],
    ["inAnimation", "video_intro", "inAnimationDuration"],
    ["outAnimation", "video_outro", "outAnimationDuration"],
    ["loopAnimation", "video_group", "loopAnimationDuration"],
  ],
  captions: [
    ["inAnimation", "text_intro", "inAnimationDuration"],
    ["outAnimation", "text_outro", "outAnimationDuration"],
    ["loopAnimation", "text_loop", "loopAnimationDuration"],
  ],
  audios: [["audioEffect", "audio_effects"]],
  effects: [["effectTitle", "video_effects"]],
  filters: [["filterTitle", "filters"]],
};

/** Why a name is left out. */
const UNKNOWN_NAME = "not in draftcli's catalog for this editor, so build cannot make it";

/**
 * Puts a spec in the form build takes, recording each change: times on the frame grid (build
 * snaps them; differences over 1 µs are listed), fades within their item, names build resolves
 * (an unknown one is left out; an effect or filter without its name leaves the spec and is
 * listed as unsupported), a canvas build accepts.
 */
function fitForBuild(
  spec: Record<string, Item[] | Item>,
  edition: Edition,
  fps: number,
  skip: Skip,
) {
  const draft = spec.draft as Item;
  for (const k of ["width", "height"]) {
    const v = Number(draft[k]);
    if (!(v === 0 || (v >= 16 && v <= 16384))) {
      adjust(draft, k, draft[k], undefined, "outside 16..16384 px; build uses its default");
    }
  }
  const known = (kind: CatalogKind, name: unknown) => {
    try {
      resolveName(edition, kind, String(name));
      return true;
    } catch {
      return false;
    }
  };
  const fit = (list: string, items: Item[]) => {
    const names = NAME_FIELDS[list === "images" || list === "videos" ? "visual" : list] ?? [];
    return items.filter((item) => {
      const length = Number(item.end) - Number(item.start);
      let moved = false;
      for (const key of ["start", "end"]) {
        if (typeof item[key] !== "number") continue;
        const v = item[key] as number;
        const g = toFrameGrid(v, fps);
        if (Math.abs(g - v) > 1) {
          adjust(item, key, v, g, `off the ${fps} fps frame grid; build puts times on it`);
          moved = true;
        }
      }
      if (list === "audios" || list === "videos" || list === "images") {
        // The slice of the source stays what it was, though the times moved.
        if (moved && item.sourceDuration === undefined) {
          item.sourceDuration = Math.round(length * Number(item.speed ?? 1));
        }
        if (list !== "images") fixFades(item, fps);
      }
      for (const [field, kind, duration] of names) {
        if (item[field] === undefined || known(kind, item[field])) continue;
        if (list === "effects" || list === "filters") {
          const ref = String(item.segmentRef ?? item.ref);
          skip(
            `${list.slice(0, -1)} not in the catalog (${item[field]})`,
            ref,
            item.segmentRef ? "part" : "item",
          );
          return false;
        }
        adjust(item, field, item[field], undefined, UNKNOWN_NAME);
        if (duration && item[duration] !== undefined) {
          adjust(item, duration, item[duration], undefined, UNKNOWN_NAME);
        }
      }
      return true;
    });
  };
  for (const [list, value] of Object.entries(spec)) {
    if (list === "captionTracks") {
      for (const t of value as Item[]) t.captions = fit("captions", t.captions as Item[]);
    } else if (Array.isArray(value) && list !== "tracks" && list !== "markers") {
      spec[list] = fit(list, value);
      if (!(spec[list] as Item[]).length) delete spec[list];
    }
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
  const ratio = String(doc.content.canvas_config?.ratio ?? "original");
  spec.draft = {
    ...(doc.meta.draft_name ? { name: String(doc.meta.draft_name) } : {}),
    width: doc.canvas.width,
    height: doc.canvas.height,
    fps: doc.fps,
    ...(ratio !== "original" && CANVAS_RATIO.test(ratio) ? { ratio } : {}),
    editor: doc.edition,
  };
  if (ratio !== "original" && !CANVAS_RATIO.test(ratio)) skip(`canvas ratio ${ratio}`, "canvas");
  // Every track, in file order; each item names its own by trackIndex (among its kind).
  const layout = doc.tracks.filter((t) => (TRACK_TYPES as readonly string[]).includes(t.type));
  if (layout.length) spec.tracks = layout.map((t) => ({ type: t.type }));
  const nth = (track: Track) => layout.filter((t) => t.type === track.type).indexOf(track);
  for (const track of doc.tracks) {
    if (track.type === "text") {
      exportTextSegments(doc, track, nth(track), skip, spec as Record<string, Item>, push);
      continue;
    }
    const ends = track.type === "video"
      ? overlapEnds(doc, track, skip)
      : new Map<string, number | null>();
    for (const segment of track.segments) {
      exportSegment(doc, track, segment, push, skip, {
        trackIndex: nth(track),
        end: ends.get(segment.id),
      });
    }
  }
  const markers = exportMarkers(doc, skip);
  if (markers.length) spec.markers = markers as unknown as Item;
  fitForBuild(spec, doc.edition, doc.fps, skip);
  // What was adjusted is not reproduced as it is: its items are declared too.
  const adjusted = adjustedOf(spec);
  for (const a of adjusted) {
    const m = a.path.match(/^(\w+)(?:\[(\d+)\](?:\.captions\[(\d+)\])?)?\.(\w+)$/);
    if (!m) continue;
    let item: Item | undefined = m[2] === undefined
      ? undefined
      : (spec[m[1]] as Item[] | undefined)?.[Number(m[2])];
    if (item && m[3] !== undefined) item = (item.captions as Item[])[Number(m[3])];
    const id = item ? String(item.ref ?? item.segmentRef) : m[1];
    skip(`${m[4]} changed so build takes it (see _export.adjusted)`, id, "part");
  }
  return { spec, unsupported: [...unsupported.values()], adjusted };
}

/**
 * Is this segment a compound clip: a nested draft (`materials.drafts`, type `combination`), or a
 * video material with no file of its own (its path is the draft folder)?
 */
function isCompound(
  list: string,
  material: Material,
  refs: MaterialRef[],
): boolean {
  if (list === "drafts" || material.type === "combination") return true;
  if (refs.some((r) => r.list === "drafts")) return true;
  if (list !== "videos") return false;
  const path = String(material.path ?? "");
  const rel = fromPlaceholder(path);
  return path.trim() === "" || (rel !== undefined && rel.replace(/[\\/]+/g, "") === "");
}

/** Where an item goes: its track (among its kind) and, for an overlap transition, its new end. */
interface Placement {
  trackIndex: number;
  /** The end the item gets (its next item's start), or null: it leaves its track (overlap). */
  end?: number | null;
}

const OVERLAP_WHY = "overlap transition (the clips overlapped by the transition, as CapCut 1.x " +
  "stores it); the clip now ends where the next begins, with the transition between them";

/**
 * Segments of a video track that overlap the next one. When the overlap is the segment's
 * transition (CapCut 1.x stores transitions so), the segment ends where the next begins, with
 * its transition between them, as build makes one; any other overlap cannot share a track, so
 * the later segment leaves it (null) and is listed.
 */
function overlapEnds(doc: DraftDocument, track: Track, skip: Skip): Map<string, number | null> {
  const out = new Map<string, number | null>();
  const segs = [...track.segments].sort((a, b) =>
    a.target_timerange.start - b.target_timerange.start
  );
  let end = -1;
  let last: Segment | undefined;
  for (const seg of segs) {
    const r = seg.target_timerange;
    if (last && r.start < end) {
      const transition = refsOf(doc, last).find((x) => x.list === "transitions")?.material;
      const overlap = end - r.start;
      if (transition && !out.has(last.id) && overlap <= Number(transition.duration) + 1) {
        out.set(last.id, r.start);
      } else {
        out.set(seg.id, null);
        skip("overlapping segments on one video track (rebuilt on another track)", seg.id, "part");
        continue;
      }
    }
    end = Math.max(end, r.start + r.duration);
    last = seg;
  }
  return out;
}

/** The draft's timeline markers (a colour build cannot take is left out and listed). */
function exportMarkers(doc: DraftDocument, skip: Skip): Item[] {
  const marks = doc.content.time_marks?.mark_items;
  const ids = Array.isArray(marks) ? marks.map((m) => String(m.id)) : [];
  return readMarkers(doc).map((m, i) => {
    if (m.color !== undefined && !/^#[0-9a-fA-F]{6}$/.test(m.color)) {
      skip(`marker colour ${m.color}`, ids[i] ?? `marker ${i}`, "part");
      delete m.color;
    }
    if (m.title !== undefined && m.title.length > 500) {
      skip("marker title over 500 characters", ids[i] ?? `marker ${i}`, "part");
      m.title = m.title.slice(0, 500);
    }
    return { ...m } as Item;
  });
}

/**
 * The source fields of a video or audio item: sourceStart, speed, and sourceDuration where the
 * editor's slice is not (end - start) × speed (left out when the item was shortened).
 */
function sourceOf(segment: Segment, shortened: boolean): Item {
  const source = segment.source_timerange;
  const speed = Number(segment.speed ?? 1);
  const nominal = Math.round(segment.target_timerange.duration * speed);
  return {
    ...(source?.start ? { sourceStart: source.start } : {}),
    ...(source && !shortened && (source.duration !== nominal || speed !== 1)
      ? { sourceDuration: source.duration }
      : {}),
    ...(speed !== 1 ? { speed } : {}),
    ...(segment.volume !== undefined && Number(segment.volume) !== 1
      ? { volume: round(Number(segment.volume)) }
      : {}),
  };
}

function exportSegment(
  doc: DraftDocument,
  track: Track,
  segment: Segment,
  push: (key: string, item: Item) => void,
  skip: Skip,
  place: Placement,
) {
  const found = doc.findMaterial(segment.material_id);
  const tr = segment.target_timerange;
  const shortened = typeof place.end === "number";
  const time = { start: tr.start, end: shortened ? place.end as number : tr.start + tr.duration };
  const at: Item = place.end === null ? {} : { trackIndex: place.trackIndex };
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
        ...at,
        ...animationsOf(doc.edition, refs),
        ...(transition
          ? {
            transition: catalogName(doc.edition, "transitions", transition),
            transitionDuration: transition.duration,
          }
          : {}),
        ...clipOf(segment),
      };
      const photo = material.type === "photo";
      const slice = segment.source_timerange?.duration;
      const item: Item = photo
        ? {
          imageUrl: urlOf(doc, String(material.path)),
          ...common,
          // A photo's slice is its length as the editor recorded it (it may differ by 1 µs).
          ...(typeof slice === "number" && slice > 0 && !shortened && slice !== tr.duration
            ? { sourceDuration: slice }
            : {}),
        }
        : {
          videoUrl: urlOf(doc, String(material.path)),
          ...common,
          ...sourceOf(segment, shortened),
          ...fadesOf(refs),
        };
      if (shortened) adjust(item, "end", tr.start + tr.duration, time.end, OVERLAP_WHY);
      push(photo ? "images" : "videos", fixAnimationDurations(item));
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
      const type = String(material.type ?? "extract_music");
      const known = (AUDIO_TYPES as readonly string[]).includes(type);
      if (!known) skip(`audio type ${type}`, segment.id, "part");
      push(
        "audios",
        {
          ref,
          audioUrl: urlOf(doc, String(material.path)),
          ...time,
          ...at,
          ...sourceOf(segment, false),
          ...(known && type !== "extract_music" ? { audioType: type } : {}),
          ...fadesOf(refs),
          ...audioEffectOf(doc.edition, refs, segment.id, skip),
        },
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
        ...at,
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
        ...at,
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
        ...at,
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
      skip(`keyframe ${k.propertyType}`, ref, "part");
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
  trackIndex: number,
  skip: Skip,
  options: Record<string, Item>,
  push: (key: string, item: Item) => void,
) {
  const kept: { segment: Segment; material: TextMaterial; refs: MaterialRef[] }[] = [];
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
  if (!options.captions) {
    options.captions = out.captions as unknown as Item;
    options.captionOptions = out.captionOptions;
    options.captionsTrackIndex = trackIndex as unknown as Item;
  } else {
    ((options.captionTracks ??= [] as unknown as Item) as unknown as Item[]).push({
      captions: out.captions,
      captionOptions: out.captionOptions,
      trackIndex,
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
  return { ...spec, _export: { draftId: doc.draftId, unsupported, adjusted } };
}
