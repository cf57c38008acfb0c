#!/usr/bin/env bash
# Every CLI error path: the exit status (2 usage / bad input, 3 I/O), a one-line message on stderr naming
# the problem, nothing on stdout, and never a crash (status >= 128). None of these needs a GPU.
set -u
SWARD=${1:?usage: test_errors.sh /path/to/sward}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# expect CODE 'stderr substring' ARGS...
expect() {
    local code=$1 msg=$2; shift 2
    local out rc err
    out=$("$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    local what="sward $*"
    if [ "$rc" -ge 128 ]; then fail "$what: crashed (exit $rc): $err"; return; fi
    [ "$rc" -eq "$code" ] || fail "$what: exit $rc, expected $code (stderr: $err)"
    grep -qF -- "$msg" <<<"$err" || fail "$what: stderr does not contain \"$msg\"; it was: $err"
    [ -z "$out" ] || fail "$what: printed to stdout on error: $out"
}

# commands
expect 2 "Usage: sward COMMAND"
expect 2 "unknown command 'frobnicate'" frobnicate
expect 2 "unknown option '--bogus'" --bogus
expect 2 "unknown command 'frobnicate'" help frobnicate
expect 2 "sward help:" help render bench

# flags
expect 2 "sward render: unknown option '--bogus'" render --bogus
expect 2 "sward render: unknown option '-x'" render -x
expect 2 "sward render: unknown option '--widht'" render --widht=5
expect 2 "sward bench: unknown option '--output'" bench --output x.png
expect 2 "sward devices: unknown option '--json'" devices --json
expect 2 "sward devices: unexpected argument 'extra'" devices extra
expect 2 "sward render: --width: missing value" render --width
expect 2 "sward render: -o: missing value" render -o
expect 2 "sward render: --width: given more than once" render --width 10 --width 20
expect 2 "sward render: --quiet: takes no value, got 'yes'" render --quiet=yes
expect 2 "cannot be used together" render --quiet --verbose
expect 2 "sward render: --output: expected a value, got ''" render --output=

# numbers: not numbers, partly numbers, out of range
expect 2 "sward render: --width: expected an integer from 1 to 8192, got 'abc'" render --width abc
expect 2 "sward render: --width: expected an integer from 1 to 8192, got '12x'" render --width 12x
expect 2 "sward render: --width: expected an integer from 1 to 8192, got ''" render --width=
expect 2 "sward render: --width: expected an integer from 1 to 8192, got ' 12'" render --width ' 12'
expect 2 "sward render: --width: expected an integer from 1 to 8192, got '1e3'" render --width 1e3
expect 2 "sward render: --width: expected an integer from 1 to 8192, got '0'" render --width 0
expect 2 "sward render: --width: expected an integer from 1 to 8192, got '8193'" render --width 8193
expect 2 "sward render: --width: expected an integer from 1 to 8192, got '-5'" render --width=-5
expect 2 "sward render: --height: expected an integer from 1 to 8192, got '99999999999999999999'" \
    render --height 99999999999999999999
expect 2 "sward render: --seed: expected an integer from 0 to 4294967295, got '-1'" render --seed -1
expect 2 "sward render: --seed: expected an integer from 0 to 4294967295, got '4294967296'" render --seed 4294967296
expect 2 "sward render: --time: expected a finite number of seconds, got 'nan'" render --time nan
expect 2 "sward render: --time: expected a finite number of seconds, got 'inf'" render --time inf
expect 2 "sward render: --time: expected a finite number of seconds, got '1e999'" render --time 1e999
expect 2 "sward render: --time: expected a finite number of seconds, got '0x10'" render --time 0x10
expect 2 "sward render: --time: expected a finite number of seconds, got '1.5s'" render --time 1.5s
expect 2 "sward render: --fps: expected a number greater than 0 and at most 1000, got '0'" render --fps 0
expect 2 "sward render: --fps: expected a number greater than 0 and at most 1000, got '-30'" render --fps -30
expect 2 "sward render: --fps: expected a number greater than 0 and at most 1000, got '1000.5'" render --fps 1000.5
expect 2 "sward render: --frames: expected an integer from 1 to 100000, got '0'" render --frames 0
expect 2 "sward render: --frames: expected an integer from 1 to 100000, got '100001'" render --frames 100001
expect 2 "sward render: --device: expected an integer from 0 to 255, got '-1'" render --device -1
expect 2 "sward bench: --frames: expected an integer from 1 to 100000, got '0'" bench --frames 0
expect 2 "sward bench: --width: expected an integer from 1 to 8192, got 'wide'" bench --width=wide
expect 2 "sward bench: --json: takes no value" bench --json=1

# the memory budget: 8192 x 8192 is within each flag's range but not the budget; refused before
# any device is started
expect 2 "sward: <default>: render.width, render.height: the scene needs about 4098." render --width 8192 --height 8192 -o "$tmp/x.png"
expect 2 "more than the memory budget of 2048.0 MiB" render --width 8192 --height 8192 -o "$tmp/x.png"
expect 2 "render targets 8192 x 8192 pixels (about 4096.0 MiB at 64 bytes a pixel); render fewer pixels" \
    bench --width 8192 --height 8192 --frames 1

# frame patterns
expect 2 "sward render: -o: with --frames 3 the output path needs a frame-number directive" \
    render --frames 3 -o "$tmp/x.png"
expect 2 "sward render: -o: bad frame pattern" render -o "$tmp/x_%s.png"
expect 2 "'%s' is not allowed" render -o "$tmp/x_%s.png"
expect 2 "more than one frame-number directive" render --frames 2 -o "$tmp/x_%d_%d.png"
expect 2 "'%4d' is not allowed" render --frames 2 -o "$tmp/x_%4d.png"
expect 2 "'%ld' is not allowed" render --frames 2 -o "$tmp/x_%ld.png"
expect 2 "'%' at the end" render -o "$tmp/x%"
expect 2 "sward render: -o: bad frame pattern" render -o "$tmp/100%.png"

# scenes
expect 2 "sward render: unexpected argument 'b.json': only one SCENE.json may be given" render a.json b.json
expect 2 "sward bench: unexpected argument 'b.json': only one SCENE.json may be given" bench a.json b.json
missing="$tmp/no such folder/missing.json"
expect 3 "$missing" render "$missing" -o "$tmp/x.png"
expect 3 "$missing" bench "$missing" --frames 1
expect 3 "$tmp" render "$tmp" -o "$tmp/x.png"
if [ "$(id -u)" -ne 0 ]; then
    echo '{}' >"$tmp/secret.json"; chmod 000 "$tmp/secret.json"
    expect 3 "$tmp/secret.json" render "$tmp/secret.json" -o "$tmp/x.png"
fi

# the scene size limit: one byte over 4 MiB (exactly 4 MiB renders: test_robust.sh)
{ printf '{"grass": [{}]}'; head -c $((4194304 + 1 - 15)) /dev/zero | tr '\0' ' '; } >"$tmp/over.json"
[ "$(stat -c %s "$tmp/over.json")" -eq 4194305 ] || fail "over.json is not 4194305 bytes"
expect 2 "$tmp/over.json: file is larger than the limit of 4194304 bytes" render "$tmp/over.json" -o "$tmp/x.png"

# outputs: checked before any rendering, so these need no device either
mkdir -p "$tmp/adir"
expect 3 "cannot write '$tmp/adir': it is a folder" render -o "$tmp/adir"
echo x >"$tmp/afile"
expect 3 "cannot create folder '$tmp/afile'" render -o "$tmp/afile/x.png"
expect 3 "cannot create folder '$tmp/afile'" render --frames 2 -o "$tmp/afile/f_%02d/x.png"
[ ! -e "$tmp/x.png" ] || fail "an output file was written by a failing command"

if [ "$failures" -ne 0 ]; then echo "test_errors: $failures failure(s)" >&2; exit 1; fi
echo "test_errors: ok"
