/** Validation with zod, turning its issues into one clear DraftcliError. */
import type { z } from "zod";
import { DraftcliError } from "../errors.ts";

/** Formats a zod issue path as `imageInfos[2].end`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/**
 * Makes every string of a parsed JSON value well-formed UTF-16, in place: lone surrogates
 * (legal in JavaScript and in JSON escapes, but not in UTF-8) become U+FFFD, so no draft file
 * ever holds a `\ud800` escape that the editors' JSON parsers reject. Iterative: any depth.
 */
export function wellFormed(value: unknown): unknown {
  if (typeof value === "string") return value.toWellFormed();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== "object") continue;
    const obj = v as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const item = obj[key];
      if (typeof item === "string") {
        if (!item.isWellFormed()) obj[key] = item.toWellFormed();
      } else if (item && typeof item === "object") stack.push(item);
      if (!key.isWellFormed()) {
        obj[key.toWellFormed()] = obj[key];
        delete obj[key];
      }
    }
  }
  return value;
}

/**
 * Drops, in place, every object key that begins with `_` (comments such as `_comment`, which
 * cutcli's templates carry inside item arrays). `__proto__` is kept, so validation refuses it.
 * Iterative: any depth.
 */
export function dropCommentKeys(value: unknown): unknown {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!v || typeof v !== "object") continue;
    const obj = v as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      if (key.startsWith("_") && key !== "__proto__" && !Array.isArray(obj)) delete obj[key];
      else if (obj[key] && typeof obj[key] === "object") stack.push(obj[key]);
    }
  }
  return value;
}

/**
 * Validates `value` (after dropping `_` comment keys, see `dropCommentKeys`, and making its strings well-formed, see `wellFormed`); on failure throws
 * `invalid_input` naming the first bad field.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(wellFormed(dropCommentKeys(value)));
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  const path = formatPath(first.path);
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : "";
  throw new DraftcliError("invalid_input", `${path ? path + ": " : ""}${first.message}${more}`, {
    path: path || undefined,
    hint: hintFor(first),
  });
}

function hintFor(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}; see --help for each field's type`;
    case "unrecognized_keys":
      return `remove or rename: ${issue.keys.join(", ")}; see --help for the accepted fields`;
    case "too_small":
    case "too_big":
      return "see --help for the allowed range";
    default:
      return "see --help for the accepted fields and units";
  }
}
