/** `query filters`: a look-up in the catalog of colour filters. */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query filters`. */
export const command = catalogQueryCommand(
  "filters",
  "filters",
  "colour filters",
  ["query filters --keyword 复古"],
);
