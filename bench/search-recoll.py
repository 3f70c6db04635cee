#!/usr/bin/env python3
"""Compares the books `ibook search --all` finds with the books recollq finds.

  search-recoll.py --ibook IBOOK --library DIR --recoll-conf DIR [--runs N] [--out FILE]

For every query of QUERIES (single words, phrases, a CJK term, ß/ss words),
the set of books recollq finds (its documents, mapped to the library's books
by file path) must be a subset of the books ibook finds. Prints one table row
per query (books recoll finds, books ibook finds, books recoll finds that ibook
misses, which ones) and the timing of a few queries, both as whole processes
(median of --runs). Writes the same as Markdown to --out. Exits 1 when any
book is missed: a book recoll finds whose text (pdftotext) holds the query,
unless EXPLAINED says why recoll's hit is not a miss.
"""
import argparse
import json
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time
import urllib.parse

# (query, kind). Phrases are passed to recollq quoted, as a phrase.
QUERIES = [
    ("copyright", "word, hyphenated at line ends"),
    ("libreoffice", "word with the ﬀ ligature"),
    ("postoffice", "word with the ﬀ ligature"),
    ("configuration", "word, stemmed"),
    ("configure", "word, stemmed"),
    ("configured", "word, stemmed"),
    ("Debian", "word"),
    ("installation", "word"),
    ("license", "word"),
    ("efficient", "word with the ﬃ ligature"),
    ("file", "word with the ﬁ ligature"),
    ("flag", "word with the ﬂ ligature"),
    ("café", "accented word"),
    ("cafe", "accented word typed without the accent"),
    ("naive", "word with a diaeresis typed without"),
    ("don't", "apostrophe, straight and curly"),
    ("email", "word"),
    ("e-mail", "hyphenated word"),
    ("well-known", "hyphenated word"),
    ("suspend", "word hyphenated at a line end"),
    ("environment", "word"),
    ("argument", "word, stemmed"),
    ("representations", "word whose stem is a word (represent)"),
    ("World", "word"),
    ("2500", "number"),
    ("trees", "word, stemmed"),
    ("compression", "word"),
    ("password", "word"),
    ("printer", "word"),
    ("unicode", "word"),
    ("regression", "word, stemmed"),
    ("lighthouse", "word"),
    ("Topologie", "German word"),
    ("heißt", "ß word"),
    ("heisst", "ß word typed with ss"),
    ("Außenwinkel", "ß word"),
    ("Gauss", "ß word typed with ss"),
    ("皇居", "CJK term"),
    ("free software", "phrase"),
    ("copyright notice", "phrase"),
    ("regular expression", "phrase"),
    ("command line", "phrase"),
    ("lighthouse keepers", "phrase"),
    ("Edu manual", "phrase"),
    ("Debian Edu", "phrase"),
    ("source code", "phrase"),
]

# Queries timed as whole processes, ibook against recollq.
TIMED = ["copyright", "configuration", "Debian", "free software", "皇居"]

# Books recoll finds that ibook does not, and why: (query, file name) -> reason.
# A reason starting with "recoll:" is a recoll hit that is not a miss; one
# starting with "ibook:" is a miss of ours, counted as one. A book whose file's
# text (pdftotext) does not hold the query at all is explained automatically:
# recoll matched its metadata (title, subject, creator) or its file name.
EXPLAINED = {
    ("trees", "GeoTopo-komprimiert.pdf"):
        "recoll: it stems every document in English; this book is German (ibook stems it as German), "
        "where the English word tree appears once",
    ("World", "simple1.pdf"):
        "ibook: poppler-glib's page text runs “Hello” and “World” together (“HelloWorld”), "
        "pdftotext separates the two text blocks",
    ("2500", "long-history.pdf"):
        "ibook: poppler-glib's page text glues a table's columns (“Water and Wind2500 BCE”), "
        "pdftotext separates them",
}


def run(command):
    return subprocess.run(command, capture_output=True, text=True)


def recoll_command(conf, query):
    text = f'"{query}"' if " " in query else query
    return ["recollq", "-c", conf, "-b", "-n", "0-100000", text]


def recoll_snippets_command(conf, query):
    """recollq printing what ibook prints: every document's matches in
    context, each with its page number (-A -p), not only its URL."""
    command = [part for part in recoll_command(conf, query) if part != "-b"]  # -b would print the URLs alone
    return command[:-1] + ["-A", "-p", "100000", command[-1]]


def recoll_books(conf, query):
    paths = set()
    for line in run(recoll_command(conf, query)).stdout.splitlines():
        if line.startswith("file://"):
            paths.add(os.path.realpath(urllib.parse.unquote(line[len("file://"):])))
    return paths


def ibook_command(ibook, library, query):
    return [ibook, "--library", library, "search", "--all", "--json", query]


