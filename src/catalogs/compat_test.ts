import assert from "node:assert/strict";
import { type CatalogKind, EDITIONS } from "./catalog.ts";
import { CUTCLI_NAMES } from "./compat.ts";
import { QUERY_COMMAND_FOR_KIND, resolveName } from "./name_resolve.ts";
import { DraftcliError } from "../errors.ts";

/** Every animation, transition, effect and mask name cutcli's docs and examples use. */
const DOCUMENTED: [CatalogKind, string][] = [
  ["text_intro", "渐显"],
  ["text_intro", "向上滑入"],
  ["text_intro", "弹入跳动"],
  ["text_outro", "渐隐"],
  ["text_loop", "波浪"],
  ["text_loop", "心跳"],
  ["text_loop", "向左滚动"],
  ["video_intro", "渐显"],
  ["video_intro", "轻微放大"],
  ["video_outro", "渐隐"],
  ["transitions", "叠化"],
  ["transitions", "推移"],
  ["transitions", "向右擦除"],
  ["transitions", "fade"],
  ["video_effects", "模糊"],
  ["masks", "线性"],
  ["masks", "镜面"],
  ["masks", "圆形"],
  ["masks", "矩形"],
  ["masks", "星形"],
  ["masks", "爱心"],
];

Deno.test("compat: every name cutcli documents resolves in both editions", () => {
  for (const edition of EDITIONS) {
    for (const [kind, name] of DOCUMENTED) {
      const e = resolveName(edition, kind, name, { warn: () => {} });
      assert.ok(e.resourceId, `${edition} ${kind} ${name}`);
    }
  }
});

Deno.test("compat: a stand-in name warns and names the entry used", () => {
  for (const edition of EDITIONS) {
    for (const [kind, table] of Object.entries(CUTCLI_NAMES)) {
      for (const [name, target] of Object.entries(table)) {
        const warnings: string[] = [];
        const e = resolveName(edition, kind as CatalogKind, name, {
          warn: (m) => warnings.push(m),
        });
        assert.equal(warnings.length, 1, `${edition} ${name}`);
        assert.ok(warnings[0].includes(e.name) && warnings[0].includes(name), warnings[0]);
        assert.ok(e.name === target[edition] || e.aliases.includes(target[edition]));
      }
    }
  }
});

Deno.test("compat: exact names do not warn", () => {
  const warnings: string[] = [];
  resolveName("jianying", "transitions", "叠化", { warn: (m) => warnings.push(m) });
  assert.deepEqual(warnings, []);
});

Deno.test("compat: a name only the other edition lists maps by resource md5, with a warning", () => {
  const warnings: string[] = [];
  const e = resolveName("jianying", "text_intro", "Pop Up", { warn: (m) => warnings.push(m) });
  assert.equal(e.name, "向上弹入");
  assert.equal(warnings.length, 1);
  assert.ok(warnings[0].includes("capcut"));
});

Deno.test("compat: unknown names still fail with the closest names and a working hint", () => {
  const err = assert.throws(
    () => resolveName("jianying", "text_intro", "向上滑入滑入滑入"),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "unknown_name" && e.message.includes("closest") &&
      (e.hint ?? "").includes(QUERY_COMMAND_FOR_KIND.text_intro),
  );
  void err;
});
