/** "Did you mean" support: the names closest to a query by edit distance. */

/** Levenshtein distance between two strings (by code point). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(
        prev[j] + 1,
        cur[j - 1] + 1,
        prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[y.length];
}

/** Options for `closest`. */
export interface ClosestOptions {
  /** Maps a string to the form that is compared (default: lower case). */
  normalize?: (s: string) => string;
}

/**
 * Up to `n` distinct candidates ordered by closeness to `query`: edit distance between the
 * normalised forms, one less when one contains the other; ties by name.
 */
export function closest(
  query: string,
  candidates: readonly string[],
  n = 5,
  opts: ClosestOptions = {},
): string[] {
  const norm = opts.normalize ?? ((s: string) => s.toLowerCase());
  const q = norm(query);
  return [...new Set(candidates)]
    .map((c) => {
      const l = norm(c);
      const sub = q !== "" && l !== "" && (l.includes(q) || q.includes(l)) ? -1 : 0;
      return { c, d: editDistance(q, l) + sub };
    })
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, n)
    .map((e) => e.c);
}
