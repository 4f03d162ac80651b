/**
 * `draftcli setup`: installs the generated skill (and optionally the MCP server entry) for
 * Claude Code, Cursor, OpenClaw and Codex at user level, idempotently and reversibly.
 *
 * Rules (also in docs/AGENTS.md):
 * - A file or entry is setup's own when it matches what the manifest recorded (or what setup
 *   would write now). Only those are updated or removed; anything else is "kept" unless --force,
 *   which first copies the file to `<file>.bak-<timestamp>`.
 * - One copy per agent: Cursor also reads ~/.claude/skills, ~/.agents/skills and
 *   ~/.codex/skills; OpenClaw also reads ~/.agents/skills. When a draftcli skill is already in
 *   one of those, that agent is "covered": nothing is written to its own folder, and an earlier
 *   unmodified copy setup left there is removed.
 * - --dry-run decides everything the same way and writes nothing (actions become would_*).
 */
import { dirname, join } from "../path.ts";
import type { AnyCommandSpec } from "../commands/spec.ts";
import type { ErrorBody } from "../errors.ts";
import { toDraftcliError } from "../errors.ts";
import {
  ConfigParseError,
  deepEqual,
  getEntry,
  isEffectivelyEmpty,
  parseConfig,
  withEntry,
} from "./config_edit.ts";
import { atomicWrite, backup, readTextOrNull } from "./setup_files.ts";
import { exists, sha256Text } from "../files.ts";
import { loadManifest, type Manifest, saveManifest } from "./manifest.ts";
import {
  type Agent,
  type AgentLayout,
  agentLayout,
  AGENTS,
  type HostEnv,
  manifestPath,
  mcpEntry,
} from "./agent_paths.ts";
import { REFERENCES_DIR, renderSkill, renderSkillReferences, SKILL_NAME } from "./skill.ts";

/** What happened to one file or entry. */
export type SetupAction =
  | "written"
  | "updated"
  | "unchanged"
  | "kept"
  | "backed_up"
  | "removed"
  | "covered"
  | "not_installed"
  | "failed"
  | "would_write"
  | "would_update"
  | "would_back_up"
  | "would_remove";

/** One line of the report. */
export interface SetupResult {
  target: Agent;
  kind: "skill" | "mcp";
  path: string;
  action: SetupAction;
  /** The backup made (or that would be made) before overwriting or removing. */
  backup?: string;
  /** The skill that covers this agent. */
  coveredBy?: string;
  /** The agent CLI call used (or that would be used) to register the server. */
  command?: string[];
  note?: string;
  error?: ErrorBody;
}

/** The report printed by `draftcli setup`. */
export interface SetupReport {
  ok: boolean;
  dryRun: boolean;
  results: SetupResult[];
}

/** Runs an agent's CLI (argv, never a shell string). */
export type RunCommand = (argv: string[]) => Promise<{ code: number; stderr: string }>;

/** Everything setup needs; all of it injectable for tests. */
export interface SetupOptions {
  targets: readonly Agent[];
  specs: readonly AnyCommandSpec[];
  host: HostEnv;
  force?: boolean;
  dryRun?: boolean;
  mcp?: boolean;
  uninstall?: boolean;
  /** argv that starts draftcli (e.g. ["/usr/local/bin/draftcli"]); "mcp" is appended. */
  command: readonly string[];
  /** The installed executable to mention in the skill, when known. */
  executable?: string;
  /** Finds an agent CLI on PATH (absolute path) or returns undefined. */
  findExecutable?: (name: string) => Promise<string | undefined>;
  run?: RunCommand;
  now?: () => Date;
}

interface Ctx extends SetupOptions {
  manifest: Manifest;
  /** Skill files that exist or will exist after this run (for "covered" in dry runs). */
  planned: Set<string>;
  removedPlanned: Set<string>;
  force: boolean;
  dryRun: boolean;
  now: () => Date;
}

/** Runs setup (or uninstall) for the given agents and reports per file/entry. */
export async function runSetup(options: SetupOptions): Promise<SetupReport> {
  const mPath = manifestPath(options.host);
  const ctx: Ctx = {
    ...options,
    force: options.force ?? false,
    dryRun: options.dryRun ?? false,
    now: options.now ?? (() => new Date()),
    manifest: await loadManifest(mPath),
    planned: new Set(),
    removedPlanned: new Set(),
  };
  const before = JSON.stringify(ctx.manifest);
  const targets = AGENTS.filter((a) => options.targets.includes(a));
  const results: SetupResult[] = [];
  for (const agent of targets) {
    const layout = agentLayout(agent, options.host);
    results.push(await guard(agent, "skill", skillFile(layout), () => skillStep(ctx, layout)));
    if (options.mcp || options.uninstall) {
      const r = await guard(agent, "mcp", layout.mcpConfig, () => mcpStep(ctx, layout));
      // Uninstall without --mcp reports MCP only when there was an entry to look at.
      if (options.mcp || r.action !== "not_installed") results.push(r);
    }
  }
  if (!ctx.dryRun && JSON.stringify(ctx.manifest) !== before) {
    await saveManifest(mPath, ctx.manifest);
  }
  return { ok: results.every((r) => r.action !== "failed"), dryRun: ctx.dryRun, results };
}

