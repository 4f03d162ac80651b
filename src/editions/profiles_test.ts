import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import {
  EDITION_FACTS,
  EDITIONS,
  findProfile,
  profileById,
  profileForAppVersion,
  PROFILES,
  timelineTargets,
} from "./profiles.ts";
import {
  compareVersions,
  KNOWN_BUILDS,
  markerOs,
  platformFor,
  stampFor,
  supportMatrix,
  versionAtMost,
} from "./builds.ts";
import { indexPathStyle } from "./index_entry.ts";
import { skeletonFor } from "./skeletons.ts";
import { GENERATED_SECTIONS, generatedSection, renderEditionsDoc, tableCells } from "./doc.ts";
import { DraftcliError } from "../errors.ts";

Deno.test("every major version of each edition maps to exactly one profile", () => {
  for (const e of EDITIONS) {
    for (let major = 0; major <= 99; major++) {
      const hits = PROFILES.filter((p) =>
        p.edition === e && major >= p.minMajor && major <= p.maxMajor
      );
      assertEquals(hits.length, 1, `${e} ${major}: ${hits.map((p) => p.id)}`);
    }
  }
  assertEquals(new Set(PROFILES.map((p) => p.id)).size, PROFILES.length);
});

Deno.test("findProfile by version, major, profile id and old alias; bad versions are refused", () => {
  assertEquals(findProfile("capcut", "8.1.1").id, "capcut-7-8");
  assertEquals(findProfile("capcut", "9").id, "capcut-9");
  assertEquals(findProfile("capcut", "12.0").id, "capcut-10");
  assertEquals(findProfile("capcut", "3.2").id, "capcut-legacy");
  assertEquals(findProfile("capcut", "9.2.8-beta4").id, "capcut-9");
  assertEquals(findProfile("jianying", "5.9").id, "jianying-5");
  assertEquals(findProfile("jianying", "11.4.0").id, "jianying-10");
  assertEquals(findProfile("jianying").id, "jianying-5");
  assertEquals(findProfile("capcut").id, "capcut-7-8");
  assertEquals(findProfile("capcut", "capcut-9").id, "capcut-9");
  assertEquals(findProfile("capcut", "capcut-6").id, "capcut-5-6", "old id still resolves");
  assertEquals(profileById("capcut-6")?.id, "capcut-5-6");
  throws(() => findProfile("jianying", "capcut-9"), DraftcliError, "other edition's profile id");
  throws(
    () => findProfile("capcut", "latest"),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "invalid_input" && e.path === "editorVersion",
  );
  // versions read from drafts never throw
  assertEquals(profileForAppVersion("capcut", "garbage").id, "capcut-7-8");
  assertEquals(profileForAppVersion("capcut", undefined).id, "capcut-7-8");
  assertEquals(profileForAppVersion("capcut", "6.9.0").id, "capcut-5-6");
});

Deno.test("version comparison treats missing parts of a limit as wildcards", () => {
  assert(versionAtMost("8.1.1", "8.1"));
  assert(versionAtMost("8.1.1", "8"));
  assert(!versionAtMost("8.1.1", "8.0"));
  assert(versionAtMost("7.9.0", "8.0"));
  assert(!versionAtMost("9.1.0", "8"));
  assert(compareVersions("9.2.8-beta4", "9.2.8") < 0);
  assert(compareVersions("10.0.0", "9.9.9") > 0);
  assertEquals(compareVersions("5.9", "5.9.0"), 0);
});

