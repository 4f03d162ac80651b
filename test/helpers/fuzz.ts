/**
 * Generators of hostile command-line input for the property tests: odd numbers and number-like
 * strings, hostile Unicode, malformed and deeply nested JSON, and argv for any command spec,
 * derived from its input's JSON Schema (so new commands are covered without new code).
 */
import fc from "fast-check";
import type { AnyCommandSpec } from "../../src/commands/spec.ts";
import { type JsonSchema, schemaType, toJsonSchema } from "../../src/schema/json_schema.ts";
import { toKebab } from "../../src/commands/flag_names.ts";

/** Numbers that break naive arithmetic, range checks or serialisation. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    2 ** 31,
    2 ** 32 + 1,
    86_400_000_001,
    0.1,
    1e-320,
    0.5,
    33.333333333333336,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Text that looks like a number to someone: the cases `Number()` and JSON disagree on. */
export const numberLikeText: fc.Arbitrary<string> = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "-1e999",
  "1e308",
  "0x10",
  "0b11",
  "1_000",
  " 5 ",
  "",
  " ",
  "5px",
  "١٢",
  "+1",
  "-0",
  ".5",
  "5.",
  "1e-400",
  "9007199254740993",
);

const ODD_CHARS = [
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\uD800", // lone high surrogate
  "\uDFFF", // lone low surrogate
  "\uDC00\uD800", // reversed pair
  "\u202E", // right-to-left override
  "\u200F", // right-to-left mark
  "\u200B", // zero width space
  "\u200D", // zero width joiner
  "\uFEFF", // byte order mark
  "\uFFFD",
  "\uFFFF",
  "👩‍👩‍👧‍👦", // ZWJ family
  "🏳️‍🌈",
  "🇨🇳",
  "e\u0301\u0301\u0301", // stacked combining marks
  "\u0e01\u0e34\u0e4a", // Thai
  "\u05e9\u05dc\u05d5\u05dd", // Hebrew
  "字幕",
  "\r\n",
  "\t",
  "\\",
  '"',
  "'",
  "`",
  "$(id)",
  "%s%n",
  "{{x}}",
  "<b>",
  "__proto__",
];

/** Strings made of hostile pieces (lone surrogates, bidi controls, NUL, ZWJ emoji …). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.array(fc.constantFrom(...ODD_CHARS), { minLength: 1, maxLength: 8 }).map((a) =>
      a.join("")
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(...ODD_CHARS, "a", " "), maxLength: 30 }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("x".repeat(100_000), "字".repeat(20_000), "\uD800".repeat(6000)),
  },
  { weight: 1, arbitrary: numberLikeText },
);

/** Traversal and path-like strings, for id and URL positions only (never for output paths). */
export const hostilePathText: fc.Arbitrary<string> = fc.constantFrom(
  "..",
  ".",
  "../x",
  "../../x.png",
  "a/b",
  "a\\b",
  "/etc",
  "C:\\Windows",
  "\\\\server\\share",
  ".draftcli",
  "x\u0000y",
  "%2e%2e%2fx",
  "file:///",
  "file:///nonexistent/a.png",
  "file://host/share/a.png",
  "file:///..%2f..%2fetc%2fpasswd",
  "http://127.0.0.1:9/a.png",
  "http://user:secret@127.0.0.1:9/a.png?token=abc",
  "ftp://127.0.0.1/a.png",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
);

