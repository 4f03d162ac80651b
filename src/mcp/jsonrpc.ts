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

/**
 * Splits a byte stream into lines (without the trailing "\n" or "\r\n"). A last line without
 * a newline is still yielded when the stream ends.
 */
export async function* readLines(input: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = input.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        yield line.endsWith("\r") ? line.slice(0, -1) : line;
      }
    }
    buffer += decoder.decode();
    if (buffer.length > 0) yield buffer.endsWith("\r") ? buffer.slice(0, -1) : buffer;
  } finally {
    reader.releaseLock();
  }
}

/** Serialises one message as a single line (JSON.stringify never emits raw newlines). */
export function frame(message: unknown): string {
  return JSON.stringify(message) + "\n";
}
