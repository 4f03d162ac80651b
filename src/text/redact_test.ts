import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { redactText, redactUrl } from "./redact.ts";

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
    "https://b.s3.amazonaws.com/k.mp4?X-Amz-Algorithm=AWS4&X-Amz-Credential=***&X-Amz-Signature=***",
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
