#!/usr/bin/env python3
"""docs/scene.schema.json against the repository's scenes and against the loader's own rules (TL2).

  test_schema.py scenes SRC          every scene in the repository validates against the schema (scenes/, bench/,
                                     tests/data/ but its bad/, the docs' JSON examples)
  test_schema.py rules SRC CHECKER   walks the schema; for every rule of a field (type, integer, minimum, maximum,
                                     enum, minItems, maxItems, minLength, maxLength, multipleOf, required, unknown
                                     key) it breaks exactly that rule in a valid base scene and requires that BOTH the
                                     schema and the loader (CHECKER: tests/schema/scene_check.c, sward_scene_load_string
                                     without a GPU) reject it, naming the same field path (grass[0].density). The
                                     schema's rules between fields (not, oneOf, anyOf, if/then, dependentRequired) are
                                     checked by the hand-written CROSS cases, and every such rule must have one. The
                                     reverse: each bound and enum value of the schema, set alone in the base, loads,
                                     except the loader's rules between fields that the schema cannot express
                                     (LOADER_ONLY), which must still be refused by the loader with their message.
                                     And the field names: the schema describes exactly the names of the loader's
                                     known[] tables (src/world/scene_*.c). And tests/data/bad/: each bad scene
                                     the schema refuses, the loader refuses at the same field path.
"""
import copy, glob, json, os, re, subprocess, sys

try:
    import jsonschema
except ImportError:
    sys.exit("test_schema: python3-jsonschema is missing (dev.sh installs it)")

SRC = sys.argv[2]
SCHEMA = json.load(open(os.path.join(SRC, "docs", "scene.schema.json")))
Validator = jsonschema.Draft202012Validator
Validator.check_schema(SCHEMA)
VALIDATOR = Validator(SCHEMA)
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def spell(path):
    """['grass', 0, 'density'] -> 'grass[0].density', the loader's spelling."""
    out = ""
    for p in path:
        out += "[%d]" % p if isinstance(p, int) else ("." if out else "") + (p if p else '""')
    return out


# ---------------------------------------------------------------------------------------------------- scenes

def repo_scenes():
    for top in ("scenes", "bench", "examples", os.path.join("tests", "data")):
        for d, _, files in os.walk(os.path.join(SRC, top)):
            if os.path.relpath(d, SRC).split(os.sep)[:3] == ["tests", "data", "bad"]:
                continue
            for f in sorted(files):
                if f.endswith(".json"):
                    yield os.path.join(d, f)


def doc_examples():
    """The ```json blocks of docs/scene-format.md: whole scenes, or fragments ("key": value) wrapped in a scene."""
    text = open(os.path.join(SRC, "docs", "scene-format.md")).read()
    for k, block in enumerate(re.findall(r"```json\n(.*?)```", text, re.S)):
        tries = [block] + [line for line in block.split("\n") if line.strip()]
        for t in tries:
            for wrapped in (t, "{" + t + "}"):
                try:
                    v = json.loads(wrapped)
                except ValueError:
                    continue
                if isinstance(v, dict):
                    v.setdefault("grass", [{}])
                    yield "docs/scene-format.md block %d" % (k + 1), v
                    break
            else:
                continue
            if t is block:
                break


def check_scenes():
    n = 0
    for path in repo_scenes():
        doc = json.load(open(path, encoding="utf-8-sig"))
        if isinstance(doc, dict) and doc.get("format") == "sward-world":
            continue  # a baked world's world.json (docs/world-format.md), not a scene
        n += 1
        for e in VALIDATOR.iter_errors(doc):
            fail("%s: %s: %s" % (os.path.relpath(path, SRC), spell(e.absolute_path), e.message))
    if n < 15:
        fail("only %d scenes found under %s" % (n, SRC))
    m = 0
    for name, doc in doc_examples():
        m += 1
        for e in VALIDATOR.iter_errors(doc):
            fail("%s: %s: %s" % (name, spell(e.absolute_path), e.message))
    if m < 8:
        fail("only %d JSON examples found in docs/scene-format.md" % m)
    print("test_schema scenes: %d scenes and %d doc examples checked" % (n, m))


# ---------------------------------------------------------------------------------------------------- rules

