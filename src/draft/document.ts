/**
 * The in-memory draft: the timeline document (`draft_content.json`) and the meta document
 * (`draft_meta_info.json`) as parsed JSON (typed by model.ts, never copied), so keys we do not
 * model survive a load/save, with typed accessors for draft → tracks → segments → materials.
 */
import type { Edition, VersionProfile } from "../editions/profiles.ts";
import { newId } from "./ids.ts";
import type { Spellings } from "./spellings.ts";
import {
  appendUnread,
  type KeptLists,
  type LazyList,
  type LazyLists,
  type ListBytes,
  makeLazy,
  sameSummary,
  type SegmentsSummary,
  summariseSegments,
  summaryAfter,
  untouchedLazy,
} from "./verbatim.ts";
import type {
  DraftContent,
  DraftMeta,
  Material,
  MaterialOf,
  Materials,
  Segment,
  Track,
} from "./model.ts";

/** A track and a segment as stored (see model.ts). */
export type { Segment, Track };

/** Track kinds in the order the editors list them (reference §3.2). */
export const TRACK_ORDER: readonly string[] = [
  "video",
  "sticker",
  "effect",
  "filter",
  "adjust",
  "text",
  "audio",
];

/** Segment `render_index` base per track kind. */
export const RENDER_BASE: Readonly<Record<string, number>> = {
  video: 0,
  audio: 0,
  effect: 11000,
  filter: 11000,
  sticker: 14000,
  text: 15000,
  adjust: 11000,
};

/** What a save keeps of the files a draft was loaded from (see `DraftDocument.loaded`). */
export interface LoadedFiles {
  content: Spellings;
  meta?: Spellings;
  settings?: string;
  /** The timeline's item lists whose loaded bytes are known (verbatim.ts). */
  lists?: KeptLists;
  /**
   * Materials lists and tracks' segments left out of the parse (verbatim.ts `LazyList`): the
   * document makes each an accessor that parses it when first read; once parsed it joins `lists`.
   */
  lazy?: LazyLists;
  /**
   * A save checked against a full serialisation (DRAFTCLI_VERIFY_SAVE): a track's segments
   * parsed when first read must also have the summary their span records (a command may have
   * placed and numbered segments from it before reading them).
   */
  verify?: boolean;
}

/** A loaded or new draft. */
export class DraftDocument {
  /** Folder of the draft. */
  readonly dir: string;
  /** Id of the draft (the folder name for drafts we create). */
  readonly draftId: string;
  readonly edition: Edition;
  readonly profile: VersionProfile;
  /** The timeline document. */
  readonly content: DraftContent;
  /** The meta document. */
  readonly meta: DraftMeta;
  /**
   * Ids of the segments the draft had when loaded: their editor-set render_index is kept. A
   * track's segments left out of the parse add theirs when first read.
   */
  readonly #loadedSegments: Set<string>;
  /** Did the draft have segments when loaded (some perhaps not parsed)? */
  readonly #hadSegments: boolean;
  /**
   * `mediaPaths()` when loaded: a save looks only at the files added since. A media list left
   * out of the parse adds its paths when first read (before anything can change it).
   */
  readonly loadedMediaPaths: ReadonlySet<string>;
  /**
   * For a draft loaded to be saved: how its files spelled numbers and indented (a save writes
   * them so, see spellings.ts), `meta` absent when it had no meta file, and the text of its
   * `draft_settings` when it had one. Undefined for a new draft.
   */
  readonly loaded?: LoadedFiles;

