/**
 * Tiny assertion helpers for the media tests (JSR's std is unreachable; node:assert does the
 * work).
 */
import assert from "node:assert/strict";
import { DraftcliError, type ErrorCode } from "../errors.ts";

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
