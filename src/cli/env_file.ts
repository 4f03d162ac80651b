/**
 * `--env-file <path>`: reads a dotenv-style file (`KEY=VALUE` lines, `#` comments, optional
 * `export ` prefix, values optionally in matching single or double quotes).
 */
import { DraftcliError } from "../errors.ts";

/** Parses dotenv text; a line that is not `KEY=VALUE` is an error naming its line number. */
export function parseEnvText(text: string, source = "env file"): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) {
      throw new DraftcliError("usage", `${source}: line ${i + 1} is not KEY=VALUE`, {
        hint: "write one KEY=VALUE per line; # starts a comment",
        path: "env-file",
      });
    }
    let value = m[2];
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replaceAll("\\n", "\n").replaceAll('\\"', '"');
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    out[m[1]] = value;
  });
  return out;
}

/** Reads and parses the file of `--env-file`; a missing file is a usage error. */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (err) {
    const why = err instanceof Deno.errors.NotFound ? "no such file" : String(err);
    throw new DraftcliError("usage", `--env-file: cannot read ${path}: ${why}`, {
      hint: "pass the path of a .env file (KEY=VALUE lines)",
      path: "env-file",
    });
  }
  return parseEnvText(text, path);
}
