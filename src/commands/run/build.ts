/** Handlers of `build`, `schema`, `draft export` and `draft fill`, free of zod at run time. */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { BuildInput, DraftExportInput, DraftFillInput, SchemaInput } from "../build.ts";

/** `build`. */
export async function build(
  input: z.infer<typeof BuildInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await (await import("../../ops/build.ts")).buildDraft(ctx, input.spec, {
    into: input.into,
    media: input.media,
  });
}

/** `schema`: its only input (`of`) has one value, so the handler does not read it. */
export async function schema(
  _input: z.infer<typeof SchemaInput>,
  _ctx: CommandContext,
): Promise<unknown> {
  // The JSON Schema is made from the zod spec, so zod loads here, only when this command runs.
  const { BuildSpec } = await import("../../schema/build.ts");
  const { toJsonSchema } = await import("../../schema/json_schema.ts");
  return toJsonSchema(BuildSpec);
}

/** `draft export`. */
export async function draftExport(
  input: z.infer<typeof DraftExportInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await (await import("../../ops/export.ts")).exportDraft(ctx, input.draftId);
}

/** `draft fill`. */
export async function draftFill(
  input: z.infer<typeof DraftFillInput>,
  ctx: CommandContext,
): Promise<unknown> {
  return await (await import("../../ops/fill.ts")).fillDraft(ctx, input.source, {
    name: input.name,
    texts: input.texts,
    media: input.media,
    allowMissing: input.allowMissing,
    placement: input.mediaPlacement,
    fit: input.fit,
  });
}
