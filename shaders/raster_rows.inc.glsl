// raster_rows.inc.glsl — a batch's pixel rows shared out over a workgroup (SPEC BX1; raster_blades.inc.glsl's blades,
// shadow_assets.comp.glsl's triangles): each thread puts its item's row count into s_scan[lid]; sw_rows_scan
// makes the counts an inclusive prefix, and sw_rows_item finds the item whose rows hold row r of the batch, so
// that thread r % GROUP can walk row r whatever the items' sizes. The includer defines GROUP and declares
//   shared uint s_scan[GROUP];

// The inclusive prefix sum of a shared uint[GROUP] over the workgroup (Hillis-Steele), the counts written before
// it: SW_ROWS_SCAN(name, array) defines void name(uint lid) for the array (GLSL passes no shared arrays).
#define SW_ROWS_SCAN(name, array)                                                                                   \
    void name(uint lid)                                                                                           \
    {                                                                                                             \
        barrier();                                                                                                \
        for (uint off = 1u; off < GROUP; off <<= 1u) {                                                            \
            uint add = lid >= off ? array[lid - off] : 0u;                                                        \
            barrier();                                                                                            \
            array[lid] += add;                                                                                    \
            barrier();                                                                                            \
        }                                                                                                         \
    }
SW_ROWS_SCAN(sw_rows_scan, s_scan)

// The item holding the batch's row r (r < s_scan[GROUP - 1]): a binary search over the prefix.
uint sw_rows_item(uint r)
{
    uint lo = 0u, hi = GROUP - 1u;
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (s_scan[mid] > r) hi = mid; else lo = mid + 1u;
    }
    return lo;
}
