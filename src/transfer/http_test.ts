/**
 * The one HTTP client against real servers on 127.0.0.1: the retry policy, redirects (cap,
 * confinement, the token kept to its origin), timeouts, the byte cap, redaction, and a streamed
 * upload body.
 */
import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import {
  backoffMs,
  fetchToFile,
  type FetchToFileOptions,
  parseHttpUrl,
  RETRY_DEFAULTS,
  sendBody,
} from "./http.ts";
import type { DraftcliError } from "../errors.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { randomBytes } from "../../test/helpers/transfer_fixture.ts";

const TOKEN = "tok-SEKRET-77";
const SIG = "SIGSEKRET55";

interface Server extends AsyncDisposable {
  base: string;
  /** Requests seen, in order: path and Authorization header. */
  seen: { path: string; auth: string | null }[];
  hits(path: string): number;
}

/** A real server; `handler` answers each request, given how often its path was asked for. */
function serve(handler: (req: Request, n: number) => Response | Promise<Response>): Server {
  const seen: Server["seen"] = [];
  const counts = new Map<string, number>();
  const ctrl = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {}, signal: ctrl.signal },
    (req) => {
      const path = new URL(req.url).pathname;
      seen.push({ path, auth: req.headers.get("authorization") });
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      return handler(req, n);
    },
  );
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    seen,
    hits: (path) => counts.get(path) ?? 0,
    async [Symbol.asyncDispose]() {
      ctrl.abort();
      await server.finished;
    },
  };
}

const fast = { retryDelayMs: 5, connectTimeoutMs: 2000, idleTimeoutMs: 2000 };

function opts(extra: Partial<FetchToFileOptions> = {}): FetchToFileOptions {
  return { ...fast, label: "t", maxBytes: 1_000_000, limitKey: "maxTestBytes", ...extra };
}

/** A destination in a fresh temp folder, and the folder's entries. */
async function dest(): Promise<{ path: string; left(): string[] } & AsyncDisposable> {
  const tmp = await tempDir("draftcli-http-test-");
  return {
    path: join(tmp.path, "out.bin"),
    left: () => [...Deno.readDirSync(tmp.path)].map((e) => e.name),
    [Symbol.asyncDispose]: tmp.remove,
  };
}

function failsWith(code: string, message: RegExp, more?: (e: DraftcliError) => void) {
  return (e: DraftcliError) => {
    assertEquals(e.code, code, e.message);
    assert(message.test(e.message), e.message);
    more?.(e);
    return true;
  };
}

/** The error, printed every way it can be, holds no secret. */
function noSecrets(e: DraftcliError): void {
  const text = JSON.stringify({ ...e.toJSON(), stack: e.stack });
  for (const s of [TOKEN, SIG, "pw-SEKRET"]) assert(!text.includes(s), text);
}

Deno.test("http: URLs are http(s) only, and shown redacted", () => {
  const u = parseHttpUrl(`https://h/p?sig=${SIG}`, { label: "x" });
  assertEquals(u.hostname, "h");
  for (
    const [url, why] of [["nope", /x: not a URL: nope$/], ["ftp://h/a", /only http and https/]]
  ) {
    try {
      parseHttpUrl(url as string, { label: "x", path: "field", hint: "try https" });
      assert(false, "accepted");
    } catch (e) {
      failsWith("invalid_input", why as RegExp, (err) => {
        assertEquals([err.path, err.hint], ["field", "try https"]);
      })(e as DraftcliError);
    }
  }
  const e = (() => {
    try {
      parseHttpUrl(`file://u:pw-SEKRET@h/a?token=${TOKEN}`, { label: "x" });
    } catch (err) {
      return err as DraftcliError;
    }
  })()!;
  noSecrets(e);
});

Deno.test("http: backoff doubles from the base and stops at 30 s", () => {
  assertEquals([1, 2, 3].map((n) => backoffMs(n, 500)), [500, 1000, 2000]);
  assertEquals(backoffMs(20, 500), 30_000);
  assertEquals(RETRY_DEFAULTS.retries, 3);
});

