/** Kinds of tracks and audio materials a `build` spec names (no imports: schemas use it). */

/** Kinds of track a `build` spec lays out (`tracks`, `trackIndex`). */
export const TRACK_TYPES = ["video", "audio", "text", "sticker", "effect", "filter"] as const;

/** Kinds of audio material the editors write (`materials.audios[].type`). */
export const AUDIO_TYPES = ["extract_music", "music", "sound", "record", "text_to_audio"] as const;
