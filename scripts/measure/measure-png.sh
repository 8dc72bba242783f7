#!/usr/bin/env bash
# PNG encode time and size over every kind of image a card is made from: three T1 workload photos
# and a corpus photo, the alpha and zone-plate samples, and generated flat graphics (text, a smooth
# gradient, UI blocks). Each becomes a 1080x1350 card with 24 px corners (PNG), three times, on one
# CPU, at each --png-compression level given (--fast-png is level 1); prints the mean time and each
# file's size. With a second binary (say, a build from before a change), the same for it.
#
#   bash scripts/measure/measure-png.sh [--levels "1 3 6"] [--baseline OTHER_BINARY]
#        (after swift build -c release and bench/make-workload.py)
set -euo pipefail
cd "$(dirname "$0")/../.."
levels="1 3 6"
baseline=""
while (($#)); do
  case $1 in
    --levels) levels=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    *) echo "usage: bash scripts/measure/measure-png.sh [--levels \"1 3 6\"] [--baseline BINARY]" >&2; exit 2 ;;
  esac
done
bin=.build/release/aspectfit
[[ -x $bin ]] || swift build -c release --product aspectfit >/dev/null
py=${PILLOW_PY:-.bench/pillow/bin/python}
[[ -x $py ]] || py=python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in"
cp bench-workload/jpeg/photo-0{1,2,3}.jpg samples/astronaut-alpha.png samples/tulips-alpha.png samples/zoneplate.png "$work/in/"
cp ../shared/corpus/photos/android-portrait-960x1280.jpg "$work/in/"
"$py" - "$work/in" <<'EOF'
import sys
import numpy as np
from PIL import Image, ImageDraw
out = sys.argv[1]
text = Image.new("RGBA", (1080, 1350), (255, 255, 255, 255))
d = ImageDraw.Draw(text)
for i in range(60):
    d.text((20, 20 + i * 22), ("The quick brown fox jumps over the lazy dog %d" % i) * 2, fill=(20, 20, 20, 255))
text.save(f"{out}/text.png")
ramp = np.tile(np.linspace(0, 255, 1080), (1350, 1))
Image.fromarray(np.dstack([ramp, ramp[::-1], np.full_like(ramp, 128), np.full_like(ramp, 255)]).astype(np.uint8), "RGBA").save(f"{out}/gradient.png")
ui = Image.new("RGB", (1280, 720), (240, 240, 245))
d = ImageDraw.Draw(ui)
for i in range(12):
    d.rectangle((40 + i * 100, 40, 120 + i * 100, 600), fill=(30 * i % 255, 100, 200))
    d.text((45 + i * 100, 620), "btn %d" % i, fill=(0, 0, 0))
ui.save(f"{out}/ui.png")
EOF

# run BINARY LABEL OPTIONS...: mean seconds of three runs, then every output's bytes.
run() {
  local binary=$1 label=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  for _ in 1 2 3; do
    rm -rf "$work/out"
    taskset -c 0 "$binary" -j 1 -r 4:5 -w 1080 --radius 24 -f png "$@" -o "$work/out/" "$work/in"/* 2>/dev/null
  done
  end=$(date +%s.%N)
  printf '%-22s %6.2f s ' "$label" "$(echo "($end - $start) / 3" | bc -l)"
  for f in "$work/out"/*.png; do printf ' %s=%s' "$(basename "$f" .png | cut -c1-10)" "$(stat -c %s "$f")"; done
  echo
}
for level in $levels; do run "$bin" "level $level" --png-compression "$level"; done
if [[ -n $baseline ]]; then
  for level in $levels; do run "$baseline" "baseline level $level" --png-compression "$level"; done
fi
