/**
 * Generates, into src/generated/, what the CLI dispatches on without loading zod or any
 * command's schema, and the data it embeds:
 * - command_table.ts: every command's words, summary, and the shape argv parsing needs
 *   (positionals, each field's input type, flag aliases), read from the specs themselves;
 * - command_loader.ts: `loadEntryModule`, one literal `import()` of each command's entry module
 *   (what dispatch loads: each entry module carries its own row of the table);
 * - entry/<command>_entry.ts: each command in one module load: its fast validator (see
 *   scripts/gen_fast.ts), its command file, the modules its handler imports (read off the module
 *   graph, see `preloads`), the context and the fast path (one `import()` each: a call waits for
 *   one module load), with every module they reach statically imported directly (see
 *   `staticClosure`);
 * - all_commands.ts: every command file (and the schema modules) in one module load, with every
 *   module they reach statically imported directly;
 * - config_fast.ts: the config file's fast validator;
 * - editions/data/prototype_text.ts: the editor object prototypes (prototypes.json) as JSON text
 *   in string literals, which load several times cheaper than the JSON module's objects.
 *
 *   deno task gen            write them
 *   deno task gen --check    exit 1 when any is out of date (CI)
 */
import { resolveSpec } from "../src/commands/registry.ts";
import { COMMAND_FILES } from "../src/commands/command_files.ts";
import type { AnyCommandDef } from "../src/commands/spec.ts";
import { fieldAliases, fieldTypes } from "../src/schema/json_schema.ts";
import { renderFastEntry, renderValidators } from "./gen_fast.ts";
import { ConfigSchema } from "../src/store/config_schema.ts";
import prototypes from "../src/editions/data/prototypes.json" with { type: "json" };

const SRC = new URL("../src/", import.meta.url);

/** A command's words as a file name: `query audio-duration` → `query_audio_duration`. */
export function entryFile(words: readonly string[]): string {
  return words.join("_").replaceAll("-", "_");
}

/** Folders of src/ whose modules a command's entry loads with it (what its handler imports). */
const PRELOADED =
  /^(ops|store|draft|catalogs|media|transfer|preview|setup|easy|editions|commands\/[^/]+)\//;

/** One module of `deno info --json`'s graph. */
interface GraphModule {
  specifier: string;
  dependencies?: { isDynamic?: boolean; code?: { specifier: string } }[];
}

/** The module graph under src/commands/registry.ts (every command file, static and dynamic). */
async function moduleGraph(): Promise<Map<string, GraphModule>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL("commands/registry.ts", SRC).pathname],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error("deno info failed");
  const { modules } = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: GraphModule[];
  };
  return new Map(modules.map((m) => [m.specifier, m]));
}

/**
 * The modules a command's entry imports so that its handler's `import()`s find them loaded
 * (paths relative to src/), read off the module graph: the dynamic imports of its command file
 * and of the helper modules beside it that it imports statically, kept to `PRELOADED` folders
 * (never src/schema/: the schemas load only when zod does).
 */
function preloads(graph: Map<string, GraphModule>, file: string): string[] {
  const src = SRC.href;
  const local = (url: string) => url.startsWith(src) ? url.slice(src.length) : undefined;
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const dep of graph.get(url)?.dependencies ?? []) {
      const target = dep.code?.specifier;
      const path = target && local(target);
      if (!path || path === file) continue;
      if (dep.isDynamic) {
        if (PRELOADED.test(path)) found.add(path);
      } else if (/^commands\/[^/]+\//.test(path) && !path.endsWith("_test.ts")) {
        visit(target); // a helper module beside the command file
      }
    }
  };
  visit(new URL(file, SRC).href);
  return [...found].sort();
}

/**
 * Every source module (paths relative to src/) that `roots` reach through static imports,
 * dependencies first. An entry module imports each one directly: a flat list of imports loads
 * several milliseconds of instructions cheaper than the same modules reached level by level
 * through their own imports (the same modules and the same evaluation order otherwise: the
 * static graph has no cycles).
 */
function staticClosure(graph: Map<string, GraphModule>, roots: readonly string[]): string[] {
  const src = SRC.href;
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const dep of graph.get(url)?.dependencies ?? []) {
      const target = dep.code?.specifier;
      if (target && !dep.isDynamic && target.startsWith(src)) visit(target);
    }
    if (url.endsWith(".ts")) out.push(url.slice(src.length));
  };
  for (const root of roots) visit(new URL(root, SRC).href);
  return out;
}

/** The schema modules (src/schema/) the schema factory of a command file imports. */
function schemaModules(graph: Map<string, GraphModule>, file: string): string[] {
  const out: string[] = [];
  for (const dep of graph.get(new URL(file, SRC).href)?.dependencies ?? []) {
    const target = dep.code?.specifier ?? "";
    if (dep.isDynamic && target.startsWith(new URL("schema/", SRC).href)) {
      out.push(target.slice(SRC.href.length));
    }
  }
  return out;
}

