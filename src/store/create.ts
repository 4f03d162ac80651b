/**
 * Creating a new draft folder: built under a temporary name, then renamed into place.
 */
import { dirname, join } from "../path.ts";
import {
  type Edition,
  EDITION_FACTS,
  type Json,
  type VersionProfile,
} from "../editions/profiles.ts";
import { platformFor, type Stamp, stampFor } from "../editions/builds.ts";
import { skeletonFor } from "../editions/skeletons.ts";
import cover from "../editions/data/cover.json" with { type: "json" };
import { DraftDocument } from "../draft/document.ts";
import { newId } from "../draft/ids.ts";
import { moveEntry, type TxnData } from "./txn.ts";
import { decodeBase64 } from "./base64.ts";
import type { OsName } from "./home.ts";
import { type DraftState, STATE_DIR } from "./locate.ts";
import { draftFileEntries, MATERIALS_SIZE_KEY, materialsSize } from "./draft_files.ts";
import { nowUs } from "../files.ts";
import type { StagedFile } from "./commit.ts";
import { stagedEntries } from "./staged_moves.ts";
import { beginAssembly, sweepLeftovers } from "./assemble.ts";

/** Options for a new draft. */
export interface NewDraftOptions {
  root: string;
  name?: string;
  width: number;
  height: number;
  fps: number;
  edition: Edition;
  profile: VersionProfile;
  /** App version / new_version to stamp (default: the profile's; see `stampFor`). */
  stamp?: Stamp;
  /**
   * Version markers copied from an installed editor's newest app-written draft, if detected:
   * its platform block (app_version, os, os_version are used; device hashes never) and its
   * `new_version`.
   */
  platformOverride?: Json;
  newVersionOverride?: string;
  os: OsName;
  /**
   * Builds the draft's contents before it appears: gets the document and the hidden folder it
   * is assembled in (media placed there move with it) and returns what else the folder gets.
   * The draft is then written once, complete, and renamed into place; a failure leaves nothing.
   */
  fill?: (doc: DraftDocument, folder: string) => Promise<NewDraftExtras | void>;
}

/** What a `fill` adds to a new draft's folder besides the document. */
export interface NewDraftExtras {
  /** Files to move into the folder (paths inside the folder being assembled). */
  staged?: StagedFile[];
  /** Further files to write (paths inside the folder being assembled). */
  files?: { path: string; data: string }[];
  /** Run once the staged files have moved (removes a staging folder). */
  cleanup?: () => Promise<void>;
}

/**
 * Creates a new draft folder `<root>/<draftId>`: assembled in a hidden folder (with what
 * `opts.fill` builds into it), written once, then renamed into place. The name lives in the meta
 * only; it never becomes a path. Its files are written with synchronous calls: a dozen small
 * files, one after the other, for which an asynchronous call would cost a thread hop each.
 */
export async function createDraft(opts: NewDraftOptions): Promise<DraftDocument> {
  Deno.mkdirSync(opts.root, { recursive: true });
  await sweepLeftovers(opts.root);
  const draftId = newId();
  const name = opts.name ?? defaultName();
  const { content, meta } = skeletonFor(opts.profile);
  content.id = newId();
  content.fps = opts.fps;
  content.canvas_config = {
    ...(content.canvas_config as Json),
    width: opts.width,
    height: opts.height,
    ratio: "original",
  };
  const stamp = opts.stamp ?? stampFor(opts.profile);
  const platform = platformFor(
    opts.profile,
    opts.os,
    stamp,
    content.platform as Json,
    opts.platformOverride,
  );
  content.platform = structuredClone(platform);
  content.last_modified_platform = structuredClone(platform);
  content.new_version = opts.newVersionOverride ?? stamp.newVersion;
  content.version = 360000;
  content.render_index_track_mode_on = true;
  const created = nowUs();
  meta.draft_id = draftId;
  meta.draft_new_version = ""; // what the editor writes for a new draft (reference §6)
  meta.draft_name = name;
  meta.draft_cover = "draft_cover.jpg";
  meta.tm_draft_create = created;
  meta.tm_draft_modified = created;
  const assembly = await beginAssembly(opts.root, draftId, "creating");
  const { temp, dir } = assembly;
  const doc = new DraftDocument({
    dir,
    draftId,
    edition: opts.edition,
    profile: opts.profile,
    content,
    meta,
  });
  try {
    Deno.mkdirSync(join(temp, "resources"), { recursive: true });
    Deno.mkdirSync(join(temp, STATE_DIR), { recursive: true });
    const jpeg = decodeBase64(cover.jpegBase64);
    Deno.writeFileSync(join(temp, "draft_cover.jpg"), jpeg);
    Deno.writeFileSync(join(temp, "cover.jpg"), jpeg);
    for (const [name, text] of Object.entries(EDITION_FACTS[opts.edition].siblingFiles)) {
      Deno.writeTextFileSync(join(temp, name), text);
    }
    const state: DraftState = {
      draftId,
      edition: opts.edition,
      profile: opts.profile.id,
      createdBy: "draftcli",
      appVersion: String(platform.app_version),
      newVersion: String(content.new_version),
      markers: opts.platformOverride ? "detected" : stamp.source,
    };
    Deno.writeTextFileSync(join(temp, STATE_DIR, "state.json"), JSON.stringify(state));
    const extras = opts.fill ? await opts.fill(doc, temp) : undefined;
    try {
      // Same bytes under two URLs move once; the staged folder whole when it can.
      for (const e of stagedEntries(extras?.staged ?? [])) {
        if (!("moveFrom" in e)) continue;
        Deno.mkdirSync(dirname(e.path), { recursive: true });
        moveEntry(e.moveFrom, e.path);
      }
    } finally {
      await extras?.cleanup?.();
    }
    for (const f of extras?.files ?? []) Deno.writeTextFileSync(f.path, f.data);
    const size = await materialsSize(doc, [], temp);
    if (size !== undefined && MATERIALS_SIZE_KEY in meta) meta[MATERIALS_SIZE_KEY] = size;
    writeDraftFiles(doc, temp);
    if (opts.fill) await assembly.repoint(); // media registered in the meta while hidden
    await assembly.publish();
  } catch (err) {
    await assembly.abandon();
    throw err;
  }
  return doc;
}

/** Writes every file the document is stored as into `folder` (a new draft: no journal). */
function writeDraftFiles(doc: DraftDocument, folder: string): void {
  // The timeline's pieces are joined once for all its copies.
  const joined = new Map<TxnData, string>();
  for (const e of draftFileEntries(doc, folder)) {
    const data = (e as { data: TxnData }).data;
    if (typeof data === "string") Deno.writeTextFileSync(e.path, data);
    else if (data instanceof Uint8Array) Deno.writeFileSync(e.path, data);
    else {
      if (!joined.has(data)) joined.set(data, joinPieces(data.chunks));
      Deno.writeTextFileSync(e.path, joined.get(data)!);
    }
  }
}

/** The text of a file's pieces (marks write nothing; a character may span two byte pieces). */
function joinPieces(pieces: Iterable<string | Uint8Array | ((offset: number) => void)>): string {
  const decoder = new TextDecoder();
  let text = "";
  for (const p of pieces) {
    if (typeof p === "string") text += decoder.decode() + p;
    else if (typeof p !== "function") text += decoder.decode(p, { stream: true });
  }
  return text + decoder.decode();
}

function defaultName(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, "0");
  return `draftcli ${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}.${
    p(d.getMinutes())
  }.${p(d.getSeconds())}`;
}
