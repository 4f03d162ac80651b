/** `draft` commands: create, list, info. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { DraftCreateInput } from "../schema/draft.ts";
import { draftIdSchema } from "../schema/common.ts";
import { findProfile } from "../editions/profiles.ts";
import { createDraft, listDraftDirs, loadDraft, readDraft } from "../store/drafts.ts";
import { installedEditions } from "../store/roots.ts";
import { currentOs } from "../store/home.ts";
import { summarise } from "../draft/summary.ts";

/** `draft create`. */
export const draftCreate = defineCommand({
  name: ["draft", "create"],
  summary: "create an empty draft and print its id and folder",
  input: DraftCreateInput,
  mutates: true,
  examples: [
    "draft create --width 1080 --height 1920 --name 'My video'",
    "draft create --editor capcut --editor-version 8.1",
  ],
  async run(input, ctx) {
    const config = await ctx.config();
    const installed = input.editor || config.editor ? [] : await installedEditions({
      env: ctx.env,
      config,
    });
    const edition = input.editor ?? config.editor ?? installed[0] ?? "jianying";
    const profile = findProfile(edition, input.editorVersion ?? config.editorVersion);
    const root = await ctx.draftsDir(edition);
    const doc = await createDraft({
      root,
      name: input.name,
      width: input.width,
      height: input.height,
      fps: input.fps,
      edition,
      profile,
      os: currentOs(),
    });
    return {
      draftId: doc.draftId,
      filePath: doc.dir,
      name: doc.meta.draft_name,
      editor: edition,
      editorProfile: profile.id,
      width: input.width,
      height: input.height,
      fps: input.fps,
    };
  },
});

/** `draft list`. */
export const draftList = defineCommand({
  name: ["draft", "list"],
  summary: "list the drafts in the drafts folder(s), newest first",
  input: z.object({}).strict(),
  async run(_input, ctx) {
    const out = [];
    for (const root of await ctx.searchRoots()) {
      for (const dir of await listDraftDirs(root)) {
        try {
          // No lock and no recovery: a listing never waits for, or interferes with, writers.
          const s = summarise(await loadDraft(dir, { recover: false }));
          out.push({
            draftId: s.draftId,
            name: s.name,
            editor: s.editor,
            duration: s.duration,
            canvas: s.canvas,
            modified: s.modified,
            filePath: s.filePath,
          });
        } catch (err) {
          out.push({
            draftId: dir.split(/[\\/]/).pop(),
            filePath: dir,
            error: String((err as Error).message),
          });
        }
      }
    }
    return out;
  },
});

/** `draft info`. */
export const draftInfo = defineCommand({
  name: ["draft", "info"],
  summary: "show a draft's name, editor, canvas, fps, duration, tracks and materials",
  positionals: ["draftId"],
  input: z.object({ draftId: draftIdSchema }).strict(),
  examples: ["draft info 7B1F0C2E-5A44-4B8E-9C3D-2B6F1A9E0C11"],
  async run(input, ctx) {
    return summarise(await readDraft(await ctx.searchRoots(), input.draftId));
  },
});

/** All `draft` commands. */
export const draftCommands = [draftCreate, draftList, draftInfo];
