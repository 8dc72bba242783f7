#!/usr/bin/env bash
# Many small files: 2,000 JPEGs of 640x480 -> 128x128 square JPEG q85, with one job and with two, by
# aspectfit, Pillow-SIMD with draft() (one Python process per job, as a script would) and vipsthumbnail
# (one process per job). Prints the best-of-N wall times, the ratios to Pillow-SIMD+draft, and PSNR
# against the float64 reference (bench/quality.py) on the first 200 files.
#
#   bash scripts/measure/bench-small-files.sh [--runs N] [--count N]       wall clock (needs a quiet machine)
#   bash scripts/measure/bench-small-files.sh --callgrind [N]              instruction counts and syscalls over
#                                                                  the first N files (default 200), 1 job
#   bash scripts/measure/bench-small-files.sh --sync-cost DIR...           what fdatasync adds per 7 KB output file
#                                                                  (temp + write [+ fdatasync] + rename) in DIR,
#                                                                  one by one and in aspectfit's groups of 16
# Outputs go to a folder under $TMPDIR (default /tmp): put it on the disk to compare on (aspectfit
# fdatasyncs every output, the others do not; aspectfit --no-sync is timed too). Inputs: bench-out/small/src, made once by scripts/generate/make-small-files.py from bench-workload/jpeg
# (bench/make-workload.py). Pythons: PILLOW_PY (default .bench/pillow/bin/python, for the
# generator and quality.py), PILLOW_SIMD_PY (default .bench/simd/bin/python); see bench/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=3 count=2000 callgrind=0 sample=200
while (($#)); do
    case $1 in
        --sync-cost)
            shift
            for dir in "$@"; do
                python3 - "$dir" <<'PY'
import ctypes, os, sys, time
libc = ctypes.CDLL(None)
folder = os.path.join(sys.argv[1], f"aspectfit-sync-cost-{os.getpid()}")
os.makedirs(folder)
data = os.urandom(7000)
for mode in ("without fdatasync", "with fdatasync", "with fdatasync in groups of 16"):
    t0 = time.perf_counter()
    group = []
    def flush():
        # as SyncGroup: every member synced (the first commit carries the rest), then each renamed
        for fd, temp, final in group:
            os.fdatasync(fd)
        for fd, temp, final in group:
            os.close(fd)
            os.rename(temp, final)
        group.clear()
    for i in range(2000):
        temp, final = os.path.join(folder, f".{i}.tmp"), os.path.join(folder, f"{i}.jpg")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        os.write(fd, data)
        if mode.endswith("groups of 16"):
            libc.sync_file_range(fd, ctypes.c_int64(0), ctypes.c_int64(0), 2)   # SYNC_FILE_RANGE_WRITE
            group.append((fd, temp, final))
            if len(group) == 16:
                flush()
            continue
        if mode == "with fdatasync":
            os.fdatasync(fd)
        os.close(fd)
        os.rename(temp, final)
    flush()
    per = (time.perf_counter() - t0) / 2000 * 1e6
    print(f"{sys.argv[1]}: {mode} {per:.0f} us per file")
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
os.rmdir(folder)
PY
            done
            exit 0 ;;
        --runs) runs=$2; shift 2 ;;
        --count) count=$2; shift 2 ;;
        --callgrind) callgrind=1; shift; if [[ ${1:-} =~ ^[0-9]+$ ]]; then sample=$1; shift; fi ;;
        *) echo "usage: $0 [--runs N] [--count N] | --callgrind [N]" >&2; exit 2 ;;
    esac
done
py=${PILLOW_PY:-.bench/pillow/bin/python}
simd=${PILLOW_SIMD_PY:-.bench/simd/bin/python}
src=bench-out/small/src
if [[ $(find "$src" -name "*.jpg" 2>/dev/null | wc -l) -lt $count ]]; then
    "$py" scripts/generate/make-small-files.py --count "$count" "$src" >&2
