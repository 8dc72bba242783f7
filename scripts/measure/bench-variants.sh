#!/usr/bin/env bash
# Issue 13 benchmark: three renditions of every T1 photo (a 256x256 thumbnail, a 1280x720 hero and
# a 1080x1350 social card with 24 px corners, PNG) made by
#   aspectfit-variants  one aspectfit run with three --variant (one decode per photo),
#   aspectfit-separate  three aspectfit runs,
#   vipsthumbnail       three passes (the card: vips thumbnail + composite2 with a mask, as peers.sh T3),
#   pillow-simd-draft   three passes of bench/pil_fit.py --draft (if Pillow-SIMD is set up),
# and the quality of every output (PSNR against quality.py's float64 Lanczos3 reference).
#
#   bash scripts/measure/bench-variants.sh [options]          (from the project root, after swift build -c release)
#
#   --workload DIR   the T1 workload (bench/make-workload.py), default bench-workload
#   --out DIR        outputs, logs, reference cache, default bench-out/variants
#   --runs N (3) --warmup N (1) --modes "1 2" --tools "aspectfit-variants,vipsthumbnail,..."
#   --python PY      python with numpy + Pillow for quality.py (default .bench/pillow/bin/python)
#   --pillow-simd-python PY  (default .bench/simd/bin/python; row skipped without it)
#   --aspectfit BIN  default .build/release/aspectfit
#   --card-format png|jpeg  the social card's format (default png: what the issue's example writes,
#                    corners transparent; jpeg: corners on white, Pillow's card then without corners)
#   --callgrind N    instead of timing: instruction counts (valgrind --tool=callgrind, all child
#                    processes) of each tool on the first N photos, one job: valid on a busy machine;
#                    for aspectfit, also the codecs' share (libjpeg-turbo, libdeflate, zlib) and the
#                    ratio the codecs alone allow.
#
# Timing as peers.sh: hyperfine of the whole batch (median), mode 1 = one job pinned to one CPU,
# mode 2 = the photos split in two interleaved halves run by two processes on two CPUs; library
# thread pools held to one thread per job. Targets (issue 13): variants <= 0.6x separate, <= 0.5x
# the fastest peer, every output within 0.05 dB of the separate run's PSNR.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
WORKLOAD=bench-workload
OUT=bench-out/variants
RUNS=3
WARMUP=1
MODES="1 2"
ONLY=""
CALLGRIND=0
CARD=png
# shellcheck source=bench/interpreters.sh
source "$ROOT/bench/interpreters.sh"

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }
while (($#)); do
  case $1 in
    --workload) WORKLOAD=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --modes) MODES=${2//,/ }; shift 2 ;;
    --tools) ONLY=${2//,/ }; shift 2 ;;
    --python) PY=$2; shift 2 ;;
    --pillow-simd-python) PILLOW_SIMD_PY=$2; shift 2 ;;
    --aspectfit) AF=$2; shift 2 ;;
    --callgrind) CALLGRIND=$2; shift 2 ;;
    --card-format) CARD=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
  esac
