/** A `build` spec with every item kind, shared by the build and export tests. */
import { fileUrl, fixture } from "./cli.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

/** A spec with every item kind (jianying names). */
export function everyKindSpec(): Json {
  return {
    draft: { name: "Built", editor: "jianying", width: 1080, height: 1920, fps: 30 },
    images: [
      {
        ref: "a",
        imageUrl: fileUrl(fixture("image.png")),
        start: 0,
        end: 2_000_000,
        inAnimation: "渐显",
      },
      { ref: "b", imageUrl: fileUrl(fixture("image.jpg")), start: 2_000_000, end: 4_000_000 },
    ],
    videos: [{
      ref: "v",
      videoUrl: fileUrl(fixture("video.mp4")),
      start: 4_000_000,
      end: 5_000_000,
    }],
    audios: [{ audioUrl: fileUrl(fixture("audio.mp3")), start: 0, end: 1_000_000, volume: 0.5 }],
    captions: [
      {
        ref: "c",
        text: "Hello 世界",
        start: 0,
        end: 2_000_000,
        keyword: "世界",
        keywordColor: "#ff0000",
      },
      { text: "Second", start: 2_000_000, end: 3_000_000, outAnimation: "渐隐" },
    ],
    captionOptions: { fontSize: 10, bold: true, textColor: "#ffde00" },
    captionTracks: [{
      captions: [{ text: "Title", start: 0, end: 3_000_000, loopAnimation: "晃动" }],
      captionOptions: { fontSize: 14, transformY: 0.7 },
    }],
    effects: [
      { effectTitle: "模糊", start: 0, end: 1_000_000 },
      { effectTitle: "模糊", segmentRef: "b" },
    ],
    filters: [{ filterTitle: "1980", segmentRef: "a", intensity: 50 }],
    stickers: [{ stickerId: "7213186475432824123", start: 0, end: 1_000_000, scale: 0.5 }],
    keyframes: [
      { segmentRef: "a", property: "uniform_scale", offset: 0, value: 1.2 },
      { segmentRef: "c", property: "position_y", offset: 0, value: -0.5 },
    ],
    masks: [{ segmentRef: "v", name: "circle", feather: 20 }],
    transitions: { auto: "叠化", duration: 300_000 },
  };
}
