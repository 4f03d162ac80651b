/**
 * Every provider's presigned URL, fed through every error path a URL can reach: media downloads
 * (HTTP status, refused connection, redirect loop, size cap, bad scheme), draft zip downloads,
 * uploads, `images add` / `draft import` / `draft upload` through the CLI front (stderr JSON
 * and warnings). No signature, credential or token may appear anywhere.
 */
import { ok as assert } from "node:assert/strict";
import { join } from "node:path";
import { runApp } from "../src/cli/app.ts";
import { downloadAll } from "../src/media/media_download.ts";
import { downloadToFile } from "../src/transfer/zip_download.ts";
import { uploadFile } from "../src/transfer/upload.ts";
import { isSecretParam, redactText, redactUrl, SECRET_PARAMS } from "../src/text/redact.ts";
import { DraftcliError } from "../src/errors.ts";
import { fixture, tempWorld } from "./helpers/cli.ts";
import { callTool } from "../src/mcp/tools.ts";
import { loadAllSpecs } from "../src/commands/registry.ts";
import { makeContext } from "../src/commands/make_context.ts";
import { rawResponse, rawServer } from "./helpers/raw_http.ts";
import { tempDir } from "./helpers/temp.ts";

/** Query strings as each provider signs them; every secret value contains "SEKRET". */
const PRESIGNED: Record<string, string> = {
  "s3-v4": "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIASEKRET1%2F20261125%2Fus-east-1" +
    "%2Fs3%2Faws4_request&X-Amz-Date=20261125T000000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host" +
    "&X-Amz-Security-Token=SEKRET2&X-Amz-Signature=SEKRET3",
  "s3-v2": "AWSAccessKeyId=SEKRET4&Expires=1790000000&Signature=SEKRET5",
  "gcs-v4": "X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=SEKRET6%40p.iam&X-Goog-Date=" +
    "20261125T000000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=SEKRET7",
  "gcs-v2": "GoogleAccessId=SEKRET8%40p.iam&Expires=1790000000&Signature=SEKRET9",
  "azure-sas": "sv=2022-11-02&ss=b&srt=o&sp=rw&se=2026-12-01&sr=b&skoid=SEKRET10&sig=SEKRET11",
  "cos": "q-sign-algorithm=sha1&q-ak=SEKRET12&q-sign-time=1%3B2&q-key-time=1%3B2&q-header-list=" +
    "host&q-url-param-list=&q-signature=SEKRET13&x-cos-security-token=SEKRET14",
  "oss-v1": "OSSAccessKeyId=SEKRET15&Expires=1790000000&Signature=SEKRET16&security-token=SEKRET17",
  "oss-v4": "x-oss-signature-version=OSS4-HMAC-SHA256&x-oss-credential=SEKRET18&x-oss-date=" +
    "20261125T000000Z&x-oss-expires=900&x-oss-signature=SEKRET19",
  "tos": "X-Tos-Algorithm=TOS4-HMAC-SHA256&X-Tos-Credential=SEKRET20%2F20261125%2Fcn-beijing%2F" +
    "tos%2Frequest&X-Tos-Date=20261125T000000Z&X-Tos-Expires=900&X-Tos-SignedHeaders=host&" +
    "X-Tos-Signature=SEKRET21&X-Tos-Security-Token=SEKRET22",
  "generic": "access_token=SEKRET23&api_key=SEKRET24&uploadToken=SEKRET25&clientSecret=SEKRET26",
};

function clean(where: string, text: string): void {
  assert(!/SEKRET/.test(text), `${where} leaks a secret: ${text}`);
}

function errorText(e: unknown): string {
  if (e instanceof DraftcliError) return JSON.stringify({ ...e.toJSON(), raw: e.message });
  return String(e);
}

Deno.test("the secret parameter list covers each provider and generic names", () => {
  for (const names of Object.values(SECRET_PARAMS)) for (const n of names) assert(isSecretParam(n));
  for (const n of ["x-tos-signature", "Q-AK", "my_token", "privateKey", "Credential"]) {
    assert(isSecretParam(n), n);
  }
  for (const n of ["w", "h", "q", "format", "se", "Expires", "quality"]) {
    assert(!isSecretParam(n), n);
  }
  for (const [name, q] of Object.entries(PRESIGNED)) {
    const url = `https://u:SEKRETpw@bucket.example.com/a/b.mp4?${q}#x-tos-signature=SEKRET0`;
    clean(`${name} redactUrl`, redactUrl(url));
    clean(`${name} redactText`, redactText(`failed: ${url}: nope`));
  }
});

