/** `draft upload`: help, a zip PUT to a local server, and an upload with no target. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { appWorld, helpNaming } from "../../../test/helpers/app_world.ts";

Deno.test("draft upload --help names its flags", async () => {
  await using w = await appWorld();
  await helpNaming(w, ["draft", "upload"], ["--to", "--zip", "--token", "--method"]);
});

Deno.test("draft upload sends the draft's zip to the given URL", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const got: { method: string; bytes: number }[] = [];
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (req) => {
      got.push({ method: req.method, bytes: (await req.arrayBuffer()).byteLength });
      return new Response("ok");
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}/d.zip`;
  const out = await w.ok(["draft", "upload", id, "--to", url, "--method", "put"]);
  assertEquals(got.length, 1);
  assertEquals([got[0].method, got[0].bytes > 0, out.draftId], ["PUT", true, id]);
});

Deno.test("draft upload without a target says how to configure one", async () => {
  await using w = await appWorld();
  const id = await w.draft();
  const r = await w.run(["draft", "upload", id]);
  assertEquals([r.code === 0, r.error?.path], [false, "to"]);
});
