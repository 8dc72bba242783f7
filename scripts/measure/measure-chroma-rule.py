#!/usr/bin/env python3
"""Which chroma a JPEG of each quality should have: bytes and quality of 4:2:0 against 4:4:4.

Every photo of ../shared/corpus/photos and samples/ becomes a cover thumbnail of each size, written
once as PNG flattened onto white (the reference: the resampled pixels before any lossy step) and
as JPEG at each quality of the sweep, with 4:2:0 and with --chroma444. Decoded by Pillow and
compared with the reference: PSNR over RGB, SSIM on BT.601 luma (Gaussian window, sigma 1.5) and
the mean CIEDE2000 colour difference (the one that sees chroma). Prints per chroma and quality the
total bytes and the means; then, for each 4:4:4 quality, the 4:2:0 quality of the nearest total
bytes and which of the two is better on each metric.

    .bench/pillow/bin/python scripts/measure/measure-chroma-rule.py [--sizes 400x300,1200x900]
        [--qualities 80,85,88,90,92,94,96,98]   (after swift build -c release; needs numpy, Pillow, scikit-image)
"""
import argparse
import glob
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image
from skimage.color import deltaE_ciede2000, rgb2lab
from skimage.metrics import structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, ".build/release/aspectfit")


def luma(rgb):
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def metrics(reference, path):
    test = np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)
    mse = np.mean((reference - test) ** 2)
    psnr = 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)
    ssim = structural_similarity(luma(reference), luma(test), data_range=255, gaussian_weights=True, sigma=1.5,
                                 use_sample_covariance=False)
    de = float(np.mean(deltaE_ciede2000(rgb2lab(reference / 255), rgb2lab(test / 255))))
    return psnr, ssim, de


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="400x300,1200x900")
    parser.add_argument("--qualities", default="80,85,88,90,92,94,96,98")
    args = parser.parse_args()
    qualities = [int(q) for q in args.qualities.split(",")]
    photos = sorted(glob.glob(os.path.join(ROOT, "../shared/corpus/photos/*")) + glob.glob(os.path.join(ROOT, "samples/*")))
    rows = {}
    with tempfile.TemporaryDirectory() as work:
        for size in args.sizes.split(","):
            for index, photo in enumerate(photos):
                base = os.path.join(work, f"{size}-{index}")
                fit = [BIN, "-s", size, "--background", "white", "--quiet"]
                subprocess.run(fit + ["-f", "png", "-o", base + ".png", photo], check=True, stderr=subprocess.DEVNULL)
                reference = np.asarray(Image.open(base + ".png").convert("RGB"), dtype=np.float64)
                for chroma in ("420", "444"):
                    for q in qualities:
                        out = f"{base}-{chroma}-{q}.jpg"
                        subprocess.run(fit + ["-f", "jpeg", "-q", str(q), "-o", out, photo]
                                       + (["--chroma444"] if chroma == "444" else []), check=True, stderr=subprocess.DEVNULL)
                        row = rows.setdefault((size, chroma, q), [0, [], [], []])
                        row[0] += os.path.getsize(out)
                        for i, value in enumerate(metrics(reference, out)):
                            row[i + 1].append(value)
    print(f"{len(photos)} photos; PSNR and SSIM higher is better, CIEDE2000 lower")
    for size in args.sizes.split(","):
        print(f"\n{size}\n| chroma | q | bytes | PSNR | SSIM | CIEDE2000 |\n|---|---|---|---|---|---|")
        for chroma in ("420", "444"):
            for q in qualities:
                b, p, s, d = rows[(size, chroma, q)]
                print(f"| {chroma} | {q} | {b} | {np.mean(p):.2f} | {np.mean(s):.4f} | {np.mean(d):.3f} |")
        print("\n| 4:4:4 q | bytes | nearest 4:2:0 q | bytes | better PSNR | better SSIM | better CIEDE2000 |\n|---|---|---|---|---|---|---|")
        for q in qualities:
            b4, p4, s4, d4 = rows[(size, "444", q)]
            q2 = min(qualities, key=lambda k: abs(rows[(size, "420", k)][0] - b4))
            b2, p2, s2, d2 = rows[(size, "420", q2)]
            pick = lambda a, b, higher: ("4:4:4" if (a > b) == higher else "4:2:0")
            print(f"| {q} | {b4} | {q2} | {b2} | {pick(np.mean(p4), np.mean(p2), True)} | "
                  f"{pick(np.mean(s4), np.mean(s2), True)} | {pick(np.mean(d4), np.mean(d2), False)} |")


if __name__ == "__main__":
    main()
