#!/usr/bin/env python3
"""Per-frame PSNR of an animated thumbnail against a reference made by Pillow from the input.

    python3 bench/animation_quality.py SIZE INPUT OUTPUT [INPUT OUTPUT ...]

The reference of each input frame: Pillow's coalesced frame (RGBA), the centred square of the cover
box cut and resized to SIZE x SIZE by Lanczos (float crop box, no rounding of the geometry). Both
frames are composited over mid grey, so transparency counts where it shows. Output frames are matched
to input frames by time (the output frame showing when the input frame starts), so a tool that
merges identical frames is not penalised and one that drops or retimes frames is. Prints one JSON
object per pair: frames in and out, duration in and out (ms), mean and worst frame PSNR (dB).
"""
import json
import sys

import numpy as np
from PIL import Image


def frames(path):
    image = Image.open(path)
    out = []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        out.append((image.convert("RGBA"), image.info.get("duration", 0) or 0))
    return out


def over_grey(rgba):
    a = np.asarray(rgba, dtype=np.float64) / 255
    return a[..., :3] * a[..., 3:4] + 0.5 * (1 - a[..., 3:4])


def reference(frame, size):
    side = min(frame.width, frame.height)
    x, y = (frame.width - side) / 2, (frame.height - side) / 2
    return frame.resize((size, size), Image.LANCZOS, box=(x, y, x + side, y + side))


def psnr(a, b):
    mse = np.mean((a - b) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(1 / mse)


def score(size, source, output):
    inputs, outputs = frames(source), frames(output)
    starts, t = [], 0
    for _, delay in outputs:
        starts.append(t)
        t += delay
    scores, t = [], 0
    for frame, delay in inputs:
        j = max(k for k, start in enumerate(starts) if start <= t) if starts else 0
        shown = outputs[j][0]
        if shown.size != (size, size):
            return {"input": source, "error": f"output frame {j} is {shown.width}x{shown.height}"}
        scores.append(psnr(over_grey(reference(frame, size)), over_grey(shown)))
        t += delay
    return {"input": source, "frames_in": len(inputs), "frames_out": len(outputs),
            "duration_in": sum(d for _, d in inputs), "duration_out": sum(d for _, d in outputs),
            "psnr_mean": round(float(np.mean(scores)), 2), "psnr_min": round(float(np.min(scores)), 2)}


def main():
    size, pairs = int(sys.argv[1]), sys.argv[2:]
    for source, output in zip(pairs[::2], pairs[1::2]):
        print(json.dumps(score(size, source, output)))


if __name__ == "__main__":
    main()
