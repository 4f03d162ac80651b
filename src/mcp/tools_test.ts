import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { z } from "zod";
import { defineCommand } from "../commands/spec.ts";
import { DraftcliError } from "../errors.ts";
import { callTool } from "./tools.ts";
import { toyContext } from "../../test/support/toy_specs.ts";

Deno.test("callTool: an error that carries output returns the output next to the error", async () => {
  const spec = defineCommand({
    name: ["draft", "validate"],
    summary: "toy",
    input: z.object({}).strict(),
    run: () => {
      throw new DraftcliError("draft_invalid", "draft has 1 error(s)", {
        output: { ok: false, errors: [{ code: "segment_overlap" }] },
      });
    },
  });
  const r = await callTool(spec, {}, toyContext("/nonexistent"), { structured: true });
  assertEquals(r.isError, true);
  const payload = JSON.parse((r.content[0] as { text: string }).text);
  assertEquals(payload.ok, false);
  assertEquals(payload.errors, [{ code: "segment_overlap" }]);
  assertEquals(payload.error.code, "draft_invalid");
  assertEquals(r.structuredContent, payload);
});

Deno.test("callTool: an error with several problems lists each, worded for MCP, as structured content", async () => {
  const spec = defineCommand({
    name: ["build"],
    summary: "toy",
    input: z.object({}).strict(),
    run: () => {
      throw new DraftcliError("invalid_input", "build spec: 2 problem(s)", {
        problems: [
          { code: "invalid_input", message: "a: bad", path: "a", hint: "see --help" },
          { code: "unknown_name", message: "b: unknown", path: "b" },
        ],
      });
    },
  });
  const r = await callTool(spec, {}, toyContext("/nonexistent"), { structured: true });
  assertEquals(r.isError, true);
  const error = (r.structuredContent as { error: Record<string, unknown> }).error;
  assertEquals(error.problems, [
    { code: "invalid_input", message: "a: bad", path: "a", hint: "see the docs tool" },
    { code: "unknown_name", message: "b: unknown", path: "b" },
  ]);
});
