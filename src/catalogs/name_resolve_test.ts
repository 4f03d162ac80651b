import assert from "node:assert/strict";
import { type CatalogKind, type Edition, entryAliases, getCatalog } from "./catalog.ts";
import { FADE_RESOURCE_IDS, resolveName } from "./name_resolve.ts";
import { DraftcliError } from "../errors.ts";

/** Calls `fn`, asserts it throws an unknown_name DraftcliError, and returns the error. */
function unknownName(fn: () => unknown): DraftcliError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof DraftcliError, `expected DraftcliError, got ${e}`);
    assert.equal(e.code, "unknown_name");
    assert.equal(e.exitCode, 2);
    return e;
  }
  assert.fail("expected unknown_name, nothing was thrown");
}

/** The names listed after "closest: " in an unknown_name message. */
function closestIn(err: DraftcliError): string[] {
  const m = err.message.match(/closest: (.*)$/);
  assert.ok(m, `no closest list in: ${err.message}`);
  return m[1].split(", ");
}

Deno.test("exact names resolve to the edition's entry", () => {
  const t = resolveName("jianying", "transitions", "叠化");
  assert.equal(t.name, "叠化");
  assert.equal(t.resourceId, "6724845717472416269");
  assert.equal(
    resolveName("capcut", "transitions", "Mix").effectId,
    "CE454E9E-9C57-43c5-9E80-B46A6A495D10",
  );
  assert.equal(resolveName("jianying", "text_intro", "弹入跳动").resourceId, "7184797276181631546");
  assert.equal(resolveName("capcut", "text_intro", "弹入跳动").resourceId, "7232171569563308545");
  assert.equal(resolveName("jianying", "mix_modes", "正片叠底").name, "正片叠底");
  assert.equal(resolveName("jianying", "masks", "爱心").resourceType, "geometric_shape");
  // Surrounding spaces are ignored.
  assert.equal(resolveName("jianying", "text_loop", " 心跳 ").resourceId, "7210283971316290085");
});

Deno.test("aliases work in both directions across editions", () => {
  const cases: [Edition, CatalogKind, string, string, string][] = [
    ["jianying", "video_intro", "Fade In", "渐显", "6798320778182922760"],
    ["capcut", "video_intro", "渐显", "Fade In", "6798320778182922760"],
    ["jianying", "transitions", "Mix", "叠化", "6724845717472416269"],
    ["capcut", "transitions", "叠化", "Mix", "6724845717472416269"],
    ["jianying", "video_intro", "Mini Zoom", "轻微放大", "6800268825611735559"],
    ["capcut", "video_intro", "轻微放大", "Mini Zoom", "6800268825611735559"],
    ["jianying", "transitions", "Wipe Right", "向右擦除", "6724849898857959950"],
    ["capcut", "text_loop", "波浪", "Wave", "6724927688047333891"],
    ["jianying", "text_outro", "Fade Out", "渐隐", "6724919382104871427"],
  ];
  for (const [ed, kind, input, name, id] of cases) {
    const e = resolveName(ed, kind, input);
    assert.equal(e.name, name, `${ed} ${kind} ${input}`);
    assert.equal(e.resourceId, id, `${ed} ${kind} ${input}`);
  }
  // An exact alias beats a normalised name: CapCut "ktv灯光" is the JianYing name of Disco Ball 1,
  // while "KTV灯光" (same letters, other case) is a different pyCapCut effect.
  assert.equal(resolveName("capcut", "video_effects", "ktv灯光").name, "Disco Ball 1");
  assert.equal(resolveName("capcut", "video_effects", "KTV灯光").resourceId, "7399467045676518661");
  assert.equal(resolveName("capcut", "video_effects", "开幕  II").name, "Vertical Open");
});

Deno.test("normalised matching ignores case, full width, spaces, underscores and dashes", () => {
  for (
    const input of ["fade in", "FADE_IN", "Fade-In", "fadein", "ＦＡＤＥ　ＩＮ", "ｆａｄｅ＿ｉｎ"]
  ) {
    assert.equal(resolveName("capcut", "video_intro", input).name, "Fade In", input);
    // JianYing has no "Fade In" entry: the normalised alias leads to 渐显.
    assert.equal(resolveName("jianying", "video_intro", input).name, "渐显", input);
  }
  assert.equal(resolveName("capcut", "transitions", "montage_snippets").name, "Montage Snippets");
  assert.equal(resolveName("jianying", "transitions", "3d空间").name, "3D空间");
  assert.equal(resolveName("jianying", "transitions", "３Ｄ空间").name, "3D空间");
});

Deno.test("fade resolves per kind to the edition's own fade entry", () => {
  const expected: Record<string, Record<Edition, string>> = {
    transitions: { jianying: "叠化", capcut: "Mix" },
    video_intro: { jianying: "渐显", capcut: "Fade In" },
    text_intro: { jianying: "渐显", capcut: "Fade In" },
    video_outro: { jianying: "渐隐", capcut: "Fade Out" },
    text_outro: { jianying: "渐隐", capcut: "Fade Out" },
  };
  assert.deepEqual(Object.keys(FADE_RESOURCE_IDS).sort(), Object.keys(expected).sort());
  for (const [kind, names] of Object.entries(expected)) {
    for (const ed of ["jianying", "capcut"] as const) {
      for (const input of ["fade", "Fade", "FADE", " fade "]) {
        const e = resolveName(ed, kind as CatalogKind, input);
        assert.equal(e.name, names[ed], `${ed} ${kind} ${input}`);
        assert.equal(e.resourceId, FADE_RESOURCE_IDS[kind as CatalogKind]);
      }
    }
  }
  // CapCut's transitions list three "Mix" entries; fade is the one with JianYing's 叠化 id.
  assert.equal(resolveName("capcut", "transitions", "fade").enum, "Mix");
  // Only those kinds know fade.
  unknownName(() => resolveName("jianying", "video_group", "fade"));
  unknownName(() => resolveName("capcut", "text_loop", "fade"));
});

