/**
 * Regenerates the generated parts of docs/editions.md (support matrix, known builds) and the
 * support matrix in README.md from the profile data in src/editions/profiles.ts.
 * Run: deno run -A scripts/editions_doc.ts (src/editions/profiles_test.ts fails when stale).
 */
import {
  GENERATED_SECTIONS,
  generatedSection,
  renderEditionsDoc,
  tableCells,
} from "../src/editions/doc.ts";

/** Documents with generated sections, and which sections each carries. */
const TARGETS: { file: string; sections: string[] }[] = [
  { file: "../docs/editions.md", sections: Object.keys(GENERATED_SECTIONS) },
  { file: "../README.md", sections: ["support-matrix"] },
];

for (const { file, sections } of TARGETS) {
  const path = new URL(file, import.meta.url);
  const before = Deno.readTextFileSync(path);
  const after = renderEditionsDoc(before, sections);
  const same = sections.every((name) =>
    JSON.stringify(tableCells(generatedSection(before, name) ?? "")) ===
      JSON.stringify(tableCells(generatedSection(after, name) ?? ""))
  );
  if (same) console.log(`${file} is up to date`);
  else {
    Deno.writeTextFileSync(path, after);
    // Keep the file as `deno fmt` leaves it (the check task formats Markdown too).
    await new Deno.Command(Deno.execPath(), { args: ["fmt", path.pathname] }).output();
    console.log(`updated ${file}`);
  }
}
