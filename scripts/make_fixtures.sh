#!/usr/bin/env bash
# Regenerates the small media fixtures in test/fixtures/ with ffmpeg, from synthetic sources
# (lavfi testsrc2 / sine), so no third-party media is involved. Flags are chosen to be
# deterministic for a given ffmpeg build: bitexact muxing/encoding, no metadata, one thread.
# test/fixtures/expected.json holds the facts each file was made with (what the probes must find).
#
# Usage: scripts/make_fixtures.sh   (needs ffmpeg with libx264, libvpx, libopus, libvorbis,
#                                    libmp3lame and libwebp, as Debian's ffmpeg package has)
set -euo pipefail

cd "$(dirname "$0")/.."
out=test/fixtures
mkdir -p "$out"

ff() {
  ffmpeg -hide_banner -loglevel error -nostdin -y -threads 1 "$@"
}

# Common output flags: no metadata, no encoder tags, reproducible muxing.
bx=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact)
x264=(-c:v libx264 -preset ultrafast -tune zerolatency -crf 40 -pix_fmt yuv420p -x264-params threads=1)

img() { # size
  echo "testsrc2=size=$1:rate=1"
}
vid() { # size
  echo "testsrc2=size=$1:rate=10:duration=1"
}
tone() { # seconds
  echo "sine=frequency=440:sample_rate=44100:duration=$1"
}

# Still images (each a different size so width/height mix-ups show).
ff -f lavfi -i "$(img 64x48)" -frames:v 1 "${bx[@]}" "$out/image.png"
ff -f lavfi -i "$(img 80x60)" -frames:v 1 -q:v 8 "${bx[@]}" "$out/image.jpg"
ff -f lavfi -i "$(img 72x40)" -frames:v 1 -c:v libwebp -quality 30 "${bx[@]}" "$out/image.webp"
ff -f lavfi -i "$(img 40x30)" -frames:v 1 -pix_fmt bgr24 "${bx[@]}" "$out/image.bmp"
ff -f lavfi -i "$(img 24x16)" -frames:v 1 "${bx[@]}" "$out/still.gif"

# Animated GIF: 8 frames at 10 fps = 8 x 10 cs delays = 0.8 s, looping.
ff -f lavfi -i "testsrc2=size=48x32:rate=10:duration=0.8" -loop 0 "${bx[@]}" "$out/anim.gif"

# Audio: 1 s of a 440 Hz tone, mono 44.1 kHz.
ff -f lavfi -i "$(tone 1)" -c:a libmp3lame -b:a 32k -write_id3v2 1 "${bx[@]}" "$out/audio.mp3"
ff -f lavfi -i "$(tone 1)" -c:a pcm_s16le -ar 8000 "${bx[@]}" "$out/audio.wav"
ff -f lavfi -i "$(tone 1)" -c:a aac -b:a 32k "${bx[@]}" "$out/audio.m4a"
ff -f lavfi -i "$(tone 1)" -c:a flac -ar 8000 "${bx[@]}" "$out/audio.flac"
ff -f lavfi -i "$(tone 1)" -c:a libvorbis -q:a 0 "${bx[@]}" "$out/audio.ogg"

# Video: 1 s at 10 fps, with and without a 1 s tone.
ff -f lavfi -i "$(vid 96x54)" -f lavfi -i "$(tone 1)" "${x264[@]}" -c:a aac -b:a 32k \
  -shortest "${bx[@]}" "$out/video.mp4"
ff -f lavfi -i "$(vid 112x64)" "${x264[@]}" "${bx[@]}" "$out/video_noaudio.mp4"
ff -f lavfi -i "$(vid 80x48)" -f lavfi -i "$(tone 1)" "${x264[@]}" -c:a aac -b:a 32k \
  -shortest "${bx[@]}" "$out/video.mov"
