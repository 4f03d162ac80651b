/**
 * What the generated fast validators (src/generated/, written by `deno task gen` from the zod
 * schemas) need at run time, without zod. A fast validator returns the parsed input exactly as
 * zod's parse would, or `FAIL`; on `FAIL` the CLI validates with zod, which produces the error
 * (or, where the fast validator is more cautious than zod, the value).
 */

/** Where a multi-issue rule reports problems: zod's refinement context, or a fast validator's. */
export interface IssueSink {
  addIssue(issue: { code: "custom"; message: string; path: PropertyKey[] }): void;
}

/** Returned by a fast validator for input it does not accept. */
export const FAIL: unique symbol = Symbol("fast validation failed");

/** A generated validator: the parsed value, or FAIL. */
export type FastValidator = (value: unknown) => unknown;

/**
 * Where `withAliases` spellings may stand in an input, for renaming them before validation: an
 * object's fields (with their aliases), an array's items, or a union's options.
 */
export type AliasTree =
  | { fields: [key: string, aliases: string[], inner: AliasTree | null][] }
  | { items: AliasTree }
  | { options: AliasTree[] };

/** One command's generated input handling. */
export interface FastInput {
  /** Validates the cleaned input (see src/schema/clean.ts) after alias renaming. */
  validate: FastValidator;
  /** Aliases to rename first, when the schema has any. */
  aliases: AliasTree | null;
}

/** An object that is not an array or null (zod's object test). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A plain object: made by `{}` or JSON, or with a null prototype (zod's record test). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Does a multi-issue rule report anything for `value`? */
export function reports(rule: (value: never, ctx: IssueSink) => void, value: unknown): boolean {
  let reported = false;
  rule(value as never, {
    addIssue() {
      reported = true;
    },
  });
  return reported;
}

/**
 * Renames, in place, alias keys to their field's key (the field's own key wins when both are
 * given), as `renameAliases` in validate.ts does from the zod schema.
 */
export function renameByTree(tree: AliasTree, value: unknown, depth = 0): void {
  if (depth > 32 || !value || typeof value !== "object") return;
  if ("items" in tree) {
    if (Array.isArray(value)) {
      for (const item of value) renameByTree(tree.items, item, depth + 1);
    }
  } else if ("options" in tree) {
    for (const option of tree.options) renameByTree(option, value, depth + 1);
  } else if (!Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const [key, aliases, inner] of tree.fields) {
      for (const alias of aliases) {
        if (Object.hasOwn(obj, alias) && !Object.hasOwn(obj, key)) {
          obj[key] = obj[alias];
          delete obj[alias];
        }
      }
      if (inner && Object.hasOwn(obj, key)) renameByTree(inner, obj[key], depth + 1);
    }
  }
}
