/**
 * Handlers of the `query` commands and `text-style`, without zod. Catalog queries read the
 * catalog of the draft's editor (`--draft-id`), of `--editor`, else of the config's editor, else
 * JianYing.
 */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type {
  QueryAnimationsInput,
  QueryCatalogInput,
  QueryImageAnimationsInput,
  QueryTextAnimationsInput,
  QueryUrlInput,
  TextStyleInput,
} from "../query.ts";
import type { CatalogKind, Edition } from "../../catalogs/catalog.ts";
import { DraftcliError } from "../../errors.ts";
import { redactUrl } from "../../text/redact.ts";

/** Modules behind these commands, loaded only when one runs. */
const catalogs = () => import("../../catalogs/query.ts");
const media = () => import("../../media/inspect.ts");
const drafts = () => import("../../store/drafts.ts");
const textStyleOps = () => import("../../ops/text_style.ts");

/**
 * The edition a look-up is for: the draft's when `draftId` is given (an `editor` that disagrees
 * is an error), else `editor`, else the config's editor, else jianying.
 */
async function editionFor(
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

async function inspect(url: string, ctx: CommandContext) {
  const config = await ctx.config();
  return await (await media()).inspectUrl(url, {
    maxDownloadBytes: config.maxDownloadBytes,
    warn: ctx.warn,
    home: ctx.env.HOME ?? ctx.env.USERPROFILE,
  });
}

/** `query media`. */
export async function queryMedia(
  input: z.infer<typeof QueryUrlInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const info = await inspect(input.url, ctx);
  return {
    url: redactUrl(input.url),
    kind: info.kind,
    format: info.format,
    duration: info.durationUs,
    width: info.width,
    height: info.height,
    hasAudio: info.hasAudio,
    hasVideo: info.hasVideo,
  };
}

/** `query audio-duration`. */
export async function queryAudioDuration(
  input: z.infer<typeof QueryUrlInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const info = await inspect(input.url, ctx);
  if (!info.hasAudio) {
    throw new DraftcliError(
      "media_error",
      `url: ${redactUrl(input.url)} has no audio (${info.kind})`,
      {
        hint: "pass an audio file, or a video that has a sound track",
        path: "url",
      },
    );
  }
  return {
    url: redactUrl(input.url),
    duration: info.durationUs,
    format: info.format,
    message: "ok",
  };
}

const ANIMATION_KINDS: Record<"image" | "text", Record<"in" | "out" | "loop", CatalogKind>> = {
  image: { in: "video_intro", out: "video_outro", loop: "video_group" },
  text: { in: "text_intro", out: "text_outro", loop: "text_loop" },
};

/** `query animations`. */
export async function queryAnimations(
  input: z.infer<typeof QueryAnimationsInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { kind, type, draftId, editor, ...q } = input;
  const catalogKind = ANIMATION_KINDS[kind === "text" ? "text" : "image"][type];
  return (await catalogs()).queryCatalog(
    await editionFor({ draftId, editor }, ctx),
    catalogKind,
    q,
  );
}

/** `query image-animations`: cutcli's name for `query animations --kind image`. */
export async function queryImageAnimations(
  input: z.infer<typeof QueryImageAnimationsInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { type, draftId, editor, mode: _mode, ...q } = input;
  return (await catalogs()).queryCatalog(
    await editionFor({ draftId, editor }, ctx),
    ANIMATION_KINDS.image[type],
    q,
  );
}

/** `query text-animations`: cutcli's name for `query animations --kind text`. */
export async function queryTextAnimations(
  input: z.infer<typeof QueryTextAnimationsInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { type, draftId, editor, ...q } = input;
  return (await catalogs()).queryCatalog(
    await editionFor({ draftId, editor }, ctx),
    ANIMATION_KINDS.text[type],
    q,
  );
}

/** A look-up in one catalog kind, for the draft's or the given editor. */
async function queryKind(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
  kind: CatalogKind,
): Promise<unknown> {
  const { draftId, editor, ...q } = input;
  return (await catalogs()).queryCatalog(await editionFor({ draftId, editor }, ctx), kind, q);
}

/** `query transitions`. */
export async function queryTransitions(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "transitions");
}

/** `query effects`. */
export async function queryEffects(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "video_effects");
}

/** `query stickers`: always `no_catalog`, with how to get a sticker id from the editor. */
// deno-lint-ignore require-await
export async function queryStickers(
  _input: z.infer<typeof QueryCatalogInput>,
  _ctx: CommandContext,
): Promise<unknown> {
  throw new DraftcliError(
    "no_catalog",
    "draftcli has no sticker catalog: no public list of the editors' sticker ids could be " +
      "verified",
    {
      hint: "add the sticker to any draft in JianYing/CapCut and save it, then run " +
        "'draftcli sticker list <that draft>': each item's stickerId is the id for " +
        "'draftcli sticker add <draftId> --sticker-id <id>'",
    },
  );
}

/** `query huazi`: always `no_catalog`, with how to reuse a 花字 made in the editor. */
// deno-lint-ignore require-await
export async function queryHuazi(
  _input: z.infer<typeof QueryCatalogInput>,
  _ctx: CommandContext,
): Promise<unknown> {
  throw new DraftcliError(
    "no_catalog",
    "draftcli has no 花字 (text effect) catalog: no public list of the editors' 花字 ids " +
      "could be verified, and captions cannot take one",
    {
      hint: "style a caption with the 花字 in the editor and save the draft, then run " +
        "'draftcli draft fill <that draft> --texts '{\"old text\":\"new text\"}'': the " +
        "copy keeps the 花字",
    },
  );
}

/** `query filters`. */
export async function queryFilters(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "filters");
}

/** `query masks`. */
export async function queryMasks(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "masks");
}

/** `query fonts`. */
export async function queryFonts(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "fonts");
}

/** `query audio-effects`. */
export async function queryAudioEffects(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "audio_effects");
}

/** `query mix-modes`. */
export async function queryMixModes(
  input: z.infer<typeof QueryCatalogInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await queryKind(input, ctx, "mix_modes");
}

/** `text-style`. */
export async function textStyle(
  input: z.infer<typeof TextStyleInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const { draftId, editor, ...req } = input;
  return (await textStyleOps()).textStyle(
    await editionFor({ draftId, editor }, ctx),
    req,
    ctx.warn,
  );
}
