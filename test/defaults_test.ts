/**
 * The editor defaults in src/editions/data/ (prototypes, skeletons, float keys) are what
 * scripts/extract_prototypes.ts derives from ../shared/reference today. Runs where the reference
 * folder is present (DRAFTCLI_REFERENCE or beside the checkout).
 */
import { equal } from "node:assert/strict";
import { referenceDir } from "../scripts/reference.ts";

const hasReference = (() => {
  try {
    referenceDir();
    return true;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "editor defaults are up to date with the reference drafts (extract_prototypes --check)",
  ignore: !hasReference,
  fn: async () => {
    const script = new URL("../scripts/extract_prototypes.ts", import.meta.url).pathname;
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", script, "--check"],
      stdout: "piped",
      stderr: "piped",
    }).output();
    equal(out.code, 0, new TextDecoder().decode(out.stderr));
  },
});
