#!/usr/bin/env python3
"""Scores smart-crop strategies on the annotated sets: the evidence set (Tests/SmartCropSet/evidence.tsv,
the default: photos from sources the weights never saw, open part unless --part says otherwise), the
old fitting set (--set fitting, annotations.tsv) or the old held-out set (--set heldout, heldout.tsv).

score of one case = share of the subject box the crop keeps / the most any window position of
that size could keep; averaged over the cases where the position matters (some position keeps
less than the best), for the ratios 1:1, 9:16, 16:9, 3:1, 1:3 and 4:5. A subject may be several boxes
(a group): the share is then of their total area. For the evidence set: per kind, the mean of each
strategy, and against the centre crop its wins (it keeps >= 0.9, the centre < 0.9) and losses (the
centre keeps >= 0.9, it < 0.9). For the old sets, "losses" are the cases where the centre keeps the
whole subject (>= 99%) and the strategy keeps less than 90%.

Strategies: aspectfit -g attention / entropy / centre (the release binary, from the original
files, so EXIF orientation is exercised) and `vips smartcrop --interesting attention|entropy|centre`
(on upright PNG copies; the crop offset is found by matching the output in the source).

Usage: scripts/measure/smartcrop-score.py [--binary .build/release/aspectfit] [--set evidence|fitting|heldout]
       [--part open|sealed|all] [--per-case] [--only attention] [--no-vips] [--upscale 4] [--photos DIR]
The sealed part of the evidence set is for final figures only: do not tune on it.
Needs Pillow + numpy (/work/main/.bench/pillow/bin/python) and vips.
"""
import argparse, json, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image, ImageOps

Image.MAX_IMAGE_PIXELS = None  # --photos may hold the sources at their own size (pillow-heif's is 200 MP)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
RATIOS = [(1, 1), (9, 16), (16, 9), (3, 1), (1, 3), (4, 5)]


def resolve(name):
    kind, rel = name.split(":", 1)
    return {"corpus": os.path.join(ROOT, "..", "shared", "corpus", rel), "samples": os.path.join(ROOT, "samples", rel),
            "set": os.path.join(SET, rel)}[kind]


def boxes(text):
    """ "x0 y0 x1 y1;x0 y0 x1 y1" -> [(x0, y0, x1, y1), ...] (fractions); "" -> []."""
    return [tuple(float(v) for v in b.split()) for b in text.split(";") if b.strip()]


