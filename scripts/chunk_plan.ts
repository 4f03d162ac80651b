/**
 * Plans which modules of the bundle share a file: the `manualChunks` answer of the bundle's Rollup
 * pass (scripts/bundle.ts `rechunk`), made from what profiled runs loaded (scripts/load_profile.ts).
 *
 * Rollup's own chunking gives each set of entries that reach a module its own chunk, so a command
 * loads exactly its code, spread over many files: a 10-caption `captions add` loads 50. Each file a
 * run loads costs a read, a code-cache lookup and a module record, and one reached by `import()` a
 * round of its own; each character loaded costs its deserialising and evaluation. Starting from
 * one group per set of runs that load a module, the plan joins the two groups whose joining lowers
 * most the sum, over the runs, of files × `fileCost` + characters × `byteCost` (weighted per run),
 * until no join lowers it: groups the same runs load always join; a small group joins one loaded by
 * most of the same runs. No join makes two files import each other statically, and what the entry
 * imports statically stays one file beside it (`--version` loads nothing else).
 *
 * A module of at least `aloneSize` characters (zod, mp4box), and one that imports such a module
 * statically, each keep a file of their own: a command the profile does not run may need a small
 * module that the profiled runs load only beside the big one, and would otherwise load the big one
 * too (`draft export` loaded zod's 460 KB that way).
 */
/** One module of the bundle as the plan sees it. */
export interface PlanModule {
  /** Its size in characters. */
  size: number;
  /** Modules it imports statically (ids; `node:` modules included). */
  imports: readonly string[];
  /** Modules it imports with `import()` (ids). */
  dynamicImports: readonly string[];
}

/** What the plan starts from, and its costs. */
export interface PlanInput {
  /** Every module, by id. */
  modules: ReadonlyMap<string, PlanModule>;
  /** The program's entry module. */
  entry: string;
  /** What each profiled run loaded (module ids), with how much it counts. */
  loads: readonly { modules: readonly string[]; weight: number }[];
  /** Milliseconds one more file costs a run. */
  fileCost: number;
  /** Milliseconds one more character loaded costs a run. */
  byteCost: number;
  /** A module of at least this many characters, or importing one, is never joined with another. */
  aloneSize: number;
}

/** The costs the bundle is planned with (measured on the bundle's own runs: docs/performance.md). */
export const PLAN_COSTS = { fileCost: 0.07, byteCost: 0.000025, aloneSize: 65_536 } as const;

/**
 * The chunk of the modules the entry imports statically. The entry stays a file of its own: it
 * awaits its lazy imports at top level, so a chunk they import it from would never finish loading.
 */
const BOOT_CHUNK = "boot";

/**
 * Gives, for each module a profiled run loads, the name of the chunk it goes in; modules no run
 * loads are left to Rollup. Deterministic for the same input; throws when a run names a module
 * the graph does not have.
 */
