/**
 * A stdio MCP server over the command specs, hand-rolled on the small JSON-RPC layer in
 * jsonrpc.ts (the official SDK costs ~75 ms of start-up per CLI call; see docs/AGENTS.md).
 *
 * Speaks the `initialize` flow of revisions 2024-11-05 … 2025-11-25 and the stateless
 * 2026-07-28 flow (`server/discover`, protocol version in each request's `_meta`).
 * Only JSON-RPC goes to `io.write`; diagnostics go to `io.log` (stderr).
 */
import { PATH_RULE } from "../text/path_rule.ts";
import type { AnyCommandSpec, CommandContext } from "../commands/spec.ts";
import { closest, editDistance } from "../text/closest.ts";
import { VERSION } from "../version.ts";
import {
  classify,
  errorMessage,
  frame,
  MAX_LINE_BYTES,
  readLines,
  resultMessage,
  RpcErrorCode,
  RpcFailure,
} from "./jsonrpc.ts";
import { callTool, exposedSpecs, toolFor, toolName } from "./tools.ts";
import { isObject } from "../fast_input.ts";

/** Revisions negotiated with `initialize`, newest first. */
export const INITIALIZE_PROTOCOL_VERSIONS: readonly string[] = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
];

/** Stateless revisions (version carried in each request's `_meta`), newest first. */
export const STATELESS_PROTOCOL_VERSIONS: readonly string[] = ["2026-07-28"];

const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

/** Name and version the server reports. */
export const SERVER_INFO = { name: "draftcli", version: VERSION } as const;

/** Short guidance sent to clients in `initialize` / `server/discover`. */
export const SERVER_INSTRUCTIONS =
  "draftcli builds editable JianYing Pro (剪映) / CapCut drafts (project folders the user opens " +
  "in the editor), not rendered videos. Create a draft first and pass its draftId to the other " +
  "tools. Times are integer microseconds (1 s = 1000000). Positions are normalised: 0,0 is the " +
  "canvas centre, ±1 the edges, y points up. Files are " + PATH_RULE +
  " (relative to the server's folder). Results are JSON; failures come back with isError and " +
  '{"error":{"code","message","hint","path"}} — fix the input named by path and retry. ' +
  'A tool\'s fields, output and examples: docs {"topic":"<tool name>"}.';

/** Where the server reads requests and writes responses. */
export interface McpIo {
  /** Newline-delimited JSON-RPC from the client. */
  input: ReadableStream<Uint8Array>;
  /** Writes one framed line to the client (stdout). */
  write(line: string): Promise<void>;
  /** A diagnostic for humans (stderr); never goes to the client. */
  log(message: string): void;
}

/** The process's stdin/stdout/stderr as an McpIo. */
export function stdioIo(): McpIo {
  const encoder = new TextEncoder();
  return {
    input: Deno.stdin.readable,
    async write(line) {
      let bytes = encoder.encode(line);
      while (bytes.length > 0) {
        const n = await Deno.stdout.write(bytes);
        bytes = bytes.subarray(n);
      }
    },
    log(message) {
      console.error(message);
    },
  };
}

/** Per-request protocol mode. */
interface Mode {
  stateless: boolean;
}

/**
 * One MCP session: answers parsed JSON-RPC values. Exposed for in-process tests; `serveMcp`
 * wraps it with the stdio framing.
 */
export class McpSession {
  #specs: AnyCommandSpec[];
  #byName: Map<string, AnyCommandSpec>;
  #makeContext: () => CommandContext;
  #log: (message: string) => void;
  #negotiated: string | undefined;
  /** tools/call runs one at a time (commands lock drafts; parallel writes would only collide). */
  #callQueue: Promise<unknown> = Promise.resolve();

  constructor(
    specs: readonly AnyCommandSpec[],
    makeContext: () => CommandContext,
    log: (message: string) => void = () => {},
  ) {
    this.#specs = exposedSpecs(specs);
    this.#byName = new Map(this.#specs.map((s) => [toolName(s), s]));
    this.#makeContext = makeContext;
    this.#log = log;
  }

  /** The protocol version agreed in `initialize`, if any. */
  get negotiatedVersion(): string | undefined {
    return this.#negotiated;
  }

