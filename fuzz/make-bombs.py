#!/usr/bin/env python3
"""Writes the decompression-bomb files the Hardening tests decode (fuzz/regressions/bombs/).

Run from the project root:  python3 fuzz/make-bombs.py
The files are small on disk (and tiny in git, which compresses their repetitive bytes):
- idat-zeros-1x1.png (1 MB): a valid 1x1 grey PNG whose single zlib stream inflates to 1 GiB of
  zeros; only the first 2 bytes are image data, the rest is "too much image data" that libpng
  inflates to nowhere after the last row (4-6 s of CPU before the bridge limited it).
- idat-zeros-1x1-adam7.png (1 MB): the same, interlaced (Adam7: the row count differs).
- progressive-16000x16000.jpg (1.5 MB): a progressive 3-component 4:4:4 JPEG, 256 Mpx (under the
  default pixel limit), with one complete, valid DC scan (every DC difference 0, one bit per
  block): decoding needs whole-image coefficient buffers of 16000*16000*3*2 bytes = 1.5 GB, so
  only the decoder's memory budget refuses it before allocation.
"""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regressions", "bombs")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def idat_zeros_png(path, inflated_bytes, interlace=0):
    compressor = zlib.compressobj(9)
    block = bytes(1 << 24)
    parts = []
    for _ in range(inflated_bytes // len(block)):
        parts.append(compressor.compress(block))
    parts.append(compressor.flush())
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, interlace)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def segment(marker, payload):
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload


def progressive_jpeg(path, width, height):
    dqt = segment(0xDB, b"\x00" + bytes([1] * 64))
    components = b"".join(bytes([c, 0x11, 0]) for c in (1, 2, 3))
    sof2 = segment(0xC2, struct.pack(">BHHB", 8, height, width, 3) + components)
    # a DC table with a single 1-bit code ("0") for category 0: every DC difference is 0
    dht = segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")
    # one interleaved DC first scan over the 3 components (Ss=Se=0, Ah=Al=0)
    sos = segment(0xDA, b"\x03" + b"".join(bytes([c, 0]) for c in (1, 2, 3)) + b"\x00\x00\x00")
    blocks = 3 * ((width + 7) // 8) * ((height + 7) // 8)
    with open(path, "wb") as f:
        f.write(b"\xff\xd8" + dqt + sof2 + dht + sos + bytes((blocks + 7) // 8) + b"\xff\xd9")


def main():
    os.makedirs(OUT, exist_ok=True)
    idat_zeros_png(os.path.join(OUT, "idat-zeros-1x1.png"), 1 << 30)
    idat_zeros_png(os.path.join(OUT, "idat-zeros-1x1-adam7.png"), 1 << 30, interlace=1)
    progressive_jpeg(os.path.join(OUT, "progressive-16000x16000.jpg"), 16000, 16000)


if __name__ == "__main__":
    main()
