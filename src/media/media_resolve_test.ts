import { pathToFileURL } from "node:url";
import {
  assertEquals,
  assertRejectsCode,
  assertThrowsCode,
  assertTrue,
} from "../../test/helpers/media_testing.ts";
import { ProbeCache } from "./probe_cache.ts";
import {
  fileUrlToPath,
  itemLabel,
  plainPath,
  resolveMedia,
  simpleFileUrlPath,
} from "./media_resolve.ts";
import fc from "fast-check";
import { EXPECTED, FIXTURES, withTempDir } from "../../test/helpers/media_testing.ts";

/** Serves test/fixtures/<name> at /<name> on 127.0.0.1; counts requests. */
function serveFixtures() {
  const hits = new Map<string, number>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const name = decodeURIComponent(new URL(req.url).pathname.slice(1));
    hits.set(name, (hits.get(name) ?? 0) + 1);
    try {
      return new Response(Deno.readFileSync(FIXTURES + name));
    } catch {
      return new Response("missing", { status: 404 });
    }
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    hits: (name: string) => hits.get(name) ?? 0,
    close: () => server.shutdown(),
  };
}

Deno.test("itemLabel puts the index where the field says", () => {
  assertEquals(itemLabel("imageInfos.imageUrl", 3), "imageInfos[3].imageUrl");
  assertEquals(itemLabel("imageInfos[].imageUrl", 3), "imageInfos[3].imageUrl");
  assertEquals(itemLabel("audioUrls", 0), "audioUrls[0]");
});

Deno.test("fileUrlToPath decodes percent-encoding and Windows forms", () => {
  assertEquals(
    fileUrlToPath("file:///home/me/my%20clips/vid%C3%A9o.mp4", "linux"),
    "/home/me/my clips/vidéo.mp4",
  );
  assertEquals(fileUrlToPath("file://localhost/tmp/a.png", "linux"), "/tmp/a.png");
  assertEquals(fileUrlToPath("file:///C:/Users/me/a%20b.png", "windows"), "C:\\Users\\me\\a b.png");
  assertEquals(fileUrlToPath("file:///c:/", "windows"), "c:\\");
  assertEquals(fileUrlToPath("file://server/share/x.png", "windows"), "\\\\server\\share\\x.png");
  assertThrowsCode(
    () => fileUrlToPath("file:///home/a%2Fb.png", "linux"),
    "invalid_input",
  );
  assertThrowsCode(
    () => fileUrlToPath("file://nas/x.png", "linux"),
    "invalid_input",
    /another host/,
  );
  assertThrowsCode(
    () => fileUrlToPath("file:///x.png", "windows"),
    "invalid_input",
    /drive letter/,
  );
});

Deno.test("simpleFileUrlPath: what fileUrlToPath makes of a plain file URL, or nothing", () => {
  const chars = fc.constantFrom(..."a./~-_9".split(""));
  fc.assert(
    fc.property(fc.array(chars, { maxLength: 24 }).map((a) => a.join("")), (tail) => {
      const url = `file:///${tail}`;
      const simple = simpleFileUrlPath(url, "linux");
      if (simple !== undefined) assertEquals(simple, fileUrlToPath(url, "linux"));
    }),
    { numRuns: 2000 },
  );
  assertEquals(simpleFileUrlPath("file:///a//b.png", "linux"), "/a/b.png");
  assertEquals(
    simpleFileUrlPath("file:///home/me/My-clip_2.v1.png", "linux"),
    "/home/me/My-clip_2.v1.png",
  );
  for (
    const url of [
      "file:///a/./b.png",
      "file:///a/b/..",
      "file:///a%20b.png",
      "file:///a?b.png",
      "file:///a#b.png",
      "file://host/a.png",
      "FILE:///a.png",
      "file:///vidéo.mp4",
      "file:///a\\b.png",
    ]
  ) assertEquals(simpleFileUrlPath(url, "linux"), undefined, url);
  assertEquals(simpleFileUrlPath("file:///C:/a.png", "windows"), undefined);
});

Deno.test("resolve: file:// URLs are referenced in place and probed (cached)", async () => {
  await withTempDir(async (dir) => {
    const folder = `${dir}/my clips #1`;
    await Deno.mkdir(folder);
    const path = `${folder}/vidéo 100%.mp4`;
    await Deno.copyFile(FIXTURES + "video.mp4", path);
    const url = pathToFileURL(path).href;
    assertTrue(url.includes("%20") && url.includes("%25"), url);
    const cache = new ProbeCache();
    const opts = { stagingDir: `${dir}/staging`, resourcesDir: `${dir}/res`, cache };
    const items = [
      { url, index: 0, field: "videoInfos.videoUrl" },
      { url, index: 1, field: "videoInfos.videoUrl" },
      { url: pathToFileURL(FIXTURES + "image.png").href, index: 0, field: "imageInfos.imageUrl" },
    ];
    const result = await resolveMedia(items, opts);
    assertEquals(result.size, 2, "one entry per distinct URL");
    const { stat, ...r } = result.get(url)!;
    assertEquals(r, { url, path, fileName: "vidéo 100%.mp4", info: EXPECTED["video.mp4"] });
    // The stat of the check comes along (the placer needs no other).
    assertEquals(stat?.ino, (await Deno.stat(path)).ino);
    assertEquals(cache.size, 2);
    assertEquals(cache.get(path, await Deno.stat(path)), EXPECTED["video.mp4"]);
    assertEquals(
      await Array.fromAsync(Deno.readDir(dir)).then((e) => e.length),
      1,
      "nothing copied",
    );
  });
});

