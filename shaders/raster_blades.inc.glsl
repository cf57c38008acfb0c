// raster_blades.inc.glsl — the compute rasteriser's walk over a view's blades (SPEC BX1), shared by the
// camera's (raster.comp.glsl, raster_chunked.comp.glsl: 64-bit visibility keys) and the near shadow cascade's
// (shadow_raster.comp.glsl: 32-bit depth): one workgroup per entry of the view's work list (draw_args.comp.glsl:
// a tile and a batch of GROUP of its blades; the row walk's list, or with SW_RASTER_CHUNKED the chunked walk's):
//   1. one thread per blade builds the blade's vertices with the vertex shaders' own code
//      (grass_blade.inc.glsl: the same positions), projects them into shared memory and counts the pixel rows
//      of its triangles (the index pattern of src/render/passes/grass.c: two per segment, one at the tip);
//   2. the workgroup shares out the batch's rows (a prefix sum over blades, then over each blade's triangles):
//      one thread per triangle row, walked between the row's edges with Vulkan's fill rule
//      (raster_triangle.inc.glsl). A far blade is a few rows, a near one a few hundred: rows keep every thread
//      busy whatever the blades' sizes (measured: a thread taking a short triangle's rows at once is slower).
//      With SW_RASTER_CHUNKED (the near shadow cascade's, whose blades span many texel rows) each
//      triangle is set up once first, GROUP at a time, into shared memory, and the chunk's rows are shared out:
//      the same numbers, faster where triangles have many rows, slower where they have one or two (the camera's
//      far blades: docs/raster.md).
// Blades with a vertex behind the eye are skipped (the hardware clips them). The includer declares tiles[] and
// tile_draws[] and defines
//   void raster_fragment(int x, int y, float z, vec2 attributes)  a covered centre (g_fade, g_tile, g_slot: the
//                                                                    blade's fade, tile and slot)
//   void raster_counters(bool first_batch, uint blades)  per workgroup, after the walk (statistics)
#define GROUP 64u
#define TRIS 13u // triangles of the 15-vertex blade
layout(local_size_x = GROUP) in;

layout(std430, set = SW_SET_PASS, binding = SW_RASTER_WORK) readonly buffer WorkBuf { uint work[]; };

shared vec3 s_vert[GROUP * SW_HIGH_VERTS]; // the batch's projected vertices: x, y in pixels, depth
shared uint s_blade[GROUP];                // per blade: slot << 2 | low << 1 | valid
shared float s_fade[GROUP];
#ifndef SW_RASTER_CHUNKED
shared uint s_rows[GROUP * TRIS];          // per blade, inclusive prefix of its triangles' rows
shared uint s_scan[GROUP];                 // inclusive prefix of the blades' rows
#else
shared uint s_tris[GROUP];                 // per blade: a bit per triangle that has rows
shared uint s_scan[GROUP];                 // inclusive prefix of the blades' triangles with rows
// A chunk of GROUP of the batch's triangles, set up once each: the edge functions at the box's first centre,
// their steps per pixel in x and y, the top-left biases, the box (x0, y0, x1), 1 / area; s_tinfo: blade |
// triangle << 6 | wound vertices a, b, c << 10, 14, 18 | big << 31 (a triangle over SW_TRI_SMALL, set up again
// per row in 64 bits); s_cscan: inclusive prefix of their rows.
shared ivec3 s_te[GROUP], s_tdx[GROUP], s_tdy[GROUP], s_tbias[GROUP], s_tbox[GROUP];
shared float s_tinv[GROUP];
shared uint s_tinfo[GROUP];
shared uint s_cscan[GROUP];
#endif


// The blade whose row is being drawn, for raster_fragment; the screen door's offset this frame (dither.inc.glsl).
float g_fade;
uint g_tile, g_slot, g_shift;

void raster_fragment(int x, int y, float z, vec2 ts);
void raster_counters(bool first_batch, uint blades);

#include "raster_triangle.inc.glsl"
#include "raster_rows.inc.glsl"

// Triangle k of a blade with `rows` rows of two vertices and a tip: its vertex indices (grass.c's pattern).
uvec3 blade_triangle(uint k, uint rows)
{
    if (k == 2u * (rows - 1u)) return uvec3(k, k + 1u, k + 2u); // the tip
    uint a = 2u * (k >> 1u);
    return (k & 1u) == 0u ? uvec3(a, a + 1u, a + 2u) : uvec3(a + 1u, a + 3u, a + 2u);
}

