#!/usr/bin/env bash
# Renders docs/ratios/NAME.jpg, the README's example of every named ratio, from samples/harvesters.jpg
# (public domain). Run from the project root: bash scripts/generate/make-ratio-examples.sh
set -euo pipefail
swift build -c release --product aspectfit >/dev/null
mkdir -p docs/ratios
for name in square fourToThree threeToFour sixteenToNine nineToSixteen threeToTwo twoToThree fiveToFour \
            fourToFive twentyOneToNine openGraph; do
  .build/release/aspectfit -r "$name" --max 160 -q 80 -o "docs/ratios/$name.jpg" samples/harvesters.jpg
done
.build/release/aspectfit -r square --max 160 --radius 25% --corners continuous -f png \
  -o docs/ratios/square-continuous-25.png samples/harvesters.jpg
ls docs/ratios
