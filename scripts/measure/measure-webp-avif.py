#!/usr/bin/env python3
"""Bytes, quality and encode time of our WebP and AVIF encoders against our default JPEG, on thumbnails.

Every photo of ../shared/corpus/photos and samples/ becomes a 400x300 cover thumbnail, written once as
PNG (the reference: the resampled pixels before any lossy step, flattened onto white like the JPEG)
and once as the default JPEG (aspectfit -f jpeg, quality 85, 4:2:0). The reference pixels then go
through cio_encode_webp and cio_encode_avif themselves (the C files, built here into a shared library
and called through ctypes) at each quality of the sweep; the results are decoded by independent
tools (dwebp; avifdec, which decodes with dav1d, not the encoder's libaom) and compared with the
reference: SSIM on BT.601 luma (Gaussian window, sigma 1.5) and PSNR over RGB. Prints one table line
per format and setting: mean SSIM, mean PSNR, total bytes, bytes against the JPEG, and the median
encode time of one thumbnail (best of 3 runs, one thread).

    python3 scripts/measure/measure-webp-avif.py [--size 400x300] [--webp 70,75,80,85,90] [--avif 40,50,60,70]
        [--webp-effort 4] [--avif-speed 8] [--instructions N] [--photos DIR --count K]
        (after swift build -c release; needs numpy and Pillow; --instructions needs valgrind)

--instructions N adds a column Minstr: the instructions one encode takes (callgrind, counting only inside
cio_encode_webp/cio_encode_avif, so a busy machine changes nothing), the mean over the first N thumbnails;
the times are wall-clock and need a quiet machine. --photos DIR --count K takes the first K photos of DIR
instead (such as bench-workload/jpeg with --size 800x600: the T4/T5 benchmark's thumbnails).
"""
import argparse
import ctypes
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
C_SOURCES = ["webp/webp_encode.c", "avif/avif_encode.c", "avif/avif_encoder_setup.c", "avif/avif_library.c",
             "codec_library.c", "byte_buffer.c", "image_check.c", "message.c", "exif.c"]


class CImage(ctypes.Structure):
    _fields_ = [("pixels", ctypes.c_void_p), ("width", ctypes.c_uint32), ("height", ctypes.c_uint32),
                ("stride", ctypes.c_size_t), ("layout", ctypes.c_int), ("sixteen_bit", ctypes.c_int)]


class WebPOptions(ctypes.Structure):
    _fields_ = [("quality", ctypes.c_int), ("lossless", ctypes.c_int), ("method", ctypes.c_int),
                ("sharp_yuv", ctypes.c_int)]


class AVIFOptions(ctypes.Structure):
    _fields_ = [("quality", ctypes.c_int), ("speed", ctypes.c_int), ("full_chroma", ctypes.c_int),
                ("threads", ctypes.c_int)]


class Metadata(ctypes.Structure):
    _fields_ = [("icc", ctypes.c_void_p), ("icc_size", ctypes.c_size_t), ("exif", ctypes.c_void_p),
                ("exif_size", ctypes.c_size_t), ("xmp", ctypes.c_void_p), ("xmp_size", ctypes.c_size_t),
                ("iptc", ctypes.c_void_p), ("iptc_size", ctypes.c_size_t), ("dropped", ctypes.c_void_p),
                ("srgb", ctypes.c_int)]


def build_library(folder):
    """The encoders as a shared library, compiled from the package's own sources."""
    path = os.path.join(folder, "libcio_encode.so")
    base = os.path.join(ROOT, "Sources", "CImageIO")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-I", os.path.join(base, "include"), "-I", base, "-o", path]
                   + [os.path.join(base, s) for s in C_SOURCES] + ["-lwebp", "-lwebpmux"], check=True)
    lib = ctypes.CDLL(path)
    for name in ("cio_encode_webp", "cio_encode_avif"):
        getattr(lib, name).restype = ctypes.c_int
    return lib


