/**
 * Items a batch builds many of from one value (a text material with the call's fields, a segment
 * with the call's clip, a companion material), remembered with that value. A command that builds
 * such items and saves them right away vouches that nothing but their holes (ids, times, content,
 * the render indexes the save numbers) changes in between (`vouchAsBuilt`): the writer
 * (serialize.ts) then writes each from the template's text, float-spelled once per call, with
 * only its holes written per item, instead of serialising all of it again. Code that changes a
 * vouched item outside its holes before the save calls `edited` on it first; an item nobody
 * vouched for is written as any other value. Pure.
 */

/** The value a batch's items are built from, and the member paths that differ per item. */
export interface ItemTemplate {
  /** JSON text of the value as built, the holes holding the first item's placeholders. */
  readonly text: string;
  /** Paths of the members written per item: `id`, `target_timerange.start` … */
  readonly holes: readonly string[];
  /** Compiled writers of this template, per place in a document (kept by serialize.ts). */
  readonly writers: Map<unknown, unknown>;
}

/** The template of each item built from one. */
const templates = new WeakMap<object, ItemTemplate>();

/** Items whose builder vouches that only their holes changed since they were built. */
const asBuilt = new WeakSet<object>();

/**
 * A template from `value` as the builder leaves each item, before the per-item members at
 * `holes` are filled in. The value's text is taken now: changing `value` afterwards changes
 * nothing. A hole named twice is a builder's mistake (the writer could not cut the text at it,
 * and would write every item as any value): it throws.
 */
export function itemTemplate(value: unknown, holes: readonly string[]): ItemTemplate {
  if (new Set(holes).size !== holes.length) {
    throw new Error(`internal: a template names a hole twice (${holes.join(", ")})`);
  }
  return { text: JSON.stringify(value), holes, writers: new Map() };
}

/**
 * Remembers that `item` was built from `template` and adds it to `built`, the items of a batch
 * its caller may vouch for (`vouchAsBuilt`); without `built`, nothing. Returns the item.
 */
export function builtFrom<T extends object>(item: T, template: ItemTemplate, built?: object[]): T {
  if (built) {
    templates.set(item, template);
    built.push(item);
  }
  return item;
}

/**
 * Vouches that these items, built from templates, change only in their holes until they are
 * written (see the module doc): the writer then takes their text from the template unchecked.
 */
export function vouchAsBuilt(items: Iterable<object>): void {
  // by index for a list (a batch's thousands of items, mostly before the optimising compiler
  // has looked at this loop: an iterator costs each step)
  const list = Array.isArray(items) ? items : [...items];
  for (let i = 0; i < list.length; i++) if (templates.has(list[i])) asBuilt.add(list[i]);
}

/**
 * Forgets the template of an item changed outside its holes: it is written as any value. A
 * member it shares with the other items of its batch (`shareMembers`) becomes its own copy, so
 * that a change to it stays the item's.
 */
export function edited(item: object): void {
  templates.delete(item);
  asBuilt.delete(item);
  const members = item as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    const v = members[key];
    if (v !== null && typeof v === "object" && shared.has(v)) members[key] = structuredClone(v);
  }
}

/** Members shared by the items of a batch (see `shareMembers`). */
const shared = new WeakSet<object>();

/**
 * Records `members` as shared by the items of a batch built from one prototype (editions
 * `sharedMembersMaker`): such an item is changed below its top level only after `edited`. The
 * members are frozen, deeply: a change in place that skipped `edited` throws instead of
 * changing every item of the batch.
 */
export function shareMembers(members: readonly object[]): void {
  for (const m of members) {
    shared.add(m);
    freezeDeep(m);
  }
}

/** Freezes `value` and every object below it. */
function freezeDeep(value: object): void {
  Object.freeze(value);
  const members = value as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    const v = members[key];
    if (v !== null && typeof v === "object" && !Object.isFrozen(v)) freezeDeep(v);
  }
}

/** The template of an item built from one and vouched for (see `vouchAsBuilt`), if any. */
export function vouchedTemplateOf(item: unknown): ItemTemplate | undefined {
  return item !== null && typeof item === "object" && asBuilt.has(item)
    ? templates.get(item)
    : undefined;
}

/**
 * The member of `value` at `path` (a hole's keys, `["clip", "scale", "x"]`, or a list's path in a
 * timeline, `["tracks", 0, "segments"]`); undefined where the path leaves the objects. An indexed
 * loop: it runs for each hole of each item of a large add, mostly before the optimising compiler
 * has looked at it.
 */
export function memberAt(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (let k = 0; k < path.length; k++) {
    v = v !== null && typeof v === "object"
      ? (v as Record<string | number, unknown>)[path[k]]
      : undefined;
  }
  return v;
}
