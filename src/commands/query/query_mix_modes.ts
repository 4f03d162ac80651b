/** `query mix-modes`: a look-up in the catalog of blend (mix) modes (JianYing only). */
import { catalogQueryCommand } from "./query_catalog.ts";

/** `query mix-modes`. */
export const command = catalogQueryCommand(
  "mix-modes",
  "mix_modes",
  "blend (mix) modes (JianYing only)",
  ["query mix-modes"],
  "Only JianYing has blend modes in its catalog; CapCut queries fail. ",
);
