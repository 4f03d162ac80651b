/**
 * End-to-end tests of install.sh: the script runs in real shells (sh, bash and dash when
 * present) against a real HTTP server on 127.0.0.1 that serves fake release assets (small shell
 * scripts standing in for the binary) and SHA256SUMS. `uname` and `sysctl` are faked through a
 * folder prepended to PATH; HOME, TMPDIR and the install folder live in a temp dir per run.
 */
import { deepStrictEqual, equal, match, ok } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { sha256Hex, sumsText, TARGETS } from "../scripts/compile.ts";
import { VERSION } from "../src/version.ts";
import { tempDirSync } from "./helpers/temp.ts";

const INSTALL_SH = fileURLToPath(new URL("../install.sh", import.meta.url));
const IS_WINDOWS = Deno.build.os === "windows";
const SYSTEM_PATH = Deno.env.get("PATH") ?? "/usr/bin:/bin";
const enc = new TextEncoder();
const dec = new TextDecoder();

/** Absolute path of a command on PATH, or undefined (always undefined on Windows). */
function which(command: string): string | undefined {
  if (IS_WINDOWS) return undefined;
  const out = new Deno.Command("sh", {
    args: ["-c", 'command -v "$1"', "sh", command],
    stdout: "piped",
    stderr: "null",
  }).outputSync();
  const path = dec.decode(out.stdout).trim();
  return out.success && path.startsWith("/") ? path : undefined;
}

/** Shells install.sh must run under: sh, bash, and dash when it is installed. */
const SHELLS = ["sh", "bash", "dash"].filter((s) => which(s));
const SKIP_ALL = IS_WINDOWS ? " (IGNORED: install.sh is not for Windows; install.ps1 is)" : "";

// ---------------------------------------------------------------- fake release assets

/** Text of a fake draftcli binary: prints `draftcli <version> <target>` for --version. */
function fakeBinary(version: string, target: string, works = true): string {
  return works
    ? `#!/bin/sh\nif [ "$1" = --version ]; then echo "draftcli ${version} ${target}"; exit 0; fi\n` +
      `echo "fake draftcli"\n`
    : `#!/bin/sh\necho "cannot execute: required library not found" >&2\nexit 127\n`;
}

/** Asset name of a target, as the release publishes it. */
function asset(target: string): string {
  return `draftcli-${target}${target.includes("windows") ? ".exe" : ""}`;
}

interface ReleaseOptions {
  /** SHA256SUMS lists wrong hashes. */
  corrupt?: boolean;
  /** SHA256SUMS has no line for this target. */
  dropTarget?: string;
  /** The binaries fail to run. */
  broken?: boolean;
}

/** The files of one fake release: every binary plus SHA256SUMS. */
async function makeRelease(version: string, opts: ReleaseOptions = {}) {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const entries = [];
  for (const target of TARGETS) {
    const bytes = enc.encode(fakeBinary(version, target, !opts.broken));
    files.set(asset(target), bytes);
    if (target === opts.dropTarget) continue;
    const hash = opts.corrupt
      ? await sha256Hex(enc.encode("something else"))
      : await sha256Hex(bytes);
    entries.push({ name: asset(target), hash });
  }
  files.set("SHA256SUMS", enc.encode(sumsText(entries)));
  return files;
}

const LATEST = await makeRelease("9.9.9");
/** URL path prefix → the files served below it; anything else is a 404. */
const ROUTES: Record<string, Map<string, Uint8Array<ArrayBuffer>>> = {
  "/gh/latest/download/": LATEST,
  "/gh/download/v1.2.3/": await makeRelease("1.2.3"),
  "/flat/": LATEST,
  "/badsum/": await makeRelease("9.9.9", { corrupt: true }),
  "/noline/": await makeRelease("9.9.9", { dropTarget: "x86_64-unknown-linux-gnu" }),
  "/broken/": await makeRelease("9.9.9", { broken: true }),
};

interface FakeServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts the fake release server on 127.0.0.1, port 0. */
function startServer(): FakeServer {
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    requests.push(path);
    for (const [prefix, files] of Object.entries(ROUTES)) {
      const body = path.startsWith(prefix) ? files.get(path.slice(prefix.length)) : undefined;
      if (body) return new Response(body);
    }
    return new Response("not found\n", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    close: () => server.shutdown(),
  };
}