RGB = [0.1, 0.2, 0.3]
SPRING = {"frequency": 1.0, "damping": 0.5, "gain": 1.0}
# Valid base scenes (small and quick to load): together they hold every field the schema describes, except
# NO_BASE. A rule of a field is broken in the first base that holds the field.
BASE_MAIN = {
    "$schema": "../docs/scene.schema.json",
    "terrain": {"size": 64, "resolution": 33, "color": RGB, "map_resolution": 32,
                "fbm": {"amplitude": 2, "wavelength": 40, "octaves": 3, "lacunarity": 2, "gain": 0.5},
                "layers": [{"name": "soil", "grass": "lawn"},
                           {"name": "moss", "grass": "tall", "ground": "moss",
                            "opacity": {"height": [0.5, 2], "slope": [0, 45], "edge": 0.5}},
                           {"name": "trail", "ground": "path",
                            "opacity": {"path": {"points": [[-10, 0], [0, 4], [10, 2]], "width": 2}, "edge": 0.5}}],
                "layer_threshold": 0.5,
                "ground": {"default": "soil", "rock_slope": 35, "sand_below": 0.2, "detail": 1,
                           "canopy": {"layer": "woods", "ground": "forest_floor"}}},
    "grass": [{"name": "lawn", "density": 20, "height": [0.2, 0.4], "width": [0.01, 0.02], "root_color": RGB,
               "tip_color": RGB, "stiffness": 0.5, "bend": 0.3, "translucency": 0.5,
               "patches": {"scale": 10, "coverage": 0.5},
               "clump": {"size": 0.6, "height_variation": 0.3, "facing": 0.4, "lean": 0.1, "color_variation": 0.1,
                         "pull": 0.3},
               "blades_per_instance": 1, "lod_distance": 5, "draw_distance": 20, "wind_model": "hzd", "camera_tilt": True,
               "gameplay": "stealth", "gameplay_height": 0.3, "head": {"color": RGB, "size": 0.03},
               "base_density": 10, "ground": "soil",
               "canopy": {"layer": "woods", "under": 0.3, "open": 1, "fringe": 1.5, "fringe_width": 3}},
              {"name": "tall"}],
    "wind": {"direction": [1, 0.3], "speed": 4, "gust_scale": 25, "gust_speed": 6,
             "field": {"trees": dict(SPRING), "plants": dict(SPRING), "grass": dict(SPRING),
                       "special": dict(SPRING)}},
    "sun": {"direction": [0.6, 0.45, 0.5], "color": RGB, "intensity": 8},
    "sky": {"turbidity": 3, "intensity": 1, "zenith": RGB, "horizon": RGB},
    "camera": {"position": [0, 1.6, -20], "target": [0, 0, 0], "fov": 50, "above_ground": True, "near": 0.1},
    "render": {"width": 64, "height": 48, "seed": 1, "time": 0, "exposure": 1, "white_point": 8,
               "draw_distance": 30, "lod_distance": 10,
               "features": {k: True for k in ("depth_prime", "shadows", "contact_shadows", "translucency",
                                              "specular", "taa", "bloom", "sky")},
               "raster": "auto", "raster_threshold": 256, "shadow_size": 2048,
               "tile_cache": {"budget_mib": 64, "tiles_per_frame": 1024, "teleport_distance": 0},
               "auto_exposure": {"key": 0.36, "compensation": 0, "min_ev": -4, "max_ev": 6, "speed_up": 1.5,
                                 "speed_down": 3, "low_percent": 30, "high_percent": 85}},
    "exposure_areas": [{"min": [-5, 0, -5], "max": [5, 10, 5], "ev": 1, "blend": 2}],
    "force_fields": [{"radius": 1.5, "strength": 0.3, "phase": 0, "frequency": 1,
                      "path": [[0, -5, 0], [4, 5, 0]], "loop": True}],
    "assets": [{"kind": "tree", "name": "oak", "generate": {"seed": 3, "height": 8, "width": 4}, "density": 0.004,
                "scale": [0.8, 1.2], "patches": {"scale": 30, "coverage": 0.5}, "grows_on": ["lawn"],
                "draw_distance": 100, "lod_bias": 1, "wind": "trees", "leaf_color": RGB, "bark_color": RGB,
                "flower_color": RGB, "translucency": 0.5, "base_density": 0.002, "layer": "woods",
                "placement": "dither", "footprint": 6,
                "forest": {"edge": 0.3, "inner": 0.7, "density": [0.1, 0.45, 0.85], "scale": [1, 0.8, 1.15]}},
               {"kind": "fern", "name": "fern", "canopy": {"layer": "woods", "under": 1, "open": 0.2}}],
    "areas": [{"types": ["lawn", "oak"], "density": 5, "circle": {"center": [0, 0], "radius": 4}},
              {"types": ["tall"], "density": -5, "polygon": [[0, 0], [4, 0], [4, 4], [0, 4]]}],
    "flight": {"fps": 30, "above_ground": True,
               "keys": [{"time": 0, "eye": [0, 2, -20], "target": [0, 0, 0], "cut": False},
                        {"time": 1, "eye": [5, 2, -20], "target": [5, 0, 0], "cut": True}]},
}
# the alternatives: a height map, image maps, the sun by elevation and azimuth, an imported mesh, an image opacity
BASE_IMAGES = {
    "terrain": {"size": 64, "heightmap": {"path": "scenes/hills.png", "min": 0, "max": 10},
                "type_map": {"path": "scenes/fields_types.png"},
                "grass_height_map": {"path": "scenes/fields_grass_height.png"},
                "layers": [{"name": "soil"}, {"name": "wet", "opacity": {"image": "scenes/fields_grass_height.png"}}]},
    "grass": [{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}],
    "sun": {"elevation": 20, "azimuth": 30},
    "camera": {"position": [0, 1.6, -20], "target": [0, 0, 0]},
    "render": {"width": 64, "height": 48, "draw_distance": 30, "exposure": "auto"},
    "assets": [{"kind": "fern", "mesh": {"path": "tests/data/meshes/plant.gltf", "scale": 1}}],
}
# a generated world streamed in windows
BASE_STREAM = {
    "terrain": {"size": 256, "resolution": 257, "stream": {"window": 200, "page": 64}},
    "grass": [{}],
    "render": {"width": 64, "height": 48, "draw_distance": 30},
}
BASES = [("main", BASE_MAIN), ("images", BASE_IMAGES), ("stream", BASE_STREAM)]
# fields no base holds, and why
NO_BASE = {
    "terrain.world": "needs a folder written by `sward bake world` (tests/cli/test_bake_world.sh covers it)",
}

