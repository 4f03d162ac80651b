/**
 * The command-line front: finds the command named by argv in the registry's static table, loads
 * only that command's module, parses and validates its inputs, runs it and prints JSON. Errors
 * go to stderr as JSON with the documented exit code.
 *
 * Argv grammar: `draftcli [global options] <command words> [arguments and options]`. Global
 * options (`--pretty`, `--drafts-dir <path>`, `--help`, `--version`) may also stand wherever an
 * option may; a word that is an option's value always belongs to that option; `--` ends options.
 */
import { DraftcliError, toDraftcliError } from "../errors.ts";
import { versionLine } from "../version.ts";
import {
  type CommandEntry,
  type CommandModule,
  findCommand,
  loadSpec,
} from "../commands/registry.ts";
import {
  findGlobalFlag,
  GLOBAL_FLAGS,
  type GlobalOptions,
  takeGlobal,
} from "../commands/globals.ts";
import type { AnyCommandSpec, CommandContext } from "../commands/spec.ts";
import type { CommandShape } from "../commands/shape.ts";
import { redactedJsonText, redactText } from "../text/redact.ts";
import { parseCommandArgs } from "./args.ts";

/** The process's streams and environment, injectable for tests. */
export interface AppIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  env: Record<string, string | undefined>;
  /** Is stderr a terminal (for progress output)? */
  stderrIsTerminal?: boolean;
  /** Starts the MCP front-end with this context (wired by the entry point; see `mcp`). */
  serveMcp?(ctx: CommandContext): Promise<void>;
}

/** The words before the first option-like word, after leading global options. */
interface Leading {
  globals: GlobalOptions;
  /** Index in argv of the first command word. */
  start: number;
}

/** Takes the global options in front of the command words; any other option there is an error. */
async function leadingGlobals(argv: readonly string[]): Promise<Leading> {
  const globals: GlobalOptions = { pretty: false, help: false, version: false };
  let i = 0;
  for (; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--" || !word.startsWith("-") || word === "-") break;
    const found = findGlobalFlag(word);
    if (!found) {
      const known = GLOBAL_FLAGS.flatMap((f) => f.spellings);
      const { closest } = await import("../text/closest.ts"); // only for a wrong option
      const near = closest(word, known, 3);
      throw new DraftcliError("usage", `unknown option ${word} before the command`, {
        hint: `options before the command can only be ${known.join(", ")}` +
          (near.length ? ` (did you mean ${near.join(", ")}?)` : "") +
          "; a command's own options go after its name, e.g. 'draftcli draft list --pretty'",
        path: word.replace(/^-+/, "").split("=")[0],
      });
    }
    i = takeGlobal(found, argv, i, globals);
  }
  return { globals, start: i };
}

/** A write to stdout that failed because the reader closed it (`| head`, a reader that died). */
class StdoutClosed extends Error {}

/** `io` whose stdout throws `StdoutClosed` on a closed pipe (other failures pass through). */
function guardStdout(io: AppIO): AppIO {
  return {
    ...io,
    stdout(text: string) {
      try {
        io.stdout(text);
      } catch (err) {
        if (err instanceof Deno.errors.BrokenPipe) throw new StdoutClosed(err.message);
        throw err;
      }
    },
  };
}

/** Text this long is written apart from its newline (see `writeLine`). */
const LONG_LINE = 1 << 12;

/**
 * Writes `text` and a newline: a long text in two writes, since `text + "\n"` is copied whole
 * when it is encoded (~0.5 MB for a 1,000-item add's output).
 */
function writeLine(io: AppIO, text: string): void {
  if (text.length < LONG_LINE) return io.stdout(text + "\n");
  io.stdout(text);
  io.stdout("\n");
}

/**
 * A command's output rendered before the command ended (`CommandContext.resultReady`: while its
 * save's files were flushed), printed once the command has ended if the command returned that
 * very result; any other result is rendered then. With `check` (the test suite), the early text
 * must be what the result renders to at the end: a result changed after it was handed over
 * fails the call.
 */
export class EarlyOutput {
  #result: unknown;
  #text: string | undefined;

