#!/usr/bin/env python3
"""Speed and hit rate of the two face detectors the issue named, on the frontal faces boxed by eye in
the evidence set (Tests/SmartCropSet/evidence.tsv), at several analysis sizes (long side in px):
dlib's HOG detector through CFaceDetector's own source (built here with g++ into a small driver) and
OpenCV's Haar cascade (haarcascade_frontalface_default, scaleFactor 1.1, minNeighbors 5, min 24 px)
from opencv-python-headless < 5 (pip; OpenCV 5 dropped the cascades). A face counts as found when a
detection overlaps its box with IoU >= 0.25; every other detection is a false one. Times are wall
clock (indicative: run on a quiet machine); dlib's first call includes reading its model.
Usage: scripts/measure/measure-face-detectors.py [SIZE...]   (default 160 240 320 480)
Needs libdlib-dev, liblapack-dev, libblas-dev, g++, Pillow, numpy, opencv-python-headless<5.
"""
import os, subprocess, sys, tempfile, time
import cv2
import numpy as np
from PIL import Image

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SET = os.path.join(ROOT, "Tests", "SmartCropSet")
DRIVER = r"""#include "cfacedetector.h"
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>
int main(int argc, char **argv) {
    for (int a = 1; a < argc; ++a) {
        std::ifstream f(argv[a], std::ios::binary); std::string magic; int w, h, maxv; f >> magic >> w >> h >> maxv; f.get();
        std::vector<uint8_t> px(w * h); f.read((char *)px.data(), w * h);
        cfd_face faces[64]; char err[256];
        auto t0 = std::chrono::steady_clock::now();
        int n = cfd_detect_faces(px.data(), w, h, w, faces, 64, err, sizeof err);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        printf("%s\t%.2f\t%d", argv[a], ms, n);
        for (int i = 0; i < n && i < 64; ++i) printf("\t%.1f %.1f %.1f %.1f %.2f", faces[i].x, faces[i].y, faces[i].width, faces[i].height, faces[i].score);
        printf("\n");
    }
}
"""


def build(tmp):
    src = os.path.join(tmp, "driver.cpp")
    open(src, "w").write(DRIVER)
    exe = os.path.join(tmp, "driver")
    subprocess.run(["g++", "-O2", "-I", os.path.join(ROOT, "Sources/CFaceDetector/include"), src,
                    os.path.join(ROOT, "Sources/CFaceDetector/face_detector.cpp"), "-o", exe], check=True)
    return exe


def boxes(t):
    return [tuple(map(float, b.split())) for b in t.split(";") if b.strip()]


def match(det, truth):
    x0 = max(det[0], truth[0]); y0 = max(det[1], truth[1]); x1 = min(det[2], truth[2]); y1 = min(det[3], truth[3])
    i = max(0, x1 - x0) * max(0, y1 - y0)
    u = (det[2] - det[0]) * (det[3] - det[1]) + (truth[2] - truth[0]) * (truth[3] - truth[1]) - i
    return i / u >= 0.25


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [160, 240, 320, 480]
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(SET, "evidence.tsv")) if not l.startswith("#")]
    tmp = tempfile.mkdtemp(prefix="face-detectors-")
    exe = build(tmp)
    casc = cv2.CascadeClassifier(cv2.data.haarcascades + "haarcascade_frontalface_default.xml")
    print("| long side | detector | faces found | false detections | ms per photo |")
    print("|---:|---|---:|---:|---:|")
    for L in sizes:
        files = []
        for r in rows:
            im = Image.open(os.path.join(SET, "evidence", r[0])).convert("L")
            s = L / max(im.size)
            im = im.resize((max(1, round(im.width * s)), max(1, round(im.height * s))), Image.BOX)
            p = os.path.join(tmp, f"{L}-{r[0]}.pgm")
            im.save(p)
            files.append((r, p, im.size))
        out = subprocess.run([exe] + [p for _, p, _ in files], capture_output=True, text=True, check=True).stdout.splitlines()
        res = {"dlib HOG": [0, 0, 0, 0.0], "OpenCV Haar": [0, 0, 0, 0.0]}
        for (r, p, (w, h)), line in zip(files, out):
            f = line.split("\t")
            dets = [tuple(map(float, x.split())) for x in f[3:]]
            dd = [(d[0] / w, d[1] / h, (d[0] + d[2]) / w, (d[1] + d[3]) / h) for d in dets]
            g = np.asarray(Image.open(p))
            t0 = time.perf_counter()
            hd = casc.detectMultiScale(g, 1.1, 5, minSize=(24, 24))
            hms = (time.perf_counter() - t0) * 1000
            hd = [(x / w, y / h, (x + ww) / w, (y + hh) / h) for x, y, ww, hh in (hd if len(hd) else [])]
            truth = boxes(r[4])
            for name, found, ms in [("dlib HOG", dd, float(f[1])), ("OpenCV Haar", hd, hms)]:
                res[name][0] += sum(1 for t in truth if any(match(d, t) for d in found))
                res[name][1] += len(truth)
                res[name][2] += sum(1 for d in found if not any(match(d, t) for t in truth))
                res[name][3] += ms
        for name, (hits, n, false, ms) in res.items():
            print(f"| {L} | {name} | {hits}/{n} | {false} | {ms / len(rows):.1f} |")


if __name__ == "__main__":
    main()
