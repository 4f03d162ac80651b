/** `draft` commands: create, list, info. */
import { z } from "zod";
import { defineCommand } from "./spec.ts";
import { DraftCreateInput } from "../schema/draft.ts";
import { draftIdSchema } from "../schema/common.ts";
import * as run from "./run/draft.ts";

/** Input of `draft list`: none. */
export const DraftListInput = z.object({}).strict();

/** Input of `draft info`. */
export const DraftInfoInput = z.object({ draftId: draftIdSchema }).strict();

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
  run: run.draftCreate,
});

/** `draft list`. */
export const draftList = defineCommand({
  name: ["draft", "list"],
  summary: "list the drafts in the drafts folder(s), newest first",
  description: 'Output: [{"draftId","name","editor","duration","canvas","modified","filePath",' +
    '"canvasWidth","canvasHeight","createdAt","modifiedAt"}]; createdAt/modifiedAt are the ' +
    "meta file's tm_draft_create/tm_draft_modified. A draft that cannot be read is listed as " +
    '{"draftId","filePath","error"}.',
  input: DraftListInput,
  output: z.array(
    z.looseObject({
      draftId: z.string(),
      filePath: z.string(),
      name: z.string().optional(),
      duration: z.number().optional(),
      error: z.string().optional().describe("why the draft could not be read"),
    }),
  ),
  run: run.draftList,
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
  input: DraftInfoInput,
  examples: ['draft info "$ID"'],
  run: run.draftInfo,
});

/** All `draft` commands. */
export const draftCommands = [draftCreate, draftList, draftInfo];