def load_set(name, part="open"):
    """[(path, [boxes], note, kind)]"""
    rows = []
    if name == "evidence":
        for line in open(os.path.join(SET, "evidence.tsv")):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            if part == "all" or f[2] == part:
                rows.append((os.path.join(SET, "evidence", f[0]), boxes(f[3]), f[5], f[1]))
        return rows
    for line in open(os.path.join(SET, "annotations.tsv" if name == "fitting" else "heldout.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        rows.append((resolve(f[0]), [tuple(float(v) for v in f[1:5])], f[5], "-"))
    return rows


def window(w, h, rw, rh):
    """The largest whole-pixel box of rw:rh inside w x h, as CropPlan.largestBox."""
    if w * rh >= h * rw:
        return min(w, max(1, round(h * rw / rh))), h
    return w, min(h, max(1, round(w * rh / rw)))


def overlap(subs, x, y, cw, ch):
    """The share of the boxes' total area inside the window at (x, y)."""
    kept = total = 0.0
    for x0, y0, x1, y1 in subs:
        kept += max(0, min(x1, x + cw) - max(x0, x)) * max(0, min(y1, y + ch) - max(y0, y))
        total += (x1 - x0) * (y1 - y0)
    return kept / total


def case_bounds(subs, w, h, cw, ch):
    """The most and the least any window position keeps (the window spans one axis whole, so the
    positions are a line, scanned in quarter pixels)."""
    if cw >= w:
        scores = [overlap(subs, 0, y / 4, cw, ch) for y in range(0, int((h - ch) * 4) + 1)]
    else:
        scores = [overlap(subs, x / 4, 0, cw, ch) for x in range(0, int((w - cw) * 4) + 1)]
    return max(scores), min(scores)


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


def upscaled(path, factor, out):
    """`path` `factor` times larger as a JPEG at `out` (stored pixels scaled, EXIF kept, alpha dropped)."""
    img = Image.open(path)
    exif = img.info.get("exif")
    large = img.convert("RGB").resize((img.width * factor, img.height * factor), Image.LANCZOS)
    large.save(out, quality=92, **({"exif": exif} if exif else {}))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "aspectfit"))
    ap.add_argument("--per-case", action="store_true")
    ap.add_argument("--set", choices=["evidence", "fitting", "heldout"], default="evidence",
                    help="evidence: evidence.tsv, photos from sources the weights never saw; fitting: annotations.tsv, "
                         "the set the old weights were fitted on; heldout: heldout.tsv")
    ap.add_argument("--part", choices=["open", "sealed", "all"], default="open",
                    help="which part of the evidence set (sealed: final figures only, never for tuning)")
    ap.add_argument("--no-vips", action="store_true")
    ap.add_argument("--only", help="score one aspectfit gravity (e.g. attention) against the centre, no vips")
    ap.add_argument("--upscale", type=int, default=1,
                    help="score copies K times larger (Lanczos, JPEG quality 92, EXIF kept): the sets' photos are at "
                         "most 640 px, so K = 4 takes the route of large photos (a JPEG's block means from 1920 px)")
    ap.add_argument("--photos", metavar="DIR",
                    help="read the evidence set's photos from DIR (same names), e.g. at the sources' own size: "
                         "make-smartcrop-evidence.py --long-side 0 --quality 92 --out DIR")
    args = ap.parse_args()
    rows = load_set(args.set, args.part)
    files = [os.path.abspath(os.path.join(args.photos, os.path.basename(r[0])) if args.photos else r[0]) for r in rows]
    tmp = tempfile.mkdtemp(prefix="smartcrop-score-")
    if args.upscale > 1:
        files = [upscaled(path, args.upscale, os.path.join(tmp, f"large-{i}.jpg")) for i, path in enumerate(files)]
    strategies = ["aspectfit attention", "aspectfit entropy", "aspectfit centre"]
    if args.only:
        strategies = [f"aspectfit {args.only}", "aspectfit centre"]
    elif not args.no_vips:
        strategies += ["vips attention", "vips entropy", "vips centre"]
    uprights = {}
    for path in files:
        img = ImageOps.exif_transpose(Image.open(path)).convert("RGBA")
        png = os.path.join(tmp, f"up-{len(uprights)}.png")
        img.save(png)
        uprights[path] = (png, np.asarray(img, dtype=np.int16))
    scores = {s: [] for s in strategies}   # (kind, score, centre score)
    losses = {s: 0 for s in strategies}
    for ratio in RATIOS:
        ours = {s.split()[1]: aspectfit_crops(args.binary, files, s.split()[1], ratio, tmp)
                for s in strategies if s.startswith("aspectfit")}
        for (path, frac, note, kind), apath in zip(rows, files):
            png, pixels = uprights[apath]
            h, w = pixels.shape[:2]
            cw, ch = window(w, h, *ratio)
            sub = [(b[0] * w, b[1] * h, b[2] * w, b[3] * h) for b in frac]
            best, worst = case_bounds(sub, w, h, cw, ch)
            if worst >= best * 0.999:
                continue
            centre = overlap(sub, (w - cw) / 2, (h - ch) / 2, cw, ch) / best
            line = []
            for s in strategies:
                tool, g = s.split()
                if tool == "aspectfit":
                    x, y = ours[g][apath]
                else:
                    x, y = vips_crop(png, pixels, cw, ch, g, tmp)
                score = overlap(sub, x, y, cw, ch) / best
                scores[s].append((kind, score, centre))
                if centre >= 0.99 and score < 0.9:
                    losses[s] += 1
                line.append(f"{score:.2f}")
            if args.per_case:
                print(f"{os.path.basename(path):48s} {ratio[0]}:{ratio[1]:<3d} " + " ".join(line))
    n = len(scores[strategies[0]])
    print(f"{n} cases where the position matters ({len(rows)} images x {len(RATIOS)} ratios)")
    if args.set != "evidence":
        for s in strategies:
            print(f"{s:22s} mean {np.mean([v for _, v, _ in scores[s]]):.3f}  losses where centre keeps the subject: {losses[s]}")
        return
    kinds = sorted({k for k, _, _ in scores[strategies[0]]}) + ["all"]
    print(f"part: {args.part}; wins: it keeps >= 0.9 and the centre < 0.9; losses: the centre keeps >= 0.9 and it < 0.9")
    print("| kind | cases | " + " | ".join(f"{s.replace('aspectfit ', '')} mean | wins | losses" for s in strategies) + " |")
    print("|---|---:|" + "---:|---:|---:|" * len(strategies))
    for kind in kinds:
        cells = []
        for s in strategies:
            v = [(x, c) for k, x, c in scores[s] if kind in ("all", k)]
            wins = sum(1 for x, c in v if x >= 0.9 > c)
            lost = sum(1 for x, c in v if c >= 0.9 > x)
            cells.append(f"{np.mean([x for x, _ in v]):.3f} | {wins} | {lost}")
        count = sum(1 for k, _, _ in scores[strategies[0]] if kind in ("all", k))
        print(f"| {kind} | {count} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
