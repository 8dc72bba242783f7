#!/usr/bin/env python3
"""Draws docs/smart-crop/contact-sheet.jpg: each sample photo (and two corpus photos) with the centre
crop beside the attention crop, at 1:1 and 3:1 (16:9 for the wide ones is in README's table).
Runs the release binary; needs Pillow (/work/main/.bench/pillow/bin/python).
Usage: scripts/generate/smartcrop-contact-sheet.py [--binary .build/release/aspectfit]
"""
import argparse, os, subprocess, tempfile
from PIL import Image, ImageDraw, ImageOps

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PHOTOS = ["samples/harvesters.jpg", "samples/harvesters-portrait-exif6.jpg", "samples/astronaut-alpha.png",
          "samples/tulips-alpha.png", "samples/concert-gray.jpg",
          "../shared/corpus/photos/android-portrait-960x1280.jpg", "../shared/corpus/photos/unsplash-kayak-iptc-xmp.jpg"]
CELL = 150


def fit(binary, src, ratio, gravity, out):
    w = CELL if ratio != "1:3" else CELL // 3
    subprocess.run([binary, "-r", ratio, "-w", str(w if ratio != "3:1" else CELL * 2), "-g", gravity, "-f", "png",
                    "-o", out, src], check=True, capture_output=True)
    return Image.open(out).convert("RGB")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "aspectfit"))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp()
    columns = [("source", None, None), ("centre 1:1", "1:1", "centre"), ("attention 1:1", "1:1", "attention"),
               ("centre 3:1", "3:1", "centre"), ("attention 3:1", "3:1", "attention")]
    widths = [CELL, CELL, CELL, CELL * 2, CELL * 2]
    sheet = Image.new("RGB", (sum(widths) + 10 * len(widths) + 10, 30 + len(PHOTOS) * (CELL + 10)), "white")
    d = ImageDraw.Draw(sheet)
    x = 10
    for (label, _, _), w in zip(columns, widths):
        d.text((x, 10), label, fill="black")
        x += w + 10
    for row, rel in enumerate(PHOTOS):
        src = os.path.join(ROOT, rel)
        y = 30 + row * (CELL + 10)
        x = 10
        for (label, ratio, gravity), w in zip(columns, widths):
            if ratio is None:
                img = ImageOps.exif_transpose(Image.open(src)).convert("RGBA")
                img.thumbnail((CELL, CELL))
                bg = Image.new("RGB", img.size, (128, 128, 128))
                bg.paste(img, mask=img.split()[3])
                img = bg
            else:
                img = fit(args.binary, src, ratio, gravity, os.path.join(tmp, f"{row}-{label.replace(' ', '_')}.png"))
            sheet.paste(img, (x, y + (CELL - img.height) // 2))
            x += w + 10
    os.makedirs(os.path.join(ROOT, "docs", "smartcrop"), exist_ok=True)
    sheet.save(os.path.join(ROOT, "docs", "smartcrop", "contact-sheet.jpg"), quality=85)


if __name__ == "__main__":
    main()
