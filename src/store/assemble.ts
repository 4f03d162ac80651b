/**
 * Hidden folders of a drafts root: new drafts assembled out of sight, deleted drafts on their
 * way out, and the sweep of what crashed processes leave behind.
 *
 * A new draft (create, duplicate, fill, import) is built in `<root>/.<id>.<kind>` and appears as
 * `<root>/<id>` with one rename, or not at all. A deleted draft is renamed to
 * `<root>/.<uuid>.deleting-<8 hex>` and removed from there. While a process works on such a
 * folder it holds `.draftcli/owner.json` inside it, OS-locked (lock.ts), so `sweepLeftovers`
 * removes only folders whose process is dead, and only once they are older than a few minutes.
 */
import { ignoreErrors, orUndefined } from "../files.ts";
import { join } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { type HeldFile, inspectHeld, tryCreateHeld } from "./lock.ts";

/** draftcli's folder inside a draft (the same as locate.ts's STATE_DIR). */
const STATE_DIR = ".draftcli";

/** The owner file inside a hidden folder, held OS-locked by the process working on it. */
export const OWNER_FILE = "owner.json";

/** What a hidden folder is for. */
export type AssemblyKind = "creating" | "copying" | "importing";

/** Names of draftcli's hidden folders in a drafts root (and of earlier builds' graves). */
const HIDDEN = /^\.[^\\/]+\.(creating|copying|importing|deleting-[0-9a-f]{8})$/;

/** A hidden folder older than this whose owner is dead is a crash leftover. */
export const LEFTOVER_AGE_MS = 5 * 60_000;

/** An owner on another host (no shared OS locks) counts as dead after this long. */
const REMOTE_OWNER_MS = 24 * 3600_000;

/** The leftover age from env DRAFTCLI_LEFTOVER_AGE_MS (non-negative ms), else the default. */
export function leftoverAgeFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return LEFTOVER_AGE_MS;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : LEFTOVER_AGE_MS;
}

/** The leftover age in force (env DRAFTCLI_LEFTOVER_AGE_MS, else 5 minutes). */
export function leftoverAgeMs(): number {
  try {
    return leftoverAgeFromEnv(Deno.env.get("DRAFTCLI_LEFTOVER_AGE_MS"));
  } catch {
    return LEFTOVER_AGE_MS;
  }
}

/** Takes ownership of a hidden folder: its `.draftcli/owner.json`, OS-locked. */
async function claim(dir: string): Promise<HeldFile | undefined> {
  try {
    Deno.mkdirSync(join(dir, STATE_DIR));
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) return undefined;
  }
  return await tryCreateHeld(join(dir, STATE_DIR, OWNER_FILE)).catch(() => undefined);
}

/**
 * Removes a hidden folder this process owns: everything but the owner file first (a process
 * killed meanwhile leaves a folder the sweep finishes), then the owner file, then the folder.
 * Links inside are removed, never followed.
 */
async function removeOwned(dir: string, held: HeldFile | undefined): Promise<void> {
  const names = orUndefined(() => Array.from(Deno.readDirSync(dir), (e) => e.name)) ?? [];
  for (const name of names) {
    if (name === STATE_DIR) continue;
    ignoreErrors(() => Deno.removeSync(join(dir, name), { recursive: true }));
  }
  const state = join(dir, STATE_DIR);
  const inner = orUndefined(() => Array.from(Deno.readDirSync(state), (e) => e.name)) ?? [];
  for (const name of inner) {
    if (name !== OWNER_FILE) {
      ignoreErrors(() => Deno.removeSync(join(state, name), { recursive: true }));
    }
  }
  await held?.release();
  ignoreErrors(() => Deno.removeSync(dir, { recursive: true }));
}

