#!/usr/bin/env bash
# `sward render --video` (TL1): frames piped to the ffmpeg program. Checks with ffprobe the frame count,
# size, rate, codec and pixel format of the file; odd sizes and unknown types refused before rendering; a
# missing ffmpeg (exit 3, no file) and a failing one (its messages shown, no file, no temporary left);
# --video alone writes no images, with -o both; the progress bar: nothing on stderr when it is not a
# terminal, a bar (frames, fps, time left) under `script` (a pseudo-terminal). Lavapipe, validation on.
set -u
SWARD=${1:?usage: test_video.sh /path/to/sward}
SWARD=$(cd "$(dirname "$SWARD")" && pwd)/$(basename "$SWARD")
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
# the small scene without its shadow maps (what this tests is the encoder and the frames' order: a render is then
# half its time on lavapipe, the wind moving the casters every frame)
SCENE_SRC="$SRC/scenes/small.json"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SCENE="$tmp/small.json"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s.setdefault("render", {})["shadow_size"] = 512; json.dump(s, open(sys.argv[2], "w"))' \
    "$SCENE_SRC" "$SCENE" || { echo "FAIL: cannot copy $SCENE_SRC" >&2; exit 1; }
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo "FAIL: ffmpeg and ffprobe are needed (dev.sh installs them)" >&2; exit 1; }
VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)

