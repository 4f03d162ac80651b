/**
 * Turns argv words into a command's input object, guided by the input types of its fields (the
 * command's shape, from the generated table): numbers and booleans are coerced, array/object
 * options read JSON (inline, @file, @-). Validation proper comes after.
 */
import { DraftcliError } from "../errors.ts";
import type { CommandShape } from "../commands/shape.ts";
import { toCamel, toKebab } from "../commands/flag_names.ts";
import { findGlobalFlag, type GlobalOptions, takeGlobal } from "../commands/globals.ts";
import { parseJsonText, readJsonText } from "./json_input.ts";
import { parseDecimal } from "../text/decimal.ts";

/**
 * Parses the words after the command name into the raw input object. A global option (`--pretty`,
 * `--help`, `--drafts-dir x`) is recognised where an option may stand and recorded in `globals`;
 * a word that is the value of an option always belongs to that option, and `--` ends options.
 */
export async function parseCommandArgs(
  spec: CommandShape,
  words: string[],
  readStdin: () => Promise<string>,
  globals: GlobalOptions = { pretty: false, help: false, version: false },
): Promise<Record<string, unknown>> {
  const props = spec.fields;
  const aliases = spec.aliases;
  const positionals = spec.positionals;
  const input: Record<string, unknown> = {};
  const loose: string[] = [];
  let stdinUsed = false;
  const readOnce = () => {
    if (stdinUsed) {
      throw new DraftcliError("usage", "stdin (@-) can feed only one option per call");
    }
    stdinUsed = true;
    return readStdin();
  };

  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === "--") {
      loose.push(...words.slice(i + 1));
      break;
    }
    const global = findGlobalFlag(word);
    if (global) {
      i = takeGlobal(global, words, i, globals);
      continue;
    }
    if (!word.startsWith("--") || word.length < 3) {
      loose.push(word);
      continue;
    }
    let flag = word.slice(2);
    let value: string | undefined;
    const eq = flag.indexOf("=");
    if (eq >= 0) {
      value = flag.slice(eq + 1);
      flag = flag.slice(0, eq);
    }
    const given = toCamel(flag);
    const key = props[given] === undefined && aliases[given] ? aliases[given] : given;
    const type = props[key];
    if (!type || positionals.includes(key)) {
      const known = [...Object.keys(props), ...Object.keys(aliases)]
        .filter((k) => !positionals.includes(k)).map(toKebab);
      // Suggestions are worked out only for a wrong option (the module loads then).
      const near = (await import("../text/closest.ts")).closest(flag, known, 3);
      throw new DraftcliError("usage", `unknown option --${flag} for '${spec.name.join(" ")}'`, {
        hint: near.length
          ? `did you mean ${near.map((n) => "--" + n).join(", ")}?`
          : `see 'draftcli ${spec.name.join(" ")} --help'`,
        path: flag,
      });
    }
    if (type === "boolean") {
      if (value === undefined) input[key] = true;
      else if (value === "true" || value === "false") input[key] = value === "true";
      else {
        throw new DraftcliError("usage", `--${flag} takes true or false, got '${value}'`, {
          path: flag,
        });
      }
      continue;
    }
    if (value === undefined) {
      if (i + 1 >= words.length) {
        throw new DraftcliError("usage", `--${flag} needs a value`, {
          hint: `see 'draftcli ${spec.name.join(" ")} --help'`,
          path: flag,
        });
      }
      value = words[++i];
    }
    if (key in input) {
      throw new DraftcliError("usage", `--${flag} given more than once`, { path: flag });
    }
    input[key] = await coerce(value, type, flag, readOnce);
  }

  if (loose.length > positionals.length) {
    const extra = loose.slice(positionals.length);
    throw new DraftcliError("usage", `unexpected argument(s): ${extra.join(" ")}`, {
      hint: positionals.length
        ? `'${spec.name.join(" ")}' takes ${positionals.map((p) => `<${p}>`).join(" ")}`
        : `'${spec.name.join(" ")}' takes no positional arguments`,
    });
  }
  for (let i = 0; i < loose.length; i++) {
    const key = positionals[i];
    input[key] = await coerce(loose[i], props[key] ?? "string", key, readOnce);
  }
  return input;
}

async function coerce(
  value: string,
  type: string,
  flag: string,
  readStdin: () => Promise<string>,
): Promise<unknown> {
  if (type === "array" || type === "object") {
    const { text, source } = await readJsonText(value, flag, readStdin);
    return await parseJsonText(text, flag, source);
  }
  if (type === "integer" || type === "number") {
    const n = parseDecimal(value);
    if (n === undefined) {
      throw new DraftcliError("usage", `--${flag} takes a number, got '${value}'`, {
        hint: "write a plain decimal number such as 1080, 0.5 or 1e6",
        path: flag,
      });
    }
    return n;
  }
  return value;
}
