#!/usr/bin/env python3
"""HEIC files laid out as a phone writes them, from an upright picture.

  .bench/pillow/bin/python scripts/generate/phone_heic.py INPUT OUTPUT.heic [options]

What an iPhone writes for a 12 MP photo: a `grid` derived image (the primary item) of 512x512 HEVC
tiles, the last row and column cropped by the grid's output size; an embedded HEVC thumbnail (`thmb`
reference); the rotation as `irot` on the grid (a portrait photo is coded landscape, with `irot` 3,
i.e. 270 degrees anti-clockwise) while its EXIF (a `cdsc` item, with the TIFF header offset and
`Exif\\0\\0` before the TIFF block) says orientation 6 as well; colour as `colr` nclx and/or an ICC
profile. INPUT is the upright picture (any file Pillow reads): the coded tiles are what the
transforms turn back into it, so every decoder must give INPUT back (up to the coding loss).

Options: --tile N (512), --quality Q (90, heif-enc's), --turns {0,1,2,3} (irot, quarter turns
anti-clockwise), --mirror {0,1} (imir axis: 0 exchanges top and bottom, 1 left and right), --clap
L,T,R,B (coded pixels around the picture that a clean aperture crops off), --exif-orientation N,
--thumbnail N (longest side, 0: none; default 320), --colour nclx|p3|none or icc:FILE (nclx is
1/13/6 full range, p3 is 12/13/6), --alpha (a grid of alpha tiles too), --bit-depth 8|10, --av1 (AV1
tiles in a `mif1` file without the `avif` brand), --verify (decode with heif-convert and pillow-heif
and compare, see verify()).

The tiles are coded by libheif's heif-enc (Debian's libheif-examples: x265, or aom for --av1), one
call per tile; the container is written by heif_container.py. Needs numpy and Pillow (pillow-heif
for --verify).
"""
import argparse
import concurrent.futures
import os
import struct
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heif_container as hc  # noqa: E402

TILE_JOBS = max(1, len(os.sched_getaffinity(0)))


