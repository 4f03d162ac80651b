/**
 * What the in-process benchmarks share: a scratch drafts folder with a command context, a default
 * draft, caption batches, a resolved PNG and folder copies.
 */
import { makeContext } from "../src/commands/make_context.ts";
import type { ResolvedFile } from "../src/ops/media.ts";
export { portraitDraft } from "../test/helpers/portrait_draft.ts";

/** A scratch HOME holding a drafts folder, and a context whose commands use them. */
export interface BenchWorld {
  root: string;
  drafts: string;
  env: Record<string, string>;
  ctx: ReturnType<typeof makeContext>;
}

/**
 * Makes a scratch world (`prefix` names its temp folder); `env` adds variables to the context's
 * (e.g. DENO_DIR for subprocesses). The folder is removed when the process unloads.
 */
export function benchWorld(prefix: string, env: Record<string, string> = {}): BenchWorld {
  const root = Deno.makeTempDirSync({ prefix });
  const drafts = `${root}/drafts`;
  Deno.mkdirSync(drafts);
  globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));
  const all = { DRAFTCLI_DRAFTS_DIR: drafts, HOME: root, ...env };
  return { root, drafts, env: all, ctx: makeContext({ env: all, warn: () => {} }) };
}

/** `n` back-to-back 0.1 s captions, the first at `offset` × 0.1 s. */
export function captions(n: number, offset: number) {
  return Array.from({ length: n }, (_, i) => ({
    text: `caption ${offset + i}`,
    start: (offset + i) * 100_000,
    end: (offset + i + 1) * 100_000 - 1,
  }));
}

/** Copies a folder tree of plain files. */
export function copyDir(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const e of Deno.readDirSync(from)) {
    if (e.isDirectory) copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else Deno.copyFileSync(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/** A 640×360 PNG at `path`, as the media resolver hands it to an images batch (not read). */
export function pngFile(path: string): ResolvedFile {
  const fileName = path.slice(path.lastIndexOf("/") + 1);
  return {
    url: `file://${path}`,
    path,
    fileName,
    kind: "image",
    format: "png",
    durationUs: 0,
    width: 640,
    height: 360,
    hasAudio: false,
    hasVideo: true,
  };
}
