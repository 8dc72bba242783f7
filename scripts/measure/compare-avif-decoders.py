#!/usr/bin/env python3
"""Where AVIF decoders disagree (imir, irot, clap, monochrome range), which one the browser agrees with.

    python3 scripts/measure/compare-avif-decoders.py [--keep DIR]   (after swift build -c release)

Makes one AVIF of each kind from a 96x64 pattern of four coloured quadrants with a white mark near the
top-left corner (so every turn and mirror shows): irot 0-3 with and without imir 0 and 1 (avifenc);
clean apertures whose edges fall on whole pixels, half pixels and other fractions (avifenc's clap box
rewritten: avifenc refuses the fractional ones); monochrome in limited and full range; the eight EXIF
orientations as Pillow writes them (irot/imir); and every AVIF of ../shared/corpus/avif. Each is decoded
by aspectfit (`-f png`, no resize), by Pillow with its own libavif (ImageOps.exif_transpose applies the
orientation Pillow reports), by libvips (Debian's libheif 1.15), and rendered by headless Chromium
(Debian `chromium`: one page, one screenshot, colour profile forced to sRGB). Prints, per file, the size
each shows and the largest channel difference of each decoder from Chromium's pixels.
Needs Pillow >= 11.3 (its AVIF plugin), numpy, avifenc (libavif-bin), vips (libvips-tools) and chromium.
"""
import argparse
import glob
import json
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageOps, features

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE_BACKGROUND = (128, 128, 128)


