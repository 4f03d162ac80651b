import assert from "node:assert/strict";
import {
  CATALOG_KINDS,
  type CatalogKind,
  type Edition,
  EDITIONS,
  findByResourceId,
  getCatalog,
  hasCatalog,
  listCategories,
  normalizeName,
  searchCatalog,
} from "./catalog.ts";
import { DraftcliError } from "../errors.ts";

const dataDir = new URL("./data/", import.meta.url);

/** Entry counts and duplicate-name counts from the table in data/README.md. */
const EXPECTED: Record<string, { entries: number; dupNames: number }> = {
  "capcut/audio_effects": { entries: 215, dupNames: 0 },
  "capcut/filters": { entries: 454, dupNames: 0 },
  "capcut/fonts": { entries: 348, dupNames: 0 },
  "capcut/masks": { entries: 15, dupNames: 0 },
  "capcut/text_intro": { entries: 206, dupNames: 3 },
  "capcut/text_loop": { entries: 97, dupNames: 1 },
  "capcut/text_outro": { entries: 119, dupNames: 2 },
  "capcut/transitions": { entries: 1152, dupNames: 13 },
  "capcut/video_effects": { entries: 2251, dupNames: 85 },
  "capcut/video_group": { entries: 119, dupNames: 2 },
  "capcut/video_intro": { entries: 251, dupNames: 0 },
  "capcut/video_outro": { entries: 219, dupNames: 1 },
  "jianying/audio_effects": { entries: 149, dupNames: 0 },
  "jianying/filters": { entries: 1098, dupNames: 0 },
  "jianying/fonts": { entries: 827, dupNames: 0 },
  "jianying/masks": { entries: 6, dupNames: 0 },
  "jianying/mix_modes": { entries: 10, dupNames: 0 },
  "jianying/text_intro": { entries: 145, dupNames: 0 },
  "jianying/text_loop": { entries: 94, dupNames: 0 },
  "jianying/text_outro": { entries: 97, dupNames: 0 },
  "jianying/transitions": { entries: 453, dupNames: 0 },
  "jianying/video_effects": { entries: 1339, dupNames: 9 },
  "jianying/video_group": { entries: 123, dupNames: 0 },
  "jianying/video_intro": { entries: 155, dupNames: 0 },
  "jianying/video_outro": { entries: 124, dupNames: 0 },
};

const ANIMATED: CatalogKind[] = [
  "video_intro",
  "video_outro",
  "video_group",
  "text_intro",
  "text_outro",
  "text_loop",
  "transitions",
];

function everyPair(): [Edition, CatalogKind][] {
  return EDITIONS.flatMap((ed) => CATALOG_KINDS.map((k) => [ed, k] as [Edition, CatalogKind]));
}

Deno.test("the expected table matches the README copied next to the data", async () => {
  const readme = await Deno.readTextFile(new URL("README.md", dataDir));
  const rows = [
    ...readme.matchAll(/^\| `(\w+\/\w+)\.json` \| (\d+) \|.*\| (\d+)(?: names)?.*\|$/gm),
  ];
  const fromReadme = Object.fromEntries(
    rows.map((m) => [m[1], { entries: Number(m[2]), dupNames: Number(m[3]) }]),
  );
  assert.deepEqual(fromReadme, EXPECTED);
});

Deno.test("every catalog file exists for its edition and nothing else is embedded", async () => {
  for (const [ed, kind] of everyPair()) {
    const key = `${ed}/${kind}`;
    let onDisk = true;
    try {
      await Deno.stat(new URL(`${key}.json`, dataDir));
    } catch {
      onDisk = false;
    }
    assert.equal(hasCatalog(ed, kind), key in EXPECTED, key);
    assert.equal(onDisk, key in EXPECTED, key);
  }
  assert.equal(hasCatalog("capcut", "mix_modes"), false);
});

