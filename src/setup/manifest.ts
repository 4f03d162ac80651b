/**
 * What `draftcli setup` wrote, so later runs can tell its own files and entries from ones the
 * user changed: a SHA-256 per skill file and the exact MCP entry per config file.
 */
import { atomicWrite, readTextOrNull } from "./setup_files.ts";

/** A skill file setup wrote. */
export interface FileRecord {
  target: string;
  sha256: string;
  /** Setup created the `draftcli` folder holding the file. */
  createdDir?: boolean;
}

/** An MCP entry setup wrote. */
export interface McpRecord {
  target: string;
  entry: unknown;
  /** Setup created the config file itself. */
  createdFile?: boolean;
}

/** The manifest file's content. */
export interface Manifest {
  version: 1;
  files: Record<string, FileRecord>;
  mcp: Record<string, McpRecord>;
}

/** An empty manifest. */
export function emptyManifest(): Manifest {
  return { version: 1, files: {}, mcp: {} };
}

/** Loads the manifest; a missing or unreadable one counts as empty (setup then trusts content). */
export async function loadManifest(path: string): Promise<Manifest> {
  const text = await readTextOrNull(path);
  if (text === null) return emptyManifest();
  try {
    const m = JSON.parse(text);
    if (m && m.version === 1 && typeof m.files === "object" && typeof m.mcp === "object") {
      return m as Manifest;
    }
  } catch {
    // fall through
  }
  return emptyManifest();
}

/** Saves the manifest atomically. */
export async function saveManifest(path: string, manifest: Manifest): Promise<void> {
  await atomicWrite(path, JSON.stringify(manifest, null, 2) + "\n");
}
