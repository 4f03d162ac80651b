/** `captions add`: text segments, one new text track per call (their list: listings.ts). */
import type { z } from "zod";
import type { CaptionInfo } from "../schema/media_items.ts";
import type { CaptionStyleInput } from "../schema/caption_style.ts";
import type { CommandContext } from "./context.ts";
import { locateDraft, peekEdition } from "../store/locate.ts";
import { mutateDraftAt } from "../store/commit.ts";
import { fitsOn, nthTrack, setAnimations, textSegmentBuilder } from "../draft/segment_builders.ts";
import { planAnimations } from "../draft/animation_plan.ts";
import { gridRange, overlaps } from "../draft/time.ts";
import { DraftcliError } from "../errors.ts";
import {
  buildTextContent,
  expandKeywordShortForm,
  type FontRef,
  givesHighlights,
  type Highlight,
  plainTextContent,
  SHADOW_DEFAULTS,
  STROKE_DEFAULTS,
  type TextAlignment,
  type TextContent,
  type TextMaterialFields,
  textMaterialFields,
  type TextRange,
  type TextStyle,
  type UnmatchedKeyword,
} from "../draft/text_content.ts";
import { itemBase } from "../draft/summary.ts";
import type { Edition, Json } from "../editions/profiles.ts";
import type { DraftDocument } from "../draft/document.ts";
import type { AnimationRequest } from "../draft/animation_plan.ts";
import { attempt, type Problems } from "./problems.ts";
import { withIdLists } from "./id_lists.ts";
import { vouchAsBuilt } from "../draft/item_templates.ts";

type Item = z.infer<typeof CaptionInfo>;

const ALIGN: Record<number, TextAlignment> = { 0: "left", 1: "center", 2: "right" };

/** The style flags that shape the text material (the on-canvas position is the segment's). */
export type TextMaterialStyle = Omit<CaptionStyleInput, "transformX" | "transformY">;

/**
 * How a captions call's names are resolved against the edition's catalogs: its font and its
 * items' animations. `CATALOG_NAMES` (caption_names.ts) is the real one; `captionNames` loads it
 * only for a call that names something, so a plain call does not load the catalog code.
 */
export interface CaptionNames {
  font(edition: Edition, name: string, warn?: (message: string) => void): FontRef | undefined;
  animations(
    edition: Edition,
    item: Item,
    field: string,
    warn?: (message: string) => void,
  ): AnimationRequest;
}

/** The resolvers of a call that names no font and no animation (nothing to look up). */
const NO_NAMES: CaptionNames = {
  font(_edition, name) {
    throw new Error(`internal: font '${name}' given to a captions plan without catalogs`);
  },
  animations: () => ({}),
};

/** The resolvers `items` and `style` need: the catalogs' when they name a font or an animation. */
export async function captionNames(
  items: readonly Item[],
  style: TextMaterialStyle,
): Promise<CaptionNames> {
  const named = style.font !== undefined ||
    items.some((it) => it.inAnimation || it.outAnimation || it.loopAnimation);
  return named ? (await import("./caption_names.ts")).CATALOG_NAMES : NO_NAMES;
}

/** The base text style of a call, from its style flags (font resolved per edition). */
export function baseStyle(
  edition: Edition,
  style: TextMaterialStyle,
  names: CaptionNames,
  warn?: (message: string) => void,
): TextStyle {
  const base: TextStyle = {
    size: style.fontSize,
    bold: style.bold,
    italic: style.italic,
    underline: style.underline,
    color: style.textColor,
    alpha: style.alpha ?? 1,
  };
  const font = style.font ? names.font(edition, style.font, warn) : undefined;
  if (font) base.font = font;
  if (style.borderColor) {
    base.stroke = { ...STROKE_DEFAULTS, color: style.borderColor, width: style.borderWidth / 500 };
  }
  if (style.shadow) base.shadow = { ...SHADOW_DEFAULTS, color: "#000000" };
  return base;
}

/** A caption's text material: its fields, `content` string and style partitions. */
export interface CaptionText {
  fields: TextMaterialFields;
  content: string;
  ranges: TextRange[];
  unmatched: UnmatchedKeyword[];
}

/** Builds one caption's text material, warning about keywords that styled nothing. */
export function captionText(
  text: string,
  base: TextStyle,
  highlights: Highlight[],
  style: TextMaterialStyle,
  warn: (m: string) => void,
  field: string,
): CaptionText {
  const built = captionContent(text, base, highlights, warn, field);
  const fields = captionFields(base, built.ranges.length, style);
  return { fields, content: built.content, ranges: built.ranges, unmatched: built.unmatched };
}

