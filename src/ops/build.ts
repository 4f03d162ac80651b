/**
 * `draftcli build`: a whole video from one spec. The spec is checked whole (schema, refs, catalog
 * names), every problem reported at once with its JSON path; then media are resolved (downloads in
 * parallel), every item is built into the in-memory draft by the same apply functions the add
 * commands use, and the draft is written with one commit. A new draft that fails is removed.
 */
import type { z } from "zod";
import type { CommandContext } from "./context.ts";
import { BuildSpec, type BuildSpecInput } from "../schema/build_input.ts";
import { issueMessage, wellFormed } from "../schema/parse_input.ts";
import { DraftcliError } from "../errors.ts";
import { attempt, Problems } from "./problems.ts";
import type { Edition } from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { MediaPlacement } from "../media/place.ts";
import { applyImages, imageRequests, planImages } from "./images.ts";
import { applyVideos, planVideos, videoRequests } from "./videos.ts";
import { applyAudios, audioRequests, planAudios } from "./audios.ts";
import { applyCaptions, planCaptions } from "./captions.ts";
import { CATALOG_NAMES } from "./caption_names.ts";
import { applyEffects, applyFilters, planEffects, planFilters } from "./effects.ts";
import { applySticker } from "./stickers.ts";
import { applyKeyframes } from "./keyframes.ts";
import { applyMasks } from "./masks.ts";
import { applyAutoTransitions } from "./transitions.ts";
import { resolveField } from "./catalog_names.ts";
import { CATALOG_VISUAL_NAMES } from "./image_names.ts";
import { maskEntry } from "./targets.ts";
import { CaptionStyle } from "../schema/caption_style.ts";
import { type MediaRequest, writeWithMedia } from "./media.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import { chooseEditor } from "../store/detect.ts";
import { currentOs } from "../store/home.ts";
import { maskWarning } from "../draft/mask_materials.ts";
import { mediaRefProblems } from "../media/media_resolve.ts";
import { appendTracks } from "../draft/segment_builders.ts";
import { addMarkers } from "../draft/markers.ts";

/** The item lists of a spec, in the order they are built (segments first, then what targets them). */
const LISTS = [
  "videos",
  "images",
  "audios",
  "captions",
  "stickers",
  "effects",
  "filters",
  "keyframes",
  "masks",
] as const;

/** Kinds whose items make a segment a ref can name. */
const SEGMENT_KINDS = ["videos", "images", "audios", "captions", "stickers"] as const;
/** Kinds whose segments take effects, filters and masks (video/photo segments). */
const VISUAL_KINDS = new Set(["videos", "images"]);

/** A spec parsed as far as it goes. */
export interface ParsedSpec {
  /** The fields and lists that are valid (a list with a bad item is left out). */
  spec: BuildSpecInput;
  /** Refs of bad items (so items pointing at them are not reported twice). */
  brokenRefs: Map<string, string>;
}

/**
 * Validates a spec item by item (so one bad item does not hide the problems of the others),
 * recording every problem in `sink`; returns what is valid, for the checks that come next.
 */
export function parseSpec(raw: unknown, sink: Problems): ParsedSpec | undefined {
  const value = wellFormed(raw);
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    sink.add(
      new DraftcliError("invalid_input", "the spec must be a JSON object", {
        hint: "see 'draftcli schema build'",
      }),
    );
    return undefined;
  }
  const shape = BuildSpec.shape;
  const out: Record<string, unknown> = {};
  const brokenRefs = new Map<string, string>();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const field = shape[key as keyof typeof shape] as z.ZodOptional | undefined;
    if (!field) {
      sink.add(
        new DraftcliError("invalid_input", `${key}: not a spec field`, {
          path: key,
          hint: `spec fields: ${Object.keys(shape).join(", ")}`,
        }),
      );
      continue;
    }
    const inner = field.unwrap() as z.ZodType;
    if (v === undefined) continue;
    if ((LISTS as readonly string[]).includes(key)) {
      if (!Array.isArray(v)) {
        sink.add(
          new DraftcliError("invalid_input", `${key}: must be an array`, { path: key }),
        );
        continue;
      }
      const element = (inner as z.ZodArray).element as z.ZodType;
      const items: unknown[] = [];
      const mark = sink.list.length;
      v.forEach((item, i) => {
        const r = element.safeParse(item);
        if (r.success) items.push(r.data);
        else sink.addZod(r.error.issues, `${key}[${i}]`, (x) => issueMessage(element, x));
      });
      const whole = inner.safeParse(v); // array limits
      if (!whole.success && sink.list.length === mark) {
        sink.addZod(whole.error.issues, key, (x) => issueMessage(inner, x));
      }
      if (sink.list.length === mark) out[key] = items;
      else {
        // The list is left out of the next checks: items pointing into it are not reported.
        v.forEach((item, i) => {
          const ref = (item as { ref?: unknown } | null)?.ref;
          if (typeof ref === "string") brokenRefs.set(ref, `${key}[${i}]`);
        });
      }
    } else {
      const r = inner.safeParse(v);
      if (r.success) out[key] = r.data;
      else sink.addZod(r.error.issues, key, (x) => issueMessage(inner, x));
    }
  }
  return { spec: out as BuildSpecInput, brokenRefs };
}