  /** Answers one parsed message (or batch); `null` when nothing is to be sent back. */
  async handle(value: unknown): Promise<unknown | null> {
    if (Array.isArray(value)) {
      if (value.length === 0) {
        return errorMessage(null, {
          code: RpcErrorCode.invalidRequest,
          message: "Invalid Request: empty batch",
        });
      }
      const answers = await Promise.all(value.map((v) => this.#handleOne(v)));
      const out = answers.filter((a) => a !== null);
      return out.length ? out : null;
    }
    return await this.#handleOne(value);
  }

  async #handleOne(value: unknown): Promise<unknown | null> {
    const msg = classify(value);
    switch (msg.kind) {
      case "invalid":
        return errorMessage(msg.id, {
          code: RpcErrorCode.invalidRequest,
          message: `Invalid Request: ${msg.reason}`,
        });
      case "response":
        return null;
      case "notification":
        // notifications/initialized, notifications/cancelled, …: nothing to answer.
        return null;
      case "request":
        try {
          return resultMessage(msg.id, await this.#dispatch(msg.method, msg.params));
        } catch (err) {
          if (err instanceof RpcFailure) {
            return errorMessage(msg.id, { code: err.code, message: err.message, data: err.data });
          }
          this.#log(
            `draftcli mcp: ${msg.method} failed: ${err instanceof Error ? err.stack : err}`,
          );
          return errorMessage(msg.id, {
            code: RpcErrorCode.internalError,
            message: `Internal error: ${err instanceof Error ? err.message : String(err)}`,
          });
        }
    }
  }

  async #dispatch(method: string, params: unknown): Promise<Record<string, unknown>> {
    const p = isObject(params) ? params : {};
    const mode = this.#mode(p);
    const finish = (result: Record<string, unknown>) =>
      mode.stateless
        ? { ...result, resultType: "complete", _meta: { [META_SERVER_INFO]: SERVER_INFO } }
        : result;
    switch (method) {
      case "initialize":
        return this.#initialize(p);
      case "server/discover":
        return finish({
          supportedVersions: [...STATELESS_PROTOCOL_VERSIONS],
          capabilities: { tools: { listChanged: false } },
          instructions: SERVER_INSTRUCTIONS,
        });
      case "ping":
        return finish({});
      case "tools/list": {
        const result: Record<string, unknown> = { tools: this.#specs.map(toolFor) };
        if (mode.stateless) Object.assign(result, { ttlMs: 0, cacheScope: "private" });
        return finish(result);
      }
      case "tools/call":
        return finish(await this.#call(p, mode));
      default:
        throw new RpcFailure(RpcErrorCode.methodNotFound, `Method not found: ${method}`);
    }
  }

  #mode(params: Record<string, unknown>): Mode {
    const meta = isObject(params._meta) ? params._meta : undefined;
    const claimed = meta?.[META_PROTOCOL_VERSION];
    if (claimed === undefined) return { stateless: false };
    if (typeof claimed === "string" && STATELESS_PROTOCOL_VERSIONS.includes(claimed)) {
      return { stateless: true };
    }
    if (typeof claimed === "string" && INITIALIZE_PROTOCOL_VERSIONS.includes(claimed)) {
      return { stateless: false };
    }
    throw new RpcFailure(
      RpcErrorCode.unsupportedProtocolVersion,
      `Unsupported protocol version: ${String(claimed)}`,
      {
        supported: [...STATELESS_PROTOCOL_VERSIONS, ...INITIALIZE_PROTOCOL_VERSIONS],
        requested: claimed,
      },
    );
  }

  #initialize(params: Record<string, unknown>): Record<string, unknown> {
    const asked = params.protocolVersion;
    const version = typeof asked === "string" && INITIALIZE_PROTOCOL_VERSIONS.includes(asked)
      ? asked
      : INITIALIZE_PROTOCOL_VERSIONS[0];
    this.#negotiated = version;
    return {
      protocolVersion: version,
      capabilities: { tools: { listChanged: false } },
      serverInfo: { ...SERVER_INFO },
      instructions: SERVER_INSTRUCTIONS,
    };
  }

  async #call(params: Record<string, unknown>, mode: Mode): Promise<Record<string, unknown>> {
    const name = params.name;
    if (typeof name !== "string") {
      throw new RpcFailure(RpcErrorCode.invalidParams, "tools/call needs params.name (a string)");
    }
    const spec = this.#byName.get(name);
    if (!spec) {
      const near = closest(name, [...this.#byName.keys()], 3)
        .filter((c) => editDistance(name, c) <= Math.max(2, Math.floor(name.length / 3)));
      throw new RpcFailure(
        RpcErrorCode.invalidParams,
        `Unknown tool: ${name}${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}`,
        { suggestions: near },
      );
    }
    // structuredContent arrived in 2025-06-18; older clients get the text block only.
    const structured = mode.stateless || this.#negotiated === undefined ||
      this.#negotiated >= "2025-06-18";
    const run = () =>
      callTool(spec, params.arguments, this.#makeContext(), {
        structured,
        log: this.#log,
        specs: this.#specs,
      });
    const done = this.#callQueue.then(run, run);
    this.#callQueue = done.catch(() => {});
    return { ...(await done) };
  }
}

/**
 * Serves MCP over newline-delimited JSON-RPC until the input ends, then resolves once every
 * pending answer has been written. Malformed lines get a -32700 error with a null id. A line
 * (one message) may hold at most `MAX_LINE_BYTES` (8 MiB); a longer one is dropped as it is read
 * and answered with a -32600 error with a null id, and the next line is served as usual.
 */
export async function serveMcp(
  specs: readonly AnyCommandSpec[],
  makeContext: () => CommandContext,
  io: McpIo = stdioIo(),
): Promise<void> {
  const session = new McpSession(specs, makeContext, io.log);
  let writeChain: Promise<void> = Promise.resolve();
  let outputClosed = false;
  const send = (message: unknown) => {
    writeChain = writeChain.then(async () => {
      if (outputClosed) return;
      try {
        await io.write(frame(message));
      } catch (err) {
        outputClosed = true;
        io.log(`draftcli mcp: cannot write to the client, stopping: ${err}`);
      }
    });
  };
  const pending = new Set<Promise<void>>();
  for await (const line of readLines(io.input)) {
    if (outputClosed) break;
    if (typeof line !== "string") {
      send(errorMessage(null, {
        code: RpcErrorCode.invalidRequest,
        message: `Invalid Request: a line of ${line.bytes} bytes is over the limit of ` +
          `${MAX_LINE_BYTES} bytes (8 MiB) per message; it was not read`,
      }));
      continue;
    }
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      send(errorMessage(null, {
        code: RpcErrorCode.parseError,
        message: `Parse error: ${err instanceof Error ? err.message : String(err)}`,
      }));
      continue;
    }
    const task = session.handle(value).then((answer) => {
      if (answer !== null) send(answer);
    }, (err) => io.log(`draftcli mcp: unexpected failure: ${err}`));
    pending.add(task);
    task.finally(() => pending.delete(task));
  }
  await Promise.all(pending);
  await writeChain;
}