/** Deeply nested JSON text (arrays or objects), as a string. */
export function deepJson(depth: number, kind: "array" | "object" = "array"): string {
  return kind === "array"
    ? "[".repeat(depth) + "]".repeat(depth)
    : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** Any JSON value, including hostile numbers and strings, nested a little. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileNumber,
    hostileText,
    hostilePathText,
    fc.constantFrom(null, true, false, {}, [], JSON.parse('{"__proto__":{"polluted":1}}')),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.string({ maxLength: 8 }),
        fc.constantFrom("__proto__", "constructor", "start", "end", "text"),
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** JSON text that is malformed, or valid but hostile in shape (deep, huge, odd numbers). */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "[",
    "]",
    "{",
    "[{]",
    "[1,]",
    '{"a":1,}',
    "[01]",
    "[NaN]",
    "[Infinity]",
    "[1e999]",
    "[-1e999]",
    '[{"start":1e999,"end":1e999}]',
    "[1e308]",
    '["\\ud800"]',
    '["\\u0000"]',
    '"\\x"',
    "'single'",
    "// comment\n[]",
    "[] trailing",
    "\uFEFF[]",
    "null",
    "true",
    "0",
    '"text"',
    '{"__proto__":{"polluted":true}}',
    '[{"__proto__":{"start":0}}]',
    deepJson(100_000),
    deepJson(100_000, "object"),
    deepJson(100_000).slice(0, -1),
    "[" + "1,".repeat(200_000) + "]",
    "[" + '{"x":1},'.repeat(50_000) + "{]",
  ),
  hostileJson.map((v) => JSON.stringify(v) ?? "null"),
  hostileJson.map((v) => (JSON.stringify(v) ?? "null").slice(0, -1)),
);

/** A plausible (often valid) value for a JSON Schema node, to get past validation sometimes. */
export function plausible(
  node: JsonSchema,
  key: string,
  ctx: FuzzContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.const !== undefined) return fc.constant(node.const);
  const alts = node.anyOf ?? node.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => plausible(a, key, ctx, depth)));
  const type = schemaType(node);
  switch (type) {
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = node.minimum ??
        (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 0);
      const max = Math.min(
        node.maximum ?? 10_000_000,
        node.exclusiveMaximum ?? Infinity,
        10_000_000,
      );
      const lo = Math.max(min, -1_000_000);
      const hi = Math.max(lo, max);
      const ints = fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
      return type === "integer"
        ? ints
        : fc.oneof(ints, fc.double({ min: lo, max: hi, noNaN: true }));
    }
    case "string": {
      if (node.pattern?.includes("0-9a-fA-F")) {
        return fc.constantFrom("#ffffff", "#ff8800", "#000000");
      }
      if (/url$/i.test(key)) return fc.constantFrom(...ctx.mediaUrls);
      if (/draftid$/i.test(key)) return fc.constant(ctx.draftId);
      return fc.constantFrom("a", "Hello 世界", "渐显", "Fade In", "叠化", "x y");
    }
    case "array": {
      const items = node.items ?? node.anyOf?.find((a) => a.items)?.items ?? {};
      if (depth > 3) return fc.constant([]);
      return fc.array(plausible(items, key, ctx, depth + 1), { minLength: 1, maxLength: 3 })
        .map(layOut);
    }
    case "object": {
      if (depth > 3) return fc.constant({});
      const props = node.properties ?? {};
      const required = new Set(node.required ?? []);
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      const optionalKeys = Object.keys(props).filter((k) => !required.has(k));
      // Few optional keys at a time: each one is another chance to be refused.
      return fc.subarray(optionalKeys, { maxLength: Math.min(2, optionalKeys.length) }).chain(
        (extra) => {
          const record: Record<string, fc.Arbitrary<unknown>> = {};
          for (const k of [...requiredKeys, ...extra]) {
            record[k] = plausible(props[k], k, ctx, depth + 1);
          }
          return fc.record(record);
        },
      );
    }
    default:
      return hostileJson;
  }
}

/**
 * Items with `start`/`end` times are laid out one after another (end > start, no overlap), as
 * a caller that means it would; other arrays pass through.
 */
function layOut(items: unknown[]): unknown[] {
  let t = 0;
  for (const item of items) {
    const o = item as Record<string, unknown>;
    if (o && typeof o === "object" && typeof o.start === "number" && typeof o.end === "number") {
      const length = 200_000 + (Math.abs(o.end as number) % 2_000_000);
      o.start = t;
      o.end = t + length;
      t += length + (Math.abs(o.start as number) % 3) * 100_000;
    }
  }
  return items;
}