ff -f lavfi -i "$(vid 64x36)" -f lavfi -i "$(tone 1)" -c:v libvpx -b:v 50k -deadline good \
  -cpu-used 5 -c:a libopus -b:a 24k -shortest "${bx[@]}" "$out/video.webm"
ff -f lavfi -i "$(vid 96x64)" -f lavfi -i "$(tone 1)" "${x264[@]}" -c:a flac -ar 8000 \
  -shortest "${bx[@]}" "$out/video.mkv"
# Rotated: coded 96x54 with a 90° display matrix (shown as 54x96). The rotate tag is only
# turned into a matrix when stream-copying.
ff -f lavfi -i "$(vid 96x54)" "${x264[@]}" "${bx[@]}" "$out/rotated.tmp.mp4"
ff -i "$out/rotated.tmp.mp4" -c copy -metadata:s:v:0 rotate=90 "${bx[@]}" "$out/video_rotated.mp4"
rm "$out/rotated.tmp.mp4"

# Not media at all.
printf 'this is not a media file, just text\n' >"$out/not_media.txt"

cat >"$out/expected.json" <<'JSON'
{
  "image.png": { "kind": "image", "format": "png", "durationUs": 0, "width": 64, "height": 48, "hasAudio": false, "hasVideo": true },
  "image.jpg": { "kind": "image", "format": "jpg", "durationUs": 0, "width": 80, "height": 60, "hasAudio": false, "hasVideo": true },
  "image.webp": { "kind": "image", "format": "webp", "durationUs": 0, "width": 72, "height": 40, "hasAudio": false, "hasVideo": true },
  "image.bmp": { "kind": "image", "format": "bmp", "durationUs": 0, "width": 40, "height": 30, "hasAudio": false, "hasVideo": true },
  "still.gif": { "kind": "image", "format": "gif", "durationUs": 0, "width": 24, "height": 16, "hasAudio": false, "hasVideo": true },
  "anim.gif": { "kind": "video", "format": "gif", "durationUs": 800000, "width": 48, "height": 32, "hasAudio": false, "hasVideo": true },
  "audio.mp3": { "kind": "audio", "format": "mp3", "durationUs": 1000000, "width": 0, "height": 0, "hasAudio": true, "hasVideo": false },
  "audio.wav": { "kind": "audio", "format": "wav", "durationUs": 1000000, "width": 0, "height": 0, "hasAudio": true, "hasVideo": false },
  "audio.m4a": { "kind": "audio", "format": "m4a", "durationUs": 1000000, "width": 0, "height": 0, "hasAudio": true, "hasVideo": false },
  "audio.flac": { "kind": "audio", "format": "flac", "durationUs": 1000000, "width": 0, "height": 0, "hasAudio": true, "hasVideo": false },
  "audio.ogg": { "kind": "audio", "format": "ogg", "durationUs": 1000000, "width": 0, "height": 0, "hasAudio": true, "hasVideo": false },
  "video.mp4": { "kind": "video", "format": "mp4", "durationUs": 1000000, "width": 96, "height": 54, "hasAudio": true, "hasVideo": true },
  "video_noaudio.mp4": { "kind": "video", "format": "mp4", "durationUs": 1000000, "width": 112, "height": 64, "hasAudio": false, "hasVideo": true },
  "video_rotated.mp4": { "kind": "video", "format": "mp4", "durationUs": 1000000, "width": 54, "height": 96, "hasAudio": false, "hasVideo": true },
  "video.mov": { "kind": "video", "format": "mov", "durationUs": 1000000, "width": 80, "height": 48, "hasAudio": true, "hasVideo": true },
  "video.webm": { "kind": "video", "format": "webm", "durationUs": 1000000, "width": 64, "height": 36, "hasAudio": true, "hasVideo": true },
  "video.mkv": { "kind": "video", "format": "mkv", "durationUs": 1000000, "width": 96, "height": 64, "hasAudio": true, "hasVideo": true }
}
JSON

du -cb "$out"/* | tail -n 1
