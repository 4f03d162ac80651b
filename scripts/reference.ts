/**
 * Where the read-only reference material (../shared/reference: draft-format.md, real-drafts/,
 * templates/) lives: $DRAFTCLI_REFERENCE, else the first `shared/reference` folder found beside
 * the checkout or one of its parents (worktrees sit one level deeper than the main checkout).
 */
export function referenceDir(): string {
  const env = Deno.env.get("DRAFTCLI_REFERENCE");
  if (env) return env.endsWith("/") ? env : env + "/";
  for (const up of ["../../", "../../../", "../../../../"]) {
    const dir = new URL(`${up}shared/reference/`, import.meta.url).pathname;
    try {
      if (Deno.statSync(dir).isDirectory) return dir;
    } catch { /* try the next */ }
  }
  throw new Error("reference folder not found; set DRAFTCLI_REFERENCE");
}
