/**
 * The layer rule, checked: reads the layer table of docs/ARCHITECTURE.md's "Layers" section and
 * reports every import (static, `export … from`, or literal `import()`) from a module to a layer
 * above its own, between folders of a row marked "(separate)", and any file-system call in the
 * layer that must stay free of I/O (the row that says "no file system"). Test files are exempt.
 *
 *   deno run --allow-read scripts/layers.ts     prints violations; exit 1 when there are any
 */
import { join, relative } from "node:path";

/** One row of the layer table. */
export interface Layer {
  rank: number;
  /** Folders (ending in /) and files, relative to the repository root. */
  members: string[];
  /** Members of this row may not import each other. */
  separate: boolean;
  /** Modules of this row may not touch the file system. */
  pure: boolean;
}

/** One import or call that breaks the rule. */
export interface Violation {
  file: string;
  line: number;
  message: string;
}

/** Parses the layer table out of the text of docs/ARCHITECTURE.md. */
export function parseLayers(readme: string): Layer[] {
  const section = readme.split(/^## Layers\s*$/m)[1]?.split(/^## /m)[0] ?? "";
  const layers: Layer[] = [];
  for (const row of section.split("\n")) {
    const cells = row.split("|").map((c) => c.trim());
    const rank = Number(cells[1]);
    if (cells.length < 4 || !Number.isInteger(rank) || rank <= 0) continue;
    const members = [...cells[2].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    layers.push({
      rank,
      members,
      separate: /\(separate\)/.test(cells[2]),
      pure: /no file system/.test(cells[3]),
    });
  }
  if (layers.length === 0) {
    throw new Error("docs/ARCHITECTURE.md has no layer table under '## Layers'");
  }
  return layers;
}

/**
 * The row and member a repository-relative path belongs to, if any: the most specific member
 * that holds it (a file named in one row wins over its folder named in another).
 */
export function placeOf(
  layers: readonly Layer[],
  path: string,
): { layer: Layer; member: string } | undefined {
  let found: { layer: Layer; member: string } | undefined;
  for (const layer of layers) {
    for (const member of layer.members) {
      const holds = member.endsWith("/") ? path.startsWith(member) : path === member;
      if (holds && (!found || member.length > found.member.length)) found = { layer, member };
    }
  }
  return found;
}

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)"(\.{1,2}\/[^"]+)"/gm;
const FS_RE =
  /\bDeno\.(?:readFile|readTextFile|writeFile|writeTextFile|open|stat|lstat|mkdir|remove|rename|readDir|copyFile|link|symlink|realPath|makeTemp\w*|truncate|chmod|utime)(?:Sync)?\b/g;

/** Checks one module's source text; `path` is repository-relative. */
export function checkModule(layers: readonly Layer[], path: string, text: string): Violation[] {
  const from = placeOf(layers, path);
  if (!from) return [];
  const out: Violation[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  for (const m of text.matchAll(IMPORT_RE)) {
    const target = relative(".", join(path, "..", m[1])).replaceAll("\\", "/");
    const to = placeOf(layers, target);
    if (!to || to.member === from.member) continue;
    if (to.layer.rank < from.layer.rank) {
      out.push({
        file: path,
        line: lineOf(m.index),
        message: `imports ${target} (layer ${to.layer.rank}) from layer ${from.layer.rank}`,
      });
    } else if (to.layer === from.layer && from.layer.separate) {
      out.push({
        file: path,
        line: lineOf(m.index),
        message: `imports ${target}: ${from.member} and ${to.member} must not import each other`,
      });
    }
  }
  if (from.layer.pure) {
    for (const m of text.matchAll(FS_RE)) {
      out.push({
        file: path,
        line: lineOf(m.index),
        message: `calls ${m[0]} in layer ${from.layer.rank}, which must not touch the file system`,
      });
    }
  }
  return out;
}

async function* modules(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* modules(p);
    else if (e.isFile && e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) yield p;
  }
}

/** Checks the repository at `root`; returns every violation. */
export async function checkRepository(root: string): Promise<Violation[]> {
  const layers = parseLayers(await Deno.readTextFile(join(root, "docs", "ARCHITECTURE.md")));
  const files = [join(root, "main.ts")];
  for await (const f of modules(join(root, "src"))) files.push(f);
  const out: Violation[] = [];
  for (const f of files) {
    const rel = relative(root, f).replaceAll("\\", "/");
    out.push(...checkModule(layers, rel, await Deno.readTextFile(f)));
  }
  return out;
}

if (import.meta.main) {
  const root = new URL("..", import.meta.url).pathname;
  const violations = await checkRepository(root);
  for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) break the layer rule in docs/ARCHITECTURE.md`);
    Deno.exit(1);
  }
  console.error("layers: ok");
}
