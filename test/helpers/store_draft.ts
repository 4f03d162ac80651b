/** A new, empty draft made by the store itself (no CLI), for the store's own tests. */
import { profileForAppVersion } from "../../src/editions/profiles.ts";
import { currentOs } from "../../src/editions/os.ts";
import { createDraft } from "../../src/store/create.ts";

/** Creates a 1080×1920, 30 fps JianYing draft of the default profile in `root`; its folder. */
export async function newDraft(root: string): Promise<string> {
  const { dir } = await createDraft({
    root,
    width: 1080,
    height: 1920,
    fps: 30,
    edition: "jianying",
    profile: profileForAppVersion("jianying", undefined),
    os: currentOs(),
  });
  return dir;
}
