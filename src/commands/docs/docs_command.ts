/**
 * `draftcli docs [topic]`: the offline manual. It prints text, not JSON, and reads every
 * command's spec at run time.
 */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { loadAllSpecs } from "../registry.ts";

/** The schemas of `docs` (load zod). */
async function schemas() {
  const { z } = await import("zod");
  return {
    input: z.object({
      topic: z.string().max(100).optional().describe(
        "section, command group or command (default: everything)",
      ),
    }).strict(),
  };
}

/** The input of `docs`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `docs`. */
export const command = defineCommandFile({
  name: ["docs"],
  summary: "print the manual (Markdown): units, coordinates, every command, recipes, exit codes",
  description: "Generated from the same schemas as --help. Without a topic it prints " +
    "everything. Topics: overview, basics (units, coordinates), ids, errors (exit codes), " +
    "commands, recipes, mcp, a command group (images) or one command ('images add' in " +
    "quotes, or images_add). Prints Markdown text, not JSON.",
  positionals: ["topic"],
  examples: ["docs", "docs units", "docs images", "docs 'captions add'", "docs errors"],
  schemas,
  async run(input: Input) {
    const { renderDocs } = await import("../../setup/skill.ts");
    return renderDocs(await loadAllSpecs(), input.topic);
  },
});
