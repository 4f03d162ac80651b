/**
 * Tests of install.ps1. Everywhere: static checks and a full parse with the tree-sitter
 * PowerShell grammar (no PowerShell needed). Where PowerShell exists: on Windows the installer
 * runs for real against a local HTTP server (both `-File` and `irm … | iex`, Windows PowerShell
 * and pwsh), installing the binary named by DRAFTCLI_BIN; elsewhere pwsh must refuse politely.
 */
import { deepStrictEqual, equal, match, ok } from "node:assert/strict";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Language, type Node, Parser } from "web-tree-sitter";
// Imported only to bring the grammar package into the module graph, so require.resolve finds it.
import "tree-sitter-powershell/package.json" with { type: "json" };
import { sha256Hex, sumsText } from "../scripts/compile.ts";
import { VERSION } from "../src/version.ts";
import { tempDir } from "./helpers/temp.ts";

const INSTALL_PS1 = fileURLToPath(new URL("../install.ps1", import.meta.url));
const INSTALL_SH = fileURLToPath(new URL("../install.sh", import.meta.url));
const SOURCE = await Deno.readTextFile(INSTALL_PS1);
const IS_WINDOWS = Deno.build.os === "windows";
const WIN_ASSET = "draftcli-x86_64-pc-windows-msvc.exe";
const dec = new TextDecoder();
const enc = new TextEncoder();