# run [EXPECTED_RC] -- ARGS...: in $tmp/work; sets $out, $err, $rc
run() {
    local want=$1; shift 2
    out=$(cd "$tmp/work" && "$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    [ "$rc" -eq "$want" ] || fail "sward $*: exit $rc, expected $want: $err"
}
# probe FILE: "frames width height rate codec pix_fmt"
probe() {
    ffprobe -v error -count_frames -select_streams v:0 \
        -show_entries stream=nb_read_frames,width,height,r_frame_rate,codec_name,pix_fmt -of json "$1" |
        python3 -c 'import json,sys; s=json.load(sys.stdin)["streams"][0]; print(s["nb_read_frames"], s["width"], s["height"], s["r_frame_rate"], s["codec_name"], s["pix_fmt"])'
}
no_temps() { # DIR: no temporary file of sward's left
    local left; left=$(find "$1" -name '*.sward-*' 2>/dev/null)
    [ -z "$left" ] || fail "temporary files left: $left"
}
mkdir -p "$tmp/work"

# 12 frames at 24 fps, 64x48: frame count, size, rate; stderr empty (not a terminal); nothing else written
run 0 -- render "$SCENE" --width 64 --height 48 --frames 12 --fps 24 --video "$tmp/v/a.mp4" "${VALIDATE[@]}"
[ "$(probe "$tmp/v/a.mp4")" = "12 64 48 24/1 h264 yuv420p" ] || fail "a.mp4: got '$(probe "$tmp/v/a.mp4")', expected '12 64 48 24/1 h264 yuv420p'"
grep -qE "^wrote $tmp/v/a.mp4 \(12 frames at 24 fps, 64x48, H.264, [0-9.]+ s\)$" <<<"$out" || fail "no 'wrote' line for the video: $out"
[ -z "$err" ] || fail "stderr is not a terminal, yet sward wrote to it: $err"
[ -z "$(ls "$tmp/work")" ] || fail "--video alone wrote images: $(ls -R "$tmp/work")"
no_temps "$tmp/v"

# another rate and count, Matroska, with -o: the PNGs too
run 0 -- render "$SCENE" --width 32 --height 20 --frames 5 --fps 10 --video "$tmp/b.mkv" -o "$tmp/png/f_%02d.png" --quiet
[ "$(probe "$tmp/b.mkv")" = "5 32 20 10/1 h264 yuv420p" ] || fail "b.mkv: got '$(probe "$tmp/b.mkv")', expected '5 32 20 10/1 h264 yuv420p'"
[ "$(ls "$tmp/png" | tr '\n' ' ')" = "f_00.png f_01.png f_02.png f_03.png f_04.png " ] || fail "-o with --video: $(ls "$tmp/png")"
[ -z "$out$err" ] || fail "--quiet printed: $out $err"
# the video's first frame is the first PNG (H.264 is lossy: compared by PSNR)
psnr=$(ffmpeg -nostdin -hide_banner -i "$tmp/b.mkv" -i "$tmp/png/f_00.png" -frames:v 1 \
    -lavfi "[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]psnr" -f null - 2>&1 | sed -nE 's/.*average:([0-9.inf]+).*/\1/p')
python3 -c "import sys; v=sys.argv[1]; sys.exit(0 if v=='inf' or float(v) > 25 else 1)" "${psnr:-0}" ||
    fail "the video's first frame is not the first PNG (PSNR ${psnr:-none})"

# odd sizes: refused before rendering (H.264 in yuv420p needs even sides), nothing written
run 2 -- render "$SCENE" --width 65 --height 48 --video "$tmp/odd.mp4"
grep -q -- "--video: H.264 in yuv420p needs an even width and height, got 65x48" <<<"$err" || fail "odd width: $err"
grep -q "rendering on" <<<"$out" && fail "odd width: the device started before the refusal"
run 2 -- render "$SCENE" --width 64 --height 47 --video "$tmp/odd.mp4" -o "$tmp/newdir/f.png"
[ -e "$tmp/odd.mp4" ] && fail "odd size left $tmp/odd.mp4"
[ -e "$tmp/newdir" ] && fail "odd size: -o's folder was created before the refusal"
# an unknown type, an empty path
run 2 -- render "$SCENE" --video "$tmp/a.avi"
grep -q "must end in .mp4, .mov or .mkv" <<<"$err" || fail ".avi: $err"
run 2 -- render "$SCENE" --video ""
# a folder
mkdir -p "$tmp/dir.mp4"
run 3 -- render "$SCENE" --width 64 --height 48 --video "$tmp/dir.mp4"
grep -q "cannot write video '$tmp/dir.mp4': it is a folder" <<<"$err" || fail "folder: $err"

# ffmpeg missing from PATH: exit 3 before rendering, no file
out=$(cd "$tmp/work" && PATH=/nonexistent "$SWARD" render "$SCENE" --width 64 --height 48 --video "$tmp/none.mp4" 2>"$tmp/stderr"); rc=$?
err=$(cat "$tmp/stderr")
[ "$rc" -eq 3 ] || fail "no ffmpeg: exit $rc, expected 3"
grep -q "needs the ffmpeg program, and there is none on PATH" <<<"$err" || fail "no ffmpeg: $err"
grep -q "rendering on" <<<"$out" && fail "no ffmpeg: the device started before the refusal"
[ -e "$tmp/none.mp4" ] && fail "no ffmpeg: $tmp/none.mp4 exists"

# ffmpeg failing (at once, and after reading part of the frames): its messages, exit 3, no file, no temporary
mkdir -p "$tmp/fake"
printf '#!/bin/sh\necho "fake ffmpeg: no encoder" >&2\nexit 1\n' >"$tmp/fake/ffmpeg"
chmod +x "$tmp/fake/ffmpeg"
for mode in early late; do
    [ $mode = late ] && printf '#!/bin/sh\nhead -c 20000 >/dev/null\necho "fake ffmpeg: gave up" >&2\nexit 7\n' >"$tmp/fake/ffmpeg"
    out=$(cd "$tmp/work" && PATH="$tmp/fake:$PATH" "$SWARD" render "$SCENE" --width 64 --height 48 --frames 6 \
          --video "$tmp/f/bad.mp4" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    [ "$rc" -eq 3 ] || fail "failing ffmpeg ($mode): exit $rc, expected 3: $err"
    grep -q "cannot write video '$tmp/f/bad.mp4'" <<<"$err" || fail "failing ffmpeg ($mode): $err"
    grep -qE "sward: ffmpeg: fake ffmpeg: (no encoder|gave up)" <<<"$err" || fail "failing ffmpeg ($mode): its message not shown: $err"
    [ -e "$tmp/f/bad.mp4" ] && fail "failing ffmpeg ($mode): $tmp/f/bad.mp4 exists"
    no_temps "$tmp/f"
done

# the progress bar on a terminal (script gives a pseudo-terminal), and not with --quiet
if command -v script >/dev/null; then
    script -qec "'$SWARD' render '$SCENE' --width 32 --height 20 --frames 8 --video '$tmp/p.mp4' >/dev/null" /dev/null >"$tmp/tty" 2>&1
    tr '\r' '\n' <"$tmp/tty" | grep -qE '^sward: \[#+-*\] [0-9]+/8 frames  [0-9.]+ fps  [0-9]+:[0-9]{2} left' ||
        fail "no progress bar on a terminal: $(tr '\r' '\n' <"$tmp/tty" | head -5)"
    tr '\r' '\n' <"$tmp/tty" | grep -q '8/8 frames' || fail "the bar does not reach 8/8"
    script -qec "'$SWARD' render '$SCENE' --width 32 --height 20 --frames 8 --video '$tmp/q.mp4' --quiet" /dev/null >"$tmp/tty" 2>&1
    [ -s "$tmp/tty" ] && fail "--quiet on a terminal printed: $(cat "$tmp/tty")"
fi
# a PNG sequence, not a terminal: stderr stays empty
run 0 -- render "$SCENE" --width 32 --height 20 --frames 4 -o "$tmp/seq/f_%d.png"
[ -z "$err" ] || fail "a PNG sequence wrote to stderr (not a terminal): $err"

[ "$failures" -eq 0 ] && echo "test_video: all checks passed"
exit $((failures > 0))
