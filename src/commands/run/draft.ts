/** Handlers of the `draft` commands (create, list, info), free of zod at run time. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { DraftCreateInput } from "../../schema/draft.ts";
import type { DraftInfoInput, DraftListInput } from "../draft.ts";

/** Modules behind these commands, loaded only when one runs. */
const detect = () => import("../../store/detect.ts");
const drafts = () => import("../../store/drafts.ts");
const home = () => import("../../store/home.ts");
const summary = () => import("../../draft/summary.ts");

/** `draft create`. */
export async function draftCreate(
  input: z.infer<typeof DraftCreateInput>,
  ctx: CommandContext,
): Promise<unknown> {
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
  // The next command finds the new draft by its id without looking into every draft folder.
  await (await drafts()).rememberFolder(await ctx.searchRoots(), doc.draftId, doc.dir);
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
}

/** `draft list`. */
export async function draftList(
  _input: z.infer<typeof DraftListInput>,
  ctx: CommandContext,
): Promise<unknown> {
  const out = [];
  for (const root of await ctx.searchRoots()) {
    await (await drafts()).sweepLeftovers(root); // crash leftovers (store/assemble.ts)
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
}

/** `draft info`. */
export async function draftInfo(
  input: z.infer<typeof DraftInfoInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return (await summary()).summarise(
    await (await drafts()).readDraft(await ctx.searchRoots(), input.draftId),
  );
}
