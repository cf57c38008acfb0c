/* sw_hash.h — integer hashes for placement (PL3, PL4; DESIGN "Determinism").
 *
 * A blade's randomness comes only from integer hashes of its grid cell, material and the scene seed, never
 * from floating-point positions, so it is the same on every device and for every tile layout. The hash is
 * PCG's output permutation (Jarzynski and Olano, "Hash Functions for GPU Rendering", JCGT 2020). */
#ifndef SW_HASH_H
#define SW_HASH_H
#include "sw_lang.h"

SW_FN sw_uint sw_pcg(sw_uint v)
{
    sw_uint state = v * 747796405u + 2891336453u;
    sw_uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

/* Hash of a grid cell for one material of one scene. Cells are signed; their two's-complement bits are
 * hashed, so negative coordinates are as random as positive ones. */
SW_FN sw_uint sw_cell_hash(int ci, int cj, sw_uint material, sw_uint seed)
{
    return sw_pcg(SW_U(ci) + sw_pcg(SW_U(cj) + sw_pcg(material + sw_pcg(seed))));
}

/* Uniform in [0, 1) with 24 bits: exact in float, so CPU and GPU agree to the bit. */
SW_FN float sw_unit(sw_uint h)
{
    return SW_F(h >> 8u) * (1.0f / 16777216.0f);
}

#endif
