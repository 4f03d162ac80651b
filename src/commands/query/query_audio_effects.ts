/** `query audio-effects`: a look-up in the catalog of audio effects (voice changers, tones). */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query audio-effects`. */
export const command = catalogQueryCommand(
  "audio-effects",
  "audio_effects",
  "audio effects (voice changers, tones)",
  ["query audio-effects --action categories", "query audio-effects --category tone"],
);
