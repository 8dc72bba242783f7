#!/usr/bin/env python3
"""How far any rule for *when* to move the window off centre can take -g attention with the saliency
map it computes today: the frontier between the mean score and the losses (issue 28's targets: mean
>= centre + 0.05 with losses <= 2% of the cases).

A throwaway build of HEAD (a git worktree with the patch below: SaliencyMap writes its eight
normalised cues and the alpha plane when AF_DUMP_CUES names a file) dumps the cues of every photo of
the evidence set's open part, and its --json gives the faces and the crops attention chose. The map,
its salient region and the window rule are then recomputed here (the same constants as
SaliencyMap.swift and SubjectWindow.swift); the script stops if that copy strays from the binary's
own crops by more than 0.003 in mean. Then each gate is scored the way smartcrop-score.py scores
(share of the subject boxes kept, relative to the best window, over the cases where the position
matters), always keeping attention's face rule:
- the rule as it is, with other margins;
- the window that holds the most saliency, taken when it holds m times what the centred one holds;
- the same, moved from the centre only as far as holds a share f of the extra saliency;
- a logistic gate on six features of the case (the saliency ratio, the shares the centred and the
  best window hold, the move's length, the window's length, the peak of the saliency profile),
  fitted on the cases where moving changes the score by more than 0.02, weighted by that change,
  and scored out of fold: eight folds, each photo's source in one fold only;
- OpenCV's HOG people detector (Dalal and Triggs' default SVM, when OpenCV 4 is installed) on
  480 px copies, the people it finds kept whole as faces are, the rule as it is elsewhere; with
  --cascades, OpenCV's Haar cascades for profile faces, cat faces, upper bodies and whole bodies the same way;
- the oracle gate: the better of the centre and the most-saliency window, case by case (an upper
  bound: the positions exist, the question is when to take them).

Usage: scripts/measure/smartcrop-frontier.py [--part open|all] [--cues DIR] [--cascades DIR]
--cues reuses a folder of dumps (and the crops.json beside them) from an earlier run; --cascades names
opencv-data's haarcascades folder (apt-get download opencv-data && dpkg -x opencv-data_*.deb DIR).
Needs Pillow, numpy and scipy; scikit-learn and opencv-python-headless<5 for two of the gates.
"""
import argparse, importlib.util, json, os, subprocess, sys, tempfile
import numpy as np
from scipy import ndimage
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
spec = importlib.util.spec_from_file_location("score", os.path.join(HERE, "smartcrop-score.py"))
score = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score)

PATCH = r'''
--- a/Sources/AspectFit/Analysis/SaliencyMap.swift
+++ b/Sources/AspectFit/Analysis/SaliencyMap.swift
@@ -1,3 +1,4 @@
+import Foundation
 #if canImport(Glibc)
 import Glibc
 #endif
@@ -47,6 +48,10 @@ struct SaliencyMap {
             (GeodesicSaliency.saliency(luma: luma, redGreen: redGreen, yellowBlue: yellowBlue, side: w), 2),
             (planes[7], Self.textWeight),
         ]
+        if let path = ProcessInfo.processInfo.environment["AF_DUMP_CUES"] {
+            let text = (cues.map { Self.normalised($0.map) } + [alpha]).map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "\n")
+            try? text.write(toFile: path, atomically: true, encoding: .utf8)
+        }
         var total = [Float](repeating: 0, count: w * h)
         for cue in cues {
             let normalised = Self.normalised(cue.map)
'''

# SaliencyMap.swift: the cues' weights, the centre prior, the object map's threshold, the merged share
WEIGHTS = np.array([1, 0.5, 0.5, 2, 0.5, 0.5, 2, 0.5])
CENTRE_PRIOR, THRESHOLD, MERGED = 0.3, 3.0, 0.2
# SubjectWindow.swift
CENTRE_KEEPS, MARGIN, HEAD = 0.9, 1.1, (0.15, 0.4, 0.15)
SIDE = 64
_y, _x = np.mgrid[0:SIDE, 0:SIDE]
# SaliencyMap.init's centre prior: the squared distance from the centre, in half-sides, capped at 1
DISTANCE2 = np.minimum(1, ((_x + 0.5 - SIDE / 2) / (SIDE / 2)) ** 2 + ((_y + 0.5 - SIDE / 2) / (SIDE / 2)) ** 2)
TARGET_MARGIN, TARGET_LOSSES = 0.05, 0.02


