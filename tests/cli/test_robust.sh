#!/usr/bin/env bash
# Odd input through the whole command (found by trying it as a demanding user): height maps that are a
# folder, a FIFO or a device are I/O errors (exit 3) at once, never a hang; a --frames/--fps range that runs
# past render.time's limit is a usage error (exit 2) before anything renders; a scene with a UTF-8 byte
# order mark renders. A FIFO as the scene (exit 3, no hang); escape sequences from a scene never
# reach the terminal; a write that fails (/dev/full, the file-size limit) exits 3 with the system's reason
# and leaves no file; a scene of exactly 4 MiB renders; bench --json is valid JSON for any scene path.
# Bad scenes with exit 2 live in tests/data/bad (test_bad_scenes.sh).
set -u
SWARD=${1:?usage: test_robust.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the repository}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect CODE 'stderr substring' ARGS...
expect() {
    local code=$1 msg=$2; shift 2
    local out rc err
    out=$(timeout 60 "$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    local what="sward $*"
    if [ "$rc" -ge 124 ]; then fail "$what: crashed or hung (exit $rc): $err"; return; fi
    [ "$rc" -eq "$code" ] || fail "$what: exit $rc, expected $code (stderr: $err)"
    grep -qF -- "$msg" <<<"$err" || fail "$what: stderr does not contain \"$msg\"; it was: $err"
    [ -z "$out" ] || fail "$what: printed to stdout on error: $out"
}

heightmap_scene() { # FILE PATH: a scene whose height map is PATH
    printf '{"terrain": {"size": 64, "heightmap": {"path": "%s"}}, "grass": [{}]}\n' "$2" >"$1"
}

mkdir "$tmp/adir"
heightmap_scene "$tmp/dir.json" adir
expect 3 "dir.json: terrain.heightmap.path: $tmp/adir: cannot read: it is a folder" render "$tmp/dir.json" -o "$tmp/x.png"
mkfifo "$tmp/fifo.png"
heightmap_scene "$tmp/fifo.json" fifo.png
expect 3 "fifo.json: terrain.heightmap.path: $tmp/fifo.png: cannot read: not a regular file" \
    render "$tmp/fifo.json" -o "$tmp/x.png"
heightmap_scene "$tmp/zero.json" /dev/zero
expect 3 "zero.json: terrain.heightmap.path: /dev/zero: cannot read: not a regular file" \
    render "$tmp/zero.json" -o "$tmp/x.png"
heightmap_scene "$tmp/missing.json" nothere.png
expect 3 "missing.json: terrain.heightmap.path: $tmp/nothere.png: cannot read: No such file or directory" \
    render "$tmp/missing.json" -o "$tmp/x.png"

expect 2 "sward render: --frames 3 at --fps 1 from time 99999.5 reach time 100001.5, beyond the range of render.time" \
    render "$SRC/scenes/small.json" --time 99999.5 --frames 3 --fps 1 -o "$tmp/f_%d.png"
[ ! -e "$tmp/x.png" ] && [ ! -e "$tmp/f_0.png" ] || fail "an image was written by a failing command"

# A byte order mark is skipped; the scene renders.
# (the scenes this test renders have their shadow maps at 512 texels and no TAA warm-up: what it tests is the files,
# and on lavapipe a render is then a third of its time)
LEAN='"shadow_size": 512, "features": {"taa": false}'
printf '\xef\xbb\xbf{"grass": [{}], "render": {"width": 16, "height": 16, %s}}\n' "$LEAN" >"$tmp/bom.json"
out=$("$SWARD" render "$tmp/bom.json" -o "$tmp/bom.png" --quiet 2>&1); rc=$?
[ "$rc" -eq 0 ] && [ -s "$tmp/bom.png" ] || fail "render bom.json: exit $rc: $out"

# ---- hostile input ----
# A FIFO (or a device) as the scene: refused at once.
mkfifo "$tmp/scene.fifo"
expect 3 "$tmp/scene.fifo: cannot read: not a regular file" render "$tmp/scene.fifo" -o "$tmp/x.png"
expect 3 "/dev/zero: cannot read: not a regular file" bench /dev/zero --frames 1

# An escape sequence in a scene string reaches stderr escaped, never raw.
printf '{"grass": [{"name": "\\u001b[2J", "wind_model": "\\u001b]0;owned\\u0007"}]}\n' >"$tmp/esc.json"
expect 2 'got "\x1b]0;owned\x07"' render "$tmp/esc.json" -o "$tmp/x.png"
if LC_ALL=C grep -q "$(printf '\033')" "$tmp/stderr"; then fail "an escape character reached stderr raw"; fi

small="$tmp/small.json"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); s["render"]["features"] = {"taa": False}; s["render"]["shadow_size"] = 512; json.dump(s, open(sys.argv[2], "w"))' \
    "$SRC/scenes/small.json" "$small" || fail "cannot copy scenes/small.json"
