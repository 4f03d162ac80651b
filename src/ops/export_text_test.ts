import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { exportTextTrack, mergeRuns, textRuns } from "./export_text.ts";
import type { Segment } from "../draft/document.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const run = (range: [number, number], color: number[], extra: Json = {}) => ({
  fill: { content: { render_type: "solid", solid: { color } } },
  range,
  size: 8,
  ...extra,
});

function segment(id: string, y = -0.8, extra: Json = {}): Segment {
  return {
    id,
    material_id: `m-${id}`,
    target_timerange: { start: 0, duration: 1_000_000 },
    clip: { transform: { x: 0, y }, scale: { x: 1, y: 1 }, rotation: 0, alpha: 1 },
    extra_material_refs: [],
    ...extra,
  } as unknown as Segment;
}

function track(materials: Json[], segs?: Segment[]) {
  const unsupported: [string, string][] = [];
  const out = exportTextTrack(
    "capcut",
    materials.map((material, i) => ({ segment: segs?.[i] ?? segment(`s${i}`), material })),
    (kind, id) => unsupported.push([kind, id]),
  );
  return { ...out, unsupported };
}

Deno.test("textRuns: CapCut 2 markup content gives the text and its outline, size, colour", () => {
  const m = {
    font_size: 15,
    content: '<outline color=(0,0,1,1) width=0.08><size=12><color=(1,0,0,1)><font id="" ' +
      'path="/x/Font/SystemFont/en.ttf">[Hi there]</font></color></size></outline>',
  };
  const { text, runs } = textRuns(m);
  assertEquals(text, "Hi there");
  assertEquals(runs[0].style.size, 12);
  assertEquals(runs[0].style.color, "#ff0000");
  assertEquals(runs[0].style.font, "");
  assertEquals(runs[0].style.stroke, { color: "#0000ff", alpha: 1, width: 0.08, count: 1 });
});

Deno.test("mergeRuns: adjacent runs of one style are one run", () => {
  const { runs } = textRuns({
    content: JSON.stringify({
      text: "abcd",
      styles: [run([0, 2], [1, 1, 1]), run([2, 4], [1, 1, 1])],
    }),
  });
  assertEquals(mergeRuns(runs).map((r) => [r.start, r.end]), [[0, 4]]);
});

Deno.test("exportTextTrack: differently coloured parts become highlights", () => {
  const out = track([{
    alignment: 1,
    content: JSON.stringify({
      text: "a SALE b",
      styles: [
        run([0, 2], [1, 1, 1]),
        run([2, 6], [1, 0, 0], { bold: true }),
        run([6, 8], [1, 1, 1]),
      ],
    }),
  }]);
  assertEquals(out.captions[0].highlights, [{ keyword: "SALE", color: "#ff0000", bold: true }]);
  assertEquals(out.captionOptions.textColor, "#ffffff");
  assertEquals(out.unsupported, []);
});

Deno.test("exportTextTrack: what the flags cannot say is listed, never dropped", () => {
  // "ab" styled red once and white once: a keyword colours every occurrence, so no highlight
  // list rebuilds it; the shadow is not the default one; the second caption is scaled.
  const out = track([
    {
      alignment: 1,
      content: JSON.stringify({
        text: "ab ab ab",
        styles: [
          run([0, 2], [1, 0, 0], {
            shadows: [{ content: { solid: { color: [1, 0, 0] } }, alpha: 1, angle: 0 }],
          }),
          run([2, 8], [1, 1, 1], {
            shadows: [{ content: { solid: { color: [1, 0, 0] } }, alpha: 1, angle: 0 }],
          }),
        ],
      }),
    },
    {
      alignment: 1,
      typesetting: 1,
      content: JSON.stringify({
        text: "x",
        styles: [run([0, 1], [1, 1, 1], {
          shadows: [{ content: { solid: { color: [1, 0, 0] } }, alpha: 1, angle: 0 }],
        })],
      }),
    },
  ], [
    segment("s0"),
    segment("s1", -0.8, {
      clip: { transform: { x: 0, y: -0.8 }, scale: { x: 2, y: 2 }, rotation: 0, alpha: 1 },
    }),
  ]);
  assertEquals(out.captions[0].highlights, undefined);
  assertEquals(out.captionOptions.shadow, true);
  assertEquals(out.unsupported.sort(), [
    ["text scale, rotation, opacity or flip", "s1"],
    ["text shadow other than the default (colour, opacity, angle, distance, blur)", "s0"],
    ["text shadow other than the default (colour, opacity, angle, distance, blur)", "s1"],
    ["text style runs that keyword highlights cannot express", "s0"],
    ["vertical text", "s1"],
  ]);
});
