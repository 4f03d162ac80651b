/**
 * What a load for a save reads beyond a plain load (`loadDraft`'s `forSave`): the record of
 * draftcli's own last save (written.ts: lists whose bytes it may write again, lists parsed only
 * when read), the spellings of everything else (number text, key order, indentation) and whether
 * saves are checked (`verifySave`). The commit path passes this module to `loadDraft`, so
 * read-only commands never load it.
 */
export { lazyLists, writtenByUs, writtenFiles, writtenLists, writtenSkeleton } from "./written.ts";
export { indentOf, scanSpellings, tailOf } from "../draft/spellings.ts";
export { verifySave } from "./draft_files.ts";