// ---------------------------------------------------------------- sandboxed runs

interface RunOptions {
  /** Shell to run install.sh with (name or absolute path). */
  shell: string;
  /** `uname -s` / `uname -m` answers. */
  os?: string;
  arch?: string;
  /** What `sysctl -n sysctl.proc_translated` prints; undefined: sysctl fails (no such key). */
  translated?: "0" | "1";
  /** DRAFTCLI_INSTALL_BASE; none when undefined. */
  base?: string;
  /** Extra environment. */
  env?: Record<string, string>;
  args?: string[];
  /** Leave DRAFTCLI_INSTALL_DIR unset (the default $HOME/.local/bin applies). */
  defaultDir?: boolean;
  /** Put the install folder on PATH. */
  dirOnPath?: boolean;
  /** Replaces the system part of PATH (after the fake uname/sysctl folder). */
  systemPath?: string;
  /** Feed the script on stdin (`<shell> -s -- args`), as `curl … | bash` does. */
  viaStdin?: boolean;
  /** DRAFTCLI_INSTALL_DIR instead of the sandbox's bin/. */
  installDir?: string;
}

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script just written until it starts, waiting out "text file busy": a process forked
 * while it was being written holds it open for writing until that process runs its own program.
 * Once it has started, nothing holds it for writing any more, so later runs start too.
 */
