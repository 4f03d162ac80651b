/**
 * Builds the release bundle: a code-split, minified `deno bundle` of main.ts into `dist/bundle/`
 * (its entry is `dist/bundle/main.js`; every other file is a chunk it imports, statically or by
 * a literal `import()`), with the program's data files copied beside the chunks at their
 * repository paths (src/embedded.ts finds them there). `deno task compile` compiles this bundle;
 * `deno run` starts it too (src/setup/self_command.ts `denoRunCommand`).
 *
 * Two steps follow `deno bundle`. First, its shared runtime chunk, which every chunk imports, opens
 * with `import {createRequire} from "node:module"` (the `require` of bundled CommonJS code).
 * Loading `node:module` starts Deno's Node compatibility layer on every call, for code that almost
 * never runs: the only `require` calls in the bundle are those of the `debug` package (`node:tty`,
 * `node:util`, `supports-color`), which music-metadata and @tokenizer/inflate import, so only a
 * probe of an audio or Matroska/WebM file reaches them (src/media/probe.ts). The step makes that
 * `require` lazy: it is created, through `process.getBuiltinModule("node:module")`, on its first
 * call. Neither option of `deno bundle` removes the import: with `--packages external` (Deno 2.9.6)
 * the output is the same, the `npm:` imports deno.json maps still bundled, and an import map cannot
 * reach `debug`, a dependency of npm packages, not of ours.
 *
 * Then Rollup re-chunks that output (`rechunk`): `deno bundle` (esbuild) makes one chunk per set
 * of entries (main.js and every `import()` target) that reach a module, counting each `import()`
 * target as if it could load alone, and keeps code no entry uses. Rollup takes the chunks as its
 * modules and drops what nothing uses. Which of them share a file is planned from what runs load:
 * the build writes them once more, one file each, instrumented (scripts/load_profile.ts), runs an
 * agent's everyday calls against that copy, and groups the modules by scripts/chunk_plan.ts (a
 * 10-caption `captions add` loads 8 files instead of 57, `draft info` 5 instead of 44; `deno
 * bundle` has no option for either).
 *
 * Usage: deno task bundle [--out <dir>] [--dry-run]
 *
 *   --out <dir>  write the bundle there instead of dist/bundle (relative to the repository root)
 *   --dry-run    print the deno bundle command; run nothing
 */
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CATALOG_DIR } from "../src/catalogs/catalog.ts";
import { copyTree } from "../src/files.ts";
import { PLAN_COSTS, planChunks } from "./chunk_plan.ts";
import { type CallLoads, instrument, profileLoads } from "./load_profile.ts";

/** The program's entry point, relative to the repository root: what the bundle starts from. */
export const ENTRY = "main.ts";

/** The bundle's folder, relative to the repository root. */
export const BUNDLE_DIR = "dist/bundle";

/** The bundle's entry file inside its folder (`deno bundle` names it after main.ts). */
export const BUNDLE_ENTRY = "main.js";

/**
 * `deno bundle` options, pinned: Deno's platform (its globals and `node:` modules stay
 * imports), one chunk per module group that loads together (a command loads only its own code,
 * as from source), minified (less to parse and to cache).
 */
export const BUNDLE_FLAGS = ["--platform", "deno", "--code-splitting", "--minify"] as const;

/** The media the profiled calls add (the test suite's), relative to the repository root. */
export const PROFILE_MEDIA = "test/fixtures";

/**
 * Folders of data files the program reads at run time (src/embedded.ts), relative to the
 * repository root: copied into the bundle at the same paths, and embedded in the binaries.
 */
export const DATA_DIRS = [CATALOG_DIR] as const;

/** Arguments after `deno` that bundle main.ts into `outDir`. */
export function bundleArgs(outDir: string = BUNDLE_DIR): string[] {
  return ["bundle", ...BUNDLE_FLAGS, "--outdir", outDir, ENTRY];
}

/** The runtime chunk's `require`, as `deno bundle` writes it; group 1 is its variable's name. */
const REQUIRE_SHIM =
  /import\s*\{\s*createRequire as __deno_internal_createRequire\s*\}\s*from\s*"node:module"\s*;?\s*var ([\w$]+)\s*=\s*__deno_internal_createRequire\(import\.meta\.url\)\s*;/g;

