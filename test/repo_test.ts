/** Repository invariants: the README stays true to the code and to the pinned Deno version. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { foldTables, updateReadme } from "../scripts/readme.ts";

const root = new URL("../", import.meta.url);
const read = (p: string) => Deno.readTextFile(new URL(p, root));

Deno.test("README command table matches the registry (run scripts/readme.ts to refresh)", async () => {
  const text = await read("README.md");
  // deno fmt pads Markdown tables, so compare with runs of spaces and dashes folded.
  assertEquals(foldTables(updateReadme(text)), foldTables(text));
});

Deno.test("the pinned Deno version is the one README and CI use", async () => {
  const version = (await read(".deno-version")).trim();
  assert(/^\d+\.\d+\.\d+$/.test(version));
  const readme = await read("README.md");
  const pins = [...readme.matchAll(/deno@(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
  assert(pins.length >= 2, "README shows the two commands");
  assert(pins.every((p) => p === version), `README pins ${pins} vs .deno-version ${version}`);
  const ci = await read(".ci/run");
  assert(ci.includes("cat .deno-version") && ci.includes("task test"));
});

Deno.test("README documents every exit code of the error model", async () => {
  const { ExitCode } = await import("../src/errors.ts");
  const readme = await read("README.md");
  for (const code of Object.values(ExitCode)) {
    assert(new RegExp(`^\\| ${code}\\s+\\|`, "m").test(readme), `exit code ${code} in README`);
  }
});

Deno.test("git tracks no stray archives, media outside the fixtures, temps or build output", async () => {
  const git = await new Deno.Command("git", {
    args: ["ls-files"],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output().catch((e: unknown) => {
    throw new Error(`this test needs git on PATH and a git clone of the repository: ${e}`);
  });
  assert(
    git.success,
    `git ls-files failed (this test needs a git clone, not a source tarball): ` +
      new TextDecoder().decode(git.stderr).trim(),
  );
  const files = new TextDecoder().decode(git.stdout).split("\n").filter(Boolean);
  assert(files.includes("main.ts"), "git ls-files lists the repository");
  const media = /\.(zip|tar|gz|mp4|mov|mkv|webm|mp3|wav|m4a|flac|ogg|png|jpe?g|gif|webp|bmp)$/i;
  const stray = files.filter((f) =>
    (media.test(f) && !f.startsWith("test/fixtures/")) ||
    f.endsWith(".draftcli-tmp") || f.startsWith("dist/") || f.startsWith("node_modules/")
  );
  assertEquals(stray, []);
});

Deno.test("tests make temp folders only through test/helpers/temp.ts", async () => {
  const offenders: string[] = [];
  const walk = async (dir: string, all: boolean): Promise<void> => {
    for await (const e of Deno.readDir(new URL(dir, root))) {
      const path = `${dir}${e.name}`;
      if (e.isDirectory) await walk(`${path}/`, all);
      else if (
        path !== "test/helpers/temp.ts" && /\.ts$/.test(e.name) &&
        (all || e.name.endsWith("_test.ts")) &&
        /Deno\.makeTemp(Dir|File)|\bmkdtemp/.test(await read(path))
      ) offenders.push(path);
    }
  };
  await walk("test/", true);
  await walk("src/", false);
  await walk("scripts/", false);
  assertEquals(offenders, [], "use tempDir/tempDirSync from test/helpers/temp.ts");
});

Deno.test("no two modules share a file name (generated entry modules and fixtures aside)", async () => {
  const seen = new Map<string, string[]>();
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(new URL(dir, root))) {
      const path = `${dir}${e.name}`;
      if (e.isDirectory) {
        if (!["fixtures", "generated"].includes(e.name)) await walk(`${path}/`);
      } else if (e.name.endsWith(".ts")) {
        seen.set(e.name, [...(seen.get(e.name) ?? []), path]);
      }
    }
  };
  for (const dir of ["src/", "scripts/", "bench/", "test/"]) await walk(dir);
  const shared = [...seen.values()].filter((paths) => paths.length > 1);
  assert(seen.size > 100, "the walk found the modules");
  assertEquals(shared, []);
});
