/**
 * `draft easy`: one command from an audio (plus captions, images, a video, a title) to a full
 * draft. Everything is validated and resolved first, then written in one commit.
 */
import { resolve } from "../path.ts";
import { pathToFileURL } from "node:url";
import type { CommandContext } from "./context.ts";
import type { DraftEasy } from "../schema/easy_input.ts";
import { DraftcliError } from "../errors.ts";
import { readSrtFile } from "./srt_file.ts";
import {
  fitVideo,
  maxUnitsFor,
  splitLongCaption,
  spreadEvenly,
  timeCaptionsByLength,
} from "../easy/timing.ts";
import { locateDraft } from "../store/locate.ts";
import { findProfile } from "../editions/profiles.ts";
import { currentOs } from "../store/home.ts";
import { installedEditions } from "../store/roots.ts";
import {
  expectKind,
  type MediaRequest,
  type MediaWriteTarget,
  type ResolvedFile,
  writeWithMedia,
} from "./media.ts";
import {
  buildAudioSegment,
  buildTextSegment,
  buildVisualSegment,
  placeSegment,
} from "../draft/segment_builders.ts";
import type { DraftDocument } from "../draft/document.ts";
import { baseStyle, captionMaterial } from "./captions.ts";
import { CATALOG_NAMES } from "./caption_names.ts";
import { expandKeywordShortForm, type Highlight } from "../draft/text_content.ts";
import { toFrameGrid } from "../draft/time.ts";

