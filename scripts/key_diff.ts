/**
 * Measures how far the objects draftcli writes are from the editors' own: builds a draft with
 * every item kind for every profile (test/helpers/every_kind.ts), and counts per kind the key
 * paths that differ in presence or JSON type from the newest editor-saved sample of that edition
 * holding that kind (../shared/reference/real-drafts), plus the key paths every editor-saved
 * draft spells as floats (`1.0`) that the draft spells as integers.
 * Run: deno run -A scripts/key_diff.ts [--verbose]
 */
import { tempWorld } from "../test/helpers/cli.ts";
import { buildEveryKind, EVERY_PROFILE, objectsByKind } from "../test/helpers/every_kind.ts";
import { floatPaths } from "../src/draft/json_numbers.ts";
import { compareVersions } from "../src/editions/builds.ts";
import { referenceDir } from "./reference.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;
const REF = referenceDir() + "real-drafts/";
const verbose = Deno.args.includes("--verbose");

const typeOf = (v: unknown) => v === null ? "null" : Array.isArray(v) ? "array" : typeof v;

/** Key paths that differ in presence or JSON type (arrays compared by their first items). */
export function keyDiff(ours: unknown, ref: unknown, path = ""): string[] {
  if (typeOf(ours) !== typeOf(ref)) return [`${path} type ${typeOf(ref)}→${typeOf(ours)}`];
  if (Array.isArray(ours) && Array.isArray(ref)) {
    return ours.length && ref.length ? keyDiff(ours[0], ref[0], `${path}[]`) : [];
  }
  if (typeOf(ours) !== "object") return [];
  const o = ours as Json, r = ref as Json;
  const out: string[] = [];
  for (const k of new Set([...Object.keys(o), ...Object.keys(r)])) {
    const p = path ? `${path}.${k}` : k;
    if (!(k in o)) out.push(`${p} missing`);
    else if (!(k in r)) out.push(`${p} extra`);
    else out.push(...keyDiff(o[k], r[k], p));
  }
  return out;
}

interface Sample {
  name: string;
  edition: string;
  version: string;
  text: string;
  doc: Json;
}
const samples: Sample[] = [];
for (const d of Deno.readDirSync(REF)) {
  if (!d.isDirectory) continue;
  for (const f of Deno.readDirSync(REF + d.name)) {
    if (!/^(draft_content|draft_info)/.test(f.name) || !f.name.endsWith(".json")) continue;
    const text = Deno.readTextFileSync(`${REF}${d.name}/${f.name}`);
    let doc: Json;
    try {
      doc = JSON.parse(text);
    } catch {
      continue;
    }
    const lm = doc.last_modified_platform;
    if (!lm?.app_source) continue;
    const edition = lm.app_source === "lv" ? "jianying" : "capcut";
    samples.push({ name: `${d.name}/${f.name}`, edition, version: lm.app_version, text, doc });
  }
}
samples.sort((a, b) => compareVersions(b.version, a.version));
const editorFloats = new Set<string>();
for (const s of samples) for (const p of floatPaths(s.text).floats) editorFloats.add(p);

/** Newest sample object of each kind per edition. */
function newestKinds(edition: string): Record<string, { obj: Json; from: string }> {
  const out: Record<string, { obj: Json; from: string }> = {};
  for (const s of samples.filter((s) => s.edition === edition)) {
    for (const [kind, obj] of Object.entries(objectsByKind(s.doc))) {
      out[kind] ??= { obj, from: `${s.edition} ${s.version}` };
    }
  }
  return out;
}

const rows: string[] = [];
let total = 0, totalFloats = 0;
const w = await tempWorld();
try {
  for (const p of EVERY_PROFILE) {
    const built = await buildEveryKind(w.env, p.edition, p.version);
    const refs = newestKinds(p.edition);
    const ours = objectsByKind(built.content);
    const perKind: string[] = [];
    let sum = 0;
    for (const [kind, obj] of Object.entries(ours)) {
      const ref = refs[kind];
      if (!ref) continue;
      const diffs = keyDiff(obj, ref.obj);
      sum += diffs.length;
      if (diffs.length) perKind.push(`${kind} ${diffs.length}`);
      if (verbose && diffs.length) console.log(`${p.edition} ${p.version} ${kind}:`, diffs);
    }
    const raw = await Deno.readTextFile(`${built.dir}/draft_content.json`);
    const ints = [...floatPaths(raw).ints].filter((x) => editorFloats.has(x));
    if (verbose && ints.length) console.log(`${p.edition} ${p.version} ints:`, ints);
    total += sum;
    totalFloats += ints.length;
    rows.push(
      `${p.edition} ${p.version}: ${sum} key paths differ (${
        perKind.join(", ") || "none"
      }); ${ints.length} float keys written as integers`,
    );
  }
} finally {
  await w.cleanup();
}
console.log(rows.join("\n"));
console.log(`total: ${total} key paths differ; ${totalFloats} float keys written as integers`);
