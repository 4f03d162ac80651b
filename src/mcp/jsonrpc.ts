/**
 * The JSON-RPC 2.0 layer of the MCP stdio transport: one message per line (UTF-8, no embedded
 * newlines), message classification and the standard error codes. No MCP semantics here.
 */

/** Standard JSON-RPC error codes (plus the MCP one we use). */
export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** MCP 2026-07-28: the request names a protocol version the server does not speak. */
  unsupportedProtocolVersion: -32022,
} as const;

/** A request or notification id. */
export type RpcId = string | number;

/** The `error` member of a JSON-RPC error response. */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** Thrown by a method handler to answer with a JSON-RPC error instead of a result. */
export class RpcFailure extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "RpcFailure";
    this.code = code;
    this.data = data;
  }
}

/** A JSON-RPC message after classification. */
export type Incoming =
  | { kind: "request"; id: RpcId; method: string; params: unknown }
  | { kind: "notification"; method: string; params: unknown }
  /** A response to a request we sent (we send none; ignored). */
  | { kind: "response"; id: RpcId | null }
  /** Not a valid JSON-RPC message; `id` is echoed when it could be read. */
  | { kind: "invalid"; id: RpcId | null; reason: string };

function isId(v: unknown): v is RpcId {
  return typeof v === "string" || (typeof v === "number" && Number.isFinite(v));
}

/** Classifies one parsed JSON value as a JSON-RPC message. */
export function classify(msg: unknown): Incoming {
  if (typeof msg !== "object" || msg === null || Array.isArray(msg)) {
    return { kind: "invalid", id: null, reason: "a JSON-RPC message must be an object" };
  }
  const m = msg as Record<string, unknown>;
  const id = isId(m.id) ? m.id : null;
  if (m.jsonrpc !== "2.0") {
    return { kind: "invalid", id, reason: 'missing "jsonrpc": "2.0"' };
  }
  if (typeof m.method === "string") {
    if ("id" in m && m.id !== undefined) {
      if (!isId(m.id)) {
        return { kind: "invalid", id: null, reason: "id must be a string or a number" };
      }
      return { kind: "request", id: m.id, method: m.method, params: m.params };
    }
    return { kind: "notification", method: m.method, params: m.params };
  }
  if ("result" in m || "error" in m) return { kind: "response", id };
  return { kind: "invalid", id, reason: 'missing "method"' };
}

/** A success response. */
export function resultMessage(id: RpcId, result: unknown): Record<string, unknown> {
  return { jsonrpc: "2.0", id, result };
}

/** An error response (`id` is null when the request's id could not be read). */
export function errorMessage(id: RpcId | null, error: RpcError): Record<string, unknown> {
  const body: RpcError = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = error.data;
  return { jsonrpc: "2.0", id, error: body };
}

/** Longest line (one JSON-RPC message) the stdio transport reads: 8 MiB, in bytes. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/** A line that was longer than the cap: its bytes were dropped, only its length is known. */
export interface OverlongLine {
  overlong: true;
  /** Bytes the line held (without its newline). */
  bytes: number;
}

/**
 * Splits a byte stream into lines (without the trailing "\n" or "\r\n"). A last line without
 * a newline is still yielded when the stream ends. Linear in the input: each byte is scanned
 * once and a line's chunks are joined once. A line longer than `maxBytes` is not kept: its
 * bytes are dropped as they arrive and an `OverlongLine` stands in for it, so the caller can
 * answer it and go on with the next line.
 */
export async function* readLines(
  input: ReadableStream<Uint8Array>,
  maxBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<string | OverlongLine> {
  const decoder = new TextDecoder();
  let parts: Uint8Array[] = [];
  let held = 0; // bytes in `parts`
  let dropped = 0; // bytes of the current line dropped past the cap
  const take = (piece: Uint8Array) => {
    if (dropped > 0 || held + piece.length > maxBytes) {
      dropped += held + piece.length;
      parts = [];
      held = 0;
    } else if (piece.length) {
      parts.push(piece);
      held += piece.length;
    }
  };
  const finish = (): string | OverlongLine => {
    let out: string | OverlongLine;
    if (dropped > 0) out = { overlong: true, bytes: dropped };
    else {
      const bytes = parts.length === 1 ? parts[0] : concatBytes(parts, held);
      const text = decoder.decode(bytes);
      out = text.endsWith("\r") ? text.slice(0, -1) : text;
    }
    parts = [];
    held = 0;
    dropped = 0;
    return out;
  };
  const reader = input.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      let from = 0;
      let nl: number;
      while ((nl = value.indexOf(0x0a, from)) >= 0) {
        take(value.subarray(from, nl));
        from = nl + 1;
        yield finish();
      }
      // A copy: the stream may reuse its buffer.
      if (from < value.length) take(value.slice(from));
    }
    if (held > 0 || dropped > 0) yield finish();
  } finally {
    reader.releaseLock();
  }
}

function concatBytes(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Serialises one message as a single line (JSON.stringify never emits raw newlines). */
export function frame(message: unknown): string {
  return JSON.stringify(message) + "\n";
}
