/**
 * The release pieces agree with each other: the targets of scripts/compile.ts, the build matrix
 * and published files of the release workflow, and the assets the installers ask for.
 */
import { equal, match, ok } from "node:assert/strict";
import { assetName, TARGETS } from "../scripts/compile.ts";

const read = (path: string) => Deno.readTextFileSync(new URL(`../${path}`, import.meta.url));
const RELEASE = read(".github/workflows/release.yml");
const CI = read(".github/workflows/ci.yml");

/** The lines of the `target:` list of the build matrix. */
function buildMatrixTargets(): string[] {
  const lines = RELEASE.split("\n");
  const start = lines.findIndex((l) => /^\s+target:\s*$/.test(l));
  ok(start >= 0, "release.yml has a build matrix `target:` list");
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = line.match(/^\s+- ([\w-]+)\s*$/);
    if (!m) break;
    out.push(m[1]);
  }
  return out;
}

Deno.test("release.yml builds exactly the targets of scripts/compile.ts", () => {
  equal(buildMatrixTargets().join(" "), TARGETS.join(" "));
  match(RELEASE, /deno task compile --target \$\{\{ matrix\.target \}\}/);
  match(RELEASE, /deno-version-file: \.deno-version/);
});

Deno.test("release.yml runs on v* tags, tests each OS with DRAFTCLI_BIN and publishes all assets", () => {
  match(RELEASE, /tags: \["v\*"\]/);
  for (const os of ["ubuntu-latest", "macos-latest", "windows-latest"]) {
    ok(RELEASE.includes(os), os);
  }
  match(RELEASE, /DRAFTCLI_BIN: .*dist\/draftcli-/);
  match(RELEASE, /run: deno task test/);
  match(RELEASE, /sha256sum draftcli-\* > SHA256SUMS/);
  match(RELEASE, /files=\(dist\/draftcli-\* dist\/SHA256SUMS install\.sh install\.ps1\)/);
  match(RELEASE, /gh release create/);
  match(RELEASE, /gh release upload/);
  match(RELEASE, /GH_TOKEN: \$\{\{ secrets\.GITHUB_TOKEN \}\}/);
});

Deno.test("workflows pin third-party actions to their major versions", () => {
  const pinned = new Set([
    "actions/checkout@v4",
    "denoland/setup-deno@v2",
    "actions/upload-artifact@v4",
    "actions/download-artifact@v4",
  ]);
  for (const text of [RELEASE, CI]) {
    for (const m of text.matchAll(/uses: (\S+)/g)) ok(pinned.has(m[1]), m[1]);
  }
  match(CI, /run: bash \.ci\/run/);
  match(CI, /pull_request:/);
});

Deno.test("installers ask for assets the release publishes", () => {
  const sh = read("install.sh");
  const ps1 = read("install.ps1");
  for (const target of TARGETS) {
    const [arch, ...rest] = target.split("-");
    const os = rest.join("-");
    if (os === "pc-windows-msvc") {
      equal(assetName(target), "draftcli-x86_64-pc-windows-msvc.exe");
      ok(ps1.includes(`'${target}'`) && ps1.includes('"draftcli-$Target.exe"'), target);
    } else {
      // install.sh composes `$arch_part-$os_part` from these two halves.
      ok(sh.includes(`arch_part="${arch}"`), `${target}: arch ${arch}`);
      ok(sh.includes(`os_part="${os}"`), `${target}: os ${os}`);
      ok(sh.includes('asset="draftcli-$TARGET"'), "install.sh asset name");
    }
  }
  for (const text of [sh, ps1]) {
    ok(text.includes("releases/latest/download"), "default base");
    ok(text.includes("/download/"), "pinned layout");
  }
});
