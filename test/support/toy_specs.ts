/**
 * Test-only command specs shaped like the real ones (real zod schemas, real files): `draft
 * create` writes `<draftsDir>/<id>/draft.json`, `images add` appends segments to it, `draft
 * list` reads, `secret thing` is hidden from MCP. Used by the MCP and setup tests.
 */
import { z } from "zod";
import {
  type AnyCommandSpec,
  type CommandContext,
  defineCommand,
} from "../../src/commands/spec.ts";
import { DraftcliError } from "../../src/errors.ts";

const draftCreate = defineCommand({
  name: ["draft", "create"],
  summary: "Create an empty draft and print its id",
  description: "The draft appears in the editor's draft list.",
  input: z.strictObject({
    width: z.number().int().min(16).max(8192).default(1920).describe("canvas width in pixels"),
    height: z.number().int().min(16).max(8192).default(1080).describe("canvas height in pixels"),
    name: z.string().min(1).optional().describe("draft name shown in the editor"),
  }),
  examples: ["draft create --width 1080 --height 1920 --name promo"],
  mutates: true,
  async run(input, ctx) {
    const dir = await ctx.draftsDir();
    const draftId = `toy-${crypto.randomUUID().slice(0, 8)}`;
    await Deno.mkdir(`${dir}/${draftId}`, { recursive: true });
    const draft = { draftId, ...input, segments: [] as unknown[] };
    await Deno.writeTextFile(`${dir}/${draftId}/draft.json`, JSON.stringify(draft));
    if (!input.name) ctx.warn("no --name given; the editor will show the id");
    return { draftId, path: `${dir}/${draftId}` };
  },
});

const imageInfo = z.strictObject({
  imageUrl: z.string().describe("file:// or http(s) URL of the image"),
  start: z.number().int().min(0).describe("start on the timeline, µs"),
  end: z.number().int().min(1).describe("end on the timeline, µs"),
  scale: z.number().positive().optional().describe("scale factor, 1 = fit"),
});

const imagesAdd = defineCommand({
  name: ["images", "add"],
  summary: "Add images to a draft as timed segments",
  positionals: ["draftId"],
  input: z.strictObject({
    draftId: z.string().min(1).describe("id printed by draft create"),
    imageInfos: z.array(imageInfo).min(1).describe("the images and their times"),
    trackName: z.string().optional().describe("track to put them on"),
  }),
  examples: [
    `images add $D --image-infos '[{"imageUrl":"file:///a.png","start":0,"end":3000000}]'`,
  ],
  mutates: true,
  async run(input, ctx) {
    const file = `${await ctx.draftsDir()}/${input.draftId}/draft.json`;
    let draft: { segments: unknown[] };
    try {
      draft = JSON.parse(await Deno.readTextFile(file));
    } catch {
      throw new DraftcliError("draft_not_found", `no draft with id ${input.draftId}`, {
        hint: "run 'draftcli draft list' to see the ids",
        path: "draftId",
      });
    }
    const segmentIds = input.imageInfos.map((_, i) => `seg-${draft.segments.length + i}`);
    draft.segments.push(...input.imageInfos);
    await Deno.writeTextFile(file, JSON.stringify(draft));
    return { draftId: input.draftId, segmentIds };
  },
});

const draftList = defineCommand({
  name: ["draft", "list"],
  summary: "List drafts in the drafts folder",
  input: z.strictObject({}),
  async run(_input, ctx) {
    const dir = await ctx.draftsDir();
    const drafts: string[] = [];
    for await (const e of Deno.readDir(dir)) if (e.isDirectory) drafts.push(e.name);
    return { drafts: drafts.sort() };
  },
});

const secret = defineCommand({
  name: ["secret", "thing"],
  summary: "A command kept out of MCP",
  input: z.strictObject({ level: z.enum(["low", "high"]).describe("how secret") }),
  mcp: false,
  run() {
    return Promise.resolve({ ok: true });
  },
});

const boom = defineCommand({
  name: ["boom"],
  summary: "Always fails with an unexpected error",
  input: z.strictObject({}),
  run() {
    return Promise.reject(new TypeError("kaboom"));
  },
});

/** The toy registry. */
export const toySpecs: AnyCommandSpec[] = [draftCreate, imagesAdd, draftList, secret, boom];

/** A command context over a drafts folder, collecting warnings. */
export function toyContext(draftsDir: string, warnings: string[] = []): CommandContext {
  return {
    env: {},
    draftsDir: () => Promise.resolve(draftsDir),
    searchRoots: () => Promise.resolve([draftsDir]),
    config: () => Promise.resolve({}),
    warn: (m) => void warnings.push(m),
  };
}
