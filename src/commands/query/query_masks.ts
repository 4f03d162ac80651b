/** `query masks`: a look-up in the catalog of masks. */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query masks`. */
export const command = catalogQueryCommand(
  "masks",
  "masks",
  "masks",
  ["query masks"],
);
