/** The benchmarks' command-line flags, the median they report, and their subprocesses. */
import { fileURLToPath } from "node:url";
import { V8_FLAGS } from "../scripts/compile.ts";
import { SOURCE_RUN_FLAGS } from "../src/setup/self_command.ts";
import { PERMISSIONS } from "../src/version.ts";
import { denoDir } from "./deno_dir.ts";

/** The value after `--name` on the benchmark's command line, if given. */
export function flag(name: string): string | undefined {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
}

/**
 * This checkout's main.ts, then the one after each `--main`: another checkout's main.ts, or a
 * bundle's main.js (see `runArgs`), to compare.
 */
export function mainsToCompare(): string[] {
  const mains = [fileURLToPath(new URL("../main.ts", import.meta.url))];
  Deno.args.forEach((a, i) => a === "--main" && mains.push(Deno.args[i + 1]));
  return mains;
}

/**
 * The `deno run` arguments that start draftcli from `main` as the release binaries run. A `.js`
 * entry is a bundle (`deno task bundle` writes dist/bundle/main.js): it runs with `--no-config`,
 * reading no deno.json nor lock file, as a binary compiled from it does.
 */
export function runArgs(main: string): string[] {
  return [
    "run",
    "-q",
    ...SOURCE_RUN_FLAGS,
    ...PERMISSIONS,
    `--v8-flags=${V8_FLAGS.join(",")}`,
    ...(main.endsWith(".js") ? ["--no-config"] : []),
    main,
  ];
}

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Waits for `child` to exit, sampling its peak RSS (VmHWM in /proc) meanwhile; the peak is
 * undefined off Linux.
 */
export async function peakRss(
  child: Deno.ChildProcess,
): Promise<{ status: Deno.CommandStatus; peak?: number }> {
  let peak = 0;
  let done = false;
  const status = child.status.then((s) => {
    done = true;
    return s;
  });
  while (!done && Deno.build.os === "linux") {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(await Deno.readTextFile(`/proc/${child.pid}/status`));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch { /* exited */ }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { status: await status, peak: peak || undefined };
}

/** Runs `cmd` with `args` in `env`: its stdout and stderr, or an error naming it with its stderr. */
export async function runOk(
  cmd: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ out: string; err: string }> {
  const o = await new Deno.Command(cmd, { args, env, stdout: "piped", stderr: "piped" }).output();
  const out = new TextDecoder().decode(o.stdout);
  const err = new TextDecoder().decode(o.stderr);
  if (!o.success) throw new Error(`${cmd} ${args.slice(0, 4).join(" ")}: ${err}`);
  return { out, err };
}

/**
 * The environment of a benchmark's draftcli subprocesses in the scratch folder `work`: its drafts
 * and cache folders and HOME there (the caller's config stays out), no colour, and this runtime's
 * module cache (see `denoDir`).
 */
export async function scratchEnv(work: string): Promise<Record<string, string>> {
  return {
    DRAFTCLI_DRAFTS_DIR: `${work}/drafts`,
    DRAFTCLI_CACHE_DIR: `${work}/cache`,
    HOME: work,
    NO_COLOR: "1",
    DENO_DIR: await denoDir(),
  };
}

/**
 * Prints the median of each case's times (the first case is the bare start) and, for the others,
 * the cost over the bare start and the ratio to it.
 */
export function printOverBare(names: readonly string[], times: readonly number[][]): void {
  const bare = median(times[0]);
  const width = Math.max(...names.map((n) => n.length));
  console.log(`medians of ${times[0].length} interleaved runs:`);
  for (const [i, name] of names.entries()) {
    const m = median(times[i]);
    const over = i === 0
      ? ""
      : `  +${(m - bare).toFixed(1)} ms over bare (${(m / bare).toFixed(2)}×)`;
    console.log(`  ${name.padEnd(width)} ${m.toFixed(1).padStart(6)} ms${over}`);
  }
}

/**
 * Writes `count` captions as JSON at `path`, for `captions add --captions @path`: `caption <i> 字幕`
 * from second i to 1 µs before second i + 1.
 */
export async function writeCaptions(path: string, count: number): Promise<string> {
  await Deno.writeTextFile(
    path,
    JSON.stringify(Array.from({ length: count }, (_, i) => ({
      text: `caption ${i} 字幕`,
      start: i * 1_000_000,
      end: (i + 1) * 1_000_000 - 1,
    }))),
  );
  return path;
}

/**
 * Copies the test PNG into `work` and writes, at `<work>/images.json`, `count` images of it for
 * `images add --image-infos @path`: one PNG used `count` times, from second i to second i + 1.
 * Returns the JSON file's path.
 */
export async function writeOnePngImages(work: string, count: number): Promise<string> {
  const png = `${work}/pic.png`;
  await Deno.copyFile(new URL("../test/fixtures/image.png", import.meta.url), png);
  const path = `${work}/images.json`;
  await Deno.writeTextFile(
    path,
    JSON.stringify(Array.from({ length: count }, (_, i) => ({
      imageUrl: `file://${png}`,
      start: i * 1_000_000,
      end: (i + 1) * 1_000_000,
    }))),
  );
  return path;
}
