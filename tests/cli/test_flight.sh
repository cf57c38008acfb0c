#!/usr/bin/env bash
# The flight benchmark (SPEC BX5), short, on lavapipe: `sward bench` on tests/data/flight/small.json (a
# 256 m world, 20 frames at 10 fps, one cut) flies the path: one JSON entry per frame with every field, the
# path's camera (the scene's own camera sees no grass, every frame of the flight does), the cut's frame and only
# it flagged as a teleport, the GPU memory flat within 5 %, the same per-frame counts twice (determinism), the
# validation layer clean; the three time series per frame (the rendering thread's CPU ms, GPU ms, wall ms: the
# wall at least the frame's own CPU and GPU time), their summaries, the worst frames of each (largest first, with
# why), the criteria's verdicts as the numbers say (the CPU ceiling --cpu-max-ms's); --frames N takes the first N
# frames; --plot draws both curves and the teleport; the text report has the five criteria's PASS/FAIL lines and
# the worst frames; --plot refuses a .png name.
set -u
SWARD=${1:?usage: test_flight.sh /path/to/sward}
DATA=${SWARD_TEST_DATA:?SWARD_TEST_DATA must point to tests/data}
SCENE="$DATA/flight/small.json"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ -f "$SCENE" ] || { echo "FAIL: $SCENE does not exist" >&2; exit 1; }

VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)

# run OUT ARGS...: stdout to OUT; reports a non-zero exit
run() {
    local out=$1; shift
    "$SWARD" "$@" >"$out" 2>"$tmp/stderr"; local rc=$?
    [ "$rc" -eq 0 ] || fail "sward $*: exit $rc: $(cat "$tmp/stderr")"
}

run "$tmp/a.json" bench "$SCENE" --json "${VALIDATE[@]}"
run "$tmp/b.json" bench "$SCENE" --json

python3 - "$tmp/a.json" "$tmp/b.json" <<'PY' || fail "the flight's JSON (see above)"
import json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
bad = []
fields = ["frame", "time", "gpu_ms", "cpu_ms", "cpu_thread_ms", "cpu_record_ms", "wall_ms", "pages_missing",
          "pages_requested", "pages_put", "upload_bytes", "clusters", "wait_ms", "blades_drawn", "tiles",
          "tiles_generated", "tiles_missing", "teleport", "fill", "gpu_memory_bytes", "vegetation_memory_bytes",
          "world_bytes", "cache_bytes"]
fr = a["frames"]
if a["flight"]["frames"] != 20 or a["frame_count"] != 20 or len(fr) != 20:
    bad.append("expected 20 frames (2 s at 10 fps), got flight.frames %s, frame_count %s, %d entries"
               % (a["flight"]["frames"], a["frame_count"], len(fr)))
for i, f in enumerate(fr):
    missing = [k for k in fields if k not in f]
    if missing: bad.append("frame %d lacks %s" % (i, missing))
    elif f["frame"] != i or abs(f["time"] - i / 10) > 1e-5: bad.append("frame %d: frame %s, time %s" % (i, f["frame"], f["time"]))
    elif f["blades_drawn"] <= 0: bad.append("frame %d draws no blades: not the flight's camera" % i)
tp = [f["frame"] for f in fr if f.get("teleport")]
if tp != [13]: bad.append("teleport frames %s, expected [13] (the cut key at 1.25 s)" % tp)
if [t["frame"] for t in a["teleports"]] != [13]: bad.append("teleports %s, expected frame 13" % a["teleports"])
mem = [f["gpu_memory_bytes"] for f in fr]
if min(mem) <= 0 or (max(mem) - min(mem)) / max(mem) > 0.05:
    bad.append("gpu_memory_bytes not flat within 5 %%: %d to %d" % (min(mem), max(mem)))
if a["gpu_memory"]["max_bytes"] != max(mem) or a["gpu_memory"]["min_bytes"] != min(mem):
    bad.append("gpu_memory summary %s does not match the frames" % a["gpu_memory"])
for k in ("memory_within_256_mib", "memory_flat_5_percent", "max_within_1_5_median", "wall_within_1_5_median",
          "cpu_within_ceiling"):
    if k not in a["criteria"]: bad.append("criteria lacks " + k)
# the time series: the thread's CPU covers its recording; the wall covers the frame's CPU and GPU time
for f in fr:
    if not (0 < f["cpu_record_ms"] <= f["cpu_thread_ms"] + 1e-6): bad.append("frame %d: cpu_record_ms %s, cpu_thread_ms %s" % (f["frame"], f["cpu_record_ms"], f["cpu_thread_ms"]))
    if not (f["wall_ms"] >= f["gpu_ms"] - 0.5 and f["wall_ms"] >= f["cpu_thread_ms"]): bad.append("frame %d: wall %s < GPU %s or CPU %s" % (f["frame"], f["wall_ms"], f["gpu_ms"], f["cpu_thread_ms"]))
def mm(v):
    v = sorted(v); n = len(v)
    return (v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])), v[-1]
ready = [f for f in fr if not f["fill"]]
for key, series, frames in (("wall_ms", "wall_ms", fr), ("wall_ms_ready", "wall_ms", ready), ("gpu_ms_ready", "gpu_ms", ready)):
    med, mx = mm([f[series] for f in frames])
    if abs(a[key]["median"] - med) > 1e-4 or abs(a[key]["max"] - mx) > 1e-4 or a[key]["frames"] != len(frames):
        bad.append("%s %s, the frames say median %s, max %s over %d" % (key, a[key], med, mx, len(frames)))