Deno.test("resolve: hashLocal gets a local file's sha256 from the read that probes it", async () => {
  await withTempDir(async (dir) => {
    const names = ["image.png", "image.jpg", "video.mp4", "anim.gif"];
    const asked: string[] = [];
    const cache = new ProbeCache();
    const opts = {
      stagingDir: `${dir}/staging`,
      resourcesDir: `${dir}/res`,
      cache,
      hashLocal: (path: string, stat: Deno.FileInfo) => {
        asked.push(`${path.split("/").pop()}:${stat.size}`);
        return !path.endsWith(".gif"); // the caller's choice: no hash for this one
      },
    };
    const items = names.map((n, i) => ({ url: FIXTURES + n, index: i, field: "media.url" }));
    const sha = async (name: string) =>
      new Uint8Array(
        await crypto.subtle.digest("SHA-256", await Deno.readFile(FIXTURES + name)),
      ).toHex();
    for (const round of ["probed", "cached"]) {
      asked.length = 0;
      const result = await resolveMedia(items, opts);
      for (const n of names) {
        const r = result.get(FIXTURES + n)!;
        assertEquals(r.info, EXPECTED[n], `${n} (${round})`);
        assertEquals(r.sha256, n.endsWith(".gif") ? undefined : await sha(n), `${n} (${round})`);
      }
      const sizes = await Promise.all(names.map((n) => Deno.stat(FIXTURES + n)));
      assertEquals(asked, names.map((n, i) => `${n}:${sizes[i].size}`), "asked once per file");
      assertEquals(cache.size, names.length);
    }
  });
});

Deno.test("resolve: a file too large to read whole is hashed streaming over the probe's handle", async () => {
  const { claimingPng } = await import("../../test/helpers/hostile_media.ts");
  const { WHOLE_HASH_BYTES } = await import("../files.ts");
  await withTempDir(async (dir) => {
    // A small PNG followed by a sparse hole: past the size Web Crypto hashes in one piece.
    const path = `${dir}/big.png`;
    const png = claimingPng(64, 48, 64);
    {
      using file = await Deno.open(path, { write: true, create: true });
      await file.write(png);
      await file.truncate(WHOLE_HASH_BYTES + 1);
    }
    const bytes = await Deno.readFile(path);
    const want = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)).toHex();
    const result = await resolveMedia([{ url: path, index: 0, field: "imageInfos.imageUrl" }], {
      stagingDir: `${dir}/staging`,
      resourcesDir: `${dir}/res`,
      hashLocal: () => true,
    });
    const r = result.get(path)!;
    assertEquals([r.info.width, r.info.height, r.sha256], [64, 48, want]);
  });
});

Deno.test("resolve: missing file → media_not_found naming the item", async () => {
  const err = await assertRejectsCode(
    () =>
      resolveMedia([{ url: "file:///x/y.png", index: 3, field: "imageInfos.imageUrl" }], {
        stagingDir: "/nonexistent/staging",
        resourcesDir: "/nonexistent/res",
      }),
    "media_not_found",
    /^imageInfos\[3\]\.imageUrl: no such file: \/x\/y\.png$/,
  );
  assertEquals(err.path, "imageInfos[3].imageUrl");
  assertTrue(err.hint);
});

Deno.test("resolve: plain paths name local files (absolute, ~/, relative to cwd)", () => {
  const o = { home: "/h/me", cwd: "/work/here", os: "linux" };
  assertEquals(plainPath("/abs/a.png", o), "/abs/a.png");
  assertEquals(plainPath("~/Movies/a.png", o), "/h/me/Movies/a.png");
  assertEquals(plainPath("clips/a.png", o), "/work/here/clips/a.png");
  assertEquals(plainPath("./a.png", o), "/work/here/a.png");
  assertEquals(plainPath("file:///abs/a.png", o), undefined);
  assertEquals(plainPath("https://x/a.png", o), undefined);
  assertEquals(plainPath("~/a.png", { cwd: "/w" }), undefined);
  assertEquals(plainPath("C:\\clips\\a.png", o), undefined);
  assertEquals(plainPath("C:\\clips\\a.png", { ...o, os: "windows" }), "C:\\clips\\a.png");
});

