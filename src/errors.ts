/**
 * The error model shared by every layer: a typed error with a stable code, a message that says
 * what was wrong, a hint that says how to fix it, an optional input path, and the process exit
 * code it maps to.
 */
import { redactText } from "./text/redact.ts";

/** Documented process exit codes. */
export const ExitCode = {
  ok: 0,
  internal: 1,
  usage: 2,
  notFound: 3,
  network: 4,
  media: 5,
  conflict: 6,
  unsupported: 7,
  draftInvalid: 8,
  io: 9,
  stdoutClosed: 10,
} as const;

/** One of the documented exit codes. */
export type ExitCodeValue = typeof ExitCode[keyof typeof ExitCode];

/** Stable machine-readable error codes, each tied to an exit code. */
export const ErrorCodes = {
  usage: ExitCode.usage,
  invalid_json: ExitCode.usage,
  invalid_input: ExitCode.usage,
  unknown_name: ExitCode.usage,
  draft_not_found: ExitCode.notFound,
  segment_not_found: ExitCode.notFound,
  network_error: ExitCode.network,
  http_error: ExitCode.network,
  media_error: ExitCode.media,
  media_not_found: ExitCode.media,
  locked: ExitCode.conflict,
  unsupported_draft: ExitCode.unsupported,
  ffmpeg_missing: ExitCode.unsupported,
  draft_invalid: ExitCode.draftInvalid,
  no_catalog: ExitCode.unsupported,
  io_error: ExitCode.io,
  stdout_closed: ExitCode.stdoutClosed,
  internal: ExitCode.internal,
} as const;

/** A stable error code. */
export type ErrorCode = keyof typeof ErrorCodes;

/** Fields of an error as printed on stderr. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  hint?: string;
  path?: string;
  /** Every problem found, when an input had several (e.g. a `build` spec): each with its path. */
  problems?: ErrorBody[];
}

/** An expected failure: bad input, a missing draft, a network or media problem. */
export class DraftcliError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly path?: string;
  /** A result that still goes to stdout (only the report of `draft validate`), if any. */
  readonly output?: unknown;
  /** Every problem, when the input had several; printed under `error.problems`. */
  readonly problems?: readonly ErrorBody[];

  constructor(
    code: ErrorCode,
    message: string,
    opts: { hint?: string; path?: string; output?: unknown; problems?: readonly ErrorBody[] } = {},
  ) {
    super(message);
    this.name = "DraftcliError";
    this.code = code;
    this.hint = opts.hint;
    this.path = opts.path;
    this.output = opts.output;
    this.problems = opts.problems;
  }

  /** The process exit code for this error. */
  get exitCode(): ExitCodeValue {
    return ErrorCodes[this.code];
  }

  /** The JSON body printed under `{"error": …}` (credentials in URLs masked). */
  toJSON(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: redactText(this.message) };
    if (this.hint) body.hint = redactText(this.hint);
    if (this.path) body.path = this.path;
    if (this.problems) {
      body.problems = this.problems.map((p) => {
        const one: ErrorBody = { code: p.code, message: redactText(p.message) };
        if (p.hint) one.hint = redactText(p.hint);
        if (p.path) one.path = p.path;
        return one;
      });
    }
    return body;
  }
}

/** Turns anything thrown into a DraftcliError (unexpected errors become `internal`). */
export function toDraftcliError(err: unknown): DraftcliError {
  if (err instanceof DraftcliError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // A path given by the user that no file system accepts.
  if (err instanceof TypeError && /NUL byte/i.test(message)) {
    return new DraftcliError("invalid_input", "a file path contains a NUL character", {
      hint: "remove the \\0 character from the path you passed",
    });
  }
  // The operating system refused a file operation (permissions, disk full, name too long, a
  // read-only disk …): not a bug in draftcli, and the user can act on it.
  const osCode = /\(os error \d+\)/.test(message);
  if (
    err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.NotFound ||
    err instanceof Deno.errors.AlreadyExists || err instanceof Deno.errors.IsADirectory ||
    err instanceof Deno.errors.NotADirectory || err instanceof Deno.errors.FilesystemLoop ||
    (err instanceof Error && osCode)
  ) {
    return new DraftcliError("io_error", `file system error: ${message}`, {
      hint: "check the path, its permissions and the free disk space, then retry",
    });
  }
  return new DraftcliError("internal", `internal error: ${message}`, {
    hint: "this is a bug in draftcli; please report it with the command you ran",
  });
}