Deno.test("every file loads with the README counts, non-empty ids and well-typed fields", () => {
  for (const [ed, kind] of everyPair()) {
    const key = `${ed}/${kind}`;
    const entries = getCatalog(ed, kind);
    assert.equal(entries.length, EXPECTED[key]?.entries ?? 0, key);
    const names = new Map<string, number>();
    for (const e of entries) {
      names.set(e.name, (names.get(e.name) ?? 0) + 1);
      assert.ok(e.name.length > 0, `${key}: empty name`);
      assert.match(e.resourceId, /^\d+$/, `${key} ${e.name}: resourceId`);
      assert.ok(e.effectId.length > 0, `${key} ${e.name}: effectId`);
      assert.ok(["pyJianYingDraft", "CapCutAPI", "pyCapCut"].includes(e.source), key);
      assert.ok(Array.isArray(e.aliases) && Array.isArray(e.otherEditionNames), key);
      assert.ok(Array.isArray(e.params), key);
      for (const p of e.params) {
        assert.equal(typeof p.name, "string");
        // The sources give 8 defaults outside min..max (e.g. CapCut 三维旋转 texture 2.0); kept.
        assert.ok(p.min <= p.max && Number.isFinite(p.default), `${key} ${e.name} ${p.name}`);
      }
      if (ANIMATED.includes(kind)) {
        assert.equal(typeof e.durationUs, "number", `${key} ${e.name}: durationUs`);
        assert.equal(typeof e.isVip, "boolean", `${key} ${e.name}: isVip`);
      } else {
        assert.equal(e.durationUs, null, `${key} ${e.name}: durationUs`);
      }
      assert.equal(e.isOverlap !== undefined, kind === "transitions", `${key}: isOverlap`);
      if (kind === "masks") {
        assert.equal(e.isVip, null);
        assert.equal(typeof e.resourceType, "string");
        assert.equal(typeof e.defaultAspectRatio, "number");
      } else {
        assert.equal(e.resourceType, undefined);
      }
      const categorised = kind === "video_effects" || kind === "audio_effects";
      assert.equal(e.category !== undefined, categorised, `${key}: category`);
    }
    const dup = [...names.values()].filter((n) => n > 1).length;
    assert.equal(dup, EXPECTED[key]?.dupNames ?? 0, `${key}: duplicate names`);
  }
});

Deno.test("categories come in file order with the README's counts", () => {
  const count = (ed: Edition, kind: CatalogKind, cat: string) =>
    getCatalog(ed, kind).filter((e) => e.category === cat).length;
  assert.deepEqual(listCategories("jianying", "video_effects"), ["scene", "character"]);
  assert.equal(count("jianying", "video_effects", "scene"), 1099);
  assert.equal(count("jianying", "video_effects", "character"), 240);
  assert.equal(count("capcut", "video_effects", "scene"), 1918);
  assert.equal(count("capcut", "video_effects", "character"), 333);
  assert.deepEqual(listCategories("jianying", "audio_effects"), [
    "scene",
    "tone",
    "speech_to_song",
  ]);
  assert.equal(count("jianying", "audio_effects", "scene"), 86);
  assert.equal(count("jianying", "audio_effects", "tone"), 57);
  assert.equal(count("jianying", "audio_effects", "speech_to_song"), 6);
  assert.deepEqual(
    listCategories("capcut", "audio_effects").sort(),
    ["scene", "speech_to_song", "voice_characters", "voice_filters"],
  );
  assert.equal(count("capcut", "audio_effects", "voice_filters"), 15);
  assert.equal(count("capcut", "audio_effects", "voice_characters"), 13);
  assert.deepEqual(listCategories("jianying", "transitions"), []);
});

