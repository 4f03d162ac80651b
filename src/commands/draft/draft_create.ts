/** `draft create`: create an empty draft and print its id and folder. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";

/** The schemas of `draft create` (load zod). */
async function schemas() {
  const { DraftCreateInput } = await import("../../schema/draft.ts");
  return { input: DraftCreateInput };
}

/** The input of `draft create`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `draft create`. */
export const command = defineCommandFile({
  name: ["draft", "create"],
  summary: "create an empty draft and print its id and folder",
  description: "The editor is --editor, else config 'editor', else the editor of the newest " +
    "draft the editor app saved in the drafts folder, else the editor whose drafts folder " +
    "exists, else jianying. Version markers are copied from that app-saved draft when its " +
    "version is the one targeted (output 'markers': detected | profile | table). The new " +
    "draft is registered in the editor's draft index, root_meta_info.json (output " +
    "'editorIndex': added | created | missing | malformed | failed); a missing index is " +
    "created only for CapCut in a folder without other drafts. See 'draftcli editors'.",
  mutates: true,
  examples: [
    "draft create --width 1080 --height 1920 --name 'My video'",
    "draft create --editor capcut --editor-version 8.1",
  ],
  schemas,
  async run(input: Input, ctx) {
    const { chooseEditor } = await import("../../store/detect.ts");
    const { createDraft, registerDraft, rememberFolder } = await import("../../store/drafts.ts");
    const { currentOs } = await import("../../store/home.ts");
    const config = await ctx.config();
    const os = currentOs();
    const choice = await chooseEditor(
      {
        env: ctx.env,
        config,
        os,
        editor: input.editor,
        editorVersion: input.editorVersion,
      },
      { rootFor: (edition) => ctx.draftsDir(edition) },
    );
    const doc = await createDraft({
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
      index = (await registerDraft(doc.dir, { os, warn: ctx.warn }, doc)).action;
    } catch (err) {
      ctx.warn(
        `the draft was created but not registered in the editor's index: ${(err as Error).message}`,
      );
      index = "failed";
    }
    // The next command finds the new draft by its id without looking into every draft folder.
    await rememberFolder(await ctx.searchRoots(), doc.draftId, doc.dir);
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
