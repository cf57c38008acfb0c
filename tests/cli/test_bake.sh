#!/usr/bin/env bash
# `sward bake` (SPEC AS1-AS3, AS5): scenes/tree.json baked into a new folder writes oak_lod0..4.gltf with their
# .bin, oak_impostor.png and oak_leaf.png and prints the chain's triangles; a scene that imports the baked level 0
# as a tree renders at 160x90 (lavapipe is enough) and bakes again as an imported chain; the errors: no -o, -o
# naming a file, a scene without assets (exit 2, 3, 2; a message on stderr, nothing on stdout).
set -u
SWARD=${1:?usage: test_bake.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# the generated tree: every level, the images, one line with the triangles (AS2's targets: the oak of
# scenes/tree.json is built to them exactly)
out=$("$SWARD" bake "$SRC/scenes/tree.json" -o "$tmp/baked/nested" 2>"$tmp/stderr"); rc=$?
[ "$rc" -eq 0 ] || fail "bake tree.json: exit $rc: $(cat "$tmp/stderr")"
for f in oak_lod0.gltf oak_lod0.bin oak_lod1.gltf oak_lod1.bin oak_lod2.gltf oak_lod2.bin oak_lod3.gltf \
         oak_lod3.bin oak_lod4.gltf oak_lod4.bin oak_impostor.png oak_leaf.png; do
    [ -s "$tmp/baked/nested/$f" ] || fail "bake tree.json: $f is missing or empty"
done
[ ! -e "$tmp/baked/nested/oak_lod5.gltf" ] || fail "bake tree.json: a sixth level"
line=$(grep '^oak: ' <<<"$out")
tris=$(sed -nE 's/^oak: tree \(generated\), 5 levels, triangles ([0-9 ]+) \(billboard 12 from LOD3\)$/\1/p' <<<"$line")
[ -n "$tris" ] || fail "bake tree.json: unexpected line '$line'"
read -r t0 t1 t2 t3 t4 <<<"$tris"
[ "${t0:-0}" -ge 9000 ] && [ "${t0:-0}" -le 11000 ] || fail "LOD0: $t0 triangles, expected ~10000"
[ "${t1:-0}" -ge 2340 ] && [ "${t1:-0}" -le 2860 ] || fail "LOD1: $t1 triangles, expected ~2600"
[ "${t2:-0}" -ge 1080 ] && [ "${t2:-0}" -le 1320 ] || fail "LOD2: $t2 triangles, expected ~1200"
[ "${t3:-0}" -ge 192 ] && [ "${t3:-0}" -le 232 ] || fail "LOD3: $t3 triangles, expected ~200 + 12"
[ "${t4:-0}" -eq 12 ] || fail "LOD4: $t4 triangles, expected the 12-triangle billboard"
b=($(od -An -tu1 -j16 -N8 -v "$tmp/baked/nested/oak_impostor.png" 2>/dev/null))
[ "${#b[@]}" -eq 8 ] && [ "$(( (b[2] << 8) | b[3] ))x$(( (b[6] << 8) | b[7] ))" = 384x256 ] ||
    fail "oak_impostor.png is not 3 cells of 128x256"
if command -v python3 >/dev/null 2>&1; then
    python3 - "$tmp/baked/nested/oak_lod0.gltf" <<'PY' || fail "oak_lod0.gltf: JSON (above)"
import json, os, sys
d = json.load(open(sys.argv[1]))
assert d["asset"]["version"] == "2.0"
assert [m["name"] for m in d["materials"]] == ["bark", "leaf"], d["materials"]
assert d["buffers"][0]["uri"] == "oak_lod0.bin"
assert d["buffers"][0]["byteLength"] == os.path.getsize(os.path.join(os.path.dirname(sys.argv[1]), "oak_lod0.bin"))
for p in d["meshes"][0]["primitives"]:
    for a in ["POSITION", "NORMAL", "TEXCOORD_0", "TEXCOORD_1", "TEXCOORD_2", "TEXCOORD_3", "TEXCOORD_4", "TEXCOORD_5", "COLOR_0"]:
        assert a in p["attributes"], a
    assert "min" in d["accessors"][p["attributes"]["POSITION"]]
tris = sum(d["accessors"][p["indices"]]["count"] for p in d["meshes"][0]["primitives"]) // 3
assert 9000 <= tris <= 11000, tris
PY
fi

# the baked level 0 imported as a tree: the renderer draws it (exit 0), and bake gives its imported chain
cat >"$tmp/imported.json" <<EOF
{
  "terrain": { "size": 16, "resolution": 9, "color": [0.05, 0.055, 0.025] },
  "grass": [ { "name": "meadow", "density": 5, "height": [0.2, 0.45], "width": [0.008, 0.014] } ],
  "assets": [
    { "name": "baked oak", "kind": "tree", "mesh": { "path": "baked/nested/oak_lod0.gltf", "scale": 0.5 },
      "density": 0.01, "scale": [1, 1], "draw_distance": 60 }
  ],
  "camera": { "position": [0, 4, -14], "target": [0, 4, 0], "fov": 60 },
  "render": { "width": 160, "height": 90, "draw_distance": 10, "lod_distance": 5 }
}
EOF
"$SWARD" render "$tmp/imported.json" -o "$tmp/imported.png" --quiet 2>"$tmp/stderr"; rc=$?
[ "$rc" -eq 0 ] || fail "render of the imported baked tree: exit $rc: $(cat "$tmp/stderr")"
[ -s "$tmp/imported.png" ] || fail "render of the imported baked tree: no image"
out=$("$SWARD" bake "$tmp/imported.json" -o "$tmp/again" 2>"$tmp/stderr"); rc=$?
[ "$rc" -eq 0 ] || fail "bake of the imported tree: exit $rc: $(cat "$tmp/stderr")"
grep -qE '^baked oak: tree \(imported\), 5 levels, triangles [0-9]+ [0-9]+ [0-9]+ [0-9]+ 12 \(billboard 12 from LOD3\)$' <<<"$out" ||
    fail "bake of the imported tree: unexpected line '$out'"
[ -s "$tmp/again/baked_oak_lod4.gltf" ] && [ -s "$tmp/again/baked_oak_impostor.png" ] ||
    fail "bake of the imported tree: 'baked oak' should be written as baked_oak_*"
if command -v python3 >/dev/null 2>&1; then
    # the file's oak (10 m, scenes/tree.json) at the scene's scale 0.5, not a generated default tree (9 m)
    python3 - "$tmp/again/baked_oak_lod0.gltf" <<'PY' || fail "the imported tree is not the baked oak at scale 0.5 (above)"
import json, sys
d = json.load(open(sys.argv[1]))
top = max(d["accessors"][p["attributes"]["POSITION"]]["max"][1] for p in d["meshes"][0]["primitives"])
assert abs(top - 5.0) < 1e-3, top
PY
fi

# expect CODE 'stderr substring' ARGS...
expect() {
    local code=$1 msg=$2; shift 2
    local out rc err
    out=$("$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    if [ "$rc" -ge 128 ]; then fail "sward $*: crashed (exit $rc): $err"; return; fi
    [ "$rc" -eq "$code" ] || fail "sward $*: exit $rc, expected $code (stderr: $err)"
    grep -qF -- "$msg" <<<"$err" || fail "sward $*: stderr does not contain \"$msg\"; it was: $err"
    [ -z "$out" ] || fail "sward $*: printed to stdout on error: $out"
}
touch "$tmp/file"
expect 2 "sward bake: missing -o DIR" bake "$SRC/scenes/tree.json"
expect 3 "'$tmp/file': it is not a folder" bake "$SRC/scenes/tree.json" -o "$tmp/file"
expect 3 "'$tmp/file': it is not a folder" bake "$SRC/scenes/tree.json" -o "$tmp/file/sub"
expect 2 "has no assets" bake -o "$tmp/none"
expect 2 "has no assets" bake "$SRC/scenes/tree.json" --set assets=null -o "$tmp/none"
expect 2 "sward bake: unknown option '--width'" bake "$SRC/scenes/tree.json" -o "$tmp/x" --width 5
[ ! -e "$tmp/none" ] || fail "a scene without assets created its output folder"
help=$("$SWARD" bake --help) && grep -qF "Usage: sward bake" <<<"$help" || fail "bake --help"
"$SWARD" --help | grep -qE '^  bake ' || fail "sward --help does not list bake"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "bake: all checks passed"
