#!/usr/bin/env bash
# Every writer of user files interrupted at every step (src/core/atomic.c): `render -o` PNG, EXR
# and a frame pattern, `render --video`, `bake`, `bake world`, `bench --plot` and the viewer's screenshot. An
# interposed library (sigstep.c, LD_PRELOAD) raises SIGINT, SIGTERM or SIGHUP just before the N-th step by which
# a file is put in place (a write to a temporary file, a frame sent to ffmpeg, the link that keeps the old file,
# a rename), for every N; each time the command must end by that signal (exit 128 + N), the output folder must
# hold exactly the old output or exactly the new one, each file whole (a set of files as a whole: never a new
# .bin beside an old .gltf, a new heights.bin beside an old world.json), and no temporary file.
set -u
SWARD=${1:?usage: test_interrupt.sh /path/to/sward}
STEP_LIB=${SWARD_SIGSTEP:?SWARD_SIGSTEP: the path of the sigstep library (tests/CMakeLists.txt sets it)}
SRC=${SWARD_SOURCE_DIR:?}
[ -f "$STEP_LIB" ] || { echo "FAIL: $STEP_LIB: no such library (build the sigstep target)" >&2; exit 1; }
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d)
trap 'stop_xvfb 2>/dev/null; rm -rf "$tmp"' EXIT

# The folder's files and their hashes, one line each (sorted); temporaries included, so they show. A plot's timings
# differ from run to run: an SVG that is not the old one is "whole" when it parses as XML.
snapshot() {
    python3 - "$1" <<'PY'
import hashlib, os, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
for root, _, files in sorted(os.walk(d)):
    for f in sorted(files):
        p = os.path.join(root, f)
        b = open(p, "rb").read()
        h = hashlib.sha256(b).hexdigest()
        if f.endswith(".svg") and not b.startswith(b"old "):
            try:
                ET.fromstring(b)
                h = "svg, whole"
            except ET.ParseError:
                h = "svg, broken"
        print(os.path.relpath(p, d), h)
PY
}

