/**
 * This runtime's module cache folder, for benchmarks that give their subprocesses a scratch
 * HOME: without DENO_DIR each subprocess would start with an empty cache (transpiling every
 * module, fetching npm packages) and the figures would measure that instead of draftcli.
 */
export async function denoDir(): Promise<string> {
  const set = Deno.env.get("DENO_DIR");
  if (set) return set;
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" })
    .output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}
