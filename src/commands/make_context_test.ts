/** The context of one invocation: which drafts folders a command searches. */
import { deepStrictEqual as assertEquals, rejects as assertRejects } from "node:assert/strict";
import { makeContext } from "./make_context.ts";
import { tempDir } from "../../test/helpers/temp.ts";

Deno.test("searchRoots reads the config only when no flag or env var names the drafts folder", async () => {
  await using tmp = await tempDir("draftcli-context-");
  const config = `${tmp.path}/config.json`;
  Deno.writeTextFileSync(config, "{ not json");
  const context = (env: Record<string, string>, draftsDirFlag?: string) =>
    makeContext({
      env: { HOME: tmp.path, DRAFTCLI_CONFIG: config, DRAFTCLI_CACHE_DIR: tmp.path, ...env },
      draftsDirFlag,
      warn: () => {},
    });
  // Named by the flag or the environment: the (broken) config file is not read.
  assertEquals(await context({ DRAFTCLI_DRAFTS_DIR: `${tmp.path}/a` }).searchRoots(), [
    `${tmp.path}/a`,
  ]);
  assertEquals(await context({ CUT_DRAFTS_DIR: `${tmp.path}/c` }).searchRoots(), [
    `${tmp.path}/c`,
  ]);
  assertEquals(await context({}, `${tmp.path}/b`).searchRoots(), [`${tmp.path}/b`]);
  // Otherwise the config may name it: it is read, and its error reported.
  await assertRejects(context({}).searchRoots(), /config file .* is not valid JSON/);
  Deno.writeTextFileSync(config, JSON.stringify({ draftsDir: `${tmp.path}/d` }));
  assertEquals(await context({}).searchRoots(), [`${tmp.path}/d`]);
});
