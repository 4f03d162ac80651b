import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import fc from "fast-check";
import { redactedJsonText, redactJson, redactText, redactUrl } from "./redact.ts";

Deno.test("redactUrl masks userinfo and secret parameters, keeps the rest", () => {
  assertEquals(
    redactUrl("https://user:secret@cdn.example.com/a/b.png?w=10&token=abc#x"),
    "https://***@cdn.example.com/a/b.png?w=10&token=***#x",
  );
  assertEquals(redactUrl("http://user@host:8080/x"), "http://***@host:8080/x");
  assertEquals(
    redactUrl(
      "https://b.s3.amazonaws.com/k.mp4?X-Amz-Algorithm=AWS4&X-Amz-Credential=AKIA%2F1&X-Amz-Signature=deadbeef",
    ),
    "https://b.s3.amazonaws.com/k.mp4?X-Amz-Algorithm=***&X-Amz-Credential=***&X-Amz-Signature=***",
  );
  assertEquals(
    redactUrl("https://h/cb#access_token=zzz&state=1"),
    "https://h/cb#access_token=***&state=1",
  );
  assertEquals(
    redactUrl("https://h/p?api_key=1&Key=2&sig=3&q=ok"),
    "https://h/p?api_key=***&Key=***&sig=***&q=ok",
  );
  assertEquals(redactUrl("file:///home/me/a%20b.png"), "file:///home/me/a%20b.png");
  assertEquals(redactUrl("not a url"), "not a url");
  assertEquals(redactUrl(new URL("https://h/a")), "https://h/a");
  assertEquals(redactUrl("HTTPS://U:P@H/"), "HTTPS://***@H/");
  assertEquals(redactUrl("https://h/a@b/c"), "https://h/a@b/c"); // '@' in the path is no userinfo
});

Deno.test("redactText masks every URL inside a message", () => {
  const msg =
    "imageInfos[0].imageUrl: https://u:pw@127.0.0.1:1/x.png?token=t0k: not found (HTTP 404); also http://a:b@h/y";
  const out = redactText(msg);
  assert(!/pw|t0k|a:b/.test(out), out);
  assertEquals(
    out,
    "imageInfos[0].imageUrl: https://***@127.0.0.1:1/x.png?token=***: not found (HTTP 404); also http://***@h/y",
  );
});

Deno.test("redactUrl: one case per secret shape", () => {
  const cases: [string, string][] = [
    ["http://user:PW@h/a", "http://***@h/a"],
    ["http://h/a?token=S&w=1", "http://h/a?token=***&w=1"],
    ["http://h/a?access_token=S&w=1", "http://h/a?access_token=***&w=1"],
    ["http://h/a?jwt=S&w=1", "http://h/a?jwt=***&w=1"],
    ["http://h/a?sig=S&w=1", "http://h/a?sig=***&w=1"],
    ["http://h/a?signature=S&w=1", "http://h/a?signature=***&w=1"],
    ["http://h/a?key=S&w=1", "http://h/a?key=***&w=1"],
    ["http://h/a?credential=S&w=1", "http://h/a?credential=***&w=1"],
    ["http://h/a?X-Amz-Date=S&X-Amz-Anything=S", "http://h/a?X-Amz-Date=***&X-Amz-Anything=***"],
    [
      "http://h/a?x-goog-signature=S&X-Goog-Expires=S",
      "http://h/a?x-goog-signature=***&X-Goog-Expires=***",
    ],
    ["http://h/a?q-sign-time=S&q-ak=S&q=ok", "http://h/a?q-sign-time=***&q-ak=***&q=ok"],
    [
      "http://h/a?X-Tos-Credential=S&x-tos-date=S",
      "http://h/a?X-Tos-Credential=***&x-tos-date=***",
    ],
    // Azure SAS: the signature is `sig`; the other SAS fields say what it grants.
    ["http://h/a?sv=2022&sp=r&se=2026&sig=S%2B%3D", "http://h/a?sv=2022&sp=r&se=2026&sig=***"],
    ["http://h/a#jwt=S", "http://h/a#jwt=***"],
  ];
  for (const [input, expected] of cases) assertEquals(redactUrl(input), expected);
});

Deno.test("redactJson masks URLs in every string of an output, keeps downloadUrl", () => {
  const out = {
    a: "https://h/x.png?jwt=S",
    list: [{ u: "see http://u:p@h/y" }, 3, null, "plain"],
    downloadUrl: "https://cdn/d.zip?token=KEEP",
  };
  assertEquals(redactJson(out), {
    a: "https://h/x.png?jwt=***",
    list: [{ u: "see http://***@h/y" }, 3, null, "plain"],
    downloadUrl: "https://cdn/d.zip?token=KEEP",
  });
  const clean = { a: "no url", b: [1, "x"] };
  assert(redactJson(clean) === clean, "nothing to mask: the same value");
});

Deno.test("redactedJsonText is the text of redactJson's value, found without a walk or with", () => {
  const urls = [
    "https://u:p@cdn.example/a.png",
    "https://cdn.example/a.png?X-Amz-Signature=abc&w=1",
    "file:///tmp/a b/c.png",
    "https://cdn.example/a.png#token=t",
    'see "https://cdn.example/x?sig=1" here',
    "http://h/p\n?sig=2",
    "plain text ? @ #",
  ];
  const strings = fc.oneof(fc.string(), fc.constantFrom(...urls));
  const value = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      strings,
      fc.integer(),
      fc.constant(null),
      fc.array(tie("node"), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom("a", "downloadUrl", "url", "path"), tie("node"), {
        maxKeys: 4,
      }),
    ),
  })).node;
  fc.assert(
    fc.property(value, fc.constantFrom(undefined, 2), (v, indent) => {
      assertEquals(redactedJsonText(v, indent), JSON.stringify(redactJson(v), null, indent));
    }),
    { numRuns: 500 },
  );
  // A whole output with a secret somewhere is masked.
  const out = { items: [{ imageUrl: urls[1], path: "/x" }], downloadUrl: urls[1] };
  const text = redactedJsonText(out);
  assert(text.includes("X-Amz-Signature=***") && text.includes("abc"));
});
