/**
 * The program's own files: its data files, read like a module's text, and its entry point. From
 * source they are found from the repository root; in the bundle (scripts/bundle.ts), whose
 * chunks all sit in one folder, from that folder, into which the bundle copies the data files at
 * the same relative paths. In a compiled binary they come from its embedded archive (`INCLUDES`
 * in scripts/compile.ts lists the folders `deno compile --include` embeds), so reading them
 * touches no user file. The layers that must not touch the file system use this instead of `Deno`
 * calls.
 */

const HERE = import.meta.url;

/** True when this code runs from the bundle (a chunk of dist/bundle/), not from src/. */
export const BUNDLED: boolean = !HERE.endsWith("/src/embedded.ts");

/** The program's root: the repository root from source, the bundle's folder in a bundle. */
const ROOT = new URL(BUNDLED ? "./" : "../", HERE);

/** The program's entry point, relative to its root: main.ts, or the bundle's main.js. */
export const ENTRY_FILE: string = BUNDLED ? "main.js" : "main.ts";

/**
 * The URL of one of the program's files (`path`: relative to the program's root; a data file has
 * the same path in the bundle as in the repository).
 */
export function programFile(path: string): URL {
  return new URL(path, ROOT);
}

/** The text of an embedded data file (`path`: relative to the repository root). */
export function readEmbeddedText(path: string): string {
  return Deno.readTextFileSync(programFile(path));
}
