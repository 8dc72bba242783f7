#!/usr/bin/env bash
# What --max-bytes costs against a single encode: the corpus photos (../shared/corpus/photos/*.jpg)
# fitted to 4:3 at 640 wide, one job, for each lossy format: without a budget, with a budget every
# output fits as asked (one encode each), and with a budget under that (a search). Prints one
# markdown row per run: wall and user seconds from /usr/bin/time (the fastest of three runs), total
# bytes, the encodes and the mean quality from --json.
#
#   bash scripts/measure/measure-bytes.sh [BUDGET]     (default 30K; after swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/../.."
budget=${1:-30K}
bin=.build/release/aspectfit
[[ -x $bin ]] || swift build -c release --product aspectfit >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
photos=(../shared/corpus/photos/*.jpg)
echo "| format | budget | wall s | user s | bytes | encodes | mean quality |"
echo "|---|---|---|---|---|---|---|"
for format in jpeg webp avif; do
  for run in none 1M "$budget"; do
    extra=()
    [[ $run != none ]] && extra=(--max-bytes "$run")
    best=""
    for _ in 1 2 3; do
      rm -rf "$work/out"
      /usr/bin/time -o "$work/time" -f '%e %U' "$bin" -j 1 -q 85 -r 4:3 -w 640 -f "$format" "${extra[@]}" --json \
        -o "$work/out/" "${photos[@]}" > "$work/json" 2>/dev/null || true
      now=$(tail -1 "$work/time")
      if [[ -z $best ]] || (( $(echo "${now% *} < ${best% *}" | bc) )); then best=$now; fi
    done
    read -r wall user <<< "$best"
    python3 - "$format" "$run" "$wall" "$user" "$work/json" <<'PY'
import json, sys
format, run, wall, user, path = sys.argv[1:]
rows = [json.loads(l) for l in open(path) if '"input"' in l]
ok = [r for r in rows if r["status"] == "ok"]
q = [r["quality"] for r in ok]
print(f"| {format} | {run} | {wall} | {user} | {sum(r['bytes'] for r in ok)} ({len(ok)}/{len(rows)} written) "
      f"| {sum(r['encodes'] for r in ok)} | {sum(q) / len(q):.1f} |")
PY
  done
done
