import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { loadAllSpecs } from "../commands/registry.ts";
import { renderSkill, renderSkillReferences } from "./skill.ts";

/** Shell variables (`$SEG`, `$ID`) that sit inside single quotes, where the shell never expands them. */
function varsInSingleQuotes(text: string): string[] {
  const found: string[] = [];
  let state: "out" | "single" | "double" = "out";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (state !== "single" && c === "\\") {
      i++;
      continue;
    }
    if (state === "out" && c === "'") state = "single";
    else if (state === "single" && c === "'") state = "out";
    else if (state === "out" && c === '"') state = "double";
    else if (state === "double" && c === '"') state = "out";
    else if (state === "single" && c === "$") {
      const m = /^\$[A-Z_][A-Z0-9_]*/.exec(text.slice(i));
      if (m) found.push(m[0]);
    }
  }
  return found;
}

Deno.test("varsInSingleQuotes finds only variables the shell would leave unexpanded", () => {
  assertEquals(varsInSingleQuotes(`x '{"segmentId":"$SEG"}'`), ["$SEG"]);
  assertEquals(varsInSingleQuotes(`x "{\\"segmentId\\":\\"$SEG\\"}" '$s' "$D"`), []);
  assertEquals(varsInSingleQuotes(`jq -n --arg s "$SEG" '[{segmentId:$s}]'`), []);
});

Deno.test("no command example or skill code puts a shell variable inside single quotes", async () => {
  const specs = await loadAllSpecs();
  const bad: string[] = [];
  for (const spec of specs) {
    for (const ex of spec.examples ?? []) {
      if (varsInSingleQuotes(ex).length) bad.push(`${spec.name.join(" ")}: ${ex}`);
    }
  }
  const files = { "SKILL.md": renderSkill(specs), ...renderSkillReferences(specs) };
  for (const [name, text] of Object.entries(files)) {
    for (const block of text.matchAll(/```bash\n([\s\S]*?)```/g)) {
      if (varsInSingleQuotes(block[1]).length) bad.push(`${name}: ${block[1].slice(0, 80)}`);
    }
  }
  assertEquals(bad, []);
});

Deno.test("the skill does not claim `draft info` lists segment ids (it prints counts)", async () => {
  const skill = renderSkill(await loadAllSpecs());
  assertEquals(/draft info[^\n]*segment ids/.test(skill), false);
});

Deno.test("SKILL.md stays ≤ 300 lines, indexes every command and links only to files it ships", async () => {
  const specs = await loadAllSpecs();
  const skill = renderSkill(specs);
  const refs = renderSkillReferences(specs);
  const lines = skill.split("\n").length;
  assertEquals(lines <= 300, true, `${lines} lines`);
  for (const spec of specs) {
    assertEquals(skill.includes(`\`${spec.name.join(" ")}\``), true, spec.name.join(" "));
    const ref = refs[`references/${spec.name[0]}.md`] ?? "";
    assertEquals(ref.includes(`draftcli ${spec.name.join(" ")}`), true, spec.name.join(" "));
  }
  const links = [...skill.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => m[1]);
  assertEquals(links.filter((l) => !(l in refs)), []);
});
