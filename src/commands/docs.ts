/**
 * `draftcli docs [topic]` (the offline manual) and `draftcli completions <shell>`. Both print
 * text, not JSON, and both read the whole registry at run time (a `SpecSource`, so tests can
 * pass a toy registry). Their handlers are in run/docs.ts.
 */
import { z } from "zod";
import {
  type AnyCommandSpec,
  type CommandContext,
  defineCommand,
  type SpecSource,
} from "./spec.ts";
import { SHELLS } from "./completions.ts";
import * as run from "./run/docs.ts";

/** The `docs` command's input. */
export const DocsInput = z.object({
  topic: z.string().max(100).optional().describe(
    "section, command group or command (default: everything)",
  ),
}).strict();

/** The `completions` command's input. */
export const CompletionsInput = z.object({ shell: z.enum(SHELLS).describe("bash, zsh or fish") })
  .strict();

/**
 * Builds `docs` and `completions` over the registry returned by `getSpecs` (default: the whole
 * registry, with the handlers of run/docs.ts as they are).
 */
export function makeDocsCommands(getSpecs?: SpecSource): AnyCommandSpec[] {
  const docs = defineCommand({
    name: ["docs"],
    summary: "print the manual (Markdown): units, coordinates, every command, recipes, exit codes",
    description: "Generated from the same schemas as --help. Without a topic it prints " +
      "everything. Topics: overview, basics (units, coordinates), ids, errors (exit codes), " +
      "commands, recipes, mcp, a command group (images) or one command ('images add' in " +
      "quotes, or images_add). Prints Markdown text, not JSON.",
    positionals: ["topic"],
    input: DocsInput,
    examples: ["docs", "docs units", "docs images", "docs 'captions add'", "docs errors"],
    run: getSpecs
      ? (input: z.infer<typeof DocsInput>, ctx: CommandContext) => run.docs(input, ctx, getSpecs)
      : run.docs,
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
    input: CompletionsInput,
    examples: ["completions bash", "completions fish > ~/.config/fish/completions/draftcli.fish"],
    mcp: false,
    run: getSpecs
      ? (input: z.infer<typeof CompletionsInput>, ctx: CommandContext) =>
        run.completions(input, ctx, getSpecs)
      : run.completions,
  });
  return [docs, completions];
}

/** `docs` and `completions` over the whole registry. */
export const docsCommands: AnyCommandSpec[] = makeDocsCommands();
