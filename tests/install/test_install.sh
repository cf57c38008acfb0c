#!/usr/bin/env bash
# ctest install_consumer: install the build into a temporary prefix as a user would (cmake --install), check
# what was installed, then build tests/install/consumer.c against it three ways and run each:
#   1. find_package(sward) in tests/install/CMakeLists.txt: sward::sward (shared) and sward::sward_static
#   2. pkg-config sward (shared)
#   3. pkg-config --static sward, linking libsward.a
# and check that libsward.so exports exactly the functions declared in the installed headers.
#   usage: test_install.sh BUILD_DIR LIBDIR(relative to the prefix) C_COMPILER
set -euo pipefail
build=$(cd "$1" && pwd)
libdir=$2
cc=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$build/install-test
prefix=$work/prefix
rm -rf "$work"
mkdir -p "$work"
fail() { echo "test_install: FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$work/install.log"

# ---- what was installed ----
lib=$prefix/$libdir
export PKG_CONFIG_PATH=$lib/pkgconfig
# One version everywhere: project(VERSION) in CMakeLists.txt (sward.pc, the SONAME), SWARD_VERSION_STRING in
# sward.h and `sward --version`.
version=$(pkg-config --modversion sward) || fail "pkg-config cannot find sward.pc"
major=${version%%.*}
for f in include/sward/sward.h include/sward/sward_vulkan.h "$libdir/libsward.a" "$libdir/libsward.so.$version" \
         "$libdir/cmake/sward/sward-config.cmake" "$libdir/cmake/sward/sward-config-version.cmake" \
         "$libdir/pkgconfig/sward.pc" bin/sward; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
done
[ "$(readlink "$lib/libsward.so")" = "libsward.so.$major" ] || fail "libsward.so does not point to libsward.so.$major"
[ "$(readlink "$lib/libsward.so.$major")" = "libsward.so.$version" ] ||
    fail "libsward.so.$major does not point to libsward.so.$version"
[ ! -e "$prefix/include/sward/sward_testing.h" ] || fail "installed the tests' header sward/sward_testing.h"
others=$(cd "$prefix/include" && find . -type f ! -path './sward/*.h')
[ -z "$others" ] || fail "installed headers outside include/sward/*.h: $others"
soname=$(objdump -p "$lib/libsward.so.$version" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = "libsward.so.$major" ] || fail "SONAME is '$soname', not libsward.so.$major"
grep -q "#define SWARD_VERSION_STRING \"$version\"" "$prefix/include/sward/sward.h" ||
    fail "SWARD_VERSION_STRING in sward.h is not the project's version $version"
[ "$("$prefix/bin/sward" --version)" = "sward $version" ] || fail "bin/sward --version is not 'sward $version'"

# ---- exported symbols: exactly the sward_* functions the public headers declare ----
exported=$(nm -D --defined-only "$lib/libsward.so.$version" | awk '{ print $3 }' | sort -u)
declared=$(cat "$prefix"/include/sward/*.h | tr '\n' ' ' | grep -oE '\bsward_[a-z0-9_]+ *\(' |
           tr -d ' (' | sort -u)
if [ "$exported" != "$declared" ]; then
    diff <(echo "$declared") <(echo "$exported") | grep '^[<>]' | sed 's/^</  declared, not exported:/; s/^>/  exported, not declared:/' >&2 || true
    fail "libsward.so's exported symbols differ from the functions of include/sward/*.h"
fi
# the tests' read-backs (the sward_testing library) are in neither library
nm --defined-only "$lib/libsward.a" 2>/dev/null | grep -qw 'sward_read_blades' && fail "libsward.a has sward_read_blades"
echo "test_install: libsward.so exports the $(echo "$exported" | wc -l) functions of the public headers"

# ---- 1. find_package(sward) ----
cmake -S "$here" -B "$work/cmake" -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$work/cmake-configure.log" || { cat "$work/cmake-configure.log"; fail "find_package(sward)"; }
cmake --build "$work/cmake" >"$work/cmake-build.log" 2>&1 || { cat "$work/cmake-build.log"; fail "building against sward::sward"; }
grep -q -- '-ffp-contract=off' "$work/cmake/compile_commands.json" || fail "sward::sward does not carry -ffp-contract=off"
grep -q -- "-I$prefix/include\|-isystem $prefix/include" "$work/cmake/compile_commands.json" ||
    fail "sward::sward does not carry the include directory"
readelf -d "$work/cmake/consumer" | grep -q "NEEDED.*libsward\.so\.$major\]" || fail "consumer does not use libsward.so.$major"
readelf -d "$work/cmake/consumer_static" | grep -q 'NEEDED.*libsward' && fail "consumer_static uses libsward.so"
LD_LIBRARY_PATH=$lib "$work/cmake/consumer"
"$work/cmake/consumer_static"

# ---- 2. and 3. pkg-config ----
pkg-config --cflags sward | grep -q -- '-ffp-contract=off' || fail "sward.pc Cflags lack -ffp-contract=off"
strict=(-std=c11 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror)
# shellcheck disable=SC2046 # word splitting of pkg-config's output is intended
"$cc" "${strict[@]}" "$here/consumer.c" -o "$work/consumer_pc" $(pkg-config --cflags --libs sward)
readelf -d "$work/consumer_pc" | grep -q "NEEDED.*libsward\.so\.$major\]" || fail "consumer_pc does not use libsward.so.$major"
LD_LIBRARY_PATH=$lib "$work/consumer_pc"
# The static library: -l:libsward.a instead of -lsward (which would pick libsward.so), the rest as given.
# shellcheck disable=SC2046
"$cc" "${strict[@]}" "$here/consumer.c" -o "$work/consumer_pc_static" $(pkg-config --cflags sward) \
    $(pkg-config --static --libs sward | sed 's/-lsward\b/-l:libsward.a/')
readelf -d "$work/consumer_pc_static" | grep -q 'NEEDED.*libsward' && fail "consumer_pc_static uses libsward.so"
"$work/consumer_pc_static"
echo "test_install: ok (find_package shared and static, pkg-config shared and static)"
