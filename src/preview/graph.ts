/**
 * Turns a render plan into ffmpeg arguments (pure: no file system). Visual segments are inputs
 * scaled to fit the canvas, transformed, faded and overlaid in stacking order during their time
 * range; captions are an ASS subtitle file drawn on top; audio segments are trimmed, sped,
 * faded, delayed and mixed. Missing media arrive here already replaced by labelled placeholders.
 */
import { type Curve, type RenderPlan, valueAt, type VisualItem } from "./plan.ts";

/** Output size and rate of a proxy render. */
export interface ProxyFormat {
  width: number;
  height: number;
  fps: number;
}

/** The proxy's format: short side ≈ `shortSide` (even numbers), the draft's fps capped at 30. */
export function proxyFormat(plan: RenderPlan, shortSide: number): ProxyFormat {
  const k = shortSide / Math.min(plan.width, plan.height);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return {
    width: even(plan.width * k),
    height: even(plan.height * k),
    fps: Math.min(30, plan.fps || 30),
  };
}

const s = (us: number) => (us / 1e6).toFixed(6).replace(/\.?0+$/, "") || "0";

/**
 * A piecewise-linear ffmpeg expression of `v` over time `t` seconds (curve times are µs from
 * `start`); `time` names the time variable (`t` in most filters, `T` in geq).
 */
export function curveExpr(
  curve: Curve,
  start: number,
  map: (v: number) => string,
  time = "t",
): string {
  if (curve.length === 1) return map(curve[0][1]);
  let expr = map(curve[curve.length - 1][1]);
  for (let i = curve.length - 1; i >= 1; i--) {
    const [t0, v0] = curve[i - 1];
    const [t1, v1] = curve[i];
    const a = (start + t0) / 1e6;
    const b = (start + t1) / 1e6;
    const seg = b > a
      ? `(${map(v0)})+((${map(v1)})-(${map(v0)}))*(${time}-${a})/${b - a}`
      : map(v1);
    expr = `if(lt(${time},${b}),${seg},${expr})`;
  }
  return `if(lt(${time},${(start + curve[0][0]) / 1e6}),${map(curve[0][1])},${expr})`;
}