async function guard(
  target: Agent,
  kind: "skill" | "mcp",
  path: string,
  step: () => Promise<SetupResult>,
): Promise<SetupResult> {
  try {
    return await step();
  } catch (err) {
    const e = err instanceof ConfigParseError
      ? { code: "invalid_json" as const, message: `cannot parse ${path}: ${err.message}` }
      : toDraftcliError(err).toJSON();
    return {
      target,
      kind,
      path,
      action: "failed",
      error: { ...e, hint: "fix or move the file, then run setup again" },
    };
  }
}

/** Where setup puts an agent's SKILL.md. */
export function skillFile(layout: AgentLayout): string {
  return join(layout.skillRoot, SKILL_NAME, "SKILL.md");
}

function would(ctx: Ctx, action: "written" | "updated" | "backed_up" | "removed"): SetupAction {
  if (!ctx.dryRun) return action;
  return ({
    written: "would_write",
    updated: "would_update",
    backed_up: "would_back_up",
    removed: "would_remove",
  } as const)[action];
}

/** Removes a skill file, its reference files and its folder when empty, and forgets it. */
async function removeSkill(ctx: Ctx, file: string): Promise<void> {
  const dir = dirname(file);
  await Deno.remove(file);
  await removeReferences(ctx, dir);
  await removeDirIfEmpty(dir);
  delete ctx.manifest.files[file];
}

async function skillStep(ctx: Ctx, layout: AgentLayout): Promise<SetupResult> {
  const file = skillFile(layout);
  const dir = dirname(file);
  const content = renderSkill(ctx.specs, { executable: ctx.executable });
  const hash = await sha256Text(content);
  const text = await readTextOrNull(file);
  const record = ctx.manifest.files[file];
  const base = { target: layout.agent, kind: "skill" as const, path: file };
  const ours = text !== null &&
    (text === content || (record !== undefined && (await sha256Text(text)) === record.sha256));

  if (ctx.uninstall) {
    if (text === null) {
      delete ctx.manifest.files[file];
      return { ...base, action: "not_installed" };
    }
    if (!ours && !ctx.force) {
      return {
        ...base,
        action: "kept",
        note: "not written by draftcli setup or changed since; --force removes it after a backup",
      };
    }
    const result: SetupResult = { ...base, action: would(ctx, "removed") };
    if (!ctx.dryRun) {
      if (!ours) result.backup = await backup(file, ctx.now());
      await removeSkill(ctx, file);
    }
    ctx.removedPlanned.add(file);
    return result;
  }

  // One copy per agent: another folder this agent reads may already hold the skill.
  for (const other of layout.alsoReads) {
    const otherFile = join(other, SKILL_NAME, "SKILL.md");
    const there = ctx.planned.has(otherFile) ||
      (!ctx.removedPlanned.has(otherFile) && await exists(otherFile));
    if (!there) continue;
    const result: SetupResult = { ...base, action: "covered", coveredBy: otherFile };
    // In a dry run a planned copy is not on disk yet; it would hold this version's skill.
    const otherText = (await readTextOrNull(otherFile)) ?? content;
    const notes: string[] = [];
    if (otherText !== content) {
      notes.push(
        "that copy differs from this version's skill; run setup for the agent it belongs to",
      );
    }
    if (text !== null && ours) {
      notes.push(`${ctx.dryRun ? "would remove" : "removed"} setup's earlier copy here`);
      if (!ctx.dryRun) await removeSkill(ctx, file);
    } else if (text !== null) {
      notes.push("a different draftcli skill is also here; left alone");
    }
    if (notes.length) result.note = notes.join("; ");
    return result;
  }

  ctx.planned.add(file);
  if (text === content) {
    ctx.manifest.files[file] = { ...record, target: layout.agent, sha256: hash };
    if (!ctx.dryRun) await writeReferences(ctx, dir);
    return { ...base, action: "unchanged" };
  }
  if (text !== null && !ours && !ctx.force) {
    return {
      ...base,
      action: "kept",
      note: "changed since setup wrote it (or not written by setup); --force overwrites it " +
        "after a backup",
    };
  }
  const action = text === null ? "written" : ours ? "updated" : "backed_up";
  const result: SetupResult = { ...base, action: would(ctx, action) };
  if (!ctx.dryRun) {
    const createdDir = !(await exists(dir));
    if (action === "backed_up") result.backup = await backup(file, ctx.now());
    await atomicWrite(file, content);
    await writeReferences(ctx, dir);
    ctx.manifest.files[file] = {
      target: layout.agent,
      sha256: hash,
      createdDir: record?.createdDir || createdDir,
    };
  }
  return result;
}

