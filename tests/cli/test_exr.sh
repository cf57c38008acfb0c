#!/usr/bin/env bash
# `sward render -o x.exr` (TL1): the linear HDR frame before tone mapping as OpenEXR (what it holds is
# checked by gpu_exr). Here: a still and a frame pattern, the files' size and pixel format (ffprobe's EXR
# decoder: 32-bit float RGBA), a PNG of the same frame beside them still works; bad paths fail with
# messages naming them and leave nothing. Built without OpenEXR: a clear refusal, exit 2.
set -u
SWARD=${1:?usage: test_exr.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the small scene with its shadow maps at 512 texels (render.shadow_size): what this tests is the command's output, and
# on lavapipe the 2048^2 maps are half of a frame
SCENE="$tmp/small.json"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s.setdefault("render", {})["shadow_size"] = 512; json.dump(s, open(sys.argv[2], "w"))' \
    "$SRC/scenes/small.json" "$SCENE" || { echo "FAIL: cannot copy scenes/small.json" >&2; exit 1; }
VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)

run() { # EXPECTED_RC ARGS...
    local want=$1; shift
    out=$("$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    [ "$rc" -eq "$want" ] || fail "sward $*: exit $rc, expected $want: $err"
}
exr_info() { # FILE: "WxH pix_fmt", or "not-an-exr"
    [ "$(od -An -tx1 -N4 "$1" 2>/dev/null | tr -d ' ')" = "762f3101" ] || { echo not-an-exr; return; }
    ffprobe -v error -show_entries stream=width,height,pix_fmt -of csv=p=0 "$1" | awk -F, '{ print $1 "x" $2, $3 }'
}

"$SWARD" render "$SCENE" --width 16 --height 16 -o "$tmp/probe.exr" --quiet 2>"$tmp/stderr"
if grep -q "built without OpenEXR" "$tmp/stderr"; then
    run 2 render "$SCENE" --width 16 --height 16 -o "$tmp/off.exr"
    grep -q "off.exr'*: cannot write EXR: sward was built without OpenEXR" <<<"$err" || fail "without OpenEXR: $err"
    grep -q "rendering on" <<<"$out" && fail "without OpenEXR: the device started before the refusal"
    [ -e "$tmp/off.exr" ] && fail "without OpenEXR: a file was written"
    [ "$failures" -eq 0 ] && echo "test_exr: built without OpenEXR, the refusal checked"
    exit $((failures > 0))
fi

run 0 render "$SCENE" --width 64 --height 48 -o "$tmp/a.exr" "${VALIDATE[@]}"
grep -qE "^wrote $tmp/a.exr \(64x48, [0-9]+ blades, [0-9.]+ s\)$" <<<"$out" || fail "no 'wrote' line: $out"
[ "$(exr_info "$tmp/a.exr")" = "64x48 gbrapf32le" ] || fail "a.exr: $(exr_info "$tmp/a.exr"), expected 64x48 gbrapf32le"
run 0 render "$SCENE" --width 64 --height 48 -o "$tmp/A.EXR" --quiet
[ "$(exr_info "$tmp/A.EXR")" = "64x48 gbrapf32le" ] || fail "A.EXR (the extension in capitals): $(exr_info "$tmp/A.EXR")"
cmp -s "$tmp/a.exr" "$tmp/A.EXR" || fail "the same frame gave two different EXR files"
# a frame pattern, and a PNG of the same size next to it
run 0 render "$SCENE" --width 32 --height 20 --frames 3 -o "$tmp/seq/f_%03d.exr" --quiet
for k in 000 001 002; do
    [ "$(exr_info "$tmp/seq/f_$k.exr")" = "32x20 gbrapf32le" ] || fail "f_$k.exr: $(exr_info "$tmp/seq/f_$k.exr")"
done
cmp -s "$tmp/seq/f_000.exr" "$tmp/seq/f_002.exr" && fail "frames 0 and 2 of the wind animation are the same EXR"
run 0 render "$SCENE" --width 32 --height 20 -o "$tmp/p.png" --quiet
[ "$(od -An -tx1 -N4 "$tmp/p.png" | tr -d ' ')" = "89504e47" ] || fail "-o p.png is no longer a PNG"

# bad paths: a folder, a folder that is a file; messages name the path; nothing left
mkdir -p "$tmp/dir.exr"
run 3 render "$SCENE" --width 16 --height 16 -o "$tmp/dir.exr"
grep -q "cannot write '$tmp/dir.exr': it is a folder" <<<"$err" || fail "folder: $err"
touch "$tmp/file"
run 3 render "$SCENE" --width 16 --height 16 -o "$tmp/file/x.exr"
grep -q "'$tmp/file/x.exr'" <<<"$err" || fail "file as folder: $err"
run 2 render "$SCENE" --width 16 --height 16 --frames 2 -o "$tmp/nopattern.exr"
grep -q "frame-number directive" <<<"$err" || fail "--frames 2 without a pattern: $err"
left=$(find "$tmp" -name '*.sward-*')
[ -z "$left" ] || fail "temporary files left: $left"

[ "$failures" -eq 0 ] && echo "test_exr: all checks passed"
exit $((failures > 0))
