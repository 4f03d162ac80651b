/** Checks of the timeline: overlaps, main track, source ranges, speeds, clips, keyframes. */
import type { Segment } from "../model.ts";
import { PHOTO_DURATION } from "../segment_builders.ts";
import { MAX_TIME_US } from "../time.ts";
import { type Context, rangeOf } from "./check_context.ts";
import { checkText } from "./catalog_text.ts";

/** See the module doc. */
export function checkTimeline(c: Context): void {
  const { doc, out } = c;
  let end = 0;
  const mainTrack = doc.tracksOf("video")[0];
  doc.tracks.forEach((t, ti) => {
    const segs = (t.segments ?? []).map((s, si) => ({ s, si }))
      .filter((x) => rangeOf(x.s.target_timerange))
      .sort((a, b) => a.s.target_timerange.start - b.s.target_timerange.start);
    for (let i = 0; i < segs.length; i++) {
      const { s } = segs[i];
      const r = s.target_timerange;
      end = Math.max(end, r.start + r.duration);
      const next = segs[i + 1];
      if (c.out.byDraftcli) {
        checkTransitionNext(c, s, segs, `tracks[${ti}].segments[${segs[i].si}]`);
      }
      if (
        next && next.s.target_timerange.start < r.start + r.duration &&
        !overlapTransition(c, s, next.s)
      ) {
        out.add(
          "segment_overlap",
          `segments ${s.id} and ${next.s.id} overlap on ${t.type} track ${ti} (${r.start}+${r.duration} > ${next.s.target_timerange.start})`,
          `tracks[${ti}].segments[${next.si}].target_timerange`,
        );
      }
    }
    if (t === mainTrack && segs.length) {
      const first = segs[0].s.target_timerange.start;
      if (first !== 0) {
        out.add(
          "main_track_not_at_zero",
          `the main video track starts at ${first} µs; the editor's magnet moves it to 0`,
          `tracks[${ti}].segments[${segs[0].si}].target_timerange.start`,
        );
      }
      for (let i = 1; i < segs.length; i++) {
        const prev = segs[i - 1].s.target_timerange;
        const gapAt = prev.start + prev.duration;
        if (segs[i].s.target_timerange.start > gapAt) {
          out.add(
            "main_track_gap",
            `gap on the main video track at ${gapAt} µs; the editor's magnet closes it`,
            `tracks[${ti}].segments[${segs[i].si}].target_timerange.start`,
          );
        }
      }
    }
  });
  const longest = Math.max(end, Number(doc.content.duration) || 0);
  if (longest > MAX_TIME_US) {
    out.add(
      "over_24h",
      `the timeline lasts ${longest} µs, over the 24 h (${MAX_TIME_US} µs) any draft may last ` +
        "(a media header that claimed too long a duration?)",
      end > MAX_TIME_US ? "tracks" : "duration",
    );
  }
  if (doc.tracks.some((t) => t.segments?.length) && Number(doc.content.duration) !== end) {
    out.add(
      "duration_mismatch",
      `duration is ${doc.content.duration} µs but the last segment ends at ${end} µs`,
      "duration",
    );
  }
}

/**
 * A transition leads from its segment into the next one on the track, which must start where
 * it ends (reference §4.9). Only in a draft draftcli wrote: old CapCut stores overlap
 * transitions on overlapping clips.
 */
function checkTransitionNext(
  c: Context,
  s: Segment,
  segs: readonly { s: Segment }[],
  path: string,
): void {
  const refs: unknown[] = Array.isArray(s.extra_material_refs) ? s.extra_material_refs : [];
  const ids = refs.filter((id) =>
    typeof id === "string" && c.materials.get(id)?.list === "transitions"
  );
  if (!ids.length) return;
  const end = s.target_timerange.start + s.target_timerange.duration;
  if (segs.some((x) => x.s !== s && x.s.target_timerange.start === end)) return;
  c.out.add(
    "transition_without_next",
    `segment ${s.id} carries transition ${ids[0]} but no segment on its track starts where it ` +
      `ends (${end} µs); the editors drop such a transition`,
    `${path}.extra_material_refs`,
  );
}

/**
 * Do `a` and the following `b` overlap by no more than an overlap transition between them lasts?
 * Old CapCut (1.x) stores a transition with `is_overlap` so: the two clips overlap by its length.
 * Only in a draft draftcli did not write: draftcli keeps clips apart, as the newer editors do.
 */