/** Writes the skill's reference files beside SKILL.md (only those whose text differs). */
async function writeReferences(ctx: Ctx, dir: string): Promise<void> {
  for (const [rel, text] of Object.entries(renderSkillReferences(ctx.specs))) {
    const path = join(dir, rel);
    if ((await readTextOrNull(path)) === text) continue;
    await Deno.mkdir(dirname(path), { recursive: true });
    await atomicWrite(path, text);
  }
}

/** Removes the reference files setup writes (and their folder when it is left empty). */
async function removeReferences(ctx: Ctx, dir: string): Promise<void> {
  for (const rel of Object.keys(renderSkillReferences(ctx.specs))) {
    await Deno.remove(join(dir, rel)).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }
  await removeDirIfEmpty(join(dir, REFERENCES_DIR));
}

async function removeDirIfEmpty(dir: string): Promise<void> {
  try {
    for await (const _ of Deno.readDir(dir)) return;
    await Deno.remove(dir);
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
}

/** The same server, ignoring spellings that mean the same (type "stdio", empty env/args). */
function sameServer(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    if (o.type === "stdio") delete o.type;
    if (isEmpty(o.env)) delete o.env;
    if (Array.isArray(o.args) && o.args.length === 0) delete o.args;
    return o;
  };
  return deepEqual(norm(a), norm(b));
}

function isEmpty(v: unknown): boolean {
  return typeof v === "object" && v !== null && Object.keys(v).length === 0;
}

async function mcpStep(ctx: Ctx, layout: AgentLayout): Promise<SetupResult> {
  const path = layout.mcpConfig;
  const base = { target: layout.agent, kind: "mcp" as const, path };
  const desired = mcpEntry(layout.agent, ctx.command);
  const text = await readTextOrNull(path);
  const doc = parseConfig(text, layout.mcpFormat);
  const current = getEntry(doc, layout.mcpPath, SKILL_NAME);
  const record = ctx.manifest.mcp[path];
  const ours = current !== undefined &&
    (sameServer(current, desired) || (record !== undefined && sameServer(current, record.entry)));

  if (ctx.uninstall) {
    if (current === undefined) {
      delete ctx.manifest.mcp[path];
      return { ...base, action: "not_installed" };
    }
    if (!ours && !ctx.force) {
      return {
        ...base,
        action: "kept",
        note: "this draftcli entry was not written by setup or was changed; --force removes it " +
          "after a backup",
      };
    }
    return await applyMcp(ctx, layout, doc, undefined, base, {
      foreign: !ours,
      createdFile: record?.createdFile ?? false,
    });
  }

  if (current !== undefined && sameServer(current, desired)) {
    ctx.manifest.mcp[path] = { ...record, target: layout.agent, entry: current };
    return { ...base, action: "unchanged" };
  }
  if (current !== undefined && !ours && !ctx.force) {
    return {
      ...base,
      action: "kept",
      note: "an MCP server named draftcli is already configured differently; --force replaces " +
        "it after a backup",
    };
  }
  return await applyMcp(ctx, layout, doc, desired, base, {
    foreign: current !== undefined && !ours,
    createdFile: record?.createdFile ?? text === null,
  });
}

