/**
 * MCP tools derived from command specs: one tool per spec with `mcp !== false`, named by its
 * words joined with "_", its JSON Schema taken from the zod input. Calls go through the same
 * `validate()` and `run()` as the CLI, so errors carry the same `{"error": …}` JSON.
 */
import type { AnyCommandSpec, CommandContext } from "../commands/spec.ts";
import { toDraftcliError } from "../errors.ts";
import { type JsonSchema, toJsonSchema } from "../schema/json_schema.ts";
import { validate } from "../schema/parse_input.ts";
import { redactJson, redactText } from "../text/redact.ts";
import { mcpText } from "./hints.ts";
import { hoistRepeats, slimSchema } from "./slim.ts";
import { isObject } from "../fast_input.ts";

/** An MCP tool definition as listed by `tools/list`. */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  /**
   * MCP's behaviour hints, each given where it differs from MCP's default (readOnlyHint false,
   * destructiveHint true, idempotentHint false, openWorldHint true) or matters: openWorldHint
   * always, destructiveHint on every tool that writes. A read-only tool's destructive and
   * idempotent hints are meaningless (MCP), so it gives neither.
   */
  annotations: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
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
 * The one-line description `tools/list` carries: the summary. The detail (every field, output,
 * examples) is one call away: `docs {"topic":"<tool name>"}`, as the `docs` tool and the
 * server instructions say — tools/list is loaded whole into the model's context.
 */
export function toolDescription(spec: AnyCommandSpec): string {
  if (spec.name.length === 1 && spec.name[0] === "docs") {
    return `${spec.summary}; docs {"topic":"<tool name>"} gives one tool's fields, output and examples`;
  }
  return spec.summary;
}

/** The tool definition of one command (its schemas in the compact form of slim.ts). */
export function toolFor(spec: AnyCommandSpec): McpTool {
  const description = toolDescription(spec);
  const schema = toJsonSchema(spec.toolInput ?? spec.input);
  // MCP requires an object schema at the top; zod objects always give one.
  const inputSchema: JsonSchema = { ...hoistRepeats(slimSchema(schema)), type: "object" };
  const mutates = spec.mutates === true;
  // Additive commands (… add, draft create) are not destructive; only specs that say so are.
  const annotations: McpTool["annotations"] = mutates
    ? { destructiveHint: spec.destructive === true, openWorldHint: takesUrls(schema) }
    : { readOnlyHint: true, openWorldHint: takesUrls(schema) };
  if (mutates && spec.idempotent) annotations.idempotentHint = true;
  // No outputSchema: the output is documented by the docs tool, and tools/list stays small.
  return { name: toolName(spec), description, inputSchema, annotations };
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
    for (const one of [body, ...(body.problems ?? [])]) {
      one.message = mcpText(one.message, specs, toolName(spec));
      if (one.hint) one.hint = mcpText(one.hint, specs, toolName(spec));
    }
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
  // Every result, errors included, carries structuredContent: an object as it is, an array as
  // `{items}`, an error as `{error}` (with the report of a command that has one).
  const structured = opts.structured;
  if (structured && isObject(payload)) result.structuredContent = payload;
  else if (structured && Array.isArray(payload)) result.structuredContent = { items: payload };
  if (isError) result.isError = true;
  return result;
}
