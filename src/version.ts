/** The one place the version comes from: deno.json's "version" field. */
import denoJson from "../deno.json" with { type: "json" };

/** Semantic version of this build of draftcli. */
export const VERSION: string = denoJson.version;

/** The build target triple, e.g. "x86_64-unknown-linux-gnu" (Deno's own target). */
export const TARGET: string = Deno.build.target;