Deno.test("resolve: missing plain paths → media_not_found; other schemes → invalid_input", async () => {
  const opts = {
    stagingDir: "/nonexistent/s",
    resourcesDir: "/nonexistent/r",
    cwd: "/nonexistent",
  };
  await assertRejectsCode(
    () => resolveMedia([{ url: "clips/a.png", index: 1, field: "imageInfos.imageUrl" }], opts),
    "media_not_found",
    /\/nonexistent\/clips\/a\.png/,
  );
  const cases: [string, RegExp, RegExp][] = [
    ["ftp://host/a.png", /unsupported URL scheme "ftp"/, /http/],
    ["data:image/png;base64,AAAA", /unsupported URL scheme "data"/, /file:\/\//],
    ["", /not an absolute URL: \(empty\)/, /file:\/\//],
  ];
  for (const [url, message, hint] of cases) {
    const err = await assertRejectsCode(
      () => resolveMedia([{ url, index: 1, field: "imageInfos.imageUrl" }], opts),
      "invalid_input",
      message,
    );
    assertTrue(err.message.startsWith("imageInfos[1].imageUrl: "), err.message);
    assertTrue(err.hint && hint.test(err.hint), `${url}: hint ${err.hint}`);
  }
});

Deno.test("resolve: a local non-media file or folder → media_error naming the item", async () => {
  const opts = {
    stagingDir: "/nonexistent/s",
    resourcesDir: "/nonexistent/r",
    ffprobe: false as const,
  };
  await assertRejectsCode(
    () =>
      resolveMedia([{
        url: pathToFileURL(FIXTURES + "not_media.txt").href,
        index: 2,
        field: "audioInfos.audioUrl",
      }], opts),
    "media_error",
    /^audioInfos\[2\]\.audioUrl: .*not_media\.txt: not a recognised media file$/,
  );
  await assertRejectsCode(
    () =>
      resolveMedia(
        [{ url: pathToFileURL(FIXTURES).href, index: 0, field: "audioInfos.audioUrl" }],
        opts,
      ),
    "media_error",
    /not a file/,
  );
});

Deno.test("resolve: http URLs are downloaded to staging, bound for resources, probed", async () => {
  const server = serveFixtures();
  try {
    await withTempDir(async (dir) => {
      const cache = new ProbeCache();
      const opts = {
        stagingDir: `${dir}/staging`,
        resourcesDir: `${dir}/draft/Resources`,
        cache,
        download: { retryDelayMs: 5 },
      };
      const mp3 = `${server.base}/audio.mp3`;
      const gif = `${server.base}/anim.gif`;
      const result = await resolveMedia([
        { url: mp3, index: 0, field: "audioInfos.audioUrl" },
        { url: gif, index: 0, field: "imageInfos.imageUrl" },
        { url: mp3, index: 1, field: "audioInfos.audioUrl" },
      ], opts);
      assertEquals([...result.keys()], [mp3, gif]);
      assertEquals(server.hits("audio.mp3"), 1, "fetched once");
      for (const [url, name] of [[mp3, "audio.mp3"], [gif, "anim.gif"]]) {
        const r = result.get(url)!;
        assertTrue(/^[0-9a-f]{16}\.(mp3|gif)$/.test(r.fileName), r.fileName);
        assertEquals(r.path, `${dir}/draft/Resources/${r.fileName}`);
        assertEquals(r.stagedPath, `${dir}/staging/${r.fileName}`);
        assertEquals(await Deno.readFile(r.stagedPath!), await Deno.readFile(FIXTURES + name));
        assertEquals(r.info.kind, EXPECTED[name].kind);
        assertEquals(r.info.format, EXPECTED[name].format);
        // The draft writer moves staged → final; the cache entry stays valid across the rename.
        await Deno.mkdir(`${dir}/draft/Resources`, { recursive: true });
        await Deno.rename(r.stagedPath!, r.path);
        assertEquals(cache.get(r.path, await Deno.stat(r.path)), r.info);
      }
    });
  } finally {
    await server.close();
  }
});

Deno.test("resolve: download and probe errors name the item and the URL", async () => {
  const server = serveFixtures();
  try {
    await withTempDir(async (dir) => {
      const opts = { stagingDir: `${dir}/s`, resourcesDir: `${dir}/r`, ffprobe: false as const };
      await assertRejectsCode(
        () =>
          resolveMedia(
            [{ url: `${server.base}/gone.png`, index: 5, field: "imageInfos.imageUrl" }],
            opts,
          ),
        "http_error",
        /^imageInfos\[5\]\.imageUrl: http:\/\/127\.0\.0\.1:\d+\/gone\.png: not found \(HTTP 404\)$/,
      );
      await assertRejectsCode(
        () =>
          resolveMedia([{
            url: `${server.base}/not_media.txt`,
            index: 6,
            field: "imageInfos.imageUrl",
          }], opts),
        "media_error",
        /^imageInfos\[6\]\.imageUrl: http:\/\/127\.0\.0\.1:\d+\/not_media\.txt \(downloaded\): not a recognised media file$/,
      );
    });
  } finally {
    await server.close();
  }
});
