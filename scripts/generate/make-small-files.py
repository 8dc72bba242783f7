#!/usr/bin/env python3
"""The many-small-files workload: N JPEGs of 640x480 (q90, 4:2:0), cut from the T1/T2 photos.

  make-small-files.py [--count 2000] [--from bench-workload/jpeg] OUTDIR

Each file is a 4:3 window (seeded: the same files on every run) of one workload photo, 640 to 2016
pixels wide, resized to 640x480 with Lanczos: real photo detail at the scale web uploads have.
Needs Pillow (`/work/main/.bench/pillow/bin/python`, see bench/setup.sh).
"""
import argparse
import glob
import os
import random
import sys

from PIL import Image


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--from", dest="source", default="bench-workload/jpeg")
    ap.add_argument("outdir")
    args = ap.parse_args()
    photos = sorted(glob.glob(os.path.join(args.source, "*.jpg")))
    if not photos:
        print(f"no JPEGs in {args.source}: run bench/make-workload.py", file=sys.stderr)
        return 2
    os.makedirs(args.outdir, exist_ok=True)
    rng = random.Random(13)
    per_photo = -(-args.count // len(photos))
    n = 0
    for photo in photos:
        with Image.open(photo) as im:
            im.draft("RGB", (im.width // 2, im.height // 2))
            im = im.convert("RGB")
            for _ in range(min(per_photo, args.count - n)):
                w = rng.randint(640, min(2016, im.width, im.height * 4 // 3))
                h = w * 3 // 4
                x, y = rng.randint(0, im.width - w), rng.randint(0, im.height - h)
                small = im.resize((640, 480), Image.LANCZOS, box=(x, y, x + w, y + h))
                small.save(os.path.join(args.outdir, f"small-{n:04d}.jpg"), "JPEG", quality=90, subsampling="4:2:0")
                n += 1
    print(f"{n} files in {args.outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
