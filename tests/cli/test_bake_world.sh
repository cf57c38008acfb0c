#!/usr/bin/env bash
# `sward bake world` (BX5, docs/world-format.md): a generated scene baked with pages of 32 writes world.json
# (format, version, size, resolution, map resolution, page, height range, the types' names), heights.bin and
# maps.bin of exactly header + pages x page bytes, and prints one line; the world held whole ("stream": false)
# renders the image the generated scene renders, byte for byte, and streamed it renders too; a streamed scene
# bakes again into the same bytes; the errors: no -o, -o naming a file, --page not a multiple of 16 (exit 2, 3,
# 2), a truncated heights.bin and a world.json of another version (exit 2, the file and the problem on stderr).
set -u
SWARD=${1:?usage: test_bake_world.sh /path/to/sward}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

GRASS='"grass": [{"name": "short", "density": 8}, {"name": "tall", "density": 4, "patches": {"scale": 10, "coverage": 0.5}}],
  "render": {"width": 160, "height": 90, "draw_distance": 30, "lod_distance": 10},
  "camera": {"position": [0, 3, 0], "target": [10, 0, 12], "above_ground": true}'
cat >"$tmp/gen.json" <<JSON
{ "terrain": {"size": 256, "resolution": 129, "fbm": {"amplitude": 6, "wavelength": 80, "octaves": 3}}, $GRASS }
JSON

out=$("$SWARD" bake world "$tmp/gen.json" -o "$tmp/w/nested" --page 32 2>"$tmp/stderr"); rc=$?
[ "$rc" -eq 0 ] || fail "bake world: exit $rc: $(cat "$tmp/stderr")"
grep -Eq '^world: 256 m, 129\^2 heights, 128\^2 map texels, 5\^2 \+ 4\^2 pages of 32, 0\.[0-9] MiB in [0-9.]+ s$' <<<"$out" ||
    fail "bake world: unexpected line '$out'"
hb=$(stat -c %s "$tmp/w/nested/heights.bin" 2>/dev/null || echo 0)
mb=$(stat -c %s "$tmp/w/nested/maps.bin" 2>/dev/null || echo 0)
[ "$hb" -eq $((32 + 25 * 32 * 32 * 4)) ] || fail "heights.bin: $hb bytes, expected 32 + 25 pages of 4096"
[ "$mb" -eq $((32 + 16 * 32 * 32 * 4)) ] || fail "maps.bin: $mb bytes, expected 32 + 16 pages of 4096"
[ "$(head -c 8 "$tmp/w/nested/heights.bin")" = SWHEIGHT ] || fail "heights.bin: magic"
python3 - "$tmp/w/nested/world.json" <<'PY' || fail "world.json (above)"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "sward-world" and d["version"] == 1, d
assert (d["size"], d["resolution"], d["map_resolution"], d["page"]) == (256, 129, 128, 32), d
assert 0 <= d["height_min"] < d["height_max"] <= 6, d
assert d["types"] == ["short", "tall"], d
PY

# held whole: the generated scene's image, byte for byte; streamed: an image
for mode in whole stream; do
    st='"stream": false'; [ "$mode" = stream ] && st='"stream": {"window": 128}'
    cat >"$tmp/$mode.json" <<JSON
{ "terrain": {"world": "w/nested", $st}, $GRASS }
JSON
    "$SWARD" render "$tmp/$mode.json" -o "$tmp/$mode.png" --quiet 2>"$tmp/stderr" ||
        fail "render $mode: $(cat "$tmp/stderr")"
done
"$SWARD" render "$tmp/gen.json" -o "$tmp/gen.png" --quiet 2>"$tmp/stderr" || fail "render gen: $(cat "$tmp/stderr")"
cmp -s "$tmp/gen.png" "$tmp/whole.png" || fail "the baked world held whole renders another image than its scene"
[ -s "$tmp/stream.png" ] || fail "the streamed world rendered no image"

# a streamed world bakes again into the same pages
"$SWARD" bake world "$tmp/stream.json" -o "$tmp/again" --quiet 2>"$tmp/stderr" || fail "re-bake: $(cat "$tmp/stderr")"
for f in heights.bin maps.bin world.json; do
    cmp -s "$tmp/w/nested/$f" "$tmp/again/$f" || fail "re-bake: $f differs"
done

# errors
"$SWARD" bake world "$tmp/gen.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q 'missing -o DIR' "$tmp/err" || fail "no -o: exit $rc, '$(cat "$tmp/err")'"
touch "$tmp/file"
"$SWARD" bake world "$tmp/gen.json" -o "$tmp/file" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 3 ] && grep -q 'not a folder' "$tmp/err" || fail "-o a file: exit $rc, '$(cat "$tmp/err")'"
"$SWARD" bake world "$tmp/gen.json" -o "$tmp/p" --page 40 >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q -- '--page: must be a multiple of 16, got 40' "$tmp/err" || fail "--page 40: exit $rc, '$(cat "$tmp/err")'"
cp -r "$tmp/w/nested" "$tmp/w/short"
truncate -s 5000 "$tmp/w/short/heights.bin"
sed 's#w/nested#w/short#' "$tmp/stream.json" >"$tmp/short.json"
"$SWARD" render "$tmp/short.json" -o "$tmp/x.png" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q 'w/short/heights.bin: truncated: 5000 bytes, its 25 pages need 102432' "$tmp/err" ||
    fail "truncated: exit $rc, '$(cat "$tmp/err")'"
[ ! -e "$tmp/x.png" ] || fail "truncated: an image was written"
cp -r "$tmp/w/nested" "$tmp/w/v2"
sed -i 's/"version":\t1/"version":\t2/' "$tmp/w/v2/world.json"
sed 's#w/nested#w/v2#' "$tmp/stream.json" >"$tmp/v2.json"
"$SWARD" render "$tmp/v2.json" -o "$tmp/x.png" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q 'v2.json: terrain.world: .*w/v2/world.json: version: this sward reads version 1, got 2' "$tmp/err" ||
    fail "version 2: exit $rc, '$(cat "$tmp/err")'"

[ "$failures" -eq 0 ] && echo "bake world: all checks passed"
exit $((failures > 0))
