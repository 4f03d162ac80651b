/**
 * The command registry: which commands exist and how to load one. The CLI, the MCP server, help,
 * docs, completions and the skill generator all read it; it imports no front-end.
 *
 * `COMMAND_TABLE` (generated into src/generated/command_table.ts by `deno task gen`) names every
 * command with its summary, so dispatch and the overview help need no schema. A command's file
 * (`COMMAND_FILES`) is imported only when that command is asked for, through a literal
 * `import()` (literal specifiers are embedded by `deno compile`); its zod schemas are built only
 * when something needs them (`resolveSpec`).
 */
import type { AnyCommandDef, AnyCommandSpec, CommandContext } from "./spec.ts";
import {
  COMMAND_MODULES,
  COMMAND_TABLE,
  type CommandEntry,
  type CommandModule,
} from "../generated/command_table.ts";

export { COMMAND_TABLE, type CommandEntry, type CommandModule };

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

/**
 * Loads a fast command's validator and handler, with the operation modules its handler uses, in
 * one module load (its entry module); undefined for a command that has no fast path. Callers
 * start this beside their other imports, so that a call waits for one load, not several.
 */
export function loadCommand(entry: CommandEntry): Promise<CommandModule> | undefined {
  return entry.fast ? COMMAND_MODULES[entry.name.join(" ")]?.() : undefined;
}

/** A command's handler: its spec's `run`. */
export type Handler = (input: never, ctx: CommandContext) => Promise<unknown>;

/** The entry whose words are the longest prefix of `words`, and how many words it used. */
export function findEntry(words: readonly string[]): { entry?: CommandEntry; used: number } {
  let entry: CommandEntry | undefined;
  let used = 0;
  for (const e of COMMAND_TABLE) {
    const n = e.name.length;
    if (n > used && n <= words.length && e.name.every((w, i) => words[i] === w)) {
      entry = e;
      used = n;
    }
  }
  return { entry, used };
}

/** Loads the spec of one table entry (its command file), schemas built. */
export async function loadSpec(entry: CommandEntry): Promise<AnyCommandSpec> {
  const key = entry.name.join(" ");
  const file = (COMMAND_FILES as Record<string, () => Promise<CommandFile>>)[key];
  if (!file) throw new Error(`registry: no command file for '${key}'; run deno task gen`);
  return await resolveSpec((await file()).command);
}

/** Every spec, in help order (loads every command file), schemas built. */
export async function loadAllSpecs(): Promise<AnyCommandSpec[]> {
  return await Promise.all((await loadAllDefs()).map(resolveSpec));
}

/**
 * Every command as its file declares it, in help order: one module load of all command files
 * with zod and the schema modules (src/generated/all_commands.ts), not one per command.
 */
export async function loadAllDefs(): Promise<readonly AnyCommandDef[]> {
  return (await import("../generated/all_commands.ts")).ALL_COMMANDS;
}

const resolved = new WeakMap<object, Promise<AnyCommandSpec>>();

/**
 * A command's spec with its schemas built (loads zod; once per command) and, for an add
 * command, its `requestId` input (see `withIdempotency`).
 */
export function resolveSpec(command: AnyCommandDef): Promise<AnyCommandSpec> {
  let spec = resolved.get(command);
  if (!spec) {
    spec = (async () => {
      const { schemas, ...rest } = command;
      return await withIdempotency({ ...rest, ...await schemas() });
    })();
    resolved.set(command, spec);
  }
  return spec;
}

/**
 * Add commands (`<group> add <draftId>`) take `--request-id`: a retry is a no-op. Its module
 * (and zod with it) loads only for such a command: `--version` and other commands skip it.
 */
export async function withIdempotency(spec: AnyCommandSpec): Promise<AnyCommandSpec> {
  if (spec.name.at(-1) !== "add" || spec.positionals?.[0] !== "draftId") return spec;
  const { withRequestId } = await import("./request_id.ts");
  return withRequestId(spec);
}
