#!/usr/bin/env bash
# `sward bench --plot` on a still scene (TL3), on lavapipe: scenes/small.json at 64x48, 3 frames, writes
# an SVG that parses as XML with one bar per GPU pass the bench printed, in the printed order, each labelled with
# its name and median ms, the bar widths proportional to the printed medians, a min mark per pass, the total in
# the title and the scene, device and size in the subtitle; the validation layer stays clean. --json with
# --plot prints only the JSON. --sweep --plot: the curves, then the densest point's bars. A .png name is a usage
# error (exit 2) that writes nothing.
set -u
SWARD=${1:?usage: test_bench_plot.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the source tree}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the small scene with its shadow maps at 512 texels (render.shadow_size): what this tests is the command's output, and
# on lavapipe the 2048^2 maps are half of a frame
SCENE="$tmp/small.json"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s.setdefault("render", {})["shadow_size"] = 512; json.dump(s, open(sys.argv[2], "w"))' \
    "$SRC/scenes/small.json" "$SCENE" || { echo "FAIL: cannot copy scenes/small.json" >&2; exit 1; }

VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)

"$SWARD" bench "$SCENE" --width 64 --height 48 --frames 3 --plot "$tmp/bars.svg" "${VALIDATE[@]}" \
    >"$tmp/out.txt" 2>"$tmp/stderr"; rc=$?
[ "$rc" -eq 0 ] || fail "bench --plot: exit $rc: $(cat "$tmp/stderr")"
grep -qF "wrote $tmp/bars.svg" "$tmp/out.txt" || fail "no 'wrote $tmp/bars.svg' line: $(cat "$tmp/out.txt")"
if [ -f "$tmp/bars.svg" ]; then
    python3 - "$tmp/out.txt" "$tmp/bars.svg" <<'PY' || fail "the bar chart (see above)"
import re, sys, xml.etree.ElementTree as ET
text, svg = open(sys.argv[1]).read(), sys.argv[2]
bad = []
# the passes the bench printed: "<name> <min> <median>" between the "GPU pass" header and "total"
lines = text.split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith("GPU pass"))
passes, total = [], None
for l in lines[start + 1:]:
    f = l.split()
    if f[0] == "total":
        total = float(f[2])
        break
    passes.append((f[0], float(f[1]), float(f[2])))
dev = re.search(r"^device +(.*?)(,| \()", text, re.M).group(1)
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(svg).getroot()  # fails on invalid XML
bars = [e for e in root.iter(ns + "rect") if e.get("class") == "bar"]
names = [e.text for e in root.iter(ns + "text") if e.get("class") == "name"]
values = [e.text for e in root.iter(ns + "text") if e.get("class") == "value"]
mins = [e for e in root.iter(ns + "line") if e.get("class") == "min"]
texts = [e.text or "" for e in root.iter(ns + "text")]
if len(passes) < 5: bad.append("the bench printed only %d passes" % len(passes))
if len(bars) != len(passes): bad.append("%d bars for %d passes" % (len(bars), len(passes)))
if names != [p[0] for p in passes]: bad.append("bar names %s, passes %s" % (names, [p[0] for p in passes]))
if values != ["%.3f ms" % p[2] for p in passes]: bad.append("value labels %s" % values)
if len(mins) != len(passes): bad.append("%d min marks for %d passes" % (len(mins), len(passes)))
x0 = float(bars[0].get("x")) if bars else 0.0
widest = max(range(len(passes)), key=lambda i: passes[i][2]) if passes else 0
if bars and len(bars) == len(passes):
    scale = float(bars[widest].get("width")) / passes[widest][2]
    # the printed times are rounded to 0.001 ms: each value by up to 0.0005 ms, and the scale, taken from the widest
    # bar's rounded median, by up to 0.0005 / that median of itself (which moves a mark at x by as much of x); the
    # SVG's coordinates by 0.005 px
    rel = 0.0006 / passes[widest][2] if passes[widest][2] > 0 else 0.0
    def slack(px):
        return 0.0006 * scale + rel * px + 0.01
    for b, p, m in zip(bars, passes, mins):
        if abs(float(b.get("width")) - p[2] * scale) > slack(p[2] * scale):
            bad.append("bar %s: width %s, expected %.2f" % (p[0], b.get("width"), p[2] * scale))
        if abs(float(m.get("x1")) - x0 - p[1] * scale) > slack(p[1] * scale):
            bad.append("min mark %s at %s, expected %.2f" % (p[0], m.get("x1"), x0 + p[1] * scale))
