import { deepStrictEqual, equal, ok as assert, throws } from "node:assert/strict";
import { resolveFont } from "./fonts.ts";
import { fontDirs, fontNames } from "../media/installed_fonts.ts";
import { DraftcliError } from "../errors.ts";
import { tempDir } from "../../test/helpers/temp.ts";

const NOTO = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
const hasNoto = (() => {
  try {
    return Deno.statSync(NOTO).isFile;
  } catch {
    return false;
  }
})();

/** A HOME with one font installed in the user font folder (a copy of a system font). */
async function homeWithFont(): Promise<{ home: string; file: string }> {
  const home = (await tempDir()).path;
  const dir = `${home}/.local/share/fonts`;
  await Deno.mkdir(dir, { recursive: true });
  const file = `${dir}/noto.ttc`;
  await Deno.copyFile(NOTO, file);
  return { home, file };
}

Deno.test("resolveFont: catalog names give the resource id and no path", () => {
  const f = resolveFont("capcut", "Poppins-Bold", "font", { HOME: "/nonexistent" })!;
  assert(/^\d+$/.test(f.id));
  equal(f.path, "");
});

Deno.test({
  name: "resolveFont: installed fonts by family name or file path, as the editor records them",
  ignore: !hasNoto || Deno.build.os !== "linux",
  fn: async () => {
    const { home, file } = await homeWithFont();
    try {
      const env = { HOME: home, XDG_DATA_HOME: undefined };
      deepStrictEqual(resolveFont("jianying", "noto sans cjk sc", "font", env), {
        id: "",
        path: file,
      });
      deepStrictEqual(resolveFont("capcut", file, "font", env), { id: "", path: file });
      const err = (() => {
        try {
          resolveFont("capcut", "Noto Sans CJK ZZ", "font", env);
        } catch (e) {
          return e as DraftcliError;
        }
      })();
      assert(err instanceof DraftcliError);
      equal(err.code, "unknown_name");
      assert(err.message.includes("installed: Noto Sans CJK"), err.message);
      throws(() => resolveFont("capcut", `${home}/missing.ttf`, "font", env), /does not exist/);
      await Deno.writeTextFile(`${home}/fake.ttf`, "not a font at all");
      throws(() => resolveFont("capcut", `${home}/fake.ttf`, "font", env), /not a font file/);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});

Deno.test("fontNames reads nothing from non-fonts; fontDirs per OS", () => {
  deepStrictEqual(fontNames(new TextEncoder().encode("hello world, not a font")), []);
  assert(fontDirs("windows", { LOCALAPPDATA: "C:\\L" })[0].includes("Microsoft"));
  assert(fontDirs("mac", { HOME: "/Users/a" }).includes("/Library/Fonts"));
});

Deno.test("resolveFont: cutcli's OS font names fall back to the default font with a warning", () => {
  const warnings: string[] = [];
  const f = resolveFont(
    "jianying",
    "Times New Roman",
    "font",
    { HOME: "/nonexistent" },
    (m) => warnings.push(m),
  );
  equal(f, undefined);
  equal(warnings.length, 1);
  assert(warnings[0].includes("Times New Roman"));
});

Deno.test("resolveFont: with warn, a font file not on this machine is kept as given", () => {
  const warnings: string[] = [];
  const win = "C:\\Users\\someone\\Fonts\\Gone.ttf";
  deepStrictEqual(
    resolveFont("capcut", win, "font", { HOME: "/nonexistent" }, (m) => warnings.push(m)),
    { id: "", path: "C:/Users/someone/Fonts/Gone.ttf" },
  );
  equal(warnings.length, 1);
  assert(warnings[0].includes("not on this machine"), warnings[0]);
  // Without warn (no way to tell the user) it stays an error.
  throws(() => resolveFont("capcut", win, "font", { HOME: "/nonexistent" }), /does not exist/);
});
