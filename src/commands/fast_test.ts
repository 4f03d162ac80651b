/**
 * The generated fast validators agree with zod: for random inputs shaped after each command's
 * schema (values at and around every bound, wrong types, missing and extra keys, aliases), the
 * fast path accepts exactly what zod accepts and returns the same value, key order included.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { loadCommand, loadSpec } from "./registry.ts";
import { COMMAND_TABLE } from "../generated/command_table.ts";
import { cleanInput } from "../schema/clean.ts";
import { FAIL, renameByTree } from "../fast_input.ts";
import { aliasesOf } from "../schema/json_schema.ts";
import { renameAliases } from "../schema/parse_input.ts";
import { checkDefOf, checksOf, defOf } from "../schema/zod_introspect.ts";
import { prng } from "../../test/helpers/prng.ts";

/** A zod schema, read through src/schema/zod_introspect.ts. */
type Schema = unknown;

const SAMPLE_STRINGS = [
  "",
  " ",
  "a",
  "  padded  ",
  "#ff8800",
  "#FF880",
  "123",
  "0",
  "1e3",
  "abc,def",
  "a,,b",
  "file:///tmp/a.png",
  "https://example.com/x.mp3",
  "ftp://x",
  "C:\\media\\a.png",
  "name/with/slash",
  "01234567-89ab-cdef-0123-456789abcdef",
  "字幕 caption",
  "x".repeat(201),
  "\ud800lone",
];

/** Random values for `schema`: mostly near-valid, sometimes wrong. */
function sample(schema: Schema, rnd: () => number, depth = 0): unknown {
  const def = defOf(schema)!;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  if (rnd() < 0.04) return pick([null, 0, "x", true, [], {}, 1.5, -1]);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
      if (rnd() < 0.25) return def.type === "nullable" && rnd() < 0.5 ? null : undefined;
      return sample(def.innerType, rnd, depth);
    case "string": {
      const checks = checksOf(schema).map(checkDefOf);
      const min = checks.find((c: { check: string }) => c.check === "min_length")?.minimum ?? 0;
      const max = checks.find((c: { check: string }) => c.check === "max_length")?.maximum ?? 50;
      const r = rnd();
      if (r < 0.5) return pick(SAMPLE_STRINGS);
      if (r < 0.7) return "s".repeat(pick([min, Math.max(0, min - 1), max, max + 1]));
      return "v" + Math.floor(rnd() * 1000);
    }
    case "number": {
      const checks = checksOf(schema).map(checkDefOf);
      const bounds = checks.filter((c: { check: string }) =>
        c.check === "greater_than" || c.check === "less_than"
      ).map((c) => c.value as number);
      const b = bounds.length ? pick(bounds) as number : 0;
      return pick([
        b,
        b - 1,
        b + 1,
        b + 0.5,
        b - 0.5,
        0,
        1,
        30,
        1e6,
        2 ** 60,
        Math.floor(rnd() * 1e7),
      ]);
    }
    case "boolean":
      return rnd() < 0.5;
    case "literal":
      return rnd() < 0.85 ? pick(def.values) : 31;
    case "enum":
      return rnd() < 0.85 ? pick(Object.values(def.entries)) : "nope";
    case "array": {
      if (depth > 4) return [];
      const n = pick([0, 1, 1, 2, 3]);
      return Array.from({ length: n }, () => sample(def.element, rnd, depth + 1));
    }
    case "union":
      return sample(pick(def.options), rnd, depth);
    case "record": {
      const out: Record<string, unknown> = {};
      for (let i = pick([0, 1, 2]); i > 0; i--) {
        out[pick(["speed", "", "k".repeat(101), "x"])] = sample(def.valueType, rnd, depth + 1);
      }
      return out;
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        if (depth > 5) break;
        const v = sample(field, rnd, depth + 1);
        if (v === undefined) continue;
        const aliases = aliasesOf(field as never);
        const spelled = aliases.length && rnd() < 0.3 ? pick(aliases) : key;
        out[spelled] = v;
      }
      if (rnd() < 0.05) out.extraKey = 1;
      if (rnd() < 0.05) out._comment = "ignored";
      return out;
    }
    default:
      return pick(["x", 1, null, {}, []]);
  }
}

/** The zod path of the CLI (clean, rename aliases, parse). */
function viaZod(schema: Schema, raw: unknown): { ok: boolean; value?: unknown } {
  const cleaned = cleanInput(raw);
  renameAliases(schema as never, cleaned);
  // deno-lint-ignore no-explicit-any
  const r = (schema as any).safeParse(cleaned);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

Deno.test("every command's fast validator agrees with its zod schema on random inputs", async () => {
  const seed = Number(Deno.env.get("FAST_SEED") ?? 20261125);
  const rnd = prng(seed);
  let accepted = 0;
  let total = 0;
  for (const entry of COMMAND_TABLE) {
    const spec = await loadSpec(entry);
    const name = spec.name.join(" ");
    const fast = (await loadCommand(entry))?.fast;
    assert(fast, `${name}: no fast validator (run deno task gen)`);
    const runs = name === "build" ? 600 : 250;
    for (let i = 0; i < runs; i++) {
      const raw = sample(spec.input as unknown as Schema, rnd);
      const copy = structuredClone(raw);
      const expected = viaZod(spec.input as unknown as Schema, raw);
      const cleaned = cleanInput(copy);
      if (fast.aliases) renameByTree(fast.aliases, cleaned);
      const got: unknown = fast.validate(cleaned);
      const where = `${name} (seed ${seed}, run ${i}): ${JSON.stringify(copy).slice(0, 400)}`;
      total++;
      if (got === FAIL) {
        assertEquals(expected.ok, false, `fast refused what zod accepts: ${where}`);
      } else {
        accepted++;
        assert(expected.ok, `fast accepted what zod refuses: ${where}`);
        assertEquals(got, expected.value, where);
        assertEquals(JSON.stringify(got), JSON.stringify(expected.value), `key order: ${where}`);
      }
    }
  }
  // The sampler must reach accepted inputs too, or the comparison proves little.
  assert(accepted > total / 10, `only ${accepted} of ${total} random inputs were valid`);
});

Deno.test("every command runs without zod: a zod-free handler and a whole fast validator", () => {
  const partial = COMMAND_TABLE.filter((e) => !e.exact || !e.fast).map((e) => e.name.join(" "));
  assertEquals(partial, []);
});

Deno.test("the config file's fast validator agrees with ConfigSchema", async () => {
  const { ConfigSchema } = await import("../store/config_schema.ts");
  const { ConfigFile } = await import("../generated/config_fast.ts");
  const rnd = prng(7);
  for (let i = 0; i < 500; i++) {
    const raw = sample(ConfigSchema as unknown as Schema, rnd);
    const expected = ConfigSchema.safeParse(raw);
    const got = ConfigFile(structuredClone(raw));
    const where = `run ${i}: ${JSON.stringify(raw)}`;
    if (got === FAIL) assertEquals(expected.success, false, `fast refused: ${where}`);
    else assertEquals(JSON.stringify(got), JSON.stringify(expected.data), where);
  }
});
