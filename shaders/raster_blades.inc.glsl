// raster_blades.inc.glsl — the compute rasteriser's walk over a view's blades (SPEC BX1), shared by the
// camera's (raster.comp.glsl: 64-bit visibility keys) and the near shadow cascade's (shadow_raster.comp.glsl:
// 32-bit depth): one workgroup per (tile, batch of GROUP blades):
//   1. one thread per blade builds the blade's vertices with the vertex shaders' own code
//      (grass_blade.inc.glsl: the same positions), projects them into shared memory and counts the pixel rows
//      of its triangles (the index pattern of src/render/passes/grass.c: two per segment, one at the tip);
//   2. the workgroup shares out the batch's rows (a prefix sum over blades, then over each blade's triangles):
//      one thread per triangle row, walked between the row's edges with Vulkan's fill rule
//      (raster_triangle.inc.glsl). A far blade is a few rows, a near one a few hundred: rows keep every thread
//      busy whatever the blades' sizes (measured: a thread taking a short triangle's rows at once is slower).
// Blades with a vertex behind the eye are skipped (the hardware clips them). The includer declares tiles[] and
// tile_draws[] and defines
//   void raster_fragment(int x, int y, float z, vec2 attributes)  a covered centre (g_fade, g_tile, g_slot: the
//                                                                    blade's fade, tile and slot)
//   bool raster_tile_selected(uint local_tile, uint tile_index, sw_tile_draw d)  whether this pass draws it
//   void raster_counters(bool first_batch, uint blades)  per workgroup, after the walk (statistics)
#define GROUP 64u
#define TRIS 13u // triangles of the 15-vertex blade
layout(local_size_x = GROUP) in;

shared vec3 s_vert[GROUP * SW_HIGH_VERTS]; // the batch's projected vertices: x, y in pixels, depth
shared uint s_blade[GROUP];                // per blade: slot << 2 | low << 1 | valid
shared float s_fade[GROUP];
shared uint s_rows[GROUP * TRIS];          // per blade, inclusive prefix of its triangles' rows
shared uint s_scan[GROUP];                 // inclusive prefix of the blades' rows


// The blade whose row is being drawn, for raster_fragment.
float g_fade;
uint g_tile, g_slot;

void raster_fragment(int x, int y, float z, vec2 ts);
bool raster_tile_selected(uint local_tile, uint tile_index, sw_tile_draw d);
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

void raster_blades()
{
    // workgroup (x + y * count_x): tile = that / BATCHES, batch = that % BATCHES (raster.c dispatches
    // BATCHES per tile: the most a tile has, 2 x SW_TILE_CANDIDATES blades, in batches of GROUP)
    uint wg = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint local_tile = wg / SW_RASTER_BATCHES, base = (wg % SW_RASTER_BATCHES) * GROUP;
    if (local_tile >= VIEW.tile_count) return; // uniform across the workgroup
    uint tile_index = VIEW.tile_first + local_tile;
    sw_tile_draw d = tile_draws[tile_index];
    uint instances = d.high + d.low;
    uint per = d.per_instance == 2u ? 2u : 1u;
    uint n = instances * per;
    if (base >= n || !raster_tile_selected(local_tile, tile_index, d)) return;
    uint lid = gl_LocalInvocationIndex;
    int W = int(VIEW.width), H = int(VIEW.height);
    mat4 vp = sw_mat4(VIEW.view_proj);
    vec2 size = vec2(float(W), float(H));
    g_tile = local_tile;
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
    }
    raster_counters(base == 0u, instances);
}
