/**
 * Shell completion scripts (bash, zsh, fish) generated from the command registry: command
 * words, subcommands, each command's flags, and the values of enum flags and positionals.
 */
import { type JsonSchema, schemaType, toJsonSchema } from "../schema/json_schema.ts";
import type { AnyCommandSpec } from "./spec.ts";
import { toKebab } from "./flag_names.ts";
import { GLOBAL_OPTIONS } from "./globals.ts";

/** The shells a script can be generated for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;

/** One of SHELLS. */
export type Shell = typeof SHELLS[number];

interface FlagInfo {
  flag: string;
  takesValue: boolean;
  values: string[];
  description: string;
}

interface CommandInfo {
  words: string[];
  summary: string;
  flags: FlagInfo[];
  /** Enum values of the first positional argument, if it has any. */
  positionalValues: string[];
}

/** Global flags: [flag, takes a value]. */
const GLOBAL_FLAGS: [string, boolean][] = [
  ["--pretty", false],
  ["--drafts-dir", true],
  ["--help", false],
  ["--version", false],
];

function enumValues(node: JsonSchema | undefined): string[] {
  if (!node) return [];
  if (node.enum) return node.enum.map(String);
  const alts = node.anyOf ?? node.oneOf ?? [];
  if (alts.length && alts.every((a) => a.const !== undefined)) {
    return alts.map((a) => String(a.const));
  }
  return [];
}

function commandInfo(spec: AnyCommandSpec): CommandInfo {
  const props = toJsonSchema(spec.input).properties ?? {};
  const positionals = spec.positionals ?? [];
  const flags = Object.entries(props).filter(([k]) => !positionals.includes(k)).map(
    ([k, node]) => ({
      flag: `--${toKebab(k)}`,
      takesValue: schemaType(node) !== "boolean",
      values: enumValues(node),
      description: node.description ?? "",
    }),
  );
  return {
    words: spec.name,
    summary: spec.summary,
    flags,
    positionalValues: enumValues(positionals[0] ? props[positionals[0]] : undefined),
  };
}

/** Every command prefix ("" for the top) → the next words with a summary. */
function subcommands(specs: readonly AnyCommandSpec[]): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  for (const spec of specs) {
    for (let i = 0; i < spec.name.length; i++) {
      const prefix = spec.name.slice(0, i).join(" ");
      const word = spec.name[i];
      const list = out.get(prefix) ?? [];
      if (!list.some(([w]) => w === word)) {
        const summary = i === spec.name.length - 1 ? spec.summary : `${word} commands`;
        list.push([word, summary]);
      }
      out.set(prefix, list);
    }
  }
  return out;
}

/** A single-quoted POSIX shell word (bash, zsh). */
function sq(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** A single-quoted fish word. */
function fq(s: string): string {
  return `'${s.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

/** One line of help text: no newlines, bounded length. */
function oneLine(s: string, max = 90): string {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
}

function caseArms(pairs: [string, string][], indent: string): string[] {
  return pairs.map(([key, value]) => `${indent}${sq(key)}) printf '%s\\n' ${value} ;;`);
}

/** Shared lookup functions (bash and zsh understand the same `case` syntax). */
function posixTables(specs: readonly AnyCommandSpec[], prefix: string): string[] {
  const infos = specs.map(commandInfo);
  const subs = subcommands(specs);
  const words = (list: string[]) => list.map(sq).join(" ");
  const lines: string[] = [];
  lines.push(`${prefix}_subcommands() {`, `  case "$1" in`);
  lines.push(...caseArms([...subs].map(([k, v]) => [k, words(v.map(([w]) => w))]), "    "));
  lines.push(`  esac`, `}`, "");
  lines.push(`${prefix}_flags() {`, `  case "$1" in`);
  lines.push(...caseArms(
    infos.filter((c) => c.flags.length).map((c) => [
      c.words.join(" "),
      words(c.flags.map((f) => f.flag)),
    ]),
    "    ",
  ));
  lines.push(`  esac`, `}`, "");
  lines.push(`# Flags that take a value, per command.`);
  lines.push(`${prefix}_value_flags() {`, `  case "$1" in`);
  lines.push(...caseArms(
    infos.filter((c) => c.flags.some((f) => f.takesValue)).map((c) => [
      c.words.join(" "),
      words(c.flags.filter((f) => f.takesValue).map((f) => f.flag)),
    ]),
    "    ",
  ));
  lines.push(`  esac`, `}`, "");
  lines.push(`# Values of enum flags ("<command>|<flag>") and positionals ("<command>|").`);
  lines.push(`${prefix}_values() {`, `  case "$1" in`);
  const values: [string, string][] = [];
  for (const c of infos) {
    const cmd = c.words.join(" ");
    if (c.positionalValues.length) values.push([`${cmd}|`, words(c.positionalValues)]);
    for (const f of c.flags) {
      if (f.values.length) values.push([`${cmd}|${f.flag}`, words(f.values)]);
    }
  }
  lines.push(...caseArms(values, "    "));
  lines.push(`  esac`, `}`, "");
  return lines;
}

