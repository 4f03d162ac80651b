/** JSON paths for messages, without zod (the hot `add` commands report with them). */

/** Formats a key path (e.g. a zod issue path) as `imageInfos[2].end`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
