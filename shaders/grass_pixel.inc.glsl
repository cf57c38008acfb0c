// grass_pixel.inc.glsl — a blade's pixel from its interpolated (hardware path) or evaluated (resolve.comp.glsl)
// surface: SH3 double-sided normal 'incorrectly' with abs(z) of the view-space normal (HZD, for grass: both
// sides face the viewer; `back` is the view's backward axis), and the SH7 midrib darkening the albedo along the
// blade's centre line (side: -1..1 across the blade).
void grass_pixel(vec3 albedo_in, vec3 normal_in, float side, vec3 back, out vec3 albedo, out vec3 n)
{
    n = normalize(normal_in);
    float z = dot(n, back);
    n += 2.0 * max(-z, 0.0) * back; // abs(z) in view space
    float rib = 1.0 - 0.2 * (1.0 - min(abs(side) * 5.0, 1.0));
    albedo = albedo_in * rib;
}
