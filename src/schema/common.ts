/** Field schemas shared by several input types (units: µs, normalised positions, #rrggbb). */
import { z } from "zod";
import { MAX_SPEED, MIN_SPEED } from "../draft/fit_modes.ts";
import { END_AFTER_START_MESSAGE, endAfterStart, isMediaLocation } from "./rules.ts";

/** Largest time accepted: 24 hours in µs. */
export const MAX_TIME_US = 86_400_000_000;

/** A point in time on the timeline, integer µs. */
export const timeUs = z.number().int("must be an integer number of microseconds").min(
  0,
  "must not be negative",
).max(MAX_TIME_US, "must be at most 24 h (86400000000 µs)");

/** A duration, integer µs > 0. */
export const durationUs = z.number().int("must be an integer number of microseconds").positive(
  "must be greater than 0",
).max(MAX_TIME_US, "must be at most 24 h (86400000000 µs)");

/** A draft id as printed by `draft create`. */
export const draftIdSchema = z.string().min(1, "must not be empty").max(200).describe(
  "draft id printed by 'draft create', or the draft's name (see 'draft list')",
);

/** The input of a command that takes only a draft (the `list` commands, `draft info`, …). */
export const DraftOnlyInput = z.object({ draftId: draftIdSchema }).strict();

/**
 * A media location: a file:// URL, an http(s) URL, or a file path (absolute, `~/…`, or relative
 * to the caller's working folder). Other URL schemes are refused.
 */
export const mediaUrl = z.string().trim().min(1, "must not be empty").max(8192).refine(
  isMediaLocation,
  "must be a file path, a file:// URL or an http(s):// URL",
);

/** A colour `#rrggbb`. */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #ff8800");

/** A normalised position: 0 = centre, ±1 = edges (values beyond place it off-canvas). */
export const position = z.number().min(-100).max(100);

/** A scale factor (1 = default size). */
export const scale = z.number().positive("must be greater than 0").max(100);

/** Degrees clockwise. */
export const rotation = z.number().min(-3600).max(3600);

/** Opacity 0..1. */
export const alpha = z.number().min(0).max(1);

/** Volume: 1 = 100 %, 0 = mute, up to 10 (= +20 dB). */
export const volume = z.number().min(0).max(10);

/** Playback speed factor. */
export const speed = z.number().min(MIN_SPEED).max(MAX_SPEED);

/** The track of an item: 0-based among the draft's tracks of its kind. */
export const trackIndex = z.number().int().min(0).max(1000).describe(
  "0-based among the draft's tracks of its kind; 0 = the main or bottom one, missing tracks " +
    "are added; absent: the first track where it fits",
);

/** Length of the slice of the source file a clip plays, when not (end - start) × speed. */
export const sourceDuration = durationUs.describe(
  "µs of the file played (default (end - start) × speed, rounded); within 1 frame × speed of it",
);

/** Canvas transform fields of visual items. */
export const transformFields = {
  transformX: position.optional().describe(
    "horizontal centre, -1 left edge … 0 centre … 1 right edge",
  ),
  transformY: position.optional().describe(
    "vertical centre, -1 bottom edge … 0 centre … 1 top edge",
  ),
  scaleX: scale.optional().describe("horizontal scale, 1 = default size"),
  scaleY: scale.optional().describe("vertical scale, 1 = default size"),
  rotation: rotation.optional().describe("degrees clockwise"),
  alpha: alpha.optional().describe("opacity 0..1"),
};

export { END_AFTER_START_MESSAGE, endAfterStart };

/**
 * The refine options for endAfterStart. A getter, because zod's refine() rewrites the options
 * object it is given, so one shared object would lose its message after first use.
 */
export function endAfterStartError(): { message: string; path: string[] } {
  return { message: END_AFTER_START_MESSAGE, path: ["end"] };
}

/** Where local media go (`--media`); the config key `media` sets the default. */
export const mediaPlacement = z.enum(["copy", "reference"]).optional().describe(
  "local files: copy (default; into the draft folder, a hard link on the same file system, " +
    "stored once per draft) or reference (used where they are; config key 'media')",
);
