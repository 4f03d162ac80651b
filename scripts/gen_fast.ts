/**
 * Renders the fast validator of each command (into its entry module, src/generated/entry/) and
 * of the config file from the zod schemas: plain functions that accept exactly what zod accepts and return what zod's
 * parse returns, so the CLI can validate without loading zod. What the generator cannot mirror
 * (a transform, a refinement that is not a function of src/schema/rules.ts, a string format
 * other than a pattern) becomes `return FAIL`, which sends that input to zod: slower, never
 * wrong. `deno task gen` writes the files; `deno task gen --check` fails when they are stale.
 */
import type { AnyCommandSpec } from "../src/commands/spec.ts";
import { aliasTree } from "../src/schema/json_schema.ts";
import { issueRuleOf } from "../src/schema/refine.ts";
import * as rules from "../src/schema/rules.ts";
import {
  checkDefOf,
  checksOf,
  defOf,
  isTrimCheck,
  optIn,
  optOut,
  valueSetOf,
} from "../src/schema/zod_introspect.ts";

/** A zod schema, read through src/schema/zod_introspect.ts. */
type Schema = unknown;

const RULE_NAMES = new Map<unknown, string>(
  Object.entries(rules).filter(([, v]) => typeof v === "function").map(([k, v]) => [v, k]),
);

/** The source of a validators module, and what fell back to zod (for reports and tests). */
export interface FastModule {
  source: string;
  /** Per command: the schema paths whose input always goes to zod. */
  fallbacks: Record<string, string[]>;
}

/** Emits validator functions, sharing identical ones. */
class Emitter {
  #functions = new Map<string, string>(); // body → name
  #lines: string[] = [];
  #constants = new Map<string, string>(); // initialiser → name
  fallbacks: string[] = [];

  get lines(): string[] {
    return [...this.#constants].map(([src, name]) => `const ${name} = ${src};`)
      .concat(this.#lines);
  }

  #fn(body: string): string {
    let name = this.#functions.get(body);
    if (!name) {
      name = `v${this.#functions.size}`;
      this.#functions.set(body, name);
      this.#lines.push(`function ${name}(v: any): any {\n${body}\n}`);
    }
    return name;
  }

  /** A module-level constant with this initialiser (shared), named `<prefix><n>`. */
  #constant(prefix: string, src: string): string {
    let name = this.#constants.get(src);
    if (!name) {
      name = `${prefix}${this.#constants.size}`;
      this.#constants.set(src, name);
    }
    return name;
  }

