/**
 * Regenerates the generated parts of docs/editions.md (support matrix, known builds) from the
 * profile data in src/editions/profiles.ts. Run: deno run -A scripts/editions_doc.ts
 * (src/editions/profiles_test.ts fails when the file is out of date).
 */
import {
  GENERATED_SECTIONS,
  generatedSection,
  renderEditionsDoc,
  tableCells,
} from "../src/editions/doc.ts";

const path = new URL("../docs/editions.md", import.meta.url);
const before = Deno.readTextFileSync(path);
const after = renderEditionsDoc(before);
const same = Object.keys(GENERATED_SECTIONS).every((name) =>
  JSON.stringify(tableCells(generatedSection(before, name) ?? "")) ===
    JSON.stringify(tableCells(generatedSection(after, name) ?? ""))
);
if (same) console.log("docs/editions.md is up to date");
else {
  Deno.writeTextFileSync(path, after);
  // Keep the file as `deno fmt` leaves it (the check task formats Markdown too).
  await new Deno.Command(Deno.execPath(), { args: ["fmt", path.pathname] }).output();
  console.log("updated docs/editions.md");
}
