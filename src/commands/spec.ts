/**
 * The contract every command implements. A command is data: its name, a one-line summary, a zod
 * input schema (the single source of truth for validation, `--help`, MCP tool definitions, docs
 * and the generated skill text) and a `run` function that returns plain JSON.
 *
 * A command file (src/commands/<group>/<group>_<verb>.ts, or <name>_command.ts for a one-word
 * command) declares a `CommandDef`: its schemas sit behind an async factory that loads zod, so
 * that running the command loads no zod, and its handler loads what it calls by literal
 * `import()` (the generated entry module loads the same modules with it). The registry turns a definition into a `CommandSpec`
 * (schemas built) for whatever needs them: help, MCP tools, docs, skill text, completions.
 */
import type { z } from "zod";

export type { CommandContext } from "../ops/context.ts";
import type { CommandContext } from "../ops/context.ts";

/** A command's declaration. `S` is its zod input schema (an object of named inputs). */
export interface CommandSpec<S extends z.ZodObject = z.ZodObject> {
  /** Words that name it, e.g. ["images", "add"]. */
  name: string[];
  /** One line for lists. */
  summary: string;
  /** Longer text for `--help` and docs (optional). */
  description?: string;
  /** Input keys taken from positional arguments, in order (e.g. ["draftId"]). */
  positionals?: string[];
  /** Every input, keyed by camelCase name; flags are the kebab-case form. */
  input: S;
  /** Example command lines (without the leading `draftcli`). */
  examples?: string[];
  /** Does it change a draft or other files? (MCP hints, docs.) */
  mutates?: boolean;
  /**
   * Does it delete or overwrite what was there (not just add)? Default false: an additive
   * command is not destructive. MCP `destructiveHint`.
   */
  destructive?: boolean;
  /** Does repeating the same call leave the same state? Default: true unless `mutates`. */
  idempotent?: boolean;
  /**
   * zod schema of the JSON the command returns, when it has one: rendered by `--help` and the
   * docs (an array output is sent as `{ items: [...] }` in MCP structured content).
   */
  output?: z.ZodType;
  /**
   * The MCP tool's input schema when it is richer than `input` (which validates): `build` takes
   * its spec as an object whose full schema the tool shows, where argv takes JSON text.
   */
  toolInput?: z.ZodObject;
  /** Does the MCP server expose it? Default true. */
  mcp?: boolean;
  /**
   * PNG files of a result that an MCP client should see as image content (e.g. `preview`'s
   * frame or contact sheet). The CLI prints only the JSON, which names the same files.
   */
  images?(result: unknown): string[];
  /** Does the work and returns JSON for stdout. */
  run(input: z.infer<S>, ctx: CommandContext): Promise<unknown>;
}

/** The zod schemas of a command, built when first needed (see `CommandDef.schemas`). */
export interface CommandSchemas<S extends z.ZodObject = z.ZodObject> {
  /** Every input, keyed by camelCase name; flags are the kebab-case form. */
  input: S;
  /** The JSON the command returns (see `CommandSpec.output`). */
  output?: z.ZodType;
  /** The MCP tool's input schema when richer than `input` (see `CommandSpec.toolInput`). */
  toolInput?: z.ZodObject;
}

/**
 * A command as its file declares it: everything of a `CommandSpec` but the schemas, which an
 * async factory builds (it imports zod and src/schema/ modules by literal dynamic imports, so
 * that loading the command file to run it loads no zod).
 */
export type CommandDef<S extends z.ZodObject = z.ZodObject> =
  & Omit<CommandSpec<S>, "input" | "output" | "toolInput">
  & {
    /** Builds the command's zod schemas; the registry calls it once. */
    schemas(): Promise<CommandSchemas<S>>;
  };

/** A command definition of any input type. */
// deno-lint-ignore no-explicit-any
export type AnyCommandDef = CommandDef<any>;

/** Declares a command file's command with its input type inferred from its schema factory. */
export function defineCommandFile<S extends z.ZodObject>(def: CommandDef<S>): CommandDef<S> {
  return def;
}

/** Erases the schema type so specs of all commands fit one list. */
// deno-lint-ignore no-explicit-any
export type AnyCommandSpec = CommandSpec<any>;

/** Where a command that describes other commands (docs, setup, mcp) gets them, at run time. */
export type SpecSource = () => readonly AnyCommandSpec[] | Promise<readonly AnyCommandSpec[]>;

/**
 * Declares a spec whose schemas are already built, with its input type inferred from them (toy
 * registries in tests; command files use `defineCommandFile`).
 */
export function defineCommand<S extends z.ZodObject>(spec: CommandSpec<S>): CommandSpec<S> {
  return spec;
}
