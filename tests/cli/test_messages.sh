#!/usr/bin/env bash
# Messages that name what the user gave and refusals that come before the costly work: an auto exposure rule
# broken by an override names the overridden field and the override; `view --script` of a FIFO is refused at
# once (it would wait for a writer for ever); a glTF whose only mesh no node holds says so; an OBJ past the
# import's triangle limit is refused from its lines, before assimp reads it; assets whose most detailed levels
# alone overflow the device's storage buffers are refused before any LOD chain is simplified, naming the scene,
# the asset, its mesh file, the sizes, the device's limit and what helps (lavapipe: maxStorageBufferRange 128 MiB).
# The large meshes are written here; each refusal must come within seconds (a hang guard, not a timing).
set -u
SWARD=${1:?usage: test_messages.sh /path/to/sward}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect NAME CODE SECONDS 'stderr substring' ARGS...: exit CODE within SECONDS, one line holding the text
expect() {
    local name=$1 code=$2 secs=$3 msg=$4 out rc err t0=$SECONDS; shift 4
    out=$(timeout 30 "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    [ "$rc" -ne 124 ] || { fail "$name: still running after 30 s"; return; }
    [ "$rc" -lt 128 ] || { fail "$name: crashed (exit $rc): $err"; return; }
    [ "$rc" -eq "$code" ] || fail "$name: exit $rc, expected $code: $err"
    [ $((SECONDS - t0)) -le "$secs" ] || fail "$name: took $((SECONDS - t0)) s (at most $secs)"
    grep -qF -- "$msg" <<<"$err" || fail "$name: expected \"$msg\" in: $err"
    [ "$(grep -c . <<<"$err")" -le 2 ] || fail "$name: more than the message: $err"
}

# an override that breaks a rule between two fields: the field it set, and the override
expect min_ev 2 10 "sward: <default>: render.auto_exposure.min_ev: must be <= max_ev (6, the default), got 8 (set by override 'render.auto_exposure.min_ev=8')" \
    "$SWARD" render --set render.auto_exposure.min_ev=8 -o "$tmp/x.png"
expect low_percent 2 10 "render.auto_exposure.low_percent: must be < high_percent (85, the default), got 90 (set by override 'render.auto_exposure.low_percent=90')" \
    "$SWARD" render --set render.auto_exposure.low_percent=90 -o "$tmp/x.png"
expect both_ev 2 10 "render.auto_exposure.max_ev: must be >= min_ev (3), got 2 (set by override 'render.auto_exposure.max_ev=2')" \
    "$SWARD" render --set render.auto_exposure.min_ev=3 --set render.auto_exposure.max_ev=2 -o "$tmp/x.png"
[ ! -e "$tmp/x.png" ] || fail "a refused render wrote its image"

# a FIFO nobody writes, as the script: refused like any file that is not a regular one (3), before any window
if "$SWARD" help view >/dev/null 2>&1 && mkfifo "$tmp/fifo"; then
    expect fifo 3 10 "sward view: --script: cannot read script '$tmp/fifo': not a regular file" \
        "$SWARD" view --script "$tmp/fifo"
fi

command -v python3 >/dev/null 2>&1 || { echo "test_messages: the mesh cases skipped (no python3)"; exit $((failures != 0)); }
python3 - "$tmp" <<'PY' || { echo "FAIL: writing the meshes" >&2; exit 1; }
import array, json, os, struct, sys
d = sys.argv[1]

def gltf(name, pos, idx, nodes, roots):
    pb, ib = pos.tobytes(), idx.tobytes()
    open(os.path.join(d, name + ".bin"), "wb").write(pb + ib)
    n = len(pos) // 3
    g = {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": roots}], "nodes": nodes,
         "meshes": [{"name": "grid", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
         "accessors": [{"bufferView": 0, "componentType": 5126, "count": n, "type": "VEC3",
                        "min": [min(pos[k::3]) for k in range(3)], "max": [max(pos[k::3]) for k in range(3)]},
                       {"bufferView": 1, "componentType": 5125, "count": len(idx), "type": "SCALAR"}],
         "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(pb)},
                         {"buffer": 0, "byteOffset": len(pb), "byteLength": len(ib)}],
         "buffers": [{"byteLength": len(pb) + len(ib), "uri": name + ".bin"}]}
    json.dump(g, open(os.path.join(d, name + ".gltf"), "w"))

def grid(n):  # n x n vertices on a 1 m square standing up, 2 (n - 1)^2 triangles
    pos, idx = array.array("f"), array.array("I")
    for j in range(n):
        for i in range(n):
            pos.extend((i / n - 0.5, j / n, 0.0))
    for j in range(n - 1):
        for i in range(n - 1):
            a = j * n + i
            idx.extend((a, a + 1, a + n, a + 1, a + n + 1, a + n))
    return pos, idx

# the only mesh is held by no node of the scene (a node without a mesh is its root; node 1 is in no scene)
gltf("unused", *grid(2), nodes=[{"name": "empty"}, {"mesh": 0}], roots=[0])
# 435600 vertices: eight assets of it need 132.9 MiB of vertices at their most detailed levels alone
gltf("big", *grid(660), nodes=[{"mesh": 0}], roots=[0])
# 600 polygons of 30000 corners (36 MB): 17998800 triangles, past the 16777216 (4 per vertex) of the import's limit
with open(os.path.join(d, "poly.obj"), "w") as f:
    f.write("v 0 0 0\nv 1 0 0\nv 0 1 0\n" + ("f " + "1 2 3 " * 10000 + "\n") * 600)
PY

scene() { # scene NAME ASSETS MESH-FILE: ASSETS assets, each importing MESH-FILE
    python3 -c 'import json, sys
a = [{"name": "a%d" % i, "kind": "rock", "mesh": {"path": sys.argv[3]}} for i in range(int(sys.argv[2]))]
json.dump({"grass": [{"name": "m", "density": 100}], "assets": a}, open(sys.argv[1], "w"))' "$tmp/$1.json" "$2" "$3"
}

scene unused 1 unused.gltf
expect unused 2 10 "$tmp/unused.json: assets[0].mesh.path: $tmp/unused.gltf: no node of the file holds a mesh with triangles (its 1 mesh is used by no node of scene 0)" \
    "$SWARD" bake "$tmp/unused.json" -o "$tmp/out_unused"
scene poly 1 poly.obj
expect poly 2 10 "$tmp/poly.json: assets[0].mesh.path: $tmp/poly.obj: 17998800 triangles (its faces triangulated), more than the limit of 16777216 (4 per vertex allowed)" \
    "$SWARD" bake "$tmp/poly.json" -o "$tmp/out_poly"
[ ! -e "$tmp/out_unused" ] && [ ! -e "$tmp/out_poly" ] || fail "a refused bake made its output folder"

# the device's limit, before any chain: the scene, the asset, its mesh file, the sizes, the limit, the advice
scene big 8 big.gltf
expect big 6 10 "$tmp/big.json: assets[0] (\"a0\", mesh $tmp/big.gltf): the assets' most detailed levels alone need 132.9 MiB of vertices (40 bytes each), 16.6 MiB of them this asset's (435600 vertices), more than this device can bind as one storage buffer (maxStorageBufferRange 128.0 MiB); use fewer or smaller assets, or give this asset a mesh with fewer vertices and triangles (simplify it)" \
    "$SWARD" render "$tmp/big.json" --width 64 --height 64 -o "$tmp/big.png"
[ ! -e "$tmp/big.png" ] || fail "big: a refused render wrote its image"

if [ "$failures" -ne 0 ]; then echo "test_messages: $failures failure(s)" >&2; exit 1; fi
echo "test_messages: ok"
