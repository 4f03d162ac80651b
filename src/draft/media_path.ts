/**
 * Media paths as the editors write them: a file inside the draft folder is spelled
 * `##_draftpath_placeholder_<uuid>_##/resources/…`, which the editor resolves to its folder.
 */

/** The editors' draft-folder prefix of a media path. */
export const DRAFT_PATH_PLACEHOLDER = /^##_draftpath_placeholder_[^#]*_##/;

/**
 * `path` with the draft-folder prefix (if any) replaced by the draft's folder `dir`; anything
 * that is not a string (a damaged material) is returned as it is.
 */
export function realMediaPath(path: unknown, dir: string): unknown {
  if (typeof path !== "string" || !DRAFT_PATH_PLACEHOLDER.test(path)) return path;
  const rest = path.replace(DRAFT_PATH_PLACEHOLDER, "").replace(/^[\\/]+/, "");
  const sep = dir.includes("\\") && !dir.includes("/") ? "\\" : "/";
  return rest ? `${dir.replace(/[\\/]+$/, "")}${sep}${rest}` : dir;
}
