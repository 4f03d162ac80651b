/**
 * A command's shape as argv parsing sees it. The generated command table and each command's entry
 * module (src/generated/) hold it, so parsing needs no schema; `specShape` reads it off a spec
 * (tests, a command without an entry module).
 */
import type { AnyCommandSpec } from "./spec.ts";
import { fieldAliases, fieldTypes } from "../schema/json_schema.ts";

/** What parsing argv for a command needs to know. */
export interface CommandShape {
  /** Words that name it, e.g. ["images", "add"]. */
  readonly name: readonly string[];
  /** Input keys taken from positional arguments, in order. */
  readonly positionals: readonly string[];
  /** Each input field's type ("string", "integer", "number", "boolean", "array", "object"). */
  readonly fields: Readonly<Record<string, string>>;
  /** Other flag spellings (camelCase) → field. */
  readonly aliases: Readonly<Record<string, string>>;
}

/** The shape of a spec, read from its zod input schema. */
export function specShape(spec: AnyCommandSpec): CommandShape {
  return {
    name: spec.name,
    positionals: spec.positionals ?? [],
    fields: fieldTypes(spec.input),
    aliases: fieldAliases(spec.input),
  };
}
