/** `build` (a whole video from one spec) and `schema` (the JSON Schema of such inputs). */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { draftIdSchema, mediaPlacement } from "../schema/common.ts";
import { draftNameSchema } from "../schema/draft.ts";
import { FIT_MODES } from "../draft/fit_modes.ts";
import { BuildSpec } from "../schema/build.ts";
import * as run from "./run/build.ts";

/** Input of `build`. */
export const BuildInput = z.object({
  spec: z.record(z.string(), z.unknown()).describe(
    "the spec: inline JSON, @file.json, or - for stdin (schema: 'draftcli schema build')",
  ),
  into: draftIdSchema.optional().describe("add to this existing draft instead of a new one"),
  media: mediaPlacement,
}).strict();

/** The `build` tool's input over MCP: the same, with the spec's own schema shown. */
export const BuildToolInput = BuildInput.extend({
  spec: BuildSpec.describe('the spec (full schema: docs {"topic":"build"})'),
});

/** Input of `schema`. */
export const SchemaInput = z.object({
  of: z.enum(["build"]).default("build").describe("which input: build"),
}).strict();

/** Input of `draft export`. */
export const DraftExportInput = z.object({ draftId: draftIdSchema }).strict();

/** `build`. */
export const buildCommand = defineCommand({
  name: ["build"],
  summary: "build a whole video from one JSON spec (all items of every add command, one write)",
  description: "The spec holds the add commands' items keyed by command name: images, videos, " +
    "audios, captions (+ captionOptions: the captions add style flags), effects, filters, " +
    "stickers, keyframes, masks, transitions {auto, duration}, and draft {name, width, height, " +
    'fps, editor, editorVersion}. Any item may carry "ref"; keyframes, masks and segment-bound ' +
    'effects/filters may name their segment by "segmentRef". The whole spec is checked first ' +
    "and every problem is listed at once with its JSON path (exit 2, nothing written). Prints " +
    "{draftId, filePath, created, refs: {ref: segmentId}, counts, duration}. Full schema: " +
    "'draftcli schema build'.",
  positionals: ["spec"],
  input: BuildInput,
  toolInput: BuildToolInput,
  mutates: true,
  examples: [
    `build '{"draft":{"name":"Demo"},"images":[{"ref":"a","imageUrl":"file:///abs/a.jpg","start":0,"end":3000000,"inAnimation":"渐显"}],"keyframes":[{"segmentRef":"a","property":"uniform_scale","offset":0,"value":1.2}]}'`,
    "build @examples/build-slideshow.json",
    'build --into "$ID" @more.json',
  ],
  run: run.build,
});

/** `schema`. */
export const schemaCommand = defineCommand({
  name: ["schema"],
  summary: "print the JSON Schema of a structured input (build: the spec of 'draftcli build')",
  positionals: ["of"],
  input: SchemaInput,
  // Over MCP the build tool's inputSchema holds this schema already.
  mcp: false,
  examples: ["schema build"],
  run: run.schema,
});

/** `draft export`. */
export const draftExportCommand = defineCommand({
  name: ["draft", "export"],
  summary: "print the build spec of a draft (its items as 'draftcli build' takes them)",
  description: "Works on draftcli's drafts and on plaintext drafts made in the editor. Every " +
    "segment becomes an item whose ref is its segment id. What the spec cannot express " +
    "(text templates, compound clips, unknown material kinds, text scale, non-default shadows …) " +
    "is listed under 'unsupported' as {kind, scope: item|part, count, ids}. Caption styles come " +
    "back as captionOptions and keyword highlights. Prints {draftId, spec, unsupported}; " +
    "'draftcli build' of the spec rebuilds the draft as a new one.",
  positionals: ["draftId"],
  input: DraftExportInput,
  examples: ['draft export "$ID"', 'draft export "$ID" | jq .spec > spec.json'],
  run: run.draftExport,
});

const stringMap = z.record(z.string().min(1).max(5000), z.string().min(1).max(5000));

/** Input of `draft fill`. */
export const DraftFillInput = z.object({
  source: draftIdSchema.describe("id of the draft to copy"),
  name: draftNameSchema.optional().describe("name of the copy"),
  texts: stringMap.optional().describe('{"current text or segment id": "new text"}'),
  media: stringMap.optional().describe(
    '{"material name, file name or material id": "new file path or URL"}',
  ),
  allowMissing: z.boolean().default(false).describe("warn instead of failing on unmatched keys"),
  fit: z.enum(FIT_MODES).optional().describe(
    "how a video/audio of another length fits each segment playing it. Absent: segment and " +
      "source range stay (a longer file is trimmed, a too-short one is an error). loop: the " +
      "file repeats as back-to-back segments (in animation on the first, out animation and " +
      "transition on the last). stretch: the whole file at speed = file / segment length " +
      "(0.1–100). extend: the segment becomes the file's length; later segments stay put, " +
      "an overlap is an error. Ignored for photos",
  ),
  mediaPlacement: mediaPlacement,
}).strict();

/** `draft fill`. */
export const draftFillCommand = defineCommand({
  name: ["draft", "fill"],
  summary: "copy a draft (e.g. one made in the editor) and replace texts and media in the copy",
  description: "Texts are matched by their exact current text or by text segment id and keep " +
    "their style, animations and keyframes; media by material name, the old file's base name " +
    "or material id; the new file is probed and fitted to each segment that plays it (--fit). " +
    "A replaced file is replaced everywhere it is played, compound clips included, and what the " +
    "editor derived from it (reversed copy, stabilisation, cut-out, separated vocals, beats) is " +
    "cleared for the editor to derive again. Every other field is kept. A key that matches " +
    "nothing is an error listing the keys that would (--allow-missing: a warning). The source " +
    "draft is never modified. Prints {draftId, filePath, name, sourceDraftId, replaced: {texts, " +
    "media}, cleared: [{materialId, key, was}]} (+ unlisted: [{file, id?, was}] for the media " +
    "pool and proxy entries of replaced files, fitted: [{segmentId, fit, duration, speed, pieces}] with --fit).",
  positionals: ["source"],
  input: DraftFillInput,
  mutates: true,
  examples: [
    `draft fill "$ID" --name "Episode 2" --texts '{"Episode 1":"Episode 2"}' --media '{"cover.jpg":"/abs/cover2.jpg"}'`,
    `draft fill "$ID" --name "Episode 2" --media '{"intro.mp4":"/abs/short-intro.mp4"}' --fit loop`,
  ],
  run: run.draftFill,
});

/** The `build`, `schema`, `draft export` and `draft fill` commands. */
export const buildCommands = [buildCommand, schemaCommand, draftExportCommand, draftFillCommand];
