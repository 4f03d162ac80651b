/**
 * A reader that closes draftcli's stdout early (`| head -c 10`, a `jq` that failed): the CLI
 * exits with its own code (10, `stdout_closed`) and a message that says what happened and
 * whether the change was saved, never a file-system hint.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, spawnCli, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/**
 * Runs draftcli with its stdout closed by the reader right after the start, before draftcli
 * writes anything (as a `jq` that failed on its arguments does). Closing it before the write
 * makes the outcome certain; a reader that leaves midway (`head -c`) meets the same write error.
 */
async function runClosed(env: Record<string, string>, args: string[]) {
  const child = spawnCli(args, env);
  await child.stdout.cancel();
  const stderr = new TextDecoder().decode(
    new Uint8Array(await new Response(child.stderr).arrayBuffer()),
  );
  const { code } = await child.status;
  const line = stderr.split("\n").find((l) => l.startsWith("{"));
  return { code, stderr, error: (line ? JSON.parse(line).error : undefined) as Json };
}

Deno.test("stdout closed early: a read exits 10 with stdout_closed, not an io_error", async () => {
  const w = await tempWorld();
  try {
    const r = await runClosed(w.env, ["query", "transitions", "--limit", "5000"]);
    assertEquals(r.code, 10, r.stderr);
    assertEquals(r.error?.code, "stdout_closed", r.stderr);
    assert(/stdout was closed before the output was written/.test(r.error.message), r.stderr);
    assert(!/disk space|permissions/.test(r.stderr), r.stderr);
    assert(/no draft was changed/.test(r.error.hint), r.stderr);
  } finally {
    await w.cleanup();
  }
});

Deno.test("stdout closed before an edit's result: exit 10, the change is saved and says so", async () => {
  const w = await tempWorld();
  try {
    const created = await runCli(["draft", "create"], { env: w.env });
    assertEquals(created.code, 0, created.stderr);
    const { draftId } = created.json as Json;
    const r = await runClosed(w.env, [
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
    ]);
    assertEquals(r.code, 10, r.stderr);
    assertEquals(r.error?.code, "stdout_closed", r.stderr);
    assert(/the change was saved, but stdout was closed/.test(r.error.message), r.stderr);
    assert(/--request-id/.test(r.error.hint), r.stderr);
    const list = await runCli(["images", "list", draftId], { env: w.env });
    assertEquals((list.json as unknown[]).length, 1, "the image is in the draft");
  } finally {
    await w.cleanup();
  }
});
