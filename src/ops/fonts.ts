/**
 * Font resolution for captions and text styles: a name from the edition's fonts catalog, else a
 * font installed on this machine (by family or full name, or a font file path). Catalog fonts are
 * written by resource id; local fonts the way the editors record an imported font: no id and
 * the file's absolute path with `/` separators. Unknown names fail with the closest catalog and
 * installed names.
 */
import { isAbsolute, resolve } from "../path.ts";
import { resolveField } from "./catalog_names.ts";
import type { Edition } from "../editions/profiles.ts";
import type { FontRef } from "../draft/text_content.ts";
import { DraftcliError } from "../errors.ts";
import { FONT_FILE, fontNames, installedFonts } from "../media/installed_fonts.ts";
import { currentOs } from "../store/home.ts";
import { closest } from "../text/closest.ts";
import { isAbsoluteAnyOs } from "../transfer/draft_media_paths.ts";
import { CUTCLI_SYSTEM_FONTS } from "../catalogs/compat.ts";

/** The editors' spelling of a local font path (forward slashes, also on Windows). */
function editorPath(path: string): string {
  return path.replaceAll("\\", "/");
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Resolves `name` (from input field `field`) to a font reference for `edition`.
 * A font cutcli's examples name that is an OS font not installed here (`CUTCLI_SYSTEM_FONTS`)
 * gives undefined (the editor's default font) and a warning. With `warn`, an absolute font file
 * path (any OS) that is not on this machine is kept as given, with a warning.
 * @throws DraftcliError `unknown_name` (exit 2) naming the closest catalog and installed fonts.
 */
export function resolveFont(
  edition: Edition,
  name: string,
  field = "font",
  env: Record<string, string | undefined> = Deno.env.toObject(),
  warn?: (message: string) => void,
): FontRef | undefined {
  let catalogError: DraftcliError;
  try {
    const f = resolveField(edition, "fonts", name, field);
    return { id: f.resourceId, path: "" };
  } catch (err) {
    if (!(err instanceof DraftcliError) || err.code !== "unknown_name") throw err;
    catalogError = err;
  }
  const trimmed = name.trim();
  if (FONT_FILE.test(trimmed) || isAbsolute(trimmed) || /^[A-Za-z]:[\\/]/.test(trimmed)) {
    const path = resolve(trimmed);
    if (!isFile(path) && warn && isAbsoluteAnyOs(trimmed)) {
      // A font of the machine the draft came from: the editor there still finds it.
      warn(
        `${field}: font file ${trimmed} is not on this machine; the draft names it as given ` +
          "(an editor without it shows its default font)",
      );
      return { id: "", path: editorPath(trimmed) };
    }
    if (!isFile(path)) {
      throw new DraftcliError("unknown_name", `${field}: font file ${trimmed} does not exist`, {
        hint: "give an existing .ttf/.otf/.ttc file, an installed font's name, or a catalog font",
        path: field,
      });
    }
    if (fontNames(Deno.readFileSync(path)).length === 0) {
      throw new DraftcliError("invalid_input", `${field}: ${trimmed} is not a font file`, {
        hint: "give a TrueType/OpenType font (.ttf, .otf, .ttc)",
        path: field,
      });
    }
    return { id: "", path: editorPath(path) };
  }
  const fonts = installedFonts(currentOs(), env);
  const wanted = trimmed.toLowerCase();
  const hit = fonts.find((f) => f.names.some((n) => n.toLowerCase() === wanted));
  if (hit) return { id: "", path: editorPath(hit.path) };
  const system = CUTCLI_SYSTEM_FONTS.find((f) => f.toLowerCase() === wanted);
  if (system && warn) {
    warn(`${field}: font "${system}" is not installed here; the editor's default font is used`);
    return undefined;
  }
  const installed = closest(trimmed, fonts.flatMap((f) => f.names), 3);
  throw new DraftcliError(
    "unknown_name",
    `${catalogError.message}${installed.length ? `; installed: ${installed.join(", ")}` : ""}`,
    {
      hint:
        "list catalog fonts with: draftcli query fonts --action search --keyword <part>; or give an installed font's family name or a font file path",
      path: field,
    },
  );
}
