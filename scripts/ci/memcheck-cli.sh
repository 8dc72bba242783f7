#!/usr/bin/env bash
# valgrind memcheck of the aspectfit binary over ../shared/corpus/bad and a sample of the rest of
# the corpus: zero errors and nothing definitely lost, or exit 1. (The C bridge alone is checked by
# scripts/ci/memcheck-bad.sh.) Swift runtime caches show as "possibly lost"; those are not errors.
# Usage: scripts/ci/memcheck-cli.sh [--binary PATH]   (default: builds .build/release/aspectfit)
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=../shared/corpus
binary=""
if [[ "${1:-}" == "--binary" ]]; then binary=$2; shift 2; fi
if [[ -z $binary ]]; then
    swift build -c release --product aspectfit >/dev/null
    binary=.build/release/aspectfit
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read Swift's DWARF: check a copy without debug info (symbols stay).
strip --strip-debug -o "$work/aspectfit" "$binary"
# One run per folder and extension, so truncated-sharp.jpg and .png cannot both write a PNG.
samples=("$corpus/bad/*.jpg" "$corpus/bad/*.png $corpus/bad/zero-length-noext" "$corpus/jpeg/*.jpg" "$corpus/pngsuite/[bt]*.png" "$corpus/png-extra/*.png"
         "$corpus/exif-orientation/Portrait_[1-8].jpg $corpus/photos/harvesters-1165x859.jpg $corpus/photos/tulips-vignette-alpha-500x500.png"
         "$corpus/webp/*.webp $corpus/gif/*.gif" "$corpus/avif/*.avif $corpus/avif/*.avifs"
         "$corpus/heic/alpha-*.heic $corpus/heic/clap-*.heic $corpus/heic/bad-*.heic"
         "Tests/HEIFGridSet/grid-*.heic Tests/HEIFGridSet/phone-*.heic")
# The WebP, AVIF, GIF and indexed PNG encoders, from one file of each format read (opaque and transparent). The
# animated files of the samples above are written as animations (-f auto keeps GIF, WebP and AVIF
# sequences, so the opaque .avifs is read and written frame by frame).
encoded="$corpus/photos/harvesters-1165x859.jpg $corpus/photos/tulips-vignette-alpha-500x500.png $corpus/webp/lossy-alpha-libwebp.webp
         $corpus/avif/alpha-444-pillow.avif $corpus/heic/alpha-libheif-colors.heic $corpus/gif/transparency-pillow.gif"
# libjpeg-turbo's SIMD upsampling reads the uninitialised padding of its row buffers at 1/8 scale
# (upstream issues #619 and #781): valgrind flags it, yet the pixels equal the plain C path's
# (djpeg -scale 1/8 with and without JSIMD_FORCENONE gives the same bytes on every corpus photo).
# The plain C path keeps the check exact for our own code.
export JSIMD_FORCENONE=1
# dav1d's and libaom's hand-written SIMD makes superblocks too big for VEX's scratch storage
# ("VEX temporary storage exhausted"); shorter superblocks translate the same code. dav1d's reads of
# its own buffers' padding are suppressed (valgrind-codecs.supp says why).
runs=0
check() {
    status=0
    # shellcheck disable=SC2086
    valgrind --quiet --vex-guest-max-insns=25 --suppressions=scripts/ci/valgrind-codecs.supp --error-exitcode=99 --leak-check=full --show-leak-kinds=definite \
      --errors-for-leak-kinds=definite "$work/aspectfit" -j 2 --quiet $1 -o "$work/out/" $2 2> "$work/log" || status=$?
    if [ "$status" -ge 2 ]; then   # 0: all written, 1: some inputs refused (expected for bad/)
      cat "$work/log" >&2
      echo "memcheck-cli: exit $status with '$1' on $2" >&2
      exit 1
    fi
    rm -rf "$work/out"
    runs=$((runs + 1))
}
for args in "-r 4:3 -w 200" "-r square -w 64 --radius 25% -f png" "-r 16:9 -w 96 --linear --fail-on none"; do
  for sample in "${samples[@]}"; do check "$args" "$sample"; done
done
for args in "-r 4:3 -w 160 -f webp" "-r square -w 96 --radius 20% -f webp --webp-lossless" "-r 3:2 -w 120 -f avif" \
            "-r square -w 64 --radius 25% -f avif --chroma444" "-r 4:3 -w 120 -f gif" \
            "-r square -w 80 --radius 25% -f png --png-palette 64"; do
  check "$args" "$encoded"
done
# A transparent animation written as an AVIF sequence, with its alpha track.
check "-r 3:2 -w 120 -f avif" "$corpus/gif/animated-wuffs-red-blue.gif"
echo "memcheck-cli: $runs runs, no errors, nothing definitely lost"
