/**
 * What a scan keeps of a loaded text (keys, lexemes, the final whitespace) does not keep the text
 * itself alive: once the caller drops it, a full collection frees it. Run in a subprocess with
 * V8's `gc()` exposed.
 */
import { equal, ok } from "node:assert/strict";

const SCRIPT = `
import { scanSpellings } from ${JSON.stringify(new URL("./spellings.ts", import.meta.url).href)};
// A long key with -0, a long lexeme, an escape JSON.stringify would not write, a long tail; the
// text padded to 32 MB with blanks (the parsed value stays small).
let text = '{"a_key_of_twenty_one":-0,"x":1.50000000000000000,"s":"\\\\u00e9 kept as it was",' +
  ' '.repeat(32 << 20) + '"n":1}' + "\\n".repeat(20);
const sp = scanSpellings(text, JSON.parse(text));
gc();
const before = Deno.memoryUsage().heapUsed;
text = "";
// A collection frees the text once nothing holds it; under load a background task of the runtime
// may still hold it for a moment, so a few collections are tried, a moment apart.
let freed = 0;
for (let i = 0; i < 20 && freed <= 24 << 20; i++) {
  if (i) await new Promise((r) => setTimeout(r, 25));
  gc();
  freed = before - Deno.memoryUsage().heapUsed;
}
console.log(JSON.stringify({ freed, lexemes: sp.numbers.map((n) => n.lexeme), tail: sp.tail }));
`;

Deno.test("scanSpellings: what it keeps does not hold the loaded text", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-check", "--v8-flags=--expose-gc", SCRIPT],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  ok(out.success);
  const { freed, lexemes, tail } = JSON.parse(new TextDecoder().decode(out.stdout));
  equal(lexemes.join(" "), '-0 1.50000000000000000 "\\u00e9 kept as it was"');
  equal(tail, "\n".repeat(20));
  ok(freed > 24 << 20, `${freed} bytes freed once the text was dropped`);
});
