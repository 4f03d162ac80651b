/**
 * Every command a hint names exists: the hints in the source (static scan of every `hint`
 * near its text) and the hints the catalog look-ups print for every kind and edition.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { COMMAND_TABLE } from "../generated/command_table.ts";
import { CATALOG_KINDS, EDITIONS, hasCatalog } from "../catalogs/catalog.ts";
import { resolveName } from "../catalogs/name_resolve.ts";
import { entryById } from "../ops/targets.ts";
import { DraftcliError } from "../errors.ts";

const COMMANDS = new Set(COMMAND_TABLE.map((e) => e.name.join(" ")));
const GROUPS = new Set(COMMAND_TABLE.map((e) => e.name[0]));
/** Words that follow "draftcli" in prose ("draftcli will not …"), not commands. */
const PROSE = new Set([
  "will",
  "retried",
  "already",
  "only",
  "does",
  "is",
  "cannot",
  "keeps",
  "wrote",
  "reports",
  "made",
  "builds",
]);

/** The `draftcli <words>` mentions of a text that name no command; [] when all are fine. */
function badMentions(text: string): string[] {
  const bad: string[] = [];
  for (const m of text.matchAll(/draftcli((?: [a-z][a-z0-9_-]*){0,2})/g)) {
    const words = m[1].trim().split(" ").filter(Boolean);
    if (words.length === 0 || PROSE.has(words[0])) continue;
    const ok = COMMANDS.has(words.slice(0, 2).join(" ")) || COMMANDS.has(words[0]) ||
      (GROUPS.has(words[0]) && words.length === 1);
    if (!ok) bad.push(m[0]);
  }
  return bad;
}

async function sourceFiles(dir: URL, out: URL[] = []): Promise<URL[]> {
  for await (const e of Deno.readDir(dir)) {
    const url = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory && e.name !== "data") await sourceFiles(url, out);
    else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) out.push(url);
  }
  return out;
}

Deno.test("hints: the checker itself tells real commands from missing ones", () => {
  assertEquals(badMentions("run 'draftcli draft list' or draftcli query transitions --x"), []);
  assertEquals(badMentions("draftcli query text_intro --action search"), [
    "draftcli query text_intro",
  ]);
  assertEquals(badMentions("draftcli images --help; draftcli will not change it"), []);
});

Deno.test("hints: every command named near a hint in the source exists", async () => {
  const bad: string[] = [];
  let seen = 0;
  for (const file of await sourceFiles(new URL("../", import.meta.url))) {
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(/hint/g)) {
      const cut = text.slice(m.index, m.index + 400);
      const snippet = cut.slice(0, cut.lastIndexOf(" ")); // no word cut in half
      if (snippet.includes("draftcli ")) seen++;
      for (const b of badMentions(snippet)) bad.push(`${file.pathname}: ${b}`);
    }
  }
  assert(seen > 10, `found only ${seen} hints naming a command`);
  assertEquals(bad, []);
});

Deno.test("hints: catalog errors of every kind and edition name a real query command", () => {
  let checked = 0;
  for (const edition of EDITIONS) {
    for (const kind of CATALOG_KINDS) {
      const hints: string[] = [];
      for (
        const fail of [
          () => resolveName(edition, kind, "zz no such name zz"),
          () => entryById(edition, kind, "123", "field"),
        ]
      ) {
        try {
          fail();
        } catch (err) {
          assert(err instanceof DraftcliError, String(err));
          hints.push(err.hint ?? "");
        }
      }
      assertEquals(hints.length, 2, `${edition} ${kind}`);
      for (const h of hints) {
        if (!hasCatalog(edition, kind) && !h.includes("draftcli")) continue;
        assert(h.includes("draftcli "), `${edition} ${kind}: ${h}`);
        assertEquals(badMentions(h), [], `${edition} ${kind}: ${h}`);
        checked++;
      }
    }
  }
  assert(checked > 20);
});

Deno.test("hints: an unknown name gets the search of the draft's edition, and says where it exists", () => {
  const fail = (edition: "jianying" | "capcut", kind: "filters", name: string) => {
    try {
      resolveName(edition, kind, name);
    } catch (err) {
      assert(err instanceof DraftcliError);
      return err;
    }
    throw new Error(`${name} resolved for ${edition}`);
  };
  const abg = fail("capcut", "filters", "ABG");
  assert(abg.message.includes('"ABG" is a jianying name; this draft is capcut'), abg.message);
  assert(
    (abg.hint ?? "").includes(
      "draftcli query filters --editor capcut --action search --keyword <part of a name>",
    ),
    abg.hint,
  );
  const none = fail("jianying", "filters", "zz no such name zz");
  assert(!none.message.includes("is a capcut name"), none.message);
  assert((none.hint ?? "").includes("--editor jianying"), none.hint);
});

Deno.test("examples: every catalog name in a command's examples resolves in both editions", async () => {
  const { loadAllSpecs } = await import("./registry.ts");
  const KINDS: Record<string, string> = {
    filterTitle: "filters",
    effectTitle: "video_effects",
    transition: "transitions",
    audioEffect: "audio_effects",
  };
  let checked = 0;
  for (const spec of await loadAllSpecs()) {
    for (const example of spec.examples ?? []) {
      for (
        const m of example.matchAll(/"(filterTitle|effectTitle|transition|audioEffect)":"([^"]+)"/g)
      ) {
        for (const edition of EDITIONS) {
          const warnings: string[] = [];
          resolveName(edition, KINDS[m[1]] as never, m[2], { warn: (w) => warnings.push(w) });
          assertEquals(warnings, [], `${spec.name.join(" ")} ${m[2]} on ${edition}`);
          checked++;
        }
      }
    }
  }
  assert(checked >= 4, `checked ${checked}`);
});
