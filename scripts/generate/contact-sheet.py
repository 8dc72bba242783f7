#!/usr/bin/env python3
"""Renders a contact sheet: one photo at every named ratio, plain and with rounded corners.

    .bench/pillow/bin/python scripts/generate/contact-sheet.py [PHOTO] [OUT.png]

Runs the built release binary (.build/release/aspectfit) once per ratio and corner style, then
pastes the results on a grey sheet with captions, so geometry, sharpness and corner edges can be
checked by eye. Defaults: ../shared/corpus/photos/harvesters-1165x859.jpg -> out/contact-sheet.png.
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw

RATIOS = ["square", "fourToThree", "threeToFour", "sixteenToNine", "nineToSixteen", "threeToTwo",
          "twoToThree", "fiveToFour", "fourToFive", "twentyOneToNine", "1.91:1"]
BIN = ".build/release/aspectfit"


def main():
    photo = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/photos/harvesters-1165x859.jpg"
    out = sys.argv[2] if len(sys.argv) > 2 else "out/contact-sheet.png"
    cell = 240
    rows = [("plain", []), ("--radius 12%", ["--radius", "12%", "-f", "png"]),
            ("--radius 25% --corners continuous", ["--radius", "25%", "--corners", "continuous", "-f", "png"])]
    sheet = Image.new("RGB", (len(RATIOS) * (cell + 10) + 10, len(rows) * (cell + 40) + 10), (128, 128, 128))
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        for r, (label, extra) in enumerate(rows):
            for c, ratio in enumerate(RATIOS):
                dst = os.path.join(tmp, f"{r}-{c}.png")
                subprocess.run([BIN, "-r", ratio, "--max", str(cell), *extra, "-f", "png", "-o", dst, photo], check=True)
                with Image.open(dst) as im:
                    im = im.convert("RGBA")
                    x = 10 + c * (cell + 10) + (cell - im.width) // 2
                    y = 10 + r * (cell + 40) + (cell - im.height) // 2
                    sheet.paste(im, (x, y), im)
                    draw.text((10 + c * (cell + 10), 10 + r * (cell + 40) + cell + 4),
                              f"{ratio} {im.width}x{im.height}", fill=(255, 255, 255))
            draw.text((10, 10 + r * (cell + 40) + cell + 20), label, fill=(255, 255, 0))
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    sheet.save(out)
    print(out)


if __name__ == "__main__":
    main()
