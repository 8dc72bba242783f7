#!/usr/bin/env python3
"""How small may the resampler's final factor get after JPEG DCT shrink-on-load (or WebP's scaled decode)?

  measure-decode-scale.py [--quick] [--codec jpeg|webp] [--out docs/decode-scale.md] [--json FILE]

For every source JPEG, every filter aspectfit offers, every DCT scale d in {2, 4, 8} and final factors
f in a grid (f = crop side / d / output side), a square centred crop is fitted two ways, both in float64
with the filter's exact kernel (support stretched by the factor, sRGB gamma space, pixel centres at +0.5,
weights normalised inside the image: the geometry of quality.py and of aspectfit's plan):

  reference  from the full-resolution decode (djpeg, ISLOW, fancy upsampling: what aspectfit decodes);
  scaled     from `djpeg -scale 1/d` (libjpeg-turbo's scaled IDCT, bit-identical to aspectfit's decode),
             the crop mapped to scaled coordinates by /d, exactly as CropPlan does.

Scores, against the 8-bit reference:
  raw dB     PSNR of the scaled route's 8-bit result (a PNG output): the decode scale's own error;
  q85, q95   drift: PSNR(reference as JPEG q) - PSNR(scaled route as JPEG q), in dB, 4:2:0 (aspectfit's
             default JPEG output). Positive = the smaller decode lost quality.

Sources: the corpus photos (../shared/corpus/photos), two T2 workload photos (bench-workload/jpeg), four
640x480 files of the many-small-files workload (scripts/generate/make-small-files.py) and
generated worst cases (zone plate up to Nyquist, fine text, white-noise texture) encoded by libjpeg at
q90/q95 in 4:2:0 and 4:4:4. The table gives, per filter, d and f, the worst (max) drift and the worst
(min) raw PSNR over all sources; the bound is read from it (see README "How it works").
With --codec webp (output: docs/decode-scale-webp.md) the same sources, cropped to multiples of 8 (libwebp
scales by d only when d divides both sides, as aspectfit asks it to), are encoded by cwebp at -q 90 (lossy) and
-lossless, four of the photos also with a soft alpha channel; both routes decode with dwebp (`-scale W/d H/d`
for the scaled one: libwebp's rescaler, each decoded pixel the mean of d x d, premultiplied by alpha). Sources
with alpha are fitted premultiplied (RGBA) and scored by the raw PSNR only (a JPEG holds no alpha).
Needs numpy, scipy and Pillow (`/work/main/.bench/pillow/bin/python`, see ../shared/bench/setup.sh), djpeg,
and for webp cwebp and dwebp (Debian `webp`).
"""
import argparse
import glob
import io
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
import scipy.sparse as sp
from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILTERS = {   # name: (radius, stretches when downscaling, kernel)
    "lanczos3": (3.0, True, lambda x: np.where(np.abs(x) < 3, np.sinc(x) * np.sinc(x / 3), 0.0)),
    "lanczos2": (2.0, True, lambda x: np.where(np.abs(x) < 2, np.sinc(x) * np.sinc(x / 2), 0.0)),
    "mitchell": (2.0, True, lambda x: cubic(x, 1 / 3, 1 / 3)),
    "catmull-rom": (2.0, True, lambda x: cubic(x, 0.0, 0.5)),
    "bilinear": (1.0, True, lambda x: np.maximum(0.0, 1 - np.abs(x))),
    "box": (0.5, True, lambda x: ((x >= -0.5) & (x < 0.5)).astype(np.float64)),
    "nearest": (0.5, False, lambda x: ((x > -0.5) & (x <= 0.5)).astype(np.float64)),
}
SCALES = (2, 4, 8)
GENERATED = ("zoneplate", "noise", "text")
FACTORS = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
BOUND = 0.05   # dB: the mean q85 drift over the photos the rule may reach (the q85 ceiling target)
BIG = 6_000_000   # sources with more pixels are measured with the default filter only (time)


