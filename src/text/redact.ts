/**
 * Keeps credentials out of messages: user:password in URLs and secret-looking query or
 * fragment parameters (`token`, `key`, `signature`, presigned-URL fields …) become `***`.
 */

/** Query/fragment parameter names whose values are treated as secrets. */
const SECRET_PARAM =
  /^(access[_-]?token|refresh[_-]?token|id[_-]?token|token|auth|authorization|api[_-]?key|apikey|key|secret|client[_-]?secret|password|passwd|pwd|pass|sig|signature|session|sessionid|sid|credential|code|x-amz-(signature|credential|security-token)|x-goog-(signature|credential)|x-oss-signature|ossaccesskeyid|accesskeyid|awsaccesskeyid)$/i;

const MASK = "***";

function redactParams(params: string): string {
  return params.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replaceAll("+", " "));
    } catch { /* keep as written */ }
    return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${MASK}` : pair;
  }).join("&");
}

/** A URL with its credentials masked; non-URLs are returned unchanged except for user:pass@. */
export function redactUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/is.exec(url);
  if (!m) return url;
  const [, scheme, authority, path, query, fragment] = m;
  const at = authority.lastIndexOf("@");
  const host = at >= 0 ? `${MASK}@${authority.slice(at + 1)}` : authority;
  const q = query ? `?${redactParams(query.slice(1))}` : "";
  const f = fragment && fragment.includes("=")
    ? `#${redactParams(fragment.slice(1))}`
    : fragment ?? "";
  return `${scheme}${host}${path}${q}${f}`;
}

/** Masks credentials in every URL found in free text (error messages, hints, warnings). */
export function redactText(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi, (u) => {
    // Trailing punctuation belongs to the sentence ("…/a.png: not found").
    const tail = /[.,;:!?]+$/.exec(u)?.[0] ?? "";
    return redactUrl(u.slice(0, u.length - tail.length)) + tail;
  });
}
