import { deepStrictEqual as assertEquals, throws as assertThrows } from "node:assert/strict";
import fc from "fast-check";
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

Deno.test("planChunks on random graphs and profiles: every module a run loads has a chunk, and no two chunks import each other", () => {
  const graphs = fc.integer({ min: 2, max: 14 }).chain((n) =>
    fc.record({
      // module i imports some modules after it statically: a graph without cycles, as bundles are
      imports: fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), {
        minLength: n,
        maxLength: n,
      }),
      sizes: fc.array(fc.integer({ min: 50, max: 2 * PLAN_COSTS.aloneSize }), {
        minLength: n,
        maxLength: n,
      }),
      runs: fc.array(
        fc.record({
          roots: fc.array(fc.integer({ min: 1, max: n - 1 }), { minLength: 1, maxLength: 4 }),
          weight: fc.constantFrom(0, 0.5, 1, 3),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      fileCost: fc.constantFrom(0.07, 0.5, 5),
    })
  );
  fc.assert(
    fc.property(graphs, ({ imports, sizes, runs, fileCost }) => {
      const id = (i: number) => `m${i}.js`;
      const modules = new Map<string, PlanModule>(
        sizes.map((size, i) => [id(i), {
          size,
          imports: i === 0 ? [] : imports[i].filter((j) => j > i).map(id),
          dynamicImports: [],
        }]),
      );
      const closure = (roots: string[]) => {
        const seen = new Set<string>(["m0.js"]);
        for (const stack = [...roots]; stack.length;) {
          const m = stack.pop()!;
          if (seen.has(m)) continue;
          seen.add(m);
          stack.push(...modules.get(m)!.imports);
        }
        return [...seen];
      };
      const loads = runs.map((r) => ({ modules: closure(r.roots.map(id)), weight: r.weight }));
      const plan = planChunks({ modules, entry: "m0.js", loads, ...PLAN_COSTS, fileCost });
      for (const l of loads) {
        for (const m of l.modules) if (m !== "m0.js") assertEquals(plan.has(m), true, m);
      }
      // The chunks' static imports, from their modules'.
      const edges = new Map<string, Set<string>>();
      for (const [m, chunk] of plan) {
        for (const next of modules.get(m)!.imports) {
          const to = plan.get(next);
          if (to && to !== chunk) edges.set(chunk, (edges.get(chunk) ?? new Set()).add(to));
        }
      }
      const state = new Map<string, "open" | "done">();
      const visit = (c: string): void => {
        if (state.get(c) === "done") return;
        assertEquals(state.get(c), undefined, `a cycle through ${c}`);
        state.set(c, "open");
        for (const next of edges.get(c) ?? []) visit(next);
        state.set(c, "done");
      };
      for (const c of new Set(plan.values())) visit(c);
    }),
    { numRuns: 300 },
  );
});