# check NAME DIR -- CMD...: CMD writes its output into DIR. A first run learns the files CMD writes; the old
# output is those files holding other bytes ("old NAME") beside one file CMD does not write; a second run over
# it counts the steps and gives the new output; then for every step N, from the old output, CMD is interrupted
# before step N. With PER_FILE=1 (a frame sequence: each frame its own output) each file is old or new alone.
# STEPS="1 4 last" interrupts at those steps only (a GPU render costs a second on lavapipe: where the steps repeat
# what the PNG's already prove, the first write and the last rename).
check() {
    local name=$1 dir=$2 t0=$SECONDS
    shift 3
    rm -rf "$dir" "$tmp/old"
    mkdir -p "$dir"
    echo "not the command's" >"$dir/keep.txt"
    local old new steps rc f
    LD_PRELOAD="$STEP_LIB" "$@" >/dev/null 2>"$tmp/err"; rc=$?
    [ "$rc" -eq 0 ] || { fail "$name: uninterrupted: exit $rc: $(head -c 400 "$tmp/err")"; return; }
    for f in "$dir"/*; do
        [ "$(basename "$f")" = keep.txt ] || echo "old $(basename "$f")" >"$f"
    done
    cp -a "$dir" "$tmp/old"
    old=$(snapshot "$dir")
    SWARD_STEP_COUNT="$tmp/steps" LD_PRELOAD="$STEP_LIB" "$@" >/dev/null 2>"$tmp/err"; rc=$?
    [ "$rc" -eq 0 ] || { fail "$name: uninterrupted over the old output: exit $rc: $(head -c 400 "$tmp/err")"; return; }
    new=$(snapshot "$dir")
    steps=$(cat "$tmp/steps")
    [ "$steps" -ge 2 ] || { fail "$name: only $steps steps counted"; return; }
    local n sig saw_old=0 saw_new=0 now
    local at=${STEPS:-$(seq 1 "$steps")}
    for n in ${at//last/$steps}; do
        sig=$((n % 3 == 0 ? 15 : n % 3 == 1 ? 2 : 1)) # SIGTERM, SIGINT, SIGHUP in turn
        rm -rf "$dir"
        cp -a "$tmp/old" "$dir"
        SWARD_STEP_AT=$n SWARD_STEP_SIGNAL=$sig LD_PRELOAD="$STEP_LIB" "$@" >/dev/null 2>"$tmp/err"; rc=$?
        [ "$rc" -eq $((128 + sig)) ] || fail "$name: signal $sig at step $n of $steps: exit $rc, not $((128 + sig))"
        now=$(snapshot "$dir")
        if [ "$now" = "$old" ]; then
            saw_old=1
        elif [ "$now" = "$new" ]; then
            saw_new=1
        elif [ "${PER_FILE:-0}" = 1 ] && [ -z "$(comm -23 <(echo "$now") <(printf '%s\n%s\n' "$old" "$new" | sort))" ]; then
            : # every file old or new
        else
            fail "$name: signal $sig at step $n of $steps left neither the old output nor the new one:"$'\n'"$now"
        fi
    done
    # the first step is a write (the old output stays); the last is a rename (the set is completed first)
    [ "$saw_old" -eq 1 ] || fail "$name: no interruption left the old output"
    [ "$saw_new" -eq 1 ] || fail "$name: no interruption during the commit completed the new output"
    echo "ok: $name, $steps steps, $((SECONDS - t0)) s"
}

# SWARD_INTERRUPT_PART=render, sequence or tools: only the stills' writers (PNG, EXR), only the sequences' (a frame
# pattern, a video), or only the other commands' (ctest runs the three parts as cli_interrupt.render,
# cli_interrupt.sequence and cli_interrupt.tools, in parallel); unset: all
part() { [ -z "${SWARD_INTERRUPT_PART:-}" ] || [ "$SWARD_INTERRUPT_PART" = "$1" ]; }

SMALL="$SRC/scenes/small.json"
# small and quick: the shadow maps at 512 texels, no TAA warm-up
F=(--width 48 --height 28 --set render.shadow_size=512 --set render.features.taa=false)
R=("${F[@]}" --quiet)

if part render; then
check "render -o PNG" "$tmp/png" -- \
    "$SWARD" render "$SMALL" -o "$tmp/png/a.png" "${R[@]}"
STEPS="1 last" check "render -o EXR" "$tmp/exr" -- \
    "$SWARD" render "$SMALL" -o "$tmp/exr/a.exr" "${R[@]}"
fi

if part sequence; then
PER_FILE=1 STEPS="1 4 last" check "render --frames pattern" "$tmp/seq" -- \
    "$SWARD" render "$SMALL" -o "$tmp/seq/f_%d.png" --frames 2 "${R[@]}"
if command -v ffmpeg >/dev/null; then
    SWARD_STEP_PIPES=1 check "render --video" "$tmp/vid" -- \
        "$SWARD" render "$SMALL" --video "$tmp/vid/a.mp4" --frames 1 "${R[@]}"
else
    fail "render --video: ffmpeg is not installed (Debian package ffmpeg)"
fi
fi

if part tools; then
# bake: one rock (glTF + .bin for each of 3 levels, one set of 6 files); the new bake has another seed
cat >"$tmp/assets.json" <<'JSON'
{ "grass": [ { "name": "g", "density": 1 } ],
  "assets": [ { "name": "stone", "kind": "rock", "generate": { "seed": 4 }, "density": 0.01 } ] }
JSON
check "bake" "$tmp/bake" -- \
    "$SWARD" bake "$tmp/assets.json" -o "$tmp/bake" --quiet --set 'assets[0].generate.seed=7'

# bake world: a small world of pages of 16 (heights 3^2 pages, maps 2^2); the new one is higher
cat >"$tmp/world.json" <<'JSON'
{ "grass": [ { "name": "g", "density": 1 } ],
  "terrain": { "size": 64, "resolution": 33, "fbm": { "amplitude": 3, "wavelength": 20, "octaves": 2 } } }
JSON
check "bake world" "$tmp/world" -- \
    "$SWARD" bake world "$tmp/world.json" -o "$tmp/world" --page 16 --quiet --set terrain.fbm.amplitude=5

STEPS="1 last" check "bench --plot" "$tmp/plot" -- \
    "$SWARD" bench "$SMALL" --frames 1 --plot "$tmp/plot/b.svg" "${F[@]}"

if "$SWARD" view --help >/dev/null 2>&1; then
    source "$SRC/tests/cli/xvfb.sh"
    start_xvfb 320x240x24
    STEPS="1 last" check "view --screenshot" "$tmp/shot" -- \
        "$SWARD" view "$SMALL" --frames 1 --screenshot "$tmp/shot/s.png" "${F[@]}"
    stop_xvfb
fi

# A .gltf beside the .bin of another bake (files copied by hand from two bakes) is refused, naming both.
"$SWARD" bake "$tmp/assets.json" -o "$tmp/mixA" --quiet 2>/dev/null
"$SWARD" bake "$tmp/assets.json" -o "$tmp/mixB" --quiet --set 'assets[0].generate.seed=7' 2>/dev/null
cp "$tmp/mixB/stone_lod0.bin" "$tmp/mixA/stone_lod0.bin"
cat >"$tmp/mixed.json" <<JSON
{ "grass": [ { "name": "g", "density": 1 } ],
  "assets": [ { "name": "m", "kind": "rock", "mesh": { "path": "$tmp/mixA/stone_lod0.gltf" }, "density": 0.01 } ] }
JSON
"$SWARD" bake "$tmp/mixed.json" -o "$tmp/mixout" --quiet 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] || fail "mixed bake: exit $rc, not 2"
grep -q "stone_lod0.gltf: buffer 0's file 'stone_lod0.bin' is not the one this file was written with" "$tmp/err" ||
    fail "mixed bake: message: $(cat "$tmp/err")"
fi

[ "$failures" -eq 0 ] || exit 1
echo "interrupt: every writer leaves the old output or the new one, whole, and no temporary file"
