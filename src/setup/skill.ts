/**
 * The agent skill (SKILL.md, Agent Skills format) and the docs text, generated from the command
 * specs: every command and field comes from the zod input's JSON Schema, never from a list
 * written by hand. Only the recipes (recipes.ts) and the short guidance sections are prose.
 */
import { FONT_SIZE_RULE, LARGE_CAPTION_SIZE } from "../draft/font_size.ts";
import { PATH_RULE } from "../text/path_rule.ts";
import type { AnyCommandSpec } from "../commands/spec.ts";
import { toKebab } from "../commands/flag_names.ts";
import { DraftcliError, ErrorCodes, ExitCode } from "../errors.ts";
import { type JsonSchema, typeLabel } from "../schema/json_schema.ts";
import { toJsonSchema } from "../schema/json_schema.ts";
import { closest } from "../text/closest.ts";
import { RECIPES } from "./recipes.ts";

/** Skill name: the folder name and the frontmatter `name`. */
export const SKILL_NAME = "draftcli";

/** The Agent Skills limit on `description`. */
export const MAX_DESCRIPTION = 1024;

/** Options for rendering. */
export interface RenderOptions {
  /** Absolute path of the installed executable, mentioned in case it is not on PATH. */
  executable?: string;
}

/** The frontmatter `description`: what the skill does and when to use it (≤ 1,024 chars). */
export function skillDescription(specs: readonly AnyCommandSpec[]): string {
  const head = "Build editable JianYing Pro (剪映) / CapCut video drafts from the shell with the " +
    "draftcli command: a project folder the user opens and finishes in the editor, not a " +
    "rendered MP4.";
  const tail = " Use when the user wants to make, assemble or edit a video, slideshow, " +
    "captions/subtitles or a JianYing / CapCut / 剪映 draft from images, video clips, audio " +
    "or text, or asks to put media on a JianYing/CapCut timeline.";
  const groups = [...new Set(specs.map((s) => s.name[0]))];
  let list = "";
  for (let n = groups.length; n > 0; n--) {
    const more = n < groups.length ? ", …" : "";
    list = ` Commands: ${groups.slice(0, n).join(", ")}${more}.`;
    if (head.length + list.length + tail.length <= MAX_DESCRIPTION) break;
    list = "";
  }
  return (head + list + tail).slice(0, MAX_DESCRIPTION);
}

/**
 * SKILL.md: YAML frontmatter (`name`, `description`) and what every use needs (units, ids,
 * errors, a command index); per-command detail lives in `renderSkillReferences`.
 */
export function renderSkill(specs: readonly AnyCommandSpec[], opts: RenderOptions = {}): string {
  // JSON strings are valid YAML double-quoted scalars, so the description needs no escaping.
  const front = [
    "---",
    `name: ${SKILL_NAME}`,
    `description: ${JSON.stringify(skillDescription(specs))}`,
    "---",
    "",
  ].join("\n");
  const keep = ["overview", "basics", "build", "ids", "errors"];
  const body = SECTIONS.filter((sec) => keep.includes(sec.id)).map((sec) =>
    sec.render(specs, opts)
  );
  return front +
    [
      ...body,
      renderWorkflow(),
      renderIndex(specs),
      SECTIONS.find((x) => x.id === "mcp")!.render(specs, opts),
    ]
      .join("\n\n") +
    "\n";
}

/** SKILL.md's workflow: the add-command steps in brief and the first recipe as a worked example. */
function renderWorkflow(): string {
  const first = RECIPES[0];
  return [
    "## Workflow",
    "",
    "1. `draft create` → capture `draftId` (one draft per video).",
    "2. Add media and text with the `<group> add` commands; each takes a JSON array of items,",
    "   so add all photos in one call, all captions in one call, and so on.",
    "3. Segment ids (for keyframes, masks, clip effects) are in each add command's output and in",
    "   `segments list` (every kind) or the `<group> list` commands (`images list`, …).",
    "4. Fix what came out wrong without rebuilding: `segments list <draftId>` prints every",
    "   segment of every kind (id, track, times, text or file, effects); `segments update`",
    "   (timing, speed, caption text and style, volume, fades, transform), `segments move` (new",
    "   start or track) and `segments remove` (with what only it used) change it by id; move and",
    "   remove take `--ripple` to close or open the gap on the track.",
    "5. `draft validate <draftId>` before telling the user to open the editor.",
    "",
    `Example — ${first.title.toLowerCase()}:`,
    "",
    "```bash",
    first.bash,
    "```",
  ].join("\n");
}

