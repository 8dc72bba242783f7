#!/usr/bin/env python3
"""Draws docs/smart-crop/contact-sheet.png: hard cases of the evidence set (the sealed part's only
after it was scored), each photo with its subject boxed by eye (green) and what attention found
(red: a face, yellow: the salient region), then the centre crop and the attention crop. The rows are
wins, losses and misses of the table in docs/smart-crop.md. Runs the release binary; needs Pillow.
Usage: scripts/generate/smartcrop-contact-sheet.py [--binary .build/release/aspectfit]
"""
import argparse, json, os, subprocess, tempfile
from PIL import Image, ImageDraw

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
CASES = [("halide-rgb.jpg", "16:9", "win"), ("nodecv-coin2.jpg", "9:16", "win"),
         ("facerec-obama.jpg", "3:1", "win"),
         ("vispdoc-img-tutorial-contrast-sharpening-histogram-stretching-HSV.jpg", "1:3", "loss"),
         ("dlib-mmod_cars_test_image2.jpg", "1:3", "loss"), ("pelican-Sushi.jpg", "1:3", "loss"),
         ("labelme-00000101.jpg", "4:5", "miss"), ("wagtail-landscape_6.jpg", "3:1", "miss")]
CELL = 150


def boxes(text):
    return [tuple(float(v) for v in b.split()) for b in text.split(";") if b.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "aspectfit"))
    args = ap.parse_args()
    truth = {}
    for line in open(os.path.join(SET, "evidence.tsv")):
        if not line.startswith("#"):
            f = line.rstrip("\n").split("\t")
            truth[f[0]] = (f[2], boxes(f[3]))
    tmp = tempfile.mkdtemp()
    rows = []
    for name, ratio, label in CASES:
        subject = truth[name][1]
        src = os.path.join(SET, "evidence", name)
        crops = {}
        for gravity in ("centre", "attention"):
            out = os.path.join(tmp, f"{gravity}.png")
            rw, rh = (int(v) for v in ratio.split(":"))
            size = ["-w", str(min(2 * CELL, CELL * rw // rh))]
            run = subprocess.run([args.binary, "-r", ratio, *size, "-g", gravity, "--json", "-f", "png", "-o", out, src],
                                 check=True, capture_output=True, text=True)
            crops[gravity] = (Image.open(out).convert("RGB"), json.loads(run.stdout.splitlines()[0]))
        image = Image.open(src).convert("RGB")
        w, h = image.size
        d = ImageDraw.Draw(image)
        for x0, y0, x1, y1 in subject:
            d.rectangle([x0 * w, y0 * h, x1 * w, y1 * h], outline=(0, 255, 0), width=3)
        for s in crops["attention"][1].get("subjects", []):
            colour = (255, 0, 0) if s["kind"] == "face" else (255, 220, 0)
            d.rectangle([s["x"], s["y"], s["x"] + s["width"], s["y"] + s["height"]], outline=colour, width=2)
        image.thumbnail((2 * CELL, CELL))
        rows.append((f"{name} {ratio}: {label}", image, crops["centre"][0], crops["attention"][0]))
    widths = [max(r[i].width for r in rows) for i in (1, 2, 3)]
    sheet = Image.new("RGB", (sum(widths) + 40, 20 + len(rows) * (CELL + 24)), "white")
    d = ImageDraw.Draw(sheet)
    x = 10
    for title, width in zip(("photo: by eye (green), face (red), salient (yellow)", "centre", "attention"), widths):
        d.text((x, 4), title, fill="black")
        x += width + 10
    for i, (label, *images) in enumerate(rows):
        y = 20 + i * (CELL + 24)
        d.text((10, y), label, fill="black")
        x = 10
        for image, width in zip(images, widths):
            sheet.paste(image, (x, y + 14))
            x += width + 10
    os.makedirs(os.path.join(ROOT, "docs", "smart-crop"), exist_ok=True)
    sheet.quantize(256, dither=Image.Dither.FLOYDSTEINBERG).save(os.path.join(ROOT, "docs", "smart-crop", "contact-sheet.png"), optimize=True)


if __name__ == "__main__":
    main()
