/**
 * Generates, into src/generated/, what the CLI dispatches on without loading zod or any
 * command's schema:
 * - command_table.ts: every command's words, summary, group, and the shape argv parsing needs
 *   (positionals, each field's input type, flag aliases), read from the specs themselves, and
 *   `COMMAND_MODULES`, one literal `import()` of each command's entry module;
 * - entry/<command>_entry.ts: each command in one module load: its fast validator (see
 *   scripts/gen_fast.ts), its command file (handler and the operations it imports statically),
 *   the context and the fast path (one `import()` each: a call waits for one module load);
 * - config_fast.ts: the config file's fast validator.
 *
 *   deno task gen            write them
 *   deno task gen --check    exit 1 when any is out of date (CI)
 */
import { GROUPS, resolveSpec, RUNNERS } from "../src/commands/registry.ts";
import type { AnyCommandDef, AnyCommandSpec } from "../src/commands/spec.ts";
import { fieldAliases, fieldTypes } from "../src/schema/json_schema.ts";
import { handlerName } from "../src/commands/names.ts";
import { renderFastEntry, renderValidators } from "./gen_fast.ts";
import { ConfigSchema } from "../src/store/config_schema.ts";

const SRC = new URL("../src/", import.meta.url);

/** The file name (without `.ts`) of a command's entry module: `query audio-duration` → `query_audio_duration`. */
export function entryFile(words: readonly string[]): string {
  return words.join("_").replaceAll("-", "_");
}

/** Folders whose modules a handler's entry loads with it (domain code the handler calls). */
const PRELOADED = /^\.\.\/\.\.\/(ops|store|draft|catalogs|media)\//;

/**
 * The modules a handler imports dynamically, as written in its handler module (relative to
 * src/commands/run/): the literal `import()`s in its body and those of the module's loader
 * constants it calls (`const ops = () => import("../../ops/x.ts")`), kept to the folders of
 * `PRELOADED`. Only load time depends on this list: a module missed here is still imported by
 * the handler, one step later; a module listed is one the handler may import.
 */
export function preloads(handler: (...args: never[]) => unknown, moduleSource: string): string[] {
  const body = handler.toString();
  const found = new Set<string>();
  for (const m of body.matchAll(/import\(\s*"([^"]+)"\s*\)/g)) found.add(m[1]);
  for (const m of moduleSource.matchAll(/const (\w+) = \(\) => import\("([^"]+)"\)/g)) {
    if (new RegExp(`\\b${m[1]}\\(`).test(body)) found.add(m[2]);
  }
  return [...found].filter((s) => PRELOADED.test(s)).sort();
}

/** What every fast run needs besides the command (loaded with it, not in a second load). */
const RUN_IMPORTS = ['import "../../commands/context.ts";', 'import "../../commands/fast_run.ts";'];

/**
 * Each command file of src/commands/<folder>/ (a module that exports `command`) by the
 * definition it exports: its path relative to src/. The registry imports the same modules, so
 * a definition it serves is found here by identity.
 */
async function commandFiles(): Promise<Map<AnyCommandDef, string>> {
  const out = new Map<AnyCommandDef, string>();
  const root = new URL("commands/", SRC);
  for (const dir of Deno.readDirSync(root)) {
    if (!dir.isDirectory || dir.name === "run") continue;
    for (const e of Deno.readDirSync(new URL(`${dir.name}/`, root))) {
      if (!e.isFile || !e.name.endsWith(".ts") || e.name.endsWith("_test.ts")) continue;
      const path = `commands/${dir.name}/${e.name}`;
      const mod = await import(new URL(path, SRC).href);
      if (mod.command) out.set(mod.command, path);
    }
  }
  return out;
}

/** The handler modules of src/commands/run/: file name → text. */
function handlerModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const e of Deno.readDirSync(new URL("commands/run/", SRC))) {
    if (!e.isFile || !e.name.endsWith(".ts") || e.name.endsWith("_test.ts")) continue;
    modules.set(e.name, Deno.readTextFileSync(new URL(`commands/run/${e.name}`, SRC)));
  }
  return modules;
}

/** The handler module (of `modules`) that exports `handler`: its file name and text. */
function handlerModule(
  modules: Map<string, string>,
  handler: string,
): { file: string; source: string } {
  for (const [file, source] of modules) {
    if (new RegExp(`^export async function ${handler}\\(`, "m").test(source)) {
      return { file, source };
    }
  }
  throw new Error(`no handler ${handler} in src/commands/run/`);
}

