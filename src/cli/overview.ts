/**
 * The overview help (`draftcli --help`, `draftcli images`): command names and summaries only,
 * read from the registry's static table, so it loads no schema.
 */
import { GLOBAL_OPTIONS } from "../commands/globals.ts";
import { VERSION } from "../version.ts";

/** Help for a group (`draftcli images --help`) or the whole tool. */
export function overviewHelp(
  entries: readonly { name: readonly string[]; summary: string }[],
  group?: string,
): string {
  const shown = group ? entries.filter((s) => s.name[0] === group) : entries;
  const width = Math.max(...shown.map((s) => s.name.join(" ").length));
  const lines = [
    group
      ? `draftcli ${group} — commands:`
      : `draftcli ${VERSION} — build editable JianYing Pro / CapCut drafts from the command line.`,
    "",
    "Usage: draftcli <command> [arguments] [options]",
    "",
    "Commands:",
    ...shown.map((s) => `  ${s.name.join(" ").padEnd(width)}  ${s.summary}`),
    "",
    "Global options:",
    ...GLOBAL_OPTIONS.map(([f, t]) => `  ${f}  ${t}`),
  ];
  if (!group) {
    lines.push(
      "",
      "Units: times are integer microseconds (1 s = 1000000). Positions are normalised:",
      "0,0 = canvas centre, x +1 = right edge, y +1 = top edge. Colours are #rrggbb.",
      "",
      "Exit codes: 0 ok, 1 internal error, 2 usage/validation, 3 draft or item not found,",
      "4 network, 5 media, 6 draft locked by another process, 7 unsupported draft (e.g. encrypted),",
      "8 draft has errors ('draft validate': the report is still printed on stdout),",
      "9 file system error (permissions, disk full, path too long).",
      'Errors are printed on stderr as {"error":{"code","message","hint","path"}}.',
      "",
      "Many calls in a row: DRAFTCLI_WARM=1 hands each call to one resident server process",
      "(started by the first call, stopped after 10 idle minutes); same output, less start-up.",
      "",
      "Run 'draftcli <command> --help' for a command's fields.",
    );
  }
  return lines.join("\n");
}