/**
 * Rollup's output options: ES modules named after their first module (esbuild's chunk names are
 * unique already), compact import and export lines, no imports added for preloading, and chunks
 * joined only where no entry runs more code (`experimentalMinChunkSize: 1`; a larger size joins
 * small chunks into ones loaded in other cases too).
 */
export const RECHUNK_OUTPUT = {
  format: "es",
  compact: true,
  hoistTransitiveImports: false,
  entryFileNames: "[name].js",
  chunkFileNames: "[name].js",
  experimentalMinChunkSize: 1,
} as const;

/** One file `rechunk` wrote. */
export interface RechunkedFile {
  /** Its name in the output folder. */
  name: string;
  /** Its text. */
  text: string;
  /** The input files it holds, by name in the input folder. */
  modules: string[];
}

/**
 * Re-chunks the ES modules in `inDir` (the entry `entry` and the files it imports by relative
 * paths; `node:` modules stay imports) with Rollup into `outDir`, which must not exist; gives the
 * files written, by name, with their text. With `loads` (what profiled runs loaded, by file name
 * in `inDir`), the modules they load are grouped by `planChunks`. Any warning of Rollup's fails the
 * build: its output is pinned.
 */
export async function rechunk(
  inDir: string,
  outDir: string,
  entry: string = BUNDLE_ENTRY,
  loads?: readonly CallLoads[],
): Promise<RechunkedFile[]> {
  const { rollup } = await import("rollup");
  const warnings: string[] = [];
  const build = await rollup({
    input: `${inDir}/${entry}`,
    external: (id) => id.startsWith("node:"),
    onwarn: (w) => void warnings.push(`${w.code}: ${w.message}`),
  });
  let plan: Map<string, string> | undefined;
  try {
    const { output } = await build.generate({
      ...RECHUNK_OUTPUT,
      manualChunks: loads && ((id, { getModuleIds, getModuleInfo }) => {
        plan ??= planChunks({
          modules: new Map(
            [...getModuleIds()].filter((m) => !m.startsWith("node:")).map((m) => {
              const info = getModuleInfo(m)!;
              return [m, {
                size: info.code?.length ?? 0,
                imports: info.importedIds,
                dynamicImports: info.dynamicallyImportedIds,
              }];
            }),
          ),
          entry: resolve(inDir, entry),
          loads: loads.map((l) => ({ modules: l.files.map((f) => resolve(inDir, f)), weight: 1 })),
          ...PLAN_COSTS,
        });
        return plan.get(id);
      }),
    });
    if (warnings.length) throw new Error(`rollup warned:\n${warnings.join("\n")}`);
    await Deno.mkdir(outDir);
    const written: RechunkedFile[] = [];
    for (const file of output) {
      if (file.type !== "chunk") throw new Error(`rollup emitted an asset: ${file.fileName}`);
      await Deno.writeTextFile(`${outDir}/${file.fileName}`, file.code);
      const modules = file.moduleIds.map((m) => relative(inDir, m));
      written.push({ name: file.fileName, text: file.code, modules });
    }
    return written;
  } finally {
    await build.close();
  }
}

