#!/usr/bin/env bash
# `sward view` leaks no host memory (TL1: "exits cleanly on window close ... and no leak"), in the
# sanitize build (ASan + LeakSanitizer + UBSan; registered by tests/CMakeLists.txt only there): a viewer under
# Xvfb on lavapipe renders, switches a feature (a new scene and renderer), reloads an edited scene, shows a
# broken edit, takes a screenshot (a second renderer), resizes and closes; LeakSanitizer must report nothing
# outside the lavapipe driver (tests/lsan_lavapipe.supp) and the viewer must exit 0.
set -u
SWARD=${1:?usage: view_leaks.sh /path/to/sward}
SRC=${SWARD_SOURCE_DIR:?SWARD_SOURCE_DIR must point to the source folder}
# shellcheck source=tests/cli/xvfb.sh
. "$(dirname "$0")/xvfb.sh"
tmp=$(mktemp -d); trap 'exec 3>&- 2>/dev/null; stop_xvfb; rm -rf "$tmp"' EXIT
trap '' PIPE
fail() { echo "FAIL: $*" >&2; exit 1; }
start_xvfb 640x480x24
lvp=$(ls /usr/lib/*/libvulkan_lvp.so 2>/dev/null | head -1)
[ -n "$lvp" ] || fail "no lavapipe (libvulkan_lvp.so; Debian package mesa-vulkan-drivers)"
# the sanitizer's run-time must come first among preloaded libraries (gcc links it as a shared library)
asan=$(ldd "$SWARD" | awk '/libasan/ {print $3}')
pre=$lvp; [ -n "$asan" ] && pre="$asan:$lvp"

cp "$SRC/scenes/small.json" "$tmp/scene.json"
mkfifo "$tmp/cmd"
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$SRC/tests/lsan_lavapipe.supp:print_suppressions=0" \
    env LD_PRELOAD="$pre" "$SWARD" view "$tmp/scene.json" --script - \
    --width 160 --height 90 --set render.width=64 --set render.height=36 <"$tmp/cmd" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/cmd"
wait_file() { for _ in $(seq 1 900); do [ -s "$1" ] && return 0; kill -0 "$pid" 2>/dev/null || return 1; sleep 0.1; done; return 1; }
echo "frames 2" >&3; echo "key 2" >&3; echo "frames 1" >&3; echo "window-shot $tmp/w1.png" >&3
wait_file "$tmp/w1.png" || fail "no window-shot: $(cat "$tmp/err")"
sed -i 's/"tip_color": \[0.25, 0.35, 0.06\]/"tip_color": [0.6, 0.2, 0.05]/' "$tmp/scene.json"
echo "wait-reload 60" >&3; echo "window-shot $tmp/w2.png" >&3
wait_file "$tmp/w2.png" || fail "no second window-shot: $(cat "$tmp/err")"
sed -i '0,/"density": 20,/s//"density": -4,/' "$tmp/scene.json"
echo "wait-reload 60" >&3; echo "screenshot $tmp/s.png" >&3; echo "resize 120 80" >&3; echo "frames 2" >&3
echo "close" >&3
exec 3>&-
wait "$pid"; rc=$?
grep -q "LeakSanitizer\|runtime error" "$tmp/err" && fail "the sanitizers report: $(grep -A12 "LeakSanitizer\|runtime error" "$tmp/err" | head -40)"
[ "$rc" -eq 0 ] || fail "the viewer exited $rc: $(tail -20 "$tmp/err")"
grep -q "^reloaded " "$tmp/out" || fail "the edited scene was not reloaded: $(cat "$tmp/out")"
grep -q "grass\[0\].density" "$tmp/err" || fail "the broken edit was not reported: $(cat "$tmp/err")"
[ -s "$tmp/s.png" ] || fail "no screenshot"
echo "ok: sward view leaks nothing (LeakSanitizer, lavapipe's own allocations suppressed)"
