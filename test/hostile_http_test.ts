/**
 * Downloads against servers that misbehave on purpose (raw sockets on 127.0.0.1): one that
 * stalls after the headers, ones that lie about Content-Length, and a redirect loop. Both
 * download paths are covered: media (`downloadAll`, used by every add command) and draft zips
 * (`downloadToFile`, used by `draft import <URL>`). Whatever the server does, the result is a
 * bounded, documented error and no partial file — or exactly the bytes HTTP says were sent.
 */
import { deepStrictEqual as assertEquals, ok as assert, rejects } from "node:assert/strict";
import { join } from "node:path";
import { downloadAll } from "../src/media/media_download.ts";
import { downloadToFile } from "../src/transfer/zip_download.ts";
import type { DraftcliError } from "../src/errors.ts";
import { rawResponse, rawServer } from "./helpers/raw_http.ts";
import { tempDir } from "./helpers/temp.ts";

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const fast = { retries: 1, retryDelayMs: 5, connectTimeoutMs: 1000, idleTimeoutMs: 200 };

function hostile(path: string) {
  switch (path) {
    case "/stall": // headers promise 1000 bytes, then nothing
      return { bytes: rawResponse(200, { "content-length": 1000 }), hold: true };
    case "/short": // promises 1000 bytes, sends 10, hangs up
      return { bytes: rawResponse(200, { "content-length": 1000 }, PNG_HEAD.slice(0, 8)) };
    case "/long": // promises 8 bytes (under any cap), then sends 3 MB
      return {
        bytes: rawResponse(200, { "content-length": 8 }, new Uint8Array(3_000_000).fill(7)),
      };
    case "/loop": // redirects to itself forever
      return { bytes: rawResponse(302, { location: "/loop", "content-length": 0 }) };
    default:
      return { bytes: rawResponse(404, { "content-length": 0 }) };
  }
}

async function entries(dir: string): Promise<string[]> {
  try {
    return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name);
  } catch {
    return [];
  }
}

function code(expected: string, re: RegExp) {
  return (e: DraftcliError) => {
    assertEquals(e.code, expected, e.message);
    assert(re.test(e.message), e.message);
    return true;
  };
}

Deno.test("media download: a server that stalls after the headers times out, nothing left", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const staging = join(tmp.path, "staging");
  await rejects(
    downloadAll([{ url: `${server.base}/stall`, index: 0 }], staging, fast),
    code("network_error", /stopped sending for 0\.2 s/),
  );
  assertEquals(server.hits("/stall"), 2, "retried once");
  assertEquals(await entries(staging), []);
});

Deno.test("media download: a Content-Length longer than the body is a lost connection", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const staging = join(tmp.path, "staging");
  await rejects(
    downloadAll([{ url: `${server.base}/short`, index: 0 }], staging, fast),
    code("network_error", /cannot download/),
  );
  assertEquals(await entries(staging), [], "no truncated file is kept");
});

Deno.test("media download: a Content-Length shorter than the body takes only what it declared", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const staging = join(tmp.path, "staging");
  const url = `${server.base}/long`;
  const got = await downloadAll([{ url, index: 0 }], staging, { ...fast, maxBytes: 1000 });
  assertEquals(got.get(url)!.size, 8, "never more than declared, so never past the cap");
});

Deno.test("media download: a redirect loop stops at the redirect limit, not retried", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  await rejects(
    downloadAll([{ url: `${server.base}/loop?sig=SECRET1`, index: 0 }], tmp.path, {
      ...fast,
      maxRedirects: 5,
    }),
    (e: DraftcliError) => {
      assertEquals(e.code, "http_error");
      assert(/too many redirects \(more than 5\)/.test(e.message), e.message);
      assert(!e.message.includes("SECRET1"), e.message);
      return true;
    },
  );
  assertEquals(server.hits("/loop"), 6, "the request and 5 redirects, once: not retried");
});

Deno.test("zip download: a server that stalls after the headers times out, no file left", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const dest = join(tmp.path, "in.zip");
  await rejects(
    downloadToFile(`${server.base}/stall`, dest, { ...fast, maxBytes: 10_000 }),
    code("network_error", /idle timeout.*after 2 attempts/),
  );
  assertEquals(await entries(tmp.path), []);
});

Deno.test("zip download: a Content-Length longer than the body fails, no file left", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const dest = join(tmp.path, "in.zip");
  await rejects(
    downloadToFile(`${server.base}/short`, dest, { ...fast, maxBytes: 10_000 }),
    code("network_error", /after 2 attempts/),
  );
  assertEquals(await entries(tmp.path), []);
});

Deno.test("zip download: a Content-Length shorter than the body takes only what it declared", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const dest = join(tmp.path, "in.zip");
  const r = await downloadToFile(`${server.base}/long`, dest, { ...fast, maxBytes: 1000 });
  assertEquals(r.bytes, 8);
  assertEquals((await Deno.stat(dest)).size, 8);
});

Deno.test("zip download: a redirect loop is a final http_error, not retried", async () => {
  await using server = rawServer(hostile);
  await using tmp = await tempDir("draftcli-hostile-http-");
  const dest = join(tmp.path, "in.zip");
  await rejects(
    downloadToFile(`${server.base}/loop?sig=SECRET2`, dest, { ...fast, maxBytes: 1000 }),
    (e: DraftcliError) => {
      assertEquals(e.code, "http_error", e.message);
      assert(/too many redirects/.test(e.message), e.message);
      assert(!e.message.includes("SECRET2"), e.message);
      return true;
    },
  );
  assertEquals(await entries(tmp.path), []);
});
