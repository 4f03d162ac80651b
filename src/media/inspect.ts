/**
 * Probes one media URL without a draft (`draftcli query media`): a file:// URL is probed where
 * it is; an http(s) URL is downloaded into a fresh temp folder that is removed afterwards,
 * whatever happens.
 */
import { join } from "../path.ts";
import { DraftcliError } from "../errors.ts";
import { resolveMedia } from "./media_resolve.ts";
import type { ProbeOptions } from "./probe.ts";
import type { MediaInfo } from "./types.ts";

/** Options of `inspectUrl`. */
export interface InspectOptions {
  /** Largest download accepted, in bytes (default: the downloader's). */
  maxDownloadBytes?: number;
  /** ffprobe settings (false: never run ffprobe). */
  ffprobe?: ProbeOptions["ffprobe"];
  /** Told about retries and ffprobe fallbacks. */
  warn?: (message: string) => void;
  /** The input field errors name (default "url"). */
  field?: string;
  /** The home folder `~/` paths expand to. */
  home?: string;
}

/** Names errors by the plain field ("url"), not the list form resolveMedia uses ("url[0]"). */
function relabel(err: unknown, listLabel: string, field: string): unknown {
  if (!(err instanceof DraftcliError)) return err;
  const message = err.message.startsWith(listLabel)
    ? field + err.message.slice(listLabel.length)
    : err.message;
  const path = err.path === listLabel ? field : err.path;
  return new DraftcliError(err.code, message, { hint: err.hint, path });
}

/**
 * The facts of the media at `url`. Errors are those of `resolveMedia` (`invalid_input`,
 * `media_not_found`, `media_error`, `network_error`, `http_error`), naming the field.
 */
export async function inspectUrl(url: string, opts: InspectOptions = {}): Promise<MediaInfo> {
  const field = opts.field ?? "url";
  const remote = /^\s*https?:/i.test(url);
  const temp = remote ? await Deno.makeTempDir({ prefix: "draftcli-query-" }) : undefined;
  try {
    const resolved = await resolveMedia([{ url, index: 0, field }], {
      stagingDir: join(temp ?? ".", "staging"),
      resourcesDir: join(temp ?? ".", "resources"),
      download: opts.maxDownloadBytes ? { maxBytes: opts.maxDownloadBytes } : undefined,
      ffprobe: opts.ffprobe,
      warn: opts.warn,
      home: opts.home,
    });
    return resolved.get(url)!.info;
  } catch (err) {
    throw relabel(err, `${field}[0]`, field);
  } finally {
    if (temp) await Deno.remove(temp, { recursive: true }).catch(() => {});
  }
}
