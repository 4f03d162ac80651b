/**
 * ffmpeg for tests that make real media (skipped where ffmpeg is absent): is it there, and run it
 * quietly, failing with its error text.
 */

/** Is ffmpeg on PATH (or named by DRAFTCLI_FFMPEG)? */
export function hasFfmpeg(): boolean {
  const named = Deno.env.get("DRAFTCLI_FFMPEG");
  if (named) return true;
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    try {
      if (Deno.statSync(`${dir}/ffmpeg`).isFile) return true;
    } catch { /* not here */ }
  }
  return false;
}

/** Runs ffmpeg with `args` (overwriting outputs, errors only); throws with its stderr on failure. */
export async function ffmpeg(args: string[]): Promise<void> {
  const out = await new Deno.Command(Deno.env.get("DRAFTCLI_FFMPEG") ?? "ffmpeg", {
    args: ["-hide_banner", "-loglevel", "error", "-y", ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`ffmpeg failed: ${new TextDecoder().decode(out.stderr)}`);
}

/** The names of the encoders this ffmpeg has (libx265, libvpx-vp9, aac, …). */
export async function ffmpegEncoders(): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.env.get("DRAFTCLI_FFMPEG") ?? "ffmpeg", {
    args: ["-hide_banner", "-encoders"],
    stdout: "piped",
    stderr: "null",
  }).output();
  const lines = new TextDecoder().decode(out.stdout).split("\n");
  // " V....D libx264  libx264 H.264 / …": flags, then the name.
  return new Set(
    lines.map((l) => /^ [VAS][.A-Z]{5} (\S+)/.exec(l)?.[1]).filter((n) => !!n) as string[],
  );
}
