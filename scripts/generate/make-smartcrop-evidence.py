#!/usr/bin/env python3
"""Writes the photos of the smart-crop evidence set (Tests/SmartCropSet/evidence/, listed with their boxes,
sources and licences in Tests/SmartCropSet/evidence.tsv) and its sealed/open split.

The boxes were drawn by eye on each photo (a 10% grid over it) and are typed into evidence.tsv; this
script only (re)makes what follows from them:
  --split         the `part` column: within each kind the photos are shuffled with seed 28, and every
                  third photo of the kind-sorted list is sealed (a third of the set, every kind in both parts)
  --photos DIR    each photo again from its source: DIR holds the Debian packages unpacked
                  (`apt-get download opencv-doc mate-backgrounds gimp-data fotoxx-common && dpkg -x PKG.deb DIR`)
                  and the PyPI ones (`pip download --no-deps scipy==1.9.3 mahotas==1.4.18` unzipped into DIR;
                  scikit-image 0.26, scikit-learn and matplotlib are read where pip installed them);
                  the corpus ones come from ../shared/corpus. Upright, RGB (alpha over mid grey), at most
                  640 px on the long side (never enlarged), JPEG quality 85.
Needs Pillow and numpy (and opencv-python for the one video frame, vips for AVIF/HEIC).
"""
import argparse, bz2, os, random, subprocess, sys, tempfile
import numpy as np
from PIL import Image, ImageOps

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
TSV = os.path.join(SET, "evidence.tsv")


def read():
    lines = open(TSV).read().splitlines()
    return [l for l in lines if l.startswith("#")], [l.split("\t") for l in lines if not l.startswith("#")]


def split(rows):
    rng = random.Random(28)
    order = []
    for kind in sorted({r[1] for r in rows}):
        names = sorted(r[0] for r in rows if r[1] == kind)
        rng.shuffle(names)
        order += names
    part = {n: ("sealed" if i % 3 == 2 else "open") for i, n in enumerate(order)}
    for r in rows:
        r[2] = part[r[0]]


def source_file(package, path, unpacked):
    if package == "corpus":
        return os.path.join(ROOT, "..", "shared", "corpus", path)
    if "(PyPI)" in package and not package.startswith(("scipy", "mahotas")):
        import importlib
        top = path.split("/")[0]
        return os.path.join(os.path.dirname(importlib.import_module(top).__file__), *path.split("/")[1:])
    for base in [unpacked, os.path.join(unpacked, package.split()[0])]:
        candidate = os.path.join(base, path.lstrip("/"))
        if os.path.exists(candidate):
            return candidate
    sys.exit(f"not found: {package} {path} under {unpacked}")


def load(path):
    if path.endswith("face.dat"):
        return Image.fromarray(np.frombuffer(bz2.decompress(open(path, "rb").read()), dtype=np.uint8).reshape(768, 1024, 3))
    if path.endswith(".avi"):
        import cv2
        cap = cv2.VideoCapture(path)
        cap.set(cv2.CAP_PROP_POS_FRAMES, 200)
        _, frame = cap.read()
        return Image.fromarray(frame[:, :, ::-1])
    if path.endswith((".avif", ".heic")):
        png = os.path.join(tempfile.mkdtemp(), "frame.png")
        subprocess.run(["vips", "copy", path, png], check=True, capture_output=True)
        return Image.open(png)
    return ImageOps.exif_transpose(Image.open(path))


def photo(path, out):
    image = load(path)
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        flat = Image.new("RGB", image.size, (128, 128, 128))
        flat.paste(image, mask=image.split()[3])
        image = flat
    image = image.convert("RGB")
    image.thumbnail((640, 640), Image.LANCZOS)
    image.save(out, quality=85)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", action="store_true")
    ap.add_argument("--photos", metavar="DIR")
    args = ap.parse_args()
    head, rows = read()
    if args.split:
        split(rows)
        open(TSV, "w").write("\n".join(head + ["\t".join(r) for r in rows]) + "\n")
    if args.photos:
        for r in rows:
            photo(source_file(r[6], r[7], args.photos), os.path.join(SET, "evidence", r[0]))


if __name__ == "__main__":
    main()
