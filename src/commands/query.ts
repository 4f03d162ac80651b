/**
 * `query` commands (media facts and catalog look-ups, read-only) and `text-style`. Catalog
 * queries read the catalog of the draft's editor (`--draft-id`), of `--editor`, else of the
 * config's editor, else JianYing.
 */
import { z } from "zod";
import { type AnyCommandSpec, type CommandContext, defineCommand } from "./spec.ts";
import { mediaUrl } from "../schema/common.ts";
import { catalogQueryFields, editionFields } from "../schema/query.ts";
import { textMaterialStyleFields } from "../schema/caption_style.ts";
import { CaptionInfo } from "../schema/media_items.ts";
import type { CatalogKind, Edition } from "../catalogs/catalog.ts";
import { DraftcliError } from "../errors.ts";

/** Modules behind these commands, loaded only when one runs. */
const catalogs = () => import("../catalogs/query.ts");
const media = () => import("../media/inspect.ts");
const drafts = () => import("../store/drafts.ts");
const textStyleOps = () => import("../ops/text_style.ts");

/**
 * The edition a look-up is for: the draft's when `draftId` is given (an `editor` that disagrees
 * is an error), else `editor`, else the config's editor, else jianying.
 */
export async function editionFor(
  input: { draftId?: string; editor?: Edition },
  ctx: CommandContext,
): Promise<Edition> {
  if (input.draftId !== undefined) {
    const edition = await (await drafts()).peekEdition(
      await (await drafts()).locateDraft(await ctx.searchRoots(), input.draftId),
    );
    if (input.editor !== undefined && input.editor !== edition) {
      throw new DraftcliError(
        "invalid_input",
        `draft '${input.draftId}' is a ${edition} draft, but --editor is ${input.editor}`,
        { hint: "leave out --editor (the draft decides) or leave out --draft-id", path: "editor" },
      );
    }
    return edition;
  }
  return input.editor ?? (await ctx.config()).editor ?? "jianying";
}

const urlInput = z.object({
  url: mediaUrl.describe(
    "file path (absolute, ~/ or relative), file:// URL, or http(s) URL (downloaded to a temp folder)",
  ),
}).strict();

async function inspect(url: string, ctx: CommandContext) {
  const config = await ctx.config();
  return await (await media()).inspectUrl(url, {
    maxDownloadBytes: config.maxDownloadBytes,
    warn: ctx.warn,
    home: ctx.env.HOME ?? ctx.env.USERPROFILE,
  });
}

/** `query media`. */
export const queryMedia = defineCommand({
  name: ["query", "media"],
  summary: "probe a media file or URL: kind, duration (µs), width, height, hasAudio, format",
  description: "http(s) URLs are downloaded into a temporary folder, which is removed " +
    'afterwards. Output: {"url","kind","format","duration","width","height","hasAudio",' +
    '"hasVideo"}; kind is image, video (animated GIFs included) or audio; duration is 0 for ' +
    "still images; width and height are the display size (0 for audio).",
  input: urlInput,
  examples: [
    "query media --url file:///abs/clip.mp4",
    "query media --url https://example.com/a.jpg",
  ],
  async run(input, ctx) {
    const info = await inspect(input.url, ctx);
    return {
      url: input.url,
      kind: info.kind,
      format: info.format,
      duration: info.durationUs,
      width: info.width,
      height: info.height,
      hasAudio: info.hasAudio,
      hasVideo: info.hasVideo,
    };
  },
});

/** `query audio-duration`. */
export const queryAudioDuration = defineCommand({
  name: ["query", "audio-duration"],
  summary: "the duration (µs) of an audio file or URL (or of a video's sound)",
  description: 'Output: {"url","duration","format","message":"ok"} (message as cutcli prints ' +
    "it). Fails with media_error when the file " +
    "has no sound.",
  input: urlInput,
  examples: ["query audio-duration --url file:///abs/voice.mp3"],
  async run(input, ctx) {
    const info = await inspect(input.url, ctx);
    if (!info.hasAudio) {
      throw new DraftcliError("media_error", `url: ${input.url} has no audio (${info.kind})`, {
        hint: "pass an audio file, or a video that has a sound track",
        path: "url",
      });
    }
    return { url: input.url, duration: info.durationUs, format: info.format, message: "ok" };
  },
});

const CATALOG_OUTPUT = 'Output: {"editor","kind","action","total","offset","limit","items"}; ' +
  "total counts every match, items is one page. Each item: name, aliases, otherEditionNames " +
  "(the other editor's names), resourceId, effectId, isVip (true = paid), and where the kind " +
  "has them defaultDurationUs, category, params ({name,default,min,max}, raw range), " +
  "isOverlap, resourceType. --action categories lists {category,count}.";

const ANIMATION_KINDS: Record<"image" | "text", Record<"in" | "out" | "loop", CatalogKind>> = {
  image: { in: "video_intro", out: "video_outro", loop: "video_group" },
  text: { in: "text_intro", out: "text_outro", loop: "text_loop" },
};