def dump(rows, out):
    """Builds the patched binary in a worktree of HEAD; writes out/NAME.txt (cues) and out/crops.json."""
    tree = tempfile.mkdtemp(prefix="frontier-tree-")
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "-q", "-f", tree, "HEAD"], check=True)
    try:
        subprocess.run(["git", "-C", tree, "apply", "-"], input=PATCH.lstrip("\n"), text=True, check=True)
        subprocess.run(["swift", "build", "-c", "release", "-Xcc", "-O2", "--product", "aspectfit"], cwd=tree, check=True,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(tree, ".build", "release", "aspectfit")
        for path, *_ in rows:
            name = os.path.basename(path)
            for ratio in ("1:3", "3:1"):  # one of them crops any photo, so the analysis runs
                subprocess.run([binary, "-r", ratio, "-w", "32", "-g", "attention", "-f", "png", "-o",
                                os.path.join(out, "x.png"), path], env={**os.environ, "AF_DUMP_CUES": os.path.join(out, name + ".txt")},
                               capture_output=True)
                if os.path.exists(os.path.join(out, name + ".txt")):
                    break
            else:
                sys.exit(f"no cues for {name}")
        crops, faces = {}, {}
        for rw, rh in score.RATIOS:
            cmd = [binary, "-r", f"{rw}:{rh}", "-w", "96", "-g", "attention", "--json", "-f", "png", "-o",
                   os.path.join(out, "{name}.png"), "-j", "2"] + [r[0] for r in rows]
            for line in subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines():
                rec = json.loads(line)
                if rec.get("summary"):
                    continue
                name, w, h = os.path.basename(rec["input"]), rec["source_width"], rec["source_height"]
                crops[f"{name} {rw}:{rh}"] = (rec["crop"]["x"], rec["crop"]["y"])
                faces[name] = [(q["x"] / w, q["y"] / h, q["width"] / w, q["height"] / h, q["confidence"])
                               for q in rec["subjects"] if q["kind"] == "face"]
        json.dump({"crops": crops, "faces": faces}, open(os.path.join(out, "crops.json"), "w"))
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], check=True)


class Photo:
    def __init__(self, path, boxes, source, cues_dir, faces):
        self.name, self.boxes, self.source = os.path.basename(path), boxes, source
        self.w, self.h = Image.open(path).size  # the set's photos are upright (EvidenceSetTests)
        planes = np.array([[float(v) for v in line.split()] for line in open(os.path.join(cues_dir, self.name + ".txt"))
                           if line.strip()])
        self.cues, self.alpha = planes[:8].reshape(8, SIDE, SIDE), planes[8].reshape(SIDE, SIDE)
        self.faces = sorted(faces.get(self.name, []), key=lambda f: -f[4])
        self.weigh(WEIGHTS)

    def weigh(self, weights):
        """The map from the cues with these weights, its summed-area table and its salient region."""
        self.map = np.tensordot(weights, self.cues, 1) ** 2 * (1 - CENTRE_PRIOR * DISTANCE2) * self.alpha
        self.table = np.zeros((SIDE + 1, SIDE + 1))
        self.table[1:, 1:] = self.map.cumsum(0).cumsum(1)
        self.region = self.salient_region()

    def salient_region(self):
        total = self.map.sum()
        if total <= 0:
            return None
        labels, n = ndimage.label(self.map > THRESHOLD * total / self.map.size, structure=np.ones((3, 3)))
        if n == 0:
            return None
        mass = ndimage.sum(self.map, labels, range(1, n + 1))
        ys, xs = np.nonzero(np.isin(labels, [i + 1 for i in range(n) if mass[i] >= MERGED * mass.max()]))
        return (xs.min() / SIDE, ys.min() / SIDE, (xs.max() + 1 - xs.min()) / SIDE, (ys.max() + 1 - ys.min()) / SIDE)

    def prefix(self, x, y):
        """SummedArea.prefix: bilinear between whole cells."""
        cx, cy = min(max(x, 0), SIDE), min(max(y, 0), SIDE)
        x0, y0 = min(int(cx), SIDE - 1), min(int(cy), SIDE - 1)
        fx, fy = cx - x0, cy - y0
        x1, y1 = min(x0 + 1, SIDE), min(y0 + 1, SIDE)
        t = self.table
        return (t[y0, x0] * (1 - fx) + t[y0, x1] * fx) * (1 - fy) + (t[y1, x0] * (1 - fx) + t[y1, x1] * fx) * fy

    def share(self, x, y, w, h):
        total = self.table[SIDE, SIDE]
        if total <= 0:
            return 0.0
        s = SIDE
        return (self.prefix((x + w) * s, (y + h) * s) - self.prefix(x * s, (y + h) * s) - self.prefix((x + w) * s, y * s)
                + self.prefix(x * s, y * s)) / total

    def centroid(self, lo, hi, horizontal):
        p = (np.arange(SIDE) + 0.5) / SIDE
        profile = self.map.sum(0) if horizontal else self.map.sum(1)
        inside = (p >= lo) & (p <= hi)
        mass = profile[inside].sum()
        return (profile[inside] * p[inside]).sum() / mass if mass > 0 else (lo + hi) / 2


