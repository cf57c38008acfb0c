#!/usr/bin/env bash
# The world and CLI side of hostile input: hostile world folders and flags.
# - A world folder that is missing or a file, a world.json or heights.bin that is a FIFO, a maps.bin that is a
#   folder: file errors (exit 3) at once, never a hang, naming the scene, terrain.world and the file.
# - A NaN height, a height outside world.json's range, a bad grass type in a page far outside the first window:
#   refused at load (exit 2) with the file, the page and the sample; a heights.bin from another bake (its stamp)
#   too.
# - `bake world -o DIR` into the folder the scene streams from: succeeds and leaves the same bytes; a bake that
#   fails midway (the file-size limit) exits 3, one interrupted (SIGTERM) ends by the signal: both leave the
#   previous world whole and no temporary file.
# - A streamed 16 km fBm world of 16 octaves: the budget error for its windows, in milliseconds.
# - bench --plot sub/dir/x.svg creates the folders; a --plot under a file fails (exit 3) before the device
#   starts (the bad --device is never reached).
# - A 120 KB malformed --set value: the message keeps its reason and quotes the value cut.
set -u
SWARD=${1:?usage: test_hostile_world.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# expect CODE 'stderr substring' ARGS...: the exit status, the message, nothing on stdout, within 20 s.
expect() {
    local code=$1 msg=$2; shift 2
    local out rc err
    out=$(timeout 20 "$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    local what="sward $*"
    what=${what:0:200}
    if [ "$rc" -ge 124 ]; then fail "$what: crashed or hung (exit $rc): $err"; return; fi
    [ "$rc" -eq "$code" ] || fail "$what: exit $rc, expected $code (stderr: ${err:0:600})"
    grep -qF -- "$msg" <<<"$err" || fail "$what: stderr does not contain \"$msg\"; it was: ${err:0:600}"
    [ -z "$out" ] || fail "$what: printed to stdout on error: $out"
}

# A generated world of 256 m at 2 m with pages of 16 (8 x 8 map pages): the first window of a draw distance of
# 20 m is 5 x 5 pages around the origin, so page (7, 7) is outside it.
GRASS='"grass": [{"name": "short", "density": 4}, {"name": "tall", "density": 2, "patches": {"scale": 10, "coverage": 0.5}}],
  "render": {"width": 32, "height": 18, "draw_distance": 20, "lod_distance": 8},
  "camera": {"position": [0, 3, 0], "target": [10, 0, 12], "above_ground": true}'
cat >gen.json <<JSON
{ "terrain": {"size": 256, "resolution": 129, "fbm": {"amplitude": 6, "wavelength": 60, "octaves": 2}}, $GRASS }
JSON
"$SWARD" bake world gen.json -o w --page 16 --quiet 2>stderr || fail "bake world: $(cat stderr)"
[ -s w/world.json ] || { echo "FAIL: no world to test with" >&2; exit 1; }

# world NAME: a copy of the world w as NAME and a scene NAME.json that streams it
world() {
    rm -rf "$1"; cp -r w "$1"
    cat >"$1.json" <<JSON
{ "terrain": {"world": "$tmp/$1"}, $GRASS }
JSON
}

# ---- file errors: exit 3, at once ----
world fifo_h; rm fifo_h/heights.bin; mkfifo fifo_h/heights.bin
expect 3 "fifo_h.json: terrain.world: $tmp/fifo_h/heights.bin: cannot read: not a regular file" \
    render fifo_h.json -o x.png
world fifo_m; rm fifo_m/maps.bin; mkfifo fifo_m/maps.bin
expect 3 "fifo_m.json: terrain.world: $tmp/fifo_m/maps.bin: cannot read: not a regular file" \
    render fifo_m.json -o x.png
world fifo_j; rm fifo_j/world.json; mkfifo fifo_j/world.json
expect 3 "fifo_j.json: terrain.world: $tmp/fifo_j/world.json: cannot read: not a regular file" \
    render fifo_j.json -o x.png
world dir_m; rm dir_m/maps.bin; mkdir dir_m/maps.bin
expect 3 "dir_m.json: terrain.world: $tmp/dir_m/maps.bin: cannot read: it is a folder" render dir_m.json -o x.png
world gone; rm -r gone
expect 3 "gone.json: terrain.world: $tmp/gone: cannot read the world folder: No such file or directory" \
    render gone.json -o x.png
world afile; rm -r afile; echo x >afile
expect 3 "afile.json: terrain.world: $tmp/afile: cannot read the world folder: not a folder" \
    render afile.json -o x.png
# bench and bake world read the world the same way
expect 3 "fifo_h/heights.bin: cannot read: not a regular file" bench fifo_h.json --frames 1
expect 3 "fifo_h/heights.bin: cannot read: not a regular file" bake world fifo_h.json -o out_fifo
[ ! -e x.png ] || fail "an image was written by a failing command"

# ---- bad pages: exit 2, at load, wherever the page is ----
# poke NAME FILE OFFSET PYTHON-BYTES: overwrite bytes of NAME/FILE
poke() { python3 -c "import struct; f = open('$1/$2', 'r+b'); f.seek($3); f.write($4)"; }
page_h=$((16 * 16 * 4)); pages_h=9 # heights.bin: 9 x 9 pages of 16^2 float32
world nan
poke nan heights.bin $((32 + (7 * pages_h + 6) * page_h + 4 * (16 * 2 + 3))) "struct.pack('<f', float('nan'))"
expect 2 "nan.json: terrain.world: $tmp/nan/heights.bin: page (6, 7): sample (99, 114) is not a number (NaN)" \
    render nan.json -o x.png
world high
poke high heights.bin $((32 + (0 * pages_h + 7) * page_h + 4 * 5)) "struct.pack('<f', 1000.0)"
expect 2 "high.json: terrain.world: $tmp/high/heights.bin: page (7, 0): sample (117, 0) is 1000, outside world.json's height range [" \
    render high.json -o x.png
# maps.bin: 8 x 8 pages of 4 x 16^2 bytes, the type bytes first; type 9 with two grass types, in page (7, 7)
world badtype
poke badtype maps.bin $((32 + (7 * 8 + 7) * 4 * 256 + 16 * 15 + 15)) "bytes([9])"
expect 2 "badtype.json: terrain.world: $tmp/badtype/maps.bin: page (7, 7): texel (127, 127) has type 9, but the scene has 2 grass types" \
    render badtype.json -o x.png
# held whole, the same checks
sed 's#/badtype"}#/badtype", "stream": false}#' badtype.json >badtype_whole.json
expect 2 "badtype/maps.bin: page (7, 7): texel (127, 127) has type 9, but the scene has 2 grass types" \
    render badtype_whole.json -o x.png
sed 's#/nan"}#/nan", "stream": false}#' nan.json >nan_whole.json
expect 2 "nan/heights.bin: page (6, 7): sample (99, 114) is not a number (NaN)" render nan_whole.json -o x.png
# a heights.bin of another bake (another amplitude, the same sizes): its stamp is not world.json's
"$SWARD" bake world gen.json --set terrain.fbm.amplitude=5 -o w5 --page 16 --quiet 2>stderr || fail "bake w5: $(cat stderr)"
world mixed; cp w5/heights.bin mixed/
expect 2 "mixed.json: terrain.world: $tmp/mixed/heights.bin: stamp " render mixed.json -o x.png
grep -qF "but world.json's is $(python3 -c "import json; print(json.load(open('w/world.json'))['stamp'])")" stderr ||
    fail "mixed: the message does not give world.json's stamp: $(cat stderr)"
[ ! -e x.png ] || fail "an image was written by a failing command"

# ---- bake world: never destroys its input ----
world self
cp -r self self.orig
out=$(timeout 60 "$SWARD" bake world self.json -o self 2>stderr); rc=$?
[ "$rc" -eq 0 ] || fail "bake world into the folder it streams from: exit $rc: $(cat stderr)"
for f in heights.bin maps.bin world.json; do cmp -s self/$f self.orig/$f || fail "bake into its own folder: $f changed"; done
sed 's#/self"}#/self", "stream": false}#' self.json >self_whole.json
timeout 60 "$SWARD" bake world self_whole.json -o self --quiet 2>stderr || fail "bake held whole into itself: $(cat stderr)"
for f in heights.bin maps.bin world.json; do cmp -s self/$f self.orig/$f || fail "bake held whole into itself: $f changed"; done
timeout 60 "$SWARD" render self.json -o self.png --quiet 2>stderr || fail "render after the bake into itself: $(cat stderr)"
# A write that fails midway (the file-size limit, 4 KiB: heights.bin needs 82976 bytes): exit 3 with the
# reason, the previous world whole, no temporary file left.
world full
cp -r full full.orig
( ulimit -f 4; exec timeout 60 "$SWARD" bake world gen.json --set terrain.fbm.amplitude=5 -o full --page 16 --quiet ) \
    >out 2>stderr; rc=$?
[ "$rc" -eq 3 ] || fail "bake world under ulimit -f 4: exit $rc, expected 3 ($(cat stderr))"
grep -qF "full/heights.bin: cannot write: File too large" stderr || fail "bake world under ulimit -f 4: $(cat stderr)"
for f in heights.bin maps.bin world.json; do cmp -s full/$f full.orig/$f || fail "a failed bake changed $f"; done
[ "$(ls -A full | wc -l)" -eq 3 ] || fail "a failed bake left files behind: $(ls -A full)"
timeout 60 "$SWARD" render full.json -o full.png --quiet 2>stderr || fail "render after the failed bake: $(cat stderr)"
# A bake interrupted midway (SIGTERM while it generates a 2049^2 world, a few seconds of work): it ends by the
# signal, removes its temporary files, and the previous world stays whole.
cat >long.json <<'JSON'
{ "terrain": {"size": 2048, "resolution": 2049, "fbm": {"amplitude": 20, "wavelength": 300, "octaves": 8}, "stream": {}},
  "grass": [{"name": "short"}, {"name": "tall"}], "render": {"draw_distance": 20, "lod_distance": 8},
  "camera": {"position": [0, 3, 0], "target": [10, 0, 12], "above_ground": true} }
JSON
world killed
"$SWARD" bake world long.json -o killed --quiet 2>stderr & pid=$!
for _ in $(seq 200); do ls -A killed | grep -q '\.tmp$' && break; sleep 0.05; done
ls -A killed | grep -q '\.tmp$' || fail "interrupted bake: no temporary file appeared ($(ls -A killed))"
kill -TERM "$pid"; wait "$pid"; rc=$?
[ "$rc" -eq 143 ] || fail "interrupted bake: exit $rc, expected 143 (SIGTERM): $(cat stderr)"
for f in heights.bin maps.bin world.json; do cmp -s killed/$f w/$f || fail "an interrupted bake changed $f"; done
[ "$(ls -A killed | wc -l)" -eq 3 ] || fail "an interrupted bake left files behind: $(ls -A killed)"
# an output folder whose heights.bin is a FIFO: refused (exit 3), the FIFO left as it is
mkdir fifo_out; mkfifo fifo_out/heights.bin
expect 3 "fifo_out/heights.bin: cannot write: not a regular file" bake world gen.json -o fifo_out
[ -p fifo_out/heights.bin ] && [ "$(ls -A fifo_out | wc -l)" -eq 1 ] || fail "bake into a FIFO: $(ls -lA fifo_out)"

# ---- the work budget counts a streamed world's windows, before computing them ----
cat >big.json <<'JSON'
{ "terrain": {"size": 16384, "resolution": 16385, "fbm": {"amplitude": 100, "wavelength": 2000, "octaves": 16}, "stream": {}},
  "grass": [{"density": 0.01}], "render": {"width": 32, "height": 18, "draw_distance": 1500, "lod_distance": 100},
  "camera": {"position": [0, 150, 0], "target": [10, 0, 12]} }
JSON
start=$(date +%s%N)
expect 2 "big.json: terrain.stream.window: the streamed windows of 3200 x 3200 samples x 16 octaves of fBm is 163840000 units of work" \
    render big.json -o x.png
[ $(( ($(date +%s%N) - start) / 1000000 )) -lt 5000 ] || fail "the budget error took more than 5 s"
expect 2 "more than the load work budget of 100000000" bake world big.json -o big

# ---- bench --plot: folders created, the target checked before the device starts ----
small="$SRC/scenes/small.json"
timeout 120 "$SWARD" bench "$small" --frames 1 --width 32 --height 18 --plot sub/dir/x.svg >out 2>stderr; rc=$?
[ "$rc" -eq 0 ] && [ -s sub/dir/x.svg ] || fail "bench --plot sub/dir/x.svg: exit $rc, $(cat stderr)"
echo x >plotfile
# --device 99 does not exist: reaching the device would exit 4; the plot's path is refused before (exit 3)
expect 3 "cannot create folder 'plotfile' for 'plotfile/x.svg': a file of that name exists" \
    bench "$small" --frames 1 --plot plotfile/x.svg --device 99
mkdir plotdir.svg
expect 3 "cannot write 'plotdir.svg': it is a folder" bench "$small" --frames 1 --plot plotdir.svg --device 99

# ---- --set: a huge malformed value keeps the reason ----
long=$(python3 -c "print('[' + '1,' * 60000)")
expect 2 "override 'sun.elevation=[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1…': VALUE:1:120002: JSON syntax error: expected a value" \
    render --set "sun.elevation=$long" -o x.png
[ "$(wc -c <stderr)" -lt 400 ] || fail "--set: the message is $(wc -c <stderr) bytes"
long=$(python3 -c "print('a' * 120000)")
expect 2 "…': expected PATH=VALUE (e.g. sun.elevation=10), found no '='" render --set "$long" -o x.png
expect 2 "expected a number, got a string (set by override 'sun.elevation=\"aaaaaaaaaa" \
    render --set "sun.elevation=\"$long\"" -o x.png
grep -qF "aaa…')" stderr || fail "--set: the quoted string value is not cut: $(head -c 300 stderr)"

[ "$failures" -eq 0 ] && echo "hostile world: all checks passed"
exit $((failures > 0))
