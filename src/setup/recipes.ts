/**
 * The hand-written part of the skill and docs: short task recipes. Everything else (commands,
 * fields, types) is generated from the specs. `checkRecipes` lists recipe lines that name a
 * command or option the registry does not have, so a test over the real registry keeps these
 * in step with the commands.
 */
import type { AnyCommandSpec } from "../commands/spec.ts";
import { toKebab } from "../commands/flag_names.ts";
import { toJsonSchema } from "../schema/json_schema.ts";

/** One recipe: a title, when to use it, and a bash snippet. */
export interface Recipe {
  id: string;
  title: string;
  when: string;
  bash: string;
  notes?: string;
}

/** The recipes, in the order they are shown. */
export const RECIPES: readonly Recipe[] = [
  {
    id: "slideshow",
    title: "Slideshow with background music",
    when: "a few photos, 3 s each, with a music bed under them",
    bash: `D=$(draftcli draft create --width 1920 --height 1080 --name "Trip" | jq -r .draftId)
draftcli images add "$D" --image-infos '[
  {"imageUrl":"file:///abs/photos/1.jpg","start":0,"end":3000000},
  {"imageUrl":"file:///abs/photos/2.jpg","start":3000000,"end":6000000},
  {"imageUrl":"file:///abs/photos/3.jpg","start":6000000,"end":9000000}]'
draftcli audios add "$D" --audio-infos '[
  {"audioUrl":"https://example.com/bgm.mp3","start":0,"end":9000000,"volume":0.6}]'
draftcli draft info "$D"`,
    notes: "Segments on one track must not overlap; start of the next = end of the previous.",
  },
  {
    id: "keyword-captions",
    title: "Captions with a highlighted keyword",
    when: "subtitles where one word per line stands out in another colour",
    bash: `draftcli captions add "$D" --captions '[
  {"text":"Fresh coffee every morning","start":0,"end":2500000,
   "keyword":"coffee","keywordColor":"#ffcc00"},
  {"text":"Roasted in small batches","start":2500000,"end":5000000,
   "keyword":"small batches","keywordColor":"#ffcc00"}]'`,
    notes: "Keep captions near the bottom with a negative y (e.g. -0.7); colours are #rrggbb.",
  },
  {
    id: "easy-by-audio",
    title: "One-shot draft timed to a voice-over",
    when: "a narration file and some images: spread the images over the audio's length",
    bash: `draftcli draft easy --by-audio /abs/voice.mp3 \\
  --images '["file:///abs/1.jpg","file:///abs/2.jpg","file:///abs/3.jpg"]' \\
  --captions '["First sentence.","Second sentence."]' --text "Title" | jq -r .draftId`,
    notes: "The audio is probed for its length; no durations to compute by hand.",
  },
  {
    id: "keyframe-zoom",
    title: "Slow zoom (Ken Burns) with keyframes",
    when: "a still image that slowly grows from 100 % to 130 % over its 5 s",
    bash: `SEG=$(draftcli images add "$D" --image-infos \\
  '[{"imageUrl":"file:///abs/hero.jpg","start":0,"end":5000000}]' | jq -r '.items[0].segmentId')
jq -n --arg s "$SEG" '[
  {segmentId:$s, property:"uniform_scale", offset:0,       value:1.0},
  {segmentId:$s, property:"uniform_scale", offset:5000000, value:1.3}]' |
  draftcli keyframes add "$D" --keyframes @-`,
    notes: "Keyframe offsets are µs from the segment's own start, not from the timeline start.",
  },
];

/** A recipe line that does not match the registry. */
export interface RecipeProblem {
  recipe: string;
  command: string;
  problem: string;
}

/**
 * Checks every `draftcli <words…> --flags` call in the recipes against `specs`: the command
 * must exist and each `--flag` must be one of its options (or a global option).
 */
export function checkRecipes(
  specs: readonly AnyCommandSpec[],
  recipes: readonly Recipe[] = RECIPES,
): RecipeProblem[] {
  const globals = new Set(["pretty", "drafts-dir", "help", "h", "version"]);
  const problems: RecipeProblem[] = [];
  for (const r of recipes) {
    // Each `draftcli …` call runs up to the next pipe, `)` or the next `draftcli`.
    const calls = r.bash.split(/(?<![\w/-])draftcli(?=\s)/).slice(1);
    for (const call of calls) {
      const words = call.split(/[|)]/)[0].replace(/\\\n/g, " ").trim().split(/\s+/);
      const spec = [...specs]
        .sort((a, b) => b.name.length - a.name.length)
        .find((s) => s.name.every((w, i) => words[i] === w));
      const shown = `draftcli ${words.slice(0, 2).join(" ")}`;
      if (!spec) {
        problems.push({ recipe: r.id, command: shown, problem: "no such command" });
        continue;
      }
      const props = toJsonSchema(spec.input).properties ?? {};
      const flags = new Set(Object.keys(props).map(toKebab));
      for (const w of words.slice(spec.name.length)) {
        const f = /^--([a-z0-9-]+)/.exec(w)?.[1];
        if (f && !flags.has(f) && !globals.has(f)) {
          problems.push({ recipe: r.id, command: shown, problem: `unknown option --${f}` });
        }
      }
    }
  }
  return problems;
}
