#!/usr/bin/env python3
"""From which reduction on may a HEIC's HEVC tiles skip their in-loop filters (deblocking and SAO)?

  .bench/pillow/bin/python scripts/measure/measure-hevc-loop-filters.py [--cost PATH] [FILES...]

An intra picture's prediction reads the samples before the in-loop filters, so a decode without them is
exactly the picture the filters start from, at about a tenth fewer instructions
(`bash scripts/measure/heif-decode-cost.sh`). As scripts/measure/measure-decode-scale.py does for JPEG's
DCT scaling, each file's 4:3 centred cover crop is fitted with Lanczos3 in float64 (that script's fit)
to outputs leaving the resampler a factor f = crop width / output width of 1 to 5, two ways:

  reference  from the tile route's decode with the filters (what aspectfit decodes at every factor);
  unfiltered from the tile route's decode without them;

and scores the q85 drift (PSNR(reference as JPEG q85) - PSNR(unfiltered route as JPEG q85), against the
8-bit reference) and the raw PSNR of the unfiltered route. Sources: FILES, else the first four HEICs
of bench-workload/heic (heif-enc -q 90, as the T6 workload) and the first two workload JPEGs made into
phone-like HEICs (scripts/generate/phone_heic.py) at heif-enc's qualities 30, 45 and 60: an iPhone's
12 MP HEIC of 1.5-3 MB is coded about as coarsely as quality 50-60 here, and coarser coding is where
the filters do most. Both decodes come from scripts/measure/heif-decode-cost.c (`ppm` and
`ppm-unfiltered`), built over Sources/CImageIO when --cost is not given.
Prints one Markdown table: per f, the mean and worst drift and the worst raw PSNR, over all files and
over the q90 files alone.
"""
import argparse
import glob
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("scale", os.path.join(ROOT, "scripts/measure/measure-decode-scale.py"))
scale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scale)

FACTORS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0)
LIBS = "-ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lavif -lheif -lgif -lpthread -lm -lde265".split()


def build_cost(folder):
    sources = sorted(glob.glob(os.path.join(ROOT, "Sources/CImageIO/**/*.c"), recursive=True))
    binary = os.path.join(folder, "cost")
    subprocess.run(["cc", "-O2", "-I" + os.path.join(ROOT, "Sources/CImageIO/include"), "-I" + os.path.join(ROOT, "Sources/CImageIO"),
                    os.path.join(ROOT, "scripts/measure/heif-decode-cost.c"), *sources, *LIBS, "-o", binary],
                   check=True, stderr=subprocess.DEVNULL)
    return binary


def decode(cost, path, mode, folder):
    out = os.path.join(folder, mode + ".ppm")
    subprocess.run([cost, mode, path, out], check=True, stdout=subprocess.DEVNULL)
    with Image.open(out) as im:
        return np.asarray(im.convert("RGB"), dtype=np.float64)


def sources(folder):
    files = sorted(glob.glob(os.path.join(ROOT, "bench-workload/heic/*.heic")))[:4]
    made = []
    for jpeg in sorted(glob.glob(os.path.join(ROOT, "bench-workload/jpeg/*.jpg")))[:2]:
        for quality in (30, 45, 60):
            path = os.path.join(folder, f"{os.path.basename(jpeg)[:-4]}-q{quality}.heic")
            subprocess.run([sys.executable, os.path.join(ROOT, "scripts/generate/phone_heic.py"), jpeg, path,
                            "--quality", str(quality)], check=True, stdout=subprocess.DEVNULL)
            made.append(path)
    return files + made


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--cost", help="a built scripts/measure/heif-decode-cost.c")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cost = args.cost or build_cost(folder)
        files = args.files or sources(folder)
        drift = {f: [] for f in FACTORS}
        drift90 = {f: [] for f in FACTORS}
        raw = {f: [] for f in FACTORS}
        for path in files:
            filtered = decode(cost, path, "ppm", folder)
            unfiltered = decode(cost, path, "ppm-unfiltered", folder)
            h, w, _ = filtered.shape
            crop_w = min(w, h * 4 / 3)
            line = []
            for f in FACTORS:
                out_w = round(crop_w / f)
                ref = scale.fit43(filtered, out_w)
                got = scale.fit43(unfiltered, out_w)
                d = scale.drift(ref, got, 85)
                drift[f].append(d)
                if "-q" not in os.path.basename(path):
                    drift90[f].append(d)
                raw[f].append(scale.psnr(got, ref))
                line.append(f"f={f:g} {d:.3f}")
            print(f"{os.path.basename(path)} ({os.path.getsize(path) / 1e6:.1f} MB): drift " + ", ".join(line), file=sys.stderr)
        print("| f (crop / output) | mean q85 drift dB | worst | worst raw PSNR dB | mean drift, q90 files |")
        print("|---|---|---|---|---|")
        for f in FACTORS:
            q90 = f"{np.mean(drift90[f]):.3f}" if drift90[f] else "-"
            print(f"| {f:g} | {np.mean(drift[f]):.3f} | {max(drift[f]):.3f} | {min(raw[f]):.1f} | {q90} |")


if __name__ == "__main__":
    sys.exit(main())
