#!/usr/bin/env python3
"""Bytes and looks of the trellis JPEG encoder against libjpeg-turbo's, at the same nominal quality and
at equal butteraugli distance and equal SSIM.

Each input becomes the peer benchmark's T1 (4:3, 800 wide) and T2 (square, 256) thumbnails: once as
PNG (the reference: the resampled pixels the encoders get), once by `--jpeg-encoder turbo` at q85
(also with --optimize-huffman), and by the trellis encoder at each quality of a sweep. Every JPEG is
decoded by Pillow and compared with the reference: butteraugli's distance (Debian `butteraugli`, the
largest over the image), SSIM (scikit-image, Gaussian window sigma 1.5) on BT.601 luma and over RGB.
From each thumbnail's trellis sweep, linear in quality, comes the size at which the trellis encoder
first matches turbo's q85 butteraugli distance, the size at which it matches its luma SSIM, and the
larger of the two ("both": as good on both). Sizes add up over the set. `--mozjpeg` and `--jpegli` sweep
those encoders over the same pixels (4:2:0, as sharp's mozjpeg and turbo's -q 85) as references.

    .bench/pillow/bin/python scripts/measure/measure-jpeg-encoder.py [--workload bench-workload/jpeg] [--first 6]
        [--corpus ../shared/corpus/photos] [--qualities 79,81,83,85,87,89,91,93,95] [--jobs 2]
        [--mozjpeg .bench/mozjpeg/cjpeg] [--jpegli]
    (after swift build -c release and bench/setup.sh: numpy, Pillow, scikit-image, pyjpegli and the
    butteraugli package; scripts/measure/build-mozjpeg.sh for mozjpeg)
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.join(ROOT, ".build/release/aspectfit")
TASKS = {"T1": ["--ratio", "4:3", "--width", "800"], "T2": ["--ratio", "square", "--width", "256"]}
NOMINAL = 85


def fit(source, task, out, *extra):
    subprocess.run([BIN, "--quiet", *TASKS[task], *extra, "-o", out, source], check=True)
    return os.path.getsize(out)


def scores(reference_png, jpeg, work):
    ref = np.asarray(Image.open(reference_png).convert("RGB")).astype(np.float64)
    decoded = Image.open(jpeg).convert("RGB")
    out = np.asarray(decoded).astype(np.float64)
    weights = [0.299, 0.587, 0.114]
    ssim = dict(data_range=255, gaussian_weights=True, sigma=1.5, use_sample_covariance=False)
    luma = structural_similarity(ref @ weights, out @ weights, **ssim)
    rgb = structural_similarity(ref, out, channel_axis=2, **ssim)
    decoded_png = os.path.join(work, os.path.basename(jpeg) + ".png")
    decoded.save(decoded_png)
    distance = float(subprocess.run(["butteraugli", reference_png, decoded_png], check=True, capture_output=True,
                                    text=True).stdout.split()[0])
    return distance, luma, rgb


def encode_trellis(source, task, reference, q, out):
    fit(source, task, out, "-f", "jpeg", "-q", str(q), "--jpeg-encoder", "trellis")


def mozjpeg_encoder(cjpeg):
    """mozjpeg's defaults at 4:2:0 over the reference's pixels (cjpeg reads PPM)."""
    def encode(source, task, reference, q, out):
        pixels = reference + ".ppm"
        if not os.path.exists(pixels):
            Image.open(reference).convert("RGB").save(pixels)
        subprocess.run([cjpeg, "-quality", str(q), "-sample", "2x2", "-outfile", out, pixels], check=True)
    return encode


def encode_jpegli(source, task, reference, q, out):
    import pyjpegli
    pixels = np.ascontiguousarray(np.asarray(Image.open(reference).convert("RGB")))
    with open(out, "wb") as file:
        file.write(pyjpegli.encode(pixels, pixels.shape[1], pixels.shape[0], quality=q))


def measure(job):
    source, task, qualities, encoders = job
    with tempfile.TemporaryDirectory(prefix="aspectfit-jpeg-encoder-") as work:
        reference = os.path.join(work, "reference.png")
        fit(source, task, reference, "-f", "png")
        rows = {}
        for name, extra in [("turbo", ["--jpeg-encoder", "turbo"]),
                            ("turbo-optimized", ["--jpeg-encoder", "turbo", "--optimize-huffman"])]:
            out = os.path.join(work, name + ".jpg")
            rows[name] = (fit(source, task, out, "-f", "jpeg", "-q", str(NOMINAL), *extra),) + scores(reference, out, work)
        sweeps = {}
        for name, encode in encoders.items():
            sweeps[name] = []
            for q in qualities:
                out = os.path.join(work, "%s-%d.jpg" % (name, q))
                encode(source, task, reference, q, out)
                sweeps[name].append((q, os.path.getsize(out)) + scores(reference, out, work))
        return source, task, rows, sweeps


def size_at(sweep, target, index, better):
    """The size, linear between the sweep's qualities, where metric `index` first reaches `target`."""
    if better(sweep[0][index], target):
        return float(sweep[0][1])
    for a, b in zip(sweep, sweep[1:]):
        if better(b[index], target):
            t = (target - a[index]) / (b[index] - a[index])
            return a[1] + t * (b[1] - a[1])
    return float("nan")


