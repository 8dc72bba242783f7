#!/usr/bin/env python3
"""Writes the generated half of the smart-crop test set: Tests/SmartCropSet/gen-*.jpg|png and
their subject boxes in Tests/SmartCropSet/annotations.tsv (the hand-annotated photos are listed in
the same file, see HAND below). Needs Pillow + numpy (/work/main/.bench/pillow/bin/python).

Each generated picture is a plausible photo layout whose subject box is known by construction:
a subject at each third, faces, a small subject on a busy background, text, a subject against sky.
Seeded: running it again writes the same files.

It also writes the held-out set, Tests/SmartCropSet/heldout/ and heldout.tsv: photos the attention
weights were never fitted on (scikit-image's public-domain / CC0 sample photos, boxed by hand, and
reframings of them) and the generated kinds again with another seed and other positions.
"""
import os
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "SmartCropSet")
rng = np.random.default_rng(12)

# Hand annotations: the key subject of each photo, fractions (x0, y0, x1, y1) of the upright image.
HAND = [
    ("corpus:photos/android-portrait-960x1280.jpg", (0.42, 0.20, 0.63, 0.41), "face"),
    ("corpus:photos/dslr-hills-4608x3456.jpg", (0.27, 0.50, 0.33, 0.64), "red pagoda in the forest"),
    ("corpus:photos/flickr-saw-2725x2225.jpg", (0.16, 0.22, 0.62, 0.68), "circular saw"),
    ("corpus:photos/flower-444-2268x1512.jpg", (0.44, 0.22, 0.80, 0.85), "the open flower"),
    ("corpus:photos/harvesters-1165x859.jpg", (0.45, 0.60, 0.93, 0.96), "the resting group"),
    ("corpus:photos/iphone-xs-p3-orientation6-4032x3024.jpg", (0.20, 0.72, 0.52, 1.00), "the bike console"),
    ("corpus:photos/unsplash-kayak-iptc-xmp.jpg", (0.27, 0.81, 0.74, 0.97), "kayaker"),
    ("corpus:photos/flower-semitransparent-rgba-510x532.png", (0.70, 0.48, 1.00, 0.80), "flower centre"),
    ("corpus:photos/nasa-astronaut-rgba-852x567.png", (0.23, 0.40, 0.60, 1.00), "astronaut"),
    ("corpus:photos/tulips-vignette-alpha-500x500.png", (0.59, 0.28, 0.79, 0.62), "front tulip"),
    ("samples:concert-gray.jpg", (0.53, 0.15, 0.73, 0.36), "stage screen"),
]


