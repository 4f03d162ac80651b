/** src/path.ts's POSIX functions give `node:path`'s posix results, on random and edge paths. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import nodePath from "node:path";
import { isInside, posix } from "./path.ts";
import { prng } from "../test/helpers/prng.ts";

const PIECES = [
  "",
  "/",
  "//",
  ".",
  "..",
  "a",
  "b.c",
  ".d",
  "e.",
  "..f",
  "g..",
  "...",
  "x.y.z",
  "字幕.mp4",
  " ",
];

function randomPath(rnd: () => number): string {
  let p = "";
  const n = Math.floor(rnd() * 6);
  for (let i = 0; i < n; i++) p += PIECES[Math.floor(rnd() * PIECES.length)];
  return p;
}

Deno.test("posix path functions match node:path.posix", () => {
  const rnd = prng(1125);
  const np = nodePath.posix;
  for (let i = 0; i < 20000; i++) {
    const a = randomPath(rnd);
    const b = randomPath(rnd);
    const c = randomPath(rnd);
    const at = `${JSON.stringify([a, b, c])}`;
    assertEquals(posix.normalize(a), np.normalize(a), `normalize ${at}`);
    assertEquals(posix.join(a, b, c), np.join(a, b, c), `join ${at}`);
    assertEquals(posix.resolve(a, b), np.resolve(a, b), `resolve ${at}`);
    assertEquals(posix.dirname(a), np.dirname(a), `dirname ${at}`);
    assertEquals(posix.basename(a), np.basename(a), `basename ${at}`);
    assertEquals(posix.extname(a), np.extname(a), `extname ${at}`);
    assertEquals(posix.isAbsolute(a), np.isAbsolute(a), `isAbsolute ${at}`);
    assertEquals(posix.relative(a, b), np.relative(a, b), `relative ${at}`);
  }
  assertEquals(posix.sep, np.sep);
});

Deno.test("posix.relative matches node:path.posix on clean absolute paths that share a prefix", () => {
  const rnd = prng(2511);
  const np = nodePath.posix;
  const names = ["a", "ab", "b", "a.b", "字幕", "a b"];
  const clean = () => {
    let p = "";
    const n = 1 + Math.floor(rnd() * 4);
    for (let i = 0; i < n; i++) p += "/" + names[Math.floor(rnd() * names.length)];
    return p;
  };
  for (let i = 0; i < 20000; i++) {
    const a = clean();
    const b = rnd() < 0.3 ? a + clean() : clean();
    assertEquals(posix.relative(a, b), np.relative(a, b), `relative ${a} ${b}`);
    assertEquals(posix.relative(b, a), np.relative(b, a), `relative ${b} ${a}`);
  }
});

Deno.test("isInside: strictly below the folder, never the folder, its parent or a sibling", () => {
  assertEquals(isInside("/d/draft/resources/a.png", "/d/draft"), true);
  assertEquals(isInside("/d/draft/a", "/d/draft/"), true);
  assertEquals(isInside("/d/draft", "/d/draft"), false);
  assertEquals(isInside("/d", "/d/draft"), false);
  assertEquals(isInside("/d/draft2/a", "/d/draft"), false);
  assertEquals(isInside("/d/draft/../x", "/d/draft"), false);
  assertEquals(isInside("", "/d/draft"), false);
});
