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

# the dense bench (two frames in flight; its first frame overflows the survivor list, which then grows)
out=$("$SWARD" bench "$SRC/bench/dense.json" --width 320 --height 180 --frames 2 --validate --json 2>&1); rc=$?
[ "$rc" -eq 0 ] || fail "dense bench --validate: exit $rc: $out"
# (TAA's sub-pixel jitter moves the frustum: 1380512 with it, 1380182 without)
case "$out" in *'"blades_drawn": 1380512'*) ;; *) fail "dense bench: expected 1380512 blades: $out" ;; esac

[ "$failures" -eq 0 ] && echo "ok: the dense bench validates at 320x180"
exit $((failures > 0))