/** Lines that are code, not comments. */
function codeLines(text: string): string[] {
  return text.split("\n").filter((l) => !/^\s*#/.test(l));
}

Deno.test("install.ps1 and install.sh name the repository once, in a variable", () => {
  for (
    const [file, text] of [[INSTALL_PS1, SOURCE], [INSTALL_SH, Deno.readTextFileSync(INSTALL_SH)]]
  ) {
    const hits = codeLines(text).filter((l) => l.includes("draftcli/draftcli"));
    equal(hits.length, 1, `${file}: ${hits.join(" | ")}`);
    match(hits[0], /^\s*\$?REPO\s*=\s*["']draftcli\/draftcli["']\s*$/i);
  }
});

Deno.test("install.ps1 is ASCII only (Windows PowerShell 5.1 reads BOM-less scripts as ANSI)", () => {
  const bad = [...SOURCE].findIndex((c) => c.charCodeAt(0) > 0x7e && c !== "\n");
  equal(bad, -1, `non-ASCII character at offset ${bad}`);
});

Deno.test('install.ps1 has no "$name:" in double-quoted strings (parsed as a drive variable)', () => {
  const scoped = new Set(["env", "global", "script", "local", "private", "using", "variable"]);
  for (const line of codeLines(SOURCE)) {
    for (const str of line.match(/"(?:[^"`]|`.)*"/g) ?? []) {
      for (const m of str.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*):/g)) {
        ok(scoped.has(m[1].toLowerCase()), `write \${${m[1]}}: in ${line.trim()}`);
      }
    }
  }
});

Deno.test("install.ps1 uses the release contract: asset, env vars, default folder", () => {
  for (
    const word of [
      "x86_64-pc-windows-msvc",
      "SHA256SUMS",
      "DRAFTCLI_INSTALL_BASE",
      "DRAFTCLI_VERSION",
      "DRAFTCLI_INSTALL_DIR",
      "Get-FileHash",
      "/latest/download",
      "'draftcli\\bin'",
      "$env:LOCALAPPDATA",
      "-Uninstall",
    ]
  ) ok(SOURCE.includes(word), word);
});

// ---------------------------------------------------------------- parse

await Parser.init();
const grammarFile = createRequire(import.meta.url).resolve(
  "tree-sitter-powershell/tree-sitter-powershell.wasm",
);
const POWERSHELL = await Language.load(await Deno.readFile(grammarFile));

/** Syntax errors (ERROR or MISSING nodes) in PowerShell source, as "line:col text". */
function syntaxErrors(source: string): string[] {
  const parser = new Parser();
  parser.setLanguage(POWERSHELL);
  const tree = parser.parse(source);
  const errors: string[] = [];
  const walk = (node: Node) => {
    if (node.type === "ERROR" || node.isMissing) {
      const at = `${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
      errors.push(`${at} ${node.isMissing ? "missing " + node.type : node.text.slice(0, 60)}`);
    }
    for (const child of node.children) if (child) walk(child);
  };
  if (tree) walk(tree.rootNode);
  parser.delete();
  tree?.delete();
  return errors;
}

Deno.test("install.ps1 parses as PowerShell without syntax errors", () => {
  // The checker itself must see errors, or a clean result means nothing.
  ok(syntaxErrors("function f {\n  if ($x) { 1 \n}\n").length > 0);
  deepStrictEqual(syntaxErrors(SOURCE), []);
});

// ---------------------------------------------------------------- running it

/** PowerShell executables available here (Windows PowerShell first), [] when none. */
function powershells(): string[] {
  const found: string[] = [];
  for (const exe of IS_WINDOWS ? ["powershell", "pwsh"] : ["pwsh"]) {
    try {
      const out = new Deno.Command(exe, {
        args: ["-NoProfile", "-NonInteractive", "-Command", "exit 0"],
        stdout: "null",
        stderr: "null",
      }).outputSync();
      if (out.success) found.push(exe);
    } catch {
      // not installed
    }
  }
  return found;
}

const SHELLS = powershells();
const RELEASE_BIN = Deno.env.get("DRAFTCLI_BIN");

interface PsResult {
  code: number;
  stdout: string;
  stderr: string;
}

function show(r: PsResult): string {
  return `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;
}

/** Runs install.ps1 with `-File` (or through `irm url | iex` when `iexUrl` is given). */
async function runPs(
  shell: string,
  env: Record<string, string>,
  opts: { args?: string[]; iexUrl?: string } = {},
): Promise<PsResult> {
  const args = ["-NoProfile", "-NonInteractive"];
  if (IS_WINDOWS) args.push("-ExecutionPolicy", "Bypass");
  if (opts.iexUrl) args.push("-Command", `irm '${opts.iexUrl}' | iex`);
  else args.push("-File", INSTALL_PS1, ...(opts.args ?? []));
  const out = await new Deno.Command(shell, {
    args,
    env: { DRAFTCLI_VERSION: "", DRAFTCLI_NO_MODIFY_PATH: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** A local release server: /good/ (the real binary when DRAFTCLI_BIN is set), /badsum/. */
async function startServer() {
  const bin = RELEASE_BIN ? await Deno.readFile(RELEASE_BIN) : enc.encode("not a real binary");
  const sums = enc.encode(sumsText([{ name: WIN_ASSET, hash: await sha256Hex(bin) }]));
  const wrong = enc.encode(sumsText([{ name: WIN_ASSET, hash: await sha256Hex(enc.encode("x")) }]));
  const script = enc.encode(SOURCE);
  const releases: Record<string, Record<string, Uint8Array<ArrayBuffer>>> = {
    "/good/latest/download/": { [WIN_ASSET]: bin, SHA256SUMS: sums, "install.ps1": script },
    "/good/download/v1.2.3/": { [WIN_ASSET]: bin, SHA256SUMS: sums },
    "/badsum/": { [WIN_ASSET]: bin, SHA256SUMS: wrong },
  };
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    for (const [prefix, files] of Object.entries(releases)) {
      const body = path.startsWith(prefix) ? files[path.slice(prefix.length)] : undefined;
      if (body) {
        // What GitHub serves release assets as.
        return new Response(body, { headers: { "content-type": "application/octet-stream" } });
      }
    }
    return new Response("not found\n", { status: 404 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, requests, close: () => server.shutdown() };
}

const WHY_NOT_WINDOWS = !IS_WINDOWS
  ? " (IGNORED: runs on Windows only)"
  : SHELLS.length === 0
  ? " (IGNORED: no PowerShell found)"
  : "";
const WHY_NO_BIN = WHY_NOT_WINDOWS ||
  (RELEASE_BIN ? "" : " (IGNORED: needs DRAFTCLI_BIN, a Windows build of draftcli)");

/** One test, a step per PowerShell, each with a fresh server and install folder. */
function psTest(
  name: string,
  reason: string,
  fn: (c: {
    shell: string;
    dir: string;
    server: Awaited<ReturnType<typeof startServer>>;
  }) => Promise<void>,
) {
  Deno.test({
    name: name + reason,
    ignore: reason !== "",
    async fn(t) {
      for (const shell of SHELLS) {
        await t.step(shell, async () => {
          const dir = (await tempDir("draftcli-ps1-test-")).path;
          const server = await startServer();
          try {
            await fn({ shell, dir, server });
          } finally {
            await server.close();
            await Deno.remove(dir, { recursive: true });
          }
        });
      }
    },
  });
}

psTest("install.ps1 installs, verifies and uninstalls the binary", WHY_NO_BIN, async (c) => {
  const env = {
    DRAFTCLI_INSTALL_BASE: `${c.server.url}/good/latest/download`,
    DRAFTCLI_INSTALL_DIR: `${c.dir}\\bin`,
  };
  const r = await runPs(c.shell, env);
  equal(r.code, 0, show(r));
  match(r.stdout, /checksum verified/);
  ok(r.stdout.includes(`draftcli ${VERSION} x86_64-pc-windows-msvc`), show(r));
  deepStrictEqual([...Deno.readDirSync(`${c.dir}\\bin`)].map((e) => e.name), ["draftcli.exe"]);

  const u = await runPs(c.shell, env, { args: ["-Uninstall"] });
  equal(u.code, 0, show(u));
  match(u.stdout, /removed .*draftcli\.exe/);
  deepStrictEqual([...Deno.readDirSync(`${c.dir}\\bin`)], []);
});

psTest("install.ps1 works through irm | iex", WHY_NO_BIN, async (c) => {
  const base = `${c.server.url}/good/latest/download`;
  const env = { DRAFTCLI_INSTALL_BASE: base, DRAFTCLI_INSTALL_DIR: `${c.dir}\\bin` };
  const r = await runPs(c.shell, env, { iexUrl: `${base}/install.ps1` });
  equal(r.code, 0, show(r));
  ok(r.stdout.includes(`draftcli ${VERSION} x86_64-pc-windows-msvc`), show(r));
  ok(Deno.statSync(`${c.dir}\\bin\\draftcli.exe`).isFile);
});

psTest("install.ps1 pins DRAFTCLI_VERSION to /download/v1.2.3/", WHY_NO_BIN, async (c) => {
  const r = await runPs(c.shell, {
    DRAFTCLI_INSTALL_BASE: `${c.server.url}/good/latest/download`,
    DRAFTCLI_INSTALL_DIR: `${c.dir}\\bin`,
    DRAFTCLI_VERSION: "1.2.3",
  });
  equal(r.code, 0, show(r));
  deepStrictEqual(c.server.requests, [
    `/good/download/v1.2.3/${WIN_ASSET}`,
    "/good/download/v1.2.3/SHA256SUMS",
  ]);
});

psTest(
  "install.ps1 refuses a checksum mismatch and installs nothing",
  WHY_NOT_WINDOWS,
  async (c) => {
    const r = await runPs(c.shell, {
      DRAFTCLI_INSTALL_BASE: `${c.server.url}/badsum`,
      DRAFTCLI_INSTALL_DIR: `${c.dir}\\bin`,
    });
    ok(r.code !== 0, show(r));
    match(r.stdout + r.stderr, /checksum mismatch/);
    let exists = true;
    try {
      Deno.statSync(`${c.dir}\\bin\\draftcli.exe`);
    } catch {
      exists = false;
    }
    equal(exists, false);
  },
);

psTest("install.ps1 reports a 404 naming the URL", WHY_NOT_WINDOWS, async (c) => {
  const env = { DRAFTCLI_INSTALL_BASE: `${c.server.url}/missing`, DRAFTCLI_INSTALL_DIR: c.dir };
  const r = await runPs(c.shell, env);
  ok(r.code !== 0, show(r));
  ok((r.stdout + r.stderr).includes(`${c.server.url}/missing/${WIN_ASSET}: HTTP 404`), show(r));
  // Through iex the failure must still show and give a failing exit status.
  const i = await runPs(c.shell, env, {
    iexUrl: `${c.server.url}/good/latest/download/install.ps1`,
  });
  ok(i.code !== 0, show(i));
  ok((i.stdout + i.stderr).includes("HTTP 404"), show(i));
});

const ON_CI = Deno.env.get("GITHUB_ACTIONS") === "true";
psTest(
  "install.ps1 adds the folder to the user PATH once",
  WHY_NO_BIN || (ON_CI ? "" : " (IGNORED: changes the user PATH; runs on GitHub Actions only)"),
  async (c) => {
    const read = ["-NoProfile", "-Command", "[Environment]::GetEnvironmentVariable('Path','User')"];
    const before = dec.decode((await new Deno.Command(c.shell, { args: read }).output()).stdout)
      .trim();
    const dir = `${c.dir}\\bin`;
    try {
      const env = {
        DRAFTCLI_INSTALL_BASE: `${c.server.url}/good/latest/download`,
        DRAFTCLI_INSTALL_DIR: dir,
        DRAFTCLI_NO_MODIFY_PATH: "",
      };
      const r = await runPs(c.shell, env);
      equal(r.code, 0, show(r));
      match(r.stdout, /added .* to your user PATH/);
      const again = await runPs(c.shell, env);
      equal(again.code, 0, show(again));
      equal(/added .* to your user PATH/.test(again.stdout), false, show(again));
      const after = dec.decode((await new Deno.Command(c.shell, { args: read }).output()).stdout);
      equal(after.split(";").filter((p) => p.trim().toLowerCase() === dir.toLowerCase()).length, 1);
    } finally {
      const restore =
        `[Environment]::SetEnvironmentVariable('Path', $env:DRAFTCLI_TEST_PATH, 'User')`;
      await new Deno.Command(c.shell, {
        args: ["-NoProfile", "-Command", restore],
        env: { DRAFTCLI_TEST_PATH: before },
      }).output();
    }
  },
);

Deno.test({
  name: "install.ps1 under pwsh on Linux/macOS points to install.sh" +
    (!IS_WINDOWS && SHELLS.length ? "" : " (IGNORED: needs pwsh outside Windows)"),
  ignore: IS_WINDOWS || SHELLS.length === 0,
  async fn() {
    const r = await runPs(SHELLS[0], { DRAFTCLI_INSTALL_BASE: "http://127.0.0.1:9/none" });
    ok(r.code !== 0, show(r));
    match(r.stdout + r.stderr, /this installer is for Windows.*install\.sh \| bash/);
  },
});
