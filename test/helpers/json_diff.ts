/** Leaf-level differences between two JSON trees, for "nothing else changed" checks. */

// deno-lint-ignore no-explicit-any
type Json = any;

const keyed = (a: unknown): a is { id: string }[] =>
  Array.isArray(a) && a.length > 0 &&
  a.every((x) => x && typeof x === "object" && typeof x.id === "string") &&
  new Set(a.map((x) => x.id)).size === a.length;

/**
 * Every leaf path where `a` and `b` differ (`/materials/texts/3/content`). With `byId`, arrays
 * of objects with unique ids are compared by id (`/tracks/<id>/segments/<id>/speed`), so an
 * inserted item shows as itself rather than as a shift of everything after it.
 */
export function jsonDiff(a: Json, b: Json, opts: { byId?: boolean } = {}): string[] {
  const out: string[] = [];
  const walk = (x: Json, y: Json, path: string) => {
    if (opts.byId && (keyed(x) || keyed(y)) && Array.isArray(x) && Array.isArray(y)) {
      x = Object.fromEntries(x.map((e: Json) => [e.id, e]));
      y = Object.fromEntries(y.map((e: Json) => [e.id, e]));
    }
    if (x && y && typeof x === "object" && typeof y === "object") {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
        walk(x[k], y[k], `${path}/${k}`);
      }
    } else if (x !== y) out.push(path);
  };
  walk(a, b, "");
  return out;
}