/** A static or dynamic import of `node:module`. */
const IMPORTS_NODE_MODULE = /\bfrom\s*["']node:module["']|\bimport\s*\(\s*["']node:module["']/;

/**
 * `text` (one output file) with the `require` shim replaced by one created on its first call;
 * `count` is how many shims were replaced.
 */
export function lazyRequire(text: string): { text: string; count: number } {
  let count = 0;
  const out = text.replace(REQUIRE_SHIM, (_, name: string) => {
    count++;
    return `var ${name}=(id)=>(${name}=globalThis.process.getBuiltinModule("node:module")` +
      `.createRequire(import.meta.url))(id);`;
  });
  return { text: out, count };
}

/** What a build wrote. */
export interface BundleReport {
  /** The bundle's folder (absolute). */
  dir: string;
  /** JavaScript files written (the entry and its chunks). */
  modules: number;
  /** Their total size in bytes. */
  bytes: number;
  /** Data files copied into the bundle. */
  dataFiles: number;
  /** How many of the bundle's files each profiled call loads (scripts/load_profile.ts). */
  loads: Record<string, number>;
}

/**
 * Builds the bundle of the checkout at `root` into `root/outDir`: bundles into a folder beside
 * it, makes `require` lazy, runs the profiled calls against an instrumented copy (another folder
 * beside it), re-chunks by what they loaded into a staging folder, copies the data folders there,
 * then replaces `outDir` with it, so a failed build leaves the previous bundle (or none) in place
 * and no folder beside it. Throws with the cause on failure.
 */
export async function buildBundle(
  root: string,
  outDir: string = BUNDLE_DIR,
): Promise<BundleReport> {
  const dir = resolve(root, outDir);
  const staging = `${dir}.partial`;
  const split = `${dir}.split`;
  const profiled = `${dir}.profile`;
  const clean = () =>
    Promise.all(
      [staging, split, profiled].map((d) => Deno.remove(d, { recursive: true }).catch(() => {})),
    );
  await clean();
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: bundleArgs(split),
      cwd: root,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) {
      const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
      throw new Error(`deno bundle failed (exit ${out.code}):\n${text.trim()}`);
    }
    let shims = 0;
    for await (const entry of Deno.readDir(split)) {
      if (!entry.isFile || !entry.name.endsWith(".js")) continue;
      const path = `${split}/${entry.name}`;
      const { text, count } = lazyRequire(await Deno.readTextFile(path));
      if (count) await Deno.writeTextFile(path, text);
      shims += count;
    }
    if (shims > 1) throw new Error(`found ${shims} require shims; expected one runtime chunk`);
    await instrument(split, profiled, BUNDLE_ENTRY);
    for (const data of DATA_DIRS) await copyTree(`${root}/${data}`, `${profiled}/${data}`);
    const calls = await profileLoads(profiled, BUNDLE_ENTRY, resolve(root, PROFILE_MEDIA));
    const chunks = await rechunk(split, staging, BUNDLE_ENTRY, calls);
    const fileOf = new Map(chunks.flatMap((c) => c.modules.map((m) => [m, c.name])));
    const loads = Object.fromEntries(
      calls.map((c) => [c.name, new Set(c.files.flatMap((f) => fileOf.get(f) ?? [])).size]),
    );
    let bytes = 0;
    for (const { name, text } of chunks) {
      if (IMPORTS_NODE_MODULE.test(text)) {
        throw new Error(
          `${name} still imports node:module after the require shim was made lazy; ` +
            "deno bundle's output changed: update REQUIRE_SHIM in scripts/bundle.ts",
        );
      }
      bytes += new TextEncoder().encode(text).length;
    }
    await Deno.stat(`${staging}/${BUNDLE_ENTRY}`);
    let dataFiles = 0;
    for (const data of DATA_DIRS) {
      dataFiles += await copyTree(`${root}/${data}`, `${staging}/${data}`);
    }
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    await Deno.rename(staging, dir);
    await clean();
    return { dir, modules: chunks.length, bytes, dataFiles, loads };
  } catch (err) {
    await clean();
    throw err;
  }
}

/** One-line usage text. */
export const USAGE = "deno task bundle [--out <dir>] [--dry-run]";

/** Runs the script; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let outDir = BUNDLE_DIR;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--dry-run") dryRun = true;
    else if (word === "--help" || word === "-h") {
      console.log(`usage: ${USAGE}`);
      return 0;
    } else if (word === "--out" && argv[i + 1]) outDir = argv[++i];
    else {
      console.error(`bundle: unknown argument "${word}"; usage: ${USAGE}`);
      return 2;
    }
  }
  if (dryRun) {
    console.log(["deno", ...bundleArgs(outDir)].join(" "));
    return 0;
  }
  const root = fileURLToPath(new URL("../", import.meta.url)).replace(/[\\/]$/, "");
  try {
    const report = await buildBundle(root, outDir);
    console.log(JSON.stringify(report));
    return 0;
  } catch (err) {
    console.error(`bundle: ${(err as Error).message}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
