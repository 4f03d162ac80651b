import { deepStrictEqual as assertEquals, throws as assertThrows } from "node:assert/strict";
import { PLAN_COSTS, planChunks, type PlanModule } from "./chunk_plan.ts";

/** A module graph from `name: [size, static imports, lazy imports]`. */
function graph(spec: Record<string, [number, string[], string[]?]>): Map<string, PlanModule> {
  return new Map(
    Object.entries(spec).map(([id, [size, imports, lazy]]) => [
      id,
      { size, imports, dynamicImports: lazy ?? [] },
    ]),
  );
}

/** The plan as chunk name → sorted members. */
function chunks(plan: Map<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, name] of plan) (out[name] ??= []).push(id);
  for (const members of Object.values(out)) members.sort();
  return out;
}

Deno.test("planChunks joins what the same runs load, and a small group into a bigger one, not a big one; the entry's imports stay apart", () => {
  const modules = graph({
    "main.js": [100, ["version.js"], ["app.js"]],
    "version.js": [50, []],
    "app.js": [1000, ["util.js"], ["add.js", "list.js", "rare.js"]],
    "util.js": [500, []],
    "add.js": [2000, ["util.js", "save.js"], ["srt.js"]],
    "save.js": [6000, []],
    "srt.js": [200, []],
    "list.js": [4000, []],
    "rare.js": [900, []],
  });
  const boot = ["main.js", "version.js"];
  const plan = planChunks({
    modules,
    entry: "main.js",
    loads: [
      { modules: [...boot, "app.js", "util.js", "add.js", "save.js", "srt.js"], weight: 1 },
      { modules: [...boot, "app.js", "util.js", "add.js", "save.js"], weight: 1 },
      { modules: [...boot, "app.js", "util.js", "list.js"], weight: 1 },
    ],
    ...PLAN_COSTS,
  });
  assertEquals(chunks(plan), {
    boot: ["version.js"],
    // Loaded by every run.
    app: ["app.js", "util.js"],
    // srt.js: 200 characters the second run does not need cost less than the file the first saves.
    save: ["add.js", "save.js", "srt.js"],
    // 4,000 characters two runs would not need cost more than the file the third would save.
    list: ["list.js"],
  });
  // The entry is Rollup's (main.js); what no run loaded is left to Rollup's own chunking.
  assertEquals(plan.has("main.js"), false);
  assertEquals(plan.has("rare.js"), false);
});

Deno.test("planChunks weighs runs: a join that saves a file in a heavy run outweighs bytes in light ones", () => {
  const modules = graph({
    "main.js": [100, [], ["a.js", "b.js"]],
    "a.js": [1000, []],
    "b.js": [4000, []],
  });
  const plan = (weight: number) =>
    chunks(planChunks({
      modules,
      entry: "main.js",
      loads: [
        { modules: ["main.js", "a.js", "b.js"], weight },
        { modules: ["main.js", "a.js"], weight: 1 },
      ],
      ...PLAN_COSTS,
    }));
  assertEquals(plan(1), { a: ["a.js"], b: ["b.js"] });
  assertEquals(plan(5), { b: ["a.js", "b.js"] });
});

Deno.test("planChunks refuses a profile that names a module the graph does not have", () => {
  assertThrows(
    () =>
      planChunks({
        modules: graph({ "main.js": [100, []] }),
        entry: "main.js",
        loads: [{ modules: ["main.js", "chunk-GONE.js"], weight: 1 }],
        ...PLAN_COSTS,
      }),
    /a profiled run loaded chunk-GONE\.js, which is not a module of the graph/,
  );
});

Deno.test("planChunks keeps a module of aloneSize characters or more, and one importing it, in files of their own", () => {
  const modules = graph({
    "main.js": [100, [], ["help.js"]],
    "help.js": [500, ["schemas.js"], ["render.js"]],
    "schemas.js": [800, []],
    "render.js": [300, ["zod.js"]],
    "zod.js": [PLAN_COSTS.aloneSize, []],
  });
  const plan = planChunks({
    modules,
    entry: "main.js",
    loads: [{ modules: ["main.js", "help.js", "schemas.js", "render.js", "zod.js"], weight: 1 }],
    ...PLAN_COSTS,
  });
  // A command outside the profile that needs schemas.js loads 1,300 characters, not zod's.
  assertEquals(chunks(plan), {
    schemas: ["help.js", "schemas.js"],
    render: ["render.js"],
    zod: ["zod.js"],
  });
});
