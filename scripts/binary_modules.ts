/**
 * Prints the module list of the compiled binary (`deno info` of main.ts, the entry the bundle
 * that `deno compile` compiles is built from):
 * the local modules and every npm package reached, and fails (exit 1) when a test-only package
 * is among them. CI runs it; `deno run -A scripts/binary_modules.ts` shows the list.
 */
import { ENTRY } from "./bundle.ts";

/**
 * npm packages used only by tests and dev scripts (rollup: scripts/bundle.ts): none may reach the
 * binary.
 */
export const TEST_ONLY = [
  "fast-check",
  "pure-rand",
  "tree-sitter-powershell",
  "web-tree-sitter",
  "@modelcontextprotocol/sdk",
  "rollup",
];

interface InfoJson {
  modules: { kind: string; specifier: string; npmPackage?: string }[];
  npmPackages: Record<string, { name: string; dependencies: string[] }>;
}

/** What the binary holds: local module specifiers and the npm packages (name@version) reached. */
export interface BinaryModules {
  local: string[];
  npm: string[];
}

/** Reads `deno info --json` of `entry` and closes the npm packages over their dependencies. */
export async function binaryModules(entry = ENTRY): Promise<BinaryModules> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: new URL("..", import.meta.url),
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`deno info ${entry} failed`);
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as InfoJson;
  const local = info.modules.filter((m) => m.kind === "esm" || m.kind === "asserted")
    .map((m) => m.specifier);
  const seen = new Set<string>();
  const queue = info.modules.flatMap((m) => m.npmPackage ? [m.npmPackage] : []);
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(info.npmPackages[id]?.dependencies ?? []));
  }
  return { local, npm: [...seen].sort() };
}

/** The test-only packages among `npm` (name@version ids). */
export function testOnlyIn(npm: readonly string[]): string[] {
  return npm.filter((id) => TEST_ONLY.includes(id.slice(0, id.lastIndexOf("@"))));
}

if (import.meta.main) {
  const { local, npm } = await binaryModules();
  const root = new URL("..", import.meta.url).href;
  console.log(`${ENTRY}: ${local.length} local modules, ${npm.length} npm packages`);
  for (const m of local) console.log(`  ${m.replace(root, "")}`);
  for (const p of npm) console.log(`  npm:${p}`);
  const bad = testOnlyIn(npm);
  if (bad.length) {
    console.error(`test-only packages reach the binary: ${bad.join(", ")}`);
    Deno.exit(1);
  }
}
