/**
 * The generated sections of docs/editions.md: everything between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` comes from the profile data, so the document cannot drift from it.
 */
import { knownBuildsMarkdown, supportMatrixMarkdown } from "./profiles.ts";

/** Generated sections by name. */
export const GENERATED_SECTIONS: Readonly<Record<string, () => string>> = {
  "support-matrix": supportMatrixMarkdown,
  "known-builds": knownBuildsMarkdown,
};

/** Replaces every generated section of `text` with fresh output; other text is kept. */
export function renderEditionsDoc(text: string): string {
  let out = text;
  for (const [name, render] of Object.entries(GENERATED_SECTIONS)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close);
    if (a < 0 || b < a) throw new Error(`docs/editions.md lacks the ${name} section markers`);
    out = `${out.slice(0, a + open.length)}\n${render()}\n${out.slice(b)}`;
  }
  return out;
}

/** The cells of the Markdown table rows in `text` (separator rows dropped, cells trimmed). */
export function tableCells(text: string): string[][] {
  return text.split("\n")
    .filter((l) => l.trim().startsWith("|") && !/^\|[\s|:-]+\|$/.test(l.trim()))
    .map((l) =>
      l.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/).map((c) => c.trim().replace(/\s+/g, " "))
    );
}

/** The text of a generated section of `text` (between its markers), or undefined. */
export function generatedSection(text: string, name: string): string | undefined {
  const open = `<!-- generated:${name} -->`;
  const a = text.indexOf(open);
  const b = text.indexOf(`<!-- /generated:${name} -->`);
  return a < 0 || b < a ? undefined : text.slice(a + open.length, b);
}
