#!/usr/bin/env bash
# The performance page: runs the peer benchmark (bench/peers.sh) on the deterministic workload
# (bench/make-workload.py), keeps its results in bench/results.json and renders docs/performance.md
# from them (bench/render.py). Timings are only worth committing from a quiet machine.
#
#   bash bench/run.sh [peers.sh options]   workload (once), release build, peers.sh, results, page
#   bash bench/run.sh --render-only        re-render docs/performance.md from bench/results.json
#   bash bench/run.sh --tiny               2 JPEGs and 1 PNG, one run each: checks that the harness
#                                          works; writes bench-out/tiny/ only, never the committed files
#
# peers.sh options: --tasks "T1 T2 T3" --modes "1 2" --tools a,b --runs N --warmup N (see its header).
# Needs bash bench/setup.sh first (the peers and the .bench/pillow Python).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
die() { echo "bench/run.sh: $*" >&2; exit 1; }

PY=${PY:-.bench/pillow/bin/python}
results=bench/results.json
page=docs/performance.md
workload=bench-workload
out=bench-out
render_only=0
tiny=0
peer_args=()
command="bash bench/run.sh${*:+ $*}"
while (($#)); do
  case $1 in
    --render-only) render_only=1; shift ;;
    --tiny) tiny=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) peer_args+=("$1"); shift ;;
  esac
done
if ((tiny)); then
  out=bench-out/tiny
  results=$out/results.json
  page=$out/performance.md
  workload=$out/workload
fi

if ((!render_only)); then
  [ -x "$PY" ] || die "no $PY: run bash bench/setup.sh first"
  if [ ! -d "$workload/jpeg" ]; then
    if ((tiny)); then "$PY" bench/make-workload.py "$workload" --jpegs 2 --pngs 1
    else "$PY" bench/make-workload.py "$workload"; fi
  fi
  # an older workload's heic/ (heif-enc stills, no grid) is remade as phones write HEIC
  [ -f "$workload/heic/LAYOUT" ] || "$PY" bench/make-workload.py "$workload" --heic-only
  swift build -c release
  ((tiny)) && peer_args=(--runs 1 --warmup 0 "${peer_args[@]}")
  mkdir -p "$out"
  bash bench/peers.sh --workload "$workload" --out "$out" --json "$out/peers.json" --python "$PY" "${peer_args[@]}"
  # The results keep the command that made them, for the page.
  python3 - "$out/peers.json" "$results" "$command" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
data["meta"]["command"] = sys.argv[3]
with open(sys.argv[2], "w") as f:
    json.dump(data, f, indent=1)
    f.write("\n")
PY
fi

python3 bench/render.py --results "$results" --template bench/performance.md.in --out "$page"
if [ -f "$results" ]; then echo "bench/run.sh: $page rendered from $results"; else echo "bench/run.sh: no $results yet: $page says so"; fi