fi
swift build -c release --product aspectfit >/dev/null
af=$PWD/.build/release/aspectfit
work=$(mktemp -d "${TMPDIR:-/tmp}/aspectfit-small.XXXXXX")
trap 'rm -rf "$work"' EXIT
printf '%s\n' "$PWD/$src"/*.jpg | sed -n "1,${count}p" > "$work/all"
export VIPS_CONCURRENCY=1 OMP_NUM_THREADS=1

if ((callgrind)); then
    sed -n "1,${sample}p" "$work/all" > "$work/list"
    strip --strip-debug -o "$work/aspectfit" "$af"   # valgrind cannot read Swift's DWARF
    count_ir() { valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$@" 2>&1 | awk '/refs:/ { gsub(",", "", $NF); print $NF }'; }
    a=$(count_ir "$work/aspectfit" -j1 --quiet -r square -w 128 -o "$work/af/" --files-from "$work/list")
    p=$(count_ir "$simd" bench/pil_fit.py --size 128x128 --draft -o "$work/pil" $(cat "$work/list"))
    echo "$sample files, 1 job: aspectfit $a instructions, Pillow-SIMD+draft $p, ratio $(awk -v a="$a" -v p="$p" 'BEGIN { printf "%.3f", a / p }')"
    # syscalls per file: the difference between runs over N and N/2 files, start-up cancelled out
    sed -n "1,$((sample / 2))p" "$work/list" > "$work/half"
    for list in list half; do
        rm -rf "$work/af"
        strace -c -f -o "$work/strace-$list" "$work/aspectfit" -j1 --quiet -r square -w 128 -o "$work/af/" --files-from "$work/$list"
    done
    echo "aspectfit syscalls per file:"
    awk -v n=$((sample - sample / 2)) '$NF ~ /^[a-z_0-9]+$/ && $4 ~ /^[0-9]+$/ { c[$NF] += (FILENAME ~ /half$/ ? -$4 : $4) }
        END { for (k in c) if (k != "total" && c[k] / n >= 0.05) printf "  %-12s %.2f\n", k, c[k] / n }' "$work/strace-list" "$work/strace-half" | sort -k2 -nr
    exit 0
fi

# best wall time (s) of $runs runs of "$@", outputs removed before each
best() {
    local out=$1; shift
    local min=
    for ((i = 0; i < runs; i++)); do
        rm -rf "$out"; mkdir -p "$out"
        local t0 t1; t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
        local t=$(((t1 - t0) / 1000000))
        [[ -z $min || $t -lt $min ]] && min=$t
    done
    awk -v ms="$min" 'BEGIN { printf "%.3f", ms / 1000 }'
}
split -n l/2 "$work/all" "$work/half."
# one process per job: xargs may pass all names at once (-s, well under ARG_MAX)
pil() { xargs -s 1000000 -a "$1" "$simd" bench/pil_fit.py --size 128x128 --draft -o "$2"; }
vips() { xargs -s 1000000 -a "$1" vipsthumbnail -s 128x128 -m centre -o "$2/%s.jpg[Q=85,strip]"; }
declare -A T
T[af1]=$(best "$work/af1" taskset -c 0 "$af" -j1 --quiet -r square -w 128 -o "$work/af1/" --files-from "$work/all")
T[af2]=$(best "$work/af2" taskset -c 0,1 "$af" -j2 --quiet -r square -w 128 -o "$work/af2/" --files-from "$work/all")
T[af1n]=$(best "$work/af1n" taskset -c 0 "$af" --no-sync -j1 --quiet -r square -w 128 -o "$work/af1n/" --files-from "$work/all")
T[af2n]=$(best "$work/af2n" taskset -c 0,1 "$af" --no-sync -j2 --quiet -r square -w 128 -o "$work/af2n/" --files-from "$work/all")
T[pil1]=$(best "$work/pil1" taskset -c 0 bash -c "$(declare -f pil); simd=$simd; pil $work/all $work/pil1")
T[pil2]=$(best "$work/pil2" taskset -c 0,1 bash -c "$(declare -f pil); simd=$simd; pil $work/half.aa $work/pil2 & pil $work/half.ab $work/pil2; wait")
T[vips1]=$(best "$work/vips1" taskset -c 0 bash -c "$(declare -f vips); vips $work/all $work/vips1")
T[vips2]=$(best "$work/vips2" taskset -c 0,1 bash -c "$(declare -f vips); vips $work/half.aa $work/vips2 & vips $work/half.ab $work/vips2; wait")
echo "$count JPEGs 640x480 -> 128x128 q85, best of $runs (s):"
for j in 1 2; do
    printf '  %d job(s): aspectfit %s (--no-sync %s)  Pillow-SIMD+draft %s  vipsthumbnail %s  ratio aspectfit/Pillow-SIMD+draft %s (--no-sync %s; target <= 0.75)\n' \
        "$j" "${T[af$j]}" "${T[af${j}n]}" "${T[pil$j]}" "${T[vips$j]}" "$(awk -v a="${T[af$j]}" -v p="${T[pil$j]}" 'BEGIN { printf "%.2f", a / p }')" \
        "$(awk -v a="${T[af${j}n]}" -v p="${T[pil$j]}" 'BEGIN { printf "%.2f", a / p }')"
done
mkdir -p "$work/q"
sed -n "1,${sample}p" "$work/all" | xargs -I{} ln -s {} "$work/q/"
"$py" bench/quality.py --size 128x128 --src "$work/q" --ceiling-quality 85 \
    aspectfit="$work/af1" pillow-simd-draft="$work/pil1" vipsthumbnail="$work/vips1"
