/**
 * The `--request-id` input of add commands (MCP: `requestId`); what it does is in
 * idempotency.ts, which the CLI's fast path uses without this module's schema.
 */
import { z } from "zod";
import type { AnyCommandSpec } from "./spec.ts";
import { runOnce } from "./idempotency.ts";

/** The input field every add command gains. */
export const requestIdSchema = z.string().min(1, "must not be empty").max(200).describe(
  "idempotency key: a retry with the same id (and input) is a no-op returning the first result",
);

/** `spec` with an optional `requestId` input that makes retries no-ops (needs a `draftId`). */
export function withRequestId(spec: AnyCommandSpec): AnyCommandSpec {
  const command = spec.name.join(" ");
  return {
    ...spec,
    input: spec.input.extend({ requestId: requestIdSchema.optional() }),
    run: (input, ctx) => runOnce(command, input, ctx, spec.run),
  };
}
