/** Command examples that use shell variables run as written in bash (ids captured earlier, as an agent would). */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { loadAllSpecs } from "../src/commands/registry.ts";
import { CLI_CWD, cliCommand, fileUrl, fixture, runCli, tempWorld } from "./helpers/cli.ts";

/** Single-quotes a word for bash. */
const q = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

Deno.test("keyframes add examples run as written with $ID, $SEG and $AUDIO set", async () => {
  const world = await tempWorld();
  try {
    const env = world.env;
    const draft = await runCli(["draft", "create", "--name", "ex"], { env });
    const id = (draft.json as { draftId: string }).draftId;
    const img = await runCli([
      "images",
      "add",
      id,
      "--image-infos",
      JSON.stringify([{ imageUrl: fileUrl(fixture("image.jpg")), start: 0, end: 3000000 }]),
    ], { env });
    const seg = (img.json as { items: { segmentId: string }[] }).items[0].segmentId;
    const aud = await runCli([
      "audios",
      "add",
      id,
      "--audio-infos",
      JSON.stringify([{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1000000 }]),
    ], { env });
    const audio = (aud.json as { items: { segmentId: string }[] }).items[0].segmentId;
    const spec = (await loadAllSpecs()).find((s) => s.name.join(" ") === "keyframes add")!;
    const { cmd, args } = cliCommand();
    const prelude = `draftcli() { ${[cmd, ...args].map(q).join(" ")} "$@"; }\n` +
      `ID=${q(id)}; SEG=${q(seg)}; AUDIO=${q(audio)}\n`;
    for (const example of spec.examples ?? []) {
      const out = await new Deno.Command("bash", {
        args: ["-c", `${prelude}draftcli ${example}`],
        env: { NO_COLOR: "1", ...env },
        clearEnv: true,
        cwd: CLI_CWD,
        stdout: "piped",
        stderr: "piped",
      }).output();
      assertEquals(
        { code: out.code, stderr: new TextDecoder().decode(out.stderr) },
        { code: 0, stderr: "" },
        example,
      );
    }
    const list = await runCli(["keyframes", "list", id, "--segment-id", seg], { env });
    assertEquals(list.code, 0, list.stderr);
    assertEquals(JSON.stringify(list.json).includes("position_x"), true, list.stdout);
  } finally {
    await world.cleanup();
  }
});
