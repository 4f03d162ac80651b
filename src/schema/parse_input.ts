/** Validation with zod, turning its issues into one clear DraftcliError. */
import type { z } from "zod";
import { DraftcliError } from "../errors.ts";
import { aliasTree, unwrapSchema } from "./json_schema.ts";
import { renameByTree } from "../fast_input.ts";
import { cleanInput, formatPath, wellFormed } from "./clean.ts";
import { closest, editDistance } from "../text/closest.ts";
import { defOf } from "./zod_introspect.ts";

export { formatPath, wellFormed };

/**
 * Renames, in place, keys of `value` that are aliases of a field of the matching object schema
 * (`withAliases`, e.g. cutcli's `transform_y` for `transformY`), at any depth. The field's own
 * key wins when both are given (the alias then stays and is reported as unknown).
 */
export function renameAliases(schema: z.ZodType, value: unknown): void {
  const tree = aliasTree(schema);
  if (tree) renameByTree(tree, value);
}

/** The keys of the object schema found at `path` inside `schema` (through arrays, optionals, defaults). */
export function objectAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let s: unknown = schema;
  for (const key of path) {
    const def = defOf(unwrapSchema(s));
    if (!def) return undefined;
    if (typeof key === "number" && def.type === "array") s = def.element;
    else if (def.type === "object" && typeof key === "string") s = def.shape[key];
    else return undefined;
  }
  const def = defOf(unwrapSchema(s));
  return def?.type === "object" ? Object.keys(def.shape) : undefined;
}

/**
 * Validates `value` (after making its strings well-formed, see `wellFormed`, and dropping
 * `_comment`-style keys: `cleanInput`); on failure throws `invalid_input` naming the
 * first bad field. An unknown key's error lists the accepted ones.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const cleaned = cleanInput(value);
  renameAliases(schema, cleaned);
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const path = formatPath(first.path);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : "";
  const accepted = first.code === "unrecognized_keys" ? objectAt(schema, first.path) : undefined;
  const allowed = allowedValues(first);
  const message = allowed
    ? `Invalid value: expected one of ${allowed.join(", ")}`
    : issueMessage(schema, first);
  throw new DraftcliError("invalid_input", `${path ? path + ": " : ""}${message}${more}`, {
    path: path || undefined,
    hint: allowed ? `allowed values: ${allowed.join(", ")}` : hintFor(first, accepted),
  });
}

/**
 * The nearest accepted key to an unknown one, when it is near enough to be the one meant
 * (`fadeOut` → `fadeOutDuration`, `imageURL` → `imageUrl`).
 */
export function nearestKey(key: string, accepted: readonly string[]): string | undefined {
  const a = key.toLowerCase();
  // A key that is the start of an accepted one is that one (shortest first); then one that
  // starts with an accepted key (longest first).
  const byLength = (x: string, y: string) => x.length - y.length || x.localeCompare(y);
  if (a.length >= 3) {
    const longer = accepted.filter((c) => c.toLowerCase().startsWith(a)).sort(byLength);
    if (longer.length) return longer[0];
    const shorter = accepted.filter((c) => a.startsWith(c.toLowerCase())).sort(byLength);
    if (shorter.length) return shorter[shorter.length - 1];
  }
  const best = closest(key, accepted, 1)[0];
  if (best === undefined) return undefined;
  return editDistance(a, best.toLowerCase()) <= Math.max(2, Math.floor(key.length / 3))
    ? best
    : undefined;
}

/**
 * One issue's message: zod's, and for unknown keys the nearest accepted key of the object at
 * the issue's path (`Unrecognized key: "fadeOut" (did you mean fadeOutDuration?)`). Every path
 * that words a zod issue goes through here, so a message is the same wherever it comes from.
 */
export function issueMessage(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  if (issue.code !== "unrecognized_keys") return issue.message;
  const accepted = objectAt(schema, issue.path) ?? [];
  const near = issue.keys
    .map((k) => [k, nearestKey(k, accepted)] as const)
    .filter(([, n]) => n !== undefined)
    .map(([k, n]) => issue.keys.length === 1 ? n : `${n} for ${k}`);
  return near.length ? `${issue.message} (did you mean ${near.join(", ")}?)` : issue.message;
}

/** The values a closed choice accepts (an enum, or a union of literals such as fps). */
function allowedValues(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code === "invalid_value") return issue.values.map((v) => String(v));
  if (issue.code !== "invalid_union" || !issue.errors?.length) return undefined;
  const out: string[] = [];
  for (const branch of issue.errors) {
    if (branch.length !== 1 || branch[0].code !== "invalid_value") return undefined;
    out.push(...branch[0].values.map((v) => String(v)));
  }
  return out;
}

function hintFor(issue: z.core.$ZodIssue, accepted?: string[]): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}; see --help for each field's type`;
    case "unrecognized_keys":
      return `remove or rename: ${issue.keys.join(", ")}; ` +
        (accepted
          ? `accepted: ${accepted.join(", ")} (keys starting with _ are ignored as comments)`
          : "see --help for the accepted fields");
    case "too_small":
      if (issue.origin === "number" || issue.origin === "int") {
        return `use a number ${issue.inclusive ? ">=" : ">"} ${issue.minimum}`;
      }
      return "see --help for the allowed range";
    case "too_big":
      if (issue.origin === "number" || issue.origin === "int") {
        return `use a number ${issue.inclusive ? "<=" : "<"} ${issue.maximum}`;
      }
      return "see --help for the allowed range";
    default:
      return "see --help for the accepted fields and units";
  }
}
