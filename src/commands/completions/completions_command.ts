/** `draftcli completions <shell>`: a shell completion script over every command's spec. */
import type { z } from "zod";
import { defineCommandFile } from "../spec.ts";
import { loadAllSpecs } from "../registry.ts";

/** The schemas of `completions` (load zod). */
async function schemas() {
  const [{ z }, { SHELLS }] = await Promise.all([import("zod"), import("../completions.ts")]);
  return {
    input: z.object({ shell: z.enum(SHELLS).describe("bash, zsh or fish") }).strict(),
  };
}

/** The input of `completions`, as validated. */
type Input = z.infer<Awaited<ReturnType<typeof schemas>>["input"]>;

/** `completions`. */
export const command = defineCommandFile({
  name: ["completions"],
  summary: "print a shell completion script (bash, zsh or fish)",
  description: "Completes commands, subcommands, each command's flags and the values of " +
    "enum flags. bash: add 'source <(draftcli completions bash)' to ~/.bashrc. zsh: add " +
    "'source <(draftcli completions zsh)' after compinit in ~/.zshrc. fish: " +
    "'draftcli completions fish > ~/.config/fish/completions/draftcli.fish'. Prints the " +
    "script, not JSON.",
  positionals: ["shell"],
  examples: ["completions bash", "completions fish > ~/.config/fish/completions/draftcli.fish"],
  mcp: false,
  schemas,
  async run(input: Input) {
    const { completionScript } = await import("../completions.ts");
    return completionScript(input.shell, await loadAllSpecs());
  },
});
