/** `query fonts`: a look-up in the catalog of fonts. */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query fonts`. */
export const command = catalogQueryCommand(
  "fonts",
  "fonts",
  "fonts",
  ["query fonts --keyword 宋体"],
);
