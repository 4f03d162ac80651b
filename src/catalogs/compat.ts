/**
 * Names cutcli's documentation and examples use that neither editor's catalog lists, mapped to
 * the closest entry (tried in order, per edition). Resolving one of them warns with the mapping.
 */

import type { CatalogKind } from "./catalog.ts";

/** cutcli name → candidate catalog names (closest first), per kind. */
export const CUTCLI_NAMES: Readonly<Partial<Record<CatalogKind, Record<string, string[]>>>> = {
  // 向上滑入 "slide in upwards": the catalogs' upward slide entrance.
  text_intro: { "向上滑入": ["向上滑动"] },
  video_intro: { "向上滑入": ["向上滑动"], "弹入跳动": ["向上弹入", "向上滑动"] },
  // 向左滚动 "scroll left" (a news ticker): the horizontal bullet-comment scroll, else Scroll Up.
  text_loop: { "向左滚动": ["弹幕滚动", "字幕滚动"] },
  // 推移 "push": content moves out sideways, as 左移 / Left does.
  transitions: { "推移": ["左移"] },
};

/** The candidates for a cutcli name of `kind`, or undefined when it is not one. */
export function cutcliCandidates(kind: CatalogKind, name: string): string[] | undefined {
  return CUTCLI_NAMES[kind]?.[name.trim()];
}
