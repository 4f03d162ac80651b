/**
 * The program's own data files: read like a module's text, from beside the module that names
 * them. In a compiled binary they come from its embedded archive (`INCLUDES` in
 * scripts/compile.ts lists the folders `deno compile --include` embeds), so reading them touches
 * no user file. The layers that must not touch the file system use this instead of `Deno` calls.
 */

/** The text of an embedded data file (`url`: resolved against the calling module's URL). */
export function readEmbeddedText(url: URL): string {
  return Deno.readTextFileSync(url);
}