/** Generated file (relative to src/) → its text, for the current specs and schemas. */
export async function renderAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const rows: string[] = [];
  const loaders: string[] = [];
  const runModules = handlerModules();
  const defFiles = await commandFiles();
  for (const [group, load] of Object.entries(GROUPS)) {
    const declared: readonly (AnyCommandDef | AnyCommandSpec)[] = await load();
    const handlers = await RUNNERS[group as keyof typeof RUNNERS]?.() as
      | Record<string, unknown>
      | undefined;
    for (const command of declared) {
      // The command as the registry serves it: schemas built, add commands gain `requestId`.
      const spec = await resolveSpec(command);
      const name = spec.name.join(" ");
      const doc = `\`${name}\` in one module load: its fast validator, its handler and what the ` +
        "handler uses.";
      const path = defFiles.get(command as AnyCommandDef);
      let imports: string[];
      let exports: string[];
      if (path) {
        imports = [`import { command } from "../../${path}";`, ...RUN_IMPORTS];
        exports = [`/** The handler of \`${name}\`. */`, "export const run = command.run;"];
      } else {
        const handler = handlerName(spec.name);
        if (handlers?.[handler] !== command.run) {
          throw new Error(`'${name}' has neither a command file nor a handler ${handler}`);
        }
        const { file, source } = handlerModule(runModules, handler);
        const loads = preloads(command.run as (...args: never[]) => unknown, source);
        imports = [...RUN_IMPORTS, ...loads.map((s) => `import "${s}";`)];
        exports = [`export { ${handler} as run } from "../../commands/run/${file}";`];
      }
      const entry = renderFastEntry(spec, doc, imports, exports);
      const row = {
        name: spec.name,
        summary: spec.summary,
        group,
        positionals: spec.positionals ?? [],
        fields: fieldTypes(spec.input),
        aliases: fieldAliases(spec.input),
        mutates: spec.mutates === true,
        fast: true,
        exact: entry.fallbacks.length === 0,
      };
      rows.push(`  ${JSON.stringify(row)},`);
      const file = `${entryFile(spec.name)}_entry`;
      files.set(`generated/entry/${file}.ts`, entry.source);
      loaders.push(`  ${JSON.stringify(name)}: () => import("./entry/${file}.ts"),`);
    }
  }
  files.set(
    "generated/config_fast.ts",
    renderValidators(
      { ConfigFile: ConfigSchema },
      "../schema",
      "The config file's validator: same result as ConfigSchema (config_schema.ts), without zod.",
    ).source,
  );
  files.set(
    "generated/command_table.ts",
    [
      "// Generated by scripts/gen_table.ts from the command specs (deno task gen). Do not edit.",
      'import type { FastInput } from "../fast_input.ts";',
      'import type { Handler } from "../commands/registry.ts";',
      "",
      "/** One command as dispatch, argv parsing and the overview help see it (no schema needed). */",
      "export interface CommandEntry {",
      '  /** Words that name it, e.g. ["images", "add"]. */',
      "  readonly name: readonly string[];",
      "  /** One line for lists. */",
      "  readonly summary: string;",
      "  /** The key of the registry group whose module defines it. */",
      "  readonly group: string;",
      "  /** Input keys taken from positional arguments, in order. */",
      "  readonly positionals: readonly string[];",
      '  /** Each input field\'s type for argv parsing ("string", "integer", "array", ...). */',
      "  readonly fields: Readonly<Record<string, string>>;",
      "  /** Other flag spellings (camelCase) → field. */",
      "  readonly aliases: Readonly<Record<string, string>>;",
      "  /** Does it change a draft or other files? */",
      "  readonly mutates: boolean;",
      "  /** Can it run without its schemas: an entry module with a fast validator and handler? */",
      "  readonly fast: boolean;",
      "  /** Does its fast validator mirror the whole schema (no input sent to zod)? */",
      "  readonly exact: boolean;",
      "}",
      "",
      "/** Every command, in help order. */",
      "export const COMMAND_TABLE: readonly CommandEntry[] = [",
      ...rows,
      "];",
      "",
      "/** A fast command loaded to run: its fast validator and its handler. */",
      "export interface CommandModule {",
      "  readonly fast: FastInput;",
      "  readonly run: Handler;",
      "}",
      "",
      "/** Each fast command's entry module (src/generated/entry/), by its words joined by spaces. */",
      "export const COMMAND_MODULES: Readonly<Record<string, () => Promise<CommandModule>>> = {",
      ...loaders,
      "};",
      "",
    ].join("\n"),
  );
  return files;
}

/** Files in src/generated/entry/ that `files` no longer has (a command removed or renamed). */
function leftovers(files: Map<string, string>): string[] {
  const out: string[] = [];
  try {
    for (const e of Deno.readDirSync(new URL("generated/entry/", SRC))) {
      const path = `generated/entry/${e.name}`;
      if (!files.has(path)) out.push(path);
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return out;
}

if (import.meta.main) {
  const check = Deno.args.includes("--check");
  let stale = 0;
  const files = await renderAll();
  for (const [path, text] of files) {
    const url = new URL(path, SRC);
    const current = await Deno.readTextFile(url).catch(() => "");
    if (current === text) continue;
    if (check) {
      console.error(`src/${path} is out of date: run 'deno task gen'`);
      stale++;
    } else {
      await Deno.mkdir(new URL(".", url), { recursive: true });
      await Deno.writeTextFile(url, text);
      console.error(`wrote src/${path}`);
    }
  }
  for (const path of leftovers(files)) {
    if (check) {
      console.error(`src/${path} is no longer generated: run 'deno task gen'`);
      stale++;
    } else {
      await Deno.remove(new URL(path, SRC));
      console.error(`removed src/${path}`);
    }
  }
  if (stale) Deno.exit(1);
}
