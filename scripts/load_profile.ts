/**
 * Which of the bundle's modules an agent's everyday calls load: the data the bundle's chunk plan
 * (scripts/chunk_plan.ts) is made from.
 *
 * `instrument` writes the bundle's modules one file each (Rollup's `preserveModules`), every file
 * opening with a line that records its name when it is evaluated, and the entry writing the names
 * to `$DRAFTCLI_LOADS_FILE` when the process ends. `profileLoads` runs `PROFILE_CALLS` against that
 * copy, as `deno run` of the bundle in a world of its own (a temporary HOME, drafts folder and
 * DENO_DIR, the repository's test media), and gives, per call, the files it loaded. A call that
 * fails fails the build with its output: the calls are kept in step with the commands by it.
 */
import { denoRunCommand } from "../src/setup/deno_run.ts";

/** One profiled call: a name, and its arguments after `draftcli`. */
export interface ProfileCall {
  /** Its name in the bundle report. */
  name: string;
  /**
   * Its arguments: `{draft}` is the id the first call printed (`draftId`), `{segment}` the first
   * segment id a call printed (`items[0].segmentId`), `{media}` the test media folder.
   */
  args: readonly string[];
}

/** `n` one-second items from `item`, as JSON. */
const timed = (n: number, item: (i: number) => Record<string, string>) =>
  JSON.stringify(
    Array.from(
      { length: n },
      (_, i) => ({ ...item(i), start: i * 1_000_000, end: (i + 1) * 1_000_000 }),
    ),
  );

/** Two position keyframes on the profile's first segment, as JSON. */
const keyframes = JSON.stringify(
  [[0, -0.5], [900_000, 0.5]].map(([offset, value]) => ({
    segmentId: "{segment}",
    property: "position_x",
    offset,
    value,
  })),
);

/** The call `<group> add {draft} <flag> <items>`, named `<group> add`. */
const add = (group: string, flag: string, items: string): ProfileCall => ({
  name: `${group} add`,
  args: [group, "add", "{draft}", flag, items],
});

/**
 * The calls profiled, in order, on one draft: what an agent runs to build a video and look at it.
 * The first creates the draft.
 */
export const PROFILE_CALLS: readonly ProfileCall[] = [
  { name: "draft create", args: ["draft", "create", "--name", "profile"] },
  add("images", "--image-infos", timed(3, () => ({ imageUrl: "{media}/image.png" }))),
  add("videos", "--video-infos", timed(1, () => ({ videoUrl: "{media}/video.mp4" }))),
  add("audios", "--audio-infos", timed(1, () => ({ audioUrl: "{media}/audio.mp3" }))),
  add("captions", "--captions", timed(10, (i) => ({ text: `caption ${i}` }))),
  { name: "transitions add", args: ["transitions", "add", "{draft}", "--auto", "fade"] },
  add("keyframes", "--keyframes", keyframes),
  add("effects", "--effect-infos", timed(1, () => ({ effectTitle: "1998" }))),
  add("filters", "--filter-infos", timed(1, () => ({ filterTitle: "1980" }))),
  {
    name: "segments update",
    args: [
      "segments",
      "update",
      "{draft}",
      "--updates",
      '[{"segmentId":"{segment}","end":900000}]',
    ],
  },
  { name: "draft info", args: ["draft", "info", "{draft}"] },
  { name: "draft list", args: ["draft", "list"] },
  { name: "captions list", args: ["captions", "list", "{draft}"] },
  { name: "segments list", args: ["segments", "list", "{draft}"] },
  { name: "query transitions", args: ["query", "transitions", "--limit", "5"] },
  { name: "captions add --help", args: ["captions", "add", "--help"] },
];

/** The environment variable naming the file an instrumented bundle writes its loads to. */
const LOADS_FILE = "DRAFTCLI_LOADS_FILE";