Deno.test("entries keep the source's values", () => {
  const fadeIn = getCatalog("jianying", "video_intro").find((e) => e.name === "渐显");
  assert.ok(fadeIn);
  assert.equal(fadeIn.resourceId, "6798320778182922760");
  assert.equal(fadeIn.effectId, "624705");
  assert.equal(fadeIn.durationUs, 500000);
  assert.deepEqual(fadeIn.aliases, ["Fade In"]);
  assert.ok(fadeIn.otherEditionNames.includes("Fade In"));
  const mix = getCatalog("capcut", "transitions")[1];
  assert.equal(mix.name, "Mix");
  assert.equal(mix.enum, "Mix");
  assert.equal(mix.effectId, "CE454E9E-9C57-43c5-9E80-B46A6A495D10");
  assert.equal(mix.isOverlap, true);
  assert.deepEqual(mix.otherEditionNames, ["叠化"]);
  const split = getCatalog("capcut", "masks").find((e) => e.name === "Split");
  assert.equal(split?.resourceType, "line");
  assert.equal(split?.defaultConfig?.width, 0.16);
});

Deno.test("findByResourceId: first entry, older ids, per edition", () => {
  assert.equal(findByResourceId("jianying", "transitions", "6724845717472416269")?.name, "叠化");
  // CapCut Mix and Mix_1/Mix_2: Mix_1 and Mix_2 share an id; the first wins.
  assert.equal(findByResourceId("capcut", "transitions", "6943605272933831169")?.enum, "Mix_1");
  // An id only the older CapCutAPI JianYing table gives for 奶杏 maps to the current entry.
  const old = findByResourceId("jianying", "filters", "7127670311775898917");
  assert.equal(old?.name, "奶杏");
  assert.equal(old?.resourceId, "7297134192100379938");
  // CapCut-only transition id is unknown to JianYing.
  assert.equal(
    findByResourceId("capcut", "transitions", "7481553072678784311")?.name,
    "Montage Snippets",
  );
  assert.equal(findByResourceId("jianying", "transitions", "7481553072678784311"), undefined);
  assert.equal(findByResourceId("jianying", "transitions", "1"), undefined);
  assert.equal(findByResourceId("capcut", "mix_modes", "7127670311775898917"), undefined);
});

Deno.test("searchCatalog ranks exact, prefix, substring, then alias matches", () => {
  const names = searchCatalog("jianying", "transitions", "叠化").map((e) => e.name);
  assert.equal(names[0], "叠化");
  assert.ok(names.length > 3 && names.every((n) => n.includes("叠化")));
  // Alias-only match: JianYing names do not contain "Mix", their CapCut aliases do.
  const mix = searchCatalog("jianying", "transitions", "mix").map((e) => e.name);
  assert.ok(mix.includes("叠化"));
  assert.equal(searchCatalog("jianying", "transitions", "").length, 453);
  assert.equal(searchCatalog("jianying", "transitions", "no such thing at all").length, 0);
  const character = searchCatalog("jianying", "video_effects", "梦境", { category: "character" });
  assert.ok(character.length >= 1 && character.every((e) => e.category === "character"));
  assert.equal(
    searchCatalog("jianying", "video_effects", "", { category: "character" }).length,
    240,
  );
  assert.equal(searchCatalog("capcut", "mix_modes", "").length, 0);
  // Ids find their entry.
  assert.equal(searchCatalog("jianying", "transitions", "6724845717472416269")[0]?.name, "叠化");
});

Deno.test("normalizeName folds case, full width and separators", () => {
  assert.equal(normalizeName("Fade In"), "fadein");
  assert.equal(normalizeName("ＦＡＤＥ＿ｉｎ"), "fadein");
  assert.equal(normalizeName("fade-in\u3000"), "fadein");
  assert.equal(normalizeName("幻影 Ⅰ"), "幻影i");
});

Deno.test("unknown editions and kinds fail with unknown_name", () => {
  assert.throws(
    () => getCatalog("douyin" as Edition, "filters"),
    (e: unknown) => e instanceof DraftcliError && e.code === "unknown_name",
  );
  assert.throws(
    () => getCatalog("jianying", "transition" as CatalogKind),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "unknown_name" && e.message.includes("transitions"),
  );
});
