/**
 * Builds the release binaries: the bundle of main.ts (scripts/bundle.ts, into dist/bundle/), then
 * one `deno compile` of the bundle's main.js per target triple into `dist/draftcli-<target>`
 * (`.exe` on Windows), then `dist/SHA256SUMS` (the `sha256sum` format) over the binaries built by
 * this run.
 *
 * Usage: deno task compile [--target <triple>] [--dry-run]
 *
 *   --target <triple>  build only that target (default: all of TARGETS)
 *   --dry-run          print the commands and the checksum file that would be written; run nothing
 */
import { fileURLToPath } from "node:url";
import { PERMISSIONS } from "../src/version.ts";
import { buildBundle, BUNDLE_DIR, BUNDLE_ENTRY, bundleArgs, DATA_DIRS } from "./bundle.ts";

/** Permissions baked into every binary (defined beside the version: source runs use them too). */
export { PERMISSIONS };

/** Every target a release ships a binary for. */
export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/** One release target triple. */
export type Target = typeof TARGETS[number];

/**
 * V8 flags baked into every binary. `--min-semi-space-size=32` (MiB) starts the young generation
 * big enough that start-up, and a call adding 1,000 items, needs no scavenge (16 MiB left one of
 * 5–9 ms on `captions add` / `images add` ×1,000; a small command starts in the same time and
 * memory either way). 64 MiB (with the maximum raised to match) spared a 1,000-caption add onto a
 * draft of 1,000 images one more scavenge, but raised the peak memory of an add to a 50,000-segment
 * draft from 645 to 712 MB. `--no-lazy` compiles
 * every function of a module when it is first compiled, so the V8 code cache written then holds
 * them all: a later call deserialises them instead of compiling each function it runs (measured
 * ~5 ms less on `captions add`, less on every other command; a first run compiles more).
 * `deno task cli` and the start-up benchmark pass the same flags.
 */
export const V8_FLAGS = ["--min-semi-space-size=32", "--no-lazy"] as const;

/**
 * Data files the program reads at run time, embedded with `--include` (relative to the
 * repository root): the bundle's copies of the catalogs, read one kind at a time when first
 * needed.
 */
export const INCLUDES: readonly string[] = DATA_DIRS.map((dir) => `${BUNDLE_DIR}/${dir}`);

/** What `deno compile` compiles, relative to the repository root: the bundle's entry. */
export const COMPILE_ENTRY = `${BUNDLE_DIR}/${BUNDLE_ENTRY}`;

/** Output folder, relative to the repository root. */
export const OUT_DIR = "dist";

/** File name of the checksum list written beside the binaries. */
export const SUMS_FILE = "SHA256SUMS";

/** The release asset name of a target: `draftcli-<target>`, plus `.exe` on Windows. */
export function assetName(target: Target): string {
  return `draftcli-${target}${target.includes("windows") ? ".exe" : ""}`;
}

/**
 * Arguments after `deno` that compile one target. `--no-config`: the bundle imports only `node:`
 * modules, so the checkout's deno.json (its import map, its lock file) has nothing to add. The
 * entry point comes last: `deno compile` would bake anything after it into the binary as program
 * arguments.
 */
export function compileArgs(target: Target): string[] {
  return [
    "compile",
    "--target",
    target,
    "--output",
    `${OUT_DIR}/${assetName(target)}`,
    ...PERMISSIONS,
    `--v8-flags=${V8_FLAGS.join(",")}`,
    ...INCLUDES.map((path) => `--include=${path}`),
    "--no-config",
    COMPILE_ENTRY,
  ];
}

/** Parsed command line of this script. */
export interface CompileOptions {
  /** Targets to build, in TARGETS order. */
  targets: Target[];
  /** Print instead of run. */
  dryRun: boolean;
  /** Print usage and stop. */
  help: boolean;
}

/** Reads this script's arguments; throws an Error with a readable message on bad input. */
export function parseOptions(argv: string[]): CompileOptions {
  const options: CompileOptions = { targets: [...TARGETS], dryRun: false, help: false };
  let chosen: Target | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--dry-run") options.dryRun = true;
    else if (word === "--help" || word === "-h") options.help = true;
    else if (word === "--target" || word.startsWith("--target=")) {
      const value = word === "--target" ? argv[++i] : word.slice("--target=".length);
      if (!value) throw new Error("--target needs a value, one of: " + TARGETS.join(", "));
      if (!(TARGETS as readonly string[]).includes(value)) {
        throw new Error(`unknown target "${value}"; expected one of: ${TARGETS.join(", ")}`);
      }
      if (chosen && chosen !== value) throw new Error("--target can be given only once");
      chosen = value as Target;
    } else {
      throw new Error(`unknown argument "${word}"; usage: ${USAGE}`);
    }
  }
  if (chosen) options.targets = [chosen];
  return options;
}

/** One-line usage text. */
export const USAGE = "deno task compile [--target <triple>] [--dry-run]";

/** Lowercase hex SHA-256 of some bytes (WebCrypto). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The text of a SHA256SUMS file in `sha256sum` format (`<hex>  <name>`), sorted by name. */
export function sumsText(entries: { name: string; hash: string }[]): string {
  return [...entries]
    .sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    .map((e) => `${e.hash}  ${e.name}\n`)
    .join("");
}

/** Hashes the named files of `dir` and writes `dir/SHA256SUMS`; returns the text written. */
export async function writeSums(dir: string, names: string[]): Promise<string> {
  const entries = [];
  for (const name of names) {
    entries.push({ name, hash: await sha256Hex(await Deno.readFile(`${dir}/${name}`)) });
  }
  const text = sumsText(entries);
  await Deno.writeTextFile(`${dir}/${SUMS_FILE}`, text);
  return text;
}

/** Quotes a word for display in a POSIX shell when it needs it. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./=:,+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Runs the script; returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let options: CompileOptions;
  try {
    options = parseOptions(argv);
  } catch (e) {
    console.error(`compile: ${(e as Error).message}`);
    return 2;
  }
  if (options.help) {
    console.log(`usage: ${USAGE}\ntargets: ${TARGETS.join(", ")}`);
    return 0;
  }
  const root = fileURLToPath(new URL("../", import.meta.url));
  const names = options.targets.map(assetName);

  if (options.dryRun) {
    console.log(["deno", ...bundleArgs()].map(shellWord).join(" "));
    console.log(`# then make require lazy and copy ${DATA_DIRS.join(" ")} into ${BUNDLE_DIR}`);
    for (const target of options.targets) {
      console.log(["deno", ...compileArgs(target)].map(shellWord).join(" "));
    }
    console.log(`# then write ${OUT_DIR}/${SUMS_FILE} over: ${names.join(" ")}`);
    return 0;
  }

  try {
    const report = await buildBundle(root);
    console.error(`compile: bundled ${report.modules} modules into ${BUNDLE_DIR}`);
  } catch (e) {
    console.error(`compile: ${(e as Error).message}`);
    return 1;
  }
  for (const target of options.targets) {
    const args = compileArgs(target);
    console.error(`compile: deno ${args.map(shellWord).join(" ")}`);
    const { code } = await new Deno.Command(Deno.execPath(), { args, cwd: root }).spawn().status;
    if (code !== 0) {
      console.error(`compile: deno compile failed for ${target} (exit ${code})`);
      return 1;
    }
  }
  const text = await writeSums(`${root}/${OUT_DIR}`, names);
  console.log(text.trimEnd());
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