  constructor(
    init: {
      dir: string;
      draftId: string;
      edition: Edition;
      profile: VersionProfile;
      content: DraftContent;
      meta: DraftMeta;
      loaded?: LoadedFiles;
    },
  ) {
    this.dir = init.dir;
    this.draftId = init.draftId;
    this.edition = init.edition;
    this.profile = init.profile;
    this.content = init.content;
    this.meta = init.meta;
    this.loaded = init.loaded;
    // (lists left out of the parse are still the skeleton's empty lists here)
    const loadedSegments = this.#loadedSegments = new Set(
      (init.content.tracks ?? []).flatMap((t) => (t.segments ?? []).map((s) => s.id)),
    );
    const loadedMedia = this.#pathsOf(this.#parsedMediaLists());
    this.loadedMediaPaths = loadedMedia;
    const unread = this.#unreadSegments();
    this.#hadSegments = loadedSegments.size > 0 || unread.length > 0;
    this.#loadedEnd = Math.max(this.#lastEnd(), ...unread.map((u) => u.summary.last));
    const materials = init.content.materials;
    for (const [holder, byKey] of init.loaded?.lazy ?? []) {
      for (const [key, lazy] of byKey) {
        makeLazy(holder as Record<string, unknown>, key, lazy, (list) => {
          init.loaded!.lists?.set(list, {
            items: list.slice(),
            span: lazy.span,
            bytes: lazy.bytes,
          });
          if (holder === materials && (key === "videos" || key === "audios")) {
            for (const p of this.#pathsOf([list as Material[]])) loadedMedia.add(p);
          } else if (holder !== materials && key === "segments") {
            if (init.loaded!.verify && !sameSummary(summariseSegments(list), lazy.span.segments)) {
              throw new Error(
                `a track's segments, read, differ from the summary of them the load relied on`,
              );
            }
            for (const s of list as Segment[]) loadedSegments.add(s.id);
          }
        });
      }
    }
  }

