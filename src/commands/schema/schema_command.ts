/** `schema`: print the JSON Schema of a structured input (build: the spec of 'draftcli build'). */
import { defineCommandFile } from "../spec.ts";

/** The schemas of `schema` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  /** Input of `schema`. */
  const SchemaInput = z.object({
    of: z.enum(["build"]).default("build").describe("which input: build"),
  }).strict();
  return { input: SchemaInput };
}

/** `schema`. */
export const command = defineCommandFile({
  name: ["schema"],
  summary: "print the JSON Schema of a structured input (build: the spec of 'draftcli build')",
  positionals: ["of"],
  // Over MCP the build tool's inputSchema holds this schema already.
  mcp: false,
  examples: ["schema build"],
  schemas,
  async run() {
    // The JSON Schema is made from the zod spec: zod loads here, only when this command runs.
    const [{ BuildSpec }, { toJsonSchema }] = await Promise.all([
      import("../../schema/build_input.ts"),
      import("../../schema/json_schema.ts"),
    ]);
    return toJsonSchema(BuildSpec);
  },
});