  constructor(readonly indent: number | undefined, readonly check: boolean) {}

  /** Renders `result` now (for `CommandContext.resultReady`); a failure is left to `textOf`. */
  readonly take = (result: unknown): void => {
    try {
      this.#text = redactedJsonText(result, this.indent);
      this.#result = result;
    } catch {
      this.#text = this.#result = undefined; // rendered again at the end, which reports it
    }
  };

  /** The output text of the command's result. */
  textOf(result: unknown): string {
    const early = this.#text;
    if (early === undefined || result !== this.#result) {
      return redactedJsonText(result, this.indent);
    }
    if (this.check && early !== redactedJsonText(result, this.indent)) {
      throw new DraftcliError("internal", "the result changed after it was rendered early");
    }
    return early;
  }
}

/** Runs one CLI invocation; returns the exit code. */
export async function runApp(argv: string[], rawIo: AppIO): Promise<number> {
  const io = guardStdout(rawIo);
  let pretty = argv.includes("--pretty");
  try {
    const { globals, start } = await leadingGlobals(argv);
    pretty = globals.pretty;
    const rest = argv.slice(start);
    const words: string[] = [];
    for (const w of rest) {
      if (w.startsWith("-")) break;
      words.push(w);
    }
    if (globals.version && words.length === 0) {
      io.stdout(versionLine());
      return 0;
    }
    // Everything a run needs is loaded in one step: the command's entry module (its row,
    // validator, handler and operation, the context and the fast path), which main.ts started
    // loading.
    const found = await findCommand(words);
    if (!found) return await (await import("./no_command.ts")).noCommand(words, rest, globals, io);
    const { entry, command, used } = found;
    // Its argv shape comes with its entry module.
    const shape: CommandShape = { ...entry, fields: command.fields, aliases: command.aliases };
    const raw = await parseCommandArgs(shape, rest.slice(used), io.readStdin, globals);
    pretty = globals.pretty;
    if (globals.help) {
      const [spec, { commandHelp }] = await Promise.all([loadSpec(entry), import("./help.ts")]);
      io.stdout(commandHelp(spec) + "\n");
      return 0;
    }
    const early = new EarlyOutput(pretty ? 2 : undefined, Boolean(io.env.DRAFTCLI_CHECK_FAST));
    const result = await runEntry(entry, command, raw, globals, io, early);
    try {
      if (typeof result === "string") {
        // Text results (docs, completion scripts) are printed as they are, not as JSON.
        io.stdout(result.endsWith("\n") ? result : result + "\n");
      } else if (result !== undefined) {
        writeLine(io, early.textOf(result));
      }
    } catch (err) {
      if (entry.mutates) throw savedButNotPrinted(entry.name.join(" "), err);
      throw err;
    }
    return 0;
  } catch (err) {
    const e = err instanceof StdoutClosed ? stdoutClosed() : toDraftcliError(err);
    if (e.output !== undefined) {
      try {
        io.stdout(redactedJsonText(e.output, pretty ? 2 : undefined) + "\n");
      } catch (lost) {
        if (!(lost instanceof StdoutClosed)) throw lost; // the error below still says what failed
      }
    }
    if (e.code === "internal" && io.env.DRAFTCLI_DEBUG) {
      io.stderr(String((err as Error)?.stack ?? err) + "\n");
    }
    io.stderr(JSON.stringify({ error: e.toJSON() }, null, pretty ? 2 : undefined) + "\n");
    return e.exitCode;
  }
}

/**
 * Runs one command: through its fast validator and handler when it has them (no zod loaded),
 * else (or when the fast validator refuses the input) through its spec's zod schema, which
 * words the error. Under DRAFTCLI_CHECK_FAST=1 (the test suite) both paths must agree.
 */