  /**
   * The tracks whose segments were left out of the parse and nothing has read since, with the
   * summary their span records (verbatim.ts `SegmentsSummary`).
   */
  #unreadSegments(): { track: Track; summary: SegmentsSummary }[] {
    const out: { track: Track; summary: SegmentsSummary }[] = [];
    if (!this.loaded?.lazy) return out;
    for (const track of this.content.tracks ?? []) {
      const l = this.#unread(track);
      if (l) out.push({ track, summary: l.span.segments! });
    }
    return out;
  }

  /** A track's segments left out of the parse that nothing has read (with their summary). */
  #unread(track: Track): LazyList | undefined {
    const l = untouchedLazy(this.loaded?.lazy, track, "segments");
    return l?.span.segments ? l : undefined;
  }

  /**
   * The summary of a track's segments nothing has read, with those added since (`appendSegment`);
   * undefined when they were read, or an added one does not follow them (see `summaryAfter`).
   */
  #unreadSummary(track: Track): SegmentsSummary | undefined {
    const l = this.#unread(track);
    if (!l) return undefined;
    return l.appended?.length ? summaryAfter(l.span.segments!, l.appended) : l.span.segments;
  }

  /**
   * `unreadEnd`'s summaries, by unread list, with the number of added segments they include:
   * extended as segments are added, so placing a batch costs O(1) per segment. (Its `top` may
   * predate normalise's numbering; only `last` and `contiguous` are read from it.)
   */
  #ends = new WeakMap<LazyList, { added: number; summary: SegmentsSummary | undefined }>();

  /**
   * For placement: where the segments of a track nothing has read end (those added since
   * included), and whether they run contiguous from 0; undefined once they were read.
   */
  unreadEnd(track: Track): { last: number; contiguous: boolean } | undefined {
    const l = this.#unread(track);
    if (!l) return undefined;
    const added = l.appended ?? [];
    let c = this.#ends.get(l);
    if (!c || c.added > added.length) c = { added: 0, summary: l.span.segments };
    if (c.added < added.length && c.summary) {
      c = { added: added.length, summary: summaryAfter(c.summary, added.slice(c.added)) };
    }
    this.#ends.set(l, c);
    return c.summary;
  }

  /**
   * Adds a segment after a track's segments without reading them, when nothing has read them
   * and it starts no earlier than they end (`unreadEnd`): it follows them in the list a read
   * parses and in the bytes a save writes (verbatim.ts `appendUnread`). False otherwise (the
   * caller then places it in the list itself).
   */
  appendSegment(track: Track, segment: Segment): boolean {
    const end = this.unreadEnd(track);
    const r = segment.target_timerange;
    if (!end || !(r.start >= end.last) || !(r.duration >= 0)) return false;
    return appendUnread(this.loaded?.lazy, track, "segments", segment);
  }

  /**
   * What a save records of a track's segments with their span (verbatim.ts `SegmentsSummary`):
   * for a list nothing read, its loaded summary with the segments added since, else made from its
   * items (undefined when they do not allow one). Call once the save has written them.
   */
  segmentsSummary(track: Track): SegmentsSummary | undefined {
    return this.#unread(track) ? this.#unreadSummary(track) : summariseSegments(track.segments);
  }

  /**
   * For a save checked against a full serialisation (DRAFTCLI_VERIFY_SAVE): call before the save
   * writes; the check it returns, run once the full serialisation has read every list (which
   * checks each one's loaded segments against their summary, `LoadedFiles.verify`), throws
   * unless each track whose segments nothing read is, with the segments added since, in start
   * order (as normalise, which did not sort it, leaves a list).
   */
  checkUnreadSegments(): () => void {
    const unread = this.#unreadSegments();
    return () => {
      for (const { track } of unread) {
        if (!summariseSegments(track.segments)) {
          throw new Error(
            `a save left a track's segments nothing read out of start order (track ${track.id})`,
          );
        }
      }
    };
  }

  /** The media lists (videos, audios) present and parsed: none left out of the parse unread. */
  #parsedMediaLists(): Material[][] {
    const lists: Materials = this.content.materials ?? {};
    return (["videos", "audios"] as const)
      .filter((list) => !untouchedLazy(this.loaded?.lazy, lists, list))
      .map((list) => lists[list] ?? []);
  }

  /** The paths of media materials in `lists`. */
  #pathsOf(lists: Material[][]): Set<string> {
    const out = new Set<string>();
    for (const items of lists) {
      for (const m of items) if (typeof m.path === "string" && m.path) out.add(m.path);
    }
    return out;
  }

  /**
   * The media materials added to media lists nothing read (`addMaterial`), when that is all that
   * changed in the draft's media lists: each of `videos` and `audios` is left out of the parse and
   * not read since, or empty now and when loaded (and one of them is unread). Undefined otherwise;
   * an empty list when the draft's media are those it was loaded with.
   */
  mediaAddedUnread(): Material[] | undefined {
    const lists: Materials = this.content.materials ?? {};
    const added: Material[] = [];
    let unread = false;
    for (const list of ["videos", "audios"] as const) {
      const lazy = untouchedLazy(this.loaded?.lazy, lists, list);
      if (lazy) {
        unread = true;
        for (const m of lazy.appended ?? []) added.push(m as Material);
      } else if (lists[list]?.length) return undefined;
    }
    return unread && this.loadedMediaPaths.size === 0 ? added : undefined;
  }

  /** The latest segment end when loaded: an edit that keeps it keeps the stored duration. */
  readonly #loadedEnd: number;

  #lastEnd(): number {
    let end = 0;
    for (const track of this.tracks) {
      for (const s of track.segments ?? []) {
        end = Math.max(end, s.target_timerange.start + s.target_timerange.duration);
      }
    }
    return end;
  }

  /** Paths of the video and audio materials (images are videos), as the draft spells them. */
  mediaPaths(): Set<string> {
    const lists: Materials = this.content.materials ?? {};
    return this.#pathsOf([lists.videos ?? [], lists.audios ?? []]);
  }

  /** Frames per second of the timeline. */
  get fps(): number {
    return Number(this.content.fps) || 30;
  }

  /** Canvas size in pixels. */
  get canvas(): { width: number; height: number } {
    const c = this.content.canvas_config!;
    return { width: Number(c.width), height: Number(c.height) };
  }

  /** All tracks in file order. */
  get tracks(): Track[] {
    return (this.content.tracks ??= []);
  }

  /** The materials list with this name (created if the editor's template lacks it). */
  materials<L extends string>(list: L): MaterialOf<L>[] {
    const m = (this.content.materials ??= {}) as Record<string, MaterialOf<L>[]>;
    return (m[list] ??= []);
  }

  /** Does this edition's template have this materials list? */
  hasList(list: string): boolean {
    return list in this.content.materials!;
  }

  /**
   * Adds a material object to a list and returns its id. A list left out of the load's parse and
   * not read since stays unparsed: the material follows its loaded items (verbatim.ts
   * `appendUnread`).
   */
  addMaterial<L extends string>(list: L, material: MaterialOf<L>): string {
    const lists = this.content.materials ??= {};
    if (!appendUnread(this.loaded?.lazy, lists, list, material)) {
      this.materials(list).push(material);
    }
    return material.id as string;
  }

  /** Finds a material by id in any list (indexed, see `materialIn`). */
  findMaterial(id: string): { list: string; material: Material } | undefined {
    for (const [list, items] of Object.entries(this.content.materials!)) {
      if (!Array.isArray(items)) continue;
      const material = this.materialIn(list, id);
      if (material) return { list, material };
    }
    return undefined;
  }

  /** id → position, per materials list; extended as lists grow, rebuilt when they change. */
  #ids = new Map<
    string,
    { items: Material[]; indexed: number; last?: Material; at: Map<string, number> }
  >();

  /**
   * Finds a material by id in one list in O(1) (amortised). The index follows appends; it is
   * rebuilt when the list was replaced, shrank or shifted (its last indexed entry moved), or when
   * a hit turns out stale. Ids must be set before a material is added, as every builder does.
   */
  materialIn<L extends string>(list: L, id: string): MaterialOf<L> | undefined {
    const items: MaterialOf<L>[] = this.materials(list);
    let ix = this.#ids.get(list);
    if (
      !ix || ix.items !== items || ix.indexed > items.length ||
      (ix.indexed > 0 && items[ix.indexed - 1] !== ix.last)
    ) {
      ix = { items, indexed: 0, at: new Map() };
      this.#ids.set(list, ix);
    }
    for (; ix.indexed < items.length; ix.indexed++) {
      const m = items[ix.indexed];
      if (typeof m?.id === "string") ix.at.set(m.id, ix.indexed);
    }
    ix.last = items[ix.indexed - 1];
    const at = ix.at.get(id);
    if (at !== undefined && items[at]?.id === id) return items[at];
    if (at === undefined) return undefined;
    this.#ids.delete(list); // stale: rebuild once
    return this.materialIn(list, id);
  }

  /** Finds a segment by id with its track. */
  findSegment(id: string): { track: Track; segment: Segment } | undefined {
    for (const track of this.tracks) {
      const segment = track.segments.find((s) => s.id === id);
      if (segment) return { track, segment };
    }
    return undefined;
  }

  /** Tracks of a kind, in file order. */
  tracksOf(type: string): Track[] {
    return this.tracks.filter((t) => t.type === type);
  }

  /** Adds an empty track of a kind after the existing ones of that kind (editor order). */
  addTrack(type: string): Track {
    const track: Track = {
      attribute: 0,
      flag: 0,
      id: newId(),
      is_default_name: true,
      name: "",
      segments: [],
      type,
    };
    const rank = (t: string) => {
      const i = TRACK_ORDER.indexOf(t);
      return i < 0 ? TRACK_ORDER.length : i;
    };
    const tracks = this.tracks;
    let at = tracks.length;
    for (let i = 0; i < tracks.length; i++) {
      if (rank(tracks[i].type) > rank(type)) {
        at = i;
        break;
      }
    }
    tracks.splice(at, 0, track);
    return track;
  }

  /**
   * Recomputes duration, segment order, and the render indexes of segments added since loading;
   * call before saving. Segments the draft already had keep `render_index` and
   * `track_render_index` (the editors number layers their own way: text 14000 + n, overlay
   * video 6, effect tracks 11000 + n). A new segment on a track that had segments takes their
   * `track_render_index`; a new track goes above every loaded one (in file order among new ones).
   * In a draft loaded without segments, `track_render_index` is the track's position.
   */
  normalise(): void {
    let end = 0;
    const perKind: Record<string, number> = {};
    // New segments carry 0 until numbered here, so the highest index is a loaded segment's.
    // A track's segments nothing read are as loaded, in start order: their recorded summary
    // (verbatim.ts `SegmentsSummary`) says all this needs of them.
    let above = -1;
    for (const track of this.tracks) {
      // segments added that do not follow the unread ones (never so through `appendSegment`):
      // the list is read, and sorted below
      if (this.#unread(track) && !this.#unreadSummary(track)) void track.segments;
      const unread = this.#unreadSummary(track);
      if (unread) {
        if (unread.top > above) above = unread.top;
        continue;
      }
      for (const s of track.segments) {
        const t = s.track_render_index;
        if (typeof t === "number" && t > above) above = t;
      }
    }
    this.tracks.forEach((track, position) => {
      // kinds sharing a base (effect, filter, adjust at 11000) count together: one layer each
      const layer = RENDER_BASE[track.type] === 11000 ? "effect" : track.type;
      const nth = perKind[layer] = (perKind[layer] ?? -1) + 1;
      const unread = this.#unread(track);
      if (unread) {
        // in start order already; the added ones take the first loaded one's layer
        end = Math.max(end, this.#unreadSummary(track)!.last);
        const base = RENDER_BASE[track.type];
        for (const s of (unread.appended ?? []) as Segment[]) {
          s.track_render_index = unread.span.segments!.layer;
          if (base !== undefined && track.type !== "audio") s.render_index = base + nth;
        }
        return;
      }
      track.segments.sort((a, b) => a.target_timerange.start - b.target_timerange.start);
      const base = RENDER_BASE[track.type];
      const loadedIds = this.#loadedSegments.size ? this.#loadedSegments : undefined;
      const loaded = loadedIds && track.segments.find((s) => loadedIds.has(s.id));
      let trackIndex = loaded?.track_render_index;
      if (trackIndex === undefined) {
        trackIndex = this.#hadSegments ? ++above : position;
      }
      for (const s of track.segments) {
        end = Math.max(end, s.target_timerange.start + s.target_timerange.duration);
        if (loadedIds?.has(s.id)) continue;
        s.track_render_index = trackIndex;
        if (base !== undefined && track.type !== "audio") s.render_index = base + nth;
      }
    });
    // the editors may store a duration a µs off the last end; it stays while that end does
    const kept = this.loaded && end === this.#loadedEnd &&
      typeof this.content.duration === "number";
    if (!kept && this.content.duration !== end) this.content.duration = end;
  }

  /** Timeline duration in µs (max segment end). */
  get duration(): number {
    return Number(this.content.duration) || 0;
  }

  /** Loaded items this edit says it changed (`keepLoadedItems`); undefined: it said nothing. */
  #changedLoaded?: Set<unknown>;

  /**
   * Declares that this edit leaves every item the draft was loaded with — each element of a
   * `materials.<kind>` list and of a track's `segments` — as it was (same object, same content),
   * except those in `changed`; it may add items, remove none, and put none before a loaded one.
   * A save may then write the loaded items of the lists that hold no changed item from the
   * loaded bytes (verbatim.ts) instead of serialising them again. Only edits that add call this;
   * a wrong declaration would lose an edit, which the test suite's saves catch
   * (DRAFTCLI_VERIFY_SAVE). Without it, a save serialises everything.
   */
  keepLoadedItems(changed: Iterable<object> = []): void {
    this.#changedLoaded = new Set(changed);
  }

  /**
   * The item lists a save writes partly from the loaded bytes: each list whose loaded items are
   * still its first ones, the same objects, none of them changed by this edit (`keepLoadedItems`),
   * with those items' bytes. Empty unless the edit declared so and the loaded bytes are known.
   */
  keptBytes(): Map<readonly unknown[], ListBytes> {
    const out = new Map<readonly unknown[], ListBytes>();
    const changed = this.#changedLoaded;
    if (!changed || !this.loaded?.lists) return out;
    lists: for (const [list, { items, bytes }] of this.loaded.lists) {
      if (list.length < items.length) continue;
      for (let i = 0; i < items.length; i++) {
        if (list[i] !== items[i] || changed.has(items[i])) continue lists;
      }
      out.set(list, { bytes, count: items.length });
    }
    return out;
  }
}
