/**
 * `editors`: show the editor version profiles, the drafts folders found here and the support
 * matrix.
 */
import { defineCommandFile } from "../spec.ts";
import type { AppDraftMarkers } from "../../store/detect.ts";

/** The schemas of `editors` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** Input of `editors`: none. */
  const EditorsInput = z.object({}).strict();
  return { input: EditorsInput };
}

/** What `editors` shows of an app-saved draft (null when there is none). */
function draftView(d: AppDraftMarkers | undefined) {
  if (!d) return null;
  return {
    name: d.name,
    filePath: d.dir,
    modified: new Date(d.modified).toISOString(),
    encrypted: d.encrypted,
    appVersion: d.appVersion ?? null,
    newVersion: d.newVersion ?? null,
    os: d.os ?? null,
    profile: d.profile,
  };
}

/** `editors`. */
export const command = defineCommandFile({
  name: ["editors"],
  summary: "show the editor version profiles, the drafts folders found here and the support matrix",
  description:
    "Output: {os, ffmpeg ({path, version, from} or null: what 'preview' uses), config, newDrafts, detected[], profiles[], supportMatrix[], " +
    "knownBuilds[], evidence}. 'newDrafts' is what 'draft create' without --editor would use " +
    "and why. 'detected' lists per editor its default drafts folder, whether it exists, the " +
    "folder new drafts go to, and the newest draft the editor app saved there (drafts made by " +
    "draftcli are skipped).",
  examples: ["editors --pretty"],
  schemas,
  async run(_input: unknown, ctx) {
    const { EDITION_FACTS, PROFILES } = await import("../../editions/profiles.ts");
    const { EVIDENCE_MEANING, KNOWN_BUILDS, supportMatrix } = await import(
      "../../editions/builds.ts"
    );
    const { findFfmpeg } = await import("../../preview/ffmpeg.ts");
    const { chooseEditor } = await import("../../store/detect.ts");
    const { currentOs } = await import("../../store/home.ts");
    const config = await ctx.config();
    const os = currentOs();
    const choice = await chooseEditor(
      { env: ctx.env, config, os },
      { rootFor: (edition) => ctx.draftsDir(edition) },
    );
    const ffmpeg = await findFfmpeg(ctx.env, config.ffmpeg);
    return {
      os,
      ffmpeg: ffmpeg ?? null,
      config: { editor: config.editor ?? null, editorVersion: config.editorVersion ?? null },
      newDrafts: {
        editor: choice.edition,
        profile: choice.profile.id,
        appVersion: choice.platformOverride?.app_version ?? choice.stamp.appVersion,
        newVersion: choice.newVersionOverride ?? choice.stamp.newVersion,
        markers: choice.markers,
        draftsDir: choice.root,
        chosenBy: choice.why,
      },
      detected: choice.detections.map((d) => ({
        editor: d.edition,
        defaultDraftsDir: d.defaultRoot ?? null,
        installed: d.installed,
        draftsDir: d.root,
        newestAppDraft: draftView(d.newestAppDraft),
      })),
      profiles: PROFILES.map((p) => ({
        id: p.id,
        editor: p.edition,
        label: p.label,
        majors: [p.minMajor, p.maxMajor],
        appVersion: p.appVersion,
        newVersion: p.newVersion,
        timelineFiles: p.timelineFiles,
        timelinesFolder: p.timelinesFolder,
        maskList: p.maskList,
        checkFlags: EDITION_FACTS[p.edition].checkFlags,
        editorIndex: EDITION_FACTS[p.edition].rootIndex,
        evidence: p.evidence,
        notes: p.notes,
      })),
      supportMatrix: supportMatrix(),
      knownBuilds: KNOWN_BUILDS,
      evidence: EVIDENCE_MEANING,
    };
  },
});
