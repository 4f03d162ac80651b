/**
 * Idempotency keys for add commands: `--request-id <id>` (MCP: `requestId`). The first call
 * with an id runs and records its result beside the draft (`.draftcli/requests/<sha256>.json`);
 * a retry with the same id and the same input changes nothing and returns the recorded result.
 * The same id with different input is refused. The record is written right after the commit,
 * under the draft's lock, so two concurrent retries do not both apply; a crash between the
 * commit and the record (a few ms) still leaves a retry able to apply twice.
 */
import { join } from "../path.ts";
import { sha256Text } from "../files.ts";
import type { CommandContext } from "../ops/context.ts";
import { DraftcliError } from "../errors.ts";

interface RequestRecord {
  requestId: string;
  command: string;
  inputSha256: string;
  result: unknown;
}

/**
 * Runs an add command's `run` once per request id: without `input.requestId` it just runs; with
 * one, a retry with the same input returns the recorded result, other input is refused.
 */
export async function runOnce(
  command: string,
  input: Record<string, unknown>,
  ctx: CommandContext,
  run: (input: never, ctx: CommandContext) => Promise<unknown>,
): Promise<unknown> {
  const { requestId, ...rest } = input as { requestId?: string; draftId: string };
  if (requestId === undefined) return await run(rest as never, ctx);
  // The store is loaded only when a request id is given (start-up stays lean).
  const [{ readJsonIfExists, writeFileAtomic }, { locateDraft, STATE_DIR }, { withLock }] =
    await Promise.all([
      import("../store/atomic.ts"),
      import("../store/drafts.ts"),
      import("../store/lock.ts"),
    ]);
  const dir = await locateDraft(await ctx.searchRoots(), rest.draftId);
  const inputSha256 = await sha256Text(JSON.stringify(rest));
  const file = join(dir, STATE_DIR, "requests", `${await sha256Text(requestId)}.json`);
  const lock = join(dir, STATE_DIR, "requests.lock");
  await Deno.mkdir(join(dir, STATE_DIR), { recursive: true });
  return await withLock(lock, async () => {
    const seen = await readJsonIfExists<RequestRecord>(file);
    if (seen) {
      if (seen.command !== command || seen.inputSha256 !== inputSha256) {
        throw new DraftcliError(
          "invalid_input",
          `request id '${requestId}' was already used by a different call (${seen.command})`,
          { hint: "use a new request id for a new change", path: "requestId" },
        );
      }
      return seen.result;
    }
    const result = await run(rest as never, ctx);
    const record: RequestRecord = { requestId, command, inputSha256, result };
    await writeFileAtomic(file, JSON.stringify(record));
    return result;
  });
}