/** Replaces one leaf (or inserts one key) of a JSON value with something hostile. */
export function mutateJson(value: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(value, []);
  return fc.tuple(
    fc.constantFrom(...paths),
    fc.oneof(hostileJson, fc.constant(undefined)),
    fc.constantFrom("replace", "addKey", "duplicate"),
  ).map(([path, junk, how]) => {
    const copy = structuredClone(value);
    if (path.length === 0) return how === "duplicate" ? [copy, copy] : junk;
    // deno-lint-ignore no-explicit-any
    let parent: any = copy;
    for (const p of path.slice(0, -1)) parent = parent[p];
    const last = path[path.length - 1];
    if (
      how === "addKey" && parent[last] && typeof parent[last] === "object" &&
      !Array.isArray(parent[last])
    ) {
      parent[last].unexpected = junk;
    } else if (how === "duplicate" && Array.isArray(parent)) {
      parent.push(structuredClone(parent[last as number]));
    } else if (junk === undefined && !Array.isArray(parent)) {
      delete parent[last];
    } else parent[last] = junk;
    return copy;
  });
}

/** What the argv generators need to know about the test world. */
export interface FuzzContext {
  draftId: string;
  /** file:// URLs of real fixtures (and one unreachable http URL). */
  mediaUrls: string[];
  /** A folder for @file inputs. */
  scratch: string;
  /** host:port of a local HTTP server that hostile http URLs are pointed at, if any. */
  httpHost?: string;
}

/** One generated invocation: argv, and stdin text for `@-`. */
export interface Invocation {
  argv: string[];
  stdin: string;
  /** Files to write before the run (for `@path` inputs). */
  files: Record<string, string>;
}

const JUNK_FLAGS = ["--nope", "--", "-x", "--=", "---", "--help-me", "--image-infos=", "-"];

type OptionValue = { text?: string; json?: string; mode: "inline" | "file" | "stdin" };

/** Plausible and hostile renderings of one option's value, by its JSON Schema type. */
function optionValues(
  node: JsonSchema,
  key: string,
  ctx: FuzzContext,
): { good: fc.Arbitrary<OptionValue>; bad: fc.Arbitrary<OptionValue> } {
  const type = schemaType(node);
  const inline = (t: string | undefined): OptionValue => ({ text: t, mode: "inline" });
  if (type === "array" || type === "object") {
    const mode = fc.constantFrom("inline", "inline", "file", "stdin") as fc.Arbitrary<
      OptionValue["mode"]
    >;
    const good = fc.tuple(plausible(node, key, ctx).map((v) => JSON.stringify(v)), mode);
    const bad = fc.tuple(
      fc.oneof(
        plausible(node, key, ctx).chain(mutateJson).map((v) => JSON.stringify(v) ?? "null"),
        hostileJsonText,
      ),
      mode,
    );
    return {
      good: good.map(([json, m]) => ({ json, mode: m })),
      bad: bad.map(([json, m]) => ({ json, mode: m })),
    };
  }
  if (type === "boolean") {
    return {
      good: fc.constantFrom(undefined, "true", "false").map(inline),
      bad: fc.constantFrom("maybe", "", "1", "TRUE", "yes").map(inline),
    };
  }
  if (type === "integer" || type === "number") {
    return {
      good: plausible(node, key, ctx).map((v) => inline(String(v))),
      bad: fc.oneof(hostileNumber.map(String), numberLikeText).map(inline),
    };
  }
  return {
    good: plausible(node, key, ctx).map((v) => inline(String(v))),
    bad: hostileText.map(inline),
  };
}

/**
 * Arbitrary invocations of `spec`, from its input schema. A third are plausible throughout (to
 * reach the command itself), most have exactly one hostile part (a positional, an option value,
 * a mutated JSON item, a junk flag), and some are hostile everywhere.
 */
