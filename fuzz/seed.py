#!/usr/bin/env python3
"""Copies corpus files into a libFuzzer seed folder, each prefixed with option bytes.

The fuzz target reads [flags][region] before the image, so every corpus file becomes a few
seeds with different options (scale, region, truncation mode, round trip). The corpus is
only read. Usage: fuzz/seed.py OUTPUT_DIR jpeg|png|webp|avif|heif|gif|all CORPUS_DIR [MORE_DIRS...]
(run.sh adds Tests/HEIFGridSet: grids of every kind as phones write them).
"""
import hashlib
import os
import sys

JPEG = (b"\xff\xd8",)
PNG = (b"\x89PNG\r\n\x1a\n",)
GIF = (b"GIF87a", b"GIF89a")
EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".avif", ".avifs", ".heic", ".heif", ".gif")
# [flags, region] (see decode_fuzzer.c): plain lenient decode; strict + PNG round trip; 1/2 scale
# region + JPEG round trip; 1/4 scale strict region; 1/8 early stop; 1/8 region + JPEG round trip;
# a strict region on 4 threads
OPTION_PREFIXES = [b"\x00\x00", b"\x18\x00", b"\x55\x35", b"\x0e\x93", b"\x23\x41", b"\x57\x0b", b"\x0c\x57"]


def wanted(data, kind, name):
    if kind == "jpeg":
        return data.startswith(JPEG)
    if kind == "png":
        return data.startswith(PNG)
    if kind == "webp":
        return data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    if kind == "gif":
        return data.startswith(GIF)
    if kind in ("avif", "heif"):   # ISO BMFF: the file's folder in the corpus says which
        return data[4:8] == b"ftyp" and name.lower().endswith((".avif", ".avifs") if kind == "avif" else (".heic", ".heif"))
    return True


def main():
    out, kind, corpora = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    count = 0
    for folder, _, names in (entry for corpus in corpora for entry in os.walk(corpus)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            if not name.lower().endswith(EXTENSIONS) and "bad" not in folder:
                continue
            with open(path, "rb") as f:
                data = f.read()
            if not wanted(data, kind, name) and "bad" not in folder:
                continue
            if len(data) > 1 << 20:   # huge photos only slow the fuzzer down; small ones cover the code
                continue
            for prefix in OPTION_PREFIXES:
                seed = prefix + data
                digest = hashlib.sha1(seed).hexdigest()
                with open(os.path.join(out, digest), "wb") as f:
                    f.write(seed)
                count += 1
    print(f"{count} seeds in {out}")


if __name__ == "__main__":
    main()
