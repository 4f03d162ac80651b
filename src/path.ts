/**
 * File paths: the functions of `node:path` that draftcli uses, with `node:path`'s results. On
 * macOS and Linux they are this module's own POSIX code, because importing `node:path` loads a
 * part of Deno's Node layer that costs every command about 8 ms at start; on Windows they are
 * `node:path` itself (its drive letters and UNC paths are not worth re-deriving).
 * path_test.ts compares the POSIX code with `node:path`'s posix flavour on random paths.
 */
import type * as NodePath from "node:path";

/** The subset of `node:path` in use. */
export type PathApi =
  & Pick<
    typeof NodePath,
    | "basename"
    | "dirname"
    | "extname"
    | "isAbsolute"
    | "join"
    | "normalize"
    | "relative"
    | "resolve"
  >
  & { sep: string };

/** `..` and `.` resolved in a path's segments (leading `..` kept when the path is relative). */
function segments(path: string, relative: boolean): string[] {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (relative) out.push("..");
    } else {
      out.push(seg);
    }
  }
  return out;
}

/** An empty, `.` or `..` segment: where normalising changes an absolute path. */
const UNCLEAN = /\/\/|\/\.\.?(?:\/|$)/;

function normalizePosix(path: string): string {
  if (path.length === 0) return ".";
  const absolute = path[0] === "/";
  // Most paths are clean already (a batch joins and normalises one per media file).
  if (absolute && !UNCLEAN.test(path)) return path;
  let body = segments(path, !absolute).join("/");
  if (body.length === 0 && !absolute) body = ".";
  if (body.length > 0 && path[path.length - 1] === "/") body += "/";
  return absolute ? `/${body}` : body;
}

function joinPosix(...parts: string[]): string {
  const joined = parts.filter((p) => p.length > 0).join("/");
  return joined.length === 0 ? "." : normalizePosix(joined);
}

function resolvePosix(...parts: string[]): string {
  let resolved = "";
  let absolute = false;
  for (let i = parts.length - 1; i >= -1 && !absolute; i--) {
    const part = i >= 0 ? parts[i] : Deno.cwd();
    if (part.length === 0) continue;
    resolved = `${part}/${resolved}`;
    absolute = part[0] === "/";
  }
  const body = segments(resolved, !absolute).join("/");
  if (absolute) return `/${body}`;
  return body.length > 0 ? body : ".";
}

function isAbsolutePosix(path: string): boolean {
  return path.length > 0 && path[0] === "/";
}

function dirnamePosix(path: string): string {
  if (path.length === 0) return ".";
  const rooted = path[0] === "/";
  let end = -1;
  let sawName = true;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path[i] === "/") {
      if (!sawName) {
        end = i;
        break;
      }
    } else {
      sawName = false;
    }
  }
  if (end === -1) return rooted ? "/" : ".";
  if (rooted && end === 1) return "//";
  return path.slice(0, end);
}

/** The last segment's bounds, trailing slashes excluded. */
function lastSegment(path: string): [start: number, end: number] {
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  const start = path.lastIndexOf("/", end - 1) + 1;
  return [start, end];
}

function basenamePosix(path: string, suffix?: string): string {
  const [start, end] = lastSegment(path);
  const base = path.slice(start, end);
  if (suffix !== undefined && suffix.length > 0 && base !== suffix && base.endsWith(suffix)) {
    return base.slice(0, base.length - suffix.length);
  }
  return base;
}

function extnamePosix(path: string): string {
  let dot = -1; // the last dot of the last segment
  let start = 0; // where the last segment starts
  let end = -1; // where it ends (trailing slashes excluded)
  let trailing = true;
  // 0: nothing before the dot yet; -1: a name character before it; 1: only dots before it.
  let before = 0;
  for (let i = path.length - 1; i >= 0; i--) {
    const c = path[i];
    if (c === "/") {
      if (!trailing) {
        start = i + 1;
        break;
      }
      continue;
    }
    if (end === -1) {
      trailing = false;
      end = i + 1;
    }
    if (c === ".") {
      if (dot === -1) dot = i;
      else if (before !== 1) before = 1;
    } else if (dot !== -1) {
      before = -1;
    }
  }
  if (dot === -1 || end === -1 || before === 0) return "";
  if (before === 1 && dot === end - 1 && dot === start + 1) return ""; // the name ".."
  return path.slice(dot, end);
}

