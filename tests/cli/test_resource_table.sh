#!/usr/bin/env bash
# docs/architecture.md's resource table against src/render/resources.c's RENDER_RESOURCES (authoritative): every
# RES_* of src/render/pass.h has exactly one entry in the C table and exactly one doc row, and each doc row's
# per-view flag and size class are the C table's. Renders nothing ($1, the sward binary, is not used).
set -u
SRC=${SWARD_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
C_TABLE=${RESOURCE_TABLE_C:-$SRC/src/render/resources.c}
DOC=${RESOURCE_TABLE_DOC:-$SRC/docs/architecture.md}
ENUM=$SRC/src/render/pass.h
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# the enum's names, in order, up to RES_COUNT
enum=$(awk '/^typedef enum render_res \{/{on=1; next} on && /RES_COUNT/{exit} on' "$ENUM" |
       grep -o '^ *RES_[A-Z_]*' | tr -d ' ')
[ -n "$enum" ] || fail "no RES_* enumerators found in $ENUM"

# the C table: one line per entry, "RES_X per_view size"
c_rows=$(awk '/RENDER_RESOURCES\[RES_COUNT\] = \{/{on=1; next} on && /^\};/{exit} on' "$C_TABLE" |
         grep -v '^ */\*\|^ *\*' | tr '\n' ' ' | sed 's/\[RES_/\n[RES_/g' | grep '^\[RES_' |
         while read -r entry; do
             name=$(echo "$entry" | sed -n 's/^\[\(RES_[A-Z_]*\)\].*/\1/p')
             pv=no
             case "$entry" in *PER_VIEW\(*|*".per_view = true"*) pv=yes ;; esac
             size=
             case "$entry" in
                 *PER_VIEW\(*) size=grows ;;
                 *TARGET\(*) size=target ;;
                 *RENDER_SIZE_FIXED*) size=fixed ;;
                 *RENDER_SIZE_TARGET*) size=target ;;
                 *RENDER_SIZE_SHADOW*) size=shadow ;;
                 *RENDER_SIZE_GROWS*) size=grows ;;
             esac
             echo "$name $pv $size"
         done)

# the doc's rows of its resource table: every `RES_X` of the first column, with the row's per view and size
doc_rows=$(awk '/^## Named resources/{on=1; next} on && /^## /{exit} on' "$DOC" | grep '^| `RES_' |
           while IFS='|' read -r _ names pv size _; do
               pv=$(echo "$pv" | tr -d ' '); size=$(echo "$size" | tr -d ' ')
               for n in $(echo "$names" | grep -o 'RES_[A-Z_]*'); do echo "$n $pv $size"; done
           done)

for name in $enum; do
    c=$(echo "$c_rows" | grep -c "^$name ")
    d=$(echo "$doc_rows" | grep -c "^$name ")
    [ "$c" = 1 ] || fail "$name: $c entries in RENDER_RESOURCES (want 1)"
    [ "$d" = 1 ] || fail "$name: $d rows in docs/architecture.md's resource table (want 1)"
    if [ "$c" = 1 ] && [ "$d" = 1 ]; then
        cr=$(echo "$c_rows" | grep "^$name ")
        dr=$(echo "$doc_rows" | grep "^$name ")
        [ "$cr" = "$dr" ] || fail "$name: the C table says '${cr#* }' (per view, size), the doc '${dr#* }'"
    fi
done
for name in $(echo "$c_rows" $'\n' "$doc_rows" | awk '{print $1}' | sort -u); do
    echo "$enum" | grep -qx "$name" || fail "$name is in the C table or the doc but not a RES_* of pass.h"
done
[ "$(echo "$c_rows" | grep -c .)" -ge 20 ] || fail "parsed too few entries from $C_TABLE"
if [ "$failures" -ne 0 ]; then echo "$failures failure(s)" >&2; exit 1; fi
echo "resource table: $(echo "$enum" | wc -l) resources agree"
