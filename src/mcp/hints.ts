/**
 * Error text for MCP clients. Messages and hints are written for the shell ("run 'draftcli
 * draft list'", "pass --drafts-dir", "see --help"); an agent calling tools needs tool names and
 * argument names instead: `draft_list {}`, the server's DRAFTCLI_DRAFTS_DIR, `argument
 * 'imageInfos'`, the docs tool; a placeholder (`<part of a name>`) stays one whole argument.
 */
import type { AnyCommandSpec } from "../commands/spec.ts";

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Rewrites one `draftcli <words> [args]` mention as a tool call. */
function asToolCall(tokens: string[], specs: readonly AnyCommandSpec[]): string | undefined {
  let spec: AnyCommandSpec | undefined;
  for (const s of specs) {
    if (s.name.every((w, i) => tokens[i] === w) && (!spec || s.name.length > spec.name.length)) {
      spec = s;
    }
  }
  if (!spec) return undefined;
  const args: Record<string, string | boolean> = {};
  const positionals = [...(spec.positionals ?? [])];
  const rest = tokens.slice(spec.name.length);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i];
    if (t.startsWith("--")) {
      const [flag, inline] = t.slice(2).split("=", 2);
      if (inline !== undefined) args[camel(flag)] = inline;
      else if (i + 1 < rest.length && !rest[i + 1].startsWith("--")) args[camel(flag)] = rest[++i];
      else args[camel(flag)] = true;
    } else if (positionals.length) args[positionals.shift()!] = t;
  }
  return `${spec.name.join("_")} ${JSON.stringify(args)}`;
}

/** `text` (a message or hint) in MCP terms; `specs` are the commands exposed as tools. */
export function mcpText(text: string, specs: readonly AnyCommandSpec[]): string {
  return text
    .replace(/(?:see |run )?'?draftcli((?: [a-z][\w-]*)*) --help'?/g, (_, words: string) => {
      const spec = specs.find((s) => s.name.join(" ") === words.trim());
      return spec ? `call docs {"topic":"${spec.name.join("_")}"}` : "call docs {}";
    })
    .replace(/\bsee --help\b/g, "see the docs tool")
    .replace(
      /(?:pass|use|or) --drafts-dir\b/g,
      (m) => `${m.split(" ")[0]} the drafts folder in the server's env (DRAFTCLI_DRAFTS_DIR)`,
    )
    .replace(/--drafts-dir\b/g, "DRAFTCLI_DRAFTS_DIR (server env)")
    .replace(/(?:run )?'?draftcli ((?:[^\s'",;)]+ ?)+)'?/g, (m, rest: string) => {
      // A placeholder such as `<part of a name>` is one value, spaces and all.
      const call = asToolCall(rest.trim().match(/<[^>]*>|\S+/g) ?? [], specs);
      return call ? `call ${call}` : m;
    })
    .replace(
      /(^|[\s(,'"])--([a-z][a-z0-9-]*)/g,
      (_, pre: string, flag: string) => `${pre}argument '${camel(flag)}'`,
    );
}