# Rules between fields that the schema states (not, oneOf, anyOf, if/then, dependentRequired): one case each,
# (the schema site it covers, base, edit of the base, the loader's field path).
def _set(path, value):
    def edit(d):
        node = d
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = value
    return edit


def _del(path):
    def edit(d):
        node = d
        for p in path[:-1]:
            node = node[p]
        del node[path[-1]]
    return edit


def _both(*edits):
    def edit(d):
        for e in edits:
            e(d)
    return edit


CROSS = [
    ("terrain/allOf/0", "main", _set(["terrain", "heightmap"], {"path": "scenes/hills.png"}), "terrain"),
    ("terrain/allOf/1", "images", _set(["terrain", "resolution"], 257), "terrain.resolution"),
    ("terrain/allOf/2", "main", _set(["terrain", "resolution"], 4098), "terrain.resolution"),
    ("terrain/allOf/2", "main", _set(["terrain", "map_resolution"], 4097), "terrain.map_resolution"),
    ("terrain.stream/oneOf", "stream", _set(["terrain", "stream"], True), "terrain.stream"),
    ("terrain.layers[0].opacity/anyOf", "main", _set(["terrain", "layers", 1, "opacity"], {"edge": 1}),
     "terrain.layers[1].opacity"),
    ("grass[0]/allOf/0", "main", _set(["grass", 0, "gameplay"], "decorative"), "grass[0].gameplay_height"),
    ("grass[0].clump.size/not", "main", _set(["grass", 0, "clump", "size"], 0.01), "grass[0].clump.size"),
    ("assets[0]/allOf/0", "main", _set(["assets", 0, "mesh"], {"path": "tests/data/meshes/plant.gltf"}),
     "assets[0].mesh"),
    ("assets[0]/allOf/1", "main", _set(["assets", 0, "placement"], "grid"), "assets[0].placement"),
    ("areas[0]/oneOf", "main", _set(["areas", 0, "polygon"], [[0, 0], [4, 0], [4, 4]]), "areas[0]"),
    ("areas[0]/oneOf", "main", _del(["areas", 0, "circle"]), "areas[0]"),
    ("sun/dependentRequired", "images", _del(["sun", "azimuth"]), "sun.azimuth"),
    ("sun/dependentRequired", "images", _del(["sun", "elevation"]), "sun.elevation"),
    ("sun/allOf/0", "main", _set(["sun", "elevation"], 10), "sun.elevation"),
    ("sun/allOf/0", "main", _both(_set(["sun", "azimuth"], 10), _set(["sun", "elevation"], 10)), "sun.elevation"),
    ("render.exposure/oneOf", "main", _set(["render", "exposure"], "bright"), "render.exposure"),
    ("render.exposure/oneOf", "main", _set(["render", "exposure"], 0), "render.exposure"),
    ("terrain.stream.page/multipleOf", "stream", _set(["terrain", "stream", "page"], 24), "terrain.stream.page"),
]