/** What every fast run needs besides the command (loaded with it, not in a second load). */
const RUN_MODULES = ["commands/make_context.ts", "commands/fast_run.ts"];

/** Modules an entry's validator code imports by name (scripts/gen_fast.ts `moduleText`). */
const FAST_HEADER = ["fast_input.ts", "schema/rules.ts"];

/**
 * Each command file of src/commands/<folder>/ (a module that exports `command`) by the
 * definition it exports: its path relative to src/. The registry imports the same modules, so
 * a definition it serves is found here by identity.
 */
async function commandFiles(): Promise<Map<AnyCommandDef, string>> {
  const out = new Map<AnyCommandDef, string>();
  const root = new URL("commands/", SRC);
  for (const dir of Deno.readDirSync(root)) {
    if (!dir.isDirectory) continue;
    for (const e of Deno.readDirSync(new URL(`${dir.name}/`, root))) {
      if (!e.isFile || !e.name.endsWith(".ts") || e.name.endsWith("_test.ts")) continue;
      const path = `commands/${dir.name}/${e.name}`;
      const mod = await import(new URL(path, SRC).href);
      if (mod.command) out.set(mod.command, path);
    }
  }
  return out;
}

/**
 * src/editions/data/prototype_text.ts: each prototype of prototypes.json as its `JSON.stringify`
 * text, by version layer and name, and the prototype names as a type.
 */
function renderPrototypeText(): string {
  const layers = Object.entries(prototypes as Record<string, unknown>)
    .filter((e): e is [string, Record<string, unknown>] => typeof e[1] === "object" && !!e[1]);
  const names = Object.keys(prototypes.capcut);
  return [
    "// Generated by scripts/gen_table.ts from prototypes.json (deno task gen). Do not edit.",
    "/** The name of an editor object prototype (`texts`, `segment_video`, …). */",
    `export type ProtoName = ${names.map((n) => JSON.stringify(n)).join(" | ")};`,
    "",
    "/** Each editor object prototype as JSON text, by version layer and name (prototypes.ts). */",
    "export const PROTOTYPE_TEXT: Readonly<Record<string, Readonly<Record<string, string>>>> = {",
    ...layers.flatMap(([layer, byName]) => [
      `  ${JSON.stringify(layer)}: {`,
      ...Object.entries(byName).map(([name, value]) =>
        `    ${JSON.stringify(name)}: ${JSON.stringify(JSON.stringify(value))},`
      ),
      "  },",
    ]),
    "};",
    "",
  ].join("\n");
}

