/**
 * The command registry: which commands exist and how to load one. The CLI, the MCP server, help,
 * docs, completions and the skill generator all read it; it imports no front-end.
 *
 * `COMMAND_TABLE` (generated into src/generated/command_table.ts by `deno task gen`) names every
 * command with its summary, for lists (the overview help, docs, completions). Dispatch does not
 * load it: `findCommand` loads the called command's entry module through `loadEntryModule`
 * (src/generated/command_loader.ts), and the entry module carries the command's row. A command's
 * file (`COMMAND_FILES`, command_files.ts, itself loaded only then) is imported only when that
 * command's spec is asked for, through a literal `import()` (literal specifiers are embedded by
 * `deno compile`); its zod schemas are built only when something needs them (`resolveSpec`).
 */
import type { AnyCommandDef, AnyCommandSpec, CommandContext } from "./spec.ts";
import type { CommandFile } from "./command_files.ts";
import type { CommandEntry, CommandModule } from "../generated/command_table.ts";
import { loadEntryModule, MAX_NAME_WORDS } from "../generated/command_loader.ts";

export type { CommandEntry, CommandModule };

/**
 * Loads a fast command's validator and handler, with the operation modules its handler uses, in
 * one module load (its entry module); undefined for a command that has no fast path. Callers
 * start this beside their other imports, so that a call waits for one load, not several.
 */
export function loadCommand(entry: CommandEntry): Promise<CommandModule> | undefined {
  return entry.fast ? loadEntryModule(entry.name.join(" ")) : undefined;
}

/** A command's handler: its spec's `run`. */
export type Handler = (input: never, ctx: CommandContext) => Promise<unknown>;

/** A command found by its words: its row, its loaded entry module, and how many words named it. */
export interface FoundCommand {
  entry: CommandEntry;
  command: CommandModule;
  used: number;
}

/**
 * The command whose words are the longest prefix of `words`, with its entry module loaded (the
 * only module of the command table's kind a call loads); undefined when no prefix names one.
 */
export async function findCommand(words: readonly string[]): Promise<FoundCommand | undefined> {
  for (let n = Math.min(words.length, MAX_NAME_WORDS); n > 0; n--) {
    const prefix = words.slice(0, n);
    // A word holding a space is no word of a name ("draft info" as one argument names nothing).
    if (prefix.some((w) => w.includes(" "))) continue;
    const loading = loadEntryModule(prefix.join(" "));
    if (loading) {
      const command = await loading;
      return { entry: command.entry, command, used: n };
    }
  }
  return undefined;
}

/** Loads the spec of one table entry (its command file), schemas built. */
export async function loadSpec(entry: CommandEntry): Promise<AnyCommandSpec> {
  const key = entry.name.join(" ");
  const { COMMAND_FILES } = await import("./command_files.ts");
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
