/**
 * Security rules, end to end: no shell anywhere, download caps reach the downloader, resource
 * names never come from the URL or the server, credentials never reach output or errors.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { fixture, runCli, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { checkDraft } from "./helpers/draft_check.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const ROOT = fileURLToPath(new URL("../", import.meta.url));

async function sources(dir: string, out: string[] = []): Promise<string[]> {
  for await (const e of Deno.readDir(dir)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory && e.name !== "data") await sources(p, out);
    else if (e.isFile && /\.ts$/.test(e.name) && !/_test\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The text of a call starting at `open` (the index of its "("), up to the matching ")". */
function callText(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

Deno.test("no shell: every subprocess is an argv array, never sh -c / cmd /c", async () => {
  const files = [
    `${ROOT}main.ts`,
    ...await sources(`${ROOT}src`),
    ...await sources(`${ROOT}scripts`),
  ];
  const SHELL =
    /["'`](?:[\w/\\.]*[/\\])?(sh|bash|zsh|dash|fish|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)["'`]/;
  const SHELL_FLAG = /["'`](-c|\/c|\/C|\/k|-Command|-EncodedCommand)["'`]/;
  let calls = 0;
  for (const file of files) {
    const text = await Deno.readTextFile(file);
    const where = file.slice(ROOT.length);
    assert(!/from\s+["']node:child_process["']/.test(text), `${where} imports node:child_process`);
    assert(!/\bDeno\.run\s*\(/.test(text), `${where} uses Deno.run`);
    assert(!/shell\s*:\s*true/.test(text), `${where} asks for a shell`);
    for (const m of text.matchAll(/\bDeno\.Command\s*\(/g)) {
      calls++;
      const call = callText(text, m.index! + m[0].length - 1);
      assert(!SHELL.test(call), `${where}: a shell as the program: ${call.slice(0, 200)}`);
      assert(!SHELL_FLAG.test(call), `${where}: a shell flag: ${call.slice(0, 200)}`);
      // The arguments are an array (a literal, a slice of one, or a named list), never a string.
      const args = /\bargs\s*(?::\s*([^,}\n]+))?/.exec(call);
      if (args?.[1]) {
        assert(!/^\s*["'`]/.test(args[1]), `${where}: args given as a string: ${args[1]}`);
      }
    }
  }
  assert(calls >= 3, `found the subprocess calls (${calls})`);
});

/** A local server: any path answers with the PNG fixture, with a hostile Content-Disposition. */
function imageServer(seen: string[] = []) {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    seen.push(new URL(req.url).pathname);
    const url = new URL(req.url);
    if (url.pathname.startsWith("/private")) return new Response("no", { status: 404 });
    return new Response(await Deno.readFile(fixture("image.png")), {
      headers: { "content-disposition": 'attachment; filename="../../../evil.png"' },
    });
  });
}

async function listAll(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, rel: string) => {
    for await (const e of Deno.readDir(d)) {
      const r = `${rel}/${e.name}`;
      out.push(r);
      if (e.isDirectory) await walk(`${d}/${e.name}`, r);
    }
  };
  await walk(dir, "");
  return out.sort();
}

Deno.test("resource names never come from the URL path or Content-Disposition", async () => {
  const w = await tempWorld();
  const seen: string[] = [];
  const server = imageServer(seen);
  try {
    const created = await runCli(["draft", "create"], { env: w.env });
    const { draftId, filePath } = created.json as Json;
    // The draft's own folder is the only place allowed to change.
    const own = filePath.slice(w.root.length);
    const before = (await listAll(w.root)).filter((p) => !p.startsWith(own));
    const base = `http://127.0.0.1:${server.addr.port}`;
    const urls = [
      `${base}/a/b/../../../../x.png`,
      `${base}/%2e%2e/%2e%2e/y.png`,
      `${base}/..%2f..%2fz.png`,
    ];
    const r = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify(
        urls.map((u, i) => ({ imageUrl: u, start: i * 1_000_000, end: (i + 1) * 1_000_000 })),
      ),
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const resources = await Array.fromAsync(Deno.readDir(`${filePath}/resources`));
    // Three URLs, the same bytes: one file, named by its content hash and sniffed type.
    assertEquals(resources.map((e) => e.name).filter((n) => !/^[0-9a-f]{16}\.png$/.test(n)), []);
    assertEquals(resources.length, 1);
    for (const item of (r.json as Json).items) {
      assert(item.path.startsWith(`${filePath}/resources/`), item.path);
    }
    // Nothing appeared anywhere else in the test world.
    const after = (await listAll(w.root)).filter((p) => !p.startsWith(own));
    assertEquals(after, before);
    assertEquals((await checkDraft(filePath)).problems, []);
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});

Deno.test("config set maxDownloadBytes reaches the downloader", async () => {
  const w = await tempWorld();
  const server = imageServer();
  try {
    const { draftId, filePath } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    const size = (await Deno.stat(fixture("image.png"))).size;
    const set = await runCli(["config", "set", "maxDownloadBytes", String(size - 1)], {
      env: w.env,
    });
    assertEquals(set.code, 0, set.stderr);
    const before = await snapshotDir(filePath);
    const add = () =>
      runCli([
        "images",
        "add",
        draftId,
        "--image-infos",
        JSON.stringify([{
          imageUrl: `http://127.0.0.1:${server.addr.port}/big.png`,
          start: 0,
          end: 1_000_000,
        }]),
      ], { env: w.env });
    const refused = await add();
    assertEquals(refused.code, 5, refused.stderr);
    assertEquals(refused.error?.code, "media_error");
    assert(/larger than the .* limit/.test(refused.error!.message), refused.error!.message);
    assertEquals(await snapshotDir(filePath), before);

    assertEquals(
      (await runCli(["config", "set", "maxDownloadBytes", String(size)], { env: w.env })).code,
      0,
    );
    const ok = await add();
    assertEquals(ok.code, 0, ok.stderr);
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});

Deno.test("credentials in URLs and config never reach output or errors", async () => {
  const w = await tempWorld();
  const server = imageServer();
  try {
    const { draftId } = (await runCli(["draft", "create"], { env: w.env })).json as Json;
    const port = server.addr.port;
    const secretUrl = `http://alice:hunter2@127.0.0.1:${port}/private/a.png?token=tok-123&w=1`;
    const r = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: secretUrl, start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(r.code, 4, r.stderr);
    assertEquals(r.error?.code, "http_error");
    assert(!/hunter2|tok-123|alice/.test(r.stderr + r.stdout), r.stderr);
    assert(
      r.error!.message.includes(`http://***@127.0.0.1:${port}/private/a.png?token=***&w=1`),
      r.error!.message,
    );

    // A good download echoes the caller's URL masked.
    const okUrl = `http://bob:pa55@127.0.0.1:${port}/pub/a.png?signature=s1g`;
    const ok = await runCli([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: okUrl, start: 0, end: 1_000_000 }]),
    ], { env: w.env });
    assertEquals(ok.code, 0, ok.stderr);
    assert(!/pa55|s1g|bob/.test(ok.stdout + ok.stderr), ok.stdout);

    const token = "sk-live-0123456789";
    const set = await runCli(["config", "set", "uploadToken", token], { env: w.env });
    assertEquals(set.code, 0, set.stderr);
    const setUrl = await runCli(
      ["config", "set", "uploadUrl", "https://u:pw@up.example/x?key=k3y"],
      {
        env: w.env,
      },
    );
    assertEquals(setUrl.code, 0, setUrl.stderr);
    const show = await runCli(["config", "show"], { env: w.env });
    assertEquals(show.code, 0, show.stderr);
    const all = set.stdout + setUrl.stdout + show.stdout + set.stderr + show.stderr;
    assert(!all.includes(token) && !/pw@|k3y/.test(all), all);
    assertEquals((show.json as Json).config.uploadToken, "***");
    assertEquals((show.json as Json).config.uploadUrl, "https://***@up.example/x?key=***");
  } finally {
    await server.shutdown();
    await w.cleanup();
  }
});