# The loader's rules between fields (or against files and the built terrain) that the schema cannot express.
# The reverse check (each schema bound set alone loads) names them: (field path, value) -> the loader's message.
LOADER_ONLY_RULES = [
    "min <= max: grass[i].height, grass[i].width, assets[i].scale, terrain.heightmap min/max, layers' opacity "
    "height and slope ranges",
    "directions not zero once stored as floats: wind.direction, sun.direction",
    "render.lod_distance <= render.draw_distance; grass[i].draw_distance <= render.draw_distance; "
    "grass[i].lod_distance <= the type's draw_distance; camera.near < render.draw_distance",
    "grass[i].base_density and assets[i].base_density <= their density",
    "render.auto_exposure: min_ev <= max_ev, low_percent < high_percent; exposure_areas[i]: min <= max on every axis",
    "the grass candidate limit (sum of density x (2 x draw_distance)^2 <= 67108864) and each asset's "
    "(density x (2 x draw_distance)^2 <= 4194304; with placement dither, the point set's density 1024 / (40.96 x "
    "footprint)^2 instead)",
    "assets[i].forest: edge <= inner; a layer's assets share placement and footprint",
    "the fBm's finest octave: size / 2 / wavelength x lacunarity^(octaves - 1) <= 1048576",
    "the load budgets: work (resolution^2 x octaves, generated maps) and memory (height field, maps, "
    "64 bytes per output pixel)",
    "the camera: eye != target, not looking straight up or down, not under the ground (position[1] >= 0 with "
    "above_ground); each flight frame likewise; flight key eye[1] >= 0 with above_ground",
    "times strictly increasing: force_fields[i].path, flight.keys; the first flight key is not a cut; the "
    "flight's round(length x fps) within 1 to 100000 frames",
    "names: assets' and layers' unique; grows_on, areas' types and layers' grass name existing grass types or "
    "assets",
    "canopy: every rule's layer names one existing asset layer, the same one; no asset of that layer has a rule; "
    "not with terrain.world or terrain.stream",
    "polygons convex, no three consecutive points collinear, no repeated point, not self-intersecting",
    "wind.field.*: damping x frequency >= 0.15",
    "terrain: layer_threshold only with layers; layers not with stream or world, layers' grass not with "
    "type_map; heightmap, type_map, grass_height_map not with stream; world's own fields not with world; "
    "stream.window >= 2 x the draw distance + one page; a world's page and grass type names",
    "files: images exist, are PNG, grey, square, within size; the type map's indices < the number of grass "
    "types; a mesh imports; resolved paths at most 1023 bytes; strings' lengths are bytes (the schema counts "
    "characters), valid UTF-8 without NUL",
    "only the first terrain layer may leave out opacity; an opacity is an image, a path or a rule, not several",
    "assets[i].generate.tree: only with a species; each name a Weber-Penn parameter (lv: a level's), its type and "
    "range the generator's",
    "assets[i].generate: height 0 or >= 0.05, width 0 or >= 0.02 and <= 4 x the height; species only for a tree, "
    "age only with a species",
    "the frame work budget: fragments, shadow texels and asset triangles estimated from the densities, sizes, "
    "draw distances, camera and render size",
]
# (field path, value set alone in its base) -> (the loader's path, a part of its message): bounds of the schema
# that the loader refuses in the base scene because of a rule above.
MINMAX = "min must be <= max"
SETTLE = "damping x frequency must be >= 0.15"
LOADER_ONLY = {
    ("terrain.layers[1].opacity.height[0]", "max"): ("terrain.layers[1].opacity.height", MINMAX),
    ("terrain.layers[1].opacity.slope[0]", "max"): ("terrain.layers[1].opacity.slope", MINMAX),
    ("terrain.heightmap.min", "max"): ("terrain.heightmap", MINMAX),
    ("render.auto_exposure.min_ev", "max"): ("render.auto_exposure.max_ev", "must be >= min_ev"),
    ("render.auto_exposure.max_ev", "min"): ("render.auto_exposure.max_ev", "must be >= min_ev"),
    ("render.auto_exposure.low_percent", "max"): ("render.auto_exposure.high_percent", "must be > low_percent"),
    ("render.auto_exposure.high_percent", "min"): ("render.auto_exposure.high_percent", "must be > low_percent"),
    ("exposure_areas[0].min", "max"): ("exposure_areas[0].max", "must be >= min on every axis"),
    ("exposure_areas[0].min[0]", "max"): ("exposure_areas[0].max", "must be >= min on every axis"),
    ("exposure_areas[0].max", "min"): ("exposure_areas[0].max", "must be >= min on every axis"),
    ("exposure_areas[0].max[0]", "min"): ("exposure_areas[0].max", "must be >= min on every axis"),
    ("terrain.heightmap.max", "min"): ("terrain.heightmap", MINMAX),
    ("terrain.stream.window", "min"): ("terrain.stream.window", "must cover 2 x the draw distance"),
    ("terrain.stream.page", "max"): ("terrain.stream.window", "must cover 2 x the draw distance"),
    ("grass[0].density", "min"): ("grass[0].base_density", "must be in [0, density]"),
    ("grass[0].height[0]", "max"): ("grass[0].height", MINMAX),
    ("grass[0].width[0]", "max"): ("grass[0].width", MINMAX),
    ("grass[0].lod_distance", "max"): ("grass[0].lod_distance", "must be <= the type's draw_distance"),
    ("grass[0].draw_distance", "min"): ("grass[0].lod_distance", "must be <= the type's draw_distance"),
    ("grass[0].draw_distance", "max"): ("grass[0].draw_distance", "must be <= render.draw_distance"),
    ("grass[0].base_density", "max"): ("grass[0].base_density", "must be in [0, density]"),
    ("camera.position", "min"): ("camera.position[1]", "must be >= 0 with camera.above_ground"),
    ("camera.near", "max"): ("camera.near", "must be < render.draw_distance"),
    ("render.draw_distance", "min"): ("render.lod_distance", "must be <= render.draw_distance"),
    ("render.draw_distance", "max"): ("", "too many grass candidates"),
    ("render.lod_distance", "max"): ("render.lod_distance", "must be <= render.draw_distance"),
    ("force_fields[0].path[0][0]", "max"): ("force_fields[0].path[1]", "times must increase"),
    ("assets[0].density", "min"): ("assets[0].base_density", "must be in [0, density]"),
    ("assets[0].density", "max"): ("assets[0].density", "units of work, more than the frame work budget"),
    ("assets[0].scale[0]", "max"): ("assets[0].scale", MINMAX),
    ("assets[0].footprint", "min"): ("assets[0]", "too many candidates: the point set's density"),
    ("assets[0].forest.edge", "max"): ("assets[0].forest.edge", "must be <= inner"),
    ("assets[0].forest.inner", "min"): ("assets[0].forest.edge", "must be <= inner"),
    ("assets[0].generate.width", "max"): ("assets[0].generate.width", "at most 4 x the height"),
    ("assets[0].base_density", "max"): ("assets[0].base_density", "must be in [0, density]"),
    ("assets[0].generate.age", "max"): ("assets[0].generate.age", "only with a species"),
    ("areas[1].polygon[0]", "max"): ("areas[1].polygon", "must be convex"),
    ("areas[1].polygon[0][0]", "max"): ("areas[1].polygon", "must be convex"),
    ("flight.fps", "min"): ("flight.keys[1].time", "gives 0 frames"),
    ("flight.keys[0].time", "max"): ("flight.keys[1].time", "times must increase"),
    ("flight.keys[0].eye", "min"): ("flight.keys[0].eye[1]", "must be >= 0 with flight.above_ground"),
}
for _cat in ("trees", "plants", "grass", "special"):
    for _f in ("frequency", "damping"):
        LOADER_ONLY[("wind.field.%s.%s" % (_cat, _f), "min")] = ("wind.field." + _cat, SETTLE)


