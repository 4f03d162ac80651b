import { createHash } from "node:crypto";
import { assertEquals, assertRejectsCode, assertTrue } from "../../test/helpers/media_testing.ts";
import { downloadAll, type DownloadOptions } from "./media_download.ts";
import { FIXTURES, withTempDir } from "../../test/helpers/media_testing.ts";

/** A real HTTP server on 127.0.0.1 with routes for every download scenario. */
interface TestServer {
  base: string;
  /** Requests seen per path (without the query). */
  hits(path: string): number;
  /** Most requests handled at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

const fixture = (name: string) => Deno.readFileSync(FIXTURES + name);

function startServer(): TestServer {
  const counts = new Map<string, number>();
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const releases = new Set<() => void>();
  /** Resolves when the server closes (hanging routes wait on it). */
  const waitForRelease = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        releases.delete(done);
        resolve();
      };
      releases.add(done);
    });

  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = url.pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      const delay = Number(url.searchParams.get("delay") ?? 0);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const parts = path.split("/").filter(Boolean);
      switch (parts[0]) {
        case "fixture": // /fixture/<name>, or /fixture/<name>/<misleading name>
          return new Response(fixture(parts[1]));
        case "flaky": // 500 on the first request, then the file
          return counts.get(path) === 1
            ? new Response("boom", { status: 500 })
            : new Response(fixture("image.png"));
        case "status":
          return new Response(`status ${parts[1]}`, { status: Number(parts[1]) });
        case "hang": // never answers (until the server closes)
          await waitForRelease();
          return new Response(null, { status: 204 });
        case "stall": { // sends a little, then nothing until the client hangs up
          let release = () => {};
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(fixture("image.png").subarray(0, 100));
            },
            pull(controller) {
              return new Promise<void>((resolve) => {
                release = () => {
                  releases.delete(release);
                  resolve();
                  try {
                    controller.close();
                  } catch {
                    // already cancelled
                  }
                };
                releases.add(release);
              });
            },
            cancel() {
              release();
            },
          });
          return new Response(body);
        }
        case "redirect": { // /redirect/<n>/<name>: n hops, then the file
          const n = Number(parts[1]);
          if (n === 0) return new Response(fixture(parts[2]));
          return new Response(null, {
            status: 302,
            headers: { location: `/redirect/${n - 1}/${parts[2]}` },
          });
        }
        case "big-declared": // Content-Length over the cap
          return new Response(new Uint8Array(2 * 1024 * 1024));
        case "big-stream": { // no Content-Length; 4 MiB in 64 KiB chunks
          let sent = 0;
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent >= 4 * 1024 * 1024) return controller.close();
              sent += 65536;
              controller.enqueue(new Uint8Array(65536));
            },
          });
          return new Response(body);
        }
        default:
          return new Response("no route", { status: 404 });
      }
    } finally {
      inFlight--;
    }
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    hits: (path) => counts.get(path) ?? 0,
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: async () => {
      for (const release of [...releases]) release();
      await server.shutdown();
    },
  };
}

/** Fast settings so failing scenarios finish quickly. */
const FAST: DownloadOptions = { retryDelayMs: 5, connectTimeoutMs: 2000, idleTimeoutMs: 2000 };

async function withServer(fn: (server: TestServer, staging: string) => Promise<void>) {
  const server = startServer();
  try {
    await withTempDir((dir) => fn(server, `${dir}/staging`));
  } finally {
    await server.close();
  }
}

async function stagedFiles(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) names.push(e.name);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return names.sort();
}

Deno.test("download: files are named by content hash + sniffed extension, written whole", async () => {
  await withServer(async (server, staging) => {
    // The URL claims .mp3 and .jpg; the bytes are PNG and MP4.
    const urls = [
      `${server.base}/fixture/image.png/song.mp3`,
      `${server.base}/fixture/video.mp4/photo.jpg?x=1`,
    ];
    const results = await downloadAll(urls.map((url, index) => ({ url, index })), staging, FAST);
    assertEquals([...results.keys()], urls);
    for (
      const [url, fixtureName, ext] of [
        [urls[0], "image.png", "png"],
        [urls[1], "video.mp4", "mp4"],
      ]
    ) {
      const bytes = fixture(fixtureName);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const r = results.get(url)!;
      assertEquals(r.fileName, `${sha256.slice(0, 16)}.${ext}`);
      assertEquals([r.url, r.sha256, r.size], [url, sha256, bytes.length]);
      assertEquals(r.stagedPath, `${staging}/${r.fileName}`);
      assertEquals(await Deno.readFile(r.stagedPath), bytes);
    }
    assertEquals((await stagedFiles(staging)).length, 2, "no temp files left");
  });
});

