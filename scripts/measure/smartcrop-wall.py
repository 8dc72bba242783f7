#!/usr/bin/env python3
"""The time of -g attention and -g entropy against the centre crop, run as bench/peers.sh runs
aspectfit (one process per file), the strategies taking turns round after round so that a machine
whose speed drifts (a shared two-core VM moves by 10-20% within a minute) slows all of them alike.
Prints each strategy's median over the rounds and its ratio to the centre crop's.

  python3 scripts/measure/smartcrop-wall.py [--rounds 7] [--ratio 16:9] [--binary B] [--one-thread-too] [FILE...]

Each process has the machine's CPUs as its jobs, so a lone image may use two threads (the analysis's
face scan beside the saliency map, the resample in two bands); --one-thread-too also times attention
and entropy with -j 1, the route a batch worker takes (one image per core).

Default files: bench-workload/jpeg/*.jpg (T1: 24 JPEGs 4032x3024, 8 portrait); T1's width and
quality. Needs the release build (swift build -c release). Use on a quiet machine."""
import argparse
import glob
import os
import statistics
import subprocess
import tempfile
import time

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
parser = argparse.ArgumentParser()
parser.add_argument("--rounds", type=int, default=7)
parser.add_argument("--ratio", default="16:9")
parser.add_argument("--binary", default=os.path.join(root, ".build/release/aspectfit"))
parser.add_argument("--one-thread-too", action="store_true")
parser.add_argument("files", nargs="*")
args = parser.parse_args()
files = args.files or sorted(glob.glob(os.path.join(root, "bench-workload/jpeg/*.jpg")))
if not files:
    raise SystemExit("no workload: see bench/README.md (make-workload.py)")
strategies = {"centre": [], "attention": ["-g", "attention"], "entropy": ["-g", "entropy"]}
if args.one_thread_too:
    strategies.update({"attention -j1": ["-g", "attention", "-j", "1"], "entropy -j1": ["-g", "entropy", "-j", "1"]})
times = {name: [] for name in strategies}
with tempfile.TemporaryDirectory() as scratch:
    out = os.path.join(scratch, "out.jpg")
    for _ in range(args.rounds):
        for name, gravity in strategies.items():
            start = time.perf_counter()
            for f in files:
                subprocess.run([args.binary, "--ratio", args.ratio, "--width", "800", "--quality", "85", *gravity,
                                "-o", out, f], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
centre = statistics.median(times["centre"])
print(f"{len(files)} files to {args.ratio}, {args.rounds} rounds, medians")
for name, runs in times.items():
    median = statistics.median(runs)
    print(f"{name:13s} {median:7.3f} s  {median / centre:6.3f}x  (fastest {min(runs):.3f} s)")
