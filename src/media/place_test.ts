import { equal, ok as assert } from "node:assert/strict";
import { MediaPlacer } from "./place.ts";
import { sha256File } from "../files.ts";
import { tempDir } from "../../test/helpers/temp.ts";

Deno.test("MediaPlacer: content name, hard link, found again without a second copy", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  const src = `${dir}/a file.png`;
  await Deno.writeFile(src, new Uint8Array([1, 2, 3, 4]));
  const resources = `${dir}/draft/resources`;
  const staging = `${dir}/staging`;
  const first = await new MediaPlacer(resources, staging).place(src, "png");
  // The same bytes twice in one batch: staged once.
  const batch = new MediaPlacer(resources, `${dir}/staging2`);
  const [x, y] = [await batch.place(src, "png"), await batch.place(src, "png")];
  equal(x.stagedPath, y.stagedPath);
  // in a folder named like the resources folder, which the writer can move whole
  equal(x.stagedPath, `${dir}/staging2/resources/${x.fileName}`);
  equal((await Array.fromAsync(Deno.readDir(`${dir}/staging2/resources`))).length, 1);
  equal(first.fileName, `${(await sha256File(src)).slice(0, 16)}.png`);
  equal(first.how, "link");
  assert(first.stagedPath);
  // the writer moves the staged file into resources/ at commit
  await Deno.mkdir(resources, { recursive: true });
  await Deno.rename(first.stagedPath!, first.path);
  // A later batch finds it by inode (a hard link of the source), then by content name.
  const later = new MediaPlacer(resources, staging);
  const again = await later.place(src, "png");
  equal(again.how, "present");
  equal(again.path, first.path);
  equal(again.stagedPath, undefined);
  // same bytes under another name (a copy, not a link): the same stored file
  const other = `${dir}/b.png`;
  await Deno.copyFile(src, other);
  const same = await later.place(other, "png");
  equal(same.how, "present");
  equal(same.path, first.path);
});

Deno.test("sha256File: the same digest read whole (Web Crypto) or streamed (node:crypto)", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  const path = `${dir}/bytes.bin`;
  // Three read buffers' worth and a bit, so the streamed path loops.
  const bytes = Uint8Array.from({ length: (3 << 20) + 123 }, (_, i) => (i * 31) & 255);
  await Deno.writeFile(path, bytes);
  const { createHash } = await import("node:crypto");
  const expected = createHash("sha256").update(bytes).digest("hex");
  equal(await sha256File(path), expected);
  equal(await sha256File(path, 0), expected);
  await Deno.writeFile(path, new Uint8Array());
  equal(await sha256File(path), createHash("sha256").update(new Uint8Array()).digest("hex"));
});
