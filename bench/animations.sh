#!/usr/bin/env bash
# Animated thumbnails: aspectfit beside vipsthumbnail, ImageMagick and gifsicle, timed, sized and
# scored per frame, rendered as docs/animation-performance.md (run it on a quiet machine).
#
#   bash bench/animations.sh [--runs N] [--warmup N] [--aspectfit BIN] [--page FILE]
#
# Workload: bench-workload/anim from bench/make-animations.py (made on the first run).
# Tasks: A1 every animated GIF -> 256x256 animated GIF (cover, centre crop), and aspectfit's
#           attention crop of the same (its window weighed over the frames: a pass of its own);
#        A2 every animated WebP -> 256x256 animated WebP, quality 75;
#        A3 every AVIF sequence -> 256x256 AVIF sequence at aspectfit's defaults (no peer here reads one).
# Each tool runs the whole batch as one job pinned to CPU 0, its thread pools held to one thread;
# hyperfine gives the median of --runs (3) runs after --warmup (1). Bytes are the outputs' total;
# quality is bench/animation_quality.py's per-frame PSNR against Pillow's coalesced input frames
# cut and resized by Lanczos, over mid grey (not for the attention crop, cut elsewhere). Needs:
# libvips-tools, imagemagick, gifsicle, hyperfine, avifenc (libavif-bin), python3 with Pillow 11 or
# later (it reads AVIF) and numpy (bash bench/setup.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3 warmup=1
af=.build/release/aspectfit
page=docs/animation-performance.md
workload=bench-workload/anim
out=$PWD/bench-out/animations
command="bash bench/animations.sh${*:+ $*}"
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --aspectfit) af=$2; shift 2 ;;
    --page) page=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench/animations.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
for tool in vipsthumbnail convert gifsicle hyperfine taskset avifenc python3; do
  command -v "$tool" > /dev/null || { echo "bench/animations.sh: $tool is missing (bash bench/setup.sh)" >&2; exit 1; }
done
# Pillow 11 or later reads AVIF: bench/setup.sh's venv, else the system's python3
py=python3
[ -x .bench/pillow/bin/python3 ] && py=.bench/pillow/bin/python3
[ -d "$workload/avifs" ] || $py bench/make-animations.py "$workload"
[ -x "$af" ] || swift build -c release --product aspectfit > /dev/null
rm -rf "$out"
mkdir -p "$out"
export VIPS_CONCURRENCY=1 MAGICK_THREAD_LIMIT=1 OMP_NUM_THREADS=1

# gifsicle has no cover-and-crop: the centred square is cut first (--crop), then resized.
python3 -c 'import sys; from PIL import Image
for f in sys.argv[1:]:
    w, h = Image.open(f).size; s = min(w, h)
    print(f, f"{(w - s) // 2},{(h - s) // 2}+{s}x{s}")' "$workload"/gif/*.gif > "$out/gifsicle-crops"