DRIVER = r"""
#include "cimageio.h"
#include <stdio.h>
#include <stdlib.h>
/* driver FORMAT RAW WIDTH HEIGHT QUALITY KNOB: one encode of raw RGB8 (knob: WebP method, AVIF speed) */
int main(int argc, char **argv) {
    (void)argc;
    const int avif = argv[1][0] == 'a', w = atoi(argv[3]), h = atoi(argv[4]);
    const size_t n = (size_t)w * h * 3;
    uint8_t *pixels = malloc(n);
    FILE *f = fopen(argv[2], "rb");
    if (f == NULL || fread(pixels, 1, n, f) != n) return 2;
    fclose(f);
    cio_image image = {pixels, (uint32_t)w, (uint32_t)h, (size_t)w * 3, CIO_RGB8, 0};
    cio_metadata metadata = {0};
    uint8_t *out = NULL;
    size_t size = 0;
    cio_message message;
    cio_status status;
    if (avif) {
        cio_avif_options o = {atoi(argv[5]), atoi(argv[6]), 0, 1};
        status = cio_encode_avif(&image, &o, &metadata, &out, &size, &message);
    } else {
        cio_webp_options o = {atoi(argv[5]), 0, atoi(argv[6]), 0};
        status = cio_encode_webp(&image, &o, &metadata, &out, &size, &message);
    }
    printf("%zu\n", size);
    return status == CIO_OK ? 0 : 1;
}
"""


def build_driver(folder):
    """The encoders in a small program, for callgrind."""
    source, path = os.path.join(folder, "driver.c"), os.path.join(folder, "driver")
    base = os.path.join(ROOT, "Sources", "CImageIO")
    with open(source, "w") as f:
        f.write(DRIVER)
    subprocess.run(["cc", "-O2", "-I", os.path.join(base, "include"), "-I", base, "-o", path, source]
                   + [os.path.join(base, s) for s in C_SOURCES] + ["-lwebp", "-lwebpmux"], check=True)
    return path


def instructions(driver, fmt, quality, knob, rgb, folder):
    """Instructions of one encode (inside cio_encode_*), by callgrind."""
    height, width, _ = rgb.shape
    raw = os.path.join(folder, "thumb.rgb")
    np.ascontiguousarray(rgb).tofile(raw)
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          f"--toggle-collect=cio_encode_{fmt}", driver, fmt, raw, str(width), str(height), str(quality),
                          str(knob)], capture_output=True, text=True, check=True)
    return int(out.stderr.split("refs:")[1].split()[0].replace(",", ""))


def encode(lib, function, options, rgb):
    """The encoded bytes of an RGB array and the seconds one encode took."""
    height, width, _ = rgb.shape
    pixels = np.ascontiguousarray(rgb)
    image = CImage(pixels.ctypes.data, width, height, width * 3, 3, 0)
    output, size, message = ctypes.c_void_p(), ctypes.c_size_t(), ctypes.create_string_buffer(256)
    start = time.perf_counter()
    status = getattr(lib, function)(ctypes.byref(image), ctypes.byref(options), ctypes.byref(Metadata()),
                                    ctypes.byref(output), ctypes.byref(size), message)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{function}: {message.value.decode()}")
    data = ctypes.string_at(output, size.value)
    ctypes.CDLL(None).free(output)
    return data, seconds


def decoded(data, suffix, folder):
    """The file decoded by an independent tool, as an RGB array."""
    source, target = os.path.join(folder, "x" + suffix), os.path.join(folder, "x.png")
    with open(source, "wb") as f:
        f.write(data)
    command = ["dwebp", "-quiet", source, "-o", target] if suffix == ".webp" else ["avifdec", source, target]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return np.asarray(Image.open(target).convert("RGB"))


def gaussian_blur(plane, sigma=1.5, radius=5):
    x = np.arange(-radius, radius + 1)
    kernel = np.exp(-x * x / (2 * sigma * sigma))
    kernel /= kernel.sum()
    rows = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="valid"), 1, plane)
    return np.apply_along_axis(lambda c: np.convolve(c, kernel, mode="valid"), 0, rows)


def ssim(a, b):
    """Mean SSIM of BT.601 luma (Wang et al. 2004 constants)."""
    weights = np.array([0.299, 0.587, 0.114])
    x, y = a.astype(np.float64) @ weights, b.astype(np.float64) @ weights
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mx, my = gaussian_blur(x), gaussian_blur(y)
    sxx, syy, sxy = gaussian_blur(x * x) - mx * mx, gaussian_blur(y * y) - my * my, gaussian_blur(x * y) - mx * my
    return float(np.mean((2 * mx * my + c1) * (2 * sxy + c2) / ((mx * mx + my * my + c1) * (sxx + syy + c2))))


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 * 255 / mse)


