#!/usr/bin/env python3
"""Writes the photos of the smart-crop evidence set (Tests/SmartCropSet/evidence/, listed with their boxes,
parts, sources and licences in Tests/SmartCropSet/evidence.tsv).

The boxes were drawn by eye on each photo (a 10% grid over it) and the parts chosen when the photos were
added (first round: every third photo of each kind after a shuffle with seed 28 was sealed; second round:
every photo added was sealed); both are typed into evidence.tsv. This script only remakes the photos:
  --photos DIR    each photo again from its source: DIR holds the Debian packages unpacked, one folder per
                  package (`apt-get download PKG && dpkg -x PKG_*.deb DIR/PKG` for opencv-doc, mate-backgrounds,
                  gimp-data, fotoxx-common, lomiri-wallpapers-16.04, lomiri-wallpapers-20.04,
                  plasma-workspace-wallpapers, ukui-wallpapers, libjxl-testdata) and the PyPI ones
                  (`pip download --no-deps scipy==1.9.3 mahotas==1.4.18`, the wheels unzipped into DIR);
                  scikit-image 0.26, scikit-learn and matplotlib are read where pip installed them;
                  the corpus ones come from ../shared/corpus. Upright, RGB (alpha over mid grey), at most
                  640 px on the long side (never enlarged), JPEG quality 85.
Needs Pillow and numpy (and vips for AVIF/HEIC).
"""
import argparse, bz2, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image, ImageOps

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
TSV = os.path.join(SET, "evidence.tsv")


def rows():
    return [l.split("\t") for l in open(TSV).read().splitlines() if not l.startswith("#")]



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
    if path.endswith("ascent.dat"):
        import pickle
        return Image.fromarray(np.array(pickle.load(open(path, "rb")), dtype=np.uint8))
    if path.endswith("face.dat"):
        return Image.fromarray(np.frombuffer(bz2.decompress(open(path, "rb").read()), dtype=np.uint8).reshape(768, 1024, 3))
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
    ap.add_argument("--photos", metavar="DIR", required=True)
    args = ap.parse_args()
    for r in rows():
        photo(source_file(r[6], r[7], args.photos), os.path.join(SET, "evidence", r[0]))


if __name__ == "__main__":
    main()
