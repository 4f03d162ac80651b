/**
 * Reads how numbers are spelled in raw JSON text, per key path: `1.0` (a float) or `1` (an
 * integer). JSON.parse forgets the difference; the editors' files keep it, and the float keys
 * of src/editions/data/float_keys.json are extracted with this scanner.
 */

/** Key paths (array items as `[]`, e.g. `tracks[].segments[].clip.scale.x`) by number spelling. */
export interface NumberSpelling {
  floats: Set<string>;
  ints: Set<string>;
}

/** Scans raw JSON text and records, per key path, whether numbers there are spelled as floats. */
export function floatPaths(text: string): NumberSpelling {
  const floats = new Set<string>();
  const ints = new Set<string>();
  // stack of containers: for objects the current key, for arrays "[]"
  const path: string[] = [];
  const kinds: ("o" | "a")[] = [];
  let i = 0;
  const n = text.length;
  let pendingKey: string | undefined;
  const here = () => {
    const parts = pendingKey === undefined ? path : [...path, pendingKey];
    let out = "";
    for (const p of parts) out += p === "[]" ? "[]" : out === "" ? p : "." + p;
    return out;
  };
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const str = JSON.parse(text.slice(i, j + 1)) as string;
      i = j + 1;
      while (i < n && /\s/.test(text[i])) i++;
      if (text[i] === ":" && kinds[kinds.length - 1] === "o") {
        pendingKey = str;
        i++;
      } else pendingKey = undefined;
      continue;
    }
    if (c === "{" || c === "[") {
      if (kinds[kinds.length - 1] === "a") path.push("[]");
      else if (pendingKey !== undefined) path.push(pendingKey);
      else path.push("");
      kinds.push(c === "{" ? "o" : "a");
      pendingKey = undefined;
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      path.pop();
      kinds.pop();
      pendingKey = undefined;
      i++;
      continue;
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      let j = i + 1;
      while (j < n && /[0-9eE.+-]/.test(text[j])) j++;
      const lexeme = text.slice(i, j);
      let p: string;
      if (kinds[kinds.length - 1] === "a") {
        pendingKey = undefined;
        p = here() + "[]";
      } else p = here();
      (/[.eE]/.test(lexeme) ? floats : ints).add(p);
      pendingKey = undefined;
      i = j;
      continue;
    }
    if (c === ",") pendingKey = undefined;
    i++;
  }
  return { floats, ints };
}