Deno.test("presigned URLs through every download and upload error path", async () => {
  await using server = rawServer((path) => {
    if (path.startsWith("/loop")) {
      return { bytes: rawResponse(302, { location: path, "content-length": 0 }) };
    }
    if (path.startsWith("/big")) {
      return { bytes: rawResponse(200, { "content-length": 5000 }, new Uint8Array(5000)) };
    }
    return { bytes: rawResponse(403, { "content-length": 6 }, "denied") };
  });
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const refused = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}`;
  closed.close();
  await using tmp = await tempDir("draftcli-secrets-");
  const file = join(tmp.path, "f.bin");
  await Deno.writeFile(file, new Uint8Array(10));
  const fast = { retries: 0, retryDelayMs: 1, connectTimeoutMs: 1000, idleTimeoutMs: 1000 };
  for (const [name, q] of Object.entries(PRESIGNED)) {
    const urls = {
      status: `${server.base}/x.mp4?${q}`,
      loop: `${server.base}/loop?${q}`,
      big: `${server.base}/big?${q}`,
      refused: `${refused}/x.mp4?${q}`,
      scheme: `ftp://h/x.mp4?${q}`,
    };
    for (const [path, url] of Object.entries(urls)) {
      const label = `${name} ${path}`;
      const media = await downloadAll([{ url, index: 0 }], join(tmp.path, "stage"), {
        ...fast,
        maxBytes: 100,
      }).then(() => undefined, (e) => e);
      assert(media, `${label}: media download failed`);
      clean(`${label} media download`, errorText(media));
      const zip = await downloadToFile(url, join(tmp.path, "in.zip"), { ...fast, maxBytes: 100 })
        .then(() => undefined, (e) => e);
      assert(zip, `${label}: zip download failed`);
      clean(`${label} zip download`, errorText(zip));
      const up = await uploadFile(file, url, fast).then(() => undefined, (e) => e);
      if (path !== "big") assert(up, `${label}: upload failed`);
      if (up) clean(`${label} upload`, errorText(up));
    }
  }
});

Deno.test("presigned URLs through the CLI front: errors and warnings stay clean", async () => {
  await using server = rawServer(() => ({
    bytes: rawResponse(404, { "content-length": 2 }, "no"),
  }));
  const w = await tempWorld();
  try {
    const run = async (argv: string[]) => {
      let out = "";
      const code = await runApp(argv, {
        stdout: (t) => void (out += t),
        stderr: (t) => void (out += t),
        readStdin: () => Promise.resolve(""),
        env: { ...w.env },
        stderrIsTerminal: false,
      });
      return { code, out };
    };
    const created = await run(["draft", "create"]);
    const { draftId } = JSON.parse(created.out);
    for (const [name, q] of Object.entries(PRESIGNED)) {
      const url = `${server.base}/a.png?${q}`;
      const runs = [
        ["images", "add", draftId, "--image-infos", JSON.stringify([{ imageUrl: url }])],
        ["audios", "add", draftId, "--audio-infos", JSON.stringify([{ audioUrl: url }])],
        ["draft", "import", url],
        ["draft", "upload", draftId, "--to", `${server.base}/up?${q}`],
        ["images", "add", draftId, "--image-infos", JSON.stringify([{ imageUrl: `ftp://h?${q}` }])],
      ];
      for (const argv of runs) {
        const r = await run(argv);
        assert(r.code !== 0, `${name} ${argv.slice(0, 2).join(" ")} should fail: ${r.out}`);
        clean(`${name} ${argv.slice(0, 2).join(" ")}`, r.out);
      }
    }
  } finally {
    await w.cleanup();
  }
});

/** A URL of every secret shape that a successful command echoes back; SEKRET marks each secret. */
function echoedUrl(base: string, file: string): string {
  const auth = base.replace("http://", "http://user:SEKRETpw@");
  return `${auth}/${file}?w=1&token=SEKRETa&access_token=SEKRETb&jwt=SEKRETc&sig=SEKRETd` +
    `&signature=SEKRETe&key=SEKRETf&credential=SEKRETg&X-Amz-Signature=SEKRETh` +
    `&X-Goog-Signature=SEKRETi&q-signature=SEKRETj&X-Tos-Signature=SEKRETk`;
}

