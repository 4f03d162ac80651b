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

/** Each command's file, by its words joined by spaces, in help order within its group. */
export const COMMAND_FILES = {
  "images add": () => import("./images/images_add.ts"),
  "images list": () => import("./images/images_list.ts"),
  "audios add": () => import("./audios/audios_add.ts"),
  "audios list": () => import("./audios/audios_list.ts"),
  "captions add": () => import("./captions/captions_add.ts"),
  "captions list": () => import("./captions/captions_list.ts"),
} satisfies Record<string, () => Promise<CommandFile>>;

/** The definitions of the named commands (keys of `COMMAND_FILES`), in that order. */
async function commandDefs(
  ...names: (keyof typeof COMMAND_FILES)[]
): Promise<AnyCommandDef[]> {
  return (await Promise.all(names.map((n) => COMMAND_FILES[n]()))).map((m) => m.command);
}

/**
 * Loads a fast command's validator and handler, with the operation modules its handler uses, in
 * one module load (its entry module); undefined for a command that has no fast path. Callers
 * start this beside their other imports, so that a call waits for one load, not several.
 */
export function loadCommand(entry: CommandEntry): Promise<CommandModule> | undefined {
  return entry.fast ? COMMAND_MODULES[entry.name.join(" ")]?.() : undefined;
}

/** Each group's loader, in help order: the specs of one command-definition module. */
export const GROUPS = {
  draft: async () => (await import("./draft.ts")).draftCommands,
  easy: async () => [(await import("./easy.ts")).draftEasyCommand],
  build: async () => (await import("./build.ts")).buildCommands,
  transfer: async () => (await import("./transfer.ts")).transferCommands,
  draftManage: async () => (await import("./draft_manage.ts")).draftManageCommands,
  validate: async () => (await import("./validate.ts")).validateCommands,
  media: () =>
    commandDefs(
      "images add",
      "images list",
      "audios add",
      "audios list",
      "captions add",
      "captions list",
    ),
  videos: async () => (await import("./videos.ts")).videoCommands,
  segments: async () => (await import("./segments.ts")).segmentCommands,
  keyframes: async () => (await import("./keyframes.ts")).keyframeCommands,
  transitions: async () => (await import("./transitions.ts")).transitionCommands,
  effects: async () => (await import("./effects.ts")).effectCommands,
  stickers: async () => (await import("./stickers.ts")).stickerCommands,
  masks: async () => (await import("./masks.ts")).maskCommands,
  config: async () => (await import("./config.ts")).configCommands,
  editors: async () => (await import("./editors.ts")).editorCommands,
  query: async () => (await import("./query.ts")).queryCommands,
  docs: async () => (await import("./docs.ts")).docsCommands,
  setup: async () => (await import("./setup.ts")).setupCommands,
  preview: async () => (await import("./preview.ts")).previewCommands,
  mcp: async () => (await import("./mcp.ts")).mcpCommands,
} satisfies Record<string, () => Promise<readonly (AnyCommandSpec | AnyCommandDef)[]>>;

/** A group's key in GROUPS. */
export type GroupName = keyof typeof GROUPS;

/** A command's handler: its spec's `run`. */
export type Handler = (input: never, ctx: CommandContext) => Promise<unknown>;

/**
 * Each group's handlers not yet in a command file: the `run` of its commands, in a module that
 * loads no zod (src/commands/run/<module>.ts, one export per command named by `handlerName`).
 */
export const RUNNERS = {
  draft: () => import("./run/draft.ts"),
  easy: () => import("./run/easy.ts"),
  build: () => import("./run/build.ts"),
  transfer: () => import("./run/transfer.ts"),
  draftManage: () => import("./run/draft_manage.ts"),
  validate: () => import("./run/validate.ts"),
  videos: () => import("./run/videos.ts"),
  segments: () => import("./run/segments.ts"),
  keyframes: () => import("./run/keyframes.ts"),
  transitions: () => import("./run/transitions.ts"),
  effects: () => import("./run/effects.ts"),
  stickers: () => import("./run/stickers.ts"),
  masks: () => import("./run/masks.ts"),
  config: () => import("./run/config.ts"),
  editors: () => import("./run/editors.ts"),
  query: () => import("./run/query.ts"),
  docs: () => import("./run/docs.ts"),
  setup: () => import("./run/setup.ts"),
  preview: () => import("./run/preview.ts"),
  mcp: () => import("./run/mcp.ts"),
} satisfies Partial<Record<GroupName, () => Promise<Record<string, unknown>>>>;

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

/** Loads the spec of one table entry (its command file, or its group's module), schemas built. */
export async function loadSpec(entry: CommandEntry): Promise<AnyCommandSpec> {
  const key = entry.name.join(" ");
  const file = (COMMAND_FILES as Record<string, () => Promise<CommandFile>>)[key];
  if (file) return await resolveSpec((await file()).command);
  const specs = await GROUPS[entry.group as GroupName]();
  const spec = specs.find((s) => s.name.join(" ") === key);
  if (!spec) {
    throw new Error(`registry: '${key}' is not in group ${entry.group}; run deno task gen`);
  }
  return await resolveSpec(spec);
}

/** Every spec, in help order (loads every command), schemas built. */
export async function loadAllSpecs(): Promise<AnyCommandSpec[]> {
  return await Promise.all((await loadAllDefs()).map(resolveSpec));
}

/** Every command as declared (definitions and not yet migrated specs), in help order. */
export async function loadAllDefs(): Promise<(AnyCommandDef | AnyCommandSpec)[]> {
  const groups = await Promise.all(Object.values(GROUPS).map((load) => load()));
  return groups.flat();
}

const resolved = new WeakMap<object, Promise<AnyCommandSpec>>();

/**
 * A command's spec with its schemas built (loads zod; once per command) and, for an add
 * command, its `requestId` input (see `withIdempotency`).
 */
export function resolveSpec(command: AnyCommandDef | AnyCommandSpec): Promise<AnyCommandSpec> {
  let spec = resolved.get(command);
  if (!spec) {
    spec = (async () => {
      if (!("schemas" in command)) return await withIdempotency(command);
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
