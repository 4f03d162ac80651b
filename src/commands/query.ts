/**
 * `query` commands (media facts and catalog look-ups, read-only) and `text-style`. Catalog
 * queries read the catalog of the draft's editor (`--draft-id`), of `--editor`, else of the
 * config's editor, else JianYing. The handlers are in run/query.ts.
 */
import { PATH_RULE } from "../text/path_rule.ts";
import { z } from "zod";
import { type AnyCommandSpec, type CommandContext, defineCommand } from "./spec.ts";
import { mediaUrl } from "../schema/common.ts";
import { catalogQueryFields, editionFields } from "../schema/query.ts";
import { textMaterialStyleFields } from "../schema/caption_style.ts";
import { CaptionInfo } from "../schema/media_items.ts";
import * as run from "./run/query.ts";

/** The input of `query media` and `query audio-duration`: one file or URL. */
export const QueryUrlInput = z.object({
  url: mediaUrl.describe(`the file: ${PATH_RULE}`),
}).strict();

/** `query media`. */
export const queryMedia = defineCommand({
  name: ["query", "media"],
  summary: "probe a media file or URL: kind, duration (µs), width, height, hasAudio, format",
  description: "http(s) URLs are downloaded into a temporary folder, which is removed " +
    'afterwards. Output: {"url","kind","format","duration","width","height","hasAudio",' +
    '"hasVideo"}; kind is image, video (animated GIFs included) or audio; duration is 0 for ' +
    "still images; width and height are the display size (0 for audio).",
  input: QueryUrlInput,
  examples: [
    "query media --url file:///abs/clip.mp4",
    "query media --url https://example.com/a.jpg",
  ],
  run: run.queryMedia,
});

/** `query audio-duration`. */
export const queryAudioDuration = defineCommand({
  name: ["query", "audio-duration"],
  summary: "the duration (µs) of an audio file or URL (or of a video's sound)",
  description: 'Output: {"url","duration","format","message":"ok"} (message as cutcli prints ' +
    "it). Fails with media_error when the file " +
    "has no sound.",
  input: QueryUrlInput,
  examples: ["query audio-duration --url file:///abs/voice.mp3"],
  run: run.queryAudioDuration,
});

const CATALOG_OUTPUT = 'Output: {"editor","kind","action","total","offset","limit","items"}; ' +
  "total counts every match, items is one page. Each item: name, aliases, otherEditionNames " +
  "(the other editor's names), resourceId, effectId, isVip (true = paid), and where the kind " +
  "has them defaultDurationUs, category, params ({name,default,min,max}, raw range), " +
  "isOverlap, resourceType. --action categories lists {category,count}.";

/** The input of `query animations`. */
export const QueryAnimationsInput = z.object({
  kind: z.enum(["image", "video", "text"]).describe(
    "image (also used by videos), video (same set as image) or text",
  ),
  type: z.enum(["in", "out", "loop"]).describe("in (entrance), out (exit) or loop (combo)"),
  ...editionFields,
  ...catalogQueryFields,
}).strict();

/** `query animations`. */
export const queryAnimations = defineCommand({
  name: ["query", "animations"],
  summary: "list or search entrance (in), exit (out) and loop animations for images or text",
  description: "Images and videos share one set (video_intro / video_outro / video_group); " +
    "text has its own (text_intro / text_outro / text_loop). " + CATALOG_OUTPUT,
  input: QueryAnimationsInput,
  examples: [
    "query animations --kind image --type in --keyword 渐显",
    "query animations --kind text --type loop --editor capcut --limit 20",
  ],
  run: run.queryAnimations,
});

/** The input of cutcli's `query <target>-animations` (`modeField` only for images). */
function animationsInput<M extends z.ZodRawShape>(modeField: M) {
  return z.object({
    type: z.enum(["in", "out", "loop"]).default("in").describe(
      "in (entrance, default), out (exit) or loop",
    ),
    ...modeField,
    ...editionFields,
    ...catalogQueryFields,
  }).strict();
}

/** The input of `query image-animations` (`mode` is accepted and ignored). */
export const QueryImageAnimationsInput = animationsInput({
  mode: z.number().int().min(0).max(10).optional().describe(
    "accepted for cutcli scripts; ignored (images and videos share one set)",
  ),
});

/** The input of `query text-animations`. */
export const QueryTextAnimationsInput = animationsInput({});

/** `query image-animations` / `query text-animations`: cutcli's names for `query animations`. */
function animationsFor<S extends z.ZodObject>(
  target: "image" | "text",
  input: S,
  handler: (input: z.infer<S>, ctx: CommandContext) => Promise<unknown>,
): AnyCommandSpec {
  return defineCommand({
    name: ["query", `${target}-animations`],
    summary: `list or search ${target} entrance (in), exit (out) and loop animations`,
    description: `The same as 'query animations --kind ${target}', under cutcli's name. ` +
      CATALOG_OUTPUT,
    input,
    examples: [`query ${target}-animations --type out --keyword 渐隐`],
    // Over MCP query_animations covers it (tools/list is read whole into the model's context).
    mcp: false,
    run: handler,
  });
}

/** cutcli's animation queries. */
export const queryAnimationAliases: AnyCommandSpec[] = [
  animationsFor("image", QueryImageAnimationsInput, run.queryImageAnimations),
  animationsFor("text", QueryTextAnimationsInput, run.queryTextAnimations),
];

