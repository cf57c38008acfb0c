#!/usr/bin/env bash
# `--set PATH=VALUE` of `sward render` and `sward bench` (docs/scene-format.md "Overrides"): it changes the
# scene exactly as the same field in the file would (byte-identical images), on a file and on the built-in
# scene, repeatable (the last wins); a bad value gets the loader's message for the field, the file's own
# message plus " (set by override 'PATH=VALUE')"; malformed flags are usage errors (exit 2, one line).
set -u
SWARD=${1:?usage: test_set.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SIZE=(--width 64 --height 36 --quiet)
# the built-in scene's renders with the shadow maps at 512 texels and without TAA's warm-up (a third of the time;
# --set means the same)
LEAN=(--set render.shadow_size=512 --set render.features.taa=false)

# run ARGS...: sets $rc, $out, $err
run() {
    out=$("$SWARD" "$@" 2>"$tmp/stderr"); rc=$?
    err=$(cat "$tmp/stderr")
}

# expect CODE 'stderr substring' ARGS...: exit status, one line on stderr containing it, nothing on stdout
expect() {
    local code=$1 msg=$2; shift 2
    run "$@"
    local what="sward $*"
    if [ "$rc" -ge 128 ]; then fail "$what: crashed (exit $rc): $err"; return; fi
    [ "$rc" -eq "$code" ] || fail "$what: exit $rc, expected $code (stderr: $err)"
    grep -qF -- "$msg" <<<"$err" || fail "$what: stderr does not contain \"$msg\"; it was: $err"
    [ "$(wc -l <<<"$err")" -eq 1 ] || fail "$what: more than one line on stderr: $err"
    [ -z "$out" ] || fail "$what: printed to stdout on error: $out"
}

# edit IN OUT PYTHON-STATEMENT: a copy of the scene IN with the statement applied to its dict `s`
edit() {
    python3 - "$1" "$2" "$3" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(s, open(sys.argv[2], "w"), indent=1)
PY
}

base=$tmp/base.json
# the small scene with its shadow maps at 512 texels and without TAA's 9-frame warm-up: a render is then a third of
# its time, and --set's meaning is the same for any scene
edit "$SRC/scenes/small.json" "$base" 's["render"]["features"] = {"taa": False}; s["render"]["shadow_size"] = 512'

# 1. --set equals the same field in the file, byte for byte.
edit "$base" "$tmp/nosky.json" 's["render"]["features"]["sky"] = False'
"$SWARD" render "$tmp/nosky.json" -o "$tmp/file.png" "${SIZE[@]}" || fail "render nosky.json failed"
"$SWARD" render "$base" --set render.features.sky=false -o "$tmp/set.png" "${SIZE[@]}" || fail "render --set failed"
cmp -s "$tmp/file.png" "$tmp/set.png" || fail "--set render.features.sky=false differs from the file with it"
"$SWARD" render "$base" -o "$tmp/plain.png" "${SIZE[@]}" || fail "render small.json failed"
cmp -s "$tmp/plain.png" "$tmp/set.png" && fail "render.features.sky=false changed nothing"

edit "$base" "$tmp/low.json" 'del s["sun"]["direction"]; s["sun"]["elevation"] = 4; s["sun"]["azimuth"] = 30; s["grass"][0]["density"] = 40'
"$SWARD" render "$tmp/low.json" -o "$tmp/file.png" "${SIZE[@]}" || fail "render low.json failed"
"$SWARD" render "$base" --set sun.direction=null --set sun.elevation=4 --set=sun.azimuth=30 \
    --set 'grass[0].density=40' -o "$tmp/set.png" "${SIZE[@]}" || fail "render with four --set failed"
cmp -s "$tmp/file.png" "$tmp/set.png" || fail "--set sun.elevation/azimuth, grass[0].density differ from the file"

# repeatable: the last one wins
"$SWARD" render "$base" --set render.features.sky=true --set render.features.sky=false -o "$tmp/last.png" \
    "${SIZE[@]}" || fail "render with a repeated --set failed"
"$SWARD" render "$tmp/nosky.json" -o "$tmp/nosky_again.png" "${SIZE[@]}"
cmp -s "$tmp/last.png" "$tmp/nosky_again.png" || fail "the last of two --set does not win"

# the built-in scene, and a missing object created on the way (sky in the built-in has no turbidity)
run render --set sun.elevation=40 --set sky.turbidity=6 "${LEAN[@]}" -o "$tmp/builtin.png" "${SIZE[@]}"
[ "$rc" -eq 0 ] && [ -s "$tmp/builtin.png" ] || fail "render --set on the built-in scene: exit $rc: $err"
run render --set render.features.sky=false "${LEAN[@]}" -o "$tmp/builtin_nosky.png" "${SIZE[@]}"
[ "$rc" -eq 0 ] || fail "render --set render.features.sky=false on the built-in scene: exit $rc: $err"
cmp -s "$tmp/builtin.png" "$tmp/builtin_nosky.png" && fail "the built-in scene ignored --set"

# bench takes it too
run bench "$base" --frames 1 --width 32 --height 18 --json --set render.features.sky=false --set 'grass[0].density=20'
[ "$rc" -eq 0 ] || fail "bench --set: exit $rc: $err"
grep -q '"blades_drawn"' <<<"$out" || fail "bench --set printed no JSON: $out"

# 2. A bad value: the file's own message, with the override named.
check_same() { # PYTHON-EDIT OVERRIDE
    edit "$base" "$tmp/bad.json" "$1"
    run render "$tmp/bad.json" -o "$tmp/x.png" "${SIZE[@]}"
    local file_rc=$rc file_err=${err//$tmp\/bad.json/SCENE}
    [ "$file_rc" -eq 2 ] || fail "bad.json ($1): exit $file_rc, expected 2: $err"
    run render "$base" --set "$2" -o "$tmp/x.png" "${SIZE[@]}"
    [ "$rc" -eq 2 ] || fail "--set $2: exit $rc, expected 2: $err"
    local set_err=${err//$tmp\/base.json/SCENE}
    [ "$set_err" = "$file_err (set by override '$2')" ] ||
        fail "--set $2: message '$set_err', expected '$file_err (set by override '$2')'"
}
check_same 's["render"]["features"] = {"shadows": "maybe"}' 'render.features.shadows=maybe'
check_same 's["render"]["features"] = {"bloom": 1}' 'render.features.bloom=1'
check_same 's["sky"]["turbidity"] = 12' 'sky.turbidity=12'
check_same 's["grass"][0]["density"] = -3' 'grass[0].density=-3'
check_same 's["sun"]["elevation"] = 10' 'sun.elevation=10'
check_same 's["render"]["features"] = {"fog": False}' 'render.features.fog=false'
expect 2 "sward: <default>: render.features.shadows: expected true or false, got a string (set by override 'render.features.shadows=maybe')" \
    render --set render.features.shadows=maybe -o "$tmp/x.png"
expect 2 "sward: <default>: sun.elevation: must be <= 90, got 95 (set by override 'sun.elevation=95')" \
    bench --set sun.elevation=95

# 3. Malformed flags: usage errors, before anything is loaded.
expect 2 "sward render: --set 'foo': expected PATH=VALUE (e.g. sun.elevation=10), found no '='" render --set foo
expect 2 "sward render: --set '=3': empty PATH before '='" render --set =3
expect 2 "sward render: --set 'a..b=1': empty field name in the PATH 'a..b'" render --set a..b=1
expect 2 "sward render: --set 'grass[x].density=1': expected [N]" render --set 'grass[x].density=1'
expect 2 "sward render: --set '[0]=1': an index must follow a field name" render --set '[0]=1'
expect 2 "sward bench: --set 'foo': expected PATH=VALUE" bench --set foo
expect 2 "sward render: --set: missing value" render --set
expect 2 "sward render: --set 'bad': expected PATH=VALUE" render --set sun.elevation=5 --set bad
# ... and those that depend on the scene: at load, exit 2, naming the override
expect 2 "sward: <default>: override 'sun[0]=1': sun is an object, not an array" render --set 'sun[0]=1'
expect 2 "sward: <default>: override 'grass.density=1': grass is an array, not an object" render --set grass.density=1
expect 2 "override 'sun.color.r=1': sun.color is an array, not an object" render "$base" --set sun.color.r=1
expect 2 "override 'grass[7].density=1': index 7 is past the end of grass" render "$base" --set 'grass[7].density=1'
expect 2 "override 'sun.direction=[1,2': VALUE:1:5: JSON syntax error" render "$base" --set 'sun.direction=[1,2'

if [ "$failures" -ne 0 ]; then echo "test_set: $failures failure(s)" >&2; exit 1; fi
echo "test_set: ok"
