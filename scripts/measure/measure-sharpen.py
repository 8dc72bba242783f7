#!/usr/bin/env python3
"""--sharpen in gamma light (on the sRGB codes, what aspectfit does) against linear light.

Every photo of ../shared/corpus/photos becomes a cover thumbnail of each size, written by aspectfit
as PNG flattened onto white, without --sharpen (the plain thumbnail) and with --sharpen SIGMA,AMOUNT.
The plain one is then sharpened here in float64 by the same unsharp mask twice: on the sRGB codes
(gamma light: for an opaque source the binary's output must be it within one level, printed as
"binary vs gamma"; with alpha the binary sharpens before flattening onto white) and
on linear-light values (decoded with the sRGB curve, sharpened, encoded). For each light, the means
over the photos of:
  acutance   mean Sobel gradient of CIE L* over the plain thumbnail's (1 = no sharper)
  halo+ / halo-   at edge pixels (the tenth of the pixels with the plain L* gradient highest), how far L* goes above the plain
             3x3 neighbourhood's maximum (bright halo) and below its minimum (dark halo), in L*
  dY%        mean relative luminance change (linear Y) over the plain thumbnail's, in percent
  SSIM       BT.601 luma SSIM (Gaussian window, sigma 1.5) against a float reference downscale:
             the source read by Pillow, linearised, Lanczos-resized in float32 per channel to the
             thumbnail's crop, encoded back (the plain thumbnail's own SSIM is printed as "none")
First, the Gaussian mask whose frequency response is nearest sharp's mild sharpen. Also sharp's mild sharpen (sharpen() without options: the 3x3 kernel -1 x8, 32, scale 24, on
the codes) for comparison.

    .bench/pillow/bin/python scripts/measure/measure-sharpen.py [--sizes 400x300] [--masks 1,0.4:1.5,1]
        (after swift build -c release; needs numpy, Pillow, scikit-image)
"""
import argparse
import glob
import json
import math
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageOps
from skimage.color import rgb2lab
from skimage.metrics import structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, ".build/release/aspectfit")


def to_linear(codes):
    v = codes / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def to_codes(linear):
    v = np.clip(linear, 0, 1)
    return 255.0 * np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)


def blur(image, sigma):
    """Separable Gaussian, taps to ceil(3 sigma), normalised, edges repeated (the option's definition)."""
    radius = math.ceil(3 * sigma)
    x = np.arange(-radius, radius + 1)
    w = np.exp(-x * x / (2 * sigma * sigma))
    w /= w.sum()
    padded = np.pad(image, ((radius, radius), (radius, radius), (0, 0)), mode="edge")
    h, wd = image.shape[:2]
    across = sum(w[k] * padded[:, k:k + wd] for k in range(len(w)))
    return sum(w[k] * across[k:k + h] for k in range(len(w)))


def usm(image, sigma, amount):
    return image + amount * (image - blur(image, sigma))


def sharp_mild(codes):
    padded = np.pad(codes, ((1, 1), (1, 1), (0, 0)), mode="edge")
    h, w = codes.shape[:2]
    total = sum(padded[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3))
    return np.clip(np.rint((33 * codes - total) / 24), 0, 255)


def response(kernel, n=64):
    """The 2-D frequency response of a centred square kernel on an n x n grid."""
    grid = np.zeros((n, n))
    r = kernel.shape[0] // 2
    for i in range(-r, r + 1):
        for j in range(-r, r + 1):
            grid[i % n, j % n] = kernel[i + r, j + r]
    return np.real(np.fft.fft2(grid))


def mask_kernel(sigma, amount):
    radius = math.ceil(3 * sigma)
    x = np.arange(-radius, radius + 1)
    w = np.exp(-x * x / (2 * sigma * sigma))
    w /= w.sum()
    kernel = -amount * np.outer(w, w)
    kernel[radius, radius] += 1 + amount
    return kernel


def fit_to_sharp_mild():
    """RMS distance of each mask's response from sharp's mild 3x3 kernel's, the nearest first."""
    mild = response(np.array([[-1, -1, -1], [-1, 32, -1], [-1, -1, -1]]) / 24.0)
    rms = {(round(s, 2), round(a, 3)): float(np.sqrt(np.mean((response(mask_kernel(s, a)) - mild) ** 2)))
           for s in np.arange(0.5, 1.51, 0.05) for a in np.arange(0.1, 1.01, 0.025)}
    best = min(rms, key=rms.get)
    print(f"nearest to sharp's mild sharpen: {best[0]},{best[1]} (RMS {rms[best]:.3f}); "
          + ", ".join(f"{s},{a}: {rms[(s, a)]:.3f}" for s, a in [(1.0, 0.4), (0.8, 0.5)]))


def lightness(codes):
    return rgb2lab(np.clip(codes, 0, 255) / 255.0)[..., 0]


