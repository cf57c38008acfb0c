#!/usr/bin/env bash
# Issue 6: the frame within the device's limits. bench/dense.json (1.38 million blades in view) renders with
# the validation layer clean at a small size (its lists fit maxStorageBufferRange; lavapipe's is 128 MiB).
# The embedding example's part is cli_embed_host.
set -u
SWARD=${1:?usage: test_frame_limits.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# the dense still (no TAA: one frame, whose survivor list overflows and grows, then the frame again; the
# growth itself: gpu_frames survivor_list_grows)
out=$("$SWARD" render "$SRC/bench/dense.json" --width 320 --height 180 --set render.features.taa=false --validate \
      -o "$tmp/dense.png" 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "dense render --validate: exit $rc: $out"
case "$out" in *"(320x180, 1441547 blades"*) ;; *) fail "dense render: expected 1441547 blades: $out" ;; esac
[ -s "$tmp/dense.png" ] || fail "dense render: no image"

[ "$failures" -eq 0 ] && echo "ok: the dense still validates at 320x180"
exit $((failures > 0))
