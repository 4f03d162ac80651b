/**
 * What the CLI loads to run an add/list/info command stays lean: from main.ts and the modules a
 * hot command reaches (its fast validator, handler and operation), the static imports lead to
 * neither zod nor a `node:` builtin (each loads milliseconds of package or Node-layer code into
 * every call). Read from `deno info --json`: value imports only, dynamic imports not followed
 * (those are the lazily loaded branches; each hot branch is listed as a root here).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";

const ROOTS = [
  "main.ts",
  "src/cli/app.ts",
  "src/cli/args.ts",
  "src/commands/make_context.ts",
  "src/commands/fast_run.ts",
  "src/commands/idempotency.ts",
  "src/generated/entry/captions_add_entry.ts",
  "src/generated/entry/images_add_entry.ts",
  "src/generated/entry/draft_info_entry.ts",
  "src/commands/draft/draft_info.ts",
  "src/commands/captions/captions_add.ts",
  "src/commands/images/images_add.ts",
  "src/ops/captions.ts",
  "src/store/drafts.ts",
  "src/store/config.ts",
];

interface InfoModule {
  specifier: string;
  dependencies?: {
    specifier: string;
    isDynamic?: boolean;
    code?: { specifier: string };
  }[];
}

const root = new URL("../", import.meta.url);

/** `deno info` of each entry, asked once per file: most tests ask for the same roots. */
const infos = new Map<string, Promise<InfoModule[]>>();

/** The modules of `deno info --json entry`. */
function infoOf(entry: string): Promise<InfoModule[]> {
  let info = infos.get(entry);
  if (!info) {
    info = (async () => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["info", "--json", entry],
        cwd: root,
        stdout: "piped",
        stderr: "inherit",
      }).output();
      assert(out.success, `deno info ${entry} failed`);
      return JSON.parse(new TextDecoder().decode(out.stdout)).modules;
    })();
    infos.set(entry, info);
  }
  return info;
}

/** Every module the roots' static value imports reach, each with the module that imports it. */
async function staticClosure(roots: readonly string[]): Promise<Map<string, string>> {
  const all: InfoModule[] = [];
  for (const entry of roots) all.push(...await infoOf(entry));
  const modules = new Map(all.map((m) => [m.specifier, m]));
  const seen = new Map<string, string>(); // module → the module that imports it
  const stack = roots.map((r) => new URL(r, root).href);
  for (const r of stack) seen.set(r, "(root)");
  while (stack.length) {
    const at = stack.pop()!;
    for (const dep of modules.get(at)?.dependencies ?? []) {
      const target = dep.code?.specifier;
      if (!target || dep.isDynamic || seen.has(target)) continue;
      seen.set(target, at);
      stack.push(target);
    }
  }
  return seen;
}

Deno.test("a hot command's static imports reach neither zod nor node: builtins", async () => {
  const seen = await staticClosure(ROOTS);
  const bad = [...seen].filter(([s]) => s.startsWith("node:") || s.includes("zod"))
    .map(([s, by]) => `${s} <- ${by.replace(root.href, "")}`);
  assertEquals(bad, []);
  assert(seen.size > 40, `only ${seen.size} modules seen: is deno info's output read right?`);
});

Deno.test("a captions add that names no font or animation loads no catalog, no draft creation and no keyframe writer", async () => {
  // The modules such a call loads: main's graph, its dispatch, the media group's validator and
  // handler, and the captions operation (catalogs come in through caption_names.ts, dynamically).
  const seen = await staticClosure([
    "main.ts",
    "src/cli/args.ts",
    "src/commands/make_context.ts",
    "src/commands/fast_run.ts",
    "src/generated/entry/captions_add_entry.ts",
  ]);
  const heavy = [...seen.keys()].filter((s) =>
    /\/src\/catalogs\/|\/ops\/(names|fonts|caption_names)\.ts$|\/store\/create\.ts$|skeletons\.json$|segment_keyframes\.ts$/
      .test(s)
  ).map((s) => `${s.replace(root.href, "")} <- ${seen.get(s)!.replace(root.href, "")}`);
  assertEquals(heavy, []);
  assert(seen.has(new URL("src/ops/captions.ts", root).href));
});

Deno.test("an images add that names no animation or transition loads no catalog and no ffprobe", async () => {
  // Catalogs, and the transition builders, come in through visual_names.ts and ffprobe through
  // probe.ts, dynamically.
  const seen = await staticClosure([
    "main.ts",
    "src/cli/args.ts",
    "src/commands/make_context.ts",
    "src/commands/fast_run.ts",
    "src/generated/entry/images_add_entry.ts",
  ]);
  const heavy = [...seen.keys()].filter((s) =>
    /\/src\/catalogs\/|\/ops\/(catalog_names|image_names|problems)\.ts$|\/draft\/transition_materials\.ts$|\/media\/ffprobe\.ts$|\/store\/create\.ts$/
      .test(s)
  ).map((s) => `${s.replace(root.href, "")} <- ${seen.get(s)!.replace(root.href, "")}`);
  assertEquals(heavy, []);
  assert(seen.has(new URL("src/ops/images.ts", root).href));
  assert(seen.has(new URL("src/media/probe.ts", root).href));
});

