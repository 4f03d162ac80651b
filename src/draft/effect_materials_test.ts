import { deepStrictEqual as assertEquals, throws } from "node:assert/strict";
import { type EffectEntry, effectParams } from "./effect_materials.ts";
import { paramsForDisplay, shortParamName } from "./effect_params.ts";
import { DraftcliError } from "../errors.ts";

const entry: EffectEntry = {
  name: "demo",
  resourceId: "1",
  effectId: "1",
  params: [
    { name: "effects_adjust_speed", default: 0, min: 0.1, max: 1 }, // default below its range
    { name: "effects_adjust_size", default: 0.5, min: 1, max: 0 }, // reversed range
    { name: "sticker", default: 2, min: 0, max: 1 }, // default above, no prefix
    { name: "effects_adjust_speed", default: 0.9, min: 0, max: 1 }, // duplicate: ignored
  ],
};

Deno.test("effectParams: defaults clamped, 0..100 mapped onto min..max, short or full names", () => {
  assertEquals(effectParams(entry, undefined, "x"), [
    { default_value: 0.1, name: "effects_adjust_speed", value: 0.1 },
    { default_value: 0.5, name: "effects_adjust_size", value: 0.5 },
    { default_value: 1, name: "sticker", value: 1 },
  ]);
  const got = effectParams(entry, { speed: 50, effects_adjust_size: 100, sticker: 0 }, "x");
  assertEquals(got.map((p) => p.value), [0.55, 1, 0]);
  assertEquals(paramsForDisplay(got, entry.params), { speed: 50, size: 100, sticker: 0 });
  assertEquals(shortParamName("effects_adjust_blur"), "blur");
});

Deno.test("effectParams: an unknown name lists the valid ones", () => {
  throws(
    () => effectParams(entry, { sped: 1 }, "effectInfos[3]"),
    (e: unknown) =>
      e instanceof DraftcliError && e.code === "invalid_input" &&
      e.path === "effectInfos[3].params.sped" && /valid: speed, size, sticker$/.test(e.message),
  );
  throws(
    () => effectParams({ ...entry, params: [] }, { speed: 1 }, "f"),
    (e: unknown) => e instanceof DraftcliError && /no adjustable parameters/.test(e.message),
  );
});
