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

/** Validates `value`; on failure throws `invalid_input` naming the first bad field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
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
