/**
 * A raw HTTP/1.1 server on 127.0.0.1 that can misbehave the ways Deno.serve will not let a
 * handler: lie about Content-Length, stall after the headers, answer garbage. Each route
 * returns the exact bytes to write and whether to keep the connection open afterwards.
 */

/** What a route sends: raw bytes, then either close or hold the connection until shutdown. */
export interface RawAnswer {
  bytes: Uint8Array;
  hold?: boolean;
}

/** A running raw server. */
export interface RawServer extends AsyncDisposable {
  base: string;
  /** Requests seen per path (without the query). */
  hits(path: string): number;
  close(): Promise<void>;
}

/** Builds the bytes of a response head (status line and headers) plus an optional body. */
export function rawResponse(
  status: number,
  headers: Record<string, string | number>,
  body: Uint8Array | string = new Uint8Array(),
): Uint8Array {
  const head = [`HTTP/1.1 ${status} X`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)]
    .join("\r\n") + "\r\n\r\n";
  const b = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const out = new Uint8Array(head.length + b.length);
  out.set(new TextEncoder().encode(head));
  out.set(b, head.length);
  return out;
}

/** Starts a raw server; `route(path)` (the path without the query) decides each answer. */
export function rawServer(route: (path: string) => RawAnswer): RawServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const counts = new Map<string, number>();
  const open = new Set<Deno.Conn>();
  const serveConn = async (conn: Deno.Conn) => {
    open.add(conn);
    try {
      const buf = new Uint8Array(16 * 1024);
      let text = "";
      while (!text.includes("\r\n\r\n")) {
        const n = await conn.read(buf);
        if (n === null) return;
        text += new TextDecoder().decode(buf.subarray(0, n));
      }
      const path = (text.split(" ")[1] ?? "/").split("?")[0];
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const answer = route(path);
      let off = 0;
      while (off < answer.bytes.length) off += await conn.write(answer.bytes.subarray(off));
      if (answer.hold) {
        // Wait for the client to hang up (or the server to close).
        while ((await conn.read(buf)) !== null) { /* ignore */ }
      }
    } catch {
      /* the client hung up */
    } finally {
      open.delete(conn);
      try {
        conn.close();
      } catch { /* closed */ }
    }
  };
  const accepting = (async () => {
    try {
      for await (const conn of listener) serveConn(conn);
    } catch { /* listener closed */ }
  })();
  const close = async () => {
    try {
      listener.close();
    } catch { /* closed */ }
    for (const c of open) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    await accepting;
  };
  return {
    base: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    hits: (p) => counts.get(p) ?? 0,
    close,
    [Symbol.asyncDispose]: close,
  };
}
