/**
 * `docs` (Markdown manual) and `completions` (shell scripts) over the real registry: the manual,
 * a sample of topics and the scripts from real processes, the rest in-process (runApp).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { loadAllSpecs } from "../src/commands/registry.ts";
import { runApp } from "../src/cli/app.ts";
import { docTopics } from "../src/setup/skill.ts";
import { toKebab } from "../src/commands/flag_names.ts";
import { toJsonSchema } from "../src/schema/json_schema.ts";
import { type CliResult, runCli, runInProcess, tempWorld } from "./helpers/cli.ts";

const COMMANDS = await loadAllSpecs();

/** Runs many CLI calls, a few at a time. */
async function runAll(calls: string[][], env: Record<string, string>): Promise<CliResult[]> {
  const out: CliResult[] = new Array(calls.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < calls.length; i = next++) out[i] = await runCli(calls[i], { env });
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

function flagsOf(words: string[]): string[] {
  const spec = COMMANDS.find((s) => s.name.join(" ") === words.join(" "))!;
  const positionals = spec.positionals ?? [];
  return Object.keys(toJsonSchema(spec.input).properties ?? {})
    .filter((k) => !positionals.includes(k))
    .map((k) => `--${toKebab(k)}`);
}

async function hasShell(name: string): Promise<boolean> {
  try {
    const r = await new Deno.Command(name, {
      args: ["-c", "exit 0"],
      stdout: "null",
      stderr: "null",
    })
      .output();
    return r.success;
  } catch {
    return false;
  }
}

Deno.test("docs prints the whole manual as Markdown, naming every registered command", async () => {
  const w = await tempWorld();
  try {
    const r = await runCli(["docs"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.json, undefined, "Markdown, not JSON");
    assert(r.stdout.startsWith("# draftcli\n"), r.stdout.slice(0, 40));
    for (const heading of ["## Units and conventions", "## Errors and exit codes", "## Recipes"]) {
      assert(r.stdout.includes(heading), heading);
    }
    for (const spec of COMMANDS) {
      const usage = ["draftcli", ...spec.name, ...(spec.positionals ?? []).map((p) => `<${p}>`)]
        .join(" ");
      assert(r.stdout.includes(`### \`${usage}\``), `docs lists ${spec.name.join(" ")}`);
      for (const flag of flagsOf(spec.name)) {
        assert(r.stdout.includes(`\`${flag}\``), `docs lists ${spec.name.join(" ")} ${flag}`);
      }
    }
    for (const code of ["invalid_input", "draft_not_found", "locked", "unsupported_draft"]) {
      assert(r.stdout.includes(`\`${code}\``), code);
    }
    const pretty = await runInProcess(["docs", "--pretty"], { env: w.env });
    assertEquals(pretty.stdout, r.stdout, "--pretty does not turn text into JSON");
  } finally {
    await w.cleanup();
  }
});

Deno.test("docs <topic> works for every section, alias, group and command", async () => {
  const w = await tempWorld();
  try {
    const topics = docTopics(COMMANDS);
    const underscored = COMMANDS.filter((s) => s.name.length > 1).map((s) => s.name.join("_"));
    // Every topic through the app itself (same router and printing as the binary) …
    for (const topic of [...topics, ...underscored, "UNITS"]) {
      let out = "";
      let err = "";
      const code = await runApp(["docs", topic], {
        stdout: (t) => out += t,
        stderr: (t) => err += t,
        readStdin: () => Promise.resolve(""),
        env: w.env,
      });
      assertEquals(code, 0, `docs ${topic}: ${err}`);
      assert(out.trim().length > 40, `docs ${topic} prints something`);
      assert(!out.startsWith("{") && !out.startsWith('"'), `docs ${topic} is Markdown`);
    }
    // … and a sample of them through real subprocesses.
    const sample = ["overview", "basics", "ids", "errors", "commands", "recipes", "mcp", "query"];
    const results = await runAll(sample.map((t) => ["docs", t]), w.env);
    results.forEach((r, i) => {
      assertEquals(r.code, 0, `docs ${sample[i]}: ${r.stderr}`);
      assertEquals(r.json, undefined, `docs ${sample[i]} is Markdown`);
    });
    const add = await runInProcess(["docs", "captions add"], { env: w.env });
    assert(add.stdout.startsWith("### `draftcli captions add <draftId>`"), add.stdout);
    const underscore = await runInProcess(["docs", "captions_add"], { env: w.env });
    assertEquals(underscore.stdout, add.stdout);
  } finally {
    await w.cleanup();
  }
});

Deno.test("docs: unknown topics are errors with suggestions", async () => {
  const w = await tempWorld();
  try {
    const r = await runInProcess(["docs", "captons"], { env: w.env });
    assertEquals(r.code, 2, r.stderr);
    assertEquals(r.error?.code, "unknown_name");
    assert(r.error!.hint!.includes("'captions'"), r.error!.hint);
    assertEquals(r.stdout, "");
    const extra = await runInProcess(["docs", "images", "add"], { env: w.env });
    assertEquals([extra.code, extra.error?.code], [2, "usage"]);
    assert(extra.error!.message.includes("add"), extra.error!.message);
    const long = await runInProcess(["docs", "x".repeat(101)], { env: w.env });
    assertEquals([long.code, long.error?.code], [2, "invalid_input"]);
    const flag = await runInProcess(["docs", "--topic", "units"], { env: w.env });
    assertEquals([flag.code, flag.error?.code], [2, "usage"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("completions bash: parses and completes commands, subcommands, flags and values", async () => {
  const w = await tempWorld();
  try {
    const r = await runCli(["completions", "bash"], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.json, undefined);
    const script = `${w.root}/draftcli.bash`;
    await Deno.writeTextFile(script, r.stdout);
    const syntax = await new Deno.Command("bash", { args: ["-n", script], stderr: "piped" })
      .output();
    assertEquals(syntax.code, 0, new TextDecoder().decode(syntax.stderr));
    for (const spec of COMMANDS) {
      for (const word of spec.name) assert(r.stdout.includes(`'${word}'`), word);
      for (const flag of flagsOf(spec.name)) assert(r.stdout.includes(`'${flag}'`), flag);
    }

    // Drive the completion function the way bash does.
    const probe = async (...words: string[]) => {
      const src = `source '${script}'
COMP_WORDS=(${words.map((x) => `'${x}'`).join(" ")})
COMP_CWORD=${words.length - 1}
_draftcli
printf '%s\\n' "\${COMPREPLY[@]}"`;
      const out = await new Deno.Command("bash", { args: ["-c", src], stdout: "piped" }).output();
      return new TextDecoder().decode(out.stdout).split("\n").filter(Boolean).sort();
    };
    const groups = [...new Set(COMMANDS.map((s) => s.name[0]))].sort();
    assertEquals(await probe("draftcli", ""), groups);
    const draftSubs = COMMANDS.filter((s) => s.name[0] === "draft").map((s) => s.name[1]).sort();
    assertEquals(await probe("draftcli", "draft", ""), draftSubs);
    assertEquals(await probe("draftcli", "dr"), ["draft"]);
    assertEquals(await probe("draftcli", "draft", "create", "--editor", ""), [
      "capcut",
      "jianying",
    ]);
    assertEquals(await probe("draftcli", "query", "animations", "--type", ""), [
      "in",
      "loop",
      "out",
    ]);
    assertEquals(await probe("draftcli", "completions", ""), ["bash", "fish", "zsh"]);
    assertEquals(
      await probe("draftcli", "--drafts-dir", "/tmp", "draft", "create", "--width", "10", "--he"),
      ["--height", "--help"],
    );
    const flags = await probe("draftcli", "draft", "delete", "ID", "--");
    assertEquals(flags, ["--drafts-dir", "--help", "--pretty", "--version", "--yes"]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("completions zsh and fish parse (where those shells exist) and cover every command", async () => {
  const w = await tempWorld();
  try {
    for (const shell of ["zsh", "fish"]) {
      const r = await runCli(["completions", shell], { env: w.env });
      assertEquals(r.code, 0, r.stderr);
      for (const spec of COMMANDS) {
        for (const word of spec.name) assert(r.stdout.includes(`'${word}'`), `${shell}: ${word}`);
        for (const flag of flagsOf(spec.name)) {
          assert(
            r.stdout.includes(`'${flag}'`) || r.stdout.includes(`-l ${flag.slice(2)} `),
            `${shell}: ${spec.name.join(" ")} ${flag}`,
          );
        }
      }
      if (!(await hasShell(shell))) continue;
      const script = `${w.root}/draftcli.${shell}`;
      await Deno.writeTextFile(script, r.stdout);
      const syntax = await new Deno.Command(shell, { args: ["-n", script], stderr: "piped" })
        .output();
      assertEquals(syntax.code, 0, `${shell}: ${new TextDecoder().decode(syntax.stderr)}`);
    }
    if (await hasShell("fish")) {
      const script = `${w.root}/draftcli.fish`;
      const out = await new Deno.Command("fish", {
        args: ["-c", `source '${script}'; complete -C 'draftcli draft create --editor '`],
        stdout: "piped",
      }).output();
      const values = new TextDecoder().decode(out.stdout).split("\n").filter(Boolean)
        .map((l) => l.split("\t")[0]).sort();
      assertEquals(values, ["capcut", "jianying"]);
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("completions: bad shells are usage errors", async () => {
  const w = await tempWorld();
  try {
    const bad = await runInProcess(["completions", "powershell"], { env: w.env });
    assertEquals([bad.code, bad.error?.code], [2, "invalid_input"]);
    assert(bad.error!.message.includes("bash"), bad.error!.message);
    assertEquals(bad.stdout, "");
    const none = await runInProcess(["completions"], { env: w.env });
    assertEquals([none.code, none.error?.code], [2, "invalid_input"]);
  } finally {
    await w.cleanup();
  }
});