def cubic(x, b, c):
    a = np.abs(x)
    a2, a3 = a * a, a * a * a
    inner = ((12 - 9 * b - 6 * c) * a3 + (-18 + 12 * b + 6 * c) * a2 + (6 - 2 * b)) / 6
    outer = ((-b - 6 * c) * a3 + (6 * b + 30 * c) * a2 + (-12 * b - 48 * c) * a + (8 * b + 24 * c)) / 6
    return np.where(a < 1, inner, np.where(a < 2, outer, 0.0))


def axis_matrix(in_size, out_size, start, length, filt):
    """Sparse (out_size x in_size) weights: output pixel i centred at start + (i + 0.5) * length / out_size."""
    radius, stretches, kernel = FILTERS[filt]
    factor = length / out_size
    widen = max(1.0, factor) if stretches else 1.0
    support = radius * widen
    centres = start + (np.arange(out_size) + 0.5) * factor
    left = np.floor(centres - support).astype(np.int64)
    taps = int(math.ceil(2 * support)) + 2
    idx = left[:, None] + np.arange(taps)[None, :]
    w = kernel((idx + 0.5 - centres[:, None]) / widen)
    w[(idx < 0) | (idx >= in_size)] = 0.0
    w /= w.sum(axis=1, keepdims=True)
    rows = np.repeat(np.arange(out_size), taps)
    keep = w.ravel() != 0
    return sp.csr_matrix((w.ravel()[keep], (rows[keep], np.clip(idx, 0, in_size - 1).ravel()[keep])),
                         shape=(out_size, in_size))


def fit(src, box, out, filt):
    """float64 fit of the square `box` (x, y, side; fractional) of src (H x W x C float64) to out x out."""
    h, w, channels = src.shape
    x, y, side = box
    my = axis_matrix(h, out, y, side, filt)
    mx = axis_matrix(w, out, x, side, filt)
    tmp = (my @ src.reshape(h, w * channels)).reshape(out, w, channels)
    res = np.stack([(mx @ tmp[:, :, c].T).T for c in range(channels)], axis=2)
    return np.clip(np.rint(res), 0, 255).astype(np.uint8)


def fit43(src, out_w):
    """float64 Lanczos3 fit of src's 4:3 centred cover crop (RGB) to out_w x (out_w * 3 / 4)."""
    h, w, _ = src.shape
    cw, ch = (h * 4 / 3, h) if w * 3 > h * 4 else (w, w * 3 / 4)
    out_h = round(out_w * 3 / 4)
    x, y = (w - cw) / 2, (h - ch) / 2
    my = axis_matrix(h, out_h, y, ch, "lanczos3")
    mx = axis_matrix(w, out_w, x, cw, "lanczos3")
    tmp = (my @ src.reshape(h, w * 3)).reshape(out_h, w, 3)
    res = np.stack([(mx @ tmp[:, :, c].T).T for c in range(3)], axis=2)
    return np.clip(np.rint(res), 0, 255).astype(np.uint8)


def djpeg(path, d):
    data = subprocess.run(["djpeg", "-scale", f"1/{d}", "-dct", "int", "-rgb", "-ppm", path],
                          check=True, capture_output=True).stdout
    with Image.open(io.BytesIO(data)) as im:
        return np.asarray(im.convert("RGB"), dtype=np.float64)


def has_alpha(path):
    return "-alpha." in os.path.basename(path)


