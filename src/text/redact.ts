/**
 * The one redactor: keeps credentials out of every message, warning, log line and JSON output.
 * User:password in URLs and the values of secret query/fragment parameters become `***`.
 * Secret parameters are the presigned-URL fields of each storage provider (SECRET_PARAMS), every
 * parameter of a signing family (`X-Amz-*`, `X-Goog-*`, `X-Tos-*`, COS `q-*`), and any parameter
 * whose name says token, jwt, key, sig(nature), credential, secret or password. Every URL that
 * draftcli prints (command output, errors, warnings, MCP results) goes through `redactUrl` or
 * `redactText`.
 */

/** Presigned-URL parameters that carry a signature, credential or session token, by provider. */
export const SECRET_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "AWS S3 (SigV4/SigV2)": [
    "X-Amz-Signature",
    "X-Amz-Credential",
    "X-Amz-Security-Token",
    "Signature",
    "AWSAccessKeyId",
  ],
  "Google Cloud Storage": ["X-Goog-Signature", "X-Goog-Credential", "GoogleAccessId"],
  "Azure SAS": ["sig", "skoid", "sktid"],
  "Tencent COS": ["q-signature", "q-ak", "x-cos-security-token", "sign"],
  "Alibaba OSS": ["OSSAccessKeyId", "x-oss-signature", "x-oss-credential", "security-token"],
  "Volcengine TOS": ["X-Tos-Signature", "X-Tos-Credential", "X-Tos-Security-Token"],
  "CDN / generic": ["auth_key", "e-sign", "session", "sessionid", "sid", "code", "auth"],
};

const EXACT = new Set(Object.values(SECRET_PARAMS).flat().map((n) => n.toLowerCase()));
/** Any parameter whose name mentions one of these words is a secret too. */
const GENERIC = /token|jwt|key|signature|credential|secret|passw|pwd|^pass$|authorization/i;
/** Signing families whose every parameter is masked: AWS, Google, Volcengine TOS, Tencent COS. */
const FAMILIES = /^(x-amz-|x-goog-|x-tos-|q-)/i;

/** Is a query/fragment parameter of this name a secret (its value must never be shown)? */
export function isSecretParam(name: string): boolean {
  return EXACT.has(name.toLowerCase()) || GENERIC.test(name) || FAMILIES.test(name);
}

const MASK = "***";

function redactParams(params: string): string {
  return params.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 0) return pair;
    let name = pair.slice(0, eq);
    try {
      name = decodeURIComponent(name.replaceAll("+", " "));
    } catch { /* keep as written */ }
    return isSecretParam(name) ? `${pair.slice(0, eq)}=${MASK}` : pair;
  }).join("&");
}

/** A URL with its credentials masked; non-URLs are returned unchanged except for user:pass@. */
export function redactUrl(url: string | URL): string {
  url = String(url);
  // Credentials, queries and fragments are all it masks: a URL with none is returned as it is.
  if (!url.includes("@") && !url.includes("?") && !url.includes("#")) return url;
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

/**
 * Masks URLs (redactText) and every occurrence of each known secret value (a token, a whole
 * query string) in `text`; values shorter than 4 characters are left alone.
 */
export function redactSecrets(text: string, secrets: (string | undefined)[]): string {
  let out = redactText(text);
  for (const s of secrets) if (s && s.length >= 4) out = out.replaceAll(s, MASK);
  return out;
}

/** Keys whose value is a URL the command was asked to produce (`draft upload`'s download URL). */
const RESULT_URL_KEYS: ReadonlySet<string> = new Set(["downloadUrl"]);

/**
 * A JSON value (a command's output) with every URL inside its strings masked (`redactText`), for
 * the fronts to print. Values under `downloadUrl` are kept: that URL is what `draft upload` was
 * asked for. Returns the value itself when nothing needed masking.
 */
export function redactJson<T>(value: T): T {
  return walk(value) as T;
}

/**
 * `JSON.stringify(redactJson(value), null, indent)`, cheaper for a large output with nothing to
 * mask: the value is written once and its text searched for a URL that could carry a secret
 * (`://` followed, within the characters a URL may hold here, by `@`, `?` or `#`); only then is
 * it walked. The text holds every string of the value, its escapes only lengthening a URL, so a
 * URL the walk would mask is always found.
 */
export function redactedJsonText(value: unknown, indent?: number): string {
  const text = jsonText(value, indent);
  if (text === undefined || !MAYBE_SECRET_URL.test(text)) return text;
  return jsonText(walk(value), indent);
}

/** JSON.stringify; called with the value alone when compact, the form V8's fast path takes. */
const jsonText = (value: unknown, indent?: number): string =>
  indent === undefined ? JSON.stringify(value) : JSON.stringify(value, null, indent);

/** A URL in JSON text that may hold credentials, a query or a fragment (see `redactedJsonText`). */
const MAYBE_SECRET_URL = /:\/\/[^\s"'<>()]*[@?#]/;

function walk(value: unknown): unknown {
  // redactUrl changes only credentials (`user@`), queries and fragments: a URL without `@`, `?`
  // or `#` is printed as it is.
  if (typeof value === "string") {
    return value.includes("://") && /[@?#]/.test(value) ? redactText(value) : value;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = walk(value[i]);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  if (value && typeof value === "object") {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      if (RESULT_URL_KEYS.has(k)) continue;
      const w = walk(v);
      if (w !== v) (out ??= { ...value as Record<string, unknown> })[k] = w;
    }
    return out ?? value;
  }
  return value;
}
