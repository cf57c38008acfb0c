#!/usr/bin/env python3
"""make_fixtures.py — writes the mesh-import fixtures of tests/unit/test_import.c (src/assets/import.c, SPEC AS1).
python3 only, no packages; run it from anywhere: `python3 tests/data/meshes/make_fixtures.py`. The output is
deterministic, so the files in git are exactly what this script writes.

The plant (file units, y up), the same in every good fixture:
  stem: a tapered square prism, 3 rings of 4 vertices at y = 0, 0.25, 0.5 (half-widths 0.01, 0.0075, 0.005),
        16 triangles, material "bark"
  card: a two-triangle leaf card in its node's xy plane, x in [-0.1, 0.1], y in [0, 0.2], normal +z, material
        "leaf_card" (alphaMode MASK), COLOR_0 alpha 0.5 at its base and 1 at its top; in plant.gltf/.glb it
        also supplies its wind data (TEXCOORD_1..4, docs/import.md)
  nodes: "root" (scale 2) with children "stem" (identity) and "card" (translation (0, 0.25, 0), a 90 degree
        rotation about +y): after the transforms the stem spans y 0..1 and the card y 0.5..0.9, at x = 0,
        z in [-0.2, 0.2], normal +x.
plant_zup_cm.obj holds the same plant with the transforms applied, in centimetres and z up (x, -z, y), with the
materials in plant_zup_cm.mtl: importing it with z_up and scale 0.01 gives the glTF's positions.
"""
import json, math, os, struct

HERE = os.path.dirname(os.path.abspath(__file__))


def stem():
    rings = [(0.0, 0.01), (0.25, 0.0075), (0.5, 0.005)]
    pos, uv = [], []
    for r, (y, h) in enumerate(rings):
        for k, (sx, sz) in enumerate([(-1, -1), (1, -1), (1, 1), (-1, 1)]):
            pos.append((sx * h, y, sz * h))
            uv.append((k / 4.0, 1.0 - r / 2.0))
    idx = []
    for r in range(2):
        for k in range(4):
            a, b = r * 4 + k, r * 4 + (k + 1) % 4
            c, d = a + 4, b + 4
            # counter-clockwise seen from outside
            idx += [a, c, b, b, c, d]
    # flat normals are not given: the importer generates smooth ones
    return pos, uv, idx


def card():
    pos = [(-0.1, 0.0, 0.0), (0.1, 0.0, 0.0), (0.1, 0.2, 0.0), (-0.1, 0.2, 0.0)]
    nrm = [(0.0, 0.0, 1.0)] * 4
    uv = [(0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0)]
    col = [(1.0, 1.0, 1.0, 0.5), (1.0, 1.0, 1.0, 0.5), (1.0, 1.0, 1.0, 1.0), (1.0, 1.0, 1.0, 1.0)]
    # supplied wind data (docs/import.md): set 1 (gradient, phase), set 2 (trunk_dist, branch_dist),
    # set 3 (pivot x, pivot y), set 4 (pivot z, level); pivot at the card's base (node origin), level 2 (leaf)
    t1 = [(0.55, 0.25), (0.55, 0.25), (1.0, 0.25), (1.0, 0.25)]
    t2 = [(0.0, 0.0), (0.0, 0.0), (0.0, 0.2), (0.0, 0.2)]
    t3 = [(0.0, 0.0)] * 4
    t4 = [(0.0, 2.0)] * 4
    return pos, nrm, uv, col, t1, t2, t3, t4, [0, 1, 2, 0, 2, 3]


