/** Test helper: drives an MCP server subprocess over stdio as a client would. */

/** A running server process and a line-oriented JSON-RPC client for it. */
export class StdioClient {
  readonly child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #lines: string[] = [];
  #waiters: (() => void)[] = [];
  #stdoutDone: Promise<void>;
  #stderr: Promise<string>;
  #nextId = 1;

  /**
   * `cwd` defaults to the repository: never this process's working folder, which an in-process
   * test running in parallel may have moved into a folder it deletes while the server runs.
   */
  constructor(cmd: string, args: string[], env: Record<string, string>, cwd?: string) {
    this.child = new Deno.Command(cmd, {
      args,
      env,
      clearEnv: true,
      cwd: cwd ?? new URL("../../", import.meta.url).pathname,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.child.stdin.getWriter();
    this.#stdoutDone = this.#pump();
    this.#stderr = new Response(this.child.stderr).text();
  }

  async #pump(): Promise<void> {
    const decoder = new TextDecoderStream();
    let buf = "";
    for await (const chunk of this.child.stdout.pipeThrough(decoder)) {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        this.#lines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
      this.#waiters.splice(0).forEach((w) => w());
    }
    if (buf) this.#lines.push(buf);
    this.#waiters.splice(0).forEach((w) => w());
  }

  /** Every stdout line received so far. */
  get lines(): readonly string[] {
    return this.#lines;
  }

  /** Sends raw text (a newline is appended). */
  async sendRaw(text: string): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(text + "\n"));
  }

  /** Sends a notification. */
  async notify(method: string, params?: unknown): Promise<void> {
    await this.sendRaw(JSON.stringify({ jsonrpc: "2.0", method, params }));
  }

  /** Sends a request and waits (up to `timeoutMs`, default 10 s) for the response with its id. */
  async request(
    method: string,
    params?: unknown,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>> {
    const id = this.#nextId++;
    await this.sendRaw(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    return await this.waitFor((m) => m.id === id, timeoutMs);
  }

  /** Waits for a stdout message matching `pred` (every line must be JSON). */
  async waitFor(
    pred: (m: Record<string, unknown>) => boolean,
    timeoutMs = 10_000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      for (const line of this.#lines) {
        const m = JSON.parse(line);
        if (pred(m)) return m;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got:\n${this.#lines.join("\n")}`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((r) => this.#waiters.push(r)),
        new Promise<void>((r) => timer = setTimeout(r, left)),
      ]);
      clearTimeout(timer);
    }
  }

  /** Closes stdin and waits for the process to exit; returns its status and stderr. */
  async close(timeoutMs = 10_000): Promise<{ code: number; stderr: string }> {
    await this.#writer.close();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const status = await Promise.race([
      this.child.status,
      new Promise<null>((r) => timer = setTimeout(() => r(null), timeoutMs)),
    ]);
    clearTimeout(timer);
    if (status === null) {
      this.child.kill("SIGKILL");
      await this.child.status;
      await this.#stdoutDone;
      throw new Error("server did not exit after stdin closed");
    }
    await this.#stdoutDone;
    return { code: status.code, stderr: await this.#stderr };
  }
}
