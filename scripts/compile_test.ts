import { deepStrictEqual as assertEquals, match as assertMatch } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { DATA_DIRS } from "./bundle.ts";
import {
  assetName,
  COMPILE_ENTRY,
  INCLUDES,
  PERMISSIONS,
  sha256Hex,
  sumsText,
  TARGETS,
  V8_FLAGS,
  writeSums,
} from "./compile.ts";
import { tempDir } from "../test/helpers/temp.ts";
import { runScript } from "../test/helpers/scripts.ts";

const SCRIPT = fileURLToPath(new URL("./compile.ts", import.meta.url));

/** Runs scripts/compile.ts in a real subprocess. */
const runCompile = (args: string[]) => runScript(SCRIPT, args);

const EXPECTED_TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
];
const EXPECTED_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-net",
  "--allow-run",
  "--allow-sys",
];

/** The start-up settings baked into the binaries (see V8_FLAGS). */
const EXPECTED_V8_FLAGS = "--v8-flags=--min-semi-space-size=32,--no-lazy";

/** The data folders embedded beside the bundle's modules (see INCLUDES). */
const EXPECTED_INCLUDES = ["--include=dist/bundle/src/catalogs/data"];

/** What deno compile compiles: the bundle's entry, with no config. */
const EXPECTED_ENTRY = "dist/bundle/main.js";

Deno.test("compile --dry-run bundles main.ts first, then prints one deno compile per target with the baked permissions", async () => {
  const { code, stdout } = await runCompile(["--dry-run"]);
  assertEquals(code, 0);
  assertEquals(
    stdout.split("\n")[0],
    "deno bundle --platform deno --code-splitting --minify --outdir dist/bundle main.ts",
  );
  const commands = stdout.split("\n").filter((l) => l.startsWith("deno compile "));
  assertEquals(commands.length, EXPECTED_TARGETS.length);
  commands.forEach((line, i) => {
    const target = EXPECTED_TARGETS[i];
    const ext = target.includes("windows") ? ".exe" : "";
    const words = line.split(" ");
    assertEquals(words.slice(0, 6), [
      "deno",
      "compile",
      "--target",
      target,
      "--output",
      `dist/draftcli-${target}${ext}`,
    ]);
    // Permissions, in any order, the V8 flags, the data folders, no config, and nothing else
    // before the entry point, which comes last.
    assertEquals(
      words.slice(6, -1).sort(),
      [...EXPECTED_PERMISSIONS, EXPECTED_V8_FLAGS, ...EXPECTED_INCLUDES, "--no-config"].sort(),
    );
    assertEquals(words.at(-1), EXPECTED_ENTRY);
    assertEquals(line.includes("--allow-all"), false);
  });
  assertMatch(stdout, /SHA256SUMS over: draftcli-x86_64-unknown-linux-gnu .*windows-msvc\.exe/);
});

Deno.test("compile --dry-run --target builds just that target", async () => {
  for (const args of [["--target", "aarch64-apple-darwin"], ["--target=aarch64-apple-darwin"]]) {
    const { code, stdout } = await runCompile(["--dry-run", ...args]);
    assertEquals(code, 0);
    const commands = stdout.split("\n").filter((l) => l.startsWith("deno compile "));
    assertEquals(commands, [
      "deno compile --target aarch64-apple-darwin --output dist/draftcli-aarch64-apple-darwin " +
      EXPECTED_PERMISSIONS.join(" ") +
      ` ${EXPECTED_V8_FLAGS} ${EXPECTED_INCLUDES.join(" ")} --no-config ${EXPECTED_ENTRY}`,
    ]);
  }
});

Deno.test("compile rejects an unknown target or argument with exit 2 and names the targets", async () => {
  const bad = await runCompile(["--dry-run", "--target", "i686-unknown-linux-gnu"]);
  assertEquals(bad.code, 2);
  assertMatch(bad.stderr, /unknown target "i686-unknown-linux-gnu".*x86_64-unknown-linux-gnu/);
  const missing = await runCompile(["--dry-run", "--target"]);
  assertEquals(missing.code, 2);
  const unknown = await runCompile(["--fast"]);
  assertEquals(unknown.code, 2);
  assertMatch(unknown.stderr, /unknown argument "--fast"/);
});

