import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { hoistRepeats, slimSchema } from "./slim.ts";

Deno.test("slimSchema keeps names, types, enums, required and record value types; drops the rest", () => {
  const slim = slimSchema({
    type: "object",
    additionalProperties: false,
    properties: {
      start: { type: "integer", minimum: 0, description: "timeline start µs" },
      alignment: {
        description: "0 left, 1 centre, 2 right",
        default: 1,
        anyOf: [{ type: "number", const: 0 }, { type: "number", const: 1 }, {
          type: "number",
          const: 2,
        }],
      },
      texts: {
        type: "object",
        propertyNames: { type: "string", maxLength: 5 },
        additionalProperties: { type: "string", maxLength: 5000 },
      },
      editor: { type: "string", enum: ["jianying", "capcut"], aliases: ["edition"] },
    },
    required: ["start"],
  });
  assertEquals(slim, {
    type: "object",
    properties: {
      start: { type: "integer" },
      alignment: { description: "0 left, 1 centre, 2 right", enum: [0, 1, 2] },
      texts: { additionalProperties: { type: "string" }, type: "object" },
      editor: { enum: ["jianying", "capcut"] },
    },
    required: ["start"],
  });
});

Deno.test("hoistRepeats writes a repeated subtree once under $defs", () => {
  const item = {
    properties: Object.fromEntries(
      ["text", "start", "end", "font", "color", "size", "align"].map((
        k,
      ) => [k, { type: "string" }]),
    ),
  };
  const out = hoistRepeats({
    type: "object",
    properties: {
      captions: { type: "array", items: item },
      more: { type: "array", items: item, minItems: 1 },
    },
  });
  assertEquals(out.$defs, { captionsItem: item });
  assertEquals(out.properties, {
    captions: { type: "array", items: { $ref: "#/$defs/captionsItem" } },
    more: { type: "array", items: { $ref: "#/$defs/captionsItem" }, minItems: 1 },
  });
});