int blade_tri_rows(uint j, uint k, uint rows, int W, int H)
{
    uvec3 v = blade_triangle(k, rows);
    uint o = j * SW_HIGH_VERTS;
    return sw_tri_rows(s_vert[o + v.x], s_vert[o + v.y], s_vert[o + v.z], W, H);
}

sw_tri blade_tri(uint j, uint k, uint rows, uint segments, int W, int H)
{
    uvec3 v = blade_triangle(k, rows);
    uint o = j * SW_HIGH_VERTS;
    return sw_tri_setup(s_vert[o + v.x], s_vert[o + v.y], s_vert[o + v.z],
                        vec2(sw_strip_t(v.x, segments), sw_strip_side(v.x, segments)),
                        vec2(sw_strip_t(v.y, segments), sw_strip_side(v.y, segments)),
                        vec2(sw_strip_t(v.z, segments), sw_strip_side(v.z, segments)), W, H);
}

#ifdef SW_RASTER_CHUNKED
// The inclusive prefix sum of s_cscan over the workgroup (raster_rows.inc.glsl's scan).
SW_ROWS_SCAN(chunk_rows_scan, s_cscan)

// Triangle k of blade j set up into chunk entry e (sw_tri_setup's numbers, in 32 bits where it is small); its rows.
uint chunk_setup(uint e, uint j, uint k, int W, int H)
{
    bool jlow = (s_blade[j] & 2u) != 0u;
    uint rows = jlow ? (SW_LOW_VERTS - 1u) / 2u : (SW_HIGH_VERTS - 1u) / 2u;
    uvec3 v = blade_triangle(k, rows);
    uint o = j * SW_HIGH_VERTS;
    vec3 a = s_vert[o + v.x], b = s_vert[o + v.y], c = s_vert[o + v.z];
    ivec2 A = ivec2(sw_raster_snap(a.x), sw_raster_snap(a.y));
    ivec2 B = ivec2(sw_raster_snap(b.x), sw_raster_snap(b.y));
    ivec2 C = ivec2(sw_raster_snap(c.x), sw_raster_snap(c.y));
    int ext = max(max(A.x, max(B.x, C.x)) - min(A.x, min(B.x, C.x)), max(A.y, max(B.y, C.y)) - min(A.y, min(B.y, C.y)));
    uint info = j | (k << 6u);
    if (ext > SW_TRI_SMALL) { // the 64-bit path, set up per row (sw_tri_setup)
        sw_tri t = blade_tri(j, k, rows, rows, W, H);
        s_tinfo[e] = info | (1u << 31u);
        s_tbox[e] = t.box.xyz;
        return t.box.x > t.box.z || t.box.y > t.box.w ? 0u : uint(t.box.w - t.box.y + 1);
    }
    int area = (B.x - A.x) * (C.y - A.y) - (B.y - A.y) * (C.x - A.x);
    if (area < 0) { // wound so that the interior is positive (as sw_tri_setup)
        ivec2 ti = B; B = C; C = ti;
        v = uvec3(v.x, v.z, v.y);
        area = -area;
    }
    ivec4 box = ivec4(max((min(A.x, min(B.x, C.x)) - 128 + 255) >> 8, 0), max((min(A.y, min(B.y, C.y)) - 128 + 255) >> 8, 0),
                      min((max(A.x, max(B.x, C.x)) - 128) >> 8, W - 1), min((max(A.y, max(B.y, C.y)) - 128) >> 8, H - 1));
    if (area == 0) box = ivec4(1, 1, 0, 0);
    ivec2 P = ivec2(box.x * 256 + 128, box.y * 256 + 128);
    s_te[e] = ivec3((C.x - B.x) * (P.y - B.y) - (C.y - B.y) * (P.x - B.x), (A.x - C.x) * (P.y - C.y) - (A.y - C.y) * (P.x - C.x),
                    (B.x - A.x) * (P.y - A.y) - (B.y - A.y) * (P.x - A.x));
    s_tdx[e] = ivec3(-(C.y - B.y), -(A.y - C.y), -(B.y - A.y)) * 256;
    s_tdy[e] = ivec3(C.x - B.x, A.x - C.x, B.x - A.x) * 256;
    s_tbias[e] = ivec3(sw_raster_bias(B.x, B.y, C.x, C.y), sw_raster_bias(C.x, C.y, A.x, A.y), sw_raster_bias(A.x, A.y, B.x, B.y));
    s_tbox[e] = box.xyz;
    s_tinv[e] = area == 0 ? 0.0 : 1.0 / float(area);
    s_tinfo[e] = info | (v.x << 10u) | (v.y << 14u) | (v.z << 18u);
    return box.x > box.z || box.y > box.w ? 0u : uint(box.w - box.y + 1);
}

