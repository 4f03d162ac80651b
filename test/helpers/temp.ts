/**
 * The one way tests make temporary folders: `await using tmp = await tempDir("x-")` removes the
 * folder (recursively) when the scope ends, whether the test passed or threw. CI runs the suite
 * with a private TMPDIR and fails if anything is left in it.
 */

// Every test that writes a draft makes its folder here, so this is where saves in the test
// process (runInProcess, and the store called directly) are put in verification mode: a save that
// writes loaded items from their loaded bytes is also made in full and must give the same bytes
// (src/draft/verbatim.ts). Child processes get it from hermeticEnv (test/helpers/cli.ts).
Deno.env.set("DRAFTCLI_VERIFY_SAVE", "1");

/** A temporary folder that removes itself at the end of its `await using` scope. */
export interface TempDir extends AsyncDisposable {
  /** Absolute, symlink-resolved path of the folder. */
  readonly path: string;
  /** Removes the folder now (idempotent). */
  remove(): Promise<void>;
}

/** Creates a fresh temporary folder named `<prefix>XXXX` in the system temp dir. */
export async function tempDir(prefix = "draftcli-test-"): Promise<TempDir> {
  const path = await Deno.realPath(await Deno.makeTempDir({ prefix }));
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    await Deno.remove(path, { recursive: true }).catch((e) => {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    });
  };
  return { path, remove, [Symbol.asyncDispose]: remove };
}

/** Synchronous twin of tempDir, for fixtures built in constructors. */
export function tempDirSync(prefix = "draftcli-test-"): { path: string; remove(): void } {
  const path = Deno.realPathSync(Deno.makeTempDirSync({ prefix }));
  return {
    path,
    remove: () => {
      try {
        Deno.removeSync(path, { recursive: true });
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
      }
    },
  };
}

/** Runs `fn` with a fresh temporary folder and removes it afterwards. */
export async function withTempDir<T>(
  fn: (dir: string) => Promise<T>,
  prefix = "draftcli-test-",
): Promise<T> {
  await using tmp = await tempDir(prefix);
  return await fn(tmp.path);
}

/**
 * A fixture built once for all the tests of one file (which must not change it): `build` runs on
 * the first call, in a fresh temporary folder, and every later call gets the same result. The
 * folder is removed when the test module unloads.
 */
export function oncePerFile<T>(
  build: (dir: string) => Promise<T>,
  prefix = "draftcli-fixture-",
): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    made ??= (async () => {
      const dir = tempDirSync(prefix);
      globalThis.addEventListener("unload", () => dir.remove());
      return await build(dir.path);
    })();
}
