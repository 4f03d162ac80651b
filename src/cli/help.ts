/** `--help` text of one command, generated from its spec and schema. */
import { type JsonSchema, toJsonSchema, typeLabel } from "../schema/json_schema.ts";
import type { AnyCommandSpec } from "../commands/spec.ts";
import { toKebab } from "../commands/flag_names.ts";
import { GLOBAL_OPTIONS } from "../commands/globals.ts";

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
      const aka = Array.isArray(node.aliases)
        ? node.aliases.map((a) => `, also --${toKebab(String(a))}`).join("")
        : "";
      lines.push(`  --${toKebab(k)} (${typeLabel(node)}${req}${def}${aka})${json}`);
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
  if (spec.output) {
    lines.push("", "Output fields:");
    lines.push(...describeFields(toJsonSchema(spec.output), "  "));
  }
  lines.push(
    "",
    "Output: JSON on stdout. Errors: JSON on stderr, non-zero exit (see 'draftcli --help').",
  );
  return lines.join("\n");
}
