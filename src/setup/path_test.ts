import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { basename, dirname, join, SEP } from "./path.ts";

Deno.test("path helpers", () => {
  assertEquals(join("/h", "a", "/b", "c.md"), ["/h", "a", "b", "c.md"].join(SEP));
  assertEquals(join("/h/", "a/"), `/h/a`);
  assertEquals(join("/", "x"), "/x");
  assertEquals(join("C:\\u\\", "x"), "C:\\u\\x");
  assertEquals(dirname("/a/b/c"), "/a/b");
  assertEquals(dirname("C:\\u\\x.json"), "C:\\u");
  assertEquals(dirname("/a"), "/");
  assertEquals(dirname("a"), ".");
  assertEquals(basename("/usr/bin/draftcli"), "draftcli");
  assertEquals(basename("C:\\bin\\draftcli.exe"), "draftcli.exe");
});