def resolve(node):
    while "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        node = SCHEMA["$defs"][name]
    return node


def walk(node, path):
    """(path, node) for every field below node; array items as index 0 (prefixItems by their index)."""
    node = resolve(node)
    yield path, node
    for k, sub in node.get("properties", {}).items():
        yield from walk(sub, path + [k])
    if isinstance(node.get("items"), dict):
        yield from walk(node["items"], path + [0])
    for i, sub in enumerate(node.get("prefixItems", [])):
        yield from walk(sub, path + [i])
    for alt in node.get("oneOf", []):
        if "properties" in alt:
            for k, sub in alt["properties"].items():
                yield from walk(sub, path + [k])


def lookup(doc, path):
    node = doc
    for p in path:
        if isinstance(p, int):
            if not isinstance(node, list) or p >= len(node):
                return None, False
        elif not isinstance(node, dict) or p not in node:
            return None, False
        node = node[p]
    return node, True


def concrete(doc, path):
    """path with each array index of the walk (0) replaced by the first element of doc's array that holds the rest
    of the path; None if doc holds no such field."""
    if not path:
        return []
    p, rest = path[0], path[1:]
    if isinstance(p, int):
        if not isinstance(doc, list):
            return None
        for i in range(p, len(doc)) if p else range(len(doc)):
            sub = concrete(doc[i], rest)
            if sub is not None:
                return [i] + sub
        return None
    if not isinstance(doc, dict) or p not in doc:
        return None
    sub = concrete(doc[p], rest)
    return None if sub is None else [p] + sub


def base_for(path):
    """(name, base, the path made concrete in it) of the first base holding the field, or Nones."""
    for name, base in BASES:
        c = concrete(base, path)
        if c is not None:
            return name, base, c
    return None, None, None


