/** `keyframes add` / `keyframes list` (in-process, runInProcess): encoding in the draft, replacement, errors. */
import { deepStrictEqual, deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fileUrl, fixture, runInProcess, snapshotDir, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const UPPER_UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

async function setup(env: Record<string, string>) {
  const run = async (args: string[]) => {
    const r = await runInProcess(args, { env });
    assertEquals(r.code, 0, r.stderr);
    return r.json as Json;
  };
  const { draftId, filePath } = await run(["draft", "create"]);
  const img = await run([
    "images",
    "add",
    draftId,
    "--image-infos",
    JSON.stringify([
      { imageUrl: fileUrl(fixture("image.png")), start: 0, end: 2_000_000 },
      { imageUrl: fileUrl(fixture("image.jpg")), start: 2_000_000, end: 4_000_000 },
    ]),
  ]);
  const aud = await run([
    "audios",
    "add",
    draftId,
    "--audio-infos",
    JSON.stringify([{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000 }]),
  ]);
  const cap = await run([
    "captions",
    "add",
    draftId,
    "--captions",
    JSON.stringify([{ text: "hi", start: 0, end: 1_500_000 }]),
  ]);
  return {
    draftId: draftId as string,
    dir: filePath as string,
    photo: img.items[0].segmentId as string,
    photo2: img.items[1].segmentId as string,
    audio: aud.items[0].segmentId as string,
    text: cap.items[0].segmentId as string,
  };
}

async function segment(dir: string, id: string): Promise<Json> {
  const c = JSON.parse(await Deno.readTextFile(`${dir}/draft_content.json`));
  return (c.tracks as Json[]).flatMap((t) => t.segments as Json[]).find((s) => s.id === id)!;
}

function listOf(seg: Json, type: string): Json[] {
  const entries = (seg.common_keyframes as Json[]).filter((k) => k.property_type === type);
  assert(entries.length <= 1, `one ${type} entry`);
  return entries[0]?.keyframe_list ?? [];
}

Deno.test("keyframes add writes common_keyframes as the editor does; list reads them back", async () => {
  const w = await tempWorld();
  try {
    const d = await setup(w.env);
    const add = await runInProcess([
      "keyframes",
      "add",
      d.draftId,
      "--keyframes",
      JSON.stringify([
        { segmentId: d.photo, property: "position_x", offset: 2_000_000, value: 0.5 },
        { segmentId: d.photo, property: "position_x", offset: 0, value: -0.5, easing: "hold" },
        { segmentId: d.photo, property: "position_y", offset: 500_000, value: 0.25 },
        { segmentId: d.photo, property: "rotation", offset: 0, value: 90 },
        { segmentId: d.photo, property: "opacity", offset: 1_000_000, value: 0.3 },
        { segmentId: d.photo, property: "scale_x", offset: 0, value: 2 },
        { segmentId: d.photo2, property: "uniform_scale", offset: 1_000_000, value: 1.5 },
        { segmentId: d.audio, property: "volume", offset: 0, value: 0 },
        { segmentId: d.audio, property: "volume", offset: 1_000_000, value: 1 },
        { segmentId: d.text, property: "position_y", offset: 1_500_000, value: -0.9 },
      ]),
    ], { env: w.env });
    assertEquals(add.code, 0, add.stderr);
    const items = (add.json as Json).items as Json[];
    assertEquals(items.length, 10);
    assertEquals(items[6].keyframeIds.length, 2, "uniform_scale writes X and Y");
    for (const it of items) for (const id of it.keyframeIds) assert(UPPER_UUID.test(id), id);

    const photo = await segment(d.dir, d.photo);
    const px = listOf(photo, "KFTypePositionX");
    deepStrictEqual(px.map((k) => [k.time_offset, k.values, k.curveType]), [
      [0, [-0.5], "Hold"],
      [2_000_000, [0.5], "Line"],
    ]);
    for (const k of px) {
      deepStrictEqual(Object.keys(k).sort(), [
        "curveType",
        "graphID",
        "id",
        "left_control",
        "right_control",
        "string_value",
        "time_offset",
        "values",
      ]);
    }
    const entry = (photo.common_keyframes as Json[]).find((k) =>
      k.property_type === "KFTypePositionX"
    )!;
    assertEquals(entry.material_id, "");
    assert(UPPER_UUID.test(entry.id));
    deepStrictEqual(listOf(photo, "KFTypePositionY").map((k) => k.values[0]), [0.25]);
    deepStrictEqual(listOf(photo, "KFTypeRotation").map((k) => k.values[0]), [90]);
    deepStrictEqual(listOf(photo, "KFTypeAlpha").map((k) => k.values[0]), [0.3]);
    deepStrictEqual(listOf(photo, "KFTypeScaleX").map((k) => k.values[0]), [2]);
    deepStrictEqual(listOf(photo, "KFTypeScaleY"), []);
    assertEquals(photo.uniform_scale.on, false, "separate X scale turns the lock off");

    const photo2 = await segment(d.dir, d.photo2);
    deepStrictEqual(listOf(photo2, "KFTypeScaleX").map((k) => k.values[0]), [1.5]);
    deepStrictEqual(listOf(photo2, "KFTypeScaleY").map((k) => k.values[0]), [1.5]);
    assertEquals(photo2.uniform_scale.on, true, "uniform scale keeps the lock on");

    const audio = await segment(d.dir, d.audio);
    deepStrictEqual(listOf(audio, "KFTypeVolume").map((k) => [k.time_offset, k.values[0]]), [
      [0, 0],
      [1_000_000, 1],
    ]);
    const text = await segment(d.dir, d.text);
    deepStrictEqual(listOf(text, "KFTypePositionY").map((k) => k.time_offset), [1_500_000]);

    // list in user units
    const l1 = await runInProcess(["keyframes", "list", d.draftId, "--segment-id", d.photo], {
      env: w.env,
    });
    assertEquals(l1.code, 0, l1.stderr);
    const kf = (l1.json as Json).keyframes as Json[];
    deepStrictEqual(
      kf.map((k) => [k.property, k.offset, k.value, k.easing]),
      [
        ["position_x", 0, -0.5, "hold"],
        ["position_x", 2_000_000, 0.5, "linear"],
        ["position_y", 500_000, 0.25, "linear"],
        ["scale_x", 0, 2, "linear"],
        ["rotation", 0, 90, "linear"],
        ["opacity", 1_000_000, 0.3, "linear"],
      ],
    );
    assertEquals((l1.json as Json).segmentKind, "photo");
    const l2 = await runInProcess(["keyframes", "list", d.draftId, "--segment-id", d.photo2], {
      env: w.env,
    });
    deepStrictEqual(
      ((l2.json as Json).keyframes as Json[]).map((k) => [k.property, k.offset, k.value]),
      [["uniform_scale", 1_000_000, 1.5]],
    );

    // same offset again: replaced in place (same id), not duplicated
    const again = await runInProcess([
      "keyframes",
      "add",
      d.draftId,
      "--keyframes",
      JSON.stringify([{ segmentId: d.photo, property: "position_x", offset: 0, value: 0.1 }]),
    ], { env: w.env });
    assertEquals(again.code, 0, again.stderr);
    const px2 = listOf(await segment(d.dir, d.photo), "KFTypePositionX");
    deepStrictEqual(px2.map((k) => [k.time_offset, k.values[0], k.curveType]), [
      [0, 0.1, "Line"],
      [2_000_000, 0.5, "Line"],
    ]);
    assertEquals(px2[0].id, px[0].id);

    const v = await runInProcess(["draft", "validate", d.draftId], { env: w.env });
    assertEquals(v.code, 0, v.stdout);
    assertEquals((v.json as Json).stats.keyframes, 11); // 6 photo + 2 (X+Y) + 2 audio + 1 text
  } finally {
    await w.cleanup();
  }
});

Deno.test("keyframes add: bad items fail naming the item, and nothing is written", async (t) => {
  const w = await tempWorld();
  try {
    const d = await setup(w.env);
    const before = await snapshotDir(d.dir);
    const kf = (over: Json) => ({
      segmentId: d.photo,
      property: "position_x",
      offset: 0,
      value: 0,
      ...over,
    });
    const cases: {
      name: string;
      items: () => Json[];
      code: number;
      error: string;
      path: string;
      message: RegExp;
    }[] = [
      {
        name: "visual property on audio",
        items: () => [kf({ segmentId: d.audio, property: "position_x" })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].property",
        message: /position_x does not apply to audio segment/,
      },
      {
        name: "volume on text (second item; the first is valid)",
        items: () => [kf({}), kf({ segmentId: d.text, property: "volume", value: 0.5 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[1].property",
        message: /volume does not apply to text segment/,
      },
      {
        name: "volume on a photo",
        items: () => [kf({ property: "volume", value: 0.5 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].property",
        message: /photo/,
      },
      {
        name: "opacity on text",
        items: () => [kf({ segmentId: d.text, property: "opacity", value: 0.5 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].property",
        message: /opacity does not apply to text/,
      },
      {
        name: "unknown segment",
        items: () => [kf({}), kf({}), kf({ segmentId: "0A0B0C0D-0000-4000-8000-000000000000" })],
        code: 3,
        error: "segment_not_found",
        path: "keyframes[2].segmentId",
        message: /no segment/,
      },
      {
        name: "unknown property",
        items: () => [kf({ property: "brightness" })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].property",
        message: /position_x/,
      },
      {
        name: "offset past the end",
        items: () => [kf({}), kf({}), kf({ offset: 2_000_001 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[2].offset",
        message: /past the end .*2000000/,
      },
      {
        name: "negative offset",
        items: () => [kf({ offset: -1 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].offset",
        message: /negative/,
      },
      {
        name: "opacity above 1",
        items: () => [kf({ property: "opacity", value: 1.5 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].value",
        message: /opacity must be/,
      },
      {
        name: "zero scale",
        items: () => [kf({ property: "uniform_scale", value: 0 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].value",
        message: /> 0/,
      },
      {
        name: "unknown easing",
        items: () => [kf({ easing: "bounce" })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0].easing",
        message: /linear/,
      },
      {
        name: "unknown field",
        items: () => [kf({ time: 0 })],
        code: 2,
        error: "invalid_input",
        path: "keyframes[0]",
        message: /time/,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const r = await runInProcess(
          ["keyframes", "add", d.draftId, "--keyframes", JSON.stringify(c.items())],
          { env: w.env },
        );
        assertEquals(r.code, c.code, r.stderr);
        assertEquals(r.error?.code, c.error, r.stderr);
        assertEquals(r.error?.path, c.path, r.stderr);
        assert(c.message.test(r.error!.message), `${r.error!.message} ~ ${c.message}`);
        assertEquals(r.stdout, "");
        deepStrictEqual(await snapshotDir(d.dir), before);
      });
    }
    await t.step("list of an unknown segment", async () => {
      const r = await runInProcess(["keyframes", "list", d.draftId, "--segment-id", "nope"], {
        env: w.env,
      });
      assertEquals(r.code, 3);
      assertEquals(r.error?.code, "segment_not_found");
    });
  } finally {
    await w.cleanup();
  }
});