/** A caption's `content` and style ranges, warning about keywords that styled nothing. */
function captionContent(
  text: string,
  base: TextStyle,
  highlights: Highlight[],
  warn: (m: string) => void,
  field: string,
): TextContent {
  const built = buildTextContent(text, base, highlights);
  for (const u of built.unmatched) {
    warn(
      `${field}: keyword '${u.keyword}' ${
        u.reason === "not_found" ? "not found in the text" : "overlapped by another keyword"
      }`,
    );
  }
  return built;
}

/** The material fields of a caption with `stylesCount` style ranges (its content aside). */
function captionFields(
  base: TextStyle,
  stylesCount: number,
  style: TextMaterialStyle,
): TextMaterialFields {
  return textMaterialFields(base, stylesCount, {
    alignment: ALIGN[style.alignment],
    letterSpacing: style.letterSpacing,
    lineSpacing: style.lineSpacing,
    alpha: style.alpha,
    background: style.backgroundColor && style.backgroundStyle !== 0
      ? {
        color: style.backgroundColor,
        alpha: style.backgroundAlpha,
        roundRadius: style.backgroundRound === undefined ? undefined : style.backgroundRound / 100,
      }
      : undefined,
  });
}

/** Material fields + content for one caption. */
export function captionMaterial(
  text: string,
  base: TextStyle,
  highlights: Highlight[],
  style: TextMaterialStyle,
  warn: (m: string) => void,
  field: string,
): Record<string, unknown> {
  const built = captionText(text, base, highlights, style, warn, field);
  return { ...built.fields, content: built.content };
}

/** A captions batch with its style and names resolved (no draft needed). */
export interface CaptionsPlan {
  items: Item[];
  /** Input path of the list, e.g. "captions". */
  field: string;
  style: CaptionStyleInput;
  base: TextStyle;
  anims: (AnimationRequest | undefined)[];
  highlights: Highlight[][];
}

/** The highlights of an item that has none (shared by such items, never changed). */
const NO_HIGHLIGHTS: Highlight[] = [];

/** Resolves the call's font and the items' animation names (problems go to `sink`). */
export function planCaptions(
  edition: Edition,
  items: Item[],
  style: CaptionStyleInput,
  field: string,
  sink: Problems | undefined,
  styleField: string,
  names: CaptionNames,
  warn?: (m: string) => void,
): CaptionsPlan {
  const base = attempt(sink, () => {
    try {
      return baseStyle(edition, style, names, warn);
    } catch (err) {
      if (err instanceof DraftcliError && styleField !== "font") {
        throw new DraftcliError(err.code, err.message, { hint: err.hint, path: styleField });
      }
      throw err;
    }
  }) ?? baseStyle(edition, { ...style, font: undefined }, names, warn);
  // Most batches name no animation and highlight nothing: then no name, path text, closure or
  // list is made per item.
  const anims = names === NO_NAMES
    ? new Array<AnimationRequest | undefined>(items.length)
    : items.map((it, i) =>
      attempt(sink, () => names.animations(edition, it, `${field}[${i}]`, warn))
    );
  const highlights = items.map((it, i) =>
    !givesHighlights(it) ? NO_HIGHLIGHTS : attempt(sink, () => {
      try {
        return [...(it.highlights ?? []), ...expandKeywordShortForm(it)];
      } catch (err) {
        if (!(err instanceof DraftcliError)) throw err;
        const path = `${field}[${i}].${err.path ?? "keyword"}`;
        throw new DraftcliError(err.code, `${path}: ${err.message}`, { hint: err.hint, path });
      }
    }) ?? []
  );
  return { items, field, style, base, anims, highlights };
}

/**
 * Puts a captions batch on a new text track of an in-memory draft (or on text track
 * `trackIndex`, 0-based, where they must fit); returns the created items, and the segments and
 * materials built (for item_templates.ts `vouchAsBuilt`).
 */
