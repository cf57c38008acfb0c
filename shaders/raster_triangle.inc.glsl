// raster_triangle.inc.glsl — one triangle of the compute rasteriser (SPEC BX1): Vulkan's fill rule on the
// 1/256-pixel grid (shared/sw_raster.h) with exact 64-bit edge functions, walked over the pixel centres of the
// triangle's bounding box, attributes and depth interpolated linearly in screen space (the blades it draws
// are a few pixels: perspective correction changes nothing there). Shared by raster.comp.glsl and the test
// probe tests/gpu/shaders/raster_probe.comp.glsl, which checks it against a CPU reference. The includer
// enables GL_EXT_shader_explicit_arithmetic_types_int64, includes shared/sw_raster.h and defines
//   void raster_fragment(int x, int y, float z, vec2 attributes)

// One triangle, vertices in pixels (x, y) and depth (z), with an attribute pair per vertex, into a W x H
// target: raster_fragment(x, y, z, attributes) for every covered pixel centre (defined by the includer).
void raster_triangle(vec3 a, vec3 b, vec3 c, vec2 pa, vec2 pb, vec2 pc_, int W, int H)
{
    ivec2 A = ivec2(sw_raster_snap(a.x), sw_raster_snap(a.y));
    ivec2 B = ivec2(sw_raster_snap(b.x), sw_raster_snap(b.y));
    ivec2 C = ivec2(sw_raster_snap(c.x), sw_raster_snap(c.y));
    int64_t area = int64_t(B.x - A.x) * int64_t(C.y - A.y) - int64_t(B.y - A.y) * int64_t(C.x - A.x);
    if (area == 0) return;
    if (area < 0) { // wind it so that the interior is positive (blades are double-sided)
        ivec2 ti = B; B = C; C = ti;
        vec3 tv = b; b = c; c = tv;
        vec2 tp = pb; pb = pc_; pc_ = tp;
        area = -area;
    }
    // pixels whose centre (px * 256 + 128) lies within the bounding box
    int x0 = max((min(A.x, min(B.x, C.x)) - 128 + 255) >> 8, 0);
    int x1 = min((max(A.x, max(B.x, C.x)) - 128) >> 8, W - 1);
    int y0 = max((min(A.y, min(B.y, C.y)) - 128 + 255) >> 8, 0);
    int y1 = min((max(A.y, max(B.y, C.y)) - 128) >> 8, H - 1);
    if (x0 > x1 || y0 > y1) return;
    // edge functions of the edges opposite A (B -> C), B (C -> A) and C (A -> B) at the first centre, their
    // steps per pixel in x and y, and the top-left biases
    ivec2 P = ivec2(x0 * 256 + 128, y0 * 256 + 128);
    int64_t e0 = int64_t(C.x - B.x) * int64_t(P.y - B.y) - int64_t(C.y - B.y) * int64_t(P.x - B.x);
    int64_t e1 = int64_t(A.x - C.x) * int64_t(P.y - C.y) - int64_t(A.y - C.y) * int64_t(P.x - C.x);
    int64_t e2 = int64_t(B.x - A.x) * int64_t(P.y - A.y) - int64_t(B.y - A.y) * int64_t(P.x - A.x);
    int64_t dx0 = -int64_t(C.y - B.y) * 256, dy0 = int64_t(C.x - B.x) * 256;
    int64_t dx1 = -int64_t(A.y - C.y) * 256, dy1 = int64_t(A.x - C.x) * 256;
    int64_t dx2 = -int64_t(B.y - A.y) * 256, dy2 = int64_t(B.x - A.x) * 256;
    int64_t b0 = int64_t(sw_raster_bias(B.x, B.y, C.x, C.y));
    int64_t b1 = int64_t(sw_raster_bias(C.x, C.y, A.x, A.y));
    int64_t b2 = int64_t(sw_raster_bias(A.x, A.y, B.x, B.y));
    float inv_area = 1.0 / float(area);
    for (int y = y0; y <= y1; y++) {
        int64_t r0 = e0, r1 = e1, r2 = e2;
        for (int x = x0; x <= x1; x++) {
            if (r0 + b0 > 0 && r1 + b1 > 0 && r2 + b2 > 0) {
                vec3 l = vec3(float(r0), float(r1), float(r2)) * inv_area;
                raster_fragment(x, y, l.x * a.z + l.y * b.z + l.z * c.z, l.x * pa + l.y * pb + l.z * pc_);
            }
            r0 += dx0;
            r1 += dx1;
            r2 += dx2;
        }
        e0 += dy0;
        e1 += dy1;
        e2 += dy2;
    }
}