def with_value(base, path, value, delete=False):
    d = copy.deepcopy(base)
    node = d
    for p in path[:-1]:
        node = node[p]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return d


def below(lo, integer):
    """Just under a minimum (1e-7 of it): a schema bound that is tighter or looser than the loader's shows."""
    return lo - 1 if integer else lo - (abs(lo) * 1e-7 if lo else 1e-7)


def above(hi, integer):
    return hi + 1 if integer else hi + (abs(hi) * 1e-7 if hi else 1e-7)


def ntype(node):
    t = node.get("type")
    return t if t else ("number" if "minimum" in node or "maximum" in node else None)


def violations(path, node, base):
    """(rule, scene) pairs, each breaking one rule of the field at path."""
    value, present = lookup(base, path)
    t = ntype(node)
    wrong = {"number": "x", "integer": "x", "string": 1, "boolean": "yes", "object": [], "array": {}}
    if t in wrong:
        yield "type", with_value(base, path, wrong[t])
    if t == "integer":
        yield "integer", with_value(base, path, (node.get("minimum", 0) or 0) + 0.5)
    if t in ("number", "integer"):
        if "minimum" in node:
            yield "minimum", with_value(base, path, below(node["minimum"], t == "integer"))
        if "maximum" in node:
            yield "maximum", with_value(base, path, above(node["maximum"], t == "integer"))
    if "enum" in node:
        yield "enum", with_value(base, path, "no-such-" + path[-1])
    if t == "string":
        if node.get("minLength"):
            yield "minLength", with_value(base, path, "")
        if "maxLength" in node:
            yield "maxLength", with_value(base, path, "a" * (node["maxLength"] + 1))
    if t == "array" and present:
        items = node.get("items")
        if node.get("minItems"):
            yield "minItems", with_value(base, path, value[:node["minItems"] - 1])
        if "maxItems" in node:
            more = (value * (node["maxItems"] + 1))[:node["maxItems"] + 1]
            yield "maxItems", with_value(base, path, more)
        if isinstance(items, dict) and items.get("type") == "number" and "minItems" in node:
            # an element of a number vector: its type and range (the walk reaches object items by itself)
            for rule, v in (("items.type", "x"), ("items.minimum", below(items.get("minimum", 0), False)),
                            ("items.maximum", above(items.get("maximum", 1), False))):
                if rule.endswith("imum") and rule.split(".")[1] not in items:
                    continue
                vec = list(value)
                vec[0] = v
                yield rule + "[0]", with_value(base, path, vec)
    if t == "object" and present:  # the loader refuses unknown keys at every level
        yield "additionalProperties", with_value(base, path + ["no_such_field"], 1)
    if present:
        for req in node.get("required", []):
            if req in (value or {}):
                yield "required " + req, with_value(base, path + [req], None, delete=True)


def error_paths(err):
    """The field paths a schema error names: its instance path; for required, dependentRequired and unknown keys
    also the key; for not: {required: [...]}, each key; and those of its sub-errors (oneOf, anyOf)."""
    out = set()

    def add(e):
        p = list(e.absolute_path)
        out.add(spell(p))
        if e.validator in ("required", "dependentRequired", "additionalProperties"):
            for k in re.findall(r"'([^']*)'", e.message)[:1 if e.validator != "additionalProperties" else None]:
                out.add(spell(p + [k]))
        if e.validator == "not" and isinstance(e.validator_value, dict):
            for k in e.validator_value.get("required", []):
                out.add(spell(p + [k]))
            for alt in e.validator_value.get("anyOf", []):
                for k in alt.get("required", []):
                    out.add(spell(p + [k]))
        for c in e.context or []:
            add(c)
    add(err)
    return out


def loader_path(msg):
    """'scene: grass[0].density: must be ...' -> 'grass[0].density'; '' for a message without a path."""
    rest = msg[len("scene: "):] if msg.startswith("scene: ") else msg
    head = rest.split(": ", 1)[0]
    return head if ": " in rest and " " not in head else ""


def run_loader(checker, scenes, base_dir=SRC):
    text = "".join(json.dumps(s, allow_nan=False) + "\n" for s in scenes)
    out = subprocess.run([checker, base_dir], input=text.encode(), stdout=subprocess.PIPE, check=True).stdout
    lines = out.decode("utf-8", "replace").split("\n")[:-1]
    assert len(lines) == len(scenes), "%d answers for %d scenes" % (len(lines), len(scenes))
    res = []
    for line in lines:
        if line == "ok":
            res.append(None)
        else:
            res.append(line.split(" ", 2)[2])
    return res


