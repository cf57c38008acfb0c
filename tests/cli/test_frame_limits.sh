#!/usr/bin/env bash
# Issue 6: the frame within the device's limits. bench/dense.json (1.38 million blades in view) benches with
# the validation layer clean at a small size (its lists fit maxStorageBufferRange; lavapipe's is 128 MiB);
# the embedding example culls against the host's depth buffer (occlusion removes blades behind the hills), and
# its image, made of the entry points a host calls, is byte-identical to the standalone frame's.
set -u
SWARD=${1:?usage: test_frame_limits.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
EMBED="$(dirname "$SWARD")/sward_example_embed"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# the dense bench (two frames in flight; its first frame overflows the survivor list, which then grows)
out=$("$SWARD" bench "$SRC/bench/dense.json" --width 320 --height 180 --frames 2 --validate --json 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "dense bench --validate: exit $rc: $out"
# (TAA's sub-pixel jitter moves the frustum: 1380512 with it, 1380182 without)
case "$out" in *'"blades_drawn": 1380512'*) ;; *) fail "dense bench: expected 1380512 blades: $out" ;; esac

if [ -x "$EMBED" ]; then
    out=$(SWARD_VALIDATION=1 "$EMBED" "$SRC/scenes/hills.json" -o "$tmp/embed.png" 2>&1); rc=$?
    [ "$rc" -eq 0 ] || fail "embed hills: exit $rc: $out"
    case "$out" in *"validation messages: 0"*) ;; *) fail "embed hills: validation messages: $out" ;; esac
    n=$(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) by occlusion.*/\1/p')
    [ "${n:-0}" -gt 1000 ] || fail "embed hills: expected blades removed by occlusion with the host's depth: $out"
    # one frame order: the host's frame made of sward_cmd_place, _draw, _cull, _draw, _post is the standalone one
    # (an embedding host's G-buffer is drawn by the hardware rasteriser: render.raster "auto" means "hardware"
    # there, so the standalone frame is rendered with it too)
    "$SWARD" render "$SRC/scenes/hills.json" --set render.raster=hardware -o "$tmp/standalone.png" --quiet ||
        fail "render hills"
    cmp -s "$tmp/embed.png" "$tmp/standalone.png" || fail "embed hills: the host's image differs from sward render's"
else
    fail "$EMBED not built"
fi
[ "$failures" -eq 0 ] && echo "ok: the dense bench validates at 320x180; the host's depth culls $n blades; embedded == standalone"
exit $((failures > 0))