Deno.test("stamps are never newer than the requested version", () => {
  const cc = (v?: string) => stampFor(findProfile("capcut", v), v);
  assertEquals(cc(), { appVersion: "8.1.1", newVersion: "159.0.0", source: "profile" });
  assertEquals(cc("7.9"), { appVersion: "7.9.0", newVersion: "155.0.0", source: "table" });
  assertEquals(cc("7"), { appVersion: "7.9.0", newVersion: "155.0.0", source: "table" });
  assertEquals(cc("7.0"), { appVersion: "6.9.0", newVersion: "142.0.0", source: "table" });
  assertEquals(cc("8").appVersion, "8.1.1");
  assertEquals(cc("8.1").appVersion, "8.1.1");
  assertEquals(cc("8.4").appVersion, "8.1.1");
  assertEquals(cc("9").appVersion, "9.1.0");
  assertEquals(cc("9.3").appVersion, "9.1.0", "the 9.2.8 beta is never stamped");
  assertEquals(cc("11").appVersion, "9.1.0");
  assertEquals(cc("capcut-9"), { appVersion: "9.1.0", newVersion: "179.0.0", source: "profile" });
  const jy = (v?: string) => stampFor(findProfile("jianying", v), v);
  assertEquals(jy("11.4").appVersion, "5.9.0");
  assertEquals(jy("5.8"), { appVersion: "5.7.0", newVersion: "107.0.0", source: "table" });
  assertEquals(jy("5.9").newVersion, "110.0.0");
  // every stampable build is consistent with its profile's range
  for (const k of KNOWN_BUILDS.filter((k) => k.stamp)) {
    assertEquals(
      stampFor(findProfile(k.edition, k.appVersion), k.appVersion).appVersion,
      k.appVersion,
    );
  }
});

Deno.test("profiles agree with their skeletons and edition facts", () => {
  for (const p of PROFILES) {
    const { content, meta } = skeletonFor(p);
    const facts = EDITION_FACTS[p.edition];
    assertEquals((content.platform as Record<string, unknown>).app_source, facts.appSource, p.id);
    assert(Array.isArray((content.materials as Record<string, unknown>)[facts.maskList]), p.id);
    assertEquals(content.version, 360000, p.id);
    assertEquals(
      meta.draft_new_version,
      "",
      `${p.id}: new drafts carry an empty draft_new_version`,
    );
    assert(
      p.timelineFiles.includes("draft_content.json") && p.timelineFiles.includes("draft_info.json"),
    );
    assertEquals(p.timelineFiles.includes("template-2.tmp"), p.edition === "capcut", p.id);
  }
  assertEquals(EDITION_FACTS.capcut.rootIndex.createIfMissing, true);
  assertEquals(EDITION_FACTS.jianying.rootIndex.createIfMissing, false);
});

Deno.test("timeline targets: new drafts never get Timelines/, loaded ones follow it", () => {
  const cc = findProfile("capcut", "8");
  const jy = findProfile("jianying");
  assertEquals(timelineTargets(cc), [["draft_content.json"], ["draft_info.json"], [
    "template-2.tmp",
  ]]);
  assertEquals(timelineTargets(jy), [["draft_content.json"], ["draft_info.json"]]);
  // a JianYing mac draft that carries a mirror keeps it in sync
  assertEquals(timelineTargets(jy, { rootFiles: ["draft_info.json", "template-2.tmp"] }).length, 3);
  const id = "4E96246F-6E19-4a5c-BDE0-B25479BBD47C";
  assertEquals(
    timelineTargets(cc, {
      rootFiles: ["draft_content.json"],
      mainTimelineId: id,
      nestedFiles: ["draft_content.json"],
    }),
    [["draft_content.json"], ["draft_info.json"], ["template-2.tmp"], [
      "Timelines",
      id,
      "draft_content.json",
    ]],
  );
  assertEquals(
    timelineTargets(cc, { rootFiles: [], mainTimelineId: id, nestedFiles: [] }).slice(3),
    [["Timelines", id, "draft_content.json"], ["Timelines", id, "draft_info.json"]],
    "an empty timeline folder gets the primary names",
  );
  assertEquals(timelineTargets(cc, { rootFiles: [], mainTimelineId: "../../etc" }).length, 3);
});