/** Folder (relative to the skill folder) of the per-group detail files SKILL.md links to. */
export const REFERENCES_DIR = "references";

/**
 * The detail files beside SKILL.md (progressive disclosure): `references/<group>.md` with every
 * command of the group and its fields, and `references/recipes.md`; keyed by relative path.
 */
export function renderSkillReferences(specs: readonly AnyCommandSpec[]): Record<string, string> {
  const out: Record<string, string> = {
    [`${REFERENCES_DIR}/recipes.md`]: renderRecipes() + "\n",
  };
  for (const group of new Set(specs.map((s) => s.name[0]))) {
    out[`${REFERENCES_DIR}/${group}.md`] = renderCommands(specs, group) + "\n";
  }
  return out;
}

/** SKILL.md's command index: one line per command, linking to its group's reference file. */
function renderIndex(specs: readonly AnyCommandSpec[]): string {
  const lines = [
    "## Commands",
    "",
    "Each command's fields, limits and examples are in the linked reference file (also",
    "`draftcli <command> --help`, or `draftcli docs <group>`). Worked workflows:",
    `[${REFERENCES_DIR}/recipes.md](${REFERENCES_DIR}/recipes.md).`,
    "",
  ];
  for (const group of new Set(specs.map((s) => s.name[0]))) {
    const link = `${REFERENCES_DIR}/${group}.md`;
    const names = specs.filter((s) => s.name[0] === group)
      .map((s) => `\`${s.name.join(" ")}\` (${s.summary})`);
    lines.push(`- [${group}](${link}): ${names.join("; ")}`);
  }
  return lines.join("\n");
}

interface Section {
  id: string;
  aliases: string[];
  render(specs: readonly AnyCommandSpec[], opts: RenderOptions): string;
}