# One line per task and tool: "task tool extension command", the command writing into $od.
gifs=$workload/gif/*.gif webps=$workload/webp/*.webp avifs=$workload/avifs/*.avifs
cat > "$out/commands" <<COMMANDS
A1 aspectfit gif $af -j1 --quiet -r square -w 256 -f gif -o \$od/ $gifs
A1 aspectfit-attention gif $af -j1 --quiet -r square -w 256 -g attention -f gif -o \$od/ $gifs
A1 vipsthumbnail gif for f in $gifs; do vipsthumbnail "\$f[n=-1]" -s 256x256 --smartcrop centre -o "\$od/%s.gif"; done
A1 imagemagick gif for f in $gifs; do convert \$f -coalesce -resize 256x256^ -background none -gravity center -extent 256x256 +repage -layers optimize \$od/\${f##*/}; done
A1 gifsicle gif while read -r f crop; do gifsicle --crop \$crop --resize 256x256 \$f -o \$od/\${f##*/}; done < $out/gifsicle-crops
A2 aspectfit webp $af -j1 --quiet -r square -w 256 -f webp --webp-quality 75 -o \$od/ $webps
A2 vipsthumbnail webp for f in $webps; do vipsthumbnail "\$f[n=-1]" -s 256x256 --smartcrop centre -o "\$od/%s.webp[Q=75]"; done
A2 imagemagick webp for f in $webps; do convert \$f -coalesce -resize 256x256^ -background none -gravity center -extent 256x256 +repage -quality 75 \$od/\${f##*/}; done
A3 aspectfit avifs $af -j1 --quiet -r square -w 256 -o \$od/ $avifs
COMMANDS

while read -r task tool ext cmd; do
  od=$out/$task-$tool
  mkdir -p "$od"
  echo "== $task $tool"
  run="od=$od; rm -f \$od/*; $cmd"
  if ! bash -c "$run" < /dev/null > "$od.log" 2>&1; then
    echo "   failed (see $od.log); left out" >&2
    continue
  fi
  hyperfine --style none --runs "$runs" --warmup "$warmup" --export-json "$od.time.json" "taskset -c 0 bash -c $(printf '%q' "$run")" < /dev/null > /dev/null
  pairs=()
  for f in "$workload/$ext"/*."$ext"; do pairs+=("$f" "$od/$(basename "$f")"); done
  if [[ $tool == *attention ]]; then : > "$od.quality.jsonl"; continue; fi
  $py bench/animation_quality.py 256 "${pairs[@]}" > "$od.quality.jsonl"
done < "$out/commands"

python3 - "$out" "$page" "$command" "$runs" <<'EOF'
import json, os, platform, subprocess, sys, datetime
out, page, command, runs = sys.argv[1:]
def version(cmd):
    try: return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except Exception: return "?"
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
tasks = {"A1": "animated GIF to 256x256 GIF", "A2": "animated WebP to 256x256 WebP, quality 75",
         "A3": "AVIF sequence to 256x256 AVIF sequence, aspectfit's defaults"}
commands = {}
for line in open(os.path.join(out, "commands")):
    task, tool, ext, cmd = line.rstrip("\n").replace(os.getcwd() + "/", "").split(" ", 3)
    commands[(task, tool)] = (ext, cmd)
rows = []
for (task, tool), (ext, cmd) in commands.items():
    od = os.path.join(out, f"{task}-{tool}")
    if not os.path.exists(od + ".time.json"):
        rows.append((task, tool, None, None, None)); continue
    seconds = json.load(open(od + ".time.json"))["results"][0]["median"]
    size = sum(os.path.getsize(os.path.join(od, f)) for f in os.listdir(od))
    scores = [json.loads(l) for l in open(od + ".quality.jsonl")]
    rows.append((task, tool, seconds, size, scores))
lines = ["# Animated thumbnails: aspectfit beside its peers", "",
         f"Generated by `{command}` on {datetime.date.today()}; {cpu}, {os.cpu_count()} CPUs, each batch one job "
         f"pinned to one CPU, median of {runs} runs (hyperfine). Workload: `bench/make-animations.py` (five "
         "animations of photographic pans and zooms, generated motion with and without transparency and a "
         "150-frame plasma; the GIF set adds the corpus' 10-frame animated GIF, the AVIF set its 5-frame sequence; the WebPs "
         "and AVIF sequences are the same animations, made by Pillow and avifenc). Quality: "
         "`bench/animation_quality.py`, per-frame PSNR against Pillow's coalesced input frames cut to the centred "
         "square and resized by Lanczos, composited over mid grey; frames matched by time.", "",
         "Versions: " + "; ".join([
             "aspectfit " + version("git describe --always --dirty"),
             version("vips --version"), version("convert -version").replace("Version: ", ""),
             version("gifsicle --version"),
             "libwebp " + version("dpkg-query -W -f '${Version}' libwebp7"),
             "giflib " + version("dpkg-query -W -f '${Version}' libgif7"),
             "libavif " + version("dpkg-query -W -f '${Version}' libavif15")]) + ".", ""]
for task, title in tasks.items():
    def whole(scores):
        return all("error" not in s and s["frames_in"] == s["frames_out"] for s in scores)
    timed = [r for r in rows if r[0] == task and r[2] is not None]
    # a peer's time is a reference only when it wrote every animation whole (every frame, the size asked)
    peers = [r[2] for r in timed if not r[1].startswith("aspectfit") and whole(r[4])]
    centre = next((r[2] for r in timed if r[1] == "aspectfit"), None)
    fastest = min(peers) if peers else None
    lines += [f"## {task}: {title}", "",
              "| Tool | Time (s) | vs fastest peer | Bytes | PSNR mean (dB) | worst frame (dB) | frames, duration as the input |",
              "|---|---:|---:|---:|---:|---:|---|"]
    for t, tool, seconds, size, scores in rows:
        if t != task: continue
        if seconds is None:
            lines.append(f"| {tool} | failed | | | | | |"); continue
        if not scores:   # the attention crop: timed against the centre crop, its quality not scored
            lines.append(f"| {tool} | {seconds:.2f} | {seconds / centre:.2f}x aspectfit's centre crop | {size:,} | | | |")
            continue
        ok = [s for s in scores if "error" not in s]
        mean = sum(s["psnr_mean"] for s in ok) / len(ok) if ok else float("nan")
        worst = min(s["psnr_min"] for s in ok) if ok else float("nan")
        same = sum(1 for s in ok if s["frames_in"] == s["frames_out"] and abs(s["duration_in"] - s["duration_out"]) <= 10 * s["frames_in"])
        kept = f"{same} of {len(scores)} files" + ("" if len(ok) == len(scores) else f" ({len(scores) - len(ok)} wrong size)")
        ratio = (f"{seconds / fastest:.2f}x" if fastest and (tool == "aspectfit" or whole(scores))
                 else "no peer reads it" if not fastest else "not comparable")
        lines.append(f"| {tool} | {seconds:.2f} | {ratio} | {size:,} | {mean:.2f} | {worst:.2f} | {kept} |")
    lines.append("")
lines += ["\"vs fastest peer\" is the time over that of the fastest peer that wrote every animation whole (every frame "
          "at the size asked); a tool that did not is not compared. libvips 8.14's thumbnail writes one frame when it "
          "has to crop an animation (its crop works on the whole strip of pages). Neither libvips 8.14 nor ImageMagick 6.9 "
          "reads an AVIF sequence (\"unable to thumbnail\", \"no decode delegate\"). The attention crop reads the "
          "animation twice: once to weigh its window over up to 16 frames, once to fit every frame.", ""]
lines += ["## Commands", "", "`$od` is the tool's output folder.", ""]
for (task, tool), (ext, cmd) in commands.items():
    lines.append(f"- {task} {tool}: `{cmd}`")
open(page, "w").write("\n".join(lines) + "\n")
print(f"bench/animations.sh: wrote {page}")
EOF