Deno.test("unknown names fail with unknown_name, the 5 closest names and a hint", () => {
  const err = unknownName(() =>
    resolveName("jianying", "transitions", "推移动", { path: "segments[1].transition" })
  );
  const near = closestIn(err);
  assert.equal(near.length, 5);
  const known = new Set(
    getCatalog("jianying", "transitions").flatMap((e) => [e.name, ...entryAliases(e)]),
  );
  for (const n of near) assert.ok(known.has(n), `${n} is not a transition name`);
  assert.ok(near.includes("左移"), near.join());
  assert.match(err.message, /推移动/);
  assert.match(
    err.hint ?? "",
    /draftcli query transitions --editor jianying --action search --keyword/,
  );
  assert.equal(err.path, "segments[1].transition");
  assert.deepEqual(err.toJSON().code, "unknown_name");

  const slide = closestIn(unknownName(() => resolveName("jianying", "text_intro", "向上滑入式")));
  assert.equal(slide.length, 5);
  assert.ok(slide.includes("向上滑动") && slide.includes("向上弹入"), slide.join());
  unknownName(() => resolveName("jianying", "text_loop", "向左滚动式"));
  unknownName(() => resolveName("capcut", "filters", ""));
});

Deno.test("editions are separate: other-edition names resolve only through aliases", () => {
  // A CapCut-only transition (no JianYing name for its id).
  assert.equal(
    resolveName("capcut", "transitions", "Montage Snippets").resourceId,
    "7481553072678784311",
  );
  unknownName(() => resolveName("jianying", "transitions", "Montage Snippets"));
  // A JianYing-only transition.
  assert.equal(resolveName("jianying", "transitions", "冰雪结晶").resourceId.length > 0, true);
  unknownName(() => resolveName("capcut", "transitions", "冰雪结晶"));
  // The same display name can mean different resources per edition: CapCut's "3D空间 " (with a
  // trailing space, from pyCapCut) is not JianYing's 3D空间.
  assert.notEqual(
    resolveName("capcut", "transitions", "3D空间").resourceId,
    resolveName("jianying", "transitions", "3D空间").resourceId,
  );
  // "Fade In" is no JianYing name: it resolves through the alias to 渐显, with JianYing's ids.
  const j = resolveName("jianying", "video_intro", "Fade In");
  assert.equal(j.name, "渐显");
  assert.equal(j.effectId, "624705");
  assert.ok(j.aliases.includes("Fade In"));
  // Mix modes exist for JianYing only.
  const mm = unknownName(() => resolveName("capcut", "mix_modes", "正片叠底"));
  assert.match(mm.hint ?? "", /jianying/);
  // A raw id of the other edition is not accepted either.
  unknownName(() => resolveName("jianying", "transitions", "7481553072678784311"));
});

Deno.test("ambiguous names: first in file order, or the given category", () => {
  const scene = resolveName("jianying", "video_effects", "梦境");
  assert.equal(scene.category, "scene");
  const character = resolveName("jianying", "video_effects", "梦境", { category: "character" });
  assert.equal(character.category, "character");
  assert.notEqual(character.resourceId, scene.resourceId);
  // With a category, only that category is searched.
  unknownName(() => resolveName("jianying", "video_effects", "模糊", { category: "character" }));
  const badCategory = unknownName(() =>
    resolveName("jianying", "video_effects", "梦境", { category: "people" })
  );
  assert.match(badCategory.hint ?? "", /scene, character/);
  unknownName(() => resolveName("jianying", "transitions", "叠化", { category: "scene" }));
  // CapCut duplicates: the plain name gives the first; the enum name picks another.
  assert.equal(resolveName("capcut", "text_intro", "Slide Up").resourceId, "6763470111253729803");
  assert.equal(resolveName("capcut", "text_intro", "Slide_Up_1").resourceId, "7275682326678344193");
  assert.equal(
    resolveName("capcut", "transitions", "Mix_2").effectId,
    "3C343329-8D98-4429-A849-52F6567233DF",
  );
});

Deno.test("raw resource ids and effect ids are accepted as names", () => {
  assert.equal(resolveName("jianying", "transitions", "6724845717472416269").name, "叠化");
  assert.equal(resolveName("jianying", "transitions", "322577").name, "叠化"); // JianYing effect id
  assert.equal(
    resolveName("capcut", "transitions", "CE454E9E-9C57-43c5-9E80-B46A6A495D10").enum,
    "Mix",
  );
  assert.equal(
    resolveName("capcut", "transitions", "ce454e9e-9c57-43c5-9e80-b46a6a495d10").enum,
    "Mix",
  );
  assert.equal(resolveName("capcut", "masks", "7374020197990011409").name, "Split");
  // A name made of digits still matches the name first (filter "1980").
  assert.equal(resolveName("jianying", "filters", "1980").resourceId, "7127828208690433311");
  unknownName(() => resolveName("jianying", "transitions", "1234567890123456789"));
  unknownName(() => resolveName("capcut", "transitions", "00000000-0000-0000-0000-000000000000"));
});