/** Where each ref points: its list and index. */
type RefTable = Map<string, { kind: string; index: number }>;

function collectRefs(
  spec: BuildSpecInput,
  sink: Problems,
  brokenRefs = new Map<string, string>(),
): RefTable {
  const refs: RefTable = new Map();
  const take = (kind: string) => (item: { ref?: string }, index: number) => {
    if (item.ref === undefined) return;
    const seen = refs.get(item.ref);
    if (seen) {
      sink.add(
        new DraftcliError(
          "invalid_input",
          `${kind}[${index}].ref: '${item.ref}' is already the ref of ${seen.kind}[${seen.index}]`,
          { path: `${kind}[${index}].ref`, hint: "give every item its own ref" },
        ),
      );
    } else refs.set(item.ref, { kind, index });
  };
  for (const kind of SEGMENT_KINDS) (spec[kind] ?? []).forEach(take(kind));
  (spec.captionTracks ?? []).forEach((t, k) =>
    t.captions.forEach(take(`captionTracks[${k}].captions`))
  );
  const check = (kind: string, visual: boolean) => (item: { segmentRef?: string }, i: number) => {
    if (item.segmentRef === undefined) return;
    const path = `${kind}[${i}].segmentRef`;
    const target = refs.get(item.segmentRef);
    if (!target && brokenRefs.has(item.segmentRef)) return; // its item is reported already
    if (!target) {
      sink.add(
        new DraftcliError("invalid_input", `${path}: no item has ref '${item.segmentRef}'`, {
          path,
          hint: refs.size
            ? `refs of this spec: ${[...refs.keys()].slice(0, 20).join(", ")}`
            : 'give the target item a "ref"',
        }),
      );
    } else if (visual && !VISUAL_KINDS.has(target.kind)) {
      sink.add(
        new DraftcliError(
          "invalid_input",
          `${path}: '${item.segmentRef}' is a ${target.kind} item; ${kind} go on videos or images`,
          { path, hint: "point segmentRef at an item of images or videos" },
        ),
      );
    }
  };
  (spec.effects ?? []).forEach(check("effects", true));
  (spec.filters ?? []).forEach(check("filters", true));
  (spec.masks ?? []).forEach(check("masks", true));
  (spec.keyframes ?? []).forEach(check("keyframes", false));
  return refs;
}

/** Everything resolved before the draft is touched. */
function planAll(
  spec: BuildSpecInput,
  edition: Edition,
  sink: Problems,
  warn: (m: string) => void,
) {
  const style = CaptionStyle.parse(spec.captionOptions ?? {});
  return {
    videos: planVideos(edition, spec.videos ?? [], "videos", sink, warn),
    images: planImages(edition, spec.images ?? [], "images", CATALOG_VISUAL_NAMES, sink, warn),
    audios: planAudios(edition, spec.audios ?? [], "audios", sink),
    captions: planCaptions(
      edition,
      spec.captions ?? [],
      style,
      "captions",
      sink,
      "captionOptions.font",
      CATALOG_NAMES,
      warn,
    ),
    captionTracks: (spec.captionTracks ?? []).map((t, k) =>
      planCaptions(
        edition,
        t.captions,
        CaptionStyle.parse(t.captionOptions ?? {}),
        `captionTracks[${k}].captions`,
        sink,
        `captionTracks[${k}].captionOptions.font`,
        CATALOG_NAMES,
        warn,
      )
    ),
    effects: planEffects(edition, spec.effects ?? [], "effects", sink),
    filters: planFilters(edition, spec.filters ?? [], "filters", sink),
    masks: (spec.masks ?? []).map((m, i) =>
      attempt(sink, () => maskEntry(edition, m.name ?? "线性", `masks[${i}].name`))
    ),
    transition: spec.transitions
      ? attempt(
        sink,
        () =>
          resolveField(edition, "transitions", spec.transitions!.auto, "transitions.auto", warn),
      )
      : undefined,
  };
}