/** Escapes a value for an ffmpeg filter-graph option. */
function esc(v: string): string {
  return v.replace(/[\\':]/g, (c) => `\\${c}`);
}

/** One visual input: the argv words that open it. */
export function visualInputArgs(v: VisualItem, fmt: ProxyFormat, missing: boolean): string[] {
  // A placeholder is one grey frame, repeated like a still.
  if (missing) {
    return ["-f", "lavfi", "-i", `color=c=0x555555:s=${fmt.width}x${fmt.height}:r=${fmt.fps}:d=1`];
  }
  // A still is decoded once; its filter chain repeats the one frame (see `stillLoop`).
  if (v.kind === "image") return ["-i", v.file];
  return ["-ss", s(v.sourceStart), "-t", s((v.duration + v.tail) * v.speed), "-i", v.file];
}

/**
 * Filters that repeat a still's single decoded frame for its time on screen (its tail included)
 * at the proxy's rate, time-stamped from 0.
 */
export function stillLoop(v: VisualItem, fmt: ProxyFormat): string[] {
  const frames = Math.max(1, Math.ceil(((v.duration + v.tail) / 1e6) * fmt.fps));
  return [
    "trim=end_frame=1",
    `loop=loop=${frames - 1}:size=1:start=0`,
    `setpts=N/(${fmt.fps}*TB)`,
  ];
}

/**
 * The filter chain and overlay of visual `v` read from input `index`; `missing` when the input is
 * its placeholder.
 */
function visualFilters(
  v: VisualItem,
  index: number,
  fmt: ProxyFormat,
  below: string,
  out: string,
  missing: boolean,
): string[] {
  const mw = v.mediaWidth || fmt.width;
  const mh = v.mediaHeight || fmt.height;
  const fit = Math.min(fmt.width / mw, fmt.height / mh);
  const w0 = mw * fit;
  const h0 = mh * fit;
  const start = v.start;
  const chain: string[] = [`[${index}:v]setpts=PTS-STARTPTS`];
  const still = v.kind === "image" || missing;
  if (!still && v.speed !== 1) chain.push(`setpts=PTS/${v.speed}`);
  if (!still) chain.push(`fps=${fmt.fps}`);
  // A still's one frame is scaled, coloured and turned once, then repeated for its time on screen;
  // the repetition goes before the first filter that changes from frame to frame.
  let looped = !still;
  const perFrame = () => {
    if (looped) return;
    chain.push(...stillLoop(v, fmt));
    looped = true;
  };
  // Scale with keyframes: evaluate per frame against the timeline time of the frame.
  if (v.curves.scale) {
    const e = curveExpr(v.curves.scale, 0, (x) => String(x));
    const tExpr = e; // curve times are relative to the segment's own start (t from 0 here)
    perFrame();
    chain.push(
      `scale=w='max(2,trunc(${w0}*(${tExpr})/2)*2)':h='max(2,trunc(${h0}*(${tExpr})/2)*2)':eval=frame`,
    );
  } else {
    const w = Math.max(2, Math.round((w0 * v.scale) / 2) * 2);
    const h = Math.max(2, Math.round((h0 * v.scale) / 2) * 2);
    chain.push(`scale=${w}:${h}`);
  }
  chain.push("format=rgba");
  if (v.curves.alpha) {
    // Opacity keyframes: the alpha plane scaled per frame (T = seconds from the segment start).
    const e = curveExpr(v.curves.alpha, 0, (x) => String(x), "T");
    perFrame();
    chain.push(`geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='alpha(X,Y)*clip(${e},0,1)'`);
  } else if (v.alpha < 1) chain.push(`colorchannelmixer=aa=${Math.max(0, v.alpha)}`);
  if (v.curves.rotation) {
    const e = curveExpr(v.curves.rotation, 0, (d) => `${d}*PI/180`);
    perFrame();
    chain.push(`rotate=a='${e}':c=none:ow='hypot(iw,ih)':oh='hypot(iw,ih)'`);
  } else if (v.rotation !== 0) {
    chain.push(
      `rotate=a=${v.rotation}*PI/180:c=none:ow=rotw(${v.rotation}*PI/180):oh=roth(${v.rotation}*PI/180)`,
    );
  }
  if (v.fadeIn > 0) {
    perFrame();
    chain.push(`fade=t=in:st=0:d=${s(v.fadeIn)}:alpha=1`);
  }
  perFrame();
  chain.push(`setpts=PTS+${s(start)}/TB`);
  const label = `v${index}`;
  const moving = Boolean(v.curves.x || v.curves.y || v.curves.scale || v.curves.rotation);
  const xExpr = v.curves.x
    ? curveExpr(v.curves.x, start, (x) => `(W-w)/2+${x}*W/2`)
    : `(W-w)/2+${v.x}*W/2`;
  const yExpr = v.curves.y
    ? curveExpr(v.curves.y, start, (y) => `(H-h)/2-${y}*H/2`)
    : `(H-h)/2-${v.y}*H/2`;
  return [
    `${chain.join(",")}[${label}]`,
    `[${below}][${label}]overlay=x='${xExpr}':y='${yExpr}':eval=${moving ? "frame" : "init"}:` +
    `eof_action=pass:` +
    `enable='between(t,${s(start)},${s(start + v.duration + v.tail)})'[${out}]`,
  ];
}

/** Inputs the render needs, with the files the caller found missing. */
export interface GraphInputs {
  plan: RenderPlan;
  fmt: ProxyFormat;
  /** Visual segment ids whose media are missing or unreadable (drawn as placeholders). */
  missing: ReadonlySet<string>;
  /** Audio segment ids whose media are missing (left silent). */
  silent: ReadonlySet<string>;
  /** The ASS file with the captions (and placeholder labels), if any. */
  assFile?: string;
  /** A folder of fonts libass may use. */
  fontsDir?: string;
  /** Mix the audio too (false for single frames). */
  audio: boolean;
  /** Draw the picture (false: sound only; default true). */
  video?: boolean;
}

/**
 * Audio filters that play sound at `speed`: `atempo` (pitch kept) within 0.5–2×, a plain
 * resample (pitch shifted) outside it. ffmpeg 5's atempo asserts or stalls the whole mix for
 * large factors, chained or not, so it is never asked for more than it handles.
 */
export function speedFilters(speed: number): string[] {
  if (speed === 1) return [];
  if (speed >= 0.5 && speed <= 2) return [`atempo=${speed}`];
  return [`asetrate=${Math.max(1, Math.round(44100 * speed))}`, "aresample=44100"];
}

/** ffmpeg argv (inputs and filter graph, no output options) for a plan, and the output labels. */
export function renderArgs(g: GraphInputs): { args: string[]; video?: string; audio?: string } {
  const { plan } = g;
  const total = s(Math.max(plan.duration, 1));
  const args: string[] = [];
  const filters: string[] = [];
  const drawn = g.video !== false;
  let n = drawn ? videoGraph(g, args, filters) : 0;
  const video = drawn ? "[vout]" : undefined;
  if (!g.audio) {
    args.push("-filter_complex", filters.join(";"));
    return { args, video };
  }
  const mixed: string[] = [];
  for (const a of plan.audios) {
    if (g.silent.has(a.segmentId)) continue;
    args.push("-ss", s(a.sourceStart), "-t", s(a.duration * a.speed), "-i", a.file);
    const chain = [
      `[${n}:a]asetpts=PTS-STARTPTS`,
      "aresample=44100",
      "aformat=channel_layouts=stereo",
    ];
    chain.push(...speedFilters(a.speed));
    if (a.volumeCurve) {
      chain.push(`volume='${curveExpr(a.volumeCurve, 0, (x) => String(x))}':eval=frame`);
    } else if (a.volume !== 1) chain.push(`volume=${a.volume}`);
    if (a.fadeIn > 0) chain.push(`afade=t=in:st=0:d=${s(a.fadeIn)}`);
    if (a.fadeOut > 0) {
      chain.push(`afade=t=out:st=${s(Math.max(0, a.duration - a.fadeOut))}:d=${s(a.fadeOut)}`);
    }
    const ms = Math.round(a.start / 1000);
    if (ms > 0) chain.push(`adelay=${ms}|${ms}`);
    filters.push(`${chain.join(",")}[a${n}]`);
    mixed.push(`[a${n}]`);
    n++;
  }
  args.push("-f", "lavfi", "-t", total, "-i", "anullsrc=r=44100:cl=stereo");
  mixed.push(`[${n}:a]`);
  filters.push(
    `${
      mixed.join("")
    }amix=inputs=${mixed.length}:duration=longest:dropout_transition=0:normalize=0,` +
      `atrim=0:${total}[aout]`,
  );
  args.push("-filter_complex", filters.join(";"));
  return { args, video, audio: "[aout]" };
}

/** The picture part: a black canvas, the visuals overlaid, the captions; returns the next input. */
function videoGraph(g: GraphInputs, args: string[], filters: string[]): number {
  const { plan, fmt } = g;
  args.push(
    "-f",
    "lavfi",
    "-i",
    `color=c=black:s=${fmt.width}x${fmt.height}:r=${fmt.fps}:d=${s(Math.max(plan.duration, 1))}`,
  );
  let below = "0:v";
  let n = 1;
  plan.visuals.forEach((v, i) => {
    const missing = g.missing.has(v.segmentId);
    args.push(...visualInputArgs(v, fmt, missing));
    const out = `o${i}`;
    filters.push(...visualFilters(v, n, fmt, below, out, missing));
    below = out;
    n++;
  });
  if (g.assFile) {
    const fonts = g.fontsDir ? `:fontsdir='${esc(g.fontsDir)}'` : "";
    filters.push(`[${below}]subtitles=filename='${esc(g.assFile)}'${fonts}[vsub]`);
    below = "vsub";
  }
  filters.push(`[${below}]format=yuv420p[vout]`);
  return n;
}

/** Keeps what is on screen or audible in [from, from + length) µs, shifted to start at 0. */
export function windowPlan(plan: RenderPlan, from: number, length: number): RenderPlan {
  const to = from + length;
  const cut = <T extends { start: number; duration: number; sourceStart?: number; speed?: number }>(
    item: T,
  ): T | undefined => {
    const end = item.start + item.duration;
    if (end <= from || item.start >= to) return undefined;
    const lead = Math.max(0, from - item.start);
    const copy = {
      ...item,
      start: Math.max(0, item.start - from),
      duration: Math.min(end, to) - Math.max(item.start, from),
    };
    if (copy.sourceStart !== undefined) {
      copy.sourceStart = copy.sourceStart + lead * (item.speed ?? 1);
    }
    return copy;
  };
  const shiftCurve = (c: Curve | undefined, lead: number): Curve | undefined =>
    c
      ? [[0, valueAt(c, lead)], ...c.map(([t, v]) => [t - lead, v] as const).filter(([t]) => t > 0)]
      : undefined;
  const visuals = plan.visuals.flatMap((v) => {
    // The crossfade tail counts as on screen; in the window it is plain duration.
    const c = cut({ ...v, duration: v.duration + v.tail, tail: 0 });
    if (!c) return [];
    const lead = Math.max(0, from - v.start);
    const curves: VisualItem["curves"] = {};
    for (const key of Object.keys(v.curves) as (keyof VisualItem["curves"])[]) {
      curves[key] = shiftCurve(v.curves[key], lead);
    }
    return [{ ...c, curves, fadeIn: lead > 0 ? Math.max(0, v.fadeIn - lead) : v.fadeIn }];
  });
  return {
    ...plan,
    duration: length,
    visuals,
    captions: plan.captions.flatMap((c) => cut(c) ?? []),
    audios: plan.audios.flatMap((a) => cut(a) ?? []),
  };
}
