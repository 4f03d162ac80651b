import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { binaryModules, testOnlyIn } from "./binary_modules.ts";

Deno.test("testOnlyIn names test-only packages by name, any version, scoped too", () => {
  assertEquals(
    testOnlyIn(["zod@4.6.7", "fast-check@4.10.2", "@modelcontextprotocol/sdk@1.2.3", "fflate@1"]),
    ["fast-check@4.10.2", "@modelcontextprotocol/sdk@1.2.3"],
  );
});

Deno.test("the compile entry reaches no test-only package", async () => {
  const { local, npm } = await binaryModules();
  assert(local.some((m) => m.endsWith("/src/cli/app.ts")), "the graph was read");
  assert(npm.some((p) => p.startsWith("zod@")), "npm packages were read");
  assertEquals(testOnlyIn(npm), []);
});
