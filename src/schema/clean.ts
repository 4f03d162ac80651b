/**
 * Cleaning of raw input before validation, without zod (the CLI's fast path runs it too): strings
 * made well-formed, `_comment` keys dropped, and issue paths formatted as `imageInfos[2].end`.
 */

/** Formats an issue path as `imageInfos[2].end`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/**
 * Makes every string of a parsed JSON value well-formed UTF-16, in place: lone surrogates
 * (legal in JavaScript and in JSON escapes, but not in UTF-8) become U+FFFD, so no draft file
 * ever holds a `\ud800` escape that the editors' JSON parsers reject. Iterative: any depth.
 */
export function wellFormed(value: unknown): unknown {
  return clean(value, false);
}

/**
 * `wellFormed`, and object keys that begin with one `_` removed at any depth: comments such as
 * `_comment` that templates carry next to the real fields (no input field begins with `_`;
 * `__proto__` and other dunder keys stay). One walk, in place.
 */
export function cleanInput(value: unknown): unknown {
  return clean(value, true);
}

/** Values parsed from JSON text that shows they need no cleaning (see `markParsedClean`). */
const parsedClean = new WeakSet<object>();

/**
 * Marks `value`, just parsed from the JSON text `text`, as needing no cleaning when the text
 * shows it: well-formed text with no `\u` escape (the only way JSON text spells a lone
 * surrogate, or a `_` it does not show) and no `"_` (where a key beginning with `_` would
 * start) parses to strings that are well-formed and keys that `cleanInput` keeps. Its walk then
 * skips the value, a cost per item of a large batch.
 */
export function markParsedClean(value: unknown, text: string): void {
  if (
    value !== null && typeof value === "object" && !text.includes("\\u") &&
    !text.includes('"_') && text.isWellFormed()
  ) parsedClean.add(value);
}

/** `_` */
const UNDERSCORE = 95;

/** Walks `value` once, depth-first without recursion (any depth), cleaning each object. */
function clean(value: unknown, dropComments: boolean): unknown {
  if (typeof value === "string") return value.toWellFormed();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== "object" || parsedClean.has(v)) continue;
    if (Array.isArray(v)) {
      // by index: the keys of a list would be a string made per item
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (typeof item === "string") {
          if (!item.isWellFormed()) v[i] = item.toWellFormed();
        } else if (item && typeof item === "object") stack.push(item);
      }
      continue;
    }
    const obj = v as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      if (
        dropComments && key.charCodeAt(0) === UNDERSCORE && key.charCodeAt(1) !== UNDERSCORE
      ) {
        delete obj[key];
        continue;
      }
      const item = obj[key];
      if (typeof item === "string") {
        if (!item.isWellFormed()) obj[key] = item.toWellFormed();
      } else if (item && typeof item === "object") stack.push(item);
      if (!key.isWellFormed()) {
        obj[key.toWellFormed()] = obj[key];
        delete obj[key];
      }
    }
  }
  return value;
}
