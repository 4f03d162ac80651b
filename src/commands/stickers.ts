/** `sticker` command group. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema, endAfterStart, endAfterStartError } from "../schema/common.ts";
import { stickerFields } from "../schema/visual_items.ts";
import * as run from "./run/stickers.ts";

/** Input of `sticker add`. */
export const StickerAddInput = z.object({ draftId: draftIdSchema, ...stickerFields }).strict()
  .refine(endAfterStart, endAfterStartError());

/** Input of `sticker list`. */
export const StickerListInput = z.object({ draftId: draftIdSchema }).strict();

/** `sticker add`. */
export const stickerAdd = defineCommand({
  name: ["sticker", "add"],
  summary: "add a sticker from the editor's library by resource id (sticker track)",
  description: "There is no sticker catalog: the id must come from the editor (e.g. a sticker's " +
    "resource_id in a draft saved by the editor). The editor downloads the sticker by id.",
  positionals: ["draftId"],
  input: StickerAddInput,
  mutates: true,
  examples: [
    'sticker add "$ID" --sticker-id 7213186475432824123 --start 0 --end 2000000 --scale 0.5',
  ],
  run: run.stickerAdd,
});

/** `sticker list`. */
export const stickerList = defineCommand({
  name: ["sticker", "list"],
  summary: "list sticker segments",
  positionals: ["draftId"],
  input: StickerListInput,
  // Over MCP, segments_list lists every kind with what is attached.
  mcp: false,
  run: run.stickerList,
});

/** The `sticker` commands. */
export const stickerCommands = [stickerAdd, stickerList];
