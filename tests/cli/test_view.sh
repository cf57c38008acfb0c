#!/usr/bin/env bash
# `sward view` (SPEC TL1, TL2) under Xvfb on lavapipe, validation on: one viewer, driven by a script on its
# stdin while this test edits its files:
#   - a screenshot equals `sward render` of the same camera and time (the command the viewer prints, run);
#   - a feature key (2: shadows, on in the test's scenes, so off) changes the image, and the screenshot equals
#     render with that --set;
#   - a moved camera (script `camera`) screenshot equals render with the printed camera;
#   - an edited scene is reloaded (stdout says so) and the next screenshot differs, equal to render of the edit;
#   - a broken edit shows file:line:col and the field in the HUD (red text on the window's frame) and on stderr,
#     and the last good scene keeps running (its screenshot unchanged);
#   - a changed height-map image is reloaded too;
#   - resizing the window resizes the frames;
#   - closing the window exits 0 with no validation message (the layer reports leaked Vulkan objects too).
# Also: --frames N --screenshot, and the errors (no display, --screenshot without --frames, a bad script line).
set -u
SWARD=${1:?usage: test_view.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the source folder}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# shellcheck source=tests/cli/xvfb.sh
. "$(dirname "$0")/xvfb.sh"
tmp=$(mktemp -d); trap 'exec 3>&- 2>/dev/null; stop_xvfb; rm -rf "$tmp"' EXIT
trap '' PIPE # a viewer that exited early must not kill the test with SIGPIPE: its exit status says why
start_xvfb 1024x768x24
VALIDATE=()
ls /usr/share/vulkan/explicit_layer.d/*validation* >/dev/null 2>&1 && VALIDATE=(--validate)
# the shadow maps at 512 texels a side (at 2048 on lavapipe half of each frame the viewer and the references
# render; the shadows' own tests are gpu_shadows and gpu_lit_heights): on, as in the scenes, only coarser
SIZE=(--set render.width=160 --set render.height=90 --set render.shadow_size=512)

# the screenshot line's "the same as: sward render ..." run, its image compared with the screenshot
same_as_render() { # LOGFILE PNG WHAT
    local line cmd
    line=$(grep -F "wrote $2 (" "$1" | tail -1)
    [ -n "$line" ] || { fail "$3: no 'wrote $2' line in the viewer's output"; return; }
    cmd=${line#*the same as: sward }
    cmd=${cmd//-o $2/-o $2.render.png}
    eval "\"$SWARD\" $cmd --quiet" 2>"$tmp/render_err" || { fail "$3: render failed: $(cat "$tmp/render_err")"; return; }
    cmp -s "$2" "$2.render.png" || fail "$3: the screenshot differs from: sward $cmd"
}
wait_reloads() { # N: stdout has N "reloaded" lines (the viewer has taken the last change in)
    for _ in $(seq 1 600); do [ "$(grep -c '^reloaded ' "$tmp/out")" -ge "$1" ] && return 0; sleep 0.1; done
    return 1
}
wait_file() { # PATH: the viewer wrote it (or gave up)
    for _ in $(seq 1 600); do [ -s "$1" ] && return 0; kill -0 "$pid" 2>/dev/null || return 1; sleep 0.1; done
    return 1
}
# red_pixels PNG: pixels of the HUD's error colour (255, 90, 80)
red_pixels() {
    python3 - "$1" <<'PY'
import sys, zlib, struct
data = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", data[16:24])
idat, pos = b"", 8
while pos < len(data):
    n, t = struct.unpack(">I4s", data[pos:pos + 8]); pos += 8
    if t == b"IDAT": idat += data[pos:pos + n]
    pos += n + 4
raw, bpp, stride = zlib.decompress(idat), 4, w * 4
prev, rows, p = bytearray(stride), [], 0
for y in range(h):
    f = raw[p]; line = bytearray(raw[p + 1:p + 1 + stride]); p += 1 + stride
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
print(sum(1 for r in rows for x in range(w) if r[4*x] == 255 and r[4*x+1] == 90 and r[4*x+2] == 80))
PY
}

# ---- a scene of our own to edit: small.json, with its height map as a PNG of ours -------------------------
python3 - "$tmp" <<'PY'
import json, struct, sys, zlib
d = sys.argv[1]
def png(path, v):
    rows = b"".join(b"\0" + bytes(v(i, j) for i in range(33)) for j in range(33))
    def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)
    open(path, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 33, 33, 8, 0, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
png(d + "/h.png", lambda i, j: (i * 5 + j * 2) % 256)
png(d + "/h2.png", lambda i, j: 255 - (i * 7) % 256)
PY
# (key 2 turns the shadows off for one screenshot)
sed 's/"fbm": {[^}]*}/"heightmap": { "path": "h.png", "min": 0, "max": 3 }/; s/"resolution": 65,//' \
    "$SRC/scenes/small.json" > "$tmp/scene.json"
grep -q '"heightmap"' "$tmp/scene.json" || fail "test setup: the scene has no heightmap"
"$SWARD" render "$tmp/scene.json" "${SIZE[@]}" -o "$tmp/check.png" --quiet || fail "test setup: the scene does not render"

mkfifo "$tmp/cmd"
"$SWARD" view "$tmp/scene.json" --script - --paused --width 320 --height 180 "${SIZE[@]}" \
    "${VALIDATE[@]}" <"$tmp/cmd" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/cmd"
say() { echo "$*" >&3; }

say "frames 2"; say "window-shot $tmp/w_ok.png"; say "screenshot $tmp/a.png"
wait_file "$tmp/a.png" || fail "no screenshot a.png: $(cat "$tmp/err")"
say "key 2"; say "frames 2"; say "screenshot $tmp/b.png"; say "key 2"
say "camera 3 2.5 -12 0 1 0"; say "frames 2"; say "screenshot $tmp/m.png"; say "key home"; say "frames 1"
# every file edit waits until the viewer has run all it was told (its last command wrote a file): a change
# seen while it still renders would be taken in before the next wait-reload, which would then wait in vain
say "window-shot $tmp/sync1.png"
wait_file "$tmp/sync1.png" || fail "no window-shot sync1.png: $(cat "$tmp/err")"
# the references now, before the files change (the viewer waits for its next command)
same_as_render "$tmp/out" "$tmp/a.png" "the first screenshot"
same_as_render "$tmp/out" "$tmp/b.png" "shadows off (key 2)"
same_as_render "$tmp/out" "$tmp/m.png" "the moved camera"
# an edit: the short grass turns red-brown
sleep 0.05
sed -i 's/"tip_color": \[0.25, 0.35, 0.06\]/"tip_color": [0.6, 0.2, 0.05]/' "$tmp/scene.json"
say "wait-reload 30"; say "screenshot $tmp/c.png"
wait_file "$tmp/c.png" || fail "no screenshot c.png: $(cat "$tmp/err")"
cp "$tmp/scene.json" "$tmp/edited.json"
"$SWARD" render "$tmp/edited.json" "${SIZE[@]}" -o "$tmp/c_ref.png" --quiet
# a broken edit: a negative density on line L of the file
sed -i '0,/"density": 20,/s//"density": -4,/' "$tmp/scene.json"
L=$(grep -n '"density": -4' "$tmp/scene.json" | cut -d: -f1)
say "wait-reload 30"; say "window-shot $tmp/w_err.png"; say "screenshot $tmp/d.png"
wait_file "$tmp/d.png" || fail "no screenshot d.png: $(cat "$tmp/err")"
# the height map changes (the scene fixed again first: back to the edited one)
cp "$tmp/edited.json" "$tmp/scene.json"
say "wait-reload 30"; say "frames 1"; say "window-shot $tmp/sync2.png"
wait_file "$tmp/sync2.png" || fail "no window-shot sync2.png: $(cat "$tmp/err")"
wait_reloads 2 || fail "the fixed scene was not reloaded: $(cat "$tmp/out")"
cp "$tmp/h2.png" "$tmp/h.png"
say "wait-reload 30"; say "screenshot $tmp/e.png"
wait_file "$tmp/e.png" || fail "no screenshot e.png: $(cat "$tmp/err")"
"$SWARD" render "$tmp/edited.json" "${SIZE[@]}" -o "$tmp/e_ref.png" --quiet
say "resize 200 120"; say "frames 3"; say "window-shot $tmp/w_small.png"
say "close"
exec 3>&-
wait "$pid"; rc=$?
[ "$rc" -eq 0 ] || fail "the viewer exited $rc: $(cat "$tmp/err")"
grep -qi "validation" "$tmp/err" && fail "validation messages: $(grep -i validation "$tmp/err" | head -5)"

cmp -s "$tmp/a.png" "$tmp/b.png" && fail "key 2 (shadows) did not change the image"
cmp -s "$tmp/a.png" "$tmp/m.png" && fail "the moved camera did not change the image"
grep -q "render.features.shadows=false" "$tmp/out" || fail "the screenshot after key 2 does not name the switch"
[ "$(grep -c '^reloaded ' "$tmp/out")" -ge 3 ] || fail "expected 3 reloads on stdout, got: $(grep '^reloaded' "$tmp/out")"
cmp -s "$tmp/a.png" "$tmp/c.png" && fail "the edited scene's screenshot equals the first one (no reload)"
cmp -s "$tmp/c.png" "$tmp/c_ref.png" || fail "the reloaded screenshot is not render of the edited scene"
grep -q "scene.json:$L:[0-9]*: grass\[0\].density: must be > 0" "$tmp/err" ||
    fail "the broken edit's error lacks file:$L:col and the field: $(cat "$tmp/err")"
cmp -s "$tmp/c.png" "$tmp/d.png" || fail "after the broken edit the last good scene did not keep running"
red_ok=$(red_pixels "$tmp/w_ok.png"); red_err=$(red_pixels "$tmp/w_err.png")
[ "$red_ok" -eq 0 ] || fail "the HUD shows error text before any error ($red_ok red pixels)"
[ "$red_err" -gt 100 ] || fail "the HUD does not show the broken edit's error ($red_err red pixels)"
cmp -s "$tmp/c.png" "$tmp/e.png" && fail "a changed height map was not reloaded"
cmp -s "$tmp/e.png" "$tmp/e_ref.png" || fail "the screenshot after the image change is not render of the new image"
python3 -c "
import struct,sys; d=open('$tmp/w_small.png','rb').read(); w,h=struct.unpack('>II',d[16:24])
sys.exit(0 if (w,h)==(200,120) else 1)" || fail "after resize 200 120 the window's frame is not 200x120"

# ---- --frames N --screenshot, with the clock running -----------------------------------------------------------
"$SWARD" view "$SRC/scenes/small.json" "${SIZE[@]}" --frames 4 --screenshot "$tmp/f.png" "${VALIDATE[@]}" \
    >"$tmp/out2" 2>"$tmp/err2" || fail "view --frames 4 --screenshot: $(cat "$tmp/err2")"
grep -q "time 0.100000001 s" "$tmp/out2" || fail "4 frames at 1/30 s from time 0 should end at 0.1 s: $(cat "$tmp/out2")"
same_as_render "$tmp/out2" "$tmp/f.png" "--frames 4 --screenshot"

# ---- errors ------------------------------------------------------------------------------------------------
expect_err() { # RC MESSAGE ARGS...
    local want=$1 msg=$2; shift 2
    "$@" >/dev/null 2>"$tmp/e_err"; local got=$?
    [ "$got" -eq "$want" ] || fail "$*: exit $got, want $want: $(cat "$tmp/e_err")"
    grep -qF -- "$msg" "$tmp/e_err" || fail "$*: stderr lacks '$msg': $(cat "$tmp/e_err")"
}
expect_err 2 "--screenshot needs --frames" "$SWARD" view --screenshot x.png
expect_err 4 "cannot open a window" env -u DISPLAY -u WAYLAND_DISPLAY "$SWARD" view "$SRC/scenes/small.json" --frames 1
printf 'frames 1\nfly 3\n' > "$tmp/bad_script"
expect_err 2 "line 2: unknown command 'fly'" "$SWARD" view "$SRC/scenes/small.json" "${SIZE[@]}" --script "$tmp/bad_script"
expect_err 3 "cannot read script '$tmp': it is a folder" "$SWARD" view "$SRC/scenes/small.json" "${SIZE[@]}" --script "$tmp"
expect_err 3 "cannot read script" "$SWARD" view --script "$tmp/no_such_script"
printf '{"grass": [{"density": -1}]}' > "$tmp/bad.json"
expect_err 2 "grass[0].density" "$SWARD" view "$tmp/bad.json" --frames 1

[ "$failures" -eq 0 ] && echo "ok: sward view" || exit 1