/** An absolute path already normal: no empty, `.` or `..` segment, no trailing slash. */
const isCleanAbsolute = (p: string) => p[0] === "/" && !/\/\.{0,2}(?:\/|$)/.test(p);

/** `/` */
const SLASH = 47;

/**
 * `relative` of two clean absolute paths (`isCleanAbsolute`: already what `resolve` makes of
 * them), by comparing characters: no splitting.
 */
function relativeClean(a: string, b: string): string {
  if (a === b) return "";
  const n = Math.min(a.length, b.length);
  let i = 0;
  let sep = 0; // the last `/` both share: the common folder ends there
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) {
    if (a.charCodeAt(i) === SLASH) sep = i;
    i++;
  }
  // one path whole inside the other: the shorter one is the common folder
  if (i === n && (a.length === n ? b : a).charCodeAt(n) === SLASH) sep = n;
  let up = 0;
  for (let j = sep; j < a.length; j++) if (a.charCodeAt(j) === SLASH) up++;
  const down = sep < b.length ? b.slice(sep + 1) : "";
  const ups = up > 0 ? "../".repeat(up - 1) + ".." : "";
  return ups && down ? `${ups}/${down}` : ups || down;
}

function relativePosix(from: string, to: string): string {
  // The common case, a clean path under a clean folder, without splitting both.
  const clean = isCleanAbsolute(from) && isCleanAbsolute(to);
  if (clean && to.length > from.length + 1 && to[from.length] === "/" && to.startsWith(from)) {
    return to.slice(from.length + 1);
  }
  if (clean) return relativeClean(from, to);
  const a = resolvePosix(from);
  const b = resolvePosix(to);
  if (a === b) return "";
  const fromParts = a.split("/").filter(Boolean);
  const toParts = b.split("/").filter(Boolean);
  let common = 0;
  while (
    common < fromParts.length && common < toParts.length &&
    fromParts[common] === toParts[common]
  ) common++;
  return [...Array(fromParts.length - common).fill(".."), ...toParts.slice(common)].join("/");
}

/** This module's POSIX functions (what macOS and Linux use). */
export const posix: PathApi = {
  basename: basenamePosix,
  dirname: dirnamePosix,
  extname: extnamePosix,
  isAbsolute: isAbsolutePosix,
  join: joinPosix,
  normalize: normalizePosix,
  relative: relativePosix,
  resolve: resolvePosix,
  sep: "/",
};

const api: PathApi = Deno.build.os === "windows" ? await import("node:path") : posix;

/** `path.basename` of `node:path` (see the module doc). */
export const basename: PathApi["basename"] = api.basename;
/** `path.dirname`. */
export const dirname: PathApi["dirname"] = api.dirname;
/** `path.extname`. */
export const extname: PathApi["extname"] = api.extname;
/** `path.isAbsolute`. */
export const isAbsolute: PathApi["isAbsolute"] = api.isAbsolute;
/** `path.join`. */
export const join: PathApi["join"] = api.join;
/** `path.normalize`. */
export const normalize: PathApi["normalize"] = api.normalize;
/** `path.relative`. */
export const relative: PathApi["relative"] = api.relative;
/** `path.resolve`. */
export const resolve: PathApi["resolve"] = api.resolve;
/** `path.sep`. */
export const sep: string = api.sep;

/**
 * Is `path` inside the folder `dir` (the folder itself is not)? Both are resolved the same way,
 * so pass both absolute. A first segment starting with `..` counts as outside.
 */
export function isInside(path: string, dir: string): boolean {
  if (path === "") return false;
  const rel = relative(dir, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