async function applyMcp(
  ctx: Ctx,
  layout: AgentLayout,
  doc: ReturnType<typeof parseConfig>,
  entry: Record<string, unknown> | undefined,
  base: { target: Agent; kind: "mcp"; path: string },
  info: { foreign: boolean; createdFile: boolean },
): Promise<SetupResult> {
  const path = layout.mcpConfig;
  const existed = getEntry(doc, layout.mcpPath, SKILL_NAME) !== undefined;
  const primary = entry === undefined ? "removed" : existed ? "updated" : "written";

  // The agent's own CLI, when it is installed and can run without a shell.
  const cliPath = layout.cli && ctx.findExecutable
    ? await ctx.findExecutable(layout.cli)
    : undefined;
  const usable = cliPath !== undefined && !/\.(cmd|bat)$/i.test(cliPath) && ctx.run;
  const calls = usable ? cliCalls(layout, cliPath, entry, existed) : undefined;

  const edit = withEntry(doc, layout.mcpFormat, layout.mcpPath, SKILL_NAME, entry);
  if (!calls && edit.lossy && !ctx.force) {
    return {
      ...base,
      action: "kept",
      note: "the file uses JSON5 comments or syntax that rewriting would drop; --force rewrites " +
        "it as plain JSON after a backup" +
        (layout.cli === "openclaw" && entry
          ? `, or run: openclaw mcp set draftcli '${JSON.stringify(entry)}'`
          : ""),
    };
  }
  const needBackup = doc.text !== null && (info.foreign || (!calls && edit.lossy));
  const result: SetupResult = {
    ...base,
    action: would(ctx, needBackup && entry !== undefined ? "backed_up" : primary),
  };
  if (calls) result.command = calls[calls.length - 1];
  if (ctx.dryRun) return result;

  if (needBackup) result.backup = await backup(path, ctx.now());
  let viaCli = false;
  if (calls) {
    viaCli = true;
    for (const argv of calls) {
      const { code, stderr } = await ctx.run!(argv);
      if (code !== 0) {
        viaCli = false;
        result.note = `'${argv.slice(0, 3).join(" ")} …' failed (${
          stderr.trim().split("\n").pop() ?? code
        }); edited ${path} directly instead`;
        delete result.command;
        break;
      }
    }
  }
  if (!viaCli) {
    // Re-read: a failed CLI call may have changed the file half-way.
    const fresh = parseConfig(await readTextOrNull(path), layout.mcpFormat);
    const out = withEntry(fresh, layout.mcpFormat, layout.mcpPath, SKILL_NAME, entry);
    if (
      entry === undefined && info.createdFile && isEffectivelyEmpty(
        parseConfig(
          out.text,
          layout.mcpFormat,
        ).data,
      )
    ) {
      await Deno.remove(path).catch(() => {});
    } else {
      await atomicWrite(path, out.text);
    }
  }
  if (entry === undefined) {
    delete ctx.manifest.mcp[path];
  } else {
    // Record what is really there (the agent CLI may add fields such as type/env).
    const after = parseConfig(await readTextOrNull(path), layout.mcpFormat);
    const written = getEntry(after, layout.mcpPath, SKILL_NAME) ?? entry;
    ctx.manifest.mcp[path] = {
      target: layout.agent,
      entry: written,
      createdFile: info.createdFile,
    };
  }
  return result;
}

/** The agent CLI calls that set or remove the entry. */
function cliCalls(
  layout: AgentLayout,
  exe: string,
  entry: Record<string, unknown> | undefined,
  existed: boolean,
): string[][] {
  if (layout.cli === "claude") {
    const remove = [exe, "mcp", "remove", "--scope", "user", SKILL_NAME];
    if (entry === undefined) return [remove];
    const add = [
      exe,
      "mcp",
      "add",
      "--scope",
      "user",
      SKILL_NAME,
      "--",
      entry.command as string,
      ...(entry.args as string[]),
    ];
    return existed ? [remove, add] : [add];
  }
  // openclaw: `mcp set` replaces the whole definition; `mcp unset` removes it.
  if (entry === undefined) return [[exe, "mcp", "unset", SKILL_NAME]];
  return [[exe, "mcp", "set", SKILL_NAME, JSON.stringify(entry)]];
}

/** Finds an executable on PATH (PATHEXT on Windows); undefined when absent. */
export async function findOnPath(
  name: string,
  host: HostEnv,
): Promise<string | undefined> {
  const sep = host.os === "windows" ? ";" : ":";
  const exts = host.os === "windows"
    ? (host.env.PATHEXT ?? ".EXE;.CMD;.BAT;.COM").split(";").filter(Boolean)
    : [""];
  for (const dir of (host.env.PATH ?? host.env.Path ?? "").split(sep)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = join(dir, name + ext.toLowerCase());
      try {
        const st = await Deno.stat(candidate);
        if (!st.isFile) continue;
        if (host.os !== "windows" && st.mode !== null && (st.mode & 0o111) === 0) continue;
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** Runs argv as a subprocess with `env` (when given) as its whole environment; captures stderr. */
export async function runArgv(
  argv: string[],
  env?: Record<string, string | undefined>,
): Promise<{ code: number; stderr: string }> {
  const clean = env
    ? Object.fromEntries(
      Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined),
    )
    : undefined;
  const out = await new Deno.Command(argv[0], {
    args: argv.slice(1),
    ...(clean ? { env: clean, clearEnv: true } : {}),
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}