const SECTIONS: Section[] = [
  {
    id: "overview",
    aliases: ["about", "intro"],
    render: (_specs, opts) =>
      [
        "# draftcli",
        "",
        "`draftcli` writes **editable** JianYing Pro (剪映专业版) and CapCut drafts: project folders",
        "that appear in the editor's draft list, with tracks, segments, captions and effects the",
        "user can still change. It does not render MP4 files; the user exports from the editor.",
        "",
        "Every command prints one JSON object on stdout (add `--pretty` only for humans) and",
        "errors as JSON on stderr with a non-zero exit code. Run `draftcli <command> --help` for",
        "the same field list as below.",
        "",
        "- A whole video in one call: `draftcli build @spec.json` (below).",
        '- Captions from subtitles: `draftcli captions add "$ID" --srt subs.srt` (the style',
        "  flags apply to every cue), or a draft from one voice-over and its SRT:",
        "  `draftcli draft easy --by-audio voice.mp3 --srt subs.srt`.",
        '- See the result without the editor: `draftcli preview "$ID"` (a contact sheet PNG).',
        opts.executable
          ? `\nIf \`draftcli\` is not on PATH, run it as \`${opts.executable}\`.`
          : "",
      ].join("\n"),
  },
  {
    id: "basics",
    aliases: ["units", "coordinates", "colours", "colors", "media", "urls"],
    render: () =>
      [
        "## Units and conventions",
        "",
        "- **Time**: integer microseconds (µs). 1 s = `1000000`, 2.5 s = `2500000`. A segment",
        "  covers `[start, end)` on the timeline; segments on one track must not overlap.",
        "- **Position**: normalised. `0,0` is the canvas centre, x = `+1` the right edge, `-1` the",
        "  left edge, y = `+1` the **top** edge, `-1` the bottom edge (y points up).",
        "- **Colour**: `#rrggbb` hex, e.g. `#ffcc00`.",
        `- **Font size** (\`fontSize\`, \`--font-size\`): ${FONT_SIZE_RULE}. For big, easy-to-read`,
        `  captions use \`--font-size ${LARGE_CAPTION_SIZE}\`; the default 8 is a normal subtitle.`,
        `- **Files** (media, SRT): ${PATH_RULE}. Local media are copied into the draft`,
        "  folder, downloads saved there. Width, height and duration are read from the media file",
        "  when not given.",
        "- **JSON options** (arrays and objects) take inline JSON in single quotes, `@file.json`,",
        "  or `@-` to read stdin (one option per call).",
        "- **Drafts folder**: `--drafts-dir <path>` or `$DRAFTCLI_DRAFTS_DIR` override the editor's",
        "  default folder.",
      ].join("\n"),
  },
  {
    id: "build",
    aliases: ["spec", "export", "whole"],
    render: () =>
      [
        "## Preferred: the whole video in one `build` call",
        "",
        "Write one JSON spec and run `draftcli build @spec.json` (or pipe it: `build -`). The",
        "spec holds the **same item objects as the add commands**, keyed by command name:",
        "`images`, `videos`, `audios`, `captions` (+ `captionOptions`: the `captions add` style",
        "flags in camelCase; `captionTracks` for more text tracks), `effects`, `filters`,",
        "`stickers`, `keyframes`, `masks`, `transitions: {auto, duration}`, and",
        '`draft: {name, width, height, fps, editor, editorVersion}`. Give an item `"ref"` and',
        'point keyframes, masks and segment effects/filters at it with `"segmentRef"`: no',
        "segment ids to capture between calls.",
        "",
        "```bash",
        'draftcli build \'{"draft":{"name":"Promo"},',
        '  "images":[{"ref":"cover","imageUrl":"file:///abs/a.jpg","start":0,"end":3000000}],',
        '  "captions":[{"text":"Hello","start":0,"end":3000000}],',
        '  "keyframes":[{"segmentRef":"cover","property":"uniform_scale","offset":0,"value":1.2}]}\'',
        "```",
        "",
        "Everything is checked before anything is written; all problems come back at once,",
        "each with its JSON path (`images[1].end`), exit 2, no draft left behind. The output is",
        "`{draftId, filePath, refs: {ref: segmentId}, counts}`. `build --into ID` adds a spec",
        "to an existing draft in one write; `draftcli schema build` prints the spec's JSON",
        "Schema; `draftcli draft export ID > s.json` prints any draft as a spec that",
        "`build @s.json` takes (what it cannot express is listed under `_export.unsupported`,",
        "values it changed under `_export.adjusted`); `draftcli draft fill ID --texts MAP --media MAP`",
        "copies a template draft with texts/media replaced. Use the add commands below for",
        "small edits.",
      ].join("\n"),
  },
  {
    id: "ids",
    aliases: ["jq", "chaining"],
    render: () =>
      [
        "## Chaining ids",
        "",
        "Commands return ids (draft, segment, track) in their JSON. Capture them with `jq`:",
        "",
        "```bash",
        'D=$(draftcli draft create --name "Promo" | jq -r .draftId)',
        'draftcli draft info "$D" | jq .',
        "```",
        "",
        "Build long JSON inputs with `jq -n … | draftcli <command> … --<option> @-` instead of",
        "gluing shell strings together.",
      ].join("\n"),
  },
  {
    id: "errors",
    aliases: ["exit", "exit-codes", "error"],
    render: renderErrors,
  },
  {
    id: "commands",
    aliases: ["reference", "fields"],
    render: (specs) => renderCommands(specs),
  },
  {
    id: "recipes",
    aliases: ["examples", "howto"],
    render: renderRecipes,
  },
  {
    id: "mcp",
    aliases: ["tools"],
    render: (specs) => {
      const sample = specs.find((s) => s.mcp !== false && s.name.length > 1)?.name ??
        ["draft", "create"];
      return [
        "## Same commands over MCP",
        "",
        "If `draftcli mcp` is registered as an MCP server (`draftcli setup <agent> --mcp`), each",
        `command is also a tool named by its words joined with \`_\` (\`${sample.join(" ")}\` →`,
        `\`${sample.join("_")}\`), taking the same JSON fields. Tool errors carry the same`,
        '`{"error": …}` object with `isError: true`. Tool descriptions are one line; the `docs`',
        'tool gives the full page of a command (`{"topic": "captions_add"}`).',
      ].join("\n");
    },
  },
];

