#!/usr/bin/env bash
# The build matrix: configure and build sward as a user would (no -Werror, no tests) in every CMake build
# type with gcc and with clang, and fail if any build fails. Warnings are counted, not fatal: a user's build
# never fails on a warning, and the development build (./dev.sh test, -DSWARD_WERROR=ON) is where they are
# errors. Each build makes the default targets: libsward.a, libsward.so, the `sward` command, the example.
#   tests/build_matrix.sh [OUT_DIR]      (default build-matrix/; ./dev.sh matrix runs it; so does ./dev.sh test)
# Environment: JOBS (default: the number of cores), SWARD_MATRIX_COMPILERS, SWARD_MATRIX_TYPES (space-separated
# overrides of the lists below).
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$src/build-matrix}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
read -r -a compilers <<<"${SWARD_MATRIX_COMPILERS:-gcc clang}"
read -r -a types <<<"${SWARD_MATRIX_TYPES:-Debug Release RelWithDebInfo MinSizeRel}"
mkdir -p "$out"

failed=()
summary=()
for cc in "${compilers[@]}"; do
    command -v "$cc" >/dev/null || { echo "build_matrix: $cc not found" >&2; exit 2; }
    for type in "${types[@]}"; do
        dir=$out/$cc-$type
        log=$out/$cc-$type.log
        start=$SECONDS
        if cmake -S "$src" -B "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE="$type" \
                 -DSWARD_TESTS=OFF -DSWARD_WERROR=OFF >"$log" 2>&1 &&
           cmake --build "$dir" -j"$jobs" >>"$log" 2>&1; then
            result=ok
        else
            result=FAILED
            failed+=("$cc $type")
        fi
        warnings=$(grep -c 'warning:' "$log" || true)
        summary+=("$(printf '%-6s %-15s %-6s %3d warning(s) %4d s' "$cc" "$type" "$result" "$warnings" $((SECONDS - start)))")
        echo "build_matrix: ${summary[-1]}"
        if [ "$result" = FAILED ]; then tail -n 30 "$log" >&2; fi
    done
done

echo "build_matrix: summary (logs in $out/)"
printf '  %s\n' "${summary[@]}"
# The warnings themselves, once each, so that they are seen (they are errors in ./dev.sh test with gcc).
if grep -h 'warning:' "$out"/*.log 2>/dev/null | sed "s|^$src/||" | sort -u | grep -q .; then
    echo "build_matrix: the warnings:"
    grep -h 'warning:' "$out"/*.log | sed "s|^$src/||" | sort -u | sed 's/^/  /'
fi
if [ ${#failed[@]} -gt 0 ]; then
    echo "build_matrix: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "build_matrix: all ${#summary[@]} builds ok"
