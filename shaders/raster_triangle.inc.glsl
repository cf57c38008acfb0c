// raster_triangle.inc.glsl — one triangle of the compute rasteriser (SPEC BX1): Vulkan's fill rule on the
// 1/256-pixel grid (shared/sw_raster.h) with exact edge functions (32-bit for a triangle under 128 px a side,
// where every edge value in its box fits; else 64-bit), walked row by row over the pixel
// centres between the row's edges (a row is the unit of work the rasteriser shares out), attributes and depth interpolated linearly in screen space (the blades it draws
// are a few pixels: perspective correction changes nothing there). Shared by raster.comp.glsl and the test
// probe tests/gpu/shaders/raster_probe.comp.glsl, which checks it against a CPU reference. The includer
// enables GL_EXT_shader_explicit_arithmetic_types_int64, includes shared/sw_raster.h and defines
//   void raster_fragment(int x, int y, float z, vec2 attributes)

// A triangle set up for the walk: snapped, wound so that its interior is positive, its pixel-centre bounding
// box, its edge functions at the box's first centre and their steps per pixel, the top-left biases.
struct sw_tri {
    vec3 a, b, c;       // x, y in pixels, z depth
    vec2 pa, pb, pc;    // attributes
    ivec4 box;          // x0, y0, x1, y1 (inclusive); empty when x0 > x1 or y0 > y1
    int64_t e0, e1, e2; // at (x0, y0): the edges opposite a (b -> c), b (c -> a) and c (a -> b)
    int64_t dx0, dx1, dx2, dy0, dy1, dy2;
    int64_t b0, b1, b2;
    float inv_area;     // 0: degenerate
    bool small;         // its vertices span under 128 px: the edge functions in 32 bits (exact, see below)
};

// A triangle whose snapped vertices span at most this many 1/256 px in x and in y: every edge function at a
// point of its box is at most 2 x 32767^2 + 1 < 2^31 in magnitude, so 32-bit arithmetic is exact (a sum whose
// result fits is exact in two's complement even where its terms wrap).
const int SW_TRI_SMALL = 32767;

sw_tri sw_tri_setup(vec3 a, vec3 b, vec3 c, vec2 pa, vec2 pb, vec2 pc_, int W, int H)
{
    sw_tri t;
    ivec2 A = ivec2(sw_raster_snap(a.x), sw_raster_snap(a.y));
    ivec2 B = ivec2(sw_raster_snap(b.x), sw_raster_snap(b.y));
    ivec2 C = ivec2(sw_raster_snap(c.x), sw_raster_snap(c.y));
    int ext = max(max(A.x, max(B.x, C.x)) - min(A.x, min(B.x, C.x)), max(A.y, max(B.y, C.y)) - min(A.y, min(B.y, C.y)));
    t.small = ext <= SW_TRI_SMALL;
    int64_t area = t.small ? int64_t((B.x - A.x) * (C.y - A.y) - (B.y - A.y) * (C.x - A.x))
                           : int64_t(B.x - A.x) * int64_t(C.y - A.y) - int64_t(B.y - A.y) * int64_t(C.x - A.x);
    if (area < 0) { // wind it so that the interior is positive (blades are double-sided)
        ivec2 ti = B; B = C; C = ti;
        vec3 tv = b; b = c; c = tv;
        vec2 tp = pb; pb = pc_; pc_ = tp;
        area = -area;
    }
    t.a = a; t.b = b; t.c = c;
    t.pa = pa; t.pb = pb; t.pc = pc_;
    // pixels whose centre (px * 256 + 128) lies within the bounding box
    t.box = ivec4(max((min(A.x, min(B.x, C.x)) - 128 + 255) >> 8, 0), max((min(A.y, min(B.y, C.y)) - 128 + 255) >> 8, 0),
                  min((max(A.x, max(B.x, C.x)) - 128) >> 8, W - 1), min((max(A.y, max(B.y, C.y)) - 128) >> 8, H - 1));
    if (area == 0) t.box = ivec4(1, 1, 0, 0);
    t.inv_area = area == 0 ? 0.0 : 1.0 / float(area);
    ivec2 P = ivec2(t.box.x * 256 + 128, t.box.y * 256 + 128);
    if (t.small) {
        t.e0 = int64_t((C.x - B.x) * (P.y - B.y) - (C.y - B.y) * (P.x - B.x));
        t.e1 = int64_t((A.x - C.x) * (P.y - C.y) - (A.y - C.y) * (P.x - C.x));
        t.e2 = int64_t((B.x - A.x) * (P.y - A.y) - (B.y - A.y) * (P.x - A.x));
    } else {
        t.e0 = int64_t(C.x - B.x) * int64_t(P.y - B.y) - int64_t(C.y - B.y) * int64_t(P.x - B.x);
        t.e1 = int64_t(A.x - C.x) * int64_t(P.y - C.y) - int64_t(A.y - C.y) * int64_t(P.x - C.x);
        t.e2 = int64_t(B.x - A.x) * int64_t(P.y - A.y) - int64_t(B.y - A.y) * int64_t(P.x - A.x);
    }
    t.dx0 = -int64_t(C.y - B.y) * 256; t.dy0 = int64_t(C.x - B.x) * 256;
    t.dx1 = -int64_t(A.y - C.y) * 256; t.dy1 = int64_t(A.x - C.x) * 256;
    t.dx2 = -int64_t(B.y - A.y) * 256; t.dy2 = int64_t(B.x - A.x) * 256;
    t.b0 = int64_t(sw_raster_bias(B.x, B.y, C.x, C.y));
    t.b1 = int64_t(sw_raster_bias(C.x, C.y, A.x, A.y));
    t.b2 = int64_t(sw_raster_bias(A.x, A.y, B.x, B.y));
    return t;
}