Deno.test("http: 408, 429 and 5xx are retried with a warning each time; other 4xx are final", async () => {
  await using d = await dest();
  await using server = serve((req, n) => {
    const status = Number(new URL(req.url).pathname.slice(1));
    return n < 3 ? new Response("no", { status }) : new Response("done");
  });
  for (const status of [408, 429, 500, 503]) {
    const warnings: string[] = [];
    const r = await fetchToFile(new URL(`${server.base}/${status}`), d.path, {
      ...opts(),
      warn: (m) => warnings.push(m),
    });
    assertEquals([r.attempts, r.bytes, server.hits(`/${status}`)], [3, 4, 3]);
    assertEquals(warnings.length, 2);
    assert(
      new RegExp(`\\(HTTP ${status}\\); retrying in 10 ms \\(attempt 3 of 4\\)$`).test(warnings[1]),
      warnings[1],
    );
  }
  await Deno.remove(d.path);
  for (const status of [400, 401, 403, 404, 410]) {
    await rejects(
      fetchToFile(new URL(`${server.base}/${status}`), d.path, opts()),
      failsWith("http_error", new RegExp(`^t: .*/${status}: .+ \\(HTTP ${status}\\)$`)),
    );
    assertEquals(server.hits(`/${status}`), 1, `HTTP ${status} is asked for once`);
  }
  // The retries run out: the message counts the attempts.
  await rejects(
    fetchToFile(new URL(`${server.base}/502`), d.path, opts({ retries: 1 })),
    failsWith("http_error", /server error \(HTTP 502\) after 2 attempts$/),
  );
  assertEquals(d.left(), [], "no file left by a failure");
});

Deno.test("http: redirects are followed by hand, capped, confined to http(s), and keep the token home", async () => {
  await using d = await dest();
  await using other = serve(() => new Response("elsewhere"));
  await using server = serve((req) => {
    const path = new URL(req.url).pathname;
    if (path === "/away") {
      return new Response(null, { status: 302, headers: { location: `${other.base}/f` } });
    }
    if (path === "/ftp") {
      return new Response(null, {
        status: 301,
        headers: { location: `ftp://h/f?sig=${SIG}` },
      });
    }
    const hops = Number(/^\/hop\/(\d+)$/.exec(path)?.[1] ?? 0);
    if (hops > 0) {
      return new Response(null, { status: 307, headers: { location: `/hop/${hops - 1}` } });
    }
    return new Response(`home ${req.headers.get("authorization")}`);
  });
  // Relative Location, same origin: followed, token sent on every hop.
  const r = await fetchToFile(new URL(`${server.base}/hop/3`), d.path, opts({ token: TOKEN }));
  assertEquals(await Deno.readTextFile(d.path), `home Bearer ${TOKEN}`);
  assertEquals(r.attempts, 1);
  // Another origin gets no token.
  await fetchToFile(new URL(`${server.base}/away`), d.path, opts({ token: TOKEN }));
  assertEquals(await Deno.readTextFile(d.path), "elsewhere");
  assertEquals(other.seen.at(-1)!.auth, null);
  assertEquals(server.seen.at(-1)!.auth, `Bearer ${TOKEN}`);
  // The cap: the request and its redirects, once (not retried).
  const before = server.seen.length;
  await rejects(
    fetchToFile(new URL(`${server.base}/hop/9?sig=${SIG}`), d.path, opts({ maxRedirects: 2 })),
    failsWith(
      "http_error",
      /^t: .*\/hop\/9\?sig=\*\*\*: too many redirects \(more than 2\)$/,
      noSecrets,
    ),
  );
  assertEquals(server.seen.length - before, 3);
  // A non-http target is never followed.
  await rejects(
    fetchToFile(new URL(`${server.base}/ftp`), d.path, opts()),
    failsWith(
      "http_error",
      /redirected to an unsupported URL: ftp:\/\/h\/f\?sig=\*\*\*$/,
      noSecrets,
    ),
  );
});

