/** The CLI front's argv grammar: global options, option values, unknown commands and options. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runApp } from "./app.ts";
import { tempDir } from "../../test/helpers/temp.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  error?: { code: string; message: string; hint?: string; path?: string };
}

async function run(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runApp(argv, {
    stdout: (t) => stdout += t,
    stderr: (t) => stderr += t,
    readStdin: () => Promise.resolve(""),
    env,
  });
  const last = stderr.trim().split("\n").pop() ?? "";
  const error = last.startsWith("{") ? JSON.parse(last).error : undefined;
  return { code, stdout, stderr, error };
}

async function withWorld(fn: (env: Record<string, string>) => Promise<void>): Promise<void> {
  await using tmp = await tempDir("draftcli-app-test-");
  const root = tmp.path;
  await Deno.mkdir(`${root}/drafts`);
  await fn({
    HOME: root,
    DRAFTCLI_DRAFTS_DIR: `${root}/drafts`,
    DRAFTCLI_CONFIG: `${root}/config.json`,
  });
}

Deno.test("an unknown subcommand is an error with close names, also under --help", async () => {
  for (const argv of [["query", "text_intro"], ["query", "text_intro", "--help"]]) {
    const r = await run(argv);
    assertEquals(r.code, 2, argv.join(" "));
    assertEquals(r.stdout, "");
    assertEquals(r.error?.message, "unknown command 'query text_intro'");
    assert(r.error?.hint?.includes("did you mean: query"), r.error?.hint);
  }
  const top = await run(["imagez", "add"]);
  assertEquals(top.code, 2);
  assert(top.error?.hint?.includes("images add"), top.error?.hint);
});

Deno.test("a group alone prints its commands; with --help it exits 0", async () => {
  const bare = await run(["images"]);
  assertEquals(bare.code, 2);
  assert(bare.stdout.includes("images add") && bare.stdout.includes("images list"));
  assert(!bare.stdout.includes("captions add"));
  assertEquals((await run(["images", "--help"])).code, 0);
  assertEquals((await run(["--help"])).code, 0);
});

Deno.test("an unknown option before the command names the option, not a command", async () => {
  const r = await run(["--json", "draft", "list"]);
  assertEquals(r.code, 2);
  assertEquals(r.error?.message, "unknown option --json before the command");
  assertEquals(r.error?.path, "json");
  assert(!r.error?.hint?.includes("did you mean: draft list"), r.error?.hint);
});

Deno.test("global options work before and after the command", async () => {
  await withWorld(async (env) => {
    const before = await run(["--pretty", "draft", "list"], env);
    const after = await run(["draft", "list", "--pretty"], env);
    assertEquals(before.code, 0, before.stderr);
    assertEquals(before.stdout, "[]\n");
    assertEquals(after.stdout, before.stdout);
    const help = await run(["draft", "list", "-h"]);
    assertEquals(help.code, 0);
    assert(help.stdout.startsWith("list the drafts"), help.stdout.slice(0, 60));
    assertEquals((await run(["--version"])).stdout.startsWith("draftcli "), true);
  });
});

Deno.test("an option's value belongs to it even when it looks like a flag; -- ends options", async () => {
  await withWorld(async (env) => {
    const created = await run(["draft", "create", "--name", "--pretty"], env);
    assertEquals(created.code, 0, created.stderr);
    const draft = JSON.parse(created.stdout);
    assertEquals(draft.name, "--pretty", "the name is the value, not the global option");
    assert(!created.stdout.includes("\n  "), "output not indented: --pretty was a value");
    const captions = JSON.stringify([{ text: "x", start: 0, end: 1_000_000 }]);
    const added = await run(["captions", "add", draft.draftId, "--captions", captions], env);
    assertEquals(added.code, 0, added.stderr);
    const renamed = await run(["draft", "rename", "--name", "-h", "--", draft.draftId], env);
    assertEquals(renamed.code, 0, renamed.stderr);
    assertEquals(JSON.parse(renamed.stdout).name, "-h");
    const missing = await run(["draft", "list", "--drafts-dir"], env);
    assertEquals(missing.code, 2);
    assertEquals(missing.error?.message, "--drafts-dir needs a value");
  });
});
