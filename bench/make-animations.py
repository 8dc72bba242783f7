#!/usr/bin/env python3
"""The animation workload of bench/animations.sh: deterministic animated GIFs and WebPs.

    python3 bench/make-animations.py DIR [--corpus ../shared/corpus]

Writes DIR/gif/*.gif, DIR/webp/*.webp and DIR/avifs/*.avifs: a pan and a zoom over corpus photos (photographic frames,
every pixel changes), generated motion (a shaded ball over a gradient: small changes per frame; the
same with a transparent background, disposed to transparent), a 150-frame plasma (many frames), and
the corpus' own animated GIF and AVIF sequence. The WebPs are the same animations, lossy q80 (lossless
where transparent), and the AVIF sequences too (avifenc from libavif-bin, 4:2:0, speed 6, quantizer 10...20),
so the tasks see the same motion.
"""
import argparse
import math
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw


def pan(photo, size, frames):
    """A window of `size` moving left to right and down across `photo`, 1.6x the window's scale."""
    w, h = size
    scaled = photo.resize((int(photo.width * w * 1.6 / photo.width), int(photo.height * w * 1.6 / photo.width)), Image.LANCZOS)
    out = []
    for i in range(frames):
        t = i / (frames - 1)
        x = round(t * (scaled.width - w))
        y = round((scaled.height - h) * (0.5 - 0.5 * math.cos(t * math.pi)))
        out.append(scaled.crop((x, y, x + w, y + h)))
    return out


def zoom(photo, size, frames):
    """Zooming from the whole picture into its centre, up to 2x."""
    w, h = size
    out = []
    for i in range(frames):
        s = 1 + i / (frames - 1)
        cw, ch = photo.width / s, photo.width / s * h / w
        if ch > photo.height:
            ch, cw = photo.height / s, photo.height / s * w / h
        x, y = (photo.width - cw) / 2, (photo.height - ch) / 2
        out.append(photo.resize(size, Image.LANCZOS, box=(x, y, x + cw, y + ch)))
    return out


def ball(size, frames, transparent):
    """A shaded ball bouncing over a gradient (or over nothing), with a shadow."""
    w, h = size
    background = Image.new("RGBA", size)
    if not transparent:
        px = background.load()
        for y in range(h):
            for x in range(w):
                px[x, y] = (40 + 120 * x // w, 70 + 100 * y // h, 160, 255)
    out = []
    r = h // 7
    for i in range(frames):
        t = i / frames
        cx = r + (w - 2 * r) * (0.5 - 0.5 * math.cos(2 * math.pi * t))
        cy = h - r - abs(math.sin(3 * math.pi * t)) * (h - 2 * r)
        frame = background.copy()
        draw = ImageDraw.Draw(frame)
        draw.ellipse((cx - r, h - 12, cx + r, h - 4), fill=(0, 0, 0, 110))
        for k in range(r, 0, -1):
            shade = 255 - 150 * k // r
            draw.ellipse((cx - k - r / 4 + k / 4, cy - k - r / 4 + k / 4, cx + k - r / 4 + k / 4, cy + k - r / 4 + k / 4),
                         fill=(shade, 80 + shade // 3, 40, 255))
        out.append(frame)
    return out


def plasma(size, frames):
    """A scrolling sine plasma: smooth colour everywhere, every pixel changes, many frames."""
    w, h = size
    out = []
    for i in range(frames):
        t = i / frames * 2 * math.pi
        frame = Image.new("RGB", size)
        px = frame.load()
        for y in range(h):
            for x in range(w):
                v = math.sin(x / 23 + t) + math.sin(y / 17 - t) + math.sin((x + y) / 31 + 2 * t)
                px[x, y] = (int(128 + 127 * math.sin(v)), int(128 + 127 * math.sin(v + 2.1)), int(128 + 127 * math.sin(v + 4.2)))
        out.append(frame)
    return out


def save(frames, path, duration, transparent):
    if path.suffix == ".gif":
        if transparent:
            frames[0].save(path, save_all=True, append_images=frames[1:], duration=duration, loop=0, disposal=2, optimize=False)
        else:
            rgb = [f.convert("RGB") for f in frames]
            rgb[0].save(path, save_all=True, append_images=rgb[1:], duration=duration, loop=0, optimize=False)
    elif path.suffix == ".webp":
        frames[0].save(path, save_all=True, append_images=frames[1:], duration=duration, loop=0,
                       lossless=transparent, quality=80, method=4)
    else:
        with tempfile.TemporaryDirectory() as folder:
            names = []
            for n, frame in enumerate(frames):
                names.append(f"{folder}/{n:04}.png")
                frame.convert("RGBA" if transparent else "RGB").save(names[-1])
            subprocess.run(["avifenc", "--jobs", "1", "--speed", "6", "--yuv", "420", "--min", "10", "--max", "20", "--timescale", "1000",
                            "--duration", str(duration), *names, str(path)], check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--corpus", type=Path, default=Path("../shared/corpus"))
    args = parser.parse_args()
    photos = args.corpus / "photos"
    harvesters = Image.open(photos / "harvesters-1165x859.jpg").convert("RGB")
    flower = Image.open(photos / "flower-444-2268x1512.jpg").convert("RGB")
    animations = {
        "pan-harvesters": (pan(harvesters, (480, 360), 30), 80, False),
        "zoom-flower": (zoom(flower, (400, 400), 30), 60, False),
        "ball": (ball((360, 240), 48, False), 40, False),
        "ball-transparent": (ball((360, 240), 48, True), 40, True),
        "plasma-150": (plasma((240, 180), 150), 50, False),
    }
    for kind in ("gif", "webp", "avifs"):
        (args.dir / kind).mkdir(parents=True, exist_ok=True)
        for name, (frames, duration, transparent) in animations.items():
            save(frames, args.dir / kind / f"{name}.{kind}", duration, transparent)
    shutil.copy(args.corpus / "gif" / "animated-loop3-sharp.gif", args.dir / "gif" / "corpus-loop3-sharp.gif")
    shutil.copy(args.corpus / "avif" / "sequence-5frames-linku-star.avifs", args.dir / "avifs" / "corpus-linku-star.avifs")
    print(f"make-animations: {len(animations) + 1} GIFs, {len(animations)} WebPs and {len(animations) + 1} AVIF sequences in {args.dir}")


if __name__ == "__main__":
    main()
