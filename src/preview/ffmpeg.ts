/**
 * Finding and running ffmpeg for previews: `DRAFTCLI_FFMPEG`, then the config key `ffmpeg`, then
 * PATH. ffmpeg is never bundled; when it is missing the error says how to install it per OS.
 * Every run is an argv array (no shell) with a time limit.
 */
import { DraftcliError } from "../errors.ts";
import { subprocessCwd } from "../subprocess_cwd.ts";

/** Where ffmpeg was found, and its version line. */
export interface FfmpegInfo {
  path: string;
  version: string;
  /** How it was found: env, config or PATH. */
  from: "env" | "config" | "path";
}

/** How to install ffmpeg on each OS, for the `ffmpeg_missing` hint. */
export const FFMPEG_INSTALL_HINT =
  "install ffmpeg (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg; " +
  "Windows: winget install Gyan.FFmpeg), or point DRAFTCLI_FFMPEG or 'draftcli config set " +
  "ffmpeg <path>' at an ffmpeg binary";

async function versionOf(path: string): Promise<string | undefined> {
  try {
    const out = await new Deno.Command(path, {
      args: ["-hide_banner", "-version"],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
      cwd: await subprocessCwd(),
    }).output();
    if (!out.success) return undefined;
    return new TextDecoder().decode(out.stdout).split("\n")[0].trim();
  } catch {
    return undefined;
  }
}

function onPath(env: Record<string, string | undefined>): string[] {
  const windows = Deno.build.os === "windows";
  const dirs = (env.PATH ?? env.Path ?? "").split(windows ? ";" : ":").filter(Boolean);
  return dirs.map((d) => `${d}${windows ? "\\" : "/"}ffmpeg${windows ? ".exe" : ""}`);
}

/**
 * Finds a working ffmpeg: env DRAFTCLI_FFMPEG, then `configured` (config key `ffmpeg`), then
 * PATH. Returns undefined when there is none (see `requireFfmpeg` for the error).
 */
export async function findFfmpeg(
  env: Record<string, string | undefined>,
  configured?: string,
): Promise<FfmpegInfo | undefined> {
  const explicit: [string | undefined, FfmpegInfo["from"]][] = [
    [env.DRAFTCLI_FFMPEG, "env"],
    [configured, "config"],
  ];
  for (const [path, from] of explicit) {
    if (!path) continue;
    const version = await versionOf(path);
    if (version) return { path, version, from };
  }
  for (const path of onPath(env)) {
    const version = await versionOf(path);
    if (version) return { path, version, from: "path" };
  }
  return undefined;
}

/** `findFfmpeg`, or the `ffmpeg_missing` error naming what was tried and how to install it. */
export async function requireFfmpeg(
  env: Record<string, string | undefined>,
  configured?: string,
): Promise<FfmpegInfo> {
  const found = await findFfmpeg(env, configured);
  if (found) return found;
  const tried = [
    env.DRAFTCLI_FFMPEG ? `DRAFTCLI_FFMPEG=${env.DRAFTCLI_FFMPEG}` : undefined,
    configured ? `config ffmpeg=${configured}` : undefined,
    "ffmpeg on PATH",
  ].filter(Boolean).join(", ");
  throw new DraftcliError(
    "ffmpeg_missing",
    `ffmpeg is needed for previews but none works (tried ${tried})`,
    {
      hint: FFMPEG_INSTALL_HINT,
    },
  );
}

/**
 * Whether ffmpeg decodes the first `stream` ("v" picture, "a" sound) of `file` within
 * `timeoutMs`: false for a damaged, unreadable or wrong-kind file, or one without that stream.
 */
export async function decodes(
  ffmpeg: string,
  file: string,
  stream: "v" | "a",
  timeoutMs = 20_000,
): Promise<boolean> {
  const take = stream === "v" ? ["-frames:v", "1"] : ["-t", "0.1"];
  try {
    const out = await new Deno.Command(ffmpeg, {
      args: [
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-i",
        file,
        "-map",
        `0:${stream}:0`,
        ...take,
        "-f",
        "null",
        "-",
      ],
      stdout: "null",
      stderr: "null",
      stdin: "null",
      cwd: await subprocessCwd(),
      signal: AbortSignal.timeout(timeoutMs),
    }).output();
    return out.success;
  } catch {
    return false;
  }
}

/** How long ffmpeg may go without reporting progress before it counts as stuck. */
const STALL_MS = 120_000;

/**
 * Runs ffmpeg with `args`; throws `media_error` with the end of its log when it fails, runs
 * longer than `timeoutMs`, or reports no progress for `stallMs` (a wedged filter graph).
 */
export async function runFfmpeg(
  ffmpeg: string,
  args: string[],
  opts: { timeoutMs: number; stallMs?: number; onProgress?: (seconds: number) => void },
): Promise<void> {
  const child = new Deno.Command(ffmpeg, {
    args: ["-hide_banner", "-nostdin", "-loglevel", "error", "-progress", "pipe:1", "-y", ...args],
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
    cwd: await subprocessCwd(),
  }).spawn();
  let stopped: "timeout" | "stall" | undefined;
  const stop = (why: "timeout" | "stall") => {
    stopped ??= why;
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
  };
  const timer = setTimeout(() => stop("timeout"), opts.timeoutMs);
  const stallMs = Math.min(opts.stallMs ?? STALL_MS, opts.timeoutMs);
  let stall = setTimeout(() => stop("stall"), stallMs);
  const progress = (async () => {
    const decoder = new TextDecoder();
    let buffered = "";
    for await (const chunk of child.stdout) {
      clearTimeout(stall);
      stall = setTimeout(() => stop("stall"), stallMs);
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && opts.onProgress) opts.onProgress(Number(m[1]) / 1e6);
      }
    }
  })();
  const errText = new Response(child.stderr).text();
  const status = await child.status;
  clearTimeout(timer);
  await progress;
  clearTimeout(stall);
  const log = (await errText).trim();
  if (!status.success) {
    const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
    throw new DraftcliError(
      "media_error",
      stopped === "timeout"
        ? `ffmpeg took longer than ${seconds(opts.timeoutMs)} s and was stopped`
        : stopped === "stall"
        ? `ffmpeg reported no progress for ${seconds(stallMs)} s and was stopped`
        : `ffmpeg failed: ${log.split("\n").slice(-3).join(" | ") || `exit ${status.code}`}`,
      { hint: "check that the draft's media files are readable; run with a smaller --height" },
    );
  }
}