  #regex(re: RegExp): string {
    return this.#constant(
      "re",
      `new RegExp(${JSON.stringify(re.source)}, ${JSON.stringify(re.flags)})`,
    );
  }

  #fail(path: string, why: string): string {
    this.fallbacks.push(`${path || "(input)"}: ${why}`);
    return this.#fn("  return FAIL;");
  }

  /** The name of a function validating `schema` (path: for fallback reports). */
  emit(schema: Schema, path: string): string {
    const def = defOf(schema)!;
    switch (def.type) {
      case "optional": {
        const inner = this.emit(def.innerType, path);
        const defaulted = optIn(def.innerType) === "defaulted";
        return this.#fn(
          defaulted ? `  return ${inner}(v);` : `  return v === undefined ? v : ${inner}(v);`,
        );
      }
      case "nullable": {
        const inner = this.emit(def.innerType, path);
        return this.#fn(`  return v === null ? v : ${inner}(v);`);
      }
      case "default": {
        const value = def.defaultValue;
        if (value !== null && typeof value === "object" || typeof value === "function") {
          return this.#fail(path, "default that is not a plain value");
        }
        const inner = this.emit(def.innerType, path);
        const literal = value === undefined ? "undefined" : JSON.stringify(value);
        return this.#fn(
          `  if (v === undefined) return ${literal};\n  const y = ${inner}(v);\n` +
            `  return y === undefined ? ${literal} : y;`,
        );
      }
      case "string":
        return this.#checked(schema, path, `  if (typeof v !== "string") return FAIL;`);
      case "number":
        return this.#checked(
          schema,
          path,
          `  if (typeof v !== "number" || !Number.isFinite(v)) return FAIL;`,
        );
      case "boolean":
        return this.#checked(schema, path, `  if (typeof v !== "boolean") return FAIL;`);
      case "unknown":
      case "any":
        return this.#checked(schema, path, "");
      case "literal": {
        const values = (def.values as unknown[]).map(literalOf);
        if (values.includes(undefined)) return this.#fail(path, "literal that is not JSON");
        return this.#checked(
          schema,
          path,
          `  if (!(${values.map((x) => `v === ${x}`).join(" || ")})) return FAIL;`,
        );
      }
      case "enum": {
        const values = Object.values(def.entries as Record<string, unknown>).map(literalOf);
        if (values.includes(undefined)) return this.#fail(path, "enum value that is not JSON");
        return this.#checked(
          schema,
          path,
          `  if (!(${values.map((x) => `v === ${x}`).join(" || ")})) return FAIL;`,
        );
      }
      case "array": {
        const item = this.emit(def.element, `${path}[]`);
        return this.#checked(
          schema,
          path,
          [
            "  if (!Array.isArray(v)) return FAIL;",
            "  const out: any[] = [];",
            "  for (const x of v) {",
            `    const y = ${item}(x);`,
            "    if (y === FAIL) return FAIL;",
            "    out.push(y);",
            "  }",
            "  v = out;",
          ].join("\n"),
        );
      }
      case "union": {
        const options = (def.options as Schema[]).map((o, i) => this.emit(o, `${path}|${i}`));
        return this.#checked(
          schema,
          path,
          [
            "  let y: any = FAIL;",
            ...options.map((o) => `  if (y === FAIL) y = ${o}(v);`),
            "  if (y === FAIL) return FAIL;",
            "  v = y;",
          ].join("\n"),
        );
      }
      case "record": {
        if (valueSetOf(def.keyType)) return this.#fail(path, "record with a closed key set");
        const key = this.emit(def.keyType, `${path}{key}`);
        const value = this.emit(def.valueType, `${path}{}`);
        return this.#checked(
          schema,
          path,
          [
            "  if (!isPlainObject(v)) return FAIL;",
            "  const out: any = {};",
            "  for (const k of Object.keys(v)) {",
            '    if (k === "__proto__") continue;',
            `    const kk = ${key}(k);`,
            '    if (kk === FAIL || kk === "__proto__") return FAIL;',
            `    const y = ${value}(v[k]);`,
            "    if (y === FAIL) return FAIL;",
            "    out[kk] = y;",
            "  }",
            "  v = out;",
          ].join("\n"),
        );
      }
      case "object":
        return this.#object(schema, path);
      default:
        return this.#fail(path, `zod type '${def.type}'`);
    }
  }

  #object(schema: Schema, path: string): string {
    const def = defOf(schema)!;
    const shape = def.shape as Record<string, Schema>;
    const keys = Object.keys(shape);
    const body = [
      "  if (!isObject(v)) return FAIL;",
      "  const out: any = {};",
    ];
    const catchall = def.catchall as Schema | undefined;
    const strict = catchall !== undefined && defOf(catchall)!.type === "never";
    const setName = catchall && this.#constant("keys", `new Set<string>(${JSON.stringify(keys)})`);
    // A strict object's keys are checked first, and counted: when there are no more than the
    // required ones, no optional key is there to look for (a batch's items mostly give few of
    // their optional keys, and each `in` that misses costs about 50 ns before V8 optimises).
    // (`in` also finds what an object inherits: a key Object.prototype has is always looked for)
    const required = keys.filter((key) => optIn(shape[key]) === undefined).length;
    const counted = strict && required < keys.length &&
      !keys.some((key) => key in Object.prototype);
    if (strict) {
      body.push(
        counted
          ? `  let n = 0;\n  for (const k in v) if (!${setName}.has(k)) return FAIL; else n++;\n  const some = n > ${required};`
          : `  for (const k in v) if (!${setName}.has(k)) return FAIL;`,
      );
    }
    if (keys.length) body.push("  let y: any;");
    for (const key of keys) {
      const field = shape[key];
      const fn = this.emit(field, path ? `${path}.${key}` : key);
      const k = JSON.stringify(key);
      const optin = optIn(field);
      const optout = optOut(field);
      // Mirrors zod's handling of a present, an absent, and an undefined-valued key.
      body.push(
        counted && optin !== undefined ? `  if (some && ${k} in v) {` : `  if (${k} in v) {`,
      );
      body.push(`    y = ${fn}(v[${k}]);`);
      body.push("    if (y === FAIL) return FAIL;");
      body.push(`    out[${k}] = y;`);
      body.push("  } else {");
      if (optout === "optional" && optin === "optional") {
        body.push("    // absent and optional: no key");
      } else {
        body.push(`    y = ${fn}(undefined);`);
        if (optin !== undefined && optout === "optional") {
          body.push(`    if (y !== FAIL && y !== undefined) out[${k}] = y;`);
        } else if (optin === undefined) {
          body.push("    return FAIL;");
        } else {
          body.push("    if (y === FAIL) return FAIL;");
          body.push(
            optin === "defaulted" && optout !== "optional"
              ? `    out[${k}] = y;`
              : `    if (y !== undefined) out[${k}] = y;`,
          );
        }
      }
      body.push("  }");
    }
    if (catchall && !strict) {
      const t = defOf(catchall)!.type;
      if (t === "unknown" || t === "any") {
        body.push(
          `  for (const k in v) if (!${setName}.has(k) && k !== "__proto__") out[k] = v[k];`,
        );
      } else {
        return this.#fail(path, `object catchall '${t}'`);
      }
    }
    body.push("  v = out;");
    return this.#checked(schema, path, body.join("\n"));
  }

  /** A type test (`head`, which may replace `v`), then the schema's checks in order. */
  #checked(schema: Schema, path: string, head: string): string {
    const lines = head ? [head] : [];
    for (const check of checksOf(schema)) {
      const line = this.#check(check);
      if (line === undefined) {
        const c = checkDefOf(check);
        return this.#fail(path, `check '${c.check}' (${c.format ?? ""})`);
      }
      lines.push(line);
    }
    lines.push("  return v;");
    return this.#fn(lines.join("\n"));
  }

  /** One check as a line that returns FAIL or updates `v`, or undefined when not mirrored. */
  #check(check: unknown): string | undefined {
    const c = checkDefOf(check);
    switch (c.check) {
      case "min_length":
        return `  if (v.length < ${c.minimum}) return FAIL;`;
      case "max_length":
        return `  if (v.length > ${c.maximum}) return FAIL;`;
      case "length_equals":
        return `  if (v.length !== ${c.length}) return FAIL;`;
      case "greater_than":
        return `  if (v ${c.inclusive ? "<" : "<="} ${numberLiteral(c.value)}) return FAIL;`;
      case "less_than":
        return `  if (v ${c.inclusive ? ">" : ">="} ${numberLiteral(c.value)}) return FAIL;`;
      case "number_format":
        return c.format === "safeint" ? "  if (!Number.isSafeInteger(v)) return FAIL;" : undefined;
      case "string_format": {
        if (c.format !== "regex" || !(c.pattern instanceof RegExp)) return undefined;
        const re = this.#regex(c.pattern);
        return `  ${re}.lastIndex = 0;\n  if (!${re}.test(v)) return FAIL;`;
      }
      case "overwrite":
        // Only zod's own trim() is mirrored.
        return isTrimCheck(check) ? "  v = v.trim();" : undefined;
      case "custom": {
        const issueRule = issueRuleOf(check as object);
        const name = RULE_NAMES.get(issueRule ?? c.fn);
        if (!name) return undefined;
        return issueRule
          ? `  if (reports(R.${name}, v)) return FAIL;`
          : `  if (!R.${name}(v)) return FAIL;`;
      }
      default:
        return undefined;
    }
  }
}

