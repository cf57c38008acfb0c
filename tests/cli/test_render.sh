#!/usr/bin/env bash
# The README's commands end to end, small: render a still, an animation, the default output path, every
# render flag; bench --json; devices. Needs a Vulkan device (lavapipe is enough).
set -u
SWARD=${1:?usage: test_render.sh /path/to/sward}
SWARD=$(cd "$(dirname "$SWARD")" && pwd)/$(basename "$SWARD")
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
SCENE="$SRC/scenes/small.json"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -f "$SCENE" ] || { echo "FAIL: $SCENE does not exist" >&2; exit 1; }
# The CLI's behaviour, not TAA's (gpu_taa_bloom; the golden images render with it): small.json without TAA, so
# each still is one frame, not TAA's 8 warm-up frames and the still, and with the shadow maps at 512 texels (at 2048
# on lavapipe half of a renderer's first frame; the shadows' tests are gpu_shadows and gpu_lit_heights) (a copy:
# small.json names no other file)
python3 - "$SCENE" "$tmp/small.json" <<'PY' || { echo "FAIL: cannot copy $SCENE" >&2; exit 1; }
import json, sys
s = json.load(open(sys.argv[1]))
s.setdefault("render", {}).setdefault("features", {}).update(taa=False)
s["render"]["shadow_size"] = 512
json.dump(s, open(sys.argv[2], "w"), indent=1)
PY
SCENE="$tmp/small.json"