/** Options of a build. */
export interface BuildOptions {
  /** Add to this existing draft instead of creating one. */
  into?: string;
  /** copy (default) or reference local media. */
  media?: MediaPlacement;
}

/** Runs `build`; returns `{draftId, filePath, created, refs, counts}`. */
export async function buildDraft(ctx: CommandContext, raw: unknown, opts: BuildOptions = {}) {
  const sink = new Problems();
  const parsed = parseSpec(raw, sink);
  if (!parsed) sink.throwIfAny("build spec");
  const spec = parsed!.spec;
  const refTable = collectRefs(spec, sink, parsed!.brokenRefs);
  const config = await ctx.config();
  const os = currentOs();
  let edition: Edition;
  let choice: Awaited<ReturnType<typeof chooseEditor>> | undefined;
  const roots = await ctx.searchRoots();
  let dir: string | undefined;
  if (opts.into) {
    dir = await locateDraft(roots, opts.into);
    edition = await peekEdition(dir);
  } else {
    try {
      choice = await chooseEditor(
        {
          env: ctx.env,
          config,
          os,
          editor: spec.draft?.editor,
          editorVersion: spec.draft?.editorVersion,
        },
        { rootFor: (e) => ctx.draftsDir(e) },
      );
    } catch (err) {
      sink.add(err);
    }
    edition = choice?.edition ?? spec.draft?.editor ?? "jianying";
  }
  const plans = planAll(spec, edition, sink, ctx.warn);
  const requests: MediaRequest[] = [
    ...videoRequests(plans.videos),
    ...imageRequests(plans.images),
    ...audioRequests(plans.audios),
  ];
  // Media that cannot be there (bad URLs, missing files) are listed with the spec's problems.
  const refs = requests.map((r) => ({ ...r, field: r.field.replace(`[${r.index}]`, "[]") }));
  for (const err of mediaRefProblems(refs, { home: ctx.env.HOME ?? ctx.env.USERPROFILE })) {
    sink.add(err);
  }
  sink.throwIfAny("build spec");

  if (dir && (spec.tracks || spec.draft?.ratio)) {
    ctx.warn("tracks and draft.ratio apply to a new draft; ignored with --into");
  }
  const apply = (doc: DraftDocument, byUrl: Parameters<typeof applyImages>[2]) => {
    if (!dir) {
      // a new draft starts from a skeleton, which has a canvas_config
      if (spec.draft?.ratio) doc.content.canvas_config!.ratio = spec.draft.ratio;
      if (spec.tracks) appendTracks(doc, spec.tracks.map((t) => t.type));
    }
    if (spec.markers) addMarkers(doc, spec.markers);
    const out = applyAll(doc, spec, plans, refTable, byUrl, ctx.warn, sink);
    sink.throwIfAny("build spec");
    doc.normalise();
    return out;
  };
  const d = spec.draft;
  // No --into: chooseEditor succeeded (its failure was thrown with the spec's problems).
  const c = choice!;
  const made = await writeWithMedia(
    ctx,
    dir ? { existing: { roots, dir } } : {
      create: {
        root: c.root,
        name: d?.name,
        width: d?.width ?? 1080,
        height: d?.height ?? 1920,
        fps: d?.fps ?? 30,
        edition: c.edition,
        profile: c.profile,
        stamp: c.stamp,
        platformOverride: c.platformOverride,
        newVersionOverride: c.newVersionOverride,
        os,
      },
    },
    requests,
    apply,
    opts.media,
  );
  return {
    draftId: made.draftId,
    filePath: made.dir,
    created: made.created,
    ...made.out,
    duration: made.duration,
  };
}