Deno.test("download: bytes of no known type get .bin", async () => {
  await withServer(async (server, staging) => {
    const url = `${server.base}/fixture/not_media.txt`;
    const r = (await downloadAll([{ url, index: 0 }], staging, FAST)).get(url)!;
    assertTrue(r.fileName.endsWith(".bin"), r.fileName);
  });
});

Deno.test("download: the concurrency bound is respected", async () => {
  for (const concurrency of [3, undefined]) {
    await withServer(async (server, staging) => {
      const requests = Array.from({ length: 10 }, (_, i) => ({
        url: `${server.base}/fixture/image.png?delay=60&i=${i}`,
        index: i,
      }));
      const results = await downloadAll(requests, staging, { ...FAST, concurrency });
      assertEquals(results.size, 10);
      assertEquals(server.hits("/fixture/image.png"), 10);
      assertEquals(server.maxInFlight, concurrency ?? 4, "in flight at once");
    });
  }
});

Deno.test("download: a 500 is retried and the 200 that follows is used", async () => {
  await withServer(async (server, staging) => {
    const warnings: string[] = [];
    const url = `${server.base}/flaky/a`;
    const results = await downloadAll([{ url, index: 0 }], staging, {
      ...FAST,
      warn: (m) => warnings.push(m),
    });
    assertEquals(server.hits("/flaky/a"), 2);
    assertEquals(results.get(url)!.size, fixture("image.png").length);
    assertEquals(warnings.length, 1);
    assertTrue(/HTTP 500.*retrying/.test(warnings[0]), warnings[0]);
  });
});

Deno.test("download: 5xx gives up after the retries, with the attempt count", async () => {
  await withServer(async (server, staging) => {
    const url = `${server.base}/status/503`;
    await assertRejectsCode(
      () => downloadAll([{ url, index: 2 }], staging, { ...FAST, retries: 2 }),
      "http_error",
      /^item 2: .*\/status\/503: server error \(HTTP 503\) after 3 attempts$/,
    );
    assertEquals(server.hits("/status/503"), 3);
  });
});

Deno.test("download: 4xx is not retried (but 408/429 are); the message names the item and URL", async () => {
  await withServer(async (server, staging) => {
    const cases: [number, RegExp][] = [
      [404, /^item 7: http:\/\/127\.0\.0\.1:\d+\/status\/404: not found \(HTTP 404\)$/],
      [403, /^item 7: .*: URL expired or not allowed \(HTTP 403\)$/],
      [410, /gone \(HTTP 410\)/],
    ];
    for (const [status, message] of cases) {
      const url = `${server.base}/status/${status}`;
      const err = await assertRejectsCode(
        () => downloadAll([{ url, index: 7 }], staging, FAST),
        "http_error",
        message,
      );
      assertTrue(err.hint, "has a hint");
      assertEquals(server.hits(`/status/${status}`), 1, `HTTP ${status} requested once`);
    }
    // 429 and 408 follow the one retry rule of every transfer (retryableStatus).
    for (const status of [429, 408]) {
      await assertRejectsCode(
        () => downloadAll([{ url: `${server.base}/status/${status}`, index: 7 }], staging, FAST),
        "http_error",
        new RegExp(`\\(HTTP ${status}\\) after 4 attempts`),
      );
      assertEquals(server.hits(`/status/${status}`), 4, `HTTP ${status} retried`);
    }
    // With a label, errors use it.
    await assertRejectsCode(
      () =>
        downloadAll(
          [{ url: `${server.base}/status/404`, index: 3, label: "imageInfos[3].imageUrl" }],
          staging,
          FAST,
        ),
      "http_error",
      /^imageInfos\[3\]\.imageUrl: .*not found/,
    );
    assertEquals(await stagedFiles(staging), []);
  });
});

Deno.test("download: connect and idle timeouts are network errors; nothing is left", async () => {
  await withServer(async (server, staging) => {
    let started = performance.now();
    await assertRejectsCode(
      () =>
        downloadAll([{ url: `${server.base}/hang`, index: 0 }], staging, {
          ...FAST,
          connectTimeoutMs: 150,
          retries: 1,
        }),
      "network_error",
      /item 0: cannot download .*\/hang: no answer within 0\.15 s \(timed out\)/,
    );
    assertEquals(server.hits("/hang"), 2, "a timeout is retried");
    assertTrue(performance.now() - started < 3000, "timed out promptly");

    started = performance.now();
    await assertRejectsCode(
      () =>
        downloadAll([{ url: `${server.base}/stall`, index: 1 }], staging, {
          ...FAST,
          idleTimeoutMs: 150,
          retries: 0,
        }),
      "network_error",
      /item 1: .*\/stall: the server stopped sending for 0\.15 s \(idle timeout\)$/,
    );
    assertTrue(performance.now() - started < 3000, "timed out promptly");
    assertEquals(await stagedFiles(staging), [], "partial file removed");
  });
});

