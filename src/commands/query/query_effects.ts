/** `query effects`: a look-up in the catalog of video effects. */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query effects`. */
export const command = catalogQueryCommand(
  "effects",
  "video_effects",
  "video effects",
  ["query effects --action categories", "query effects --category character --keyword 爱心"],
  "Categories: scene (whole picture) and character (follows people). ",
);
