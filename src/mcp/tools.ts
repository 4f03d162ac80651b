/**
 * MCP tools derived from command specs: one tool per spec with `mcp !== false`, named by its
 * words joined with "_", its JSON Schema taken from the zod input. Calls go through the same
 * `validate()` and `run()` as the CLI, so errors carry the same `{"error": …}` JSON.
 */
import type { AnyCommandSpec, CommandContext } from "../commands/spec.ts";
import { toDraftcliError } from "../errors.ts";
import { type JsonSchema, toJsonSchema } from "../schema/json_schema.ts";
import { validate } from "../schema/validate.ts";
import { redactText } from "../text/redact.ts";

/** An MCP tool definition as listed by `tools/list`. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; openWorldHint?: boolean };
}

/** A content block of a `tools/call` result: text, or a base64 PNG the client can look at. */
export type McpContent =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string };

/** A `tools/call` result. */
export interface McpToolResult {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The MCP tool name of a command: `["images", "add"]` → `images_add`. */
export function toolName(spec: AnyCommandSpec): string {
  return spec.name.join("_");
}

/** The specs exposed over MCP, in registry order. */
export function exposedSpecs(specs: readonly AnyCommandSpec[]): AnyCommandSpec[] {
  return specs.filter((s) => s.mcp !== false);
}

/** The tool definition of one command. */
export function toolFor(spec: AnyCommandSpec): McpTool {
  const description = spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary;
  const schema = toJsonSchema(spec.input);
  // MCP requires an object schema at the top; zod objects always give one.
  const inputSchema: JsonSchema = { ...schema, type: "object" };
  const mutates = spec.mutates === true;
  return {
    name: toolName(spec),
    title: `draftcli ${spec.name.join(" ")}`,
    description,
    inputSchema,
    // destructiveHint follows the spec's default (true) for anything that writes: draftcli has
    // no finer "only adds" flag, so a mutating command is announced conservatively.
    annotations: mutates ? { readOnlyHint: false, destructiveHint: true } : { readOnlyHint: true },
  };
}

/** Runs one command for `tools/call`; never throws (failures become `isError` results). */
export async function callTool(
  spec: AnyCommandSpec,
  args: unknown,
  ctx: CommandContext,
  opts: { structured: boolean; log?: (message: string) => void },
): Promise<McpToolResult> {
  const warnings: string[] = [];
  const callCtx: CommandContext = {
    ...ctx,
    warn(message) {
      const shown = redactText(message);
      warnings.push(shown);
      ctx.warn(shown);
    },
  };
  let payload: unknown;
  let isError = false;
  try {
    const input = validate(spec.input, args ?? {});
    payload = await spec.run(input, callCtx);
  } catch (err) {
    const e = toDraftcliError(err);
    if (e.code === "internal" && opts.log) {
      opts.log(`draftcli mcp: ${toolName(spec)} failed: ${err instanceof Error ? err.stack : err}`);
    }
    payload = isPlainObject(e.output) ? { ...e.output, error: e.toJSON() } : { error: e.toJSON() };
    isError = true;
  }
  const text = payload === undefined ? "null" : JSON.stringify(payload);
  const result: McpToolResult = { content: [{ type: "text", text }] };
  if (!isError && spec.images) {
    for (const path of spec.images(payload)) {
      try {
        const { Buffer } = await import("node:buffer");
        result.content.push({
          type: "image",
          data: Buffer.from(await Deno.readFile(path)).toString("base64"),
          mimeType: "image/png",
        });
      } catch (err) {
        warnings.push(`could not attach ${path}: ${(err as Error).message}`);
      }
    }
  }
  for (const w of warnings) result.content.push({ type: "text", text: `warning: ${w}` });
  if (opts.structured && isPlainObject(payload)) result.structuredContent = payload;
  if (isError) result.isError = true;
  return result;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
