import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { parseEnvText, readEnvFile } from "./env_file.ts";
import { DraftcliError } from "../errors.ts";

Deno.test("parseEnvText: KEY=VALUE, comments, export, quotes", () => {
  const text = [
    "# cutcli settings",
    "",
    "CUT_DRAFTS_DIR=/tmp/drafts",
    "export A = 'single # not a comment'",
    'B="two\\nlines"',
    "C=plain # trailing comment",
  ].join("\n");
  assertEquals(parseEnvText(text), {
    CUT_DRAFTS_DIR: "/tmp/drafts",
    A: "single # not a comment",
    B: "two\nlines",
    C: "plain",
  });
});

Deno.test("parseEnvText / readEnvFile: bad lines and missing files are usage errors", () => {
  throws(
    () => parseEnvText("OK=1\nnot a pair"),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "usage" && e.message.includes("line 2"),
  );
  throws(
    () => readEnvFile("/nonexistent/draftcli/.env"),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "usage" && e.message.includes("no such file"),
  );
});