/** Walks the typed words and prints the command they name so far (bash and zsh). */
function posixWalker(prefix: string): string[] {
  return [
    `# Prints the command named by the words before the cursor ("" when none yet).`,
    `${prefix}_command() {`,
    `  local cmd="" w skip=0 next`,
    `  for w in "$@"; do`,
    `    if [ "$skip" = 1 ]; then skip=0; continue; fi`,
    `    case "$w" in`,
    `      --drafts-dir) skip=1; continue ;;`,
    `      --*=*|-*)`,
    `        case " $(${prefix}_value_flags "$cmd" | tr '\\n' ' ') " in`,
    `          *" $w "*) skip=1 ;;`,
    `        esac`,
    `        continue ;;`,
    `    esac`,
    `    next="\${cmd:+$cmd }$w"`,
    `    case " $(${prefix}_subcommands "$cmd" | tr '\\n' ' ') " in`,
    `      *" $w "*) cmd="$next" ;;`,
    `    esac`,
    `  done`,
    `  printf '%s' "$cmd"`,
    `}`,
    "",
  ];
}

function bashScript(specs: readonly AnyCommandSpec[]): string {
  const p = "_draftcli";
  return [
    "# bash completion for draftcli (generated by 'draftcli completions bash').",
    "# Load it with: source <(draftcli completions bash)",
    "",
    ...posixTables(specs, p),
    ...posixWalker(p),
    `${p}() {`,
    `  local cur="\${COMP_WORDS[COMP_CWORD]}" prev=""`,
    `  [ "$COMP_CWORD" -gt 0 ] && prev="\${COMP_WORDS[COMP_CWORD-1]}"`,
    `  local cmd`,
    `  cmd="$(${p}_command "\${COMP_WORDS[@]:1:COMP_CWORD-1}")"`,
    `  local IFS=$'\\n' list`,
    `  if [ "$prev" = "--drafts-dir" ]; then`,
    `    COMPREPLY=($(compgen -d -- "$cur")); return`,
    `  fi`,
    `  case " $(${p}_value_flags "$cmd" | tr '\\n' ' ') " in`,
    `    *" $prev "*)`,
    `      list="$(${p}_values "$cmd|$prev")"`,
    `      if [ -n "$list" ]; then COMPREPLY=($(compgen -W "$list" -- "$cur"));`,
    `      else COMPREPLY=($(compgen -f -- "$cur")); fi`,
    `      return ;;`,
    `  esac`,
    `  if [[ "$cur" == -* ]]; then`,
    `    list="$(${p}_flags "$cmd")"`,
    `    list+=$'${GLOBAL_FLAGS.map(([f]) => `\\n${f}`).join("")}'`,
    `    COMPREPLY=($(compgen -W "$list" -- "$cur")); return`,
    `  fi`,
    `  list="$(${p}_subcommands "$cmd")"`,
    `  [ -z "$list" ] && list="$(${p}_values "$cmd|")"`,
    `  COMPREPLY=($(compgen -W "$list" -- "$cur"))`,
    `}`,
    "",
    `complete -o default -F ${p} draftcli`,
    "",
  ].join("\n");
}

function zshScript(specs: readonly AnyCommandSpec[]): string {
  const p = "_draftcli";
  const subs = subcommands(specs);
  const described: string[] = [`${p}_described() {`, `  case "$1" in`];
  for (const [key, list] of subs) {
    const items = list.map(([w, s]) => sq(`${w.replaceAll(":", "\\:")}:${oneLine(s)}`));
    described.push(`    ${sq(key)}) reply=(${items.join(" ")}) ;;`);
  }
  described.push(`    *) reply=() ;;`, `  esac`, `}`, "");
  return [
    "#compdef draftcli",
    "# zsh completion for draftcli (generated by 'draftcli completions zsh').",
    "# Load it with: source <(draftcli completions zsh)  (after compinit), or save it as",
    "# _draftcli in a folder on $fpath.",
    "",
    ...posixTables(specs, p),
    ...posixWalker(p),
    ...described,
    `${p}() {`,
    `  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}"`,
    `  local cmd list`,
    `  local -a reply vals`,
    `  cmd="$(${p}_command "\${(@)words[2,CURRENT-1]}")"`,
    `  if [[ "$prev" == --drafts-dir ]]; then _files -/; return; fi`,
    `  if [[ " $(${p}_value_flags "$cmd" | tr '\\n' ' ') " == *" $prev "* ]]; then`,
    `    vals=("\${(@f)$(${p}_values "$cmd|$prev")}")`,
    `    if [[ -n "\${vals[1]}" ]]; then compadd -a vals; else _files; fi`,
    `    return`,
    `  fi`,
    `  if [[ "$cur" == -* ]]; then`,
    `    vals=("\${(@f)$(${p}_flags "$cmd")}" ${GLOBAL_FLAGS.map(([f]) => f).join(" ")})`,
    `    compadd -a vals; return`,
    `  fi`,
    `  ${p}_described "$cmd"`,
    `  if (( \${#reply} )); then _describe -t commands 'draftcli command' reply; return; fi`,
    `  vals=("\${(@f)$(${p}_values "$cmd|")}")`,
    `  if [[ -n "\${vals[1]}" ]]; then compadd -a vals; else _files; fi`,
    `}`,
    "",
    `if [[ "\${funcstack[1]}" == ${p} ]]; then`,
    `  ${p} "$@"`,
    `else`,
    `  compdef ${p} draftcli`,
    `fi`,
    "",
  ].join("\n");
}

