/**
 * MCP tools derived from command specs: one tool per spec with `mcp !== false`, named by its
 * words joined with "_", its JSON Schema taken from the zod input. Calls go through the same
 * `validate()` and `run()` as the CLI, so errors carry the same `{"error": …}` JSON.
 */
import type { z } from "zod";
import type { AnyCommandSpec, CommandContext } from "../commands/spec.ts";
import { toDraftcliError } from "../errors.ts";
import { type JsonSchema, toJsonSchema } from "../schema/json_schema.ts";
import { validate } from "../schema/validate.ts";
import { redactJson, redactText } from "../text/redact.ts";
import { mcpText } from "./hints.ts";
import { isObject } from "../fast_input.ts";

/** An MCP tool definition as listed by `tools/list`. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  /** JSON Schema of `structuredContent`, for commands that declare their output. */
  outputSchema?: JsonSchema;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
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

/**
 * The short description `tools/list` carries: the summary, and where the command has more to
 * say, where to read it (the `docs` tool) — tools/list is loaded whole into the model's context.
 */
export function toolDescription(spec: AnyCommandSpec): string {
  if (!spec.description) return spec.summary;
  return `${spec.summary}. Details: docs {"topic":"${toolName(spec)}"}`;
}

/** The tool definition of one command. */
export function toolFor(spec: AnyCommandSpec): McpTool {
  const description = toolDescription(spec);
  const schema = toJsonSchema(spec.input);
  // MCP requires an object schema at the top; zod objects always give one.
  const inputSchema: JsonSchema = { ...schema, type: "object" };
  const mutates = spec.mutates === true;
  const tool: McpTool = {
    name: toolName(spec),
    title: `draftcli ${spec.name.join(" ")}`,
    description,
    inputSchema,
    // Every hint is explicit (MCP's defaults assume destructive and open-world). Additive
    // commands (… add, draft create) are not destructive; only specs that say so are.
    annotations: {
      readOnlyHint: !mutates,
      destructiveHint: mutates && spec.destructive === true,
      idempotentHint: spec.idempotent ?? !mutates,
      openWorldHint: takesUrls(schema),
    },
  };
  if (spec.output) tool.outputSchema = outputSchemaOf(spec.output);
  return tool;
}

/** Does the input take URLs (fetched from the network)? Any key named *url, source or to. */
function takesUrls(node: JsonSchema): boolean {
  const props = node.properties ?? {};
  for (const [k, v] of Object.entries(props)) {
    if (/url$|^source$|^to$/i.test(k) || takesUrls(v)) return true;
  }
  if (node.items && takesUrls(node.items)) return true;
  return [...(node.anyOf ?? []), ...(node.oneOf ?? [])].some(takesUrls);
}

/** MCP wants an object: an array output is declared (and sent) as `{ items: [...] }`. */
function outputSchemaOf(output: z.ZodType): JsonSchema {
  const schema = toJsonSchema(output);
  if (schema.type === "array") {
    return { type: "object", properties: { items: schema }, required: ["items"] };
  }
  return { ...schema, type: "object" };
}

/** Runs one command for `tools/call`; never throws (failures become `isError` results). */
export async function callTool(
  spec: AnyCommandSpec,
  args: unknown,
  ctx: CommandContext,
  opts: {
    structured: boolean;
    log?: (message: string) => void;
    /** The exposed commands, to name tools in hints (default: just this one). */
    specs?: readonly AnyCommandSpec[];
  },
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
    const body = e.toJSON();
    const specs = opts.specs ?? [spec];
    body.message = mcpText(body.message, specs);
    if (body.hint) body.hint = mcpText(body.hint, specs);
    payload = isObject(e.output) ? { ...e.output, error: body } : { error: body };
    isError = true;
  }
  // Every URL in a JSON answer is shown redacted, as on the command line.
  if (typeof payload !== "string") payload = redactJson(payload);
  // Text commands (docs) answer with their text as is; everything else is JSON.
  const text = typeof payload === "string"
    ? payload
    : payload === undefined
    ? "null"
    : JSON.stringify(payload);
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
  // An error result does not have the declared output's shape: clients that check structured
  // content against outputSchema get the error as text only.
  const structured = opts.structured && !(isError && spec.output);
  if (structured && isObject(payload)) result.structuredContent = payload;
  else if (structured && Array.isArray(payload)) result.structuredContent = { items: payload };
  if (isError) result.isError = true;
  return result;
}
