/**
 * `draftcli docs [topic]` (the offline manual) and `draftcli completions <shell>`. Both print
 * text, not JSON, and both read the whole registry at run time (a `SpecSource`, so tests can
 * pass a toy registry).
 */
import { z } from "zod";
import { type AnyCommandSpec, defineCommand, type SpecSource } from "./spec.ts";
import { SHELLS } from "./completions.ts";

/** Builds `docs` and `completions` over the registry returned by `getSpecs`. */
export function makeDocsCommands(getSpecs: SpecSource): AnyCommandSpec[] {
  const docs = defineCommand({
    name: ["docs"],
    summary: "print the manual (Markdown): units, coordinates, every command, recipes, exit codes",
    description: "Generated from the same schemas as --help. Without a topic it prints " +
      "everything. Topics: overview, basics (units, coordinates), ids, errors (exit codes), " +
      "commands, recipes, mcp, a command group (images) or one command ('images add' in " +
      "quotes, or images_add). Prints Markdown text, not JSON.",
    positionals: ["topic"],
    input: z.object({
      topic: z.string().max(100).optional().describe(
        "section, command group or command (default: everything)",
      ),
    }).strict(),
    examples: ["docs", "docs units", "docs images", "docs 'captions add'", "docs errors"],
    run: async (input) => {
      const { renderDocs } = await import("../setup/skill.ts");
      return renderDocs(await getSpecs(), input.topic);
    },
  });
  const completions = defineCommand({
    name: ["completions"],
    summary: "print a shell completion script (bash, zsh or fish)",
    description: "Completes commands, subcommands, each command's flags and the values of " +
      "enum flags. bash: add 'source <(draftcli completions bash)' to ~/.bashrc. zsh: add " +
      "'source <(draftcli completions zsh)' after compinit in ~/.zshrc. fish: " +
      "'draftcli completions fish > ~/.config/fish/completions/draftcli.fish'. Prints the " +
      "script, not JSON.",
    positionals: ["shell"],
    input: z.object({ shell: z.enum(SHELLS).describe("bash, zsh or fish") }).strict(),
    examples: ["completions bash", "completions fish > ~/.config/fish/completions/draftcli.fish"],
    mcp: false,
    run: async (input) => {
      const { completionScript } = await import("./completions.ts");
      return completionScript(input.shell, await getSpecs());
    },
  });
  return [docs, completions];
}

/** `docs` and `completions` over the whole registry. */
export const docsCommands: AnyCommandSpec[] = makeDocsCommands(async () =>
  (await import("./registry.ts")).loadAllSpecs()
);