cpu = a["cpu_thread_ms"]
if abs(cpu["max"] - max(f["cpu_thread_ms"] for f in fr)) > 1e-4 or cpu["ceiling_ms"] != 1.0:
    bad.append("cpu_thread_ms %s does not match the frames (ceiling 1.0)" % cpu)
if a["criteria"]["cpu_within_ceiling"] != (cpu["max"] <= 1.0): bad.append("cpu_within_ceiling %s with max %s" % (a["criteria"]["cpu_within_ceiling"], cpu["max"]))
if a["criteria"]["wall_within_1_5_median"] != (a["wall_ms_ready"]["max"] <= 1.5 * a["wall_ms_ready"]["median"]):
    bad.append("wall_within_1_5_median %s with %s" % (a["criteria"]["wall_within_1_5_median"], a["wall_ms_ready"]))
# the worst frames: five a series, largest first, each with its numbers and why
for key in ("cpu_thread_ms", "gpu_ms", "wall_ms"):
    w = a["worst"][key]
    want = sorted(range(len(fr)), key=lambda i: (-fr[i][key], i))[:5]
    if [x["frame"] for x in w] != want: bad.append("worst %s: frames %s, expected %s" % (key, [x["frame"] for x in w], want))
    for x in w:
        f = fr[x["frame"]]
        for k in ("cpu_thread_ms", "gpu_ms", "wall_ms", "pages_requested", "pages_put", "upload_bytes", "tiles_generated", "clusters", "wait_ms", "teleport"):
            if k not in x or (isinstance(f[k], float) and abs(x[k] - f[k]) > 1e-6) or (not isinstance(f[k], float) and x[k] != f[k]):
                bad.append("worst %s frame %s: %s is %s, the frame's %s" % (key, x["frame"], k, x.get(k), f[k])); break
# the path moves: the blades drawn change along it
if len(set(f["blades_drawn"] for f in fr)) < 3: bad.append("blades drawn hardly change along the path")
# determinism: the same per-frame counts twice
keys = ["blades_drawn", "tiles", "tiles_generated", "tiles_missing", "teleport", "gpu_memory_bytes"]
if [[f[k] for k in keys] for f in fr] != [[f[k] for k in keys] for f in b["frames"]]:
    bad.append("two runs of the flight differ in %s" % keys)
for m in bad: print("FAIL: " + m, file=sys.stderr)
sys.exit(1 if bad else 0)
PY

# the first N frames; text report with the criteria; the plot
run "$tmp/t.txt" bench "$SCENE" --frames 15 --plot "$tmp/f.svg" --cpu-max-ms 0.001
out=$(cat "$tmp/t.txt")
grep -qE '^flight +15 of 20 frames at 10 fps' <<<"$out" || fail "--frames 15: no 'flight 15 of 20 frames at 10 fps' line in: $out"
for c in "memory max .* <= 256 MiB" "memory flat within 5 % over the flight" "largest GPU time <= 1.5 x the median" \
         "largest wall time <= 1.5 x the median"; do
    grep -qE "^(PASS|FAIL)  .*$c" <<<"$out" || fail "no PASS/FAIL line for '$c' in: $out"
done
# the ceiling is --cpu-max-ms's: no frame records in a microsecond
grep -qE "^FAIL  largest CPU time of the rendering thread <= 0.00 ms on every frame" <<<"$out" ||
    fail "--cpu-max-ms 0.001: no FAIL line for the CPU ceiling in: $out"
for s in "the rendering thread's CPU ms" "GPU ms" "wall ms"; do
    [ "$(grep -A5 -F "worst frames by $s (" <<<"$out" | grep -cE '^  frame [0-9]+ +[0-9.]+ / [0-9.]+ / [0-9.]+: [0-9]+ pages requested, [0-9]+ arrived')" -eq 5 ] ||
        fail "no five worst frames by $s in: $out"
done
grep -qE '^  frame 13 +t = +1.300 s' <<<"$out" || fail "the teleport at frame 13 is not listed: $out"
grep -qF "wrote $tmp/f.svg" <<<"$out" || fail "no 'wrote $tmp/f.svg' line: $out"
if [ -f "$tmp/f.svg" ]; then
    svg=$(cat "$tmp/f.svg")
    [ "$(grep -c '<polyline' <<<"$svg")" -eq 2 ] || fail "the plot should have two curves (GPU ms, memory)"
    [ "$(grep -c '<g transform' <<<"$svg")" -eq 2 ] || fail "the plot should have two panels"
    [ "$(grep -c 'class="mark"' <<<"$svg")" -eq 2 ] || fail "the teleport should be marked in both panels"
    grep -qF "small.json: GPU ms per frame" <<<"$svg" || fail "the plot has no 'small.json: GPU ms per frame' title"
else
    fail "--plot wrote no $tmp/f.svg"
fi

# --plot writes SVG only: a .png name is refused before anything runs (a still scene's bars: test_bench_plot.sh)
"$SWARD" bench "$SCENE" --plot "$tmp/x.png" >/dev/null 2>"$tmp/stderr"; rc=$?
[ "$rc" -eq 2 ] || fail "--plot x.png: exit $rc, expected 2"
grep -qF -- "sward writes SVG plots only; give a file name ending in .svg" "$tmp/stderr" || fail "--plot x.png: $(cat "$tmp/stderr")"
[ ! -e "$tmp/x.png" ] || fail "--plot x.png wrote a file"

if [ "$failures" -ne 0 ]; then echo "test_flight: $failures failure(s)" >&2; exit 1; fi
echo "test_flight: ok"
