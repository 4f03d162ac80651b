/**
 * `config show`, `config set`, `config set-dir`: values and errors in-process (runInProcess);
 * a configured drafts folder used by later commands, end to end.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runCli, runInProcess, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("config set stores values; show masks secrets as ***", async () => {
  const w = await tempWorld();
  const path = w.env.DRAFTCLI_CONFIG;
  try {
    const empty = await runInProcess(["config", "show"], { env: w.env });
    assertEquals(empty.code, 0, empty.stderr);
    assertEquals((empty.json as Json).path, path);
    assertEquals((empty.json as Json).config, {});
    assertEquals((empty.json as Json).draftsDir, w.draftsDir, "env var in force");

    const token = "s3cr3t-token-value";
    const set = await runInProcess(["config", "set", "uploadToken", token], { env: w.env });
    assertEquals(set.code, 0, set.stderr);
    assertEquals((set.json as Json).config.uploadToken, "***");
    assert(!set.stdout.includes(token) && !set.stderr.includes(token), "token never printed");
    assertEquals(JSON.parse(await Deno.readTextFile(path)).uploadToken, token, "stored for real");

    const url = await runInProcess(["config", "set", "uploadUrl", "https://up.example.com/x"], {
      env: w.env,
    });
    assertEquals(url.code, 0, url.stderr);
    const num = await runInProcess(["config", "set", "maxDownloadBytes", "1048576"], {
      env: w.env,
    });
    assertEquals(num.code, 0, num.stderr);
    assertEquals(JSON.parse(await Deno.readTextFile(path)).maxDownloadBytes, 1_048_576);

    const show = await runInProcess(["config", "show"], { env: w.env });
    assertEquals(show.code, 0, show.stderr);
    assertEquals((show.json as Json).config, {
      uploadToken: "***",
      uploadUrl: "https://up.example.com/x",
      maxDownloadBytes: 1_048_576,
    });
    assert(!show.stdout.includes(token));

    const unset = await runInProcess(["config", "set", "uploadToken", ""], { env: w.env });
    assertEquals(unset.code, 0, unset.stderr);
    assert(!("uploadToken" in JSON.parse(await Deno.readTextFile(path))));
  } finally {
    await w.cleanup();
  }
});

Deno.test("config set: unknown keys and bad values are errors; the file is unchanged", async () => {
  const w = await tempWorld();
  const path = w.env.DRAFTCLI_CONFIG;
  try {
    const ok = await runInProcess(["config", "set", "editor", "capcut"], { env: w.env });
    assertEquals(ok.code, 0, ok.stderr);
    const before = await Deno.readTextFile(path);
    const cases: [string[], string, RegExp][] = [
      [["config", "set", "colour", "red"], "invalid_input", /unknown config key 'colour'/],
      [["config", "set", "maxDownloadBytes", "lots"], "invalid_input", /maxDownloadBytes/],
      [["config", "set", "maxDownloadBytes", "-5"], "invalid_input", /maxDownloadBytes/],
      [["config", "set", "maxZipBytes", "1.5"], "invalid_input", /maxZipBytes/],
      [["config", "set", "maxZipBytes", "0"], "invalid_input", /maxZipBytes/],
      [["config", "set", "editor", "premiere"], "invalid_input", /editor/],
      [["config", "set", "editor"], "invalid_input", /value/],
      [["config", "set"], "invalid_input", /key/],
      [["config", "set", "editor", "capcut", "extra"], "usage", /extra/],
      [["config", "show", "--all"], "usage", /--all/],
      [["config", "set-dir"], "invalid_input", /path/],
      [["config", "set-dir", ""], "invalid_input", /path/],
    ];
    for (const [args, error, message] of cases) {
      const r = await runInProcess(args, { env: w.env });
      assertEquals(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assertEquals(r.error?.code, error, r.stderr);
      assert(message.test(r.error!.message), `${r.error!.message} ~ ${message}`);
      assertEquals(r.stdout, "");
      assertEquals(await Deno.readTextFile(path), before, `${args.join(" ")} left the file alone`);
    }
    const unknown = await runInProcess(["config", "set", "colour", "red"], { env: w.env });
    assert(unknown.error!.hint!.includes("draftsDir"), "hint lists the keys");

    await Deno.writeTextFile(path, "{not json");
    const broken = await runInProcess(["config", "show"], { env: w.env });
    assertEquals([broken.code, broken.error?.code], [2, "usage"]);
    assert(broken.error!.message.includes(path));
  } finally {
    await w.cleanup();
  }
});

Deno.test("config set-dir is used by later commands when no flag or env var is given", async () => {
  const w = await tempWorld();
  try {
    const { DRAFTCLI_DRAFTS_DIR: _unused, ...env } = w.env;
    const dir = `${w.root}/my drafts`;
    const set = await runCli(["config", "set-dir", dir], { env });
    assertEquals(set.code, 0, set.stderr);
    assertEquals((set.json as Json).draftsDir, dir);
    assert((await Deno.stat(dir)).isDirectory, "created");

    const show = await runCli(["config", "show"], { env });
    assertEquals((show.json as Json).draftsDir, dir);
    assertEquals((show.json as Json).searchRoots, [dir]);

    const created = await runCli(["draft", "create"], { env });
    assertEquals(created.code, 0, created.stderr);
    const createdPath = (created.json as Json).filePath as string;
    assert(createdPath.startsWith(`${dir}/`), createdPath);
    const list = await runCli(["draft", "list"], { env });
    assertEquals((list.json as Json[]).map((d) => d.draftId), [(created.json as Json).draftId]);

    // The env var and the flag still win over the config.
    const viaEnv = await runCli(["draft", "create"], { env: w.env });
    assertEquals((viaEnv.json as Json).filePath.startsWith(`${w.draftsDir}/`), true);
    const flagDir = `${w.root}/flagged`;
    const viaFlag = await runCli(["--drafts-dir", flagDir, "draft", "create"], { env });
    assertEquals((viaFlag.json as Json).filePath.startsWith(`${flagDir}/`), true);

    // Relative paths are stored absolute.
    const rel = await runCli(["config", "set-dir", "relative/drafts"], { env, cwd: w.root });
    assertEquals(rel.code, 0, rel.stderr);
    assertEquals((rel.json as Json).draftsDir, `${w.root}/relative/drafts`);
  } finally {
    await w.cleanup();
  }
});