export function applyCaptions(
  doc: DraftDocument,
  plan: CaptionsPlan,
  warn: (m: string) => void,
  trackIndex?: number,
  trackField = "trackIndex",
): { trackId: string; items: Record<string, unknown>[]; built: object[] } {
  const { items, style, base, anims, highlights } = plan;
  const ranges = items.map((it) => gridRange(it.start, it.end, doc.fps));
  ranges.forEach((r, i) => {
    if (r.duration <= 0) {
      throw new DraftcliError("invalid_input", `${plan.field}[${i}]: shorter than one frame`, {
        path: `${plan.field}[${i}].end`,
        hint: "make end - start at least one frame long",
      });
    }
  });
  // One sweep in start order (O(n log n)): a caption overlaps an earlier-starting one exactly
  // when it starts before the latest end seen so far.
  const byStart = ranges.map((_, i) => i)
    .sort((a, b) => ranges[a].start - ranges[b].start || a - b);
  let latest = -1;
  for (const k of byStart) {
    if (latest >= 0 && overlaps(ranges[k], ranges[latest])) {
      const [i, j] = k > latest ? [k, latest] : [latest, k];
      throw new DraftcliError(
        "invalid_input",
        `${plan.field}[${i}] overlaps ${plan.field}[${j}] (one call writes one text track)`,
        {
          path: `${plan.field}[${i}].start`,
          hint: "split overlapping captions into separate calls",
        },
      );
    }
    const end = ranges[k].start + ranges[k].duration;
    if (latest < 0 || end > ranges[latest].start + ranges[latest].duration) latest = k;
  }
  const track = trackIndex === undefined ? doc.addTrack("text") : nthTrack(doc, "text", trackIndex);
  // A new track has no segments left unread; a given one may (its captions then go after them).
  const unread = trackIndex === undefined ? undefined : doc.unreadEnd(track);
  if (trackIndex !== undefined) {
    // captions from where the track's unread segments end fit without reading them
    const i = ranges.findIndex((r) => !(unread && r.start >= unread.last) && !fitsOn(track, r));
    if (i >= 0) {
      throw new DraftcliError(
        "invalid_input",
        `${plan.field}[${i}] overlaps a text on text track ${trackIndex}`,
        { path: trackField, hint: "give the captions another text track, or leave it out" },
      );
    }
  }
  // The material fields depend only on the item's font size and whether it has several style
  // ranges: computed once for each such pair, and shared by the builder's compiled template.
  const built: object[] = [];
  const build = textSegmentBuilder(doc, built);
  // by font size, then [one style range, several]
  const fieldsByKind = new Map<number, [Json?, Json?]>();
  // Texts without highlights in one style: its style entry written once per font size.
  const plainBySize = new Map<number, (text: string) => TextContent>();
  const onTrack = doc.tracksOf("text").indexOf(track); // every item goes on this track
  const created = items.map((it, i) => {
    const field = `${plan.field}[${i}]`;
    const itemStyle = it.fontSize ? { ...base, size: it.fontSize } : base;
    let content: TextContent;
    if (highlights[i].length) {
      content = captionContent(it.text, itemStyle, highlights[i], warn, field);
    } else {
      let plain = plainBySize.get(itemStyle.size);
      if (!plain) plainBySize.set(itemStyle.size, plain = plainTextContent(itemStyle));
      content = plain(it.text);
    }
    let kinds = fieldsByKind.get(itemStyle.size);
    if (!kinds) fieldsByKind.set(itemStyle.size, kinds = [undefined, undefined]);
    const several = content.ranges.length > 1 ? 1 : 0;
    const fields = kinds[several] ??= {
      ...captionFields(itemStyle, content.ranges.length, style),
    };
    const seg = build({
      target: ranges[i],
      materialFields: fields,
      content: content.content,
      clip: { transformX: style.transformX, transformY: it.transformY ?? style.transformY },
      materialType: "text",
    });
    const anim = anims[i];
    const planned = anim ? planAnimations(anim, ranges[i].duration, "text", field, warn) : [];
    if (planned.length) setAnimations(doc, seg, planned);
    if (!unread || !doc.appendSegment(track, seg)) track.segments.push(seg);
    return { ...itemBase(doc, track, seg, onTrack), text: it.text };
  });
  return { trackId: track.id, items: created, built };
}

/** Adds captions on a new text track; returns the created ids in input order. */
export async function addCaptions(
  ctx: CommandContext,
  draftId: string,
  items: Item[],
  style: CaptionStyleInput,
) {
  const roots = await ctx.searchRoots();
  const dir = await locateDraft(roots, draftId);
  const plan = planCaptions(
    await peekEdition(dir),
    items,
    style,
    "captions",
    undefined,
    "font",
    await captionNames(items, style),
    ctx.warn,
  );
  return await mutateDraftAt(dir, (doc) => {
    // New items on a new track: the loaded ones stay as they were (saved from their loaded bytes)
    doc.keepLoadedItems();
    const { trackId, items: created, built } = applyCaptions(doc, plan, ctx.warn);
    // saved right away: nothing changes these but their holes (render indexes, at the save)
    vouchAsBuilt(built);
    return Promise.resolve({
      result: withIdLists({ draftId: doc.draftId, trackId, items: created }, "textIds"),
    });
  }, { warn: ctx.warn, resultReady: ctx.resultReady });
}
