/**
 * Files that belong to an editor's installation: its app bundle on macOS, its install folder on
 * Windows (per-user `…\CapCut\Apps\<version>\`, a portable copy's `…\CapCut\<version>\`, Program
 * Files) and JianYing's own system-font folder. Editor-saved drafts name these (their bundled
 * fonts, e.g. `/Applications/CapCut.app/Contents/Resources/Font/SystemFont/en.ttf`); they are the
 * editor's, on every machine it is installed on, never somebody else's data. Pure.
 */

const APP_NAMES = "CapCut|JianyingPro|VideoFusion-macOS|剪映专业版|剪映";

const PATTERNS: readonly RegExp[] = [
  // macOS app bundle, system-wide or per-user Applications folder
  new RegExp(`^(?:/Users/[^/]+)?/Applications/(?:${APP_NAMES})[^/]*\\.app/`, "i"),
  // Windows per-user install (Apps\<version>) or a portable copy (<version>)
  new RegExp(`[\\\\/](?:${APP_NAMES})[\\\\/](?:Apps[\\\\/])?\\d+(?:\\.\\d+){1,3}[\\\\/]`, "i"),
  // Program Files install
  new RegExp(`^[A-Za-z]:[\\\\/]Program Files(?: \\(x86\\))?[\\\\/](?:${APP_NAMES})[\\\\/]`, "i"),
  // older JianYing/CapCut keep their bundled fonts under User Data
  new RegExp(
    `[\\\\/](?:${APP_NAMES})[\\\\/]User Data[\\\\/]Resources[\\\\/]Font[\\\\/]SystemFont[\\\\/]`,
    "i",
  ),
];

/** Is `path` a file inside an editor's own installation (a bundled font, resource)? */
export function isEditorAppFile(path: string): boolean {
  return path.length < 1024 && PATTERNS.some((p) => p.test(path));
}
