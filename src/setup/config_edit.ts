/**
 * Reading and editing one named MCP server entry inside an agent's config file while keeping
 * everything else: JSON (Claude Code, Cursor), JSON5 (OpenClaw) and TOML (Codex).
 *
 * - JSON: parsed and re-serialised with the file's own indentation; every other key is kept.
 * - JSON5: a file that is plain JSON is edited like JSON. One that uses JSON5 syntax (comments,
 *   trailing commas, unquoted keys) can only be written back as plain JSON, which drops the
 *   comments: such an edit is flagged `lossy` and setup does it only with --force, after a backup.
 * - TOML: edited as text. Only the `[mcp_servers.<name>]` table (and its sub-tables) is removed
 *   or appended, so comments and layout elsewhere survive; the result is re-parsed and checked to
 *   hold the same data as before apart from the entry. If the entry is written some other way
 *   (inline table, dotted keys), the file is re-serialised instead and flagged `lossy`.
 */
// @ts-types="npm:json5@2.2.3/lib/index.d.ts"
import JSON5 from "json5";
import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import type { McpFormat } from "./agent_paths.ts";

/** A parsed config file. */
export interface ConfigDoc {
  /** The file's text, or null when it does not exist. */
  text: string | null;
  /** The parsed data ({} for a missing or blank file). */
  data: Record<string, unknown>;
  /** For JSON5: the text is not plain JSON, so a rewrite loses comments/formatting. */
  json5Only: boolean;
}

/** The result of an edit. */
export interface EditResult {
  text: string;
  /** Comments or formatting outside the entry are lost by this edit. */
  lossy: boolean;
}

/** A parse failure with a human message. */
export class ConfigParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigParseError";
  }
}

/** Parses a config file's text in its format. */
export function parseConfig(text: string | null, format: McpFormat): ConfigDoc {
  if (text === null || text.trim() === "") return { text, data: {}, json5Only: false };
  let data: unknown;
  let json5Only = false;
  try {
    if (format === "toml") {
      data = parseToml(text);
    } else {
      try {
        data = JSON.parse(text);
      } catch (err) {
        if (format !== "json5") throw err;
        data = JSON5.parse(text);
        json5Only = true;
      }
    }
  } catch (err) {
    throw new ConfigParseError(err instanceof Error ? err.message : String(err));
  }
  if (!isObject(data)) throw new ConfigParseError("the top level is not an object");
  return { text, data, json5Only };
}

/** The entry at `path` + `name`, or undefined. Throws ConfigParseError if a container is not an object. */
export function getEntry(doc: ConfigDoc, path: readonly string[], name: string): unknown {
  let node: unknown = doc.data;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
    if (node === undefined) return undefined;
  }
  if (!isObject(node)) {
    throw new ConfigParseError(`${path.join(".")} is not an object`);
  }
  return node[name];
}

/** The config text with the entry set (or removed when `entry` is undefined). */
export function withEntry(
  doc: ConfigDoc,
  format: McpFormat,
  path: readonly string[],
  name: string,
  entry: unknown | undefined,
): EditResult {
  if (format === "toml") return tomlWithEntry(doc, path, name, entry);
  const data = structuredClone(doc.data);
  setIn(data, path, name, entry);
  const indent = detectIndent(doc.text);
  const newline = doc.text === null || doc.text.endsWith("\n") ? "\n" : "";
  return { text: JSON.stringify(data, null, indent) + newline, lossy: doc.json5Only };
}

/** True when the data holds nothing but (possibly nested) empty objects. */
export function isEffectivelyEmpty(value: unknown): boolean {
  return isObject(value) && Object.values(value).every(isEffectivelyEmpty);
}

function setIn(
  data: Record<string, unknown>,
  path: readonly string[],
  name: string,
  entry: unknown | undefined,
): void {
  let node = data;
  for (const key of path) {
    if (!isObject(node[key])) {
      if (entry === undefined) return;
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
  }
  if (entry === undefined) delete node[name];
  else node[name] = entry;
}

function detectIndent(text: string | null): string | number {
  const m = text ? /^([ \t]+)\S/m.exec(text) : null;
  return m ? m[1] : 2;
}

const TOML_BARE_KEY = /^[A-Za-z0-9_-]+$/;

function tomlKey(key: string): string {
  return TOML_BARE_KEY.test(key) ? key : JSON.stringify(key);
}

/** Splits a TOML table header's dotted key into parts (bare, "basic" or 'literal' keys). */
function headerKeys(line: string): string[] | null {
  const m = /^\s*\[(?!\[)(.*)\]\s*(#.*)?$/.exec(line);
  if (!m) return null;
  const keys: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  const body = m[1];
  re.lastIndex = 0;
  while (re.lastIndex < body.length) {
    const k = re.exec(body);
    if (!k) return null;
    keys.push(k[1] !== undefined ? JSON.parse(`"${k[1]}"`) : k[2] ?? k[3]);
    if (k[4] === "") break;
  }
  return keys;
}

function isHeader(line: string): boolean {
  return /^\s*\[/.test(line);
}

function tomlWithEntry(
  doc: ConfigDoc,
  path: readonly string[],
  name: string,
  entry: unknown | undefined,
): EditResult {
  const target = [...path, name];
  const lines = (doc.text ?? "").split("\n");
  const kept: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (isHeader(line)) {
      const keys = headerKeys(line);
      skipping = keys !== null && target.every((k, i) => keys[i] === k);
      if (skipping) continue;
    }
    if (!skipping) kept.push(line);
  }
  let text = kept.join("\n").replace(/\s+$/, "");
  if (entry !== undefined) {
    const header = `[${target.map(tomlKey).join(".")}]`;
    const body = stringifyToml(entry as Record<string, unknown>).trim();
    text += (text ? "\n\n" : "") + `${header}\n${body}`;
  }
  text = text ? text + "\n" : "";
  // Check: same data as before apart from the entry.
  const expected = structuredClone(doc.data);
  setIn(expected, path, name, entry);
  try {
    const got = text ? parseToml(text) : {};
    // Removing the last entry may leave `[mcp_servers]` empty or drop it; both are fine.
    if (deepEqual(got, expected) || deepEqual(got, pruneEmpty(expected, path))) {
      return { text, lossy: false };
    }
  } catch {
    // fall through to a full rewrite
  }
  return { text: stringifyToml(expected) + "\n", lossy: true };
}

/** A copy without the containers along `path` that are empty objects (innermost first). */
function pruneEmpty(
  data: Record<string, unknown>,
  path: readonly string[],
): Record<string, unknown> {
  const copy = structuredClone(data);
  for (let depth = path.length; depth > 0; depth--) {
    let parent: Record<string, unknown> = copy;
    for (const key of path.slice(0, depth - 1)) {
      if (!isObject(parent[key])) return copy;
      parent = parent[key] as Record<string, unknown>;
    }
    const last = path[depth - 1];
    const node = parent[last];
    if (isObject(node) && Object.keys(node).length === 0) delete parent[last];
  }
  return copy;
}

/** Structural equality of JSON-like values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