/** Builds every list into `doc` in dependency order; problems of each list go to `sink`. */
function applyAll(
  doc: DraftDocument,
  spec: BuildSpecInput,
  plans: ReturnType<typeof planAll>,
  refTable: RefTable,
  byUrl: Parameters<typeof applyImages>[2],
  warn: (m: string) => void,
  sink: Problems,
) {
  const made: Record<string, Record<string, unknown>[]> = {};
  // Videos and images share tracks: their transitions are attached once both are placed.
  const pending: (() => void)[] = [];
  const later = (step: () => void) => pending.push(step);
  made.videos =
    attempt(sink, () => applyVideos(doc, plans.videos, byUrl, warn, undefined, later)) ?? [];
  made.images =
    attempt(sink, () => applyImages(doc, plans.images, byUrl, warn, undefined, later)) ?? [];
  for (const step of pending) attempt(sink, step);
  made.audios = attempt(sink, () => applyAudios(doc, plans.audios, byUrl, warn)) ?? [];
  made.captions = spec.captions?.length
    ? attempt(
      sink,
      () =>
        applyCaptions(doc, plans.captions, warn, spec.captionsTrackIndex, "captionsTrackIndex")
          .items,
    ) ?? []
    : [];
  plans.captionTracks.forEach((plan, k) => {
    const index = spec.captionTracks![k].trackIndex;
    made[plan.field] = attempt(sink, () =>
      applyCaptions(doc, plan, warn, index, `captionTracks[${k}].trackIndex`).items) ?? [];
  });
  made.stickers = (spec.stickers ?? []).map((s, i) => {
    const { ref: _ref, ...req } = s;
    return attempt(sink, () => applySticker(doc, req, `stickers[${i}]`)) ?? {};
  });
  if (sink.list.length) return {};
  const refs: Record<string, string> = {};
  for (const [ref, { kind, index }] of refTable) {
    refs[ref] = made[kind][index].segmentId as string;
  }
  const target = <T extends { segmentRef?: string; segmentId?: string; ref?: string }>(x: T) => {
    const { segmentRef, ref: _ref, ...rest } = x;
    return segmentRef === undefined ? rest : { ...rest, segmentId: refs[segmentRef] };
  };
  made.effects = attempt(sink, () =>
    applyEffects(doc, {
      ...plans.effects,
      items: plans.effects.items.map(target) as typeof plans.effects.items,
    })) ?? [];
  made.filters = attempt(sink, () =>
    applyFilters(doc, {
      ...plans.filters,
      items: plans.filters.items.map(target) as typeof plans.filters.items,
    }, warn)) ?? [];
  // Track-level effects and filters make segments too: their refs name them in the output.
  for (const k of ["effects", "filters"] as const) {
    (spec[k] ?? []).forEach((x, i) => {
      const id = made[k][i]?.segmentId;
      const ref: unknown = x.ref;
      if (typeof ref === "string" && x.segmentRef === undefined && typeof id === "string") {
        refs[ref] ??= id;
      }
    });
  }
  made.keyframes = attempt(sink, () =>
    applyKeyframes(
      doc,
      (spec.keyframes ?? []).map(target) as Parameters<typeof applyKeyframes>[1],
      "keyframes",
    )) ?? [];
  made.masks = (spec.masks ?? []).flatMap((m, i) => {
    const { segmentRef, segmentId, name: _name, ...geometry } = m;
    const id = segmentRef !== undefined ? refs[segmentRef] : segmentId!;
    return attempt(
      sink,
      () => applyMasks(doc, plans.masks[i]!, [id], geometry, warn, `masks[${i}].segmentRef`),
    ) ?? [];
  });
  if (made.masks.length) {
    const w = maskWarning(doc.profile);
    if (w) warn(w);
  }
  let transitions = 0;
  if (spec.transitions && plans.transition) {
    const t = attempt(
      sink,
      () => applyAutoTransitions(doc, plans.transition!, spec.transitions!, warn, "transitions"),
    );
    transitions = t?.items.length ?? 0;
  }
  const counts: Record<string, number> = {};
  for (const [k, v] of Object.entries(made)) {
    const key = k.startsWith("captionTracks") ? "captions" : k;
    if (v.length) counts[key] = (counts[key] ?? 0) + v.length;
  }
  if (transitions) counts.transitions = transitions;
  return { refs, counts };
}
