#!/usr/bin/env bash
# The golden images: every scene in scenes/ and bench/, rendered at 320x180 at 4.25 s (and those of LARGE_SCENES at
# 640x360 at 1.5 s too) on Mesa's lavapipe (Debian 12, LLVM 15), every feature on (TAA's 8-frame warm-up;
# not in dense, see flags_of), equals its recorded image in tests/data/golden/: the PNG and its SHA-256 in sha256.txt.
# A byte-identical image passes. Another CPU or Mesa point release rounds a little differently, so an image whose
# hash differs is compared with the recorded PNG (png_compare.py) and passes when within mean MEAN_MAX/255 per channel
# and at most FRAC_MAX of the pixels off by more than 16/255 (a line says so, with both numbers); beyond, it fails.
# The tolerance, from measurements on lavapipe: disabling AVX-512 in its JIT (GALLIUM_OVERRIDE_CPU_CAPS=avx) changes
# no byte of any scene; sward's CPU side built with FMA contraction (-march=native -ffp-contract=fast) moves every
# scene by mean 0.000-0.011/255, none off by more than 16/255, but the streamed 16 km flight by 0.49/255 and 0.14 %
# (its camera and tiles shift by a fraction of a pixel). 0.75/255 and 0.5 % leave 1.5x and 3.5x margin over that
# and still fail 0.05 EV of exposure (mean 1.5/255) or the sun raised by 1 degree (meadow: 2.1/255; GOLD-exposure-key
# in tests/mutations.py). What passes now: 0.02 EV, the sun moved by a quarter degree, a few blades changed (past
# intentional changes went as small as mean 0.015/255): what an image means is the behavioural tests' to check,
# the goldens catch change, and a refactor that is byte-identical still says so (no "within tolerance" line).
#
#   golden.sh SWARD SCENE.json SIZE    one scene at one size (ctest: cli_golden_<scene>_<size>, one test each)
#   golden.sh SWARD --all              every scene and size, and no recorded image without its scene
#   golden.sh SWARD --list             renders nothing: every scene, size and time has exactly one hash and one PNG,
#                                      each PNG has the hash beside it, and nothing is left over (cli_golden_list)
#   golden.sh SWARD --update           re-record every hash and PNG; on purpose only (say why in the commit)
# SWARD_GOLDEN_EXACT=1: byte-identical only, no tolerance (tests/mutate.sh, for changes too small for it).
set -u
SWARD=${1:?usage: golden.sh /path/to/sward SCENE.json SIZE | --all | --update}
SRC=${SWARD_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
DIR="$SRC/tests/data/golden"
GOLDEN="$DIR/sha256.txt"
# the tolerance for an image that is not byte-identical (png_compare.py's MEAN_MAX in 1/255 and FRAC_MAX; see above)
MEAN_MAX=0.75
FRAC_MAX=0.005
SIZES="320x180 640x360"
# the scenes recorded at the second size too (tests/CMakeLists.txt reads this line: one ctest test each)
LARGE_SCENES="meadow got_field forest_edge flowers"
# scenes looked at by hand but not recorded (the suite's time budget: each bakes six or more species trees); they
# load and validate in schema_scenes and schema_rules
UNRECORDED_SCENES="conifer_hills birch_grove"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Every image renders with the validation layer where it is installed (a message is exit 5: the image fails), so that
# bench/dense.json's frame (1.44 million blades in view at 320x180) also proves the frame within the device's limits
# (its lists fit maxStorageBufferRange, lavapipe's 128 MiB; its survivor list overflows and grows, then the
# frame again: gpu_frames survivor_list_grows)
VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)
flags_of() { # a scene's extra flags: bench/dense.json's frame is 18 s of lavapipe (1.38 M blades), so its stills
    # are recorded without TAA (one frame, not TAA's nine); every other scene with every feature on
    case "$1" in dense) echo "--set render.features.taa=false" ;; esac
}
sizes_of() { # the sizes a scene is recorded at
    case " $LARGE_SCENES " in *" $1 "*) echo "$SIZES" ;; *) echo "${SIZES%% *}" ;; esac
}
times_of() { # the time a size is recorded at (each still renders 9 frames: TAA's warm-up); two sizes, two times
    if [ "$1" = 640x360 ]; then echo "1.5"; else echo "4.25"; fi
}
render_one() { # render_one SCENE.json SIZE: its images into $tmp
    local scene=$1 size=$2 name t png
    name=$(basename "$scene" .json)
    for t in $(times_of "$size"); do
        png="${name}_${size}_t${t}.png"
        # shellcheck disable=SC2046 # the flags are words
        "$SWARD" render "$scene" --width "${size%x*}" --height "${size#*x}" --time "$t" $(flags_of "$name") \
            "${VALIDATE[@]}" -o "$tmp/$png" --quiet 2>"$tmp/err" || fail "$png: sward render failed: $(cat "$tmp/err")"
    done
}
all_scenes() {
    local f
    for f in "$SRC"/scenes/*.json "$SRC"/bench/*.json; do
        case " $UNRECORDED_SCENES " in *" $(basename "$f" .json) "*) ;; *) echo "$f" ;; esac
    done
}

case "${2:-}" in
--update | --all)
    for scene in $(all_scenes); do
        for size in $(sizes_of "$(basename "$scene" .json)"); do render_one "$scene" "$size"; done
    done
    if [ "$2" = --update ]; then
        [ "$failures" -eq 0 ] || exit 1
        (cd "$tmp" && sha256sum ./*.png | sed 's# \./# #') >"$GOLDEN"
        rm -f "$DIR"/*.png
        cp "$tmp"/*.png "$DIR"/
        echo "recorded $(wc -l <"$GOLDEN") hashes and images in $DIR"
        exit 0
    fi
    ;;
--list)
    [ -f "$GOLDEN" ] || { echo "FAIL: $GOLDEN missing" >&2; exit 1; }
    want=$(for scene in $(all_scenes); do
        for size in $(sizes_of "$(basename "$scene" .json)"); do
            for t in $(times_of "$size"); do echo "$(basename "$scene" .json)_${size}_t${t}.png"; done
        done
    done | sort)
    have=$(awk '{print $2}' "$GOLDEN" | sort)
    extra=$(comm -13 <(echo "$want") <(echo "$have"))
    missing=$(comm -23 <(echo "$want") <(echo "$have"))
    dup=$(echo "$have" | uniq -d)
    [ -z "$missing" ] || fail "images with no recorded hash: $missing"
    [ -z "$extra" ] || fail "recorded hashes of no scene: $extra"
    [ -z "$dup" ] || fail "recorded twice: $dup"
    # each hash's PNG is the image it hashes, and no PNG is without its hash
    pngs=$(find "$DIR" -maxdepth 1 -name '*.png' -printf '%f\n' | sort)
    nopng=$(comm -23 <(echo "$have") <(echo "$pngs"))
    nohash=$(comm -13 <(echo "$have") <(echo "$pngs"))
    [ -z "$nopng" ] || fail "recorded hashes with no PNG in $DIR: $nopng"
    [ -z "$nohash" ] || fail "PNGs in $DIR with no recorded hash: $nohash"
    while read -r sum png; do
        [ -f "$DIR/$png" ] || continue
        [ "$(sha256sum "$DIR/$png" | cut -d' ' -f1)" = "$sum" ] || fail "$png: the PNG is not the image hashed"
    done <"$GOLDEN"
    [ "$failures" -eq 0 ] && echo "ok: $(echo "$want" | wc -l) images, each recorded once, hash and PNG"
    exit $((failures > 0))
    ;;
"") echo "usage: golden.sh /path/to/sward SCENE.json SIZE | --all | --update" >&2; exit 2 ;;
*)
    scene=$2 size=${3:?usage: golden.sh SWARD SCENE.json SIZE}
    [ -f "$scene" ] || { echo "FAIL: $scene: no such scene" >&2; exit 1; }
    render_one "$scene" "$size"
    ;;
esac

[ -f "$GOLDEN" ] || { echo "FAIL: $GOLDEN missing" >&2; exit 1; }
# every image rendered has its recorded hash, and equals it or its PNG within tolerance; with --all, every recorded
# image was rendered
checked=0 close=0
for png in "$tmp"/*.png; do
    [ -f "$png" ] || continue
    base=$(basename "$png")
    want=$(awk -v p="$base" '$2 == p {print $1}' "$GOLDEN")
    [ -n "$want" ] || { fail "$base: no recorded hash (a new scene? record it: golden.sh SWARD --update)"; continue; }
    checked=$((checked + 1))
    got=$(sha256sum "$png" | cut -d' ' -f1)
    [ "$got" = "$want" ] && continue
    [ -z "${SWARD_GOLDEN_EXACT:-}" ] || { fail "$base: sha256 $got, recorded $want (SWARD_GOLDEN_EXACT)"; continue; }
    [ -f "$DIR/$base" ] || { fail "$base: sha256 $got, recorded $want, and no recorded PNG to compare with"; continue; }
    numbers=$(python3 "$SRC/tests/cli/png_compare.py" "$png" "$DIR/$base" "$MEAN_MAX" "$FRAC_MAX" 2>&1)
    case $? in
    0) echo "$base: not byte-identical to the recorded image, but within tolerance: $numbers" ;;
    1) fail "$base: beyond tolerance of the recorded image (mean $MEAN_MAX/255, $FRAC_MAX over 16/255): $numbers" ;;
    *) fail "$base: cannot compare with the recorded image: $numbers" ;;
    esac
    close=$((close + 1))
done
if [ "${2:-}" = --all ]; then
    while read -r _ png; do
        [ -f "$tmp/$png" ] || fail "$png: recorded but not rendered (is the scene gone?)"
    done <"$GOLDEN"
fi
[ "$checked" -gt 0 ] || fail "no image checked"
[ "$failures" -eq 0 ] &&
    echo "all $checked images equal the recorded ones ($((checked - close)) byte-identical, $close within tolerance)"
exit $((failures > 0))
