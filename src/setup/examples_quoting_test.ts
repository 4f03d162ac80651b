import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { loadAllSpecs } from "../commands/registry.ts";
import { renderSkill } from "./skill.ts";

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
  const skill = renderSkill(specs);
  for (const block of skill.matchAll(/```bash\n([\s\S]*?)```/g)) {
    if (varsInSingleQuotes(block[1]).length) bad.push(`SKILL.md: ${block[1].slice(0, 80)}`);
  }
  assertEquals(bad, []);
});

Deno.test("the skill does not claim `draft info` lists segment ids (it prints counts)", async () => {
  const skill = renderSkill(await loadAllSpecs());
  assertEquals(/draft info[^\n]*segment ids/.test(skill), false);
});
