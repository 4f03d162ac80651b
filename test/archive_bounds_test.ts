/**
 * End to end: archives stay inside the draft folder. A link in `resources/` leading out of the
 * draft, and timeline paths of an imported zip that name files outside the new draft, never
 * reach a zip or an upload (a real server on 127.0.0.1 records what it receives).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { strToU8, unzipSync, zipSync } from "fflate";
import { fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";
import { DRAFT_PLACEHOLDER } from "../src/transfer/draft_media_paths.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const SECRET = "SECRET-CONTENT-4f1c";

/** Does any entry of the zip (or its raw bytes) hold the secret? */
function holdsSecret(zip: Uint8Array): boolean {
  const files = unzipSync(zip);
  const dec = new TextDecoder();
  return dec.decode(zip).includes(SECRET) ||
    Object.values(files).some((b) => dec.decode(b).includes(SECRET));
}

/** A 127.0.0.1 server that keeps every body PUT to it. */
function uploadServer() {
  const bodies: Uint8Array[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    if (req.method !== "PUT") return new Response("no", { status: 405 });
    bodies.push(new Uint8Array(await req.arrayBuffer()));
    return new Response(null, { status: 200 });
  });
  return { bodies, url: `http://127.0.0.1:${server.addr.port}/b/d.zip?X-Amz-Signature=x`, server };
}

Deno.test("archives: a link in resources/ leading out of the draft is never packed", async () => {
  const w = await tempWorld();
  const up = uploadServer();
  try {
    const secret = `${w.root}/secret.txt`;
    await Deno.writeTextFile(secret, SECRET);
    const { draftId, filePath } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    const add = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.png")), start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(add.code, 0, add.stderr);
    const resources = `${filePath}/resources`;
    const [stored] = await Array.fromAsync(Deno.readDir(resources), (e) => e.name);
    await Deno.symlink(secret, `${resources}/evil.png`);
    await Deno.symlink("/etc/passwd", `${resources}/passwd.png`);
    await Deno.symlink(`${resources}/${stored}`, `${resources}/alias.png`); // stays inside

    const zipPath = `${w.root}/d.zip`;
    const z = await runCli(["draft", "zip", draftId, "--output", zipPath], { env: w.env });
    assertEquals(z.code, 0, z.stderr);
    const out = z.json as Json;
    assertEquals(out.skipped, ["resources/evil.png", "resources/passwd.png"]);
    assert(out.warnings.some((m: string) => m.startsWith("resources/evil.png is a link")));
    const bytes = await Deno.readFile(zipPath);
    assert(!holdsSecret(bytes), "the link's target was packed");
    const names = Object.keys(unzipSync(bytes));
    assert(!names.some((n) => /evil|passwd/.test(n)), names.join());
    assert(names.some((n) => n.endsWith("resources/alias.png")), names.join());
    const passwd = await Deno.readTextFile("/etc/passwd").catch(() => "");
    if (passwd.includes("root:")) assert(!new TextDecoder().decode(bytes).includes("root:x:0"));

    const u = await runCli(["draft", "upload", draftId, "--to", up.url], { env: w.env });
    assertEquals(u.code, 0, u.stderr);
    assertEquals(up.bodies.length, 1);
    assert(!holdsSecret(up.bodies[0]), "the upload carried the link's target");
    assertEquals((u.json as Json).skipped, ["resources/evil.png", "resources/passwd.png"]);

    // The timeline itself names the link: still never followed, even with --include-external.
    for (const f of ["draft_content.json", "draft_info.json", "template-2.tmp"]) {
      const doc = JSON.parse(await Deno.readTextFile(`${filePath}/${f}`).catch(() => "null"));
      if (!doc) continue;
      doc.materials.videos[0].path = `${resources}/evil.png`;
      await Deno.writeTextFile(`${filePath}/${f}`, JSON.stringify(doc));
    }
    const asked = `${w.root}/asked.zip`;
    const z2 = await runCli(
      ["draft", "zip", draftId, "--output", asked, "--include-external"],
      { env: w.env },
    );
    assertEquals(z2.code, 0, z2.stderr);
    assertEquals((z2.json as Json).mediaCopied, 0);
    assertEquals((z2.json as Json).externalMedia, [`${resources}/evil.png`]);
    assert(!holdsSecret(await Deno.readFile(asked)), "a timeline path through a link was followed");
  } finally {
    await up.server.shutdown();
    await w.cleanup();
  }
});

Deno.test("archives: an imported zip's paths outside the draft are marked external and never read", async () => {
  const w = await tempWorld();
  const up = uploadServer();
  try {
    const secret = `${w.root}/outside/secret.txt`;
    await Deno.mkdir(`${w.root}/outside`);
    await Deno.writeTextFile(secret, SECRET);
    const climbing = `${DRAFT_PLACEHOLDER}/../../outside/secret.txt`;
    const content = {
      id: "C0FFEE00-0000-4000-8000-000000000009",
      duration: 3_000_000,
      fps: 30,
      canvas_config: { width: 1080, height: 1920, ratio: "original" },
      platform: { app_source: "lv", app_version: "5.9.0", os: "windows" },
      materials: {
        videos: [
          { id: "V1", type: "photo", path: secret, material_name: "a" },
          { id: "V2", type: "photo", path: climbing, material_name: "b" },
        ],
      },
      tracks: [],
    };
    const zipPath = `${w.root}/hostile.zip`;
    await Deno.writeFile(
      zipPath,
      zipSync({ "d/draft_content.json": strToU8(JSON.stringify(content)) }),
    );
    const imp = await runCli(["draft", "import", zipPath], { env: w.env });
    assertEquals(imp.code, 0, imp.stderr);
    const { draftId, externalMedia, missingMedia } = imp.json as Json;
    assertEquals(externalMedia, [secret, climbing]);
    assertEquals(missingMedia, []);
    assert(imp.stderr.includes(`media outside the draft, not read: ${secret}`), imp.stderr);

    const v = await runCli(["draft", "validate", draftId], { env: w.env });
    assertEquals(v.code, 8, v.stdout + v.stderr);
    const report = v.json as Json;
    assertEquals(report.errors.map((e: Json) => [e.code, e.path]), [
      ["imported_external_media", "materials.videos[0].path"],
      ["imported_external_media", "materials.videos[1].path"],
    ]);

    for (const extra of [[], ["--include-external"]]) {
      const out = `${w.root}/re${extra.length}.zip`;
      const z = await runCli(["draft", "zip", draftId, "--output", out, ...extra], {
        env: w.env,
      });
      assertEquals(z.code, 0, z.stderr);
      assertEquals((z.json as Json).externalMedia, [secret]);
      assertEquals((z.json as Json).mediaCopied, 0);
      assert(!holdsSecret(await Deno.readFile(out)), `zip ${extra.join(" ")} packed the secret`);
    }
    const u = await runCli(
      ["draft", "upload", draftId, "--to", up.url, "--include-external"],
      { env: w.env },
    );
    assertEquals(u.code, 0, u.stderr);
    assertEquals(up.bodies.length, 1);
    assert(!holdsSecret(up.bodies[0]), "the upload carried the secret");
    assertEquals((u.json as Json).externalMedia, [secret]);
  } finally {
    await up.server.shutdown();
    await w.cleanup();
  }
});
