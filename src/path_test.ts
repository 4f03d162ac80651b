/** src/path.ts's POSIX functions give `node:path`'s posix results, on random and edge paths. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import nodePath from "node:path";
import { posix } from "./path.ts";
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
