import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "./path.ts";
import { FolderNames, Sha256Stream, sha256Text } from "./files.ts";
import { tempDir } from "../test/helpers/temp.ts";

Deno.test("sha256Text: the hex digest of the text's UTF-8 bytes", async () => {
  for (const text of ["", "abc", "片段 ✂️"]) {
    assertEquals(await sha256Text(text), createHash("sha256").update(text, "utf8").digest("hex"));
  }
  assertEquals(
    await sha256Text("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("Sha256Stream: the digest of its pieces, below and past the in-memory limit", async () => {
  const pieces = Array.from({ length: 7 }, (_, i) => new Uint8Array(i * 5).fill(i + 1));
  const expected = createHash("sha256");
  for (const p of pieces) expected.update(p);
  const want = expected.digest("hex");
  // 105 bytes in all: hashed whole (limit 1000), and moved to node:crypto after 20 bytes.
  for (const limit of [1000, 20, 0]) {
    const stream = new Sha256Stream(limit);
    for (const p of pieces) await stream.update(p);
    assertEquals(await stream.hex(), want, `limit ${limit}`);
  }
  assertEquals(await new Sha256Stream().hex(), createHash("sha256").digest("hex"), "no pieces");
});

Deno.test("FolderNames: answers for absent names, files, folders and links from one listing", async () => {
  await using tmp = await tempDir("folder-names-");
  Deno.writeTextFileSync(join(tmp.path, "a.json"), "{}");
  Deno.mkdirSync(join(tmp.path, "sub"));
  Deno.symlinkSync(join(tmp.path, "gone"), join(tmp.path, "dangling"));
  const names = FolderNames.of(tmp.path)!;
  assertEquals(names.size, 3);
  assertEquals(names.get("missing"), undefined);
  assertEquals(names.get("a.json")?.isFile, true);
  assertEquals(names.get("sub")?.isDirectory, true);
  assertEquals(names.get("dangling")?.isSymlink, true); // a link is listed, not followed
  // Names compare as the platform's folders do (without case on macOS and Windows).
  const folded = Deno.build.os === "darwin" || Deno.build.os === "windows";
  assertEquals(names.get("A.JSON") !== undefined, folded);
  assertEquals(FolderNames.of(join(tmp.path, "missing")), undefined);
  assertEquals(FolderNames.of(join(tmp.path, "a.json")), undefined); // not a folder
});
