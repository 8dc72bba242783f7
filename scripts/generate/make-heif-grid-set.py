#!/usr/bin/env python3
"""Tests/HEIFGridSet: small HEIF files of every kind a phone (or a careful encoder) writes, made by
phone_heic.py from two upright pictures that are committed with them.

  .bench/pillow/bin/python scripts/generate/make-heif-grid-set.py [OUTDIR]

Each file is checked before it is written down: libheif 1.15 (heif-convert) and pillow-heif's own
libheif and libde265 (avifdec for AV1) must both decode it to the upright picture (PSNR >= 35 dB),
and differ from each other by at most the rounding of their YCbCr conversions. MANIFEST.tsv lists
each file, its kind and those figures. Needs numpy, Pillow, scikit-image and pillow-heif (bench/setup.sh's
.bench/pillow venv) and heif-enc, heif-convert and avifdec on PATH.
"""
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heif_container as hc  # noqa: E402
import phone_heic  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# name, upright picture, options for phone_heic.phone_heic, what it is
KINDS = [
    ("grid-plain", "small", dict(tile=64, thumbnail=96), "4x3 grid of 64x64 tiles, last column 8 px and last row 8 px wide, thumbnail, nclx"),
    ("grid-irot1", "small", dict(tile=64, turns=1, exif_orientation=8), "irot 90 anti-clockwise, EXIF orientation 8 (ignored)"),
    ("grid-irot2", "small", dict(tile=64, turns=2, exif_orientation=3), "irot 180, EXIF orientation 3 (ignored)"),
    ("grid-irot3-exif6", "small", dict(tile=64, turns=3, exif_orientation=6, thumbnail=96), "irot 270 and EXIF orientation 6, as an iPhone writes a portrait photo"),
    ("grid-irot3-exif1", "small", dict(tile=64, turns=3, exif_orientation=1), "irot 270, EXIF orientation 1"),
    ("grid-imir0", "small", dict(tile=64, mirror=0, exif_orientation=4), "imir axis 0 (top and bottom exchange), EXIF orientation 4 (ignored)"),
    ("grid-imir1", "small", dict(tile=64, mirror=1), "imir axis 1 (left and right exchange)"),
    ("grid-irot1-imir0", "small", dict(tile=64, turns=1, mirror=0), "irot 90 then imir 0"),
    ("grid-irot3-imir1", "small", dict(tile=64, turns=3, mirror=1, exif_orientation=6), "irot 270 then imir 1, EXIF orientation 6 (ignored)"),
    ("grid-clap-irot1", "small", dict(tile=64, clap=(6, 10, 14, 4), turns=1), "clean aperture (6, 10, 14 and 4 px cropped off), then irot 90"),
    ("grid-alpha", "small-alpha", dict(tile=64, alpha=True, thumbnail=0), "alpha as a grid of monochrome tiles (auxl, auxC)"),
    ("grid-444", "small", dict(tile=64, chroma="444", turns=1), "4:4:4 tiles, irot 90"),
    ("grid-422", "small", dict(tile=64, chroma="422", mirror=1), "4:2:2 tiles, imir 1"),
    ("grid-tile-nclx-709-limited", "small", dict(tile=64, tile_colour=hc.colr_nclx(1, 1, 1, full_range=False)),
     "tiles with their own colr: BT.709 matrix, limited range (decoders convert by it: colours shift)"),
    ("grid-clap-half-pixel", "small", dict(tile=64, clap=(6, 10, 14, 4), clap_half=True, turns=3),
     "clean aperture whose edges fall half a pixel off (decoders round them), irot 270"),
    ("grid-10bit", "small", dict(tile=64, bit_depth=10), "10-bit tiles (pixi 10)"),
    ("grid-p3", "small", dict(tile=64, colour="p3", turns=3, exif_orientation=6), "nclx Display P3 (12/13/6), irot 270"),
    ("grid-one-tile", "small", dict(tile=256, thumbnail=0), "a 1x1 grid: one 256x256 tile cropped to the picture"),
    ("grid-thumbnail-large", "small", dict(tile=64, thumbnail=160, turns=1), "thumbnail of 160 px (four fifths of the picture), irot 90 on both"),
    ("phone-512", "phone", dict(tile=512, turns=3, exif_orientation=6, thumbnail=320, quality=60), "512x512 tiles as an iPhone: 2x2 grid cropped to 600x530 coded, irot 270, EXIF 6, 320 px thumbnail"),
    ("grid-plain-broken-tile-6", "small", dict(tile=64, broken_tile=6), "grid-plain with tile 6 (row 1, column 2) undecodable"),
    ("grid-plain-marked-tile-6", "small", dict(tile=64, marked_tile=6), "grid-plain with tile 6 coded flat grey: where it lands"),
    ("grid-irot3-imir1-broken-tile-11", "small", dict(tile=64, turns=3, mirror=1, broken_tile=11), "grid-irot3-imir1 with its last (8x8) tile undecodable"),
    ("grid-irot3-imir1-marked-tile-11", "small", dict(tile=64, turns=3, mirror=1, marked_tile=11), "grid-irot3-imir1 with its last tile coded flat grey"),
    ("av1-grid-mif1", "small", dict(tile=64, av1=True, thumbnail=0), "AV1 tiles in a mif1 file without the avif brand"),
]


