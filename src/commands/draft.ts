/** `draft` commands: create, list, info. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { DraftCreateInput } from "../schema/draft.ts";
import { draftIdSchema } from "../schema/common.ts";

/** Modules behind these commands, loaded only when one runs. */
const detect = () => import("../store/detect.ts");
const drafts = () => import("../store/drafts.ts");
const home = () => import("../store/home.ts");
const summary = () => import("../draft/summary.ts");

/** `draft create`. */
export const draftCreate = defineCommand({
  name: ["draft", "create"],
  summary: "create an empty draft and print its id and folder",
  description: "The editor is --editor, else config 'editor', else the editor of the newest " +
    "draft the editor app saved in the drafts folder, else the editor whose drafts folder " +
    "exists, else jianying. Version markers are copied from that app-saved draft when its " +
    "version is the one targeted (output 'markers': detected | profile | table). The new " +
    "draft is registered in the editor's draft index, root_meta_info.json (output " +
    "'editorIndex': added | created | missing | malformed | failed); a missing index is " +
    "created only for CapCut in a folder without other drafts. See 'draftcli editors'.",
  input: DraftCreateInput,
  mutates: true,
  examples: [
    "draft create --width 1080 --height 1920 --name 'My video'",
    "draft create --editor capcut --editor-version 8.1",
  ],
  async run(input, ctx) {
    const config = await ctx.config();
    const os = (await home()).currentOs();
    const choice = await (await detect()).chooseEditor(
      {
        env: ctx.env,
        config,
        os,
        editor: input.editor,
        editorVersion: input.editorVersion,
      },
      { rootFor: (edition) => ctx.draftsDir(edition) },
    );
    const doc = await (await drafts()).createDraft({
      root: choice.root,
      name: input.name,
      width: input.width,
      height: input.height,
      fps: input.fps,
      edition: choice.edition,
      profile: choice.profile,
      stamp: choice.stamp,
      platformOverride: choice.platformOverride,
      newVersionOverride: choice.newVersionOverride,
      os,
    });
    let index: string;
    try {
      index = (await (await drafts()).registerDraft(doc.dir, { os, warn: ctx.warn }, doc)).action;
    } catch (err) {
      ctx.warn(
        `the draft was created but not registered in the editor's index: ${(err as Error).message}`,
      );
      index = "failed";
    }
    const platform = doc.content.platform as Record<string, unknown>;
    return {
      draftId: doc.draftId,
      filePath: doc.dir,
      name: doc.meta.draft_name,
      editor: choice.edition,
      editorProfile: choice.profile.id,
      appVersion: platform.app_version,
      newVersion: doc.content.new_version,
      markers: choice.markers,
      ...(choice.markers === "detected" && choice.detectedFrom
        ? { markersFrom: choice.detectedFrom.dir }
        : {}),
      chosenBy: choice.why,
      editorIndex: index,
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
  description: 'Output: [{"draftId","name","editor","duration","canvas","modified","filePath",' +
    '"canvasWidth","canvasHeight","createdAt","modifiedAt"}]; createdAt/modifiedAt are the ' +
    "meta file's tm_draft_create/tm_draft_modified. A draft that cannot be read is listed as " +
    '{"draftId","filePath","error"}.',
  input: z.object({}).strict(),
  output: z.array(
    z.looseObject({
      draftId: z.string(),
      filePath: z.string(),
      name: z.string().optional(),
      duration: z.number().optional(),
      error: z.string().optional().describe("why the draft could not be read"),
    }),
  ),
  async run(_input, ctx) {
    const out = [];
    for (const root of await ctx.searchRoots()) {
      for (const dir of await (await drafts()).listDraftDirs(root)) {
        try {
          // No lock and no recovery: a listing never waits for, or interferes with, writers.
          const s = (await summary()).summarise(
            await (await drafts()).loadDraft(dir, { recover: false }),
          );
          out.push({
            draftId: s.draftId,
            name: s.name,
            editor: s.editor,
            duration: s.duration,
            canvas: s.canvas,
            modified: s.modified,
            filePath: s.filePath,
            canvasWidth: s.canvasWidth,
            canvasHeight: s.canvasHeight,
            createdAt: s.createdAt,
            modifiedAt: s.modifiedAt,
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
  description: 'Output: {"draftId","name","editor","editorProfile","filePath","canvas","fps",' +
    '"duration","tracks":[{trackId,type,segments}],"materials":{<list>:count},"modified"} and, ' +
    'as cutcli prints them, "canvasWidth","canvasHeight","trackSummary":[{id,type,segmentCount}],' +
    '"materialSummary":{videos,images,audios,texts,stickers,effects},"createdAt","modifiedAt".',
  positionals: ["draftId"],
  input: z.object({ draftId: draftIdSchema }).strict(),
  examples: ['draft info "$ID"'],
  async run(input, ctx) {
    return (await summary()).summarise(
      await (await drafts()).readDraft(await ctx.searchRoots(), input.draftId),
    );
  },
});

/** All `draft` commands. */
export const draftCommands = [draftCreate, draftList, draftInfo];
