/**
 * `draftcli build`: a whole video from one spec, every problem at once, nothing half-written.
 * The builds that make or refuse a draft first (argument, stdin, a slow download) run as real
 * processes; the reads after them, the schema and the other refusals run in-process.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fixture, runCli, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { checkDraft } from "./helpers/draft_check.ts";
import { everyKindSpec } from "./helpers/build_spec.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("build: a spec with every item kind builds in one call and validates", async () => {
  const w = await tempWorld();
  try {
    const r = await runCli(["build", JSON.stringify(everyKindSpec())], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    const out = r.json as Json;
    assertEquals(out.counts, {
      videos: 1,
      images: 2,
      audios: 1,
      captions: 3,
      stickers: 1,
      effects: 2,
      filters: 1,
      keyframes: 2,
      masks: 1,
      transitions: 1,
    });
    assertEquals(Object.keys(out.refs).sort(), ["a", "b", "c", "v"]);
    const v = await runInProcess(["draft", "validate", out.draftId], { env: w.env });
    assertEquals(v.code, 0, v.stdout + v.stderr);
    assertEquals((v.json as Json).ok, true);
    const check = await checkDraft(out.filePath);
    assertEquals(check.problems, []);
    // refs name the segments the spec meant: the filter is on image "a", the mask on video "v".
    const images = (await runInProcess(["images", "list", out.draftId], { env: w.env }))
      .json as Json[];
    assertEquals(images.map((s) => s.segmentId), [out.refs.a, out.refs.b]);
    const filters = (await runInProcess(["filters", "list", out.draftId], { env: w.env }))
      .json as Json[];
    assertEquals(filters.map((f) => [f.applyTo, f.segmentId]), [["segment", out.refs.a]]);
    const masks = (await runInProcess(["masks", "list", out.draftId], { env: w.env }))
      .json as Json[];
    assertEquals(masks.map((m) => m.segmentId), [out.refs.v]);
    const kf = (await runInProcess(["keyframes", "list", out.draftId, "--segment-id", out.refs.c], {
      env: w.env,
    }))
      .json as Json;
    assertEquals(kf.keyframes.length, 1);

    // --into adds to the existing draft in one transaction, with refs of its own.
    const more = await runInProcess([
      "build",
      "--into",
      out.draftId,
      JSON.stringify({
        captions: [{ ref: "t", text: "More", start: 0, end: 1_000_000 }],
        keyframes: [{ segmentId: out.refs.b, property: "opacity", offset: 0, value: 0.5 }],
      }),
    ], { env: w.env });
    assertEquals(more.code, 0, more.stderr);
    assertEquals((more.json as Json).draftId, out.draftId);
    assertEquals((more.json as Json).created, false);
    const caps = (await runInProcess(["captions", "list", out.draftId], { env: w.env }))
      .json as Json[];
    assertEquals(caps.length, 4);
  } finally {
    await w.cleanup();
  }
});

Deno.test("build: several faults are all reported with their paths and nothing is written", async () => {
  const w = await tempWorld();
  try {
    const before = await snapshotDir(w.root);
    const spec = everyKindSpec();
    spec.images[1].end = 1_000_000; // end before start
    spec.captions[0].inAnimation = "no such animation";
    spec.effects[0].effectTitle = "no such effect";
    spec.keyframes.push({ segmentRef: "zz", property: "opacity", offset: 0, value: 0.5 });
    spec.colour = "red"; // not a spec field
    delete spec.captions[0].keywordColor; // keyword without a colour or size
    spec.transitions.auto = "no such transition";
    const r = await runCli(["build", "-"], { env: w.env, stdin: JSON.stringify(spec) });
    assertEquals(r.code, 2, r.stderr);
    assertEquals(r.stdout, "", "a failing command prints nothing on stdout");
    assertEquals(r.error?.code, "invalid_input");
    const paths = (r.error!.problems as Json[]).map((p) => p.path).sort();
    assertEquals(paths, [
      "captions[0].inAnimation",
      "captions[0].keyword",
      "colour",
      "effects[0].effectTitle",
      "images[1].end",
      "keyframes[2].segmentRef",
      "transitions.auto",
    ]);
    for (const p of paths) assert(r.error!.message.includes(p), r.error!.message);
    assertEquals(await snapshotDir(w.root), before);

    // A fault only the media reveal (a source start past the audio's end): still no draft
    // folder left. (Audio merely shorter than its item is trimmed with a warning, as cutcli.)
    const late = everyKindSpec();
    (late.audios[0] as Json).sourceStart = 5_000_000;
    const r2 = await runInProcess(["build", JSON.stringify(late)], { env: w.env });
    assertEquals(r2.code, 2, r2.stderr);
    assertEquals((r2.error!.problems as Json[]).map((p) => p.path), [
      "audios[0].sourceStart",
    ]);
    assertEquals(await snapshotDir(w.root), before);
  } finally {
    await w.cleanup();
  }
});

Deno.test("schema build: prints the spec's JSON Schema with the add commands' item fields", async () => {
  const r = await runInProcess(["schema", "build"], { env: { HOME: "/nonexistent" } });
  assertEquals(r.code, 0, r.stderr);
  const s = r.json as Json;
  assertEquals(s.type, "object");
  assert(s.properties.images.items.properties.imageUrl, "images items carry imageUrl");
  assert(s.properties.images.items.properties.ref, "items may carry ref");
  assert(s.properties.keyframes.items.properties.segmentRef, "keyframes may use segmentRef");
  assert(s.properties.captionOptions.properties.fontSize, "captionOptions = caption style flags");
});

Deno.test("examples/: the README's build specs run as documented", async () => {
  const w = await tempWorld();
  try {
    const fixtures = new URL("./fixtures/", import.meta.url).href;
    const load = async (name: string) =>
      (await Deno.readTextFile(new URL(`../examples/${name}`, import.meta.url)))
        .replaceAll("file:///tmp/draftcli-example/", fixtures);
    const ok = await runCli(["build", "-"], {
      env: w.env,
      stdin: await load("build-slideshow.json"),
    });
    assertEquals(ok.code, 0, ok.stderr);
    assertEquals((ok.json as Json).counts, {
      images: 2,
      audios: 1,
      captions: 2,
      keyframes: 2,
      transitions: 1,
    });
    const bad = await runCli(["build", "-"], {
      env: w.env,
      stdin: await load("build-faults.json"),
    });
    assertEquals(bad.code, 2);
    assertEquals((bad.error!.problems as Json[]).map((p) => p.path), [
      "images[0].end",
      "keyframes[0].segmentRef",
      "captions[0].inAnimation",
    ]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("build: a new draft appears only when complete (nothing visible while media download)", async () => {
  const w = await tempWorld();
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  let asked!: () => void;
  const requested = new Promise<void>((r) => asked = r);
  const png = await Deno.readFile(fixture("image.png"));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async () => {
    asked();
    await held;
    return new Response(png, { headers: { "content-type": "image/png" } });
  });
  try {
    const spec = {
      draft: { name: "held" },
      images: [{ imageUrl: `http://127.0.0.1:${server.addr.port}/a.png`, start: 0, end: 1e6 }],
      captions: [{ text: "hello", start: 0, end: 1e6 }],
    };
    const building = runCli(["build", JSON.stringify(spec)], { env: w.env });
    await requested;
    // The download is under way: the drafts folder shows no draft, not even an empty one.
    const visible = (await Array.fromAsync(Deno.readDir(w.draftsDir)))
      .filter((e) => !e.name.startsWith("."));
    assertEquals(visible.map((e) => e.name), []);
    release();
    const r = await building;
    assertEquals(r.code, 0, r.stderr);
    const out = r.json as Json;
    assertEquals(out.filePath, `${w.draftsDir}/${out.draftId}`);
    const meta = JSON.parse(await Deno.readTextFile(`${out.filePath}/draft_meta_info.json`));
    assertEquals(out.draftId, meta.draft_id, "the draft's id, as draft create prints it");
    assertEquals(meta.draft_fold_path, out.filePath);
    assertEquals((await Array.fromAsync(Deno.readDir(w.draftsDir))).map((e) => e.name), [
      out.draftId,
    ]);
    const check = await checkDraft(out.filePath);
    assertEquals(check.problems, []);
    assertEquals(check.leftovers, []);
    const images = (await runInProcess(["images", "list", out.draftId], { env: w.env }))
      .json as Json[];
    assertEquals(images.length, 1);
  } finally {
    release();
    await server.shutdown();
    await w.cleanup();
  }
});

Deno.test("build: a ref given twice is reported at each later use, captionTracks included", async () => {
  const w = await tempWorld();
  try {
    const before = await snapshotDir(w.root);
    const spec = everyKindSpec();
    spec.images[1].ref = spec.images[0].ref;
    spec.captionTracks = [{ captions: [{ text: "x", start: 0, end: 1_000_000, ref: "a" }] }];
    const r = await runInProcess(["build", JSON.stringify(spec)], { env: w.env });
    assertEquals(r.code, 2, r.stderr);
    const problems = r.error!.problems as Json[];
    const dup = problems.filter((p) => /is already the ref of/.test(p.message));
    assertEquals(dup.map((p) => p.path).sort(), [
      "captionTracks[0].captions[0].ref",
      "images[1].ref",
    ]);
    assertEquals(await snapshotDir(w.root), before);
  } finally {
    await w.cleanup();
  }
});
