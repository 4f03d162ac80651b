/**
 * The command-line front: finds the command named by argv, parses its inputs, validates them
 * with the command's schema, runs it and prints JSON. Errors go to stderr as JSON with the
 * documented exit code.
 */
import { DraftcliError, toDraftcliError } from "../errors.ts";
import { validate } from "../schema/validate.ts";
import { TARGET, VERSION } from "../version.ts";
import { parseCommandArgs } from "./args.ts";
import { commandHelp, overviewHelp } from "./help.ts";
import type { AnyCommandSpec, CommandContext } from "./spec.ts";
import { closest } from "../text/closest.ts";
import { makeContext } from "./context.ts";
import { redactText } from "../text/redact.ts";

/** The process's streams and environment, injectable for tests. */
export interface AppIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  env: Record<string, string | undefined>;
  /** Is stderr a terminal (for progress output)? */
  stderrIsTerminal?: boolean;
}

interface GlobalFlags {
  pretty: boolean;
  draftsDir?: string;
  help: boolean;
  version: boolean;
  rest: string[];
}

function takeGlobalFlags(argv: string[]): GlobalFlags {
  const out: GlobalFlags = { pretty: false, help: false, version: false, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      out.rest.push(...argv.slice(i));
      break;
    }
    if (a === "--pretty") out.pretty = true;
    else if (a === "--help" || a === "-h") out.help = true;
    else if (a === "--version" || a === "-V") out.version = true;
    else if (a === "--drafts-dir") {
      if (i + 1 >= argv.length) {
        throw new DraftcliError("usage", "--drafts-dir needs a value", { path: "drafts-dir" });
      }
      out.draftsDir = argv[++i];
    } else if (a.startsWith("--drafts-dir=")) out.draftsDir = a.slice("--drafts-dir=".length);
    else out.rest.push(a);
  }
  return out;
}

function findSpec(
  specs: readonly AnyCommandSpec[],
  words: string[],
): { spec?: AnyCommandSpec; used: number } {
  let best: AnyCommandSpec | undefined;
  let used = 0;
  for (const spec of specs) {
    const n = spec.name.length;
    if (n > used && spec.name.every((w, i) => words[i] === w)) {
      best = spec;
      used = n;
    }
  }
  return { spec: best, used };
}

/** Runs one CLI invocation; returns the exit code. */
export async function runApp(
  argv: string[],
  specs: readonly AnyCommandSpec[],
  io: AppIO,
): Promise<number> {
  let pretty = false;
  try {
    const flags = takeGlobalFlags(argv);
    pretty = flags.pretty;
    if (flags.version && flags.rest.length === 0) {
      io.stdout(`draftcli ${VERSION} ${TARGET}\n`);
      return 0;
    }
    const positionalWords = flags.rest.filter((w) => !w.startsWith("-"));
    const { spec, used } = findSpec(specs, flags.rest);
    if (!spec) {
      const groups = new Set(specs.map((s) => s.name[0]));
      const first = positionalWords[0];
      if (first && groups.has(first) && (flags.help || positionalWords.length === 1)) {
        io.stdout(overviewHelp(specs, first) + "\n");
        return flags.help ? 0 : 2;
      }
      if (!first) {
        io.stdout(overviewHelp(specs) + "\n");
        return flags.help ? 0 : 2;
      }
      const names = specs.map((s) => s.name.join(" "));
      const asked = positionalWords.slice(0, 2).join(" ");
      throw new DraftcliError("usage", `unknown command '${asked}'`, {
        hint: `did you mean: ${closest(asked, names, 3).join(", ")}? Run 'draftcli --help'.`,
      });
    }
    if (flags.help) {
      io.stdout(commandHelp(spec) + "\n");
      return 0;
    }
    const raw = await parseCommandArgs(spec, flags.rest.slice(used), io.readStdin);
    const input = validate(spec.input, raw);
    const ctx: CommandContext = makeContext({
      env: io.env,
      draftsDirFlag: flags.draftsDir,
      warn: (m) => io.stderr(`warning: ${redactText(m)}\n`),
    });
    const result = await spec.run(input, ctx);
    try {
      if (typeof result === "string") {
        // Text results (docs, completion scripts) are printed as they are, not as JSON.
        io.stdout(result.endsWith("\n") ? result : result + "\n");
      } else if (result !== undefined) {
        io.stdout(JSON.stringify(result, null, pretty ? 2 : undefined) + "\n");
      }
    } catch (err) {
      if (spec.mutates) throw savedButNotPrinted(spec.name.join(" "), err);
      throw err;
    }
    return 0;
  } catch (err) {
    const e = toDraftcliError(err);
    if (e.output !== undefined) {
      io.stdout(JSON.stringify(e.output, null, pretty ? 2 : undefined) + "\n");
    }
    if (e.code === "internal" && io.env.DRAFTCLI_DEBUG) {
      io.stderr(String((err as Error)?.stack ?? err) + "\n");
    }
    io.stderr(JSON.stringify({ error: e.toJSON() }, null, pretty ? 2 : undefined) + "\n");
    return e.exitCode;
  }
}

/**
 * The error for output that could not be written after a command committed its change (a
 * closed pipe): says the change is saved, so a caller does not retry and apply it twice.
 */
function savedButNotPrinted(command: string, err: unknown): DraftcliError {
  const cause = toDraftcliError(err);
  return new DraftcliError(
    "io_error",
    `${command}: the change was saved, but its result could not be printed (${cause.message})`,
    {
      hint: "do not run the same command again without --request-id (it would apply twice); " +
        "read the result with " +
        "'draftcli draft info <draftId>' or the group's 'list' command",
    },
  );
}
