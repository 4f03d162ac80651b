/** Where subprocesses (ffprobe, ffmpeg) start. */
import { tmpdir } from "node:os";

/**
 * The working folder to start a subprocess in: undefined (inherit) while this process's own
 * exists, else the system temp folder. A long-lived `draftcli mcp` whose folder is removed
 * meanwhile could otherwise start no subprocess at all ("failed resolving cwd").
 */
export function subprocessCwd(): string | undefined {
  try {
    Deno.cwd();
    return undefined;
  } catch {
    return tmpdir();
  }
}