class Case:
    """One photo at one ratio: the window's size and free axis, and the scores of its positions."""
    def __init__(self, photo, ratio):
        self.photo, self.ratio = photo, ratio
        cw, ch = score.window(photo.w, photo.h, *ratio)
        self.cw, self.ch = cw, ch
        self.width, self.height = cw / photo.w, ch / photo.h
        self.horizontal = self.width < 1 - 1e-9
        self.length = self.width if self.horizontal else self.height
        self.subjects = [(b[0] * photo.w, b[1] * photo.h, b[2] * photo.w, b[3] * photo.h) for b in photo.boxes]
        self.best, worst = score.case_bounds(self.subjects, photo.w, photo.h, cw, ch)
        self.matters = worst < self.best * 0.999
        self.start = (1 - self.length) / 2
        self.centre = self.kept(self.start)

    def corner(self, offset):
        return (offset, 0.0) if self.horizontal else (0.0, offset)

    def kept(self, offset):
        """The score of the window whose near edge is at `offset` (a fraction) along the free axis."""
        x, y = self.corner(offset)
        return score.overlap(self.subjects, x * self.photo.w, y * self.photo.h, self.cw, self.ch) / self.best

    def held(self, offset):
        x, y = self.corner(offset)
        return self.photo.share(x, y, self.width, self.height)

    def most_salient(self, steps=100):
        """(saliency held, offset) of the window holding the most saliency, in `steps` positions."""
        return max((self.held(k / steps * (1 - self.length)), k / steps * (1 - self.length)) for k in range(steps + 1))

    def span(self, box, grown):
        x, y, w, h = box[:4]
        if not grown:
            return (x, x + w) if self.horizontal else (y, y + h)
        side, top, bottom = HEAD
        return (x - side * w, x + w + side * w) if self.horizontal else (y - top * h, y + h + bottom * h)

    def face_rule(self):
        """SubjectWindow.place with faces: the offset, or None when the photo has no face."""
        return self.whole(self.photo.faces, grown=True) if self.photo.faces else None

    def attention(self):
        """SubjectWindow.place: the face rule, else the salient region's."""
        face = self.face_rule()
        return face if face is not None else self.region_rule()

    def kept_whole(self, boxes, grown):
        """Boxes of another detector (fractions, surest first) kept as the face rule keeps faces; the rule
        as it is when there are none."""
        return self.whole(boxes, grown) if boxes else self.region_rule()

    def whole(self, boxes, grown):
        """The offset keeping as many of `boxes` (surest first, at least one) as fit, as faces are kept."""
        target = self.span(boxes[0], grown)
        for box in boxes[1:]:
            s = self.span(box, grown)
            union = (min(target[0], s[0]), max(target[1], s[1]))
            if union[1] - union[0] <= self.length:
                target = union
        return self.moved(target, margin=None)

    def region_rule(self, margin=MARGIN):
        """SubjectWindow.place without faces."""
        if self.photo.region is None:
            return self.start
        return self.moved(self.span(self.photo.region, False), margin)

    def moved(self, target, margin):
        lo, hi = max(0, target[0]), min(1, target[1])
        if hi <= lo:
            return self.start
        kept = (min(hi, self.start + self.length) - max(lo, self.start)) / (hi - lo)
        if kept >= CENTRE_KEEPS:
            return self.start
        if hi - lo <= self.length:
            offset = min(max(self.start, hi - self.length), lo)
        else:
            offset = self.photo.centroid(lo, hi, self.horizontal) - self.length / 2
        offset = min(max(0, offset), 1 - self.length)
        if margin is not None:
            held = self.held(offset)
            if not (held > 0 and held >= margin * self.held(self.start)):
                return self.start
        return offset


