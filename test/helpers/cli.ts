/**
 * Runs draftcli as a real subprocess: `deno run main.ts` by default, the compiled binary named by
 * DRAFTCLI_BIN, or `deno run` of the bundle whose main.js DRAFTCLI_BUNDLE names (`deno task
 * bundle` writes dist/bundle/main.js). Every end-to-end test goes through here.
 */
import { resolve } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";
import { runApp } from "../../src/cli/app.ts";
import { denoRunCommand, selfCommand } from "../../src/setup/self_command.ts";
import { tempDir } from "./temp.ts";

/** The repository root: the default working directory of a run. */
const REPO = fromFileUrl(new URL("../../", import.meta.url));

/**
 * The folder a test starts draftcli (or a shell that runs it) in: the repository root, never this
 * process's working directory, which an in-process test running in parallel may have moved into a
 * folder it deletes while the child runs (the child then fails with "Unable to get CWD").
 */
export const CLI_CWD = REPO;

/** Result of one CLI run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (undefined when it is not JSON). */
  json: unknown;
  /** The error body parsed from stderr, if any. */
  error?: {
    code: string;
    message: string;
    hint?: string;
    path?: string;
    problems?: { code: string; message: string; hint?: string; path?: string }[];
  };
}

/** Options of a run. */
export interface CliOptions {
  env?: Record<string, string>;
  stdin?: string;
  cwd?: string;
}

/** The command and leading args that start draftcli. */
export function cliCommand(): { cmd: string; args: string[] } {
  const bin = Deno.env.get("DRAFTCLI_BIN");
  if (bin) return { cmd: bin, args: [] };
  const bundle = Deno.env.get("DRAFTCLI_BUNDLE");
  // The command `setup --mcp` registers from the bundle, or from a checkout.
  const [cmd, ...args] = bundle
    ? denoRunCommand(Deno.execPath(), resolve(REPO, bundle))
    : selfCommand(Deno.execPath());
  return { cmd, args };
}

/** True when the end-to-end tests run a build (DRAFTCLI_BIN or DRAFTCLI_BUNDLE), not the source. */
export function runsBuild(): boolean {
  return Boolean(Deno.env.get("DRAFTCLI_BIN") || Deno.env.get("DRAFTCLI_BUNDLE"));
}

/** Caller variables that locate tools or reach the network, never draftcli settings. */
const PASS_THROUGH = [
  "TMPDIR",
  "FFPROBE_PATH",
  "DENO_DIR",
  "DENO_TLS_CA_STORE",
  "DENO_CERT",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "NODE_EXTRA_CA_CERTS",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "NPM_CONFIG_REGISTRY",
  "SYSTEMROOT",
];

/** Deno's cache folder, asked synchronously (once) when no async lookup ran yet. */
function denoDirSync(): string {
  if (denoDirKnown) return denoDirKnown;
  const out = new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  }).outputSync();
  denoDirKnown = JSON.parse(new TextDecoder().decode(out.stdout)).denoDir as string;
  return denoDirKnown;
}

/**
 * The whole environment of a child process started by a test: nothing is inherited from the
 * caller's shell (pair it with `clearEnv: true`). Only what locates tools comes through: PATH,
 * TMPDIR (CI points it at a private folder to catch leftovers), FFPROBE_PATH and Deno's cache
 * (a fresh cache per world would fetch the npm packages again). `extra` wins.
 */
export function hermeticEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    NO_COLOR: "1",
    // Every command run by a test also cross-checks its fast validator against zod,
    DRAFTCLI_CHECK_FAST: "1",
    // and every save that writes loaded items from their loaded bytes, against a full save.
    DRAFTCLI_VERIFY_SAVE: "1",
    LANG: "C.UTF-8",
    TZ: "UTC",
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
  };
  for (const name of PASS_THROUGH) {
    const v = Deno.env.get(name);
    if (v) env[name] = v;
  }
  env.DENO_DIR ??= denoDirKnown ?? denoDirSync();
  return { ...env, ...extra };
}

/**
 * Starts draftcli with `args` without waiting for it, in an environment built from `env` only
 * (hermeticEnv), in `cwd` (default `CLI_CWD`); stdin closed unless `stdin` is "piped", stdout and
 * stderr piped unless `output` is "null".
 */
export function spawnCli(
  args: string[],
  env: Record<string, string> = {},
  opts: { cwd?: string; stdin?: "null" | "piped"; output?: "piped" | "null" } = {},
): Deno.ChildProcess {
  const { cmd, args: pre } = cliCommand();
  const output = opts.output ?? "piped";
  return new Deno.Command(cmd, {
    args: [...pre, ...args],
    env: hermeticEnv(env),
    clearEnv: true,
    cwd: opts.cwd ?? CLI_CWD,
    stdin: opts.stdin ?? "null",
    stdout: output,
    stderr: output,
  }).spawn();
}

/**
 * Runs draftcli with `args`, in an environment built from `opts.env` only (hermeticEnv), in
 * `opts.cwd` or the repository root — never in this process's working directory, which an
 * in-process test may have moved into a folder it deletes while the child still runs.
 */