/** A file path, file:// URL or http(s) URL → a media URL. */
export function toMediaUrl(s: string): string {
  if (/^(file|https?):\/\//i.test(s)) return s;
  return pathToFileURL(resolve(s)).href;
}

interface PlannedCaption {
  text: string;
  start?: number;
  end?: number;
  highlights: ReturnType<typeof expandKeywordShortForm>;
}

async function loadCaptions(
  input: DraftEasy,
  env: Record<string, string | undefined>,
): Promise<PlannedCaption[]> {
  if (input.captions && input.srt) {
    throw new DraftcliError("usage", "pass either --captions or --srt, not both", {
      path: "srt",
    });
  }
  if (input.srt) {
    return (await readSrtFile(input.srt, env)).map((c) => ({
      text: c.text,
      start: c.start,
      end: c.end,
      highlights: [],
    }));
  }
  return (input.captions ?? []).map((c) => {
    if (typeof c === "string") return { text: c, highlights: [] };
    const full = c as {
      text: string;
      start?: number;
      end?: number;
      highlights?: Highlight[];
      keyword?: string;
      keywordColor?: string;
      keywordFontSize?: number;
    };
    return {
      text: full.text,
      start: full.start,
      end: full.end,
      highlights: [...(full.highlights ?? []), ...expandKeywordShortForm(full)],
    };
  });
}

/** Runs `draft easy`; returns `{draftId, filePath, created, duration, counts, message}`. */
export async function draftEasy(ctx: CommandContext, input: DraftEasy) {
  const audioRef = input.byAudio ?? input.audioUrl;
  if (!audioRef) {
    throw new DraftcliError("usage", "draft easy needs an audio: --by-audio or --audio-url", {
      hint: "e.g. draftcli draft easy --by-audio ./voice.mp3 --captions '[\"Hello\"]'",
      path: "byAudio",
    });
  }
  if (input.byAudio && input.audioUrl) {
    throw new DraftcliError("usage", "pass --by-audio or --audio-url, not both", {
      path: "audioUrl",
    });
  }
  if (input.images && input.imgUrl) {
    throw new DraftcliError("usage", "pass --images or --img-url, not both", { path: "imgUrl" });
  }
  const captions = await loadCaptions(input, ctx.env);
  const timed = captions.filter((c) => c.start !== undefined);
  if (timed.length && timed.length !== captions.length) {
    throw new DraftcliError(
      "invalid_input",
      "captions: give start/end for every caption or for none (untimed ones are spread by length)",
      { path: "captions" },
    );
  }
  const imageRefs = (input.images ?? (input.imgUrl ? [input.imgUrl] : [])).map(toMediaUrl);
  const videoRef = input.videoUrl ? toMediaUrl(input.videoUrl) : undefined;
  const audioUrl = toMediaUrl(audioRef);

  const config = await ctx.config();
  const requests: MediaRequest[] = [{ url: audioUrl, index: 0, field: "byAudio" }];
  imageRefs.forEach((url, i) => requests.push({ url, index: i, field: `images[${i}]` }));
  if (videoRef) requests.push({ url: videoRef, index: 0, field: "videoUrl" });
  /** Builds into `doc` from resolved media; returns the counts. */
  const fill = (doc: DraftDocument, byUrl: Map<string, ResolvedFile>) => {
    const audio = byUrl.get(audioUrl)!;
    expectKind(audio, ["audio", "video"], "byAudio", "pass an audio file");
    const counts = build(doc, input, {
      audio,
      images: imageRefs.map((u) => byUrl.get(u)!),
      video: videoRef ? byUrl.get(videoRef) : undefined,
      captions,
      style: baseStyle(doc.edition, input, CATALOG_NAMES, ctx.warn),
      warn: ctx.warn,
    });
    doc.normalise();
    return counts;
  };
  let target: MediaWriteTarget;
  if (input.draftId) {
    const roots = await ctx.searchRoots();
    target = { existing: { roots, dir: await locateDraft(roots, input.draftId) } };
  } else {
    const edition = input.editor ?? config.editor ??
      (await installedEditions({ env: ctx.env, config }))[0] ?? "jianying";
    target = {
      create: {
        root: await ctx.draftsDir(edition),
        name: input.name,
        width: input.width,
        height: input.height,
        fps: 30,
        edition,
        profile: findProfile(edition, config.editorVersion),
        os: currentOs(),
      },
    };
  }
  const made = await writeWithMedia(ctx, target, requests, fill, input.media);
  return {
    draftId: made.draftId,
    filePath: made.dir,
    created: made.created,
    duration: made.duration,
    counts: made.out,
    message: "ok", // as cutcli's SDK returns it
  };
}

function build(
  doc: DraftDocument,
  input: DraftEasy,
  m: {
    audio: Parameters<typeof buildAudioSegment>[1]["media"];
    images: Parameters<typeof buildVisualSegment>[1]["media"][];
    video?: Parameters<typeof buildVisualSegment>[1]["media"] & { format?: string };
    captions: PlannedCaption[];
    style: ReturnType<typeof baseStyle>;
    warn: (m: string) => void;
  },
) {
  const fps = doc.fps;
  const frame = 1e6 / fps;
  // Whole frames of audio (the tiny epsilon absorbs float error: 60 s is exactly 1800 frames).
  const totalUs = Math.round(Math.floor(m.audio.durationUs * fps / 1e6 + 1e-6) * frame);
  if (totalUs < frame) {
    throw new DraftcliError(
      "media_error",
      `byAudio: ${m.audio.fileName} is shorter than one frame`,
      {
        path: "byAudio",
      },
    );
  }
  // Audio over the whole length.
  const audioSeg = buildAudioSegment(doc, {
    media: { ...m.audio, kind: "audio" },
    target: { start: 0, duration: totalUs },
  });
  placeSegment(doc, "audio", audioSeg);

  // Images spread evenly (one image fills it all).
  m.images.forEach((media, i) => {
    expectKind(
      { ...media, format: "", url: "", hasVideo: true },
      ["image"],
      `images[${i}]`,
      "pass image files (use --video-url for a video)",
    );
  });
  const spans = m.images.length ? spreadEvenly(m.images.length, totalUs, fps) : [];
  spans.forEach((s, i) => {
    const seg = buildVisualSegment(doc, {
      media: m.images[i],
      target: { start: s.start, duration: s.end - s.start },
    });
    placeSegment(doc, "video", seg);
  });

  // Video trimmed or looped to the audio.
  let videoPieces = 0;
  if (m.video) {
    if (m.video.kind !== "video") {
      throw new DraftcliError("media_error", `videoUrl: ${m.video.fileName} is not a video`, {
        path: "videoUrl",
      });
    }
    for (const p of fitVideo(m.video.durationUs, totalUs, fps)) {
      const seg = buildVisualSegment(doc, {
        media: m.video,
        target: p.target,
        sourceStart: p.source.start,
        volume: 0,
      });
      placeSegment(doc, "video", seg);
      videoPieces++;
    }
  }

  // Captions: as given (clamped to the audio) or timed by length.
  let items: {
    text: string;
    start: number;
    end: number;
    highlights: PlannedCaption["highlights"];
  }[];
  if (m.captions.length && m.captions[0].start !== undefined) {
    items = [];
    m.captions.forEach((c, i) => {
      const start = toFrameGrid(c.start!, fps);
      let end = toFrameGrid(c.end!, fps);
      if (start >= totalUs) {
        m.warn(`captions[${i}] starts after the audio ends; dropped`);
        return;
      }
      if (end > totalUs) {
        m.warn(`captions[${i}] ends after the audio; clamped to ${totalUs} µs`);
        end = totalUs;
      }
      if (end > start) items.push({ text: c.text, start, end, highlights: c.highlights });
    });
  } else if (m.captions.length) {
    const { width, height } = doc.canvas;
    // Captions wrap to two lines on screen; split only what would need more.
    const maxUnits = 2 * maxUnitsFor(width, input.fontSize, height);
    const pieces = m.captions.flatMap((c) =>
      splitLongCaption(c.text, maxUnits).map((text) => ({ text, highlights: c.highlights }))
    );
    const timedPieces = timeCaptionsByLength(pieces.map((p) => p.text), totalUs, { fps });
    items = timedPieces.map((t, i) => ({ ...t, highlights: pieces[i].highlights }));
  } else items = [];
  if (items.length) {
    const track = doc.addTrack("text");
    let prevEnd = 0;
    items.sort((a, b) => a.start - b.start).forEach((c, i) => {
      const start = Math.max(c.start, prevEnd);
      if (c.end <= start) return;
      prevEnd = c.end;
      const seg = buildTextSegment(doc, {
        target: { start, duration: c.end - start },
        materialFields: captionMaterial(
          c.text,
          m.style,
          c.highlights,
          input,
          m.warn,
          `captions[${i}]`,
        ),
        clip: { transformX: input.transformX, transformY: input.transformY },
        materialType: "text",
      });
      track.segments.push(seg);
    });
  }

  // Title over the whole length.
  if (input.text) {
    const track = doc.addTrack("text");
    const titleStyle = { ...m.style, size: Math.round(m.style.size * 1.5), bold: true };
    track.segments.push(buildTextSegment(doc, {
      target: { start: 0, duration: totalUs },
      materialFields: captionMaterial(input.text, titleStyle, [], input, m.warn, "text"),
      clip: { transformX: 0, transformY: 0.7 },
      materialType: "text",
    }));
  }
  return {
    audios: 1,
    images: spans.length,
    videos: videoPieces,
    captions: doc.tracksOf("text").reduce((n, t) => n + t.segments.length, 0) -
      (input.text ? 1 : 0),
    title: input.text ? 1 : 0,
  };
}
