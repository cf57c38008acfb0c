#!/usr/bin/env bash
# `sward --help`, `sward CMD --help` and `sward help CMD` print to stdout, exit 0 and mention every flag;
# `sward --version` prints the version.
set -u
SWARD=${1:?usage: test_help.sh /path/to/sward}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# run ARGS...: sets $out, $err, $rc
run() {
    out=$("$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run --help
[ "$rc" -eq 0 ] || fail "sward --help: exit $rc, expected 0"
[ -z "$err" ] || fail "sward --help wrote to stderr: $err"
for word in render bench devices help --version; do
    grep -qF -- "$word" <<<"$out" || fail "sward --help does not mention '$word'"
done
for code in 0 2 3 4 5 6; do
    grep -qE "^ +$code " <<<"$out" || fail "sward --help does not document exit status $code"
done
run -h
[ "$rc" -eq 0 ] || fail "sward -h: exit $rc"
run help
[ "$rc" -eq 0 ] && grep -q "Commands:" <<<"$out" || fail "sward help: exit $rc or no command list"

run --version
[ "$rc" -eq 0 ] || fail "sward --version: exit $rc"
grep -qE '^sward [0-9]+\.[0-9]+\.[0-9]+$' <<<"$out" || fail "sward --version printed '$out'"

check_cmd() {
    local cmd=$1; shift
    run "$cmd" --help
    local help=$out
    [ "$rc" -eq 0 ] || fail "sward $cmd --help: exit $rc, expected 0"
    [ -z "$err" ] || fail "sward $cmd --help wrote to stderr: $err"
    grep -q "^Usage: sward $cmd" <<<"$help" || fail "sward $cmd --help has no 'Usage: sward $cmd' line"
    for flag in "$@"; do
        grep -qF -- "$flag" <<<"$help" || fail "sward $cmd --help does not mention $flag"
    done
    run help "$cmd"
    [ "$rc" -eq 0 ] || fail "sward help $cmd: exit $rc"
    [ "$out" = "$help" ] || fail "sward help $cmd differs from sward $cmd --help"
    run "$cmd" -h
    [ "$rc" -eq 0 ] && [ "$out" = "$help" ] || fail "sward $cmd -h differs from --help (exit $rc)"
    # --help wins over other (even bad) flags
    run "$cmd" --no-such-flag --help
    [ "$rc" -eq 0 ] || fail "sward $cmd --no-such-flag --help: exit $rc, expected 0"
}

check_cmd render -o --output --width --height --time --seed --frames --fps --video --set PATH=VALUE --device --validate --quiet \
    --verbose --help %04d SCENE.json
check_cmd bench --frames --width --height --set PATH=VALUE --device --validate --json --verbose --help SCENE.json \
    device device_type scene width height frames passes min_ms median_ms total_gpu_ms candidates \
    blades_drawn blades_high blades_low triangles tiles gpu_memory_bytes cpu_ms blades_per_ms
check_cmd devices --help

if [ "$failures" -ne 0 ]; then echo "test_help: $failures failure(s)" >&2; exit 1; fi
echo "test_help: ok"