/**
 * Writes the modules of the bundle at `inDir` (its entry `entry`) into `outDir`, one file each,
 * each recording its name in `globalThis.__draftcliLoads` when evaluated; the entry also writes
 * that list as JSON to `$DRAFTCLI_LOADS_FILE` when the process ends.
 */
export async function instrument(inDir: string, outDir: string, entry: string): Promise<void> {
  const { rollup } = await import("rollup");
  const build = await rollup({
    input: `${inDir}/${entry}`,
    external: (id) => id.startsWith("node:"),
    onwarn: () => {},
  });
  try {
    const { output } = await build.generate({
      format: "es",
      preserveModules: true,
      entryFileNames: "[name].js",
      plugins: [{
        name: "record-loads",
        renderChunk(code, chunk) {
          const record = `(globalThis.__draftcliLoads??=[]).push(${
            JSON.stringify(chunk.fileName)
          });`;
          const report = chunk.isEntry
            ? `addEventListener("unload",()=>{const f=Deno.env.get(${
              JSON.stringify(LOADS_FILE)
            });` +
              `if(f)Deno.writeTextFileSync(f,JSON.stringify(globalThis.__draftcliLoads));});`
            : "";
          return { code: record + report + code, map: null };
        },
      }],
    });
    await Deno.mkdir(outDir, { recursive: true });
    for (const file of output) {
      if (file.type === "chunk") await Deno.writeTextFile(`${outDir}/${file.fileName}`, file.code);
    }
  } finally {
    await build.close();
  }
}

/** The files one profiled call loaded, in the order it loaded them. */
export interface CallLoads {
  /** The call's name (`ProfileCall.name`). */
  name: string;
  /** The files, by name inside the bundle. */
  files: string[];
}

/**
 * Runs `calls` against the instrumented bundle `dir` (its entry `entry`) in a temporary world and
 * gives what each loaded. `media` is the folder of the test media. Throws with a call's output when
 * it fails.
 */
export async function profileLoads(
  dir: string,
  entry: string,
  media: string,
  calls: readonly ProfileCall[] = PROFILE_CALLS,
): Promise<CallLoads[]> {
  const world = await Deno.makeTempDir({ prefix: "draftcli-profile-" });
  try {
    const [cmd, ...pre] = denoRunCommand(Deno.execPath(), `${dir}/${entry}`);
    const env = {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: world,
      DENO_DIR: `${world}/deno`,
      DRAFTCLI_DRAFTS_DIR: `${world}/drafts`,
      DRAFTCLI_CACHE_DIR: `${world}/cache`,
      NO_COLOR: "1",
      DENO_NO_UPDATE_CHECK: "1",
      [LOADS_FILE]: `${world}/loads.json`,
    };
    let draft = "", segment = "";
    const loads: CallLoads[] = [];
    for (const call of calls) {
      const args = call.args.map((a) =>
        a.replaceAll("{draft}", draft).replaceAll("{segment}", segment).replaceAll("{media}", media)
      );
      const out = await new Deno.Command(cmd, {
        args: [...pre, ...args],
        env,
        clearEnv: true,
        cwd: world,
      })
        .output();
      const text = new TextDecoder().decode(out.stdout);
      if (!out.success) {
        throw new Error(
          `profile call '${call.name}' failed (exit ${out.code}): ` +
            `${text.trim()} ${new TextDecoder().decode(out.stderr).trim()}`.trim() +
            "\nupdate PROFILE_CALLS in scripts/load_profile.ts",
        );
      }
      if ((!draft || !segment) && text.startsWith("{")) {
        const printed = JSON.parse(text) as { draftId?: string; items?: { segmentId?: string }[] };
        draft ||= printed.draftId ?? "";
        segment ||= printed.items?.[0]?.segmentId ?? "";
      }
      loads.push({ name: call.name, files: JSON.parse(await Deno.readTextFile(env[LOADS_FILE])) });
    }
    return loads;
  } finally {
    await Deno.remove(world, { recursive: true });
  }
}
