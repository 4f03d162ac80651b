/**
 * argv that names no command: the overview (no words), a group's overview (`draftcli images`),
 * or an unknown-command error with close names. Loaded only then.
 */
import { DraftcliError } from "../errors.ts";
import { findGlobalFlag, type GlobalOptions } from "../commands/globals.ts";
import type { AppIO } from "./app.ts";

/**
 * No command matched: the overview (no words), a group's overview (`draftcli images`), or an
 * unknown-command error with close names — also under `--help`.
 */
export async function noCommand(
  words: string[],
  rest: string[],
  globals: GlobalOptions,
  io: AppIO,
): Promise<number> {
  const [{ overviewHelp }, { closest }, { COMMAND_TABLE }] = await Promise.all([
    import("./overview.ts"),
    import("../text/closest.ts"),
    import("../generated/command_table.ts"),
  ]);
  const help = globals.help || rest.some((w) => w === "--help" || w === "-h");
  const groups = new Set(COMMAND_TABLE.map((e) => e.name[0]));
  const first = words[0];
  if (!first) {
    const option = rest.find((w) => w !== "--" && w.startsWith("-") && !findGlobalFlag(w));
    if (option) {
      throw new DraftcliError("usage", `unknown option ${option}: no command given`, {
        hint: "write the command first, then its options: draftcli <command> [options]; " +
          "run 'draftcli --help' for the commands",
      });
    }
    io.stdout(overviewHelp(COMMAND_TABLE) + "\n");
    return help ? 0 : 2;
  }
  if (groups.has(first) && words.length === 1) {
    io.stdout(overviewHelp(COMMAND_TABLE, first) + "\n");
    return help ? 0 : 2;
  }
  const inGroup = groups.has(first);
  const candidates = COMMAND_TABLE
    .filter((e) => !inGroup || e.name[0] === first)
    .map((e) => e.name.join(" "));
  const asked = words.slice(0, inGroup ? 2 : 1).join(" ");
  const near = closest(asked, candidates, 3);
  throw new DraftcliError("usage", `unknown command '${asked}'`, {
    hint: (near.length ? `did you mean: ${near.join(", ")}? ` : "") +
      (inGroup ? `Run 'draftcli ${first} --help'.` : "Run 'draftcli --help'."),
  });
}