def pictures():
    from skimage import data
    astronaut = data.astronaut()
    coffee = data.coffee()
    small = np.ascontiguousarray(astronaut[40:176, 120:320])          # 200x136
    ramp = np.tile(np.linspace(40, 255, small.shape[1]).astype(np.uint8), (small.shape[0], 1))
    ramp[:, :12] = 0
    small_alpha = np.dstack([small, ramp])
    phone = np.ascontiguousarray(coffee[:120, :106].repeat(5, 0).repeat(5, 1))   # 530x600 portrait, coded landscape
    return {"small": small, "small-alpha": small_alpha, "phone": phone}


def av1_single(picture):
    """An AV1 still (one av01 item, no grid) in a mif1 file without the avif brand."""
    coded = phone_heic.encode(picture, 80, av1=True)
    item = hc.Item(1, b"av01", coded.data, properties=[(coded.config, True), (hc.ispe(coded.width, coded.height), False),
                                                     (hc.colr_nclx(1, 13, 6), False), (hc.pixi(8), False)])
    return hc.write([item], 1, [], brands=(b"mif1", b"mif1", b"miaf"))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests", "HEIFGridSet")
    os.makedirs(out, exist_ok=True)
    pics = pictures()
    for name, picture in pics.items():
        Image.fromarray(picture).save(os.path.join(out, f"upright-{name}.png"), optimize=True)
    rows = []
    jobs = [(name, source, options, note) for name, source, options, note in KINDS]
    jobs.append(("av1-still-mif1", "small", None, "one AV1 item (no grid) in a mif1 file without the avif brand"))
    for name, source, options, note in jobs:
        picture = pics[source]
        if options is None:
            data = av1_single(picture)
        else:
            options = dict(options)
            options.setdefault("quality", 80)
            options.setdefault("thumbnail", 0)
            data = phone_heic.phone_heic(picture, **options)
        path = os.path.join(out, name + ".heic")
        with open(path, "wb") as f:
            f.write(data)
        if "broken" in name:   # no decoder reads it whole
            rows.append(f"{name}.heic\tupright-{source}.png\t-\t{len(data)}\t-\t-\t-\t{note}")
            continue
        difference, a, b = phone_heic.verify(path, picture)
        if min(a, b) < (15 if "marked" in name or "tile-nclx" in name else 20 if "half-pixel" in name else 35):
            raise SystemExit(f"{path}: PSNR {a:.2f} / {b:.2f} dB against the upright picture")
        h, w = picture.shape[:2]
        rows.append(f"{name}.heic\tupright-{source}.png\t{w}x{h}\t{len(data)}\t{difference}\t{a:.2f}\t{b:.2f}\t{note}")
        print(rows[-1])
    with open(os.path.join(out, "MANIFEST.tsv"), "w") as f:
        f.write("file\tupright\tsize\tbytes\tmax_difference_libheif_1.15_vs_pillow_heif\tpsnr_libheif_1.15\tpsnr_pillow_heif\tkind\n")
        f.write("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
