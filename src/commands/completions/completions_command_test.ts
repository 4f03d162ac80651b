/** `completions`: help, a bash script naming the commands, and an unknown shell. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("completions --help names its positional", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["completions"], ["shell", "bash", "zsh", "fish"]);
});

Deno.test("completions bash prints a script with the commands and their flags", async () => {
  await using w = await appWorld();
  const r = await w.run(["completions", "bash"]);
  assertEquals(r.code, 0);
  for (const word of ["complete", "captions", "--image-infos"]) {
    assert(r.stdout.includes(word), word);
  }
});

Deno.test("completions refuses a shell it has no script for", async () => {
  await using w = await appWorld();
  const r = await w.run(["completions", "tcsh"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "shell"]);
});