Deno.test("query media and query audio-duration print the URL redacted (CLI and MCP)", async () => {
  const png = await Deno.readFile(fixture("image.png"));
  const mp3 = await Deno.readFile(fixture("audio.mp3"));
  await using server = rawServer((path) => {
    const body = path.startsWith("/a.mp3") ? mp3 : png;
    return { bytes: rawResponse(200, { "content-length": body.length }, body) };
  });
  const w = await tempWorld();
  try {
    const run = async (argv: string[]) => {
      let stdout = "";
      let stderr = "";
      const code = await runApp(argv, {
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        readStdin: () => Promise.resolve(""),
        env: { ...w.env },
        stderrIsTerminal: false,
      });
      return { code, stdout, stderr };
    };
    const media = await run(["query", "media", "--url", echoedUrl(server.base, "i.png")]);
    assert(media.code === 0, media.stderr);
    clean("query media", media.stdout + media.stderr);
    const shown = JSON.parse(media.stdout).url as string;
    assert(shown.includes("/i.png?w=1&token=***&access_token=***&jwt=***"), shown);
    assert(shown.startsWith("http://***@127.0.0.1:"), shown);
    const audio = await run(["query", "audio-duration", "--url", echoedUrl(server.base, "a.mp3")]);
    assert(audio.code === 0, audio.stderr);
    clean("query audio-duration", audio.stdout + audio.stderr);
    // A picture has no audio: the error names the URL, redacted.
    const noAudio = await run([
      "query",
      "audio-duration",
      "--url",
      echoedUrl(server.base, "i.png"),
    ]);
    assert(noAudio.code !== 0);
    clean("query audio-duration error", noAudio.stdout + noAudio.stderr);

    const spec = (await loadAllSpecs()).find((s) => s.name.join(" ") === "query media")!;
    const ctx = makeContext({ env: { ...w.env }, warn: () => {} });
    const tool = await callTool(spec, { url: echoedUrl(server.base, "i.png") }, ctx, {
      structured: true,
    });
    assert(!tool.isError, JSON.stringify(tool));
    clean("MCP query_media", JSON.stringify(tool));
  } finally {
    await w.cleanup();
  }
});

Deno.test("a secret URL stored in a draft is printed redacted (draft export, CLI and MCP)", async () => {
  const w = await tempWorld();
  try {
    const run = async (argv: string[]) => {
      let stdout = "";
      let stderr = "";
      const code = await runApp(argv, {
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        readStdin: () => Promise.resolve(""),
        env: { ...w.env },
        stderrIsTerminal: false,
      });
      return { code, stdout, stderr };
    };
    const created = await run(["draft", "create"]);
    const { draftId, filePath } = JSON.parse(created.stdout);
    const add = await run([
      "images",
      "add",
      draftId,
      "--image-infos",
      JSON.stringify([{ imageUrl: fixture("image.png"), start: 0, end: 1_000_000 }]),
    ]);
    assert(add.code === 0, add.stderr);
    // The draft keeps a remote URL as a material path (as a person's draft may).
    const stored = "https://cdn.example.com/x.png?jwt=SEKRETj&X-Goog-Signature=SEKRETg";
    for (const f of ["draft_content.json", "draft_info.json", "template-2.tmp"]) {
      const file = join(filePath, f);
      const doc = JSON.parse(await Deno.readTextFile(file).catch(() => "null"));
      if (!doc) continue;
      doc.materials.videos[0].path = stored;
      await Deno.writeTextFile(file, JSON.stringify(doc));
    }
    const exported = await run(["draft", "export", draftId]);
    assert(exported.code === 0, exported.stderr);
    assert(exported.stdout.includes("https://cdn.example.com/x.png?jwt=***"), exported.stdout);
    clean("draft export", exported.stdout + exported.stderr);
    const spec = (await loadAllSpecs()).find((s) => s.name.join(" ") === "draft export")!;
    const ctx = makeContext({ env: { ...w.env }, warn: () => {} });
    const tool = await callTool(spec, { draftId }, ctx, { structured: true });
    assert(!tool.isError, JSON.stringify(tool));
    clean("MCP draft_export", JSON.stringify(tool));
  } finally {
    await w.cleanup();
  }
});