function fishScript(specs: readonly AnyCommandSpec[]): string {
  const infos = specs.map(commandInfo);
  const subs = subcommands(specs);
  const lines = [
    "# fish completion for draftcli (generated by 'draftcli completions fish').",
    "# Load it with: draftcli completions fish | source",
    "# or save it as ~/.config/fish/completions/draftcli.fish",
    "",
    "function __draftcli_value_flags",
    "    switch $argv[1]",
  ];
  for (const c of infos) {
    const vf = c.flags.filter((f) => f.takesValue).map((f) => fq(f.flag));
    if (vf.length) {
      lines.push(`        case ${fq(c.words.join(" "))}`, `            echo ${vf.join(" ")}`);
    }
  }
  lines.push("    end", "end", "");
  lines.push("function __draftcli_subcommands", "    switch $argv[1]");
  for (const [key, list] of subs) {
    lines.push(
      `        case ${key === "" ? "''" : fq(key)}`,
      `            echo ${list.map(([w]) => fq(w)).join(" ")}`,
    );
  }
  lines.push("    end", "end", "");
  lines.push(
    "# The command named by the words before the cursor ('' when none yet).",
    "function __draftcli_command",
    "    set -l words (commandline -opc)",
    "    set -e words[1]",
    "    set -l cmd ''",
    "    set -l skip 0",
    "    for w in $words",
    "        if test $skip = 1",
    "            set skip 0",
    "            continue",
    "        end",
    '        if test "$w" = --drafts-dir',
    "            set skip 1",
    "            continue",
    "        end",
    "        if string match -q -- '-*' $w",
    "            if contains -- $w (string split ' ' -- (__draftcli_value_flags $cmd))",
    "                set skip 1",
    "            end",
    "            continue",
    "        end",
    "        if contains -- $w (string split ' ' -- (__draftcli_subcommands $cmd))",
    '            if test -z "$cmd"',
    "                set cmd $w",
    "            else",
    '                set cmd "$cmd $w"',
    "            end",
    "        end",
    "    end",
    "    echo $cmd",
    "end",
    "",
    "function __draftcli_is",
    "    set -l cmd (__draftcli_command)",
    '    test "$cmd" = "$argv[1]"',
    "end",
    "",
    "complete -c draftcli -f",
  );
  for (const [flag, takesValue] of GLOBAL_FLAGS) {
    const help = GLOBAL_OPTIONS.find(([f]) => f.startsWith(flag))?.[1] ?? "";
    lines.push(
      `complete -c draftcli -l ${flag.slice(2)}${
        takesValue ? " -r -a '(__fish_complete_directories)'" : ""
      } -d ${fq(oneLine(help))}`,
    );
  }
  for (const [key, list] of subs) {
    for (const [w, s] of list) {
      lines.push(
        `complete -c draftcli -n ${fq(`__draftcli_is ${fq(key)}`)} -a ${fq(w)} -d ${
          fq(oneLine(s))
        }`,
      );
    }
  }
  for (const c of infos) {
    const cond = `-n ${fq(`__draftcli_is ${fq(c.words.join(" "))}`)}`;
    if (c.positionalValues.length) {
      lines.push(`complete -c draftcli ${cond} -a ${fq(c.positionalValues.join(" "))}`);
    }
    for (const f of c.flags) {
      const value = f.takesValue
        ? f.values.length ? ` -x -a ${fq(f.values.join(" "))}` : " -r -F"
        : "";
      lines.push(
        `complete -c draftcli ${cond} -l ${f.flag.slice(2)}${value} -d ${
          fq(oneLine(f.description))
        }`,
      );
    }
  }
  lines.push("");
  return lines.join("\n");
}

/** The completion script for `shell`, covering every command of `specs`. */
export function completionScript(shell: Shell, specs: readonly AnyCommandSpec[]): string {
  if (shell === "bash") return bashScript(specs);
  if (shell === "zsh") return zshScript(specs);
  return fishScript(specs);
}