def percent(size, reference):
    return "%+.1f%%" % (100.0 * (size / reference - 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workload", default=os.path.join(ROOT, "bench-workload/jpeg"))
    parser.add_argument("--first", type=int, default=6, help="how many of the workload's JPEGs, from the first")
    parser.add_argument("--corpus", default=os.path.join(ROOT, "../shared/corpus/photos"))
    parser.add_argument("--qualities", default="79,81,83,85,87,89,91,93,95")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--mozjpeg", help="mozjpeg's cjpeg (scripts/measure/build-mozjpeg.sh): its default "
                        "encode of the same pixels, swept the same way, as a reference")
    parser.add_argument("--jpegli", action="store_true", help="also jpegli (PyPI pyjpegli 0.3.2, 4:2:0, its "
                        "adaptive quantisation) the same way")
    args = parser.parse_args()
    encoders = {"trellis": encode_trellis}
    if args.mozjpeg:
        encoders["mozjpeg"] = mozjpeg_encoder(args.mozjpeg)
    if args.jpegli:
        encoders["jpegli"] = encode_jpegli
    qualities = sorted(int(q) for q in args.qualities.split(","))
    assert NOMINAL in qualities, "the sweep must hold the nominal quality %d" % NOMINAL
    sets = [("workload", sorted(glob.glob(os.path.join(args.workload, "*.jpg")))[:args.first]),
            ("corpus photos", sorted(glob.glob(os.path.join(args.corpus, "*.jpg"))))]
    jobs = [(source, task, qualities, encoders) for _, files in sets for source in files for task in TASKS]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = {(s, t): (rows, sweeps) for s, t, rows, sweeps in pool.map(measure, jobs)}

    print("| set | task | encoder | n | turbo q85 bytes | turbo q85 optimised Huffman | q85 bytes | "
          "q85 butteraugli / luma SSIM / RGB SSIM (turbo's) | at turbo's butteraugli | "
          "at its luma SSIM | at both | at its RGB SSIM and butteraugli |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for label, files in sets:
        for task, encoder in [(t, e) for t in TASKS for e in encoders]:
            cases = [(rows, sweeps[encoder]) for rows, sweeps in (results[(f, task)] for f in files)]
            if not cases:
                continue
            turbo = sum(r["turbo"][0] for r, _ in cases)
            optimized = sum(r["turbo-optimized"][0] for r, _ in cases)
            nominal = [next(s for s in sweep if s[0] == NOMINAL) for _, sweep in cases]
            at_distance = at_luma = at_both = at_rgb_both = 0.0
            for rows, sweep in cases:
                _, distance, luma, rgb = rows["turbo"]
                d = size_at(sweep, distance, 2, lambda m, t: m <= t)
                s = size_at(sweep, luma, 3, lambda m, t: m >= t)
                r = size_at(sweep, rgb, 4, lambda m, t: m >= t)
                at_distance, at_luma = at_distance + d, at_luma + s
                at_both, at_rgb_both = at_both + max(d, s), at_rgb_both + max(d, r)
            mean = lambda values: sum(values) / len(values)
            print("| %s | %s | %s | %d | %d | %d (%s) | %d (%s) | %.3f / %.4f / %.4f (%.3f / %.4f / %.4f) | %s | %s | %s | %s |" % (
                label, task, encoder, len(cases), turbo, optimized, percent(optimized, turbo),
                sum(s[1] for s in nominal), percent(sum(s[1] for s in nominal), turbo),
                mean([s[2] for s in nominal]), mean([s[3] for s in nominal]), mean([s[4] for s in nominal]),
                mean([r["turbo"][1] for r, _ in cases]), mean([r["turbo"][2] for r, _ in cases]),
                mean([r["turbo"][3] for r, _ in cases]),
                percent(at_distance, turbo), percent(at_luma, turbo), percent(at_both, turbo),
                percent(at_rgb_both, turbo)))


if __name__ == "__main__":
    main()
