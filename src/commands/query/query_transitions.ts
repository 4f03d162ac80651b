/** `query transitions`: a look-up in the catalog of transitions between clips. */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query transitions`. */
export const command = catalogQueryCommand(
  "transitions",
  "transitions",
  "transitions between clips",
  ["query transitions --keyword 叠化", "query transitions --editor capcut --keyword mix"],
);