export function invocations(spec: AnyCommandSpec, ctx: FuzzContext): fc.Arbitrary<Invocation> {
  const schema = toJsonSchema(spec.input);
  const props = schema.properties ?? {};
  const positionals = spec.positionals ?? [];
  const required = new Set(schema.required ?? []);
  const optionKeys = Object.keys(props).filter((k) => !positionals.includes(k));
  const values = Object.fromEntries(
    Object.keys(props).map((k) => [k, optionValues(props[k], k, ctx)]),
  );
  const positionalBad = (key: string) => (/id$/i.test(key) ? hostilePathText : hostileText);

  type Part = { key: string; value: OptionValue; positional: boolean };
  const optional = optionKeys.filter((k) => !required.has(k));
  const plan = fc.record({
    // which optional options appear
    chosen: fc.subarray(optional, { maxLength: Math.min(3, optional.length) }),
    // how hostile: 0 none, 1 one part, 2 everything
    level: fc.constantFrom(0, 0, 1, 1, 1, 1, 2),
    target: fc.nat(),
    junk: fc.constantFrom(...JUNK_FLAGS),
    repeat: fc.boolean(),
  });
  return plan.chain(({ chosen, level, target, junk, repeat }) => {
    const keys = [...positionals, ...optionKeys.filter((k) => required.has(k)), ...chosen];
    const slots = keys.length + 1; // the last slot: a junk flag
    const hit = target % slots;
    const parts = keys.map((key, i) => {
      const isPos = positionals.includes(key);
      const bad = level === 2 || (level === 1 && hit === i);
      const v = values[key];
      const arb: fc.Arbitrary<OptionValue> = isPos
        ? (bad ? positionalBad(key) : v.good.map((x) => x.text ?? "")).map((t) =>
          typeof t === "string" ? { text: t, mode: "inline" as const } : t
        )
        : (bad ? v.bad : v.good);
      return arb.map((value): Part => ({ key, value, positional: isPos }));
    });
    const withJunk = level === 2 || (level === 1 && hit === keys.length);
    return fc.tuple(...parts).map((ps) =>
      render(spec, ctx, ps, withJunk ? junk : undefined, repeat)
    );
  });
}

function render(
  spec: AnyCommandSpec,
  ctx: FuzzContext,
  parts: { key: string; value: OptionValue; positional: boolean }[],
  junk: string | undefined,
  repeat: boolean,
): Invocation {
  const argv = [...spec.name];
  const files: Record<string, string> = {};
  let stdin = "";
  let stdinUsed = false;
  for (const p of parts) if (p.positional) argv.push(p.value.text ?? "");
  for (const p of parts) {
    if (p.positional) continue;
    const flag = `--${toKebab(p.key)}`;
    const v = p.value;
    if (v.json !== undefined) {
      if (v.mode === "file") {
        const path = `${ctx.scratch}/${p.key}.json`;
        files[path] = v.json;
        argv.push(flag, `@${path}`);
      } else if (v.mode === "stdin" && !stdinUsed) {
        stdinUsed = true;
        stdin = v.json;
        argv.push(flag, "@-");
      } else argv.push(flag, v.json);
    } else if (v.text === undefined) argv.push(flag);
    else argv.push(`${flag}=${v.text}`);
  }
  if (junk !== undefined) {
    const first = parts.find((p) => !p.positional && p.value.text !== undefined);
    if (repeat && first) argv.push(`--${toKebab(first.key)}=${first.value.text}`);
    else argv.push(junk);
  }
  // Hostile URLs name 127.0.0.1:9; aim them at the test's own server (fast 404s, no retries).
  const aim = (t: string) => ctx.httpHost ? t.replaceAll("127.0.0.1:9/", `${ctx.httpHost}/`) : t;
  for (const k of Object.keys(files)) files[k] = aim(files[k]);
  return { argv: argv.map(aim), stdin: aim(stdin), files };
}
