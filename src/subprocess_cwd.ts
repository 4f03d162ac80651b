/**
 * Where subprocesses (ffprobe, ffmpeg) start. No static `node:` import: media probing, which
 * imports this, is on the path of every add that probes a file.
 */

/**
 * The working folder to start a subprocess in: undefined (inherit) while this process's own
 * exists, else the system temp folder. A long-lived `draftcli mcp` whose folder is removed
 * meanwhile could otherwise start no subprocess at all ("failed resolving cwd"). `node:os`
 * (part of Deno's Node layer) is loaded only in that case.
 */
export async function subprocessCwd(): Promise<string | undefined> {
  try {
    Deno.cwd();
    return undefined;
  } catch {
    return (await import("node:os")).tmpdir();
  }
}
