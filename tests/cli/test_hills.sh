#!/usr/bin/env bash
# The example scene with a 16-bit PNG height map (scenes/hills.json, scenes/hills.png) renders at 160x90:
# exit 0, a 160x90 PNG, blades drawn; with python3 at hand, also grass-green pixels in the lower half and
# a sky brighter than the ground in the top rows. Needs a Vulkan device (lavapipe is enough).
set -u
SWARD=${1:?usage: test_hills.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

out=$("$SWARD" render "$SRC/scenes/hills.json" -o "$tmp/hills.png" --width 160 --height 90 2>"$tmp/stderr"); rc=$?
[ "$rc" -eq 0 ] || fail "render hills.json: exit $rc: $(cat "$tmp/stderr")"
blades=$(sed -nE 's/^wrote .* \(160x90, ([0-9]+) blades,.*/\1/p' <<<"$out")
[ "${blades:-0}" -gt 10000 ] || fail "render hills.json: expected more than 10000 blades, got '${blades:-none}' ($out)"
b=($(od -An -tu1 -j16 -N8 -v "$tmp/hills.png" 2>/dev/null))
[ "${#b[@]}" -eq 8 ] && [ "$(( (b[2] << 8) | b[3] ))x$(( (b[6] << 8) | b[7] ))" = 160x90 ] ||
    fail "hills.png is not a 160x90 PNG"

if command -v python3 >/dev/null 2>&1 && [ -f "$tmp/hills.png" ]; then
    python3 - "$tmp/hills.png" <<'PY' || fail "hills.png: pixel statistics (above)"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, idat, w, h = 8, b"", 0, 0
while pos < len(data):
    n, t = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if t == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype == 6, "expected RGBA8"
    elif t == b"IDAT":
        idat += body
    pos += 12 + n
raw, bpp, stride = zlib.decompress(idat), 4, w * 4
rows, prev = [], bytearray(stride)
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
px = lambda x, y: rows[y][4 * x:4 * x + 3]
low = [px(x, y) for y in range(h // 2, h) for x in range(w)]
# grass under a low sun (the sky model's transmittance reddens it, SPEC LS1) reads yellow-green: green above
# blue, and at least red / 1.15
green = sum(1 for r, g, b in low if 1.15 * g > r and g > b) / len(low)
top = [sum(px(x, y)) for y in range(5) for x in range(w)]
ground = [sum(p) for p in low]
print(f"hills.png: {green:.0%} green in the lower half, sky {sum(top)/len(top):.0f}, ground {sum(ground)/len(ground):.0f}")
assert green > 0.8, "the lower half should be grass"
assert sum(top) / len(top) > sum(ground) / len(ground), "the sky should be brighter than the ground"
PY
fi

if [ "$failures" -ne 0 ]; then echo "test_hills: $failures failure(s)" >&2; exit 1; fi
echo "test_hills: ok ($blades blades)"