def gradient(l):
    p = np.pad(l, 1, mode="edge")
    gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2] + p[2:, :-2])
    gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1] + p[:-2, 2:])
    return np.hypot(gx, gy) / 8


def luma(rgb):
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def luminance(codes):
    lin = to_linear(np.clip(codes, 0, 255))
    return lin[..., 0] * 0.2126 + lin[..., 1] * 0.7152 + lin[..., 2] * 0.0722


def reference(photo, record, size):
    """The source's crop resized in float linear light by Pillow's Lanczos, as codes (float64)."""
    source = ImageOps.exif_transpose(Image.open(photo)).convert("RGBA")   # the record's crop is upright
    rgba = np.asarray(source, dtype=np.float64) / 255
    rgb = rgba[..., :3] * rgba[..., 3:] + (1 - rgba[..., 3:])   # onto white, as --background white
    lin = to_linear(rgb * 255)
    crop = record["crop"]
    box = (crop["x"], crop["y"], crop["x"] + crop["width"], crop["y"] + crop["height"])
    channels = [Image.fromarray(lin[..., c].astype(np.float32), mode="F").resize(size, Image.LANCZOS, box=box)
                for c in range(3)]
    return to_codes(np.stack([np.asarray(c, dtype=np.float64) for c in channels], axis=-1))


def metrics(plain, sharpened, ref):
    lp, ls = lightness(plain), lightness(sharpened)
    gp = gradient(lp)
    edges = gp >= np.percentile(gp, 90)
    p = np.pad(lp, 1, mode="edge")
    h, w = lp.shape
    stack = np.stack([p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)])
    above = np.maximum(ls - stack.max(axis=0), 0)[edges].mean()
    below = np.maximum(stack.min(axis=0) - ls, 0)[edges].mean()
    acutance = gradient(ls).mean() / gp.mean()
    dy = 100 * (luminance(sharpened).mean() / luminance(plain).mean() - 1)
    ssim = structural_similarity(luma(ref), luma(sharpened), data_range=255, gaussian_weights=True, sigma=1.5,
                                 use_sample_covariance=False)
    return np.array([acutance, above, below, dy, ssim])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="400x300")
    parser.add_argument("--masks", default="1,0.4:1.5,1")
    args = parser.parse_args()
    fit_to_sharp_mild()
    photos = sorted(glob.glob(os.path.join(ROOT, "../shared/corpus/photos/*")))
    print(f"{len(photos)} photos")
    print(f"{'size':>8} {'mask':>8} {'light':>7} {'acutance':>9} {'halo+':>7} {'halo-':>7} {'dY%':>7} {'SSIM':>7}")
    with tempfile.TemporaryDirectory() as work:
        for size in args.sizes.split(","):
            dims = tuple(int(v) for v in size.split("x"))
            rows = {}
            worst = 0
            for index, photo in enumerate(photos):
                base = os.path.join(work, f"{size}-{index}")
                fit = [BIN, "-s", size, "--background", "white", "-f", "png", "--quiet"]
                out = subprocess.run(fit + ["--json", "-o", base + ".png", photo], check=True, capture_output=True, text=True)
                record = json.loads(out.stdout.splitlines()[0])
                plain = np.asarray(Image.open(base + ".png").convert("RGB"), dtype=np.float64)
                ref = reference(photo, record, dims)
                rows.setdefault(("-", "none"), []).append(metrics(plain, plain, ref))
                rows.setdefault(("-", "sharp"), []).append(metrics(plain, sharp_mild(plain), ref))
                for mask in args.masks.split(":"):
                    sigma, amount = (float(v) for v in mask.split(","))
                    subprocess.run(fit + ["--sharpen", mask, "-o", base + "-s.png", photo], check=True, stderr=subprocess.DEVNULL)
                    binary = np.asarray(Image.open(base + "-s.png").convert("RGB"), dtype=np.float64)
                    gamma = np.clip(np.rint(usm(plain, sigma, amount)), 0, 255)
                    linear = np.clip(np.rint(to_codes(usm(to_linear(plain), sigma, amount))), 0, 255)
                    if "A" not in Image.open(photo).getbands():   # with alpha the binary sharpens before flattening
                        worst = max(worst, int(np.abs(binary - gamma).max()))
                    rows.setdefault((mask, "gamma"), []).append(metrics(plain, gamma, ref))
                    rows.setdefault((mask, "linear"), []).append(metrics(plain, linear, ref))
            for (mask, light), values in rows.items():
                m = np.mean(values, axis=0)
                print(f"{size:>8} {mask:>8} {light:>7} {m[0]:9.3f} {m[1]:7.3f} {m[2]:7.3f} {m[3]:+7.3f} {m[4]:7.4f}")
            print(f"binary vs gamma (opaque sources): at most {worst} level(s) apart")


if __name__ == "__main__":
    main()
