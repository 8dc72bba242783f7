#!/usr/bin/env python3
"""Builds samples/ (the README demo images) from public-domain and CC0 corpus photos.

    .bench/pillow/bin/python scripts/generate/make-samples.py     (run from the project root)

Copies (licence from ../shared/corpus/MANIFEST.tsv):
  harvesters.jpg          photos/harvesters-1165x859.jpg: public domain (Metropolitan Museum of Art)
  concert-gray.jpg        jpeg/gray-concert-icc.jpg: public domain photo, grayscale with an ICC profile
  tulips-alpha.png        photos/tulips-vignette-alpha-500x500.png: CC0-1.0, real transparency
  astronaut-alpha.png     photos/nasa-astronaut-rgba-852x567.png: NASA photo, public domain
Generates:
  harvesters-portrait-exif6.jpg  a 640x859 portrait crop of harvesters, stored rotated 90 degrees
                                 anticlockwise with EXIF orientation 6, as phones write portraits
  zoneplate.png                  a 1024x768 zone plate (our own): aliasing shows at once on it
"""
import math
import os
import shutil

import numpy as np
from PIL import Image

CORPUS = os.path.join("..", "shared", "corpus")
OUT = "samples"

os.makedirs(OUT, exist_ok=True)
for src, dst in [("photos/harvesters-1165x859.jpg", "harvesters.jpg"),
                 ("jpeg/gray-concert-icc.jpg", "concert-gray.jpg"),
                 ("photos/tulips-vignette-alpha-500x500.png", "tulips-alpha.png"),
                 ("photos/nasa-astronaut-rgba-852x567.png", "astronaut-alpha.png")]:
    shutil.copyfile(os.path.join(CORPUS, src), os.path.join(OUT, dst))

with Image.open(os.path.join(CORPUS, "photos/harvesters-1165x859.jpg")) as im:
    portrait = im.crop((300, 0, 940, 859))
stored = portrait.transpose(Image.Transpose.ROTATE_90)   # anticlockwise; orientation 6 turns it back
exif = Image.Exif()
exif[0x0112] = 6
stored.save(os.path.join(OUT, "harvesters-portrait-exif6.jpg"), "JPEG", quality=90, exif=exif.tobytes())

w, h = 1024, 768
y, x = np.mgrid[0:h, 0:w].astype(np.float64)
r2 = (x - w / 2) ** 2 + (y - h / 2) ** 2
k = math.pi / (2 * max(w, h))   # the frequency reaches 0.5 cycles/pixel at the far corners
plate = 127.5 + 127.5 * np.cos(k * r2)
Image.fromarray(np.clip(np.rint(plate), 0, 255).astype(np.uint8), "L").save(os.path.join(OUT, "zoneplate.png"), optimize=True)
print("samples:", sorted(os.listdir(OUT)))