// Row in_tri of chunk entry e: sw_tri_row's walk (its small path) from the stored set-up: the same numbers.
void chunk_row(uint e, uint in_tri, int W, int H)
{
    uint info = s_tinfo[e];
    uint j = info & 63u, k = (info >> 6u) & 15u;
    bool jlow = (s_blade[j] & 2u) != 0u;
    uint segs = jlow ? (SW_LOW_VERTS - 1u) / 2u : (SW_HIGH_VERTS - 1u) / 2u;
    g_fade = s_fade[j];
    g_slot = s_blade[j] >> 2u;
    ivec3 box = s_tbox[e];
    if ((info >> 31u) != 0u) {
        sw_tri t = blade_tri(j, k, segs, segs, W, H);
        sw_tri_row(t, t.box.y + int(in_tri));
        return;
    }
    uint va = (info >> 10u) & 15u, vb = (info >> 14u) & 15u, vc = (info >> 18u) & 15u, o = j * SW_HIGH_VERTS;
    float za = s_vert[o + va].z, zb = s_vert[o + vb].z, zc = s_vert[o + vc].z;
    vec2 pa = vec2(sw_strip_t(va, segs), sw_strip_side(va, segs)), pb = vec2(sw_strip_t(vb, segs), sw_strip_side(vb, segs)),
         pc_ = vec2(sw_strip_t(vc, segs), sw_strip_side(vc, segs));
    ivec3 dx = s_tdx[e], bias = s_tbias[e];
    ivec3 r = s_te[e] + int(in_tri) * s_tdy[e];
    int x0, x1;
    if (!sw_tri_span(vec3(r + bias), vec3(dx), box.z - box.x, x0, x1)) return;
    ivec3 q = r + x0 * dx;
    int y = box.y + int(in_tri);
    float inv = s_tinv[e];
    for (int x = x0; x <= x1; x++) {
        if (q.x + bias.x > 0 && q.y + bias.y > 0 && q.z + bias.z > 0) {
            vec3 l = vec3(float(q.x), float(q.y), float(q.z)) * inv;
            raster_fragment(box.x + x, y, l.x * za + l.y * zb + l.z * zc, l.x * pa + l.y * pb + l.z * pc_);
        }
        q += dx;
    }
}
#endif