def dwebp(path, d):
    """libwebp's decode at 1/d (RGB, or RGBA premultiplied for the fit when the file has alpha)."""
    with Image.open(path) as im:
        w, h = im.size
    scale = ["-scale", str(w // d), str(h // d)] if d > 1 else []
    data = subprocess.run(["dwebp", "-quiet", *scale, "-pam", path, "-o", "-"], check=True, capture_output=True).stdout
    header, pixels = data.split(b"ENDHDR\n", 1)   # PAM (Pillow reads no P7): RGBA, alpha 255 when opaque
    fields = dict(line.split(b" ", 1) for line in header.split(b"\n")[1:] if b" " in line)
    rgba = np.frombuffer(pixels, np.uint8).reshape(int(fields[b"HEIGHT"]), int(fields[b"WIDTH"]), 4).astype(np.float64)
    if not has_alpha(path):
        return rgba[:, :, :3].copy()
    return np.concatenate([rgba[:, :, :3] * rgba[:, :, 3:] / 255, rgba[:, :, 3:]], axis=2)


def webp_sources(folder, sources, with_alpha):
    """Each source cropped to multiples of 8 (centred) as cwebp -q 90 and -lossless; `with_alpha` of them
    again with a soft alpha channel."""
    paths = []
    for i, source in enumerate(sources):
        with Image.open(source) as im:
            im = im.convert("RGB")
            w, h = im.size
            cropped = im.crop(((w % 8) // 2, (h % 8) // 2, (w % 8) // 2 + w - w % 8, (h % 8) // 2 + h - h % 8))
        name = os.path.splitext(os.path.basename(source))[0]
        kinds = [("", cropped)]
        if i < with_alpha:
            cw, ch = cropped.size
            yy, xx = np.mgrid[0:ch, 0:cw].astype(np.float64)
            alpha = np.clip(0.55 + 0.6 * np.sin(xx / (cw / 7.3)) * np.cos(yy / (ch / 5.1)), 0, 1)
            kinds.append(("-alpha", Image.fromarray(np.dstack([np.asarray(cropped), np.rint(alpha * 255).astype(np.uint8)]))))
        for suffix, image in kinds:
            png = os.path.join(folder, f"{name}{suffix}.png")
            image.save(png)
            for kind, flags in (("lossy", ["-q", "90"]), ("lossless", ["-lossless"])):
                target = os.path.join(folder, f"{name}-{kind}{suffix}.webp")
                subprocess.run(["cwebp", "-quiet", *flags, png, "-o", target], check=True)
                paths.append(target)
            os.remove(png)
    return paths


def psnr(a, b):
    mse = float(np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2))
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


def as_jpeg(pixels, quality):
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, "JPEG", quality=quality, subsampling="4:2:0")
    buf.seek(0)
    with Image.open(buf) as im:
        return np.asarray(im.convert("RGB"))


def drift(ref, got, quality):
    """dB lost by `got` against the 8-bit `ref` once both are JPEGs at `quality` (positive: got is worse)."""
    return psnr(as_jpeg(ref, quality), ref) - psnr(as_jpeg(got, quality), ref)


def worst_cases(folder, side, codec="jpeg"):
    """Zone plate, fine text and white-noise texture, as JPEG q90/q95 at 4:2:0 and 4:4:4 (webp: as PNG,
    for webp_sources)."""
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float64) + 0.5
    r2 = (xx - side / 2) ** 2 + (yy - side / 2) ** 2
    # phase pi r^2 / side: the local frequency r / side cycles per pixel reaches Nyquist at r = side / 2
    zone = 127.5 + 127.5 * np.cos(math.pi * r2 / side)
    zone = np.stack([zone, zone, 255 - zone], axis=2)
    rng = np.random.default_rng(13)
    noise = rng.integers(0, 256, (side, side, 3)).astype(np.float64)
    text = Image.new("RGB", (side, side), "white")
    draw = ImageDraw.Draw(text)
    font = ImageFont.load_default()
    line = "The quick brown fox jumps over the lazy dog 0123456789 ASPECTFIT "
    for i, yline in enumerate(range(0, side, 11)):
        draw.text((-(i * 7) % 40, yline), line * 4, fill=(i * 37 % 200, 0, 90) if i % 3 else "black", font=font)
    patterns = {"zoneplate": Image.fromarray(zone.astype(np.uint8)),
                "noise": Image.fromarray(noise.astype(np.uint8)), "text": text}
    paths = []
    for name, im in patterns.items():
        if codec == "webp":
            paths.append(os.path.join(folder, f"{name}.png"))
            im.save(paths[-1])
            continue
        for q in (90, 95):
            for sub, tag in (("4:2:0", "420"), ("4:4:4", "444")):
                p = os.path.join(folder, f"{name}-q{q}-{tag}.jpg")
                im.save(p, "JPEG", quality=q, subsampling=sub)
                paths.append(p)
    return paths


def measure(path, filters, factors, decode=djpeg):
    full = decode(path, 1)
    h, w, _ = full.shape
    if w * h > BIG:
        filters = filters[:1]
    side = min(w, h)
    box = ((w - side) / 2, (h - side) / 2, side)
    rows = []
    for d in SCALES:
        scaled = decode(path, d)
        for f in factors:
            out = round(side / d / f)
            if out < 16:
                continue
            actual = side / d / out
            for filt in filters:
                ref = fit(full, box, out, filt)
                got = fit(scaled, (box[0] / d, box[1] / d, side / d), out, filt)
                row = {"source": os.path.basename(path), "filter": filt, "d": d, "f": round(actual, 3),
                       "grid_f": f, "out": out, "raw_db": round(psnr(got, ref), 2)}
                for q in (85, 95):
                    if ref.shape[2] == 3:   # a JPEG holds no alpha
                        row[f"drift_q{q}"] = round(drift(ref, got, q), 3)
                rows.append(row)
    return rows


def is_photo(row):
    return not row["source"].startswith(GENERATED)


def cell(rows, key, how):
    values = [r[key] for r in rows if key in r]
    return f"{how(values):.2f}" if values else "-"


def table(rows, filters, factors, key, worst=max):
    """Per filter and d, for each f: photos' mean / photos' worst / generated worst cases' worst of `key`."""
    lines = ["| filter | d | " + " | ".join(f"f={f:g}" for f in factors) + " |",
             "|---|---|" + "---|" * len(factors)]
    for filt in filters:
        for d in SCALES:
            cells = []
            for f in factors:
                sel = [r for r in rows if r["filter"] == filt and r["d"] == d and r["grid_f"] == f]
                photos = [r for r in sel if is_photo(r)]
                generated = [r for r in sel if not is_photo(r)]
                cells.append(f"{cell(photos, key, lambda v: sum(v) / len(v))} / {cell(photos, key, worst)}"
                             f" / {cell(generated, key, worst)}")
            lines.append(f"| {filt} | 1/{d} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def bound(rows, filters, factors):
    """Per filter and d: the smallest grid f from which on every larger grid f keeps the photos' mean
    q85 drift within BOUND (None: no f of the grid does)."""
    lines = ["| filter | 1/2 | 1/4 | 1/8 |", "|---|---|---|---|"]
    for filt in filters:
        cells = []
        for d in SCALES:
            smallest = None
            for f in sorted(factors, reverse=True):
                photos = [r["drift_q85"] for r in rows if r["filter"] == filt and r["d"] == d
                          and r["grid_f"] == f and is_photo(r) and "drift_q85" in r]
                if not photos or sum(photos) / len(photos) > BOUND:
                    break
                smallest = f
            cells.append("never" if smallest is None else f"f >= {smallest:g}")
        lines.append(f"| {filt} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--quick", action="store_true", help="lanczos3 only, generated cases and one photo")
    ap.add_argument("--codec", choices=("jpeg", "webp"), default="jpeg")
    ap.add_argument("--out", default=None, help="default docs/decode-scale.md (webp: docs/decode-scale-webp.md)")
    ap.add_argument("--json", default=None, help="also write every measured case here")
    ap.add_argument("--from-json", default=None, help="only render the tables from an earlier --json")
    args = ap.parse_args()
    args.out = args.out or os.path.join(ROOT, "docs", "decode-scale.md" if args.codec == "jpeg" else "decode-scale-webp.md")
    filters = ["lanczos3"] if args.quick else list(FILTERS)
    if args.from_json:
        with open(args.from_json) as fh:
            rows = json.load(fh)
    else:
        rows = run(args, filters)
    render(args, rows, filters)
    return 0


def run(args, filters):
    with tempfile.TemporaryDirectory() as tmp:
        sources = worst_cases(tmp, 1536, args.codec)
        photos = sorted(glob.glob(os.path.join(ROOT, "..", "shared", "corpus", "photos", "*.jpg")))
        workload = sorted(glob.glob(os.path.join(ROOT, "bench-workload", "jpeg", "*.jpg")))[:2]
        if not photos or not workload:
            sys.exit("missing ../shared/corpus/photos or bench-workload/jpeg")
        small = os.path.join(tmp, "small")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate", "make-small-files.py"), "--count", "4",
                        "--from", os.path.join(ROOT, "bench-workload", "jpeg"), small], check=True, capture_output=True)
        sources += photos[:1] if args.quick else photos + workload + sorted(glob.glob(os.path.join(small, "*.jpg")))
        decode = djpeg
        if args.codec == "webp":
            generated = len(GENERATED)
            sources = (webp_sources(tmp, sources[:generated], 0) +
                       webp_sources(tmp, sources[generated:], 1 if args.quick else 4))
            decode = dwebp
        rows = []
        for i, p in enumerate(sources):
            print(f"[{i + 1}/{len(sources)}] {os.path.basename(p)}", file=sys.stderr, flush=True)
            rows += measure(p, filters, FACTORS, decode)
            if args.json:
                with open(args.json, "w") as fh:
                    json.dump(rows, fh, indent=0)
    return rows


