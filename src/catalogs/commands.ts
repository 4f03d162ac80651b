/**
 * The `query` command that lists each catalog kind, for hints in errors. Kept free of imports so
 * error paths can name a real command without loading the command registry.
 */

import type { CatalogKind } from "./catalog.ts";

/** `query …` words (after `draftcli`) that list one kind's names. */
export const QUERY_COMMAND: Readonly<Record<CatalogKind, string>> = {
  video_intro: "query animations --kind image --type in",
  video_outro: "query animations --kind image --type out",
  video_group: "query animations --kind image --type loop",
  text_intro: "query animations --kind text --type in",
  text_outro: "query animations --kind text --type out",
  text_loop: "query animations --kind text --type loop",
  transitions: "query transitions",
  filters: "query filters",
  video_effects: "query effects",
  masks: "query masks",
  fonts: "query fonts",
  mix_modes: "query mix-modes",
  audio_effects: "query audio-effects",
};

/** Hint naming the command that searches `kind` by part of a name. */
export function searchHint(kind: CatalogKind): string {
  return `draftcli ${QUERY_COMMAND[kind]} --action search --keyword <part of a name>`;
}