done
die() { echo "bench-variants.sh: $*" >&2; exit 1; }
[ -x "$AF" ] || die "$AF not built (swift build -c release)"
[ -d "$WORKLOAD/jpeg" ] || die "no $WORKLOAD/jpeg: run python3 bench/make-workload.py $WORKLOAD"
mkdir -p "$OUT"
OUTABS=$(cd "$OUT" && pwd)
AF=$(cd "$(dirname "$AF")" && pwd)/$(basename "$AF")
mapfile -t FILES < <(ls "$(cd "$WORKLOAD/jpeg" && pwd)"/*.jpg | sort)
((CALLGRIND > 0)) && FILES=("${FILES[@]:0:$CALLGRIND}")
mapfile -t CPUS < <("$PY" -c 'import os; print("\n".join(map(str, sorted(os.sched_getaffinity(0)))))')

TOOLS="aspectfit-variants aspectfit-separate vipsthumbnail"
[ -n "$PILLOW_SIMD_PY" ] && "$PILLOW_SIMD_PY" -c 'import PIL' 2>/dev/null && TOOLS+=" pillow-simd-draft"
if [ -n "$ONLY" ]; then TOOLS=$(for t in $TOOLS; do if [[ " $ONLY " == *" $t "* ]]; then echo "$t"; fi; done | xargs); fi
# The renditions: name, width, height, aspectfit shape options.
[[ $CARD == png || $CARD == jpeg ]] || die "--card-format png or jpeg"
RENDITIONS=("thumbs 256 256 -r square -w 256" "hero 1280 720 -r 16:9 -w 1280" "social 1080 1350 -r 4:5 -w 1080 --radius 24 -f $CARD")

q() { printf '%q ' "$@"; }
mkdir -p "$OUTABS/tmp"
cat > "$OUTABS/tmp/mask.svg" <<EOF
<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350"><rect width="1080" height="1350" rx="24" ry="24" fill="#fff"/></svg>
EOF
vips copy "$OUTABS/tmp/mask.svg" "$OUTABS/tmp/mask-vips.png"

# commands TOOL OUTDIR FILE...: the shell command that makes the three renditions of FILEs.
commands() {
  local tool=$1 od=$2; shift 2
  local r name w h f b shape joiner=""
  local -a opts
  case $tool in
    aspectfit-variants)
      local -a vs=()
      for r in "${RENDITIONS[@]}"; do read -r name w h shape <<< "$r"; vs+=(--variant "$shape -o $od/$name/"); done
      echo "$(q "$AF" -j 1 -q 85 "${vs[@]}" "$@")" ;;
    aspectfit-separate)
      for r in "${RENDITIONS[@]}"; do
        read -r name w h shape <<< "$r"; read -ra opts <<< "$shape"
        echo -n "$joiner$(q "$AF" -j 1 -q 85 "${opts[@]}" -o "$od/$name/" "$@")"
        joiner=" && "
      done
      echo ;;
    vipsthumbnail)
      echo -n "$(q vipsthumbnail -s 256x256 -m centre -o "$od/thumbs/%s.jpg[Q=85,strip]" "$@") && "
      echo -n "$(q vipsthumbnail -s 1280x720 -m centre -o "$od/hero/%s.jpg[Q=85,strip]" "$@")"
      for f in "$@"; do b=$(basename "$f" .jpg)
        echo -n " && $(q vips thumbnail "$f" "$OUTABS/tmp/$b-$$.v" 1080 --height 1350 --crop centre)"
        if [ "$CARD" = png ]; then
          echo -n " && $(q vips composite2 "$OUTABS/tmp/$b-$$.v" "$OUTABS/tmp/mask-vips.png" "$od/social/$b.png" dest-in)"
        else
          echo -n " && $(q vips composite2 "$OUTABS/tmp/$b-$$.v" "$OUTABS/tmp/mask-vips.png" "$OUTABS/tmp/$b-$$.c.v" dest-in)"
          echo -n " && $(q vips flatten "$OUTABS/tmp/$b-$$.c.v" "$od/social/$b.jpg[Q=85,strip]" --background "255 255 255") && rm -f $(q "$OUTABS/tmp/$b-$$.c.v")"
        fi
        echo -n " && rm -f $(q "$OUTABS/tmp/$b-$$.v")"
      done
      echo ;;
    pillow-simd-draft)
      echo -n "$(q "$PILLOW_SIMD_PY" "$ROOT/bench/pil_fit.py" --draft --size 256x256 --quality 85 -o "$od/thumbs" "$@") && "
      echo -n "$(q "$PILLOW_SIMD_PY" "$ROOT/bench/pil_fit.py" --draft --size 1280x720 --quality 85 -o "$od/hero" "$@") && "
      echo "$(q "$PILLOW_SIMD_PY" "$ROOT/bench/pil_fit.py" --draft --size 1080x1350 --radius 24 --format "$CARD" -o "$od/social" "$@")" ;;
  esac
}

# jobs TOOL MODE OUTDIR: one command line per interleaved group of photos.
jobs_for() {
  local tool=$1 mode=$2 od=$3 g i
  for ((g = 0; g < mode; g++)); do
    local -a grp=()
    for ((i = g; i < ${#FILES[@]}; i += mode)); do grp+=("${FILES[i]}"); done
    ((${#grp[@]})) && commands "$tool" "$od" "${grp[@]}"
  done
}

prepare() { local od=$1; rm -rf "$od"; mkdir -p "$od/thumbs" "$od/hero" "$od/social"; }
export VIPS_CONCURRENCY=1 MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1 OMP_THREAD_LIMIT=1

echo "bench-variants.sh: ${#FILES[@]} photos, tools: $TOOLS"
if ((CALLGRIND > 0)); then
  command -v valgrind >/dev/null || die "valgrind not installed"
  # valgrind cannot read Swift's DWARF: profile a copy without debug info (symbols stay).
  strip --strip-debug -o "$OUTABS/tmp/aspectfit" "$AF"
  AF=$OUTABS/tmp/aspectfit
  declare -A IR=() CODEC=()
  for tool in $TOOLS; do
    od=$OUTABS/out/$tool; prepare "$od"
    rm -rf "$OUTABS/callgrind/$tool"; mkdir -p "$OUTABS/callgrind/$tool"
    # every process (aspectfit, vips, python) under callgrind; the shell itself is not counted
    cmd=$(commands "$tool" "$od" "${FILES[@]}")
    wrapped=$(sed -E "s#(^|&& )([^ ]*(aspectfit|vipsthumbnail|vips|python)[^ ]*) #\1valgrind --tool=callgrind --callgrind-out-file=$OUTABS/callgrind/$tool/cg.%p \2 #g" <<< "$cmd")
    bash -c "$wrapped" 2> "$OUTABS/callgrind/$tool.log" || die "$tool failed (see $OUTABS/callgrind/$tool.log)"
    IR[$tool]=$(awk '/^summary:/ { s += $2 } END { printf "%.0f", s }' "$OUTABS/callgrind/$tool"/cg.*)
    printf '   %-20s %16s instructions (%s processes)\n' "$tool" "${IR[$tool]}" "$(ls "$OUTABS/callgrind/$tool" | wc -l)"
    if [[ $tool == aspectfit-* ]]; then
      # libjpeg-turbo and libdeflate/zlib (the codecs) against everything else, per library object
      CODEC[$tool]=$(for f in "$OUTABS/callgrind/$tool"/cg.*; do callgrind_annotate --inclusive=no --threshold=100 "$f"; done \
        | awk '/^ *[0-9,]+ .*\[/ { n = $1; gsub(",", "", n); if ($0 ~ /libjpeg|libdeflate|libz\./) s += n } END { printf "%.0f", s }')
      printf '   %-20s %16s of them in libjpeg-turbo, libdeflate and zlib\n' "" "${CODEC[$tool]}"
    fi
  done
  base=${IR[aspectfit-variants]:-}
  if [ -n "$base" ]; then
    for tool in $TOOLS; do
      [ "$tool" = aspectfit-variants ] && continue
      echo "   aspectfit-variants / $tool = $("$PY" -c "print('%.3f' % ($base / ${IR[$tool]}))")"
    done
  fi
  if [ -n "${CODEC[aspectfit-variants]:-}" ] && [ -n "${CODEC[aspectfit-separate]:-}" ]; then
    # The ratio as our own code's share shrinks to nothing in both: the codecs' work alone.
    "$PY" -c "
c1, c2 = ${CODEC[aspectfit-variants]}, ${CODEC[aspectfit-separate]}
o1, o2 = ${IR[aspectfit-variants]} - c1, ${IR[aspectfit-separate]} - c2
print('   codecs alone: variants / separate = %.3f' % (c1 / c2))
if c1 >= 0.6 * c2:
    print('   so 0.6x is out of reach with these codecs even if everything else cost nothing')
else:
    s = (0.6 * c2 - c1) / (o1 - 0.6 * o2) if o1 > 0.6 * o2 else 1
    print('   0.6x needs everything else (our code, libc) at %.0f%% of its cost today, in both' % (100 * min(s, 1)))
"
  fi
else
  for tool in $TOOLS; do
    od=$OUTABS/out/$tool; prepare "$od"
    for mode in $MODES; do
      ((mode > ${#CPUS[@]})) && { echo "   $tool x$mode: skipped (only ${#CPUS[@]} CPU)"; continue; }
      jobs=$OUTABS/$tool-$mode.jobs
      jobs_for "$tool" "$mode" "$od" > "$jobs"
      cpus=$(IFS=,; echo "${CPUS[*]:0:$mode}")
      hyperfine --style basic --runs "$RUNS" --warmup "$WARMUP" --export-json "$OUTABS/$tool-$mode.json" \
        --command-name "$tool x$mode" "taskset -c $cpus xargs -d '\\n' -n 1 -P $mode bash -c < $(q "$jobs")" > "$OUTABS/$tool-$mode.log" 2>&1 \
        || { tail -n 5 "$OUTABS/$tool-$mode.log"; die "$tool x$mode failed"; }
      med=$("$PY" -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$OUTABS/$tool-$mode.json")
      printf '   %-20s x%s  %8s s\n' "$tool" "$mode" "$med"
    done
  done
  "$PY" - "$OUTABS" $TOOLS <<'EOF'
import json, sys
out, tools = sys.argv[1], sys.argv[2:]
for mode in ("1", "2"):
    t = {}
    for tool in tools:
        try: t[tool] = json.load(open(f"{out}/{tool}-{mode}.json"))["results"][0]["median"]
        except OSError: pass
    if "aspectfit-variants" not in t: continue
    v = t["aspectfit-variants"]
    peers = [t[x] for x in t if not x.startswith("aspectfit")]
    line = f"   x{mode}: variants / separate = {v / t['aspectfit-separate']:.3f} (target <= 0.6)" if "aspectfit-separate" in t else f"   x{mode}:"
    if peers: line += f", variants / fastest peer = {v / min(peers):.3f} (target <= 0.5)"
    print(line)
EOF
fi

SRC=$(cd "$WORKLOAD/jpeg" && pwd)
if ((CALLGRIND > 0)); then   # only the photos profiled
  SRC=$OUTABS/tmp/src; rm -rf "$SRC"; mkdir -p "$SRC"; ln -s "${FILES[@]}" "$SRC/"
fi
echo "   quality (PSNR dB against the float64 reference; thumbs and hero JPEG q85, social $CARD with corners):"
for r in "${RENDITIONS[@]}"; do
  read -r name w h _ <<< "$r"
  args=()
  for tool in $TOOLS; do [ -d "$OUTABS/out/$tool/$name" ] && args+=("$tool=$OUTABS/out/$tool/$name"); done
  echo "   -- $name ${w}x${h}"
  "$PY" "$ROOT/bench/quality.py" --size "${w}x${h}" --src "$SRC" --cache "$OUTABS/refcache" \
    --json "$OUTABS/quality-$name.json" "${args[@]}" | sed 's/^/      /'
done
