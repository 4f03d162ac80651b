/**
 * Structural diff of two JSON texts that sees what `JSON.parse` hides: number lexemes (`0.0` vs
 * `0`, `30` vs `30.0`), string escapes, key order and list order. Items of a list whose items all
 * carry a unique string `id` are matched by id, so an appended item shows as itself and not as a
 * change to everything after it. Test code: it parses with its own small scanner that keeps the
 * source text of every scalar.
 */

/** A JSON value with the source text of its scalars. */
export type Raw =
  | { kind: "object"; entries: [string, Raw][] }
  | { kind: "array"; items: Raw[] }
  | { kind: "string"; value: string; lexeme: string }
  | { kind: "number"; lexeme: string }
  | { kind: "literal"; lexeme: "true" | "false" | "null" };

/** What kind of difference a change is. */
export type ChangeKind =
  | "added" // a key or an id-matched list item exists only after
  | "removed" // only before
  | "value" // a different scalar value
  | "lexeme" // the same number or string written differently (`0.0` → `0`, `\u00e9` → `é`)
  | "type" // a different JSON type
  | "key-order" // the keys both sides share are in a different order
  | "item-order"; // the ids both sides share are in a different order

/** One difference, at a path like `materials.videos[id=ABC].crop.upper_left_x`. */
export interface Change {
  path: string;
  kind: ChangeKind;
  /** Source text before (scalars) or a short summary, when there is a before. */
  before?: string;
  /** Source text after, when there is an after. */
  after?: string;
}

/** Options of the comparison. */
export interface DiffOptions {
  /** Compare number lexemes and string escapes, not only values (default true). */
  lexemes?: boolean;
  /** Report key order and id order changes (default true). */
  order?: boolean;
  /** Match list items by their `id` where every item of both lists has a unique one (default true). */
  byId?: boolean;
  /** Path style: `dotted` (`a.b[id=X][2]`, default) or `slash` (`/a/b/X/2`). */
  style?: "dotted" | "slash";
}

class Scanner {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Raw {
    this.ws();
    const v = this.value();
    this.ws();
    if (this.i !== this.s.length) this.fail("trailing text");
    return v;
  }

  private fail(what: string): never {
    throw new SyntaxError(`JSON: ${what} at offset ${this.i}`);
  }

  private ws() {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else break;
    }
  }

  private value(): Raw {
    const c = this.s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    for (const lexeme of ["true", "false", "null"] as const) {
      if (this.s.startsWith(lexeme, this.i)) {
        this.i += lexeme.length;
        return { kind: "literal", lexeme };
      }
    }
    return this.fail(c === undefined ? "unexpected end" : `unexpected ${JSON.stringify(c)}`);
  }

  private object(): Raw {
    this.i++;
    const entries: [string, Raw][] = [];
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return { kind: "object", entries };
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail("expected a key");
      const key = (this.string() as { value: string }).value;
      this.ws();
      if (this.s[this.i++] !== ":") this.fail("expected ':'");
      this.ws();
      entries.push([key, this.value()]);
      this.ws();
      const c = this.s[this.i++];
      if (c === "}") return { kind: "object", entries };
      if (c !== ",") this.fail("expected ',' or '}'");
    }
  }

  private array(): Raw {
    this.i++;
    const items: Raw[] = [];
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return { kind: "array", items };
    }
    for (;;) {
      this.ws();
      items.push(this.value());
      this.ws();
      const c = this.s[this.i++];
      if (c === "]") return { kind: "array", items };
      if (c !== ",") this.fail("expected ',' or ']'");
    }
  }

  private string(): Raw {
    const start = this.i++;
    const s = this.s;
    let escaped = false;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (Number.isNaN(c)) this.fail("unterminated string");
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        this.i += 2;
      } else this.i++;
    }
    this.i++;
    const lexeme = s.slice(start, this.i);
    const value = escaped ? JSON.parse(lexeme) as string : lexeme.slice(1, -1);
    return { kind: "string", value, lexeme };
  }

  private number(): Raw {
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = this.i;
    const hit = m.exec(this.s);
    if (!hit) this.fail("bad number");
    this.i += hit[0].length;
    return { kind: "number", lexeme: hit[0] };
  }
}

/** Parses JSON text, keeping each number's and string's source text. Throws SyntaxError. */
export function parseRaw(text: string): Raw {
  return new Scanner(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).parse();
}

/** A parsed value as a Raw tree (numbers written as JavaScript writes them). */
export function rawOf(value: unknown): Raw {
  if (value === null || value === undefined) return { kind: "literal", lexeme: "null" };
  if (typeof value === "boolean") return { kind: "literal", lexeme: value ? "true" : "false" };
  if (typeof value === "number") return { kind: "number", lexeme: JSON.stringify(value) };
  if (typeof value === "string") {
    return { kind: "string", value, lexeme: JSON.stringify(value) };
  }
  if (Array.isArray(value)) return { kind: "array", items: value.map(rawOf) };
  return {
    kind: "object",
    entries: Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, rawOf(v)]),
  };
}

/** The plain value of a Raw tree. */
export function valueOf(raw: Raw): unknown {
  switch (raw.kind) {
    case "object":
      return Object.fromEntries(raw.entries.map(([k, v]) => [k, valueOf(v)]));
    case "array":
      return raw.items.map(valueOf);
    case "string":
      return raw.value;
    case "number":
      return Number(raw.lexeme);
    case "literal":
      return JSON.parse(raw.lexeme);
  }
}

/** The `id` of an object item, when it has a string one. */
function idOf(raw: Raw): string | undefined {
  if (raw.kind !== "object") return undefined;
  const hit = raw.entries.find(([k]) => k === "id");
  return hit && hit[1].kind === "string" ? hit[1].value : undefined;
}