async function runEntry(
  entry: CommandEntry,
  command: CommandModule | undefined,
  raw: Record<string, unknown>,
  globals: GlobalOptions,
  io: AppIO,
  early: EarlyOutput,
): Promise<unknown> {
  // Already loaded with the command's entry module, when it has one.
  const [{ makeContext }, { runFast }] = await Promise.all([
    import("../commands/make_context.ts"),
    import("../commands/fast_run.ts"),
  ]);
  const env = globals.envFile === undefined
    ? io.env
    : { ...(await import("./env_file.ts")).readEnvFile(globals.envFile), ...io.env };
  const ctx: CommandContext = makeContext({
    env,
    draftsDirFlag: globals.draftsDir,
    warn: (m) => io.stderr(`warning: ${redactText(m)}\n`),
  });
  ctx.progress = (m) => io.stderr(`${redactText(m)}\n`);
  ctx.resultReady = early.take;
  if (io.serveMcp) {
    const serve = io.serveMcp;
    ctx.serveMcp = () => serve(ctx);
  }
  // An input too deeply nested to copy (hostile input) is not cross-checked.
  const original = io.env.DRAFTCLI_CHECK_FAST && entry.fast ? copyOf(raw) : undefined;
  const checking = original !== undefined;
  const fast = await runFast(
    entry,
    command,
    raw,
    ctx,
    checking ? (input) => crossCheck(entry, original, input) : undefined,
  );
  if (fast.ran) return fast.result;
  const { spec, input } = await viaZod(entry, raw);
  if (checking && entry.exact) {
    throw new DraftcliError(
      "internal",
      `fast validator of '${entry.name.join(" ")}' refused ` +
        `input that zod accepts: ${JSON.stringify(original).slice(0, 500)}`,
    );
  }
  return await spec.run(input, ctx);
}

/** A deep copy of `value`, or undefined when it is too deeply nested to copy. */
function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

/** The command's spec and its input validated by the spec's zod schema (loads zod). */
async function viaZod(
  entry: CommandEntry,
  raw: unknown,
): Promise<{ spec: AnyCommandSpec; input: unknown }> {
  const [spec, { validate }] = await Promise.all([
    loadSpec(entry),
    import("../schema/parse_input.ts"),
  ]);
  return { spec, input: validate(spec.input, raw) };
}

/** DRAFTCLI_CHECK_FAST: the zod path must parse `raw` to the fast validator's `input`. */
async function crossCheck(entry: CommandEntry, raw: unknown, input: unknown): Promise<void> {
  let expected: string;
  try {
    expected = JSON.stringify((await viaZod(entry, raw)).input);
  } catch (err) {
    throw new DraftcliError(
      "internal",
      `fast validator of '${entry.name.join(" ")}' accepted ` +
        `input that zod refuses (${(err as Error).message}): ${JSON.stringify(raw).slice(0, 300)}`,
    );
  }
  if (expected !== JSON.stringify(input)) {
    throw new DraftcliError(
      "internal",
      `fast validator of '${entry.name.join(" ")}' differs ` +
        `from zod: ${JSON.stringify(input).slice(0, 300)} vs ${expected.slice(0, 300)}`,
    );
  }
}

const RETRY_HINT = "do not run the same command again without --request-id (it would apply " +
  "twice); read the result with 'draftcli draft info <draftId>' or the group's 'list' command";

/** The error of a command that changed nothing and whose stdout was closed before it printed. */
function stdoutClosed(): DraftcliError {
  return new DraftcliError(
    "stdout_closed",
    "stdout was closed before the output was written (a reader such as 'head' or a failed " +
      "'jq' stopped reading)",
    {
      hint: "no draft was changed: run the command again and read its whole output, or " +
        "redirect it to a file and read that",
    },
  );
}

/**
 * The error for output that could not be written after a command committed its change (a
 * closed pipe, a failed write): says the change is saved, so a caller does not apply it twice.
 */
function savedButNotPrinted(command: string, err: unknown): DraftcliError {
  if (err instanceof StdoutClosed) {
    return new DraftcliError(
      "stdout_closed",
      `${command}: the change was saved, but stdout was closed before its result was written`,
      { hint: RETRY_HINT },
    );
  }
  const cause = toDraftcliError(err);
  return new DraftcliError(
    "io_error",
    `${command}: the change was saved, but its result could not be printed (${cause.message})`,
    { hint: RETRY_HINT },
  );
}
