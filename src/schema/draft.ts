/** Input schemas of the `draft` commands. */
import { z } from "zod";
import { isDraftName } from "./rules.ts";

/** A draft's name: shown in the editor, kept in the meta, never a path. */
export const draftNameSchema = z.string().min(1).max(200).refine(isDraftName, {
  message: 'must not contain \\ / : * ? " < > | characters',
});

/** Options of `draft create`. */
export const DraftCreateInput = z.object({
  width: z.number().int().min(16).max(16384).default(1080).describe("canvas width in px"),
  height: z.number().int().min(16).max(16384).default(1920).describe("canvas height in px"),
  name: draftNameSchema.optional().describe("name shown in the editor's draft list"),
  fps: z.union([z.literal(24), z.literal(25), z.literal(30), z.literal(50), z.literal(60)])
    .default(30).describe("frame rate: 24, 25, 30, 50 or 60"),
  editor: z.enum(["jianying", "capcut"]).optional().describe(
    "target editor (default: config, else the one installed, else jianying)",
  ),
  editorVersion: z.string().max(40).optional().describe(
    "target editor version (e.g. 5.9, 8.1, 9) or profile id; see 'draftcli editors'",
  ),
}).strict();
