/**
 * Handlers of `docs` (the Markdown manual) and `completions` (shell scripts), without zod. Both
 * read every command spec at run time: from the registry, or from the `SpecSource` a caller
 * passes as the third argument (tests and `makeDocsCommands` use it for a toy registry).
 */
import type { z } from "zod";
import type { CommandContext } from "../../ops/context.ts";
import type { SpecSource } from "../spec.ts";
import type { CompletionsInput, DocsInput } from "../docs.ts";

/** Every spec of the real registry (loaded when a handler runs). */
const allSpecs: SpecSource = async () => (await import("../registry.ts")).loadAllSpecs();

/** `docs`. */
export async function docs(
  input: z.infer<typeof DocsInput>,
  _ctx: CommandContext,
  getSpecs: SpecSource = allSpecs,
): Promise<unknown> {
  const { renderDocs } = await import("../../setup/skill.ts");
  return renderDocs(await getSpecs(), input.topic);
}

/** `completions`. */
export async function completions(
  input: z.infer<typeof CompletionsInput>,
  _ctx: CommandContext,
  getSpecs: SpecSource = allSpecs,
): Promise<unknown> {
  const { completionScript } = await import("../completions.ts");
  return completionScript(input.shell, await getSpecs());
}