def write_png(path, pixels):
    """A PNG of uint8 or uint16 RGB(A) pixels (Pillow writes no 16-bit colour PNGs)."""
    h, w, c = pixels.shape
    depth = 16 if pixels.dtype == np.uint16 else 8
    rows = pixels.astype(">u2" if depth == 16 else np.uint8).reshape(h, -1).view(np.uint8)
    raw = np.concatenate([np.zeros((h, 1), np.uint8), rows], axis=1).tobytes()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    colour_type = 6 if c == 4 else 2
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour_type, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def encode(pixels, quality, av1=False, bit_depth=8, preset=None, chroma=None):
    """One picture coded by heif-enc (x265 at `preset`, libheif's default slow when None), read back as
    a heif_container.CodedImage (with its alpha)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "tile.png")
        if bit_depth > 8:
            write_png(source, pixels.astype(np.uint16) * 257 if pixels.dtype == np.uint8 else pixels)
        else:
            write_png(source, pixels)
        target = os.path.join(tmp, "tile.avif" if av1 else "tile.heic")
        command = ["heif-enc", "-q", str(quality), "-o", target, source]
        if bit_depth > 8:
            command[1:1] = ["-b", str(bit_depth)]
        if preset:
            command[1:1] = ["-p", f"preset={preset}"]
        if chroma:
            command[1:1] = ["-p", f"chroma={chroma}"]
        if av1:
            command[1:1] = ["-A"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        with open(target, "rb") as f:
            return hc.read_single_image(f.read())


def coded_from_upright(upright, turns, mirror):
    """The coded picture that irot `turns` (anti-clockwise) and then imir `mirror` make `upright`."""
    coded = upright
    if mirror == 0:
        coded = coded[::-1]
    elif mirror == 1:
        coded = coded[:, ::-1]
    return np.ascontiguousarray(np.rot90(coded, -turns))


def tiles_of(coded, tile):
    """The grid's tiles, row by row: the picture padded (edges repeated) to whole tiles."""
    h, w = coded.shape[:2]
    rows, columns = -(-h // tile), -(-w // tile)
    padded = np.pad(coded, ((0, rows * tile - h), (0, columns * tile - w), (0, 0)), mode="edge")
    return rows, columns, [padded[r * tile:(r + 1) * tile, c * tile:(c + 1) * tile] for r in range(rows) for c in range(columns)]


def colour_properties(colour):
    if colour == "none":
        return []
    if colour == "nclx":
        return [hc.colr_nclx(1, 13, 6)]
    if colour == "p3":
        return [hc.colr_nclx(12, 13, 6)]
    if colour.startswith("icc:"):
        with open(colour[4:], "rb") as f:
            return [hc.colr_icc(f.read())]
    raise ValueError(f"unknown colour {colour!r}")


def exif_tiff(orientation):
    exif = Image.Exif()
    exif[0x010F] = "Apple"
    exif[0x0110] = "phone_heic.py"
    exif[0x0112] = orientation
    return exif.tobytes()[6:]   # without Exif\0\0


def phone_heic(upright, tile=512, quality=90, turns=0, mirror=None, clap=None, exif_orientation=None, thumbnail=320,
               colour="nclx", alpha=False, bit_depth=8, av1=False, jobs=TILE_JOBS, marked_tile=None, broken_tile=None,
               preset=None, chroma=None, tile_colour=None, clap_half=False):
    """The bytes of a phone-like HEIC of `upright` (H x W x 3 or 4 uint8, or uint16 for --bit-depth 10).
    For tests: `marked_tile` (row-major index) is coded a flat grey instead of its pixels, and
    `broken_tile`'s coded bytes are all 0xFF (its first NAL unit's length runs past its data).
    `chroma` is heif-enc's (420, 422, 444); `tile_colour` a colr property given to every tile (decoders
    convert a tile by its own colr, not the grid's); `clap_half` moves the clean aperture half a pixel."""
    has_alpha = upright.shape[2] == 4
    if has_alpha != alpha:
        raise ValueError("alpha needs an RGBA picture and an RGBA picture needs alpha")
    picture = coded_from_upright(upright, turns, mirror)
    if clap:
        left, top, right, bottom = clap
        frame = np.empty((picture.shape[0] + top + bottom, picture.shape[1] + left + right, picture.shape[2]), picture.dtype)
        frame[...] = np.array([255, 0, 255, 255][:picture.shape[2]], np.uint16) * (257 if picture.dtype == np.uint16 else 1)
        frame[top:top + picture.shape[0], left:left + picture.shape[1]] = picture
        coded = frame
    else:
        coded = picture
    height, width = coded.shape[:2]
    rows, columns, tiles = tiles_of(coded, tile)
    if marked_tile is not None:
        tiles[marked_tile] = np.full_like(tiles[marked_tile], 128 * (257 if coded.dtype == np.uint16 else 1))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        encoded = list(pool.map(lambda t: encode(t, quality, av1, bit_depth, preset, chroma), tiles))

    items, references = [], []
    next_id = iter(range(1, 1 << 16))
    tile_ids = []
    if broken_tile is not None:
        encoded[broken_tile].data = b"\xff" * len(encoded[broken_tile].data)
    for t in encoded:
        tile_ids.append(next(next_id))
        props = [(t.config, True), (hc.ispe(t.width, t.height), False)]
        if tile_colour:
            props.append((tile_colour, False))
        if t.pixi:
            props.append((t.pixi, False))
        items.append(hc.Item(tile_ids[-1], t.codec.encode(), t.data, hidden=True, properties=props))
    grid_id = next(next_id)
    transforms = []
    if clap:
        left, top, right, bottom = clap
        transforms.append((hc.clap(picture.shape[1], picture.shape[0], left, top, width, height, int(clap_half)), True))
    if turns:
        transforms.append((hc.irot(turns), True))
    if mirror is not None:
        transforms.append((hc.imir(mirror), True))
    grid_props = [(hc.ispe(width, height), False)] + [(p, False) for p in colour_properties(colour)]
    grid_props += [(hc.pixi(bit_depth), False)] + transforms
    items.append(hc.Item(grid_id, b"grid", hc.grid_descriptor(rows, columns, width, height), properties=grid_props,
                         in_idat=True))
    references.append((b"dimg", grid_id, tile_ids))

    if alpha:
        alpha_tiles = []
        for t in encoded:
            a = t.alpha
            alpha_tiles.append(next(next_id))
            items.append(hc.Item(alpha_tiles[-1], a.codec.encode(), a.data, hidden=True,
                                 properties=[(a.config, True), (hc.ispe(a.width, a.height), False)]))
        alpha_grid = next(next_id)
        items.append(hc.Item(alpha_grid, b"grid", hc.grid_descriptor(rows, columns, width, height), hidden=True,
                             properties=[(hc.ispe(width, height), False), (hc.auxc_alpha(), True)] + transforms,
                             in_idat=True))
        references.append((b"dimg", alpha_grid, alpha_tiles))
        references.append((b"auxl", alpha_grid, [grid_id]))

    if thumbnail:
        scale = thumbnail / max(picture.shape[:2])
        size = (max(1, round(picture.shape[1] * scale)) & ~1, max(1, round(picture.shape[0] * scale)) & ~1)
        small = picture if picture.dtype == np.uint8 else (picture // 257).astype(np.uint8)
        small = np.asarray(Image.fromarray(small[..., :3]).resize(size, Image.LANCZOS))
        t = encode(small, quality, av1, preset=preset)
        thumb_id = next(next_id)
        items.append(hc.Item(thumb_id, t.codec.encode(), t.data, properties=[
            (t.config, True), (hc.ispe(t.width, t.height), False)] + [(p, False) for p in colour_properties(colour)]
            + [p for p in transforms if not p[0][4:8] == b"clap"]))
        references.append((b"thmb", thumb_id, [grid_id]))

    if exif_orientation:
        exif_id = next(next_id)
        items.append(hc.Item(exif_id, b"Exif", hc.exif_payload(exif_tiff(exif_orientation))))
        references.append((b"cdsc", exif_id, [grid_id]))

    brands = (b"mif1", b"mif1", b"miaf") if av1 else (b"heic", b"mif1", b"MiHE", b"miaf", b"MiHB", b"heic")
    return hc.write(items, grid_id, references, brands)


def decode_pillow_heif(path):
    """pillow-heif's bundled libheif and libde265; an AV1 file through avifdec (libavif and dav1d) instead, as
    pillow-heif has no AV1 decoder: a copy whose major brand says avif, as libavif needs."""
    if open(path, "rb").read()[8:12] == b"mif1" and b"av01" in open(path, "rb").read(4096):
        return decode_avifdec(path)
    import pillow_heif
    image = pillow_heif.open_heif(path, convert_hdr_to_8bit=True)
    return np.asarray(image)


def decode_avifdec(path):
    with tempfile.TemporaryDirectory() as tmp:
        data = bytearray(open(path, "rb").read())
        data[8:12] = b"avif"
        copy, out = os.path.join(tmp, "in.avif"), os.path.join(tmp, "out.png")
        open(copy, "wb").write(data)
        subprocess.run(["avifdec", copy, out], check=True, stdout=subprocess.DEVNULL)
        return np.asarray(Image.open(out))


def decode_heif_convert(path):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.png")
        subprocess.run(["heif-convert", path, out], check=True, stdout=subprocess.DEVNULL)
        return np.asarray(Image.open(out))


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def verify(path, upright):
    """Decodes `path` with libheif 1.15 (heif-convert) and with pillow-heif's own libheif and libde265 (AV1:
    avifdec);
    returns (max difference between the two, PSNR of each against the upright picture). A misplaced
    tile, a transform applied twice or not at all, shows as a low PSNR; the HEVC decode itself is
    exact, so the decoders differ only in their YCbCr conversion."""
    reference = upright if upright.dtype == np.uint8 else np.rint(upright / 257.0).astype(np.uint8)
    a, b = decode_heif_convert(path), decode_pillow_heif(path)
    if a.shape != reference.shape or b.shape != reference.shape:
        raise SystemExit(f"{path}: decoded {a.shape} (heif-convert) and {b.shape} (pillow-heif), expected {reference.shape}")
    return int(np.abs(a.astype(int) - b.astype(int)).max()), psnr(a, reference), psnr(b, reference)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--tile", type=int, default=512)
    ap.add_argument("--quality", type=int, default=90)
    ap.add_argument("--turns", type=int, default=0, choices=range(4))
    ap.add_argument("--mirror", type=int, choices=(0, 1))
    ap.add_argument("--clap", type=lambda s: tuple(int(v) for v in s.split(",")))
    ap.add_argument("--exif-orientation", type=int)
    ap.add_argument("--thumbnail", type=int, default=320)
    ap.add_argument("--colour", default="nclx")
    ap.add_argument("--alpha", action="store_true")
    ap.add_argument("--bit-depth", type=int, default=8, choices=(8, 10))
    ap.add_argument("--av1", action="store_true")
    ap.add_argument("--verify", action="store_true")
    args = ap.parse_args()
    with Image.open(args.input) as im:
        upright = np.asarray(im.convert("RGBA" if args.alpha else "RGB"))
    data = phone_heic(upright, args.tile, args.quality, args.turns, args.mirror, args.clap, args.exif_orientation,
                      args.thumbnail, args.colour, args.alpha, args.bit_depth, args.av1)
    with open(args.output, "wb") as f:
        f.write(data)
    if args.verify:
        difference, a, b = verify(args.output, upright[..., :3] if not args.alpha else upright)
        print(f"{args.output}: heif-convert and pillow-heif differ by at most {difference}; "
              f"PSNR against the input {a:.2f} / {b:.2f} dB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
