/**
 * Options every command understands, as data: the CLI parses them, and help, completions and the
 * generated docs list them, all from this one table.
 */
import { DraftcliError } from "../errors.ts";

/** The parsed global options of one invocation. */
export interface GlobalOptions {
  pretty: boolean;
  help: boolean;
  version: boolean;
  draftsDir?: string;
  envFile?: string;
}

/** One global option: its spellings, whether it takes a value, and its help text. */
export interface GlobalFlag {
  /** Spellings, long form first (`--help`, `-h`). */
  spellings: readonly string[];
  /** The GlobalOptions key it sets. */
  key: keyof GlobalOptions;
  /** Placeholder of its value (`<path>`); absent for switches. */
  value?: string;
  /** One line for help. */
  help: string;
}

/** Every global option, in help order. */
export const GLOBAL_FLAGS: readonly GlobalFlag[] = [
  { spellings: ["--pretty"], key: "pretty", help: "indent the JSON output" },
  {
    spellings: ["--drafts-dir"],
    key: "draftsDir",
    value: "<path>",
    help:
      "drafts folder to use (else $DRAFTCLI_DRAFTS_DIR, $CUT_DRAFTS_DIR, config, editor default)",
  },
  {
    spellings: ["--env-file"],
    key: "envFile",
    value: "<path>",
    help: "read KEY=VALUE lines from this file into the environment first (set variables win)",
  },
  { spellings: ["--help", "-h"], key: "help", help: "show help" },
  { spellings: ["--version", "-V"], key: "version", help: "print version and build target" },
];

/** `[flags, help]` rows for help screens and completions (`--drafts-dir <path>`). */
export const GLOBAL_OPTIONS: ReadonlyArray<[string, string]> = GLOBAL_FLAGS.map((f) => [
  f.spellings.join(", ") + (f.value ? ` ${f.value}` : ""),
  f.help,
]);

/** The global option a word names (`--pretty`, `-h`, `--drafts-dir=x`), if any. */
export function findGlobalFlag(word: string): { flag: GlobalFlag; inline?: string } | undefined {
  const eq = word.startsWith("--") ? word.indexOf("=") : -1;
  const name = eq >= 0 ? word.slice(0, eq) : word;
  const flag = GLOBAL_FLAGS.find((f) => f.spellings.includes(name));
  if (!flag || (eq >= 0 && !flag.value)) return undefined;
  return eq >= 0 ? { flag, inline: word.slice(eq + 1) } : { flag };
}

/**
 * Records the global option found at `words[i]` in `globals` and returns the index of the last
 * word it used (its value, for options that take one).
 */
export function takeGlobal(
  found: { flag: GlobalFlag; inline?: string },
  words: readonly string[],
  i: number,
  globals: GlobalOptions,
): number {
  const { flag, inline } = found;
  const name = flag.spellings[0];
  if (!flag.value) {
    (globals as unknown as Record<string, unknown>)[flag.key] = true;
    return i;
  }
  let value = inline;
  if (value === undefined) {
    if (i + 1 >= words.length) {
      throw new DraftcliError("usage", `${name} needs a value`, {
        hint: `write ${name} ${flag.value}`,
        path: name.slice(2),
      });
    }
    value = words[++i];
  }
  (globals as unknown as Record<string, unknown>)[flag.key] = value;
  return i;
}