def thumbnails(size, folder, photos=None, count=None):
    """(name, reference RGB, default JPEG bytes) for every photo (or the first `count` of `photos`)."""
    binary = os.path.join(ROOT, ".build", "release", "aspectfit")
    if photos:
        inputs = [os.path.join(photos, n) for n in sorted(os.listdir(photos))][:count]
    else:
        photos = os.path.join(ROOT, "..", "shared", "corpus", "photos")
        inputs = [os.path.join(d, n) for d in (photos, os.path.join(ROOT, "samples")) for n in sorted(os.listdir(d))]
    result = []
    for path in inputs:
        def fit(fmt):
            out = os.path.join(folder, "thumb." + fmt)
            subprocess.run([binary, "-s", size, "-f", fmt, "-o", out, path], check=True)
            with open(out, "rb") as f:
                return f.read()
        reference = Image.open(io.BytesIO(fit("png"))).convert("RGBA")
        white = Image.new("RGBA", reference.size, (255, 255, 255, 255))
        rgb = np.asarray(Image.alpha_composite(white, reference).convert("RGB"))
        result.append((os.path.basename(path), rgb, fit("jpg")))
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="400x300")
    parser.add_argument("--webp", default="70,75,78,80,82,85,90")
    parser.add_argument("--avif", default="40,50,55,60,65,70")
    parser.add_argument("--webp-effort", default="4")
    parser.add_argument("--avif-speed", default="8")
    parser.add_argument("--instructions", type=int, default=0, help="count instructions on the first N thumbnails")
    parser.add_argument("--photos", help="a folder of photos instead of the corpus photos and samples/")
    parser.add_argument("--count", type=int, default=None, help="with --photos: the first K")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        lib = build_library(folder)
        driver = build_driver(folder) if args.instructions else None
        images = thumbnails(args.size, folder, args.photos, args.count)
        print(f"{len(images)} thumbnails at {args.size}")
        print(f"{'format':28} {'SSIM':>7} {'PSNR':>6} {'bytes':>8} {'vs JPEG':>8} {'ms':>6} {'Minstr':>7}")
        jpeg_ssim = [ssim(rgb, np.asarray(Image.open(io.BytesIO(j)).convert("RGB"))) for _, rgb, j in images]
        jpeg_psnr = [psnr(rgb, np.asarray(Image.open(io.BytesIO(j)).convert("RGB"))) for _, rgb, j in images]
        jpeg_bytes = sum(len(j) for _, _, j in images)
        print(f"{'jpeg q85 4:2:0 (default)':28} {statistics.mean(jpeg_ssim):7.4f} {statistics.mean(jpeg_psnr):6.2f} "
              f"{jpeg_bytes:8d} {1:8.2f} {'':>6}")
        runs = [("webp", q, e) for e in args.webp_effort.split(",") for q in args.webp.split(",")]
        runs += [("avif", q, s) for s in args.avif_speed.split(",") for q in args.avif.split(",")]
        for fmt, quality, knob in runs:
            if fmt == "webp":
                options, label = WebPOptions(int(quality), 0, int(knob), 0), f"webp q{quality} m{knob}"
            else:
                options, label = AVIFOptions(int(quality), int(knob), 0, 1), f"avif q{quality} s{knob}"
            scores, peaks, total, times = [], [], 0, []
            for _, rgb, _ in images:
                runs_of_one = [encode(lib, f"cio_encode_{fmt}", options, rgb) for _ in range(3)]
                data = runs_of_one[0][0]
                times.append(min(t for _, t in runs_of_one))
                back = decoded(data, "." + fmt, folder)
                scores.append(ssim(rgb, back))
                peaks.append(psnr(rgb, back))
                total += len(data)
            counted = [instructions(driver, fmt, quality, knob, rgb, folder) for _, rgb, _ in images[:args.instructions]]
            millions = f"{statistics.mean(counted) / 1e6:7.0f}" if counted else ""
            print(f"{label:28} {statistics.mean(scores):7.4f} {statistics.mean(peaks):6.2f} {total:8d} "
                  f"{total / jpeg_bytes:8.2f} {statistics.median(times) * 1000:6.1f} {millions}", flush=True)


if __name__ == "__main__":
    main()