Deno.test("download: connection refused is a network error after the retries", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  await withTempDir(async (dir) => {
    const url = `http://127.0.0.1:${port}/x.png`;
    const warnings: string[] = [];
    await assertRejectsCode(
      () =>
        downloadAll([{ url, index: 4 }], dir, {
          ...FAST,
          retries: 2,
          warn: (m) => warnings.push(m),
        }),
      "network_error",
      /^item 4: cannot download http:\/\/127\.0\.0\.1:\d+\/x\.png: connection refused after 3 attempts$/,
    );
    assertEquals(warnings.length, 2, "two retries");
  });
});

Deno.test("download: redirects are followed up to the limit", async () => {
  await withServer(async (server, staging) => {
    const ok = `${server.base}/redirect/3/audio.mp3`;
    const r = (await downloadAll([{ url: ok, index: 0 }], staging, FAST)).get(ok)!;
    assertTrue(r.fileName.endsWith(".mp3"));
    assertEquals(r.url, ok, "keyed by the requested URL");
    assertEquals(server.hits("/redirect/0/audio.mp3"), 1);

    const tooMany = `${server.base}/redirect/6/audio.mp3`;
    await assertRejectsCode(
      () => downloadAll([{ url: tooMany, index: 1 }], staging, { ...FAST, maxRedirects: 5 }),
      "http_error",
      /too many redirects \(more than 5\)/,
    );
    assertEquals(server.hits("/redirect/0/audio.mp3"), 1, "stopped before the last hop");
    assertEquals(server.hits("/redirect/1/audio.mp3"), 2);
  });
});

Deno.test("download: the same URL requested twice is fetched once", async () => {
  await withServer(async (server, staging) => {
    const same = `${server.base}/fixture/image.png`;
    const other = `${server.base}/fixture/audio.wav`;
    const results = await downloadAll(
      [{ url: same, index: 0 }, { url: other, index: 1 }, { url: same, index: 2 }],
      staging,
      FAST,
    );
    assertEquals(server.hits("/fixture/image.png"), 1);
    assertEquals(server.hits("/fixture/audio.wav"), 1);
    assertEquals([...results.keys()].sort(), [same, other].sort());
  });
});

Deno.test("download: the size cap rejects by Content-Length and while streaming", async () => {
  await withServer(async (server, staging) => {
    const opts = { ...FAST, maxBytes: 1024 * 1024 };
    await assertRejectsCode(
      () => downloadAll([{ url: `${server.base}/big-declared`, index: 0 }], staging, opts),
      "media_error",
      /item 0: .*\/big-declared: the file is larger than the 1 MiB limit \(2 MiB\)/,
    );
    await assertRejectsCode(
      () => downloadAll([{ url: `${server.base}/big-stream`, index: 1 }], staging, opts),
      "media_error",
      /item 1: .*\/big-stream: the file is larger than the 1 MiB limit$/,
    );
    assertEquals(server.hits("/big-stream"), 1, "not retried");
    assertEquals(await stagedFiles(staging), [], "partial files removed");
  });
});

Deno.test("download: only http(s); a failure cancels the other downloads", async () => {
  await withServer(async (server, staging) => {
    await assertRejectsCode(
      () =>
        downloadAll(
          [{ url: `${server.base}/fixture/image.png`, index: 0 }, {
            url: "ftp://example.invalid/a.png",
            index: 1,
          }],
          staging,
          FAST,
        ),
      "invalid_input",
      /item 1: only http and https/,
    );
    assertEquals(server.hits("/fixture/image.png"), 0, "nothing fetched before validation");

    const started = performance.now();
    await assertRejectsCode(
      () =>
        downloadAll(
          [{ url: `${server.base}/hang`, index: 0 }, {
            url: `${server.base}/status/404?delay=50`,
            index: 1,
          }],
          staging,
          { connectTimeoutMs: 10_000 },
        ),
      "http_error",
      /item 1: .*not found/,
    );
    assertTrue(performance.now() - started < 2000, "did not wait for the hanging download");
  });
});
