/**
 * Helpers shared by the media tests: fixture paths, the expected facts, temp folders and a
 * real HTTP server on 127.0.0.1.
 */
import { fileURLToPath } from "node:url";
import type { MediaInfo } from "./types.ts";

/** Absolute path of test/fixtures/. */
export const FIXTURES = fileURLToPath(new URL("../../test/fixtures/", import.meta.url));

/** The known facts of each fixture (test/fixtures/expected.json). */
export const EXPECTED: Record<string, MediaInfo> = JSON.parse(
  Deno.readTextFileSync(`${FIXTURES}expected.json`),
);

/** Runs `fn` with a fresh temp folder, removed afterwards. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "draftcli-media-test-" });
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
