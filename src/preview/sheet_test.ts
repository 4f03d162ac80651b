/** The contact sheet's frame pick, as ffmpeg evaluates it, against `sheetFrames`. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { sheetFrames, sheetSelect } from "./render.ts";

async function hasFfmpeg(): Promise<boolean> {
  try {
    return (await new Deno.Command("ffmpeg", { args: ["-version"], stdout: "null", stderr: "null" })
      .output()).success;
  } catch {
    return false;
  }
}

/** Frame numbers ffmpeg's `select` keeps from a clip of `durationUs` at `fps`. */
async function selected(durationUs: number, every: number, fps: number): Promise<number[]> {
  const frames = Math.ceil((durationUs / 1e6) * fps);
  const out = await new Deno.Command("ffmpeg", {
    args: [
      "-hide_banner",
      "-nostdin",
      "-f",
      "lavfi",
      "-i",
      `color=c=black:s=16x16:r=${fps}`,
      "-vf",
      `trim=end_frame=${frames},select='${sheetSelect(durationUs, every, fps)}',showinfo`,
      "-f",
      "null",
      "-",
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  const log = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(log);
  return [...log.matchAll(/pts_time:([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * fps));
}

Deno.test({
  name: "sheetSelect keeps exactly the sheet's frames, also for hundreds of cells",
  ignore: !(await hasFfmpeg()),
  async fn() {
    for (
      const [us, every, fps] of [[4e6, 2, 30], [300e6, 2, 30], [10e6, 0.1, 30], [7.3e6, 3, 25]]
    ) {
      assertEquals(await selected(us, every, fps), sheetFrames(us, every, fps), `${us} ${every}`);
    }
  },
});
