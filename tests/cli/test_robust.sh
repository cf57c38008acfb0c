#!/usr/bin/env bash
# Odd input through the whole command (found by trying it as a demanding user): height maps that are a
# folder, a FIFO or a device are I/O errors (exit 3) at once, never a hang; a --frames/--fps range that runs
# past render.time's limit is a usage error (exit 2) before anything renders; a scene with a UTF-8 byte
# order mark renders. Bad scenes with exit 2 live in tests/data/bad (test_bad_scenes.sh).
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
printf '\xef\xbb\xbf{"grass": [{}], "render": {"width": 16, "height": 16}}\n' >"$tmp/bom.json"
out=$("$SWARD" render "$tmp/bom.json" -o "$tmp/bom.png" --quiet 2>&1); rc=$?
[ "$rc" -eq 0 ] && [ -s "$tmp/bom.png" ] || fail "render bom.json: exit $rc: $out"

if [ "$failures" -ne 0 ]; then echo "test_robust: $failures failure(s)" >&2; exit 1; fi
echo "test_robust: ok"
