import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
  rejects as assertRejects,
} from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BUNDLE_ENTRY, DATA_DIRS, lazyRequire, rechunk } from "./bundle.ts";
import { instrument, PROFILE_CALLS, profileLoads } from "./load_profile.ts";
import { denoRunCommand } from "../src/setup/self_command.ts";
import { versionLine } from "../src/version.ts";
import { fixture, hermeticEnv, tempWorld } from "../test/helpers/cli.ts";
import { oncePerFile, tempDir } from "../test/helpers/temp.ts";
import { mcpInitialize, runScript } from "../test/helpers/scripts.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SCRIPT = fileURLToPath(new URL("./bundle.ts", import.meta.url));

/** Writes `files` (name → text) into the folder `dir`. */
async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
}

/** Runs scripts/bundle.ts in a real subprocess, with the permissions of `deno task bundle`. */
const runBundle = (args: string[]) => runScript(SCRIPT, args, ["--allow-env", "--allow-ffi"]);

/** One bundle built by the script for this file's tests: its folder and the build's report. */
const built = oncePerFile(async (dir) => {
  const out = `${dir}/bundle`;
  const r = await runBundle(["--out", out]);
  assertEquals(r.code, 0, r.stderr);
  return {
    dir: out,
    report: JSON.parse(r.stdout) as {
      modules: number;
      dataFiles: number;
      loads: Record<string, number>;
    },
  };
}, "draftcli-bundle-");

