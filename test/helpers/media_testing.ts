/**
 * Helpers for the media tests (src/media/*_test.ts, bench/): fixture paths and their expected
 * facts, temp folders, and small assertions on top of node:assert (JSR's std is unreachable).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { DraftcliError, type ErrorCode } from "../../src/errors.ts";
import type { MediaInfo } from "../../src/media/types.ts";
import { withTempDir as withTemp } from "./temp.ts";

/** Absolute path of test/fixtures/. */
export const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** The known facts of each fixture (test/fixtures/expected.json). */
export const EXPECTED: Record<string, MediaInfo> = JSON.parse(
  Deno.readTextFileSync(`${FIXTURES}expected.json`),
);

/** Runs `fn` with a fresh temp folder, removed afterwards. */
export function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  return withTemp(fn, "draftcli-media-test-");
}

/** Deep equality with a message. */
export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  assert.deepStrictEqual(actual, expected, message);
}

/** A truthy condition. */
export function assertTrue(value: unknown, message?: string): asserts value {
  assert.ok(value, message);
}

/** Awaits `fn` and checks it rejects with a DraftcliError of `code` whose message matches. */
export async function assertRejectsCode(
  fn: () => Promise<unknown>,
  code: ErrorCode,
  message?: RegExp,
): Promise<DraftcliError> {
  let thrown: unknown = undefined;
  try {
    await fn();
  } catch (err) {
    thrown = err;
  }
  if (!(thrown instanceof DraftcliError)) {
    throw new assert.AssertionError({
      message: `expected a DraftcliError(${code}), got ${
        thrown === undefined ? "no error" : String(thrown)
      }`,
    });
  }
  assert.equal(thrown.code, code, `code of: ${thrown.message}`);
  if (message) assert.match(thrown.message, message);
  return thrown;
}

/** Calls `fn` and checks it throws a DraftcliError of `code` whose message matches. */
export function assertThrowsCode(fn: () => unknown, code: ErrorCode, message?: RegExp): void {
  let thrown: unknown = undefined;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  if (!(thrown instanceof DraftcliError)) {
    throw new assert.AssertionError({
      message: `expected a DraftcliError(${code}), got ${
        thrown === undefined ? "no error" : String(thrown)
      }`,
    });
  }
  assert.equal(thrown.code, code, `code of: ${thrown.message}`);
  if (message) assert.match(thrown.message, message);
}
