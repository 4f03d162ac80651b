/** `effects` and `filters` command groups. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { addOutput } from "../schema/add_output.ts";
import { draftIdSchema } from "../schema/common.ts";
import { EffectInfo, FilterInfo } from "../schema/visual_items.ts";
import * as run from "./run/effects.ts";

/** Input of the `list` commands: just the draft. */
export const ListInput = z.object({ draftId: draftIdSchema }).strict();

/** Input of `effects add`. */
export const EffectsAddInput = z.object({
  draftId: draftIdSchema,
  effectInfos: z.array(EffectInfo).min(1).max(10000).describe("effects to add"),
}).strict();

/** Input of `filters add`. */
export const FiltersAddInput = z.object({
  draftId: draftIdSchema,
  filterInfos: z.array(FilterInfo).min(1).max(10000).describe("filters to add"),
}).strict();

/** `effects add`. */
export const effectsAdd = defineCommand({
  name: ["effects", "add"],
  summary: "add video effects on effect tracks (start/end) or onto one clip (segmentId)",
  description:
    "Names come from the video_effects catalog of the draft's editor. Without segmentId an " +
    "effect goes on the first effect track where it overlaps nothing (else a new one) and " +
    "applies to everything below it; with segmentId it applies to that video/photo segment " +
    "for its whole length. params take 0..100 per parameter name.",
  positionals: ["draftId"],
  input: EffectsAddInput,
  output: addOutput("effectIds"),
  mutates: true,
  examples: [
    `effects add "$ID" --effect-infos '[{"effectTitle":"70s","start":0,"end":3000000,"params":{"speed":60}}]'`,
    `effects add "$ID" --effect-infos "[{\\"effectTitle\\":\\"1998\\",\\"segmentId\\":\\"$VIDEO\\"}]"`,
  ],
  run: run.effectsAdd,
});

/** `effects list`. */
export const effectsList = defineCommand({
  name: ["effects", "list"],
  summary: "list track-level and clip-attached video effects",
  positionals: ["draftId"],
  input: ListInput,
  run: run.effectsList,
});

/** `filters add`. */
export const filtersAdd = defineCommand({
  name: ["filters", "add"],
  summary: "add filters on filter tracks (start/end) or onto one clip (segmentId)",
  description:
    "Names come from the filters catalog of the draft's editor. A clip keeps one filter: a " +
    "second one replaces the first (with a warning).",
  positionals: ["draftId"],
  input: FiltersAddInput,
  output: addOutput("effectIds"),
  mutates: true,
  examples: [
    `filters add "$ID" --filter-infos '[{"filterTitle":"赛博朋克","start":0,"end":5000000,"intensity":80}]'`,
  ],
  run: run.filtersAdd,
});

/** `filters list`. */
export const filtersList = defineCommand({
  name: ["filters", "list"],
  summary: "list track-level and clip-attached filters",
  positionals: ["draftId"],
  input: ListInput,
  run: run.filtersList,
});

/** The `effects` and `filters` commands. */
export const effectCommands = [effectsAdd, effectsList, filtersAdd, filtersList];
