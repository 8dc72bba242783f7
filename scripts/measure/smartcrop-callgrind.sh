#!/usr/bin/env bash
# The cost of -g attention (and entropy) against the centre crop on the T1 workload, run the way
# bench/peers.sh runs aspectfit: one process per file,
#   aspectfit --ratio 4:3 --width 800 --quality 85 -o OUT FILE        (centre: peers.sh's own command)
#   aspectfit --ratio 4:3 --width 800 --quality 85 -g attention -o OUT FILE
# over every bench-workload/jpeg/*.jpg (24 JPEGs 4032x3024, 8 portrait). Prints per-file and total
# instruction counts (valgrind callgrind: repeatable on a busy machine) and the peak RSS of each
# strategy (/usr/bin/time -v, the largest over the files).
#   scripts/measure/smartcrop-callgrind.sh [--wall] [--t2] [--ratio 16:9] [--gravities "attention entropy"] [FILE...]
# --wall times the same per-file commands with hyperfine instead (use on a quiet machine); --t2 runs
# peers.sh's T2 job instead (--ratio square --width 256 --quality 85); --ratio R keeps T1's width and
# quality with another ratio (16:9: every file, landscape or portrait, has a window to choose).
# Needs the release build (swift build -c release) and the workload (bench/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=.build/release/aspectfit
wall=0
t2=0
gravities="attention"
ratio=4:3
while [ $# -gt 0 ]; do
    case $1 in
        --wall) wall=1; shift ;;
        --t2) t2=1; shift ;;
        --gravities) gravities=$2; shift 2 ;;
        --ratio) ratio=$2; shift 2 ;;
        *) break ;;
    esac
done
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(bench-workload/jpeg/*.jpg)
[ -x "$bin" ] || { echo "build first: swift build -c release" >&2; exit 1; }
[ -f "${files[0]}" ] || { echo "no workload: see bench/README.md (make-workload.py)" >&2; exit 1; }
tmp=$(mktemp -d /tmp/aspectfit-smartcrop-cg.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
args=(--ratio "$ratio" --width 800 --quality 85)
[ $t2 = 1 ] && args=(--ratio square --width 256 --quality 85)
gravity_args() { [ "$1" = centre ] || echo "-g $1"; }

if [ $wall = 1 ]; then
    for g in centre $gravities; do
        # shellcheck disable=SC2046
        printf '%s\n' "${files[@]}" > "$tmp/list"
        hyperfine --style basic --runs 3 --warmup 1 --command-name "$g" \
            "xargs -d '\n' -n 1 $bin ${args[*]} $(gravity_args "$g") -o $tmp/out < $tmp/list"
    done
    exit 0
fi

# valgrind cannot read Swift's DWARF: profile a copy without debug info.
strip --strip-debug -o "$tmp/aspectfit" "$bin"
count() {   # FILE GRAVITY -> instructions
    # shellcheck disable=SC2046
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$tmp/aspectfit" "${args[@]}" $(gravity_args "$2") \
        -o "$tmp/out" "$1" 2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,
}
peak() {    # FILE GRAVITY -> max RSS in KiB
    # shellcheck disable=SC2046
    /usr/bin/time -v "$bin" "${args[@]}" $(gravity_args "$2") -o "$tmp/out" "$1" 2>&1 >/dev/null \
        | sed -n 's/.*Maximum resident set size (kbytes): *//p'
}
declare -A total rss
for g in centre $gravities; do total[$g]=0; rss[$g]=0; done
printf "%-14s %-10s" file shape
for g in centre $gravities; do printf " %14s" "$g"; done
for g in $gravities; do printf " %9s" "${g:0:3}/ctr"; done
echo
for f in "${files[@]}"; do
    shape=$(identify -format "%wx%h" "$f")
    printf "%-14s %-10s" "$(basename "$f")" "$shape"
    declare -A n
    for g in centre $gravities; do
        n[$g]=$(count "$f" "$g")
        total[$g]=$((total[$g] + n[$g]))
        r=$(peak "$f" "$g")
        [ "$r" -gt "${rss[$g]}" ] && rss[$g]=$r
        printf " %14s" "${n[$g]}"
    done
    for g in $gravities; do printf " %9.3f" "$(echo "${n[$g]} / ${n[centre]}" | bc -l)"; done
    echo
done
printf "%-25s" "total (${#files[@]} files)"
for g in centre $gravities; do printf " %14s" "${total[$g]}"; done
for g in $gravities; do printf " %9.3f" "$(echo "${total[$g]} / ${total[centre]}" | bc -l)"; done
echo
printf "%-25s" "peak RSS (MiB)"
for g in centre $gravities; do printf " %14.1f" "$(echo "${rss[$g]} / 1024" | bc -l)"; done
echo
