/** `--help` text, generated from the command specs and their schemas. */
import { type JsonSchema, toJsonSchema, typeLabel } from "../schema/json_schema.ts";
import type { AnyCommandSpec } from "./spec.ts";
import { toKebab } from "./args.ts";
import { VERSION } from "../version.ts";

/** Global options understood by every command. */
export const GLOBAL_OPTIONS: ReadonlyArray<[string, string]> = [
  ["--pretty", "indent the JSON output"],
  [
    "--drafts-dir <path>",
    "drafts folder to use (else $DRAFTCLI_DRAFTS_DIR, config, editor default)",
  ],
  ["--help, -h", "show help"],
  ["--version", "print version and build target"],
];

function describeFields(node: JsonSchema, indent: string, depth = 0): string[] {
  const out: string[] = [];
  const props = node.properties ?? {};
  const required = new Set(node.required ?? []);
  for (const [name, child] of Object.entries(props)) {
    const req = required.has(name) ? "required" : "optional";
    const desc = child.description ? ` — ${child.description}` : "";
    out.push(`${indent}${name} (${typeLabel(child)}, ${req})${desc}`);
    const items = child.items;
    if (depth < 2 && items?.properties) {
      out.push(...describeFields(items, indent + "    ", depth + 1));
    } else if (depth < 2 && child.properties) {
      out.push(...describeFields(child, indent + "    ", depth + 1));
    }
  }
  return out;
}

/** Full help for one command. */
export function commandHelp(spec: AnyCommandSpec): string {
  const schema = toJsonSchema(spec.input);
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const positionals = spec.positionals ?? [];
  const usage = [
    "draftcli",
    ...spec.name,
    ...positionals.map((p) => `<${p}>`),
    ...Object.keys(props).filter((k) => !positionals.includes(k)).map((k) =>
      required.has(k) ? `--${toKebab(k)} <…>` : `[--${toKebab(k)}]`
    ),
  ].join(" ");
  const lines = [`${spec.summary}`, "", `Usage: ${usage}`];
  if (spec.description) lines.push("", spec.description);
  if (positionals.length) {
    lines.push("", "Arguments:");
    for (const p of positionals) {
      lines.push(`  <${p}>  ${props[p]?.description ?? ""}`);
    }
  }
  const flags = Object.entries(props).filter(([k]) => !positionals.includes(k));
  if (flags.length) {
    lines.push("", "Options:");
    for (const [k, node] of flags) {
      const req = required.has(k) ? ", required" : "";
      const isJson = node.type === "array" || node.type === "object" || node.items;
      const json = isJson ? " — JSON inline, @file.json or @-" : "";
      const def = node.default !== undefined ? `, default ${JSON.stringify(node.default)}` : "";
      lines.push(`  --${toKebab(k)} (${typeLabel(node)}${req}${def})${json}`);
      if (node.description) lines.push(`      ${node.description}`);
      const items = node.items;
      if (items?.properties) {
        lines.push("      Item fields:");
        lines.push(...describeFields(items, "        "));
      }
    }
  }
  lines.push("", "Global options:");
  for (const [flag, text] of GLOBAL_OPTIONS) lines.push(`  ${flag}  ${text}`);
  if (spec.examples?.length) {
    lines.push("", "Examples:");
    for (const ex of spec.examples) lines.push(`  draftcli ${ex}`);
  }
  lines.push(
    "",
    "Output: JSON on stdout. Errors: JSON on stderr, non-zero exit (see 'draftcli --help').",
  );
  return lines.join("\n");
}

/** Help for a group (`draftcli images --help`) or the whole tool. */
export function overviewHelp(specs: readonly AnyCommandSpec[], group?: string): string {
  const shown = group ? specs.filter((s) => s.name[0] === group) : specs;
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
      "Run 'draftcli <command> --help' for a command's fields.",
    );
  }
  return lines.join("\n");
}