def smooth_noise(w, h, scale, amp):
    """Low-frequency noise: a blurred random field, like soft out-of-focus background."""
    small = rng.normal(0, 1, (max(2, h // scale), max(2, w // scale)))
    img = Image.fromarray(((small - small.min()) / (np.ptp(small) + 1e-9) * 255).astype(np.uint8))
    img = img.resize((w, h), Image.BICUBIC).filter(ImageFilter.GaussianBlur(scale / 2))
    return (np.asarray(img, dtype=np.float64) / 255 - 0.5) * amp


def background(w, h, top, bottom, amp=18):
    """A soft vertical gradient with gentle blotches and sensor grain."""
    t = np.linspace(0, 1, h)[:, None, None]
    img = np.array(top)[None, None, :] * (1 - t) + np.array(bottom)[None, None, :] * t
    img = img + smooth_noise(w, h, 40, amp)[:, :, None] + rng.normal(0, 2, (h, w, 3))
    return img


def busy(w, h):
    """Foliage: thousands of small leaves in greens and browns (detail everywhere)."""
    img = Image.fromarray(np.clip(background(w, h, (70, 90, 50), (60, 75, 40)), 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(img)
    for _ in range(w * h // 60):
        x, y = rng.integers(0, w), rng.integers(0, h)
        r = rng.integers(2, 7)
        g = rng.integers(60, 150)
        colour = (int(g * rng.uniform(0.5, 0.9)), int(g), int(g * rng.uniform(0.3, 0.6)))
        d.ellipse((x - r, y - r // 2, x + r, y + r // 2), fill=colour)
    return np.asarray(img, dtype=np.float64)


def ball(img, cx, cy, r, colour):
    """A shaded sphere with a highlight and a little texture: a generic subject."""
    h, w, _ = img.shape
    yy, xx = np.mgrid[0:h, 0:w]
    dx, dy = (xx - cx) / r, (yy - cy) / r
    d2 = dx * dx + dy * dy
    inside = d2 <= 1
    shade = np.clip(0.55 + 0.45 * np.sqrt(np.clip(1 - d2, 0, 1)) - 0.25 * (dx + dy), 0.2, 1.2)
    stripes = 1 + 0.12 * np.sin((dx * 3 + dy * 5) * np.pi * 2)
    for c in range(3):
        layer = colour[c] * shade * stripes
        img[:, :, c] = np.where(inside, layer, img[:, :, c])
    spec = np.exp(-((dx + 0.35) ** 2 + (dy + 0.35) ** 2) / 0.02) * inside
    img += spec[:, :, None] * 120
    return (cx - r, cy - r, cx + r, cy + r)


def face(img, cx, cy, fw):
    """A frontal face: skin-tone oval, hair, eyes, brows, nose shadow, mouth."""
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pil)
    fh = fw * 1.3
    skin = tuple(int(v) for v in rng.choice([(224, 172, 140), (198, 134, 96), (141, 85, 56), (236, 192, 164)]))
    d.ellipse((cx - fw * 0.62, cy - fh * 0.62, cx + fw * 0.62, cy + fh * 0.35), fill=(40, 28, 22))  # hair
    d.ellipse((cx - fw / 2, cy - fh / 2, cx + fw / 2, cy + fh / 2), fill=skin)
    d.rectangle((cx - fw * 0.18, cy + fh * 0.45, cx + fw * 0.18, cy + fh * 0.7), fill=skin)  # neck
    d.pieslice((cx - fw * 1.1, cy + fh * 0.6, cx + fw * 1.1, cy + fh * 1.8), 180, 360, fill=(60, 80, 140))  # shoulders
    d.ellipse((cx - fw / 2, cy - fh / 2, cx + fw / 2, cy + fh / 2), fill=skin)
    for s in (-1, 1):
        ex = cx + s * fw * 0.2
        d.ellipse((ex - fw * 0.09, cy - fh * 0.1, ex + fw * 0.09, cy - fh * 0.02), fill=(250, 250, 250))
        d.ellipse((ex - fw * 0.045, cy - fh * 0.1, ex + fw * 0.045, cy - fh * 0.02), fill=(50, 35, 25))
        d.line((ex - fw * 0.11, cy - fh * 0.16, ex + fw * 0.11, cy - fh * 0.17), fill=(50, 35, 25), width=max(1, int(fw * 0.03)))
    d.line((cx, cy - fh * 0.02, cx - fw * 0.05, cy + fh * 0.12), fill=tuple(int(v * 0.8) for v in skin), width=max(1, int(fw * 0.03)))
    d.chord((cx - fw * 0.16, cy + fh * 0.16, cx + fw * 0.16, cy + fh * 0.28), 0, 180, fill=(170, 60, 60))
    pil = pil.filter(ImageFilter.GaussianBlur(0.7))
    img[:] = np.asarray(pil, dtype=np.float64)
    return (cx - fw * 0.62, cy - fh * 0.62, cx + fw * 0.62, cy + fh * 0.5)


def text_sign(img, x, y, lines):
    """Dark text on a pale sign: what a person reads first."""
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pil)
    font = ImageFont.load_default(size=22) if hasattr(ImageFont, "load_default") else None
    tw = max(d.textlength(s, font=font) for s in lines)
    box = (x, y, x + tw + 24, y + 30 * len(lines) + 16)
    d.rectangle(box, fill=(236, 232, 220), outline=(90, 80, 70), width=3)
    for i, s in enumerate(lines):
        d.text((x + 12, y + 8 + 30 * i), s, fill=(20, 20, 30), font=font)
    img[:] = np.asarray(pil, dtype=np.float64)
    return box


def sky_object(img, cx, cy, span):
    """A dark kite/bird silhouette with a bright tail in a clear sky."""
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(pil)
    s = span / 2
    d.polygon([(cx, cy - s), (cx + s * 0.7, cy), (cx, cy + s), (cx - s * 0.7, cy)], fill=(200, 40, 40), outline=(30, 20, 20))
    d.line((cx - s * 0.7, cy, cx + s * 0.7, cy), fill=(30, 20, 20), width=2)
    d.line((cx, cy - s, cx, cy + s), fill=(30, 20, 20), width=2)
    d.line((cx, cy + s, cx - s * 0.4, cy + s * 1.6), fill=(240, 200, 40), width=3)
    img[:] = np.asarray(pil.filter(ImageFilter.GaussianBlur(0.6)), dtype=np.float64)
    return (cx - s * 0.7, cy - s, cx + s * 0.7, cy + s * 1.6)


def ground(img, horizon):
    """Grass and stones under the horizon: texture, but not the subject."""
    h, w, _ = img.shape
    g = busy(w, h - horizon)
    img[horizon:] = g * 0.8
    return img


def save(name, img, box, note, rows, fmt="jpg"):
    path = os.path.join(OUT, name + "." + fmt)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    if fmt == "jpg":
        pil.save(path, quality=88)
    else:
        pil.save(path)
    h, w, _ = img.shape
    x0, y0, x1, y1 = box
    frac = (max(0, x0) / w, max(0, y0) / h, min(w, x1) / w, min(h, y1) / h)
    rows.append((f"set:{name}.{fmt}", frac, note))


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for (w, h) in ((600, 400), (400, 600)):
        for i, (fx, fy) in enumerate(((1 / 3, 1 / 3), (2 / 3, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 2 / 3))):
            img = background(w, h, (150, 160, 170), (110, 105, 95))
            r = min(w, h) * 0.11
            colour = [(200, 60, 40), (40, 110, 200), (230, 180, 40), (60, 160, 80)][i]
            box = ball(img, fx * w, fy * h, r, colour)
            save(f"gen-third-{w}x{h}-{i}", img, box, "ball at a third", rows)
    for i, (w, h, fx, fy, fw) in enumerate(((600, 400, 0.25, 0.42, 70), (600, 400, 0.78, 0.35, 60),
                                             (400, 600, 0.55, 0.22, 70), (640, 360, 0.16, 0.45, 50))):
        img = background(w, h, (200, 190, 175), (150, 140, 125), amp=25)
        box = face(img, fx * w, fy * h, fw)
        save(f"gen-face-{i}", img, box, "face", rows)
    for i, (w, h, fx, fy) in enumerate(((600, 400, 0.2, 0.7), (600, 400, 0.85, 0.25), (400, 600, 0.7, 0.85))):
        img = busy(w, h)
        box = ball(img, fx * w, fy * h, 16, [(230, 40, 40), (250, 140, 20), (220, 40, 200)][i])
        save(f"gen-busy-{i}", img, box, "small red object on foliage", rows)
    for i, (w, h, x, y) in enumerate(((600, 400, 30, 250), (600, 400, 380, 40), (400, 600, 180, 60))):
        img = background(w, h, (120, 130, 120), (90, 95, 85), amp=30)
        box = text_sign(img, x, y, ["OPEN DAILY", "9 - 17"])
        save(f"gen-text-{i}", img, box, "sign with text", rows)
    for i, (w, h, fx, fy, horizon) in enumerate(((600, 400, 0.2, 0.25, 300), (600, 400, 0.8, 0.3, 290),
                                                  (400, 600, 0.3, 0.15, 420), (900, 300, 0.85, 0.35, 230))):
        img = background(w, h, (90, 150, 230), (190, 215, 240), amp=8)
        ground(img, horizon)
        box = sky_object(img, fx * w, fy * h, 40)
        save(f"gen-sky-{i}", img, box, "kite in the sky over grass", rows)
    # Alpha: a subject on a transparent canvas (the transparent part is not the subject).
    w, h = 600, 400
    img = background(w, h, (150, 160, 170), (110, 105, 95))
    box = ball(img, 0.75 * w, 0.5 * h, 60, (200, 60, 40))
    alpha = np.zeros((h, w))
    yy, xx = np.mgrid[0:h, 0:w]
    alpha[((xx - 0.75 * w) ** 2 + (yy - 0.5 * h) ** 2) <= 62 ** 2] = 255
    rgba = np.dstack([np.clip(img, 0, 255), alpha]).astype(np.uint8)
    Image.fromarray(rgba, "RGBA").save(os.path.join(OUT, "gen-alpha-0.png"))
    rows.append(("set:gen-alpha-0.png", (box[0] / w, box[1] / h, box[2] / w, box[3] / h), "ball on transparency"))

    with open(os.path.join(OUT, "annotations.tsv"), "w") as f:
        f.write("# image\tx0\ty0\tx1\ty1\tsubject  (fractions of the upright image; corpus: = ../shared/corpus, "
                "samples: = samples/, set: = this folder; written by scripts/generate/make-smartcrop-set.py)\n")
        for name, (x0, y0, x1, y1), note in HAND + rows:
            f.write(f"{name}\t{x0:.4f}\t{y0:.4f}\t{x1:.4f}\t{y1:.4f}\t{note}\n")


HELDOUT = os.path.join(OUT, "heldout")
SKIMAGE = os.path.join(os.path.dirname(np.__file__), "..", "skimage", "data")

# The held-out photos (scikit-image's sample data: public domain or CC0), their key subject boxed
# by hand, and reframings of each that move the subject off centre: crop boxes (fractions) of the photo.
HELD_PHOTOS = [
    ("astronaut.png", (0.34, 0.04, 0.58, 0.32), "astronaut's face", [(0.0, 0.0, 0.75, 1.0), (0.25, 0.0, 1.0, 0.6)]),
    ("chelsea.png", (0.28, 0.28, 0.78, 0.85), "the cat's face", [(0.15, 0.0, 1.0, 1.0), (0.0, 0.2, 0.85, 1.0)]),
    ("coffee.png", (0.28, 0.04, 0.70, 0.72), "the cup", [(0.0, 0.0, 0.8, 0.9), (0.2, 0.0, 1.0, 1.0)]),
    ("rocket.jpg", (0.47, 0.30, 0.53, 0.97), "the rocket", [(0.3, 0.0, 1.0, 1.0), (0.0, 0.1, 0.65, 1.0)]),
]


def heldout(rows):
    """The held-out set: photos the weights never saw, and the generated kinds with other seeds,
    positions, sizes and colours. Scored separately (scripts/measure/smartcrop-score.py --set heldout)."""
    global rng
    rng = np.random.default_rng(2026)
    os.makedirs(HELDOUT, exist_ok=True)

    def keep(name, img, box, note, fmt="jpg"):
        save(os.path.join("heldout", name), img, box, note, rows, fmt)

    for name, sub, note, frames in HELD_PHOTOS:
        photo = Image.open(os.path.join(SKIMAGE, name)).convert("RGB")
        w, h = photo.size
        stem = name.split(".")[0]
        full = np.asarray(photo, dtype=np.float64)
        keep(f"photo-{stem}", full, (sub[0] * w, sub[1] * h, sub[2] * w, sub[3] * h), note)
        for k, (fx0, fy0, fx1, fy1) in enumerate(frames):
            x0, y0, x1, y1 = round(fx0 * w), round(fy0 * h), round(fx1 * w), round(fy1 * h)
            part = full[y0:y1, x0:x1]
            keep(f"photo-{stem}-{k}", part, (sub[0] * w - x0, sub[1] * h - y0, sub[2] * w - x0, sub[3] * h - y0), note)
    # One stored sideways (EXIF orientation 6): the subject box stays in upright fractions.
    photo = Image.open(os.path.join(SKIMAGE, "rocket.jpg")).convert("RGB")
    w, h = photo.size
    upright = photo.crop((0, 0, round(0.6 * w), h))
    stored = upright.transpose(Image.ROTATE_90)
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(os.path.join(HELDOUT, "photo-rocket-exif6.jpg"), quality=88, exif=exif)
    uw = upright.size[0]
    rows.append(("set:heldout/photo-rocket-exif6.jpg", (0.47 * w / uw, 0.30, 0.53 * w / uw, 0.97), "the rocket, stored sideways"))

    for i, (w, h, fx, fy, rr) in enumerate(((640, 360, 0.22, 0.3, 0.1), (360, 640, 0.75, 0.8, 0.12),
                                            (500, 500, 0.8, 0.2, 0.09), (800, 300, 0.1, 0.6, 0.15))):
        img = background(w, h, (170, 150, 140), (90, 100, 110))
        box = ball(img, fx * w, fy * h, rr * min(w, h) * 1.8, [(30, 90, 210), (210, 50, 120), (240, 200, 30), (40, 170, 90)][i])
        keep(f"gen-ball-{i}", img, box, "ball off centre")
    for i, (w, h, fx, fy, fw) in enumerate(((640, 400, 0.7, 0.45, 80), (400, 640, 0.35, 0.3, 90), (720, 360, 0.86, 0.4, 55))):
        img = background(w, h, (180, 200, 210), (120, 130, 140), amp=25)
        box = face(img, fx * w, fy * h, fw)
        keep(f"gen-face-{i}", img, box, "face")
    for i, (w, h, fx, fy) in enumerate(((640, 400, 0.8, 0.75), (400, 640, 0.25, 0.15))):
        img = busy(w, h)
        box = ball(img, fx * w, fy * h, 18, [(40, 80, 240), (250, 220, 30)][i])
        keep(f"gen-busy-{i}", img, box, "small bright object on foliage")
    for i, (w, h, x, y) in enumerate(((640, 400, 420, 290), (400, 640, 40, 500))):
        img = background(w, h, (140, 120, 100), (100, 90, 80), amp=30)
        box = text_sign(img, x, y, ["NO PARKING", "EXIT 4"])
        keep(f"gen-text-{i}", img, box, "sign with text")
    for i, (w, h, fx, fy, horizon) in enumerate(((640, 400, 0.75, 0.2, 320), (400, 640, 0.6, 0.12, 480))):
        img = background(w, h, (70, 130, 220), (180, 205, 235), amp=8)
        ground(img, horizon)
        box = sky_object(img, fx * w, fy * h, 46)
        keep(f"gen-sky-{i}", img, box, "kite in the sky over grass")
    w, h = 400, 600
    img = background(w, h, (160, 150, 170), (100, 110, 95))
    box = ball(img, 0.4 * w, 0.8 * h, 55, (40, 120, 220))
    alpha = np.zeros((h, w))
    yy, xx = np.mgrid[0:h, 0:w]
    alpha[((xx - 0.4 * w) ** 2 + (yy - 0.8 * h) ** 2) <= 57 ** 2] = 255
    Image.fromarray(np.dstack([np.clip(img, 0, 255), alpha]).astype(np.uint8), "RGBA").save(os.path.join(HELDOUT, "gen-alpha-0.png"))
    rows.append(("set:heldout/gen-alpha-0.png", (box[0] / w, box[1] / h, box[2] / w, box[3] / h), "ball on transparency"))


def write_tsv(path, rows):
    with open(path, "w") as f:
        f.write("# image\tx0\ty0\tx1\ty1\tsubject  (fractions of the upright image; corpus: = ../shared/corpus, "
                "samples: = samples/, set: = Tests/SmartCropSet; written by scripts/generate/make-smartcrop-set.py)\n")
        for name, (x0, y0, x1, y1), note in rows:
            f.write(f"{name}\t{x0:.4f}\t{y0:.4f}\t{x1:.4f}\t{y1:.4f}\t{note}\n")


if __name__ == "__main__":
    main()
    held = []
    heldout(held)
    write_tsv(os.path.join(OUT, "heldout.tsv"), held)