def ibook_books(ibook, library, query, paths_by_id):
    found = set()
    for line in run(ibook_command(ibook, library, query)).stdout.splitlines():
        found.add(paths_by_id[json.loads(line)["bookID"]])
    return found


def in_text(path, query):
    """Whether the file's text, as pdftotext gives it, holds the query's
    words (case-insensitive, across any spacing), or a word of the query's stem family."""
    text = run(["pdftotext", "-q", path, "-"]).stdout
    words = [re.escape(word) for word in query.split()]
    stem = words[-1][:max(3, len(words[-1]) - 4)] if len(words) == 1 else words[-1]
    pattern = r"(?<!\w)" + r"\s+".join(words[:-1] + [stem]) + r"\w*"
    return re.search(pattern, text, re.IGNORECASE) is not None


# The quick commands (tens of ms) run this many times more than --runs, in turn.
TURNS = 6


def median_ms(*commands, runs):
    """Median wall time and median CPU time (user + system) in ms of each
    command, the commands run in turn: on a shared machine the load drifts
    over minutes (the same binary's times an hour apart differ by a third),
    and taking turns gives each command the same share of it. The CPU time
    is the steadier of the two."""
    samples = [([], []) for _ in commands]
    for _ in range(runs):
        for (times, cpu), command in zip(samples, commands):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append((time.perf_counter() - started) * 1000)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return [(statistics.median(times), statistics.median(cpu)) for times, cpu in samples]


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--ibook", required=True)
    options.add_argument("--library", required=True)
    options.add_argument("--recoll-conf", required=True)
    options.add_argument("--runs", type=int, default=5, help="timing runs per query; 0 leaves timing out")
    options.add_argument("--out")
    args = options.parse_args()

    books = json.loads(run([args.ibook, "--library", args.library, "list", "--json"]).stdout)
    paths_by_id = {book["id"]: os.path.realpath(book["path"]) for book in books}
    library_paths = set(paths_by_id.values())

    lines = [f"Library: {len(books)} books. recollq finds documents (whole files); ibook's hits are pages, "
             "counted here by book.", "",
             "| query | kind | recoll books | ibook books | missed | missed books, or why recoll's hit is not a miss |",
             "| --- | --- | ---: | ---: | ---: | --- |"]
    misses = 0
    for query, kind in QUERIES:
        theirs = recoll_books(args.recoll_conf, query) & library_paths
        ours = ibook_books(args.ibook, args.library, query, paths_by_id)
        missed = sorted(theirs - ours)
        notes = []
        for path in missed:
            name = os.path.basename(path)
            reason = EXPLAINED.get((query, name))
            if reason is None and not in_text(path, query):
                reason = "recoll: not in the file's text (pdftotext); recoll matched its metadata or file name"
            if reason and reason.startswith("recoll:"):
                notes.append(f"{name}: {reason[len('recoll: '):]}")
            elif reason:
                notes.append(f"**{name}** (miss): {reason[len('ibook: '):]}")
                misses += 1
            else:
                notes.append(f"**{name}** (miss, not explained)")
                misses += 1
        lines.append(f"| {query} | {kind} | {len(theirs)} | {len(ours)} | {len(missed)} | {'; '.join(notes)} |")

    if args.runs > 0:
        lines += ["", "| query (whole process, ibook and recollq -b in turn, median of %d; -A -p of %d; wall / CPU) "
                  "| ibook search --all, ms | recollq -b, ms | ratio (wall / CPU) | recollq -A -p, ms | ratio (wall / CPU) |"
                  % (args.runs * TURNS, args.runs),
                  "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for query in TIMED if args.runs > 0 else []:
        ours, theirs = median_ms([args.ibook, "--library", args.library, "search", "--all", query],
                                 recoll_command(args.recoll_conf, query), runs=args.runs * TURNS)
        snippets, = median_ms(recoll_snippets_command(args.recoll_conf, query), runs=args.runs)
        def pair(times):
            return f"{times[0]:.1f} / {times[1]:.1f}"
        def ratio(a, b):
            return f"{a[0] / b[0]:.2f} / {a[1] / max(b[1], 0.1):.2f}"
        lines.append(f"| {query} | {pair(ours)} | {pair(theirs)} | {ratio(ours, theirs)} | {pair(snippets)} "
                     f"| {ratio(ours, snippets)} |")
    if args.runs > 0:
        lines += ["", "What each prints: `ibook search --all` every hit, with its book, page and a line of context; "
                  "`recollq -b` one URL per document; `recollq -A -p 100000` each document's title, URL and its "
                  "snippets with page numbers (recoll's own like-for-like output)."]
    lines.append("")
    lines.append(f"Books recoll finds in their text that ibook misses: {misses}.")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        with open(args.out, "w") as out:
            out.write(text)
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
