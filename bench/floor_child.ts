/**
 * The one-module child of `floor_add.ts`: the file work of an `images add` (inputs with an
 * `imageUrl`: one PNG, staged once) or a `captions add` with as little JavaScript as it can (see
 * there). It imports nothing, so that its start is a bare start's.
 *
 * Run by floor_add.ts: deno run -A --no-config bench/floor_child.ts <draft folder> <inputs.json> <templates.json>
 */

/**
 * The item texts of one add: per list, one item's JSON with its id as `@ID@`; under
 * `track`, its track's JSON with its segments as `"@segments@"`.
 */
export type Templates = Record<string, string>;

/** The child: the add's file work on the draft at `dir` (see the module doc). */
export async function floor(dir: string, inputsPath: string, templatesPath: string): Promise<void> {
  const t0 = performance.now();
  const marks: string[] = [];
  const mark = (name: string) => marks.push(`${name} ${(performance.now() - t0).toFixed(1)}`);
  const templates: Templates = JSON.parse(Deno.readTextFileSync(templatesPath));
  const inputs: { imageUrl?: string; start: number; end: number }[] = JSON.parse(
    Deno.readTextFileSync(inputsPath),
  );
  const state = `${dir}/.draftcli`;
  Deno.mkdirSync(state, { recursive: true });
  Deno.writeTextFileSync(`${state}/lock`, String(Deno.pid), { createNew: true });
  const content = JSON.parse(Deno.readTextFileSync(`${dir}/draft_content.json`));
  const meta = JSON.parse(Deno.readTextFileSync(`${dir}/draft_meta_info.json`));
  const imageUrl = inputs[0].imageUrl;
  const stage = `${state}/staging-floor`;
  if (imageUrl) {
    const png = new URL(imageUrl).pathname;
    Deno.statSync(png);
    Deno.mkdirSync(`${stage}/resources`, { recursive: true });
    Deno.copyFileSync(png, `${stage}/resources/image.png`);
    const staged = Deno.openSync(`${stage}/resources/image.png`, { read: true });
    staged.syncSync();
    staged.close();
  }
  mark("read+stage");
  const lists: Record<string, string[]> = {};
  const items: Record<string, unknown>[] = [];
  const { track, ...itemTexts } = templates;
  for (const input of inputs) {
    const item: Record<string, unknown> = {};
    for (const [list, text] of Object.entries(itemTexts)) {
      const id = crypto.randomUUID().toUpperCase();
      (lists[list] ??= []).push(text.replace("@ID@", id));
      if (list === (imageUrl ? "videos" : "texts")) item.materialId = id;
      if (list === "segments") item.segmentId = id;
    }
    items.push({
      ...item,
      trackIndex: 0,
      start: input.start,
      end: input.end,
      duration: input.end - input.start,
      ...(imageUrl && { imageUrl: input.imageUrl, path: `${dir}/resources/image.png` }),
    });
  }
  for (const list of Object.keys(itemTexts)) {
    if (list !== "segments") content.materials[list] = `@${list}@`;
  }
  content.tracks = [JSON.parse(track.replace("@ID@", crypto.randomUUID().toUpperCase()))];
  mark("build");
  const encoder = new TextEncoder();
  const temp = (name: string) => `${dir}/${name}.floor-tmp`;
  const main = Deno.openSync(temp("draft_content.json"), { write: true, create: true });
  const parts = JSON.stringify(content).split(/"@([a-z_]+)@"/);
  for (let p = 0; p < parts.length; p++) {
    const bytes = encoder.encode(p % 2 ? `[${lists[parts[p]].join(",")}]` : parts[p]);
    for (let at = 0; at < bytes.length;) at += main.writeSync(bytes.subarray(at));
  }
  mark("timeline written");
  // As a commit does: the written files' flushes start before the mirror is copied.
  Deno.writeTextFileSync(temp("draft_meta_info.json"), JSON.stringify(meta));
  const metaFile = Deno.openSync(temp("draft_meta_info.json"), { read: true, write: true });
  const written = Promise.all([main.sync(), metaFile.sync()]);
  Deno.copyFileSync(temp("draft_content.json"), temp("draft_info.json"));
  const mirror = Deno.openSync(temp("draft_info.json"), { read: true, write: true });
  mark("meta+mirror");
  await Promise.all([written, mirror.sync()]);
  for (const f of [main, mirror, metaFile]) f.close();
  mark("flushed");
  const moves = [
    ...(imageUrl ? [[`${stage}/resources/image.png`, `${dir}/resources/image.png`]] : []),
    ...["draft_content.json", "draft_info.json", "draft_meta_info.json"]
      .map((name) => [temp(name), `${dir}/${name}`]),
  ];
  const journal = Deno.openSync(`${state}/journal.json`, { write: true, create: true });
  journal.writeSync(encoder.encode(JSON.stringify({ moves })));
  journal.syncSync();
  journal.close();
  if (imageUrl) Deno.mkdirSync(`${dir}/resources`, { recursive: true });
  for (const [from, to] of moves) Deno.renameSync(from, to);
  Deno.removeSync(`${state}/journal.json`);
  if (imageUrl) Deno.removeSync(stage, { recursive: true });
  Deno.removeSync(`${state}/lock`);
  mark("committed");
  const out = JSON.stringify({ draftId: meta.draft_id, items });
  if (/:\/\/[^\s"'<>()]*[@?#]/.test(out)) throw new Error("the output would need masking");
  Deno.stdout.writeSync(encoder.encode(out + "\n"));
  mark("output");
  Deno.stderr.writeSync(encoder.encode(marks.join(" | ") + "\n"));
}

if (import.meta.main) await floor(Deno.args[0], Deno.args[1], Deno.args[2]);