/** The input of every catalog `query` command other than animations. */
export const QueryCatalogInput = z.object({ ...editionFields, ...catalogQueryFields }).strict();

/** A `query <words>` command over one catalog kind (`handler` knows the kind). */
function catalogCommand(
  word: string,
  handler: (input: z.infer<typeof QueryCatalogInput>, ctx: CommandContext) => Promise<unknown>,
  what: string,
  examples: string[],
  note = "",
): AnyCommandSpec {
  return defineCommand({
    name: ["query", word],
    summary: `list or search ${what}: names, resource ids`,
    description: note + CATALOG_OUTPUT,
    input: QueryCatalogInput,
    examples,
    run: handler,
  });
}

/** The catalog `query` commands other than animations. */
export const queryCatalogCommands: AnyCommandSpec[] = [
  catalogCommand("transitions", run.queryTransitions, "transitions between clips", [
    "query transitions --keyword 叠化",
    "query transitions --editor capcut --keyword mix",
  ]),
  catalogCommand("effects", run.queryEffects, "video effects", [
    "query effects --action categories",
    "query effects --category character --keyword 爱心",
  ], "Categories: scene (whole picture) and character (follows people). "),
  catalogCommand("filters", run.queryFilters, "colour filters", ["query filters --keyword 复古"]),
  catalogCommand("masks", run.queryMasks, "masks", ["query masks"]),
  catalogCommand("fonts", run.queryFonts, "fonts", ["query fonts --keyword 宋体"]),
  catalogCommand("audio-effects", run.queryAudioEffects, "audio effects (voice changers, tones)", [
    "query audio-effects --action categories",
    "query audio-effects --category tone",
  ]),
  catalogCommand(
    "mix-modes",
    run.queryMixModes,
    "blend (mix) modes (JianYing only)",
    ["query mix-modes"],
    "Only JianYing has blend modes in its catalog; CapCut queries fail. ",
  ),
];

/**
 * `query stickers` / `query huazi` (cutcli's names): no public list of the editors' sticker or
 * 花字 (text effect) ids could be verified, so both answer `no_catalog` with how to get an id
 * from the editor. Not MCP tools: an answer that is always an error is not worth its bytes in
 * tools/list (sticker_add's docs say where ids come from).
 */
export const queryNoCatalogCommands: AnyCommandSpec[] = [
  defineCommand({
    name: ["query", "stickers"],
    summary:
      "cutcli's sticker search: draftcli has no sticker catalog (the error says how to get an id)",
    description: "Fails with no_catalog (exit 7): no public list of sticker ids verifies. To get " +
      "one: add the sticker to any draft in the editor and save it, then run " +
      "'draftcli sticker list <that draft>': each item's stickerId is what 'sticker add " +
      "--sticker-id' takes.",
    input: QueryCatalogInput,
    examples: ["query stickers --action search --keyword 爱心"],
    mcp: false,
    run: run.queryStickers,
  }),
  defineCommand({
    name: ["query", "huazi"],
    summary: "cutcli's 花字 (styled text preset) search: draftcli has no 花字 catalog (the error " +
      "says what to do instead)",
    description: "Fails with no_catalog (exit 7): no public list of 花字 ids verifies, and " +
      "captions cannot take one. To use a 花字: style a caption with it in the editor and save " +
      "the draft, then reuse that draft with 'draftcli draft fill <that draft> --texts …' (the " +
      "copy keeps the 花字 with the new text).",
    input: QueryCatalogInput,
    examples: ["query huazi --action list"],
    mcp: false,
    run: run.queryHuazi,
  }),
];

/** The input of `text-style`: one caption's text and style fields. */
export const TextStyleInput = z.object({
  text: CaptionInfo.shape.text,
  highlights: CaptionInfo.shape.highlights,
  keyword: CaptionInfo.shape.keyword,
  keywordColor: CaptionInfo.shape.keywordColor,
  keywordFontSize: CaptionInfo.shape.keywordFontSize,
  ...textMaterialStyleFields,
  ...editionFields,
}).strict();

/** `text-style`. */
export const textStyleCommand = defineCommand({
  name: ["text-style"],
  summary: "print the text material (content JSON, style ranges) a caption would get; no draft",
  description: "Runs the same code as 'captions add' for one text and prints " +
    '{"editor","content","contentJson","ranges","material","unmatchedKeywords"}: content is ' +
    "the material's content string as written into the draft, ranges are its style " +
    "partitions in UTF-16 code units, material the fields stored next to it. Nothing is written.",
  input: TextStyleInput,
  // A look at one caption's material for people debugging styles; not a tool an agent needs.
  mcp: false,
  examples: [
    "text-style --text '限时 特价 今天' --keyword '特价|今天' --keyword-color '#ffde00' --font-size 10",
    "text-style --text 'Hello' --bold --text-color '#ff0000' --editor capcut",
  ],
  run: run.textStyle,
});

/** Every `query` command and `text-style`. */
export const queryCommands: AnyCommandSpec[] = [
  queryMedia,
  queryAudioDuration,
  queryAnimations,
  ...queryAnimationAliases,
  ...queryCatalogCommands,
  ...queryNoCatalogCommands,
  textStyleCommand,
];
