#!/usr/bin/env python3
"""Scores smart-crop strategies on the annotated set (Tests/SmartCropSet/annotations.tsv, or with
--set heldout the held-out set heldout.tsv).

score of one case = share of the subject box the crop keeps / the most any window position of
that size could keep; averaged over the cases where the position matters (some position keeps
less than the best), for the ratios 1:1, 9:16, 16:9, 3:1, 1:3 and 4:5. Also counts "losses":
cases where the centre crop keeps the whole subject (>= 99%) and the strategy keeps less than 90%.

Strategies: aspectfit -g attention / entropy / centre (the release binary, from the original
files, so EXIF orientation is exercised) and `vips smartcrop --interesting attention|entropy|centre`
(on upright PNG copies; the crop offset is found by matching the output in the source).

Usage: scripts/measure/smartcrop-score.py [--binary .build/release/aspectfit] [--set fitting|heldout] [--per-case]
Needs Pillow + numpy (/work/main/.bench/pillow/bin/python) and vips.
"""
import argparse, json, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image, ImageOps

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
RATIOS = [(1, 1), (9, 16), (16, 9), (3, 1), (1, 3), (4, 5)]


def resolve(name):
    kind, rel = name.split(":", 1)
    return {"corpus": os.path.join(ROOT, "..", "shared", "corpus", rel), "samples": os.path.join(ROOT, "samples", rel),
            "set": os.path.join(SET, rel)}[kind]


def load_set(name):
    rows = []
    for line in open(os.path.join(SET, "annotations.tsv" if name == "fitting" else "heldout.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        rows.append((resolve(f[0]), tuple(float(v) for v in f[1:5]), f[5]))
    return rows


def window(w, h, rw, rh):
    """The largest whole-pixel box of rw:rh inside w x h, as CropPlan.largestBox."""
    if w * rh >= h * rw:
        return min(w, max(1, round(h * rw / rh))), h
    return w, min(h, max(1, round(w * rh / rw)))


def overlap(sub, x, y, cw, ch):
    x0, y0, x1, y1 = sub
    ix = max(0, min(x1, x + cw) - max(x0, x))
    iy = max(0, min(y1, y + ch) - max(y0, y))
    return ix * iy / ((x1 - x0) * (y1 - y0))


def case_bounds(sub, w, h, cw, ch):
    x0, y0, x1, y1 = sub
    best = min(x1 - x0, cw) * min(y1 - y0, ch) / ((x1 - x0) * (y1 - y0))
    worst = min(overlap(sub, x, y, cw, ch) for x in (0, w - cw) for y in (0, h - ch))
    return best, worst


def aspectfit_crops(binary, files, gravity, ratio, outdir):
    cmd = [binary, "-r", f"{ratio[0]}:{ratio[1]}", "-w", "96", "-g", gravity, "--json", "-f", "png",
           "-o", os.path.join(outdir, "{name}.png"), "-j", "2"] + files
    out = subprocess.run(cmd, capture_output=True, text=True)
    crops = {}
    for line in out.stdout.splitlines():
        rec = json.loads(line)
        if rec.get("summary"):
            continue
        if rec["status"] != "ok":
            sys.exit(f"aspectfit failed on {rec['input']}: {rec['error']}")
        c = rec["crop"]
        crops[os.path.abspath(rec["input"])] = (c["x"], c["y"])
    return crops


def vips_crop(upright_png, source, cw, ch, interesting, outdir):
    out = os.path.join(outdir, "vips-out.png")
    subprocess.run(["vips", "smartcrop", upright_png, out, str(cw), str(ch), "--interesting", interesting], check=True)
    got = np.asarray(Image.open(out).convert("RGBA"), dtype=np.int16)
    h, w = source.shape[:2]
    best, where = None, None
    step = max(1, min(cw, ch) // 200)
    sample = got[::step, ::step]
    for y in range(0, h - ch + 1):
        for x in range(0, w - cw + 1):
            d = np.abs(source[y:y + ch:step, x:x + cw:step] - sample).mean()
            if best is None or d < best:
                best, where = d, (x, y)
            if d == 0:
                return where
    return where


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "aspectfit"))
    ap.add_argument("--per-case", action="store_true")
    ap.add_argument("--set", choices=["fitting", "heldout"], default="fitting",
                    help="fitting: annotations.tsv, the set the attention weights were fitted on; "
                         "heldout: heldout.tsv, photos and pictures they never saw")
    ap.add_argument("--no-vips", action="store_true")
    ap.add_argument("--only", help="score one aspectfit gravity only (e.g. attention), no vips")
    args = ap.parse_args()
    rows = load_set(args.set)
    files = [os.path.abspath(p) for p, _, _ in rows]
    tmp = tempfile.mkdtemp(prefix="smartcrop-score-")
    strategies = ["aspectfit attention", "aspectfit entropy", "aspectfit centre"]
    if args.only:
        strategies = [f"aspectfit {args.only}"]
    elif not args.no_vips:
        strategies += ["vips attention", "vips entropy", "vips centre"]
    uprights = {}
    for path in files:
        img = ImageOps.exif_transpose(Image.open(path)).convert("RGBA")
        png = os.path.join(tmp, f"up-{len(uprights)}.png")
        img.save(png)
        uprights[path] = (png, np.asarray(img, dtype=np.int16))
    totals = {s: [] for s in strategies}
    losses = {s: 0 for s in strategies}
    for ratio in RATIOS:
        ours = {s.split()[1]: aspectfit_crops(args.binary, files, s.split()[1], ratio, tmp)
                for s in strategies if s.startswith("aspectfit")}
        for (path, frac, note), apath in zip(rows, files):
            png, pixels = uprights[apath]
            h, w = pixels.shape[:2]
            cw, ch = window(w, h, *ratio)
            sub = (frac[0] * w, frac[1] * h, frac[2] * w, frac[3] * h)
            best, worst = case_bounds(sub, w, h, cw, ch)
            if worst >= best * 0.999:
                continue
            centre_keep = overlap(sub, (w - cw) // 2, (h - ch) // 2, cw, ch)
            line = []
            for s in strategies:
                tool, g = s.split()
                if tool == "aspectfit":
                    x, y = ours[g][apath]
                else:
                    x, y = vips_crop(png, pixels, cw, ch, g, tmp)
                kept = overlap(sub, x, y, cw, ch)
                score = kept / best
                totals[s].append(score)
                if centre_keep >= 0.99 * best and score < 0.9:
                    losses[s] += 1
                line.append(f"{score:.2f}")
            if args.per_case:
                print(f"{os.path.basename(path):48s} {ratio[0]}:{ratio[1]:<3d} " + " ".join(line))
    n = len(totals[strategies[0]])
    print(f"{n} cases where the position matters ({len(rows)} images x {len(RATIOS)} ratios)")
    for s in strategies:
        print(f"{s:22s} mean {np.mean(totals[s]):.3f}  losses where centre keeps the subject: {losses[s]}")


if __name__ == "__main__":
    main()
