/**
 * The warm server's warm-up: while it has no call to run, the server runs a few rounds of the
 * commands agents call most on a scratch draft of its own (create a draft, add 10 captions from a
 * file, read it, remove it), one command per idle turn, so that the first calls it serves find
 * their modules loaded and their code optimised by V8 instead of running it cold. Everything it
 * makes lives in one folder of its own inside the server's private folder, removed when the
 * warm-up ends or the server stops (and, after a server killed mid-way, by the next server of the
 * same program). Its commands see only that folder: their own drafts folder, cache folder, config
 * path and home, and none of the caller's variables.
 */
import { ignoreErrors } from "../files.ts";

/** Runs one command as the server runs a call (in `cwd`, with exactly `env`); its stdout. */
export type ScratchRunner = (
  argv: string[],
  env: Record<string, string>,
  cwd: string,
) => Promise<{ code: number; stdout: string }>;

/** Rounds of the warm-up by default (each: create, captions add, info, remove). */
export const WARM_UP_ROUNDS = 10;

/** The rounds: DRAFTCLI_WARM_UP_ROUNDS when it is a whole number (0 turns it off), else 10. */
export function warmUpRounds(value: string | undefined): number {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n >= 0 ? n : WARM_UP_ROUNDS;
}

/** The prefix of a warm-up folder of the server named `name` (its socket's name). */
export function warmUpPrefix(name: string): string {
  return `${name}.warmup-`;
}

/** Captions a round adds: as many as a typical agent call, with CJK text. */
const CAPTIONS = JSON.stringify(
  Array.from({ length: 10 }, (_, i) => ({
    text: `warm ${i} 字幕`,
    start: i * 1_000_000,
    end: (i + 1) * 1_000_000 - 1,
  })),
);

/** The rounds of one server's warm-up, run a command at a time (`step`). */
export class WarmUp {
  readonly #parent: string;
  readonly #prefix: string;
  readonly #steps: number;
  #done = 0;
  #dir: string | undefined;
  #draft: { id: string; path: string } | undefined;
  #ended = false;

  /** A warm-up of `rounds` rounds in a new folder under `parent`, named with `prefix`. */
  constructor(parent: string, prefix: string, rounds: number) {
    this.#parent = parent;
    this.#prefix = prefix;
    this.#steps = rounds * 3;
    if (!this.#steps) this.#ended = true;
  }

  /** True once the warm-up has ended (all rounds run, a command failed, or `end`). */
  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Runs the next command of the warm-up with `run`; false when the warm-up has ended (its folder
   * removed): after its last command, or at the first that fails (the server then simply runs
   * calls colder).
   */
  async step(run: ScratchRunner): Promise<boolean> {
    if (this.#ended) return false;
    try {
      const dir = this.#dir ??= this.#makeFolder();
      const env = {
        HOME: dir,
        TMPDIR: dir,
        DRAFTCLI_DRAFTS_DIR: `${dir}/drafts`,
        DRAFTCLI_CACHE_DIR: `${dir}/cache`,
        DRAFTCLI_CONFIG: `${dir}/config.json`,
      };
      const kind = this.#done % 3;
      if (kind === 0) {
        const out = await run(["draft", "create", "--name", "warm-up"], env, dir);
        const made = out.code === 0 ? JSON.parse(out.stdout) : undefined;
        const path = made?.filePath;
        if (typeof made?.draftId !== "string" || typeof path !== "string") return this.#fail();
        if (!path.startsWith(`${dir}/drafts/`)) return this.#fail();
        this.#draft = { id: made.draftId, path };
      } else {
        const draft = this.#draft!;
        const argv = kind === 1
          ? ["captions", "add", draft.id, "--captions", `@${dir}/captions.json`]
          : ["draft", "info", draft.id];
        if ((await run(argv, env, dir)).code !== 0) return this.#fail();
        if (kind === 2) {
          Deno.removeSync(draft.path, { recursive: true });
          this.#draft = undefined;
        }
      }
    } catch {
      return this.#fail();
    }
    if (++this.#done < this.#steps) return true;
    this.end();
    return false;
  }

  /** Ends the warm-up now, removing its folder. */
  end(): void {
    this.#ended = true;
    const dir = this.#dir;
    this.#dir = undefined;
    if (dir !== undefined) ignoreErrors(() => Deno.removeSync(dir, { recursive: true }));
  }

  #fail(): false {
    this.end();
    return false;
  }

  #makeFolder(): string {
    // A folder left by a server of this program killed during its warm-up goes first.
    for (const e of Deno.readDirSync(this.#parent)) {
      if (e.isDirectory && e.name.startsWith(this.#prefix)) {
        ignoreErrors(() => Deno.removeSync(`${this.#parent}/${e.name}`, { recursive: true }));
      }
    }
    const dir = Deno.makeTempDirSync({ dir: this.#parent, prefix: this.#prefix });
    Deno.writeTextFileSync(`${dir}/captions.json`, CAPTIONS);
    return dir;
  }
}
