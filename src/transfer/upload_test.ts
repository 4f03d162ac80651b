import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../../test/helpers/temp.ts";
import { defaultMethod, uploadFile, urlFromAnswer } from "./upload.ts";
import { redactUrl } from "./http.ts";
import type { DraftcliError } from "../errors.ts";
import { randomBytes } from "../../test/helpers/transfer_fixture.ts";

const TOKEN = "tok-SUPERSECRET-42";
const SIG = "SIGSECRET99";

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/** A real local server; `handler` decides each answer from the request number (0-based). */
async function withServer(
  handler: (seen: Seen, n: number) => Response | Promise<Response>,
  fn: (base: string, seen: Seen[]) => Promise<void>,
): Promise<void> {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const s: Seen = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: new Uint8Array(await req.arrayBuffer()),
    };
    seen.push(s);
    return await handler(s, seen.length - 1);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`, seen);
  } finally {
    await server.shutdown();
  }
}

/** A random "zip" in a fresh temp folder, removed with the handle. */
async function zipFile(
  size = 700_000,
): Promise<{ path: string; bytes: Uint8Array } & AsyncDisposable> {
  const tmp = await tempDir("draftcli-upload-test-");
  const path = join(tmp.path, "draft.zip");
  const bytes = randomBytes(size);
  await Deno.writeFile(path, bytes);
  return { path, bytes, [Symbol.asyncDispose]: tmp.remove };
}

const fast = { retryDelayMs: 5, connectTimeoutMs: 2000, idleTimeoutMs: 2000 };

/** Asserts an error carries neither the token nor the URL signature anywhere. */
function noSecrets(e: DraftcliError): void {
  const text = JSON.stringify({ ...e.toJSON(), stack: e.stack });
  assert(!text.includes(TOKEN), text);
  assert(!text.includes(SIG), text);
}

Deno.test("method choice, answer URL keys and redaction", () => {
  assertEquals(defaultMethod(new URL("https://b.s3.amazonaws.com/k?X-Amz-Signature=abc")), "put");
  assertEquals(defaultMethod(new URL("https://x/k?se=1&sig=abc")), "put");
  assertEquals(defaultMethod(new URL("https://x/upload")), "post");
  assertEquals(defaultMethod(new URL("https://x/upload?folder=a")), "post");
  assertEquals(urlFromAnswer({ url: "https://a/1" }), "https://a/1");
  assertEquals(urlFromAnswer({ download_url: "https://a/2" }), "https://a/2");
  assertEquals(urlFromAnswer({ data: { url: "https://a/3" } }), "https://a/3");
  assertEquals(urlFromAnswer({ ok: true, id: 5 }), undefined);
  assertEquals(redactUrl("https://u:p@h/p?sig=1&a=2#x"), "https://***@h/p?sig=***&a=2#x");
});

Deno.test("PUT: streamed body, exact Content-Length, headers, URL without query", async () => {
  await using zf = await zipFile();
  const { path, bytes } = zf;
  await withServer(() => new Response(null, { status: 200 }), async (base, seen) => {
    const progress: number[] = [];
    const res = await uploadFile(
      path,
      `${base}/bucket/d.zip?X-Amz-Signature=${SIG}&X-Amz-Expires=60`,
      {
        ...fast,
        token: TOKEN,
        onProgress: (sent, total) => {
          assertEquals(total, bytes.length);
          progress.push(sent);
        },
      },
    );
    assertEquals(res, {
      downloadUrl: `${base}/bucket/d.zip`,
      status: 200,
      attempts: 1,
      method: "put",
    });
    assertEquals(seen.length, 1);
    const s = seen[0];
    assertEquals(s.method, "PUT");
    assertEquals(s.headers.get("content-type"), "application/zip");
    assertEquals(s.headers.get("content-length"), String(bytes.length));
    assertEquals(s.headers.get("transfer-encoding"), null);
    assertEquals(s.headers.get("authorization"), `Bearer ${TOKEN}`);
    assertEquals(s.body, bytes);
    assertEquals(progress.at(-1), bytes.length);
    assert(!JSON.stringify(res).includes(TOKEN));
  });
});

Deno.test("PUT: an explicit download URL wins", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  await withServer(() => new Response("ok"), async (base) => {
    const res = await uploadFile(path, `${base}/k?sig=${SIG}`, {
      ...fast,
      downloadUrl: "https://cdn.example/k.zip",
    });
    assertEquals(res.downloadUrl, "https://cdn.example/k.zip");
  });
});

Deno.test("POST: multipart part holds the file; URL read from the JSON answer", async () => {
  await using zf = await zipFile(300_000);
  const { path, bytes } = zf;
  await withServer(async (s) => {
    const form = await new Request("http://x/", {
      method: "POST",
      headers: { "content-type": s.headers.get("content-type")! },
      body: s.body,
    }).formData();
    const file = form.get("file") as File;
    const same = file.name === "draft.zip" && file.type === "application/zip" &&
      new Uint8Array(await file.arrayBuffer()).every((b, i) => b === bytes[i]) &&
      file.size === bytes.length;
    return Response.json(same ? { data: { url: "https://files.example/abc.zip" } } : { bad: 1 });
  }, async (base, seen) => {
    const res = await uploadFile(path, `${base}/upload`, { ...fast, token: TOKEN });
    assertEquals(res, {
      downloadUrl: "https://files.example/abc.zip",
      status: 200,
      attempts: 1,
      method: "post",
    });
    assertEquals(seen[0].method, "POST");
    assertEquals(seen[0].headers.get("content-length"), String(seen[0].body.length));
    assertEquals(seen[0].headers.get("authorization"), `Bearer ${TOKEN}`);
  });
});

Deno.test("POST: an answer without a URL is a clear error", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  await withServer(() => Response.json({ ok: true }), async (base) => {
    await rejects(uploadFile(path, `${base}/upload`, fast), (e: DraftcliError) => {
      assertEquals(e.code, "http_error");
      assert(
        /holds no URL \(looked for url, downloadUrl, download_url, location, data\.url\)/.test(
          e.message,
        ),
      );
      return true;
    });
  });
});

Deno.test("500 then 200 is retried", async () => {
  await using zf = await zipFile(50_000);
  const { path, bytes } = zf;
  await withServer(
    (_s, n) => new Response(n === 0 ? "boom" : "ok", { status: n === 0 ? 500 : 200 }),
    async (base, seen) => {
      const res = await uploadFile(path, `${base}/k?sig=${SIG}`, fast);
      assertEquals([res.status, res.attempts], [200, 2]);
      assertEquals(seen.length, 2);
      assertEquals(seen[1].body, bytes);
    },
  );
});

Deno.test("5xx every time: http_error after the bounded number of attempts", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  await withServer(() => new Response("down", { status: 503 }), async (base, seen) => {
    await rejects(
      uploadFile(path, `${base}/k?sig=${SIG}`, { ...fast, retries: 2 }),
      (e: DraftcliError) => {
        assertEquals(e.code, "http_error");
        assert(/HTTP 503.*after 3 attempts/.test(e.message), e.message);
        return true;
      },
    );
    assertEquals(seen.length, 3);
  });
});

Deno.test("403 is final, says the URL expired, and leaks no secret", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  await withServer(
    (s) => new Response(`denied ${s.url} ${s.headers.get("authorization")}`, { status: 403 }),
    async (base, seen) => {
      await rejects(
        uploadFile(path, `${base}/k?X-Amz-Signature=${SIG}`, { ...fast, token: TOKEN }),
        (e: DraftcliError) => {
          assertEquals(e.code, "http_error");
          assert(/URL expired or not allowed \(HTTP 403\)/.test(e.message), e.message);
          assert(e.message.includes(`${base}/k?X-Amz-Signature=***`), e.message);
          noSecrets(e);
          return true;
        },
      );
      assertEquals(seen.length, 1);
    },
  );
});

Deno.test("401, 404 and 413 say what is wrong", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  const cases: [number, RegExp, RegExp][] = [
    [401, /valid token/, /--token/],
    [404, /not found/, /URL/],
    [413, /too large/, /limit/],
  ];
  for (const [status, msg, hint] of cases) {
    await withServer(() => new Response("", { status }), async (base) => {
      await rejects(
        uploadFile(path, `${base}/u`, { ...fast, token: TOKEN }),
        (e: DraftcliError) => {
          assert(msg.test(e.message) && hint.test(e.hint ?? ""), `${e.message} / ${e.hint}`);
          noSecrets(e);
          return true;
        },
      );
    });
  }
});

Deno.test("a server that never answers times out (idle timeout)", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  let release!: () => void;
  const hang = new Promise<void>((r) => release = r);
  await withServer(async () => {
    await hang;
    return new Response("late");
  }, async (base) => {
    const started = Date.now();
    await rejects(
      uploadFile(path, `${base}/k?sig=${SIG}`, { ...fast, idleTimeoutMs: 200, retries: 0 }),
      (e: DraftcliError) => {
        assertEquals(e.code, "network_error");
        assert(/idle timeout/.test(e.message), e.message);
        noSecrets(e);
        return true;
      },
    );
    assert(Date.now() - started < 1500);
    release();
  });
});

Deno.test("connection refused is a network_error after retries, without secrets", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  await rejects(
    uploadFile(path, `http://127.0.0.1:${port}/k?X-Amz-Signature=${SIG}`, {
      ...fast,
      retries: 1,
      token: TOKEN,
    }),
    (e: DraftcliError) => {
      assertEquals(e.code, "network_error");
      assert(/connection refused/.test(e.message) && /after 2 attempts/.test(e.message), e.message);
      noSecrets(e);
      return true;
    },
  );
});

Deno.test("bad target URL and missing file are invalid_input", async () => {
  await using zf = await zipFile(10);
  const { path } = zf;
  await rejects(
    uploadFile(path, "ftp://x/y", fast),
    (e: DraftcliError) => e.code === "invalid_input",
  );
  await rejects(
    uploadFile(path + ".nope", "http://127.0.0.1:9/x", fast),
    (e: DraftcliError) => e.code === "invalid_input",
  );
});
