/**
 * Items a batch builds many of from one value (a text material with the call's fields, a segment
 * with the call's clip, a companion material), remembered with that value: the writer
 * (serialize.ts) then writes such an item from the template's text, with only its holes (ids,
 * times, content) written per item, instead of serialising all of it again.
 *
 * The writer checks an item against its template first (its JSON.stringify text must be the
 * template's with its holes put in), so an item changed after it was built (an animation put into
 * its container, a key added) is written as any other value. An item whose builder vouches that
 * only its holes changed since (`vouchAsBuilt`: a command that builds items and saves them right
 * away) is not checked: its text is the template's, its holes read from the item. Code that
 * changes such an item outside its holes before the save calls `edited` on it. Pure.
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
 * nothing.
 */
export function itemTemplate(value: unknown, holes: readonly string[]): ItemTemplate {
  return { text: JSON.stringify(value), holes, writers: new Map() };
}

/**
 * Remembers that `item` was built from `template`, and adds it to `built` when given (the items a
 * batch built, for `vouchAsBuilt`); returns the item.
 */
export function builtFrom<T extends object>(item: T, template: ItemTemplate, built?: object[]): T {
  templates.set(item, template);
  built?.push(item);
  return item;
}

/**
 * Vouches that these items, built from templates, change only in their holes until they are
 * written (see the module doc): the writer then takes their text from the template unchecked.
 */
export function vouchAsBuilt(items: Iterable<object>): void {
  for (const item of items) if (templates.has(item)) asBuilt.add(item);
}

/** Forgets the template of an item changed outside its holes: it is written as any value. */
export function edited(item: object): void {
  templates.delete(item);
  asBuilt.delete(item);
}

/** Whether the builder of `item` vouched for it (see `vouchAsBuilt`). */
export function isVouched(item: object): boolean {
  return asBuilt.has(item);
}

/** The template `item` was built from, if any (it may have changed since). */
export function templateOf(item: unknown): ItemTemplate | undefined {
  return item !== null && typeof item === "object" ? templates.get(item) : undefined;
}