# run ARGS...: sets $out, $err, $rc; reports a non-zero exit
run() {
    out=$("$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    [ "$rc" -eq 0 ] || fail "sward $*: exit $rc: $err"
}

# png_size FILE: prints "WxH" from the IHDR chunk, or "not-a-png"
png_size() {
    local b
    b=($(od -An -tu1 -N24 -v "$1" 2>/dev/null))
    if [ "${#b[@]}" -ne 24 ] || [ "${b[*]:0:8}" != "137 80 78 71 13 10 26 10" ] ||
       [ "${b[12]} ${b[13]} ${b[14]} ${b[15]}" != "73 72 68 82" ]; then
        echo not-a-png; return
    fi
    echo "$(( (b[16] << 24) | (b[17] << 16) | (b[18] << 8) | b[19] ))x$(( (b[20] << 24) | (b[21] << 16) | (b[22] << 8) | b[23] ))"
}
expect_png() { # FILE WxH
    local s; s=$(png_size "$1")
    [ "$s" = "$2" ] || fail "$1: expected a $2 PNG, got $s"
}

# a still
run render "$SCENE" -o "$tmp/a.png"
expect_png "$tmp/a.png" 320x180
grep -qE '^sward: rendering on .+ \((discrete GPU|integrated GPU|virtual GPU|CPU, .*|other)\)$' <<<"$out" ||
    fail "render: no 'sward: rendering on DEVICE (TYPE)' line in: $out"
grep -qE "^wrote $tmp/a.png \(320x180, [0-9]+ blades, [0-9.]+ s\)$" <<<"$out" ||
    fail "render: no 'wrote $tmp/a.png (320x180, N blades, S s)' line in: $out"
blades=$(sed -nE 's/^wrote .* \(320x180, ([0-9]+) blades,.*/\1/p' <<<"$out")
[ "${blades:-0}" -gt 0 ] || fail "render: drew no blades ($out)"

# same scene, same frame: the same image
run render "$SCENE" -o "$tmp/a2.png" --quiet
[ -z "$out" ] || fail "render --quiet printed: $out"
cmp -s "$tmp/a.png" "$tmp/a2.png" || fail "two renders of the same frame differ"

# size, seed and time overrides, --flag=value, --validate (when the layer is installed), --verbose
run render "$SCENE" -o "$tmp/small.png" --width 64 --height=48 --quiet
expect_png "$tmp/small.png" 64x48
run render "$SCENE" -o "$tmp/s1.png" --seed 1 --quiet
run render "$SCENE" -o "$tmp/s2.png" --seed=2 --quiet
cmp -s "$tmp/s1.png" "$tmp/s2.png" && fail "--seed 1 and --seed 2 give the same image"
if ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1; then
    run render "$SCENE" -o "$tmp/v.png" --validate --quiet
    expect_png "$tmp/v.png" 320x180
else
    echo "note: Khronos validation layer not installed; --validate not tested" >&2
fi
run render "$SCENE" -o "$tmp/d.png" --device 0 --verbose
expect_png "$tmp/d.png" 320x180

# an animation: --frames 3 --fps 10 writes frames 0..2 at T, T+0.1, T+0.2; the wind makes them differ
run render "$SCENE" --time 0 --frames 3 --fps 10 -o "$tmp/f_%03d.png"
for k in 000 001 002; do expect_png "$tmp/f_$k.png" 320x180; done
[ ! -e "$tmp/f_003.png" ] || fail "--frames 3 wrote a fourth frame"
cmp -s "$tmp/f_000.png" "$tmp/f_001.png" && fail "animation frames 0 and 1 are identical"
cmp -s "$tmp/f_001.png" "$tmp/f_002.png" && fail "animation frames 1 and 2 are identical"
grep -qE "^wrote $tmp/f_000.png .. $tmp/f_002.png \(3 frames, 320x180, " <<<"$out" ||
    fail "animation: unexpected summary: $out"
# a sequence's frames accumulate TAA history (SH8), so frame 1 of it is not the still at T + 0.1; the first
# frame of a sequence is a still (warmed up like one), at T
run render "$SCENE" --time 0.1 -o "$tmp/t.png" --quiet
run render "$SCENE" --time 0.1 --frames 2 --fps 10 -o "$tmp/g_%03d.png" --quiet
cmp -s "$tmp/t.png" "$tmp/g_000.png" || fail "--time 0.1 differs from frame 0 of --time 0.1 --frames 2"
cmp -s "$tmp/t.png" "$tmp/g_001.png" && fail "frame 1 of --time 0.1 --fps 10 is the still at 0.1"

# default output path out/<scene>.png, with its folder created; nested folders for -o
mkdir -p "$tmp/cwd"
(cd "$tmp/cwd" && "$SWARD" render "$SCENE" --quiet) || fail "render without -o: exit $?"
expect_png "$tmp/cwd/out/small.png" 320x180
run render "$SCENE" -o "$tmp/n1/n2/n3.png" --quiet
expect_png "$tmp/n1/n2/n3.png" 320x180

# bench --json: one valid JSON object with the documented keys, blades drawn
run bench "$SCENE" --frames 3 --json
python3 - "$out" <<'PY' || fail "bench --json: bad output: $out"
import json, sys
d = json.loads(sys.argv[1])
keys = ["device", "device_type", "scene", "width", "height", "frames", "passes", "total_gpu_ms", "candidates",
        "blades_drawn", "blades_high", "blades_low", "triangles", "tiles", "gpu_memory_bytes", "cpu_ms",
        "blades_per_ms"]
missing = [k for k in keys if k not in d]
assert not missing, f"missing keys {missing}"
assert d["blades_drawn"] > 0, "blades_drawn is 0"
# blades per ms over all the blades' rasterisation, both paths (not the hardware grass pass alone)
r = d["raster"]
blades, ms = r["hardware_blades"] + r["compute_blades"], r["hardware_ms"] + r["compute_ms"]
assert blades == d["blades_drawn"], f"paths drew {blades} of {d['blades_drawn']} blades"
assert ms > 0 and abs(d["blades_per_ms"] - blades / ms) <= 1e-6 * blades / ms + 1e-3, \
    f"blades_per_ms {d['blades_per_ms']}, expected {blades / ms}"
assert d["frames"] == 3 and d["width"] == 320 and d["height"] == 180, "wrong frames or size"
for p in ("wind_field", "place", "terrain_resolve", "grass", "post"):
    assert set(d["passes"][p]) == {"min_ms", "median_ms"}, f"pass {p}"
    assert 0 <= d["passes"][p]["min_ms"] <= d["passes"][p]["median_ms"], f"pass {p} times"
assert d["total_gpu_ms"]["min"] <= d["total_gpu_ms"]["median"]
assert d["blades_high"] + d["blades_low"] == d["blades_drawn"], "high + low != drawn"
# the CPU time's part spent choosing tiles (the tile cache, clusters): within the whole, and not nothing
assert 0 < d["cpu_tiles_ms"]["median"] < d["cpu_ms"]["median"], f"cpu_tiles_ms {d['cpu_tiles_ms']} vs cpu_ms {d['cpu_ms']}"
# the ground's triangles per view: small.json's 64 x 64 quads at most in the camera's; none in the cascades (the
# ground casts through the lit heights: LS4)
t = d["terrain_triangles"]
assert set(t) == {"camera", "near_shadow", "mid_shadow"}, f"terrain_triangles {t}"
assert 0 < t["camera"] <= 2 * 64 * 64 and t["near_shadow"] == 0 and t["mid_shadow"] == 0, f"terrain_triangles {t}"
assert t["camera"] % 2 == 0, f"terrain_triangles {t}: whole quads"
PY
run bench "$SCENE" --frames 1 --width 64 --height 48
for word in wind_field place terrain grass post total candidates "blades drawn" triangles "near shadow" tiles "GPU memory" "CPU ms"; do
    grep -qF "$word" <<<"$out" || fail "bench: table lacks '$word': $out"
done

# devices: at least one suitable device, marked
run devices
grep -qE '^\* +[0-9]+ ' <<<"$out" || fail "devices: no device marked with '*': $out"

if [ "$failures" -ne 0 ]; then echo "test_render: $failures failure(s)" >&2; exit 1; fi
echo "test_render: ok"
