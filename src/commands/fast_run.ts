/**
 * Runs a command without loading zod or its schemas: its entry module (src/generated/entry/,
 * loaded through `loadEntryModule`) gives the generated fast validator that checks the input and
 * the handler (its command file's `run`) that runs it. Input the fast validator refuses is left to the
 * caller's zod path, which words the error.
 */
import type { CommandEntry, CommandModule } from "../generated/command_table.ts";
import type { CommandContext } from "./spec.ts";
import { cleanInput } from "../schema/clean.ts";
import { FAIL, renameByTree } from "../fast_input.ts";

/** The outcome of `runFast`: the command's result, or that the input needs zod. */
export type FastOutcome = { ran: true; result: unknown } | { ran: false };

/**
 * Validates `raw` (cleaned and alias-renamed in place, as zod's path does) with the fast
 * validator of `command` (from `loadCommand`) and, when it passes, runs its handler (through the
 * request-id record when the call gives a `requestId`). `check`, when given, is called with the
 * parsed input first (the cross-check against zod under DRAFTCLI_CHECK_FAST).
 */
export async function runFast(
  entry: CommandEntry,
  command: CommandModule | undefined,
  raw: Record<string, unknown>,
  ctx: CommandContext,
  check?: (input: unknown) => Promise<void>,
): Promise<FastOutcome> {
  const { fast, run } = command ?? {};
  if (!fast || !run) return { ran: false };
  const cleaned = cleanInput(raw);
  if (fast.aliases) renameByTree(fast.aliases, cleaned);
  const input = fast.validate(cleaned);
  if (input === FAIL) return { ran: false };
  await check?.(input);
  const fields = input as Record<string, unknown>;
  if (fields.requestId === undefined) {
    // No request id: the command just runs (as runOnce would, without loading the record code).
    delete fields.requestId;
    return { ran: true, result: await run(fields as never, ctx) };
  }
  const { runOnce } = await import("./idempotency.ts");
  return {
    ran: true,
    result: await runOnce(entry.name.join(" "), fields, ctx, run),
  };
}
