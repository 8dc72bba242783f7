#!/usr/bin/env python3
"""Is a HEIC's embedded thumbnail good enough to fit from, and from which remaining factor on?

  .bench/pillow/bin/python scripts/measure/measure-heif-thumbnail.py [FILES...]   (default: bench-workload/heic/*.heic)

As scripts/measure/measure-decode-scale.py does for JPEG's DCT scaling: each file's 4:3 centred cover
crop is fitted with Lanczos3 in float64 (that script's fit()) to outputs whose width leaves the
thumbnail a factor f = thumbnail crop width / output width of 1 to 3, two ways:

  reference  from the full image (pillow-heif's decode, which gives the same pixels as aspectfit's);
  thumbnail  from the embedded thumbnail (pillow-heif), the crop mapped to its scale.

and scores the q85 drift: PSNR(reference as JPEG q85) - PSNR(thumbnail route as JPEG q85), against the
8-bit reference. The phone-like workload (bench/make-workload.py) has 320x240 thumbnails coded by
x265 at heif-enc's quality 90 from a Lanczos reduction; a phone's own thumbnails may be worse.
Prints one Markdown table: per f, the files' mean and worst drift and the outputs' size.
"""
import glob
import importlib.util
import os
import sys

import numpy as np
import pillow_heif

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("scale", os.path.join(ROOT, "scripts/measure/measure-decode-scale.py"))
scale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scale)

FACTORS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0)


def main():
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "bench-workload/heic/*.heic")))
    rows = {f: [] for f in FACTORS}
    sizes = {f: "-" for f in FACTORS}
    for path in files:
        heif = pillow_heif.open_heif(path)
        full = np.asarray(heif[0], dtype=np.float64)
        thumb = np.asarray(heif[0].get_thumbnail(0), dtype=np.float64)
        th, tw, _ = thumb.shape
        thumb_crop_w = min(tw, th * 4 / 3)
        for f in FACTORS:
            out_w = round(thumb_crop_w / f)
            ref = scale.fit43(full, out_w)
            got = scale.fit43(thumb, out_w)
            drift = scale.drift(ref, got, 85)
            rows[f].append(drift)
            if tw > th:
                sizes[f] = f"{ref.shape[1]}x{ref.shape[0]}"
        print(f"{os.path.basename(path)}: thumbnail {tw}x{th}, drift " +
              ", ".join(f"f={f:g} {rows[f][-1]:.2f}" for f in FACTORS), file=sys.stderr)
    print("| f (thumbnail crop / output) | output (landscape) | mean q85 drift dB | worst |")
    print("|---|---|---|---|")
    for f in FACTORS:
        print(f"| {f:g} | {sizes[f]} | {np.mean(rows[f]):.2f} | {max(rows[f]):.2f} |")


if __name__ == "__main__":
    sys.exit(main())
