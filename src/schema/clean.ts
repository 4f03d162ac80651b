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
  if (typeof value === "string") return value.toWellFormed();
  eachObject(value, (obj) => {
    for (const key of Object.keys(obj)) {
      const item = obj[key];
      if (typeof item === "string" && !item.isWellFormed()) obj[key] = item.toWellFormed();
      if (!key.isWellFormed()) {
        obj[key.toWellFormed()] = obj[key];
        delete obj[key];
      }
    }
  });
  return value;
}

/**
 * Calls `visit` on every object and array inside `value`, the value itself first, each before
 * its children (so what `visit` removes is not walked). Iterative: any depth.
 */
function eachObject(value: unknown, visit: (obj: Record<string, unknown>) => void): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== "object") continue;
    const obj = v as Record<string, unknown>;
    visit(obj);
    for (const key of Object.keys(obj)) {
      if (obj[key] && typeof obj[key] === "object") stack.push(obj[key]);
    }
  }
}

/** A comment key: one `_` then anything but `_` (`__proto__` and other dunder keys stay). */
const COMMENT_KEY = /^_(?!_)/;

/**
 * Removes, in place and at any depth, object keys that begin with one `_`: comments such as
 * `_comment` that templates carry next to the real fields. No input field begins with `_`.
 */
export function dropCommentKeys(value: unknown): unknown {
  eachObject(value, (obj) => {
    if (Array.isArray(obj)) return;
    for (const key of Object.keys(obj)) if (COMMENT_KEY.test(key)) delete obj[key];
  });
  return value;
}