MARKER = "<!-- Below: generated by scripts/measure/measure-decode-scale.py, which keeps the text above; do not edit. -->\n"


def sections(args, rows, filters):
    """The generated tables: for jpeg one set over every source; for webp one set per kind of file
    (lossy, lossless: opaque; the sources with alpha by their raw PSNR alone)."""
    if args.codec == "jpeg":
        return [("", rows)]
    kind = lambda r, k: r["source"].endswith(f"-{k}.webp")
    return [(f"{k} WebP, opaque: ", [r for r in rows if kind(r, k)]) for k in ("lossy", "lossless")] + \
           [(f"{k} WebP with alpha (premultiplied RGBA): ", [r for r in rows if kind(r, k + "-alpha")])
            for k in ("lossy", "lossless")]


def render(args, rows, filters):
    photos = sorted({r["source"] for r in rows if is_photo(r)})
    generated = sorted({r["source"] for r in rows if not is_photo(r)})
    script = f"scripts/measure/measure-decode-scale.py{' --quick' if args.quick else ''}" + \
        (" --codec webp" if args.codec == "webp" else "")
    doc = (f"## Measurements\n\n"
           f"Generated by `{script}` (method in its "
           f"header). f is the factor the resampler is left after decoding at 1/d. Photos: {', '.join(photos)} "
           f"(sources over {BIG // 1_000_000} MP with lanczos3 only); generated worst cases: "
           f"{', '.join(generated)}.\n\n")
    for title, part in sections(args, rows, filters):
        if any("drift_q85" in r for r in part):
            doc += (f"### {title}Bound: smallest f with the photos' mean q85 drift <= {BOUND} dB (at that f and every larger one)\n\n"
                    + bound(part, filters, FACTORS) +
                    f"\n\n### {title}Drift at q85 (dB lost against the float64 fit of the full decode): photos' mean / photos' max / "
                    "generated worst cases' max\n\n" + table(part, filters, FACTORS, "drift_q85") +
                    f"\n\n### {title}Drift at q95: photos' mean / photos' max / generated max\n\n"
                    + table(part, filters, FACTORS, "drift_q95") + "\n\n")
        doc += (f"### {title}PSNR of the 8-bit result (a PNG output) against that fit, dB (lower is worse): photos' mean / "
                "photos' min / generated min\n\n" + table(part, filters, FACTORS, "raw_db", worst=min) + "\n\n")
    doc = doc.rstrip("\n") + "\n"
    # The page's prose, above the marker, is kept; only the measurements below it are rewritten.
    prose = "# Decode scale\n\n"
    if os.path.exists(args.out):
        with open(args.out) as fh:
            text = fh.read()
        if MARKER in text:
            prose = text[:text.index(MARKER)]
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as fh:
        fh.write(prose + MARKER + "\n" + doc)
    print(doc)


if __name__ == "__main__":
    sys.exit(main())
