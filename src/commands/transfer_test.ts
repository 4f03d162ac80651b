/**
 * The transfer commands driven through the real CLI front (`runApp`: argv parsing, schema
 * validation, JSON output, error codes) against real folders and a real local HTTP server.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../../test/helpers/temp.ts";
import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { runApp } from "../cli/app.ts";
import { isUuid } from "../draft/ids.ts";
import { makeFixtureDraft, snapshot } from "../../test/helpers/transfer_fixture.ts";
import { folderMtimes, snapshotFiles } from "../../test/helpers/corpus.ts";

const TOKEN = "cli-TOKEN-secret-7";
const SIG = "cliSIGsecret";

interface Run {
  code: number;
  out: string;
  err: string;
  json: Record<string, unknown>;
  error?: { code: string; message: string; hint?: string };
}

async function cli(argv: string[], env: Record<string, string>): Promise<Run> {
  let out = "";
  let err = "";
  const code = await runApp(argv, {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readStdin: () => Promise.resolve(""),
    env,
  });
  const parse = (t: string) => {
    try {
      return JSON.parse(t);
    } catch {
      return undefined;
    }
  };
  const lastErr = err.trim().split("\n").at(-1) ?? "";
  return { code, out, err, json: parse(out) ?? {}, error: parse(lastErr)?.error };
}

async function setup() {
  const tmp = await tempDir("draftcli-cli-transfer-");
  const base = tmp.path;
  const fx = await makeFixtureDraft(base);
  await Deno.remove(join(fx.dir, ".draftcli", "lock")); // a real lock would block the command
  const env = {
    HOME: base,
    DRAFTCLI_CONFIG: join(base, "config.json"),
    DRAFTCLI_DRAFTS_DIR: fx.root,
  };
  return { base, fx, env, [Symbol.asyncDispose]: tmp.remove };
}

async function withServer(
  handler: (req: Request, body: Uint8Array) => Response,
  fn: (base: string, bodies: Uint8Array[]) => Promise<void>,
) {
  const bodies: Uint8Array[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = new Uint8Array(await req.arrayBuffer());
    bodies.push(body);
    return handler(req, body);
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`, bodies);
  } finally {
    await server.shutdown();
  }
}

function noSecret(r: Run): void {
  assert(!(r.out + r.err).includes(TOKEN), r.out + r.err);
  assert(!(r.out + r.err).includes(SIG), r.out + r.err);
}

Deno.test("cli: draft zip writes the zip, warns about missing media, leaves the draft alone", async () => {
  await using world = await setup();
  const { base, fx, env } = world;
  const before = await snapshot(fx.dir);
  const r = await cli(
    ["draft", "zip", fx.draftId, "--output", base, "--include-external"],
    env,
  );
  assertEquals(r.code, 0, r.err);
  const zipPath = join(base, `${fx.draftId}.zip`);
  const bytes = await Deno.readFile(zipPath);
  const json = r.json as Record<string, unknown>;
  const photoEntry = (json.packedExternal as { entry: string }[])[0]?.entry;
  assertEquals(json, {
    draftId: fx.draftId,
    zipPath,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    files: 9,
    mediaCopied: 1,
    packedExternal: [{ path: fx.photo, entry: photoEntry }],
    externalMedia: [],
    skipped: [],
    missingMedia: [fx.missingPath],
    warnings: [],
    message: "ok",
  });
  assert(r.err.includes(`warning: media not found, left as is: ${fx.missingPath}`), r.err);
  // Without --include-external the photo outside the draft is listed, not packed.
  const plain = await cli(["draft", "zip", fx.draftId, "--output", join(base, "p.zip")], env);
  assertEquals(plain.code, 0, plain.err);
  const p = plain.json as Record<string, unknown>;
  assertEquals([p.files, p.mediaCopied, p.externalMedia], [8, 0, [fx.photo]]);
  assertEquals(p.warnings, [
    `media outside the draft folder not packed (pass --include-external to pack it): ${fx.photo}`,
  ]);
  assert(plain.err.includes(`warning: media outside the draft folder not packed`), plain.err);
  // A read: nothing in the draft changed, not even the orphaned temp file.
  assertEquals(await snapshot(fx.dir), before);
  // With a lock its dead owner left, zip takes the lock and finishes draftcli's interrupted
  // commit first (which deletes the orphaned temp file); the lock goes, the rest is untouched.
  await Deno.writeTextFile(join(fx.dir, ".draftcli", "lock"), "{}");
  const locked = await cli(["draft", "zip", fx.draftId, "--output", join(base, "l.zip")], env);
  assertEquals(locked.code, 0, locked.err);
  assertEquals((locked.json as Record<string, unknown>).files, 8);
  for (const k of before.keys()) if (k.endsWith(".draftcli-tmp")) before.delete(k);
  assertEquals(await snapshot(fx.dir), before);
  // Writing the zip into the draft itself is refused.
  const inside = await cli(["draft", "zip", fx.draftId, "--output", join(fx.dir, "x.zip")], env);
  assertEquals([inside.code, inside.error?.code], [2, "invalid_input"]);
  const unknown = await cli(["draft", "zip", "NOPE"], env);
  assertEquals([unknown.code, unknown.error?.code], [3, "draft_not_found"]);
});

Deno.test("cli: draft zip of an editor's draft leaves its folder as it was, folder mtimes too", async () => {
  await using tmp = await tempDir("draftcli-cli-zip-editor-");
  const root = join(tmp.path, "drafts");
  const name = "capcut6.2-win-effects"; // saved by CapCut, with a subfolder
  const dir = join(root, name);
  const copy = async (from: string, to: string) => {
    await Deno.mkdir(to, { recursive: true });
    for await (const e of Deno.readDir(from)) {
      if (e.isDirectory) await copy(join(from, e.name), join(to, e.name));
      else await Deno.copyFile(join(from, e.name), join(to, e.name));
    }
  };
  await copy(new URL(`../../test/fixtures/corpus/${name}`, import.meta.url).pathname, dir);
  const files = await snapshotFiles(dir);
  const mtimes = await folderMtimes(dir);
  const env = {
    HOME: tmp.path,
    DRAFTCLI_CONFIG: join(tmp.path, "config.json"),
    DRAFTCLI_DRAFTS_DIR: root,
  };
  const out = join(tmp.path, "out", "d.zip");
  const r = await cli(["draft", "zip", name, "--output", out], env);
  assertEquals(r.code, 0, r.err);
  assertEquals(await snapshotFiles(dir), files);
  assertEquals(await folderMtimes(dir), mtimes);
  // The zip is whole: every file of the draft under one top folder, nothing else.
  const entries = Object.keys(unzipSync(await Deno.readFile(out))).filter((k) => !k.endsWith("/"));
  assertEquals(new Set(entries.map((k) => k.split("/")[0])).size, 1, entries.join(", "));
  const drafted = [...files.keys()].filter((k) => !k.endsWith("/"));
  assertEquals(entries.map((k) => k.slice(k.indexOf("/") + 1)).sort(), drafted.sort());
  assertEquals((r.json as Record<string, unknown>).files, drafted.length);
});

Deno.test("cli: draft import of a file gets a new id in the drafts folder", async () => {
  await using world = await setup();
  const { base, fx, env } = world;
  const zipPath = join(base, "d.zip");
  assertEquals((await cli(["draft", "zip", fx.draftId, "--output", zipPath], env)).code, 0);
  const root2 = join(base, "elsewhere");
  const r = await cli(["draft", "import", zipPath, "--name", "Copy"], {
    ...env,
    DRAFTCLI_DRAFTS_DIR: root2,
  });
  assertEquals(r.code, 0, r.err);
  const id = r.json.draftId as string;
  assert(isUuid(id) && id !== fx.draftId, id);
  assertEquals(r.json.filePath, join(root2, id), "the folder is named by the new id");
  assertEquals([r.json.name, r.json.editor], ["Copy", "capcut"]);
  const doc = JSON.parse(await Deno.readTextFile(join(r.json.filePath, "draft_content.json")));
  assertEquals(await Deno.readFile(doc.materials.videos[0].path), fx.photoBytes);
  const missing = await cli(["draft", "import", join(base, "nope.zip")], env);
  assertEquals([missing.code, missing.error?.code], [2, "invalid_input"]);
});

Deno.test("cli: draft import from a URL, and the maxZipBytes cap", async () => {
  await using world = await setup();
  const { base, fx, env } = world;
  const zipPath = join(base, "d.zip");
  await cli(["draft", "zip", fx.draftId, "--output", zipPath], env);
  const zip = await Deno.readFile(zipPath);
  await withServer(() => new Response(zip), async (url) => {
    const root2 = join(base, "from-url");
    const r = await cli(["draft", "import", `${url}/d.zip?sig=${SIG}`], {
      ...env,
      DRAFTCLI_DRAFTS_DIR: root2,
    });
    assertEquals(r.code, 0, r.err);
    assert(await Deno.stat(join(r.json.filePath as string, "draft_info.json")));
    const listed = await cli(["draft", "info", r.json.draftId as string], {
      ...env,
      DRAFTCLI_DRAFTS_DIR: root2,
    });
    assertEquals(listed.code, 0, listed.err);
    await Deno.writeTextFile(env.DRAFTCLI_CONFIG, JSON.stringify({ maxZipBytes: 1000 }));
    const capped = await cli(["draft", "import", `${url}/d.zip?sig=${SIG}`], {
      ...env,
      DRAFTCLI_DRAFTS_DIR: join(base, "capped"),
    });
    assertEquals([capped.code, capped.error?.code], [2, "invalid_input"]);
    assert(/maxZipBytes/.test(capped.error?.hint ?? ""), capped.err);
    noSecret(capped);
    assert(!(await Deno.stat(join(base, "capped")).then(() => true, () => false)));
  });
});

Deno.test("cli: draft upload by presigned PUT; token from env never printed", async () => {
  await using world = await setup();
  const { fx, env } = world;
  await withServer(() => new Response(null, { status: 200 }), async (url, bodies) => {
    const r = await cli([
      "draft",
      "upload",
      fx.draftId,
      "--to",
      `${url}/b/d.zip?X-Amz-Signature=${SIG}`,
    ], {
      ...env,
      DRAFTCLI_UPLOAD_TOKEN: TOKEN,
    });
    assertEquals(r.code, 0, r.err);
    assertEquals(r.json.downloadUrl, `${url}/b/d.zip`);
    assertEquals([r.json.method, r.json.attempts, "zipPath" in r.json], ["put", 1, false]);
    noSecret(r);
    const files = unzipSync(bodies[0]);
    assert(`${fx.draftId}/draft_content.json` in files);
    assertEquals(r.json.sha256, createHash("sha256").update(bodies[0]).digest("hex"));
  });
});

Deno.test("cli: draft upload of a draft named x/../../esc zips <id>.zip in a private temp folder", async () => {
  await using world = await setup();
  const { base, fx, env } = world;
  const metaPath = join(fx.dir, "draft_meta_info.json");
  const meta = JSON.parse(await Deno.readTextFile(metaPath));
  await Deno.writeTextFile(metaPath, JSON.stringify({ ...meta, draft_name: "x/../../esc" }));
  const tmp = join(base, "tmp");
  await Deno.mkdir(tmp);
  // An unrelated file where a name used as a path would have put the zip.
  await Deno.writeTextFile(join(tmp, "esc.zip"), "someone else's");
  await withServer(() => new Response(null, { status: 200 }), async (url, bodies) => {
    const r = await cli(
      ["draft", "upload", "x/../../esc", "--to", `${url}/b/d.zip?X-Amz-Signature=${SIG}`],
      { ...env, TMPDIR: tmp },
    );
    assertEquals(r.code, 0, r.err);
    assertEquals(await Deno.readTextFile(join(tmp, "esc.zip")), "someone else's");
    assertEquals(r.json.draftId, fx.draftId);
    assertEquals([...Deno.readDirSync(tmp)].map((e) => e.name), ["esc.zip"]);
    const names = Object.keys(unzipSync(bodies[0]));
    assert(names.length && names.every((n) => n.startsWith(`${fx.draftId}/`)), names[0]);
  });
  const t = await cli([
    "draft",
    "upload",
    "x/../../esc",
    "--to",
    "http://127.0.0.1:9/none",
    "--download-url",
    "https://cdn.example/{name}",
  ], { ...env, TMPDIR: tmp });
  assert(t.code !== 0);
  const kept = /retry with --zip (\S+)$/.exec(t.error?.hint ?? "")?.[1];
  assert(kept?.endsWith(`/${fx.draftId}.zip`) && kept.startsWith(`${tmp}/draftcli-upload-`), t.err);
});

Deno.test("cli: draft upload uses config uploadUrl/uploadToken, POST, and a download URL template", async () => {
  await using world = await setup();
  const { base, fx, env } = world;
  await withServer(
    (req) =>
      req.headers.get("authorization") === `Bearer ${TOKEN}`
        ? Response.json({ url: "https://files.example/x.zip" })
        : new Response("no", { status: 401 }),
    async (url) => {
      await Deno.writeTextFile(
        env.DRAFTCLI_CONFIG,
        JSON.stringify({ uploadUrl: `${url}/upload`, uploadToken: TOKEN }),
      );
      const r = await cli(["draft", "upload", fx.draftId], env);
      assertEquals(r.code, 0, r.err);
      assertEquals([r.json.downloadUrl, r.json.method], ["https://files.example/x.zip", "post"]);
      noSecret(r);
      const zipPath = join(base, "mine.zip");
      await cli(["draft", "zip", fx.draftId, "--output", zipPath], env);
      const t = await cli([
        "draft",
        "upload",
        fx.draftId,
        "--zip",
        zipPath,
        "--download-url",
        "https://cdn.example/{draftId}/{name}",
      ], env);
      assertEquals(t.code, 0, t.err);
      assertEquals(t.json.downloadUrl, `https://cdn.example/${fx.draftId}/mine.zip`);
      assertEquals(t.json.zipPath, zipPath);
    },
  );
});

Deno.test("cli: draft upload without a target says how to configure one", async () => {
  await using world = await setup();
  const { fx, env } = world;
  const r = await cli(["draft", "upload", fx.draftId], env);
  assertEquals([r.code, r.error?.code], [2, "usage"]);
  assert(/config set uploadUrl/.test(r.error?.hint ?? "") && /--to/.test(r.error!.message), r.err);
});

Deno.test("cli: a refused upload exits 4 without secrets and keeps the zip for a retry", async () => {
  await using world = await setup();
  const { fx, env } = world;
  await withServer(() => new Response(`nope ${TOKEN}`, { status: 403 }), async (url) => {
    const r = await cli(
      ["draft", "upload", fx.draftId, "--to", `${url}/k?sig=${SIG}`, "--token", TOKEN],
      env,
    );
    assertEquals([r.code, r.error?.code], [4, "http_error"]);
    assert(/URL expired or not allowed/.test(r.error!.message), r.err);
    noSecret(r);
    const kept = /retry with --zip (\S+)$/.exec(r.error?.hint ?? "")?.[1];
    assert(kept && (await Deno.stat(kept)).isFile, r.err);
    await Deno.remove(join(kept, ".."), { recursive: true });
  });
});

Deno.test("cli: --help of each transfer command lists its options", async () => {
  for (
    const [words, flags] of [
      [["draft", "zip"], ["--output"]],
      [["draft", "upload"], ["--to", "--zip", "--token", "--download-url", "--method"]],
      [["draft", "import"], ["--name"]],
    ] as const
  ) {
    const r = await cli([...words, "--help"], {});
    assertEquals(r.code, 0);
    for (const f of flags) assert(r.out.includes(f), `${words.join(" ")}: ${f}\n${r.out}`);
  }
});