/** `query animations`. */
export const queryAnimations = defineCommand({
  name: ["query", "animations"],
  summary: "list or search entrance (in), exit (out) and loop animations for images or text",
  description: "Images and videos share one set (video_intro / video_outro / video_group); " +
    "text has its own (text_intro / text_outro / text_loop). " + CATALOG_OUTPUT,
  input: z.object({
    kind: z.enum(["image", "video", "text"]).describe(
      "image (also used by videos), video (same set as image) or text",
    ),
    type: z.enum(["in", "out", "loop"]).describe("in (entrance), out (exit) or loop (combo)"),
    ...editionFields,
    ...catalogQueryFields,
  }).strict(),
  examples: [
    "query animations --kind image --type in --keyword 渐显",
    "query animations --kind text --type loop --editor capcut --limit 20",
  ],
  async run(input, ctx) {
    const { kind, type, draftId, editor, ...q } = input;
    const catalogKind = ANIMATION_KINDS[kind === "text" ? "text" : "image"][type];
    return (await catalogs()).queryCatalog(
      await editionFor({ draftId, editor }, ctx),
      catalogKind,
      q,
    );
  },
});

/** `query image-animations` / `query text-animations`: cutcli's names for `query animations`. */
function animationsFor(target: "image" | "text"): AnyCommandSpec {
  const modeField = target === "image"
    ? {
      mode: z.number().int().min(0).max(10).optional().describe(
        "accepted for cutcli scripts; ignored (images and videos share one set)",
      ),
    }
    : {};
  return defineCommand({
    name: ["query", `${target}-animations`],
    summary: `list or search ${target} entrance (in), exit (out) and loop animations`,
    description: `The same as 'query animations --kind ${target}', under cutcli's name. ` +
      CATALOG_OUTPUT,
    input: z.object({
      type: z.enum(["in", "out", "loop"]).default("in").describe(
        "in (entrance, default), out (exit) or loop",
      ),
      ...modeField,
      ...editionFields,
      ...catalogQueryFields,
    }).strict(),
    examples: [`query ${target}-animations --type out --keyword 渐隐`],
    async run(input, ctx) {
      const { type, draftId, editor, mode: _mode, ...q } = input as typeof input & {
        mode?: number;
      };
      return (await catalogs()).queryCatalog(
        await editionFor({ draftId, editor }, ctx),
        ANIMATION_KINDS[target][type],
        q,
      );
    },
  });
}

/** cutcli's animation queries. */
export const queryAnimationAliases: AnyCommandSpec[] = [
  animationsFor("image"),
  animationsFor("text"),
];

/** A `query <words>` command over one catalog kind. */
function catalogCommand(
  word: string,
  kind: CatalogKind,
  what: string,
  examples: string[],
  note = "",
): AnyCommandSpec {
  return defineCommand({
    name: ["query", word],
    summary: `list or search ${what} (names, resource ids, VIP flags)`,
    description: note + CATALOG_OUTPUT,
    input: z.object({ ...editionFields, ...catalogQueryFields }).strict(),
    examples,
    async run(input, ctx) {
      const { draftId, editor, ...q } = input;
      return (await catalogs()).queryCatalog(await editionFor({ draftId, editor }, ctx), kind, q);
    },
  });
}

/** The catalog `query` commands other than animations. */
export const queryCatalogCommands: AnyCommandSpec[] = [
  catalogCommand("transitions", "transitions", "transitions between clips", [
    "query transitions --keyword 叠化",
    "query transitions --editor capcut --keyword mix",
  ]),
  catalogCommand("effects", "video_effects", "video effects", [
    "query effects --action categories",
    "query effects --category character --keyword 爱心",
  ], "Categories: scene (whole picture) and character (follows people). "),
  catalogCommand("filters", "filters", "colour filters", ["query filters --keyword 复古"]),
  catalogCommand("masks", "masks", "masks", ["query masks"]),
  catalogCommand("fonts", "fonts", "fonts", ["query fonts --keyword 宋体"]),
  catalogCommand("audio-effects", "audio_effects", "audio effects (voice changers, tones)", [
    "query audio-effects --action categories",
    "query audio-effects --category tone",
  ]),
  catalogCommand(
    "mix-modes",
    "mix_modes",
    "blend (mix) modes (JianYing only)",
    ["query mix-modes"],
    "Only JianYing has blend modes in its catalog; CapCut queries fail. ",
  ),
];

/** `text-style`. */
export const textStyleCommand = defineCommand({
  name: ["text-style"],
  summary: "print the text material (content JSON, style ranges) a caption would get; no draft",
  description: "Runs the same code as 'captions add' for one text and prints " +
    '{"editor","content","contentJson","ranges","material","unmatchedKeywords"}: content is ' +
    "the material's content string as written into the draft, ranges are its style " +
    "partitions in UTF-16 code units, material the fields stored next to it. Nothing is written.",
  input: z.object({
    text: CaptionInfo.shape.text,
    highlights: CaptionInfo.shape.highlights,
    keyword: CaptionInfo.shape.keyword,
    keywordColor: CaptionInfo.shape.keywordColor,
    keywordFontSize: CaptionInfo.shape.keywordFontSize,
    ...textMaterialStyleFields,
    ...editionFields,
  }).strict(),
  examples: [
    "text-style --text '限时 特价 今天' --keyword '特价|今天' --keyword-color '#ffde00' --font-size 10",
    "text-style --text 'Hello' --bold --text-color '#ff0000' --editor capcut",
  ],
  async run(input, ctx) {
    const { draftId, editor, ...req } = input;
    return (await textStyleOps()).textStyle(
      await editionFor({ draftId, editor }, ctx),
      req,
      ctx.warn,
    );
  },
});

/** Every `query` command and `text-style`. */
export const queryCommands: AnyCommandSpec[] = [
  queryMedia,
  queryAudioDuration,
  queryAnimations,
  ...queryAnimationAliases,
  ...queryCatalogCommands,
  textStyleCommand,
];
