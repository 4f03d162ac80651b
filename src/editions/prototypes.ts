/**
 * Editor object prototypes (`texts`, `segment_video`, …) per version profile: fresh copies of
 * objects as the editors save them (src/editions/data/prototypes.json, extracted by
 * scripts/extract_prototypes.ts). Apart from profiles.ts, so that a command that builds nothing
 * (a read, a listing) does not load the data.
 */
import prototypes from "./data/prototypes.json" with { type: "json" };
import type { Json, VersionProfile } from "./profiles.ts";

/** The name of an editor object prototype (`texts`, `segment_video`, …). */
export type ProtoName = keyof typeof prototypes.capcut;

/** Version layers of prototypes, newest first, per skeleton (objects as those builds save them). */
const PROTOTYPE_LAYERS: Readonly<Record<string, readonly string[]>> = {
  "capcut-9.1": ["capcut-9.1", "capcut-8.1"],
  "capcut-8.1": ["capcut-8.1"],
};

/**
 * A fresh copy of an editor object prototype for a profile: the version layer of the profile's
 * build where we have one, then the edition's own, then the CapCut base set.
 */
export function prototype(profile: VersionProfile, name: ProtoName): Json {
  return prototypeMaker(profile, name)();
}

/**
 * The function `prototype` calls for a profile's object: each call returns a fresh copy. A batch
 * takes it once and calls it per item.
 */
export function prototypeMaker(profile: VersionProfile, name: ProtoName): () => Json {
  let ofProfile = makersOf.get(profile);
  if (!ofProfile) makersOf.set(profile, ofProfile = new Map());
  let make = ofProfile.get(name);
  if (make) return make;
  const key = `${profile.skeleton}|${profile.edition}|${name}`;
  make = prototypeMakers.get(key);
  if (!make) {
    const table = prototypes as unknown as Record<string, Record<string, Json> | undefined>;
    const layers = [...(PROTOTYPE_LAYERS[profile.skeleton] ?? []), profile.edition, "capcut"];
    const found = layers.map((layer) => table[layer]?.[name]).find(Boolean);
    if (!found) throw new Error(`no editor prototype '${name}'`);
    make = copier(found);
    prototypeMakers.set(key, make);
  }
  ofProfile.set(name, make);
  return make;
}

/** A function returning a fresh deep copy of each prototype, by skeleton, edition and name. */
const prototypeMakers = new Map<string, () => Json>();

/** The same functions by profile object and name (a lookup per item without building a key). */
const makersOf = new WeakMap<VersionProfile, Map<string, () => Json>>();

/**
 * A function that returns a fresh deep copy of `value`, plain JSON (finite numbers, strings,
 * booleans, null, arrays, objects). Its JSON text is compiled once as an object literal: V8 then
 * builds each copy from the literal's template, several times faster than parsing the text again
 * or `structuredClone`. For objects built many times in one call: an editor prototype, or one
 * with the call's shared fields set. JSON text is a JS expression with the same value (strings
 * included, whatever they hold: JSON escapes quotes, backslashes and control characters, and
 * U+2028/U+2029 are legal in JS strings), except a `__proto__` key (a literal would set the
 * prototype), which falls back to parsing.
 */
export function copier(value: Json): () => Json {
  const text = JSON.stringify(value);
  if (text.includes('"__proto__"')) return () => JSON.parse(text);
  return new Function(`return ${text};`) as () => Json;
}
