#!/usr/bin/env bash
# Issue 6: the frame within the device's limits. bench/dense.json (1.38 million blades in view) benches with
# the validation layer clean at a small size (its lists fit maxStorageBufferRange; lavapipe's is 128 MiB).
# The embedding example's part is cli_embed_host.
set -u
SWARD=${1:?usage: test_frame_limits.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# the dense bench: its 2 warm-up frames and the measured one, two in flight; the first frame overflows the
# survivor list, which then grows (gpu_frames survivor_list_grows checks the growth itself)
out=$("$SWARD" bench "$SRC/bench/dense.json" --width 320 --height 180 --frames 1 --validate --json 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "dense bench --validate: exit $rc: $out"
# (TAA's sub-pixel jitter moves the frustum: the third frame, the measured one, draws 1379976; without TAA 1380182)
case "$out" in *'"blades_drawn": 1379976'*) ;; *) fail "dense bench: expected 1379976 blades: $out" ;; esac

[ "$failures" -eq 0 ] && echo "ok: the dense bench validates at 320x180"
exit $((failures > 0))
