/** A new empty draft of the shape most tests and benchmarks start from. */
import { createDraft } from "../../src/store/drafts.ts";
import { type Edition, findProfile } from "../../src/editions/profiles.ts";

/** A new empty 1080×1920, 30 fps draft in `drafts` for `edition` (its newest profile, or `version`'s). */
export function portraitDraft(
  drafts: string,
  edition: Edition = "jianying",
  version?: string,
): ReturnType<typeof createDraft> {
  return createDraft({
    root: drafts,
    width: 1080,
    height: 1920,
    fps: 30,
    edition,
    profile: findProfile(edition, version),
    os: "linux",
  });
}
