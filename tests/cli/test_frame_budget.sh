#!/usr/bin/env bash
# The frame work budget (docs/scene-format.md "Budgets"): small hostile scenes whose frame would take minutes on
# lavapipe are refused before any GPU work, in well under a second, with exit 2 and a message naming the field
# to change. Each command runs under `timeout` so that a scene let through fails the test instead of hanging it.
set -u
SWARD=${1:?usage: test_frame_budget.sh /path/to/sward}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# refused NAME 'stderr substring' [ARGS...]: scene $tmp/NAME.json must be refused (exit 2) within 5 s
refused() {
    local name=$1 msg=$2; shift 2
    local rc t0 t1
    t0=$(date +%s%N)
    timeout 20 "$SWARD" render "$tmp/$name.json" -o "$tmp/$name.png" --quiet "$@" 2>"$tmp/stderr" >/dev/null; rc=$?
    t1=$(date +%s%N)
    local err; err=$(cat "$tmp/stderr")
    [ "$rc" -eq 2 ] || fail "$name: exit $rc, expected 2 (stderr: $err)"
    grep -qF -- "$msg" <<<"$err" || fail "$name: stderr does not contain \"$msg\"; it was: $err"
    [ $(((t1 - t0) / 1000000)) -lt 5000 ] || fail "$name: took $(((t1 - t0) / 1000000)) ms to refuse"
    [ ! -e "$tmp/$name.png" ] || fail "$name: wrote an image"
    [ "$(wc -c <"$tmp/$name.json")" -le 2048 ] || fail "$name: the scene is over 2 KB"
}

# 2000 blades/m^2 of 2 m grass seen from 2.5 m at a wide field of view (over a minute a frame on lavapipe)
cat >"$tmp/dense.json" <<'J'
{"grass": [{"density": 2000, "height": [2, 2]}], "camera": {"position": [0, 2.5, -20], "target": [0, 0, 0],
 "fov": 100}, "render": {"width": 320, "height": 180, "draw_distance": 40}}
J
refused dense "dense.json: grass[0].density: a frame needs about "
refused dense "more than the frame work budget of a CPU device of 2e+07"
refused dense "grass[0] (2000 blades/m^2, up to 2 m tall) costs the most: lower grass[0].density"

# one flower at its candidate limit: 100 flowers/m^2 within 100 m (the near cascade rasterises them too)
cat >"$tmp/flower.json" <<'J'
{"grass": [{"density": 1}], "assets": [{"kind": "flower", "density": 100, "draw_distance": 100}],
 "render": {"width": 320, "height": 180, "draw_distance": 100}}
J
refused flower "flower.json: assets[0].density: a frame needs about "
refused flower "assets[0] (100/m^2 within 100 m) costs the most"

# the camera on the ground in a field of default grass at the density limit, wide field of view
cat >"$tmp/ground.json" <<'J'
{"grass": [{"density": 2000}], "camera": {"position": [0, 0.02, -20], "target": [0, 0, 0], "fov": 170,
 "near": 0.01}, "render": {"width": 320, "height": 180}}
J
refused ground "ground.json: grass[0].density: a frame needs about "

# the second type costs the most: its field is named, and --width/--height's size is the one counted
cat >"$tmp/second.json" <<'J'
{"grass": [{"density": 5}, {"density": 800, "height": [1.5, 3], "width": [0.02, 0.05]}],
 "render": {"width": 32, "height": 18}}
J
refused second "second.json: grass[1].density: " --width 320 --height 180
refused second "the camera's 320x180 pixels get" --width 320 --height 180

# over the device-independent budget (every device): 4 m x 25 cm blades at 7680 x 4320, refused at load
cat >"$tmp/huge.json" <<'J'
{"grass": [{"density": 2000, "height": [4, 4], "width": [0.25, 0.25]}], "render": {"width": 7680, "height": 4320}}
J
refused huge "huge.json: grass[0].density: a frame needs about "
refused huge "more than the frame work budget of 4e+09"

exit $((failures > 0))