// The row's span in box pixels [x0, x1] from its edge values r at the box's first column and their steps d:
// estimated in float, widened by a pixel each side; false when an edge excludes the whole row.
bool sw_tri_span(vec3 r, vec3 d, int width, out int x0, out int x1)
{
    float lo = 0.0, hi = float(width);
    // edge + bias > 0 at pixel x: r + d x + bias > 0
    for (int e = 0; e < 3; e++) {
        if (d[e] > 0.0) lo = max(lo, -r[e] / d[e]);
        else if (d[e] < 0.0) hi = min(hi, -r[e] / d[e]);
        else if (r[e] <= 0.0) return false;
    }
    x0 = max(int(floor(lo)) - 1, 0);
    x1 = min(int(ceil(hi)) + 1, width);
    return true;
}

// Row `y` (a pixel row of the box) of the triangle: raster_fragment for each covered centre. The row's span
// between its edges is estimated in float (so that a thin slanted triangle costs its width, not its bounding
// box's), widened by a pixel each side, and every centre in it is tested exactly.
void sw_tri_row(sw_tri t, int y)
{
    int x0, x1;
    if (t.small) { // 32-bit: exact for a triangle under SW_TRI_SMALL (above)
        int k = y - t.box.y;
        int dx0 = int(t.dx0), dx1 = int(t.dx1), dx2 = int(t.dx2), b0 = int(t.b0), b1 = int(t.b1), b2 = int(t.b2);
        int r0 = int(t.e0) + k * int(t.dy0), r1 = int(t.e1) + k * int(t.dy1), r2 = int(t.e2) + k * int(t.dy2);
        if (!sw_tri_span(vec3(float(r0 + b0), float(r1 + b1), float(r2 + b2)), vec3(float(dx0), float(dx1), float(dx2)),
                         t.box.z - t.box.x, x0, x1))
            return;
        int q0 = r0 + x0 * dx0, q1 = r1 + x0 * dx1, q2 = r2 + x0 * dx2;
        for (int x = x0; x <= x1; x++) {
            if (q0 + b0 > 0 && q1 + b1 > 0 && q2 + b2 > 0) {
                vec3 l = vec3(float(q0), float(q1), float(q2)) * t.inv_area;
                raster_fragment(t.box.x + x, y, l.x * t.a.z + l.y * t.b.z + l.z * t.c.z, l.x * t.pa + l.y * t.pb + l.z * t.pc);
            }
            q0 += dx0;
            q1 += dx1;
            q2 += dx2;
        }
        return;
    }
    int64_t k = int64_t(y - t.box.y);
    int64_t r0 = t.e0 + k * t.dy0, r1 = t.e1 + k * t.dy1, r2 = t.e2 + k * t.dy2;
    if (!sw_tri_span(vec3(float(r0 + t.b0), float(r1 + t.b1), float(r2 + t.b2)),
                     vec3(float(t.dx0), float(t.dx1), float(t.dx2)), t.box.z - t.box.x, x0, x1))
        return;
    int64_t q0 = r0 + int64_t(x0) * t.dx0, q1 = r1 + int64_t(x0) * t.dx1, q2 = r2 + int64_t(x0) * t.dx2;
    for (int x = x0; x <= x1; x++) {
        if (q0 + t.b0 > 0 && q1 + t.b1 > 0 && q2 + t.b2 > 0) {
            vec3 l = vec3(float(q0), float(q1), float(q2)) * t.inv_area;
            raster_fragment(t.box.x + x, y, l.x * t.a.z + l.y * t.b.z + l.z * t.c.z, l.x * t.pa + l.y * t.pb + l.z * t.pc);
        }
        q0 += t.dx0;
        q1 += t.dx1;
        q2 += t.dx2;
    }
}

// The number of pixel rows sw_tri_setup's box has (0: nothing to draw), without the rest of the set-up.
int sw_tri_rows(vec3 a, vec3 b, vec3 c, int W, int H)
{
    ivec2 A = ivec2(sw_raster_snap(a.x), sw_raster_snap(a.y));
    ivec2 B = ivec2(sw_raster_snap(b.x), sw_raster_snap(b.y));
    ivec2 C = ivec2(sw_raster_snap(c.x), sw_raster_snap(c.y));
    int ext = max(max(A.x, max(B.x, C.x)) - min(A.x, min(B.x, C.x)), max(A.y, max(B.y, C.y)) - min(A.y, min(B.y, C.y)));
    bool zero = ext <= SW_TRI_SMALL ? (B.x - A.x) * (C.y - A.y) == (B.y - A.y) * (C.x - A.x)
                                    : int64_t(B.x - A.x) * int64_t(C.y - A.y) == int64_t(B.y - A.y) * int64_t(C.x - A.x);
    int x0 = max((min(A.x, min(B.x, C.x)) - 128 + 255) >> 8, 0), x1 = min((max(A.x, max(B.x, C.x)) - 128) >> 8, W - 1);
    int y0 = max((min(A.y, min(B.y, C.y)) - 128 + 255) >> 8, 0), y1 = min((max(A.y, max(B.y, C.y)) - 128) >> 8, H - 1);
    return zero || x0 > x1 || y0 > y1 ? 0 : y1 - y0 + 1;
}

// One triangle, vertices in pixels (x, y) and depth (z), with an attribute pair per vertex, into a W x H
// target: raster_fragment(x, y, z, attributes) for every covered pixel centre.
void raster_triangle(vec3 a, vec3 b, vec3 c, vec2 pa, vec2 pb, vec2 pc_, int W, int H)
{
    sw_tri t = sw_tri_setup(a, b, c, pa, pb, pc_, W, H);
    if (t.box.x > t.box.z) return;
    for (int y = t.box.y; y <= t.box.w; y++) sw_tri_row(t, y);
}
