#!/usr/bin/env python3
"""Renders docs/performance.md: the template with its {{results}} line replaced by the table of
one peers.sh run (bench/results.json: machine, versions of every tool, date, command), or, when
there are no results yet, by a line saying how to make them. Standard library only.

  python3 bench/render.py --results bench/results.json --template bench/performance.md.in --out docs/performance.md
"""
import argparse
import json
import os
import sys

NOT_YET = ("**Not yet run on a quiet machine.** Run `bash bench/run.sh` there (after "
           "`bash bench/setup.sh`; about 8 minutes on 2 cores) to fill this table.")


def fmt(value, spec="{:.2f}"):
    return "-" if value is None else spec.format(value)


def table(data):
    meta = data["meta"]
    machine = meta["machine"]
    rows = [r for r in data["results"] if r.get("status") == "ok" and r.get("median_s") is not None]
    modes = sorted({r["mode"] for r in rows})
    out = [f"Measured {meta['date']} on {machine['cpu']} ({machine['cpus']} CPUs, {machine['memory_gib']} GiB, "
           f"{machine['os']}), hyperfine --runs {meta['settings']['runs']} --warmup {meta['settings']['warmup']}, "
           f"by `{meta.get('command', 'bash bench/run.sh')}`.", ""]
    head = ["task", "tool"]
    for mode in modes:
        label = "1 job" if mode == 1 else f"{mode} jobs"
        head += [f"{label} s", "x fastest"]
    head += ["peak RSS MB", "PSNR dB"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join(["---", "---"] + ["---:"] * (len(head) - 2)) + "|")
    for task, description in data["tasks"].items():
        trows = [r for r in rows if r["task"] == task]
        if not trows:
            continue
        first_mode = min(r["mode"] for r in trows)
        tools = [r["tool"] for r in sorted(trows, key=lambda r: (r["mode"] != first_mode, r["median_s"]))]
        tools = list(dict.fromkeys(tools))
        quality = data.get("quality", {}).get(task, {}).get("tools", {})
        for i, tool in enumerate(tools):
            name = "**aspectfit**" if tool == "aspectfit" else f"`{tool}`"
            cells = [f"{task}: {trows[0]['images']} images" if i == 0 else "", name]
            rss = None
            for mode in modes:
                r = next((x for x in trows if x["tool"] == tool and x["mode"] == mode), None)
                cells += [fmt(r and r["median_s"]), fmt(r and r.get("ratio_to_fastest_peer"))]
                if r and r.get("peak_rss_mb"):
                    rss = max(rss or 0, r["peak_rss_mb"])
            q = quality.get(tool, {})
            cells += [fmt(rss, "{:.0f}"), fmt(q.get("psnr_mean_db"))]
            out.append("| " + " | ".join(cells) + " |")
    ceilings = []
    for task, q in data.get("quality", {}).items():
        ceiling = next((v for k, v in q.get("tools", {}).items() if k.startswith("(reference")), None)
        if ceiling and ceiling.get("psnr_mean_db") is not None:
            ceilings.append(f"{task} {ceiling['psnr_mean_db']:.2f} dB")
    if ceilings:
        out += ["", "The best PSNR a q85 output can reach (the reference itself encoded at q85): "
                + ", ".join(ceilings) + ". T3 is checked for size, alpha and transparent corners."]
    versions = [f"{name} {value}" for name, value in machine["versions"].items() if value]
    out += ["", "Versions: " + "; ".join(versions) + "."]
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", required=True)
    parser.add_argument("--template", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if os.path.exists(args.results):
        with open(args.results) as f:
            results = table(json.load(f))
    else:
        results = NOT_YET
    with open(args.template) as f:
        template = f.read()
    if "{{results}}" not in template:
        sys.exit(f"{args.template} has no {{{{results}}}} line")
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as f:
        f.write(template.replace("{{results}}", results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