export async function runCli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  if (!denoDirKnown) await denoDir();
  const child = spawnCli(args, opts.env, {
    cwd: opts.cwd,
    stdin: opts.stdin === undefined ? "null" : "piped",
  });
  if (opts.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(opts.stdin));
    await w.close();
  }
  const out = await child.output();
  return cliResult(
    out.code,
    new TextDecoder().decode(out.stdout),
    new TextDecoder().decode(out.stderr),
  );
}

/**
 * Runs draftcli in this process through runApp (src/cli/app.ts, injected I/O), with the same
 * environment runCli gives a child (hermeticEnv(opts.env)): for argv, validation, help and
 * error-shape tests, where a child process adds nothing. What needs a real process (exit on a
 * signal, closed stdout, a compiled binary, locks held by another process, variables read from
 * the process environment) stays with runCli. Relative paths resolve against this process's
 * working directory (the repository root under `deno task test`).
 */
export async function runInProcess(
  args: string[],
  opts: Omit<CliOptions, "cwd"> = {},
): Promise<CliResult> {
  if (!denoDirKnown) await denoDir();
  let stdout = "";
  let stderr = "";
  const code = await runApp(args, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: () => Promise.resolve(opts.stdin ?? ""),
    env: hermeticEnv(opts.env),
    stderrIsTerminal: false,
  });
  return cliResult(code, stdout, stderr);
}

/** A run's exit code and output, with stdout's JSON and stderr's error body parsed. */
export function cliResult(code: number, stdout: string, stderr: string): CliResult {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch { /* not JSON */ }
  let error;
  for (const line of stderr.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      error = JSON.parse(line).error;
    } catch { /* not JSON */ }
  }
  return { code, stdout, stderr, json, error };
}

/**
 * Runs draftcli in `w` (as a child process, or through `run`, e.g. runInProcess), fails the test
 * unless it exits 0, and returns its JSON output.
 */
export async function runOk(
  w: { env: Record<string, string> },
  args: string[],
  run: typeof runCli = runCli,
) {
  const r = await run(args, { env: w.env });
  if (r.code !== 0) throw new Error(`draftcli ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  // deno-lint-ignore no-explicit-any
  return r.json as Record<string, any>;
}

/** A temporary world: a drafts dir and a HOME, removed afterwards. */
export interface TempWorld {
  root: string;
  draftsDir: string;
  home: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

let denoDirOnce: Promise<string | undefined> | undefined;
let denoDirKnown: string | undefined;

/** This runtime's cache folder (DENO_DIR, else what `deno info` reports), looked up once. */
function denoDir(): Promise<string | undefined> {
  return denoDirOnce ??= (async () => {
    const set = Deno.env.get("DENO_DIR");
    if (set) return set;
    try {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["info", "--json"],
        stdout: "piped",
        stderr: "null",
      }).output();
      denoDirKnown = JSON.parse(new TextDecoder().decode(out.stdout)).denoDir as
        | string
        | undefined;
      return denoDirKnown;
    } catch {
      return undefined;
    }
  })();
}

/**
 * Creates a temp drafts folder and HOME for one test (in `root`, an empty folder, when given);
 * `env` is the complete environment of the world's subprocesses (hermeticEnv plus HOME, drafts
 * dir and config path).
 */
export async function tempWorld(root?: string): Promise<TempWorld> {
  root ??= (await tempDir("draftcli-test-")).path;
  const draftsDir = `${root}/drafts`;
  const home = `${root}/home`;
  await Deno.mkdir(draftsDir, { recursive: true });
  await Deno.mkdir(home, { recursive: true });
  await Deno.mkdir(`${root}/tmp`);
  // The fake HOME must not move Deno's cache: every world would fetch the npm packages again.
  await denoDir();
  const env = hermeticEnv({
    HOME: home,
    DRAFTCLI_DRAFTS_DIR: draftsDir,
    DRAFTCLI_CONFIG: `${home}/.config/draftcli/config.json`,
    // Temp files the commands keep (a zip whose upload failed) stay inside the world.
    TMPDIR: `${root}/tmp`,
  });
  return {
    root,
    draftsDir,
    home,
    env,
    cleanup: () => Deno.remove(root, { recursive: true }),
  };
}

/** Reads every file of a folder (recursively) into a map path → bytes, for unchanged-checks. */
export async function snapshotDir(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(d: string) {
    for await (const e of Deno.readDir(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else if (e.isFile) {
        const bytes = await Deno.readFile(p);
        const hash = await crypto.subtle.digest("SHA-256", bytes);
        out.set(
          p.slice(dir.length),
          Array.from(new Uint8Array(hash)).map((b) => b.toString(16).padStart(2, "0")).join(""),
        );
      }
    }
  }
  await walk(dir);
  return out;
}

/** The file:// URL of a path. */
export function fileUrl(path: string): string {
  return new URL(`file://${path.startsWith("/") ? "" : "/"}${path}`).href;
}

/** Absolute path of a committed fixture. */
export function fixture(name: string): string {
  return fromFileUrl(new URL(`../fixtures/${name}`, import.meta.url));
}