Deno.test("http: no headers in time and a stalled body are retried network errors", async () => {
  await using d = await dest();
  const release = Promise.withResolvers<void>();
  await using server = serve(async (req) => {
    if (new URL(req.url).pathname === "/slow") {
      await Promise.race([release.promise, new Promise((r) => setTimeout(r, 3000))]);
      return new Response("late");
    }
    return new Response(
      new ReadableStream({
        start(c) {
          c.enqueue(new Uint8Array(10));
        },
        pull: () => Promise.race([release.promise, new Promise<void>((r) => setTimeout(r, 3000))]),
      }),
    );
  });
  try {
    await rejects(
      fetchToFile(
        new URL(`${server.base}/slow`),
        d.path,
        opts({ connectTimeoutMs: 100, retries: 1 }),
      ),
      failsWith(
        "network_error",
        /^t: cannot download .*\/slow: no answer within 0\.1 s \(timed out\) after 2 attempts$/,
      ),
    );
    assertEquals(server.hits("/slow"), 2);
    await rejects(
      fetchToFile(
        new URL(`${server.base}/stall`),
        d.path,
        opts({ idleTimeoutMs: 100, retries: 0 }),
      ),
      failsWith("network_error", /stopped sending for 0\.1 s \(idle timeout\)$/),
    );
    assertEquals(d.left(), []);
  } finally {
    release.resolve();
  }
});

Deno.test("http: the byte cap checks Content-Length first, then counts; exactly the cap passes", async () => {
  await using d = await dest();
  const body = new Uint8Array(5000).fill(1);
  await using server = serve((req) =>
    new URL(req.url).pathname === "/declared" ? new Response(body) : new Response(
      new ReadableStream({
        start(c) {
          for (let i = 0; i < 5; i++) c.enqueue(body.subarray(i * 1000, (i + 1) * 1000));
          c.close();
        },
      }),
    )
  );
  const cap = { limitCode: "media_error" as const };
  await rejects(
    fetchToFile(new URL(`${server.base}/declared`), d.path, opts({ ...cap, maxBytes: 4999 })),
    failsWith("media_error", /larger than the 4\.88 KiB limit \(4\.88 KiB\)$/, (e) => {
      assert(/config set maxTestBytes <bytes>/.test(e.hint ?? ""), e.hint);
    }),
  );
  await rejects(
    fetchToFile(new URL(`${server.base}/counted`), d.path, opts({ ...cap, maxBytes: 2500 })),
    failsWith("media_error", /larger than the 2\.44 KiB limit$/),
  );
  assertEquals([server.hits("/declared"), server.hits("/counted")], [1, 1], "not retried");
  assertEquals(d.left(), []);
  const r = await fetchToFile(new URL(`${server.base}/counted`), d.path, opts({ maxBytes: 5000 }));
  assertEquals(r.bytes, 5000);
});

Deno.test("http: the body's hash, first bytes and progress come with the file", async () => {
  await using d = await dest();
  const body = randomBytes(200_000);
  await using server = serve(() => new Response(body));
  const progress: [number, number][] = [];
  const r = await fetchToFile(new URL(`${server.base}/f`), d.path, {
    ...opts(),
    sha256: true,
    headBytes: 16,
    onProgress: (got, total) => progress.push([got, total]),
  });
  assertEquals(r.sha256, createHash("sha256").update(body).digest("hex"));
  assertEquals(r.head, body.subarray(0, 16));
  assertEquals(progress.at(-1), [body.length, body.length]);
  assertEquals(await Deno.readFile(d.path), body);
});