def gltf_doc(buf_uri, extra_count=None):
    """The glTF JSON and its binary buffer. extra_count: an accessor count past the buffer (broken fixture)."""
    blob = bytearray()
    views, accessors = [], []

    def add(data, fmt, ctype, typ, target, minmax=False):
        while len(blob) % 4:
            blob.append(0)
        off = len(blob)
        for item in data:
            blob.extend(struct.pack("<" + fmt * (len(item) if isinstance(item, tuple) else 1),
                                    *(item if isinstance(item, tuple) else (item,))))
        views.append({"buffer": 0, "byteOffset": off, "byteLength": len(blob) - off, "target": target})
        acc = {"bufferView": len(views) - 1, "componentType": ctype, "count": len(data), "type": typ}
        if minmax:
            acc["min"] = [min(p[i] for p in data) for i in range(3)]
            acc["max"] = [max(p[i] for p in data) for i in range(3)]
        accessors.append(acc)
        return len(accessors) - 1

    F, U = 5126, 5125
    ARRAY, ELEMENTS = 34962, 34963
    sp, suv, sidx = stem()
    s_pos = add(sp, "f", F, "VEC3", ARRAY, True)
    s_uv = add(suv, "f", F, "VEC2", ARRAY)
    s_idx = add(sidx, "I", U, "SCALAR", ELEMENTS)
    cp, cn, cuv, ccol, t1, t2, t3, t4, cidx = card()
    c_pos = add(cp, "f", F, "VEC3", ARRAY, True)
    c_nrm = add(cn, "f", F, "VEC3", ARRAY)
    c_uv = add(cuv, "f", F, "VEC2", ARRAY)
    c_col = add(ccol, "f", F, "VEC4", ARRAY)
    c_t = [add(t, "f", F, "VEC2", ARRAY) for t in (t1, t2, t3, t4)]
    c_idx = add(cidx, "I", U, "SCALAR", ELEMENTS)
    if extra_count is not None:
        accessors[s_pos]["count"] = extra_count
        accessors[s_pos].pop("min")
        accessors[s_pos].pop("max")
    s45 = math.sqrt(0.5)
    doc = {
        "asset": {"version": "2.0", "generator": "sward tests/data/meshes/make_fixtures.py"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [
            {"name": "root", "scale": [2.0, 2.0, 2.0], "children": [1, 2]},
            {"name": "stem", "mesh": 0},
            {"name": "card", "mesh": 1, "translation": [0.0, 0.25, 0.0], "rotation": [0.0, s45, 0.0, s45]},
        ],
        "materials": [
            {"name": "bark", "pbrMetallicRoughness": {"baseColorFactor": [0.4, 0.3, 0.2, 1.0]}},
            {"name": "leaf_card", "alphaMode": "MASK", "doubleSided": True,
             "pbrMetallicRoughness": {"baseColorFactor": [0.2, 0.6, 0.1, 1.0]}},
        ],
        "meshes": [
            {"name": "stem", "primitives": [{"attributes": {"POSITION": s_pos, "TEXCOORD_0": s_uv},
                                             "indices": s_idx, "material": 0}]},
            {"name": "card", "primitives": [{"attributes": {
                "POSITION": c_pos, "NORMAL": c_nrm, "TEXCOORD_0": c_uv, "COLOR_0": c_col,
                "TEXCOORD_1": c_t[0], "TEXCOORD_2": c_t[1], "TEXCOORD_3": c_t[2], "TEXCOORD_4": c_t[3]},
                "indices": c_idx, "material": 1}]},
        ],
        "accessors": accessors,
        "bufferViews": views,
        "buffers": [{"byteLength": len(blob)} | ({"uri": buf_uri} if buf_uri else {})],
    }
    return doc, bytes(blob)


def write(name, data):
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(HERE, name), mode) as f:
        f.write(data)


def glb(doc, blob):
    js = json.dumps(doc, separators=(",", ":")).encode()
    js += b" " * (-len(js) % 4)
    blob = blob + b"\0" * (-len(blob) % 4)
    total = 12 + 8 + len(js) + 8 + len(blob)
    return (struct.pack("<III", 0x46546C67, 2, total) + struct.pack("<II", len(js), 0x4E4F534A) + js
            + struct.pack("<II", len(blob), 0x004E4942) + blob)


def obj():
    """The plant with its transforms applied, in cm, z up: (x, y, z) y-up metres -> (100 x, -100 z, 100 y)."""
    def zup(p):
        return (100.0 * p[0], -100.0 * p[2], 100.0 * p[1])
    sp, suv, sidx = stem()
    cp, cn, cuv = card()[0:3]
    lines = ["# the fixture plant of make_fixtures.py: centimetres, z up", "mtllib plant_zup_cm.mtl"]
    for p in sp:
        lines.append("v %.6g %.6g %.6g" % zup((2 * p[0], 2 * p[1], 2 * p[2])))
    for p in cp:  # card: rotate 90 degrees about y ((x, y, z) -> (z, y, -x)), translate, scale 2
        lines.append("v %.6g %.6g %.6g" % zup((2 * p[2], 2 * (p[1] + 0.25), -2 * p[0])))
    for t in suv + cuv:  # OBJ's v runs up: the glTF's top-left-origin v flipped
        lines.append("vt %.6g %.6g" % (t[0], 1.0 - t[1]))
    lines.append("vn 1 0 0")  # the card's normal (+x), unchanged by the z-up swap
    lines += ["o stem", "usemtl bark"]
    for i in range(0, len(sidx), 3):
        lines.append("f " + " ".join("%d/%d" % (sidx[i + k] + 1, sidx[i + k] + 1) for k in range(3)))
    lines += ["o card", "usemtl leaf_card"]
    n = len(sp)
    for i in range(0, 6, 3):
        lines.append("f " + " ".join("%d/%d/1" % (n + c + 1, n + c + 1) for c in card()[8][i:i + 3]))
    return "\n".join(lines) + "\n"


def main():
    doc, blob = gltf_doc("plant.bin")
    text = json.dumps(doc)
    write("plant.gltf", text + "\n")
    write("plant.bin", blob)
    doc_glb, _ = gltf_doc(None)
    write("plant.glb", glb(doc_glb, blob))
    write("plant_zup_cm.obj", obj())
    write("plant_zup_cm.mtl", "newmtl bark\nKd 0.4 0.3 0.2\nnewmtl leaf_card\nKd 0.2 0.6 0.1\n")
    # broken ones
    write("broken_truncated.gltf", text[: len(text) // 2])
    missing, _ = gltf_doc("nowhere.bin")
    write("broken_missing_bin.gltf", json.dumps(missing) + "\n")
    over, _ = gltf_doc("plant.bin", extra_count=100000)
    write("broken_accessor.gltf", json.dumps(over) + "\n")
    write("broken_garbage.obj", b"# not an OBJ\nv 0 0 0\nv 1 0 0\nv 0 1\x01\x02\nf 1 2 9\n\xff\xfe garbage }{\n")
    write("broken_nan.obj", "v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n")


if __name__ == "__main__":
    main()
