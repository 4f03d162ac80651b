/** Reads a JSON-valued option: inline JSON, `@path/to/file.json`, or `@-` (or `-`) for stdin. */
import { DraftcliError } from "../errors.ts";
import { markParsedClean } from "../schema/clean.ts";

/** Where a JSON option's text came from, for error messages. */
export type JsonSource = { kind: "inline" } | { kind: "file"; path: string } | { kind: "stdin" };

/** Loads the text behind an option value. */
export async function readJsonText(
  value: string,
  option: string,
  readStdin: () => Promise<string>,
): Promise<{ text: string; source: JsonSource }> {
  if (value === "@-" || value === "-") {
    return { text: await readStdin(), source: { kind: "stdin" } };
  }
  if (value.startsWith("@")) {
    const path = value.slice(1);
    try {
      return { text: Deno.readTextFileSync(path), source: { kind: "file", path } };
    } catch (err) {
      const why = err instanceof Deno.errors.NotFound ? "no such file" : String(err);
      throw new DraftcliError("usage", `--${option}: cannot read ${path}: ${why}`, {
        hint: "pass inline JSON, @path/to/file.json or @- for stdin",
        path: option,
      });
    }
  }
  return { text: value, source: { kind: "inline" } };
}

/**
 * Parses JSON text, reporting the line and column of a syntax error (the locating code loads
 * only for malformed text).
 */
export async function parseJsonText(
  text: string,
  option: string,
  source: JsonSource,
): Promise<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const { jsonErrorOffset, lineColumn } = await import("../text/json_locate.ts");
    const offset = jsonErrorOffset(text);
    let where = "";
    if (offset >= 0) {
      const { line, column } = lineColumn(text, offset);
      const near = JSON.stringify(text.slice(Math.max(0, offset - 10), offset + 10));
      where = ` at line ${line}, column ${column} (near ${near})`;
    }
    const from = source.kind === "file"
      ? ` in ${source.path}`
      : source.kind === "stdin"
      ? " from stdin"
      : "";
    throw new DraftcliError("invalid_json", `--${option}: malformed JSON${from}${where}`, {
      hint: "check quotes and brackets; in a shell wrap inline JSON in single quotes",
      path: option,
    });
  }
  markParsedClean(value, text);
  return value;
}
