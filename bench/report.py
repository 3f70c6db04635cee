#!/usr/bin/env python3
"""Turns the rows bench/run.sh collected into the Markdown table of bench/results.md."""
import argparse
import datetime
import os

SECTIONS = {
    "index": "1. Indexing",
    "search": "2. Search (whole process, library-wide)",
    "thumbnails": "3. Thumbnails (whole process)",
    "reader": "4. Reader commands (whole process)",
    "scale": "5. Search at scale (synthetic pages, whole process)",
    "memory": "6. Memory",
    "view": "7. Reader on a terminal (ibook view over a pty, kitty)",
    "pgsearch": "8. Search on a shared library (PostgreSQL beside SQLite, synthetic pages, whole process)",
    "shelf": "9. The shelf on a terminal (ibook shelf over a pty, kitty)",
    "formats": "10. Books that are not PDFs (IDPF's EPUB 3 samples, whole process)",
    "manuals": "11. Real manuals (Debian's -doc packages, whole process)",
    "serve": "12. Serving (ibook serve on loopback, SampleBooks and the real-world corpus)",
}


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def section_key(line):
    """The SECTIONS key of a table line."""
    name = line.split("|")[1].strip() if line.startswith("|") else ""
    return next((key for key, value in SECTIONS.items() if value == name), None)


def previous_results(path, run):
    """Table lines (by section name) and notes of an earlier results.md, for the sections not run now."""
    numbers = {key: value.split(".")[0] for key, value in SECTIONS.items()}
    rows, notes = {}, []
    try:
        text = open(path, encoding="utf-8").read().splitlines()
    except OSError:
        return rows, notes
    in_notes = False
    for line in text:
        if line.startswith("| ") and not line.startswith("| section") and not line.startswith("| ---"):
            key = section_key(line)
            if key and numbers[key] not in run:
                rows.setdefault(SECTIONS[key], []).append(line)
        elif line == "Notes:":
            in_notes = True
        elif in_notes and line.startswith("- "):
            note = line[2:]
            tag = note[1:note.index("]")] if note.startswith("[") and "]" in note else None
            # Notes of runs before the tags: the scale ones begin "Scale".
            number = tag if tag is not None else ("5" if note.startswith("Scale") else "0")
            if number not in run:
                notes.append(note)
        elif in_notes and line.strip() and not line.startswith("- "):
            in_notes = False
    return rows, notes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rows")
    parser.add_argument("--mode", default="full")
    parser.add_argument("--cores", default="?")
    parser.add_argument("--cpu", default="")
    parser.add_argument("--versions", default="")
    parser.add_argument("--watermark", default="")
    parser.add_argument("--only", default="", help="the sections run (e.g. 3,5); the rest come from --previous")
    parser.add_argument("--previous", help="the results.md of an earlier run")
    args = parser.parse_args()

    rows, notes = [], []
    with open(args.rows, encoding="utf-8") as source:
        for line in source:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "note":
                notes.append(f"[{fields[1]}] {fields[2]}")
            else:
                rows.append(fields)
    run = {part.strip() for part in args.only.split(",") if part.strip()}
    kept_rows, kept_notes = previous_results(args.previous, run) if run and args.previous else ({}, [])

    out = [f"# ibook benchmark ({args.mode} run)", "",
           f"{datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, {args.cores} cores{', ' + args.cpu if args.cpu else ''}.", ""]
    out += ["Tools: " + line for line in args.versions.splitlines() if line.strip()]
    out += ["", "Ratio = ours / theirs (below 1 is faster or smaller). Produced by `make bench`"
            + (" QUICK=1" if args.mode == "quick" else "") + " (bench/run.sh).", ""]
    out += ["| section | measure | ibook | compared with | theirs | ratio | target | met |",
            "| --- | --- | ---: | --- | ---: | ---: | --- | --- |"]
    misses = 0
    section_order = list(SECTIONS)
    for key in section_order:
        name = SECTIONS[key]
        if key in {section for section, *_ in rows}:
            continue
        for line in kept_rows.get(name, []):
            out.append(line)
            misses += "**no**" in line
    rows.sort(key=lambda fields: section_order.index(fields[0]) if fields[0] in section_order else len(section_order))
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
    # Kept rows were placed first; put every row back in section order.
    header = out.index("| --- | --- | ---: | --- | ---: | ---: | --- | --- |") + 1
    table = out[header:]
    table.sort(key=lambda line: section_order.index(section_key(line)) if section_key(line) in section_order else 99)
    out[header:] = table
    out += ["", f"Targets missed: {misses}." + (f" {'Section' if len(run) == 1 else 'Sections'} {', '.join(sorted(run))} {'was' if len(run) == 1 else 'were'} run now ({args.mode}); the other rows and notes are from the previous run." if run else ""), ""]
    notes = kept_notes + notes
    if notes:
        out += ["Notes:", ""] + [f"- {note}" for note in notes] + [""]
    # The design measurements behind section 5, kept beside the script.
    alternatives = os.path.join(os.path.dirname(os.path.abspath(__file__)), "alternatives.md")
    if os.path.exists(alternatives):
        out += [open(alternatives, encoding="utf-8").read().rstrip(), ""]
    if args.watermark.strip():
        out += ["Watermark (bench/watermark.sh):", "", "```"] + args.watermark.strip().splitlines() + ["```", ""]
    print("\n".join(out))


if __name__ == "__main__":
    main()
