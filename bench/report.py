#!/usr/bin/env python3
"""Turns the rows bench/run.sh collected into the Markdown table of bench/results.md."""
import argparse
import datetime

SECTIONS = {
    "index": "1. Indexing",
    "search": "2. Search (whole process, library-wide)",
    "thumbnails": "3. Cover thumbnails",
    "reader": "4. Reader commands (whole process)",
    "scale": "5. Search at scale (synthetic pages, whole process)",
    "memory": "6. Memory",
    "view": "7. Reader on a terminal (ibook view over a pty, kitty)",
}


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rows")
    parser.add_argument("--mode", default="full")
    parser.add_argument("--cores", default="?")
    parser.add_argument("--cpu", default="")
    parser.add_argument("--versions", default="")
    parser.add_argument("--watermark", default="")
    args = parser.parse_args()

    rows, notes = [], []
    with open(args.rows, encoding="utf-8") as source:
        for line in source:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "note":
                notes.append(fields[1])
            else:
                rows.append(fields)

    out = [f"# ibook benchmark ({args.mode} run)", "",
           f"{datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, {args.cores} cores{', ' + args.cpu if args.cpu else ''}.", ""]
    out += ["Tools: " + line for line in args.versions.splitlines() if line.strip()]
    out += ["", "Ratio = ours / theirs (below 1 is faster or smaller). Produced by `make bench`"
            + (" QUICK=1" if args.mode == "quick" else "") + " (bench/run.sh).", ""]
    out += ["| section | measure | ibook | compared with | theirs | ratio | target | met |",
            "| --- | --- | ---: | --- | ---: | ---: | --- | --- |"]
    misses = 0
    for section, what, ours, theirs_name, theirs, target, unit in rows:
        value, other = number(ours), number(theirs)
        if target == "=":
            ratio = "" if value is None or not other else f"{value / other:.2f}"
            goal = f"< {theirs} {unit}"
            met = value is not None and other is not None and value < other
            out.append(f"| {SECTIONS.get(section, section)} | {what} | {ours} | limit | {theirs} | {ratio} | {goal} | {'yes' if met else '**no**'} |")
        else:
            ratio_value = value / other if value is not None and other else None
            ratio = "" if ratio_value is None else (f"{ratio_value:.4f}" if ratio_value < 0.01 else f"{ratio_value:.2f}")
            if target == "-":
                goal, met_text = "", ""
            else:
                limit = float(target)
                goal = f"≤ {limit:g}×" + (f" ({1 / limit:.0f}× faster)" if limit < 0.1 else "")
                met = ratio_value is not None and ratio_value <= limit
                met_text = "yes" if met else "**no**"
            out.append(f"| {SECTIONS.get(section, section)} | {what} | {ours} | {theirs_name} | {theirs} | {ratio} | {goal} | {met_text} |")
            if target == "-":
                continue
        if "**no**" in out[-1]:
            misses += 1
    out += ["", f"Targets missed: {misses}.", ""]
    if notes:
        out += ["Notes:", ""] + [f"- {note}" for note in notes] + [""]
    if args.watermark.strip():
        out += ["Watermark (bench/watermark.sh):", "", "```"] + args.watermark.strip().splitlines() + ["```", ""]
    print("\n".join(out))


if __name__ == "__main__":
    main()
