/** `preview`: help, one frame of a draft, and a refused proxy height. */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { appWorld, fixtureUrl, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("preview --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["preview"], ["draftId", "--out", "--at", "--height", "--sheet-every"]);
});

Deno.test({
  name: "preview --at renders one PNG frame of the draft into --out",
  ignore: !Deno.env.get("PATH")?.split(":").some((d) => {
    try {
      return Deno.statSync(`${d}/ffmpeg`).isFile;
    } catch {
      return false;
    }
  }),
  fn: async () => {
    await using w = await appWorld();
    const id = await w.draft();
    const images = [{ imageUrl: fixtureUrl("image.png"), start: 0, end: 1_000_000 }];
    await w.ok(["images", "add", id, "--image-infos", JSON.stringify(images)]);
    const out = await w.ok(["preview", id, "--at", "500000", "--out", `${w.root}/pv`]);
    assert(out.frame.startsWith(`${w.root}/pv/`) && out.frame.endsWith(".png"), out.frame);
    assert(Deno.statSync(out.frame).size > 0);
  },
});

Deno.test("preview refuses a proxy height under 90 pixels", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["preview", id, "--height", "10"]);
  assertEquals([r.code, r.error?.code, r.error?.path], [2, "invalid_input", "height"]);
});
