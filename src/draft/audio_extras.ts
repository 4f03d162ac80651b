/** Audio fades and audio effects attached to a segment (reference §4.6, §4.11). */
import { prototype } from "../editions/prototypes.ts";
import type { DraftDocument, Segment } from "./document.ts";
import { newId } from "./ids.ts";

/** Adds (or replaces) the fade of an audio or video segment. */
export function setAudioFade(
  doc: DraftDocument,
  segment: Segment,
  fadeIn: number,
  fadeOut: number,
) {
  const list = doc.materials("audio_fades");
  const existing = list.find((m) => segment.extra_material_refs.includes(m.id as string));
  const m = existing ?? prototype(doc.profile, "audio_fades");
  m.fade_in_duration = fadeIn;
  m.fade_out_duration = fadeOut;
  m.fade_type = 0;
  m.type = "audio_fade";
  if (!existing) {
    m.id = newId();
    segment.extra_material_refs.push(doc.addMaterial("audio_fades", m));
  }
}

/** A resolved audio-effect catalog entry. */
export interface AudioEffectEntry {
  name: string;
  resourceId: string;
  category?: string;
  params: readonly { name: string; default: number; min: number; max: number }[];
}

const CATEGORY: Record<string, { id: string; name: string; subType: number }> = {
  scene: { id: "sound_effect", name: "场景音", subType: 1 },
  voice_filters: { id: "sound_effect", name: "场景音", subType: 1 },
  tone: { id: "tone", name: "音色", subType: 2 },
  voice_characters: { id: "tone", name: "音色", subType: 2 },
  speech_to_song: { id: "speech_to_song", name: "声音成曲", subType: 3 },
};

/** Adds an audio effect to a segment (one per category: a second replaces the first). */
export function setAudioEffect(doc: DraftDocument, segment: Segment, e: AudioEffectEntry) {
  const cat = CATEGORY[e.category ?? "scene"] ?? CATEGORY.scene;
  const list = doc.materials("audio_effects");
  const old = list.find((m) =>
    segment.extra_material_refs.includes(m.id as string) && m.category_id === cat.id
  );
  if (old) {
    segment.extra_material_refs = segment.extra_material_refs.filter((id) => id !== old.id);
    list.splice(list.indexOf(old), 1);
  }
  const m = {
    audio_adjust_params: e.params.map((p, i) => ({
      default_value: p.default,
      max_value: p.max,
      min_value: p.min,
      name: p.name,
      parameterIndex: i,
      portIndex: 0,
      value: p.default,
    })),
    category_id: cat.id,
    category_name: cat.name,
    id: newId(),
    is_ugc: false,
    name: e.name,
    production_path: "",
    resource_id: e.resourceId,
    speaker_id: "",
    sub_type: cat.subType,
    time_range: { duration: 0, start: 0 },
    type: "audio_effect",
  };
  doc.addMaterial("audio_effects", m);
  segment.extra_material_refs.push(m.id);
}
