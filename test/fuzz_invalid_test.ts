/**
 * 2,000 random invalid invocations across every `… add` command, in-process (runApp with a
 * fake io): each must exit non-zero with a documented code, print nothing on stdout and exactly
 * one JSON error on stderr (other stderr lines may only be warnings), and leave the draft's
 * bytes unchanged. Each invocation is a random one from the fuzz generator (valid or not) with
 * one poison that makes it certainly invalid: an unknown option, a draft id that does not
 * exist or is not an id, the required inputs left out, or an item list that is not one.
 * DRAFTCLI_INVALID_RUNS (total, default 2000) and DRAFTCLI_FUZZ_SEED tune it.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import fc from "fast-check";
import { runApp } from "../src/cli/app.ts";
import { loadAllSpecs } from "../src/commands/registry.ts";
import { toKebab } from "../src/commands/flag_names.ts";
import type { AnyCommandSpec } from "../src/commands/spec.ts";
import { toJsonSchema } from "../src/schema/json_schema.ts";
import { fileUrl, fixture, snapshotDir, tempWorld } from "./helpers/cli.ts";
import { hostilePathText, type Invocation, invocations } from "./helpers/fuzz.ts";

const TOTAL = Number(Deno.env.get("DRAFTCLI_INVALID_RUNS") ?? 2000);
const SEED = Number(Deno.env.get("DRAFTCLI_FUZZ_SEED") ?? Math.floor(Math.random() * 2 ** 31));
const DOCUMENTED_FAILURES = new Set([2, 3, 4, 5, 6, 7, 8, 9]);
const ADDS = (await loadAllSpecs()).filter((s) => s.name.at(-1) === "add");

/** Item lists that no add command accepts. */
const BAD_LISTS = ["{}", '"x"', "123", "null", "[null]", "[{}]", "[[]]", '[{"start":-1}]', "["];

type Poison =
  | { kind: "unknown-option"; flag: string }
  | { kind: "missing-draft"; id: string }
  | { kind: "not-an-id"; id: string }
  | { kind: "required-left-out" }
  | { kind: "bad-list"; key: string; json: string };

function poisons(spec: AnyCommandSpec): fc.Arbitrary<Poison> {
  const props = toJsonSchema(spec.input).properties ?? {};
  const lists = Object.keys(props).filter((k) => props[k].type === "array");
  const arbs: fc.Arbitrary<Poison>[] = [
    fc.stringMatching(/^[a-z]{3,12}$/).map((w) => ({
      kind: "unknown-option" as const,
      flag: `--zz-${w}`,
    })),
    fc.uuid().map((id) => ({ kind: "missing-draft" as const, id: id.toUpperCase() })),
    hostilePathText.map((id) => ({ kind: "not-an-id" as const, id })),
    fc.constant({ kind: "required-left-out" as const }),
  ];
  if (lists.length) {
    arbs.push(
      fc.tuple(fc.constantFrom(...lists), fc.constantFrom(...BAD_LISTS)).map(([key, json]) => ({
        kind: "bad-list" as const,
        key,
        json,
      })),
    );
  }
  return fc.oneof(...arbs);
}

function poisoned(spec: AnyCommandSpec, inv: Invocation, p: Poison): Invocation {
  const at = spec.name.length; // the draft id positional
  const argv = [...inv.argv];
  switch (p.kind) {
    case "unknown-option":
      argv.push(p.flag);
      break;
    case "missing-draft":
    case "not-an-id":
      argv[at] = p.id;
      break;
    case "required-left-out":
      return { argv: argv.slice(0, at + 1), stdin: "", files: {} };
    case "bad-list":
      argv.push(`--${toKebab(p.key)}=${p.json}`);
      break;
  }
  return { ...inv, argv };
}

Deno.test(`${TOTAL} invalid invocations across every add command (seed ${SEED})`, async () => {
  const w = await tempWorld();
  const scratch = `${w.root}/scratch`;
  await Deno.mkdir(scratch);
  // No chdir: the working directory is shared with test files running in parallel. Add
  // commands write nothing relative to it; CI fails if a test leaves files in the checkout.
  try {
    const run = async (inv: Invocation) => {
      for (const [path, text] of Object.entries(inv.files)) await Deno.writeTextFile(path, text);
      let stdout = "";
      let stderr = "";
      const code = await runApp(inv.argv, {
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        readStdin: () => Promise.resolve(inv.stdin),
        env: { ...w.env },
        stderrIsTerminal: false,
      });
      return { code, stdout, stderr };
    };
    const created = await run({ argv: ["draft", "create", "--name", "inv"], stdin: "", files: {} });
    assertEquals(created.code, 0, created.stderr);
    const { draftId, filePath } = JSON.parse(created.stdout);
    const ctx = {
      draftId,
      scratch,
      mediaUrls: ["image.png", "audio.mp3", "video.mp4"].map((n) => fileUrl(fixture(n))),
    };
    const before = await snapshotDir(filePath);
    const perCommand = Math.ceil(TOTAL / ADDS.length);
    let cases = 0;
    const kinds: Record<string, number> = {};
    for (const spec of ADDS) {
      const name = spec.name.join(" ");
      await fc.assert(
        fc.asyncProperty(invocations(spec, ctx), poisons(spec), async (inv, poison) => {
          const bad = poisoned(spec, inv, poison);
          const o = await run(bad);
          cases++;
          kinds[poison.kind] = (kinds[poison.kind] ?? 0) + 1;
          const label = `${name} [${poison.kind}] ${bad.argv.join(" ").slice(0, 300)}`;
          assert(o.code !== 0 && DOCUMENTED_FAILURES.has(o.code), `${label}: exit ${o.code}`);
          assertEquals(o.stdout, "", `${label}: nothing on stdout`);
          const lines = o.stderr.split("\n").filter((l) => l !== "");
          const errors = lines.filter((l) => !l.startsWith("warning: "));
          assertEquals(errors.length, 1, `${label}: one error line, got ${o.stderr}`);
          const body = JSON.parse(errors[0]);
          assert(typeof body?.error?.message === "string", `${label}: ${errors[0]}`);
          assert(body.error.code !== "internal", `${label}: ${errors[0]}`);
          assertEquals(await snapshotDir(filePath), before, `${label}: draft changed`);
        }),
        { numRuns: perCommand, seed: SEED, endOnFailure: true },
      );
    }
    console.log(`invalid invocations: ${cases} cases over ${ADDS.length} add commands`, kinds);
    assert(cases >= TOTAL, `ran ${cases} cases`);
  } finally {
    await w.cleanup();
  }
});
