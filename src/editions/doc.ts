/**
 * The generated sections of docs/editions.md: everything between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` comes from the profile data, so the document cannot drift from it.
 */
import { knownBuildsMarkdown, supportMatrixMarkdown } from "./builds.ts";

/** Generated sections by name. */
export const GENERATED_SECTIONS: Readonly<Record<string, () => string>> = {
  "support-matrix": supportMatrixMarkdown,
  "known-builds": knownBuildsMarkdown,
};

/**
 * Replaces the generated sections of `text` (all of them, or only `names`) with fresh output;
 * other text is kept.
 */
export function renderEditionsDoc(
  text: string,
  names: readonly string[] = Object.keys(GENERATED_SECTIONS),
): string {
  let out = text;
  for (const name of names) {
    const render = GENERATED_SECTIONS[name];
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close);
    if (a < 0 || b < a) throw new Error(`the document lacks the ${name} section markers`);
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
