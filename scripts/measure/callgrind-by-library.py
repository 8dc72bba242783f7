#!/usr/bin/env python3
"""Instruction counts of one command by the library (ELF object) they ran in, from callgrind.

    python3 scripts/measure/callgrind-by-library.py [--top N] -- COMMAND [ARGS...]

Runs COMMAND under `valgrind --tool=callgrind` (every thread and child process is counted; threads run
one at a time under valgrind, so the counts are the work, not the wall time) and prints, per object file
(the program, libaom, libavif, libjpeg, libc, ...), the instructions executed in its own code (callgrind's
self cost, so callees in other libraries are counted there) and the share of the total. A busy machine
changes nothing here, unlike a timing. Needs valgrind.
"""
import argparse
import collections
import glob
import os
import subprocess
import sys
import tempfile


def self_cost_by_object(path):
    """Sums callgrind's self cost (the first event, Ir) over the `ob=` object of every cost line."""
    names, totals = {}, collections.Counter()
    current = "?"
    in_call = False
    with open(path) as fh:
        for line in fh:
            if line.startswith("ob="):
                spec = line[3:].strip()
                if spec.startswith("("):
                    number, _, name = spec.partition(")")
                    if name.strip():
                        names[number] = name.strip()
                    current = names.get(number, spec)
                else:
                    current = spec
            elif line.startswith(("cob=", "cfi=", "cfn=", "cfl=")):
                if line.startswith("cob="):   # name definitions may appear here too
                    spec = line[4:].strip()
                    if spec.startswith("(") and ")" in spec:
                        number, _, name = spec.partition(")")
                        if name.strip():
                            names[number] = name.strip()
            elif line.startswith("calls="):
                in_call = True   # the next cost line is the call's inclusive cost: not self cost
            elif line[:1].isdigit() or line[:1] in "+-*":
                if in_call:
                    in_call = False
                    continue
                fields = line.split()
                if len(fields) >= 2:
                    totals[current] += int(fields[1])
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", "--compress-strings=yes",
                        "--compress-pos=no", f"--callgrind-out-file={out}.%p", *command],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        totals = collections.Counter()
        for part in glob.glob(out + ".*"):
            totals.update(self_cost_by_object(part))
    everything = sum(totals.values())
    print(f"{everything:>15,}  100.0%  total: {' '.join(command)}")
    for name, count in totals.most_common(args.top):
        print(f"{count:>15,}  {100 * count / everything:5.1f}%  {os.path.basename(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
