/** runFfmpeg's guards against an ffmpeg that fails, hangs or stops reporting progress. */
import { ok as assert, rejects } from "node:assert/strict";
import { runFfmpeg } from "./ffmpeg.ts";
import { tempDir } from "../../test/helpers/temp.ts";

/** A stand-in ffmpeg: a shell script with `body`, in a temp folder removed by `use`. */
async function withFakeFfmpeg(body: string, use: (path: string) => Promise<void>) {
  await using dir = await tempDir("draftcli-fake-ffmpeg-");
  const path = `${dir.path}/ffmpeg`;
  await Deno.writeTextFile(path, `#!/bin/sh\n${body}\n`);
  await Deno.chmod(path, 0o755);
  await use(path);
}

const ignore = Deno.build.os === "windows";

Deno.test({
  name: "runFfmpeg stops an ffmpeg that reports no progress and says so",
  ignore,
  async fn() {
    await withFakeFfmpeg("exec sleep 30", async (path) => {
      const began = performance.now();
      await rejects(
        runFfmpeg(path, [], { timeoutMs: 60_000, stallMs: 300 }),
        (e: Error) =>
          /ffmpeg reported no progress for 0.3 s and was stopped/.test(e.message) && "code" in e,
      );
      assert(performance.now() - began < 20_000, "stopped long before the sleep ended");
    });
  },
});

Deno.test({
  name: "runFfmpeg keeps an ffmpeg that keeps reporting progress, and passes its result on",
  ignore,
  async fn() {
    const script = "for i in 1 2 3 4 5 6; do echo out_time_us=$((i * 100000)); sleep 0.1; done";
    await withFakeFfmpeg(script, async (path) => {
      const seen: number[] = [];
      await runFfmpeg(path, [], {
        timeoutMs: 60_000,
        stallMs: 400,
        onProgress: (s) => seen.push(s),
      });
      assert(seen.length === 6 && seen[5] === 0.6, JSON.stringify(seen));
    });
  },
});

Deno.test({
  name: "runFfmpeg reports the end of a failing ffmpeg's log",
  ignore,
  async fn() {
    await withFakeFfmpeg("echo 'first line' >&2; echo 'bad input' >&2; exit 3", async (path) => {
      await rejects(
        runFfmpeg(path, [], { timeoutMs: 60_000 }),
        (e: Error) => /ffmpeg failed: first line \| bad input/.test(e.message),
      );
    });
  },
});