Deno.test("a videos or audios add reaches no prober statically: each loads when a file needs it", async () => {
  // probe.ts imports the MP4 header reader, each audio format's reader and the npm probers
  // (mp4box, music-metadata: their fallbacks) dynamically: a cached probe loads none, an MP3
  // loads mp3.ts alone.
  const seen = await staticClosure([
    "main.ts",
    "src/cli/args.ts",
    "src/commands/make_context.ts",
    "src/commands/fast_run.ts",
    "src/generated/entry/videos_add_entry.ts",
    "src/generated/entry/audios_add_entry.ts",
  ]);
  const heavy = [...seen.keys()].filter((s) =>
    s.startsWith("npm:") ||
    /\/media\/(mp4_header|mp4_contents|mp3|wav|flac|ogg|audio_tags|mp3_vbr)\.ts$/.test(s)
  ).map((s) => `${s.replace(root.href, "")} <- ${seen.get(s)!.replace(root.href, "")}`);
  assertEquals(heavy, []);
  assert(seen.has(new URL("src/media/probe.ts", root).href));
});

Deno.test("a list loads no builder, editor prototype, catalog, media or commit code", async () => {
  // The lists live in src/ops/listings.ts and src/ops/attached_listings.ts, apart from the
  // operations that edit; they read keyframes and segment kinds through keyframe_reading.ts, not
  // the keyframe writer. `effects list` loads the catalog code dynamically, for a draft that has
  // an effect.
  const lists: [string, string][] = [
    ["captions_list", "listings"],
    ["images_list", "listings"],
    ["videos_list", "listings"],
    ["audios_list", "listings"],
    ["sticker_list", "listings"],
    ["segments_list", "listings"],
    ["effects_list", "attached_listings"],
    ["filters_list", "attached_listings"],
    ["transitions_list", "attached_listings"],
    ["masks_list", "attached_listings"],
    ["keyframes_list", "attached_listings"],
  ];
  for (const [command, ops] of lists) {
    const seen = await staticClosure([
      "main.ts",
      "src/cli/args.ts",
      "src/commands/make_context.ts",
      "src/commands/fast_run.ts",
      `src/generated/entry/${command}_entry.ts`,
    ]);
    const heavy = [...seen.keys()].filter((s) =>
      /\/src\/(catalogs|media)\/|\/store\/(commit|save_reading|create)\.ts$|\/draft\/(segment_builders|effect_materials|transition_materials|segment_edit|segment_keyframes)\.ts$|prototypes\.(json|ts)$|prototype_text\.ts$|\/ops\/(targets|catalog_names|visual_names|captions|images|videos|audios|stickers|segments|effects|transitions|masks|keyframes)\.ts$/
        .test(s)
    ).map((s) => `${s.replace(root.href, "")} <- ${seen.get(s)!.replace(root.href, "")}`);
    assertEquals([command, heavy], [command, []]);
    assert(seen.has(new URL(`src/ops/${ops}.ts`, root).href), `${command} reaches ${ops}.ts`);
  }
});

Deno.test("the HTTP client loads only when a URL is used", async () => {
  // Media URLs reach it through a dynamic import in src/media/media_resolve.ts; import and upload
  // through their commands' dynamic imports.
  const seen = await staticClosure(ROOTS);
  const http = [...seen.keys()].filter((s) =>
    /\/src\/transfer\/(http|download|upload)\.ts$|\/src\/media\/download\.ts$/.test(s)
  ).map((s) => `${s.replace(root.href, "")} <- ${seen.get(s)!.replace(root.href, "")}`);
  assertEquals(http, []);
  assert(
    seen.has(new URL("src/media/media_resolve.ts", root).href),
    "the media resolver is in reach",
  );
});

Deno.test("dispatch loads one table of command loaders, not the command files' or the rows", async () => {
  // Each literal `import()` and loader function costs its compile on every call: the command
  // files' table (command_files.ts) loads only where a command's spec is needed, and the table
  // of every command's row (command_table.ts) only for lists: an entry module has its own row.
  const seen = await staticClosure(ROOTS);
  assert(!seen.has(new URL("src/commands/command_files.ts", root).href));
  assert(!seen.has(new URL("src/generated/command_table.ts", root).href));
  assert(seen.has(new URL("src/generated/command_loader.ts", root).href));
});

Deno.test("a read of a draft loads no editor prototypes", async () => {
  // The prototypes (a 44 KB JSON) are for building objects: `draft info` builds none.
  const seen = await staticClosure([
    "main.ts",
    "src/cli/args.ts",
    "src/commands/make_context.ts",
    "src/generated/entry/draft_info_entry.ts",
  ]);
  const data = [...seen.keys()].filter((s) => /prototypes\.(json|ts)$|prototype_text\.ts$/.test(s));
  assertEquals(data, []);
  assert(seen.has(new URL("src/editions/profiles.ts", root).href));
});

Deno.test("the editor index code loads only where a drafts root has an index", async () => {
  const seen = await staticClosure(ROOTS);
  assert(!seen.has(new URL("src/store/root_index.ts", root).href));
  assert(seen.has(new URL("src/store/draft_index.ts", root).href));
});

Deno.test("the recovery code loads only for a draft with a journal or a staging folder", async () => {
  const seen = await staticClosure(ROOTS);
  assert(!seen.has(new URL("src/store/recovery.ts", root).href));
  assert(seen.has(new URL("src/store/txn.ts", root).href));
});

Deno.test("an edit of a draft loads the profiles, not the known builds or the support matrix", async () => {
  // builds.ts is for creating drafts and for `draftcli editors`.
  const seen = await staticClosure(ROOTS);
  assert(!seen.has(new URL("src/editions/builds.ts", root).href));
  assert(seen.has(new URL("src/editions/profiles.ts", root).href));
});

Deno.test("--version loads main.ts and the version alone", async () => {
  // main.ts answers it before the command front loads; the command's entry module it starts
  // loading beside the front comes through a dynamic import as well.
  const seen = await staticClosure(["main.ts"]);
  assertEquals([...seen.keys()].map((s) => s.replace(root.href, "")).sort(), [
    "deno.json",
    "main.ts",
    "src/version.ts",
  ]);
});
