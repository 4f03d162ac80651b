/** The README's first command: `deno task demo` builds a valid sample draft. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { tempWorld } from "./helpers/cli.ts";

Deno.test("deno task demo builds a draft that draft validate accepts", async () => {
  const w = await tempWorld();
  try {
    const root = fileURLToPath(new URL("../", import.meta.url));
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", "demo"],
      cwd: root,
      env: w.env,
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assertEquals(out.code, 0, stderr);
    const result = JSON.parse(new TextDecoder().decode(out.stdout));
    assertEquals(result.valid, true);
    assert(
      String(result.filePath).startsWith(w.draftsDir),
      "written into the drafts folder in force",
    );
    assertEquals(result.info.duration, 6_000_000);
    const kinds = result.info.tracks.map((t: { type: string }) => t.type).sort();
    assertEquals(kinds, ["audio", "text", "video"]);
  } finally {
    await w.cleanup();
  }
});
