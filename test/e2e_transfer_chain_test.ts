/**
 * A draft moved between machines: `draft upload` PUTs the zip to a real local server, the bytes
 * it received are imported into another drafts folder (as from a URL), and `draft validate`
 * accepts the result, with its media inside the new draft.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("upload → import from the uploaded bytes → validate, on another drafts folder", async () => {
  const a = await tempWorld();
  const b = await tempWorld();
  let stored: Uint8Array<ArrayBuffer> | undefined;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (req.method === "PUT" && path === "/bucket/d.zip") {
      assertEquals(req.headers.get("content-type"), "application/zip");
      stored = new Uint8Array(await req.arrayBuffer());
      return new Response(null, { status: 200 });
    }
    if (req.method === "GET" && path === "/bucket/d.zip" && stored) return new Response(stored);
    return new Response("no", { status: 404 });
  });
  try {
    const base = `http://127.0.0.1:${server.addr.port}/bucket/d.zip`;
    const { draftId } = (await runCli(["draft", "create", "--name", "travels"], { env: a.env }))
      .json as Json;
    const add = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([
        { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000, inAnimation: "渐显" },
      ]),
    ], { env: a.env });
    assertEquals(add.code, 0, add.stderr);
    const aud = await runCli([
      "audios",
      "add",
      draftId,
      "--audio-infos",
      JSON.stringify([
        { audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000 },
      ]),
    ], { env: a.env });
    assertEquals(aud.code, 0, aud.stderr);

    const up = await runCli(
      ["draft", "upload", draftId, "--to", `${base}?X-Amz-Signature=abc123`, "--token", "s3cr3t"],
      { env: a.env },
    );
    assertEquals(up.code, 0, up.stderr);
    const out = up.json as Json;
    assertEquals(out.downloadUrl, base, "download URL = the URL without its query");
    assert(!up.stdout.includes("s3cr3t") && !up.stderr.includes("s3cr3t"), "token never printed");
    assert(!up.stdout.includes("abc123"), "signature not echoed");
    assert(stored && stored.length === out.size, "the server got the whole zip");

    const imp = await runCli(["draft", "import", out.downloadUrl, "--name", "arrived"], {
      env: b.env,
    });
    assertEquals(imp.code, 0, imp.stderr);
    const { draftId: newId, filePath } = imp.json as Json;
    assert(newId !== draftId, "a fresh id");
    assert(String(filePath).startsWith(b.draftsDir));
    const v = await runCli(["draft", "validate", newId], { env: b.env });
    assertEquals(v.code, 0, v.stdout + v.stderr);
    assertEquals((v.json as Json).ok, true);
    const content = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
    for (const m of [...content.materials.videos, ...content.materials.audios]) {
      assert(String(m.path).startsWith(filePath), `${m.path} is inside the imported draft`);
      await Deno.stat(m.path);
    }
    const info = await runCli(["draft", "info", newId], { env: b.env });
    assertEquals((info.json as Json).name, "arrived");
  } finally {
    await server.shutdown();
    await a.cleanup();
    await b.cleanup();
  }
});
