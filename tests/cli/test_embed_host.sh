#!/usr/bin/env bash
# The embedding example culls against the host's depth buffer (occlusion removes blades behind the
# hills), and its image, made of the entry points a host calls, is the standalone frame's (within png_compare's
# tolerance: the standalone frame resolves the ground in compute).
# (Once part of cli_frame_limits, whose dense frame is now cli_golden_dense_320x180's, validated.)
set -u
SWARD=${1:?usage: test_embed_host.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
EMBED="$(dirname "$SWARD")/sward_example_embed"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

[ -x "$EMBED" ] || { echo "FAIL: $EMBED not built" >&2; exit 1; }
# scenes/hills.json at a quarter of its size (320x180: the example renders a scene at its own size) and its shadow
# maps at 512 texels (render.shadow_size; what this compares is the host's depth and post), its height map by
# absolute path
python3 - "$SRC/scenes/hills.json" "$tmp/hills.json" <<'PY' || fail "cannot write the half-size scene"
import json, os, sys
d = json.load(open(sys.argv[1]))
d.pop("$schema", None)
d["render"]["width"], d["render"]["height"] = 320, 180
d["render"]["shadow_size"] = 512
# a fixed exposure: the auto exposure (PO4) would meter the two paths' slightly different ground (below) into a
# shift of every pixel; gpu_exposure holds the exposure itself
d["render"]["exposure"] = 1
d["terrain"]["heightmap"]["path"] = os.path.join(os.path.dirname(sys.argv[1]), d["terrain"]["heightmap"]["path"])
json.dump(d, open(sys.argv[2], "w"))
PY
out=$(SWARD_VALIDATION=1 "$EMBED" "$tmp/hills.json" -o "$tmp/embed.png" 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "embed hills: exit $rc: $out"
case "$out" in *"validation messages: 0"*) ;; *) fail "embed hills: validation messages: $out" ;; esac
n=$(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) by occlusion.*/\1/p')
[ "${n:-0}" -gt 1000 ] || fail "embed hills: expected blades removed by occlusion with the host's depth: $out"
# one frame order: the host's frame made of sward_cmd_place, _draw, _cull, _draw, _post is the standalone one
# (an embedding host's G-buffer is drawn by the hardware rasteriser: render.raster "auto" means "hardware"
# there, so the standalone frame is rendered with it too). With the depth prime sward's own frame resolves the
# ground's G-buffer in compute (BX6) where the host's frame draws it by the fragment pass: the images agree
# within png_compare's tolerance (gpu_terrain compares the two paths on their own).
"$SWARD" render "$tmp/hills.json" --set render.raster=hardware -o "$tmp/standalone.png" --quiet ||
    fail "render hills"
cmp_out=$(python3 "$SRC/tests/cli/png_compare.py" "$tmp/embed.png" "$tmp/standalone.png" 1.0 0.005) ||
    fail "embed hills: the host's image is not sward render's: $cmp_out"
[ "$failures" -eq 0 ] && echo "ok: the host's depth culls $n blades; embedded == standalone within tolerance ($cmp_out)"
exit $((failures > 0))
