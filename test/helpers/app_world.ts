/**
 * In-process runs of the CLI for the tests beside each command file (src/commands/<group>/):
 * `runInProcess` (runApp with injected I/O, test/helpers/cli.ts) in a temporary world (drafts
 * folder, HOME, config path, cache), removed when the `await using` scope ends. Every run
 * cross-checks the fast validator against zod (DRAFTCLI_CHECK_FAST), as the subprocess tests do.
 */
import { hermeticEnv, runInProcess } from "./cli.ts";
import { tempDir } from "./temp.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** One in-process run: exit code, streams, stdout as JSON and the error object of stderr. */
export interface AppRun {
  code: number;
  stdout: string;
  stderr: string;
  json?: Json;
  error?: { code: string; message: string; path?: string; hint?: string };
}

/** A temporary world for in-process runs. */
export interface AppWorld extends AsyncDisposable {
  /** The world's folder; `${root}/drafts` is its drafts folder. */
  root: string;
  /** The environment every run gets. */
  env: Record<string, string>;
  /** Runs `draftcli <argv>` in the world (stdin: `stdin`, else empty). */
  run(argv: string[], stdin?: string): Promise<AppRun>;
  /** Runs it, fails unless it exits 0, and returns its JSON output. */
  ok(argv: string[]): Promise<Json>;
  /** Creates an empty draft and returns its id. */
  draft(): Promise<string>;
  /** Adds one 1 s caption per text to draft `id`, back to back from 0; returns the add's output. */
  captions(id: string, texts: string[]): Promise<Json>;
  /** Adds the fixture image.png to draft `id` from 0 to `end` µs; returns the add's output. */
  image(id: string, end: number): Promise<Json>;
  /**
   * Creates a draft with two adjacent photos on its main track (image.png 0–2 s, image.jpg 2–4 s);
   * returns its id and the photos' segment ids.
   */
  twoPhotos(): Promise<{ id: string; segmentIds: string[] }>;
}

/** Creates a world; `await using w = await appWorld()` removes it. */
export async function appWorld(): Promise<AppWorld> {
  const tmp = await tempDir("draftcli-cmd-test-");
  const root = tmp.path;
  await Deno.mkdir(`${root}/drafts`);
  await Deno.mkdir(`${root}/home`);
  const env = hermeticEnv({
    HOME: `${root}/home`,
    DRAFTCLI_DRAFTS_DIR: `${root}/drafts`,
    DRAFTCLI_CONFIG: `${root}/home/config.json`,
    DRAFTCLI_CACHE_DIR: `${root}/cache`,
    TMPDIR: root,
  });
  const run = async (argv: string[], stdin = ""): Promise<AppRun> => {
    const { code, stdout, stderr, json, error } = await runInProcess(argv, { env, stdin });
    return { code, stdout, stderr, json, error };
  };
  const ok = async (argv: string[]): Promise<Json> => {
    const r = await run(argv);
    if (r.code !== 0) throw new Error(`draftcli ${argv.join(" ")} exited ${r.code}: ${r.stderr}`);
    return r.json ?? {};
  };
  return {
    root,
    env,
    run,
    ok,
    draft: async () => (await ok(["draft", "create"])).draftId,
    captions: (id, texts) => {
      const list = texts.map((text, i) => ({
        text,
        start: i * 1_000_000,
        end: (i + 1) * 1_000_000,
      }));
      return ok(["captions", "add", id, "--captions", JSON.stringify(list)]);
    },
    image: (id, end) => {
      const list = [{ imageUrl: fixtureUrl("image.png"), start: 0, end }];
      return ok(["images", "add", id, "--image-infos", JSON.stringify(list)]);
    },
    twoPhotos: async () => {
      const id = (await ok(["draft", "create"])).draftId;
      const images = [
        { imageUrl: fixtureUrl("image.png"), start: 0, end: 2_000_000 },
        { imageUrl: fixtureUrl("image.jpg"), start: 2_000_000, end: 4_000_000 },
      ];
      const { segmentIds } = await ok([
        "images",
        "add",
        id,
        "--image-infos",
        JSON.stringify(images),
      ]);
      return { id, segmentIds };
    },
    [Symbol.asyncDispose]: () => tmp.remove(),
  };
}

/** The file:// URL of a committed fixture (test/fixtures/). */
export function fixtureUrl(name: string): string {
  return new URL(`../fixtures/${name}`, import.meta.url).href;
}

/** The `--help` text of a command; fails unless it names every flag of `flags`. */
export async function helpNaming(w: AppWorld, words: string[], flags: string[]): Promise<string> {
  const r = await w.run([...words, "--help"]);
  if (r.code !== 0) throw new Error(`${words.join(" ")} --help exited ${r.code}: ${r.stderr}`);
  const missing = flags.filter((f) => !r.stdout.includes(f));
  if (missing.length) throw new Error(`${words.join(" ")} --help does not name ${missing}`);
  return r.stdout;
}