def loader_field_names():
    """Every field name the loader knows: the strings of its `known...[]` tables (src/world/scene_*.c) and of
    render.features' table."""
    names = set()
    wdir = os.path.join(SRC, "src", "world")
    for f in sorted(os.listdir(wdir)):
        if not (f.startswith("scene_") and f.endswith(".c")):
            continue
        text = open(os.path.join(wdir, f)).read()
        for body in re.findall(r"known\w*\[\]\s*=\s*\{(.*?)\};", text, re.S):
            names.update(re.findall(r'"([^"]*)"', body))
        for body in re.findall(r"feature_names\[\]\s*=\s*\{(.*?)\};", text, re.S):
            names.update(re.findall(r'\{"(\w+)",', body))
    return names


def schema_field_names():
    names = set()

    def visit(node):
        if isinstance(node, dict):
            for k, v in node.get("properties", {}).items():
                names.add(k)
            for v in node.values():
                visit(v)
        elif isinstance(node, list):
            for v in node:
                visit(v)
    visit(SCHEMA)
    return names


def check_repo_scenes_load(checker):
    """Every scene of scenes/ loads with the C loader (the parse and its rules between fields, the frame budget):
    the scenes golden.sh does not record (UNRECORDED_SCENES) are tested here at least."""
    paths = sorted(glob.glob(os.path.join(SRC, "scenes", "*.json")))
    docs = [json.load(open(p, encoding="utf-8-sig")) for p in paths]
    for p, res in zip(paths, run_loader(checker, docs, os.path.join(SRC, "scenes"))):
        if res is not None:
            fail("%s: the loader refuses it: %s" % (os.path.relpath(p, SRC), res))


