/**
 * Helpers for tests of the project's own scripts and of commands an MCP client is given: each
 * runs a real subprocess.
 */

/** Stdout, stderr and exit code of a finished subprocess. */
export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a script of scripts/ (its file path) with read, write and run permission, and the
 * permissions its deno.json task adds (`extra`: env and ffi for the bundle's Rollup).
 */
export async function runScript(
  script: string,
  args: string[],
  extra: string[] = [],
): Promise<ScriptResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-run", ...extra, script, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/**
 * Starts `command args` as an MCP client would (only `env`, from `cwd`), sends `initialize` and
 * closes its input; gives the exit code, the server name of the first reply and stderr.
 */
export async function mcpInitialize(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number; serverName: unknown; stderr: string }> {
  const child = new Deno.Command(command, {
    args,
    env,
    clearEnv: true,
    cwd,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      },
    }) + "\n",
  ));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  const first = dec.decode(out.stdout).split("\n")[0];
  let serverName: unknown;
  try {
    serverName = JSON.parse(first).result?.serverInfo?.name;
  } catch { /* no JSON reply: serverName stays undefined */ }
  return { code: out.code, serverName, stderr: dec.decode(out.stderr) };
}
