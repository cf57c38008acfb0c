#!/usr/bin/env bash
# Hostile asset inputs: `sward bake` of a scene whose asset imports a hostile glTF, written here with
# python3, exits with the documented status (2, 3 for an unreadable buffer) and one message naming the scene, the
# field (assets[0].mesh.path, assets[0].generate.width), the mesh file and the problem; it never crashes, stays
# fast and small (a .glb claiming a 4 GiB JSON chunk is refused before anything reads it), writes nothing into
# the output folder, and leaves the input files as they were. Also: an absolute buffer path and a file:/// URI
# that exist import; an unreadable URI scheme is refused with its true reason.
set -u
SWARD=${1:?usage: test_hostile_assets.sh /path/to/sward}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null 2>&1 || { echo "test_hostile_assets: skipped (no python3)"; exit 0; }

python3 - "$tmp" <<'PY' || { echo "FAIL: writing the hostile files" >&2; exit 1; }
import json, os, struct, sys
d = sys.argv[1]

def doc(uri, idx=(0, 1, 2), nodes=None, pos=((0, 0, 0), (1, 0, 0), (0, 1, 0))):
    pb = b"".join(struct.pack("<3f", *p) for p in pos)
    ib = b"".join(struct.pack("<I", i) for i in idx)
    g = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
         "nodes": nodes if nodes is not None else [{"mesh": 0}],
         "meshes": [{"name": "tri", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
         "accessors": [{"bufferView": 0, "componentType": 5126, "count": len(pos), "type": "VEC3",
                        "min": [min(p[k] for p in pos) for k in range(3)], "max": [max(p[k] for p in pos) for k in range(3)]},
                       {"bufferView": 1, "componentType": 5125, "count": len(idx), "type": "SCALAR"}],
         "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(pb)},
                         {"buffer": 0, "byteOffset": len(pb), "byteLength": len(ib)}],
         "buffers": [{"byteLength": len(pb) + len(ib)}]}
    if uri is not None:
        g["buffers"][0]["uri"] = uri
    return g, pb + ib

def gltf(name, g, blob, bin_name=None):
    bin_name = bin_name or name + ".bin"
    open(os.path.join(d, bin_name), "wb").write(blob)
    if "uri" not in g["buffers"][0]:
        g["buffers"][0]["uri"] = bin_name
    json.dump(g, open(os.path.join(d, name + ".gltf"), "w"))

def glb(name, g, blob, json_len=None):
    j = json.dumps(g).encode(); j += b" " * (-len(j) % 4); blob += b"\0" * (-len(blob) % 4)
    body = struct.pack("<II", len(j) if json_len is None else json_len, 0x4E4F534A) + j
    body += struct.pack("<II", len(blob), 0x004E4942) + blob
    open(os.path.join(d, name + ".glb"), "wb").write(struct.pack("<4sII", b"glTF", 2, 12 + len(body)) + body)

chain = [{"children": [i + 1]} for i in range(99999)] + [{"mesh": 0}]
gltf("deep", *doc(None, nodes=chain))
glb("deep_glb", *doc(None, nodes=chain))
gltf("ring", *doc(None, nodes=[{"children": [1]}, {"children": [2], "mesh": 0}, {"children": [0]}]))
gltf("two_parents", *doc(None, nodes=[{"children": [1, 2]}, {"children": [2], "mesh": 0}, {}]))
glb("huge_json", *doc(None), json_len=0xFFFFFFF0)
gltf("bad_index", *doc(None, idx=(0, 1, 2, 0, 2, 7)))
glb("bad_index_glb", *doc(None, idx=(0, 1, 2, 0, 2, 7)))
gltf("flat", *doc(None, idx=(0, 1, 2, 0, 2, 1), pos=((0, 0, 0), (0, 0.5, 0), (0, 1, 0))))
gltf("abs", *doc(os.path.join(d, "abs_data.bin")), bin_name="abs_data.bin")
gltf("file_uri", *doc("file://" + os.path.join(d, "abs_data.bin")), bin_name="abs_data.bin")
gltf("http_uri", *doc("http://example.com/x.bin"), bin_name="unused.bin")
gltf("missing_abs", *doc(os.path.join(d, "nowhere.bin")), bin_name="unused2.bin")
PY