function literalOf(x: unknown): string | undefined {
  if (typeof x === "number") return numberLiteral(x);
  if (typeof x === "string" || typeof x === "boolean" || x === null) return JSON.stringify(x);
  return undefined;
}

function numberLiteral(x: number): string {
  return Number.isFinite(x) ? String(x) : x > 0 ? "Infinity" : x < 0 ? "-Infinity" : "NaN";
}

/**
 * A module of named fast validators (e.g. the config file's), importing the runtime from
 * `schemaDir` (the path of src/schema/ relative to the module).
 */
export function renderValidators(
  schemas: Record<string, unknown>,
  schemaDir: string,
  doc: string,
): FastModule {
  const emitter = new Emitter();
  const entries: string[] = [];
  const fallbacks: Record<string, string[]> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    emitter.fallbacks = [];
    const fn = emitter.emit(schema as Schema, "");
    fallbacks[name] = emitter.fallbacks;
    entries.push(`/** ${name}, without zod: the parsed value, or FAIL. */`);
    entries.push(`export const ${name}: FastValidator = ${fn};`);
  }
  const runtime = `${schemaDir}/../fast_input.ts`.replace("/schema/../", "/");
  return {
    source: moduleText(emitter, schemaDir, runtime, doc, entries, "FastValidator"),
    fallbacks,
  };
}

function moduleText(
  emitter: Emitter,
  schemaDir: string,
  runtime: string,
  doc: string,
  exports: readonly string[],
  type: string,
  imports: readonly string[] = [],
): string {
  const code = emitter.lines.join("\n");
  const used = ["FAIL", "isObject", "isPlainObject", "reports"].filter((n) =>
    n === "FAIL" || code.includes(`${n}(`)
  );
  return [
    "// Generated by scripts/gen_table.ts from the zod schemas (deno task gen). Do not edit.",
    "// deno-lint-ignore-file no-explicit-any",
    `/** ${doc} */`,
    ...(code.includes("R.") ? [`import * as R from "${schemaDir}/rules.ts";`] : []),
    `import { ${used.join(", ")}, type ${type} } from "${runtime}";`,
    ...imports,
    "",
    code,
    "",
    ...exports,
    "",
  ].join("\n");
}

/**
 * The entry module of one command (src/generated/entry/): its fast validator as `fast`, beside
 * the `imports` and `exports` lines given (its handler and what loads with it).
 */
export function renderFastEntry(
  spec: AnyCommandSpec,
  doc: string,
  imports: readonly string[],
  exports: readonly string[],
): { source: string; fallbacks: string[] } {
  const name = spec.name.join(" ");
  const emitter = new Emitter();
  const fn = emitter.emit(spec.input, "");
  const tree = aliasTree(spec.input);
  const source = moduleText(
    emitter,
    "../../schema",
    "../../fast_input.ts",
    doc,
    [
      `/** The fast validator of \`${name}\`: same result as its zod schema, without zod. */`,
      `export const fast: FastInput = { validate: ${fn}, aliases: ${JSON.stringify(tree)} };`,
      ...exports,
    ],
    "FastInput",
    imports,
  );
  return { source, fallbacks: emitter.fallbacks };
}