Deno.test("compile exports agree with the release contract", () => {
  assertEquals([...TARGETS], EXPECTED_TARGETS);
  assertEquals([...PERMISSIONS], EXPECTED_PERMISSIONS);
  assertEquals(`--v8-flags=${V8_FLAGS.join(",")}`, EXPECTED_V8_FLAGS);
  assertEquals(INCLUDES.map((path) => `--include=${path}`), EXPECTED_INCLUDES);
  assertEquals(COMPILE_ENTRY, EXPECTED_ENTRY);
  assertEquals(assetName("x86_64-pc-windows-msvc"), "draftcli-x86_64-pc-windows-msvc.exe");
  assertEquals(assetName("aarch64-unknown-linux-gnu"), "draftcli-aarch64-unknown-linux-gnu");
});

Deno.test("sha256Hex matches known digests", async () => {
  const enc = new TextEncoder();
  assertEquals(
    await sha256Hex(enc.encode("")),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
  assertEquals(
    await sha256Hex(enc.encode("abc")),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("writeSums writes sha256sum-format lines sorted by name", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await Deno.writeTextFile(`${dir}/draftcli-b`, "abc");
  await Deno.writeTextFile(`${dir}/draftcli-a`, "");
  const text = await writeSums(dir, ["draftcli-b", "draftcli-a"]);
  const expected =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  draftcli-a\n" +
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  draftcli-b\n";
  assertEquals(text, expected);
  assertEquals(await Deno.readTextFile(`${dir}/SHA256SUMS`), expected);
  assertEquals(sumsText([]), "");
});

Deno.test("lazy dynamic imports are a source-run flag only: deno compile must embed them all", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  ) as { unstable?: string[]; tasks: Record<string, string> };
  // Deno skips dynamic dependencies in code-only graphs when this is on; the binary's graph
  // must hold every command module, so the config (which compile reads) never sets it.
  assertEquals((config.unstable ?? []).includes("lazy-dynamic-imports"), false);
  const { SOURCE_RUN_FLAGS } = await import("../src/setup/self_command.ts");
  for (const flag of SOURCE_RUN_FLAGS) {
    assertMatch(config.tasks.cli, new RegExp(`^deno run ${flag} `), "deno task cli has it");
  }
  // `deno task cli` grants what the binaries are granted (it cannot import the list).
  for (const perm of PERMISSIONS) assertEquals(config.tasks.cli.includes(` ${perm} `), true, perm);
  const dry = await runCompile(["--dry-run"]);
  assertEquals(dry.stdout.includes("lazy-dynamic-imports"), false, dry.stdout);
});

Deno.test("the embedded data folder holds every catalog the program reads, and only those", async () => {
  const { CATALOG_DIR, CATALOG_KINDS, EDITIONS, hasCatalog, loadCatalogText } = await import(
    "../src/catalogs/catalog.ts"
  );
  assertEquals((DATA_DIRS as readonly string[]).includes(CATALOG_DIR), true);
  const root = new URL("../", import.meta.url);
  const onDisk = new Set<string>();
  for (const edition of Deno.readDirSync(new URL(`${CATALOG_DIR}/`, root))) {
    if (!edition.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${CATALOG_DIR}/${edition.name}/`, root))) {
      onDisk.add(`${edition.name}/${file.name}`);
    }
  }
  const listed = EDITIONS.flatMap((edition) =>
    CATALOG_KINDS.filter((kind) => hasCatalog(edition, kind)).map((kind) =>
      `${edition}/${kind}.json`
    )
  );
  assertEquals([...onDisk].sort(), listed.sort());
  // loadCatalogText reads inside that folder (the path --include embeds), nowhere else.
  for (const name of listed) {
    const [edition, kind] = name.replace(/\.json$/, "").split("/");
    const text = await Deno.readTextFile(new URL(`${CATALOG_DIR}/${name}`, root));
    assertEquals(loadCatalogText(edition as never, kind as never), text);
  }
  assertEquals(loadCatalogText("capcut", "mix_modes"), undefined);
});
