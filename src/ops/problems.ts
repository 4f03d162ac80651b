/**
 * Collects the problems of a whole input (e.g. a `build` spec) so they are reported at once,
 * each with its JSON path, instead of stopping at the first.
 */
import type { z } from "zod";
import { DraftcliError, type ErrorBody } from "../errors.ts";
import { formatPath } from "../schema/clean.ts";

/** A list of problems found so far. */
export class Problems {
  /** Each problem as printed: code, message, hint, path. */
  readonly list: ErrorBody[] = [];

  /** Records an expected error (any other error is re-thrown). */
  add(err: unknown): void {
    if (!(err instanceof DraftcliError)) throw err;
    this.list.push(err.toJSON()); // as printed: URLs in the message redacted
  }

  /**
   * Records every issue of a failed zod parse, with its path; `wording` gives each issue's
   * message (schema/validate.ts `issueMessage`, which the caller loads: it brings zod).
   */
  addZod(
    issues: readonly z.core.$ZodIssue[],
    prefix: string,
    wording: (issue: z.core.$ZodIssue) => string,
  ): void {
    for (const issue of issues) {
      const path = formatPath(issue.path);
      const full = prefix && path ? `${prefix}.${path}` : prefix || path;
      this.list.push({
        code: "invalid_input",
        message: `${full ? full + ": " : ""}${wording(issue)}`,
        path: full || undefined,
      });
    }
  }

  /** Throws one `invalid_input` error listing every problem (`error.problems` holds the list). */
  throwIfAny(what: string): void {
    if (!this.list.length) return;
    const first = this.list[0];
    throw new DraftcliError(
      "invalid_input",
      `${what}: ${this.list.length} problem(s): ` +
        this.list.map((p) => p.message).join("; "),
      {
        path: first.path,
        hint: "fix every listed path (see error.problems) and run again; nothing was written",
        problems: this.list,
      },
    );
  }
}

/**
 * Runs `fn`; without a sink its error propagates (single commands stop at the first problem),
 * with one the error is recorded and `undefined` returned (so later items are checked too).
 */
export function attempt<T>(sink: Problems | undefined, fn: () => T): T | undefined {
  if (!sink) return fn();
  try {
    return fn();
  } catch (err) {
    sink.add(err);
    return undefined;
  }
}