# /dev/full: exit 3 with the system's reason (the device is written in place, never replaced).
expect 3 "sward: /dev/full: cannot write: No space left on device" render "$small" --width 32 --height 18 \
    -o /dev/full --quiet
[ -c /dev/full ] || fail "/dev/full is no longer a device"
# A disk that fills half-way through the image (simulated by the file-size limit, 1 KiB): exit 3, the
# reason, no partial file, no temporary file, and the previous image of that name is kept.
mkdir "$tmp/full"
printf 'old' >"$tmp/full/x.png"
out=$( (ulimit -f 1; exec timeout 300 "$SWARD" render "$small" -o "$tmp/full/x.png" --quiet) \
    2>"$tmp/stderr"); rc=$?
err=$(cat "$tmp/stderr")
[ "$rc" -eq 3 ] || fail "render under ulimit -f 1: exit $rc, expected 3 ($err)"
grep -qF "$tmp/full/x.png: cannot write: File too large" <<<"$err" || fail "render under ulimit -f 1: stderr: $err"
[ "$(cat "$tmp/full/x.png")" = old ] || fail "the previous x.png was overwritten by a failed write"
[ "$(ls -A "$tmp/full")" = x.png ] || fail "files left behind by a failed write: $(ls -A "$tmp/full")"
# The same command without the limit replaces the file, and leaves nothing else.
out=$("$SWARD" render "$small" -o "$tmp/full/x.png" --quiet 2>&1); rc=$?
[ "$rc" -eq 0 ] && [ "$(head -c 4 "$tmp/full/x.png" | tail -c 3)" = PNG ] || fail "render to full/x.png: exit $rc: $out"
[ "$(ls -A "$tmp/full")" = x.png ] || fail "files left behind by a write: $(ls -A "$tmp/full")"

# A scene of exactly 4 MiB renders (one byte more is refused: test_errors.sh).
base='{"grass": [{}], "render": {"width": 16, "height": 16, '"$LEAN"'}}'
{ printf '%s' "$base"; head -c $((4194304 - ${#base})) /dev/zero | tr '\0' ' '; } >"$tmp/exact.json"
[ "$(stat -c %s "$tmp/exact.json")" -eq 4194304 ] || fail "exact.json is not 4194304 bytes"
out=$("$SWARD" render "$tmp/exact.json" -o "$tmp/exact.png" --quiet 2>&1); rc=$?
[ "$rc" -eq 0 ] && [ -s "$tmp/exact.png" ] || fail "render of a 4194304-byte scene: exit $rc: $out"

# bench --json prints valid JSON (UTF-8) when the scene path is not UTF-8.
odd="$tmp/sc$(printf '\377\376')ne\"q.json"
cp "$small" "$odd"
"$SWARD" bench "$odd" --json --frames 1 --width 16 --height 16 >"$tmp/bench.json" 2>"$tmp/stderr"; rc=$?
[ "$rc" -eq 0 ] || fail "bench --json on a non-UTF-8 path: exit $rc: $(cat "$tmp/stderr")"
python3 -c '
import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))
assert d["scene"].endswith("/sc\ufffd\ufffdne\"q.json"), d["scene"]
' "$tmp/bench.json" || fail "bench --json on a non-UTF-8 path is not valid JSON: $(cat "$tmp/bench.json")"

if [ "$failures" -ne 0 ]; then echo "test_robust: $failures failure(s)" >&2; exit 1; fi
echo "test_robust: ok"