/** Replaces the old folder prefix in every string of a JSON value. */
export function rewritePaths(value: unknown, prefixes: [string, string][]): unknown {
  if (typeof value === "string") {
    for (const [from, to] of prefixes) {
      if (value === from) return to;
      const next = value[from.length];
      if (value.startsWith(from) && (next === "/" || next === "\\")) {
        return to + value.slice(from.length);
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => rewritePaths(v, prefixes));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewritePaths(v, prefixes);
    return out;
  }
  return value;
}

/** JSON files of a draft copy that may hold absolute paths (timelines, meta, Timelines/…). */
export async function pathHoldingFiles(dir: string, rel = "", depth = 0): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, rel))) {
    const childRel = rel ? join(rel, e.name) : e.name;
    if (e.isFile && (e.name.endsWith(".json") || e.name.endsWith(".tmp"))) out.push(childRel);
    else if (e.isDirectory && depth < 3 && e.name !== "resources" && e.name !== STATE_DIR) {
      out.push(...await pathHoldingFiles(dir, childRel, depth + 1));
    }
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Points absolute paths under one folder at another in the JSON files of a draft folder that
 * mention it (meta, timelines, `.draftcli/probe-cache.json`): a replacement in the text, so every
 * other byte (key order, number spelling) stays as it is.
 */
async function repointFolder(folder: string, prefixes: [string, string][]): Promise<void> {
  const esc = (p: string) => JSON.stringify(p).slice(1, -1);
  const rules = prefixes.map(([from, to]) => ({
    from: esc(from),
    // the path itself, or followed by a separator (`/`, or `\` as JSON spells a backslash)
    pattern: new RegExp(escapeRegExp(esc(from)) + String.raw`(?=["/]|\\)`, "g"),
    to: esc(to),
  }));
  const rels = [...await pathHoldingFiles(folder), join(STATE_DIR, "probe-cache.json")];
  for (const rel of rels) {
    const path = join(folder, rel);
    const text = await Deno.readTextFile(path).catch(() => undefined);
    if (text === undefined || !rules.some((r) => text.includes(r.from))) continue;
    let out = text;
    for (const r of rules) out = out.replace(r.pattern, () => r.to);
    if (out !== text) await Deno.writeTextFile(path, out);
  }
}

/** A new draft folder being assembled out of sight. */
export interface Assembly {
  /** The hidden folder it is built in (`<root>/.<id>.<kind>`). */
  temp: string;
  /** Where it appears (`<root>/<id>`). */
  dir: string;
  /**
   * Points absolute paths into the hidden folder that its JSON files (meta, timelines, probe
   * cache) picked up while it was assembled at the folder it will have.
   */
  repoint(): Promise<void>;
  /** Moves the finished folder into place with one rename. */
  publish(): Promise<void>;
  /** Removes the hidden folder (after a failure). */
  abandon(): Promise<void>;
}

/** Starts assembling the draft `id` in `root` (created if missing): makes and owns its temp. */
export async function beginAssembly(
  root: string,
  id: string,
  kind: AssemblyKind,
): Promise<Assembly> {
  Deno.mkdirSync(root, { recursive: true });
  const temp = join(root, `.${id}.${kind}`);
  const dir = join(root, id);
  Deno.mkdirSync(temp);
  const held = await claim(temp);
  const forward = (p: string) => p.replaceAll("\\", "/");
  return {
    temp,
    dir,
    repoint: () => repointFolder(temp, [[temp, dir], [forward(temp), forward(dir)]]),
    async publish() {
      if (orUndefined(() => Deno.lstatSync(dir))) {
        throw new DraftcliError("io_error", `a folder ${dir} exists already`, {
          hint: "run the command again (the new draft gets a new id)",
        });
      }
      // Windows renames no folder with an open file inside: let go first there.
      if (Deno.build.os === "windows") await held?.release();
      Deno.renameSync(temp, dir);
      // The owner file moved with the folder: remove it there, then drop the OS lock.
      ignoreErrors(() => Deno.removeSync(join(dir, STATE_DIR, OWNER_FILE)));
      await held?.release();
    },
    async abandon() {
      await removeOwned(temp, held);
    },
  };
}

/** A folder renamed to a hidden grave, owned by this process until removed. */
export interface Grave {
  path: string;
  /** Removes the grave and everything in it (links are removed, not followed). */
  remove(): Promise<void>;
}

/**
 * Moves a draft folder out of the draft list: renames it to a hidden grave in the same root
 * (call under the draft's lock), then takes ownership inside it. `remove` deletes it; a process
 * killed before that leaves a grave that a later sweep finishes (a sweep that takes the grave in
 * the instant before it is owned does the removal instead).
 */
export async function buryFolder(root: string, dir: string): Promise<Grave> {
  const path = join(root, graveName());
  Deno.renameSync(dir, path);
  const held = await claim(path);
  return { path, remove: () => removeOwned(path, held) };
}

function graveName(): string {
  return `.${crypto.randomUUID()}.deleting-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Removes draftcli's hidden folders in `root` (`.<x>.creating`, `.copying`, `.importing`,
 * `.deleting-*`) older than `maxAgeMs` whose owner is dead. One listing of the root; only names
 * of these shapes are looked at. A leftover is first renamed to a fresh grave (so two sweeps, or
 * a late owner, never work on the same folder), then removed.
 */
export async function sweepLeftovers(root: string, maxAgeMs = leftoverAgeMs()): Promise<number> {
  let entries: Deno.DirEntry[];
  try {
    entries = Array.from(Deno.readDirSync(root));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    if (!e.isDirectory || !HIDDEN.test(e.name)) continue;
    const dir = join(root, e.name);
    const st = orUndefined(() => Deno.lstatSync(dir));
    if (!st?.isDirectory || Date.now() - (st.mtime?.getTime() ?? 0) < maxAgeMs) continue;
    const owner = await inspectHeld(join(dir, STATE_DIR, OWNER_FILE), {
      staleMs: REMOTE_OWNER_MS,
      breakStale: true,
    });
    if (owner.state === "live") continue;
    const grave = join(root, graveName());
    try {
      Deno.renameSync(dir, grave);
    } catch {
      continue; // taken by another sweep or its owner meanwhile
    }
    await removeOwned(grave, await claim(grave));
    removed++;
  }
  return removed;
}