/** Ids of a list whose items all have unique string ids, else undefined. */
function idsOf(items: Raw[]): string[] | undefined {
  const ids: string[] = [];
  for (const x of items) {
    const id = idOf(x);
    if (id === undefined) return undefined;
    ids.push(id);
  }
  return new Set(ids).size === ids.length ? ids : undefined;
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$]*$/;

function summary(raw: Raw): string {
  switch (raw.kind) {
    case "object":
      return `{${raw.entries.length} keys}`;
    case "array":
      return `[${raw.items.length} items]`;
    default:
      return raw.lexeme;
  }
}

/** Compares two Raw trees; see structuralDiff. */
export function diffRaw(a: Raw, b: Raw, opts: DiffOptions = {}): Change[] {
  const lexemes = opts.lexemes ?? true;
  const order = opts.order ?? true;
  const matchIds = opts.byId ?? true;
  const slash = opts.style === "slash";
  const key = (path: string, k: string) =>
    slash
      ? `${path}/${k}`
      : SIMPLE_KEY.test(k)
      ? (path ? `${path}.${k}` : k)
      : `${path}[${JSON.stringify(k)}]`;
  const byId = (path: string, id: string) => slash ? `${path}/${id}` : `${path}[id=${id}]`;
  const byIndex = (path: string, i: number) => slash ? `${path}/${i}` : `${path}[${i}]`;
  const out: Change[] = [];

  const walk = (x: Raw, y: Raw, path: string): void => {
    if (x.kind !== y.kind) {
      out.push({ path, kind: "type", before: summary(x), after: summary(y) });
      return;
    }
    if (x.kind === "object" && y.kind === "object") {
      const ym = new Map(y.entries);
      const xm = new Map(x.entries);
      for (const [k, v] of x.entries) {
        const w = ym.get(k);
        if (w === undefined) out.push({ path: key(path, k), kind: "removed", before: summary(v) });
        else walk(v, w, key(path, k));
      }
      for (const [k, w] of y.entries) {
        if (!xm.has(k)) out.push({ path: key(path, k), kind: "added", after: summary(w) });
      }
      if (order) {
        const xs = x.entries.map(([k]) => k).filter((k) => ym.has(k));
        const ys = y.entries.map(([k]) => k).filter((k) => xm.has(k));
        if (xs.some((k, i) => k !== ys[i])) {
          out.push({ path, kind: "key-order", before: xs.join(","), after: ys.join(",") });
        }
      }
      return;
    }
    if (x.kind === "array" && y.kind === "array") {
      const xi = matchIds ? idsOf(x.items) : undefined;
      const yi = matchIds ? idsOf(y.items) : undefined;
      if (xi && yi && (xi.length > 0 || yi.length > 0)) {
        const ym = new Map(yi.map((id, i) => [id, y.items[i]]));
        const xs = new Set(xi);
        xi.forEach((id, i) => {
          const w = ym.get(id);
          if (w === undefined) {
            out.push({ path: byId(path, id), kind: "removed", before: summary(x.items[i]) });
          } else walk(x.items[i], w, byId(path, id));
        });
        yi.forEach((id, i) => {
          if (!xs.has(id)) {
            out.push({ path: byId(path, id), kind: "added", after: summary(y.items[i]) });
          }
        });
        if (order) {
          const a = xi.filter((id) => ym.has(id));
          const b = yi.filter((id) => xs.has(id));
          if (a.some((id, i) => id !== b[i])) {
            out.push({ path, kind: "item-order", before: a.join(","), after: b.join(",") });
          }
        }
        return;
      }
      const n = Math.min(x.items.length, y.items.length);
      for (let i = 0; i < n; i++) walk(x.items[i], y.items[i], byIndex(path, i));
      for (let i = n; i < x.items.length; i++) {
        out.push({ path: byIndex(path, i), kind: "removed", before: summary(x.items[i]) });
      }
      for (let i = n; i < y.items.length; i++) {
        out.push({ path: byIndex(path, i), kind: "added", after: summary(y.items[i]) });
      }
      return;
    }
    const xl = (x as { lexeme: string }).lexeme;
    const yl = (y as { lexeme: string }).lexeme;
    if (xl === yl) return;
    const same = x.kind === "number"
      ? Number(xl) === Number(yl)
      : x.kind === "string" && x.value === (y as { value: string }).value;
    if (!same) out.push({ path, kind: "value", before: xl, after: yl });
    else if (lexemes) out.push({ path, kind: "lexeme", before: xl, after: yl });
  };

  walk(a, b, "");
  return out;
}

/**
 * Every difference between two JSON texts, with paths like
 * `materials.videos[id=ABC].crop.upper_left_x` (list items matched by id where every item of
 * both lists has a unique string id, else by index). Number lexemes, string escapes, key order
 * and id order count as changes unless `opts` turns them off.
 */
export function structuralDiff(before: string, after: string, opts: DiffOptions = {}): Change[] {
  return diffRaw(parseRaw(before), parseRaw(after), opts);
}

/** One line per change, for assertion messages and reports. */
export function formatChanges(changes: Change[], limit = 40): string {
  const lines = changes.slice(0, limit).map((c) => {
    const ba = c.before !== undefined || c.after !== undefined
      ? `: ${c.before ?? "∅"} → ${c.after ?? "∅"}`
      : "";
    return `  ${c.kind} ${c.path}${ba.length > 160 ? ba.slice(0, 157) + "…" : ba}`;
  });
  if (changes.length > limit) lines.push(`  … and ${changes.length - limit} more`);
  return lines.join("\n");
}
