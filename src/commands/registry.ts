/**
 * The command registry: which commands exist and how to load one. The CLI, the MCP server, help,
 * docs, completions and the skill generator all read it; it imports no front-end.
 *
 * `COMMAND_TABLE` (generated into table.ts by `deno task gen`) names every command with its
 * summary and group, so dispatch and the overview help need no schema. A group's module (its
 * zod schemas and specs) is imported only when one of its commands is asked for, through the
 * literal `import()` of `GROUPS` (literal specifiers are embedded by `deno compile`).
 */
import type { AnyCommandSpec, CommandContext } from "./spec.ts";
import type { FastInput } from "../fast_input.ts";
import { COMMAND_MODULES, COMMAND_TABLE, type CommandEntry, type CommandModule } from "./table.ts";

export { COMMAND_TABLE, type CommandEntry, type CommandModule };

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
  media: async () => (await import("./media_groups.ts")).mediaCommands,
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
} satisfies Record<string, () => Promise<readonly AnyCommandSpec[]>>;

/** A group's key in GROUPS. */
export type GroupName = keyof typeof GROUPS;

/** A group's generated fast validators (src/commands/fast/<group>.ts). */
type FastModule = { FAST: Record<string, FastInput> };

/**
 * Each group's fast validators, generated from its zod schemas by `deno task gen`: the CLI
 * validates with them without loading zod (see src/fast_input.ts).
 */
export const FAST_INPUTS = {
  draft: () => import("./fast/draft.ts"),
  easy: () => import("./fast/easy.ts"),
  build: () => import("./fast/build.ts"),
  transfer: () => import("./fast/transfer.ts"),
  draftManage: () => import("./fast/draftManage.ts"),
  validate: () => import("./fast/validate.ts"),
  media: () => import("./fast/media.ts"),
  videos: () => import("./fast/videos.ts"),
  segments: () => import("./fast/segments.ts"),
  keyframes: () => import("./fast/keyframes.ts"),
  transitions: () => import("./fast/transitions.ts"),
  effects: () => import("./fast/effects.ts"),
  stickers: () => import("./fast/stickers.ts"),
  masks: () => import("./fast/masks.ts"),
  config: () => import("./fast/config.ts"),
  editors: () => import("./fast/editors.ts"),
  query: () => import("./fast/query.ts"),
  docs: () => import("./fast/docs.ts"),
  setup: () => import("./fast/setup.ts"),
  preview: () => import("./fast/preview.ts"),
  mcp: () => import("./fast/mcp.ts"),
} satisfies Record<GroupName, () => Promise<FastModule>>;

/** A command's handler: its spec's `run`. */
export type Handler = (input: never, ctx: CommandContext) => Promise<unknown>;

/**
 * Each group's handlers: the `run` of its commands, in a module that loads no zod
 * (src/commands/run/<module>.ts, one export per command named by `handlerName`).
 */
export const RUNNERS = {
  draft: () => import("./run/draft.ts"),
  easy: () => import("./run/easy.ts"),
  build: () => import("./run/build.ts"),
  transfer: () => import("./run/transfer.ts"),
  draftManage: () => import("./run/draft_manage.ts"),
  validate: () => import("./run/validate.ts"),
  media: () => import("./run/media_groups.ts"),
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
} satisfies Record<GroupName, () => Promise<Record<string, unknown>>>;

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

/** Loads the spec of one table entry (only its group's module). */
export async function loadSpec(entry: CommandEntry): Promise<AnyCommandSpec> {
  const specs = await GROUPS[entry.group as GroupName]();
  const key = entry.name.join(" ");
  const spec = specs.find((s) => s.name.join(" ") === key);
  if (!spec) {
    throw new Error(`registry: '${key}' is not in group ${entry.group}; run deno task gen`);
  }
  return await withIdempotency(spec);
}

/** Every spec, in help order (loads every group). */
export async function loadAllSpecs(): Promise<AnyCommandSpec[]> {
  const groups = await Promise.all(Object.values(GROUPS).map((load) => load()));
  return await Promise.all(groups.flat().map(withIdempotency));
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