const EXIT_ADVICE: Record<number, string> = {
  [ExitCode.usage]: "fix the input: read `message`, `hint` and `path`, then " +
    "`draftcli <command> --help`; do not retry unchanged",
  [ExitCode.notFound]: "check the id: `draftcli draft list` shows the drafts; " +
    "`draftcli <group> list <draftId>` (e.g. `images list`, `captions list`) shows segment ids",
  [ExitCode.network]: "a download failed: check the URL, retry after a short wait, or pass a " +
    "local `file://` URL instead",
  [ExitCode.media]: "check the media file: it must exist (a relative path starts at the " +
    "current folder), be readable and be a supported image/video/audio format",
  [ExitCode.conflict]: "the draft is locked by another process: wait a moment and retry; " +
    "do not run two commands on one draft at once",
  [ExitCode.unsupported]: "the draft cannot be edited (e.g. encrypted by a newer editor): " +
    "create a new draft with draftcli instead; `no_catalog` (`query stickers`, `query huazi`): " +
    "the hint says how to get the id from the editor",
  [ExitCode.draftInvalid]: "`draft validate` found errors: stdout still holds the report; fix " +
    "what each `errors[]` entry names (`code`, `message`, `path`), then validate again",
  [ExitCode.io]: "the system refused a file operation (permissions, disk full, path too long): " +
    "fix that, then retry",
  [ExitCode.stdoutClosed]: "stdout was closed before the output was written (`| head`, a " +
    "failed `jq`): read the whole output; the message says whether the change was saved",
  [ExitCode.internal]: "a bug in draftcli: report it with the command line and the error JSON",
};

function renderErrors(): string {
  const byExit = new Map<number, string[]>();
  for (const [code, exit] of Object.entries(ErrorCodes)) {
    byExit.set(exit, [...(byExit.get(exit) ?? []), code]);
  }
  const lines = [
    "## Errors and exit codes",
    "",
    "On failure stdout is empty (only `draft validate` still prints its report) and stderr " +
    "holds one JSON object:",
    "",
    "```json",
    '{"error":{"code":"invalid_input","message":"imageInfos[0].end: …","hint":"…","path":"imageInfos[0].end"}}',
    "```",
    "",
    "An input with several faults (`build`, `draft fill`) lists every one under " +
    "`error.problems` (`[{code,message,hint,path}]`); fix them all, then run again.",
    "",
    "| exit | codes | what to do |",
    "| --- | --- | --- |",
  ];
  const exits = [...byExit.keys()].sort((a, b) => (a === 1 ? 99 : a) - (b === 1 ? 99 : b));
  for (const exit of exits) {
    const codes = byExit.get(exit)!.map((c) => `\`${c}\``).join(", ");
    lines.push(`| ${exit} | ${codes} | ${EXIT_ADVICE[exit] ?? ""} |`);
  }
  return lines.join("\n");
}

function renderRecipes(): string {
  const lines = ["## Recipes", ""];
  for (const r of RECIPES) {
    lines.push(`### ${r.title}`, "", `For ${r.when}.`, "", "```bash", r.bash, "```");
    if (r.notes) lines.push("", r.notes);
    lines.push("");
  }
  return lines.join("\n").trimEnd();
}

/** Constraints of a schema node as short text ("≥ 0", "default 1920", …). */
function constraints(node: JsonSchema): string[] {
  const out: string[] = [];
  const big = (n: unknown) => typeof n === "number" && Math.abs(n) >= Number.MAX_SAFE_INTEGER;
  if (node.minimum !== undefined && !big(node.minimum)) out.push(`≥ ${node.minimum}`);
  if (node.exclusiveMinimum !== undefined) out.push(`> ${node.exclusiveMinimum}`);
  if (node.maximum !== undefined && !big(node.maximum)) out.push(`≤ ${node.maximum}`);
  if (node.exclusiveMaximum !== undefined) out.push(`< ${node.exclusiveMaximum}`);
  if (typeof node.minItems === "number" && node.minItems > 0) out.push(`${node.minItems}+ items`);
  if (typeof node.maxItems === "number") out.push(`≤ ${node.maxItems} items`);
  if (node.pattern) out.push(`pattern \`${node.pattern}\``);
  if (node.default !== undefined) out.push(`default ${JSON.stringify(node.default)}`);
  return out;
}

function alternatives(node: JsonSchema): JsonSchema[] {
  return (node.anyOf ?? node.oneOf ?? []).filter((a) => a.properties);
}

function itemNode(node: JsonSchema): JsonSchema | undefined {
  return node.items ?? node.anyOf?.find((a) => a.items)?.items;
}

/** Lines for the fields of an object node, recursing into objects and arrays of objects. */
function fieldLines(node: JsonSchema, indent: string, depth: number): string[] {
  const out: string[] = [];
  const required = new Set(node.required ?? []);
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    out.push(`${indent}- \`${name}\` ${describe(child, required.has(name))}`);
    out.push(...nested(child, indent + "  ", depth + 1));
  }
  return out;
}

