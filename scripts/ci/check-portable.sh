#!/usr/bin/env bash
# The default release binary is portable: under `qemu-x86_64 -cpu Nehalem` (an x86-64 without
# AVX/AVX2) it runs, picks the SSE2 kernels itself, and writes the same bytes as natively (AVX2 on
# an AVX2 machine) and as the forced SSE2 and scalar kernels (ASPECTFIT_SIMD), for option
# combinations covering both pass orders, RGB, gray and RGBA, orientation, corners and linear light,
# a turned HEIC grid (whose tiles' YCbCr to RGB loops are chosen the same way), and smart crops
# (whose face detector's scan is chosen the same way: its AVX2 build must choose the same windows).
#
#   bash scripts/ci/check-portable.sh [--binary PATH]     (default: builds .build/release/aspectfit)
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=""
if [[ "${1:-}" == "--binary" ]]; then binary=$2; shift 2; fi
if [[ -z $binary ]]; then
    swift build -c release --product aspectfit >/dev/null
    binary=.build/release/aspectfit
fi
work=$(mktemp -d /tmp/aspectfit-portable.XXXXXX)
trap 'rm -rf "$work"' EXIT
qemu=(qemu-x86_64 -cpu Nehalem)

# The emulated CPU really lacks AVX2 (an independent check of what the binary will see).
printf '#include <stdio.h>\nint main(void) { __builtin_cpu_init(); return __builtin_cpu_supports("avx2"); }\n' > "$work/cpu.c"
cc -O1 "$work/cpu.c" -o "$work/cpu"
"${qemu[@]}" "$work/cpu" || { echo "check-portable: qemu's Nehalem reports AVX2" >&2; exit 1; }

cases=(
    "samples/harvesters.jpg -r 4:3 -w 800"
    "samples/harvesters.jpg -r square -w 1400 --filter lanczos2"
    "samples/harvesters-portrait-exif6.jpg -r 16:9 -w 320 --linear"
    "samples/concert-gray.jpg -s 500x300 --filter catmull-rom"
    "samples/zoneplate.png -r 4:3 -w 333 --filter mitchell -f png"
    "samples/astronaut-alpha.png -r square -w 300 --radius 12% -f png"
    "samples/tulips-alpha.png -r 3:2 -w 200 --linear --radius 40 --corners continuous -f png"
    "samples/tulips-alpha.png -r square -w 256 --radius 64 --background '#336699' -f jpeg"
    "Tests/HEIFGridSet/phone-512.heic -r 5:7 -f png"
    "samples/harvesters.jpg -r 16:9 -w 400 -g attention"
    "samples/harvesters-portrait-exif6.jpg -r 3:1 -w 300 -g attention"
)
failed=0
for i in "${!cases[@]}"; do
    eval "args=(${cases[$i]})"
    ext=jpg; [[ " ${args[*]} " == *" -f png "* ]] && ext=png
    run() { local out=$work/$i-$1.$ext; shift; "$@" --quiet -o "$out" "${args[@]}"; }
    run native "$binary"
    run sse2 env ASPECTFIT_SIMD=sse2 "$binary"
    run scalar env ASPECTFIT_SIMD=scalar "$binary"
    run nehalem "${qemu[@]}" "$binary"
    run nehalem-asking-avx2 "${qemu[@]}" -E ASPECTFIT_SIMD=avx2 "$binary"
    for kind in sse2 scalar nehalem nehalem-asking-avx2; do
        if ! cmp -s "$work/$i-native.$ext" "$work/$i-$kind.$ext"; then
            echo "check-portable: ${cases[$i]}: $kind output differs from the native one" >&2
            failed=1
        fi
    done
done
((failed == 0)) || exit 1
echo "check-portable: ok (${#cases[@]} cases: qemu Nehalem, SSE2, scalar and native outputs identical)"
