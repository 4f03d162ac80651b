/**
 * Idempotency keys for add commands: `--request-id <id>` (MCP: `requestId`). The first call
 * with an id runs and records its result beside the draft (`.draftcli/requests/<sha256>.json`);
 * a retry with the same id and the same input changes nothing and returns the recorded result.
 * The same id with different input is refused. The record is written right after the commit,
 * under the draft's lock, so two concurrent retries do not both apply; a crash between the
 * commit and the record (a few ms) still leaves a retry able to apply twice.
 */
import { join } from "node:path";
import { z } from "zod";
import type { AnyCommandSpec } from "./spec.ts";
import { DraftcliError } from "../errors.ts";

/** The input field every add command gains. */
export const requestIdSchema = z.string().min(1, "must not be empty").max(200).describe(
  "idempotency key: a retry with the same id (and input) is a no-op returning the first result",
);

interface RequestRecord {
  requestId: string;
  command: string;
  inputSha256: string;
  result: unknown;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `spec` with an optional `requestId` input that makes retries no-ops (needs a `draftId`). */
export function withRequestId(spec: AnyCommandSpec): AnyCommandSpec {
  const command = spec.name.join(" ");
  return {
    ...spec,
    input: spec.input.extend({ requestId: requestIdSchema.optional() }),
    async run(input, ctx) {
      const { requestId, ...rest } = input as { requestId?: string; draftId: string };
      if (requestId === undefined) return await spec.run(rest, ctx);
      // The store is loaded only when a request id is given (start-up stays lean).
      const [{ readJsonIfExists, writeFileAtomic }, { locateDraft, STATE_DIR }, { withLock }] =
        await Promise.all([
          import("../store/atomic.ts"),
          import("../store/drafts.ts"),
          import("../store/lock.ts"),
        ]);
      const dir = await locateDraft(await ctx.searchRoots(), rest.draftId);
      const inputSha256 = await sha256(JSON.stringify(rest));
      const file = join(dir, STATE_DIR, "requests", `${await sha256(requestId)}.json`);
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
        const result = await spec.run(rest, ctx);
        const record: RequestRecord = { requestId, command, inputSha256, result };
        await writeFileAtomic(file, JSON.stringify(record));
        return result;
      });
    },
  };
}
