import {
  deepStrictEqual as assertEquals,
  match as assertMatch,
  ok as assert,
} from "node:assert/strict";
import { z } from "zod";
import { defineCommand } from "../commands/spec.ts";
import { DraftcliError } from "../errors.ts";
import { toySpecs } from "../../test/support/toy_specs.ts";
import { checkRecipes, type Recipe } from "./recipes.ts";
import { MAX_DESCRIPTION, renderDocs, renderSkill, skillDescription } from "./skill.ts";
import { PATH_RULE } from "../text/path_rule.ts";

Deno.test("description stays within 1,024 characters however many command groups exist", () => {
  const many = Array.from({ length: 300 }, (_, i) =>
    defineCommand({
      name: [`group${i}`, "add"],
      summary: "x",
      input: z.object({}),
      run: () => Promise.resolve({}),
    }));
  const d = skillDescription(many);
  assert(d.length <= MAX_DESCRIPTION, String(d.length));
  assertMatch(d, /group0, group1/);
  assertMatch(d, /…/);
  assertMatch(d, /Use when/);
});

Deno.test("skill names the executable when given, and is deterministic", () => {
  const a = renderSkill(toySpecs, { executable: "/opt/draftcli" });
  assertEquals(a, renderSkill(toySpecs, { executable: "/opt/draftcli" }));
  assertMatch(a, /run it as `\/opt\/draftcli`/);
  assert(!renderSkill(toySpecs).includes("/opt/draftcli"));
});

Deno.test("skill covers units, coordinates, URLs, jq, error shape and every exit code", () => {
  const s = renderSkill(toySpecs);
  for (
    const needle of [
      "microseconds",
      "0,0",
      "top",
      "#rrggbb",
      "file://",
      "http(s)",
      "jq -r .draftId",
      '{"error":{"code"',
      "draftcli draft list",
    ]
  ) assert(s.includes(needle), needle);
  for (const exit of [1, 2, 3, 4, 5, 6, 7, 8]) assertMatch(s, new RegExp(`^\\| ${exit} \\|`, "m"));
});

Deno.test("skill: SRT captions in the overview, one path rule (no 'relative paths are not accepted')", () => {
  const s = renderSkill(toySpecs);
  const overview = renderDocs(toySpecs, "overview");
  assertMatch(overview, /captions add "\$ID" --srt subs\.srt/);
  assertMatch(overview, /draft easy --by-audio voice\.mp3 --srt subs\.srt/);
  assert(s.includes(PATH_RULE), "the skill states the path rule");
  assert(!/relative paths are not accepted/i.test(s));
  // One font-size rule, with a value for large captions.
  assertMatch(s, /1 % of the canvas's shorter side per unit/);
  assertMatch(s, /big, easy-to-read\s+captions use `--font-size 12`/);
});

Deno.test("docs topics: sections, aliases, groups, commands; unknown topic suggests", () => {
  assertMatch(renderDocs(toySpecs, "units"), /^## Units/);
  assertMatch(renderDocs(toySpecs, "errors"), /^## Errors/);
  const images = renderDocs(toySpecs, "images");
  assertMatch(images, /draftcli images add <draftId>/);
  assert(!images.includes("`draftcli draft create"));
  assertEquals(renderDocs(toySpecs, "images_add"), renderDocs(toySpecs, "images add"));
  assertMatch(renderDocs(toySpecs, "draft"), /draft create[\s\S]*draft list/);
  try {
    renderDocs(toySpecs, "imagez");
    assert(false, "should throw");
  } catch (err) {
    assert(err instanceof DraftcliError);
    assertEquals(err.code, "unknown_name");
    assertMatch(err.hint ?? "", /'images'/);
  }
});

Deno.test("checkRecipes flags unknown commands and options, accepts known ones", () => {
  const recipes: Recipe[] = [{
    id: "t",
    title: "t",
    when: "t",
    bash: `D=$(draftcli draft create --width 10 --pretty | jq -r .draftId)
draftcli images add "$D" --image-infos '[
  {"imageUrl":"file:///a"}]' --bogus 1
draftcli nope thing --x`,
  }];
  assertEquals(checkRecipes(toySpecs, recipes), [
    { recipe: "t", command: "draftcli images add", problem: "unknown option --bogus" },
    { recipe: "t", command: "draftcli nope thing", problem: "no such command" },
  ]);
});