export function planChunks(input: PlanInput): Map<string, string> {
  const { modules } = input;
  const known = (id: string) => modules.has(id);
  /** `roots` and the modules they import statically, directly or not (`node:` modules left out). */
  const closure = (roots: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    for (const stack = [...roots]; stack.length;) {
      const id = stack.pop()!;
      if (seen.has(id) || !known(id)) continue;
      seen.add(id);
      stack.push(...modules.get(id)!.imports);
    }
    return seen;
  };
  const boot = closure([input.entry]);
  const plan = new Map<string, string>();
  for (const id of boot) if (id !== input.entry) plan.set(id, BOOT_CHUNK);
  const sets = input.loads.map((l) => {
    const unknown = l.modules.find((id) => !known(id));
    if (unknown) {
      throw new Error(`a profiled run loaded ${unknown}, which is not a module of the graph`);
    }
    return new Set(l.modules.filter((id) => !boot.has(id)));
  });

  // Atoms: the modules the same runs load, with which runs as a bit set.
  const words = Math.ceil(sets.length / 32);
  const atomOf = new Map<string, number>();
  const atoms: { members: string[]; size: number; by: Uint32Array; alone: boolean }[] = [];
  const bySignature = new Map<string, number>();
  const ids = [...new Set(sets.flatMap((s) => [...s]))].sort();
  // A big module, and one that imports a big one statically, each keep a file of their own.
  const big = new Set(ids.filter((id) => modules.get(id)!.size >= input.aloneSize));
  const reachesBig = (root: string) =>
    [...closure(modules.get(root)!.imports)].some((id) => big.has(id));
  for (const id of ids) {
    const by = new Uint32Array(words);
    sets.forEach((s, i) => {
      if (s.has(id)) by[i >> 5] |= 1 << (i & 31);
    });
    const alone = big.has(id) || reachesBig(id);
    const signature = alone ? id : by.join(",");
    let atom = bySignature.get(signature);
    if (atom === undefined) {
      atom = atoms.push({ members: [], size: 0, by, alone }) - 1;
      bySignature.set(signature, atom);
    }
    atoms[atom].members.push(id);
    atoms[atom].size += modules.get(id)!.size;
    atomOf.set(id, atom);
  }

  // Static imports between atoms, for the no-cycle rule.
  const edges = atoms.map(() => new Set<number>());
  for (const id of ids) {
    for (const next of modules.get(id)!.imports) {
      const to = atomOf.get(next);
      if (to !== undefined && to !== atomOf.get(id)) edges[atomOf.get(id)!].add(to);
    }
  }
  const alive = atoms.map(() => true);
  /** Whether `to` is reachable from `from` through at least one other atom. */
  const reachesVia = (from: number, to: number): boolean => {
    const seen = new Set<number>();
    const stack = [...edges[from]].filter((n) => n !== to);
    while (stack.length) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const m of edges[n]) {
        if (m === to) return true;
        if (m !== from) stack.push(m);
      }
    }
    return false;
  };
  const weights = input.loads.map((l) => l.weight);
  /** The summed weight of the runs in both bit sets (`b` defaults to `a`). */
  const weigh = (a: Uint32Array, b: Uint32Array = a) => {
    let n = 0;
    for (let i = 0; i < a.length; i++) {
      for (let w = a[i] & b[i]; w; w &= w - 1) n += weights[i * 32 + 31 - Math.clz32(w & -w)];
    }
    return n;
  };
  const gain = (i: number, j: number): number => {
    const a = atoms[i], b = atoms[j];
    const both = weigh(a.by, b.by);
    const onlyA = weigh(a.by) - both, onlyB = weigh(b.by) - both;
    return both * input.fileCost - input.byteCost * (onlyA * b.size + onlyB * a.size);
  };
  const refused = new Set<string>();
  for (;;) {
    let best: [number, number, number] | undefined;
    for (let i = 0; i < atoms.length; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < atoms.length; j++) {
        if (!alive[j] || atoms[i].alone || atoms[j].alone || refused.has(`${i},${j}`)) continue;
        const g = gain(i, j);
        if (g > 0 && (!best || g > best[0])) best = [g, i, j];
      }
    }
    if (!best) break;
    const [, i, j] = best;
    if (reachesVia(i, j) || reachesVia(j, i)) {
      refused.add(`${i},${j}`);
      continue;
    }
    const a = atoms[i], b = atoms[j];
    a.members.push(...b.members);
    a.size += b.size;
    for (let w = 0; w < words; w++) a.by[w] |= b.by[w];
    alive[j] = false;
    for (const n of edges[j]) if (n !== i) edges[i].add(n);
    edges[i].delete(j);
    for (const e of edges) {
      if (e.delete(j) && e !== edges[i]) e.add(i);
    }
  }

  const names = new Set<string>([BOOT_CHUNK]);
  for (let i = 0; i < atoms.length; i++) {
    if (!alive[i]) continue;
    const members = atoms[i].members.sort();
    const largest = members.reduce((x, y) => modules.get(y)!.size > modules.get(x)!.size ? y : x);
    let name = largest.split("/").pop()!.replace(/\.js$/, "");
    for (let k = 2; names.has(name); k++) name = `${name}-${k}`;
    names.add(name);
    for (const id of members) plan.set(id, name);
  }
  return plan;
}