def copy_480(name, flags):
    """The evidence photo `name` read by OpenCV (`flags`: colour or grey), its long side made 480 px."""
    import cv2
    image = cv2.imread(os.path.join(score.SET, "evidence", name), flags)
    scale = 480 / max(image.shape[:2])
    return np.ascontiguousarray(cv2.resize(image, (round(image.shape[1] * scale), round(image.shape[0] * scale))))


def summary(scores):
    a = np.array([s for s, _ in scores])
    c = np.array([c for _, c in scores])
    losses = int(((c >= 0.9) & (a < 0.9)).sum())
    return {"mean": a.mean(), "margin": a.mean() - c.mean(), "wins": int(((a >= 0.9) & (c < 0.9)).sum()),
            "losses": losses, "share": losses / len(a)}


def logistic(x, y, weight, l2=1.0, steps=50):
    """Weighted L2-regularised logistic regression by Newton's method; returns (mean, scale, coefficients)."""
    mean, scale = x.mean(0), x.std(0) + 1e-12
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    beta = np.zeros(z.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-z @ beta))
        grad = z.T @ (weight * (p - y)) + l2 * np.r_[beta[:-1], 0]
        hess = (z * (weight * p * (1 - p))[:, None]).T @ z + l2 * np.diag(np.r_[np.ones(len(beta) - 1), 0])
        beta -= np.linalg.solve(hess, grad)
    return mean, scale, beta


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=["open", "all"], default="open")
    ap.add_argument("--cues", metavar="DIR")
    ap.add_argument("--cascades", metavar="DIR", help="OpenCV's Haar cascades (opencv-data's haarcascades folder): four more gates")
    args = ap.parse_args()
    sources = {}
    for line in open(os.path.join(score.SET, "evidence.tsv")):
        if not line.startswith("#") and line.strip():
            f = line.rstrip("\n").split("\t")
            sources[f[0]] = f[6]
    rows = score.load_set("evidence", args.part)
    cues_dir = args.cues or tempfile.mkdtemp(prefix="frontier-cues-")
    if not args.cues:
        dump(rows, cues_dir)
    dumped = json.load(open(os.path.join(cues_dir, "crops.json")))
    photos = [Photo(path, boxes, sources[os.path.basename(path)], cues_dir, dumped["faces"]) for path, boxes, *_ in rows]
    cases = [c for p in photos for c in (Case(p, r) for r in score.RATIOS) if c.matters]

    # the copy of the rule against the binary's own crops
    binary, copy = [], []
    for c in cases:
        x, y = dumped["crops"][f"{c.photo.name} {c.ratio[0]}:{c.ratio[1]}"]
        binary.append(score.overlap(c.subjects, x, y, c.cw, c.ch) / c.best)
        copy.append(c.kept(c.attention()))
    print(f"{len(cases)} cases ({len(photos)} photos, part {args.part}); the binary's attention "
          f"{np.mean(binary):.4f}, this copy of its rule {np.mean(copy):.4f}, centre {np.mean([c.centre for c in cases]):.4f}")
    if abs(np.mean(binary) - np.mean(copy)) > 0.003:
        sys.exit("the copy of the rule strays from the binary: SaliencyMap.swift or SubjectWindow.swift changed")

    moves = [c.most_salient() for c in cases]
    held_centre = [c.held(c.start) for c in cases]
    faces = [c.face_rule() for c in cases]

    def gated(choose):
        """Scores with attention's face rule kept and `choose(i, case)` giving the offset elsewhere."""
        return summary([(c.kept(faces[i]) if faces[i] is not None else c.kept(choose(i, c)), c.centre) for i, c in enumerate(cases)])

    table = []
    for margin in (1.0, 1.05, MARGIN, 1.25, 1.5):
        table.append((f"the rule as it is, margin {margin}" + (" (today)" if margin == MARGIN else ""),
                      gated(lambda i, c, m=margin: c.region_rule(m))))
    for m in (1.0, 1.05, 1.1, 1.2, 1.3, 1.5, 2.0):
        table.append((f"most saliency, when it holds {m}x the centre's",
                      gated(lambda i, c, m=m: moves[i][1] if moves[i][0] > 0 and moves[i][0] >= m * held_centre[i] else c.start)))

    def partial(i, c, m, f):
        held, offset = moves[i]
        if not (held > 0 and held >= m * held_centre[i]):
            return c.start
        for k in range(101):
            o = c.start + (offset - c.start) * k / 100
            if c.held(o) >= held_centre[i] + f * (held - held_centre[i]):
                return o
        return offset
    for m in (1.1, 1.2):
        for f in (0.7, 0.9):
            table.append((f"most saliency x{m}, moved to hold {f} of the extra", gated(lambda i, c, m=m, f=f: partial(i, c, m, f))))

    features = np.array([[np.log(max(moves[i][0], 1e-9) / max(held_centre[i], 1e-9)), held_centre[i], moves[i][0],
                          abs(moves[i][1] - c.start) / c.length, c.length,
                          (lambda p: p.max() / max(p.sum(), 1e-12) * SIDE)(c.photo.map.sum(0) if c.horizontal else c.photo.map.sum(1))]
                         for i, c in enumerate(cases)])
    gain = np.array([c.kept(moves[i][1]) - c.centre for i, c in enumerate(cases)])
    fold_of_source = {s: k % 8 for k, s in enumerate(sorted({c.photo.source for c in cases}))}
    folds = np.array([fold_of_source[c.photo.source] for c in cases])
    probability = np.zeros(len(cases))
    usable = (np.abs(gain) > 0.02) & np.array([f is None for f in faces])
    for k in range(8):
        train = usable & (folds != k)
        mean, scale, beta = logistic(features[train], (gain[train] > 0).astype(float), np.abs(gain[train]))
        test = folds == k
        z = np.hstack([(features[test] - mean) / scale, np.ones((test.sum(), 1))])
        probability[test] = 1 / (1 + np.exp(-z @ beta))
    for tau in (0.5, 0.6, 0.7, 0.8):
        table.append((f"logistic gate on six features, p > {tau} (out of fold)",
                      gated(lambda i, c, tau=tau: moves[i][1] if probability[i] > tau else c.start)))
    try:
        from sklearn.ensemble import GradientBoostingClassifier
    except ImportError:
        print("(no scikit-learn: the gradient-boosted gate is left out)")
    else:
        ratio_of = np.array([c.ratio[0] / c.ratio[1] for c in cases])
        more = np.hstack([features, np.array([[(c.photo.cues[k] * c.photo.alpha).sum() for k in range(8)] for c in cases])
                          / np.array([max((c.photo.cues * c.photo.alpha).sum(), 1e-12) for c in cases])[:, None],
                          np.array([[(c.photo.region[2] * c.photo.region[3]) if c.photo.region else 0, c.photo.w / c.photo.h] for c in cases]),
                          ratio_of[:, None]])
        boosted = np.zeros(len(cases))
        for k in range(8):
            train = usable & (folds != k)
            model = GradientBoostingClassifier(n_estimators=200, max_depth=3, learning_rate=0.05, subsample=0.8, random_state=0)
            model.fit(more[train], (gain[train] > 0).astype(int), sample_weight=np.abs(gain[train]))
            boosted[folds == k] = model.predict_proba(more[folds == k])[:, 1]
        for tau in (0.5, 0.7, 0.8, 0.9):
            table.append((f"gradient-boosted gate on 17 features, p > {tau} (out of fold)",
                          gated(lambda i, c, tau=tau: moves[i][1] if boosted[i] > tau else c.start)))
    try:
        import cv2
        people_detector = cv2.HOGDescriptor()
        people_detector.setSVMDetector(cv2.HOGDescriptor_getDefaultPeopleDetector())
    except (ImportError, AttributeError):
        print("(no OpenCV 4 with HOGDescriptor: the people detector is left out)")
    else:
        people = {}
        for p in photos:
            image = copy_480(p.name, cv2.IMREAD_COLOR)
            if min(image.shape[:2]) < 136:  # under the 64 x 128 window with its padding
                people[p.name] = []
                continue
            boxes, weights = people_detector.detectMultiScale(image, winStride=(8, 8), padding=(8, 8), scale=1.05)
            people[p.name] = sorted([(x / image.shape[1], y / image.shape[0], w / image.shape[1], h / image.shape[0], float(v))
                                     for (x, y, w, h), v in zip(boxes, np.ravel(weights))], key=lambda b: -b[4])

        for threshold in (0.0, 0.5, 1.0):
            count = sum(1 for boxes in people.values() if any(b[4] > threshold for b in boxes))
            table.append((f"OpenCV's HOG people detector ({count} photos with people above {threshold}) as faces are, then the rule",
                          gated(lambda i, c, t=threshold: c.kept_whole([b for b in people[c.photo.name] if b[4] > t], False))))
    if args.cascades:
        import cv2
        for name in ("haarcascade_profileface", "haarcascade_frontalcatface_extended", "haarcascade_upperbody", "haarcascade_fullbody"):
            cascade = cv2.CascadeClassifier(os.path.join(args.cascades, name + ".xml"))
            found = {}
            for p in photos:
                grey = copy_480(p.name, cv2.IMREAD_GRAYSCALE)
                h, w = grey.shape
                boxes = [(x / w, y / h, bw / w, bh / h) for x, y, bw, bh in cascade.detectMultiScale(grey, 1.1, 3, minSize=(24, 24))]
                if name == "haarcascade_profileface":  # the cascade knows left profiles only
                    boxes += [(1 - (x + bw) / w, y / h, bw / w, bh / h)
                              for x, y, bw, bh in cascade.detectMultiScale(cv2.flip(grey, 1), 1.1, 3, minSize=(24, 24))]
                found[p.name] = boxes
            count = sum(1 for boxes in found.values() if boxes)
            table.append((f"OpenCV's {name} ({count} photos with a find) kept whole, then the rule",
                          gated(lambda i, c, f=found, grown=name.endswith("face"): c.kept_whole(f[c.photo.name], grown))))
    oracle = summary([(c.kept(faces[i]) if faces[i] is not None else max(c.centre, c.kept(moves[i][1])), c.centre)
                      for i, c in enumerate(cases)])

    print("| gate | mean | margin | wins | losses |")
    print("|---|---:|---:|---:|---:|")
    for name, s in table + [("oracle: the better of centre and most saliency (an upper bound)", oracle)]:
        print(f"| {name} | {s['mean']:.3f} | {s['margin']:+.3f} | {s['wins']} | {s['losses']} ({100 * s['share']:.1f}%) |")
    met = [name for name, s in table if s["margin"] >= TARGET_MARGIN and s["share"] <= TARGET_LOSSES]
    best = max((s for _, s in table if s["share"] <= TARGET_LOSSES), key=lambda s: s["margin"], default=None)
    print(f"gates meeting margin >= +{TARGET_MARGIN} with losses <= {100 * TARGET_LOSSES:.0f}%: {', '.join(met) or 'none'}; "
          f"the largest margin within the losses bound: {best['margin']:+.3f}" if best else "no gate within the losses bound")

    names = ["luma residual", "red-green residual", "yellow-blue residual", "colour rarity", "saturation", "skin",
             "geodesic distance", "grey strokes"]
    print("\nThe rule as it is, with one cue's weight changed (the map, its region and the window recomputed):")
    print("| cue | weight | mean | margin | wins | losses |")
    print("|---|---:|---:|---:|---:|---:|")
    for k, name in enumerate(names):
        for factor in (0, 2):
            weights = WEIGHTS.copy()
            weights[k] *= factor
            for p in photos:
                p.weigh(weights)
            s = summary([(c.kept(c.attention()), c.centre) for c in cases])
            print(f"| {name} | {weights[k]:g} (today {WEIGHTS[k]:g}) | {s['mean']:.3f} | {s['margin']:+.3f} | {s['wins']} | {s['losses']} ({100 * s['share']:.1f}%) |")


if __name__ == "__main__":
    main()