/** Runs the bundle's main.js as `setup` registers it, in `env`. */
async function runBundled(dir: string, args: string[], env: Record<string, string>) {
  const [cmd, ...pre] = denoRunCommand(Deno.execPath(), `${dir}/${BUNDLE_ENTRY}`);
  const out = await new Deno.Command(cmd, {
    args: [...pre, ...args],
    env,
    clearEnv: true,
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("lazyRequire turns the runtime chunk's node:module import into a require made on first call", async () => {
  const chunk =
    'var g=Object.create;import{createRequire as __deno_internal_createRequire} from "node:module";var m=__deno_internal_createRequire(import.meta.url);var n=1;export{m as a,n as b};';
  const { text, count } = lazyRequire(chunk);
  assertEquals(count, 1);
  assertEquals(/from\s*"node:module"/.test(text), false, text);
  assert(
    text.startsWith("var g=Object.create;var m=") &&
      text.endsWith("var n=1;export{m as a,n as b};"),
  );
  // The rewritten chunk still loads, and its require still works (twice: made once, then kept).
  await using tmp = await tempDir();
  await Deno.writeTextFile(`${tmp.path}/chunk.js`, text);
  const mod = await import(pathToFileURL(`${tmp.path}/chunk.js`).href);
  assertEquals(mod.a("node:path").posix.join("a", "b"), "a/b");
  assertEquals(typeof mod.a("node:util").format, "function");
  const same = 'import{x}from"./chunk-A.js";var r=require;';
  assertEquals(lazyRequire(same), { text: same, count: 0 });
});

Deno.test("rechunk joins a chunk into the one that always loads it first, and no other", async () => {
  await using tmp = await tempDir();
  const src = `${tmp.path}/split`;
  await Deno.mkdir(src);
  // As esbuild splits them: s.js is shared by a.js and b.js, t.js by a.js and c.js. b.js is
  // imported only by a.js, which has loaded s.js by then; c.js loads without a.js.
  const files: Record<string, string> = {
    "main.js": 'const a=await import("./a.js");console.log(await a.run());' +
      'if(Deno.args[0]==="c")console.log((await import("./c.js")).c());',
    "a.js": 'import{s}from"./s.js";import{t}from"./t.js";' +
      'export async function run(){return s()+t()+(await import("./b.js")).b()}',
    "b.js": 'import{s}from"./s.js";export function b(){return s()*10}',
    "c.js": 'import{t}from"./t.js";export function c(){return t()*100}',
    "s.js": "export function s(){return 1}",
    "t.js": "export function t(){return 2}",
  };
  await writeFiles(src, files);
  const out = `${tmp.path}/out`;
  const names = (await rechunk(src, out)).map((c) => c.name);
  assertEquals(names.sort(), ["a.js", "b.js", "c.js", "main.js", "t.js"]);
  assertEquals([...Deno.readDirSync(out)].map((e) => e.name).sort(), names);
  for (const [args, stdout] of [[[], "13\n"], [["c"], "13\n200\n"]] as const) {
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-config", "-q", `${out}/main.js`, ...args],
      stdout: "piped",
    }).output();
    assertEquals(new TextDecoder().decode(r.stdout), stdout);
  }
});

Deno.test("profileLoads gives the files each call loaded, in order, the first call's draft id passed to later ones; a failing call fails with its output", async () => {
  await using tmp = await tempDir();
  const src = `${tmp.path}/split`;
  await Deno.mkdir(src);
  // The first call "creates" a draft; later calls get its id and load more or less.
  const files: Record<string, string> = {
    "main.js": 'import{v}from"./v.js";const[cmd,id]=Deno.args;' +
      'if(cmd==="create"){console.log(JSON.stringify({draftId:"D1"+v}))}' +
      'else if(cmd==="add"){console.log((await import("./add.js")).add(id))}' +
      'else if(cmd==="list"){console.log("[]")}' +
      'else{console.error("no such call");Deno.exit(3)}',
    "v.js": 'export const v="";',
    "add.js": 'import{t}from"./t.js";export function add(id){return id+t}',
    "t.js": 'export const t="!";',
  };
  await writeFiles(src, files);
  const out = `${tmp.path}/profiled`;
  await instrument(src, out, "main.js");
  const loads = await profileLoads(out, "main.js", tmp.path, [
    { name: "create", args: ["create"] },
    { name: "add", args: ["add", "{draft}"] },
    { name: "list", args: ["list"] },
  ]);
  assertEquals(loads, [
    { name: "create", files: ["v.js", "main.js"] },
    { name: "add", files: ["v.js", "main.js", "t.js", "add.js"] },
    { name: "list", files: ["v.js", "main.js"] },
  ]);
  await assertRejects(
    profileLoads(out, "main.js", tmp.path, [{ name: "bad", args: ["oops"] }]),
    /profile call 'bad' failed \(exit 3\): no such call\nupdate PROFILE_CALLS/,
  );
});

Deno.test("bundle --dry-run prints the pinned deno bundle command; a bad argument exits 2", async () => {
  const dry = await runBundle(["--dry-run"]);
  assertEquals(dry.code, 0);
  assertEquals(
    dry.stdout,
    "deno bundle --platform deno --code-splitting --minify --outdir dist/bundle main.ts\n",
  );
  const bad = await runBundle(["--fast"]);
  assertEquals(bad.code, 2);
  assertMatch(bad.stderr, /unknown argument "--fast"/);
});

Deno.test("the bundle: split chunks, none importing node:module, and the data files copied", async () => {
  const { dir, report } = await built();
  const chunks = [...Deno.readDirSync(dir)].filter((e) => e.isFile && e.name.endsWith(".js"));
  assertEquals(chunks.length, report.modules);
  assert(chunks.length > 50, `code-split into ${chunks.length} files`);
  assert(chunks.some((e) => e.name === BUNDLE_ENTRY));
  for (const e of chunks) {
    const text = Deno.readTextFileSync(`${dir}/${e.name}`);
    assertEquals(/\bfrom\s*["']node:module["']/.test(text), false, e.name);
  }
  let files = 0;
  for (const data of DATA_DIRS) {
    for (const edition of Deno.readDirSync(`${ROOT}${data}`)) {
      if (!edition.isDirectory) continue;
      for (const f of Deno.readDirSync(`${ROOT}${data}/${edition.name}`)) {
        const name = `${data}/${edition.name}/${f.name}`;
        assertEquals(
          Deno.readFileSync(`${dir}/${name}`),
          Deno.readFileSync(`${ROOT}${name}`),
          name,
        );
        files++;
      }
    }
  }
  assert(files > 10 && report.dataFiles >= files, `${files} catalog files`);
  // Every profiled call loads few files (a 10-caption add: 50 with Rollup's own chunking); a
  // command's --help more (zod, and each module importing it, keep files of their own).
  assertEquals(Object.keys(report.loads), PROFILE_CALLS.map((c) => c.name));
  for (const [call, n] of Object.entries(report.loads)) {
    const most = call.endsWith("--help") ? 24 : 10;
    assert(n >= 2 && n <= most, `${call}: ${n} files`);
  }
  // No build leftovers beside it.
  assertEquals([...Deno.readDirSync(`${dir}/..`)].map((e) => e.name), ["bundle"]);
});

Deno.test("the bundle's start-up path (main.js and what it imports statically) imports no node: module", async () => {
  const { dir } = await built();
  const seen = new Set<string>();
  const todo = [BUNDLE_ENTRY];
  while (todo.length) {
    const name = todo.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const text = Deno.readTextFileSync(`${dir}/${name}`);
    // Static imports and re-exports, minified (`import{a as b}from"./chunk-X.js"`, `import"./y.js"`).
    for (
      const m of text.matchAll(/\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g)
    ) {
      if (m[1].startsWith("./")) todo.push(m[1].slice(2));
      else assert(!m[1].startsWith("node:"), `${name} imports ${m[1]}`);
    }
  }
  assert(seen.size >= 2, [...seen].join(" "));
});

Deno.test("the bundle runs from anywhere: version, catalogs from its own folder, an audio probe through require", async () => {
  const { dir } = await built();
  const w = await tempWorld();
  try {
    const env = hermeticEnv(w.env);
    const version = await runBundled(dir, ["--version"], env);
    assertEquals(version.stdout, versionLine());
    const fonts = await runBundled(dir, ["query", "fonts", "--limit", "1"], env);
    assertEquals(fonts.code, 0, fonts.stderr);
    assertEquals(JSON.parse(fonts.stdout).items.length, 1);
    // music-metadata imports `debug`, whose CommonJS code calls require("node:tty").
    const audio = await runBundled(dir, ["query", "media", "--url", fixture("audio.mp3")], env);
    assertEquals(audio.code, 0, audio.stderr);
    assertEquals(JSON.parse(audio.stdout).kind, "audio");
    // Parsed in-process: a broken require would fall back to ffprobe with a warning.
    assertEquals(audio.stderr, "");
  } finally {
    await w.cleanup();
  }
});

Deno.test("setup from the bundle registers a command that starts the bundle's MCP server", async () => {
  const { dir } = await built();
  const w = await tempWorld();
  try {
    // No draftcli on PATH: setup registers the bundle's own `deno run` command.
    const env = hermeticEnv({ ...w.env, PATH: w.root });
    const setup = await runBundled(dir, ["setup", "cursor", "--mcp"], env);
    assertEquals(setup.code, 0, setup.stderr);
    const config = JSON.parse(await Deno.readTextFile(`${w.home}/.cursor/mcp.json`));
    const { command, args } = config.mcpServers.draftcli as { command: string; args: string[] };
    assertEquals(command, Deno.execPath());
    assertEquals(args.at(-2), `${await Deno.realPath(dir)}/${BUNDLE_ENTRY}`);
    assert(args.includes("--no-config"), args.join(" "));
    const mcp = await mcpInitialize(command, args, env, w.home);
    assertEquals(mcp.code, 0, mcp.stderr);
    assertEquals(mcp.serverName, "draftcli");
  } finally {
    await w.cleanup();
  }
});
