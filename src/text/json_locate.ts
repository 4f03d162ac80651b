/**
 * Finds where JSON text stops being valid, for error messages (V8's own messages do not always
 * carry a position). A small strict scanner; it only locates, JSON.parse does the parsing.
 */

/** Offset (UTF-16 index) of the first invalid character, or -1 when the text is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const lit = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else {
      let k = 0;
      while (k < word.length && text[i + k] === word[k]) k++;
      i += k;
      fail();
    }
  };
  const str = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            fail();
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {
          i++;
          fail();
        }
      } else if (c < " ") fail();
      else i++;
    }
    fail();
  };
  const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const num = () => {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m || m[0] === "-" || m[0] === "") fail();
    i += m![0].length;
  };
  const key = () => {
    ws();
    if (text[i] !== '"') fail();
    str();
    ws();
    if (text[i] !== ":") fail();
    i++;
  };
  // Iterative (an explicit stack of open containers): nesting depth costs memory, not call stack.
  const open: string[] = [];
  const scan = () => {
    let wantValue = true;
    for (;;) {
      if (wantValue) {
        ws();
        const c = text[i];
        if (c === "{" || c === "[") {
          i++;
          ws();
          if (text[i] === (c === "{" ? "}" : "]")) i++;
          else {
            open.push(c);
            if (c === "{") key();
            continue;
          }
        } else if (c === '"') str();
        else if (c === "t") lit("true");
        else if (c === "f") lit("false");
        else if (c === "n") lit("null");
        else if (c === "-" || (c >= "0" && c <= "9")) num();
        else fail();
        wantValue = false;
      }
      const top = open[open.length - 1];
      if (top === undefined) return;
      ws();
      if (text[i] === ",") {
        i++;
        if (top === "{") key();
        wantValue = true;
      } else if (text[i] === (top === "{" ? "}" : "]")) {
        i++;
        open.pop();
      } else fail();
    }
  };
  try {
    scan();
    ws();
    if (i < text.length) fail();
    return -1;
  } catch (pos) {
    if (typeof pos === "number") return Math.min(pos, text.length);
    throw pos;
  }
}

/** Line and column (1-based) of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}