def check_rules(checker):
    check_repo_scenes_load(checker)
    loader, schema = loader_field_names(), schema_field_names()
    if len(loader) < 100:
        fail("only %d field names found in the loader's known[] tables" % len(loader))
    for k in sorted(loader - schema):
        fail("the loader knows the field %r, the schema does not describe it" % k)
    for k in sorted(schema - loader):
        fail("the schema describes the field %r, the loader knows no such field" % k)
    cases = []  # (label, scene, kind, expected)
    for name, base in BASES:
        errs = list(VALIDATOR.iter_errors(base))
        if errs:
            fail("base %s: the schema rejects it: %s" % (name, [spell(e.absolute_path) + ": " + e.message
                                                                for e in errs]))
        cases.append(("base " + name, base, "valid", None))
    fields = 0
    untested = set()
    bound_keys = set()
    for path, node in walk(SCHEMA, []):
        if not path:
            continue
        bname, base, cpath = base_for(path)
        if base is None:
            if spell(path) in NO_BASE:
                continue
            bname, base, cparent = base_for(path[:-1])
            if base is None:
                untested.add(spell(path))
                continue
            cpath = cparent + path[-1:]
        path = cpath
        sp = spell(path)
        fields += 1
        for rule, scene in violations(path, node, base):
            cases.append(("%s %s (base %s)" % (sp, rule, bname), scene, "reject", sp))
        # the reverse: each bound alone, each enum value
        t = ntype(node)
        if t in ("number", "integer") or (t == "array" and isinstance(node.get("items"), dict)
                                          and node["items"].get("type") == "number"):
            bounds = node if t != "array" else node["items"]
            for which, key in (("min", "minimum"), ("max", "maximum")):
                if key not in bounds:
                    continue
                v = bounds[key]
                val = v if t != "array" else [v] * node.get("minItems", 1)
                scene = with_value(base, path, val)
                if list(VALIDATOR.iter_errors(scene)):
                    continue  # the schema itself refuses it (a rule between fields)
                bound_keys.add((sp, which))
                cases.append(("%s = its %s %s (base %s)" % (sp, which, json.dumps(val), bname), scene, "bound",
                              (sp, which)))
        for v in node.get("enum", []):
            scene = with_value(base, path, v)
            if not list(VALIDATOR.iter_errors(scene)):  # else a rule between fields (CROSS)
                cases.append(("%s = %s" % (sp, json.dumps(v)), scene, "valid", None))
    if untested:
        fail("fields no base scene holds (add them to a base, or to NO_BASE with the reason): %s" % sorted(untested))
    # the schema's rules between fields: every site has a case
    sites = set()

    def find_sites(node, path):
        node = resolve(node)
        for kw in ("not", "oneOf", "anyOf", "dependentRequired", "multipleOf"):
            if kw in node and not (kw == "oneOf" and any(alt.get("const") is False for alt in node[kw])
                                   and False):
                sites.add("%s/%s" % (spell(path), kw))
        for i, sub in enumerate(node.get("allOf", [])):
            sites.add("%s/allOf/%d" % (spell(path), i))
        for k, sub in node.get("properties", {}).items():
            find_sites(sub, path + [k])
        if isinstance(node.get("items"), dict):
            find_sites(node["items"], path + [0])
        for alt in node.get("oneOf", []):
            if "properties" in alt:
                for k, sub in alt["properties"].items():
                    find_sites(sub, path + [k])
    find_sites(SCHEMA, [])
    covered = {c[0] for c in CROSS}
    for s in sorted(sites - covered):
        fail("the schema's rule %s has no case in CROSS" % s)
    for s in sorted(covered - sites):
        fail("CROSS names %s, which is not a rule of the schema" % s)
    bases = dict(BASES)
    for site, bname, edit, lpath in CROSS:
        scene = copy.deepcopy(bases[bname])
        edit(scene)
        cases.append(("%s (base %s)" % (site, bname), scene, "cross", lpath))

    # tests/data/bad/: the schema refuses a bad scene at the field the loader names, or accepts it (a rule
    # between fields, or a file: the loader's alone)
    bad_dir = os.path.join(SRC, "tests", "data", "bad")
    bad_scenes = []
    for f in sorted(os.listdir(bad_dir)):
        if f.endswith(".json"):
            try:
                doc = json.load(open(os.path.join(bad_dir, f), encoding="utf-8-sig"))
            except ValueError:
                continue  # not JSON at all (syntax, bytes): the loader's alone
            if isinstance(doc, dict):
                bad_scenes.append((f, doc))
    bad_both = 0
    for (f, doc), msg in zip(bad_scenes, run_loader(checker, [d for _, d in bad_scenes], bad_dir)):
        if msg is None:
            fail("tests/data/bad/%s: the loader accepts it" % f)
            continue
        errs = list(VALIDATOR.iter_errors(doc))
        if errs:
            bad_both += 1
            paths = set().union(*(error_paths(e) for e in errs))
            if loader_path(msg) not in paths:
                fail("tests/data/bad/%s: the loader names %r (%s), the schema %s" % (f, loader_path(msg), msg,
                                                                                    sorted(paths)))
    if bad_both < 30:
        fail("the schema refuses only %d of the %d bad scenes" % (bad_both, len(bad_scenes)))
    print("test_schema rules: tests/data/bad: %d of %d scenes refused by both at the same field, the rest by the "
          "loader alone" % (bad_both, len(bad_scenes)))

    results = run_loader(checker, [c[1] for c in cases])
    counts = {}
    for (label, scene, kind, expected), msg in zip(cases, results):
        counts[kind] = counts.get(kind, 0) + 1
        errs = list(VALIDATOR.iter_errors(scene))
        if kind == "valid":
            if errs:
                fail("%s: the schema rejects it: %s" % (label, errs[0].message))
            if msg is not None:
                fail("%s: the loader rejects it: %s" % (label, msg))
        elif kind in ("reject", "cross"):
            if not errs:
                fail("%s: the schema accepts it" % label)
            if msg is None:
                fail("%s: the loader accepts it" % label)
            if errs and msg is not None:
                paths = set().union(*(error_paths(e) for e in errs))
                lp = loader_path(msg)
                if lp not in paths or (kind == "cross" and lp != expected):
                    fail("%s: the loader names %r (%s), the schema %s" % (label, lp, msg, sorted(paths)))
        elif kind == "bound":
            known = LOADER_ONLY.get(expected, "absent")
            if known == "absent" or known is None:
                if msg is not None:
                    fail("%s: the schema accepts it, the loader refuses it: %s (a rule the schema cannot "
                         "express? add it to LOADER_ONLY)" % (label, msg))
            else:
                lp, part = known
                if msg is None:
                    fail("%s: LOADER_ONLY expects the loader to refuse it (%s: %s), it loads: remove the entry"
                         % (label, lp, part))
                elif loader_path(msg) != lp or part not in msg:
                    fail("%s: the loader's message %r, LOADER_ONLY expects %s: ...%s..." % (label, msg, lp, part))
    for key in LOADER_ONLY:
        if key not in bound_keys:
            fail("LOADER_ONLY names %s, which is no bound the walk sets" % (key,))
    print("test_schema rules: %d fields, %s cases; the loader's rules the schema cannot express:" %
          (fields, counts))
    for r in LOADER_ONLY_RULES:
        print("  - " + r)


if __name__ == "__main__":
    if sys.argv[1] == "scenes":
        check_scenes()
    elif sys.argv[1] == "rules":
        check_rules(sys.argv[3])
    else:
        sys.exit(__doc__)
    if failures:
        print("test_schema %s: %d failure(s)" % (sys.argv[1], len(failures)), file=sys.stderr)
        sys.exit(1)
    print("test_schema %s: ok" % sys.argv[1])