/** Generated file (relative to src/) → its text, for the current command files and schemas. */
export async function renderAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const rows: string[] = [];
  const loaders: string[] = [];
  const paths = await commandFiles();
  const graph = await moduleGraph();
  const allImports: string[] = [];
  const allNames: string[] = [];
  const allPaths: string[] = [];
  const schemas = new Set<string>();
  let maxWords = 0;
  for (const [key, load] of Object.entries(COMMAND_FILES)) {
    const { command } = await load();
    // The command as the registry serves it: schemas built, add commands gain `requestId`.
    const spec = await resolveSpec(command);
    const name = spec.name.join(" ");
    maxWords = Math.max(maxWords, spec.name.length);
    if (name !== key) throw new Error(`COMMAND_FILES['${key}'] declares '${name}'`);
    const path = paths.get(command);
    if (!path) throw new Error(`'${name}': its file is not in a folder of src/commands/`);
    const entry = renderFastEntry(
      spec,
      `\`${name}\` in one module load: its fast validator, its command file (handler and the ` +
        "operations it imports), the context and the fast path.",
      [
        'import type { CommandEntry } from "../command_table.ts";',
        `import { command } from "../../${path}";`,
        ...staticClosure(graph, [path, ...RUN_MODULES, ...preloads(graph, path)])
          .filter((p) => p !== path && !FAST_HEADER.includes(p))
          .map((p) => `import "../../${p}";`),
      ],
      [
        `/** The handler of \`${name}\`. */`,
        "export const run = command.run;",
        "/** Each input field's type for argv parsing. */",
        `export const fields: Readonly<Record<string, string>> = ${
          JSON.stringify(fieldTypes(spec.input))
        };`,
        "/** Other flag spellings (camelCase) → field. */",
        `export const aliases: Readonly<Record<string, string>> = ${
          JSON.stringify(fieldAliases(spec.input))
        };`,
      ],
    );
    const row = {
      name: spec.name,
      summary: spec.summary,
      positionals: spec.positionals ?? [],
      mutates: spec.mutates === true,
      fast: true,
      exact: entry.fallbacks.length === 0,
    };
    rows.push(`  ${JSON.stringify(row)},`);
    // Its own row: dispatch loads the called command's entry module, not the whole table.
    const source = entry.source +
      `\n/** \`${name}\` as dispatch sees it (its row of COMMAND_TABLE). */\n` +
      `export const entry: CommandEntry = ${JSON.stringify(row)};\n`;
    allImports.push(`import { command as c${allNames.length} } from "../${path}";`);
    allPaths.push(path);
    allNames.push(`c${allNames.length}`);
    for (const m of schemaModules(graph, path)) schemas.add(m);
    const file = `${entryFile(spec.name)}_entry`;
    files.set(`generated/entry/${file}.ts`, source);
    loaders.push(`    case ${JSON.stringify(name)}:`, `      return import("./entry/${file}.ts");`);
  }
  files.set("editions/data/prototype_text.ts", renderPrototypeText());
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
      "/**",
      " * One command as dispatch and the overview help see it (no schema needed). The input field",
      " * types and flag aliases argv parsing needs are in its entry module (`CommandModule`): a call",
      " * loads them for its own command only.",
      " */",
      "export interface CommandEntry {",
      '  /** Words that name it, e.g. ["images", "add"]. */',
      "  readonly name: readonly string[];",
      "  /** One line for lists. */",
      "  readonly summary: string;",
      "  /** Input keys taken from positional arguments, in order. */",
      "  readonly positionals: readonly string[];",
      "  /** Does it change a draft or other files? */",
      "  readonly mutates: boolean;",
      "  /** Can it run without its schemas: an entry module with a fast validator and handler? */",
      "  readonly fast: boolean;",
      "  /** Does its fast validator mirror the whole schema (no input sent to zod)? */",
      "  readonly exact: boolean;",
      "}",
      "",
      "/**",
      " * Every command, in help order: for lists (overview help, docs, completions, MCP). Dispatch",
      " * does not load it: a command's entry module carries its own row (`CommandModule.entry`).",
      " */",
      "export const COMMAND_TABLE: readonly CommandEntry[] = [",
      ...rows,
      "];",
      "",
      "/** A fast command loaded to run: its row, fast validator, handler and argv shape. */",
      "export interface CommandModule {",
      "  /** Its row of COMMAND_TABLE. */",
      "  readonly entry: CommandEntry;",
      "  readonly fast: FastInput;",
      "  readonly run: Handler;",
      '  /** Each input field\'s type for argv parsing ("string", "integer", "array", ...). */',
      "  readonly fields: Readonly<Record<string, string>>;",
      "  /** Other flag spellings (camelCase) → field. */",
      "  readonly aliases: Readonly<Record<string, string>>;",
      "}",
      "",
    ].join("\n"),
  );
  files.set(
    "generated/command_loader.ts",
    [
      "// Generated by scripts/gen_table.ts from the command specs (deno task gen). Do not edit.",
      'import type { CommandModule } from "./command_table.ts";',
      "",
      `/** The most words a command's name has. */`,
      `export const MAX_NAME_WORDS = ${maxWords};`,
      "",
      "/**",
      " * Loads a fast command's entry module (src/generated/entry/) by its words joined by spaces",
      " * (undefined for a name that is no command's). One function with a literal `import()` per",
      " * command, not a table of loader functions: each function is compiled on every call of the",
      " * CLI. The command table (command_table.ts) is not loaded with it.",
      " */",
      "export function loadEntryModule(name: string): Promise<CommandModule> | undefined {",
      "  switch (name) {",
      ...loaders,
      "  }",
      "  return undefined;",
      "}",
      "",
    ].join("\n"),
  );
  files.set(
    "generated/all_commands.ts",
    [
      "// Generated by scripts/gen_table.ts from the command files (deno task gen). Do not edit.",
      "/**",
      " * Every command file in help order, with zod and the schema modules their factories load,",
      " * in one module load: for what reads every spec (MCP tools, docs, setup, completions).",
      " */",
      'import type { AnyCommandDef } from "../commands/spec.ts";',
      'import "zod";',
      ...[...schemas].sort().map((m) => `import "../${m}";`),
      // Every source module they reach statically, directly (see `staticClosure`).
      ...staticClosure(graph, [...[...schemas].sort(), ...allPaths])
        .filter((m) => !schemas.has(m) && !allPaths.includes(m))
        .map((m) => `import "../${m}";`),
      ...allImports,
      "",
      "/** Every command's definition, in help order. */",
      `export const ALL_COMMANDS: readonly AnyCommandDef[] = [${allNames.join(", ")}];`,
      "",
    ].join("\n"),
  );
  return files;
}

/** Files under src/generated/ that `files` no longer has (a command removed). */
function leftovers(files: Map<string, string>): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of Deno.readDirSync(new URL(dir, SRC))) {
      const path = `${dir}${e.name}`;
      if (e.isDirectory) walk(`${path}/`);
      else if (!files.has(path)) out.push(path);
    }
  };
  walk("generated/");
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
