import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { join } from "node:path";
import { downloadToFile } from "./zip_download.ts";
import type { DraftcliError } from "../errors.ts";
import { randomBytes } from "../../test/helpers/transfer_fixture.ts";
import { tempDir } from "../../test/helpers/temp.ts";

async function serve(
  handler: (req: Request, n: number) => Response,
  fn: (base: string) => Promise<void>,
): Promise<number> {
  let n = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req) => handler(req, n++),
  );
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
  return n;
}

const fast = { retryDelayMs: 5, connectTimeoutMs: 2000, idleTimeoutMs: 2000 };

/** A destination path in a fresh temp folder, removed with the handle. */
async function dest(): Promise<{ path: string } & AsyncDisposable> {
  const tmp = await tempDir("draftcli-dl-test-");
  return { path: join(tmp.path, "in.zip"), [Symbol.asyncDispose]: tmp.remove };
}

Deno.test("download: bytes land in the file; 500 then 200 is retried", async () => {
  const body = randomBytes(300_000);
  await using d = await dest();
  const file = d.path;
  const calls = await serve(
    (_r, n) => n === 0 ? new Response("x", { status: 502 }) : new Response(body),
    async (base) => {
      const res = await downloadToFile(`${base}/d.zip?token=abc`, file, { ...fast, maxBytes: 1e6 });
      assertEquals([res.bytes, res.status, res.attempts], [body.length, 200, 2]);
      assertEquals(await Deno.readFile(file), body);
    },
  );
  assertEquals(calls, 2);
});

Deno.test("download: over the cap by Content-Length or by counted bytes; no file left", async () => {
  const body = randomBytes(100_000);
  await using d = await dest();
  const file = d.path;
  await serve(() => new Response(body), async (base) => {
    await rejects(
      downloadToFile(`${base}/a`, file, { ...fast, maxBytes: 1000 }),
      (e: DraftcliError) => {
        assertEquals(e.code, "invalid_input");
        assert(
          /larger than the 1000 bytes limit \(97\.66 KiB\)/.test(e.message) &&
            /maxZipBytes/.test(e.hint ?? ""),
          e.message,
        );
        return true;
      },
    );
  });
  // A streamed body with no Content-Length is counted as it arrives.
  await serve(() =>
    new Response(
      new ReadableStream({
        start(c) {
          for (let i = 0; i < 10; i++) c.enqueue(body.subarray(i * 10_000, (i + 1) * 10_000));
          c.close();
        },
      }),
    ), async (base) => {
    await rejects(
      downloadToFile(`${base}/b`, file, { ...fast, maxBytes: 25_000 }),
      (e: DraftcliError) => {
        assert(/larger than the 24\.41 KiB limit$/.test(e.message), e.message);
        return true;
      },
    );
  });
  assert(!(await Deno.stat(file).then(() => true, () => false)));
});

Deno.test("download: 404 is final and the query string is redacted", async () => {
  await using d = await dest();
  const file = d.path;
  const calls = await serve(() => new Response("no", { status: 404 }), async (base) => {
    await rejects(
      downloadToFile(`${base}/z.zip?sig=SECRETSIG`, file, { ...fast, maxBytes: 10 }),
      (e: DraftcliError) => {
        assertEquals(e.code, "http_error");
        assert(/HTTP 404/.test(e.message) && !e.message.includes("SECRETSIG"), e.message);
        return true;
      },
    );
  });
  assertEquals(calls, 1);
});

Deno.test("download: connection refused is a network_error", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  await using d = await dest();
  await rejects(
    downloadToFile(`http://127.0.0.1:${port}/x?sig=SECRETSIG`, d.path, {
      ...fast,
      retries: 1,
      maxBytes: 10,
    }),
    (e: DraftcliError) => {
      assertEquals(e.code, "network_error");
      assert(/after 2 attempts/.test(e.message) && !e.message.includes("SECRETSIG"), e.message);
      return true;
    },
  );
});
