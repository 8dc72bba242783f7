#!/usr/bin/env python3
"""Would a skin-tone gate let -g attention skip its face search? For each photo: the largest share of
skin-coloured pixels in any 80 x 80 window (the face detector's smallest face) of a 240 px copy, by a
loose rule (red above green and blue, not dark, some colour). A photo can skip the search only when that
share is low; docs/smart-crop.md reports it for the T1 workload.
  .bench/pillow/bin/python scripts/measure/measure-skin-gate.py bench-workload/jpeg/*.jpg
Needs numpy and Pillow (bench/setup.sh installs them into .bench/pillow)."""
import sys

import numpy as np
from PIL import Image

SIDE = 80


def largest_skin_share(path):
    image = Image.open(path).convert("RGB")
    image.thumbnail((240, 240), Image.BOX)
    a = np.asarray(image).astype(int)
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    spread = a.max(-1) - a.min(-1)
    skin = (r > 60) & (r > g) & (r > b) & (r - g >= 5) & (spread >= 10) & (g >= b * 0.8)
    h, w = skin.shape
    if h < SIDE or w < SIDE:
        return 0.0
    sums = np.pad(skin.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    windows = sums[SIDE:, SIDE:] - sums[:-SIDE, SIDE:] - sums[SIDE:, :-SIDE] + sums[:-SIDE, :-SIDE]
    return windows.max() / (SIDE * SIDE)


shares = []
for path in sys.argv[1:]:
    share = largest_skin_share(path)
    shares.append(share)
    print(f"{path}\t{share:.2f}")
if shares:
    print(f"{len(shares)} photos: {min(shares):.2f} to {max(shares):.2f}; under 0.25 (could skip): {sum(s < 0.25 for s in shares)}")
