/**
 * Refinements the fast-validator generator can name: `superRefineWith(schema, rule)` is
 * `schema.superRefine(rule)` that also records which rule of src/schema/rules.ts the new check
 * runs (zod wraps the function, so the check alone does not tell). Plain `.refine(rule)` needs no
 * record: its check keeps the function itself.
 */
import type { z } from "zod";
import type { IssueSink } from "./rules.ts";
import { checksOf } from "./zod_introspect.ts";

/** A rule that reports issues (see rules.ts). */
// deno-lint-ignore no-explicit-any
export type IssueRule = (value: any, ctx: IssueSink) => void;

const RULE_OF_CHECK = new WeakMap<object, IssueRule>();

/** `schema.superRefine(rule)`, remembering the rule behind the check it adds. */
export function superRefineWith<T extends z.ZodType>(schema: T, rule: IssueRule): T {
  const out = schema.superRefine(rule) as T;
  const checks = checksOf(out);
  RULE_OF_CHECK.set(checks[checks.length - 1] as object, rule);
  return out;
}

/** The rule a check made by `superRefineWith` runs, if it is one. */
export function issueRuleOf(check: object): IssueRule | undefined {
  return RULE_OF_CHECK.get(check);
}