Deno.test("default drafts folders per OS", () => {
  const win = { LOCALAPPDATA: "C:\\Users\\u\\AppData\\Local", USERPROFILE: "C:\\Users\\u" };
  assertEquals(
    EDITION_FACTS.jianying.defaultDraftsRoot("windows", win),
    "C:\\Users\\u\\AppData\\Local\\JianyingPro\\User Data\\Projects\\com.lveditor.draft",
  );
  assertEquals(
    EDITION_FACTS.capcut.defaultDraftsRoot("windows", { USERPROFILE: "C:\\Users\\u" }),
    "C:\\Users\\u\\AppData\\Local\\CapCut\\User Data\\Projects\\com.lveditor.draft",
  );
  assertEquals(
    EDITION_FACTS.capcut.draftsRootCandidates("mac", { HOME: "/Users/u" }),
    [
      "/Users/u/Movies/CapCut/User Data/Projects/com.lveditor.draft",
      "/Users/u/Library/Containers/com.lemon.lvoverseas/Data/Movies/CapCut/User Data/Projects/com.lveditor.draft",
    ],
  );
  assertEquals(
    EDITION_FACTS.jianying.defaultDraftsRoot("mac", { HOME: "/Users/u" }),
    "/Users/u/Movies/JianyingPro/User Data/Projects/com.lveditor.draft",
  );
  assertEquals(EDITION_FACTS.capcut.defaultDraftsRoot("linux", { HOME: "/home/u" }), undefined);
});

Deno.test("platform blocks: edition ids, stamped or copied version, no device hashes", () => {
  const p = findProfile("capcut", "9");
  const base = {
    app_id: 1,
    app_source: "x",
    device_id: "abc",
    mac_address: "m",
    hard_disk_id: "h",
    extra: 1,
  };
  const own = platformFor(p, "linux", stampFor(p), base);
  assertEquals(own, {
    app_id: 359289,
    app_source: "cc",
    app_version: "9.1.0",
    os: "windows",
    os_version: "10.0.19045",
    device_id: "",
    hard_disk_id: "",
    mac_address: "",
    extra: 1,
  });
  const copied = platformFor(p, "windows", stampFor(p), base, {
    app_version: "9.3.1",
    os: "mac",
    os_version: "15.1",
    device_id: "real-hash",
  });
  assertEquals([copied.app_version, copied.os, copied.os_version, copied.device_id], [
    "9.3.1",
    "mac",
    "15.1",
    "",
  ]);
  assertEquals(markerOs("mac"), "mac");
});

Deno.test("index path style per OS", () => {
  const w = indexPathStyle("windows");
  assertEquals(w.folder("C:\\Users\\u\\drafts\\A"), "C:/Users/u/drafts/A");
  assertEquals(
    w.file("C:\\Users\\u\\drafts\\A", "draft_content.json"),
    "C:/Users/u/drafts/A\\draft_content.json",
  );
  assertEquals(
    indexPathStyle("mac").file("/Users/u/d/A", "draft_info.json"),
    "/Users/u/d/A/draft_info.json",
  );
});

Deno.test("docs/editions.md carries the current support matrix and known builds", async () => {
  const text = await Deno.readTextFile(new URL("../../docs/editions.md", import.meta.url));
  const fresh = renderEditionsDoc(text);
  for (const name of Object.keys(GENERATED_SECTIONS)) {
    assertEquals(
      tableCells(generatedSection(text, name) ?? ""),
      tableCells(generatedSection(fresh, name)!),
      `docs/editions.md section '${name}' is stale: run deno run -A scripts/editions_doc.ts`,
    );
  }
  assertEquals(
    tableCells(generatedSection(text, "support-matrix")!).length,
    supportMatrix().length + 1,
  );
  // The README carries the same matrix.
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  assertEquals(
    tableCells(generatedSection(readme, "support-matrix") ?? ""),
    tableCells(generatedSection(fresh, "support-matrix")!),
    "README.md support matrix is stale: run deno run -A scripts/editions_doc.ts",
  );
});