Deno.test("http: secrets of the URL and the token never reach a message", async () => {
  await using d = await dest();
  await using server = serve((req) =>
    new Response(`echo ${req.url} ${req.headers.get("authorization")}`, { status: 404 })
  );
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const refused = `http://u:pw-SEKRET@127.0.0.1:${(closed.addr as Deno.NetAddr).port}`;
  closed.close();
  const authed = server.base.replace("http://", "http://u:pw-SEKRET@");
  for (const base of [authed, refused]) {
    const url = new URL(`${base}/a?X-Amz-Signature=${SIG}&keep=1`);
    await rejects(
      fetchToFile(url, d.path, opts({ token: TOKEN, retries: 0 })),
      (e: DraftcliError) => {
        assert(e.message.includes("://***@127.0.0.1:") && e.message.includes("keep=1"), e.message);
        noSecrets(e);
        return true;
      },
    );
    await rejects(
      sendBody(url, {
        ...fast,
        retries: 0,
        label: "up",
        token: TOKEN,
        method: "PUT",
        headers: {},
        body: async function* () {
          yield new Uint8Array(3);
        },
        length: 3,
      }),
      (e: DraftcliError) => {
        noSecrets(e);
        return true;
      },
    );
  }
});

Deno.test("http: a streamed body goes with its exact length, whole again on a retry; no redirect is followed", async () => {
  const body = randomBytes(300_000);
  const got: { len: string | null; te: string | null; bytes: Uint8Array }[] = [];
  await using server = serve(async (req, n) => {
    got.push({
      len: req.headers.get("content-length"),
      te: req.headers.get("transfer-encoding"),
      bytes: new Uint8Array(await req.arrayBuffer()),
    });
    if (new URL(req.url).pathname === "/moved") {
      return new Response(null, { status: 302, headers: { location: "/elsewhere" } });
    }
    return n === 1
      ? new Response(`busy ${TOKEN}`, { status: 503 })
      : Response.json({ ok: true }, { status: 201 });
  });
  const send = (path: string) =>
    sendBody(new URL(`${server.base}${path}`), {
      ...fast,
      label: "up",
      token: TOKEN,
      method: "PUT",
      headers: { "Content-Type": "application/zip" },
      body: async function* () {
        for (let i = 0; i < body.length; i += 64 * 1024) yield body.subarray(i, i + 64 * 1024);
      },
      length: body.length,
    });
  const r = await send("/put");
  assertEquals([r.status, r.attempts, r.text], [201, 2, '{"ok":true}']);
  assertEquals(got.length, 2);
  for (const g of got) {
    assertEquals([g.len, g.te], [String(body.length), null]);
    assertEquals(g.bytes, body);
  }
  await rejects(
    send("/moved"),
    failsWith("http_error", /^up: .*\/moved: redirected \(HTTP 302\)$/),
  );
  assertEquals(server.hits("/elsewhere"), 0);
  // What the server said is in the message, its secrets masked.
  await using busy = serve(() => new Response(`busy ${TOKEN}`, { status: 503 }));
  await rejects(
    sendBody(new URL(`${busy.base}/x`), {
      ...fast,
      retries: 1,
      label: "up",
      token: TOKEN,
      method: "POST",
      headers: {},
      body: async function* () {},
      length: 0,
    }),
    failsWith(
      "http_error",
      /server error \(HTTP 503\) after 2 attempts; the server said: busy \*\*\*$/,
      noSecrets,
    ),
  );
});

Deno.test("http: a cancelled request stops at once and leaves no file", async () => {
  await using d = await dest();
  const release = Promise.withResolvers<void>();
  await using server = serve(async () => {
    await Promise.race([release.promise, new Promise((r) => setTimeout(r, 3000))]);
    return new Response("late");
  });
  const ctrl = new AbortController();
  setTimeout(() => ctrl.abort(), 50);
  const started = performance.now();
  try {
    await rejects(
      fetchToFile(new URL(`${server.base}/x`), d.path, opts({ signal: ctrl.signal })),
      failsWith("network_error", /^t: .*\/x: cancelled$/),
    );
    assert(performance.now() - started < 1500, "stopped promptly");
    assertEquals(server.hits("/x"), 1, "not retried");
    assertEquals(d.left(), []);
  } finally {
    release.resolve();
  }
});
