#!/usr/bin/env bash
# Every tests/data/bad/NAME.json is rejected by `sward render` with exit status 2 and a message on stderr
# containing each line of tests/data/bad/NAME.expect (exact substrings), and no image is written.
set -u
SWARD=${1:?usage: test_bad_scenes.sh /path/to/sward}
DATA=${SWARD_TEST_DATA:?SWARD_TEST_DATA must point to tests/data}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

shopt -s nullglob
scenes=("$DATA"/bad/*.json)
if [ "${#scenes[@]}" -eq 0 ]; then
    echo "FAIL: no bad scenes in $DATA/bad (expected NAME.json files, each with a NAME.expect)" >&2
    exit 1
fi

for scene in "${scenes[@]}"; do
    name=$(basename "$scene")
    expect_file="${scene%.json}.expect"
    if [ ! -f "$expect_file" ]; then fail "$name: no ${expect_file##*/} next to it"; continue; fi
    rm -f "$tmp/x.png"
    out=$("$SWARD" render "$scene" -o "$tmp/x.png" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
    if [ "$rc" -ge 128 ]; then fail "$name: crashed (exit $rc): $err"; continue; fi
    [ "$rc" -eq 2 ] || fail "$name: exit $rc, expected 2 (stderr: $err)"
    [ -n "$err" ] || fail "$name: no message on stderr"
    [ "$(grep -c . <<<"$err")" -le 3 ] || fail "$name: expected a short message, got: $err"
    lines=0
    while IFS= read -r line || [ -n "$line" ]; do
        [ -n "$line" ] || continue
        lines=$((lines + 1))
        grep -qF -- "$line" <<<"$err" || fail "$name: stderr does not contain \"$line\"; it was: $err"
    done <"$expect_file"
    [ "$lines" -gt 0 ] || fail "$name: ${expect_file##*/} is empty"
    [ ! -e "$tmp/x.png" ] || fail "$name: an image was written for a bad scene"
    [ -z "$out" ] || fail "$name: printed to stdout: $out"
done

if [ "$failures" -ne 0 ]; then echo "test_bad_scenes: $failures failure(s) in ${#scenes[@]} scenes" >&2; exit 1; fi
echo "test_bad_scenes: ok (${#scenes[@]} scenes)"
