#!/usr/bin/env bash
# dev.sh — the commands of the README, on a fresh Debian 12 machine:
#   ./dev.sh render   install what is missing, build, render the built-in scene to out/meadow.png
#   ./dev.sh test     install what is missing, build, run the whole test suite (ctest), also under ASan+UBSan,
#                     then the build matrix: three stages, each run even if one before it failed, a summary
#                     line each, a non-zero exit if any failed; its two test builds treat warnings as errors
#                     (-DSWARD_WERROR=ON, which render, sharing build/, keeps once set; a fresh render builds
#                     without it)
#   ./dev.sh matrix   build the library and the command in every build type with gcc and clang, as a user
#                     would (no -Werror): tests/build_matrix.sh
#   ./dev.sh bundle   build dist/sward/, which needs only glibc and libvulkan.so.1 (for GPU machines)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(build-essential cmake pkg-config glslang-tools libvulkan-dev mesa-vulkan-drivers
          vulkan-validationlayers libcglm-dev libcjson-dev libmeshoptimizer-dev libpng-dev zlib1g-dev libassimp-dev
          libcmocka-dev python3 clang libglfw3-dev libstb-dev ffmpeg libopenexr-dev xvfb xauth python3-jsonschema)
JOBS=$(nproc 2>/dev/null || echo 2)

install_deps() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "dev.sh: installing ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

build() { # build DIR [cmake options...]
    local dir=$1; shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
    cmake --build "$dir" -j"$JOBS"
}

case "${1:-}" in
render)
    install_deps
    build build
    shift
    ./build/sward render -o out/meadow.png "$@"
    ;;
test)
    install_deps
    # Three stages, each run even when an earlier one failed (each its own `dev.sh _STAGE`, so `set -e` holds
    # inside it); a summary line per stage; the exit status is non-zero if any failed.
    summary=()
    failed=0
    for name in tests sanitize matrix; do
        start=$SECONDS
        echo "dev.sh: stage $name"
        rc=0
        bash "$PWD/dev.sh" "_$name" || rc=$?
        result="passed"
        [ "$rc" -eq 0 ] || { result="FAILED (exit $rc)"; failed=1; }
        summary+=("$(printf 'dev.sh: stage %-9s %s in %d s' "$name" "$result" $((SECONDS - start)))")
    done
    printf '%s\n' "${summary[@]}"
    exit "$failed"
    ;;
_tests)
    build build -DSWARD_WERROR=ON
    ctest --test-dir build --output-on-failure -j"$JOBS"
    ;;
_sanitize) # the CPU tests again under AddressSanitizer and UndefinedBehaviorSanitizer; the streaming's
    # threads (the page jobs and the windows they fill, BX7) under ThreadSanitizer
    build build-asan -DSWARD_SANITIZE=ON -DSWARD_GPU_TESTS=OFF -DSWARD_WERROR=ON
    ctest --test-dir build-asan --output-on-failure -j"$JOBS"
    cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWARD_TSAN=ON -DSWARD_GPU_TESTS=OFF \
          -DSWARD_WERROR=ON >/dev/null
    cmake --build build-tsan -j"$JOBS" --target unit_page_jobs unit_world_stream
    TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -j"$JOBS" \
        -R '^unit_(page_jobs|world_stream)$'
    ;;
_matrix)
    JOBS=$JOBS tests/build_matrix.sh
    ;;
matrix)
    install_deps
    JOBS=$JOBS tests/build_matrix.sh
    ;;
bundle)
    install_deps
    build build-bundle -DSWARD_BUNDLE=ON -DSWARD_GPU_TESTS=OFF
    echo "dev.sh: dist/sward/sward (run it on any Linux x86-64 with glibc 2.36+ and a Vulkan driver)"
    ;;
*)
    echo "usage: ./dev.sh render [sward render flags] | test | matrix | bundle" >&2
    exit 2
    ;;
esac