if not any(t == "GPU ms per pass: total %.3f ms (median)" % total for t in texts):
    bad.append("no title with the total %.3f ms: %s" % (total, texts[:3]))
if not any("small.json" in t and dev in t and "64x48" in t and "3 frames" in t for t in texts):
    bad.append("no subtitle with the scene, the device %r and 64x48: %s" % (dev, texts[:3]))
for m in bad: print("FAIL: " + m, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
else
    fail "--plot wrote no $tmp/bars.svg"
fi

# --json --plot: the JSON alone on stdout, and the plot
"$SWARD" bench "$SCENE" --width 32 --height 24 --frames 1 --json --plot "$tmp/j.svg" >"$tmp/j.json" 2>"$tmp/stderr" \
    || fail "bench --json --plot: $(cat "$tmp/stderr")"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/j.json" || fail "--json --plot: stdout is not JSON"
# PO4: small.json's exposure is "auto": the frame's adapted EV (within the default clamps), 2^ev its multiplier
python3 - "$tmp/j.json" <<'PY' || fail "--json: the exposure (see above)"
import json, sys
e = json.load(open(sys.argv[1]))["exposure"]
ok = e["auto"] is True and -4 <= e["ev"] <= 6 and abs(2 ** e["ev"] - e["multiplier"]) < 1e-3 * e["multiplier"]
if not ok: print("exposure:", e)
sys.exit(0 if ok else 1)
PY
grep -c 'class="bar"' "$tmp/j.svg" >/dev/null 2>&1 || fail "--json --plot wrote no bars"

# --sweep --plot: the sweep's curves, and below them the bars of its densest point (render.raster compute)
"$SWARD" bench "$SCENE" --width 32 --height 24 --frames 1 --sweep 1,4 --plot "$tmp/s.svg" >"$tmp/s.txt" 2>"$tmp/stderr" \
    || fail "bench --sweep --plot: $(cat "$tmp/stderr")"
python3 - "$tmp/s.svg" <<'PY' || fail "the sweep's plot (see above)"
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
groups = [g for g in root if g.tag == ns + "g"]
bad = []
if len(groups) != 2: bad.append("%d panels, expected 2 (curves, bars)" % len(groups))
else:
    if not list(groups[0].iter(ns + "polyline")): bad.append("no curve in the first panel")
    bars = [e for e in groups[1].iter(ns + "rect") if e.get("class") == "bar"]
    names = [e.text for e in groups[1].iter(ns + "text") if e.get("class") == "name"]
    if len(bars) < 5 or len(bars) != len(names): bad.append("%d bars, %d names in the second panel" % (len(bars), len(names)))
    if "raster" not in names: bad.append("the densest point's bars lack the compute pass 'raster': %s" % names)
    if not any("grass[0].density 4, render.raster compute" in (t.text or "") for t in groups[1].iter(ns + "text")):
        bad.append("the bars' subtitle does not name the densest point")
for m in bad: print("FAIL: " + m, file=sys.stderr)
sys.exit(1 if bad else 0)
PY

# .png is refused
"$SWARD" bench "$SCENE" --plot "$tmp/x.PNG" >/dev/null 2>"$tmp/stderr"; rc=$?
[ "$rc" -eq 2 ] || fail "--plot x.PNG: exit $rc, expected 2"
grep -qF "sward writes SVG plots only" "$tmp/stderr" || fail "--plot x.PNG: $(cat "$tmp/stderr")"
[ ! -e "$tmp/x.PNG" ] || fail "--plot x.PNG wrote a file"

if [ "$failures" -ne 0 ]; then echo "test_bench_plot: $failures failure(s)" >&2; exit 1; fi
echo "test_bench_plot: ok"