scene() { # scene NAME MESH-FILE (relative to the scene)
    printf '{"grass": [{"name": "m", "density": 100}], "assets": [{"name": "a0", "kind": "fern", "mesh": {"path": "%s"}}]}\n' \
        "$2" >"$tmp/$1.json"
}
# bake_fails NAME FILE STATUS TEXT: exit STATUS, one line naming the scene, assets[0].mesh.path, the file, TEXT
bake_fails() {
    local name=$1 file=$2 status=$3 text=$4 before after out err rc
    scene "$name" "$file"
    before=$(cd "$tmp" && cat ./*.gltf ./*.glb ./*.bin | md5sum)
    local t0=$SECONDS
    out=$("$SWARD" bake "$tmp/$name.json" -o "$tmp/out_$name" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    [ "$rc" -lt 128 ] || { fail "$name: crashed (exit $rc): $err"; return; }
    [ "$rc" -eq "$status" ] || fail "$name: exit $rc, expected $status: $err"
    [ $((SECONDS - t0)) -le 10 ] || fail "$name: took $((SECONDS - t0)) s"
    [ "$(grep -c . <<<"$err")" -eq 1 ] || fail "$name: expected one line, got: $err"
    grep -qF -- "$tmp/$name.json: assets[0].mesh.path: $tmp/$file: " <<<"$err" ||
        fail "$name: the message does not name the scene, the field and the mesh file: $err"
    grep -qF -- "$text" <<<"$err" || fail "$name: expected \"$text\" in: $err"
    [ -z "$out" ] || fail "$name: printed to stdout: $out"
    [ ! -e "$tmp/out_$name" ] || fail "$name: the output folder was made: $(ls -A "$tmp/out_$name")"
    after=$(cd "$tmp" && cat ./*.gltf ./*.glb ./*.bin | md5sum)
    [ "$before" = "$after" ] || fail "$name: the input files changed"
}

# item 1: assimp's node import recurses per level (signal 11 at 100000); checked before it reads the file
bake_fails deep deep.gltf 2 "the node hierarchy is deeper than 64 levels (node 64 is at level 65)"
bake_fails deep_glb deep_glb.glb 2 "the node hierarchy is deeper than 64 levels (node 64 is at level 65)"
bake_fails ring ring.gltf 2 "node 0 is its own ancestor (the node hierarchy must not have cycles)"
bake_fails two_parents two_parents.gltf 2 "node 2 is a child of both node 0 and node 1"
# item 6: the JSON chunk's length against the file's, before assimp allocates what it claims (4 GiB)
rss_file="$tmp/rss"
scene huge huge_json.glb
if /usr/bin/time -f %M -o "$rss_file" true 2>/dev/null; then
    /usr/bin/time -f %M -o "$rss_file" "$SWARD" bake "$tmp/huge.json" -o "$tmp/out_huge" 2>/dev/null
    [ "$(tail -1 "$rss_file")" -lt 200000 ] || fail "huge_json: $(tail -1 "$rss_file") KiB resident"
fi
bake_fails huge huge_json.glb 2 "not a valid glTF file: the JSON chunk claims 4294967280 bytes, the file has"
# item 11: assimp drops a triangle with an index out of range without a word; glTF requires it to be refused
bake_fails bad_index bad_index.gltf 2 "mesh 'tri' primitive 0: index 5 is 7, out of range (the primitive has 3 vertices)"
bake_fails bad_index_glb bad_index_glb.glb 2 "mesh 'tri' primitive 0: index 5 is 7, out of range"
# item 13: a mesh of degenerate triangles (no width for its billboard) is the import's error, not the impostor's
bake_fails flat flat.gltf 2 "every one of its 2 triangles is degenerate (no area)"
bake_fails http_uri http_uri.gltf 2 "buffer 0's uri 'http://example.com/x.bin' is a URI sward cannot read"
bake_fails missing_abs missing_abs.gltf 3 "buffer 0's file '$tmp/nowhere.bin' is missing or unreadable ($tmp/nowhere.bin: No such file or directory)"

# an absolute path and a file:/// URI that exist are read (assimp reads both)
for name in abs file_uri; do
    scene "$name" "$name.gltf"
    "$SWARD" bake "$tmp/$name.json" -o "$tmp/out_$name" --quiet 2>"$tmp/stderr" ||
        fail "$name: exit $?: $(cat "$tmp/stderr")"
    [ -s "$tmp/out_$name/a0_lod0.gltf" ] || fail "$name: no a0_lod0.gltf"
done

# the generator's range, with the kind's default height (not checkable at load): the scene and the field
printf '{"grass": [{"name": "m", "density": 100}], "assets": [{"name": "a0", "kind": "fern", "generate": {"width": 90}}]}\n' \
    >"$tmp/wide.json"
err=$("$SWARD" bake "$tmp/wide.json" -o "$tmp/out_wide" 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] || fail "wide: exit $rc, expected 2: $err"
grep -qF "$tmp/wide.json: assets[0].generate.width: 90 m is out of range (0.02 .. 3.2 m: at most 4 x the height 0.8 m and 200 m)" <<<"$err" ||
    fail "wide: unexpected message: $err"

if [ "$failures" -ne 0 ]; then echo "test_hostile_assets: $failures failure(s)" >&2; exit 1; fi
echo "test_hostile_assets: ok"
