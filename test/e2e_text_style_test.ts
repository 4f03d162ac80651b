/** `text-style` (in-process, runInProcess): the same text material `captions add` writes, without a draft. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { runInProcess, tempWorld } from "./helpers/cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

Deno.test("text-style prints content, ranges and material fields for keywords", async () => {
  const w = await tempWorld();
  try {
    const r = await runInProcess([
      "text-style",
      "--text",
      "限时 特价 今天",
      "--keyword",
      "特价|今天|明天",
      "--keyword-color",
      "#FFDE00",
      "--keyword-font-size",
      "12",
      "--font-size",
      "10",
      "--bold",
    ], { env: w.env });
    assertEquals(r.code, 0, r.stderr);
    assert(r.stderr.includes("'明天' not found"), r.stderr);
    const j = r.json as Json;
    assertEquals(j.editor, "jianying");
    assertEquals(j.ranges, [
      { start: 0, end: 3, text: "限时 " },
      { start: 3, end: 5, text: "特价", keyword: "特价" },
      { start: 5, end: 6, text: " " },
      { start: 6, end: 8, text: "今天", keyword: "今天" },
    ]);
    assertEquals(JSON.parse(j.content), j.contentJson);
    const styles = j.contentJson.styles as Json[];
    assertEquals(styles.map((s) => s.range), [[0, 3], [3, 5], [5, 6], [6, 8]]);
    assertEquals(styles.map((s) => s.size), [10, 12, 10, 12]);
    assert(styles.every((s) => s.bold === true));
    assertEquals(styles[1].fill.content.solid.color, [1, 222 / 255, 0]);
    assertEquals(styles[0].fill.content.solid.color, [1, 1, 1]);
    assertEquals(j.material.font_size, 10);
    assertEquals(j.material.is_rich_text, true);
    assertEquals(j.unmatchedKeywords, [{ keyword: "明天", reason: "not_found" }]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("text-style matches what captions add writes, per editor", async () => {
  const w = await tempWorld();
  try {
    for (const editor of ["jianying", "capcut"]) {
      const style = [
        "--font-size",
        "9",
        "--italic",
        "--underline",
        "--text-color",
        "#00ff00",
        "--border-color",
        "#000000",
        "--background-color",
        "#202020",
        "--shadow",
        "--alignment",
        "2",
        "--letter-spacing",
        "3",
      ];
      const caption = { text: "Hello world", keyword: "world", keywordColor: "#ff0000" };
      const ts = await runInProcess([
        "text-style",
        "--text",
        caption.text,
        "--keyword",
        caption.keyword,
        "--keyword-color",
        caption.keywordColor,
        "--editor",
        editor,
        ...style,
      ], { env: w.env });
      assertEquals(ts.code, 0, ts.stderr);
      const { draftId, filePath } = (await runInProcess(["draft", "create", "--editor", editor], {
        env: w.env,
      })).json as Json;
      const add = await runInProcess([
        "captions",
        "add",
        draftId,
        "--captions",
        JSON.stringify([{ ...caption, start: 0, end: 1_000_000 }]),
        ...style,
      ], { env: w.env });
      assertEquals(add.code, 0, add.stderr);
      const content = JSON.parse(await Deno.readTextFile(`${filePath}/draft_content.json`));
      const material = content.materials.texts[0] as Json;
      const j = ts.json as Json;
      assertEquals(j.editor, editor);
      assertEquals(j.content, material.content, `${editor}: same content string`);
      for (const [key, value] of Object.entries(j.material as Json)) {
        assertEquals(material[key], value, `${editor}: material.${key}`);
      }
    }
  } finally {
    await w.cleanup();
  }
});

Deno.test("text-style resolves fonts per editor and follows a draft's editor", async () => {
  const w = await tempWorld();
  try {
    const fonts = await runInProcess(["query", "fonts", "--editor", "capcut", "--limit", "1"], {
      env: w.env,
    });
    const font = (fonts.json as Json).items[0];
    const { draftId } = (await runInProcess(["draft", "create", "--editor", "capcut"], {
      env: w.env,
    })).json as Json;
    const r = await runInProcess([
      "text-style",
      "--text",
      "Hi",
      "--font",
      font.name,
      "--draft-id",
      draftId,
    ], {
      env: w.env,
    });
    assertEquals(r.code, 0, r.stderr);
    assertEquals((r.json as Json).editor, "capcut");
    assertEquals((r.json as Json).material.font_resource_id, font.resourceId);
    assertEquals((r.json as Json).ranges, [{ start: 0, end: 2, text: "Hi" }]);
  } finally {
    await w.cleanup();
  }
});

Deno.test("text-style: bad inputs are JSON errors with exit 2", async () => {
  const w = await tempWorld();
  try {
    const cases: [string[], string, RegExp][] = [
      [[], "invalid_input", /text/],
      [["--text", ""], "invalid_input", /text/],
      [["--text", "a", "--keyword-color", "#ff0000"], "invalid_input", /keywordColor/],
      [["--text", "a", "--keyword", "a"], "invalid_input", /keyword/],
      [
        ["--text", "a", "--keyword", "a||b", "--keyword-color", "#ff0000"],
        "invalid_input",
        /empty/,
      ],
      [
        ["--text", "a", "--keyword", "a", "--keyword-color", "red"],
        "invalid_input",
        /keywordColor/,
      ],
      [
        ["--text", "a", "--keyword-font-size", "-1", "--keyword", "a"],
        "invalid_input",
        /keywordFontSize/,
      ],
      [["--text", "a", "--font-size", "0"], "invalid_input", /fontSize/],
      [["--text", "a", "--font-size", "big"], "usage", /--font-size/],
      [["--text", "a", "--text-color", "white"], "invalid_input", /textColor/],
      [["--text", "a", "--alignment", "3"], "invalid_input", /alignment/],
      [["--text", "a", "--font", "No Such Font Anywhere"], "unknown_name", /font/],
      [["--text", "a", "--bold=maybe"], "usage", /--bold/],
      [["--text", "a", "--italic=1"], "usage", /--italic/],
      [["--text", "a", "--underline=yes"], "usage", /--underline/],
      [["--text", "a", "--shadow=no"], "usage", /--shadow/],
      [["--text", "a", "--alpha", "2"], "invalid_input", /alpha/],
      [["--text", "a", "--border-color", "#12"], "invalid_input", /borderColor/],
      [["--text", "a", "--border-width", "101"], "invalid_input", /borderWidth/],
      [["--text", "a", "--line-spacing", "500"], "invalid_input", /lineSpacing/],
      [["--text", "a", "--letter-spacing", "wide"], "usage", /--letter-spacing/],
      [["--text", "a", "--background-color", "blue"], "invalid_input", /backgroundColor/],
      [["--text", "a", "--background-alpha", "-0.1"], "invalid_input", /backgroundAlpha/],
      [["--text", "a", "--transform-x", "0.5"], "usage", /--transform-x/],
      [["--text", "a", "--editor", "vegas"], "invalid_input", /editor/],
      [["--text", "a", "--highlights", '[{"keyword":""}]'], "invalid_input", /highlights/],
      [
        ["--text", "a", "--draft-id", "7B1F0C2E-5A44-4B8E-9C3D-2B6F1A9E0C11"],
        "draft_not_found",
        /7B1F/,
      ],
    ];
    for (const [args, error, message] of cases) {
      const r = await runInProcess(["text-style", ...args], { env: w.env });
      assertEquals(r.code, error === "draft_not_found" ? 3 : 2, `${args.join(" ")}: ${r.stderr}`);
      assertEquals(r.error?.code, error, r.stderr);
      assert(message.test(r.error!.message), `${r.error!.message} ~ ${message}`);
      assertEquals(r.stdout, "");
    }
  } finally {
    await w.cleanup();
  }
});
