/**
 * The CLI front's argv grammar (global options, option values, unknown commands and options) and
 * its output.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { EarlyOutput, runApp } from "./app.ts";
import { DraftcliError } from "../errors.ts";
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

Deno.test("a mutating command's output (rendered while its save is flushed) is its result's JSON, masked, compact or --pretty", async () => {
  await withWorld(async (world) => {
    const env = { ...world, DRAFTCLI_CHECK_FAST: "1" };
    const { draftId, filePath } = JSON.parse((await run(["draft", "create"], env)).stdout);
    const text = "see https://user:pw@cdn.example.com/a.png?token=abc";
    const add = (...more: string[]) =>
      run([
        "captions",
        "add",
        draftId,
        "--captions",
        JSON.stringify([{ text, start: 0, end: 1_000_000 }]),
        ...more,
      ], env);
    const compact = await add();
    assertEquals(compact.code, 0, compact.stderr);
    const pretty = await add("--pretty");
    assertEquals(pretty.code, 0, pretty.stderr);
    for (const { stdout } of [compact, pretty]) {
      assert(!/user:pw|abc/.test(stdout), stdout);
      assertEquals(
        JSON.parse(stdout).items[0].text,
        "see https://***@cdn.example.com/a.png?token=***",
      );
    }
    assertEquals(compact.stdout, JSON.stringify(JSON.parse(compact.stdout)) + "\n");
    assertEquals(pretty.stdout, JSON.stringify(JSON.parse(pretty.stdout), null, 2) + "\n");
    // The draft holds the text as given: only the output is masked.
    const saved = Deno.readTextFileSync(`${filePath}/draft_content.json`);
    assertEquals(saved.split("token=abc").length, 3, "both captions saved as given");
  });
});

Deno.test("EarlyOutput: the text rendered early is printed for that very result; any other is rendered then", () => {
  const result = { url: "https://h.example/x?sig=s3cret", n: [1, 2] };
  const early = new EarlyOutput(2, false);
  early.take(result);
  const text = early.textOf(result);
  assertEquals(text, JSON.stringify({ url: "https://h.example/x?sig=***", n: [1, 2] }, null, 2));
  // Rendered once, at `take`: a change made afterwards is not seen (the result must not change).
  result.n.push(3);
  assertEquals(early.textOf(result), text);
  assertEquals(early.textOf({ other: 1 }), '{\n  "other": 1\n}');
  // Checking (the test suite): a result changed after `take` fails instead.
  const checked = new EarlyOutput(undefined, true);
  checked.take(result);
  result.n.pop();
  try {
    checked.textOf(result);
    assert(false, "a changed result is refused");
  } catch (err) {
    assert(err instanceof DraftcliError && err.code === "internal", String(err));
  }
  // A result that cannot be rendered fails when it is printed, as without early rendering.
  const bad = { n: 1n };
  const failing = new EarlyOutput(undefined, false);
  failing.take(bad);
  try {
    failing.textOf(bad);
    assert(false, "a BigInt cannot be printed");
  } catch (err) {
    assert(err instanceof TypeError, String(err));
  }
});