void raster_blades()
{
    // workgroup (x + y * count_x): entry that of the walk's list (the dispatch is indirect, from the list's
    // header: sw_raster.h), the entry: the tile in the view's run << 5 | the batch
    uint wg = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
#ifdef SW_RASTER_CHUNKED
    if (wg >= work[7]) return; // uniform across the workgroup
    uint entry = work[uint(work.length()) - 1u - wg];
#else
    if (wg >= work[3]) return;
    uint entry = work[SW_RASTER_WORK_HEADER + wg];
#endif
    uint local_tile = entry >> 5u, base = (entry & 31u) * GROUP;
    if (local_tile >= VIEW.tile_count) return;
    uint tile_index = VIEW.tile_first + local_tile;
    sw_tile_draw d = tile_draws[tile_index];
    uint instances = d.high + d.low;
    uint per = d.per_instance == 2u ? 2u : 1u;
    uint n = instances * per;
    if (base >= n) return;
    uint lid = gl_LocalInvocationIndex;
    int W = int(VIEW.width), H = int(VIEW.height);
    mat4 vp = sw_mat4(VIEW.view_proj);
    vec2 size = vec2(float(W), float(H));
    g_tile = local_tile;
#ifdef SW_DOOR_FIXED
    // the near cascade's casters: fixed where no type fades within it, its map then kept across frames (plan.c)
    g_shift = (frame.flags & SW_FLAG_SHADOW_DOOR) != 0u ? sw_door_shift() : 0u;
#else
    g_shift = sw_door_shift();
#endif
    {
        // 1. this thread's blade: vertices, and the rows of each of its triangles
        uint i = base + lid, total = 0u;
        bool valid = i < n;
        uint inst = i / per;
        bool low = valid && inst >= d.high;
        uint verts = low ? SW_LOW_VERTS : SW_HIGH_VERTS, segments = (verts - 1u) / 2u, rows = segments;
        if (valid) {
            blade_shape sh = blade_shape_of(blades[d.first + inst], low, i % per);
            s_fade[lid] = sh.fade;
            for (uint v = 0u; v < verts; v++) {
                blade_vertex g = blade_point(sh, sw_strip_t(v, segments), sw_strip_side(v, segments));
                vec4 clip = vp * vec4(g.world, 1.0);
                valid = valid && clip.w > 1e-6; // behind the eye (see the top)
                vec3 ndc = clip.xyz / clip.w;
                s_vert[lid * SW_HIGH_VERTS + v] = vec3((ndc.xy * 0.5 + 0.5) * size, ndc.z);
            }
        }
        uint tris = valid ? 2u * (rows - 1u) + 1u : 0u;
#ifndef SW_RASTER_CHUNKED
        for (uint k = 0u; k < TRIS; k++) {
            if (k < tris) total += uint(blade_tri_rows(lid, k, rows, W, H));
            s_rows[lid * TRIS + k] = total;
        }
        s_blade[lid] = (i << 2u) | (low ? 2u : 0u) | (valid ? 1u : 0u);
        s_scan[lid] = total;
        sw_rows_scan(lid); // the inclusive prefix of the rows over the batch's blades
        // 2. the batch's rows, shared out: row r -> its blade (binary search over the blades' prefix) -> its
        // triangle (over the blade's triangles) -> the pixel row
        uint all_rows = s_scan[GROUP - 1u];
        for (uint r = lid; r < all_rows; r += GROUP) {
            uint j = sw_rows_item(r);
            uint in_blade = r - (j > 0u ? s_scan[j - 1u] : 0u);
            uint k = 0u;
            while (s_rows[j * TRIS + k] <= in_blade) k++;
            uint in_tri = in_blade - (k > 0u ? s_rows[j * TRIS + k - 1u] : 0u);
            bool jlow = (s_blade[j] & 2u) != 0u;
            uint jseg = jlow ? (SW_LOW_VERTS - 1u) / 2u : (SW_HIGH_VERTS - 1u) / 2u;
            sw_tri t = blade_tri(j, k, jseg, jseg, W, H);
            g_fade = s_fade[j];
            g_slot = s_blade[j] >> 2u;
            sw_tri_row(t, t.box.y + int(in_tri));
        }
#else
        uint mask = 0u;
        for (uint k = 0u; k < tris; k++)
            if (blade_tri_rows(lid, k, rows, W, H) > 0) mask |= 1u << k;
        s_tris[lid] = mask;
        s_blade[lid] = (i << 2u) | (low ? 2u : 0u) | (valid ? 1u : 0u);
        s_scan[lid] = uint(bitCount(mask));
        sw_rows_scan(lid); // the inclusive prefix of the triangles with rows over the batch's blades
        // 2. (chunked) the batch's triangles, GROUP at a time: each thread sets one up (its blade by a binary search
        // over the blades' prefix), then the chunk's rows are shared out, one thread per row (its triangle by a
        // search over the chunk's prefix of rows)
        uint all_tris = s_scan[GROUP - 1u];
        for (uint c0 = 0u; c0 < all_tris; c0 += GROUP) {
            uint t = c0 + lid, count = 0u;
            if (t < all_tris) {
                uint j = sw_rows_item(t);
                uint nth = t - (j > 0u ? s_scan[j - 1u] : 0u), m = s_tris[j];
                for (uint q = 0u; q < nth; q++) m &= m - 1u; // drop the nth lowest set bits
                count = chunk_setup(lid, j, uint(findLSB(m)), W, H);
            }
            s_cscan[lid] = count;
            chunk_rows_scan(lid);
            uint chunk_rows = s_cscan[GROUP - 1u];
            for (uint r = lid; r < chunk_rows; r += GROUP) {
                uint lo = 0u, hi = GROUP - 1u;
                while (lo < hi) {
                    uint mid = (lo + hi) >> 1u;
                    if (s_cscan[mid] > r) hi = mid; else lo = mid + 1u;
                }
                chunk_row(lo, r - (lo > 0u ? s_cscan[lo - 1u] : 0u), W, H);
            }
            barrier(); // the chunk's entries are rewritten next
        }
#endif
    }
    raster_counters(base == 0u, instances);
}