function overlapTransition(c: Context, a: Segment, b: Segment): boolean {
  if (c.out.byDraftcli) return false;
  const overlap = a.target_timerange.start + a.target_timerange.duration -
    b.target_timerange.start;
  const frame = Math.ceil(1_000_000 / c.doc.fps);
  for (const id of [...(a.extra_material_refs ?? []), ...(b.extra_material_refs ?? [])]) {
    const m = c.materials.get(id);
    if (m?.list !== "transitions" || !m.material.is_overlap) continue;
    if (overlap <= Number(m.material.duration) + frame) return true;
  }
  return false;
}

function speedOf(c: Context, s: Segment): number | undefined {
  for (const id of s.extra_material_refs ?? []) {
    const m = c.materials.get(id);
    if (m?.list === "speeds") return Number(m.material.speed);
  }
  return undefined;
}

/** See the module doc. */
export function checkSegments(c: Context): void {
  c.doc.tracks.forEach((t, ti) => {
    (t.segments ?? []).forEach((s, si) => {
      const sp = `tracks[${ti}].segments[${si}]`;
      const mat = c.materials.get(s.material_id);
      // speed material (reference §3.3, §3.5)
      const speed = speedOf(c, s);
      if (speed !== undefined && typeof s.speed === "number" && Math.abs(speed - s.speed) > 1e-9) {
        c.out.add(
          "speed_mismatch",
          `segment ${s.id} has speed ${s.speed} but its speed material says ${speed}`,
          `${sp}.speed`,
        );
      }
      // a clip object on audio crashes CapCut (reference §3.3)
      if (t.type === "audio" && s.clip !== null && typeof s.clip === "object") {
        c.out.add(
          "audio_clip",
          `audio segment ${s.id} has a clip object (must be null)`,
          `${sp}.clip`,
        );
      }
      // source range within the media (photos have a nominal 3 h)
      const src = rangeOf(s.source_timerange);
      if (src && mat && (mat.list === "videos" || mat.list === "audios")) {
        const isPhoto = mat.material.type === "photo";
        const dur = Number(mat.material.duration);
        // Editors snap to the frame grid: real CapCut files overshoot by up to half a frame.
        const frame = Math.ceil(1_000_000 / c.doc.fps);
        if (!isPhoto && Number.isFinite(dur) && dur > 0) {
          if (src.start < 0 || src.start + src.duration > dur + frame) {
            c.out.add(
              "source_out_of_range",
              `segment ${s.id} plays ${src.start}..${
                src.start + src.duration
              } µs of a ${dur} µs ${mat.material.type} (${mat.list} ${s.material_id})`,
              `${sp}.source_timerange`,
            );
          }
        } else if (isPhoto && src.start + src.duration > PHOTO_DURATION) {
          c.out.add(
            "source_out_of_range",
            `photo segment ${s.id} is longer than a photo's nominal ${PHOTO_DURATION} µs`,
            `${sp}.source_timerange`,
          );
        }
      }
      checkKeyframes(c, s, sp);
      if (mat?.list === "texts") checkText(c, mat.material, `materials.texts[${mat.index}]`);
    });
  });
}

function checkKeyframes(c: Context, s: Segment, sp: string): void {
  const kfs = Array.isArray(s.common_keyframes) ? s.common_keyframes : [];
  const duration = rangeOf(s.target_timerange)?.duration ?? 0;
  kfs.forEach((k, ki) => {
    const list = Array.isArray(k.keyframe_list) ? k.keyframe_list : [];
    let prev = -Infinity;
    let sorted = true;
    list.forEach((kf, i) => {
      c.stats.keyframes++;
      const off = Number(kf.time_offset);
      if (!(off >= 0 && off <= duration)) {
        c.out.add(
          "keyframe_out_of_segment",
          `${k.property_type} keyframe at ${kf.time_offset} µs is outside segment ${s.id} (0..${duration} µs)`,
          `${sp}.common_keyframes[${ki}].keyframe_list[${i}].time_offset`,
        );
      }
      if (off < prev) sorted = false;
      prev = off;
    });
    if (!sorted) {
      c.out.add(
        "keyframes_unsorted",
        `${k.property_type} keyframes of segment ${s.id} are not sorted by time_offset`,
        `${sp}.common_keyframes[${ki}].keyframe_list`,
      );
    }
  });
}
