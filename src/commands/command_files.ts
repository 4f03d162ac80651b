/**
 * Each command's file by its words: the list of commands that exist (`deno task gen` writes the
 * generated command table from it). Loaded only where a command's file itself is needed (its zod
 * schemas, the generator): a plain call dispatches through the generated table and its entry
 * modules, and does not load this table of loaders.
 */
import type { AnyCommandDef } from "./spec.ts";

/** A command file: it exports its definition as `command`. */
export interface CommandFile {
  readonly command: AnyCommandDef;
}

/**
 * Each command's file, by its words joined by spaces, in help order: the list of commands that
 * exist. `deno task gen` writes the generated table from it.
 */
export const COMMAND_FILES = {
  "draft create": () => import("./draft/draft_create.ts"),
  "draft list": () => import("./draft/draft_list.ts"),
  "draft info": () => import("./draft/draft_info.ts"),
  "draft easy": () => import("./draft/draft_easy.ts"),
  "build": () => import("./build/build_command.ts"),
  "schema": () => import("./schema/schema_command.ts"),
  "draft export": () => import("./draft/draft_export.ts"),
  "draft fill": () => import("./draft/draft_fill.ts"),
  "draft zip": () => import("./draft/draft_zip.ts"),
  "draft upload": () => import("./draft/draft_upload.ts"),
  "draft import": () => import("./draft/draft_import.ts"),
  "draft delete": () => import("./draft/draft_delete.ts"),
  "draft rename": () => import("./draft/draft_rename.ts"),
  "draft duplicate": () => import("./draft/draft_duplicate.ts"),
  "draft validate": () => import("./draft/draft_validate.ts"),
  "images add": () => import("./images/images_add.ts"),
  "images list": () => import("./images/images_list.ts"),
  "audios add": () => import("./audios/audios_add.ts"),
  "audios list": () => import("./audios/audios_list.ts"),
  "captions add": () => import("./captions/captions_add.ts"),
  "captions list": () => import("./captions/captions_list.ts"),
  "videos add": () => import("./videos/videos_add.ts"),
  "videos list": () => import("./videos/videos_list.ts"),
  "segments list": () => import("./segments/segments_list.ts"),
  "segments update": () => import("./segments/segments_update.ts"),
  "segments move": () => import("./segments/segments_move.ts"),
  "segments remove": () => import("./segments/segments_remove.ts"),
  "keyframes add": () => import("./keyframes/keyframes_add.ts"),
  "keyframes list": () => import("./keyframes/keyframes_list.ts"),
  "transitions add": () => import("./transitions/transitions_add.ts"),
  "transitions list": () => import("./transitions/transitions_list.ts"),
  "effects add": () => import("./effects/effects_add.ts"),
  "effects list": () => import("./effects/effects_list.ts"),
  "filters add": () => import("./filters/filters_add.ts"),
  "filters list": () => import("./filters/filters_list.ts"),
  "sticker add": () => import("./sticker/sticker_add.ts"),
  "sticker list": () => import("./sticker/sticker_list.ts"),
  "masks add": () => import("./masks/masks_add.ts"),
  "masks list": () => import("./masks/masks_list.ts"),
  "config show": () => import("./config/config_show.ts"),
  "config set-dir": () => import("./config/config_set_dir.ts"),
  "config set": () => import("./config/config_set.ts"),
  "editors": () => import("./editors/editors_command.ts"),
  "query media": () => import("./query/query_media.ts"),
  "query audio-duration": () => import("./query/query_audio_duration.ts"),
  "query animations": () => import("./query/query_animations.ts"),
  "query image-animations": () => import("./query/query_image_animations.ts"),
  "query text-animations": () => import("./query/query_text_animations.ts"),
  "query transitions": () => import("./query/query_transitions.ts"),
  "query effects": () => import("./query/query_effects.ts"),
  "query filters": () => import("./query/query_filters.ts"),
  "query masks": () => import("./query/query_masks.ts"),
  "query fonts": () => import("./query/query_fonts.ts"),
  "query audio-effects": () => import("./query/query_audio_effects.ts"),
  "query mix-modes": () => import("./query/query_mix_modes.ts"),
  "query stickers": () => import("./query/query_stickers.ts"),
  "query huazi": () => import("./query/query_huazi.ts"),
  "text-style": () => import("./text_style/text_style_command.ts"),
  "docs": () => import("./docs/docs_command.ts"),
  "completions": () => import("./completions/completions_command.ts"),
  "setup": () => import("./setup/setup_command.ts"),
  "preview": () => import("./preview/preview_command.ts"),
  "mcp": () => import("./mcp/mcp_command.ts"),
} satisfies Record<string, () => Promise<CommandFile>>;
