/**
 * Names that cutcli's documentation and example scripts use but no catalog lists, mapped to the
 * closest entry of each edition's catalog. Resolving one of them works but prints a warning
 * naming the entry actually used, since the effect is close, not identical.
 */
import type { CatalogKind, Edition } from "./catalog.ts";

/** One documented name: the catalog name used instead, per edition. */
export type CompatTarget = Readonly<Record<Edition, string>>;

/**
 * cutcli name → closest catalog name per kind and edition. Keep this list to names that appear
 * in cutcli's public docs/examples (see docs/cutcli.md); everything else fails with the closest
 * names as usual.
 */
export const CUTCLI_NAMES: Readonly<
  Partial<Record<CatalogKind, Readonly<Record<string, CompatTarget>>>>
> = {
  // "slide in upwards": the catalogs call the slide-up entrance 向上滑动 / Slide Up.
  text_intro: { "向上滑入": { jianying: "向上滑动", capcut: "Slide Up" } },
  // "scroll to the left" (news ticker): the bullet-comment scroll moves text right to left.
  text_loop: { "向左滚动": { jianying: "弹幕滚动", capcut: "Scrolling" } },
  // "push": the catalogs have no plain push; 左移 / Slide moves the next clip in from the side.
  transitions: { "推移": { jianying: "左移", capcut: "Slide" } },
};

/** The catalog name standing in for a cutcli name, if the name is one of them. */
export function compatTarget(
  kind: CatalogKind,
  edition: Edition,
  name: string,
): string | undefined {
  const table = CUTCLI_NAMES[kind];
  if (!table || !Object.hasOwn(table, name)) return undefined;
  return table[name][edition];
}

/**
 * Font names cutcli's examples pass to `--font` that are operating-system fonts (macOS,
 * Windows), in no editor catalog. Where such a font is not installed, the caption keeps the
 * editor's default font and a warning says so, instead of failing.
 */
export const CUTCLI_SYSTEM_FONTS: readonly string[] = ["Times New Roman", "PingFang SC"];
