#!/usr/bin/env python3
"""png_compare.py A.png B.png MEAN_MAX FRAC_MAX: two RGBA8 PNGs of one size (sward's output) agree within a
tolerance: the mean absolute difference per channel at most MEAN_MAX/255 and at most FRAC_MAX of the pixels off by
more than 16/255 in a channel. Prints both numbers; exits 1 when they are over, 2 when the files are not such
PNGs. The standard library only (no imaging package on CI)."""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        n, t = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if t == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body[:13])
            if depth != 8 or ctype != 6 or interlace:
                raise ValueError(f"{path}: expected non-interlaced RGBA8")
        elif t == b"IDAT":
            idat += body
        pos += 12 + n
    raw, bpp, stride = zlib.decompress(idat), 4, w * 4
    out, prev = bytearray(), bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + (a + prev[i]) // 2) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return w, h, out


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        wa, ha, a = read_png(sys.argv[1])
        wb, hb, b = read_png(sys.argv[2])
    except (OSError, ValueError, zlib.error, struct.error) as e:
        print(f"png_compare: {e}", file=sys.stderr)
        return 2
    if (wa, ha) != (wb, hb):
        print(f"png_compare: sizes differ: {wa}x{ha} and {wb}x{hb}", file=sys.stderr)
        return 2
    total, over = 0, 0
    for k in range(0, len(a), 4):
        worst = 0
        for c in range(3):
            d = abs(a[k + c] - b[k + c])
            total += d
            worst = d if d > worst else worst
        over += worst > 16
    n = wa * ha
    mean, frac = total / (3.0 * n), over / n
    print(f"mean {mean:.3f}/255, {100.0 * frac:.3f} % of pixels over 16/255")
    return 0 if mean <= float(sys.argv[3]) and frac <= float(sys.argv[4]) else 1


if __name__ == "__main__":
    sys.exit(main())
