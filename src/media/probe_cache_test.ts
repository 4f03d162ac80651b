import { assertEquals, assertTrue } from "../../test/helpers/media_testing.ts";
import { ProbeCache, probeCached } from "./probe_cache.ts";
import { EXPECTED, FIXTURES, withTempDir } from "../../test/helpers/media_testing.ts";

Deno.test("probe cache: hit while size and mtime match, miss after the file changes", async () => {
  await withTempDir(async (dir) => {
    const path = `${dir}/clip`;
    await Deno.copyFile(FIXTURES + "image.png", path);
    await Deno.utime(path, 1_700_000_000, 1_700_000_000);
    const cache = new ProbeCache();
    const warnings: string[] = [];
    const opts = { warn: (m: string) => warnings.push(m) };

    const first = await probeCached(path, cache, opts);
    assertEquals(first, EXPECTED["image.png"]);
    assertEquals(cache.size, 1);

    // Prove that an unchanged file is served from the cache: poison its entry and read it back.
    const stat = await Deno.stat(path);
    cache.set(path, stat, { ...first, width: 999 });
    assertEquals((await probeCached(path, cache, opts)).width, 999, "served from the cache");

    // Same bytes, new mtime: a miss, so the real probe runs again.
    await Deno.utime(path, 1_700_000_100, 1_700_000_100);
    assertEquals((await probeCached(path, cache, opts)).width, 64, "re-probed after mtime change");

    // New content (another size), same mtime: a miss too.
    await Deno.copyFile(FIXTURES + "image.jpg", path);
    await Deno.utime(path, 1_700_000_100, 1_700_000_100);
    assertEquals(await probeCached(path, cache, opts), EXPECTED["image.jpg"]);
    assertEquals(warnings, []);
  });
});

Deno.test("probe cache: JSON round trip keeps entries and drops damaged ones", () => {
  const cache = new ProbeCache();
  const stamp = { size: 554, mtime: new Date(1_700_000_000_000) };
  cache.set("/media/b.png", stamp, EXPECTED["image.png"]);
  cache.set("/media/a.mp4", { size: 9078, mtime: 1_700_000_000_500 }, EXPECTED["video.mp4"]);
  assertTrue(cache.changed);

  const json = JSON.parse(JSON.stringify(cache));
  assertEquals(Object.keys(json.entries), ["/media/a.mp4", "/media/b.png"], "sorted by path");
  const loaded = ProbeCache.fromJSON(json);
  assertEquals(loaded.changed, false);
  assertEquals(loaded.get("/media/b.png", stamp), EXPECTED["image.png"]);
  assertEquals(loaded.get("/media/b.png", { ...stamp, size: 555 }), undefined);
  assertEquals(loaded.get("/media/b.png", { ...stamp, mtime: null }), undefined);
  assertEquals(loaded.toJSON(), cache.toJSON());

  json.entries["/media/bad.png"] = { size: 1, mtimeMs: 2, info: { kind: "sound" } };
  json.entries["relative.png"] = json.entries["/media/b.png"];
  assertEquals(ProbeCache.fromJSON(json).size, 2);
  assertEquals(ProbeCache.fromJSON({ version: 2, entries: json.entries }).size, 0);
  assertEquals(ProbeCache.fromJSON("garbage").size, 0);

  loaded.retain(["/media/a.mp4"]);
  assertEquals([loaded.size, loaded.changed], [1, true]);
});

Deno.test("probe cache: without a cache probeCached just probes", async () => {
  assertEquals(await probeCached(FIXTURES + "audio.wav"), EXPECTED["audio.wav"]);
});