function nested(node: JsonSchema, indent: string, depth: number): string[] {
  if (depth > 3) return [];
  const target = itemNode(node) ?? node;
  if (target.properties) return fieldLines(target, indent, depth);
  const alts = alternatives(target);
  if (alts.length) {
    return alts.flatMap((alt, i) => [
      `${indent}- variant ${i + 1}${alt.description ? ` — ${alt.description}` : ""}:`,
      ...fieldLines(alt, indent + "  ", depth + 1),
    ]);
  }
  return [];
}

function describe(node: JsonSchema, required: boolean): string {
  const parts = [typeLabel(node), required ? "required" : "optional", ...constraints(node)];
  return `(${parts.join(", ")})${node.description ? ` — ${node.description}` : ""}`;
}

/** The reference entry of one command. */
export function renderCommand(spec: AnyCommandSpec): string {
  const schema = toJsonSchema(spec.input);
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const positionals = spec.positionals ?? [];
  const usage = ["draftcli", ...spec.name, ...positionals.map((p) => `<${p}>`)].join(" ");
  const lines = [`### \`${usage}\``, "", spec.summary + (spec.mutates ? "" : " (read-only)")];
  if (spec.description) lines.push("", spec.description);
  const keys = Object.keys(props);
  if (keys.length) {
    lines.push("", "Inputs (`--flag` on the command line; the JSON key in MCP / @file):");
    for (const key of keys) {
      const node = props[key];
      const label = positionals.includes(key) ? `<${key}>` : `--${toKebab(key)}`;
      const json = label === `--${key}` || positionals.includes(key) ? "" : ` \`${key}\``;
      lines.push(`- \`${label}\`${json} ${describe(node, required.has(key))}`);
      lines.push(...nested(node, "  ", 1));
    }
  } else {
    lines.push("", "No inputs.");
  }
  if (spec.output) {
    const out = toJsonSchema(spec.output);
    const outRequired = new Set(out.required ?? []);
    lines.push("", "Output (JSON on stdout):");
    for (const [key, node] of Object.entries(out.properties ?? {})) {
      lines.push(`- \`${key}\` ${describe(node, outRequired.has(key))}`);
    }
  }
  if (spec.examples?.length) {
    lines.push("", "```bash", ...spec.examples.map((e) => `draftcli ${e}`), "```");
  }
  return lines.join("\n");
}

function renderCommands(specs: readonly AnyCommandSpec[], group?: string): string {
  const shown = group ? specs.filter((s) => s.name[0] === group) : specs;
  const lines = [group ? `## Commands: ${group}` : "## Commands", ""];
  for (const spec of shown) lines.push(renderCommand(spec), "");
  return lines.join("\n").trimEnd();
}

/**
 * Docs as Markdown: everything (no topic), one section (`basics`, `ids`, `errors`, `commands`,
 * `recipes`, `mcp` or an alias such as `units`), one command group (`images`) or one command
 * (`images add` / `images_add`). Unknown topics throw `unknown_name` with suggestions.
 */
export function renderDocs(
  specs: readonly AnyCommandSpec[],
  topic?: string,
  opts: RenderOptions = {},
): string {
  if (topic === undefined || topic.trim() === "") {
    return SECTIONS.map((s) => s.render(specs, opts)).join("\n\n") + "\n";
  }
  const t = topic.trim().toLowerCase().replace(/[_\s]+/g, " ");
  const section = SECTIONS.find((s) => s.id === t || s.aliases.includes(t));
  const command = specs.find((s) => s.name.join(" ") === t);
  // A topic that is both (`build`): the section, then the command's page.
  if (section) {
    return [section.render(specs, opts), ...(command ? [renderCommand(command)] : [])]
      .join("\n\n") + "\n";
  }
  if (command) return renderCommand(command) + "\n";
  if (specs.some((s) => s.name[0] === t)) return renderCommands(specs, t) + "\n";
  const near = closest(t, docTopics(specs), 3);
  throw new DraftcliError("unknown_name", `no docs topic '${topic}'`, {
    hint: `try ${near.map((n) => `'${n}'`).join(", ")}; topics: ${
      SECTIONS.map((s) => s.id).join(", ")
    }, or a command group or command`,
    path: "topic",
  });
}

/** Every topic `renderDocs` accepts: sections and their aliases, command groups, commands. */
export function docTopics(specs: readonly AnyCommandSpec[]): string[] {
  return [
    ...SECTIONS.flatMap((s) => [s.id, ...s.aliases]),
    ...new Set(specs.map((s) => s.name[0])),
    ...specs.filter((s) => s.name.length > 1).map((s) => s.name.join(" ")),
  ];
}
