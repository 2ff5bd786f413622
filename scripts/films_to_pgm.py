#!/usr/bin/env python3
"""Writes the real films of ../shared/data/xray-foot as binary PGM files (no DICOM library
needed), for the CUDA regions test on a core-only build (CudaRegions.RealFilmsEqualSerial reads
the folder named by XRAYPREP_FILMS_PGM).

Only what those files are is handled: uncompressed grey frames (Explicit VR Little Endian),
8 or 16 bits allocated, unsigned; MONOCHROME1 is inverted as the DICOM reader does. The maximum
value written is 2^BitsStored - 1, the Image's maxValue.

    scripts/films_to_pgm.py [SOURCE_DIR] OUT_DIR
"""

import pathlib
import struct
import sys

LONG_VRS = {b"OB", b"OD", b"OF", b"OL", b"OV", b"OW", b"SQ", b"SV", b"UC", b"UN", b"UR",
            b"UT", b"UV"}


def elements(data, pos):
    """(group, element, value bytes) of each explicit-VR little-endian element from pos."""
    while pos + 8 <= len(data):
        group, element = struct.unpack_from("<HH", data, pos)
        vr = data[pos + 4:pos + 6]
        if vr in LONG_VRS:
            (length,) = struct.unpack_from("<I", data, pos + 8)
            start = pos + 12
        else:
            (length,) = struct.unpack_from("<H", data, pos + 6)
            start = pos + 8
        if length == 0xFFFFFFFF:
            raise ValueError(f"undefined length at ({group:04x},{element:04x})")
        yield group, element, data[start:start + length]
        pos = start + length


def convert(path, out_dir):
    data = path.read_bytes()
    if data[128:132] != b"DICM":
        raise ValueError("no DICM preamble")
    tags = {}
    for group, element, value in elements(data, 132):
        tags[(group, element)] = value
    syntax = tags[(0x0002, 0x0010)].rstrip(b"\0 ")
    if syntax != b"1.2.840.10008.1.2.1":
        raise ValueError(f"transfer syntax {syntax!r}")

    def us(tag):
        return struct.unpack("<H", tags[tag][:2])[0]

    rows, cols = us((0x0028, 0x0010)), us((0x0028, 0x0011))
    allocated, stored = us((0x0028, 0x0100)), us((0x0028, 0x0101))
    samples = us((0x0028, 0x0002)) if (0x0028, 0x0002) in tags else 1
    signed = us((0x0028, 0x0103)) if (0x0028, 0x0103) in tags else 0
    photometric = tags[(0x0028, 0x0004)].rstrip(b"\0 ").decode()
    if samples != 1 or signed != 0 or allocated not in (8, 16):
        raise ValueError(f"unsupported frame ({samples} samples, signed {signed}, {allocated})")
    pixels = tags[(0x7FE0, 0x0010)]
    count = rows * cols
    values = list(pixels[:count]) if allocated == 8 else list(
        struct.unpack_from(f"<{count}H", pixels))
    high = (1 << stored) - 1
    values = [min(v & ((1 << stored) - 1), high) for v in values]
    if photometric == "MONOCHROME1":
        values = [high - v for v in values]
    out = out_dir / (path.stem + ".pgm")
    header = f"P5\n{cols} {rows}\n{high}\n".encode()
    body = bytes(values) if high < 256 else struct.pack(f">{count}H", *values)
    out.write_bytes(header + body)
    return out, cols, rows, stored


def main(argv):
    here = pathlib.Path(__file__).resolve().parent.parent
    source = pathlib.Path(argv[1]) if len(argv) > 2 else here.parent / "shared/data/xray-foot"
    out_dir = pathlib.Path(argv[-1])
    out_dir.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.glob("*.dcm")):
        out, cols, rows, stored = convert(path, out_dir)
        print(f"{out.name}: {cols}x{rows}, {stored} bits")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv)