function startsOnce(path: string): void {
  for (let attempt = 1;; attempt++) {
    try {
      new Deno.Command(path, { stdout: "null", stderr: "null" }).outputSync();
      return;
    } catch (err) {
      if (attempt >= 100) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/** A temp folder with home/, bin/ (install folder), fake/ (PATH stubs) and tmp/ (TMPDIR). */
class Sandbox {
  readonly root = tempDirSync("draftcli-install-test-").path;
  readonly home = `${this.root}/home`;
  readonly dir = `${this.root}/bin`;
  readonly fake = `${this.root}/fake`;
  readonly tmp = `${this.root}/tmp`;

  constructor() {
    for (const d of [this.home, this.fake, this.tmp]) Deno.mkdirSync(d);
    // The stubs are written once, here, and read their answers from files each run writes: a
    // script written just before it runs can fail to start ("text file busy") while a process
    // another test forks at that moment still holds the file open for writing. Shell builtins
    // only: some runs put a PATH with few tools after this folder.
    const answer = (file: string) => `read -r v < "\${0%/*}/${file}"; echo "$v"`;
    this.stub("uname", `case "$1" in -m) ${answer("uname-m")} ;; *) ${answer("uname-s")} ;; esac`);
    this.stub(
      "sysctl",
      `if [ -s "\${0%/*}/sysctl-translated" ] && [ "$1" = -n ] && [ "$2" = sysctl.proc_translated ]; then ${
        answer("sysctl-translated")
      }; else echo "sysctl: unknown oid '$2'" >&2; exit 1; fi`,
    );
    for (const stub of ["uname", "sysctl"]) startsOnce(`${this.fake}/${stub}`);
  }

  /** Runs install.sh; checks that its temp folder was cleaned up whatever the outcome. */
  async run(opts: RunOptions): Promise<RunResult> {
    const os = opts.os ?? "Linux";
    const arch = opts.arch ?? "x86_64";
    Deno.writeTextFileSync(`${this.fake}/uname-s`, `${os}\n`);
    Deno.writeTextFileSync(`${this.fake}/uname-m`, `${arch}\n`);
    // empty: sysctl fails (no such key)
    const translated = opts.translated === undefined ? "" : `${opts.translated}\n`;
    Deno.writeTextFileSync(`${this.fake}/sysctl-translated`, translated);
    const path = [this.fake, opts.systemPath ?? SYSTEM_PATH];
    if (opts.dirOnPath) path.unshift(this.dir);
    const env: Record<string, string> = { PATH: path.join(":"), HOME: this.home, TMPDIR: this.tmp };
    if (!opts.defaultDir) env.DRAFTCLI_INSTALL_DIR = opts.installDir ?? this.dir;
    if (opts.base !== undefined) env.DRAFTCLI_INSTALL_BASE = opts.base;
    Object.assign(env, opts.env);
    const args = opts.args ?? [];
    const child = new Deno.Command(opts.shell, {
      args: opts.viaStdin ? ["-s", "--", ...args] : [INSTALL_SH, ...args],
      env,
      clearEnv: true,
      cwd: this.root,
      stdin: opts.viaStdin ? "piped" : "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    if (opts.viaStdin) {
      const writer = child.stdin.getWriter();
      await writer.write(await Deno.readFile(INSTALL_SH));
      await writer.close();
    }
    const out = await child.output();
    const result = {
      code: out.code,
      stdout: dec.decode(out.stdout),
      stderr: dec.decode(out.stderr),
    };
    deepStrictEqual(list(this.tmp), [], "install.sh left files in TMPDIR\n" + show(result));
    return result;
  }

  /** Writes an executable stub script into fake/. */
  stub(name: string, body: string) {
    Deno.writeTextFileSync(`${this.fake}/${name}`, `#!/bin/sh\n${body}\n`);
    Deno.chmodSync(`${this.fake}/${name}`, 0o755);
  }

  /** A folder of symlinks to the given system tools, to stand for a PATH without the others. */
  toolsOnly(tools: string[]): string {
    const dir = `${this.root}/sys-${tools.length}-${Math.random().toString(36).slice(2)}`;
    Deno.mkdirSync(dir);
    for (const tool of tools) {
      const real = which(tool);
      if (real) Deno.symlinkSync(real, `${dir}/${tool}`);
    }
    return dir;
  }

  remove() {
    Deno.removeSync(this.root, { recursive: true });
  }
}

/** Names in a folder, sorted; [] when it does not exist. */
function list(dir: string): string[] {
  try {
    return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
}

function show(r: RunResult): string {
  return `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;
}

/** The tools install.sh uses besides uname/sysctl, curl/wget and sha256sum/shasum. */
const BASE_TOOLS = ["sh", "mktemp", "rm", "mkdir", "cp", "chmod", "mv", "awk", "tr", "cat"];

/** Defines one test with a step per shell, each in a fresh sandbox with a fresh server. */
function shellTest(
  name: string,
  fn: (ctx: { shell: string; sb: Sandbox; server: FakeServer }) => Promise<void>,
  ignore = false,
) {
  Deno.test({
    name: name + SKIP_ALL,
    ignore: IS_WINDOWS || ignore,
    async fn(t) {
      for (const shell of SHELLS) {
        await t.step(shell, async () => {
          const sb = new Sandbox();
          const server = startServer();
          try {
            await fn({ shell, sb, server });
          } finally {
            await server.close();
            sb.remove();
          }
        });
      }
    },
  });
}

/** Asserts a successful install of `target` from `prefix`, reporting `version`. */
async function assertInstalled(
  r: RunResult,
  sb: Sandbox,
  server: FakeServer,
  prefix: string,
  target: string,
  version = "9.9.9",
) {
  equal(r.code, 0, show(r));
  deepStrictEqual(server.requests, [`${prefix}/${asset(target)}`, `${prefix}/SHA256SUMS`]);
  match(r.stdout, new RegExp(`draftcli ${version.replaceAll(".", "\\.")} ${target}`));
  const bin = `${sb.dir}/draftcli`;
  deepStrictEqual(list(sb.dir), ["draftcli"], "only the binary is left in the install folder");
  ok(((await Deno.stat(bin)).mode ?? 0o755) & 0o111, "installed binary is executable");
  equal(await Deno.readTextFile(bin), fakeBinary(version, target));
}

// ---------------------------------------------------------------- target detection

const DETECTION: [string, string, "0" | "1" | undefined, string][] = [
  ["Linux", "x86_64", undefined, "x86_64-unknown-linux-gnu"],
  ["Linux", "amd64", undefined, "x86_64-unknown-linux-gnu"],
  ["Linux", "aarch64", undefined, "aarch64-unknown-linux-gnu"],
  ["Linux", "arm64", undefined, "aarch64-unknown-linux-gnu"],
  ["Darwin", "arm64", undefined, "aarch64-apple-darwin"],
  ["Darwin", "x86_64", "0", "x86_64-apple-darwin"],
  ["Darwin", "x86_64", undefined, "x86_64-apple-darwin"],
  ["Darwin", "x86_64", "1", "aarch64-apple-darwin"],
];

for (const [os, arch, translated, target] of DETECTION) {
  const rosetta = translated === undefined ? "" : ` (proc_translated=${translated})`;
  shellTest(`install.sh on ${os} ${arch}${rosetta} installs ${asset(target)}`, async (c) => {
    const prefix = "/gh/latest/download";
    const r = await c.sb.run({ shell: c.shell, os, arch, translated, base: c.server.url + prefix });
    await assertInstalled(r, c.sb, c.server, prefix, target);
    equal(/Rosetta/.test(r.stdout), translated === "1", "Rosetta note only under Rosetta");
    match(r.stdout, /checksum verified/);
  });
}

const UNSUPPORTED: [string, string, RegExp][] = [
  ["FreeBSD", "amd64", /unsupported operating system: FreeBSD/],
  ["SunOS", "i86pc", /unsupported operating system: SunOS/],
  ["Linux", "i686", /unsupported CPU architecture: i686/],
  ["Linux", "armv7l", /unsupported CPU architecture: armv7l/],
  ["Darwin", "ppc", /unsupported CPU architecture: ppc/],
];

for (const [os, arch, message] of UNSUPPORTED) {
  shellTest(`install.sh refuses ${os} ${arch} with a clear message`, async (c) => {
    const r = await c.sb.run({ shell: c.shell, os, arch, base: c.server.url + "/flat" });
    ok(r.code !== 0, show(r));
    match(r.stderr, message);
    deepStrictEqual(c.server.requests, []);
    deepStrictEqual(list(c.sb.dir), []);
  });
}

for (const os of ["MINGW64_NT-10.0-19045", "MSYS_NT-10.0-22631", "CYGWIN_NT-10.0"]) {
  shellTest(`install.sh on ${os} points to install.ps1`, async (c) => {
    const r = await c.sb.run({ shell: c.shell, os, base: c.server.url + "/flat" });
    ok(r.code !== 0, show(r));
    match(r.stderr, /Windows/);
    match(
      r.stderr,
      /irm https:\/\/github\.com\/draftcli\/draftcli\/releases\/latest\/download\/install\.ps1 \| iex/,
    );
    deepStrictEqual(c.server.requests, []);
  });
}

// ---------------------------------------------------------------- verification and failures

shellTest("install.sh aborts on a checksum mismatch and keeps the installed binary", async (c) => {
  Deno.mkdirSync(c.sb.dir);
  Deno.writeTextFileSync(`${c.sb.dir}/draftcli`, "old binary");
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/badsum" });
  ok(r.code !== 0, show(r));
  match(r.stderr, /checksum mismatch for draftcli-x86_64-unknown-linux-gnu/);
  match(r.stderr, /nothing installed/);
  deepStrictEqual(list(c.sb.dir), ["draftcli"]);
  equal(Deno.readTextFileSync(`${c.sb.dir}/draftcli`), "old binary");
});

shellTest("install.sh aborts when SHA256SUMS has no line for the asset", async (c) => {
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/noline" });
  ok(r.code !== 0, show(r));
  match(r.stderr, /SHA256SUMS has no line for draftcli-x86_64-unknown-linux-gnu/);
  deepStrictEqual(list(c.sb.dir), []);
});

shellTest("install.sh reports a 404 naming the URL", async (c) => {
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/nothing/here" });
  ok(r.code !== 0, show(r));
  const url = `${c.server.url}/nothing/here/draftcli-x86_64-unknown-linux-gnu`;
  ok(r.stderr.includes(`could not download ${url}: HTTP 404`), show(r));
  deepStrictEqual(list(c.sb.dir), []);
});

shellTest("install.sh reports a network failure naming the URL", async (c) => {
  // A port that was just listening and is now closed: connection refused.
  const closed = startServer();
  await closed.close();
  const r = await c.sb.run({ shell: c.shell, base: closed.url + "/flat" });
  ok(r.code !== 0, show(r));
  const url = `${closed.url}/flat/draftcli-x86_64-unknown-linux-gnu`;
  ok(r.stderr.includes(`could not download ${url}: network failure`), show(r));
  deepStrictEqual(list(c.sb.dir), []);
});

shellTest("install.sh fails clearly when the installed binary does not run", async (c) => {
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/broken" });
  ok(r.code !== 0, show(r));
  match(r.stderr, /is installed but does not run here/);
});

// ---------------------------------------------------------------- versions and bases

for (const version of ["1.2.3", "v1.2.3"]) {
  shellTest(`DRAFTCLI_VERSION=${version} requests the pinned release path`, async (c) => {
    const r = await c.sb.run({
      shell: c.shell,
      base: c.server.url + "/gh/latest/download/",
      env: { DRAFTCLI_VERSION: version },
    });
    await assertInstalled(r, c.sb, c.server, "/gh/download/v1.2.3", TARGETS[0], "1.2.3");
    equal(/warning/.test(r.stdout), false, show(r));
  });
}

shellTest("DRAFTCLI_VERSION=latest is the latest release", async (c) => {
  const r = await c.sb.run({
    shell: c.shell,
    base: c.server.url + "/gh/latest/download",
    env: { DRAFTCLI_VERSION: "latest" },
  });
  await assertInstalled(r, c.sb, c.server, "/gh/latest/download", TARGETS[0]);
});

shellTest("a base not in GitHub's layout is used as is, even with DRAFTCLI_VERSION", async (c) => {
  const r = await c.sb.run({
    shell: c.shell,
    base: c.server.url + "/flat",
    env: { DRAFTCLI_VERSION: "1.2.3" },
  });
  await assertInstalled(r, c.sb, c.server, "/flat", TARGETS[0]);
  match(r.stdout, /note: DRAFTCLI_INSTALL_BASE is used as is; it must hold the v1\.2\.3 assets/);
  // The flat folder holds 9.9.9: the installer says the binary is not the version asked for.
  match(r.stdout, /warning: asked for v1\.2\.3 but the installed binary reports: draftcli 9\.9\.9/);
});

for (const bad of ["1.2/3", "latest-ish", "v", "1.2.3 rm"]) {
  shellTest(
    `DRAFTCLI_VERSION=${JSON.stringify(bad)} is rejected before any download`,
    async (c) => {
      const r = await c.sb.run({
        shell: c.shell,
        base: c.server.url + "/gh/latest/download",
        env: { DRAFTCLI_VERSION: bad },
      });
      ok(r.code !== 0, show(r));
      match(r.stderr, /DRAFTCLI_VERSION must look like 1\.2\.3 or v1\.2\.3/);
      deepStrictEqual(c.server.requests, []);
    },
  );
}

// ---------------------------------------------------------------- install folder, PATH, uninstall

shellTest("install.sh defaults to $HOME/.local/bin and shows PATH lines for it", async (c) => {
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/flat", defaultDir: true });
  equal(r.code, 0, show(r));
  const dir = `${c.sb.home}/.local/bin`;
  deepStrictEqual(list(dir), ["draftcli"]);
  ok(r.stdout.includes(`installed ${dir}/draftcli`), show(r));
  ok(r.stdout.includes(`${dir} is not on your PATH`), show(r));
  ok(r.stdout.includes(`bash: echo 'export PATH="${dir}:$PATH"' >> ~/.bashrc`), show(r));
  ok(r.stdout.includes(`zsh:  echo 'export PATH="${dir}:$PATH"' >> ~/.zshrc`), show(r));
  ok(r.stdout.includes(`fish: fish_add_path "${dir}"`), show(r));
});

shellTest("install.sh copes with spaces in the install folder and TMPDIR", async (c) => {
  const dir = `${c.sb.root}/my tools/bin dir`;
  const tmp = `${c.sb.root}/temp with space`;
  Deno.mkdirSync(tmp);
  const r = await c.sb.run({
    shell: c.shell,
    base: c.server.url + "/flat",
    installDir: dir,
    env: { TMPDIR: tmp },
  });
  equal(r.code, 0, show(r));
  deepStrictEqual(list(dir), ["draftcli"]);
  deepStrictEqual(list(tmp), []);
  ok(r.stdout.includes(`fish: fish_add_path "${dir}"`), show(r));
  const u = await c.sb.run({ shell: c.shell, args: ["--uninstall"], installDir: dir });
  equal(u.code, 0, show(u));
  deepStrictEqual(list(dir), []);
});

shellTest("install.sh shows no PATH hint when the folder is on PATH", async (c) => {
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/flat", dirOnPath: true });
  equal(r.code, 0, show(r));
  equal(r.stdout.includes("not on your PATH"), false, show(r));
});

shellTest("install.sh replaces an existing binary and leaves no staging file", async (c) => {
  Deno.mkdirSync(c.sb.dir);
  Deno.writeTextFileSync(`${c.sb.dir}/draftcli`, "old binary");
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/gh/latest/download" });
  await assertInstalled(r, c.sb, c.server, "/gh/latest/download", TARGETS[0]);
});

shellTest("--uninstall removes only the installed binary", async (c) => {
  const installed = await c.sb.run({ shell: c.shell, base: c.server.url + "/flat" });
  equal(installed.code, 0, show(installed));
  Deno.writeTextFileSync(`${c.sb.dir}/other-tool`, "keep me");
  const before = c.server.requests.length;

  const r = await c.sb.run({ shell: c.shell, args: ["--uninstall"] });
  equal(r.code, 0, show(r));
  ok(r.stdout.includes(`removed ${c.sb.dir}/draftcli`), show(r));
  deepStrictEqual(list(c.sb.dir), ["other-tool"]);
  equal(c.server.requests.length, before, "uninstall downloads nothing");

  const again = await c.sb.run({ shell: c.shell, args: ["--uninstall"] });
  equal(again.code, 0, show(again));
  match(again.stdout, /nothing to remove/);
});

shellTest("install.sh works when piped into the shell (curl … | bash)", async (c) => {
  const r = await c.sb.run({ shell: c.shell, base: c.server.url + "/flat", viaStdin: true });
  equal(r.code, 0, show(r));
  match(r.stdout, /draftcli 9\.9\.9 x86_64-unknown-linux-gnu/);
  const u = await c.sb.run({ shell: c.shell, args: ["--uninstall"], viaStdin: true });
  equal(u.code, 0, show(u));
  deepStrictEqual(list(c.sb.dir), []);
});

shellTest("--help exits 0 and documents the environment; unknown arguments exit 2", async (c) => {
  const help = await c.sb.run({ shell: c.shell, args: ["--help"] });
  equal(help.code, 0, show(help));
  for (const word of ["DRAFTCLI_VERSION", "DRAFTCLI_INSTALL_DIR", "DRAFTCLI_INSTALL_BASE"]) {
    ok(help.stdout.includes(word), word);
  }
  const bad = await c.sb.run({ shell: c.shell, args: ["--frobnicate"] });
  equal(bad.code, 2, show(bad));
  match(bad.stderr, /unknown argument: --frobnicate/);
  deepStrictEqual(c.server.requests, []);
});

// ---------------------------------------------------------------- tool fallbacks

const HAS = {
  wget: !!which("wget"),
  curl: !!which("curl"),
  sha256sum: !!which("sha256sum"),
  shasum: !!which("shasum"),
};

shellTest(
  "install.sh falls back to wget without curl" + (HAS.wget ? "" : " (IGNORED: wget not installed)"),
  async (c) => {
    const systemPath = c.sb.toolsOnly([...BASE_TOOLS, "wget", "sha256sum", "shasum"]);
    const r = await c.sb.run({
      shell: which(c.shell)!,
      base: c.server.url + "/gh/latest/download",
      systemPath,
    });
    await assertInstalled(r, c.sb, c.server, "/gh/latest/download", TARGETS[0]);
    const missing = await c.sb.run({
      shell: which(c.shell)!,
      base: c.server.url + "/nothing",
      systemPath,
    });
    ok(missing.code !== 0, show(missing));
    ok(missing.stderr.includes(`could not download ${c.server.url}/nothing/`), show(missing));
    match(missing.stderr, /404 Not Found/);
  },
  !HAS.wget,
);

shellTest(
  "install.sh verifies with shasum when sha256sum is absent" +
    (HAS.shasum ? "" : " (IGNORED: shasum not installed)"),
  async (c) => {
    const systemPath = c.sb.toolsOnly([...BASE_TOOLS, "curl", "wget", "shasum"]);
    const ok1 = await c.sb.run({
      shell: which(c.shell)!,
      base: c.server.url + "/flat",
      systemPath,
    });
    equal(ok1.code, 0, show(ok1));
    const bad = await c.sb.run({
      shell: which(c.shell)!,
      base: c.server.url + "/badsum",
      systemPath,
    });
    ok(bad.code !== 0, show(bad));
    match(bad.stderr, /checksum mismatch/);
  },
  !HAS.shasum,
);

shellTest("install.sh stops clearly without a downloader or a hashing tool", async (c) => {
  const noFetch = c.sb.toolsOnly([...BASE_TOOLS, "sha256sum", "shasum"]);
  const r1 = await c.sb.run({
    shell: which(c.shell)!,
    base: c.server.url + "/flat",
    systemPath: noFetch,
  });
  ok(r1.code !== 0, show(r1));
  match(r1.stderr, /neither curl nor wget is installed/);

  const noHash = c.sb.toolsOnly([...BASE_TOOLS, "curl", "wget"]);
  const r2 = await c.sb.run({
    shell: which(c.shell)!,
    base: c.server.url + "/flat",
    systemPath: noHash,
  });
  ok(r2.code !== 0, show(r2));
  match(r2.stderr, /cannot verify the download/);
  deepStrictEqual(list(c.sb.dir), []);
}, !HAS.curl && !HAS.wget);

// ---------------------------------------------------------------- static checks

const SHELLCHECK = which("shellcheck");
Deno.test({
  name: "install.sh passes shellcheck" +
    (SHELLCHECK ? "" : " (IGNORED: shellcheck not installed; apt-get install shellcheck)"),
  ignore: !SHELLCHECK,
  async fn() {
    const out = await new Deno.Command(SHELLCHECK!, {
      args: ["--shell=sh", INSTALL_SH],
      stdout: "piped",
      stderr: "piped",
    }).output();
    equal(out.code, 0, dec.decode(out.stdout) + dec.decode(out.stderr));
  },
});

Deno.test({
  name: "install.sh runs under dash" + (which("dash") ? "" : " (IGNORED: dash not installed)"),
  ignore: !which("dash") || IS_WINDOWS,
  async fn() {
    // The install cases above each run a step under dash; this one also parses it there.
    const out = await new Deno.Command("dash", { args: ["-n", INSTALL_SH] }).output();
    equal(out.code, 0);
    ok(SHELLS.includes("dash"));
  },
});

// ---------------------------------------------------------------- the real release binary

const RELEASE_BIN = Deno.env.get("DRAFTCLI_BIN");
Deno.test({
  name: "install.sh installs the real release binary (DRAFTCLI_BIN)" +
    (RELEASE_BIN && !IS_WINDOWS ? "" : " (IGNORED: needs DRAFTCLI_BIN, not on Windows)"),
  ignore: !RELEASE_BIN || IS_WINDOWS,
  async fn() {
    // Serve the real binary under this host's asset name; the real uname picks the asset.
    const target = Deno.build.target;
    const bytes = await Deno.readFile(RELEASE_BIN!);
    const files = new Map([
      [asset(target), bytes],
      ["SHA256SUMS", enc.encode(sumsText([{ name: asset(target), hash: await sha256Hex(bytes) }]))],
    ]);
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
      const body = files.get(new URL(req.url).pathname.slice(1));
      return body ? new Response(body) : new Response("not found", { status: 404 });
    });
    const sb = new Sandbox();
    try {
      const out = await new Deno.Command("sh", {
        args: [INSTALL_SH],
        env: {
          PATH: SYSTEM_PATH,
          HOME: sb.home,
          TMPDIR: sb.tmp,
          DRAFTCLI_INSTALL_DIR: sb.dir,
          DRAFTCLI_INSTALL_BASE: `http://127.0.0.1:${server.addr.port}`,
        },
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const r = { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
      equal(r.code, 0, show(r));
      // The binary of this tree: its version and the target it was built for.
      ok(r.stdout.split("\n").includes(`draftcli ${VERSION} ${target}`), show(r));
    } finally {
      await server.shutdown();
      sb.remove();
    }
  },
});