def pattern(folder):
    w, h = 96, 64
    a = np.zeros((h, w, 3), np.uint8)
    a[:h // 2, :w // 2] = (220, 40, 40)
    a[:h // 2, w // 2:] = (40, 200, 60)
    a[h // 2:, :w // 2] = (40, 60, 220)
    a[h // 2:, w // 2:] = (230, 220, 60)
    a[4:12, 4:12] = (255, 255, 255)
    Image.fromarray(a).save(os.path.join(folder, "pattern.png"))
    g = np.tile(np.linspace(0, 255, w).astype(np.uint8), (h, 1))
    g[:h // 2] = 255 - g[:h // 2]
    Image.fromarray(g, "L").save(os.path.join(folder, "grey.png"))


def avifenc(folder, name, *options, source="pattern.png"):
    subprocess.run(["avifenc", "-s", "6", "--min", "0", "--max", "2", *options, source, name], cwd=folder, check=True,
                   capture_output=True)
    return os.path.join(folder, name)


def with_clap(folder, template, name, values):
    """`template` with its clap box's eight numbers replaced."""
    data = bytearray(open(template, "rb").read())
    at = data.index(b"clap") + 4
    data[at:at + 32] = struct.pack(">8I", *[v & 0xFFFFFFFF for v in values])
    path = os.path.join(folder, name)
    open(path, "wb").write(data)
    return path


def kinds(folder):
    pattern(folder)
    files = []
    for angle in range(4):
        files.append(avifenc(folder, f"irot{angle}.avif", "-y", "444", "--irot", str(angle)))
        for mode in (0, 1):
            files.append(avifenc(folder, f"irot{angle}-imir{mode}.avif", "-y", "444", "--irot", str(angle), "--imir", str(mode)))
    whole = avifenc(folder, "clap-whole.avif", "-y", "444", "--clap", "44,1,30,1,0,1,0,1")
    files.append(whole)
    # 96x64 coded; edges at x = 25.5, y = 16.5 / x = 18.5, y = 19 / x = 26, y = 16
    files.append(with_clap(folder, whole, "clap-half.avif", [45, 1, 31, 1, 0, 1, 0, 1]))
    files.append(with_clap(folder, whole, "clap-offset.avif", [45, 1, 31, 1, -7, 1, 5, 2]))
    files.append(with_clap(folder, whole, "clap-quarter.avif", [45, 1, 31, 1, 1, 2, -1, 2]))
    turned = avifenc(folder, "clap-whole-irot1.avif", "-y", "444", "--irot", "1", "--clap", "44,1,30,1,0,1,0,1")
    files += [turned, with_clap(folder, turned, "clap-half-irot1.avif", [45, 1, 31, 1, 0, 1, 0, 1])]
    for rng in ("limited", "full"):
        files.append(avifenc(folder, f"mono-{rng}.avif", "-y", "400", "-r", rng, source="grey.png"))
    image = Image.open(os.path.join(folder, "pattern.png"))
    for orientation in range(2, 9):
        exif = Image.Exif()
        exif[0x0112] = orientation
        path = os.path.join(folder, f"pillow-orientation{orientation}.avif")
        image.save(path, exif=exif.tobytes(), quality=95, subsampling="4:4:4")
        files.append(path)
    corpus = os.path.join(ROOT, "..", "shared", "corpus", "avif")
    files += sorted(p for p in glob.glob(os.path.join(corpus, "*.avif")) if not os.path.basename(p).startswith("bad-"))
    return files


def on_page(image):
    """An image as the page shows it: composited over the page's background."""
    page = Image.new("RGBA", image.size, PAGE_BACKGROUND + (255,))
    return np.asarray(Image.alpha_composite(page, image.convert("RGBA")).convert("RGB"))


def decoded(path, folder):
    """(aspectfit, Pillow, vips) RGB arrays over the page background (None where the decoder fails).
    aspectfit converts an ICC-tagged image to sRGB (`--to-srgb`), as the page does; Pillow and vips
    give the stored values."""
    out = {}
    target = os.path.join(folder, "x.png")
    binary = os.path.join(ROOT, ".build", "release", "aspectfit")
    if os.path.exists(target):
        os.remove(target)
    ok = subprocess.run([binary, "--quiet", "--to-srgb", "-f", "png", "-o", target, path], capture_output=True).returncode == 0
    out["aspectfit"] = on_page(Image.open(target)) if ok else None
    try:
        with Image.open(path) as im:
            out["pillow"] = on_page(ImageOps.exif_transpose(im))
    except Exception:
        out["pillow"] = None
    ok = subprocess.run(["vips", "copy", path, target], capture_output=True).returncode == 0
    out["vips"] = on_page(Image.open(target)) if ok else None
    return out


def chromium(files, folder):
    """Each file as Chromium shows it: one page, the files in rows left to right, one screenshot.
    Returns the screenshot and each file's place on it."""
    sizes = []
    for path in files:   # room for the largest of its coded (Pillow) and upright (vips) sizes
        sides = [96]
        for field in ("width", "height"):
            text = subprocess.run(["vipsheader", "-f", field, path], capture_output=True, text=True).stdout.strip()
            sides += [int(text)] if text.isdigit() else []
        try:
            with Image.open(path) as im:
                sides += list(im.size)
        except Exception:
            pass
        sizes.append(max(sides) + 10)
    width = max([880] + sizes)
    placed, x, y, row = [], 0, 0, 0
    for path, side in zip(files, sizes):
        if x + side > width:
            x, y, row = 0, y + row, 0
        placed.append((path, x, y, side))
        x, row = x + side, max(row, side)
    html = ["<!doctype html><html><head><style>html,body{margin:0;background:rgb(%d,%d,%d);overflow:hidden}"
            "img{position:absolute}</style></head><body>" % PAGE_BACKGROUND]
    html += [f'<img src="file://{path}" style="left:{x}px;top:{y}px">' for path, x, y, _ in placed]
    page = os.path.join(folder, "page.html")
    open(page, "w").write("\n".join(html + ["</body></html>"]))
    shot = os.path.join(folder, "shot.png")
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb",
                    "--force-device-scale-factor=1", "--hide-scrollbars", f"--window-size={width},{y + row}",
                    f"--screenshot={shot}", "--virtual-time-budget=10000", f"--user-data-dir={folder}/profile",
                    f"file://{page}"], check=True, capture_output=True)
    return np.asarray(Image.open(shot).convert("RGB")), placed


def shown_size(screen, x, y, side):
    """The extent of what is not page background in the file's place."""
    area = screen[y:y + side, x:x + side]
    cells = np.argwhere(np.any(area != PAGE_BACKGROUND, axis=2))
    return (int(cells[:, 1].max()) + 1, int(cells[:, 0].max()) + 1) if len(cells) else (0, 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--keep", help="keep the files, page and screenshot here")
    args = parser.parse_args()
    if not features.check("avif"):
        sys.exit("this Pillow has no AVIF plugin (Pillow >= 11.3 has)")
    folder = args.keep or tempfile.mkdtemp(prefix="avif-decoders-")
    os.makedirs(folder, exist_ok=True)
    files = kinds(folder)
    screen, placed = chromium(files, folder)
    print(f"Pillow {Image.__version__} (libavif {features.version('avif')}), "
          f"{subprocess.run(['vips', '--version'], capture_output=True, text=True).stdout.strip()}, "
          f"{subprocess.run(['chromium', '--version'], capture_output=True, text=True).stdout.strip()}")
    print(f"{'file':44} {'Chromium':>9}  " + "  ".join(f"{n:>22}" for n in ("aspectfit", "Pillow", "vips")))
    rows = []
    for path, x, y, side in placed:
        w, h = shown_size(screen, x, y, side)
        shown = screen[y:y + h, x:x + w].astype(int)
        cells = []
        for name, pixels in decoded(path, folder).items():
            if pixels is None:
                cells.append("fails")
            elif pixels.shape[:2] != (h, w):
                cells.append(f"{pixels.shape[1]}x{pixels.shape[0]}")
            else:
                cells.append(f"same size, max {int(np.abs(pixels.astype(int) - shown).max())}")
        rows.append({"file": os.path.basename(path), "chromium": f"{w}x{h}", "decoders": cells})
        print(f"{os.path.basename(path):44} {w}x{h:<5}  " + "  ".join(f"{c:>22}" for c in cells), flush=True)
    with open(os.path.join(folder, "results.json"), "w") as fh:
        json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
